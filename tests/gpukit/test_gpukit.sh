#!/usr/bin/env bash
# bench/gpu/: the calibration kit runs on CPU with a tiny decoder, writes rows
# the measurements catalog accepts, and refit.py recovers known constants.
# Prints `ok NAME` / `FAIL NAME` per check, or `skip NAME: torch not
# installed` and exit 0 where PyTorch cannot be imported.
cd "$(dirname "$0")/../.."
. tests/lib.sh
PY=${PYTHON:-/usr/bin/python3}
EXT=${EXT:-./gpuadv}

if ! "$PY" -c "import torch" >/dev/null 2>&1; then
  for name in calibrate-cpu-run csv-header values-positive batch4-above-batch1 \
              rows-pass-catalog-validation refit-reads-rows refit-recovers-constants \
              catalog-model-shape unknown-gpu-refused; do
    echo "skip $name: torch not installed"
  done
  exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 2 layers, hidden 64, 4 heads, 2 KV heads, vocab 256: a few seconds on CPU.
"$PY" bench/gpu/calibrate_gpu.py --ext "$EXT" --device cpu --threads 1 \
  --layers 2 --hidden 64 --heads 4 --kv-heads 2 --vocab 256 \
  --batches 1,4 --contexts 32,128 --prompts 64 --iters 7 --warmup 2 \
  --copy-mb 8 --matmul-sizes 64,128 --out "$tmp/rows.csv" 2>"$tmp/err"
check calibrate-cpu-run $?

expect csv-header "$(head -1 catalogs/measurements.csv)" "$(head -1 "$tmp/rows.csv")"

# Every value positive and finite; the kinds expected, one row per point.
"$PY" - "$tmp/rows.csv" <<'EOF'
import csv, math, sys
rows = list(csv.DictReader(open(sys.argv[1])))
kinds = sorted((r["kind"], r["metric"]) for r in rows)
want = sorted([("decode", "decode_tps_per_stream")] * 2 +
              [("aggregate", "decode_tps_aggregate")] * 2 +
              [("prefill", "prefill_tps"),
               ("hw", "memory_bandwidth_copy"),
               ("hw", "matmul_tflops_achieved")])
ok = kinds == want and all(math.isfinite(float(r["value"])) and
                           float(r["value"]) > 0 for r in rows)
sys.exit(0 if ok else 1)
EOF
check values-positive $?

# At both contexts, 4 sequences per step give more tokens/s than 1: the
# weights are read once per step whatever the batch.
"$PY" - "$tmp/rows.csv" <<'EOF'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1]))
        if r["metric"].startswith("decode_tps")]
tps = {(r["prompt_tokens"], r["batch"]): float(r["value"]) for r in rows}
sys.exit(0 if all(tps[(c, "4")] > tps[(c, "1")] for c in ("32", "128"))
         else 1)
EOF
check batch4-above-batch1 $?

# The rows, appended to a copy of the catalogs, pass gen_catalog.py.
mkdir -p "$tmp/cat"
cp catalogs/*.csv "$tmp/cat/"
tail -n +2 "$tmp/rows.csv" >> "$tmp/cat/measurements.csv"
n_before=$(( $(wc -l < catalogs/measurements.csv) - 1 ))
out=$("$PY" catalogs/gen_catalog.py --csv-dir "$tmp/cat" --out-c "$tmp/c.c" \
      --out-h "$tmp/c.h" 2>&1)
expect rows-pass-catalog-validation "measurements: $((n_before + 7)) rows" \
  "$(echo "$out" | grep '^measurements:')"

out=$("$PY" bench/gpu/refit.py "$tmp/rows.csv" 2>&1)
rc=$?
[ $rc -eq 0 ] && echo "$out" | grep -q '^overhead per layer: ' &&
  [ "$(echo "$out" | grep -c '^U000')" -eq 4 ]
check refit-reads-rows $?

# Decode values rewritten from the model itself with efficiency 0.6 of
# 100 GB/s and 0.05 ms per layer: refit.py must return those two numbers.
"$PY" - "$tmp/rows.csv" "$tmp/synthetic.csv" <<'EOF'
import csv, re, sys
rows = list(csv.DictReader(open(sys.argv[1])))
for r in rows:
    if not r["metric"].startswith("decode_tps"):
        continue
    s = {k: int(v) for k, v in re.findall(r"([a-z_]+)=(\d+)", r["model_label"])}
    h, hd = s["hidden"], s["head_dim"]
    params = s["layers"] * (2 * h * s["heads"] * hd + 2 * h * s["kv_heads"] * hd
                            + 3 * h * s["intermediate"] + 2 * h) + h + 2 * s["vocab"] * h
    b, ctx = int(r["batch"]), int(r["prompt_tokens"])
    nbytes = 4 * (params - s["vocab"] * h) + \
        b * 2 * s["layers"] * s["kv_heads"] * hd * (ctx + 1) * 4
    step = nbytes / (100e9 * 0.6) + s["layers"] * 0.05e-3
    r["value"] = repr(b / step)
w = csv.DictWriter(open(sys.argv[2], "w", newline=""), fieldnames=list(rows[0]))
w.writeheader()
w.writerows(rows)
EOF
out=$("$PY" bench/gpu/refit.py "$tmp/synthetic.csv" --bandwidth-gbs 100 2>&1)
echo "$out" | grep -q '^efficiency: 0\.6 ' &&
  echo "$out" | grep -q '^overhead per layer: 0\.05 ms' &&
  echo "$out" | grep -q 'error: median 0\.000, worst 0\.000'
check refit-recovers-constants $?

# The shape read from the models catalog through the extension: Llama 3 8B,
# 8,030,261,248 parameters (the catalog's params_b is 8.03).
expect catalog-model-shape \
  "layers=32 hidden=4096 intermediate=14336 heads=32 kv_heads=8 head_dim=128 vocab=128256 params=8030261248" \
  "$("$PY" bench/gpu/calibrate_gpu.py --ext "$EXT" --model llama-3-8b --shape-only 2>&1)"

out=$("$PY" bench/gpu/calibrate_gpu.py --ext "$EXT" --model llama-3-8b \
      --gpu no-such-gpu --shape-only 2>&1)
rc=$?
[ $rc -ne 0 ] && echo "$out" | grep -q "'no-such-gpu' is not a gpus.name"
check unknown-gpu-refused $?

[ "$fails" -eq 0 ]
