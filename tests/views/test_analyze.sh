#!/bin/bash
# The plan views after ANALYZE. With sqlite_stat1 telling it that
# `workloads` holds a few rows, SQLite guesses every view built on it
# small, and would scan the serving plans' replica shapes (rep) once per
# device configuration instead of building an automatic index on them:
# 164 s instead of 9 s for make bench's 240 varied workloads. The views
# read gpuadv_catalog_guard (through plan_defaults), whose row estimate
# keeps the guesses those of large tables whatever ANALYZE has counted.
# Checked by the query plan (no timing here: `make bench-plans` times it)
# and by the rows, which ANALYZE must not change. Prints `ok NAME` or
# `FAIL NAME` per check.
set -u
. "$(dirname "$0")/../lib.sh"

wl=tests/views/fixtures/plans_workloads.sql
rep_index="SEARCH r USING AUTOMATIC COVERING INDEX (fraction=? AND devices=? AND gpu=? AND workload=?) LEFT-JOIN"
for stats in "" "ANALYZE;"; do
  name="no statistics"
  [ -n "$stats" ] && name="after ANALYZE"
  plan=$(sq :memory: ".read sql/gpuadv.sql" ".read $wl" "$stats" \
            "EXPLAIN QUERY PLAN SELECT * FROM shape_serving_plans;")
  case "$plan" in
    *"$rep_index"*) check "$name: the replica shapes joined through an automatic index" 0 ;;
    *) echo "#   no line '$rep_index'" >&2
       echo "$plan" | grep -n " r\b\| r LEFT" | head -3 >&2
       check "$name: the replica shapes joined through an automatic index" 1 ;;
  esac
done

for v in best_plans rent_vs_buy; do
  want=$(sq :memory: ".read sql/gpuadv.sql" ".read $wl" "SELECT * FROM $v;" | sort)
  got=$(sq :memory: ".read sql/gpuadv.sql" ".read $wl" "ANALYZE;" "SELECT * FROM $v;" | sort)
  if [ -n "$want" ] && [ "$want" = "$got" ]; then
    check "$v: the same rows after ANALYZE ($(echo "$want" | wc -l) rows)" 0
  else
    check "$v: the same rows after ANALYZE" 1
  fi
done

[ "$fails" -eq 0 ]
