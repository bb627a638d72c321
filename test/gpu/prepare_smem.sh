#!/usr/bin/env bash
# Compiles the shared-memory GPU checks (test/gpu/Inputs/smem_*.ir, tgpu IR) on the dev
# machine into .carry/smem/<name>.ptx + <name>.json: allocate-shared-memory and membar,
# then PTX and the metadata. Fails unless every kernel asks for more than 100 KB of shared
# memory. On the GPU machine (carry: [".carry"]): bash test/gpu/run.sh .carry/kernels runs
# them after the suite (or alone: test/gpu/smem_check .carry/smem after building it).
set -euo pipefail
cd "$(dirname "$0")/../.."
opt=${TILEC_OPT:-build/tilec-opt}
out=.carry/smem
rm -rf "$out"
mkdir -p "$out"
for ir in test/gpu/Inputs/smem_*.ir; do
  name=$(basename "$ir" .ir)
  "$opt" "$ir" --allocate-shared-memory --membar --emit=ptx -o "$out/$name.ptx" --metadata="$out/$name.json"
  bytes=$(sed -n 's/.*"shared_bytes": \([0-9]*\).*/\1/p' "$out/$name.json")
  if [ "${bytes:-0}" -le 102400 ]; then
    echo "prepare_smem: $name asks for ${bytes:-no} shared bytes, expected more than 102400" >&2
    exit 1
  fi
  echo "prepare_smem: $out/$name.ptx ($bytes shared bytes)"
done
git rev-parse --short HEAD > "$out/COMMIT" 2>/dev/null || true
