/*
** threads.c: the gpuadv functions and tables used from many threads at once.
**
**   threads [--load EXTENSION] [--threads N] [--iterations N]
**
** Phase 1: N threads (default 8), each with its own connection, opened with
** SQLITE_OPEN_FULLMUTEX (even threads) or SQLITE_OPEN_NOMUTEX (odd), each
** registering the extension itself: by sqlite3_load_extension of EXTENSION
** with --load, otherwise through sqlite3_gpuadv_init compiled into this
** program (the extension sources built with -DSQLITE_CORE). Every thread
** runs the same mix of queries with known answers, each statement prepared
** once and stepped again every iteration (so sqlite3_get_auxdata caches are
** reused, and dropped when new values are bound), plus a gpuadv_csv table in
** temp with rows of its own, one statement prepared afresh each iteration,
** an error with its exact message, and three reconnects (each registering
** the extension again while the other threads run).
** Phase 2: the threads share one FULLMUTEX connection, each with its own
** statements.
**
** The answers are computed first on one connection, before any thread
** starts, and checked against known constants; every answer of every thread
** must equal them. Prints one summary line; exit status 1 on any mismatch.
** Built twice by tests/threads/threads.mk: plain and -fsanitize=thread.
*/
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sqlite3_gpuadv_init(sqlite3 *db, char **pzErrMsg,
                        const sqlite3_api_routines *pApi);

static const char *g_load = 0; /* --load PATH, or compiled in */
static int g_threads = 8;
static int g_iterations = 2000;
static pthread_barrier_t g_barrier;
static pthread_mutex_t g_report = PTHREAD_MUTEX_INITIALIZER;
static long g_failures = 0;

#define MAX_REPORTS 20

static void failf(int tid, int iter, const char *what, const char *got,
                  const char *want) {
  pthread_mutex_lock(&g_report);
  if (g_failures < MAX_REPORTS) {
    fprintf(stderr, "# thread %d iteration %d: %s: got [%s], want [%s]\n", tid,
            iter, what, got ? got : "(null)", want ? want : "(null)");
  }
  g_failures++;
  pthread_mutex_unlock(&g_report);
}

/* ------------------------------------------------------------ the queries */

/* Statements every thread prepares once and re-steps. A statement's answer
** is its rows, each column as text joined by '|', rows joined by ';'. */
static const char *const FIXED_SQL[] = {
    "SELECT weights_gb(70, 'bf16')",
    "SELECT count(*) FROM gpus",
    "SELECT model_kv_gb('deepseek-v3', 1, 1, 'bf16') * 1e9",
    "SELECT count(*), sum(length(name)) FROM models",
    "SELECT round(model_decode_tps('llama-3-8b', 'rtx-4090', 'q4_k_m', 1, 256, "
    "1, 'llama.cpp'), 1)",
    "SELECT train_mem_gb(13, 'full', 4, 3, 13), kv_cache_gb(80, 8, 128, 8192, "
    "10, 'fp16')",
    "SELECT nodes_required(1260, 80), max_batch(80, weights_gb(70, 'int4'), "
    "kv_cache_gb(80, 8, 128, 8192))",
    "SELECT group_concat(weights_gb(7, column1), ',') FROM (VALUES ('bf16'), "
    "('fp32'), ('INT4'), ('q4_k_m'))",
    "SELECT group_concat(round(model_weights_gb(column1, column2), 4), ',') "
    "FROM "
    "(VALUES ('llama-3.1-8b', 'bf16'), ('deepseek-v3', 'fp8'), "
    "('mixtral-8x7b', 'int4'))",
    "SELECT g.name, count(*), round(min(c.usd_per_hour / c.gpu_count), 4) FROM "
    "gpus g "
    "JOIN cloud_instances c ON c.gpu = g.name WHERE g.name IN ('h100-sxm', "
    "'l40s', 'a100-sxm-80gb') "
    "GROUP BY g.name ORDER BY 3, 1",
    "SELECT count(*), round(sum(value), 3) FROM measurements WHERE gpu = "
    "'h100-sxm'",
    "SELECT gpuadv_version() IS NOT NULL",
    "SELECT round(train_peak_gb(8.03, 'full', 32, 4096, 32, 4096, 1, 8, 3, "
    "'full', 128256, 1, 14336), 1)",
};
#define N_FIXED ((int)(sizeof(FIXED_SQL) / sizeof(FIXED_SQL[0])))

/* Known answers of some of them, from README: checked on the reference. */
static const struct {
  int i;
  const char *want;
} KNOWN[] = {
    {0, "140.0"}, {2, "70272.0"},
    {4, "117.3"}, {5, "71.5|26.8435456"},
    {6, "16|16"}, {7, "14.0,28.0,3.5,4.27875"},
    {11, "1"},    {12, "24.7"},
};

/* A statement with parameters, re-bound every iteration with values taken
** in turn from these tables (so the keyword and name caches must follow). */
static const char *const BOUND_SQL =
    "SELECT weights_gb(?1, ?2), round(model_decode_tps(?3, ?4, ?2, ?5), 6), "
    "round(model_kv_gb(?3, 4096, ?5, ?2), 9), "
    "(SELECT count(*) FROM cloud_instances WHERE gpu = ?4)";
static const char *const B_DTYPES[] = {"bf16", "fp8", "int4", "Q4_K_M", "fp32"};
static const char *const B_MODELS[] = {"llama-3.1-8b", "deepseek-v3",
                                       "mixtral-8x7b", "llama-3.1-70b"};
static const char *const B_GPUS[] = {"h100-sxm", "rtx-4090", "a100-sxm-80gb",
                                     "mi300x",   "l40s",     "b200"};
#define NB(a) ((int)(sizeof(a) / sizeof(a[0])))
#define N_BOUND (NB(B_DTYPES) * NB(B_MODELS) * NB(B_GPUS))

static void bind_case(sqlite3_stmt *st, int k) {
  int d = k % NB(B_DTYPES), m = (k / NB(B_DTYPES)) % NB(B_MODELS);
  int g = (k / (NB(B_DTYPES) * NB(B_MODELS))) % NB(B_GPUS);
  sqlite3_bind_int(st, 1, 1 + k % 97);
  sqlite3_bind_text(st, 2, B_DTYPES[d], -1, SQLITE_STATIC);
  sqlite3_bind_text(st, 3, B_MODELS[m], -1, SQLITE_STATIC);
  sqlite3_bind_text(st, 4, B_GPUS[g], -1, SQLITE_STATIC);
  sqlite3_bind_int(st, 5, 1 + k % 5);
}

/* A statement prepared afresh every iteration. */
static const char *const FRESH_SQL =
    "SELECT round(model_prefill_tps('llama-3.1-70b', 'h100-sxm', 'fp8'), 3), "
    "round(decode_tps(3350, 14), 3), bytes_per_param('mxfp4')";

/* An error and its exact message. */
static const char *const ERROR_SQL = "SELECT weights_gb(?1, 'bf16')";
static const char *const ERROR_MSG =
    "weights_gb(): params_b must be > 0, got -1";

/* The gpuadv_csv table of a thread: tid + 1 rows of its own. */
static char *csv_create_sql(int tid) {
  char data[4096];
  int i, n = 0;
  n += snprintf(data + n, sizeof(data) - n, "gpu,usd,thread");
  for (i = 0; i <= tid && n < (int)sizeof(data) - 64; i++) {
    n +=
        snprintf(data + n, sizeof(data) - n, "\nh100-sxm,%d.25,%d", i + 1, tid);
  }
  return sqlite3_mprintf(
      "CREATE VIRTUAL TABLE temp.q USING gpuadv_csv(data=%Q)", data);
}
static const char *const CSV_SQL =
    "SELECT count(*), sum(q.usd), min(q.thread), max(q.thread), "
    "max(g.memory_gb) "
    "FROM q JOIN gpus g ON g.name = q.gpu";
static const char *const CSV_FILE_SQL =
    "CREATE VIRTUAL TABLE temp.f USING "
    "gpuadv_csv(filename='tests/csv/quotes.csv')";
static const char *const CSV_FILE_QUERY =
    "SELECT count(*), sum(usd_per_hour), group_concat(vendor, ',') FROM f";

/* ------------------------------------------------------------ helpers */

/* Step a statement to the end; its rows as text into buf. Returns the
** final status (SQLITE_DONE when all went well). */
static int answer(sqlite3_stmt *st, char *buf, int n_buf) {
  int rc, n = 0, rows = 0;
  buf[0] = 0;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    int c, nc = sqlite3_column_count(st);
    for (c = 0; c < nc; c++) {
      const char *z = (const char *)sqlite3_column_text(st, c);
      n += snprintf(buf + n, n > n_buf ? 0 : n_buf - n, "%s%s",
                    c ? "|" : (rows ? ";" : ""), z ? z : "NULL");
      if (n >= n_buf) n = n_buf - 1;
    }
    rows++;
  }
  sqlite3_reset(st);
  return rc;
}

static int open_db(sqlite3 **pdb, int flags, char *err, int n_err) {
  char *msg = 0;
  int rc = sqlite3_open_v2(
      ":memory:", pdb, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | flags, 0);
  if (rc != SQLITE_OK) {
    snprintf(err, n_err, "open: %s", sqlite3_errstr(rc));
    return rc;
  }
  if (g_load) {
    sqlite3_enable_load_extension(*pdb, 1);
    rc = sqlite3_load_extension(*pdb, g_load, 0, &msg);
  } else {
    rc = sqlite3_gpuadv_init(*pdb, &msg, 0);
  }
  if (rc != SQLITE_OK) {
    snprintf(err, n_err, "load: %s", msg ? msg : sqlite3_errmsg(*pdb));
    sqlite3_free(msg);
    sqlite3_close(*pdb);
    *pdb = 0;
  }
  return rc;
}

/* The answers, computed on one connection before the threads start. */
static char g_fixed[N_FIXED][512];
static char g_bound[N_BOUND][512];
static char g_fresh[512];
static char g_csv_file[512];

static int prepare(sqlite3 *db, const char *sql, sqlite3_stmt **st) {
  int rc = sqlite3_prepare_v2(db, sql, -1, st, 0);
  if (rc != SQLITE_OK) {
    fprintf(stderr, "# prepare failed: %s: %s\n", sql, sqlite3_errmsg(db));
  }
  return rc;
}

static int reference(void) {
  sqlite3 *db;
  sqlite3_stmt *st;
  char err[512];
  int i, k;
  if (open_db(&db, SQLITE_OPEN_FULLMUTEX, err, sizeof(err)) != SQLITE_OK) {
    fprintf(stderr, "# reference connection: %s\n", err);
    return 1;
  }
  for (i = 0; i < N_FIXED; i++) {
    if (prepare(db, FIXED_SQL[i], &st) != SQLITE_OK) return 1;
    if (answer(st, g_fixed[i], sizeof(g_fixed[i])) != SQLITE_DONE) {
      fprintf(stderr, "# reference: %s: %s\n", FIXED_SQL[i],
              sqlite3_errmsg(db));
      return 1;
    }
    sqlite3_finalize(st);
  }
  for (i = 0; i < (int)(sizeof(KNOWN) / sizeof(KNOWN[0])); i++) {
    if (strcmp(g_fixed[KNOWN[i].i], KNOWN[i].want) != 0) {
      fprintf(stderr, "# reference: %s: got [%s], want [%s]\n",
              FIXED_SQL[KNOWN[i].i], g_fixed[KNOWN[i].i], KNOWN[i].want);
      return 1;
    }
  }
  /* Each bound case on a statement of its own: no cache carried over. */
  for (k = 0; k < N_BOUND; k++) {
    if (prepare(db, BOUND_SQL, &st) != SQLITE_OK) return 1;
    bind_case(st, k);
    if (answer(st, g_bound[k], sizeof(g_bound[k])) != SQLITE_DONE) {
      fprintf(stderr, "# reference: bound case %d: %s\n", k,
              sqlite3_errmsg(db));
      return 1;
    }
    sqlite3_finalize(st);
  }
  if (prepare(db, FRESH_SQL, &st) != SQLITE_OK) return 1;
  answer(st, g_fresh, sizeof(g_fresh));
  sqlite3_finalize(st);
  if (sqlite3_exec(db, CSV_FILE_SQL, 0, 0, 0) != SQLITE_OK ||
      prepare(db, CSV_FILE_QUERY, &st) != SQLITE_OK) {
    fprintf(stderr, "# reference: %s (run from the repository root)\n",
            sqlite3_errmsg(db));
    return 1;
  }
  answer(st, g_csv_file, sizeof(g_csv_file));
  sqlite3_finalize(st);
  if (strcmp(g_csv_file, "4|6.87|Acme Cloud,Acme Cloud,Bolt GPU,Bolt GPU") !=
      0) {
    fprintf(stderr, "# reference: %s: got [%s]\n", CSV_FILE_QUERY, g_csv_file);
    return 1;
  }
  sqlite3_close(db);
  return 0;
}

/* ------------------------------------------------------------ the threads */

typedef struct worker {
  int tid;
  sqlite3 *shared; /* phase 2: a connection shared by all threads */
  long checks;
  pthread_t thread;
} worker;

typedef struct stmts {
  sqlite3_stmt *fixed[N_FIXED];
  sqlite3_stmt *bound, *error, *csv, *csv_file;
} stmts;

static int prepare_all(sqlite3 *db, stmts *s, int with_csv) {
  int i;
  memset(s, 0, sizeof(*s));
  for (i = 0; i < N_FIXED; i++) {
    if (prepare(db, FIXED_SQL[i], &s->fixed[i])) return 1;
  }
  if (prepare(db, BOUND_SQL, &s->bound) || prepare(db, ERROR_SQL, &s->error)) {
    return 1;
  }
  if (with_csv && (prepare(db, CSV_SQL, &s->csv) ||
                   prepare(db, CSV_FILE_QUERY, &s->csv_file))) {
    return 1;
  }
  return 0;
}

static void finalize_all(stmts *s) {
  int i;
  for (i = 0; i < N_FIXED; i++) sqlite3_finalize(s->fixed[i]);
  sqlite3_finalize(s->bound);
  sqlite3_finalize(s->error);
  sqlite3_finalize(s->csv);
  sqlite3_finalize(s->csv_file);
}

/* Open this thread's connection with its csv tables; 0 on success. */
static int connect_worker(worker *w, sqlite3 **pdb, stmts *s, int iter) {
  char err[512];
  char *sql;
  int flags = (w->tid % 2) ? SQLITE_OPEN_NOMUTEX : SQLITE_OPEN_FULLMUTEX;
  if (open_db(pdb, flags, err, sizeof(err)) != SQLITE_OK) {
    failf(w->tid, iter, "connect", err, "SQLITE_OK");
    return 1;
  }
  sql = csv_create_sql(w->tid);
  if (sqlite3_exec(*pdb, sql, 0, 0, 0) != SQLITE_OK ||
      sqlite3_exec(*pdb, CSV_FILE_SQL, 0, 0, 0) != SQLITE_OK) {
    failf(w->tid, iter, "create csv tables", sqlite3_errmsg(*pdb), "ok");
    sqlite3_free(sql);
    return 1;
  }
  sqlite3_free(sql);
  if (prepare_all(*pdb, s, 1)) {
    failf(w->tid, iter, "prepare", sqlite3_errmsg(*pdb), "ok");
    return 1;
  }
  return 0;
}

static void check_text(worker *w, int iter, const char *what, int rc,
                       sqlite3 *db, const char *got, const char *want) {
  w->checks++;
  if (rc != SQLITE_DONE) {
    failf(w->tid, iter, what, sqlite3_errmsg(db), want);
  } else if (strcmp(got, want) != 0) {
    failf(w->tid, iter, what, got, want);
  }
}

/* One iteration of the mix on db with statements s. */
static void run_mix(worker *w, sqlite3 *db, stmts *s, int iter, int with_csv) {
  char got[1024], want[512];
  sqlite3_stmt *st;
  int i, k, rc;
  for (i = 0; i < N_FIXED; i++) {
    /* A different order in each thread and iteration. */
    int j = (i + w->tid + iter) % N_FIXED;
    rc = answer(s->fixed[j], got, sizeof(got));
    check_text(w, iter, FIXED_SQL[j], rc, db, got, g_fixed[j]);
  }
  for (i = 0; i < 3; i++) {
    k = (iter * 7 + w->tid * 13 + i) % N_BOUND;
    bind_case(s->bound, k);
    rc = answer(s->bound, got, sizeof(got));
    check_text(w, iter, "bound statement re-bound", rc, db, got, g_bound[k]);
  }
  /* The same bindings stepped twice: the cache kept between steps. */
  rc = answer(s->bound, got, sizeof(got));
  check_text(w, iter, "bound statement re-stepped", rc, db, got, g_bound[k]);
  if (prepare(db, FRESH_SQL, &st) == SQLITE_OK) {
    rc = answer(st, got, sizeof(got));
    check_text(w, iter, FRESH_SQL, rc, db, got, g_fresh);
    sqlite3_finalize(st);
  } else {
    failf(w->tid, iter, "prepare fresh", sqlite3_errmsg(db), "ok");
  }
  /* The error and its message: hold the connection's mutex so another
  ** thread of a shared connection cannot replace the message. */
  sqlite3_mutex_enter(sqlite3_db_mutex(db));
  sqlite3_bind_int(s->error, 1, -1);
  rc = sqlite3_step(s->error);
  w->checks++;
  if (rc != SQLITE_ERROR || strcmp(sqlite3_errmsg(db), ERROR_MSG) != 0) {
    failf(w->tid, iter, "error message", sqlite3_errmsg(db), ERROR_MSG);
  }
  sqlite3_reset(s->error);
  sqlite3_mutex_leave(sqlite3_db_mutex(db));
  if (with_csv) {
    double sum = 0;
    for (i = 0; i <= w->tid; i++) sum += i + 1.25;
    /* the sum printed as SQLite prints a REAL */
    sqlite3_snprintf(sizeof(want), want, "%d|%!.15g|%d|%d|80.0", w->tid + 1,
                     sum, w->tid, w->tid);
    rc = answer(s->csv, got, sizeof(got));
    check_text(w, iter, "own csv table", rc, db, got, want);
    rc = answer(s->csv_file, got, sizeof(got));
    check_text(w, iter, "csv file table", rc, db, got, g_csv_file);
  }
}

static void *phase1(void *arg) {
  worker *w = (worker *)arg;
  sqlite3 *db = 0;
  stmts s;
  int iter, ok, reconnect = g_iterations / 4 > 0 ? g_iterations / 4 : 1;
  pthread_barrier_wait(&g_barrier);
  ok = connect_worker(w, &db, &s, 0) == 0;
  for (iter = 0; ok && iter < g_iterations; iter++) {
    if (iter > 0 && iter % reconnect == 0) {
      /* Reconnect: the extension registered again while others run. */
      finalize_all(&s);
      sqlite3_close(db);
      ok = connect_worker(w, &db, &s, iter) == 0;
      if (!ok) break;
    }
    run_mix(w, db, &s, iter, 1);
  }
  if (db) {
    finalize_all(&s);
    if (sqlite3_close(db) != SQLITE_OK) {
      failf(w->tid, iter, "close", sqlite3_errmsg(db), "SQLITE_OK");
    }
  }
  return 0;
}

static void *phase2(void *arg) {
  worker *w = (worker *)arg;
  stmts s;
  int iter;
  pthread_barrier_wait(&g_barrier);
  if (prepare_all(w->shared, &s, 0)) {
    failf(w->tid, 0, "prepare on the shared connection", "error", "ok");
    finalize_all(&s);
    return 0;
  }
  for (iter = 0; iter < g_iterations / 4; iter++) {
    run_mix(w, w->shared, &s, iter, 0);
  }
  finalize_all(&s);
  return 0;
}

static int run_phase(void *(*fn)(void *), worker *ws, sqlite3 *shared) {
  int i;
  pthread_barrier_init(&g_barrier, 0, (unsigned)g_threads);
  for (i = 0; i < g_threads; i++) {
    ws[i].tid = i;
    ws[i].shared = shared;
    if (pthread_create(&ws[i].thread, 0, fn, &ws[i]) != 0) {
      fprintf(stderr, "# pthread_create failed\n");
      return 1;
    }
  }
  for (i = 0; i < g_threads; i++) pthread_join(ws[i].thread, 0);
  pthread_barrier_destroy(&g_barrier);
  return 0;
}

int main(int argc, char **argv) {
  worker *ws;
  sqlite3 *shared = 0;
  char err[512];
  long checks = 0;
  int i;
  for (i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--load") && i + 1 < argc) {
      g_load = argv[++i];
    } else if (!strcmp(argv[i], "--threads") && i + 1 < argc) {
      g_threads = atoi(argv[++i]);
    } else if (!strcmp(argv[i], "--iterations") && i + 1 < argc) {
      g_iterations = atoi(argv[++i]);
    } else {
      fprintf(stderr,
              "usage: %s [--load EXTENSION] [--threads N] "
              "[--iterations N]\n",
              argv[0]);
      return 2;
    }
  }
  if (g_threads < 1 || g_threads > 256 || g_iterations < 1) return 2;
  if (!sqlite3_threadsafe()) {
    fprintf(stderr, "# this libsqlite3 is built without thread support\n");
    return 1;
  }
  if (reference()) return 1;
  ws = calloc((size_t)g_threads, sizeof(*ws));
  if (!ws) return 1;
  if (run_phase(phase1, ws, 0)) return 1;
  for (i = 0; i < g_threads; i++) checks += ws[i].checks;
  printf(
      "phase 1: %d threads x %d iterations, own connections (%s): %ld checks\n",
      g_threads, g_iterations,
      g_load ? "sqlite3_load_extension" : "compiled in", checks);
  if (open_db(&shared, SQLITE_OPEN_FULLMUTEX, err, sizeof(err)) != SQLITE_OK) {
    fprintf(stderr, "# shared connection: %s\n", err);
    return 1;
  }
  memset(ws, 0, (size_t)g_threads * sizeof(*ws));
  if (run_phase(phase2, ws, shared)) return 1;
  sqlite3_close(shared);
  checks = 0;
  for (i = 0; i < g_threads; i++) checks += ws[i].checks;
  printf(
      "phase 2: %d threads x %d iterations, one FULLMUTEX connection: %ld "
      "checks\n",
      g_threads, g_iterations / 4, checks);
  printf("%ld failures\n", g_failures);
  free(ws);
  return g_failures ? 1 : 0;
}
