/*
** gpuadv_model_setup.c: what the speed and memory arithmetic of
** gpuadv_math.c needs to know about a model, a GPU and an engine, read from
** the compiled-in catalogs (models, gpus, engines, engine_support). Pure
** C: no SQLite types, no allocation. The SQL wrappers
** (gpuadv_model_funcs.c), the serving simulator's replica
** (gpuadv_sim_vtab.c) and make bench's bare C baseline (bench/bare.c) all
** reach the model through these functions, so they compute the same
** numbers.
**
** A model is a gpuadv_model_def: a catalog row (gpuadv_model_from_row) or
** a config.json read by gpuadv_config.c. A GPU is its row of the gpus
** catalog, an engine its index in gpuadv_engine_names, a dtype its index in
** gpuadv_dtypes.
*/
#include "gpuadv_model_setup.h"

#include <assert.h>
#include <math.h>
#include <string.h>

#include "gpuadv_catalog_cols.h"
#include "gpuadv_image.h"
#include "gpuadv_train.h"

/* The sizes of the structs that catalogs/gpuadv_core.py restates for
** ctypes, for it to check its copies against. */
const size_t gpuadv_model_def_bytes = sizeof(gpuadv_model_def);
const size_t gpuadv_engine_consts_bytes = sizeof(gpuadv_engine_consts);
const size_t gpuadv_train_peak_in_bytes = sizeof(gpuadv_train_peak_in);
const size_t gpuadv_train_peak_knobs_bytes = sizeof(gpuadv_train_peak_knobs);
const size_t gpuadv_train_peak_parts_bytes = sizeof(gpuadv_train_peak_parts);
const size_t gpuadv_image_model_bytes = sizeof(gpuadv_image_model);
const size_t gpuadv_image_gpu_bytes = sizeof(gpuadv_image_gpu);
const size_t gpuadv_image_consts_bytes = sizeof(gpuadv_image_consts);

#define MODEL(col) gpuadv_catalog_number(&gpuadv_catalog_models, row, col)

/* The definition of the models catalog's row. */
void gpuadv_model_from_row(int row, gpuadv_model_def *d) {
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
  m->global_kv_heads = MODEL(MODELS_COL_GLOBAL_KV_HEADS);
  m->global_head_dim = MODEL(MODELS_COL_GLOBAL_HEAD_DIM);
  m->kv_shared_layers = MODEL(MODELS_COL_KV_SHARED_LAYERS);
  m->kv_shared_sliding = MODEL(MODELS_COL_KV_SHARED_SLIDING);
  m->extra_kv_elems = MODEL(MODELS_COL_EXTRA_KV_ELEMS);
  m->attn_topk = MODEL(MODELS_COL_ATTN_TOPK);
  m->index_heads = MODEL(MODELS_COL_INDEX_HEADS);
  m->topk_kv_elems = MODEL(MODELS_COL_TOPK_KV_ELEMS);
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
** absorbed form, FlashMLA). A compressed-attention entry (DeepSeek-V4:
** an MLA row with sliding layers) is every head's key and its value whole,
** rotary part included (its inference/model.py rotates the output back):
** 4 FLOP per element and head. Indexer keys (extra_kv_elems) are counted
** at the same rate as the entries they sit beside. */
static double attn_flop_per_kv_element(const gpuadv_model_def *m) {
  const gpuadv_model_shape *s = &m->shape;
  if (s->kv_lora_rank > 0.0 && s->sliding_layers > 0.0) return 4.0 * m->heads;
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

/* Of seq_cache_g's *attn_g, the billions of elements one decoded token's
** attention reads (all of them but under sparse attention's top-k:
** gpuadv_model_kv_read_split); *state_g, where given, as seq_cache_g's. */
static double seq_read_g(const gpuadv_model_def *m, double seq_len,
                         double *state_g) {
  double local, global, state;
  gpuadv_model_kv_read_split(&m->shape, seq_len, &local, &global, &state);
  if (state_g) *state_g = state / 1e9;
  return (local + global) / 1e9;
}

/* Whether the full-attention layers have KV heads of their own (Gemma 4),
** so that the cache's copies over tp GPUs and the queries per cached
** element differ by kind of layer. */
static int global_kv_heads_differ(const gpuadv_model_def *m) {
  const gpuadv_model_shape *s = &m->shape;
  return !(s->kv_lora_rank > 0.0) && s->global_kv_heads > 0.0 &&
         s->global_kv_heads != s->kv_heads;
}

/* Billions of elements that attn_g billion elements of attention KV at
** seq_len tokens take on the tp GPUs of an attention group together (the
** copies of gpuadv_kv_copies, by kind of layer where their KV heads
** differ). */
static double attn_copies_g(const gpuadv_model_def *m, double attn_g,
                            double seq_len, double tp) {
  double local, global, state;
  if (!global_kv_heads_differ(m)) {
    return attn_g * gpuadv_kv_copies(model_kv_heads(m), tp);
  }
  gpuadv_model_kv_split(&m->shape, seq_len, &local, &global, &state);
  return (local * gpuadv_kv_copies(m->shape.kv_heads, tp) +
          global * gpuadv_kv_copies(m->shape.global_kv_heads, tp)) /
         1e9;
}

/* GFLOP of decode attention over attn_g billion elements of KV at seq_len
** tokens (attn_flop_per_kv_element, by kind of layer where their KV heads
** differ). */
static double attn_gflop(const gpuadv_model_def *m, double attn_g,
                         double seq_len) {
  double local, global, state;
  if (!global_kv_heads_differ(m)) {
    return attn_g * attn_flop_per_kv_element(m);
  }
  gpuadv_model_kv_split(&m->shape, seq_len, &local, &global, &state);
  return (local * 2.0 * m->heads / m->shape.kv_heads +
          global * 2.0 * m->heads / m->shape.global_kv_heads) /
         1e9;
}

/* GB of weights a replica of model m in dtype holds, with dp groups of
** data-parallel attention: each group keeps its own copy of the weights
** other than the experts. The dtype's checkpoint: the input embedding and
** the output head (vocab x hidden each; a model that ties them is counted
** as two) at head_bytes, the rest at checkpoint_bytes. */
double gpuadv_model_replica_weights_gb(const gpuadv_model_def *m, int dtype,
                                       double dp) {
  const gpuadv_dtype *t;
  double dense_b, experts_b;
  assert(dtype >= 0 && dtype < GPUADV_N_DTYPES && dp >= 1.0);
  t = &gpuadv_dtypes[dtype];
  gpuadv_moe_split_b(m->params_b, m->active_params_b, m->n_experts,
                     m->experts_per_token, &dense_b, &experts_b);
  return gpuadv_checkpoint_gb(m->params_b + (dp - 1.0) * dense_b,
                              dp * 2.0 * m->vocab * m->hidden / 1e9,
                              t->checkpoint_bytes, t->head_bytes);
}

/* GB one sequence's cache of attn_g and state_g billion elements (from
** seq_cache_g) takes on the tp GPUs of an attention group together: the
** attention KV times its copies (gpuadv_kv_copies), the state once. */
static double group_kv_gb(const gpuadv_model_def *m, double attn_g,
                          double state_g, double seq_len, double tp,
                          double bytes_per_element) {
  return (state_g + attn_copies_g(m, attn_g, seq_len, tp)) * bytes_per_element;
}

/* model_kv_gb's GB for seq_len tokens x batch on tp GPUs. */
double gpuadv_model_group_kv_gb(const gpuadv_model_def *m, double seq_len,
                                double batch, double bytes_per_element,
                                double tp) {
  double attn_g, state_g;
  if (tp <= 1.0) {
    return gpuadv_model_kv_gb(&m->shape, seq_len, batch, bytes_per_element);
  }
  seq_cache_g(m, seq_len, &attn_g, &state_g);
  return group_kv_gb(m, attn_g, state_g, seq_len, tp, bytes_per_element) *
         batch;
}

#define GPU(col) gpuadv_catalog_number(&gpuadv_catalog_gpus, gpu, col)

/* Dense datasheet TFLOP/s of a GPU at the matmul precision of a dtype,
** falling back to the next wider precision the chip has; 0 if none is
** published. A 4-bit float weight on a chip without FP4 units falls back
** to 16 bits, not to FP8: the engines dequantise it to bf16 there (vLLM's
** gpt-oss recipe: Marlin MXFP4 MoE kernels on Ampere, the Triton MoE
** kernels with bf16 activations on Hopper), as they do int4. */
double gpuadv_gpu_datasheet_tflops(int gpu, int compute) {
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
  const char *t =
      gpuadv_catalog_text(&gpuadv_catalog_gpus, gpu, GPUS_COL_MEMORY_CLASS);
  /* catalogs/gen_catalog.py admits only these four words. */
  if (strcmp(t, "HBM") == 0) return GPUADV_MEM_HBM;
  if (strcmp(t, "GDDR") == 0) return GPUADV_MEM_GDDR;
  if (strcmp(t, "unified") == 0) return GPUADV_MEM_UNIFIED;
  assert(strcmp(t, "DDR") == 0);
  return GPUADV_MEM_DDR;
}

/* The serving engines, in the order error messages list them; each is a
** row of the engines catalog (tests/sql/engines.sql checks the two agree). */
const char *const gpuadv_engine_names[] = {"vllm", "sglang", "trtllm",
                                           "llama.cpp", NULL};

#define ENGINE(col) gpuadv_catalog_number(&gpuadv_catalog_engines, row, col)

/* The engines catalog's row of engine keyword index `engine`. */
static int engine_row(int engine) {
  const char *name = gpuadv_engine_names[engine];
  int row =
      gpuadv_catalog_find(&gpuadv_catalog_engines, name, (int)strlen(name));
  assert(row >= 0); /* every keyword has its catalog row */
  return row;
}

/* The fitted constants of engine keyword index `engine`. */
void gpuadv_engine_load(int engine, gpuadv_engine_consts *e) {
  int row = engine_row(engine);
  e->bw_eff[GPUADV_MEM_HBM] = ENGINE(ENGINES_COL_BW_EFF_HBM);
  e->bw_eff[GPUADV_MEM_GDDR] = ENGINE(ENGINES_COL_BW_EFF_GDDR);
  e->bw_eff[GPUADV_MEM_UNIFIED] = ENGINE(ENGINES_COL_BW_EFF_UNIFIED);
  e->bw_eff[GPUADV_MEM_DDR] = ENGINE(ENGINES_COL_BW_EFF_DDR);
  e->kv_eff = ENGINE(ENGINES_COL_KV_EFF);
  e->layer_overhead_s = ENGINE(ENGINES_COL_LAYER_OVERHEAD_US) * 1e-6;
  e->moe_layer_s = ENGINE(ENGINES_COL_MOE_LAYER_OVERHEAD_US) * 1e-6;
  e->token_overhead_s = ENGINE(ENGINES_COL_TOKEN_OVERHEAD_US) * 1e-6;
  e->prefill_token_s = ENGINE(ENGINES_COL_PREFILL_TOKEN_US) * 1e-6;
  e->compute_eff = ENGINE(ENGINES_COL_COMPUTE_EFF);
  e->prefill_mfu = ENGINE(ENGINES_COL_PREFILL_MFU);
  e->prefill_half_tokens = ENGINE(ENGINES_COL_PREFILL_HALF_TOKENS);
  e->gguf_unified_factor = ENGINE(ENGINES_COL_GGUF_UNIFIED_FACTOR);
  e->prefill_mfu_unified = ENGINE(ENGINES_COL_PREFILL_MFU_UNIFIED);
  e->gguf_prefill_factor = ENGINE(ENGINES_COL_GGUF_PREFILL_FACTOR);
  e->attn_eff = ENGINE(ENGINES_COL_ATTN_EFF);
  e->fp4_eff = ENGINE(ENGINES_COL_FP4_EFF);
  e->dequant_eff = ENGINE(ENGINES_COL_DEQUANT_EFF);
  e->dequant_prefill_eff = ENGINE(ENGINES_COL_DEQUANT_PREFILL_EFF);
  e->amd_eff = ENGINE(ENGINES_COL_AMD_EFF);
  e->gaudi_eff = ENGINE(ENGINES_COL_GAUDI_EFF);
  e->fp16_accumulate = ENGINE(ENGINES_COL_FP16_ACCUMULATE) > 0.0;
  e->batch_tokens = ENGINE(ENGINES_COL_TOKEN_BUDGET);
  {
    const gpuadv_cell *c = gpuadv_catalog_cell(&gpuadv_catalog_engines, row,
                                               ENGINES_COL_MULTI_GPU);
    assert(c->type == GPUADV_CELL_TEXT);
    e->split_layers = strcmp(c->v.text, "layer") == 0;
    c = gpuadv_catalog_cell(&gpuadv_catalog_engines, row,
                            ENGINES_COL_DP_TOKEN_BUDGET);
    assert(c->type == GPUADV_CELL_TEXT);
    e->dp_shared_budget = strcmp(c->v.text, "shared") == 0;
    c = gpuadv_catalog_cell(&gpuadv_catalog_engines, row,
                            ENGINES_COL_KV_CACHE_DTYPE);
    assert(c->type == GPUADV_CELL_TEXT);
    e->kv_from_checkpoint = strcmp(c->v.text, "checkpoint") == 0;
    c = gpuadv_catalog_cell(&gpuadv_catalog_engines, row,
                            ENGINES_COL_OVERLAP_VERSION);
    e->overlap = c->type == GPUADV_CELL_TEXT; /* the newest release's */
    c = gpuadv_catalog_cell(&gpuadv_catalog_engines, row,
                            ENGINES_COL_KV_ADMISSION);
    assert(c->type == GPUADV_CELL_TEXT);
    e->preempt = strcmp(c->v.text, "preempt") == 0;
  }
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
int gpuadv_engine_serves(int engine, int gpu, int dtype) {
  const gpuadv_catalog *sup = &gpuadv_catalog_engine_support;
  const char *name = gpuadv_engine_names[engine];
  const char *vendor =
      gpuadv_catalog_text(&gpuadv_catalog_gpus, gpu, GPUS_COL_VENDOR);
  const char *arch =
      gpuadv_catalog_text(&gpuadv_catalog_gpus, gpu, GPUS_COL_ARCH);
  const char *dt = gpuadv_dtypes[dtype].name;
  int lo, hi, k;
  gpuadv_catalog_range(sup, 0, name, (int)strlen(name), &lo, &hi);
  for (k = lo; k < hi; k++) {
    int row = sup->indexes[0].keys[k].row;
    if (strcmp(gpuadv_catalog_text(sup, row, ENGINE_SUPPORT_COL_VENDOR),
               vendor) == 0 &&
        arch_matches(gpuadv_catalog_text(sup, row, ENGINE_SUPPORT_COL_ARCH),
                     arch) &&
        list_has(gpuadv_catalog_text(sup, row, ENGINE_SUPPORT_COL_DTYPES), dt,
                 (int)strlen(dt))) {
      return 1;
    }
  }
  return 0;
}

/* The KV cache is kept in 16 bits, or in fp8 when the weights are fp8 or
** fp4 (what TensorRT-LLM and vLLM do with FP8 checkpoints). */
int gpuadv_engine_kv_dtype(int engine, int dtype) {
  gpuadv_engine_consts e;
  gpuadv_engine_load(engine, &e);
  return gpuadv_kv_bytes(&e, dtype, -1) < 2.0 ? GPUADV_FP8 : GPUADV_FP16;
}

double gpuadv_kv_bytes(const gpuadv_engine_consts *e, int dtype, int kv_dtype) {
  int compute;
  assert(dtype >= 0 && dtype < GPUADV_N_DTYPES);
  assert(kv_dtype < GPUADV_N_DTYPES);
  if (kv_dtype >= 0) return gpuadv_dtypes[kv_dtype].bytes_per_param;
  compute = gpuadv_dtypes[dtype].compute;
  return e->kv_from_checkpoint && (compute == GPUADV_COMPUTE_FP8 ||
                                   compute == GPUADV_COMPUTE_FP4)
             ? 1.0
             : 2.0;
}

/* The share of its dense datasheet TFLOP/s that a GPU's large matrix
** multiplies reach at a gpuadv_compute precision: its largest achievable
** matmul TFLOP/s (gpus.bf16_achieved_tflops, fp8_achieved_tflops) over
** its datasheet rate; fp8 and fp4 use the fp8 figure, the other formats the
** bf16 one, each the other where only one is measured; the median chip's
** share, GPUADV_DEFAULT_COMPUTE_EFFICIENCY, where none is, and for fp32
** and tf32. */
double gpuadv_gpu_matmul_share(int gpu, int compute) {
  int first = GPUS_COL_BF16_ACHIEVED_TFLOPS,
      second = GPUS_COL_FP8_ACHIEVED_TFLOPS;
  int ds_first = GPUS_COL_BF16_TFLOPS, ds_second = GPUS_COL_FP8_TFLOPS;
  double achieved, datasheet;
  if (compute == GPUADV_COMPUTE_FP32 || compute == GPUADV_COMPUTE_TF32)
    return GPUADV_DEFAULT_COMPUTE_EFFICIENCY;
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
  if (!(achieved > 0.0 && datasheet > 0.0))
    return GPUADV_DEFAULT_COMPUTE_EFFICIENCY;
  return achieved / datasheet;
}

/* How a GPU's measured matmul rate compares with the median chip's: its
** share (gpuadv_gpu_matmul_share) over the median share. The engines'
** efficiencies are fitted against datasheet rates on chips near the
** median, so a chip whose matmuls reach less of their datasheet (MI300X:
** 0.51) computes that much slower; 1 where nothing is measured. */
static double matmul_share_factor(int gpu, int compute) {
  return gpuadv_gpu_matmul_share(gpu, compute) /
         GPUADV_DEFAULT_COMPUTE_EFFICIENCY;
}

/* The share of its speed on NVIDIA GPUs that the engine reaches on the GPU:
** its amd_eff on an AMD one, its gaudi_eff on an Intel Gaudi, 1 on the
** others. It scales the GPU's bandwidth and TFLOP/s as the engine sees
** them alike: amd_eff is fitted on the engine's full-load rows on AMD
** GPUs, gaudi_eff on Intel's own full-load figures on Gaudi (README,
** "Engines"), neither of which tells the two apart. */
static double vendor_share(int gpu, const gpuadv_engine_consts *e) {
  const char *vendor =
      gpuadv_catalog_text(&gpuadv_catalog_gpus, gpu, GPUS_COL_VENDOR);
  if (strcmp(vendor, "AMD") == 0) return e->amd_eff;
  if (strcmp(vendor, "Intel") == 0 &&
      strncmp(gpuadv_catalog_text(&gpuadv_catalog_gpus, gpu, GPUS_COL_NAME),
              "gaudi", 5) == 0) {
    return e->gaudi_eff;
  }
  return 1.0;
}

double gpuadv_engine_vendor_share(int engine, int gpu) {
  gpuadv_engine_consts e;
  gpuadv_engine_load(engine, &e);
  return vendor_share(gpu, &e);
}

/* The dense TFLOP/s the engine's matmuls of dtype run at on the GPU: the
** datasheet figure of the dtype's precision, or for an engine whose fp16
** matmuls accumulate in fp16 (llama.cpp's cuBLAS calls), the GPU's
** fp16-accumulate figure where the datasheet gives one apart (GeForce
** cards: twice the fp32-accumulate rate). A 4-bit float weight runs at
** the engine's fp4_eff of the FP4 rate, or on a chip without FP4 units at
** its dequant_eff of the 16-bit rate (dequant_prefill_eff in a prompt's
** matmuls: prefill nonzero); all at the engine's vendor_share (share,
** which the caller finds once for the GPU). */
static double engine_tflops(int gpu, int dtype, const gpuadv_engine_consts *e,
                            double share, int prefill) {
  int compute = gpuadv_dtypes[dtype].compute;
  if (e->fp16_accumulate && compute == GPUADV_COMPUTE_16BIT &&
      dtype != GPUADV_BF16 && GPU(GPUS_COL_FP16_ACC16_TFLOPS) > 0.0) {
    return GPU(GPUS_COL_FP16_ACC16_TFLOPS) * share;
  }
  if (compute == GPUADV_COMPUTE_FP4) {
    if (GPU(GPUS_COL_FP4_TFLOPS) > 0.0) {
      share *= e->fp4_eff;
    } else {
      share *= prefill ? e->dequant_prefill_eff : e->dequant_eff;
    }
  }
  return gpuadv_gpu_datasheet_tflops(gpu, compute) *
         matmul_share_factor(gpu, compute) * share;
}

/* What a decode step of model m in dtype on the GPU reads and computes,
** with engine e; the caller sets batch, kv_gb_per_seq and n_gpus. */
static void fill_decode_setup(gpuadv_decode_setup *d, const gpuadv_model_def *m,
                              int gpu, int dtype,
                              const gpuadv_engine_consts *e) {
  double share = vendor_share(gpu, e);
  d->engine = e;
  d->mem_bw_gbs = GPU(GPUS_COL_MEM_BW_GBS) * share;
  d->memory_class = memory_class(gpu);
  d->tflops = engine_tflops(gpu, dtype, e, share, 0);
  d->interconnect_gbs = GPU(GPUS_COL_INTERCONNECT_GBS);
  d->params_b = m->params_b;
  d->active_params_b = m->active_params_b;
  d->n_experts = m->n_experts;
  d->experts_per_token = m->experts_per_token;
  d->hidden = m->hidden;
  d->embedding_params_b = m->vocab * m->hidden / 1e9;
  d->layers = m->shape.layers;
  d->bytes_per_param = gpuadv_dtypes[dtype].checkpoint_bytes;
  d->head_bytes_per_param = gpuadv_dtypes[dtype].head_bytes;
  d->gguf = gpuadv_dtypes[dtype].gguf;
  d->attn_tflops = engine_tflops(gpu, GPUADV_BF16, e, share, 0);
}

/* What a prefill of model m in dtype on the GPU computes, with engine e;
** the caller sets n_gpus. */
static void fill_prefill_setup(gpuadv_prefill_setup *p,
                               const gpuadv_model_def *m, int gpu, int dtype,
                               const gpuadv_engine_consts *e) {
  double share = vendor_share(gpu, e);
  p->engine = e;
  p->tflops = engine_tflops(gpu, dtype, e, share, 1);
  /* attention's q, k and v are 16-bit: fp16's rate (an engine that
  ** accumulates fp16 matmuls in fp16 does so here too) */
  p->attn_tflops = engine_tflops(gpu, GPUADV_FP16, e, share, 1);
  p->memory_class = memory_class(gpu);
  p->gguf = gpuadv_dtypes[dtype].gguf;
  p->mem_bw_gbs = GPU(GPUS_COL_MEM_BW_GBS) * share;
  p->params_b = m->params_b;
  p->n_experts = m->n_experts;
  p->experts_per_token = m->experts_per_token;
  p->bytes_per_param = gpuadv_dtypes[dtype].checkpoint_bytes;
  p->head_bytes_per_param = gpuadv_dtypes[dtype].head_bytes;
  p->interconnect_gbs = GPU(GPUS_COL_INTERCONNECT_GBS);
  p->active_params_b = m->active_params_b;
  p->embedding_params_b = m->vocab * m->hidden / 1e9;
  p->hidden = m->hidden;
  p->layers = m->shape.layers;
  p->attn_dim = m->heads * m->shape.head_dim;
  p->global_attn_dim = m->shape.global_head_dim > 0.0
                           ? m->heads * m->shape.global_head_dim
                           : 0.0;
  p->sliding_window = m->shape.sliding_window;
  p->sliding_layers = m->shape.sliding_layers;
  p->linear_layers = m->shape.linear_layers;
  p->attn_topk = m->shape.attn_topk;
  p->index_pair_share = 0.0;
  if (m->shape.attn_topk > 0.0 && m->shape.index_heads > 0.0 &&
      p->attn_dim > 0.0) {
    /* the indexer's 2 x heads x key FLOP a pair, in fp8 (DeepSeek-V3.2's
    ** report), against the attended pair's 4 x attn_dim at 16 bits */
    double fp8 = engine_tflops(gpu, GPUADV_FP8, e, share, 1);
    double key = m->shape.extra_kv_elems / m->shape.layers;
    p->index_pair_share = 2.0 * m->shape.index_heads * key /
                          (4.0 * p->attn_dim) *
                          (fp8 > 0.0 ? p->attn_tflops / fp8 : 1.0);
  }
}

/* The replica of model m in dtype on the GPU with engine e, its KV per
** token at mean_context; the caller sets the layout (replica_layout). */
void gpuadv_replica_fill(gpuadv_replica *r, const gpuadv_model_def *m, int gpu,
                         int dtype, int kv_dtype, const gpuadv_engine_consts *e,
                         double mean_context) {
  double bpe = gpuadv_kv_bytes(e, dtype, kv_dtype);
  double ctx = mean_context > 1.0 ? mean_context : 1.0;
  double attn_g, state_g, read_g = seq_read_g(m, ctx, NULL);
  seq_cache_g(m, ctx, &attn_g, &state_g);
  memset(r, 0, sizeof(*r));
  fill_decode_setup(&r->decode, m, gpu, dtype, e);
  r->decode.batch = 1.0;
  fill_prefill_setup(&r->prefill, m, gpu, dtype, e);
  r->state_gb_per_seq = state_g * bpe;
  r->mean_context = ctx;
  r->kv_gb_per_token = attn_g * bpe / ctx;
  r->kv_read_gb_per_token = read_g * bpe / ctx;
  r->attn_gflop_per_token = attn_gflop(m, read_g, ctx) / ctx;
  r->moe_layers = m->n_experts > 0.0 ? m->shape.layers : 0.0;
  r->kv_heads = model_kv_heads(m);
}

/* GB in a GiB: datasheets state a GPU's memory in binary units (an H100's
** 80 GB are 80 GiB of HBM3), the weights and KV cache are counted in
** decimal GB. */
#define GB_PER_GIB 1.073741824
/* The share of that the driver reports as the device's total: 0.99
** (PyTorch's total_memory in published vLLM logs: H100 SXM 79.14 to 79.19
** GiB of 80, A100 80GB 79.15, RTX 4090 23.99 of 24), and 0.92 on the GDDR
** cards of rack servers, whose ECC is on by default and keeps part of the
** memory (T4 14.56 GiB of 16, A10G 22.07 of 24, L40S 44.53 of 48). */
#define DEVICE_SHARE 0.99
#define DEVICE_SHARE_GDDR_ECC 0.92

double gpuadv_gpu_device_gb(int gpu, double fraction) {
  const gpuadv_cell *sold =
      gpuadv_catalog_cell(&gpuadv_catalog_gpus, gpu, GPUS_COL_SOLD_IN);
  int ecc = memory_class(gpu) == GPUADV_MEM_GDDR &&
            sold->type == GPUADV_CELL_TEXT &&
            strcmp(sold->v.text, "rack-server") == 0;
  return GPU(GPUS_COL_MEMORY_GB) * fraction * GB_PER_GIB *
         (ecc ? DEVICE_SHARE_GDDR_ECC : DEVICE_SHARE);
}

void gpuadv_engine_mem_fill(int engine, double gpu_gb, double hidden,
                            double ffn, double vocab, double n_gpus, double tp,
                            double pp, double headroom,
                            gpuadv_engine_mem *out) {
  const gpuadv_cell *c = gpuadv_catalog_cell(
      &gpuadv_catalog_engines, engine_row(engine), ENGINES_COL_MEMORY_RULE);
  assert(c->type == GPUADV_CELL_TEXT);
  /* the catalog's build admits only these keywords (gen_catalog.py) */
  out->rule = gpuadv_keyword_find(gpuadv_mem_rule_names, c->v.text,
                                  (int)strlen(c->v.text));
  assert(out->rule >= 0);
  out->gpu_gb = gpu_gb;
  out->n_gpus = n_gpus;
  out->tp = tp;
  out->pp = pp;
  out->headroom = headroom;
  out->token_budget = gpuadv_engine_number(engine, ENGINES_COL_TOKEN_BUDGET);
  out->max_seqs = gpuadv_engine_number(engine, ENGINES_COL_MAX_BATCH);
  out->hidden = hidden;
  out->ffn = ffn;
  out->vocab = vocab;
}

double gpuadv_model_ffn_per_token(const gpuadv_model_def *m) {
  return gpuadv_ffn_per_token(m->intermediate,
                              m->n_experts > 0.0 ? m->experts_per_token : 1.0);
}

double gpuadv_replica_kv_fill(gpuadv_replica *r, const gpuadv_model_def *m,
                              int gpu, int dtype, int engine, double headroom,
                              double *weights_gb) {
  double cache_gb, free_gb;
  gpuadv_engine_mem em;
  assert(headroom >= 0.0 && headroom < 1.0);
  assert(r->decode.n_gpus >= 1.0);
  *weights_gb = gpuadv_model_replica_weights_gb(m, dtype, r->dp);
  r->max_batch = gpuadv_engine_number(engine, ENGINES_COL_MAX_BATCH);
  gpuadv_engine_mem_fill(engine, gpuadv_gpu_device_gb(gpu, 1.0), m->hidden,
                         gpuadv_model_ffn_per_token(m), m->vocab,
                         r->decode.n_gpus, r->tp, r->pp, headroom, &em);
  cache_gb = gpuadv_engine_cache_gb(&em, *weights_gb);
  if (r->state_gb_per_seq > 0.0) {
    /* a hybrid model: the engine runs no more sequences than their
    ** recurrent state and KV at the mean context fill (SGLang sizes its
    ** state pool and max_running_requests so; vLLM's blocks hold both),
    ** and keeps the state of those */
    double per_seq =
        r->state_gb_per_seq + r->kv_gb_per_token * fmax(r->mean_context, 1.0);
    double fit = floor(cache_gb / per_seq);
    if (fit < r->max_batch) r->max_batch = fmax(1.0, fit);
  }
  free_gb = cache_gb - r->max_batch * r->state_gb_per_seq;
  r->kv_capacity_tokens = r->kv_gb_per_token > 0.0 && free_gb > 0.0
                              ? floor(free_gb / r->kv_gb_per_token)
                              : 0.0;
  return free_gb;
}

double gpuadv_engine_number(int engine, int col) {
  return gpuadv_catalog_number(&gpuadv_catalog_engines, engine_row(engine),
                               col);
}

double gpuadv_model_decode_tps_of(const gpuadv_model_def *m, int gpu, int dtype,
                                  int kv_dtype, const gpuadv_engine_consts *e,
                                  double batch, double context, double n_gpus) {
  gpuadv_decode_setup d;
  double state_g, attn_g;
  fill_decode_setup(&d, m, gpu, dtype, e);
  /* what a step reads (under sparse attention, the top-k's entries, not
  ** all); a tensor split holds the copies of gpuadv_kv_copies, a layer
  ** split keeps each layer's cache on its own GPU */
  attn_g = seq_read_g(m, context, &state_g);
  d.kv_gb_per_seq =
      group_kv_gb(m, attn_g, state_g, context, e->split_layers ? 1.0 : n_gpus,
                  gpuadv_kv_bytes(e, dtype, kv_dtype));
  d.attn_gflop_per_seq = attn_gflop(m, attn_g, context);
  d.batch = batch;
  d.n_gpus = n_gpus;
  return gpuadv_model_decode_tps(&d);
}

double gpuadv_model_prefill_tps_of(const gpuadv_model_def *m, int gpu,
                                   int dtype, const gpuadv_engine_consts *e,
                                   double n_gpus, double prompt_tokens) {
  gpuadv_prefill_setup p;
  fill_prefill_setup(&p, m, gpu, dtype, e);
  p.n_gpus = n_gpus;
  return prompt_tokens / gpuadv_prefill_s(&p, prompt_tokens, 0.0);
}

/* Offline throughput at full load: the batch is as many sequences as the
** cache holds (the engine's memory rule at the default headroom), each
** with its whole prompt + output reserved (vLLM, which admits on the
** prompt and preempts, runs more: the fitted efficiencies of its rows
** absorb the difference), at most cap; they decode at
** their mean context, each prompt's prefill taking its turn between the
** steps. A tensor split lays the GPUs out tp x 1, a layer split 1 x pp. */
double gpuadv_model_full_load_tps(const gpuadv_model_def *m, int gpu, int dtype,
                                  int kv_dtype, int engine,
                                  const gpuadv_engine_consts *e,
                                  double prompt_tokens, double output_tokens,
                                  double n_gpus, double cap, double *batch) {
  gpuadv_engine_mem em;
  double weights_gb, cache_gb, seq_gb, seqs, decode, seconds;
  double tp = e->split_layers ? 1.0 : n_gpus;
  assert(prompt_tokens >= 0.0 && output_tokens > 0.0);
  assert(n_gpus >= 1.0 && cap >= 1.0);
  *batch = 0.0;
  weights_gb = gpuadv_model_replica_weights_gb(m, dtype, 1.0);
  gpuadv_engine_mem_fill(engine, gpuadv_gpu_device_gb(gpu, 1.0), m->hidden,
                         gpuadv_model_ffn_per_token(m), m->vocab, n_gpus, tp,
                         n_gpus / tp, GPUADV_FULL_LOAD_HEADROOM, &em);
  cache_gb = gpuadv_engine_cache_gb(&em, weights_gb);
  seq_gb = gpuadv_model_group_kv_gb(m, prompt_tokens + output_tokens, 1.0,
                                    gpuadv_kv_bytes(e, dtype, kv_dtype), tp);
  if (!(cache_gb > 0.0 && seq_gb > 0.0)) return 0.0;
  seqs = fmax(1.0, fmin(cap, gpuadv_max_batch(cache_gb, 0.0, seq_gb, 0.0)));
  decode =
      gpuadv_model_decode_tps_of(m, gpu, dtype, kv_dtype, e, seqs,
                                 prompt_tokens + output_tokens / 2.0, n_gpus);
  seconds = output_tokens / decode;
  if (prompt_tokens > 0.0) {
    seconds += prompt_tokens / gpuadv_model_prefill_tps_of(
                                   m, gpu, dtype, e, n_gpus, prompt_tokens);
  }
  *batch = seqs;
  return output_tokens / seconds;
}

/* ------------------------------------------------------------------------
** The training step's model and chip (gpuadv_train.h). */

/* The model of the step from a model definition at seq_len: attention
** layers count full, sliding-window layers at the share of a causal
** context their window covers, linear-attention layers not at all. */
void gpuadv_train_model_of(const gpuadv_model_def *d, double params_b,
                           double seq_len, gpuadv_train_model *m) {
  double scale = params_b > 0.0 ? params_b / d->params_b : 1.0;
  double sliding = d->shape.sliding_layers, window = d->shape.sliding_window;
  memset(m, 0, sizeof(*m));
  m->params_b = d->params_b * scale;
  m->active_b = d->active_params_b * scale;
  m->layers = d->shape.layers;
  m->hidden = d->hidden;
  m->heads = d->heads;
  m->kv_heads = d->shape.kv_heads > 0.0 ? d->shape.kv_heads : d->heads;
  m->head_dim = d->shape.head_dim;
  m->vocab = d->vocab;
  m->intermediate = d->intermediate;
  m->n_experts = d->n_experts;
  m->experts_per_token = d->experts_per_token;
  m->attn_layers = d->shape.layers - d->shape.linear_layers - sliding;
  if (sliding > 0.0 && window > 0.0) {
    m->attn_layers += sliding * fmin(1.0, 2.0 * window / seq_len);
  }
}

/* A measured share (bf16 or fp8 achieved over datasheet) of a GPU, 0 when
** the catalog has no measurement at that precision. */
static double measured_share(int gpu, int achieved_col, int datasheet_col) {
  double a = GPU(achieved_col), d = GPU(datasheet_col);
  return a > 0.0 && d > 0.0 ? a / d : 0.0;
}

/* Whether catalog row g is a chip of gpu's architecture (gpus.arch) and,
** with memory set, of its memory class too. */
static int same_design(int g, int gpu, int memory) {
  const gpuadv_catalog *G = &gpuadv_catalog_gpus;
  return strcmp(gpuadv_catalog_text(G, g, GPUS_COL_ARCH),
                gpuadv_catalog_text(G, gpu, GPUS_COL_ARCH)) == 0 &&
         (!memory ||
          strcmp(gpuadv_catalog_text(G, g, GPUS_COL_MEMORY_CLASS),
                 gpuadv_catalog_text(G, gpu, GPUS_COL_MEMORY_CLASS)) == 0);
}

/* How much larger a share of its datasheet a chip's 16-bit matmuls reach
** than its fp8 ones: the geometric mean of bf16 share over fp8 share on
** the chips of the same architecture (gpus.arch) that measured both, 1
** where none did. Hopper: H100 1.133 and GH200 1.080 (their measured
** rates, stas00/ml-engineering's MAMF table), so 1.106. */
static double bf16_over_fp8_share(int gpu) {
  double sum = 0.0;
  int n = 0, g;
  for (g = 0; g < gpuadv_catalog_gpus.n_rows; g++) {
    double bf, f8;
    if (!same_design(g, gpu, 0)) continue;
    bf = measured_share(g, GPUS_COL_BF16_ACHIEVED_TFLOPS, GPUS_COL_BF16_TFLOPS);
    f8 = measured_share(g, GPUS_COL_FP8_ACHIEVED_TFLOPS, GPUS_COL_FP8_TFLOPS);
    if (bf > 0.0 && f8 > 0.0) {
      sum += log(bf / f8);
      n++;
    }
  }
  return n > 0 ? exp(sum / n) : 1.0;
}

/* A chip's own measured matmul share at a precision: measured at it, or
** measured at the other of 16 bits and fp8 only and taken from it
** through ratio, the one its architecture measured (bf16_over_fp8_share):
** the H200, measured at fp8 only, would otherwise run its bf16 matmuls at
** the fp8 share (0.734) and train slower than the H100 (0.803) on the
** same GH100 compute. 0 when the chip has no measurement. */
static double own_share(int gpu, int compute, double ratio) {
  double bf =
      measured_share(gpu, GPUS_COL_BF16_ACHIEVED_TFLOPS, GPUS_COL_BF16_TFLOPS);
  double f8 =
      measured_share(gpu, GPUS_COL_FP8_ACHIEVED_TFLOPS, GPUS_COL_FP8_TFLOPS);
  int low = compute == GPUADV_COMPUTE_FP8 || compute == GPUADV_COMPUTE_FP4;
  assert(ratio > 0.0);
  if (compute == GPUADV_COMPUTE_16BIT && !(bf > 0.0) && f8 > 0.0)
    return f8 * ratio;
  if (low && !(f8 > 0.0) && bf > 0.0 && GPU(GPUS_COL_FP8_TFLOPS) > 0.0)
    return bf / ratio;
  if (!(bf > 0.0) && !(f8 > 0.0)) return 0.0;
  return gpuadv_gpu_matmul_share(gpu, compute);
}

/* The share the measured chips of a chip's architecture and memory class
** reach (the geometric mean of own_share over them, at the ratio of the
** architecture they share; 0 when none is measured): the same design at
** another clock, memory or form (MI350X and MI355X, the CDNA4 die; H20,
** H100 NVL and H200 NVL beside the H100, H200 and GH200), whose matmul
** kernels and their share of the datasheet it shares. The memory class
** keeps a workstation card of an architecture apart from its data-centre
** parts (GDDR and HBM dies). */
static double sibling_share(int gpu, int compute, double ratio) {
  double sum = 0.0, s;
  int n = 0, g;
  for (g = 0; g < gpuadv_catalog_gpus.n_rows; g++) {
    if (g == gpu || !same_design(g, gpu, 1)) continue;
    s = own_share(g, compute, ratio);
    if (s > 0.0) {
      sum += log(s);
      n++;
    }
  }
  return n > 0 ? exp(sum / n) : 0.0;
}

/* The matmul share a training step's linear layers and attention core
** reach: the chip's own (own_share), else its measured siblings'
** (sibling_share), else gpuadv_gpu_matmul_share's median chip. The
** serving model keeps gpuadv_gpu_matmul_share (its engines are fitted
** with it). */
static double train_matmul_share(int gpu, int compute) {
  double ratio = bf16_over_fp8_share(gpu);
  double s = own_share(gpu, compute, ratio);
  if (s > 0.0) return s;
  s = sibling_share(gpu, compute, ratio);
  return s > 0.0 ? s : gpuadv_gpu_matmul_share(gpu, compute);
}

/* The chip of the step: 0 when the GPU publishes no dense TFLOP/s at the
** dtype's precision. fraction < 1: a fractional GPU instance. */
int gpuadv_train_chip_of(int gpu, int dtype, double fraction,
                         gpuadv_train_chip *c) {
  int compute = gpuadv_dtypes[dtype].compute;
  double attn16 = gpuadv_gpu_datasheet_tflops(gpu, GPUADV_COMPUTE_16BIT);
  memset(c, 0, sizeof(*c));
  c->peak_tflops = gpuadv_gpu_datasheet_tflops(gpu, compute) * fraction;
  if (!(c->peak_tflops > 0.0) || !(attn16 > 0.0)) return 0;
  c->linear_tflops = c->peak_tflops * train_matmul_share(gpu, compute);
  c->low_precision =
      (compute == GPUADV_COMPUTE_FP8 || compute == GPUADV_COMPUTE_FP4) &&
      c->peak_tflops > attn16 * fraction;
  c->attn_tflops =
      attn16 * fraction * train_matmul_share(gpu, GPUADV_COMPUTE_16BIT);
  c->mem_bw_gbs = GPU(GPUS_COL_MEM_BW_GBS) * fraction;
  c->memory_gb = GPU(GPUS_COL_MEMORY_GB) * fraction;
  gpuadv_gpu_link(GPU(GPUS_COL_INTERCONNECT_GBS), &c->link_gbs,
                  &c->link_latency_s);
  return 1;
}

/* ------------------------------------------------------------------------
** Vision and diffusion models (gpuadv_image.h). */

#define IMAGE_CAT (&gpuadv_catalog_image_models)
#define IM(row, col) \
  gpuadv_catalog_number(IMAGE_CAT, row, IMAGE_MODELS_COL_##col)
#define IM_TEXT(row, col) \
  gpuadv_catalog_text(IMAGE_CAT, row, IMAGE_MODELS_COL_##col)

/* The architecture whose constants a catalog arch uses. */
static int image_arch(const char *arch) {
  if (strcmp(arch, "vit") == 0 || strcmp(arch, "dit") == 0 ||
      strcmp(arch, "text") == 0)
    return GPUADV_IMAGE_VIT;
  if (strcmp(arch, "unet") == 0) return GPUADV_IMAGE_UNET;
  return GPUADV_IMAGE_CNN; /* cnn, vae */
}

static void image_net_of(int row, gpuadv_image_net *n) {
  n->params = IM(row, PARAMS_M) * 1e6;
  n->flop = IM(row, GFLOP) * 1e9;
  n->ref_res = IM(row, REF_RESOLUTION);
  n->attn_share = IM(row, ATTN_SHARE);
  n->acts = IM(row, ACTS_M) * 1e6; /* 0 when NULL: a text encoder */
  n->infer_act_gb = IM(row, INFER_ACT_GB);
  n->arch = image_arch(IM_TEXT(row, ARCH));
  n->per_prompt = strcmp(IM_TEXT(row, FAMILY), "text-encoder") == 0;
}

/* The row of a component a pipeline names (gen_catalog.py checks that
** each exists). */
static int image_component_row(const char *name, int n) {
  int row = gpuadv_catalog_resolve(IMAGE_CAT, name, n);
  assert(row >= 0);
  return row;
}

void gpuadv_image_model_from_row(int row, gpuadv_image_model *m) {
  memset(m, 0, sizeof(*m));
  image_net_of(row, &m->net);
  m->diffusion = strcmp(IM_TEXT(row, FAMILY), "diffusion") == 0;
  m->cfg = 1;
  if (m->diffusion) {
    const char *z = IM_TEXT(row, TEXT_ENCODERS);
    const char *vae = IM_TEXT(row, VAE);
    m->cfg = (int)IM(row, CFG);
    image_net_of(image_component_row(vae, (int)strlen(vae)), &m->vae);
    while (*z && m->n_text < GPUADV_IMAGE_MAX_TEXT) {
      int k = 0;
      while (z[k] && z[k] != ' ') k++;
      image_net_of(image_component_row(z, k), &m->text[m->n_text++]);
      z += k;
      while (*z == ' ') z++;
    }
  }
}

/* GPU-to-GPU bandwidth of a GPU the catalog gives none for: PCIe 4.0 x16,
** 32 GB/s a direction, of which about 25 is reached. */
#define IMAGE_PCIE_LINK_GBS 25.0

int gpuadv_image_gpu_from_row(int gpu, int dtype, gpuadv_image_gpu *g) {
  static const int tensor_col[] = {GPUS_COL_FP32_TFLOPS, GPUS_COL_FP16_TFLOPS,
                                   GPUS_COL_BF16_TFLOPS, GPUS_COL_FP8_TFLOPS};
  assert(dtype >= 0 && dtype < 4);
  g->tensor_tflops = GPU(tensor_col[dtype]);
  g->fp32_tflops = GPU(GPUS_COL_FP32_TFLOPS);
  g->mem_bw_gbs = GPU(GPUS_COL_MEM_BW_GBS);
  g->link_gbs = GPU(GPUS_COL_INTERCONNECT_GBS);
  if (g->link_gbs <= 0) g->link_gbs = IMAGE_PCIE_LINK_GBS;
  return g->tensor_tflops > 0 && g->fp32_tflops > 0;
}
