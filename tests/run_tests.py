#!/usr/bin/python3
"""gpuadv test runner.

    tests/run_tests.py [--standard | --all | --quick | --asan | --valgrind]
                       [--only NAME] [--jobs N]

Runs, in this order:
  unit      C unit tests of the arithmetic (build/test_math), the
            config.json reader (build/test_config) and the serving
            simulator (build/test_sim)
  golden    tests/sql/*.sql: every output line must be `NAME|1`, and every
            `SELECT 'NAME'` check must print its line
  errors    tests/errors/*.sql: each statement is followed by
            `-- error: MESSAGE`, the exact error it must raise
            ({dtypes} in MESSAGE: the dtypes of catalogs/dtypes.csv)
  readme    every `sqlite> ` example in README.md and docs/*.md, whose
            real output follows
  functions the functions the extension registers equal the reference's
            headings (docs/functions.md), each with the documented flags
  scripts   tests/*/test_*.sh, each printing `ok NAME` / `FAIL NAME` lines,
            and `skip NAME: REASON` (or `ok NAME # SKIP REASON`) for a check
            that cannot run here: printed and counted as skipped

The golden and error files run through the sqlite3 shell and the test host
(tests/sqlhost.c); --standard (make test) also runs them under
AddressSanitizer + UBSan, and --all (make check-all) under valgrind as well
(all but the plan views' views_*.sql, which --valgrind adds). The last line is always `N passed, M failed`, followed by
`, K skipped` when checks were skipped.

With --jobs 2 or more (the default on a machine with several cores) the
slowest lane (valgrind with --all, ASan + UBSan with --standard) runs
beside the others; its lines are printed after theirs, so the output
reads the same. Nothing else runs at once: the scripts share build/ and
temporary names.
"""
import argparse
import glob
import os
import re
import sqlite3
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "catalogs"))
import dtype_catalog  # noqa: E402 (catalogs/dtypes.csv)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))
from examples import reference_headings, reference_pages, sqlite_examples  # noqa: E402

EXT = "./gpuadv"
SQLITE3 = os.environ.get("SQLITE3", "sqlite3")
VALGRIND = ["valgrind", "-q", "--error-exitcode=99", "--leak-check=full",
            "--show-leak-kinds=definite,indirect,possible",
            "--errors-for-leak-kinds=definite,indirect,possible"]
# Fresh interpreter environment for sanitizer runs: leaks fail the run.
# intercept_tls_get_addr=0: the extension, loaded with dlopen, keeps one
# _Thread_local counter (gpuadv_args.c), so glibc gives it a dynamic TLS
# block; clang 14's LeakSanitizer reads Debian 12 glibc's table of them
# wrongly ("DTLS 5 at 0x00000000002d-0x00040000112f") and its tracer dies
# on the bogus range ("Tracer caught signal 11", a fatal error) at the
# exit of some files (views_costs.sql and views_config.sql, every time,
# once workloads gained prompt_cv, output_cv and prefix_hit; no leak and no
# ASan report before it). Without the interception the block is one more
# glibc allocation,
# reachable as any other; every leak of the extension is still found.
ASAN_ENV = dict(os.environ,
                ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:"
                             "intercept_tls_get_addr=0",
                UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")

passed = 0
failed = 0
skipped = 0
# A pass running beside the others (--jobs) counts under the lock and keeps
# its lines and its own count in its thread's `lines` and `checks`.
counts_lock = threading.Lock()
lane = threading.local()


def emit(line):
    buffered = getattr(lane, "lines", None)
    if buffered is None:
        print(line)
    else:
        buffered.append(line)


def count(n_passed, n_failed):
    global passed, failed
    with counts_lock:
        passed += n_passed
        failed += n_failed
    lane.checks = getattr(lane, "checks", 0) + n_passed + n_failed


def report(ok, name, detail=""):
    count(1 if ok else 0, 0 if ok else 1)
    if not ok:
        emit("not ok - %s%s" % (name, (": " + detail) if detail else ""))


def run(cmd, stdin_text=None, env=None):
    p = subprocess.run(cmd, input=stdin_text, capture_output=True, text=True,
                       env=env)
    return p.returncode, p.stdout, p.stderr


# ---------------------------------------------------------------- runners
# Each returns (returncode, stdout, stderr) for a whole SQL file.

def runner_shell(path):
    with open(path) as f:
        return run([SQLITE3, "-batch", "-cmd", ".load " + EXT, ":memory:"],
                   stdin_text=f.read())


def runner_host(path):
    return run(["build/sqlhost", EXT, path])


def runner_asan(path):
    return run(["build/asan/sqlhost", "build/asan/gpuadv", path],
               env=ASAN_ENV)


def runner_valgrind(path):
    return run(VALGRIND + ["build/sqlhost", EXT, path])


RUNNERS = {"shell": runner_shell, "host": runner_host,
           "asan": runner_asan, "valgrind": runner_valgrind}


# ------------------------------------------------------------------ checks

UNIT_TESTS = ["build/test_math", "build/test_config", "build/test_sim", "build/test_train",
              "build/test_traffic", "build/test_image"]


def check_unit():
    for binary in UNIT_TESTS:
        rc, out, err = run([binary])
        m = re.search(r"^(\d+) passed, (\d+) failed$", out, re.M)
        for line in out.splitlines():
            if line.startswith("not ok"):
                emit("unit: " + line)
        if not m:
            report(False, "unit " + binary,
                   "no summary line; rc=%d %s" % (rc, err[-500:]))
            continue
        count(int(m.group(1)), int(m.group(2)))
        if rc != 0 and int(m.group(2)) == 0:
            report(False, "unit exit status " + binary,
                   "rc=%d %s" % (rc, err[-2000:]))


def golden_names(path):
    names = []
    with open(path) as f:
        for line in f:
            m = re.match(r"^SELECT '([^']+)'", line)
            if m:
                names.append(m.group(1))
    return names


SCHEMA_SQL = "sql/gpuadv.sql"
# Golden files whose name starts with a key run after that SQL script, which
# the test host cannot `.read` itself.
PRELUDES = {"views_": SCHEMA_SQL, "examples_": SCHEMA_SQL,
            "accuracy_": "sql/accuracy.sql",
            # the plans' speed ranges (estimate_bands) beside the
            # simulator's comparison
            "sim_latency_": (SCHEMA_SQL, "sql/latency_accuracy.sql")}


def with_schema(path):
    base = os.path.basename(path)
    prelude = next((v for k, v in PRELUDES.items() if base.startswith(k)),
                   None)
    if prelude is None:
        return path
    os.makedirs("build/tests", exist_ok=True)
    combined = os.path.join("build/tests", base)
    with open(combined, "w") as out:
        for script in (prelude if isinstance(prelude, tuple) else (prelude,)):
            with open(script) as f:
                out.write(f.read())
            out.write("\n")
        with open(path) as f:
            out.write(f.read())
    return combined


def check_golden(mode, path):
    rc, out, err = RUNNERS[mode](with_schema(path))
    tag = "%s %s" % (mode, os.path.basename(path))
    seen = set()
    for line in out.splitlines():
        m = re.match(r"^([^|]+)\|1$", line)
        if m:
            seen.add(m.group(1))
            report(True, tag + ": " + m.group(1))
        else:
            report(False, tag, "unexpected output line %r" % line)
    for name in golden_names(path):
        if name not in seen:
            report(False, "%s: %s" % (tag, name), "printed nothing")
    report(rc == 0 and not sanitizer_noise(err),
           tag + ": clean exit", "rc=%d %s" % (rc, err[-3000:]))


def sanitizer_noise(err):
    """Whatever a sanitizer or valgrind wrote is a failure."""
    return bool(re.search(r"ERROR: AddressSanitizer|runtime error:|"
                          r"LeakSanitizer|==\d+==", err))


def error_cases(path):
    """(statement, expected message) pairs of an error file; {dtypes} in a
    message stands for the list of the dtypes, in the order of
    catalogs/dtypes.csv, as the messages give it."""
    cases = []
    stmt = None
    dtypes = ", ".join(dtype_catalog.names())
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("-- error: "):
                want = line[len("-- error: "):].replace("{dtypes}", dtypes)
                cases.append((stmt, want))
                stmt = None
            elif line.strip() and not line.startswith("--"):
                stmt = line
    return cases


def check_errors(mode, path):
    cases = error_cases(path)
    tag = "%s %s" % (mode, os.path.basename(path))
    if mode == "shell":
        # One shell process per statement: the message and a failure status.
        for stmt, want in cases:
            rc, out, err = run([SQLITE3, "-batch", "-bail", "-cmd",
                                ".load " + EXT, ":memory:", stmt])
            report(rc != 0 and want in err and out == "",
                   "%s: %s" % (tag, stmt),
                   "rc=%d out=%r err=%r want %r" % (rc, out, err, want))
        return
    rc, out, err = RUNNERS[mode](path)
    lines = out.splitlines()
    if len(lines) != len(cases):
        report(False, tag, "%d statements printed %d lines" %
               (len(cases), len(lines)))
    for i, (stmt, want) in enumerate(cases):
        got = lines[i] if i < len(lines) else "(nothing)"
        report(got == "Error: " + want, "%s: %s" % (tag, stmt),
               "got %r, want %r" % (got, "Error: " + want))
    report(rc == 0 and not sanitizer_noise(err), tag + ": clean exit",
           "rc=%d %s" % (rc, err[-3000:]))


def readme_examples():
    """(statement, expected output lines) of the `sqlite> ` examples of
    README.md and docs/*.md (tests/examples.py, reference_pages)."""
    examples = []
    for page in reference_pages():
        examples += sqlite_examples(page)
    return examples


def check_readme_clients():
    """README's client quick starts are lines of docs/clients.md, whose
    blocks tests/clients/test_docs.sh runs."""
    with open("README.md") as f:
        readme = f.read()
    section = readme.split("## Clients\n", 1)[-1].split("\n## ", 1)[0]
    with open("docs/clients.md") as f:
        doc_lines = {l.rstrip() for l in f}
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", section, re.S):
        lines += [l.rstrip() for l in block.splitlines() if l.strip()]
    report(len(lines) >= 4, "readme: client quick starts present",
           "%d lines" % len(lines))
    for l in lines:
        report(l in doc_lines, "readme: client line in docs/clients.md: " + l)


def check_readme():
    check_readme_clients()
    examples = readme_examples()
    report(len(examples) >= 16, "readme: at least one example per function",
           "found %d" % len(examples))
    for stmt, want in examples:
        cmd = [SQLITE3, "-batch", "-cmd", ".load " + EXT]
        for script in (SCHEMA_SQL, "sql/accuracy.sql"):
            if os.path.exists(script):
                cmd += ["-cmd", ".read " + script]
        rc, out, err = run(cmd + [":memory:", stmt])
        got = out.splitlines() + [l for l in err.splitlines() if l]
        got = [re.sub(r"^(Error|Parse error|Runtime error)[^:]*: (stepping, )?",
                      "Error: ", l)
               for l in got]
        # a price's age counts from date('now') (plan_defaults.today): the
        # documents show it on the day they were written, so the count of
        # days is left out of the comparison, the rest of the line is not
        report(ageless(got) == ageless(want), "readme: " + stmt,
               "got %r, want %r" % (got, want))


def ageless(lines):
    """lines with the N of every "price N days old" written as N."""
    return [re.sub(r"\bprice \d+ days old\b", "price N days old", l)
            for l in lines]


def documented_signatures():
    """name -> set of arities, from the `### name(args [, opt])` headings of
    README.md and docs/*.md."""
    sigs = {}
    for name, args in reference_headings():
        required = args.split("[")[0]
        n_req = len([a for a in required.split(",") if a.strip()])
        n_opt = args.count("[")
        sigs[name] = set(range(n_req, n_req + n_opt + 1))
    return sigs


def check_functions():
    con = sqlite3.connect(":memory:")
    before = set(con.execute("SELECT name, narg FROM pragma_function_list"))
    con.enable_load_extension(True)
    con.load_extension(EXT)
    rows = con.execute("SELECT name, narg, flags FROM pragma_function_list"
                       ).fetchall()
    ours = {}
    flags = {}
    for name, narg, fl in rows:
        if (name, narg) in before:
            continue
        ours.setdefault(name, set()).add(narg)
        flags[(name, narg)] = fl
    documented = documented_signatures()
    # Table-valued functions (eponymous virtual tables such as model_spec)
    # are documented like functions but registered as modules.
    modules = {r[0] for r in con.execute("SELECT name FROM pragma_module_list")}
    tables = {n for n in documented if n in modules}
    report(tables >= {"model_spec", "model_config"},
           "functions: table-valued functions documented and registered",
           "documented modules: %s" % sorted(tables))
    documented = {n: a for n, a in documented.items() if n not in tables}
    got = {(n, a) for n, arities in ours.items() for a in arities}
    want = {(n, a) for n, arities in documented.items() for a in arities}
    report(got == want, "functions: registered == README reference",
           "only registered: %s; only documented: %s"
           % (sorted(got - want), sorted(want - got)))
    want_flags = 0x800 | 0x200000  # SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
    bad = [k for k, v in flags.items() if v & want_flags != want_flags]
    report(not bad, "functions: DETERMINISTIC|INNOCUOUS on every arity",
           repr(bad))
    report(len(ours) >= 16, "functions: at least 16 registered",
           "got %d" % len(ours))
    # gpuadv_functions lists every function the extension registers, with
    # exactly its arities.
    listed = {(n, a) for n, lo, hi in con.execute(
                  "SELECT name, min_args, max_args FROM gpuadv_functions")
              for a in range(lo, hi + 1)}
    report(listed == got, "functions: gpuadv_functions == registered",
           "only listed: %s; only registered: %s"
           % (sorted(listed - got), sorted(got - listed)))


def skip(name):
    global skipped
    skipped += 1
    emit("skip - %s" % name)


def check_scripts(only=None):
    took = []
    for path in sorted(glob.glob("tests/*/test_*.sh")):
        if only and only not in path:
            continue
        t0 = time.time()
        rc, out, err = run(["bash", path])
        took.append((time.time() - t0, path))
        n = 0
        for line in out.splitlines():
            m = re.match(r"^(ok|FAIL) (.*)$", line)
            s = (re.match(r"^skip (.*)$", line) or
                 re.match(r"^ok (.*?) # SKIP (.*)$", line))
            if s:
                n += 1
                skip("%s: %s" % (path, ": ".join(s.groups())))
            elif m:
                n += 1
                report(m.group(1) == "ok", "%s: %s" % (path, m.group(2)))
        report(rc == 0 and n > 0, path + ": exit status",
               "rc=%d, %d checks, %s" % (rc, n, err[-2000:]))
    if took:
        print("scripts: %d s; the slowest: %s" % (
            sum(t for t, _ in took),
            ", ".join("%s %d s" % (os.path.basename(p), t)
                      for t, p in sorted(took, reverse=True)[:6])))


START = time.time()


def main():
    ap = argparse.ArgumentParser()
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--all", action="store_true",
                   help="--standard, and the valgrind lane beside it "
                        "(make check-all)")
    g.add_argument("--standard", action="store_true",
                   help="shell, test host and ASan + UBSan lanes, the "
                        "examples, the function list and the scripts "
                        "(make test)")
    g.add_argument("--quick", action="store_true")
    g.add_argument("--asan", action="store_true")
    g.add_argument("--valgrind", action="store_true")
    ap.add_argument("--only", metavar="NAME",
                    help="run only the SQL files and test scripts whose path "
                         "holds NAME (views_plans, sim, web ...), in the "
                         "modes chosen; `readme` runs the README examples "
                         "and `functions` the function list")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                    metavar="N",
                    help="2 or more: the valgrind pass beside the others "
                         "(default: 2 on a machine with several cores)")
    opts = ap.parse_args()

    if opts.asan:
        modes, extras = ["asan"], False
    elif opts.valgrind:
        modes, extras = ["valgrind"], False
    elif opts.quick:
        modes, extras = ["shell", "host"], True
    elif opts.standard:
        modes, extras = ["shell", "host", "asan"], True
    else:
        modes, extras = ["shell", "host", "asan", "valgrind"], True

    only = opts.only
    if extras and not only:
        check_unit()
    golden = [p for p in sorted(glob.glob("tests/sql/*.sql"))
              if not only or only in p]
    errors = [p for p in sorted(glob.glob("tests/errors/*.sql"))
              if not only or only in p]
    def run_mode(mode):
        lane.checks = 0
        t0 = time.time()
        for path in golden:
            # the plan views' files are SQL over every offer of every
            # region: minutes each under valgrind, and their C paths are
            # those the ASan lane runs on the same files; --valgrind (make
            # valgrind) runs them too
            if mode == "valgrind" and extras and os.path.basename(path).startswith("views_"):
                skip("valgrind %s (the plan views: run under ASan + UBSan here; "
                     "make valgrind runs them under valgrind)" % os.path.basename(path))
                continue
            check_golden(mode, path)
        for path in errors:
            check_errors(mode, path)
        emit("%s: %d checks (%d s)" % (mode, lane.checks, time.time() - t0))

    # The slowest lane (valgrind, else ASan + UBSan) runs beside the others
    # on a machine with several cores; its lines are printed after theirs.
    beside = None
    slow = "valgrind" if "valgrind" in modes else "asan"
    if opts.jobs > 1 and len(modes) > 1 and slow in modes:
        modes = [m for m in modes if m != slow]
        beside_lines = []

        def slow_lane():
            lane.lines = beside_lines
            run_mode(slow)

        beside = threading.Thread(target=slow_lane)
        beside.start()
    for mode in modes:
        run_mode(mode)
    if extras and (not only or only == "readme"):
        check_readme()
    if extras and (not only or only == "functions"):
        check_functions()
    if extras:
        check_scripts(only)
    if beside is not None:
        beside.join()
        for line in beside_lines:
            print(line)
    secs = int(time.time() - START)
    print("run_tests.py: %d min %02d s" % (secs // 60, secs % 60))
    print("%d passed, %d failed%s" % (passed, failed,
                                       ", %d skipped" % skipped if skipped
                                       else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
