#!/usr/bin/env bash
# Runs the fp8 conversion kernels (test/gpu/Inputs/fp8/fp8_casts.tir) compiled for sm_80,
# where fp8.c converts in software, on the CPU against test/gpu/sim/fp8_main.c's
# brute-force reference: the LLVM IR is retargeted to the host as sim_reduce.sh does.
# (sm_89+ uses cvt.rn.satfinite / cvt.rn.f16x2.e4m3x2, which only a GPU runs: the torch
# checks in test/gpu/torch/check_shape.py.)
#   bash test/gpu/sim_fp8.sh [BUILD_DIR]   one line per case, then a summary.
set -u
. "$(dirname "$0")/sim/common.sh"
BUILD=${1:-$ROOT/build}
SRC=$ROOT/test/gpu/Inputs/fp8/fp8_casts.tir
"$CC" -std=c11 -D_DEFAULT_SOURCE -O1 -c "$ROOT/test/gpu/sim/fp8_main.c" -o "$WORK/main.o" || exit 2
pass=0; fail=0
# name | kernel | signature | checker arguments
cases="
to_e4m3|to_fp8|*fp32:16,*fp8e4nv:16,4096|to_fp8 e4 4096
to_e5m2|to_fp8|*fp32:16,*fp8e5:16,4096|to_fp8 e5 4096
from_e4m3|from_fp8|*fp8e4nv:16,*fp32:16,256|from_fp8 e4 256
from_e5m2|from_fp8|*fp8e5:16,*fp32:16,256|from_fp8 e5 256
"
while IFS='|' read -r name kernel sig args; do
  [ -n "$name" ] || continue
  if ! "$BUILD/tilec" "$SRC" --kernel "$kernel" --signature "$sig" --arch sm_80 --num-warps 4 --emit=llvm \
       -o "$WORK/$name.ll" 2>"$WORK/$name.err"; then
    echo "FAIL $name: tilec: $(head -2 "$WORK/$name.err")"; fail=$((fail + 1)); continue
  fi
  if grep -q "llvm.nvvm.\(ff\|e4m3\|e5m2\)" "$WORK/$name.ll"; then
    echo "FAIL $name: sm_80 code uses an sm_89 conversion"; fail=$((fail + 1)); continue
  fi
  sim_host "$name" "$kernel" "$WORK/main.o" || { fail=$((fail + 1)); continue; }
  if out=$("$WORK/$name" $args); then echo "PASS $name"; pass=$((pass + 1)); else echo "FAIL $name: $out"; fail=$((fail + 1)); fi
done <<< "$cases"
echo "sim: $pass passed, $fail failed"
[ $fail = 0 ]
