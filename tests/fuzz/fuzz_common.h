/*
** fuzz_common.h: what the gpuadv libFuzzer targets share.
**
**   - fz_open(): a fresh in-memory database with the extension registered
**     directly (the extension sources are compiled with -DSQLITE_CORE, so
**     sqlite3ext.h maps every sqlite3_* call straight to the linked library
**     and sqlite3_gpuadv_init needs no API table);
**   - fz_in: a cursor over the fuzzer's bytes that never reads past the end
**     (an exhausted input reads as zeros);
**   - fz_bind(): binds a fuzzer-chosen value of a fuzzer-chosen type to a
**     statement parameter: NULL, integers, special doubles (inf, nan, -0,
**     huge, subnormal), raw doubles, text with arbitrary bytes, blobs, and
**     words from a dictionary (keywords, catalog names, numeric text);
**   - FZ_CHECK(): an invariant of the extension; a violation prints what
**     was found and aborts, which libFuzzer reports as a crash.
**
** See tests/fuzz/README.md.
*/
#ifndef GPUADV_FUZZ_COMMON_H
#define GPUADV_FUZZ_COMMON_H

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

int sqlite3_gpuadv_init(sqlite3 *db, char **pzErrMsg,
                        const sqlite3_api_routines *pApi);

#define FZ_CHECK(cond, ...)                                                   \
  do {                                                                        \
    if (!(cond)) {                                                            \
      fprintf(stderr, "\n*** gpuadv fuzz invariant failed: %s\n*** ", #cond); \
      fprintf(stderr, __VA_ARGS__);                                           \
      fprintf(stderr, "\n");                                                  \
      abort();                                                                \
    }                                                                         \
  } while (0)

/* The statement of sql on db; a statement that does not prepare is a
** finding. */
static inline sqlite3_stmt *fz_prepare(sqlite3 *db, const char *sql) {
  sqlite3_stmt *st = 0;
  FZ_CHECK(sqlite3_prepare_v2(db, sql, -1, &st, 0) == SQLITE_OK,
           "prepare %s: %s", sql, sqlite3_errmsg(db));
  return st;
}

/* With GPUADV_FUZZ_TRACE=1 in the environment, the targets say what each
** input ran and what came back (to read a regression or a seed). */
static int fz_tracing = -1;

static inline int fz_trace_on(void) {
  if (fz_tracing < 0) {
    const char *e = getenv("GPUADV_FUZZ_TRACE");
    fz_tracing = e && *e && strcmp(e, "0") != 0;
  }
  return fz_tracing;
}

__attribute__((format(printf, 1, 2))) static inline void fz_trace(
    const char *format, ...) {
  va_list ap;
  if (!fz_trace_on()) return;
  va_start(ap, format);
  vfprintf(stderr, format, ap);
  va_end(ap);
  fputc('\n', stderr);
}

/* A database with the extension registered; aborts if that fails. */
static inline sqlite3 *fz_open(void) {
  sqlite3 *db = 0;
  char *err = 0;
  int rc = sqlite3_open(":memory:", &db);
  FZ_CHECK(rc == SQLITE_OK, "sqlite3_open: %d", rc);
  rc = sqlite3_gpuadv_init(db, &err, 0);
  FZ_CHECK(rc == SQLITE_OK, "sqlite3_gpuadv_init: %d %s", rc, err ? err : "");
  return db;
}

/* The database an input runs in. By default one database serves the whole
** run: opening a connection costs ~100 us under ASan (the system SQLite
** registers its FTS, R*Tree and other modules each time), several times
** the cost of most inputs. libFuzzer's leak check still names the input
** that leaked (a leaked block is unreachable, shared database or not).
** With GPUADV_FUZZ_FRESH_DB=1 in the environment, every input gets a fresh
** database, closed by fz_db_end(): no state at all carries over from one
** input to the next. */
static sqlite3 *fz_shared_db;
static int fz_fresh = -1;

static inline sqlite3 *fz_db_begin(void) {
  if (fz_fresh < 0) {
    const char *e = getenv("GPUADV_FUZZ_FRESH_DB");
    fz_fresh = e && *e && strcmp(e, "0") != 0;
  }
  if (fz_fresh) return fz_open();
  if (!fz_shared_db) fz_shared_db = fz_open();
  return fz_shared_db;
}

static inline void fz_db_end(sqlite3 *db) {
  if (db == fz_shared_db) return;
  FZ_CHECK(sqlite3_close(db) == SQLITE_OK, "close: %s", sqlite3_errmsg(db));
}

/* Run SQL that must succeed (setup, cleanup). */
static inline void fz_exec(sqlite3 *db, const char *sql) {
  char *err = 0;
  int rc = sqlite3_exec(db, sql, 0, 0, &err);
  FZ_CHECK(rc == SQLITE_OK, "%s: %s", sql, err ? err : "?");
}

/* ------------------------------------------------------------ the input */

typedef struct fz_in {
  const uint8_t *p;
  size_t n;
} fz_in;

static inline unsigned fz_u8(fz_in *in) {
  unsigned v;
  if (in->n == 0) return 0;
  v = in->p[0];
  in->p++;
  in->n--;
  return v;
}

static inline uint64_t fz_u64(fz_in *in) {
  uint64_t v = 0;
  int i;
  for (i = 0; i < 8; i++) v |= (uint64_t)fz_u8(in) << (8 * i);
  return v;
}

/* Up to max bytes (fewer when the input runs out); *pn gets the count. */
static inline const uint8_t *fz_bytes(fz_in *in, size_t max, size_t *pn) {
  const uint8_t *p = in->p;
  size_t n = max < in->n ? max : in->n;
  in->p += n;
  in->n -= n;
  *pn = n;
  return p;
}

/* ------------------------------------------------------ binding values */

/* Doubles that break arithmetic. */
static const double fz_special_doubles[] = {
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    2.0,
    7.0,
    70.0,
    80.0,
    3350.0,
    989.4,
    1e-9,
    1e-300,
    4.9406564584124654e-324 /* smallest subnormal */,
    2.2250738585072014e-308 /* DBL_MIN */,
    1.7976931348623157e308 /* max */,
    -1.7976931348623157e308,
    1e308,
    1e154,
    1e155,
    1e200,
    1e-200,
    100000.0,
    100000.00000000001,
    99999.99999999999,
    1e6,
    1000000.5,
    1e7,
    1e7 + 1,
    0.9999999999999999,
    1.0000000000000002,
    0.999999999,
    3.0,
    4.0,
    9223372036854775807.0,
    9223372036854775808.0,
    -9223372036854775808.0,
    18446744073709551616.0,
    4503599627370496.5,
    1e16,
    1e18,
    1e19,
    0.1,
    0.3,
    2.1,
    1e-320,
    INFINITY,
    -INFINITY,
    NAN,
    -NAN,
};
#define FZ_N_SPECIAL_DOUBLES \
  (sizeof(fz_special_doubles) / sizeof(fz_special_doubles[0]))

static const sqlite3_int64 fz_special_ints[] = {
    0,
    1,
    -1,
    2,
    3,
    4,
    7,
    8,
    70,
    80,
    100000,
    100001,
    1000000,
    1000001,
    10000000,
    10000001,
    INT64_MAX,
    INT64_MIN,
    INT64_MAX - 1,
    INT64_MIN + 1,
    (sqlite3_int64)1 << 53,
    ((sqlite3_int64)1 << 53) + 1,
    4294967296LL,
    2147483647,
    -2147483648LL,
};
#define FZ_N_SPECIAL_INTS (sizeof(fz_special_ints) / sizeof(fz_special_ints[0]))

/* Text that the parsers treat specially: numeric text, non-finite text,
** every keyword, a few catalog names. Targets add their own words. */
static const char *const fz_common_words[] = {
    "",
    " ",
    "7",
    " 7 ",
    "7.5",
    " 7.5 ",
    "1e3",
    "1e999",
    "-1e999",
    "inf",
    "-inf",
    "Infinity",
    "nan",
    "NaN",
    "-0",
    "0x10",
    "1e",
    "+",
    "-",
    ".",
    ".5",
    "5.",
    "1,000",
    "$3.50",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775809",
    "100000",
    "100000.0000001",
    "1e-400",
    "0.0",
    "fp32",
    "tf32",
    "fp16",
    "bf16",
    "fp8",
    "int8",
    "int4",
    "nf4",
    "fp4",
    "mxfp4",
    "q8_0",
    "q6_k",
    "q4_k_m",
    "q4_0",
    "FP16",
    "Bf16",
    "Q4_K_M",
    "bf16 ",
    "fp1",
    "q4_k_mm",
    "full",
    "full16",
    "lora",
    "qlora",
    "inference",
    "FULL",
    "QLoRA",
    "Full16",
    "none",
    "selective",
    "NONE",
    "Selective",
    "llama-3.1-70b",
    "llama-3-8b",
    "deepseek-v3",
    "mixtral-8x7b",
    "gemma-2-9b",
    "gpt-oss-120b",
    "qwen3-30b-a3b",
    "mistral-7b",
    "h100-sxm",
    "rtx-4090",
    "apple-m3-max",
    "apple-m1-max",
    "a100-sxm-80gb",
    "mi300x",
    "tpu-v5e",
    "h100",
    "llama",
    "LLAMA-3.1-70B",
};
#define FZ_N_COMMON_WORDS (sizeof(fz_common_words) / sizeof(fz_common_words[0]))

/* What fz_bind bound, for the targets' invariants. */
enum { FZ_NULL, FZ_INT, FZ_FLOAT, FZ_TEXT, FZ_BLOB };

/* Bind word w as text; with edit, first changed as the input says: one
** byte's case flipped, cut short, a byte appended or a byte replaced. */
static inline void fz_bind_word(sqlite3_stmt *st, int idx, const char *w,
                                fz_in *in, int edit) {
  char buf[160];
  size_t len = strlen(w);
  if (len > 150) len = 150;
  memcpy(buf, w, len);
  if (edit) {
    unsigned op = fz_u8(in), arg = fz_u8(in);
    switch (op % 4) {
      case 0: /* flip the case of one byte */
        if (len) buf[arg % len] ^= 0x20;
        break;
      case 1: /* cut */
        if (len) len = arg % len;
        break;
      case 2: /* append a byte */
        buf[len++] = (char)arg;
        break;
      default: /* replace a byte */
        if (len) buf[arg % len] = (char)fz_u8(in);
        break;
    }
  }
  sqlite3_bind_text(st, idx, buf, (int)len, SQLITE_TRANSIENT);
}

/* Bind parameter idx from the input. Layout: one type byte, then the
** payload it asks for. extra_words (may be NULL) widen the word list. */
static inline int fz_bind(sqlite3_stmt *st, int idx, fz_in *in,
                          const char *const *extra_words, int n_extra) {
  unsigned t = fz_u8(in);
  size_t n;
  const uint8_t *b;
  switch (t % 12) {
    case 0:
      sqlite3_bind_null(st, idx);
      return FZ_NULL;
    case 1: /* a small integer */
      sqlite3_bind_int64(st, idx, (sqlite3_int64)(int8_t)fz_u8(in));
      return FZ_INT;
    case 2: /* an edge integer */
      sqlite3_bind_int64(st, idx,
                         fz_special_ints[fz_u8(in) % FZ_N_SPECIAL_INTS]);
      return FZ_INT;
    case 3: /* any 64-bit integer */
      sqlite3_bind_int64(st, idx, (sqlite3_int64)fz_u64(in));
      return FZ_INT;
    case 4: { /* an edge double; SQLite binds NaN as NULL */
      double d = fz_special_doubles[fz_u8(in) % FZ_N_SPECIAL_DOUBLES];
      sqlite3_bind_double(st, idx, d);
      return isnan(d) ? FZ_NULL : FZ_FLOAT;
    }
    case 5: { /* any double, NaN payloads and all */
      uint64_t u = fz_u64(in);
      double d;
      memcpy(&d, &u, sizeof d);
      sqlite3_bind_double(st, idx, d);
      return isnan(d) ? FZ_NULL : FZ_FLOAT;
    }
    case 6: { /* a double from a small mantissa and exponent */
      int m = (int8_t)fz_u8(in);
      int e = (int8_t)fz_u8(in);
      sqlite3_bind_double(st, idx, ldexp((double)m, e * 9));
      return FZ_FLOAT;
    }
    case 7: /* text: arbitrary bytes, NUL included */
      b = fz_bytes(in, fz_u8(in) % 128, &n);
      sqlite3_bind_text(st, idx, (const char *)b, (int)n, SQLITE_TRANSIENT);
      return FZ_TEXT;
    case 8: /* a blob */
      b = fz_bytes(in, fz_u8(in) % 64, &n);
      sqlite3_bind_blob(st, idx, b, (int)n, SQLITE_TRANSIENT);
      return FZ_BLOB;
    case 9:
    case 10: { /* a word, maybe a target's own */
      unsigned k = fz_u8(in);
      unsigned total = FZ_N_COMMON_WORDS + (unsigned)n_extra;
      const char *w = k % total < FZ_N_COMMON_WORDS
                          ? fz_common_words[k % total]
                          : extra_words[k % total - FZ_N_COMMON_WORDS];
      sqlite3_bind_text(st, idx, w, -1, SQLITE_TRANSIENT);
      return FZ_TEXT;
    }
    default: { /* a word, edited */
      unsigned k = fz_u8(in);
      unsigned total = FZ_N_COMMON_WORDS + (unsigned)n_extra;
      const char *w = k % total < FZ_N_COMMON_WORDS
                          ? fz_common_words[k % total]
                          : extra_words[k % total - FZ_N_COMMON_WORDS];
      fz_bind_word(st, idx, w, in, 1);
      return FZ_TEXT;
    }
  }
}

#endif /* GPUADV_FUZZ_COMMON_H */
