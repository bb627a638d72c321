#!/usr/bin/env bash
# Runs reduction kernels (test/gpu/Inputs/reduce/reduce_kernels.tir) on the CPU against a
# host reference: each kernel's LLVM IR from tilec (4 warps) is retargeted to the host as
# sim_routes.sh does (shfl.sync.idx/bfly and barriers become test/gpu/sim/reduce_main.c's
# functions), compiled with llc, linked and run on 128 host threads for 3 seeds.
#   bash test/gpu/sim_reduce.sh [BUILD_DIR]   one line per case, then a summary.
set -u
. "$(dirname "$0")/sim/common.sh"
BUILD=${1:-$ROOT/build}
SRC=$ROOT/test/gpu/Inputs/reduce/reduce_kernels.tir
"$CC" -std=c11 -D_DEFAULT_SOURCE -O1 -c "$ROOT/test/gpu/sim/reduce_main.c" -o "$WORK/main.o" || exit 2
pass=0; fail=0
# name | kernel | dtype | R C AXIS OP | constexprs after the two pointers
cases="
sum1d_1024_f32|red1d|f32|1024 1 0 0|1024,0
max1d_1024_f32|red1d|f32|1024 1 0 1|1024,1
min1d_64_i32|red1d|i32|64 1 0 2|64,2
sum1d_32_i32|red1d|i32|32 1 0 0|32,0
sum1d_4096_f32|red1d|f32|4096 1 0 0|4096,0
max2d_16x64_ax1_f32|red2d|f32|16 64 1 1|16,64,1,1
sum2d_16x64_ax0_f32|red2d|f32|16 64 0 0|16,64,0,0
sum2d_64x16_ax0_i32|red2d|i32|64 16 0 0|64,16,0,0
min2d_32x32_ax1_i32|red2d|i32|32 32 1 2|32,32,1,2
max2d_128x8_ax0_f32|red2d|f32|128 8 0 1|128,8,0,1
sum2d_4x256_ax1_f32|red2d|f32|4 256 1 0|4,256,1,0
sum2d_256x4_ax0_f32|red2d|f32|256 4 0 0|256,4,0,0
sumall_16x64_f32|redall|f32|16 64 0 0|16,64,0
maxall_8x8_i32|redall|i32|8 8 0 1|8,8,1
sum2d_16x1_ax1_f32|red2d|f32|16 1 1 0|16,1,1,0
max1d_1_f32|red1d|f32|1 1 0 1|1,1
sum2d_2x2048_ax0_f32|red2d|f32|2 2048 0 0|2,2048,0,0
min2d_2x2048_ax1_f32|red2d|f32|2 2048 1 2|2,2048,1,2
loop_4096_by_512_f32|loop1d|f32|4096 1 0 0|4096,512
loop_1024_by_128_f32|loop1d|f32|1024 1 0 0|1024,128
argmax1d_1024_f32|red1d|f32|1024 1 0 3|1024,3
argmin1d_64_i32|red1d|i32|64 1 0 4|64,4
argmax1d_4096_i32|red1d|i32|4096 1 0 3|4096,3
argmax2d_16x64_ax1_f32|red2d|f32|16 64 1 3|16,64,1,3
argmin2d_64x16_ax0_i32|red2d|i32|64 16 0 4|64,16,0,4
argmax2d_128x8_ax0_i32|red2d|i32|128 8 0 3|128,8,0,3
argmin2d_2x2048_ax1_i32|red2d|i32|2 2048 1 4|2,2048,1,4
sum2d_8x1024_ax1_f32|red2d|f32|8 1024 1 0|8,1024,1,0
argmax2d_8x1024_ax1_f32|red2d|f32|8 1024 1 3|8,1024,1,3
argmin2d_16x512_ax1_i32|red2d|i32|16 512 1 4|16,512,1,4
jitsum2d_32x256_ax1_i32|red2d|i32|32 256 1 5|32,256,1,5
jitsum1d_1024_f32|red1d|f32|1024 1 0 5|1024,5
jitsum2d_16x64_ax0_i32|red2d|i32|16 64 0 5|16,64,0,5
cumsum_1x1024_f32|scan2d|f32|1 1024 1 0|1,1024,1,0
cumsum_16x64_ax1_f32|scan2d|f32|16 64 1 0|16,64,1,0
cumsum_64x16_ax0_i32|scan2d|i32|64 16 0 0|64,16,0,0
cumsumrev_1x4096_f32|scan2d|f32|1 4096 1 1|1,4096,1,1
cumsumrev_128x8_ax0_i32|scan2d|i32|128 8 0 1|128,8,0,1
cumprod_4x256_ax1_i32|scan2d|i32|4 256 1 2|4,256,1,2
maxscan_2x2048_ax1_f32|scan2d|f32|2 2048 1 3|2,2048,1,3
affine_1x512_i32|scan2d|i32|1 512 1 4|1,512,1,4
affine_256x4_ax0_i32|scan2d|i32|256 4 0 4|256,4,0,4
affinerev_8x128_ax1_i32|scan2d|i32|8 128 1 5|8,128,1,5
affinerev_1x2048_i32|scan2d|i32|1 2048 1 5|1,2048,1,5
softmax_16x64_f32|softmax2d|f32|16 64 0 0|16,64
softmax_4x512_f32|softmax2d|f32|4 512 0 0|4,512
softmax_2x32_f32|softmax2d|f32|2 32 0 0|2,32
"
while IFS='|' read -r name kernel dt args cx; do
  [ -n "$name" ] || continue
  sig="*${dt/f32/fp32}:16,*${dt/f32/fp32}:16,$cx"
  if ! "$BUILD/tilec" "$SRC" --kernel "$kernel" --signature "$sig" --num-warps 4 --emit=llvm \
       -o "$WORK/$name.ll" 2>"$WORK/$name.err"; then
    echo "FAIL $name: tilec: $(head -2 "$WORK/$name.err")"; fail=$((fail + 1)); continue
  fi
  sim_host "$name" "$kernel" "$WORK/main.o" || { fail=$((fail + 1)); continue; }
  ok=1
  for seed in 1 2 3; do
    out=$("$WORK/$name" "$kernel" "$dt" $args "$seed") || { ok=0; echo "FAIL $name (seed $seed): $out"; break; }
  done
  [ $ok = 1 ] && { echo "PASS $name"; pass=$((pass + 1)); } || fail=$((fail + 1))
done <<< "$cases"
echo "sim: $pass passed, $fail failed"
[ $fail = 0 ]
