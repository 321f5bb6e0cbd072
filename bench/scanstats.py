#!/usr/bin/env python3
"""Print bench/scanstats.c's loop counters as a tree.

    build/bench/scanstats ./gpuadv "SELECT * FROM best_plans" \\
        sql/gpuadv.sql workloads.sql > scan.tsv
    python3 bench/scanstats.py scan.tsv [--min PERCENT]

Each line is one loop or subquery of the statement's plan: its share of the
cycles of the outermost loop (everything below it included; '-' where
SQLite keeps no count), how many times it started, the rows it visited,
and its EXPLAIN QUERY PLAN text, indented under its parent. Entries whose
subtree holds no entry of at least --min percent (default 0.5) are left
out. A cost is a subtree's less its children's: "MATERIALIZE lat 64%" over
"SCAN p 51%" spends 13% of its own.
"""
import sys


def read(path):
    entries, children = {}, {}
    with open(path) as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 6:
                continue
            sid, parent, cycles, loops, rows = map(int, parts[:5])
            entries[sid] = (parent, cycles, loops, rows, parts[5])
            children.setdefault(parent, []).append(sid)
    return entries, children


def main():
    args = sys.argv[1:]
    least = 0.5
    if "--min" in args:
        k = args.index("--min")
        least = float(args[k + 1])
        del args[k:k + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    entries, children = read(args[0])
    top = [s for s in children.get(0, []) if entries[s][1] > 0]
    if not top:
        sys.exit("scanstats.py: no cycle counts (an SQLite without "
                 "SQLITE_ENABLE_STMT_SCANSTATUS?)")
    total = max(entries[s][1] for s in top)
    biggest = {}

    def most(s):
        m = entries[s][1]
        for c in children.get(s, []):
            m = max(m, most(c))
        biggest[s] = m
        return m

    def show(s, depth):
        parent, cycles, loops, rows, text = entries[s]
        if 100.0 * biggest[s] / total < least:
            return
        share = "%6.1f%%" % (100.0 * cycles / total) if cycles >= 0 else "     - "
        counts = "loops %8d rows %9d" % (loops, rows) if loops >= 0 else " " * 29
        print("%s %s %s%s" % (share, counts, "  " * depth, text))
        for c in children.get(s, []):
            show(c, depth + 1)

    for s in children.get(0, []):
        most(s)
        show(s, 0)


if __name__ == "__main__":
    main()
