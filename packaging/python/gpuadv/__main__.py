"""python3 -m gpuadv COMMAND

    demo       the procurement report of sql/demo.sql (what `make demo`
               prints with the sqlite3 shell), from the extension and SQL
               in this package
    path       the extension file, for other clients (sqlite3 -cmd '.load PATH')
    sql [NAME] the path of one of the package's SQL scripts (default gpuadv.sql)
    version    the package's version and the extension's
"""
import sqlite3
import sys
import unicodedata

import gpuadv


def _cell(v):
    """A value as the sqlite3 shell prints it (reals as %!.15g)."""
    if v is None:
        return ""
    if isinstance(v, float):
        s = "%.15g" % v
        if not any(c in s for c in ".enN"):
            s += ".0"
        return s
    if isinstance(v, bytes):
        return v.hex()
    return str(v)


def _width(s):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1 for c in s)


def _box(names, rows, out):
    """Rows as the sqlite3 shell's box mode draws them (headers centred,
    numbers to the right), without its wrapping of long values."""
    cells = [[_cell(v) for v in r] for r in rows]
    widths = [max([_width(n)] + [_width(r[i]) for r in cells]) for i, n in enumerate(names)]

    def line(left, mid, right):
        out.write(left + mid.join("\u2500" * (w + 2) for w in widths) + right + "\n")

    def pad(v, w, how):
        room = w - _width(v)
        left = room if how == "right" else room // 2 if how == "center" else 0
        return " " * left + v + " " * (room - left)

    def row(values, hows):
        out.write("\u2502" + "\u2502".join(" " + pad(v, w, h) + " "
                                           for v, w, h in zip(values, widths, hows)) + "\u2502\n")

    line("\u250c", "\u252c", "\u2510")
    row(names, ["center"] * len(names))
    line("\u251c", "\u253c", "\u2524")
    for r, raw in zip(cells, rows):
        row(r, ["right" if isinstance(v, (int, float)) else "left" for v in raw])
    line("\u2514", "\u2534", "\u2518")


def run_script(con, text, out):
    """Runs a script of SQL and the sqlite3 shell's dot-commands that
    sql/demo.sql uses (.read, .headers, .mode box|list, .print)."""
    mode, headers, pending = "list", False, ""
    for line in text.splitlines(keepends=True):
        if line.startswith(".") and not any(l.strip() and not l.strip().startswith("--")
                                            for l in pending.splitlines()):
            pending = ""
            words = line.strip().split(None, 1)
            cmd, arg = words[0], (words[1] if len(words) > 1 else "")
            if cmd == ".read":
                name = arg.strip("'\"").rsplit("/", 1)[-1]
                run_script(con, gpuadv.script(name), out)
            elif cmd == ".headers":
                headers = arg.strip() == "on"
            elif cmd == ".mode":
                if arg.strip() not in ("box", "list"):
                    raise ValueError(".mode %s: only box and list are supported here" % arg.strip())
                mode = arg.strip()
            elif cmd == ".print":
                a = arg.strip()
                if len(a) >= 2 and a[0] == a[-1] and a[0] in "'\"":
                    a = a[1:-1]
                out.write(a + "\n")
            else:
                raise ValueError("%s: not a dot-command this runner knows" % cmd)
            continue
        pending += line
        if sqlite3.complete_statement(pending):
            cur = con.execute(pending)
            pending = ""
            if cur.description:
                names = [d[0] for d in cur.description]
                rows = cur.fetchall()
                if mode == "box":
                    _box(names, rows, out)
                else:
                    if headers:
                        out.write("|".join(names) + "\n")
                    for r in rows:
                        out.write("|".join(_cell(v) for v in r) + "\n")
    if pending.strip():
        raise ValueError("incomplete SQL statement at the end of the script: " + pending.strip()[:80])


def main(argv):
    if len(argv) < 1 or argv[0] in ("-h", "--help", "help"):
        sys.stdout.write(__doc__)
        return 0 if argv else 2
    cmd = argv[0]
    if cmd == "demo":
        con = gpuadv.connect()
        run_script(con, gpuadv.script("demo.sql"), sys.stdout)
        return 0
    if cmd == "path":
        print(gpuadv.path())
        return 0
    if cmd == "sql":
        print(gpuadv.sql_path(*argv[1:2]))
        return 0
    if cmd == "version":
        ext = gpuadv.connect().execute("SELECT gpuadv_version()").fetchone()[0]
        print("gpuadv %s (extension %s)" % (gpuadv.__version__, ext))
        return 0
    sys.stderr.write("python3 -m gpuadv: unknown command %r\n%s" % (cmd, __doc__))
    return 2


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except (OSError, RuntimeError, ValueError, sqlite3.Error) as e:
        sys.stderr.write("python3 -m gpuadv: %s\n" % e)
        sys.exit(1)
