#!/usr/bin/python3
"""Fit each serving engine's constants to the measurements catalog.

    calibrate.py [--catalogs catalogs] [--write] [--check] [--quick]

Reads catalogs/measurements.csv with gpus.csv, models.csv and engines.csv,
fits the constants of the speed model of ext/gpuadv_math.h for each engine
of engines.csv, and prints them with their errors: per engine and metric,
the median and 90th percentile of |estimate / measured - 1| on the rows of
the fit, and with each GPU left out of the fit in turn and predicted by a
fit on the others.

  single-stream decode (batch 1): bw_eff (weights read),
      layer_overhead_us and moe_layer_overhead_us (more per layer of an MoE
      model). llama.cpp is fitted on its own rows, per memory class, with
      the GGUF factor on unified memory (no MoE layer cost: 2 MoE rows). A
      modern engine with MIN_BATCH1_ROWS single-stream HBM rows of its own
      on two GPU types at least is fitted on them (vLLM, SGLang); the others
      (TensorRT-LLM) take one pooled fit on the batch-1 rows of all three
      on HBM. Both count the rows of plain PyTorch CUDA-graph decoders as a
      floor (a row counts only when the estimate falls below it: an engine
      reaches at least what such a decoder reaches).
  full load (offline max-throughput rows): kv_eff, compute_eff,
      prefill_mfu, prefill_half_tokens, token_overhead_us and
      prefill_token_us (MoE models only), fp4_eff, dequant_eff and
      dequant_prefill_eff (4-bit float weights without FP4 units, in
      decode's and in a prompt's matmuls), per engine: the output
      tokens/s of as many sequences as the KV cache holds with each
      sequence's whole prompt + output reserved (as TensorRT-LLM's default
      scheduler reserves it, and the serving simulator for every engine but
      vLLM, whose admission on the prompt runs more at once and preempts:
      its rows' efficiencies absorb that), at most the batch limit of the
      benchmark that measured the row (BENCH_MAX_BATCH, else the engine's
      documented default, DEFAULT_MAX_BATCH), decoding at their mean context, with the
      prompt's prefill between. An engine with fewer than MIN_ROWS such
      rows, or rows of one GPU type only, takes the pooled fit of every
      engine's rows. max_batch is the engine's default, not fitted.
  prefill (prompt tokens/s rows): prefill_mfu and prefill_half_tokens for
      llama.cpp; the others keep their full-load prefill_mfu and the pooled
      half-efficiency length.
  memory classes without rows of an engine: llama.cpp's efficiency of the
      class, and the engines.csv `fit` column says so.
  eras: an engine whose older releases' rows disagree with its newer ones
      (engines.csv era, era_from: SGLang before 0.5) is fitted on the rows
      measured from the era's first release on; the older rows are scored
      ("(older)" in the table), not fitted.

--write rewrites the constants and the `fit` column of engines.csv.
--check refits (without the leave-one-out fits) and exits 1 when a constant
of engines.csv differs from the fit by more than 0.5% (relative), or when
the README's target on llama.cpp's single-stream rows is missed (median <=
10%, 90th percentile <= 20%).
--quick fits with fewer iterations and no leave-one-out.
--bands prints the speed ranges of estimate_bands (sql/gpuadv.sql): the
10th and 90th percentiles of measured / estimate over the decode and
full-load rows of every engine, in the fit (measured) and each GPU
predicted by a fit on the others (same-class; not with --check).

The estimates are the extension's own C, called through ctypes on
build/libgpuadv_core.so (catalogs/gpuadv_core.py; `make
build/libgpuadv_core.so` first): model_decode_tps at batch 1,
model_prefill_tps and model_full_load_tps with the constants under fit.
Nothing of the speed model is restated here; tests/calibration checks that
these estimates equal sql/accuracy.sql's on every row.
"""
import argparse
import csv
import math
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpuadv_core  # noqa: E402 (the C of ext/ through ctypes)

MODERN = ("vllm", "sglang", "trtllm")
# The engine keyword of Intel's own throughput figures on Gaudi
# (catalogs/measurements.md): estimated with vLLM's constants, they fit
# its gaudi_eff.
GAUDI_REFERENCE = "intel-gaudi"
# Engines whose batch-1 rows join the modern pooled fit: plain PyTorch
# decoders (CUDA graphs over cuBLAS matmuls, no fused kernels) as a floor,
# since a serving engine reaches at least what they reach: such a row
# counts in the fit only when the estimate falls below it.
BATCH1_POOL = MODERN + ("pytorch",)
FLOOR_ENGINES = ("pytorch",)
FLOOR_WEIGHT = 1e6
MIN_ROWS = 8        # full-load rows an engine needs for a fit of its own
MIN_BATCH1_ROWS = 4  # single-stream HBM rows, likewise
MAX_EFF = 0.95      # no share of a datasheet figure is fitted above this
AMBIGUOUS_SHARE = 0.1
GPUS_PER_NODE = 8   # rows over more GPUs span nodes


def num(x):
    return float(x) if x not in ("", None) else 0.0


# The speed model itself is the C of the extension (gpuadv_core.py):
# build/libgpuadv_core.so, loaded once by core().
LIB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build",
                   "libgpuadv_core.so")
_CORE = []


def core():
    """The library (gpuadv_core.Core), loaded on first use from LIB."""
    if not _CORE:
        if not os.path.exists(LIB):
            sys.exit("calibrate.py: %s is missing: run `make %s` first"
                     % (LIB, os.path.relpath(LIB, os.path.join(
                         os.path.dirname(LIB), ".."))))
        _CORE.append(gpuadv_core.Core(LIB))
    return _CORE[0]


_CONSTS = {}


def consts(e):
    """e's gpuadv_engine_consts (memoised on its values: the fits ask for
    the same constants once per row)."""
    key = tuple(e[k] for k in FLOAT_COLUMNS) + tuple(
        e[k] for k in FACTS)
    c = _CONSTS.get(key)
    if c is None:
        if len(_CONSTS) > 4096:
            _CONSTS.clear()
        c = _CONSTS[key] = core().engine_consts(e)
    return c


# ----------------------------------------------------------------- data

def load(dirname):
    def rows(name):
        with open(os.path.join(dirname, name), newline="") as f:
            return list(csv.DictReader(f))
    gpus = {r["name"]: r for r in rows("gpus.csv")}
    models = {r["name"]: r for r in rows("models.csv")}
    engines = rows("engines.csv")
    # the library's compiled-in engines must be these rows, filled as the
    # C fills them (gpuadv_core.py's struct layout and units)
    for r in engines:
        differs = core().check_engine(r["name"], as_engine(r))
        if differs:
            sys.exit("calibrate.py: engine %s differs from %s (%s): rebuild "
                     "it after editing catalogs/engines.csv"
                     % (r["name"], LIB, differs))
    return gpus, models, engines, rows("measurements.csv")


def row_gpus(r):
    """GPUs the model is split over: the stated tensor-parallel degree, or 1
    on one GPU; 0 when several GPUs' layout is not stated."""
    if num(r.get("tp")):
        return int(num(r["tp"]))
    return 1 if num(r["gpu_count"]) <= 1 else 0


def own_fit(rows, least):
    """Whether rows are enough for a fit of an engine's own: `least` of
    them at least, on two GPU types at least (so that one vendor's kernels
    do not set the engine's constants)."""
    return len(rows) >= least and len({c["gpu"] for c in rows}) > 1


def repeated(r):
    """Whether another row counts the row's figure (its `repeat_of`, which
    catalogs/import_measurements.py sets on a second copy of a figure and
    on one a later version of its page supersedes)."""
    return bool(r.get("repeat_of"))


def case_kind(r, gpus, models):
    """'decode', 'aggregate' or 'prefill' for a row the model estimates,
    else None. Rows left out: no catalog GPU or model, speculative
    decoding, expert or data parallelism (the layouts of the serving
    plans, not of this fit), rows the source flags as anomalous, figures
    counted twice or superseded (repeated()), online
    and disaggregated runs (their load is not full)."""
    if not r["gpu"] or not r["model"] or not r["dtype"]:
        return None
    if core().dtype(r["dtype"]) < 0:
        return None
    if r.get("speculative") == "yes" or num(r.get("ep")) > 1 or \
            num(r.get("pp")) > 1:
        return None
    if "anomal" in (r["notes"] or "").lower() or repeated(r):
        return None
    engine = r.get("engine") or ""
    if engine != "llama.cpp" and not 1 <= row_gpus(r) <= GPUS_PER_NODE:
        return None  # layout not stated, or tensor parallel across nodes
    if r["kind"] in ("decode", "prefill") and \
            r.get("scenario") != "single-stream":
        return None
    if r["kind"] == "decode" and r["metric"] == "decode_tps_per_stream":
        return "decode"
    if r["kind"] == "prefill" and r["metric"] == "prefill_tps" and \
            num(r["prompt_tokens"]) > 0:
        return "prefill"
    prompt, gen = num(r["prompt_tokens"]), num(r["gen_tokens"])
    if r["kind"] != "aggregate" or r.get("scenario") != "offline" or \
            prompt <= 0 or gen <= 0:
        return None
    if r["metric"] == "decode_tps_aggregate":
        return "aggregate"
    # A throughput that may count prompt tokens too (the source does not
    # say) is read as output tokens/s where prompts are at most
    # AMBIGUOUS_SHARE of the tokens: the reading is then off by at most
    # that share.
    if r["metric"] == "throughput_tps" and \
            prompt / (prompt + gen) <= AMBIGUOUS_SHARE:
        return "aggregate"
    return None


def cases(gpus, models, meas):
    out = []
    for r in meas:
        kind = case_kind(r, gpus, models)
        if kind is None:
            continue
        engine = r.get("engine") or ""
        # llama.cpp's multi-GPU rows split layers (engines.csv multi_gpu):
        # every GPU of the row.
        n = max(1, int(num(r["gpu_count"]))) if engine == "llama.cpp" \
            else row_gpus(r)
        out.append(dict(id=r["id"], kind=kind, engine=engine, gpu=r["gpu"],
                        g=gpus[r["gpu"]], m=models[r["model"]],
                        model=core().model(r["model"]),
                        gpu_row=core().gpu(r["gpu"]),
                        dtype=core().dtype(r["dtype"]),
                        kv=core().dtype(r.get("kv_dtype") or ""), n=n,
                        prompt=num(r["prompt_tokens"]),
                        gen=num(r["gen_tokens"]), measured=num(r["value"]),
                        batch=num(r.get("batch")), as_of=r.get("as_of") or ""))
    return out


def older_era(c, eras):
    """Whether case c was measured before the first release of the era its
    engine's constants describe (engines.csv era_from, by engine name in
    `eras`): such a row ran an older release, and is scored, not fitted. A
    row cannot run a release that had not come out; one measured later
    that ran an older release is not told apart (no source so far)."""
    start = eras.get(c["engine"])
    return bool(start) and bool(c["as_of"]) and c["as_of"][:10] < start


def estimate(e, c):
    """The extension's figure for case c with engine constants e (the C
    of gpuadv_core: model_decode_tps at batch 1, model_prefill_tps, or
    model_full_load_tps at the row's batch limit); None when the weights
    leave the cache no room."""
    k, lib = consts(e), core()
    if c["kind"] == "decode":
        context = c["prompt"] + c["gen"] / 2
        return lib.decode_tps(k, c["model"], c["gpu_row"], c["dtype"],
                              c["kv"], 1.0, context, c["n"])
    if c["kind"] == "prefill":
        return lib.prefill_tps(k, c["model"], c["gpu_row"], c["dtype"],
                               c["n"], c["prompt"])
    # a full-load row of a stated batch (Intel's static batches) ran at
    # most that many sequences
    cap = batch_limit(e, c["engine"])
    if c.get("batch", 0) > 0:
        cap = min(cap, c["batch"])
    return lib.full_load_tps(k, e["index"], c["model"], c["gpu_row"],
                             c["dtype"], c["kv"], c["prompt"], c["gen"],
                             c["n"], cap)


def batch_limit(e, engine):
    """The most sequences a row of `engine` ran at once: its benchmark's
    limit (BENCH_MAX_BATCH), else the engine's default (DEFAULT_MAX_BATCH),
    else e's max_batch."""
    return BENCH_MAX_BATCH.get(engine, DEFAULT_MAX_BATCH.get(
        engine, e["max_batch"]))


# ------------------------------------------------------------ the fits

def nelder_mead(f, x0, iterations=2000):
    n = len(x0)
    pts = [list(x0)]
    for i in range(n):
        p = list(x0)
        p[i] = p[i] * 1.15 if p[i] else 0.01
        pts.append(p)
    vals = [f(p) for p in pts]
    for _ in range(iterations):
        order = sorted(range(n + 1), key=lambda i: vals[i])
        pts = [pts[i] for i in order]
        vals = [vals[i] for i in order]
        c = [sum(p[j] for p in pts[:-1]) / n for j in range(n)]
        xr = [c[j] + (c[j] - pts[-1][j]) for j in range(n)]
        fr = f(xr)
        if fr < vals[0]:
            xe = [c[j] + 2 * (c[j] - pts[-1][j]) for j in range(n)]
            fe = f(xe)
            pts[-1], vals[-1] = (xe, fe) if fe < fr else (xr, fr)
        elif fr < vals[-2]:
            pts[-1], vals[-1] = xr, fr
        else:
            xc = [c[j] + 0.5 * (pts[-1][j] - c[j]) for j in range(n)]
            fc = f(xc)
            if fc < vals[-1]:
                pts[-1], vals[-1] = xc, fc
            else:
                pts = [pts[0]] + [[pts[0][j] + 0.5 * (p[j] - pts[0][j])
                                   for j in range(n)] for p in pts[1:]]
                vals = [f(p) for p in pts]
    return pts[0]


def fit(base, names, bounds, data, x0, iterations, own=None):
    """Constants `names` of engine `base` minimising the squared log error
    on data, each inside its bounds. own: engine name -> constants its
    rows take in place of base's (an engine's own batch-1 constants in a
    pooled fit)."""
    def make(x):
        e = dict(base)
        e.update(zip(names, x))
        return e

    def loss(x):
        if any(not lo <= v <= hi for v, (lo, hi) in zip(x, bounds)):
            return 1e18
        e = make(x)
        per = {k: dict(e, **v) for k, v in (own or {}).items()}
        total = 0.0
        for c in data:
            est = estimate(per.get(c["engine"], e), c)
            if est is None or est <= 0:
                return 1e18
            err = math.log(est / c["measured"])
            # A floor row counts only when the estimate falls below it, and
            # then FLOOR_WEIGHT times over: a floor, not a compromise.
            if c["engine"] in FLOOR_ENGINES:
                if err < 0:
                    total += FLOOR_WEIGHT * err ** 2
                continue
            total += err ** 2
        return total
    return make(nelder_mead(loss, x0, iterations))


def quantile(xs, q):
    xs = sorted(xs)
    k = (len(xs) - 1) * q
    lo = int(math.floor(k))
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def summary(errs):
    if not errs:
        return None
    return dict(n=len(errs), median=statistics.median(errs),
                p90=quantile(errs, 0.9), worst=max(errs))


def errors(e, data):
    return [abs(estimate(e, c) / c["measured"] - 1) for c in data]


def median_share(e, name, data):
    """The value in (0.05, 1] of e's share `name` at which the median row
    of data is estimated exactly (the estimates grow with the share): a
    vendor's one factor, which a row far off (Intel's Llama 2 70B on four
    Gaudi 2, 2.5 times slower than its other figures suggest) moves no more
    than any other row."""
    def median_log_error(x):
        f = dict(e, **{name: x})
        errs = sorted(math.log(estimate(f, c) / c["measured"]) for c in data)
        k = len(errs)
        return (errs[(k - 1) // 2] + errs[k // 2]) / 2
    lo, hi = 0.05, 1.0
    if median_log_error(hi) <= 0:
        return hi
    for _ in range(60):
        mid = (lo + hi) / 2
        if median_log_error(mid) > 0:
            hi = mid
        else:
            lo = mid
    return (lo + hi) / 2


def batch1_pool(data):
    """The single-stream rows that fit the modern engines' batch-1
    constants: those on HBM, of the engines of BATCH1_POOL. Rows on AMD
    GPUs are scored, not fitted: there the estimate is the engine's NVIDIA
    speed at its vendor share (amd_eff, fitted at full load), and a
    single-stream row measures that share together with the ROCm kernels'
    fixed costs, not the engine's own constants (as Intel's figures on
    Gaudi fit gaudi_eff alone)."""
    return [c for c in data if c["engine"] in BATCH1_POOL and
            c["kind"] == "decode" and c["g"]["memory_class"] == "HBM" and
            c["g"]["vendor"] != "AMD"]


def held_out(refit, data, sink=None):
    """Each GPU left out in turn, predicted by refit(the others); with a
    sink, each prediction's measured / estimate goes to
    sink["same-class"]."""
    errs = []
    for gpu in sorted({c["gpu"] for c in data}):
        train = [c for c in data if c["gpu"] != gpu]
        if not train:
            continue
        e = refit(train)
        test = [c for c in data if c["gpu"] == gpu]
        errs += errors(e, test)
        if sink is not None:
            sink["same-class"] += [c["measured"] / estimate(e, c)
                                   for c in test]
    return errs


# The serving estimates whose errors set the plans' speed ranges
# (estimate_bands in sql/gpuadv.sql): a replica's decode and full-load
# speed, of every engine.
BAND_METRICS = ("decode", "aggregate")


BATCH1 = ["bw_eff_hbm", "layer_overhead_us", "moe_layer_overhead_us"]
BATCH1_BOUNDS = [(0.05, MAX_EFF), (0, 2000), (0, 2000)]
LOAD = ["kv_eff", "compute_eff", "prefill_mfu", "token_overhead_us",
        "prefill_token_us", "prefill_half_tokens", "fp4_eff", "dequant_eff",
        "dequant_prefill_eff", "amd_eff"]
LOAD_BOUNDS = [(0.05, MAX_EFF), (0.05, MAX_EFF), (0.05, MAX_EFF), (0, 1000),
               (0, 1000), (0, 20000), (0.05, 1.0), (0.05, 1.0), (0.05, 1.0),
               (0.05, 1.0)]
LLAMA = ["bw_eff_hbm", "bw_eff_gddr", "bw_eff_unified", "gguf_unified_factor",
         "layer_overhead_us"]
LLAMA_BOUNDS = [(0.05, MAX_EFF)] * 3 + [(0.05, 1.0), (0, 2000)]
PREFILL = ["prefill_mfu", "prefill_mfu_unified", "gguf_prefill_factor",
           "attn_eff", "prefill_half_tokens"]
PREFILL_BOUNDS = [(0.05, MAX_EFF)] * 2 + [(0.05, 1.0)] * 2 + [(0, 20000)]

FLOAT_COLUMNS = ["bw_eff_hbm", "bw_eff_gddr", "bw_eff_unified", "bw_eff_ddr",
                 "kv_eff", "layer_overhead_us", "moe_layer_overhead_us",
                 "token_overhead_us", "prefill_token_us",
                 "compute_eff", "prefill_mfu", "prefill_half_tokens",
                 "gguf_unified_factor", "prefill_mfu_unified",
                 "gguf_prefill_factor", "attn_eff", "fp4_eff", "dequant_eff",
                 "dequant_prefill_eff", "amd_eff", "gaudi_eff"]


# Where every fit starts, so that a refit does not depend on the constants
# already in engines.csv: round values of the right size.
START = dict(bw_eff_hbm=0.8, bw_eff_gddr=0.9, bw_eff_unified=0.75,
             bw_eff_ddr=0.75, kv_eff=0.8, layer_overhead_us=20.0,
             moe_layer_overhead_us=20.0, token_overhead_us=5.0,
             prefill_token_us=5.0, compute_eff=0.6, prefill_mfu=0.5,
             prefill_half_tokens=256.0, gguf_unified_factor=0.75,
             prefill_mfu_unified=0.5, gguf_prefill_factor=0.75, attn_eff=0.5,
             fp4_eff=0.7, dequant_eff=0.5, dequant_prefill_eff=0.5,
             amd_eff=1.0, gaudi_eff=1.0,
             max_batch=512.0)


def header_constants(path):
    """The numeric #defines of a C header, name -> value."""
    consts = {}
    with open(path) as f:
        for line in f:
            m = re.match(r"\s*#\s*define\s+(GPUADV_\w+)\s+\(?\s*"
                         r"([-+0-9.eE]+)\s*\)?\s*(/\*.*)?$", line)
            if m:
                try:
                    consts[m.group(1)] = float(m.group(2))
                except ValueError:
                    pass
    return consts


# The constants no llama.cpp row fits. COMPUTE_EFF is the median ratio of
# achieved to datasheet dense TFLOP/s of the 21 "maximum achievable matmul
# FLOPS" rows of stas00/ml-engineering (GPUADV_DEFAULT_COMPUTE_EFFICIENCY);
# llama-server starts 4 slots by default (--parallel -1 means auto, 4:
# github.com/ggml-org/llama.cpp/issues/17989).
COMPUTE_EFF = header_constants(os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "ext",
    "gpuadv_math.h"))["GPUADV_DEFAULT_COMPUTE_EFFICIENCY"]
# An engine whose documented default caps the sequences it runs at once
# takes that cap rather than the pooled fit's: vLLM's max_num_seqs is 1024
# on GPUs of 70 GiB or more other than the A100, 256 on the others
# (github.com/vllm-project/vllm vllm/engine/arg_utils.py,
# EngineArgs.get_batch_defaults, 2025-2026); the larger, as the serving
# plans' GPUs mostly are.
# TensorRT-LLM's LLM API (trtllm-serve) runs at most max_batch_size 2048
# sequences unless told otherwise (tensorrt_llm/llmapi/llm_args.py).
# SGLang's max_running_requests defaults to the KV cache's tokens / the
# model's context length x 512, clamped to 2048..4096 (ModelRunner in
# sglang/srt/model_executor/model_runner.py): 2048, the floor, wherever
# the cache holds fewer than four full contexts, as on the serving plans'
# GPUs with models of 128K context.
DEFAULT_MAX_BATCH = {"vllm": 1024.0, "sglang": 2048.0, "trtllm": 2048.0}
# The batch limit of the benchmark that measured an engine's offline rows,
# where it differs from the engine's default: trtllm-bench throughput (every
# TensorRT-LLM row) sets max_batch_size to the requests its KV cache holds
# at prompt + output tokens each, at most 4096 (finetune_setting() in
# tensorrt_llm/bench/build/tuning.py: the same cap in the versions read,
# from before and after the PyTorch backend). sql/accuracy.sql applies
# the same limit.
BENCH_MAX_BATCH = {"trtllm": 4096.0}
LLAMA_FIXED = dict(token_overhead_us=0.0, prefill_token_us=0.0,
                   moe_layer_overhead_us=0.0,
                   compute_eff=COMPUTE_EFF,
                   max_batch=4.0, fp4_eff=1.0, dequant_eff=1.0,
                   dequant_prefill_eff=1.0, amd_eff=1.0,
                   gaudi_eff=1.0)
# What the pooled fit does not lend to an engine without full-load rows of
# its own: the cost per prompt token of an MoE model. TensorRT-LLM's rows
# fit one (its MoE routing and permutation kernels); vLLM's one MoE prompt
# measured (gpt-oss-20b, a 20K-token prompt on an H100, vLLM 0.19.1,
# M0220) is already slower in the simulator without it, so vLLM and SGLang
# keep none.
POOLED_FIXED = dict(prefill_token_us=0.0)
# The other engines' prompts: attention as fast as the matmuls (fused
# FlashAttention kernels) and no GGUF types; no rows of theirs tell more.
MODERN_FIXED = dict(attn_eff=1.0, gguf_prefill_factor=1.0)


# The engine facts that no fit sets, as engine_facts() reads them; an
# engine's constants are memoised on them with its FLOAT_COLUMNS.
FACTS = ("index", "split_layers", "kv_from_checkpoint", "fp16_accumulate",
         "dp_shared_budget", "batch_tokens", "overlap", "preempt")


def engine_facts(row):
    """The engine's facts that no fit sets (engines.csv): its index in the
    C engine list (whose memory rule a full-load row takes) and its
    layout and cache facts."""
    return dict(index=core().engine(row["name"]),
                split_layers=row["multi_gpu"] == "layer",
                kv_from_checkpoint=row["kv_cache_dtype"] == "checkpoint",
                fp16_accumulate=num(row["fp16_accumulate"]) > 0,
                dp_shared_budget=row["dp_token_budget"] == "shared",
                batch_tokens=num(row["token_budget"]),
                overlap=bool(row["overlap_from"]),
                preempt=row["kv_admission"] == "preempt")


def as_engine(row):
    e = {k: num(row[k]) for k in FLOAT_COLUMNS}
    e["max_batch"] = num(row["max_batch"])
    e.update(engine_facts(row))
    return e


def load_names(rows):
    """The full-load constants that rows can fit, with their bounds: LOAD,
    less amd_eff where no row is on an AMD GPU."""
    amd = any(c["g"]["vendor"] == "AMD" for c in rows)
    keep = [i for i, k in enumerate(LOAD) if amd or k != "amd_eff"]
    return [LOAD[i] for i in keep], [LOAD_BOUNDS[i] for i in keep]


def calibrate(gpus, models, engine_rows, meas, quick=False, held=True):
    """The fitted constants of every engine, their fit notes, and the error
    table rows (engine, metric, fitted summary, held-out summary; the
    held-out fits only when `held`)."""
    it = 300 if quick else 1500
    it_held = 400 if held and not quick else 0
    eras = {r["name"]: r.get("era_from") or "" for r in engine_rows}
    # rows of an engine's older releases: scored below, in no fit
    data, older = [], []
    for c in cases(gpus, models, meas):
        (older if older_era(c, eras) else data).append(c)
    engines = {r["name"]: dict(START, **engine_facts(r)) for r in engine_rows}
    # A row keeps the KV cache its own engine keeps (or its source states)
    # when a pooled fit estimates it with another engine's constants.
    for c in data:
        if c["kv"] < 0:
            own = "vllm" if c["engine"] in ("pytorch", GAUDI_REFERENCE) \
                else c["engine"]
            if own in engines:
                c["kv"] = core().engine_kv_dtype(engines[own]["index"],
                                                 c["dtype"])
    for name in MODERN:
        engines[name].update(MODERN_FIXED)
    notes = {name: [] for name in engines}
    table = []
    bands = {"measured": [], "same-class": []}

    def record(engine, metric, e, rows, refit):
        if not rows:
            return
        sink = bands if metric in BAND_METRICS else None
        held = held_out(refit, rows, sink) if it_held and \
            len({c["gpu"] for c in rows}) > 1 else []
        if sink is not None:
            sink["measured"] += [c["measured"] / estimate(e, c) for c in rows]
        table.append((engine, metric, summary(errors(e, rows)),
                      summary(held)))

    # llama.cpp: its own single-stream rows, per memory class; no full-load
    # rows, so what they would fit is set: no cost per sequence, matmuls at
    # the median achieved share of the datasheet (COMPUTE_EFF), and
    # llama-server's 4 slots.
    llama = engines["llama.cpp"]
    llama.update(LLAMA_FIXED)
    rows = [c for c in data if c["engine"] == "llama.cpp" and
            c["kind"] == "decode"]
    if rows:
        x0 = [llama[k] for k in LLAMA]
        llama.update({k: v for k, v in fit(llama, LLAMA, LLAMA_BOUNDS, rows,
                                           x0, it).items() if k in LLAMA})
        llama["bw_eff_ddr"] = llama["bw_eff_unified"]
        llama["kv_eff"] = llama["bw_eff_hbm"]
        notes["llama.cpp"].append("decode: %d single-stream rows" % len(rows))
        record("llama.cpp", "decode", llama, rows,
               lambda t: fit(llama, LLAMA, LLAMA_BOUNDS, t,
                             [llama[k] for k in LLAMA], it_held))
    rows = [c for c in data if c["engine"] == "llama.cpp" and
            c["kind"] == "prefill"]
    if rows:
        x0 = [llama[k] for k in PREFILL]
        llama.update({k: v for k, v in fit(llama, PREFILL, PREFILL_BOUNDS,
                                           rows, x0, it).items()
                      if k in PREFILL})
        notes["llama.cpp"].append("prefill: %d rows" % len(rows))
        record("llama.cpp", "prefill", llama, rows,
               lambda t: fit(llama, PREFILL, PREFILL_BOUNDS, t,
                             [llama[k] for k in PREFILL], it_held))

    # The modern engines' batch-1 constants: one pooled fit on HBM, and an
    # engine's own where it has rows enough.
    pool = batch1_pool(data)
    floors = [c for c in pool if c["engine"] in FLOOR_ENGINES]
    shared = dict(engines["vllm"])
    if pool:
        shared = fit(shared, BATCH1, BATCH1_BOUNDS, pool,
                     [shared[k] for k in BATCH1], it)
    singles = {}
    for name in MODERN:
        e = engines[name]
        own = [c for c in pool if c["engine"] == name]
        single = shared
        # its own rows where own_fit; the PyTorch decoders stay its floor
        if own_fit(own, MIN_BATCH1_ROWS):
            single = fit(shared, BATCH1, BATCH1_BOUNDS, own + floors,
                         [shared[k] for k in BATCH1], it)
            notes[name].append("batch 1: %d single-stream HBM rows, PyTorch "
                               "decoders as the floor" % len(own))
        else:
            notes[name].append("batch 1: pooled fit on %d single-stream HBM "
                               "rows of vLLM, SGLang, TensorRT-LLM and "
                               "PyTorch decoders" % len(pool))
        amd = [c for c in data if c["engine"] == name and
               c["kind"] == "decode" and c["g"]["vendor"] == "AMD"]
        if amd:
            notes[name].append("batch 1: %d single-stream rows on AMD GPUs "
                               "scored at amd_eff, not fitted" % len(amd))
        for k in BATCH1:
            e[k] = single[k]
        singles[name] = single
    # Full load, per engine; pooled for engines with too few rows, each
    # row with its engine's batch-1 constants.
    load_rows = {name: [c for c in data if c["engine"] == name and
                        c["kind"] == "aggregate"] for name in MODERN}
    pooled_rows = [c for name in MODERN for c in load_rows[name]]
    pooled = dict(shared, **POOLED_FIXED)
    if pooled_rows:
        names = [k for k in LOAD if k not in POOLED_FIXED]
        bounds = [LOAD_BOUNDS[LOAD.index(k)] for k in names]
        pooled = fit(pooled, names, bounds,
                     pooled_rows, [pooled[k] for k in names], it,
                     own={n: {k: singles[n][k] for k in BATCH1}
                          for n in MODERN})
    for name in MODERN:
        e = engines[name]
        own = [c for c in pool if c["engine"] == name]
        single = singles[name]
        rows = load_rows[name]
        src = pooled
        names, bounds = load_names(rows)
        if own_fit(rows, MIN_ROWS):
            x0 = [START[k] if k in POOLED_FIXED else pooled[k] for k in names]
            src = fit(dict(e, **dict(zip(names, x0)), amd_eff=1.0), names,
                      bounds, rows, x0, it)
            notes[name].append("full load: %d offline rows" % len(rows))
            if "amd_eff" not in names:
                notes[name].append("amd_eff: no AMD rows, 1")
        else:
            notes[name].append("full load: pooled fit of %d offline rows "
                               "of every engine (%d of this engine, on %d "
                               "GPU types)" % (len(pooled_rows), len(rows),
                                               len({c["gpu"] for c in rows})))
            notes[name].append("no cost per prompt token: not lent by the "
                               "pooled fit")
            amd = [c for c in pooled_rows if c["g"]["vendor"] == "AMD"]
            if amd:
                notes[name].append("amd_eff: the pooled fit's, on its %d "
                                   "rows on AMD GPUs" % len(amd))
        for k in LOAD:
            e[k] = src[k]
        e["max_batch"] = DEFAULT_MAX_BATCH[name]
        notes[name].append("max_batch: the engine's default, not fitted")
        e["prefill_mfu_unified"] = e["prefill_mfu"]
        record(name, "aggregate", e, rows,
               lambda t: fit(e, names, bounds, t,
                             [e[k] for k in names], it_held))
        record(name, "prefill", e,
               [c for c in data if c["engine"] == name and
                c["kind"] == "prefill"], lambda t: e)
    # GDDR: an engine's own single-stream rows there fit its share of the
    # bandwidth (the rest of its constants as fitted above), where it has
    # MIN_BATCH1_ROWS on two GPU types at least. Memory classes without
    # such rows: the share that llama.cpp reaches there (GDDR, unified),
    # where its single-stream kernels are as good as any; DDR as unified.
    for name in MODERN:
        e = engines[name]
        for cls in ("gddr", "unified", "ddr"):
            e["bw_eff_" + cls] = llama["bw_eff_" + cls]
        e["gguf_unified_factor"] = 1.0
        gddr = [c for c in data if c["engine"] == name and
                c["kind"] == "decode" and c["g"]["memory_class"] == "GDDR"]
        if own_fit(gddr, MIN_BATCH1_ROWS):
            e["bw_eff_gddr"] = fit(e, ["bw_eff_gddr"], [(0.05, MAX_EFF)], gddr,
                                   [e["bw_eff_gddr"]], it)["bw_eff_gddr"]
            notes[name].append("GDDR: %d single-stream rows on %d GPU types"
                               % (len(gddr), len({c["gpu"] for c in gddr})))
            notes[name].append("unified and DDR: llama.cpp's fitted "
                               "efficiency of the class, no rows of this "
                               "engine")
        else:
            gddr = []
            notes[name].append("GDDR, unified and DDR: llama.cpp's fitted "
                               "efficiency of the class, no rows of this "
                               "engine")
        own = [c for c in pool if c["engine"] == name]
        others = floors if singles[name] is not shared else \
            [c for c in pool if c["engine"] != name]

        def refit_single(t, e=e, others=others, fit_gddr=bool(gddr)):
            """The batch-1 constants fitted on t's HBM rows (with the
            others of the fit), GDDR's share on its GDDR rows."""
            hbm = [c for c in t if c["g"]["memory_class"] == "HBM"]
            out = dict(e, **{k: v for k, v in fit(
                e, BATCH1, BATCH1_BOUNDS, others + hbm,
                [e[k] for k in BATCH1], it_held).items() if k in BATCH1})
            rest = [c for c in t if c["g"]["memory_class"] == "GDDR"]
            if fit_gddr and rest:
                out["bw_eff_gddr"] = fit(out, ["bw_eff_gddr"], [(0.05, MAX_EFF)],
                                         rest, [out["bw_eff_gddr"]],
                                         it_held)["bw_eff_gddr"]
            return out
        record(name, "decode", e, own + gddr, refit_single)
    # Intel Gaudi: of the catalog's engines only vLLM runs there (its Gaudi
    # backend is Intel's own), and no row measures it. Its share of its
    # NVIDIA speed there (gaudi_eff) is fitted on Intel's own full-load
    # figures on Gaudi (GAUDI_REFERENCE rows, each at its stated batch),
    # vLLM's other constants as fitted above: the vendor's stack bounds
    # what an engine on it reaches. Held out: fitted on one Gaudi, scored
    # on the other.
    gaudi = [c for c in data if c["engine"] == GAUDI_REFERENCE and
             c["kind"] == "aggregate"]
    vllm = engines["vllm"]
    if gaudi:
        vllm["gaudi_eff"] = median_share(vllm, "gaudi_eff", gaudi)
        notes["vllm"].append(
            "gaudi_eff: the median of %d full-load rows of Intel's own stack "
            "on %d Gaudi types" % (len(gaudi), len({c["gpu"] for c in gaudi})))
        record(GAUDI_REFERENCE, "aggregate", vllm, gaudi,
               lambda t: dict(vllm, gaudi_eff=median_share(vllm, "gaudi_eff",
                                                           t)))
    for name in engines:
        if name != "vllm":
            notes[name].append("gaudi_eff: does not run on Gaudi, 1")
    # A prompt length is a whole number of tokens; a constant the fit left
    # at its bound of 0 is 0, not the simplex's last 1e-12.
    for e in engines.values():
        e["prefill_half_tokens"] = float(round(e["prefill_half_tokens"]))
        for k in FLOAT_COLUMNS:
            if abs(e[k]) < 1e-6:
                e[k] = 0.0
    # the rows of older releases, scored with the constants of the era
    for row in engine_rows:
        name = row["name"]
        if not row.get("era_from"):
            continue
        old = [c for c in older if c["engine"] == name]
        notes[name].append("era: %s from %s; %d row%s of older releases "
                           "scored, not fitted" % (
                               row["era"], row["era_from"], len(old),
                               "" if len(old) == 1 else "s"))
        for kind in sorted({c["kind"] for c in old}):
            table.append((name, kind + " (older)", summary(errors(
                engines[name], [c for c in old if c["kind"] == kind])),
                None))
    return engines, notes, table, bands


def write_engines(path, engine_rows, engines, notes):
    with open(path, newline="") as f:
        header = next(csv.reader(f))
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=header, lineterminator="\n")
        w.writeheader()
        for row in engine_rows:
            e = engines[row["name"]]
            for k in FLOAT_COLUMNS:
                row[k] = "%.4g" % e[k]
            row["max_batch"] = "%d" % e["max_batch"]
            row["fit"] = "; ".join(notes[row["name"]])
            w.writerow(row)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--catalogs", default="catalogs")
    for flag in ("--write", "--check", "--quick", "--bands"):
        ap.add_argument(flag, action="store_true")
    opts = ap.parse_args()
    gpus, models, engine_rows, meas = load(opts.catalogs)
    engines, notes, table, bands = calibrate(gpus, models, engine_rows, meas,
                                             opts.quick,
                                             held=not opts.check)
    print("engine      metric         rows  median   p90    | GPU left out: "
          "median   p90")
    for engine, metric, s, h in table:
        if not s:
            continue
        print("%-11s %-14s %4d  %5.3f  %5.3f  |  %s" % (
            engine, metric, s["n"], s["median"], s["p90"],
            "%5.3f  %5.3f" % (h["median"], h["p90"]) if h else "   -      -"))
    if opts.bands:
        # the 10th and 90th percentiles of measured / estimate: a speed
        # range a plan's estimate carries, by what backs it
        print("kind,basis,rows,low,high")
        for basis, xs in bands.items():
            if xs:
                print("serve,%s,%d,%.3f,%.3f" % (basis, len(xs),
                                                 quantile(xs, 0.1),
                                                 quantile(xs, 0.9)))
    for name, e in engines.items():
        print("%s: %s" % (name, ", ".join(
            "%s %.4g" % (k, e[k]) for k in FLOAT_COLUMNS + ["max_batch"])))
    if opts.write:
        write_engines(os.path.join(opts.catalogs, "engines.csv"), engine_rows,
                      engines, notes)
    if not opts.check:
        return 0
    status = 0
    for row in engine_rows:
        have = as_engine(row)
        for k, v in engines[row["name"]].items():
            if isinstance(v, str):
                ok = have[k] == v
            else:
                ok = abs(have[k] - v) <= 0.005 * max(abs(v), 1e-9)
            if not ok:
                print("FAIL %s %s: engines.csv %g, fit %g" % (
                    row["name"], k, have[k], v))
                status = 1
    for engine, metric, s, h in table:
        if engine == "llama.cpp" and metric == "decode":
            ok = s["median"] <= 0.10 and s["p90"] <= 0.20
            print("%s llama.cpp decode targets: median %.3f <= 0.10, p90 "
                  "%.3f <= 0.20" % ("ok" if ok else "FAIL", s["median"],
                                    s["p90"]))
            status |= not ok
    return status


if __name__ == "__main__":
    sys.exit(main())
