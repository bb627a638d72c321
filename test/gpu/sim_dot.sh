#!/usr/bin/env bash
# Runs tt.dot kernels (test/gpu/Inputs/dot/dot_kernels.tir) on the CPU against a host
# reference: each kernel's LLVM IR from tilec (4 warps, --arch ARCH) is retargeted to the host
# as sim_reduce.sh does; mma.sync is emulated per warp by test/gpu/sim/dot_main.c (through
# mma_shim.ll; wgmma through wgmma_shim.sh). Covers the mma.sync path (f16 -> f32 / f16, bf16,
# tf32, tf32x3, i8), wgmma (f16, bf16, fp8, tf32, i8), the FMA
# dot (ieee f32, f64, shapes without an mma tile), K loops, a transposed B and a batched dot,
# and K loops through block pointers and tensor descriptors (dot_bptr, dot_desc: M, N, K not
# multiples of the blocks, so their masks decide what is read and written).
#   bash test/gpu/sim_dot.sh [BUILD_DIR]   one line per case, then a summary.
set -u
. "$(dirname "$0")/sim/common.sh"
BUILD=${1:-$ROOT/build}
SRC=$ROOT/test/gpu/Inputs/dot/dot_kernels.tir
"$CC" -std=gnu11 -D_DEFAULT_SOURCE -O1 -c "$ROOT/test/gpu/sim/dot_main.c" -o "$WORK/main.o" || exit 2
{ cat "$ROOT/test/gpu/sim/mma_shim.ll"; bash "$ROOT/test/gpu/sim/wgmma_shim.sh"; } >"$WORK/shim.ll" || exit 2
"$LLC" -O1 -relocation-model=pic -filetype=obj "$WORK/shim.ll" -o "$WORK/shim.o" || exit 2
pass=0; fail=0
# name | kernel | arch | in out | B M N K TRANS ACC1 RANDOM TOL | signature after the two pointers | expect [| env]
# (an arch with +nowgmma compiles with --no-wgmma (mma.sync on sm_90a; wgmma is the default
# there, +wgmma says so), +nodesctma with --no-desc-tma (in-kernel descriptors and block
# pointers through pointers: the sim has no TMA), +sN with --num-stages N (the pipeline pass;
# without it the loops pipeline with Triton's default 3 stages, +s1 turns it off); TRANS
# bit 0: B given N x K, bit 1: A given K x M (dot_at); expect wgmma: the IR calls the
# K-major wgmma helper, wgmma_ta / wgmma_tb / wgmma_ta_tb: the helper with those transpose
# bits (A M-major, B N-major))
# expect: mma (the PTX-level LLVM IR calls an mma intrinsic) or fma (it does not); a trailing
# '!' means the numeric check must fail (controls: plain tf32 misses the 1e-6 that tf32x3 meets,
# on mma.sync and on wgmma, whose sim reads tf32 as the instruction does;
# a sim that reads MN-major descriptors with LBO and SBO exchanged gets slabbed B wrong);
# env: variables for the check (dot_main.c's SIM_SWAP_LBO_SBO)
cases="
f16_16x8x16|dot2d|sm_80|f16 f32|1 16 8 16 0 0 0 0|16,8,16,16,\"ieee\",0,0,0|mma
f16_64x64x32|dot2d|sm_80|f16 f32|1 64 64 32 0 0 0 0|64,64,32,32,\"ieee\",0,0,0|mma
f16_64x32x64_loop|dot2d|sm_90a+nowgmma|f16 f32|1 64 32 64 0 1 0 0|64,32,64,16,\"ieee\",0,0,1|mma
f16_32x64x32_transb|dot2d|sm_80|f16 f32|1 32 64 32 1 0 0 0|32,64,32,32,\"ieee\",0,1,0|mma
f16_128x64x32|dot2d|sm_80|f16 f32|1 128 64 32 0 0 0 0|128,64,32,32,\"ieee\",0,0,0|mma
f16out_32x32x32|dot2d|sm_80|f16 f16|1 32 32 32 0 0 0 0.002|32,32,32,32,\"ieee\",1,0,0|mma
bf16_64x32x32|dot2d|sm_80|bf16 f32|1 64 32 32 0 1 0 0|64,32,32,32,\"ieee\",0,0,1|mma
tf32_32x32x32|dot2d|sm_80|f32 f32|1 32 32 32 0 0 0 0|32,32,32,16,\"tf32\",0,0,0|mma
tf32x3_32x16x64_random|dot2d|sm_80|f32 f32|1 32 16 64 0 0 1 0.000001|32,16,64,32,\"tf32x3\",0,0,0|mma
tf32_random_is_coarse|dot2d|sm_80|f32 f32|1 32 16 64 0 0 1 0.002|32,16,64,32,\"tf32\",0,0,0|mma
control_tf32_misses_1e-6|dot2d|sm_80|f32 f32|1 32 16 64 0 0 1 0.000001|32,16,64,32,\"tf32\",0,0,0|mma!
i8_64x64x64|dot2d|sm_80|i8 i32|1 64 64 64 0 1 0 0|64,64,64,32,\"ieee\",2,0,1|mma
ieee_32x32x16|dot2d|sm_80|f32 f32|1 32 32 16 0 0 0 0|32,32,16,16,\"ieee\",0,0,0|fma
ieee_random_32x16x64|dot2d|sm_80|f32 f32|1 32 16 64 0 0 1 0.000001|32,16,64,32,\"ieee\",0,0,0|fma
f64_16x16x16|dot2d|sm_80|f64 f64|1 16 16 16 0 1 0 0|16,16,16,16,\"ieee\",3,0,1|fma
f16_8x32x16_fma|dot2d|sm_80|f16 f32|1 8 32 16 0 0 0 0|8,32,16,16,\"ieee\",0,0,0|fma
ieee_64x64x32_transb|dot2d|sm_80|f32 f32|1 64 64 32 1 0 0 0|64,64,32,32,\"ieee\",0,1,0|fma
batched_2x32x32x16|dot3d|sm_80|f16 f32|2 32 32 16 0 0 0 0|2,32,32,16|mma
batched_fma_4x8x16x16|dot3d|sm_80|f32 f32|4 8 16 16 0 0 0 0|4,8,16,16|fma
wgmma_f16_64x64x64_nmajor|dot2d|sm_90a+wgmma|f16 f32|1 64 64 64 0 0 0 0|64,64,64,64,\"ieee\",0,0,0|wgmma_tb
wgmma_f16_64x128x32_loop_slabs|dot2d|sm_90a+wgmma|f16 f32|1 64 128 128 0 1 0 0|64,128,128,32,\"ieee\",0,0,1|wgmma_tb
control_wgmma_lbo_sbo_swapped|dot2d|sm_90a+wgmma|f16 f32|1 64 128 128 0 1 0 0|64,128,128,32,\"ieee\",0,0,1|wgmma_tb!|SIM_SWAP_LBO_SBO=1
wgmma_f16_128x256x64_slabs_reps|dot2d|sm_90a+wgmma|f16 f32|1 128 256 64 0 0 0 0|128,256,64,64,\"ieee\",0,0,0|wgmma_tb
wgmma_f16_64x32x64_swz64|dot2d|sm_90a+wgmma|f16 f32|1 64 32 64 0 1 0 0|64,32,64,32,\"ieee\",0,0,1|wgmma_tb
wgmma_f16_64x16x32_swz32|dot2d|sm_90a+wgmma|f16 f32|1 64 16 32 0 0 0 0|64,16,32,16,\"ieee\",0,0,0|wgmma_tb
wgmma_f16_128x32x16_reps_transb|dot2d|sm_90a+wgmma|f16 f32|1 128 32 16 1 0 0 0|128,32,16,16,\"ieee\",0,1,0|wgmma
wgmma_bf16_64x256x64|dot2d|sm_90a+wgmma|bf16 f32|1 64 256 64 0 0 0 0|64,256,64,64,\"ieee\",0,0,0|wgmma_tb
wgmma_f16_64x8x32_kmajor|dot2d|sm_90a+wgmma|f16 f32|1 64 8 32 0 1 0 0|64,8,32,32,\"ieee\",0,0,1|wgmma
wgmma_f16_128x64x64_mmajor_a|dot_at|sm_90a+wgmma|f16 f32|1 128 64 64 3 0 0 0|128,64,64,32,1,0|wgmma_ta
wgmma_f16_64x128x32_ta_tb|dot_at|sm_90a+wgmma|f16 f32|1 64 128 32 2 0 0 0|64,128,32,16,0,0|wgmma_ta_tb
wgmma_f16_64x64x128_k128_ta_tb|dot_at|sm_90a+wgmma|f16 f32|1 64 64 128 2 0 0 0|64,64,128,128,0,0|wgmma_ta_tb
wgmma_f16_128x64x64_ta_via_trans|dot_at|sm_90a+wgmma|f16 f32|1 128 64 64 2 0 0 0|128,64,64,32,0,1|wgmma_ta_tb
wgmma_bf16_128x256x128_ta_tb|dot_at|sm_90a+wgmma|bf16 f32|1 128 256 128 2 0 1 0.000001|128,256,128,64,0,0|wgmma_ta_tb
fp8e4m3_64x32x64_fma|dot2d|sm_90a+nowgmma|e4m3 f32|1 64 32 64 0 1 0 0|64,32,64,32,\"ieee\",0,0,1|fma
wgmma_e4m3_64x32x64_loop|dot2d|sm_90a|e4m3 f32|1 64 32 64 0 1 0 0|64,32,64,32,\"ieee\",0,0,1|wgmma
wgmma_e4m3_64x64x256_transb|dot2d|sm_90a|e4m3 f32|1 64 64 256 1 0 1 0.001|64,64,256,64,\"ieee\",0,1,0|wgmma
wgmma_e5m2_64x128x128_kslab|dot2d|sm_90a+s1|e5m2 f32|1 64 128 256 1 0 1 0.001|64,128,256,256,\"ieee\",0,1,0|wgmma
wgmma_tf32_64x64x64_transb|dot2d|sm_90a|f32 f32|1 64 64 64 1 0 1 0.004|64,64,64,32,\"tf32\",0,1,0|wgmma
wgmma_tf32_64x64x128_transb_s3|dot2d|sm_90a+s3|f32 f32|1 64 64 128 1 1 1 0.004|64,64,128,32,\"tf32\",0,1,1|wgmma
control_wgmma_tf32_misses_1e-6|dot2d|sm_90a|f32 f32|1 64 64 64 1 0 1 0.000001|64,64,64,32,\"tf32\",0,1,0|wgmma!
wgmma_tf32_64x32x64_kn|dot2d|sm_90a|f32 f32|1 64 32 64 0 0 1 0.004|64,32,64,32,\"tf32\",0,0,0|wgmma
wgmma_i8_64x64x64_loop|dot2d|sm_90a|i8 i32|1 64 64 64 1 1 0 0|64,64,64,32,\"ieee\",2,1,1|wgmma
wgmma_i8_64x64x128_nmajor_b_s3|dot2d|sm_90a+s3|i8 i32|1 64 64 128 0 1 0 0|64,64,128,64,\"ieee\",2,0,1|wgmma
wgmma_i8_64x128x256_transb_s3|dot2d|sm_90a+s3|i8 i32|1 64 128 256 1 1 0 0|64,128,256,64,\"ieee\",2,1,1|wgmma
wgmma_i8_64x256x256_kslab_s1|dot2d|sm_90a+s1|i8 i32|1 64 256 256 1 0 0 0|64,256,256,256,\"ieee\",2,1,0|wgmma
fp8e5m2_32x32x32_f16out|dot2d|sm_80|e5m2 f16|1 32 32 32 0 0 0 0.002|32,32,32,32,\"ieee\",1,0,0|fma
trans_b_64x32x32|dot_bt|sm_80|f16 f32|1 64 32 32 1 0 0 0|64,32,32|mma
trans_b_wgmma_64x64x64|dot_bt|sm_90a+wgmma|bf16 f32|1 64 64 64 1 0 0 0|64,64,64|wgmma
trans_b_wgmma_tf32_64x64x64|dot_bt|sm_90a+wgmma|f32 f32|1 64 64 64 1 0 1 0.004|64,64,64|wgmma
trans_b_loop_wgmma_f16_64x64x128_s3|dot_bt_loop|sm_90a+wgmma+s3|f16 f32|1 64 64 128 1 0 1 0.001|64,64,128,32|wgmma
trans_b_loop_wgmma_tf32_64x32x64_s3|dot_bt_loop|sm_90a+wgmma+s3|f32 f32|1 64 32 64 1 0 1 0.004|64,32,64,32|wgmma
trans_b_loop_mma_f16_64x64x128_s3|dot_bt_loop|sm_90a+nowgmma+s3|f16 f32|1 64 64 128 1 0 1 0.001|64,64,128,32|mma
nowgmma_flag|dot2d|sm_90a+nowgmma|f16 f32|1 64 64 64 0 0 0 0|64,64,64,64,\"ieee\",0,0,0|mma
wgmma_kslab_f16_64x64x256|dot2d|sm_90a+s1|f16 f32|1 64 64 256 1 0 1 0.001|64,64,256,256,\"ieee\",0,1,0|wgmma
wgmma_kslab_bf16_64x128x128_loop|dot2d|sm_90a|bf16 f32|1 64 128 512 1 1 1 0.001|64,128,512,128,\"ieee\",0,1,1|wgmma
wgmma_by_default|dot2d|sm_90a|f16 f32|1 64 64 64 0 0 0 0|64,64,64,64,\"ieee\",0,0,0|wgmma_tb
nopipe_s1_f16_64x32x64_loop|dot2d|sm_90a+nowgmma+s1|f16 f32|1 64 32 64 0 1 0 0|64,32,64,16,\"ieee\",0,0,1|mma
nopipe_s1_wgmma_64x128x128_loop|dot2d|sm_90a+wgmma+s1|f16 f32|1 64 128 128 0 1 0 0|64,128,128,32,\"ieee\",0,0,1|wgmma_tb
pipe_s3_f16_64x64x128|dot2d|sm_80+s3|f16 f32|1 64 64 128 0 1 0 0|64,64,128,32,\"ieee\",0,0,1|mma
pipe_s2_f16_64x32x64|dot2d|sm_90a+nowgmma+s2|f16 f32|1 64 32 64 0 0 1 0.001|64,32,64,16,\"ieee\",0,0,0|mma
pipe_s4_trip1_f16_32x64x32|dot2d|sm_80+s4|f16 f32|1 32 64 32 0 1 0 0|32,64,32,32,\"ieee\",0,0,1|mma
pipe_s3_trip2_bf16_64x32x64|dot2d|sm_80+s3|bf16 f32|1 64 32 64 0 0 1 0.001|64,32,64,32,\"ieee\",0,0,0|mma
pipe_s3_i8_64x64x128|dot2d|sm_80+s3|i8 i32|1 64 64 128 0 1 0 0|64,64,128,32,\"ieee\",2,0,1|mma
pipe_s3_transb_32x64x64|dot2d|sm_80+s3|f16 f32|1 32 64 64 1 0 0 0|32,64,64,32,\"ieee\",0,1,0|mma
pipe_s3_wgmma_64x64x256|dot2d|sm_90a+wgmma+s3|f16 f32|1 64 64 256 0 1 1 0.001|64,64,256,32,\"ieee\",0,0,1|wgmma_tb
pipe_s4_wgmma_64x128x128|dot2d|sm_90a+wgmma+s4|bf16 f32|1 64 128 128 0 0 1 0.001|64,128,128,64,\"ieee\",0,0,0|wgmma_tb
pipe_s2_wgmma_64x64x64|dot2d|sm_90a+wgmma+s2|f16 f32|1 64 64 64 0 0 0 0|64,64,64,16,\"ieee\",0,0,0|wgmma_tb
bptr_s3_f16_48x40x72|dot_bptr|sm_80+s3|f16 f32|1 48 40 72 0 0 1 0.001|48,40,72,64,64,32|mma
bptr_s3_wgmma_48x40x72|dot_bptr|sm_90a+wgmma+s3+nodesctma|f16 f32|1 48 40 72 0 0 1 0.001|48,40,72,64,64,32|wgmma_tb
bptr_s3_wgmma_64x64x128_exact|dot_bptr|sm_90a+wgmma+s3+nodesctma|f16 f32|1 64 64 128 0 0 0 0|64,64,128,64,64,32|wgmma_tb
desc_s3_f16_40x24x56|dot_desc|sm_80+s3|f16 f32|1 40 24 56 0 0 1 0.001|40,24,56,64,32,16|mma
desc_s3_wgmma_40x24x56|dot_desc|sm_90a+wgmma+s3+nodesctma|f16 f32|1 40 24 56 0 0 1 0.001|40,24,56,64,32,16|wgmma_tb
subtile_f16_64x64x64|dot_subtile|sm_80+s1|f16 f32|1 64 64 64 0 0 1 0.001|64,64,64,32|mma
subtile_wgmma_64x128x64|dot_subtile|sm_90a+wgmma+s1|f16 f32|1 64 128 64 0 0 1 0.001|64,128,64,32|wgmma_tb
subtile_wgmma_128x256x64|dot_subtile|sm_90a+wgmma+s3|f16 f32|1 128 256 128 0 0 1 0.001|128,256,128,64|wgmma_tb
"
sigty() { case $1 in e4m3) echo fp8e4nv;; e5m2) echo fp8e5;; f16) echo fp16;; bf16) echo bf16;; f32) echo fp32;; f64) echo fp64;; i8) echo i8;; i32) echo i32;; esac; }
while IFS='|' read -r name kernel arch types args cx expect env; do
  [ -n "$name" ] || continue
  set -- $types; tin=$1; tout=$2
  set -- $args; nb=$1 m=$2 n=$3 k=$4 tb=$5 acc1=$6 rnd=$7 tol=$8
  sig="*$(sigty "$tin"):16,*$(sigty "$tout"):16,$cx"
  flags=""; opts=${arch#*+}; [ "$opts" = "$arch" ] && opts=""; arch=${arch%%+*}
  for o in ${opts//+/ }; do
    case $o in wgmma) flags="$flags --wgmma";; nowgmma) flags="$flags --no-wgmma";; s[0-9]) flags="$flags --num-stages ${o#s}";;
      nodesctma) flags="$flags --no-desc-tma";; esac
  done
  if ! "$BUILD/tilec" "$SRC" --kernel "$kernel" --signature "$sig" --num-warps 4 --arch "$arch" $flags --emit=llvm \
       -o "$WORK/$name.ll" 2>"$WORK/$name.err"; then
    echo "FAIL $name: tilec: $(head -2 "$WORK/$name.err")"; fail=$((fail + 1)); continue
  fi
  must_fail=0; case $expect in *!) must_fail=1; expect=${expect%!};; esac
  if helper=$(grep -o -m1 "@__tilec_wgmma_m64n[0-9]*k[0-9]*_[a-z0-9_]*" "$WORK/$name.ll"); then
    got=wgmma; case $helper in *_ta_tb) got=wgmma_ta_tb;; *_ta) got=wgmma_ta;; *_tb) got=wgmma_tb;; esac
  elif grep -q "@llvm.nvvm.mma" "$WORK/$name.ll"; then got=mma; else got=fma; fi
  if [ "$got" != "$expect" ]; then echo "FAIL $name: lowered to $got, expected $expect"; fail=$((fail + 1)); continue; fi
  case $flags in *--num-stages\ [2-9]*)
    grep -q "@llvm.nvvm.cp.async.cg.shared.global" "$WORK/$name.ll" ||
      { echo "FAIL $name: not pipelined (no cp.async)"; fail=$((fail + 1)); continue; };; esac
  sim_host "$name" "$kernel" "$WORK/shim.o" "$WORK/main.o" || { fail=$((fail + 1)); continue; }
  ok=1
  for seed in 1 2; do
    out=$(env TOL=$tol $env "$WORK/$name" "$tin" "$tout" "$nb" "$m" "$n" "$k" "$tb" "$acc1" "$rnd" "$seed"); rc=$?
    if [ $must_fail = 1 ]; then
      [ $rc = 1 ] || { ok=0; echo "FAIL $name (seed $seed): the check passed (rc $rc), it must not"; break; }
    elif [ $rc != 0 ]; then ok=0; echo "FAIL $name (seed $seed): $out"; break; fi
  done
  [ $ok = 1 ] && { echo "PASS $name"; pass=$((pass + 1)); } || fail=$((fail + 1))
done <<< "$cases"
# Attention (the loop of examples/flash_attention.tir): reductions and broadcasts on the mma
# layout, p passed from one dot's accumulator to the next dot's A, K^T from a d-major load.
# On sm_90a (--wgmma) p @ v takes p in registers (the wgmma helper with suffix _ra: expect
# wgmma_ra); a trailing '!' and env as above (SIM_RA_SWAP_ROWS=1: the sim reads the A
# registers' rows g and g + 8 exchanged, which must fail). The pipeliner leaves p @ v in
# flight across the back edge (docs/pipelining.md), and the sim runs wgmma asynchronously
# (dot_main.c: queued until a wait_group covers it), so a wait that comes too late is seen:
# the flag late-wait compiles through the IR after the pipeline pass (--dump-dir), edited so
# that the rescale acc * alpha reads the carried accumulator before its wait, then the
# remaining passes (tilec-opt) to LLVM IR; that must fail, and passes when the sim runs each
# wgmma at once (SIM_WGMMA_SYNC=1, the sim as it was: blind to the wait's place).
# name | M N D BLOCK_N CAUSAL | type | flags | expect [| env]
attn_cases="
attn_64x64_d32|64 64 32 32 0|f16||mma
attn_causal_64x128_d64|64 128 64 32 1|f16||mma
attn_32x64_d16_bn16|32 64 16 16 0|f16||mma
attn_wgmma_64x128_d64|64 128 64 64 0|f16|--wgmma|wgmma_ra
attn_wgmma_causal_64x128_d32|64 128 32 32 1|f16|--wgmma|wgmma_ra
attn_wgmma_64x64_d128|64 64 128 32 0|f16|--wgmma|wgmma_ra
attn_wgmma_causal_64x128_d128|64 128 128 64 1|f16|--wgmma|wgmma_ra
attn_wgmma_reps_128x64_d64|128 64 64 32 0|f16|--wgmma|wgmma_ra
attn_wgmma_bf16_64x128_d64|64 128 64 64 0|bf16|--wgmma|wgmma_ra
attn_wgmma_bf16_causal_64x128_d64|64 128 64 32 1|bf16|--wgmma|wgmma_ra
attn_wgmma_bf16_64x64_d128|64 64 128 64 0|bf16|--wgmma|wgmma_ra
attn_wgmma_bf16_causal_64x128_d128|64 128 128 32 1|bf16|--wgmma|wgmma_ra
attn_bf16_nowgmma_64x64_d64|64 64 64 32 0|bf16|--no-wgmma|mma
control_attn_wgmma_ra_rows_swapped|64 128 64 64 0|f16|--wgmma|wgmma_ra!|SIM_RA_SWAP_ROWS=1
attn_wgmma_inflight_64x256_d64_bn32|64 256 64 32 0|f16|--wgmma|wgmma_ra
attn_wgmma_inflight_causal_128x256_d64|128 256 64 32 1|f16|--wgmma|wgmma_ra
attn_wgmma_inflight_s2_64x256_d64|64 256 64 64 0|bf16|--wgmma --num-stages 2|wgmma_ra
attn_wgmma_inflight_s4_64x256_d32|64 256 32 32 1|f16|--wgmma --num-stages 4|wgmma_ra
control_attn_wgmma_wait_after_rescale|64 256 64 32 0|f16|--wgmma late-wait|wgmma_ra!
control_attn_late_wait_unseen_by_sync_sim|64 256 64 32 0|f16|--wgmma late-wait|wgmma_ra|SIM_WGMMA_SYNC=1
"
# The loop's IR after pipeline ($1), with the 2-D rescale reading the carried accumulator
# (the second operand of the in-loop tgpu.warp_group_dot_wait) instead of the wait's result.
late_wait() {
  awk '/tgpu.warp_group_dot_wait\(%[0-9]+, %arg[0-9]+\)/ && !acc {
         split($0, a, /[(), =]+/); res = a[3]; acc = a[6] }
       acc && index($0, "arith.mulf(" res ",") { sub("arith.mulf\\(" res ",", "arith.mulf(" acc ","); moved = 1 }
       { print } END { if (!moved) exit 1 }' "$1"
}
while IFS='|' read -r name args ty flags expect env; do
  [ -n "$name" ] || continue
  set -- $args
  arch=sm_80; [ -n "$flags" ] && arch=sm_90a
  late=0; case $flags in *late-wait*) late=1; flags=${flags/late-wait/};; esac
  dump=""; [ $late = 1 ] && dump="--dump-dir $WORK/$name.dump"
  if ! "$BUILD/tilec" "$SRC" --kernel attn --signature "*$(sigty "$ty"):16,*fp32:16,$1,$2,$3,$4,$5" --num-warps 4 \
       --arch $arch $flags $dump --emit=llvm -o "$WORK/$name.ll" 2>"$WORK/$name.err"; then
    echo "FAIL $name: tilec: $(head -2 "$WORK/$name.err")"; fail=$((fail + 1)); continue
  fi
  if [ $late = 1 ]; then
    rest=$(ls "$WORK/$name.dump" | sed -n '/-pipeline\.ir$/,$p' | sed -n '2,$s/^[0-9]*-\(.*\)\.ir$/\1/p' | paste -sd,)
    if ! late_wait "$WORK/$name.dump/"*-pipeline.ir >"$WORK/$name.late.ir" ||
       ! "$BUILD/tilec-opt" "$WORK/$name.late.ir" --passes="$rest" --arch $arch --emit=llvm -o "$WORK/$name.ll" \
         2>"$WORK/$name.err"; then
      echo "FAIL $name: could not move the wait: $(head -2 "$WORK/$name.err")"; fail=$((fail + 1)); continue
    fi
  fi
  must_fail=0; case $expect in *!) must_fail=1; expect=${expect%!};; esac
  if grep -q "@__tilec_wgmma_m64n[0-9]*k16_[a-z0-9]*_ra" "$WORK/$name.ll"; then got=wgmma_ra
  elif grep -q "@__tilec_wgmma_m64" "$WORK/$name.ll"; then got=wgmma
  elif grep -q "@llvm.nvvm.mma" "$WORK/$name.ll"; then got=mma; else got=fma; fi
  if [ "$got" != "$expect" ]; then echo "FAIL $name: lowered to $got, expected $expect"; fail=$((fail + 1)); continue; fi
  sim_host "$name" attn "$WORK/shim.o" "$WORK/main.o" || { fail=$((fail + 1)); continue; }
  out=$(env $env "$WORK/$name" attn "$1" "$2" "$3" "$5" 1 "$ty"); rc=$?
  if [ $must_fail = 1 ]; then
    [ $rc = 1 ] && { echo "PASS $name"; pass=$((pass + 1)); } ||
      { echo "FAIL $name: the check passed (rc $rc), it must not"; fail=$((fail + 1)); }
  elif [ $rc = 0 ]; then echo "PASS $name"; pass=$((pass + 1))
  else echo "FAIL $name: $out"; fail=$((fail + 1)); fi
done <<< "$attn_cases"
echo "sim: $pass passed, $fail failed"
[ $fail = 0 ]
