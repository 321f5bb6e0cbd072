# Sourced by tests/clients/test_*.sh. Each test prints `ok NAME` or
# `FAIL NAME: detail` per check and exits 1 on any failure.
#
# A client that is not installed is a failure under CI=true (.ci/run
# installs every one); elsewhere the test prints one
# `ok NAME # SKIP reason` line and exits 0, so `make test` works on a
# machine with only the build tools.
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
ROOT=$PWD
SQLITE3=${SQLITE3:-sqlite3}
PYTHON=${PYTHON:-/usr/bin/python3}
status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() {  # check NAME EXIT-STATUS [DETAIL]
  if [ "$2" -eq 0 ]; then echo "ok $1"; else echo "FAIL $1${3:+: $3}"; status=1; fi
}

expect() {  # expect NAME GOT WANT: GOT must equal WANT
  if [ "$2" = "$3" ]; then
    echo "ok $1"
  else
    echo "FAIL $1: got $(printf %q "$2"), want $(printf %q "$3")"
    status=1
  fi
}

contains() {  # contains NAME HAYSTACK NEEDLE
  case "$2" in
    *"$3"*) echo "ok $1" ;;
    *) echo "FAIL $1: $(printf %q "$3") not in $(printf %q "${2:0:2000}")"; status=1 ;;
  esac
}

skip_or_fail() {  # skip_or_fail NAME REASON: ends the test
  if [ "${CI:-}" = "true" ]; then
    echo "FAIL $1: $2"
    exit 1
  fi
  echo "ok $1 # SKIP $2"
  exit 0
}

need() {  # need NAME COMMAND PACKAGE: the command must exist
  command -v "$2" >/dev/null 2>&1 ||
    skip_or_fail "$1" "$2 not installed (apt-get install $3; bash .ci/run installs it)"
}

need_lib() {  # need_lib NAME
  [ -f "$ROOT/gpuadv.so" ] || [ -f "$ROOT/gpuadv.dylib" ] || {
    echo "FAIL $1: ./gpuadv.so not built (run make)"; exit 1; }
}

# A database file with sql/gpuadv.sql and two workloads, made with the shell.
make_plans_db() {  # make_plans_db PATH
  rm -f "$1"
  "$SQLITE3" -batch -cmd ".load ./gpuadv" "$1" ".read sql/gpuadv.sql" \
    "INSERT INTO workloads(name, kind, model, mode, tokens_b, epochs)
       VALUES ('ft-70b', 'finetune', 'llama-3.1-70b', 'qlora', 1, 3)" \
    "INSERT INTO workloads(name, kind, model, requests_per_min, prompt_tokens, output_tokens, user_tps)
       VALUES ('70b', 'serve', 'llama-3.1-70b', 60, 1000, 300, 40)"
}

# make with clients/clients.mk, whether or not the Makefile includes it.
clients_make() {
  if grep -Eq '^-?include[[:space:]]+clients/clients\.mk' Makefile; then
    make --no-print-directory PYTHON="$PYTHON" SQLITE3="$SQLITE3" "$@"
  else
    make --no-print-directory -f Makefile -f clients/clients.mk PYTHON="$PYTHON" SQLITE3="$SQLITE3" "$@"
  fi
}
