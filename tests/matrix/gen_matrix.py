#!/usr/bin/python3
"""Bad-input matrix of every gpuadv SQL function.

    gen_matrix.py gen DIR            write DIR/matrix.sql, DIR/cases.json,
                                     DIR/readonly.sql
    gen_matrix.py check DIR MODE OUT ERR RC
                                     classify one run of DIR/matrix.sql
                                     (stdout in OUT, stderr in ERR, exit
                                     status RC); print `ok`/`FAIL` lines
    gen_matrix.py check-readonly DIR MODE OUT ERR RC

The functions come from pragma_function_list after loading the extension
(GPUADV_EXT, default ./gpuadv), less those there before. For every function,
every registered arity and every argument position, the argument takes each
value of VALUES below while the others keep a valid baseline (BASELINE). Each
call is one statement that prints exactly one line:

    cID|TYPEOF|FINITE|QUOTE        a value (FINITE is 1 for a finite number)
    Error: MESSAGE                 an error

and must give a finite number, NULL, or an error whose message starts with
`NAME(): `; calls with one argument too few or too many must give SQLite's
own `wrong number of arguments to function NAME()`. On top of that:

  - NULL in a required argument gives NULL, NULL in an optional one its
    default (a value; trailing, the same value as the call without it), and
    nothing else gives NULL (SQLite stores a NaN result as NULL, so a NULL
    from non-NULL arguments may be a NaN);
  - numeric text is a number: ' 7 ' and '7' give what 7 gives;
  - keywords are case-insensitive: upper(baseline) gives what baseline gives
    (catalog names and labels: only a clean outcome there);
  - spend_problem gives TEXT, or NULL for a plan with no money problem;
    train_layout gives a JSON object as TEXT (NULL for a GPU without a
    TFLOP/s figure), train_field a field of one, or NULL for a field the
    object lacks; traffic_shape gives a profile as TEXT, engine_kv_dtype
    a dtype name;
  - gpu_name and model_name give TEXT, and with one argument NULL for an
    unknown name;
  - an error message names the argument that was changed (or the result).
"""
import json
import os
import re
import sqlite3
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests"))
from examples import reference_headings  # noqa: E402 (tests/examples.py)
EXT = os.environ.get("GPUADV_EXT", "./gpuadv")

# Valid arguments of every function, as SQL literals, for its largest arity;
# a smaller arity takes the first ones. Text marks a keyword or catalog name.
BASELINE = {
    "bytes_per_param": ["'bf16'"],
    "weights_gb": ["7", "'bf16'"],
    "train_mem_gb": ["13", "'full'", "4", "3", "13"],
    "train_peak_gb": ["8.03", "'qlora'", "32", "4096", "32", "4096", "1", "8",
                      "3", "'full'", "128256", "8", "14336", "16"],
    "kv_cache_gb": ["80", "8", "128", "8192", "10", "'fp16'"],
    "activation_gb": ["32", "4096", "32", "4096", "1", "'selective'"],
    "decode_tps": ["3350", "14", "64", "1.0", "8.0", "989", "7"],
    "prefill_tps": ["989", "70", "0.5"],
    "cost_per_mtok": ["2.5", "239", "0.7"],
    "nodes_required": ["1260", "80", "0.1"],
    "train_gpu_hours": ["70", "3", "989", "0.4"],
    "owned_usd_per_hour": ["30000", "3", "700", "0.12", "1.2"],
    "owned_term_usd": ["332056", "0.25", "35040", "8760", "6.8"],
    "egress_usd": ["500", "20", "0.09"],
    "break_even_hours": ["12000", "5.12", "1.0"],
    "ridge_point": ["312", "2000"],
    "max_batch": ["80", "35", "2.68", "0.1"],
    "gpuadv_version": [],
    "model_weights_gb": ["'deepseek-v3'", "'fp8'", "8"],
    "model_kv_gb": ["'deepseek-v3'", "1024", "2", "'bf16'", "8", "0"],
    "model_decode_tps": ["'llama-3.1-8b'", "'h100-sxm'", "'bf16'", "1",
                         "1024", "1", "'vllm'", "1", "1", "8", "3200", "'fp8'"],
    "model_serving_batch": ["'llama-3.1-8b'", "'h100-sxm'", "'fp8'", "30",
                            "500", "1150", "1", "'vllm'", "1", "1", "8", "3200",
                            "'fp8'"],
    "model_prefill_tps": ["'llama-3.1-70b'", "'h100-sxm'", "'fp8'", "2",
                          "512", "'trtllm'", "1", "1", "8", "3200"],
    "engine_serves": ["'vllm'", "'h100-sxm'", "'fp8'"],
    "engine_vendor_share": ["'vllm'", "'mi300x'"],
    "gpu_tflops": ["'b200'", "'fp4'"],
    "model_full_load_tps": ["'llama-3.1-8b'", "'h100-sxm'", "'fp8'", "1000",
                            "1000", "1", "'trtllm'", "4096", "'fp8'"],
    "engine_kv_dtype": ["'vllm'", "'fp8'"],
    "engine_overlap": ["'vllm'", "'0.11.2'"],
    "engine_cache_gb": ["'vllm'", "'h100-sxm'", "141.1", "8192", "28672", "0",
                        "128256", "2", "2", "1", "0.1", "1"],
    "queue_wait_s": ["8", "2.4", "3.025"],
    "queue_servers": ["2.4", "3.025", "3", "4"],
    "spend_problem": ["20", "1", "'rent'", "10"],
    "gpu_name": ["'H100 SXM5 80GB'", "'owned_prices.gpu'"],
    "model_name": ["'Llama-3.1-70B'", "'workloads.model'"],
    "model_train_tps": ["'llama-3.1-8b'", "'h100-sxm'", "'full'", "16", "4096",
                        "512", "2", "2", "1", "'selective'", "8", "3200",
                        "'bf16'", "1"],
    "model_train_mfu": ["'llama-3.1-8b'", "'h100-sxm'", "'full'", "16", "4096",
                        "512", "2", "2", "1", "'selective'", "8", "3200",
                        "'bf16'", "1"],
    "train_layout": ["'llama-3.2-1b'", "'h100-sxm'", "'full'", "1", "8",
                     "3200", "8", "0.1", "0", "1", "30", "1.5", "2048", "256",
                     "2", "'full'", "1", "0.5"],
    "train_field": ["'{\"n_gpus\":8,\"framework\":\"DDP\"}'", "'n_gpus'"],
    "traffic_peak": ["'0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,8:0.5,9:0.5,10:0.5,11:0.5,12:1.5,13:1.5,14:1.5,15:1.5,16:1.5,17:1.5,18:1.5,19:1.5,20:1.5,21:1.5,22:1.5,23:1.5'"],
    "traffic_shape": ["'0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,8:0.5,9:0.5,10:0.5,11:0.5,12:1.5,13:1.5,14:1.5,15:1.5,16:1.5,17:1.5,18:1.5,19:1.5,20:1.5,21:1.5,22:1.5,23:1.5'", "1.8"],
    "traffic_unit_hours": ["'0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,8:0.5,9:0.5,10:0.5,11:0.5,12:1.5,13:1.5,14:1.5,15:1.5,16:1.5,17:1.5,18:1.5,19:1.5,20:1.5,21:1.5,22:1.5,23:1.5'", "30", "10", "5", "1"],
    "traffic_hybrid_units": ["'0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,8:0.5,9:0.5,10:0.5,11:0.5,12:1.5,13:1.5,14:1.5,15:1.5,16:1.5,17:1.5,18:1.5,19:1.5,20:1.5,21:1.5,22:1.5,23:1.5'", "30", "10", "1", "10", "1.5"],
    "image_mem_gb": ["'sdxl'", "'generate'", "2", "1024", "'bf16'", "'full'"],
    "image_tps": ["'sdxl'", "'h100-sxm'", "'generate'", "'bf16'", "2", "1024", "30", "2", "'full'"],
}

# The values every argument position takes: the brief's set first.
VALUES = [
    "NULL", "-1", "0", "1", "1e308", "-1e308", "9223372036854775807",
    "'NaN'", "'inf'", "''", "'abc'", "' 7 '", "'1e999'", "x'00'",
    # more: numbers at the edges, text SQLite might take for a number,
    # text that must not reach a format string, blobs, long and odd text
    "7", "'7'", "0.5", "3.5", "-0.0", "4.9e-324", "2.2250738585072014e-308",
    "-9223372036854775808", "9007199254740993", "1e999", "-1e999",
    "'Infinity'", "'-nan'", "'0x10'", "'1e3'", "'7abc'", "' '",
    "'%s%n%s%n%.9999999f'", "'a' || char(0) || 'b'", "char(0)", "x''",
    "x'37'", "x'ffff'", "'" + "x" * 300 + "'",
    # two-byte characters across the 40-byte and 64-byte cuts of messages
    "'x" + "\u00e9" * 30 + "'", "'x" + "\u00e9" * 40 + "'",
    "'bf16'", "'FULL'", "'h100-sxm'", "'llama-3.1-8b'", "'it''s -- x'",
    "zeroblob(100000)", "randomblob(16)",
]
# Values that must give what the number 7 gives.
SEVEN = ["7", "'7'", "' 7 '"]
# Arguments that are catalog names or labels, or text read as it is
# (train_field's layout and field, a release number: '7' is release 7, 7
# no release), not keywords.
NAME_ARGS = ("model", "gpu", "label", "layout", "field", "profile",
             "engine_version")
# Functions that give a catalog slug (TEXT), or with one argument NULL for
# a name the catalog does not know.
NAME_FNS = ("gpu_name", "model_name")
# Functions that give a verdict as TEXT, or NULL when there is nothing to
# say (from any arguments).
VERDICT_FNS = ("spend_problem", "train_layout", "train_field")
# Functions that give TEXT, never NULL from non-NULL arguments.
TEXT_FNS = ("traffic_shape", "engine_kv_dtype")
# The largest finite double, so that the finiteness test is exact.
DBL_MAX = "1.7976931348623157e308"


def registered():
    """name -> sorted arities, from pragma_function_list."""
    con = sqlite3.connect(":memory:")
    before = set(con.execute("SELECT name, narg FROM pragma_function_list"))
    con.enable_load_extension(True)
    con.load_extension(EXT)
    fns = {}
    for name, narg in con.execute("SELECT name, narg FROM pragma_function_list"):
        if (name, narg) not in before:
            fns.setdefault(name, set()).add(narg)
    return {k: sorted(v) for k, v in fns.items()}


def arg_names():
    """name -> argument names, from the `### name(args [, opt])` headings of
    README.md and docs/*.md."""
    names = {}
    for name, args in reference_headings():
        names[name] = [a.strip() for a in re.sub(r"[\[\]]", "", args).split(",")
                       if a.strip()]
    return names


def statement(cid, fn, args):
    call = "%s(%s)" % (fn, ", ".join(args))
    return ("WITH r(v) AS MATERIALIZED (SELECT %s) SELECT 'c%d', typeof(v), "
            "CASE WHEN typeof(v) IN ('integer', 'real') THEN "
            "(v = v AND abs(v) <= %s) ELSE 1 END, quote(v) FROM r;"
            % (call, cid, DBL_MAX))


def gen(outdir):
    os.makedirs(outdir, exist_ok=True)
    fns = registered()
    names = arg_names()
    cases = []
    meta = {"registered": fns, "problems": []}
    for fn in sorted(set(fns) - set(BASELINE)):
        meta["problems"].append("%s is registered but has no baseline in "
                                "tests/matrix/gen_matrix.py" % fn)
    for fn in sorted(set(BASELINE) - set(fns)):
        meta["problems"].append("%s has a baseline but is not registered" % fn)

    def add(fn, arity, pos, label, args, kind):
        cases.append({"id": len(cases), "fn": fn, "arity": arity, "pos": pos,
                      "value": label, "kind": kind, "sql": statement(
                          len(cases), fn, args)})

    for fn in sorted(set(fns) & set(BASELINE)):
        base = BASELINE[fn]
        arities = fns[fn]
        if max(arities) > len(base):
            meta["problems"].append("%s/%d: baseline has only %d arguments"
                                    % (fn, max(arities), len(base)))
            continue
        for arity in arities:
            add(fn, arity, -1, "baseline", base[:arity], "baseline")
            for pos in range(arity):
                values = list(VALUES)
                if base[pos].startswith("'"):  # a keyword or a name
                    values.append("upper(%s)" % base[pos])
                for v in values:
                    args = list(base[:arity])
                    args[pos] = v
                    add(fn, arity, pos, v, args, "value")
        # SQLite's own arity errors, one too few and one too many.
        filler = base + ["1"] * 2
        for arity in (min(arities) - 1, max(arities) + 1):
            if arity >= 0 and arity not in arities:
                add(fn, arity, -1, "arity", filler[:arity], "arity")
    with open(os.path.join(outdir, "matrix.sql"), "w") as f:
        for c in cases:
            f.write(c["sql"] + "\n")
    n_required = {fn: min(a) for fn, a in fns.items()}
    with open(os.path.join(outdir, "cases.json"), "w") as f:
        json.dump({"cases": cases, "meta": meta, "n_required": n_required,
                   "arg_names": names}, f)
    gen_readonly(outdir)
    print("%d calls of %d functions" % (len(cases), len(fns)))


# ---------------------------------------------------------------- read-only

CATALOGS = ["gpus", "cloud_instances", "models", "measurements"]


def gen_readonly(outdir):
    """Writes to the catalogs, each refused, then their checksums again."""
    con = sqlite3.connect(":memory:")
    con.enable_load_extension(True)
    con.load_extension(EXT)
    lines, expect = [], []
    checks = {}
    for cat in CATALOGS:
        cols = [r[1] for r in con.execute("SELECT * FROM pragma_table_info(?)",
                                          (cat,))]
        first = cols[0]
        # A checksum over every cell: count, bytes of quoted values, and a
        # sum that depends on each value's place.
        checks[cat] = ("SELECT 'sum-%s', count(*), sum(%s), total(rowid * (%s)) "
                       "FROM %s;" % (
                           cat, " + ".join("length(quote(%s))" % c for c in cols),
                           " + ".join("length(quote(%s))" % c for c in cols[:4]),
                           cat))
        lines.append(checks[cat])
        expect.append(("checksum", cat))
        writes = [
            ("INSERT INTO %s(%s) VALUES ('x');" % (cat, first), "modified"),
            ("INSERT INTO %s SELECT * FROM %s LIMIT 1;" % (cat, cat), "modified"),
            ("INSERT OR REPLACE INTO main.%s(%s) VALUES ('x');" % (cat, first),
             "modified"),
            ("INSERT INTO %s(%s) VALUES ('x') ON CONFLICT DO NOTHING;"
             % (cat, first), "modified"),
            ("UPDATE %s SET %s = 'x';" % (cat, first), "modified"),
            ("UPDATE %s SET %s = %s WHERE 0;" % (cat, first, first), "modified"),
            ("DELETE FROM %s;" % cat, "modified"),
            ("DELETE FROM main.%s WHERE rowid = 1;" % cat, "modified"),
            ("DROP TABLE %s;" % cat, "dropped"),
            ("DROP TABLE IF EXISTS main.%s;" % cat, "dropped"),
            ("ALTER TABLE %s RENAME TO %s_2;" % (cat, cat), "altered"),
            ("ALTER TABLE %s RENAME COLUMN %s TO x;" % (cat, first), "altered"),
            ("ALTER TABLE %s DROP COLUMN %s;" % (cat, cols[-1]), "altered"),
            ("ALTER TABLE %s ADD COLUMN x;" % cat, "virtual tables may not be altered"),
            ("CREATE INDEX %s_i ON %s(%s);" % (cat, cat, first),
             "virtual tables may not be indexed"),
            # (no CREATE TRIGGER: tests/sqlhost.c skips a statement that fails
            # to prepare up to the next ';', which is inside a trigger body)
            ("BEGIN; DELETE FROM %s; COMMIT;" % cat, "modified"),
        ]
        for sql, want in writes:
            lines.append(sql)
            expect.append(("write", cat, sql, want))
    for cat in CATALOGS:
        lines.append(checks[cat])
        expect.append(("checksum-after", cat))
    with open(os.path.join(outdir, "readonly.sql"), "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(os.path.join(outdir, "readonly.json"), "w") as f:
        json.dump(expect, f)


# ------------------------------------------------------------------- checks

SANITIZER = re.compile(r"ERROR: AddressSanitizer|runtime error:|LeakSanitizer|"
                       r"==\d+==|Segmentation|Aborted|core dumped")


def read_run(out, err, rc):
    """Lines of stdout (invalid UTF-8 replaced; the numbers of those lines
    in a set), stderr, status."""
    with open(out, "rb") as f:
        raw = f.read().split(b"\n")
    if raw and raw[-1] == b"":
        raw.pop()
    lines, invalid = [], set()
    for i, b in enumerate(raw):
        try:
            lines.append(b.decode("utf-8"))
        except UnicodeDecodeError:
            lines.append(b.decode("utf-8", "replace"))
            invalid.add(i)
    with open(err, "rb") as f:
        errtext = f.read().decode("utf-8", "replace")
    return lines, invalid, errtext, int(rc)


def parse_lines(cases, lines):
    """Match output lines to cases: a row carries its id, an error does not
    (it belongs to the next case in order). Returns id -> line, problems."""
    got, problems = {}, []
    i = 0
    for line in lines:
        if i >= len(cases):
            problems.append("extra output line %r" % line[:200])
            continue
        m = re.match(r"^c(\d+)\|", line)
        if m:
            cid = int(m.group(1))
            if cid != cases[i]["id"]:
                problems.append("case c%d printed nothing (next line is c%d)"
                                % (cases[i]["id"], cid))
                # resynchronise on the id
                while i < len(cases) and cases[i]["id"] != cid:
                    i += 1
                if i >= len(cases):
                    continue
            got[cid] = line
        else:
            got[cases[i]["id"]] = line
        i += 1
    return got, problems


def outcome(line):
    """('value', typeof, finite, quote) | ('error', msg) | ('missing',)"""
    if line is None:
        return ("missing",)
    if line.startswith("Error: "):
        return ("error", line[len("Error: "):])
    parts = line.split("|", 3)
    if len(parts) != 4:
        return ("garbled", line)
    return ("value", parts[1], parts[2], parts[3])


def check(outdir, mode, out, err, rc):
    with open(os.path.join(outdir, "cases.json")) as f:
        data = json.load(f)
    cases, meta = data["cases"], data["meta"]
    n_required, names = data["n_required"], data["arg_names"]
    lines, invalid, errtext, rc = read_run(out, err, rc)
    got, problems = parse_lines(cases, lines)
    # Error messages must be UTF-8: Python's sqlite3 raises UnicodeDecodeError
    # (not sqlite3.Error) for one that is not, and other hosts garble it.
    bad_utf8 = sorted({cases[min(i, len(cases) - 1)]["fn"] for i in invalid})
    by_key = {}
    for c in cases:
        by_key[(c["fn"], c["arity"], c["pos"], c["value"])] = outcome(
            got.get(c["id"]))
    bad = {}  # fn -> list of problems

    def fail(c, why):
        bad.setdefault(c["fn"], []).append(
            "c%d %s: %s -> %s" % (c["id"], why,
                                  re.sub(r"^WITH r\(v\) AS MATERIALIZED \(SELECT (.*?)\) SELECT 'c\d+'.*$",
                                         r"\1", c["sql"])[:160],
                                  (got.get(c["id"]) or "(nothing)")[:200]))

    for c in cases:
        fn = c["fn"]
        o = by_key[(fn, c["arity"], c["pos"], c["value"])]
        if o[0] == "missing":
            fail(c, "printed nothing (crashed?)")
            continue
        if o[0] == "garbled":
            fail(c, "unexpected output")
            continue
        if c["kind"] == "arity":
            want = "wrong number of arguments to function %s()" % fn
            if o != ("error", want):
                fail(c, "want SQLite's arity error")
            continue
        if o[0] == "error":
            msg = o[1]
            if not msg.startswith(fn + "(): "):
                fail(c, "error does not start with '%s(): '" % fn)
                continue
            if c["kind"] == "baseline":
                fail(c, "the baseline call fails")
                continue
            argname = (names.get(fn) or [None] * 8)[c["pos"]] \
                if c["pos"] < len(names.get(fn) or []) else None
            body = msg[len(fn) + 4:]
            if argname and argname not in body and not body.startswith("result "):
                fail(c, "error does not name the argument %s" % argname)
            if c["value"] == "NULL":
                fail(c, "NULL argument raised an error")
            continue
        # a value
        _, typ, finite, quote = o
        if typ in ("integer", "real") and finite != "1":
            fail(c, "not a finite number")
        elif typ not in ("integer", "real", "null") and \
                fn != "gpuadv_version" and fn not in NAME_FNS + VERDICT_FNS + TEXT_FNS:
            fail(c, "result of type %s" % typ)
        if c["kind"] == "baseline":
            if typ == "null":
                fail(c, "the baseline call gives NULL")
            continue
        required = c["pos"] < n_required[fn]
        if c["value"] == "NULL":
            if required and typ != "null":
                fail(c, "NULL in a required argument must give NULL")
            if not required:
                if typ == "null":
                    fail(c, "NULL in an optional argument must take its default")
                elif c["pos"] == c["arity"] - 1:
                    shorter = by_key.get((fn, c["arity"] - 1, -1, "baseline"))
                    if shorter and shorter[0] == "value" and shorter[3] != quote:
                        fail(c, "trailing NULL differs from leaving it out (%s)"
                             % shorter[3])
        elif typ == "null" and not (fn in NAME_FNS and c["arity"] == 1) and \
                fn not in VERDICT_FNS:
            fail(c, "NULL from non-NULL arguments (a NaN?)")
    # numeric text is a number; keywords are case-insensitive
    for c in cases:
        if c["kind"] != "value":
            continue
        key = (c["fn"], c["arity"], c["pos"])
        o = by_key[key + (c["value"],)]
        ref = None
        if c["value"] in SEVEN[1:] and \
                (names.get(c["fn"]) or [""] * 8)[c["pos"]] not in NAME_ARGS:
            # a name is text: '7' is a name the catalog lacks, not a number
            ref = by_key[key + ("7",)]
        elif c["value"].startswith("upper(") and \
                (names.get(c["fn"]) or [""] * 8)[c["pos"]] not in NAME_ARGS:
            # catalog names are case-sensitive keys, keywords are not
            ref = by_key[(c["fn"], c["arity"], -1, "baseline")]
        if ref is None or o[0] in ("missing", "garbled"):
            continue
        if ref[0] != o[0] or (o[0] == "value" and ref[1:] != o[1:]):
            fail(c, "differs from %s" % ("7" if c["value"] in SEVEN else
                                         "the baseline"))
    # report
    fns = sorted({c["fn"] for c in cases})
    for fn in fns:
        n = sum(1 for c in cases if c["fn"] == fn)
        if fn in bad:
            for p in bad[fn][:8]:
                print("#   %s %s" % (mode, p), file=sys.stderr)
            if len(bad[fn]) > 8:
                print("#   ... %d more" % (len(bad[fn]) - 8), file=sys.stderr)
            print("FAIL %s %s: %d of %d calls" % (mode, fn, len(bad[fn]), n))
        else:
            print("ok %s %s: %d calls" % (mode, fn, n))
    for i in sorted(invalid)[:3]:
        print("#   %s: not UTF-8: %r" % (mode, lines[i][:160]), file=sys.stderr)
    print("%s %s matrix: error messages are valid UTF-8 (%d lines are not, "
          "from %s)" % ("FAIL" if invalid else "ok", mode, len(invalid),
                        ", ".join(bad_utf8) or "none"))
    clean = rc == 0 and not SANITIZER.search(errtext) and not problems
    if not clean:
        print("#   %s: rc=%d %s %s" % (mode, rc, problems[:5], errtext[-3000:]),
              file=sys.stderr)
    print("%s %s matrix: clean exit, one line per call" % (
        "ok" if clean else "FAIL", mode))
    if mode == "host":
        ok = not meta["problems"]
        for p in meta["problems"]:
            print("#   " + p, file=sys.stderr)
        print("%s matrix covers every registered function (%d)" % (
            "ok" if ok else "FAIL", len(meta["registered"])))
    print("# %s: %d calls checked" % (mode, len(cases)))
    return 0 if not bad and clean and not invalid else 1


def check_readonly(outdir, mode, out, err, rc):
    with open(os.path.join(outdir, "readonly.json")) as f:
        expect = json.load(f)
    lines, _, errtext, rc = read_run(out, err, rc)
    failures = []
    sums_before, sums_after = {}, {}
    i = 0
    for e in expect:
        line = lines[i] if i < len(lines) else None
        if e[0] in ("checksum", "checksum-after"):
            i += 1
            if not line or not line.startswith("sum-%s|" % e[1]):
                failures.append("checksum of %s: %r" % (e[1], line))
            (sums_before if e[0] == "checksum" else sums_after)[e[1]] = line
        elif e[0] == "write":
            i += 1
            cat, sql, want = e[1], e[2], e[3]
            wanted = ("Error: table %s may not be %s" % (cat, want)
                      if want in ("modified", "dropped", "altered")
                      else "Error: " + want)
            if line != wanted:
                failures.append("%s: got %r, want %r" % (sql, line, wanted))
    if i != len(lines):
        failures.append("%d lines printed, %d expected" % (len(lines), i))
    for cat in CATALOGS:
        before, after = sums_before.get(cat), sums_after.get(cat)
        ok = before is not None and before == after
        print("%s %s readonly %s: writes refused, checksum unchanged (%s)" % (
            "ok" if ok and not [f for f in failures if cat in f] else "FAIL",
            mode, cat, (before or "?").split("|", 1)[-1]))
    for f in failures:
        print("#   %s readonly: %s" % (mode, f), file=sys.stderr)
    clean = rc == 0 and not SANITIZER.search(errtext)
    if not clean:
        print("#   %s readonly: rc=%d %s" % (mode, rc, errtext[-2000:]),
              file=sys.stderr)
    print("%s %s readonly: %d writes refused with the read-only message, "
          "clean exit" % ("ok" if clean and not failures else "FAIL", mode,
                          sum(1 for e in expect if e[0] == "write")))
    return 0 if clean and not failures else 1


def main(argv):
    argv = [argv[0], argv[1]] + [os.path.abspath(a) if os.path.exists(a) else a
                                 for a in argv[2:]] if len(argv) > 2 else argv
    os.chdir(ROOT)
    if len(argv) == 3 and argv[1] == "gen":
        gen(argv[2])
        return 0
    if len(argv) == 7 and argv[1] == "check":
        return check(*argv[2:])
    if len(argv) == 7 and argv[1] == "check-readonly":
        return check_readonly(*argv[2:])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
