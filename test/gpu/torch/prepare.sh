#!/usr/bin/env bash
# Dev machine: compiles the kernels of the torch checks into .carry/torch/ (the GPU machine
# has no LLVM). Reads every test/gpu/torch/kernels_*.txt; a line is
#   name|file.tir|kernel_name|tilec arguments
# (file relative to the repository root; `#` starts a comment line; blank lines are skipped)
# and is compiled with `tilec FILE --kernel KERNEL ARGS -o .carry/torch/NAME.ptx`, which
# writes NAME.ptx and NAME.json. .carry/torch/index.txt lists the lines that compiled
# (the harness reads it); FAILED.txt the ones that did not, with tilec's first error lines.
#
#   bash test/gpu/torch/prepare.sh            # TILEC=path/to/tilec to use another build
#
# Every line is tried; a line that fails is named (kernels_X.txt:LINE: name: error) and the
# exit status is 1. A duplicate name or a malformed line is also a failure.
set -uo pipefail
cd "$(dirname "$0")/../../.."
OUTDIR=${TORCH_CARRY_DIR:-.carry/torch}    # where the PTX goes
LISTDIR=${TORCH_LIST_DIR:-test/gpu/torch}  # where the kernels_*.txt are (tests use others)
if [ -z "${TILEC:-}" ]; then
  bash scripts/build.sh build || { echo "torch prepare: FAILED: building tilec (build/)"; exit 1; }
  TILEC=build/tilec
fi
rm -rf "$OUTDIR"
mkdir -p "$OUTDIR"
: >"$OUTDIR/index.txt"
: >"$OUTDIR/FAILED.txt"
declare -A seen
ok=0 bad=0
fail() { # where message
  echo "torch prepare: FAILED: $1: $2" | tee -a "$OUTDIR/FAILED.txt" >&2
  bad=$((bad + 1))
}
shopt -s nullglob
for list in "$LISTDIR"/kernels_*.txt; do
  n=0
  while IFS= read -r line || [ -n "$line" ]; do
    n=$((n + 1))
    case $line in ''|'#'*) continue ;; esac
    where="$list:$n"
    IFS='|' read -r name file kernel args <<<"$line"
    if [ -z "$name" ] || [ -z "$file" ] || [ -z "$kernel" ]; then
      fail "$where" "malformed line (want name|file.tir|kernel|tilec args): $line"; continue
    fi
    case $name in *[!A-Za-z0-9_.-]*) fail "$where" "bad name '$name' (letters, digits, _ . -)"; continue ;; esac
    if [ -n "${seen[$name]:-}" ]; then fail "$where" "$name: duplicate name (first at ${seen[$name]})"; continue; fi
    seen[$name]=$where
    if [ ! -f "$file" ]; then fail "$where" "$name: no file $file"; continue; fi
    if ! eval "\"$TILEC\" \"$file\" --kernel \"$kernel\" $args -o \"$OUTDIR/$name.ptx\"" \
         >"$OUTDIR/$name.log" 2>&1; then
      fail "$where" "$name: tilec $file --kernel $kernel $args: $(grep -m3 -E 'error' "$OUTDIR/$name.log" | tr '\n' ' ')"
      rm -f "$OUTDIR/$name.ptx" "$OUTDIR/$name.json"
      continue
    fi
    rm -f "$OUTDIR/$name.log"
    printf '%s|%s|%s|%s\n' "$name" "$file" "$kernel" "$args" >>"$OUTDIR/index.txt"
    ok=$((ok + 1))
  done <"$list"
done
git rev-parse --short HEAD >"$OUTDIR/COMMIT" 2>/dev/null || true
echo "torch prepare: $ok compiled, $bad failed (into $OUTDIR)"
[ $bad = 0 ]
