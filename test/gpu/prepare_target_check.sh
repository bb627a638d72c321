#!/usr/bin/env bash
# Dev machine: compiles the kernels of test/gpu/target_check.c into .carry/target/ (the GPU
# machine has no LLVM). Then, on the GPU machine: bash test/gpu/run_target_check.sh .carry/target
set -euo pipefail
cd "$(dirname "$0")/../.."
tilec=${TILEC:-build/tilec}
out=.carry/target
rm -rf "$out"
mkdir -p "$out"
"$tilec" test/Driver/Inputs/autotune.tir -o "$out/autotune.ptx"
for arch in sm_80 sm_86 sm_89 sm_90 sm_90a; do
  "$tilec" examples/vector_add.tir --arch "$arch" -o "$out/vector_add_$arch.ptx"
done
grep -H '^\.version' "$out"/*.ptx
