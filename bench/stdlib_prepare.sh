#!/usr/bin/env bash
# Dev machine: compiles bench/stdlib_kernels.tir's kernels for bench/stdlib.py into
# ${1:-.carry/stdlib} (the harness's index.txt format).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.carry/stdlib}
T=${TILEC:-build/tilec}
F=bench/stdlib_kernels.tir
rm -rf "$out"; mkdir -p "$out"; : >"$out/index.txt"
while IFS='|' read -r name kernel sig; do
  "$T" "$F" --kernel "$kernel" --signature "$sig" --num-warps 4 -o "$out/$name.ptx"
  echo "$name|$F|$kernel|--signature \"$sig\" --num-warps 4" >>"$out/index.txt"
done <<'LIST'
bench_sort_rows|sort_rows|*fp32:16,*fp32:16,256,4,0
bench_topk_rows|topk_rows|*fp32:16,*fp32:16,256,8,4
bench_flip_rows|flip_rows|*fp32:16,*fp32:16,256,8
LIST
echo "stdlib bench: $(wc -l <"$out/index.txt") kernels in $out"
