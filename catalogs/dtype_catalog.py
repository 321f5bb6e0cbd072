"""The dtypes of catalogs/dtypes.csv: the one list of the weight and KV
formats gpuadv knows.

catalogs/gen_catalog.py turns the file into build/gpuadv_dtypes.h (the
enum gpuadv_dtype_id and the rows of gpuadv_dtypes[] in
ext/gpuadv_math.c); the Python tools read it through load() instead of
keeping a copy. A row's order is its index in C and its place in the
error messages that list the dtypes.

Columns: name (the SQL keyword, lowercase), bytes_per_param (with block
scales for the GGUF types), why (the short note of the C table), compute
(the matmul precision, one of COMPUTE), gguf (1 for llama.cpp's block
types), checkpoint_bytes and head_bytes (a released checkpoint's bytes
per weight of the transformer layers and of the embedding and output
head), source. The three byte columns take a number or a short
arithmetic expression of numbers, + - * / and parentheses ("4.25 / 8"),
evaluated in double precision as C would.
"""
import ast
import csv
import os
import re

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "dtypes.csv")

COLUMNS = ["name", "bytes_per_param", "why", "compute", "gguf",
           "checkpoint_bytes", "head_bytes", "source"]
# enum gpuadv_compute of ext/gpuadv_math.h, as GPUADV_COMPUTE_<upper>
COMPUTE = ("fp32", "tf32", "16bit", "fp8", "int8", "fp4")
BYTE_COLUMNS = ("bytes_per_param", "checkpoint_bytes", "head_bytes")
NAME_RE = re.compile(r"^[a-z][a-z0-9_]{0,15}$")
# names whose C identifier GPUADV_<NAME> another one already takes
RESERVED = ("n_dtypes",)


class DtypeError(ValueError):
    pass


def _evaluate(node):
    if isinstance(node, ast.Expression):
        return _evaluate(node.body)
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return float(node.value)
    if isinstance(node, ast.BinOp) and type(node.op) in (
            ast.Add, ast.Sub, ast.Mult, ast.Div):
        a, b = _evaluate(node.left), _evaluate(node.right)
        if isinstance(node.op, ast.Add):
            return a + b
        if isinstance(node.op, ast.Sub):
            return a - b
        if isinstance(node.op, ast.Mult):
            return a * b
        return a / b
    raise ValueError("not a number or + - * / of numbers")


def number(text):
    """The value of a byte column: a number or an expression of numbers."""
    try:
        value = _evaluate(ast.parse(text.strip(), mode="eval"))
    except (SyntaxError, ValueError, ZeroDivisionError) as e:
        raise ValueError("%r: %s" % (text, e))
    if not 0.0 < value <= 8.0:
        raise ValueError("%r is %r, outside (0, 8] bytes" % (text, value))
    return value


def _row(raw, where, seen):
    row = dict(raw)
    if not NAME_RE.match(row["name"]) or row["name"] in RESERVED:
        raise DtypeError("%s: name %r must be a lowercase keyword of letters, "
                         "digits and _ (at most 16)" % (where, row["name"]))
    if row["name"] in seen:
        raise DtypeError("%s: duplicate name %r" % (where, row["name"]))
    for c in BYTE_COLUMNS:
        try:
            row[c] = number(row[c])
        except ValueError as e:
            raise DtypeError("%s: %s: %s" % (where, c, e))
    if row["compute"] not in COMPUTE:
        raise DtypeError("%s: compute %r must be one of %s"
                         % (where, row["compute"], ", ".join(COMPUTE)))
    if row["gguf"] not in ("0", "1"):
        raise DtypeError("%s: gguf must be 0 or 1" % where)
    row["gguf"] = int(row["gguf"])
    for c in ("why", "source"):
        if not row[c].strip():
            raise DtypeError("%s: %s is empty" % (where, c))
    return row


def load(path=PATH):
    """The rows in file order, byte columns as floats and gguf as int;
    DtypeError("file:line: reason") on a bad file."""
    rows, seen = [], set()
    with open(path, newline="") as f:
        reader = csv.reader(f)
        header = next(reader, None)
        if header != COLUMNS:
            raise DtypeError("%s:1: header must be %s" % (path, ",".join(COLUMNS)))
        for cells in reader:
            where = "%s:%d" % (path, reader.line_num)
            if len(cells) != len(COLUMNS):
                raise DtypeError("%s: %d cells, want %d"
                                 % (where, len(cells), len(COLUMNS)))
            row = _row(zip(COLUMNS, cells), where, seen)
            seen.add(row["name"])
            rows.append(row)
    if not rows:
        raise DtypeError("%s: no dtypes" % path)
    return rows


def names(path=PATH):
    """The dtype keywords in file order."""
    return [r["name"] for r in load(path)]


def by_name(path=PATH):
    """name: row."""
    return {r["name"]: r for r in load(path)}
