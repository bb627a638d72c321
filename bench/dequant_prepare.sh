#!/usr/bin/env bash
# Dev machine: compiles the weight-only quantized matmuls (bench/dequant_kernels.tir: w8_matmul,
# w8_linear, w4_matmul) for
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
  form=$(case $q in True) echo A ;; False) echo B ;; Linear) echo L ;; LinearT) echo T ;; Int4T) echo U ;; *) echo Q ;; esac)
  name="dq_${form}_${bm}x${bn}x${bk}_w${w}_s${s}"
  a=$([ "$q" = True ] && echo "*i8:16" || echo "*bf16:16")
  b=$([ "$q" = True ] && echo "*bf16:16" || echo "*i8:16")
  sig="$a,$b,*fp32:16,*bf16:16,i32:16,i32:16,i32:16,$bm,$bn,$bk"
  k=w8_linear
  [ "$form" = T ] && k=w8_linear_t
  case $form in Q|U) sig="*bf16:16,*u8:16,*bf16:16,*bf16:16,i32:16,i32:16,i32:16,$bm,$bn,$bk"
                     k=$([ $form = Q ] && echo w4_matmul || echo w4_matmul_t) ;; esac
  case $form in A|B) sig="$sig,$q"; k=w8_matmul ;; esac
  # shellcheck disable=SC2086
  "$T" "$F" --kernel $k --signature "$sig" --num-warps "$w" --num-stages "$s" ${TILEC_FLAGS:-} -o "$out/$name.ptx"
  echo "$name|$F|$k|--signature \"$sig\" --num-warps $w --num-stages $s ${TILEC_FLAGS:-}" >>"$out/index.txt"
done <bench/dequant_configs.txt
echo "dequant bench: $(wc -l <"$out/index.txt") kernels in $out"
