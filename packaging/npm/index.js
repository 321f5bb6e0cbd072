// gpuadv: the gpuadv SQLite extension for Node.js. The package carries the
// extension built for one platform (lib/gpuadv.so, its catalogs compiled
// in) and gpuadv's SQL scripts (sql/):
//
//   const Database = require("better-sqlite3");
//   const gpuadv = require("gpuadv");
//   const db = new Database(":memory:");
//   gpuadv.load(db);                 // the functions and the catalogs
//   db.exec(gpuadv.schema());        // sql/gpuadv.sql: workloads, plan views
//
// or with Node's own node:sqlite (Node.js 22.13, 23.5 and later), opened with
// allowExtension: true:
//
//   const {DatabaseSync} = require("node:sqlite");
//   const db = gpuadv.load(new DatabaseSync(":memory:", {allowExtension: true}));
"use strict";
const fs = require("fs");
const path = require("path");

// The extension file: $GPUADV_PATH when set, else the one in this package.
function getLoadablePath() {
  const env = process.env.GPUADV_PATH;
  if (env) {
    for (const p of [env, env + ".so", env + ".dylib", env + ".dll"]) if (fs.existsSync(p)) return p;
    throw new Error("GPUADV_PATH=" + env + " names no file");
  }
  for (const suffix of [".so", ".dylib", ".dll"]) {
    const p = path.join(__dirname, "lib", "gpuadv" + suffix);
    if (fs.existsSync(p)) return p;
  }
  throw new Error("no gpuadv extension in " + path.join(__dirname, "lib") + ": the package was built without it");
}

// Loads gpuadv into db, a better-sqlite3 Database or a node:sqlite
// DatabaseSync; returns db. node:sqlite allows loading only while
// enableLoadExtension(true) holds, which is undone after the load.
function load(db) {
  if (db && typeof db.loadExtension !== "function" && typeof db.prepare === "function" && typeof db.exec === "function") {
    throw new TypeError("gpuadv.load(db): this database has no loadExtension(); node:sqlite has it from " +
                        "Node.js 22.13 and 23.5 on");
  }
  if (!db || typeof db.loadExtension !== "function") {
    throw new TypeError("gpuadv.load(db): db must be a better-sqlite3 Database or a node:sqlite DatabaseSync");
  }
  const file = getLoadablePath();
  if (typeof db.enableLoadExtension === "function") {
    try {
      db.enableLoadExtension(true);
    } catch (e) {
      throw new Error("gpuadv.load(db): this node:sqlite database does not allow extensions; open it with " +
                      "new DatabaseSync(file, {allowExtension: true}) (" + e.message + ")");
    }
    try {
      db.loadExtension(file);
    } finally {
      db.enableLoadExtension(false);
    }
  } else {
    db.loadExtension(file);
  }
  return db;
}

// The path and the text of one of gpuadv's SQL scripts (gpuadv.sql, the
// schema with the plan views, by default).
function sqlPath(name = "gpuadv.sql") {
  const p = path.join(__dirname, "sql", name);
  if (!fs.existsSync(p)) throw new Error("no SQL script " + JSON.stringify(name) + " in the gpuadv package");
  return p;
}

function schema(name = "gpuadv.sql") {
  return fs.readFileSync(sqlPath(name), "utf8");
}

module.exports = {load, getLoadablePath, sqlPath, schema, version: require("./package.json").version};
