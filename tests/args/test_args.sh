#!/usr/bin/env bash
# Results of the argument layer (ext/gpuadv_args.h) that SQL text cannot
# show: the sign of a zero (SQLite prints -0.0 as 0.0; a client reading the
# double sees -0.0), and true zeros (an argument is 0, also as text) that
# must stay values while a zero from non-zero arguments is an error. Exact
# error texts are in tests/errors/result_errors.sql. Prints `ok NAME` or
# `FAIL NAME`.
#
#   bash tests/args/test_args.sh        # from anywhere; uses ./gpuadv
set -u
. "$(dirname "$0")/../lib.sh"

out=$(/usr/bin/python3 - "$EXT" <<'PYEOF' 2>&1
import math, sqlite3, sys
con = sqlite3.connect(":memory:")
con.enable_load_extension(True)
con.load_extension(sys.argv[1])
# Each call's true result is 0 and one input is -0.0: the result must be
# +0.0 (its sign bit clear), whatever sign the arithmetic gave.
calls = [
    ("egress_usd", "SELECT egress_usd(?, 1, 1)"),
    ("cost_per_mtok", "SELECT cost_per_mtok(?, 5)"),
    ("owned_usd_per_hour", "SELECT owned_usd_per_hour(?, 1)"),
    ("train_gpu_hours", "SELECT train_gpu_hours(7, ?, 989)"),
    ("break_even_hours", "SELECT break_even_hours(?, 2)"),
    ("kv_cache_gb", "SELECT kv_cache_gb(32, 8, 128, ?)"),
]
for name, sql in calls:
    v = con.execute(sql, (-0.0,)).fetchone()[0]
    ok = isinstance(v, float) and v == 0.0 and math.copysign(1.0, v) == 1.0
    print("%s negative_zero_in_positive_zero_out_%s%s" % (
        "ok" if ok else "FAIL", name, "" if ok else " # got %r" % (v,)))
# True zeros: an argument is 0, as a number or as numeric text, next to an
# expression that underflows in SQLite itself.
try:
    row = con.execute("SELECT 1e-300 * 1e-300, egress_usd(0, 1, 1), "
                      "cost_per_mtok(' 0 ', 5), train_gpu_hours(7, '-0.0', 989)").fetchone()
    ok = row == (0.0, 0.0, 0.0, 0.0)
except sqlite3.Error as e:
    ok, row = False, str(e)
print("%s true_zero_results_are_values%s" % (
    "ok" if ok else "FAIL", "" if ok else " # got %r" % (row,)))
# A zero argument that only adds a term (kv_gb) does not make a zero from
# an overflowed intermediate a true zero: the floating-point flags tell.
lost = "result is 0 from non-zero inputs"
for name, sql in [("decode_tps_kv_0", "SELECT decode_tps(3350, 140, 1e299, 0.8, 0, 989, 70)"),
                  ("owned_usd_per_hour_capex_0", "SELECT owned_usd_per_hour(0, 1, 1e-300, 1e-300)")]:
    try:
        got = con.execute(sql).fetchone()[0]
    except sqlite3.Error as e:
        got = str(e)
    ok = isinstance(got, str) and lost in got
    print("%s lost_zero_with_an_additive_zero_%s%s" % (
        "ok" if ok else "FAIL", name, "" if ok else " # got %r" % (got,)))
PYEOF
)
printf '%s\n' "$out"
case "$out" in *FAIL*) fails=1 ;; esac
[ -n "$out" ] || fails=1
[ "$fails" -eq 0 ]
