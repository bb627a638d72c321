#!/usr/bin/env bash
# Prints the host stand-ins (LLVM IR) for lib/Conversion/wgmma.c's m64nNk16 helpers, for the
# CPU simulation (sim_dot.sh links them beside mma_shim.ll): one per N (8, 16, 32, 64, 128,
# 256), operand type (f16, bf16 with the transpose bits: helper suffixes _ta, _tb; e4m3,
# e5m2 at k32, tf32 at k8, K-major only), each with its
# helper's signature (desc a, desc b, scale-d, N/2 accumulators) -> N/2 floats (s8 at k32:
# N/2 i32 accumulators, spilled as their bits). Each spills the accumulators to memory and
# calls dot_main.c's
#   sim_wgmma(kind 0 f16 | 1 bf16 | 2 e4m3 | 3 e5m2 | 4 tf32 | 5 s8, N, trans a | trans b << 1, desc a,
#             desc b, scale-d, acc).
# The register-A forms (f16, bf16; suffix _ra, then _tb) take (a0, a1, a2, a3 as i32, desc b,
# scale-d, N/2 accumulators) and call
#   sim_wgmma_ra(kind, N, trans b, the four A registers, desc b, scale-d, acc).
set -eu
echo "declare void @sim_wgmma(i32, i32, i32, i64, i64, i32, ptr)"
echo "declare void @sim_wgmma_ra(i32, i32, i32, ptr, i64, i32, ptr)"
# The accumulators to memory (%acc), then back into the returned struct.
at=float # the accumulator's type: float, or i32 for s8
spill() {
  echo "  %acc = alloca [$m x float]"
  for i in $(seq 0 $((m - 1))); do
    echo "  %p$i = getelementptr float, ptr %acc, i32 $i"
    echo "  store $at %c$i, ptr %p$i"
  done
}
reload() {
  prev=undef
  for i in $(seq 0 $((m - 1))); do
    echo "  %v$i = load $at, ptr %p$i"
    echo "  %r$i = insertvalue $st $prev, $at %v$i, $i"
    prev=%r$i
  done
  echo "  ret $st $prev"
  echo "}"
}
for n in 8 16 32 64 128 256; do
  m=$((n / 2))
  for kind in 0 1 2 3 4 5; do
    ty=f16; kd=16; trs="0 1 2 3"; at=float
    case $kind in 1) ty=bf16;; 2) ty=e4m3; kd=32; trs=0;; 3) ty=e5m2; kd=32; trs=0;; 4) ty=tf32; kd=8; trs=0;;
      5) ty=s8; kd=32; trs=0; at=i32;; esac
    st=$(printf "$at, %.0s" $(seq $m)); st="{${st%, }}"
    params=$(for i in $(seq 0 $((m - 1))); do printf ', %s %%c%d' "$at" "$i"; done)
    for trans in $trs; do
      suffix=""; [ $((trans & 1)) = 1 ] && suffix="${suffix}_ta"; [ $((trans & 2)) = 2 ] && suffix="${suffix}_tb"
      echo
      echo "define $st @__tilec_wgmma_m64n${n}k${kd}_${ty}${suffix}(i64 %a, i64 %b, i32 %s$params) {"
      spill
      echo "  call void @sim_wgmma(i32 $kind, i32 $n, i32 $trans, i64 %a, i64 %b, i32 %s, ptr %acc)"
      reload
    done
  done
  at=float
  st=$(printf 'float, %.0s' $(seq $m)); st="{${st%, }}"
  params=$(for i in $(seq 0 $((m - 1))); do printf ', float %%c%d' "$i"; done)
  for kind in 0 1; do
    ty=f16; [ $kind = 1 ] && ty=bf16
    for tb in 0 1; do
      suffix=""; [ $tb = 1 ] && suffix=_tb
      echo
      echo "define $st @__tilec_wgmma_m64n${n}k16_${ty}_ra${suffix}(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i64 %b, i32 %s$params) {"
      spill
      echo "  %a = alloca [4 x i32]"
      for j in 0 1 2 3; do
        echo "  %q$j = getelementptr i32, ptr %a, i32 $j"
        echo "  store i32 %a$j, ptr %q$j"
      done
      echo "  call void @sim_wgmma_ra(i32 $kind, i32 $n, i32 $tb, ptr %a, i64 %b, i32 %s, ptr %acc)"
      reload
    done
  done
done
