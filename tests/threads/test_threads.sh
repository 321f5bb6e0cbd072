#!/usr/bin/env bash
# The extension from many threads at once (tests/threads/threads.c): each
# thread with its own connection (FULLMUTEX and NOMUTEX), then all sharing
# one FULLMUTEX connection; every answer checked. Runs the plain build (the
# extension compiled in, and loaded from ./gpuadv.so) and the
# ThreadSanitizer build (compiled in, and loading a TSan-built extension).
# Prints `ok NAME` / `FAIL NAME` lines; exits non-zero if any failed.
#
#   bash tests/threads/test_threads.sh
#   THREADS=16 ITERATIONS=5000 TSAN_ITERATIONS=1000 bash tests/threads/test_threads.sh
set -u
. "$(dirname "$0")/../lib.sh"
THREADS="${THREADS:-8}"
ITERATIONS="${ITERATIONS:-2000}"
TSAN_ITERATIONS="${TSAN_ITERATIONS:-200}"

# Build (a no-op when up to date). The main Makefile includes threads.mk;
# until it does, name both files.
if grep -q 'tests/threads/threads.mk' Makefile; then
  make -s threads >"$TMP/build" 2>&1
else
  make -s -f Makefile -f tests/threads/threads.mk threads >"$TMP/build" 2>&1
fi
rc=$?
[ $rc -eq 0 ] || tail -20 "$TMP/build" >&2
check "threads: build plain and ThreadSanitizer programs" $rc
[ $rc -eq 0 ] || exit 1

# run NAME PROGRAM ARGS...: exit status 0, a "0 failures" line, and nothing
# from a sanitizer on stderr.
run() {
  local name=$1; shift
  local t0 t1
  t0=$(date +%s.%N)
  TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1 ${TSAN_OPTIONS:-}" \
    "$@" --threads "$THREADS" >"$TMP/out" 2>"$TMP/err"
  local rc=$?
  t1=$(date +%s.%N)
  if [ $rc -eq 0 ] && grep -q '^0 failures$' "$TMP/out" &&
     ! grep -q 'WARNING: ThreadSanitizer\|ERROR: ThreadSanitizer\|runtime error\|AddressSanitizer' "$TMP/err"; then
    check "$name: $(grep -c checks "$TMP/out") phases, $(sed -n 's/.*: \([0-9]*\) checks$/\1/p' "$TMP/out" | paste -sd+ | bc) checks" 0
  else
    sed 's/^/#   /' "$TMP/out" >&2
    head -60 "$TMP/err" | sed 's/^/#   /' >&2
    check "$name (rc=$rc)" 1
  fi
  printf '#   %s: %.1f s\n' "$name" "$(echo "$t1 - $t0" | bc)" >&2
}

run "threads: $THREADS threads x $ITERATIONS, extension compiled in" \
  build/threads/threads --iterations "$ITERATIONS"
run "threads: $THREADS threads x $((ITERATIONS / 4)), sqlite3_load_extension($EXT)" \
  build/threads/threads --iterations "$((ITERATIONS / 4))" --load "$EXT"
run "threads: ThreadSanitizer, $THREADS threads x $TSAN_ITERATIONS, compiled in" \
  build/threads/threads_tsan --iterations "$TSAN_ITERATIONS"
# The loaded extension's global sqlite3_api pointer is stored by every load
# (SQLITE_EXTENSION_INIT2) and read by every thread: see tests/threads/tsan.supp.
SUPP="suppressions=$ROOT/tests/threads/tsan.supp print_suppressions=1"
[ "${THREADS_TSAN_STRICT:-0}" = 1 ] && SUPP=""
TSAN_OPTIONS="$SUPP" \
run "threads: ThreadSanitizer, $THREADS threads x $((TSAN_ITERATIONS / 2)), loading the TSan extension" \
  build/threads/threads_tsan --iterations "$((TSAN_ITERATIONS / 2))" \
  --load build/threads/tsan/gpuadv
if grep -q 'Matched .* suppressions' "$TMP/err"; then
  echo "#   note: TSan suppressed: $(grep -A3 'Matched' "$TMP/err" | grep 'race:' | paste -sd, -)" \
       "(the benign SQLITE_EXTENSION_INIT2 store, tests/threads/tsan.supp)" >&2
fi
[ "$fails" -eq 0 ]
