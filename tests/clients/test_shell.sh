#!/bin/bash
# The sqlite3 shell, as docs/clients.md shows it: `.load ./gpuadv` typed at
# the prompt, `sqlite3 -cmd '.load ./gpuadv'` one-liners, a plans database
# file reopened later, and the extension loaded by absolute path and by
# load_extension() after `.load`.
. "$(dirname "$0")/lib.sh"
need "shell" "$SQLITE3" sqlite3
need_lib "shell"

# Typed at the prompt (stdin), as in README's "Set up".
got=$(printf '.load ./gpuadv\nSELECT train_mem_gb(70, %s);\n' "'qlora'" | "$SQLITE3" -batch)
expect "shell: .load ./gpuadv at the prompt" "$got" "47.31125"

got=$("$SQLITE3" -cmd '.load ./gpuadv' :memory: "SELECT mem_bw_gbs FROM gpus WHERE name='h100-sxm'" 2>&1)
expect "shell: -cmd '.load ./gpuadv' catalog figure" "$got" "3350.0"

got=$("$SQLITE3" -cmd '.load ./gpuadv' :memory: "SELECT gpuadv_version()" 2>&1)
expect "shell: gpuadv_version() = VERSION" "$got" "$(cat VERSION)"

got=$("$SQLITE3" -cmd ".load $ROOT/gpuadv.so" :memory: "SELECT name, memory_gb FROM gpus WHERE name='h100-sxm'" 2>&1)
expect "shell: .load by absolute path with suffix" "$got" "h100-sxm|80.0"

# README recipe through -cmd '.read sql/gpuadv.sql'.
got=$("$SQLITE3" -cmd '.load ./gpuadv' -cmd '.read sql/gpuadv.sql' :memory: \
  "INSERT INTO workloads(name, kind, model, requests_per_min, prompt_tokens, output_tokens, user_tps) VALUES ('70b', 'serve', 'llama-3.1-70b', 60, 1000, 300, 40); SELECT rank, offer, gpus_per_replica, replicas, tps_per_user, printf('%.2f', usd_per_hour) FROM serving_plans WHERE workload = '70b' AND rank <= 3;" 2>&1)
expect "shell: serving_plans recipe" "$got" "1|runpod/8x_A100-80GB-SXM_SECURE|8|1|59.7|12.72
2|runpod/8x_A100-80GB_SECURE|8|1|57.7|12.72
3|runpod/4x_H100-NVL_SECURE|4|1|58.0|12.76"

# A plans database file, reopened: the views work once the extension is loaded.
make_plans_db "$tmp/plans.db"
got=$("$SQLITE3" -cmd '.load ./gpuadv' "$tmp/plans.db" "SELECT workload, works FROM best_plans ORDER BY workload" 2>&1)
expect "shell: best_plans of a reopened database file" "$got" "70b|1
ft-70b|1"
got=$("$SQLITE3" "$tmp/plans.db" "SELECT count(*) FROM best_plans" 2>&1)
contains "shell: without .load the views say what is missing" "$got" "no such"

got=$("$SQLITE3" -cmd '.load ./gpuadv' -box :memory: "SELECT name, mem_bw_gbs FROM gpus WHERE name='h100-sxm'" 2>&1)
contains "shell: -box output" "$got" "│ h100-sxm │ 3350.0     │"

exit $status
