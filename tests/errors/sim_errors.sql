-- serving_sim bad arguments and writes. Each statement is followed by the
-- exact error it must raise.
SELECT * FROM serving_sim(-1);
-- error: serving_sim(): rate must be > 0, got -1
SELECT * FROM serving_sim(0);
-- error: serving_sim(): rate must be > 0, got 0
SELECT * FROM serving_sim(0.0001);
-- error: serving_sim(): rate must be >= 0.001 (one request per 1000 s), got 0.0001
SELECT * FROM serving_sim('fast');
-- error: serving_sim(): rate must be a number, got 'fast'
SELECT * FROM serving_sim(1e999);
-- error: serving_sim(): rate must be a finite number, got Inf
SELECT * FROM serving_sim(x'01');
-- error: serving_sim(): rate must be a number, got a blob of 1 byte
SELECT * FROM serving_sim(2e9);
-- error: serving_sim(): rate must be <= 1000000000, got 2000000000
SELECT * FROM serving_sim;
-- error: serving_sim(): rate is required, as the first argument or WHERE rate = ... (or concurrency for a closed loop)
SELECT * FROM serving_sim WHERE n_requests = 100;
-- error: serving_sim(): rate is required, as the first argument or WHERE rate = ... (or concurrency for a closed loop)
SELECT * FROM serving_sim(5, 2.5);
-- error: serving_sim(): n_requests must be a whole number, got 2.5
SELECT * FROM serving_sim(5, 0);
-- error: serving_sim(): n_requests must be >= 1, got 0
SELECT * FROM serving_sim(5, 20000000);
-- error: serving_sim(): n_requests must be <= 10000000 (the cap on simulated requests), got 20000000
SELECT * FROM serving_sim(5, 100, 'x');
-- error: serving_sim(): seed must be a number, got 'x'
SELECT * FROM serving_sim(5, 100, 1.5);
-- error: serving_sim(): seed must be a 64-bit whole number, got 1.5
SELECT * FROM serving_sim(5, 100, 1, 'uniform');
-- error: serving_sim(): arrival must be one of poisson, gamma; got 'uniform'
SELECT * FROM serving_sim(5, 100, 1, 'poisson', 2);
-- error: serving_sim(): arrival_cv needs arrival 'gamma' (poisson has cv 1), got 2
SELECT * FROM serving_sim(5, 100, 1, 'gamma', 11);
-- error: serving_sim(): arrival_cv must be <= 10, got 11
SELECT * FROM serving_sim(5, 100, 1, 'gamma', 2, 0.5);
-- error: serving_sim(): prompt_tokens must be >= 1, got 0.5
SELECT * FROM serving_sim WHERE rate = 5 AND output_cv = -1;
-- error: serving_sim(): output_cv must be >= 0, got -1
SELECT * FROM serving_sim WHERE rate = 5 AND prefix_hit = 1.5;
-- error: serving_sim(): prefix_hit must be <= 1, got 1.5
SELECT * FROM serving_sim WHERE rate = 5 AND max_running = 0;
-- error: serving_sim(): max_running must be >= 1, got 0
SELECT * FROM serving_sim WHERE rate = 5 AND token_budget = 512;
-- error: serving_sim(): token_budget must be >= max_running (1024), got 512
-- data-parallel attention: 8 groups of 100 tokens hold no 1024 decodes; SGLang's groups share the budget given
SELECT * FROM serving_sim WHERE rate = 1 AND model = 'deepseek-v3' AND gpu = 'h200' AND dtype = 'fp8' AND ep = 8 AND token_budget = 100;
-- error: serving_sim(): token_budget x 8 prefill groups must be >= max_running (1024), got 100
SELECT * FROM serving_sim WHERE rate = 1 AND model = 'deepseek-v3' AND gpu = 'h200' AND dtype = 'fp8' AND engine = 'sglang' AND ep = 8 AND token_budget = 1000;
-- error: serving_sim(): token_budget must be >= max_running (2048), got 1000
SELECT * FROM serving_sim WHERE rate = 5 AND kv_capacity_tokens = 1299;
-- error: serving_sim(): kv_capacity_tokens must hold one request's prompt + output tokens (1300), got 1299
SELECT * FROM serving_sim WHERE rate = 5 AND warmup = 1;
-- error: serving_sim(): warmup must be < 1, got 1
SELECT * FROM serving_sim WHERE rate = 5 AND step_fixed_ms = 0;
-- error: serving_sim(): step_fixed_ms must be > 0, got 0
SELECT * FROM serving_sim WHERE rate = 5 AND step_per_pair_ns = 'NaN';
-- error: serving_sim(): step_per_pair_ns must be a number, got 'NaN'
SELECT * FROM serving_sim WHERE rate = 5 AND model = 'llama-3.1-8b';
-- error: serving_sim(): gpu is required with model
SELECT * FROM serving_sim WHERE rate = 5 AND tp = 2;
-- error: serving_sim(): model is required with gpu, dtype, engine, kv_dtype or engine_version
SELECT * FROM serving_sim WHERE rate = 5 AND tp = 0 AND model = 'llama-3.1-8b' AND gpu = 'h100-sxm';
-- error: serving_sim(): tp must be >= 1, got 0
SELECT * FROM serving_sim WHERE rate = 5 AND model = 'llama-3.1-8b' AND gpu = 'mi300x' AND engine = 'trtllm';
-- error: serving_sim(): trtllm does not serve bf16 on mi300x
SELECT * FROM serving_sim WHERE rate = 5 AND model = 'llama-3.1-8b' AND gpu = 'h100-sxm' AND engine = 'tgi';
-- error: serving_sim(): engine must be one of vllm, sglang, trtllm, llama.cpp; got 'tgi'
SELECT * FROM serving_sim WHERE rate = 5 AND model = 'llama-3.1-8b' AND gpu = 'h100-sxm' AND dtype = 'fp5';
-- error: serving_sim(): dtype must be a bytes_per_param() type, got 'fp5'
SELECT * FROM serving_sim WHERE rate = 5 AND model = 'llama-3.1-405b' AND gpu = 'h100-sxm';
-- error: serving_sim(): 811.8 GB of weights leave no room for the KV cache on 1 x h100-sxm
SELECT * FROM serving_sim WHERE rate = 5 AND model = '{"hidden_size": 4096}' AND gpu = 'h100-sxm';
-- error: serving_sim(): model: config: missing key 'num_hidden_layers'
SELECT * FROM serving_sim WHERE rate = 1 AND model = 'llama-3.1-405b' AND gpu = 'h100-sxm' AND tp = 8 AND pp = 2 AND fabric_gbps = 0;
-- error: serving_sim(): a replica of 16 GPUs spans nodes of 8, and fabric_gbps is 0: no fabric between nodes
SELECT * FROM serving_sim WHERE rate = 1 AND model = 'deepseek-v3' AND gpu = 'h200' AND dtype = 'fp8' AND tp = 8 AND ep = 12;
-- error: serving_sim(): ep must be <= tp x pp (8 GPUs), or a multiple of tp with pp 1 (data-parallel attention), got 12
SELECT * FROM serving_sim WHERE rate = 1 AND model = 'deepseek-v3' AND gpu = 'h100-sxm' AND dtype = 'fp8' AND tp = 8 AND pp = 2 AND ep = 32;
-- error: serving_sim(): ep must be <= tp x pp (16 GPUs), or a multiple of tp with pp 1 (data-parallel attention), got 32
SELECT * FROM serving_sim WHERE rate = 1 AND model = 'llama-3.1-8b' AND gpu = 'h100-sxm' AND tp = 1 AND ep = 8;
-- error: serving_sim(): ep 8 > tp x pp (1 GPUs) is data-parallel attention with expert parallelism, and the model has no experts
SELECT * FROM serving_sim WHERE rate = 1 AND model = 'mixtral-8x7b' AND gpu = 'rtx-4090' AND dtype = 'q4_k_m' AND engine = 'llama.cpp' AND tp = 1 AND ep = 2;
-- error: serving_sim(): ep 2 > tp x pp (1 GPUs): the engine splits layers, not experts
SELECT * FROM serving_sim WHERE rate = 1 AND model = 'deepseek-v3' AND gpu = 'h200' AND dtype = 'fp8' AND tp = 8 AND ep = 16 AND fabric_gbps = 0;
-- error: serving_sim(): a replica of 16 GPUs spans nodes of 8, and fabric_gbps is 0: no fabric between nodes
SELECT * FROM serving_sim WHERE rate = 1 AND model = 'llama-3.1-8b' AND gpu = 'h100-sxm' AND tp = 8 AND gpus_per_node = 4;
-- error: serving_sim(): tp must be <= gpus_per_node (4): tensor parallelism stays within a node, got 8
SELECT * FROM serving_sim WHERE rate = 1 AND fabric_gbps = 'x';
-- error: serving_sim(): fabric_gbps must be a number, got 'x'
SELECT * FROM serving_sim WHERE rate = 1 AND gpus_per_node = 0;
-- error: serving_sim(): gpus_per_node must be >= 1, got 0
SELECT model_prefill_tps('llama-3.1-405b', 'h100-sxm', 'bf16', 8, 1000, 'vllm', 2, 1, 8, 0);
-- error: model_prefill_tps(): a replica of 16 GPUs spans nodes of 8, and fabric_gbps is 0: no fabric between nodes
SELECT model_decode_tps('deepseek-v3', 'h200', 'fp8', 1, 0, 8, 'vllm', 1, 12);
-- error: model_decode_tps(): ep must be <= tp x pp (8 GPUs), or a multiple of tp with pp 1 (data-parallel attention), got 12
SELECT model_prefill_tps('llama-3.1-70b', 'h200', 'fp8', 1, 1000, 'vllm', 1, 8);
-- error: model_prefill_tps(): ep 8 > tp x pp (1 GPUs) is data-parallel attention with expert parallelism, and the model has no experts
SELECT model_kv_gb('deepseek-v3', 1000, 1, 'fp8', 0);
-- error: model_kv_gb(): tp must be a whole number in [1, 1024], got 0
SELECT model_kv_gb('deepseek-v3', 1000, 1, 'fp8', 2.5);
-- error: model_kv_gb(): tp must be a whole number in [1, 1024], got 2.5
SELECT model_weights_gb('deepseek-v3', 'fp8', 2000);
-- error: model_weights_gb(): dp must be a whole number in [1, 1024], got 2000
SELECT model_decode_tps('llama-3.1-8b', 'h100-sxm', 'bf16', 1, 0, 1, 'vllm', 1, 1, 8, -1);
-- error: model_decode_tps(): fabric_gbps must be >= 0, got -1
INSERT INTO serving_sim(rate) VALUES (1);
-- error: table serving_sim may not be modified
CREATE VIRTUAL TABLE temp.s USING serving_sim;
-- error: no such module: serving_sim
SELECT * FROM serving_sim WHERE concurrency = 8 AND rate = 5;
-- error: serving_sim(): give rate (an open loop) or concurrency (a closed loop), not both
SELECT * FROM serving_sim WHERE concurrency = 0;
-- error: serving_sim(): concurrency must be >= 1, got 0
SELECT * FROM serving_sim WHERE concurrency = 2.5;
-- error: serving_sim(): concurrency must be a whole number, got 2.5
SELECT * FROM serving_sim WHERE concurrency = 2000000;
-- error: serving_sim(): concurrency must be <= 1000000, got 2000000
SELECT * FROM serving_sim WHERE concurrency = 8 AND arrival = 'gamma';
-- error: serving_sim(): arrival needs an open loop (rate), not concurrency
SELECT * FROM serving_sim WHERE concurrency = 8 AND ttft_p95_max_s = 1;
-- error: serving_sim(): ttft_p95_max_s needs an open loop (rate), not concurrency
SELECT * FROM serving_sim WHERE concurrency = 8 AND ttft_mean_max_s = 1;
-- error: serving_sim(): ttft_mean_max_s needs an open loop (rate), not concurrency
SELECT * FROM serving_sim WHERE rate = 4 AND ttft_mean_max_s = 0;
-- error: serving_sim(): ttft_mean_max_s must be > 0, got 0
SELECT * FROM serving_sim WHERE concurrency = 8 AND tpot_p50_max_ms = 25;
-- error: serving_sim(): tpot_p50_max_ms needs an open loop (rate), not concurrency
SELECT * FROM serving_sim WHERE rate = 4 AND tpot_p50_max_ms = -1;
-- error: serving_sim(): tpot_p50_max_ms must be > 0, got -1
SELECT * FROM serving_sim WHERE concurrency = 8 AND think_time_s = -1;
-- error: serving_sim(): think_time_s must be >= 0, got -1
SELECT * FROM serving_sim WHERE rate = 5 AND think_time_s = 1;
-- error: serving_sim(): think_time_s needs a closed loop (concurrency)
-- mem_headroom: the share of the GPUs' memory left free, [0, 1)
SELECT * FROM serving_sim WHERE rate = 1 AND model = 'llama-3.1-70b' AND gpu = 'h100-sxm' AND mem_headroom = 1;
-- error: serving_sim(): mem_headroom must be < 1, got 1
SELECT * FROM serving_sim WHERE rate = 1 AND model = 'llama-3.1-70b' AND gpu = 'h100-sxm' AND mem_headroom = -0.1;
-- error: serving_sim(): mem_headroom must be >= 0, got -0.1
-- kv_dtype: a bytes_per_param() type, with a model
SELECT * FROM serving_sim WHERE rate = 1 AND model = 'llama-3.1-8b' AND gpu = 'h100-sxm' AND kv_dtype = 'fp7';
-- error: serving_sim(): kv_dtype must be a bytes_per_param() type, got 'fp7'
SELECT * FROM serving_sim WHERE rate = 1 AND kv_dtype = 'fp8';
-- error: serving_sim(): model is required with gpu, dtype, engine, kv_dtype or engine_version
SELECT model_decode_tps('llama-3.1-8b', 'h100-sxm', 'fp8', 1, 100, 1, 'vllm', 1, 1, 8, 3200, 'fp7');
-- error: model_decode_tps(): kv_dtype must be one of {dtypes}; got 'fp7'
SELECT engine_kv_dtype('tgi', 'fp8');
-- error: engine_kv_dtype(): engine must be one of vllm, sglang, trtllm, llama.cpp; got 'tgi'
-- engine_version: a release the engine's constants describe
SELECT engine_overlap('sglang', '0.4.6');
-- error: engine_overlap(): engine_version 0.4.6 is older than the sglang releases its speed constants describe (0.5 and later)
SELECT engine_overlap('vllm', 'nightly (2026-05)');
-- error: engine_overlap(): engine_version must be a release such as 0.5.12, got 'nightly (2026-05)'
SELECT engine_overlap('vllm', 0.14);
-- error: engine_overlap(): engine_version must be text, got 0.14
SELECT engine_overlap('vllm', '0.14.');
-- error: engine_overlap(): engine_version must be a release such as 0.5.12, got '0.14.'
SELECT engine_overlap('tgi');
-- error: engine_overlap(): engine must be one of vllm, sglang, trtllm, llama.cpp; got 'tgi'
SELECT * FROM serving_sim WHERE rate = 1 AND model = 'llama-3.1-8b' AND gpu = 'h100-sxm' AND engine = 'sglang' AND engine_version = '0.4.6';
-- error: serving_sim(): engine_version 0.4.6 is older than the sglang releases its speed constants describe (0.5 and later)
SELECT * FROM serving_sim WHERE rate = 1 AND model = 'llama-3.1-8b' AND gpu = 'h100-sxm' AND engine_version = '1.2.3.4.5.6.7.8.9';
-- error: serving_sim(): engine_version must be a release such as 0.5.12, got '1.2.3.4.5.6.7.8.9'
SELECT * FROM serving_sim WHERE rate = 1 AND engine_version = '0.14.0';
-- error: serving_sim(): model is required with gpu, dtype, engine, kv_dtype or engine_version
SELECT engine_cache_gb('vllm', 'h100-sxm', -1, 4096, 14336, 0, 128256);
-- error: engine_cache_gb(): weights_gb must be >= 0, got -1
SELECT engine_cache_gb('vllm', 'h100x', 16, 4096, 14336, 0, 128256);
-- error: engine_cache_gb(): unknown gpu 'h100x' in gpus; closest: 'h100-sxm', 'h100-nvl', 'h100-pcie'
SELECT engine_cache_gb('vllm', 'h100-sxm', 16, 4096, 14336, 0, 128256, 1, 1, 1, 1);
-- error: engine_cache_gb(): headroom must be in [0, 1), got 1
-- the 72.7 GB FP8 checkpoint of Llama 3.1 70B leaves SGLang no KV cache on
-- an H100 (85.04 GB as the driver reports it, 14.09 GB of it SGLang's
-- reserve)
SELECT * FROM serving_sim WHERE rate = 1 AND model = 'llama-3.1-70b' AND gpu = 'h100-sxm' AND dtype = 'fp8' AND engine = 'sglang';
-- error: serving_sim(): 72.7 GB of weights leave no room for the KV cache on 1 x h100-sxm
-- steady_state: 0 or 1, an open loop only
SELECT * FROM serving_sim WHERE concurrency = 8 AND steady_state = 1;
-- error: serving_sim(): steady_state needs an open loop (rate), not concurrency
SELECT * FROM serving_sim WHERE rate = 4 AND steady_state = 2;
-- error: serving_sim(): steady_state must be <= 1, got 2
SELECT * FROM serving_sim WHERE rate = 4 AND steady_state = 0.5;
-- error: serving_sim(): steady_state must be a whole number, got 0.5
-- batch waiting: steps in [0, 10^6], a share of the budget in [0, 1]
SELECT * FROM serving_sim WHERE rate = 4 AND batch_wait_iters = 2000000;
-- error: serving_sim(): batch_wait_iters must be <= 1000000, got 2000000
SELECT * FROM serving_sim WHERE rate = 4 AND batch_wait_iters = 2.5;
-- error: serving_sim(): batch_wait_iters must be a whole number, got 2.5
SELECT * FROM serving_sim WHERE rate = 4 AND batch_wait_tokens_ratio = 1.5;
-- error: serving_sim(): batch_wait_tokens_ratio must be <= 1, got 1.5
-- overlap: 0 or 1
SELECT * FROM serving_sim WHERE rate = 4 AND overlap = 2;
-- error: serving_sim(): overlap must be <= 1, got 2
SELECT * FROM serving_sim WHERE rate = 4 AND overlap = -1;
-- error: serving_sim(): overlap must be >= 0, got -1
-- preempt: 0 or 1
SELECT * FROM serving_sim WHERE rate = 4 AND preempt = 2;
-- error: serving_sim(): preempt must be <= 1, got 2
SELECT * FROM serving_sim WHERE rate = 4 AND preempt = 0.5;
-- error: serving_sim(): preempt must be a whole number, got 0.5
-- continuous_decode_steps: 1 to 1000
SELECT * FROM serving_sim WHERE rate = 4 AND continuous_decode_steps = 0;
-- error: serving_sim(): continuous_decode_steps must be >= 1, got 0
SELECT * FROM serving_sim WHERE rate = 4 AND continuous_decode_steps = 1001;
-- error: serving_sim(): continuous_decode_steps must be <= 1000, got 1001
SELECT * FROM serving_sim WHERE rate = 4 AND overlap = 'yes';
-- error: serving_sim(): overlap must be a number, got 'yes'
-- pp: a pipeline stage holds at least one layer (Llama 3.1 8B has 32)
SELECT * FROM serving_sim WHERE rate = 1 AND n_requests = 10 AND model = 'llama-3.1-8b' AND gpu = 'h100-sxm' AND pp = 1000;
-- error: serving_sim(): pp must be <= 32 (the model's layers), got 1000
SELECT * FROM serving_sim WHERE rate = 1 AND n_requests = 10 AND model = 'llama-3.1-8b' AND gpu = 'h100-sxm' AND pp = 33;
-- error: serving_sim(): pp must be <= 32 (the model's layers), got 33
-- a bad value is described as the functions describe it: long text cut
-- at 40 bytes, -0 as 0
SELECT * FROM serving_sim WHERE rate = 1 AND arrival = 'poisson-with-a-very-long-name-that-goes-on-and-on';
-- error: serving_sim(): arrival must be one of poisson, gamma; got 'poisson-with-a-very-long-name-that-goes-...'
SELECT * FROM serving_sim WHERE rate = -0.0;
-- error: serving_sim(): rate must be > 0, got 0
