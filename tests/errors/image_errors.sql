-- The vision and diffusion functions (ext/gpuadv_image_funcs.c) with bad
-- models, tasks and sizes. Each statement is followed by the exact error.
SELECT image_tps('sdxl', 'h100-sxm', 'generate', 'bf16', 1, 1024, 0);
-- error: image_tps(): steps must be a whole number in [1, 1000], got 0
SELECT image_tps('sdxl', 'h100-sxm', 'generate', 'bf16', 1, 1024, 1001);
-- error: image_tps(): steps must be a whole number in [1, 1000], got 1001
SELECT image_mem_gb('sdxl', 'generate', 1, 100000);
-- error: image_mem_gb(): resolution must be a whole number in [32, 8192], got 100000
SELECT image_mem_gb('sdxl', 'generate', 1, 16);
-- error: image_mem_gb(): resolution must be a whole number in [32, 8192], got 16
SELECT image_mem_gb('sdxl', 'generate', 1, 1001);
-- error: image_mem_gb(): resolution must be a multiple of 8 for a diffusion model (its latent is 1/8 of the image a side), got 1001
SELECT image_mem_gb('sdxl-turbo-x', 'generate', 1);
-- error: image_mem_gb(): unknown model 'sdxl-turbo-x' in image_models; closest: 'sdxl-vae', 'sdxl', 'sd-1.5'
SELECT image_mem_gb('stabilityai/stable-diffusion-xl', 'generate', 1);
-- error: image_mem_gb(): unknown model 'stabilityai/stable-diffusion-xl' in image_models; closest: 'sdxl', 'sd-3.5-large', 'sd-vae'
SELECT image_mem_gb('sdxl-vae', 'generate', 1);
-- error: image_mem_gb(): model 'sdxl-vae' is a vae, a part of a diffusion pipeline: name the pipeline (sd-1.5, sdxl, sd-3.5-large, flux.1-dev, flux.1-schnell)
SELECT image_mem_gb('t5-xxl-text', 'train', 1);
-- error: image_mem_gb(): model 't5-xxl-text' is a text-encoder, a part of a diffusion pipeline: name the pipeline (sd-1.5, sdxl, sd-3.5-large, flux.1-dev, flux.1-schnell)
SELECT image_mem_gb('resnet-50', 'generate', 1);
-- error: image_mem_gb(): task 'generate' needs a diffusion model; 'resnet-50' is a classifier (use 'infer' or 'train')
SELECT image_tps('resnet-50', 'h100-sxm', 'denoise', 'bf16');
-- error: image_tps(): task 'denoise' needs a diffusion model; 'resnet-50' is a classifier (use 'infer' or 'train')
SELECT image_tps('sdxl', 'h100-sxm', 'infer', 'bf16');
-- error: image_tps(): task 'infer' is for classifiers; 'sdxl' is a diffusion model (use 'generate' or 'train')
SELECT image_mem_gb('sdxl', 'sample', 1);
-- error: image_mem_gb(): task must be one of train, infer, generate; got 'sample'
SELECT image_mem_gb('sdxl', 'generate', 0);
-- error: image_mem_gb(): batch must be a whole number in [1, 1000000], got 0
SELECT image_mem_gb('sdxl', 'generate', 1.5);
-- error: image_mem_gb(): batch must be a whole number in [1, 1000000], got 1.5
SELECT image_mem_gb('sdxl', 'generate', 1, 1024, 'int4');
-- error: image_mem_gb(): dtype must be one of fp32, fp16, bf16, fp8; got 'int4'
SELECT image_mem_gb('sdxl', 'train', 1, 1024, 'bf16', 'qlora');
-- error: image_mem_gb(): mode must be one of full, lora; got 'qlora'
SELECT image_tps('sdxl', 't4', 'generate', 'bf16');
-- error: image_tps(): gpu 't4' has no bf16 peak in gpus; try fp16
SELECT image_tps('sdxl', 'a100-sxm-80gb', 'generate', 'fp8');
-- error: image_tps(): gpu 'a100-sxm-80gb' has no fp8 peak in gpus; try fp16
SELECT image_tps('sdxl', 'h100x', 'generate', 'bf16');
-- error: image_tps(): unknown gpu 'h100x' in gpus; closest: 'h100-sxm', 'h100-nvl', 'h100-pcie'
SELECT image_tps('resnet-50', 'h100-sxm', 'infer', 'bf16', 256, 224, 20);
-- error: image_tps(): steps is for diffusion models; 'resnet-50' is a classifier (leave steps NULL)
SELECT image_tps('vit-b-16', 'h100-sxm', 'train', 'bf16', 64, 224, NULL, 0);
-- error: image_tps(): n_gpus must be a whole number in [1, 100000], got 0
SELECT image_tps('vit-b-16', 'h100-sxm', 'train', 'bf16', 'many');
-- error: image_tps(): batch must be a number, got 'many'
SELECT image_mem_gb(42, 'train', 1);
-- error: image_mem_gb(): model must be a catalog name (text), got 42
SELECT image_tps('sdxl', 'rtx-4090', 'train', 'bf16', 4, 1024, NULL, 1, 'half');
-- error: image_tps(): mode must be one of full, lora; got 'half'
