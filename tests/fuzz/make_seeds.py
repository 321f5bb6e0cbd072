#!/usr/bin/env python3
"""Write the seed corpora and dictionaries of the gpuadv fuzz targets.

    python3 tests/fuzz/make_seeds.py     # from the repository root, after
                                         # make -f Makefile -f tests/fuzz/fuzz.mk fuzz-build

Rewrites tests/fuzz/corpus/{fuzz_functions,fuzz_csv,fuzz_catalog,fuzz_config}/ and
tests/fuzz/fuzz_*.dict. The inputs follow the byte layouts described at the
top of each target (and fz_bind() in fuzz_common.h); text and numbers are
spelled out in full rather than as indexes into the targets' word tables,
so the seeds keep their meaning when those tables or the catalogs change.
The function seeds need the list of registered functions, which the built
fuzz_functions target prints (GPUADV_FUZZ_LIST=1).
"""
import csv
import os
import re
import shutil
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "catalogs"))
import dtype_catalog  # noqa: E402 (catalogs/dtypes.csv)
CORPUS = os.path.join(HERE, "corpus")

# ---------------------------------------------------------------- fz_bind


def null():
    return bytes([0])


def integer(v):
    return bytes([3]) + struct.pack("<q", v)


def real(v):
    return bytes([5]) + struct.pack("<d", v)


def text(s):
    b = s.encode() if isinstance(s, str) else s
    assert len(b) < 128, s
    return bytes([7, len(b)]) + b


def blob(b):
    assert len(b) < 64
    return bytes([8, len(b)]) + b


def value(v):
    if v is None:
        return null()
    if isinstance(v, bool):
        raise TypeError(v)
    if isinstance(v, int):
        return integer(v)
    if isinstance(v, float):
        return real(v)
    if isinstance(v, bytes) and v.startswith(b"BLOB:"):
        return blob(v[5:])
    return text(v)


def write(target, name, data):
    d = os.path.join(CORPUS, target)
    os.makedirs(d, exist_ok=True)
    safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", name)
    with open(os.path.join(d, safe), "wb") as f:
        f.write(data)


# ------------------------------------------------------ fuzz_functions

TYPICAL = {
    "activation_gb": [32, 4096, 32, 4096, 1, "selective"],
    "break_even_hours": [12000, 5.12, 1.0],
    "bytes_per_param": ["q4_k_m"],
    "cost_per_mtok": [2.0, 239, 0.7],
    "decode_tps": [3350, 14, 64, 1.0, 8.6, 989, 7],
    "egress_usd": [500, 20, 0.09],
    "gpuadv_version": [],
    "kv_cache_gb": [80, 8, 128, 8192, 10, "fp16"],
    "max_batch": [80, 35, 2.68, 0.1],
    "model_decode_tps": ["llama-3-8b", "rtx-4090", "q4_k_m", 1, 256, 1],
    "model_kv_gb": ["deepseek-v3", 8192, 1, "bf16"],
    "model_prefill_tps": ["llama-3.1-70b", "h100-sxm", "fp8", 2],
    "model_weights_gb": ["llama-3.1-70b", "fp8"],
    "nodes_required": [1260, 80, 0.1],
    "owned_usd_per_hour": [30000, 3, 700, 0.12, 1.2],
    "prefill_tps": [989, 70, 0.5],
    "ridge_point": [312, 2000],
    "spend_problem": [1234567.5, 0, "any", 1000000],
    "train_gpu_hours": [70, 3, 989, 0.4],
    "train_mem_gb": [13, "full", 4, 3, 13],
    "train_peak_gb": [8, "full", 32, 4096, 32, 2048, 2, 8, 3, "selective",
                      128256, 8, 14336, 16],
    "weights_gb": [70, "bf16"],
}

# Odd values for the first argument of each function, one seed each.
ODD = [None, float("inf"), -0.0, 1e308, " 7.5 ", "1e999", "nan",
       b"BLOB:\x00\x01", "x" * 100, 100000.00000000001, -1, 2 ** 63 - 1]


def function_list():
    exe = os.path.join(ROOT, "build", "fuzz", "fuzz_functions")
    if not os.path.exists(exe):
        sys.exit("build the targets first: make -f Makefile -f "
                 "tests/fuzz/fuzz.mk fuzz-build")
    env = dict(os.environ, GPUADV_FUZZ_LIST="1")
    out = subprocess.run([exe, "-runs=0"], env=env, capture_output=True,
                         text=True, cwd=ROOT).stderr
    fns = []
    for m in re.finditer(r"^ *(\d+) (\w+)/(\d+) \(required (\d+)\)$", out,
                         re.M):
        fns.append((int(m.group(1)), m.group(2), int(m.group(3))))
    if not fns:
        sys.exit("no function list from " + exe)
    return fns


# More calls: every keyword, the error paths of the argument checks.
EXTRA = [
    ("train_mem_gb", [70, "qlora"]),
    ("train_mem_gb", [70, "LoRA", 8, 2]),
    ("train_mem_gb", [70, "full16", 8, 1, 4.5]),
    ("train_mem_gb", [70, "inference"]),
    ("train_mem_gb", [70, "adam"]),
    ("activation_gb", [32, 4096, 32, 4096, 1, "none"]),
    ("activation_gb", [32, 4096, 32, 4096, 1, "FULL"]),
    ("activation_gb", [32, 4096, 32, 4096, 1, 3]),
    ("weights_gb", [7e9, "bf16"]),
    ("weights_gb", [0, "fp8"]),
    ("weights_gb", [7, "Q4_K_M"]),
    ("nodes_required", [1e300, 1e-300]),
    ("nodes_required", [2.1, 0.3]),
    ("nodes_required", [100, 10, 1.0]),
    ("max_batch", [1e300, 0, 1e-300]),
    ("max_batch", [80, 100, 1]),
    ("kv_cache_gb", [80, 8, 128, 8192, 10, "nope"]),
    ("decode_tps", [3350, 0, 1, 1.0, 0]),
    ("decode_tps", [3350, 0, 1, 1.0, 0, 989, 7]),
    ("decode_tps", [3350, 14, 1, 1.5]),
    ("break_even_hours", [1000, 1.0, 2.0]),
    ("train_gpu_hours", [70, 3, 989, 0]),
    ("owned_usd_per_hour", [30000, 0]),
    ("train_peak_gb", [8, "qlora", 32, 4096, 32, 2048, 2, 1, 0, "full",
                       128256, 4]),
    ("train_peak_gb", [70, "lora", 80, 8192, 64, 2048, 1, 8, 3, "full",
                       128256, 8, 28672, 65536]),
    ("train_peak_gb", [70, "full", 80, 8192, 64, 4096, 1, 64, 3, "none"]),
    ("model_decode_tps", ["mixtral-8x7b", "h100-sxm", "fp4", 64, 4096, 8]),
    ("model_decode_tps", ["gpt-oss-120b", "mi300x", "mxfp4", 256, 32768, 2]),
    ("model_prefill_tps", ["deepseek-v3", "mi300x", "int8"]),
    ("model_prefill_tps", ["qwen3-8b", "tpu-v5e", "tf32", 4]),
    ("model_kv_gb", ["gemma-3-27b", 131072, 8, "q8_0"]),
    ("model_weights_gb", ["nope", "fp8"]),
]


def function_seeds():
    fns = function_list()
    index = {(name, narg): idx for idx, name, narg in fns}
    for k, (fname, args) in enumerate(EXTRA):
        if (fname, len(args)) in index:
            data = bytes([index[(fname, len(args))], (k & 1) | (k % 3) << 1])
            data += b"".join(value(a) for a in args)
            write("fuzz_functions", "%s_%d_extra%d" % (fname, len(args), k),
                  data)
    for i, (idx, name, narg) in enumerate(fns):
        args = TYPICAL.get(name, [2] * narg)[:narg]
        args += [2] * (narg - len(args))
        flags = i & 1  # every other seed runs over two rows
        data = bytes([idx, flags]) + b"".join(value(a) for a in args)
        write("fuzz_functions", "%s_%d" % (name, narg), data)
    # The longest arity of each function, its first argument odd.
    longest = {}
    for idx, name, narg in fns:
        if narg > longest.get(name, (0, -1))[1]:
            longest[name] = (idx, narg)
    for k, (name, (idx, narg)) in enumerate(sorted(longest.items())):
        if narg == 0:
            continue
        odd = ODD[k % len(ODD)]
        args = TYPICAL.get(name, [2] * narg)[:narg]
        args += [2] * (narg - len(args))
        args[k % narg] = odd
        data = bytes([idx, 1]) + b"".join(value(a) for a in args)
        write("fuzz_functions", "%s_%d_odd%d" % (name, narg, k % narg), data)


# ------------------------------------------------------------ fuzz_csv

CSV_SEEDS = {
    "quotes": b'gpu,vendor,usd_per_hour\nh100-sxm,"Acme, Inc.",2.49\n'
              b'"a100-sxm-80gb","say ""hi""",1.29\n',
    "crlf": b"a,b\r\n1,2\r\n3,4\r\n",
    "cr_only": b"a,b\r1,2\r3,4",
    "bom": b"\xef\xbb\xbfname,price\nx,1\n",
    "utf16_bom": b"\xff\xfea\x00,\x00b\x00",
    "nul": b"a,b\n1,\x002\n",
    "blank_lines": b"\n  \n\ta,b\n\n1,2\n \t \n3,4\n\n",
    "dup_headers": b"a,A,a_2,a,,c1, a \n1,2,3,4,5,6,7\n",
    "empty_names": b",,\n1,2,3\n",
    "numbers": b"v\n1\n-1\n+7\n007\n.5\n5.\n-0\n1e3\n1E-3\n1e999\n-1e999\n"
               b"1e-400\n9223372036854775807\n9223372036854775808\n"
               b"-9223372036854775808\n-9223372036854775809\n"
               b"0x10\ninf\nnan\n1_000\n$3.50\n1e\n1e+\n.\n+\n-\n"
               b"123456789012345678901234567890.5e-10\n",
    "long_number": b"v\n" + b"1" * 300 + b"." + b"2" * 300 + b"e-5\n",
    "big_exponent": b"v\n1e99999999999999999999\n1e-99999999999999999999\n",
    "quoted_types": b'a,b\n"007","1.5"\n"",x\n',
    "quoted_newline": b'a,b\n"line1\nline2\r\nline3\rline4",2\n',
    "unterminated": b'a,b\n1,"open\n',
    "stray_quote": b'a,b\n1,ab"c\n',
    "after_quote": b'a,b\n"x" y,2\n',
    "ragged": b"a,b\n1,2,3\n",
    "ragged_short": b"a,b,c\n1\n",
    "header_only": b"a,b,c\n",
    "empty": b"",
    "only_blank": b" \n\t\n",
    "no_trailing_eol": b"a,b\n1,2",
    "spaces": b"  a  ,\tb\t\n  1 , \" 2 \" \n",
    "one_column": b"x\n1\n\n2\n",
    "utf8": "gpu,note\nh100,caf\u00e9 \u2014 \u00fcber\n".encode(),
    "bad_utf8": b"a,b\n\xff\xfe\xc3,\x80\x80\n",
    "rowid_column": b"rowid,oid,_rowid_\n1,2,3\n",
    "rowid_column_shadow": b"rowid,oid,_rowid_\n2,2,3\n",
    "rowid_column_one": b"ROWID,x\n5,2\n6,3\n",
    "quote_in_name": b'"a""b",\'c\'\n1,2\n',
    "many_columns": b",".join(b"c" for _ in range(2001)) + b"\n",
    "wide_row": b"a\n" + b",".join(b"1" for _ in range(300)) + b"\n",
    "trailing_comma": b"a,b,\n1,2,\n",
    "vertical_tab": b"\x0ba\x0c,b\n1,2\n",
}

ARG_SEEDS = {
    "args_data": b"data='a,b\n1,2', header=no",
    "args_data_dq": b'data="x,y\n3,4"',
    "args_header_bad": b"data='a', header=maybe",
    "args_two_data": b"DATA='a', data='b'",
    "args_no_value": b"data",
    "args_unknown": b"bogus=1",
    "args_two_strings": b"data='a' 'b'",
    "args_empty": b"",
    "args_header_only": b"header=yes",
    "args_quotes": b"data='it''s,\"q\"\n1,2', HEADER = 'off'",
    "args_spaces": b"  data  =  ' a '  ",
}


# Lowered limits (flags bit 3): the column limit 8 + (flags >> 4 & 7), the
# length limit the input's size (bit 7: one byte less) from 512 bytes on.
LIMIT_SEEDS = {
    "limit_columns_ok": (0x08, b"a,b,c,d,e,f,g,h\n1,2,3,4,5,6,7,8\n"),
    "limit_columns_over": (0x08, b"a,b,c,d,e,f,g,h,i\n1,2,3,4,5,6,7,8,9\n"),
    "limit_columns_row_over": (0x18, b"a\n" + b",".join([b"1"] * 10) + b"\n"),
    "limit_length_exact": (0x08, b"v\n" + b"x" * 600 + b"\n"),
    "limit_length_over": (0x88, b"v\n" + b"x" * 600 + b"\n"),
    "limit_length_long_name": (0x78, b"n0,n1,n2,l3,n4,n5,n6,n7,n8,n9,n10," +
                               b" " * 80 + b"\x13" * 4 + b"x" * 400 + b" " * 14),
    "limit_length_names": (0x78, b",".join(b"n%d" % i for i in range(15)) +
                           b"\n" + b"1," * 14 + b"1\n" + b" " * 500),
}


def csv_seeds():
    for name, (flags, body) in sorted(LIMIT_SEEDS.items()):
        write("fuzz_csv", name, bytes([flags]) + body)
    for i, (name, body) in enumerate(sorted(CSV_SEEDS.items())):
        flags = 0x01 | ((i % 4) << 1)
        write("fuzz_csv", name, bytes([flags]) + body)
    for name, body in sorted(ARG_SEEDS.items()):
        write("fuzz_csv", name, bytes([0xA0]) + body)
    fixtures = os.path.join(ROOT, "tests", "csv")
    if os.path.isdir(fixtures):
        for fn in sorted(os.listdir(fixtures)):
            if fn.endswith(".csv"):
                with open(os.path.join(fixtures, fn), "rb") as f:
                    body = f.read()
                if len(body) < 4000:
                    write("fuzz_csv", "fixture_" + fn[:-4],
                          bytes([0x01]) + body)


# -------------------------------------------------------- fuzz_catalog

TABLES = {"gpus": 0, "models": 1, "cloud_instances": 2, "measurements": 3}
KEY_COLS = ["name", "id", "gpu", "provider", "model", "region", "vendor"]
OPS = ["=", "==", "IS", "IS NOT", "!=", "<", "<=", ">", ">=", "LIKE", "GLOB",
       "IN2", "NOT IN2", "= COLLATE NOCASE", "= COLLATE RTRIM",
       "COLLATE NOCASE =", "= +", "= CAST", "= lower", "= ||", "BETWEEN",
       "IS NULL", "= AND 1", "IN1", "= ()", "= coalesce"]


def cat(v):
    """cat_bind: 0xFF sends the value on to fz_bind."""
    return bytes([0xFF]) + value(v)


def name(v):
    """name_bind: 0xFF sends it on to cat_bind."""
    return bytes([0xFF]) + cat(v)


def term(col, op, p1=1, p2=2, negate=False):
    c = 1 + 2 * KEY_COLS.index(col)
    if negate:
        c |= 0x80
    return bytes([c, OPS.index(op), p1 - 1, p2 - 1])


def params(*vals):
    vals = list(vals) + [None] * (4 - len(vals))
    return b"".join(cat(v) for v in vals)


def one_table(table, terms, vals, connectors=()):
    out = bytes([0, TABLES[table], len(terms) - 1])
    out += bytes([1 if c == "OR" else 0 for c in connectors])
    return out + b"".join(terms) + params(*vals)


def catalog_seeds():
    w = lambda n, d: write("fuzz_catalog", n, d)
    w("gpus_name_eq", one_table("gpus", [term("name", "=")], ["h100-sxm"]))
    w("gpus_name_int", one_table("gpus", [term("name", "=")], [5]))
    w("gpus_name_blob", one_table("gpus", [term("name", "=")],
                                  [b"BLOB:h100-sxm"]))
    w("gpus_name_null", one_table("gpus", [term("name", "=")], [None]))
    w("gpus_name_alias", one_table("gpus", [term("name", "=")],
                                   ["H100 SXM5 80GB"]))
    w("gpus_name_upper", one_table("gpus", [term("name", "=")], ["H100-SXM"]))
    w("gpus_name_in", one_table("gpus", [term("name", "IN2")],
                                ["h100-sxm", "rtx-4090"]))
    w("gpus_name_or", one_table("gpus", [term("name", "="), term("name", "=", 2)],
                                ["h100-sxm", "a100-sxm-80gb"], ["OR"]))
    w("gpus_vendor_like", one_table("gpus", [term("vendor", "LIKE")], ["nv%"]))
    w("gpus_name_gt", one_table("gpus", [term("name", ">")], ["h"]))
    w("gpus_name_nul", one_table("gpus", [term("name", "=")], [b"h100\x00sxm"]))
    w("models_name_eq", one_table("models", [term("name", "=")],
                                  ["llama-3.1-70b"]))
    w("models_name_between", one_table("models", [term("name", "BETWEEN")],
                                       ["a", "m"]))
    w("cloud_gpu_provider",
      one_table("cloud_instances", [term("gpu", "="), term("provider", "=", 2)],
                ["h100-sxm", "aws"], ["AND"]))
    w("cloud_provider_eq", one_table("cloud_instances",
                                     [term("provider", "=")], ["lambda"]))
    w("cloud_gpu_is", one_table("cloud_instances", [term("gpu", "IS")],
                                ["l4"]))
    w("cloud_region_glob", one_table("cloud_instances", [term("region", "GLOB")],
                                     ["us-*"]))
    w("meas_id_or_gpu",
      one_table("measurements", [term("id", "="), term("gpu", "=", 2)],
                ["D0001", "rtx-4090"], ["OR"]))
    w("meas_gpu_not", one_table("measurements", [term("gpu", "=", negate=True)],
                                ["h100-sxm"]))
    w("meas_model_cast", one_table("measurements", [term("model", "= CAST")],
                                   ["llama-3-8b"]))
    w("meas_three_terms",
      one_table("measurements",
                [term("gpu", "="), term("model", "=", 2), term("id", "IS NULL")],
                ["rtx-4090", "llama-3-8b"], ["AND", "OR"]))
    # Joins: mode 5, join index, side, a term, the parameters.
    for j, (side, col, v) in enumerate([(0, "name", "h100-sxm"),
                                        (1, "gpu", "rtx-4090"),
                                        (0, "name", "llama-3-8b"),
                                        (0, "gpu", "a100-sxm-80gb"),
                                        (1, "name", "l4"),
                                        (1, "name", "mixtral-8x7b")]):
        w("join_%d" % j, bytes([5, j, side]) + term(col, "=") + params(v))
    # Catalog functions: mode 6, function, arity, arguments.
    fns = [
        ("weights", 0, 0, [name("llama-3.1-70b"), cat("fp8")]),
        ("weights_typo", 0, 0, [name("llama-3.1-70"), cat("bf16")]),
        ("weights_case", 0, 0, [name("LLAMA-3.1-70B"), cat("bf16")]),
        ("kv_mla", 1, 2, [name("deepseek-v3"), cat(8192), cat(1), cat("bf16")]),
        ("kv_sliding", 1, 2, [name("gemma-2-9b"), cat(8192), cat(4),
                              cat("fp8")]),
        ("kv_plain", 1, 1, [name("llama-3.1-8b"), cat(" 4096 "), cat(2.0)]),
        ("kv_unknown_long", 1, 0, [name("x" * 100), cat(10)]),
        ("kv_null", 1, 0, [name(None), cat(10)]),
        ("decode", 2, 3, [name("llama-3.1-70b"), name("h100-sxm"), cat("fp8"),
                          cat(64), cat(2048), cat(2)]),
        ("decode_moe", 2, 1, [name("mixtral-8x7b"), name("rtx-4090"),
                              cat("q4_k_m"), cat(32)]),
        ("decode_gpu_typo", 2, 0, [name("llama-3-8b"), name("h100"),
                                   cat("q4_0")]),
        ("decode_apple", 2, 2, [name("llama-3-8b"), name("apple-m1-max"),
                                cat("q8_0"), cat(1), cat(512)]),
        ("prefill", 3, 1, [name("llama-3.1-70b"), name("h100-sxm"), cat("fp8"),
                           cat(8)]),
        ("prefill_no_tflops", 3, 0, [name("llama-3-8b"), name("apple-m3-max"),
                                     cat("bf16")]),
        ("prefill_blob_gpu", 3, 0, [name("llama-3-8b"),
                                    name(b"BLOB:h100-sxm"), cat("bf16")]),
        ("weights_alias", 0, 0, [name("meta-llama/Llama-3.1-70B-Instruct"),
                                 cat("fp8")]),
        ("decode_gpu_alias", 2, 0, [name("Llama-3.1-8B"),
                                    name("NVIDIA H100 80GB HBM3"), cat("bf16")]),
        ("kv_ambiguous", 1, 0, [name("qwen3"), cat(1024)]),
    ]
    for n, fn, arity, args in fns:
        w("fn_" + n, bytes([6, fn, arity]) + b"".join(args))


# ---------------------------------------------------------- regressions

def write_regression(target, name, data):
    d = os.path.join(HERE, "regressions", target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def regressions():
    """Inputs that found bugs in ext/ (tests/fuzz/README.md, "Findings")."""
    # catalogBestIndex answered `name = ? COLLATE NOCASE` (or RTRIM) with
    # its bytewise binary search: 0 rows where a scan finds 1 (fixed).
    write_regression("fuzz_catalog", "collate-nocase-index",
                     one_table("gpus", [term("name", "= COLLATE NOCASE")],
                               ["H100-SXM"]))
    write_regression("fuzz_catalog", "collate-rtrim-index",
                     one_table("gpus", [term("name", "= COLLATE RTRIM")],
                               ["h100-sxm  "]))
    write_regression("fuzz_catalog", "collate-nocase-index-measurements",
                     one_table("measurements",
                               [term("id", "= COLLATE NOCASE")], ["d0058"]))
    # The same through an OR of two terms, which SQLite 3.40 rewrites to IN
    # (and then drops the collation itself): the target keeps COLLATE out
    # of OR'ed terms, so this runs as `id = ?4 OR id = ?2`.
    write_regression("fuzz_catalog", "collate-or-sqlite-rewrite",
                     one_table("measurements",
                               [term("id", "= COLLATE NOCASE", 4),
                                term("id", "=", 2)],
                               ["NL", "D0129", "h098", "d0047"], ["OR"]))
    # csv_header_names restarted its duplicate scan after every collision:
    # a 2,000-column header of c, c_2 .. c_1332 and then c repeated took
    # O(n^3) comparisons, seconds in a release build (fixed: a hash set).
    n = 1999
    names = ["c"] + ["c_%d" % i for i in range(2, n * 2 // 3)]
    names += ["c"] * (n - len(names))
    # With SQLITE_LIMIT_LENGTH lowered to the file's size (flags bit 3),
    # a header whose declared schema is longer than the limit (a name of
    # 300 double quotes, each doubled again in the schema) made
    # sqlite3_str_finish() fail with SQLITE_TOOBIG, which csv_construct
    # reported as SQLITE_NOMEM, "out of memory" (fixed).
    write_regression("fuzz_csv", "schema-too-long-nomem",
                     bytes([0x08]) + b'"' + b'"' * 600 + b'",b\n1,2\n')
    write_regression("fuzz_csv", "slow-header-renaming",
                     bytes([0]) + (",".join(names) + "\n1" + ",1" * (n - 1) +
                                   "\n").encode())


# ---------------------------------------------------------- fuzz_config

# Small configs of the kinds tests/configs/ has no file for, and broken ones.
CONFIG_SEEDS = {
    "falcon": '{"model_type": "falcon", "hidden_size": 4544, "num_attention_heads": 71, '
              '"num_hidden_layers": 32, "multi_query": true, "parallel_attn": true, '
              '"bias": false, "vocab_size": 65024}',
    "minimax_lightning": '{"model_type": "minimax", "hidden_size": 512, "num_attention_heads": 8, '
                         '"head_dim": 64, "num_hidden_layers": 4, "intermediate_size": 1024, '
                         '"vocab_size": 1000, "attn_type_list": [0, 0, 0, 1], '
                         '"num_local_experts": 4, "num_experts_per_tok": 2}',
    "kimi_linear": '{"model_type": "kimi_linear", "hidden_size": 256, "num_attention_heads": 4, '
                   '"num_hidden_layers": 4, "intermediate_size": 512, "vocab_size": 100, '
                   '"kv_lora_rank": 64, "qk_rope_head_dim": 16, "qk_nope_head_dim": 32, '
                   '"v_head_dim": 32, "q_lora_rank": null, "n_routed_experts": 8, '
                   '"num_experts_per_tok": 2, "moe_intermediate_size": 64, '
                   '"first_k_dense_replace": 1, "n_shared_experts": 1, '
                   '"linear_attn_config": {"kda_layers": [1, 2, 3], "full_attn_layers": [4], '
                   '"num_heads": 4, "head_dim": 32, "short_conv_kernel_size": 4}}',
    "qwen_window": '{"model_type": "qwen2", "hidden_size": 64, "num_attention_heads": 4, '
                   '"num_hidden_layers": 10, "intermediate_size": 128, "vocab_size": 10, '
                   '"use_sliding_window": true, "sliding_window": 32, "max_window_layers": 6, '
                   '"max_position_embeddings": 4096, "mlp_only_layers": [1, 3], '
                   '"decoder_sparse_step": 2, "num_experts": 4, "num_experts_per_tok": 1, '
                   '"moe_intermediate_size": 16, "shared_expert_intermediate_size": 32}',
    "gemma3_flat": '{"model_type": "gemma3_text", "hidden_size": 64, "num_attention_heads": 2, '
                   '"num_key_value_heads": 1, "num_hidden_layers": 13, "intermediate_size": 128, '
                   '"sliding_window": 512, "sliding_window_pattern": 6}',
    "llama4_interleave": '{"model_type": "llama4", "text_config": {"model_type": "llama4_text", '
                         '"hidden_size": 64, "num_attention_heads": 4, "num_key_value_heads": 2, '
                         '"head_dim": 16, "num_hidden_layers": 4, "intermediate_size": 32, '
                         '"intermediate_size_mlp": 96, "interleave_moe_layer_step": 2, '
                         '"num_local_experts": 4, "num_experts_per_tok": 1, "vocab_size": 50, '
                         '"attention_chunk_size": 64, "no_rope_layers": [1, 1, 1, 0]}}',
    "escapes": '{"\\u006eum_hidden_layers": 1, "hidden_size": 8, "num_attention_heads": 2, '
               '"vocab_size": 4, "intermediate_size": 8, "_name_or_path": "a\\"b\\u00e9\\n"}',
    "bad_kv_heads": '{"num_hidden_layers": 2, "hidden_size": 8, "num_attention_heads": 2, '
                    '"num_key_value_heads": -2}',
    "deep": '{"a": ' + "[" * 31 + "]" * 31 + "}",
    "numbers": '{"num_hidden_layers": 1e0, "hidden_size": 8.0, "num_attention_heads": 2E0, '
               '"vocab_size": 4, "intermediate_size": 80e-1, "x": -0.0, "y": 1.5e308}',
}


def config_seeds():
    configs = os.path.join(ROOT, "tests", "configs")
    for fn in sorted(os.listdir(configs)):
        if fn.endswith(".json"):
            with open(os.path.join(configs, fn), "rb") as f:
                write("fuzz_config", "real_" + fn[:-5], f.read())
    for name, text in CONFIG_SEEDS.items():
        write("fuzz_config", name, text.encode())


CONFIG_KEYS = [
    "num_hidden_layers", "hidden_size", "num_attention_heads",
    "num_key_value_heads", "head_dim", "intermediate_size", "vocab_size",
    "max_position_embeddings", "tie_word_embeddings", "attention_bias",
    "mlp_bias", "model_type", "_name_or_path", "text_config",
    "num_local_experts", "num_experts", "n_routed_experts",
    "num_experts_per_tok", "moe_intermediate_size", "n_shared_experts",
    "shared_expert_intermediate_size", "first_k_dense_replace",
    "moe_layer_freq", "decoder_sparse_step", "mlp_only_layers",
    "interleave_moe_layer_step", "intermediate_size_mlp", "kv_lora_rank",
    "q_lora_rank", "qk_rope_head_dim", "qk_nope_head_dim", "v_head_dim",
    "sliding_window", "layer_types", "sliding_window_pattern",
    "use_sliding_window", "max_window_layers", "attention_chunk_size",
    "no_rope_layers", "no_rope_layer_interval", "full_attention_interval",
    "linear_num_key_heads", "linear_num_value_heads", "linear_key_head_dim",
    "linear_value_head_dim", "linear_conv_kernel_dim", "linear_attn_config",
    "kda_layers", "full_attn_layers", "num_heads", "short_conv_kernel_size",
    "attn_type_list", "multi_query", "new_decoder_architecture", "bias",
    "num_nextn_predict_layers", "mtp_num_hidden_layers", "n_layer", "n_embd",
    "n_head", "num_kv_heads", "n_positions", "ffn_hidden_size",
    "experts_per_token", "num_experts_per_token", "num_shared_experts",
    "model_max_length", "topk_method", "use_routing_bias",
    "moe_router_activation_func", "vision_config", "vision_encoder",
    "vision_use_head", "image_size", "patch_size", "num_channels",
    "projector_input_dim", "projector_output_dim", "vision_output_dim",
    "spatial_merge_size", "adapter_bias", "multimodal_projector_bias",
    "dim", "n_layers", "n_heads", "n_kv_heads", "hidden_dim",
    "tied_embeddings", "moe", "expert_hidden_dim", "route_every_n"]
CONFIG_VALUES = ["linear_attention", "full_attention", "sliding_attention",
                 "gemma2", "gemma3_text", "qwen3_next", "qwen2", "llama4_text",
                 "falcon", "gpt_oss", "glm4_moe", "mistral", "minimax_m2",
                 "kimi_linear", "deepseek_v3", "llama4", "gemma3", "mistral3",
                 "noaux_tc", "sigmoid"]


# -------------------------------------------------------- dictionaries

def esc(s):
    b = s.encode() if isinstance(s, str) else s
    return "".join(chr(c) if 32 <= c < 127 and chr(c) not in '"\\'
                   else "\\x%02x" % c for c in b)


def write_dict(target, words):
    seen, lines = set(), ["# %s dictionary, written by make_seeds.py" % target]
    for wd in words:
        if wd in seen or wd in ("", b""):
            continue
        seen.add(wd)
        lines.append('"%s"' % esc(wd))
    with open(os.path.join(HERE, target + ".dict"), "w") as f:
        f.write("\n".join(lines) + "\n")


def catalog_names():
    names = []
    for fn, col in [("gpus.csv", "name"), ("models.csv", "name"),
                    ("cloud_instances.csv", "provider")]:
        path = os.path.join(ROOT, "catalogs", fn)
        if not os.path.exists(path):
            continue
        with open(path, newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                names.append(row[col])
    return sorted(set(names))


# the dtypes (catalogs/dtypes.csv), the training modes, the recomputations
KEYWORDS = dtype_catalog.names() + ["full", "full16", "lora", "qlora",
                                    "inference", "none", "selective"]
NUMERIC_TEXT = ["7", " 7 ", "7.5", "1e3", "1e999", "-1e999", "inf", "nan",
                "Infinity", "-0", "0x10", "100000", "1e-400",
                "9223372036854775808"]


def dicts():
    write_dict("fuzz_functions", KEYWORDS + [k.upper() for k in KEYWORDS] +
               NUMERIC_TEXT + catalog_names()[:60])
    write_dict("fuzz_catalog", catalog_names() + KEYWORDS +
               ["D0001", "H001", "T001", "%", "_", "*", "?", "[a-z]", "  "])
    write_dict("fuzz_config", ['"%s":' % k for k in CONFIG_KEYS] +
               ['"%s"' % v for v in CONFIG_VALUES] +
               ["{", "}", "[", "]", ",", ":", "null", "true", "false", "-1",
                "0", "1e999", "1.5", "2147483648", '"\\u0000"', '"\\"',
                "\\u00e9", " ", "\n"])
    write_dict("fuzz_csv", [",", '"', '""', '","', "\r\n", "\r", "\n",
                            b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\x00",
                            "1e999", "-1e999", "1e-400", "9223372036854775807",
                            "9223372036854775808", "-9223372036854775808",
                            "-9223372036854775809", ".5", "5.", "e+", "E-", "0x",
                            "inf", "nan", "rowid", "_2", "c0", " \t",
                            "data='", "data=\"", "header=", "header=no",
                            "header=yes", "filename", "''", "DATA", "HEADER",
                            "off", "true", "false"])


def main():
    for target in ("fuzz_functions", "fuzz_csv", "fuzz_catalog", "fuzz_config"):
        d = os.path.join(CORPUS, target)
        if os.path.isdir(d):
            shutil.rmtree(d)
    function_seeds()
    csv_seeds()
    catalog_seeds()
    config_seeds()
    regressions()
    dicts()
    for target in ("fuzz_functions", "fuzz_csv", "fuzz_catalog", "fuzz_config"):
        print("%s: %d seeds" % (target,
                                len(os.listdir(os.path.join(CORPUS, target)))))


if __name__ == "__main__":
    main()
