/*
** gpuadv_csv.c: the gpuadv_csv virtual-table module (SPEC section 4). It
** reads a user's CSV file, such as a vendor's quote or a price list, as a
** typed, read-only table that joins with the catalogs and feeds the
** estimator functions.
**
** Usage, after `.load ./gpuadv`:
**
**   CREATE VIRTUAL TABLE temp.quotes USING gpuadv_csv(filename='quotes.csv');
**   SELECT gpu, usd_per_hour * gpus FROM temp.quotes;
**
**   CREATE VIRTUAL TABLE temp.offer USING gpuadv_csv(data='gpu,usd_per_hour
**   h100-sxm,2.49');
**
** Parameters (names are case-insensitive; a value may be quoted with ' or
** ", a doubled quote standing for one):
**
**   filename='PATH'   the CSV file; a relative path is relative to the
**                     working directory of the process
**   data='TEXT'       the CSV text itself, instead of a file
**                     (exactly one of filename= and data= is required)
**   header=yes|no     whether the first row names the columns; default yes
**                     (also on/off, true/false, 1/0). With header=no the
**                     columns are c0, c1, ...
**
** Columns. Named from the header row, each name trimmed of white space. An
** empty name becomes cI (I the 0-based column index); a name equal to an
** earlier one (compared as SQLite compares identifiers, ASCII
** case-insensitively) gets a suffix _2, _3, ... The columns are declared
** without a type, so SQLite stores and compares values as they come.
**
** Values, typed cell by cell:
**   - an unquoted integer literal ([+-]digits, within 64 bits) is INTEGER;
**     one past 64 bits is REAL, as in SQLite;
**   - an unquoted decimal literal ([+-]digits[.digits][e[+-]digits], also
**     .5 and 5.) is REAL, parsed the same in every locale; one too large
**     for a double (1e999) stays TEXT;
**   - an empty unquoted field (or one of only spaces and tabs) is NULL;
**   - anything else is TEXT, and a quoted field is always TEXT: "007"
**     stays '007' and "" is the empty string.
**   Unquoted fields are trimmed of spaces and tabs; quoted fields keep their
**   text exactly. Values are not otherwise interpreted: 0x10, inf, nan,
**   $3.50 and 1,000 (quoted) are TEXT.
**
** Format (RFC 4180): fields separated by commas; a field in double quotes
** may hold commas, line breaks and "" for a quote; spaces and tabs around
** a quoted field are ignored. Lines end with LF, CRLF or CR; the last line
** may lack one. A UTF-8 byte-order mark at the start is skipped. Lines that
** are empty or hold only spaces and tabs are skipped. Every row must have
** as many fields as the header (or, with header=no, the first row).
**
** Errors. The whole input is read and checked when the table is created
** (and again each time a database holding the table is opened). Malformed
** input is an error naming the input (the file name as given, or `data`)
** and the line (of the record, or for a stray quote or an unterminated
** field, where the problem was found), and nothing is created:
**
**   gpuadv_csv: quotes.csv:3: row has 4 fields, header has 3
**   gpuadv_csv: quotes.csv:5: unterminated quoted field (opened on line 5)
**   gpuadv_csv: quotes.csv:2: stray quote in unquoted field 3 (quote the
**     whole field and double the quote)
**   gpuadv_csv: quotes.csv:2: text after the closing quote of field 1
**   gpuadv_csv: cannot open 'x.csv': No such file or directory
**
** Parameter errors: `unknown parameter 'x' (expected filename=, data= or
** header=)`, `more than one 'data' parameter`, `give filename= or data=,
** not both`, `no input: give filename='FILE.csv' or data='CSV text'`,
** `header= must be yes or no, got 'maybe'`. An empty input (no header row,
** or with header=no no row) is an error too.
**
** A table stored in a database file (not TEMP) whose input has gone or
** become malformed cannot be opened, nor dropped, until a readable CSV is
** back at its path: SQLite connects a virtual table before dropping it.
**
** Limits. The input may be at most sqlite3_limit(db, SQLITE_LIMIT_LENGTH)
** bytes (1,000,000,000 by default) and have at most SQLITE_LIMIT_COLUMN
** columns (2,000). The table is a snapshot taken when it is created or
** connected: it is held in memory, and later edits of the file are not
** seen until the database is reopened. Memory use is the input's size plus
** 16 bytes per field. The input should be UTF-8 (ASCII is): it is not
** validated, but a NUL byte or a UTF-16 byte-order mark is an error.
**
** Queries scan the whole table; SQLite applies the WHERE clause itself.
** The rowid is the 1-based data row number. The table is read-only.
**
** Security. The module reads files, so it is SQLITE_VTAB_DIRECTONLY: a
** view or trigger stored in a database file cannot use it, whatever
** trusted_schema says (`unsafe use of virtual table "quotes"`). Create the
** table in TEMP, as above; views and triggers in TEMP may use it.
*/
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpuadv_internal.h"

SQLITE_EXTENSION_INIT3

#define CSV_MODULE "gpuadv_csv"
#define CSV_NUL_MSG "NUL byte (not a UTF-8 text file?)"
/* Read buffer growth starts here, in bytes. */
#define CSV_FIRST_CHUNK 65536
/* Decimal literals up to this many bytes are converted without malloc. */
#define CSV_NUMBUF 128
/* Exponents are clamped here while parsed: far outside double's range, far
** inside sqlite3_int64's. */
#define CSV_EXP_CLAMP 100000

/* ------------------------------------------------------------ the table */

/* One parsed field. Text fields point into the table's input buffer. */
typedef struct csv_cell {
  union {
    sqlite3_int64 i;   /* SQLITE_INTEGER */
    double r;          /* SQLITE_FLOAT */
    sqlite3_int64 off; /* SQLITE_TEXT: offset into the input buffer */
  } u;
  int n;    /* SQLITE_TEXT: length in bytes */
  int type; /* SQLITE_INTEGER, SQLITE_FLOAT, SQLITE_TEXT or SQLITE_NULL */
} csv_cell;

typedef struct csv_table {
  sqlite3_vtab base;    /* must come first */
  char *buf;            /* the input; quoted fields unescaped in place */
  csv_cell *cells;      /* n_rows * n_cols cells, row after row */
  sqlite3_int64 n_rows; /* data rows, header excluded */
  int n_cols;
} csv_table;

typedef struct csv_cursor {
  sqlite3_vtab_cursor base; /* must come first */
  sqlite3_int64 row;        /* 0-based index of the current row */
} csv_cursor;

/* ----------------------------------------------------------- the parser */

typedef struct csv_parser {
  char *buf;               /* input, owned by the parser until handed over */
  sqlite3_int64 n;         /* bytes in buf */
  sqlite3_int64 pos;       /* next byte to read */
  int line;                /* 1-based line of buf[pos] */
  int ends_with_eol;       /* the input's last byte is CR or LF */
  const char *name;        /* the file name as given, or "data" */
  char *err;               /* message, from sqlite3_mprintf */
  csv_cell *cells;         /* the cells parsed so far */
  sqlite3_int64 n_cells;   /* cells used */
  sqlite3_int64 n_alloc;   /* cells allocated */
} csv_parser;

static int csv_is_blank(char c) { return c == ' ' || c == '\t'; }
static int csv_is_eol(char c) { return c == '\n' || c == '\r'; }
static int csv_is_digit(char c) { return c >= '0' && c <= '9'; }

/* Record "gpuadv_csv: NAME:LINE: MESSAGE" in p->err. Returns SQLITE_ERROR,
** or SQLITE_NOMEM when the message could not be allocated. */
static int csv_error(csv_parser *p, int line, const char *format, ...) {
  char *msg;
  va_list ap;
  va_start(ap, format);
  msg = sqlite3_vmprintf(format, ap);
  va_end(ap);
  sqlite3_free(p->err);
  p->err = 0;
  if (msg) {
    if (line > 0) {
      p->err = sqlite3_mprintf(CSV_MODULE ": %s:%d: %s", p->name, line, msg);
    } else {
      p->err = sqlite3_mprintf(CSV_MODULE ": %s: %s", p->name, msg);
    }
    sqlite3_free(msg);
  }
  return p->err ? SQLITE_ERROR : SQLITE_NOMEM;
}

/* Consume one line end at p->pos: CRLF, LF or a lone CR. */
static void csv_eol(csv_parser *p) {
  if (p->buf[p->pos++] == '\r' && p->pos < p->n && p->buf[p->pos] == '\n') {
    p->pos++;
  }
  p->line++;
}

/* Skip lines that are empty or hold only spaces and tabs. */
static void csv_skip_blank_lines(csv_parser *p) {
  for (;;) {
    sqlite3_int64 i = p->pos;
    while (i < p->n && csv_is_blank(p->buf[i])) i++;
    if (i < p->n && csv_is_eol(p->buf[i])) {
      p->pos = i;
      csv_eol(p);
      continue;
    }
    if (i >= p->n) p->pos = i;
    return;
  }
}

/* A new cell at the end of p->cells, or 0 when out of memory. */
static csv_cell *csv_new_cell(csv_parser *p) {
  csv_cell *c;
  if (p->n_cells == p->n_alloc) {
    sqlite3_int64 n = p->n_alloc ? 2 * p->n_alloc : 64;
    csv_cell *a = sqlite3_realloc64(p->cells, (sqlite3_uint64)n * sizeof(*a));
    if (!a) return 0;
    p->cells = a;
    p->n_alloc = n;
  }
  c = &p->cells[p->n_cells++];
  memset(c, 0, sizeof(*c));
  return c;
}

/* Convert z[0..n), a syntactically valid decimal literal without its sign,
** made of n_int integer digits, n_frac fraction digits (the '.' between
** them) and exponent exp, to a double. The digits are rewritten as
** "DIGITSe<EXP>" without a decimal point, which strtod reads the same way in
** every locale, correctly rounded. Returns 0, or -1 when out of memory. */
static int csv_to_double(const char *z, int n_int, int n_frac,
                         sqlite3_int64 exp, int neg, double *out) {
  char small[CSV_NUMBUF];
  char *s = small;
  sqlite3_int64 need = (sqlite3_int64)n_int + n_frac + 32;
  int k = 0, i;
  if (need > CSV_NUMBUF) {
    s = sqlite3_malloc64((sqlite3_uint64)need);
    if (!s) return -1;
  }
  if (neg) s[k++] = '-';
  for (i = 0; i < n_int; i++) s[k++] = z[i];
  for (i = 0; i < n_frac; i++) s[k++] = z[n_int + 1 + i];
  sqlite3_snprintf((int)(need - k), s + k, "e%lld", exp - n_frac);
  *out = strtod(s, 0);
  if (s != small) sqlite3_free(s);
  return 0;
}

/* Type an unquoted, trimmed, non-empty field z[0..n) into *cell: INTEGER,
** REAL or (left as set by the caller) TEXT. Returns 0, or -1 when out of
** memory.
**
**   [+-]? ( D+ ( '.' D* )? | '.' D+ ) ( [eE] [+-]? D+ )?
*/
static int csv_type_number(const char *z, int n, csv_cell *cell) {
  int i = 0, neg = 0, n_int, n_frac = 0, has_dot = 0, has_exp = 0;
  int int_start;
  sqlite3_int64 exp = 0;
  double r;
  if (z[i] == '+' || z[i] == '-') neg = z[i++] == '-';
  int_start = i;
  while (i < n && csv_is_digit(z[i])) i++;
  n_int = i - int_start;
  if (i < n && z[i] == '.') {
    has_dot = 1;
    i++;
    while (i < n && csv_is_digit(z[i])) {
      i++;
      n_frac++;
    }
  }
  if (n_int + n_frac == 0) return 0;
  if (i < n && (z[i] == 'e' || z[i] == 'E')) {
    int eneg = 0, start;
    has_exp = 1;
    i++;
    if (i < n && (z[i] == '+' || z[i] == '-')) eneg = z[i++] == '-';
    start = i;
    while (i < n && csv_is_digit(z[i])) {
      if (exp < CSV_EXP_CLAMP) exp = exp * 10 + (z[i] - '0');
      i++;
    }
    if (i == start) return 0;
    if (eneg) exp = -exp;
  }
  if (i != n) return 0;
  if (!has_dot && !has_exp) {
    /* An integer when it fits: magnitudes up to 2^63 - 1, or 2^63 when
    ** negative. */
    sqlite3_uint64 v = 0, max = neg ? (sqlite3_uint64)1 << 63
                                     : ((sqlite3_uint64)1 << 63) - 1;
    int j, fits = 1;
    for (j = int_start; j < n && fits; j++) {
      unsigned d = (unsigned)(z[j] - '0');
      if (v > (max - d) / 10) fits = 0;
      else v = v * 10 + d;
    }
    if (fits) {
      cell->type = SQLITE_INTEGER;
      /* -2^63 is built without overflowing: negate v - 1, then subtract 1. */
      cell->u.i = neg ? -(sqlite3_int64)(v - 1) - 1 : (sqlite3_int64)v;
      return 0;
    }
  }
  if (csv_to_double(z + int_start, n_int, n_frac, exp, neg, &r)) return -1;
  /* Out of double's range: keep the text rather than store an infinity. */
  if (!isfinite(r)) return 0;
  cell->type = SQLITE_FLOAT;
  cell->u.r = r;
  return 0;
}

/* The field starting at the opening quote at p->pos. The text is unescaped
** in place: the write position never passes the read position. */
static int csv_quoted_field(csv_parser *p, csv_cell *cell,
                            sqlite3_int64 field) {
  char *b = p->buf;
  int open_line = p->line;
  sqlite3_int64 start, w;
  start = w = ++p->pos;
  for (;;) {
    char c;
    if (p->pos >= p->n) {
      /* Report the line of the input's last byte, where the field is still
      ** open, and the line where it began. */
      int at = p->ends_with_eol ? p->line - 1 : p->line;
      return csv_error(p, at, "unterminated quoted field (opened on line %d)",
                       open_line);
    }
    c = b[p->pos];
    if (c == '"') {
      if (p->pos + 1 < p->n && b[p->pos + 1] == '"') {
        b[w++] = '"';
        p->pos += 2;
        continue;
      }
      p->pos++;
      break;
    }
    if (c == 0) return csv_error(p, p->line, CSV_NUL_MSG);
    /* Count CRLF once, at its LF. */
    if (c == '\n' ||
        (c == '\r' && !(p->pos + 1 < p->n && b[p->pos + 1] == '\n'))) {
      p->line++;
    }
    b[w++] = c;
    p->pos++;
  }
  cell->type = SQLITE_TEXT;
  cell->u.off = start;
  cell->n = (int)(w - start);
  while (p->pos < p->n && csv_is_blank(b[p->pos])) p->pos++;
  if (p->pos < p->n && b[p->pos] != ',' && !csv_is_eol(b[p->pos])) {
    return csv_error(p, p->line, "text after the closing quote of field %lld",
                     field);
  }
  return SQLITE_OK;
}

/* The unquoted field at p->pos (leading blanks already skipped). With
** typed, numbers become INTEGER or REAL; without (header names), every
** non-empty field is TEXT. */
static int csv_plain_field(csv_parser *p, csv_cell *cell, sqlite3_int64 field,
                           int typed) {
  char *b = p->buf;
  sqlite3_int64 start = p->pos, end;
  while (p->pos < p->n) {
    char c = b[p->pos];
    if (c == ',' || csv_is_eol(c)) break;
    if (c == '"') {
      return csv_error(p, p->line,
                       "stray quote in unquoted field %lld (quote the whole "
                       "field and double the quote)",
                       field);
    }
    if (c == 0) return csv_error(p, p->line, CSV_NUL_MSG);
    p->pos++;
  }
  end = p->pos;
  while (end > start && csv_is_blank(b[end - 1])) end--;
  if (end == start) {
    cell->type = SQLITE_NULL;
    return SQLITE_OK;
  }
  cell->type = SQLITE_TEXT;
  cell->u.off = start;
  cell->n = (int)(end - start);
  if (typed && csv_type_number(b + start, (int)(end - start), cell)) {
    return SQLITE_NOMEM;
  }
  return SQLITE_OK;
}

/* Read one record into p->cells, keeping at most max_fields cells (the
** rest are parsed and counted only). Returns SQLITE_ROW with the field
** count in *pn_fields and the record's first line in *pline, SQLITE_DONE
** at the end of the input, or an error. */
static int csv_read_record(csv_parser *p, int typed, sqlite3_int64 max_fields,
                           sqlite3_int64 *pn_fields, int *pline) {
  sqlite3_int64 n_fields = 0;
  csv_cell scratch;
  int rc;
  csv_skip_blank_lines(p);
  if (p->pos >= p->n) return SQLITE_DONE;
  *pline = p->line;
  for (;;) {
    csv_cell *cell = &scratch;
    while (p->pos < p->n && csv_is_blank(p->buf[p->pos])) p->pos++;
    if (n_fields < max_fields) {
      cell = csv_new_cell(p);
      if (!cell) return SQLITE_NOMEM;
    }
    n_fields++;
    if (p->pos < p->n && p->buf[p->pos] == '"') {
      rc = csv_quoted_field(p, cell, n_fields);
    } else {
      rc = csv_plain_field(p, cell, n_fields, typed);
    }
    if (rc != SQLITE_OK) return rc;
    if (p->pos < p->n && p->buf[p->pos] == ',') {
      p->pos++;
      continue;
    }
    if (p->pos < p->n) csv_eol(p);
    break;
  }
  *pn_fields = n_fields;
  return SQLITE_ROW;
}

/* The plural ending of "field". */
static const char *csv_plural(sqlite3_int64 n) { return n == 1 ? "" : "s"; }

/* A set of column names, compared as SQLite compares identifiers (ASCII
** case-insensitively), in an open-addressing hash table; each entry keeps
** the next suffix to try for names that collide with it. */
typedef struct csv_name_set {
  const char **names;  /* borrowed; 0 = empty slot */
  int *next_suffix;
  unsigned mask;       /* slots - 1, a power of two minus one */
} csv_name_set;

static unsigned csv_name_hash(const char *z) {
  unsigned h = 2166136261u; /* FNV-1a */
  for (; *z; z++) {
    unsigned char c = (unsigned char)*z;
    if (c >= 'A' && c <= 'Z') c = (unsigned char)(c + ('a' - 'A'));
    h = (h ^ c) * 16777619u;
  }
  return h;
}

/* The slot holding z, or the empty slot where it would go. */
static unsigned csv_name_slot(const csv_name_set *set, const char *z) {
  unsigned i = csv_name_hash(z) & set->mask;
  while (set->names[i] && sqlite3_stricmp(set->names[i], z) != 0) {
    i = (i + 1) & set->mask;
  }
  return i;
}

/* Column names for the header cells p->cells[0..n_cols): trimmed, empty
** ones replaced by cI, duplicates suffixed _2, _3, ... Returns an array of
** n_cols sqlite3_mprintf strings in *pnames, or SQLITE_NOMEM. Linear time:
** a header of 2,000 copies of one name must not take a cubic search. */
static int csv_header_names(csv_parser *p, int n_cols, char ***pnames) {
  char **names = sqlite3_malloc64((sqlite3_uint64)n_cols * sizeof(char *));
  csv_name_set set;
  unsigned slots = 16;
  int i, rc = SQLITE_OK;
  while (slots < 2u * (unsigned)n_cols) slots *= 2;
  set.mask = slots - 1;
  set.names = sqlite3_malloc64((sqlite3_uint64)slots * sizeof(char *));
  set.next_suffix = sqlite3_malloc64((sqlite3_uint64)slots * sizeof(int));
  if (!names || !set.names || !set.next_suffix) {
    sqlite3_free(names);
    sqlite3_free((void *)set.names);
    sqlite3_free(set.next_suffix);
    return SQLITE_NOMEM;
  }
  memset(names, 0, (size_t)n_cols * sizeof(char *));
  memset((void *)set.names, 0, (size_t)slots * sizeof(char *));
  for (i = 0; i < n_cols && rc == SQLITE_OK; i++) {
    const csv_cell *c = &p->cells[i];
    const char *z = c->type == SQLITE_TEXT ? p->buf + c->u.off : "";
    int n = c->type == SQLITE_TEXT ? c->n : 0;
    char *base, *cand;
    unsigned slot;
    while (n > 0 && (csv_is_blank(*z) || csv_is_eol(*z) || *z == '\v' ||
                     *z == '\f')) {
      z++;
      n--;
    }
    while (n > 0 && (csv_is_blank(z[n - 1]) || csv_is_eol(z[n - 1]) ||
                     z[n - 1] == '\v' || z[n - 1] == '\f')) {
      n--;
    }
    base = n ? sqlite3_mprintf("%.*s", n, z) : sqlite3_mprintf("c%d", i);
    cand = base;
    while (cand && set.names[slot = csv_name_slot(&set, cand)]) {
      /* Taken: try the next suffix of the name it collides with. */
      int suffix = set.next_suffix[slot]++;
      if (cand != base) sqlite3_free(cand);
      cand = sqlite3_mprintf("%s_%d", base, suffix);
    }
    if (cand != base) sqlite3_free(base);
    names[i] = cand;
    if (!cand) {
      rc = SQLITE_NOMEM;
    } else {
      set.names[slot] = cand;
      set.next_suffix[slot] = 2;
    }
  }
  sqlite3_free((void *)set.names);
  sqlite3_free(set.next_suffix);
  if (rc != SQLITE_OK) {
    for (i = 0; i < n_cols; i++) sqlite3_free(names[i]);
    sqlite3_free(names);
    names = 0;
  }
  *pnames = names;
  return rc;
}

/* Parse the whole input of p: the header (or, with header=no, the first
** row) into *pnames and *pn_cols, the data rows into p->cells. */
static int csv_parse(sqlite3 *db, csv_parser *p, int has_header,
                     char ***pnames, int *pn_cols, sqlite3_int64 *pn_rows) {
  int max_cols = sqlite3_limit(db, SQLITE_LIMIT_COLUMN, -1);
  sqlite3_int64 n_fields = 0, n_rows = 0;
  int line = 0, rc, n_cols, i;
  unsigned char *u = (unsigned char *)p->buf;
  p->line = 1;
  if (p->n >= 2 && ((u[0] == 0xFF && u[1] == 0xFE) ||
                    (u[0] == 0xFE && u[1] == 0xFF))) {
    return csv_error(p, 0, "UTF-16 text is not supported; save it as UTF-8");
  }
  if (p->n >= 3 && u[0] == 0xEF && u[1] == 0xBB && u[2] == 0xBF) p->pos = 3;
  p->ends_with_eol = p->n > 0 && csv_is_eol(p->buf[p->n - 1]);

  /* The first record fixes the number of columns. */
  rc = csv_read_record(p, !has_header, (sqlite3_int64)max_cols + 1, &n_fields,
                       &line);
  if (rc == SQLITE_DONE) {
    return csv_error(p, 0, "the input is empty (no %s)",
                     has_header ? "header row" : "rows");
  }
  if (rc != SQLITE_ROW) return rc;
  if (n_fields > max_cols) {
    return csv_error(p, line,
                     "%s has %lld fields, more than the limit of %d columns "
                     "(SQLITE_LIMIT_COLUMN)",
                     has_header ? "header" : "row", n_fields, max_cols);
  }
  n_cols = (int)n_fields;
  *pn_cols = n_cols; /* before *pnames is set, so the caller frees it all */
  if (has_header) {
    rc = csv_header_names(p, n_cols, pnames);
    if (rc != SQLITE_OK) return rc;
    p->n_cells = 0;
  } else {
    char **names = sqlite3_malloc64((sqlite3_uint64)n_cols * sizeof(char *));
    if (!names) return SQLITE_NOMEM;
    memset(names, 0, (size_t)n_cols * sizeof(char *));
    *pnames = names;
    for (i = 0; i < n_cols; i++) {
      names[i] = sqlite3_mprintf("c%d", i);
      if (!names[i]) return SQLITE_NOMEM;
    }
    n_rows = 1;
  }

  for (;;) {
    rc = csv_read_record(p, 1, n_cols, &n_fields, &line);
    if (rc == SQLITE_DONE) break;
    if (rc != SQLITE_ROW) return rc;
    if (n_fields != n_cols) {
      return csv_error(p, line, "row has %lld field%s, %s has %d", n_fields,
                       csv_plural(n_fields),
                       has_header ? "header" : "first row", n_cols);
    }
    n_rows++;
  }
  *pn_rows = n_rows;
  return SQLITE_OK;
}

/* ------------------------------------------------------ the parameters */

/* Set *pzErr to a new message, freeing any earlier one. */
static int csv_set_err(char **pzErr, const char *format, ...) {
  va_list ap;
  sqlite3_free(*pzErr);
  va_start(ap, format);
  *pzErr = sqlite3_vmprintf(format, ap);
  va_end(ap);
  return *pzErr ? SQLITE_ERROR : SQLITE_NOMEM;
}

/* Trim z[0..*pn) of white space, moving z. */
static const char *csv_trim(const char *z, int *pn) {
  int n = *pn;
  while (n > 0 && (csv_is_blank(*z) || csv_is_eol(*z))) {
    z++;
    n--;
  }
  while (n > 0 && (csv_is_blank(z[n - 1]) || csv_is_eol(z[n - 1]))) n--;
  *pn = n;
  return z;
}

/* A parameter's value z[0..n) without its quotes: 'text' or "text", with a
** doubled quote for one, or bare text. Returns a sqlite3_malloc string in
** *pout, or an error. */
static int csv_dequote(const char *key, const char *z, int n, char **pout,
                       char **pzErr) {
  char *out;
  int i, k = 0;
  char q = n > 0 ? z[0] : 0;
  *pout = 0;
  out = sqlite3_malloc64((sqlite3_uint64)n + 1);
  if (!out) return SQLITE_NOMEM;
  if (q != '\'' && q != '"') {
    memcpy(out, z, (size_t)n);
    out[n] = 0;
    *pout = out;
    return SQLITE_OK;
  }
  for (i = 1; i < n; i++) {
    if (z[i] == q) {
      if (i + 1 < n && z[i + 1] == q) {
        out[k++] = q;
        i++;
        continue;
      }
      if (i == n - 1) {
        out[k] = 0;
        *pout = out;
        return SQLITE_OK;
      }
      break; /* a closing quote before the end: 'a' 'b' */
    }
    out[k++] = z[i];
  }
  sqlite3_free(out);
  return csv_set_err(pzErr,
                     CSV_MODULE ": %s= must be one quoted string, got %.*s",
                     key, n, z);
}

/* The parameters this module takes. */
enum { CSV_P_FILENAME, CSV_P_DATA, CSV_P_HEADER, CSV_N_PARAMS };
static const char *const csv_param_names[CSV_N_PARAMS] = {"filename", "data",
                                                          "header"};

/* Parse one module argument "key=value" into values[key]. */
static int csv_param(const char *arg, char **values, char **pzErr) {
  const char *eq = strchr(arg, '=');
  int n_key = eq ? (int)(eq - arg) : (int)strlen(arg), n_val, i;
  const char *key = csv_trim(arg, &n_key), *val;
  for (i = 0; i < CSV_N_PARAMS; i++) {
    if ((int)strlen(csv_param_names[i]) == n_key &&
        sqlite3_strnicmp(key, csv_param_names[i], n_key) == 0) {
      break;
    }
  }
  if (i == CSV_N_PARAMS) {
    return csv_set_err(pzErr,
                       CSV_MODULE ": unknown parameter '%.*s' (expected "
                       "filename=, data= or header=)",
                       n_key, key);
  }
  if (!eq) {
    return csv_set_err(pzErr,
                       CSV_MODULE ": parameter '%s' needs a value: %s=...",
                       csv_param_names[i], csv_param_names[i]);
  }
  if (values[i]) {
    return csv_set_err(pzErr, CSV_MODULE ": more than one '%s' parameter",
                       csv_param_names[i]);
  }
  n_val = (int)strlen(eq + 1);
  val = csv_trim(eq + 1, &n_val);
  return csv_dequote(csv_param_names[i], val, n_val, &values[i], pzErr);
}

/* header=: 1 for yes, 0 for no, -1 for anything else. */
static int csv_yes_no(const char *z) {
  static const char *const yes[] = {"yes", "on", "true", "1"};
  static const char *const no[] = {"no", "off", "false", "0"};
  int i;
  for (i = 0; i < 4; i++) {
    if (sqlite3_stricmp(z, yes[i]) == 0) return 1;
    if (sqlite3_stricmp(z, no[i]) == 0) return 0;
  }
  return -1;
}

/* Read the file at path into a new buffer, NUL-terminated, of at most
** sqlite3_limit(db, SQLITE_LIMIT_LENGTH) bytes. */
static int csv_read_file(sqlite3 *db, const char *path, char **pbuf,
                         sqlite3_int64 *pn, char **pzErr) {
  sqlite3_int64 limit = sqlite3_limit(db, SQLITE_LIMIT_LENGTH, -1);
  sqlite3_int64 n = 0, cap = 0;
  char *buf = 0;
  int rc = SQLITE_OK;
  FILE *f = fopen(path, "rb");
  if (!f) {
    return csv_set_err(pzErr, CSV_MODULE ": cannot open '%s': %s", path,
                       strerror(errno));
  }
  /* Read at most one byte past the limit, enough to know it is exceeded. */
  while (n <= limit) {
    size_t want, got;
    if (n == cap) {
      sqlite3_int64 ncap = cap ? 2 * cap : CSV_FIRST_CHUNK;
      char *nbuf;
      if (ncap > limit + 1) ncap = limit + 1;
      nbuf = sqlite3_realloc64(buf, (sqlite3_uint64)ncap + 1);
      if (!nbuf) {
        rc = SQLITE_NOMEM;
        break;
      }
      buf = nbuf;
      cap = ncap;
    }
    want = (size_t)(cap - n);
    errno = 0;
    got = fread(buf + n, 1, want, f);
    n += (sqlite3_int64)got;
    if (got < want) {
      if (ferror(f)) {
        rc = csv_set_err(pzErr, CSV_MODULE ": cannot read '%s': %s", path,
                         strerror(errno ? errno : EIO));
      }
      break;
    }
  }
  fclose(f);
  if (rc == SQLITE_OK && n > limit) {
    rc = csv_set_err(pzErr,
                     CSV_MODULE ": '%s' is larger than %lld bytes, the length "
                     "limit (SQLITE_LIMIT_LENGTH)",
                     path, limit);
  }
  if (rc != SQLITE_OK) {
    sqlite3_free(buf);
    return rc;
  }
  if (!buf) {
    buf = sqlite3_malloc(1);
    if (!buf) return SQLITE_NOMEM;
  }
  buf[n] = 0;
  *pbuf = buf;
  *pn = n;
  return SQLITE_OK;
}

/* ------------------------------------------------------------ the module */

/* The constructor behind both xCreate and xConnect: parse the parameters,
** read and parse the whole input, declare the columns. argv[0] is the
** module name, argv[1] the schema, argv[2] the table, then the parameters.
** Every path leaves through `cleanup`. */
static int csv_construct(sqlite3 *db, void *aux, int argc,
                         const char *const *argv, sqlite3_vtab **ppVtab,
                         char **pzErr) {
  char *values[CSV_N_PARAMS] = {0, 0, 0};
  csv_parser p;
  csv_table *tab = 0;
  char **names = 0;
  int n_cols = 0, has_header = 1, rc = SQLITE_OK, i;
  sqlite3_int64 n_rows = 0;
  sqlite3_str *schema = 0;
  char *sql = 0;
  (void)aux;
  *ppVtab = 0;
  memset(&p, 0, sizeof(p));

  for (i = 3; i < argc && rc == SQLITE_OK; i++) {
    rc = csv_param(argv[i], values, pzErr);
  }
  if (rc != SQLITE_OK) goto cleanup;
  if (!values[CSV_P_FILENAME] == !values[CSV_P_DATA]) {
    if (values[CSV_P_FILENAME]) {
      rc = csv_set_err(pzErr,
                       CSV_MODULE ": give filename= or data=, not both");
    } else {
      rc = csv_set_err(pzErr, CSV_MODULE ": no input: give filename='FILE.csv' "
                              "or data='CSV text'");
    }
    goto cleanup;
  }
  if (values[CSV_P_HEADER]) {
    has_header = csv_yes_no(values[CSV_P_HEADER]);
    if (has_header < 0) {
      rc = csv_set_err(pzErr,
                       CSV_MODULE ": header= must be yes or no, got '%s'",
                       values[CSV_P_HEADER]);
      goto cleanup;
    }
  }

  if (values[CSV_P_FILENAME]) {
    p.name = values[CSV_P_FILENAME];
    rc = csv_read_file(db, p.name, &p.buf, &p.n, pzErr);
    if (rc != SQLITE_OK) goto cleanup;
  } else {
    /* The dequoted value is already a private copy: parse it in place. */
    p.name = "data";
    p.buf = values[CSV_P_DATA];
    p.n = (sqlite3_int64)strlen(p.buf);
    values[CSV_P_DATA] = 0;
  }

  rc = csv_parse(db, &p, has_header, &names, &n_cols, &n_rows);
  if (rc != SQLITE_OK) {
    if (p.err) {
      sqlite3_free(*pzErr);
      *pzErr = p.err;
      p.err = 0;
    }
    goto cleanup;
  }

  /* Columns without a type: values keep the type they were parsed with. */
  schema = sqlite3_str_new(db);
  sqlite3_str_appendall(schema, "CREATE TABLE x(");
  for (i = 0; i < n_cols; i++) {
    sqlite3_str_appendf(schema, "%s\"%w\"", i ? ", " : "", names[i]);
  }
  sqlite3_str_appendall(schema, ")");
  rc = sqlite3_str_errcode(schema);
  sql = sqlite3_str_finish(schema);
  if (rc == SQLITE_TOOBIG) {
    csv_set_err(pzErr, CSV_MODULE ": the column names are too long together "
                "(the table's schema exceeds SQLITE_LIMIT_LENGTH)");
    rc = SQLITE_ERROR;
    goto cleanup;
  }
  if (!sql) {
    rc = SQLITE_NOMEM;
    goto cleanup;
  }
  rc = sqlite3_declare_vtab(db, sql);
  if (rc != SQLITE_OK) {
    csv_set_err(pzErr, CSV_MODULE ": %s", sqlite3_errmsg(db));
    goto cleanup;
  }

  /* Rationale for DIRECTONLY: this module reads files. A database file
  ** from an untrusted source can hold a gpuadv_csv table naming any path,
  ** and views or triggers over it; were they allowed to use it, querying an
  ** innocent-looking view would read whatever file the process can read and
  ** leak it into the results. Direct-only tables are usable only from
  ** top-level SQL and from TEMP objects, never from a schema stored in a
  ** database file, whatever PRAGMA trusted_schema says. CSV tables belong
  ** in TEMP anyway. */
  rc = sqlite3_vtab_config(db, SQLITE_VTAB_DIRECTONLY);
  if (rc != SQLITE_OK) goto cleanup;

  tab = sqlite3_malloc64(sizeof(*tab));
  if (!tab) {
    rc = SQLITE_NOMEM;
    goto cleanup;
  }
  memset(tab, 0, sizeof(*tab));
  tab->buf = p.buf;
  tab->cells = p.cells;
  tab->n_rows = n_rows;
  tab->n_cols = n_cols;
  p.buf = 0;
  p.cells = 0;
  *ppVtab = &tab->base;

cleanup:
  for (i = 0; i < CSV_N_PARAMS; i++) sqlite3_free(values[i]);
  if (names) {
    for (i = 0; i < n_cols; i++) sqlite3_free(names[i]);
    sqlite3_free(names);
  }
  sqlite3_free(sql);
  sqlite3_free(p.buf);
  sqlite3_free(p.cells);
  sqlite3_free(p.err);
  return rc;
}

/* xCreate: CREATE VIRTUAL TABLE. A function distinct from xConnect, so the
** module is not eponymous: `SELECT * FROM gpuadv_csv` is no such table. */
static int csv_create(sqlite3 *db, void *aux, int argc,
                      const char *const *argv, sqlite3_vtab **ppVtab,
                      char **pzErr) {
  return csv_construct(db, aux, argc, argv, ppVtab, pzErr);
}

/* xConnect: a database holding the table is opened; the input is read
** again. */
static int csv_connect(sqlite3 *db, void *aux, int argc,
                       const char *const *argv, sqlite3_vtab **ppVtab,
                       char **pzErr) {
  return csv_construct(db, aux, argc, argv, ppVtab, pzErr);
}

/* xDisconnect and xDestroy: nothing is stored outside memory. */
static int csv_disconnect(sqlite3_vtab *vtab) {
  csv_table *tab = (csv_table *)vtab;
  sqlite3_free(tab->buf);
  sqlite3_free(tab->cells);
  sqlite3_free(tab);
  return SQLITE_OK;
}

/* Every query is a full scan; constraints are left to SQLite (no argvIndex,
** no omit). The cost is high so that, in a join, the planner scans this
** table once in the outer loop rather than again for each outer row. */
static int csv_best_index(sqlite3_vtab *vtab, sqlite3_index_info *info) {
  csv_table *tab = (csv_table *)vtab;
  info->estimatedCost = 1e6 + (double)tab->n_rows;
  info->estimatedRows = tab->n_rows;
  return SQLITE_OK;
}

static int csv_open(sqlite3_vtab *vtab, sqlite3_vtab_cursor **ppCursor) {
  csv_cursor *cur = sqlite3_malloc64(sizeof(*cur));
  (void)vtab;
  if (!cur) return SQLITE_NOMEM;
  memset(cur, 0, sizeof(*cur));
  *ppCursor = &cur->base;
  return SQLITE_OK;
}

static int csv_close(sqlite3_vtab_cursor *cursor) {
  sqlite3_free(cursor);
  return SQLITE_OK;
}

static int csv_filter(sqlite3_vtab_cursor *cursor, int idx_num,
                      const char *idx_str, int argc, sqlite3_value **argv) {
  (void)idx_num;
  (void)idx_str;
  (void)argc;
  (void)argv;
  ((csv_cursor *)cursor)->row = 0;
  return SQLITE_OK;
}

static int csv_next(sqlite3_vtab_cursor *cursor) {
  ((csv_cursor *)cursor)->row++;
  return SQLITE_OK;
}

static int csv_eof(sqlite3_vtab_cursor *cursor) {
  csv_cursor *cur = (csv_cursor *)cursor;
  return cur->row >= ((csv_table *)cur->base.pVtab)->n_rows;
}

static int csv_column(sqlite3_vtab_cursor *cursor, sqlite3_context *ctx,
                      int col) {
  csv_cursor *cur = (csv_cursor *)cursor;
  csv_table *tab = (csv_table *)cur->base.pVtab;
  const csv_cell *c = &tab->cells[cur->row * tab->n_cols + col];
  switch (c->type) {
    case SQLITE_INTEGER:
      sqlite3_result_int64(ctx, c->u.i);
      break;
    case SQLITE_FLOAT:
      sqlite3_result_double(ctx, c->u.r);
      break;
    case SQLITE_TEXT:
      sqlite3_result_text(ctx, tab->buf + c->u.off, c->n, SQLITE_TRANSIENT);
      break;
    default:
      sqlite3_result_null(ctx);
      break;
  }
  return SQLITE_OK;
}

static int csv_rowid(sqlite3_vtab_cursor *cursor, sqlite3_int64 *pRowid) {
  *pRowid = ((csv_cursor *)cursor)->row + 1;
  return SQLITE_OK;
}

static const sqlite3_module csv_module = {
    .iVersion = 0,                  /* no xSavepoint and later slots */
    .xCreate = csv_create,          /* CREATE VIRTUAL TABLE; not eponymous */
    .xConnect = csv_connect,        /* a database holding the table opens */
    .xBestIndex = csv_best_index,   /* always a full scan */
    .xDisconnect = csv_disconnect,  /* frees the in-memory table */
    .xDestroy = csv_disconnect,     /* DROP TABLE: nothing else to remove */
    .xOpen = csv_open,              /* a cursor is a row index */
    .xClose = csv_close,            /* frees the cursor */
    .xFilter = csv_filter,          /* rewinds to the first row */
    .xNext = csv_next,              /* the next row */
    .xEof = csv_eof,                /* past the last row */
    .xColumn = csv_column,          /* the cell as parsed, typed */
    .xRowid = csv_rowid,            /* 1-based data row number */
    .xUpdate = 0,                   /* read-only: SQLite refuses writes */
    .xBegin = 0,                    /* no transactions: nothing is written */
    .xSync = 0,                     /* ditto */
    .xCommit = 0,                   /* ditto */
    .xRollback = 0,                 /* ditto */
    .xFindFunction = 0,             /* no overloaded functions */
    .xRename = 0,                   /* ALTER TABLE RENAME needs no work */
};

int gpuadv_register_csv(sqlite3 *db, char **pzErrMsg) {
  int rc = sqlite3_create_module_v2(db, CSV_MODULE, &csv_module, 0, 0);
  if (rc != SQLITE_OK && pzErrMsg) {
    *pzErrMsg = sqlite3_mprintf(CSV_MODULE ": cannot register the module: %s",
                                sqlite3_errmsg(db));
  }
  return rc;
}
