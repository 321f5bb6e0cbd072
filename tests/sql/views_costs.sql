-- Prices and the whole cost of a plan (sql/gpuadv.sql runs first): flagged
-- prices, spot interruptions, commitments paid by the term, owned hardware
-- bought by the purchase unit with its running costs, and rent against buy
-- for the same GPUs. Every total is worked by hand below. One check per
-- line, each NAME|1.
PRAGMA trusted_schema = OFF;

-- A job of exactly 600 GPU-hours on an H100 or H200 (989.4 TFLOP/s): 1B
-- parameters given by params_b, LoRA (4 model FLOP per parameter and token:
-- no gradients for the frozen weights), 534.276B tokens (0.54 x 989.4), MFU 1:
-- 4 x 1e9 x 534.276e9 / (989.4e12 x 1) / 3600 = 600. LoRA: it fits one GPU.
-- On an 8-GPU node: 600 / 8 / 24 = 3.125 days.
INSERT INTO rental_quotes(provider, name, gpu, gpu_count, usd_per_hour, term_days) VALUES
  ('test', 'payg-8xh100', 'h100-sxm', 8, 16.0, NULL),
  ('test', '1y-8xh100', 'h100-sxm', 8, 16.0, 365),
  ('test', '3y-8xh100', 'h100-sxm', 8, 12.0, 1095),
  ('test', '1xh100', 'h100-sxm', 1, 2.0, NULL),
  ('test', '2xh200', 'h200', 2, 10.0, NULL),
  ('rvb', '4x4090', 'rtx-4090', 4, 1.6, NULL),
  ('rvb', 'half4090', 'rtx-4090', 0.5, 0.3, NULL);
-- Your H200 server and its running costs: 8 GPUs for $240,000, $1,000 of
-- network per GPU, 1,000 W per GPU at PUE 1.5 and $0.10/kWh, $200 per
-- kW-month of colocation, support 10% a year, $73,000 of staff per server
-- a year, 25% resale after 2 years (no warranty counted: support is paid
-- from the first year).
--   capex: 240,000 + 8 x 1,000 = 248,000 (31,000 per GPU)
--   per GPU-hour: depreciation 31,000 x 0.75 / (2 x 8,760) = 1.327055;
--   energy 1.0 kW x 1.5 x 0.10 = 0.15; colocation 200 x 1.0 / 730 = 0.273973;
--   support 0.10 x 30,000 / 8,760 = 0.342466; staff 73,000 / 8 / 8,760 = 1.041667;
--   running 1.808105, in all 3.135160.
INSERT INTO owned_prices(gpu, unit_usd, unit_gpus, network_usd_per_gpu, watts, pue, usd_per_kwh,
                         colo_usd_per_kw_month, support_share_per_year, staff_usd_per_node_year,
                         resale_share, lifetime_years, warranty_years) VALUES
  ('h200', 240000, 8, 1000, 1000, 1.5, 0.10, 200, 0.10, 73000, 0.25, 2, 0);
INSERT INTO workloads(name, kind, params_b, mode, tokens_b, mfu, utilization, offer_glob) VALUES
  ('c-h100', 'finetune', 1, 'lora', 534.276, 1, 1, 'test/*'),
  ('c-h200', 'finetune', 1, 'lora', 534.276, 1, 1, 'h200'),
  ('c-own-h100', 'finetune', 1, 'lora', 534.276, 1, 1, 'owned/h100-sxm'),
  ('c-flag', 'finetune', 1, 'lora', 534.276, 1, 1, 'gcp/a3-highgpu-8g*');
-- the catalog's H100 server is priced 2024-08: flagged by
-- purchase_max_age_days, admitted here to check its price
UPDATE workloads SET include_flagged_prices = 1 WHERE name = 'c-own-h100';
-- The catalog's prices age from plan_defaults.today: a plan that must
-- reach a catalog offer whatever the date includes the flagged prices
-- (a price older than list_max_age_days is flagged).
INSERT INTO workloads(name, kind, params_b, mode, tokens_b, mfu, utilization, offer_glob,
                      include_flagged_prices) VALUES
  ('c-inf2', 'finetune', 1, 'lora', 534.276, 1, 1, 'inferentia2', 1),
  ('c-flag-in', 'finetune', 1, 'lora', 534.276, 1, 1, 'gcp/a3-highgpu-8g*', 1);
-- Spot with 2.4 interruptions per node-day, a checkpoint every 2 hours and
-- 30 minutes to restart: each interruption loses 2 / 2 + 0.5 = 1.5 hours,
-- 2.4 / 24 = 0.1 interruptions per hour: 15% more time and money. At the
-- catalog's default for GCP (0.1 per day), hourly checkpoints and 15
-- minutes: 0.1 / 24 x 0.75 = 0.3125%.
-- (Spot offers enter only with allow_spot = 1.)
INSERT INTO workloads(name, kind, params_b, mode, tokens_b, mfu, utilization, offer_glob,
                      spot_interruptions_per_day, checkpoint_hours, restart_minutes, allow_spot,
                      include_flagged_prices) VALUES
  ('c-spot', 'finetune', 1, 'lora', 534.276, 1, 1, 'aws/p5.48xlarge (spot*', 2.4, 2, 30, 1, 1);
INSERT INTO workloads(name, kind, params_b, mode, tokens_b, mfu, utilization, offer_glob, allow_spot,
                      include_flagged_prices) VALUES
  ('c-spot-gcp', 'finetune', 1, 'lora', 534.276, 1, 1, 'gcp/a3-highgpu-8g (spot*', 1, 1),
  ('c-spot-no', 'finetune', 1, 'lora', 534.276, 1, 1, 'gcp/a3-highgpu-8g (spot*', NULL, 1);
-- QLoRA of a 70B model: activations recomputed in full unless the workload
-- says otherwise; then it fits one 80 GB GPU.
INSERT INTO workloads(name, kind, model, mode, tokens_b, recompute, offer_glob) VALUES
  ('c-qlora', 'finetune', 'llama-3.1-70b', 'qlora', 1, NULL, 'test/1xh100'),
  ('c-qlora-none', 'finetune', 'llama-3.1-70b', 'qlora', 1, 'none', 'test/1xh100');
-- Serving an 8B model at 10 requests/min fits one H100 of the 8-GPU quotes:
-- 3 months on a 1-year term pay 365 days: 8 x 2.0 x 24 x 365 = 140,160, i.e.
-- 64.00 per hour over 3 x 730 hours; 12 months on a 3-year term pay 1,095
-- days: 8 x 1.5 x 24 x 1,095 = 315,360, i.e. 36.00 per hour over 8,760.
INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens, months, offer_glob) VALUES
  ('c-srv-1y', 'serve', 'llama-3.1-8b', 10, 100, 3, 'test/1y-8xh100'),
  ('c-srv-3y', 'serve', 'llama-3.1-8b', 10, 100, 12, 'test/3y-8xh100');
INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens, months, offer_glob,
                      include_flagged_prices) VALUES
  ('c-srv-p5', 'serve', 'llama-3.1-8b', 10, 100, 1, 'aws/p5.48xlarge*', 1);
-- serve_on_spot, the older name, and allow_spot let spot serve alike;
-- allow_spot = 0 wins over serve_on_spot = 1
INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens, months, offer_glob,
                      include_flagged_prices, serve_on_spot, allow_spot) VALUES
  ('c-srv-p5-spot', 'serve', 'llama-3.1-8b', 10, 100, 1, 'aws/p5.48xlarge*', 1, 1, NULL),
  ('c-srv-p5-allow', 'serve', 'llama-3.1-8b', 10, 100, 1, 'aws/p5.48xlarge*', 1, NULL, 1),
  ('c-srv-p5-deny', 'serve', 'llama-3.1-8b', 10, 100, 1, 'aws/p5.48xlarge*', 1, 1, 0);

-- An 8B chat service in FP8 that one RTX 4090 serves, on the test quotes
-- and the owned card (a desktop card, bought alone).
INSERT INTO workloads(name, kind, model, dtype, requests_per_min, output_tokens, months, offer_glob) VALUES
  ('c-rvb-card', 'serve', 'llama-3.1-8b', 'fp8', 20, 300, 12, '*4090');

CREATE TEMP TABLE tp AS SELECT * FROM training_plans;
CREATE TEMP TABLE sp AS SELECT * FROM serving_plans;
CREATE TEMP TABLE rb AS SELECT * FROM rent_vs_buy;
CREATE TEMP TABLE bp AS SELECT * FROM best_plans;

SELECT 'c-gpu-hours', (SELECT abs(gpu_hours - 600) < 0.05 AND n_gpus = 8 AND abs(wall_days - 3.125) < 0.005 FROM tp WHERE workload = 'c-h100' AND offer = 'test/payg-8xh100');
SELECT 'c-payg', (SELECT compute_usd = 1200 AND commit_days IS NULL FROM tp WHERE workload = 'c-h100' AND offer = 'test/payg-8xh100');
SELECT 'c-commit-1y', (SELECT compute_usd = 140160 AND commit_days = 365 AND works FROM tp WHERE workload = 'c-h100' AND offer = 'test/1y-8xh100');
SELECT 'c-commit-3y', (SELECT compute_usd = 315360 AND commit_days = 1095 FROM tp WHERE workload = 'c-h100' AND offer = 'test/3y-8xh100');
-- at equal cost ($1,200) the 8-GPU quote (3.1 days) ranks before the
-- one-GPU quote (25 days)
SELECT 'c-commit-ranked-after', (SELECT rank = 1 FROM tp WHERE workload = 'c-h100' AND offer = 'test/payg-8xh100') AND (SELECT rank = 2 AND total_usd = 1200 FROM tp WHERE workload = 'c-h100' AND offer = 'test/1xh100') AND (SELECT rank FROM tp WHERE workload = 'c-h100' AND offer = 'test/1y-8xh100') = 4 AND (SELECT rank FROM tp WHERE workload = 'c-h100' AND offer = 'test/3y-8xh100') = 5;
SELECT 'c-srv-commit-1y', (SELECT usd_per_hour = 64.0 AND total_usd = 140160 AND commit_days = 365 AND n_gpus = 8 FROM sp WHERE workload = 'c-srv-1y');
SELECT 'c-srv-commit-3y', (SELECT usd_per_hour = 36.0 AND total_usd = 315360 AND commit_days = 1095 FROM sp WHERE workload = 'c-srv-3y');

SELECT 'c-own-unit', (SELECT n_gpus = 8 AND capex_usd = 248000 FROM tp WHERE workload = 'c-h200' AND offer = 'owned/h200');
-- Bought for the job and sold at its end: 75 hours on 8 GPUs cost the
-- price less its 25% resale, 248,000 x 0.75 = 186,000, plus 75 x 8 x 1.808105
-- = 1,084.863 of running, 187,084.863 in all (owned_term_usd); the hourly
-- figure is the lifetime's, 8 x 3.135160.
SELECT 'c-own-compute', (SELECT abs(compute_usd - 187084.863) < 0.01 AND abs(usd_per_hour - 8 * 3.135160) < 0.0001 FROM tp WHERE workload = 'c-h200' AND offer = 'owned/h200');
-- the purchase plus running costs for 600 / 8 = 75 hours: 248,000 + 1.808105 x 8 x 75 = 249,084.86
SELECT 'c-own-spend', (SELECT abs(spend_usd - 249084.86) < 0.01 AND abs(running_usd_per_hour - 14.4648) < 0.0001 FROM tp WHERE workload = 'c-h200' AND offer = 'owned/h200');
-- catalog defaults: an 8 x H100 server, $317,000, and $1,882 of network per GPU, not 8 bare GPUs
SELECT 'c-own-h100-server', (SELECT n_gpus = 8 AND capex_usd = 332056 AND capex_usd > 8 * (SELECT price_usd FROM gpus WHERE name = 'h100-sxm') FROM tp WHERE workload = 'c-own-h100');
-- passive data-center PCIe cards (gpus.sold_in 'rack-server') are bought in
-- 8-card servers: 8 x $15,000 (a100-pcie-80gb) + the $50,000 PCIe server
-- (owned_costs pcie_host_usd) = $170,000 a unit, plus $1,882 of network a
-- GPU = $23,132 a GPU
SELECT 'c-own-pcie-server', (SELECT unit_gpus = 8 AND unit_usd = 170000 AND capex_usd_per_gpu = 23132 AND gpus_per_node = 8 AND instance_type = '8-card PCIe server' FROM offers WHERE offer = 'owned/a100-pcie-80gb');
-- ... drawing 300 W x 1.8 a GPU at its maximum, 0.735 of it typical; support
-- 10% of the unit a year for the 1 of 4 years after the 3-year warranty;
-- staff 0.09375 FTE x $185,000 per 8 GPUs a year:
-- 0.54 x 0.735 x 1.54 x 0.12 + 184.06 x 0.54 / 730 + 0.10 / 4 x 21,250 / 8,760
-- + 17,343.75 / 8 / 8,760 = 0.073347 + 0.136155 + 0.060645 + 0.247485 = 0.517632 $/GPU-hour
SELECT 'c-own-pcie-running', (SELECT watts_per_gpu = 540 AND abs(running_usd_per_gpu_hour - 0.517632) < 0.000002 FROM offers WHERE offer = 'owned/a100-pcie-80gb');
-- a desktop card is bought with a workstation of its own: $2,749 (street,
-- March 2026) + $1,500 (owned_costs workstation_host_usd); the machine draws
-- 450 W x 1.8; staff as for 1/8 of a server
SELECT 'c-own-desktop-card', (SELECT unit_gpus = 1 AND unit_usd = 4249 AND capex_usd_per_gpu = 4249 AND gpus_per_node = 1 AND watts_per_gpu = 810 AND instance_type = 'the card in a workstation of its own' FROM offers WHERE offer = 'owned/rtx-4090');
-- the date of the price: a catalog GPU price's source date where it gives
-- one (the RTX 4090's street price of March 2026: the month's first day;
-- the catalog row's own as_of is the day it was checked), none for a launch
-- price whose page carries no date (RTX 6000 Ada) or for your quote (h200)
SELECT 'c-own-price-date', (SELECT price_date = '2026-03-01' FROM offers WHERE offer = 'owned/rtx-4090') AND (SELECT price_date IS NULL FROM offers WHERE offer = 'owned/rtx-6000-ada') AND (SELECT price_date IS NULL FROM offers WHERE offer = 'owned/h200') AND (SELECT price_date = '2024-01-01' FROM offers WHERE offer = 'owned/mi300x');
SELECT 'c-own-sold-in', (SELECT count(*) = 0 FROM offers o JOIN gpus g ON g.name = o.gpu WHERE o.pricing = 'owned' AND ((g.sold_in IN ('desktop', 'system')) <> (o.gpus_per_node = 1 AND o.unit_gpus = 1)));
-- rent against buy for the same 8 GPUs: 2 x H200 at $10/h is $40/h for 8;
-- break-even 248,000 / (40 - 14.464840) = 9,712.1 hours
SELECT 'c-rvb-same-gpus', (SELECT n_gpus = 8 AND rental_gpus = 2 AND rent_usd_per_hour = 40.0 AND abs(break_even_hours - 9712.1) < 0.05 AND capex_usd = 248000 FROM rb WHERE workload = 'c-h200' AND rental = 'test/2xh200');
-- one owned card against whole instances: the 4-GPU quote costs its full
-- $1.60/h (not 1.60 / 4 = 0.40, one GPU's share, which no one rents), and
-- the half-GPU quote two instances, 2 x 0.30 = $0.60/h
SELECT 'c-rvb-whole-instance', (SELECT n_gpus = 1 AND rental_gpus = 4 AND rent_instances = 1 AND rent_usd_per_hour = 1.6 FROM rb WHERE workload = 'c-rvb-card' AND rental = 'rvb/4x4090');
SELECT 'c-rvb-fraction-instances', (SELECT n_gpus = 1 AND rent_instances = 2 AND rent_usd_per_hour = 0.6 FROM rb WHERE workload = 'c-rvb-card' AND rental = 'rvb/half4090');
SELECT 'c-rvb-same-gpu-only', (SELECT count(*) > 0 AND count(*) FILTER (WHERE rental_gpu <> gpu) = 0 FROM rb);

SELECT 'c-spot-overhead', (SELECT spot_overhead = 0.15 AND abs(wall_days - 3.125 * 1.15) < 0.005 AND abs(compute_usd - 600 * 1.15 * (SELECT usd_per_device_hour FROM offers o WHERE o.offer = t.offer)) < 0.01 FROM tp t WHERE workload = 'c-spot' AND rank = 1);
SELECT 'c-spot-default-gcp', (SELECT count(*) > 0 AND min(spot_overhead) = 0.0031 AND max(spot_overhead) = 0.0031 FROM tp WHERE workload = 'c-spot-gcp');
SELECT 'c-spot-reason', (SELECT reason LIKE '%(aws %, price % days old, if available; interruptions add 15.00% to the time)%' FROM bp WHERE workload = 'c-spot');
-- spot enters a training plan only with allow_spot = 1
SELECT 'c-spot-not-allowed', (SELECT count(*) = 0 FROM tp WHERE workload = 'c-spot-no') AND (SELECT reason = 'no offer matches offer_glob ''gcp/a3-highgpu-8g (spot*''' FROM bp WHERE workload = 'c-spot-no');
SELECT 'c-serve-no-spot', (SELECT count(*) FILTER (WHERE pricing = 'spot') = 0 AND count(*) >= 2 FROM sp WHERE workload = 'c-srv-p5');
SELECT 'c-serve-spot-allowed', (SELECT count(*) FILTER (WHERE pricing = 'spot') >= 1 FROM sp WHERE workload = 'c-srv-p5-spot') AND (SELECT count(*) FILTER (WHERE pricing = 'spot') >= 1 FROM sp WHERE workload = 'c-srv-p5-allow') AND (SELECT count(*) FILTER (WHERE pricing = 'spot') = 0 AND count(*) >= 2 FROM sp WHERE workload = 'c-srv-p5-deny');

-- the refresh's flags (cloud_instances.price_flag) and the views' own keep
-- an offer out of a plan unless the workload includes flagged prices
SELECT 'c-flag-left-out', (SELECT count(*) FILTER (WHERE offer LIKE '%flagged%' OR price_flag IS NOT NULL) = 0 FROM tp WHERE workload = 'c-flag');
SELECT 'c-flag-included', (SELECT count(*) FILTER (WHERE price_flag LIKE 'GCP low cluster%') = 1 AND count(*) FILTER (WHERE pricing = 'spot') = 0 FROM tp WHERE workload = 'c-flag-in');
SELECT 'c-flag-tpu-v6e', (SELECT count(*) = 0 FROM offers WHERE gpu = 'tpu-v6e' AND region = 'asia-southeast1' AND pricing = 'spot' AND price_flag IS NULL);
SELECT 'c-price-age', (SELECT price_age_days = CAST(julianday('now') - julianday(price_as_of) AS INTEGER) AND price_age_days > 0 FROM tp WHERE workload = 'c-spot');
SELECT 'c-price-age-unknown', (SELECT price_as_of IS NULL AND price_age_days IS NULL FROM tp WHERE workload = 'c-h200' AND offer = 'owned/h200');
SELECT 'c-quote-reason', (SELECT reason LIKE '%quoted test/payg-8xh100 (test, your quote)%' FROM bp WHERE workload = 'c-h100');
-- A training plan's reason says the MFU its GPU-hours assume: the
-- workload's (c-h100: 1, 100%), else plan_defaults' 0.40 (c-qlora).
SELECT 'c-mfu-reason', (SELECT reason LIKE '% GPU-hours at 100% MFU (the workload''s mfu; %' FROM bp WHERE workload = 'c-h100') AND (SELECT b.reason LIKE printf('%% GPU-hours at %.0f%%%% MFU (step model, training throughput measured on this GPU; %%', 100 * t.mfu) FROM bp b JOIN tp t ON t.workload = b.workload AND t.rank = 1 WHERE b.workload = 'c-qlora');

SELECT 'c-inference-only', (SELECT count(*) > 0 AND count(*) FILTER (WHERE why_not = 'inferentia2 is an inference-only chip: no training plan') = count(*) FROM tp WHERE workload = 'c-inf2');
-- at the micro-batch the plan picks: QLoRA dequantises its base once a
-- micro-batch, so the search takes the largest that fits
SELECT 'c-qlora-recompute', (SELECT works AND n_gpus = 1 AND recompute = 'full' AND micro_batch = 4 AND mem_gb_per_gpu = round(train_mem_gb(70.6, 'qlora', 1, 0, activation_gb(80, 8192, 64, 4096, micro_batch, 'full')), 2) AND mem_gb_per_gpu < 72 FROM tp WHERE workload = 'c-qlora');
SELECT 'c-qlora-none-said', (SELECT NOT works FROM tp WHERE workload = 'c-qlora-none');
-- QLoRA runs where bitsandbytes has its 4-bit kernels: its 0.50.0 README
-- (2026-07-24) marks "QLoRA 4-bit" supported on NVIDIA from Pascal on, AMD
-- CDNA (MI300X: gfx942) and RDNA 2 to 4 (the RX 7900 XTX: gfx1100), Apple
-- silicon; Intel Gaudi only in part; TPUs and Vega (the MI25) not at all.
INSERT INTO workloads(name, kind, model, mode, tokens_b, include_flagged_prices) VALUES ('c-qlora-bnb', 'finetune', 'llama-3.1-8b', 'qlora', 0.01, 1);
SELECT 'c-qlora-amd', (SELECT count(*) > 0 FROM training_plans WHERE workload = 'c-qlora-bnb' AND gpu = 'mi300x' AND works) AND (SELECT count(*) > 0 FROM training_plans WHERE workload = 'c-qlora-bnb' AND gpu = 'rx-7900-xtx' AND works);
SELECT 'c-qlora-gaudi', (SELECT count(*) > 0 AND min(why_not) = max(why_not) AND min(why_not) = 'qlora needs bitsandbytes 4-bit kernels (bitsandbytes 0.50.0: NVIDIA from Pascal on, AMD CDNA and RDNA 2 to 4, Apple silicon; Intel Gaudi in part): none for Intel Gaudi3 (Habana)' FROM training_plans WHERE workload = 'c-qlora-bnb' AND gpu = 'gaudi3');
SELECT 'c-qlora-tpu-vega', (SELECT count(*) > 0 AND count(*) FILTER (WHERE why_not LIKE '%): none for Google TPU v5p') = count(*) FROM training_plans WHERE workload = 'c-qlora-bnb' AND gpu = 'tpu-v5p') AND (SELECT count(*) > 0 AND count(*) FILTER (WHERE why_not LIKE '%): none for AMD Vega (GCN5)') = count(*) FROM training_plans WHERE workload = 'c-qlora-bnb' AND gpu = 'mi25');

-- Prices a plan can rely on (docs/procurement.md). A spot price more than
-- plan_defaults.spot_outlier_share (0.40) below the median spot price of
-- its instance type across the provider's regions is flagged: the
-- p6-b200.48xlarge in aws us-east-2 at 17.5184 is 50% below the median
-- 35.3707 of its 3 regions.
-- the TPU v6e-32 spot price in gcp us-east4, 13.5507, is 47% below the
-- median 25.7065 of its 10 regions
SELECT 'c-outlier-tpu-v6e', (SELECT count(*) = 1 AND min(price_flag) LIKE 'spot 13.5507 is 47% below the median spot 25.7065 of the same instance type in 10 regions%' FROM offers WHERE offer LIKE 'gcp/tpu-v6e-32 (spot%' AND region = 'us-east4');
SELECT 'c-outlier-p6-b200', (SELECT count(*) = 1 AND min(price_flag) LIKE '%spot 17.5184 is 50% below the median spot 35.3707 of the same instance type in 3 regions%' FROM offers WHERE offer LIKE 'aws/p6-b200.48xlarge (spot%' AND region = 'us-east-2') AND (SELECT count(*) = 0 FROM offers WHERE offer = 'aws/p6-b200.48xlarge (spot)' AND region = 'us-east-2');
-- a price older than its limit is flagged, with its age: list prices
-- after list_max_age_days (180), spot and marketplace ones after
-- spot_max_age_days (30), counted from plan_defaults.today (a purchase
-- price, pricing 'owned', is not aged)
SELECT 'c-stale-flag', (SELECT count(*) = 0 FROM offers o CROSS JOIN plan_defaults d WHERE o.pricing IN ('on-demand', 'committed') AND o.provider NOT IN ('vast', 'hyperbolic') AND julianday(d.today) - julianday(o.price_date) > d.list_max_age_days AND coalesce(o.price_flag, '') NOT LIKE '%days old > 180 (plan_defaults.list_max_age_days)%') AND (SELECT count(*) = 0 FROM offers o CROSS JOIN plan_defaults d WHERE o.pricing = 'spot' AND julianday(d.today) - julianday(o.price_date) > d.spot_max_age_days AND o.price_flag IS NULL) AND (SELECT count(*) = 0 FROM offers o CROSS JOIN plan_defaults d WHERE o.price_flag IS NULL AND o.pricing <> 'owned' AND julianday(d.today) - julianday(o.price_date) > d.list_max_age_days);
-- marketplace offers (provider_tiers 'marketplace': vast) enter only with
-- allow_marketplace = 1
INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens, offer_glob, include_flagged_prices, allow_marketplace) VALUES
  ('c-mkt-no', 'serve', 'llama-3.1-8b', 10, 100, 'vast/*', 1, NULL),
  ('c-mkt-yes', 'serve', 'llama-3.1-8b', 10, 100, 'vast/*', 1, 1);
SELECT 'c-marketplace', (SELECT count(*) = 0 FROM serving_plans WHERE workload = 'c-mkt-no') AND (SELECT count(*) > 0 FROM serving_plans WHERE workload = 'c-mkt-yes') AND (SELECT reason LIKE '%, one marketplace host, if available)%' FROM best_plans WHERE workload = 'c-mkt-yes');
-- at equal cost a dated price ranks before an undated one: your quote
-- (no date) at exactly the dated on-demand price of an aws p5.48xlarge,
-- named to sort first, ranks after it
INSERT INTO rental_quotes(provider, name, gpu, gpu_count, usd_per_hour)
  SELECT 'aaa', 'same-price', 'h100-sxm', 8, min(usd_per_hour) FROM offers WHERE offer LIKE 'aws/p5.48xlarge%' AND pricing = 'on-demand';
INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens, offer_glob, include_flagged_prices) VALUES
  ('c-dated-first', 'serve', 'llama-3.1-8b', 10, 100, 'h100-sxm', 1);
SELECT 'c-dated-first', (SELECT a.rank < q.rank FROM serving_plans a JOIN serving_plans q ON q.workload = a.workload AND q.offer = 'aaa/same-price' WHERE a.workload = 'c-dated-first' AND a.offer LIKE 'aws/p5.48xlarge%' AND a.pricing = 'on-demand' AND a.usd_per_hour = q.usd_per_hour);

-- A catalog purchase price is aged as a rental list price is: undated, or
-- older than purchase_max_age_days (365), it is flagged and planned only
-- where the workload admits flagged prices; your owned_prices quote (the
-- H200's above) is not. The H100 server's price is of 2024-08, the
-- L40S's undated; the B200's is of 2026-08-21, flagged once a year old.
SELECT 'c-own-price-aged', (SELECT price_flag LIKE 'purchase price % days old > 365 (plan_defaults.purchase_max_age_days)'
                            FROM offers WHERE offer = 'owned/h100-sxm')
                           AND (SELECT price_flag = 'purchase price without a date (owned_prices takes your quote)'
                                FROM offers WHERE offer = 'owned/l40s')
                           AND (SELECT price_flag IS NULL FROM offers WHERE offer = 'owned/h200')
                           AND (SELECT (price_flag IS NOT NULL) = (julianday('now') - julianday('2026-08-21') > 365)
                                FROM offers WHERE offer = 'owned/b200');
INSERT INTO workloads(name, kind, params_b, mode, tokens_b, mfu, utilization, offer_glob, acquire) VALUES
  ('c-buy-aged', 'finetune', 1, 'lora', 534.276, 1, 1, 'owned/h100-sxm', 'buy');
SELECT 'c-own-aged-not-planned', (SELECT count(*) = 0 FROM training_plans WHERE workload = 'c-buy-aged')
                                 AND (SELECT reason = 'no offer matches offer_glob ''owned/h100-sxm'''
                                      FROM best_plans WHERE workload = 'c-buy-aged');
