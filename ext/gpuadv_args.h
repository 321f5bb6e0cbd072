/*
** gpuadv_args.h: turning sqlite3_value arguments into checked numbers and
** keywords, and writing the error messages. The one place that knows the
** SQL conventions of README "Conventions":
**
**   - NULL in a required argument makes the result NULL; NULL in an optional
**     argument takes its default;
**   - integers, reals and numeric text (' 7 ', '7.5', '1e3') are numbers;
**     other text and blobs are errors;
**   - NaN, Infinity ('inf', '1e999') and values out of range are errors;
**   - keywords are case-insensitive text;
**   - a result that is not finite is an error, never a value; so is a zero
**     result that is not a true zero (it underflowed, or an intermediate
**     value overflowed);
**   - no result is -0.0.
**
** Every message names the function and argument, says what was expected and
** shows the value received:
**   decode_tps(): mem_bw_gbs must be > 0, got -3
*/
#ifndef GPUADV_ARGS_H
#define GPUADV_ARGS_H

#include <fenv.h>
#include <float.h>
#include <sqlite3ext.h>

#include "gpuadv_math.h"

/* What an argument holds. */
enum gpuadv_arg_kind {
  GPUADV_ARG_NUMBER,   /* any finite number within range */
  GPUADV_ARG_WHOLE,    /* a whole number within range */
  GPUADV_ARG_PARAMS_B, /* > 0 and <= GPUADV_MAX_PARAMS_B: billions */
  GPUADV_ARG_KEYWORD,  /* one of keywords[]; value is its index */
  GPUADV_ARG_DTYPE,    /* a gpuadv_dtypes[] name; value is its index */
  GPUADV_ARG_NAME      /* text, a catalog key; the caller looks it up */
};

/* What a GPUADV_ARG_NAME argument may be (kept in its range field). */
enum gpuadv_name_kind {
  GPUADV_NAME_CATALOG,   /* text: a catalog key */
  GPUADV_NAME_OR_CONFIG, /* that, or a config.json as text or blob */
  GPUADV_NAME_TEXT       /* any text the function reads itself */
};

/* Which bounds apply to a number. */
enum gpuadv_range {
  GPUADV_RANGE_ANY,
  GPUADV_RANGE_GT,      /* x > lo */
  GPUADV_RANGE_GE,      /* x >= lo */
  GPUADV_RANGE_OPEN_LO, /* lo < x <= hi */
  GPUADV_RANGE_OPEN_HI, /* lo <= x < hi */
  GPUADV_RANGE_CLOSED   /* lo <= x <= hi */
};

typedef struct gpuadv_arg {
  const char *name;            /* as README calls it */
  unsigned char kind;          /* enum gpuadv_arg_kind */
  unsigned char range;         /* enum gpuadv_range */
  double lo, hi;               /* bounds for the range */
  double dflt;                 /* value when an optional arg is absent */
  const char *const *keywords; /* NULL-terminated, for GPUADV_ARG_KEYWORD;
                                  ** 0 for GPUADV_ARG_DTYPE (the dtypes) */
  /* The range as inclusive bounds, for the one-comparison-pair fast path
  ** of number arguments (NaN and Infinity fail it too). The macros below
  ** fill them in. */
  double fast_lo, fast_hi;
} gpuadv_arg;

/* The next double past an exclusive bound; exact for the bounds used (0
** and 1) and within one unit in the last place for others. */
#define GPUADV_NEXT_UP(x)              \
  ((x) == 0  ? DBL_TRUE_MIN            \
   : (x) > 0 ? (x) * (1 + DBL_EPSILON) \
             : (x) * (1 - DBL_EPSILON))
#define GPUADV_NEXT_DOWN(x)                \
  ((x) == 0  ? -DBL_TRUE_MIN               \
   : (x) > 0 ? (x) * (1 - DBL_EPSILON / 2) \
             : (x) * (1 + DBL_EPSILON / 2))
#define GPUADV_FAST_LO(range, lo)                                \
  ((range) == GPUADV_RANGE_GT || (range) == GPUADV_RANGE_OPEN_LO \
       ? GPUADV_NEXT_UP(lo)                                      \
   : (range) == GPUADV_RANGE_ANY ? -DBL_MAX                      \
                                 : (lo))
#define GPUADV_FAST_HI(range, hi)                                        \
  ((range) == GPUADV_RANGE_OPEN_HI ? GPUADV_NEXT_DOWN(hi)                \
   : ((range) == GPUADV_RANGE_OPEN_LO || (range) == GPUADV_RANGE_CLOSED) \
       ? (hi)                                                            \
       : DBL_MAX)

/* Argument specs for the signature tables. */
#define GPUADV_NUM(name, range, lo, hi, dflt)                \
  {                                                          \
    name, GPUADV_ARG_NUMBER, range, lo, hi, dflt, 0,         \
        GPUADV_FAST_LO(range, lo), GPUADV_FAST_HI(range, hi) \
  }
#define GPUADV_POSITIVE(name) GPUADV_NUM(name, GPUADV_RANGE_GT, 0, 0, 0)
#define GPUADV_NONNEG(name) GPUADV_NUM(name, GPUADV_RANGE_GE, 0, 0, 0)
#define GPUADV_FRACTION(name, dflt) \
  GPUADV_NUM(name, GPUADV_RANGE_OPEN_LO, 0, 1, dflt)
#define GPUADV_HEADROOM(name) GPUADV_NUM(name, GPUADV_RANGE_OPEN_HI, 0, 1, 0)
/* Whole-number bounds must lie inside +-2^53 (the fast path casts). */
#define GPUADV_WHOLE(name, lo, hi, dflt) \
  { name, GPUADV_ARG_WHOLE, GPUADV_RANGE_CLOSED, lo, hi, dflt, 0, lo, hi }
#define GPUADV_PARAMS_B(name)                               \
  {                                                         \
    name, GPUADV_ARG_PARAMS_B, 0, 0, 0, 0, 0, DBL_TRUE_MIN, \
        GPUADV_MAX_PARAMS_B                                 \
  }
#define GPUADV_DTYPE(name, dflt) \
  { name, GPUADV_ARG_DTYPE, 0, 0, 0, dflt, 0, 0, 0 }
#define GPUADV_KEYWORD(name, list, dflt) \
  { name, GPUADV_ARG_KEYWORD, 0, 0, 0, dflt, list, 0, 0 }
#define GPUADV_NAME(name) \
  { name, GPUADV_ARG_NAME, GPUADV_NAME_CATALOG, 0, 0, 0, 0, 0, 0 }
/* Text the function parses itself (a traffic profile). */
#define GPUADV_TEXT(name) \
  { name, GPUADV_ARG_NAME, GPUADV_NAME_TEXT, 0, 0, 0, 0, 0, 0 }
/* A model: a catalog name, or the text of a config.json, which may come
** as a blob (the sqlite3 shell's readfile() returns one). */
#define GPUADV_MODEL(name) \
  { name, GPUADV_ARG_NAME, GPUADV_NAME_OR_CONFIG, 0, 0, 0, 0, 0, 0 }

#define GPUADV_MAX_ARGS 18

/* One SQL function's signature: arguments past n_required are optional
** and registered as separate arities of the same name. */
typedef struct gpuadv_fn {
  const char *name;
  int n_required;
  int n_args;
  gpuadv_arg args[GPUADV_MAX_ARGS];
} gpuadv_fn;

/* One row of a registration table: a signature and its implementation. */
typedef struct gpuadv_fn_entry {
  const gpuadv_fn *fn; /* name and arities: n_required .. n_args */
  void (*xFunc)(sqlite3_context *, int, sqlite3_value **);
} gpuadv_fn_entry;

/* Every function is pure: the same arguments give the same result, and
** nothing reads files, the clock or the database (the catalogs are
** constants compiled in). INNOCUOUS lets views, triggers, CHECK constraints
** and generated columns of a database opened with PRAGMA
** trusted_schema=OFF use them; audited: no side effects, no allocation that
** outlives the call, bounded work. */
#define GPUADV_FUNC_FLAGS \
  (SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS)

/* Defines getter, which gives a file's registration table (a static array
** of gpuadv_fn_entry) and, in *pn, its length (gpuadv_fn_tables lists
** the getters). */
#define GPUADV_FN_TABLE_GET(getter, table)         \
  const gpuadv_fn_entry *getter(int *pn) {         \
    *pn = (int)(sizeof(table) / sizeof(table[0])); \
    return table;                                  \
  }

/* Register every arity of every function of a table; stops at the first
** failure and says which in *pzErrMsg. */
int gpuadv_register_fn_table(sqlite3 *db, const gpuadv_fn_entry *table,
                             int n_entries, char **pzErrMsg);

/* The slow path: every rule of README "Conventions".
** Fill out[0..fn->n_args-1] from argv (keyword and dtype arguments as their
** index; GPUADV_ARG_NAME arguments as 0 after checking they are text).
** Returns 1 when the caller should compute; 0 when the result has
** been set already (NULL, or an error). */
int gpuadv_args_parse(sqlite3_context *ctx, const gpuadv_fn *fn, int argc,
                      sqlite3_value **argv, double *out);

/* The index of text value v in the dtypes (words == 0) or in words; -1
** when it is not text or not one of them. */
int gpuadv_keyword_value(sqlite3_value *v, const char *const *words);

/* After a cache miss on keyword argument i, maybe remember its index idx
** with sqlite3_set_auxdata (as a pointer into a static table of indexes). SQLite keeps it for the
** statement's life when the argument is a constant, so later rows skip the
** lookup. On an argument that changes every row (a column) it would be
** dropped after each call, and setting it costs a malloc, a free and a
** mutex, about ten times the lookup; so only one miss in
** GPUADV_CACHE_SAMPLE sets it: a constant is cached within that many rows,
** and a column pays for the malloc on that share of rows only. */
void gpuadv_keyword_cache(sqlite3_context *ctx, int i, int idx);

/* The inlined calls below go through the same API table as the .c files. */
SQLITE_EXTENSION_INIT3

#if defined(__GNUC__) || defined(__clang__)
#define GPUADV_INLINE static inline __attribute__((always_inline))
/* Unrolled, the loop over a constant signature folds to straight-line code
** with each argument's kind and bounds as constants. The count must be at
** least GPUADV_MAX_ARGS (checked below): left partly rolled, the loop of a
** 14-argument function cost 190 more instructions per call. */
#define GPUADV_UNROLL_ARGS _Pragma("GCC unroll 18")
#define GPUADV_UNROLL_ARGS_COUNT 18
#else
#define GPUADV_INLINE static inline
#define GPUADV_UNROLL_ARGS
#define GPUADV_UNROLL_ARGS_COUNT GPUADV_MAX_ARGS
#endif
/* C99 has no _Static_assert: a negative array size fails the build. */
typedef char
    gpuadv_unroll_covers_args[GPUADV_UNROLL_ARGS_COUNT >= GPUADV_MAX_ARGS ? 1
                                                                          : -1];

/* Whether number x is inside argument a's bounds and, for a whole-number
** argument, whole: the common case, decided the same way by both paths.
** NaN and Infinity fail the bounds too. Whole-number bounds lie well inside
** the int64 range, so the cast is defined once the bounds hold. */
GPUADV_INLINE int gpuadv_number_fits(const gpuadv_arg *a, double x) {
  return x >= a->fast_lo && x <= a->fast_hi &&
         (a->kind != GPUADV_ARG_WHOLE || x == (double)(sqlite3_int64)x);
}

/* The fast path, inlined into each wrapper with its constant signature:
** 1 when every argument given is a number of the right type inside its
** bounds, a known keyword, or text for a catalog name; out[] is then filled
** as gpuadv_args_parse would. 0 on anything else (NULL, numeric text,
** errors), where the caller falls back to gpuadv_args_parse, which applies
** every rule and writes the message; nothing has been set on ctx.
**
** It costs one sqlite3_value_type and one sqlite3_value_double per number,
** against the one sqlite3_value_double that any SQL function pays. */
GPUADV_INLINE int gpuadv_args_fast(sqlite3_context *ctx, const gpuadv_fn *fn,
                                   int argc, sqlite3_value **argv,
                                   double *out) {
  int i;
  GPUADV_UNROLL_ARGS
  for (i = 0; i < GPUADV_MAX_ARGS; i++) {
    const gpuadv_arg *a = &fn->args[i];
    if (i >= fn->n_args) break;
    if (i >= argc) {
      out[i] = a->dflt;
      continue;
    }
    if (a->kind <= GPUADV_ARG_PARAMS_B) {
      int type = sqlite3_value_type(argv[i]);
      double x;
      if (type != SQLITE_FLOAT && type != SQLITE_INTEGER) return 0;
      x = sqlite3_value_double(argv[i]);
      if (!gpuadv_number_fits(a, x)) return 0;
      out[i] = x;
    } else if (a->kind == GPUADV_ARG_NAME) {
      if (sqlite3_value_type(argv[i]) != SQLITE_TEXT) return 0;
      out[i] = 0.0;
    } else {
      /* A keyword or dtype (a->keywords is 0 for the dtypes). A constant
      ** one is looked up on one of the first rows only (gpuadv_keyword_cache
      ** says why not always the first): SQLite keeps the auxdata of
      ** constant arguments for the statement's life. */
      const unsigned char *hit =
          (const unsigned char *)sqlite3_get_auxdata(ctx, i);
      int idx;
      if (hit) {
        idx = *hit;
      } else {
        idx = gpuadv_keyword_value(argv[i], a->keywords);
        if (idx < 0) return 0;
        gpuadv_keyword_cache(ctx, i, idx);
      }
      out[i] = (double)idx;
    }
  }
  return 1;
}

/* Both paths: 1 when the caller should compute, 0 when the result is set. */
#define GPUADV_ARGS(ctx, fn, argc, argv, out)    \
  (gpuadv_args_fast(ctx, fn, argc, argv, out) || \
   gpuadv_args_parse(ctx, fn, argc, argv, out))

/* How many of the n bytes of z to quote in a message: at most max_bytes,
** cut at a character boundary so the message stays valid UTF-8. */
int gpuadv_utf8_prefix(const char *z, int n, int max_bytes);

/* The first bytes of z[0..n) for a message, as gpuadv_utf8_prefix cuts
** them, into out (NUL-terminated; 2 * max_bytes + 1 bytes always suffice),
** each NUL byte written as \0 so that the text is not cut there. Returns
** 1 when the text was cut, 0 when all of it is shown. */
int gpuadv_quote_bytes(char *out, int n_out, const char *z, int n,
                       int max_bytes);

/* A value as received, for the "got ..." of a message, into buf: a number
** as %.15g (-0 as 0), text quoted and cut as gpuadv_quote_bytes cuts it,
** "a blob of N bytes", or NULL. The functions and serving_sim say bad
** values the same way. */
void gpuadv_describe_value(sqlite3_value *v, char *buf, int n_buf);

/* Set an error "NAME(): MESSAGE" from a printf-style message. */
void gpuadv_result_errorf(sqlite3_context *ctx, const gpuadv_fn *fn,
                          const char *format, ...);

/* The errors of the result setters below. */
void gpuadv_result_not_finite(sqlite3_context *ctx, const gpuadv_fn *fn);
void gpuadv_result_too_large(sqlite3_context *ctx, const gpuadv_fn *fn);
void gpuadv_result_lost(sqlite3_context *ctx, const gpuadv_fn *fn);

/* Whether one of the arguments is a number equal to 0 (or -0; numeric
** text counts): a zero result is then a true zero. */
int gpuadv_args_have_zero(int argc, sqlite3_value **argv);

/* Set a REAL result, or an error when it is not finite. -0.0 becomes 0.0
** (x + 0.0 is x for every other x), so no result prints as -0.0. */
GPUADV_INLINE void gpuadv_result_double(sqlite3_context *ctx,
                                        const gpuadv_fn *fn, double value) {
  /* Finite values are within DBL_MAX of zero; NaN fails the comparison. */
  if (!(value >= -DBL_MAX && value <= DBL_MAX)) {
    gpuadv_result_not_finite(ctx, fn);
    return;
  }
  sqlite3_result_double(ctx, value + 0.0);
}

/* Set the REAL result of expr, a call of a formula on the arguments of the
** SQL function that uses it (every caller is an xFunc, whose parameters are
** argc and argv; expr is pure: evaluated again, it gives the same value).
**
** A zero result is an error when it is not a true zero: when it underflowed,
** or came from an intermediate value that overflowed to Infinity and was
** divided by (decode_tps with a batch of 1e299 gave 0.0 tokens/s so). Two
** tests, on the rare zero result only:
**   - no argument is zero (every estimate of non-zero quantities is
**     non-zero: one is 0 only when an input is, no bytes, no tokens, no
**     capital...); exact and deterministic;
**   - evaluated again with the floating-point status flags cleared (they are
**     sticky, and anything before may have left them set), expr raises
**     overflow or underflow: this also catches a zero input that only adds
**     a term (kv_gb = 0 in decode_tps). Valgrind does not emulate the flags;
**     there the first test alone applies.
** Other results pay one comparison. */
#if defined(FE_OVERFLOW) && defined(FE_UNDERFLOW)
#define GPUADV_FE_LOST (FE_OVERFLOW | FE_UNDERFLOW)
#else
/* No floating-point status flags (WebAssembly): the first test alone. */
#define GPUADV_FE_LOST 0
#endif
#define gpuadv_result_number(ctx, fn, expr)       \
  do {                                            \
    double gpuadv_value_ = (expr);                \
    if (gpuadv_value_ == 0.0) {                   \
      feclearexcept(GPUADV_FE_LOST);              \
      gpuadv_value_ = (expr);                     \
      if (fetestexcept(GPUADV_FE_LOST) ||         \
          !gpuadv_args_have_zero(argc, argv)) {   \
        gpuadv_result_lost(ctx, fn);              \
        break;                                    \
      }                                           \
    }                                             \
    gpuadv_result_double(ctx, fn, gpuadv_value_); \
  } while (0)

/* Set an INTEGER result from a whole double, or an error when it does not
** fit a 64-bit integer. */
GPUADV_INLINE void gpuadv_result_count(sqlite3_context *ctx,
                                       const gpuadv_fn *fn, double value) {
  /* 2^63 is the first double past the int64 range; NaN fails too. */
  if (!(value >= 0.0 && value < 9223372036854775808.0)) {
    gpuadv_result_too_large(ctx, fn);
    return;
  }
  sqlite3_result_int64(ctx, (sqlite3_int64)value);
}

#endif /* GPUADV_ARGS_H */
