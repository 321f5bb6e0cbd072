-- Seed 000's opening case: the CTO approved a $2M budget; the team must
-- train a 13B model from scratch, then serve it to 50,000 daily active
-- users. What should they buy or rent?
--
--   sqlite3 -cmd '.load ./gpuadv' :memory: < sql/examples/seed000_13b_train_and_serve.sql
--
-- Assumptions, stated:
--   model     the shape of llama-2-13b (13.0B, 40 layers, 5,120 hidden, 4k context)
--   training  260B tokens = 20 tokens per parameter (Chinchilla, Hoffmann et
--             al. 2022), one epoch, 4,096-token sequences; the layout
--             (parallelism, ZeRO stage, recomputation) and its speed from
--             the step model (model_train_tps); done within 30 days; the corpus
--             (~1,040 GB at ~4 bytes per token) sits in S3 and is read once;
--             1,750 GB stored for a month (corpus + 3 checkpoints of 234 GB)
--   traffic   50,000 daily users x 10 requests = 500,000 requests a day,
--             347/min on average; the busiest hour carries 3x the average,
--             so the service is sized for 1,042 requests/min (and 20% burst
--             headroom on top); 400 prompt + 250 answer tokens per request;
--             every user streams at >= 20 tokens/s with the first token
--             within 1 s; served for 12 months. $/Mtok is at the peak rate.
--   money     each workload on its own must fit the $2M budget.
.read sql/gpuadv.sql
.headers on
.mode box

-- Owned H100s come as 8-GPU HGX servers with the InfiniBand their price
-- includes (owned_costs: 8 x 400G a server), so a cluster of several
-- trains as one.

INSERT INTO workloads(name, kind, model, mode, tokens_b, epochs, seq_len, max_days, budget_usd,
                      dataset_gb, data_location, runs_per_month, months, storage_gb, notes) VALUES
  ('13b pretrain', 'train', 'llama-2-13b', 'full', 260, 1, 4096, 30, 2000000,
   1040, 'aws', 1, 1, 1750, 'seed 000 opening case');
INSERT INTO workloads(name, kind, model, dtype, requests_per_min, prompt_tokens, output_tokens,
                      user_tps, ttft_s, months, budget_usd, notes) VALUES
  ('13b chat 50k DAU', 'serve', 'llama-2-13b', 'bf16', 1042, 400, 250, 20, 1.0, 12, 2000000,
   'seed 000 opening case');

.print '== Traffic the service is sized for'
SELECT printf('%,d', 50000) AS "daily users", printf('%,d', 500000) AS "requests/day",
       round(500000 / 1440.0) AS "average req/min", CAST(requests_per_s * 60 AS INTEGER) AS "peak req/min",
       printf('%,d', CAST(round(served_tps) AS INTEGER)) AS "peak tokens/s",
       printf('%,d', CAST(round(design_tps) AS INTEGER)) AS "sized for (tokens/s)",
       concurrency AS "requests in flight"
FROM workload_inputs WHERE name = '13b chat 50k DAU';

.print ''
.print '== Training: memory and compute'
SELECT round(train_mem_gb(13, 'full')) AS "state (GB, 18 B/param)",
       round(activation_gb(40, 5120, 40, 4096, 1), 1) AS "activations per GPU (GB)",
       round(model_train_mfu('llama-2-13b', 'h100-sxm', 'full', 16, 4096, 1024, 1, 1, 2, 'selective'), 3)
         AS "MFU on 16 H100 (ZeRO-2)",
       printf('%,d', CAST(round(16 * 260e9 / model_train_tps('llama-2-13b', 'h100-sxm', 'full', 16, 4096,
                                                             1024, 1, 1, 2, 'selective') / 3600) AS INTEGER))
         AS "H100 GPU-hours",
       round(260e9 / model_train_tps('llama-2-13b', 'h100-sxm', 'full', 16, 4096, 1024, 1, 1, 2,
                                     'selective') / 86400, 1) AS "days on 16";

.print ''
.print '== Training: the five plans gpuadv ranks first'
SELECT rank, offer, n_gpus AS "GPUs", nodes, zero_stage AS "ZeRO", tp AS "TP",
       mem_gb_per_gpu AS "GB/GPU", round(wall_days, 1) AS "days",
       printf('%,d', CAST(round(gpu_hours) AS INTEGER)) AS "GPU-hours",
       printf('$%,d', CAST(round(total_usd) AS INTEGER)) AS "total",
       printf('$%,d', CAST(round(spend_usd) AS INTEGER)) AS "cash out"
FROM training_plans WHERE workload = '13b pretrain' AND rank <= 5 ORDER BY rank;

.print ''
.print '== Training on H100s: buy, rent on-demand, rent spot'
SELECT pricing, offer, n_gpus AS "GPUs", nodes, round(wall_days, 1) AS "days",
       printf('$%,d', CAST(round(total_usd) AS INTEGER)) AS "total",
       printf('$%,d', CAST(round(spend_usd) AS INTEGER)) AS "cash out", coalesce(why_not, 'works') AS verdict
FROM (SELECT p.*, row_number() OVER (PARTITION BY pricing ORDER BY rank) AS k
      FROM training_plans p WHERE workload = '13b pretrain' AND gpu = 'h100-sxm' AND feasible)
WHERE k = 1 ORDER BY total_usd;

.print ''
.print '== Serving: the five plans gpuadv ranks first'
SELECT rank, offer, gpus_per_replica AS "GPUs/replica", batch_per_replica AS "batch", replicas,
       n_gpus AS "GPUs", tps_per_user AS "tok/s per user", ttft_s AS "TTFT (s)",
       printf('$%.2f', usd_per_hour) AS "$/hour", printf('$%.3f', usd_per_mtok) AS "$/Mtok",
       printf('$%,d', CAST(round(spend_usd) AS INTEGER)) AS "12-month cash"
FROM serving_plans WHERE workload = '13b chat 50k DAU' AND rank <= 5 ORDER BY rank;

.print ''
.print '== What gpuadv recommends, and why'
.mode line
SELECT workload, reason FROM best_plans ORDER BY workload DESC;

.mode box
.print ''
.print '== Buy or rent: the cheapest owned plan of each workload against its cheapest rental'
SELECT workload, gpu AS "bought", n_gpus AS "GPUs", printf('$%,d', CAST(capex_usd AS INTEGER)) AS "to buy",
       rental AS "cheapest rental", printf('$%.2f', rent_usd_per_hour) AS "rent $/h",
       break_even_months AS "break-even (months)", months_of_use AS "months of use", verdict
FROM (SELECT r.*, row_number() OVER (PARTITION BY r.workload
                                     ORDER BY r.owned_usd_per_hour, r.rent_usd_per_hour) AS k
      FROM rent_vs_buy r)
WHERE k = 1 ORDER BY workload DESC;
