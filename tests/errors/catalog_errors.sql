-- Catalog-aware functions with bad names and arguments, and writes to the
-- read-only catalogs. Each statement is followed by the exact error.
SELECT model_kv_gb('llama-3.1-70', 8192);
-- error: model_kv_gb(): unknown model 'llama-3.1-70' in models; closest: 'llama-3.1-70b', 'llama-3.1-8b', 'llama-3.1-405b'
SELECT model_weights_gb('Llama-3.1-8C', 'bf16');
-- error: model_weights_gb(): unknown model 'Llama-3.1-8C' in models; closest: 'llama-3.1-8b', 'llama-3.1-70b', 'llama-3.1-405b'
SELECT model_kv_gb('llama 70b', 1024);
-- error: model_kv_gb(): unknown model 'llama 70b' in models; closest: 'llama-2-70b', 'llama-3-70b', 'llama-3.1-70b'
SELECT model_decode_tps('llama-3.1-8b', 'h100', 'bf16');
-- error: model_decode_tps(): ambiguous gpu 'h100' in gpus: could be 'h100-sxm', 'h100-nvl', 'h100-pcie'
SELECT model_decode_tps('llama-3.1-8b', 'NVIDIA H100', 'bf16');
-- error: model_decode_tps(): ambiguous gpu 'NVIDIA H100' in gpus: could be 'h100-nvl', 'h100-pcie', 'h100-sxm'
SELECT model_prefill_tps('llama-3.1-8b', 'A100', 'bf16');
-- error: model_prefill_tps(): ambiguous gpu 'A100' in gpus: could be 'a100-sxm-40gb', 'a100-sxm-80gb', 'a100-pcie-40gb', 'a100-pcie-80gb'
SELECT gpu_name('h100x', 'owned_prices.gpu');
-- error: gpu_name(): owned_prices.gpu must be a gpus.name: unknown gpu 'h100x' in gpus; closest: 'h100-sxm', 'h100-nvl', 'h100-pcie'
SELECT model_name('Llama 3.1', 'workloads.model');
-- error: model_name(): workloads.model must be a models.name: ambiguous model 'Llama 3.1' in models: could be 'llama-3.1-8b', 'llama-3.1-70b', 'llama-3.1-405b'
SELECT gpu_name(7);
-- error: gpu_name(): gpu must be a catalog name (text), got 7
SELECT model_name('llama-3.1-8b', 7);
-- error: model_name(): label must be a catalog name (text), got 7
SELECT model_weights_gb(7, 'bf16');
-- error: model_weights_gb(): model must be a catalog name (text) or a config.json object, got 7
SELECT model_weights_gb(x'00', 'bf16');
-- error: model_weights_gb(): model must be a catalog name (text) or a config.json object, got a blob of 1 byte
SELECT model_weights_gb('llama-3.1-8b', 'fp5');
-- error: model_weights_gb(): dtype must be one of {dtypes}; got 'fp5'
SELECT model_kv_gb('llama-3.1-8b', -1);
-- error: model_kv_gb(): seq_len must be >= 0, got -1
SELECT model_kv_gb('llama-3.1-8b', 1e7);
-- error: model_kv_gb(): seq_len must be <= 131072 (the model's context), got 10000000
SELECT model_kv_gb('llama-3.1-8b', 131073);
-- error: model_kv_gb(): seq_len must be <= 131072 (the model's context), got 131073
SELECT model_kv_gb('llama-3.1-8b', 200000, 1, 'fp16', 1, 2);
-- error: model_kv_gb(): beyond_context must be a whole number in [0, 1], got 2
SELECT model_kv_gb('llama-3.1-8b', 8192, 0);
-- error: model_kv_gb(): batch must be > 0, got 0
SELECT model_kv_gb('llama-3.1-8b');
-- error: wrong number of arguments to function model_kv_gb()
INSERT INTO gpus(name) VALUES ('my-gpu');
-- error: table gpus may not be modified
UPDATE gpus SET price_usd = 1 WHERE name = 'h100-sxm';
-- error: table gpus may not be modified
DELETE FROM cloud_instances;
-- error: table cloud_instances may not be modified
DROP TABLE models;
-- error: table models may not be dropped
CREATE VIRTUAL TABLE temp.g2 USING gpus;
-- error: no such module: gpus
ALTER TABLE gpus RENAME TO g;
-- error: table gpus may not be altered
SELECT model_decode_tps('llama-3.1-8b', 'h100-sxm', 'bf16', 1, 0, 1, 'tgi');
-- error: model_decode_tps(): engine must be one of vllm, sglang, trtllm, llama.cpp; got 'tgi'
SELECT model_prefill_tps('llama-3.1-8b', 'h100-sxm', 'bf16', 1, 512, 'ollama');
-- error: model_prefill_tps(): engine must be one of vllm, sglang, trtllm, llama.cpp; got 'ollama'
SELECT model_prefill_tps('llama-3.1-8b', 'h100-sxm', 'bf16', 1, 0);
-- error: model_prefill_tps(): prompt_tokens must be a whole number in [1, 1000000000], got 0
SELECT engine_serves(1, 'h100-sxm', 'bf16');
-- error: engine_serves(): engine must be one of vllm, sglang, trtllm, llama.cpp; got 1
SELECT engine_vendor_share('tgi', 'mi300x');
-- error: engine_vendor_share(): engine must be one of vllm, sglang, trtllm, llama.cpp; got 'tgi'
SELECT engine_vendor_share('vllm', 'gaudi-9');
-- error: engine_vendor_share(): unknown gpu 'gaudi-9' in gpus; closest: 'gaudi2', 'gaudi3', 'gh200'
SELECT model_decode_tps('llama-3.1-8b', 'h100-sxm', 'bf16', 1, 0, 1, 7);
-- error: model_decode_tps(): engine must be one of vllm, sglang, trtllm, llama.cpp; got 7
SELECT gpu_tflops('h1000', 'fp8');
-- error: gpu_tflops(): unknown gpu 'h1000' in gpus; closest: 'h100-sxm', 'h100-nvl', 'h100-pcie'
SELECT model_full_load_tps('llama-3.1-8b', 'h100-sxm', 'fp8', 1000, 0);
-- error: model_full_load_tps(): output_tokens must be a whole number in [1, 1000000000], got 0
SELECT model_full_load_tps('llama-3.1-8b', 'h100-sxm', 'fp8', 1000, 1000, 1, 'trtllm', 0.5);
-- error: model_full_load_tps(): max_batch must be a whole number in [1, 1000000000], got 0.5
