-- serving_sim (ext/gpuadv_sim_vtab.c): the serving simulator as a
-- table-valued function. Every SELECT line must print `<name>|1`. The
-- queueing checks with tight tolerances run in C (tests/test_sim.c); these
-- check the SQL interface, with runs small enough for valgrind.
--
-- An idle replica (regular arrivals, one request every 100 s) serves each
-- request alone:
-- TTFT is one prefill step, 5 ms + 1000 * 30 us + 1000 * 1001/2 pairs * 1 ns
-- = 35.5005 ms; TPOT is the mean decode step, 5 ms + 0.02 ms per sequence
-- + 0.06 us per context token over contexts 1001..1299 (mean 1150):
-- 5.089 ms.
SELECT 'sim-idle-ttft', abs(ttft_p50_s - 0.0355005) < 1e-8 AND abs(ttft_p99_s - 0.0355005) < 1e-8 FROM serving_sim(0.01, 100, 1, 'gamma', 0, 1000, 0, 300, 0, 0, 1024, 1000000, 8192, 0.1, 5, 0.02, 0.06, 30, 1);
SELECT 'sim-idle-tpot', abs(tpot_p50_ms - 5.089) < 1e-5 AND abs(tpot_mean_ms - 5.089) < 1e-9 FROM serving_sim(0.01, 100, 1, 'gamma', 0, 1000, 0, 300, 0, 0, 1024, 1000000, 8192, 0.1, 5, 0.02, 0.06, 30, 1);
SELECT 'sim-idle-e2e', abs(e2e_mean_s - (0.0355005 + 299 * 0.005089)) < 1e-9 FROM serving_sim(0.01, 100, 1, 'gamma', 0, 1000, 0, 300, 0, 0, 1024, 1000000, 8192, 0.1, 5, 0.02, 0.06, 30, 1);
SELECT 'sim-idle-no-wait', mean_wait_s = 0 AND mean_queue = 0 AND max_queue = 0 FROM serving_sim(0.01, 100, 1, 'gamma', 0);
-- Prefix hits: half the prompt cached leaves 500 tokens from position 500:
-- 5 ms + 500 * 30 us + 500 * (500 + 501/2) * 1 ns = 20.37525 ms.
SELECT 'sim-prefix-hit-ttft', abs(ttft_p50_s - 0.02037525) < 1e-8 FROM serving_sim WHERE rate = 0.01 AND n_requests = 100 AND arrival = 'gamma' AND arrival_cv = 0 AND prefix_hit = 0.5 AND step_fixed_ms = 5;
-- Named arguments in WHERE are the positional ones.
SELECT 'sim-named-equals-positional', (SELECT ttft_p95_s || '/' || tpot_p50_ms || '/' || throughput_tps FROM serving_sim(6, 2000, 3)) = (SELECT ttft_p95_s || '/' || tpot_p50_ms || '/' || throughput_tps FROM serving_sim WHERE seed = 3 AND n_requests = 2000 AND rate = 6);
-- The argument columns give the values the run used, defaults included.
SELECT 'sim-argument-columns', rate = 5.0 AND n_requests = 500 AND seed = 1 AND arrival = 'poisson' AND arrival_cv = 1.0 AND prompt_tokens = 1000.0 AND output_tokens = 300.0 AND max_running = 1024 AND kv_capacity_tokens = 1000000 AND token_budget = 8192 AND warmup = 0.1 AND step_fixed_ms = 7.0 AND model IS NULL AND tp = 1 FROM serving_sim(5, 500);
SELECT 'sim-requests-column', requests = 700 FROM serving_sim(5, 700);
SELECT 'sim-one-row', (SELECT count(*) FROM serving_sim(5, 500)) = 1;
SELECT 'sim-null-rate-no-row', (SELECT count(*) FROM serving_sim(NULL)) = 0;
SELECT 'sim-null-optional-default', (SELECT ttft_p50_s FROM serving_sim(5, 500, NULL)) = (SELECT ttft_p50_s FROM serving_sim(5, 500, 1));
SELECT 'sim-arrival-case-insensitive', arrival = 'gamma' FROM serving_sim(5, 500, 1, 'GAMMA', 2);
SELECT 'sim-numeric-text', (SELECT ttft_p50_s FROM serving_sim('5', ' 500 ')) = (SELECT ttft_p50_s FROM serving_sim(5, 500));
-- Deterministic for a seed, different for another.
SELECT 'sim-same-seed', (SELECT e2e_p99_s FROM serving_sim(8, 3000, 11)) = (SELECT e2e_p99_s FROM serving_sim(8, 3000, 11));
SELECT 'sim-other-seed', (SELECT e2e_p99_s FROM serving_sim(8, 3000, 11)) <> (SELECT e2e_p99_s FROM serving_sim(8, 3000, 12));
-- Below capacity, completions keep up with arrivals; far above, the flag.
SELECT 'sim-throughput-is-rate', abs(requests_per_s - 8) < 0.03 * 8 AND abs(throughput_tps - 2400) < 0.03 * 2400 AND saturated = 0 FROM serving_sim(8, 5000);
SELECT 'sim-saturated', saturated = 1 AND requests_per_s < 30 AND max_queue > 500 FROM serving_sim(40, 3000);
-- Single server, one-token requests of 1 ms at 500 requests/s: M/D/1 at
-- rho 0.5, Wq = 0.5 ms (P-K); 20000 requests leave a few % of noise.
SELECT 'sim-md1', abs(mean_wait_s - 0.0005) < 0.1 * 0.0005 AND abs(mean_batch - 0.5) < 0.02 FROM serving_sim WHERE rate = 500 AND n_requests = 20000 AND prompt_tokens = 1 AND output_tokens = 1 AND max_running = 1 AND token_budget = 1 AND step_fixed_ms = 1 AND step_per_seq_ms = 0 AND step_per_ctx_token_us = 0 AND step_per_prefill_token_us = 0 AND step_per_pair_ns = 0;
-- Inter-token latency: at idle every gap is one decode step, 5.02 ms +
-- 0.06 us per context token of 1001..1299: the median gap at 1150 tokens
-- (5.089 ms), the 99th percentile at 1297 (5.09782 ms), each to the
-- histogram's 0.36%, the mean exactly TPOT's; one output token has none.
SELECT 'sim-idle-itl', abs(itl_p50_ms / 5.089 - 1) < 0.0036 AND abs(itl_p99_ms / 5.09782 - 1) < 0.0036 AND abs(itl_mean_ms - 5.089) < 1e-9 FROM serving_sim(0.01, 100, 1, 'gamma', 0, 1000, 0, 300, 0, 0, 1024, 1000000, 8192, 0.1, 5, 0.02, 0.06, 30, 1);
SELECT 'sim-one-token-no-itl', itl_p50_ms IS NULL AND itl_mean_ms IS NULL FROM serving_sim(5, 200, 1, 'poisson', 1, 100, 0, 1);
-- Under load the steps that carry prompt chunks make the tail: ITL p99
-- above its median, which is below the median request's mean gap (TPOT).
SELECT 'sim-itl-tail', itl_p99_ms > 1.5 * itl_p50_ms AND itl_p50_ms < tpot_p50_ms FROM serving_sim(12, 2000);
SELECT 'sim-one-token-no-tpot', tpot_p50_ms IS NULL AND tpot_mean_ms IS NULL AND ttft_p50_s IS NOT NULL FROM serving_sim(5, 200, 1, 'poisson', 1, 100, 0, 1);
-- KV room for 10 requests of 1000 + 300 tokens caps the batch at 10.
SELECT 'sim-kv-limits-batch', mean_batch <= 10 AND mean_batch > 9.5 FROM serving_sim WHERE rate = 100 AND n_requests = 2000 AND kv_capacity_tokens = 13000;
-- A latency curve: one run per rate, with the rates from a recursive CTE
-- (or generate_series where the host has it); latency grows with load.
SELECT 'sim-curve-rows', count(*) = 5 FROM (WITH RECURSIVE r(rate) AS (SELECT 2 UNION ALL SELECT rate + 4 FROM r WHERE rate < 18) SELECT r.rate, s.ttft_p99_s FROM r, serving_sim(r.rate, 1000) s);
SELECT 'sim-curve-rises', (SELECT ttft_p99_s FROM serving_sim(18, 2000)) > (SELECT ttft_p99_s FROM serving_sim(2, 2000));
-- Like the scalar functions, innocuous: usable from a view of a database
-- that does not trust its schema.
PRAGMA trusted_schema = OFF;
CREATE TEMP VIEW sim_view AS SELECT saturated FROM serving_sim(5, 300);
SELECT 'sim-innocuous-in-view', (SELECT count(*) FROM sim_view) = 1;
-- Model-based step times: the engine speed model of model_decode_tps and
-- model_prefill_tps. At a rate low enough that requests never overlap, the
-- time per output token is the batch-1 decode step at the mean context
-- (1000 + 300 / 2 tokens, the cache growing through the output), and the
-- first token comes after the prefill plus the step's fixed per-layer
-- cost (32 x 55.62 us) where it leaves as its step ends (overlap = 0).
-- vLLM overlaps by default (engines.overlap_from): the first token leaves
-- when the next step, the request's first decode at 1001 tokens of
-- context, ends.
SELECT 'sim-model-tpot-batch1', (SELECT abs(tpot_mean_ms / 1000 * model_decode_tps('llama-3.1-8b', 'h100-sxm', 'bf16', 1, 1150) - 1) < 0.01 FROM serving_sim(0.01, 200) WHERE model = 'llama-3.1-8b' AND gpu = 'h100-sxm');
SELECT 'sim-model-ttft-prefill', (SELECT abs(ttft_p50_s - (1000 / model_prefill_tps('llama-3.1-8b', 'h100-sxm', 'bf16', 1, 1000) + 32 * 55.62e-6)) < 0.002 FROM serving_sim(0.01, 200) WHERE model = 'llama-3.1-8b' AND gpu = 'h100-sxm' AND overlap = 0);
SELECT 'sim-model-ttft-overlap', (SELECT overlap = 1 AND abs(ttft_p50_s - (1000 / model_prefill_tps('llama-3.1-8b', 'h100-sxm', 'bf16', 1, 1000) + 32 * 55.62e-6 + 1 / model_decode_tps('llama-3.1-8b', 'h100-sxm', 'bf16', 1, 1001))) < 0.002 FROM serving_sim(0.01, 200) WHERE model = 'llama-3.1-8b' AND gpu = 'h100-sxm');
SELECT 'sim-linear-no-overlap', overlap = 0 FROM serving_sim(1, 10);
-- Preemption (gpuadv_sim.c, "Admission"), test_sim.c's case by hand: two
-- clients, prompts of 10 and answers of 10 tokens, a cache of 25, 10 ms
-- steps. Reserved whole, one runs at a time (e2e 100 and 200 ms); with
-- preempt both run, the second is preempted in step 4 and finishes at
-- 170 ms. The engine's admission is the default with a model.
SELECT 'sim-preempt-reserve', e2e_mean_s = 0.15 AND preemptions = 0 AND preempt = 0 FROM serving_sim WHERE concurrency = 2 AND n_requests = 2 AND warmup = 0 AND prompt_tokens = 10 AND output_tokens = 10 AND kv_capacity_tokens = 25 AND max_running = 2 AND token_budget = 100 AND step_fixed_ms = 10 AND step_per_seq_ms = 0 AND step_per_ctx_token_us = 0 AND step_per_prefill_token_us = 0 AND step_per_pair_ns = 0;
SELECT 'sim-preempt-by-hand', round(e2e_mean_s, 9) = 0.135 AND round(e2e_p99_s, 6) = 0.17 AND preemptions = 1 FROM serving_sim WHERE concurrency = 2 AND n_requests = 2 AND warmup = 0 AND prompt_tokens = 10 AND output_tokens = 10 AND kv_capacity_tokens = 25 AND max_running = 2 AND token_budget = 100 AND step_fixed_ms = 10 AND step_per_seq_ms = 0 AND step_per_ctx_token_us = 0 AND step_per_prefill_token_us = 0 AND step_per_pair_ns = 0 AND preempt = 1;
-- Decode blocks (test_sim.c's case by hand): requests every 25 ms, 10 ms
-- steps; the second arrives in the second step of a block of 4 that
-- started at 35 ms and is prefilled from 75 ms: TTFTs 10 and 35 ms.
SELECT 'sim-decode-blocks', round(ttft_mean_s, 9) = 0.0225 AND continuous_decode_steps = 4 FROM serving_sim WHERE rate = 40 AND arrival = 'gamma' AND arrival_cv = 0 AND prompt_tokens = 10 AND output_tokens = 10 AND token_budget = 100 AND max_running = 2 AND n_requests = 2 AND warmup = 0 AND step_fixed_ms = 10 AND step_per_seq_ms = 0 AND step_per_ctx_token_us = 0 AND step_per_prefill_token_us = 0 AND step_per_pair_ns = 0 AND continuous_decode_steps = 4;
SELECT 'sim-preempt-engine-default', (SELECT group_concat(e.name || ' ' || s.preempt, ',') FROM engines e, serving_sim s WHERE s.rate = 1 AND s.n_requests = 20 AND s.model = 'llama-3.1-8b' AND s.gpu = 'h100-sxm' AND s.engine = e.name) = 'vllm 1,sglang 0,trtllm 0,llama.cpp 0';
SELECT 'sim-model-args-echo', (SELECT model = 'llama-3.1-70b' AND gpu = 'l40s' AND dtype = 'fp8' AND tp = 2 AND pp = 1 AND ep = 1 AND max_running = (SELECT max_batch FROM engines WHERE name = 'vllm') FROM serving_sim WHERE rate = 1 AND n_requests = 100 AND model = 'llama-3.1-70b' AND gpu = 'l40s' AND dtype = 'fp8' AND tp = 2);
-- KV capacity: what vLLM's memory rule leaves the cache (engine_cache_gb).
-- Two L40S as their driver reports them (48 GiB x 0.92 with ECC = 47.4164
-- GB each), 0.9 of it, less each GPU's profiling step at tp 2 (8192 x 2 x
-- (3 x 28672 / 2 + 4 x 8192) + 1024 x 128256 x 4 B + 0.12 GB = 1.88685 GB),
-- less 72.70 GB of the FP8 checkpoint (70.6B weights at 1 byte and the
-- embedding and head, 2 x 1.050673B, at 2 more) = 8.8745 GB at 327680
-- bytes per token (80 layers x 8 KV heads x 128 x 2 x 2 bytes: vLLM keeps
-- an FP8 model's cache in 16 bits, engine_kv_dtype): 27,082 tokens; or at
-- 163840 with kv_dtype 'fp8' (vLLM's --kv-cache-dtype fp8).
SELECT 'sim-model-kv-capacity', (SELECT kv_capacity_tokens = CAST((2 * (0.9 * 48 * 1.073741824 * 0.92 - (8192 * 2 * (3 * 28672 / 2 + 4 * 8192) + 1024 * 128256 * 4) / 1e9 - 0.12) - 70.6 - 2 * 128256 * 8192 / 1e9) * 1e9 / 327680 AS INTEGER) AND kv_capacity_tokens = 27082 AND kv_dtype IS NULL FROM serving_sim WHERE rate = 1 AND n_requests = 100 AND model = 'llama-3.1-70b' AND gpu = 'l40s' AND dtype = 'fp8' AND tp = 2);
SELECT 'sim-model-kv-capacity-fp8', (SELECT kv_capacity_tokens = CAST((2 * (0.9 * 48 * 1.073741824 * 0.92 - (8192 * 2 * (3 * 28672 / 2 + 4 * 8192) + 1024 * 128256 * 4) / 1e9 - 0.12) - 70.6 - 2 * 128256 * 8192 / 1e9) * 1e9 / 163840 AS INTEGER) AND kv_dtype = 'fp8' FROM serving_sim WHERE rate = 1 AND n_requests = 100 AND model = 'llama-3.1-70b' AND gpu = 'l40s' AND dtype = 'fp8' AND tp = 2 AND kv_dtype = 'fp8');
-- TensorRT-LLM keeps the FP8 checkpoint's FP8 cache, in 0.9 of what the
-- weights and its profiling step (2,048 sequences' logits) leave: 0.9 x
-- (2 x (47.4164 - 2.41219) - 72.7013) = 15.5764 GB, 95,071 tokens.
SELECT 'sim-model-kv-capacity-trtllm', (SELECT kv_capacity_tokens = CAST(0.9 * (2 * (48 * 1.073741824 * 0.92 - (8192 * 2 * (3 * 28672 / 2 + 4 * 8192) + 2048 * 128256 * 4) / 1e9 - 0.12) - 70.6 - 2 * 128256 * 8192 / 1e9) * 1e9 / 163840 AS INTEGER) AND kv_capacity_tokens = 95071 FROM serving_sim WHERE rate = 1 AND n_requests = 100 AND model = 'llama-3.1-70b' AND gpu = 'l40s' AND dtype = 'fp8' AND tp = 2 AND engine = 'trtllm');
-- Latency climbs with load, and the replica saturates above its capacity.
SELECT 'sim-model-curve-climbs', (SELECT a.tpot_p95_ms < b.tpot_p95_ms AND a.ttft_p95_s < b.ttft_p95_s AND NOT a.saturated AND b.saturated FROM serving_sim(2, 2000) a, serving_sim(40, 2000) b WHERE a.model = 'llama-3.1-70b' AND a.gpu = 'h100-sxm' AND a.dtype = 'fp8' AND a.tp = 4 AND b.model = 'llama-3.1-70b' AND b.gpu = 'h100-sxm' AND b.dtype = 'fp8' AND b.tp = 4);
-- More tensor parallelism: faster tokens for one user.
SELECT 'sim-model-tp-faster', (SELECT a.tpot_p50_ms > b.tpot_p50_ms FROM serving_sim(0.1, 100) a, serving_sim(0.1, 100) b WHERE a.model = 'llama-3.1-70b' AND a.gpu = 'h100-sxm' AND a.dtype = 'fp8' AND a.tp = 2 AND b.model = 'llama-3.1-70b' AND b.gpu = 'h100-sxm' AND b.dtype = 'fp8' AND b.tp = 8);
-- Pipeline stages across two nodes pay hops over the fabric: 405B in bf16
-- on two 8 x H100 nodes runs, slower per token than 8 x H200 in fp8 on one.
SELECT 'sim-model-pp-two-nodes', (SELECT a.tpot_p50_ms > 0 AND a.tpot_p50_ms > b.tpot_p50_ms FROM serving_sim(0.1, 100) a, serving_sim(0.1, 100) b WHERE a.model = 'llama-3.1-405b' AND a.gpu = 'h100-sxm' AND a.tp = 8 AND a.pp = 2 AND b.model = 'llama-3.1-405b' AND b.gpu = 'h200' AND b.dtype = 'fp8' AND b.tp = 8);
-- A pipeline keeps a micro-batch per stage in flight: a token still waits
-- for every stage, whose 8 GPUs read its 811.8 GB of weights at most at
-- 8 x 3350 GB/s: 30.3 ms per token or more. A slower fabric (100 Gbit/s
-- per node instead of 3200) makes the hops, and the token, slower.
SELECT 'sim-model-pp-weights-per-token', (SELECT tpot_p50_ms >= 811.8 / (8 * 3350) * 1000 FROM serving_sim(0.1, 100) WHERE model = 'llama-3.1-405b' AND gpu = 'h100-sxm' AND tp = 8 AND pp = 2);
SELECT 'sim-model-pp-fabric', (SELECT a.tpot_p50_ms > b.tpot_p50_ms FROM serving_sim(0.1, 100) a, serving_sim(0.1, 100) b WHERE a.model = 'llama-3.1-405b' AND a.gpu = 'h100-sxm' AND a.tp = 8 AND a.pp = 2 AND a.fabric_gbps = 100 AND b.model = 'llama-3.1-405b' AND b.gpu = 'h100-sxm' AND b.tp = 8 AND b.pp = 2 AND b.fabric_gbps = 3200);
SELECT 'sim-model-ep', (SELECT tpot_p50_ms > 0 AND NOT saturated FROM serving_sim(0.5, 200) WHERE model = 'deepseek-v3' AND gpu = 'h200' AND dtype = 'fp8' AND tp = 8 AND ep = 8);
-- A closed loop (concurrency): 4 clients, fixed 10 ms steps, prompts of one
-- prefill step and 5 output tokens: every request takes 50 ms, so the
-- replica serves 4 / 50 ms = 80 requests/s, and 4 / (50 + 30) ms = 50 with
-- a 30 ms think time (tests/test_sim.c works the window out).
SELECT 'sim-closed-by-hand', abs(requests_per_s - 80) < 1e-9 AND abs(mean_batch - 4) < 1e-9 AND abs(e2e_p99_s - 0.05) < 1e-8 AND saturated = 0 FROM serving_sim WHERE concurrency = 4 AND n_requests = 400 AND prompt_tokens = 10 AND output_tokens = 5 AND step_fixed_ms = 10 AND step_per_seq_ms = 0 AND step_per_ctx_token_us = 0 AND step_per_prefill_token_us = 0 AND step_per_pair_ns = 0;
SELECT 'sim-closed-think', abs(requests_per_s - 50) < 1e-9 AND abs(mean_batch - 2.5) < 1e-9 FROM serving_sim WHERE concurrency = 4 AND think_time_s = 0.03 AND n_requests = 400 AND prompt_tokens = 10 AND output_tokens = 5 AND step_fixed_ms = 10 AND step_per_seq_ms = 0 AND step_per_ctx_token_us = 0 AND step_per_prefill_token_us = 0 AND step_per_pair_ns = 0;
-- Little's law over the clients: requests/s = concurrency / mean e2e.
SELECT 'sim-closed-little', abs(requests_per_s * e2e_mean_s / 16 - 1) < 0.02 FROM serving_sim WHERE concurrency = 16 AND n_requests = 2000 AND output_cv = 1;
SELECT 'sim-closed-columns', rate IS NULL AND concurrency = 16 AND think_time_s = 0.0 FROM serving_sim WHERE concurrency = 16 AND n_requests = 100;
SELECT 'sim-open-no-concurrency', concurrency IS NULL AND rate = 5.0 FROM serving_sim(5, 100);

-- Each connection keeps the row of every run (gpuadv_sim_vtab.c): 1,100
-- runs of distinct rates (the kept set grows twice, from 1,024 slots), then
-- the same 1,100 calls again, answered from what was kept, give the same
-- rows; and a p95 search asked twice gives the same max_rps.
CREATE TEMP TABLE sim_kept AS
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1100)
SELECT i, s.ttft_p95_s, s.tpot_p50_ms, s.e2e_p99_s, s.mean_batch, s.mean_queue, s.requests, s.max_rps
FROM n, serving_sim(i / 100.0, 20, 1, 'poisson', 1, 100, 0, 20, 0, 0, 8, 1000000, 8192, 0, 5, 0.02, 0.06, 30, 1) s;
SELECT 'sim-kept-again', (SELECT count(*) FROM sim_kept k, serving_sim(k.i / 100.0, 20, 1, 'poisson', 1, 100, 0, 20, 0, 0, 8, 1000000, 8192, 0, 5, 0.02, 0.06, 30, 1) s
                          WHERE s.ttft_p95_s IS k.ttft_p95_s AND s.tpot_p50_ms IS k.tpot_p50_ms AND s.e2e_p99_s IS k.e2e_p99_s
                            AND s.mean_batch IS k.mean_batch AND s.mean_queue IS k.mean_queue
                            AND s.requests IS k.requests AND s.max_rps IS k.max_rps) = 1100;
SELECT 'sim-kept-distinct', (SELECT count(DISTINCT e2e_p99_s) FROM sim_kept) > 500 AND (SELECT min(requests) = 20 AND max(requests) = 20 FROM sim_kept);
SELECT 'sim-kept-search', (SELECT count(*) FROM (SELECT 1 AS k UNION ALL SELECT 2) x, serving_sim s, serving_sim t
                           WHERE s.rate = 50 + x.k AND s.n_requests = 20 AND s.step_fixed_ms = 5 AND s.ttft_p95_max_s = 0.05
                             AND t.rate = 50 + x.k AND t.n_requests = 20 AND t.step_fixed_ms = 5 AND t.ttft_p95_max_s = 0.05
                             AND s.max_rps = t.max_rps AND s.ttft_p95_s = t.ttft_p95_s AND s.max_rps > 0 AND s.max_rps < 50) = 2;
DROP TABLE sim_kept;
-- The capacity search answers within 1% for each kind of target, on a
-- replica of at most 8 sequences that the design rate (200 requests/s)
-- overloads some 80 times: the rate it finds meets the target, unsaturated,
-- and max_rps / 0.99 misses it.
-- * p95 TTFT 0.5 s: max_rps 2.411 requests/s (p95 0.491 s; 0.528 s at
--   max_rps / 0.99). A bisection from 0 to 200 resolved only 200 / 256 =
--   0.78 requests/s (it said 2.344).
-- * mean TTFT 0.2 s, the 22nd argument, after think_time_s: max_rps 2.904
--   (mean 0.197 s; 0.208 s above).
-- * median TPOT 6 ms (the plans' per-user speed: 1000 / user_tps ms): a
--   step that decodes alone takes 5.09 ms, and the 30 ms of each
--   1000-token prompt's prefill that lands in the steps slows its users;
--   max_rps 2.549 (median 5.999 ms; 6.020 ms above).
CREATE TEMP TABLE sim_search AS
SELECT max_rps, 'p95-ttft' AS name, 0.5 AS target, 2.411 AS want
  FROM serving_sim WHERE rate = 200 AND n_requests = 300 AND step_fixed_ms = 5 AND max_running = 8 AND ttft_p95_max_s = 0.5
UNION ALL
SELECT max_rps, 'mean-ttft', 0.2, 2.904
  FROM serving_sim WHERE rate = 200 AND n_requests = 300 AND step_fixed_ms = 5 AND max_running = 8 AND ttft_mean_max_s = 0.2
UNION ALL
SELECT max_rps, 'median-tpot', 6, 2.549
  FROM serving_sim WHERE rate = 200 AND n_requests = 300 AND step_fixed_ms = 5 AND max_running = 8 AND tpot_p50_max_ms = 6;
-- Each target's run at max_rps (above = 0) and at max_rps / 0.99: whether
-- it meets the target, unsaturated, and max_rps is the rate above; each
-- target's check wants the first run to meet and the second not.
CREATE TEMP VIEW sim_search_runs AS
SELECT m.name, x.above, s.saturated = 0 AND round(m.max_rps, 3) = m.want
       AND (CASE m.name WHEN 'p95-ttft' THEN s.ttft_p95_s WHEN 'mean-ttft' THEN s.ttft_mean_s
                        ELSE s.tpot_p50_ms END <= m.target) AS meets
FROM sim_search m, (SELECT 0 AS above UNION ALL SELECT 1) x, serving_sim s
WHERE s.rate = CASE x.above WHEN 1 THEN m.max_rps / 0.99 ELSE m.max_rps END
  AND s.n_requests = 300 AND s.step_fixed_ms = 5 AND s.max_running = 8;
SELECT 'sim-search-p95-ttft', count(*) = 2 AND sum(meets = (above = 0)) = 2 FROM sim_search_runs WHERE name = 'p95-ttft';
SELECT 'sim-search-mean-ttft', count(*) = 2 AND sum(meets = (above = 0)) = 2 FROM sim_search_runs WHERE name = 'mean-ttft';
SELECT 'sim-search-median-tpot', count(*) = 2 AND sum(meets = (above = 0)) = 2 FROM sim_search_runs WHERE name = 'median-tpot';
SELECT 'sim-search-median-tpot-below-decode-alone', max_rps = 0
FROM serving_sim WHERE rate = 200 AND n_requests = 300 AND step_fixed_ms = 5 AND max_running = 8 AND tpot_p50_max_ms = 5;
DROP VIEW sim_search_runs;
DROP TABLE sim_search;
-- mem_headroom sizes the KV cache of a model replica: Llama 3.1 70B in FP8
-- (its checkpoint 72.70135 GB) with an FP8 cache on one H100 (85.0404 GB
-- as the driver reports it) with 5% left free, less vLLM's profiling step
-- (8192 x 2 x (3 x 28672 + 4 x 8192) + 1024 x 128256 x 4 B + 0.12 GB =
-- 2.59149 GB), holds (0.95 x 85.0404 - 2.59149 - 72.70135) x 1e9 / 163840
-- bytes a token (80 layers x 8 KV heads x 128 x 2 x 1 byte) = 33541
-- tokens; with the default 10%, 7589.
SELECT 'sim-mem-headroom-kv', kv_capacity_tokens = CAST((0.95 * 80 * 1.073741824 * 0.99 - (8192 * 2 * (3 * 28672 + 4 * 8192) + 1024 * 128256 * 4) / 1e9 - 0.12 - model_weights_gb('llama-3.1-70b', 'fp8')) * 1e9 / 163840 AS INTEGER) AND kv_capacity_tokens = 33541
FROM serving_sim(1, 200) WHERE model = 'llama-3.1-70b' AND gpu = 'h100-sxm' AND dtype = 'fp8' AND kv_dtype = 'fp8' AND mem_headroom = 0.05;
-- Steady state. A constant 10 ms step (no other cost), 1-token prompts and
-- 1000-token answers: each request is in the batch for exactly 1000 steps,
-- T = 10 s, so at 16 requests/s the batch holds 16 x 10 = 160 in steady
-- state (Little's law; no cap binds: 1024 sequences, 10^8 KV tokens). A run
-- of 300 requests lasts 18.75 s and its window starts 1.9 s in, while the
-- batch still fills: completions trail arrivals by far more than 5% and
-- the run is flagged although the replica keeps up. With steady_state = 1
-- the run is lengthened to a warm-up of 1.25 x 160 = 200 requests and 3 x
-- 160 = 480 measured ones (680; up to 682 where 10 s sums to a hair over
-- 160 x 1.25 in floating point), and measures the batch of 160.
SELECT 'sim-steady-short-run-flagged', saturated = 1 AND requests = 300 AND mean_batch < 140 FROM serving_sim WHERE rate = 16 AND n_requests = 300 AND step_fixed_ms = 10 AND step_per_seq_ms = 0 AND step_per_ctx_token_us = 0 AND step_per_prefill_token_us = 0 AND step_per_pair_ns = 0 AND prompt_tokens = 1 AND output_tokens = 1000 AND kv_capacity_tokens = 100000000;
SELECT 'sim-steady-run-length', saturated = 0 AND requests BETWEEN 680 AND 682 AND abs(e2e_mean_s - mean_wait_s - 10) < 1e-6 AND abs(mean_batch / 160 - 1) < 0.03 FROM serving_sim WHERE rate = 16 AND n_requests = 300 AND steady_state = 1 AND step_fixed_ms = 10 AND step_per_seq_ms = 0 AND step_per_ctx_token_us = 0 AND step_per_prefill_token_us = 0 AND step_per_pair_ns = 0 AND prompt_tokens = 1 AND output_tokens = 1000 AND kv_capacity_tokens = 100000000;
-- A run already long enough is not lengthened.
SELECT 'sim-steady-long-enough', requests = 2000 FROM serving_sim WHERE rate = 16 AND n_requests = 2000 AND warmup = 0.2 AND steady_state = 1 AND step_fixed_ms = 10 AND step_per_seq_ms = 0 AND step_per_ctx_token_us = 0 AND step_per_prefill_token_us = 0 AND step_per_pair_ns = 0 AND prompt_tokens = 1 AND output_tokens = 1000 AND kv_capacity_tokens = 100000000;
-- The search runs each rate in steady state: at 50 requests/s the batch
-- holds 500 of its 1024 sequences and every token takes 10 ms, so 50 is
-- met at once (a run of 300 requests, 6 s against T = 10 s, was flagged
-- and the search went down from there); the run took 1.25 x 500 + 3 x 500.
SELECT 'sim-steady-search', max_rps = 50 AND requests = 2125 FROM serving_sim WHERE rate = 50 AND n_requests = 300 AND tpot_p95_max_ms = 100 AND step_fixed_ms = 10 AND step_per_seq_ms = 0 AND step_per_ctx_token_us = 0 AND step_per_prefill_token_us = 0 AND step_per_pair_ns = 0 AND prompt_tokens = 1 AND output_tokens = 1000 AND kv_capacity_tokens = 100000000;
-- Data-parallel attention (ep > tp): the groups schedule their own
-- prompts and run each step in lockstep. A lone 4000-token prompt on
-- DeepSeek-V3 dp8 ep8 (8 H200) runs its attention and dense layers on one
-- group's GPU, so its first token comes as the layout's prefill says
-- (model_prefill_tps, one group), within 5% (the step's fixed cost per
-- layer, 61 x 121 us); spread over the 8 GPUs it came 5 times sooner.
-- (overlap = 0: the first token as its step ends.)
SELECT 'sim-dp-lone-prompt-one-group', abs(ttft_p50_s / (4000.0 / model_prefill_tps('deepseek-v3', 'h200', 'fp8', 1, 4000, 'vllm', 1, 8)) - 1) < 0.05 FROM serving_sim WHERE model = 'deepseek-v3' AND gpu = 'h200' AND dtype = 'fp8' AND tp = 1 AND ep = 8 AND rate = 0.01 AND n_requests = 20 AND prompt_tokens = 4000 AND output_tokens = 2 AND overlap = 0;
-- vLLM's groups each take token_budget tokens a step: 8000 and 32000 give
-- one chunk of 4000 alike. SGLang's share it: 8000 / 8 = 1000 a group cuts
-- the prompt into 4 steps, a later first token than with 32000.
SELECT 'sim-dp-vllm-budget-per-group', (SELECT ttft_p50_s FROM serving_sim WHERE model = 'deepseek-v3' AND gpu = 'h200' AND dtype = 'fp8' AND engine = 'vllm' AND tp = 1 AND ep = 8 AND rate = 0.01 AND n_requests = 20 AND prompt_tokens = 4000 AND output_tokens = 2 AND token_budget = 8000) = (SELECT ttft_p50_s FROM serving_sim WHERE model = 'deepseek-v3' AND gpu = 'h200' AND dtype = 'fp8' AND engine = 'vllm' AND tp = 1 AND ep = 8 AND rate = 0.01 AND n_requests = 20 AND prompt_tokens = 4000 AND output_tokens = 2 AND token_budget = 32000);
SELECT 'sim-dp-sglang-budget-shared', (SELECT ttft_p50_s FROM serving_sim WHERE model = 'deepseek-v3' AND gpu = 'h200' AND dtype = 'fp8' AND engine = 'sglang' AND tp = 1 AND ep = 8 AND rate = 0.01 AND n_requests = 20 AND prompt_tokens = 4000 AND output_tokens = 2 AND token_budget = 8000) > 1.02 * (SELECT ttft_p50_s FROM serving_sim WHERE model = 'deepseek-v3' AND gpu = 'h200' AND dtype = 'fp8' AND engine = 'sglang' AND tp = 1 AND ep = 8 AND rate = 0.01 AND n_requests = 20 AND prompt_tokens = 4000 AND output_tokens = 2 AND token_budget = 32000);
-- A hybrid model keeps a recurrent state per running sequence (Qwen3.5:
-- 98 MB at 16 bits). SGLang's 2,048 sequences' state would not fit beside
-- Qwen3.5-397B's 399 GB of FP8 weights on two MI355X; the engine runs as
-- many as their state and KV at the mean context (7372.5 + 921.5 / 2)
-- fill: the cache's 152.03 GB over 0.3383 GB a sequence, 449.
SELECT 'sim-hybrid-state-cap', (SELECT max_running FROM serving_sim WHERE concurrency = 4 AND n_requests = 40 AND prompt_tokens = 7372.5 AND output_tokens = 921.5
                                  AND model = 'qwen3.5-397b-a17b' AND gpu = 'mi355x' AND dtype = 'fp8' AND engine = 'sglang' AND tp = 2)
                               = floor(engine_cache_gb('sglang', 'mi355x', model_weights_gb('qwen3.5-397b-a17b', 'fp8'), 4096, 1024, 10, 248320, 2, 2, 1, 0.1)
                                       / model_kv_gb('qwen3.5-397b-a17b', 7372.5 + 921.5 / 2))
                           AND floor(engine_cache_gb('sglang', 'mi355x', model_weights_gb('qwen3.5-397b-a17b', 'fp8'), 4096, 1024, 10, 248320, 2, 2, 1, 0.1)
                                     / model_kv_gb('qwen3.5-397b-a17b', 7372.5 + 921.5 / 2)) = 449;
