/*
** gpuadv_model_funcs.c: estimates by catalog name (SPEC section 2b).
**
**   SELECT model_weights_gb('llama-3.1-70b', 'fp8');          -- 70.6
**   SELECT model_kv_gb('deepseek-v3', 1, 1, 'bf16') * 1e9;    -- 70272.0
**
** The model's shape comes from the compiled-in `models` catalog. An unknown
** name is an error that names it and suggests the closest names.
*/
#include "gpuadv_args.h"
#include "gpuadv_catalog.h"
#include "gpuadv_catalog_cols.h"
#include "gpuadv_internal.h"
#include "gpuadv_math.h"

SQLITE_EXTENSION_INIT3

/* Index of fp16 and bf16 in gpuadv_dtypes[]. */
#define DTYPE_FP16 2

/* Room for "'a', 'b', 'c'" suggestions. */
#define SUGGEST_BUF 200

/* Look up catalog row of the name in argument i, caching the row's first
** cell per statement (a pointer into constant data: no destructor).
** Returns the row number, or -1 after setting an error. */
static int lookup_row(sqlite3_context *ctx, const gpuadv_fn *fn,
                      const gpuadv_catalog *cat, sqlite3_value **argv, int i) {
  const gpuadv_cell *cached = (const gpuadv_cell *)sqlite3_get_auxdata(ctx, i);
  const char *key;
  int n_key, row;
  if (cached) return (int)((cached - cat->cells) / cat->n_columns);
  key = (const char *)sqlite3_value_text(argv[i]);
  n_key = sqlite3_value_bytes(argv[i]);
  if (!key) {
    sqlite3_result_error_nomem(ctx);
    return -1;
  }
  row = gpuadv_catalog_find(cat, key, n_key);
  if (row < 0) {
    char suggest[SUGGEST_BUF];
    gpuadv_catalog_suggest(cat, key, n_key, suggest, (int)sizeof(suggest));
    gpuadv_result_errorf(ctx, fn, "unknown %s '%.*s' in %s; closest: %s",
                         fn->args[i].name, n_key > 64 ? 64 : n_key, key,
                         cat->name, suggest);
    return -1;
  }
  sqlite3_set_auxdata(ctx, i,
                      (void *)gpuadv_catalog_cell(cat, row, 0), 0);
  return row;
}

#define MODEL(col) gpuadv_catalog_number(&gpuadv_catalog_models, row, col)

static const gpuadv_fn fn_model_weights_gb = {
  "model_weights_gb", 2, 2,
  {{"model", GPUADV_ARG_NAME, 0, 0, 0, 0, 0},
   {"dtype", GPUADV_ARG_DTYPE, 0, 0, 0, 0, 0}}};

static void sql_model_weights_gb(sqlite3_context *ctx, int argc,
                                 sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_model_weights_gb;
  double a[GPUADV_MAX_ARGS];
  int row;
  if (!gpuadv_args_parse(ctx, fn, argc, argv, a)) return;
  row = lookup_row(ctx, fn, &gpuadv_catalog_models, argv, 0);
  if (row < 0) return;
  gpuadv_result_number(
      ctx, fn,
      gpuadv_weights_gb(MODEL(MODELS_COL_PARAMS_B),
                        gpuadv_dtypes[(int)a[1]].bytes_per_param));
}

static const gpuadv_fn fn_model_kv_gb = {
  "model_kv_gb", 2, 4,
  {{"model", GPUADV_ARG_NAME, 0, 0, 0, 0, 0},
   {"seq_len", GPUADV_ARG_NUMBER, GPUADV_RANGE_GE, 0, 0, 0, 0},
   {"batch", GPUADV_ARG_NUMBER, GPUADV_RANGE_GT, 0, 0, 1, 0},
   {"dtype", GPUADV_ARG_DTYPE, 0, 0, 0, DTYPE_FP16, 0}}};

static void sql_model_kv_gb(sqlite3_context *ctx, int argc,
                            sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_model_kv_gb;
  double a[GPUADV_MAX_ARGS];
  int row;
  gpuadv_model_shape m;
  if (!gpuadv_args_parse(ctx, fn, argc, argv, a)) return;
  row = lookup_row(ctx, fn, &gpuadv_catalog_models, argv, 0);
  if (row < 0) return;
  m.layers = MODEL(MODELS_COL_LAYERS);
  m.kv_heads = MODEL(MODELS_COL_KV_HEADS);
  m.head_dim = MODEL(MODELS_COL_HEAD_DIM);
  m.kv_lora_rank = MODEL(MODELS_COL_KV_LORA_RANK);
  m.qk_rope_head_dim = MODEL(MODELS_COL_QK_ROPE_HEAD_DIM);
  m.sliding_window = MODEL(MODELS_COL_SLIDING_WINDOW);
  m.sliding_layers = MODEL(MODELS_COL_SLIDING_LAYERS);
  gpuadv_result_number(
      ctx, fn,
      gpuadv_model_kv_gb(&m, a[1], a[2],
                         gpuadv_dtypes[(int)a[3]].bytes_per_param));
}

/* clang-format off */
static const gpuadv_fn_entry model_func_table[] = {
  {&fn_model_weights_gb, sql_model_weights_gb},
  {&fn_model_kv_gb,      sql_model_kv_gb},
};
/* clang-format on */

int gpuadv_register_model_functions(sqlite3 *db, char **pzErrMsg) {
  return gpuadv_register_fn_table(
      db, model_func_table,
      (int)(sizeof(model_func_table) / sizeof(model_func_table[0])),
      pzErrMsg);
}
