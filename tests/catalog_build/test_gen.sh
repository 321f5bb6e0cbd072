#!/usr/bin/env bash
# The catalog build step (catalogs/gen_catalog.py) refuses bad CSV rows with
# `file:line: reason`, and the tables answer `WHERE key = ?` through their
# index. Prints `ok NAME` or `FAIL NAME` per check; exits 1 on any failure.
set -u
cd "$(dirname "$0")/../.."
PY=${PYTHON:-/usr/bin/python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0

pass() { echo "ok $1"; }
fail() { echo "FAIL $1: $2"; status=1; }

# A small valid catalog set: the first rows of each real CSV.
make_good() {
  rm -rf "$work/cat" && mkdir -p "$work/cat"
  head -6 catalogs/gpus.csv > "$work/cat/gpus.csv"
  head -4 catalogs/models.csv > "$work/cat/models.csv"
  gpu=$(sed -n 2p "$work/cat/gpus.csv" | cut -d, -f1)
  model=$(sed -n 2p "$work/cat/models.csv" | cut -d, -f1)
  printf 'catalog,alias,name,why\ngpus,%s Test Alias,%s,test\nmodels,test-org/%s-Instruct,%s,test\n' \
    "$gpu" "$gpu" "$model" "$model" > "$work/cat/aliases.csv"
  head -1 catalogs/measurements.csv > "$work/cat/measurements.csv"
  echo "H1,hw,memory_bandwidth_copy,$gpu,1,,,,,,,,,,,,,,,,,,,,,,,,100.5,GB/s,test label,,,test source,2026-01-01,," >> "$work/cat/measurements.csv"
  head -1 catalogs/cloud_instances.csv > "$work/cat/cloud_instances.csv"
  grep -m 3 ",$gpu," catalogs/cloud_instances.csv >> "$work/cat/cloud_instances.csv"
  grep -v '^server_usd' catalogs/owned_costs.csv > "$work/cat/owned_costs.csv"
  head -1 catalogs/committed_prices.csv > "$work/cat/committed_prices.csv"
  echo "test,t-1,$gpu,1,1-year contract,365,,1.5,test source,2026-01," >> "$work/cat/committed_prices.csv"
  cp catalogs/spot_interruptions.csv catalogs/cloud_regions.csv "$work/cat/"
  cp catalogs/dtypes.csv catalogs/engines.csv catalogs/engine_support.csv "$work/cat/"
  cp catalogs/image_models.csv "$work/cat/"
  head -1 catalogs/image_measurements.csv > "$work/cat/image_measurements.csv"
  echo "I1,resnet-50,$gpu,infer,fp16,1,224,,1,images/s,fit,test source,test title,2026-01-01," >> "$work/cat/image_measurements.csv"
}

# expect NAME FILE-PATTERN-IN-MESSAGE: the generator fails with that message.
expect_fail() {
  local name=$1 want=$2 out
  out=$("$PY" catalogs/gen_catalog.py --csv-dir "$work/cat" \
        --out-c "$work/out.c" --out-h "$work/out.h" 2>&1 >/dev/null)
  if [ $? -eq 0 ]; then fail "$name" "generator accepted the bad file"; return; fi
  case "$out" in
    *"$want"*) pass "$name" ;;
    *) fail "$name" "got '$out', want '$want'" ;;
  esac
  [ -e "$work/out.c" ] && fail "$name-no-output" "wrote output despite the error"
}

# Replace line N of a catalog file with TEXT.
set_line() { "$PY" - "$1" "$2" "$3" <<'PYEOF'
import sys
path, n, text = sys.argv[1], int(sys.argv[2]), sys.argv[3]
lines = open(path).read().split("\n")
lines[n - 1] = text
open(path, "w").write("\n".join(lines))
PYEOF
}
# Field F (1-based, or a column name of the header) of line N of a catalog
# file set to VALUE.
set_field() { "$PY" - "$1" "$2" "$3" "$4" <<'PYEOF'
import csv, io, sys
path, n, f, value = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
rows = list(csv.reader(open(path, newline="")))
f = int(f) if f.isdigit() else rows[0].index(f) + 1
rows[n - 1][f - 1] = value
out = io.StringIO()
csv.writer(out, lineterminator="\n").writerows(rows)
open(path, "w").write(out.getvalue())
PYEOF
}

make_good
if "$PY" catalogs/gen_catalog.py --csv-dir "$work/cat" --out-c "$work/out.c" \
     --out-h "$work/out.h" >/dev/null 2>"$work/err"; then
  pass "good-catalog-builds"
else
  fail "good-catalog-builds" "$(cat "$work/err")"
fi
rm -f "$work/out.c" "$work/out.h"

# The image models: a pipeline names components of the catalog; a Hugging
# Face id is a second name, unique with the names; cfg, steps, vae and text
# encoders belong to diffusion models only.
make_good; set_field "$work/cat/image_models.csv" 8 13 "sd-vae-x"
expect_fail "image-unknown-component" "image_models.csv:8: unknown component 'sd-vae-x' (not in image_models.name)"
make_good; set_field "$work/cat/image_models.csv" 3 2 "timm/resnet50.a1_in1k"
expect_fail "image-duplicate-hf-id" "image_models.csv:3: duplicate name or hf_id 'timm/resnet50.a1_in1k'"
make_good; set_field "$work/cat/image_models.csv" 2 11 "2"
expect_fail "image-cfg-diffusion-only" "image_models.csv:2: cfg is given for diffusion models only"
make_good; set_field "$work/cat/image_measurements.csv" 2 2 "resnet-51"
expect_fail "image-measurement-model" "image_measurements.csv:2: unknown model 'resnet-51' (not in image_models.name)"

# The dtypes (dtypes.csv): unique keywords, a known matmul precision, byte
# figures that are numbers or + - * / of numbers in (0, 8]; the
# engine_support lists name only them.
make_good; set_field "$work/cat/dtypes.csv" 3 1 "fp32"
expect_fail "dtype-duplicate" "dtypes.csv:3: duplicate name 'fp32'"
make_good; set_field "$work/cat/dtypes.csv" 2 4 "fp5"
expect_fail "dtype-compute" "dtypes.csv:2: compute 'fp5' must be one of"
make_good; set_field "$work/cat/dtypes.csv" 2 2 "__import__('os')"
expect_fail "dtype-bytes-expression" "dtypes.csv:2: bytes_per_param:"
make_good; set_field "$work/cat/dtypes.csv" 2 6 "4 / 0"
expect_fail "dtype-bytes-zero-division" "dtypes.csv:2: checkpoint_bytes:"
make_good; set_field "$work/cat/dtypes.csv" 2 1 "FP32"
expect_fail "dtype-lowercase" "dtypes.csv:2: name 'FP32' must be a lowercase keyword"
make_good; sed -i '/^fp4,/d' "$work/cat/dtypes.csv"
expect_fail "dtype-engine-support" "unknown dtype 'fp4'"

make_good; set_line "$work/cat/gpus.csv" 3 "h100-x,NVIDIA"
expect_fail "column-count" "gpus.csv:3: 2 fields, expected 30"

make_good; set_field "$work/cat/gpus.csv" 4 9 "fast"
expect_fail "non-numeric" "gpus.csv:4: mem_bw_gbs must be real, got 'fast'"

make_good; set_field "$work/cat/gpus.csv" 2 9 "30"
expect_fail "bandwidth-range" "gpus.csv:2: mem_bw_gbs 30 outside the sane range 50..50000"

make_good; set_field "$work/cat/gpus.csv" 2 9 "60000"
expect_fail "bandwidth-range-high" "gpus.csv:2: mem_bw_gbs 60000 outside the sane range 50..50000"

make_good; set_field "$work/cat/gpus.csv" 3 1 "$(sed -n 2p "$work/cat/gpus.csv" | cut -d, -f1)"
expect_fail "duplicate-slug" "gpus.csv:3: duplicate name"

make_good; set_field "$work/cat/gpus.csv" 5 28 ""
expect_fail "missing-source" "gpus.csv:5: source is required"

make_good; set_field "$work/cat/gpus.csv" 3 25 "Jan 2025"
expect_fail "price-as-of" "gpus.csv:3: price_as_of 'Jan 2025' is not well-formed"

make_good; set_field "$work/cat/gpus.csv" 3 27 "garage"
expect_fail "sold-in" "gpus.csv:3: sold_in must be one of cloud, desktop, gpu-server, rack-server, system, got 'garage'"

make_good; set_field "$work/cat/gpus.csv" 3 26 "infer"
expect_fail "capability" "gpus.csv:3: capability must be one of serve, train, got 'infer'"

make_good; set_field "$work/cat/aliases.csv" 2 3 "h900-sxm"
expect_fail "alias-unknown-target" "aliases.csv:2: unknown name 'h900-sxm' (not in gpus.name)"

make_good; set_field "$work/cat/aliases.csv" 3 1 "gpus"
expect_fail "alias-wrong-catalog" "aliases.csv:3: unknown name '$(sed -n 2p "$work/cat/models.csv" | cut -d, -f1)' (not in gpus.name)"

make_good; echo "gpus,$(sed -n 2p "$work/cat/gpus.csv" | cut -d, -f1 | tr a-z A-Z) TEST ALIAS,$(sed -n 3p "$work/cat/gpus.csv" | cut -d, -f1),test" >> "$work/cat/aliases.csv"
expect_fail "alias-duplicate" "aliases.csv:4: duplicate alias '$(sed -n 2p "$work/cat/gpus.csv" | cut -d, -f1 | tr a-z A-Z) TEST ALIAS' (the same as $work/cat/aliases.csv:2, ignoring case, spaces and underscores)"

make_good; echo "gpus,$(sed -n 3p "$work/cat/gpus.csv" | cut -d, -f1 | tr a-z A-Z),$(sed -n 2p "$work/cat/gpus.csv" | cut -d, -f1),test" >> "$work/cat/aliases.csv"
expect_fail "alias-is-a-name" "aliases.csv:4: duplicate alias '$(sed -n 3p "$work/cat/gpus.csv" | cut -d, -f1 | tr a-z A-Z)' (the same as $work/cat/gpus.csv:3, ignoring case, spaces and underscores)"

make_good; set_field "$work/cat/aliases.csv" 2 4 ""
expect_fail "alias-why-required" "aliases.csv:2: why is required"

make_good; set_field "$work/cat/aliases.csv" 2 1 "cloud_instances"
expect_fail "alias-catalog" "aliases.csv:2: catalog must be one of gpus, models, got 'cloud_instances'"

make_good; set_field "$work/cat/models.csv" 3 as_of ""
expect_fail "missing-as-of" "models.csv:3: as_of is required"

make_good; echo 'vllm,NVIDIA,Hopper,bf16 fp9,bf16,test source,2026-01-01,' >> "$work/cat/engine_support.csv"
expect_fail "engine-dtype" "engine_support.csv:$(wc -l < "$work/cat/engine_support.csv"): dtypes: unknown dtype 'fp9'"

make_good; set_field "$work/cat/engines.csv" 2 23 "1.5"
expect_fail "engine-dequant-eff" "engines.csv:2: dequant_eff 1.5 outside the sane range 0.05..1"

make_good; set_field "$work/cat/engines.csv" 2 24 "0.01"
expect_fail "engine-dequant-prefill-eff" "engines.csv:2: dequant_prefill_eff 0.01 outside the sane range 0.05..1"

make_good; set_field "$work/cat/engines.csv" 2 25 "0"
expect_fail "engine-amd-eff" "engines.csv:2: amd_eff 0 outside the sane range 0.05..1"

make_good; set_field "$work/cat/engines.csv" 2 26 "1.2"
expect_fail "engine-gaudi-eff" "engines.csv:2: gaudi_eff 1.2 outside the sane range 0.05..1"

make_good; set_field "$work/cat/engines.csv" 2 12 "-1"
expect_fail "engine-moe-layer" "engines.csv:2: moe_layer_overhead_us -1 outside the sane range 0..10000"

make_good; set_field "$work/cat/engines.csv" 2 14 "-1"
expect_fail "engine-prefill-token" "engines.csv:2: prefill_token_us -1 outside the sane range 0..10000"

make_good; echo 'vlm,NVIDIA,Hopper,bf16,bf16,test source,2026-01-01,' >> "$work/cat/engine_support.csv"
expect_fail "engine-unknown" "engine_support.csv:$(wc -l < "$work/cat/engine_support.csv"): unknown engine 'vlm' (not in engines.name)"

make_good; set_field "$work/cat/models.csv" 2 20 "8"
expect_fail "linear-without-state" "models.csv:2: linear_layers and linear_state_elems go together"

make_good; set_field "$work/cat/models.csv" 2 20 "40"; set_field "$work/cat/models.csv" 2 21 "1000"
expect_fail "linear-too-many" "models.csv:2: sliding_layers + linear_layers exceed layers 32"

make_good; set_field "$work/cat/models.csv" 2 22 "4"
expect_fail "global-heads-without-dim" "models.csv:2: global_kv_heads and global_head_dim go together"

make_good; set_field "$work/cat/models.csv" 2 22 "4"; set_field "$work/cat/models.csv" 2 23 "512"
expect_fail "global-heads-without-sliding" "models.csv:2: global_kv_heads needs sliding layers beside the full ones, and no MLA"

make_good; set_field "$work/cat/models.csv" 2 24 "32"; set_field "$work/cat/models.csv" 2 25 "0"
expect_fail "kv-shared-all-full" "models.csv:2: kv_shared_layers 32 (0 sliding) must leave each kind of layer one cache of its own"

make_good; set_field "$work/cat/models.csv" 2 kv_shared_layers "3"
expect_fail "kv-shared-without-sliding-count" "models.csv:2: kv_shared_layers and kv_shared_sliding go together"

# an MLA row (DeepSeek-V3) as DeepSeek-V4's compressed attention without
# its columns, and with a window it cannot have
mla_row() { make_good; grep '^deepseek-v3,' catalogs/models.csv >> "$work/cat/models.csv"; }
mla_row; mla=$(wc -l < "$work/cat/models.csv")
set_field "$work/cat/models.csv" "$mla" attention "csa"
expect_fail "csa-without-its-columns" "models.csv:$mla: attention csa (compressed, DeepSeek-V4) goes with extra_kv_elems and a window in every layer (sliding_layers = layers)"
mla_row; set_field "$work/cat/models.csv" "$mla" sliding_window "128"; set_field "$work/cat/models.csv" "$mla" sliding_layers "61"
expect_fail "mla-with-window" "models.csv:$mla: attention mla keeps every token's latent: no sliding layers (DeepSeek-V4's window is attention csa)"

make_good; set_field "$work/cat/models.csv" 2 as_of "2024/05/01"
expect_fail "bad-date" "models.csv:2: as_of '2024/05/01' is not well-formed"

make_good; set_field "$work/cat/cloud_instances.csv" 3 4 "h900-sxm"
expect_fail "unknown-gpu" "cloud_instances.csv:3: unknown gpu 'h900-sxm' (not in gpus.name)"

# an unknown date is empty with the reason in notes, never a made-up date
make_good; set_field "$work/cat/cloud_instances.csv" 2 11 ""; set_field "$work/cat/cloud_instances.csv" 2 13 ""
expect_fail "undated-price-without-reason" "cloud_instances.csv:2: as_of is empty and notes do not say 'as_of unknown' with the reason"
make_good; set_field "$work/cat/owned_costs.csv" 2 6 ""
expect_fail "undated-cost-without-reason" "owned_costs.csv:2: as_of is empty and notes do not say 'as_of unknown' with the reason"
make_good; set_field "$work/cat/owned_costs.csv" 2 2 "$gpu"
expect_fail "cost-item-with-gpu" "owned_costs.csv:2: a server_usd row names its gpu; other items leave gpu empty"
make_good; set_field "$work/cat/committed_prices.csv" 2 3 "h900-sxm"
expect_fail "unknown-committed-gpu" "committed_prices.csv:2: unknown gpu 'h900-sxm' (not in gpus.name)"

make_good; set_field "$work/cat/measurements.csv" 2 4 "h900-sxm"
expect_fail "unknown-measured-gpu" "measurements.csv:2: unknown gpu 'h900-sxm' (not in gpus.name)"

make_good; set_field "$work/cat/cloud_instances.csv" 2 9 "999999"
expect_fail "spot-above-on-demand" "cloud_instances.csv:2: spot_usd_per_hour 999999 above usd_per_hour"

make_good; set_field "$work/cat/gpus.csv" 2 8 "SRAM"
expect_fail "memory-class" "gpus.csv:2: memory_class must be one of DDR, GDDR, HBM, unified, got 'SRAM'"

make_good; set_line "$work/cat/models.csv" 1 "name,family"
expect_fail "header" "models.csv:1: header must be"

make_good; set_field "$work/cat/gpus.csv" 2 1 "H100 SXM"
expect_fail "slug-form" "gpus.csv:2: name 'H100 SXM' is not well-formed"

# Query plans: key lookups use the index, other filters scan.
plan() { sqlite3 -cmd '.load ./gpuadv' :memory: "EXPLAIN QUERY PLAN $1" 2>&1 | tail -n +2; }
check_plan() {
  local got; got=$(plan "$2")
  case "$got" in *"$3"*) pass "$1" ;; *) fail "$1" "plan '$got', want '$3'" ;; esac
}
check_plan "plan-gpus-name" "SELECT * FROM gpus WHERE name = 'h100-sxm'" "SCAN gpus VIRTUAL TABLE INDEX 1:name=?"
check_plan "plan-models-name" "SELECT * FROM models WHERE name = ?" "SCAN models VIRTUAL TABLE INDEX 1:name=?"
check_plan "plan-offers-gpu" "SELECT * FROM cloud_instances WHERE gpu = 'l4'" "INDEX 1:gpu=?"
check_plan "plan-offers-provider" "SELECT * FROM cloud_instances WHERE provider = 'aws'" "INDEX 2:provider=?"
check_plan "plan-join" "SELECT * FROM gpus g JOIN cloud_instances c ON c.gpu = g.name WHERE g.name = 'l4'" "SCAN c VIRTUAL TABLE INDEX 1:gpu=?"
check_plan "plan-scan" "SELECT * FROM gpus WHERE memory_gb > 80" "SCAN gpus VIRTUAL TABLE INDEX 0:"
check_plan "plan-gpus-name-nocase" "SELECT * FROM gpus WHERE name = 'H100-SXM' COLLATE NOCASE" "SCAN gpus VIRTUAL TABLE INDEX 1:name=?"
check_plan "plan-aliases-alias" "SELECT * FROM aliases WHERE alias = 'MI300X'" "SCAN aliases VIRTUAL TABLE INDEX 1:alias=?"

# The generated lookup holds the names and aliases, lowercased and sorted.
make_good
"$PY" catalogs/gen_catalog.py --csv-dir "$work/cat" --out-c "$work/out.c" \
  --out-h "$work/out.h" >/dev/null 2>&1
want="\"$(sed -n 2p "$work/cat/gpus.csv" | cut -d, -f1)-test-alias\""
if grep -A8 'gpus_lookup\[\]' "$work/out.c" | grep -qF "$want"; then
  pass "lookup-has-alias"
else
  fail "lookup-has-alias" "no $want in gpus_lookup"
fi
exit $status
