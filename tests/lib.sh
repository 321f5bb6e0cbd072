# tests/lib.sh: the checks shared by the test scripts in tests/*/, sourced
# after they `cd` to the repository root. Each check prints `ok NAME` or
# `FAIL NAME` and counts failures in $fails; a script ends with
# `[ "$fails" -eq 0 ]`. (tests/clients/ and tests/views/ report with a
# detail after the name and keep their own.)
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
