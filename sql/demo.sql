-- gpuadv demo: the estimator functions answering the questions of a team
-- that must decide what to buy or rent. Run with `make demo`.
.headers on
.mode column

.print '== Training memory per GPU, 13B model (GB): which ZeRO stage fits 8 x 80 GB?'
WITH stage(z) AS (VALUES (0), (1), (2), (3))
SELECT z AS zero_stage,
       round(train_mem_gb(13, 'full', 8, z, activation_gb(40, 5120, 40, 4096, 1)), 1) AS gb_per_gpu,
       CASE WHEN train_mem_gb(13, 'full', 8, z, activation_gb(40, 5120, 40, 4096, 1)) <= 80
            THEN 'fits' ELSE 'too big' END AS on_80gb
FROM stage;

.print ''
.print '== Fine-tuning a 70B model: memory by mode (GB) and 80 GB GPUs needed'
WITH m(mode) AS (VALUES ('full'), ('full16'), ('lora'), ('qlora'), ('inference'))
SELECT mode, round(train_mem_gb(70, mode), 1) AS total_gb,
       nodes_required(train_mem_gb(70, mode), 80) AS gpus_80gb
FROM m;

.print ''
.print '== Serving 7B at FP16: batch-1 decode speed and cost per million tokens (seed 000)'
WITH hw(gpu, bw_gbs, capex_usd, watts) AS (VALUES
  ('RTX 3090', 936, 700, 350), ('RTX 4090', 1008, 1600, 450),
  ('A100 40GB', 1555, 8000, 400), ('H100 SXM', 3350, 30000, 700))
SELECT gpu, round(decode_tps(bw_gbs, weights_gb(7, 'fp16')), 1) AS tokens_per_s,
       round(owned_usd_per_hour(capex_usd, 3, watts), 3) AS usd_per_hour,
       round(cost_per_mtok(owned_usd_per_hour(capex_usd, 3, watts),
                           decode_tps(bw_gbs, weights_gb(7, 'fp16')), 0.7), 3) AS usd_per_mtok
FROM hw ORDER BY usd_per_mtok;

.print ''
.print '== Llama 3.1 70B on one 80 GB GPU, 8k context: sequences that fit by weight dtype'
WITH d(dtype) AS (VALUES ('bf16'), ('fp8'), ('int4'))
SELECT dtype, round(weights_gb(70.6, dtype), 1) AS weights_gb,
       round(kv_cache_gb(80, 8, 128, 8192), 3) AS kv_gb_per_seq,
       max_batch(80, weights_gb(70.6, dtype), kv_cache_gb(80, 8, 128, 8192), 0.05) AS max_seqs
FROM d;

.print ''
.print '== Renting at 2.00 USD/h against buying an RTX 4090 for 2,000 USD (seed 003)'
SELECT round(owned_usd_per_hour(2000, 3, 450), 3) AS owned_usd_per_hour,
       round(break_even_hours(2000, 2.00, owned_usd_per_hour(2000, 3, 450)), 0) AS break_even_hours,
       round(break_even_hours(2000, 2.00, owned_usd_per_hour(2000, 3, 450)) / 730, 1) AS months_at_full_use;
