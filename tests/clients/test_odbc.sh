#!/bin/bash
# ODBC: unixODBC's isql/iusql with the SQLite3 ODBC driver (libsqliteodbc),
# the extension named by LoadExt= in a DSN-less connection string and in a
# user DSN (ODBCINI points at a private odbc.ini: nothing global is written).
. "$(dirname "$0")/lib.sh"
need "odbc" isql unixodbc
need_lib "odbc"
driver=${GPUADV_ODBC_DRIVER:-SQLite3}
odbcinst -q -d 2>/dev/null | grep -qx "\[$driver\]" ||
  skip_or_fail "odbc: driver" "no ODBC driver named $driver in $(odbcinst -j | sed -n 's/^DRIVERS\.*: //p') (apt-get install libsqliteodbc)"

make_plans_db "$tmp/plans.db"
conn="Driver=$driver;Database=$tmp/plans.db;LoadExt=$ROOT/gpuadv"

got=$(echo "SELECT mem_bw_gbs FROM gpus WHERE name = 'h100-sxm'" | isql -b -d'|' -k "$conn" 2>&1)
expect "odbc: isql DSN-less, catalog figure" "$got" "3350.0"

got=$(echo "SELECT rank, offer, gpus_per_replica, replicas, tps_per_user, printf('%.2f', usd_per_hour) FROM serving_plans WHERE workload = '70b' AND rank <= 3" |
      isql -b -d'|' -k "$conn" 2>&1)
expect "odbc: isql, serving_plans of the database" "$got" "1|runpod/8x_A100-80GB-SXM_SECURE|8|1|59.7|12.72
2|runpod/8x_A100-80GB_SECURE|8|1|57.7|12.72
3|runpod/4x_H100-NVL_SECURE|4|1|58.0|12.76"

want=$("$SQLITE3" -cmd '.load ./gpuadv' "$tmp/plans.db" "SELECT workload, offer, n_gpus, round(total_usd, 2) FROM best_plans ORDER BY workload" 2>&1)
got=$(echo "SELECT workload, offer, n_gpus, round(total_usd, 2) FROM best_plans ORDER BY workload" |
      isql -b -d'|' -k "Driver=$driver;Database=$tmp/plans.db;LoadExt=$ROOT/gpuadv.so" 2>&1)
expect "odbc: isql, LoadExt with suffix, best_plans = the shell's" "$got" "$want"

# A user DSN in a private odbc.ini, as LibreOffice and other tools use it.
cat > "$tmp/odbc.ini" <<INI
[gpuadv]
Description = gpuadv plans
Driver = $driver
Database = $tmp/plans.db
LoadExt = $ROOT/gpuadv
INI
got=$(echo "SELECT workload, works FROM best_plans ORDER BY workload" | ODBCINI="$tmp/odbc.ini" iusql -b -d'|' gpuadv 2>&1)
expect "odbc: iusql with a user DSN (ODBCINI)" "$got" "70b|1
ft-70b|1"

got=$(echo "SELECT count(*) FROM gpus" | isql -v -b -d'|' -k "Driver=$driver;Database=$tmp/plans.db" 2>&1)
contains "odbc: without LoadExt the catalogs are missing" "$got" "no such table: gpus"
got=$(echo "SELECT 1" | isql -b -d'|' -k "Driver=$driver;Database=$tmp/plans.db;LoadExt=$tmp/nonexistent" 2>&1)
contains "odbc: a wrong LoadExt says so" "$got" "extension '$tmp/nonexistent' did not load"
exit $status
