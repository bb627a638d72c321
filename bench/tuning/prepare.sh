#!/usr/bin/env bash
# Dev machine: builds tune_gpu for the GPU machine (which has no LLVM): Release, libtilert
# with the JIT path and LLVM linked statically (TILEC_LLVM_STATIC), --gc-sections, stripped,
# xz-compressed into .carry/tune/tune_gpu.xz (about 10 MB; 36 MB unpacked). bench/tuning/gpu.sh
# unpacks it there. Prints the size of what it wrote and of the whole .carry.
#
#   bash bench/tuning/prepare.sh            # BUILD_DIR=build-static by default
set -euo pipefail
cd "$(dirname "$0")/../.."
B=${BUILD_DIR:-build-static}
mkdir -p "$B" .carry/tune
if ! cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release -DTILEC_LLVM_STATIC=ON -DTILEC_BUILD_SHARED=OFF \
     >"$B/configure.log" 2>&1; then
  cat "$B/configure.log"; exit 1
fi
if ! cmake --build "$B" -j"$(nproc)" --target tune_gpu tilert_cuda_mock tilec-bin >"$B/build-tune.log" 2>&1; then
  grep -E 'error|Error' "$B/build-tune.log" | head -30; echo "prepare: build failed: $B/build-tune.log"; exit 1
fi
strip -o "$B/tune_gpu.stripped" "$B/tune_gpu"
# It must start where LLVM is not installed: nothing of LLVM may be a shared dependency.
if ldd "$B/tune_gpu.stripped" | grep -qi llvm; then echo "prepare: tune_gpu links a shared LLVM"; exit 1; fi
xz -T0 -6 -c "$B/tune_gpu.stripped" > .carry/tune/tune_gpu.xz
git rev-parse HEAD > .carry/tune/COMMIT 2>/dev/null || true
# The 8 matmul-tutorial variants as one PTX module, for bench/tuning/probe/split_probe.py.
"$B/tilec" examples/matmul_tutorial.tir --arch sm_90a -o .carry/tune/matmul8.ptx \
  --signature '*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,i32:16,1,i32:16,1,i32:16,1,autotune,autotune,autotune,autotune,""'
# A smoke run on the mock driver: the runtime starts and reports the mock device.
TILERT_LIBCUDA="$PWD/$B/libtilert_cuda_mock.so" TILERT_MOCK_NO_RUN=1 TILERT_CACHE_DIR="$(mktemp -d)" \
  "$B/tune_gpu.stripped" first-call add --n 4096 --phase smoke | grep -q '"device": "Mock' ||
  { echo "prepare: the stripped tune_gpu failed its smoke run on the mock driver"; exit 1; }
ls -l "$B/tune_gpu.stripped" .carry/tune/tune_gpu.xz | awk '{print "prepare: " $5 " bytes  " $9}'
du -sh .carry | sed 's/^/prepare: carry total /'
