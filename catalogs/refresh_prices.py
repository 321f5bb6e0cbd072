#!/usr/bin/python3
"""Refresh cloud prices into a user price database, leaving the compiled-in
catalog as it is.

Usage (from the repository root; `make refresh-prices` runs the first form):

    /usr/bin/python3 catalogs/refresh_prices.py [--out build/user_prices.db]
    /usr/bin/python3 catalogs/refresh_prices.py --from DIR [--out FILE] [--into DB]

Online, it downloads the public price-update files that
catalogs/refresh_cloud_instances.py reads (SOURCES in this file): tgarg01/
silybench-data prices/gpu_hourly.yaml, list prices, and toolshedlabs-hash/
gpu-price-feed data/history/v2/<this month>.jsonl, daily cheapest prices, and
data/prices.json, the feed's offers of its last day, as gpu_hourly.yaml,
history.jsonl and prices.json; with --from DIR it reads the files of those
names in DIR instead and needs no network.  Offline without --from it stops with a
message naming the file it could not download.  Each file is validated (a
truncated file, missing fields or a price outside the GPU's sanity band stop
the run with `file:line: why`), then applied to the rows of
catalogs/cloud_instances.csv by the same rules as the catalog refresh
(refresh_cloud_instances.apply_updates).  Every row a file changes is written
to the table user_prices of --out (an SQLite file, replaced only when the run
succeeds), with the columns of the cloud_instances catalog, its source and the
day of its price.  The offers view of sql/gpuadv.sql prefers a user_prices row
to the catalog row it covers; --into DB copies the rows into DB's user_prices
table (load sql/gpuadv.sql into DB first), replacing rows of the same key, as
this statement does:

    ATTACH 'build/user_prices.db' AS p; INSERT OR REPLACE INTO user_prices SELECT * FROM p.user_prices;

Exit status: 0 on success; 1 on a bad or missing file (nothing is written);
2 on bad usage.  Standard library only.
"""
import argparse
import csv
import datetime
import os
import sqlite3
import sys
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import refresh_cloud_instances as rc  # noqa: E402  (the one implementation of the rules)

# The files a refresh downloads: (file name, URL, source as the rows name it).
# The history is one file a month, named by the month of the refresh (UTC);
# {month} is filled in, and in the first days of a month, before the feed's
# first line of it, the previous month's file is read (see fetch()).
SOURCES = [
    ('gpu_hourly.yaml',
     'https://raw.githubusercontent.com/tgarg01/silybench-data/main/prices/gpu_hourly.yaml',
     'github.com/tgarg01/silybench-data prices/gpu_hourly.yaml'),
    ('history.jsonl',
     'https://raw.githubusercontent.com/toolshedlabs-hash/gpu-price-feed/main/data/history/v2/{month}.jsonl',
     'github.com/toolshedlabs-hash/gpu-price-feed data/history/v2/{month}.jsonl'),
    ('prices.json',
     'https://raw.githubusercontent.com/toolshedlabs-hash/gpu-price-feed/main/data/prices.json',
     'github.com/toolshedlabs-hash/gpu-price-feed data/prices.json'),
]
TIMEOUT_S = 30  # per download


def months_back(today):
    first = today.replace(day=1)
    prev = first - datetime.timedelta(days=1)
    return [first.strftime('%Y-%m'), prev.strftime('%Y-%m')]


def fetch(dest):
    """Download SOURCES into dest; returns [(path, source)].  Any failure is a
    Failure naming the URL: nothing is written from a partial download."""
    got = []
    for name, url, src in SOURCES:
        tries = [(url.format(month=m), src.format(month=m)) for m in months_back(datetime.date.today())] \
            if '{month}' in url else [(url, src)]
        last = None
        for u, s in tries:
            try:
                with urllib.request.urlopen(u, timeout=TIMEOUT_S) as r:
                    data = r.read()
            except urllib.error.HTTPError as e:
                last = '%s: HTTP %d' % (u, e.code)
                if e.code == 404:
                    continue
                break
            except (urllib.error.URLError, OSError) as e:
                raise rc.Failure('refresh-prices: cannot download %s (%s); offline? '
                                 'pass --from DIR with %s' % (u, getattr(e, 'reason', e),
                                                              ', '.join(n for n, _, _ in SOURCES)))
            path = os.path.join(dest, name)
            with open(path, 'wb') as f:
                f.write(data)
            got.append((path, s + ' (downloaded %s)' % datetime.date.today().isoformat()))
            last = None
            break
        if last:
            raise rc.Failure('refresh-prices: cannot download %s' % last)
    return got


def from_dir(d):
    if not os.path.isdir(d):
        raise rc.Failure('%s: not a folder' % d)
    got = [(os.path.join(d, name), 'local file %s (%s)' % (os.path.join(d, name), src.split(' ')[0]))
           for name, _, src in SOURCES if os.path.isfile(os.path.join(d, name))]
    if not got:
        raise rc.Failure('%s: none of %s' % (d, ', '.join(n for n, _, _ in SOURCES)))
    return got


def catalog_rows(path):
    """The compiled-in catalog's rows (its CSV), as the refresh holds them."""
    rows = []
    with open(path, newline='', encoding='utf-8') as f:
        rd = csv.DictReader(f)
        if rd.fieldnames != rc.HEADER:
            raise rc.Failure('%s: header must be %s' % (path, ','.join(rc.HEADER)))
        for r in rd:
            r['_price'], r['_spot'] = rc.num(r['usd_per_hour']), rc.num(r['spot_usd_per_hour'])
            r['_count'] = rc.num(r['gpu_count'])
            r['_key'] = tuple(r[k] for k in ('provider', 'instance_type', 'region', 'gpu', 'gpu_count'))
            r['_before'] = (r['usd_per_hour'], r['spot_usd_per_hour'], r['as_of'], r['source'])
            rows.append(r)
    return rows


def write_db(path, rows):
    tmp = path + '.tmp'
    if os.path.exists(tmp):
        os.remove(tmp)
    db = sqlite3.connect(tmp)
    db.execute('CREATE TABLE user_prices (%s, UNIQUE (provider, instance_type, region, gpu, gpu_count))'
               % ', '.join('%s %s' % (h, 'REAL' if h in ('gpu_count', 'vcpus', 'ram_gb', 'usd_per_hour',
                                                          'spot_usd_per_hour') else 'TEXT')
                           for h in rc.HEADER))
    db.executemany('INSERT INTO user_prices VALUES (%s)' % ','.join('?' * len(rc.HEADER)),
                   [[row_value(r, h) for h in rc.HEADER] for r in rows])
    db.commit()
    db.close()
    os.replace(tmp, path)


def row_value(r, h):
    v = r[h]
    if v == '':
        return None
    if h in ('gpu_count', 'vcpus', 'ram_gb', 'usd_per_hour', 'spot_usd_per_hour'):
        return float(v)
    return v


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--from', dest='src', help='read the price files from this folder; no network')
    ap.add_argument('--out', default='build/user_prices.db', help='price database to write')
    ap.add_argument('--into', help='also copy the rows into this database\'s user_prices table')
    ap.add_argument('--catalog', default=os.path.join(HERE, 'cloud_instances.csv'))
    ap.add_argument('--map', default=os.path.join(HERE, 'gpu_name_map.csv'))
    ap.add_argument('--gpus', default=os.path.join(HERE, 'gpus.csv'))
    a = ap.parse_args(argv)
    err = sys.stderr
    try:
        slugs, _ = rc.load_slugs(a.gpus, os.path.join(HERE, 'SLUGS.md'))
        rules = rc.load_map(a.map, slugs)
        rows = catalog_rows(a.catalog)
        if a.src:
            files = from_dir(a.src)
        else:
            dl = os.path.join(os.path.dirname(os.path.abspath(a.out)), 'price-downloads')
            os.makedirs(dl, exist_ok=True)
            files = fetch(dl)
        updates, skipped = [], []
        for path, src in files:
            u, sk = rc.read_updates(path, {'source': src}, rules)
            updates += u
            skipped += sk
        events = {}
        unused = rc.apply_updates(rows, updates, events)
        changed = [r for r in rows if (r['usd_per_hour'], r['spot_usd_per_hour'], r['as_of'], r['source'])
                   != r['_before']]
        for r in changed:
            if not r['source'] or not r['as_of']:
                raise rc.Failure('%s %s %s: a refreshed row without source or date' % r['_key'][:3])
        if a.into:
            if not os.path.isfile(a.into):
                raise rc.Failure('%s: no such database' % a.into)
            db = sqlite3.connect(a.into)
            try:
                has = db.execute("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'user_prices'"
                                 ).fetchone()
            except sqlite3.Error as e:
                raise rc.Failure('%s: %s' % (a.into, e))
            finally:
                db.close()
            if not has:
                raise rc.Failure('%s: no user_prices table (load sql/gpuadv.sql into it first)' % a.into)
        if os.path.dirname(a.out):
            os.makedirs(os.path.dirname(a.out), exist_ok=True)
        write_db(a.out, changed)
        if a.into:
            db = sqlite3.connect(a.into)
            try:
                db.execute("ATTACH ? AS refreshed", (os.path.abspath(a.out),))
                db.execute('INSERT OR REPLACE INTO user_prices SELECT * FROM refreshed.user_prices')
                db.commit()
            except sqlite3.Error as e:
                raise rc.Failure('%s: %s (load sql/gpuadv.sql into it first)' % (a.into, e))
            finally:
                db.close()
    except rc.Failure as e:
        print(str(e), file=err)
        return 1
    print('%s: %d rows refreshed from %s' % (a.out, len(changed), ', '.join(p for p, _ in files)), file=err)
    for k in sorted(events):
        print('  %5d %s' % (events[k], k), file=err)
    for prov, gpu, what, path, line, why in unused:
        print('  %s:%d: %s %s (%s): %s' % (path, line, prov, gpu, what, why), file=err)
    if a.into:
        print('%s: user_prices now holds these rows' % a.into, file=err)
    return 0


if __name__ == '__main__':
    sys.exit(main())
