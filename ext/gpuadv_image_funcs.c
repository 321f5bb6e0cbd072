/*
** gpuadv_image_funcs.c: vision and diffusion models in SQL (docs/images.md).
** Thin wrappers over ext/gpuadv_image.c: they read the image_models and
** gpus catalogs and check the arguments.
**
**   SELECT image_mem_gb('sdxl', 'generate', 1);                 -- GB
**   SELECT image_mem_gb('google/vit-large-patch16-224', 'train', 64);
**   SELECT image_tps('flux.1-dev', 'h100-sxm', 'generate', 'bf16');
**   SELECT image_tps('vit-b-16', 'rtx-4090', 'train', 'fp16', 128);
**
** image_mem_gb(model, task, batch [, resolution [, dtype [, mode]]]) GB of
**   GPU memory to train (task 'train', mode 'full' or 'lora') or to run
**   ('infer' for a classifier, 'generate' for a diffusion pipeline) a
**   batch of images of resolution pixels a side (default: the model's
**   own) with weights in dtype (fp32, fp16, bf16 (default) or fp8).
** image_tps(model, gpu, task, dtype [, batch [, resolution [, steps
**   [, n_gpus [, mode]]]]]) images per second on n_gpus GPUs (default
**   1), batch per GPU (default 1); task 'denoise' gives the denoiser's
**   steps per second at that batch; steps (diffusion only) defaults to
**   the model's; mode ('full' or 'lora', training) says which weights
**   take gradients.
*/
#include <assert.h>
#include <string.h>

#include "gpuadv_args.h"
#include "gpuadv_catalog.h"
#include "gpuadv_catalog_cols.h"
#include "gpuadv_image.h"
#include "gpuadv_internal.h"
#include "gpuadv_model_setup.h"

SQLITE_EXTENSION_INIT3

#define CAT (&gpuadv_catalog_image_models)
#define IM(row, col) gpuadv_catalog_number(CAT, row, IMAGE_MODELS_COL_##col)
#define IM_TEXT(row, col) gpuadv_catalog_text(CAT, row, IMAGE_MODELS_COL_##col)

/* Resolutions accepted, pixels a side: below 32 no model here sees an
** image; above 8192 a single image's activations outgrow any GPU. */
#define RES_MIN 32
#define RES_MAX 8192

#define dtypes gpuadv_image_dtype_names
#define dtype_bytes gpuadv_image_dtype_bytes
static const char *const modes[] = {"full", "lora", 0};
static const char *const mem_tasks[] = {"train", "infer", "generate", 0};
#define tps_tasks gpuadv_image_task_names

/* The model of argument i: its row, or -1 after setting the error. A VAE
** or a text encoder alone is no model to plan: its pipeline is. */
static int model_arg(sqlite3_context *ctx, const gpuadv_fn *fn,
                     sqlite3_value **argv, int i, gpuadv_image_model *m) {
  int row = gpuadv_lookup_row(ctx, fn, CAT, argv, i);
  const char *family;
  if (row < 0) return -1;
  family = IM_TEXT(row, FAMILY);
  if (strcmp(family, "classifier") != 0 && strcmp(family, "diffusion") != 0) {
    gpuadv_result_errorf(ctx, fn,
                         "model '%s' is a %s, a part of a diffusion pipeline: "
                         "name the pipeline (sd-1.5, sdxl, sd-3.5-large, "
                         "flux.1-dev, flux.1-schnell)",
                         IM_TEXT(row, NAME), family);
    return -1;
  }
  gpuadv_image_model_from_row(row, m);
  return row;
}

/* Whether the task suits the model; sets the error when not. */
static int task_fits(sqlite3_context *ctx, const gpuadv_fn *fn, int row,
                     const gpuadv_image_model *m, int task) {
  if (!m->diffusion &&
      (task == GPUADV_IMAGE_GENERATE || task == GPUADV_IMAGE_DENOISE)) {
    gpuadv_result_errorf(ctx, fn,
                         "task '%s' needs a diffusion model; '%s' is a "
                         "classifier (use 'infer' or 'train')",
                         tps_tasks[task], IM_TEXT(row, NAME));
    return 0;
  }
  if (m->diffusion && task == GPUADV_IMAGE_INFER) {
    gpuadv_result_errorf(ctx, fn,
                         "task 'infer' is for classifiers; '%s' is a "
                         "diffusion model (use 'generate' or 'train')",
                         IM_TEXT(row, NAME));
    return 0;
  }
  return 1;
}

/* The resolution of argument a (NULL or absent: -1, the model's own):
** the value, or 0 after setting the error. Diffusion latents are an
** eighth of the image a side, so its sides are multiples of 8. */
static double resolution_arg(sqlite3_context *ctx, const gpuadv_fn *fn, int row,
                             const gpuadv_image_model *m, double a) {
  if (a < 0) return IM(row, REF_RESOLUTION);
  if (m->diffusion && (long long)a % 8 != 0) {
    gpuadv_result_errorf(ctx, fn,
                         "resolution must be a multiple of 8 for a diffusion "
                         "model (its latent is 1/8 of the image a side), got "
                         "%lld",
                         (long long)a);
    return 0;
  }
  return a;
}

enum { MG_MODEL, MG_TASK, MG_BATCH, MG_RES, MG_DTYPE, MG_MODE, MG_N };

static const gpuadv_fn fn_image_mem_gb = {
    "image_mem_gb",
    3,
    MG_N,
    {[MG_MODEL] = GPUADV_NAME("model"),
     [MG_TASK] = GPUADV_KEYWORD("task", mem_tasks, 0),
     [MG_BATCH] = GPUADV_WHOLE("batch", 1, 1e6, 1),
     [MG_RES] = GPUADV_WHOLE("resolution", RES_MIN, RES_MAX, -1),
     [MG_DTYPE] = GPUADV_KEYWORD("dtype", dtypes, 2),
     [MG_MODE] = GPUADV_KEYWORD("mode", modes, GPUADV_IMAGE_FULL)}};

static void sql_image_mem_gb(sqlite3_context *ctx, int argc,
                             sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_image_mem_gb;
  double a[GPUADV_MAX_ARGS], res;
  gpuadv_image_model m;
  int row, task, dt;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  if ((row = model_arg(ctx, fn, argv, MG_MODEL, &m)) < 0) return;
  task = (int)a[MG_TASK];
  if (!task_fits(ctx, fn, row, &m, task)) return;
  if ((res = resolution_arg(ctx, fn, row, &m, a[MG_RES])) == 0) return;
  dt = (int)a[MG_DTYPE];
  /* stored activations: 16-bit under autocast, fp32 twice that */
  gpuadv_result_double(
      ctx, fn,
      gpuadv_image_mem_gb(&m, task, (int)a[MG_MODE], a[MG_BATCH], res,
                          dtype_bytes[dt], dt == 0 ? 7.0 : 3.5));
}

enum {
  IT_MODEL,
  IT_GPU,
  IT_TASK,
  IT_DTYPE,
  IT_BATCH,
  IT_RES,
  IT_STEPS,
  IT_NGPUS,
  IT_MODE,
  IT_N
};

static const gpuadv_fn fn_image_tps = {
    "image_tps",
    4,
    IT_N,
    {[IT_MODEL] = GPUADV_NAME("model"),
     [IT_GPU] = GPUADV_NAME("gpu"),
     [IT_TASK] = GPUADV_KEYWORD("task", tps_tasks, 0),
     [IT_DTYPE] = GPUADV_KEYWORD("dtype", dtypes, 2),
     [IT_BATCH] = GPUADV_WHOLE("batch", 1, 1e6, 1),
     [IT_RES] = GPUADV_WHOLE("resolution", RES_MIN, RES_MAX, -1),
     [IT_STEPS] = GPUADV_WHOLE("steps", 1, 1000, -1),
     [IT_NGPUS] = GPUADV_WHOLE("n_gpus", 1, 100000, 1),
     [IT_MODE] = GPUADV_KEYWORD("mode", modes, 0)}};

/* The GPU of row gpu at dtype dt; 0 after setting the error when the
** catalog gives no peak for that dtype. */
static int gpu_of(sqlite3_context *ctx, const gpuadv_fn *fn, int gpu, int dt,
                  gpuadv_image_gpu *g) {
  if (!gpuadv_image_gpu_from_row(gpu, dt, g)) {
    gpuadv_result_errorf(
        ctx, fn, "gpu '%s' has no %s peak in gpus; try %s",
        gpuadv_catalog_text(&gpuadv_catalog_gpus, gpu, GPUS_COL_NAME),
        dtypes[dt], dt == 2 || dt == 3 ? "fp16" : "fp32");
    return 0;
  }
  return 1;
}

static void sql_image_tps(sqlite3_context *ctx, int argc,
                          sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_image_tps;
  double a[GPUADV_MAX_ARGS], res, steps;
  gpuadv_image_model m;
  gpuadv_image_gpu g;
  int row, gpu, task;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  if ((row = model_arg(ctx, fn, argv, IT_MODEL, &m)) < 0) return;
  gpu = gpuadv_lookup_row(ctx, fn, &gpuadv_catalog_gpus, argv, IT_GPU);
  if (gpu < 0) return;
  task = (int)a[IT_TASK];
  if (!task_fits(ctx, fn, row, &m, task)) return;
  if ((res = resolution_arg(ctx, fn, row, &m, a[IT_RES])) == 0) return;
  if (!m.diffusion && a[IT_STEPS] > 0) {
    gpuadv_result_errorf(ctx, fn,
                         "steps is for diffusion models; '%s' is a "
                         "classifier (leave steps NULL)",
                         IM_TEXT(row, NAME));
    return;
  }
  steps = a[IT_STEPS] > 0 ? a[IT_STEPS] : IM(row, DEFAULT_STEPS);
  if (!gpu_of(ctx, fn, gpu, (int)a[IT_DTYPE], &g)) return;
  gpuadv_result_double(
      ctx, fn,
      gpuadv_image_tps(
          &m, &g, task,
          (int)a[IT_MODE] == 1 ? GPUADV_IMAGE_LORA : GPUADV_IMAGE_FULL,
          a[IT_BATCH], res, steps, a[IT_NGPUS], dtype_bytes[(int)a[IT_DTYPE]]));
}

static const gpuadv_fn_entry image_func_table[] = {
    {&fn_image_mem_gb, sql_image_mem_gb}, {&fn_image_tps, sql_image_tps}};

GPUADV_FN_TABLE_GET(gpuadv_image_function_table, image_func_table)
