#!/bin/bash
# The npm package (packaging/npm, docs/clients.md): `make npm-pack` builds
# a tarball with the extension and the SQL scripts; `npm install` of it in
# an empty folder (offline: it has no dependencies), then
# require('gpuadv').load(db) plans a workload as the sqlite3 shell does,
# with better-sqlite3 (from build/node, make clients-node) and with
# node:sqlite where this Node.js has it with loadExtension (22.13, 23.5
# and later; NODE=/path/to/node picks the Node.js to run).
. "$(dirname "$0")/lib.sh"
NODE=${NODE:-node}
need "npm" "$NODE" nodejs
need "npm" npm npm
need_lib "npm"

out=$(clients_make -s npm-pack 2>&1)
check "npm: make npm-pack" $? "$out"
tgz=$(echo "$out" | tail -1)
[ -f "$tgz" ] || { echo "FAIL npm: make npm-pack made no tarball ($out)"; exit 1; }
contains "npm: the tarball carries the extension and the schema" "$(tar tzf "$tgz")" "package/lib/gpuadv.so"

mkdir -p "$tmp/app"
out=$(cd "$tmp/app" && echo '{"private": true}' > package.json &&
      npm install --offline --no-audit --no-fund "$ROOT/$tgz" 2>&1)
check "npm: npm install of the tarball in an empty folder, offline" $? "$out"
expect "npm: installed version" "$(cd "$tmp/app" && "$NODE" -p "require('gpuadv').version")" "$(cat VERSION)"

WORKLOAD="INSERT INTO workloads(name, kind, model, requests_per_min, prompt_tokens, output_tokens, user_tps)
            VALUES ('70b', 'serve', 'llama-3.1-70b', 60, 1000, 300, 40)"
want=$("$SQLITE3" -batch -cmd '.load ./gpuadv' -cmd '.read sql/gpuadv.sql' :memory: "$WORKLOAD" \
       "SELECT offer || '|' || reason FROM best_plans")
cat > "$tmp/app/plan.js" <<JS
const gpuadv = require("gpuadv");
const path = require("path");
if (!gpuadv.getLoadablePath().startsWith(path.join(__dirname, "node_modules"))) throw new Error(gpuadv.getLoadablePath());
let db;
if (process.argv[2] === "node:sqlite") {
  const {DatabaseSync} = require("node:sqlite");
  db = gpuadv.load(new DatabaseSync(":memory:", {allowExtension: true}));
} else {
  const Database = require("better-sqlite3");
  db = gpuadv.load(new Database(":memory:"));
}
db.exec(gpuadv.schema());
db.exec(\`$WORKLOAD\`);
const r = db.prepare("SELECT offer, reason FROM best_plans").get();
console.log(r.offer + "|" + r.reason);
JS

if [ -f build/node/node_modules/better-sqlite3/package.json ] &&
   (cd "$tmp/app" && NODE_PATH="$ROOT/build/node/node_modules" "$NODE" -e "new (require('better-sqlite3'))(':memory:')") 2>/dev/null; then
  expect "npm: require('gpuadv').load(db) with better-sqlite3 plans as the shell does" \
    "$(cd "$tmp/app" && NODE_PATH="$ROOT/build/node/node_modules" "$NODE" plan.js 2>&1)" "$want"
  out=$(cd "$tmp/app" && NODE_PATH="$ROOT/build/node/node_modules" "$NODE" -e "require('gpuadv').load({})" 2>&1)
  contains "npm: load() of something not a database says so" "$out" "db must be a better-sqlite3 Database or a node:sqlite DatabaseSync"
elif [ "${CI:-}" = "true" ]; then
  echo "FAIL npm: better-sqlite3 not in build/node (make clients-node)"; status=1
else
  echo "ok npm: better-sqlite3 # SKIP not in build/node for this Node.js (make clients-node)"
fi

if "$NODE" --no-warnings -e "if (typeof require('node:sqlite').DatabaseSync.prototype.loadExtension !== 'function') process.exit(1)" 2>/dev/null; then
  expect "npm: require('gpuadv').load(db) with node:sqlite plans as the shell does" \
    "$(cd "$tmp/app" && "$NODE" --no-warnings plan.js node:sqlite 2>&1)" "$want"
  out=$(cd "$tmp/app" && "$NODE" --no-warnings -e "require('gpuadv').load(new (require('node:sqlite').DatabaseSync)(':memory:'))" 2>&1)
  contains "npm: node:sqlite without allowExtension says how to open it" "$out" "{allowExtension: true}"
else
  echo "ok npm: node:sqlite # SKIP Node.js $("$NODE" --version) has no node:sqlite with loadExtension (22.13, 23.5 and later do)"
fi
exit $status
