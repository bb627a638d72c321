#!/usr/bin/env bash
# GPU machine: the cold first call of the matmul tutorial (8 configs, f16 4096^3) through
# tilert_jit_compile_and_tune with the tuning overlapped with the compile
# (TILERT_TUNE_OVERLAP=1, the default) and without (0: compile, then tune), alternating,
# every run on empty caches (tilec's and the CUDA compute cache). One JSON line per run
# (tune_gpu first-call's, with "overlap" added).
#   bash bench/tuning/probe/overlap_ab.sh [ROUNDS]     # default 4; CASE=add|rowsum|matmul
# PRINT=1 runs with TILERT_PRINT_AUTOTUNING=1 and prints, after each overlapped run, when
# each variant's PTX was ready and how long its assembly took (the critical path).
set -u
cd "$(dirname "$0")/../../.."
W=$(mktemp -d /tmp/overlap-ab.XXXXXX)
xz -dc .carry/tune/tune_gpu.xz >"$W/tune_gpu" && chmod +x "$W/tune_gpu"
for r in $(seq 1 "${1:-4}"); do
  for o in 1 0; do
    d=$W/c-$o-$r; mkdir -p "$d" "$d-cuda"
    TILERT_PRINT_AUTOTUNING=${PRINT:-0} TILERT_TUNE_OVERLAP=$o TILERT_CACHE_DIR=$d CUDA_CACHE_PATH=$d-cuda \
      "$W/tune_gpu" first-call ${CASE:-matmul} --phase "overlap$o-$r" 2>"$W/err" |
      sed "s/^{/{\"overlap\": $o, /" || tail -3 "$W/err"
    [ "${PRINT:-0}" = 1 ] && grep "tilert: compile:" "$W/err" | sed 's/^/  /'
  done
done
