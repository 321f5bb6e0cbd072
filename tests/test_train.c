/*
** test_train.c: the training step model (ext/gpuadv_train.c) against
** steps worked by hand, at round constants of the test's own (not the
** fitted ones, which move with every refit): eff 0.5, no narrow-matrix
** loss (width_half 0), half of the data-parallel traffic hidden, none of
** the tensor-parallel, links at their full rate, MoE and fp8 at the full
** rate, no element-wise or quantisation traffic (test_elementwise and
** test_cast add them).
*/
#include <math.h>
#include <stdio.h>

#include "gpuadv_math.h"
#include "gpuadv_train.h"
#include "unit.h"

static const gpuadv_train_consts K = {0.5, 0.0, 0.5, 0.0, 1.0,
                                      1.0, 1.0, 0.0, 0.0};

/* An 8B dense model: 32 layers of hidden 4096, 32 heads of 128, a
** vocabulary of 128,000. */
static gpuadv_train_model model_8b(void) {
  gpuadv_train_model m = {8.0,   8.0,    32.0,  4096.0, 32.0, 8.0,
                          128.0, 128000, 14336, 0.0,    0.0,  32.0};
  return m;
}

/* An H100 as the test sees it: 1,000 dense TFLOP/s, 800 achieved, 3,350
** GB/s, 450 GB/s of NVLink a direction, no latency. */
static gpuadv_train_chip h100(void) {
  gpuadv_train_chip c = {1000.0, 800.0, 800.0, 3350.0, 80.0, 450.0, 0.0, 0};
  return c;
}

static gpuadv_train_layout layout(double n, double tp, double zero,
                                  int recompute, double gbs,
                                  double fabric_gbps) {
  gpuadv_train_layout l = {0};
  l.n_gpus = n;
  l.gpus_per_node = 8.0;
  l.fabric_gbps = fabric_gbps;
  l.tp = tp;
  l.pp = l.cp = l.ep = l.vp = l.micro_batch = 1.0;
  l.global_batch = gbs;
  l.seq_len = 4096.0;
  l.zero_stage = (int)zero;
  l.recompute = recompute;
  l.mode = GPUADV_MODE_FULL;
  return l;
}

/* 8 H100 over NVLink, ZeRO-1, no recomputation, 64 sequences a step. */
static void test_8xh100_nvlink(void) {
  gpuadv_train_model m = model_8b();
  gpuadv_train_chip c = h100();
  gpuadv_train_layout l = layout(8, 1, 1, GPUADV_RECOMPUTE_NONE, 64, 3200);
  gpuadv_train_time t;
  /* FLOP per token: 6 x (8e9 - 128,000 x 4096) in the linear layers,
  ** 3 x 2 x 32 x 128 x 4096 x 32 in causal attention */
  double dense = 8e9 - 128000.0 * 4096.0;
  double attn = 3.0 * 2.0 * 32 * 128 * 4096 * 32;
  double compute = 64.0 * 4096 / 8 * (6.0 * dense + attn) / (800e12 * 0.5);
  /* ZeRO-1: one all-reduce of 8e9 bf16 gradients a step, 2 x 7/8 of it
  ** over 450 GB/s; half of it hidden */
  double dp = 8e9 * 2.0 * 2.0 * 7.0 / 8.0 / 450e9;
  /* the optimizer's eighth: 1e9 parameters x 30 bytes at 3,350 GB/s */
  double opt = 1e9 * 30.0 / 3350e9;
  double step = compute + dp * 0.5 + opt;
  gpuadv_train_step(&m, &c, &l, &K, &t);
  check_close("8xH100 compute", t.compute_s, compute, 1e-9);
  check_close("8xH100 dp traffic", t.dp_comm_s, dp, 1e-12);
  check_close("8xH100 no tp traffic", t.tp_comm_s, 0.0, 0.0);
  check_close("8xH100 step", t.step_s, step, 1e-9);
  check_close("8xH100 tokens/s", t.tokens_per_s, 64.0 * 4096 / step, 1e-6);
  check_close("8xH100 mfu", t.mfu,
              (6.0 * dense + attn) * 64.0 * 4096 / step / (8 * 1000e12), 1e-12);
  check_close("8xH100 comm share", t.comm_share, dp * 0.5 / step, 1e-12);
}

/* 8 RTX 4090 over PCIe, ZeRO-3, full recomputation: the weights are
** gathered twice and the gradients reduce-scattered for each of the 8
** micro-batches, over 25 GB/s; compute hides half of it at most. */
static void test_8x4090_pcie(void) {
  gpuadv_train_model m = model_8b();
  gpuadv_train_chip c = {165.2, 125.552, 125.552, 1008.0, 24.0, 25.0, 30e-6, 0};
  gpuadv_train_layout l = layout(8, 1, 3, GPUADV_RECOMPUTE_FULL, 64, 0);
  gpuadv_train_layout lh = l;
  gpuadv_train_chip ch = h100();
  gpuadv_train_time t, th;
  double dense = 8e9 - 128000.0 * 4096.0;
  double attn_fwd = 2.0 * 32 * 128 * 4096 * 32;
  /* full recomputation: the forward again, 8 FLOP per parameter */
  double compute =
      64.0 * 4096 / 8 * (8.0 * dense + 4.0 * attn_fwd) / (125.552e12 * 0.5);
  double dp = 8.0 * (2.0 + 2.0 + 2.0) * 8e9 * 7.0 / 8.0 / 25e9;
  double hidden = fmin(0.5 * dp, compute);
  /* ZeRO-3 shards the optimizer: 1e9 parameters x 30 bytes at 1,008 GB/s */
  double opt = 1e9 * 30.0 / 1008e9;
  gpuadv_train_step(&m, &c, &l, &K, &t);
  check_close("8x4090 dp traffic", t.dp_comm_s, dp, 1e-9);
  check_close("8x4090 step", t.step_s, compute + dp - hidden + opt, 1e-9);
  check_true("8x4090 waits on PCIe", t.comm_share > 0.1);
  gpuadv_train_step(&m, &ch, &lh, &K, &th);
  check_true("8x4090 below 8xH100 in MFU", t.mfu < th.mfu);
}

/* 64 H100 on 8 nodes over 400 Gbit/s a GPU (3,200 a node): tensor
** parallel 8 within each node, data parallel 8 across them, ZeRO-1. A 70B
** dense model: 80 layers of hidden 8192, 64 heads of 128. */
static void test_64xh100_ib(void) {
  gpuadv_train_model m = {70.0,  70.0,   80.0,  8192.0, 64.0, 8.0,
                          128.0, 128000, 28672, 0.0,    0.0,  80.0};
  gpuadv_train_chip c = h100();
  gpuadv_train_layout l = layout(64, 8, 1, GPUADV_RECOMPUTE_NONE, 512, 3200);
  gpuadv_train_time t;
  double dense = 70e9 - 128000.0 * 8192.0;
  double attn = 3.0 * 2.0 * 64 * 128 * 4096 * 80;
  double compute = 512.0 * 4096 / 64 * (6.0 * dense + attn) / (800e12 * 0.5);
  /* 64 micro-batches a step (512 / 8 ranks), each 80 layers x 4
  ** all-reduces of 4096 x 8192 bf16 values over 8 GPUs at 450 GB/s */
  double tp = 64.0 * 80 * 4 * (4096.0 * 8192 * 2 * 2 * 7 / 8 / 450e9);
  /* the gradients of 70e9 / 8 parameters across the 8 nodes: each GPU's
  ** share of the fabric is 3200 / 8 / 8 = 50 GB/s */
  double dp = 70e9 / 8 * 2 * 2 * 7 / 8 / 50e9;
  double opt = 70e9 / 8 / 8 * 30 / 3350e9;
  gpuadv_train_step(&m, &c, &l, &K, &t);
  check_close("64xH100 compute", t.compute_s, compute, 1e-9);
  check_close("64xH100 tp traffic", t.tp_comm_s, tp, 1e-9);
  check_close("64xH100 dp traffic over the fabric", t.dp_comm_s, dp, 1e-12);
  check_close("64xH100 step", t.step_s, compute + tp + 0.5 * dp + opt, 1e-9);
  /* a tenth of the fabric: the data-parallel traffic ten times longer */
  l.fabric_gbps = 320;
  gpuadv_train_step(&m, &c, &l, &K, &t);
  check_close("64xH100 on 40 Gbit/s", t.dp_comm_s, dp * 10, 1e-9);
}

/* The pipeline bubble: (pp - 1) / (micro-batches x vp) of the compute. */
static void test_bubble(void) {
  gpuadv_train_model m = model_8b();
  gpuadv_train_chip c = h100();
  gpuadv_train_layout l = layout(8, 1, 1, GPUADV_RECOMPUTE_NONE, 64, 3200);
  gpuadv_train_time t;
  l.pp = 4;
  gpuadv_train_step(&m, &c, &l, &K, &t);
  /* dp 2, 32 micro-batches */
  check_close("bubble pp4", t.bubble_s, t.compute_s * 3.0 / 32.0, 1e-12);
  l.vp = 2;
  gpuadv_train_step(&m, &c, &l, &K, &t);
  check_close("bubble pp4 vp2", t.bubble_s, t.compute_s * 3.0 / 64.0, 1e-12);
}

/* Memory of a layout: the state sharded by ZeRO, the activations split by
** tensor parallelism. */
static void test_layout_gb(void) {
  gpuadv_train_model m = model_8b();
  gpuadv_train_layout l = layout(8, 1, 0, GPUADV_RECOMPUTE_FULL, 64, 3200);
  /* full: 2 + 4 + 12 bytes a parameter; full recomputation keeps 2 s b h a
  ** layer: 2 x 4096 x 4096 x 32 bytes */
  double act = 2.0 * 4096 * 4096 * 32 / 1e9;
  check_close("gb zero-0", gpuadv_train_layout_gb(&m, &l), 8 * 18 + act, 1e-9);
  l.zero_stage = 2;
  check_close("gb zero-2", gpuadv_train_layout_gb(&m, &l),
              8 * (2 + 16.0 / 8) + act, 1e-9);
  l.zero_stage = 0;
  l.tp = 2;
  check_close("gb tp2", gpuadv_train_layout_gb(&m, &l), 8 * 18 / 2.0 + act / 2,
              1e-9);
  /* an MoE model of 72B (64B in 8 experts, 8B besides; test_expert_grads)
  ** on 8 GPUs, expert parallel 8, ZeRO-1: each GPU holds 8B + 64B / 8 =
  ** 16B, its 8B of experts the only ones of their kind, so their Adam
  ** state is not sharded: 16 x 6 + 8 / 8 x 12 + 8 x 12 bytes */
  m.params_b = 72.0;
  m.active_b = 16.0;
  m.n_experts = 8.0;
  m.experts_per_token = 1.0;
  l = layout(8, 1, 1, GPUADV_RECOMPUTE_FULL, 64, 3200);
  l.ep = 8.0;
  check_close("gb moe ep 8 zero-1", gpuadv_train_layout_gb(&m, &l),
              16 * 6.0 + 1 * 12.0 + 8 * 12.0 + act, 1e-9);
}

/* The search: the cheapest layout that fits and meets the deadline. */
static void test_search(void) {
  gpuadv_train_model m = model_8b();
  gpuadv_train_chip c = h100();
  gpuadv_train_goal g = {0};
  gpuadv_train_plan p;
  g.tokens = 1e9;
  g.usable_gb = 72;
  g.gpus_per_node = 8;
  g.unit_gpus = 8;
  g.fabric_gbps = 3200;
  g.usd_per_gpu_hour = 1;
  g.global_batch = 1024;
  g.seq_len = 4096;
  g.recompute = -1;
  g.mode = GPUADV_MODE_FULL;
  gpuadv_train_search(&m, &c, &g, &K, &p);
  check_true("search found", p.found && p.layout.n_gpus == 8);
  check_true("search fits", p.mem_gb <= 72);
  check_close("search hours", p.hours, 1e9 / p.time.tokens_per_s / 3600, 1e-9);
  check_true("search frontier on 16",
             p.alt_n_gpus == 16 && p.alt_hours < p.hours);
  /* a deadline of a tenth of that: more GPUs */
  g.max_hours = p.hours / 10;
  gpuadv_train_search(&m, &c, &g, &K, &p);
  check_true("search deadline",
             p.found && p.hours <= g.max_hours && p.layout.n_gpus >= 80);
  /* one node without a fabric cannot meet it; with one it could */
  g.fabric_gbps = 0;
  gpuadv_train_search(&m, &c, &g, &K, &p);
  check_true("search no fabric", !p.found && p.fits && p.fabric_gpus >= 80);
  /* 24 GB cards without a fabric: ZeRO and full recomputation on 8 */
  g.max_hours = 0;
  g.usable_gb = 21.6;
  g.fabric_gbps = 0;
  gpuadv_train_search(&m, &c, &g, &K, &p);
  check_true("search 8 small cards",
             p.found && p.layout.n_gpus == 8 && p.mem_gb <= 21.6);
}

/* The element-wise work at 100 bytes per token, layer and unit of width,
** on one H100: the 8B model's width is 4,096 + 14,336; with full
** recompute the forward's third runs again. A step of 4 sequences of
** 4,096 tokens. An MoE layer counts its experts per token. */
static void test_elementwise(void) {
  gpuadv_train_model m = model_8b();
  gpuadv_train_chip c = h100();
  gpuadv_train_consts k = K;
  gpuadv_train_layout l = layout(1, 1, 0, GPUADV_RECOMPUTE_NONE, 4, 0);
  gpuadv_train_time t, t0;
  double tokens = 4.0 * 4096, elt;
  k.act_bytes = 100.0;
  elt = tokens * 32 * (4096.0 + 14336.0) * 100.0 / 3350e9;
  gpuadv_train_step(&m, &c, &l, &K, &t0);
  gpuadv_train_step(&m, &c, &l, &k, &t);
  check_close("elementwise none", t0.elementwise_s, 0.0, 0.0);
  check_close("elementwise", t.elementwise_s, elt, 1e-12);
  check_close("elementwise step", t.step_s, t0.step_s + elt, 1e-12);
  l.recompute = GPUADV_RECOMPUTE_FULL;
  gpuadv_train_step(&m, &c, &l, &k, &t);
  check_close("elementwise recomputed", t.elementwise_s, elt * 4.0 / 3.0,
              1e-12);
  /* 8 experts, 2 a token, each 14,336 wide: the FFN's width doubles;
  ** split over 2 tensor-parallel GPUs, each does half the work */
  m.n_experts = 8.0;
  m.experts_per_token = 2.0;
  l = layout(2, 2, 0, GPUADV_RECOMPUTE_NONE, 4, 0);
  gpuadv_train_step(&m, &c, &l, &k, &t);
  check_close("elementwise moe tp2", t.elementwise_s,
              tokens / 2 * 32 * (4096.0 + 2 * 14336.0) * 100.0 / 3350e9, 1e-12);
}

/* The quantisation traffic of an 8- or 4-bit step at 20 bytes per token,
** layer and unit of width, on one H100: none in 16 bits, and in fp8 over
** the same width as the element-wise work, once a step whatever the
** recompute. */
static void test_cast(void) {
  gpuadv_train_model m = model_8b();
  gpuadv_train_chip c = h100();
  gpuadv_train_consts k = K;
  gpuadv_train_layout l = layout(1, 1, 0, GPUADV_RECOMPUTE_NONE, 4, 0);
  gpuadv_train_time t16, t8;
  double cast = 4.0 * 4096 * 32 * (4096.0 + 14336.0) * 20.0 / 3350e9;
  k.cast_bytes = 20.0;
  gpuadv_train_step(&m, &c, &l, &k, &t16);
  check_close("cast: none in 16 bits", t16.elementwise_s, 0.0, 0.0);
  c.low_precision = 1;
  gpuadv_train_step(&m, &c, &l, &k, &t8);
  check_close("cast: fp8", t8.elementwise_s, cast, 1e-12);
  l.recompute = GPUADV_RECOMPUTE_FULL;
  gpuadv_train_step(&m, &c, &l, &k, &t8);
  check_close("cast: fp8 full recompute", t8.elementwise_s, cast, 1e-12);
}

/* A chip whose matmuls reach all of their datasheet (achieved = peak),
** and a step that reaches all of that rate (eff 1), would train above
** any published MFU: the step is held at 0.75 of the peak. One such
** H100, the 8B model, 4 sequences: model FLOP per token x 4 x 4096 /
** (1000 TFLOP/s x 0.75). */
static void test_mfu_max(void) {
  gpuadv_train_model m = model_8b();
  gpuadv_train_chip c = h100();
  gpuadv_train_consts k = K;
  gpuadv_train_layout l = layout(1, 1, 0, GPUADV_RECOMPUTE_NONE, 4, 0);
  gpuadv_train_time t;
  c.linear_tflops = c.attn_tflops = 1000.0;
  k.eff = 1.0;
  gpuadv_train_step(&m, &c, &l, &k, &t);
  check_close("mfu max: 0.75", t.mfu, 0.75, 1e-12);
  check_close("mfu max: the step", t.step_s,
              t.model_flop_per_token * 4.0 * 4096.0 / (1000e12 * 0.75), 1e-12);
  c.linear_tflops = c.attn_tflops = 800.0;
  gpuadv_train_step(&m, &c, &l, &K, &t);
  check_true("mfu max: below it, the model's", t.mfu < 0.75);
}

/* QLoRA turns its NF4 base into 16-bit weights before every forward and
** backward matmul: 0.5 bytes of codes, 1/64 + 4/16384 of scales read and
** 2 bytes written per parameter, at the memory bandwidth; under full
** recompute the forward does it twice. One H100, the 8B model, 4
** micro-batches of one sequence: LoRA and QLoRA differ by that alone. */
static void test_qlora(void) {
  gpuadv_train_model m = model_8b();
  gpuadv_train_chip c = h100();
  gpuadv_train_layout l = layout(1, 1, 0, GPUADV_RECOMPUTE_NONE, 4, 0);
  gpuadv_train_time lora, qlora;
  double per_pass = 8e9 * (0.5 + 1.0 / 64 + 4.0 / 16384 + 2.0) / 3350e9;
  l.mode = GPUADV_MODE_LORA;
  gpuadv_train_step(&m, &c, &l, &K, &lora);
  l.mode = GPUADV_MODE_QLORA;
  gpuadv_train_step(&m, &c, &l, &K, &qlora);
  check_close("qlora compute as lora's", qlora.compute_s, lora.compute_s,
              1e-12);
  check_close("qlora dequantises twice a micro-batch",
              qlora.elementwise_s - lora.elementwise_s, 4 * 2 * per_pass,
              1e-12);
  l.recompute = GPUADV_RECOMPUTE_FULL;
  l.mode = GPUADV_MODE_LORA;
  gpuadv_train_step(&m, &c, &l, &K, &lora);
  l.mode = GPUADV_MODE_QLORA;
  gpuadv_train_step(&m, &c, &l, &K, &qlora);
  check_close("qlora recomputed: three times",
              qlora.elementwise_s - lora.elementwise_s, 4 * 3 * per_pass,
              1e-12);
}

/* An MoE layer that drops tokens at a capacity factor pads its experts'
** share of the linear FLOP to it and runs them as dense matmuls; a
** dropless one runs its matmuls at moe_eff. 20B parameters, 8B active,
** 8 experts, 2 a token: the experts hold (20 - 8) / (1 - 2/8) = 16B, 4B
** of them active, of 8e9 - 128,000 x 4,096 linear parameters. One H100,
** 4 sequences of 4,096 tokens. */
static void test_capacity(void) {
  gpuadv_train_model m = model_8b();
  gpuadv_train_chip c = h100();
  gpuadv_train_consts k = K;
  gpuadv_train_layout l = layout(1, 1, 0, GPUADV_RECOMPUTE_NONE, 4, 0);
  gpuadv_train_time drop, dropless, half;
  double dense = 8e9 - 128000.0 * 4096.0, routed = 4e9 / dense;
  double linear_s = 4.0 * 4096 * 6.0 * dense / (800e12 * 0.5);
  m.params_b = 20.0;
  m.n_experts = 8.0;
  m.experts_per_token = 2.0;
  gpuadv_train_step(&m, &c, &l, &K, &dropless);
  k.moe_eff = 0.5;
  gpuadv_train_step(&m, &c, &l, &k, &half);
  check_close("dropless at moe_eff", half.compute_s - dropless.compute_s,
              linear_s, 1e-9);
  l.capacity = 1.25;
  gpuadv_train_step(&m, &c, &l, &k, &drop);
  check_close("capacity 1.25 pads the experts",
              drop.compute_s - dropless.compute_s, linear_s * routed * 0.25,
              1e-9);
  check_close("capacity: same model FLOP", drop.model_flop_per_token,
              dropless.model_flop_per_token, 1e-12);
}

/* The expert gradients of an MoE model: 64 GPUs on 8 nodes, expert
** parallel 8 within each node, ZeRO-1. Each GPU holds an eighth of the
** experts; the 8 GPUs that hold the same eighth sit 8 apart, one a node,
** so their reduction crosses the fabric (50 GB/s a GPU), as the dense
** weights' reduction over all 64 does. 72B parameters, 16B active, 8
** experts of which one a token: the experts hold (72 - 16) / (1 - 1/8) =
** 64B, the rest 8B. */
static void test_expert_grads(void) {
  gpuadv_train_model m = model_8b();
  gpuadv_train_chip c = h100();
  gpuadv_train_layout l = layout(64, 1, 1, GPUADV_RECOMPUTE_NONE, 512, 3200);
  gpuadv_train_time t;
  double dense = 8e9 * 2 * 2 * 63.0 / 64 / 50e9;
  double experts = 64e9 / 8 * 2 * 2 * 7.0 / 8 / 50e9;
  m.params_b = 72.0;
  m.active_b = 16.0;
  m.n_experts = 8.0;
  m.experts_per_token = 1.0;
  l.ep = 8.0;
  gpuadv_train_step(&m, &c, &l, &K, &t);
  check_close("64 GPUs ep 8: expert gradients over the fabric", t.dp_comm_s,
              dense + experts, 1e-9);
  /* 8 GPUs, one node: each expert is on one GPU, nothing to reduce; the
  ** dense weights over NVLink */
  l = layout(8, 1, 1, GPUADV_RECOMPUTE_NONE, 64, 3200);
  l.ep = 8.0;
  gpuadv_train_step(&m, &c, &l, &K, &t);
  check_close("8 GPUs ep 8: dense gradients only, over NVLink", t.dp_comm_s,
              8e9 * 2 * 2 * 7.0 / 8 / 450e9, 1e-9);
}

static const unit_test_fn tests[] = {
    test_8xh100_nvlink, test_8x4090_pcie, test_64xh100_ib,  test_bubble,
    test_layout_gb,     test_search,      test_elementwise, test_capacity,
    test_cast,          test_mfu_max,     test_qlora,       test_expert_grads};

int main(void) {
  return unit_run(tests, UNIT_COUNT(tests));
}
