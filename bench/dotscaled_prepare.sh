#!/usr/bin/env bash
# Dev machine: compiles the tl.dot_scaled matmul (test/gpu/torch/dotscaled_kernels.tir,
# mx_matmul) for bench/dotscaled.py into ${1:-.carry/dotscaled-bench} (the harness's
# index.txt format), one kernel per line of bench/dotscaled_configs.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.carry/dotscaled-bench}
T=${TILEC:-build/tilec}
F=test/gpu/torch/dotscaled_kernels.tir
rm -rf "$out"; mkdir -p "$out"; : >"$out/index.txt"
ptr() { case $1 in bf16) echo "*bf16:16" ;; fp16) echo "*fp16:16" ;; *) echo "*u8:16" ;; esac; }
while read -r af bf bm bn bk w s; do
  case $af in ''|'#'*) continue ;; esac
  name="ds_${af}_${bf}_${bm}x${bn}x${bk}_w${w}_s${s}"
  asc=$([ "$af" = e2m1 ] || [ "$af" = e4m3 ] || [ "$af" = e5m2 ] && echo True || echo False)
  bsc=$([ "$bf" = e2m1 ] || [ "$bf" = e4m3 ] || [ "$bf" = e5m2 ] && echo True || echo False)
  sig="$(ptr "$af"),*u8:16,$(ptr "$bf"),*u8:16,*fp32:16,i32:16,i32:16,i32:16,\"$af\",\"$bf\",$bm,$bn,$bk,$asc,$bsc,False"
  "$T" "$F" --kernel mx_matmul --signature "$sig" --num-warps "$w" --num-stages "$s" -o "$out/$name.ptx"
  echo "$name|$F|mx_matmul|--signature \"$sig\" --num-warps $w --num-stages $s" >>"$out/index.txt"
done <bench/dotscaled_configs.txt
echo "dot_scaled bench: $(wc -l <"$out/index.txt") kernels in $out"
