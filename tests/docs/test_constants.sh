#!/bin/bash
# tests/docs/test_constants.sh: every figure of the "Constants and their
# sources" table of docs/procurement.md must equal the value the views use
# (plan_defaults, the owned_costs and committed_prices catalogs). A row the
# table gains without a check here fails too, so the table cannot drift
# from the code. Prints `ok NAME` / `FAIL NAME` per row.
cd "$(dirname "$0")/../.." || exit 1
exec /usr/bin/python3 - "$@" <<'PY'
import re
import sqlite3
import sys

con = sqlite3.connect(":memory:")
con.enable_load_extension(True)
con.load_extension("./gpuadv")
con.executescript(open("sql/gpuadv.sql").read())


def q(sql):
    return con.execute(sql).fetchone()[0]


def d(col):
    return q("SELECT %s FROM plan_defaults" % col)


def owned(item, gpu=None):
    if gpu:
        return q("SELECT value FROM owned_costs WHERE item = '%s' AND gpu = '%s'"
                 % (item, gpu))
    return q("SELECT value FROM owned_costs WHERE item = '%s'" % item)


# constant name -> the numbers its value cell must quote, in order, each
# with the value the code uses (a percentage as its share).
CHECKS = {
    # the step model's constants are fitted: the README's accuracy section
    # and catalogs/train_tps.md give them; the count of runs is the fit's
    "training speed": [157],
    "fine-tuning global batch": [d("finetune_global_batch"), 4],
    "owned hardware: fabric": [d("fabric_gbps_per_gpu")],
    "memory headroom": [d("mem_headroom") * 100],
    "burst headroom": [d("burst_headroom") * 100],
    "per-user speed a service without `user_tps` is held to": [d("assumed_user_tps")],
    "training sequence length": [d("seq_len")],
    "recomputation, micro-batch, ZeRO stage, tp, pp": [1, 8, 0, 3],
    "storage": [d("storage_usd_per_gb_month")],
    "egress": [q("SELECT usd_per_gb FROM egress_rates WHERE provider = '%s'" % p)
               for p in ("aws", "gcp", "azure")],
    "owned hardware: purchase unit": [
        d("server_gpus"), owned("server_usd", "h100-sxm"), d("server_gpus"),
        q("SELECT price_usd FROM gpus WHERE name = 'h200'"),
        q("SELECT price_usd FROM gpus WHERE name = 'b200'"), d("host_share_usd"),
        d("server_gpus"), d("pcie_host_usd"), d("workstation_host_usd")],
    "owned hardware: network": [d("network_usd_per_gpu")],
    "owned hardware: power": [d("node_power_factor"), d("typical_power_share") * 100, d("pue"),
                              d("usd_per_kwh")],
    "owned hardware: facility": [d("colo_usd_per_kw_month")],
    "owned hardware: support, staff": [d("support_share_per_year") * 100, d("warranty_years"),
                                       owned("staff_fte_per_node"), d("server_gpus"),
                                       owned("staff_usd_per_fte_year")],
    "owned hardware: lifetime, resale": [d("lifetime_years"), d("resale_share") * 100],
    "spot interruptions": [
        q("SELECT min(per_day) FROM spot_interruptions WHERE provider = 'aws'"),
        q("SELECT max(per_day) FROM spot_interruptions WHERE provider = 'aws'"),
        q("SELECT per_day FROM spot_interruptions WHERE provider = '*'")],
    # "every hour, 15 minutes to restart": the hour is in words
    "spot checkpointing": [d("restart_minutes")] if d("checkpoint_hours") == 1 else [],
    "spot outlier": [d("spot_outlier_share") * 100],
    "stale price": [d("list_max_age_days"), d("spot_max_age_days"), d("purchase_max_age_days")],
    "committed prices": [
        q("SELECT round(usd_per_hour / gpu_count, 2) FROM committed_prices "
          "WHERE provider = 'neocloud' AND gpu = 'h100-sxm'")],
    "owned utilization": [d("utilization")],
    "owned GPUs per node": [d("gpus_per_node")],
    "hours per month": [d("hours_per_month")],
    "equal training cost": [d("tie_share") * 100],
    # a value the user quotes (rental_quotes.managed_premium): the example
    # of the table's comment in sql/gpuadv.sql
    "managed service premium": [float(re.search(
        r"managed_premium ([\d.]+) for", open("sql/gpuadv.sql").read()).group(1))],
}
# Numbers in a value cell that are not constants of the code: years and
# dates, and figures the cell quotes as part of a name.
SKIP = re.compile(r"(?:19|20)\d\d-\d\d|\b(?:19|20)\d\d\b|H100|B200|\b1-year\b|-GPU\b|HDR")
NUM = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?")

text = open("docs/procurement.md").read()
table = text.split("## Constants and their sources", 1)[1].split("\n\n", 2)[1]
fails = 0
seen = set()
for line in table.splitlines()[2:]:
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    name, value = cells[0], cells[1]
    seen.add(name)
    if name not in CHECKS:
        print("FAIL %s: no check for this constant in %s" % (name, sys.argv[0]))
        fails += 1
        continue
    quoted = [float(n.replace(",", "")) for n in NUM.findall(SKIP.sub(" ", value))]
    want = [float(v) for v in CHECKS[name]]
    ok = len(quoted) == len(want) and all(
        abs(a - b) <= 1e-9 * max(1.0, abs(b)) for a, b in zip(quoted, want))
    print("%s doc-constant %s" % ("ok" if ok else "FAIL", name))
    if not ok:
        print("#   docs quote %s, the code uses %s" % (quoted, want), file=sys.stderr)
        fails += 1
for name in sorted(set(CHECKS) - seen):
    print("FAIL doc-constant %s: no longer in the table" % name)
    fails += 1
sys.exit(1 if fails else 0)
PY
