-- gpuadv demo: a procurement report for six example workloads, from the
-- catalogs compiled into the extension (no network). Run with `make demo`
-- (sqlite3 -cmd '.load ./gpuadv' :memory: < sql/demo.sql, repo root).
-- Each view is computed once into a temporary table, then reported.
.read sql/gpuadv.sql
.headers on
.mode box

INSERT INTO workloads(name, kind, model, mode, tokens_b, epochs, seq_len, recompute, max_days,
                      budget_usd, dataset_gb, data_location, runs_per_month, months, notes) VALUES
  ('13b-pretrain', 'train', 'llama-2-13b', 'full', 260, 1, 4096, NULL, 30, 2000000, 1040, 'aws', 1, 1,
   '13B from scratch on 260B tokens in 30 days (seed 000)'),
  ('70b-qlora', 'finetune', 'llama-3.1-70b', 'qlora', 1, 3, 4096, 'full', NULL, NULL, 500, 'aws', 20, 1,
   'QLoRA, 1B tokens x 3 epochs, 500 GB in S3 read by 20 runs (seed 002)'),
  ('8b-full-ft', 'finetune', 'llama-3.1-8b', 'full', 0.5, 2, 4096, 'selective', 7, 1000, 50, 'local', 1, 1,
   'full fine-tuning of an 8B model on 1B tokens within a week, $1,000');
INSERT INTO workloads(name, kind, model, dtype, requests_per_min, prompt_tokens, output_tokens,
                      user_tps, ttft_s, months, notes) VALUES
  ('70b-chat', 'serve', 'llama-3.1-70b', 'bf16', 1000, 500, 200, 40, 1.0, 12,
   '1,000 requests/min x 200 tokens, 40 tokens/s per user (seed 000 Q4)'),
  ('mixtral-batch', 'serve', 'mixtral-8x7b', 'bf16', 120, 2000, 500, 10, 5, 3,
   'offline summarisation with a MoE model');
INSERT INTO workloads(name, kind, model, dtype, daily_users, requests_per_user_day, traffic_profile,
                      prompt_tokens, output_tokens, user_tps, ttft_s, months, notes) VALUES
  ('8b-chat-fp8', 'serve', 'llama-3.1-8b', 'fp8', 20000, 20, 'chat-burstgpt', 1000, 300, 30, 0.5, 12,
   'an 8B assistant in FP8 for 20,000 daily users x 20 requests, over a chat service''s day (peak 2.3 x the mean)');

CREATE TEMP TABLE tp AS SELECT * FROM training_plans WHERE rank <= 5 OR feasible;
CREATE TEMP TABLE sp AS SELECT * FROM serving_plans WHERE rank <= 5 OR feasible;
CREATE TEMP TABLE bp AS SELECT * FROM best_plans;
CREATE TEMP TABLE rb AS SELECT * FROM rent_vs_buy;

.print '== Workloads'
SELECT name AS workload, kind, model, coalesce(mode, dtype) AS "mode/dtype", notes FROM workloads ORDER BY kind DESC, name;

.print ''
.print '== Training and fine-tuning: the top 5 plans of each workload (8b-full-ft: within 7 days and $1,000)'
SELECT workload, rank, offer, region, coalesce(price_age_days, 'unknown') AS "price age d",
       n_gpus AS "GPUs", nodes, zero_stage AS "ZeRO", tp AS "TP", mem_gb_per_gpu AS "GB/GPU",
       round(wall_days, 2) AS "days", printf('$%,d', CAST(round(compute_usd) AS INTEGER)) AS "compute $",
       printf('$%,d', CAST(round(storage_usd + egress_usd + managed_usd) AS INTEGER)) AS "storage+egress $",
       printf('$%,d', CAST(round(total_usd) AS INTEGER)) AS "total $",
       coalesce(why_not, 'works') AS verdict
FROM tp WHERE rank <= 5 ORDER BY workload, rank;

.print ''
.print '== Serving: the top 5 plans of each workload'
SELECT workload, rank, offer, region, coalesce(price_age_days, 'unknown') AS "price age d",
       layout, gpus_per_replica AS "GPUs/replica", replicas, n_gpus AS "GPUs",
       -- rentals by the hour follow the day's traffic: the GPUs paid on average
       coalesce(avg_gpus, n_gpus) AS "GPUs avg",
       -- what the median user sees at the planned load (serving_sim)
       round(1000.0 / tpot_p50_ms, 1) AS "tok/s/user p50", ttft_p50_s AS "TTFT p50 s",
       ttft_p95_s AS "TTFT p95 s", printf('$%.2f', usd_per_hour) AS "$/hour",
       printf('$%.3f', usd_per_mtok) AS "$/Mtok", CASE WHEN capex_usd IS NOT NULL THEN printf('$%,d', CAST(round(capex_usd) AS INTEGER)) ELSE '' END AS "to buy $"
FROM sp WHERE rank <= 5 ORDER BY workload, rank;

.print ''
.print '== Best rental for each workload (when you cannot or will not buy)'
SELECT workload, offer, "GPUs", "$ total or $/hour" FROM (
  SELECT workload, offer, n_gpus AS "GPUs", printf('$%,d total', CAST(round(total_usd) AS INTEGER)) AS "$ total or $/hour",
         row_number() OVER (PARTITION BY workload ORDER BY rank) AS k
  FROM tp WHERE works AND pricing <> 'owned'
  UNION ALL
  SELECT workload, offer, n_gpus, printf('$%.2f/hour', usd_per_hour),
         row_number() OVER (PARTITION BY workload ORDER BY rank)
  FROM sp WHERE works AND pricing <> 'owned')
WHERE k = 1 ORDER BY workload;

.print ''
.print '== Rent vs buy: the cheapest owned plan of each workload against its cheapest rental'
SELECT workload, gpu AS "buy", n_gpus AS "GPUs", printf('$%,d', CAST(capex_usd AS INTEGER)) AS "capex $",
       printf('%.2f', owned_usd_per_hour) AS "owned $/h", printf('%.2f', running_usd_per_hour) AS "running $/h",
       CASE WHEN rent_instances > 1 THEN rent_instances || ' x ' ELSE '' END || rental AS "rent (same GPUs)",
       printf('%.2f', rent_usd_per_hour) AS "rent $/h",
       break_even_months AS "break-even months", months_of_use AS "months used", verdict,
       -- as each plan is paid: rentals by the hour, owned all day, or both
       CASE WHEN rent_plan_usd_per_hour IS NOT NULL
            THEN printf('buy $%.2f, rent $%.2f%s/h', buy_plan_usd_per_hour, rent_plan_usd_per_hour,
                        CASE WHEN hybrid_plan_usd_per_hour IS NOT NULL
                             THEN printf(', hybrid $%.2f', hybrid_plan_usd_per_hour) ELSE '' END)
            ELSE '' END AS "serving plans as paid",
       coalesce(cheapest, '') AS cheapest
FROM (SELECT r.*, row_number() OVER (PARTITION BY workload ORDER BY owned_usd_per_hour, rent_usd_per_hour, rent_instances) AS k FROM rb r)
WHERE k = 1 ORDER BY workload;

.print ''
.print '== Rental prices left out of every plan above (include_flagged_prices = 1 admits them)'
SELECT provider,
       count(*) FILTER (WHERE pricing = 'on-demand' AND price_flag LIKE 'price date unknown%') AS "on-demand, no date",
       count(*) FILTER (WHERE pricing = 'on-demand' AND price_flag LIKE '%price % days old%') AS "on-demand, stale",
       count(*) FILTER (WHERE pricing = 'on-demand' AND price_flag IS NOT NULL
                          AND price_flag NOT LIKE 'price date unknown%'
                          AND price_flag NOT LIKE '%price % days old%') AS "on-demand, refresh flag",
       count(*) FILTER (WHERE pricing = 'spot' AND price_flag IS NOT NULL) AS "spot flagged",
       count(*) AS "offers"
FROM offers WHERE owned = 0 AND pricing IN ('on-demand', 'spot')
GROUP BY provider HAVING count(price_flag) > 0 ORDER BY provider;

.print ''
.print '== Purchase prices left out (undated or over a year old; an owned_prices quote replaces one)'
SELECT count(*) FILTER (WHERE price_flag LIKE '%without a date%') AS "no date",
       count(*) FILTER (WHERE price_flag LIKE '%days old%') AS "over a year old",
       group_concat(CASE WHEN price_flag IS NULL THEN gpu END, ', ') AS "planned purchases"
FROM offers WHERE owned = 1;

.print ''
.print '== The recommendation for each workload'
.mode list
.headers off
SELECT workload || ': ' || reason FROM bp ORDER BY workload;
