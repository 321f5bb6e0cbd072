/*
** gpuadv_train.c: the training step model and the layout search
** (gpuadv_train.h says what a step is made of and what is left out).
*/
#include "gpuadv_train.h"

#include <assert.h>
#include <math.h>
#include <stdint.h>

#include "gpuadv_math.h"

/* The fitted constants. catalogs/calibrate_train_tps.py fits them (make
** calibrate-train) on the 157 scored runs of
** catalogs/train_tps_published.csv: published training throughput of
** NeMo/Megatron-Bridge 24.07 and 26.04 to 26.08 (H100 to GB300), MaxText
** and tpu-recipes (TPU v4 to v7, H100), AMD's Primus (MI325X, MI355X),
** llm-foundry (A100, H100), torchtune, llm.c, torchtitan, MLX and the
** Llama 3 and OPT papers, 2022 to 2026-08. Scored but not fitted: NeMo
** 25.11 rows, older than their source's newest release by more than six
** months, and the ROCm blog's MaxText DeepSeek-V3 runs on MI355X, whose
** source calls their throughput a floor (the estimate is above all 3).
** Left out: a figure above its chip's datasheet peak (llm.c's GPT-3 125M
** script comment, 121% of the A100's). ACT_BYTES, the element-wise
** traffic, is about 43 two-byte reads and writes per token, layer and
** unit of width over forward and backward; MOE_EFF is fitted on dropless
** MoE runs; QLoRA's dequantisation is not fitted (NF4_DEQUANT_BYTES).
** CAST_BYTES, the quantisation traffic of an 8- or 4-bit step, is fitted
** with the others; 58 rows bear on it, in fp8 (34), MXFP8 (20) and NVFP4
** (4): Transformer Engine in NeMo 24.07 and Megatron-Bridge 26.04 to
** 26.08, torchtitan, llm-foundry and Primus, MaxText on TPU v7. It comes
** out at 28 bytes, where counting Transformer Engine's casts gives 15
** (each 16-bit GEMM input read, written in 8 bits as is and transposed: 4
** bytes for the 6.25 x hidden + 3 x FFN elements a layer quantises per
** token, forward and backward). Error (|estimate / measured - 1|): median
** 8.6%, 90th percentile 24.2%; with each source left out of the fit in
** turn, on its own rows: 9.5% and 24.8% (catalogs/train_tps.md, README
** "Accuracy"), AMD's five Primus runs among them 3.7% and 23%; 10.2% and
** 29.6% with the floors fitted and the figure above the peak in, 10.3%
** and 28.9% before AMD's Primus runs joined the fit, 8.9% and 30.6%
** before the expert gradients crossed the fabric (group_gbs), 9.4% and
** 32.4% before CAST_BYTES. Chips take their measured siblings' matmul
** share where they have none (train_matmul_share in
** gpuadv_model_setup.c). EFF sits at its bound of 1: the narrow-matrix
** term (WIDTH_HALF) carries the loss. */
#define GPUADV_TRAIN_EFF 1
#define GPUADV_TRAIN_WIDTH_HALF 221.7
#define GPUADV_TRAIN_OVERLAP_DP 0.6906
#define GPUADV_TRAIN_OVERLAP_TP 0.4504
#define GPUADV_TRAIN_NET_EFF 1
#define GPUADV_TRAIN_MOE_EFF 0.5562
#define GPUADV_TRAIN_FP8_EFF 0.7963
#define GPUADV_TRAIN_ACT_BYTES 85.68
#define GPUADV_TRAIN_CAST_BYTES 27.54

const gpuadv_train_consts gpuadv_train_fitted = {
    GPUADV_TRAIN_EFF,        GPUADV_TRAIN_WIDTH_HALF, GPUADV_TRAIN_OVERLAP_DP,
    GPUADV_TRAIN_OVERLAP_TP, GPUADV_TRAIN_NET_EFF,    GPUADV_TRAIN_MOE_EFF,
    GPUADV_TRAIN_FP8_EFF,    GPUADV_TRAIN_ACT_BYTES,  GPUADV_TRAIN_CAST_BYTES};

/* Bytes of a 16-bit activation or gradient element. */
#define ELEM_BYTES 2.0
/* Bytes read or written per parameter of the optimizer's shard in an Adam
** step: fp32 master weight, both moments read and written (3 x 4 x 2),
** the fp32 gradient read (4), the 16-bit weight written (2). */
#define OPTIMIZER_BYTES 30.0
/* Bytes of memory traffic per base parameter each time QLoRA turns its
** NF4 weights into 16-bit ones for a matmul: the 4-bit codes read (0.5),
** the block scales (one int8 per 64 weights, one fp32 per 256 blocks of
** those: 1/64 + 4/16384) and the 16-bit copy written (2); the matmul's
** own read of that copy is the same as LoRA's. From the NF4 format of
** the QLoRA paper (arXiv:2305.14314: blocks of 64, double quantisation
** of the scales in blocks of 256), as torchao's NF4Tensor stores it. */
#define NF4_DEQUANT_BYTES (0.5 + 1.0 / 64.0 + 4.0 / 16384.0 + 2.0)
/* Latency of one step of a collective across nodes (RDMA send and
** receive; the serving model's FABRIC_LATENCY_S). */
#define FABRIC_LATENCY_S 20e-6
/* The highest MFU a step may reach: its time is at least the model's
** FLOPs at this share of the datasheet peak. A matmul share measured on
** one large square GEMM (Gaudi 2: 0.97 of its 432 TFLOP/s) is not what a
** whole step's many shapes reach; of the published runs the model is
** fitted on, the highest whose figures the chip's datasheet allows is
** 0.69 (MaxText, Llama 3.1 405B on TPU v5p), and the model estimates none
** above 0.67, so the floor changes no fitted row. 0.75: the bound the
** training plans are held to (no implied MFU above it). */
#define MFU_MAX 0.75
/* A year, the longest job a plan allows when no deadline is given. */
#define YEAR_HOURS 8760.0

static int is_lora(int mode) {
  return mode == GPUADV_MODE_LORA || mode == GPUADV_MODE_QLORA;
}

/* Parameters of the model that sit in its experts, and in the rest. */
static double expert_params_b(const gpuadv_train_model *m) {
  double k_share;
  if (m->n_experts <= 0.0 || m->experts_per_token <= 0.0) return 0.0;
  k_share = m->experts_per_token / m->n_experts;
  if (k_share >= 1.0) return 0.0;
  return fmax(0.0, (m->params_b - m->active_b) / (1.0 - k_share));
}

/* Parameters one GPU holds before ZeRO sharding: its tensor and pipeline
** share, the experts split further over the expert-parallel GPUs. */
static double gpu_params_b(const gpuadv_train_model *m,
                           const gpuadv_train_layout *l) {
  double experts = expert_params_b(m);
  return ((m->params_b - experts) + experts / l->ep) / (l->tp * l->pp);
}

/* Of those, the experts': ZeRO shards them over the ranks that hold the
** same experts (expert_shard_of), not over the whole shard group. */
static double gpu_expert_params_b(const gpuadv_train_model *m,
                                  const gpuadv_train_layout *l) {
  return expert_params_b(m) / (l->ep * l->tp * l->pp);
}

/* The data-parallel degree and the group the gradients are reduced over
** (context-parallel ranks hold the same weights). */
static double dp_of(const gpuadv_train_layout *l) {
  return l->n_gpus / (l->tp * l->pp * l->cp);
}

/* The GPUs ZeRO shards the state over. */
static double shard_of(const gpuadv_train_layout *l) {
  double g = dp_of(l) * l->cp;
  return l->shard >= 1.0 && l->shard < g ? l->shard : g;
}

/* The GPUs ZeRO shards the experts over: of the shard group, those that
** hold the same experts. */
static double expert_shard_of(const gpuadv_train_layout *l) {
  return fmax(1.0, shard_of(l) / l->ep);
}

/* Parameters of ZeRO's sharded state one GPU keeps, in billions: the
** dense share over the shard group, the experts over expert_shard_of. */
static double sharded_params_b(const gpuadv_train_model *m,
                               const gpuadv_train_layout *l) {
  double e = gpu_expert_params_b(m, l);
  return (gpu_params_b(m, l) - e) / shard_of(l) + e / expert_shard_of(l);
}

/* Micro-batches each pipeline runs per step. */
static double micro_batches(const gpuadv_train_layout *l) {
  return fmax(1.0, l->global_batch / (dp_of(l) * l->micro_batch));
}

/* GB/s one GPU gets across nodes: its share of the node's fabric. */
static double fabric_gbs(const gpuadv_train_layout *l) {
  return l->fabric_gbps / 8.0 / l->gpus_per_node;
}

double gpuadv_train_layout_gb(const gpuadv_train_model *m,
                              const gpuadv_train_layout *l) {
  gpuadv_train_bytes b = gpuadv_train_bytes_per_param(l->mode);
  double g = shard_of(l);
  double p = gpu_params_b(m, l), ps = sharded_params_b(m, l);
  double state, act, in_flight;
  /* each ZeRO stage keeps one more part of the state sharded */
  state = (l->zero_stage >= 3 ? ps : p) * b.weights +
          (l->zero_stage >= 2 ? ps : p) * b.grads +
          (l->zero_stage >= 1 ? ps : p) * b.optimizer;
  /* ZeRO-3 keeps the layer computing and the next gathered */
  if (l->zero_stage >= 3 && g > 1.0) {
    double stage_layers = m->layers / l->pp;
    state += fmin(GPUADV_ZERO3_LIVE_LAYERS, stage_layers) * p / stage_layers *
             gpuadv_train_bytes_per_param(l->mode).weights * (1.0 - 1.0 / g);
  }
  /* 1F1B: the first stage holds min(pp, micro-batches) micro-batches of
  ** its layers/pp layers; sequence parallelism splits them over tp */
  in_flight = fmin(l->pp, micro_batches(l)) / l->pp;
  act = gpuadv_activation_gb(m->layers, m->hidden, m->heads, l->seq_len / l->cp,
                             l->micro_batch, l->recompute) *
        in_flight / l->tp;
  return state + act;
}

/* Time of a ring collective moving `share` of bytes over gbs. */
static double ring_s(double bytes, double share, double gbs, double latency_s,
                     double steps) {
  return bytes * share / (gbs * 1e9) + latency_s * steps;
}

/* Model FLOP per token and the hardware FLOP (recompute included) of the
** linear layers and of the attention core. */
static void flop_per_token(const gpuadv_train_model *m,
                           const gpuadv_train_layout *l, double *model,
                           double *linear, double *attn) {
  double dense = fmax(0.0, m->active_b * 1e9 - m->vocab * m->hidden);
  double per_param = is_lora(l->mode) ? 4.0 : 6.0;
  double attn_fwd = 2.0 * m->heads * m->head_dim * l->seq_len * m->attn_layers;
  *model = per_param * dense + 3.0 * attn_fwd;
  *linear = per_param * dense;
  *attn = 3.0 * attn_fwd;
  if (l->recompute == GPUADV_RECOMPUTE_SELECTIVE) *attn += attn_fwd;
  if (l->recompute == GPUADV_RECOMPUTE_FULL) {
    *linear += 2.0 * dense;
    *attn += attn_fwd;
  }
}

/* Seconds of compute per step on each GPU. */
static double compute_s(const gpuadv_train_model *m, const gpuadv_train_chip *c,
                        const gpuadv_train_layout *l,
                        const gpuadv_train_consts *k, double *model_flop) {
  double linear, attn, width = m->hidden / l->tp;
  double eff = k->eff * width / (width + k->width_half);
  double lin_rate = c->linear_tflops * 1e12 * eff;
  double tokens = l->global_batch * l->seq_len / l->n_gpus;
  flop_per_token(m, l, model_flop, &linear, &attn);
  if (m->n_experts > 0.0 && l->capacity > 0.0) {
    /* dropping: the experts' share of the linear FLOP padded to the
    ** capacity, at the dense rate */
    double dense = fmax(1.0, m->active_b * 1e9 - m->vocab * m->hidden);
    double routed = fmin(1.0, expert_params_b(m) * 1e9 * m->experts_per_token /
                                  m->n_experts / dense);
    linear *= 1.0 + routed * (l->capacity - 1.0);
  } else if (m->n_experts > 0.0) {
    lin_rate *= k->moe_eff;
  }
  if (c->low_precision) lin_rate *= k->fp8_eff;
  return tokens * (linear / lin_rate + attn / (c->attn_tflops * 1e12 * eff));
}

/* Seconds per step of the element-wise work on each GPU: act_bytes of
** memory traffic per token, layer and unit of width, the width being the
** hidden size plus the FFN's active width (an MoE layer's experts per
** token times the expert's), split over the tensor-parallel GPUs
** (sequence parallelism splits the norms); full recompute runs the
** forward's third of it again. An 8- or 4-bit step adds cast_bytes over
** the same width: its linear layers' inputs and output gradients
** quantised, as is and transposed, once a step (fitted so: most of the
** low-precision rows recompute selectively, which casts nothing again).
** QLoRA adds the dequantisation of its NF4 base before each forward and
** backward matmul. */
static double elementwise_s(const gpuadv_train_model *m,
                            const gpuadv_train_chip *c,
                            const gpuadv_train_layout *l,
                            const gpuadv_train_consts *k) {
  double ffn =
      m->intermediate * (m->n_experts > 0.0 && m->experts_per_token > 0.0
                             ? m->experts_per_token
                             : 1.0);
  double tokens = l->global_batch * l->seq_len / l->n_gpus;
  double again = l->recompute == GPUADV_RECOMPUTE_FULL ? 4.0 / 3.0 : 1.0;
  double bytes;
  if (!(c->mem_bw_gbs > 0.0)) return 0.0;
  bytes = tokens * m->layers * (m->hidden + ffn) *
          (fmax(0.0, k->act_bytes) * again +
           (c->low_precision ? fmax(0.0, k->cast_bytes) : 0.0));
  if (l->mode == GPUADV_MODE_QLORA) {
    /* the GPU's share of the base (the gathered whole under ZeRO-3),
    ** dequantised for every micro-batch's forward and backward, and for
    ** the forward again under full recompute */
    double passes = l->recompute == GPUADV_RECOMPUTE_FULL ? 3.0 : 2.0;
    bytes += micro_batches(l) * passes * gpu_params_b(m, l) * 1e9 *
             NF4_DEQUANT_BYTES;
  }
  return bytes / (c->mem_bw_gbs * 1e9);
}

/* Tensor-parallel all-reduces (and context-parallel key-value gathers). */
static double tp_comm_s(const gpuadv_train_model *m, const gpuadv_train_chip *c,
                        const gpuadv_train_layout *l,
                        const gpuadv_train_consts *k) {
  double mb = micro_batches(l), layers = m->layers / l->pp, s = 0.0;
  double gbs = c->link_gbs * k->net_eff;
  if (l->tp > 1.0) {
    double n_ar = l->recompute == GPUADV_RECOMPUTE_FULL ? 6.0 : 4.0;
    double bytes = l->micro_batch * l->seq_len / l->cp * m->hidden * ELEM_BYTES;
    s += mb * layers * n_ar *
         ring_s(bytes, 2.0 * (l->tp - 1.0) / l->tp, gbs, c->link_latency_s,
                2.0 * (l->tp - 1.0));
  }
  if (l->cp > 1.0) {
    double kv = l->micro_batch * l->seq_len / l->cp * 2.0 * m->kv_heads *
                m->head_dim * ELEM_BYTES / l->tp;
    s += mb * layers * 3.0 *
         ring_s(kv, l->cp - 1.0, gbs, c->link_latency_s, l->cp - 1.0);
  }
  return s;
}

/* GB/s per GPU of a group of g data-parallel ranks that sit `stride` GPUs
** apart (the tensor split for the dense weights; tensor x expert split
** for the experts, whose expert-parallel ranks are adjacent as in
** Megatron-Core's rank order): the node's link when the g x stride GPUs
** the group spans fit in a node, else the fabric. */
static double group_gbs(const gpuadv_train_chip *c,
                        const gpuadv_train_layout *l,
                        const gpuadv_train_consts *k, double g, double stride) {
  return (stride * g <= l->gpus_per_node ? c->link_gbs : fabric_gbs(l)) *
         k->net_eff;
}

/* Seconds of one group's data-parallel traffic: params_b billions per
** GPU over g ranks, s of them in a shard group: reduced once a step, or
** under ZeRO-3 gathered and reduce-scattered within the shard group for
** every micro-batch and the shards all-reduced across the g / s replicas;
** the ranks sit `stride` GPUs apart (group_gbs). */
static double group_comm_s(const gpuadv_train_chip *c,
                           const gpuadv_train_layout *l,
                           const gpuadv_train_consts *k, double params_b,
                           double g, double s, double stride) {
  gpuadv_train_bytes b = gpuadv_train_bytes_per_param(l->mode);
  double p = params_b * 1e9, grad_share;
  if (g <= 1.0 || p <= 0.0) return 0.0;
  grad_share = is_lora(l->mode) ? GPUADV_DEFAULT_LORA_FRACTION * 2.0 : 1.0;
  if (l->zero_stage >= 3) {
    /* every micro-batch gathers the weights for its forward and backward
    ** and reduce-scatters the gradients (none for a frozen base) */
    double gathers = 2.0 * p * fmin(b.weights, ELEM_BYTES);
    double grads = is_lora(l->mode) ? 0.0 : p * ELEM_BYTES;
    double t = s > 1.0
                   ? ring_s(micro_batches(l) * (gathers + grads), (s - 1.0) / s,
                            group_gbs(c, l, k, s, stride), 0.0, 0.0)
                   : 0.0;
    double r = g / s;
    if (r > 1.0) {
      t += ring_s(grad_share * p / s * ELEM_BYTES, 2.0 * (r - 1.0) / r,
                  fabric_gbs(l) * k->net_eff, 0.0, 0.0);
    }
    return t;
  }
  /* one all-reduce (or reduce-scatter and all-gather) a step */
  return ring_s(grad_share * p * ELEM_BYTES, 2.0 * (g - 1.0) / g,
                group_gbs(c, l, k, g, stride), 0.0, 0.0);
}

/* The data-parallel traffic: the dense weights over all dp x cp ranks,
** the experts over the ranks that hold the same experts (dp x cp / ep). */
static double dp_comm_s(const gpuadv_train_model *m, const gpuadv_train_chip *c,
                        const gpuadv_train_layout *l,
                        const gpuadv_train_consts *k) {
  double g = dp_of(l) * l->cp, s = shard_of(l), experts = expert_params_b(m);
  double split = l->tp * l->pp;
  return group_comm_s(c, l, k, (m->params_b - experts) / split, g, s, l->tp) +
         group_comm_s(c, l, k, experts / (l->ep * split), g / l->ep,
                      expert_shard_of(l), l->tp * l->ep);
}

/* Expert-parallel all-to-alls: dispatch and combine, forward and
** backward, of each micro-batch's routed tokens. */
static double a2a_s(const gpuadv_train_model *m, const gpuadv_train_chip *c,
                    const gpuadv_train_layout *l,
                    const gpuadv_train_consts *k) {
  double bytes, gbs;
  if (l->ep <= 1.0 || m->n_experts <= 0.0) return 0.0;
  bytes = l->micro_batch * l->seq_len / l->cp / l->tp * m->experts_per_token *
          m->hidden * ELEM_BYTES;
  gbs = l->tp * l->ep <= l->gpus_per_node ? c->link_gbs : fabric_gbs(l);
  return micro_batches(l) * m->layers / l->pp * 4.0 *
         ring_s(bytes, (l->ep - 1.0) / l->ep, gbs * k->net_eff, 0.0, 0.0);
}

/* Activations sent between pipeline stages, forward and backward. */
static double pp_comm_s(const gpuadv_train_model *m, const gpuadv_train_chip *c,
                        const gpuadv_train_layout *l,
                        const gpuadv_train_consts *k) {
  double bytes, gbs, latency;
  if (l->pp <= 1.0) return 0.0;
  bytes = l->micro_batch * l->seq_len / l->cp / l->tp * m->hidden * ELEM_BYTES;
  if (l->n_gpus <= l->gpus_per_node) {
    gbs = c->link_gbs;
    latency = c->link_latency_s;
  } else {
    gbs = fabric_gbs(l);
    latency = FABRIC_LATENCY_S;
  }
  return micro_batches(l) * 2.0 * fmax(1.0, l->vp) *
         ring_s(bytes, 1.0, gbs * k->net_eff, latency, 1.0);
}

void gpuadv_train_step(const gpuadv_train_model *m, const gpuadv_train_chip *c,
                       const gpuadv_train_layout *l,
                       const gpuadv_train_consts *k, gpuadv_train_time *out) {
  double hidden_dp, exposed_tp, p_opt, work_s;
  assert(l->n_gpus >= 1.0 && l->tp >= 1.0 && l->pp >= 1.0 && l->cp >= 1.0);
  assert(l->ep >= 1.0 && l->micro_batch >= 1.0 && l->seq_len >= 1.0);
  assert(c->linear_tflops > 0.0 && c->attn_tflops > 0.0);
  out->compute_s = compute_s(m, c, l, k, &out->model_flop_per_token);
  out->elementwise_s = elementwise_s(m, c, l, k);
  work_s = out->compute_s + out->elementwise_s;
  out->bubble_s =
      work_s * (l->pp - 1.0) / (micro_batches(l) * fmax(1.0, l->vp));
  out->tp_comm_s = tp_comm_s(m, c, l, k);
  out->dp_comm_s = dp_comm_s(m, c, l, k);
  out->a2a_s = a2a_s(m, c, l, k);
  out->pp_comm_s = pp_comm_s(m, c, l, k);
  /* the optimizer updates its shard of the trainable parameters */
  p_opt = (l->zero_stage >= 1 ? sharded_params_b(m, l) : gpu_params_b(m, l)) *
          1e9 * (is_lora(l->mode) ? GPUADV_DEFAULT_LORA_FRACTION : 1.0);
  out->optimizer_s = p_opt * OPTIMIZER_BYTES / (c->mem_bw_gbs * 1e9);
  hidden_dp = fmin(k->overlap_dp * out->dp_comm_s, work_s);
  exposed_tp =
      (out->tp_comm_s + out->a2a_s + out->pp_comm_s) * (1.0 - k->overlap_tp);
  out->exposed_comm_s = exposed_tp + out->dp_comm_s - hidden_dp;
  out->step_s = work_s + out->bubble_s + out->optimizer_s + out->exposed_comm_s;
  /* no faster than the model's FLOPs at MFU_MAX of the peak */
  out->step_s = fmax(out->step_s,
                     out->model_flop_per_token * l->global_batch * l->seq_len /
                         (l->n_gpus * c->peak_tflops * 1e12 * MFU_MAX));
  out->tokens_per_s = l->global_batch * l->seq_len / out->step_s;
  out->mfu = out->model_flop_per_token * out->tokens_per_s /
             (l->n_gpus * c->peak_tflops * 1e12);
  out->comm_share = out->exposed_comm_s / out->step_s;
}

/* ------------------------------------------------------------------------
** The search. */

/* The step of layout l, or of l at the goal's fixed MFU. */
static void timed(const gpuadv_train_model *m, const gpuadv_train_chip *c,
                  const gpuadv_train_layout *l, const gpuadv_train_goal *g,
                  const gpuadv_train_consts *k, gpuadv_train_time *t) {
  gpuadv_train_step(m, c, l, k, t);
  if (g->fixed_mfu > 0.0) {
    /* a workload's own MFU counts 6 FLOP per active parameter and token
    ** (4 for an adapter), as the seeds and most published MFU figures
    ** do, over the datasheet peak */
    double flop = (is_lora(l->mode) ? 4.0 : 6.0) * m->active_b * 1e9;
    t->mfu = g->fixed_mfu;
    t->tokens_per_s = g->fixed_mfu * l->n_gpus * c->peak_tflops * 1e12 / flop;
    t->step_s = l->global_batch * l->seq_len / t->tokens_per_s;
    t->exposed_comm_s = 0.0;
    t->comm_share = 0.0;
  }
}

/* The least whole multiple of unit at or above n. */
static double round_up(double n, double unit) {
  double q = n / unit;
  double f = floor(q);
  return (q - f <= GPUADV_COUNT_TOLERANCE ? f : f + 1.0) * unit;
}

/* The least common multiple of two whole GPU counts (unit_gpus is at most
** 10^6, the parallel degrees powers of two): Euclid on integers. */
static double lcm(double a, double b) {
  int64_t x = (int64_t)a, y = (int64_t)b;
  assert(a >= 1.0 && b >= 1.0 && a == (double)x && b == (double)y);
  while (y > 0) {
    int64_t r = x % y;
    x = y;
    y = r;
  }
  return a / (double)x * b;
}

double gpuadv_train_default_ep(const gpuadv_train_model *m, double dp,
                               double tp, double gpus_per_node) {
  double ep = 1.0;
  if (m->n_experts <= 0.0) return 1.0;
  while (ep * 2.0 <= m->n_experts && ep * 2.0 <= gpus_per_node / tp &&
         fmod(dp, ep * 2.0) == 0.0)
    ep *= 2.0;
  return ep;
}

/* The experts split over as many of dp's GPUs as they go: the largest
** power of two that divides dp and is at most the experts, across nodes
** (DeepSeek-V3 trained with 64-way expert parallelism over 8 nodes, its
** all-to-alls over InfiniBand: arXiv:2412.19437, section 3.2). */
static double wide_ep(const gpuadv_train_model *m, double dp) {
  double ep = 1.0;
  while (ep * 2.0 <= m->n_experts && fmod(dp, ep * 2.0) == 0.0) ep *= 2.0;
  return ep;
}

/* Sets l->n_gpus, ep (within a node, or with wide across nodes: wide_ep);
** 0 when the layout cannot run on n GPUs. */
static int place(const gpuadv_train_model *m, const gpuadv_train_goal *g,
                 gpuadv_train_layout *l, double n, int wide) {
  double dp;
  if (n > GPUADV_TRAIN_MAX_GPUS) return 0;
  if (n > g->gpus_per_node && !(g->fabric_gbps > 0.0)) return 0;
  l->n_gpus = n;
  dp = dp_of(l);
  if (dp < 1.0 || dp != floor(dp)) return 0;
  if (dp * l->micro_batch > l->global_batch) return 0;
  l->ep = wide ? wide_ep(m, dp)
               : gpuadv_train_default_ep(m, dp, l->tp, g->gpus_per_node);
  return 1;
}

/* The fewest GPUs, in whole units, at which layout l fits in memory and
** meets the deadline: fills *t and returns the count, or 0. *fit_hours is
** the hours of the most GPUs tried once the layout fit in memory (INFINITY
** when it never did), so that a miss can say how far it fell. */
static double size_layout(const gpuadv_train_model *m,
                          const gpuadv_train_chip *c,
                          const gpuadv_train_goal *g,
                          const gpuadv_train_consts *k, gpuadv_train_layout *l,
                          double n, int wide, gpuadv_train_time *t,
                          double *fit_hours) {
  double unit = lcm(g->unit_gpus, l->tp * l->pp), hours;
  int tries;
  *fit_hours = INFINITY;
  n = round_up(n, unit);
  /* memory: ZeRO shards over dp, so more GPUs may fit; try doublings */
  for (tries = 0; tries < 24; tries++) {
    if (!place(m, g, l, n, wide)) return 0;
    if (gpuadv_train_layout_gb(m, l) <= g->usable_gb * (1.0 + 1e-9)) break;
    if (l->zero_stage == 0) return 0;
    n = round_up(n * 2.0, unit);
  }
  if (tries == 24) return 0;
  /* more GPUs keep the experts' split: whole data-parallel groups of it */
  unit = lcm(unit, l->tp * l->pp * l->ep);
  /* the deadline: more GPUs in proportion to the time over it */
  for (tries = 0; tries < 12; tries++) {
    timed(m, c, l, g, k, t);
    hours = g->tokens / t->tokens_per_s / 3600.0;
    if (hours < *fit_hours) *fit_hours = hours;
    if (hours <= g->max_hours * (1.0 + 1e-9)) return n;
    n = round_up(fmax(n + unit, n * hours / g->max_hours), unit);
    if (!place(m, g, l, n, wide) ||
        gpuadv_train_layout_gb(m, l) > g->usable_gb * (1.0 + 1e-9))
      return 0;
  }
  return 0;
}

/* The layouts the search tries, each with the least memory it needs. */
static int next_pow2_divisor(double x, double limit, double v) {
  return v * 2.0 <= limit && fmod(x, v * 2.0) == 0.0;
}

/* Compare two candidates: cost, then GPUs (at equal cost the fewer: fewer
** nodes to get, to lose to an interruption, to buy; the plans offer the
** faster point of the frontier beside it), then hours. */
static int better(double usd, double hours, double n,
                  const gpuadv_train_plan *b) {
  double tol = 1e-9 * fmax(fabs(usd), fabs(b->usd));
  if (!b->found) return 1;
  if (usd < b->usd - tol) return 1;
  if (usd > b->usd + tol) return 0;
  if (n < b->layout.n_gpus) return 1;
  if (n > b->layout.n_gpus) return 0;
  return hours < b->hours * (1.0 - 1e-9);
}

/* One pass over every layout; with fixed_n > 0 only layouts on exactly
** that many GPUs, ranked by hours. */
static void search_pass(const gpuadv_train_model *m, const gpuadv_train_chip *c,
                        const gpuadv_train_goal *g,
                        const gpuadv_train_consts *k, double fixed_n,
                        gpuadv_train_plan *out) {
  static const double searched[] = {1.0, 2.0, 4.0, 8.0};
  const double *mbs = g->micro_batch > 0.0 ? &g->micro_batch : searched;
  int n_mbs = g->micro_batch > 0.0 ? 1 : 4;
  gpuadv_train_layout l = {0};
  double tp, pp;
  int zero, rc, i, wide;
  /* an MoE model's experts split within a node, and across nodes */
  int widths = m->n_experts > 0.0 && g->fabric_gbps > 0.0 ? 2 : 1;
  l.gpus_per_node = g->gpus_per_node;
  l.fabric_gbps = g->fabric_gbps;
  l.cp = 1.0;
  l.global_batch = g->global_batch;
  l.seq_len = g->seq_len;
  l.mode = g->mode;
  for (tp = 1.0; tp <= g->gpus_per_node; tp *= 2.0) {
    if (fmod(g->gpus_per_node, tp) != 0.0 || fmod(m->heads, tp) != 0.0) break;
    for (pp = 1.0; pp <= m->layers && pp <= 64.0; pp *= 2.0) {
      if (fmod(m->layers, pp) != 0.0) break;
      for (zero = 0; zero <= 4; zero++) {
        /* stage 4 stands for ZeRO-3 sharded within a node (HSDP) */
        if (zero == 4 && g->gpus_per_node / tp < 2.0) continue;
        for (rc = 0; rc < GPUADV_N_RECOMPUTE; rc++) {
          /* per width: a micro-batch that fits on no number of GPUs; the
          ** larger ones (mbs ascend) need at least its memory and place
          ** on no more GPUs, so they fit on none either */
          int mem_out[2] = {0, 0};
          if (g->recompute >= 0 && rc != g->recompute) continue;
          for (i = 0; i < n_mbs * widths; i++) {
            gpuadv_train_time t;
            double n, usd, hours, gb;
            wide = i / n_mbs;
            if (mem_out[wide]) continue;
            l.tp = tp;
            l.pp = pp;
            l.zero_stage = zero < 4 ? zero : 3;
            l.shard = zero < 4 ? 0.0 : g->gpus_per_node / tp;
            l.recompute = rc;
            l.micro_batch = mbs[i % n_mbs];
            if (fixed_n > 0.0) {
              if (fmod(fixed_n, tp * pp) != 0.0 ||
                  !place(m, g, &l, fixed_n, wide))
                continue;
              gb = gpuadv_train_layout_gb(m, &l);
              if (gb > g->usable_gb * (1.0 + 1e-9)) continue;
              timed(m, c, &l, g, k, &t);
              n = fixed_n;
            } else {
              double fit_hours;
              n = size_layout(m, c, g, k, &l, tp * pp, wide, &t, &fit_hours);
              if (n <= 0.0) {
                if (isfinite(fit_hours)) {
                  out->fits = 1;
                  if (fit_hours < out->best_hours) out->best_hours = fit_hours;
                } else {
                  mem_out[wide] = 1;
                }
                continue;
              }
              gb = gpuadv_train_layout_gb(m, &l);
            }
            out->fits = 1;
            hours = g->tokens / t.tokens_per_s / 3600.0;
            if (hours < out->best_hours) out->best_hours = hours;
            usd = fixed_n > 0.0
                      ? hours
                      : n * (g->usd_per_gpu + g->usd_per_gpu_hour * hours);
            if (better(usd, hours, n, out)) {
              out->found = 1;
              out->layout = l;
              out->time = t;
              out->mem_gb = gb;
              out->hours = hours;
              out->usd = usd;
            }
          }
        }
      }
      if (!next_pow2_divisor(m->layers, 64.0, pp)) break;
    }
  }
}

/* The least memory per GPU of any layout: the unsharded part at the
** widest tensor split, with full recompute and micro-batch 1 unless the
** goal fixes them. */
static double min_gb(const gpuadv_train_model *m, const gpuadv_train_goal *g) {
  gpuadv_train_layout l = {0};
  double tp = 1.0;
  while (tp * 2.0 <= g->gpus_per_node &&
         fmod(g->gpus_per_node, tp * 2.0) == 0.0 &&
         fmod(m->heads, tp * 2.0) == 0.0)
    tp *= 2.0;
  l.tp = tp;
  l.pp = 1.0;
  l.cp = 1.0;
  l.ep = 1.0;
  l.micro_batch = 1.0;
  l.global_batch = 1.0;
  l.seq_len = g->seq_len;
  l.mode = g->mode;
  l.zero_stage = 3;
  l.recompute = g->recompute >= 0 ? g->recompute : GPUADV_RECOMPUTE_FULL;
  if (g->micro_batch > 0.0) l.micro_batch = g->micro_batch;
  l.gpus_per_node = g->gpus_per_node;
  l.n_gpus = tp * 1e6; /* the state sharded to nothing */
  l.global_batch = 1e6;
  return gpuadv_train_layout_gb(m, &l);
}

void gpuadv_train_search(const gpuadv_train_model *m,
                         const gpuadv_train_chip *c, const gpuadv_train_goal *g,
                         const gpuadv_train_consts *k, gpuadv_train_plan *out) {
  gpuadv_train_goal goal = *g;
  gpuadv_train_plan alt = {0};
  if (!(goal.max_hours > 0.0)) goal.max_hours = YEAR_HOURS;
  *out = (gpuadv_train_plan){0};
  out->best_hours = INFINITY;
  out->min_gb = min_gb(m, &goal);
  search_pass(m, c, &goal, k, 0.0, out);
  if (!out->found) {
    /* without a fabric: would several nodes do? (one 400 Gbit/s port a
    ** GPU, owned_costs' fabric_gbps_per_gpu) */
    if (!(goal.fabric_gbps > 0.0)) {
      goal.fabric_gbps = 400.0 * goal.gpus_per_node;
      alt.best_hours = INFINITY;
      search_pass(m, c, &goal, k, 0.0, &alt);
      if (alt.found) out->fabric_gpus = alt.layout.n_gpus;
    }
    return;
  }
  /* the next point of the cost-time frontier: twice the GPUs */
  alt.best_hours = INFINITY;
  search_pass(m, c, &goal, k, 2.0 * out->layout.n_gpus, &alt);
  if (alt.found && alt.hours < out->hours) {
    out->alt_n_gpus = alt.layout.n_gpus;
    out->alt_hours = alt.hours;
    out->alt_usd = alt.layout.n_gpus *
                   (goal.usd_per_gpu + goal.usd_per_gpu_hour * alt.hours);
  }
}
