#!/usr/bin/env bash
# bench/gpu/: the calibration kit runs on CPU with a tiny decoder, writes rows
# the measurements catalog accepts, and refit.py recovers known constants.
# Prints `ok NAME` / `FAIL NAME` per check, or `skip NAME: torch not
# installed` and exit 0 where PyTorch cannot be imported.
. "$(dirname "$0")/../lib.sh"
PY=${PYTHON:-/usr/bin/python3}
EXT=${EXT:-./gpuadv}

if ! "$PY" -c "import torch" >/dev/null 2>&1; then
  for name in calibrate-cpu-run csv-header values-positive batch4-above-batch1 \
              rows-pass-catalog-validation refit-reads-rows refit-recovers-constants \
              catalog-model-shape unknown-gpu-refused train-memory-count \
              flash-like-attention-gradients; do
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

# bench/gpu/train_memory.py: the CPU count closes (the running count of
# allocator records equals the live tensors at the end), the state before
# step 2 is the bytes one can add up by hand, and the optimizer step adds
# exactly the fp32 gradients and one fp32 temporary (torch 2.x's foreach
# AdamW): 8 bytes per parameter, give or take a few scalars.
"$PY" - <<'EOF2'
import subprocess, sys
def run(*args):
    out = subprocess.run([sys.executable,
                          "bench/gpu/train_memory.py", "--threads", "1",
                          "--hidden", "128", "--layers", "2", "--seq", "128",
                          "--vocab", "1000"] + list(args),
                         capture_output=True, text=True)
    r = dict(l.split(": ", 1) for l in out.stdout.splitlines() if ": " in l)
    return out.returncode, {k: int(v) if v.lstrip("-").isdigit() else v
                            for k, v in r.items()}
ok = True
rc, r = run("--mode", "full")
P = r["params"]
inputs = 2 * 128 * 8                       # ids and labels, int64
rope = 2 * 128 * 64 * 4                    # cos and sin, fp32
ok &= rc == 0 and r["closure_bytes"] == 0
ok &= r["state_bytes"] == 12 * P + inputs + rope     # fp32 weights, m, v
ok &= 0 <= r["peak_optimizer_bytes"] - r["state_bytes"] - 8 * P <= 64
rc, r = run("--mode", "lora", "--rank", "8", "--checkpointing")
P, L = r["params"], r["lora_params"]
ok &= rc == 0 and r["closure_bytes"] == 0
ok &= L == 2 * 8 * (2 * 128 + 2 * (128 + 64) + 2 * 128 + 2 * (128 + 352) + (352 + 128))  # q, k, v, o, gate, up, down: rank x (in + out)
ok &= r["state_bytes"] == 2 * (P - L) + 12 * L + inputs + 2 * 128 * 64 * 2
sys.exit(0 if ok else 1)
EOF2
check train-memory-count $?

# The flash-like attention of train_memory.py (torch without SDPA) gives the
# explicit causal softmax's output and gradients.
"$PY" - <<'EOF2'
import math, sys, torch
sys.path.insert(0, "bench/gpu")
import train_memory as T
T.FlashLikeAttention.BLOCK = 5
torch.manual_seed(0)
q, k, v = [torch.randn(2, 3, 13, 8, dtype=torch.float64, requires_grad=True)
           for _ in range(3)]
o = T.FlashLikeAttention.apply(q, k, v)
g = torch.randn_like(o)
got = (o,) + torch.autograd.grad(o, (q, k, v), g)
s = (q @ k.transpose(-1, -2)) / math.sqrt(8)
s = s.masked_fill(torch.ones(13, 13, dtype=torch.bool).triu(1), float("-inf"))
o2 = torch.softmax(s, -1) @ v
want = (o2,) + torch.autograd.grad(o2, (q, k, v), g)
sys.exit(0 if all((a - b).abs().max() < 1e-5 for a, b in zip(got, want))
         else 1)
EOF2
check flash-like-attention-gradients $?

[ "$fails" -eq 0 ]
