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
exit $(( status | ${PIPESTATUS[0]} ))
