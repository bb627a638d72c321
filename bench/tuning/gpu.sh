#!/usr/bin/env bash
# GPU machine: issue 10's measurements in one run (bench/tuning/README.md). Needs
# .carry/tune/tune_gpu.xz from bench/tuning/prepare.sh (carry [".carry"]); runs from the
# repository root; writes its logs and results to $OUT; about 2 minutes.
#   1. first call of an autotuned kernel, tilec beside Triton, same .tir text and configs:
#      add (6 configs), rowsum (6), matmul_tutorial (8, f16 4096^3); each side in a fresh
#      process with empty cache folders (cold; REPS times, default 3, the median reported),
#      then a second process on the first one's caches (warm); then
#      bench/tuning/probe/split_probe.py on the 8 matmul variants as one module (-split-compile);
#   2. tuning correctness: heuristics, prune_configs_by, reset_to_zero (tune_gpu check);
#   3. specialization: FlagGems-style strided pointwise kernels, tilec's runtime
#      specialization vs Triton's JIT, and both compiled from the same unhinted signature.
# Prints the table last (also $OUT/tune-report.md). Without a GPU or Triton the missing
# parts are reported as errors in the table, not fatal. MOCK=1 runs the tilec half on the
# host stand-in for libcuda (dev machine: BUILD_DIR's tune_gpu and mock).
#
#   bash bench/tuning/gpu.sh
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
RES=${OUT:-/tmp/tune-gpu-out}
mkdir -p "$RES"
J=$RES/tune-results.jsonl
L=$RES/tune-gpu.log
: >"$J"
: >"$L"
WORK=$(mktemp -d /tmp/tune-gpu.XXXXXX)
say() { echo "== $*" | tee -a "$L" >&2; }

if [ "${MOCK:-0}" = 1 ]; then
  B=${BUILD_DIR:-build-static}
  case $B in /*) ;; *) B=$ROOT/$B ;; esac
  TG=$B/tune_gpu
  export TILERT_LIBCUDA=$B/libtilert_cuda_mock.so TILERT_MOCK_NO_RUN=1
  SIZES_ADD="--n 65536" SIZES_ROW="--m 256 --n 1024" SIZES_MM="--m 512 --n 512 --k 512" SIZES_ATTN="--m 2 --n 512"
else
  TG=$WORK/tune_gpu
  if [ -f .carry/tune/tune_gpu.xz ]; then
    xz -dc .carry/tune/tune_gpu.xz >"$TG" 2>/dev/null ||
      python3 -c 'import lzma,sys; sys.stdout.buffer.write(lzma.open(sys.argv[1]).read())' .carry/tune/tune_gpu.xz >"$TG"
    chmod +x "$TG"
  else
    say "no .carry/tune/tune_gpu.xz: run bash bench/tuning/prepare.sh on the dev machine"
  fi
  SIZES_ADD="" SIZES_ROW="" SIZES_MM="" SIZES_ATTN=""
fi
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv,noheader 2>&1 | head -1 | tee -a "$L"
# The program prints its usage (exit 2) when it starts at all; a loader error (a missing
# library, an older glibc than the dev machine's 2.36) is said here once, not per step.
if [ -x "$TG" ]; then
  "$TG" >"$WORK/start" 2>&1
  grep -q usage "$WORK/start" || say "tune_gpu does not start here: $(head -3 "$WORK/start" | tr '\n' ' ')"
fi

# run LABEL TIMEOUT command...: stdout's JSON lines to $J, everything to $L.
run() {
  local label=$1 limit=$2; shift 2
  say "$label: $*"
  timeout "$limit" "$@" >"$WORK/out" 2>"$WORK/err"
  local rc=$?
  cat "$WORK/out" >>"$J"
  { cat "$WORK/out"; cat "$WORK/err"; echo "(rc $rc)"; } >>"$L"
  [ $rc = 0 ] || { say "$label: rc $rc: $(tail -3 "$WORK/err" | tr '\n' ' ' | cut -c1-300)"; }
  return 0
}

# 1. first calls: tilec cold and warm, Triton cold and warm, each case its own cache folders.
# Each side also gets its own empty CUDA compute cache (CUDA_CACHE_PATH): nvJitLink 13 keeps
# compiled PTX there (a hit takes 0.3 ms), so a cold run must not find an earlier run's work.
# first_calls CASE PHASE LABEL N: tilec, then Triton (not on the mock), on the cache folders
# of cold run N (created empty when new).
first_calls() {
  local c=$1 phase=$2 label=$3 td=$WORK/tilec-cache-$1-$4 pd=$WORK/triton-cache-$1-$4 s
  case $c in add) s=$SIZES_ADD ;; rowsum) s=$SIZES_ROW ;; matmul) s=$SIZES_MM ;; attention) s=$SIZES_ATTN ;; esac
  mkdir -p "$td" "$pd" "$td-cuda" "$pd-cuda"
  run "tilec first call $c $label" 180 env TILERT_CACHE_DIR="$td" CUDA_CACHE_PATH="$td-cuda" \
    "$TG" first-call "$c" --phase "$phase" $s
  [ "${MOCK:-0}" = 1 ] ||
    run "triton first call $c $label" 300 env TRITON_CACHE_DIR="$pd" CUDA_CACHE_PATH="$pd-cuda" \
      TRITON_CACHE_AUTOTUNING=1 python3 bench/tuning/first_call_triton.py "$c" --phase "$phase"
}
# cold REPS times (each with empty caches; report.py gives the median), then warm on the
# first cold run's caches
for c in add rowsum matmul; do
  for rep in $(seq 1 "${REPS:-3}"); do first_calls $c cold "cold ($rep)" "$rep"; done
  first_calls $c warm warm 1
done
# Triton's fused-attention tutorial as written (16 configs left after its keep() and prune; no
# target of issue 10): REPS_ATTN cold runs each side (default 1), then warm; ATTN=0 skips it.
if [ "${ATTN:-1}" = 1 ]; then
  for rep in $(seq 1 "${REPS_ATTN:-1}"); do first_calls attention cold "cold ($rep)" "$rep"; done
  first_calls attention warm warm 1
fi

# 1b. nvJitLink's -split-compile on the 8 matmul variants as ONE module (the session-5
# puzzle: 1.3 ms with 16 threads against 686 ms), fresh processes, split first.
if [ -f .carry/tune/matmul8.ptx ] && [ "${MOCK:-0}" != 1 ]; then
  say "split probe"
  CUDA_CACHE_PATH="$WORK/probe-cuda" python3 bench/tuning/probe/split_probe.py .carry/tune/matmul8.ptx \
    >"$RES/split-probe.jsonl" 2>>"$L"
  cat "$RES/split-probe.jsonl" | tee -a "$L" >&2
fi

# 2. tuning correctness.
run "tilec check" 120 env TILERT_CACHE_DIR="$WORK/check-cache" "$TG" check

# 3. specialization.
run "tilec spec" 150 env TILERT_CACHE_DIR="$WORK/spec-cache" "$TG" spec
[ "${MOCK:-0}" = 1 ] || run "triton spec" 180 env TRITON_CACHE_DIR="$WORK/triton-spec-cache" python3 bench/tuning/spec_triton.py

python3 bench/tuning/report.py "$J" >"$RES/tune-report.md"
tar -C "$WORK" -czf "$RES/tune-work.tar.gz" --exclude tune_gpu . 2>/dev/null
echo
echo "logs: $L, results: $J"
cat "$RES/tune-report.md"
