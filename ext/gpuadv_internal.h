/*
** gpuadv_internal.h: what the parts of the extension tell each other.
** Each part registers its own SQL objects; gpuadv.c calls them in order.
*/
#ifndef GPUADV_INTERNAL_H
#define GPUADV_INTERNAL_H

#include <sqlite3ext.h>

#ifndef GPUADV_VERSION
#define GPUADV_VERSION "0.1.0"
#endif

/* gpuadv_funcs.c: the estimator functions (README "Function reference").
** gpuadv_function_table gives its registration table and, in *pn, its
** length; gpuadv_model_function_table the same for gpuadv_model_funcs.c,
** the estimates by catalog name (README "Catalog-aware functions").
** gpuadv_fn_tables (gpuadv_meta.c) lists every such table: gpuadv.c
** registers them and gpuadv_functions lists their functions. */
struct gpuadv_fn_entry;
typedef const struct gpuadv_fn_entry *(*gpuadv_fn_table_get)(int *pn);
#define GPUADV_N_FN_TABLES 5
extern const gpuadv_fn_table_get gpuadv_fn_tables[GPUADV_N_FN_TABLES];
const struct gpuadv_fn_entry *gpuadv_function_table(int *pn);
const struct gpuadv_fn_entry *gpuadv_model_function_table(int *pn);

/* gpuadv_model_funcs.c: the catalog row of the gpu or model name in
** argument i of fn (the slug or an alias, ASCII case ignored), or -1
** after setting an error that names it and suggests names; and the model
** of argument i, a catalog name or a config.json text: 1 after filling
** *d, or 0 after setting an error. */
struct gpuadv_fn;
struct gpuadv_catalog;
struct gpuadv_model_def;
int gpuadv_lookup_row(sqlite3_context *ctx, const struct gpuadv_fn *fn,
                      const struct gpuadv_catalog *cat, sqlite3_value **argv,
                      int i);
int gpuadv_resolve_model(sqlite3_context *ctx, const struct gpuadv_fn *fn,
                         sqlite3_value **argv, int i,
                         struct gpuadv_model_def *d);

/* gpuadv_train_funcs.c: model_train_tps, model_train_mfu and
** train_layout, the training step model in SQL (README "Training"). */
const struct gpuadv_fn_entry *gpuadv_train_function_table(int *pn);

/* gpuadv_traffic_funcs.c: traffic_peak, traffic_shape, traffic_unit_hours
** and traffic_hybrid_units, the day's traffic in SQL (README "Traffic
** through the day"). */
const struct gpuadv_fn_entry *gpuadv_traffic_function_table(int *pn);

/* gpuadv_image_funcs.c: image_mem_gb and image_tps, vision and diffusion
** models in SQL (docs/images.md). */
const struct gpuadv_fn_entry *gpuadv_image_function_table(int *pn);

/* gpuadv_model_vtab.c: model_spec(model) and model_config(config), the
** table-valued functions over catalog names and config.json texts. */
int gpuadv_register_model_tables(sqlite3 *db, char **pzErrMsg);

/* gpuadv_catalog_vtab.c: the catalogs as eponymous read-only tables;
** gpuadv_catalog_list gives all of them and their count in *pn. */
struct gpuadv_catalog;
int gpuadv_register_catalogs(sqlite3 *db, char **pzErrMsg);
const struct gpuadv_catalog *const *gpuadv_catalog_list(int *pn);

/* gpuadv_csv.c: the gpuadv_csv module for users' own CSV files. */
int gpuadv_register_csv(sqlite3 *db, char **pzErrMsg);

/* gpuadv_sim_vtab.c: serving_sim, the serving simulator. */
int gpuadv_register_sim(sqlite3 *db, char **pzErrMsg);

/* gpuadv_meta.c: gpuadv_functions and gpuadv_tables, what the extension
** offers, and gpuadv_catalog_guard, the guard of sql/gpuadv.sql's views
** against tables named like a catalog. */
int gpuadv_register_meta(sqlite3 *db, char **pzErrMsg);

/* gpuadv_vtab.c: the common steps of the eponymous tables' methods.
** gpuadv_vtab_connect sets the config option (SQLITE_VTAB_INNOCUOUS or
** SQLITE_VTAB_DIRECTONLY), declares the schema and puts a zeroed table of
** n_bytes (its sqlite3_vtab first) in *ppVtab; gpuadv_cursor_new does the
** same for a cursor. gpuadv_vtab_free and gpuadv_cursor_free serve as
** xDisconnect and xClose where nothing else needs freeing. */
int gpuadv_vtab_connect(sqlite3 *db, int config, const char *schema,
                        int n_bytes, sqlite3_vtab **ppVtab);
int gpuadv_vtab_free(sqlite3_vtab *pVtab);
int gpuadv_cursor_new(int n_bytes, sqlite3_vtab_cursor **ppCursor);
int gpuadv_cursor_free(sqlite3_vtab_cursor *pCursor);

/* The xConnect of a table whose rows come from its module data alone (the
** compiled-in catalogs, model_spec and model_config): the module data
** (pAux) is a struct whose first member is the schema (a const char *);
** the table is INNOCUOUS and a gpuadv_vtab that keeps pAux in aux. Each
** module's definition says why INNOCUOUS is safe for it. */
typedef struct gpuadv_vtab {
  sqlite3_vtab base;
  const void *aux;
} gpuadv_vtab;
int gpuadv_vtab_connect_innocuous(sqlite3 *db, void *pAux, int argc,
                                  const char *const *argv,
                                  sqlite3_vtab **ppVtab, char **pzErr);

/* sqlite3_create_module of the eponymous table `name`, with aux as its
** module data; on failure, *pzErrMsg (if given) names the table. */
int gpuadv_register_module(sqlite3 *db, const char *name,
                           const sqlite3_module *module, const void *aux,
                           char **pzErrMsg);

/* A compiled-in catalog cell as the SQL function result (text static). */
struct gpuadv_cell;
void gpuadv_result_cell(sqlite3_context *ctx, const struct gpuadv_cell *c);

/* A cursor over the positions pos .. end - 1; a table's cursor that holds
** one first can use gpuadv_rows_next, gpuadv_rows_eof and (the row number
** pos + 1) gpuadv_rows_rowid as its xNext, xEof and xRowid. */
typedef struct gpuadv_rows {
  sqlite3_vtab_cursor base;
  int pos; /* the current position */
  int end; /* one past the last */
} gpuadv_rows;
int gpuadv_rows_next(sqlite3_vtab_cursor *pCursor);
int gpuadv_rows_eof(sqlite3_vtab_cursor *pCursor);
int gpuadv_rows_rowid(sqlite3_vtab_cursor *pCursor, sqlite3_int64 *pRowid);

/* The sqlite3_module of an eponymous (no xCreate), read-only (no xUpdate)
** table: version 0, the given methods, every other member 0. */
#define GPUADV_READONLY_MODULE(connect, best_index, disconnect, open, close,  \
                               filter, next, eof, column, rowid)              \
  {                                                                           \
    .xConnect = connect, .xBestIndex = best_index, .xDisconnect = disconnect, \
    .xOpen = open, .xClose = close, .xFilter = filter, .xNext = next,         \
    .xEof = eof, .xColumn = column, .xRowid = rowid                           \
  }

/* gpuadv_model_funcs.c: a serving replica of the model, GPU, dtype and
** engine given as SQL values (NULL dtype: bf16; NULL engine: vllm), over
** tp x pp GPUs with ep of them holding experts, on nodes of gpus_per_node
** GPUs joined by fabric_gbps Gbit/s each; the KV cache per context token
** taken at mean_context, its capacity what the weights leave of the GPUs'
** memory less the share `headroom` left free; engine_version the release
** (gpuadv_release.c; NULL: the newest), which sets the engine's overlap. */
typedef struct gpuadv_replica_ask {
  sqlite3_value *model, *gpu, *dtype, *engine, *kv_dtype; /* NULL: none */
  sqlite3_value *engine_version;                          /* NULL: none */
  double tp, pp, ep, gpus_per_node, fabric_gbps;
  double mean_context, headroom;
} gpuadv_replica_ask;

/* Fills *r and *e (which *r points to) from *ask and returns SQLITE_OK, or
** sets *pzErr (sqlite3_malloc'd) and returns an error code. */
struct gpuadv_replica;
struct gpuadv_engine_consts;
int gpuadv_replica_from_values(const gpuadv_replica_ask *ask,
                               struct gpuadv_replica *r,
                               struct gpuadv_engine_consts *e, char **pzErr);

#endif /* GPUADV_INTERNAL_H */
