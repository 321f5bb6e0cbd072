#!/usr/bin/env python3
"""Deterministic workload sets for timing the plan views.

    python3 bench/plan_workloads.py N > workloads.sql
    python3 bench/plan_workloads.py --copies 0,1,35 > workloads.sql
    python3 bench/plan_workloads.py --variants 1 240 > workloads.sql

writes INSERT statements for N workloads into `workloads` (the schema of
sql/gpuadv.sql): the six workloads of sql/demo.sql in turn, each copy with
its own name, a model from a short list of catalog models of the same size
class, and rates, token counts and targets scaled by a step that cycles
with the copy number. Copies repeat a combination only every 35 copies, so
a set of 240 (40 copies of each) holds 35 distinct variants of each demo
workload and five exact repeats of the shape under another name; no
randomness, so every run plans the same set. --copies picks copies by
number (all six workloads of each), as tests/views/plans_workloads.sql does.
--variants K makes copy c the variant c mod K (default 35, every variant):
with 1, every copy is the demo workload under another name.
"""
import sys

# (name, kind, models cycled through, columns and values) from sql/demo.sql
TRAIN = [
    ("13b-pretrain", "train", ["llama-2-13b", "qwen2.5-14b", "phi-4", "llama-2-7b", "mistral-nemo-12b"],
     dict(mode="full", tokens_b=260, epochs=1, seq_len=4096, max_days=30, budget_usd=2000000,
          dataset_gb=1040, data_location="aws", runs_per_month=1, months=1)),
    ("70b-qlora", "finetune", ["llama-3.1-70b", "qwen2.5-72b", "llama-3.3-70b", "llama-2-70b", "qwen2.5-32b"],
     dict(mode="qlora", tokens_b=1, epochs=3, seq_len=4096, recompute="full", dataset_gb=500,
          data_location="aws", runs_per_month=20, months=1)),
    ("8b-full-ft", "finetune", ["llama-3.1-8b", "qwen3-8b", "mistral-7b", "gemma-2-9b", "llama-3.2-3b"],
     dict(mode="full", tokens_b=0.5, epochs=2, seq_len=4096, recompute="selective", max_days=7,
          budget_usd=1000, dataset_gb=50, data_location="local", runs_per_month=1, months=1)),
]
SERVE = [
    ("70b-chat", "serve", ["llama-3.1-70b", "qwen2.5-72b", "llama-3.3-70b", "llama-3-70b", "qwen2.5-32b"],
     dict(dtype="bf16", requests_per_min=1000, prompt_tokens=500, output_tokens=200, user_tps=40,
          ttft_s=1.0, months=12)),
    ("8b-chat-fp8", "serve", ["llama-3.1-8b", "qwen3-8b", "mistral-7b", "gemma-2-9b", "qwen2.5-7b"],
     dict(dtype="fp8", requests_per_min=300, prompt_tokens=1000, output_tokens=300, user_tps=30,
          ttft_s=0.5, months=12)),
    ("mixtral-batch", "serve", ["mixtral-8x7b", "qwen3-30b-a3b", "gpt-oss-20b", "mixtral-8x22b", "gpt-oss-120b"],
     dict(dtype="bf16", requests_per_min=120, prompt_tokens=2000, output_tokens=500, user_tps=10,
          ttft_s=5, months=3)),
]
RATE = [1.0, 0.5, 2.0, 0.25, 4.0, 1.5, 0.75]   # traffic and token scale, cycled
SCALED = {"requests_per_min", "tokens_b", "budget_usd", "dataset_gb"}


def sql_value(v):
    if isinstance(v, str):
        return "'" + v.replace("'", "''") + "'"
    return repr(v)


def rows(indexes, variants=35):
    base = TRAIN + SERVE
    for i in indexes:
        name, kind, models, cols = base[i % len(base)]
        copy = i // len(base)
        v = copy % variants
        model = models[v % len(models)]
        step = RATE[(v // len(models)) % len(RATE)]
        vals = dict(cols)
        for k in SCALED & vals.keys():
            vals[k] = round(vals[k] * step, 6)
        vals = {"name": f"{name}-{copy:03d}", "kind": kind, "model": model, **vals}
        yield vals


def main():
    args, variants = sys.argv[1:], 35
    if len(args) > 1 and args[0] == "--variants":
        variants, args = int(args[1]), args[2:]
    if len(args) > 1 and args[0] == "--copies":
        width = len(TRAIN + SERVE)
        indexes = [c * width + k for c in map(int, args[1].split(",")) for k in range(width)]
    else:
        indexes = range(int(args[0]) if args else 240)
    for vals in rows(indexes, variants):
        print("INSERT INTO workloads(%s) VALUES (%s);"
              % (", ".join(vals), ", ".join(sql_value(v) for v in vals.values())))


if __name__ == "__main__":
    main()
