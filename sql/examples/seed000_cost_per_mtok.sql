-- Seed 000: cost per million tokens of serving a 7B model in FP16 on owned
-- hardware at 70% utilization over a 3-year life (electricity $0.12/kWh,
-- the card's TDP around the clock). The seed's prices and its measured-ish
-- batch-1 speeds give $0.419 (RTX 3090), $0.651 (RTX 4090), $1.227
-- (A100 40GB), $2.035 (H100); gpuadv's own speed estimates follow.
--
--   sqlite3 -cmd '.load ./gpuadv' :memory: < sql/examples/seed000_cost_per_mtok.sql
.read sql/gpuadv.sql
.headers on
.mode box

-- The seed's purchase prices (used RTX 3090, A100 40GB SXM at $8k).
INSERT INTO owned_prices(gpu, price_usd, lifetime_years, usd_per_kwh, source) VALUES
  ('rtx-3090', 700, 3, 0.12, 'seed 000: RTX 3090 used'),
  ('rtx-4090', 1600, 3, 0.12, 'seed 000'),
  ('a100-sxm-40gb', 8000, 3, 0.12, 'seed 000'),
  ('h100-sxm', 30000, 3, 0.12, 'seed 000');

.print '== 7B FP16, owned, 70% utilization, 3 years: cost per million tokens (USD)'
WITH seed(gpu, label, seed_tps) AS (VALUES
  ('rtx-3090', 'RTX 3090 (used)', 65), ('rtx-4090', 'RTX 4090', 70),
  ('a100-sxm-40gb', 'A100 40GB SXM', 114), ('h100-sxm', 'H100 SXM', 239))
SELECT s.label AS "GPU",
       printf('$%,d', CAST(o.capex_usd_per_gpu AS INTEGER)) AS "price",
       CAST(o.watts_per_gpu AS INTEGER) AS "TDP (W)",
       printf('%.4f', o.usd_per_device_hour) AS "owned $/hour",
       s.seed_tps AS "seed tok/s",
       printf('$%.3f', cost_per_mtok(o.usd_per_device_hour, s.seed_tps, 0.7)) AS "seed $/Mtok",
       round(decode_tps(g.mem_bw_gbs, weights_gb(7, 'fp16')), 1) AS "roofline tok/s (70% of BW)",
       round(model_decode_tps('llama-2-7b', s.gpu, 'fp16'), 1) AS "calibrated tok/s (llama-2-7b)",
       printf('$%.3f', cost_per_mtok(o.usd_per_device_hour, model_decode_tps('llama-2-7b', s.gpu, 'fp16'), 0.7))
         AS "calibrated $/Mtok"
FROM seed s
JOIN offers o ON o.owned = 1 AND o.gpu = s.gpu
JOIN gpus g ON g.name = s.gpu
ORDER BY cost_per_mtok(o.usd_per_device_hour, s.seed_tps, 0.7);

.print ''
.print '== Where the dollars go: depreciation and electricity per hour (USD)'
WITH seed(gpu) AS (VALUES ('rtx-3090'), ('rtx-4090'), ('a100-sxm-40gb'), ('h100-sxm'))
SELECT o.gpu AS "GPU",
       printf('%.4f', o.capex_usd_per_gpu / (o.lifetime_years * 8760)) AS "depreciation $/h",
       printf('%.4f', o.watts_per_gpu / 1000.0 * o.usd_per_kwh * o.pue) AS "power $/h",
       printf('%.4f', o.usd_per_device_hour) AS "total $/h"
FROM seed s JOIN offers o ON o.owned = 1 AND o.gpu = s.gpu;

.print ''
.print '== The same question as a serve workload: 7B FP16 chat, 60 requests/min x 500 output tokens'
INSERT INTO workloads(name, kind, model, dtype, requests_per_min, prompt_tokens, output_tokens,
                      peak_concurrency, acquire, months)
  VALUES ('7b-fp16-chat', 'serve', 'llama-2-7b', 'fp16', 60, 200, 500, 8, 'buy', 36);
SELECT offer, gpus_per_replica AS "GPUs/replica", batch_per_replica AS "batch", replicas,
       tps_per_replica AS "tok/s per replica", tps_per_user AS "tok/s per user",
       printf('%.3f', usd_per_hour) AS "$/hour", printf('$%.3f', usd_per_mtok) AS "$/Mtok", rank
FROM serving_plans
WHERE workload = '7b-fp16-chat' AND offer IN ('owned/rtx-3090', 'owned/rtx-4090', 'owned/a100-sxm-40gb', 'owned/h100-sxm')
ORDER BY rank;
