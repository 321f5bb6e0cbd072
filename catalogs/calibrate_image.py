#!/usr/bin/python3
"""Fit the speed constants of ext/gpuadv_image.c and report their error.

    calibrate_image.py [--csv-dir catalogs] [--fit] [--rows]

Run from the repository root after `make build/libgpuadv_core.so`. Reads
image_measurements.csv. Without --fit it prints the error of the constants
compiled into the library (gpuadv_image_fitted) on the 'fit' and the
'held-out' rows; with --fit it searches a grid for the constants of each
architecture that minimise the median absolute relative error on that
architecture's 'fit' rows, and prints them with the same report. The
estimates are the extension's C (gpuadv_image_tps_with, the catalogs' rows
as gpuadv_image_model_from_row and gpuadv_image_gpu_from_row read them),
called through ctypes (catalogs/gpuadv_core.py): nothing of the speed
model is restated here. tests/sql/images.sql holds the SQL functions to
the same errors.
"""
import argparse
import csv
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from calibrate import core  # noqa: E402 (the C through ctypes)
from gpuadv_core import IMAGE_ARCHS as ARCHS  # noqa: E402


def read(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def predict(c, models, gpus, m):
    """The row's figure as image_tps gives it at the constants c."""
    steps = float(m["steps"]) if m["steps"] else 1.0
    return core().image_tps(c, m["model"], m["gpu"], m["task"], m["dtype"],
                            float(m["batch"]), float(m["resolution"]), steps)


def arch_of(m):
    """The architecture whose constants row m's model takes."""
    return core().image_arch(m["model"])


def errors(c, models, gpus, rows):
    return [abs(predict(c, models, gpus, m) / float(m["value"]) - 1) for m in rows]


def report(c, models, gpus, meas):
    print("split     arch  rows  median_abs_error  worst")
    for split in ("fit", "held-out"):
        for arch in ARCHS + ("all",):
            rows = [m for m in meas if m["split"] == split and
                    (arch == "all" or arch_of(m) == arch)]
            if not rows:
                continue
            e = errors(c, models, gpus, rows)
            print("%-9s %-5s %4d  %16.3f  %5.3f" % (split, arch, len(rows),
                                                  statistics.median(e), max(e)))


def fit(models, gpus, meas, c):
    c = dict(c)
    for arch in ARCHS:
        rows = [m for m in meas if m["split"] == "fit" and arch_of(m) == arch]
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
    ap.add_argument("--fit", action="store_true")
    ap.add_argument("--rows", action="store_true", help="each row's error too")
    o = ap.parse_args()
    models = {r["name"]: r for r in read(os.path.join(o.csv_dir, "image_models.csv"))}
    gpus = {r["name"]: r for r in read(os.path.join(o.csv_dir, "gpus.csv"))}
    meas = read(os.path.join(o.csv_dir, "image_measurements.csv"))
    c = core().image_fitted()
    if o.fit:
        c = fit(models, gpus, meas, c)
        # gpuadv_image_fitted's initializer in ext/gpuadv_image.c
        for i, name in enumerate(("eff", "vector", "launch_s", "act_bytes")):
            print("%-10s {%s}," % (name + ":", ", ".join("%g" % c[a][i] for a in ARCHS)))
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
