#!/bin/bash
# A table or view named like a catalog must not change the plans silently.
# sql/gpuadv.sql's views read the catalogs by name, and SQLite reads a
# table of the view's own schema (main) by that name first: the plan views
# join gpuadv_catalog_guard, which then fails, naming the table. Tables of
# the temp or an attached schema never reach a view of main: the plans stay
# as they are. Prints `ok NAME` or `FAIL NAME` per check.
cd "$(dirname "$0")/../.." || exit 1
SQLITE3=${SQLITE3:-sqlite3}
EXT=./gpuadv
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

workloads="INSERT INTO workloads(name, kind, model, mode, tokens_b) VALUES ('ft', 'finetune', 'llama-3.1-8b', 'qlora', 1);
INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens) VALUES ('srv', 'serve', 'llama-3.1-8b', 60, 100);"
report="SELECT count(*) FROM offers; SELECT count(*) FROM speed_basis;
SELECT workload, offer, n_gpus, round(total_usd, 2) FROM best_plans ORDER BY workload;"
# plans SETUP: the report after SETUP, with sql/gpuadv.sql and the workloads.
plans() { sq :memory: ".read sql/gpuadv.sql" "$workloads" "$1" "$report"; }

want=$(plans "")
case "$want" in *Error*|"") echo "# $want" >&2; check "baseline plans" 1 ;; *) check "baseline plans" 0 ;; esac
expect "temp table gpus changes nothing" "$want" "$(plans "CREATE TEMP TABLE gpus AS SELECT * FROM gpus WHERE 0;")"
expect "attached measurements changes nothing" "$want" \
  "$(plans "ATTACH ':memory:' AS aux; CREATE TABLE aux.measurements(id TEXT);")"

msg="takes the name of the gpus catalog, and the views of sql/gpuadv.sql would read it instead of the catalog; rename or drop it"
# An empty shadow would drop every owned offer without a word: refused.
got=$(sq :memory: ".read sql/gpuadv.sql" "CREATE TABLE gpus AS SELECT * FROM gpus WHERE 0;" "SELECT count(*) FROM offers;")
expect_err "empty main table gpus: offers fails" "gpuadv_catalog_guard: table gpus $msg" "$got"
got=$(sq :memory: ".read sql/gpuadv.sql" "$workloads" "CREATE TABLE GPUS AS SELECT * FROM gpus;" "SELECT * FROM best_plans;")
expect_err "main table GPUS: best_plans fails" "gpuadv_catalog_guard: table GPUS takes the name of the gpus catalog" "$got"
# Shadows with the catalog's columns, which SQLite would read without a
# complaint of its own.
got=$(sq :memory: ".read sql/gpuadv.sql" "CREATE TABLE m2 AS SELECT * FROM measurements LIMIT 5;" \
      "CREATE VIEW measurements AS SELECT * FROM m2;" "SELECT count(*) FROM speed_basis;")
expect_err "main view measurements: speed_basis fails" "gpuadv_catalog_guard: view measurements takes the name of the measurements catalog" "$got"
got=$(sq :memory: ".read sql/gpuadv.sql" "$workloads" "CREATE TABLE models AS SELECT * FROM models;" "SELECT count(*) FROM training_plans;")
expect_err "main table models: training_plans fails" "gpuadv_catalog_guard: table models takes the name of the models catalog" "$got"
got=$(sq :memory: ".read sql/gpuadv.sql" "$workloads" "CREATE TABLE cloud_instances AS SELECT * FROM cloud_instances WHERE provider = 'aws';" "SELECT count(*) FROM serving_plans;")
expect_err "main table cloud_instances: serving_plans fails" "gpuadv_catalog_guard: table cloud_instances takes the name of the cloud_instances catalog" "$got"

# A table named like the guard or like the simulator: the views call both
# as table-valued functions, which an ordinary table cannot answer. (An
# empty gpuadv_catalog_guard used to empty every plan view without a word,
# one row to let a doctored catalog through; a serving_sim table took the
# simulator's place.)
got=$(sq :memory: ".read sql/gpuadv.sql" "$workloads" "CREATE TABLE gpuadv_catalog_guard(ok);" "SELECT count(*) FROM best_plans;")
expect_err "empty main table gpuadv_catalog_guard: best_plans fails" "'gpuadv_catalog_guard' is not a function" "$got"
got=$(sq :memory: ".read sql/gpuadv.sql" "$workloads" "CREATE TABLE gpuadv_catalog_guard(ok); INSERT INTO gpuadv_catalog_guard VALUES (1);" \
      "CREATE TABLE cloud_instances AS SELECT * FROM cloud_instances WHERE provider = 'aws';" "SELECT count(*) FROM serving_plans;")
expect_err "one-row gpuadv_catalog_guard and a doctored catalog: serving_plans fails" "'gpuadv_catalog_guard' is not a function" "$got"
got=$(sq :memory: ".read sql/gpuadv.sql" "$workloads" "CREATE TABLE serving_sim(max_rps);" "SELECT count(*) FROM serving_plans;")
expect_err "main table serving_sim: serving_plans fails" "'serving_sim' is not a function" "$got"
# A view or virtual table by such a name is a table-valued function to
# SQLite: the guard refuses it by name.
got=$(sq :memory: ".read sql/gpuadv.sql" "$workloads" "CREATE VIEW serving_sim AS SELECT * FROM serving_sim();" "SELECT count(*) FROM speed_basis;")
expect_err "main view serving_sim: speed_basis fails" \
  "gpuadv_catalog_guard: view serving_sim takes the name of the serving_sim table, and the views of sql/gpuadv.sql would read it instead of the extension's table; rename or drop it" "$got"
expect "guard and simulator tables dropped: plans as before" "$want" \
  "$(plans "CREATE TABLE gpuadv_catalog_guard(ok); CREATE TABLE serving_sim(x); DROP TABLE gpuadv_catalog_guard; DROP TABLE serving_sim;")"

# Dropped again, the same statements plan as before.
expect "shadow dropped: plans as before" "$want" \
  "$(plans "CREATE TABLE gpus(name TEXT); SELECT count(*) FROM gpuadv_tables; DROP TABLE main.gpus;" 2>&1 | sed 1d)"

# A received database holding the views and a shadow, opened with an
# untrusted schema.
db="$tmp/received.db"
sq "$db" ".read sql/gpuadv.sql" "$workloads" "CREATE TABLE gpus AS SELECT * FROM gpus WHERE name = 'rtx-4090';" >/dev/null
got=$(sq "$db" "PRAGMA trusted_schema=OFF;" "SELECT count(*) FROM best_plans;")
expect_err "received database with a gpus table, untrusted schema: refused" "gpuadv_catalog_guard: table gpus $msg" "$got"

[ "$fails" -eq 0 ]
