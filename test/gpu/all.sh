#!/usr/bin/env bash
# Everything that needs the GPU, in one run on the GPU machine (it has no LLVM: the kernels
# come compiled from the dev machine, `bash test/gpu/prepare_all.sh`, carried as .carry/):
#   1. the GPU suite (test/gpu/run.sh): runtime unit tests, every example kernel at num_warps
#      4 and 8 against double references, the >100 KB shared-memory kernels (smem_check);
#   2. the convert_layout routes on random data (run_routes.sh: 27 kernels);
#   3. the target checks (run_target_check.sh: per-function num_warps, PTX per arch);
#   4. the torch checks (test/gpu/torch/harness.py: kernels of .carry/torch against torch,
#      through libtilert.so from $TILERT_BUILD_DIR); TORCH_MEMCHECK=1 also runs them under
#      compute-sanitizer memcheck (off by default: torch's start-up under memcheck is slow);
#   5. compute-sanitizer: memcheck over the suite, the routes and the shared-memory kernels;
#      racecheck and synccheck over every kernel that uses shared memory (the suite's
#      transpose and softmax, the routes, smem), racecheck over the torch dot checks, and
#      racecheck and synccheck over the in-kernel descriptor checks (blockptr)
#      (every pipelined and wgmma kernel; RACE_DOT=0 skips it); each must report 0 errors;
#   6. the benchmarks beside Triton and torch (bench/run.sh), unless NO_BENCH=1.
# Prints one table last; logs (one tarball) and the benchmark report go to $OUT.
#
#   bash test/gpu/all.sh            # on the GPU machine, with carry [".carry"]
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
RESULTS=${OUT:-/tmp/gpu-all}
LOGS=$(mktemp -d /tmp/gpu-all-logs.XXXXXX)
mkdir -p "$RESULTS"
export TILERT_BUILD_DIR=/tmp/tilert-gpu-build
declare -a NAMES STATUS
step() { # name command...: runs it with its log in $LOGS/<name>.log, records pass/fail
  local name=$1; shift
  local t0=$(date +%s)
  "$@" >"$LOGS/$name.log" 2>&1
  local rc=$?
  NAMES+=("$name"); STATUS+=("$([ $rc = 0 ] && echo ok || echo "FAILED (rc $rc)") $(( $(date +%s) - t0 ))s: $(tail -1 "$LOGS/$name.log" | cut -c1-90)")
  return $rc
}
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader 2>&1 | head -1

step suite env OUT="$LOGS/suite" bash test/gpu/run.sh .carry/kernels
step routes env OUT="$LOGS/routes" bash test/gpu/run_routes.sh .carry/routes
step target env TILERT_BUILD_DIR=/tmp/tilert-target-build bash test/gpu/run_target_check.sh .carry/target
step torch python3 test/gpu/torch/harness.py

CS=$(command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer 2>/dev/null | head -1)
B=$TILERT_BUILD_DIR
if [ -n "$CS" ]; then
  san() { # tool program args...
    local tool=$1; shift
    timeout "${SAN_TIMEOUT:-200}" "$CS" --tool "$tool" --error-exitcode 3 --print-limit 20 "$@"
  }
  step memcheck-suite san memcheck "$B/gpu_suite" .carry/kernels
  if [ "${TORCH_MEMCHECK:-0}" = 1 ]; then
    SAN_TIMEOUT=${SAN_TIMEOUT:-600} step memcheck-torch san memcheck python3 test/gpu/torch/harness.py
  fi
  step memcheck-routes san memcheck "$B/routes" .carry/routes
  step memcheck-smem san memcheck "$B/smem_check" .carry/smem
  step racecheck-suite san racecheck "$B/gpu_suite" .carry/kernels
  step synccheck-suite san synccheck "$B/gpu_suite" .carry/kernels
  step racecheck-routes san racecheck "$B/routes" .carry/routes
  step racecheck-smem san racecheck "$B/smem_check" .carry/smem
  step synccheck-routes san synccheck "$B/routes" .carry/routes
  step synccheck-smem san synccheck "$B/smem_check" .carry/smem
  # the tensor-core kernels (pipelined cp.async stages, wgmma in flight): a missing wait or
  # barrier is a race (about 150 s; RACE_DOT=0 skips it)
  if [ "${RACE_DOT:-1}" = 1 ]; then
    SAN_TIMEOUT=${SAN_TIMEOUT:-400} step racecheck-dot san racecheck python3 test/gpu/torch/harness.py dot
  fi
  # in-kernel descriptors read by TMA (the tensormap written in shared memory, copied to the
  # global scratch, a CTA barrier, then the copies): races and barrier misuse
  DESC_PARTS=(--part "padded copies" --part "rank-3 descriptors" --part "persistent descriptor matmul" --part matmuls
              --part "block pointers remade in the loop")
  step racecheck-desc san racecheck python3 test/gpu/torch/harness.py blockptr "${DESC_PARTS[@]}"
  # register stages (cp.async copies read back with local_load) and tl.dot_scaled's upcasts
  DS_PARTS=(--part "dot_scaled NaN scales" --part "dot_scaled batched, packed along N"
            --part "dequantized operand, register stages")
  step racecheck-dotscaled san racecheck python3 test/gpu/torch/harness.py dotscaled "${DS_PARTS[@]}"
  step synccheck-dotscaled san synccheck python3 test/gpu/torch/harness.py dotscaled "${DS_PARTS[@]}"
  step synccheck-desc san synccheck python3 test/gpu/torch/harness.py blockptr "${DESC_PARTS[@]}"
else
  NAMES+=("sanitizers"); STATUS+=("FAILED: compute-sanitizer not found")
fi

if [ "${NO_BENCH:-0}" != 1 ]; then
  step bench env OUT="$LOGS/bench" bash bench/run.sh .carry/bench
  cp "$LOGS"/bench/*-h[12]00.md "$LOGS"/bench/*-gpu.md "$RESULTS/" 2>/dev/null
  tail -40 "$LOGS/bench.log"
fi

tar -C "$LOGS" -czf "$RESULTS/gpu-logs.tar.gz" . 2>/dev/null
echo
echo "== GPU run summary (logs: gpu-logs.tar.gz)"
fails=0
for i in "${!NAMES[@]}"; do
  printf '%-18s %s\n' "${NAMES[$i]}" "${STATUS[$i]}"
  case ${STATUS[$i]} in FAILED*) fails=$((fails + 1)) ;; esac
done
echo "$(( ${#NAMES[@]} - fails )) passed, $fails failed"
[ $fails = 0 ]
