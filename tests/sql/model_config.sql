-- Models given as config.json text: the model_* functions, model_spec()
-- and model_config() on configs written inline (the test host has no
-- readfile(); tests/config/test_config_sql.sh reads the real files of
-- tests/configs/ through the shell). Every line must print `<name>|1`.
PRAGMA trusted_schema = OFF;
CREATE TABLE cfg(name TEXT PRIMARY KEY, text TEXT);
-- Llama-3.1-8B's shape keys, as in its config.json.
INSERT INTO cfg VALUES ('llama8b', '{"architectures": ["LlamaForCausalLM"], "attention_bias": false, "hidden_size": 4096, "intermediate_size": 14336, "max_position_embeddings": 131072, "model_type": "llama", "num_attention_heads": 32, "num_hidden_layers": 32, "num_key_value_heads": 8, "rope_scaling": {"factor": 8.0, "rope_type": "llama3"}, "tie_word_embeddings": false, "vocab_size": 128256}');
-- Mixtral-8x7B's.
INSERT INTO cfg VALUES ('mixtral', '{"model_type": "mixtral", "hidden_size": 4096, "intermediate_size": 14336, "max_position_embeddings": 32768, "num_attention_heads": 32, "num_experts_per_tok": 2, "num_hidden_layers": 32, "num_key_value_heads": 8, "num_local_experts": 8, "sliding_window": null, "tie_word_embeddings": false, "vocab_size": 32000}');
-- A tiny hybrid: 4 layers, every 2nd full attention, Gated DeltaNet
-- state 2 x 8 x 8 + 3 x (2 x 1 x 8 + 2 x 8) = 224 elements per layer.
INSERT INTO cfg VALUES ('hybrid', '{"_name_or_path": "tiny-next", "model_type": "qwen3_next", "hidden_size": 64, "num_attention_heads": 4, "num_key_value_heads": 1, "head_dim": 16, "num_hidden_layers": 4, "intermediate_size": 128, "vocab_size": 100, "full_attention_interval": 2, "linear_num_key_heads": 1, "linear_num_value_heads": 2, "linear_key_head_dim": 8, "linear_value_head_dim": 8, "linear_conv_kernel_dim": 4}');
-- Qwen3.5-397B-A17B's text_config shape keys (held back from the catalog
-- row's derivation): 60 layers, every 4th full attention, so 45 Gated
-- DeltaNet layers of state 64 x 128 x 128 + 3 x (2 x 16 x 128 + 64 x 128)
-- = 1048576 + 36864 = 1085440 elements; 15 attention layers of 2 KV heads
-- x 256; 512 routed experts, top-10, and one shared expert, all 1024 wide.
INSERT INTO cfg VALUES ('qwen35', '{"architectures": ["Qwen3_5MoeForConditionalGeneration"], "model_type": "qwen3_5_moe", "tie_word_embeddings": false, "text_config": {"model_type": "qwen3_5_moe_text", "hidden_size": 4096, "num_hidden_layers": 60, "layer_types": ["linear_attention", "linear_attention", "linear_attention", "full_attention", "linear_attention", "linear_attention", "linear_attention", "full_attention", "linear_attention", "linear_attention", "linear_attention", "full_attention", "linear_attention", "linear_attention", "linear_attention", "full_attention", "linear_attention", "linear_attention", "linear_attention", "full_attention", "linear_attention", "linear_attention", "linear_attention", "full_attention", "linear_attention", "linear_attention", "linear_attention", "full_attention", "linear_attention", "linear_attention", "linear_attention", "full_attention", "linear_attention", "linear_attention", "linear_attention", "full_attention", "linear_attention", "linear_attention", "linear_attention", "full_attention", "linear_attention", "linear_attention", "linear_attention", "full_attention", "linear_attention", "linear_attention", "linear_attention", "full_attention", "linear_attention", "linear_attention", "linear_attention", "full_attention", "linear_attention", "linear_attention", "linear_attention", "full_attention", "linear_attention", "linear_attention", "linear_attention", "full_attention"], "full_attention_interval": 4, "num_attention_heads": 32, "num_key_value_heads": 2, "head_dim": 256, "attn_output_gate": true, "linear_num_key_heads": 16, "linear_num_value_heads": 64, "linear_key_head_dim": 128, "linear_value_head_dim": 128, "linear_conv_kernel_dim": 4, "num_experts": 512, "num_experts_per_tok": 10, "moe_intermediate_size": 1024, "shared_expert_intermediate_size": 1024, "vocab_size": 248320, "max_position_embeddings": 262144, "tie_word_embeddings": false}}');
-- Nemotron 3 Nano's config.json shape keys (nemotron_h): 52 blocks in
-- hybrid_override_pattern, 23 Mamba-2 (M), 6 attention (*), 23 MoE (E).
-- Mamba-2 state per layer: 64 heads x 64 x 128 = 524288, plus the conv
-- state 3 x (64 x 64 + 2 x 8 x 128) = 18432: 542720 elements.
INSERT INTO cfg VALUES ('nemotron', '{"architectures": ["NemotronHForCausalLM"], "attention_bias": false, "chunk_size": 128, "conv_kernel": 4, "expand": 2, "head_dim": 128, "hidden_size": 2688, "hybrid_override_pattern": "MEMEM*EMEMEM*EMEMEM*EMEMEM*EMEMEM*EMEMEMEM*EMEMEMEME", "intermediate_size": 1856, "layer_norm_epsilon": 1e-05, "mamba_head_dim": 64, "mamba_hidden_act": "silu", "mamba_num_heads": 64, "mamba_proj_bias": false, "mamba_ssm_cache_dtype": "float32", "max_position_embeddings": 262144, "mlp_bias": false, "mlp_hidden_act": "relu2", "model_type": "nemotron_h", "moe_intermediate_size": 1856, "moe_shared_expert_intermediate_size": 3712, "n_group": 1, "n_groups": 8, "n_routed_experts": 128, "n_shared_experts": 1, "norm_topk_prob": true, "num_attention_heads": 32, "num_experts_per_tok": 6, "num_hidden_layers": 52, "num_key_value_heads": 2, "rope_theta": 10000, "routed_scaling_factor": 2.5, "sliding_window": null, "ssm_state_size": 128, "tie_word_embeddings": false, "topk_group": 1, "use_conv_bias": true, "vocab_size": 131072}');
-- A tiny Gemma 4-style model with Gemma 3n-style sharing: 6 layers (2
-- sliding, 1 full, twice), the full ones with 1 KV head of 64 beside the
-- sliding ones' 2 of 16, and the last 2 layers (1 sliding, 1 full)
-- sharing earlier caches: 3 sliding layers of 2 x 2 x 16 = 64 elements a
-- token (at most the 8-token window) and 1 full layer of 2 x 1 x 64 = 128.
INSERT INTO cfg VALUES ('layerkinds', '{"model_type": "gemma4_text", "hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 16, "num_global_key_value_heads": 1, "global_head_dim": 64, "attention_k_eq_v": true, "num_hidden_layers": 6, "layer_types": ["sliding_attention", "sliding_attention", "full_attention", "sliding_attention", "sliding_attention", "full_attention"], "sliding_window": 8, "vocab_size": 100, "max_position_embeddings": 1024, "num_kv_shared_layers": 2}');
CREATE VIEW cfg_spec AS SELECT c.name AS cfg, m.* FROM cfg c JOIN model_spec(c.text) m;

-- model_* functions: a config gives what its catalog row gives.
SELECT 'cfg-kv-llama', model_kv_gb((SELECT text FROM cfg WHERE name = 'llama8b'), 8192, 4) = model_kv_gb('llama-3.1-8b', 8192, 4);
SELECT 'cfg-kv-bytes-per-token', model_kv_gb((SELECT text FROM cfg WHERE name = 'llama8b'), 1) * 1e9 = 131072.0;
SELECT 'cfg-weights-llama', abs(model_weights_gb((SELECT text FROM cfg WHERE name = 'llama8b'), 'bf16') - 16.060522496) < 1e-9;
SELECT 'cfg-decode-near-catalog', abs(model_decode_tps((SELECT text FROM cfg WHERE name = 'llama8b'), 'h100-sxm', 'fp8', 1, 1024) / model_decode_tps('llama-3.1-8b', 'h100-sxm', 'fp8', 1, 1024) - 1) < 1e-4;
-- The config's active parameters (12.879925248B) are below the catalog's
-- published 12.9B: its prefill is faster, by less than the ratio of the
-- matmul parameters (active less the 32000 x 4096 input embedding), since
-- the attention FLOP are the same in both. A 4096-token prompt, whose
-- matmuls take longer than reading the weights once (at 512 tokens, reading
-- every expert of the 46.7B takes longer than the matmuls: the floor).
SELECT 'cfg-prefill-mixtral', (SELECT r > 1 AND r < (12.9 - 0.131072) / (12.879925248 - 0.131072) FROM (SELECT model_prefill_tps((SELECT text FROM cfg WHERE name = 'mixtral'), 'h100-sxm', 'bf16', 1, 4096) / model_prefill_tps('mixtral-8x7b', 'h100-sxm', 'bf16', 1, 4096) AS r));
SELECT 'cfg-blob-like-text', model_kv_gb(CAST((SELECT text FROM cfg WHERE name = 'llama8b') AS BLOB), 100) = model_kv_gb((SELECT text FROM cfg WHERE name = 'llama8b'), 100);
SELECT 'cfg-leading-blanks', model_kv_gb(char(10, 32, 9) || (SELECT text FROM cfg WHERE name = 'llama8b'), 1) * 1e9 = 131072.0;
SELECT 'cfg-null-model', model_kv_gb(NULL, 1) IS NULL;
SELECT 'cfg-hybrid-state', model_kv_gb((SELECT text FROM cfg WHERE name = 'hybrid'), 0, 1, 'fp32') * 1e9 = 2 * 224 * 4.0;
SELECT 'cfg-hybrid-kv', model_kv_gb((SELECT text FROM cfg WHERE name = 'hybrid'), 10, 1, 'fp32') * 1e9 = (2 * 224 + 2 * 2 * 1 * 16 * 10) * 4.0;

-- model_spec: one row, the catalog's columns.
SELECT 'spec-llama-shape', (SELECT layers = 32 AND hidden = 4096 AND intermediate = 14336 AND heads = 32 AND kv_heads = 8 AND head_dim = 128 AND vocab = 128256 AND context = 131072 AND attention = 'gqa' FROM cfg_spec WHERE cfg = 'llama8b');
SELECT 'spec-llama-params', (SELECT params_b = 8.030261248 AND active_params_b = params_b FROM cfg_spec WHERE cfg = 'llama8b');
SELECT 'spec-llama-nulls', (SELECT kv_lora_rank IS NULL AND n_experts IS NULL AND sliding_window IS NULL AND linear_layers IS NULL FROM cfg_spec WHERE cfg = 'llama8b');
SELECT 'spec-name-model-type', (SELECT name = 'llama' AND family = 'llama' FROM cfg_spec WHERE cfg = 'llama8b');
SELECT 'spec-name-or-path', (SELECT name = 'tiny-next' AND family = 'qwen' FROM cfg_spec WHERE cfg = 'hybrid');
SELECT 'spec-mixtral-moe', (SELECT n_experts = 8 AND experts_per_token = 2 AND abs(params_b - 46.702792704) < 1e-9 AND abs(active_params_b - 12.879925248) < 1e-9 FROM cfg_spec WHERE cfg = 'mixtral');
SELECT 'spec-hybrid-linear', (SELECT linear_layers = 2 AND linear_state_elems = 224 FROM cfg_spec WHERE cfg = 'hybrid');
SELECT 'spec-qwen35-hybrid', (SELECT layers = 60 AND linear_layers = 45 AND linear_state_elems = 1085440 AND n_experts = 512 AND experts_per_token = 10 AND intermediate = 1024 AND kv_heads = 2 AND head_dim = 256 AND context = 262144 FROM cfg_spec WHERE cfg = 'qwen35');
-- State alone (0 tokens): 45 x 1085440 x 2 bytes; each token adds
-- 15 layers x 2 (K, V) x 2 heads x 256 x 2 bytes = 30720 bytes.
SELECT 'cfg-qwen35-state', model_kv_gb((SELECT text FROM cfg WHERE name = 'qwen35'), 0, 1, 'bf16') * 1e9 = 45 * 1085440 * 2.0;
SELECT 'cfg-qwen35-kv', abs(model_kv_gb((SELECT text FROM cfg WHERE name = 'qwen35'), 1000, 1, 'bf16') * 1e9 - (45 * 1085440 * 2.0 + 1000 * 30720.0)) < 0.5;
SELECT 'cfg-qwen35-catalog', model_kv_gb((SELECT text FROM cfg WHERE name = 'qwen35'), 8192) = model_kv_gb('qwen3.5-397b-a17b', 8192);
-- Weights within 1% of Qwen's 397B total (the count leaves out the vision
-- tower and the MTP layer) and within 3% of its 17B active; the output
-- gate (attn_output_gate) doubles q_proj: 15 x 4096 x 8192 more.
SELECT 'spec-qwen35-params', (SELECT abs(params_b / 397.0 - 1) < 0.01 AND abs(active_params_b / 17.0 - 1) < 0.03 FROM cfg_spec WHERE cfg = 'qwen35');
SELECT 'spec-qwen35-gate', abs((SELECT params_b FROM model_spec(replace((SELECT text FROM cfg WHERE name = 'qwen35'), '"attn_output_gate": true', '"attn_output_gate": false'))) - (SELECT params_b - 15 * 4096 * 8192 / 1e9 FROM cfg_spec WHERE cfg = 'qwen35')) < 1e-9;
-- The shape counts the 29 mixer blocks as layers, so that layers less
-- the 23 Mamba-2 layers are the 6 attention layers with a KV cache.
SELECT 'spec-nemotron-hybrid', (SELECT layers = 29 AND linear_layers = 23 AND linear_state_elems = 542720 AND n_experts = 128 AND experts_per_token = 6 AND intermediate = 1856 AND kv_heads = 2 AND head_dim = 128 AND family = 'nemotron' FROM cfg_spec WHERE cfg = 'nemotron');
-- State alone: 23 x 542720 x 2 bytes; each token adds 6 x 2 x 2 x 128 x 2.
SELECT 'cfg-nemotron-state', abs(model_kv_gb((SELECT text FROM cfg WHERE name = 'nemotron'), 0, 1, 'bf16') * 1e9 - 23 * 542720 * 2.0) < 0.5;
SELECT 'cfg-nemotron-kv', abs(model_kv_gb((SELECT text FROM cfg WHERE name = 'nemotron'), 1000, 1, 'bf16') * 1e9 - (23 * 542720 * 2.0 + 1000 * 6144.0)) < 0.5;
SELECT 'cfg-nemotron-catalog', model_kv_gb((SELECT text FROM cfg WHERE name = 'nemotron'), 8192) = model_kv_gb('nemotron-3-nano-30b-a3b', 8192);
-- Weights by hand: embeddings and LM head 2 x 131072 x 2688; 6 attention
-- layers of 2688 x 4096 x 2 + 2 x 2688 x 256; 23 Mamba-2 layers of
-- 2688 x (2 x 4096 + 2 x 8 x 128 + 64) + 6144 x 5 + 3 x 64 + 4096 + 4096 x 2688;
-- 23 MoE blocks of 128 ungated experts 2 x 2688 x 1856, a shared one of
-- 2 x 2688 x 3712 and a router 128 x 2688; 53 norms of 2688.
SELECT 'spec-nemotron-params', (SELECT params_b * 1e9 = 2 * 131072 * 2688 + 6 * (2688 * 4096 * 2 + 2 * 2688 * 256) + 23 * (2688 * (2 * 4096 + 2 * 8 * 128 + 64) + 6144 * 5 + 3 * 64 + 4096 + 4096 * 2688) + 23 * (128 * 2 * 2688 * 1856 + 2 * 2688 * 3712 + 128 * 2688) + 53 * 2688 FROM cfg_spec WHERE cfg = 'nemotron');
SELECT 'spec-nemotron-active', (SELECT abs((params_b - active_params_b) * 1e9 - 23 * 122 * 2 * 2688 * 1856) < 1 FROM cfg_spec WHERE cfg = 'nemotron');
SELECT 'spec-catalog-row', (SELECT count(*) FROM model_spec('mixtral-8x7b') s JOIN models m ON m.name = s.name AND m.family IS s.family AND m.params_b IS s.params_b AND m.active_params_b IS s.active_params_b AND m.layers IS s.layers AND m.hidden IS s.hidden AND m.intermediate IS s.intermediate AND m.heads IS s.heads AND m.kv_heads IS s.kv_heads AND m.head_dim IS s.head_dim AND m.vocab IS s.vocab AND m.context IS s.context AND m.attention IS s.attention AND m.kv_lora_rank IS s.kv_lora_rank AND m.n_experts IS s.n_experts AND m.experts_per_token IS s.experts_per_token AND m.sliding_window IS s.sliding_window AND m.linear_layers IS s.linear_layers) = 1;
SELECT 'spec-join-names-and-configs', (SELECT count(*) FROM (SELECT 'deepseek-v3' AS model UNION ALL SELECT text FROM cfg) w JOIN model_spec(w.model) m) = 1 + (SELECT count(*) FROM cfg);
SELECT 'spec-join-column-order', (SELECT group_concat(m.layers) FROM (SELECT 1 AS k, 'llama-3.1-70b' AS model UNION ALL SELECT 2, text FROM cfg WHERE name = 'mixtral') w JOIN model_spec(w.model) m ORDER BY w.k) = '80,32';
SELECT 'spec-null-no-row', (SELECT count(*) FROM model_spec(NULL)) = 0;
SELECT 'spec-hidden-arg', (SELECT model = 'qwen3-8b' FROM model_spec('qwen3-8b'));

-- model_config: how each field was read.
SELECT 'config-rows', (SELECT count(*) FROM model_config((SELECT text FROM cfg WHERE name = 'llama8b'))) >= 25;
SELECT 'config-kv-heads-from', (SELECT from_keys = 'num_key_value_heads' AND value = 8 FROM model_config((SELECT text FROM cfg WHERE name = 'llama8b')) WHERE field = 'kv_heads');
SELECT 'config-head-dim-how', (SELECT from_keys = 'hidden_size, num_attention_heads' AND value = 128 FROM model_config((SELECT text FROM cfg WHERE name = 'llama8b')) WHERE field = 'head_dim');
SELECT 'config-breakdown-sums', (SELECT sum(CASE WHEN field IN ('params_embeddings', 'params_attention', 'params_linear_attention', 'params_mlp', 'params_experts', 'params_norms', 'params_lm_head', 'params_vision') THEN value END) = sum(CASE WHEN field = 'params_total' THEN value END) FROM model_config((SELECT text FROM cfg WHERE name = 'mixtral')));
SELECT 'config-total-integer', (SELECT value = 8030261248 AND typeof(value) = 'integer' FROM model_config((SELECT text FROM cfg WHERE name = 'llama8b')) WHERE field = 'params_total');
SELECT 'config-text-values', (SELECT value = 'gqa' FROM model_config((SELECT text FROM cfg WHERE name = 'llama8b')) WHERE field = 'attention');
SELECT 'config-null-from', (SELECT from_keys IS NULL FROM model_config((SELECT text FROM cfg WHERE name = 'llama8b')) WHERE field = 'params_total');
-- serving_sim keeps each run by its arguments, a config given as a blob
-- by its bytes: Mixtral's config after Llama-3.1-8B's, both as blobs with
-- every other argument alike, is a run of its own (a slower step: more
-- weights read per token), equal to the same config as text.
SELECT 'cfg-sim-blob-kept-apart', (SELECT a.tpot_mean_ms < b.tpot_mean_ms AND b.tpot_mean_ms = c.tpot_mean_ms
  FROM serving_sim a, serving_sim b, serving_sim c
  WHERE a.rate = 1 AND a.n_requests = 50 AND a.gpu = 'h100-sxm' AND a.dtype = 'fp8' AND a.model = CAST((SELECT text FROM cfg WHERE name = 'llama8b') AS BLOB)
    AND b.rate = 1 AND b.n_requests = 50 AND b.gpu = 'h100-sxm' AND b.dtype = 'fp8' AND b.model = CAST((SELECT text FROM cfg WHERE name = 'mixtral') AS BLOB)
    AND c.rate = 1 AND c.n_requests = 50 AND c.gpu = 'h100-sxm' AND c.dtype = 'fp8' AND c.model = (SELECT text FROM cfg WHERE name = 'mixtral'));
-- A config saved with a UTF-8 byte-order mark is a config, not a model
-- name; a key given twice takes its last value (json.loads): 32 layers x
-- 8 KV heads x 128 x 2 (K, V) x 2 bytes = 131072 bytes a token,
-- 0.134217728 GB for 1024 tokens, where the first value (2 layers) gives
-- 1/16 of it.
SELECT 'cfg-bom-is-config', model_kv_gb(char(65279) || (SELECT text FROM cfg WHERE name = 'llama8b'), 1024)
  = model_kv_gb((SELECT text FROM cfg WHERE name = 'llama8b'), 1024);
SELECT 'cfg-duplicate-key-last-wins', abs(model_kv_gb('{"num_hidden_layers": 2, "hidden_size": 4096, "num_attention_heads": 32, "num_key_value_heads": 8, "intermediate_size": 14336, "vocab_size": 128256, "num_hidden_layers": 32}', 1024) - 0.134217728) < 1e-12;
-- Layer kinds: the spec's columns, and the KV inside the window (4 tokens:
-- 64 x 3 x 4 + 128 x 1 x 4 = 1280 elements) and past it (100 tokens:
-- 64 x 3 x 8 + 128 x 1 x 100 = 14336), 2 bytes each.
SELECT 'spec-layer-kinds', (SELECT sliding_layers = 4 AND sliding_window = 8 AND global_kv_heads = 1 AND global_head_dim = 64 AND kv_shared_layers = 2 AND kv_shared_sliding = 1 FROM cfg_spec WHERE cfg = 'layerkinds');
SELECT 'cfg-layer-kinds-kv-window', abs(model_kv_gb((SELECT text FROM cfg WHERE name = 'layerkinds'), 4, 1, 'bf16') * 1e9 - 1280 * 2.0) < 1e-6;
SELECT 'cfg-layer-kinds-kv-past', abs(model_kv_gb((SELECT text FROM cfg WHERE name = 'layerkinds'), 100, 1, 'bf16') * 1e9 - 14336 * 2.0) < 1e-6;
-- No v_proj in the full layers (attention_k_eq_v): 2 x 64 x 64 fewer
-- parameters than with one.
SELECT 'spec-k-eq-v', abs((SELECT params_b FROM model_spec(replace((SELECT text FROM cfg WHERE name = 'layerkinds'), '"attention_k_eq_v": true', '"attention_k_eq_v": false'))) - (SELECT params_b + 2 * 64 * 64 / 1e9 FROM cfg_spec WHERE cfg = 'layerkinds')) < 1e-12;
-- The catalog's Gemma 4 31B: 50 sliding layers of 8192 elements a token
-- over a 1024-token window, 10 full ones of 4096 (2 bytes each).
SELECT 'kv-gemma4-31b-window', abs(model_kv_gb('gemma-4-31b', 512) * 1e9 - (8192 * 50 * 512 + 4096 * 10 * 512) * 2.0) < 1e-3;
SELECT 'kv-gemma4-31b-past', abs(model_kv_gb('google/gemma-4-31B-it', 32768) * 1e9 - (8192 * 50 * 1024 + 4096 * 10 * 32768) * 2.0) < 1e-3;
-- Gemma 3n E4B: 16 sliding (512 tokens) and 4 full caches of 1024.
SELECT 'kv-gemma3n-e4b', abs(model_kv_gb('gemma-3n-e4b', 32768) * 1e9 - 1024 * (16 * 512 + 4 * 32768) * 2.0) < 1e-3;
