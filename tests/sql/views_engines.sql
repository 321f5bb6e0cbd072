-- Engines as a dimension of the speed estimates (after sql/gpuadv.sql, for
-- speed_basis). Every line prints `NAME|1`.
-- The engine keywords the functions accept are the engines catalog's names.
SELECT 'eng-catalog-names', (SELECT group_concat(name, ', ') FROM (SELECT name FROM engines ORDER BY rowid)) = 'vllm, sglang, trtllm, llama.cpp';
SELECT 'eng-default-vllm', model_decode_tps('llama-3.1-8b', 'h100-sxm', 'bf16') = model_decode_tps('llama-3.1-8b', 'h100-sxm', 'bf16', 1, 0, 1, 'vllm');
SELECT 'eng-case-insensitive', model_decode_tps('llama-3.1-8b', 'h100-sxm', 'bf16', 1, 0, 1, 'TRTLLM') = model_decode_tps('llama-3.1-8b', 'h100-sxm', 'bf16', 1, 0, 1, 'trtllm');
SELECT 'eng-null-arg-default', model_decode_tps('llama-3.1-8b', 'h100-sxm', 'bf16', 1, 0, 1, NULL) = model_decode_tps('llama-3.1-8b', 'h100-sxm', 'bf16');
-- What an engine does not run gives NULL, documented in engine_support.
SELECT 'eng-trtllm-not-amd', model_decode_tps('llama-3.1-8b', 'mi300x', 'fp8', 1, 0, 1, 'trtllm') IS NULL;
SELECT 'eng-llamacpp-not-tpu', model_decode_tps('llama-3.1-8b', 'tpu-v6e', 'bf16', 1, 0, 1, 'llama.cpp') IS NULL;
SELECT 'eng-llamacpp-not-gaudi', model_prefill_tps('llama-3.1-8b', 'gaudi3', 'bf16', 1, 512, 'llama.cpp') IS NULL;
SELECT 'eng-fp8-needs-ada', model_decode_tps('llama-3.1-8b', 'a100-sxm-80gb', 'fp8') IS NULL AND model_decode_tps('llama-3.1-8b', 'l40s', 'fp8') > 0;
SELECT 'eng-fp4-needs-blackwell', model_decode_tps('llama-3.1-8b', 'h100-sxm', 'fp4') IS NULL AND model_decode_tps('llama-3.1-8b', 'b200', 'fp4') > 0 AND model_decode_tps('llama-3.1-8b', 'mi355x', 'fp4') > 0;
SELECT 'eng-gguf-only-llamacpp', model_decode_tps('llama-3-8b', 'rtx-4090', 'q4_k_m') IS NULL AND model_decode_tps('llama-3-8b', 'rtx-4090', 'q4_k_m', 1, 0, 1, 'llama.cpp') > 0;
SELECT 'eng-serves-matches-null', (SELECT count(*) FROM gpus g, engines e WHERE (engine_serves(e.name, g.name, 'bf16') = 1) <> (model_decode_tps('llama-3.1-8b', g.name, 'bf16', 1, 0, 1, e.name) IS NOT NULL)) = 0;
SELECT 'eng-sweep-keeps-rows', (SELECT count(*) FROM gpus g, engines e) = (SELECT count(*) * 4 FROM gpus);
-- Physical sense: no estimate above the datasheet's rooflines. Batch 1
-- reads at least the active weights less the input embedding; at a huge
-- batch the matmuls take at least 2 x active FLOP per token at the dense
-- datasheet rate.
SELECT 'eng-bandwidth-roofline', (SELECT count(*) FROM models m, gpus g, engines e
  WHERE model_decode_tps(m.name, g.name, 'bf16', 1, 0, 1, e.name)
        * (m.active_params_b - m.vocab * m.hidden / 1e9) * 2 > g.mem_bw_gbs * (1 + 1e-9)) = 0;
SELECT 'eng-compute-roofline', (SELECT count(*) FROM models m, gpus g, engines e
  WHERE g.bf16_tflops > 0
    AND model_decode_tps(m.name, g.name, 'bf16', 65536, 0, 1, e.name)
        * 2 * m.active_params_b * 1e9 > g.bf16_tflops * 1e12 * (1 + 1e-9)) = 0;
SELECT 'eng-prefill-roofline', (SELECT count(*) FROM models m, gpus g, engines e
  WHERE g.bf16_tflops > 0
    AND model_prefill_tps(m.name, g.name, 'bf16', 1, 8192, e.name)
        * 2 * (m.active_params_b - m.vocab * m.hidden / 1e9) * 1e9 > g.bf16_tflops * 1e12) = 0;
-- Prefill: short prompts run less efficiently (reading the weights takes
-- longer than their matmuls), long ones pay attention's square; the default
-- prompt is 512 tokens.
SELECT 'eng-prefill-short-slower', model_prefill_tps('llama-3.1-70b', 'h100-sxm', 'fp8', 1, 64) < model_prefill_tps('llama-3.1-70b', 'h100-sxm', 'fp8', 1, 8192);
SELECT 'eng-prefill-attention', model_prefill_tps('llama-3.1-70b', 'h100-sxm', 'fp8', 1, 65536) < model_prefill_tps('llama-3.1-70b', 'h100-sxm', 'fp8', 1, 8192);
SELECT 'eng-prefill-default-512', model_prefill_tps('llama-3.1-70b', 'h100-sxm', 'fp8') = model_prefill_tps('llama-3.1-70b', 'h100-sxm', 'fp8', 1, 512);
-- Worked by hand, with the engines catalog's vllm prefill constants: Llama
-- 3.1 70B in fp8 on one H100, a 8192-token prompt: the matmuls, 2 x (70.6 -
-- 128256 x 8192 / 1e9) x 1e9 x 8192 = 1.13950e15 FLOP, at 1978.9 TFLOP/s
-- x (1402.6 / 1978.9) / 0.76 (the H100's measured fp8 matmul share against
-- the median share) x mfu; the attention, 4 x 64 x 128 x 80 x 8192 x
-- 4096.5 = 8.79734e13 FLOP, at the 16-bit rate, 989.4 x (794.5 / 989.4) /
-- 0.76 x mfu; mfu = prefill_mfu x 8192 / (8192 + prefill_half_tokens).
SELECT 'eng-prefill-by-hand', (SELECT abs(model_prefill_tps('llama-3.1-70b', 'h100-sxm', 'fp8', 1, 8192) - 8192 / ((2 * (70.6 - 128256 * 8192 / 1e9) * 1e9 * 8192 / 1402.6e12 + 4.0 * 64 * 128 * 80 * 8192 * 4096.5 / 794.5e12) * 0.76 / (prefill_mfu * 8192 / (8192 + prefill_half_tokens)))) < 1e-6 FROM engines WHERE name = 'vllm');
-- A chip whose matmuls reach less of their datasheet rate computes that
-- much slower: the MI300X's 668.4 of 1307.4 bf16 TFLOP/s (0.511, against
-- the median 0.76), on a prompt long enough to be compute-bound; and an
-- AMD GPU at the engine's amd_eff of its NVIDIA speed.
SELECT 'eng-achieved-matmul-share', (SELECT abs(model_prefill_tps('llama-3.1-8b', 'mi300x', 'bf16', 1, 4096) - 4096 / ((2 * (8.03 - 128256 * 4096 / 1e9) * 1e9 * 4096 + 4.0 * 32 * 128 * 32 * 4096 * 2048.5) / (668.4e12 / 0.76 * amd_eff * prefill_mfu * 4096 / (4096 + prefill_half_tokens)))) < 1e-6 FROM engines WHERE name = 'vllm');
-- amd_eff scales the bandwidth too: Llama 3.1 8B at batch 1 on an MI300X
-- (5300 GB/s) decodes as on a GPU of amd_eff x 5300 GB/s, its weights read
-- at bw_eff_hbm of that.
SELECT 'eng-amd-eff-bandwidth', (SELECT abs(1 / model_decode_tps('llama-3.1-8b', 'mi300x', 'bf16') - ((8.03 - 128256 * 4096 / 1e9) * 2 / (5300 * amd_eff * bw_eff_hbm) + 32 * layer_overhead_us * 1e-6)) < 1e-9 FROM engines WHERE name = 'vllm');
SELECT 'eng-amd-eff-fitted', (SELECT amd_eff < 1 FROM engines WHERE name = 'vllm') AND (SELECT amd_eff FROM engines WHERE name = 'trtllm') = 1;
-- gaudi_eff does the same on an Intel Gaudi: Llama 3.1 8B at batch 1 on a
-- Gaudi 3 (3700 GB/s) decodes as on a GPU of gaudi_eff x 3700 GB/s; it is
-- fitted for vLLM on Intel's own figures, 1 for the engines that do not
-- run there; and it leaves the other vendors alone (an H100 is the same).
SELECT 'eng-gaudi-eff-bandwidth', (SELECT abs(1 / model_decode_tps('llama-3.1-8b', 'gaudi3', 'bf16') - ((8.03 - 128256 * 4096 / 1e9) * 2 / (3700 * gaudi_eff * bw_eff_hbm) + 32 * layer_overhead_us * 1e-6)) < 1e-9 FROM engines WHERE name = 'vllm');
SELECT 'eng-gaudi-eff-fitted', (SELECT gaudi_eff < 1 AND gaudi_eff >= 0.05 FROM engines WHERE name = 'vllm') AND (SELECT count(*) FROM engines WHERE name <> 'vllm' AND gaudi_eff <> 1) = 0;
SELECT 'eng-gaudi-eff-h100-untouched', (SELECT abs(1 / model_decode_tps('llama-3.1-8b', 'h100-sxm', 'bf16') - ((8.03 - 128256 * 4096 / 1e9) * 2 / (3350 * bw_eff_hbm) + 32 * layer_overhead_us * 1e-6)) < 1e-9 FROM engines WHERE name = 'vllm');
-- engine_vendor_share() is the factor the two functions apply: the
-- engine's amd_eff on an AMD GPU, gaudi_eff on a Gaudi, 1 on NVIDIA, a TPU
-- or where the engine's factor is 1 (TensorRT-LLM's amd_eff, SGLang's
-- gaudi_eff); its ratio of model_decode_tps on an MI300X at batch 1 to the
-- same call with the share set aside is the share itself.
SELECT 'eng-vendor-share-columns', (SELECT engine_vendor_share('vllm', 'mi300x') = amd_eff AND engine_vendor_share('vllm', 'gaudi3') = gaudi_eff AND engine_vendor_share('vllm', 'gaudi2') = gaudi_eff FROM engines WHERE name = 'vllm');
SELECT 'eng-vendor-share-ones', engine_vendor_share('vllm', 'h100-sxm') = 1.0 AND engine_vendor_share('vllm', 'tpu-v6e') = 1.0 AND engine_vendor_share('trtllm', 'mi300x') = 1.0 AND engine_vendor_share('sglang', 'gaudi3') = 1.0 AND engine_vendor_share('llama.cpp', 'rx-7900-xtx') = (SELECT amd_eff FROM engines WHERE name = 'llama.cpp');
SELECT 'eng-vendor-share-null', engine_vendor_share(NULL, 'mi300x') IS NULL AND engine_vendor_share('vllm', NULL) IS NULL AND typeof(engine_vendor_share('VLLM', 'MI300X')) = 'real';
SELECT 'eng-vendor-share-scales-decode', (SELECT abs(1 / model_decode_tps('llama-3.1-8b', 'mi300x', 'bf16') - ((8.03 - 128256 * 4096 / 1e9) * 2 / (5300 * engine_vendor_share('vllm', 'mi300x') * bw_eff_hbm) + 32 * layer_overhead_us * 1e-6)) < 1e-9 FROM engines WHERE name = 'vllm');
-- Worked by hand: a 64-token prompt of Llama 3.1 70B in fp8 on one H100
-- reads the weights once but the input embedding: (70.6 - 2 x 128256 x
-- 8192 / 1e9) x 1 byte + the output head 128256 x 8192 / 1e9 x 2 bytes
-- (16 bits in an FP8 checkpoint) = 70.6 GB, at 3350 GB/s x bw_eff_hbm,
-- which takes longer than its 9e12 FLOP: 64 tokens in 27.49 ms, 2328
-- tokens/s.
SELECT 'eng-prefill-weights-floor', (SELECT abs(model_prefill_tps('llama-3.1-70b', 'h100-sxm', 'fp8', 1, 64) - 64 / (70.6 / (3350 * bw_eff_hbm))) < 0.01 FROM engines WHERE name = 'vllm');
-- llama.cpp splits layers over its GPUs (multi_gpu 'layer'): a stream runs
-- at one GPU's speed plus a hop per boundary. 70B q4_k_m on 4 RTX 4090s,
-- 512 tokens of context: one GPU's step plus 3 x (30 us + 8192 x 2 B /
-- 25 GB/s) = 3 x 30.655 us (measured on 4 GPUs: 17.66 to 19.8 tokens/s).
-- with data-parallel attention each group has its own token budget, but
-- SGLang's share one (server_args.py divides chunked_prefill_size by the
-- groups)
SELECT 'eng-dp-token-budget', (SELECT group_concat(name || ' ' || dp_token_budget, ',') FROM (SELECT name, dp_token_budget FROM engines ORDER BY rowid)) = 'vllm group,sglang shared,trtllm group,llama.cpp group';
SELECT 'eng-llamacpp-multi-gpu', (SELECT group_concat(multi_gpu, ',') FROM (SELECT multi_gpu FROM engines ORDER BY rowid)) = 'tensor,tensor,tensor,layer';
SELECT 'eng-layer-split-decode', abs(model_decode_tps('llama-3-70b', 'rtx-4090', 'q4_k_m', 1, 512, 4, 'llama.cpp') - 1 / (1 / model_decode_tps('llama-3-70b', 'rtx-4090', 'q4_k_m', 1, 512, 1, 'llama.cpp') + 3 * (30e-6 + 8192 * 2 / 1e9 / 25))) < 1e-9;
SELECT 'eng-layer-split-as-pp', model_decode_tps('llama-3-70b', 'rtx-4090', 'q4_k_m', 2, 512, 4, 'llama.cpp') = model_decode_tps('llama-3-70b', 'rtx-4090', 'q4_k_m', 2, 512, 1, 'llama.cpp', 4);
-- A prompt's 512-token micro-batches overlap across the GPUs, 2048 tokens
-- (token_budget) at a time: 4 micro-batches on 4 GPUs take 7 stage times of
-- a quarter micro-batch, 16/7 times as fast as one GPU, plus 3 hops of
-- 4096 x 4096 x 2 bytes over PCIe.
SELECT 'eng-layer-split-prefill', abs(model_prefill_tps('llama-3-8b', 'rtx-4090', 'fp16', 4, 4096, 'llama.cpp') - 4096 / (4096 / model_prefill_tps('llama-3-8b', 'rtx-4090', 'fp16', 1, 4096, 'llama.cpp') / (16.0 / 7) + 3 * (30e-6 + 4096 * 4096 * 2 / 1e9 / 25))) < 1e-6;
-- GeForce cards run fp16 matmuls that accumulate in fp16 at twice their
-- fp32-accumulate rate; llama.cpp's do (fp16_accumulate). Llama 3 8B in
-- fp16, a 512-token prompt on an RTX 4090: 2 x (8.03 - 128256 x 4096 / 1e9)
-- x 1e9 x 512 matmul FLOP and 4 x 4096 x 32 x 512 x 256.5 attention FLOP
-- at 330.3 TFLOP/s (not 165.2) x prefill_mfu, attention at attn_eff of it.
SELECT 'eng-geforce-acc16', (SELECT fp16_acc16_tflops FROM gpus WHERE name = 'rtx-4090') = 330.3 AND (SELECT fp16_acc16_tflops FROM gpus WHERE name = 'rtx-6000-ada') IS NULL AND (SELECT count(*) FROM gpus WHERE fp16_acc16_tflops IS NOT NULL) = 18;
SELECT 'eng-llamacpp-acc16-prefill', (SELECT abs(model_prefill_tps('llama-3-8b', 'rtx-4090', 'fp16', 1, 512, 'llama.cpp') - 512 / ((2 * (8.03 - 128256 * 4096 / 1e9) * 1e9 * 512 + 4.0 * 4096 * 32 * 512 * 256.5 / attn_eff) / (330.3e12 * prefill_mfu))) < 1e-6 FROM engines WHERE name = 'llama.cpp');
SELECT 'eng-vllm-acc32-prefill', (SELECT abs(model_prefill_tps('llama-3-8b', 'rtx-4090', 'fp16', 1, 512, 'vllm') - 512 / ((2 * (8.03 - 128256 * 4096 / 1e9) * 1e9 * 512 + 4.0 * 4096 * 32 * 512 * 256.5) / (165.2e12 * prefill_mfu * 512 / (512 + prefill_half_tokens)))) < 1e-6 FROM engines WHERE name = 'vllm');
-- 4-bit float weights: the matmuls at fp4_eff of the FP4 rate where the
-- chip has FP4 units (B200: 9000 TFLOP/s, scaled by its measured fp8 share
-- 3432.5 / 4500 over 0.76), and on a chip without them (H100) at
-- dequant_prefill_eff of the 16-bit rate (989.4, scaled by the fp8 share
-- 1402.6 / 1978.9 over 0.76); the attention in either at the 16-bit rate (B200:
-- 1745 / 0.76, H100: 794.5 / 0.76, the measured bf16 rates over 0.76), so
-- 4-bit weights speed up the matmuls only. Llama 3.1 70B, 8192 tokens.
SELECT 'eng-fp4-eff-prefill', (SELECT abs(model_prefill_tps('llama-3.1-70b', 'b200', 'fp4', 1, 8192, 'trtllm') - 8192 / ((2 * (70.6 - 128256 * 8192 / 1e9) * 1e9 * 8192 / (9000e12 * 3432.5 / 4500 * fp4_eff) + 4.0 * 64 * 128 * 80 * 8192 * 4096.5 / 1745e12) * 0.76 / (prefill_mfu * 8192 / (8192 + prefill_half_tokens)))) < 1e-6 AND fp4_eff < 1 FROM engines WHERE name = 'trtllm');
SELECT 'eng-dequant-eff-prefill', (SELECT abs(model_prefill_tps('llama-3.1-70b', 'h100-sxm', 'mxfp4', 1, 8192, 'trtllm') - 8192 / ((2 * (70.6 - 128256 * 8192 / 1e9) * 1e9 * 8192 / (989.4e12 * 1402.6 / 1978.9 * dequant_prefill_eff) + 4.0 * 64 * 128 * 80 * 8192 * 4096.5 / 794.5e12) * 0.76 / (prefill_mfu * 8192 / (8192 + prefill_half_tokens)))) < 1e-6 AND dequant_prefill_eff < 1 FROM engines WHERE name = 'trtllm');
-- A decode step's matmuls serve a few rows per unpacked weight tile:
-- dequant_eff, below dequant_prefill_eff. Llama 3.1 8B in mxfp4 on an H100
-- at batch 1024 and no context is compute-bound: 2 x 8.03e9 x 1024 FLOP at
-- 989.4 x 1402.6 / 1978.9 / 0.76 TFLOP/s x dequant_eff x compute_eff, plus
-- 32 layers x layer_overhead_us (reading the weights' 5.8 GB takes 2.6 ms).
SELECT 'eng-dequant-eff-decode', (SELECT abs(model_decode_tps('llama-3.1-8b', 'h100-sxm', 'mxfp4', 1024, 0, 1, 'trtllm') - 1024 / (2 * 8.03e9 * 1024 / (989.4e12 * 1402.6 / 1978.9 / 0.76 * dequant_eff * compute_eff) + 32 * layer_overhead_us * 1e-6)) < 1e-6 AND dequant_eff < dequant_prefill_eff FROM engines WHERE name = 'trtllm');
-- The attention's rate does not follow the weights': fp8 weights double
-- the matmuls' rate of bf16 on an H100 (by the measured shares), not the
-- attention's, so a 65,536-token prompt, mostly attention, gains less than
-- an 8192-token one.
SELECT 'eng-attention-16bit', model_prefill_tps('llama-3.1-70b', 'h100-sxm', 'fp8', 1, 65536, 'trtllm') / model_prefill_tps('llama-3.1-70b', 'h100-sxm', 'bf16', 1, 65536, 'trtllm') < model_prefill_tps('llama-3.1-70b', 'h100-sxm', 'fp8', 1, 8192, 'trtllm') / model_prefill_tps('llama-3.1-70b', 'h100-sxm', 'bf16', 1, 8192, 'trtllm');
SELECT 'eng-basis-values', (SELECT group_concat(DISTINCT basis) FROM (SELECT basis FROM speed_basis ORDER BY basis)) = 'extrapolated,measured,same-class';
SELECT 'eng-basis-h100-trtllm', (SELECT basis FROM speed_basis WHERE engine = 'trtllm' AND gpu = 'h100-sxm') = 'measured';
SELECT 'eng-basis-h100-pcie-trtllm', (SELECT basis FROM speed_basis WHERE engine = 'trtllm' AND gpu = 'h100-pcie') = 'same-class';
SELECT 'eng-basis-gaudi-vllm', (SELECT basis FROM speed_basis WHERE engine = 'vllm' AND gpu = 'gaudi3') = 'extrapolated';
-- A llama.cpp workload's plan names its layer split: 70B in q4_k_m (43.2
-- GB) on a quote of 4 RTX 4090s runs on two of them (2 x 24 GiB x 0.99 x
-- 0.9 = 45.9 GB) as 2 stages ('pp2') at one GPU's speed plus a hop (18.1
-- tokens/s; measured 17.7 to 19.8 on 2 to 8 GPUs), not as tensor
-- parallelism at 2 GPUs' bandwidth.
INSERT INTO rental_quotes(provider, name, gpu, gpu_count, usd_per_hour) VALUES ('mine', '4x4090', 'rtx-4090', 4, 1.20);
INSERT INTO workloads(name, kind, model, dtype, engine, requests_per_min, prompt_tokens, output_tokens, user_tps) VALUES ('q70-llamacpp', 'serve', 'llama-3-70b', 'q4_k_m', 'llama.cpp', 1, 500, 200, 5);
SELECT 'eng-layer-split-plan', (SELECT layout = 'pp2' AND gpus_per_replica = 2 AND abs(tps_per_user - model_decode_tps('llama-3-70b', 'rtx-4090', 'q4_k_m', 1, 600, 2, 'llama.cpp')) < 0.5 AND works FROM serving_plans WHERE workload = 'q70-llamacpp' AND offer = 'mine/4x4090');
-- best_plans says where a plan's speed was scaled by the engine's share of
-- its NVIDIA speed: vLLM on a Gaudi 3 at gaudi_eff (0.8372: 84%), on an
-- MI300X at amd_eff (0.4862: 49%); nothing of the kind on an H100.
INSERT INTO rental_quotes(provider, name, gpu, gpu_count, usd_per_hour) VALUES ('mine', '8xgaudi3', 'gaudi3', 8, 30.0), ('mine', '8xmi300x', 'mi300x', 8, 20.0), ('mine', '8xh100', 'h100-sxm', 8, 20.0);
INSERT INTO workloads(name, kind, model, dtype, requests_per_min, prompt_tokens, output_tokens, user_tps, offer_glob) VALUES ('s8-gaudi', 'serve', 'llama-3.1-8b', 'bf16', 60, 500, 200, 20, 'mine/8xgaudi3'), ('s8-mi300x', 'serve', 'llama-3.1-8b', 'bf16', 60, 500, 200, 20, 'mine/8xmi300x'), ('s8-h100', 'serve', 'llama-3.1-8b', 'bf16', 60, 500, 200, 20, 'mine/8xh100');
SELECT 'eng-best-plans-gaudi-share', (SELECT works AND reason LIKE '%no measurement of this engine on this kind of GPU, at ' || printf('%.0f', 100 * (SELECT gaudi_eff FROM engines WHERE name = 'vllm')) || '% of its NVIDIA speed (engine_vendor_share);%' AND reason LIKE '%at 84% of its NVIDIA speed%' FROM best_plans WHERE workload = 's8-gaudi');
SELECT 'eng-best-plans-amd-share', (SELECT works AND reason LIKE '%, at 49% of its NVIDIA speed (engine_vendor_share);%' FROM best_plans WHERE workload = 's8-mi300x');
SELECT 'eng-best-plans-nvidia-no-share', (SELECT works AND reason NOT LIKE '%NVIDIA speed%' FROM best_plans WHERE workload = 's8-h100');
-- The catalog's measured matmul rates are the measurements rows they come
-- from (stas00/ml-engineering's maximum achievable matmul table).
SELECT 'eng-achieved-equals-measurements', (SELECT count(*) FROM measurements m JOIN gpus g ON g.name = m.gpu WHERE m.metric = 'matmul_tflops_max_achievable' AND m.value = CASE m.dtype WHEN 'fp8' THEN g.fp8_achieved_tflops ELSE g.bf16_achieved_tflops END) = 19 AND (SELECT count(*) FROM gpus WHERE bf16_achieved_tflops IS NOT NULL OR fp8_achieved_tflops IS NOT NULL) = 12;
-- model_serving_batch: Llama 3.1 70B fp8 on 2 x H100 at a 600-token
-- context, its KV cache 16-bit as vLLM keeps it by default
-- (engine_kv_dtype), keeps 40.1 tokens/s per sequence at batch 128, 27.6
-- at 256, 45.6 at 64 and 49.1 at 32; 52.9 at batch 1: 41 tokens/s hold
-- 64 sequences, 40 hold 128.
SELECT 'eng-serving-batch-40', model_serving_batch('llama-3.1-70b', 'h100-sxm', 'fp8', 41, 500, 600, 2) = 64 AND model_serving_batch('llama-3.1-70b', 'h100-sxm', 'fp8', 40, 500, 600, 2) = 128 AND model_decode_tps('llama-3.1-70b', 'h100-sxm', 'fp8', 128, 600, 2) / 128 >= 40 AND model_decode_tps('llama-3.1-70b', 'h100-sxm', 'fp8', 256, 600, 2) / 256 < 40 AND model_decode_tps('llama-3.1-70b', 'h100-sxm', 'fp8', 500, 600, 2) / 500 < 40;
SELECT 'eng-serving-batch-48', model_serving_batch('llama-3.1-70b', 'h100-sxm', 'fp8', 48, 500, 600, 2) = 32 AND model_decode_tps('llama-3.1-70b', 'h100-sxm', 'fp8', 32, 600, 2) / 32 >= 48 AND model_decode_tps('llama-3.1-70b', 'h100-sxm', 'fp8', 64, 600, 2) / 64 < 48;
SELECT 'eng-serving-batch-missed', model_serving_batch('llama-3.1-70b', 'h100-sxm', 'fp8', 60, 500, 600, 2) = 1 AND model_decode_tps('llama-3.1-70b', 'h100-sxm', 'fp8', 1, 600, 2) < 60;
SELECT 'eng-serving-batch-no-target', model_serving_batch('llama-3.1-70b', 'h100-sxm', 'fp8', 0, 500, 600, 2) = 500 AND typeof(model_serving_batch('llama-3.1-70b', 'h100-sxm', 'fp8', 0, 500, 600, 2)) = 'integer';
SELECT 'eng-serving-batch-real-cap', model_serving_batch('llama-3.1-70b', 'h100-sxm', 'fp8', 0, 37.5, 600, 2) = 37.5 AND typeof(model_serving_batch('llama-3.1-70b', 'h100-sxm', 'fp8', 0, 37.5, 600, 2)) = 'real' AND model_serving_batch('llama-3.1-70b', 'h100-sxm', 'fp8', 50, 0.5, 600, 2) = 0.5;
SELECT 'eng-serving-batch-not-served', model_serving_batch('llama-3.1-8b', 'mi300x', 'fp8', 10, 64, 0, 1, 'trtllm') IS NULL;
-- a layout: DeepSeek-V3 as dp8 ep8 on H200 with SGLang at 9,000 tokens,
-- its MLA latent in 16 bits as SGLang keeps it (engine_kv_dtype): 337
-- sequences fit; 19.1 tokens/s per sequence at 337, 20.4 at 256, 23.1 at
-- 128
SELECT 'eng-serving-batch-dp8', max_batch(8 * 141, model_weights_gb('deepseek-v3', 'fp8', 8), model_kv_gb('deepseek-v3', 9000, 1, engine_kv_dtype('sglang', 'fp8')), 0.1) = 337 AND model_serving_batch('deepseek-v3', 'h200', 'fp8', 17, 337, 9000, 1, 'sglang', 1, 8) = 337 AND model_decode_tps('deepseek-v3', 'h200', 'fp8', 337, 9000, 1, 'sglang', 1, 8) / 337 >= 17 AND model_serving_batch('deepseek-v3', 'h200', 'fp8', 20, 337, 9000, 1, 'sglang', 1, 8) = 256 AND model_decode_tps('deepseek-v3', 'h200', 'fp8', 337, 9000, 1, 'sglang', 1, 8) / 337 < 20 AND model_decode_tps('deepseek-v3', 'h200', 'fp8', 256, 9000, 1, 'sglang', 1, 8) / 256 >= 20 AND model_serving_batch('deepseek-v3', 'h200', 'fp8', 21, 337, 9000, 1, 'sglang', 1, 8) = 128;

-- A plan's basis is 'measured' only where a measurement of the engine on
-- the GPU backs this model family within twice its size, its dtype class
-- and a batch within 8 times the plan's: Llama 3.1 8B in bf16 at batch 8
-- on an H100 with vLLM is (vLLM's own rows at concurrency 8); in fp8 at
-- batch 90 on an RTX 5090 it is not: the engine's only rows on that card
-- are a 32B int4 model at batch 1, which the reason names
INSERT INTO workloads(name, kind, model, dtype, requests_per_min, output_tokens, peak_concurrency, offer_glob) VALUES
  ('basis-8b-h100', 'serve', 'llama-3.1-8b', 'bf16', 60, 300, 8, 'h100-sxm'),
  ('basis-8b-5090', 'serve', 'llama-3.1-8b', 'fp8', 300, 300, NULL, 'rtx-5090');
SELECT 'eng-basis-plan-measured', (SELECT basis = 'measured' AND basis_nearest IS NULL AND batch_per_replica = 8
                                   FROM serving_plans WHERE workload = 'basis-8b-h100' AND rank = 1);
SELECT 'eng-basis-plan-same-gpu', (SELECT basis = 'same-gpu' AND basis_nearest = 'qwen2.5-32b int4 at batch 1'
                                   FROM serving_plans WHERE workload = 'basis-8b-5090' AND rank = 1)
                                  AND (SELECT basis FROM speed_basis WHERE engine = 'vllm' AND gpu = 'rtx-5090') = 'measured';
SELECT 'eng-basis-plan-reason', (SELECT reason LIKE '%; speed fitted: this engine is measured on this GPU only for other models, dtypes or batches (nearest: qwen2.5-32b int4 at batch 1); %'
                                 FROM best_plans WHERE workload = 'basis-8b-5090');

-- A measurement that states no batch is not read as batch 1: vLLM's rows
-- on an L40S are MLPerf runs of Llama 3.1 8B in fp8, Offline (as many
-- sequences as the engine admits: vLLM's max_batch, 1024) and Server (its
-- batch not stated, ranked as far as a comparable batch can be, 8 times);
-- at batch 8 the Server row is nearer (8 < 1024 / 8) and named so
INSERT INTO workloads(name, kind, model, dtype, requests_per_min, output_tokens, peak_concurrency, offer_glob) VALUES
  ('basis-8b-l40s', 'serve', 'qwen2.5-7b', 'fp8', 60, 300, 8, 'l40s');
SELECT 'eng-basis-batch-unstated', (SELECT basis_nearest = 'llama-3.1-8b fp8 at a batch its source does not state'
                                    FROM serving_plans WHERE workload = 'basis-8b-l40s' AND engine = 'vllm' AND rank = 1)
                                   AND (SELECT count(*) FROM measurements WHERE gpu = 'l40s' AND engine = 'vllm'
                                        AND kind = 'aggregate' AND batch IS NULL AND concurrency IS NULL) = 2;

-- engine_cache_gb(): the engines' memory rules by hand (ext/gpuadv_engine_mem.c).
-- An H100 as its driver reports it: 80 GiB x 0.99 = 85.0403 GB. Llama 3.1 8B
-- in 16 bits (16.06 GB): vLLM's profiling step at 8,192 tokens and 1,024
-- sequences takes 8192 x 2 x (3 x 14336 + 4 x 4096) + 1024 x 128256 x 4 B
-- = 1.4984 GB, + 0.12 GB outside PyTorch; 0.9 x 85.0403 - 1.6184 - 16.06 =
-- 58.858 GB = 54.82 GiB, where vLLM logs "the rest of the memory reserved
-- for KV Cache is 54.93GiB" for this model on an H100 at 0.90.
SELECT 'eng-cache-vllm-by-hand', abs(engine_cache_gb('vllm', 'h100-sxm', 16.06, 4096, 14336, 0, 128256) - (0.9 * 80 * 1.073741824 * 0.99 - (8192 * 2 * (3 * 14336 + 4 * 4096) + 1024 * 128256 * 4) / 1e9 - 0.12 - 16.06)) < 1e-9;
SELECT 'eng-cache-vllm-log', abs(engine_cache_gb('vllm', 'h100-sxm', 16.06, 4096, 14336, 0, 128256) / 1.073741824 / 54.93 - 1) < 0.01;
-- SGLang: 512 + 1.5 x 8192 + 2 x 256 + 1024 / 8 = 13,440 MiB reserved on
-- an 80 GiB GPU at tp 1; at tp 8, 512 + 12288 + 2 x 512 + 1024 = 14,848
SELECT 'eng-cache-sglang', abs(engine_cache_gb('sglang', 'h100-sxm', 16.06, 4096, 14336, 0, 128256) - (80 * 1.073741824 * 0.99 - 13440 * 1.048576e-3 - 16.06)) < 1e-9
   AND abs(engine_cache_gb('sglang', 'h100-sxm', 141.1, 8192, 28672, 0, 128256, 8, 8) - (8 * (80 * 1.073741824 * 0.99 - 14848 * 1.048576e-3) - 141.1)) < 1e-9;
-- TensorRT-LLM: 0.9 of what the weights and activations leave (2,048
-- sequences' logits)
SELECT 'eng-cache-trtllm', abs(engine_cache_gb('trtllm', 'h100-sxm', 16.06, 4096, 14336, 0, 128256) - 0.9 * (80 * 1.073741824 * 0.99 - (8192 * 2 * (3 * 14336 + 4 * 4096) + 2048 * 128256 * 4) / 1e9 - 0.12 - 16.06)) < 1e-9;
-- an L40S in a rack server keeps 8% for ECC: 48 x 1.073741824 x 0.92
SELECT 'eng-cache-ecc', abs(engine_cache_gb('llama.cpp', 'l40s', 16.06, 4096, 14336, 0, 128256) - (0.9 * 48 * 1.073741824 * 0.92 - 16.06)) < 1e-9;
-- an MoE model's tokens go through experts_per_token experts' FFNs
SELECT 'eng-cache-moe', abs(engine_cache_gb('vllm', 'h100-sxm', 0, 4096, 1536, 8, 151936, 4, 4) - 4 * (0.9 * 80 * 1.073741824 * 0.99 - (8192 * 2 * (3 * 1536 * 8 / 4.0 + 4 * 4096) + 1024 * 151936 * 4) / 1e9 - 0.12)) < 1e-9;
-- nothing left: 0, not a negative size
SELECT 'eng-cache-none', engine_cache_gb('sglang', 'h100-sxm', 150, 8192, 28672, 0, 128256, 2, 2) = 0.0;
-- a fractional GPU: its share of the memory
SELECT 'eng-cache-fraction', abs(engine_cache_gb('llama.cpp', 'h100-sxm', 1, 4096, 14336, 0, 128256, 1, 1, 1, 0.1, 0.5) - (0.9 * 40 * 1.073741824 * 0.99 - 1)) < 1e-9;

-- model_full_load_tps(): an offline run at full load. Llama 3.1 8B in fp8
-- on one H100 with TensorRT-LLM, 1,000 + 1,000 tokens: the cache's 66.434
-- GB (engine_cache_gb of its 9.08 GB of weights) holds 506 sequences of
-- 32 layers x 8 KV heads x 128 x 2 x 2,000 tokens x 1 byte (fp8, the
-- checkpoint's) = 0.131072 GB; they decode at a mean context of 1,500
-- tokens, each prompt's 1,000 tokens prefilled between.
SELECT 'full-load-batch-by-hand', abs(engine_cache_gb('trtllm', 'h100-sxm', model_weights_gb('llama-3.1-8b', 'fp8'), 4096, 14336, 0, 128256) / (32 * 8 * 128 * 2 * 2000 * 1 / 1e9) - 506.85) < 0.01;
SELECT 'full-load-composition', abs(model_full_load_tps('llama-3.1-8b', 'h100-sxm', 'fp8', 1000, 1000, 1, 'trtllm')
  - 1000 / (1000 / model_decode_tps('llama-3.1-8b', 'h100-sxm', 'fp8', 506, 1500, 1, 'trtllm')
            + 1000 / model_prefill_tps('llama-3.1-8b', 'h100-sxm', 'fp8', 1, 1000, 'trtllm'))) < 1e-9;
-- a benchmark's batch limit below the cache's: that many sequences
SELECT 'full-load-cap', abs(model_full_load_tps('llama-3.1-8b', 'h100-sxm', 'fp8', 1000, 1000, 1, 'trtllm', 64)
  - 1000 / (1000 / model_decode_tps('llama-3.1-8b', 'h100-sxm', 'fp8', 64, 1500, 1, 'trtllm')
            + 1000 / model_prefill_tps('llama-3.1-8b', 'h100-sxm', 'fp8', 1, 1000, 'trtllm'))) < 1e-9;
-- no prompt: decode alone; a 405B model in 16 bits leaves one H100 no
-- cache, and TensorRT-LLM serves no GGUF: NULL
SELECT 'full-load-no-prompt', abs(model_full_load_tps('llama-3.1-8b', 'h100-sxm', 'fp8', 0, 1000, 1, 'trtllm')
  - model_decode_tps('llama-3.1-8b', 'h100-sxm', 'fp8', 1013, 500, 1, 'trtllm')) < 1e-9;
SELECT 'full-load-null', model_full_load_tps('llama-3.1-405b', 'h100-sxm', 'bf16', 1000, 1000) IS NULL
  AND model_full_load_tps('llama-3.1-8b', 'h100-sxm', 'q4_k_m', 1000, 1000, 1, 'trtllm') IS NULL;
-- the simulator's cache is the same rule's: Llama 3.1 8B with 16-bit KV
-- (131,072 B a token) on one H100 under vLLM
SELECT 'eng-cache-sim', (SELECT kv_capacity_tokens FROM serving_sim WHERE model = 'llama-3.1-8b' AND gpu = 'h100-sxm' AND rate = 1 AND n_requests = 10)
   = CAST(engine_cache_gb('vllm', 'h100-sxm', model_weights_gb('llama-3.1-8b', 'bf16'), 4096, 14336, 0, 128256) * 1e9 / 131072 AS INTEGER);
-- Engine releases (ext/gpuadv_release.c). Overlap scheduling is on by
-- default from SGLang 0.3.6, TensorRT-LLM 0.20.0 and vLLM 0.14.0, and
-- each engine with such a release names its date too; llama.cpp has none.
SELECT 'eng-overlap-releases', (SELECT group_concat(name || ' ' || coalesce(overlap_version, '-') || ' ' || coalesce(overlap_from, '-'), ',') FROM (SELECT * FROM engines ORDER BY rowid))
                               = 'vllm 0.14.0 2026-01-20,sglang 0.3.6 2024-11-22,trtllm 0.20.0 2025-06-12,llama.cpp - -';
-- how each engine admits a request to its KV cache (serving_sim's preempt)
SELECT 'eng-kv-admission', (SELECT group_concat(name || ' ' || kv_admission, ',') FROM (SELECT * FROM engines ORDER BY rowid)) = 'vllm preempt,sglang reserve,trtllm reserve,llama.cpp reserve';
SELECT 'eng-overlap-newest', engine_overlap('vllm') = 1 AND engine_overlap('sglang') = 1 AND engine_overlap('trtllm') = 1
                             AND engine_overlap('llama.cpp') = 0 AND engine_overlap('vllm', NULL) = 1 AND engine_overlap(NULL) IS NULL;
-- releases ordered as PEP 440 orders them: a pre-release (dev < a < b <
-- rc) before its release, a post-release after it, missing parts 0, a
-- local label ('+cu129') and a leading 'v' left out
SELECT 'eng-version-order', (SELECT group_concat(v || ':' || engine_overlap('vllm', v), ' ') FROM (SELECT value AS v FROM json_each('["0.13.0","0.13.9.post1","0.14.0.dev5","0.14.0a1","0.14.0b2","0.14.0rc1","0.14","0.14.0","v0.14.0","0.14.0+cu129","0.14.0.post1","0.14.1","1.0"]')))
                            = '0.13.0:0 0.13.9.post1:0 0.14.0.dev5:0 0.14.0a1:0 0.14.0b2:0 0.14.0rc1:0 0.14:1 0.14.0:1 v0.14.0:1 0.14.0+cu129:1 0.14.0.post1:1 0.14.1:1 1.0:1';
SELECT 'eng-version-sglang', engine_overlap('sglang', '0.5') = 1 AND engine_overlap('sglang', '0.5.10rc0') = 1 AND engine_overlap('trtllm', '0.19.0') = 0
                             AND engine_overlap('trtllm', '1.2.0rc6') = 1 AND engine_overlap('llama.cpp', 'b7423') = 0;
-- serving_sim takes the release's overlap as its default, and says which
SELECT 'eng-sim-version', (SELECT overlap = 0 AND engine_version = '0.11.2' FROM serving_sim WHERE rate = 1 AND n_requests = 20 AND model = 'llama-3.1-8b' AND gpu = 'h100-sxm' AND engine_version = '0.11.2')
                          AND (SELECT overlap = 1 FROM serving_sim WHERE rate = 1 AND n_requests = 20 AND model = 'llama-3.1-8b' AND gpu = 'h100-sxm' AND engine_version = '0.14.0')
                          AND (SELECT overlap = 1 FROM serving_sim WHERE rate = 1 AND n_requests = 20 AND model = 'llama-3.1-8b' AND gpu = 'h100-sxm' AND engine_version = '0.11.2' AND overlap = 1);
