/*
** gpuadv_args.c: argument parsing and error messages for every gpuadv SQL
** function. See gpuadv_args.h for the rules.
*/
#include "gpuadv_args.h"

#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "gpuadv_config.h"
#include "gpuadv_math.h"

/* Messages are built on the stack: no allocation on the error path. */
#define GPUADV_MSG_MAX 512
/* Text values are quoted in messages up to this many bytes. */
#define GPUADV_QUOTE_MAX 40

void gpuadv_result_errorf(sqlite3_context *ctx, const gpuadv_fn *fn,
                          const char *format, ...) {
  char msg[GPUADV_MSG_MAX];
  int n;
  va_list ap;
  sqlite3_snprintf(sizeof(msg), msg, "%s(): ", fn->name);
  n = (int)strlen(msg);
  va_start(ap, format);
  sqlite3_vsnprintf((int)sizeof(msg) - n, msg + n, format, ap);
  va_end(ap);
  sqlite3_result_error(ctx, msg, -1);
}

int gpuadv_utf8_prefix(const char *z, int n, int max_bytes) {
  int cut = n > max_bytes ? max_bytes : n;
  /* Back off over continuation bytes so a character is never split. */
  while (cut < n && cut > 0 && (((unsigned char)z[cut]) & 0xC0) == 0x80) cut--;
  return cut;
}

int gpuadv_quote_bytes(char *out, int n_out, const char *z, int n,
                       int max_bytes) {
  int shown = gpuadv_utf8_prefix(z, n, max_bytes), i, k = 0;
  assert(n_out >= 1);
  for (i = 0; i < shown && k < n_out - 1; i++) {
    if (z[i] == 0) {
      if (k + 2 > n_out - 1) break;
      out[k++] = '\\';
      out[k++] = '0';
    } else {
      out[k++] = z[i];
    }
  }
  out[k] = 0;
  return i < n;
}

void gpuadv_describe_value(sqlite3_value *v, char *buf, int n_buf) {
  switch (sqlite3_value_type(v)) {
    case SQLITE_INTEGER:
      sqlite3_snprintf(n_buf, buf, "%lld", sqlite3_value_int64(v));
      break;
    case SQLITE_FLOAT:
      /* + 0.0: -0.0 is shown as 0 */
      sqlite3_snprintf(n_buf, buf, "%.15g", sqlite3_value_double(v) + 0.0);
      break;
    case SQLITE_TEXT: {
      const char *z = (const char *)sqlite3_value_text(v);
      char shown[2 * GPUADV_QUOTE_MAX + 1];
      int cut;
      if (z == 0) z = "";
      cut = gpuadv_quote_bytes(shown, (int)sizeof(shown), z,
                               sqlite3_value_bytes(v), GPUADV_QUOTE_MAX);
      sqlite3_snprintf(n_buf, buf, cut ? "'%s...'" : "'%s'", shown);
      break;
    }
    case SQLITE_BLOB:
      sqlite3_snprintf(n_buf, buf, "a blob of %d byte%s",
                       sqlite3_value_bytes(v),
                       sqlite3_value_bytes(v) == 1 ? "" : "s");
      break;
    default:
      sqlite3_snprintf(n_buf, buf, "NULL");
      break;
  }
}

/* "must be > 0" and its kin, for a number argument's range. */
static void describe_range(const gpuadv_arg *a, char *buf, int n_buf) {
  const char *whole = a->kind == GPUADV_ARG_WHOLE ? "a whole number " : "";
  switch (a->range) {
    case GPUADV_RANGE_GT:
      sqlite3_snprintf(n_buf, buf, "%s> %.15g", whole, a->lo);
      break;
    case GPUADV_RANGE_GE:
      sqlite3_snprintf(n_buf, buf, "%s>= %.15g", whole, a->lo);
      break;
    case GPUADV_RANGE_OPEN_LO:
      sqlite3_snprintf(n_buf, buf, "%sin (%.15g, %.15g]", whole, a->lo, a->hi);
      break;
    case GPUADV_RANGE_OPEN_HI:
      sqlite3_snprintf(n_buf, buf, "%sin [%.15g, %.15g)", whole, a->lo, a->hi);
      break;
    case GPUADV_RANGE_CLOSED:
      sqlite3_snprintf(n_buf, buf, "%sin [%.15g, %.15g]", whole, a->lo, a->hi);
      break;
    default:
      sqlite3_snprintf(n_buf, buf, "%sa finite number", whole);
      break;
  }
}

/* The list "fp32, tf32, ..." of a keyword argument's choices. */
static void list_choices(const gpuadv_arg *a, char *buf, int n_buf) {
  int i, n = 0;
  buf[0] = 0;
  if (a->kind == GPUADV_ARG_DTYPE) {
    for (i = 0; i < gpuadv_n_dtypes && n < n_buf - 1; i++) {
      sqlite3_snprintf(n_buf - n, buf + n, "%s%s", i ? ", " : "",
                       gpuadv_dtypes[i].name);
      n += (int)strlen(buf + n);
    }
  } else {
    for (i = 0; a->keywords[i] && n < n_buf - 1; i++) {
      sqlite3_snprintf(n_buf - n, buf + n, "%s%s", i ? ", " : "",
                       a->keywords[i]);
      n += (int)strlen(buf + n);
    }
  }
}

int gpuadv_keyword_value(sqlite3_value *v, const char *const *words) {
  const char *z;
  if (sqlite3_value_type(v) != SQLITE_TEXT) return -1;
  z = (const char *)sqlite3_value_text(v);
  if (z == 0) return -1;
  if (words == 0) return gpuadv_dtype_find(z, sqlite3_value_bytes(v));
  return gpuadv_keyword_find(words, z, sqlite3_value_bytes(v));
}

/* Misses seen by this thread; a counter per thread needs no lock. */
#define GPUADV_CACHE_SAMPLE 64
static _Thread_local unsigned keyword_misses;

/* What a cached keyword's auxdata points at: its index (auxdata holds
** pointers, and these need no freeing). Longer keyword lists go uncached. */
static const unsigned char keyword_indexes[] = {0, 1, 2,  3,  4,  5,  6,  7,
                                                8, 9, 10, 11, 12, 13, 14, 15};

void gpuadv_keyword_cache(sqlite3_context *ctx, int i, int idx) {
  if (idx < (int)sizeof(keyword_indexes) &&
      keyword_misses++ % GPUADV_CACHE_SAMPLE == 0) {
    sqlite3_set_auxdata(ctx, i, (void *)&keyword_indexes[idx], 0);
  }
}

/* Parse keyword argument i into *out; 0 after setting an error. */
static int parse_keyword(sqlite3_context *ctx, const gpuadv_fn *fn, int i,
                         sqlite3_value *v, double *out) {
  const gpuadv_arg *a = &fn->args[i];
  int idx = gpuadv_keyword_value(v, a->keywords); /* 0 for the dtypes */
  if (idx < 0) {
    char choices[GPUADV_MSG_MAX / 2], got[GPUADV_QUOTE_MAX + 32];
    list_choices(a, choices, (int)sizeof(choices));
    gpuadv_describe_value(v, got, (int)sizeof(got));
    gpuadv_result_errorf(ctx, fn, "%s must be one of %s; got %s", a->name,
                         choices, got);
    return 0;
  }
  *out = (double)idx;
  return 1;
}

/* Parse number argument i into *out; 0 after setting an error. The value
** is described for the message only on the error path. */
static int parse_number(sqlite3_context *ctx, const gpuadv_fn *fn, int i,
                        sqlite3_value *v, double *out) {
  const gpuadv_arg *a = &fn->args[i];
  char got[GPUADV_QUOTE_MAX + 32];
  int type = sqlite3_value_type(v);
  double x;
  if (type != SQLITE_INTEGER && type != SQLITE_FLOAT) {
    type = sqlite3_value_numeric_type(v); /* converts numeric text */
    if (type != SQLITE_INTEGER && type != SQLITE_FLOAT) {
      gpuadv_describe_value(v, got, (int)sizeof(got));
      gpuadv_result_errorf(ctx, fn, "%s must be a number, got %s", a->name,
                           got);
      return 0;
    }
  }
  x = sqlite3_value_double(v);
  if (!isfinite(x)) {
    gpuadv_describe_value(v, got, (int)sizeof(got));
    gpuadv_result_errorf(ctx, fn, "%s must be a finite number, got %s", a->name,
                         got);
    return 0;
  }
  if (a->kind == GPUADV_ARG_PARAMS_B) {
    if (x > GPUADV_MAX_PARAMS_B) {
      gpuadv_describe_value(v, got, (int)sizeof(got));
      gpuadv_result_errorf(ctx, fn,
                           "%s must be in billions of parameters (7 for a 7B "
                           "model, at most %.15g), got %s",
                           a->name, GPUADV_MAX_PARAMS_B, got);
      return 0;
    }
    if (!(x > 0.0)) {
      gpuadv_describe_value(v, got, (int)sizeof(got));
      gpuadv_result_errorf(ctx, fn, "%s must be > 0, got %s", a->name, got);
      return 0;
    }
  } else if (!gpuadv_number_fits(a, x)) {
    /* The bounds as the fast path reads them (one representation: the
    ** range and its inclusive fast_lo/fast_hi, filled by the same macro). */
    char want[96];
    gpuadv_describe_value(v, got, (int)sizeof(got));
    describe_range(a, want, (int)sizeof(want));
    gpuadv_result_errorf(ctx, fn, "%s must be %s, got %s", a->name, want, got);
    return 0;
  }
  *out = x;
  return 1;
}

/* A catalog name must be text; the caller looks it up. */
static int parse_name(sqlite3_context *ctx, const gpuadv_fn *fn, int i,
                      sqlite3_value *v, double *out) {
  int or_config = fn->args[i].range == GPUADV_NAME_OR_CONFIG;
  if (or_config && sqlite3_value_type(v) == SQLITE_BLOB) {
    const char *z = (const char *)sqlite3_value_blob(v);
    if (z && gpuadv_config_is_json(z, sqlite3_value_bytes(v))) {
      *out = 0.0;
      return 1;
    }
  }
  if (sqlite3_value_type(v) != SQLITE_TEXT) {
    char got[GPUADV_QUOTE_MAX + 32];
    gpuadv_describe_value(v, got, (int)sizeof(got));
    gpuadv_result_errorf(ctx, fn, "%s must be %s%s, got %s", fn->args[i].name,
                         fn->args[i].range == GPUADV_NAME_TEXT
                             ? "text"
                             : "a catalog name (text)",
                         or_config ? " or a config.json object" : "", got);
    return 0;
  }
  *out = 0.0;
  return 1;
}

/* Whether a required argument after position i is NULL: the SQL NULL rule
** wins over an error in an earlier argument. Checked on the slow path only. */
static int later_required_null(const gpuadv_fn *fn, int argc,
                               sqlite3_value **argv, int i) {
  for (i++; i < fn->n_required && i < argc; i++) {
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL) return 1;
  }
  return 0;
}

int gpuadv_args_parse(sqlite3_context *ctx, const gpuadv_fn *fn, int argc,
                      sqlite3_value **argv, double *out) {
  int i;
  for (i = 0; i < argc; i++) {
    const gpuadv_arg *a = &fn->args[i];
    sqlite3_value *v = argv[i];
    int type = sqlite3_value_type(v);
    int ok;
    if (type == SQLITE_FLOAT || type == SQLITE_INTEGER) {
      double x = sqlite3_value_double(v);
      /* One comparison pair decides the common case; exclusive bounds,
      ** NaN and Infinity are in fast_lo/fast_hi. */
      if (a->kind <= GPUADV_ARG_PARAMS_B && gpuadv_number_fits(a, x)) {
        out[i] = x;
        continue;
      }
    } else if (type == SQLITE_NULL) {
      if (i < fn->n_required) {
        sqlite3_result_null(ctx);
        return 0;
      }
      out[i] = a->dflt;
      continue;
    }
    /* Text, keywords, catalog names, and numbers that will be an error. */
    if (later_required_null(fn, argc, argv, i)) {
      sqlite3_result_null(ctx);
      return 0;
    }
    if (a->kind == GPUADV_ARG_KEYWORD || a->kind == GPUADV_ARG_DTYPE) {
      ok = parse_keyword(ctx, fn, i, v, &out[i]);
    } else if (a->kind == GPUADV_ARG_NAME) {
      ok = parse_name(ctx, fn, i, v, &out[i]);
    } else {
      ok = parse_number(ctx, fn, i, v, &out[i]);
    }
    if (!ok) return 0;
  }
  for (; i < fn->n_args; i++) out[i] = fn->args[i].dflt;
  return 1;
}

void gpuadv_result_not_finite(sqlite3_context *ctx, const gpuadv_fn *fn) {
  gpuadv_result_errorf(ctx, fn,
                       "result is not a finite number (the inputs are too "
                       "large)");
}

void gpuadv_result_lost(sqlite3_context *ctx, const gpuadv_fn *fn) {
  gpuadv_result_errorf(ctx, fn,
                       "result is 0 from non-zero inputs: it underflows, or "
                       "an intermediate value overflows (the inputs are too "
                       "large or too small)");
}

int gpuadv_args_have_zero(int argc, sqlite3_value **argv) {
  int i;
  for (i = 0; i < argc; i++) {
    int type = sqlite3_value_type(argv[i]);
    if (type == SQLITE_TEXT) {
      /* Numeric text was read as a number; keywords and names are not. */
      type = sqlite3_value_numeric_type(argv[i]);
    }
    if ((type == SQLITE_INTEGER || type == SQLITE_FLOAT) &&
        sqlite3_value_double(argv[i]) == 0.0) {
      return 1;
    }
  }
  return 0;
}

void gpuadv_result_too_large(sqlite3_context *ctx, const gpuadv_fn *fn) {
  gpuadv_result_errorf(ctx, fn,
                       "result does not fit a 64-bit integer (the inputs "
                       "are too large)");
}

int gpuadv_register_fn_table(sqlite3 *db, const gpuadv_fn_entry *table,
                             int n_entries, char **pzErrMsg) {
  int i;
  for (i = 0; i < n_entries; i++) {
    const gpuadv_fn *fn = table[i].fn;
    int n_arg;
    for (n_arg = fn->n_required; n_arg <= fn->n_args; n_arg++) {
      int rc = sqlite3_create_function_v2(
          db, fn->name, n_arg, GPUADV_FUNC_FLAGS, 0, table[i].xFunc, 0, 0, 0);
      if (rc != SQLITE_OK) {
        if (pzErrMsg) {
          *pzErrMsg = sqlite3_mprintf("gpuadv: cannot register %s/%d: %s",
                                      fn->name, n_arg, sqlite3_errmsg(db));
        }
        return rc;
      }
    }
  }
  return SQLITE_OK;
}
