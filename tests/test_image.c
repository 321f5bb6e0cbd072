/*
** test_image.c: the vision and diffusion model (ext/gpuadv_image.c) on
** networks and GPUs worked by hand: a FLOP count at twice the reference
** resolution, memory to train and to generate, a pass bound by the
** weights' read, and the parts of a generation adding up.
*/
#include <stdio.h>
#include <string.h>

#include "gpuadv_image.h"
#include "unit.h"

/* A plain network: 100M params, 10 GFLOP at 256 px, a quarter of it
** attention, 20M stored activations, 0.05 GB live at inference. */
static gpuadv_image_net net(int arch) {
  gpuadv_image_net n = {.params = 100e6, .flop = 10e9, .ref_res = 256};
  n.attn_share = 0.25;
  n.acts = 20e6;
  n.infer_act_gb = 0.05;
  n.arch = arch;
  return n;
}

static void test_flop(void) {
  gpuadv_image_net n = net(GPUADV_IMAGE_VIT);
  /* 512 px: 4x the pixels; 0.75 x 4 + 0.25 x 16 = 7 x 10 GFLOP */
  check_close("flop 2x side", gpuadv_image_flop(&n, 512), 70e9, 1e-12);
  check_close("flop at ref", gpuadv_image_flop(&n, 256), 10e9, 1e-12);
  n.per_prompt = 1; /* a text encoder: per prompt */
  check_close("flop per prompt", gpuadv_image_flop(&n, 1024), 10e9, 1e-12);
}

static void test_mem(void) {
  gpuadv_image_model m;
  memset(&m, 0, sizeof(m));
  m.net = net(GPUADV_IMAGE_VIT);
  m.cfg = 1;
  /* full training at bf16, batch 8 at 256 px: weights 0.2 GB, optimizer
  ** 1.6 GB, activations 8 x 20M x 3.5 B = 0.56 GB, context 1 GB */
  check_close("mem train full",
              gpuadv_image_mem_gb(&m, GPUADV_IMAGE_TRAIN, GPUADV_IMAGE_FULL, 8,
                                  256, 2, 3.5),
              0.2 + 1.6 + 0.56 + 1.0, 1e-12);
  /* LoRA trains 1%: optimizer 0.016 GB */
  check_close("mem train lora",
              gpuadv_image_mem_gb(&m, GPUADV_IMAGE_TRAIN, GPUADV_IMAGE_LORA, 8,
                                  256, 2, 3.5),
              0.2 + 0.016 + 0.56 + 1.0, 1e-12);
  /* a pipeline: cfg 2, a VAE of 50M params and 0.5 GB live at 256 px;
  ** batch 2 at 512 px: denoiser 2 x 2 x 0.05 x 4 = 0.8 GB against the
  ** VAE's 2 x 0.5 x 4 = 4 GB: the VAE's; weights 150M x 2 B */
  m.diffusion = 1;
  m.cfg = 2;
  m.vae = net(GPUADV_IMAGE_CNN);
  m.vae.params = 50e6;
  m.vae.infer_act_gb = 0.5;
  check_close("mem generate",
              gpuadv_image_mem_gb(&m, GPUADV_IMAGE_GENERATE, GPUADV_IMAGE_FULL,
                                  2, 512, 2, 3.5),
              0.3 + 4.0 + 1.0, 1e-12);
}

/* Images (or denoising steps) a second of one prompt at 256 px, 20 steps,
** full weights at 2 bytes, on n_gpus GPUs. */
static double tps_256(const gpuadv_image_model *m, const gpuadv_image_gpu *g,
                      int task, int n_gpus) {
  return gpuadv_image_tps(m, g, task, 0, 1, 256, 20, n_gpus, 2);
}

static void test_speed(void) {
  gpuadv_image_model m;
  gpuadv_image_gpu slow = {1e6, 1e6, 1, 25}; /* 1 GB/s: weight-bound */
  gpuadv_image_gpu g = {100, 50, 1000, 25};
  gpuadv_image_net text = net(GPUADV_IMAGE_VIT);
  double den, t;
  memset(&m, 0, sizeof(m));
  m.net = net(GPUADV_IMAGE_UNET);
  /* 100M params x 2 B at 1 GB/s x 0.8: 0.25 s, whatever the work */
  check_close("pass weight-bound",
              gpuadv_image_pass_s(&m.net, &slow, 1, 256, 2, 0), 0.25, 1e-12);
  /* training is three passes' work: slower than inference per image */
  check_true("train slower than infer",
             gpuadv_image_pass_s(&m.net, &g, 8, 256, 2, 1) >
                 2.5 * gpuadv_image_pass_s(&m.net, &g, 8, 256, 2, 0));
  /* generation: steps denoiser passes over batch x cfg, the text encoder
  ** and the VAE once; images/s is batch over their sum */
  m.diffusion = 1;
  m.cfg = 2;
  m.vae = net(GPUADV_IMAGE_CNN);
  text.per_prompt = 1;
  m.text[0] = text;
  m.n_text = 1;
  den = gpuadv_image_pass_s(&m.net, &g, 2, 256, 2, 0);
  t = 20 * den + gpuadv_image_pass_s(&text, &g, 2, 256, 2, 0) +
      gpuadv_image_pass_s(&m.vae, &g, 1, 256, 2, 0);
  check_close("generate sums its parts",
              tps_256(&m, &g, GPUADV_IMAGE_GENERATE, 1), 1 / t, 1e-12);
  check_close("denoise steps/s", tps_256(&m, &g, GPUADV_IMAGE_DENOISE, 1),
              1 / den, 1e-12);
  /* n GPUs generate n times as fast: independent pipelines */
  check_close("generate on 4 GPUs", tps_256(&m, &g, GPUADV_IMAGE_GENERATE, 4),
              4 / t, 1e-12);
  /* data-parallel training pays the all-reduce: less than 4x */
  check_true(
      "train on 4 GPUs below 4x",
      gpuadv_image_tps(&m, &g, GPUADV_IMAGE_TRAIN, 0, 8, 256, 1, 4, 2) <
          4 * gpuadv_image_tps(&m, &g, GPUADV_IMAGE_TRAIN, 0, 8, 256, 1, 1, 2));
}

/* A LoRA step of a classifier: two passes' work of the three of a full
** step (no weight gradient for the frozen weights), and AdamW's 32 bytes
** read and written for the adapters' 1% of the parameters only. */
static void test_lora_speed(void) {
  gpuadv_image_model m;
  gpuadv_image_gpu g = {100, 50, 1000, 25};
  double full3, lora;
  memset(&m, 0, sizeof(m));
  m.net = net(GPUADV_IMAGE_VIT);
  m.cfg = 1;
  full3 = gpuadv_image_pass_s(&m.net, &g, 8, 256, 2, 1); /* not weight-bound */
  lora = 8 / gpuadv_image_tps(&m, &g, GPUADV_IMAGE_TRAIN, GPUADV_IMAGE_LORA, 8,
                              256, 1, 1, 2);
  check_close("lora step", lora, full3 * 2 / 3 + 100e6 * 0.01 * 32 / 1000e9,
              1e-12);
  check_close("full step",
              8 / gpuadv_image_tps(&m, &g, GPUADV_IMAGE_TRAIN,
                                   GPUADV_IMAGE_FULL, 8, 256, 1, 1, 2),
              full3 + 100e6 * 32 / 1000e9, 1e-12);
}

static const unit_test_fn tests[] = {test_flop, test_mem, test_speed,
                                     test_lora_speed};

int main(void) {
  return unit_run(tests, UNIT_COUNT(tests));
}
