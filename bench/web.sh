#!/usr/bin/env bash
# bench/web.sh [OUT]: `make bench-web`. Builds the page (make web) and times
# its cold opens in headless chromium against a blank page (bench/web.js),
# writing OUT (default bench/web_results.md). Without emscripten, chromium,
# node or playwright-core it says what is missing and writes nothing.
cd "$(dirname "$0")/.." || exit 1
OUT=${1:-bench/web_results.md}
RUNS=${BENCH_WEB_RUNS:-5}
. tests/web/prereqs.sh

missing() { echo "bench-web: skipped: $1"; exit 0; }
web_prereqs missing
make -s web >build/web/make.log 2>&1 || { echo "bench-web: make web failed (build/web/make.log)"; exit 1; }
CHROMIUM="$CHROMIUM" timeout 300 node bench/web.js web/dist "$OUT" "$RUNS"
