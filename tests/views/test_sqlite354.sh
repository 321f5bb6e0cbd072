#!/bin/bash
# The plan views on SQLite 3.54 or later. From 3.54, SQLite refuses a
# statement when a CTE is expanded after the statement's copies of CTEs
# and views have opened SQLITE_LIMIT_EXPR_DEPTH (1000) cursors ("VIEWs
# and/or subqueries nested too deep", or "no such table: main.w"); every
# reference to a CTE or view is a copy of its own. The test host
# (tests/sqlhost.c) is built once into build/ against an amalgamation of
# 3.54 or later: $SQLITE_AMALGAMATION, else build/web/sqlite-*/sqlite3.c
# or build/node/node_modules/better-sqlite3/deps/sqlite3/sqlite3.c,
# whichever is 3.54 or later; `skip` when there is none. On the 18
# workloads of fixtures/plans_workloads.sql (and the image workloads of
# fixtures/image_workloads.sql), serving_plans, training_plans, best_plans,
# rent_vs_buy, image_plans and workload_guide must give rows, no error, and
# the same rows as
# the system SQLite (build/sqlhost), compared by columns that round() and
# printf() do not make: the two versions round some halves apart (1.8675
# to 1.868 or 1.867). Prints `ok NAME`, `FAIL NAME` or `skip NAME` per
# check.
set -u
. "$(dirname "$0")/../lib.sh"
views="serving_plans training_plans best_plans rent_vs_buy image_plans workload_guide"
# the columns compared per view: names, ranks, verdicts
cols_serving_plans="workload, offer, fits, works, n_gpus, rank"
cols_training_plans="workload, offer, fits, works, n_gpus, rank"
cols_best_plans="workload, offer, works, n_gpus, n_working, n_plans"
cols_rent_vs_buy="workload, gpu, n_gpus, rental, rental_gpus, verdict"
cols_image_plans="workload, offer, gpus, works, rank"
cols_workload_guide="ord, workload, vs_seed, seed_gpus_fit"

# version_ok FILE: FILE's SQLITE_VERSION is 3.54 or later
version_ok() {
  local v
  v=$(sed -n 's/^#define SQLITE_VERSION  *"\([0-9.]*\)".*/\1/p' "$1" | head -1)
  [ -n "$v" ] || return 1
  awk -v v="$v" 'BEGIN { split(v, p, "."); exit !(p[1] > 3 || (p[1] == 3 && p[2] >= 54)) }'
}

amalg=""
for f in ${SQLITE_AMALGAMATION:-} build/web/sqlite-*/sqlite3.c \
         build/node/node_modules/better-sqlite3/deps/sqlite3/sqlite3.c; do
  if [ -f "$f" ] && version_ok "$f"; then amalg=$f; break; fi
done
if [ -z "$amalg" ]; then
  for v in $views; do echo "skip $v on SQLite 3.54+ (no amalgamation of 3.54 or later in build/)"; done
  exit 0
fi
if [ ! -x build/sqlhost ]; then
  for v in $views; do echo "skip $v on SQLite 3.54+ (no build/sqlhost to compare with: make build/sqlhost)"; done
  exit 0
fi

# the host, rebuilt when the amalgamation, tests/sqlhost.c or its
# tests/read_file.h is newer
host=build/sqlhost-amalgamation
stamp=build/sqlhost-amalgamation.src
if [ ! -x "$host" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$amalg" ] \
   || [ "$amalg" -nt "$host" ] || [ tests/sqlhost.c -nt "$host" ] \
   || [ tests/read_file.h -nt "$host" ]; then
  mkdir -p build
  if ! ${CC:-cc} -O1 -DSQLITE_ENABLE_LOAD_EXTENSION -DSQLITE_ENABLE_MATH_FUNCTIONS -DSQLITE_THREADSAFE=1 \
       -I"$(dirname "$amalg")" -o "$host" tests/sqlhost.c "$amalg" -ldl -lpthread -lm 2>"$TMP/cc.log"; then
    cat "$TMP/cc.log" >&2
    check "build tests/sqlhost.c against $amalg" 1
    exit 1
  fi
  echo "$amalg" > "$stamp"
fi
ver=$(echo "SELECT sqlite_version();" > "$TMP/v.sql"; "$host" "$EXT" "$TMP/v.sql")

for v in $views; do
  { cat sql/gpuadv.sql tests/views/fixtures/plans_workloads.sql \
        tests/views/fixtures/image_workloads.sql
    echo "SELECT count(*) FROM $v;"
    c="cols_$v"
    echo "SELECT ${!c} FROM $v;"; } > "$TMP/q.sql"
  "$host" "$EXT" "$TMP/q.sql" > "$TMP/new.out" 2>&1
  build/sqlhost "$EXT" "$TMP/q.sql" > "$TMP/old.out" 2>&1
  n=$(head -1 "$TMP/new.out")
  if grep -q "Error" "$TMP/new.out"; then
    grep -m3 "Error" "$TMP/new.out" >&2
    check "$v on SQLite $ver" 1
  elif ! [ "$n" -gt 0 ] 2>/dev/null; then
    echo "#   no rows: $n" >&2
    check "$v on SQLite $ver" 1
  elif ! cmp -s <(sort "$TMP/new.out") <(sort "$TMP/old.out"); then
    echo "#   rows differ from the system SQLite's ($(head -1 "$TMP/old.out") there)" >&2
    check "$v on SQLite $ver" 1
  else
    echo "ok $v on SQLite $ver ($n rows, as on the system SQLite)"
  fi
done
[ "$fails" -eq 0 ]
