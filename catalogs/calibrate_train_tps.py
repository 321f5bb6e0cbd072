#!/usr/bin/python3
"""Fit the training step model's constants to published training throughput.

    /usr/bin/python3 catalogs/calibrate_train_tps.py [--lib build/libgpuadv_core.so]
        [--rows catalogs/train_tps_published.csv] [--gpus catalogs/gpus.csv]
        [--fit] [--leave-out]
        [--check ext/gpuadv_train.c] [--list]

Run from the repository root after `make build/libgpuadv_core.so`.
Standard library only. The model is the C of ext/gpuadv_train.c, called
through ctypes on build/libgpuadv_core.so (gpuadv_train_step, and the
catalog's model and GPU rows through gpuadv_train_model_of and
gpuadv_train_chip_of): nothing of the model is restated here. This file
only turns each published row into the C structs and compares.

Each row of catalogs/train_tps_published.csv (catalogs/train_tps.md says
what they are and which were left out) is one published figure of a
training run: tokens/s per GPU, model TFLOP/s per GPU, MFU, step time or
total tokens/s. Every figure becomes tokens/s per GPU: a TFLOP/s or MFU
figure is divided by the model FLOP per token of the step model (so a
source that counts attention FLOPs otherwise is off by that difference:
a few percent at 4k-8k tokens), except nanoGPT's, divided by the count
of its own estimate_mfu (source_flop_per_token). A run printed in two
metrics counts once: by its tokens/s where one of its rows prints them
(llm-foundry prints MFU first, counted over the tied embedding and the
whole attention square), else by the row that is not 'same run as'.

What the rows do not print is filled in the same way for every row and
said here: gpus_per_node 8 (4 for GB200/GB300 trays, whose NVLink domain
of 72 GPUs is used as the node: the rows' jobs of up to 72 GPUs, or 72);
a TPU slice is one node (ICI); slices joined by data-centre network at
50 Gbit/s per chip, sharding within a slice (MaxText's ici_fsdp with
dcn_data_parallelism); 400 Gbit/s per GPU between NVIDIA and AMD nodes;
micro_batch 1; global_batch 4M tokens' worth of sequences (at least
dp x micro_batch), except that MaxText takes one micro-batch a step
(no gradient accumulation by default), so there without pipeline
stages an unprinted global batch is dp x micro_batch and an unprinted
micro-batch the global batch over dp; a run whose notes say it offloads
to the CPU is left out; seq_len 4096; zero_stage 3 for FSDP frameworks
(MaxText, torchtitan, llm-foundry, torchtune on several GPUs), 1 for
Megatron/NeMo, 0 for one GPU; recompute 'selective', but 'full' for
MaxText (its base.yml default; its 'custom' policies rematerialize every
tensor they do not save or offload) and torchtune (its recipe configs
set enable_activation_checkpointing: True); an MoE row whose notes give a
capacity factor, and do not say dropless, drops tokens at it (the
layout's capacity), the others are dropless.

--fit        fit the constants (Nelder-Mead from five starts, fit()) and
             print them as the #define lines of ext/gpuadv_train.c
--leave-out  fit with each source left out in turn, report its rows' error
--check F    exit 1 unless F's #define lines equal a fresh fit's
--list       print each row: id, source, measured, estimated, error (with
             --leave-out, also each row's held-out error, largest first,
             '*' where above 25%)
--bands      the speed ranges of estimate_bands (with --leave-out, the
             held-out ones too)
Without --fit, the rows are scored at the constants compiled into the
library.
"""
import argparse
import csv
import ctypes
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import calibrate  # noqa: E402 (catalogs/calibrate.py: its Nelder-Mead)
from gpuadv_core import ModelDef  # noqa: E402 (gpuadv_model_def)

D = ctypes.c_double


class Consts(ctypes.Structure):
    _fields_ = [(n, D) for n in ("eff", "width_half", "overlap_dp", "overlap_tp",
                                 "net_eff", "moe_eff", "fp8_eff",
                                 "act_bytes", "cast_bytes")]


NAMES = ["EFF", "WIDTH_HALF", "OVERLAP_DP", "OVERLAP_TP", "NET_EFF", "MOE_EFF",
         "FP8_EFF", "ACT_BYTES", "CAST_BYTES"]
# search bounds of each constant
BOUNDS = [(0.2, 1.0), (1.0, 4096.0), (0.0, 1.0), (0.0, 1.0), (0.3, 1.0),
          (0.2, 1.0), (0.3, 1.0), (0.0, 4096.0), (0.0, 4096.0)]


class Model(ctypes.Structure):
    _fields_ = [(n, D) for n in ("params_b", "active_b", "layers", "hidden", "heads",
                                 "kv_heads", "head_dim", "vocab", "intermediate",
                                 "n_experts", "experts_per_token", "attn_layers")]


class Chip(ctypes.Structure):
    _fields_ = [(n, D) for n in ("peak_tflops", "linear_tflops", "attn_tflops",
                                 "mem_bw_gbs", "memory_gb", "link_gbs",
                                 "link_latency_s")] + [("low_precision", ctypes.c_int)]


class Layout(ctypes.Structure):
    _fields_ = [(n, D) for n in ("n_gpus", "gpus_per_node", "fabric_gbps", "tp", "pp",
                                 "cp", "ep", "vp", "shard", "micro_batch", "global_batch",
                                 "seq_len")] + \
               [(n, ctypes.c_int) for n in ("zero_stage", "recompute", "mode")] + \
               [("capacity", D)]


class Time(ctypes.Structure):
    _fields_ = [(n, D) for n in ("step_s", "compute_s", "bubble_s", "optimizer_s",
                                 "tp_comm_s", "dp_comm_s", "a2a_s", "pp_comm_s",
                                 "exposed_comm_s", "tokens_per_s", "mfu", "comm_share",
                                 "model_flop_per_token", "elementwise_s")]


MODES = {"full": 0, "full16": 1, "lora": 2, "qlora": 3}
RECOMPUTE = {"none": 0, "selective": 1, "full": 2}
DTYPES = {"bf16": "bf16", "fp16": "fp16", "fp32": "fp32", "fp8": "fp8",
          "mxfp8": "fp8", "nvfp4": "fp4", "fp4": "fp4", "": "bf16"}
FSDP = re.compile(r"maxtext|torchtitan|llm-foundry|composer|torchtune|fsdp|jax|xla",
                  re.I)
GLOBAL_BATCH_TOKENS = 4194304.0
# Frameworks whose step is one micro-batch unless told otherwise (MaxText:
# gradient_accumulation_steps 1, global batch = per_device_batch_size x
# devices); without pipeline stages their rows' unprinted global batch or
# per-device batch follows from the other.
NO_ACCUMULATION = re.compile(r"maxtext|jax|xla", re.I)
# Frameworks that checkpoint every layer unless told otherwise: MaxText
# (remat_policy 'full' in base.yml) and torchtune (its recipe configs set
# enable_activation_checkpointing: True, which wraps each transformer
# layer: its whole forward runs again in the backward).
FULL_RECOMPUTE = re.compile(r"maxtext|jax|xla|torchtune", re.I)


class Lib:
    def __init__(self, path):
        self.lib = ctypes.CDLL(path)
        self.lib.gpuadv_catalog_resolve.restype = ctypes.c_int
        self.lib.gpuadv_catalog_resolve.argtypes = [ctypes.c_void_p, ctypes.c_char_p,
                                                    ctypes.c_int]
        self.lib.gpuadv_dtype_find.argtypes = [ctypes.c_char_p, ctypes.c_int]
        self.lib.gpuadv_train_model_of.argtypes = [ctypes.c_void_p, D, D,
                                                   ctypes.c_void_p]
        self.lib.gpuadv_train_chip_of.argtypes = [ctypes.c_int, ctypes.c_int, D,
                                                  ctypes.c_void_p]
        self.gpus = ctypes.addressof(ctypes.c_char.in_dll(self.lib, "gpuadv_catalog_gpus"))
        self.models = ctypes.addressof(
            ctypes.c_char.in_dll(self.lib, "gpuadv_catalog_models"))
        self.fitted = Consts.in_dll(self.lib, "gpuadv_train_fitted")

    def row(self, cat, name):
        b = name.encode()
        return self.lib.gpuadv_catalog_resolve(cat, b, len(b))

    def step(self, m, c, l, k):
        t = Time()
        self.lib.gpuadv_train_step(ctypes.byref(m), ctypes.byref(c), ctypes.byref(l),
                                   ctypes.byref(k), ctypes.byref(t))
        return t


def num(r, key, default=None):
    v = (r.get(key) or "").strip()
    return float(v) if v else default


def source_of(r):
    """The source group a row belongs to, for leaving one out."""
    s = r["source"].lower()
    for key, name in (("megatron-bridge", "Megatron-Bridge"), ("nvidia/nemo", "NeMo"),
                      ("megatron-lm", "Megatron-LM"), ("llm-foundry", "llm-foundry"),
                      ("torchtitan", "torchtitan"), ("tpu-recipes", "tpu-recipes"),
                      ("maxtext", "MaxText"), ("torchtune", "torchtune"),
                      ("rocm", "AMD"), ("amd", "AMD"), ("llm.c", "llm.c"),
                      ("nanogpt", "nanoGPT"), ("mlx", "MLX"), ("arxiv", "papers"),
                      ("notion", "papers")):
        if key in s:
            return name
    return "other"


def build_row(lib, r):
    """(model, chip, layout) for the row, or a reason it cannot be scored."""
    gpu = lib.row(lib.gpus, r["gpu"])
    if gpu < 0:
        return "gpu not in the catalog"
    dname = DTYPES.get(r["dtype"].strip().lower())
    if dname is None:
        return "dtype " + r["dtype"]
    dtype = lib.lib.gpuadv_dtype_find(dname.encode(), len(dname))
    seq = num(r, "seq_len", 4096.0)
    m = Model()
    mrow = lib.row(lib.models, r["model"])
    if mrow >= 0:
        d = ModelDef()
        lib.lib.gpuadv_model_from_row(mrow, ctypes.byref(d))
        lib.lib.gpuadv_train_model_of(ctypes.byref(d), D(0.0), D(seq), ctypes.byref(m))
    else:
        if not (num(r, "layers") and num(r, "hidden") and num(r, "heads")):
            return "no shape"
        if not num(r, "params_b"):
            return "no parameter count"
        m.params_b = num(r, "params_b")
        m.active_b = num(r, "active_params_b", m.params_b)
        m.layers = num(r, "layers")
        m.hidden = num(r, "hidden")
        m.heads = num(r, "heads")
        m.kv_heads = num(r, "kv_heads", m.heads)
        m.head_dim = m.hidden / m.heads
        m.vocab = num(r, "vocab", 50257.0)
        m.intermediate = num(r, "intermediate", 4 * m.hidden)
        m.n_experts = num(r, "n_experts", 0.0)
        m.experts_per_token = num(r, "experts_per_token", 0.0)
        m.attn_layers = m.layers
    c = Chip()
    if not lib.lib.gpuadv_train_chip_of(gpu, dtype, D(1.0), ctypes.byref(c)):
        return "no TFLOP/s figure"
    n = num(r, "gpu_count", 1.0)
    l = Layout()
    l.n_gpus = n
    tpu = r["gpu"].startswith("tpu")
    per_node = num(r, "gpus_per_node", 8.0)
    if r["gpu"] in ("gb200", "gb300"):
        per_node = min(72.0, n)
    if tpu:
        l.gpus_per_node = min(per_node, n)
        l.fabric_gbps = 50.0 * l.gpus_per_node
    else:
        l.gpus_per_node = min(per_node, n)
        l.fabric_gbps = 400.0 * l.gpus_per_node
    l.tp = num(r, "tp", 1.0) or 1.0
    l.pp = num(r, "pp", 1.0) or 1.0
    l.cp = num(r, "cp", 1.0) or 1.0
    l.ep = num(r, "ep", 0.0) or 0.0
    l.vp = num(r, "vp", 1.0) or 1.0
    l.micro_batch = num(r, "micro_batch", 1.0) or 1.0
    if l.micro_batch < 1.0:
        return "per-device batch below 1 (a sequence split over devices)"
    l.seq_len = seq
    dp = n / (l.tp * l.pp * l.cp)
    if dp < 1 or dp != math.floor(dp):
        return "gpu_count not a multiple of tp x pp x cp"
    if l.ep < 1.0:
        lib.lib.gpuadv_train_default_ep.restype = D
        lib.lib.gpuadv_train_default_ep.argtypes = [ctypes.c_void_p, D, D, D]
        l.ep = lib.lib.gpuadv_train_default_ep(ctypes.byref(m), dp, l.tp, l.gpus_per_node)
    gb, mb = num(r, "global_batch"), num(r, "micro_batch")
    if NO_ACCUMULATION.search(r["framework"]) and l.pp == 1 and (gb is None or mb is None):
        # one micro-batch a step: the unprinted one of the two follows
        # from the other (or from 4M tokens when neither is printed)
        if gb is None:
            gb = dp * mb if mb else max(dp, round(GLOBAL_BATCH_TOKENS / seq))
        l.micro_batch = max(1.0, math.floor(gb / dp))
    l.global_batch = gb if gb is not None else \
        max(dp * l.micro_batch, round(GLOBAL_BATCH_TOKENS / seq))
    if l.global_batch < dp * l.micro_batch:
        l.global_batch = dp * l.micro_batch
    z = num(r, "zero_stage")
    if z is None:
        z = 0 if n == 1 else 3 if FSDP.search(r["framework"]) else 1
    l.zero_stage = int(z)
    # TPU slices joined by the data-centre network shard within a slice
    # (MaxText: ici_fsdp, dcn_data_parallelism)
    if tpu and n > l.gpus_per_node:
        l.shard = l.gpus_per_node / (l.tp * l.pp)
    rc = r["recompute"].strip().lower()
    if not rc:  # MaxText's remat_policy and torchtune's configs: 'full'
        rc = "full" if FULL_RECOMPUTE.search(r["framework"]) else "selective"
    l.recompute = RECOMPUTE[rc]
    l.mode = MODES[r["mode"].strip().lower() or "full"]
    # token dropping at a printed capacity factor (MaxText's dense
    # matmul MoE); dropless otherwise
    cf = re.search(r"capacity[ _]factor[ =:]*([0-9]+(?:\.[0-9]+)?)", r["notes"], re.I)
    if cf and m.n_experts > 0 and not re.search(r"dropless", r["notes"], re.I):
        l.capacity = float(cf.group(1))
    return m, c, l


def source_flop_per_token(r, m, l, t):
    """Model FLOP per token as the row's source counts them, where its
    formula is known and differs from the step model's: nanoGPT's
    estimate_mfu counts 6 per parameter but the position embedding (the
    tied token embedding, the LM head, included) and 12 x layers x
    hidden x sequence of attention, the whole square; else the step
    model's count."""
    if source_of(r) == "nanoGPT":
        return 6.0 * (m.params_b * 1e9 - l.seq_len * m.hidden) + \
            12.0 * m.layers * m.hidden * l.seq_len
    return t.model_flop_per_token


def measured_tps(r, m, c, l, t):
    """The row's figure as training tokens/s per GPU."""
    v, metric = float(r["value"]), r["metric"]
    if metric == "tokens_per_s_per_gpu":
        return v
    if metric == "tokens_per_s_total":
        if "thousand" in r["unit"].lower():
            v *= 1000.0
        return v / l.n_gpus
    if metric == "model_tflops_per_gpu":
        return v * 1e12 / source_flop_per_token(r, m, l, t)
    if metric == "mfu":
        return v * c.peak_tflops * 1e12 / t.model_flop_per_token
    if metric == "step_time_s":
        s = v / 1000.0 if r["unit"].strip().lower().startswith("ms") else v
        return l.global_batch * l.seq_len / s / l.n_gpus
    return None


def release_month(r):
    """The month of the software release a row names, for releases named
    by year and month ('NeMo 25.11 container'), or None."""
    m = re.search(r"NeMo (\d\d)\.(\d\d)", r["framework"])
    return int(m.group(1)) * 12 + int(m.group(2)) if m else None


# A release this many months older than its source's newest is of an
# older era: NeMo 25.11's MoE rows run 1.7 to 4 times slower than 26.x's
# on the same models (catalogs/train_tps.md), so one era is fitted.
ERA_MONTHS = 6


def superseded(rows):
    """Ids of rows whose release is more than ERA_MONTHS older than the
    newest release of their source: they describe older software and are
    scored apart, not fitted."""
    newest = {}
    for r in rows:
        m = release_month(r)
        if m is not None:
            newest[source_of(r)] = max(newest.get(source_of(r), m), m)
    return {r["id"] for r in rows
            if release_month(r) is not None
            and release_month(r) < newest[source_of(r)] - ERA_MONTHS}


def beyond_model(r):
    """Why a row cannot be scored although it builds, or None: a run that
    keeps its optimizer in host memory (the step model has no host
    memory: the Adam step on the CPU and the copies over PCIe are not in
    it)."""
    if re.search(r"CPU offload", r["notes"], re.I):
        return "optimizer offloaded to host memory (not in the step model)"
    return None


# A run's figure over the chip's datasheet peak cannot be right. The work
# counted is the step model's (6 FLOP per parameter and token, 4 for an
# adapter's frozen base, the input embedding's lookup free, plus the
# attention): the least the step can do. Where the row's notes say the
# embeddings are tied, the output head is that embedding's matmul and is
# counted too. A figure above the peak by that count says the run, the GPU
# or the number is not what the row says (llm.c's GPT-3 125M script
# comment, about 150 ms a step on 8 A100s: 121% of the A100's peak), and
# the row is left out.
TIED = re.compile(r"embeddings tied", re.I)


def above_peak(lib, r, built):
    """Why a row's figure is beyond its chip's datasheet peak, or None."""
    m, c, l = built
    t = lib.step(m, c, l, lib.fitted)
    meas = measured_tps(r, m, c, l, t)
    if not meas or not c.peak_tflops > 0:
        return None
    flop = t.model_flop_per_token
    if TIED.search(r["notes"]):
        # the head's FLOP as the step model counts an active parameter's
        head = Model.from_buffer_copy(m)
        head.active_b += m.vocab * m.hidden / 1e9
        flop = lib.step(head, c, l, lib.fitted).model_flop_per_token
    share = meas * flop / (c.peak_tflops * 1e12)
    if share > 1.0:
        return ("figure is %.0f%% of the datasheet peak (%g TFLOP/s): no run "
                "exceeds it" % (100 * share, c.peak_tflops))
    return None


# A source that calls its absolute throughput a floor (an A/B comparison of
# kernels, not a tuned run: the ROCm blog's MaxText DeepSeek-V3 runs on
# MI355X) bounds the rate from below: its rows are scored apart, the
# estimate expected at or above them, and not fitted.
FLOOR = re.compile(r"throughput is a floor", re.I)


def first_figures(rows):
    """One figure a run: the row that does not say 'same run as', unless a
    row that does prints the run's tokens/s where the first prints MFU or
    TFLOP/s (llm-foundry prints MFU first): a measured rate is scored as
    measured, not through a FLOP count that may differ from the source's
    (llm-foundry counts the tied embedding and attention over the whole
    sequence; the step model neither)."""
    out, tokens_of = [], {}
    for r in rows:
        m = re.search(r"same run as (U\d+)", r["notes"])
        if m and r["metric"].startswith("tokens_per_s"):
            tokens_of.setdefault(m.group(1), r)
    for r in rows:
        if "same run as" in r["notes"]:
            continue
        if not r["metric"].startswith("tokens_per_s") and r["id"] in tokens_of:
            r = tokens_of[r["id"]]
        out.append(r)
    return out


def load(lib, path):
    """The fitted rows, the rows left out with why, the older software's
    rows and the floors (each scored, not fitted)."""
    rows, skipped, old, floors = [], [], [], []
    with open(path, newline="") as f:
        every = first_figures(list(csv.DictReader(f)))
    older = superseded(every)
    for r in every:
        built = build_row(lib, r)
        if isinstance(built, str):
            skipped.append((r["id"], built))
            continue
        why = beyond_model(r) or above_peak(lib, r, built)
        if why:
            skipped.append((r["id"], why))
            continue
        if r["id"] in older:
            old.append((r, built))
        elif FLOOR.search(r["notes"]):
            floors.append((r, built))
        else:
            rows.append((r, built))
    return rows, skipped, old, floors


def errors(lib, rows, k):
    out = []
    for r, (m, c, l) in rows:
        t = lib.step(m, c, l, k)
        meas = measured_tps(r, m, c, l, t)
        if meas is None or meas <= 0:
            continue
        est = t.tokens_per_s / l.n_gpus
        # the rule the step model replaced: 40% MFU whatever the chip and scale
        flat = 0.40 * c.peak_tflops * 1e12 / t.model_flop_per_token
        out.append((r, meas, est, est / meas - 1.0, flat / meas - 1.0))
    return out


def pct(xs, q):
    xs = sorted(xs)
    if not xs:
        return float("nan")
    i = min(len(xs) - 1, max(0, int(math.ceil(q * len(xs))) - 1))
    return xs[i]


def loss(lib, rows, k):
    e = [abs(math.log(1.0 + x[3])) for x in errors(lib, rows, k)]
    # the median and the tail both count
    return pct(e, 0.5) + pct(e, 0.9)


def clamp(x, i):
    lo, hi = BOUNDS[i]
    return min(hi, max(lo, x))


# Starting points of the fit besides the given constants: each one scaled
# up or down by these factors in turns (constant i by FACTORS[(i + j) % 3]
# in start j), so that the search leaves a local minimum of the median and
# the 90th percentile (a loss with corners) that one start would keep.
STARTS = 4
FACTORS = (0.8, 1.0, 1.25)
# Loss (log error: median plus 90th percentile) that a fit must gain to
# move from its starting constants: 0.001 is a tenth of a percent.
FLAT = 0.001


def fit(lib, rows, start):
    """The constants that minimise loss() on rows: calibrate.py's
    Nelder-Mead on the constants in their bounds (clamped), restarted from
    its own best until it stops improving, from the given constants and
    STARTS scalings of them; the best of these."""
    names = [n for n, _ in Consts._fields_]

    def consts(x):
        return Consts(*[clamp(v, i) for i, v in enumerate(x)])

    def f(x):
        return loss(lib, rows, consts(x))

    def descend(x):
        best = f(x)
        for _ in range(6):
            x2 = [clamp(v, i) for i, v in enumerate(calibrate.nelder_mead(f, x, 300))]
            v2 = f(x2)
            if v2 >= best - 1e-6:
                break
            x, best = x2, v2
        return x, best

    x0 = [getattr(start, n) for n in names]
    starts = [x0] + [[clamp(v * FACTORS[(i + j) % len(FACTORS)], i)
                      for i, v in enumerate(x0)] for j in range(1, STARTS + 1)]
    x, best = descend(x0)
    for s0 in starts[1:]:
        x2, v2 = descend(s0)
        if v2 < best - 1e-6:
            x, best = x2, v2
    # the loss is flat along a valley: constants within FLAT of the best
    # are kept, so that a fit from its own result returns it (--check)
    v0 = f(x0)
    if v0 <= best + FLAT:
        return consts(x0), v0
    return consts(x), best


def summary(errs):
    e = [abs(x[3]) for x in errs]
    return len(e), pct(e, 0.5), pct(e, 0.9)


def report(label, errs):
    n, med, p90 = summary(errs)
    print("%-28s rows %3d  median %5.1f%%  p90 %5.1f%%" % (label, n, 100 * med, 100 * p90))


def defines(k):
    return ["#define GPUADV_TRAIN_%s %s" % (name, "%.4g" % getattr(k, f))
            for name, (f, _) in zip(NAMES, Consts._fields_)]


# Runs of a chip family the fit must hold before its own range can widen
# a plan's (estimate_band_families): fewer say little of a spread.
FAMILY_MIN_ROWS = 3


def print_bands(errs, held, unseen, family=None, moe=None):
    """The training plans' speed ranges (estimate_bands in sql/gpuadv.sql):
    the 10th and 90th percentiles of measured / estimate over the rows of
    the fit (a chip with runs of its own: measured), over each source's
    rows predicted by a fit on the other sources (same-vendor), and over
    those of them whose chip no other source ran (none). Then, per chip
    family (vendor and architecture, `family` maps a GPU to its pair) and
    kind of model (dense or MoE, `moe` maps a row's id() to whether its
    model has experts) with FAMILY_MIN_ROWS runs in the fit or more, the
    same percentiles of its runs where they fall outside the fit's
    (estimate_band_families): a plan of that kind on that family takes
    the wider of the two."""
    print("kind,basis,rows,low,high")
    band = {}
    for basis, xs in (("measured", errs), ("same-vendor", held),
                      ("none", unseen)):
        ratios = [x[1] / x[2] for x in xs]
        if ratios:
            band[basis] = pct(ratios, 0.1), pct(ratios, 0.9)
            print("train,%s,%d,%.3f,%.3f" % ((basis, len(ratios)) + band[basis]))
    if not family or "measured" not in band:
        return
    lo, hi = band["measured"]
    groups = {}
    for x in errs:
        f = family.get(x[0]["gpu"])
        if f:
            groups.setdefault(f + (int(moe[id(x[0])]),), []).append(x[1] / x[2])
    for (vendor, arch, is_moe), ratios in sorted(groups.items()):
        flo, fhi = pct(ratios, 0.1), pct(ratios, 0.9)
        if len(ratios) >= FAMILY_MIN_ROWS and (flo < lo or fhi > hi):
            print("train-family,%s,%s,%d,%d,%.3f,%.3f" % (vendor, arch, is_moe, len(ratios), flo, fhi))


# Held-out error above which --leave-out --list marks a row: the issue's
# bound on the 90th percentile.
TAIL = 0.25


def print_held_out(held, layouts):
    """Each row's error when its source is left out of the fit, largest
    first, with what the tail is grouped by: chip, mode, dtype, GPUs,
    layout, dense or MoE, source; '*' marks |error| above TAIL."""
    print("# held out: id source gpu mode dtype n tp/pp/ep/vp moe model err")
    for r, meas, est, err, _ in sorted(held, key=lambda x: -abs(x[3])):
        m, _, l = layouts[id(r)]
        print("%s %s %-14s %-14s %-5s %-5s n=%-5s %g/%g/%g/%g %-5s %-22s %+6.1f%%" % (
            "*" if abs(err) > TAIL else " ", r["id"], source_of(r), r["gpu"],
            r["mode"] or "full", r["dtype"] or "-", r["gpu_count"], l.tp, l.pp, l.ep,
            l.vp, "moe" if m.n_experts > 0 else "dense", r["model"][:22], 100 * err))


def main():
    ap = argparse.ArgumentParser()
    for flag, default in (("--lib", "build/libgpuadv_core.so"),
                          ("--rows", "catalogs/train_tps_published.csv"),
                          ("--gpus", "catalogs/gpus.csv"), ("--check", None)):
        ap.add_argument(flag, default=default)
    for flag in ("--fit", "--leave-out", "--list", "--bands"):
        ap.add_argument(flag, action="store_true")
    a = ap.parse_args()
    lib = Lib(a.lib)
    rows, skipped, old, floors = load(lib, a.rows)
    k = lib.fitted
    if a.fit or a.check:
        k, _ = fit(lib, rows, lib.fitted)
    errs = errors(lib, rows, k)
    moe = {id(r): built[0].n_experts > 0 for r, built in rows}
    print("# training throughput: %d rows scored, %d left out" % (len(errs), len(skipped)))
    for rid, why in skipped:
        print("#   %s: %s" % (rid, why))
    report("all rows", errs)
    report("older software (not fitted)", errors(lib, old, k))
    fe = errors(lib, floors, k)
    print("floors (not fitted)          rows %3d  estimate at or above the floor: %d"
          % (len(fe), sum(1 for x in fe if x[3] >= 0.0)))
    report("one 40% MFU instead", [x[:3] + (x[4],) for x in errs])
    groups = sorted(set(source_of(x[0]) for x in errs))
    for g in groups:
        report("  " + g, [x for x in errs if source_of(x[0]) == g])
    # per chip family (gpus.csv's vendor and architecture), then per GPU
    with open(a.gpus, newline="") as f:
        chip_family = {g["name"]: (g["vendor"], g["arch"]) for g in csv.DictReader(f)}
    family = {k: "%s %s" % v for k, v in chip_family.items()}
    for key, label in ((lambda x: family.get(x[0]["gpu"], "?"), "  family "),
                       (lambda x: x[0]["gpu"], "  gpu ")):
        groups_of = {}
        for x in errs:
            groups_of.setdefault(key(x), []).append(x)
        for g in sorted(groups_of):
            report(label + g, groups_of[g])
    for mode in ("full", "lora", "qlora"):
        sel = [x for x in errs if (x[0]["mode"] or "full") == mode]
        if sel:
            report("  mode " + mode, sel)
    if a.list:
        for r, meas, est, err, _ in errs:
            print("%s %-14s %-16s %-22s n=%-5s meas %9.1f est %9.1f %+6.1f%%" % (
                r["id"], source_of(r), r["gpu"], r["model"], r["gpu_count"], meas, est,
                100 * err))
    if a.leave_out:
        held, unseen = [], []
        layouts = {id(r): built for r, built in rows}
        for g in groups:
            train = [x for x in rows if source_of(x[0]) != g]
            test = [x for x in rows if source_of(x[0]) == g]
            kg, _ = fit(lib, train, k)
            e = errors(lib, test, kg)
            held.extend(e)
            chips = {x[0]["gpu"] for x in train}
            unseen.extend(x for x in e if x[0]["gpu"] not in chips)
            report("left out " + g, e)
        report("every source left out", held)
        if a.list:
            print_held_out(held, layouts)
        if a.bands:
            print_bands(errs, held, unseen, chip_family, moe)
    if a.bands and not a.leave_out:
        print_bands(errs, [], [], chip_family, moe)
    if a.fit:
        for line in defines(k):
            print(line)
    if a.check:
        text = open(a.check).read()
        want = defines(k)
        have = [l for l in text.splitlines() if l.startswith("#define GPUADV_TRAIN_")
                and l.split()[1][len("GPUADV_TRAIN_"):] in NAMES]
        if sorted(have) != sorted(want):
            print("%s: constants differ from a fresh fit:" % a.check, file=sys.stderr)
            for line in want:
                print("  " + line, file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
