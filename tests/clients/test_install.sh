#!/bin/bash
# make install PREFIX=... (and DESTDIR, uninstall) and make dist: the
# extension, SQL scripts, Python helper and docs land where documented and
# work from there, away from the repository.
. "$(dirname "$0")/lib.sh"
need "install" "$SQLITE3" sqlite3
need_lib "install"
version=$(cat VERSION)
recipe="INSERT INTO workloads(name, kind, model, requests_per_min, prompt_tokens, output_tokens, user_tps) VALUES ('70b', 'serve', 'llama-3.1-70b', 60, 1000, 300, 40); SELECT rank, offer, printf('%.2f', usd_per_hour) FROM serving_plans WHERE workload = '70b' AND rank <= 3;"
recipe_out="1|runpod/8x_A100-80GB-SXM_SECURE|12.72
2|runpod/8x_A100-80GB_SECURE|12.72
3|runpod/4x_H100-NVL_SECURE|12.76"

# ---------------------------------------------------------------- install
prefix="$tmp/prefix with space"
log=$(clients_make install PREFIX="$prefix" 2>&1)
check "install: make install PREFIX=..." $? "$log"
for f in lib/gpuadv/gpuadv.so lib/gpuadv/gpuadv_sqlite.py share/gpuadv/sql/gpuadv.sql \
         share/gpuadv/sql/accuracy.sql share/gpuadv/sql/demo.sql \
         share/gpuadv/sql/examples/seed002_qlora_70b.sql share/doc/gpuadv/README.md share/doc/gpuadv/catalogs/README.md \
         share/doc/gpuadv/docs/procurement.md share/doc/gpuadv/docs/clients.md; do
  [ -f "$prefix/$f" ]; check "install: \$PREFIX/$f" $?
done
[ -x "$prefix/lib/gpuadv/gpuadv.so" ]; check "install: gpuadv.so is executable" $?

cd "$tmp" || exit 1
got=$("$SQLITE3" -cmd ".load '$prefix/lib/gpuadv/gpuadv'" :memory: "SELECT mem_bw_gbs FROM gpus WHERE name='h100-sxm'" 2>&1)
expect "install: .load from \$PREFIX/lib/gpuadv, catalog figure" "$got" "3350.0"
got=$("$SQLITE3" -cmd ".load '$prefix/lib/gpuadv/gpuadv'" -cmd ".read '$prefix/share/gpuadv/sql/gpuadv.sql'" :memory: "$recipe" 2>&1)
expect "install: the installed sql/gpuadv.sql, serving_plans" "$got" "$recipe_out"
got=$(cd "$prefix/share/gpuadv" && "$SQLITE3" -batch -bail -cmd ".load '$prefix/lib/gpuadv/gpuadv'" :memory: \
      < sql/examples/seed003_rent_vs_buy_4090.sql 2>&1)
check "install: an installed example runs from \$PREFIX/share/gpuadv" $? "$got"
contains "install: ... and prints its verdict" "$got" "buy"

got=$(PYTHONPATH="$prefix/lib/gpuadv" "$PYTHON" -c '
import gpuadv_sqlite as gpuadv
print(gpuadv.path())
print(gpuadv.script())
con = gpuadv.connect(schema=True)
con.execute("INSERT INTO workloads(name, kind, model, mode, tokens_b) VALUES (?, ?, ?, ?, ?)", ("ft", "finetune", "llama-3.1-8b", "qlora", 1))
print(con.execute("SELECT workload, works FROM best_plans").fetchone())' 2>&1)
expect "install: Python helper from \$PREFIX/lib/gpuadv" "$got" "$prefix/lib/gpuadv/gpuadv.so
$prefix/share/gpuadv/sql/gpuadv.sql
('ft', 1)"
cd "$ROOT" || exit 1

stage="$tmp/stage"
log=$(clients_make install DESTDIR="$stage" PREFIX=/usr 2>&1)
check "install: DESTDIR=... PREFIX=/usr stages under DESTDIR" $? "$log"
[ -f "$stage/usr/lib/gpuadv/gpuadv.so" ] && [ -f "$stage/usr/share/gpuadv/sql/gpuadv.sql" ]
check "install: \$DESTDIR/usr/lib/gpuadv/gpuadv.so, \$DESTDIR/usr/share/gpuadv/sql" $?

log=$(clients_make uninstall PREFIX="$prefix" 2>&1)
left=$(find "$prefix" -type f 2>/dev/null)
[ -z "$left" ]; check "install: make uninstall removes every file" $? "$left $log"

# ------------------------------------------------------------------- dist
log=$(clients_make dist 2>&1)
check "dist: make dist" $? "$log"
tarball="build/gpuadv-$version.tar.gz"
[ -f "$tarball" ]; check "dist: $tarball" $?
list=$(tar tzf "$tarball" 2>&1)
for f in gpuadv.so VERSION README.md docs/procurement.md docs/clients.md sql/gpuadv.sql \
         sql/examples/seed000_cost_per_mtok.sql python/gpuadv_sqlite.py clients/node/query.js \
         clients/libreoffice/odbc_to_calc.py notebooks/01_procurement_walkthrough.ipynb; do
  echo "$list" | grep -qx "gpuadv-$version/$f"; check "dist: the tarball holds gpuadv-$version/$f" $?
done
head=$(tar xzf "$tarball" -O "gpuadv-$version/README.md" | head -3)
expect "dist: the tarball's README says what it is" "$head" "# gpuadv $version, built for $(uname -s) $(uname -m)

This tarball is the built extension, ready to load, with what uses it: not"
bad=$(echo "$list" | grep -v "^gpuadv-$version/")
[ -z "$bad" ]; check "dist: everything under gpuadv-$version/" $? "$bad"

mkdir -p "$tmp/unpack"
tar xzf "$tarball" -C "$tmp/unpack"
d="$tmp/unpack/gpuadv-$version"
got=$(cd "$d" && "$SQLITE3" -cmd '.load ./gpuadv' -cmd '.read sql/gpuadv.sql' :memory: "$recipe" 2>&1)
expect "dist: unpacked, .load ./gpuadv + .read sql/gpuadv.sql" "$got" "$recipe_out"
got=$(cd "$d" && "$SQLITE3" -cmd '.load ./gpuadv' :memory: "SELECT gpuadv_version()" 2>&1)
expect "dist: the packed extension is version $version" "$got" "$version"
got=$(cd / && PYTHONPATH="$d/python" "$PYTHON" -c 'import gpuadv_sqlite as g; print(g.path()); print(g.script("examples/seed002_qlora_70b.sql"))' 2>&1)
expect "dist: the Python helper finds the unpacked extension and scripts" "$got" "$d/gpuadv.so
$d/sql/examples/seed002_qlora_70b.sql"
if [ -d build/node/node_modules/better-sqlite3 ] && command -v node >/dev/null; then
  got=$(NODE_PATH="$ROOT/build/node/node_modules" node "$d/clients/node/query.js" "SELECT gpuadv_version()" 2>&1)
  expect "dist: clients/node/query.js from the tarball" "$got" "$version"
fi
exit $status
