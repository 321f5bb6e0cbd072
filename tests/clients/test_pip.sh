#!/bin/bash
# The Python package (packaging/python, docs/clients.md): `make wheel`
# builds a wheel with the extension and the SQL scripts; pip installs it
# offline (--no-index) into a clean virtual environment, where `import
# gpuadv; gpuadv.load(con)` plans a workload as the sqlite3 shell does and
# `python3 -m gpuadv demo` prints the demo with make demo's rank-1 plans.
# `pip install .` from the repository (the in-tree build backend) works
# offline too. Needs python3-venv.
. "$(dirname "$0")/lib.sh"
need_lib "pip"
"$PYTHON" -c "import ensurepip, venv" 2>/dev/null ||
  skip_or_fail "pip" "$PYTHON has no venv/ensurepip (apt-get install python3-venv; bash .ci/run installs it)"

out=$(clients_make -s wheel 2>&1)
check "pip: make wheel" $? "$out"
wheel=$(echo "$out" | tail -1)
[ -f "$wheel" ] || { echo "FAIL pip: make wheel made no wheel ($out)"; exit 1; }
contains "pip: the wheel carries the extension and the schema" "$(unzip -l "$wheel" 2>/dev/null || "$PYTHON" -m zipfile -l "$wheel")" "gpuadv/gpuadv.so"

# A clean virtual environment, outside the repository (whose gpuadv.so
# `import gpuadv` would otherwise find first).
"$PYTHON" -m venv "$tmp/venv" >"$tmp/venv.log" 2>&1
check "pip: python3 -m venv" $? "$(cat "$tmp/venv.log")"
out=$("$tmp/venv/bin/pip" install --no-index --no-deps --disable-pip-version-check "$ROOT/$wheel" 2>&1)
check "pip: pip install the wheel, offline" $? "$out"

WORKLOAD="INSERT INTO workloads(name, kind, model, requests_per_min, prompt_tokens, output_tokens, user_tps)
            VALUES ('70b', 'serve', 'llama-3.1-70b', 60, 1000, 300, 40)"
want=$("$SQLITE3" -batch -cmd '.load ./gpuadv' -cmd '.read sql/gpuadv.sql' :memory: "$WORKLOAD" \
       "SELECT offer || '|' || reason FROM best_plans")
plan_py() {  # plan_py PYTHON: the best plan of the workload, with the installed package
  (cd "$tmp" && "$1" -c "
import sqlite3, sys, gpuadv
assert gpuadv.__file__.startswith(sys.prefix), gpuadv.__file__
con = sqlite3.connect(':memory:')
gpuadv.load(con)
gpuadv.executescript(con)
con.execute('''$WORKLOAD''')
print('|'.join(con.execute('SELECT offer, reason FROM best_plans').fetchone()))
")
}
expect "pip: import gpuadv; gpuadv.load(con) plans as the shell does" "$(plan_py "$tmp/venv/bin/python" 2>&1)" "$want"
expect "pip: gpuadv.connect, version" \
  "$(cd "$tmp" && "$tmp/venv/bin/python" -c "import gpuadv; print(gpuadv.connect().execute('SELECT gpuadv_version()').fetchone()[0], gpuadv.__version__)" 2>&1)" \
  "$(cat VERSION) $(cat VERSION)"
out=$(cd "$tmp" && "$tmp/venv/bin/python" -c "import gpuadv; gpuadv.load(object())" 2>&1)
contains "pip: load() of something not a connection says so" "$out" "cannot load extensions"

# python3 -m gpuadv demo: the demo's report, with the rank-1 plans that
# sql/demo.sql gives in the sqlite3 shell.
demo=$(cd "$tmp" && "$tmp/venv/bin/python" -m gpuadv demo 2>&1)
check "pip: python3 -m gpuadv demo" $? "${demo:0:2000}"
contains "pip: the demo's report" "$demo" "== The recommendation for each workload"
grep -v '^\.' sql/demo.sql > "$tmp/demo.sql"
echo "SELECT 'BEST|' || workload || '|' || offer FROM best_plans WHERE offer IS NOT NULL;" >> "$tmp/demo.sql"
best=$("$SQLITE3" -batch -cmd '.load ./gpuadv' -cmd '.read sql/gpuadv.sql' :memory: < "$tmp/demo.sql" | sed -n 's/^BEST|//p')
n=0; missing=""
while IFS='|' read -r workload offer; do
  n=$((n + 1))
  echo "$demo" | grep -F "$workload" | grep -qF "$offer" || missing="$missing $workload:$offer"
done <<< "$best"
[ "$n" -ge 5 ] && [ -z "$missing" ]
check "pip: the demo shows make demo's $n rank-1 plans" $? "missing:$missing"

# pip install . from the repository: the in-tree backend, offline.
"$PYTHON" -m venv "$tmp/venv2" >/dev/null 2>&1
out=$("$tmp/venv2/bin/pip" install --no-index --disable-pip-version-check "$ROOT" 2>&1)
check "pip: pip install . from the repository, offline" $? "$(echo "$out" | tail -20)"
expect "pip: that install plans too" "$(plan_py "$tmp/venv2/bin/python" 2>&1)" "$want"
exit $status
