// worker.js: the page's database, in a Web Worker so that planning (one to
// a few seconds of SQL) never blocks the page. It loads gpuadv.wasm
// (SQLite with the extension), reads sql/gpuadv.sql, and answers messages
// {id, op, args} from app.js with {id, value} or {id, error}; messages are
// answered one at a time, in the order they came.
"use strict";
importScripts("gpuadv.js", "sqlite.js");

let db = null, M = null, schemaSql = "";

// Replaces the main database with bytes, then brings its views up to this
// version; on failure the database is what it was.
function loadBytes(bytes) {
  const before = db.serialize();
  try {
    db.deserialize(bytes);
    db.exec(schemaSql);
  } catch (e) {
    db.deserialize(before);
    throw e;
  }
}

function fresh() {
  if (db) db.close();
  db = new Database(M);
  db.exec(schemaSql);
}

// Runs steps, a list of [sql, params], inside a savepoint: all of them or
// none. Returns the result of each.
function batch(steps) {
  db.exec("SAVEPOINT page");
  try {
    const out = steps.map(([sql, params]) => db.exec(sql, params || []));
    db.exec("RELEASE page");
    return out;
  } catch (e) {
    db.exec("ROLLBACK TO page; RELEASE page");
    throw e;
  }
}

// The wasm and the schema are fetched as soon as the worker runs, before
// the page asks for anything.
const boot = Promise.all([GpuadvModule(), fetch("gpuadv.sql").then(r => {
  if (!r.ok) throw new Error("gpuadv.sql: HTTP " + r.status);
  return r.text();
})]);
boot.catch(() => {});  // reported by start

const OPS = {
  // Opens the database, from stored bytes when given; says how it went.
  async start(stored) {
    const [module, sql] = await boot;
    M = module;
    if (M._gpuadv_web_init() !== SQLITE_OK) throw new SqliteError("sqlite3_auto_extension failed");
    schemaSql = sql;
    db = new Database(M);
    let note = "";
    if (stored) {
      try {
        db.deserialize(stored);
        note = " (your workloads restored)";
      } catch (e) {
        db.close();
        db = new Database(M);
        note = " (the stored database could not be read: " + e.message + ")";
      }
    }
    try {
      db.exec(schemaSql);
    } catch (e) {
      db.close();
      db = new Database(M);
      db.exec(schemaSql);
      note = " (the stored database could not be read: " + e.message + ")";
    }
    return note;
  },
  // {result, wrote}: the last result of the script, and whether any of its
  // statements could change the database (so the page redraws its plans).
  exec(sql, params) { return db.execInfo(sql, params || []); },
  batch,
  // Several read-only queries in one message: the result of each.
  many(steps) { return steps.map(([sql, params]) => db.exec(sql, params || [])); },
  serialize() { return db.serialize(); },
  load(bytes) { loadBytes(bytes); },
  reset() { fresh(); },
};

let queue = Promise.resolve();
onmessage = e => {
  const {id, op, args} = e.data;
  queue = queue.then(async () => {
    try {
      const value = await OPS[op](...(args || []));
      postMessage({id, value}, value instanceof Uint8Array ? [value.buffer] : []);
    } catch (err) {
      postMessage({id, error: err && err.message !== undefined ? err.message : String(err)});
    }
  });
};
