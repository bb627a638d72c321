#!/usr/bin/env bash
# Runs the shape-op kernels (test/gpu/Inputs/shape/shape_ops.tir: trans, x.T, permute,
# join/split, interleave, expand_dims + broadcast, reshape + split, reshape(can_reorder),
# trans/join/split of a reduction's result in a slice layout)
# on the CPU against a host reference: each kernel's LLVM IR from tilec (4 warps) is
# retargeted to the host as sim_reduce.sh does, compiled with llc, linked with
# test/gpu/sim/shape_main.c and run on 128 host threads for 2 seeds.
#   bash test/gpu/sim_shape.sh [BUILD_DIR]   one line per case, then a summary.
set -u
. "$(dirname "$0")/sim/common.sh"
BUILD=${1:-$ROOT/build}
SRC=$ROOT/test/gpu/Inputs/shape/shape_ops.tir
"$CC" -std=c11 -D_DEFAULT_SOURCE -O1 -c "$ROOT/test/gpu/sim/shape_main.c" -o "$WORK/main.o" || exit 2
pass=0; fail=0
# name | kernel | M N C (for the checker) | constexprs after the two pointers
cases="
trans_32x64|trans2d|32 64 1|32,64
trans_64x32|trans2d|64 32 1|64,32
trans_8x8|trans2d|8 8 1|8,8
trans_2x256|trans2d|2 256 1|2,256
dot_t_16x64|dot_t|16 64 1|16,64
permute_4x8x16|permute3d|4 8 16|4,8,16
permute_16x2x32|permute3d|16 2 32|16,2,32
join_split_32x32|join_split|32 32 1|32,32
join_split_4x8|join_split|4 8 1|4,8
join_split_1x256|join_split|1 256 1|1,256
interleave_16x32|interleave2d|16 32 1|16,32
interleave_64x64|interleave2d|64 64 1|64,64
interleave_2x4|interleave2d|2 4 1|2,4
expand_16x32|expand_bcast|16 32 1|16,32
expand_64x8|expand_bcast|64 8 1|64,8
reshape_split_16x32|reshape_split|16 32 1|16,32
reshape_split_64x4|reshape_split|64 4 1|64,4
reorder_32x32|reorder_sum|32 32 1|32,32
reorder_8x16|reorder_sum|8 16 1|8,16
reduce_trans_4x16x32|reduce_trans|4 16 32|4,16,32
reduce_trans_8x8x64|reduce_trans|8 8 64|8,8,64
"
while IFS='|' read -r name kernel args cx; do
  [ -n "$name" ] || continue
  if ! "$BUILD/tilec" "$SRC" --kernel "$kernel" --signature "*fp32:16,*fp32:16,$cx" --num-warps 4 --emit=llvm \
       -o "$WORK/$name.ll" 2>"$WORK/$name.err"; then
    echo "FAIL $name: tilec: $(head -2 "$WORK/$name.err")"; fail=$((fail + 1)); continue
  fi
  sim_host "$name" "$kernel" "$WORK/main.o" || { fail=$((fail + 1)); continue; }
  ok=1
  for seed in 1 2; do
    out=$("$WORK/$name" "$kernel" $args "$seed") || { ok=0; echo "FAIL $name (seed $seed): $out"; break; }
  done
  [ $ok = 1 ] && { echo "PASS $name"; pass=$((pass + 1)); } || fail=$((fail + 1))
done <<< "$cases"
echo "sim: $pass passed, $fail failed"
[ $fail = 0 ]
