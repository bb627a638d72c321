#!/bin/sh
# usage: reparse-all.sh TILEC_OPT DIR: every DIR/*.ir parses, verifies, and prints back to
# the same text (a fixed point after one round trip). Prints one line per file.
opt=$1; dir=$2; n=0
for f in "$dir"/*.ir; do
  "$opt" "$f" > "$f.reparsed" || { echo "FAILED to parse $f"; exit 1; }
  "$opt" "$f.reparsed" | diff "$f.reparsed" - > /dev/null || { echo "NOT a fixed point: $f"; exit 1; }
  cmp -s "$f" "$f.reparsed" || { echo "differs from its dump: $f"; exit 1; }
  n=$((n + 1))
done
echo "reparsed $n dumps"
