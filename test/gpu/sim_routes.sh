#!/usr/bin/env bash
# Runs every convert_layout route kernel (test/gpu/Inputs/routes/*.ir) on the CPU: its LLVM
# IR from tilec-opt is retargeted to the host (NVVM intrinsics renamed to the functions of
# test/gpu/sim/simt.c, address spaces dropped), compiled with llc, linked with simt.c and
# run on 128 host threads; the output must equal the input. No GPU needed: it checks the
# lowering's logic (registers, shuffles, shared-memory offsets, barriers), not PTX.
#   bash test/gpu/sim_routes.sh [BUILD_DIR [KERNEL_DIR]]   one line per kernel, then a summary.
set -u
. "$(dirname "$0")/sim/common.sh"
BUILD=${1:-$ROOT/build}
KDIR=${2:-$ROOT/test/gpu/Inputs/routes}
"$CC" -std=c11 -D_DEFAULT_SOURCE -O1 -c "$ROOT/test/gpu/sim/simt.c" -o "$WORK/simt.o" || exit 2
pass=0; fail=0
for ir in "$KDIR"/*.ir; do
  name=$(basename "$ir" .ir)
  numel=$(sed -n 's|^// NUMEL: \([0-9]*\)$|\1|p' "$ir")
  case $name in *_f32) es=4 ;; *_f16) es=2 ;; *) es=1 ;; esac
  if ! "$BUILD/tilec-opt" "$ir" --allocate-shared-memory --membar --emit=llvm -o "$WORK/$name.ll"; then
    echo "FAIL $name: tilec-opt"; fail=$((fail + 1)); continue
  fi
  sim_host "$name" "$name" "$WORK/simt.o" || { fail=$((fail + 1)); continue; }
  ok=1
  for seed in 1 2 3; do
    out=$("$WORK/$name" "$numel" "$es" "$seed") || { ok=0; echo "FAIL $name (seed $seed): $out"; break; }
  done
  [ $ok = 1 ] && { echo "PASS $name"; pass=$((pass + 1)); } || fail=$((fail + 1))
done
echo "sim: $pass passed, $fail failed"
[ $fail = 0 ]
