#!/usr/bin/env bash
# GPU machine: the cold first call of the matmul tutorial (8 configs, f16 4096^3) through
# tilert_jit_compile_and_tune from its kernel part alone (examples/matmul_tutorial.tir) and
# from the same kernel part with a user's host code after it (test/Driver/Inputs/host-tail.py:
# a torch wrapper, checks, a benchmark, a pytest test, a class; all of it skipped by the
# frontend), alternating, every run on empty caches (tilec's and the CUDA compute cache).
# One JSON line per run (tune_gpu first-call's, with "file" added: "cut" or "whole"); each
# checks the product against a reference ("check": "ok").
#   bash bench/tuning/probe/whole_file_ab.sh [ROUNDS]     # default 3
set -u
cd "$(dirname "$0")/../../.."
W=$(mktemp -d /tmp/whole-file-ab.XXXXXX)
xz -dc .carry/tune/tune_gpu.xz >"$W/tune_gpu" && chmod +x "$W/tune_gpu"
mkdir -p "$W/whole/examples"
cat examples/matmul_tutorial.tir test/Driver/Inputs/host-tail.py >"$W/whole/examples/matmul_tutorial.tir"
for r in $(seq 1 "${1:-3}"); do
  for f in cut whole; do
    root=.
    [ $f = whole ] && root=$W/whole
    d=$W/c-$f-$r; mkdir -p "$d" "$d-cuda"
    TILERT_CACHE_DIR=$d CUDA_CACHE_PATH=$d-cuda "$W/tune_gpu" first-call matmul --root "$root" \
      --phase "$f-$r" 2>"$W/err" | sed "s/^{/{\"file\": \"$f\", /" || tail -3 "$W/err"
  done
done
