-- The calibrated estimates against the published measurements
-- (catalogs/measurements.csv), computed by the extension itself through
-- sql/accuracy.sql. Every line must print `<name>|1`. The README's
-- accuracy table quotes these figures; the constants themselves are checked
-- against a refit by tests/calibration/test_calibration.sh.
SELECT 'acc-decode-llama-rows', (SELECT rows FROM estimate_accuracy_summary WHERE kind = 'decode' AND engine = 'llama.cpp') = 304;
SELECT 'acc-decode-llama-median', (SELECT median_abs_error FROM estimate_accuracy_summary WHERE kind = 'decode' AND engine = 'llama.cpp') <= 0.10;
SELECT 'acc-decode-llama-p90', (SELECT p90_abs_error FROM estimate_accuracy_summary WHERE kind = 'decode' AND engine = 'llama.cpp') <= 0.20;
SELECT 'acc-decode-llama-median-pinned', (SELECT round(median_abs_error, 3) FROM estimate_accuracy_summary WHERE kind = 'decode' AND engine = 'llama.cpp') = 0.043;
SELECT 'acc-decode-every-gpu-class', (SELECT count(DISTINCT g.memory_class) FROM estimate_accuracy a JOIN gpus g ON g.name = a.gpu WHERE a.kind = 'decode') = 3;
-- Spot check, worked by hand from the engines catalog's llama.cpp row:
-- Llama 3 8B Q4_K_M on an RTX 4090 at tg 512 (context 256): weights read
-- (8.03 - 128256 x 4096 / 1e9) x 4.89/8 = 4.5872 GB at 1008 x 0.917 GB/s
-- = 4.9627 ms; KV 256 x 131072 B = 0.0336 GB at 1008 x 0.5059 = 0.0658 ms;
-- 32 layers x 109.2 us = 3.4944 ms: 8.5229 ms, 117.33 tokens/s (measured
-- 130.58). A GGUF file's bits per weight cover its embedding and head.
SELECT 'acc-4090-8b-q4', abs((SELECT estimate FROM estimate_accuracy WHERE kind = 'decode' AND gpu = 'rtx-4090' AND model = 'llama-3-8b' AND dtype = 'q4_k_m' AND gen_tokens = 512 AND gpu_count = 1) - 117.33) < 0.01;
SELECT 'acc-4090-8b-q4-engine', (SELECT engine FROM estimate_accuracy WHERE kind = 'decode' AND gpu = 'rtx-4090' AND model = 'llama-3-8b' AND dtype = 'q4_k_m' AND gen_tokens = 512 AND gpu_count = 1) = 'llama.cpp';
SELECT 'acc-prefill-rows', (SELECT rows FROM estimate_accuracy_summary WHERE kind = 'prefill' AND engine = 'llama.cpp') = 286;
-- llama.cpp's prompts, each row on all its GPUs as a layer split, GeForce
-- cards at their fp16-accumulate rate, a GGUF type's fp16 copies of the
-- weights on discrete GPUs: median 12.4%, 90th percentile 35% (15.1% and
-- 37% with a fitted GGUF share of the mfu instead of the copies; 34% and
-- 124% when every row was one GPU at the catalog's rate).
SELECT 'acc-prefill-llama-pinned', (SELECT round(median_abs_error, 3) || ',' || round(p90_abs_error, 2) FROM estimate_accuracy_summary WHERE kind = 'prefill' AND engine = 'llama.cpp') = '0.124,0.35';
-- Spot check, worked by hand from the engines catalog's llama.cpp row:
-- Llama 3 8B Q4_K_M on an RTX 4090, a 512-token prompt: matmuls 2 x
-- 7.504663e9 x 512 FLOP at 330.3 TFLOP/s (fp16 accumulate) x 0.4357 =
-- 53.399 ms; attention 4 x 4096 x 512 x 32 x 256.5 FLOP at 330.3 x 0.4357
-- x 0.2001 = 2.391 ms; one fp16 copy 7.504663e9 x (4.89/8 + 4) bytes at
-- 1008 GB/s = 34.331 ms: 90.122 ms, 5681.2 tokens/s (measured 7138.99).
SELECT 'acc-prefill-4090-8b-q4', abs(model_prefill_tps('llama-3-8b', 'rtx-4090', 'q4_k_m', 1, 512, 'llama.cpp') - 5681.2) < 0.1;
-- 131 rows of the extracts and 58 read from TensorRT-LLM's overview
-- (P053 on: every figure of it the extract did not take, at one GPU or
-- tensor parallel), less the 12 figures the extracts hold twice and the 5
-- a later version of the overview supersedes (catalogs/measurements.md).
SELECT 'acc-aggregate-trtllm-rows', (SELECT rows FROM estimate_accuracy_summary WHERE kind = 'aggregate' AND engine = 'trtllm') = 172;
-- With each token's KV copies under tensor parallelism (4 KV heads of
-- Qwen3-235B on 8 GPUs: 2 copies), the 58 rows in the fit, gpt-oss's
-- Hopper rows read as MXFP4, the per-token cost charged to MoE models only
-- and 4-bit float matmuls at fp4_eff (dequant_eff without FP4 units),
-- the prompt's attention at the 16-bit rate whatever the weights' format,
-- each sequence's prompt + output reserved in the KV cache at most
-- trtllm-bench's 4096 at once, an MoE model's prompt tokens at
-- prefill_token each and its layers at moe_layer_overhead more, each
-- figure once, refitted with vLLM's own batch-1 rows on A100 and GDDR
-- and SGLang's on B200 and H200 (which move the pooled batch-1 constants),
-- MXFP4's matmuls on Hopper at dequant_prefill_eff in prompts, the cache
-- in what TensorRT-LLM's memory rule leaves it (engine_cache_gb): 9.6%
-- (9.0% with 90% of the catalog's memory less the weights; 8.8%
-- with dequant_eff in prompts too; 8.5% before SGLang's rows; 7.7% with 12 figures counted twice and 5 superseded ones; 7.8%
-- without the MoE layers' cost; 11.4% with the batch at the mean context and
-- no cost per prompt token; 12.6% with the attention at the weights' rate;
-- 15.9% with the per-token cost on every model and 4-bit float matmuls at
-- the full rate; 15.0% with gpt-oss's rows as FP8; 17.6% on the 131 rows
-- without the copies).
SELECT 'acc-aggregate-trtllm-median-pinned', (SELECT round(median_abs_error, 3) FROM estimate_accuracy_summary WHERE kind = 'aggregate' AND engine = 'trtllm') = 0.09;
SELECT 'acc-aggregate-trtllm-median-target', (SELECT median_abs_error FROM estimate_accuracy_summary WHERE kind = 'aggregate' AND engine = 'trtllm') <= 0.10;
-- Full load by hand: Llama 3.1 8B in fp8 on an H100 at 128/128 (D0949):
-- each sequence reserves 256 tokens of fp8 KV, 32 x 2 x 8 x 128 x 256
-- bytes = 0.016777 GB, in what TensorRT-LLM's memory rule leaves it: 0.9
-- x (85.040 GB of the H100 as its driver reports it - 2.144 GB of its
-- profiling step - 9.081 GB of the FP8 checkpoint: 6.98B weights at 1
-- byte, the embedding and head, 2 x 0.525B, at 2) = 66.434 GB: 3959
-- sequences (5279 at the mean context of 192, capped at 4096), decoding at
-- 192 tokens of context, each prompt's prefill between.
SELECT 'acc-full-load-reserves-whole', (SELECT estimate FROM estimate_accuracy WHERE id = 'D0949') = 128 / (128 / model_decode_tps('llama-3.1-8b', 'h100-sxm', 'fp8', 3959, 192, 1, 'trtllm') + 128 / model_prefill_tps('llama-3.1-8b', 'h100-sxm', 'fp8', 1, 128, 'trtllm'));
-- gpt-oss-20b in fp4 on a B200 at 1000/1000 (P060): the cache holds 5793
-- sequences of 2000 tokens; trtllm-bench runs at most 4096, not the
-- 2048 of trtllm-serve's default (engines.max_batch).
SELECT 'acc-full-load-bench-limit', (SELECT estimate FROM estimate_accuracy WHERE id = 'P060') = 1000 / (1000 / model_decode_tps('gpt-oss-20b', 'b200', 'fp4', 4096, 1500, 1, 'trtllm') + 1000 / model_prefill_tps('gpt-oss-20b', 'b200', 'fp4', 1, 1000, 'trtllm'));
-- Data-parallel attention with expert parallelism (TensorRT-LLM's DEPn
-- columns) and pipelines (TP1,PP2): rows no fit sees, scored by the
-- serving simulator's replica of that layout, all requests queued.
SELECT 'acc-dp-rows', (SELECT rows FROM estimate_accuracy_layout_summary WHERE engine = 'trtllm' AND parallelism = 'dp attention') = 69;
SELECT 'acc-dp-pinned', (SELECT round(median_abs_error, 3) || ',' || round(p90_abs_error, 2) FROM estimate_accuracy_layout_summary WHERE engine = 'trtllm' AND parallelism = 'dp attention') = '0.212,0.61';
SELECT 'acc-pp-pinned', (SELECT rows || ',' || round(median_abs_error, 3) FROM estimate_accuracy_layout_summary WHERE engine = 'trtllm' AND parallelism = 'pipeline') = '4,0.187';
SELECT 'acc-dp-layout', (SELECT layout FROM estimate_accuracy WHERE id = 'M0178') = 'dp8 ep8';
SELECT 'acc-pp-layout', (SELECT layout FROM estimate_accuracy WHERE id = 'P094') = 'tp1 pp2';
-- DEP2,PP2 (attention data parallel within pipeline stages) is no layout
-- of the functions: not estimated.
SELECT 'acc-dp-in-stages-out', (SELECT count(*) FROM estimate_accuracy WHERE id IN ('P112', 'P113', 'P114', 'P123', 'P124', 'P125', 'P126')) = 0;
-- A layout row is a closed loop with a client per request, with the
-- requests of the overview's "Reproducing" table: DEP4 DeepSeek-R1 on B200
-- at 1000/1000 (P001) 3000, at 1024/8192 (P002) 1500.
SELECT 'acc-dp-is-sim', (SELECT estimate FROM estimate_accuracy WHERE id = 'P001') = (SELECT throughput_tps FROM serving_sim WHERE model = 'deepseek-r1' AND gpu = 'b200' AND dtype = 'fp4' AND engine = 'trtllm' AND tp = 1 AND ep = 4 AND concurrency = 3000 AND n_requests = 3000 AND prompt_tokens = 1000 AND output_tokens = 1000);
SELECT 'acc-dp-bench-requests', (SELECT estimate FROM estimate_accuracy WHERE id = 'P002') = (SELECT throughput_tps FROM serving_sim WHERE model = 'deepseek-r1' AND gpu = 'b200' AND dtype = 'fp4' AND engine = 'trtllm' AND tp = 1 AND ep = 4 AND concurrency = 1500 AND n_requests = 1500 AND prompt_tokens = 1024 AND output_tokens = 8192);
SELECT 'acc-dp-not-in-summary', (SELECT count(*) FROM estimate_accuracy WHERE layout IS NOT NULL AND in_summary) = 0;
SELECT 'acc-aggregate-vllm-rows', (SELECT rows FROM estimate_accuracy_summary WHERE kind = 'aggregate' AND engine = 'vllm') = 8;
-- vLLM's 8 full-load rows are all on MI300X: amd_eff, the share of its
-- NVIDIA speed vLLM reaches there, is fitted on them (0.48: its NVIDIA
-- speed is 2.2 times the measurement, median).
SELECT 'acc-aggregate-vllm-amd', (SELECT median_abs_error <= 0.10 FROM estimate_accuracy_summary WHERE kind = 'aggregate' AND engine = 'vllm');
-- Intel's own figures on Gaudi (P157 to P188; the 8 of 128 + 2048 tokens,
-- whose prompts are under 10% of the tokens, are scored): estimated with
-- vLLM's constants at the row's stated batch, Llama 3.1 70B in fp8 on 8
-- Gaudi 3 at batch 600 (P174), its KV cache FP8 (measurements.kv_dtype),
-- by hand from the two functions; their
-- median row fits gaudi_eff, so the median error is small by construction
-- (catalogs/calibrate.py scores each Gaudi with the other's fit): 11.7%
-- (of 8 rows, the mean of the 4th and 5th; 11.4% before engine_cache_gb).
SELECT 'acc-intel-gaudi-rows', (SELECT rows = 8 AND round(median_abs_error, 3) = 0.112 FROM estimate_accuracy_summary WHERE kind = 'aggregate' AND engine = 'intel-gaudi');
SELECT 'acc-intel-gaudi-stated-batch', (SELECT abs(estimate - 2048 / (2048 / model_decode_tps('llama-3.1-70b', 'gaudi3', 'fp8', 600, 128 + 1024, 8, 'vllm', NULL, NULL, NULL, NULL, 'fp8') + 128 / model_prefill_tps('llama-3.1-70b', 'gaudi3', 'fp8', 8, 128, 'vllm'))) < 1e-6 FROM estimate_accuracy WHERE id = 'P174');
-- vLLM's own single-stream rows: the vLLM blog's fitted ITL lines at a
-- 1024-token input on H100 and B200 (P130 to P133), Llama 3.1 8B and
-- gpt-oss-20b, 18 rows on A100, L4, RTX workstation and GeForce cards
-- (P134 to P156 with a catalog GPU) and 3 of inference-bench (P202, P203,
-- P205: Qwen2.5-7B on an A100 40GB in bf16 and AWQ, on an L4): vLLM's
-- batch-1 constants are fitted on them, its share of GDDR bandwidth on the
-- GDDR ones.
SELECT 'acc-decode-vllm', (SELECT rows = 25 AND median_abs_error <= 0.10 AND p90_abs_error <= 0.20 FROM estimate_accuracy_summary WHERE kind = 'decode' AND engine = 'vllm');
-- SGLang's single-stream rows: LMSYS's gpt-oss-120b rows (M0250 to
-- M0253), the DGX Spark rows (M0254, M0258), SGLang's cookbook (P190 to P201: DeepSeek-R1, gpt-oss-120b
-- and Qwen3-235B on 8 B200, Llama 4 and DeepSeek-V3.1 on 8 MI300X) and an
-- AWQ row on an A100 40GB (P204). The batch-1 constants are fitted on the
-- NVIDIA HBM rows; the 5 MI300X rows are scored, not fitted (their
-- estimate is the NVIDIA speed at amd_eff). One cost per MoE layer does
-- not fit both gpt-oss (2.3 ms a token on 8 B200, 36 layers) and
-- DeepSeek (9.2 ms, 61 layers), and DeepSeek-V3.1 on MI300X takes 24 ms,
-- far above the NVIDIA speed at amd_eff: the target is missed, pinned.
-- DataCrunch's DeepSeek-R1 on 8 H200 (P189, January 2025) ran a release
-- before SGLang 0.5 (engines.era_from 2025-08-08), the era the constants
-- describe: scored, 2.97 times the measurement, not fitted, and out of
-- the summary.
SELECT 'acc-decode-sglang', (SELECT rows = 19 AND round(median_abs_error, 3) = 0.152 AND round(p90_abs_error, 2) = 1.9 AND worst_id = 'P201' FROM estimate_accuracy_summary WHERE kind = 'decode' AND engine = 'sglang');
SELECT 'acc-decode-sglang-older-era', (SELECT NOT in_summary AND round(rel_error, 2) = 1.97 FROM estimate_accuracy WHERE id = 'P189')
                                     AND (SELECT era || ' ' || era_from FROM engines WHERE name = 'sglang') = '0.5 2025-08-08';
SELECT 'acc-decode-sglang-amd-scored', (SELECT count(*) FROM estimate_accuracy a JOIN gpus g ON g.name = a.gpu WHERE a.kind = 'decode' AND a.engine = 'sglang' AND a.in_summary AND g.vendor = 'AMD') = 5;
-- Llama 3.1 8B bf16 on an H100 at batch 1, by hand from the engines
-- catalog's vLLM row: (8.03 - 128256 x 4096 / 1e9) x 2 = 15.011 GB read
-- at 3350 x bw_eff_hbm GB/s, 32 layers x layer_overhead_us, and the KV of
-- 1088 tokens, 1088 x 131072 B, at 3350 x kv_eff (the attention's FLOPs
-- take less).
SELECT 'acc-vllm-8b-by-hand', (SELECT abs(estimate - 1 / ((8.03 - 128256 * 4096 / 1e9) * 2 / (3350 * e.bw_eff_hbm) + 32 * e.layer_overhead_us * 1e-6 + 1088 * 131072 / 1e9 / (3350 * e.kv_eff))) < 1e-6 FROM estimate_accuracy, engines e WHERE id = 'P130' AND e.name = 'vllm');
-- A plain CUDA-graph decoder on an H100 (gpuadv issue 12 rows R001, R002)
-- is a floor for a serving engine at batch 1: vLLM's estimate reaches it
-- (within the 4 digits engines.csv keeps). The floor rows are out of the
-- summary: an estimate above them is no error.
SELECT 'acc-vllm-floor', (SELECT min(estimate / measured) FROM estimate_accuracy WHERE id IN ('R001', 'R002')) >= 0.999;
SELECT 'acc-vllm-floor-32b-share', (SELECT estimate * 32.76 * 2 / 3350 FROM estimate_accuracy WHERE id = 'R002') >= 0.654;
SELECT 'acc-floor-left-out', (SELECT count(*) FROM estimate_accuracy WHERE id IN ('R001', 'R002') AND NOT in_summary) = 2;
SELECT 'acc-flagged-left-out', (SELECT count(*) FROM estimate_accuracy WHERE NOT in_summary) > 0;
SELECT 'acc-speculative-left-out', (SELECT count(*) FROM estimate_accuracy a JOIN measurements m USING (id) WHERE a.in_summary AND m.speculative = 'yes') = 0;
SELECT 'acc-hw-median', (SELECT median_abs_error FROM estimate_accuracy_summary WHERE kind = 'hw') <= 0.10;
SELECT 'acc-train-rows', (SELECT rows FROM estimate_accuracy_summary WHERE kind = 'train_mem') = 9;
SELECT 'acc-train-median', (SELECT median_abs_error FROM estimate_accuracy_summary WHERE kind = 'train_mem') <= 0.10;
SELECT 'acc-train-gib-to-gb', (SELECT abs(measured - 84.2 * 1.073741824) < 1e-9 AND unit = 'GB' FROM estimate_accuracy WHERE id = 'T042');
-- Latency rows (TTFT, TPOT) are the serving simulator's to score; per-GPU
-- and online rows are not estimated here.
SELECT 'acc-latency-no-estimate', (SELECT count(*) FROM estimate_accuracy WHERE kind = 'latency') = 0;
SELECT 'acc-per-gpu-not-estimated', (SELECT count(*) FROM estimate_accuracy WHERE unit <> 'tokens/s' AND kind IN ('decode', 'prefill', 'aggregate')) = 0;
SELECT 'acc-online-not-estimated', (SELECT count(*) FROM estimate_accuracy a JOIN measurements m USING (id) WHERE m.scenario IN ('online', 'disaggregated')) = 0;
SELECT 'acc-layout-unstated-not-estimated', (SELECT count(*) FROM estimate_accuracy a JOIN measurements m USING (id) WHERE m.tp IS NULL AND m.gpu_count > 1 AND m.engine <> 'llama.cpp' AND a.kind IN ('decode', 'prefill', 'aggregate')) = 0;
-- By engine version (estimate_accuracy_versions): every summary row of
-- the four engines counted once under the version its source ran;
-- TensorRT-LLM's 0.17, 1.0 and 1.2 figures are each within 12% (median)
-- of one set of constants, SGLang 0.5.7's (DeepSeek-V3.1 on MI300X) 2.9
-- times too fast.
SELECT 'acc-versions-count', (SELECT sum(rows) FROM estimate_accuracy_versions WHERE engine = 'trtllm') = (SELECT rows FROM estimate_accuracy_summary WHERE kind = 'aggregate' AND engine = 'trtllm')
   AND (SELECT sum(rows) FROM estimate_accuracy_versions WHERE engine = 'vllm') = (SELECT sum(rows) FROM estimate_accuracy_summary WHERE engine = 'vllm' AND kind IN ('decode', 'aggregate'));
SELECT 'acc-versions-trtllm', (SELECT count(*) = 3 AND max(median_abs_error) < 0.12 FROM estimate_accuracy_versions WHERE engine = 'trtllm' AND version IN ('0.17', '1.0', '1.2'));
SELECT 'acc-versions-sglang-057', (SELECT rows = 3 AND round(median_rel_error, 2) = 1.9 FROM estimate_accuracy_versions WHERE engine = 'sglang' AND version = '0.5.7');
