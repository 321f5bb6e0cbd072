/*
** bench/driver.c: the C driver of `make bench` (linked with -lsqlite3).
**
** Opens one in-memory database, loads the extensions named with --load
** (gpuadv, the bare baseline, the bench_series row source), runs setup
** statements, then times queries read from stdin and prints one line per
** run. bench/bench.py writes the queries and reads the lines.
**
**   driver [--load PATH]... [--repeat R] [--callgrind] < queries
**   driver --load-time N GPUADV_PATH BARE_PATH
**
** Input, one per line, fields separated by a TAB:
**   !SQL                           setup, run once, not timed
**   LABEL  SQL                     a query: step every row, read every column
**   LABEL  SQL  KEYS_SQL  LOOPS    LOOPS times: SQL once per row of KEYS_SQL,
**                                  bound to its ?1 (lookups)
**   LABEL  SQL  -  LOOPS           SQL LOOPS times (full scans)
**
** Output, one line per run (the R repeats are interleaved: run 1 of every
** query, then run 2 of every query, ...):
**   LABEL  REPEAT  CPU_SECONDS  ROWS  CHECKSUM  WALL_SECONDS
** and at the end `maxrss_kb  N` (the process's peak resident set, as
** /usr/bin/time -v reports it). Only the stepping is timed; prepare is not.
**
** --callgrind wraps each timed run in CALLGRIND_ZERO_STATS and
** CALLGRIND_DUMP_STATS_AT(LABEL), so `valgrind --tool=callgrind` writes one
** profile per query with its instruction count.
**
** --load-time prints the median microseconds of open+close, of
** open+load gpuadv+close and of open+load bare+close over N rounds.
*/
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#define BENCH_HAVE_CALLGRIND 1
#endif
#endif
#ifdef BENCH_HAVE_CALLGRIND
#include <valgrind/callgrind.h>
#else
#define CALLGRIND_ZERO_STATS \
  do {                       \
  } while (0)
#define CALLGRIND_DUMP_STATS_AT(x) (void)(x)
#endif

#define MAX_QUERIES 512
#define MAX_LOADS 8

typedef struct query {
  char *label, *sql, *keys_sql;
  long loops;
} query;

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU time of this process: what a query costs, whatever else the machine
** runs (a shared machine deschedules the driver, which wall time counts). */
static double cpu_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void die(sqlite3 *db, const char *what, const char *label) {
  fprintf(stderr, "driver: %s%s%s: %s\n", label ? label : "", label ? ": " : "",
          what, db ? sqlite3_errmsg(db) : "");
  exit(1);
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Step every row of a statement, reading every column. */
static void consume(sqlite3 *db, sqlite3_stmt *st, const char *label,
                    long *rows, double *checksum) {
  int rc, i, n = sqlite3_column_count(st);
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    (*rows)++;
    for (i = 0; i < n; i++) {
      switch (sqlite3_column_type(st, i)) {
        case SQLITE_INTEGER:
        case SQLITE_FLOAT:
          *checksum += sqlite3_column_double(st, i);
          break;
        case SQLITE_TEXT:
        case SQLITE_BLOB:
          *checksum += (double)sqlite3_column_bytes(st, i);
          break;
        default:
          break;
      }
    }
  }
  if (rc != SQLITE_DONE) die(db, "step", label);
  sqlite3_reset(st);
}

static void run_query(sqlite3 *db, const query *q, int rep, int callgrind) {
  sqlite3_stmt *st = 0, *ks;
  char **keys = 0;
  long n_keys = 0, cap = 0, rows = 0, loop, k;
  double checksum = 0.0, t0, t1, c0, c1;
  if (q->keys_sql) {
    if (sqlite3_prepare_v2(db, q->keys_sql, -1, &ks, 0) != SQLITE_OK)
      die(db, "prepare keys", q->label);
    while (sqlite3_step(ks) == SQLITE_ROW) {
      const char *key = (const char *)sqlite3_column_text(ks, 0);
      if (!key) continue; /* = NULL matches nothing: not a lookup */
      if (n_keys == cap) {
        cap = cap ? cap * 2 : 64;
        keys = realloc(keys, sizeof(char *) * (size_t)cap);
      }
      keys[n_keys++] = strdup(key);
    }
    sqlite3_finalize(ks);
  }
  if (sqlite3_prepare_v2(db, q->sql, -1, &st, 0) != SQLITE_OK)
    die(db, "prepare", q->label);
  if (callgrind) CALLGRIND_ZERO_STATS;
  t0 = now_s();
  c0 = cpu_s();
  for (loop = 0; loop < q->loops; loop++) {
    if (keys) {
      for (k = 0; k < n_keys; k++) {
        sqlite3_bind_text(st, 1, keys[k], -1, SQLITE_STATIC);
        consume(db, st, q->label, &rows, &checksum);
      }
    } else {
      consume(db, st, q->label, &rows, &checksum);
    }
  }
  c1 = cpu_s();
  t1 = now_s();
  if (callgrind) CALLGRIND_DUMP_STATS_AT(q->label);
  sqlite3_finalize(st);
  for (k = 0; k < n_keys; k++) free(keys[k]);
  free(keys);
  printf("%s\t%d\t%.6f\t%ld\t%.17g\t%.6f\n", q->label, rep, c1 - c0, rows,
         checksum, t1 - t0);
  fflush(stdout);
}

static sqlite3 *open_db(char **loads, int n_loads) {
  sqlite3 *db;
  int i;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) die(db, "open", 0);
  sqlite3_enable_load_extension(db, 1);
  for (i = 0; i < n_loads; i++) {
    char *err = 0;
    if (sqlite3_load_extension(db, loads[i], 0, &err) != SQLITE_OK) {
      fprintf(stderr, "driver: cannot load %s: %s\n", loads[i],
              err ? err : "?");
      exit(1);
    }
  }
  return db;
}

static double median_load_us(int n, const char *path) {
  double *t = malloc(sizeof(double) * (size_t)n), m;
  int i;
  for (i = 0; i < n; i++) {
    sqlite3 *db;
    double t0 = now_s();
    sqlite3_open(":memory:", &db);
    if (path) {
      char *err = 0;
      sqlite3_enable_load_extension(db, 1);
      if (sqlite3_load_extension(db, path, 0, &err) != SQLITE_OK) {
        fprintf(stderr, "driver: cannot load %s: %s\n", path, err ? err : "?");
        exit(1);
      }
      /* Loading registers the catalog modules; touching a table makes
      ** SQLite read the schema, as any first query would. */
    }
    sqlite3_close(db);
    t[i] = (now_s() - t0) * 1e6;
  }
  qsort(t, (size_t)n, sizeof(double), cmp_double);
  m = t[n / 2];
  free(t);
  return m;
}

/* Split a line in place at TABs into at most max fields. */
static int split(char *line, char **f, int max) {
  int n = 0;
  char *p = line;
  while (n < max) {
    f[n++] = p;
    p = strchr(p, '\t');
    if (!p) break;
    *p++ = 0;
  }
  return n;
}

int main(int argc, char **argv) {
  char *loads[MAX_LOADS];
  int n_loads = 0, repeat = 1, callgrind = 0, i, rep, n_q = 0;
  query qs[MAX_QUERIES];
  sqlite3 *db;
  char *line = 0;
  size_t cap = 0;
  ssize_t len;
  struct rusage ru;

  for (i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--load") && i + 1 < argc && n_loads < MAX_LOADS) {
      loads[n_loads++] = argv[++i];
    } else if (!strcmp(argv[i], "--repeat") && i + 1 < argc) {
      repeat = atoi(argv[++i]);
    } else if (!strcmp(argv[i], "--callgrind")) {
      callgrind = 1;
    } else if (!strcmp(argv[i], "--load-time") && i + 3 < argc) {
      int n = atoi(argv[i + 1]);
      median_load_us(n / 4 + 1, argv[i + 2]); /* warm the page cache */
      printf("open_close_us\t%.1f\n", median_load_us(n, 0));
      printf("load_gpuadv_us\t%.1f\n", median_load_us(n, argv[i + 2]));
      printf("load_bare_us\t%.1f\n", median_load_us(n, argv[i + 3]));
      return 0;
    } else {
      fprintf(stderr, "usage: see the comment at the top of bench/driver.c\n");
      return 2;
    }
  }

  db = open_db(loads, n_loads);
  while ((len = getline(&line, &cap, stdin)) > 0) {
    char *f[4];
    int nf;
    if (line[len - 1] == '\n') line[--len] = 0;
    if (len == 0) continue;
    if (line[0] == '!') {
      char *err = 0;
      if (sqlite3_exec(db, line + 1, 0, 0, &err) != SQLITE_OK) {
        fprintf(stderr, "driver: setup failed: %s\n  %s\n", err, line + 1);
        return 1;
      }
      continue;
    }
    if (n_q == MAX_QUERIES) break;
    nf = split(line, f, 4);
    if (nf < 2) continue;
    qs[n_q].label = strdup(f[0]);
    qs[n_q].sql = strdup(f[1]);
    qs[n_q].keys_sql =
        (nf >= 3 && strcmp(f[2], "-") && f[2][0]) ? strdup(f[2]) : 0;
    qs[n_q].loops = nf >= 4 ? atol(f[3]) : 1;
    if (qs[n_q].loops < 1) qs[n_q].loops = 1;
    n_q++;
  }
  free(line);

  for (rep = 1; rep <= repeat; rep++) {
    for (i = 0; i < n_q; i++) run_query(db, &qs[i], rep, callgrind);
  }
  sqlite3_close(db);
  getrusage(RUSAGE_SELF, &ru);
  printf("maxrss_kb\t%ld\n", ru.ru_maxrss);
  return 0;
}
