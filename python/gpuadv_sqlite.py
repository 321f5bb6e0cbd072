"""Load the gpuadv SQLite extension into Python's sqlite3.

    import sqlite3
    import gpuadv_sqlite as gpuadv
    con = sqlite3.connect(":memory:")
    gpuadv.load(con)                      # the functions and catalogs
    gpuadv.executescript(con)             # + sql/gpuadv.sql: workloads, plan views
    con.execute("SELECT mem_bw_gbs FROM gpus WHERE name = 'h100-sxm'").fetchone()
    # (3350.0,)

or in one call: ``con = gpuadv.connect(":memory:", schema=True)``.

The module is not called ``gpuadv``: in a folder holding ``gpuadv.so``
(the repository root, where ``make`` builds it), ``import gpuadv`` would
load the extension file itself as a Python module and fail with "dynamic
module does not define module export function (PyInit_gpuadv)".

Where the extension is found (``path()``), first match wins:

1. the ``GPUADV_PATH`` environment variable, when set: the file, with or
   without its suffix (``/usr/local/lib/gpuadv/gpuadv.so`` or
   ``.../gpuadv``); an error if it names no file;
2. next to this module: ``make install`` puts both in ``$(PREFIX)/lib/gpuadv``;
3. the folder above this module's: the repository root
   (``python/../gpuadv.so``, what ``make`` builds) and the unpacked
   ``make dist`` tarball, which has the repository's layout.

The SQL scripts (``script()``) are found the same way: ``GPUADV_SQL_DIR``,
then ``../sql`` from this module's folder (repository, tarball), then
``../../share/gpuadv/sql`` (installed).

This is one file with no dependencies beyond the standard library: copy it
anywhere, or put its folder on ``PYTHONPATH``.

The interpreter must allow extension loading: Debian's and Ubuntu's
``/usr/bin/python3`` do; some builds (pyenv's default, macOS's system
Python) are compiled without ``enable_load_extension``, and ``load()``
says so.
"""
import os
import sqlite3
import sys

__all__ = ["path", "load", "connect", "script", "executescript", "suffix"]

_HERE = os.path.dirname(os.path.abspath(__file__))


def suffix():
    """The platform's suffix of loadable extensions: .so, .dylib or .dll."""
    if sys.platform == "darwin":
        return ".dylib"
    if sys.platform in ("win32", "cygwin"):
        return ".dll"
    return ".so"


def _with_suffix(p):
    return p if os.path.splitext(p)[1] == suffix() else p + suffix()


def path():
    """Absolute path of the extension file (gpuadv.so / .dylib / .dll).

    Raises FileNotFoundError naming the places looked at when it is missing.
    """
    env = os.environ.get("GPUADV_PATH")
    if env:
        cand = os.path.abspath(os.path.expanduser(_with_suffix(env)))
        if os.path.isfile(cand):
            return cand
        raise FileNotFoundError("gpuadv extension not found: %s (GPUADV_PATH)"
                                % cand)
    name = "gpuadv" + suffix()
    tried = [os.path.join(_HERE, name), os.path.join(os.path.dirname(_HERE), name)]
    for cand in tried:
        if os.path.isfile(cand):
            return cand
    raise FileNotFoundError(
        "gpuadv extension not found at %s; run `make` in the repository or "
        "set GPUADV_PATH" % " or ".join(tried))


def load(conn, ext_path=None):
    """Load the extension into the sqlite3 connection ``conn``; return ``conn``.

    Extension loading is enabled only for the call and disabled again
    afterwards, so SQL run later on ``conn`` cannot load other libraries
    with ``load_extension()``. The entry point is ``sqlite3_gpuadv_init``,
    which SQLite derives from the file name.
    """
    p = ext_path or path()
    if not hasattr(conn, "enable_load_extension"):
        raise RuntimeError(
            "this Python's sqlite3 module was built without extension loading "
            "(%s); use a Python that has it, e.g. Debian's /usr/bin/python3"
            % sys.executable)
    conn.enable_load_extension(True)
    try:
        conn.load_extension(p)
    finally:
        conn.enable_load_extension(False)
    return conn


def script(name="gpuadv.sql"):
    """Absolute path of one of gpuadv's SQL scripts (``gpuadv.sql``,
    ``accuracy.sql``, ``demo.sql``, ``examples/NAME.sql``)."""
    dirs = []
    env = os.environ.get("GPUADV_SQL_DIR")
    if env:
        dirs.append(os.path.expanduser(env))
    dirs += [os.path.join(_HERE, "..", "sql"),
             os.path.join(_HERE, "..", "..", "share", "gpuadv", "sql")]
    for d in dirs:
        cand = os.path.abspath(os.path.join(d, name))
        if os.path.isfile(cand):
            return cand
    raise FileNotFoundError("gpuadv SQL script %r not found; set GPUADV_SQL_DIR"
                            " (looked in %s)" % (name, ", ".join(
                                os.path.abspath(d) for d in dirs)))


def executescript(conn, name="gpuadv.sql"):
    """Run one of gpuadv's SQL scripts on ``conn`` (default: the procurement
    schema and views of sql/gpuadv.sql, which holds no dot-commands);
    return ``conn``."""
    with open(script(name), encoding="utf-8") as f:
        conn.executescript(f.read())
    return conn


def connect(database=":memory:", schema=False, **kwargs):
    """``sqlite3.connect(database, **kwargs)`` with gpuadv loaded, and with
    sql/gpuadv.sql read when ``schema`` is true."""
    conn = sqlite3.connect(database, **kwargs)
    load(conn)
    if schema:
        executescript(conn)
    return conn


if __name__ == "__main__":
    # python3 python/gpuadv_sqlite.py  ->  the extension's path and versions
    c = connect()
    print(path())
    print(c.execute("SELECT gpuadv_version(), sqlite_version()").fetchone())
