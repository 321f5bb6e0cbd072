-- Traffic through the day (sql/gpuadv.sql runs first): a rate from daily
-- users, capacity sized for the peak hour, rentals by the hour that follow
-- the day, and the hybrid that owns the base and rents the peak, against
-- buying for the peak and renting everything. One check per line, each
-- NAME|1.
PRAGMA trusted_schema = OFF;
-- These checks buy the catalog's H100 server (priced 2024-08) and other
-- parts whose catalog price is over a year old or undated: flagged by
-- plan_defaults.purchase_max_age_days, so each workload here admits
-- flagged prices (as a workload pricing them knowingly would).
CREATE TEMP TRIGGER admit_flagged AFTER INSERT ON workloads WHEN NEW.include_flagged_prices IS NULL
BEGIN UPDATE workloads SET include_flagged_prices = 1 WHERE name = NEW.name; END;

-- 200,000 users x 20 requests a day = 2,777.78 requests a minute; with
-- peak_to_mean 3 the capacity is sized for 3 x 2,777.78 / 60 = 138.89
-- requests/s; without a shape, for the mean x 1.2 as before.
INSERT INTO workloads(name, kind, model, dtype, daily_users, requests_per_user_day, prompt_tokens, output_tokens,
                      user_tps, months, peak_to_mean, providers, offer_glob) VALUES
  ('p3', 'serve', 'llama-3.1-70b', 'fp8', 200000, 20, 500, 300, 30, 36, 3, 'none', 'h100-sxm');
INSERT INTO workloads(name, kind, model, dtype, requests_per_min, prompt_tokens, output_tokens, user_tps, months,
                      providers, offer_glob) VALUES
  ('flat', 'serve', 'llama-3.1-70b', 'fp8', 2777.78, 500, 300, 30, 36, 'none', 'h100-sxm');
SELECT 't-daily-users', (SELECT abs(requests_per_min - 200000 * 20 / 1440.0) < 1e-9 FROM workload_inputs WHERE name = 'p3');
SELECT 't-peak-sizes', (SELECT abs(design_requests_per_s - 3 * 200000 * 20 / 1440.0 / 60) < 1e-6
                               AND abs(peak_factor - 3) < 1e-6 FROM workload_inputs WHERE name = 'p3');
SELECT 't-no-shape-is-flat', (SELECT traffic IS NULL AND abs(design_requests_per_s - 1.2 * 2777.78 / 60) < 1e-9
                              FROM workload_inputs WHERE name = 'flat');
-- the default shape (plan_defaults.traffic_profile) reshaped to the peak
SELECT 't-default-shape', (SELECT abs(traffic_peak(traffic) - 3) < 1e-6 AND traffic = traffic_shape(
                             (SELECT group_concat(hour || ':' || weight) FROM traffic_profiles WHERE name = 'chat-burstgpt'), 3)
                           FROM workload_inputs WHERE name = 'p3');

-- One 8 x H100 rental at $20 an hour ($2.50 a GPU-hour). An owned HGX H100
-- server (owned_costs) held 36 months and sold at the end:
-- owned_term_usd(8 x capex, resale, 4 years, 36 months, 8 x running) over
-- the 26,280 hours, about $16.27 an hour: less than the rental's $20, so
-- the first server, busy every hour, is cheaper owned. The peak takes
-- four servers' worth, the mean a third of that.
INSERT INTO rental_quotes(provider, name, gpu, gpu_count, usd_per_hour, source) VALUES
  ('hyb', 'h100x8', 'h100-sxm', 8, 20, 'test');
CREATE TEMP VIEW own AS
  SELECT owned_term_usd(8 * capex_usd_per_gpu, resale_share, lifetime_years * 8760, 36 * 730,
                        8 * running_usd_per_gpu_hour) / (36 * 730) AS server_usd_per_hour
  FROM offers WHERE offer = 'owned/h100-sxm';
CREATE TEMP VIEW sp AS SELECT * FROM serving_plans;
SELECT 't-own-below-rent', (SELECT server_usd_per_hour > 16 AND server_usd_per_hour < 20 FROM own);
-- rentals follow the day: $20 x the mean instances running (avg_gpus is
-- rounded to 2 places)
SELECT 't-rent-follows', (SELECT avg_gpus < n_gpus AND abs(usd_per_hour - avg_gpus / 8 * 20) < 0.02
                                 AND abs(peak_usd_per_hour - n_gpus / 8 * 20) < 1e-3
                          FROM sp WHERE workload = 'p3' AND offer = 'hyb/h100x8');
-- owned is sized for the peak and paid all day
SELECT 't-own-peak', (SELECT avg_gpus IS NULL AND paid_gpus = 32 AND abs(usd_per_hour - 4 * (SELECT server_usd_per_hour FROM own)) < 1e-3
                      FROM sp WHERE workload = 'p3' AND offer = 'owned/h100-sxm');
-- the hybrid owns one server (busy all day) and rents the rest by the hour;
-- it costs less than buying for the peak and than renting everything
SELECT 't-hybrid-works', (SELECT works AND rank = 1 AND paid_gpus = 8 AND rent_offer = 'hyb/h100x8'
                                 AND abs(usd_per_hour - (SELECT server_usd_per_hour FROM own) - rent_usd_per_hour) < 1e-3
                          FROM sp WHERE workload = 'p3' AND pricing = 'hybrid');
SELECT 't-hybrid-cheapest', (SELECT h.usd_per_hour < r.usd_per_hour AND r.usd_per_hour < o.usd_per_hour
                             FROM sp h JOIN sp r ON r.workload = h.workload AND r.offer = 'hyb/h100x8'
                                       JOIN sp o ON o.workload = h.workload AND o.offer = 'owned/h100-sxm'
                             WHERE h.workload = 'p3' AND h.pricing = 'hybrid');
SELECT 't-rvb-hybrid', (SELECT cheapest = 'hybrid: owning the base load and renting the peak costs least'
                               AND hybrid_offer = 'owned/h100-sxm + hyb/h100x8'
                        FROM rent_vs_buy WHERE workload = 'p3');
SELECT 't-best-hybrid', (SELECT pricing = 'hybrid' AND reason LIKE '%, bought and rented owned/h100-sxm + hyb/h100x8 %'
                                AND reason LIKE '%; owns 8 of the GPUs and rents hyb/h100x8 (quote) by the hour above them: 32 GPUs at the peak hour, %'
                                AND reason LIKE '%; cheapest of each way: rent $36.67/hour, buy for the peak $%/hour, hybrid $%/hour;%'
                         FROM best_plans WHERE workload = 'p3');
-- no shape, no hybrid: every plan pays for its capacity all day
SELECT 't-flat-no-hybrid', (SELECT count(*) FILTER (WHERE pricing = 'hybrid') = 0 AND count(avg_gpus) = 0
                            FROM sp WHERE workload = 'flat');
-- a workload that rents only may not take the hybrid
UPDATE workloads SET acquire = 'rent' WHERE name = 'p3';
SELECT 't-hybrid-acquire', (SELECT NOT works AND why_not = 'a hybrid buys and rents; the workload rents only (acquire = ''rent'')'
                            FROM sp WHERE workload = 'p3' AND pricing = 'hybrid');
UPDATE workloads SET acquire = NULL WHERE name = 'p3';

-- At $9.60 an hour the rental costs less than the owned server even busy
-- all day: renting everything wins, and the hybrid (at least one server)
-- costs more.
UPDATE rental_quotes SET usd_per_hour = 9.6;
SELECT 't-rent-wins', (SELECT r.rank = 1 AND h.usd_per_hour > r.usd_per_hour
                       FROM sp h JOIN sp r ON r.workload = h.workload AND r.offer = 'hyb/h100x8'
                       WHERE h.workload = 'p3' AND h.pricing = 'hybrid');
SELECT 't-rvb-rent', (SELECT cheapest = 'rent: owning even the base costs more than renting it for the hours it is busy'
                      FROM rent_vs_buy WHERE workload = 'p3');

-- A program's serving phase may be the hybrid, and reuse training's GPUs
-- as its owned base.
UPDATE rental_quotes SET usd_per_hour = 20;
INSERT INTO workloads(name, kind, model, mode, tokens_b, providers, offer_glob) VALUES
  ('ft', 'finetune', 'llama-3.1-8b', 'lora', 1, 'none', 'h100-sxm');
INSERT INTO programs(name, train_workload, serve_workload, budget_usd) VALUES ('prog', 'ft', 'p3', 5000000);
-- the owned server bought for training is the hybrid's base: serving
-- pays its running costs and the rentals, 36 x 730 hours of each
SELECT 't-program-hybrid', (SELECT reused_gpus = 8 AND serve_gpus = 8
                                   AND abs(serve_usd - 36 * 730 * (SELECT running_usd_per_hour + rent_usd_per_hour
                                                                   FROM sp WHERE workload = 'p3' AND pricing = 'hybrid')) < 0.01
                            FROM program_plans WHERE program = 'prog' AND plan = 'buy for training, hybrid serving');

-- Seed 000 Q6: an A100 80GB bought for $12,000 (with its share of the
-- host: owned_prices.price_usd) against AWS's p4de on-demand at $5.12 a
-- GPU-hour, busy 90% of three years on a flat day: buying wins, as the
-- seed says (above 30-40% sustained use), on the like-for-like columns and
-- on the plans as paid; a flat profile gives the same verdicts.
INSERT INTO rental_quotes(provider, name, gpu, gpu_count, usd_per_hour, source) VALUES
  ('q6', 'p4de-like', 'a100-sxm-80gb', 8, 40.96, 'seed 000 Q6: AWS p4de on-demand, $5.12 a GPU-hour');
INSERT INTO owned_prices(gpu, price_usd) VALUES ('a100-sxm-80gb', 12000);
INSERT INTO workloads(name, kind, model, dtype, requests_per_min, prompt_tokens, output_tokens, months, utilization,
                      traffic_profile, providers, offer_glob) VALUES
  ('q6', 'serve', 'llama-3.1-70b', 'bf16', 600, 500, 300, 36, 0.9, NULL, 'none', 'a100-sxm-80gb'),
  ('q6-flat', 'serve', 'llama-3.1-70b', 'bf16', 600, 500, 300, 36, 0.9, 'flat', 'none', 'a100-sxm-80gb');
SELECT 't-q6-buy', (SELECT verdict = 'buy: pays off within the months of use' AND cheapest = 'buy'
                           AND crossover_utilization < 0.4
                    FROM rent_vs_buy WHERE workload = 'q6' AND rental = 'q6/p4de-like');
SELECT 't-q6-flat-buy', (SELECT cheapest LIKE 'buy%' FROM rent_vs_buy WHERE workload = 'q6-flat' AND rental = 'q6/p4de-like')
                        AND (SELECT pricing = 'owned' FROM best_plans WHERE workload = 'q6-flat');
