#!/usr/bin/env bash
# Tests for catalogs/refresh_prices.py (`make refresh-prices`): a user price
# database from the fixture folders of tests/catalog_refresh/fixtures/user_prices
# (one list-price file and one history as their sources write them; bad copies
# of each), and the offers view preferring its rows.  Prints `ok NAME` /
# `FAIL NAME`; exits non-zero if any check failed.
set -u
. "$(dirname "$0")/../lib.sh"
SCRIPT=catalogs/refresh_prices.py
FX=tests/catalog_refresh/fixtures/user_prices
refresh() {  # refresh DIR OUT [ARGS...]: stderr to $OUT.err
  local d="$1" o="$2"; shift 2
  "$PY" "$SCRIPT" --from "$d" --out "$o" "$@" 2>"$o.err"
}

# a good folder: every row it changes, with a source and a day, and nothing else
refresh "$FX/good" "$TMP/good.db"; rc=$?
expect good_folder_runs 0 "$rc"
# runpod Secure Cloud H100 SXM: 8 regions x 1/2/4/8 GPUs; lambda 1x H100 SXM: 17
# regions; verda H100 and B200 from the history's newest day (2026-11-20)
expect good_rows "32|17|2|51" "$("$SQLITE3" "$TMP/good.db" "SELECT count(*) FILTER (WHERE provider = 'runpod'), count(*) FILTER (WHERE provider = 'lambda'), count(*) FILTER (WHERE provider = 'verda'), count(*) FROM user_prices")"
expect good_source_and_date_on_every_row 0 "$("$SQLITE3" "$TMP/good.db" "SELECT count(*) FROM user_prices WHERE source IS NULL OR source = '' OR as_of NOT GLOB '2026-11-2[0-9]'")"
expect good_prices "15.92|3.79|2.99|6.5" "$("$SQLITE3" "$TMP/good.db" "SELECT (SELECT usd_per_hour FROM user_prices WHERE instance_type = '8x_H100-SXM_SECURE' AND region = 'US'), (SELECT usd_per_hour FROM user_prices WHERE instance_type = 'gpu_1x_h100_sxm5' AND region = 'us-east-1'), (SELECT usd_per_hour FROM user_prices WHERE provider = 'verda' AND gpu = 'h100-sxm'), (SELECT usd_per_hour FROM user_prices WHERE provider = 'verda' AND gpu = 'b200')")"
expect good_columns_are_the_catalogs \
  "provider,instance_type,region,gpu,gpu_count,vcpus,ram_gb,usd_per_hour,spot_usd_per_hour,source,as_of,source_accelerator,notes,price_flag" \
  "$("$SQLITE3" "$TMP/good.db" "SELECT group_concat(name, ',') FROM pragma_table_info('user_prices')")"
# the undated spot price of a refreshed RunPod row is dropped, not kept undated
expect undated_spot_dropped "|undated spot" "$("$SQLITE3" "$TMP/good.db" "SELECT spot_usd_per_hour, substr(notes, instr(notes, 'undated spot'), 12) FROM user_prices WHERE instance_type = '1x_H100-SXM_SECURE' AND region = 'US'")"
# the Community Cloud offer and the marketplace median touch no row; the
# compiled-in catalog is not touched
grep -q 'on-demand price updated (runpod, gpu_hourly.yaml)' "$TMP/good.db.err" && \
  git diff --quiet -- catalogs/cloud_instances.csv
check catalog_untouched $?

# bad files: refused with file:line, and no database written
bad() {  # bad NAME DIR MESSAGE
  refresh "$FX/$2" "$TMP/$2.db"; local rc=$?
  if [ $rc -eq 1 ] && [ ! -e "$TMP/$2.db" ]; then expect_err "$1" "$3" "$(cat "$TMP/$2.db.err")"
  else echo "#   rc $rc" >&2; check "$1" 1; fi
}
bad refuses_truncated_yaml truncated_yaml "$FX/truncated_yaml/gpu_hourly.yaml:28: offer lacks product, source, checked_at"
bad refuses_truncated_jsonl truncated_jsonl "$FX/truncated_jsonl/history.jsonl:2: truncated or invalid JSON"
bad refuses_wrong_columns wrong_columns "$FX/wrong_columns/gpu_hourly.yaml:7: offer lacks usd_per_gpu_hour"
bad refuses_wrong_jsonl wrong_jsonl "$FX/wrong_jsonl/history.jsonl:1: not a history line"
bad refuses_absurd_price absurd "$FX/absurd/gpu_hourly.yaml:21: 379 USD per GPU-hour for h100-sxm is outside the sanity band 0.5-30"
bad refuses_truncated_json truncated_json "$FX/truncated_json/prices.json: truncated or invalid JSON"
bad refuses_offer_without_price wrong_json "$FX/wrong_json/prices.json: offer 2: lacks price_per_gpu_hr_usd"
bad refuses_absurd_snapshot_price absurd_json "$FX/absurd_json/prices.json: offer 1: 379 USD per GPU-hour for h100-sxm is outside the sanity band 0.5-30"
# a price snapshot (gpu-price-feed data/prices.json): the RunPod Secure Cloud
# A40 offer reprices every _SECURE A40 row (8 regions x 1/2/4/8 GPUs, up to 10
# per pod) at 0.45 per GPU-hour; the Community Cloud offer and the fractional
# Vultr offer (no per-GPU price) are not read
refresh "$FX/good_json" "$TMP/good_json.db"; rc=$?
expect snapshot_runs 0 "$rc"
expect snapshot_rows "0|32|0.45|0.45|2026-11-21" \
  "$("$SQLITE3" "$TMP/good_json.db" "SELECT count(*) FILTER (WHERE gpu <> 'a40' OR instance_type NOT GLOB '*_SECURE'), count(*), min(usd_per_hour / gpu_count), max(usd_per_hour / gpu_count), max(as_of) FROM user_prices")"
mkdir -p "$TMP/empty"
refresh "$TMP/empty" "$TMP/empty.db"; rc=$?
[ $rc -eq 1 ] && [ ! -e "$TMP/empty.db" ]
check refuses_empty_folder $?
expect_err empty_folder_message "$TMP/empty: none of gpu_hourly.yaml, history.jsonl" "$(cat "$TMP/empty.db.err")"

# offline without --from: a clear message, nothing written (the proxy is a
# closed local port, so the download fails whether or not this machine is online)
out=$(https_proxy=http://127.0.0.1:9 HTTPS_PROXY=http://127.0.0.1:9 "$PY" "$SCRIPT" --out "$TMP/online.db" 2>&1); rc=$?
[ $rc -eq 1 ] && [ ! -e "$TMP/online.db" ]
check offline_fails $?
expect_err offline_message "refresh-prices: cannot download https://raw.githubusercontent.com/tgarg01/silybench-data/main/prices/gpu_hourly.yaml" "$out"
expect_err offline_hint "offline? pass --from DIR with gpu_hourly.yaml, history.jsonl" "$out"

# a refreshed database changes a plan's price.  A LoRA finetune on RunPod
# H100s: the catalog's Secure Cloud price, then the fixture's 1.99 per GPU-hour
# (--into copies the rows into the user_prices table of sql/gpuadv.sql).
DB="$TMP/plans.db"
sq "$DB" ".read sql/gpuadv.sql" "INSERT INTO workloads(name, kind, params_b, mode, tokens_b, acquire, offer_glob, include_flagged_prices, providers) VALUES ('fresh', 'finetune', 1, 'lora', 1, 'rent', 'h100-sxm', 1, 'runpod')" >/dev/null
plan() { sq "$DB" "PRAGMA trusted_schema = OFF; SELECT total_usd, offer, (SELECT price_date FROM offers o WHERE o.offer = b.offer ORDER BY o.usd_per_hour LIMIT 1) FROM best_plans b WHERE workload = 'fresh'"; }
before=$(plan)
refresh "$FX/good" "$TMP/into.db" --into "$DB"; rc=$?
after=$(plan)
expect into_runs 0 "$rc"
case "$before|$after" in
  *"|runpod/"*"|2026-10-04|"*"|runpod/8x_H100-SXM_SECURE|2026-11-20") check plan_price_changes 0 ;;
  *) echo "#   before: $before" >&2; echo "#   after:  $after" >&2; check plan_price_changes 1 ;;
esac
b=${before%%|*}; a=${after%%|*}
"$PY" -c "import sys; sys.exit(0 if float('$a') < float('$b') else 1)"
check plan_cheaper_at_the_new_price $?
# the documented one-line statement does the same as --into
DB2="$TMP/plans2.db"
sq "$DB2" ".read sql/gpuadv.sql" >/dev/null
sq "$DB2" "ATTACH '$TMP/good.db' AS p; INSERT OR REPLACE INTO user_prices SELECT * FROM p.user_prices;" >/dev/null
expect one_line_statement 51 "$(sq "$DB2" "SELECT count(*) FROM user_prices")"
# --into a database without the table: refused, and nothing written
"$SQLITE3" "$TMP/bare.db" "CREATE TABLE t(x)"
refresh "$FX/good" "$TMP/bare-out.db" --into "$TMP/bare.db"; rc=$?
[ $rc -eq 1 ] && [ ! -e "$TMP/bare-out.db" ]
check into_needs_user_prices $?
expect_err into_needs_user_prices_message "$TMP/bare.db: no user_prices table (load sql/gpuadv.sql into it first)" "$(cat "$TMP/bare-out.db.err")"
# a user price without a date is refused by the table
expect_err user_prices_needs_a_date "as_of must be a date" \
  "$(sq "$DB2" "INSERT INTO user_prices(provider, instance_type, region, gpu, gpu_count, usd_per_hour, source, as_of) VALUES ('x', 'y', 'z', 'h100-sxm', 1, 1.0, 'me', 'last week')")"
[ "$fails" -eq 0 ]
