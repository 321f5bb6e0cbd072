#!/usr/bin/env bash
# Replays the committed fuzz inputs through the libFuzzer targets: the seed
# corpora (tests/fuzz/corpus/TARGET/, which must all pass) and the inputs
# that once found a bug (tests/fuzz/regressions/TARGET/, one check each).
# Builds the targets first (make fuzz-build, into build/fuzz/). No fuzzing:
# each input runs once, under ASan + UBSan + LeakSanitizer, with the
# targets' invariants (see tests/fuzz/README.md).
#
# Prints `ok NAME` / `FAIL NAME` per check; exits 1 on any failure.
#
#   bash tests/fuzz/test_fuzz_regressions.sh
#   FUZZ_CC=clang-14 bash tests/fuzz/test_fuzz_regressions.sh
set -u
. "$(dirname "$0")/../lib.sh"
FUZZ_CC="${FUZZ_CC:-clang}"
TARGETS="fuzz_functions fuzz_csv fuzz_catalog fuzz_config"
OUT=build/fuzz
# Each input gets this long; the slowest seed takes well under a second.
TIMEOUT="${FUZZ_REPLAY_TIMEOUT:-10}"

mkdir -p "$OUT"
# libFuzzer comes with clang; without it there is nothing to replay.
probe="$OUT/probe.c"
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n)\n{ (void)d; (void)n; return 0; }\n' > "$probe"
if ! "$FUZZ_CC" -fsanitize=fuzzer,address,undefined -o "$OUT/probe" "$probe" \
     >/dev/null 2>&1; then
  echo "ok fuzz: skipped, $FUZZ_CC cannot build libFuzzer targets"
  exit 0
fi

# The main Makefile may include tests/fuzz/fuzz.mk already; it guards
# against a second inclusion.
if make -s -f Makefile -f tests/fuzz/fuzz.mk fuzz-build FUZZ_CC="$FUZZ_CC" \
     > "$OUT/build.log" 2>&1; then
  check "fuzz-build" 0
else
  tail -20 "$OUT/build.log" >&2
  check "fuzz-build" 1
  exit 1
fi

# replay TARGET LOG FILE...: run the files once each; 0 when none crashed.
replay() {
  local t="$1" log="$2"
  shift 2
  "./$OUT/$t" -timeout="$TIMEOUT" -rss_limit_mb=2048 "$@" > "$log" 2>&1
}

explain() {  # the first lines that say what went wrong
  grep -m1 -A2 -E 'invariant failed|ERROR: |runtime error|timeout' "$1" \
    | sed 's/^/#   /' >&2
}

for t in $TARGETS; do
  corpus=()
  while IFS= read -r f; do corpus+=("$f"); done \
    < <(find "tests/fuzz/corpus/$t" -type f 2>/dev/null | sort)
  if [ ${#corpus[@]} -eq 0 ]; then
    echo "#   no seeds in tests/fuzz/corpus/$t" >&2
    check "$t corpus" 1
  elif replay "$t" "$OUT/$t.corpus.log" "${corpus[@]}"; then
    check "$t corpus (${#corpus[@]} inputs)" 0
  else
    explain "$OUT/$t.corpus.log"
    check "$t corpus (${#corpus[@]} inputs): see $OUT/$t.corpus.log" 1
  fi
  while IFS= read -r f; do
    name="$t regression $(basename "$f")"
    log="$OUT/$t.regression.$(basename "$f").log"
    if replay "$t" "$log" "$f"; then
      check "$name" 0
    else
      explain "$log"
      check "$name: see $log" 1
    fi
  done < <(find "tests/fuzz/regressions/$t" -type f 2>/dev/null | sort)
done

[ "$fails" -eq 0 ]
