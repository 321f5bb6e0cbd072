#!/bin/bash
# notebooks/*.ipynb: committed without outputs; `make notebooks` executes
# them headless (jupyter nbconvert --execute, kernel = $PYTHON through the
# kernel spec in build/jupyter) into build/notebooks, without an error in
# any cell; every figure is a real PNG (> 10 KB, at least 600 x 300 pixels).
. "$(dirname "$0")/lib.sh"
need_lib "notebooks"
"$PYTHON" -c 'import nbconvert, nbclient, ipykernel, pandas, matplotlib' 2>/dev/null ||
  skip_or_fail "notebooks" "jupyter not installed (apt-get install jupyter-nbconvert python3-nbclient python3-ipykernel python3-pandas python3-matplotlib)"

figures="01_serving_plans_70b_chat 01_training_plans_70b_qlora 01_rent_vs_buy_8b_chat
01_seed000_cost_per_mtok 02_roofline 02_cost_frontier_70b_fp8 02_cost_per_mtok_8b 02_train_memory_modes
02_latency_curve_70b_fp8"
out=build/notebooks

for nb in notebooks/*.ipynb; do
  got=$("$PYTHON" -c 'import json, sys
nb = json.load(open(sys.argv[1]))
code = [c for c in nb["cells"] if c["cell_type"] == "code"]
bad = [i for i, c in enumerate(code) if c.get("outputs") or c.get("execution_count") is not None]
print(len(code), "code cells;", "outputs in cells %s" % bad if bad else "no outputs")' "$nb" 2>&1)
  contains "notebooks: $nb is committed without outputs" "$got" "code cells; no outputs"
done

rm -f "$out"/*.png "$out"/*.ipynb
start=$(date +%s)
log=$(clients_make notebooks 2>&1)
check "notebooks: make notebooks ($(( $(date +%s) - start )) s)" $? "$(echo "$log" | grep -v '^\s*$' | tail -30)"

for nb in notebooks/*.ipynb; do
  got=$("$PYTHON" -c 'import json, sys
nb = json.load(open(sys.argv[1]))
code = [c for c in nb["cells"] if c["cell_type"] == "code"]
errors = [o.get("ename") for c in code for o in c.get("outputs", []) if o.get("output_type") == "error"]
unrun = [i for i, c in enumerate(code) if c.get("execution_count") is None]
print("errors %s unrun %s" % (errors, unrun))
print([l for l in "".join("".join(o.get("text", "")) for c in code for o in c.get("outputs", [])).splitlines() if l.startswith("python ")])' \
        "$out/$(basename "$nb")" 2>&1)
  contains "notebooks: $(basename "$nb") ran every cell without an error" "$got" "errors [] unrun []"
  contains "notebooks: $(basename "$nb") ran on $PYTHON" "$got" "['python     $PYTHON']"
done

for f in $figures; do
  got=$("$PYTHON" -c 'import os, struct, sys
p = sys.argv[1]
if not os.path.exists(p):
    sys.exit("missing " + p)
data = open(p, "rb").read(32)
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
w, h = struct.unpack(">II", data[16:24])
size = os.path.getsize(p)
print("%d bytes %dx%d" % (size, w, h))
sys.exit(0 if size > 10000 and w >= 600 and h >= 300 else 1)' "$out/$f.png" 2>&1)
  check "notebooks: $f.png ($got)" $? "$got"
done
n=$(ls "$out"/*.png 2>/dev/null | wc -l)
[ "$n" -eq "$(echo $figures | wc -w)" ]; check "notebooks: $n figures, none unexpected" $? "$(ls "$out")"
exit $status
