-- More bad inputs beyond the acceptance file: arity, numeric text, non-finite
-- values, keywords and every range boundary. Each statement is followed by
-- the exact error it must raise.
SELECT weights_gb(7);
-- error: wrong number of arguments to function weights_gb()
SELECT weights_gb(7, 'bf16', 1);
-- error: wrong number of arguments to function weights_gb()
SELECT decode_tps(3350, 14, 1, 0.7, 0, 989, 7, 1);
-- error: wrong number of arguments to function decode_tps()
SELECT gpuadv_version(1);
-- error: wrong number of arguments to function gpuadv_version()
SELECT weights_gb('7e9', 'bf16');
-- error: weights_gb(): params_b must be in billions of parameters (7 for a 7B model, at most 100000), got 7000000000
SELECT weights_gb('inf', 'bf16');
-- error: weights_gb(): params_b must be a number, got 'inf'
SELECT weights_gb('1e999', 'bf16');
-- error: weights_gb(): params_b must be a finite number, got Inf
SELECT weights_gb(1e308 * 10, 'bf16');
-- error: weights_gb(): params_b must be a finite number, got Inf
SELECT weights_gb('', 'bf16');
-- error: weights_gb(): params_b must be a number, got ''
SELECT weights_gb('0x10', 'bf16');
-- error: weights_gb(): params_b must be a number, got '0x10'
SELECT weights_gb(7, 16);
-- error: weights_gb(): dtype must be one of {dtypes}; got 16
SELECT weights_gb(7, x'6270');
-- error: weights_gb(): dtype must be one of {dtypes}; got a blob of 2 bytes
SELECT weights_gb(0, 'bf16');
-- error: weights_gb(): params_b must be > 0, got 0
SELECT bytes_per_param('');
-- error: bytes_per_param(): dtype must be one of {dtypes}; got ''
SELECT bytes_per_param('fp');
-- error: bytes_per_param(): dtype must be one of {dtypes}; got 'fp'
SELECT train_mem_gb(7, 'full', 1.5);
-- error: train_mem_gb(): n_gpus must be a whole number in [1, 10000000], got 1.5
SELECT train_mem_gb(7, 'full', 2, 1.5);
-- error: train_mem_gb(): zero_stage must be a whole number in [0, 3], got 1.5
SELECT train_mem_gb(7, 'full', 1, 0, -1);
-- error: train_mem_gb(): activation_gb must be >= 0, got -1
SELECT train_mem_gb(7, 'qlora ', 1);
-- error: train_mem_gb(): mode must be one of full, full16, lora, qlora, inference; got 'qlora '
SELECT kv_cache_gb(0, 8, 128, 8192);
-- error: kv_cache_gb(): layers must be > 0, got 0
SELECT kv_cache_gb(80, 8, 128, -1);
-- error: kv_cache_gb(): seq_len must be >= 0, got -1
SELECT kv_cache_gb(80, 8, 128, 8192, 0);
-- error: kv_cache_gb(): batch must be > 0, got 0
SELECT kv_cache_gb(80, 8, 128, 8192, 1, 'fp5');
-- error: kv_cache_gb(): dtype must be one of {dtypes}; got 'fp5'
SELECT activation_gb(32, 4096, 0, 4096, 1);
-- error: activation_gb(): heads must be > 0, got 0
SELECT decode_tps(3350, 0);
-- error: decode_tps(): weights_gb + kv_gb must be > 0 when tflops is not given, got 0
SELECT decode_tps(3350, 14, 1, 0);
-- error: decode_tps(): efficiency must be in (0, 1], got 0
SELECT decode_tps(3350, 14, 1, 0.7, -1);
-- error: decode_tps(): kv_gb must be >= 0, got -1
SELECT decode_tps(3350, 14, 1, 0.7, 0, 0);
-- error: decode_tps(): tflops must be > 0, got 0
SELECT decode_tps(3350, 14, 1, 0.7, 0, 989, 7e9);
-- error: decode_tps(): active_params_b must be in billions of parameters (7 for a 7B model, at most 100000), got 7000000000
SELECT prefill_tps(0, 70);
-- error: prefill_tps(): tflops must be > 0, got 0
SELECT prefill_tps(989, 7e10);
-- error: prefill_tps(): active_params_b must be in billions of parameters (7 for a 7B model, at most 100000), got 70000000000
SELECT cost_per_mtok(-1, 100);
-- error: cost_per_mtok(): usd_per_hour must be >= 0, got -1
SELECT nodes_required(-1, 80);
-- error: nodes_required(): total_gb must be >= 0, got -1
SELECT nodes_required(1e300, 1e-300);
-- error: nodes_required(): result does not fit a 64-bit integer (the inputs are too large)
SELECT nodes_required(100, 80, -0.1);
-- error: nodes_required(): headroom must be in [0, 1), got -0.1
SELECT train_gpu_hours(70, -3, 989);
-- error: train_gpu_hours(): tokens_b must be >= 0, got -3
SELECT train_gpu_hours(70, 3, 0);
-- error: train_gpu_hours(): tflops must be > 0, got 0
SELECT owned_usd_per_hour(-1, 3);
-- error: owned_usd_per_hour(): capex_usd must be >= 0, got -1
SELECT owned_usd_per_hour(1000, 3, -5);
-- error: owned_usd_per_hour(): watts must be >= 0, got -5
SELECT owned_usd_per_hour(1000, 3, 500, -0.1);
-- error: owned_usd_per_hour(): usd_per_kwh must be >= 0, got -0.1
SELECT owned_usd_per_hour(1000, 3, 500, 0.12, 0.9);
-- error: owned_usd_per_hour(): pue must be >= 1, got 0.9
SELECT egress_usd(-1, 1);
-- error: egress_usd(): dataset_gb must be >= 0, got -1
SELECT egress_usd(500, -1);
-- error: egress_usd(): runs must be >= 0, got -1
SELECT egress_usd(500, 1, -0.01);
-- error: egress_usd(): usd_per_gb must be >= 0, got -0.01
SELECT break_even_hours(1000, 0);
-- error: break_even_hours(): rent_usd_per_hour must be > 0, got 0
SELECT break_even_hours(1000, 2, 2);
-- error: break_even_hours(): rent_usd_per_hour must exceed owned_usd_per_hour (2) for buying to ever pay off, got 2
SELECT break_even_hours(-1, 2);
-- error: break_even_hours(): capex_usd must be >= 0, got -1
SELECT ridge_point(0, 2000);
-- error: ridge_point(): tflops must be > 0, got 0
SELECT ridge_point(312, -1);
-- error: ridge_point(): mem_bw_gbs must be > 0, got -1
SELECT max_batch(0, 14, 1);
-- error: max_batch(): mem_gb must be > 0, got 0
SELECT max_batch(80, -1, 1);
-- error: max_batch(): weights_gb must be >= 0, got -1
SELECT max_batch(80, 14, 1, 1);
-- error: max_batch(): headroom must be in [0, 1), got 1
SELECT max_batch(1e300, 0, 1e-300);
-- error: max_batch(): result does not fit a 64-bit integer (the inputs are too large)
SELECT train_peak_gb(7, 'full', 32, 4096, 32, 2048);
-- error: wrong number of arguments to function train_peak_gb()
SELECT train_peak_gb(7, 'full', 32, 4096, 32, 2048, 1, 1, 0, 'full', -5);
-- error: train_peak_gb(): vocab must be >= 0, got -5
SELECT train_peak_gb(7, 'full', 32, 4096, 32, 2048, 1, 1, 0, 'full', 32000, 0);
-- error: train_peak_gb(): ce_chunks must be a whole number in [1, 1000000], got 0
SELECT train_peak_gb(7, 'full', 32, 4096, 32, 2048, 1, 1, 0, 'some');
-- error: train_peak_gb(): recompute must be one of none, selective, full; got 'some'
SELECT train_peak_gb(7, 'full', 32, 4096, 32, 2048, 1, 1, 0, 'full', 32000, 1, -5);
-- error: train_peak_gb(): intermediate must be >= 0, got -5
SELECT train_peak_gb(7, 'full', 32, 4096, 32, 2048, 1, 1, 0, 'full', 32000, 1, 11008, 8, 3);
-- error: wrong number of arguments to function train_peak_gb()
SELECT train_peak_gb(7, 'lora', 32, 4096, 32, 2048, 1, 1, 0, 'full', 32000, 1, 11008, -1);
-- error: train_peak_gb(): lora_rank must be a whole number in [0, 65536], got -1
SELECT train_peak_gb(7, 'lora', 32, 4096, 32, 2048, 1, 1, 0, 'full', 32000, 1, 11008, 8.5);
-- error: train_peak_gb(): lora_rank must be a whole number in [0, 65536], got 8.5
SELECT spend_problem(-1, 0, 'any');
-- error: spend_problem(): spend_usd must be >= 0, got -1
SELECT spend_problem(10, 2, 'any');
-- error: spend_problem(): owned must be a whole number in [0, 1], got 2
SELECT spend_problem(10, 0, 'lease');
-- error: spend_problem(): acquire must be one of rent, buy, any; got 'lease'
SELECT spend_problem(10, 0, 'any', -5);
-- error: spend_problem(): budget_usd must be >= 0, got -5
SELECT spend_problem(1e999, 0, 'any');
-- error: spend_problem(): spend_usd must be a finite number, got Inf
SELECT spend_problem(10, 0);
-- error: wrong number of arguments to function spend_problem()
SELECT model_serving_batch('llama-3.1-8b', 'h100-sxm', 'fp8', 30, 0);
-- error: model_serving_batch(): max_batch must be > 0, got 0
SELECT model_serving_batch('llama-3.1-8b', 'h100-sxm', 'fp8', -1, 64);
-- error: model_serving_batch(): user_tps must be >= 0, got -1
SELECT model_serving_batch('llama-3.1-8b', 'h100-sxm', 'fp8', 30, 64, 0, 1, 'tgi');
-- error: model_serving_batch(): engine must be one of vllm, sglang, trtllm, llama.cpp; got 'tgi'
SELECT model_serving_batch('llama-3.1-405b', 'h100-sxm', 'bf16', 30, 64, 1000, 8, 'vllm', 2, 1, 8, 0);
-- error: model_serving_batch(): a replica of 16 GPUs spans nodes of 8, and fabric_gbps is 0: no fabric between nodes
SELECT queue_wait_s(2, 2, 1);
-- error: queue_wait_s(): rate x service_s (2) must be below servers (2): the queue grows without bound
SELECT queue_wait_s(0, 1, 1);
-- error: queue_wait_s(): servers must be a whole number in [1, 1000000], got 0
SELECT queue_servers(1e7, 1, 1);
-- error: queue_servers(): a load of rate x service_s = 10000000 needs more than 1000000 servers to keep the mean wait within max_wait_s (1)
SELECT queue_servers(1, 0, 1);
-- error: queue_servers(): service_s must be > 0, got 0
