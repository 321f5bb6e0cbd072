#!/usr/bin/env bash
# The calibrated constants in ext/gpuadv_math.h are what catalogs/calibrate.py
# fits on catalogs/measurements.csv, and the decode model meets its error
# targets on all rows and on GPUs left out of the fit.
# Prints `ok NAME` / `FAIL NAME` per check; exits 1 on any failure.
cd "$(dirname "$0")/../.."
${PYTHON:-/usr/bin/python3} catalogs/calibrate.py --check ext/gpuadv_math.h | grep -E "^(ok|FAIL) "
status=${PIPESTATUS[0]}
${PYTHON:-/usr/bin/python3} catalogs/calibrate_train.py --check ext/gpuadv_math.h | grep -E '^(ok|FAIL) '
exit $(( status | ${PIPESTATUS[0]} ))
