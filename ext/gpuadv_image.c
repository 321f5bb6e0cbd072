/*
** gpuadv_image.c: memory and speed of vision and diffusion models
** (ext/gpuadv_image.h says what it models and leaves out).
*/
#include "gpuadv_image.h"

#include <assert.h>
#include <math.h>

/* The fitted constants of each architecture: the tensor-core efficiency
** (achieved share of the dtype's dense peak on matrix products and
** convolutions; the grid stops at 0.8), the vector work per FLOP run at the
** FP32 rate (normalization, activation functions, softmax), the fixed time
** of one pass (kernel launches, Python), seconds, and the bytes of memory
** traffic per activation beyond the matrix products (eager elementwise
** kernels reading and writing each map: what keeps ResNet-50 bound by the
** bandwidth).
**
** Fitted by catalogs/calibrate_image.py --fit (a grid search minimising
** the median absolute relative error) on the 'fit' rows of
** catalogs/image_measurements.csv: cnn and vit on timm's RTX 3090 training
** and RTX 4090 inference tables (6 rows each), unet on diffusers' SD 1.5
** table on A100, T4 and RTX 4090 (8 rows); median error 7.6% on those 20
** rows. On the 20 'held-out' rows the fit never saw (timm on RTX 5090 and
** on RTX 3090 under PyTorch 2.4, diffusers on V100 and RTX 3090, fal's
** end-to-end SD 1.5 and SDXL on A100 80 GB) the median error is 19.9%,
** the worst 46.5% (ConvNeXt-B on RTX 3090); docs/images.md lists them.
** The launch times of cnn and vit are not fitted (timm's batches of 1024
** hide them): 1 ms, about 200 kernel launches of 5 us. dit and the text
** encoders use vit's constants, unmeasured; the VAE decoder cnn's. */
const char *const gpuadv_image_dtype_names[] = {"fp32", "fp16", "bf16", "fp8",
                                                0};
const double gpuadv_image_dtype_bytes[] = {4, 2, 2, 1};
const char *const gpuadv_image_task_names[] = {"train", "infer", "generate",
                                               "denoise", 0};

const gpuadv_image_consts gpuadv_image_fitted = {
    /* eff:       cnn, vit, unet */ {0.38, 0.68, 0.5},
    /* vector:    */ {0.13, 0.09, 0.16},
    /* launch_s:  */ {0.001, 0.001, 0.005},
    /* act_bytes: */ {6, 0, 0}};

/* The share of the memory bandwidth that reading the weights achieves. */
#define WEIGHT_BW_EFF 0.8

/* AdamW's step moves the 16 optimizer bytes of each parameter in and out
** (GPUADV_IMAGE_OPT_BYTES read and written). */
#define OPT_TRAFFIC_BYTES (2 * GPUADV_IMAGE_OPT_BYTES)

double gpuadv_image_flop(const gpuadv_image_net *n, double res) {
  double r;
  assert(n->ref_res > 0 && res > 0);
  if (n->per_prompt) return n->flop;
  r = (res / n->ref_res) * (res / n->ref_res); /* pixels over ref pixels */
  return n->flop * ((1 - n->attn_share) * r + n->attn_share * r * r);
}

/* The pixels at res over those at the net's reference resolution. */
static double pixel_ratio(const gpuadv_image_net *n, double res) {
  if (n->per_prompt) return 1.0;
  return (res / n->ref_res) * (res / n->ref_res);
}

/* Every network's weights, GB. */
static double weights_gb(const gpuadv_image_model *m, double bytes_w) {
  double p = m->net.params;
  int i;
  if (m->diffusion) p += m->vae.params;
  for (i = 0; i < m->n_text; i++) p += m->text[i].params;
  return p * bytes_w / 1e9;
}

double gpuadv_image_mem_gb(const gpuadv_image_model *m, int task, int mode,
                           double batch, double res, double bytes_w,
                           double act_bytes) {
  double gb = weights_gb(m, bytes_w) + GPUADV_IMAGE_CONTEXT_GB;
  assert(batch > 0 && res > 0 && bytes_w > 0);
  if (task == GPUADV_IMAGE_TRAIN) {
    double trained = mode == GPUADV_IMAGE_LORA
                         ? m->net.params * GPUADV_IMAGE_LORA_SHARE
                         : m->net.params;
    /* full training keeps fp32 master weights among the optimizer bytes:
    ** the 16-bit copy above is the autocast one */
    gb += trained * GPUADV_IMAGE_OPT_BYTES / 1e9;
    gb += batch * m->net.acts * pixel_ratio(&m->net, res) * act_bytes / 1e9;
    return gb;
  }
  /* the denoiser's activations for batch x cfg latents, then the VAE
  ** decoder's for the batch (they are not live together; the larger) */
  {
    double den = batch * (m->diffusion ? m->cfg : 1) * m->net.infer_act_gb *
                 pixel_ratio(&m->net, res);
    double vae = m->diffusion
                     ? batch * m->vae.infer_act_gb * pixel_ratio(&m->vae, res)
                     : 0.0;
    return gb + (den > vae ? den : vae);
  }
}

/* Seconds of k passes' work of `images` images through n on g: k = 1, a
** forward pass; 3, forward and a backward pass's two matmuls per layer
** (the gradients of the input and of the weights); 2 where the weights
** are frozen and only the input's gradient is computed (LoRA). */
static double passes_s(const gpuadv_image_consts *c, const gpuadv_image_net *n,
                       const gpuadv_image_gpu *g, double images, double res,
                       double bytes_w, double k) {
  double flop = images * gpuadv_image_flop(n, res) * k;
  double acts = images * n->acts * pixel_ratio(n, res) * k;
  double t, floor_s;
  assert(n->arch >= 0 && n->arch < GPUADV_IMAGE_N_ARCH);
  assert(g->tensor_tflops > 0 && g->fp32_tflops > 0 && g->mem_bw_gbs > 0);
  t = flop / (g->tensor_tflops * 1e12 * c->eff[n->arch]) +
      flop * c->vector[n->arch] / (g->fp32_tflops * 1e12) +
      acts * c->act_bytes[n->arch] / (g->mem_bw_gbs * 1e9) +
      c->launch_s[n->arch] * k;
  floor_s = n->params * bytes_w / (g->mem_bw_gbs * 1e9 * WEIGHT_BW_EFF);
  return t > floor_s ? t : floor_s;
}

/* One pass (train: with its backward) at the constants c. */
static double pass_s(const gpuadv_image_consts *c, const gpuadv_image_net *n,
                     const gpuadv_image_gpu *g, double images, double res,
                     double bytes_w, int train) {
  return passes_s(c, n, g, images, res, bytes_w, train ? 3.0 : 1.0);
}

double gpuadv_image_pass_s(const gpuadv_image_net *n, const gpuadv_image_gpu *g,
                           double images, double res, double bytes_w,
                           int train) {
  return pass_s(&gpuadv_image_fitted, n, g, images, res, bytes_w, train);
}

/* Seconds of one training step of batch images per GPU on n_gpus. */
static double train_step_s(const gpuadv_image_consts *c,
                           const gpuadv_image_model *m,
                           const gpuadv_image_gpu *g, int mode, double batch,
                           double res, double n_gpus, double bytes_w) {
  double trained = mode == GPUADV_IMAGE_LORA
                       ? m->net.params * GPUADV_IMAGE_LORA_SHARE
                       : m->net.params;
  /* a LoRA step's frozen weights take no weight gradient: 4 FLOP per
  ** parameter and image instead of 6, as the language-model step model
  ** counts LoRA (gpuadv_train.c) */
  double t = passes_s(c, &m->net, g, batch, res, bytes_w,
                      mode == GPUADV_IMAGE_LORA ? 2.0 : 3.0);
  int i;
  if (m->diffusion) {
    /* the frozen text encoders and the VAE encoder (about half the
    ** decoder's work) run forward once per image */
    for (i = 0; i < m->n_text; i++)
      t += pass_s(c, &m->text[i], g, batch, res, bytes_w, 0);
    t += 0.5 * pass_s(c, &m->vae, g, batch, res, bytes_w, 0);
  }
  t += trained * OPT_TRAFFIC_BYTES / (g->mem_bw_gbs * 1e9);
  if (n_gpus > 1) {
    /* a ring all-reduce sends and receives 2 (n-1)/n of the 16-bit
    ** gradients per GPU */
    t += 2 * (n_gpus - 1) / n_gpus * trained * 2 / (g->link_gbs * 1e9);
  }
  return t;
}

/* Seconds of one generation of batch images (a prompt each). */
static double generate_s(const gpuadv_image_consts *c,
                         const gpuadv_image_model *m, const gpuadv_image_gpu *g,
                         double batch, double res, double steps,
                         double bytes_w) {
  double t = steps * pass_s(c, &m->net, g, batch * m->cfg, res, bytes_w, 0);
  int i;
  for (i = 0; i < m->n_text; i++)
    t += pass_s(c, &m->text[i], g, batch * m->cfg, res, bytes_w, 0);
  return t + pass_s(c, &m->vae, g, batch, res, bytes_w, 0);
}

double gpuadv_image_tps_with(const gpuadv_image_consts *c,
                             const gpuadv_image_model *m,
                             const gpuadv_image_gpu *g, int task, int mode,
                             double batch, double res, double steps,
                             double n_gpus, double bytes_w) {
  assert(batch > 0 && res > 0 && n_gpus >= 1);
  switch (task) {
    case GPUADV_IMAGE_TRAIN:
      return n_gpus * batch /
             train_step_s(c, m, g, mode, batch, res, n_gpus, bytes_w);
    case GPUADV_IMAGE_INFER:
      return n_gpus * batch / pass_s(c, &m->net, g, batch, res, bytes_w, 0);
    case GPUADV_IMAGE_DENOISE:
      assert(m->diffusion);
      return n_gpus / pass_s(c, &m->net, g, batch * m->cfg, res, bytes_w, 0);
    default:
      assert(task == GPUADV_IMAGE_GENERATE && m->diffusion && steps >= 1);
      return n_gpus * batch / generate_s(c, m, g, batch, res, steps, bytes_w);
  }
}

double gpuadv_image_tps(const gpuadv_image_model *m, const gpuadv_image_gpu *g,
                        int task, int mode, double batch, double res,
                        double steps, double n_gpus, double bytes_w) {
  return gpuadv_image_tps_with(&gpuadv_image_fitted, m, g, task, mode, batch,
                               res, steps, n_gpus, bytes_w);
}
