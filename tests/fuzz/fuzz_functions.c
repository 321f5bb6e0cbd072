/*
** fuzz_functions.c: every gpuadv SQL function, every arity, with
** fuzzer-chosen argument values and types.
**
** The functions are found at start-up, not listed here: the (name, narg)
** pairs of pragma_function_list in a database with the extension that a
** database without it lacks, sorted. A function added to the extension is
** fuzzed without touching this file.
**
** Input: byte 0 picks the (name, narg); byte 1 holds flags (bit 0: run the
** call over two rows, so a keyword or catalog lookup cached with
** sqlite3_set_auxdata on the first row is used on the second; bits 1-7:
** which argument varies by row, see below); then each argument as fz_bind()
** reads it (fuzz_common.h).
**
** Invariants (each a documented promise of README.md "Conventions"):
**   - a NULL required argument gives NULL, never an error;
**   - a REAL result is finite and, the estimates being quantities, >= 0;
**   - nodes_required and max_batch give INTEGER >= 0; model_serving_batch
**     INTEGER > 0, or max_batch as given (REAL > 0); gpuadv_version TEXT;
**     gpu_name and model_name TEXT or NULL (an unknown name);
**     spend_problem TEXT or NULL (a plan with no money problem);
**     every other function REAL, or NULL only where a required argument is
**     NULL (and the model speed functions, NULL where the engine does not
**     serve the dtype or the GPU has no TFLOP/s figure);
**   - an error is SQLITE_ERROR with a message "NAME(): ...";
**   - the second row equals the first.
*/
#include "fuzz_common.h"

typedef struct fn_arity {
  char *name;
  int narg;
  int min_narg; /* the function's fewest arguments: its required ones */
} fn_arity;

static fn_arity *fns;
static int n_fns;
/* Prepared statements by function and shape (0: one row; 1 + j: two rows,
** argument j row-dependent), with the shared database. */
#define N_SHAPES (1 + 16)
static sqlite3_stmt *(*cache)[N_SHAPES];
static sqlite3 *db;

static int cmp_arity(const void *a, const void *b) {
  const fn_arity *x = a, *y = b;
  int c = strcmp(x->name, y->name);
  return c ? c : x->narg - y->narg;
}

/* The (name, narg) pairs the extension adds. */
static void list_functions(void) {
  const char *sql =
      "SELECT name, narg FROM pragma_function_list WHERE narg >= 0";
  sqlite3 *plain = 0;
  sqlite3_stmt *st;
  int i, j;
  FZ_CHECK(sqlite3_open(":memory:", &plain) == SQLITE_OK, "open");
  st = fz_prepare(db, sql);
  while (sqlite3_step(st) == SQLITE_ROW) {
    const char *name = (const char *)sqlite3_column_text(st, 0);
    int narg = sqlite3_column_int(st, 1);
    sqlite3_stmt *q;
    int builtin;
    q = fz_prepare(plain,
                   "SELECT 1 FROM pragma_function_list "
                   "WHERE name = ?1 AND narg = ?2");
    sqlite3_bind_text(q, 1, name, -1, SQLITE_TRANSIENT);
    sqlite3_bind_int(q, 2, narg);
    builtin = sqlite3_step(q) == SQLITE_ROW;
    sqlite3_finalize(q);
    if (builtin) continue;
    fns = realloc(fns, sizeof(*fns) * (size_t)(n_fns + 1));
    FZ_CHECK(fns != 0, "out of memory");
    fns[n_fns].name = strdup(name);
    fns[n_fns].narg = narg;
    n_fns++;
  }
  sqlite3_finalize(st);
  sqlite3_close(plain);
  FZ_CHECK(n_fns >= 40, "only %d gpuadv function arities found", n_fns);
  cache = calloc((size_t)n_fns, sizeof(*cache));
  FZ_CHECK(cache != 0, "out of memory");
  qsort(fns, (size_t)n_fns, sizeof(*fns), cmp_arity);
  for (i = 0; i < n_fns; i++) {
    fns[i].min_narg = fns[i].narg;
    for (j = 0; j < n_fns; j++) {
      if (strcmp(fns[i].name, fns[j].name) == 0 &&
          fns[j].narg < fns[i].min_narg) {
        fns[i].min_narg = fns[j].narg;
      }
    }
  }
  if (getenv("GPUADV_FUZZ_LIST")) {
    for (i = 0; i < n_fns; i++) {
      fprintf(stderr, "%3d %s/%d (required %d)\n", i, fns[i].name, fns[i].narg,
              fns[i].min_narg);
    }
  }
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  db = fz_open();
  list_functions();
  sqlite3_close(db);
  db = 0;
  return 0;
}

/* gpu_name and model_name: a slug (TEXT), or NULL for an unknown name. */
static int is_name_fn(const char *name) {
  return strcmp(name, "gpu_name") == 0 || strcmp(name, "model_name") == 0;
}

/* spend_problem: a verdict (TEXT), or NULL when there is none. */
static int is_verdict_fn(const char *name) {
  return strcmp(name, "spend_problem") == 0;
}

/* train_layout: a JSON object (TEXT); train_field: one field of such an
** object, whatever its type (TEXT, INTEGER, REAL, negative ones included),
** or NULL for a field the object lacks. */
static int is_layout_fn(const char *name) {
  return strcmp(name, "train_layout") == 0 || strcmp(name, "train_field") == 0;
}

/* model_train_tps, model_train_mfu, train_layout: NULL on a chip that
** publishes no TFLOP/s figure. */
static int is_train_fn(const char *name) {
  return strcmp(name, "model_train_tps") == 0 ||
         strcmp(name, "model_train_mfu") == 0 ||
         strcmp(name, "train_layout") == 0;
}

/* Counts (INTEGER, never negative): GPUs, sequences, servers, and
** engine_serves' 0 or 1. */
static int is_count_fn(const char *name) {
  return strcmp(name, "nodes_required") == 0 ||
         strcmp(name, "max_batch") == 0 ||
         strcmp(name, "traffic_hybrid_units") == 0 ||
         strcmp(name, "queue_servers") == 0 ||
         strcmp(name, "engine_serves") == 0;
}

/* engine_kv_dtype: a dtype name (TEXT). */
static int is_dtype_fn(const char *name) {
  return strcmp(name, "engine_kv_dtype") == 0;
}

/* traffic_shape: a traffic profile (TEXT). */
static int is_profile_fn(const char *name) {
  return strcmp(name, "traffic_shape") == 0;
}

/* model_serving_batch: a power of two (INTEGER), or max_batch as given. */
static int is_batch_fn(const char *name) {
  return strcmp(name, "model_serving_batch") == 0;
}

/* A result as stepped, to compare two rows. */
typedef struct result {
  int type;
  sqlite3_int64 i;
  double r;
  char text[64];
} result;

static void check_row(sqlite3_stmt *st, const fn_arity *f, int required_null,
                      result *out) {
  int type = sqlite3_column_type(st, 0);
  memset(out, 0, sizeof(*out));
  out->type = type;
  if (required_null) {
    FZ_CHECK(type == SQLITE_NULL,
             "%s/%d: a NULL required argument must give NULL, got type %d",
             f->name, f->narg, type);
  }
  if (is_layout_fn(f->name)) {
    if (type == SQLITE_FLOAT) {
      out->r = sqlite3_column_double(st, 0);
      FZ_CHECK(isfinite(out->r), "%s/%d returned a non-finite REAL %g", f->name,
               f->narg, out->r);
    } else if (type == SQLITE_TEXT) {
      snprintf(out->text, sizeof(out->text), "%s",
               (const char *)sqlite3_column_text(st, 0));
    }
    return;
  }
  switch (type) {
    case SQLITE_FLOAT:
      out->r = sqlite3_column_double(st, 0);
      FZ_CHECK(isfinite(out->r), "%s/%d returned a non-finite REAL %g", f->name,
               f->narg, out->r);
      FZ_CHECK(out->r >= 0.0, "%s/%d returned a negative REAL %.17g", f->name,
               f->narg, out->r);
      FZ_CHECK(!is_count_fn(f->name) && strcmp(f->name, "gpuadv_version") != 0,
               "%s/%d returned a REAL", f->name, f->narg);
      FZ_CHECK(!is_batch_fn(f->name) || out->r > 0.0,
               "%s/%d returned a batch of %.17g", f->name, f->narg, out->r);
      break;
    case SQLITE_INTEGER:
      out->i = sqlite3_column_int64(st, 0);
      FZ_CHECK(is_count_fn(f->name) || is_batch_fn(f->name),
               "%s/%d returned an INTEGER %lld", f->name, f->narg,
               (long long)out->i);
      FZ_CHECK(!is_batch_fn(f->name) || out->i > 0,
               "%s/%d returned a batch of %lld", f->name, f->narg,
               (long long)out->i);
      FZ_CHECK(out->i >= 0, "%s/%d returned a negative count %lld", f->name,
               f->narg, (long long)out->i);
      break;
    case SQLITE_TEXT:
      FZ_CHECK(strcmp(f->name, "gpuadv_version") == 0 || is_name_fn(f->name) ||
                   is_verdict_fn(f->name) || is_profile_fn(f->name) ||
                   is_dtype_fn(f->name),
               "%s/%d returned TEXT", f->name, f->narg);
      snprintf(out->text, sizeof(out->text), "%s",
               (const char *)sqlite3_column_text(st, 0));
      break;
    case SQLITE_NULL:
      /* The speed estimates are NULL where the engine does not run the
      ** dtype on the GPU (or the chip publishes no TFLOP/s figure); the
      ** name functions for an unknown name; a verdict where there is none. */
      FZ_CHECK(required_null || strcmp(f->name, "model_prefill_tps") == 0 ||
                   strcmp(f->name, "model_decode_tps") == 0 ||
                   is_batch_fn(f->name) || is_name_fn(f->name) ||
                   is_verdict_fn(f->name) || is_train_fn(f->name),
               "%s/%d returned NULL with no NULL required argument", f->name,
               f->narg);
      break;
    default:
      FZ_CHECK(0, "%s/%d returned a BLOB", f->name, f->narg);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = {data, size};
  const fn_arity *f;
  unsigned flags, k;
  int two_rows, required_null = 0, i, j, shape, rc;
  char sql[1024];
  size_t n;
  sqlite3_stmt *st = 0;
  result first, second;

  if (size < 1) return 0;
  db = fz_db_begin(); /* shared, or fresh: see fuzz_common.h */
  k = fz_u8(&in) % (unsigned)n_fns;
  f = &fns[k];
  flags = fz_u8(&in);
  two_rows = flags & 1;
  /* Over two rows, a deterministic function of constant arguments would be
  ** computed once and reused (SQLite factors constants out of the loop).
  ** So argument j goes through CASE on the row, which keeps its value and
  ** type but makes the call per row; the other arguments stay constant, and
  ** what the first call cached for them with sqlite3_set_auxdata is used
  ** by the second. */
  j = f->narg ? (int)((flags >> 1) % (unsigned)f->narg) : -1;
  shape = two_rows ? 1 + (j < 0 ? 0 : j) : 0;

  n = (size_t)snprintf(sql, sizeof(sql), "SELECT %s(", f->name);
  for (i = 0; i < f->narg; i++) {
    n += (size_t)snprintf(
        sql + n, sizeof(sql) - n,
        two_rows && i == j ? "%sCASE WHEN r.i > 0 THEN ?%d END" : "%s?%d",
        i ? ", " : "", i + 1);
  }
  snprintf(sql + n, sizeof(sql) - n, ")%s",
           two_rows ? " FROM (SELECT 1 AS i UNION ALL SELECT 2) AS r" : "");
  /* With the shared database, each statement is prepared once and then
  ** reset and bound again by later inputs: the extension's per-statement
  ** caches (sqlite3_set_auxdata) must not outlive a reset. */
  if (shape >= N_SHAPES) shape = -1; /* more arguments than cached shapes */
  st = db == fz_shared_db && shape >= 0 ? cache[k][shape] : 0;
  if (st) {
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
  } else {
    rc = sqlite3_prepare_v2(db, sql, -1, &st, 0);
    FZ_CHECK(rc == SQLITE_OK, "prepare %s: %s", sql, sqlite3_errmsg(db));
    if (db == fz_shared_db && shape >= 0) cache[k][shape] = st;
  }

  for (i = 0; i < f->narg; i++) {
    int kind = fz_bind(st, i + 1, &in, 0, 0);
    if (kind == FZ_NULL && i < f->min_narg) required_null = 1;
  }

  rc = sqlite3_step(st);
  if (fz_trace_on()) {
    char *expanded = sqlite3_expanded_sql(st);
    fz_trace("%s -> %s", expanded ? expanded : sql,
             rc == SQLITE_ROW ? (sqlite3_column_type(st, 0) == SQLITE_NULL
                                     ? "NULL"
                                     : (const char *)sqlite3_column_text(st, 0))
                              : sqlite3_errmsg(db));
    sqlite3_free(expanded);
  }
  if (rc == SQLITE_ROW) {
    check_row(st, f, required_null, &first);
    if (two_rows) {
      rc = sqlite3_step(st);
      FZ_CHECK(rc == SQLITE_ROW, "%s/%d: row 1 succeeded, row 2 gave %d: %s",
               f->name, f->narg, rc, sqlite3_errmsg(db));
      check_row(st, f, required_null, &second);
      FZ_CHECK(first.type == second.type && first.i == second.i &&
                   memcmp(&first.r, &second.r, sizeof(double)) == 0 &&
                   strcmp(first.text, second.text) == 0,
               "%s/%d: row 2 differs from row 1 (types %d, %d; %.17g, "
               "%.17g; %lld, %lld)",
               f->name, f->narg, first.type, second.type, first.r, second.r,
               (long long)first.i, (long long)second.i);
    }
    rc = sqlite3_step(st);
    FZ_CHECK(rc == SQLITE_DONE, "%s/%d: last step gave %d", f->name, f->narg,
             rc);
  } else {
    const char *msg = sqlite3_errmsg(db);
    size_t name_len = strlen(f->name);
    FZ_CHECK(rc == SQLITE_ERROR, "%s/%d: step gave %d: %s", f->name, f->narg,
             rc, msg);
    FZ_CHECK(!required_null,
             "%s/%d: a NULL required argument must give NULL, got error: %s",
             f->name, f->narg, msg);
    FZ_CHECK(strncmp(msg, f->name, name_len) == 0 &&
                 strncmp(msg + name_len, "(): ", 4) == 0,
             "%s/%d: error message does not name the function: %s", f->name,
             f->narg, msg);
  }
  if (db == fz_shared_db && shape >= 0) {
    sqlite3_reset(st); /* kept in cache[][] for the next input */
  } else {
    sqlite3_finalize(st);
  }
  fz_db_end(db);
  return 0;
}
