/*
** test_math.c: unit tests of the estimator arithmetic (ext/gpuadv_math.c),
** without SQLite. Each CHECK prints "ok - NAME" or "not ok - NAME: ...";
** the last line is "N passed, M failed".
*/
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gpuadv_engine_mem.h"
#include "gpuadv_math.h"

#include "unit.h"

static double bpp(const char *dtype) {
  int i = gpuadv_dtype_find(dtype, (int)strlen(dtype));
  return i < 0 ? -1.0 : gpuadv_dtypes[i].bytes_per_param;
}

static void test_dtypes(void) {
  /* SPEC section 2: at least these, with these byte counts. */
  check_close("dtype fp32", bpp("fp32"), 4, 0);
  check_close("dtype tf32", bpp("tf32"), 4, 0);
  check_close("dtype fp16", bpp("fp16"), 2, 0);
  check_close("dtype bf16", bpp("bf16"), 2, 0);
  check_close("dtype fp8", bpp("fp8"), 1, 0);
  check_close("dtype int8", bpp("int8"), 1, 0);
  check_close("dtype int4", bpp("int4"), 0.5, 0);
  check_close("dtype nf4", bpp("nf4"), 0.5, 0);
  check_close("dtype fp4", bpp("fp4"), 0.5, 0);
  check_close("dtype mxfp4 4.25 bits", bpp("mxfp4") * 8, 4.25, 1e-12);
  check_close("dtype q8_0 8.5 bits", bpp("q8_0") * 8, 8.5, 1e-12);
  check_close("dtype q4_0 4.5 bits", bpp("q4_0") * 8, 4.5, 1e-12);
  check_close("dtype q6_k 6.5625 bits", bpp("q6_k") * 8, 6.5625, 1e-12);
  check_close("dtype q4_k_m 4.89 bits", bpp("q4_k_m") * 8, 4.89, 1e-12);
  check_true("dtype case-insensitive BF16",
             gpuadv_dtype_find("BF16", 4) == GPUADV_BF16);
  check_true("dtype Q4_K_M", gpuadv_dtype_find("Q4_K_M", 6) >= 0);
  check_true("dtype unknown fp5", gpuadv_dtype_find("fp5", 3) == -1);
  check_true("dtype prefix is not a match", gpuadv_dtype_find("fp", 2) == -1);
  check_true("dtype longer is not a match",
             gpuadv_dtype_find("fp166", 5) == -1);
  check_true("dtype counted bytes, no NUL needed",
             gpuadv_dtype_find("int8garbage", 4) == GPUADV_INT8);
  check_true("dtype empty", gpuadv_dtype_find("", 0) == -1);
  check_true("dtype first byte not a letter",
             gpuadv_dtype_find("8fp", 3) == -1);
  check_true("dtype first byte past ASCII",
             gpuadv_dtype_find("\xc3\xa9", 2) == -1);
  {
    /* The lookup must reach every name of the table, in either case. */
    int i, found = 0;
    for (i = 0; i < gpuadv_n_dtypes; i++) {
      char upper[32];
      int j, n = (int)strlen(gpuadv_dtypes[i].name);
      if (n >= (int)sizeof(upper)) continue;
      for (j = 0; j <= n; j++) {
        char c = gpuadv_dtypes[i].name[j];
        upper[j] = (char)(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
      }
      found += gpuadv_dtype_find(gpuadv_dtypes[i].name, n) == i &&
               gpuadv_dtype_find(upper, n) == i;
    }
    check_true("dtype lookup finds every name, lower and upper case",
               found == gpuadv_n_dtypes && gpuadv_n_dtypes > 0);
  }
}

static void test_train_mem(void) {
  /* 70B on one GPU, every mode, no ZeRO. */
  check_close("full 70b = 18 B/param",
              gpuadv_train_mem_gb(70, GPUADV_MODE_FULL, 1, 0, 0), 1260, 1e-9);
  check_close("full16 70b = 16 B/param",
              gpuadv_train_mem_gb(70, GPUADV_MODE_FULL16, 1, 0, 0), 1120, 1e-9);
  check_close("inference 70b = 2 B/param",
              gpuadv_train_mem_gb(70, GPUADV_MODE_INFERENCE, 1, 0, 0), 140,
              1e-9);
  /* lora: 2 + 0.01 x 16 = 2.16 B/param. */
  check_close("lora 70b", gpuadv_train_mem_gb(70, GPUADV_MODE_LORA, 1, 0, 0),
              151.2, 1e-9);
  /* qlora: 0.5 + 0.127/8 + 0.01 x 16 = 0.675875 B/param. */
  check_close("qlora 70b", gpuadv_train_mem_gb(70, GPUADV_MODE_QLORA, 1, 0, 0),
              47.31125, 1e-9);
  check_true("qlora 70b within seed 002's 44-50 GB",
             gpuadv_train_mem_gb(70, GPUADV_MODE_QLORA, 1, 0, 0) >= 44 &&
                 gpuadv_train_mem_gb(70, GPUADV_MODE_QLORA, 1, 0, 0) <= 50);
  check_close("activation added unsharded",
              gpuadv_train_mem_gb(7, GPUADV_MODE_FULL, 8, 3, 28),
              7 * 18 / 8.0 + 28, 1e-9);

  /* ZeRO stages with 1 GPU change nothing. */
  {
    int stage;
    for (stage = 0; stage <= 3; stage++) {
      char name[64];
      snprintf(name, sizeof(name), "full zero-%d on 1 GPU = stage 0", stage);
      check_close(name, gpuadv_train_mem_gb(13, GPUADV_MODE_FULL, 1, stage, 0),
                  234, 1e-9);
    }
  }
  /* ZeRO stages with 4 GPUs, full: w 2, g 4, o 12. */
  check_close("full zero-0 x4",
              gpuadv_train_mem_gb(13, GPUADV_MODE_FULL, 4, 0, 0), 13 * 18.0,
              1e-9);
  check_close("full zero-1 x4",
              gpuadv_train_mem_gb(13, GPUADV_MODE_FULL, 4, 1, 0),
              13 * (2 + 4 + 3.0), 1e-9);
  check_close("full zero-2 x4",
              gpuadv_train_mem_gb(13, GPUADV_MODE_FULL, 4, 2, 0),
              13 * (2 + 1 + 3.0), 1e-9);
  check_close("full zero-3 x4",
              gpuadv_train_mem_gb(13, GPUADV_MODE_FULL, 4, 3, 0), 13 * 18 / 4.0,
              1e-9);
  check_close("seed 000 zero-3 13b x4 + 13 GB",
              gpuadv_train_mem_gb(13, GPUADV_MODE_FULL, 4, 3, 13), 71.5, 1e-9);
  /* ZeRO paper (Rajbhandari et al. 2020, figure 1): 7.5B, 64 GPUs, 16 B/param:
  ** 120 GB baseline, 31.4 GB P_os, 16.6 GB P_os+g, 1.88 GB P_os+g+p. */
  check_close("zero paper baseline",
              gpuadv_train_mem_gb(7.5, GPUADV_MODE_FULL16, 64, 0, 0), 120,
              1e-9);
  check_close("zero paper P_os",
              gpuadv_train_mem_gb(7.5, GPUADV_MODE_FULL16, 64, 1, 0), 31.40625,
              1e-9);
  check_close("zero paper P_os+g",
              gpuadv_train_mem_gb(7.5, GPUADV_MODE_FULL16, 64, 2, 0), 16.640625,
              1e-9);
  check_close("zero paper P_os+g+p",
              gpuadv_train_mem_gb(7.5, GPUADV_MODE_FULL16, 64, 3, 0), 1.875,
              1e-9);
  /* LoRA under ZeRO-3: everything sharded, incl. the frozen base. */
  check_close("lora zero-3 x8",
              gpuadv_train_mem_gb(70, GPUADV_MODE_LORA, 8, 3, 0), 151.2 / 8,
              1e-9);
  check_close("lora zero-1 x8 shards only adapter Adam",
              gpuadv_train_mem_gb(70, GPUADV_MODE_LORA, 8, 1, 0),
              70 * (2.04 + 0.04 + 0.08 / 8), 1e-9);
  check_close("inference zero-3 x2",
              gpuadv_train_mem_gb(70, GPUADV_MODE_INFERENCE, 2, 3, 0), 70,
              1e-9);
}

static void test_kv_and_activations(void) {
  check_close("kv 70b 8k fp16", gpuadv_kv_cache_gb(80, 8, 128, 8192, 1, 2),
              2.68435456, 1e-12);
  check_close("kv 70b 8k x10", gpuadv_kv_cache_gb(80, 8, 128, 8192, 10, 2),
              26.8435456, 1e-10);
  check_close("kv llama-3.1-8b bytes/token",
              gpuadv_kv_cache_gb(32, 8, 128, 1, 1, 2) * 1e9, 131072, 1e-6);
  check_close("kv zero tokens", gpuadv_kv_cache_gb(32, 8, 128, 0, 1, 2), 0, 0);
  check_close("kv fp8 halves fp16", gpuadv_kv_cache_gb(80, 8, 128, 8192, 1, 1),
              1.34217728, 1e-12);
  /* A hybrid model shaped like Qwen3-Next-80B-A3B: 48 layers of which 36
  ** are Gated DeltaNet (32 value heads x 128 x 128 state + 3 x 8192 conv
  ** state = 548864 elements), 12 full attention (2 KV heads x 256). */
  {
    gpuadv_model_shape h = {.layers = 48,
                            .kv_heads = 2,
                            .head_dim = 256,
                            .linear_layers = 36,
                            .linear_state_elems = 548864};
    double state_gb = 36.0 * 548864 * 2 / 1e9;
    check_close("kv hybrid at 1000 tokens", gpuadv_model_kv_gb(&h, 1000, 1, 2),
                (12.0 * 2 * 2 * 256 * 1000) * 2 / 1e9 + state_gb, 1e-12);
    check_close("kv hybrid state at 0 tokens", gpuadv_model_kv_gb(&h, 0, 3, 2),
                3 * state_gb, 1e-12);
  }
  /* Two kinds of layer, shaped like Gemma 4 31B (google/gemma-4-31B-it
  ** config.json): 50 sliding layers of 16 KV heads x 256 over a 1024-token
  ** window, 10 full layers of 4 KV heads x 512 over the whole context.
  ** K and V per token: 2 x 16 x 256 = 8192 and 2 x 4 x 512 = 4096
  ** elements a layer, 2 bytes each. */
  {
    gpuadv_model_shape g = {.layers = 60,
                            .kv_heads = 16,
                            .head_dim = 256,
                            .sliding_window = 1024,
                            .sliding_layers = 50,
                            .global_kv_heads = 4,
                            .global_head_dim = 512};
    double local, global, state;
    /* 512 tokens, inside the window: 8192 x 50 x 512 + 4096 x 10 x 512 =
    ** 230686720 elements. */
    check_close("kv two kinds inside the window",
                gpuadv_model_kv_gb(&g, 512, 1, 2), 230686720.0 * 2 / 1e9,
                1e-12);
    /* 32768 tokens: the sliding layers stop at 1024, 8192 x 50 x 1024 +
    ** 4096 x 10 x 32768 = 1761607680 elements (one kind at 8192 would
    ** give 8192 x (10 x 32768 + 50 x 1024) = 3103784960). */
    check_close("kv two kinds past the window",
                gpuadv_model_kv_gb(&g, 32768, 1, 2), 1761607680.0 * 2 / 1e9,
                1e-12);
    gpuadv_model_kv_split(&g, 32768, &local, &global, &state);
    check_close("kv split local", local, 419430400.0, 0);
    check_close("kv split global", global, 1342177280.0, 0);
    check_close("kv split state", state, 0, 0);
  }
  /* KV sharing, shaped like Gemma 3n E4B (google/gemma-3n-E4B-it
  ** config.json): 35 layers, 4 sliding (512-token window) then 1 full, 7
  ** times; the last 15 (12 sliding, 3 full) reuse earlier caches, so 16
  ** sliding and 4 full layers keep one; 2 KV heads x 256: 1024 elements a
  ** token and layer. */
  {
    gpuadv_model_shape n = {.layers = 35,
                            .kv_heads = 2,
                            .head_dim = 256,
                            .sliding_window = 512,
                            .sliding_layers = 28,
                            .kv_shared_layers = 15,
                            .kv_shared_sliding = 12};
    /* 256 tokens: 1024 x 20 x 256 = 5242880 elements. */
    check_close("kv shared inside the window",
                gpuadv_model_kv_gb(&n, 256, 1, 2), 5242880.0 * 2 / 1e9, 1e-12);
    /* 32768 tokens: 1024 x (16 x 512 + 4 x 32768) = 142606336. */
    check_close("kv shared past the window",
                gpuadv_model_kv_gb(&n, 32768, 1, 2), 142606336.0 * 2 / 1e9,
                1e-12);
  }
  /* One kind of layer gives the figures of before the kinds, bit for bit:
  ** Gemma 3 27B's 52 sliding layers of 62, 16 KV heads x 128. */
  {
    gpuadv_model_shape a = {.layers = 62,
                            .kv_heads = 16,
                            .head_dim = 128,
                            .sliding_window = 1024,
                            .sliding_layers = 52};
    double before =
        2.0 * 16 * 128 * ((62.0 - 52.0) * 131072 + 52.0 * 1024) * 3 * 2 / 1e9;
    check_close("kv one kind unchanged", gpuadv_model_kv_gb(&a, 131072, 3, 2),
                before, 0);
  }
  /* Korthikanti et al. 2022, 7B-like: s=4096, b=1, h=4096, a=32, L=32. */
  {
    double sbh = 4096.0 * 1 * 4096;
    check_close(
        "act selective",
        gpuadv_activation_gb(32, 4096, 32, 4096, 1, GPUADV_RECOMPUTE_SELECTIVE),
        32 * 34 * sbh / 1e9, 1e-9);
    check_close(
        "act full",
        gpuadv_activation_gb(32, 4096, 32, 4096, 1, GPUADV_RECOMPUTE_FULL),
        32 * 2 * sbh / 1e9, 1e-9);
    check_close(
        "act none",
        gpuadv_activation_gb(32, 4096, 32, 4096, 1, GPUADV_RECOMPUTE_NONE),
        32 * sbh * (34 + 5.0 * 32 * 4096 / 4096) / 1e9, 1e-9);
  }
  check_true(
      "act none > selective > full",
      gpuadv_activation_gb(32, 4096, 32, 2048, 2, GPUADV_RECOMPUTE_NONE) >
              gpuadv_activation_gb(32, 4096, 32, 2048, 2,
                                   GPUADV_RECOMPUTE_SELECTIVE) &&
          gpuadv_activation_gb(32, 4096, 32, 2048, 2,
                               GPUADV_RECOMPUTE_SELECTIVE) >
              gpuadv_activation_gb(32, 4096, 32, 2048, 2,
                                   GPUADV_RECOMPUTE_FULL));
}

static void test_speed(void) {
  check_close("decode h100 7b",
              gpuadv_decode_tps(3350, 14, 1, 1, 0, 0, 0, 0.76),
              239.28571428571428, 1e-9);
  check_close("decode eff 0.7",
              gpuadv_decode_tps(3350, 14, 1, 0.7, 0, 0, 0, 0.76), 167.5, 1e-9);
  check_close("decode batch 8",
              gpuadv_decode_tps(3350, 14, 8, 1, 0, 0, 0, 0.76),
              8 * 239.28571428571428, 1e-9);
  check_close("decode with kv",
              gpuadv_decode_tps(3350, 14, 1, 1, 2.75, 0, 0, 0.76), 200, 1e-9);
  /* batch 1000 of a 7B on H100: memory step 14/3350 s = 4.18 ms; compute
  ** step 2*7e9*1000 / (989e12*0.76) = 18.63 ms, so compute-bound. */
  check_close("decode compute roof",
              gpuadv_decode_tps(3350, 14, 1000, 1, 0, 989, 7, 0.76),
              989e12 * 0.76 / (2 * 7e9), 1e-6);
  check_close("decode roof not binding at batch 1",
              gpuadv_decode_tps(3350, 14, 1, 1, 0, 989, 7, 0.76),
              239.28571428571428, 1e-9);
  check_close("prefill h100 70b", gpuadv_prefill_tps(989, 70, 1),
              7064.285714285714, 1e-9);
  check_close("prefill mfu 0.5", gpuadv_prefill_tps(989, 70, 0.5),
              3532.142857142857, 1e-9);
  check_close("ridge a100", gpuadv_ridge_point(312, 2000), 156, 1e-12);
  check_close("ridge h100", gpuadv_ridge_point(989, 3350), 295.22388059701493,
              1e-9);
}

/* The engine's token_overhead is an MoE model's cost of routing each
** token: a step of 64 sequences of a model with experts takes 64 x 3 us
** more than the same step of a dense model (same weights read: params_b
** equals active_params_b, so no expert goes untouched); one with 2 GPUs
** half of that. */
static void test_token_overhead(void) {
  gpuadv_engine_consts e;
  gpuadv_decode_setup d;
  double dense;
  memset(&e, 0, sizeof(e));
  e.bw_eff[GPUADV_MEM_HBM] = 1.0;
  e.kv_eff = e.compute_eff = 1.0;
  e.token_overhead_s = 3e-6;
  memset(&d, 0, sizeof(d));
  d.engine = &e;
  d.mem_bw_gbs = 1000;
  d.params_b = d.active_params_b = 10;
  d.bytes_per_param = 1;
  d.layers = 10;
  d.hidden = 4096;
  d.batch = 64;
  d.n_gpus = 1;
  dense = gpuadv_decode_step_s(&d);
  check_close("dense: no token overhead", dense, 10.0 / 1000, 1e-15);
  d.n_experts = 8;
  d.experts_per_token = 8;
  check_close("moe: 64 x token overhead", gpuadv_decode_step_s(&d) - dense,
              64 * 3e-6, 1e-15);
  d.n_gpus = 2;
  d.interconnect_gbs = 900;
  check_close("moe on 2 gpus: half of it",
              gpuadv_decode_step_s(&d) -
                  (10.0 / 2000 + gpuadv_tp_allreduce_s(2, 900, 10, 64, 4096)),
              32 * 3e-6, 1e-15);
  /* an MoE model's layers cost moe_layer more each, on any number of
  ** GPUs; a dense model's none */
  e.moe_layer_s = 50e-6;
  check_close("moe layers: 10 x 50 us more",
              gpuadv_decode_step_s(&d) -
                  (10.0 / 2000 + gpuadv_tp_allreduce_s(2, 900, 10, 64, 4096) +
                   32 * 3e-6),
              10 * 50e-6, 1e-15);
  d.n_experts = 0;
  d.n_gpus = 1;
  check_close("dense layers: no moe layer cost", gpuadv_decode_step_s(&d),
              dense, 1e-15);
}

/* llama.cpp's layer split: a prompt's micro-batches of 512 tokens overlap
** across the GPUs, at most token_budget tokens at a time; n - 1 hops. */
/* Per-user speed 1 / (0.01 + 0.001 b) tokens/s: a hand-checkable replica
** whose step grows by a millisecond a sequence. Counts its calls. */
static int n_tps_calls;
static double toy_tps(void *arg, double batch) {
  (void)arg;
  n_tps_calls++;
  return batch / (0.01 + 0.001 * batch);
}
static double bad_tps(void *arg, double batch) {
  (void)arg;
  return batch > 16 ? INFINITY : 1.0;
}

static void test_serving_batch(void) {
  double bad = 0.0;
  /* 50 tokens/s: b <= 10; of 1, 2, 4, ..., 64 and 100, the largest is 8 */
  n_tps_calls = 0;
  check_close("50/s: 8", gpuadv_serving_batch(100, 50, toy_tps, 0, &bad), 8, 0);
  check_close("50/s: 100, 64, 32, 16, 8 tried", n_tps_calls, 5, 0);
  /* 1 / (0.01 + 0.1) = 9.09/s at 100 */
  n_tps_calls = 0;
  check_close("9/s: 100", gpuadv_serving_batch(100, 9, toy_tps, 0, &bad), 100,
              0);
  check_close("9/s: one call", n_tps_calls, 1, 0);
  check_close("no target: 100", gpuadv_serving_batch(100, 0, toy_tps, 0, &bad),
              100, 0);
  /* 90.9/s at batch 1: 100/s is missed everywhere, so the smallest */
  check_close("100/s: 1", gpuadv_serving_batch(100, 100, toy_tps, 0, &bad), 1,
              0);
  check_close("cap below 1", gpuadv_serving_batch(0.5, 100, toy_tps, 0, &bad),
              0.5, 0);
  /* the tolerance: exactly 1 / 0.018 = 55.55... at 8 passes */
  check_close("at the edge",
              gpuadv_serving_batch(8, 1 / 0.018, toy_tps, 0, &bad), 8, 0);
  /* candidates stop at 1024: cap 5000 at 1/(0.01 + 0.001 b) >= 0.9 (b <=
  ** 1101) gives 1024 */
  check_close("powers up to 1024",
              gpuadv_serving_batch(5000, 0.9, toy_tps, 0, &bad), 1024, 0);
  check_close("not finite: 0", gpuadv_serving_batch(100, 0, bad_tps, 0, &bad),
              0, 0);
  check_true("not finite: the value", isinf(bad));
}

/* Sparse attention reads of a cache it holds whole: each row's elements
** held at 100000 tokens, read then, and read at 1000 tokens (below the
** top-k: all of them).
**   DeepSeek Sparse Attention, shaped like DeepSeek-V3.2 (its config.json):
**   61 MLA layers of a 512 + 64 latent, an indexer key of 128 a token and
**   layer (7808), each query attending to the top 2048 tokens. Held:
**   (61 x 576 + 7808) x 100000; read: 61 x 576 x 2048 + 7808 x 100000 =
**   71958528 + 780800000; at 1000 tokens (35136 + 7808) x 1000.
**   Compressed attention, shaped like DeepSeek-V4-Flash: 43 layers keep
**   their last 128 tokens' entries of 448 + 64 (not in the global part);
**   21 indexed layers one entry of 512 per 4 tokens (2688 elements a
**   token) with an indexer key of 128 per 4 (672), 20 layers one per 128
**   tokens (80): 3440. The indexer picks 512 entries, 2048 tokens' worth.
**   Read: (3440 - 2688) x 100000 + 2688 x 2048 = 75200000 + 5505024. */
static void test_kv_topk(void) {
  static const struct {
    const char *name;
    gpuadv_model_shape shape;
    double held, read, read_1k;
  } rows[] = {
      /* clang-format off */
      {"dsa", {.layers = 61, .kv_lora_rank = 512, .qk_rope_head_dim = 64, .extra_kv_elems = 7808, .attn_topk = 2048},
       4294400000.0, 852758528.0, 42944000.0},
      {"csa", {.layers = 43, .kv_lora_rank = 448, .qk_rope_head_dim = 64, .sliding_window = 128, .sliding_layers = 43,
               .extra_kv_elems = 3440, .attn_topk = 2048, .topk_kv_elems = 2688},
       344000000.0, 80705024.0, 3440000.0},
      /* clang-format on */
  };
  size_t i;
  for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
    double local, global, state, held_local;
    char name[64];
    gpuadv_model_kv_split(&rows[i].shape, 100000, &held_local, &global, &state);
    snprintf(name, sizeof(name), "%s holds every token", rows[i].name);
    check_close(name, global, rows[i].held, 0);
    gpuadv_model_kv_read_split(&rows[i].shape, 100000, &local, &global, &state);
    snprintf(name, sizeof(name), "%s reads its top-k", rows[i].name);
    check_close(name, global, rows[i].read, 0);
    snprintf(name, sizeof(name), "%s reads its whole window", rows[i].name);
    check_close(name, local, held_local, 0);
    gpuadv_model_kv_read_split(&rows[i].shape, 1000, &local, &global, &state);
    snprintf(name, sizeof(name), "%s below the top-k reads all", rows[i].name);
    check_close(name, global, rows[i].read_1k, 0);
  }
}

/* An engine of efficiency 1 everywhere and a prefill of a 100B dense model
** at bytes_per_param on one GPU of 1000 TFLOP/s and 1000 GB/s; the caller
** sets the rest. */
static void unit_prefill(gpuadv_engine_consts *e, gpuadv_prefill_setup *p,
                         double bytes_per_param) {
  memset(e, 0, sizeof(*e));
  e->bw_eff[GPUADV_MEM_HBM] = e->bw_eff[GPUADV_MEM_UNIFIED] = 1.0;
  e->prefill_mfu = e->prefill_mfu_unified = 1.0;
  e->gguf_prefill_factor = e->gguf_unified_factor = e->attn_eff = 1.0;
  memset(p, 0, sizeof(*p));
  p->engine = e;
  p->tflops = 1000;
  p->active_params_b = p->params_b = 100;
  p->bytes_per_param = bytes_per_param;
  p->mem_bw_gbs = 1000;
  p->n_gpus = 1;
}

/* Full layers with wider heads (Gemma 4's global_head_dim 512 over
** head_dim 256): a prompt's attention FLOP in such a layer are twice a
** sliding layer's, so 1 full layer at twice the width and 1 sliding layer
** (its window wider than the prompt) cost what 2 full and 1 sliding layers
** of one width do. */
static void test_prefill_global_width(void) {
  gpuadv_engine_consts e;
  gpuadv_prefill_setup wide, two;
  unit_prefill(&e, &wide, 2);
  unit_prefill(&e, &two, 2);
  wide.attn_tflops = two.attn_tflops = 1000;
  wide.attn_dim = two.attn_dim = 4096;
  wide.global_attn_dim = 8192;
  wide.sliding_window = two.sliding_window = 1e9;
  wide.sliding_layers = two.sliding_layers = 1;
  wide.layers = 2;
  two.layers = 3;
  check_close("prefill full layers at their own width",
              gpuadv_prefill_s(&wide, 65536, 0),
              gpuadv_prefill_s(&two, 65536, 0), 1e-12);
  wide.global_attn_dim = 4096;
  two.layers = 2;
  check_close("prefill one width as before", gpuadv_prefill_s(&wide, 65536, 0),
              gpuadv_prefill_s(&two, 65536, 0), 0);
}

/* DeepSeek Sparse Attention in a prompt: a full layer's query attends to
** at most attn_topk tokens, and the indexer scores every pair at
** index_pair_share of an attended pair. One layer of attn_dim 4096, a
** 65536-token prompt: 65536 x 32768.5 causal pairs, of which each query
** keeps 2048 (65536 x 2048), plus a tenth of all for the indexer; each
** pair 4 x 4096 FLOP at 1000 TFLOP/s. */
static void test_prefill_sparse(void) {
  gpuadv_engine_consts e;
  gpuadv_prefill_setup dense, sparse;
  double pairs = 65536.0 * 32768.5;
  unit_prefill(&e, &dense, 2);
  unit_prefill(&e, &sparse, 2);
  dense.attn_tflops = sparse.attn_tflops = 1000;
  dense.attn_dim = sparse.attn_dim = 4096;
  dense.layers = sparse.layers = 1;
  sparse.attn_topk = 2048;
  sparse.index_pair_share = 0.1;
  check_close(
      "prefill sparse: top-k and the indexer's share",
      gpuadv_prefill_s(&dense, 65536, 0) - gpuadv_prefill_s(&sparse, 65536, 0),
      (pairs - 65536.0 * 2048 - 0.1 * pairs) * 4 * 4096 / 1e15, 1e-9);
  /* a prompt of 1000 tokens: every query keeps all it sees, and the
  ** indexer adds its tenth */
  check_close(
      "prefill sparse below the top-k",
      gpuadv_prefill_s(&sparse, 1000, 0) - gpuadv_prefill_s(&dense, 1000, 0),
      0.1 * 1000.0 * 500.5 * 4 * 4096 / 1e15, 1e-12);
}

static void test_layer_split(void) {
  gpuadv_engine_consts e;
  gpuadv_prefill_setup p;
  double one;
  check_close("split 4 gpus 4096 tokens",
              gpuadv_layer_split_speedup(4, 4096, 2048), 16.0 / 7.0, 1e-12);
  check_close("split 8 gpus 1024 tokens",
              gpuadv_layer_split_speedup(8, 1024, 2048), 16.0 / 9.0, 1e-12);
  check_close("split one micro-batch", gpuadv_layer_split_speedup(8, 512, 2048),
              1.0, 1e-12);
  check_close("split one gpu", gpuadv_layer_split_speedup(1, 8192, 2048), 1.0,
              1e-12);
  check_close("split hops pcie", gpuadv_layer_split_hops_s(4, 0, 1, 8192),
              3 * (30e-6 + 8192 * 2 / 1e9 / 25), 1e-15);
  check_close("split hops one gpu", gpuadv_layer_split_hops_s(1, 0, 100, 8192),
              0.0, 0);
  /* a 100B dense model at 1 byte on 1000 TFLOP/s and 1000 GB/s GPUs, every
  ** efficiency 1: 2048 tokens take 2 x 100e9 x 2048 / 1e15 = 0.4096 s on
  ** one GPU; on 4 in layers, 4 micro-batches take 7/16 of it, plus 3 hops */
  unit_prefill(&e, &p, 1.0);
  e.split_layers = 1;
  e.batch_tokens = 2048;
  p.hidden = 8192;
  one = gpuadv_prefill_s(&p, 2048, 0);
  check_close("split prefill one gpu", one, 0.4096, 1e-12);
  p.n_gpus = 4;
  check_close("split prefill 4 gpus", gpuadv_prefill_s(&p, 2048, 0),
              0.4096 * 7 / 16 + 3 * (30e-6 + 2048 * 8192 * 2 / 1e9 / 25),
              1e-12);
  /* 16 tokens: reading the 100 GB once (0.1 s) is slower than the 3.2 ms of
  ** matmuls: the floor */
  p.n_gpus = 1;
  check_close("prefill weights floor", gpuadv_prefill_s(&p, 16, 0), 0.1, 1e-12);
  /* the attention at attn_tflops, not the weights' rate: one layer of
  ** 8192-wide attention over 2048 tokens, 2048 x 1024.5 query-key pairs
  ** of 4 x 8192 FLOP at 500 TFLOP/s, beside the matmuls at 1000 */
  e.split_layers = 0;
  p.layers = 1;
  p.attn_dim = 8192;
  p.attn_tflops = 500;
  check_close("prefill attention at its rate", gpuadv_prefill_s(&p, 2048, 0),
              0.4096 + 4.0 * 8192 * 2048 * 1024.5 / 500e12, 1e-12);
  p.attn_tflops = 0; /* none given: the weights' rate */
  check_close("prefill attention at the weights' rate",
              gpuadv_prefill_s(&p, 2048, 0),
              0.4096 + 4.0 * 8192 * 2048 * 1024.5 / 1000e12, 1e-12);
}

/* A GGUF type on a discrete GPU writes and reads an fp16 copy of its
** weights per micro-batch of 512 prompt tokens, above 32 tokens: the 100B
** model at 0.5 bytes a weight on one 1000 GB/s GPU, every efficiency 1
** (gguf_prefill_factor 0.5, which must not apply there). */
static void test_gguf_dequant(void) {
  gpuadv_engine_consts e;
  gpuadv_prefill_setup p;
  unit_prefill(&e, &p, 0.5);
  e.gguf_prefill_factor = 0.5;
  p.gguf = 1;
  p.memory_class = GPUADV_MEM_HBM;
  /* 2048 tokens: 0.4096 s of matmuls and 4 copies of 100e9 x 4.5 bytes */
  check_close("gguf copies per micro-batch", gpuadv_prefill_s(&p, 2048, 0),
              0.4096 + 4 * 100e9 * 4.5 / 1000e9, 1e-12);
  /* 513 tokens: two micro-batches, two copies */
  check_close("gguf copies round up", gpuadv_prefill_s(&p, 513, 0),
              2 * 100e9 * 513 / 1e15 + 2 * 0.45, 1e-12);
  /* 32 tokens: the quantised kernels, no copy; the weights read once (0.05
  ** s) outlast the matmuls (6.4 ms) */
  check_close("gguf no copy at 32 tokens", gpuadv_prefill_s(&p, 32, 0), 0.05,
              1e-12);
  /* on unified memory no copy: gguf_prefill_factor of the mfu instead */
  p.memory_class = GPUADV_MEM_UNIFIED;
  check_close("gguf unified factor", gpuadv_prefill_s(&p, 2048, 0),
              0.4096 / 0.5, 1e-12);
}

/* A replica of a dense 100 GB model (100B parameters at 1 byte) on GPUs of
** 1000 GB/s and 1000 TFLOP/s, every efficiency 1 and no overheads: what is
** left is the weights, the links and the pipeline's hops. */
/* An engine of efficiency 1 everywhere and no overheads, and a replica of
** it on GPUs of 1000 GB/s and 1000 TFLOP/s, 10 layers of hidden 8192 at 1
** byte a parameter; the caller sets the model's size and the layout. */
/* A replica step of seqs decoding sequences over ctx context tokens and
** pre prompt tokens with `pairs` query-key pairs, all of the prompt tokens
** in one prefill group (gpuadv_step_load). */
static double step_at(const gpuadv_replica *r, double seqs, double ctx,
                      double pre, double pairs) {
  gpuadv_step_load l;
  l.decode_seqs = seqs;
  l.decode_context = ctx;
  l.prefill_tokens = l.group_tokens = pre;
  l.prefill_pairs = l.group_pairs = pairs;
  return gpuadv_replica_step_s(r, &l);
}

/* The terms of such a step. */
static void terms_at(const gpuadv_replica *r, double seqs, double pre,
                     double pairs, gpuadv_step_terms *t) {
  gpuadv_step_load l;
  l.decode_seqs = seqs;
  l.decode_context = 0;
  l.prefill_tokens = l.group_tokens = pre;
  l.prefill_pairs = l.group_pairs = pairs;
  gpuadv_replica_step_terms(r, &l, t);
}

static void ideal_replica(gpuadv_engine_consts *e, gpuadv_replica *r) {
  memset(e, 0, sizeof(*e));
  e->bw_eff[GPUADV_MEM_HBM] = 1.0;
  e->kv_eff = e->compute_eff = e->attn_eff = 1.0;
  e->prefill_mfu = e->prefill_mfu_unified = e->gguf_prefill_factor = 1.0;
  memset(r, 0, sizeof(*r));
  r->decode.engine = e;
  r->decode.mem_bw_gbs = 1000;
  r->decode.memory_class = GPUADV_MEM_HBM;
  r->decode.tflops = 1000;
  r->decode.hidden = 8192;
  r->decode.layers = 10;
  r->decode.bytes_per_param = 1;
  r->prefill.engine = e;
  r->prefill.tflops = 1000;
  r->prefill.hidden = 8192;
  r->prefill.layers = 10;
  r->tp = r->pp = r->ep = r->dp = 1;
}

/* An MoE model's prompt tokens cost prefill_token each, over the GPUs; a
** dense model's none: 10B parameters at 1000 TFLOP/s, every efficiency 1,
** 1000 tokens take 2 x 10e9 x 1000 / 1e15 = 20 ms, plus 1000 x 2 us. */
static void test_prefill_token(void) {
  gpuadv_engine_consts e;
  gpuadv_prefill_setup p;
  gpuadv_replica r;
  double dense, step0;
  memset(&e, 0, sizeof(e));
  e.bw_eff[GPUADV_MEM_HBM] = 1.0;
  e.prefill_mfu = e.attn_eff = 1.0;
  e.prefill_token_s = 2e-6;
  memset(&p, 0, sizeof(p));
  p.engine = &e;
  p.tflops = 1000;
  p.params_b = p.active_params_b = 10;
  p.bytes_per_param = 1;
  p.layers = 10;
  p.hidden = 4096;
  p.n_gpus = 1;
  dense = gpuadv_prefill_s(&p, 1000, 0);
  check_close("dense prompt: no token cost", dense, 0.02, 1e-15);
  p.n_experts = p.experts_per_token = 8;
  check_close("moe prompt: 1000 x 2 us", gpuadv_prefill_s(&p, 1000, 0) - dense,
              1000 * 2e-6, 1e-15);
  p.n_gpus = 2;
  p.interconnect_gbs = 900;
  check_close("moe prompt on 2 gpus: half of it",
              gpuadv_prefill_s(&p, 1000, 0) -
                  (0.01 + gpuadv_tp_allreduce_s(2, 900, 10, 1000, 4096)),
              500 * 2e-6, 1e-15);
  /* in a serving step, beside 8 decoding sequences: the prompt chunk's
  ** 512 tokens at 2 us over tp4, and no more */
  ideal_replica(&e, &r);
  r.decode.params_b = r.decode.active_params_b = 100;
  r.prefill.active_params_b = 100;
  r.decode.n_experts = r.decode.experts_per_token = 8;
  r.prefill.n_experts = r.prefill.experts_per_token = 8;
  r.tp = 4;
  step0 = step_at(&r, 8, 0, 512, 512 * 512 / 2);
  e.prefill_token_s = 2e-6;
  check_close("moe step: the chunk's tokens",
              step_at(&r, 8, 0, 512, 512 * 512 / 2) - step0, 512 * 2e-6 / 4,
              1e-15);
}

/* A serving step's prompt chunk attends in every layer: the simulator
** counts its query-key pairs in one layer, the step in all ten (four of
** them sliding with a 256-token window, at most 256 per token), as a
** whole prompt's prefill does. 4096 tokens from position 0 of a 1B model
** (8.2 ms of matmuls, above its 1 ms read), 8192-wide attention, every
** efficiency 1 at 1000 TFLOP/s. */
static void test_step_prompt_pairs(void) {
  gpuadv_engine_consts e;
  gpuadv_replica r;
  gpuadv_prefill_setup whole;
  double tokens = 4096, pairs = 4096.0 * 4097.0 / 2.0, none;
  ideal_replica(&e, &r);
  r.decode.params_b = r.decode.active_params_b = 1;
  r.prefill.params_b = r.prefill.active_params_b = 1;
  r.prefill.bytes_per_param = 1;
  r.prefill.attn_dim = 8192;
  none = step_at(&r, 0, 0, tokens, 0);
  check_close("step attention: every layer",
              step_at(&r, 0, 0, tokens, pairs) - none,
              4.0 * 8192 * 10 * pairs / 1e15, 1e-15);
  r.prefill.sliding_layers = 4;
  r.prefill.sliding_window = 256;
  check_close("step attention: sliding layers up to the window",
              step_at(&r, 0, 0, tokens, pairs) - none,
              4.0 * 8192 * (6 * pairs + 4 * tokens * 256) / 1e15, 1e-15);
  whole = r.prefill;
  whole.n_gpus = 1;
  check_close("step of a whole prompt = its prefill",
              step_at(&r, 0, 0, tokens, pairs),
              gpuadv_prefill_s(&whole, tokens, 0), 1e-15);
}

static void test_replica(void) {
  gpuadv_engine_consts e;
  gpuadv_replica r;
  double ar8, ar4, hops, pp1;
  ideal_replica(&e, &r);
  r.decode.interconnect_gbs = 900;
  r.decode.params_b = r.decode.active_params_b = 100;
  r.prefill.interconnect_gbs = 900;
  r.prefill.active_params_b = 100;
  r.tp = 8;
  r.hop_gbs = 400; /* 3200 Gbit/s of fabric per node */
  r.hop_latency_s = 20e-6;
  /* 8 sequences on tp8: 100 GB / (8 x 1000 GB/s) = 12.5 ms, and 2 x 10
  ** all-reduces of 8 x 8192 x 2 bytes: 10 us + 2 x 7/8 x 1.31072e-4 GB /
  ** 450 GB/s each */
  ar8 = 20 * (10e-6 + 1.75 * 8 * 8192 * 2 / 1e9 / 450);
  pp1 = step_at(&r, 8, 0, 0, 0);
  check_close("replica tp8 step", pp1, 12.5e-3 + ar8, 1e-12);
  /* two stages: a micro-batch of 4 per stage, each reading every stage's
  ** weights, so still 12.5 ms; the all-reduces of 4 tokens; 2 hops of 20 us
  ** and one of 4 x 8192 x 2 bytes at 400 GB/s */
  r.pp = 2;
  ar4 = 20 * (10e-6 + 1.75 * 4 * 8192 * 2 / 1e9 / 450);
  hops = 2 * 20e-6 + 4 * 8192 * 2 / 1e9 / 400;
  check_close("replica tp8 pp2 step", step_at(&r, 8, 0, 0, 0),
              12.5e-3 + ar4 + hops, 1e-12);
  /* one 1000-token prompt goes through both stages: 2e14 FLOP / (8 x 1000
  ** TFLOP/s) = 25 ms on one stage's GPUs, plus 2 x 20 us and one hop of
  ** 1000 x 8192 x 2 bytes */
  r.pp = 1;
  pp1 = gpuadv_replica_prefill_s(&r, 1000);
  r.pp = 2;
  check_close("replica pp2 prefill adds hops",
              gpuadv_replica_prefill_s(&r, 1000) - pp1,
              2 * 20e-6 + 1000 * 8192 * 2 / 1e9 / 400, 1e-12);
  r.pp = 1;
  r.prefill.n_gpus = 8;
  check_close("replica prefill on tp8", pp1,
              gpuadv_prefill_s(&r.prefill, 1000, 0), 1e-12);
  /* the step from its terms (what the simulator keeps per batch size) is
  ** the step, to the last bit, with KV reads, overheads, MoE and pipeline
  ** links in play */
  {
    gpuadv_step_terms t;
    double seqs, ctx, pre;
    int same = 1;
    e.kv_eff = 0.7;
    e.layer_overhead_s = 1e-5;
    e.token_overhead_s = 3e-6;
    r.kv_gb_per_token = r.kv_read_gb_per_token = 1.6e-4;
    r.moe_layers = 4;
    r.decode.experts_per_token = 2;
    r.ep = 8;
    r.a2a_gbs = 300;
    r.a2a_latency_s = 7e-6;
    for (r.pp = 1; r.pp <= 2; r.pp++) {
      for (seqs = 0; seqs <= 300; seqs += 7) {
        for (pre = 0; pre <= 2048; pre += 1024) {
          for (ctx = 0; ctx <= 1e6; ctx += 333333.3) {
            terms_at(&r, seqs, pre, pre * pre / 2, &t);
            if (gpuadv_replica_step_with(&r, &t, seqs, ctx) !=
                step_at(&r, seqs, ctx, pre, pre * pre / 2)) {
              same = 0;
            }
          }
        }
      }
    }
    check_true("replica step from its terms, bit for bit", same);
  }
  /* a decode step as the line of gpuadv_replica_decode_line: the step
  ** within 1e-12, on both sides of the context where attention (at
  ** 4e-4 GFLOP a token, 500 TFLOP/s) outlasts the KV reads, with a
  ** recurrent state read per sequence */
  {
    gpuadv_step_terms t;
    gpuadv_step_line l;
    double seqs, ctx, worst = 0.0;
    r.pp = 1;
    r.decode.attn_tflops = 500;
    r.attn_gflop_per_token = 4e-4;
    r.state_gb_per_seq = 0.05;
    for (seqs = 1; seqs <= 300; seqs += 7) {
      terms_at(&r, seqs, 0, 0, &t);
      gpuadv_replica_decode_line(&r, &t, seqs, &l);
      for (ctx = 0; ctx <= 1e7; ctx += 333333.3) {
        double line = l.fixed_s + (l.attn_per_ctx_s * ctx >
                                           l.read_s + l.read_per_ctx_s * ctx
                                       ? l.attn_per_ctx_s * ctx
                                       : l.read_s + l.read_per_ctx_s * ctx);
        double step = gpuadv_replica_step_with(&r, &t, seqs, ctx);
        if (fabs(line / step - 1) > worst) worst = fabs(line / step - 1);
      }
    }
    check_close("replica decode step as a line in the context", worst, 0,
                1e-12);
    /* per context token: 1.6e-4 GB / (8 x 1000 GB/s x 0.7) and 4e-4 GFLOP
    ** / (8 x 500 TFLOP/s) */
    check_close("line: KV read per context token", l.read_per_ctx_s,
                1.6e-4 / (8 * 1000 * 0.7), 1e-15);
    check_close("line: attention per context token", l.attn_per_ctx_s,
                4e-4 * 1e9 / (8 * 500e12), 1e-15);
  }
}

/* Data-parallel attention and the KV cache's copies, on an MoE model of
** 100B parameters at 1 byte, 30B active, 1 of 8 experts per token: the
** experts are 70 / (1 - 1/8) = 80B, the rest 20B. */
static void test_dp_attention(void) {
  gpuadv_engine_consts e;
  gpuadv_replica r;
  double dense_b, experts_b, touched, a2a;
  gpuadv_moe_split_b(100, 30, 8, 1, &dense_b, &experts_b);
  check_close("moe split dense", dense_b, 20, 1e-12);
  check_close("moe split experts", experts_b, 80, 1e-12);
  gpuadv_moe_split_b(100, 30, 0, 0, &dense_b, &experts_b);
  check_close("dense model split", dense_b + 1000 * experts_b, 100, 0);
  /* whole heads per GPU: 16 GPUs over 8 KV heads hold 2 copies, an MLA
  ** latent (1 "head") one per GPU, 4 GPUs over 8 heads none */
  check_close("kv copies tp16 over 8 heads", gpuadv_kv_copies(8, 16), 2, 0);
  check_close("kv copies MLA tp8", gpuadv_kv_copies(1, 8), 8, 0);
  check_close("kv copies tp4 over 8 heads", gpuadv_kv_copies(8, 4), 1, 0);
  check_close("kv copies no KV", gpuadv_kv_copies(0, 8), 1, 0);
  ideal_replica(&e, &r);
  r.decode.params_b = 100;
  r.decode.active_params_b = 30;
  r.decode.n_experts = 8;
  r.decode.experts_per_token = 1;
  r.moe_layers = 10;
  r.a2a_gbs = 450;
  r.a2a_latency_s = 10e-6;
  /* dp8 ep8: 64 tokens, 8 per group. Each GPU reads the 20 GB of dense
  ** weights and its eighth of the 80 GB of experts, of which 1 - (7/8)^64
  ** are touched; the matmuls (2 x 30e9 x 64 FLOP over 8 x 1000 TFLOP/s,
  ** 0.48 ms) hide under it; no all-reduce (tp 1); per MoE layer a
  ** dispatch and a combine of 8 tokens x 8192 x 2 bytes, 7/8 of it
  ** leaving each GPU at 450 GB/s */
  r.tp = r.pp = 1;
  r.ep = r.dp = 8;
  touched = 1.0 - pow(7.0 / 8.0, 64);
  a2a = 20 * (10e-6 + 8 * 8192 * 2 / 1e9 * 7.0 / 8.0 / 450);
  check_close("dp8 ep8 step", step_at(&r, 64, 0, 0, 0),
              (20 + 10 * touched) / 1000 + a2a, 1e-12);
  /* the same tokens on tp8 ep8: every weight read over 8 GPUs, the
  ** all-to-alls of all 64 tokens and 2 x 10 all-reduces (NVLink-class
  ** 900 GB/s both ways, 10 us) of 64 x 8192 x 2 bytes */
  r.tp = 8;
  r.dp = 1;
  r.decode.interconnect_gbs = 900;
  check_close("tp8 ep8 step", step_at(&r, 64, 0, 0, 0),
              (20 + 80 * touched) / 8 / 1000 + 8 * a2a - 8 * 20 * 10e-6 +
                  20 * 10e-6 + 20 * (10e-6 + 1.75 * 64 * 8192 * 2 / 1e9 / 450),
              1e-12);
  /* decode attention: 1000 context tokens at 1e-3 GFLOP each and 1e-7 GB
  ** of KV each on 8 GPUs at 100 TFLOP/s: 1e-3 x 1000 x 1e9 / 8e14 =
  ** 1.25 us of matmuls against 1e-4 GB / 8000 GB/s = 12.5 ns of reads:
  ** the FLOPs count */
  {
    gpuadv_step_terms t;
    terms_at(&r, 64, 0, 0, &t);
    r.kv_gb_per_token = r.kv_read_gb_per_token = 1e-7;
    r.attn_gflop_per_token = 1e-3;
    r.decode.attn_tflops = 100;
    check_close("decode attention FLOPs outlast the KV reads",
                gpuadv_replica_step_with(&r, &t, 64, 1000) -
                    gpuadv_replica_step_with(&r, &t, 64, 0),
                1.25e-6, 1e-15);
    r.decode.attn_tflops = 0;
    check_close("no attention rate: the KV reads alone",
                gpuadv_replica_step_with(&r, &t, 64, 1000) -
                    gpuadv_replica_step_with(&r, &t, 64, 0),
                1e-4 / 8000, 1e-18);
  }
  /* dp8 ep8, a step of 4096 prompt tokens and no decodes. In one group:
  ** its GPU computes their 20B dense parameters, 2 x 20e9 x 4096 / 1e15 =
  ** 163.84 ms, while all 8 compute the experts' 10B active, 2 x 10e9 x
  ** 4096 / 8e15 = 10.24 ms (above the 30 ms of reads: 20 GB dense + 80 /
  ** 8 GB of experts); the all-to-alls carry the group's 4096 tokens.
  ** Spread over the 8 groups, 512 each: 20.48 + 10.24 ms and 512 tokens'
  ** all-to-alls. */
  {
    gpuadv_step_load l = {0};
    double a2a_of;
    r.tp = 1;
    r.dp = 8;
    r.prefill.params_b = 100;
    r.prefill.active_params_b = 30;
    r.prefill.n_experts = 8;
    r.prefill.experts_per_token = 1;
    l.prefill_tokens = l.group_tokens = 4096;
    a2a_of = 20 * (10e-6 + 4096 * 8192 * 2 / 1e9 * 7.0 / 8.0 / 450);
    check_close("dp8 prompt in one group", gpuadv_replica_step_s(&r, &l),
                0.16384 + 0.01024 + a2a_of, 1e-12);
    l.group_tokens = 512;
    a2a_of = 20 * (10e-6 + 512 * 8192 * 2 / 1e9 * 7.0 / 8.0 / 450);
    check_close("dp8 prompt spread over the groups",
                gpuadv_replica_step_s(&r, &l), 0.02048 + 0.01024 + a2a_of,
                1e-12);
  }
}

static void test_counts(void) {
  check_close("nodes 1260/80", gpuadv_nodes_required(1260, 80, 0), 16, 0);
  check_close("nodes 1260/640", gpuadv_nodes_required(1260, 640, 0), 2, 0);
  check_close("nodes exact 160/80", gpuadv_nodes_required(160, 80, 0), 2, 0);
  check_close("nodes fp 2.1/0.3", gpuadv_nodes_required(2.1, 0.3, 0), 7, 0);
  check_close("nodes fp 4.2/0.6", gpuadv_nodes_required(4.2, 0.6, 0), 7, 0);
  check_close("nodes fp 0.7/0.1", gpuadv_nodes_required(0.7, 0.1, 0), 7, 0);
  check_close("nodes just above a multiple",
              gpuadv_nodes_required(160.001, 80, 0), 3, 0);
  check_close("nodes 143.4/75", gpuadv_nodes_required(143.4, 75, 0), 2, 0);
  check_close("nodes headroom 1/16", gpuadv_nodes_required(143.4, 80, 0.0625),
              2, 0);
  check_close("nodes headroom pushes over",
              gpuadv_nodes_required(150.1, 80, 0.0625), 3, 0);
  check_close("nodes zero total", gpuadv_nodes_required(0, 80, 0), 0, 0);
  check_close("nodes tiny total", gpuadv_nodes_required(1e-9, 80, 0), 1, 0);
  check_close("max batch 70b int4", gpuadv_max_batch(80, 35, 2.68435456, 0), 16,
              0);
  check_close("max batch no fit", gpuadv_max_batch(80, 140, 1, 0), 0, 0);
  check_close("max batch exactly full", gpuadv_max_batch(80, 80, 1, 0), 0, 0);
  check_close("max batch fp exact 0.7/0.1", gpuadv_max_batch(0.7, 0, 0.1, 0), 7,
              0);
  check_close("max batch headroom", gpuadv_max_batch(80, 14, 1, 0.1), 58, 0);
}

static void test_money(void) {
  check_close("cost h100 seed",
              gpuadv_cost_per_mtok(
                  gpuadv_owned_usd_per_hour(30000, 3, 700, 0.12, 1), 239, 0.7),
              2.0349, 5e-4);
  check_close("cost util 1", gpuadv_cost_per_mtok(3.6, 1000, 1), 1, 1e-12);
  check_close("owned capex only",
              gpuadv_owned_usd_per_hour(8760, 1, 0, 0.12, 1), 1, 1e-12);
  check_close("owned power with pue",
              gpuadv_owned_usd_per_hour(0, 1, 1000, 0.10, 1.5), 0.15, 1e-12);
  check_close("gpu hours 70b 3B tokens", gpuadv_train_gpu_hours(70, 3, 989, 1),
              353.89282103134478, 1e-6);
  check_close("gpu hours mfu 0.5 doubles",
              gpuadv_train_gpu_hours(70, 3, 989, 0.5), 2 * 353.89282103134478,
              1e-6);
  check_close("egress", gpuadv_egress_usd(500, 20, 0.09), 900, 1e-9);
  check_close("break even", gpuadv_break_even_hours(12000, 5.12, 0), 2343.75,
              1e-9);
  check_close("break even with owned", gpuadv_break_even_hours(2000, 2, 0.1),
              2000 / 1.9, 1e-9);
}

/* The M/D/c wait by hand: one server at half load, P-K: rho s / (2 (1 -
** rho)) = 0.5 s; two servers at one erlang: Erlang B 1/2 then 1/5, Erlang
** C 0.2 / (1 - 0.5 x 0.8) = 1/3, M/M/2 wait 1/3 s, half of it. */
static void test_queue(void) {
  check_close("md1 half load", gpuadv_queue_wait_s(1, 0.5, 1), 0.5, 1e-12);
  check_close("md2 one erlang", gpuadv_queue_wait_s(2, 1, 1), 1.0 / 6, 1e-12);
  check_true("unstable", gpuadv_queue_wait_s(2, 2, 1) < 0);
  check_close("no load", gpuadv_queue_wait_s(3, 0, 1), 0, 0);
  /* one erlang: 2 servers wait 1/6 s; within 0.2 s takes 2, within 0.1 s
  ** 3 (Erlang B 1/16, C 1/16 / (1 - 1/3 x 15/16) = 1/11, wait 1/44) */
  check_close("servers 0.2", gpuadv_queue_servers(1, 1, 0.2, 1), 2, 0);
  check_close("servers 0.1", gpuadv_queue_servers(1, 1, 0.1, 1), 3, 0);
  check_close("md3 one erlang", gpuadv_queue_wait_s(3, 1, 1), 1.0 / 44, 1e-12);
  check_close("servers in fours", gpuadv_queue_servers(1, 1, 0.1, 4), 4, 0);
  check_true("servers beyond the cap", gpuadv_queue_servers(2e6, 1, 1, 1) < 0);
}

/* The engines' memory rules (gpuadv_engine_mem.c), worked by hand for
** Llama 3.1 8B in 16 bits (16.06 GB of weights; hidden 4096, FFN 14336,
** vocab 128256) on one H100 as its driver reports it (80 GiB x 0.99 =
** 85.0403 GB), at an 8,192-token budget. */
static void test_engine_mem(void) {
  gpuadv_engine_mem m;
  double act;
  memset(&m, 0, sizeof(m));
  m.gpu_gb = 80 * 1.073741824 * 0.99;
  m.n_gpus = m.tp = m.pp = 1;
  m.headroom = 0.10;
  m.token_budget = 8192;
  m.max_seqs = 1024;
  m.hidden = 4096;
  m.ffn = 14336;
  m.vocab = 128256;
  /* activations: 8192 x 2 x (3 x 14336 + 4 x 4096) = 973,078,528 B;
  ** logits 1024 x 128256 x 4 = 525,336,576 B; + 0.12 GB outside PyTorch */
  act = (973078528.0 + 525336576.0) / 1e9 + 0.12;
  m.rule = GPUADV_MEM_RULE_UTILIZATION;
  check_close("engine mem: vLLM's reserve", gpuadv_engine_reserved_gb(&m), act,
              1e-12);
  /* 0.9 x 85.0403 - 1.6184 - 16.06 = 58.8579 GB (54.82 GiB; vLLM logs
  ** 54.93 GiB for this model on an H100 at 0.90) */
  check_close("engine mem: vLLM's cache", gpuadv_engine_cache_gb(&m, 16.06),
              0.9 * m.gpu_gb - act - 16.06, 1e-9);
  check_close("engine mem: vLLM's cache, GB", gpuadv_engine_cache_gb(&m, 16.06),
              58.8579, 1e-4);
  /* SGLang on a GPU of 60 to 160 GiB, tp 1: chunk 8192, graphs 256:
  ** 512 + 12288 + 512 + 128 = 13,440 MiB = 14.0929 GB, of which the
  ** headroom's 8.504 GB is the part the other rules leave free too */
  m.rule = GPUADV_MEM_RULE_STATIC;
  check_close("engine mem: SGLang's reserve beyond the headroom",
              gpuadv_engine_reserved_gb(&m),
              13440 * 1.048576e-3 - 0.1 * m.gpu_gb, 1e-12);
  check_close("engine mem: SGLang's cache", gpuadv_engine_cache_gb(&m, 16.06),
              m.gpu_gb - 13440 * 1.048576e-3 - 16.06, 1e-9);
  /* tp 8 on the same GPUs: graphs 512, + 1 GiB: 14,848 MiB each */
  m.n_gpus = m.tp = 8;
  check_close("engine mem: SGLang's cache at tp 8",
              gpuadv_engine_cache_gb(&m, 141.1),
              8 * (m.gpu_gb - 14848 * 1.048576e-3) - 141.1, 1e-9);
  /* a headroom above the reserve wins (mem_fraction_static set by hand) */
  m.headroom = 0.5;
  check_close("engine mem: SGLang with a larger headroom",
              gpuadv_engine_reserved_gb(&m), 0.0, 0.0);
  /* a B200-size GPU (> 160 GiB): chunk 16384, graphs 512, tp 1:
  ** 512 + 24576 + 1024 + 128 = 26,240 MiB */
  m.headroom = 0.10;
  m.n_gpus = m.tp = 1;
  m.gpu_gb = 180 * 1.073741824 * 0.99;
  check_close("engine mem: SGLang on a 180 GiB GPU",
              gpuadv_engine_cache_gb(&m, 16.06),
              m.gpu_gb - 26240 * 1.048576e-3 - 16.06, 1e-9);
  /* an RTX 4090 (24 GiB, < 35 GiB): chunk 2048, graphs 24: 512 + 3072 +
  ** 48 + 128 = 3,760 MiB, below the 10 GiB floor of larger GPUs */
  m.gpu_gb = 24 * 1.073741824 * 0.99;
  check_close("engine mem: SGLang on a 24 GiB GPU",
              gpuadv_engine_cache_gb(&m, 16.06),
              m.gpu_gb - 3760 * 1.048576e-3 - 16.06, 1e-9);
  /* TensorRT-LLM: 0.9 of what the weights and activations leave, its 2,048
  ** sequences' logits: 1,050,673,152 B */
  m.gpu_gb = 80 * 1.073741824 * 0.99;
  m.rule = GPUADV_MEM_RULE_FREE;
  m.max_seqs = 2048;
  act = (973078528.0 + 1050673152.0) / 1e9 + 0.12;
  check_close("engine mem: TensorRT-LLM's cache",
              gpuadv_engine_cache_gb(&m, 16.06), 0.9 * (m.gpu_gb - act - 16.06),
              1e-9);
  /* 70B-size weights on one GPU: the free rule leaves the cache 0.9 of
  ** 85.04 - 2.14 - 70.6 = 12.3 GB; the utilization rule 7.78 - 2.14 */
  check_close("engine mem: TensorRT-LLM, large weights",
              gpuadv_engine_cache_gb(&m, 70.6), 0.9 * (m.gpu_gb - act - 70.6),
              1e-9);
  m.rule = GPUADV_MEM_RULE_PLAIN;
  check_close("engine mem: plain", gpuadv_engine_cache_gb(&m, 16.06),
              0.9 * m.gpu_gb - 16.06, 1e-9);
  /* two GPUs of a tensor split halve the FFN's share of each */
  m.rule = GPUADV_MEM_RULE_UTILIZATION;
  m.max_seqs = 1024;
  m.n_gpus = m.tp = 2;
  check_close(
      "engine mem: vLLM's reserve at tp 2", gpuadv_engine_reserved_gb(&m),
      (8192 * 2 * (3 * 14336 / 2.0 + 4 * 4096) + 525336576.0) / 1e9 + 0.12,
      1e-12);
}

static const unit_test_fn tests[] = {test_queue,
                                     test_dtypes,
                                     test_train_mem,
                                     test_kv_and_activations,
                                     test_speed,
                                     test_token_overhead,
                                     test_prefill_token,
                                     test_step_prompt_pairs,
                                     test_replica,
                                     test_dp_attention,
                                     test_prefill_global_width,
                                     test_prefill_sparse,
                                     test_kv_topk,
                                     test_layer_split,
                                     test_gguf_dequant,
                                     test_serving_batch,
                                     test_counts,
                                     test_money,
                                     test_engine_mem};

int main(void) {
  return unit_run(tests, UNIT_COUNT(tests));
}
