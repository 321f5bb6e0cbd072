/*
** gpuadv_config.h: a model from the text of its Hugging Face config.json,
** free of SQLite.
**
**   gpuadv_config_model m;
**   char err[GPUADV_CONFIG_ERR_MAX];
**   if (gpuadv_config_read(text, n_text, &m, err, sizeof(err)) != 0) {
**     puts(err);      // "config: missing key 'num_hidden_layers'"
**   } else {
**     printf("%.2f B parameters\n", m.def.params_b);
**   }
**
** Two parts, both in gpuadv_config.c:
**
**   - a small JSON reader: objects, arrays, strings with every escape,
**     numbers, true, false, null. Bounded: at most GPUADV_CONFIG_MAX_BYTES
**     of input, GPUADV_JSON_MAX_DEPTH levels of nesting, one allocation of
**     one node per value (counted by a first pass), no recursion deeper
**     than the nesting limit. A UTF-8 byte-order mark before the text is
**     skipped; a key given twice in one object takes its last value, as
**     Python's json module, and so transformers, reads it;
**   - an interpreter of the keys that Hugging Face transformers' config
**     classes read, into a gpuadv_model_def (ext/gpuadv_math.h) with the
**     same conventions as the models catalog (catalogs/models.md), and a
**     parameter count computed from the shapes.
**
** What is read, by architecture (a Mistral params.json, the only config of
** Mistral Large 3, is read under its own names: dim, n_layers, n_heads,
** n_kv_heads, hidden_dim, tied_embeddings, and the moe object's
** num_experts, num_experts_per_tok, expert_hidden_dim, num_shared_experts,
** first_k_dense_replace, route_every_n):
**   dense       hidden_size, num_hidden_layers, num_attention_heads,
**               num_key_value_heads (absent: MHA), head_dim (absent:
**               hidden / heads), intermediate_size, vocab_size,
**               max_position_embeddings (Kimi Linear: model_max_length),
**               tie_word_embeddings,
**               attention_bias, mlp_bias; Gemma 3 and Llama 4 read inside
**               text_config; Falcon's multi_query and parallel_attn;
**   MoE         num_local_experts | num_experts | n_routed_experts (0
**               experts: dense under num_experts, as in Qwen2-MoE and
**               Qwen3-MoE, an error under the other two, whose models
**               build MoE blocks whatever the count),
**               num_experts_per_tok | num_experts_per_token,
**               moe_intermediate_size, n_shared_experts | num_shared_experts,
**               shared_expert_intermediate_size, the routing bias
**               (topk_method noaux_tc, a sigmoid moe_router_activation_func,
**               use_routing_bias, GLM-4.5),
**               first_k_dense_replace, moe_layer_freq, decoder_sparse_step,
**               mlp_only_layers, interleave_moe_layer_step,
**               intermediate_size_mlp;
**   MLA         kv_lora_rank, q_lora_rank, qk_rope_head_dim,
**               qk_nope_head_dim, v_head_dim;
**   windows     sliding_window with layer_types, Gemma 2's alternation,
**               Gemma 3's sliding_window_pattern, use_sliding_window and
**               max_window_layers (Qwen), Mistral's all-layer window,
**               Llama 4's attention_chunk_size on its RoPE layers;
**   hybrid      layer_types "linear_attention" or full_attention_interval
**               with the Gated DeltaNet keys (Qwen3-Next), Kimi Linear's
**               linear_attn_config, MiniMax-01's attn_type_list;
**   vision      vision_config (vision_encoder in a params.json) of Llama 4,
**               Gemma 3 (SigLIP) and Mistral 3 / Mistral Large 3 (Pixtral):
**               hidden_size, intermediate_size, num_hidden_layers,
**               num_channels, image_size, patch_size and the projector keys.
**               Other vision towers are named in model_config, not counted.
**
** Parameters are counted as the checkpoints hold them: embeddings, the
** attention projections (with their biases where the config or the
** architecture has them), MLP or experts with the router (and its bias)
** and any shared expert, norms, the LM head unless tied, and the vision
** tower with its projector. Multi-token-prediction layers
** (num_nextn_predict_layers, mtp_*) are not counted, as in the published
** totals. Active parameters are the total less the routed experts a token
** does not use and less the vision tower, which text tokens do not run.
*/
#ifndef GPUADV_CONFIG_H
#define GPUADV_CONFIG_H

#include "gpuadv_math.h"

/* Longest config text read. The largest real config.json files are tens
** of KB (Phi-3's LongRoPE factor lists, Gemma 3's vision block); 1 MiB is
** far above any. */
#define GPUADV_CONFIG_MAX_BYTES (1 << 20)

/* Deepest nesting of arrays and objects. Real configs nest 3 levels
** (text_config.rope_scaling.long_factor); 32 leaves room and bounds the
** reader's recursion. */
#define GPUADV_JSON_MAX_DEPTH 32

/* Room for an error message, "config: ..." with a quoted key and value. */
#define GPUADV_CONFIG_ERR_MAX 200

/* Rows of the explanation (model_config): the fields of the definition
** and the parameter breakdown. */
#define GPUADV_CONFIG_MAX_ROWS 48

/* One derived field: its value, the keys it comes from, and how. */
typedef struct gpuadv_config_row {
  const char *field; /* static name, e.g. "kv_heads" */
  int is_text;       /* 1: text holds the value; 0: value does */
  double value;
  char text[96];
  char from[96]; /* "num_key_value_heads", "" when from no key */
  char how[224]; /* one sentence */
} gpuadv_config_row;

/* Parameter counts (whole parameters, not billions). */
typedef struct gpuadv_config_params {
  double embeddings;       /* input embedding */
  double attention;        /* full-attention layers: projections, biases */
  double linear_attention; /* linear-attention layers of hybrid models */
  double mlp;              /* dense MLP layers */
  double experts;          /* MoE layers: routed + shared experts, router */
  double norms;            /* every norm weight (and bias) */
  double lm_head;          /* output projection; 0 when tied */
  double vision;           /* vision tower and projector; 0 when none */
  double per_layer;        /* Gemma 3n: per-layer input embeddings and
                           ** projections, AltUp, LAuReL; 0 when none */
  double total, active;    /* active: per token */
} gpuadv_config_params;

typedef struct gpuadv_config_model {
  gpuadv_model_def def; /* what the estimates read */
  char name[96];        /* _name_or_path, else model_type */
  char family[32];      /* vendor family, as the catalog's column */
  char attention[8];    /* mha, gqa, mqa or mla */
  gpuadv_config_params params;
  int n_rows;
  gpuadv_config_row rows[GPUADV_CONFIG_MAX_ROWS];
} gpuadv_config_model;

/* 1 when the first byte of z[0..n) that is not JSON white space is '{':
** the text is a config rather than a catalog name. */
int gpuadv_config_is_json(const char *z, int n);

/* Read the n bytes of z as a config.json. Returns 0 and fills *out; or
** -1 with a NUL-terminated "config: ..." message in err (n_err bytes);
** or -2 when memory ran out. */
int gpuadv_config_read(const char *z, int n, gpuadv_config_model *out,
                       char *err, int n_err);

#endif /* GPUADV_CONFIG_H */
