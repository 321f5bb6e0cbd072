-- Image workloads (sql/gpuadv.sql runs first): an SDXL service and a ViT
-- fine-tune planned on the offers, the refusals a plan can meet, and seed
-- 003's table beside gpuadv's figures. One check per line, each NAME|1.
PRAGMA trusted_schema = OFF;

-- 60 images a minute of SDXL at 1024 px, 30 steps, 8 s a batch at most,
-- for 12 months; a ViT-L/16 fine-tune of 30 epochs of 1.28M images in
-- two days. Models given by Hugging Face id are stored by catalog name.
INSERT INTO image_workloads(name, kind, model, images_per_min, steps, latency_s, months) VALUES
  ('svc', 'serve', 'stabilityai/stable-diffusion-xl-base-1.0', 60, 30, 8, 12);
INSERT INTO image_workloads(name, kind, model, batch, images_m, epochs, max_days) VALUES
  ('ft', 'train', 'google/vit-large-patch16-224', 64, 1.28, 30, 2);
SELECT 'iv-model-stored', (SELECT group_concat(model) FROM (SELECT model FROM image_workloads ORDER BY name)) = 'vit-l-16,sdxl';

-- The service's first plan works: requests arrive at the peak (60 x 1.2
-- / 60 = 1.2 images/s, plan_defaults.burst_headroom) and queue for its
-- GPUs (an M/D/c queue, queue_wait_s), a batch and the mean wait within
-- 8 s (latency_s is rounded to 1 ms, hence 1% on the wait), and one
-- instance fewer would not keep them within it; it costs the
-- instances' price for 12 x 730 hours.
SELECT 'iv-svc-capacity', (SELECT works = 1 AND gpus * images_per_s_per_gpu >= 1.2
                                  AND abs(wait_s / queue_wait_s(gpus, 1.2, latency_s) - 1) < 0.01
                                  AND latency_s + wait_s <= 8
                                  AND CASE WHEN instances = 1 THEN 1
                                           WHEN 1.2 * latency_s >= gpus - gpus / instances THEN 1
                                           ELSE latency_s + queue_wait_s(gpus - gpus / instances, 1.2, latency_s) > 8 END
                                  AND abs(total_usd - instances * usd_per_hour * 12 * 730) < 0.05
                           FROM image_plans WHERE workload = 'svc' AND rank = 1);
SELECT 'iv-svc-reason', (SELECT reason LIKE '% x % at batch 1: % images/min a GPU, % s a batch and % s waiting at the peak (mean), 10.1 of % GB; $% a month, $% per 1,000 images%'
                         FROM image_best_plans WHERE workload = 'svc');
-- The fine-tune's first plan meets its deadline; its cost is its hours at
-- the offer's price (train_hours is rounded to 0.01 h, so the images
-- agree within 0.1%); it runs the node's GPUs data-parallel.
SELECT 'iv-ft-deadline', (SELECT works = 1 AND train_hours <= 48
                                 AND abs(total_usd - train_hours * usd_per_hour) < 0.05
                                 AND abs(images_per_s_node * train_hours * 3600 / (1.28e6 * 30) - 1) < 0.001
                          FROM image_plans WHERE workload = 'ft' AND rank = 1);

-- Refusals: Flux.1-dev in bf16 on a 24 GB L4 does not fit; a 0.5 s
-- latency target rules out SDXL at 30 steps; a $10 budget rules out a
-- year of service.
INSERT INTO image_workloads(name, kind, model, images_per_min, offer_glob) VALUES ('flux-l4', 'serve', 'flux.1-dev', 10, 'l4');
INSERT INTO image_workloads(name, kind, model, images_per_min, steps, latency_s) VALUES ('fast', 'serve', 'sdxl', 10, 30, 0.5);
INSERT INTO image_workloads(name, kind, model, images_per_min, months, budget_usd) VALUES ('poor', 'serve', 'sdxl', 10, 12, 10);
SELECT 'iv-flux-l4', (SELECT count(*) > 0 AND sum(works) = 0
                             AND min(why_not) = printf('needs %.1f GB a GPU, more than the 21.6 GB usable of 24',
                                                       image_mem_gb('flux.1-dev', 'generate', 1))
                      FROM image_plans WHERE workload = 'flux-l4');
SELECT 'iv-latency', (SELECT sum(works) = 0 AND min(why_not) LIKE '% s a batch of 1, over latency_s 0.5' FROM image_plans WHERE workload = 'fast');
SELECT 'iv-budget', (SELECT works = 0 AND reason LIKE 'no plan works: the cheapest, %, costs $%, over the budget of $10'
                     FROM image_best_plans WHERE workload = 'poor');

-- Buying: acquire 'buy' plans owned offers only, each charged as the
-- language-model plans charge a purchase (owned_term_usd over the term).
INSERT INTO image_workloads(name, kind, model, images_per_min, months, acquire) VALUES ('own', 'serve', 'sdxl', 60, 36, 'buy');
SELECT 'iv-buy-owned-only', (SELECT count(*) > 0 AND min(owned) = 1 FROM image_plans WHERE workload = 'own');
SELECT 'iv-buy-term-cost', (SELECT abs(p.total_usd - owned_term_usd(o.capex_usd_per_gpu * p.gpus, o.resale_share, o.lifetime_years * 8760,
                                                                     36 * 730, o.running_usd_per_gpu_hour * p.gpus)) < 0.05
                            FROM image_plans p JOIN offers o ON o.offer = p.offer
                            WHERE p.workload = 'own' AND p.rank = 1);

-- workload_guide: seed 003's 16 rows; SDXL generation (10.1 GB) inside the
-- seed's 8-24 GB; a 13B model's training states (234 GB) above its
-- 80-160 GB; Flux.1-dev in bf16 does not fit the seed's 24 GB L4 and A10.
SELECT 'iv-guide-rows', (SELECT count(*) FROM workload_guide) = 16;
SELECT 'iv-guide-sdxl', (SELECT gpuadv_gb = 10.1 AND vs_seed = 'inside' AND seed_gpus_fit = 'rtx-4070 yes, rtx-4070-ti yes, rtx-4090 yes'
                         FROM workload_guide WHERE ord = 14);
SELECT 'iv-guide-13b', (SELECT gpuadv_gb = 234.0 AND vs_seed = 'above' FROM workload_guide WHERE ord = 2);
SELECT 'iv-guide-flux', (SELECT seed_gpus_fit = 'l4 no, l40s yes, a10 no, a100-sxm-80gb yes' FROM workload_guide WHERE ord = 15);
-- every image row's cheapest GPUs hold its GB on one GPU
SELECT 'iv-guide-cheapest-fit', (SELECT count(*) = 6 AND sum(cheapest NOT LIKE '% x%') = 6 FROM workload_guide WHERE ord >= 11);
