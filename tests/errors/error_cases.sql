-- The acceptance file's bad inputs (shared/acceptance/error_cases.sql), each
-- followed by the exact error it must raise. Run by tests/run_tests.py.
SELECT train_mem_gb(-7, 'full');
-- error: train_mem_gb(): params_b must be > 0, got -7
SELECT train_mem_gb(7, 'bogus');
-- error: train_mem_gb(): mode must be one of full, full16, lora, qlora, inference; got 'bogus'
SELECT train_mem_gb(7e9, 'full');
-- error: train_mem_gb(): params_b must be in billions of parameters (7 for a 7B model, at most 100000), got 7000000000
SELECT weights_gb(7, 'fp5');
-- error: weights_gb(): dtype must be one of {dtypes}; got 'fp5'
SELECT decode_tps(0, 14);
-- error: decode_tps(): mem_bw_gbs must be > 0, got 0
SELECT decode_tps(3350, 14, 1, 1.5);
-- error: decode_tps(): efficiency must be in (0, 1], got 1.5
SELECT decode_tps(3350, -14);
-- error: decode_tps(): weights_gb must be >= 0, got -14
SELECT kv_cache_gb(80, 8, 128, 'abc');
-- error: kv_cache_gb(): seq_len must be a number, got 'abc'
SELECT kv_cache_gb(80, 8, 128, x'00');
-- error: kv_cache_gb(): seq_len must be a number, got a blob of 1 byte
SELECT kv_cache_gb(1e300, 1e300, 1e300, 1e300);
-- error: kv_cache_gb(): result is not a finite number (the inputs are too large)
SELECT nodes_required(100, 0);
-- error: nodes_required(): gb_per_node must be > 0, got 0
SELECT nodes_required(100, 80, 1.0);
-- error: nodes_required(): headroom must be in [0, 1), got 1
SELECT cost_per_mtok(10, 100, 1.5);
-- error: cost_per_mtok(): utilization must be in (0, 1], got 1.5
SELECT cost_per_mtok(10, 0);
-- error: cost_per_mtok(): tokens_per_sec must be > 0, got 0
SELECT train_gpu_hours(70, 3, 989, 0);
-- error: train_gpu_hours(): mfu must be in (0, 1], got 0
SELECT break_even_hours(1000, 0.1, 0.2);
-- error: break_even_hours(): rent_usd_per_hour must exceed owned_usd_per_hour (0.2) for buying to ever pay off, got 0.1
SELECT owned_usd_per_hour(30000, 0);
-- error: owned_usd_per_hour(): lifetime_years must be > 0, got 0
SELECT train_mem_gb(7, 'full', 0);
-- error: train_mem_gb(): n_gpus must be a whole number in [1, 10000000], got 0
SELECT train_mem_gb(7, 'full', 8, 4);
-- error: train_mem_gb(): zero_stage must be a whole number in [0, 3], got 4
SELECT activation_gb(32, 4096, 32, 4096, 1, 'sometimes');
-- error: activation_gb(): recompute must be one of none, selective, full; got 'sometimes'
SELECT max_batch(80, 35, 0);
-- error: max_batch(): kv_gb_per_seq must be > 0, got 0
SELECT prefill_tps(989, 70, 0);
-- error: prefill_tps(): mfu must be in (0, 1], got 0
SELECT weights_gb(7, 'bf16') + decode_tps(3350, 14, 'many');
-- error: decode_tps(): batch must be a number, got 'many'
