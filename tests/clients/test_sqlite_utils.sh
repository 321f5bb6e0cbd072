#!/bin/bash
# sqlite-utils with --load-extension: a catalog figure from `memory`, a plan
# view of a database file, the path:entrypoint form, and a CSV price list
# joined with the catalog in one command.
. "$(dirname "$0")/lib.sh"
need "sqlite-utils" sqlite-utils sqlite-utils
need_lib "sqlite-utils"

got=$(sqlite-utils memory --load-extension=./gpuadv.so "SELECT mem_bw_gbs FROM gpus WHERE name='h100-sxm'" 2>&1)
expect "sqlite-utils: memory, catalog figure" "$got" '[{"mem_bw_gbs": 3350.0}]'

got=$(sqlite-utils memory --load-extension=./gpuadv.so:sqlite3_gpuadv_init "SELECT weights_gb(70, 'bf16') AS gb" --csv 2>&1 | tr -d '\r')
expect "sqlite-utils: path:entrypoint form" "$got" "gb
140.0"

got=$(sqlite-utils memory --load-extension="$ROOT/gpuadv" "SELECT gpuadv_version()" -r 2>&1)
expect "sqlite-utils: absolute path without suffix, raw output" "$got" "$(cat VERSION)"

make_plans_db "$tmp/plans.db"
got=$(sqlite-utils query "$tmp/plans.db" --load-extension=./gpuadv.so \
      "SELECT rank, offer, gpus_per_replica, replicas, tps_per_user, printf('%.2f', usd_per_hour) AS usd_per_hour FROM serving_plans WHERE workload = '70b' AND rank <= 3" --csv 2>&1 | tr -d '\r')
expect "sqlite-utils: serving_plans of a database file" "$got" "rank,offer,gpus_per_replica,replicas,tps_per_user,usd_per_hour
1,runpod/8x_A100-80GB-SXM_SECURE,8,1,59.7,12.72
2,runpod/8x_A100-80GB_SECURE,8,1,57.7,12.72
3,runpod/4x_H100-NVL_SECURE,4,1,58.0,12.76"

want=$("$SQLITE3" -cmd '.load ./gpuadv' -tabs "$tmp/plans.db" "SELECT workload, offer, n_gpus FROM best_plans ORDER BY workload" 2>&1)
got=$(sqlite-utils rows "$tmp/plans.db" best_plans -c workload -c offer -c n_gpus --load-extension=./gpuadv.so --tsv --no-headers 2>&1 | tr -d '\r' | sort)
expect "sqlite-utils: rows of best_plans = the shell's" "$got" "$(echo "$want" | sort)"

got=$(sqlite-utils memory tests/csv/quotes.csv --load-extension=./gpuadv.so \
      "SELECT q.gpu, q.vendor, q.usd_per_hour, g.mem_bw_gbs FROM quotes q JOIN gpus g ON g.name = q.gpu ORDER BY q.usd_per_hour" --csv 2>&1 | tr -d '\r')
expect "sqlite-utils: a CSV price list joined with gpus" "$got" "gpu,vendor,usd_per_hour,mem_bw_gbs
l40s,Bolt GPU,0.99,864.0
a100-sxm-80gb,Acme Cloud,1.29,2039.0
h100-sxm,Bolt GPU,2.1,3350.0
h100-sxm,Acme Cloud,2.49,3350.0"

got=$(sqlite-utils memory "SELECT count(*) FROM gpus" 2>&1)
contains "sqlite-utils: without --load-extension the catalogs are missing" "$got" "no such table: gpus"
exit $status
