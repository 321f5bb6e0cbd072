/*
** test_config.c: unit tests of the config.json reader (ext/gpuadv_config.c),
** without SQLite. Run from the repository root: the real configs are read
** from tests/configs/ (tests/configs/README.md gives each source and the
** published total). Each CHECK prints "ok - NAME" or "not ok - NAME: ...";
** the last line is "N passed, M failed".
*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpuadv_config.h"

#include "unit.h"

/* The model is large (the explanation rows): one static copy. */
static gpuadv_config_model model;
static char err[GPUADV_CONFIG_ERR_MAX];

static int read_text(const char *text) {
  return gpuadv_config_read(text, (int)strlen(text), &model, err, sizeof(err));
}

static int read_file(const char *path) {
  static char buf[GPUADV_CONFIG_MAX_BYTES];
  FILE *f = fopen(path, "rb");
  size_t n;
  if (!f) {
    snprintf(err, sizeof(err), "cannot open %s", path);
    return -1;
  }
  n = fread(buf, 1, sizeof(buf), f);
  fclose(f);
  return gpuadv_config_read(buf, (int)n, &model, err, sizeof(err));
}

/* KV cache bytes of one token at 16 bits (2 bytes per element). */
static double kv_bytes_per_token(void) {
  return gpuadv_model_kv_gb(&model.def.shape, 1, 1, 2) * 1e9;
}

/* ------------------------------------------------------------------------
** Real configs. `published` is the vendor's total in billions (see
** tests/configs/README.md); `total` and `active` are this reader's exact
** counts, `kv` the KV bytes of one token at 16 bits.
*/
typedef struct fixture {
  const char *file;
  double published; /* billions */
  double tol;       /* relative tolerance against published */
  double total, active, kv;
} fixture;

static void test_fixtures(void) {
  /* Hand-checkable derivations of four of the exact counts:
  **   Llama-3.1-8B: 2 x 128256 x 4096 (embeddings, untied head)
  **     + 32 x (2 x 4096^2 + 2 x 4096 x 1024 (q, o, k, v)
  **             + 3 x 4096 x 14336 (gate, up, down) + 2 x 4096 (norms))
  **     + 4096 (final norm);
  **   Mixtral-8x7B active: total less 32 layers x 6 unused experts x
  **     3 x 4096 x 14336;
  **   DeepSeek-V3 KV: 61 layers x (512 + 64) x 2 bytes;
  **   Qwen3-Next KV of one token: 36 linear layers x (32 x 128 x 128 +
  **     3 x 8192) x 2 bytes + 12 layers x 2 x 2 x 256 x 2 bytes. */
  const double llama8 = 2.0 * 128256 * 4096 +
                        32.0 * (2.0 * 4096 * 4096 + 2.0 * 4096 * 1024 +
                                3.0 * 4096 * 14336 + 2 * 4096) +
                        4096;
  const double mixtral = 46702792704.0;
  /* DeepSeek-V4-Flash by hand from its inference/model.py: per layer the
  ** attention (q_a 4096 x 1024 and its norm, q_b 1024 x 64 x 512, kv
  ** 4096 x 512 and its norm, o_a 4096 x 8 x 1024, o_b 8192 x 4096, 64
  ** sinks); a compressor of ratio r and width d (r x c d position biases,
  ** two 4096 x c d projections, a norm of d; c = 2 at r = 4); an indexer
  ** on r = 4 layers (q_b 1024 x 64 x 128, weights 4096 x 64, its own
  ** r = 4 compressor of width 128); 256 experts + 1 shared of 3 x 4096 x
  ** 2048, a router of 256 x 4096 with a bias of 256 on all but the 3 hash
  ** layers; hyper-connections: per layer 2 x (24 x 16384 + 24 + 3), at the
  ** head 4 x 16384 + 4 + 1; norms; two 129280 x 4096 embeddings. Layers:
  ** 2 of ratio 0, 21 of 4, 20 of 128. KV of one token: 43 window entries
  ** of 512 plus 21 x (512/4 + 128/4) + 20 x 512/128 = 3440, at 2 bytes. */
  const double v4_attn = 4096.0 * 1024 + 1024 + 1024.0 * 64 * 512 +
                         4096.0 * 512 + 512 + 4096.0 * 8 * 1024 +
                         8192.0 * 4096 + 64;
  const double v4_c4 = 4.0 * 2 * 512 + 2.0 * 4096 * 2 * 512 + 512;
  const double v4_c128 = 128.0 * 512 + 2.0 * 4096 * 512 + 512;
  const double v4_idx = 1024.0 * 64 * 128 + 4096.0 * 64 +
                        (4.0 * 2 * 128 + 2.0 * 4096 * 2 * 128 + 128);
  const double v4_expert = 3.0 * 4096 * 2048;
  const double v4_rest = 43.0 * (v4_attn + v4_expert + 256.0 * 4096 +
                                 2.0 * (24.0 * 16384 + 24 + 3) + 2 * 4096) +
                         21.0 * (v4_c4 + v4_idx) + 20.0 * v4_c128 + 40.0 * 256 +
                         4.0 * 16384 + 4 + 1 + 4096 + 2.0 * 129280 * 4096;
  const double v4_total = v4_rest + 43.0 * 256 * v4_expert;
  /* Kimi K3 by hand from modeling_kimi_linear.py (as its SGLang and vLLM
  ** ports read it): 24 MLA layers (q_a 7168 x 1536 and its norm, q_b 1536
  ** x 96 x 192, kv_a 7168 x 576, its norm 512, kv_b 512 x 96 x 256, o and
  ** the output gate 12288 x 7168 each); 69 KDA layers (q, k, v, o and the
  ** full-rank output gate 7168 x 12288 each, three convolutions 12288 x 4,
  ** the low-rank forget gate 7168 x 128 + 128 x 12288, beta 7168 x 96,
  ** A_log 96, dt_bias 12288, norm 128); layer 0 a dense MLP 3 x 7168 x
  ** 33792; 92 MoE layers of 896 experts of 3 x 3584 x 3072 (the latent),
  ** the latent's down- and up-projections 2 x 7168 x 3584 and norm 3584,
  ** 2 shared experts fused 3 x 7168 x 6144, a router 896 x 7168 and its
  ** bias; per layer 2 norms and the attention residuals' 2 norms and 2
  ** projections (6 x 7168), at the output 3 x 7168; two 163840 x 7168
  ** embeddings. KV of one token: 69 states of 96 x 128 x 128 + 3 x 12288
  ** x 3 and 24 latents of 576, at 2 bytes. */
  const double k3_mla = 7168.0 * 1536 + 1536 + 1536.0 * 96 * 192 +
                        7168.0 * 576 + 512 + 512.0 * 96 * 256 +
                        2 * 12288.0 * 7168;
  const double k3_kda = 5 * 7168.0 * 12288 + 3 * 12288.0 * 4 +
                        (7168.0 * 128 + 128.0 * 12288) + 7168.0 * 96 + 96 +
                        12288 + 128;
  const double k3_expert = 3.0 * 3584 * 3072;
  const double k3_rest =
      24 * k3_mla + 69 * k3_kda + 3.0 * 7168 * 33792 +
      92 * (2.0 * 7168 * 3584 + 3584 + 3.0 * 7168 * 6144 + 896.0 * 7168 + 896) +
      93 * 6.0 * 7168 + 3.0 * 7168 + 2.0 * 163840 * 7168;
  const double v4_active = v4_rest + 43.0 * 6 * v4_expert;
  const fixture fx[] = {
      /* file                 published tol   total            active          kv/token */
      {"llama-3.1-8b", 8.03, 0.01, llama8, llama8, 131072},
      {"llama-3.1-70b", 70.6, 0.01, 70553706496.0, 70553706496.0, 327680},
      {"qwen2.5-7b", 7.61, 0.01, 7615616512.0, 7615616512.0, 57344},
      {"qwen3-32b", 32.8, 0.01, 32762123264.0, 32762123264.0, 262144},
      {"qwen3-30b-a3b", 30.5, 0.01, 30532122624.0, 3353032704.0, 98304},
      {"mistral-7b-v0.1", 7.24, 0.01, 7241732096.0, 7241732096.0, 131072},
      {"mixtral-8x7b", 46.7, 0.01, mixtral,
       mixtral - 32.0 * 6 * 3 * 4096 * 14336, 131072},
      {"deepseek-v3", 671.0, 0.01, 671026419200.0, 37552297472.0,
       61.0 * 576 * 2},
      {"gpt-oss-120b", 116.83, 0.01, 116829156672.0, 5711982912.0, 73728},
      {"gemma-2-9b", 9.24, 0.01, 9241705984.0, 9241705984.0, 344064},
      {"gemma-3-27b", 27.433, 0.01, 27432406640.0, 27009346304.0, 507904},
      {"phi-4-mini", 3.84, 0.01, 3836021760.0, 3836021760.0, 131072},
      {"glm-4.5-air", 106.0, 0.01, 106852251264.0, 13424129664.0, 188416},
      {"qwen3-next-80b-a3b", 80.0, 0.01, 79674391296.0, 3874929408.0,
       36.0 * (32 * 128 * 128 + 3 * 8192) * 2 + 12.0 * 2 * 2 * 256 * 2},
      /* Meta's 109B and Mistral's 675B include the vision encoder, counted
    ** in the total and not in the active parameters. Kimi K2 and Kimi
    ** Linear: the tensor counts of the released checkpoints (Moonshot's
    ** rounded "1T" and "48B" are 2.6% and 2.3% off them). */
      {"llama-4-scout", 109.0, 0.01, 108641793536.0, 17172894720.0, 196608},
      {"kimi-k2", 1026.408, 0.01, 1026408232448.0, 32861500928.0, 70272},
      {"kimi-linear-48b-a3b", 49.1227, 0.01, 49122681728.0, 3484459904.0,
       20.0 * 561152 * 2 + 7.0 * 576 * 2},
      {"mistral-large-3", 675.0, 0.01, 675991176960.0, 39946968064.0, 70272},
      /* Gemma 4 (Google's 30.7B and 25.2B, 3.8B active; text towers, the
      ** vision_config left out of the files): 50 and 25 sliding layers of
      ** 2 x 16 x 256 and 2 x 8 x 256 elements a token, 10 and 5 full
      ** layers of 2 x 4 x 512 and 2 x 2 x 512, at 2 bytes. */
      {"gemma-4-31b", 30.7, 0.01, 30697345280.0, 30697345280.0,
       (50.0 * 2 * 16 * 256 + 10.0 * 2 * 4 * 512) * 2},
      {"gemma-4-26b-a4b", 25.2, 0.01, 25232800000.0, 3822188800.0,
       (25.0 * 2 * 8 * 256 + 5.0 * 2 * 2 * 512) * 2},
      /* GLM-5 (Z.ai's 744B, 40B active): MLA over 78 layers, 576 cached
      ** elements a token and layer, and the DSA indexer's key of 128;
      ** the indexers' weights are not counted. */
      {"glm-5", 744.0, 0.01, 743180209920.0, 41053720320.0,
       78.0 * (576 + 128) * 2},
      /* DeepSeek-V4-Flash (DeepSeek's 284B, 13B active), by hand above */
      {"deepseek-v4-flash", 284.0, 0.01, v4_total, v4_active,
       (43.0 * 512 + 3440) * 2},
      /* Kimi K3 (Moonshot's 2.78T; its vision encoder, 0.45B, not
      ** counted here), by hand above */
      {"kimi-k3", 2780.0, 0.01, k3_rest + 92 * 896 * k3_expert,
       k3_rest + 92 * 16 * k3_expert,
       (69.0 * (96 * 128 * 128 + 3 * 12288 * 3) + 24.0 * 576) * 2},
  };
  size_t i;
  for (i = 0; i < sizeof(fx) / sizeof(fx[0]); i++) {
    char path[128], name[160];
    int rc;
    snprintf(path, sizeof(path), "tests/configs/%s.json", fx[i].file);
    rc = read_file(path);
    snprintf(name, sizeof(name), "%s reads", fx[i].file);
    check_str(name, rc == 0 ? "" : err, "");
    if (rc != 0) continue;
    snprintf(name, sizeof(name), "%s total within %.1f%% of published %.2fB",
             fx[i].file, fx[i].tol * 100, fx[i].published);
    check_close(name, model.def.params_b / fx[i].published, 1.0, fx[i].tol);
    snprintf(name, sizeof(name), "%s total exact", fx[i].file);
    check_close(name, model.params.total, fx[i].total, 0);
    snprintf(name, sizeof(name), "%s active exact", fx[i].file);
    check_close(name, model.params.active, fx[i].active, 0);
    snprintf(name, sizeof(name), "%s KV bytes per token", fx[i].file);
    check_close(name, kv_bytes_per_token(), fx[i].kv, 1e-6);
  }
}

/* Fields of the definition for the kinds of model. */
static void test_fields(void) {
  if (read_file("tests/configs/glm-5.json") == 0) {
    /* DeepSeek Sparse Attention: index_topk 2048 tokens attended */
    check_close("glm-5 attn_topk", model.def.shape.attn_topk, 2048, 0);
    check_close("glm-5 index_heads", model.def.shape.index_heads, 32, 0);
  }
  if (read_file("tests/configs/gemma-3n-e4b.json") == 0) {
    /* 35 layers in (4 sliding, 1 full) x 7; the last 15 (layers 20 to 34:
    ** 12 sliding, 3 full) share the cache of layers 18 and 19. */
    const double h = 2048, L = 35, ple = 256, n = 4, r = 64;
    check_close("gemma-3n sliding layers", model.def.shape.sliding_layers, 28,
                0);
    check_close("gemma-3n shared layers", model.def.shape.kv_shared_layers, 15,
                0);
    check_close("gemma-3n shared sliding", model.def.shape.kv_shared_sliding,
                12, 0);
    /* 16 sliding and 4 full layers keep a cache of 2 x 2 x 256 = 1024
    ** elements a token: at 4096 tokens 1024 x (16 x 512 + 4 x 4096). */
    check_close("gemma-3n KV of 4096 tokens",
                gpuadv_model_kv_gb(&model.def.shape, 4096, 1, 2) * 1e9,
                1024.0 * (16 * 512 + 4 * 4096) * 2, 1e-3);
    /* The per-layer table 262144 x 35 x 256, its projection 2048 x 35 x
    ** 256 and norm 256; per layer a gate and a projection (2 x 2048 x 256)
    ** and a norm; AltUp's 2 x 3 projections of 2048 x 2048 and per layer
    ** 4 x 4 + 4^3 + 2048 x 4 + 2 x 2048; LAuReL 2 x 2048 x 64 + 2048. */
    check_close("gemma-3n per-layer blocks", model.params.per_layer,
                262144.0 * L * ple + h * L * ple + ple + L * (2 * h * ple + h) +
                    2 * (n - 1) * h * h +
                    L * (n * n + n * n * n + h * n + 2 * h) +
                    L * (2 * h * r + h),
                0);
    /* The MLP's per-layer list of 35 x 16384 reads as one width. */
    check_close("gemma-3n intermediate", model.def.intermediate, 16384, 0);
  } else {
    check_str("gemma-3n reads", err, "");
  }
  /* A window as long as the context: the sliding layers stay sliding
  ** where the full ones cache another shape (1 of 2 layers here, 2 x 1 x
  ** 8 and 2 x 1 x 16 elements a token). */
  if (read_text("{\"num_hidden_layers\": 2, \"hidden_size\": 16, "
                "\"num_attention_heads\": 2, \"num_key_value_heads\": 1, "
                "\"head_dim\": 8, \"global_head_dim\": 16, "
                "\"intermediate_size\": 32, \"vocab_size\": 10, "
                "\"max_position_embeddings\": 64, \"sliding_window\": 64, "
                "\"layer_types\": [\"sliding_attention\", "
                "\"full_attention\"]}") == 0) {
    check_close("kinds kept under a window as long as the context",
                gpuadv_model_kv_gb(&model.def.shape, 10, 1, 1) * 1e9,
                10.0 * (2 * 8 + 2 * 16), 1e-9);
  } else {
    check_str("kinds config reads", err, "");
  }
  if (read_file("tests/configs/gemma-3-27b.json") == 0) {
    /* text_config, with vocab and context from Gemma3TextConfig's
    ** defaults; 62 layers, each 6th global: 52 local of 1024 tokens. */
    check_close("gemma-3 vocab default", model.def.vocab, 262208, 0);
    check_close("gemma-3 context default", model.def.context, 131072, 0);
    check_close("gemma-3 sliding layers", model.def.shape.sliding_layers, 52,
                0);
    check_close("gemma-3 window", model.def.shape.sliding_window, 1024, 0);
    check_close("gemma-3 KV of 4096 tokens",
                gpuadv_model_kv_gb(&model.def.shape, 4096, 1, 2) * 1e9,
                (10.0 * 4096 + 52.0 * 1024) * 2 * 16 * 128 * 2, 1e-3);
    check_str("gemma-3 family", model.family, "gemma");
    check_str("gemma-3 name", model.name, "gemma3");
  }
  if (read_file("tests/configs/deepseek-v3.json") == 0) {
    check_str("deepseek-v3 attention", model.attention, "mla");
    check_close("deepseek-v3 head_dim nope+rope", model.def.shape.head_dim, 192,
                0);
    check_close("deepseek-v3 kv_lora_rank", model.def.shape.kv_lora_rank, 512,
                0);
    check_close("deepseek-v3 experts", model.def.n_experts, 256, 0);
    check_close("deepseek-v3 intermediate per expert", model.def.intermediate,
                2048, 0);
    /* 3 dense layers of width 18432, 58 MoE layers. */
    check_close("deepseek-v3 dense mlp", model.params.mlp,
                3.0 * 3 * 7168 * 18432, 0);
    /* Each MoE layer: 256 routed and 1 shared expert of 3 x 7168 x 2048,
    ** the router 256 x 7168 and its bias of 256 (topk_method noaux_tc). */
    check_close("deepseek-v3 experts with router bias", model.params.experts,
                58.0 * (257.0 * 3 * 7168 * 2048 + 256.0 * 7168 + 256), 0);
  }
  if (read_file("tests/configs/gemma-3-27b.json") == 0) {
    /* SigLIP: patch convolution with bias, 64 x 64 position embeddings,
    ** 27 layers (q, k, v, o and fc1, fc2 with biases, two LayerNorms),
    ** post LayerNorm; the projection 1152 x 5376 and its RMSNorm. */
    check_close("gemma-3 vision tower", model.params.vision,
                3.0 * 14 * 14 * 1152 + 1152 + 64.0 * 64 * 1152 +
                    27.0 * (4 * (1152.0 * 1152 + 1152) + 2.0 * 1152 * 4304 +
                            4304 + 1152 + 4 * 1152) +
                    2 * 1152 + 1152.0 * 5376 + 1152,
                0);
    check_close("gemma-3 active without vision", model.params.active,
                model.params.total - model.params.vision, 0);
  }
  if (read_file("tests/configs/llama-4-scout.json") == 0) {
    /* Unfold linear, class and 577 position embeddings, two LayerNorms,
    ** 34 layers with biases, pixel-shuffle MLP 5632 -> 4096 -> 4096, and
    ** the projector 4096 x 5120. */
    check_close("llama-4 vision tower", model.params.vision,
                3.0 * 14 * 14 * 1408 + 1408 + 577.0 * 1408 + 4 * 1408 +
                    34.0 * (4 * (1408.0 * 1408 + 1408) + 2.0 * 1408 * 5632 +
                            5632 + 1408 + 4 * 1408) +
                    5632.0 * 4096 + 4096.0 * 4096 + 4096.0 * 5120,
                0);
  }
  if (read_file("tests/configs/kimi-linear-48b-a3b.json") == 0) {
    check_close("kimi-linear context from model_max_length", model.def.context,
                1048576, 0);
    check_close("kimi-linear experts per token", model.def.experts_per_token, 8,
                0);
    check_close("kimi-linear linear layers", model.def.shape.linear_layers, 20,
                0);
    /* num_shared_experts 1 of width 1024 beside 256 routed, router bias. */
    check_close("kimi-linear experts", model.params.experts,
                26.0 * (257.0 * 3 * 2304 * 1024 + 256.0 * 2304 + 256), 0);
  }
  if (read_file("tests/configs/deepseek-v4-flash.json") == 0) {
    /* Compressed attention: every layer's 128-token window of 512-wide
    ** entries, and 21 x (128 + 32) + 20 x 4 = 3440 elements per token. */
    check_str("deepseek-v4 attention", model.attention, "csa");
    check_close("deepseek-v4 compressed elems", model.def.shape.extra_kv_elems,
                21.0 * (512 / 4 + 128 / 4) + 20.0 * (512 / 128), 0);
    check_close("deepseek-v4 window layers", model.def.shape.sliding_layers, 43,
                0);
    /* the indexer picks index_topk 512 entries of 4 tokens: 2048 tokens of
    ** the 21 indexed layers' 512 / 4 elements a token */
    check_close("deepseek-v4 attn_topk", model.def.shape.attn_topk, 2048, 0);
    check_close("deepseek-v4 topk elems", model.def.shape.topk_kv_elems,
                21.0 * 512 / 4, 0);
    check_close("deepseek-v4 window", model.def.shape.sliding_window, 128, 0);
    check_close("deepseek-v4 entry",
                model.def.shape.kv_lora_rank + model.def.shape.qk_rope_head_dim,
                512, 0);
    /* at 1M tokens, 8 bits: the window once, the compressed part per token */
    check_close("deepseek-v4 kv at 1M tokens",
                gpuadv_model_kv_gb(&model.def.shape, 1048576, 1, 1),
                (43.0 * 512 * 128 + 3440.0 * 1048576) / 1e9, 1e-12);
  }
  if (read_file("tests/configs/mistral-large-3.json") == 0) {
    /* Mistral's params.json: dim, n_layers, hidden_dim, moe.* keys. */
    check_str("mistral-large-3 name", model.name, "mistral");
    check_str("mistral-large-3 attention", model.attention, "mla");
    check_close("mistral-large-3 hidden from dim", model.def.hidden, 7168, 0);
    check_close("mistral-large-3 experts from moe", model.def.n_experts, 128,
                0);
    check_close("mistral-large-3 top-k", model.def.experts_per_token, 4, 0);
    check_close("mistral-large-3 dense mlp from hidden_dim", model.params.mlp,
                3.0 * 3 * 7168 * 16384, 0);
    /* Pixtral: 48 layers of 1664 (gated MLP 8192, no biases), patch merger
    ** of 2 x 2 patches, adapter 1664 -> 7168 -> 7168. */
    check_close("mistral-large-3 vision tower", model.params.vision,
                3.0 * 14 * 14 * 1664 + 1664 +
                    48.0 * (4.0 * 1664 * 1664 + 3.0 * 1664 * 8192 + 2 * 1664) +
                    1664 + 4.0 * 1664 * 1664 + 1664.0 * 7168 + 7168.0 * 7168,
                0);
  }
  if (read_file("tests/configs/gpt-oss-120b.json") == 0) {
    check_close("gpt-oss sliding layers from layer_types",
                model.def.shape.sliding_layers, 18, 0);
    check_close("gpt-oss window", model.def.shape.sliding_window, 128, 0);
    /* OpenAI's 5.13B active leaves out the input embedding. */
    check_close("gpt-oss active less input embedding",
                (model.params.active - model.params.embeddings) / 1e9, 5.13,
                0.005);
  }
  if (read_file("tests/configs/qwen3-next-80b-a3b.json") == 0) {
    check_close("qwen3-next linear layers", model.def.shape.linear_layers, 36,
                0);
    check_close("qwen3-next state elems", model.def.shape.linear_state_elems,
                32.0 * 128 * 128 + 3.0 * (2 * 16 * 128 + 32 * 128), 0);
  }
  if (read_file("tests/configs/llama-4-scout.json") == 0) {
    check_close("llama-4 chunked layers", model.def.shape.sliding_layers, 36,
                0);
    check_close("llama-4 chunk", model.def.shape.sliding_window, 8192, 0);
    check_close("llama-4 experts", model.def.n_experts, 16, 0);
  }
  if (read_file("tests/configs/mistral-7b-v0.1.json") == 0) {
    check_close("mistral v0.1 every layer sliding",
                model.def.shape.sliding_layers, 32, 0);
  }
  if (read_file("tests/configs/qwen2.5-7b.json") == 0) {
    check_close("qwen2.5 use_sliding_window false",
                model.def.shape.sliding_layers, 0, 0);
  }
  if (read_file("tests/configs/phi-4-mini.json") == 0) {
    check_close("phi-4-mini window not used", model.def.shape.sliding_layers, 0,
                0);
    check_str("phi-4-mini name", model.name, "Phi-4-mini-instruct");
  }
}

/* Synthetic configs of the kinds without a fixture. */
static void test_synthetic(void) {
  /* Falcon-7B's keys: multi-query, 2-matrix MLP of 4 x hidden, tied,
  ** LayerNorm with bias (one per layer with parallel_attn). */
  const char *falcon =
      "{\"model_type\": \"falcon\", \"hidden_size\": 4544, "
      "\"num_attention_heads\": 71,"
      " \"num_hidden_layers\": 32, \"multi_query\": true, \"parallel_attn\": "
      "true,"
      " \"bias\": false, \"new_decoder_architecture\": false, \"vocab_size\": "
      "65024}";
  /* MiniMax-Text-01-like: attn_type_list, 0 = lightning attention. */
  const char *minimax =
      "{\"model_type\": \"minimax\", \"hidden_size\": 512, "
      "\"num_attention_heads\": 8,"
      " \"head_dim\": 64, \"num_key_value_heads\": 8, \"num_hidden_layers\": 4,"
      " \"intermediate_size\": 1024, \"vocab_size\": 1000,"
      " \"attn_type_list\": [0, 0, 0, 1]}";
  /* Kimi Linear-like: KDA layers with heads 4 x 32, MLA full layers. */
  const char *kimi =
      "{\"model_type\": \"kimi_linear\", \"hidden_size\": 256, "
      "\"num_attention_heads\": 4,"
      " \"num_hidden_layers\": 4, \"intermediate_size\": 512, \"vocab_size\": "
      "100,"
      " \"kv_lora_rank\": 64, \"qk_rope_head_dim\": 16, \"qk_nope_head_dim\": "
      "32,"
      " \"v_head_dim\": 32, \"q_lora_rank\": null,"
      " \"linear_attn_config\": {\"kda_layers\": [1, 2, 3], "
      "\"full_attn_layers\": [4],"
      " \"num_heads\": 4, \"head_dim\": 32, \"short_conv_kernel_size\": 4}}";
  const char *qwen_window =
      "{\"model_type\": \"qwen2\", \"hidden_size\": 64, "
      "\"num_attention_heads\": 4,"
      " \"num_hidden_layers\": 10, \"intermediate_size\": 128, \"vocab_size\": "
      "10,"
      " \"use_sliding_window\": true, \"sliding_window\": 32, "
      "\"max_window_layers\": 6,"
      " \"max_position_embeddings\": 4096}";

  check_str("falcon reads", read_text(falcon) == 0 ? "" : err, "");
  check_close("falcon kv heads", model.def.shape.kv_heads, 1, 0);
  check_close("falcon head_dim", model.def.shape.head_dim, 64, 0);
  check_close("falcon intermediate 4h", model.def.intermediate, 18176, 0);
  check_close("falcon context default", model.def.context, 2048, 0);
  /* 65024 x 4544 tied + 32 x (4544 x (4544 + 128) + 4544^2 + 2 x 4544 x
  ** 18176 + 2 x 4544) + 2 x 4544: 6.92B, the "7B" of the model card. */
  check_close("falcon total", model.params.total,
              65024.0 * 4544 +
                  32.0 * (4544.0 * 4672 + 4544.0 * 4544 + 2.0 * 4544 * 18176 +
                          2 * 4544) +
                  2 * 4544,
              0);

  check_str("minimax reads", read_text(minimax) == 0 ? "" : err, "");
  check_close("minimax linear layers", model.def.shape.linear_layers, 3, 0);
  check_close("minimax state", model.def.shape.linear_state_elems,
              8.0 * 64 * 64, 0);

  check_str("kimi linear reads", read_text(kimi) == 0 ? "" : err, "");
  check_close("kimi linear layers", model.def.shape.linear_layers, 3, 0);
  check_close("kimi state", model.def.shape.linear_state_elems,
              4.0 * 32 * 32 + 3.0 * 4 * 32 * 3, 0);
  /* One MLA layer of 64 + 16 elements, three KDA states. */
  check_close("kimi KV of 10 tokens",
              gpuadv_model_kv_gb(&model.def.shape, 10, 1, 1) * 1e9,
              80.0 * 10 + 3 * (4.0 * 32 * 32 + 3.0 * 4 * 32 * 3), 1e-6);

  {
    /* A vision tower of a kind the reader does not know: listed, not
    ** counted; the text model reads as without it. */
    const char *llava =
        "{\"model_type\": \"llava\", \"vision_config\": {\"model_type\":"
        " \"clip_vision_model\", \"hidden_size\": 1024}, \"text_config\":"
        " {\"model_type\": \"llama\", \"hidden_size\": 64, "
        "\"num_attention_heads\": 4,"
        " \"num_hidden_layers\": 2, \"intermediate_size\": 128, "
        "\"vocab_size\": 10}}";
    int i, found = 0;
    check_str("llava reads", read_text(llava) == 0 ? "" : err, "");
    check_close("llava vision not counted", model.params.vision, 0, 0);
    for (i = 0; i < model.n_rows; i++) {
      if (strcmp(model.rows[i].field, "params_vision") == 0) {
        found = 1;
        check_str(
            "llava vision row", model.rows[i].how,
            "a vision tower of model_type 'clip_vision_model' this reader "
            "does not count");
      }
    }
    check_close("llava vision row present", found, 1, 0);
  }

  {
    /* The shape keys of Mistral Small 3.1 (Mistral3ForConditionalGeneration,
    ** a Pixtral tower): 24,011,361,280 parameters in the checkpoint, as the
    ** Keras Hub preset mistral_small_3.1_24b_base_2503_en lists them. */
    const char *small31 =
        "{\"model_type\": \"mistral3\", \"spatial_merge_size\": 2,"
        " \"multimodal_projector_bias\": false, \"text_config\": "
        "{\"model_type\":"
        " \"mistral\", \"hidden_size\": 5120, \"num_hidden_layers\": 40,"
        " \"num_attention_heads\": 32, \"num_key_value_heads\": 8, "
        "\"head_dim\": 128,"
        " \"intermediate_size\": 32768, \"vocab_size\": 131072,"
        " \"max_position_embeddings\": 131072, \"sliding_window\": null},"
        " \"vision_config\": {\"model_type\": \"pixtral\", \"hidden_size\": "
        "1024,"
        " \"image_size\": 1540, \"intermediate_size\": 4096, "
        "\"num_attention_heads\": 16,"
        " \"num_hidden_layers\": 24, \"patch_size\": 14, \"head_dim\": 64}}";
    check_str("mistral small 3.1 reads", read_text(small31) == 0 ? "" : err,
              "");
    check_close("mistral small 3.1 total", model.params.total, 24011361280.0,
                0);
  }

  check_str("qwen sliding reads", read_text(qwen_window) == 0 ? "" : err, "");
  check_close("qwen layers past max_window_layers slide",
              model.def.shape.sliding_layers, 4, 0);
  check_close("qwen q/k/v biases", model.params.attention,
              10.0 * (4 * 64.0 * 64 + 3 * 64), 0);
}

/* Exact error texts. */
static void test_errors(void) {
  static const struct {
    const char *text, *want;
  } cases[] = {
      {"{\"num_hidden_layers\": 4, \"hidden_size\": 8, "
       "\"num_attention_heads\": 2, \"intermediate_size\": 16, "
       "\"vocab_size\": 10, \"num_kv_shared_layers\": 2}",
       "config: 'num_kv_shared_layers' needs 'layer_types', to know which "
       "kinds of layer share"},
      {"{\"num_hidden_layers\": 4, \"hidden_size\": 8, "
       "\"num_attention_heads\": 2, \"intermediate_size\": 16, "
       "\"vocab_size\": 10, \"sliding_window\": 4, \"layer_types\": "
       "[\"full_attention\", \"full_attention\", \"sliding_attention\", "
       "\"sliding_attention\"], \"num_kv_shared_layers\": 2}",
       "config: 'num_kv_shared_layers' (2) leaves no sliding layer its own "
       "cache"},
      {"{\"num_hidden_layers\": 2, \"hidden_size\": 8, "
       "\"num_attention_heads\": 2, \"intermediate_size\": 16, "
       "\"vocab_size\": 10, \"num_global_key_value_heads\": 4}",
       "config: 'num_global_key_value_heads' (4) is more than "
       "num_attention_heads (2)"},
      {"{\"num_hidden_layers\": 2, \"hidden_size\": 8, "
       "\"num_attention_heads\": 2, \"intermediate_size\": [16, 32], "
       "\"vocab_size\": 10}",
       "config: 'intermediate_size' must be a positive integer, got [16, 32]"},
      {"", "config: not valid JSON at byte 0: unexpected end of text"},
      {"{", "config: not valid JSON at byte 1: expected a key"},
      {"{\"a\" 1}", "config: not valid JSON at byte 5: expected ':'"},
      {"{\"a\": 1,}", "config: not valid JSON at byte 8: expected a key"},
      {"{\"a\": [1 2]}",
       "config: not valid JSON at byte 9: expected ',' or ']'"},
      {"{\"a\": 1e999}",
       "config: not valid JSON at byte 11: number out of range"},
      {"{\"a\": \"\\x\"}", "config: not valid JSON at byte 8: bad escape"},
      {"{\"a\": \"\\u12g4\"}",
       "config: not valid JSON at byte 11: bad \\u escape"},
      {"{\"a\": \"x", "config: not valid JSON at byte 8: unterminated string"},
      {"{\"a\": tru}", "config: not valid JSON at byte 6: unknown word"},
      {"{\"a\": 01}", "config: not valid JSON at byte 7: expected ',' or '}'"},
      {"{\"a\": -}", "config: not valid JSON at byte 7: expected a digit"},
      {"{} x", "config: not valid JSON at byte 3: text after the value"},
      {"[1]", "config: not a JSON object"},
      {"{}", "config: missing key 'num_hidden_layers'"},
      {"{\"text_config\": {\"num_hidden_layers\": 2}}",
       "config: missing key 'text_config.hidden_size'"},
      {"{\"num_hidden_layers\": 2, \"hidden_size\": 8, "
       "\"num_attention_heads\": 2,"
       " \"num_key_value_heads\": -2}",
       "config: 'num_key_value_heads' must be a positive integer, got -2"},
      {"{\"num_hidden_layers\": 2.5}",
       "config: 'num_hidden_layers' must be a positive integer, got 2.5"},
      {"{\"num_hidden_layers\": \"32\"}",
       "config: 'num_hidden_layers' must be a positive integer, got \"32\""},
      {"{\"num_hidden_layers\": 2, \"hidden_size\": 8, "
       "\"num_attention_heads\": 2,"
       " \"num_key_value_heads\": 4}",
       "config: 'num_key_value_heads' (4) is more than num_attention_heads "
       "(2)"},
      {"{\"num_hidden_layers\": 2, \"hidden_size\": 9, "
       "\"num_attention_heads\": 2,"
       " \"vocab_size\": 10, \"intermediate_size\": 8}",
       "config: no 'head_dim', and hidden_size 9 is not a multiple of "
       "num_attention_heads 2"},
      {"{\"num_hidden_layers\": 2, \"hidden_size\": 8, "
       "\"num_attention_heads\": 2,"
       " \"vocab_size\": 10}",
       "config: missing key 'intermediate_size'"},
      {"{\"num_hidden_layers\": 2, \"hidden_size\": 8, "
       "\"num_attention_heads\": 2,"
       " \"vocab_size\": 10, \"intermediate_size\": 8, \"num_local_experts\": "
       "4,"
       " \"num_experts_per_tok\": 5}",
       "config: 'num_experts_per_tok' (5) is more than the 4 routed experts"},
      /* Found by fuzz_config: the missing key was quoted from an
    ** uninitialised buffer. */
      {"{\"num_hidden_layers\": 2, \"hidden_size\": 8, "
       "\"num_attention_heads\": 2,"
       " \"vocab_size\": 10, \"num_local_experts\": 4, "
       "\"num_experts_per_tok\": 2}",
       "config: missing key 'intermediate_size'"},
      {"{\"text_config\": {\"num_hidden_layers\": 2, \"hidden_size\": 8,"
       " \"num_attention_heads\": 2, \"vocab_size\": 10, "
       "\"num_local_experts\": 4,"
       " \"num_experts_per_tok\": 2}}",
       "config: missing key 'text_config.intermediate_size'"},
      {"{\"num_hidden_layers\": 2, \"hidden_size\": 8, "
       "\"num_attention_heads\": 2,"
       " \"vocab_size\": 10, \"intermediate_size\": 8,"
       " \"layer_types\": [\"full_attention\"]}",
       "config: 'layer_types' has 1 entries, 'num_hidden_layers' is 2"},
      {"{\"num_hidden_layers\": 2, \"hidden_size\": 8, "
       "\"num_attention_heads\": 2,"
       " \"vocab_size\": 10, \"intermediate_size\": 8, "
       "\"tie_word_embeddings\": 1}",
       "config: 'tie_word_embeddings' must be true or false, got 1"},
      {"{\"model_type\": \"gemma3\", \"vision_config\": {\"hidden_size\": -1},"
       " \"text_config\": {\"model_type\": \"gemma3_text\", "
       "\"num_hidden_layers\": 2,"
       " \"hidden_size\": 8, \"num_attention_heads\": 2, "
       "\"intermediate_size\": 8}}",
       "config: 'vision_config.hidden_size' must be a positive integer, got "
       "-1"},
      {"{\"model_type\": \"gemma3\", \"vision_config\": {\"vision_use_head\": "
       "1},"
       " \"text_config\": {\"model_type\": \"gemma3_text\", "
       "\"num_hidden_layers\": 2,"
       " \"hidden_size\": 8, \"num_attention_heads\": 2, "
       "\"intermediate_size\": 8}}",
       "config: 'vision_config.vision_use_head' must be true or false, got 1"},
      /* 0 experts: no dense Mixtral or DeepSeek, whose MoE blocks
      ** transformers builds whatever the count. */
      {"{\"num_hidden_layers\": 2, \"hidden_size\": 8, "
       "\"num_attention_heads\": 2,"
       " \"vocab_size\": 10, \"intermediate_size\": 8, \"num_local_experts\": "
       "0}",
       "config: 'num_local_experts' must be a positive integer, got 0 (a "
       "dense model leaves it out)"},
      {"{\"text_config\": {\"num_hidden_layers\": 2, \"hidden_size\": 8,"
       " \"num_attention_heads\": 2, \"vocab_size\": 10, "
       "\"intermediate_size\": 8, \"n_routed_experts\": 0}}",
       "config: 'text_config.n_routed_experts' must be a positive integer, got "
       "0 (a dense model leaves it out)"},
      {"{\"num_hidden_layers\": 2000000000, \"hidden_size\": 2000000000,"
       " \"num_attention_heads\": 2, \"vocab_size\": 10, "
       "\"intermediate_size\": 8}",
       "config: the shape gives 3.2e+19 billion parameters, more than 100000"},
      /* Nemotron-H's pattern: one letter per block, and as many blocks
      ** as num_hidden_layers. */
      {"{\"num_hidden_layers\": 3, \"hidden_size\": 8,"
       " \"num_attention_heads\": 2, \"vocab_size\": 10, "
       "\"intermediate_size\": 8, \"hybrid_override_pattern\": \"M*X\"}",
       "config: 'hybrid_override_pattern' may hold only M, *, E and -"},
      {"{\"num_hidden_layers\": 3, \"hidden_size\": 8,"
       " \"num_attention_heads\": 2, \"vocab_size\": 10, "
       "\"intermediate_size\": 8, \"hybrid_override_pattern\": \"M*\"}",
       "config: 'hybrid_override_pattern' has 2 blocks, num_hidden_layers 3"},
      {"{\"num_hidden_layers\": 2, \"hidden_size\": 8,"
       " \"num_attention_heads\": 2, \"vocab_size\": 10, "
       "\"intermediate_size\": 8, \"hybrid_override_pattern\": \"M-\"}",
       "config: missing key 'mamba_num_heads'"},
      /* Kimi K3's latent: routed experts to work in, no wider than hidden */
      {"{\"num_hidden_layers\": 2, \"hidden_size\": 8,"
       " \"num_attention_heads\": 2, \"vocab_size\": 10, "
       "\"intermediate_size\": 8, \"routed_expert_hidden_size\": 4}",
       "config: 'routed_expert_hidden_size' (4) needs routed experts and at "
       "most hidden_size (8)"},
      /* DeepSeek-V4: only the ratios its code knows */
      {"{\"num_hidden_layers\": 2, \"hidden_size\": 8,"
       " \"num_attention_heads\": 2, \"vocab_size\": 10, "
       "\"intermediate_size\": 8, \"head_dim\": 8, \"qk_rope_head_dim\": 2,"
       " \"q_lora_rank\": 4, \"o_groups\": 2, \"o_lora_rank\": 4,"
       " \"sliding_window\": 4, \"index_n_heads\": 2, \"index_head_dim\": 4,"
       " \"hc_mult\": 2, \"compress_ratios\": [4, 8]}",
       "config: 'compress_ratios' entry 1 must be 0, 4 or 128 (the ratios of "
       "DeepSeek-V4's code), got 8"},
      {"{\"num_hidden_layers\": 2, \"hidden_size\": 8,"
       " \"num_attention_heads\": 2, \"vocab_size\": 10, "
       "\"intermediate_size\": 8, \"compress_ratios\": [4]}",
       "config: 'compress_ratios' has 1 entries, fewer than num_hidden_layers "
       "2"},
  };
  size_t i;
  for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
    char name[96];
    int rc = read_text(cases[i].text);
    snprintf(name, sizeof(name), "error %d: %.40s", (int)i, cases[i].want);
    check_str(name, rc == -1 ? err : "(no error)", cases[i].want);
  }
  /* Escapes in keys are decoded: \u0068 is 'h'. */
  check_str("escaped key",
            read_text("{\"num_hidden_layers\": 1, \"\\u0068idden_size\": 8,"
                      " \"num_attention_heads\": 2, \"vocab_size\": 4,"
                      " \"intermediate_size\": 8}") == 0
                ? ""
                : err,
            "");
  /* A key given twice takes its last value, as json.loads does: 4
  ** layers, not 2. */
  check_str(
      "duplicate key read",
      read_text("{\"num_hidden_layers\": 2, \"hidden_size\": 8,"
                " \"num_attention_heads\": 2, \"vocab_size\": 10,"
                " \"intermediate_size\": 8, \"num_hidden_layers\": 4}") == 0
          ? ""
          : err,
      "");
  check_close("duplicate key: last wins", model.def.shape.layers, 4, 0);
  /* num_experts 0 is Qwen2-MoE's dense model: no routed experts. */
  check_str(
      "num_experts 0 read",
      read_text("{\"model_type\": \"qwen2_moe\", \"num_hidden_layers\": 2,"
                " \"hidden_size\": 8, \"num_attention_heads\": 2,"
                " \"vocab_size\": 10, \"intermediate_size\": 8,"
                " \"num_experts\": 0}") == 0
          ? ""
          : err,
      "");
  check_close("num_experts 0: dense", model.def.n_experts, 0, 0);
  {
    /* 33 nested arrays inside the object: one level too deep. */
    char deep[128];
    int k, n = 0;
    n += sprintf(deep + n, "{\"a\": ");
    for (k = 0; k < 32; k++) deep[n++] = '[';
    deep[n] = 0;
    read_text(deep);
    check_str(
        "depth limit", err,
        "config: not valid JSON at byte 37: nested more than 32 levels deep");
  }
  {
    static char big[GPUADV_CONFIG_MAX_BYTES + 2];
    memset(big, ' ', sizeof(big));
    big[0] = '{';
    gpuadv_config_read(big, (int)sizeof(big), &model, err, sizeof(err));
    check_str("size limit", err,
              "config: 1048578 bytes, more than the 1048576 a config may have");
  }
  check_close("is_json after blanks", gpuadv_config_is_json(" \n\t{", 4), 1, 0);
  /* A byte-order mark is skipped: the text is a config, not a model name,
  ** and offsets in messages count its 3 bytes. */
  check_close("is_json after a BOM", gpuadv_config_is_json("\xEF\xBB\xBF{", 4),
              1, 0);
  check_str(
      "BOM read",
      read_text("\xEF\xBB\xBF{\"num_hidden_layers\": 2, \"hidden_size\": 8,"
                " \"num_attention_heads\": 2, \"vocab_size\": 10,"
                " \"intermediate_size\": 8}") == 0
          ? ""
          : err,
      "");
  check_close("BOM layers", model.def.shape.layers, 2, 0);
  read_text("\xEF\xBB\xBF{\"a\": 1,}");
  check_str("BOM offsets", err,
            "config: not valid JSON at byte 11: expected a key");
  check_close("is_json name", gpuadv_config_is_json("llama-3.1-8b", 12), 0, 0);
  check_close("is_json empty", gpuadv_config_is_json("  ", 2), 0, 0);
}

static const unit_test_fn tests[] = {test_fixtures, test_fields, test_synthetic,
                                     test_errors};

int main(void) {
  return unit_run(tests, UNIT_COUNT(tests));
}
