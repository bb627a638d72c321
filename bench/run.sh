#!/usr/bin/env bash
# Benchmarks in ONE run on one GPU: tilec kernels through libtilert (bench_tilec), the launch
# overhead (launch_overhead), then Triton and torch on the same shapes (peers.py), and the
# norm/softmax family, all three implementations (norms.py, kernels from .carry/torch); merged into
# bench/results/<YYYY-MM-DD>-<h100|h200|gpu>.md (copied into $OUT) and printed last.
#
#   bash bench/run.sh .carry/kernels     # on the GPU machine (kernels compiled by tilec here)
#   bash bench/run.sh --mock             # anywhere: builds and runs against a host stand-in
#                                        # for libcuda (no peers; checks the plumbing only)
#   NO_MATMUL=1 bash bench/run.sh ...    # without matmul.py (the dots' own runs cover it)
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${TILERT_BUILD_DIR:-/tmp/tilert-bench-build}
LOGS=${OUT:-/tmp/tilert-bench-logs}
mkdir -p "$LOGS" "$BUILD" "$ROOT/bench/results"
MOCK=0
if [ "${1:-}" = "--mock" ]; then MOCK=1; KDIR=$BUILD/mock_kernels; else KDIR=${1:-$ROOT/.carry/kernels}; fi
KDIR=$(cd "$KDIR" 2>/dev/null && pwd || echo "$KDIR")
JOBS=$(nproc 2>/dev/null || echo 4)
T0=$(date +%s)

echo "== build (Release) in $BUILD"
if ! { cmake -S "$ROOT" -B "$BUILD" -DTILEC_BUILD_COMPILER=OFF -DTILEC_WERROR=ON -DCMAKE_BUILD_TYPE=Release &&
       cmake --build "$BUILD" -j"$JOBS" --target tilert; } >"$LOGS/bench_build.log" 2>&1; then
  tail -30 "$LOGS/bench_build.log"; echo "bench: build failed"; exit 2
fi
for prog in bench_tilec launch_overhead; do
  if ! gcc -std=c11 -O2 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -I"$ROOT/include" "$ROOT/bench/$prog.c" \
       "$BUILD/libtilert.a" -ldl -lm -lpthread -o "$BUILD/$prog" >>"$LOGS/bench_build.log" 2>&1; then
    tail -30 "$LOGS/bench_build.log"; echo "bench: build of $prog failed"; exit 2
  fi
done

if [ $MOCK = 1 ]; then
  # the GPU suite's mock kernels and mock driver
  TILERT_BUILD_DIR=$BUILD OUT=$LOGS bash "$ROOT/test/gpu/run.sh" --mock >/dev/null 2>&1
  export TILERT_LIBCUDA=$BUILD/libcuda_mock.so
  KDIR=$BUILD/mock_kernels
fi

GPU=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)
[ -n "$GPU" ] || GPU="no nvidia-smi (mock or no GPU)"
echo "== GPU: $GPU; kernels: $KDIR"

echo "== bench_tilec"
BARGS="50 28"; [ $MOCK = 1 ] && BARGS="3 18"
"$BUILD/bench_tilec" "$KDIR" $BARGS >"$LOGS/tilec.jsonl" 2>"$LOGS/tilec.err"; echo "   rc=$? ($(wc -l <"$LOGS/tilec.jsonl") results)"
cat "$LOGS/tilec.err"
echo "== launch_overhead"
"$BUILD/launch_overhead" $([ $MOCK = 1 ] && echo 2000 || echo 100000) >"$LOGS/launch.jsonl" 2>"$LOGS/launch.err"; echo "   rc=$?"
cat "$LOGS/launch.err"
if [ $MOCK = 0 ]; then
  echo "== peers.py (Triton, torch)"
  timeout 300 python3 "$ROOT/bench/peers.py" "$KDIR" >"$LOGS/peers.jsonl" 2>"$LOGS/peers.err"; echo "   rc=$?"
  tail -5 "$LOGS/peers.err"
  # the norm/softmax family: tilec through the torch harness (kernels in .carry/torch)
  TORCH_DIR=${TORCH_DIR:-$(dirname "$KDIR")/torch}
  echo "== norms.py ($TORCH_DIR: tilec, Triton, torch)"
  TILERT_BUILD_DIR=$BUILD timeout 400 python3 "$ROOT/bench/norms.py" "$TORCH_DIR" >"$LOGS/norms.jsonl" 2>"$LOGS/norms.err"
  echo "   rc=$? ($(wc -l <"$LOGS/norms.jsonl") results)"
  tail -5 "$LOGS/norms.err"
  if [ "${NO_MATMUL:-0}" != 1 ]; then
    echo "== matmul.py ($TORCH_DIR: tilec mma.sync / wgmma, Triton, cuBLAS / SDPA)"
    TILERT_BUILD_DIR=$BUILD timeout 500 python3 "$ROOT/bench/matmul.py" "$TORCH_DIR" >"$LOGS/matmul.jsonl" 2>"$LOGS/matmul.err"
    echo "   rc=$? ($(wc -l <"$LOGS/matmul.jsonl") results)"
    tail -5 "$LOGS/matmul.err"
    python3 "$ROOT/bench/report_dots.py" "$LOGS/matmul.jsonl" "$GPU" | tee "$LOGS/matmul.md"
  fi
else
  : >"$LOGS/peers.jsonl"
  : >"$LOGS/norms.jsonl"
fi

# Named after the GPU the run had (the lent machine may be an H100 or an H200).
case "$GPU" in *H200*) TAG=h200 ;; *H100*) TAG=h100 ;; *) TAG=gpu ;; esac
REPORT=$ROOT/bench/results/$(date +%Y-%m-%d)-$TAG.md
[ $MOCK = 1 ] && REPORT=$LOGS/mock-report.md
echo "== report ($(( $(date +%s) - T0 )) s so far): $REPORT"
echo
python3 "$ROOT/bench/report.py" "$REPORT" "$GPU" "$LOGS/tilec.jsonl" "$LOGS/launch.jsonl" "$LOGS/peers.jsonl" "$LOGS/norms.jsonl"
[ -n "${OUT:-}" ] && cp "$REPORT" "$OUT/" 2>/dev/null
exit 0
