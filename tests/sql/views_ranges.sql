-- Speed and cost ranges (sql/gpuadv.sql runs first): every plan carries
-- the range its speed basis's error gives (estimate_bands: the 10th and
-- 90th percentiles of measured / estimate), and what the plan would cost
-- at either end. One check per line, each NAME|1.
PRAGMA trusted_schema = OFF;

-- Every band holds its estimate, and each basis of the plans has one.
SELECT 'r-bands-hold-estimate', (SELECT count(*) = 7 AND sum(low <= 1 AND 1 <= high AND rows > 0) = 7 FROM estimate_bands);
SELECT 'r-bands-every-basis', (SELECT count(*) = 4 FROM estimate_bands WHERE kind = 'serve' AND basis IN ('measured', 'same-gpu', 'same-class', 'extrapolated'))
   AND (SELECT count(*) = 3 FROM estimate_bands WHERE kind = 'train' AND basis IN ('measured', 'same-vendor', 'none'));
-- The less backs a speed, the wider its range.
SELECT 'r-bands-widen', (SELECT m.low >= c.low AND c.low >= x.low AND m.high <= c.high AND c.high <= x.high
                          FROM estimate_bands m, estimate_bands c, estimate_bands x
                          WHERE m.kind = 'serve' AND m.basis = 'measured' AND c.kind = 'serve' AND c.basis = 'same-class'
                            AND x.kind = 'serve' AND x.basis = 'extrapolated');

-- Serving: a 1-GPU quote for Llama 3.1 8B on vLLM, at 60 and 600
-- requests/min. At 60 the catalog's H100 rows include a comparable one
-- ('measured': band 0.867 to 1.152); at 600 the batch is far from any
-- ('same-gpu': 0.607 to 1.493, the held-out benchmarks' range).
INSERT INTO rental_quotes(provider, name, gpu, gpu_count, usd_per_hour) VALUES ('rq', '1xh100', 'h100-sxm', 1, 2.00);
INSERT INTO workloads(name, kind, model, requests_per_min, prompt_tokens, output_tokens, user_tps, offer_glob) VALUES
  ('r-light', 'serve', 'llama-3.1-8b', 60, 1000, 200, 30, 'rq/*'),
  ('r-heavy', 'serve', 'llama-3.1-8b', 600, 1000, 200, 30, 'rq/*');
CREATE TEMP TABLE sp AS SELECT * FROM serving_plans WHERE workload LIKE 'r-%';
SELECT 'r-srv-basis', (SELECT basis = 'measured' FROM sp WHERE workload = 'r-light') AND (SELECT basis = 'same-gpu' FROM sp WHERE workload = 'r-heavy');
-- the speed range is the estimate times the band, by hand
SELECT 'r-srv-tps-band', (SELECT abs(tps_per_replica_low - round(tps_per_replica * 0.607, 1)) <= 0.1
                                 AND abs(tps_per_replica_high - round(tps_per_replica * 1.493, 1)) <= 0.1
                          FROM sp WHERE workload = 'r-heavy')
                     AND (SELECT abs(tps_per_replica_low - round(tps_per_replica * 0.867, 1)) <= 0.1
                                 AND abs(tps_per_replica_high - round(tps_per_replica * 1.152, 1)) <= 0.1
                          FROM sp WHERE workload = 'r-light');
-- the peak's 12 requests/s (600 a minute x 1.2) over what the replica
-- serves at either end of the range: one replica serves them (the
-- search's first rate, 12, meets the targets; what it would serve beyond
-- is not searched), so at the slower end ceil(12 / (12 x 0.607)) = 2
-- replicas, $4.00 an hour, and at the faster one, $2.00
SELECT 'r-srv-cost-by-hand', (SELECT replicas = 1 AND max_rps_per_replica = 12.0
                                     AND usd_per_hour_high = 2.00 * nodes_required(12.0 / max_rps_per_replica, 0.607)
                                     AND usd_per_hour_high = 4.0 AND usd_per_hour_low = 2.0
                                     AND total_usd_high = 2 * total_usd AND total_usd_low = total_usd
                              FROM sp WHERE workload = 'r-heavy');

-- Every working plan of the demo's workloads (sql/demo.sql) and the two
-- above: low <= expected <= high.
INSERT INTO workloads(name, kind, model, mode, tokens_b, epochs, seq_len, recompute, max_days,
                      budget_usd, dataset_gb, data_location, runs_per_month, months) VALUES
  ('13b-pretrain', 'train', 'llama-2-13b', 'full', 260, 1, 4096, NULL, 30, 2000000, 1040, 'aws', 1, 1),
  ('70b-qlora', 'finetune', 'llama-3.1-70b', 'qlora', 1, 3, 4096, 'full', NULL, NULL, 500, 'aws', 20, 1),
  ('8b-full-ft', 'finetune', 'llama-3.1-8b', 'full', 0.5, 2, 4096, 'selective', 7, 1000, 50, 'local', 1, 1);
INSERT INTO workloads(name, kind, model, dtype, requests_per_min, prompt_tokens, output_tokens,
                      user_tps, ttft_s, months) VALUES
  ('70b-chat', 'serve', 'llama-3.1-70b', 'bf16', 1000, 500, 200, 40, 1.0, 12),
  ('mixtral-batch', 'serve', 'mixtral-8x7b', 'bf16', 120, 2000, 500, 10, 5, 3);
INSERT INTO workloads(name, kind, model, dtype, daily_users, requests_per_user_day, traffic_profile,
                      prompt_tokens, output_tokens, user_tps, ttft_s, months) VALUES
  ('8b-chat-fp8', 'serve', 'llama-3.1-8b', 'fp8', 20000, 20, 'chat-burstgpt', 1000, 300, 30, 0.5, 12);
SELECT 'r-srv-ordered', (SELECT count(*) > 0 AND sum(tps_per_replica_low <= tps_per_replica AND tps_per_replica <= tps_per_replica_high
                                                  AND usd_per_hour_low <= usd_per_hour AND usd_per_hour <= usd_per_hour_high
                                                  AND total_usd_low <= total_usd AND total_usd <= total_usd_high) = count(*)
                         FROM serving_plans WHERE works);
SELECT 'r-train-ordered', (SELECT count(*) > 0 AND sum(wall_days_low <= wall_days AND wall_days <= wall_days_high
                                                    AND total_usd_low <= total_usd AND total_usd <= total_usd_high) = count(*)
                           FROM training_plans WHERE works);
-- Training: the days and the compute scale by the band, storage and
-- egress stay (a plan on other GPUs of its vendor: 0.821 to 1.231).
SELECT 'r-train-by-hand', (SELECT abs(wall_days_high - round(wall_days_raw / 0.821, 2)) <= 0.011
                                  AND abs(total_usd_high - round(total_raw - compute_raw + compute_raw / 0.821, 2)) <= 0.011
                                  AND abs(total_usd_low - round(total_raw - compute_raw + compute_raw / 1.231, 2)) <= 0.011
                           FROM (SELECT wall_days_high, total_usd_high, total_usd_low, wall_days AS wall_days_raw,
                                        total_usd AS total_raw, compute_usd AS compute_raw
                                 FROM training_plans WHERE basis = 'same-vendor' AND works AND workload = '13b-pretrain' AND rank = 1));
-- A workload's own mfu carries no range: it is the workload's figure.
INSERT INTO workloads(name, kind, model, mode, tokens_b, mfu, max_days) VALUES ('r-mfu', 'train', 'llama-3.1-8b', 'full', 10, 0.4, 60);
SELECT 'r-train-mfu-given', (SELECT count(*) > 0 AND sum(wall_days_low = wall_days AND wall_days_high = wall_days) = count(*)
                             FROM training_plans WHERE workload = 'r-mfu' AND works);
-- best_plans states the range.
SELECT 'r-best-serve-range', (SELECT reason LIKE '%/hour ($% to $% at its speed basis''s 10th to 90th percentile error)%' FROM best_plans WHERE workload = 'r-heavy');
SELECT 'r-best-train-range', (SELECT reason LIKE '% days (% to %), $% total ($% to $% at its speed basis''s 10th to 90th percentile error; compute %' FROM best_plans WHERE workload = '13b-pretrain');
-- A training plan takes its chip family's own range where that is wider
-- (estimate_band_families): an MoE model on B300 (NVIDIA Blackwell Ultra,
-- whose MoE runs in the fit span 0.643 to 1.320 of the estimate) against
-- a dense one on the same offer, which keeps its basis's (measured on the
-- GPU: 0.820 to 1.229)
INSERT INTO workloads(name, kind, model, mode, tokens_b, offer_glob) VALUES
  ('r-moe-bw-ultra', 'finetune', 'mixtral-8x7b', 'full', 20, 'runpod/8x_B300*'),
  ('r-dense-bw-ultra', 'finetune', 'llama-3.1-8b', 'full', 50, 'runpod/8x_B300*');
SELECT 'r-train-family-band', (SELECT abs(wall_days_high - round(wall_days / 0.643, 2)) <= 0.011
                                      AND abs(wall_days_low - round(wall_days / 1.320, 2)) <= 0.011
                               FROM training_plans WHERE workload = 'r-moe-bw-ultra' AND works AND rank = 1)
                              AND (SELECT abs(wall_days_high - round(wall_days / 0.820, 2)) <= 0.011
                                          AND abs(wall_days_low - round(wall_days / 1.229, 2)) <= 0.011
                                   FROM training_plans WHERE workload = 'r-dense-bw-ultra' AND works AND rank = 1);
