#!/bin/bash
# sql/gpuadv.sql through the sqlite3 shell: reading it prints nothing and
# reading it twice keeps every row; CHECK constraints and triggers reject
# bad rows with their messages; the views work in a database file reopened
# with PRAGMA trusted_schema=OFF; every example and the demo run cleanly.
# Prints `ok NAME` or `FAIL NAME` per check; exit status 1 on any failure.
cd "$(dirname "$0")/../.." || exit 1
SQLITE3=${SQLITE3:-sqlite3}
EXT=./gpuadv
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

check() {  # check NAME CONDITION-EXIT-STATUS [DETAIL]
  if [ "$2" -eq 0 ]; then echo "ok $1"; else echo "FAIL $1${3:+: $3}"; status=1; fi
}

db="$tmp/plans.db"
out=$("$SQLITE3" -batch -cmd ".load $EXT" "$db" ".read sql/gpuadv.sql" 2>&1)
[ -z "$out" ]; check "first read prints nothing" $? "$out"

"$SQLITE3" -batch -cmd ".load $EXT" "$db" >/dev/null 2>&1 <<'SQL'
INSERT INTO workloads(name, kind, model, mode, tokens_b) VALUES ('keep-ft', 'finetune', 'llama-3.1-8b', 'qlora', 1);
INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens) VALUES ('keep-srv', 'serve', 'llama-3.1-8b', 60, 100);
INSERT INTO owned_prices(gpu, price_usd) VALUES ('rtx-4090', 1800);
INSERT INTO rental_quotes(provider, name, gpu, gpu_count, usd_per_hour) VALUES ('mine', 'box', 'h100-sxm', 8, 16);
SQL
before=$("$SQLITE3" -batch -cmd ".load $EXT" "$db" "SELECT name, sql FROM sqlite_schema ORDER BY name" \
         "SELECT count(*) FROM workloads" "SELECT count(*) FROM owned_prices" "SELECT count(*) FROM rental_quotes" 2>&1)
out=$("$SQLITE3" -batch -cmd ".load $EXT" "$db" ".read sql/gpuadv.sql" 2>&1)
[ -z "$out" ]; check "second read prints nothing" $? "$out"
after=$("$SQLITE3" -batch -cmd ".load $EXT" "$db" "SELECT name, sql FROM sqlite_schema ORDER BY name" \
        "SELECT count(*) FROM workloads" "SELECT count(*) FROM owned_prices" "SELECT count(*) FROM rental_quotes" 2>&1)
[ "$before" = "$after" ]; check "second read changes nothing" $?
counts=$("$SQLITE3" -batch -cmd ".load $EXT" "$db" \
  "SELECT (SELECT count(*) FROM workloads) || ',' || (SELECT count(*) FROM owned_prices) || ',' || (SELECT count(*) FROM rental_quotes)" 2>&1)
[ "$counts" = "2,1,1" ]; check "second read keeps every row" $? "$counts"

# The views in a database file opened with an untrusted schema.
for view in plan_defaults egress_rates instance_fabrics provider_tiers cloud_regions workload_inputs offers training_plans \
            serving_speeds serving_plans rent_vs_buy best_plans; do
  got=$("$SQLITE3" -batch -cmd ".load $EXT" -cmd "PRAGMA trusted_schema=OFF" "$db" \
        "SELECT count(*) > 0 FROM $view" 2>&1)
  [ "$got" = "1" ]; check "trusted_schema=OFF: $view" $? "$got"
done
got=$("$SQLITE3" -batch -cmd ".load $EXT" -cmd "PRAGMA trusted_schema=OFF" "$db" \
      "SELECT count(*) FROM best_plans WHERE works" 2>&1)
[ "$got" = "2" ]; check "trusted_schema=OFF: both workloads get a working plan" $? "$got"

# Bad rows and the messages they raise.
expect_error() {  # expect_error NAME 'SQL' 'MESSAGE'
  local got
  got=$("$SQLITE3" -batch -cmd ".load $EXT" -cmd ".read sql/gpuadv.sql" :memory: "$2" 2>&1)
  case "$got" in *"$3"*) check "$1" 0 ;; *) check "$1" 1 "got: $got" ;; esac
}
expect_error "reject kind" \
  "INSERT INTO workloads(name, kind, params_b) VALUES ('x', 'pretrain', 7)" \
  "CHECK constraint failed: kind must be train, finetune or serve"
expect_error "reject no model" \
  "INSERT INTO workloads(name, kind, requests_per_min, output_tokens) VALUES ('x', 'serve', 1, 1)" \
  "CHECK constraint failed: give model (a models.name) or params_b"
expect_error "reject unknown model" \
  "INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens) VALUES ('x', 'serve', 'llama-3.1-9b', 1, 1)" \
  "model_name(): workloads.model must be a models.name: unknown model 'llama-3.1-9b' in models; closest: 'llama-3.1-8b', 'llama-3.1-70b', 'llama-3.1-405b'"
expect_error "reject lora from scratch" \
  "INSERT INTO workloads(name, kind, params_b, mode, tokens_b) VALUES ('x', 'train', 7, 'lora', 1)" \
  "CHECK constraint failed: a train workload (from scratch) uses mode full or full16"
expect_error "reject training without tokens" \
  "INSERT INTO workloads(name, kind, params_b, mode) VALUES ('x', 'finetune', 7, 'qlora')" \
  "CHECK constraint failed: train and finetune need tokens_b > 0"
expect_error "reject a program without its workloads" \
  "INSERT INTO programs(name, train_workload, serve_workload) VALUES ('p', 'no such', 'nor this')" \
  "programs: train_workload must name a train or finetune workload and serve_workload a serve workload"
expect_error "reject a program's phases swapped" \
  "INSERT INTO workloads(name, kind, params_b, mode, tokens_b) VALUES ('t', 'train', 7, 'full', 1); INSERT INTO workloads(name, kind, params_b, requests_per_min, output_tokens) VALUES ('s', 'serve', 7, 1, 1); INSERT INTO programs(name, train_workload, serve_workload) VALUES ('p', 's', 't')" \
  "programs: train_workload must name a train or finetune workload and serve_workload a serve workload"
expect_error "reject tokens for billions" \
  "INSERT INTO workloads(name, kind, params_b, mode, tokens_b) VALUES ('x', 'train', 7, 'full', 1e9)" \
  "CHECK constraint failed: tokens_b is billions of tokens, at most 1000000: 1e9 tokens is tokens_b = 1"
expect_error "reject global batch" \
  "INSERT INTO workloads(name, kind, params_b, mode, tokens_b, global_batch) VALUES ('x', 'train', 7, 'full', 1, 0.5)" \
  "CHECK constraint failed: global_batch must be a whole number >= 1"
expect_error "reject serving without traffic" \
  "INSERT INTO workloads(name, kind, params_b) VALUES ('x', 'serve', 7)" \
  "CHECK constraint failed: serve needs requests_per_min (or daily_users and requests_per_user_day) > 0 and output_tokens > 0"
expect_error "reject daily users without requests a user" \
  "INSERT INTO workloads(name, kind, model, daily_users, output_tokens) VALUES ('x', 'serve', 'llama-3.1-8b', 50000, 300)" \
  "CHECK constraint failed: serve needs requests_per_min (or daily_users and requests_per_user_day) > 0 and output_tokens > 0"
expect_error "reject two rates" \
  "INSERT INTO workloads(name, kind, model, requests_per_min, daily_users, requests_per_user_day, output_tokens) VALUES ('x', 'serve', 'llama-3.1-8b', 60, 50000, 20, 300)" \
  "CHECK constraint failed: give requests_per_min or daily_users, not both"
expect_error "reject a peak below the mean" \
  "INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens, peak_to_mean) VALUES ('x', 'serve', 'llama-3.1-8b', 60, 300, 0.5)" \
  "CHECK constraint failed: peak_to_mean must be in [1, 24)"
expect_error "reject traffic on training" \
  "INSERT INTO workloads(name, kind, params_b, mode, tokens_b, peak_to_mean) VALUES ('x', 'train', 7, 'full', 1, 2)" \
  "CHECK constraint failed: daily_users, requests_per_user_day, peak_to_mean and traffic_profile are for serve workloads"
expect_error "reject an unknown traffic profile" \
  "INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens, traffic_profile) VALUES ('x', 'serve', 'llama-3.1-8b', 60, 300, 'weekday')" \
  "workloads.traffic_profile must be a traffic_profiles.name"
expect_error "reject a profile hour" \
  "INSERT INTO traffic_profiles(name, hour, weight) VALUES ('mine', 24, 1)" \
  "CHECK constraint failed: hour must be a whole number in [0, 23]"
expect_error "reject a profile that does not sum to 24 hours" \
  "INSERT INTO traffic_profiles(name, hour, weight) SELECT 'mine', value, 0.5 FROM generate_series(0, 23); INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens, traffic_profile) VALUES ('x', 'serve', 'llama-3.1-8b', 60, 300, 'mine'); SELECT count(*) FROM serving_plans" \
  "traffic_peak(): profile weights must sum to 24 (each hour's rate over the day's mean), within 0.05; they sum to 12"
expect_error "reject a peak a profile cannot reach" \
  "INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens, traffic_profile, peak_to_mean) VALUES ('x', 'serve', 'llama-3.1-8b', 60, 300, 'flat', 2); SELECT count(*) FROM serving_plans" \
  "traffic_shape(): a flat profile has no peak hours to raise: peak_to_mean must be 1 with it, got 2; name a profile with a shape"
expect_error "reject text params_b" \
  "INSERT INTO workloads(name, kind, params_b, requests_per_min, output_tokens) VALUES ('x', 'serve', 'seven', 1, 1)" \
  "CHECK constraint failed: params_b must be a number of billions in (0, 100000]"
expect_error "reject params in units" \
  "INSERT INTO workloads(name, kind, params_b, requests_per_min, output_tokens) VALUES ('x', 'serve', 7e9, 1, 1)" \
  "CHECK constraint failed: params_b must be a number of billions in (0, 100000]"
expect_error "reject dtype" \
  "INSERT INTO workloads(name, kind, params_b, dtype, requests_per_min, output_tokens) VALUES ('x', 'serve', 7, 'int3', 1, 1)" \
  "bytes_per_param(): dtype must be one of"
# Beyond what the serving simulator takes: the workload's column is named,
# not serving_sim's argument.
expect_error "reject huge traffic" \
  "INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens) VALUES ('x', 'serve', 'llama-3.1-8b', 1e12, 100)" \
  "CHECK constraint failed: requests_per_min must be at most 1000000000"
expect_error "reject huge prompts" \
  "INSERT INTO workloads(name, kind, model, requests_per_min, prompt_tokens, output_tokens) VALUES ('x', 'serve', 'llama-3.1-8b', 60, 1e8, 100)" \
  "CHECK constraint failed: prompt_tokens and output_tokens must be at most 10000000"
expect_error "reject infinite user_tps" \
  "INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens, user_tps) VALUES ('x', 'serve', 'llama-3.1-8b', 60, 100, 9e999)" \
  "CHECK constraint failed: user_tps must be in (0, 1000000]"
expect_error "reject huge ttft_s" \
  "INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens, ttft_s) VALUES ('x', 'serve', 'llama-3.1-8b', 60, 100, 1e7)" \
  "CHECK constraint failed: ttft_s must be in (0, 1000000]"
expect_error "reject huge tpot_p95_ms" \
  "INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens, tpot_p95_ms) VALUES ('x', 'serve', 'llama-3.1-8b', 60, 100, 1e10)" \
  "CHECK constraint failed: ttft_p95_s must be in (0, 1000000] and tpot_p95_ms in (0, 1000000000]"
# A per-user target so low that 1000 / user_tps ms passes the simulator's
# largest TPOT target plans as no target.
got=$("$SQLITE3" -batch -cmd ".load $EXT" -cmd ".read sql/gpuadv.sql" :memory: \
      "INSERT INTO workloads(name, kind, model, requests_per_min, prompt_tokens, output_tokens, user_tps, offer_glob) VALUES ('x', 'serve', 'llama-3.1-8b', 60, 100, 100, 1e-7, 'h100*'); SELECT count(*) > 0 AND sum(works) > 0 FROM serving_plans" 2>&1)
[ "$got" = "1" ]; check "tiny user_tps plans" $? "$got"
expect_error "reject utilization" \
  "INSERT INTO workloads(name, kind, params_b, mode, tokens_b, utilization) VALUES ('x', 'finetune', 7, 'lora', 1, 0)" \
  "CHECK constraint failed: utilization must be in (0, 1]"
expect_error "reject headroom" \
  "INSERT INTO workloads(name, kind, params_b, mode, tokens_b, mem_headroom) VALUES ('x', 'finetune', 7, 'lora', 1, 1)" \
  "CHECK constraint failed: mem_headroom must be in [0, 1)"
expect_error "reject prompt_cv" \
  "INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens, prompt_cv) VALUES ('x', 'serve', 'llama-3.1-8b', 60, 100, 11)" \
  "CHECK constraint failed: prompt_cv and output_cv must be in [0, 10] and prefix_hit in [0, 1]"
expect_error "reject prefix_hit" \
  "INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens, prefix_hit) VALUES ('x', 'serve', 'llama-3.1-8b', 60, 100, 1.5)" \
  "CHECK constraint failed: prompt_cv and output_cv must be in [0, 10] and prefix_hit in [0, 1]"
expect_error "reject fractional spare_replicas" \
  "INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens, spare_replicas) VALUES ('x', 'serve', 'llama-3.1-8b', 60, 100, 1.5)" \
  "CHECK constraint failed: spare_replicas must be a whole number in [0, 64]"
expect_error "reject many spare_replicas" \
  "INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens, spare_replicas) VALUES ('x', 'serve', 'llama-3.1-8b', 60, 100, 65)" \
  "CHECK constraint failed: spare_replicas must be a whole number in [0, 64]"
expect_error "reject allow_spot 2" \
  "INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens, allow_spot) VALUES ('x', 'serve', 'llama-3.1-8b', 60, 100, 2)" \
  "CHECK constraint failed: allow_spot and allow_marketplace must be 0 or 1"
expect_error "reject allow_marketplace text" \
  "INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens, allow_marketplace) VALUES ('x', 'serve', 'llama-3.1-8b', 60, 100, 'yes')" \
  "CHECK constraint failed: allow_spot and allow_marketplace must be 0 or 1"
expect_error "reject tiers" \
  "INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens, tiers) VALUES ('x', 'serve', 'llama-3.1-8b', 60, 100, 'hyperscaler,cheap')" \
  "CHECK constraint failed: tiers must be a comma-separated list of hyperscaler, neocloud, marketplace"
expect_error "reject regions with a quote" \
  "INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens, regions) VALUES ('x', 'serve', 'llama-3.1-8b', 60, 100, 'us-*\"')" \
  "CHECK constraint failed: regions, countries and providers must be comma-separated text without quotes or backslashes"
expect_error "reject data location" \
  "INSERT INTO workloads(name, kind, params_b, mode, tokens_b, data_location) VALUES ('x', 'finetune', 7, 'lora', 1, 'AWS')" \
  "CHECK constraint failed: data_location must be 'local' or a provider name in lowercase"
expect_error "reject owned gpu" \
  "INSERT INTO owned_prices(gpu, price_usd) VALUES ('h100', 30000)" \
  "gpu_name(): owned_prices.gpu must be a gpus.name: ambiguous gpu 'h100' in gpus: could be 'h100-sxm', 'h100-nvl', 'h100-pcie'"
expect_error "reject owned gpu update" \
  "INSERT INTO owned_prices(gpu, price_usd) VALUES ('h100-sxm', 30000); UPDATE owned_prices SET gpu = 'h100x'" \
  "gpu_name(): owned_prices.gpu must be a gpus.name: unknown gpu 'h100x' in gpus; closest: 'h100-sxm', 'h100-nvl', 'h100-pcie'"
expect_error "reject owned price" \
  "INSERT INTO owned_prices(gpu, price_usd) VALUES ('h100-sxm', 0)" \
  "CHECK constraint failed: price_usd must be > 0"
expect_error "reject quote gpu" \
  "INSERT INTO rental_quotes(provider, name, gpu, usd_per_hour) VALUES ('p', 'n', 'a100', 1)" \
  "gpu_name(): rental_quotes.gpu must be a gpus.name: ambiguous gpu 'a100' in gpus: could be 'a100-sxm-40gb', 'a100-sxm-80gb', 'a100-pcie-40gb', 'a100-pcie-80gb'"
expect_error "reject quote gpu count" \
  "INSERT INTO rental_quotes(provider, name, gpu, gpu_count, usd_per_hour) VALUES ('p', 'n', 'a100-sxm-80gb', 1.5, 1)" \
  "CHECK constraint failed: gpu_count must be > 0 (a whole number above 1)"

# Names: aliases are accepted and stored as the catalog's slugs; offer_glob
# ignores case, and a glob that matches nothing says so in best_plans.
got=$("$SQLITE3" -batch -cmd ".load $EXT" -cmd ".read sql/gpuadv.sql" :memory: "
  INSERT INTO workloads(name, kind, model, requests_per_min, output_tokens, offer_glob)
    VALUES ('a', 'serve', 'meta-llama/Llama-3.1-8B-Instruct', 10, 100, 'TEST/*'),
           ('b', 'serve', 'Llama-3.1-8B', 10, 100, 'nosuch*');
  INSERT INTO owned_prices(gpu, price_usd) VALUES ('NVIDIA H100 80GB HBM3', 25000);
  INSERT INTO rental_quotes(provider, name, gpu, usd_per_hour) VALUES ('test', 'one', 'H100 SXM5 80GB', 2);
  UPDATE workloads SET model = 'Qwen/Qwen2.5-7B-Instruct' WHERE name = 'b';
  SELECT group_concat(name || '=' || model, ',') FROM workloads;
  SELECT (SELECT gpu FROM owned_prices) || ',' || (SELECT gpu FROM rental_quotes);
  SELECT workload || ': ' || coalesce(offer, '-') || ': ' || reason FROM best_plans WHERE workload = 'b';
  SELECT count(*) FROM workload_offers WHERE workload = 'a';
  SELECT offer FROM best_plans WHERE workload = 'a';" 2>&1)
want="a=llama-3.1-8b,b=qwen2.5-7b
h100-sxm,h100-sxm
b: -: no offer matches offer_glob 'nosuch*'
1
test/one"
[ "$got" = "$want" ]
check "aliases stored as slugs, offer_glob ignores case, an empty glob says so" $? "got: $got"

# The examples and the demo: exit 0, nothing on stderr, a report on stdout.
for f in sql/examples/*.sql; do
  start=$(date +%s)
  "$SQLITE3" -batch -cmd ".load $EXT" :memory: < "$f" > "$tmp/out" 2> "$tmp/err"
  rc=$?
  secs=$(( $(date +%s) - start ))
  [ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && [ "$(wc -l < "$tmp/out")" -gt 5 ] && [ $secs -le 30 ]
  check "example $(basename "$f") runs cleanly" $? "rc=$rc ${secs}s $(head -c 300 "$tmp/err")"
done
start=$(date +%s)
"$SQLITE3" -batch -cmd ".load $EXT" :memory: < sql/demo.sql > "$tmp/out" 2> "$tmp/err"
rc=$?
secs=$(( $(date +%s) - start ))
[ $rc -eq 0 ] && [ ! -s "$tmp/err" ] && grep -q 'Rent vs buy' "$tmp/out" && [ $secs -le 30 ]
check "demo runs cleanly in seconds" $? "rc=$rc ${secs}s $(head -c 300 "$tmp/err")"
# no plan of the demo rests on a price the refresh flagged
! grep -q 'flagged price' "$tmp/out" && grep -q 'Rental prices left out of every plan above' "$tmp/out"
check "demo uses no flagged price" $?
# the demo's rank-1 plans rest on no spot price, no marketplace host and
# no flagged price (stale, a spot outlier or flagged by the refresh): the
# demo's workloads allow none of them
inserts=$(sed -n '/^INSERT INTO workloads/,/^CREATE TEMP TABLE/p' sql/demo.sql | grep -v '^CREATE TEMP TABLE')
got=$("$SQLITE3" -batch -cmd ".load $EXT" -cmd ".read sql/gpuadv.sql" :memory: "$inserts" \
  "SELECT count(*) || ',' || sum(p.pricing = 'spot' OR t.tier IS 'marketplace' OR p.price_flag IS NOT NULL)
   FROM (SELECT pricing, provider, price_flag FROM training_plans WHERE rank = 1
         UNION ALL SELECT pricing, provider, price_flag FROM serving_plans WHERE rank = 1) p
   LEFT JOIN provider_tiers t ON t.provider = p.provider" 2>&1)
[ "$got" = "6,0" ]; check "demo rank 1: no spot, marketplace or flagged price" $? "$got"

exit $status
