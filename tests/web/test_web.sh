#!/usr/bin/env bash
# tests/web/test_web.sh: the page of `make web` in a real browser. Builds
# web/dist, serves it with python3 -m http.server on 127.0.0.1, and drives
# Debian's chromium headless with playwright-core (tests/web/web_test.js):
# two seed workloads through the form, whose top plans must equal the
# sqlite3 shell's; a console query and its CSV; export reopened in the
# shell; errors beside the fields; quotes from CSV; reload and offline.
# Prints `ok NAME` / `FAIL NAME`; without emscripten, chromium or
# playwright-core it prints `skip web: REASON` (a failure when CI=true).
# Screenshots and downloads go to build/web/.
cd "$(dirname "$0")/../.." || exit 1

. tests/web/prereqs.sh

skip() {
  if [ "${CI:-}" = "true" ]; then echo "FAIL web: $1"; exit 1; fi
  echo "skip web: $1"
  exit 0
}
web_prereqs skip

fails=0
if make -s web >build/web/make.log 2>&1; then echo "ok web: make web"; else
  echo "FAIL web: make web"; sed 's/^/#   /' build/web/make.log >&2; exit 1; fi
make -s gpuadv.so >/dev/null 2>&1 || make -s >/dev/null

# The compressed size of everything the page loads: within 8 MB.
sizes=$(/usr/bin/python3 web/sizes.py web/dist)
total=$(echo "$sizes" | awk '$1 == "total" {print $3}')
if [ -n "$total" ] && [ "$total" -le $((8 * 1024 * 1024)) ] && [ -f web/dist/gpuadv.wasm ]; then
  echo "ok web: gzip size $total bytes <= 8 MB"
else echo "FAIL web: gzip size $total bytes"; fails=$((fails + 1)); fi

port=$(/usr/bin/python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
timeout 600 /usr/bin/python3 -m http.server "$port" --bind 127.0.0.1 -d web/dist >build/web/server.log 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null' EXIT
for _ in $(seq 50); do
  /usr/bin/python3 -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$port/')" 2>/dev/null && break
  sleep 0.1
done

CHROMIUM="$CHROMIUM" timeout 540 node tests/web/web_test.js "http://127.0.0.1:$port/"
rc=$?
[ "$rc" -eq 0 ] || echo "# web_test.js exited with $rc" >&2
[ "$fails" -eq 0 ] && [ "$rc" -eq 0 ]
