#!/usr/bin/env bash
# The main job: set up, build, compile every example in examples/ to PTX (with metadata)
# and dump the IR after every pass. Outputs land in build/examples/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh build
out=build/examples
rm -rf "$out"; mkdir -p "$out"
fail=0
while IFS='|' read -r name file args; do
  [ -n "$name" ] || continue
  dump="$out/dumps/$name"
  mkdir -p "$dump"
  # shellcheck disable=SC2086
  if eval build/tilec "examples/$file" $args -o "$out/$name.ptx" --dump-dir "$dump" 2>"$out/$name.log"; then
    printf '  %-22s -> %s (+ %s.json), %s dumps in %s/\n' "$name" "$out/$name.ptx" "$name" "$(ls "$dump" | wc -l)" "$dump"
  else
    printf '  %-22s FAILED (see %s)\n' "$name" "$out/$name.log"; cat "$out/$name.log"; fail=1
  fi
done < <(grep -v '^#' examples/examples.txt)
echo
echo "PTX and metadata: $out/*.ptx, $out/*.json; per-pass IR dumps: $out/dumps/<kernel>/NN-PASS.ir"
echo "(re-run one pass on a dump: build/tilec-opt $out/dumps/<kernel>/01-inline.ir --canonicalize)"
exit $fail
