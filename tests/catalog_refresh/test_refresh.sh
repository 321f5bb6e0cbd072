#!/usr/bin/env bash
# Tests for catalogs/refresh_cloud_instances.py.  Prints one line per check,
# `ok NAME` or `FAIL NAME`, and exits non-zero if any check failed.
# Run from anywhere:  bash tests/catalog_refresh/test_refresh.sh
set -u
. "$(dirname "$0")/../lib.sh"
SCRIPT=catalogs/refresh_cloud_instances.py
FX=tests/catalog_refresh/fixtures
REAL_SRC="${CLOUD_PRICES_SRC:-build/cloud-prices}"
run() {  # run SRC OUT  (stderr to $OUT.err)
  "$PY" "$SCRIPT" --src "$1" --gpus catalogs/gpus.csv --map catalogs/gpu_name_map.csv \
        --out "$2" 2>"$2.err"
}
# field VALUE lookup: print column COL of the row whose provider/instance_type/region match
field() {  # field CSV PROVIDER INSTANCE REGION COL
  "$PY" - "$@" <<'PYEOF'
import csv, sys
path, prov, it, reg, col = sys.argv[1:6]
for r in csv.DictReader(open(path, newline='')):
    if (r['provider'], r['instance_type'], r['region']) == (prov, it, reg):
        print(r[col]); break
else:
    print('<missing>')
PYEOF
}

# (a) a good fixture produces exactly the expected rows
run "$FX/good" "$TMP/good.csv"; rc=$?
[ $rc -eq 0 ] && cmp -s "$TMP/good.csv" "$FX/expected_good.csv"
check good_fixture_expected_rows $?
[ "$(head -1 "$TMP/good.csv")" = "provider,instance_type,region,gpu,gpu_count,vcpus,ram_gb,usd_per_hour,spot_usd_per_hour,source,as_of,source_accelerator,notes,price_flag" ]
check header_exact $?
[ "$(field "$TMP/good.csv" aws trn1.2xlarge us-east-1 gpu)" = trainium ] && \
  [ "$(field "$TMP/good.csv" aws g5g.xlarge us-east-1 gpu)" = t4 ] && \
  [ "$(field "$TMP/good.csv" gcp tpu-v5p-8 us-central1 gpu_count)" = 4 ] && \
  [ "$(field "$TMP/good.csv" gcp tpu-v5litepod-4 us-central1 gpu_count)" = 4 ] && \
  [ "$(field "$TMP/good.csv" aws g6f.large us-east-1 gpu_count)" = 0.125 ]
check mapping_trainium_t4g_tpu_fractional $?
grep -q 'excluded 5 source rows' "$TMP/good.csv.err" && \
  grep -q '1 no-on-demand-price' "$TMP/good.csv.err" && \
  ! grep -q 'no-slug' "$TMP/good.csv.err" && \
  grep -q '1 tpu-placeholder-price' "$TMP/good.csv.err"
check exclusions_counted_on_stderr $?
# Vast names the RTX 3060 Ti 'RTX3060'; the instance type tells it from the plain 3060
[ "$(field "$TMP/good.csv" vast 1x-RTX_3060_Ti-32-65536 'Ontario, CA, NA' gpu)" = rtx-3060-ti ] && \
  [ "$(field "$TMP/good.csv" vast 4x-RTX_3060-32-65536 'Hong Kong, HK, AS' gpu)" = rtx-3060 ]
check vast_ti_told_from_base_model $?
# a map row with exclude=no-slug leaves the row out and counts it (fixture map; the real map has none)
"$PY" "$SCRIPT" --src "$FX/noslug" --gpus catalogs/gpus.csv --map "$FX/noslug_map.csv" \
      --out "$TMP/noslug.csv" 2>"$TMP/noslug.csv.err" && \
  [ "$(wc -l < "$TMP/noslug.csv")" -eq 2 ] && \
  grep -q 'excluded 1 source rows' "$TMP/noslug.csv.err" && \
  grep -q '1 no-slug' "$TMP/noslug.csv.err" && \
  grep -q 'vast RTX9999 (1x-RTX_9999-32-65536)' "$TMP/noslug.csv.err"
check no_slug_exclusion_counted $?

# (b) an unmappable accelerator name fails with file:line
run "$FX/unmappable" "$TMP/bad.csv"; rc=$?
[ $rc -ne 0 ] && [ ! -e "$TMP/bad.csv" ] && \
  grep -qx "$FX/unmappable/lambda.csv:3: cannot map accelerator 'RTX9000-Turbo'" "$TMP/bad.csv.err"
check unmappable_fails_with_file_line $?

# (c) the RunPod L40S row whose spot and on-demand are swapped is swapped back
[ "$(field "$TMP/good.csv" runpod 1x_L40S_SECURE US usd_per_hour)" = 0.86 ] && \
  [ "$(field "$TMP/good.csv" runpod 1x_L40S_SECURE US spot_usd_per_hour)" = 0.43 ]
check runpod_l40s_swapped_back $?

# (d) GiB -> decimal GB: 2048 GiB -> 2199.0 GB, 62 GiB -> 66.6 GB, 64 GiB -> 68.7 GB
[ "$(field "$TMP/good.csv" aws p5.48xlarge us-east-1 ram_gb)" = 2199.0 ] && \
  [ "$(field "$TMP/good.csv" runpod 1x_L40S_SECURE US ram_gb)" = 66.6 ] && \
  [ "$(field "$TMP/good.csv" vast 4x-RTX_3060-32-65536 'Hong Kong, HK, AS' ram_gb)" = 68.7 ]
check gib_to_gb_conversion $?

# (b2) price hygiene (fixtures/flags: rows copied from the extract).
#  GCP a3-highgpu-8g: GPU parts per GPU 90.74744/8 = 11.3434, 101.88413/8 = 12.7355,
#  33.60609/8 = 4.2008, 78.37241/8 = 9.7966; 4.2008 / 12.7355 = 0.33 < 0.75 -> low
#  cluster, 67% below; 9.7966 / 12.7355 = 0.77 -> clean.  Spot 35.87358 / 43.06615 = 83%.
#  Median on-demand of the 4 regions (87.83247 + 101.70125) / 2 = 94.76686; 43.06615 is 55% below.
#  TPU v6e-8 spot median (4.11533 + 11.09731) / 2 = 7.60632; asia-southeast1's 2.1384 is
#  72% below it and 91% below its on-demand 23.76 -> flagged; us-central1's 4.11533 is
#  above half the median -> clean.
run "$FX/flags" "$TMP/flags.csv"
[ "$(field "$TMP/flags.csv" gcp a3-highgpu-8g us-central1 price_flag)" = "GCP low cluster: GPU part 4.2008 USD per GPU-hour is 67% below the highest GCP region (12.7355) for H100; GCP spot 83% of on-demand (GCP spot is 60-91% below on-demand): the on-demand price is a discounted figure; on-demand 43.06615 is 55% below the median 94.76686 of the same offer in 4 regions" ] && \
  [ "$(field "$TMP/flags.csv" gcp a3-highgpu-8g us-east4 price_flag)" = "" ] && \
  [ "$(field "$TMP/flags.csv" gcp a3-highgpu-8g asia-east1 price_flag)" = "" ]
check gcp_low_cluster_flagged $?
[ "$(field "$TMP/flags.csv" gcp tpu-v6e-8 asia-southeast1 price_flag)" = "spot 2.1384 is 91% below on-demand and 72% below the median spot 7.60632 of the same offer in 4 regions" ] && \
  [ "$(field "$TMP/flags.csv" gcp tpu-v6e-8 us-central1 price_flag)" = "" ]
check tpu_v6e_spot_outlier_flagged $?
# AWS P2: p2.8xlarge 8 GPUs, p2.16xlarge 16 (the source counts K80 boards: 4 and 8)
[ "$(field "$TMP/flags.csv" aws p2.8xlarge us-east-1 gpu_count)" = 8 ] && \
  [ "$(field "$TMP/flags.csv" aws p2.16xlarge us-east-1 gpu_count)" = 16 ] && \
  [ "$(field "$TMP/flags.csv" aws p2.xlarge us-east-1 gpu_count)" = 1 ]
check p2_gpu_counts_from_specification $?
# a source without a date gets an empty as_of and the reason, never the extract date
[ "$(field "$TMP/flags.csv" runpod 1x_H100_SECURE CA as_of)" = "" ] && \
  [ "$(field "$TMP/flags.csv" runpod 1x_H100_SECURE CA notes)" = "as_of unknown: the source commit's date was not recorded" ] && \
  [ "$(field "$TMP/flags.csv" aws p2.xlarge us-east-1 as_of)" = 2025-11-30 ]
check unknown_date_left_empty $?
# the committed catalog: the TPU v6e asia-southeast1 spot rows and the GCP H100 low cluster
# (a3-highgpu 1g/2g/4g/8g at 4.2008 USD per GPU-hour for the GPU part in 6 regions = 24 rows)
# are flagged; no p2 row keeps a board count
C=catalogs/cloud_instances.csv
n=$("$PY" - <<'PYEOF'
import csv
rows = list(csv.DictReader(open('catalogs/cloud_instances.csv', newline='')))
v6e = [r for r in rows if r['gpu'] == 'tpu-v6e' and r['region'] == 'asia-southeast1']
a3 = [r for r in rows if r['instance_type'].startswith('a3-highgpu-') and 'GCP low cluster' in r['price_flag']]
p2 = {(r['instance_type'], r['gpu_count']) for r in rows if r['instance_type'].startswith('p2.')}
print(len(v6e), all(r['price_flag'].startswith('spot ') for r in v6e), len(a3),
      len({r['region'] for r in a3}), sorted(p2))
PYEOF
)
[ "$n" = "8 True 24 6 [('p2.16xlarge', '16'), ('p2.8xlarge', '8'), ('p2.xlarge', '1')]" ]
check committed_catalog_flags $? "$n"

# (c2) a later on-demand listing (aws_listing.js, 2026-01-21) over aws.csv (2025-11-30).
#  p5.48xlarge us-east-1: on-demand 55.04 in both, spot 13.2182 only in aws.csv -> the row
#  keeps the spot and the older date.  us-east-1-atl-1: no spot; the fixture listing says
#  50.0 where aws.csv says 55.04 -> 50, dated 2026-01-21.  ap-northeast-2: only in the
#  listing; specs from the us-east-1 row of aws.csv.  g7e.2xlarge: only in the listing;
#  8 vCPU, 64 GiB = 68.7 GB.  g4dn.xlarge: only in aws.csv -> its price and date.
run "$FX/listing" "$TMP/listing.csv"; rc=$?
L="$TMP/listing.csv"
[ $rc -eq 0 ] && [ "$(wc -l < "$L")" -eq 7 ] && \
  [ "$(field "$L" aws p5.48xlarge us-east-1 usd_per_hour)/$(field "$L" aws p5.48xlarge us-east-1 spot_usd_per_hour)/$(field "$L" aws p5.48xlarge us-east-1 as_of)" = 55.04/13.2182/2025-11-30 ] && \
  [ "$(field "$L" aws p5.48xlarge us-east-1 source)" = "github.com/tsaol/aws-gpu (data from instances.vantage.sh) data/all_gpu_instances.js @7412fd25; spot: data/gpu_instances_raw.json @2d0108c7" ] && \
  [ "$(field "$L" aws p5.48xlarge us-east-1 notes)" = "on-demand price of the 2026-01-21 listing, unchanged since 2025-11-30; spot price of 2025-11-30, which dates the row" ]
check listing_keeps_older_spot_and_its_date $?
[ "$(field "$L" aws p5.48xlarge us-east-1-atl-1 usd_per_hour)/$(field "$L" aws p5.48xlarge us-east-1-atl-1 as_of)" = 50/2026-01-21 ] && \
  [ "$(field "$L" aws p5.48xlarge us-east-1-atl-1 notes)" = "on-demand price of the 2026-01-21 listing; it was 55.04 on 2025-11-30" ] && \
  grep -q '1 aws on-demand price changed by the 2026-01-21 listing' "$L.err"
check listing_price_replaces_older_on_demand $?
[ "$(field "$L" aws p5.48xlarge ap-northeast-2 usd_per_hour)/$(field "$L" aws p5.48xlarge ap-northeast-2 gpu)/$(field "$L" aws p5.48xlarge ap-northeast-2 ram_gb)/$(field "$L" aws p5.48xlarge ap-northeast-2 as_of)" = 75.9552/h100-sxm/2199.0/2026-01-21 ] && \
  [ "$(field "$L" aws g7e.2xlarge us-east-1 gpu)/$(field "$L" aws g7e.2xlarge us-east-1 gpu_count)/$(field "$L" aws g7e.2xlarge us-east-1 vcpus)/$(field "$L" aws g7e.2xlarge us-east-1 ram_gb)/$(field "$L" aws g7e.2xlarge us-east-1 usd_per_hour)" = rtx-pro-6000-server/1/8/68.7/3.36312 ] && \
  [ "$(field "$L" aws g4dn.xlarge us-east-1 usd_per_hour)/$(field "$L" aws g4dn.xlarge us-east-1 as_of)/$(field "$L" aws g4dn.xlarge us-east-1 notes)" = "0.526/2025-11-30/not in the 2026-01-21 listing" ] && \
  grep -q '2 aws region new in the 2026-01-21 listing' "$L.err"
check listing_new_regions_and_types $?
# a listing dated before its CSV, and a file that is not a listing, fail and write nothing
mkdir -p "$TMP/early" "$TMP/notjs"
cp "$FX/listing/aws.csv" "$FX/listing/aws_listing.js" "$TMP/early/"
sed 's/2026-01-21T14:56:50+00:00/2025-10-01T00:00:00+00:00/' "$FX/listing/MANIFEST.csv" > "$TMP/early/MANIFEST.csv"
run "$TMP/early" "$TMP/early.csv"; rc=$?
[ $rc -eq 1 ] && [ ! -e "$TMP/early.csv" ] && \
  grep -qx "$TMP/early/aws_listing.js: a listing must be dated, and no earlier than $TMP/early/aws.csv" "$TMP/early.csv.err"
check listing_older_than_csv_fails $?
cp "$FX/listing/aws.csv" "$FX/listing/MANIFEST.csv" "$TMP/notjs/"
printf 'const allGPUInstances = {"p5.48xlarge": 1};\n' > "$TMP/notjs/aws_listing.js"
run "$TMP/notjs" "$TMP/notjs.csv"; rc=$?
[ $rc -eq 1 ] && [ ! -e "$TMP/notjs.csv" ] && \
  grep -q "^$TMP/notjs/aws_listing.js: not an instance listing" "$TMP/notjs.csv.err"
check listing_malformed_fails $?
# an older listing of one family (aws_trn2.js, 2025-11-30) adds only the types no
# newer file has: trn2.48xlarge with its own date and a note that the newer listing
# names no price; its p5.48xlarge (also in aws.csv) is left out.  Two listings of one
# date fail.
mkdir -p "$TMP/extra" "$TMP/extra2"
cp "$FX/listing/aws.csv" "$FX/listing/aws_listing.js" "$TMP/extra/"
printf 'var instanceData = [\n  {"apiName": "trn2.48xlarge", "gpu": "AWS Trainium2", "gpuCount": 16, "vcpu": 192, "memory": "2048 GB",\n   "pricing": {"us-east-2": {"onDemand": 35.76}}},\n  {"apiName": "p5.48xlarge", "gpu": "NVIDIA H100", "gpuCount": 8, "vcpu": 192, "memory": "2048 GB",\n   "pricing": {"us-east-1": {"onDemand": 1.0}}}\n];\n' > "$TMP/extra/aws_trn2.js"
{ cat "$FX/listing/MANIFEST.csv"; echo 'aws_trn2.js,aws,github.com/tsaol/aws-gpu (data from instances.vantage.sh),data/trn2_instances.js,2f6d954c26d61aa7dc8de29f50e62d8a648d5332,2025-11-30T16:41:11+00:00,1,1,1,older listing'; } > "$TMP/extra/MANIFEST.csv"
run "$TMP/extra" "$TMP/extra.csv"; rc=$?
[ $rc -eq 0 ] && \
  [ "$(field "$TMP/extra.csv" aws trn2.48xlarge us-east-2 usd_per_hour)/$(field "$TMP/extra.csv" aws trn2.48xlarge us-east-2 gpu)/$(field "$TMP/extra.csv" aws trn2.48xlarge us-east-2 as_of)" = "35.76/trainium2/2025-11-30" ] && \
  [ "$(field "$TMP/extra.csv" aws p5.48xlarge us-east-1 usd_per_hour)" = "$(field "$L" aws p5.48xlarge us-east-1 usd_per_hour)" ] && \
  [ "$(grep -c '^aws,' "$TMP/extra.csv")" -eq $(( $(grep -c '^aws,' "$L") + 1 )) ]
check older_listing_adds_only_new_types $?
cp "$TMP/extra/"* "$TMP/extra2/"
sed -i 's/^aws_trn2.js,\(.*\),2025-11-30T16:41:11+00:00,/aws_trn2.js,\1,2026-01-21T14:56:50+00:00,/' "$TMP/extra2/MANIFEST.csv"
run "$TMP/extra2" "$TMP/extra2.csv"; rc=$?
[ $rc -eq 1 ] && [ ! -e "$TMP/extra2.csv" ] && grep -q "a second listing of provider aws must be dated, and older" "$TMP/extra2.csv.err"
check same_date_listings_fail $?
# an excerpt of a provider file (rows the extract's own file of that source leaves
# out): assembled with a MANIFEST row dated as the extract's file of the same
# repository and commit, refused for a commit the extract does not hold; the
# refresh maps ND GB200 v6 (no accelerator in the source) to 4 x gb200, drops its
# spot price (equal to on-demand) and flags none of its regions (GB200 band 0.5-60)
XC=catalogs/price_updates/anycloud_azure_nd_gb200_v6_2026-05-20.csv
XS="github.com/anycloud-sh/catalog|azure/vms.csv (excerpt: ND GB200 v6)"
AWSGIT="$TMP/awsgit"
assembled() {  # assembled OUT UPDATE: the good fixture and UPDATE assemble into $TMP/OUT
  bash catalogs/assemble_price_extract.sh "$TMP/$1" "$FX/good" "$AWSGIT" HEAD "$2" >/dev/null 2>&1
}
refused() {  # refused OUT UPDATE MESSAGE: assembling with UPDATE fails, saying MESSAGE
  ! bash catalogs/assemble_price_extract.sh "$TMP/$1" "$FX/good" "$AWSGIT" HEAD "$2" \
    2>"$TMP/$1.err" >/dev/null && grep -q "$3" "$TMP/$1.err"
}
mkdir -p "$AWSGIT/data" && cp "$FX/listing/aws_listing.js" "$AWSGIT/data/all_gpu_instances.js" && \
  git -C "$AWSGIT" init -q && git -C "$AWSGIT" add data && \
  git -C "$AWSGIT" -c user.name=t -c user.email=t@t commit -q -m listing && \
  assembled xc "$XC=$XS|62ff0a987e0c257a89235415d2877812fb1aaf29|azure" && \
  grep -q '^anycloud_azure_nd_gb200_v6_2026-05-20.csv,azure,github.com/anycloud-sh/catalog,azure/vms.csv (excerpt: ND GB200 v6),62ff0a987e0c257a89235415d2877812fb1aaf29,2026-05-20T04:50:10+00:00,19,19,19,' "$TMP/xc/MANIFEST.csv" && \
  cmp -s "$XC" "$TMP/xc/anycloud_azure_nd_gb200_v6_2026-05-20.csv" && \
  refused xc2 "$XC=$XS|0000000000000000000000000000000000000000|azure" 'to date the excerpt by'
check excerpt_assembled_and_dated $?
run "$TMP/xc" "$TMP/xc.csv"; rc=$?
[ $rc -eq 0 ] && [ "$(grep -c '^azure,Standard_ND128isr_NDR_GB200_v6,' "$TMP/xc.csv")" -eq 19 ] && \
  [ "$(field "$TMP/xc.csv" azure Standard_ND128isr_NDR_GB200_v6 eastus gpu)/$(field "$TMP/xc.csv" azure Standard_ND128isr_NDR_GB200_v6 eastus gpu_count)/$(field "$TMP/xc.csv" azure Standard_ND128isr_NDR_GB200_v6 eastus usd_per_hour)/$(field "$TMP/xc.csv" azure Standard_ND128isr_NDR_GB200_v6 eastus spot_usd_per_hour)/$(field "$TMP/xc.csv" azure Standard_ND128isr_NDR_GB200_v6 eastus as_of)" = "gb200/4/108.16//2026-05-20" ] && \
  [ "$(field "$TMP/xc.csv" azure Standard_ND128isr_NDR_GB200_v6 brazilsouth price_flag)" = "" ] && \
  [ "$(grep '^azure,Standard_ND128isr_NDR_GB200_v6,' "$TMP/xc.csv" | grep -vc 'spot dropped')" -eq 0 ]
check excerpt_gb200_rows $?
# an excerpt that no extract file dates (skypilot-catalog's OCI file, generated by
# a pull request): dated by the DAY given, which must be YYYY-MM-DD and is
# refused where the extract's own file of that commit dates it
XO=catalogs/price_updates/skypilot_oci_vms_gpu_2026-09-18.csv
XOS="github.com/skypilot-org/skypilot-catalog|catalogs/v8/oci/vms.csv (excerpt)|0588751183820cf2dab5c8a89447e8aac9f73fd5|oci"
assembled xo "$XO=$XOS|2026-09-18" && \
  grep -q '^skypilot_oci_vms_gpu_2026-09-18.csv,oci,github.com/skypilot-org/skypilot-catalog,catalogs/v8/oci/vms.csv (excerpt),0588751183820cf2dab5c8a89447e8aac9f73fd5,2026-09-18,924,924,924,' "$TMP/xo/MANIFEST.csv" && \
  refused xo2 "$XO=$XOS|18.09.2026" 'a DAY is YYYY-MM-DD' && \
  refused xo3 "$XC=$XS|62ff0a987e0c257a89235415d2877812fb1aaf29|azure|2026-01-01" 'only for a file that no file of'
check excerpt_dated_by_day $?
# the OCI rows: 8 MI355X at Oracle's 8.60 per GPU-hour, dated by the excerpt, no
# spot price but the preemptible half price of the V100 VMs; US regions in cloud_regions
run "$TMP/xo" "$TMP/xo.csv"; rc=$?
[ $rc -eq 0 ] && [ "$(grep -c '^oci,' "$TMP/xo.csv")" -eq 924 ] && \
  [ "$(field "$TMP/xo.csv" oci BM.GPU.MI355X.8 us-chicago-1 gpu)/$(field "$TMP/xo.csv" oci BM.GPU.MI355X.8 us-chicago-1 gpu_count)/$(field "$TMP/xo.csv" oci BM.GPU.MI355X.8 us-chicago-1 usd_per_hour)/$(field "$TMP/xo.csv" oci BM.GPU.MI355X.8 us-chicago-1 as_of)" = "mi355x/8/68.8/2026-09-18" ] && \
  [ "$(field "$TMP/xo.csv" oci VM.GPU3.1 uk-london-1 gpu)/$(field "$TMP/xo.csv" oci VM.GPU3.1 uk-london-1 spot_usd_per_hour)" = "v100-sxm-16gb/1.475" ] && \
  [ "$(field "$TMP/xo.csv" oci BM.GPU.GB300.4 eu-frankfurt-1 gpu)/$(field "$TMP/xo.csv" oci BM.GPU.GB300.4 eu-frankfurt-1 usd_per_hour)" = "gb300/72" ] && \
  [ "$(grep -c '^oci,us-' catalogs/cloud_regions.csv)" -eq 4 ]
check excerpt_oci_rows $?

# (e) the committed catalog holds the spot-check values of the extract
C=catalogs/cloud_instances.csv
[ "$(field $C aws p5.48xlarge us-east-1 usd_per_hour)" = 55.04 ] && \
  [ "$(field $C aws p4d.24xlarge us-east-1 usd_per_hour)" = 21.957642 ] && \
  [ "$(field $C gcp a3-highgpu-8g us-central1 usd_per_hour)" = 43.06615 ] && \
  [ "$(field $C lambda gpu_1x_h100_sxm5 us-east-1 usd_per_hour)" = 4.29 ] && \
  [ "$(field $C azure Standard_ND128isr_NDR_GB200_v6 eastus usd_per_hour)" = 108.16 ]
check spot_checks_match_extract $?

# (f) the real extract reproduces catalogs/cloud_instances.csv byte for byte,
#     and two runs give the same bytes.  The extract is not part of the repository
#     (CLOUD_PRICES_SRC, default build/cloud-prices, made by
#     catalogs/assemble_price_extract.sh from ../shared/data/cloud-prices and a
#     tsaol/aws-gpu git directory); where it is absent these two checks print
#     `skip NAME` (neither ok nor FAIL).
if [ -f "$REAL_SRC/MANIFEST.csv" ]; then
  run "$REAL_SRC" "$TMP/real1.csv" && run "$REAL_SRC" "$TMP/real2.csv" && \
    cmp -s "$TMP/real1.csv" "$TMP/real2.csv"
  check deterministic_rerun $?
  cmp -s "$TMP/real1.csv" "$C"
  check real_data_reproduces_catalog $?
else
  echo "skip deterministic_rerun (no extract at $REAL_SRC)"
  echo "skip real_data_reproduces_catalog (no extract at $REAL_SRC)"
fi
# (g) without the assembled extract, the shared extract alone (the AWS rows of
#     2025-11-30, no later listing, no price updates) reproduces byte for byte
#     every row of the other providers that no price update changed (their
#     source names no update file), and has the same keys but for the rows the
#     price snapshot adds or drops: only AWS, the updated rows and those come
#     from the later files.
SHARED_SRC=../shared/data/cloud-prices
if [ -f "$SHARED_SRC/MANIFEST.csv" ]; then
  run "$SHARED_SRC" "$TMP/shared.csv"; rc=$?
  [ $rc -eq 0 ] && "$PY" - "$TMP/shared.csv" "$C" <<'PYEOF'
import csv, sys
def rows(p):
    with open(p, newline='') as f:
        lines = f.read().split('\n')[1:]
    keys = [tuple(r[:5]) for r in csv.reader(lines)]
    return {k: l for k, l in zip(keys, lines) if l and k[0] != 'aws'}
old, cur = rows(sys.argv[1]), rows(sys.argv[2])
# the price snapshot (gpu-price-feed data/prices.json) adds rows for GPUs a
# provider's rows lacked, and drops the RunPod sizes it no longer sells
# (8x RTX A4500: at most 4 per pod); the excerpt of anycloud-sh/catalog's
# azure/vms.csv adds the 19 ND GB200 v6 rows the extract's azure.csv leaves out,
# and the excerpt of skypilot-catalog's OCI file its 21 GPU shapes in 44 regions;
# every other key is the extract's
added = {k for k in set(cur) - set(old) if 'data/prices.json' in cur[k]}
excerpt = {k for k in set(cur) - set(old)
           if 'azure/vms.csv (excerpt: ND GB200 v6)' in cur[k] and k[3] == 'gb200'}
oci = {k for k in set(cur) - set(old)
       if k[0] == 'oci' and 'oci/vms.csv (excerpt: GPU shapes' in cur[k]}
dropped = set(old) - set(cur)
sys.exit(0 if set(cur) - set(old) == added | excerpt | oci and len(added) == 40 and
         len(excerpt) == 19 and len(oci) == 21 * 44 and
         sorted(k[1] for k in dropped) == ['8x_RTXA4500_SECURE'] * 8 and all(
    old[k] == l for k, l in cur.items()
    if k in old and 'silybench-data' not in l and 'gpu-price-feed' not in l) else 1)
PYEOF
  rc=$?
  [ $rc -eq 0 ] && [ "$(grep -c '^aws,' "$TMP/shared.csv")" -eq 1127 ]
  check shared_extract_reproduces_other_providers $?
else
  echo "skip shared_extract_reproduces_other_providers (no extract at $SHARED_SRC)"
fi

[ $fails -eq 0 ]
