# tests/web/prereqs.sh: sourced by tests/web/test_web.sh and bench/web.sh
# from the repository root. web_prereqs MISSING checks what driving the page
# needs (emcc, chromium at $CHROMIUM, node) and installs playwright-core
# into build/web when it is missing; on the first thing missing it runs the
# command MISSING with the reason, which is expected to exit.
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}

web_prereqs() {
  local missing=$1
  command -v emcc >/dev/null 2>&1 || "$missing" "emcc not installed (apt-get install emscripten)"
  [ -x "$CHROMIUM" ] || "$missing" "$CHROMIUM not installed (apt-get install chromium)"
  command -v node >/dev/null 2>&1 || "$missing" "node not installed (apt-get install nodejs)"
  if [ ! -f build/web/node_modules/playwright-core/package.json ]; then
    mkdir -p build/web && cp tests/web/package.json build/web/ &&
      npm install --prefix build/web --no-audit --no-fund --silent >build/web/npm.log 2>&1 ||
      "$missing" "playwright-core not installed and npm install failed (build/web/npm.log)"
  fi
}
