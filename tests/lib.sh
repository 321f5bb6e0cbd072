# tests/lib.sh: the prelude and checks shared by the test scripts in
# tests/*/. A script starts
#
#   set -u
#   . "$(dirname "$0")/../lib.sh"
#
# which moves to the repository root and sets EXT (the extension to load:
# $GPUADV_EXT, default ./gpuadv), SQLITE3 (the shell: $SQLITE3, default
# sqlite3), PY (/usr/bin/python3, which can load extensions) and TMP (a
# scratch folder removed on exit). Each check prints `ok NAME` or
# `FAIL NAME` and counts failures in $fails; a script ends with
# `[ "$fails" -eq 0 ]`. (tests/clients/ and tests/views/ report with a
# detail after the name and keep their own.)
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 2
EXT="${GPUADV_EXT:-./gpuadv}"
SQLITE3="${SQLITE3:-sqlite3}"
PY=/usr/bin/python3
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
fails=0

check() {  # check NAME STATUS
  if [ "$2" -eq 0 ]; then echo "ok $1"; else echo "FAIL $1"; fails=$((fails + 1)); fi
}
# expect NAME WANT GOT: GOT must equal WANT.
expect() {
  if [ "$3" = "$2" ]; then check "$1" 0; else
    echo "#   want: $2" >&2; echo "#   got:  $3" >&2; check "$1" 1; fi
}
# expect_err NAME MESSAGE GOT: GOT must hold the error MESSAGE.
expect_err() {
  case "$3" in *"$2"*) check "$1" 0 ;; *)
    echo "#   want error: $2" >&2; echo "#   got: $3" >&2; check "$1" 1 ;; esac
}
# sq [SHELL-OPTIONS...] DB SQL: the sqlite3 shell ($SQLITE3) with the
# extension ($EXT) loaded; stdout and stderr together, one string.
sq() { "$SQLITE3" -batch -cmd ".load $EXT" "$@" 2>&1; }
