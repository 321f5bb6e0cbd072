#!/usr/bin/env node
// gpuadv from Node.js with better-sqlite3, which bundles its own (newer)
// SQLite: the same extension file loads into it.
//
//   node clients/node/query.js                  # versions, a catalog figure, a plan
//   node clients/node/query.js "SELECT ..."     # each argument: one statement,
//                                               # rows printed as a|b|c
//   node clients/node/query.js --db plans.db    # a database file: its best_plans
//
// The extension is GPUADV_PATH, else ./gpuadv(.so) at the repository root.
// sql/gpuadv.sql (the workloads table and the plan views) is read first,
// as in `sqlite3 -cmd '.load ./gpuadv' -cmd '.read sql/gpuadv.sql'`; reading
// it keeps every row of a database file (--no-schema skips it).
// better-sqlite3 is looked up the usual way (a node_modules folder up the
// tree or NODE_PATH), then in build/node, where docs/clients.md installs it.
'use strict';
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..', '..');

function loadBetterSqlite3() {
  try {
    return require('better-sqlite3');
  } catch (e) {
    if (e.code !== 'MODULE_NOT_FOUND') throw e;
    const cached = path.join(ROOT, 'build', 'node', 'node_modules', 'better-sqlite3');
    if (fs.existsSync(cached)) return require(cached);
    console.error('better-sqlite3 is not installed; run:\n' +
      '  mkdir -p build/node && cp clients/node/package.json build/node/ && ' +
      'npm install --prefix build/node');
    process.exit(2);
  }
}

function main(argv) {
  let dbPath = ':memory:';
  let schema = true;
  const statements = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--db') dbPath = argv[++i];
    else if (argv[i] === '--no-schema') schema = false;
    else statements.push(argv[i]);
  }
  const Database = loadBetterSqlite3();
  const db = new Database(dbPath);
  // loadExtension(path[, entryPoint]): SQLite adds the suffix and derives
  // the entry point sqlite3_gpuadv_init from the file name.
  db.loadExtension(process.env.GPUADV_PATH || path.join(ROOT, 'gpuadv'));
  if (schema) db.exec(fs.readFileSync(path.join(ROOT, 'sql', 'gpuadv.sql'), 'utf8'));

  const print = (row) => console.log(row.map((v) => (v === null ? '' : String(v))).join('|'));
  const run = (sql) => {
    const stmt = db.prepare(sql);
    if (!stmt.reader) { stmt.run(); return; }
    for (const row of stmt.raw().iterate()) print(row);
  };

  if (statements.length === 0 && dbPath !== ':memory:') {
    run('SELECT workload, offer, reason FROM best_plans');
  } else if (statements.length === 0) {
    run("SELECT 'sqlite_version', sqlite_version()");
    run("SELECT 'gpuadv_version', gpuadv_version()");
    run("SELECT 'h100-sxm mem_bw_gbs', mem_bw_gbs FROM gpus WHERE name = 'h100-sxm'");
    // README's recipe: the cheapest way to serve a 70B model at 40 tokens/s per user.
    run("INSERT INTO workloads(name, kind, model, requests_per_min, prompt_tokens, " +
        "output_tokens, user_tps) VALUES ('70b', 'serve', 'llama-3.1-70b', 60, 1000, 300, 40)");
    run("SELECT rank, offer, gpus_per_replica, replicas, tps_per_user, " +
        "printf('%.2f', usd_per_hour) FROM serving_plans WHERE workload = '70b' AND rank <= 3");
  } else {
    for (const sql of statements) run(sql);
  }
  db.close();
}

try {
  main(process.argv.slice(2));
} catch (e) {
  console.error('Error: ' + e.message);
  process.exit(1);
}
