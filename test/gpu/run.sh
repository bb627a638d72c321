#!/usr/bin/env bash
# GPU correctness suite: builds libtilert (no LLVM, no CUDA headers) and test/gpu/gpu_suite.c,
# then runs every example kernel found in KERNELS_DIR (<name>_w4.ptx/.json, <name>_w8...,
# compiled by tilec on the dev machine and carried here).
#
#   bash test/gpu/run.sh .carry/kernels       # on the GPU machine
#   bash test/gpu/run.sh --mock               # anywhere: a host stand-in for libcuda
#
# Full logs go to $OUT (when set) or /tmp/tilert-gpu-logs; the summary is printed last.
# Exit status: the suite's (0 all passed or skipped, 1 failures), 2 on a build failure.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${TILERT_BUILD_DIR:-/tmp/tilert-gpu-build}
LOGS=${OUT:-/tmp/tilert-gpu-logs}
mkdir -p "$LOGS" "$BUILD"
MOCK=0
if [ "${1:-}" = "--mock" ]; then MOCK=1; DIR=$BUILD/mock_kernels; else DIR=${1:-$ROOT/.carry/kernels}; fi
DIR=$(cd "$DIR" 2>/dev/null && pwd || echo "$DIR")
JOBS=$(nproc 2>/dev/null || echo 4)

echo "== build libtilert and the runtime unit tests ($BUILD)"
if ! { cmake -S "$ROOT" -B "$BUILD" -DTILEC_BUILD_COMPILER=OFF -DTILEC_WERROR=ON -DCMAKE_BUILD_TYPE=Release &&
       cmake --build "$BUILD" -j"$JOBS"; } >"$LOGS/gpu_build.log" 2>&1; then
  tail -30 "$LOGS/gpu_build.log"; echo "gpu suite: build of libtilert failed (log: $LOGS/gpu_build.log)"; exit 2
fi
for prog in gpu_suite smem_check; do
  if ! gcc -std=c11 -O2 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -I"$ROOT/include" "$ROOT/test/gpu/$prog.c" \
       "$BUILD/libtilert.a" -ldl -lm -lpthread -o "$BUILD/$prog" >>"$LOGS/gpu_build.log" 2>&1; then
    tail -30 "$LOGS/gpu_build.log"; echo "gpu suite: build of $prog failed"; exit 2
  fi
done

if [ $MOCK = 1 ]; then
  gcc -shared -fPIC -O2 "$ROOT/test/gpu/mock_libcuda.c" -o "$BUILD/libcuda_mock.so" -lm || exit 2
  export TILERT_LIBCUDA=$BUILD/libcuda_mock.so
  mkdir -p "$DIR"
  # name kernel block params(json)
  mk() {
    for w in 4 8; do
      printf '// mock PTX\n// BLOCK=%s\n' "$3" >"$DIR/$1_w$w.ptx"
      printf '{"format":"tilec-metadata","version":1,"compiler":"mock","target":"sm_90a","kernels":[{"name":"%s","num_warps":%s,"threads_per_block":%s,"shared_bytes":0,"params":[%s],"constexprs":{"%s":%s}}]}\n' \
        "$2" "$w" $((w * 32)) "$4" "${5:-BLOCK}" "$3" >"$DIR/$1_w$w.json"
    done
  }
  P='{"name":"%s","kind":"ptr","dtype":"fp32","align":16}'
  p() { printf "$P" "$1"; }
  s() { printf '{"name":"%s","kind":"scalar","dtype":"%s"}' "$1" "$2"; }
  mk vector_add add_kernel 1024 "$(p x),$(p y),$(p out),$(s n i32)"
  mk vector_mul mul_kernel 1024 "$(p x),$(p y),$(p out),$(s n i32)"
  mk gelu gelu_kernel 512 "$(p x),$(p out),$(s n i32)"
  mk gelu_tanh gelu_tanh_kernel 1024 "$(p x),$(p out),$(s n i32)" BLOCK_SIZE
  mk add_kernel_2d sin2d_kernel 32 "$(p a),$(p o),$(s s1 i32),$(s s2 i32),$(s a_s1 i32),$(s a_s2 i32),$(s o_s1 i32),$(s o_s2 i32)" BLOCK_M
  ST=""; for n in in0_stride0 in0_stride1 in1_stride0 in1_stride1 out0_stride0 out0_stride1 s0 s1 num_tasks; do ST="$ST,$(s $n i64)"; done
  for sm in softmax:1024 softmax_128:128 softmax_4096:4096; do
    mk "${sm%%:*}" softmax_kernel "${sm##*:}" "$(p output_ptr),$(p input_ptr),$(s input_row_stride i32),$(s output_row_stride i32),$(s n_cols i32)" BLOCK_SIZE
  done
  mk flaggems_pointwise pointwise_kernel_i64 512 "$(p in0_ptr),$(s val0 fp32),$(p in1_ptr),$(p out0_ptr)$ST" tile_size
fi

echo "== runtime unit tests"
UNIT_FAIL=0
for t in "$BUILD"/rt_test_*; do
  [ -x "$t" ] || continue
  if "$t" >"$LOGS/$(basename "$t").log" 2>&1; then echo "  $(basename "$t"): $(tail -1 "$LOGS/$(basename "$t").log")"
  else echo "  $(basename "$t"): FAILED: $(tail -1 "$LOGS/$(basename "$t").log")"; UNIT_FAIL=1; fi
done

echo "== gpu suite (kernels: $DIR)"
"$BUILD/gpu_suite" "$DIR" 2>&1 | tee "$LOGS/gpu_suite.log"
RC=${PIPESTATUS[0]}

# Kernels over 100 KB of shared memory (test/gpu/prepare_smem.sh puts them beside DIR).
SMEM_DIR=${SMEM_DIR:-$(dirname "$DIR")/smem}
SMEM_RC=0
if [ $MOCK = 0 ] && [ -d "$SMEM_DIR" ]; then
  echo "== shared-memory checks ($SMEM_DIR)"
  "$BUILD/smem_check" "$SMEM_DIR" 2>&1 | tee "$LOGS/smem_check.log"
  SMEM_RC=${PIPESTATUS[0]}
fi
echo
echo "== summary"
grep -E "^(FAIL|SKIP)" "$LOGS/gpu_suite.log" | head -40
grep -E "^gpu suite:" "$LOGS/gpu_suite.log"
[ $UNIT_FAIL = 0 ] || echo "runtime unit tests: FAILURES (logs in $LOGS)"
tail -1 "$LOGS/gpu_suite.log"
[ -f "$LOGS/smem_check.log" ] && tail -1 "$LOGS/smem_check.log"
[ $RC = 0 ] && [ $UNIT_FAIL = 0 ] && [ $SMEM_RC = 0 ] && exit 0
exit 1
