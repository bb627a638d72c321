#!/usr/bin/env bash
# Dev machine: the PTX for bench/norm_ab.py (the layer-norm / RMSNorm A/B on the GPU machine)
# into .carry/norm_ab/:
#   old/  the benchmark kernels bench_{ln,rms}_f16_w{4,8} (kernels_norms.txt) and
#         bench_argmax_f32_w{4,8} (kernels_scans.txt, also hinted now), compiled
#         by tilec at commit 18ea346 (before the occupancy hint; built from `git archive` in
#         $OLD_BUILD, or $OLD_TILEC when given)
#   new/  the same lines compiled by this tree's tilec (build/, or $TILEC)
#   k1/, k2/  new/'s PTX with .minnctapersm forced to 1 and 2 (how sensitive the result is to
#         the hint's value; K = 1 bounds nothing at 4 and 8 warps)
# Each folder holds NAME.ptx, NAME.json and index.txt, as test/gpu/torch/prepare.sh writes
# them (the torch harness reads them). regs.txt: ptxas -v register and spill counts of every
# PTX (ptxas of /usr/local/cuda or $PTXAS; the GPU driver's JIT may differ slightly).
#
#   bash bench/norm_ab_prepare.sh          # then, on the GPU machine: python3 bench/norm_ab.py
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT=.carry/norm_ab
OLD_COMMIT=18ea346
OLD_BUILD=${OLD_BUILD:-/tmp/tilec-norm-ab-old}
NAMES="bench_ln_f16_w4 bench_ln_f16_w8 bench_rms_f16_w4 bench_rms_f16_w8 bench_argmax_f32_w4 bench_argmax_f32_w8"

if [ -z "${TILEC:-}" ]; then
  bash scripts/build.sh build >/dev/null
  TILEC=$ROOT/build/tilec
fi
if [ -z "${OLD_TILEC:-}" ]; then
  if [ ! -x "$OLD_BUILD/build/tilec" ] || [ "$(cat "$OLD_BUILD/COMMIT" 2>/dev/null)" != $OLD_COMMIT ]; then
    echo "norm_ab_prepare: building tilec at $OLD_COMMIT in $OLD_BUILD (a few minutes)"
    rm -rf "$OLD_BUILD" && mkdir -p "$OLD_BUILD/src"
    git archive $OLD_COMMIT | tar -x -C "$OLD_BUILD/src"
    cmake -S "$OLD_BUILD/src" -B "$OLD_BUILD/build" -DCMAKE_BUILD_TYPE=Release >"$OLD_BUILD/configure.log" 2>&1
    cmake --build "$OLD_BUILD/build" -j"$(nproc)" --target tilec-bin >"$OLD_BUILD/build.log" 2>&1 ||
      { tail -20 "$OLD_BUILD/build.log"; exit 1; }
    echo $OLD_COMMIT >"$OLD_BUILD/COMMIT"
  fi
  OLD_TILEC=$OLD_BUILD/build/tilec
fi

# compile DIR TILEC: the NAMES lines of the kernel lists into DIR (as prepare.sh does)
compile() {
  local dir=$1 tc=$2 name file kernel args
  rm -rf "$dir" && mkdir -p "$dir" && : >"$dir/index.txt"
  for name in $NAMES; do
    IFS='|' read -r name file kernel args < <(grep -h "^$name|" test/gpu/torch/kernels_*.txt)
    eval "\"$tc\" \"$file\" --kernel \"$kernel\" $args -o \"$dir/$name.ptx\""
    printf '%s|%s|%s|%s\n' "$name" "$file" "$kernel" "$args" >>"$dir/index.txt"
  done
}
compile $OUT/old "$OLD_TILEC"
compile $OUT/new "$TILEC"
for k in 1 2; do
  rm -rf $OUT/k$k && cp -r $OUT/new $OUT/k$k
  for f in $OUT/k$k/*.ptx; do
    grep -q '^\.minnctapersm' "$f" || { echo "norm_ab_prepare: $f has no .minnctapersm"; exit 1; }
    sed -i "s/^\.minnctapersm .*/.minnctapersm $k/" "$f"
  done
done

PTXAS=${PTXAS:-$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}
: >$OUT/regs.txt
if [ -x "$PTXAS" ]; then
  for v in old new k1 k2; do
    for name in $NAMES; do
      info=$("$PTXAS" -arch=sm_90a -v $OUT/$v/$name.ptx -o /dev/null 2>&1)
      regs=$(echo "$info" | grep -o 'Used [0-9]* registers' | grep -o '[0-9]*')
      spill=$(echo "$info" | grep -o '[0-9]* bytes spill stores' | grep -o '^[0-9]*')
      echo "$v $name $regs ${spill:-0}" >>$OUT/regs.txt
    done
  done
fi
git rev-parse --short HEAD >$OUT/COMMIT
echo "norm_ab_prepare: $OUT/{old,new,k1,k2} ready ($(wc -l <$OUT/regs.txt) ptxas counts)"
