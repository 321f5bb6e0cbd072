#!/usr/bin/python3
"""Build catalogs/cloud_instances.csv from the cloud price extract.

Usage (from the repository root):

    /usr/bin/python3 catalogs/refresh_cloud_instances.py \
        --src ../shared/data/cloud-prices --gpus catalogs/gpus.csv \
        --map catalogs/gpu_name_map.csv --out catalogs/cloud_instances.csv

Standard library only.  Reads every file listed in <src>/MANIFEST.csv, maps each
source accelerator name to a gpus.name slug through the mapping table, applies the
documented fixes and exclusions (see catalogs/cloud_instances.md) and writes one
sorted CSV.  A listed `.yaml` or `.jsonl` file gives newer prices of those rows
(cloud_instances.md, 'Price updates'); catalogs/refresh_prices.py applies the same
files, by the same functions, to a user price database.  The output is
deterministic: the same input gives the same bytes.

Exit status: 0 on success; 1 when an accelerator cannot be mapped (message
`file:line: cannot map accelerator 'X'`), when a price-update file is malformed or
holds a price outside its GPU's sanity band (`file:line: why`), when the mapping
table names an unknown slug, when a file lacks provenance, or when the output key
would not be unique; 2 on bad usage.  Nothing is written unless the run succeeds.
"""
import argparse
import csv
import json
import os
import re
import statistics
import sys

HEADER = ['provider', 'instance_type', 'region', 'gpu', 'gpu_count', 'vcpus', 'ram_gb',
          'usd_per_hour', 'spot_usd_per_hour', 'source', 'as_of', 'source_accelerator',
          'notes', 'price_flag']

# MANIFEST.csv `provider` value -> catalog provider slug (identity where absent).
PROVIDER_SLUG = {'do': 'digitalocean'}

GIB_TO_GB = 1.073741824  # 2**30 / 10**9

# Accelerators that GCP bundles into accelerator-optimized machine types (a2/a3/a4/g2).
# Their GPU-only rows in gcp.csv are components of the gcp_instances.csv totals.
GCP_BUNDLED_GPUS = {'A100', 'A100-80GB', 'H100', 'H100-MEGA', 'H200', 'B200', 'L4'}

# GCP data-centre GPUs whose GPU part of the whole-instance price falls in two
# clusters across regions (see cloud_instances.md, 'Price flags').  A region whose
# GPU part per GPU is below GCP_LOW_CLUSTER_RATIO x the highest GCP region's GPU
# part for the same GPU is flagged: list prices differ between GCP regions by at
# most about 30% (H100 9.80-12.74 USD per GPU-hour in this extract), the low
# cluster sits 29-57% below the highest region.
GCP_CLUSTER_GPUS = {'A100', 'A100-80GB', 'H100', 'H100-MEGA', 'H200', 'B200'}
GCP_LOW_CLUSTER_RATIO = 0.75
# GCP spot VMs are 60-91% below on-demand (cloud.google.com/spot-vms/pricing);
# a data-centre GPU machine whose spot is above this share of its on-demand
# price has an on-demand price that is itself a discounted figure.
GCP_SPOT_RATIO_MAX = 0.5

# Cross-region outlier rule, applied to every provider: the same offer
# (provider, instance_type, gpu_count) in at least OUTLIER_MIN_REGIONS regions.
# An on-demand price below OUTLIER_OD_RATIO x the median of the offer's regions
# is flagged; a spot price below OUTLIER_SPOT_RATIO x the median spot of the
# offer's regions and also below SPOT_FLOOR_RATIO x its own on-demand price
# (a discount above 85%, beyond what the providers advertise for
# accelerator instances) is flagged.
OUTLIER_MIN_REGIONS = 3
OUTLIER_OD_RATIO = 0.6
OUTLIER_SPOT_RATIO = 0.5
SPOT_FLOOR_RATIO = 0.15

# GCP uses 700.0 as a placeholder for TPU prices it does not know.
GCP_PLACEHOLDER_PRICE = 700.0

# (provider, source accelerator) whose Price and SpotPrice are swapped in the source.
SWAPPED_SPOT = {('runpod', 'L40S')}

# Sanity band for the on-demand price per accelerator-hour (USD) by GPU family;
# outliers are printed and flagged in notes, not dropped.  First slug regex
# (re.match) that matches wins.
PRICE_BANDS = [
    (r'tpu-', 0.3, 10.0),                                           # per chip-hour
    # Grace-Blackwell rack parts: Azure lists ND GB200 v6 at 27.04 USD per GPU-hour in
    # its cheapest regions and up to twice that elsewhere (brazilsouth 54.08), the same
    # regional uplift as its ND H200 v5 (84.8 -> 169.6 USD per VM-hour)
    (r'gb[23]00', 0.5, 60.0),
    (r'(h100|h200|gh200|b200|b300|mi300x|mi325x|mi355x)', 0.5, 30.0),
    (r'rtx-[345]0[5-9]0', 0.02, 3.0),                               # GeForce
    (r'', 0.02, 20.0),                                              # everything else
]

# One line per exclusion reason: code -> description (also used in the md).
EXCLUDE_REASONS = {
    'gcp-host-component': 'GCP host-VM row of an accelerator-optimized machine type '
                          '(a2/a3/a4/g2); its whole-instance price comes from gcp_instances.csv',
    'gcp-gpu-component': 'GCP GPU-only price of a GPU bundled into a2/a3/a4/g2 machine types; '
                         'already included in the gcp_instances.csv totals',
    'gcp-gpu-only-no-host': 'GCP GPU-only price of an N1-attached GPU (T4/V100/P100/P4); the '
                            'extract has no N1 host-VM price, so there is no whole-instance price',
    'tpu-placeholder-price': 'GCP TPU row whose on-demand Price is the placeholder 700.0',
    'no-on-demand-price': 'no on-demand price in the source (spot-only offer)',
    'no-slug': 'accelerator model has no slug in gpus.csv / SLUGS.md',
    'not-sold-now': 'RunPod size larger than the newest dated snapshot sells (its "up to N GPUs")',
}

# Row-level notes that hold for every row of a provider.
PROVIDER_NOTES = {
    'vast': 'marketplace offer snapshot; vcpus/ram are the constant 32 vCPU / 64 GiB of every Vast row, not the host',
    'lambda': 'listed in every Lambda region regardless of capacity',
    'paperspace': 'old list price (SkyPilot catalog v6)',
    'digitalocean': 'old list price (SkyPilot catalog v6)',
    'oci': ('one price in every region (Oracle price list, the same per-GPU price on 2026-10-01); '
            'listed in every commercial region, as Oracle publishes no availability by region'),
}


# Price-update files: newer prices of rows the extract already has.  A MANIFEST
# file ending in `.yaml` is a list-price file as tgarg01/silybench-data writes
# prices/gpu_hourly.yaml (per-GPU prices, each with its product, source page and
# checked_at day); one ending in `.jsonl` is a daily-cheapest history as
# toolshedlabs-hash/gpu-price-feed writes data/history/v2/YYYY-MM.jsonl (one line
# per day: the cheapest on-demand USD per GPU-hour of each provider and GPU).
# Both are read by read_updates() and applied by apply_updates(); see
# cloud_instances.md, 'Price updates'.
LIST_KEYS = ('provider', 'gpu_type', 'provisioning', 'usd_per_gpu_hour', 'product',
             'source', 'checked_at')
# gpu-price-feed provider name -> catalog provider, for the providers whose daily
# cheapest per-GPU price is the price of every size of that GPU they sell: Verda
# (DataCrunch) and DigitalOcean quote one per-GPU rate per GPU, Lambda one per
# GPU count tab (apply_updates checks that the catalog rows agree).  RunPod's
# cheapest mixes its Community Cloud, which the catalog does not hold, with
# Secure Cloud; a Vast row is one host's asking price, not a list.
HISTORY_PROVIDERS = {'datacrunch': 'verda', 'digitalocean': 'digitalocean',
                     'lambdalabs': 'lambda'}
# A list price applies to the catalog rows of its provider whose instance type
# matches the product's kind: RunPod's catalog rows are its Secure Cloud types
# (`_SECURE`), so only 'Secure Cloud' products price them.
PRODUCT_SCOPE = {'runpod': ('Secure Cloud', re.compile(r'_SECURE$'))}
# Rows whose per-GPU prices differ by at most this share count as one per-GPU
# price: a provider's whole-instance prices are rounded to the cent (Verda's
# 2RTX6000ADA 1.652 = 2 x 0.826 against 1RTX6000ADA's 0.8262, 0.02% apart).
UNIFORM_TOLERANCE = 0.005
# A MANIFEST file ending in `.json` is a one-day snapshot of offers as
# toolshedlabs-hash/gpu-price-feed writes data/prices.json (`collected_at`, and
# `offers`: provider, gpu_key, gpu_count, notes, pricing_type,
# price_per_gpu_hr_usd, ...), or an excerpt of one with the same layout.  Only
# the offers FEED_SCOPE names are read: feed provider -> (catalog provider, the
# offers taken).  RunPod: every Secure Cloud on-demand offer (the kind the
# catalog's `_SECURE` types are; RunPod's per-GPU rate holds for every size up
# to the offer's "up to N GPUs").  Verda (DataCrunch): only the GB300, which its
# catalog rows lack (its other GPUs are priced by the daily history of the same
# feed).  DigitalOcean: the MI325X, which its rows lack, and the H100, whose
# "1 or 8 GPUs" droplets the page prices at one per-GPU rate.
FEED_SCOPE = {
    'runpod': ('runpod', lambda o: o['pricing_type'] == 'on-demand'
               and o['notes'].startswith('secure cloud')),
    'datacrunch': ('verda', lambda o: o['gpu_key'] in ('GB300 288GB SXM',)),
    'digitalocean': ('digitalocean', lambda o: o['gpu_key'] in ('H100 80GB SXM', 'MI325X 256GB')
                     and o['pricing_type'] == 'on-demand'),
}
# Feed providers whose snapshot price is one rate per GPU for every size and region:
# RunPod's GraphQL catalog (the feed's source) gives one Secure Cloud price per GPU
# type, so the catalog's older per-size prices that differ by a cent (A100 PCIe 1.64
# for 1 GPU, 1.62 per GPU for 2) do not stop the update.  DigitalOcean's GPU
# droplet page gives one per-GPU rate for its 1- and 8-GPU droplets.
FEED_ONE_RATE = {'runpod', 'digitalocean'}
FEED_KEYS = ('provider', 'gpu_key', 'gpu_count', 'notes', 'pricing_type', 'price_per_gpu_hr_usd')
# RunPod sizes a new `_SECURE` type is listed in (those up to the offer's maximum).
RUNPOD_SIZES = (1, 2, 4, 8)


class Failure(Exception):
    """A fatal input problem; the message is printed and the script exits 1."""


def num(s):
    if s is None:
        return None
    s = str(s).strip()
    if s == '':
        return None
    try:
        x = float(s)
    except ValueError:
        return None
    if x != x:  # NaN
        return None
    return x


def fmt(x, nd=6):
    """Plain decimal, at most nd decimals, no trailing zeros ('' for None)."""
    if x is None:
        return ''
    s = '%.*f' % (nd, round(x, nd))
    if '.' in s:
        s = s.rstrip('0').rstrip('.')
    if s in ('-0', ''):
        s = '0'
    return s


def ram_gb(gib):
    if gib is None:
        return ''
    return '%.1f' % round(gib * GIB_TO_GB, 1)


def read_csv(path):
    """Yield (line_number, row_dict).  Ragged rows are repaired as refresh.sh does:
    surplus fields are joined into the last column, missing ones become ''."""
    with open(path, newline='', encoding='utf-8') as f:
        rd = csv.reader(f)
        try:
            hdr = next(rd)
        except StopIteration:
            return
        n = len(hdr)
        for r in rd:
            if not r:
                continue
            if len(r) > n:
                r = r[:n - 1] + [','.join(r[n - 1:])]
            elif len(r) < n:
                r = r + [''] * (n - len(r))
            yield rd.line_num, dict(zip(hdr, r))


def read_listing(path):
    """Read an instances.vantage.sh listing as tsaol/aws-gpu writes it
    (data/all_gpu_instances.js: a JavaScript array of instances, each with apiName,
    gpu, gpuCount, vcpu, memory and pricing{region: {onDemand, reserved}}).
    Returns {instance_type: (line, instance)} and {(instance_type, region): price};
    an instance without apiName or a region without onDemand gives no price."""
    with open(path, encoding='utf-8') as f:
        text = f.read()
    try:
        data = json.loads(text[text.index('['):text.rindex(']') + 1])
    except ValueError as e:
        raise Failure('%s: not an instance listing (%s)' % (path, e))
    if not isinstance(data, list):
        raise Failure('%s: not an instance listing (no array)' % path)
    insts, prices = {}, {}
    for inst in data:
        itype = inst.get('apiName') if isinstance(inst, dict) else None
        if not itype:
            continue
        at = text.find('"apiName": "%s"' % itype)
        line = text.count('\n', 0, at) + 1 if at >= 0 else 0
        if itype in insts:
            raise Failure('%s:%d: instance %s listed twice' % (path, line, itype))
        insts[itype] = (line, inst)
        for region, pr in sorted((inst.get('pricing') or {}).items()):
            od = num(pr.get('onDemand')) if isinstance(pr, dict) else None
            if od is not None:
                prices[(itype, region)] = od
    return insts, prices


def first_number(s):
    """The leading number of a listing field such as '512 GB' or '2048 GiB'."""
    m = re.match(r'\s*(\d+(?:\.\d+)?)', str(s or ''))
    return float(m.group(1)) if m else None


# ---------------------------------------------------------------- slugs and map

def load_slugs(gpus_path, slugs_md):
    if gpus_path and os.path.isfile(gpus_path):
        with open(gpus_path, newline='', encoding='utf-8') as f:
            rd = csv.DictReader(f)
            col = 'name' if 'name' in (rd.fieldnames or []) else (
                'slug' if 'slug' in (rd.fieldnames or []) else (rd.fieldnames or [''])[0])
            slugs = {(r.get(col) or '').strip() for r in rd}
        slugs.discard('')
        return slugs, gpus_path
    if not os.path.isfile(slugs_md):
        raise Failure('%s: not found, and no %s to fall back on' % (gpus_path, slugs_md))
    slugs = set()
    with open(slugs_md, encoding='utf-8') as f:
        for line in f:
            m = re.match(r'^[A-Za-z][A-Za-z ]*:\s*(.*)$', line)
            body = m.group(1) if m else (line if re.match(r'^[a-z0-9]', line) else '')
            for tok in body.split(','):
                tok = tok.strip()
                if re.fullmatch(r'[a-z0-9][a-z0-9-]*', tok):
                    slugs.add(tok)
    return slugs, slugs_md


COUNT_RULE = re.compile(r'^(|suffix|suffix/2|\d+(\.\d+)?)$')


def load_map(path, slugs):
    rules, errors = [], []
    with open(path, newline='', encoding='utf-8') as f:
        rd = csv.DictReader(f)
        need = ['provider', 'source_accelerator', 'instance_regex', 'gpu_mem_gib', 'gpu',
                'gpu_count', 'exclude', 'note', 'why']
        if rd.fieldnames != need:
            raise Failure('%s: header must be %s' % (path, ','.join(need)))
        for r in rd:
            ln = rd.line_num
            where = '%s:%d' % (path, ln)
            acc = r['source_accelerator']
            rule = dict(r, line=ln)
            if acc.startswith('re:'):
                try:
                    rule['acc_re'] = re.compile(acc[3:])
                except re.error as e:
                    errors.append('%s: bad accelerator regex: %s' % (where, e))
                    continue
            else:
                rule['acc_re'] = None
            try:
                rule['it_re'] = re.compile(r['instance_regex']) if r['instance_regex'] else None
            except re.error as e:
                errors.append('%s: bad instance_regex: %s' % (where, e))
                continue
            if r['gpu_mem_gib'] and not re.fullmatch(r'\d+', r['gpu_mem_gib']):
                errors.append('%s: gpu_mem_gib must be an integer' % where)
            if not COUNT_RULE.match(r['gpu_count']):
                errors.append("%s: gpu_count must be empty, a number, 'suffix' or 'suffix/2'" % where)
            if r['exclude']:
                if r['exclude'] not in EXCLUDE_REASONS:
                    errors.append("%s: unknown exclude reason '%s'" % (where, r['exclude']))
                if r['gpu']:
                    errors.append('%s: an excluded row must leave gpu empty' % where)
            elif r['gpu'] not in slugs:
                errors.append("%s: unknown gpu slug '%s'" % (where, r['gpu']))
            rules.append(rule)
    if errors:
        raise Failure('\n'.join(errors))
    return rules


def match_rule(rules, provider, acc, itype, mem_gib):
    """Most specific matching rule (instance_regex and gpu_mem_gib each add one);
    a tie between rules that disagree is an error in the table."""
    hits = []
    for r in rules:
        if r['provider'] != provider:
            continue
        if r['acc_re'] is not None:
            if not r['acc_re'].fullmatch(acc):
                continue
        elif r['source_accelerator'] != acc:
            continue
        if r['it_re'] is not None and not r['it_re'].search(itype):
            continue
        if r['gpu_mem_gib'] and (mem_gib is None or int(r['gpu_mem_gib']) != mem_gib):
            continue
        hits.append(((1 if r['it_re'] else 0) + (1 if r['gpu_mem_gib'] else 0), r))
    if not hits:
        return None
    best = max(h[0] for h in hits)
    top = [h[1] for h in hits if h[0] == best]
    outcomes = {(t['gpu'], t['gpu_count'], t['exclude']) for t in top}
    if len(outcomes) > 1:
        raise Failure('mapping table: rows %s all match %s %r %r with different results'
                      % (', '.join(str(t['line']) for t in top), provider, acc, itype))
    return top[0]


def rule_count(rule, acc, src_count):
    c = rule['gpu_count']
    if c == '':
        return src_count
    if c.startswith('suffix'):
        m = re.search(r'-(\d+)$', acc)
        if not m:
            return None
        n = int(m.group(1))
        return n / 2.0 if c == 'suffix/2' else float(n)
    return float(c)


# ---------------------------------------------------------------- GPU memory

def gpuinfo_mem(s):
    """(per-GPU SizeInMiB, TotalGpuMemoryInMiB) from a SkyPilot GpuInfo string."""
    size = re.search(r"sizeinmib['\"]*\s*:\s*(\d+)", s or '', re.I)
    total = re.search(r"totalgpumemoryinmib['\"]*\s*:\s*(\d+)", s or '', re.I)
    return (int(size.group(1)) if size else None, int(total.group(1)) if total else None)


def per_gpu_mem_gib(provider, row, count):
    """Per-GPU accelerator memory in GiB (rounded), or None.  The source fields mean
    different things per provider (see cloud_instances.md, 'GPU memory')."""
    if 'GpuMemoryGiB' in row:  # AWS vantage: total for the instance, GiB
        tot = num(row['GpuMemoryGiB'])
        return int(round(tot / count)) if tot and count else None
    size, total = gpuinfo_mem(row.get('GpuInfo', ''))
    if provider == 'vast':  # Vast: SizeInMiB == TotalGpuMemoryInMiB == whole instance
        return int(round(total / count / 1024.0)) if total and count else None
    return int(round(size / 1024.0)) if size else None  # elsewhere SizeInMiB is per GPU


# ---------------------------------------------------------------- the build

class Build:
    def __init__(self, rules):
        self.rules = rules
        self.out = []            # output rows (dicts)
        self.excluded = {}       # reason -> {provider: n}
        self.excluded_detail = {}  # reason -> set of 'provider accelerator'
        self.unmapped = []       # error lines
        self.events = {}         # label -> count (swaps, spot drops, ...)

    def exclude(self, reason, provider, what=''):
        d = self.excluded.setdefault(reason, {})
        d[provider] = d.get(provider, 0) + 1
        if what:
            self.excluded_detail.setdefault(reason, set()).add('%s %s' % (provider, what))

    def event(self, label):
        self.events[label] = self.events.get(label, 0) + 1

    def emit(self, path, line, provider, meta, itype, region, acc, count, vcpus, mem_gib,
             price, spot, gpu_mem=None, notes=None, count_is_final=False, flags=None):
        """Map, fix, validate and append one row.  Returns nothing."""
        notes = list(notes or [])
        rule = match_rule(self.rules, provider, acc, itype, gpu_mem)
        if rule is None:
            self.unmapped.append("%s:%d: cannot map accelerator '%s'" % (path, line, acc))
            return
        if rule['exclude']:
            self.exclude(rule['exclude'], provider, acc + (' (' + itype + ')' if itype else ''))
            return
        if price is None:
            self.exclude('no-on-demand-price', provider, itype)
            return
        gpu = rule['gpu']
        if not count_is_final:
            new = rule_count(rule, acc, count)
            count = new
        if count is None or count <= 0:
            raise Failure('%s:%d: no usable accelerator count for %r' % (path, line, acc))
        if rule['note']:
            notes.append(rule['note'])
        if count < 1:
            notes.append('fractional GPU (%s of one %s)' % (fmt(count, 3), gpu))
        if (provider, acc) in SWAPPED_SPOT and spot is not None and spot > price:
            notes.append('source Price/SpotPrice swapped (%s/%s); swapped back' % (fmt(price), fmt(spot)))
            price, spot = spot, price
            self.event('runpod L40S price/spot swapped back')
        if spot is not None and spot >= price:
            notes.append('source spot %s >= on-demand; spot dropped' % fmt(spot))
            spot = None
            self.event('spot >= on-demand, spot dropped (%s)' % provider)
        per = price / count
        for prefix, lo, hi in PRICE_BANDS:
            if re.match(prefix, gpu):
                if not lo <= per <= hi:
                    notes.append('price per %s-hour %s outside sanity band %s-%s'
                                 % ('chip' if gpu.startswith('tpu-') else 'GPU', fmt(per, 4), fmt(lo), fmt(hi)))
                    print('outlier: %s %s %s %s: %s USD per %s-hour (band %s-%s)'
                          % (provider, itype, region, gpu, fmt(per, 4),
                             'chip' if gpu.startswith('tpu-') else 'GPU', fmt(lo), fmt(hi)),
                          file=sys.stderr)
                    self.event('price-band outlier (%s)' % provider)
                    flags = list(flags or []) + [
                        'price per %s-hour %s outside the sanity band %s-%s'
                        % ('chip' if gpu.startswith('tpu-') else 'GPU', fmt(per, 4), fmt(lo), fmt(hi))]
                break
        if provider in PROVIDER_NOTES:
            notes.append(PROVIDER_NOTES[provider])
        if meta['as_of_unknown']:
            notes.append('as_of unknown: the source commit\'s date was not recorded')
        self.out.append({
            'provider': provider, 'instance_type': itype, 'region': region, 'gpu': gpu,
            'gpu_count': fmt(count, 4), 'vcpus': fmt(vcpus, 3), 'ram_gb': ram_gb(mem_gib),
            'usd_per_hour': fmt(price), 'spot_usd_per_hour': fmt(spot),
            'source': meta['source'], 'as_of': meta['as_of'], 'source_accelerator': acc,
            'notes': '; '.join(notes), '_count': count, '_flags': list(flags or []),
            '_price': price, '_spot': spot,
        })

    def flag_outliers(self):
        """The cross-region rule (OUTLIER_* above) over the finished rows; each row's
        flags joined into price_flag (empty = clean).  A flag on the spot price alone
        starts with 'spot '."""
        groups = {}
        for r in self.out:
            groups.setdefault((r['provider'], r['instance_type'], r['gpu'], r['gpu_count']), []).append(r)
        for rows in groups.values():
            if len(rows) < OUTLIER_MIN_REGIONS:
                continue
            med = statistics.median(r['_price'] for r in rows)
            for r in rows:
                if r['_price'] < OUTLIER_OD_RATIO * med:
                    r['_flags'].append('on-demand %s is %d%% below the median %s of the same offer '
                                       'in %d regions' % (fmt(r['_price']), round(100 * (1 - r['_price'] / med)),
                                                          fmt(med), len(rows)))
            spots = [r['_spot'] for r in rows if r['_spot'] is not None]
            if len(spots) < OUTLIER_MIN_REGIONS:
                continue
            smed = statistics.median(spots)
            for r in rows:
                sp = r['_spot']
                if sp is not None and sp < OUTLIER_SPOT_RATIO * smed and sp < SPOT_FLOOR_RATIO * r['_price']:
                    r['_flags'].append('spot %s is %d%% below on-demand and %d%% below the median '
                                       'spot %s of the same offer in %d regions'
                                       % (fmt(sp), round(100 * (1 - sp / r['_price'])),
                                          round(100 * (1 - sp / smed)), fmt(smed), len(spots)))
        for r in self.out:
            # on-demand flags first, so that a row whose only flag is about spot starts with 'spot '
            fl = sorted(r['_flags'], key=lambda x: x.startswith('spot '))
            r['price_flag'] = '; '.join(fl)
            if fl:
                self.event('price flagged (%s)' % r['provider'])

    # -- per-file handlers -------------------------------------------------

    def generic(self, path, provider, meta):
        for line, r in read_csv(path):
            acc = (r.get('AcceleratorName') or '').strip()
            itype = (r.get('InstanceType') or '').strip()
            count = num(r.get('AcceleratorCount'))
            price, spot = num(r.get('Price')), num(r.get('SpotPrice'))
            region = (r.get('Region') or '').strip()
            notes = []
            if provider == 'vast':
                if spot == 0:
                    spot = None  # Vast writes 0.00 for "no interruptible price"
                region = re.sub(r'^[,\s]+', '', region)
            if region == '':
                notes.append('region not given in source')
            self.emit(path, line, provider, meta, itype, region, acc, count,
                      num(r.get('vCPUs')), num(r.get('MemoryGiB')), price, spot,
                      gpu_mem=per_gpu_mem_gib(provider, r, count), notes=notes)

    def with_listing(self, csv_path, csv_meta, js_path, js_meta, provider, skip=()):
        """A provider priced by a vantage-format CSV (aws.csv: on-demand and spot, with
        the instance specifications) and by a later on-demand-only listing
        (read_listing).  Each (instance type, region) of either gives one row: the
        on-demand price from the listing where it has one, the spot price from the CSV,
        the specifications from the CSV row, else from a CSV row of the same instance
        type in another region, else from the listing.  as_of is the date of the older
        source a row's prices come from, so a row keeping a CSV spot price keeps the
        CSV's date (a spot at or above on-demand is dropped, and dates nothing).  skip:
        instance types left out (those a newer file already gives)."""
        if csv_path and not (csv_meta['as_of'] and js_meta['as_of'] >= csv_meta['as_of']):
            raise Failure('%s: a listing must be dated, and no earlier than %s' % (js_path, csv_path))
        insts, prices = read_listing(js_path)
        old, spec = {}, {}
        for line, r in (read_csv(csv_path) if csv_path else ()):
            key = ((r.get('InstanceType') or '').strip(), (r.get('Region') or '').strip())
            old[key] = (line, r)
            spec.setdefault(key[0], (line, r))
        new_d = js_meta['as_of']
        old_d = csv_meta['as_of'] if csv_path else ''
        for key in sorted(set(old) | set(prices)):
            itype, region = key
            if itype in skip:
                continue
            if key in old or itype in spec:
                path = csv_path
                line, r = old[key] if key in old else spec[itype]
            else:
                path = js_path
                line, inst = insts[itype]
                # vcpu and memory are vantage's numbers (memory in GiB, written 'GB')
                r = {'InstanceType': itype, 'AcceleratorName': inst.get('gpu') or '',
                     'AcceleratorCount': inst.get('gpuCount'), 'GpuMemoryGiB': '',
                     'vCPUs': inst.get('vcpu'), 'MemoryGiB': first_number(inst.get('memory'))}
            acc = (r.get('AcceleratorName') or '').strip()
            count = num(r.get('AcceleratorCount'))
            od_old = num(r.get('Price')) if key in old else None
            spot = num(r.get('SpotPrice')) if key in old else None
            od_new = prices.get(key)
            notes, meta, price = [], js_meta, od_new
            if od_new is None:
                meta, price = csv_meta, od_old
                notes.append('not in the %s listing' % new_d)
            elif key not in old:
                notes.append('on-demand price of the %s listing; no %s price' % (new_d, old_d or 'earlier'))
                self.event('%s region new in the %s listing' % (provider, new_d))
            else:
                if od_old == od_new:
                    notes.append('on-demand price of the %s listing, unchanged since %s' % (new_d, old_d))
                else:
                    notes.append('on-demand price of the %s listing; it was %s on %s' % (new_d, fmt(od_old), old_d))
                    self.event('%s on-demand price changed by the %s listing' % (provider, new_d))
                if spot is not None and spot < price:  # (emit drops a spot >= on-demand)
                    spot_src = csv_meta['source']
                    if csv_meta['repo'] and csv_meta['repo'] == js_meta['repo']:
                        spot_src = spot_src[len(csv_meta['repo']):].strip()
                    meta = {'source': js_meta['source'] + '; spot: ' + spot_src, 'repo': js_meta['repo'],
                            'as_of': old_d, 'as_of_unknown': False}
                    notes.append('spot price of %s, which dates the row' % old_d)
            self.emit(path, line, provider, meta, itype, region, acc, count,
                      num(r.get('vCPUs')), num(r.get('MemoryGiB')), price, spot,
                      gpu_mem=per_gpu_mem_gib(provider, r, count), notes=notes)

    def gcp(self, path, provider, meta):
        for line, r in read_csv(path):
            acc = (r.get('AcceleratorName') or '').strip()
            itype = (r.get('InstanceType') or '').strip()
            if not acc:
                self.exclude('gcp-host-component', provider, itype)
                continue
            if itype == '' and acc.startswith('tpu-'):
                price, spot = num(r.get('Price')), num(r.get('SpotPrice'))
                if price == GCP_PLACEHOLDER_PRICE:
                    self.exclude('tpu-placeholder-price', provider, acc)
                    continue
                notes = []
                if spot == GCP_PLACEHOLDER_PRICE:
                    notes.append('source spot is the placeholder 700.0; spot dropped')
                    spot = None
                    self.event('GCP TPU placeholder spot 700.0 dropped')
                rule = match_rule(self.rules, provider, acc, acc, None)
                chips = rule_count(rule, acc, None) if rule and not rule['exclude'] else None
                if chips is not None:
                    notes.append('TPU slice %s = %s chip%s; price is for the whole slice'
                                 % (acc, fmt(chips), '' if chips == 1 else 's'))
                self.emit(path, line, provider, meta, acc, r.get('Region', '').strip(), acc,
                          chips, None, None, price, spot, notes=notes, count_is_final=True)
                continue
            if itype == '':
                reason = 'gcp-gpu-component' if acc in GCP_BUNDLED_GPUS else 'gcp-gpu-only-no-host'
                self.exclude(reason, provider, acc)
                continue
            # A whole-instance row with its accelerator (newer catalog layouts).
            count = num(r.get('AcceleratorCount'))
            self.emit(path, line, provider, meta, itype, r.get('Region', '').strip(), acc, count,
                      num(r.get('vCPUs')), num(r.get('MemoryGiB')), num(r.get('Price')),
                      num(r.get('SpotPrice')), gpu_mem=per_gpu_mem_gib(provider, r, count))

    def gcp_instances(self, path, provider, meta):
        gcp_top = {}  # accelerator -> highest GPU part per GPU across regions
        for line, r in read_csv(path):
            gp, c = num(r['GpuPrice']), num(r['AcceleratorCount'])
            a = r['AcceleratorName'].strip()
            if gp is not None and c:
                gcp_top[a] = max(gcp_top.get(a, 0.0), gp / c)
        for line, r in read_csv(path):
            acc = r['AcceleratorName'].strip()
            vm, gp = num(r['VmPrice']), num(r['GpuPrice'])
            count = num(r['AcceleratorCount'])
            notes = ['whole-instance price = host VM %s + %s x %s GPU part %s (gcp.csv, zone %s)'
                     % (fmt(vm), fmt(count), acc, fmt(gp), r['AvailabilityZone'])]
            flags = []
            if vm == 0:
                notes.append('host-VM price is 0.0 in source; total = GPU part only')
                flags.append('GCP host-VM price 0.0 in source: the price lacks the host VM')
                self.event('GCP host-VM price 0.0 (a4-highgpu-8g)')
            top = gcp_top.get(acc)
            if acc in GCP_CLUSTER_GPUS and top and gp is not None and count and \
                    gp / count < GCP_LOW_CLUSTER_RATIO * top:
                flags.append('GCP low cluster: GPU part %s USD per GPU-hour is %d%% below the '
                             'highest GCP region (%s) for %s' % (fmt(gp / count, 4),
                                                                round(100 * (1 - gp / count / top)),
                                                                fmt(top, 4), acc))
            price, spot = num(r['Price']), num(r['SpotPrice'])
            if acc in GCP_CLUSTER_GPUS and price and spot is not None and \
                    spot > GCP_SPOT_RATIO_MAX * price:
                flags.append('GCP spot %d%% of on-demand (GCP spot is 60-91%% below on-demand): '
                             'the on-demand price is a discounted figure'
                             % round(100 * spot / price))
            self.emit(path, line, provider, meta, r['InstanceType'].strip(), r['Region'].strip(),
                      acc, count, num(r['vCPUs']), num(r['MemoryGiB']), price,
                      spot, notes=notes, flags=flags)


def band_check(path, line, gpu, per):
    """Refuse an update price outside the sanity band of its GPU (PRICE_BANDS)."""
    for prefix, lo, hi in PRICE_BANDS:
        if re.match(prefix, gpu):
            if not lo <= per <= hi:
                raise Failure('%s:%d: %s USD per %s-hour for %s is outside the sanity band %s-%s'
                              % (path, line, fmt(per, 4), 'chip' if gpu.startswith('tpu-') else 'GPU',
                                 gpu, fmt(lo), fmt(hi)))
            return


def read_list_prices(path):
    """A list-price file (LIST_KEYS per offer) -> [(line, offer dict)].  Only the
    flat layout that file uses is read: `key: value` at the top, and a list
    `offers:` of `- key: value` items; anything else is refused with its line."""
    with open(path, encoding='utf-8') as f:
        lines = f.read().split('\n')
    offers, top, cur, in_offers = [], {}, None, False
    for i, raw in enumerate(lines, 1):
        if not raw.strip() or raw.lstrip().startswith('#'):
            continue
        m = re.match(r'^(- |  |)([A-Za-z_]+):(?: (.*))?$', raw)
        if not m:
            raise Failure('%s:%d: not a list-price line: %r' % (path, i, raw[:60]))
        lead, key, val = m.group(1), m.group(2), (m.group(3) or '').strip()
        if len(val) >= 2 and val[0] == val[-1] and val[0] in '\'"':
            val = val[1:-1]
        if lead == '':
            in_offers = key == 'offers'
            top[key] = val
            continue
        if not in_offers:
            raise Failure('%s:%d: list item outside offers:' % (path, i))
        if lead == '- ':
            cur = {'_line': i}
            offers.append(cur)
        elif cur is None:
            raise Failure('%s:%d: offer field before the first offer' % (path, i))
        cur[key] = val
    if 'offers' not in top:
        raise Failure('%s:1: not a list-price file (no offers:)' % path)
    for o in offers:
        missing = [k for k in LIST_KEYS if not o.get(k)]
        if missing:
            raise Failure('%s:%d: offer lacks %s (truncated, or not a list-price file)'
                          % (path, o['_line'], ', '.join(missing)))
        if num(o['usd_per_gpu_hour']) is None or num(o['usd_per_gpu_hour']) <= 0:
            raise Failure('%s:%d: usd_per_gpu_hour %r is not a positive number'
                          % (path, o['_line'], o['usd_per_gpu_hour']))
        if not re.fullmatch(r'\d{4}-\d{2}-\d{2}', o['checked_at']):
            raise Failure('%s:%d: checked_at %r is not a date (YYYY-MM-DD)'
                          % (path, o['_line'], o['checked_at']))
        if o.get('min_gpus') and not re.fullmatch(r'\d+', o['min_gpus']):
            raise Failure('%s:%d: min_gpus %r is not a whole number' % (path, o['_line'], o['min_gpus']))
    return [(o['_line'], o) for o in offers]


def read_history(path):
    """A daily-cheapest history -> (line, day, {provider: {gpu_key: price}}) of its
    newest day.  Every line must be a whole JSON object of schema_version 2."""
    newest = None
    with open(path, encoding='utf-8') as f:
        for i, raw in enumerate(f, 1):
            if not raw.strip():
                continue
            try:
                d = json.loads(raw)
            except ValueError as e:
                raise Failure('%s:%d: truncated or invalid JSON (%s)' % (path, i, e))
            if not isinstance(d, dict) or d.get('schema_version') != 2 or \
                    not isinstance(d.get('cheapest'), dict):
                raise Failure('%s:%d: not a history line (needs schema_version 2 and cheapest{})'
                              % (path, i))
            day = str(d.get('collected_at') or '')[:10]
            if not re.fullmatch(r'\d{4}-\d{2}-\d{2}', day):
                raise Failure('%s:%d: collected_at %r is not a date' % (path, i, d.get('collected_at')))
            for prov, prices in d['cheapest'].items():
                for key, v in (prices or {}).items():
                    if isinstance(v, bool) or not isinstance(v, (int, float)) or v <= 0:
                        raise Failure('%s:%d: %s %r: price %r is not a positive number'
                                      % (path, i, prov, key, v))
            if newest is None or day >= newest[1]:
                newest = (i, day, d['cheapest'])
    if newest is None:
        raise Failure('%s: empty history' % path)
    return newest


def read_updates(path, meta, rules):
    """An update file -> candidate prices [(provider, gpu, count_test, scope, per_gpu,
    day, source, what, path, line)]; names without a mapping row are skipped and
    counted in the returned list of skips."""
    out, skipped = [], []
    if path.endswith('.yaml'):
        for line, o in read_list_prices(path):
            prov = o['provider']
            if o['provisioning'] != 'on-demand':
                skipped.append('%s %s %s (%s)' % (prov, o['gpu_type'], o['product'], o['provisioning']))
                continue
            rule = match_rule(rules, prov, o['gpu_type'], o['product'], None)
            if rule is None or rule['exclude']:
                skipped.append('%s %s (no mapping row)' % (prov, o['gpu_type']))
                continue
            scope = PRODUCT_SCOPE.get(prov)
            if scope and scope[0] not in o['product']:
                skipped.append('%s %s (not a catalog product kind)' % (prov, o['product']))
                continue
            m = re.match(r'^(\d+)x ', o['product'])
            if m:
                n = int(m.group(1))
                test = (lambda c, n=n: c == n)
            elif o.get('min_gpus'):
                n = int(o['min_gpus'])
                test = (lambda c, n=n: c >= n)
            else:
                test = (lambda c: True)
            per = num(o['usd_per_gpu_hour'])
            band_check(path, line, rule['gpu'], per)
            out.append((prov, rule['gpu'], test, scope[1] if scope else None, per, o['checked_at'],
                        meta['source'], '%s, %s' % (o['product'], o['source']), path, line))
    elif path.endswith('.jsonl'):
        line, day, cheapest = read_history(path)
        for fprov in sorted(cheapest):
            prov = HISTORY_PROVIDERS.get(fprov)
            if prov is None:
                continue
            for key, per in sorted(cheapest[fprov].items()):
                rule = match_rule(rules, prov, key, '', None)
                if rule is None or rule['exclude']:
                    skipped.append('%s %s (no mapping row)' % (prov, key))
                    continue
                band_check(path, line, rule['gpu'], float(per))
                out.append((prov, rule['gpu'], (lambda c: True), None, float(per), day, meta['source'],
                            'cheapest %s %s of %s' % (fprov, key, day), path, line))
    elif path.endswith('.json'):
        return feed_rows(None, path, meta, rules, add=False)
    else:
        raise Failure('%s: not an update file (.yaml, .jsonl or .json)' % path)
    return out, skipped


def read_feed(path):
    """A gpu-price-feed prices.json (or an excerpt of it) -> (day, [(index, offer)]) of
    the offers FEED_SCOPE takes.  Refused with `path: why` or `path: offer N: why`."""
    try:
        with open(path, encoding='utf-8') as f:
            d = json.load(f)
    except ValueError as e:
        raise Failure('%s: truncated or invalid JSON (%s)' % (path, e))
    if not isinstance(d, dict) or not isinstance(d.get('offers'), list):
        raise Failure('%s: not a price snapshot (needs collected_at and offers[])' % path)
    day = str(d.get('collected_at') or '')[:10]
    if not re.fullmatch(r'\d{4}-\d{2}-\d{2}', day):
        raise Failure('%s: collected_at %r is not a date' % (path, d.get('collected_at')))
    out = []
    for i, o in enumerate(d['offers'], 1):
        # only the offers FEED_SCOPE takes must be whole: the feed leaves the per-GPU
        # price of a fractional GPU empty, and such offers are not read
        if not isinstance(o, dict) or not o.get('provider'):
            raise Failure('%s: offer %d: not an offer (no provider)' % (path, i))
        scope = FEED_SCOPE.get(o['provider'])
        if not scope:
            continue
        if any(o.get(k) in (None, '') for k in FEED_KEYS):
            raise Failure('%s: offer %d: lacks %s' % (path, i, ', '.join(
                k for k in FEED_KEYS if o.get(k) in (None, ''))))
        v = o['price_per_gpu_hr_usd']
        if isinstance(v, bool) or not isinstance(v, (int, float)) or v <= 0:
            raise Failure('%s: offer %d: price_per_gpu_hr_usd %r is not a positive number' % (path, i, v))
        if scope[1](o):
            out.append((i, o))
    return day, out


def feed_max_gpus(o):
    """RunPod's "up to N GPUs" in an offer's notes -> N (None when absent)."""
    m = re.search(r'up to (\d+) GPUs?', o['notes'])
    return int(m.group(1)) if m else None


def feed_rows(b, path, meta, rules, add=True):
    """The feed's offers -> (updates for apply_updates, skipped names), and with add
    (the catalog refresh) new rows in b.out for the GPUs a provider's rows lack, and
    RunPod `_SECURE` rows larger than the feed's largest size of their GPU dropped
    (`not-sold-now`).  Without add (a user refresh, read_updates) every offer is an
    update and b is not used."""
    day, offers = read_feed(path)
    have = {(r['provider'], r['gpu']) for r in b.out} if add else None
    src = meta['source']
    fmeta = {'source': src, 'as_of': day, 'as_of_unknown': False}
    updates, skipped, made = [], [], set()
    maxn = {}
    spot = {}
    for i, o in offers:
        if o['provider'] == 'datacrunch' and o['pricing_type'] == 'spot':
            m = re.match(r'instance type (\S+?),', o['notes'])
            if m:
                spot[m.group(1)] = float(o['price_total_hr_usd'])
    for i, o in offers:
        prov = FEED_SCOPE[o['provider']][0]
        if o['pricing_type'] != 'on-demand':
            continue
        rule = match_rule(rules, prov, o['gpu_key'], '', None)
        if rule is None or rule['exclude']:
            skipped.append('%s %s (%s)' % (prov, o['gpu_key'], rule['exclude'] if rule else 'no mapping row'))
            continue
        gpu, per = rule['gpu'], float(o['price_per_gpu_hr_usd'])
        try:
            band_check(path, i, gpu, per)
        except Failure as e:  # the snapshot's rows are offers, not lines
            raise Failure(str(e).replace('%s:%d:' % (path, i), '%s: offer %d:' % (path, i), 1))
        what = '%s %s, %s' % (o['provider'], o['gpu_key'], o['notes'])
        if prov == 'runpod':
            n = feed_max_gpus(o) or 1
            maxn[gpu] = max(maxn.get(gpu, 0), n)
            if have is None or (prov, gpu) in have:
                updates.append((prov, gpu, (lambda c, n=n: c <= n), re.compile(r'_SECURE$'), per, day,
                                src, what, path, i))
                continue
            name = re.sub(r'[^A-Za-z0-9]+', '-', o['gpu_key'].replace('(form unstated)', '')).strip('-')
            for c in RUNPOD_SIZES:
                itype = '%dx_%s_SECURE' % (c, name)
                if c > n or (prov, itype) in made:
                    continue
                made.add((prov, itype))
                b.emit(path, i, prov, fmeta, itype, '', o['gpu_key'], c, None, None, round(per * c, 6),
                       None, count_is_final=True,
                       notes=['region not given in source (RunPod Secure Cloud, any region)',
                              'on-demand %s USD per GPU-hour (%s) of %s' % (fmt(per), what, day)])
        else:
            m = re.match(r'instance type ([^,]+)', o['notes'])
            counts = [int(o['gpu_count'])]
            if 'between 1 or 8' in o['notes']:
                counts = [1, 8]
            if have is None or (prov, gpu) in have:
                updates.append((prov, gpu, (lambda c, cs=tuple(counts): c in cs), None, per, day,
                                src, what, path, i))
                continue
            for c in counts:
                itype = m.group(1) if m else '%s-%dgpu' % (gpu, c)
                sp = spot.get(itype)
                notes = ['region not given in source',
                         'on-demand %s USD per GPU-hour (%s) of %s' % (fmt(per), what, day)]
                if not m:
                    notes.append('instance name made by the refresh; the source names none')
                if sp is not None:
                    notes.append('spot %s from the same snapshot (interruptible)' % fmt(sp))
                total = float(o['price_total_hr_usd']) if c == int(o['gpu_count']) else round(per * c, 6)
                b.emit(path, i, prov, fmeta, itype, '', o['gpu_key'], c,
                       o.get('vcpu') if c == int(o['gpu_count']) else None, None, total, sp,
                       count_is_final=True, notes=notes)
                r = b.out[-1]
                r['notes'] = '; '.join(x for x in r['notes'].split('; ')
                                       if x != PROVIDER_NOTES.get(prov))
                if o.get('ram_gb') is not None and c == int(o['gpu_count']):
                    r['ram_gb'] = fmt(float(o['ram_gb']), 1)
                    r['notes'] += '; ram_gb as the source gives it'
    if not add:
        return updates, skipped
    for r in b.out:
        if r['provider'] == 'runpod' and r['gpu'] in maxn and r['_count'] > maxn[r['gpu']] \
                and r['as_of'] != day and r['instance_type'].endswith('_SECURE'):
            r['_drop'] = True
            b.exclude('not-sold-now', 'runpod', '%s (at most %d per pod on %s)'
                      % (r['instance_type'], maxn[r['gpu']], day))
    b.out[:] = [r for r in b.out if not r.get('_drop')]
    for r in b.out:
        if r['as_of'] == day and r['source'] == src:
            b.event('new row from the price snapshot (%s)' % r['provider'])
    return updates, skipped


def apply_updates(rows, updates, events):
    """Newer on-demand prices over finished rows (dicts with _price, _spot, _count).
    An update applies to the rows of its provider and GPU whose count it covers
    (and, where PRODUCT_SCOPE says so, whose instance type is of its kind), only
    if those rows all had one per-GPU price: a per-GPU list price cannot stand for
    rows the provider prices apart.  The newest-dated update of a row wins, if
    it is newer than the row's as_of (an undated row takes any).  The
    row takes the update's price, source and date; its spot price stays only if
    it is dated (the row's as_of then is the older date), and is dropped, with a
    note, when undated or not below the new price.  Returns [(provider, gpu,
    what, path, line, reason)] of updates that applied to no row."""
    best, unused = {}, []
    for up in updates:
        prov, gpu, test, scope, per, day, src, what, path, line = up
        hit = [r for r in rows if r['provider'] == prov and r['gpu'] == gpu and test(r['_count'])
               and (scope is None or scope.search(r['instance_type']))]
        if not hit:
            unused.append((prov, gpu, what, path, line, 'no catalog row'))
            continue
        pers = sorted({round(r['_price'] / r['_count'], 4) for r in hit})
        one_rate = path.endswith('.json') and prov in FEED_ONE_RATE
        if not one_rate and pers[-1] - pers[0] > UNIFORM_TOLERANCE * pers[-1]:
            unused.append((prov, gpu, what, path, line, 'catalog rows priced apart (%s..%s per GPU)'
                           % (fmt(pers[0]), fmt(pers[-1]))))
            continue
        for r in hit:
            k = id(r)
            if k not in best or day > best[k][5]:
                best[k] = up
    for r in rows:
        up = best.get(id(r))
        if up is None:
            continue
        prov, gpu, test, scope, per, day, src, what, path, line = up
        if r['as_of'] and day <= r['as_of']:
            continue  # the row's price is as new: nothing to update
        old, old_day = r['_price'], r['as_of']
        new = round(per * r['_count'], 6)
        notes = [n for n in r['notes'].split('; ') if n and not n.startswith('as_of unknown')
                 and not n.startswith('old list price')]
        notes.append('on-demand %s USD per GPU-hour (%s) of %s; it was %s%s'
                     % (fmt(per), what, day, fmt(old), ' on ' + old_day if old_day else ', undated'))
        events['on-demand price updated (%s, %s)' % (prov, os.path.basename(path))] = \
            events.get('on-demand price updated (%s, %s)' % (prov, os.path.basename(path)), 0) + 1
        as_of, source = day, src
        sp = r['_spot']
        if sp is not None:
            if not old_day:
                notes.append('undated spot %s dropped' % fmt(sp))
                sp = None
            elif sp >= new:
                notes.append('spot %s of %s not below the new on-demand price; dropped' % (fmt(sp), old_day))
                sp = None
            else:
                as_of = min(day, old_day)
                source = src + '; spot: ' + r['source']
                notes.append('spot price of %s, which dates the row' % old_day)
        r.update({'_price': new, '_spot': sp, 'usd_per_hour': fmt(new), 'spot_usd_per_hour': fmt(sp),
                  'as_of': as_of, 'source': source, 'notes': '; '.join(notes)})
    return unused


def read_manifest(src):
    path = os.path.join(src, 'MANIFEST.csv')
    if not os.path.isfile(path):
        raise Failure('%s: not found' % path)
    files = []
    for line, r in read_csv(path):
        commit = (r.get('source_commit') or '').strip()
        src_str = ' '.join(x for x in [(r.get('source_repo') or '').strip(),
                                       (r.get('source_path') or '').strip()] if x)
        if commit:
            src_str += ' @' + commit[:8]
        date = (r.get('source_date') or '').strip()
        m = re.match(r'^(\d{4}-\d{2}-\d{2})', date)
        files.append((r['file'], PROVIDER_SLUG.get(r['provider'], r['provider']), {
            'source': src_str, 'repo': (r.get('source_repo') or '').strip(),
            'as_of': m.group(1) if m else '',
            'as_of_unknown': not m,
        }))
    listed = {f[0] for f in files}
    extra = sorted(f for f in os.listdir(src) if f.endswith('.csv') and f != 'MANIFEST.csv'
                   and f not in listed)
    if extra:
        raise Failure('%s: no provenance for %s' % (path, ', '.join(extra)))
    return files


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--src', required=True, help='folder with MANIFEST.csv and the provider CSVs')
    ap.add_argument('--gpus', required=True, help='gpus catalog CSV (slugs in column "name")')
    ap.add_argument('--slugs', help='fallback slug list when --gpus does not exist '
                                    '(default: SLUGS.md next to --gpus)')
    ap.add_argument('--map', required=True, help='accelerator-name mapping table')
    ap.add_argument('--out', required=True, help='output CSV')
    a = ap.parse_args(argv)
    slugs_md = a.slugs or os.path.join(os.path.dirname(a.gpus) or '.', 'SLUGS.md')
    try:
        slugs, slug_src = load_slugs(a.gpus, slugs_md)
        rules = load_map(a.map, slugs)
        files = read_manifest(a.src)
        b = Build(rules)
        for fname, provider, meta in files:
            if not os.path.isfile(os.path.join(a.src, fname)):
                raise Failure('%s: listed in MANIFEST.csv but missing' % os.path.join(a.src, fname))
        # a .js file is an on-demand listing that updates its provider's one CSV file;
        # of several listings of a provider the newest is that one, and each older one
        # (an earlier file of one instance family) only adds the instance types that
        # neither the CSV nor a newer listing has (extra_listings)
        listings, extra = {}, []
        for fname, provider, meta in sorted((f for f in files if f[0].endswith('.js')),
                                            key=lambda f: f[2]['as_of'], reverse=True):
            csvs = [f for f in files if f[1] == provider and not f[0].endswith('.js')]
            if len(csvs) > 1:
                raise Failure('%s: a listing needs at most one CSV file of provider %s'
                              % (os.path.join(a.src, fname), provider))
            if provider in listings:
                if listings[provider][1]['as_of'] == meta['as_of'] or not meta['as_of']:
                    raise Failure('%s: a second listing of provider %s must be dated, and older '
                                  'than %s' % (os.path.join(a.src, fname), provider, listings[provider][0]))
                extra.append((os.path.join(a.src, fname), meta, provider))
                continue
            listings[provider] = (os.path.join(a.src, fname), meta, csvs)
        for provider, (js_path, js_meta, csvs) in sorted(listings.items()):
            if not csvs:
                b.with_listing(None, None, js_path, js_meta, provider)
        updates, skipped, feeds = [], [], []
        for fname, provider, meta in files:
            path = os.path.join(a.src, fname)
            if fname.endswith('.json'):
                feeds.append((path, meta))
                continue
            if fname.endswith(('.yaml', '.jsonl')):
                u, sk = read_updates(path, meta, rules)
                updates += u
                skipped += sk
                continue
            if fname.endswith('.js'):
                continue
            if provider in listings:
                js_path, js_meta, _ = listings[provider]
                b.with_listing(path, meta, js_path, js_meta, provider)
            elif fname == 'gcp_instances.csv':
                b.gcp_instances(path, provider, meta)
            elif provider == 'gcp':
                b.gcp(path, provider, meta)
            else:
                b.generic(path, provider, meta)
        for js_path, js_meta, provider in extra:
            have = {r['instance_type'] for r in b.out if r['provider'] == provider}
            n0 = len(b.out)
            b.with_listing(None, None, js_path, js_meta, provider, skip=have)
            newer = read_listing(listings[provider][0])[0] if provider in listings else {}
            for r in b.out[n0:]:
                if r['instance_type'] in newer:
                    r['notes'] += ('; the newer %s listing names this type without a price'
                                   % listings[provider][1]['as_of'])
                b.event('%s type from an older listing (%s)' % (provider, os.path.basename(js_path)))
        if b.unmapped:
            raise Failure('\n'.join(b.unmapped))
        for path, meta in feeds:
            u, sk = feed_rows(b, path, meta, rules)
            updates += u
            skipped += sk
        if b.unmapped:
            raise Failure('\n'.join(b.unmapped))
        unused = apply_updates(b.out, updates, b.events)
        b.flag_outliers()
        keyf = lambda r: (r['provider'], r['instance_type'], r['region'], r['gpu'], r['gpu_count'])
        seen, dups = {}, []
        for r in b.out:
            k = keyf(r)
            if k in seen:
                dups.append(k)
            seen[k] = r
        if dups:
            raise Failure('duplicate (provider, instance_type, region, gpu, gpu_count) keys:\n' +
                          '\n'.join('  ' + ' | '.join(k) for k in sorted(dups)))
    except Failure as e:
        print(str(e), file=sys.stderr)
        return 1

    rows = sorted(b.out, key=lambda r: (r['provider'], r['instance_type'], r['region'], r['gpu'],
                                        r['_count'], r['usd_per_hour']))
    tmp = a.out + '.tmp'
    with open(tmp, 'w', newline='', encoding='utf-8') as f:
        w = csv.writer(f, lineterminator='\n')
        w.writerow(HEADER)
        for r in rows:
            w.writerow([r[h] for h in HEADER])
    os.replace(tmp, a.out)

    # ---- report (stderr) ----
    err = sys.stderr
    print('slugs validated against %s (%d slugs)' % (slug_src, len(slugs)), file=err)
    per = {}
    for r in rows:
        per[r['provider']] = per.get(r['provider'], 0) + 1
    print('wrote %s: %d rows from %d providers' % (a.out, len(rows), len(per)), file=err)
    for p in sorted(per):
        print('  %-13s %5d' % (p, per[p]), file=err)
    total_ex = sum(sum(d.values()) for d in b.excluded.values())
    print('excluded %d source rows:' % total_ex, file=err)
    for reason in sorted(b.excluded):
        d = b.excluded[reason]
        print('  %5d %s [%s]: %s' % (sum(d.values()), reason,
                                      ', '.join('%s %d' % (p, d[p]) for p in sorted(d)),
                                      EXCLUDE_REASONS[reason]), file=err)
        if reason in ('no-slug', 'no-on-demand-price', 'tpu-placeholder-price', 'not-sold-now'):
            for x in sorted(b.excluded_detail.get(reason, ())):
                print('        %s' % x, file=err)
    if updates:
        print('price updates: %d read, %d applied to no row:' % (len(updates), len(unused)), file=err)
        for prov, gpu, what, path, line, why in unused:
            print('  %s:%d: %s %s (%s): %s' % (path, line, prov, gpu, what, why), file=err)
        for x in sorted(set(skipped)):
            print('  skipped: %s' % x, file=err)
    if b.events:
        print('fixes and flags:', file=err)
        for k in sorted(b.events):
            print('  %5d %s' % (b.events[k], k), file=err)
    return 0


if __name__ == '__main__':
    sys.exit(main())
