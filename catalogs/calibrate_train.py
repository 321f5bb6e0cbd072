#!/usr/bin/python3
"""Fit gpuadv's peak training memory estimate to the train_mem measurements.

    /usr/bin/python3 catalogs/calibrate_train.py [--catalogs catalogs]
                                                 [--check ext/gpuadv_math.h]

Run from the repository root after `make build/libgpuadv_core.so`.
Standard library only: the estimate below is the extension's C, called
through ctypes (catalogs/gpuadv_core.py); this file only maps the rows to
its arguments, fits its constant and prints what-ifs on its constants.

The estimate (what train_peak_gb() computes in C; GB = 1e9 bytes, per GPU):

    train_peak_gb(params_b, mode, layers, hidden, heads, seq_len, micro_batch
                  [, n_gpus [, zero_stage [, recompute [, vocab [, ce_chunks
                  [, intermediate]]]]]])

    s = seq_len (per GPU: divide by the context-parallel degree),
    b = micro_batch, h = hidden, a = heads, I = intermediate (default 8h/3),
    L = layers, V = vocab, P = params_b; bytes / 1e9.

    mode 'full' (PyTorch AMP, the Hugging Face Trainer's bf16=True: fp32
    weights, bf16 autocast, AdamW with fp32 moments; bench/gpu/README.md):
      the larger of
        optimizer step  P x (4 weights + 4 grads + 8 moments + 4 temporary)
        backward start  P x (4 + 8) + 2 x (P - V h) bf16 weight copies
                        + activations + max(head + logits, rebuilt layer)
    other modes (bf16 weights; torchtune, torchtitan, PEFT):
        train_mem_gb's state + activations + head + logits + rebuilt layer
    ZeRO stage 1/2/3 divides the optimizer part / also the gradients / also
    the weights (and the bf16 copies) by n_gpus; FSDP full shard is stage 3.

    activations = L x s b h x (checkpointing: its input, 4 bytes in 'full'
                  (the fp32 residual stream), else 2; without: the layer's
                  saved tensors, per_layer_bytes())
    rebuilt layer (checkpointing only) = one layer's saved tensors, plus in
                  'full' its bf16 weight copies
    head   = s b h x 10 ('full': the final norm's fp32 input and output, the
             head's bf16 input), 4 (LoRA: the final norm's fp32 input), 0
    logits = b s V x (2 + GPUADV_TRAIN_CE_FP32_BYTES / ce_chunks)
             (16-bit logits of every position, plus the fp32 buffers of the
             cross entropy: upcast logits, log-softmax, gradient; chunked
             cross entropy holds them for one chunk)

The terms of 'full' and the activation counts are bench/gpu's exact counts of
the live tensors (train_memory.py, saved_tensors.py; torch 2.x figures);
they are not fitted here. The one constant fitted is the logits' fp32
bytes. Why the bf16-weight modes add the rebuilt layer to the loss's
backward instead of taking the larger of the two, and why there is no
allocator slack or fixed overhead: see the diagnostics this script prints
and catalogs/train_peak.md.

It reads catalogs/measurements.csv (the 48 kind='train_mem' rows) and
catalogs/models.csv (layers, hidden, intermediate, heads, vocab), maps each
row to the arguments above (TABLE below: target rows, and the reason for
each row left out), fits the constant on the target rows by least squares
on the log of estimate/measured, and prints the #define, the per-row table
and the error summary. GiB rows are converted to GB (x 1.073741824) first.

With --check HEADER it reads the #define from the C header and prints
ok/FAIL (within 0.5% relative of the fit) and for the median error on the
target set with the header's value (<= 10%); exit status 1 on any FAIL.
"""
import argparse
import csv
import math
import os
import statistics
import sys

# The fitting and reporting helpers are shared with the decode fit.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from calibrate import (core, header_constants, nelder_mead, num,  # noqa: E402
                       quantile)

GIB_GB = 1.073741824

# Not a train_mem_gb mode: torchtune's pure-bf16 full fine-tuning (bf16
# weights, bf16 grads, AdamW moments in bf16, no fp32 master). Used only in
# the what-if block below, never in the fit.
PURE_BF16 = (2.0, 2.0, 4.0)

# Per row: ("in", mode, zero_stage, recompute, cp, ce_chunks, why) for the
# target set, ("out", reason, nominal) for the rest, where nominal is
# (mode, zero_stage, recompute, cp, ce_chunks) to show what the formula gives
# with the row's columns taken at face value, or None when an input it needs
# (sequence length, a TP/PP layout) cannot be given to it.
# n_gpus is always the row's gpu_count; the sequence per GPU is seq_len / cp.
TT_SEP = "torchtune Sep 2024: packed 2048, bs 2, AC on, chunked CE (8)"
TT_APR = "torchtune Apr/May 2024: bs 4 x 2048, AC on, fp32 CE unchunked"
TITAN_CP = ("torchtitan FSDP2 + CP, full AC; fp32 sharded params+grads+Adam "
            "= 16 B/param over the 8 GPUs (dp_shard x cp); per-GPU seq 32768")
PAGED = "paged/8-bit optimizer states (bitsandbytes, pageable to CPU)"
BF16 = ("pure-bf16 AdamW (bf16 weights, grads and moments, 8 B/param): "
        "no train_mem_gb mode has this accounting")
OFFL = "activation offloading to CPU (checkpointed inputs leave the GPU)"
SEQ = "sequence length unknown (alpaca unpacked, variable length)"
SAC = ("torchtitan 'selective AC' is op-level SAC (keeps every second matmul "
       "output): none of Korthikanti's three recompute modes")
TP = "tensor/pipeline parallel layout: train_peak_gb has no TP/PP argument"
TABLE = {
    "T001": ("out", PAGED + ", optimizer_in_bwd", ("full", 0, "full", 1, 8)),
    "T002": ("out", PAGED + "; source: ~2x T001 unexplained",
             ("full", 0, "full", 1, 8)),
    "T003": ("out", "floor: bf16 weights + checkpointed inputs + 16-bit "
             "logits exceed the measured peak (stated setup not what ran)",
             ("lora", 0, "full", 1, 8)),
    "T004": ("out", "A6000 twin of T003 at 1.87x (as T002 vs T001): "
             "settings differ, source gives no explanation",
             ("lora", 0, "full", 1, 8)),
    "T005": ("in", "qlora", 0, "full", 1, 8, TT_SEP),
    "T006": ("out", "CPU offload of parameters and optimizer (FSDP)",
             ("full", 3, "full", 1, 8)),
    "T007": ("in", "lora", 3, "full", 1, 8, TT_SEP + "; FSDP over 8"),
    "T008": ("out", "micro_batch ambiguous (README 2, config 1) and unit "
             "printed GB in a GiB table", ("qlora", 3, "full", 1, 8)),
    "T009": ("out", SEQ, None),
    "T010": ("out", BF16, ("full", 0, "selective", 1, 1)),
    "T011": ("out", BF16, ("full", 0, "selective", 1, 1)),
    "T012": ("out", BF16, ("full", 0, "selective", 1, 8)),
    "T013": ("out", BF16, ("full", 0, "full", 1, 8)),
    "T014": ("out", BF16 + "; optimizer_in_bwd", ("full", 0, "full", 1, 8)),
    "T015": ("out", OFFL + "; " + BF16, ("full", 0, "full", 1, 8)),
    "T016": ("out", "8-bit AdamW; " + OFFL, ("full", 0, "full", 1, 8)),
    "T017": ("out", OFFL, ("lora", 0, "full", 1, 8)),
    "T018": ("out", OFFL, ("qlora", 0, "full", 1, 8)),
    "T019": ("in", "qlora", 0, "full", 1, 1, TT_APR),
    "T020": ("in", "lora", 0, "full", 1, 1, TT_APR),
    "T021": ("in", "lora", 3, "full", 1, 1, TT_APR + "; FSDP over 2; AC "
             "not printed, inferred: without it activations alone are "
             "36.5 GB on a 24 GB card"),
    "T022": ("out", PAGED + ", optimizer_in_bwd", ("full", 0, "full", 1, 1)),
    "T023": ("out", BF16, ("full", 3, "full", 1, 1)),
    "T024": ("out", "floor: sharded bf16 weights + checkpointed inputs of "
             "4 x 4096 tokens exceed the measured peak (stated setup not "
             "what ran)", ("lora", 3, "full", 1, 1)),
    "T025": ("out", PAGED, ("full", 3, "full", 1, 1)),
    "T026": ("out", SEQ, None),
    "T027": ("out", SEQ, None),
    "T028": ("out", SEQ, None),
    "T029": ("out", SEQ, None),
    "T030": ("out", SEQ, None),
    "T038": ("out", SAC, ("full16", 3, "selective", 1, 1)),
    "T039": ("out", SAC, ("full16", 3, "selective", 1, 1)),
    "T040": ("out", SAC, ("full16", 3, "selective", 1, 1)),
    "T041": ("in", "full16", 3, "full", 1, 1, TITAN_CP + " (CP 1)"),
    "T042": ("in", "full16", 3, "full", 2, 1, TITAN_CP + " (CP 2)"),
    "T043": ("in", "full16", 3, "full", 4, 1, TITAN_CP + " (CP 4)"),
    "T044": ("in", "full16", 3, "full", 8, 1, TITAN_CP + " (CP 8)"),
    "T045": ("out", SAC, ("full16", 3, "selective", 1, 1)),
    "T046": ("out", SAC, ("full16", 3, "selective", 1, 1)),
    "T047": ("out", SAC, ("full16", 3, "selective", 1, 1)),
    "T048": ("out", TP + " (FSDP 32 x TP 8)", None),
    "T049": ("out", TP + " (FSDP 32 x TP 8, async TP)", None),
    "T050": ("out", TP + " (FSDP 8 x TP 8 x PP 8)", None),
    "T051": ("out", TP + " (FSDP 8 x TP 8 x PP 8)", None),
    "T052": ("out", TP + " (TP 8 x PP 8 + CP)", None),
    "T053": ("out", TP + " (TP 8 x PP 8 + CP)", None),
    "T054": ("out", TP + " (TP 8 x PP 8 + CP)", None),
    "T055": ("out", TP + " (TP 8 x PP 8 + CP)", None),
}
CONSTANTS = ("GPUADV_TRAIN_CE_FP32_BYTES",)
# GPUADV_ZERO3_LIVE_LAYERS of ext/gpuadv_math.h is set from the mechanism
# (FSDP's two all-gathers in flight), not fitted; the diagnostics below
# print the errors with 0 to 3 in its place (None: the library's).
ZERO3_LIVE_LAYERS = None
MEDIAN_TARGET = 0.10


def load(dirname):
    def rows(name):
        with open(os.path.join(dirname, name), newline="") as f:
            return list(csv.DictReader(f))
    models = {r["name"]: r for r in rows("models.csv")}
    meas = [r for r in rows("measurements.csv") if r["kind"] == "train_mem"]
    return models, meas


# ---------------------------------------------------------------- formula
# The estimate is the C of ext/gpuadv_math.c (gpuadv_train_peak_parts_of,
# gpuadv_train_peak_of_parts) through build/libgpuadv_core.so: nothing of
# it is restated here. The fit and the what-ifs change its constants
# (gpuadv_train_peak_knobs), not its arithmetic.
def peak_args(c):
    """A case as train_peak_gb's arguments."""
    return dict(params_b=c["params_b"], mode=c["mode"], layers=c["layers"],
                hidden=c["hidden"], heads=c["heads"], seq_len=c["s"],
                micro_batch=c["b"], n_gpus=float(c["n"]),
                zero_stage=int(c["zero"]), recompute=c["recompute"],
                vocab=c["vocab"], ce_chunks=float(c["chunks"]),
                intermediate=c["inter"], lora_rank=c.get("rank", 0.0))


def parts(c, ce_fp32_bytes, **knobs):
    """The terms of the estimate, in GB (gpuadv_train_peak_parts), with
    the fitted constant ce_fp32_bytes, ZERO3_LIVE_LAYERS, the case's own
    state per parameter where it gives one (c["state"]) and any other
    constant of gpuadv_train_peak_knobs in knobs."""
    if c.get("state"):
        knobs["state"] = c["state"]
    if ZERO3_LIVE_LAYERS is not None:
        knobs["zero3_live_layers"] = ZERO3_LIVE_LAYERS
    k = core().train_peak_knobs(ce_fp32_bytes=ce_fp32_bytes, **knobs)
    return core().train_peak_parts(peak_args(c), k)


def estimate(c, ce_fp32_bytes, slack=0.0, larger_of=None):
    """The step's peak, GB; larger_of: the loss's backward and the rebuilt
    layer apart in time (C's rule for 'full'), else added (the others)."""
    if larger_of is None:
        larger_of = c["mode"] == "full"
    return (1 + slack) * core().train_peak_of_parts(parts(c, ce_fp32_bytes),
                                                    larger_of)


def floor_gb(c):
    """What the stated setup must hold at the end of the forward pass, at
    the least: stored base weights (16-bit, or 4-bit for NF4), sharded as
    stated, the layer inputs kept for the backward pass (2sbh per layer) and
    the 16-bit logits."""
    base = 0.5 if c["mode"] == "qlora" else 2.0
    w = c["params_b"] * base / (c["n"] if c["zero"] >= 3 else 1)
    return w + (c["layers"] * 2 * c["s"] * c["b"] * c["hidden"] +
                2 * c["b"] * c["s"] * c["vocab"]) / 1e9


# ---------------------------------------------------------------- rows
def make_case(r, m, mode, zero, recompute, cp, chunks):
    """A row as train_peak_gb's arguments; LoRA rows take the adapters'
    share from the row's stated rank (lora_rank)."""
    hidden = num(m["hidden"])
    inter = num(m["intermediate"]) or 8.0 * hidden / 3.0
    rank = num(r["lora_rank"]) if mode in ("lora", "qlora") else 0.0
    return dict(
        id=r["id"], mode=mode, rank=rank,
        params_b=num(r["params_b"]), n=int(num(r["gpu_count"])), zero=zero,
        recompute=recompute, s=num(r["seq_len"]) / cp, cp=cp,
        b=num(r["micro_batch"]), chunks=chunks, layers=num(m["layers"]),
        hidden=hidden, inter=inter, heads=num(m["heads"]),
        vocab=num(m["vocab"]),
        measured=num(r["value"]) * (GIB_GB if r["unit"] == "GiB" else 1.0),
        model=r["model"], fw=r["framework"])


def cases(models, meas):
    ids = {r["id"] for r in meas}
    if ids != set(TABLE):
        sys.exit("calibrate_train.py: TABLE does not list exactly the "
                 "train_mem rows: missing %s, unknown %s"
                 % (sorted(ids - set(TABLE)), sorted(set(TABLE) - ids)))
    target, other = [], []
    for r in meas:
        t = TABLE[r["id"]]
        m = models[r["model"]]
        if t[0] == "in":
            c = make_case(r, m, *t[1:6])
            c["why"] = t[6]
            target.append(c)
        else:
            c = make_case(r, m, *t[2]) if t[2] else dict(
                id=r["id"], model=r["model"], fw=r["framework"],
                measured=num(r["value"]) * (GIB_GB if r["unit"] == "GiB"
                                            else 1.0))
            c["why"] = t[1]
            c["nominal"] = t[2] is not None
            other.append(c)
    return target, other


# ---------------------------------------------------------------- fitting
def log_loss(rows, fp32, slack=0.0, overhead=0.0, larger_of=None):
    total = 0.0
    for c in rows:
        e = estimate(c, fp32, slack, larger_of) + overhead
        if e <= 0:
            return 1e18
        total += math.log(e / c["measured"]) ** 2
    return total


def fit(rows):
    """The fp32 CE bytes > 0; no slack, no overhead."""
    return nelder_mead(lambda x: log_loss(rows, x[0]) if x[0] > 0
                       else 1e18, [8.0])[0]


def fit_diagnostic(rows, free, larger_of=None):
    """Diagnostic: the same with a free allocator slack (>= 0) or a free
    fixed overhead in GB; returns (fp32, slack, overhead)."""
    def f(x):
        if x[0] <= 0 or (free == "slack" and x[1] < 0):
            return 1e18
        if free == "slack":
            return log_loss(rows, x[0], slack=x[1], larger_of=larger_of)
        return log_loss(rows, x[0], overhead=x[1], larger_of=larger_of)
    x = nelder_mead(f, [8.0, 0.05], 6000)
    return (x[0], x[1], 0.0) if free == "slack" else (x[0], 0.0, x[1])


def summary(errs):
    a = [abs(e) for e in errs]
    return dict(n=len(a), median=statistics.median(a), p90=quantile(a, 0.9),
                worst=max(a))


# ---------------------------------------------------------------- output
def summary_line(c):
    if "recompute" not in c:
        return "%-10s %-14s (no estimate)" % (c["fw"], c["model"])
    seq = "%dx%d" % (c["b"], c["s"])
    if c["cp"] > 1:
        seq += "(/cp%d)" % c["cp"]
    mode = c["mode"] + ("/r%d" % c["rank"] if c["rank"] else "")
    return "%-10s %-14s %-9s n=%-3d z%d %-9s %-14s V=%d/ch%d" % (
        c["fw"], c["model"], mode, c["n"], c["zero"], c["recompute"],
        seq, c["vocab"], c["chunks"])


# ---------------------------------------------------------------- counts
CPU_COUNTS = os.path.join("bench", "gpu", "train_memory_cpu.csv")
# torch 1.13, which counted them, keeps 8 bytes per token per hidden unit
# more in each layer than torch 2.x (mean()'s fp32 square in both norms)
# and 4 more outside the layers (the final norm's).
TORCH113_EXTRA = dict(layer=8.0, head=4.0)
COUNT_TOLERANCE = 0.03


def count_case(r):
    """A bench/gpu count as a case of 'full' or 'lora', and its peak."""
    n = lambda k: float(r[k])  # noqa: E731
    c = dict(mode=r["mode"], params_b=n("params")
             / 1e9, n=1, zero=0, s=n("seq"), b=n("batch"), chunks=1,
             recompute="full" if r["checkpointing"] == "yes" else "selective",
             layers=n("layers"), hidden=n("hidden"), heads=n("heads"),
             vocab=n("vocab"), inter=n("intermediate"), cp=1)
    return c, n("peak_bytes") / 1e9


def count_estimate(c, lora_params_b):
    """The formula's peak for a count: torch 1.13's extra tensors, 12
    allocated bytes per logit (no 16-bit logits at the loss's backward, no
    allocator), and for LoRA the counted state: 2 per base weight, 12 per
    adapter weight, 2 more for the adapters' bf16 copies without
    checkpointing; 20 per adapter weight at the optimizer step."""
    p = parts(c, 10.0, extra_layer_bytes=TORCH113_EXTRA["layer"],
              extra_head_bytes=TORCH113_EXTRA["head"])
    if c["mode"] == "lora":
        base = c["params_b"] - lora_params_b
        p["resident"] = 2 * base + (12 if c["recompute"] == "full" else 14) \
            * lora_params_b
        p["step"] = 2 * base + 20 * lora_params_b
    return core().train_peak_of_parts(p, True)


def count_errors(path):
    """Relative error of the formula on each count of the torch 2.x AdamW
    arithmetic, per (mode, checkpointing)."""
    out = {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            if "2.x" not in r["optimizer"]:
                continue
            c, peak = count_case(r)
            e = count_estimate(c, float(r["lora_params"] or 0) / 1e9)
            key = (r["mode"], r["checkpointing"])
            out.setdefault(key, []).append(e / peak - 1)
    return out


def held_out(target, fitter):
    """Each configuration left out of the fit in turn: its errors with the
    constants fitted on the rest."""
    groups = {}
    for c in target:
        key = (c["model"], c["mode"], c["n"], c["s"], c["b"], c["chunks"])
        groups.setdefault(key, []).append(c)
    out = []
    for g in groups.values():
        est = fitter([c for c in target if c not in g])
        out.append((g, [est(c) / c["measured"] - 1 for c in g]))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--catalogs", default="catalogs")
    ap.add_argument("--check", metavar="HEADER")
    opts = ap.parse_args()
    models, meas = load(opts.catalogs)
    target, other = cases(models, meas)

    fp32 = fit(target)
    fitted = {"GPUADV_TRAIN_CE_FP32_BYTES": fp32}
    for k in CONSTANTS:
        print("#define %s %.4g" % (k, fitted[k]))
    print()

    # Every target row must hold its own stated setup's floor.
    for c in target:
        if floor_gb(c) > c["measured"]:
            sys.exit("calibrate_train.py: target row %s is below its floor "
                     "(%.2f > %.2f GB)" % (c["id"], floor_gb(c),
                                            c["measured"]))

    print("%-5s %-72s %8s %8s %7s  %s" % ("id", "config (fw model mode n "
          "zero recompute b x s vocab/ce_chunks)", "est GB", "meas GB",
          "rel err", "set"))
    errs = []
    for c in sorted(target + other, key=lambda c: c["id"]):
        inset = c in target
        if "recompute" in c:
            e = estimate(c, fp32)
            err = e / c["measured"] - 1
            est_s, err_s = "%8.2f" % e, "%+7.3f" % err
            if inset:
                errs.append(err)
        else:
            est_s, err_s = "%8s" % "-", "%7s" % "-"
        print("%-5s %-72s %s %8.2f %s  %s" % (
            c["id"], summary_line(c), est_s, c["measured"], err_s,
            "in" if inset else "out: " + c["why"]))
    s = summary(errs)
    print()
    print("target set: %(n)d rows, median |rel err| %(median).3f, p90 "
          "%(p90).3f, worst %(worst).3f" % s)

    # Terms of the target rows, and the floor that T003/T024 fail.
    print()
    print("terms (GB), floor = stored weights + 2sbh per layer + 16-bit "
          "logits:")
    for c in sorted(target + [o for o in other if o["id"] in
                              ("T003", "T024")], key=lambda c: c["id"]):
        p = parts(c, fp32)
        print("  %s state %6.2f gathered %4.2f act %6.2f recomp %5.2f head "
              "%4.2f logits %6.2f | floor %6.2f vs measured %6.2f%s" % (
                  c["id"], p["resident"], p["gathered"], p["act"],
                  p["recomp"], p["head"], p["logits"], floor_gb(c),
                  c["measured"],
                  "  (floor above measured: out)"
                  if floor_gb(c) > c["measured"] else ""))

    # Each configuration left out of the fit in turn.
    print()
    held = []
    for g, e in held_out(target, lambda rows: (
            lambda f: lambda c: estimate(c, f))(fit(rows))):
        held += e
        print("  left out %-28s -> err %s" % (
            ",".join(c["id"] for c in g), " ".join("%+.3f" % x for x in e)))
    hs = summary(held)
    print("each configuration left out of the fit in turn: median %.3f, "
          "p90 %.3f, worst %.3f" % (hs["median"], hs["p90"], hs["worst"]))

    # The structure of 'full' and LoRA on the exact counts of bench/gpu.
    print()
    counts = count_errors(CPU_COUNTS)
    worst_count = 0.0
    for key in sorted(counts):
        a = [abs(e) for e in counts[key]]
        worst_count = max(worst_count, max(a))
        print("exact counts (%s), %s, checkpointing %s: %d runs, median "
              "|rel err| %.4f, worst %.4f" % (CPU_COUNTS, key[0], key[1],
                                               len(a), statistics.median(a),
                                               max(a)))

    # Diagnostics: a free slack or overhead, and the larger-of structure of
    # 'full' for every mode.
    print()
    for label, free, larger in (
            ("slack free", "slack", None),
            ("overhead free (GB)", "overhead", None),
            ("larger-of for every mode, slack free", "slack", True)):
        f3, s3, o3 = fit_diagnostic(target, free, larger)
        e3 = summary([estimate(c, f3, s3, larger) / c["measured"] - 1 + o3
                      / c["measured"] for c in target])
        h3 = []
        for _, e in held_out(target, lambda rows: (
                lambda x: lambda c: (estimate(c, x[0], x[1], larger) + x[2])
        )(fit_diagnostic(rows, free, larger))):
            h3 += e
        h3 = summary(h3)
        print("diagnostic, %s: CE fp32 bytes %.3f, slack %.4f, overhead "
              "%+.3f; median %.3f, p90 %.3f; left out in turn: median "
              "%.3f, p90 %.3f" % (label, f3, s3, o3, e3["median"],
                                  e3["p90"], h3["median"], h3["p90"]))

    # Diagnostics: ZeRO-3's gathered layers from 0 to 3, and the adapters
    # at the 1% default instead of each row's rank.
    global ZERO3_LIVE_LAYERS
    print()
    for live, by_rank in ((0, True), (1, True), (2, True), (3, True),
                          (2, False)):
        saved, ZERO3_LIVE_LAYERS = ZERO3_LIVE_LAYERS, live
        rows = target if by_rank else [
            dict(c, rank=0) for c in target]
        try:
            f4 = fit(rows)
            e4 = summary([estimate(c, f4) / c["measured"] - 1 for c in rows])
            h4 = []
            for _, e in held_out(rows, lambda r: (
                    lambda f: lambda c: estimate(c, f))(fit(r))):
                h4 += e
            h4 = summary(h4)
        finally:
            ZERO3_LIVE_LAYERS = saved
        print("diagnostic, ZeRO-3 gathers %d layers, adapters %s: CE fp32 "
              "bytes %.3f; median %.3f, worst %.3f; left out in turn: "
              "median %.3f, p90 %.3f, worst %.3f" % (
                  live, "of the row's rank" if by_rank else "1%", f4,
                  e4["median"], e4["worst"], h4["median"], h4["p90"],
                  h4["worst"]))

    # What-if: pure-bf16 rows under an 8 B/param accounting (not fitted).
    print()
    print("what-if, not in the fit: torchtune pure-bf16 rows with 2+2+4 "
          "B/param (weights, grads, bf16 Adam moments), as mode full16:")
    for c in other:
        if c["id"] not in ("T010", "T011", "T012", "T013", "T023"):
            continue
        rcs = [c["recompute"]] + (["none"] if c["id"] == "T010" else [])
        for rc in rcs:
            w = dict(c, mode="full16", state=PURE_BF16, recompute=rc)
            e = estimate(w, fp32)
            print("  %s %-9s est %6.2f meas %6.2f err %+.3f" % (
                c["id"], rc, e, c["measured"], e / c["measured"] - 1))

    if not opts.check:
        return 0
    print()
    status = 0
    ok = worst_count <= COUNT_TOLERANCE
    print("%s train-peak-counts: the formula within %.3f of every exact "
          "count of %s (worst %.4f)" % ("ok" if ok else "FAIL",
                                         COUNT_TOLERANCE, CPU_COUNTS,
                                         worst_count))
    status |= not ok
    consts = header_constants(opts.check)
    for k in CONSTANTS:
        have = consts.get(k)
        ok = have is not None and abs(have / fitted[k] - 1) <= 0.005
        print("%s %s: header %s, fit %.4g" % ("ok" if ok else "FAIL", k,
                                               have, fitted[k]))
        status |= not ok
    if all(consts.get(k) is not None for k in CONSTANTS):
        hs_ = summary([estimate(c, consts[CONSTANTS[0]]) / c["measured"] - 1
                       for c in target])
        ok = hs_["median"] <= MEDIAN_TARGET
        print("%s train-peak-median: %.3f <= %.2f with the header's "
              "constant (%d target rows)" % ("ok" if ok else "FAIL",
                                             hs_["median"], MEDIAN_TARGET,
                                             hs_["n"]))
    else:
        ok = False
        print("FAIL train-peak-median: constant missing from %s"
              % opts.check)
    status |= not ok
    return status


if __name__ == "__main__":
    sys.exit(main())
