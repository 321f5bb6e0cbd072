#!/usr/bin/env bash
# The engines catalog's constants are what catalogs/calibrate.py fits on
# catalogs/measurements.csv; calibrate.py's estimates (the extension's C
# through build/libgpuadv_core.so) equal sql/accuracy.sql's on every row it
# fits, so the fit and the published errors score the same rows alike; the
# training-memory constants in ext/gpuadv_math.h are what
# catalogs/calibrate_train.py fits; the training step model's constants in
# ext/gpuadv_train.c are what catalogs/calibrate_train_tps.py fits, on the
# rows and with the error the README states.
# Prints `ok NAME` / `FAIL NAME` per check; exits 1 on any failure.
cd "$(dirname "$0")/../.."
PY=${PYTHON:-/usr/bin/python3}
make -s build/libgpuadv_core.so >/dev/null 2>&1
out=$($PY catalogs/calibrate.py --check --bands)
status=$?
if [ $status -eq 0 ]; then
  echo "ok engines.csv constants equal the fit"
else
  echo "FAIL engines.csv constants equal the fit"
  echo "$out" | grep '^FAIL' | sed 's/^/#   /'
fi
echo "$out" | grep -E '^(ok|FAIL) llama.cpp'
$PY - <<'PYEOF'
import sqlite3, sys
sys.path.insert(0, "catalogs")
import calibrate as C
con = sqlite3.connect(":memory:")
con.enable_load_extension(True)
con.load_extension("./gpuadv")
con.executescript(open("sql/accuracy.sql").read())
sql = dict(con.execute("SELECT id, estimate FROM estimate_accuracy "
                       "WHERE kind IN ('decode', 'prefill', 'aggregate')"))
gpus, models, engine_rows, meas = C.load("catalogs")
engines = {r["name"]: C.as_engine(r) for r in engine_rows}
bad, n = [], 0
for c in C.cases(gpus, models, meas):
    e = engines.get("vllm" if c["engine"] in ("pytorch", C.GAUDI_REFERENCE)
                    else c["engine"])
    if e is None:
        continue
    py = C.estimate(e, c)
    n += 1
    if c["id"] not in sql or abs(py / sql[c["id"]] - 1) > 1e-9:
        bad.append("%s calibrate %r sql %r" % (c["id"], py, sql.get(c["id"])))
print("%s calibrate.py's estimates equal sql/accuracy.sql's on %d rows" % ("FAIL" if bad or n < 100 else "ok", n))
for b in bad[:10]:
    print("#   " + b)
sys.exit(1 if bad or n < 100 else 0)
PYEOF
status=$((status | $?))
$PY catalogs/calibrate_train.py --check ext/gpuadv_math.h | grep -E '^(ok|FAIL) '
status=$((status | ${PIPESTATUS[0]}))
# train_peak_gb: calibrate_train.py's estimate (the C through
# build/libgpuadv_core.so, its constants as compiled) gives the SQL
# function's figure on every mode, recomputation, ZeRO stage and chunking:
# the ctypes arguments and the SQL wrapper's map alike.
$PY - <<'PYEOF'
import itertools, sqlite3, sys
sys.path.insert(0, "catalogs")
import calibrate_train as T
con = sqlite3.connect(":memory:")
con.enable_load_extension(True)
con.load_extension("./gpuadv")
fp32 = T.header_constants("ext/gpuadv_math.h")["GPUADV_TRAIN_CE_FP32_BYTES"]
bad, n = [], 0
for mode, rc, (n_gpus, zero), chunks, (vocab, inter) in itertools.product(
        ("full", "full16", "lora", "qlora", "inference"), ("none", "selective", "full"),
        ((1, 0), (8, 1), (8, 2), (8, 3)), (1, 8),
        ((0, 0), (32000, 11008), (128256, 14336))):
    c = dict(mode=mode, params_b=7.0, n=n_gpus,
             zero=zero, recompute=rc, s=4096.0, b=2.0, chunks=chunks,
             layers=32.0, hidden=4096.0, heads=32.0, vocab=vocab,
             inter=inter or 4096 * 8 / 3.0)
    py = T.estimate(c, fp32)
    sql = con.execute("SELECT train_peak_gb(7, ?, 32, 4096, 32, 4096, 2, ?, "
                      "?, ?, ?, ?, ?)", (mode, n_gpus, zero, rc, vocab,
                                         chunks, inter)).fetchone()[0]
    n += 1
    if abs(py / sql - 1) > 1e-12:
        bad.append("%s %s n%d z%d ch%d V%d: python %r sql %r"
                   % (mode, rc, n_gpus, zero, chunks, vocab, py, sql))
print("%s train_peak_gb: calibrate_train.py's estimate equals the SQL function's on %d setups"
      % ("FAIL" if bad else "ok", n))
for b in bad[:10]:
    print("#   " + b)
sys.exit(1 if bad else 0)
PYEOF
status=$((status | $?))
# A serving figure printed twice counts once: the importer marks a second
# copy of a page's figure and a figure that a later version of the page
# supersedes; the fits, the error figures and speed_basis leave them out.
$PY - <<'PYEOF'
import csv, sqlite3, sys
sys.path.insert(0, "catalogs")
import import_measurements as I
import calibrate as C
fails = []
def check(name, ok):
    print("%s %s" % ("ok" if ok else "FAIL", name))
    if not ok:
        fails.append(name)
def row(rid, source, as_of, value, kind="aggregate", **kw):
    r = dict.fromkeys(I.HEADER, "")
    r.update(id=rid, kind=kind, metric="decode_tps_aggregate", engine="trtllm",
             gpu="h100-sxm", gpu_count="1", model="llama-3.1-8b", dtype="fp8",
             tp="1", prompt_tokens="128", gen_tokens="128", scenario="offline",
             source=source, as_of=as_of, value=value, notes="n")
    r.update(kw)
    return r
page = "NVIDIA/TensorRT-LLM docs/source/performance/perf-overview.md"
old = page + " @00f37686aa"
rows = [row("A1", "github.com/" + page + " @00f3768 (v1.0)", "2025-01-01", "100"),
        row("A2", old, "2025-01-01", "100"),
        row("A3", "NVIDIA/TensorRT-LLM docs/source/developer-guide/perf-overview.md @03e2",
            "2025-12-01", "120"),
        row("A4", old, "2025-01-01", "90", prompt_tokens="1000"),
        row("A5", "other/repo README.md", "2025-01-01", "95", prompt_tokens="1000"),
        row("A6", old, "2025-01-01", "80", prompt_tokens="1000"),
        row("T1", "x/y a.md", "2024-01-01", "10", kind="train_mem"),
        row("T2", "x/y a.md", "2024-05-01", "10", kind="train_mem")]
counts = I.flag_repeats(rows)
notes = {r["id"]: r["notes"] for r in rows}
repeat = {r["id"]: r.get("repeat_of", "") for r in rows}
check("importer: a second copy of a figure of the same page and commit is a duplicate",
      "[import] duplicate of A1:" in notes["A2"] and notes["A1"].startswith(
          "n [import] superseded by A3:")
      and repeat["A2"] == "A1" and repeat["A1"] == "A3" and not repeat["A3"])
check("importer: a later version of the page supersedes the figure (A1 by A3)",
      "(2025-12-01)" in notes["A1"] and notes["A3"] == "n")
check("importer: other pages, other lengths, one date's two values and training rows are kept",
      all(notes[i] == "n" for i in ("A4", "A5", "A6", "T1", "T2"))
      and counts == {"duplicate": 1, "superseded": 1})
# A "best GPU" table row's GPU count by Little's law: 128 clients x
# (7372.5 + 921.5) tokens / (133.0989 s + 921.5 x 0.0815 s) = 5,099 tokens/s,
# 1.00 x the 5,101.6 per GPU: one GPU; 64 x 8294 / (0.4662 + 921.5 x 0.055)
# = 10,376, 4.04 x 2,568.0: four, whose split is not stated.
def lat(rid, metric, value, tput, row_name, conc):
    return row(rid, "blog.mdx", "2025-10-29", value, kind="latency", metric=metric,
               gpu_count="", tp="", concurrency=conc, prompt_tokens="8192",
               gen_tokens="1024", scenario="online",
               notes="table 'T', row %s, column 'X'. Throughput/GPU "
                     "(input+output tok/s/GPU) %s, $/Mtok $0.08." % (row_name, tput))
best = [lat("B1", "ttft_ms_p50", "133098.9", "5,101.6", "H200", "128"),
        lat("B2", "tpot_ms_p50", "81.5", "5,101.6", "H200", "128"),
        lat("B3", "ttft_ms_p50", "466.2", "2,568.0", "H100", "64"),
        lat("B4", "tpot_ms_p50", "55.0", "2,568.0", "H100", "64"),
        lat("B5", "ttft_ms_p50", "100", "1,000.0", "lone TTFT", "64")]
n_set = I.infer_gpu_counts(best)
by = {r["id"]: r for r in best}
check("importer: Little's law puts a best-GPU pair on one GPU (gpu_count, tp, pp 1)",
      n_set == 2 and all((by[i]["gpu_count"], by[i]["tp"], by[i]["pp"]) == ("1", "1", "1")
                         for i in ("B1", "B2"))
      and "1.00 x the table's 5101.6 per GPU" in by["B1"]["notes"])
# DeepSeek-R1 on 8 MI300X with SGLang, 64 clients at 1k/1k: 64 x 1843 /
# (0.199 + 921.5 x 0.0513) = 2,486 tokens/s, 8.32 x 298.7: eight GPUs, at the
# tp 8 InferenceX's AMD configuration states (BEST_GPU_RECIPE_TP)
src8 = "X/InferenceX-app packages/app/content/blog/best-gpu-for-dsr1-inference.mdx @2d1d"
d8 = [dict(lat("C1", "ttft_ms_p50", "199.0", "298.7", "MI300X", "64"), source=src8,
           model="deepseek-r1", gpu="mi300x", engine="sglang", prompt_tokens="1024"),
      dict(lat("C2", "tpot_ms_p50", "51.3", "298.7", "MI300X", "64"), source=src8,
           model="deepseek-r1", gpu="mi300x", engine="sglang", prompt_tokens="1024")]
d8b = [dict(r, gpu="b200", engine="trtllm") for r in d8]
I.infer_gpu_counts(d8)
I.infer_gpu_counts(d8b)
check("importer: a recipe's stated split sets 8 GPUs at tp 8; without one they are noted",
      all((r["gpu_count"], r["tp"]) == ("8", "8") for r in d8)
      and "8.32 x the table's 298.7 per GPU" in d8[0]["notes"]
      and all((r["gpu_count"], r["tp"]) == ("", "") for r in d8b)
      and "about 8 GPUs by Little's law" in d8b[0]["notes"])
check("importer: a pair on about 4 GPUs is noted, not set; a lone TTFT is left alone",
      all(by[i]["gpu_count"] == "" and by[i]["tp"] == "" for i in ("B3", "B4", "B5"))
      and "about 4 GPUs by Little's law, their split not stated" in by["B3"]["notes"]
      and by["B5"]["notes"].endswith("$0.08."))
gpus, models, engines, meas = C.load("catalogs")
mid = {r["id"]: r for r in meas}
check("catalog: M0005 (Llama-3.3-70B, H200, 128 clients) on one GPU; M0011 (H100) not set",
      (mid["M0005"]["gpu_count"], mid["M0005"]["tp"]) == ("1", "1")
      and (mid["M0011"]["gpu_count"], mid["M0011"]["tp"]) == ("", "")
      and sum(r["gpu_count"] == "1" and "inferred (Little's law)" in r["notes"]
              for r in meas) == 38)
marked = [r for r in meas if C.repeated(r)]
ids = {c["id"] for c in C.cases(gpus, models, meas)}
dup = sum("[import] duplicate of " in r["notes"] for r in marked)
check("catalog: a row's repeat_of is set exactly where its notes say it repeats "
      "another, and names a row of the catalog",
      {r["id"] for r in marked} == {r["id"] for r in meas if "[import] duplicate of " in r["notes"]
                                     or "[import] superseded by " in r["notes"]}
      and all(r["repeat_of"] in {m["id"] for m in meas} and r["repeat_of"] != r["id"]
              for r in marked))
check("catalog: 12 duplicates and 13 superseded figures, none in the fit (got %d, %d)"
      % (dup, len(marked) - dup),
      dup == 12 and len(marked) == 25 and not ids & {r["id"] for r in marked})
con = sqlite3.connect(":memory:")
con.enable_load_extension(True)
con.load_extension("./gpuadv")
con.executescript(open("sql/accuracy.sql").read())
con.executescript(open("sql/gpuadv.sql").read())
summary = {i for (i,) in con.execute("SELECT id FROM estimate_accuracy WHERE in_summary")}
check("estimate_accuracy: the marked rows are out of the summary (M0171, M0147)",
      not summary & {r["id"] for r in marked} and "D0950" in summary and "P104" in summary)
n = con.execute("SELECT measurements FROM speed_basis WHERE engine = 'trtllm' "
                "AND gpu = 'h100-sxm'").fetchone()[0]
want = sum(1 for r in meas if r["engine"] == "trtllm" and r["gpu"] == "h100-sxm"
           and r["kind"] in ("decode", "prefill", "aggregate")
           and (r["speculative"] or "no") == "no" and not C.repeated(r))
check("speed_basis counts each figure once (trtllm on h100-sxm: %d)" % n,
      n == want and want == sum(1 for r in meas if r["engine"] == "trtllm"
                                and r["gpu"] == "h100-sxm"
                                and r["kind"] in ("decode", "prefill", "aggregate")
                                and (r["speculative"] or "no") == "no") - 7)
# The batch-1 constants are fitted on HBM rows off AMD GPUs: SGLang's 5
# single-stream rows on MI300X (P197 to P201) are scored, not fitted.
data = C.cases(gpus, models, meas)
pool = {c["id"] for c in C.batch1_pool(data)}
amd = {c["id"] for c in data if c["kind"] == "decode" and c["g"]["vendor"] == "AMD"
       and c["engine"] == "sglang"}
check("batch-1 fit: the MI300X single-stream rows are scored, not fitted (%s)"
      % ",".join(sorted(amd)),
      amd == {"P197", "P198", "P199", "P200", "P201"} and not pool & amd
      and {"P190", "P193", "P194", "P130", "P204"} <= pool)
sys.exit(1 if fails else 0)
PYEOF
status=$(( status | $? ))
# The training step model: its constants a fresh fit's, its error on the
# published training runs as README's Accuracy section states it.
train=$($PY catalogs/calibrate_train_tps.py --check ext/gpuadv_train.c --bands 2>&1)
if [ $? -eq 0 ]; then
  echo "ok gpuadv_train.c constants equal the fit"
else
  echo "FAIL gpuadv_train.c constants equal the fit"
  echo "$train" | tail -12 | sed 's/^/#   /'
  status=1
fi
for want in "all rows                     rows 157  median   8.6%  p90  24.2%" \
            "one 40% MFU instead          rows 157  median  14.9%  p90  86.6%" \
            "floors (not fitted)          rows   3  estimate at or above the floor: 3" \
            "#   U219: figure is 121% of the datasheet peak (312 TFLOP/s): no run exceeds it"; do
  if printf '%s\n' "$train" | grep -qxF "$want"; then
    echo "ok training throughput: $want"
  else
    echo "FAIL training throughput: $want"
    status=1
  fi
done
# The plans' speed ranges (estimate_bands, sql/gpuadv.sql) where a fit's
# own rows set them: equal to the fits' (make bands computes the held-out
# ones, which take the fits with each GPU or source left out).
for line in $(printf '%s\n%s\n' "$out" "$train" | grep -E '^(serve|train),measured,'); do
  kind=${line%%,*}
  got=$(sqlite3 -batch -cmd '.load ./gpuadv' -cmd '.read sql/gpuadv.sql' :memory: \
        "SELECT printf('%s,%s,%d,%.3f,%.3f', kind, basis, rows, low, high) FROM estimate_bands
         WHERE kind = '$kind' AND basis = 'measured'")
  if [ "$got" = "$line" ]; then
    echo "ok estimate_bands $kind measured: the fit's ($line)"
  else
    echo "FAIL estimate_bands $kind measured: $got, the fit's $line"
    status=1
  fi
done
# and the chip families' own ranges (estimate_band_families) where the
# fit's rows of a family and kind of model fall outside them
want=$(printf '%s\n' "$train" | grep -E '^train-family,' | sort)
got=$(sqlite3 -batch -cmd '.load ./gpuadv' -cmd '.read sql/gpuadv.sql' :memory: \
      "SELECT printf('train-family,%s,%s,%d,%d,%.3f,%.3f', vendor, arch, moe, rows, low, high)
       FROM estimate_band_families" | sort)
if [ -n "$want" ] && [ "$got" = "$want" ]; then
  echo "ok estimate_band_families: the fit's ($(printf '%s\n' "$want" | wc -l) families)"
else
  echo "FAIL estimate_band_families: $got, the fit's $want"
  status=1
fi
exit $status
