#!/usr/bin/env bash
# The runs of bench/gpu/train_memory_cpu.csv: CPU counts of train_memory.py
# for each mode on a few shapes (vocabulary 32000, batch 1 unless stated).
#   bench/gpu/train_memory_sweep.sh [OUT.csv]   (about 15 minutes on 1 core)
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:-bench/gpu/train_memory_cpu.csv}
rm -f "$out"
PY=${PYTHON:-/usr/bin/python3}
modes=("--mode full" "--mode full --checkpointing"
       "--mode lora --rank 8" "--mode lora --rank 8 --checkpointing"
       "--mode lora --rank 16" "--mode lora --rank 16 --checkpointing")
# hidden layers seq: a layer sweep, a sequence sweep and a hidden sweep
shapes=("512 2 512" "512 4 512" "512 8 512" "512 4 256" "512 4 1024"
        "256 4 512" "1024 4 512")
for shape in "${shapes[@]}"; do
  read -r h l s <<<"$shape"
  for m in "${modes[@]}"; do
    # shellcheck disable=SC2086
    "$PY" bench/gpu/train_memory.py --threads 1 --hidden "$h" --layers "$l" \
      --seq "$s" $m --out "$out" >/dev/null
    echo "hidden $h layers $l seq $s $m: done" >&2
  done
done
# The logits terms: twice the vocabulary; micro-batch 2.
for m in "--mode full" "--mode full --checkpointing" "--mode lora --rank 16" \
         "--mode lora --rank 16 --checkpointing"; do
  # shellcheck disable=SC2086
  "$PY" bench/gpu/train_memory.py --threads 1 --hidden 512 --layers 4 --seq 512 \
    --vocab 64000 $m --out "$out" >/dev/null
  # shellcheck disable=SC2086
  "$PY" bench/gpu/train_memory.py --threads 1 --hidden 512 --layers 4 --seq 256 \
    --batch 2 $m --out "$out" >/dev/null
done
# This torch's own AdamW(foreach=True), for comparison with the 2.x arithmetic.
for m in "--mode full" "--mode full --checkpointing"; do
  # shellcheck disable=SC2086
  "$PY" bench/gpu/train_memory.py --threads 1 --hidden 512 --layers 4 --seq 512 \
    $m --optimizer torch --out "$out" >/dev/null
done
