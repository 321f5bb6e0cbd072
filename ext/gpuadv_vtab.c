/*
** gpuadv_vtab.c: the steps that the extension's eponymous virtual tables
** (the catalogs, model_spec and model_config, gpuadv_functions,
** gpuadv_tables, gpuadv_catalog_guard) take alike: declaring the schema
** and allocating a zeroed table or cursor, freeing them, and stepping
** through rows by position; registering a module; a catalog cell as a
** result.
*/
#include <assert.h>
#include <string.h>

#include "gpuadv_catalog.h"
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

int gpuadv_vtab_connect_innocuous(sqlite3 *db, void *pAux, int argc,
                                  const char *const *argv,
                                  sqlite3_vtab **ppVtab, char **pzErr) {
  const char *schema = *(const char *const *)pAux;
  int rc;
  (void)argc;
  (void)argv;
  (void)pzErr;
  assert(schema);
  rc = gpuadv_vtab_connect(db, SQLITE_VTAB_INNOCUOUS, schema,
                           (int)sizeof(gpuadv_vtab), ppVtab);
  if (rc == SQLITE_OK) ((gpuadv_vtab *)*ppVtab)->aux = pAux;
  return rc;
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

void gpuadv_result_cell(sqlite3_context *ctx, const gpuadv_cell *c) {
  switch (c->type) {
    case GPUADV_CELL_INTEGER:
      sqlite3_result_int64(ctx, c->v.integer);
      break;
    case GPUADV_CELL_REAL:
      sqlite3_result_double(ctx, c->v.real);
      break;
    case GPUADV_CELL_TEXT:
      sqlite3_result_text(ctx, c->v.text, -1, SQLITE_STATIC);
      break;
    default:
      sqlite3_result_null(ctx);
      break;
  }
}

int gpuadv_register_module(sqlite3 *db, const char *name,
                           const sqlite3_module *module, const void *aux,
                           char **pzErrMsg) {
  int rc = sqlite3_create_module(db, name, module, (void *)aux);
  if (rc != SQLITE_OK && pzErrMsg) {
    *pzErrMsg = sqlite3_mprintf("gpuadv: cannot register table %s: %s", name,
                                sqlite3_errmsg(db));
  }
  return rc;
}
