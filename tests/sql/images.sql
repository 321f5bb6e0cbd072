-- Vision and diffusion models (ext/gpuadv_image.c, catalogs/image_models.csv):
-- memory worked by hand from the catalog's figures, the speed model against
-- the published measurements it was fitted on and held out from. One check
-- per line, each NAME|1.

-- A Hugging Face id finds the same row as the catalog name, case ignored.
SELECT 'img-hf-id', image_mem_gb('google/vit-base-patch16-224', 'train', 128)
                    = image_mem_gb('vit-b-16', 'train', 128)
                AND image_mem_gb('STABILITYAI/stable-diffusion-xl-base-1.0', 'generate', 1)
                    = image_mem_gb('sdxl', 'generate', 1);

-- ViT-B/16 full training at batch 128, bf16: 86.57M x 2 B of weights,
-- x 16 B of optimizer state, 128 x 23.9M activations x 3.5 B, 1 GB of
-- context: 0.17314 + 1.38512 + 10.7072 + 1.
SELECT 'img-vit-train-mem', abs(image_mem_gb('vit-b-16', 'train', 128) - 13.26546) < 1e-9;
-- fp32: 4 B weights and 7 B an activation at batch 1.
SELECT 'img-vit-train-fp32', abs(image_mem_gb('vit-b-16', 'train', 1, 224, 'fp32') - (0.34628 + 1.38512 + 0.1673 + 1)) < 1e-9;
-- LoRA trains 1% of the parameters: 0.99 x 86.57M x 16 B less.
SELECT 'img-vit-lora', abs(image_mem_gb('vit-b-16', 'train', 128) - image_mem_gb('vit-b-16', 'train', 128, 224, 'bf16', 'lora')
                           - 0.99 * 86.57e6 * 16 / 1e9) < 1e-9;
-- Twice the side, four times the activations: ResNet-50 at 448 px stores
-- 3 x 11.11M x 3.5 B more an image than at 224.
SELECT 'img-res-scaling', abs(image_mem_gb('resnet-50', 'train', 1, 448) - image_mem_gb('resnet-50', 'train', 1, 224) - 0.116655) < 1e-9;
-- SDXL, one 1024 px image in bf16: UNet, VAE and both text encoders
-- (2567.46 + 83.65 + 123.06 + 694.66 M) x 2 B, 1 GB of context, and the
-- VAE decoder's 0.55 GB at 512 px x 4 (above the UNet's 2 x 0.4 GB).
SELECT 'img-sdxl-generate-mem', abs(image_mem_gb('sdxl', 'generate', 1) - (3468.83e6 * 2 / 1e9 + 1 + 2.2)) < 1e-9;
-- Flux.1-dev in bf16 does not fit 24 GB; in fp8 it does (weights halve).
SELECT 'img-flux-mem', image_mem_gb('flux.1-dev', 'generate', 1) > 24 AND image_mem_gb('flux.1-dev', 'generate', 1, 1024, 'fp8') < 21.6;
-- The resolution defaults to the model's own (SD 1.5: 512).
SELECT 'img-default-res', image_mem_gb('sd-1.5', 'generate', 2) = image_mem_gb('sd-1.5', 'generate', 2, 512);

-- Speed: n GPUs generate n times as fast (independent pipelines); steps
-- default to the model's (flux.1-schnell: 4).
SELECT 'img-generate-n-gpus', abs(image_tps('sdxl', 'l40s', 'generate', 'bf16', 1, 1024, 30, 4)
                                  / image_tps('sdxl', 'l40s', 'generate', 'bf16', 1, 1024, 30) - 4) < 1e-9;
SELECT 'img-default-steps', image_tps('flux.1-schnell', 'h100-sxm', 'generate', 'bf16')
                            = image_tps('flux.1-schnell', 'h100-sxm', 'generate', 'bf16', 1, 1024, 4);
-- More steps, slower; data-parallel training on 8 GPUs below 8x one.
SELECT 'img-steps-slower', image_tps('sdxl', 'h100-sxm', 'generate', 'bf16', 1, 1024, 50)
                           < image_tps('sdxl', 'h100-sxm', 'generate', 'bf16', 1, 1024, 20);
SELECT 'img-train-dp', image_tps('vit-b-16', 'h100-sxm', 'train', 'bf16', 128, 224, NULL, 8)
                       BETWEEN 7 * image_tps('vit-b-16', 'h100-sxm', 'train', 'bf16', 128)
                           AND 8 * image_tps('vit-b-16', 'h100-sxm', 'train', 'bf16', 128);
-- timm's RTX 4090 figure for ViT-B/16 (2,992.79 images/s, a fit row) within
-- 10%; diffusers' SD 1.5 on an RTX 4090 at batch 16 (3.17 steps/s) within 5%.
SELECT 'img-vit-4090', abs(image_tps('vit-b-16', 'rtx-4090', 'infer', 'fp16', 1024) / 2992.79 - 1) < 0.10;
SELECT 'img-sd15-4090', abs(image_tps('sd-1.5', 'rtx-4090', 'denoise', 'fp16', 16, 512) / 3.17 - 1) < 0.05;

-- The error on the published measurements (catalogs/image_measurements.csv):
-- 20 fit and 20 held-out rows; the medians catalogs/calibrate_image.py
-- reports, 7.6% and 19.9%, within 0.1 point, and the held-out median
-- under the issue's 20% target.
CREATE TEMP VIEW img_err AS
SELECT id, split, abs(CASE WHEN task = 'denoise' THEN image_tps(model, gpu, task, dtype, batch, resolution)
                           ELSE image_tps(model, gpu, task, dtype, batch, resolution, steps) END / value - 1) AS err
FROM image_measurements;
CREATE TEMP VIEW img_median AS
SELECT split, count(*) AS n, avg(err) AS median FROM (
  SELECT split, err, row_number() OVER (PARTITION BY split ORDER BY err) AS k,
         count(*) OVER (PARTITION BY split) AS n FROM img_err)
WHERE k IN ((n + 1) / 2, (n + 2) / 2) GROUP BY split;
SELECT 'img-rows', (SELECT group_concat(split || ':' || n) FROM (SELECT split, count(*) AS n FROM img_err GROUP BY split ORDER BY split))
                   = 'fit:20,held-out:20';
SELECT 'img-fit-median', abs((SELECT median FROM img_median WHERE split = 'fit') - 0.076) < 0.001;
SELECT 'img-held-out-median', abs((SELECT median FROM img_median WHERE split = 'held-out') - 0.199) < 0.001
                              AND (SELECT median FROM img_median WHERE split = 'held-out') <= 0.20;

-- Every measurement and model row carries a source; a measurement without a
-- date says why.
SELECT 'img-sourced', (SELECT count(*) FROM image_models WHERE source LIKE 'https://%') = (SELECT count(*) FROM image_models)
                      AND (SELECT count(*) FROM image_measurements WHERE as_of IS NULL AND notes NOT LIKE 'as_of unknown%') = 0;
-- A LoRA step does two passes' work where a full one does three (3P + O
-- against 2P + O/100, O the optimizer's traffic): at least 3/2 as fast;
-- with 64 images a step the passes outweigh the optimizer, so less than
-- twice.
SELECT 'img-tps-lora', (SELECT l >= 1.5 * f AND l < 2 * f FROM (SELECT image_tps('vit-l-16', 'h100-sxm', 'train', 'bf16', 64, 224, NULL, 1, 'lora') AS l, image_tps('vit-l-16', 'h100-sxm', 'train', 'bf16', 64) AS f));
