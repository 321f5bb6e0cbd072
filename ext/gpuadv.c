/*
** gpuadv.c: entry point of the gpuadv SQLite extension.
**
** gpuadv turns GPU procurement questions into SQL: estimator functions for
** training memory, KV cache, decode and prefill speed, cost per million
** tokens, node counts and the economics of owning hardware.
**
**   $ make                       # builds ./gpuadv.so
**   $ sqlite3
**   sqlite> .load ./gpuadv
**   sqlite> SELECT gpuadv_version();
**
** The extension never links libsqlite3: every call goes through the API
** table that the host passes in, so hosts with their own SQLite (Python,
** the ODBC driver, Node) can load it.
*/
#include <sqlite3ext.h>

#include "gpuadv_args.h"
#include "gpuadv_internal.h"

SQLITE_EXTENSION_INIT1

/* Registers the SQL functions of a registration table. */
static int register_table(sqlite3 *db, gpuadv_fn_table_get table,
                          char **pzErrMsg) {
  int n;
  const gpuadv_fn_entry *entries = table(&n);
  return gpuadv_register_fn_table(db, entries, n, pzErrMsg);
}

/* The only symbol the library exports: the rest is built with
** -fvisibility=hidden, so calls between its files are direct calls, not
** calls through the PLT, and nothing clashes with the host's symbols. */
#ifdef _WIN32
__declspec(dllexport)
#elif defined(__GNUC__)
__attribute__((visibility("default")))
#endif
    int sqlite3_gpuadv_init(sqlite3 *db, char **pzErrMsg,
                            const sqlite3_api_routines *pApi) {
  int rc, t;
  /* Loading into a second connection of a threaded host must not write the
  ** shared API pointer while other threads read it: it is the same table. */
#ifndef SQLITE_CORE
  if (sqlite3_api != pApi) {
    SQLITE_EXTENSION_INIT2(pApi);
  }
#else
  (void)pApi; /* linked into the host: calls go straight to SQLite */
#endif
  rc = gpuadv_register_catalogs(db, pzErrMsg);
  for (t = 0; rc == SQLITE_OK && t < GPUADV_N_FN_TABLES; t++) {
    rc = register_table(db, gpuadv_fn_tables[t], pzErrMsg);
  }
  if (rc == SQLITE_OK) rc = gpuadv_register_model_tables(db, pzErrMsg);
  if (rc == SQLITE_OK) rc = gpuadv_register_csv(db, pzErrMsg);
  if (rc == SQLITE_OK) rc = gpuadv_register_sim(db, pzErrMsg);
  if (rc == SQLITE_OK) rc = gpuadv_register_meta(db, pzErrMsg);
  return rc;
}
