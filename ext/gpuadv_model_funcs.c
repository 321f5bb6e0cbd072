/*
** gpuadv_model_funcs.c: estimates by catalog name or by config.json
** (README "Catalog-aware functions").
**
**   SELECT model_weights_gb('llama-3.1-70b', 'fp8');          -- 70.6
**   SELECT model_kv_gb('deepseek-v3', 1, 1, 'bf16') * 1e9;    -- 70272.0
**   SELECT model_kv_gb(readfile('config.json'), 8192);
**
** The model argument is either a name of the compiled-in `models` catalog
** or the text of a Hugging Face config.json: text whose first non-blank
** character is '{' is read as a config (ext/gpuadv_config.c), anything
** else as a name. An unknown name is an error that names it and suggests
** the closest names; a config that cannot be read is an error that names
** the missing or odd key:
**   model_kv_gb(): model: config: missing key 'hidden_size'
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
#include "gpuadv_config.h"
#include "gpuadv_internal.h"
#include "gpuadv_math.h"

#include <assert.h>
#include <math.h>
#include <string.h>

SQLITE_EXTENSION_INIT3

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
  char suggest[SUGGEST_BUF], shown[2 * NAME_QUOTE_MAX + 1];
  char *msg;
  int n_ambiguous =
      gpuadv_catalog_suggest(cat, key, n_key, suggest, (int)sizeof(suggest));
  /* An embedded NUL shows as \0, not as the end of the name. */
  gpuadv_quote_bytes(shown, (int)sizeof(shown), key, n_key, NAME_QUOTE_MAX);
  if (n_ambiguous > GPUADV_SUGGEST_AMBIGUOUS) {
    msg = sqlite3_mprintf(
        "%sambiguous %s '%s' in %s: could be %s and %d "
        "more",
        prefix, what, shown, cat->name, suggest,
        n_ambiguous - GPUADV_SUGGEST_AMBIGUOUS);
  } else if (n_ambiguous) {
    msg = sqlite3_mprintf("%sambiguous %s '%s' in %s: could be %s", prefix,
                          what, shown, cat->name, suggest);
  } else {
    msg = sqlite3_mprintf("%sunknown %s '%s' in %s; closest: %s", prefix, what,
                          shown, cat->name, suggest);
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

/* The model of the config.json text z (n bytes): fills *d and returns 1,
** or sets an error naming argument i and returns 0. The reading needs a
** gpuadv_config_model (its explanation rows make it large), which lives
** only for the call. */
static int model_from_config(sqlite3_context *ctx, const gpuadv_fn *fn, int i,
                             const char *z, int n, gpuadv_model_def *d) {
  gpuadv_config_model *m = sqlite3_malloc(sizeof(*m));
  char err[GPUADV_CONFIG_ERR_MAX];
  int rc, ok = 0;
  if (!m) {
    sqlite3_result_error_nomem(ctx);
    return 0;
  }
  rc = gpuadv_config_read(z, n, m, err, (int)sizeof(err));
  if (rc == 0) {
    *d = m->def;
    ok = 1;
  } else if (rc == -2) {
    sqlite3_result_error_nomem(ctx);
  } else {
    gpuadv_result_errorf(ctx, fn, "%s: %s", fn->args[i].name, err);
  }
  sqlite3_free(m);
  return ok;
}

/* The model of argument i, a config.json text or a catalog name: fills *d
** and returns 1, or sets an error and returns 0. */
static int resolve_model(sqlite3_context *ctx, const gpuadv_fn *fn,
                         sqlite3_value **argv, int i, gpuadv_model_def *d) {
  int row;
  const char *z = (const char *)sqlite3_value_text(argv[i]);
  if (z && gpuadv_config_is_json(z, sqlite3_value_bytes(argv[i]))) {
    return model_from_config(ctx, fn, i, z, sqlite3_value_bytes(argv[i]), d);
  }
  row = lookup_row(ctx, fn, &gpuadv_catalog_models, argv, i);
  if (row < 0) return 0;
  model_from_row(row, d);
  return 1;
}

/* The whole heads a model's KV cache is sharded by: its key-value heads,
** 1 for an MLA latent, 0 for a model with no attention KV. */
static double model_kv_heads(const gpuadv_model_def *m) {
  if (m->shape.kv_lora_rank > 0.0) return 1.0;
  return m->shape.kv_heads > 0.0 ? m->shape.kv_heads : 0.0;
}

/* FLOPs of decode attention per element of the KV cache a step reads:
** grouped-query attention multiplies each cached key and value element by
** heads / kv_heads queries (2 FLOP each); an MLA latent of kv_lora_rank +
** qk_rope_head_dim elements serves every head twice, the scores against
** all of it and the values from its kv_lora_rank part (DeepSeek-V2's
** absorbed form, FlashMLA). */
static double attn_flop_per_kv_element(const gpuadv_model_def *m) {
  const gpuadv_model_shape *s = &m->shape;
  if (s->kv_lora_rank > 0.0) {
    return 2.0 * m->heads * (2.0 * s->kv_lora_rank + s->qk_rope_head_dim) /
           (s->kv_lora_rank + s->qk_rope_head_dim);
  }
  return s->kv_heads > 0.0 ? 2.0 * m->heads / s->kv_heads : 0.0;
}

/* Billions of elements one sequence caches at seq_len tokens of context:
** the attention layers' KV (*attn_g) and the recurrent state of a hybrid
** model's linear layers (*state_g), which attention does not read. */
static void seq_cache_g(const gpuadv_model_def *m, double seq_len,
                        double *attn_g, double *state_g) {
  *state_g = gpuadv_model_kv_gb(&m->shape, 0.0, 1.0, 1.0);
  *attn_g = gpuadv_model_kv_gb(&m->shape, seq_len, 1.0, 1.0) - *state_g;
}

/* GB of weights a replica of model m in dtype holds, with dp groups of
** data-parallel attention: each group keeps its own copy of the weights
** other than the experts. */
static double model_replica_weights_gb(const gpuadv_model_def *m, int dtype,
                                       double dp) {
  double dense_b, experts_b;
  assert(dtype >= 0 && dtype < GPUADV_N_DTYPES && dp >= 1.0);
  gpuadv_moe_split_b(m->params_b, m->active_params_b, m->n_experts,
                     m->experts_per_token, &dense_b, &experts_b);
  return gpuadv_weights_gb(m->params_b + (dp - 1.0) * dense_b,
                           gpuadv_dtypes[dtype].bytes_per_param);
}

/* Each function's argument slots, in SQL order: the signature tables are
** initialised by them and the wrappers read a[SLOT], so the two agree. */
enum { MW_MODEL, MW_DTYPE, MW_DP, MW_N };

static const gpuadv_fn fn_model_weights_gb = {
    "model_weights_gb",
    2,
    MW_N,
    {[MW_MODEL] = GPUADV_MODEL("model"),
     [MW_DTYPE] = GPUADV_DTYPE("dtype", 0),
     [MW_DP] = GPUADV_WHOLE("dp", 1, 1024, 1)}};

static void sql_model_weights_gb(sqlite3_context *ctx, int argc,
                                 sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_model_weights_gb;
  double a[GPUADV_MAX_ARGS];
  gpuadv_model_def m;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  if (!resolve_model(ctx, fn, argv, MW_MODEL, &m)) return;
  gpuadv_result_number(
      ctx, fn, model_replica_weights_gb(&m, (int)a[MW_DTYPE], a[MW_DP]));
}

enum { MKV_MODEL, MKV_SEQ_LEN, MKV_BATCH, MKV_DTYPE, MKV_TP, MKV_N };

static const gpuadv_fn fn_model_kv_gb = {
    "model_kv_gb",
    2,
    MKV_N,
    {[MKV_MODEL] = GPUADV_MODEL("model"),
     [MKV_SEQ_LEN] = GPUADV_NONNEG("seq_len"),
     [MKV_BATCH] = GPUADV_NUM("batch", GPUADV_RANGE_GT, 0, 0, 1),
     [MKV_DTYPE] = GPUADV_DTYPE("dtype", GPUADV_FP16),
     [MKV_TP] = GPUADV_WHOLE("tp", 1, 1024, 1)}};

/* GB one sequence's cache of attn_g and state_g billion elements (from
** seq_cache_g) takes on the tp GPUs of an attention group together: the
** attention KV times its copies (gpuadv_kv_copies), the state once. */
static double group_kv_gb(const gpuadv_model_def *m, double attn_g,
                          double state_g, double tp, double bytes_per_element) {
  return (state_g + attn_g * gpuadv_kv_copies(model_kv_heads(m), tp)) *
         bytes_per_element;
}

/* model_kv_gb's GB for seq_len tokens x batch on tp GPUs. */
static double model_group_kv_gb(const gpuadv_model_def *m, double seq_len,
                                double batch, double bytes_per_element,
                                double tp) {
  double attn_g, state_g;
  if (tp <= 1.0) {
    return gpuadv_model_kv_gb(&m->shape, seq_len, batch, bytes_per_element);
  }
  seq_cache_g(m, seq_len, &attn_g, &state_g);
  return group_kv_gb(m, attn_g, state_g, tp, bytes_per_element) * batch;
}

static void sql_model_kv_gb(sqlite3_context *ctx, int argc,
                            sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_model_kv_gb;
  double a[GPUADV_MAX_ARGS];
  gpuadv_model_def m;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  if (!resolve_model(ctx, fn, argv, MKV_MODEL, &m)) return;
  gpuadv_result_number(
      ctx, fn,
      model_group_kv_gb(&m, a[MKV_SEQ_LEN], a[MKV_BATCH],
                        gpuadv_dtypes[(int)a[MKV_DTYPE]].bytes_per_param,
                        a[MKV_TP]));
}

#define GPU(col) gpuadv_catalog_number(&gpuadv_catalog_gpus, gpu, col)

/* Dense datasheet TFLOP/s of a GPU at the matmul precision of a dtype,
** falling back to the next wider precision the chip has; 0 if none is
** published. A 4-bit float weight on a chip without FP4 units falls back
** to 16 bits, not to FP8: the engines dequantise it to bf16 there (vLLM's
** gpt-oss recipe: Marlin MXFP4 MoE kernels on Ampere, the Triton MoE
** kernels with bf16 activations on Hopper), as they do int4. */
static double datasheet_tflops(int gpu, int compute) {
  static const int order[][4] = {
      /* FP32  */ {GPUS_COL_FP32_TFLOPS, -1, -1, -1},
      /* TF32  */ {GPUS_COL_TF32_TFLOPS, GPUS_COL_FP32_TFLOPS, -1, -1},
      /* 16BIT */
      {GPUS_COL_BF16_TFLOPS, GPUS_COL_FP16_TFLOPS, GPUS_COL_FP32_TFLOPS, -1},
      /* FP8   */
      {GPUS_COL_FP8_TFLOPS, GPUS_COL_BF16_TFLOPS, GPUS_COL_FP16_TFLOPS,
       GPUS_COL_FP32_TFLOPS},
      /* INT8  */
      {GPUS_COL_INT8_TOPS, GPUS_COL_BF16_TFLOPS, GPUS_COL_FP16_TFLOPS,
       GPUS_COL_FP32_TFLOPS},
      /* FP4   */
      {GPUS_COL_FP4_TFLOPS, GPUS_COL_BF16_TFLOPS, GPUS_COL_FP16_TFLOPS, -1},
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
  /* catalogs/gen_catalog.py admits only these four words. */
  if (strcmp(t, "HBM") == 0) return GPUADV_MEM_HBM;
  if (strcmp(t, "GDDR") == 0) return GPUADV_MEM_GDDR;
  if (strcmp(t, "unified") == 0) return GPUADV_MEM_UNIFIED;
  assert(strcmp(t, "DDR") == 0);
  return GPUADV_MEM_DDR;
}

/* The serving engines, in the order error messages list them; each is a
** row of the engines catalog (tests/sql/engines.sql checks the two agree). */
static const char *const engine_names[] = {"vllm", "sglang", "trtllm",
                                           "llama.cpp", NULL};
#define ENGINE_DEFAULT 0 /* vllm */

#define ENGINE(col) gpuadv_catalog_number(&gpuadv_catalog_engines, row, col)

/* The engines catalog's row of engine keyword index `engine`. */
static int engine_row(int engine) {
  const char *name = engine_names[engine];
  int row =
      gpuadv_catalog_find(&gpuadv_catalog_engines, name, (int)strlen(name));
  assert(row >= 0); /* every keyword has its catalog row */
  return row;
}
#define ENGINE_ROW(engine, col) \
  gpuadv_catalog_number(&gpuadv_catalog_engines, engine_row(engine), col)

/* The fitted constants of engine keyword index `engine`. */
static void engine_consts(int engine, gpuadv_engine_consts *e) {
  int row = engine_row(engine);
  e->bw_eff[GPUADV_MEM_HBM] = ENGINE(ENGINES_COL_BW_EFF_HBM);
  e->bw_eff[GPUADV_MEM_GDDR] = ENGINE(ENGINES_COL_BW_EFF_GDDR);
  e->bw_eff[GPUADV_MEM_UNIFIED] = ENGINE(ENGINES_COL_BW_EFF_UNIFIED);
  e->bw_eff[GPUADV_MEM_DDR] = ENGINE(ENGINES_COL_BW_EFF_DDR);
  e->kv_eff = ENGINE(ENGINES_COL_KV_EFF);
  e->layer_overhead_s = ENGINE(ENGINES_COL_LAYER_OVERHEAD_US) * 1e-6;
  e->token_overhead_s = ENGINE(ENGINES_COL_TOKEN_OVERHEAD_US) * 1e-6;
  e->compute_eff = ENGINE(ENGINES_COL_COMPUTE_EFF);
  e->prefill_mfu = ENGINE(ENGINES_COL_PREFILL_MFU);
  e->prefill_half_tokens = ENGINE(ENGINES_COL_PREFILL_HALF_TOKENS);
  e->gguf_unified_factor = ENGINE(ENGINES_COL_GGUF_UNIFIED_FACTOR);
  e->prefill_mfu_unified = ENGINE(ENGINES_COL_PREFILL_MFU_UNIFIED);
  e->gguf_prefill_factor = ENGINE(ENGINES_COL_GGUF_PREFILL_FACTOR);
  e->attn_eff = ENGINE(ENGINES_COL_ATTN_EFF);
  e->fp16_accumulate = ENGINE(ENGINES_COL_FP16_ACCUMULATE) > 0.0;
  e->batch_tokens = ENGINE(ENGINES_COL_TOKEN_BUDGET);
  {
    const gpuadv_cell *c = gpuadv_catalog_cell(&gpuadv_catalog_engines, row,
                                               ENGINES_COL_MULTI_GPU);
    assert(c->type == GPUADV_CELL_TEXT);
    e->split_layers = strcmp(c->v.text, "layer") == 0;
  }
}

static const char *cell_text(const gpuadv_catalog *cat, int row, int col) {
  const gpuadv_cell *c = gpuadv_catalog_cell(cat, row, col);
  return c->type == GPUADV_CELL_TEXT ? c->v.text : "";
}

/* Whether word (n bytes) is one of the space-separated words of list. */
static int list_has(const char *list, const char *word, int n) {
  const char *p = list;
  while (*p) {
    const char *end = strchr(p, ' ');
    int len = end ? (int)(end - p) : (int)strlen(p);
    if (len == n && memcmp(p, word, (size_t)n) == 0) return 1;
    if (!end) break;
    p = end + 1;
  }
  return 0;
}

/* GLOB with '*' only, as the engine_support catalog's arch patterns use. */
static int arch_matches(const char *pattern, const char *arch) {
  if (*pattern == 0) return *arch == 0;
  if (*pattern == '*') {
    for (;; arch++) {
      if (arch_matches(pattern + 1, arch)) return 1;
      if (*arch == 0) return 0;
    }
  }
  return *pattern == *arch && arch_matches(pattern + 1, arch + 1);
}

/* Whether the engine serves weights of the dtype on the GPU's vendor and
** architecture, by the engine_support catalog. */
static int engine_serves(int engine, int gpu, int dtype) {
  const gpuadv_catalog *sup = &gpuadv_catalog_engine_support;
  const char *name = engine_names[engine];
  const char *vendor = cell_text(&gpuadv_catalog_gpus, gpu, GPUS_COL_VENDOR);
  const char *arch = cell_text(&gpuadv_catalog_gpus, gpu, GPUS_COL_ARCH);
  const char *dt = gpuadv_dtypes[dtype].name;
  int lo, hi, k;
  gpuadv_catalog_range(sup, 0, name, (int)strlen(name), &lo, &hi);
  for (k = lo; k < hi; k++) {
    int row = sup->indexes[0].keys[k].row;
    if (strcmp(cell_text(sup, row, ENGINE_SUPPORT_COL_VENDOR), vendor) == 0 &&
        arch_matches(cell_text(sup, row, ENGINE_SUPPORT_COL_ARCH), arch) &&
        list_has(cell_text(sup, row, ENGINE_SUPPORT_COL_DTYPES), dt,
                 (int)strlen(dt))) {
      return 1;
    }
  }
  return 0;
}

/* The KV cache is kept in 16 bits, or in fp8 when the weights are fp8 or
** fp4 (what TensorRT-LLM and vLLM do with FP8 checkpoints). */
static double kv_bytes_per_element(int dtype) {
  int compute = gpuadv_dtypes[dtype].compute;
  return (compute == GPUADV_COMPUTE_FP8 || compute == GPUADV_COMPUTE_FP4) ? 1.0
                                                                          : 2.0;
}

/* How a GPU's measured matmul rate compares with the median chip's: its
** largest achievable matmul TFLOP/s (gpus.bf16_achieved_tflops,
** fp8_achieved_tflops) over its datasheet rate, divided by the median of
** that share, GPUADV_DEFAULT_COMPUTE_EFFICIENCY. The engines' efficiencies
** are fitted against datasheet rates on chips near the median, so a chip
** whose matmuls reach less of their datasheet (MI300X: 0.51) computes that
** much slower. fp8 and fp4 use the fp8 figure, the other formats the bf16
** one, each the other where only one is measured; 1 where none is, or for
** fp32 and tf32. */
static double matmul_share_factor(int gpu, int compute) {
  int first = GPUS_COL_BF16_ACHIEVED_TFLOPS,
      second = GPUS_COL_FP8_ACHIEVED_TFLOPS;
  int ds_first = GPUS_COL_BF16_TFLOPS, ds_second = GPUS_COL_FP8_TFLOPS;
  double achieved, datasheet;
  if (compute == GPUADV_COMPUTE_FP32 || compute == GPUADV_COMPUTE_TF32)
    return 1.0;
  if (compute == GPUADV_COMPUTE_FP8 || compute == GPUADV_COMPUTE_FP4) {
    first = GPUS_COL_FP8_ACHIEVED_TFLOPS;
    second = GPUS_COL_BF16_ACHIEVED_TFLOPS;
    ds_first = GPUS_COL_FP8_TFLOPS;
    ds_second = GPUS_COL_BF16_TFLOPS;
  }
  achieved = GPU(first);
  datasheet = GPU(ds_first);
  if (!(achieved > 0.0 && datasheet > 0.0)) {
    achieved = GPU(second);
    datasheet = GPU(ds_second);
  }
  if (!(achieved > 0.0 && datasheet > 0.0)) return 1.0;
  return achieved / datasheet / GPUADV_DEFAULT_COMPUTE_EFFICIENCY;
}

/* The dense TFLOP/s the engine's matmuls of dtype run at on the GPU: the
** datasheet figure of the dtype's precision, or for an engine whose fp16
** matmuls accumulate in fp16 (llama.cpp's cuBLAS calls), the GPU's
** fp16-accumulate figure where the datasheet gives one apart (GeForce
** cards: twice the fp32-accumulate rate). */
static double engine_tflops(int gpu, int dtype, const gpuadv_engine_consts *e) {
  int compute = gpuadv_dtypes[dtype].compute;
  if (e->fp16_accumulate && compute == GPUADV_COMPUTE_16BIT &&
      dtype != GPUADV_BF16 && GPU(GPUS_COL_FP16_ACC16_TFLOPS) > 0.0) {
    return GPU(GPUS_COL_FP16_ACC16_TFLOPS);
  }
  return datasheet_tflops(gpu, compute) * matmul_share_factor(gpu, compute);
}

/* What a decode step of model m in dtype on the GPU reads and computes,
** with engine e; the caller sets batch, kv_gb_per_seq and n_gpus. */
static void fill_decode_setup(gpuadv_decode_setup *d, const gpuadv_model_def *m,
                              int gpu, int dtype,
                              const gpuadv_engine_consts *e) {
  d->engine = e;
  d->mem_bw_gbs = GPU(GPUS_COL_MEM_BW_GBS);
  d->memory_class = memory_class(gpu);
  d->tflops = engine_tflops(gpu, dtype, e);
  d->interconnect_gbs = GPU(GPUS_COL_INTERCONNECT_GBS);
  d->params_b = m->params_b;
  d->active_params_b = m->active_params_b;
  d->n_experts = m->n_experts;
  d->experts_per_token = m->experts_per_token;
  d->hidden = m->hidden;
  d->embedding_params_b = m->vocab * m->hidden / 1e9;
  d->layers = m->shape.layers;
  d->bytes_per_param = gpuadv_dtypes[dtype].bytes_per_param;
  d->gguf = gpuadv_dtypes[dtype].gguf;
  d->attn_tflops = engine_tflops(gpu, GPUADV_BF16, e);
}

/* What a prefill of model m in dtype on the GPU computes, with engine e;
** the caller sets n_gpus. */
static void fill_prefill_setup(gpuadv_prefill_setup *p,
                               const gpuadv_model_def *m, int gpu, int dtype,
                               const gpuadv_engine_consts *e) {
  p->engine = e;
  p->tflops = engine_tflops(gpu, dtype, e);
  p->memory_class = memory_class(gpu);
  p->gguf = gpuadv_dtypes[dtype].gguf;
  p->mem_bw_gbs = GPU(GPUS_COL_MEM_BW_GBS);
  p->params_b = m->params_b;
  p->n_experts = m->n_experts;
  p->experts_per_token = m->experts_per_token;
  p->bytes_per_param = gpuadv_dtypes[dtype].bytes_per_param;
  p->interconnect_gbs = GPU(GPUS_COL_INTERCONNECT_GBS);
  p->active_params_b = m->active_params_b;
  p->embedding_params_b = m->vocab * m->hidden / 1e9;
  p->hidden = m->hidden;
  p->layers = m->shape.layers;
  p->attn_dim = m->heads * m->shape.head_dim;
  p->sliding_window = m->shape.sliding_window;
  p->sliding_layers = m->shape.sliding_layers;
  p->linear_layers = m->shape.linear_layers;
}

/* The default node of a replica that spans nodes: 8 GPUs (HGX/DGX-class
** servers) and 3200 Gbit/s of fabric, one 400 Gbit/s NDR InfiniBand or
** EFA port per GPU (AWS p5, Azure ND H100 v5: the instance_fabrics view). */
#define NODE_GPUS_DEFAULT 8
#define FABRIC_GBPS_DEFAULT 3200
#define FABRIC_LATENCY_S 20e-6 /* RDMA send and receive */

/* The layout of replica r (tp, pp, ep on nodes of gpus_per_node GPUs
** joined by fabric_gbps Gbit/s each) and the GB/s and latency of its
** pipeline hops and all-to-alls: NVLink-class within a node
** (interconnect_gbs counts both directions), else PCIe; across nodes the
** share of the node's fabric the GPUs that send own. A replica that spans
** nodes crosses the fabric at every hop (stages sharing a node are not
** told apart: a slight overestimate). SQLITE_OK; SQLITE_ERROR with the
** text after "NAME(): " in *pzMsg, which the caller frees; SQLITE_NOMEM. */
static int replica_layout(gpuadv_replica *r, double tp, double pp, double ep,
                          double gpus_per_node, double fabric_gbps,
                          char **pzMsg) {
  double link_gbs, link_latency_s;
  double node_gbs = fabric_gbps / 8.0;
  /* ep beyond the tp x pp GPUs: data-parallel attention over ep GPUs */
  int dp_attention = ep > tp * pp;
  double gpus = dp_attention ? ep : tp * pp;
  int bad = 1;
  gpuadv_gpu_link(r->decode.interconnect_gbs, &link_gbs, &link_latency_s);
  assert(tp >= 1.0 && pp >= 1.0 && ep >= 1.0 && gpus_per_node >= 1.0);
  *pzMsg = 0;
  if (dp_attention && (pp > 1.0 || fmod(ep, tp) != 0.0)) {
    *pzMsg = sqlite3_mprintf(
        "ep must be <= tp x pp (%g GPUs), or a multiple of tp with pp 1 "
        "(data-parallel attention), got %g",
        tp * pp, ep);
  } else if (dp_attention && r->moe_layers <= 0.0) {
    *pzMsg = sqlite3_mprintf(
        "ep %g > tp x pp (%g GPUs) is data-parallel attention with expert "
        "parallelism, and the model has no experts",
        ep, tp * pp);
  } else if (dp_attention && r->decode.engine->split_layers) {
    *pzMsg = sqlite3_mprintf(
        "ep %g > tp x pp (%g GPUs): the engine splits layers, not experts", ep,
        tp * pp);
  } else if (tp > gpus_per_node) {
    *pzMsg = sqlite3_mprintf(
        "tp must be <= gpus_per_node (%g): tensor "
        "parallelism stays within a node, got %g",
        gpus_per_node, tp);
  } else if (gpus > gpus_per_node && !(fabric_gbps > 0.0)) {
    *pzMsg = sqlite3_mprintf(
        "a replica of %g GPUs spans nodes of %g, and "
        "fabric_gbps is 0: no fabric between nodes",
        gpus, gpus_per_node);
  } else {
    bad = 0;
  }
  if (bad) return *pzMsg ? SQLITE_ERROR : SQLITE_NOMEM;
  r->tp = tp;
  r->pp = pp;
  r->ep = ep;
  r->dp = dp_attention ? ep / tp : 1.0;
  r->decode.n_gpus = gpus;
  /* the copies of the KV cache the attention group's GPUs hold; a layer
  ** split keeps each layer's cache on its own GPU */
  if (!r->decode.engine->split_layers) {
    r->kv_gb_per_token *= gpuadv_kv_copies(r->kv_heads, tp);
  }
  if (gpus <= gpus_per_node) {
    r->hop_gbs = link_gbs;
    r->hop_latency_s = link_latency_s;
  } else {
    r->hop_gbs = node_gbs * tp / gpus_per_node;
    r->hop_latency_s = FABRIC_LATENCY_S;
  }
  if (ep <= gpus_per_node && (ep <= tp || gpus <= gpus_per_node)) {
    r->a2a_gbs = link_gbs;
    r->a2a_latency_s = link_latency_s;
  } else {
    r->a2a_gbs = node_gbs / gpus_per_node;
    r->a2a_latency_s = FABRIC_LATENCY_S;
  }
  return SQLITE_OK;
}

/* The replica of model m in dtype on the GPU with engine e, its KV per
** token at mean_context; the caller sets the layout (replica_layout). */
static void replica_fill(gpuadv_replica *r, const gpuadv_model_def *m, int gpu,
                         int dtype, const gpuadv_engine_consts *e,
                         double mean_context) {
  double bpe = kv_bytes_per_element(dtype);
  double ctx = mean_context > 1.0 ? mean_context : 1.0;
  double attn_g, state_g;
  seq_cache_g(m, ctx, &attn_g, &state_g);
  memset(r, 0, sizeof(*r));
  fill_decode_setup(&r->decode, m, gpu, dtype, e);
  r->decode.batch = 1.0;
  fill_prefill_setup(&r->prefill, m, gpu, dtype, e);
  r->state_gb_per_seq = state_g * bpe;
  r->kv_gb_per_token = attn_g * bpe / ctx;
  r->attn_gflop_per_token = attn_g * attn_flop_per_kv_element(m) / ctx;
  r->moe_layers = m->n_experts > 0.0 ? m->shape.layers : 0.0;
  r->kv_heads = model_kv_heads(m);
}

/* The layout arguments after engine: pipeline stages, expert-parallel
** GPUs, the node a replica that spans nodes is made of. */
#define LAYOUT_ARGS                                               \
  GPUADV_WHOLE("pp", 1, 1024, 1), GPUADV_WHOLE("ep", 1, 1024, 1), \
      GPUADV_WHOLE("gpus_per_node", 1, 1e6, NODE_GPUS_DEFAULT),   \
      GPUADV_NUM("fabric_gbps", GPUADV_RANGE_GE, 0, 0, FABRIC_GBPS_DEFAULT)

enum {
  DEC_MODEL,
  DEC_GPU,
  DEC_DTYPE,
  DEC_BATCH,
  DEC_CONTEXT,
  DEC_N_GPUS,
  DEC_ENGINE,
  DEC_PP,
  DEC_EP,
  DEC_NODE_GPUS,
  DEC_FABRIC,
  DEC_N
};

static const gpuadv_fn fn_model_decode_tps = {
    "model_decode_tps",
    3,
    DEC_N,
    {[DEC_MODEL] = GPUADV_MODEL("model"),
     [DEC_GPU] = GPUADV_NAME("gpu"),
     [DEC_DTYPE] = GPUADV_DTYPE("dtype", 0),
     [DEC_BATCH] = GPUADV_NUM("batch", GPUADV_RANGE_GT, 0, 0, 1),
     [DEC_CONTEXT] = GPUADV_NONNEG("context_tokens"),
     [DEC_N_GPUS] = GPUADV_WHOLE("n_gpus", 1, 1e6, 1),
     [DEC_ENGINE] = GPUADV_KEYWORD("engine", engine_names, ENGINE_DEFAULT),
     [DEC_PP] = LAYOUT_ARGS}};

/* The replica of a layout (layout[0..3]: pp, ep, gpus_per_node,
** fabric_gbps, the order of LAYOUT_ARGS) for the SQL functions; 0 after
** setting the error. */
static int layout_replica(sqlite3_context *ctx, const gpuadv_fn *fn,
                          gpuadv_replica *r, const gpuadv_model_def *m, int gpu,
                          int dtype, const gpuadv_engine_consts *e, double tp,
                          const double *layout, double mean_context) {
  char *msg;
  int rc;
  replica_fill(r, m, gpu, dtype, e, mean_context);
  rc = replica_layout(r, tp, layout[0], layout[1], layout[2], layout[3], &msg);
  if (rc == SQLITE_ERROR) {
    char *full = sqlite3_mprintf("%s(): %s", fn->name, msg);
    sqlite3_free(msg);
    if (full) {
      sqlite3_result_error(ctx, full, -1);
      sqlite3_free(full);
      return 0;
    }
    rc = SQLITE_NOMEM;
  }
  if (rc != SQLITE_OK) {
    sqlite3_result_error_nomem(ctx);
    return 0;
  }
  r->decode.engine = e;
  r->prefill.engine = e;
  return 1;
}

static void sql_model_decode_tps(sqlite3_context *ctx, int argc,
                                 sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_model_decode_tps;
  double a[GPUADV_MAX_ARGS];
  int gpu, dtype, engine;
  gpuadv_model_def m;
  gpuadv_engine_consts e;
  gpuadv_decode_setup d;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  if (!resolve_model(ctx, fn, argv, DEC_MODEL, &m)) return;
  gpu = lookup_row(ctx, fn, &gpuadv_catalog_gpus, argv, DEC_GPU);
  if (gpu < 0) return;
  dtype = (int)a[DEC_DTYPE];
  engine = (int)a[DEC_ENGINE];
  if (!engine_serves(engine, gpu, dtype)) {
    sqlite3_result_null(ctx); /* the engine does not run this dtype here */
    return;
  }
  engine_consts(engine, &e);
  if (a[DEC_PP] > 1.0 || a[DEC_EP] > 1.0) {
    /* pipeline or expert parallel: the serving simulator's replica */
    gpuadv_replica r;
    double batch = a[DEC_BATCH], context = a[DEC_CONTEXT];
    if (!layout_replica(ctx, fn, &r, &m, gpu, dtype, &e, a[DEC_N_GPUS],
                        a + DEC_PP, context)) {
      return;
    }
    gpuadv_result_number(
        ctx, fn,
        batch / gpuadv_replica_step_s(&r, batch, batch * context, 0.0, 0.0));
    return;
  }
  fill_decode_setup(&d, &m, gpu, dtype, &e);
  /* a tensor split holds the copies of gpuadv_kv_copies; a layer split
  ** keeps each layer's cache on its own GPU */
  {
    double attn_g, state_g;
    seq_cache_g(&m, a[DEC_CONTEXT], &attn_g, &state_g);
    d.kv_gb_per_seq =
        group_kv_gb(&m, attn_g, state_g, e.split_layers ? 1.0 : a[DEC_N_GPUS],
                    kv_bytes_per_element(dtype));
    d.attn_gflop_per_seq = attn_g * attn_flop_per_kv_element(&m);
  }
  d.batch = a[DEC_BATCH];
  d.n_gpus = a[DEC_N_GPUS];
  gpuadv_result_number(ctx, fn, gpuadv_model_decode_tps(&d));
}

/* The prompt length of model_prefill_tps when none is given. */
#define PREFILL_DEFAULT_TOKENS 512

enum {
  PRE_MODEL,
  PRE_GPU,
  PRE_DTYPE,
  PRE_N_GPUS,
  PRE_PROMPT,
  PRE_ENGINE,
  PRE_PP,
  PRE_EP,
  PRE_NODE_GPUS,
  PRE_FABRIC,
  PRE_N
};

static const gpuadv_fn fn_model_prefill_tps = {
    "model_prefill_tps",
    3,
    PRE_N,
    {[PRE_MODEL] = GPUADV_MODEL("model"),
     [PRE_GPU] = GPUADV_NAME("gpu"),
     [PRE_DTYPE] = GPUADV_DTYPE("dtype", 0),
     [PRE_N_GPUS] = GPUADV_WHOLE("n_gpus", 1, 1e6, 1),
     [PRE_PROMPT] =
         GPUADV_WHOLE("prompt_tokens", 1, 1e9, PREFILL_DEFAULT_TOKENS),
     [PRE_ENGINE] = GPUADV_KEYWORD("engine", engine_names, ENGINE_DEFAULT),
     [PRE_PP] = LAYOUT_ARGS}};

static void sql_model_prefill_tps(sqlite3_context *ctx, int argc,
                                  sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_model_prefill_tps;
  double a[GPUADV_MAX_ARGS];
  int gpu, dtype, engine;
  gpuadv_model_def m;
  gpuadv_engine_consts e;
  gpuadv_prefill_setup p;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  if (!resolve_model(ctx, fn, argv, PRE_MODEL, &m)) return;
  gpu = lookup_row(ctx, fn, &gpuadv_catalog_gpus, argv, PRE_GPU);
  if (gpu < 0) return;
  dtype = (int)a[PRE_DTYPE];
  engine = (int)a[PRE_ENGINE];
  if (datasheet_tflops(gpu, gpuadv_dtypes[dtype].compute) <= 0.0 ||
      !engine_serves(engine, gpu, dtype)) {
    /* no TFLOP/s figure published, or the engine does not run it here */
    sqlite3_result_null(ctx);
    return;
  }
  engine_consts(engine, &e);
  if (a[PRE_PP] > 1.0 || a[PRE_EP] > 1.0) {
    gpuadv_replica r;
    if (!layout_replica(ctx, fn, &r, &m, gpu, dtype, &e, a[PRE_N_GPUS],
                        a + PRE_PP, a[PRE_PROMPT])) {
      return;
    }
    gpuadv_result_number(
        ctx, fn, a[PRE_PROMPT] / gpuadv_replica_prefill_s(&r, a[PRE_PROMPT]));
    return;
  }
  fill_prefill_setup(&p, &m, gpu, dtype, &e);
  p.n_gpus = a[PRE_N_GPUS];
  gpuadv_result_number(
      ctx, fn, a[PRE_PROMPT] / gpuadv_prefill_s(&p, a[PRE_PROMPT], 0.0));
}

enum { ES_ENGINE, ES_GPU, ES_DTYPE, ES_N };

static const gpuadv_fn fn_engine_serves = {
    "engine_serves",
    3,
    ES_N,
    {[ES_ENGINE] = GPUADV_KEYWORD("engine", engine_names, ENGINE_DEFAULT),
     [ES_GPU] = GPUADV_NAME("gpu"),
     [ES_DTYPE] = GPUADV_DTYPE("dtype", 0)}};

/* 1 when the engine serves weights of the dtype on the GPU (the
** engine_support catalog), else 0: the rule behind the NULLs of
** model_decode_tps and model_prefill_tps, for views that estimate speed
** with the plain roofline functions. */
static void sql_engine_serves(sqlite3_context *ctx, int argc,
                              sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_engine_serves;
  double a[GPUADV_MAX_ARGS];
  int gpu;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  gpu = lookup_row(ctx, fn, &gpuadv_catalog_gpus, argv, ES_GPU);
  if (gpu < 0) return;
  sqlite3_result_int(ctx,
                     engine_serves((int)a[ES_ENGINE], gpu, (int)a[ES_DTYPE]));
}

/* ------------------------------------------------------------------------
** A serving replica from SQL values, for the serving simulator: the same
** lookups and constants as model_decode_tps and model_prefill_tps, with
** errors as "serving_sim(): ..." strings instead of a function's result.
*/

int gpuadv_replica_from_values(sqlite3_value *model, sqlite3_value *gpu_v,
                               sqlite3_value *dtype_v, sqlite3_value *engine_v,
                               double tp, double pp, double ep,
                               double gpus_per_node, double fabric_gbps,
                               double mean_context, gpuadv_replica *r,
                               gpuadv_engine_consts *e, char **pzErr) {
  const char *z;
  char *layout_err;
  int n, rc, gpu, dtype, engine = ENGINE_DEFAULT;
  gpuadv_model_def m;
  memset(r, 0, sizeof(*r));
  /* model */
  z = model ? (const char *)sqlite3_value_text(model) : 0;
  n = model ? sqlite3_value_bytes(model) : 0;
  if (!z) {
    *pzErr = sqlite3_mprintf(
        "serving_sim(): model is required with gpu, "
        "dtype or engine");
    return SQLITE_ERROR;
  }
  if (gpuadv_config_is_json(z, n)) {
    gpuadv_config_model *cm = sqlite3_malloc(sizeof(*cm));
    char err[GPUADV_CONFIG_ERR_MAX];
    int rc;
    if (!cm) return SQLITE_NOMEM;
    rc = gpuadv_config_read(z, n, cm, err, (int)sizeof(err));
    if (rc == 0) m = cm->def;
    sqlite3_free(cm);
    if (rc == -2) return SQLITE_NOMEM;
    if (rc != 0) {
      *pzErr = sqlite3_mprintf("serving_sim(): model: %s", err);
      return SQLITE_ERROR;
    }
  } else {
    int row = gpuadv_catalog_resolve(&gpuadv_catalog_models, z, n);
    if (row < 0) {
      char suggest[SUGGEST_BUF];
      gpuadv_catalog_suggest(&gpuadv_catalog_models, z, n, suggest,
                             (int)sizeof(suggest));
      *pzErr = sqlite3_mprintf(
          "serving_sim(): unknown model '%.*s' in "
          "models; closest: %s",
          gpuadv_utf8_prefix(z, n, NAME_QUOTE_MAX), z, suggest);
      return SQLITE_ERROR;
    }
    model_from_row(row, &m);
  }
  /* gpu */
  z = gpu_v ? (const char *)sqlite3_value_text(gpu_v) : 0;
  n = gpu_v ? sqlite3_value_bytes(gpu_v) : 0;
  gpu = z ? gpuadv_catalog_resolve(&gpuadv_catalog_gpus, z, n) : -1;
  if (gpu < 0) {
    char suggest[SUGGEST_BUF];
    if (!z) {
      *pzErr = sqlite3_mprintf("serving_sim(): gpu is required with model");
      return SQLITE_ERROR;
    }
    gpuadv_catalog_suggest(&gpuadv_catalog_gpus, z, n, suggest,
                           (int)sizeof(suggest));
    *pzErr = sqlite3_mprintf(
        "serving_sim(): unknown gpu '%.*s' in gpus; "
        "closest: %s",
        gpuadv_utf8_prefix(z, n, NAME_QUOTE_MAX), z, suggest);
    return SQLITE_ERROR;
  }
  /* dtype (default bf16) and engine (default vllm) */
  dtype = 3;
  if (dtype_v) {
    z = (const char *)sqlite3_value_text(dtype_v);
    dtype = z ? gpuadv_dtype_find(z, sqlite3_value_bytes(dtype_v)) : -1;
    if (dtype < 0) {
      *pzErr = sqlite3_mprintf(
          "serving_sim(): dtype must be a "
          "bytes_per_param() type, got '%.*s'",
          z ? gpuadv_utf8_prefix(z, sqlite3_value_bytes(dtype_v),
                                 NAME_QUOTE_MAX)
            : 0,
          z ? z : "");
      return SQLITE_ERROR;
    }
  }
  if (engine_v) {
    z = (const char *)sqlite3_value_text(engine_v);
    engine =
        z ? gpuadv_keyword_find(engine_names, z, sqlite3_value_bytes(engine_v))
          : -1;
    if (engine < 0) {
      *pzErr = sqlite3_mprintf(
          "serving_sim(): engine must be one of vllm, "
          "sglang, trtllm, llama.cpp; got '%.*s'",
          z ? gpuadv_utf8_prefix(z, sqlite3_value_bytes(engine_v),
                                 NAME_QUOTE_MAX)
            : 0,
          z ? z : "");
      return SQLITE_ERROR;
    }
  }
  if (!engine_serves(engine, gpu, dtype)) {
    *pzErr =
        sqlite3_mprintf("serving_sim(): %s does not serve %s on %s",
                        engine_names[engine], gpuadv_dtypes[dtype].name,
                        cell_text(&gpuadv_catalog_gpus, gpu, GPUS_COL_NAME));
    return SQLITE_ERROR;
  }
  engine_consts(engine, e);
  replica_fill(r, &m, gpu, dtype, e, mean_context);
  rc = replica_layout(r, tp, pp, ep, gpus_per_node, fabric_gbps, &layout_err);
  if (rc != SQLITE_OK) {
    if (rc == SQLITE_ERROR) {
      *pzErr = sqlite3_mprintf("serving_sim(): %s", layout_err);
      sqlite3_free(layout_err);
      if (!*pzErr) rc = SQLITE_NOMEM;
    }
    return rc;
  }
  /* What the KV cache holds: the memory of the replica's GPUs less the
  ** engine's usual 10% left free (vLLM's gpu_memory_utilization 0.90) and
  ** the weights, less each running sequence's fixed state. */
  {
    double weights_gb = model_replica_weights_gb(&m, dtype, r->dp);
    double free_gb =
        GPU(GPUS_COL_MEMORY_GB) * r->decode.n_gpus * (1.0 - 0.10) - weights_gb -
        ENGINE_ROW(engine, ENGINES_COL_MAX_BATCH) * r->state_gb_per_seq;
    r->max_batch = ENGINE_ROW(engine, ENGINES_COL_MAX_BATCH);
    r->kv_capacity_tokens =
        r->kv_gb_per_token > 0.0 ? floor(free_gb / r->kv_gb_per_token) : 0.0;
    if (free_gb <= 0.0 || r->kv_capacity_tokens < 2.0) {
      *pzErr = sqlite3_mprintf(
          "serving_sim(): %.1f GB of weights leave no room for the KV cache "
          "on %g x %s",
          weights_gb, r->decode.n_gpus,
          cell_text(&gpuadv_catalog_gpus, gpu, GPUS_COL_NAME));
      return SQLITE_ERROR;
    }
  }
  return SQLITE_OK;
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
    const gpuadv_cell *c =
        gpuadv_catalog_cell(cat, row, cat->indexes[0].column);
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
    sqlite3_snprintf(
        (int)sizeof(prefix), prefix, "%s(): %.*s must be a %s.name: ", fn->name,
        gpuadv_utf8_prefix(label, n_label, NAME_QUOTE_MAX), label, cat->name);
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
  {&fn_engine_serves,      sql_engine_serves},
};
/* clang-format on */

int gpuadv_register_model_functions(sqlite3 *db, char **pzErrMsg) {
  return gpuadv_register_fn_table(
      db, model_func_table,
      (int)(sizeof(model_func_table) / sizeof(model_func_table[0])), pzErrMsg);
}

const gpuadv_fn_entry *gpuadv_model_function_table(int *pn) {
  *pn = (int)(sizeof(model_func_table) / sizeof(model_func_table[0]));
  return model_func_table;
}
