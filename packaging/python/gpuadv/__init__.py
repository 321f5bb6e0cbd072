"""gpuadv: GPU procurement as SQL, the SQLite extension for Python's sqlite3.

    import sqlite3, gpuadv
    con = sqlite3.connect(":memory:")
    gpuadv.load(con)                 # the functions and the catalogs
    gpuadv.executescript(con)        # + sql/gpuadv.sql: workloads and plan views
    con.execute("INSERT INTO workloads(name, kind, model, requests_per_min,"
                " output_tokens) VALUES ('chat', 'serve', 'llama-3.1-8b', 60, 300)")
    con.execute("SELECT offer FROM best_plans").fetchone()

The package carries the extension built for this platform (with its
catalogs compiled in) and gpuadv's SQL scripts. ``python3 -m gpuadv demo``
prints the procurement report of sql/demo.sql.

Python's sqlite3 must allow loading extensions: Debian's and Ubuntu's
python3 do; some builds (pyenv's default, macOS's system Python) have no
``enable_load_extension``, and ``load()`` says so. Do not run Python from
a folder holding a file named ``gpuadv.so`` (the repository root, where
``make`` builds it): ``import gpuadv`` would find that file first.
"""
import os
import sqlite3

__all__ = ["load", "path", "sql_path", "script", "executescript", "connect", "__version__"]

_HERE = os.path.dirname(os.path.abspath(__file__))
_SUFFIXES = (".so", ".dylib", ".dll")  # the extension's file name endings


def _read_version():
    with open(os.path.join(_HERE, "VERSION"), encoding="utf-8") as f:
        return f.read().strip()


__version__ = _read_version()


def path():
    """The extension file: $GPUADV_PATH when set, else the one in this package."""
    env = os.environ.get("GPUADV_PATH")
    if env:
        names = [env] + [env + s for s in _SUFFIXES]
    else:
        names = [os.path.join(_HERE, "gpuadv" + s) for s in _SUFFIXES]
    for p in names:
        if os.path.isfile(p):
            return p
    if env:
        raise FileNotFoundError("GPUADV_PATH=%s names no file" % env)
    raise FileNotFoundError("no gpuadv extension in %s: the package was built without it" % _HERE)


def load(con):
    """Loads gpuadv into the sqlite3 connection con; returns con.

    Extension loading is enabled for the load only, so SQL run later
    cannot load anything else."""
    if not hasattr(con, "enable_load_extension"):
        raise RuntimeError("this Python's sqlite3 cannot load extensions (it was built without "
                           "enable_load_extension); use a Python built with it, such as Debian's "
                           "/usr/bin/python3")
    con.enable_load_extension(True)
    try:
        con.load_extension(path())
    finally:
        con.enable_load_extension(False)
    return con


def sql_path(name="gpuadv.sql"):
    """The path of one of gpuadv's SQL scripts (gpuadv.sql, demo.sql, ...)."""
    p = os.path.join(_HERE, "sql", name)
    if not os.path.isfile(p):
        have = sorted(f for f in os.listdir(os.path.join(_HERE, "sql")) if f.endswith(".sql"))
        raise FileNotFoundError("no SQL script %r in the package (it has %s)" % (name, ", ".join(have)))
    return p


def script(name="gpuadv.sql"):
    """The text of one of gpuadv's SQL scripts."""
    with open(sql_path(name), encoding="utf-8") as f:
        return f.read()


def executescript(con, name="gpuadv.sql"):
    """Runs one of gpuadv's SQL scripts (by default the schema: workloads,
    quotes and the plan views) in con; returns con."""
    con.executescript(script(name))
    return con


def connect(database=":memory:", schema=False, **kwargs):
    """sqlite3.connect(database, **kwargs) with gpuadv loaded, and with
    schema=True sql/gpuadv.sql read in."""
    con = load(sqlite3.connect(database, **kwargs))
    if schema:
        executescript(con)
    return con
