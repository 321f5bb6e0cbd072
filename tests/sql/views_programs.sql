-- programs and program_plans (sql/gpuadv.sql runs first): one budget over
-- a training phase and a serving phase, the GPUs bought for training kept
-- for serving. Gaudi 3 is only bought in the catalog (no rental), so a
-- quote and the owned server are the only offers; both priced here. One
-- check per line, NAME|1.
PRAGMA trusted_schema = OFF;
-- rented: 8 x Gaudi 3 for $8.00 an hour, with a fabric; owned: the
-- 8-GPU server for $240,000, drawing 1,000 W a GPU at $0.10/kWh and PUE
-- 1, nothing else: $0.10 a GPU-hour of running costs
INSERT INTO rental_quotes(provider, name, gpu, gpu_count, usd_per_hour, fabric_gbps) VALUES
  ('test', '8xgaudi3', 'gaudi3', 8, 8.0, 3200);
INSERT INTO owned_prices(gpu, unit_usd, unit_gpus, network_usd_per_gpu, watts, pue, usd_per_kwh,
                         colo_usd_per_kw_month, support_share_per_year, staff_usd_per_node_year,
                         resale_share, lifetime_years, warranty_years, fabric_gbps) VALUES
  ('gaudi3', 240000, 8, 0, 1000, 1, 0.10, 0, 0, 0, 0, 4, 0, 3200);
-- a LoRA of a 1B model at MFU 1 (its GPU-hours are fixed by the FLOPs),
-- then an 8B service for 12 months on one GPU of the 8
INSERT INTO workloads(name, kind, params_b, mode, tokens_b, mfu, offer_glob) VALUES
  ('p-train', 'finetune', 1, 'lora', 100, 1, 'gaudi3');
INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens, months, offer_glob) VALUES
  ('p-serve', 'serve', 'llama-3.1-8b', 10, 100, 3, 'gaudi3');
INSERT INTO programs(name, train_workload, serve_workload, serve_months, budget_usd) VALUES
  ('p', 'p-train', 'p-serve', 12, 200000),
  ('p-open', 'p-train', 'p-serve', NULL, NULL);
CREATE TEMP TABLE pp AS SELECT * FROM program_plans;
CREATE TEMP TABLE tp AS SELECT * FROM training_plans WHERE workload = 'p-train';
CREATE TEMP TABLE sp AS SELECT * FROM serving_plans WHERE workload = 'p-serve';

-- four ways, one of each: the quote and the server in each phase
SELECT 'pg-four-plans', (SELECT count(*) = 4 AND count(DISTINCT plan) = 4 FROM pp WHERE program = 'p');
-- rent both: the training quote's total, then $8.00 x 730 x 12 = $70,080
SELECT 'pg-rent-both', (SELECT abs(total_usd - ((SELECT total_usd FROM tp WHERE offer = 'test/8xgaudi3') + 70080)) < 0.01
                               AND serve_usd = 70080 AND reused_gpus = 0
                        FROM pp WHERE program = 'p' AND plan = 'rent both');
-- buy both: $240,000 once, the training's running costs ($0.10 x 8 GPUs x
-- its hours), then serving on the same 8 GPUs: $0.80 x 730 x 12 = $7,008
SELECT 'pg-buy-both', (SELECT pp.reused_gpus = 8 AND abs(pp.serve_usd - 7008) < 0.01
                              AND abs(pp.train_usd - (240000 + 0.8 * t.wall_days * 24)) < 0.01
                              AND abs(pp.total_usd - pp.train_usd - pp.serve_usd) < 0.01
                       FROM pp, tp t WHERE pp.program = 'p' AND pp.plan = 'buy both' AND t.offer = 'owned/gaudi3');
-- rent training, buy serving: the server bought for serving alone
SELECT 'pg-rent-then-buy', (SELECT abs(serve_usd - (240000 + 7008)) < 0.01 AND reused_gpus = 0
                            FROM pp WHERE program = 'p' AND plan = 'rent training, buy serving');
-- the budget: within $200,000 only renting both
SELECT 'pg-budget', (SELECT works AND rank = 1 FROM pp WHERE program = 'p' AND plan = 'rent both')
                    AND (SELECT count(*) = 3 AND min(why_not LIKE 'costs $%, over the budget of $200,000') = 1
                         FROM pp WHERE program = 'p' AND NOT works);
-- without a budget every plan works, ranked by cash; the serve workload's
-- own 3 months when the program gives none
SELECT 'pg-open', (SELECT count(*) = 4 AND min(works) = 1 AND min(serve_months) = 3 FROM pp WHERE program = 'p-open')
                  AND (SELECT serve_usd = 8.0 * 730 * 3 FROM pp WHERE program = 'p-open' AND plan = 'rent both');
