#!/usr/bin/python3
"""Refit gpuadv's decode constants for one GPU from rows written by
bench/gpu/calibrate_gpu.py.

    refit.py ROWS.csv [--gpu-label TEXT] [--bandwidth-gbs N] [--catalogs DIR]

The decode rows (kind decode and aggregate, metric decode_tps_*) of one GPU
are fitted to gpuadv's decode model

    step = bytes read / (bandwidth x efficiency) + layers x overhead
    tokens/s = batch / step

bytes read = the weights of the shape in model_label, less the embedding
(one row per token), plus batch x the KV cache of prompt_tokens + 1 tokens,
at the row's dtype. The two unknowns, efficiency and overhead, enter
linearly (slope 1 / (bandwidth x efficiency) and intercept layers x
overhead), so the fit is a weighted linear least squares on the relative
error of the step time, with both constrained to be >= 0. Their standard
errors come from the residuals (n - 2 degrees of freedom).

bandwidth: --bandwidth-gbs, else the catalog's mem_bw_gbs of the rows' gpu
slug (catalogs/gpus.csv), else the memory_bandwidth_copy row of the same
GPU in the file (the efficiency is then a share of the achieved copy
bandwidth, not of the datasheet).

Prefill rows are reported as mfu = tokens/s x 2 x parameters / TFLOP/s,
the form of gpuadv's model_prefill_tps, against the datasheet's 16-bit
TFLOP/s when the GPU is in the catalog and against the file's measured
matmul TFLOP/s.
"""
import argparse
import csv
import math
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
BYTES = {"fp32": 4, "tf32": 4, "bf16": 2, "fp16": 2, "fp8": 1, "int8": 1}
CLASS_CONST = {"HBM": "GPUADV_DECODE_EFF_HBM", "GDDR": "GPUADV_DECODE_EFF_GDDR",
               "unified": "GPUADV_DECODE_EFF_UNIFIED",
               "DDR": "GPUADV_DECODE_EFF_UNIFIED"}


def shape_of(label):
    s = {k: int(v) for k, v in re.findall(r"\b([a-z_]+)=(\d+)", label)}
    need = ("layers", "hidden", "intermediate", "heads", "kv_heads",
            "head_dim", "vocab")
    if any(k not in s for k in need):
        return None
    return s


def params_of(s):
    """Same count as calibrate_gpu.param_count."""
    h, hd = s["hidden"], s["head_dim"]
    attn = h * s["heads"] * hd * 2 + h * s["kv_heads"] * hd * 2
    return s["layers"] * (attn + 3 * h * s["intermediate"] + 2 * h) + h + \
        2 * s["vocab"] * h


def header_constants(path):
    consts = {}
    if not os.path.exists(path):
        return consts
    with open(path) as f:
        for line in f:
            m = re.match(r"\s*#\s*define\s+(GPUADV_\w+)\s+([-+0-9.eE]+)\s*",
                         line)
            if m:
                consts[m.group(1)] = float(m.group(2))
    return consts


def solve(cases, use_a=True, use_o=True):
    """Weighted least squares of m ~ a*B + o with weights 1/m: returns
    (a, o, loss, covariance or None)."""
    cols = [c for c, on in (("B", use_a), ("one", use_o)) if on]
    xs = [[(c["bytes"] if k == "B" else 1.0) / c["step"] for k in cols]
          for c in cases]
    n = len(cols)
    xtx = [[sum(x[i] * x[j] for x in xs) for j in range(n)] for i in range(n)]
    xty = [sum(x[i] for x in xs) for i in range(n)]
    if n == 1:
        if xtx[0][0] == 0:
            return None
        inv = [[1 / xtx[0][0]]]
    else:
        det = xtx[0][0] * xtx[1][1] - xtx[0][1] * xtx[1][0]
        if det <= 0 or not math.isfinite(det):
            return None
        inv = [[xtx[1][1] / det, -xtx[0][1] / det],
               [-xtx[1][0] / det, xtx[0][0] / det]]
    beta = [sum(inv[i][j] * xty[j] for j in range(n)) for i in range(n)]
    rss = sum((sum(b * xi for b, xi in zip(beta, x)) - 1) ** 2 for x in xs)
    dof = len(xs) - n
    cov = [[rss / dof * inv[i][j] for j in range(n)] for i in range(n)] \
        if dof > 0 else None
    vals = dict(zip(cols, beta))
    var = {}
    if cov:
        var = {k: cov[i][i] for i, k in enumerate(cols)}
    return vals.get("B", 0.0), vals.get("one", 0.0), rss, var


def fit(cases):
    """Non-negative fit: the unconstrained solution when both terms are
    >= 0, else the better of the one-term fits."""
    full = solve(cases)
    if full and full[0] > 0 and full[1] >= 0:
        return full, "both terms fitted"
    options = []
    for use_a, use_o, why in ((True, False, "overhead at its bound 0"),
                              (False, True, "bandwidth term at its bound 0: "
                               "the step does not grow with the bytes read")):
        r = solve(cases, use_a, use_o)
        if r and r[0] >= 0 and r[1] >= 0:
            options.append((r[2], r, why))
    if not options:
        return None, "no fit"
    _, r, why = min(options, key=lambda o: o[0])
    return r, why


def main():
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("rows")
    ap.add_argument("--gpu-label", help="which GPU, when the file has several")
    ap.add_argument("--bandwidth-gbs", type=float)
    ap.add_argument("--catalogs", default=os.path.join(ROOT, "catalogs"))
    ap.add_argument("--header", default=os.path.join(ROOT, "ext",
                                                     "gpuadv_math.h"))
    opts = ap.parse_args()

    with open(opts.rows, newline="") as f:
        rows = list(csv.DictReader(f))
    labels = sorted({r["gpu_label"] for r in rows
                     if r["metric"].startswith("decode_tps")})
    if opts.gpu_label:
        labels = [l for l in labels if l == opts.gpu_label]
    if len(labels) != 1:
        sys.exit("refit.py: %s decode rows of %s; choose one with "
                 "--gpu-label" % ("no" if not labels else "the GPUs",
                                  "; ".join(labels) or opts.rows))
    label = labels[0]
    mine = [r for r in rows if r["gpu_label"] == label]
    slug = next((r["gpu"] for r in mine if r["gpu"]), "")

    gpu = None
    gpus_csv = os.path.join(opts.catalogs, "gpus.csv")
    if slug and os.path.exists(gpus_csv):
        with open(gpus_csv, newline="") as f:
            gpu = next((g for g in csv.DictReader(f) if g["name"] == slug),
                       None)
    copy = [float(r["value"]) for r in mine
            if r["metric"] == "memory_bandwidth_copy"]
    matmul = [float(r["value"]) for r in mine
              if r["metric"] == "matmul_tflops_achieved"]
    if opts.bandwidth_gbs:
        bw, bw_from = opts.bandwidth_gbs, "--bandwidth-gbs"
    elif gpu and gpu["mem_bw_gbs"]:
        bw, bw_from = float(gpu["mem_bw_gbs"]), "datasheet, gpus.csv %s" % slug
    elif copy:
        bw, bw_from = max(copy), "measured copy bandwidth in %s" % opts.rows
    else:
        sys.exit("refit.py: no bandwidth for %s: give --bandwidth-gbs, a "
                 "catalog gpu slug, or a memory_bandwidth_copy row" % label)

    cases = []
    for r in mine:
        if not r["metric"].startswith("decode_tps"):
            continue
        s = shape_of(r["model_label"])
        if s is None or r["dtype"] not in BYTES:
            sys.exit("refit.py: %s: model_label has no full shape or dtype "
                     "%r is unknown" % (r["id"], r["dtype"]))
        bpe = BYTES[r["dtype"]]
        batch = int(r["batch"] or 1)
        ctx = int(r["prompt_tokens"] or 0) + float(r["gen_tokens"] or 0) / 2
        weights = (params_of(s) - s["vocab"] * s["hidden"]) * bpe
        kv = 2 * s["layers"] * s["kv_heads"] * s["head_dim"] * (ctx + 1) * bpe
        tps = float(r["value"])
        cases.append(dict(id=r["id"], batch=batch, ctx=ctx, layers=s["layers"],
                          bytes=weights + batch * kv, tps=tps,
                          step=batch / tps))
    if len(cases) < 2:
        sys.exit("refit.py: %d decode rows of %s; need 2 or more"
                 % (len(cases), label))
    layer_counts = {c["layers"] for c in cases}
    res, how = fit(cases)
    if res is None:
        sys.exit("refit.py: the rows admit no fit with both terms >= 0")
    a, o, _, var = res
    layers = statistics.median(sorted(layer_counts))

    print("gpu: %s%s; %d decode rows; bandwidth %.6g GB/s (%s)"
          % (label, " (%s)" % slug if slug else "", len(cases), bw, bw_from))
    if len(layer_counts) > 1:
        print("note: rows of different layer counts %s; overhead per layer "
              "uses %g" % (sorted(layer_counts), layers))
    print("fit: %s" % how)
    if a > 0:
        eff = 1 / (a * bw * 1e9)
        err = "+- %.2g" % (eff * math.sqrt(var["B"]) / a) if "B" in var \
            else "(no error: 2 rows)"
        print("efficiency: %.4g %s (share of %.6g GB/s)" % (eff, err, bw))
    else:
        print("efficiency: not identifiable (bandwidth term fixed at 0)")
    ms = o / layers * 1e3
    if "one" in var:
        err = "+- %.2g" % (math.sqrt(var["one"]) / layers * 1e3)
    else:
        err = "(fixed at 0)" if how.startswith("overhead") else \
            "(no error: 2 rows)"
    print("overhead per layer: %.4g ms %s" % (ms, err))
    print("%-8s %6s %8s %12s %12s %8s" % ("id", "batch", "context",
                                          "measured", "fitted", "error"))
    errs = []
    for c in sorted(cases, key=lambda c: (c["ctx"], c["batch"])):
        pred = c["batch"] / (a * c["bytes"] + o)
        e = pred / c["tps"] - 1
        errs.append(abs(e))
        print("%-8s %6d %8g %12.6g %12.6g %+8.3f" % (c["id"], c["batch"],
                                                      c["ctx"], c["tps"],
                                                      pred, e))
    print("tokens/s error: median %.3f, worst %.3f" % (statistics.median(errs),
                                                       max(errs)))
    consts = header_constants(opts.header)
    if gpu and CLASS_CONST.get(gpu["memory_class"]) in consts:
        name = CLASS_CONST[gpu["memory_class"]]
        print("gpuadv now: %s %.4g, GPUADV_DECODE_LAYER_OVERHEAD_S %.4g ms"
              % (name, consts[name],
                 consts.get("GPUADV_DECODE_LAYER_OVERHEAD_S", float("nan"))
                 * 1e3))

    tflops_sheet = None
    if gpu:
        tflops_sheet = next((float(gpu[k]) for k in ("bf16_tflops",
                                                     "fp16_tflops")
                             if gpu[k]), None)
    for r in mine:
        if r["metric"] != "prefill_tps":
            continue
        s = shape_of(r["model_label"])
        flops = 2 * params_of(s) * float(r["value"])
        parts = []
        if tflops_sheet:
            parts.append("mfu %.4g of datasheet %.6g TFLOP/s"
                         % (flops / (tflops_sheet * 1e12), tflops_sheet))
        if matmul:
            parts.append("%.4g of measured matmul %.6g TFLOP/s"
                         % (flops / (max(matmul) * 1e12), max(matmul)))
        print("prefill %s, %s-token prompt: %.6g tokens/s%s"
              % (r["id"], r["prompt_tokens"], float(r["value"]),
                 "; " + "; ".join(parts) if parts else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
