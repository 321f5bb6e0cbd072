-- Seed 002: fine-tune LLaMA-3 70B with QLoRA on a 500 GB corpus in S3,
-- 1B tokens x 3 epochs; a bare-metal H100 at $2.80/h against a managed
-- service (SageMaker) at +30%. Then full fine-tuning of the same model.
--
--   sqlite3 -cmd '.load ./gpuadv' :memory: < sql/examples/seed002_qlora_70b.sql
--
-- The seed's own arithmetic: 70B parameters (the catalog's llama-3.1-70b has
-- 70.6B: params_b = 70 overrides the count, the model gives the layer shape),
-- GPU-hours from the datasheet 989 TFLOP/s with no MFU discount (mfu = 1),
-- activations with gradient checkpointing (recompute = full).
-- One departure: the seed counts 6 FLOP per parameter and token for QLoRA,
-- as for a full fine-tune (354 GPU-hours, $991 of compute). QLoRA computes
-- no gradients for its frozen base, so the views count 4 (forward 2 +
-- backward through the frozen weights 2: 236 GPU-hours); the seed's figures
-- are those of the full fine-tune below.
-- Storage: the seed quotes $28/month for corpus + checkpoints + artifacts
-- without a rate; at S3 Standard's $0.023/GB-month that is 1,220 GB kept.
.read sql/gpuadv.sql
.headers on
.mode box

INSERT INTO rental_quotes(provider, name, gpu, gpu_count, usd_per_hour, managed_premium, source) VALUES
  ('baremetal', 'h100-80gb', 'h100-sxm', 1, 2.80, 0, 'seed 002: bare-metal H100 80GB at $2.80/hr'),
  ('aws', 'sagemaker-h100', 'h100-sxm', 1, 2.80, 0.30, 'seed 002: SageMaker ~30% over self-managed compute');

INSERT INTO workloads(name, kind, model, params_b, mode, tokens_b, epochs, seq_len, recompute, mfu,
                      dataset_gb, data_location, runs_per_month, months, storage_gb, notes) VALUES
  ('70b-qlora cached', 'finetune', 'llama-3.1-70b', 70, 'qlora', 1, 3, 4096, 'full', 1.0,
   500, 'aws', 1, 1, 1220, 'seed 002: data pulled from S3 once, cached on the provider'),
  ('70b-qlora 20 runs', 'finetune', 'llama-3.1-70b', 70, 'qlora', 1, 3, 4096, 'full', 1.0,
   500, 'aws', 20, 1, 1220, 'seed 002: 20 experiments, each pulling the corpus from S3'),
  ('70b-full', 'finetune', 'llama-3.1-70b', 70, 'full', 1, 3, 4096, 'full', 1.0,
   500, 'aws', 1, 1, 1220, 'seed 002: full fine-tuning instead');

.print '== Calculation 1: VRAM fit of QLoRA (GB)'
SELECT round(weights_gb(70, 'nf4'), 1) AS "NF4 base (GB)",
       round(train_mem_gb(70, 'qlora'), 1) AS "QLoRA state (GB)",
       round(activation_gb(80, 8192, 64, 4096, 1, 'full'), 1) AS "activations, checkpointed (GB)",
       round(train_mem_gb(70, 'qlora', 1, 0, activation_gb(80, 8192, 64, 4096, 1, 'full')), 1) AS "peak per GPU (GB)",
       nodes_required(train_mem_gb(70, 'qlora'), 80) AS "80 GB GPUs";

.print ''
.print '== Calculation 5: the four TCO rows, bare metal against SageMaker (USD)'
SELECT p.workload AS workload, p.offer AS offer, p.n_gpus AS "GPUs", p.mem_gb_per_gpu AS "GB/GPU",
       CAST(round(p.gpu_hours) AS INTEGER) AS "GPU-hours",
       printf('$%,d', CAST(round(p.compute_usd) AS INTEGER)) AS "compute",
       printf('$%,d', CAST(round(p.managed_usd) AS INTEGER)) AS "managed premium",
       printf('$%,d', CAST(round(p.compute_usd + p.managed_usd) AS INTEGER)) AS "compute incl. premium",
       printf('$%,d', CAST(round(p.storage_usd) AS INTEGER)) AS "storage",
       printf('$%,d', CAST(round(p.egress_usd) AS INTEGER)) AS "egress",
       printf('$%,d', CAST(round(p.total_usd) AS INTEGER)) AS "total"
FROM training_plans p
WHERE p.pricing = 'quote' AND p.workload LIKE '70b-qlora%'
ORDER BY p.workload, p.offer;

.print ''
.print '== Who wins, and by how much (USD)'
SELECT workload,
       printf('$%,d', CAST(round(max(CASE WHEN offer = 'baremetal/h100-80gb' THEN total_usd END)) AS INTEGER)) AS "bare metal",
       printf('$%,d', CAST(round(max(CASE WHEN offer = 'aws/sagemaker-h100' THEN total_usd END)) AS INTEGER)) AS "SageMaker",
       CASE WHEN max(CASE WHEN offer = 'baremetal/h100-80gb' THEN total_usd END)
                 < max(CASE WHEN offer = 'aws/sagemaker-h100' THEN total_usd END)
            THEN 'bare metal by ' ELSE 'SageMaker by ' END
         || printf('$%,d', CAST(abs(round(max(CASE WHEN offer = 'baremetal/h100-80gb' THEN total_usd END))
                                    - round(max(CASE WHEN offer = 'aws/sagemaker-h100' THEN total_usd END))) AS INTEGER)) AS "winner"
FROM training_plans
WHERE pricing = 'quote' AND workload LIKE '70b-qlora%'
GROUP BY workload ORDER BY workload;

.print ''
.print "== Full fine-tuning instead: the seed's aggregate count (18 B/param, no activations)"
SELECT round(train_mem_gb(70, 'full')) AS "training state (GB)",
       nodes_required(train_mem_gb(70, 'full'), 80) AS "80 GB GPUs",
       nodes_required(nodes_required(train_mem_gb(70, 'full'), 80), 8) AS "8-GPU nodes";

.print ''
.print "== ... and what gpuadv plans on 8 x H100 nodes (ZeRO sharding, activations, 10% memory headroom)"
SELECT offer, zero_stage AS "ZeRO", tp AS "TP", n_gpus AS "GPUs", nodes, mem_gb_per_gpu AS "GB/GPU",
       usable_gb_per_gpu AS "usable GB/GPU", interconnect_ok AS "fabric ok", coalesce(fabric, '-') AS fabric,
       printf('$%,d', CAST(round(total_usd) AS INTEGER)) AS "total", coalesce(why_not, 'works') AS verdict
FROM training_plans
WHERE workload = '70b-full' AND offer IN ('aws/p5.48xlarge', 'lambda/gpu_8x_h100_sxm5', 'runpod/8x_H100-SXM_SECURE')
ORDER BY rank;

.print ''
.print "== gpuadv's first choice over every catalog offer and quote"
.mode line
SELECT workload, works, reason FROM best_plans ORDER BY workload;
