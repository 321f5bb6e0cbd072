/*
** gpuadv_math.c: the estimator arithmetic. See gpuadv_math.h for the
** formulas, units and the source of every default.
*/
#include "gpuadv_math.h"

#include <assert.h>
#include <float.h>
#include <math.h>
#include <string.h>
#include <stddef.h>

/* The dtypes, one row each in catalogs/dtypes.csv with its sources (bytes
** per parameter with block scales, the matmul precision, a released
** checkpoint's bytes per weight and of its embedding and head):
** catalogs/gen_catalog.py writes them into gpuadv_dtypes.h.
** The matmul precision: weight-only formats (int4, nf4, GGUF) dequantise to
** 16 bits before multiplying; fp8, int8 and fp4 run on their own units.
** Released checkpoints (checkpoint_bytes, head_bytes): quantised ones keep
** the input embedding and the output head at 16 bits (llm-compressor's and
** AutoAWQ's default ignore list is lm_head; TensorRT Model Optimizer's FP8
** and NVFP4 recipes leave it out; an embedding is looked up, never
** quantised), and their layers carry block scales (the source column of
** each row says which). */
const gpuadv_dtype gpuadv_dtypes[GPUADV_N_DTYPES] = {GPUADV_DTYPE_ROWS};
const int gpuadv_n_dtypes = GPUADV_N_DTYPES;

const char *const gpuadv_train_mode_names[] = {"full",  "full16",    "lora",
                                               "qlora", "inference", NULL};

const char *const gpuadv_recompute_names[] = {"none", "selective", "full",
                                              NULL};

static int ascii_lower(int c) {
  return (c >= 'A' && c <= 'Z') ? c + ('a' - 'A') : c;
}

/* Case-insensitive match of n bytes of s against the NUL-terminated word. */
static int word_equals(const char *s, int n, const char *word) {
  int i;
  for (i = 0; i < n; i++) {
    if (word[i] == 0 || ascii_lower((unsigned char)s[i]) != word[i]) return 0;
  }
  return word[n] == 0;
}

int gpuadv_keyword_find(const char *const *words, const char *name,
                        int n_bytes) {
  int i;
  for (i = 0; words[i]; i++) {
    if (word_equals(name, n_bytes, words[i])) return i;
  }
  return -1;
}

/* A scan of the table that compares a name only when its first letter
** matches: a column of dtypes is looked up on every row, and most names
** differ from the one sought in their first byte. */
int gpuadv_dtype_find(const char *name, int n_bytes) {
  int i, first;
  if (n_bytes < 1) return -1;
  first = ascii_lower((unsigned char)name[0]);
  for (i = 0; i < GPUADV_N_DTYPES; i++) {
    const char *word = gpuadv_dtypes[i].name;
    if (word[0] == first && word_equals(name, n_bytes, word)) return i;
  }
  return -1;
}

/* Bytes per base-model parameter of each part of the training state, with
** LoRA adapters of `lora_fraction` of the parameters (fp32 weight, gradient
** and Adam moments: 4 + 4 + 8 bytes per adapter parameter). */
static gpuadv_train_bytes train_bytes(int mode, double lora_fraction) {
  const double f = lora_fraction;
  const double adapter_weight = 4.0, adapter_grad = 4.0, adapter_adam = 8.0;
  gpuadv_train_bytes b = {0.0, 0.0, 0.0};
  assert(f >= 0.0);
  switch (mode) {
    case GPUADV_MODE_FULL:
      b.weights = 2.0;
      b.grads = 4.0;
      b.optimizer = 12.0;
      break;
    case GPUADV_MODE_FULL16:
      b.weights = 2.0;
      b.grads = 2.0;
      b.optimizer = 12.0;
      break;
    case GPUADV_MODE_LORA:
      b.weights = 2.0 + f * adapter_weight;
      b.grads = f * adapter_grad;
      b.optimizer = f * adapter_adam;
      break;
    case GPUADV_MODE_QLORA:
      b.weights = 0.5 + GPUADV_NF4_CONSTANT_BYTES + f * adapter_weight;
      b.grads = f * adapter_grad;
      b.optimizer = f * adapter_adam;
      break;
    case GPUADV_MODE_INFERENCE:
      b.weights = 2.0;
      break;
    default:
      break;
  }
  return b;
}

gpuadv_train_bytes gpuadv_train_bytes_per_param(int mode) {
  return train_bytes(mode, GPUADV_DEFAULT_LORA_FRACTION);
}

double gpuadv_lora_fraction(double lora_rank, double params_b, double layers,
                            double hidden, double intermediate) {
  double inter = intermediate > 0.0 ? intermediate : 8.0 * hidden / 3.0;
  if (lora_rank <= 0.0) return GPUADV_DEFAULT_LORA_FRACTION;
  assert(params_b > 0.0);
  return lora_rank * layers * (11.0 * hidden + 3.0 * inter) / (params_b * 1e9);
}

/* GB of training state per GPU: `b` bytes per parameter, sharded by ZeRO
** stage 1 (the optimizer part), 2 (also the gradients), 3 (also the
** weights) over n_gpus. */
static double state_gb(double params_b, gpuadv_train_bytes b, double n_gpus,
                       int zero_stage) {
  if (zero_stage >= 1) b.optimizer /= n_gpus;
  if (zero_stage >= 2) b.grads /= n_gpus;
  if (zero_stage >= 3) b.weights /= n_gpus;
  return params_b * (b.weights + b.grads + b.optimizer);
}

double gpuadv_weights_gb(double params_b, double bytes_per_param) {
  return params_b * bytes_per_param;
}

double gpuadv_checkpoint_gb(double params_b, double heads_b, double layer_bytes,
                            double head_bytes) {
  if (head_bytes == layer_bytes) return params_b * layer_bytes;
  if (heads_b > params_b) heads_b = params_b;
  return (params_b - heads_b) * layer_bytes + heads_b * head_bytes;
}

double gpuadv_train_mem_gb(double params_b, int mode, double n_gpus,
                           int zero_stage, double activation_gb) {
  return state_gb(params_b, gpuadv_train_bytes_per_param(mode), n_gpus,
                  zero_stage) +
         activation_gb;
}

/* What one layer keeps for backward, in bytes per token per hidden unit,
** by training mode (bench/gpu/saved_tensors.py; torch 2.x, whose mean()
** keeps no fp32 square, 8 less than the torch 1.13 counts):
**   'full' (fp32 weights, bf16 autocast): each RMSNorm's fp32 input and
**     normalized output (2 x 8), q, k, v's own bf16 casts of their input
**     (6), attention's q, k, v and output (8), gate and up's casts (4), the
**     MLP's gate, SiLU, up and product (8 I/h), the fp32 log-sum-exp
**     (4 a/h): 34 + 8 I/h + 4 a/h; with checkpointing the fp32 input (4);
**     outside the layers the final norm's 8 and the head's bf16 input 2.
**   LoRA on a bf16 base (PEFT adapters under autocast): each norm's fp32
**     copy of its input (2 x 4), the adapters' bf16 casts of their inputs
**     (q, k, v 6, o 2, gate and up 4), attention (8), the MLP's gate, SiLU
**     and up outputs and the down adapter's cast of its input (8 I/h), the
**     log-sum-exp: 28 + 8 I/h + 4 a/h; the bf16 input (2) with
**     checkpointing; the final norm's fp32 input (4) outside.
**   bf16 weights and gradients ('full16', 'inference'): Korthikanti et al.
**     2022, table 2: 34 without checkpointing, 2 with; nothing counted.
** Left out: the adapters' rank-wide outputs (under 1% at r 8 to 64 and
** h 4096), dropout (off in the Trainer's and PEFT's defaults). */
typedef struct gpuadv_train_act {
  double base, per_inter, per_heads; /* without checkpointing */
  double input;                      /* with: the layer's input */
  double head;                       /* outside the layers, per token */
} gpuadv_train_act;

static gpuadv_train_act train_act(int mode) {
  static const gpuadv_train_act amp = {34.0, 8.0, 4.0, 4.0, 10.0};
  static const gpuadv_train_act adapter = {28.0, 8.0, 4.0, 2.0, 4.0};
  static const gpuadv_train_act bf16 = {34.0, 0.0, 0.0, 2.0, 0.0};
  switch (mode) {
    case GPUADV_MODE_FULL:
      return amp;
    case GPUADV_MODE_LORA:
    case GPUADV_MODE_QLORA:
      return adapter;
    default:
      return bf16;
  }
}

void gpuadv_train_peak_knobs_init(gpuadv_train_peak_knobs *k) {
  memset(k, 0, sizeof(*k));
  k->ce_fp32_bytes = GPUADV_TRAIN_CE_FP32_BYTES;
  k->zero3_live_layers = GPUADV_ZERO3_LIVE_LAYERS;
}

/* GB of whole layers that ZeRO stage 3 (FSDP full sharding) gathers from
** the shards during forward and backward: live_layers layers of the mode's
** stored weights (16-bit, or NF4). A layer is the parameters outside the
** embedding and the head, P - 2 V h (untied, as Llama; a tied model's
** layers count V h / L too few), over L. 0 below stage 3 or on one GPU,
** where nothing is gathered. */
static double zero3_gathered_gb(const gpuadv_train_peak_in *in,
                                double live_layers) {
  double blocks_b = in->params_b - 2.0 * in->vocab * in->hidden / 1e9;
  if (in->zero_stage < 3 || in->n_gpus <= 1.0) return 0.0;
  if (blocks_b < 0.0) blocks_b = 0.0;
  return live_layers * train_bytes(in->mode, 0.0).weights * blocks_b /
         in->layers;
}

void gpuadv_train_peak_parts_of(const gpuadv_train_peak_in *in,
                                const gpuadv_train_peak_knobs *k,
                                gpuadv_train_peak_parts *p) {
  gpuadv_train_act a = train_act(in->mode);
  double sbh = in->seq_len * in->micro_batch * in->hidden;
  double inter =
      in->intermediate > 0.0 ? in->intermediate : 8.0 * in->hidden / 3.0;
  double per_layer = a.base + k->extra_layer_bytes +
                     a.per_inter * inter / in->hidden +
                     a.per_heads * in->heads / in->hidden;
  double logits_bytes = in->seq_len * in->micro_batch * in->vocab *
                        (2.0 + k->ce_fp32_bytes / in->ce_chunks);
  int ckpt = in->recompute == GPUADV_RECOMPUTE_FULL;
  assert(in->ce_chunks >= 1.0);
  a.head += k->extra_head_bytes;
  if (in->recompute == GPUADV_RECOMPUTE_NONE) {
    per_layer += 5.0 * in->heads * in->seq_len / in->hidden;
  }
  p->gathered = zero3_gathered_gb(in, k->zero3_live_layers);
  p->act = in->layers * (ckpt ? a.input : per_layer) * sbh / 1e9;
  p->head = a.head * sbh / 1e9;
  p->logits = logits_bytes / 1e9;
  p->loss = (a.head * sbh + logits_bytes) / 1e9;
  p->recomp = ckpt ? per_layer * sbh / 1e9 : 0.0;
  if (in->mode == GPUADV_MODE_FULL) {
    /* PyTorch AMP: fp32 weights (4) and moments (8) resident, fp32
    ** gradients (4) and the optimizer's temporary (4) at its step, bf16
    ** copies of the linear weights (2) in forward and backward */
    double z1 = in->zero_stage >= 1 ? in->n_gpus : 1.0;
    double z2 = in->zero_stage >= 2 ? in->n_gpus : 1.0;
    double z3 = in->zero_stage >= 3 ? in->n_gpus : 1.0;
    double linear_b = in->params_b - in->vocab * in->hidden / 1e9;
    if (linear_b < 0.0) linear_b = 0.0;
    p->resident = in->params_b * (4.0 / z3 + 8.0 / z1);
    p->step = p->resident + in->params_b * (4.0 / z2 + 4.0 / z1);
    p->casts = 2.0 * linear_b / z3;
    if (ckpt) p->recomp += p->casts / in->layers;
  } else {
    gpuadv_train_bytes b =
        k->state_given
            ? k->state
            : train_bytes(in->mode, gpuadv_lora_fraction(
                                        in->lora_rank, in->params_b, in->layers,
                                        in->hidden, in->intermediate));
    p->resident = p->step =
        state_gb(in->params_b, b, in->n_gpus, in->zero_stage);
    p->casts = 0.0;
  }
}

double gpuadv_train_peak_of_parts(const gpuadv_train_peak_parts *p,
                                  int larger_of) {
  double tail, backward;
  if (larger_of) {
    tail = p->loss > p->recomp ? p->loss : p->recomp;
    backward = p->resident + p->casts + p->gathered + p->act + tail;
  } else {
    backward =
        p->resident + p->casts + p->gathered + p->act + p->loss + p->recomp;
  }
  return p->step > backward ? p->step : backward;
}

double gpuadv_train_peak_gb(double params_b, int mode, double layers,
                            double hidden, double heads, double seq_len,
                            double micro_batch, double n_gpus, int zero_stage,
                            int recompute, double vocab, double ce_chunks,
                            double intermediate, double lora_rank) {
  gpuadv_train_peak_in in;
  gpuadv_train_peak_knobs k;
  gpuadv_train_peak_parts p;
  in.params_b = params_b;
  in.mode = mode;
  in.layers = layers;
  in.hidden = hidden;
  in.heads = heads;
  in.seq_len = seq_len;
  in.micro_batch = micro_batch;
  in.n_gpus = n_gpus;
  in.zero_stage = zero_stage;
  in.recompute = recompute;
  in.vocab = vocab;
  in.ce_chunks = ce_chunks;
  in.intermediate = intermediate;
  in.lora_rank = lora_rank;
  gpuadv_train_peak_knobs_init(&k);
  gpuadv_train_peak_parts_of(&in, &k, &p);
  /* 'full' (exact counts): the loss's backward and the rebuilt layer are
  ** apart in time. The bf16-weight modes: the rebuilt layer adds to the
  ** loss's peak. Their GPU rows (allocator statistics, which hold more
  ** than the live tensors) need the sum: with the larger of the two, as in
  ** 'full', the error of each configuration left out of the fit goes from
  ** 2% to 20%. */
  return gpuadv_train_peak_of_parts(&p, mode == GPUADV_MODE_FULL);
}

double gpuadv_kv_cache_gb(double layers, double kv_heads, double head_dim,
                          double seq_len, double batch,
                          double bytes_per_param) {
  return 2.0 * layers * kv_heads * head_dim * seq_len * batch *
         bytes_per_param / 1e9;
}

/* The kinds' layers that keep a cache of their own, and their K plus V
** elements per token. */
static void kv_kinds(const gpuadv_model_shape *m, double *local_layers,
                     double *global_layers, double *local_elems,
                     double *global_elems) {
  double linear = m->linear_layers > 0.0 ? m->linear_layers : 0.0;
  double local = m->sliding_layers > 0.0 ? m->sliding_layers : 0.0;
  double shared = m->kv_shared_layers > 0.0 ? m->kv_shared_layers : 0.0;
  double shared_local = m->kv_shared_sliding > 0.0 ? m->kv_shared_sliding : 0.0;
  *local_layers = local - shared_local;
  *global_layers = m->layers - linear - local - (shared - shared_local);
  *local_elems = 2.0 * m->kv_heads * m->head_dim;
  *global_elems =
      2.0 * (m->global_kv_heads > 0.0 ? m->global_kv_heads : m->kv_heads) *
      (m->global_head_dim > 0.0 ? m->global_head_dim : m->head_dim);
}

double gpuadv_model_kv_gb(const gpuadv_model_shape *m, double seq_len,
                          double batch, double bytes_per_param) {
  double linear = m->linear_layers > 0.0 ? m->linear_layers : 0.0;
  double elements_per_seq = linear * m->linear_state_elems;
  if (m->kv_lora_rank > 0.0) {
    double local, global, state;
    gpuadv_model_kv_split(m, seq_len, &local, &global, &state);
    elements_per_seq += local + global;
  } else {
    double local_layers, global_layers, local_elems, global_elems;
    double local_tokens =
        seq_len < m->sliding_window ? seq_len : m->sliding_window;
    kv_kinds(m, &local_layers, &global_layers, &local_elems, &global_elems);
    /* One product where the kinds cache alike, as before there were two. */
    if (global_elems == local_elems) {
      elements_per_seq +=
          local_elems * (global_layers * seq_len + local_layers * local_tokens);
    } else {
      elements_per_seq += global_elems * global_layers * seq_len +
                          local_elems * local_layers * local_tokens;
    }
    if (m->extra_kv_elems > 0.0)
      elements_per_seq += m->extra_kv_elems * seq_len;
  }
  return elements_per_seq * batch * bytes_per_param / 1e9;
}

/* gpuadv_model_kv_split with the full-attention layers' entries, and the
** topk_kv_elems of extra_kv_elems, counted for `attended` of the seq_len
** tokens (the rest of extra_kv_elems, indexer keys and unindexed
** compressed entries, for all of them). */
static void kv_split_at(const gpuadv_model_shape *m, double seq_len,
                        double attended, double *local, double *global,
                        double *state) {
  double linear = m->linear_layers > 0.0 ? m->linear_layers : 0.0;
  double topk_elems = m->topk_kv_elems > 0.0 ? m->topk_kv_elems : 0.0;
  double extra = m->extra_kv_elems > 0.0 ? m->extra_kv_elems : 0.0;
  double extra_elems = (extra - topk_elems) * seq_len + topk_elems * attended;
  double local_layers, global_layers, local_elems, global_elems;
  double window = seq_len < m->sliding_window ? seq_len : m->sliding_window;
  *state = linear * m->linear_state_elems;
  if (m->kv_lora_rank > 0.0) {
    /* the latents of every token, but for a window in the sliding layers
    ** (DeepSeek-V4's: all of them) */
    double entry = m->kv_lora_rank + m->qk_rope_head_dim;
    local_layers = m->sliding_layers > 0.0 ? m->sliding_layers : 0.0;
    *local = local_layers * entry * window;
    *global =
        (m->layers - linear - local_layers) * entry * attended + extra_elems;
    return;
  }
  kv_kinds(m, &local_layers, &global_layers, &local_elems, &global_elems);
  *local = local_elems * local_layers * window;
  *global = global_elems * global_layers * attended + extra_elems;
}

void gpuadv_model_kv_split(const gpuadv_model_shape *m, double seq_len,
                           double *local, double *global, double *state) {
  kv_split_at(m, seq_len, seq_len, local, global, state);
}

void gpuadv_model_kv_read_split(const gpuadv_model_shape *m, double seq_len,
                                double *local, double *global, double *state) {
  double attended =
      m->attn_topk > 0.0 && m->attn_topk < seq_len ? m->attn_topk : seq_len;
  kv_split_at(m, seq_len, attended, local, global, state);
}

double gpuadv_activation_gb(double layers, double hidden, double heads,
                            double seq_len, double micro_batch, int recompute) {
  double sbh = seq_len * micro_batch * hidden;
  double per_layer;
  switch (recompute) {
    case GPUADV_RECOMPUTE_NONE:
      per_layer = sbh * (34.0 + 5.0 * heads * seq_len / hidden);
      break;
    case GPUADV_RECOMPUTE_FULL:
      per_layer = 2.0 * sbh;
      break;
    default:
      per_layer = 34.0 * sbh;
      break;
  }
  return layers * per_layer / 1e9;
}

double gpuadv_decode_tps(double mem_bw_gbs, double weights_gb, double batch,
                         double efficiency, double kv_gb, double tflops,
                         double active_params_b, double compute_efficiency) {
  double step_s = (weights_gb + kv_gb) / (mem_bw_gbs * efficiency);
  if (tflops > 0.0 && active_params_b > 0.0) {
    double compute_s = 2.0 * active_params_b * 1e9 * batch /
                       (tflops * 1e12 * compute_efficiency);
    if (compute_s > step_s) step_s = compute_s;
  }
  return batch / step_s;
}

double gpuadv_prefill_tps(double tflops, double active_params_b, double mfu) {
  return tflops * 1e12 * mfu / (2.0 * active_params_b * 1e9);
}

double gpuadv_cost_per_mtok(double usd_per_hour, double tokens_per_sec,
                            double utilization) {
  return usd_per_hour * 1e6 / (3600.0 * tokens_per_sec * utilization);
}

double gpuadv_nodes_required(double total_gb, double gb_per_node,
                             double headroom) {
  double q = total_gb / (gb_per_node * (1.0 - headroom));
  double whole = floor(q);
  if (q - whole <= q * GPUADV_COUNT_TOLERANCE) return whole;
  return ceil(q);
}

double gpuadv_train_gpu_hours(double params_b, double tokens_b, double tflops,
                              double mfu) {
  return 6.0 * params_b * 1e9 * tokens_b * 1e9 / (tflops * 1e12 * mfu) / 3600.0;
}

double gpuadv_owned_usd_per_hour(double capex_usd, double lifetime_years,
                                 double watts, double usd_per_kwh, double pue) {
  return capex_usd / (lifetime_years * 8760.0) +
         watts / 1000.0 * usd_per_kwh * pue;
}

double gpuadv_owned_term_usd(double capex_usd, double resale_share,
                             double lifetime_hours, double term_hours,
                             double running_usd_per_hour) {
  assert(lifetime_hours > 0 && resale_share >= 0 && resale_share < 1);
  double lives = term_hours > lifetime_hours ? term_hours / lifetime_hours : 1;
  return capex_usd * (1 - resale_share) * lives +
         running_usd_per_hour * term_hours;
}

double gpuadv_egress_usd(double dataset_gb, double runs, double usd_per_gb) {
  return dataset_gb * runs * usd_per_gb;
}

double gpuadv_break_even_hours(double capex_usd, double rent_usd_per_hour,
                               double owned_usd_per_hour) {
  return capex_usd / (rent_usd_per_hour - owned_usd_per_hour);
}

/* The M/D/c mean wait of c servers at an offered load of a < c servers
** and service time s, from b, the Erlang B blocking of c servers: Erlang C,
** then half the M/M/c wait (gpuadv_queue_wait_s). Erlang B comes from its
** stable recursion, b(k) = a b(k-1) / (k + a b(k-1)) from b(0) = 1. */
static double wait_from_erlang_b(double b, double a, double c, double s) {
  double erlang_c = b / (1.0 - a / c * (1.0 - b));
  assert(c > a);
  return 0.5 * erlang_c * s / (c - a);
}

double gpuadv_queue_wait_s(double servers, double rate, double service_s) {
  double a = rate * service_s; /* the offered load, in servers */
  double b = 1.0;
  double k;
  assert(servers >= 1.0 && servers <= GPUADV_QUEUE_MAX_SERVERS);
  assert(servers == floor(servers));
  assert(rate >= 0.0 && service_s > 0.0);
  if (a >= servers) return -1.0;
  if (a == 0.0) return 0.0;
  for (k = 1.0; k <= servers; k += 1.0) b = a * b / (k + a * b);
  return wait_from_erlang_b(b, a, servers, service_s);
}

double gpuadv_queue_servers(double rate, double service_s, double max_wait_s,
                            double per_unit) {
  double a = rate * service_s, b = 1.0, c;
  assert(per_unit >= 1.0 && per_unit == floor(per_unit));
  assert(max_wait_s >= 0.0 && rate >= 0.0 && service_s > 0.0);
  if (a == 0.0) return per_unit;
  /* Erlang B carried up one server at a time, tried at each whole unit
  ** that carries the load: linear in the answer */
  for (c = 1.0; c <= GPUADV_QUEUE_MAX_SERVERS; c += 1.0) {
    b = a * b / (c + a * b);
    if (c > a && fmod(c, per_unit) == 0.0 &&
        wait_from_erlang_b(b, a, c, service_s) <= max_wait_s) {
      return c;
    }
  }
  return -1.0;
}

double gpuadv_ridge_point(double tflops, double mem_bw_gbs) {
  return tflops * 1e12 / (mem_bw_gbs * 1e9);
}

const char *const gpuadv_acquire_names[] = {"rent", "buy", "any", 0};

enum gpuadv_spend_problem gpuadv_spend_problem(double spend_usd,
                                               double budget_usd, int owned,
                                               int acquire) {
  assert(acquire >= GPUADV_ACQUIRE_RENT && acquire <= GPUADV_ACQUIRE_ANY);
  if (spend_usd > budget_usd) return GPUADV_SPEND_OVER_BUDGET;
  if (acquire == GPUADV_ACQUIRE_RENT && owned) return GPUADV_SPEND_RENTS_ONLY;
  if (acquire == GPUADV_ACQUIRE_BUY && !owned) return GPUADV_SPEND_BUYS_ONLY;
  return GPUADV_SPEND_OK;
}

double gpuadv_max_batch(double mem_gb, double weights_gb, double kv_gb_per_seq,
                        double headroom) {
  double free_gb = mem_gb * (1.0 - headroom) - weights_gb;
  double q;
  if (free_gb <= 0.0) return 0.0;
  q = free_gb / kv_gb_per_seq;
  /* A quotient a hair under a whole number is that number (same tolerance
  ** as nodes_required, the other count). */
  if (ceil(q) - q <= q * GPUADV_COUNT_TOLERANCE) return ceil(q);
  return floor(q);
}

/* Whether a replica at batch b keeps each sequence at user_tps; 0 with
** *bad set when its tps is not a finite positive number. */
static int batch_keeps_up(double b, double user_tps,
                          double (*tps)(void *arg, double batch), void *arg,
                          double *bad) {
  double x = tps(arg, b);
  if (!(x > 0.0 && x <= DBL_MAX)) {
    *bad = x;
    return -1;
  }
  return x / b >= user_tps * (1 - 1e-9);
}

double gpuadv_serving_batch(double max_batch, double user_tps,
                            double (*tps)(void *arg, double batch), void *arg,
                            double *bad_tps) {
  double p = GPUADV_SERVING_POW2_MAX;
  int ok;
  assert(max_batch > 0.0 && user_tps >= 0.0);
  ok = batch_keeps_up(max_batch, user_tps, tps, arg, bad_tps);
  if (ok != 0) return ok > 0 ? max_batch : 0.0;
  while (p >= max_batch) p /= 2.0;
  for (; p >= 1.0; p /= 2.0) {
    ok = batch_keeps_up(p, user_tps, tps, arg, bad_tps);
    if (ok != 0) return ok > 0 ? p : 0.0;
  }
  return max_batch < 1.0 ? max_batch : 1.0;
}

void gpuadv_moe_split_b(double params_b, double active_params_b,
                        double n_experts, double experts_per_token,
                        double *dense_b, double *experts_b) {
  *dense_b = params_b;
  *experts_b = 0.0;
  if (n_experts > 0.0 && experts_per_token > 0.0 &&
      experts_per_token < n_experts && params_b > active_params_b) {
    double share = experts_per_token / n_experts;
    *experts_b = (params_b - active_params_b) / (1.0 - share);
    *dense_b = params_b - *experts_b;
  }
}

double gpuadv_kv_copies(double kv_heads, double tp) {
  return kv_heads > 0.0 && tp > kv_heads ? tp / kv_heads : 1.0;
}

/* GB a decode step of s->batch tokens reads: the dense weights (less the
** input embeddings, looked up, not read) and the experts the tokens
** touch, each token choosing k of n at random. */
static void weights_read_split_gb(const gpuadv_decode_setup *s,
                                  double *dense_gb, double *experts_gb) {
  double dense_b, experts_b, touched = 0.0;
  gpuadv_moe_split_b(s->params_b, s->active_params_b, s->n_experts,
                     s->experts_per_token, &dense_b, &experts_b);
  if (experts_b > 0.0) {
    touched = 1.0 - pow(1.0 - s->experts_per_token / s->n_experts, s->batch);
  } else {
    dense_b = s->active_params_b; /* a dense model reads what it uses */
  }
  dense_b -= s->embedding_params_b;
  if (dense_b < 0.0) dense_b = 0.0;
  /* the output head: as many weights as the input embedding */
  *dense_gb = gpuadv_checkpoint_gb(
      dense_b, s->embedding_params_b, s->bytes_per_param,
      s->head_bytes_per_param > 0.0 ? s->head_bytes_per_param
                                    : s->bytes_per_param);
  *experts_gb = experts_b * touched * s->bytes_per_param;
}

double gpuadv_decode_weights_read_gb(const gpuadv_decode_setup *s) {
  double dense_gb, experts_gb;
  weights_read_split_gb(s, &dense_gb, &experts_gb);
  return dense_gb + experts_gb;
}

static double decode_efficiency(const gpuadv_decode_setup *s) {
  const gpuadv_engine_consts *e = s->engine;
  assert(s->memory_class >= GPUADV_MEM_HBM &&
         s->memory_class <= GPUADV_MEM_DDR);
  if (s->memory_class == GPUADV_MEM_UNIFIED && s->gguf) {
    return e->bw_eff[GPUADV_MEM_UNIFIED] * e->gguf_unified_factor;
  }
  return e->bw_eff[s->memory_class];
}

void gpuadv_gpu_link(double interconnect_gbs, double *gbs, double *latency_s) {
  /* NVLink-class figures count both directions */
  int nvlink = interconnect_gbs > 0.0;
  *gbs = nvlink ? interconnect_gbs / 2.0 : GPUADV_PCIE_GBS;
  *latency_s = nvlink ? GPUADV_ALLREDUCE_LATENCY_NVLINK_S
                      : GPUADV_ALLREDUCE_LATENCY_PCIE_S;
}

double gpuadv_tp_allreduce_s(double n_gpus, double interconnect_gbs,
                             double layers, double tokens, double hidden) {
  /* A ring all-reduce moves 2 (n - 1) / n of the message over each link. */
  double link_gbs, latency_s;
  double message_gb = tokens * hidden * 2.0 / 1e9;
  if (n_gpus <= 1.0) return 0.0;
  gpuadv_gpu_link(interconnect_gbs, &link_gbs, &latency_s);
  return 2.0 * layers *
         (latency_s + 2.0 * (n_gpus - 1.0) / n_gpus * message_gb / link_gbs);
}

double gpuadv_layer_split_hops_s(double n_gpus, double interconnect_gbs,
                                 double tokens, double hidden) {
  double link_gbs, latency_s;
  if (n_gpus <= 1.0) return 0.0;
  gpuadv_gpu_link(interconnect_gbs, &link_gbs, &latency_s);
  return (n_gpus - 1.0) * (latency_s + tokens * hidden * 2.0 / 1e9 / link_gbs);
}

double gpuadv_layer_split_speedup(double n_gpus, double tokens,
                                  double batch_tokens) {
  double per_batch = tokens < batch_tokens ? tokens : batch_tokens;
  double u = ceil(per_batch / GPUADV_LAYER_SPLIT_UBATCH);
  if (n_gpus <= 1.0 || u < 1.0) return 1.0;
  return n_gpus * u / (u + n_gpus - 1.0);
}

/* GB/s at which `gpus` GPUs read a decode step's KV cache. */
static double kv_read_gbs(const gpuadv_decode_setup *d, double gpus) {
  return gpus * d->mem_bw_gbs * d->engine->kv_eff;
}

/* FLOP/s at which `gpus` GPUs compute decode attention (the 16-bit rate);
** 0 when the attention FLOPs are not counted. */
static double attn_flops(const gpuadv_decode_setup *d, double gpus) {
  return gpus * d->attn_tflops * 1e12 * d->engine->compute_eff;
}

/* Seconds `gpus` GPUs spend on a decode step's KV cache: reading kv_gb of
** it, or computing attn_gflop of attention at the 16-bit rate (where one
** is given), whichever takes longer. */
static double cache_s(const gpuadv_decode_setup *d, double gpus, double kv_gb,
                      double attn_gflop) {
  double read_s = kv_gb / kv_read_gbs(d, gpus);
  if (d->attn_tflops > 0.0) {
    double attn_s = attn_gflop * 1e9 / attn_flops(d, gpus);
    if (attn_s > read_s) return attn_s;
  }
  return read_s;
}

/* Seconds per sequence and step beyond the matmuls and the cache: an MoE
** model's routing of each token through its experts (the engine's
** token_overhead, fitted on full-load rows of MoE and dense models, where
** the dense ones took none); 0 for a dense model. */
static double token_overhead_s(const gpuadv_decode_setup *d) {
  return d->n_experts > 0.0 ? d->engine->token_overhead_s : 0.0;
}

/* Seconds per step of the layers' fixed costs (kernel launches and
** synchronisation): the engine's layer_overhead per layer, and an MoE
** model's layers their routing, permutation and grouped-matmul kernels'
** moe_layer_overhead besides (fitted on single-stream rows, where they are
** most of a small MoE model's step). */
static double layers_overhead_s(const gpuadv_decode_setup *d) {
  const gpuadv_engine_consts *e = d->engine;
  return d->layers *
         (e->layer_overhead_s + (d->n_experts > 0.0 ? e->moe_layer_s : 0.0));
}

/* The same per prompt token, whose routing runs in the large batches of a
** prefill (the engine's prefill_token, fitted with token_overhead on the
** full-load rows, whose throughput counts each prompt's prefill). */
static double prefill_token_s(const gpuadv_prefill_setup *p) {
  return p->n_experts > 0.0 ? p->engine->prefill_token_s : 0.0;
}

double gpuadv_decode_step_s(const gpuadv_decode_setup *s) {
  /* a layer split's GPUs take turns: one GPU's bandwidth and TFLOP/s */
  double gpus = s->engine->split_layers ? 1.0 : s->n_gpus;
  double bandwidth = gpus * s->mem_bw_gbs * decode_efficiency(s);
  double weights_s = gpuadv_decode_weights_read_gb(s) / bandwidth;
  double kv_s = cache_s(s, gpus, s->kv_gb_per_seq * s->batch,
                        s->attn_gflop_per_seq * s->batch);
  double step_s = weights_s;
  double links_s =
      s->engine->split_layers
          ? gpuadv_layer_split_hops_s(s->n_gpus, s->interconnect_gbs, s->batch,
                                      s->hidden)
          : gpuadv_tp_allreduce_s(s->n_gpus, s->interconnect_gbs, s->layers,
                                  s->batch, s->hidden);
  if (s->tflops > 0.0) {
    double compute_s = 2.0 * s->active_params_b * 1e9 * s->batch /
                       (gpus * s->tflops * 1e12 * s->engine->compute_eff);
    if (compute_s > step_s) step_s = compute_s;
  }
  return step_s + kv_s + layers_overhead_s(s) +
         s->batch * token_overhead_s(s) / gpus + links_s;
}

double gpuadv_model_decode_tps(const gpuadv_decode_setup *s) {
  return s->batch / gpuadv_decode_step_s(s);
}

/* Whether the setup's GPU is a discrete one (HBM or GDDR memory). */
static int discrete_gpu(const gpuadv_prefill_setup *s) {
  return s->memory_class == GPUADV_MEM_HBM ||
         s->memory_class == GPUADV_MEM_GDDR;
}

/* The prefill mfu of `tokens` prompt tokens: the engine's share of the
** dense rate on the GPU's memory class, lower for short prompts, and for a
** GGUF type off discrete GPUs its dequantising share. */
static double prefill_mfu(const gpuadv_prefill_setup *s, double tokens) {
  const gpuadv_engine_consts *e = s->engine;
  double mfu = s->memory_class == GPUADV_MEM_UNIFIED ? e->prefill_mfu_unified
                                                     : e->prefill_mfu;
  if (s->gguf && !discrete_gpu(s)) mfu *= e->gguf_prefill_factor;
  return mfu * tokens / (tokens + e->prefill_half_tokens);
}

/* Seconds the fp16 copies of a GGUF type's dense_b billion weights take
** for `tokens` prompt tokens on `gpus` GPUs of a discrete kind: one per
** micro-batch of GPUADV_LAYER_SPLIT_UBATCH tokens, above
** GPUADV_GGUF_MMQ_MAX_TOKENS (gpuadv_math.h); 0 otherwise. */
static double gguf_dequant_s(const gpuadv_prefill_setup *s, double tokens,
                             double gpus, double dense_b) {
  if (!s->gguf || !discrete_gpu(s) || tokens <= GPUADV_GGUF_MMQ_MAX_TOKENS ||
      !(s->mem_bw_gbs > 0.0) || !(dense_b > 0.0)) {
    return 0.0;
  }
  return ceil(tokens / GPUADV_LAYER_SPLIT_UBATCH) * dense_b *
         (s->bytes_per_param + GPUADV_GGUF_DEQUANT_BYTES) /
         (gpus * s->mem_bw_gbs);
}

/* Seconds of the matmuls and attention of `tokens` prompt tokens with
** `pairs` query-key pairs on `gpus` GPUs at `mfu` of their rates: the
** matmuls at the weights' rate (tflops), the attention at the 16-bit rate
** (attn_tflops; its q, k, v are 16-bit whatever the weights' format) and
** attn_eff of it; and a GGUF type's fp16 copies (gguf_dequant_s). */
static double prompt_compute_s(const gpuadv_prefill_setup *s, double tokens,
                               double pairs, double gpus, double mfu) {
  double dense_b = s->active_params_b - s->embedding_params_b;
  double attn_tflops = s->attn_tflops > 0.0 ? s->attn_tflops : s->tflops;
  if (dense_b < 0.0) dense_b = 0.0;
  return 2.0 * dense_b * 1e9 * tokens / (gpus * s->tflops * 1e12 * mfu) +
         4.0 * s->attn_dim * pairs /
             (gpus * attn_tflops * 1e12 * mfu * s->engine->attn_eff) +
         gguf_dequant_s(s, tokens, gpus, dense_b);
}

/* Seconds a forward pass over `tokens` prompt tokens needs to read the
** weights on `gpus` GPUs, as a decode step of that many tokens reads them:
** a short prompt's floor, where reading the weights takes longer than its
** matmuls. */
static double prefill_read_s(const gpuadv_prefill_setup *s, double tokens,
                             double gpus) {
  gpuadv_decode_setup d;
  memset(&d, 0, sizeof(d));
  d.engine = s->engine;
  d.memory_class = s->memory_class;
  d.gguf = s->gguf;
  d.params_b = s->params_b;
  d.active_params_b = s->active_params_b;
  d.n_experts = s->n_experts;
  d.experts_per_token = s->experts_per_token;
  d.embedding_params_b = s->embedding_params_b;
  d.bytes_per_param = s->bytes_per_param;
  d.head_bytes_per_param = s->head_bytes_per_param;
  d.batch = tokens;
  if (!(s->mem_bw_gbs > 0.0)) return 0.0;
  return gpuadv_decode_weights_read_gb(&d) /
         (gpus * s->mem_bw_gbs * decode_efficiency(&d));
}

/* The model's layers that attend to the whole context (*full) and to a
** sliding window (*sliding); the linear-attention ones attend to none.
** Full layers with heads of their own width (Gemma 4) count at their
** FLOP per pair over attn_dim's. */
static void attention_layers(const gpuadv_prefill_setup *s, double *full,
                             double *sliding) {
  double linear = s->linear_layers > 0.0 ? s->linear_layers : 0.0;
  *sliding = s->sliding_layers > 0.0 ? s->sliding_layers : 0.0;
  *full = s->layers - linear - *sliding;
  if (s->global_attn_dim > 0.0 && s->global_attn_dim != s->attn_dim &&
      s->attn_dim > 0.0) {
    *full *= s->global_attn_dim / s->attn_dim;
  }
}

/* The pairs a full layer's attention costs for `pairs` causal pairs of
** `tokens` queries: all of them, or under sparse attention each query's
** top attn_topk (at most tokens x attn_topk) and the indexer's scoring of
** every pair at index_pair_share of an attended pair. */
static double full_layer_pairs(const gpuadv_prefill_setup *s, double tokens,
                               double pairs) {
  if (!(s->attn_topk > 0.0)) return pairs;
  return fmin(pairs, tokens * s->attn_topk) + s->index_pair_share * pairs;
}

/* Query-key pairs of `tokens` new tokens summed over the layers: each
** attends to the cached context and to the new tokens up to itself
** (causal); in a sliding layer to at most the window, in a full layer
** under sparse attention to its top-k (full_layer_pairs). */
static double prompt_pairs(const gpuadv_prefill_setup *s, double tokens,
                           double cached) {
  double full, sliding;
  double per_token = cached + (tokens + 1.0) / 2.0;
  double window = s->sliding_window > 0.0 && s->sliding_window < per_token
                      ? s->sliding_window
                      : per_token;
  attention_layers(s, &full, &sliding);
  return full * full_layer_pairs(s, tokens, tokens * per_token) +
         tokens * sliding * window;
}

/* The query-key pairs of a serving step's prompt chunks summed over the
** layers, from `pairs`, their count in one layer with no window (the
** serving simulator's sum over chunks of chunk x (tokens before it +
** (chunk + 1) / 2)): every full layer has them all, a sliding layer at most
** the window per token (an upper bound when chunks of several prompts
** share the step), a linear-attention layer none. */
static double step_prompt_pairs(const gpuadv_prefill_setup *s, double tokens,
                                double pairs) {
  double full, sliding;
  double windowed =
      s->sliding_window > 0.0 && tokens * s->sliding_window < pairs
          ? tokens * s->sliding_window
          : pairs;
  attention_layers(s, &full, &sliding);
  return full * full_layer_pairs(s, tokens, pairs) + sliding * windowed;
}

double gpuadv_prefill_s(const gpuadv_prefill_setup *s, double tokens,
                        double cached) {
  const gpuadv_engine_consts *e = s->engine;
  double pairs = prompt_pairs(s, tokens, cached);
  double gpus = e->split_layers ? 1.0 : s->n_gpus;
  double compute_s =
      prompt_compute_s(s, tokens, pairs, gpus, prefill_mfu(s, tokens));
  double read_s = prefill_read_s(s, tokens, gpus);
  if (read_s > compute_s) compute_s = read_s;
  compute_s += tokens * prefill_token_s(s) / gpus;
  if (e->split_layers) {
    return compute_s /
               gpuadv_layer_split_speedup(s->n_gpus, tokens, e->batch_tokens) +
           gpuadv_layer_split_hops_s(s->n_gpus, s->interconnect_gbs, tokens,
                                     s->hidden);
  }
  return compute_s + gpuadv_tp_allreduce_s(s->n_gpus, s->interconnect_gbs,
                                           s->layers, tokens, s->hidden);
}

/* Seconds a replica's links add for `tokens` tokens going through every
** layer once: the tensor-parallel all-reduces, the pipeline hops (pp of
** them: pp - 1 between stages and the sampled tokens' return), and the
** expert all-to-alls (a dispatch and a combine per MoE layer). */
static double replica_links_s(const gpuadv_replica *r, double tokens) {
  const gpuadv_decode_setup *d = &r->decode;
  double s;
  assert(r->dp >= 1.0);
  if (d->engine->split_layers) {
    return gpuadv_layer_split_hops_s(r->tp * r->pp, d->interconnect_gbs, tokens,
                                     d->hidden);
  }
  s = gpuadv_tp_allreduce_s(r->tp, d->interconnect_gbs, d->layers, tokens,
                            d->hidden);
  if (r->pp > 1.0) {
    s += r->pp * r->hop_latency_s +
         (r->pp - 1.0) * tokens * d->hidden * 2.0 / 1e9 / r->hop_gbs;
  }
  if (r->ep > 1.0 && r->moe_layers > 0.0) {
    double moved_gb = tokens * d->experts_per_token * d->hidden * 2.0 / 1e9 *
                      (r->ep - 1.0) / r->ep;
    s += 2.0 * r->moe_layers * (r->a2a_latency_s + moved_gb / r->a2a_gbs);
  }
  return s;
}

/* GPUs whose bandwidth and TFLOP/s a replica's step adds up: all of them,
** but one for a layer split, whose GPUs take turns. */
static double replica_parallel_gpus(const gpuadv_replica *r) {
  return r->decode.engine->split_layers ? 1.0 : r->tp * r->pp * r->dp;
}

/* Seconds one GPU of a stage takes to read the weights a step of d->batch
** tokens touches: all of them over the stage's GPUs, or, with
** data-parallel attention, the dense weights over tp and the experts over
** ep. */
static double replica_read_s(const gpuadv_replica *r,
                             const gpuadv_decode_setup *d, double stage_gpus) {
  double dense_gb, experts_gb;
  double bw = d->mem_bw_gbs * decode_efficiency(d);
  if (r->dp <= 1.0) return gpuadv_decode_weights_read_gb(d) / (stage_gpus * bw);
  weights_read_split_gb(d, &dense_gb, &experts_gb);
  return (dense_gb / r->tp + experts_gb / r->ep) / bw;
}

/* Seconds of prompt matmuls on a replica with data-parallel attention:
** group_tokens tokens of one attention group, with group_pairs query-key
** pairs counted in its layers, through their attention and the layers
** other than the experts on the group's tp GPUs at group_mfu, and the
** experts of all `tokens` prompt tokens over the ep GPUs at mfu (a prompt
** is its group's own; the experts are spread over every GPU). */
static double dp_prompt_compute_s(const gpuadv_replica *r, double group_tokens,
                                  double group_pairs, double group_mfu,
                                  double tokens, double mfu) {
  const gpuadv_prefill_setup *p = &r->prefill;
  gpuadv_prefill_setup dense = *p;
  double dense_b, experts_b, group_s = 0.0;
  assert(r->dp > 1.0 && group_tokens <= tokens);
  gpuadv_moe_split_b(p->params_b, p->active_params_b, p->n_experts,
                     p->experts_per_token, &dense_b, &experts_b);
  dense.active_params_b = dense_b;
  if (group_tokens > 0.0) {
    group_s =
        prompt_compute_s(&dense, group_tokens, group_pairs, r->tp, group_mfu);
  }
  return group_s + 2.0 * (p->active_params_b - dense_b) * 1e9 * tokens /
                       (r->ep * (p->tflops * 1e12 * mfu));
}

/* The same for a step's prompt tokens (gpuadv_replica_step_s): the
** busiest group's, at the prefill mfu of its tokens, and every prompt
** token's experts at `mfu`. */
static double dp_step_prompt_s(const gpuadv_replica *r,
                               const gpuadv_step_load *l, double mfu) {
  assert(l->prefill_tokens == 0.0 || l->group_tokens > 0.0);
  return dp_prompt_compute_s(
      r, l->group_tokens,
      step_prompt_pairs(&r->prefill, l->group_tokens, l->group_pairs),
      prefill_mfu(&r->prefill, l->group_tokens), l->prefill_tokens, mfu);
}

void gpuadv_replica_step_terms(const gpuadv_replica *r,
                               const gpuadv_step_load *l,
                               gpuadv_step_terms *out) {
  const gpuadv_decode_setup *d = &r->decode;
  const gpuadv_engine_consts *e = d->engine;
  gpuadv_decode_setup touched = *d;
  double gpus = replica_parallel_gpus(r);
  double decode_seqs = l->decode_seqs;
  double prefill_tokens = l->prefill_tokens;
  double tokens = decode_seqs + prefill_tokens;
  /* pp micro-batches in flight, one per stage: each micro-batch reads
  ** every stage's weights once per step (a layer split runs one) */
  double micro = e->split_layers ? tokens : tokens / r->pp;
  double stage_gpus = e->split_layers ? 1.0 : r->tp;
  double step_s, matmul_s = 0.0, mfu;
  assert(r->tp >= 1.0 && r->pp >= 1.0);
  touched.batch = micro > 1.0 ? micro : 1.0;
  step_s = replica_read_s(r, &touched, stage_gpus);
  mfu = prefill_tokens > 0.0 ? prefill_mfu(&r->prefill, prefill_tokens)
                             : e->prefill_mfu;
  if (d->tflops > 0.0) {
    double prompt_s =
        r->dp > 1.0 && prefill_tokens > 0.0
            ? dp_step_prompt_s(r, l, mfu)
            : prompt_compute_s(&r->prefill, prefill_tokens,
                               step_prompt_pairs(&r->prefill, prefill_tokens,
                                                 l->prefill_pairs),
                               gpus, mfu);
    if (e->split_layers) {
      prompt_s /= gpuadv_layer_split_speedup(r->tp * r->pp, prefill_tokens,
                                             e->batch_tokens);
    }
    matmul_s = 2.0 * d->active_params_b * 1e9 * decode_seqs /
                   (gpus * d->tflops * 1e12 * e->compute_eff) +
               prompt_s;
  }
  out->base_s = matmul_s > step_s ? matmul_s : step_s;
  /* the links of one micro-batch's way through the stages: the other
  ** micro-batches cross theirs in the other stages meanwhile; with
  ** data-parallel attention, of one group's share of the tokens, and with
  ** prompts, of the busiest group's (its share of the decodes and its
  ** prompt tokens), whose routing also takes longest, on its tp GPUs */
  if (r->dp > 1.0 && prefill_tokens > 0.0) {
    double group = decode_seqs / r->dp + l->group_tokens;
    if (group < micro / r->dp) group = micro / r->dp;
    out->overhead_s = layers_overhead_s(d) +
                      decode_seqs * token_overhead_s(d) / gpus +
                      l->group_tokens * prefill_token_s(&r->prefill) / r->tp;
    out->links_s = replica_links_s(r, group);
  } else {
    out->overhead_s =
        layers_overhead_s(d) + (decode_seqs * token_overhead_s(d) +
                                prefill_tokens * prefill_token_s(&r->prefill)) /
                                   gpus;
    out->links_s = replica_links_s(r, micro / r->dp);
  }
}

double gpuadv_replica_step_with(const gpuadv_replica *r,
                                const gpuadv_step_terms *t, double decode_seqs,
                                double decode_context) {
  const gpuadv_decode_setup *d = &r->decode;
  double step_s = t->base_s;
  step_s += cache_s(d, replica_parallel_gpus(r),
                    decode_context * r->kv_read_gb_per_token +
                        decode_seqs * r->state_gb_per_seq,
                    decode_context * r->attn_gflop_per_token);
  step_s += t->overhead_s;
  step_s += t->links_s;
  return step_s;
}

void gpuadv_replica_decode_line(const gpuadv_replica *r,
                                const gpuadv_step_terms *t, double decode_seqs,
                                gpuadv_step_line *out) {
  const gpuadv_decode_setup *d = &r->decode;
  double gpus = replica_parallel_gpus(r);
  /* cache_s of kv_gb = C x kv_read_gb_per_token + seqs x state_gb_per_seq and
  ** attn_gflop = C x attn_gflop_per_token, term by term */
  double read_gbs = kv_read_gbs(d, gpus);
  out->fixed_s = t->base_s + t->overhead_s + t->links_s;
  out->read_s = decode_seqs * r->state_gb_per_seq / read_gbs;
  out->read_per_ctx_s = r->kv_read_gb_per_token / read_gbs;
  out->attn_per_ctx_s =
      d->attn_tflops > 0.0 ? r->attn_gflop_per_token * 1e9 / attn_flops(d, gpus)
                           : 0.0;
}

double gpuadv_replica_step_s(const gpuadv_replica *r,
                             const gpuadv_step_load *l) {
  gpuadv_step_terms t;
  gpuadv_replica_step_terms(r, l, &t);
  return gpuadv_replica_step_with(r, &t, l->decode_seqs, l->decode_context);
}

/* One prompt on a replica with data-parallel attention: its group's tp
** GPUs compute the attention and the dense layers, all ep GPUs the
** experts; at least the weights it touches are read, the dense ones over
** tp, the experts over ep; plus the routing of its tokens and its
** all-reduces and all-to-alls. */
static double dp_prefill_s(const gpuadv_replica *r, double tokens) {
  const gpuadv_prefill_setup *p = &r->prefill;
  gpuadv_decode_setup touched = r->decode;
  double compute_s = 0.0, read_s;
  double mfu = prefill_mfu(p, tokens);
  assert(r->dp > 1.0);
  /* without a TFLOP/s figure, the reads alone, as a decode step */
  if (p->tflops * 1e12 * mfu > 0.0) {
    compute_s = dp_prompt_compute_s(r, tokens, prompt_pairs(p, tokens, 0.0),
                                    mfu, tokens, mfu);
  }
  touched.batch = tokens;
  read_s = replica_read_s(r, &touched, r->tp);
  return (read_s > compute_s ? read_s : compute_s) +
         tokens * prefill_token_s(p) / r->tp + replica_links_s(r, tokens);
}

double gpuadv_replica_prefill_s(const gpuadv_replica *r, double tokens) {
  gpuadv_prefill_setup p = r->prefill;
  assert(r->tp >= 1.0 && r->pp >= 1.0);
  if (r->decode.engine->split_layers) {
    /* every GPU a stage, the prompt's micro-batches overlapping */
    p.n_gpus = r->tp * r->pp;
    return gpuadv_prefill_s(&p, tokens, 0.0);
  }
  if (r->dp > 1.0) return dp_prefill_s(r, tokens);
  /* one prompt goes through the stages one after another */
  p.n_gpus = r->tp;
  return gpuadv_prefill_s(&p, tokens, 0.0) -
         gpuadv_tp_allreduce_s(r->tp, p.interconnect_gbs, p.layers, tokens,
                               p.hidden) +
         replica_links_s(r, tokens);
}
