-- Checks of every estimator function beyond the seed figures: defaults,
-- boundaries of each range, the NULL rule, numeric text, keywords, result
-- types. Every line must print `<name>|1`. Figures are worked by hand in
-- the comments.

-- bytes_per_param and weights_gb
SELECT 'bpp-fp32',        bytes_per_param('fp32') = 4.0;
SELECT 'bpp-bf16-upper',  bytes_per_param('BF16') = 2.0 AND bytes_per_param('Bf16') = 2.0;
SELECT 'bpp-fp8',         bytes_per_param('fp8') = 1.0;
SELECT 'bpp-nf4',         bytes_per_param('nf4') = 0.5;
SELECT 'bpp-q8_0',        bytes_per_param('q8_0') = 1.0625;                  -- 8.5 bits
SELECT 'bpp-q4_0',        bytes_per_param('q4_0') = 0.5625;                  -- 4.5 bits
SELECT 'bpp-q4_k_m',      abs(bytes_per_param('q4_k_m') - 0.61125) < 1e-12;  -- 4.89 bits
SELECT 'bpp-mxfp4',       bytes_per_param('mxfp4') = 0.53125;                -- 4.25 bits
SELECT 'bpp-null',        bytes_per_param(NULL) IS NULL;
SELECT 'w-8b-q4_k_m',     abs(weights_gb(8.03, 'q4_k_m') - 4.9083375) < 1e-9;  -- 8.03 x 0.61125
SELECT 'w-numeric-text',  weights_gb(' 7 ', 'fp16') = 14.0 AND weights_gb('7.5', 'fp16') = 15.0;
SELECT 'w-integer-arg',   weights_gb(7, 'fp16') = 14.0;
SELECT 'w-max-params',    weights_gb(100000, 'fp16') = 200000.0;
SELECT 'w-type-real',     typeof(weights_gb(7, 'fp16')) = 'real';

-- train_mem_gb: modes, defaults, ZeRO
SELECT 'tm-full16',       train_mem_gb(70, 'full16') = 1120.0;               -- 16 B/param
SELECT 'tm-lora',         abs(train_mem_gb(70, 'lora') - 151.2) < 1e-9;      -- 2 + 1% x 16
SELECT 'tm-qlora',        abs(train_mem_gb(70, 'qlora') - 47.31125) < 1e-9;  -- 0.5 + 0.127/8 + 0.16
SELECT 'tm-mode-case',    train_mem_gb(7, 'FULL') = train_mem_gb(7, 'full');
SELECT 'tm-null-optional', train_mem_gb(13, 'full', NULL, NULL, NULL) = 234.0;
SELECT 'tm-zero1-x8',     train_mem_gb(8, 'full', 8, 1) = 8 * (2 + 4 + 12 / 8.0);
SELECT 'tm-zero2-x8',     train_mem_gb(8, 'full', 8, 2) = 8 * (2 + (4 + 12) / 8.0);
SELECT 'tm-zero3-x8',     train_mem_gb(8, 'full', 8, 3) = 8 * 18 / 8.0;
SELECT 'tm-zero-text',    train_mem_gb(8, 'full', '8', '3') = 18.0;
SELECT 'tm-null-mode',    train_mem_gb(7, NULL) IS NULL;

-- kv_cache_gb
SELECT 'kv-8b-per-token', abs(kv_cache_gb(32, 8, 128, 1) * 1e9 - 131072) < 1e-6;  -- Llama 3.1 8B
SELECT 'kv-qwen-per-token', abs(kv_cache_gb(28, 4, 128, 1) * 1e9 - 57344) < 1e-6; -- Qwen2.5 7B
SELECT 'kv-fp8',          abs(kv_cache_gb(80, 8, 128, 8192, 1, 'fp8') - 1.34217728) < 1e-12;
SELECT 'kv-zero-seq',     kv_cache_gb(80, 8, 128, 0) = 0.0;
SELECT 'kv-null-batch',   kv_cache_gb(80, 8, 128, 8192, NULL, NULL) = kv_cache_gb(80, 8, 128, 8192);
SELECT 'kv-null-layers',  kv_cache_gb(NULL, 8, 128, 8192) IS NULL;

-- activation_gb (Korthikanti et al. 2022); s=2048 b=1 h=4096 a=32 L=32
SELECT 'act-selective-default', abs(activation_gb(32, 4096, 32, 2048, 1) - 32 * 34 * 2048 * 4096 / 1e9) < 1e-9;
SELECT 'act-full',        abs(activation_gb(32, 4096, 32, 2048, 1, 'full') - 32 * 2 * 2048 * 4096 / 1e9) < 1e-9;
SELECT 'act-none',        abs(activation_gb(32, 4096, 32, 2048, 1, 'none') - 32 * 2048 * 4096 * (34 + 5 * 32 * 2048 / 4096.0) / 1e9) < 1e-9;
SELECT 'act-case',        activation_gb(32, 4096, 32, 2048, 1, 'Selective') = activation_gb(32, 4096, 32, 2048, 1);

-- decode_tps: defaults, KV reads, compute roof
SELECT 'dec-default-eff', abs(decode_tps(3350, 14) - 151.635357142857) < 1e-9;  -- 3350 x 0.6337 / 14
SELECT 'dec-eff-1-ok',    abs(decode_tps(3350, 14, 1, 1) - 239.285714285714) < 1e-9;
SELECT 'dec-kv',          abs(decode_tps(3350, 14, 1, 1.0, 2.75) - 200) < 1e-9;  -- 3350 / 16.75
SELECT 'dec-roof-binding', abs(decode_tps(3350, 14, 1000, 1.0, 0, 989, 7) - 989e12 * 0.76 / 14e9) < 1e-6;
SELECT 'dec-roof-idle',   abs(decode_tps(3350, 14, 1, 1.0, 0, 989, 7) - 239.285714285714) < 1e-9;
SELECT 'dec-roof-half-given', decode_tps(3350, 14, 1000, 1.0, 0, 989, NULL) = decode_tps(3350, 14, 1000, 1.0);
SELECT 'dec-compute-only', abs(decode_tps(3350, 0, 1, 1.0, 0, 989, 7) - 989e12 * 0.76 / 14e9) < 1e-6;

-- prefill_tps
SELECT 'pre-default-mfu', abs(prefill_tps(989, 70) - 4146.02928571429) < 1e-6;    -- 989e12 x 0.5869 / 140e9
SELECT 'pre-mfu-1',       abs(prefill_tps(989, 70, 1) - 7064.28571428571) < 1e-6;

-- cost_per_mtok, owned_usd_per_hour
SELECT 'cost-basic',      abs(cost_per_mtok(3.6, 1000) - 1.0) < 1e-12;
SELECT 'cost-util',       abs(cost_per_mtok(3.6, 1000, 0.5) - 2.0) < 1e-12;
SELECT 'cost-free',       cost_per_mtok(0, 1000) = 0.0;
SELECT 'owned-capex',     abs(owned_usd_per_hour(26280, 3) - 1.0) < 1e-12;   -- 26280 / (3 x 8760)
SELECT 'owned-power',     abs(owned_usd_per_hour(0, 3, 1000) - 0.12) < 1e-12;  -- default 0.12 USD/kWh
SELECT 'owned-pue',       abs(owned_usd_per_hour(0, 3, 1000, 0.10, 1.5) - 0.15) < 1e-12;
SELECT 'owned-pue-1-ok',  owned_usd_per_hour(0, 3, 1000, 0.10, 1) = owned_usd_per_hour(0, 3, 1000, 0.10);
-- owned_term_usd: sold at the end for the resale share, replaced past the lifetime
SELECT 'term-short',      owned_term_usd(100000, 0.25, 35040, 730, 10) = 82300.0;   -- 75,000 + 730 x 10
SELECT 'term-lifetime',   owned_term_usd(100000, 0.25, 35040, 35040, 0) = 75000.0;
SELECT 'term-two-lives',  owned_term_usd(100000, 0.25, 35040, 70080, 0) = 150000.0;
SELECT 'term-amortized',  abs(owned_term_usd(26280, 0, 26280, 26280, 0) / 26280 - owned_usd_per_hour(26280, 3)) < 1e-12;

-- nodes_required, max_batch: integer counts
SELECT 'nodes-type',      typeof(nodes_required(1260, 80)) = 'integer';
SELECT 'nodes-zero',      nodes_required(0, 80) = 0;
SELECT 'nodes-over',      nodes_required(160.01, 80) = 3;
SELECT 'nodes-headroom-0-ok', nodes_required(160, 80, 0) = 2;
SELECT 'nodes-headroom-half', nodes_required(100, 80, 0.5) = 3;                -- 100 / 40 = 2.5
SELECT 'nodes-fp-0.7',    nodes_required(0.7, 0.1) = 7;
SELECT 'mb-exact-fill',   max_batch(80, 0, 0.1) = 800;
SELECT 'mb-headroom',     max_batch(80, 14, 1, 0.1) = 58;                    -- 72 - 14
SELECT 'mb-nofit-type',   typeof(max_batch(80, 140, 1)) = 'integer';

-- train_gpu_hours, egress, break-even, ridge point
SELECT 'gh-default-mfu',  abs(train_gpu_hours(7, 1, 312) - 6 * 7e9 * 1e9 / 312e12 / 3600) < 1e-9;
SELECT 'gh-zero-tokens',  train_gpu_hours(7, 0, 312) = 0.0;
SELECT 'egress-default',  abs(egress_usd(1000, 2) - 180) < 1e-9;              -- 0.09 USD/GB
SELECT 'egress-zero-runs', egress_usd(1000, 0) = 0.0;
SELECT 'be-owned',        abs(break_even_hours(2000, 2, 0.1) - 2000 / 1.9) < 1e-9;
SELECT 'be-zero-capex',   break_even_hours(0, 2) = 0.0;
SELECT 'ridge-h100',      abs(ridge_point(989, 3350) - 295.223880597015) < 1e-9;

-- spend_problem: the plan views' money verdicts, checked in order: $1,234,567.50
-- rounds half away from zero to $1,234,568; over budget comes before acquire
SELECT 'spend-over-budget', spend_problem(1234567.5, 0, 'any', 1000000) = 'over budget: $1,234,568 > $1,000,000';
-- Beyond 64-bit integers (9.2e18 on) as SQLite shows a REAL, never held
-- at $9,223,372,036,854,775,807.
SELECT 'spend-beyond-int64', spend_problem(1e308, 0, 'any', 1) = 'over budget: $1.0e+308 > $1';
SELECT 'spend-int64-edge',  spend_problem(9.3e18, 0, 'any', 9.1e18) = 'over budget: $9.3e+18 > $9,100,000,000,000,000,000';
SELECT 'spend-budget-first', spend_problem(20, 1, 'rent', 10) = 'over budget: $20 > $10';
SELECT 'spend-at-budget',   spend_problem(10, 0, 'any', 10) IS NULL;
SELECT 'spend-rents-only',  spend_problem(10, 1, 'rent') = 'the workload rents only (acquire = ''rent'')';
SELECT 'spend-buys-only',   spend_problem(10, 0, 'BUY', NULL) = 'the workload buys only (acquire = ''buy'')';
SELECT 'spend-ok',          spend_problem(10, 0, 'rent') IS NULL AND spend_problem(10, 1, 'buy', 11) IS NULL
                              AND spend_problem(10, 1, 'any') IS NULL AND spend_problem(10, 0, 'any') IS NULL;
SELECT 'spend-huge',        spend_problem(1e20, 0, 'any', 5) = 'over budget: $1.0e+20 > $5';

-- NULL in any required argument gives NULL, for every function
SELECT 'null-all', weights_gb(NULL, 'bf16') IS NULL AND kv_cache_gb(80, NULL, 128, 1) IS NULL
  AND activation_gb(32, 4096, 32, NULL, 1) IS NULL AND decode_tps(3350, NULL) IS NULL
  AND prefill_tps(NULL, 70) IS NULL AND cost_per_mtok(1, NULL) IS NULL
  AND nodes_required(NULL, 80) IS NULL AND train_gpu_hours(7, NULL, 312) IS NULL
  AND owned_usd_per_hour(NULL, 3) IS NULL AND egress_usd(NULL, 1) IS NULL
  AND break_even_hours(1000, NULL) IS NULL AND ridge_point(312, NULL) IS NULL
  AND max_batch(80, NULL, 1) IS NULL AND train_mem_gb(NULL, NULL) IS NULL
  AND spend_problem(NULL, 1, 'rent') IS NULL AND spend_problem(10, 1, NULL) IS NULL;
SELECT 'null-beats-error', weights_gb(NULL, 'fp5') IS NULL AND decode_tps(-1, NULL) IS NULL;

SELECT 'version', gpuadv_version() GLOB '[0-9]*.[0-9]*.[0-9]*';

-- train_peak_gb (catalogs/train_peak.md): worked figures. Mode 'full' is
-- PyTorch AMP (fp32 weights, bf16 autocast, AdamW): the larger of the
-- optimizer step, 4 + 4 + 8 + 4 = 20 B/param, and the loss's backward,
-- 12 B/param + 2 per linear weight + activations + head + logits. (Until
-- the bench/gpu counts these figures added 18 B/param, Korthikanti's 34 sbh
-- per layer and a 1.96% slack; the counts of that stack replaced them.)
-- 13B full, 4 GPUs ZeRO-3, 40 layers, h 5120, s 4096, b 1, selective, no
-- logits, I = 8h/3: 13 x (4/4 + 8/4) + 2 x 13/4 + 40 x (34 + 8 x 8/3
-- + 4 x 40/5120) x sbh/1e9 + 10 sbh/1e9 = 92.1529, plus ZeRO-3's two
-- gathered bf16 layers, 2 x 2 x 13/40 = 1.3: 93.4529 (above the step's 65)
SELECT 'tp-13b-zero3', abs(train_peak_gb(13, 'full', 40, 5120, 40, 4096, 1, 4, 3) - 93.4528938666667) < 1e-9;
-- 7B full on one GPU with checkpointing: the optimizer step, 20 B/param
SELECT 'tp-amp-step', train_peak_gb(7, 'full', 32, 4096, 32, 2048, 1, 1, 0, 'full', 32000, 1, 11008) = 140.0;
-- ZeRO-1 over 8: 7 x (4 + 4 + (8 + 4)/8) = 66.5, still the step
SELECT 'tp-amp-zero1', abs(train_peak_gb(7, 'full', 32, 4096, 32, 2048, 1, 8, 1, 'full', 32000, 1, 11008) - 66.5) < 1e-9;
-- ZeRO-2: the step is 42; the loss's backward, 7 x (4 + 1) + 2 x (7 - 32000
-- x 4096/1e9) + 32 x 4 sbh + 10 sbh + 2048 x 32000 x 14.52, is higher
SELECT 'tp-amp-zero2', abs(train_peak_gb(7, 'full', 32, 4096, 32, 2048, 1, 8, 2, 'full', 32000, 1, 11008) - 50.847066624) < 1e-9;
-- QLoRA, checkpointing: state + 2 sbh per layer + 4 sbh + the rebuilt layer
-- (28 + 8 x 8/3 + 4 a/h) sbh
SELECT 'tp-full-recompute', abs(train_peak_gb(7, 'qlora', 32, 4096, 32, 2048, 1, 1, 0, 'full') - (train_mem_gb(7, 'qlora') + (32 * 2 + 4 + 28 + 8 * 8 / 3.0 + 4 * 32 / 4096.0) * 2048 * 4096 / 1e9)) < 1e-9;
-- torchtitan's row T041: 16 B/param / 8 + 2 sbh x 32 + (2 + 12.52) per logit
-- + 34 sbh + two gathered bf16 layers, 2 x 2 x (8.03 - 2 x 128256 x
-- 4096/1e9) / 32 = 0.872415856
SELECT 'tp-logits', abs(train_peak_gb(8.03, 'full16', 32, 4096, 32, 32768, 1, 8, 3, 'full', 128256) - 91.10884986816) < 1e-9;
SELECT 'tp-intermediate-default', train_peak_gb(7, 'lora', 32, 4096, 32, 2048, 1, 1, 0, 'selective', 32000, 1, 0) = train_peak_gb(7, 'lora', 32, 4096, 32, 2048, 1, 1, 0, 'selective', 32000, 1, 4096 * 8 / 3.0);
SELECT 'tp-intermediate', abs(train_peak_gb(7, 'lora', 32, 4096, 32, 2048, 1, 1, 0, 'selective', 32000, 1, 14336) - train_peak_gb(7, 'lora', 32, 4096, 32, 2048, 1) - (32 * 8 * 14336 / 4096.0 * 2048 * 4096 / 1e9 + 2048 * 32000 * 14.52 / 1e9 - 32 * 8 * 8 / 3.0 * 2048 * 4096 / 1e9)) < 1e-9;
SELECT 'tp-none-s2', abs(train_peak_gb(7, 'lora', 32, 4096, 32, 2048, 1, 1, 0, 'none') - train_peak_gb(7, 'lora', 32, 4096, 32, 2048, 1) - 32 * 5 * 32 * 2048 / 4096.0 * 2048 * 4096 / 1e9) < 1e-9;
SELECT 'tp-ce-chunks', train_peak_gb(8, 'lora', 32, 4096, 32, 2048, 2, 1, 0, 'full', 128256, 8) < train_peak_gb(8, 'lora', 32, 4096, 32, 2048, 2, 1, 0, 'full', 128256);
SELECT 'tp-null', train_peak_gb(7, 'full', 32, 4096, 32, NULL, 1) IS NULL;
-- lora_rank 16 on Llama 2 7B (L 32, h 4096, I 11008): 16 x 32 x (11 x 4096
-- + 3 x 11008) = 39,976,960 adapter parameters at 16 B, against 1% of 7B:
-- 16 x (0.03997696 - 0.07) = -0.48036864 GB
SELECT 'tp-lora-rank', abs(train_peak_gb(7, 'lora', 32, 4096, 32, 2048, 1, 1, 0, 'full', 32000, 1, 11008, 16) - train_peak_gb(7, 'lora', 32, 4096, 32, 2048, 1, 1, 0, 'full', 32000, 1, 11008) + 0.48036864) < 1e-9;
SELECT 'tp-lora-rank-0', train_peak_gb(7, 'qlora', 32, 4096, 32, 2048, 1, 1, 0, 'full', 32000, 1, 11008, 0) = train_peak_gb(7, 'qlora', 32, 4096, 32, 2048, 1, 1, 0, 'full', 32000, 1, 11008);
SELECT 'tp-lora-rank-ignored', train_peak_gb(7, 'full', 32, 4096, 32, 2048, 1, 8, 3, 'full', 32000, 1, 11008, 64) = train_peak_gb(7, 'full', 32, 4096, 32, 2048, 1, 8, 3, 'full', 32000, 1, 11008);
-- ZeRO-3 against ZeRO-2, 70B full16 over 8 GPUs: the weights sharded,
-- 70 x (2/8 - 2) = -122.5, and two gathered layers, 2 x 2 x 70/80 = 3.5
SELECT 'tp-zero3-gathered', abs(train_peak_gb(70, 'full16', 80, 8192, 64, 2048, 1, 8, 3, 'full') - train_peak_gb(70, 'full16', 80, 8192, 64, 2048, 1, 8, 2, 'full') + 119.0) < 1e-9;
-- QLoRA's gathered layers are NF4: 7 x (0.515875 + 0.04) x (1/2 - 1)
-- + 2 x 0.515875 x 7/32 = -1.7198671875
SELECT 'tp-zero3-nf4', abs(train_peak_gb(7, 'qlora', 32, 4096, 32, 2048, 1, 2, 3, 'full') - train_peak_gb(7, 'qlora', 32, 4096, 32, 2048, 1, 2, 2, 'full') + 1.7198671875) < 1e-9;
-- nothing is gathered on one GPU
SELECT 'tp-zero3-one-gpu', train_peak_gb(70, 'full16', 80, 8192, 64, 2048, 1, 1, 3, 'full') = train_peak_gb(70, 'full16', 80, 8192, 64, 2048, 1, 1, 0, 'full');
-- traffic through the day (ext/gpuadv_traffic.c), on a two-level day: 12
-- hours at half the mean rate, 12 at 1.5 times it
SELECT 'traffic-peak',          traffic_peak('0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,8:0.5,9:0.5,10:0.5,11:0.5,12:1.5,13:1.5,14:1.5,15:1.5,16:1.5,17:1.5,18:1.5,19:1.5,20:1.5,21:1.5,22:1.5,23:1.5') = 1.5;
SELECT 'traffic-peak-any-order', traffic_peak('23: 1.5, 22: 1.5, 21: 1.5, 20: 1.5, 19: 1.5, 18: 1.5, 17: 1.5, 16: 1.5, 15: 1.5, 14: 1.5, 13: 1.5, 12: 1.5, 11: 0.5, 10: 0.5, 9: 0.5, 8: 0.5, 7: 0.5, 6: 0.5, 5: 0.5, 4: 0.5, 3: 0.5, 2: 0.5, 1: 0.5, 0: 0.5') = 1.5;
SELECT 'traffic-peak-flat',     traffic_peak('0:1,1:1,2:1,3:1,4:1,5:1,6:1,7:1,8:1,9:1,10:1,11:1,12:1,13:1,14:1,15:1,16:1,17:1,18:1,19:1,20:1,21:1,22:1,23:1') = 1.0;
-- below its own peak, blended toward flat: t = (1.25 - 1) / (1.5 - 1) = 0.5
SELECT 'traffic-shape-blend',   traffic_shape('0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,8:0.5,9:0.5,10:0.5,11:0.5,12:1.5,13:1.5,14:1.5,15:1.5,16:1.5,17:1.5,18:1.5,19:1.5,20:1.5,21:1.5,22:1.5,23:1.5', 1.25) = '0:0.75,1:0.75,2:0.75,3:0.75,4:0.75,5:0.75,6:0.75,7:0.75,8:0.75,9:0.75,10:0.75,11:0.75,12:1.25,13:1.25,14:1.25,15:1.25,16:1.25,17:1.25,18:1.25,19:1.25,20:1.25,21:1.25,22:1.25,23:1.25';
-- above it, w^a: 2 x 1.5^a / (1.5^a + 0.5^a) = 1.8 at a = 2, weights 2.25
-- and 0.25 over their mean 1.25: 1.8 and 0.2
SELECT 'traffic-shape-sharpen', abs(traffic_peak(traffic_shape('0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,8:0.5,9:0.5,10:0.5,11:0.5,12:1.5,13:1.5,14:1.5,15:1.5,16:1.5,17:1.5,18:1.5,19:1.5,20:1.5,21:1.5,22:1.5,23:1.5', 1.8)) - 1.8) < 1e-6
                                AND abs(traffic_unit_hours(traffic_shape('0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,8:0.5,9:0.5,10:0.5,11:0.5,12:1.5,13:1.5,14:1.5,15:1.5,16:1.5,17:1.5,18:1.5,19:1.5,20:1.5,21:1.5,22:1.5,23:1.5', 1.8), 18, 1, 0, 0) - (18 + 2) / 2.0) < 1e-6;
-- 30 requests/s at the peak hours and 10 at the others, units of 10: 3 and 1
SELECT 'traffic-units',         traffic_unit_hours('0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,8:0.5,9:0.5,10:0.5,11:0.5,12:1.5,13:1.5,14:1.5,15:1.5,16:1.5,17:1.5,18:1.5,19:1.5,20:1.5,21:1.5,22:1.5,23:1.5', 30, 10) = 2.0;
SELECT 'traffic-units-min',     traffic_unit_hours('0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,8:0.5,9:0.5,10:0.5,11:0.5,12:1.5,13:1.5,14:1.5,15:1.5,16:1.5,17:1.5,18:1.5,19:1.5,20:1.5,21:1.5,22:1.5,23:1.5', 30, 10, 0, 2) = 2.5;
SELECT 'traffic-units-base',    traffic_unit_hours('0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,8:0.5,9:0.5,10:0.5,11:0.5,12:1.5,13:1.5,14:1.5,15:1.5,16:1.5,17:1.5,18:1.5,19:1.5,20:1.5,21:1.5,22:1.5,23:1.5', 30, 10, 15, 0) = 1.0;
-- owned units of 10 requests/s at $1 an hour against rentals of 10 at $3:
-- each owned unit ($24 a day) beats renting it for its busy hours (the
-- first 24 h x $3, the next two 12 h x $3): own all 3
SELECT 'traffic-hybrid-own-all', traffic_hybrid_units('0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,8:0.5,9:0.5,10:0.5,11:0.5,12:1.5,13:1.5,14:1.5,15:1.5,16:1.5,17:1.5,18:1.5,19:1.5,20:1.5,21:1.5,22:1.5,23:1.5', 30, 10, 1, 10, 3) = 3;
-- rentals at $1.50: the first unit (24 h, $36 rented) is owned, the two
-- busy 12 hours ($18 rented) are rented
SELECT 'traffic-hybrid-base',   traffic_hybrid_units('0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,8:0.5,9:0.5,10:0.5,11:0.5,12:1.5,13:1.5,14:1.5,15:1.5,16:1.5,17:1.5,18:1.5,19:1.5,20:1.5,21:1.5,22:1.5,23:1.5', 30, 10, 1, 10, 1.5) = 1;
-- rentals at $0.90: even the unit busy all day costs less rented
SELECT 'traffic-hybrid-rent',   traffic_hybrid_units('0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,8:0.5,9:0.5,10:0.5,11:0.5,12:1.5,13:1.5,14:1.5,15:1.5,16:1.5,17:1.5,18:1.5,19:1.5,20:1.5,21:1.5,22:1.5,23:1.5', 30, 10, 1, 10, 0.9) = 0;
-- DeepSeek Sparse Attention: DeepSeek-V3.2 is V3.1's shape with an
-- indexer (a 128-element key a token and layer) choosing the top 2048
-- tokens each query attends to. Its cache holds every token (more than
-- V3.1's, by the indexer keys), but at a 100K context a decode step reads
-- 2048 latents a layer and the keys, not 100K latents: at batch 64 on 8
-- H200 it decodes more than twice as fast; at 1K tokens, below the top-k,
-- it reads all and a little more (the keys), so it is no faster.
SELECT 'dsa-holds-all',        model_kv_gb('deepseek-v3.2', 100000) > model_kv_gb('deepseek-v3.1', 100000);
SELECT 'dsa-decode-long',      model_decode_tps('deepseek-v3.2', 'h200', 'fp8', 64, 100000, 8)
                                 > 2 * model_decode_tps('deepseek-v3.1', 'h200', 'fp8', 64, 100000, 8);
SELECT 'dsa-decode-short',     model_decode_tps('deepseek-v3.2', 'h200', 'fp8', 64, 1000, 8)
                                 BETWEEN 0.97 * model_decode_tps('deepseek-v3.1', 'h200', 'fp8', 64, 1000, 8)
                                     AND model_decode_tps('deepseek-v3.1', 'h200', 'fp8', 64, 1000, 8);
-- and in a prompt: V3.2's queries attend to their top 2048 after the
-- indexer scores every pair (8% of an attended pair's time on an H200),
-- so a 60K-token prompt prefills more than twice as fast as V3.1's, a
-- 1K-token one no faster
SELECT 'dsa-prefill-long',     model_prefill_tps('deepseek-v3.2', 'h200', 'fp8', 8, 60000)
                                 > 2 * model_prefill_tps('deepseek-v3.1', 'h200', 'fp8', 8, 60000);
SELECT 'dsa-prefill-short',    model_prefill_tps('deepseek-v3.2', 'h200', 'fp8', 8, 1000)
                                 <= model_prefill_tps('deepseek-v3.1', 'h200', 'fp8', 8, 1000);
-- DeepSeek-V4's indexed layers read the entries the indexer picks (512
-- of 4 tokens each for V4-Flash: 2048 tokens of the 21 indexed layers'
-- 128 elements a token), not their whole compressed cache (the split by
-- hand: tests/test_math.c)
SELECT 'csa-topk-elems',       (SELECT attn_topk = 2048 AND topk_kv_elems = 2688 FROM model_spec('deepseek-v4-flash'));
