-- The seeds' worked scenarios (sql/examples/*.sql) checked through the
-- views; sql/gpuadv.sql runs first. One check per line, each NAME|1.

-- Seed 002: QLoRA on LLaMA-3 70B (70B as the seed counts it, llama-3.1-70b's
-- shape), 1B tokens x 3 epochs at the datasheet 989 TFLOP/s (mfu 1),
-- gradient checkpointing; 500 GB in S3; $28/month of storage = 1,220 GB at
-- $0.023; bare metal H100 at $2.80/h against SageMaker at +30%. The seed
-- counts 6 FLOP per parameter and token for QLoRA, as for a full fine-tune:
-- 6 x 70e9 x 3e9 / 989e12 / 3600 = 354 GPU-hours, $991 at $2.80, totals of
-- $1,064 (bare metal: + $28 storage + $45 egress) and $1,316 (SageMaker:
-- x 1.3 + $28). QLoRA computes no gradients for its frozen base: the views
-- count 4, 236 GPU-hours (353.7 x 4/6 = 235.8), $660.33 of compute; totals
-- 660.33 + 28.06 + 45 = $733 cached on bare metal, 660.33 x 1.3 + 28.06 =
-- $886 on SageMaker, 660.33 + 28.06 + 900 = $1,588 with 20 pulls from S3.
-- The seed's figures are the full fine-tune's (s002-full).
-- The full fine-tune, which no single GPU holds, runs on the same quotes
-- with a 400 Gbit/s port each (-ib): at a fixed MFU every layout takes the
-- same GPU-hours, and at equal cost the faster ranks first.
INSERT INTO rental_quotes(provider, name, gpu, gpu_count, usd_per_hour, managed_premium, fabric_gbps) VALUES
  ('baremetal', 'h100-80gb', 'h100-sxm', 1, 2.80, 0, NULL),
  ('aws', 'sagemaker-h100', 'h100-sxm', 1, 2.80, 0.30, NULL),
  ('baremetal-ib', 'h100-80gb', 'h100-sxm', 1, 2.80, 0, 400),
  ('aws', 'sagemaker-h100-ib', 'h100-sxm', 1, 2.80, 0.30, 400);
-- (offer_glob 'h100-sxm' keeps these to H100 offers, quotes included.)
INSERT INTO workloads(name, kind, model, params_b, mode, tokens_b, epochs, seq_len, recompute, mfu,
                      dataset_gb, data_location, runs_per_month, months, storage_gb, offer_glob) VALUES
  ('s002-cached', 'finetune', 'llama-3.1-70b', 70, 'qlora', 1, 3, 4096, 'full', 1.0, 500, 'aws', 1, 1, 1220, 'h100-sxm'),
  ('s002-20runs', 'finetune', 'llama-3.1-70b', 70, 'qlora', 1, 3, 4096, 'full', 1.0, 500, 'aws', 20, 1, 1220, 'h100-sxm'),
  ('s002-full', 'finetune', 'llama-3.1-70b', 70, 'full', 1, 3, 4096, 'full', 1.0, 500, 'aws', 1, 1, 1220, 'h100-sxm');

-- Seed 000: the seed's purchase prices for the cost per million tokens, in
-- the seed's cost model: the GPU alone at its TDP, PUE 1.0, no colocation,
-- support, staff or resale, 3 years.
INSERT INTO owned_prices(gpu, price_usd, watts, pue, colo_usd_per_kw_month, support_share_per_year,
                         staff_usd_per_node_year, resale_share, lifetime_years) VALUES
  ('rtx-3090', 700, 350, 1.0, 0, 0, 0, 0, 3), ('a100-sxm-40gb', 8000, 400, 1.0, 0, 0, 0, 0, 3),
  ('h100-sxm', 30000, 700, 1.0, 0, 0, 0, 0, 3);

-- Seed 003: an RTX 4090 bought at $2,000 or rented at $2/h.
-- (the seed counts the card's 450 W alone: PUE 1.0, no colocation,
-- support, staff or resale, 3 years)
INSERT INTO owned_prices(gpu, price_usd, watts, pue, colo_usd_per_kw_month, support_share_per_year,
                         staff_usd_per_node_year, resale_share, lifetime_years)
  VALUES ('rtx-4090', 2000, 450, 1.0, 0, 0, 0, 0, 3);
INSERT INTO rental_quotes(provider, name, gpu, gpu_count, usd_per_hour) VALUES ('seed003', 'rtx-4090', 'rtx-4090', 1, 2.00);
INSERT INTO workloads(name, kind, model, mode, tokens_b, seq_len, recompute, utilization, months, offer_glob) VALUES
  ('s003', 'finetune', 'llama-3.1-8b', 'qlora', 0.05, 2048, 'full', 1.0, 12, 'rtx-4090');

-- Seed 000 Q4: 70B, 1,000 requests/min x 200 tokens, 40 tokens/s per user.
INSERT INTO workloads(name, kind, model, dtype, requests_per_min, prompt_tokens, output_tokens, user_tps, ttft_s, months) VALUES
  ('q4', 'serve', 'llama-3.1-70b', 'bf16', 1000, 500, 200, 40, 1.0, 1);

-- Seed 000 opening case: 13B from scratch on 260B tokens in 30 days, then
-- 50,000 daily users (10 requests a day, the busiest hour at 3x average =
-- 1,042/min; 400 + 250 tokens; 20 tokens/s per user; first token in 1 s).
INSERT INTO workloads(name, kind, model, mode, tokens_b, epochs, seq_len, max_days, budget_usd,
                      dataset_gb, data_location, runs_per_month, months, storage_gb) VALUES
  ('13b-pretrain', 'train', 'llama-2-13b', 'full', 260, 1, 4096, 30, 2000000, 1040, 'aws', 1, 1, 1750);
INSERT INTO workloads(name, kind, model, dtype, requests_per_min, prompt_tokens, output_tokens,
                      user_tps, ttft_s, months, budget_usd) VALUES
  ('13b-chat', 'serve', 'llama-2-13b', 'bf16', 1042, 400, 250, 20, 1.0, 12, 2000000);

-- The checks that name catalog offers take their flagged prices too: the
-- catalog's prices age from plan_defaults.today, and one older than its
-- limit is flagged (the offer's name then ends '[flagged price]').
UPDATE workloads SET include_flagged_prices = 1 WHERE name IN ('s002-full', '13b-pretrain');
CREATE TEMP TABLE tp AS SELECT * FROM training_plans;
CREATE TEMP TABLE sp AS SELECT * FROM serving_plans;
CREATE TEMP TABLE bp AS SELECT * FROM best_plans;
CREATE TEMP TABLE rb AS SELECT * FROM rent_vs_buy;

SELECT 's002-one-gpu', (SELECT count(*) = 2 AND min(n_gpus) = 1 AND max(n_gpus) = 1 AND min(works) = 1 FROM tp WHERE workload = 's002-cached' AND offer IN ('baremetal/h100-80gb', 'aws/sagemaker-h100'));
SELECT 's002-peak-gb', (SELECT abs(mem_gb_per_gpu - (train_mem_gb(70, 'qlora') + activation_gb(80, 8192, 64, 4096, 1, 'full'))) < 0.01 AND mem_gb_per_gpu BETWEEN 44 AND 65 FROM tp WHERE workload = 's002-cached' AND offer = 'baremetal/h100-80gb');
SELECT 's002-gpu-hours', (SELECT round(gpu_hours) = 236 FROM tp WHERE workload = 's002-cached' AND offer = 'baremetal/h100-80gb');
SELECT 's002-seed-gpu-hours', (SELECT round(gpu_hours) = 354 AND round(compute_usd) = 991 AND n_gpus >= 16 FROM tp WHERE workload = 's002-full' AND offer = 'baremetal-ib/h100-80gb');
SELECT 's002-compute', (SELECT round(compute_usd) = 660 AND managed_usd = 0 FROM tp WHERE workload = 's002-cached' AND offer = 'baremetal/h100-80gb');
SELECT 's002-managed', (SELECT round(compute_usd) = 660 AND round(managed_usd) = 198 AND round(compute_usd + managed_usd) = 858 FROM tp WHERE workload = 's002-cached' AND offer = 'aws/sagemaker-h100');
SELECT 's002-storage', (SELECT round(storage_usd) = 28 FROM tp WHERE workload = 's002-cached' AND offer = 'baremetal/h100-80gb');
SELECT 's002-egress-cached', (SELECT egress_usd = 45 FROM tp WHERE workload = 's002-cached' AND offer = 'baremetal/h100-80gb');
SELECT 's002-egress-20', (SELECT egress_usd = 900 FROM tp WHERE workload = 's002-20runs' AND offer = 'baremetal/h100-80gb');
SELECT 's002-egress-samecloud', (SELECT egress_usd = 0 FROM tp WHERE workload = 's002-20runs' AND offer = 'aws/sagemaker-h100');
SELECT 's002-total-cached-bm', (SELECT round(total_usd) = 733 FROM tp WHERE workload = 's002-cached' AND offer = 'baremetal/h100-80gb');
SELECT 's002-total-cached-sm', (SELECT round(total_usd) = 886 FROM tp WHERE workload = 's002-cached' AND offer = 'aws/sagemaker-h100');
SELECT 's002-total-20-bm', (SELECT round(total_usd) = 1588 FROM tp WHERE workload = 's002-20runs' AND offer = 'baremetal/h100-80gb');
SELECT 's002-total-20-sm', (SELECT round(total_usd) = 886 FROM tp WHERE workload = 's002-20runs' AND offer = 'aws/sagemaker-h100');
SELECT 's002-seed-totals', (SELECT round(total_usd) = 1064 FROM tp WHERE workload = 's002-full' AND offer = 'baremetal-ib/h100-80gb') AND (SELECT round(total_usd) = 1316 FROM tp WHERE workload = 's002-full' AND offer = 'aws/sagemaker-h100-ib');
-- The seed's verdicts stand: bare metal wins when the data is cached (by
-- $153; the seed's $252), SageMaker when 20 runs pull it from S3 (by $702;
-- the seed's $603).
SELECT 's002-winner', (SELECT (SELECT round(total_usd) FROM tp WHERE workload = 's002-cached' AND offer = 'aws/sagemaker-h100') - (SELECT round(total_usd) FROM tp WHERE workload = 's002-cached' AND offer = 'baremetal/h100-80gb') = 153 AND (SELECT round(total_usd) FROM tp WHERE workload = 's002-20runs' AND offer = 'baremetal/h100-80gb') - (SELECT round(total_usd) FROM tp WHERE workload = 's002-20runs' AND offer = 'aws/sagemaker-h100') = 702);
SELECT 's002-full-aggregate', train_mem_gb(70, 'full') = 1260 AND nodes_required(train_mem_gb(70, 'full'), 80) = 16 AND nodes_required(nodes_required(train_mem_gb(70, 'full'), 80), 8) = 2;
SELECT 's002-full-multinode', (SELECT works AND nodes >= 2 AND interconnect_ok FROM tp WHERE workload = 's002-full' AND offer LIKE 'aws/p5.48xlarge%' AND pricing = 'on-demand');
-- 18 bytes a parameter of state: 70B x 18 = 1,260 GB, more than one node
-- of 8 x 72 GB holds even sharded; these instances have no fabric
SELECT 's002-full-nofabric', (SELECT NOT works AND why_not LIKE 'needs % GPUs; no fabric between these instances%' FROM tp WHERE workload = 's002-full' AND offer LIKE 'lambda/gpu_8x_h100_sxm5%' AND pricing = 'on-demand');

SELECT 's000-mtok-3090', (SELECT round(cost_per_mtok(usd_per_device_hour, 65, 0.7), 3) = 0.419 FROM offers WHERE offer = 'owned/rtx-3090');
SELECT 's000-mtok-a100', (SELECT round(cost_per_mtok(usd_per_device_hour, 114, 0.7), 3) = 1.227 FROM offers WHERE offer = 'owned/a100-sxm-40gb');
SELECT 's000-mtok-h100', (SELECT round(cost_per_mtok(usd_per_device_hour, 239, 0.7), 3) = 2.035 FROM offers WHERE offer = 'owned/h100-sxm');
SELECT 's000-mtok-4090', round(cost_per_mtok(owned_usd_per_hour(1600, 3, (SELECT tdp_w FROM gpus WHERE name = 'rtx-4090')), 70, 0.7), 3) = 0.651;
SELECT 's000-owned-tdp', (SELECT watts_per_gpu = 350 AND lifetime_years = 3 AND usd_per_kwh = 0.12 FROM offers WHERE offer = 'owned/rtx-3090');

SELECT 's000q4-tokens-needed', (SELECT round(served_tps) = 3333 AND round(design_tps) = 4000 FROM workload_inputs WHERE name = 'q4');
SELECT 's000q4-concurrency', (SELECT concurrency = 100 FROM workload_inputs WHERE name = 'q4');
SELECT 's000q4-best-works', (SELECT works AND reason LIKE '%cheapest of % plans that meet every target' FROM bp WHERE workload = 'q4');
SELECT 's000q4-best-meets', (SELECT tps_per_user >= 40 AND ttft_s <= 1.0 AND replicas * batch_per_replica >= 100 AND replicas * tps_per_replica >= 4000 FROM sp WHERE workload = 'q4' AND rank = 1);
SELECT 's000q4-memory', (SELECT abs(total_gb - (model_weights_gb('llama-3.1-70b', 'bf16') + 100 * model_kv_gb('llama-3.1-70b', 700))) < 0.01 FROM sp WHERE workload = 'q4' AND rank = 1);
SELECT 's000q4-a100-pairs-miss', (SELECT max(replica_tps / batch) < 40 FROM serving_speeds WHERE workload = 'q4' AND gpu = 'a100-sxm-80gb' AND n = 2);

SELECT 's003-month', 2.00 * 24 * 30 = 1440;
SELECT 's003-break-even', break_even_hours(2000, 2.00) = 1000;
SELECT 's003-break-even-power', (SELECT abs(break_even_hours - 2000 / (2.00 - 0.054)) < 0.05 AND abs(running_usd_per_hour - 0.054) < 1e-9 FROM rb WHERE workload = 's003' AND rental = 'seed003/rtx-4090' AND gpu = 'rtx-4090');
SELECT 's003-months', (SELECT abs(break_even_months - 2000 / (2.00 - 0.054) / 730) < 0.01 AND verdict LIKE 'buy:%' FROM rb WHERE workload = 's003' AND rental = 'seed003/rtx-4090' AND gpu = 'rtx-4090');

SELECT 's000-13b-gpu-hours', round(train_gpu_hours(13, 260, 989.4, 0.4)) = 14234 AND nodes_required(train_gpu_hours(13, 260, 989.4, 0.4), 30 * 24) = 20;
SELECT 's000-13b-train-best', (SELECT works AND reason LIKE '%cheapest of % plans that work%' FROM bp WHERE workload = '13b-pretrain');
SELECT 's000-13b-train-deadline', (SELECT wall_days <= 30 AND spend_usd <= 2000000 FROM tp WHERE workload = '13b-pretrain' AND rank = 1);
-- On p5 instances (8 H100, 3,200 Gbit/s EFA): the step model's speed
-- (model_train_tps, the layout the plan chose) puts 260B tokens on 16 GPUs
-- within the 30 days; on 8 the same layout would take 49, past them.
SELECT 's000-13b-train-h100', (SELECT n_gpus = 16 AND nodes = 2 AND works AND wall_days <= 30
  AND abs(wall_days - 260e9 / model_train_tps('llama-2-13b', 'h100-sxm', 'full', 16, 4096, global_batch, tp, pp,
                                              zero_stage, recompute, 8, 3200, 'bf16', micro_batch) / 86400) < 0.01
  AND 260e9 / model_train_tps('llama-2-13b', 'h100-sxm', 'full', 8, 4096, global_batch, tp, pp, zero_stage,
                              recompute, 8, 3200, 'bf16', micro_batch) / 86400 > 45
  FROM tp WHERE workload = '13b-pretrain' AND offer LIKE 'aws/p5.48xlarge%' AND pricing = 'on-demand');
SELECT 's000-13b-traffic', (SELECT round(served_tps) = 4342 AND round(design_tps) = 5210 FROM workload_inputs WHERE name = '13b-chat');
SELECT 's000-13b-serve-best', (SELECT works AND tps_per_user >= 20 AND ttft_s <= 1.0 FROM sp WHERE workload = '13b-chat' AND rank = 1);
