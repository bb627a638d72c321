#!/usr/bin/env bash
# Compiles the kernels the GPU machine needs (it has no LLVM) into .carry/kernels/:
#   <name>_w4.ptx/.json and <name>_w8.ptx/.json for every line of examples/examples.txt
#   (the GPU correctness suite), and into .carry/bench/ the same names for the benchmark
#   variants listed in bench/kernels.txt (specialized as Triton's JIT would be).
# Then run on the GPU machine with `carry: [".carry"]`:
#   bash test/gpu/run.sh .carry/kernels; bash bench/run.sh .carry/bench
set -euo pipefail
cd "$(dirname "$0")/.."
tilec=${TILEC:-build/tilec}
rm -rf .carry/kernels .carry/bench
compile_list() { # list-file out-dir: every kernel for num_warps 4 and 8
  local out=$2
  mkdir -p "$out"
  while IFS='|' read -r name file args; do
    [ -n "$name" ] || continue
    for w in 4 8; do
      eval "\"$tilec\" \"examples/$file\" $args --num-warps $w -o \"$out/${name}_w$w.ptx\""
    done
  done < <(grep -v '^#' "$1")
  git rev-parse --short HEAD > "$out/COMMIT" 2>/dev/null || true
  ls "$out" | wc -l | xargs echo "gpu_prepare: files in $out:"
}
compile_list examples/examples.txt .carry/kernels
compile_list bench/kernels.txt .carry/bench
