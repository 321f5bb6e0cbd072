#!/bin/bash
# LibreOffice, headless: clients/libreoffice/odbc_to_calc.py opens the ODBC
# data source (SQLite3 ODBC driver, LoadExt=gpuadv) as a Base document,
# imports a plan view into a Calc sheet and saves it; a second soffice reads
# the .ods back as CSV, which must equal the sqlite3 shell's answer.
. "$(dirname "$0")/lib.sh"
need "libreoffice" soffice libreoffice-calc
need "libreoffice" isql unixodbc
"$PYTHON" -c 'import uno' 2>/dev/null ||
  skip_or_fail "libreoffice" "python3-uno not installed (apt-get install python3-uno)"
[ -e /usr/lib/libreoffice/program/libdbaxmllo.so ] || ! [ -d /usr/lib/libreoffice/program ] ||
  skip_or_fail "libreoffice" "LibreOffice Base not installed (apt-get install libreoffice-base)"
need_lib "libreoffice"
driver=${GPUADV_ODBC_DRIVER:-SQLite3}

make_plans_db "$tmp/plans.db"
cat > "$tmp/odbc.ini" <<INI
[gpuadv]
Driver = $driver
Database = $tmp/plans.db
LoadExt = $ROOT/gpuadv
INI
sql="SELECT rank, offer, gpus_per_replica, replicas, tps_per_user, round(usd_per_hour, 2) AS usd_per_hour FROM serving_plans WHERE workload = '70b' AND rank <= 3 ORDER BY rank"
want=$("$SQLITE3" -cmd '.load ./gpuadv' "$tmp/plans.db" "$sql" 2>&1)
[ "$want" = "1|runpod/8x_A100-80GB-SXM_SECURE|8|1|59.7|12.72
2|runpod/8x_A100-80GB_SECURE|8|1|57.7|12.72
3|runpod/4x_H100-NVL_SECURE|4|1|58.0|12.76" ]; check "libreoffice: the shell's answer is README's" $? "$want"

out=$(ODBCINI="$tmp/odbc.ini" timeout 180 "$PYTHON" clients/libreoffice/odbc_to_calc.py --dsn gpuadv \
      --sql "$sql" --odb "$tmp/gpuadv.odb" --out "$tmp/plans.ods" --csv "$tmp/direct.csv" 2>&1)
check "libreoffice: odbc_to_calc.py ran" $? "$out"
expect "libreoffice: odbc_to_calc.py reports the rows" "$out" "3 rows -> $tmp/plans.ods"

# Read the sheet back with a second, separate soffice.
mkdir -p "$tmp/back"
timeout 120 soffice --headless --norestore -env:UserInstallation="file://$tmp/profile" \
  --convert-to csv --outdir "$tmp/back" "$tmp/plans.ods" >/dev/null 2>&1
[ -s "$tmp/back/plans.csv" ]; check "libreoffice: the .ods converts back to CSV" $?

csv_as_list() {  # CSV file -> a|b|c lines, header dropped
  "$PYTHON" -c 'import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="", encoding="utf-8")))
print("\n".join("|".join(r) for r in rows[1:]))' "$1" 2>&1
}
# Calc writes a whole-number REAL (the shell's 45.0) as 45: compare numbers.
want_cells=$(printf '%s\n' "$want" | sed -E 's/\|([0-9]+)\.0(\||$)/|\1\2/g')
expect "libreoffice: the Calc sheet read back = the shell's answer" "$(csv_as_list "$tmp/back/plans.csv")" "$want_cells"
expect "libreoffice: the CSV written by the script = the shell's answer" "$(csv_as_list "$tmp/direct.csv")" "$want_cells"
got=$(head -1 "$tmp/back/plans.csv" | tr -d '\r')
expect "libreoffice: column names in the first row" "$got" "rank,offer,gpus_per_replica,replicas,tps_per_user,usd_per_hour"

got=$("$PYTHON" -c 'import sys, zipfile, re
z = zipfile.ZipFile(sys.argv[1])
x = z.read("content.xml").decode()
print(re.search(r"xlink:href=\"([^\"]*)\"", x).group(1))
c = zipfile.ZipFile(sys.argv[2]).read("content.xml").decode()
print(len(re.findall(r"office:value-type=\"float\" office:value=\"12.76\"", c)))' "$tmp/gpuadv.odb" "$tmp/plans.ods" 2>&1)
expect "libreoffice: the Base file points at the ODBC DSN; \$/hour is a number cell" "$got" "sdbc:odbc:gpuadv
1"
exit $status
