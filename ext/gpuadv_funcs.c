/*
** gpuadv_funcs.c: the estimator functions (README "Function reference") as
** SQL functions. Each wrapper parses its arguments through gpuadv_args.c with
** the signature table below, calls the arithmetic in gpuadv_math.c, and
** sets the result. Registration walks one table.
**
** Usage, after `.load ./gpuadv`:
**
**   SELECT weights_gb(70, 'bf16');                         -- 140.0
**   SELECT train_mem_gb(13, 'full', 4, 3, 13);             -- 71.5
**   SELECT kv_cache_gb(80, 8, 128, 8192, 10, 'fp16');      -- 26.8435456
**   SELECT decode_tps(3350, 14, 1, 1.0);                   -- 239.28...
**   SELECT nodes_required(1260, 80);                       -- 16
**
** README.md holds the full reference with every signature, unit, formula
** and default.
*/
#include <math.h>

#include "gpuadv_args.h"
#include "gpuadv_internal.h"
#include "gpuadv_math.h"

SQLITE_EXTENSION_INIT3

/* Shorthands for the signature tables (gpuadv_args.h). */
#define NUM GPUADV_NUM
#define POSITIVE GPUADV_POSITIVE
#define NONNEG GPUADV_NONNEG
#define FRACTION GPUADV_FRACTION
#define HEADROOM GPUADV_HEADROOM
#define PARAMS_B GPUADV_PARAMS_B
#define DTYPE GPUADV_DTYPE
#define KEYWORD GPUADV_KEYWORD
#define WHOLE GPUADV_WHOLE

/* The largest GPU count we accept: bigger than any cluster built, small
** enough that counts stay exact in a double. */
#define MAX_GPUS 1e7

/* ---------------------------------------------------------------------- */

static const gpuadv_fn fn_bytes_per_param = {
    "bytes_per_param", 1, 1, {DTYPE("dtype", 0)}};

static void sql_bytes_per_param(sqlite3_context *ctx, int argc,
                                sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_bytes_per_param;
  double a[GPUADV_MAX_ARGS];
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  gpuadv_result_number(ctx, fn, gpuadv_dtypes[(int)a[0]].bytes_per_param);
}

static const gpuadv_fn fn_weights_gb = {
    "weights_gb", 2, 2, {PARAMS_B("params_b"), DTYPE("dtype", 0)}};

static void sql_weights_gb(sqlite3_context *ctx, int argc,
                           sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_weights_gb;
  double a[GPUADV_MAX_ARGS];
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  gpuadv_result_number(
      ctx, fn,
      gpuadv_weights_gb(a[0], gpuadv_dtypes[(int)a[1]].bytes_per_param));
}

/* The argument slots of a function whose wrapper reads them by meaning,
** in SQL order: the signature table is initialised by them and the wrapper
** reads a[SLOT], so the two cannot drift. (A wrapper that passes a[0..n-1]
** straight on, in SQL order, keeps plain indices.) */
enum { TM_PARAMS_B, TM_MODE, TM_N_GPUS, TM_ZERO, TM_ACTIVATION, TM_N };

static const gpuadv_fn fn_train_mem_gb = {
    "train_mem_gb",
    2,
    TM_N,
    {[TM_PARAMS_B] = PARAMS_B("params_b"),
     [TM_MODE] = KEYWORD("mode", gpuadv_train_mode_names, 0),
     [TM_N_GPUS] = WHOLE("n_gpus", 1, MAX_GPUS, 1),
     [TM_ZERO] = WHOLE("zero_stage", 0, 3, 0),
     [TM_ACTIVATION] = NONNEG("activation_gb")}};

static void sql_train_mem_gb(sqlite3_context *ctx, int argc,
                             sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_train_mem_gb;
  double a[GPUADV_MAX_ARGS];
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  gpuadv_result_number(
      ctx, fn,
      gpuadv_train_mem_gb(a[TM_PARAMS_B], (int)a[TM_MODE], a[TM_N_GPUS],
                          (int)a[TM_ZERO], a[TM_ACTIVATION]));
}

enum { KV_LAYERS, KV_HEADS, KV_HEAD_DIM, KV_SEQ_LEN, KV_BATCH, KV_DTYPE, KV_N };

static const gpuadv_fn fn_kv_cache_gb = {
    "kv_cache_gb",
    4,
    KV_N,
    {[KV_LAYERS] = POSITIVE("layers"),
     [KV_HEADS] = POSITIVE("kv_heads"),
     [KV_HEAD_DIM] = POSITIVE("head_dim"),
     [KV_SEQ_LEN] = NONNEG("seq_len"),
     [KV_BATCH] = NUM("batch", GPUADV_RANGE_GT, 0, 0, 1),
     [KV_DTYPE] = DTYPE("dtype", GPUADV_FP16)}};

static void sql_kv_cache_gb(sqlite3_context *ctx, int argc,
                            sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_kv_cache_gb;
  double a[GPUADV_MAX_ARGS];
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  gpuadv_result_number(
      ctx, fn,
      gpuadv_kv_cache_gb(a[KV_LAYERS], a[KV_HEADS], a[KV_HEAD_DIM],
                         a[KV_SEQ_LEN], a[KV_BATCH],
                         gpuadv_dtypes[(int)a[KV_DTYPE]].bytes_per_param));
}

enum {
  AC_LAYERS,
  AC_HIDDEN,
  AC_HEADS,
  AC_SEQ_LEN,
  AC_MICRO_BATCH,
  AC_RECOMPUTE,
  AC_N
};

static const gpuadv_fn fn_activation_gb = {
    "activation_gb",
    5,
    AC_N,
    {[AC_LAYERS] = POSITIVE("layers"),
     [AC_HIDDEN] = POSITIVE("hidden"),
     [AC_HEADS] = POSITIVE("heads"),
     [AC_SEQ_LEN] = NONNEG("seq_len"),
     [AC_MICRO_BATCH] = POSITIVE("micro_batch"),
     [AC_RECOMPUTE] = KEYWORD("recompute", gpuadv_recompute_names,
                              GPUADV_DEFAULT_RECOMPUTE)}};

static void sql_activation_gb(sqlite3_context *ctx, int argc,
                              sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_activation_gb;
  double a[GPUADV_MAX_ARGS];
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  gpuadv_result_number(
      ctx, fn,
      gpuadv_activation_gb(a[AC_LAYERS], a[AC_HIDDEN], a[AC_HEADS],
                           a[AC_SEQ_LEN], a[AC_MICRO_BATCH],
                           (int)a[AC_RECOMPUTE]));
}

enum {
  TP_PARAMS_B,
  TP_MODE,
  TP_LAYERS,
  TP_HIDDEN,
  TP_HEADS,
  TP_SEQ_LEN,
  TP_MICRO_BATCH,
  TP_N_GPUS,
  TP_ZERO,
  TP_RECOMPUTE,
  TP_VOCAB,
  TP_CE_CHUNKS,
  TP_INTERMEDIATE,
  TP_LORA_RANK,
  TP_N
};

static const gpuadv_fn fn_train_peak_gb = {
    "train_peak_gb",
    7,
    TP_N,
    {[TP_PARAMS_B] = PARAMS_B("params_b"),
     [TP_MODE] = KEYWORD("mode", gpuadv_train_mode_names, 0),
     [TP_LAYERS] = POSITIVE("layers"),
     [TP_HIDDEN] = POSITIVE("hidden"),
     [TP_HEADS] = POSITIVE("heads"),
     [TP_SEQ_LEN] = NONNEG("seq_len"),
     [TP_MICRO_BATCH] = POSITIVE("micro_batch"),
     [TP_N_GPUS] = WHOLE("n_gpus", 1, MAX_GPUS, 1),
     [TP_ZERO] = WHOLE("zero_stage", 0, 3, 0),
     [TP_RECOMPUTE] =
         KEYWORD("recompute", gpuadv_recompute_names, GPUADV_DEFAULT_RECOMPUTE),
     [TP_VOCAB] = NONNEG("vocab"),
     [TP_CE_CHUNKS] = WHOLE("ce_chunks", 1, 1e6, 1),
     [TP_INTERMEDIATE] = NONNEG("intermediate"),
     [TP_LORA_RANK] = WHOLE("lora_rank", 0, 65536, 0)}};

static void sql_train_peak_gb(sqlite3_context *ctx, int argc,
                              sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_train_peak_gb;
  double a[GPUADV_MAX_ARGS];
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  gpuadv_result_number(
      ctx, fn,
      gpuadv_train_peak_gb(a[TP_PARAMS_B], (int)a[TP_MODE], a[TP_LAYERS],
                           a[TP_HIDDEN], a[TP_HEADS], a[TP_SEQ_LEN],
                           a[TP_MICRO_BATCH], a[TP_N_GPUS], (int)a[TP_ZERO],
                           (int)a[TP_RECOMPUTE], a[TP_VOCAB], a[TP_CE_CHUNKS],
                           a[TP_INTERMEDIATE], a[TP_LORA_RANK]));
}

enum { DT_BW, DT_WEIGHTS, DT_BATCH, DT_EFF, DT_KV, DT_TFLOPS, DT_ACTIVE, DT_N };

static const gpuadv_fn fn_decode_tps = {
    "decode_tps",
    2,
    DT_N,
    {[DT_BW] = POSITIVE("mem_bw_gbs"),
     [DT_WEIGHTS] = NONNEG("weights_gb"),
     [DT_BATCH] = NUM("batch", GPUADV_RANGE_GT, 0, 0, 1),
     [DT_EFF] = FRACTION("efficiency", GPUADV_DEFAULT_DECODE_EFFICIENCY),
     [DT_KV] = NONNEG("kv_gb"),
     [DT_TFLOPS] = POSITIVE("tflops"),
     [DT_ACTIVE] = PARAMS_B("active_params_b")}};

static void sql_decode_tps(sqlite3_context *ctx, int argc,
                           sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_decode_tps;
  double a[GPUADV_MAX_ARGS];
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  /* The compute roof applies only when tflops and active_params_b are both
  ** given; either left NULL (as a catalog join may) means no roof. */
  if (a[DT_TFLOPS] <= 0.0 || a[DT_ACTIVE] <= 0.0) {
    a[DT_TFLOPS] = a[DT_ACTIVE] = 0.0;
  }
  if (a[DT_WEIGHTS] + a[DT_KV] <= 0.0 && a[DT_TFLOPS] <= 0.0) {
    gpuadv_result_errorf(ctx, fn,
                         "weights_gb + kv_gb must be > 0 when tflops is not "
                         "given, got 0");
    return;
  }
  gpuadv_result_number(
      ctx, fn,
      gpuadv_decode_tps(a[DT_BW], a[DT_WEIGHTS], a[DT_BATCH], a[DT_EFF],
                        a[DT_KV], a[DT_TFLOPS], a[DT_ACTIVE],
                        GPUADV_DEFAULT_COMPUTE_EFFICIENCY));
}

static const gpuadv_fn fn_prefill_tps = {
    "prefill_tps",
    2,
    3,
    {POSITIVE("tflops"), PARAMS_B("active_params_b"),
     FRACTION("mfu", GPUADV_DEFAULT_PREFILL_MFU)}};

static void sql_prefill_tps(sqlite3_context *ctx, int argc,
                            sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_prefill_tps;
  double a[GPUADV_MAX_ARGS];
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  gpuadv_result_number(ctx, fn, gpuadv_prefill_tps(a[0], a[1], a[2]));
}

static const gpuadv_fn fn_cost_per_mtok = {
    "cost_per_mtok",
    2,
    3,
    {NONNEG("usd_per_hour"), POSITIVE("tokens_per_sec"),
     FRACTION("utilization", 1)}};

static void sql_cost_per_mtok(sqlite3_context *ctx, int argc,
                              sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_cost_per_mtok;
  double a[GPUADV_MAX_ARGS];
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  gpuadv_result_number(ctx, fn, gpuadv_cost_per_mtok(a[0], a[1], a[2]));
}

static const gpuadv_fn fn_nodes_required = {
    "nodes_required",
    2,
    3,
    {NONNEG("total_gb"), POSITIVE("gb_per_node"), HEADROOM("headroom")}};

static void sql_nodes_required(sqlite3_context *ctx, int argc,
                               sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_nodes_required;
  double a[GPUADV_MAX_ARGS];
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  gpuadv_result_count(ctx, fn, gpuadv_nodes_required(a[0], a[1], a[2]));
}

static const gpuadv_fn fn_train_gpu_hours = {
    "train_gpu_hours",
    3,
    4,
    {PARAMS_B("params_b"), NONNEG("tokens_b"), POSITIVE("tflops"),
     FRACTION("mfu", 1)}};

static void sql_train_gpu_hours(sqlite3_context *ctx, int argc,
                                sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_train_gpu_hours;
  double a[GPUADV_MAX_ARGS];
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  gpuadv_result_number(ctx, fn, gpuadv_train_gpu_hours(a[0], a[1], a[2], a[3]));
}

static const gpuadv_fn fn_owned_usd_per_hour = {
    "owned_usd_per_hour",
    2,
    5,
    {NONNEG("capex_usd"), POSITIVE("lifetime_years"), NONNEG("watts"),
     NUM("usd_per_kwh", GPUADV_RANGE_GE, 0, 0, GPUADV_DEFAULT_USD_PER_KWH),
     NUM("pue", GPUADV_RANGE_GE, 1, 0, GPUADV_DEFAULT_PUE)}};

static void sql_owned_usd_per_hour(sqlite3_context *ctx, int argc,
                                   sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_owned_usd_per_hour;
  double a[GPUADV_MAX_ARGS];
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  gpuadv_result_number(ctx, fn,
                       gpuadv_owned_usd_per_hour(a[0], a[1], a[2], a[3], a[4]));
}

enum { OT_CAPEX, OT_RESALE, OT_LIFE, OT_TERM, OT_RUNNING, OT_N };

static const gpuadv_fn fn_owned_term_usd = {
    "owned_term_usd",
    OT_N,
    OT_N,
    {[OT_CAPEX] = NONNEG("capex_usd"),
     [OT_RESALE] = NUM("resale_share", GPUADV_RANGE_OPEN_HI, 0, 1, 0),
     [OT_LIFE] = POSITIVE("lifetime_hours"),
     [OT_TERM] = NONNEG("term_hours"),
     [OT_RUNNING] = NONNEG("running_usd_per_hour")}};

static void sql_owned_term_usd(sqlite3_context *ctx, int argc,
                               sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_owned_term_usd;
  double a[GPUADV_MAX_ARGS];
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  gpuadv_result_number(
      ctx, fn,
      gpuadv_owned_term_usd(a[OT_CAPEX], a[OT_RESALE], a[OT_LIFE], a[OT_TERM],
                            a[OT_RUNNING]));
}

static const gpuadv_fn fn_egress_usd = {
    "egress_usd",
    2,
    3,
    {NONNEG("dataset_gb"), NONNEG("runs"),
     NUM("usd_per_gb", GPUADV_RANGE_GE, 0, 0,
         GPUADV_DEFAULT_EGRESS_USD_PER_GB)}};

static void sql_egress_usd(sqlite3_context *ctx, int argc,
                           sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_egress_usd;
  double a[GPUADV_MAX_ARGS];
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  gpuadv_result_number(ctx, fn, gpuadv_egress_usd(a[0], a[1], a[2]));
}

enum { BE_CAPEX, BE_RENT, BE_OWNED, BE_N };

static const gpuadv_fn fn_break_even_hours = {
    "break_even_hours",
    2,
    BE_N,
    {[BE_CAPEX] = NONNEG("capex_usd"),
     [BE_RENT] = POSITIVE("rent_usd_per_hour"),
     [BE_OWNED] = NONNEG("owned_usd_per_hour")}};

static void sql_break_even_hours(sqlite3_context *ctx, int argc,
                                 sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_break_even_hours;
  double a[GPUADV_MAX_ARGS];
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  if (!(a[BE_RENT] > a[BE_OWNED])) {
    gpuadv_result_errorf(ctx, fn,
                         "rent_usd_per_hour must exceed owned_usd_per_hour "
                         "(%.15g) for buying to ever pay off, got %.15g",
                         a[BE_OWNED], a[BE_RENT]);
    return;
  }
  gpuadv_result_number(
      ctx, fn, gpuadv_break_even_hours(a[BE_CAPEX], a[BE_RENT], a[BE_OWNED]));
}

static const gpuadv_fn fn_queue_wait_s = {
    "queue_wait_s",
    3,
    3,
    {WHOLE("servers", 1, GPUADV_QUEUE_MAX_SERVERS, 1), NONNEG("rate"),
     POSITIVE("service_s")}};

/* queue_wait_s(servers, rate, service_s): the mean wait of an M/D/c queue
** (gpuadv_queue_wait_s); a load of servers or more is an error, not an
** infinite wait. */
static void sql_queue_wait_s(sqlite3_context *ctx, int argc,
                             sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_queue_wait_s;
  double a[GPUADV_MAX_ARGS], w;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  w = gpuadv_queue_wait_s(a[0], a[1], a[2]);
  if (w < 0.0) {
    gpuadv_result_errorf(ctx, fn,
                         "rate x service_s (%.15g) must be below servers "
                         "(%.15g): the queue grows without bound",
                         a[1] * a[2], a[0]);
    return;
  }
  /* a wait below the smallest double (many idle servers) is 0: Erlang B
  ** underflows, not the arithmetic's error that gpuadv_result_number
  ** guards against */
  sqlite3_result_double(ctx, w);
}

static const gpuadv_fn fn_queue_servers = {
    "queue_servers",
    3,
    4,
    {NONNEG("rate"), POSITIVE("service_s"), NONNEG("max_wait_s"),
     WHOLE("per_unit", 1, GPUADV_QUEUE_MAX_SERVERS, 1)}};

/* queue_servers(rate, service_s, max_wait_s [, per_unit]): the fewest
** servers, in whole units of per_unit, whose mean M/D/c wait is at most
** max_wait_s (gpuadv_queue_servers), an INTEGER. */
static void sql_queue_servers(sqlite3_context *ctx, int argc,
                              sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_queue_servers;
  double a[GPUADV_MAX_ARGS], c;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  c = gpuadv_queue_servers(a[0], a[1], a[2], a[3]);
  if (c < 0.0) {
    gpuadv_result_errorf(ctx, fn,
                         "a load of rate x service_s = %.15g needs more than "
                         "%.0f servers to keep the mean wait within "
                         "max_wait_s (%.15g)",
                         a[0] * a[1], GPUADV_QUEUE_MAX_SERVERS, a[2]);
    return;
  }
  sqlite3_result_int64(ctx, (sqlite3_int64)c);
}

static const gpuadv_fn fn_ridge_point = {
    "ridge_point", 2, 2, {POSITIVE("tflops"), POSITIVE("mem_bw_gbs")}};

static void sql_ridge_point(sqlite3_context *ctx, int argc,
                            sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_ridge_point;
  double a[GPUADV_MAX_ARGS];
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  gpuadv_result_number(ctx, fn, gpuadv_ridge_point(a[0], a[1]));
}

static const gpuadv_fn fn_max_batch = {
    "max_batch",
    3,
    4,
    {POSITIVE("mem_gb"), NONNEG("weights_gb"), POSITIVE("kv_gb_per_seq"),
     HEADROOM("headroom")}};

static void sql_max_batch(sqlite3_context *ctx, int argc,
                          sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_max_batch;
  double a[GPUADV_MAX_ARGS];
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  gpuadv_result_count(ctx, fn, gpuadv_max_batch(a[0], a[1], a[2], a[3]));
}

/* Why a plan is refused for its money (gpuadv_spend_problem), in the words
** of the plan views' why_not; NULL when it is not. */
enum { SP_SPEND, SP_OWNED, SP_ACQUIRE, SP_BUDGET, SP_N };
static const gpuadv_fn fn_spend_problem = {
    "spend_problem",
    SP_BUDGET,
    SP_N,
    {[SP_SPEND] = NONNEG("spend_usd"),
     [SP_OWNED] = WHOLE("owned", 0, 1, 0),
     [SP_ACQUIRE] = KEYWORD("acquire", gpuadv_acquire_names, 0),
     /* absent or NULL: no budget */
     [SP_BUDGET] = NUM("budget_usd", GPUADV_RANGE_GE, 0, 0, INFINITY)}};

/* Dollars as text: whole dollars with thousands separators, rounded half
** away from zero ($1,234,568), below 9.2e18 (within 64-bit integers);
** beyond, as SQLite shows a REAL ($1.0e+308), since a figure held at the
** largest 64-bit integer ($9,223,372,036,854,775,807) would be wrong. */
static char *usd_text(double x) {
  if (x < 9.2e18) return sqlite3_mprintf("$%,lld", (sqlite3_int64)llround(x));
  return sqlite3_mprintf("$%!.15g", x);
}

static void sql_spend_problem(sqlite3_context *ctx, int argc,
                              sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_spend_problem;
  double a[GPUADV_MAX_ARGS];
  char *text = 0;
  if (!GPUADV_ARGS(ctx, fn, argc, argv, a)) return;
  switch (gpuadv_spend_problem(a[SP_SPEND], a[SP_BUDGET], (int)a[SP_OWNED],
                               (int)a[SP_ACQUIRE])) {
    case GPUADV_SPEND_OVER_BUDGET: {
      char *spend = usd_text(a[SP_SPEND]), *budget = usd_text(a[SP_BUDGET]);
      if (spend && budget) {
        text = sqlite3_mprintf("over budget: %s > %s", spend, budget);
      }
      sqlite3_free(spend);
      sqlite3_free(budget);
      break;
    }
    case GPUADV_SPEND_RENTS_ONLY:
      text = sqlite3_mprintf("the workload rents only (acquire = 'rent')");
      break;
    case GPUADV_SPEND_BUYS_ONLY:
      text = sqlite3_mprintf("the workload buys only (acquire = 'buy')");
      break;
    case GPUADV_SPEND_OK:
      sqlite3_result_null(ctx);
      return;
  }
  if (!text) {
    sqlite3_result_error_nomem(ctx);
    return;
  }
  sqlite3_result_text(ctx, text, -1, sqlite3_free);
}

static const gpuadv_fn fn_version = {
    "gpuadv_version", 0, 0, {{0, 0, 0, 0, 0, 0, 0, 0, 0}}};

static void sql_version(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  (void)argv;
  sqlite3_result_text(ctx, GPUADV_VERSION, -1, SQLITE_STATIC);
}

/* ---------------------------------------------------------------------- */

static const gpuadv_fn_entry func_table[] = {
    {&fn_train_mem_gb, sql_train_mem_gb},
    {&fn_kv_cache_gb, sql_kv_cache_gb},
    {&fn_train_peak_gb, sql_train_peak_gb},
    {&fn_decode_tps, sql_decode_tps},
    {&fn_cost_per_mtok, sql_cost_per_mtok},
    {&fn_nodes_required, sql_nodes_required},
    {&fn_bytes_per_param, sql_bytes_per_param},
    {&fn_weights_gb, sql_weights_gb},
    {&fn_activation_gb, sql_activation_gb},
    {&fn_train_gpu_hours, sql_train_gpu_hours},
    {&fn_owned_usd_per_hour, sql_owned_usd_per_hour},
    {&fn_owned_term_usd, sql_owned_term_usd},
    {&fn_egress_usd, sql_egress_usd},
    {&fn_break_even_hours, sql_break_even_hours},
    {&fn_queue_wait_s, sql_queue_wait_s},
    {&fn_queue_servers, sql_queue_servers},
    {&fn_ridge_point, sql_ridge_point},
    {&fn_prefill_tps, sql_prefill_tps},
    {&fn_max_batch, sql_max_batch},
    {&fn_spend_problem, sql_spend_problem},
    {&fn_version, sql_version}};

GPUADV_FN_TABLE_GET(gpuadv_function_table, func_table)
