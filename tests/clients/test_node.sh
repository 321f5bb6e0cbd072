#!/bin/bash
# Node.js with better-sqlite3, which bundles its own, newer SQLite: the
# extension loads into it (db.loadExtension) and gives the same answers as
# with the system's sqlite3. better-sqlite3 is installed once into
# build/node (npm install builds it from source when no prebuilt binary can
# be downloaded: a few minutes) and reused.
. "$(dirname "$0")/lib.sh"
need "node" node nodejs
need "node" npm npm
need_lib "node"

if ! [ -f build/node/node_modules/better-sqlite3/package.json ] ||
   ! node -e "require('$ROOT/build/node/node_modules/better-sqlite3')" 2>/dev/null; then
  # The documented command (docs/clients.md), offline with the Node.js
  # headers beside node; -W makes a broken install again.
  if ! make -s -W clients/node/package.json clients-node > "$tmp/npm.log" 2>&1; then
    if ! npm ping > /dev/null 2>&1; then
      skip_or_fail "node: better-sqlite3" "npm install failed and the npm registry is unreachable ($(npm config get registry))"
    fi
    echo "FAIL node: make clients-node: $(tail -20 "$tmp/npm.log")"
    exit 1
  fi
fi
echo "ok node: better-sqlite3 $(node -p "require('$ROOT/build/node/node_modules/better-sqlite3/package.json').version") installed in build/node"

out=$(node clients/node/query.js 2>&1)
check "node: query.js runs" $? "$out"
node_sqlite=$(echo "$out" | sed -n 's/^sqlite_version|//p')
shell_sqlite=$("$SQLITE3" :memory: "SELECT sqlite_version()")
echo "# node: better-sqlite3's SQLite $node_sqlite, the sqlite3 shell's $shell_sqlite"
[[ "$node_sqlite" =~ ^3\.[0-9]+\.[0-9]+$ ]]
check "node: loads into better-sqlite3's own SQLite ($node_sqlite; the shell's is $shell_sqlite)" $? "$node_sqlite"
expect "node: the rest of query.js's answer" "$(echo "$out" | grep -v '^sqlite_version|')" "gpuadv_version|$(cat VERSION)
h100-sxm mem_bw_gbs|3350
1|runpod/8x_A100-80GB-SXM_SECURE|8|1|59.7|12.72
2|runpod/8x_A100-80GB_SECURE|8|1|57.7|12.72
3|runpod/4x_H100-NVL_SECURE|4|1|58|12.76"

make_plans_db "$tmp/plans.db"
want=$("$SQLITE3" -cmd '.load ./gpuadv' "$tmp/plans.db" "SELECT workload, offer, reason FROM best_plans" 2>&1)
got=$(node clients/node/query.js --db "$tmp/plans.db" 2>&1)
expect "node: best_plans of a database file = the shell's" "$got" "$want"

got=$(GPUADV_PATH="$ROOT/gpuadv.so" node clients/node/query.js --no-schema \
      "SELECT round(model_decode_tps('llama-3.1-70b', 'h100-sxm', 'fp8', 64, 2048, 2, 'trtllm'), 0)" 2>&1)
expect "node: GPUADV_PATH, a catalog-aware function (README value)" "$got" "2652"

got=$(node clients/node/query.js "SELECT decode_tps(3350, -14)" 2>&1)
expect "node: errors arrive as exceptions with the extension's message" "$got" \
  "Error: decode_tps(): weights_gb must be >= 0, got -14"
exit $status
