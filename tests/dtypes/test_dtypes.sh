#!/usr/bin/env bash
# catalogs/dtypes.csv is the one list of the dtypes: the extension knows
# exactly its rows, in its order and with its bytes; the Python tools read
# it (catalogs/dtype_catalog.py); no other source file spells the list
# again; and the lists that must stay literal (the fuzzers' words) and the
# dtypes the measurement import writes are held against it. Adding a row
# to the CSV changes no test here. Prints `ok NAME` or `FAIL NAME`.
set -u
. "$(dirname "$0")/../lib.sh"

"$PY" - "$EXT" <<'PY'
import os
import re
import sqlite3
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, "catalogs")
sys.path.insert(0, "bench")
import dtype_catalog  # noqa: E402

fails = 0


def check(name, ok, detail=""):
    global fails
    print(("ok " if ok else "FAIL ") + name + ("" if ok else ": " + detail))
    fails += 0 if ok else 1


rows = dtype_catalog.load()
names = [r["name"] for r in rows]

# The extension: every row by name with its bytes, and the error that lists
# them all in the CSV's order.
con = sqlite3.connect(":memory:")
con.enable_load_extension(True)
con.load_extension(sys.argv[1])
for r in rows:
    got = con.execute("SELECT bytes_per_param(?)", (r["name"],)).fetchone()[0]
    check("extension: bytes_per_param('%s') = %r" % (r["name"],
          r["bytes_per_param"]), got == r["bytes_per_param"], repr(got))
    got = con.execute("SELECT bytes_per_param(upper(?))",
                      (r["name"],)).fetchone()[0]
    check("extension: %s in upper case" % r["name"],
          got == r["bytes_per_param"], repr(got))
try:
    con.execute("SELECT bytes_per_param('no-such-dtype')")
    check("extension: an unknown dtype is an error", False, "no error")
except sqlite3.Error as e:
    want = "dtype must be one of %s; got" % ", ".join(names)
    check("extension: the error lists the CSV's dtypes in order",
          want in str(e), str(e))

# The Python tools take the CSV's rows.
import pyfuncs  # noqa: E402
check("bench/pyfuncs.py: the CSV's dtypes", list(pyfuncs.DTYPES) == names,
      repr(list(pyfuncs.DTYPES)))
sys.path.insert(0, "catalogs")
import calibrate  # noqa: E402
# calibrate.py reads dtypes through the C library: the CSV's, in its order
core = calibrate.core()
check("catalogs/calibrate.py: the library's dtypes are the CSV's, in order",
      [core.dtype(n) for n in names] == list(range(len(names))),
      repr([core.dtype(n) for n in names]))
import import_measurements as im  # noqa: E402
written = {m[2] for m in im.DTYPE_MAP} | {o[4] for o in im.DTYPE_OVERRIDES} | \
    {d[0] for d in im.MODEL_DEFAULT_DTYPES.values()} | \
    {v for v in im.TRAIN_DTYPES.values() if v}
# 'model-default' stands for the model's released dtype
# (MODEL_DEFAULT_DTYPES), '' for none
unknown = sorted(written - set(names) - {"", "model-default"})
check("catalogs/import_measurements.py: writes only the CSV's dtypes",
      not unknown, repr(unknown))

# No copy of the list: a source file that quotes most of the dtypes is a
# list of them, which goes stale when a row is added. The files below
# spell them for their own reasons (one check or one mapping each); the
# fuzzers' word list must hold every one.
USES = {"catalogs/import_measurements.py", "tests/test_math.c",
        "tests/fuzz/make_seeds.py"}
COMPLETE = {"tests/fuzz/fuzz_common.h"}
copies = []
files = subprocess.run(["git", "ls-files"], capture_output=True, text=True,
                       check=True).stdout.split()
for f in files:
    if not re.search(r"\.(py|c|h|js|mjs|ts|sh|sql|mk)$|(^|/)Makefile$", f) \
            or f in USES or not os.path.isfile(f):
        continue
    with open(f, encoding="utf-8", errors="replace") as fh:
        text = fh.read()
    quoted = [n for n in names
              if re.search(r"""(['"])%s\1""" % re.escape(n), text)]
    if f in COMPLETE:
        missing = [n for n in names if n not in quoted]
        check("%s: holds every dtype" % f, not missing, repr(missing))
    elif len(quoted) * 10 >= len(names) * 7:
        copies.append("%s quotes %d of %d" % (f, len(quoted), len(names)))
check("no source file copies the dtype list (read catalogs/dtypes.csv "
      "through catalogs/dtype_catalog.py)", not copies, "; ".join(copies))
sys.exit(1 if fails else 0)
PY
[ $? -eq 0 ]
