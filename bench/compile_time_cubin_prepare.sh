#!/usr/bin/env bash
# Dev machine: tilec, compile_time and compile_time_asm linked with LLVM static (the GPU
# machine has no LLVM), stripped and xz-compressed into .carry/ctb/ for
# bench/compile_time_cubin.py there:
#   bash bench/compile_time_cubin_prepare.sh          # here (after bench/tuning/prepare.sh
#                                                      # has configured build-static)
#   mkdir -p /tmp/ctb && for f in .carry/ctb/*.xz; do xz -dc $f > /tmp/ctb/$(basename $f .xz); done
#   chmod +x /tmp/ctb/*; CUDA_CACHE_DISABLE=1 python3 bench/compile_time_cubin.py --build /tmp/ctb --reps 5
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BUILD_DIR:-build-static}
[ -f "$B/CMakeCache.txt" ] || { echo "compile_time_cubin_prepare: run bench/tuning/prepare.sh first (configures $B)"; exit 1; }
cmake --build "$B" -j"$(nproc)" --target compile_time compile_time_asm tilec-bin >"$B/build-ctb.log" 2>&1 ||
  { tail -20 "$B/build-ctb.log"; exit 1; }
mkdir -p .carry/ctb
for p in tilec compile_time compile_time_asm; do
  strip -o "$B/$p.stripped" "$B/$p"
  if ldd "$B/$p.stripped" | grep -qi llvm; then echo "compile_time_cubin_prepare: $p links a shared LLVM"; exit 1; fi
  xz -T0 -6 -c "$B/$p.stripped" > ".carry/ctb/$p.xz"
done
ls -l .carry/ctb | awk 'NR > 1 {print "compile_time_cubin_prepare: " $5 " bytes  " $9}'
du -sh .carry | sed 's/^/compile_time_cubin_prepare: carry total /'
