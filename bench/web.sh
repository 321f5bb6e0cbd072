#!/usr/bin/env bash
# bench/web.sh [OUT]: `make bench-web`. Builds the page (make web) and times
# its cold opens in headless chromium against a blank page (bench/web.js),
# writing OUT (default bench/web_results.md). Without emscripten, chromium,
# node or playwright-core it says what is missing and writes nothing.
cd "$(dirname "$0")/.." || exit 1
OUT=${1:-bench/web_results.md}
RUNS=${BENCH_WEB_RUNS:-5}
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
PW_DIR=build/web/node_modules/playwright-core

missing() { echo "bench-web: skipped: $1"; exit 0; }
command -v emcc >/dev/null 2>&1 || missing "emcc not installed (apt-get install emscripten)"
[ -x "$CHROMIUM" ] || missing "$CHROMIUM not installed (apt-get install chromium)"
command -v node >/dev/null 2>&1 || missing "node not installed (apt-get install nodejs)"
if [ ! -f "$PW_DIR/package.json" ]; then
  mkdir -p build/web && cp tests/web/package.json build/web/ &&
    npm install --prefix build/web --no-audit --no-fund --silent >build/web/npm.log 2>&1 ||
    missing "playwright-core not installed and npm install failed (build/web/npm.log)"
fi
make -s web >build/web/make.log 2>&1 || { echo "bench-web: make web failed (build/web/make.log)"; exit 1; }
CHROMIUM="$CHROMIUM" timeout 300 node bench/web.js web/dist "$OUT" "$RUNS"
