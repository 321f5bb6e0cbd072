/*
** fuzz_catalog.c: the catalog tables (gpus, models, cloud_instances,
** measurements) under arbitrary constraints, and the catalog-aware
** functions (model_weights_gb, model_kv_gb, model_decode_tps,
** model_prefill_tps) with fuzzed names, which takes the "closest names"
** suggestion path.
**
** Input: byte 0 picks the mode (mode = byte 0 % 8):
**   0-4  one table, a WHERE clause of 1 to 3 fuzzer-built terms
**        (table byte, term count byte, a connector byte per AND/OR, then
**        per term: column, operator, parameters ?1..?4, NOT); the answer
**        through the table's own plan (binary search when an indexed column
**        is constrained by =) must equal the answer over a forced full scan,
**        the same table read through (SELECT rowid AS rid, * FROM t LIMIT
**        -1), which keeps column affinity and collation but gives the
**        virtual table no constraint;
**   5    a join of two catalogs on their key columns, direct vs both
**        scanned, with a fuzzed term;
**   6-7  a catalog-aware function, every arity, names mostly catalog names,
**        edited or not.
** Values are bound by cat_bind(): a catalog value (gpu, model, provider,
** measurement id ...), maybe edited, or any fz_bind() value.
**
** Invariants:
**   - direct and scanned answers agree: count(*), total(rowid) and
**     total(length(first column)), unless a parameter is an alias (or a
**     name with spaces or underscores), which only the name lookup of
**     gpus and models knows;
**   - a catalog function succeeds only for catalog names and aliases (ASCII
**     case ignored); an unknown name is an error whose "closest:" list
**     holds three distinct names of that catalog, an ambiguous one an
**     error whose "could be" list holds two to six; a NULL required
**     argument gives NULL; an error message
**     names the function; a REAL result is finite and >= 0;
**   - model_weights_gb(m, d) = models.params_b * bytes_per_param(d) exactly
**     for 16- and 32-bit and GGUF types, and for the quantised ones the
**     checkpoint's: the embedding and head (2 x vocab x hidden) at 2 bytes,
**     the rest at the dtype's bytes with its block scales;
**     model_kv_gb of a model without MLA or linear-attention layers (whose
**     fixed state is not a KV cache) equals kv_cache_gb of its shape when no
**     sliding window applies, and never exceeds it.
*/
#include <stdarg.h>

#include "fuzz_common.h"

static sqlite3 *db;

/* ------------------------------------------------------------ set-up */

typedef struct table_info {
  const char *name;
  int n_cols;
  char *cols[64];
} table_info;

static table_info tables[] = {
    {"gpus", 0, {0}},
    {"models", 0, {0}},
    {"cloud_instances", 0, {0}},
    {"measurements", 0, {0}},
};
#define N_TABLES 4

/* Columns an index may answer, or that join the catalogs. */
static const char *const key_cols[] = {"name",  "id",     "gpu",   "provider",
                                       "model", "region", "vendor"};

typedef struct word_list {
  char **w;
  int n;
} word_list;

static word_list pool, model_names, gpu_names;
/* Every name and alias of a catalog, ASCII-lowercased: what the functions
** accept. */
static word_list model_keys, gpu_keys;
/* SQL for the lookup form of a name: lowercase, spaces and underscores as
** hyphens (fold_char in ext/gpuadv_catalog_lookup.c). */
#define FOLD(col) "replace(replace(lower(" col "), ' ', '-'), '_', '-')"

static void load_words(word_list *l, const char *sql) {
  sqlite3_stmt *st;
  FZ_CHECK(sqlite3_prepare_v2(db, sql, -1, &st, 0) == SQLITE_OK, "%s: %s", sql,
           sqlite3_errmsg(db));
  while (sqlite3_step(st) == SQLITE_ROW) {
    const char *z = (const char *)sqlite3_column_text(st, 0);
    if (!z) continue;
    l->w = realloc(l->w, sizeof(char *) * (size_t)(l->n + 1));
    FZ_CHECK(l->w != 0, "out of memory");
    l->w[l->n++] = strdup(z);
  }
  sqlite3_finalize(st);
  FZ_CHECK(l->n >= 3, "%s: %d rows", sql, l->n);
}

static int in_list(const word_list *l, const char *z, int n) {
  int i;
  for (i = 0; i < l->n; i++) {
    if ((int)strlen(l->w[i]) == n && memcmp(l->w[i], z, (size_t)n) == 0) {
      return 1;
    }
  }
  return 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  int t;
  (void)argc;
  (void)argv;
  db = fz_open();
  for (t = 0; t < N_TABLES; t++) {
    char sql[128];
    sqlite3_stmt *st;
    snprintf(sql, sizeof(sql), "SELECT name FROM pragma_table_info('%s')",
             tables[t].name);
    FZ_CHECK(sqlite3_prepare_v2(db, sql, -1, &st, 0) == SQLITE_OK, "%s",
             sqlite3_errmsg(db));
    while (sqlite3_step(st) == SQLITE_ROW && tables[t].n_cols < 64) {
      tables[t].cols[tables[t].n_cols++] =
          strdup((const char *)sqlite3_column_text(st, 0));
    }
    sqlite3_finalize(st);
    FZ_CHECK(tables[t].n_cols > 3, "%s has %d columns", tables[t].name,
             tables[t].n_cols);
  }
  load_words(&model_names, "SELECT name FROM models ORDER BY name");
  load_words(&gpu_names, "SELECT name FROM gpus ORDER BY name");
  /* the lookup form of names and aliases (is_name folds the same way) */
  load_words(&model_keys,
             "SELECT " FOLD("name") " FROM models UNION "
             "SELECT " FOLD("alias") " FROM aliases WHERE catalog = 'models'");
  load_words(&gpu_keys,
             "SELECT " FOLD("name") " FROM gpus UNION "
             "SELECT " FOLD("alias") " FROM aliases WHERE catalog = 'gpus'");
  load_words(&pool,
             "SELECT name FROM gpus UNION SELECT name FROM models "
             "UNION SELECT provider FROM cloud_instances "
             "UNION SELECT gpu FROM cloud_instances "
             "UNION SELECT region FROM cloud_instances "
             "UNION SELECT id FROM measurements "
             "UNION SELECT gpu FROM measurements "
             "UNION SELECT model FROM measurements "
             "UNION SELECT vendor FROM gpus ORDER BY 1");
  sqlite3_close(db);
  db = 0;
  return 0;
}

/* ---------------------------------------------------------- binding */

/* A catalog value (maybe edited) or any fz_bind() value. */
static int cat_bind(sqlite3_stmt *st, int idx, fz_in *in) {
  unsigned t = fz_u8(in);
  if (t < 112) {
    unsigned k = fz_u8(in);
    k |= fz_u8(in) << 8;
    fz_bind_word(st, idx, pool.w[k % (unsigned)pool.n], in, t & 1);
    return FZ_TEXT;
  }
  return fz_bind(st, idx, in, 0, 0);
}

/* A name from one catalog (maybe edited), or cat_bind(). */
static int name_bind(sqlite3_stmt *st, int idx, fz_in *in, const word_list *l) {
  unsigned t = fz_u8(in);
  if (t < 160) {
    fz_bind_word(st, idx, l->w[fz_u8(in) % (unsigned)l->n], in, t & 1);
    return FZ_TEXT;
  }
  return cat_bind(st, idx, in);
}

/* ------------------------------------------------ direct vs scanned */

static const char *const ops[] = {
    "= %s",
    "== %s",
    "IS %s",
    "IS NOT %s",
    "!= %s",
    "< %s",
    "<= %s",
    "> %s",
    ">= %s",
    "LIKE %s",
    "GLOB %s",
    "IN (%s, %s)",
    "NOT IN (%s, %s)",
    "= %s COLLATE NOCASE",
    "= %s COLLATE RTRIM",
    "COLLATE NOCASE = %s",
    "= +%s",
    "= CAST(%s AS TEXT)",
    "= lower(%s)",
    "= %s || ''",
    "BETWEEN %s AND %s",
    "IS NULL",
    "= %s AND 1",
    "IN (%s)",
    "= (%s)",
    "= coalesce(%s, %s)",
};
#define N_OPS (sizeof(ops) / sizeof(ops[0]))

typedef struct sqlbuf {
  char z[2048];
  size_t n;
} sqlbuf;

static void put(sqlbuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  if (b->n < sizeof(b->z)) {
    int k = vsnprintf(b->z + b->n, sizeof(b->z) - b->n, fmt, ap);
    if (k > 0) b->n += (size_t)k;
  }
  va_end(ap);
}

/* The columns a query reads of one table, for the scanned subquery:
** "rowid AS rid, c1, c2, ..." (each once). */
typedef struct col_set {
  const char *c[8];
  int n;
} col_set;

static void use_col(col_set *s, const char *col) {
  int i;
  for (i = 0; i < s->n; i++) {
    if (strcmp(s->c[i], col) == 0) return;
  }
  if (s->n < 8) s->c[s->n++] = col;
}

/* "(SELECT rowid AS rid, c1, ... FROM table LIMIT -1)": the table with no
** constraint passed in, its columns' affinity and collation kept. */
static void put_scan(sqlbuf *b, const table_info *t, const col_set *s) {
  int i;
  put(b, "(SELECT rowid AS rid");
  for (i = 0; i < s->n; i++) put(b, ", %s", s->c[i]);
  put(b, " FROM %s LIMIT -1)", t->name);
}

/* One term "alias.col OP ?a" from the input; the column goes into s. */
static void put_term(sqlbuf *b, fz_in *in, const char *alias,
                     const table_info *t, col_set *s, int allow_collate,
                     const char *join_col) {
  unsigned c = fz_u8(in), o = fz_u8(in), p1 = fz_u8(in), p2 = fz_u8(in);
  const char *col =
      (c & 1) ? key_cols[(c >> 1) % (sizeof(key_cols) / sizeof(key_cols[0]))]
              : t->cols[(c >> 1) % (unsigned)t->n_cols];
  char a1[8], a2[8], op[128];
  int i, known = 0;
  for (i = 0; i < t->n_cols; i++) {
    if (strcmp(t->cols[i], col) == 0) {
      known = 1;
      col = t->cols[i];
    }
  }
  if (!known) col = t->cols[0];
  use_col(s, col);
  snprintf(a1, sizeof a1, "?%u", p1 % 4 + 1);
  snprintf(a2, sizeof a2, "?%u", p2 % 4 + 1);
  snprintf(op, sizeof op, ops[o % N_OPS], a1, a2);
  /* SQLite 3.40 itself gets `c = ?1 COLLATE NOCASE OR c = ?2` wrong on an
  ** indexed column (its OR-to-IN rewrite drops the collation; an ordinary
  ** table with an index answers the same wrong count), so terms joined by
  ** OR keep the BINARY collation. */
  if (!allow_collate && strstr(op, "COLLATE")) {
    snprintf(op, sizeof op, "= %s", a1);
  }
  /* Before 3.54, SQLite also gets `l.name IS ?1` wrong beside a join `ON
  ** r.gpu = l.name` whose comparison is BINARY: it carries the constant
  ** over to r.gpu and compares it there without the NOCASE of l.name (two
  ** ordinary tables give the same wrong count; 3.54.1 gives the right one).
  ** So on the join column a term is `=`, not IS. */
  if (join_col && strcmp(col, join_col) == 0 &&
      sqlite3_libversion_number() < 3054000 && strncmp(op, "IS ?", 4) == 0) {
    snprintf(op, sizeof op, "= %s", a1);
  }
  put(b, "%s%s.%s %s", (c & 0x80) ? "NOT " : "", alias, col, op);
}

/* Run a query of one row of three numbers; rc and the row in *out. */
static int run3(const char *sql, sqlite3_stmt *binds, double out[3]) {
  sqlite3_stmt *st;
  int rc = sqlite3_prepare_v2(db, sql, -1, &st, 0), i;
  FZ_CHECK(rc == SQLITE_OK, "prepare %s: %s", sql, sqlite3_errmsg(db));
  for (i = 1; i <= 4; i++) {
    /* Copy the parameters of the statement that bound them. */
    sqlite3_bind_value(st, i, sqlite3_column_value(binds, i - 1));
  }
  rc = sqlite3_step(st);
  if (rc == SQLITE_ROW) {
    for (i = 0; i < 3; i++) out[i] = sqlite3_column_double(st, i);
    rc = sqlite3_step(st);
    FZ_CHECK(rc == SQLITE_DONE, "%s: second row", sql);
  }
  sqlite3_finalize(st);
  return rc;
}

/* Bind ?1..?4 of "SELECT ?1, ?2, ?3, ?4" from the input: the values both
** queries then copy. */
static sqlite3_stmt *bind_params(fz_in *in) {
  sqlite3_stmt *st;
  int i;
  FZ_CHECK(
      sqlite3_prepare_v2(db, "SELECT ?1, ?2, ?3, ?4", -1, &st, 0) == SQLITE_OK,
      "prepare");
  for (i = 1; i <= 4; i++) cat_bind(st, i, in);
  FZ_CHECK(sqlite3_step(st) == SQLITE_ROW, "params");
  return st;
}

/* Whether a parameter is an alias of a gpus or models name, or a name
** spelt with spaces or underscores for hyphens: `name = ?` on those tables
** finds it through the name lookup, which a scan cannot know. */
static int alias_param(sqlite3_stmt *params) {
  sqlite3_stmt *st;
  int i, found = 0;
  st = fz_prepare(db,
                  "SELECT coalesce(gpu_name(?1), model_name(?1)) "
                  "<> ?1 COLLATE NOCASE");
  for (i = 0; i < 4 && !found; i++) {
    if (sqlite3_column_type(params, i) != SQLITE_TEXT) continue;
    sqlite3_bind_value(st, 1, sqlite3_column_value(params, i));
    if (sqlite3_step(st) == SQLITE_ROW) found = sqlite3_column_int(st, 0);
    sqlite3_reset(st);
  }
  sqlite3_finalize(st);
  return found;
}

static void compare(const char *direct, const char *scanned,
                    sqlite3_stmt *params) {
  double d[3] = {0, 0, 0}, s[3] = {0, 0, 0};
  int rd = run3(direct, params, d), rs = run3(scanned, params, s);
  if (alias_param(params)) {
    /* An alias: the lookup answers what the scan cannot. */
    FZ_CHECK(rd == rs, "direct rc %d, scanned rc %d\n  %s", rd, rs, direct);
    return;
  }
  fz_trace("%s\n  ?1=%s ?2=%s ?3=%s ?4=%s\n  -> rc %d: %g rows, %g, %g", direct,
           sqlite3_column_text(params, 0), sqlite3_column_text(params, 1),
           sqlite3_column_text(params, 2), sqlite3_column_text(params, 3), rd,
           d[0], d[1], d[2]);
  FZ_CHECK(rd == rs, "direct rc %d (%s), scanned rc %d\n  %s\n  %s", rd,
           sqlite3_errmsg(db), rs, direct, scanned);
  FZ_CHECK(rd == SQLITE_DONE || rd == SQLITE_ERROR, "rc %d: %s", rd,
           sqlite3_errmsg(db));
  FZ_CHECK(memcmp(d, s, sizeof d) == 0,
           "direct (%g rows, rowid sum %g, length sum %g) != scanned (%g, %g, "
           "%g)\n  %s\n  %s\n  ?1=%s ?2=%s ?3=%s ?4=%s",
           d[0], d[1], d[2], s[0], s[1], s[2], direct, scanned,
           sqlite3_column_text(params, 0), sqlite3_column_text(params, 1),
           sqlite3_column_text(params, 2), sqlite3_column_text(params, 3));
}

static void one_table(fz_in *in) {
  const table_info *t = &tables[fz_u8(in) % N_TABLES];
  unsigned n_terms = fz_u8(in) % 3 + 1, i;
  sqlbuf where = {{0}, 0}, direct = {{0}, 0}, scanned = {{0}, 0};
  col_set cols = {{0}, 0};
  sqlite3_stmt *params;
  unsigned conn[2] = {0, 0}, has_or = 0;
  use_col(&cols, t->cols[0]);
  for (i = 0; i + 1 < n_terms; i++) {
    conn[i] = fz_u8(in) & 1;
    has_or |= conn[i];
  }
  for (i = 0; i < n_terms; i++) {
    if (i) put(&where, conn[i - 1] ? " OR " : " AND ");
    put_term(&where, in, "t", t, &cols, !has_or, 0);
  }
  put(&direct,
      "SELECT count(*), total(t.rowid), total(length(t.%s)) FROM %s AS t "
      "WHERE %s",
      t->cols[0], t->name, where.z);
  put(&scanned, "SELECT count(*), total(t.rid), total(length(t.%s)) FROM ",
      t->cols[0]);
  put_scan(&scanned, t, &cols);
  put(&scanned, " AS t WHERE %s", where.z);
  params = bind_params(in);
  compare(direct.z, scanned.z, params);
  sqlite3_finalize(params);
}

/* Joins on the catalogs' key columns. */
static const struct {
  int left, right;
  const char *lcol, *rcol;
} joins[] = {
    {0, 2, "name", "gpu"},   /* gpus, cloud_instances */
    {0, 3, "name", "gpu"},   /* gpus, measurements */
    {1, 3, "name", "model"}, /* models, measurements */
    {3, 0, "gpu", "name"},   /* measurements, gpus */
    {2, 0, "gpu", "name"},   /* cloud_instances, gpus */
    {3, 1, "model", "name"}, /* measurements, models */
};

static void join(fz_in *in) {
  unsigned j = fz_u8(in) % (sizeof(joins) / sizeof(joins[0]));
  const table_info *l = &tables[joins[j].left], *r = &tables[joins[j].right];
  sqlbuf where = {{0}, 0}, direct = {{0}, 0}, scanned = {{0}, 0};
  col_set lcols = {{0}, 0}, rcols = {{0}, 0};
  sqlite3_stmt *params;
  unsigned side = fz_u8(in) & 1;
  use_col(&lcols, l->cols[0]);
  use_col(&lcols, joins[j].lcol);
  use_col(&rcols, joins[j].rcol);
  put_term(&where, in, side ? "r" : "l", side ? r : l, side ? &rcols : &lcols,
           1, side ? joins[j].rcol : joins[j].lcol);
  put(&direct,
      "SELECT count(*), total(l.rowid * 7 + r.rowid), total(length(l.%s)) "
      "FROM %s AS l JOIN %s AS r ON r.%s = l.%s WHERE %s",
      l->cols[0], l->name, r->name, joins[j].rcol, joins[j].lcol, where.z);
  put(&scanned,
      "SELECT count(*), total(l.rid * 7 + r.rid), total(length(l.%s)) FROM ",
      l->cols[0]);
  put_scan(&scanned, l, &lcols);
  put(&scanned, " AS l JOIN ");
  put_scan(&scanned, r, &rcols);
  put(&scanned, " AS r ON r.%s = l.%s WHERE %s", joins[j].rcol, joins[j].lcol,
      where.z);
  params = bind_params(in);
  compare(direct.z, scanned.z, params);
  sqlite3_finalize(params);
}

/* ------------------------------------------- catalog-aware functions */

typedef struct model_fn {
  const char *name;
  int min_narg, max_narg;
  int gpu_arg; /* 1 when argument 2 is a gpus name */
} model_fn;

static const model_fn model_fns[] = {
    {"model_weights_gb", 2, 2, 0},
    {"model_kv_gb", 2, 4, 0},
    {"model_decode_tps", 3, 6, 1},
    {"model_prefill_tps", 3, 4, 1},
};

/* The error "unknown model 'x' in models; closest: 'a', 'b', 'c'": the
** three suggestions must be distinct names of the catalog. Or "ambiguous
** model 'x' in models: could be 'a', 'b'[, ...][ and N more]": two to six
** distinct names. */
static void check_suggestions(const char *msg, const word_list *l,
                              const char *catalog, int ambiguous) {
  const char *p = 0, *q = msg;
  /* The last separator: the quoted name may hold one too. */
  const char *sep = ambiguous ? ": could be " : "; closest: ";
  char found[6][80];
  int n = 0, i;
  while ((q = strstr(q, sep)) != 0) p = q++;
  FZ_CHECK(p != 0, "no suggestions in: %s", msg);
  p += strlen(sep);
  while (*p == '\'') {
    const char *e = strchr(p + 1, '\'');
    FZ_CHECK(e != 0 && e - p - 1 < 80 && n < 6, "bad suggestions: %s", msg);
    memcpy(found[n], p + 1, (size_t)(e - p - 1));
    found[n][e - p - 1] = 0;
    FZ_CHECK(in_list(l, found[n], (int)strlen(found[n])),
             "suggested '%s' is not in %s: %s", found[n], catalog, msg);
    for (i = 0; i < n; i++) {
      FZ_CHECK(strcmp(found[i], found[n]) != 0, "suggested twice: %s", msg);
    }
    n++;
    p = e + 1;
    if (strncmp(p, ", ", 2) == 0) p += 2;
  }
  if (ambiguous) {
    FZ_CHECK((*p == 0 && n >= 2) || (n == 6 && strncmp(p, " and ", 5) == 0),
             "expected 2 to 6 candidates: %s", msg);
  } else {
    FZ_CHECK(*p == 0 && n == 3, "expected 3 suggestions: %s", msg);
  }
}

/* Whether column col of st is text that keys (lowercased names and
** aliases) holds, ASCII case ignored. */
static int is_name(sqlite3_stmt *st, int col, const word_list *keys) {
  char folded[256];
  const char *z = (const char *)sqlite3_column_text(st, col);
  int n = sqlite3_column_bytes(st, col), i;
  if (sqlite3_column_type(st, col) != SQLITE_TEXT || n >= (int)sizeof(folded)) {
    return 0;
  }
  /* as the catalog lookup folds a key: ASCII lowercase, spaces and
  ** underscores as hyphens */
  for (i = 0; i < n; i++) {
    char c = (z[i] >= 'A' && z[i] <= 'Z') ? (char)(z[i] + 32) : z[i];
    folded[i] = (c == ' ' || c == '_') ? '-' : c;
  }
  return in_list(keys, folded, n);
}

/* The reference answer of sql, parameters copied from columns 1.. of st. */
static int reference(const char *sql, sqlite3_stmt *st, int narg, double *out) {
  sqlite3_stmt *r;
  int rc, i, n_params;
  FZ_CHECK(sqlite3_prepare_v2(db, sql, -1, &r, 0) == SQLITE_OK, "%s: %s", sql,
           sqlite3_errmsg(db));
  n_params = sqlite3_bind_parameter_count(r);
  for (i = 1; i <= narg && i <= n_params; i++) {
    sqlite3_bind_value(r, i, sqlite3_column_value(st, i));
  }
  rc = sqlite3_step(r);
  if (rc == SQLITE_ROW && sqlite3_column_type(r, 0) == SQLITE_FLOAT) {
    *out = sqlite3_column_double(r, 0);
    rc = 1;
  } else {
    rc = 0;
  }
  sqlite3_finalize(r);
  return rc;
}

static void model_function(fz_in *in) {
  const model_fn *f = &model_fns[fz_u8(in) % 4];
  int narg = f->min_narg +
             (int)(fz_u8(in) % (unsigned)(f->max_narg - f->min_narg + 1));
  int i, rc, required_null = 0;
  sqlbuf sql = {{0}, 0};
  sqlite3_stmt *st;

  /* SELECT f(?1, ..., ?n), ?1, ..., ?n: the arguments come back too. */
  put(&sql, "SELECT %s(", f->name);
  for (i = 1; i <= narg; i++) put(&sql, "%s?%d", i > 1 ? ", " : "", i);
  put(&sql, ")");
  for (i = 1; i <= narg; i++) put(&sql, ", ?%d", i);
  rc = sqlite3_prepare_v2(db, sql.z, -1, &st, 0);
  FZ_CHECK(rc == SQLITE_OK, "prepare %s: %s", sql.z, sqlite3_errmsg(db));
  for (i = 1; i <= narg; i++) {
    int kind = i == 1                 ? name_bind(st, i, in, &model_names)
               : i == 2 && f->gpu_arg ? name_bind(st, i, in, &gpu_names)
                                      : cat_bind(st, i, in);
    if (kind == FZ_NULL && i <= f->min_narg) required_null = 1;
  }
  rc = sqlite3_step(st);
  if (fz_trace_on()) {
    char *expanded = sqlite3_expanded_sql(st);
    fz_trace("%s -> %s", expanded ? expanded : sql.z,
             rc == SQLITE_ROW ? (sqlite3_column_type(st, 0) == SQLITE_NULL
                                     ? "NULL"
                                     : (const char *)sqlite3_column_text(st, 0))
                              : sqlite3_errmsg(db));
    sqlite3_free(expanded);
  }
  if (rc != SQLITE_ROW) {
    const char *msg = sqlite3_errmsg(db);
    size_t n = strlen(f->name);
    FZ_CHECK(rc == SQLITE_ERROR, "%s/%d: step gave %d: %s", f->name, narg, rc,
             msg);
    FZ_CHECK(!required_null, "%s/%d: NULL required argument, error: %s",
             f->name, narg, msg);
    FZ_CHECK(strncmp(msg, f->name, n) == 0 && strncmp(msg + n, "(): ", 4) == 0,
             "%s/%d: error does not name the function: %s", f->name, narg, msg);
    if (strncmp(msg + n + 4, "unknown model '", 15) == 0) {
      check_suggestions(msg, &model_names, "models", 0);
    } else if (strncmp(msg + n + 4, "ambiguous model '", 17) == 0) {
      check_suggestions(msg, &model_names, "models", 1);
    } else if (strncmp(msg + n + 4, "unknown gpu '", 13) == 0) {
      check_suggestions(msg, &gpu_names, "gpus", 0);
    } else if (strncmp(msg + n + 4, "ambiguous gpu '", 15) == 0) {
      check_suggestions(msg, &gpu_names, "gpus", 1);
    }
    sqlite3_finalize(st);
    return;
  }

  {
    int type = sqlite3_column_type(st, 0);
    double v = sqlite3_column_double(st, 0), ref;
    if (required_null) {
      FZ_CHECK(type == SQLITE_NULL, "%s/%d: NULL argument, type %d", f->name,
               narg, type);
      sqlite3_finalize(st);
      return;
    }
    FZ_CHECK(is_name(st, 1, &model_keys), "%s/%d succeeded for model '%s'",
             f->name, narg, sqlite3_column_text(st, 1));
    if (f->gpu_arg) {
      FZ_CHECK(is_name(st, 2, &gpu_keys), "%s/%d succeeded for gpu '%s'",
               f->name, narg, sqlite3_column_text(st, 2));
    }
    if (type == SQLITE_NULL) {
      /* NULL where the engine does not run the dtype on the GPU, or the
      ** chip publishes no TFLOP/s figure. */
      FZ_CHECK(strcmp(f->name, "model_prefill_tps") == 0 ||
                   strcmp(f->name, "model_decode_tps") == 0,
               "%s/%d returned NULL", f->name, narg);
      sqlite3_finalize(st);
      return;
    }
    FZ_CHECK(type == SQLITE_FLOAT, "%s/%d returned type %d", f->name, narg,
             type);
    FZ_CHECK(isfinite(v) && v >= 0.0, "%s/%d returned %g", f->name, narg, v);

    if (strcmp(f->name, "model_weights_gb") == 0) {
      FZ_CHECK(
          reference("SELECT CASE WHEN lower(?2) IN ('fp8', 'int8', 'int4', "
                    "'nf4', 'fp4', 'mxfp4') THEN (params_b - h) * CASE "
                    "lower(?2) WHEN 'int4' THEN (4.0 + 20.0 / 128.0) / 8.0 "
                    "WHEN 'nf4' THEN (4.0 + 0.127) / 8.0 WHEN 'fp4' THEN "
                    "(4.0 + 8.0 / 16.0) / 8.0 ELSE bytes_per_param(?2) END + "
                    "h * 2.0 ELSE params_b * bytes_per_param(?2) END FROM "
                    "(SELECT params_b, min(2.0 * vocab * hidden / 1e9, "
                    "params_b) AS h FROM models WHERE name = ?1)",
                    st, narg, &ref),
          "model_weights_gb: no reference");
      FZ_CHECK(v == ref, "model_weights_gb %.17g != the checkpoint's %.17g", v,
               ref);
    } else if (strcmp(f->name, "model_kv_gb") == 0) {
      /* Full attention on every layer, as kv_cache_gb computes it. */
      /* Models without MLA or linear-attention layers, whose layers all
      ** cache one shape and keep their own cache (not Gemma 4's wider full
      ** layers nor Gemma 3n's shared ones). */
#define FULL_ATTENTION_MODEL                                        \
  " FROM models WHERE name = ?1 AND kv_lora_rank IS NULL"           \
  " AND coalesce(linear_layers, 0) = 0 AND global_kv_heads IS NULL" \
  " AND kv_shared_layers IS NULL"
      static const char *const sql_full[] = {
          0,
          0,
          "SELECT kv_cache_gb(layers, kv_heads, head_dim, "
          "?2)" FULL_ATTENTION_MODEL,
          "SELECT kv_cache_gb(layers, kv_heads, head_dim, ?2, "
          "?3)" FULL_ATTENTION_MODEL,
          "SELECT kv_cache_gb(layers, kv_heads, head_dim, ?2, ?3, "
          "?4)" FULL_ATTENTION_MODEL,
      };
#undef FULL_ATTENTION_MODEL
      if (reference(sql_full[narg], st, narg, &ref)) {
        int windowed = 0;
        double w;
        /* A sliding window that the context exceeds makes it smaller. */
        if (reference(
                "SELECT 1.0 FROM models WHERE name = ?1 AND "
                "sliding_layers > 0 AND CAST(?2 AS REAL) > sliding_window",
                st, 2, &w)) {
          windowed = 1;
        }
        if (windowed) {
          FZ_CHECK(v <= ref * (1 + 1e-12) + 1e-300,
                   "model_kv_gb %.17g exceeds full attention %.17g", v, ref);
        } else {
          FZ_CHECK(fabs(v - ref) <= 1e-12 * ref + 1e-300,
                   "model_kv_gb %.17g != kv_cache_gb %.17g", v, ref);
        }
      }
    }
  }
  rc = sqlite3_step(st);
  FZ_CHECK(rc == SQLITE_DONE, "%s: last step %d", f->name, rc);
  sqlite3_finalize(st);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fz_in in = {data, size};
  unsigned mode;
  if (size < 1) return 0;
  db = fz_db_begin(); /* shared, or fresh: see fuzz_common.h */
  mode = fz_u8(&in) % 8;
  if (mode < 5) {
    one_table(&in);
  } else if (mode == 5) {
    join(&in);
  } else {
    model_function(&in);
  }
  fz_db_end(db);
  return 0;
}
