-- The compiled-in catalogs: sizes, provenance, datasheet spot checks, price
-- spot checks against the extract, joins, and the catalog-aware functions.
-- Every line must print `<name>|1`.

-- Sizes and provenance
SELECT 'cat-gpus-50',       (SELECT count(*) FROM gpus) >= 50;
SELECT 'cat-offers-3000',   (SELECT count(*) FROM cloud_instances) >= 3000;
SELECT 'cat-providers-12',  (SELECT count(DISTINCT provider) FROM cloud_instances) >= 12;
SELECT 'cat-models-30',     (SELECT count(*) FROM models) >= 30;
SELECT 'cat-gpus-sourced',  (SELECT count(*) FROM gpus WHERE source IS NULL OR source = '' OR as_of NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]') = 0;
SELECT 'cat-offers-sourced', (SELECT count(*) FROM cloud_instances WHERE source IS NULL OR source = '' OR as_of NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]') = 0;
SELECT 'cat-models-sourced', (SELECT count(*) FROM models WHERE source IS NULL OR source = '' OR as_of NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]') = 0;
SELECT 'cat-priced-gpus-sourced', (SELECT count(*) FROM gpus WHERE price_usd IS NOT NULL AND (price_source IS NULL OR price_source = '')) = 0;
SELECT 'cat-spec-slugs', (SELECT count(*) FROM gpus WHERE name IN ('h100-sxm', 'h100-pcie', 'h200', 'a100-sxm-80gb', 'a100-sxm-40gb', 'l40s', 'l4', 'a10g', 't4', 'v100-sxm-16gb', 'rtx-4090', 'rtx-3090', 'b200', 'mi300x')) = 14;
SELECT 'cat-spec-models', (SELECT count(*) FROM models WHERE name IN ('llama-3.1-8b', 'llama-3.1-70b', 'llama-3.1-405b', 'mistral-7b', 'mixtral-8x7b', 'qwen2.5-72b', 'deepseek-v3')) = 7;
SELECT 'cat-memory-class', (SELECT count(*) FROM gpus WHERE memory_class NOT IN ('HBM', 'GDDR', 'unified', 'DDR')) = 0;

-- Datasheet spot checks (dense figures)
SELECT 'ds-h100-sxm', (SELECT memory_gb = 80 AND mem_bw_gbs = 3350 AND abs(bf16_tflops - 989) < 0.5 AND abs(fp8_tflops - 1979) < 0.5 FROM gpus WHERE name = 'h100-sxm');
SELECT 'ds-a100-sxm-80gb', (SELECT mem_bw_gbs = 2039 AND bf16_tflops = 312 FROM gpus WHERE name = 'a100-sxm-80gb');
SELECT 'ds-rtx-4090', (SELECT mem_bw_gbs = 1008 AND abs(bf16_tflops - 165) < 0.5 FROM gpus WHERE name = 'rtx-4090');
SELECT 'ds-l40s', (SELECT mem_bw_gbs = 864 AND abs(bf16_tflops - 362) < 0.5 FROM gpus WHERE name = 'l40s');
SELECT 'ds-mi300x', (SELECT memory_gb = 192 AND mem_bw_gbs = 5300 AND abs(bf16_tflops - 1307) < 0.5 FROM gpus WHERE name = 'mi300x');
SELECT 'ds-h200', (SELECT memory_gb = 141 AND mem_bw_gbs = 4800 FROM gpus WHERE name = 'h200');
SELECT 'ds-no-sparse-h100', (SELECT bf16_tflops < 1000 FROM gpus WHERE name = 'h100-sxm');
SELECT 'ds-consumer-no-nvlink', (SELECT interconnect_gbs IS NULL FROM gpus WHERE name = 'rtx-4090');
SELECT 'ds-hbm-class', (SELECT memory_class = 'HBM' FROM gpus WHERE name = 'h100-sxm');
SELECT 'ds-apple-unified', (SELECT count(*) FROM gpus WHERE name LIKE 'apple-%' AND memory_class = 'unified') = 6;
SELECT 'ds-llama-70b', (SELECT layers = 80 AND kv_heads = 8 AND head_dim = 128 FROM models WHERE name = 'llama-3.1-70b');
SELECT 'ds-mixtral', (SELECT params_b = 46.7 AND active_params_b = 12.9 FROM models WHERE name = 'mixtral-8x7b');
SELECT 'ds-deepseek', (SELECT params_b = 671 AND active_params_b = 37 AND kv_lora_rank = 512 AND qk_rope_head_dim = 64 FROM models WHERE name = 'deepseek-v3');
SELECT 'ds-types', (SELECT typeof(memory_gb) = 'real' AND typeof(year) = 'integer' AND typeof(name) = 'text' FROM gpus WHERE name = 't4');

-- Price spot checks against the extract
SELECT 'price-aws-p5', (SELECT usd_per_hour = 55.04 AND gpu = 'h100-sxm' AND gpu_count = 8 FROM cloud_instances WHERE provider = 'aws' AND instance_type = 'p5.48xlarge' AND region = 'us-east-1');
SELECT 'price-aws-p4d', (SELECT usd_per_hour = 21.957642 AND gpu = 'a100-sxm-40gb' AND gpu_count = 8 FROM cloud_instances WHERE provider = 'aws' AND instance_type = 'p4d.24xlarge' AND region = 'us-east-1');
SELECT 'price-gcp-a3', (SELECT usd_per_hour = 43.06615 AND gpu = 'h100-sxm' FROM cloud_instances WHERE provider = 'gcp' AND instance_type = 'a3-highgpu-8g' AND region = 'us-central1');
SELECT 'price-lambda-h100', (SELECT usd_per_hour = 4.29 AND gpu_count = 1 FROM cloud_instances WHERE provider = 'lambda' AND instance_type = 'gpu_1x_h100_sxm5' AND region = 'us-east-1');
SELECT 'price-spot-below', (SELECT count(*) FROM cloud_instances WHERE spot_usd_per_hour >= usd_per_hour) = 0;

-- Joins and lookups
SELECT 'join-loses-nothing', (SELECT count(*) FROM cloud_instances c JOIN gpus g ON g.name = c.gpu) = (SELECT count(*) FROM cloud_instances);
SELECT 'lookup-by-name', (SELECT count(*) FROM gpus WHERE name = 'h100-sxm') = 1;
SELECT 'lookup-missing', (SELECT count(*) FROM gpus WHERE name = 'h100') = 0;
SELECT 'lookup-null', (SELECT count(*) FROM gpus WHERE name = NULL) = 0;
SELECT 'lookup-case', (SELECT group_concat(name) FROM gpus WHERE name = 'H100-SXM') = 'h100-sxm';
SELECT 'lookup-by-gpu', (SELECT count(*) FROM cloud_instances WHERE gpu = 'h100-sxm') = (SELECT count(*) FROM cloud_instances WHERE gpu || '' = 'h100-sxm');
SELECT 'lookup-by-provider', (SELECT count(*) FROM cloud_instances WHERE provider = 'aws') = (SELECT count(*) FROM cloud_instances WHERE provider || '' = 'aws');
SELECT 'lookup-both', (SELECT count(*) FROM cloud_instances WHERE provider = 'aws' AND gpu = 'h100-sxm') = (SELECT count(*) FROM cloud_instances WHERE provider || '' = 'aws' AND gpu || '' = 'h100-sxm');
SELECT 'lookup-in-join', (SELECT count(*) FROM gpus g JOIN cloud_instances c ON c.gpu = g.name WHERE g.name = 'l4') = (SELECT count(*) FROM cloud_instances WHERE gpu || '' = 'l4');
SELECT 'rowid-stable', (SELECT rowid FROM gpus WHERE name = (SELECT name FROM gpus WHERE rowid = 7)) = 7;

-- Catalog-aware functions: published per-token KV figures
SELECT 'mkv-llama-8b', abs(model_kv_gb('llama-3.1-8b', 1) * 1e9 - 131072) < 1e-6;
SELECT 'mkv-qwen-7b', abs(model_kv_gb('qwen2.5-7b', 1, 1, 'fp16') * 1e9 - 57344) < 1e-6;
SELECT 'mkv-deepseek-mla', abs(model_kv_gb('deepseek-v3', 1, 1, 'bf16') * 1e9 - 70272) < 1e-6;  -- 61 x (512 + 64) x 2
SELECT 'mkv-matches-kv-cache-gb', abs(model_kv_gb('llama-3.1-70b', 8192, 10) - kv_cache_gb(80, 8, 128, 8192, 10)) < 1e-9;
-- beyond_context 1: past the 131072-token context, priced as if held
-- (131072 bytes a token, 200000 tokens)
SELECT 'mkv-beyond-context', abs(model_kv_gb('llama-3.1-8b', 200000, 1, 'fp16', 1, 1) * 1e9 - 131072 * 200000.0) < 1e-3;
SELECT 'mkv-at-context', abs(model_kv_gb('llama-3.1-8b', 131072) * 1e9 - 131072 * 131072.0) < 1e-3;
SELECT 'mkv-gemma2-window', abs(model_kv_gb('gemma-2-9b', 8192) * 1e9 - (21 * 8192 + 21 * 4096) * 2 * 8 * 256 * 2) < 1e-3;  -- 21 of 42 layers hold 4096 tokens
SELECT 'mkv-gemma2-short', abs(model_kv_gb('gemma-2-9b', 1000) - kv_cache_gb(42, 8, 256, 1000)) < 1e-12;
SELECT 'mkv-null', model_kv_gb(NULL, 8192) IS NULL AND model_kv_gb('llama-3.1-8b', NULL) IS NULL;
-- A quantised checkpoint keeps the input embedding and the output head
-- (vocab x hidden each) at 16 bits: Llama 3.1 8B in FP8, (8.03 - 2 x
-- 0.525337) x 1 + 2 x 0.525337 x 2 = 9.081 GB (RedHatAI's
-- Meta-Llama-3.1-8B-Instruct-FP8 is 9.08 GB); 70B, (70.6 - 2 x 1.050673)
-- + 2 x 1.050673 x 2 = 72.701 GB; NVFP4 adds an fp8 scale per 16 weights,
-- 4.5 bits: 70B (70.6 - 2.101346) x 4.5/8 + 4.202692 = 42.733 GB; int4 as
-- AWQ (4 + 20/128 bits): 8B 6.979 x 4.15625/8 + 2.101346 = 5.727 GB;
-- weights_gb, the seeds' params x bytes, stays 35 for 70B in int4.
SELECT 'mw-8b-fp8-checkpoint', abs(model_weights_gb('llama-3.1-8b', 'fp8') - ((8.03 - 2 * 128256 * 4096 / 1e9) + 2 * 128256 * 4096 / 1e9 * 2)) < 1e-9 AND round(model_weights_gb('llama-3.1-8b', 'fp8'), 3) = 9.081;
SELECT 'mw-70b-fp8', abs(model_weights_gb('llama-3.1-70b', 'fp8') - (70.6 + 2 * 128256 * 8192 / 1e9)) < 1e-9;
SELECT 'mw-70b-nvfp4-scales', abs(model_weights_gb('llama-3.1-70b', 'fp4') - ((70.6 - 2 * 128256 * 8192 / 1e9) * 4.5 / 8 + 4 * 128256 * 8192 / 1e9)) < 1e-9;
SELECT 'mw-8b-awq-int4', abs(model_weights_gb('llama-3.1-8b', 'int4') - ((8.03 - 2 * 128256 * 4096 / 1e9) * (4 + 20.0 / 128) / 8 + 4 * 128256 * 4096 / 1e9)) < 1e-9 AND weights_gb(70, 'int4') = 35;
SELECT 'mw-gguf-as-file', abs(model_weights_gb('llama-3-8b', 'q4_k_m') - 8.03 * 4.89 / 8) < 1e-9;
SELECT 'mw-deepseek-total', abs(model_weights_gb('deepseek-v3', 'fp8') - (671 + 2 * 129280 * 7168 / 1e9)) < 1e-9;
SELECT 'mw-over-catalog', (SELECT count(*) FROM models WHERE abs(model_weights_gb(name, 'bf16') - 2 * params_b) > 1e-9) = 0;
SELECT 'mw-null', model_weights_gb('llama-3.1-8b', NULL) IS NULL;

-- gpu_tflops(): the datasheet peak at the precision a dtype's matmuls run
-- at, from the gpus row (catalogs/dtypes.csv `compute`), with the wider
-- rates a chip without that one runs them at. B200: FP4 9,000 dense; H100
-- SXM has no FP4 units: its BF16 989.4; V100 no BF16: its FP16 125;
-- int4 weights are dequantised to 16 bits: BF16; Rubin lists FP4 alone:
-- nothing fp8 can run at.
SELECT 'gpu-tflops-own-rate', gpu_tflops('b200', 'fp4') = (SELECT fp4_tflops FROM gpus WHERE name = 'b200') AND gpu_tflops('b200', 'fp4') = 9000 AND gpu_tflops('h100-sxm', 'fp8') = (SELECT fp8_tflops FROM gpus WHERE name = 'h100-sxm') AND gpu_tflops('h100-sxm', 'tf32') = 494.7;
SELECT 'gpu-tflops-wider-rate', gpu_tflops('h100-sxm', 'fp4') = 989.4 AND gpu_tflops('h100-sxm', 'int4') = 989.4 AND gpu_tflops('h100-sxm', 'q4_k_m') = 989.4 AND gpu_tflops('v100-sxm-32gb', 'bf16') = 125 AND gpu_tflops('k80', 'fp8') = 4.37;
SELECT 'gpu-tflops-none', gpu_tflops('rubin', 'fp8') IS NULL AND gpu_tflops('rubin', 'mxfp4') = 35000 AND gpu_tflops(NULL, 'fp8') IS NULL AND gpu_tflops('h100-sxm', NULL) IS NULL;
