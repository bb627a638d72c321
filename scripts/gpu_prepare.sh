#!/usr/bin/env bash
# Compiles the kernels the GPU machine needs (it has no LLVM) into .carry/kernels/:
#   <name>_w4.ptx/.json and <name>_w8.ptx/.json for every line of examples/examples.txt
#   (the GPU correctness suite), and the benchmark variants listed in bench/kernels.txt
#   (<name>.ptx/.json, compiled with the arguments given there).
# Then run on the GPU machine with `carry: [".carry"]`:
#   bash test/gpu/run.sh .carry/kernels; bash bench/run.sh .carry/kernels
set -euo pipefail
cd "$(dirname "$0")/.."
tilec=${TILEC:-build/tilec}
out=.carry/kernels
rm -rf "$out"; mkdir -p "$out"
compile() { # name file args...
  local name=$1 file=$2; shift 2
  eval "\"$tilec\" \"examples/$file\" $* -o \"$out/$name.ptx\""
}
while IFS='|' read -r name file args; do
  [ -n "$name" ] || continue
  for w in 4 8; do compile "${name}_w$w" "$file" "$args" --num-warps $w; done
done < <(grep -v '^#' examples/examples.txt)
if [ -f bench/kernels.txt ]; then
  while IFS='|' read -r name file args; do
    [ -n "$name" ] || continue
    compile "$name" "$file" "$args"
  done < <(grep -v '^#' bench/kernels.txt)
fi
git rev-parse --short HEAD > "$out/COMMIT" 2>/dev/null || true
ls "$out" | wc -l | xargs echo "gpu_prepare: files in $out:"
