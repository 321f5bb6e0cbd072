/*
** gpuadv_model_funcs.c: estimates by catalog name (SPEC section 2b).
**
**   SELECT model_weights_gb('llama-3.1-70b', 'fp8');          -- 70.6
**   SELECT model_kv_gb('deepseek-v3', 1, 1, 'bf16') * 1e9;    -- 70272.0
**
** The model's shape comes from the compiled-in `models` catalog. A name is
** the catalog slug or one of its aliases (catalogs/aliases.csv), ASCII case
** ignored: 'Llama-3.1-70B' and 'meta-llama/Llama-3.1-70B-Instruct' are
** llama-3.1-70b. An unknown name is an error that names it and suggests the
** closest names; a name that several slugs start with ('h100') is an error
** that lists them.
**
**   SELECT gpu_name('NVIDIA H100 80GB HBM3');                 -- h100-sxm
*/
#include <assert.h>

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
/* An unknown name is quoted in the message up to this many bytes. */
#define NAME_QUOTE_MAX 64

/* The error for key, which names no row of cat: "unknown gpu 'h100x' in
** gpus; closest: 'h100-sxm', ..." or, when several names start with it,
** "ambiguous gpu 'h100' in gpus: could be 'h100-sxm', ...". prefix
** ("model_kv_gb(): ") and what ("gpu") come from the caller. */
static void name_error(sqlite3_context *ctx, const char *prefix,
                       const char *what, const gpuadv_catalog *cat,
                       const char *key, int n_key) {
  char suggest[SUGGEST_BUF];
  int shown = gpuadv_utf8_prefix(key, n_key, NAME_QUOTE_MAX);
  char *msg;
  int n_ambiguous =
      gpuadv_catalog_suggest(cat, key, n_key, suggest, (int)sizeof(suggest));
  if (n_ambiguous > GPUADV_SUGGEST_AMBIGUOUS) {
    msg = sqlite3_mprintf("%sambiguous %s '%.*s' in %s: could be %s and %d "
                          "more", prefix, what, shown, key, cat->name, suggest,
                          n_ambiguous - GPUADV_SUGGEST_AMBIGUOUS);
  } else if (n_ambiguous) {
    msg = sqlite3_mprintf("%sambiguous %s '%.*s' in %s: could be %s", prefix,
                          what, shown, key, cat->name, suggest);
  } else {
    msg = sqlite3_mprintf("%sunknown %s '%.*s' in %s; closest: %s", prefix,
                          what, shown, key, cat->name, suggest);
  }
  if (!msg) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  sqlite3_result_error(ctx, msg, -1);
  sqlite3_free(msg);
}

/* Look up the catalog row of the name in argument i: the slug or an alias,
** ASCII case ignored. Returns the row number, or -1 after setting an
** error. A binary search of a few comparisons, every row: names mostly
** come from a column (a join with the catalog), where an auxdata cache
** like the keywords' would miss on every row and cost more than it
** saves. */
static int lookup_row(sqlite3_context *ctx, const gpuadv_fn *fn,
                      const gpuadv_catalog *cat, sqlite3_value **argv, int i) {
  const char *key = (const char *)sqlite3_value_text(argv[i]);
  int n_key = sqlite3_value_bytes(argv[i]);
  int row;
  if (!key) {
    sqlite3_result_error_nomem(ctx);
    return -1;
  }
  row = gpuadv_catalog_resolve(cat, key, n_key);
  if (row < 0) {
    char prefix[64];
    sqlite3_snprintf((int)sizeof(prefix), prefix, "%s(): ", fn->name);
    name_error(ctx, prefix, fn->args[i].name, cat, key, n_key);
    return -1;
  }
  return row;
}

#define MODEL(col) gpuadv_catalog_number(&gpuadv_catalog_models, row, col)

/* The definition of the models catalog's row. */
static void model_from_row(int row, gpuadv_model_def *d) {
  gpuadv_model_shape *m = &d->shape;
  d->params_b = MODEL(MODELS_COL_PARAMS_B);
  d->active_params_b = MODEL(MODELS_COL_ACTIVE_PARAMS_B);
  d->hidden = MODEL(MODELS_COL_HIDDEN);
  d->intermediate = MODEL(MODELS_COL_INTERMEDIATE);
  d->heads = MODEL(MODELS_COL_HEADS);
  d->vocab = MODEL(MODELS_COL_VOCAB);
  d->context = MODEL(MODELS_COL_CONTEXT);
  d->n_experts = MODEL(MODELS_COL_N_EXPERTS);
  d->experts_per_token = MODEL(MODELS_COL_EXPERTS_PER_TOKEN);
  m->layers = MODEL(MODELS_COL_LAYERS);
  m->kv_heads = MODEL(MODELS_COL_KV_HEADS);
  m->head_dim = MODEL(MODELS_COL_HEAD_DIM);
  m->kv_lora_rank = MODEL(MODELS_COL_KV_LORA_RANK);
  m->qk_rope_head_dim = MODEL(MODELS_COL_QK_ROPE_HEAD_DIM);
  m->sliding_window = MODEL(MODELS_COL_SLIDING_WINDOW);
  m->sliding_layers = MODEL(MODELS_COL_SLIDING_LAYERS);
  m->linear_layers = MODEL(MODELS_COL_LINEAR_LAYERS);
  m->linear_state_elems = MODEL(MODELS_COL_LINEAR_STATE_ELEMS);
}

/* The model named by argument i: fills *d and returns 1, or sets an error
** and returns 0. */
static int resolve_model(sqlite3_context *ctx, const gpuadv_fn *fn,
                         sqlite3_value **argv, int i, gpuadv_model_def *d) {
  int row = lookup_row(ctx, fn, &gpuadv_catalog_models, argv, i);
  if (row < 0) return 0;
  model_from_row(row, d);
  return 1;
}

static const gpuadv_fn fn_model_weights_gb = {
  "model_weights_gb", 2, 2,
  {GPUADV_NAME("model"),
   GPUADV_DTYPE("dtype", 0)}};

static void sql_model_weights_gb(sqlite3_context *ctx, int argc,
                                 sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_model_weights_gb;
  double a[GPUADV_MAX_ARGS];
  gpuadv_model_def m;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  if (!resolve_model(ctx, fn, argv, 0, &m)) return;
  gpuadv_result_number(
      ctx, fn,
      gpuadv_weights_gb(m.params_b, gpuadv_dtypes[(int)a[1]].bytes_per_param));
}

static const gpuadv_fn fn_model_kv_gb = {
  "model_kv_gb", 2, 4,
  {GPUADV_NAME("model"),
   GPUADV_NONNEG("seq_len"),
   GPUADV_NUM("batch", GPUADV_RANGE_GT, 0, 0, 1),
   GPUADV_DTYPE("dtype", DTYPE_FP16)}};

static void sql_model_kv_gb(sqlite3_context *ctx, int argc,
                            sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_model_kv_gb;
  double a[GPUADV_MAX_ARGS];
  gpuadv_model_def m;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  if (!resolve_model(ctx, fn, argv, 0, &m)) return;
  gpuadv_result_number(
      ctx, fn,
      gpuadv_model_kv_gb(&m.shape, a[1], a[2],
                         gpuadv_dtypes[(int)a[3]].bytes_per_param));
}

#define GPU(col) gpuadv_catalog_number(&gpuadv_catalog_gpus, gpu, col)

/* Dense datasheet TFLOP/s of a GPU at the matmul precision of a dtype,
** falling back to the next wider precision the chip has; 0 if none is
** published. */
static double datasheet_tflops(int gpu, int compute) {
  static const int order[][4] = {
    /* FP32  */ {GPUS_COL_FP32_TFLOPS, -1, -1, -1},
    /* TF32  */ {GPUS_COL_TF32_TFLOPS, GPUS_COL_FP32_TFLOPS, -1, -1},
    /* 16BIT */ {GPUS_COL_BF16_TFLOPS, GPUS_COL_FP16_TFLOPS, GPUS_COL_FP32_TFLOPS, -1},
    /* FP8   */ {GPUS_COL_FP8_TFLOPS, GPUS_COL_BF16_TFLOPS, GPUS_COL_FP16_TFLOPS, GPUS_COL_FP32_TFLOPS},
    /* INT8  */ {GPUS_COL_INT8_TOPS, GPUS_COL_BF16_TFLOPS, GPUS_COL_FP16_TFLOPS, GPUS_COL_FP32_TFLOPS},
    /* FP4   */ {GPUS_COL_FP4_TFLOPS, GPUS_COL_FP8_TFLOPS, GPUS_COL_BF16_TFLOPS, GPUS_COL_FP16_TFLOPS},
  };
  int i;
  for (i = 0; i < 4 && order[compute][i] >= 0; i++) {
    double t = GPU(order[compute][i]);
    if (t > 0.0) return t;
  }
  return 0.0;
}

static int memory_class(int gpu) {
  const gpuadv_cell *c =
      gpuadv_catalog_cell(&gpuadv_catalog_gpus, gpu, GPUS_COL_MEMORY_CLASS);
  const char *t = c->type == GPUADV_CELL_TEXT ? c->v.text : "";
  if (t[0] == 'H') return GPUADV_MEM_HBM;
  if (t[0] == 'G') return GPUADV_MEM_GDDR;
  if (t[0] == 'u') return GPUADV_MEM_UNIFIED;
  return GPUADV_MEM_DDR;
}

/* The KV cache is kept in 16 bits, or in fp8 when the weights are fp8 or
** fp4 (what TensorRT-LLM and vLLM do with FP8 checkpoints). */
static double kv_bytes_per_element(int dtype) {
  int compute = gpuadv_dtypes[dtype].compute;
  return (compute == GPUADV_COMPUTE_FP8 || compute == GPUADV_COMPUTE_FP4)
             ? 1.0 : 2.0;
}

static const gpuadv_fn fn_model_decode_tps = {
  "model_decode_tps", 3, 6,
  {GPUADV_NAME("model"),
   GPUADV_NAME("gpu"),
   GPUADV_DTYPE("dtype", 0),
   GPUADV_NUM("batch", GPUADV_RANGE_GT, 0, 0, 1),
   GPUADV_NONNEG("context_tokens"),
   GPUADV_WHOLE("n_gpus", 1, 1e6, 1)}};

static void sql_model_decode_tps(sqlite3_context *ctx, int argc,
                                 sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_model_decode_tps;
  double a[GPUADV_MAX_ARGS];
  int gpu, dtype;
  gpuadv_model_def m;
  gpuadv_decode_setup d;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  if (!resolve_model(ctx, fn, argv, 0, &m)) return;
  gpu = lookup_row(ctx, fn, &gpuadv_catalog_gpus, argv, 1);
  if (gpu < 0) return;
  dtype = (int)a[2];
  d.mem_bw_gbs = GPU(GPUS_COL_MEM_BW_GBS);
  d.memory_class = memory_class(gpu);
  d.achievable_tflops = datasheet_tflops(gpu, gpuadv_dtypes[dtype].compute) *
                        GPUADV_DEFAULT_COMPUTE_EFFICIENCY;
  d.interconnect_gbs = GPU(GPUS_COL_INTERCONNECT_GBS);
  d.params_b = m.params_b;
  d.active_params_b = m.active_params_b;
  d.n_experts = m.n_experts;
  d.experts_per_token = m.experts_per_token;
  d.hidden = m.hidden;
  d.embedding_params_b = m.vocab * m.hidden / 1e9;
  d.layers = m.shape.layers;
  d.bytes_per_param = gpuadv_dtypes[dtype].bytes_per_param;
  d.gguf = gpuadv_dtypes[dtype].gguf;
  d.kv_gb_per_seq = gpuadv_model_kv_gb(&m.shape, a[4], 1.0, kv_bytes_per_element(dtype));
  d.batch = a[3];
  d.n_gpus = a[5];
  gpuadv_result_number(ctx, fn, gpuadv_model_decode_tps(&d));
}

static const gpuadv_fn fn_model_prefill_tps = {
  "model_prefill_tps", 3, 4,
  {GPUADV_NAME("model"),
   GPUADV_NAME("gpu"),
   GPUADV_DTYPE("dtype", 0),
   GPUADV_WHOLE("n_gpus", 1, 1e6, 1)}};

static void sql_model_prefill_tps(sqlite3_context *ctx, int argc,
                                  sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_model_prefill_tps;
  double a[GPUADV_MAX_ARGS];
  int gpu;
  double tflops;
  gpuadv_model_def m;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  if (!resolve_model(ctx, fn, argv, 0, &m)) return;
  gpu = lookup_row(ctx, fn, &gpuadv_catalog_gpus, argv, 1);
  if (gpu < 0) return;
  tflops = datasheet_tflops(gpu, gpuadv_dtypes[(int)a[2]].compute);
  if (tflops <= 0.0) {
    sqlite3_result_null(ctx); /* the vendor publishes no TFLOP/s figure */
    return;
  }
  gpuadv_result_number(
      ctx, fn,
      a[3] * gpuadv_prefill_tps(tflops, m.active_params_b,
                                GPUADV_DEFAULT_PREFILL_MFU));
}

static const gpuadv_fn fn_gpu_name = {
  "gpu_name", 1, 2, {GPUADV_NAME("gpu"), GPUADV_NAME("label")}};
static const gpuadv_fn fn_model_name = {
  "model_name", 1, 2, {GPUADV_NAME("model"), GPUADV_NAME("label")}};

/* gpu_name(name [, label]) and model_name(name [, label]): the catalog
** slug that a name or alias stands for, ASCII case ignored. NULL for NULL.
** An unknown or ambiguous name gives NULL with one argument; with a label
** (the column being checked, 'owned_prices.gpu') it is an error that
** quotes the name and suggests names, for triggers and CHECKs:
**   gpu_name(): owned_prices.gpu must be a gpus.name: unknown gpu 'h100x'
**   in gpus; closest: 'h100-sxm', 'h100-nvl', 'h100-pcie' */
static void catalog_name(sqlite3_context *ctx, const gpuadv_fn *fn,
                         const gpuadv_catalog *cat, int argc,
                         sqlite3_value **argv) {
  double a[GPUADV_MAX_ARGS];
  const char *key;
  int n_key, row;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  key = (const char *)sqlite3_value_text(argv[0]);
  n_key = sqlite3_value_bytes(argv[0]);
  if (!key) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  row = gpuadv_catalog_resolve(cat, key, n_key);
  if (row >= 0) {
    const gpuadv_cell *c = gpuadv_catalog_cell(cat, row, cat->indexes[0].column);
    assert(c->type == GPUADV_CELL_TEXT);
    sqlite3_result_text(ctx, c->v.text, -1, SQLITE_STATIC);
  } else if (argc < 2 || sqlite3_value_type(argv[1]) == SQLITE_NULL) {
    sqlite3_result_null(ctx);
  } else {
    char prefix[NAME_QUOTE_MAX + 64];
    const char *label = (const char *)sqlite3_value_text(argv[1]);
    int n_label = sqlite3_value_bytes(argv[1]);
    if (!label) {
      sqlite3_result_error_nomem(ctx);
      return;
    }
    sqlite3_snprintf((int)sizeof(prefix), prefix,
                     "%s(): %.*s must be a %s.name: ", fn->name,
                     gpuadv_utf8_prefix(label, n_label, NAME_QUOTE_MAX), label,
                     cat->name);
    name_error(ctx, prefix, fn->args[0].name, cat, key, n_key);
  }
}

static void sql_gpu_name(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  catalog_name(ctx, &fn_gpu_name, &gpuadv_catalog_gpus, argc, argv);
}

static void sql_model_name(sqlite3_context *ctx, int argc,
                           sqlite3_value **argv) {
  catalog_name(ctx, &fn_model_name, &gpuadv_catalog_models, argc, argv);
}

/* clang-format off */
static const gpuadv_fn_entry model_func_table[] = {
  {&fn_gpu_name,           sql_gpu_name},
  {&fn_model_name,         sql_model_name},
  {&fn_model_weights_gb,   sql_model_weights_gb},
  {&fn_model_kv_gb,        sql_model_kv_gb},
  {&fn_model_decode_tps,   sql_model_decode_tps},
  {&fn_model_prefill_tps,  sql_model_prefill_tps},
};
/* clang-format on */

int gpuadv_register_model_functions(sqlite3 *db, char **pzErrMsg) {
  return gpuadv_register_fn_table(
      db, model_func_table,
      (int)(sizeof(model_func_table) / sizeof(model_func_table[0])),
      pzErrMsg);
}
