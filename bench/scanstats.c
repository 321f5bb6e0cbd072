/*
** scanstats: where one statement spends its time, loop by loop.
**
**   scanstats EXTENSION QUERY FILE.sql [FILE.sql ...]
**
** Opens an in-memory database, loads EXTENSION (./gpuadv), runs every
** FILE.sql in order (the schema, then the workloads), then runs QUERY to
** its last row and prints, for each loop and subquery of its plan, what
** SQLite counted while it ran (sqlite3_stmt_scanstatus_v2 with
** SQLITE_SCANSTAT_COMPLEX): one line per entry, tab-separated,
**
**   id  parent  cycles  loops  rows  explain
**
** id and parent place the entry in the plan's tree (parent 0: the top),
** cycles are CPU cycles spent in the entry and everything below it (-1
** where SQLite keeps none: co-routines, compound queries), loops how many
** times the loop started, rows how many rows it visited, explain its
** EXPLAIN QUERY PLAN text. bench/scanstats.py prints the tree.
**
** It needs an SQLite built with SQLITE_ENABLE_STMT_SCANSTATUS (3.42 or
** later for the cycle counts): `make bench-scan` compiles it with the
** amalgamation that `make clients-node` installs (better-sqlite3's), or
** the one $SQLITE_AMALGAMATION names. A tool for finding where a view is
** slow, not a benchmark: cycles move with the machine, and the counters
** cost a few percent.
*/
#include <stdio.h>
#include <stdlib.h>

#include "sqlite3.h"

#include "../tests/read_file.h"

/* One counter of entry i, as a 64-bit integer. */
static sqlite3_int64 counter(sqlite3_stmt *st, int i, int what) {
  sqlite3_int64 v = -1;
  sqlite3_stmt_scanstatus_v2(st, i, what, SQLITE_SCANSTAT_COMPLEX, &v);
  return v;
}

/* One field of entry i that SQLite gives as an int. */
static int int_field(sqlite3_stmt *st, int i, int what) {
  int v = 0;
  sqlite3_stmt_scanstatus_v2(st, i, what, SQLITE_SCANSTAT_COMPLEX, &v);
  return v;
}

static void print_entries(sqlite3_stmt *st) {
  int i;
  for (i = 0;; i++) {
    const char *explain = 0;
    if (sqlite3_stmt_scanstatus_v2(st, i, SQLITE_SCANSTAT_EXPLAIN,
                                   SQLITE_SCANSTAT_COMPLEX, &explain))
      break;
    printf("%d\t%d\t%lld\t%lld\t%lld\t%s\n",
           int_field(st, i, SQLITE_SCANSTAT_SELECTID),
           int_field(st, i, SQLITE_SCANSTAT_PARENTID),
           (long long)counter(st, i, SQLITE_SCANSTAT_NCYCLE),
           (long long)counter(st, i, SQLITE_SCANSTAT_NLOOP),
           (long long)counter(st, i, SQLITE_SCANSTAT_NVISIT),
           explain ? explain : "");
  }
}

int main(int argc, char **argv) {
  sqlite3 *db = 0;
  sqlite3_stmt *st = 0;
  char *err = 0;
  int i, rc = 1;
  if (argc < 4) {
    fprintf(stderr, "usage: %s EXTENSION QUERY FILE.sql [FILE.sql ...]\n",
            argv[0]);
    return 2;
  }
  if (sqlite3_open(":memory:", &db) != SQLITE_OK) goto done;
  sqlite3_enable_load_extension(db, 1);
  if (sqlite3_load_extension(db, argv[1], 0, &err) != SQLITE_OK) {
    fprintf(stderr, "scanstats: %s: %s\n", argv[1], err ? err : "");
    goto done;
  }
  for (i = 3; i < argc; i++) {
    char *sql = read_file(argv[i]);
    int erc;
    if (!sql) {
      fprintf(stderr, "scanstats: cannot read %s\n", argv[i]);
      goto done;
    }
    erc = sqlite3_exec(db, sql, 0, 0, &err);
    free(sql);
    if (erc != SQLITE_OK) {
      fprintf(stderr, "scanstats: %s: %s\n", argv[i], err ? err : "");
      goto done;
    }
  }
  if (sqlite3_prepare_v2(db, argv[2], -1, &st, 0) != SQLITE_OK) {
    fprintf(stderr, "scanstats: %s\n", sqlite3_errmsg(db));
    goto done;
  }
  while ((i = sqlite3_step(st)) == SQLITE_ROW) {
  }
  if (i != SQLITE_DONE) {
    fprintf(stderr, "scanstats: %s\n", sqlite3_errmsg(db));
    goto done;
  }
  print_entries(st);
  rc = 0;

done:
  sqlite3_free(err);
  sqlite3_finalize(st);
  sqlite3_close(db);
  return rc;
}
