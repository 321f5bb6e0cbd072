/*
** sqlhost: a minimal SQL runner for the test suite.
**
**   sqlhost EXTENSION FILE.sql
**
** Opens an in-memory database, loads EXTENSION (a path such as ./gpuadv),
** then runs every statement of FILE.sql in order. Rows print like the
** sqlite3 shell's list mode (columns joined by '|', NULL as empty text);
** a failing statement prints "Error: MESSAGE" on stdout and the run goes
** on. Exit status: 0, or 1 when the file or extension cannot be opened.
**
** It exists so the suite can run under AddressSanitizer and valgrind with a
** host built for them; the system sqlite3 shell is not instrumented.
*/
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read_file.h"

/* The text after the first complete statement of sql: a ';' inside a
** string, comment or trigger body does not end it (sqlite3_complete). */
static const char *skip_statement(const char *sql) {
  const char *semi = sql;
  size_t n = strlen(sql);
  char *copy = malloc(n + 1);
  if (!copy) return 0;
  while ((semi = strchr(semi, ';')) != 0) {
    size_t len = (size_t)(semi - sql) + 1;
    memcpy(copy, sql, len);
    copy[len] = 0;
    if (sqlite3_complete(copy)) break;
    semi++;
  }
  free(copy);
  return semi ? semi + 1 : 0;
}

static void print_row(sqlite3_stmt *stmt) {
  int i, n = sqlite3_column_count(stmt);
  for (i = 0; i < n; i++) {
    const unsigned char *z = sqlite3_column_text(stmt, i);
    printf("%s%s", i ? "|" : "", z ? (const char *)z : "");
  }
  printf("\n");
}

int main(int argc, char **argv) {
  sqlite3 *db = 0;
  char *sql, *err = 0;
  const char *tail;
  int rc = 0;
  if (argc != 3) {
    fprintf(stderr, "usage: %s EXTENSION FILE.sql\n", argv[0]);
    return 1;
  }
  sql = read_file(argv[2]);
  if (!sql) {
    fprintf(stderr, "cannot read %s\n", argv[2]);
    return 1;
  }
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) {
    fprintf(stderr, "cannot open database\n");
    free(sql);
    return 1;
  }
  sqlite3_enable_load_extension(db, 1);
  if (sqlite3_load_extension(db, argv[1], 0, &err) != SQLITE_OK) {
    fprintf(stderr, "cannot load %s: %s\n", argv[1], err ? err : "?");
    sqlite3_free(err);
    rc = 1;
    goto done;
  }
  tail = sql;
  while (tail && *tail) {
    sqlite3_stmt *stmt = 0;
    const char *next = 0;
    if (sqlite3_prepare_v2(db, tail, -1, &stmt, &next) != SQLITE_OK) {
      printf("Error: %s\n", sqlite3_errmsg(db));
      tail = skip_statement(tail);
      continue;
    }
    tail = next;
    if (!stmt) continue; /* whitespace or a comment */
    for (;;) {
      int step = sqlite3_step(stmt);
      if (step == SQLITE_ROW) {
        print_row(stmt);
      } else {
        if (step != SQLITE_DONE) printf("Error: %s\n", sqlite3_errmsg(db));
        break;
      }
    }
    sqlite3_finalize(stmt);
  }
done:
  sqlite3_close(db);
  free(sql);
  fflush(stdout);
  return rc;
}
