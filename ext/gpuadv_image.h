/*
** gpuadv_image.h: memory and speed of vision models (classifiers such as
** ResNet, ConvNeXt and ViT) and of text-to-image diffusion pipelines
** (Stable Diffusion 1.5, SDXL, SD 3.5, Flux.1) on one GPU type. Pure C,
** free of SQLite: ext/gpuadv_image_funcs.c reads the image_models and gpus
** catalogs into the structs below and calls these for image_mem_gb and
** image_tps.
**
** What it models:
**   - a network's FLOP per image at a resolution from its FLOP at the
**     catalog's reference resolution: the convolution and matrix-product
**     share grows with the pixels, the attention share with their square
**     (a text encoder's FLOP is per prompt, whatever the resolution);
**   - a forward pass of a batch as tensor-core work at the dtype's peak
**     times an efficiency, plus vector work (normalization, activations,
**     softmax) at the GPU's FP32 rate, plus a fixed launch time per pass;
**     never faster than reading the weights once; the three constants per
**     architecture (cnn, vit, unet; dit and text encoders take vit's, the
**     VAE cnn's) are fitted on catalogs/image_measurements.csv;
**   - training as three passes' work (forward and backward; two for LoRA,
**     whose frozen weights take no weight gradient) plus AdamW's read and
**     write of the trained weights, gradients and moments, and, on n GPUs,
**     data parallelism with a gradient all-reduce not overlapped;
**   - generation as the text encoders once, steps denoiser passes over
**     batch x cfg latents (classifier-free guidance doubles them), and the
**     VAE decoder once; n GPUs run n independent pipelines;
**   - memory: weights at the dtype's bytes; training adds fp32 master
**     weights, gradients and AdamW's two moments (16 bytes per trained
**     parameter; LoRA trains GPUADV_IMAGE_LORA_SHARE of them) and the
**     stored activations (3.5 bytes per activation in 16-bit mixed
**     precision, 7 in fp32); generation adds the peak live activations of
**     the denoiser and the VAE decoder; both add the CUDA context.
**
** What it leaves out: the data loader and JPEG decoding (a fast GPU needs
** many CPU cores to keep up with ResNet-50 training), gradient
** checkpointing, 8-bit optimizers and sharded (FSDP/ZeRO) training,
** compilers beyond eager PyTorch (torch.compile, TensorRT: often 1.2-2x
** faster for diffusion at batch 1), step caching and distillation tricks,
** VAE tiling, CPU offload, quantized (fp8/int8) weights' quality, and
** attention kernels slower than fused ones at high resolution.
*/
#ifndef GPUADV_IMAGE_H
#define GPUADV_IMAGE_H

/* Architectures with their own fitted constants. */
enum gpuadv_image_arch {
  GPUADV_IMAGE_CNN,
  GPUADV_IMAGE_VIT,
  GPUADV_IMAGE_UNET,
  GPUADV_IMAGE_N_ARCH
};

/* One network of a model: a classifier, a denoiser, a VAE decoder or a
** text encoder. */
typedef struct gpuadv_image_net {
  double params;       /* parameters */
  double flop;         /* FLOP of one forward pass of one image (a text
                       ** encoder: one prompt) at ref_res */
  double ref_res;      /* the side, pixels, that flop is given at */
  double attn_share;   /* the share of flop in attention at ref_res */
  double acts;         /* activations stored for the backward pass, one
                       ** image at ref_res (0 for a text encoder) */
  double infer_act_gb; /* peak live activations of one image's forward
                       ** pass at ref_res, GB */
  int arch;            /* enum gpuadv_image_arch: whose constants */
  int per_prompt;      /* 1: a text encoder, its work independent of the
                       ** resolution */
} gpuadv_image_net;

#define GPUADV_IMAGE_MAX_TEXT 3

/* A classifier, or a diffusion pipeline: the denoiser in net, its VAE and
** text encoders beside it. */
typedef struct gpuadv_image_model {
  gpuadv_image_net net;
  int diffusion;
  int cfg; /* denoiser passes per image per step: 2 with guidance */
  gpuadv_image_net vae;
  int n_text;
  gpuadv_image_net text[GPUADV_IMAGE_MAX_TEXT];
} gpuadv_image_model;

/* The GPU as the speed model sees it. */
typedef struct gpuadv_image_gpu {
  double tensor_tflops; /* dense peak at the dtype */
  double fp32_tflops;   /* non-tensor FP32 peak */
  double mem_bw_gbs;
  double link_gbs; /* GPU-to-GPU bandwidth per GPU, GB/s, one direction */
} gpuadv_image_gpu;

enum gpuadv_image_task {
  GPUADV_IMAGE_TRAIN,
  GPUADV_IMAGE_INFER,    /* a classifier's forward pass */
  GPUADV_IMAGE_GENERATE, /* a diffusion pipeline, prompt to image */
  GPUADV_IMAGE_DENOISE   /* one denoising step of a batch: steps/s */
};

enum gpuadv_image_mode { GPUADV_IMAGE_FULL, GPUADV_IMAGE_LORA };

/* The share of a model's parameters a LoRA adapter trains (rank 16 to 64
** on the attention projections of these models: 0.5% to 2%). */
#define GPUADV_IMAGE_LORA_SHARE 0.01

/* Bytes of optimizer state per trained parameter: fp32 master weights,
** fp32 gradients and AdamW's two fp32 moments. */
#define GPUADV_IMAGE_OPT_BYTES 16.0

/* The CUDA context and the allocator's reserve, GB. */
#define GPUADV_IMAGE_CONTEXT_GB 1.0

/* FLOP of one forward pass of one image (one prompt) at res pixels. */
double gpuadv_image_flop(const gpuadv_image_net *n, double res);

/* GB of GPU memory to train (mode full or LoRA) or to run (infer,
** generate) the model on batch images of res pixels a side, weights at
** bytes_w bytes per parameter; act_bytes bytes per stored activation. */
double gpuadv_image_mem_gb(const gpuadv_image_model *m, int task, int mode,
                           double batch, double res, double bytes_w,
                           double act_bytes);

/* Seconds of one forward pass of `images` images through n (training:
** with its backward pass) on g, weights at bytes_w. */
double gpuadv_image_pass_s(const gpuadv_image_net *n, const gpuadv_image_gpu *g,
                           double images, double res, double bytes_w,
                           int train);

/* The fitted constants of each architecture (ext/gpuadv_image.c says on
** what): the share of the tensor peak its matmuls reach, vector FLOP per
** matmul FLOP at the FP32 rate, a fixed launch time per pass, bytes moved
** per stored activation. */
typedef struct gpuadv_image_consts {
  double eff[GPUADV_IMAGE_N_ARCH], vector[GPUADV_IMAGE_N_ARCH];
  double launch_s[GPUADV_IMAGE_N_ARCH], act_bytes[GPUADV_IMAGE_N_ARCH];
} gpuadv_image_consts;
extern const gpuadv_image_consts gpuadv_image_fitted;

/* The image functions' dtypes (NULL-terminated) and bytes per weight. */
extern const char *const gpuadv_image_dtype_names[];
extern const double gpuadv_image_dtype_bytes[];
/* The tasks by name, in the order of enum gpuadv_image_task. */
extern const char *const gpuadv_image_task_names[];

/* Images per second (DENOISE: denoising steps per second) of the task on
** n_gpus GPUs of g at a batch per GPU, res pixels a side and steps
** denoising steps. */
double gpuadv_image_tps(const gpuadv_image_model *m, const gpuadv_image_gpu *g,
                        int task, int mode, double batch, double res,
                        double steps, double n_gpus, double bytes_w);
/* The same at the constants c (the calibration's trials). */
double gpuadv_image_tps_with(const gpuadv_image_consts *c,
                             const gpuadv_image_model *m,
                             const gpuadv_image_gpu *g, int task, int mode,
                             double batch, double res, double steps,
                             double n_gpus, double bytes_w);

#endif /* GPUADV_IMAGE_H */
