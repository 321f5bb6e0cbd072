// sqlite.js: a small JavaScript interface to the SQLite C API exported by
// gpuadv.wasm (make web), used by worker.js. One Database wraps one connection; exec() runs a
// script, query() one statement with parameters; serialize() and
// deserialize() move the whole database in and out as bytes (a .sqlite
// file that the sqlite3 shell opens).
"use strict";

const SQLITE_OK = 0, SQLITE_ROW = 100, SQLITE_DONE = 101;
const SQLITE_INTEGER = 1, SQLITE_FLOAT = 2, SQLITE_NULL = 5;
const SQLITE_TRANSIENT = -1;
const SQLITE_DESERIALIZE_FREEONCLOSE = 1, SQLITE_DESERIALIZE_RESIZEABLE = 2;

class SqliteError extends Error {}

class Database {
  constructor(M) {
    this.M = M;
    const pp = M._malloc(4);
    const name = this._cstr(":memory:");
    const rc = M._sqlite3_open(name, pp);
    this.db = M.getValue(pp, "i32");
    M._free(name);
    M._free(pp);
    if (rc !== SQLITE_OK) throw new SqliteError("sqlite3_open failed: " + rc);
  }

  close() {
    if (this.db) this.M._sqlite3_close_v2(this.db);
    this.db = 0;
  }

  // A NUL-terminated UTF-8 copy of s in wasm memory (free it with _free).
  _cstr(s) {
    const n = this.M.lengthBytesUTF8(s) + 1;
    const p = this.M._malloc(n);
    this.M.stringToUTF8(s, p, n);
    return p;
  }

  _error() {
    return new SqliteError(this.M.UTF8ToString(this.M._sqlite3_errmsg(this.db)));
  }

  _bind(stmt, params) {
    const M = this.M;
    params.forEach((v, i) => {
      let rc;
      if (v === null || v === undefined) rc = M._sqlite3_bind_null(stmt, i + 1);
      else if (typeof v === "number") rc = M._sqlite3_bind_double(stmt, i + 1, v);
      else {
        const p = this._cstr(String(v));
        rc = M._sqlite3_bind_text(stmt, i + 1, p, -1, SQLITE_TRANSIENT);
        M._free(p);
      }
      if (rc !== SQLITE_OK) throw this._error();
    });
  }

  _row(stmt, n, types) {
    const M = this.M, row = [];
    for (let i = 0; i < n; i++) {
      const t = M._sqlite3_column_type(stmt, i);
      types.push(t);
      if (t === SQLITE_NULL) row.push(null);
      else if (t === SQLITE_INTEGER || t === SQLITE_FLOAT) row.push(M._sqlite3_column_double(stmt, i));
      else row.push(M.UTF8ToString(M._sqlite3_column_text(stmt, i)));
    }
    return row;
  }

  // Runs every statement of sql; returns {result, wrote}: result is that
  // of the last statement that returns columns (see exec), wrote whether
  // any statement could change a database (sqlite3_stmt_readonly).
  execInfo(sql, params = []) {
    const M = this.M;
    const text = this._cstr(sql);
    const end = text + M.lengthBytesUTF8(sql);
    const pStmt = M._malloc(4), pTail = M._malloc(4);
    let tail = text, result = null, wrote = false;
    try {
      while (tail < end) {
        if (M._sqlite3_prepare_v2(this.db, tail, -1, pStmt, pTail) !== SQLITE_OK) throw this._error();
        const stmt = M.getValue(pStmt, "i32");
        tail = M.getValue(pTail, "i32");
        if (!stmt) continue;  // whitespace or a comment
        try {
          if (!M._sqlite3_stmt_readonly(stmt)) wrote = true;
          if (params.length) this._bind(stmt, params);
          const n = M._sqlite3_column_count(stmt);
          const res = {columns: [], rows: [], types: []};
          for (let i = 0; i < n; i++) res.columns.push(M.UTF8ToString(M._sqlite3_column_name(stmt, i)));
          let rc;
          while ((rc = M._sqlite3_step(stmt)) === SQLITE_ROW) {
            const types = [];
            res.rows.push(this._row(stmt, n, types));
            res.types.push(types);
          }
          if (rc !== SQLITE_DONE) throw this._error();
          if (n > 0) result = res;
        } finally {
          M._sqlite3_finalize(stmt);
        }
      }
    } finally {
      M._free(text);
      M._free(pStmt);
      M._free(pTail);
    }
    return {result, wrote};
  }

  // Runs every statement of sql; returns the result of the last one that
  // returns columns: {columns: [...], rows: [[...], ...], types: [[...], ...]}
  // (or null), where types holds each value's SQLite type (1 integer,
  // 2 real, 3 text, 5 null) and numbers of both kinds are JS numbers.
  // The first failing statement throws SqliteError with SQLite's message.
  exec(sql, params = []) {
    return this.execInfo(sql, params).result;
  }

  // One statement's rows as objects keyed by column name.
  objects(sql, params = []) {
    const r = this.exec(sql, params);
    if (!r) return [];
    return r.rows.map(row => Object.fromEntries(r.columns.map((c, i) => [c, row[i]])));
  }

  // The main database as the bytes of a database file.
  serialize() {
    const M = this.M;
    const pSize = M._malloc(8);
    const schema = this._cstr("main");
    const p = M._sqlite3_serialize(this.db, schema, pSize, 0);
    const size = M.getValue(pSize, "i32");  // databases here stay under 2 GB
    M._free(schema);
    M._free(pSize);
    if (!p) throw new SqliteError("sqlite3_serialize failed");
    const bytes = M.HEAPU8.slice(p, p + size);
    M._sqlite3_free(p);
    return bytes;
  }

  // Replaces the main database with the bytes of a database file.
  deserialize(bytes) {
    const M = this.M;
    const p = M._sqlite3_malloc64(bytes.length, 0);
    if (!p) throw new SqliteError("out of memory");
    M.HEAPU8.set(bytes, p);
    const schema = this._cstr("main");
    const rc = M._sqlite3_deserialize(this.db, schema, p, bytes.length, 0, bytes.length, 0,
        SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE);
    M._free(schema);
    if (rc !== SQLITE_OK) throw this._error();
  }
}
