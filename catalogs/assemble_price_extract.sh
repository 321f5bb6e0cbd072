#!/usr/bin/env bash
# Assemble the price extract that catalogs/refresh_cloud_instances.py reads.
#
# Usage (from the repository root):
#   bash catalogs/assemble_price_extract.sh OUT BASE AWS_GPU_GIT [COMMIT] [UPDATE ...]
#
#   OUT          folder to write (created; its CSV, JS and MANIFEST files are replaced)
#   BASE         the provider extract with its MANIFEST.csv (../shared/data/cloud-prices)
#   AWS_GPU_GIT  a git directory of github.com/tsaol/aws-gpu (bare or work tree)
#   COMMIT       the commit to take data/all_gpu_instances.js from (default 7412fd25,
#                2026-01-21, the newest that changes the file; '' for the default)
#   UPDATE       aws-gpu:PATH@COMMIT: an older listing of one instance family in the
#                same git directory (data/trn2_instances.js@2f6d954: trn2.48xlarge,
#                priced there and not in the newer listings), copied byte for byte as
#                aws_<name>.js with the date of the commit that last changed it; or
#                a price-update file and where it comes from, as
#                FILE=REPO|PATH|COMMIT: a `.yaml` list-price file (silybench-data
#                prices/gpu_hourly.yaml) or a `.jsonl` history (gpu-price-feed
#                data/history/v2/YYYY-MM.jsonl) or a `.json` price snapshot (gpu-price-feed
#                data/prices.json, or an excerpt of it); copied byte for byte under its
#                own name, with a MANIFEST row (provider '*', source_date the newest
#                date in the file: refreshed_at, the last line's collected_at, or the
#                snapshot's collected_at); or, as FILE.csv=REPO|PATH|COMMIT|PROVIDER,
#                an excerpt of a provider file that BASE's own file of the same
#                REPO and COMMIT leaves out (BASE's azure.csv keeps only the rows
#                that name their accelerator, which ND GB200 v6 rows do not):
#                copied byte for byte, with a MANIFEST row for PROVIDER dated as
#                that BASE file (a CSV carries no date of its own; a REPO and
#                COMMIT that no BASE file has are refused); or, for a file
#                that no BASE file dates, FILE.csv=REPO|PATH|COMMIT|PROVIDER|DAY:
#                dated DAY (YYYY-MM-DD), the day its source says the file was
#                generated (skypilot-catalog's OCI vms.csv: the day of the pull
#                request that generated it, which catalogs/cloud_instances.md cites)
#
# OUT gets every file BASE's MANIFEST lists, copied unchanged, plus aws_listing.js:
# data/all_gpu_instances.js of tsaol/aws-gpu at COMMIT, byte for byte.  That file is
# an instances.vantage.sh listing of on-demand prices (no spot) regenerated on the
# commit's day; the refresh takes AWS on-demand prices from it and keeps the spot
# prices of BASE's aws.csv (catalogs/cloud_instances.md, 'Sources and freshness').
# Its MANIFEST row carries the commit and the commit's own date, read from git.
# Needs bash, git and /usr/bin/python3; no network.
set -euo pipefail
[ $# -ge 3 ] || { sed -n '4,12p' "$0" >&2; exit 2; }
OUT="$1"; BASE="$2"; GITDIR="$3"; COMMIT="${4:-7412fd256c5eda04a70a17742a68e8e44824b2cb}"
shift $(( $# < 4 ? $# : 4 ))
UPDATES=("$@")
SRC_PATH=data/all_gpu_instances.js
[ -f "$BASE/MANIFEST.csv" ] || { echo "$BASE/MANIFEST.csv: not found" >&2; exit 1; }
git --git-dir="$GITDIR" cat-file -e "$COMMIT:$SRC_PATH" 2>/dev/null || \
  git -C "$GITDIR" cat-file -e "$COMMIT:$SRC_PATH" 2>/dev/null || \
  { echo "$GITDIR: no $SRC_PATH at $COMMIT" >&2; exit 1; }
g() { git --git-dir="$GITDIR" "$@" 2>/dev/null || git -C "$GITDIR" "$@"; }
full=$(g rev-parse "$COMMIT")
# the commit date of the newest commit at or before COMMIT that changed the file
date=$(g log -1 --format=%cI "$full" -- "$SRC_PATH")
last=$(g log -1 --format=%H "$full" -- "$SRC_PATH")
[ "$last" = "$full" ] || echo "note: $SRC_PATH last changed at $last, before $full" >&2
mkdir -p "$OUT"
g show "$full:$SRC_PATH" > "$OUT/aws_listing.js.tmp"
# aws-gpu:PATH@COMMIT: an older listing file of one instance family from the same
# git directory, copied byte for byte as aws_<name>.js with its own commit date
REST=()
EXTRA=()
for u in "${UPDATES[@]}"; do
  case "$u" in
    aws-gpu:*@*)
      p=${u#aws-gpu:}; c=${p##*@}; p=${p%@*}
      cf=$(g rev-parse "$c") || { echo "$GITDIR: no commit $c" >&2; exit 1; }
      g cat-file -e "$cf:$p" || { echo "$GITDIR: no $p at $c" >&2; exit 1; }
      lc=$(g log -1 --format=%H "$cf" -- "$p"); ld=$(g log -1 --format=%cI "$cf" -- "$p")
      n="aws_$(basename "$p")"
      g show "$cf:$p" > "$OUT/$n"
      EXTRA+=("$n|$p|$lc|$ld") ;;
    *) REST+=("$u") ;;
  esac
done
/usr/bin/python3 - "$BASE" "$OUT" "$full" "$date" "${EXTRA[@]/#/extra=}" "${REST[@]}" <<'PY'
import csv, json, os, re, shutil, sys
base, out, commit, date = sys.argv[1:5]
extras = [a[6:] for a in sys.argv[5:] if a.startswith('extra=')]
updates = [a for a in sys.argv[5:] if not a.startswith('extra=')]
with open(os.path.join(base, 'MANIFEST.csv'), newline='') as f:
    rows = list(csv.reader(f))
hdr, body = rows[0], [r for r in rows[1:] if r]
for r in body:
    shutil.copyfile(os.path.join(base, r[0]), os.path.join(out, r[0]))
text = open(os.path.join(out, 'aws_listing.js.tmp'), encoding='utf-8').read()
data = json.loads(text[text.index('['):text.rindex(']') + 1])
n_in = sum(len(i.get('pricing') or {}) for i in data)
n_od = sum(1 for i in data for p in (i.get('pricing') or {}).values()
           if isinstance(p, dict) and p.get('onDemand') is not None)
os.replace(os.path.join(out, 'aws_listing.js.tmp'), os.path.join(out, 'aws_listing.js'))
body = [r for r in body if r[0] != 'aws_listing.js']
body.append(['aws_listing.js', 'aws', 'github.com/tsaol/aws-gpu (data from instances.vantage.sh)',
             'data/all_gpu_instances.js', commit, date, str(n_in), str(n_in), str(n_od),
             'on-demand listing, no spot prices; updates the on-demand prices of aws.csv'])
base_dates = {(r[2], r[4]): r[5] for r in body if len(r) > 5 and r[5] and r[5] != 'unknown'}
for u in updates:
    path, _, prov = u.partition('=')
    parts = prov.split('|')
    name = os.path.basename(path)
    if path.endswith('.csv') and len(parts) in (4, 5) and os.path.isfile(path):
        # an excerpt of a provider file: dated as BASE's file of the same repo and
        # commit, or by the DAY given where no BASE file has them
        repo, spath, commit_x, provider = parts[:4]
        day = base_dates.get((repo, commit_x))
        if len(parts) == 5:
            if day or not re.fullmatch(r'\d{4}-\d{2}-\d{2}', parts[4]):
                sys.exit('%s: a DAY is YYYY-MM-DD, and only for a file that no file of %s/MANIFEST.csv dates'
                         % (u, base))
            day = parts[4]
        if not day:
            sys.exit('%s: no file of %s @%s in %s/MANIFEST.csv to date the excerpt by'
                     % (u, repo, commit_x, base))
        with open(path, newline='', encoding='utf-8') as f:
            n = sum(1 for r in list(csv.reader(f))[1:] if r)
        shutil.copyfile(path, os.path.join(out, name))
        body = [r for r in body if r[0] != name]
        body.append([name, provider, repo, spath, commit_x, day, str(n), str(n), str(n),
                     'excerpt: rows of the source file that the extract leaves out' if len(parts) == 4
                     else 'excerpt: the rows of the source file that name an accelerator'])
        continue
    if len(parts) != 3 or not path.endswith(('.yaml', '.jsonl', '.json')) or not os.path.isfile(path):
        sys.exit('%s: an update is FILE.yaml|FILE.jsonl|FILE.json=REPO|PATH|COMMIT, or '
                 'FILE.csv=REPO|PATH|COMMIT|PROVIDER[|DAY], of an existing file' % u)
    text = open(path, encoding='utf-8').read()
    if name.endswith('.json'):
        d = json.loads(text)
        day, n = (d.get('collected_at') or '')[:10], len(d.get('offers') or [])
    elif name.endswith('.yaml'):
        m = re.search(r'^refreshed_at: *[\'"]?(\d{4}-\d{2}-\d{2})', text, re.M)
        day, n = (m.group(1) if m else ''), text.count('\n- provider:')
    else:
        lines = [json.loads(x) for x in text.splitlines() if x.strip()]
        day, n = (lines[-1].get('collected_at') or '')[:10], len(lines)
    shutil.copyfile(path, os.path.join(out, name))
    body = [r for r in body if r[0] != name]
    body.append([name, '*', parts[0], parts[1], parts[2], day, str(n), str(n), str(n),
                 'price updates: newer on-demand prices of rows the other files give'])
for x in extras:
    name, path, commit_x, date_x = x.split('|')
    t = open(os.path.join(out, name), encoding='utf-8').read()
    d = json.loads(t[t.index('['):t.rindex(']') + 1])
    n_x = sum(len(i.get('pricing') or {}) for i in d)
    body = [r for r in body if r[0] != name]
    body.append([name, 'aws', 'github.com/tsaol/aws-gpu (data from instances.vantage.sh)', path, commit_x,
                 date_x, str(n_x), str(n_x), str(n_x),
                 'older on-demand listing of one family; adds only the instance types no newer file has'])
with open(os.path.join(out, 'MANIFEST.csv'), 'w', newline='') as f:
    w = csv.writer(f, lineterminator='\n')
    w.writerow(hdr)
    w.writerows(sorted(body))
print('%s: %d files from %s + aws_listing.js (%s @%s, %s, %d region prices)'
      % (out, len(body) - 1, base, 'data/all_gpu_instances.js', commit[:8], date[:10], n_od))
PY
