/*
** gpuadv_vtab.c: the steps that the extension's eponymous virtual tables
** (the catalogs, model_spec and model_config, gpuadv_functions,
** gpuadv_tables, gpuadv_catalog_guard) take alike: declaring the schema
** and allocating a zeroed table or cursor, freeing them, and stepping
** through rows by position.
*/
#include <assert.h>
#include <string.h>

#include "gpuadv_internal.h"

SQLITE_EXTENSION_INIT3

/* n_bytes of zeros from sqlite3_malloc, or NULL. */
static void *zeroed(int n_bytes) {
  void *p = sqlite3_malloc(n_bytes);
  if (p) memset(p, 0, n_bytes);
  return p;
}

int gpuadv_vtab_connect(sqlite3 *db, int config, const char *schema,
                        int n_bytes, sqlite3_vtab **ppVtab) {
  int rc;
  assert(n_bytes >= (int)sizeof(sqlite3_vtab));
  sqlite3_vtab_config(db, config);
  rc = sqlite3_declare_vtab(db, schema);
  if (rc != SQLITE_OK) return rc;
  *ppVtab = zeroed(n_bytes);
  return *ppVtab ? SQLITE_OK : SQLITE_NOMEM;
}

int gpuadv_vtab_free(sqlite3_vtab *pVtab) {
  sqlite3_free(pVtab);
  return SQLITE_OK;
}

int gpuadv_cursor_new(int n_bytes, sqlite3_vtab_cursor **ppCursor) {
  assert(n_bytes >= (int)sizeof(sqlite3_vtab_cursor));
  *ppCursor = zeroed(n_bytes);
  return *ppCursor ? SQLITE_OK : SQLITE_NOMEM;
}

int gpuadv_cursor_free(sqlite3_vtab_cursor *pCursor) {
  sqlite3_free(pCursor);
  return SQLITE_OK;
}

int gpuadv_rows_next(sqlite3_vtab_cursor *pCursor) {
  ((gpuadv_rows *)pCursor)->pos++;
  return SQLITE_OK;
}

int gpuadv_rows_eof(sqlite3_vtab_cursor *pCursor) {
  const gpuadv_rows *rows = (const gpuadv_rows *)pCursor;
  return rows->pos >= rows->end;
}

int gpuadv_rows_rowid(sqlite3_vtab_cursor *pCursor, sqlite3_int64 *pRowid) {
  *pRowid = ((gpuadv_rows *)pCursor)->pos + 1;
  return SQLITE_OK;
}
