#!/usr/bin/python3
"""Fit gpuadv's decode and prefill constants to the measurements catalog.

    calibrate.py [--catalogs catalogs] [--check ext/gpuadv_math.h]

Reads catalogs/measurements.csv with gpus.csv and models.csv and fits:

  decode (model_decode_tps), on the single-stream rows (kind = decode) of
  llama.cpp in the 2024 extract (fitted_row):
    step = weights read / (bandwidth x eff[memory class] [x gguf factor on
           unified memory]) + kv read / (same) + layers x overhead
    five constants, by Nelder-Mead on the squared log error; then each GPU
    is left out in turn and predicted by a fit on the others;
  the plain roofline efficiency (decode_tps default), on the same rows:
    step = weights / (bandwidth x efficiency), one constant;
  prefill mfu (prefill_tps and model_prefill_tps default), on the
    single-GPU rows with a 512-token prompt that the source does not flag
    as anomalous: tokens/s = TFLOP/s x mfu / (2 x active parameters).

It prints the constants as C #defines and the error table. With --check it
compares the fit with the #defines in the header and exits 1 when a
constant differs by more than 0.005 (relative) or an error target is missed
(decode: median <= 10%, 90th percentile <= 20%, on all rows and on GPUs left
out of the fit).

This mirrors the formula of gpuadv_model_decode_tps() in ext/gpuadv_math.c:
a change there must be made here too (the SQL view estimate_accuracy checks
the C side against the same rows).
"""
import argparse
import csv
import math
import os
import re
import statistics
import sys

GGUF = {"q8_0": 8.5, "q6_k": 6.5625, "q4_k_m": 4.89, "q4_0": 4.5}
BYTES = {"fp32": 4, "tf32": 4, "fp16": 2, "bf16": 2, "fp8": 1, "int8": 1,
         "int4": 0.5, "nf4": 0.5, "fp4": 0.5}
CLASSES = ("HBM", "GDDR", "unified")


def bytes_per_param(dtype):
    return GGUF[dtype] / 8 if dtype in GGUF else BYTES[dtype]


def num(x):
    return float(x) if x not in ("", None) else 0.0


def load(dirname):
    def rows(name):
        with open(os.path.join(dirname, name), newline="") as f:
            return list(csv.DictReader(f))
    gpus = {r["name"]: r for r in rows("gpus.csv")}
    models = {r["name"]: r for r in rows("models.csv")}
    return gpus, models, rows("measurements.csv")


def fitted_row(r):
    """The rows the constants are fitted on: llama.cpp single-stream runs of the
    2024 extract. The 2025-2026 serving rows (other engines, tensor parallel,
    speculative decoding) stay out of this fit."""
    return r["engine"] == "llama.cpp" and r["as_of"] < "2025-01-01"


def decode_cases(gpus, models, meas):
    cases = []
    for r in meas:
        if r["kind"] != "decode" or not r["gpu"] or not r["model"]:
            continue
        if not fitted_row(r):
            continue
        if r["dtype"] not in GGUF and r["dtype"] not in BYTES:
            continue
        g, m = gpus[r["gpu"]], models[r["model"]]
        if g["memory_class"] not in CLASSES:
            continue
        bpp = bytes_per_param(r["dtype"])
        layers = num(m["layers"])
        embedding_b = num(m["vocab"]) * num(m["hidden"]) / 1e9
        context = num(r["prompt_tokens"]) + num(r["gen_tokens"]) / 2
        kv_gb = 2 * layers * num(m["kv_heads"]) * num(m["head_dim"]) * \
            context * 2 / 1e9
        cases.append(dict(
            id=r["id"], gpu=r["gpu"], cls=g["memory_class"],
            gguf=r["dtype"] in GGUF, bw=num(g["mem_bw_gbs"]), layers=layers,
            weights_gb=(num(m["active_params_b"]) - embedding_b) * bpp,
            all_weights_gb=num(m["params_b"]) * bpp,
            kv_gb=kv_gb, measured=num(r["value"])))
    return cases


def predict(c, x):
    e_hbm, e_gddr, e_unified, gguf_unified, overhead_ms = x
    eff = {"HBM": e_hbm, "GDDR": e_gddr, "unified": e_unified}[c["cls"]]
    if c["cls"] == "unified" and c["gguf"]:
        eff *= gguf_unified
    step = (c["weights_gb"] + c["kv_gb"]) / (c["bw"] * eff) + \
        c["layers"] * overhead_ms * 1e-3
    return 1 / step


def log_loss(cases, f):
    return sum(math.log(f(c) / c["measured"]) ** 2 for c in cases)


def nelder_mead(f, x0, iterations=2000):
    n = len(x0)
    pts = [list(x0)]
    for i in range(n):
        p = list(x0)
        p[i] = p[i] * 1.1 if p[i] else 0.01
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


def fit_decode(cases, x0=(0.5, 0.9, 0.7, 0.75, 0.1), iterations=2000):
    def f(x):
        if min(x) <= 0 or max(x[:4]) > 1:
            return 1e18
        return log_loss(cases, lambda c: predict(c, x))
    return nelder_mead(f, x0, iterations)


def quantile(xs, q):
    xs = sorted(xs)
    k = (len(xs) - 1) * q
    lo = int(math.floor(k))
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def errors(cases, f):
    return [abs(f(c) / c["measured"] - 1) for c in cases]


def summary(errs):
    return dict(n=len(errs), median=statistics.median(errs),
                p90=quantile(errs, 0.9), worst=max(errs))


def header_constants(path):
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--catalogs", default="catalogs")
    ap.add_argument("--check")
    opts = ap.parse_args()
    gpus, models, meas = load(opts.catalogs)
    cases = decode_cases(gpus, models, meas)
    x = fit_decode(cases)
    all_err = summary(errors(cases, lambda c: predict(c, x)))
    held = []
    for gpu in sorted({c["gpu"] for c in cases}):
        train = [c for c in cases if c["gpu"] != gpu]
        xg = fit_decode(train, x, 600)
        held += errors([c for c in cases if c["gpu"] == gpu],
                       lambda c: predict(c, xg))
    held_err = summary(held)

    # Plain roofline: one efficiency over all weights, no overhead.
    eff = math.exp(statistics.mean(
        math.log(c["all_weights_gb"] * c["measured"] / c["bw"])
        for c in cases))
    plain_err = summary(errors(
        cases, lambda c: c["bw"] * eff / c["all_weights_gb"]))

    # Prefill mfu against datasheet 16-bit TFLOP/s, 512-token prompts.
    ratios = []
    for r in meas:
        if r["kind"] != "prefill" or not r["gpu"] or not r["model"]:
            continue
        if not fitted_row(r):
            continue
        if r["prompt_tokens"] != "512" or r["gpu_count"] != "1":
            continue
        if "anomal" in r["notes"].lower():
            continue  # flagged by the source itself
        g, m = gpus[r["gpu"]], models[r["model"]]
        tflops = num(g["bf16_tflops"]) or num(g["fp16_tflops"]) or \
            num(g["fp32_tflops"])
        if not tflops:
            continue
        flops = 2 * num(m["active_params_b"]) * 1e9 * num(r["value"])
        ratios.append(min(1.0, flops / (tflops * 1e12)))
    mfu = statistics.median(ratios)
    prefill_err = summary([abs(mfu / r - 1) for r in ratios])

    fitted = {
        "GPUADV_DECODE_EFF_HBM": x[0],
        "GPUADV_DECODE_EFF_GDDR": x[1],
        "GPUADV_DECODE_EFF_UNIFIED": x[2],
        "GPUADV_DECODE_GGUF_UNIFIED_FACTOR": x[3],
        "GPUADV_DECODE_LAYER_OVERHEAD_S": x[4] * 1e-3,
        "GPUADV_DEFAULT_DECODE_EFFICIENCY": eff,
        "GPUADV_DEFAULT_PREFILL_MFU": mfu,
    }
    for k, v in fitted.items():
        print("#define %s %.4g" % (k, v))
    print("decode rows: %(n)d, median %(median).3f, p90 %(p90).3f, "
          "worst %(worst).3f" % all_err)
    print("decode, each GPU left out: median %(median).3f, p90 %(p90).3f, "
          "worst %(worst).3f" % held_err)
    print("plain roofline (decode_tps default): median %(median).3f, "
          "p90 %(p90).3f, worst %(worst).3f" % plain_err)
    print("prefill rows (512-token prompts): %(n)d, median %(median).3f, "
          "p90 %(p90).3f, worst %(worst).3f" % prefill_err)
    if not opts.check:
        return 0
    status = 0
    consts = header_constants(opts.check)
    for k, v in fitted.items():
        have = consts.get(k)
        ok = have is not None and abs(have / v - 1) <= 0.005
        print("%s %s: header %s, fit %.4g" % ("ok" if ok else "FAIL", k,
                                               have, v))
        status |= not ok
    for name, s in (("all-rows", all_err), ("held-out", held_err)):
        ok = s["median"] <= 0.10 and s["p90"] <= 0.20
        print("%s decode-%s-targets: median %.3f <= 0.10, p90 %.3f <= 0.20"
              % ("ok" if ok else "FAIL", name, s["median"], s["p90"]))
        status |= not ok
    return status


if __name__ == "__main__":
    sys.exit(main())
