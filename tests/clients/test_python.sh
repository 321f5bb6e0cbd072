#!/bin/bash
# Python's sqlite3 and pandas with the helper python/gpuadv_sqlite.py: where path()
# finds the extension (repository build, GPUADV_PATH with or without its
# suffix, next to the module), load() leaving extension loading disabled,
# pd.read_sql of the plan views, and `python3 python/gpuadv_sqlite.py`.
. "$(dirname "$0")/lib.sh"
need "python" "$PYTHON" python3
need_lib "python"
"$PYTHON" -c 'import sqlite3; sqlite3.connect(":memory:").enable_load_extension' 2>/dev/null ||
  { echo "FAIL python: $PYTHON has no enable_load_extension (use Debian's /usr/bin/python3)"; exit 1; }
"$PYTHON" -c 'import pandas' 2>/dev/null ||
  skip_or_fail "python: pandas" "pandas not installed (apt-get install python3-pandas)"

make_plans_db "$tmp/plans.db"
mkdir -p "$tmp/elsewhere/lib" "$tmp/elsewhere/repo/python"
cp gpuadv.so python/gpuadv_sqlite.py "$tmp/elsewhere/lib/"
cp gpuadv.so "$tmp/elsewhere/repo/"
cp python/gpuadv_sqlite.py "$tmp/elsewhere/repo/python/"

out=$(cd "$tmp" && env -u GPUADV_PATH PYTHONPATH="$ROOT/python" ROOT="$ROOT" DB="$tmp/plans.db" \
      ELSEWHERE="$tmp/elsewhere" "$PYTHON" - 2>&1 <<'PY'
import os, sqlite3, subprocess, sys
import pandas as pd
import gpuadv_sqlite as gpuadv

root = os.environ["ROOT"]
def ok(name, cond, detail=""):
    print(("ok " if cond else "FAIL ") + name + ("" if cond or not detail else ": " + str(detail)))

ok("python: path() finds the repository build", gpuadv.path() == os.path.join(root, "gpuadv.so"), gpuadv.path())

os.environ["GPUADV_PATH"] = os.path.join(root, "gpuadv")
ok("python: GPUADV_PATH without suffix", gpuadv.path() == os.path.join(root, "gpuadv.so"), gpuadv.path())
os.environ["GPUADV_PATH"] = "/nonexistent/gpuadv.so"
try:
    gpuadv.path(); ok("python: a bad GPUADV_PATH is an error", False)
except FileNotFoundError as e:
    ok("python: a bad GPUADV_PATH is an error", "/nonexistent/gpuadv.so (GPUADV_PATH)" in str(e), e)
del os.environ["GPUADV_PATH"]

con = sqlite3.connect(":memory:")
ok("python: load() returns the connection", gpuadv.load(con) is con)
v = con.execute("SELECT mem_bw_gbs FROM gpus WHERE name = 'h100-sxm'").fetchone()[0]
ok("python: catalog figure h100-sxm mem_bw_gbs = 3350", v == 3350.0, v)
try:
    con.execute("SELECT load_extension('./gpuadv')")
    ok("python: extension loading disabled again after load()", False)
except sqlite3.OperationalError as e:
    ok("python: extension loading disabled again after load()", "not authorized" in str(e), e)

con = gpuadv.connect(schema=True)
con.execute("INSERT INTO workloads(name, kind, model, requests_per_min, prompt_tokens, output_tokens, user_tps) "
            "VALUES ('70b', 'serve', 'llama-3.1-70b', 60, 1000, 300, 40)")
df = pd.read_sql("SELECT rank, offer, gpus_per_replica, replicas, tps_per_user, usd_per_hour "
                 "FROM serving_plans WHERE workload = ? AND rank <= 3 ORDER BY rank", con, params=("70b",))
got = [(r.rank, r.offer, r.gpus_per_replica, r.replicas, r.tps_per_user, round(r.usd_per_hour, 2))
       for r in df.itertuples()]
want = [(1, "runpod/8x_A100-80GB-SXM_SECURE", 8, 1, 59.7, 12.72), (2, "runpod/8x_A100-80GB_SECURE", 8, 1, 57.7, 12.72),
        (3, "runpod/4x_H100-NVL_SECURE", 4, 1, 58.0, 12.76)]
ok("python: pd.read_sql(serving_plans) = README recipe", got == want, got)
ok("python: numeric columns arrive as numbers", str(df["usd_per_hour"].dtype) == "float64"
   and str(df["rank"].dtype) == "int64", df.dtypes.to_dict())

gpuadv.executescript(con)   # reading sql/gpuadv.sql again keeps every row
n = con.execute("SELECT count(*) FROM workloads").fetchone()[0]
ok("python: executescript() again keeps the workloads", n == 1, n)

db = sqlite3.connect(os.environ["DB"])
gpuadv.load(db)
bp = pd.read_sql("SELECT workload, works, n_gpus FROM best_plans ORDER BY workload", db)
ok("python: pd.read_sql(best_plans) of a database file",
   bp["workload"].tolist() == ["70b", "ft-70b"] and bp["works"].tolist() == [1, 1], bp.to_dict("list"))
shell = subprocess.run([os.environ.get("SQLITE3", "sqlite3"), "-cmd", ".load " + os.path.join(root, "gpuadv"), os.environ["DB"],
                        "SELECT workload, offer, n_gpus FROM best_plans ORDER BY workload"],
                       capture_output=True, text=True).stdout.splitlines()
py = ["|".join(str(x) for x in r) for r in
      db.execute("SELECT workload, offer, n_gpus FROM best_plans ORDER BY workload")]
ok("python: same best_plans as the sqlite3 shell", py == shell and len(py) == 2, (py, shell))

# Away from the repository: next to the module (the installed layout), and
# in the folder above the module's (the tarball's layout).
for layout, pp, so in (("next to the module", "lib", "lib/gpuadv.so"),
                       ("in the folder above the module's", "repo/python", "repo/gpuadv.so")):
    r = subprocess.run([sys.executable, "-c", "import gpuadv_sqlite as g; print(g.path()); "
                        "print(g.connect().execute(\"SELECT memory_gb FROM gpus WHERE name='h100-sxm'\").fetchone()[0])"],
                       cwd="/", env=dict(os.environ, PYTHONPATH=os.path.join(os.environ["ELSEWHERE"], pp)),
                       capture_output=True, text=True)
    ok("python: path() finds the extension " + layout,
       r.stdout.split() == [os.path.join(os.environ["ELSEWHERE"], so), "80.0"], r.stdout + r.stderr)

# In the repository root, where gpuadv.so would shadow a module named gpuadv.
r = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(1, 'python'); "
                    "import gpuadv_sqlite as g; print(g.connect().execute('SELECT gpuadv_version()').fetchone()[0])"],
                   cwd=root, capture_output=True, text=True)
ok("python: importable from the repository root", r.returncode == 0 and r.stdout.strip() != "", r.stdout + r.stderr)
PY
)
echo "$out" | grep -E '^(ok|FAIL) '
echo "$out" | grep -q '^FAIL ' && status=1
n=$(echo "$out" | grep -cE '^(ok|FAIL) ')
[ "$n" -eq 14 ]; check "python: all 14 checks ran" $? "$n ran: $(echo "$out" | grep -vE '^(ok|FAIL) ' | tail -5)"

got=$("$PYTHON" python/gpuadv_sqlite.py 2>&1)
expect "python: python3 python/gpuadv_sqlite.py prints the path" "$(echo "$got" | head -1)" "$ROOT/gpuadv.so"
contains "python: python3 python/gpuadv_sqlite.py prints the version" "$got" "('$(cat VERSION)', "
exit $status
