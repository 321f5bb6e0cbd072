/*
** gpuadv_csv.c: the gpuadv_csv virtual-table module (README "Your own price
** lists"). It
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
** Errors. CREATE VIRTUAL TABLE reads and checks the whole input. Malformed
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
**   gpuadv_csv: 'fifo' is a FIFO, not a regular file
**
** Parameter errors: `unknown parameter 'x' (expected filename=, data= or
** header=)`, `more than one 'data' parameter`, `give filename= or data=,
** not both`, `no input: give filename='FILE.csv' or data='CSV text'`,
** `header= must be yes or no, got 'maybe'`. An empty input (no header row,
** or with header=no no row) is an error too.
**
** Files. Only regular files are read: a FIFO, a device (/dev/zero), a
** directory or a socket is an error (`'PATH' is a character device, not a
** regular file`), found by fstat on the descriptor, which is opened with
** O_NONBLOCK so that not even the open can block. A file larger than the
** limit is refused from its size, before anything is read; the buffer is
** the file's size, not the limit.
**
** Column names are fixed at creation. For a file, CREATE VIRTUAL TABLE
** stores them in a table beside it, `<table>_columns` (a shadow table: one
** row per column, in order; dropped and renamed with the table). A table
** stored in a database file (not TEMP) is connected when a statement first
** uses it: the stored names are declared and no file is opened. The rows
** are read and checked on first use (xFilter), where errors are reported
** as above; the input must then still have as many columns as were
** declared (`the input now has 4 columns, not 3 as when the table was
** created (drop it and create it again)`). A table whose file has gone, is
** no regular file or holds malformed rows can still be dropped. One
** without a stored list of names (made by an earlier version, or a
** doctored database) is declared with one column, c0, can be dropped, and
** is an error on use (`quotes: no column names stored with the table
** (quotes_columns is missing or holds no list of names); drop the table
** and create it again`). A data= table holds its text in the schema and
** parses its header from there.
**
** Limits. The input may be at most sqlite3_limit(db, SQLITE_LIMIT_LENGTH)
** bytes (1,000,000,000 by default) and have at most SQLITE_LIMIT_COLUMN
** columns (2,000). A column name may hold at most CSV_MAX_NAME (1,000)
** bytes once trimmed, and the header record at most CSV_MAX_HEADER
** (1,048,576): `quotes.csv:1: the name of column 2 is 1001 bytes long,
** more than the limit of 1000`, `quotes.csv:1: the header is 20000001
** bytes long, more than the limit of 1048576`. The table is a snapshot taken when it is created or
** first used: it is held in memory, and later edits of the file are not
** seen until the database is reopened. The input should be UTF-8 (ASCII
** is): it is not validated, but a NUL byte or a UTF-16 byte-order mark is
** an error.
**
** Memory. The input is held once, as read; fields are found again, and
** typed, when a row is read. Besides the input, the table keeps where rows
** start: 4 bytes per row, or per 2, 4, ... rows, so that it never exceeds a
** quarter of the input's size (a 120 MB file costs 130 MB, where a cell
** array of 16 bytes per field made it 352 MB). A column used in an
** equality lookup gets an index of 4 bytes per row and 4 per bucket (one
** to two buckets per row), built on first use and kept with the table.
**
** Queries. An equality constraint on a column (`col = value`, each value of
** `col IN (...)`, a join `ON a.k = b.k`), under the BINARY collation, is
** served by that column's hash index; SQLite re-checks every row it gets
** (the constraint is not omitted), so the index may return more rows than
** match, never fewer. Keys are chosen so that values SQLite may find equal,
** whatever affinity the other operand applies, hash alike: numbers by
** value (INTEGER 2 and REAL 2.0 alike, rounded to the 15 digits SQLite uses
** when it converts a REAL to TEXT), text that reads as a number (with white
** space around, as NUMERIC affinity reads it) as that number, other text
** by its bytes. Anything else is a full scan, which SQLite filters. The
** rowid is the 1-based data row number. The table is read-only.
**
** Security. The module reads files, so it is SQLITE_VTAB_DIRECTONLY: a
** view or trigger stored in a database file cannot use it, whatever
** trusted_schema says (`unsafe use of virtual table "quotes"`). Create the
** table in TEMP, as above; views and triggers in TEMP may use it. SQLite
** refuses such a use only after it has connected the table, which is why
** xConnect opens no file: a received database's view over a table naming
** any path reads nothing (its header used to become column names, which
** `PRAGMA table_info` showed). Used directly, the table reads its file
** with the checks above: one bounded, non-blocking read of a regular file.
*/
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gpuadv_internal.h"

SQLITE_EXTENSION_INIT3

#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif
#ifndef O_NOCTTY
#define O_NOCTTY 0
#endif

#define CSV_MODULE "gpuadv_csv"
#define CSV_NUL_MSG "NUL byte (not a UTF-8 text file?)"
/* The rows a table connected from its stored column names is taken to
** hold until its input is read on first use (the file is not looked at
** before). */
#define CSV_CONNECT_ROWS 1000
/* The suffix of the table that keeps a file table's column names:
** quotes_columns for quotes (csv_store_names). */
#define CSV_SHADOW "columns"
/* Decimal literals up to this many bytes are converted without malloc. */
#define CSV_NUMBUF 128
/* Exponents are clamped here while parsed: far outside double's range, far
** inside sqlite3_int64's. */
#define CSV_EXP_CLAMP 100000
/* Offsets are 32-bit: no input may be longer (SQLite's own ceiling on
** SQLITE_LIMIT_LENGTH, 2^31 - 1, is below it). */
#define CSV_MAX_BYTES 0x7fffffff
/* Row starts are remembered for every CSV_MARK_SHARE-th byte of input at
** most (4 bytes each), so they cost at most 1/4 of the input's size. */
#define CSV_MARK_SHARE 16
/* The longest column name, in bytes once trimmed, and the longest header
** record: a name becomes part of the declared schema, which SQLite parses
** and copies, so a header cost several times its length in memory (a
** 300 MB one took 2 GB and 12 s). With these bounds the names and schema
** of a table take a few MB at most. */
#define CSV_MAX_NAME 1000
#define CSV_MAX_HEADER 1048576

/* ------------------------------------------------------------ the table */

/* What kind of text a field holds; its type is decided when it is read. */
enum {
  CSV_EMPTY,     /* unquoted and empty (or blank): NULL */
  CSV_PLAIN,     /* unquoted: INTEGER, REAL or TEXT */
  CSV_QUOTED,    /* quoted, no doubled quote inside: TEXT as it stands */
  CSV_QUOTED_ESC /* quoted with "" inside: TEXT once unescaped */
};

/* One field: where its text lies in the input. Unquoted text is trimmed;
** quoted text is what lies between the quotes. */
typedef struct csv_span {
  unsigned off;       /* offset of the first byte */
  unsigned n;         /* length in bytes */
  unsigned char kind; /* CSV_EMPTY ... CSV_QUOTED_ESC */
} csv_span;

/* A typed value. */
typedef struct csv_value {
  int type;        /* SQLITE_INTEGER, SQLITE_FLOAT or SQLITE_TEXT */
  sqlite3_int64 i; /* SQLITE_INTEGER */
  double r;        /* SQLITE_FLOAT */
} csv_value;

/* An equality index of one column: the rows in hash chains. A chain may
** hold rows of other values that share the bucket; SQLite re-checks every
** row (the constraint is not omitted). */
typedef struct csv_index {
  unsigned mask;  /* buckets - 1 */
  unsigned *head; /* bucket -> 1 + its first row; 0: empty */
  unsigned *next; /* row -> 1 + the next row of its bucket; 0: the last */
} csv_index;

typedef struct csv_table {
  sqlite3_vtab base; /* must come first */
  sqlite3 *db;       /* for the limits, read when the input is loaded */
  char *schema;      /* the database holding the table: main, temp, ... */
  char *table;       /* the table's name (its shadow table's prefix) */
  char *broken;      /* why the stored column names cannot be used; 0 */
  char *path;        /* filename= as given; 0 for data= */
  char *data;        /* data= text until it is loaded (then in buf) */
  const char *name;  /* the input in messages: path, or "data" */
  int has_header;
  int n_cols;
  sqlite3_int64 est_rows; /* a guess, until loaded */
  /* Set by csv_load(), on first use or by xCreate: */
  int loaded;
  char *buf;            /* the input, as read, NUL-terminated */
  sqlite3_int64 n;      /* bytes in buf */
  sqlite3_int64 n_rows; /* data rows, header excluded */
  unsigned *marks;      /* marks[k]: offset of row k << shift */
  sqlite3_int64 n_marks;
  int shift;
  csv_index **index; /* n_cols, each built on its first lookup */
} csv_table;

typedef struct csv_cursor {
  sqlite3_vtab_cursor base; /* must come first */
  sqlite3_int64 row;        /* 0-based index of the current row */
  sqlite3_int64 pos;        /* where its record starts; -1: not yet found */
  sqlite3_int64 end;        /* where it ends, once parsed */
  sqlite3_int64 parsed;     /* the row whose fields are in spans; -1: none */
  const csv_index *idx;     /* a lookup walks a chain; 0 for a scan */
  int eof;                  /* a lookup has run out of rows */
  csv_span *spans;          /* n_cols fields of row `parsed` */
} csv_cursor;

/* ----------------------------------------------------------- the parser */

typedef struct csv_parser {
  const char *buf;    /* the input; never written */
  sqlite3_int64 n;    /* bytes in buf */
  sqlite3_int64 pos;  /* next byte to read */
  sqlite3_int64 line; /* 1-based line of buf[pos] */
  int ends_with_eol;  /* the input's last byte is CR or LF */
  const char *name;   /* the file name as given, or "data" */
  char *err;          /* message, from sqlite3_mprintf */
} csv_parser;

static int csv_is_blank(char c) {
  return c == ' ' || c == '\t';
}
static int csv_is_eol(char c) {
  return c == '\n' || c == '\r';
}
static int csv_is_digit(char c) {
  return c >= '0' && c <= '9';
}
/* White space as SQLite skips it around a number in text. */
static int csv_is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' ||
         c == '\r';
}

/* Record "gpuadv_csv: NAME:LINE: MESSAGE" in p->err. Returns SQLITE_ERROR,
** or SQLITE_NOMEM when the message could not be allocated. */
static int csv_error(csv_parser *p, sqlite3_int64 line, const char *format,
                     ...) {
  char *msg;
  va_list ap;
  va_start(ap, format);
  msg = sqlite3_vmprintf(format, ap);
  va_end(ap);
  sqlite3_free(p->err);
  p->err = 0;
  if (msg) {
    if (line > 0) {
      p->err = sqlite3_mprintf(CSV_MODULE ": %s:%lld: %s", p->name, line, msg);
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

/* The field starting at the opening quote at p->pos. Nothing is written:
** the span covers the text between the quotes, doubled quotes included. */
static int csv_quoted_field(csv_parser *p, csv_span *span,
                            sqlite3_int64 field) {
  const char *b = p->buf;
  sqlite3_int64 open_line = p->line, start = ++p->pos;
  int esc = 0;
  for (;;) {
    char c;
    if (p->pos >= p->n) {
      /* Report the line of the input's last byte, where the field is still
      ** open, and the line where it began. */
      sqlite3_int64 at = p->ends_with_eol ? p->line - 1 : p->line;
      return csv_error(p, at, "unterminated quoted field (opened on line %lld)",
                       open_line);
    }
    c = b[p->pos];
    if (c == '"') {
      if (p->pos + 1 < p->n && b[p->pos + 1] == '"') {
        esc = 1;
        p->pos += 2;
        continue;
      }
      break;
    }
    if (c == 0) return csv_error(p, p->line, CSV_NUL_MSG);
    /* Count CRLF once, at its LF. */
    if (c == '\n' ||
        (c == '\r' && !(p->pos + 1 < p->n && b[p->pos + 1] == '\n'))) {
      p->line++;
    }
    p->pos++;
  }
  span->kind = esc ? CSV_QUOTED_ESC : CSV_QUOTED;
  span->off = (unsigned)start;
  span->n = (unsigned)(p->pos - start);
  p->pos++; /* the closing quote */
  while (p->pos < p->n && csv_is_blank(b[p->pos])) p->pos++;
  if (p->pos < p->n && b[p->pos] != ',' && !csv_is_eol(b[p->pos])) {
    return csv_error(p, p->line, "text after the closing quote of field %lld",
                     field);
  }
  return SQLITE_OK;
}

/* The unquoted field at p->pos (leading blanks already skipped). */
static int csv_plain_field(csv_parser *p, csv_span *span, sqlite3_int64 field) {
  const char *b = p->buf;
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
  span->kind = end == start ? CSV_EMPTY : CSV_PLAIN;
  span->off = (unsigned)start;
  span->n = (unsigned)(end - start);
  return SQLITE_OK;
}

/* Read one record, keeping its first max_spans fields in spans[] (spans may
** be 0 to only count them). Returns SQLITE_ROW with the field count in
** *pn_fields and the record's first line in *pline, SQLITE_DONE at the end
** of the input, or an error. */
static int csv_read_record(csv_parser *p, csv_span *spans,
                           sqlite3_int64 max_spans, sqlite3_int64 *pn_fields,
                           sqlite3_int64 *pline) {
  sqlite3_int64 n_fields = 0;
  csv_span scratch = {0};
  int rc;
  csv_skip_blank_lines(p);
  if (p->pos >= p->n) return SQLITE_DONE;
  *pline = p->line;
  for (;;) {
    csv_span *span = n_fields < max_spans ? &spans[n_fields] : &scratch;
    while (p->pos < p->n && csv_is_blank(p->buf[p->pos])) p->pos++;
    n_fields++;
    if (p->pos < p->n && p->buf[p->pos] == '"') {
      rc = csv_quoted_field(p, span, n_fields);
    } else {
      rc = csv_plain_field(p, span, n_fields);
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

/* The text of a quoted field with doubled quotes, z[0..n), unescaped into
** out (n bytes suffice). Returns the length. */
static unsigned csv_unescape(const char *z, unsigned n, char *out) {
  unsigned i, k = 0;
  for (i = 0; i < n; i++) {
    out[k++] = z[i];
    if (z[i] == '"') i++; /* the second quote of "" */
  }
  return k;
}

/* The text of a span as a new sqlite3_malloc string (unescaped). */
static char *csv_span_text(const char *buf, const csv_span *s) {
  char *out = sqlite3_malloc64((sqlite3_uint64)s->n + 1);
  unsigned k;
  if (!out) return 0;
  if (s->kind == CSV_QUOTED_ESC) {
    k = csv_unescape(buf + s->off, s->n, out);
  } else {
    k = s->kind == CSV_EMPTY ? 0 : s->n;
    memcpy(out, buf + s->off, k);
  }
  out[k] = 0;
  return out;
}

/* ---------------------------------------------------------- the numbers */

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
** REAL or (left as set by the caller) TEXT. A literal too large for a
** double stays TEXT, or with keep_inf is an infinite REAL (for the index
** keys, as SQLite reads such text). Returns 0, or -1 when out of memory.
**
**   [+-]? ( D+ ( '.' D* )? | '.' D+ ) ( [eE] [+-]? D+ )?
*/
static int csv_type_number(const char *z, int n, int keep_inf,
                           csv_value *cell) {
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
      if (v > (max - d) / 10)
        fits = 0;
      else
        v = v * 10 + d;
    }
    if (fits) {
      cell->type = SQLITE_INTEGER;
      /* -2^63 is built without overflowing: negate v - 1, then subtract 1. */
      cell->i = neg ? -(sqlite3_int64)(v - 1) - 1 : (sqlite3_int64)v;
      return 0;
    }
  }
  if (csv_to_double(z + int_start, n_int, n_frac, exp, neg, &r)) return -1;
  /* Out of double's range: keep the text rather than store an infinity. */
  if (!isfinite(r) && !keep_inf) return 0;
  cell->type = SQLITE_FLOAT;
  cell->r = r;
  return 0;
}

/* A set of column names, compared as SQLite compares identifiers (ASCII
** case-insensitively), in an open-addressing hash table; each entry keeps
** the next suffix to try for names that collide with it. */
typedef struct csv_name_set {
  const char **names; /* borrowed; 0 = empty slot */
  int *next_suffix;
  unsigned mask; /* slots - 1, a power of two minus one */
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

/* Column names for the header fields spans[0..n_cols) of buf: trimmed,
** empty ones replaced by cI, duplicates suffixed _2, _3, ... Returns an
** array of n_cols sqlite3_mprintf strings in *pnames, SQLITE_NOMEM, or
** SQLITE_TOOBIG for a name longer than CSV_MAX_NAME bytes, whose 0-based
** column and length are set in *plong and *plong_n. Linear time: a header
** of 2,000 copies of one name must not take a cubic search. */
static int csv_header_names(const char *buf, const csv_span *spans, int n_cols,
                            char ***pnames, int *plong, int *plong_n) {
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
    char *text = csv_span_text(buf, &spans[i]);
    const char *z = text;
    int n = text ? (int)strlen(text) : 0;
    char *base, *cand;
    unsigned slot;
    if (!text) {
      rc = SQLITE_NOMEM;
      break;
    }
    while (n > 0 &&
           (csv_is_blank(*z) || csv_is_eol(*z) || *z == '\v' || *z == '\f')) {
      z++;
      n--;
    }
    while (n > 0 && (csv_is_blank(z[n - 1]) || csv_is_eol(z[n - 1]) ||
                     z[n - 1] == '\v' || z[n - 1] == '\f')) {
      n--;
    }
    if (n > CSV_MAX_NAME) {
      *plong = i;
      *plong_n = n;
      sqlite3_free(text);
      rc = SQLITE_TOOBIG;
      break;
    }
    base = n ? sqlite3_mprintf("%.*s", n, z) : sqlite3_mprintf("c%d", i);
    sqlite3_free(text);
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

/* The plural ending of "field". */
static const char *csv_plural(sqlite3_int64 n) {
  return n == 1 ? "" : "s";
}

/* Start parsing p->buf[0..p->n): refuse UTF-16, skip a UTF-8 byte-order
** mark. */
static int csv_begin(csv_parser *p) {
  const unsigned char *u = (const unsigned char *)p->buf;
  p->line = 1;
  p->pos = 0;
  if (p->n >= 2 &&
      ((u[0] == 0xFF && u[1] == 0xFE) || (u[0] == 0xFE && u[1] == 0xFF))) {
    return csv_error(p, 0, "UTF-16 text is not supported; save it as UTF-8");
  }
  if (p->n >= 3 && u[0] == 0xEF && u[1] == 0xBB && u[2] == 0xBF) p->pos = 3;
  p->ends_with_eol = p->n > 0 && csv_is_eol(p->buf[p->n - 1]);
  return SQLITE_OK;
}

/* Parse the first record: the header or, with header=no, the first row.
** Sets *pn_cols and, when pnames is not 0, the column names (the caller
** frees them, also on error). *pend is where the parser stopped, for a
** caller that holds only the start of the input. p->pos is left after the
** header or, with header=no, at the first row. */
static int csv_parse_header(sqlite3 *db, csv_parser *p, int has_header,
                            int *pn_cols, char ***pnames, sqlite3_int64 *pend) {
  int max_cols = sqlite3_limit(db, SQLITE_LIMIT_COLUMN, -1);
  sqlite3_int64 n_fields = 0, line = 0, start;
  csv_span *spans;
  int rc, n_cols, i;
  *pend = 0;
  rc = csv_begin(p);
  if (rc != SQLITE_OK) return rc;
  start = p->pos;
  spans = sqlite3_malloc64(((sqlite3_uint64)max_cols + 1) * sizeof(*spans));
  if (!spans) return SQLITE_NOMEM;
  rc = csv_read_record(p, spans, (sqlite3_int64)max_cols + 1, &n_fields, &line);
  *pend = p->pos;
  if (rc == SQLITE_DONE) {
    rc = csv_error(p, 0, "the input is empty (no %s)",
                   has_header ? "header row" : "rows");
  } else if (rc == SQLITE_ROW && n_fields > max_cols) {
    rc = csv_error(p, line,
                   "%s has %lld fields, more than the limit of %d columns "
                   "(SQLITE_LIMIT_COLUMN)",
                   has_header ? "header" : "row", n_fields, max_cols);
  } else if (rc == SQLITE_ROW && has_header &&
             p->pos - start > CSV_MAX_HEADER) {
    rc = csv_error(p, line,
                   "the header is %lld bytes long, more than the limit of %d",
                   p->pos - start, CSV_MAX_HEADER);
  } else if (rc == SQLITE_ROW) {
    rc = SQLITE_OK;
  }
  if (rc != SQLITE_OK) {
    sqlite3_free(spans);
    return rc;
  }
  n_cols = (int)n_fields;
  *pn_cols = n_cols;
  if (pnames && has_header) {
    int col = 0, len = 0;
    rc = csv_header_names(p->buf, spans, n_cols, pnames, &col, &len);
    if (rc == SQLITE_TOOBIG) {
      rc = csv_error(p, line,
                     "the name of column %d is %d bytes long, more than the "
                     "limit of %d",
                     col + 1, len, CSV_MAX_NAME);
    }
  } else if (pnames) {
    char **names = sqlite3_malloc64((sqlite3_uint64)n_cols * sizeof(char *));
    if (names) {
      memset(names, 0, (size_t)n_cols * sizeof(char *));
      for (i = 0; i < n_cols && rc == SQLITE_OK; i++) {
        names[i] = sqlite3_mprintf("c%d", i);
        if (!names[i]) rc = SQLITE_NOMEM;
      }
    } else {
      rc = SQLITE_NOMEM;
    }
    *pnames = names;
  }
  sqlite3_free(spans);
  if (!has_header) {
    p->pos = start;
    p->line = 1;
  }
  return rc;
}

/* Check every data record from p->pos on: each must have n_cols fields.
** Counts them into tab->n_rows and remembers where rows start in
** tab->marks: every row while they fit in a quarter of the input's size,
** else every second row, every fourth, ... */
static int csv_scan_rows(csv_parser *p, int n_cols, int has_header,
                         csv_table *tab) {
  sqlite3_int64 cap = p->n / CSV_MARK_SHARE + 16, row = 0, n_marks = 0;
  sqlite3_int64 n_fields = 0, line = 0;
  unsigned *marks = sqlite3_malloc64((sqlite3_uint64)cap * sizeof(*marks));
  int shift = 0, rc = SQLITE_OK;
  if (!marks) return SQLITE_NOMEM;
  for (;;) {
    sqlite3_int64 start = p->pos, mask;
    rc = csv_read_record(p, 0, 0, &n_fields, &line);
    if (rc == SQLITE_DONE) {
      rc = SQLITE_OK;
      break;
    }
    if (rc != SQLITE_ROW) break;
    if (n_fields != n_cols) {
      rc = csv_error(p, line, "row has %lld field%s, %s has %d", n_fields,
                     csv_plural(n_fields), has_header ? "header" : "first row",
                     n_cols);
      break;
    }
    mask = ((sqlite3_int64)1 << shift) - 1;
    if ((row & mask) == 0) {
      if (n_marks == cap) {
        /* Full: keep every second mark. */
        sqlite3_int64 k;
        for (k = 0; 2 * k < n_marks; k++) marks[k] = marks[2 * k];
        n_marks = k;
        shift++;
        mask = 2 * mask + 1;
      }
      if ((row & mask) == 0) marks[n_marks++] = (unsigned)start;
    }
    row++;
  }
  if (rc != SQLITE_OK) {
    sqlite3_free(marks);
    return rc;
  }
  tab->marks = marks;
  tab->n_marks = n_marks;
  tab->shift = shift;
  tab->n_rows = row;
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
  return csv_set_err(
      pzErr, CSV_MODULE ": %s= must be one quoted string, got %.*s", key, n, z);
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
                       CSV_MODULE
                       ": unknown parameter '%.*s' (expected "
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

/* ------------------------------------------------------------ the input */

/* What a path that is not a regular file names, for messages. */
static const char *csv_file_kind(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
#ifdef S_ISSOCK
  if (S_ISSOCK(mode)) return "a socket";
#endif
  return "of an unknown kind";
}

/* The most bytes an input may hold: SQLITE_LIMIT_LENGTH. */
static sqlite3_int64 csv_limit(sqlite3 *db) {
  sqlite3_int64 limit = sqlite3_limit(db, SQLITE_LIMIT_LENGTH, -1);
  return limit < CSV_MAX_BYTES ? limit : CSV_MAX_BYTES;
}

static int csv_too_large(char **pzErr, const char *path, sqlite3_int64 limit);

/* Open path for reading without ever blocking (O_NONBLOCK: a FIFO without
** a writer does not hang the open) and check, on the open descriptor, that
** it is a regular file within the length limit. Devices (/dev/zero),
** FIFOs, directories and sockets are refused: they have no size to check
** and may never end. */
static int csv_open_file(sqlite3 *db, const char *path, int *pfd,
                         sqlite3_int64 *psize, char **pzErr) {
  struct stat st;
  sqlite3_int64 limit = csv_limit(db);
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  *pfd = -1;
  if (fd < 0) {
    return csv_set_err(pzErr, CSV_MODULE ": cannot open '%s': %s", path,
                       strerror(errno));
  }
  if (fstat(fd, &st) != 0) {
    int rc = csv_set_err(pzErr, CSV_MODULE ": cannot read '%s': %s", path,
                         strerror(errno));
    close(fd);
    return rc;
  }
  if (!S_ISREG(st.st_mode)) {
    close(fd);
    return csv_set_err(pzErr, CSV_MODULE ": '%s' is %s, not a regular file",
                       path, csv_file_kind(st.st_mode));
  }
  if ((sqlite3_int64)st.st_size > limit) {
    close(fd);
    return csv_too_large(pzErr, path, limit);
  }
  *pfd = fd;
  *psize = (sqlite3_int64)st.st_size;
  return SQLITE_OK;
}

static int csv_too_large(char **pzErr, const char *path, sqlite3_int64 limit) {
  return csv_set_err(pzErr,
                     CSV_MODULE
                     ": '%s' is larger than %lld bytes, the length "
                     "limit (SQLITE_LIMIT_LENGTH)",
                     path, limit);
}

/* Read into buf[*pn .. cap) until it is full or the file ends (*peof).
** Returns SQLITE_OK or an error naming path. */
static int csv_read_into(int fd, const char *path, char *buf, sqlite3_int64 *pn,
                         sqlite3_int64 cap, int *peof, char **pzErr) {
  *peof = 0;
  while (*pn < cap) {
    size_t want = (size_t)(cap - *pn);
    ssize_t got;
    if (want > ((size_t)1 << 30)) want = (size_t)1 << 30;
    got = read(fd, buf + *pn, want);
    if (got < 0) {
      if (errno == EINTR) continue;
      return csv_set_err(pzErr, CSV_MODULE ": cannot read '%s': %s", path,
                         strerror(errno));
    }
    if (got == 0) {
      *peof = 1;
      break;
    }
    *pn += (sqlite3_int64)got;
  }
  return SQLITE_OK;
}

/* Read the whole file at path into a new NUL-terminated buffer of at most
** the length limit. The buffer is sized by the file's size, plus one byte
** to notice a file that grew since; one that grew is read on, in doubling
** steps, up to one byte past the limit. */
static int csv_read_file(sqlite3 *db, const char *path, char **pbuf,
                         sqlite3_int64 *pn, char **pzErr) {
  sqlite3_int64 limit = csv_limit(db), size = 0, n = 0, cap;
  char *buf = 0;
  int fd, eof = 0, rc;
  rc = csv_open_file(db, path, &fd, &size, pzErr);
  if (rc != SQLITE_OK) return rc;
  cap = size + 1;
  for (;;) {
    char *nbuf = sqlite3_realloc64(buf, (sqlite3_uint64)cap + 1);
    if (!nbuf) {
      rc = SQLITE_NOMEM;
      break;
    }
    buf = nbuf;
    rc = csv_read_into(fd, path, buf, &n, cap, &eof, pzErr);
    if (rc != SQLITE_OK || eof) break;
    if (n > limit) {
      rc = csv_too_large(pzErr, path, limit);
      break;
    }
    cap = 2 * cap < limit + 1 ? 2 * cap : limit + 1;
  }
  close(fd);
  if (rc != SQLITE_OK) {
    sqlite3_free(buf);
    return rc;
  }
  buf[n] = 0;
  *pbuf = buf;
  *pn = n;
  return SQLITE_OK;
}

/* ------------------------------------------------------ loading, lookup */

/* Read and check the whole input into tab (on first use, or for xCreate).
** When the table was connected with tab->n_cols columns (those stored at
** its creation), the input must still have that many; else they are set
** here, and the names too when pnames is not 0. */
static int csv_load(csv_table *tab, char ***pnames, char **pzErr) {
  csv_parser p;
  char *buf = 0;
  sqlite3_int64 n = 0, end = 0;
  int n_cols = 0, rc;
  assert(!tab->loaded);
  if (tab->path) {
    rc = csv_read_file(tab->db, tab->path, &buf, &n, pzErr);
    if (rc != SQLITE_OK) return rc;
  } else {
    assert(tab->data);
    buf = tab->data;
    n = (sqlite3_int64)strlen(buf);
    if (n > CSV_MAX_BYTES) {
      return csv_set_err(pzErr, CSV_MODULE ": data is larger than %lld bytes",
                         (sqlite3_int64)CSV_MAX_BYTES);
    }
  }
  memset(&p, 0, sizeof(p));
  p.buf = buf;
  p.n = n;
  p.name = tab->name;
  rc = csv_parse_header(tab->db, &p, tab->has_header, &n_cols, pnames, &end);
  if (rc == SQLITE_OK && tab->n_cols > 0 && n_cols != tab->n_cols) {
    rc = csv_error(&p, 0,
                   "the input now has %d column%s, not %d as when the table "
                   "was created (drop it and create it again)",
                   n_cols, csv_plural(n_cols), tab->n_cols);
  }
  if (rc == SQLITE_OK) rc = csv_scan_rows(&p, n_cols, tab->has_header, tab);
  if (rc == SQLITE_OK) {
    tab->index = sqlite3_malloc64((sqlite3_uint64)n_cols * sizeof(csv_index *));
    if (!tab->index) {
      rc = SQLITE_NOMEM;
    } else {
      memset(tab->index, 0, (size_t)n_cols * sizeof(csv_index *));
    }
  }
  if (rc != SQLITE_OK) {
    if (p.err) {
      sqlite3_free(*pzErr);
      *pzErr = p.err;
    }
    sqlite3_free(tab->marks);
    tab->marks = 0;
    if (buf != tab->data) sqlite3_free(buf);
    if (pnames && *pnames) {
      int i;
      for (i = 0; i < n_cols; i++) sqlite3_free((*pnames)[i]);
      sqlite3_free(*pnames);
      *pnames = 0;
    }
    return rc;
  }
  if (buf == tab->data) tab->data = 0;
  tab->buf = buf;
  tab->n = n;
  tab->n_cols = n_cols;
  tab->loaded = 1;
  return SQLITE_OK;
}

/* The parser over a loaded table's input, at byte pos. */
static void csv_parser_at(const csv_table *tab, csv_parser *p,
                          sqlite3_int64 pos) {
  memset(p, 0, sizeof(*p));
  p->buf = tab->buf;
  p->n = tab->n;
  p->pos = pos;
  p->line = 1;
  p->name = tab->name;
}

/* Read the record at *ppos into spans (n_spans of them kept) and move
** *ppos past it. The input was checked when loaded: a record is there. */
static int csv_reread(const csv_table *tab, sqlite3_int64 *ppos,
                      csv_span *spans, sqlite3_int64 n_spans) {
  csv_parser p;
  sqlite3_int64 n_fields = 0, line = 0;
  int rc;
  csv_parser_at(tab, &p, *ppos);
  rc = csv_read_record(&p, spans, n_spans, &n_fields, &line);
  sqlite3_free(p.err);
  assert(rc == SQLITE_ROW && n_fields == tab->n_cols);
  if (rc != SQLITE_ROW) return SQLITE_CORRUPT_VTAB;
  *ppos = p.pos;
  return SQLITE_OK;
}

/* Where row `row` starts: from the nearest mark, skip the rows between. */
static int csv_seek(const csv_table *tab, sqlite3_int64 row,
                    sqlite3_int64 *ppos) {
  sqlite3_int64 k = row >> tab->shift, skip = row - (k << tab->shift);
  int rc = SQLITE_OK;
  assert(row >= 0 && row < tab->n_rows && k < tab->n_marks);
  *ppos = tab->marks[k];
  while (skip-- > 0 && rc == SQLITE_OK) rc = csv_reread(tab, ppos, 0, 0);
  return rc;
}

/* Index keys. Two values SQLite may find equal under `=`, whatever affinity
** the other operand applies, get the same key: numbers by value (INTEGER
** and REAL alike, rounded to the 15 digits SQLite writes when it turns a
** REAL into TEXT), text that reads as a number (as NUMERIC affinity reads
** it: white space around, no hex) as that number, other text as its bytes.
** Equal keys need not be equal values: SQLite re-checks each row. */
#define CSV_KEYBUF 32

/* The key of number x in out[CSV_KEYBUF]; returns its length. */
static int csv_number_key(double x, char *out) {
  assert(x == x); /* SQLite has no NaN values */
  if (x == 0.0) {
    memcpy(out, "0", 2); /* -0.0 too */
  } else if (isinf(x)) {
    memcpy(out, x > 0 ? "inf" : "-inf", x > 0 ? 4 : 5);
  } else if (x == floor(x) && fabs(x) < 1e15) {
    sqlite3_snprintf(CSV_KEYBUF, out, "%lld", (sqlite3_int64)x);
  } else {
    sqlite3_snprintf(CSV_KEYBUF, out, "%.15g", x);
  }
  return (int)strlen(out);
}

/* The key of text z[0..n): *pkey and *pn point to out[CSV_KEYBUF] or to z. */
static int csv_text_key(const char *z, int n, char *out, const char **pkey,
                        int *pn) {
  const char *t = z;
  int m = n;
  *pkey = z;
  *pn = n;
  while (m > 0 && csv_is_space(*t)) {
    t++;
    m--;
  }
  while (m > 0 && csv_is_space(t[m - 1])) m--;
  if (m > 0) {
    csv_value v;
    v.type = SQLITE_TEXT;
    if (csv_type_number(t, m, 1, &v)) return SQLITE_NOMEM;
    if (v.type != SQLITE_TEXT) {
      *pn = csv_number_key(v.type == SQLITE_INTEGER ? (double)v.i : v.r, out);
      *pkey = out;
    }
  }
  return SQLITE_OK;
}

/* 32-bit FNV-1a, then a final mix so that close keys spread over the
** buckets. */
static unsigned csv_hash(const char *z, int n) {
  unsigned h = 2166136261u;
  int i;
  for (i = 0; i < n; i++) h = (h ^ (unsigned char)z[i]) * 16777619u;
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  return h;
}

/* The hash of a field's key in *ph; *pnull when it is NULL (no key). */
static int csv_span_hash(const char *buf, const csv_span *s, unsigned *ph,
                         int *pnull) {
  char out[CSV_KEYBUF];
  const char *key;
  char *text = 0;
  int n, rc;
  *pnull = s->kind == CSV_EMPTY;
  if (*pnull) return SQLITE_OK;
  if (s->kind == CSV_QUOTED_ESC) {
    text = sqlite3_malloc64((sqlite3_uint64)s->n + 1);
    if (!text) return SQLITE_NOMEM;
    rc = csv_text_key(text, (int)csv_unescape(buf + s->off, s->n, text), out,
                      &key, &n);
  } else {
    rc = csv_text_key(buf + s->off, (int)s->n, out, &key, &n);
  }
  if (rc == SQLITE_OK) *ph = csv_hash(key, n);
  sqlite3_free(text);
  return rc;
}

static void csv_free_index(csv_index *idx) {
  if (idx) {
    sqlite3_free(idx->head);
    sqlite3_free(idx->next);
    sqlite3_free(idx);
  }
}

/* Build the index of column col: one pass over the rows. Costs 4 bytes per
** row and 4 per bucket (at most 2 per row). */
static int csv_build_index(const csv_table *tab, int col, csv_index **pidx) {
  sqlite3_int64 n = tab->n_rows, r, pos;
  unsigned buckets = 16;
  csv_index *idx = sqlite3_malloc64(sizeof(*idx));
  csv_span *spans =
      sqlite3_malloc64(((sqlite3_uint64)col + 1) * sizeof(*spans));
  unsigned char *no_key = sqlite3_malloc64((sqlite3_uint64)n / 8 + 1);
  int rc = SQLITE_OK;
  assert(tab->loaded && col >= 0 && col < tab->n_cols);
  while ((sqlite3_int64)buckets < n) buckets *= 2;
  if (idx) {
    idx->mask = buckets - 1;
    idx->head = sqlite3_malloc64((sqlite3_uint64)buckets * sizeof(unsigned));
    idx->next =
        sqlite3_malloc64((sqlite3_uint64)(n ? n : 1) * sizeof(unsigned));
  }
  if (!idx || !spans || !no_key || !idx->head || !idx->next) {
    rc = SQLITE_NOMEM;
    goto cleanup;
  }
  memset(idx->head, 0, (size_t)buckets * sizeof(unsigned));
  memset(no_key, 0, (size_t)(n / 8 + 1));
  /* First the hash of each row's key into next[], then the chains, last
  ** row first so that each chain lists its rows in order. */
  pos = n > 0 ? tab->marks[0] : 0;
  for (r = 0; r < n && rc == SQLITE_OK; r++) {
    int is_null = 0;
    rc = csv_reread(tab, &pos, spans, col + 1);
    if (rc == SQLITE_OK) {
      rc = csv_span_hash(tab->buf, &spans[col], &idx->next[r], &is_null);
    }
    if (is_null) no_key[r / 8] |= (unsigned char)(1u << (r % 8));
  }
  if (rc != SQLITE_OK) goto cleanup;
  for (r = n - 1; r >= 0; r--) {
    unsigned b = idx->next[r] & idx->mask;
    if (no_key[r / 8] & (1u << (r % 8))) {
      idx->next[r] = 0;
      continue;
    }
    idx->next[r] = idx->head[b];
    idx->head[b] = (unsigned)r + 1;
  }
  *pidx = idx;
  idx = 0;

cleanup:
  csv_free_index(idx);
  sqlite3_free(spans);
  sqlite3_free(no_key);
  return rc;
}

/* xDisconnect: frees the in-memory table. */
static int csv_disconnect(sqlite3_vtab *vtab) {
  csv_table *tab = (csv_table *)vtab;
  int i;
  if (tab->index) {
    for (i = 0; i < tab->n_cols; i++) csv_free_index(tab->index[i]);
    sqlite3_free(tab->index);
  }
  sqlite3_free(tab->schema);
  sqlite3_free(tab->table);
  sqlite3_free(tab->broken);
  sqlite3_free(tab->path);
  sqlite3_free(tab->data);
  sqlite3_free(tab->buf);
  sqlite3_free(tab->marks);
  sqlite3_free(tab);
  return SQLITE_OK;
}

/* ------------------------------------------------- the stored names */

/* A file table's column names are read from its file once, by xCreate,
** and stored in a table beside it, `<table>_columns` (one row per column,
** in order; a shadow table: with SQLITE_DBCONFIG_DEFENSIVE on, SQL cannot
** write it). xConnect declares the columns from there and never opens the
** file: a database received from someone else names whatever path it
** likes, and SQLite connects a table before it refuses a view over it
** (DIRECTONLY), so reading the header at connect time showed the named
** file's first line as column names (PRAGMA table_info). The file is read
** on first use only, which a view or trigger of such a database never
** reaches. data= tables hold their text in the schema and store nothing. */

static void csv_free_names(char **names, int n) {
  int i;
  if (!names) return;
  for (i = 0; i < n; i++) sqlite3_free(names[i]);
  sqlite3_free(names);
}

/* Whether `<table>_columns` is a table of schema (a view or nothing of
** that name is not): 1, 0, or -1 on an error other than the lookup's. */
static int csv_shadow_exists(sqlite3 *db, const char *schema,
                             const char *table) {
  sqlite3_stmt *stmt = 0;
  char *sql = sqlite3_mprintf(
      "SELECT 1 FROM \"%w\".sqlite_schema WHERE "
      "type = 'table' AND name = '%q_" CSV_SHADOW "' COLLATE NOCASE",
      schema, table);
  int rc, found = 0;
  if (!sql) return -1;
  rc = sqlite3_prepare_v2(db, sql, -1, &stmt, 0);
  sqlite3_free(sql);
  if (rc == SQLITE_OK) found = sqlite3_step(stmt) == SQLITE_ROW;
  sqlite3_finalize(stmt);
  if (rc == SQLITE_NOMEM) return -1;
  return found;
}

/* Create `<table>_columns` in schema and store names[0..n) in it
** (xCreate, in the statement's transaction: a rollback undoes both). */
static int csv_store_names(sqlite3 *db, const char *schema, const char *table,
                           char **names, int n, char **pzErr) {
  sqlite3_stmt *stmt = 0;
  char *sql = sqlite3_mprintf("CREATE TABLE \"%w\".\"%w_" CSV_SHADOW
                              "\"(name TEXT NOT NULL)",
                              schema, table);
  int rc, i;
  if (!sql) return SQLITE_NOMEM;
  rc = sqlite3_exec(db, sql, 0, 0, 0);
  sqlite3_free(sql);
  if (rc == SQLITE_OK) {
    sql = sqlite3_mprintf("INSERT INTO \"%w\".\"%w_" CSV_SHADOW
                          "\"(rowid, name) VALUES (?1, ?2)",
                          schema, table);
    rc = sql ? sqlite3_prepare_v2(db, sql, -1, &stmt, 0) : SQLITE_NOMEM;
    sqlite3_free(sql);
  }
  for (i = 0; i < n && rc == SQLITE_OK; i++) {
    sqlite3_bind_int(stmt, 1, i + 1);
    sqlite3_bind_text(stmt, 2, names[i], -1, SQLITE_STATIC);
    rc = sqlite3_step(stmt) == SQLITE_DONE ? SQLITE_OK : sqlite3_errcode(db);
    sqlite3_reset(stmt);
  }
  sqlite3_finalize(stmt);
  if (rc != SQLITE_OK && rc != SQLITE_NOMEM) {
    csv_set_err(pzErr,
                CSV_MODULE ": cannot store the column names in %s_%s: %s",
                table, CSV_SHADOW, sqlite3_errmsg(db));
    rc = SQLITE_ERROR;
  }
  return rc;
}

/* The column names stored by csv_store_names, read back (xConnect) and
** checked as a header is: 1 to SQLITE_LIMIT_COLUMN names of text, each
** at most CSV_MAX_NAME bytes. SQLITE_OK with *pnames and *pn set;
** SQLITE_EMPTY when there is no such table or it holds no such list;
** SQLITE_NOMEM. */
static int csv_stored_names(sqlite3 *db, const char *schema, const char *table,
                            char ***pnames, int *pn) {
  int max_cols = sqlite3_limit(db, SQLITE_LIMIT_COLUMN, -1), n = 0, rc;
  char **names = 0, *sql;
  sqlite3_stmt *stmt = 0;
  *pnames = 0;
  *pn = 0;
  rc = csv_shadow_exists(db, schema, table);
  if (rc <= 0) return rc < 0 ? SQLITE_NOMEM : SQLITE_EMPTY;
  names = sqlite3_malloc64((sqlite3_uint64)max_cols * sizeof(char *));
  sql = sqlite3_mprintf("SELECT name FROM \"%w\".\"%w_" CSV_SHADOW
                        "\" ORDER BY rowid",
                        schema, table);
  rc = names && sql ? sqlite3_prepare_v2(db, sql, -1, &stmt, 0) : SQLITE_NOMEM;
  sqlite3_free(sql);
  while (rc == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW) {
    const char *z = (const char *)sqlite3_column_text(stmt, 0);
    int bytes = sqlite3_column_bytes(stmt, 0);
    if (n == max_cols || sqlite3_column_type(stmt, 0) != SQLITE_TEXT || !z ||
        bytes > CSV_MAX_NAME || (int)strlen(z) != bytes || bytes == 0) {
      rc = SQLITE_EMPTY;
    } else {
      names[n] = sqlite3_mprintf("%s", z);
      rc = names[n] ? SQLITE_OK : SQLITE_NOMEM;
      n += names[n] != 0;
    }
  }
  sqlite3_finalize(stmt);
  if (rc == SQLITE_OK && n == 0) rc = SQLITE_EMPTY;
  if (rc != SQLITE_OK && rc != SQLITE_NOMEM) rc = SQLITE_EMPTY;
  if (rc != SQLITE_OK) {
    csv_free_names(names, n);
    return rc;
  }
  *pnames = names;
  *pn = n;
  return SQLITE_OK;
}

/* Declare names[0..n) as the table's columns, without a type: values keep
** the type they were parsed with. */
static int csv_declare(sqlite3 *db, char **names, int n, char **pzErr) {
  sqlite3_str *schema = sqlite3_str_new(db);
  char *sql;
  int rc, i;
  sqlite3_str_appendall(schema, "CREATE TABLE x(");
  for (i = 0; i < n; i++) {
    sqlite3_str_appendf(schema, "%s\"%w\"", i ? ", " : "", names[i]);
  }
  sqlite3_str_appendall(schema, ")");
  rc = sqlite3_str_errcode(schema);
  sql = sqlite3_str_finish(schema);
  if (rc == SQLITE_TOOBIG) {
    sqlite3_free(sql);
    return csv_set_err(pzErr, CSV_MODULE
                       ": the column names are too long together "
                       "(the table's schema exceeds SQLITE_LIMIT_LENGTH)");
  }
  if (!sql) return SQLITE_NOMEM;
  rc = sqlite3_declare_vtab(db, sql);
  sqlite3_free(sql);
  if (rc != SQLITE_OK && rc != SQLITE_NOMEM) {
    csv_set_err(pzErr, CSV_MODULE ": %s", sqlite3_errmsg(db));
    rc = SQLITE_ERROR;
  }
  return rc;
}

/* xConnect of a file table: declare the stored column names. Without a
** usable list (a table created before the names were stored, or a
** doctored database) the table is declared with one column, c0, and
** every use is an error (tab->broken), so that it can still be dropped. */
static int csv_connect_stored(sqlite3 *db, csv_table *tab, char **pzErr) {
  char **names = 0;
  int n = 0, rc;
  rc = csv_stored_names(db, tab->schema, tab->table, &names, &n);
  if (rc == SQLITE_OK) {
    rc = csv_declare(db, names, n, pzErr);
    csv_free_names(names, n);
    if (rc == SQLITE_OK) tab->n_cols = n;
    if (rc != SQLITE_ERROR) return rc;
  }
  if (rc == SQLITE_NOMEM) return rc;
  tab->broken =
      sqlite3_mprintf(CSV_MODULE
                      ": %s: no column names stored with the table (%s_%s is "
                      "missing or holds no list of names); drop the table and "
                      "create it again",
                      tab->table, tab->table, CSV_SHADOW);
  if (!tab->broken) return SQLITE_NOMEM;
  sqlite3_free(*pzErr);
  *pzErr = 0;
  rc = sqlite3_declare_vtab(db, "CREATE TABLE x(c0)");
  tab->n_cols = 1;
  return rc;
}

/* ------------------------------------------------------------ the module */

/* The parameters argv[3..argc) into values[], and header= into
** *phas_header. */
static int csv_parse_params(int argc, const char *const *argv, char **values,
                            int *phas_header, char **pzErr) {
  int i, rc = SQLITE_OK;
  for (i = 3; i < argc && rc == SQLITE_OK; i++) {
    rc = csv_param(argv[i], values, pzErr);
  }
  if (rc != SQLITE_OK) return rc;
  if (!values[CSV_P_FILENAME] == !values[CSV_P_DATA]) {
    if (values[CSV_P_FILENAME]) {
      return csv_set_err(pzErr,
                         CSV_MODULE ": give filename= or data=, not both");
    }
    return csv_set_err(pzErr, CSV_MODULE
                       ": no input: give filename='FILE.csv' "
                       "or data='CSV text'");
  }
  *phas_header = 1;
  if (values[CSV_P_HEADER]) {
    *phas_header = csv_yes_no(values[CSV_P_HEADER]);
    if (*phas_header < 0) {
      return csv_set_err(pzErr,
                         CSV_MODULE ": header= must be yes or no, got '%s'",
                         values[CSV_P_HEADER]);
    }
  }
  return SQLITE_OK;
}

/* A new table of the parameters values[] (which it takes) in *ptab. */
static int csv_new_table(sqlite3 *db, const char *const *argv, char **values,
                         int has_header, csv_table **ptab) {
  csv_table *tab = sqlite3_malloc64(sizeof(*tab));
  *ptab = tab;
  if (!tab) return SQLITE_NOMEM;
  memset(tab, 0, sizeof(*tab));
  tab->db = db;
  tab->has_header = has_header;
  tab->path = values[CSV_P_FILENAME];
  tab->data = values[CSV_P_DATA];
  values[CSV_P_FILENAME] = values[CSV_P_DATA] = 0;
  tab->name = tab->path ? tab->path : "data";
  tab->schema = sqlite3_mprintf("%s", argv[1]);
  tab->table = sqlite3_mprintf("%s", argv[2]);
  return tab->schema && tab->table ? SQLITE_OK : SQLITE_NOMEM;
}

/* xCreate: read and check the whole input, declare its columns and, for a
** file, store their names. */
static int csv_create_columns(sqlite3 *db, csv_table *tab, char **pzErr) {
  char **names = 0;
  int rc = csv_load(tab, &names, pzErr);
  if (rc != SQLITE_OK) return rc;
  rc = csv_declare(db, names, tab->n_cols, pzErr);
  if (rc == SQLITE_OK && tab->path) {
    rc =
        csv_store_names(db, tab->schema, tab->table, names, tab->n_cols, pzErr);
  }
  csv_free_names(names, tab->n_cols);
  return rc;
}

/* xConnect of a data= table: its header, from the text in the schema. */
static int csv_connect_data(sqlite3 *db, csv_table *tab, char **pzErr) {
  csv_parser p;
  sqlite3_int64 end = 0;
  char **names = 0;
  int rc;
  memset(&p, 0, sizeof(p));
  p.buf = tab->data;
  p.n = (sqlite3_int64)strlen(tab->data);
  p.name = tab->name;
  rc = csv_parse_header(db, &p, tab->has_header, &tab->n_cols, &names, &end);
  if (p.err) {
    sqlite3_free(*pzErr);
    *pzErr = p.err;
  }
  tab->est_rows = p.n / 32 + 1;
  if (rc == SQLITE_OK) rc = csv_declare(db, names, tab->n_cols, pzErr);
  csv_free_names(names, names ? tab->n_cols : 0);
  return rc;
}

/* The constructor behind both xCreate and xConnect: parse the parameters
** and declare the columns. xCreate (create != 0) reads and checks the whole
** input now and stores a file's column names; xConnect reads no file: it
** declares the stored names, and the input is read on first use. argv[0]
** is the module name, argv[1] the schema, argv[2] the table, then the
** parameters. Every path leaves through `cleanup`. */
static int csv_construct(sqlite3 *db, int create, int argc,
                         const char *const *argv, sqlite3_vtab **ppVtab,
                         char **pzErr) {
  char *values[CSV_N_PARAMS] = {0, 0, 0};
  csv_table *tab = 0;
  int has_header = 1, rc, i;
  *ppVtab = 0;
  assert(argc >= 3);

  rc = csv_parse_params(argc, argv, values, &has_header, pzErr);
  if (rc == SQLITE_OK) rc = csv_new_table(db, argv, values, has_header, &tab);
  if (rc != SQLITE_OK) goto cleanup;
  tab->est_rows = CSV_CONNECT_ROWS;
  if (create) {
    rc = csv_create_columns(db, tab, pzErr);
  } else if (tab->path) {
    rc = csv_connect_stored(db, tab, pzErr);
  } else {
    rc = csv_connect_data(db, tab, pzErr);
  }
  if (rc != SQLITE_OK) goto cleanup;

  /* Rationale for DIRECTONLY: this module reads files. A database file
  ** from an untrusted source can hold a gpuadv_csv table naming any path,
  ** and views or triggers over it; were they allowed to use it, querying an
  ** innocent-looking view would read whatever file the process can read and
  ** leak it into the results. Direct-only tables are usable only from
  ** top-level SQL and from TEMP objects, never from a schema stored in a
  ** database file, whatever PRAGMA trusted_schema says. CSV tables belong
  ** in TEMP anyway. SQLite refuses such a use only after connecting the
  ** table, which is why xConnect reads no file at all. */
  rc = sqlite3_vtab_config(db, SQLITE_VTAB_DIRECTONLY);
  if (rc != SQLITE_OK) goto cleanup;

  *ppVtab = &tab->base;
  tab = 0;

cleanup:
  for (i = 0; i < CSV_N_PARAMS; i++) sqlite3_free(values[i]);
  if (tab) csv_disconnect(&tab->base);
  return rc;
}

/* xDestroy: DROP TABLE; the stored column names go with the table. */
static int csv_destroy(sqlite3_vtab *vtab) {
  csv_table *tab = (csv_table *)vtab;
  int rc = SQLITE_OK;
  if (tab->path) {
    int exists = csv_shadow_exists(tab->db, tab->schema, tab->table);
    if (exists < 0) return SQLITE_NOMEM;
    if (exists) {
      char *sql = sqlite3_mprintf("DROP TABLE \"%w\".\"%w_" CSV_SHADOW "\"",
                                  tab->schema, tab->table);
      rc = sql ? sqlite3_exec(tab->db, sql, 0, 0, 0) : SQLITE_NOMEM;
      sqlite3_free(sql);
    }
  }
  if (rc == SQLITE_OK) csv_disconnect(vtab);
  return rc;
}

/* xRename: ALTER TABLE RENAME; the stored column names follow. */
static int csv_rename(sqlite3_vtab *vtab, const char *new_name) {
  csv_table *tab = (csv_table *)vtab;
  char *table = sqlite3_mprintf("%s", new_name), *sql = 0;
  int rc = SQLITE_OK;
  if (!table) return SQLITE_NOMEM;
  if (tab->path && csv_shadow_exists(tab->db, tab->schema, tab->table) > 0) {
    sql = sqlite3_mprintf("ALTER TABLE \"%w\".\"%w_" CSV_SHADOW
                          "\" RENAME TO \"%w_" CSV_SHADOW "\"",
                          tab->schema, tab->table, new_name);
    rc = sql ? sqlite3_exec(tab->db, sql, 0, 0, 0) : SQLITE_NOMEM;
    sqlite3_free(sql);
  }
  if (rc != SQLITE_OK) {
    sqlite3_free(table);
    return rc;
  }
  sqlite3_free(tab->table);
  tab->table = table;
  return SQLITE_OK;
}

/* xShadowName: `<table>_columns` is the table's own (csv_store_names). */
static int csv_shadow_name(const char *suffix) {
  return sqlite3_stricmp(suffix, CSV_SHADOW) == 0;
}

/* xCreate: CREATE VIRTUAL TABLE; the whole input is read and checked now.
** A function distinct from xConnect, so the module is not eponymous:
** `SELECT * FROM gpuadv_csv` is no such table. */
static int csv_create(sqlite3 *db, void *aux, int argc, const char *const *argv,
                      sqlite3_vtab **ppVtab, char **pzErr) {
  (void)aux;
  return csv_construct(db, 1, argc, argv, ppVtab, pzErr);
}

/* xConnect: a database holding the table is opened, or a statement of a
** new connection uses it; only the header is read. */
static int csv_connect(sqlite3 *db, void *aux, int argc,
                       const char *const *argv, sqlite3_vtab **ppVtab,
                       char **pzErr) {
  (void)aux;
  return csv_construct(db, 0, argc, argv, ppVtab, pzErr);
}

/* An equality constraint (`col = value`, also each value of IN) on a column
** is served by that column's index, under the BINARY collation only; the
** constraint is not omitted, SQLite re-checks each row. Anything else is a
** full scan. The costs follow the catalogs' (a scan costs its rows), so
** that a small CSV joined to a catalog key is scanned once in the outer
** loop, and a large one is looked up in the inner loop rather than
** scanned again for each outer row. */
static int csv_best_index(sqlite3_vtab *vtab, sqlite3_index_info *info) {
  csv_table *tab = (csv_table *)vtab;
  sqlite3_int64 rows = tab->loaded ? tab->n_rows : tab->est_rows;
  int i;
  for (i = 0; i < info->nConstraint; i++) {
    const struct sqlite3_index_constraint *c = &info->aConstraint[i];
    const char *coll;
    if (!c->usable || c->op != SQLITE_INDEX_CONSTRAINT_EQ || c->iColumn < 0) {
      continue;
    }
    coll = sqlite3_vtab_collation(info, i);
    if (coll && sqlite3_stricmp(coll, "BINARY") != 0) continue;
    info->idxNum = c->iColumn + 1;
    info->aConstraintUsage[i].argvIndex = 1;
    info->aConstraintUsage[i].omit = 0;
    info->estimatedRows = rows / 20 + 1;
    info->estimatedCost = 10.0 + (double)info->estimatedRows;
    return SQLITE_OK;
  }
  info->idxNum = 0;
  info->estimatedCost = 10.0 + (double)rows;
  info->estimatedRows = rows;
  return SQLITE_OK;
}

/* xOpen: a cursor, with room for one row's fields. */
static int csv_open(sqlite3_vtab *vtab, sqlite3_vtab_cursor **ppCursor) {
  csv_table *tab = (csv_table *)vtab;
  csv_cursor *cur;
  int rc = gpuadv_cursor_new((int)sizeof(csv_cursor), ppCursor);
  if (rc != SQLITE_OK) return rc;
  cur = (csv_cursor *)*ppCursor;
  cur->parsed = -1;
  cur->eof = 1;
  cur->spans = sqlite3_malloc64((sqlite3_uint64)tab->n_cols * sizeof(csv_span));
  if (!cur->spans) {
    sqlite3_free(cur);
    *ppCursor = 0;
    return SQLITE_NOMEM;
  }
  return SQLITE_OK;
}

static int csv_close(sqlite3_vtab_cursor *cursor) {
  sqlite3_free(((csv_cursor *)cursor)->spans);
  return gpuadv_cursor_free(cursor);
}

/* Set the table's error message from *pzErr (or the code's text). */
static int csv_vtab_error(csv_table *tab, int rc, char *err) {
  sqlite3_free(tab->base.zErrMsg);
  tab->base.zErrMsg = err ? err : sqlite3_mprintf("%s", sqlite3_errstr(rc));
  return rc;
}

/* Start a lookup of value v in column col's index, building it on first
** use; *pscan is set when a scan must serve instead. */
static int csv_lookup(csv_table *tab, csv_cursor *cur, int col,
                      sqlite3_value *v, int *pscan) {
  char out[CSV_KEYBUF];
  const char *key = out;
  int n = 0, rc = SQLITE_OK;
  unsigned first;
  *pscan = 0;
  switch (sqlite3_value_type(v)) {
    case SQLITE_INTEGER:
      n = csv_number_key((double)sqlite3_value_int64(v), out);
      break;
    case SQLITE_FLOAT:
      n = csv_number_key(sqlite3_value_double(v), out);
      break;
    case SQLITE_TEXT: {
      const char *z = (const char *)sqlite3_value_text(v);
      if (!z) return SQLITE_NOMEM;
      rc = csv_text_key(z, sqlite3_value_bytes(v), out, &key, &n);
      if (rc != SQLITE_OK) return rc;
      break;
    }
    case SQLITE_NULL:
      cur->eof = 1; /* `= NULL` is never true */
      return SQLITE_OK;
    default:
      /* A blob: no CSV value is one; scan, and let SQLite decide. */
      *pscan = 1;
      return SQLITE_OK;
  }
  if (!tab->index[col]) {
    rc = csv_build_index(tab, col, &tab->index[col]);
    if (rc != SQLITE_OK) return rc;
  }
  cur->idx = tab->index[col];
  first = cur->idx->head[csv_hash(key, n) & cur->idx->mask];
  cur->eof = first == 0;
  cur->row = (sqlite3_int64)first - 1;
  cur->pos = -1;
  return SQLITE_OK;
}

/* xFilter: loads the input on first use, then starts a scan (idx_num 0) or
** a lookup in column idx_num - 1 of argv[0]. */
static int csv_filter(sqlite3_vtab_cursor *cursor, int idx_num,
                      const char *idx_str, int argc, sqlite3_value **argv) {
  csv_cursor *cur = (csv_cursor *)cursor;
  csv_table *tab = (csv_table *)cursor->pVtab;
  int rc = SQLITE_OK, scan = 1;
  (void)idx_str;
  cur->idx = 0;
  cur->eof = 0;
  cur->parsed = -1;
  cur->row = 0;
  cur->pos = 0;
  if (tab->broken) {
    cur->eof = 1;
    return csv_vtab_error(tab, SQLITE_ERROR,
                          sqlite3_mprintf("%s", tab->broken));
  }
  if (!tab->loaded) {
    char *err = 0;
    rc = csv_load(tab, 0, &err);
    if (rc == SQLITE_NOMEM && !err) {
      err = sqlite3_mprintf(CSV_MODULE ": %s: out of memory reading the input",
                            tab->name);
    }
    if (rc != SQLITE_OK) {
      cur->eof = 1;
      return csv_vtab_error(tab, rc, err);
    }
  }
  assert(idx_num >= 0 && idx_num <= tab->n_cols);
  if (idx_num > 0 && argc == 1) {
    rc = csv_lookup(tab, cur, idx_num - 1, argv[0], &scan);
    if (rc != SQLITE_OK) {
      cur->eof = 1;
      return csv_vtab_error(
          tab, rc,
          rc != SQLITE_NOMEM
              ? 0
              : sqlite3_mprintf(CSV_MODULE
                                ": %s: out of memory for the index "
                                "of column %d (%lld rows, 4 to 12 bytes each)",
                                tab->name, idx_num, tab->n_rows));
    }
  }
  if (scan) {
    cur->idx = 0;
    cur->eof = 0;
    cur->row = 0;
    cur->pos = tab->n_rows > 0 ? tab->marks[0] : 0;
  }
  return SQLITE_OK;
}

/* xNext: the next row of the scan, or of the lookup's chain. */
static int csv_next(sqlite3_vtab_cursor *cursor) {
  csv_cursor *cur = (csv_cursor *)cursor;
  csv_table *tab = (csv_table *)cursor->pVtab;
  if (cur->idx) {
    unsigned next = cur->idx->next[cur->row];
    cur->eof = next == 0;
    cur->row = (sqlite3_int64)next - 1;
    cur->pos = -1;
    return SQLITE_OK;
  }
  if (cur->parsed == cur->row) {
    cur->pos = cur->end;
  } else {
    int rc = csv_reread(tab, &cur->pos, 0, 0);
    if (rc != SQLITE_OK) return rc;
  }
  cur->row++;
  return SQLITE_OK;
}

static int csv_eof(sqlite3_vtab_cursor *cursor) {
  csv_cursor *cur = (csv_cursor *)cursor;
  if (cur->eof) return 1;
  return !cur->idx && cur->row >= ((csv_table *)cur->base.pVtab)->n_rows;
}

/* The fields of the current row into cur->spans, parsed once per row. */
static int csv_fetch(csv_cursor *cur) {
  csv_table *tab = (csv_table *)cur->base.pVtab;
  int rc = SQLITE_OK;
  if (cur->parsed == cur->row) return SQLITE_OK;
  if (cur->pos < 0) {
    if (cur->parsed >= 0 && cur->row == cur->parsed + 1) {
      cur->pos = cur->end; /* the next row of a chain */
    } else {
      rc = csv_seek(tab, cur->row, &cur->pos);
      if (rc != SQLITE_OK) return rc;
    }
  }
  cur->end = cur->pos;
  rc = csv_reread(tab, &cur->end, cur->spans, tab->n_cols);
  if (rc == SQLITE_OK) cur->parsed = cur->row;
  return rc;
}

/* xColumn: the field typed as it reads: NULL, INTEGER, REAL or TEXT. */
static int csv_column(sqlite3_vtab_cursor *cursor, sqlite3_context *ctx,
                      int col) {
  csv_cursor *cur = (csv_cursor *)cursor;
  csv_table *tab = (csv_table *)cur->base.pVtab;
  const csv_span *s;
  const char *z;
  int rc = csv_fetch(cur);
  if (rc != SQLITE_OK) return rc;
  assert(col >= 0 && col < tab->n_cols);
  s = &cur->spans[col];
  z = tab->buf + s->off;
  switch (s->kind) {
    case CSV_PLAIN: {
      csv_value v;
      v.type = SQLITE_TEXT;
      if (csv_type_number(z, (int)s->n, 0, &v)) return SQLITE_NOMEM;
      if (v.type == SQLITE_INTEGER) {
        sqlite3_result_int64(ctx, v.i);
      } else if (v.type == SQLITE_FLOAT) {
        sqlite3_result_double(ctx, v.r);
      } else {
        sqlite3_result_text(ctx, z, (int)s->n, SQLITE_TRANSIENT);
      }
      break;
    }
    case CSV_QUOTED:
      sqlite3_result_text(ctx, z, (int)s->n, SQLITE_TRANSIENT);
      break;
    case CSV_QUOTED_ESC: {
      char *text = sqlite3_malloc64((sqlite3_uint64)s->n + 1);
      if (!text) return SQLITE_NOMEM;
      sqlite3_result_text(ctx, text, (int)csv_unescape(z, s->n, text),
                          sqlite3_free);
      break;
    }
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
    .iVersion = 3,                  /* up to xShadowName */
    .xCreate = csv_create,          /* CREATE VIRTUAL TABLE; not eponymous */
    .xConnect = csv_connect,        /* a database holding the table opens */
    .xBestIndex = csv_best_index,   /* equality lookups, else a full scan */
    .xDisconnect = csv_disconnect,  /* frees the in-memory table */
    .xDestroy = csv_destroy,        /* DROP TABLE: the stored names too */
    .xOpen = csv_open,              /* a cursor is a row index */
    .xClose = csv_close,            /* frees the cursor */
    .xFilter = csv_filter,          /* loads on first use; scan or lookup */
    .xNext = csv_next,              /* the next row */
    .xEof = csv_eof,                /* past the last row */
    .xColumn = csv_column,          /* the field, typed */
    .xRowid = csv_rowid,            /* 1-based data row number */
    .xUpdate = 0,                   /* read-only: SQLite refuses writes */
    .xBegin = 0,                    /* no transactions: nothing is written */
    .xSync = 0,                     /* ditto */
    .xCommit = 0,                   /* ditto */
    .xRollback = 0,                 /* ditto */
    .xFindFunction = 0,             /* no overloaded functions */
    .xRename = csv_rename,          /* the stored names follow */
    .xSavepoint = 0,                /* nothing is written */
    .xRelease = 0,                  /* ditto */
    .xRollbackTo = 0,               /* ditto */
    .xShadowName = csv_shadow_name, /* <table>_columns */
};

int gpuadv_register_csv(sqlite3 *db, char **pzErrMsg) {
  int rc = sqlite3_create_module_v2(db, CSV_MODULE, &csv_module, 0, 0);
  if (rc != SQLITE_OK && pzErrMsg) {
    *pzErrMsg = sqlite3_mprintf(CSV_MODULE ": cannot register the module: %s",
                                sqlite3_errmsg(db));
  }
  return rc;
}
