/*
** bench/bare.c: the "bare C" baseline of `make bench`.
**
** One SQL function per gpuadv estimator, named bare_<name>, taking the same
** SQL arguments and computing the same number with the same floating-point
** operations in the same order, but with nothing else: sqlite3_value_double
** in, sqlite3_result_double out. No NULL rule, no type or range checks, no
** finiteness check, no auxdata cache, no error messages. Keywords (dtype,
** mode, recompute) are found by a plain strcmp over the names, catalog
** names by a plain strcmp binary search over the same compiled-in catalog
** rows (build/gpuadv_catalog_data.c) that gpuadv uses, sorted by bare.c
** itself when it loads.
**
** It is the floor a gpuadv function is compared with: what the arithmetic
** costs when called from SQL at all. The benchmark checks that every bare
** function returns the same sum as its gpuadv twin before it times them.
**
** The functions of plain numbers repeat gpuadv's arithmetic here. The speed
** and cache model of model_kv_gb, model_decode_tps and model_prefill_tps
** (engine constants, KV copies, attention FLOPs, hybrid models' state) is
** too large to restate, and a restatement drifted from it: those three call
** the extension's pure model setup and arithmetic (ext/gpuadv_model_setup.c,
** ext/gpuadv_math.c), so their ratio is what gpuadv's SQL wrapper (argument
** checks, the name lookup by slug or alias, the result checks) adds.
**
** Built with -DBARE_TYPED it is the "typed" baseline instead (typed.so,
** functions typed_<name>): the same, plus one sqlite3_value_type call per
** argument, which goes on when the type is as expected (a number, or text
** for keywords and names) and otherwise takes 0 or the first name. Any
** function that obeys SPEC section 1 (text and blobs are errors, NULL
** gives NULL) must read every argument's type through the API table, so
** this is the floor of a checked function: the difference between it and
** bare C is what the SPEC's type rule costs, whoever implements it.
**
** Built only by bench/bench.mk, never part of the extension.
*/
#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT1

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gpuadv_catalog.h"
#include "gpuadv_catalog_cols.h"
#include "gpuadv_model_setup.h"

#define EXPORT __attribute__((visibility("default")))

#ifdef BARE_TYPED
#define BARE_NAME(name) "typed_" name
#define BARE_INIT sqlite3_typed_init
#define IS_NUMBER(v) is_number(v)
#define IS_TEXT(v) (sqlite3_value_type(v) == SQLITE_TEXT)
static int is_number(sqlite3_value *v) {
  int type = sqlite3_value_type(v); /* one call, as a checked function makes */
  return type == SQLITE_FLOAT || type == SQLITE_INTEGER;
}
#else
#define BARE_NAME(name) "bare_" name
#define BARE_INIT sqlite3_bare_init
#define IS_NUMBER(v) 1
#define IS_TEXT(v) 1
#endif

static double number(sqlite3_value *v) {
  return IS_NUMBER(v) ? sqlite3_value_double(v) : 0.0;
}

#define D(i) number(argv[i])
#define OPT(i, dflt) (argc > (i) ? D(i) : (dflt))

/* The constants of ext/gpuadv_math.h, repeated on purpose: the baseline of
** a plain-number function must not share code with what it measures. The
** equality check of the sums catches any drift (bench/bench.py
** --check-only, run by make test). */
#define COMPUTE_EFFICIENCY 0.76
#define PREFILL_MFU 0.5869
#define COUNT_TOLERANCE 1e-9
#define LORA_FRACTION 0.01
#define NF4_CONSTANT_BYTES (0.127 / 8.0)

/* The dtypes are gpuadv's own table, gpuadv_dtypes[] (generated from
** catalogs/dtypes.csv): the index dtype_of finds is the one gpuadv's model
** setup takes, whatever rows come before it. */
#define DTYPE_BYTES(i) (gpuadv_dtypes[(i)].bytes_per_param)

static int word(sqlite3_value *v, const char *const *names, int n) {
  const char *z = IS_TEXT(v) ? (const char *)sqlite3_value_text(v) : 0;
  int i;
  for (i = 0; i < n; i++) {
    if (z && strcmp(z, names[i]) == 0) return i;
  }
  return 0;
}

static int dtype_of(sqlite3_value *v) {
  const char *z = IS_TEXT(v) ? (const char *)sqlite3_value_text(v) : 0;
  int i;
  for (i = 0; i < GPUADV_N_DTYPES; i++) {
    if (z && strcmp(z, gpuadv_dtypes[i].name) == 0) return i;
  }
  return 0;
}

/* ------------------------------------------------------------------ */

static void bare_bytes_per_param(sqlite3_context *ctx, int argc,
                                 sqlite3_value **argv) {
  (void)argc;
  sqlite3_result_double(ctx, DTYPE_BYTES(dtype_of(argv[0])));
}

static void bare_weights_gb(sqlite3_context *ctx, int argc,
                            sqlite3_value **argv) {
  (void)argc;
  sqlite3_result_double(ctx, D(0) * DTYPE_BYTES(dtype_of(argv[1])));
}

static const char *const train_modes[] = {"full", "full16", "lora", "qlora",
                                          "inference"};
static const char *const recomputes[] = {"none", "selective", "full"};

static double train_mem_f(double p, int mode, double n, int z, double act,
                          double f) {
  double w = 0, g = 0, o = 0;
  switch (mode) {
    case 0:
      w = 2.0;
      g = 4.0;
      o = 12.0;
      break;
    case 1:
      w = 2.0;
      g = 2.0;
      o = 12.0;
      break;
    case 2:
      w = 2.0 + f * 4.0;
      g = f * 4.0;
      o = f * 8.0;
      break;
    case 3:
      w = 0.5 + NF4_CONSTANT_BYTES + f * 4.0;
      g = f * 4.0;
      o = f * 8.0;
      break;
    default:
      w = 2.0;
      break;
  }
  if (z >= 1) o /= n;
  if (z >= 2) g /= n;
  if (z >= 3) w /= n;
  return p * (w + g + o) + act;
}

static double train_mem(double p, int mode, double n, int z, double act) {
  return train_mem_f(p, mode, n, z, act, LORA_FRACTION);
}

static double activation(double layers, double h, double a, double s, double b,
                         int r) {
  double sbh = s * b * h, per_layer;
  if (r == 0) {
    per_layer = sbh * (34.0 + 5.0 * a * s / h);
  } else if (r == 2) {
    per_layer = 2.0 * sbh;
  } else {
    per_layer = 34.0 * sbh;
  }
  return layers * per_layer / 1e9;
}

static void bare_train_mem_gb(sqlite3_context *ctx, int argc,
                              sqlite3_value **argv) {
  sqlite3_result_double(
      ctx, train_mem(D(0), word(argv[1], train_modes, 5), OPT(2, 1.0),
                     (int)OPT(3, 0.0), OPT(4, 0.0)));
}

static void bare_train_peak_gb(sqlite3_context *ctx, int argc,
                               sqlite3_value **argv) {
  int r = argc > 9 ? word(argv[9], recomputes, 3) : 1;
  int mode = word(argv[1], train_modes, 5);
  double p = D(0), layers = D(2), h = D(3), a = D(4), s = D(5), b = D(6);
  double n = OPT(7, 1.0), vocab = OPT(10, 0.0), ce = OPT(11, 1.0);
  int z = (int)OPT(8, 0.0);
  double inter = OPT(12, 0.0) > 0.0 ? OPT(12, 0.0) : 8.0 * h / 3.0;
  double rank = OPT(13, 0.0);
  double f = rank > 0.0 ? rank * layers * (11.0 * h + 3.0 * inter) / (p * 1e9)
                        : LORA_FRACTION;
  double blocks =
      p - 2.0 * vocab * h / 1e9 > 0.0 ? p - 2.0 * vocab * h / 1e9 : 0.0;
  double stored = mode == 3 ? 0.5 + NF4_CONSTANT_BYTES : 2.0;
  double gathered = z >= 3 && n > 1.0 ? 2.0 * stored * blocks / layers : 0.0;
  double sbh = s * b * h;
  double base = mode == 2 || mode == 3 ? 28.0 : 34.0;
  double pi = mode == 1 || mode == 4 ? 0.0 : 8.0;
  double pa = mode == 1 || mode == 4 ? 0.0 : 4.0;
  double in = mode == 0 ? 4.0 : 2.0;
  double head = mode == 0 ? 10.0 : mode == 2 || mode == 3 ? 4.0 : 0.0;
  double layer =
      base + pi * inter / h + pa * a / h + (r == 0 ? 5.0 * a * s / h : 0.0);
  double act = layers * (r == 2 ? in : layer) * sbh / 1e9;
  double rebuilt = r == 2 ? layer * sbh / 1e9 : 0.0;
  double loss = (head * sbh + s * b * vocab * (2.0 + 12.52 / ce)) / 1e9;
  if (mode == 0) {
    double z1 = z >= 1 ? n : 1.0, z2 = z >= 2 ? n : 1.0, z3 = z >= 3 ? n : 1.0;
    double linear = p - vocab * h / 1e9 > 0.0 ? p - vocab * h / 1e9 : 0.0;
    double resident = p * (4.0 / z3 + 8.0 / z1);
    double step = resident + p * (4.0 / z2 + 4.0 / z1);
    double casts = 2.0 * linear / z3;
    double back;
    if (r == 2) rebuilt += casts / layers;
    back =
        resident + casts + gathered + act + (loss > rebuilt ? loss : rebuilt);
    sqlite3_result_double(ctx, step > back ? step : back);
    return;
  }
  sqlite3_result_double(ctx, train_mem_f(p, mode, n, z, 0.0, f) + gathered +
                                 act + loss + rebuilt);
}

static void bare_kv_cache_gb(sqlite3_context *ctx, int argc,
                             sqlite3_value **argv) {
  double bpp = argc > 5 ? DTYPE_BYTES(dtype_of(argv[5])) : 2.0;
  sqlite3_result_double(
      ctx, 2.0 * D(0) * D(1) * D(2) * D(3) * OPT(4, 1.0) * bpp / 1e9);
}

static void bare_activation_gb(sqlite3_context *ctx, int argc,
                               sqlite3_value **argv) {
  sqlite3_result_double(
      ctx, activation(D(0), D(1), D(2), D(3), D(4),
                      argc > 5 ? word(argv[5], recomputes, 3) : 1));
}

static void bare_decode_tps(sqlite3_context *ctx, int argc,
                            sqlite3_value **argv) {
  double bw = D(0), w = D(1), batch = OPT(2, 1.0), eff = OPT(3, 0.6337);
  double kv = OPT(4, 0.0), tflops = OPT(5, 0.0), ap = OPT(6, 0.0);
  double step = (w + kv) / (bw * eff);
  if (tflops > 0.0 && ap > 0.0) {
    double c = 2.0 * ap * 1e9 * batch / (tflops * 1e12 * COMPUTE_EFFICIENCY);
    if (c > step) step = c;
  }
  sqlite3_result_double(ctx, batch / step);
}

static void bare_prefill_tps(sqlite3_context *ctx, int argc,
                             sqlite3_value **argv) {
  sqlite3_result_double(ctx,
                        D(0) * 1e12 * OPT(2, PREFILL_MFU) / (2.0 * D(1) * 1e9));
}

static void bare_cost_per_mtok(sqlite3_context *ctx, int argc,
                               sqlite3_value **argv) {
  sqlite3_result_double(ctx, D(0) * 1e6 / (3600.0 * D(1) * OPT(2, 1.0)));
}

static void bare_nodes_required(sqlite3_context *ctx, int argc,
                                sqlite3_value **argv) {
  double q = D(0) / (D(1) * (1.0 - OPT(2, 0.0)));
  double whole = floor(q);
  sqlite3_result_int64(
      ctx, (sqlite3_int64)(q - whole <= q * COUNT_TOLERANCE ? whole : ceil(q)));
}

static void bare_train_gpu_hours(sqlite3_context *ctx, int argc,
                                 sqlite3_value **argv) {
  sqlite3_result_double(ctx, 6.0 * D(0) * 1e9 * D(1) * 1e9 /
                                 (D(2) * 1e12 * OPT(3, 1.0)) / 3600.0);
}

static void bare_owned_usd_per_hour(sqlite3_context *ctx, int argc,
                                    sqlite3_value **argv) {
  sqlite3_result_double(ctx, D(0) / (D(1) * 8760.0) + OPT(2, 0.0) / 1000.0 *
                                                          OPT(3, 0.12) *
                                                          OPT(4, 1.0));
}

static void bare_egress_usd(sqlite3_context *ctx, int argc,
                            sqlite3_value **argv) {
  sqlite3_result_double(ctx, D(0) * D(1) * OPT(2, 0.09));
}

static void bare_break_even_hours(sqlite3_context *ctx, int argc,
                                  sqlite3_value **argv) {
  sqlite3_result_double(ctx, D(0) / (D(1) - OPT(2, 0.0)));
}

static void bare_ridge_point(sqlite3_context *ctx, int argc,
                             sqlite3_value **argv) {
  (void)argc;
  sqlite3_result_double(ctx, D(0) * 1e12 / (D(1) * 1e9));
}

static void bare_max_batch(sqlite3_context *ctx, int argc,
                           sqlite3_value **argv) {
  double free_gb = D(0) * (1.0 - OPT(3, 0.0)) - D(1), q;
  if (free_gb <= 0.0) {
    sqlite3_result_int64(ctx, 0);
    return;
  }
  q = free_gb / D(2);
  sqlite3_result_int64(
      ctx,
      (sqlite3_int64)(ceil(q) - q <= q * COUNT_TOLERANCE ? ceil(q) : floor(q)));
}

/* ------------------------------------------------------------------ */
/* Catalog functions: binary search by name, then the arithmetic. */

/* The bare baseline's own name index, sorted once at load (it relies on
** the catalogs' cells only, not on gpuadv's index structures). */
typedef struct name_index {
  const gpuadv_catalog *cat;
  int col;
  int rows[256];
  int n;
} name_index;

static name_index model_index, gpu_index;

static const char *cell_text(const gpuadv_catalog *cat, int row, int col) {
  const gpuadv_cell *c = &cat->cells[row * cat->n_columns + col];
  return c->type == GPUADV_CELL_TEXT ? c->v.text : "";
}

static const name_index *sorting;

static int cmp_rows(const void *a, const void *b) {
  return strcmp(cell_text(sorting->cat, *(const int *)a, sorting->col),
                cell_text(sorting->cat, *(const int *)b, sorting->col));
}

static int build_index(name_index *ix, const gpuadv_catalog *cat, int col) {
  int i;
  if (cat->n_rows > (int)(sizeof(ix->rows) / sizeof(ix->rows[0]))) return 0;
  ix->cat = cat;
  ix->col = col;
  ix->n = cat->n_rows;
  for (i = 0; i < ix->n; i++) ix->rows[i] = i;
  sorting = ix;
  qsort(ix->rows, (size_t)ix->n, sizeof(int), cmp_rows);
  return 1;
}

static int find_row(const name_index *ix, sqlite3_value *v) {
  const char *key = IS_TEXT(v) ? (const char *)sqlite3_value_text(v) : 0;
  int lo = 0, hi = ix->n - 1;
  if (!key) return 0;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    int r = strcmp(cell_text(ix->cat, ix->rows[mid], ix->col), key);
    if (r == 0) return ix->rows[mid];
    if (r < 0)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  return 0;
}

static double num(const gpuadv_catalog *cat, int row, int col) {
  const gpuadv_cell *c = &cat->cells[row * cat->n_columns + col];
  return c->type == GPUADV_CELL_REAL      ? c->v.real
         : c->type == GPUADV_CELL_INTEGER ? (double)c->v.integer
                                          : 0.0;
}

#define M(col) num(&gpuadv_catalog_models, m, MODELS_COL_##col)

static void bare_model_weights_gb(sqlite3_context *ctx, int argc,
                                  sqlite3_value **argv) {
  int m = find_row(&model_index, argv[0]);
  (void)argc;
  sqlite3_result_double(ctx, M(PARAMS_B) * DTYPE_BYTES(dtype_of(argv[1])));
}

/* The three speed and cache functions below call the extension's own
** model setup and arithmetic (gpuadv_model_setup.c, gpuadv_math.c): what
** they add over it is the name lookup and the dtype and engine words of
** this file. */

static void bare_model_kv_gb(sqlite3_context *ctx, int argc,
                             sqlite3_value **argv) {
  gpuadv_model_def def;
  double bpp = argc > 3 ? DTYPE_BYTES(dtype_of(argv[3])) : 2.0;
  gpuadv_model_from_row(find_row(&model_index, argv[0]), &def);
  sqlite3_result_double(
      ctx, gpuadv_model_group_kv_gb(&def, D(1), OPT(2, 1.0), bpp, 1.0));
}

/* The engine index of argument i (gpuadv_engine_names, NULL-terminated),
** the default when absent, 0 when unknown. */
static int engine_of(int argc, sqlite3_value **argv, int i) {
  const char *z;
  int k;
  if (argc <= i) return GPUADV_ENGINE_DEFAULT;
  z = IS_TEXT(argv[i]) ? (const char *)sqlite3_value_text(argv[i]) : 0;
  for (k = 0; z && gpuadv_engine_names[k]; k++) {
    if (strcmp(z, gpuadv_engine_names[k]) == 0) return k;
  }
  return 0;
}

/* The model, GPU, dtype and engine of a speed function (the engine word
** at argument engine_arg): 0 when the engine does not serve the dtype on
** that GPU or, with compute, when the GPU has no matmul rate for it. */
typedef struct bare_speed {
  gpuadv_model_def def;
  gpuadv_engine_consts e;
  int g, dt;
} bare_speed;

static int speed_args(int argc, sqlite3_value **argv, int engine_arg,
                      int compute, bare_speed *s) {
  int engine = engine_of(argc, argv, engine_arg);
  s->g = find_row(&gpu_index, argv[1]);
  s->dt = dtype_of(argv[2]);
  if (compute &&
      gpuadv_gpu_datasheet_tflops(s->g, gpuadv_dtypes[s->dt].compute) <= 0.0) {
    return 0;
  }
  if (!gpuadv_engine_serves(engine, s->g, s->dt)) return 0;
  gpuadv_model_from_row(find_row(&model_index, argv[0]), &s->def);
  gpuadv_engine_load(engine, &s->e);
  return 1;
}

/* model_decode_tps (prefill 0: the engine word at argument 6) and
** model_prefill_tps (1: at argument 5). */
static void bare_model_speed(sqlite3_context *ctx, int argc,
                             sqlite3_value **argv, int prefill) {
  bare_speed s;
  if (!speed_args(argc, argv, prefill ? 5 : 6, prefill, &s)) {
    sqlite3_result_null(ctx);
  } else if (prefill) {
    sqlite3_result_double(
        ctx, gpuadv_model_prefill_tps_of(&s.def, s.g, s.dt, &s.e, OPT(3, 1.0),
                                         OPT(4, 512.0)));
  } else {
    sqlite3_result_double(
        ctx, gpuadv_model_decode_tps_of(&s.def, s.g, s.dt, -1, &s.e,
                                        OPT(3, 1.0), OPT(4, 0.0), OPT(5, 1.0)));
  }
}

static void bare_model_decode_tps(sqlite3_context *ctx, int argc,
                                  sqlite3_value **argv) {
  bare_model_speed(ctx, argc, argv, 0);
}

static void bare_model_prefill_tps(sqlite3_context *ctx, int argc,
                                   sqlite3_value **argv) {
  bare_model_speed(ctx, argc, argv, 1);
}

/* ------------------------------------------------------------------ */

EXPORT int BARE_INIT(sqlite3 *db, char **err, const sqlite3_api_routines *api) {
  static const struct {
    const char *name;
    void (*f)(sqlite3_context *, int, sqlite3_value **);
  } fns[] = {
      {BARE_NAME("bytes_per_param"), bare_bytes_per_param},
      {BARE_NAME("weights_gb"), bare_weights_gb},
      {BARE_NAME("train_mem_gb"), bare_train_mem_gb},
      {BARE_NAME("train_peak_gb"), bare_train_peak_gb},
      {BARE_NAME("kv_cache_gb"), bare_kv_cache_gb},
      {BARE_NAME("activation_gb"), bare_activation_gb},
      {BARE_NAME("decode_tps"), bare_decode_tps},
      {BARE_NAME("prefill_tps"), bare_prefill_tps},
      {BARE_NAME("cost_per_mtok"), bare_cost_per_mtok},
      {BARE_NAME("nodes_required"), bare_nodes_required},
      {BARE_NAME("train_gpu_hours"), bare_train_gpu_hours},
      {BARE_NAME("owned_usd_per_hour"), bare_owned_usd_per_hour},
      {BARE_NAME("egress_usd"), bare_egress_usd},
      {BARE_NAME("break_even_hours"), bare_break_even_hours},
      {BARE_NAME("ridge_point"), bare_ridge_point},
      {BARE_NAME("max_batch"), bare_max_batch},
      {BARE_NAME("model_weights_gb"), bare_model_weights_gb},
      {BARE_NAME("model_kv_gb"), bare_model_kv_gb},
      {BARE_NAME("model_decode_tps"), bare_model_decode_tps},
      {BARE_NAME("model_prefill_tps"), bare_model_prefill_tps},
  };
  size_t i;
  SQLITE_EXTENSION_INIT2(api);
  if (!build_index(&model_index, &gpuadv_catalog_models, MODELS_COL_NAME) ||
      !build_index(&gpu_index, &gpuadv_catalog_gpus, GPUS_COL_NAME)) {
    *err = sqlite3_mprintf("bare: catalog larger than its index");
    return SQLITE_ERROR;
  }
  for (i = 0; i < sizeof(fns) / sizeof(fns[0]); i++) {
    /* The same flags as gpuadv's functions: DETERMINISTIC lets SQLite
    ** treat both alike (constant factoring, auxdata). */
    int rc = sqlite3_create_function(
        db, fns[i].name, -1,
        SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, 0, fns[i].f, 0,
        0);
    if (rc != SQLITE_OK) return rc;
  }
  return SQLITE_OK;
}
