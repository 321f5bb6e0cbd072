#!/usr/bin/python3
"""Fit the speed constants of ext/gpuadv_image.c and report their error.

    calibrate_image.py [--csv-dir catalogs] [--fit]

Reads image_models.csv, gpus.csv and image_measurements.csv. Without --fit
it prints the error of the constants now in ext/gpuadv_image.c (read from
the source) on the 'fit' and the 'held-out' rows; with --fit it searches a
grid for the constants of each architecture that minimise the median
absolute relative error on that architecture's 'fit' rows, and prints them
with the same report. The speed formula is the one of gpuadv_image.c,
written again here so that the grid search needs no build; the SQL check
tests/sql/images.sql holds the C to the same errors.
"""
import argparse
import csv
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dtype_catalog  # noqa: E402 (catalogs/dtypes.csv)

ARCHS = ("cnn", "vit", "unet")
# the constants each catalog arch uses (gpuadv_image_funcs.c)
ARCH_OF = {"cnn": "cnn", "vit": "vit", "unet": "unet", "dit": "vit",
           "vae": "cnn", "text": "vit"}
DTYPE_COL = {"fp32": "fp32_tflops", "fp16": "fp16_tflops",
             "bf16": "bf16_tflops", "fp8": "fp8_tflops"}
# bytes per weight of those dtypes (catalogs/dtypes.csv)
BYTES = {name: d["bytes_per_param"] for name, d in
         dtype_catalog.by_name().items() if name in DTYPE_COL}
WEIGHT_BW_EFF = 0.8
OPT_TRAFFIC_BYTES = 32.0


def read(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def current_constants(src):
    text = open(src, encoding="utf-8").read()
    out = []
    for name in ("arch_eff", "arch_vector", "arch_launch_s", "arch_act_bytes"):
        m = re.search(r"%s\[GPUADV_IMAGE_N_ARCH\] = \{([^}]*)\}" % name, text)
        out.append([float(x) for x in m.group(1).split(",")])
    return {a: (out[0][i], out[1][i], out[2][i], out[3][i]) for i, a in enumerate(ARCHS)}


def net(row):
    return dict(params=float(row["params_m"]) * 1e6,
                flop=float(row["gflop"]) * 1e9,
                ref=float(row["ref_resolution"]),
                attn=float(row["attn_share"]),
                acts=float(row["acts_m"] or 0) * 1e6,
                arch=ARCH_OF[row["arch"]],
                per_prompt=row["family"] == "text-encoder")


def flop(n, res):
    if n["per_prompt"]:
        return n["flop"]
    r = (res / n["ref"]) ** 2
    return n["flop"] * ((1 - n["attn"]) * r + n["attn"] * r * r)


def pass_s(c, n, g, images, res, bytes_w, train=False):
    eff, vec, launch, ab = c[n["arch"]]
    k = 3 if train else 1
    f = images * flop(n, res) * k
    acts = 0 if n["per_prompt"] else images * n["acts"] * (res / n["ref"]) ** 2 * k
    t = f / (g["tensor"] * 1e12 * eff) + f * vec / (g["fp32"] * 1e12) + acts * ab / (g["bw"] * 1e9) + launch * k
    return max(t, n["params"] * bytes_w / (g["bw"] * 1e9 * WEIGHT_BW_EFF))


def predict(c, models, gpus, m):
    row = models[m["model"]]
    n = net(row)
    g = dict(gpus[m["gpu"]])
    g["tensor"] = float(gpus[m["gpu"]][DTYPE_COL[m["dtype"]]])
    g["fp32"] = float(g["fp32_tflops"])
    g["bw"] = float(g["mem_bw_gbs"])
    b, res, bw = float(m["batch"]), float(m["resolution"]), BYTES[m["dtype"]]
    cfg = int(row["cfg"] or 1)
    if m["task"] == "train":
        t = pass_s(c, n, g, b, res, bw, True) + n["params"] * OPT_TRAFFIC_BYTES / (g["bw"] * 1e9)
        return b / t
    if m["task"] == "infer":
        return b / pass_s(c, n, g, b, res, bw)
    if m["task"] == "denoise":
        return 1 / pass_s(c, n, g, b * cfg, res, bw)
    t = float(m["steps"]) * pass_s(c, n, g, b * cfg, res, bw)
    for te in row["text_encoders"].split():
        t += pass_s(c, net(models[te]), g, b * cfg, res, bw)
    t += pass_s(c, net(models[row["vae"]]), g, b, res, bw)
    return b / t


def errors(c, models, gpus, rows):
    return [abs(predict(c, models, gpus, m) / float(m["value"]) - 1) for m in rows]


def report(c, models, gpus, meas):
    print("split     arch  rows  median_abs_error  worst")
    for split in ("fit", "held-out"):
        for arch in ARCHS + ("all",):
            rows = [m for m in meas if m["split"] == split and
                    (arch == "all" or ARCH_OF[models[m["model"]]["arch"]] == arch)]
            if not rows:
                continue
            e = errors(c, models, gpus, rows)
            print("%-9s %-5s %4d  %16.3f  %5.3f" % (split, arch, len(rows),
                                                  statistics.median(e), max(e)))


def fit(models, gpus, meas, c):
    c = dict(c)
    for arch in ARCHS:
        rows = [m for m in meas if m["split"] == "fit" and
                ARCH_OF[models[m["model"]]["arch"]] == arch]
        best = None
        launches = [i * 0.0005 for i in range(0, 41, 2)] if arch == "unet" else [c[arch][2]]
        for e100 in range(20, 81, 3):
            for v1000 in range(0, 201, 10):
                for launch in launches:
                  for ab in range(0, 31, 3):
                    trial = dict(c)
                    trial[arch] = (e100 / 100, v1000 / 1000, launch, ab)
                    err = statistics.median(errors(trial, models, gpus, rows))
                    if best is None or err < best[0] - 1e-12:
                        best = (err, trial[arch])
        c[arch] = best[1]
    return c


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--csv-dir", default="catalogs")
    ap.add_argument("--src", default="ext/gpuadv_image.c")
    ap.add_argument("--fit", action="store_true")
    ap.add_argument("--rows", action="store_true", help="each row's error too")
    o = ap.parse_args()
    models = {r["name"]: r for r in read(os.path.join(o.csv_dir, "image_models.csv"))}
    gpus = {r["name"]: r for r in read(os.path.join(o.csv_dir, "gpus.csv"))}
    meas = read(os.path.join(o.csv_dir, "image_measurements.csv"))
    c = current_constants(o.src)
    if o.fit:
        c = fit(models, gpus, meas, c)
        for i, name in enumerate(("arch_eff", "arch_vector", "arch_launch_s", "arch_act_bytes")):
            print("%s = {%s}" % (name, ", ".join("%g" % c[a][i] for a in ARCHS)))
    report(c, models, gpus, meas)
    if o.rows:
        for m in meas:
            p = predict(c, models, gpus, m)
            print("%-5s %-8s %-14s %-14s %-8s b=%-5s %8.2f %8.2f %+.3f" % (
                m["id"], m["split"], m["model"], m["gpu"], m["task"], m["batch"],
                float(m["value"]), p, p / float(m["value"]) - 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
