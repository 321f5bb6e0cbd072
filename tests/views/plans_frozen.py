#!/usr/bin/python3
"""The plan views against their frozen results.

    plans_frozen.py                 compare; prints `ok NAME` / `FAIL NAME`
    plans_frozen.py --write --lib L --sql S
                                    write the fixture from extension L and
                                    schema file S

Loads the extension (./gpuadv) and sql/gpuadv.sql, inserts the workloads of
fixtures/plans_workloads.sql and reads best_plans, the twenty cheapest owned
plans of each workload in rent_vs_buy, speed_basis of the GPUs serving_plans ranks,
the ten first-ranked plans of each workload from serving_plans and
training_plans, and per workload a digest of every plan (counts and sums of
the figures that rank them, and the layouts and verdicts met), each as
sorted CSV lines: the views' row order is left to SQLite. fixtures/
plans_frozen.csv holds the lines the views gave before they were made
faster (see its first line for how it was made); the lines must be the same.

Ages of prices count from date('now'): they are written as of the
fixture's date (the days since then subtracted from price_age_days and from
"price N days old" in best_plans' reasons).
"""
import argparse
import csv
import io
import os
import re
import sqlite3
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURE = os.path.join(HERE, "fixtures", "plans_frozen.csv")
WORKLOADS = os.path.join(HERE, "fixtures", "plans_workloads.sql")

QUERIES = [
    ("best_plans", "SELECT * FROM best_plans"),
    ("rent_vs_buy_first20",
     "SELECT * FROM (SELECT r.*, row_number() OVER (PARTITION BY workload ORDER BY owned_usd_per_hour,"
     " rent_usd_per_hour, gpu, rental) AS k FROM rent_vs_buy r) WHERE k <= 20"),
    ("rent_vs_buy_digest",
     "SELECT workload, count(*), count(DISTINCT gpu), sum(n_gpus), round(sum(capex_usd), 2),"
     " round(sum(rent_usd_per_hour), 4), round(sum(break_even_hours), 1)"
     " FROM rent_vs_buy GROUP BY workload"),
    ("rent_vs_buy_verdicts", "SELECT DISTINCT workload, verdict FROM rent_vs_buy"),
    # the GPUs the frozen serving plans rank: a catalog GPU no plan offers
    # (no rental offer, a flagged price) changes nothing frozen
    ("speed_basis", "SELECT * FROM speed_basis WHERE gpu IN (SELECT gpu FROM serving_plans)"),
    ("serving_top10", "SELECT * FROM serving_plans WHERE rank <= 10"),
    ("training_top10", "SELECT * FROM training_plans WHERE rank <= 10"),
    ("serving_digest",
     "SELECT workload, count(*), sum(fits), sum(feasible), sum(works), count(DISTINCT why_not),"
     " sum(n_gpus), sum(replicas), sum(batch_per_replica), round(sum(usd_per_hour), 4),"
     " round(sum(max_rps_per_replica), 3), round(sum(ttft_p95_s), 3), round(sum(tpot_p95_ms), 1),"
     " round(sum(tps_per_replica), 1), sum(rank * n_gpus)"
     " FROM serving_plans GROUP BY workload"),
    ("serving_layouts", "SELECT DISTINCT workload, layout FROM serving_plans"),
    ("training_digest",
     "SELECT workload, count(*), sum(fits), sum(feasible), sum(works), count(DISTINCT why_not),"
     " sum(n_gpus), sum(nodes), sum(tp), sum(zero_stage), round(sum(total_usd), 2),"
     " round(sum(wall_days), 2), sum(rank * coalesce(n_gpus, 0))"
     " FROM training_plans GROUP BY workload"),
]
AGE = re.compile(r"price (\d+) days old")


def rows(lib, schema):
    """[(query name, sorted CSV lines)] and the date the ages count from."""
    con = sqlite3.connect(":memory:")
    con.enable_load_extension(True)
    con.load_extension(lib)
    with open(schema) as f:
        con.executescript(f.read())
    with open(WORKLOADS) as f:
        con.executescript(f.read())
    today = con.execute("SELECT date('now')").fetchone()[0]
    out = []
    for name, sql in QUERIES:
        cur = con.execute(sql)
        out.append((name, [d[0] for d in cur.description], cur.fetchall()))
    return out, today


def shift_ages(data, days):
    """The rows with every price age `days` smaller."""
    fixed = []
    for name, cols, rs in data:
        new = []
        for r in rs:
            r = list(r)
            for i, c in enumerate(cols):
                if c == "price_age_days" and isinstance(r[i], int):
                    r[i] -= days
                elif isinstance(r[i], str) and AGE.search(r[i]):
                    r[i] = AGE.sub(lambda m: "price %d days old" % (int(m.group(1)) - days), r[i])
            new.append(r)
        fixed.append((name, cols, new))
    return fixed


def to_lines(data):
    lines = []
    for name, cols, rs in data:
        part = []
        for r in rs:
            buf = io.StringIO()
            csv.writer(buf, lineterminator="").writerow([name] + [repr(v) for v in r])
            part.append(buf.getvalue())
        lines += sorted(part)
    return lines


def days_between(a, b):
    con = sqlite3.connect(":memory:")
    return int(con.execute("SELECT CAST(julianday(?) - julianday(?) AS INTEGER)", (b, a)).fetchone()[0])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true")
    for flag, default in (("--lib", "./gpuadv"), ("--sql", "sql/gpuadv.sql"), ("--note", "")):
        ap.add_argument(flag, default=default)
    a = ap.parse_args()
    data, today = rows(a.lib, a.sql)
    if a.write:
        with open(FIXTURE, "w") as f:
            f.write("# as of %s; %s\n" % (today, a.note))
            for line in to_lines(data):
                f.write(line + "\n")
        return 0
    with open(FIXTURE) as f:
        head = f.readline()
        want = [line.rstrip("\n") for line in f]
    as_of = re.match(r"# as of (\d{4}-\d\d-\d\d)", head).group(1)
    got = to_lines(shift_ages(data, days_between(as_of, today)))
    status = 0
    for name, _ in QUERIES:
        w = [x for x in want if x.startswith(name + ",")]
        g = [x for x in got if x.startswith(name + ",")]
        if w == g and w:
            print("ok plans as frozen: %s (%d rows)" % (name, len(w)))
        else:
            status = 1
            diff = [x for x in g if x not in set(w)][:1] + [x for x in w if x not in set(g)][:1]
            print("FAIL plans as frozen: %s: %d rows, %d expected; first differences: %s"
                  % (name, len(g), len(w), " | ".join(diff) or "order"))
    return status


if __name__ == "__main__":
    sys.exit(main())
