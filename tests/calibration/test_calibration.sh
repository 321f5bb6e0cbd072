#!/usr/bin/env bash
# The engines catalog's constants are what catalogs/calibrate.py fits on
# catalogs/measurements.csv; the Python mirror of the speed model in
# calibrate.py gives the extension's estimates on every row it fits; the
# training-memory constants in ext/gpuadv_math.h are what
# catalogs/calibrate_train.py fits.
# Prints `ok NAME` / `FAIL NAME` per check; exits 1 on any failure.
cd "$(dirname "$0")/../.."
PY=${PYTHON:-/usr/bin/python3}
out=$($PY catalogs/calibrate.py --check)
status=$?
if [ $status -eq 0 ]; then
  echo "ok engines.csv constants equal the fit"
else
  echo "FAIL engines.csv constants equal the fit"
  echo "$out" | grep '^FAIL' | sed 's/^/#   /'
fi
echo "$out" | grep -E '^(ok|FAIL) llama.cpp'
$PY - <<'PYEOF'
import sqlite3, sys
sys.path.insert(0, "catalogs")
import calibrate as C
con = sqlite3.connect(":memory:")
con.enable_load_extension(True)
con.load_extension("./gpuadv")
con.executescript(open("sql/accuracy.sql").read())
sql = dict(con.execute("SELECT id, estimate FROM estimate_accuracy "
                       "WHERE kind IN ('decode', 'prefill', 'aggregate')"))
gpus, models, engine_rows, meas = C.load("catalogs")
engines = {r["name"]: C.as_engine(r) for r in engine_rows}
bad, n = [], 0
for c in C.cases(gpus, models, meas):
    e = engines.get("vllm" if c["engine"] == "pytorch" else c["engine"])
    if e is None:
        continue
    py = C.estimate(e, c)
    n += 1
    if c["id"] not in sql or abs(py / sql[c["id"]] - 1) > 1e-9:
        bad.append("%s python %r sql %r" % (c["id"], py, sql.get(c["id"])))
print("%s python mirror equals the extension on %d rows" % ("FAIL" if bad or n < 100 else "ok", n))
for b in bad[:10]:
    print("#   " + b)
sys.exit(1 if bad or n < 100 else 0)
PYEOF
status=$((status | $?))
$PY catalogs/calibrate_train.py --check ext/gpuadv_math.h | grep -E '^(ok|FAIL) '
status=$((status | ${PIPESTATUS[0]}))
# train_peak_gb: the Python mirror of calibrate_train.py gives the
# extension's figure on every mode, recomputation, ZeRO stage and chunking.
$PY - <<'PYEOF'
import itertools, sqlite3, sys
sys.path.insert(0, "catalogs")
import calibrate_train as T
con = sqlite3.connect(":memory:")
con.enable_load_extension(True)
con.load_extension("./gpuadv")
fp32 = T.header_constants("ext/gpuadv_math.h")["GPUADV_TRAIN_CE_FP32_BYTES"]
bad, n = [], 0
for mode, rc, (n_gpus, zero), chunks, (vocab, inter) in itertools.product(
        T.MODES, ("none", "selective", "full"),
        ((1, 0), (8, 1), (8, 2), (8, 3)), (1, 8),
        ((0, 0), (32000, 11008), (128256, 14336))):
    c = dict(mode=mode, bytes3=T.MODES[mode], params_b=7.0, n=n_gpus,
             zero=zero, recompute=rc, s=4096.0, b=2.0, chunks=chunks,
             layers=32.0, hidden=4096.0, heads=32.0, vocab=vocab,
             inter=inter or 4096 * 8 / 3.0)
    py = T.estimate(c, fp32)
    sql = con.execute("SELECT train_peak_gb(7, ?, 32, 4096, 32, 4096, 2, ?, "
                      "?, ?, ?, ?, ?)", (mode, n_gpus, zero, rc, vocab,
                                         chunks, inter)).fetchone()[0]
    n += 1
    if abs(py / sql - 1) > 1e-12:
        bad.append("%s %s n%d z%d ch%d V%d: python %r sql %r"
                   % (mode, rc, n_gpus, zero, chunks, vocab, py, sql))
print("%s train_peak_gb python mirror equals the extension on %d setups"
      % ("FAIL" if bad else "ok", n))
for b in bad[:10]:
    print("#   " + b)
sys.exit(1 if bad else 0)
PYEOF
exit $(( status | $? ))
