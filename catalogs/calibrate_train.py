#!/usr/bin/python3
"""Fit gpuadv's peak training memory estimate to the train_mem measurements.

    /usr/bin/python3 catalogs/calibrate_train.py [--catalogs catalogs]
                                                 [--check ext/gpuadv_math.h]

Run from the repository root. Standard library only.

The estimate (what train_peak_gb() computes in C; GB = 1e9 bytes, per GPU):

    train_peak_gb(params_b, mode, layers, hidden, heads, seq_len, micro_batch
                  [, n_gpus [, zero_stage [, recompute [, vocab [, ce_chunks]]]]])
      = (1 + GPUADV_TRAIN_ALLOC_SLACK) x ( state + act + recomp + logits )

      state  = train_mem_gb(params_b, mode, n_gpus, zero_stage)
               (bytes per parameter of the mode; ZeRO stage 1/2/3 divides the
               optimizer state / also the gradients / also the weights by
               n_gpus; FSDP full shard is stage 3)
      act    = activation_gb(layers, hidden, heads, seq_len, micro_batch,
                             recompute)
               none:      layers x s*b*h*(34 + 5*a*s/h) / 1e9
               selective: layers x 34*s*b*h / 1e9
               full:      layers x  2*s*b*h / 1e9
      recomp = 34*s*b*h / 1e9 when recompute = 'full', else 0
               (the one layer whose activations are rebuilt during its
               backward; 34sbh because flash attention keeps no s^2 term)
      logits = micro_batch x seq_len x vocab
               x (2 + GPUADV_TRAIN_CE_FP32_BYTES / ce_chunks) / 1e9
               (16-bit logits of every position, plus the fp32 working
               buffers of the cross entropy: upcast logits, log-softmax,
               gradient; chunked cross entropy holds them for one chunk)

    with s = seq_len (per GPU: divide by the context-parallel degree),
    b = micro_batch, h = hidden, a = heads. Defaults: n_gpus 1, zero_stage 0,
    recompute 'selective' (as activation_gb), vocab 0 (no logits term),
    ce_chunks 1 (unchunked; torchtune's chunked loss uses 8).

There is no fixed overhead term: fitted freely it comes out negative (the
measured figures are PyTorch caching-allocator statistics, which never
include the CUDA context, the usual content of such a term); see the
diagnostics this script prints.

It reads catalogs/measurements.csv (the 48 kind='train_mem' rows) and
catalogs/models.csv (layers, hidden, heads, vocab), maps each row to the
arguments above (TABLE below: target rows, and the reason for each row left
out), fits the two constants on the target rows by least squares on the log
of estimate/measured, and prints the #defines, the per-row table and the
error summary. GiB rows are converted to GB (x 1.073741824) first.

With --check HEADER it reads the two #defines from the C header and prints
ok/FAIL for each (within 0.5% relative of the fit) and for the median error
on the target set with the header's values (<= 10%); exit status 1 on any
FAIL.
"""
import argparse
import csv
import math
import os
import re
import statistics
import sys

# The fitting and reporting helpers are shared with the decode fit.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from calibrate import header_constants, nelder_mead, num, quantile  # noqa: E402

GIB_GB = 1.073741824

# train_mem_gb bytes per parameter (weights, grads, optimizer), as in
# gpuadv_train_bytes_per_param() of ext/gpuadv_math.c: LoRA adapter 1% of the
# parameters in fp32 with Adam (4 + 4 + 8 B), NF4 constants 0.127 bits.
LORA_F = 0.01
NF4 = 0.5 + 0.127 / 8
MODES = {
    "full": (2.0, 4.0, 12.0),
    "full16": (2.0, 2.0, 12.0),
    "lora": (2.0 + LORA_F * 4, LORA_F * 4, LORA_F * 8),
    "qlora": (NF4 + LORA_F * 4, LORA_F * 4, LORA_F * 8),
    "inference": (2.0, 0.0, 0.0),
}
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
CONSTANTS = ("GPUADV_TRAIN_ALLOC_SLACK", "GPUADV_TRAIN_CE_FP32_BYTES")
MEDIAN_TARGET = 0.10


def load(dirname):
    def rows(name):
        with open(os.path.join(dirname, name), newline="") as f:
            return list(csv.DictReader(f))
    models = {r["name"]: r for r in rows("models.csv")}
    meas = [r for r in rows("measurements.csv") if r["kind"] == "train_mem"]
    return models, meas


# ---------------------------------------------------------------- formula
def state_gb(params_b, bytes3, n_gpus, zero_stage):
    w, g, o = bytes3
    if zero_stage >= 1:
        o /= n_gpus
    if zero_stage >= 2:
        g /= n_gpus
    if zero_stage >= 3:
        w /= n_gpus
    return params_b * (w + g + o)


def activation_gb(layers, hidden, heads, s, b, recompute):
    sbh = s * b * hidden
    per_layer = {"none": sbh * (34 + 5 * heads * s / hidden),
                 "selective": 34 * sbh, "full": 2 * sbh}[recompute]
    return layers * per_layer / 1e9


def parts(c, ce_fp32_bytes):
    """The four terms of the estimate, in GB, before the slack factor."""
    s, b, h = c["s"], c["b"], c["hidden"]
    return dict(
        state=state_gb(c["params_b"], c["bytes3"], c["n"], c["zero"]),
        act=activation_gb(c["layers"], h, c["heads"], s, b, c["recompute"]),
        recomp=34 * s * b * h / 1e9 if c["recompute"] == "full" else 0.0,
        logits=b * s * c["vocab"] * (2 + ce_fp32_bytes / c["chunks"]) / 1e9)


def estimate(c, slack, ce_fp32_bytes, overhead=0.0):
    return (1 + slack) * sum(parts(c, ce_fp32_bytes).values()) + overhead


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
def make_case(r, m, mode, zero, recompute, cp, chunks, bytes3=None):
    return dict(
        id=r["id"], mode=mode, bytes3=bytes3 or MODES[mode],
        params_b=num(r["params_b"]), n=int(num(r["gpu_count"])), zero=zero,
        recompute=recompute, s=num(r["seq_len"]) / cp, cp=cp,
        b=num(r["micro_batch"]), chunks=chunks, layers=num(m["layers"]),
        hidden=num(m["hidden"]), heads=num(m["heads"]), vocab=num(m["vocab"]),
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
def log_loss(rows, slack, fp32, overhead=0.0):
    total = 0.0
    for c in rows:
        e = estimate(c, slack, fp32, overhead)
        if e <= 0:
            return 1e18
        total += math.log(e / c["measured"]) ** 2
    return total


def fit(rows):
    """Slack >= 0 and fp32 CE bytes > 0, no overhead."""
    def f(x):
        if x[0] < 0 or x[1] <= 0:
            return 1e18
        return log_loss(rows, x[0], x[1])
    return nelder_mead(f, [0.05, 8.0])


def fit_with_overhead(rows):
    """Diagnostic: the same with a free fixed overhead in GB."""
    def f(x):
        if x[1] <= 0:
            return 1e18
        return log_loss(rows, x[0], x[1], x[2])
    return nelder_mead(f, [0.05, 8.0, 0.5], 6000)


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
    return "%-10s %-14s %-6s n=%-3d z%d %-9s %-14s V=%d/ch%d" % (
        c["fw"], c["model"], c["mode"], c["n"], c["zero"], c["recompute"],
        seq, c["vocab"], c["chunks"])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--catalogs", default="catalogs")
    ap.add_argument("--check", metavar="HEADER")
    opts = ap.parse_args()
    models, meas = load(opts.catalogs)
    target, other = cases(models, meas)

    slack, fp32 = fit(target)
    fitted = {"GPUADV_TRAIN_ALLOC_SLACK": slack,
              "GPUADV_TRAIN_CE_FP32_BYTES": fp32}
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
            e = estimate(c, slack, fp32)
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
    print("terms (GB, before the slack factor), floor = stored weights + "
          "2sbh per layer + 16-bit logits:")
    for c in sorted(target + [o for o in other if o["id"] in
                              ("T003", "T024")], key=lambda c: c["id"]):
        p = parts(c, fp32)
        print("  %s state %6.2f act %6.2f recomp %5.2f logits %6.2f | "
              "floor %6.2f vs measured %6.2f%s" % (
                  c["id"], p["state"], p["act"], p["recomp"], p["logits"],
                  floor_gb(c), c["measured"],
                  "  (floor above measured: out)"
                  if floor_gb(c) > c["measured"] else ""))

    # Diagnostics: a free overhead, and each configuration left out.
    s3, f3, o3 = fit_with_overhead(target)
    e3 = summary([estimate(c, s3, f3, o3) / c["measured"] - 1
                  for c in target])
    print()
    print("diagnostic, overhead free: slack %.4f, CE fp32 bytes %.3f, "
          "overhead %+.3f GB (negative: left out), median %.3f, worst %.3f"
          % (s3, f3, o3, e3["median"], e3["worst"]))
    groups = {}
    for c in target:
        key = (c["model"], c["mode"], c["n"], c["s"], c["b"], c["chunks"])
        groups.setdefault(key, []).append(c)
    held = []
    for key, g in groups.items():
        rest = [c for c in target if c not in g]
        hs, hf = fit(rest)
        errs_g = [estimate(c, hs, hf) / c["measured"] - 1 for c in g]
        held += errs_g
        print("  left out %-28s fit on the rest: slack %.4f, CE fp32 "
              "bytes %6.3f -> err %s" % (
                  ",".join(c["id"] for c in g), hs, hf,
                  " ".join("%+.3f" % e for e in errs_g)))
    hs = summary(held)
    print("each configuration left out of the fit in turn: median %.3f, "
          "p90 %.3f, worst %.3f" % (hs["median"], hs["p90"], hs["worst"]))

    # What-if: pure-bf16 rows under an 8 B/param accounting (not fitted).
    print()
    print("what-if, not in the fit: torchtune pure-bf16 rows with 2+2+4 "
          "B/param (weights, grads, bf16 Adam moments):")
    for c in other:
        if c["id"] not in ("T010", "T011", "T012", "T013", "T023"):
            continue
        rcs = [c["recompute"]] + (["none"] if c["id"] == "T010" else [])
        for rc in rcs:
            w = dict(c, bytes3=PURE_BF16, recompute=rc)
            e = estimate(w, slack, fp32)
            print("  %s %-9s est %6.2f meas %6.2f err %+.3f" % (
                c["id"], rc, e, c["measured"], e / c["measured"] - 1))

    if not opts.check:
        return 0
    print()
    status = 0
    consts = header_constants(opts.check)
    for k in CONSTANTS:
        have = consts.get(k)
        ok = have is not None and abs(have / fitted[k] - 1) <= 0.005
        print("%s %s: header %s, fit %.4g" % ("ok" if ok else "FAIL", k,
                                               have, fitted[k]))
        status |= not ok
    if all(consts.get(k) is not None for k in CONSTANTS):
        hs_ = summary([estimate(c, consts[CONSTANTS[0]], consts[CONSTANTS[1]])
                       / c["measured"] - 1 for c in target])
        ok = hs_["median"] <= MEDIAN_TARGET
        print("%s train-peak-median: %.3f <= %.2f with the header's "
              "constants (%d target rows)" % ("ok" if ok else "FAIL",
                                              hs_["median"], MEDIAN_TARGET,
                                              hs_["n"]))
    else:
        ok = False
        print("FAIL train-peak-median: constants missing from %s"
              % opts.check)
    status |= not ok
    return status


if __name__ == "__main__":
    sys.exit(main())
