#!/usr/bin/env bash
# The baselines of `make bench` (bench/bare.c built as bare.so and
# typed.so, bench/pyfuncs.py's Python UDFs, and the inline SQL of
# bench/bench.py) must compute the numbers gpuadv computes, or the speed
# ratios compare different arithmetic: bench/bench.py --check-only sums each
# function over a few thousand rows in every variant. Baselines listed in
# bench.py's STALE are printed as skipped, with the reason. `make test`
# builds the libraries (bench/bench.mk); without them the check is skipped.
cd "$(dirname "$0")/../.."
PY=${PYTHON:-/usr/bin/python3}
SO=so
[ "$(uname -s)" = Darwin ] && SO=dylib
libs="build/bench/bare.$SO build/bench/typed.$SO build/bench/benchseries.$SO"
for f in $libs; do
  if [ ! -f "$f" ]; then
    echo "skip bench baselines: $f is not built (make build/bench/bare.$SO build/bench/typed.$SO build/bench/benchseries.$SO)"
    exit 0
  fi
done
exec "$PY" bench/bench.py --check-only --lib ./gpuadv --bare build/bench/bare.$SO \
  --typed build/bench/typed.$SO --series build/bench/benchseries.$SO \
  --driver build/bench/driver 2>/dev/null
