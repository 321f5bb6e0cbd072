#!/bin/bash
# docs/clients.md is what it says: every ```sh block runs verbatim from the
# repository root, in order (HOME is a scratch folder, so `make install
# PREFIX=$HOME/.local` stays inside it), and prints the ```text block that
# follows it, if any; every `sqlite> ` example gives its output, as README's
# examples do (the page is meant to be pasted into README.md).
. "$(dirname "$0")/lib.sh"
need_lib "docs"
for tool in sqlite3:sqlite3 sqlite-utils:sqlite-utils isql:unixodbc soffice:libreoffice-calc \
            node:nodejs npm:npm; do
  need "docs" "${tool%%:*}" "${tool#*:}"
done
"$PYTHON" -c 'import pandas, uno' 2>/dev/null ||
  skip_or_fail "docs" "python3-pandas or python3-uno not installed"

mkdir -p "$tmp/home"
# The make of the page, whether or not the Makefile includes clients.mk yet.
shim=""
grep -Eq '^-?include[[:space:]]+clients/clients\.mk' Makefile ||
  shim='make() { command make -f Makefile -f clients/clients.mk "$@"; }'

REAL_HOME=$HOME HOME="$tmp/home" SHIM="$shim" SQLITE3="$SQLITE3" \
  npm_config_cache="${npm_config_cache:-$HOME/.npm}" \
  NPM_CONFIG_USERCONFIG="${NPM_CONFIG_USERCONFIG:-$HOME/.npmrc}" \
  "$PYTHON" - docs/clients.md <<'PY'
import os, re, subprocess, sys, time

text = open(sys.argv[1], encoding="utf-8").read()
blocks = [(m.group(1).strip(), m.group(2), text[:m.start()].count("\n") + 1)   # info, body, line
          for m in re.finditer(r"^```([^\n]*)\n(.*?)^```[ \t]*$", text, re.M | re.S)]

failed = False
def report(ok, name, detail=""):
    global failed
    failed |= not ok
    print(("ok " if ok else "FAIL ") + name + ("" if ok or not detail else ": " + detail[-3000:]))

n_sh = 0
for i, (info, body, line) in enumerate(blocks):
    if info != "sh":
        continue
    n_sh += 1
    want = None
    if i + 1 < len(blocks) and blocks[i + 1][0] == "text":
        want = blocks[i + 1][1]
    first = body.strip().splitlines()[0][:70]
    script = os.environ["SHIM"] + "\nset -eo pipefail\n" + body
    t0 = time.time()
    p = subprocess.run(["bash", "-c", script], capture_output=True, text=True)
    secs = time.time() - t0
    out = p.stdout.replace("\r", "")
    name = "docs: line %d: %s (%.1f s)" % (line, first, secs)
    if p.returncode != 0 and "npm install" in body and \
            subprocess.run(["npm", "ping"], capture_output=True).returncode != 0:
        if os.environ.get("CI") == "true":
            report(False, name, "npm registry unreachable")
        else:
            print("ok %s # SKIP npm registry unreachable" % name)
        break          # the blocks after it need better-sqlite3
    if p.returncode != 0:
        report(False, name, "exit %d\n%s%s" % (p.returncode, out, p.stderr))
    elif want is not None and out != want:
        report(False, name, "got %r, want %r (stderr %r)" % (out, want, p.stderr[-500:]))
    else:
        report(True, name)
report(n_sh >= 8, "docs: at least 8 runnable blocks", "found %d" % n_sh)

# The `sqlite> ` examples, read and run as tests/run_tests.py runs README's.
sys.path.insert(0, "tests")
from examples import sqlite_examples
examples = sqlite_examples(sys.argv[1])
sqlite3 = os.environ.get("SQLITE3", "sqlite3")
for stmt, want in examples:
    cmd = [sqlite3, "-batch", "-cmd", ".load ./gpuadv", "-cmd", ".read sql/gpuadv.sql",
           "-cmd", ".read sql/accuracy.sql", ":memory:", stmt]
    p = subprocess.run(cmd, capture_output=True, text=True)
    got = p.stdout.splitlines() + [l for l in p.stderr.splitlines() if l]
    report(got == want, "docs: sqlite> " + stmt, "got %r, want %r" % (got, want))
report(len(examples) >= 2, "docs: sqlite> examples found", str(len(examples)))
sys.exit(1 if failed else 0)
PY
status=$?
exit $status
