/*
** fuzz_csv.c: the gpuadv_csv virtual-table module on arbitrary bytes.
**
** Input: byte 0 holds flags, the rest is the CSV text.
**   flags & 0xF0 == 0xA0   "argument mode": the rest is pasted as the module
**                          arguments, CREATE VIRTUAL TABLE temp.t USING
**                          gpuadv_csv(<rest>), which fuzzes the parameter
**                          parser (filename= is refused by the target, so the
**                          fuzzer cannot read files or block on a FIFO);
**   otherwise              the rest is written to a temporary file and read
**                          three ways:
**     A  filename=FILE                   (header=yes, the default)
**     B  filename=FILE, header=no        (spelled as flags bits 1-2 pick)
**     C  data='TEXT' quotes doubled      (when flags bit 0 is set and the
**                                         text holds no NUL byte)
**   flags bit 3 sets SQLITE_LIMIT_COLUMN to 8 + (flags >> 4 & 7) and, for
**   an input of 512 bytes or more, SQLITE_LIMIT_LENGTH to its size (or one
**   byte less when flags bit 7 is set) for A and B; C is then left out.
**
** Each table that is created is read fully (SELECT * FROM temp.t), its
** rowids read, its rows counted, then it is dropped.
**
** Invariants (README.md "the gpuadv_csv module" and ext/gpuadv_csv.c):
**   - CREATE succeeds, or fails with SQLITE_ERROR and "gpuadv_csv: ...";
**   - column names are unique (ASCII case-insensitively) and non-empty;
**   - REAL cells are finite; the rowid is the 1-based row number (where no
**     column hides it) and count(*) equals the rows stepped;
**   - A and B agree: both fail or both succeed, B has the same columns and
**     one row more (the header, typed), and B's rows 2.. equal A's rows
**     (except that under a lowered SQLITE_LIMIT_LENGTH, SQLite may refuse
**     A's schema of long header names as "string or blob too big");
**   - A and C agree: the same outcome, the same error after the input's
**     name, the same column names and rows;
**   - `col = v` (the module's equality index) counts the same rows as
**     `(col = v) = 1` (a scan SQLite filters), for values v of the first
**     rows, as they are and CAST AS TEXT.
*/
#include <unistd.h>

#include "fuzz_common.h"

static sqlite3 *db;
static char csv_path[256];
static int limits_on; /* flags bit 3: the limits are lowered */

typedef struct csv_run {
  int ok;
  char err[600]; /* the message after "gpuadv_csv: NAME" */
  int n_cols;
  sqlite3_int64 n_rows;
  uint64_t names_hash; /* of the column names in order */
  uint64_t *row_hash;  /* n_rows hashes, malloc'ed */
} csv_run;

static void remove_file(void) {
  unlink(csv_path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  const char *dir = getenv("TMPDIR");
  (void)argc;
  (void)argv;
  if (!dir || !*dir) dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
  snprintf(csv_path, sizeof(csv_path), "%s/gpuadv_fuzz_csv_%ld.csv", dir,
           (long)getpid());
  FZ_CHECK(strchr(csv_path, '\'') == 0, "quote in temp path %s", csv_path);
  atexit(remove_file);
  return 0;
}

static uint64_t fnv(uint64_t h, const void *p, size_t n) {
  const uint8_t *b = p;
  size_t i;
  for (i = 0; i < n; i++) {
    h ^= b[i];
    h *= 1099511628211ULL;
  }
  return h;
}

#define FNV0 14695981039346656037ULL

static int cmp_nocase(const void *a, const void *b) {
  return sqlite3_stricmp(*(const char *const *)a, *(const char *const *)b);
}

/* Column names: non-empty and unique ignoring ASCII case. */
static uint64_t check_names(sqlite3_stmt *st, int n_cols) {
  const char **names = malloc(sizeof(char *) * (size_t)(n_cols + 1));
  uint64_t h = FNV0;
  int i;
  FZ_CHECK(names != 0, "out of memory");
  for (i = 0; i < n_cols; i++) {
    names[i] = sqlite3_column_name(st, i);
    FZ_CHECK(names[i] && names[i][0], "column %d has an empty name", i);
    h = fnv(h, names[i], strlen(names[i]) + 1);
  }
  qsort(names, (size_t)n_cols, sizeof(char *), cmp_nocase);
  for (i = 1; i < n_cols; i++) {
    FZ_CHECK(sqlite3_stricmp(names[i - 1], names[i]) != 0,
             "two columns named '%s' and '%s'", names[i - 1], names[i]);
  }
  free(names);
  return h;
}

/* Equality lookups, served by the module's per-column index, count the
** same rows as the same comparison written so that it cannot reach the
** module ((col = v) = 1: SQLite scans and compares itself, with the same
** affinities; +col would drop the column's), for values taken from the
** table's first rows, bound as they are and as TEXT (CAST). */
static void check_lookups(int n_cols) {
  static const char *const rhs[] = {"?1", "CAST(?1 AS TEXT)"};
  sqlite3_stmt *names = 0;
  int c, form, rc;
  rc = sqlite3_prepare_v2(db, "SELECT * FROM temp.t LIMIT 0", -1, &names, 0);
  FZ_CHECK(rc == SQLITE_OK, "lookups: %s", sqlite3_errmsg(db));
  for (c = 0; c < n_cols && c < 4; c++) {
    const char *name = sqlite3_column_name(names, c);
    for (form = 0; form < 2; form++) {
      char *sv = sqlite3_mprintf("SELECT \"%w\" FROM temp.t LIMIT 8", name);
      char *s1 = sqlite3_mprintf(
          "SELECT count(*) FROM temp.t WHERE \"%w\" = %s", name, rhs[form]);
      char *s2 =
          sqlite3_mprintf("SELECT count(*) FROM temp.t WHERE (\"%w\" = %s) = 1",
                          name, rhs[form]);
      sqlite3_stmt *val = 0, *q1 = 0, *q2 = 0;
      FZ_CHECK(sv && s1 && s2, "out of memory");
      FZ_CHECK(sqlite3_prepare_v2(db, sv, -1, &val, 0) == SQLITE_OK &&
                   sqlite3_prepare_v2(db, s1, -1, &q1, 0) == SQLITE_OK &&
                   sqlite3_prepare_v2(db, s2, -1, &q2, 0) == SQLITE_OK,
               "lookups: %s", sqlite3_errmsg(db));
      while ((rc = sqlite3_step(val)) == SQLITE_ROW) {
        sqlite3_int64 n1, n2;
        sqlite3_bind_value(q1, 1, sqlite3_column_value(val, 0));
        sqlite3_bind_value(q2, 1, sqlite3_column_value(val, 0));
        FZ_CHECK(
            sqlite3_step(q1) == SQLITE_ROW && sqlite3_step(q2) == SQLITE_ROW,
            "lookup: %s", sqlite3_errmsg(db));
        n1 = sqlite3_column_int64(q1, 0);
        n2 = sqlite3_column_int64(q2, 0);
        FZ_CHECK(n1 == n2, "%s finds %lld rows, the scan %lld", s1,
                 (long long)n1, (long long)n2);
        sqlite3_reset(q1);
        sqlite3_reset(q2);
      }
      FZ_CHECK(rc == SQLITE_DONE, "lookup values: %s", sqlite3_errmsg(db));
      sqlite3_finalize(val);
      sqlite3_finalize(q1);
      sqlite3_finalize(q2);
      sqlite3_free(sv);
      sqlite3_free(s1);
      sqlite3_free(s2);
    }
  }
  sqlite3_finalize(names);
}

/* CREATE the table with the given module arguments, read it, DROP it. */
static void run_csv(const char *args, size_t n_args, const char *input_name,
                    csv_run *out) {
  static const char head[] = "CREATE VIRTUAL TABLE temp.t USING gpuadv_csv(";
  size_t n_sql = sizeof(head) - 1 + n_args + 2;
  char *sql = malloc(n_sql);
  sqlite3_stmt *st = 0;
  sqlite3_int64 row = 0;
  int rc, i;
  FZ_CHECK(sql != 0, "out of memory");
  memcpy(sql, head, sizeof(head) - 1);
  memcpy(sql + sizeof(head) - 1, args, n_args);
  memcpy(sql + sizeof(head) - 1 + n_args, ")", 2);
  memset(out, 0, sizeof(*out));

  rc = sqlite3_prepare_v2(db, sql, (int)(n_sql - 1), &st, 0);
  if (rc == SQLITE_OK && st) rc = sqlite3_step(st);
  sqlite3_finalize(st);
  free(sql);
  st = 0;
  if (rc != SQLITE_DONE) {
    const char *msg = sqlite3_errmsg(db);
    fz_trace("gpuadv_csv(%.*s) -> %s", (int)(n_args > 200 ? 200 : n_args), args,
             msg);
    if (!input_name) return; /* argument mode: SQL errors are fine */
    FZ_CHECK(rc == SQLITE_ERROR && strncmp(msg, "gpuadv_csv: ", 12) == 0,
             "CREATE gave %d: %s", rc, msg);
    msg += 12;
    if (strncmp(msg, input_name, strlen(input_name)) == 0) {
      msg += strlen(input_name);
    }
    snprintf(out->err, sizeof(out->err), "%s", msg);
    return;
  }
  out->ok = 1;

  rc = sqlite3_prepare_v2(db, "SELECT * FROM temp.t", -1, &st, 0);
  FZ_CHECK(rc == SQLITE_OK, "SELECT: %s", sqlite3_errmsg(db));
  out->n_cols = sqlite3_column_count(st);
  FZ_CHECK(out->n_cols >= 1, "a table of %d columns", out->n_cols);
  out->names_hash = check_names(st, out->n_cols);
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    uint64_t h = FNV0;
    for (i = 0; i < out->n_cols; i++) {
      unsigned char type = (unsigned char)sqlite3_column_type(st, i);
      h = fnv(h, &type, 1);
      switch (type) {
        case SQLITE_INTEGER: {
          sqlite3_int64 v = sqlite3_column_int64(st, i);
          h = fnv(h, &v, sizeof v);
          break;
        }
        case SQLITE_FLOAT: {
          double v = sqlite3_column_double(st, i);
          FZ_CHECK(isfinite(v), "row %lld column %d is REAL %g",
                   (long long)(row + 1), i + 1, v);
          h = fnv(h, &v, sizeof v);
          break;
        }
        case SQLITE_TEXT: {
          const unsigned char *z = sqlite3_column_text(st, i);
          int n = sqlite3_column_bytes(st, i);
          h = fnv(h, &n, sizeof n);
          h = fnv(h, z, (size_t)n);
          break;
        }
        case SQLITE_NULL:
          break;
        default:
          FZ_CHECK(0, "row %lld column %d is a BLOB", (long long)(row + 1),
                   i + 1);
      }
    }
    out->row_hash =
        realloc(out->row_hash, sizeof(uint64_t) * (size_t)(row + 1));
    FZ_CHECK(out->row_hash != 0, "out of memory");
    out->row_hash[row++] = h;
  }
  FZ_CHECK(rc == SQLITE_DONE, "SELECT step: %d %s", rc, sqlite3_errmsg(db));

  /* The rowid, under a name no column has taken (a column "rowid" hides
  ** the rowid, as in any SQLite table): 1, 2, ... */
  {
    static const char *const aliases[] = {"rowid", "_rowid_", "oid"};
    const char *alias = 0;
    int a;
    for (a = 0; a < 3 && !alias; a++) {
      alias = aliases[a];
      for (i = 0; i < out->n_cols; i++) {
        if (sqlite3_stricmp(sqlite3_column_name(st, i), aliases[a]) == 0) {
          alias = 0;
          break;
        }
      }
    }
    sqlite3_finalize(st);
    st = 0;
    if (alias) {
      char sel[64];
      sqlite3_int64 r = 0;
      snprintf(sel, sizeof sel, "SELECT %s FROM temp.t", alias);
      rc = sqlite3_prepare_v2(db, sel, -1, &st, 0);
      FZ_CHECK(rc == SQLITE_OK, "%s: %s", sel, sqlite3_errmsg(db));
      while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        r++;
        FZ_CHECK(sqlite3_column_int64(st, 0) == r, "row %lld has rowid %lld",
                 (long long)r, (long long)sqlite3_column_int64(st, 0));
      }
      FZ_CHECK(rc == SQLITE_DONE && r == row, "rowids: %d, %lld rows of %lld",
               rc, (long long)r, (long long)row);
    }
  }
  sqlite3_finalize(st);
  out->n_rows = row;
  fz_trace("gpuadv_csv(%.*s) -> %d columns, %lld rows",
           (int)(n_args > 200 ? 200 : n_args), args, out->n_cols,
           (long long)row);

  check_lookups(out->n_cols);

  rc = sqlite3_prepare_v2(db, "SELECT count(*) FROM temp.t", -1, &st, 0);
  FZ_CHECK(rc == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW, "count: %s",
           sqlite3_errmsg(db));
  FZ_CHECK(sqlite3_column_int64(st, 0) == row, "count(*) %lld, stepped %lld",
           (long long)sqlite3_column_int64(st, 0), (long long)row);
  sqlite3_finalize(st);
  fz_exec(db, "DROP TABLE temp.t");
}

static const char *const header_no[] = {
    ", header=no",
    ", HEADER = 'off'",
    ",header=\"false\"",
    ", Header=0",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  unsigned flags;
  const char *csv;
  size_t n_csv, k;
  csv_run a, b, c;
  char args[512];
  FILE *f;
  sqlite3_int64 r;
  int old_cols = 0, old_len = 0;

  if (size < 1) return 0;
  db = fz_db_begin(); /* shared, or fresh: see fuzz_common.h */
  flags = data[0];
  csv = (const char *)data + 1;
  n_csv = size - 1;

  if ((flags & 0xF0) == 0xA0) {
    /* Argument mode: the text up to any NUL, never naming a file. */
    char *text = malloc(n_csv + 1), *lower;
    size_t n = 0;
    while (n < n_csv && csv[n]) n++;
    memcpy(text, csv, n);
    text[n] = 0;
    lower = strdup(text);
    for (k = 0; k < n; k++) {
      if (lower[k] >= 'A' && lower[k] <= 'Z') lower[k] += 'a' - 'A';
    }
    if (!strstr(lower, "filename")) {
      run_csv(text, n, 0, &a);
      free(a.row_hash);
    }
    free(lower);
    free(text);
    fz_db_end(db);
    return 0;
  }

  f = fopen(csv_path, "wb");
  FZ_CHECK(f != 0, "cannot write %s", csv_path);
  FZ_CHECK(fwrite(csv, 1, n_csv, f) == n_csv, "short write");
  fclose(f);

  limits_on = (flags & 8) != 0;
  if (limits_on) {
    /* Limits, as an application may set them: SQLITE_LIMIT_COLUMN at 8 to
    ** 15 (SQLite itself needs more than 3 + the number of a virtual
    ** table's arguments, and 5 for sqlite_master), SQLITE_LIMIT_LENGTH at
    ** the input's size or one byte less (the file is then too large). */
    old_cols =
        sqlite3_limit(db, SQLITE_LIMIT_COLUMN, 8 + (int)((flags >> 4) & 7));
    /* Not below 512: SQLite needs room for the schema's own SQL text (a
    ** tiny limit makes it report the schema as malformed). */
    old_len = sqlite3_limit(db, SQLITE_LIMIT_LENGTH, -1);
    if (n_csv >= 512) {
      sqlite3_limit(db, SQLITE_LIMIT_LENGTH,
                    (int)n_csv - (int)((flags >> 7) & 1));
    }
  }
  snprintf(args, sizeof(args), "filename='%s'", csv_path);
  run_csv(args, strlen(args), csv_path, &a);
  snprintf(args, sizeof(args), "filename='%s'%s", csv_path,
           header_no[(flags >> 1) & 3]);
  run_csv(args, strlen(args), csv_path, &b);
  if (limits_on) {
    sqlite3_limit(db, SQLITE_LIMIT_COLUMN, old_cols);
    sqlite3_limit(db, SQLITE_LIMIT_LENGTH, old_len);
  }
  /* libFuzzer may leave by _exit(), past atexit(): remove it now. */
  unlink(csv_path);

  /* Under a lowered SQLITE_LIMIT_LENGTH, SQLite itself refuses a schema
  ** with a long column name ("string or blob too big", as it would for
  ** CREATE TABLE): only the header's names can be long. (A message naming
  ** SQLITE_LIMIT_LENGTH is accepted too, for when the extension reports
  ** that itself.) */
  if (limits_on && !a.ok && b.ok &&
      (strstr(a.err, "too big") || strstr(a.err, "SQLITE_LIMIT_LENGTH"))) {
    b.ok = 0;
  }
  /* A column name longer than the extension's limit on names is an error
  ** only when the first row is read as names: with header=no the same
  ** field is a value, bounded by SQLITE_LIMIT_LENGTH alone. */
  if (!a.ok && b.ok && strstr(a.err, ":1: the name of column")) {
    b.ok = 0;
  }
  FZ_CHECK(a.ok == b.ok, "header=yes %s but header=no %s (%s%s)",
           a.ok ? "succeeded" : "failed", b.ok ? "succeeded" : "failed", a.err,
           b.err);
  if (a.ok) {
    FZ_CHECK(a.n_cols == b.n_cols, "header=yes has %d columns, no %d", a.n_cols,
             b.n_cols);
    FZ_CHECK(b.n_rows == a.n_rows + 1, "header=yes has %lld rows, no %lld",
             (long long)a.n_rows, (long long)b.n_rows);
    for (r = 0; r < a.n_rows; r++) {
      FZ_CHECK(a.row_hash[r] == b.row_hash[r + 1],
               "data row %lld differs between header=yes and header=no",
               (long long)(r + 1));
    }
  }

  if ((flags & 1) && !(flags & 8) && memchr(csv, 0, n_csv) == 0) {
    /* The same text inline: data='...' with quotes doubled. */
    char *q = malloc(2 * n_csv + 16);
    size_t n = 0;
    FZ_CHECK(q != 0, "out of memory");
    memcpy(q, "data='", 6);
    n = 6;
    for (k = 0; k < n_csv; k++) {
      if (csv[k] == '\'') q[n++] = '\'';
      q[n++] = csv[k];
    }
    q[n++] = '\'';
    run_csv(q, n, "data", &c);
    free(q);
    FZ_CHECK(a.ok == c.ok, "filename= %s but data= %s (%s%s)",
             a.ok ? "succeeded" : "failed", c.ok ? "succeeded" : "failed",
             a.err, c.err);
    if (a.ok) {
      FZ_CHECK(a.n_cols == c.n_cols && a.n_rows == c.n_rows &&
                   a.names_hash == c.names_hash,
               "filename= and data= give different shapes (%d x %lld, "
               "%d x %lld)",
               a.n_cols, (long long)a.n_rows, c.n_cols, (long long)c.n_rows);
      for (r = 0; r < a.n_rows; r++) {
        FZ_CHECK(
            a.row_hash[r] == c.row_hash[r],
            "row %lld differs between filename= and data=", (long long)(r + 1));
      }
    } else {
      FZ_CHECK(strcmp(a.err, c.err) == 0,
               "filename= and data= fail differently:\n  %s\n  %s", a.err,
               c.err);
    }
    free(c.row_hash);
  }
  free(a.row_hash);
  free(b.row_hash);
  fz_db_end(db);
  return 0;
}
