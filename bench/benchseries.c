/*
** bench/benchseries.c: the row source of the benchmark, a minimal
** generate_series for the library.
**
** The sqlite3 shell has generate_series built in; libsqlite3 (what the C
** driver and Python's sqlite3 module link) does not. This eponymous
** table-valued function gives both the same cheap loop:
**
**   SELECT sum(value) FROM bench_series(10000000);   -- values 1 .. N
**
** It is loaded next to gpuadv and the bare baseline, so every variant of a
** benchmark query (gpuadv, inline SQL, bare C, Python UDF) walks the same
** rows, and the `sum(value)` query measures the loop alone.
*/
#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT1

#include <string.h>

typedef struct series_cursor {
  sqlite3_vtab_cursor base;
  sqlite3_int64 value, stop;
} series_cursor;

static int seriesConnect(sqlite3 *db, void *aux, int argc,
                         const char *const *argv, sqlite3_vtab **pp,
                         char **err) {
  sqlite3_vtab *v;
  int rc;
  (void)aux;
  (void)argc;
  (void)argv;
  (void)err;
  rc = sqlite3_declare_vtab(db, "CREATE TABLE x(value INTEGER, stop HIDDEN)");
  if (rc != SQLITE_OK) return rc;
  v = sqlite3_malloc(sizeof(*v));
  if (!v) return SQLITE_NOMEM;
  memset(v, 0, sizeof(*v));
  sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
  *pp = v;
  return SQLITE_OK;
}

static int seriesDisconnect(sqlite3_vtab *v) {
  sqlite3_free(v);
  return SQLITE_OK;
}

static int seriesBestIndex(sqlite3_vtab *v, sqlite3_index_info *info) {
  int i;
  (void)v;
  for (i = 0; i < info->nConstraint; i++) {
    const struct sqlite3_index_constraint *c = &info->aConstraint[i];
    if (c->iColumn == 1 && c->op == SQLITE_INDEX_CONSTRAINT_EQ) {
      if (!c->usable) return SQLITE_CONSTRAINT;
      info->aConstraintUsage[i].argvIndex = 1;
      info->aConstraintUsage[i].omit = 1;
      info->idxNum = 1;
      info->estimatedCost = 1000.0;
      info->estimatedRows = 1000;
      return SQLITE_OK;
    }
  }
  info->idxNum = 0;
  info->estimatedCost = 1e12;
  return SQLITE_OK;
}

static int seriesOpen(sqlite3_vtab *v, sqlite3_vtab_cursor **pp) {
  series_cursor *c = sqlite3_malloc(sizeof(*c));
  (void)v;
  if (!c) return SQLITE_NOMEM;
  memset(c, 0, sizeof(*c));
  *pp = &c->base;
  return SQLITE_OK;
}

static int seriesClose(sqlite3_vtab_cursor *c) {
  sqlite3_free(c);
  return SQLITE_OK;
}

static int seriesFilter(sqlite3_vtab_cursor *pc, int idxNum, const char *idxStr,
                        int argc, sqlite3_value **argv) {
  series_cursor *c = (series_cursor *)pc;
  (void)idxStr;
  c->value = 1;
  c->stop = (idxNum == 1 && argc > 0) ? sqlite3_value_int64(argv[0]) : 0;
  return SQLITE_OK;
}

static int seriesNext(sqlite3_vtab_cursor *pc) {
  ((series_cursor *)pc)->value++;
  return SQLITE_OK;
}

static int seriesEof(sqlite3_vtab_cursor *pc) {
  series_cursor *c = (series_cursor *)pc;
  return c->value > c->stop;
}

static int seriesColumn(sqlite3_vtab_cursor *pc, sqlite3_context *ctx,
                        int col) {
  series_cursor *c = (series_cursor *)pc;
  sqlite3_result_int64(ctx, col == 0 ? c->value : c->stop);
  return SQLITE_OK;
}

static int seriesRowid(sqlite3_vtab_cursor *pc, sqlite3_int64 *rowid) {
  *rowid = ((series_cursor *)pc)->value;
  return SQLITE_OK;
}

static sqlite3_module series_module = {0,
                                       0,
                                       seriesConnect,
                                       seriesBestIndex,
                                       seriesDisconnect,
                                       0,
                                       seriesOpen,
                                       seriesClose,
                                       seriesFilter,
                                       seriesNext,
                                       seriesEof,
                                       seriesColumn,
                                       seriesRowid,
                                       0,
                                       0,
                                       0,
                                       0,
                                       0,
                                       0,
                                       0,
                                       0,
                                       0,
                                       0,
                                       0,
#if SQLITE_VERSION_NUMBER >= 3044000
                                       0
#endif
};

#ifdef _WIN32
__declspec(dllexport)
#endif
    int sqlite3_benchseries_init(sqlite3 *db, char **err,
                                 const sqlite3_api_routines *api) {
  SQLITE_EXTENSION_INIT2(api);
  (void)err;
  return sqlite3_create_module(db, "bench_series", &series_module, 0);
}
