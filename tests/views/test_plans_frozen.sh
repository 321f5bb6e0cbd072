#!/bin/bash
# The plan views give the same rows as before they were made faster:
# tests/views/plans_frozen.py compares them with fixtures/plans_frozen.csv
# (written by the views of commit d8162f3) on 18 workloads. Prints `ok NAME`
# or `FAIL NAME` per view; exit status 1 on any failure.
cd "$(dirname "$0")/../.." || exit 1
exec "${PYTHON:-/usr/bin/python3}" tests/views/plans_frozen.py
