#!/usr/bin/env bash
# GPU machine: the cold first call of the matmul tutorial (8 configs, f16 4096^3) with each
# assembler, alternating, every run on empty caches (tilec's and the CUDA compute cache).
# Prints one JSON line per run (tune_gpu first-call's, with the assembler added).
#   bash bench/tuning/probe/assembler_ab.sh [ROUNDS] [ASSEMBLERS...]   # default 3 nvjitlink ptxas
set -u
cd "$(dirname "$0")/../../.."
W=$(mktemp -d /tmp/asm-ab.XXXXXX)
xz -dc .carry/tune/tune_gpu.xz >"$W/tune_gpu" && chmod +x "$W/tune_gpu"
R=${1:-3}; shift || true
A=${*:-nvjitlink ptxas}
for r in $(seq 1 "$R"); do
  for a in $A; do
    d=$W/c-$a-$r; mkdir -p "$d" "$d-cuda"
    TILERT_ASSEMBLER=$a TILERT_CACHE_DIR=$d CUDA_CACHE_PATH=$d-cuda "$W/tune_gpu" first-call ${CASE:-matmul} \
      --phase "$a-$r" 2>"$W/err" | sed "s/^{/{\"assembler\": \"$a\", /" || tail -3 "$W/err"
  done
done
