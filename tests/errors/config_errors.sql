-- Models given as config.json text: configs that cannot be read, and the
-- table-valued functions model_spec and model_config with bad arguments and
-- writes. Each statement is followed by the exact error.
SELECT model_kv_gb('{}', 1);
-- error: model_kv_gb(): model: config: missing key 'num_hidden_layers'
SELECT model_weights_gb('{"num_hidden_layers": 2, "hidden_size": 8, "num_attention_heads": 2, "num_key_value_heads": -2}', 'bf16');
-- error: model_weights_gb(): model: config: 'num_key_value_heads' must be a positive integer, got -2
SELECT model_decode_tps(' {"a": [1,}', 'h100-sxm', 'bf16');
-- error: model_decode_tps(): model: config: not valid JSON at byte 10: expected a value
SELECT model_prefill_tps('{"text_config": {"num_hidden_layers": 2}}', 'h100-sxm', 'bf16');
-- error: model_prefill_tps(): model: config: missing key 'text_config.hidden_size'
SELECT model_weights_gb('{"dim": 8, "n_layers": 2, "n_heads": 2, "vocab_size": 10, "hidden_dim": 16, "moe": {"num_experts": 4, "num_experts_per_tok": 8}}', 'bf16');
-- error: model_weights_gb(): model: config: 'moe.num_experts_per_tok' (8) is more than the 4 routed experts
SELECT model_weights_gb('{"model_type": "llama4", "vision_config": {"patch_size": 0}, "text_config": {"num_hidden_layers": 2, "hidden_size": 8, "num_attention_heads": 2, "vocab_size": 10, "intermediate_size": 8}}', 'bf16');
-- error: model_weights_gb(): model: config: 'vision_config.patch_size' must be a positive integer, got 0
SELECT model_kv_gb('{"num_hidden_layers": 2, "hidden_size": 8, "num_attention_heads": 2, "vocab_size": 10, "intermediate_size": 8, "layer_types": ["full_attention"]}', 1);
-- error: model_kv_gb(): model: config: 'layer_types' has 1 entries, 'num_hidden_layers' is 2
SELECT model_weights_gb('{"num_hidden_layers": 2, "hidden_size": 8, "num_attention_heads": 2, "vocab_size": 10, "intermediate_size": 8, "num_local_experts": 0}', 'bf16');
-- error: model_weights_gb(): model: config: 'num_local_experts' must be a positive integer, got 0 (a dense model leaves it out)
SELECT model_kv_gb('{"num_hidden_layers": 1e999}', 1);
-- error: model_kv_gb(): model: config: not valid JSON at byte 27: number out of range
SELECT * FROM model_spec('{}');
-- error: model_spec(): model: config: missing key 'num_hidden_layers'
SELECT * FROM model_spec('llama-3.1-70');
-- error: model_spec(): unknown model 'llama-3.1-70' in models; closest: 'llama-3.1-70b', 'llama-3.1-8b', 'llama-3.1-405b'
SELECT * FROM model_spec(x'00');
-- error: model_spec(): model must be a catalog name (text) or a config.json object, got a blob of 1 byte
SELECT * FROM model_spec;
-- error: model_spec(): needs the model, as model_spec('name') or model_spec(config text)
SELECT * FROM model_config('llama-3.1-8b');
-- error: model_config(): config must be the text of a config.json (a JSON object), got 'llama-3.1-8b'
SELECT * FROM model_config('{"hidden_size": 1}');
-- error: model_config(): config: missing key 'num_hidden_layers'
INSERT INTO model_spec(name) VALUES ('x');
-- error: table model_spec may not be modified
DELETE FROM model_config;
-- error: table model_config may not be modified
CREATE VIRTUAL TABLE temp.x USING model_spec;
-- error: no such module: model_spec
