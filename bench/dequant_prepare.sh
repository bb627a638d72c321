#!/usr/bin/env bash
# Dev machine: compiles the W8A16 matmul (bench/dequant_kernels.tir, w8_matmul) for
# bench/dequant.py into ${1:-.carry/dequant-bench} (the harness's index.txt format), one
# kernel per line of bench/dequant_configs.txt. TILEC_FLAGS: more tilec options for every
# kernel (--no-wgmma: the mma.sync path).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.carry/dequant-bench}
T=${TILEC:-build/tilec}
F=bench/dequant_kernels.tir
rm -rf "$out"; mkdir -p "$out"; : >"$out/index.txt"
while read -r q bm bn bk w s; do
  case $q in ''|'#'*) continue ;; esac
  name="dq_$([ "$q" = True ] && echo A || echo B)_${bm}x${bn}x${bk}_w${w}_s${s}"
  a=$([ "$q" = True ] && echo "*i8:16" || echo "*bf16:16")
  b=$([ "$q" = True ] && echo "*bf16:16" || echo "*i8:16")
  sig="$a,$b,*fp32:16,*bf16:16,i32:16,i32:16,i32:16,$bm,$bn,$bk,$q"
  # shellcheck disable=SC2086
  "$T" "$F" --kernel w8_matmul --signature "$sig" --num-warps "$w" --num-stages "$s" ${TILEC_FLAGS:-} -o "$out/$name.ptx"
  echo "$name|$F|w8_matmul|--signature \"$sig\" --num-warps $w --num-stages $s ${TILEC_FLAGS:-}" >>"$out/index.txt"
done <bench/dequant_configs.txt
echo "dequant bench: $(wc -l <"$out/index.txt") kernels in $out"
