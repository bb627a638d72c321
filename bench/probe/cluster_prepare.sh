#!/usr/bin/env bash
# Dev machine: the carry directory of bench/probe/cluster_bench.py: tilec's TMA matmul
# (128x256x64, 8 warps, 3 and 4 stages, f16 and bf16) as kernels_tma.txt compiles it, and
# its 2-CTA multicast rewrites (bench/probe/cluster_ptx.py).
#   bash bench/probe/cluster_prepare.sh .carry/cl     # TILEC=build/tilec by default
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:-.carry/cl}
L=$(mktemp -d)
grep -E "^bench_mm_tma_(f16|bf16)_128x256x64_w8_s[34]\|" test/gpu/torch/kernels_tma.txt >"$L/kernels_cl.txt"
TORCH_CARRY_DIR="$OUT" TORCH_LIST_DIR="$L" TILEC=${TILEC:-build/tilec} bash test/gpu/torch/prepare.sh
for f in "$OUT"/bench_mm_tma_*_s[34].ptx; do
  b=${f%.ptx}
  for mm in ${CL_MODES:-rank0 alt mbar}; do
    m=${mm/:/_}  # MODE:SEM -> file suffix MODE_SEM
    python3 bench/probe/cluster_ptx.py "$f" "${b}_cl2$m.ptx" $mm
    # mbar: one more mbarrier a stage (8 bytes each) after the full ones
    python3 - "$b.json" "${b}_cl2$m.json" ${mm%%:*} <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
if sys.argv[3] in ("mbar", "nowait", "half", "hs"):
    for k in m["kernels"]:
        k["shared_bytes"] += 8 * (k["num_stages"] + 1)
if sys.argv[3] in ("half", "mcast"):  # each CTA loads half of the B tile
    for k in m["kernels"]:
        b = next(p for p in k["params"] if p["name"] == "b_desc")
        assert b["box"] == [256, 64], b
        b["box"] = [128, 64]
json.dump(m, open(sys.argv[2], "w"))
PY
    line=$(grep "^$(basename "$b")|" "$OUT/index.txt")
    echo "$(basename "$b")_cl2$m|${line#*|}" >>"$OUT/index.txt"
  done
done
for f in "$OUT"/*_cl2*.ptx; do ptxas -arch=sm_90a "$f" -o /dev/stdout >/dev/null; done
cat "$OUT/index.txt" | cut -d'|' -f1
rm -rf "$L"
