/*
** gpuadv_train_funcs.c: the training step model in SQL (README
** "Training"). Thin wrappers over ext/gpuadv_train.c.
**
**   SELECT model_train_tps('llama-3.1-8b', 'h100-sxm', 'full', 8);
**   SELECT model_train_mfu('llama-3.1-70b', 'h100-sxm', 'full', 64,
**                          4096, 1024, 4, 2, 1, 'selective', 8, 3200);
**   SELECT train_layout('llama-2-13b', 'h100-sxm', 'full', 260, 8, 3200,
**                       8, 0.1, 40000, 1.2, 30);
**
** model_train_tps(model, gpu, mode, n_gpus [, seq_len [, global_batch
**   [, tp [, pp [, zero_stage [, recompute [, gpus_per_node
**   [, fabric_gbps [, dtype [, micro_batch]]]]]]]]]])
** gives the whole job's training tokens per second of the layout, and
** model_train_mfu(...) with the same arguments the model FLOPs
** utilisation it implies (model FLOP per token x tokens/s over n_gpus x the
** datasheet's dense TFLOP/s at the dtype). Defaults: seq_len 4096;
** global_batch 4,194,304 tokens' worth of sequences (Llama 2 and 3's
** pretraining batch), at least dp x micro_batch; tp, pp 1; zero_stage 1
** (Megatron's distributed optimizer); recompute 'selective'; 8 GPUs a node
** joined by 3200 Gbit/s (8 x 400G NDR); bf16; micro_batch 1. NULL for a
** GPU without a dense TFLOP/s figure at the dtype.
**
** train_layout(model, gpu, mode, tokens_b, gpus_per_node, fabric_gbps,
**   unit_gpus, mem_headroom, usd_per_gpu, usd_per_gpu_hour [, max_days
**   [, params_b [, seq_len [, global_batch [, micro_batch [, recompute
**   [, fraction [, mfu]]]]]]]])
** searches the layouts (gpuadv_train_search) and returns a JSON object:
** the cheapest layout's n_gpus, tp, pp, dp, ep, zero_stage, recompute,
** micro_batch, global_batch, step_s, tokens_per_s, mfu, comm_share,
** gpu_hours, wall_days, mem_gb, framework, and alt_n_gpus, alt_wall_days
** (the fastest layout on twice the GPUs) where one is faster; or
** {"fits":0|1,"min_gb":..,"best_days":..} when none fits in memory or
** meets max_days (NULL: a year). params_b (NULL: the model's) rescales a
** catalog model's counts, as a workload's params_b does.
*/
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gpuadv_args.h"
#include "gpuadv_catalog.h"
#include "gpuadv_catalog_cols.h"
#include "gpuadv_internal.h"
#include "gpuadv_math.h"
#include "gpuadv_model_setup.h"
#include "gpuadv_train.h"

SQLITE_EXTENSION_INIT3

/* Training modes (train_mem_gb's, without 'inference'). */
static const char *const train_modes[] = {"full", "full16", "lora", "qlora",
                                          NULL};

/* The default global batch, in tokens: Llama 2 (Touvron et al. 2023,
** section 2.2) and Llama 3 (Dubey et al. 2024, section 3.4.1: 4M tokens
** at first) pretrain on 4M-token batches. */
#define GLOBAL_BATCH_TOKENS 4194304.0
#define NODE_GPUS_DEFAULT 8
#define FABRIC_GBPS_DEFAULT 3200

/* A training dtype: 16-bit, fp8 or fp4 matmuls. */
static int train_dtype_ok(int dtype) {
  int compute = gpuadv_dtypes[dtype].compute;
  return !gpuadv_dtypes[dtype].gguf &&
         (dtype == GPUADV_BF16 || dtype == GPUADV_FP16 ||
          dtype == GPUADV_FP32 || compute == GPUADV_COMPUTE_FP8 ||
          dtype == GPUADV_FP4);
}

enum {
  TT_MODEL,
  TT_GPU,
  TT_MODE,
  TT_N_GPUS,
  TT_SEQ_LEN,
  TT_GLOBAL_BATCH,
  TT_TP,
  TT_PP,
  TT_ZERO,
  TT_RECOMPUTE,
  TT_NODE_GPUS,
  TT_FABRIC,
  TT_DTYPE,
  TT_MICRO_BATCH,
  TT_N
};

#define TRAIN_TPS_ARGS                                                         \
  {                                                                            \
    [TT_MODEL] = GPUADV_MODEL("model"), [TT_GPU] = GPUADV_NAME("gpu"),         \
    [TT_MODE] = GPUADV_KEYWORD("mode", train_modes, GPUADV_MODE_FULL),         \
    [TT_N_GPUS] = GPUADV_WHOLE("n_gpus", 1, GPUADV_TRAIN_MAX_GPUS, 1),         \
    [TT_SEQ_LEN] = GPUADV_WHOLE("seq_len", 1, 1e7, 4096),                      \
    [TT_GLOBAL_BATCH] = GPUADV_WHOLE("global_batch", 0, 1e9, 0),               \
    [TT_TP] = GPUADV_WHOLE("tp", 1, 1024, 1),                                  \
    [TT_PP] = GPUADV_WHOLE("pp", 1, 1024, 1),                                  \
    [TT_ZERO] = GPUADV_WHOLE("zero_stage", 0, 3, 1),                           \
    [TT_RECOMPUTE] = GPUADV_KEYWORD("recompute", gpuadv_recompute_names,       \
                                    GPUADV_RECOMPUTE_SELECTIVE),               \
    [TT_NODE_GPUS] = GPUADV_WHOLE("gpus_per_node", 1, 1e6, NODE_GPUS_DEFAULT), \
    [TT_FABRIC] =                                                              \
        GPUADV_NUM("fabric_gbps", GPUADV_RANGE_GE, 0, 0, FABRIC_GBPS_DEFAULT), \
    [TT_DTYPE] = GPUADV_DTYPE("dtype", GPUADV_BF16),                           \
    [TT_MICRO_BATCH] = GPUADV_WHOLE("micro_batch", 1, 1e6, 1)                  \
  }

static const gpuadv_fn fn_model_train_tps = {"model_train_tps", 4, TT_N,
                                             TRAIN_TPS_ARGS};
static const gpuadv_fn fn_model_train_mfu = {"model_train_mfu", 4, TT_N,
                                             TRAIN_TPS_ARGS};

/* The layout of the arguments, checked: 1, or 0 after setting the
** error. */
static int layout_of(sqlite3_context *ctx, const gpuadv_fn *fn, const double *a,
                     const gpuadv_train_model *m, gpuadv_train_layout *l) {
  double group, dp;
  memset(l, 0, sizeof(*l));
  l->n_gpus = a[TT_N_GPUS];
  l->gpus_per_node = a[TT_NODE_GPUS];
  l->fabric_gbps = a[TT_FABRIC];
  l->tp = a[TT_TP];
  l->pp = a[TT_PP];
  l->cp = 1.0;
  l->micro_batch = a[TT_MICRO_BATCH];
  l->seq_len = a[TT_SEQ_LEN];
  l->zero_stage = (int)a[TT_ZERO];
  l->recompute = (int)a[TT_RECOMPUTE];
  l->mode = (int)a[TT_MODE];
  group = l->tp * l->pp;
  if (l->tp > l->gpus_per_node) {
    gpuadv_result_errorf(ctx, fn,
                         "tp must be <= gpus_per_node (%g): tensor "
                         "parallelism stays within a node, got %g",
                         l->gpus_per_node, l->tp);
  } else if (fmod(m->heads, l->tp) != 0.0) {
    gpuadv_result_errorf(ctx, fn, "tp must divide the model's %g heads, got %g",
                         m->heads, l->tp);
  } else if (l->pp > m->layers || fmod(m->layers, l->pp) != 0.0) {
    gpuadv_result_errorf(ctx, fn,
                         "pp must divide the model's %g layers, got %g",
                         m->layers, l->pp);
  } else if (fmod(l->n_gpus, group) != 0.0) {
    gpuadv_result_errorf(ctx, fn,
                         "n_gpus must be a multiple of tp x pp (%g), got %g",
                         group, l->n_gpus);
  } else if (l->n_gpus > l->gpus_per_node && !(l->fabric_gbps > 0.0)) {
    gpuadv_result_errorf(ctx, fn,
                         "%g GPUs span nodes of %g, and fabric_gbps is 0: no "
                         "fabric between nodes",
                         l->n_gpus, l->gpus_per_node);
  } else {
    dp = l->n_gpus / group;
    l->global_batch = a[TT_GLOBAL_BATCH] > 0.0
                          ? a[TT_GLOBAL_BATCH]
                          : fmax(dp * l->micro_batch,
                                 round(GLOBAL_BATCH_TOKENS / l->seq_len));
    if (l->global_batch < dp * l->micro_batch) {
      gpuadv_result_errorf(ctx, fn,
                           "global_batch must be at least n_gpus / (tp x pp) "
                           "x micro_batch = %g, got %g",
                           dp * l->micro_batch, l->global_batch);
      return 0;
    }
    l->ep = gpuadv_train_default_ep(m, dp, l->tp, l->gpus_per_node);
    return 1;
  }
  return 0;
}

/* model_train_tps and model_train_mfu: want_mfu picks the result. */
static void train_tps(sqlite3_context *ctx, const gpuadv_fn *fn, int argc,
                      sqlite3_value **argv, int want_mfu) {
  double a[GPUADV_MAX_ARGS] = {0};
  gpuadv_model_def d;
  gpuadv_train_model m;
  gpuadv_train_chip c;
  gpuadv_train_layout l;
  gpuadv_train_time t;
  int gpu, dtype;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  dtype = (int)a[TT_DTYPE];
  if (!train_dtype_ok(dtype)) {
    gpuadv_result_errorf(ctx, fn,
                         "dtype must be bf16, fp16, fp32, fp8 or fp4 for "
                         "training, got '%s'",
                         gpuadv_dtypes[dtype].name);
    return;
  }
  if (!gpuadv_resolve_model(ctx, fn, argv, TT_MODEL, &d)) return;
  gpu = gpuadv_lookup_row(ctx, fn, &gpuadv_catalog_gpus, argv, TT_GPU);
  if (gpu < 0) return;
  gpuadv_train_model_of(&d, 0.0, a[TT_SEQ_LEN], &m);
  if (!layout_of(ctx, fn, a, &m, &l)) return;
  if (!gpuadv_train_chip_of(gpu, dtype, 1.0, &c)) {
    sqlite3_result_null(ctx); /* no TFLOP/s figure published */
    return;
  }
  gpuadv_train_step(&m, &c, &l, &gpuadv_train_fitted, &t);
  gpuadv_result_number(ctx, fn, want_mfu ? t.mfu : t.tokens_per_s);
}

static void sql_model_train_tps(sqlite3_context *ctx, int argc,
                                sqlite3_value **argv) {
  train_tps(ctx, &fn_model_train_tps, argc, argv, 0);
}

static void sql_model_train_mfu(sqlite3_context *ctx, int argc,
                                sqlite3_value **argv) {
  train_tps(ctx, &fn_model_train_mfu, argc, argv, 1);
}

enum {
  TL_MODEL,
  TL_GPU,
  TL_MODE,
  TL_TOKENS_B,
  TL_NODE_GPUS,
  TL_FABRIC,
  TL_UNIT,
  TL_HEADROOM,
  TL_USD_PER_GPU,
  TL_USD_PER_GPU_HOUR,
  TL_MAX_DAYS,
  TL_PARAMS_B,
  TL_SEQ_LEN,
  TL_GLOBAL_BATCH,
  TL_MICRO_BATCH,
  TL_RECOMPUTE,
  TL_FRACTION,
  TL_MFU,
  TL_N
};

/* Keyword value of an absent or NULL recompute: searched. */
#define RECOMPUTE_SEARCHED (-1)
static const char *const recompute_or_search[] = {"none", "selective", "full",
                                                  NULL};

static const gpuadv_fn fn_train_layout = {
    "train_layout",
    10,
    TL_N,
    {[TL_MODEL] = GPUADV_MODEL("model"),
     [TL_PARAMS_B] =
         GPUADV_NUM("params_b", GPUADV_RANGE_CLOSED, 0, GPUADV_MAX_PARAMS_B, 0),
     [TL_GPU] = GPUADV_NAME("gpu"),
     [TL_MODE] = GPUADV_KEYWORD("mode", train_modes, GPUADV_MODE_FULL),
     [TL_TOKENS_B] = GPUADV_NUM("tokens_b", GPUADV_RANGE_OPEN_LO, 0, 1e6, 1),
     [TL_NODE_GPUS] = GPUADV_WHOLE("gpus_per_node", 1, 1e6, 1),
     [TL_FABRIC] = GPUADV_NONNEG("fabric_gbps"),
     [TL_UNIT] = GPUADV_WHOLE("unit_gpus", 1, 1e6, 1),
     [TL_HEADROOM] = GPUADV_HEADROOM("mem_headroom"),
     [TL_MAX_DAYS] = GPUADV_NUM("max_days", GPUADV_RANGE_GE, 0, 0, 0),
     [TL_USD_PER_GPU] = GPUADV_NONNEG("usd_per_gpu"),
     [TL_USD_PER_GPU_HOUR] = GPUADV_NONNEG("usd_per_gpu_hour"),
     [TL_SEQ_LEN] = GPUADV_WHOLE("seq_len", 1, 1e7, 4096),
     [TL_GLOBAL_BATCH] = GPUADV_WHOLE("global_batch", 0, 1e9, 0),
     [TL_MICRO_BATCH] = GPUADV_WHOLE("micro_batch", 0, 1024, 0),
     [TL_RECOMPUTE] =
         GPUADV_KEYWORD("recompute", recompute_or_search, RECOMPUTE_SEARCHED),
     [TL_FRACTION] = GPUADV_FRACTION("fraction", 1),
     [TL_MFU] = GPUADV_NUM("mfu", GPUADV_RANGE_CLOSED, 0, 1, 0)}};

/* The framework that runs the layout: XLA's sharding on TPUs, else the
** PyTorch name of the data-parallel scheme, Megatron's where tensor,
** pipeline or expert parallelism is used (PyTorch's DDP and FSDP split
** no experts over GPUs). */
static const char *framework(int gpu, const gpuadv_train_layout *l) {
  int tpu =
      strcmp(gpuadv_catalog_text(&gpuadv_catalog_gpus, gpu, GPUS_COL_VENDOR),
             "Google") == 0;
  int megatron = l->tp > 1.0 || l->pp > 1.0 || l->ep > 1.0;
  static const char *const torch[] = {"DDP", "ZeRO-1", "ZeRO-2",
                                      "FSDP (ZeRO-3)"};
  static const char *const mega[] = {"Megatron",
                                     "Megatron + distributed optimizer",
                                     "Megatron + ZeRO-2", "Megatron + FSDP"};
  static const char *const xla[] = {"XLA data parallel",
                                    "XLA sharded optimizer",
                                    "XLA sharded optimizer", "XLA FSDP"};
  assert(l->zero_stage >= 0 && l->zero_stage <= 3);
  if (tpu) return xla[l->zero_stage];
  return megatron ? mega[l->zero_stage] : torch[l->zero_stage];
}

static void sql_train_layout(sqlite3_context *ctx, int argc,
                             sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_train_layout;
  double a[GPUADV_MAX_ARGS];
  gpuadv_model_def d;
  gpuadv_train_model m;
  gpuadv_train_chip c;
  gpuadv_train_goal g;
  gpuadv_train_plan p;
  char *json;
  int gpu;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  if (!gpuadv_resolve_model(ctx, fn, argv, TL_MODEL, &d)) return;
  gpu = gpuadv_lookup_row(ctx, fn, &gpuadv_catalog_gpus, argv, TL_GPU);
  if (gpu < 0) return;
  gpuadv_train_model_of(&d, a[TL_PARAMS_B], a[TL_SEQ_LEN], &m);
  if (!gpuadv_train_chip_of(gpu, GPUADV_BF16, a[TL_FRACTION], &c)) {
    sqlite3_result_null(ctx);
    return;
  }
  memset(&g, 0, sizeof(g));
  g.tokens = a[TL_TOKENS_B] * 1e9;
  g.usable_gb = c.memory_gb * (1.0 - a[TL_HEADROOM]);
  g.gpus_per_node = a[TL_NODE_GPUS];
  g.unit_gpus = a[TL_UNIT];
  g.fabric_gbps = a[TL_FABRIC];
  g.max_hours = a[TL_MAX_DAYS] * 24.0;
  g.usd_per_gpu = a[TL_USD_PER_GPU];
  g.usd_per_gpu_hour = a[TL_USD_PER_GPU_HOUR];
  g.seq_len = a[TL_SEQ_LEN];
  g.global_batch = a[TL_GLOBAL_BATCH] > 0.0
                       ? a[TL_GLOBAL_BATCH]
                       : round(GLOBAL_BATCH_TOKENS / a[TL_SEQ_LEN]);
  if (g.global_batch < 1.0) g.global_batch = 1.0;
  g.micro_batch = a[TL_MICRO_BATCH];
  g.recompute = (int)a[TL_RECOMPUTE];
  g.mode = (int)a[TL_MODE];
  g.fixed_mfu = a[TL_MFU];
  gpuadv_train_search(&m, &c, &g, &gpuadv_train_fitted, &p);
  if (!p.found && p.fits && isfinite(p.best_hours)) {
    json = sqlite3_mprintf(
        "{\"fits\":1,\"min_gb\":%.4f,\"best_days\":%.6f,"
        "\"fabric_gpus\":%.0f}",
        p.min_gb, p.best_hours / 24.0, p.fabric_gpus);
  } else if (!p.found) {
    json = sqlite3_mprintf(
        "{\"fits\":%d,\"min_gb\":%.4f,\"best_days\":null,"
        "\"fabric_gpus\":%.0f}",
        p.fits, p.min_gb, p.fabric_gpus);
  } else {
    const gpuadv_train_layout *l = &p.layout;
    json = sqlite3_mprintf(
        "{\"fits\":1,\"n_gpus\":%.0f,\"tp\":%.0f,\"pp\":%.0f,\"dp\":%.0f,"
        "\"ep\":%.0f,\"zero_stage\":%d,\"recompute\":\"%s\","
        "\"micro_batch\":%.0f,\"global_batch\":%.0f,\"step_s\":%.6f,"
        "\"tokens_per_s\":%.3f,\"mfu\":%.6f,\"comm_share\":%.6f,"
        "\"gpu_hours\":%.6f,\"wall_days\":%.6f,\"mem_gb\":%.4f,"
        "\"framework\":\"%s\",\"alt_n_gpus\":%.0f,\"alt_wall_days\":%.6f}",
        l->n_gpus, l->tp, l->pp, l->n_gpus / (l->tp * l->pp), l->ep,
        l->zero_stage, gpuadv_recompute_names[l->recompute], l->micro_batch,
        l->global_batch, p.time.step_s, p.time.tokens_per_s, p.time.mfu,
        p.time.comm_share, p.hours * l->n_gpus, p.hours / 24.0, p.mem_gb,
        framework(gpu, l), p.alt_n_gpus, p.alt_hours / 24.0);
  }
  if (!json) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  sqlite3_result_text(ctx, json, -1, sqlite3_free);
}

static const gpuadv_fn fn_train_field = {
    "train_field", 2, 2, {GPUADV_NAME("layout"), GPUADV_NAME("field")}};

/* train_field(layout, field): the value of one field of train_layout's
** JSON object, as the views read it (json_extract is not innocuous in
** every SQLite, so a view of a database opened with trusted_schema=OFF
** could not call it): an INTEGER for a whole number, a REAL, a TEXT, or
** NULL for null or a field the object lacks. Only the flat objects that
** train_layout writes are read: "name":value pairs, no nesting, no
** escapes. */
static void sql_train_field(sqlite3_context *ctx, int argc,
                            sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_train_field;
  double a[GPUADV_MAX_ARGS];
  const char *z, *key, *p;
  int n_key;
  char pattern[72];
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  z = (const char *)sqlite3_value_text(argv[0]);
  key = (const char *)sqlite3_value_text(argv[1]);
  n_key = sqlite3_value_bytes(argv[1]);
  if (!z || !key) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  if (n_key < 1 || n_key > 60 || strchr(key, '"')) {
    gpuadv_result_errorf(ctx, fn, "field must be a train_layout field name");
    return;
  }
  sqlite3_snprintf((int)sizeof(pattern), pattern, "\"%s\":", key);
  p = strstr(z, pattern);
  if (!p) {
    sqlite3_result_null(ctx);
    return;
  }
  p += strlen(pattern);
  if (*p == '"') {
    const char *end = strchr(p + 1, '"');
    if (!end) {
      gpuadv_result_errorf(ctx, fn, "layout is not a train_layout object");
      return;
    }
    sqlite3_result_text(ctx, p + 1, (int)(end - p - 1), SQLITE_TRANSIENT);
  } else if (strncmp(p, "null", 4) == 0) {
    sqlite3_result_null(ctx);
  } else {
    char *end;
    double v = strtod(p, &end);
    if (end == p || !isfinite(v)) {
      gpuadv_result_errorf(ctx, fn, "layout is not a train_layout object");
    } else if (v == floor(v) && fabs(v) < 9e15) {
      sqlite3_result_int64(ctx, (sqlite3_int64)v);
    } else {
      sqlite3_result_double(ctx, v);
    }
  }
}

/* clang-format off */
static const gpuadv_fn_entry train_func_table[] = {
  {&fn_model_train_tps, sql_model_train_tps},
  {&fn_model_train_mfu, sql_model_train_mfu},
  {&fn_train_layout,    sql_train_layout},
  {&fn_train_field,     sql_train_field},
};
/* clang-format on */

GPUADV_FN_TABLE_GET(gpuadv_train_function_table, train_func_table)
