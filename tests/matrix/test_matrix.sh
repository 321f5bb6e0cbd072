#!/usr/bin/env bash
# Bad-input matrix and schema-safety tests. Prints `ok NAME` / `FAIL NAME`
# lines and exits non-zero if any failed.
#
#   1. every gpuadv function x every arity x every argument position x a set
#      of bad values (tests/matrix/gen_matrix.py), each call a finite number,
#      NULL or a clean `NAME(): ` error, through the test host, the host and
#      extension under AddressSanitizer + UBSan, and valgrind;
#   2. the catalogs refuse every write and are unchanged after (same hosts);
#   3. database files: a view or trigger over gpuadv_csv is refused whatever
#      trusted_schema says; views, generated columns, CHECK constraints,
#      indexes and triggers over the functions and catalogs work with
#      trusted_schema=OFF;
#   4. lookups: catalog equality lookups agree with a scan under any
#      collation; keyword and name caches follow arguments that change per row.
#
# Needs ./gpuadv.so, build/sqlhost, build/asan/sqlhost, build/asan/gpuadv.so
# (`make gpuadv.so build/sqlhost build/asan/sqlhost build/asan/gpuadv.so`).
#   MATRIX_MODES="host asan"  bash tests/matrix/test_matrix.sh   # skip valgrind
set -u
. "$(dirname "$0")/../lib.sh"
MODES="${MATRIX_MODES:-host asan valgrind}"
t0=$(date +%s)

# ------------------------------------------------------------ 1 and 2: hosts
missing=""
for f in gpuadv.so build/sqlhost build/asan/sqlhost build/asan/gpuadv.so; do
  [ -e "$f" ] || missing="$missing $f"
done
if [ -n "$missing" ]; then
  echo "#   missing:$missing (make gpuadv.so build/sqlhost build/asan/sqlhost build/asan/gpuadv.so)" >&2
  check "matrix prerequisites built" 1
  exit 1
fi
gen=$(GPUADV_EXT="$EXT" "$PY" tests/matrix/gen_matrix.py gen "$TMP")
check "matrix generated: $gen" $?

VALGRIND=(valgrind -q --error-exitcode=99 --leak-check=full
          --show-leak-kinds=definite,indirect,possible
          --errors-for-leak-kinds=definite,indirect,possible)
run_mode() {  # run_mode MODE FILE.sql PREFIX: writes PREFIX.out .err .rc
  local mode=$1 sql=$2 p=$3
  case $mode in
    host) build/sqlhost "$EXT" "$sql" ;;
    asan) ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:intercept_tls_get_addr=0 \
          UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
          build/asan/sqlhost build/asan/gpuadv "$sql" ;;
    valgrind) "${VALGRIND[@]}" build/sqlhost "$EXT" "$sql" ;;
  esac >"$p.out" 2>"$p.err"
  echo $? >"$p.rc"
}
# valgrind is the slow one: start it first, in the background.
pids=()
for mode in $MODES; do
  if [ "$mode" = valgrind ]; then
    ( run_mode valgrind "$TMP/matrix.sql" "$TMP/valgrind"
      run_mode valgrind "$TMP/readonly.sql" "$TMP/valgrind-ro" ) &
    pids+=($!)
  fi
done
for mode in $MODES; do
  [ "$mode" = valgrind ] && continue
  run_mode "$mode" "$TMP/matrix.sql" "$TMP/$mode"
  run_mode "$mode" "$TMP/readonly.sql" "$TMP/$mode-ro"
done
for pid in "${pids[@]}"; do wait "$pid"; done
total=0
for mode in $MODES; do
  out=$("$PY" tests/matrix/gen_matrix.py check "$TMP" "$mode" "$TMP/$mode.out" \
        "$TMP/$mode.err" "$(cat "$TMP/$mode.rc")")
  echo "$out" | grep -v '^#'
  fails=$((fails + $(echo "$out" | grep -c '^FAIL')))
  n=$(echo "$out" | sed -n 's/^# .*: \([0-9]*\) calls checked$/\1/p')
  total=$((total + ${n:-0}))
  out=$("$PY" tests/matrix/gen_matrix.py check-readonly "$TMP" "$mode" \
        "$TMP/$mode-ro.out" "$TMP/$mode-ro.err" "$(cat "$TMP/$mode-ro.rc")")
  echo "$out"
  fails=$((fails + $(echo "$out" | grep -c '^FAIL')))
done
echo "# matrix: $total calls checked in modes: $MODES"

# -------------------------------------------- 3: database files, trust
db="$TMP/csv.db"
sq "$db" "CREATE VIRTUAL TABLE main.q USING gpuadv_csv(data='gpu,usd
h100-sxm,2.49
l40s,0.99');
CREATE VIEW v AS SELECT * FROM q;
CREATE VIEW vj AS SELECT g.memory_gb, q.usd FROM q JOIN gpus g ON g.name = q.gpu;
CREATE TABLE t(x); CREATE TABLE log(n);
CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO log SELECT count(*) FROM q; END;" >/dev/null
for ts in OFF ON; do
  # a view, a view joined with a catalog, a trigger: each refused
  while IFS='|' read -r what stmt; do
    got=$(sq -cmd "PRAGMA trusted_schema=$ts" "$db" "$stmt")
    expect_err "csv $what refused in a db file, trusted_schema=$ts" \
      'unsafe use of virtual table "q"' "$got"
  done <<'EOS'
view|SELECT * FROM v;
view joined with a catalog|SELECT * FROM vj;
in a trigger|INSERT INTO t VALUES (1); SELECT count(*) FROM log;
EOS
  got=$(sq -cmd "PRAGMA trusted_schema=$ts" "$db" "SELECT group_concat(gpu || ':' || usd) FROM q;")
  expect "csv table in a db file read directly, trusted_schema=$ts" \
    "h100-sxm:2.49,l40s:0.99" "$got"
done
got=$(sq -cmd "PRAGMA trusted_schema=OFF" :memory: \
  "CREATE VIRTUAL TABLE temp.q USING gpuadv_csv(data='a
1'); CREATE TEMP VIEW tv AS SELECT * FROM q; SELECT a FROM tv;")
expect "csv view in temp works (the documented use)" "1" "$got"

db="$TMP/funcs.db"
sq "$db" "
CREATE VIEW w AS SELECT weights_gb(70, 'bf16') AS w, (SELECT count(*) FROM gpus) AS n_gpus,
  model_kv_gb('deepseek-v3', 1, 1, 'bf16') * 1e9 AS kv,
  (SELECT mem_bw_gbs FROM gpus WHERE name = 'h100-sxm') AS bw,
  (SELECT count(*) FROM models) > 0 AND (SELECT count(*) FROM measurements) > 0 AS more,
  round(model_decode_tps('llama-3-8b', 'rtx-4090', 'q4_k_m', 1, 256, 1, 'llama.cpp'), 1) AS tps;
CREATE VIEW cheapest AS SELECT g.name, min(c.usd_per_hour / c.gpu_count) AS usd
  FROM cloud_instances c JOIN gpus g ON g.name = c.gpu WHERE g.name = 'h100-sxm' GROUP BY g.name;
CREATE TABLE plan(params_b REAL, dtype TEXT,
  wgb REAL GENERATED ALWAYS AS (weights_gb(params_b, dtype)) STORED,
  gpus_needed INTEGER GENERATED ALWAYS AS (nodes_required(weights_gb(params_b, dtype), 80)) VIRTUAL,
  CHECK (train_mem_gb(params_b, 'inference') < 1000));
CREATE INDEX plan_kv ON plan(kv_cache_gb(80, 8, 128, params_b));
CREATE TABLE audit(n);
CREATE TRIGGER plan_ai AFTER INSERT ON plan BEGIN
  INSERT INTO audit SELECT count(*) FROM gpus WHERE memory_gb >= new.wgb; END;" >/dev/null
# the catalog's row count as a plain query sees it, not a pinned number
n_gpus=$(sq :memory: "SELECT count(*) FROM gpus")
got=$(sq -cmd "PRAGMA trusted_schema=OFF" "$db" "PRAGMA trusted_schema; SELECT * FROM w;")
expect "view over functions and catalogs in a db file, trusted_schema=OFF" \
  "0
140.0|$n_gpus|70272.0|3350.0|1|117.3" "$got"
got=$(sq -cmd "PRAGMA trusted_schema=OFF" "$db" "SELECT name, usd > 0 FROM cheapest;")
expect "view joining two catalogs in a db file, trusted_schema=OFF" "h100-sxm|1" "$got"
got=$(sq -cmd "PRAGMA trusted_schema=OFF" "$db" \
  "INSERT INTO plan(params_b, dtype) VALUES (70, 'bf16'), (405, 'fp8');
   SELECT group_concat(wgb || ':' || gpus_needed, ',') FROM plan;
   SELECT count(*) FROM plan WHERE kv_cache_gb(80, 8, 128, params_b) > 0;
   SELECT count(*) FROM audit; PRAGMA integrity_check;")
expect "generated columns, CHECK, index, trigger in a db file, trusted_schema=OFF" \
  "140.0:2,405.0:6
2
2
ok" "$got"
got=$(sq -cmd "PRAGMA trusted_schema=OFF" "$db" "INSERT INTO plan(params_b, dtype) VALUES (600, 'bf16');")
expect_err "CHECK over a function enforced, trusted_schema=OFF" \
  "CHECK constraint failed" "$got"
got=$(sq -cmd "PRAGMA trusted_schema=OFF" "$db" "INSERT INTO plan(params_b, dtype) VALUES (-1, 'bf16');")
expect_err "generated column raises the function's error, trusted_schema=OFF" \
  "weights_gb(): params_b must be > 0, got -1" "$got"

# -------------------------------------------- 4: lookups and caches
# An equality on an indexed catalog column is answered by a binary search
# in memcmp order; under another collation it must give what a scan gives.
for q in "gpus WHERE name = 'H100-SXM' COLLATE NOCASE|gpus WHERE name || '' = 'H100-SXM' COLLATE NOCASE" \
         "gpus WHERE name COLLATE NOCASE = 'h100-SXM'|gpus WHERE +name COLLATE NOCASE = 'h100-SXM'" \
         "cloud_instances WHERE provider = 'AWS' COLLATE NOCASE|cloud_instances WHERE provider || '' = 'AWS' COLLATE NOCASE" \
         "models WHERE name = 'llama-3.1-8b ' COLLATE RTRIM|models WHERE name || '' = 'llama-3.1-8b ' COLLATE RTRIM" \
         "gpus WHERE name = 'h100-sxm'|gpus WHERE name || '' = 'h100-sxm'" \
         "measurements WHERE gpu = 'h100-sxm'|measurements WHERE gpu || '' = 'h100-sxm'"; do
  a=${q%%|*}; b=${q#*|}
  got=$(sq :memory: "SELECT (SELECT count(*) FROM $a) || ' vs ' || (SELECT count(*) FROM $b);")
  case "$got" in
    "0 vs 0") check "catalog lookup $a: nonzero" 1 ;;
    *) want="${got##* vs } vs ${got##* vs }"
       expect "catalog lookup agrees with a scan: $a" "$want" "$got" ;;
  esac
done
got=$(sq :memory: "CREATE TEMP TABLE k(n TEXT COLLATE NOCASE); INSERT INTO k VALUES ('H100-SXM');
  SELECT (SELECT count(*) FROM k JOIN gpus g ON k.n = g.name) || ' vs ' || (SELECT count(*) FROM k JOIN gpus g ON k.n = +g.name)
   || ', ' || (SELECT count(*) FROM k JOIN gpus g ON g.name = k.n) || ' vs ' || (SELECT count(*) FROM k JOIN gpus g ON +g.name = k.n);")
# k.n = g.name compares with k.n's NOCASE, g.name = k.n with g.name's NOCASE
# (gpus.name is declared COLLATE NOCASE)
expect "catalog join with a NOCASE column agrees with a scan" "1 vs 1, 1 vs 1" "$got"

# Keyword and catalog-name caches (sqlite3_set_auxdata) must follow
# arguments that change from row to row.
got=$(sq :memory: "SELECT group_concat(weights_gb(7, d), ',') FROM (SELECT column1 AS d FROM (VALUES ('bf16'), ('fp32'), ('int4'), ('BF16')));
  SELECT group_concat(round(model_kv_gb(m, 1024, 1, d) * 1e3, 3), ',') FROM (SELECT column1 AS m, column2 AS d FROM (VALUES ('llama-3.1-8b', 'bf16'), ('deepseek-v3', 'fp8'), ('llama-3.1-70b', 'fp32')));
  SELECT group_concat(round(model_decode_tps('llama-3.1-8b', g, 'bf16'), 3), ',') = (SELECT round(model_decode_tps('llama-3.1-8b', 'h100-sxm', 'bf16'), 3) || ',' || round(model_decode_tps('llama-3.1-8b', 'rtx-4090', 'bf16'), 3)) FROM (SELECT column1 AS g FROM (VALUES ('h100-sxm'), ('rtx-4090')));
  SELECT group_concat(train_mem_gb(7, m), ',') FROM (SELECT column1 AS m FROM (VALUES ('full'), ('lora'), ('inference')));")
want="14.0,28.0,3.5,14.0
$(sq :memory: "SELECT round(model_kv_gb('llama-3.1-8b', 1024, 1, 'bf16') * 1e3, 3) || ',' || round(model_kv_gb('deepseek-v3', 1024, 1, 'fp8') * 1e3, 3) || ',' || round(model_kv_gb('llama-3.1-70b', 1024, 1, 'fp32') * 1e3, 3);")
1
126.0,15.12,14.0"
expect "keyword and name caches follow per-row arguments" "$want" "$got"
# Over many rows, so that the cache is offered (one miss in 64) while the
# argument keeps changing; and a constant next to a changing argument.
got=$(sq :memory: "SELECT sum(weights_gb(7, CASE value % 4 WHEN 0 THEN 'bf16' WHEN 1 THEN 'FP32' WHEN 2 THEN 'int4' ELSE 'fp8' END)) || ',' || sum(train_mem_gb(value % 3 + 1, CASE value % 2 WHEN 0 THEN 'full' ELSE 'inference' END)) || ',' || sum(kv_cache_gb(1, 1, 1, value, 1, 'fp32') * 1e9) FROM generate_series(1, 1000);")
# 250 rows each of 14, 28, 3.5, 7 GB; modes alternate with sizes 1..3
# (18 or 2 bytes per parameter); 4 bytes x 2 (K and V) x sum(1..1000).
want="$(awk 'BEGIN { f = 0; for (v = 1; v <= 1000; v++) f += (v % 3 + 1) * (v % 2 == 0 ? 18 : 2); printf "%.1f,%.1f,%.1f", 250 * (14 + 28 + 3.5 + 7), f, 8 * 500500 }')"
expect "keyword cache follows 1,000 changing rows" "$want" "$got"
got=$(sq :memory: "SELECT weights_gb(7, column1) FROM (VALUES ('bf16'), ('nope'));")
expect_err "a bad keyword after a good one in the same statement is an error" \
  "weights_gb(): dtype must be one of" "$got"
got=$(sq :memory: "SELECT model_kv_gb(column1, 1) FROM (VALUES ('deepseek-v3'), ('nope'));")
expect_err "a bad model after a good one in the same statement is an error" \
  "model_kv_gb(): unknown model 'nope'" "$got"

echo "# test_matrix.sh: $(( $(date +%s) - t0 )) s"
[ "$fails" -eq 0 ]
