#!/usr/bin/env bash
# Compiles the convert_layout route kernels (test/gpu/Inputs/routes/*.ir, written by
# test/gpu/gen_route_kernels.py) into .carry/routes/<name>.ptx plus <name>.json (metadata:
# two f32/f16/i8 pointers, 4 warps, the dynamic shared-memory size the allocator chose,
# constexpr NUMEL = the tensor's element count), for the
# GPU machine, which has no LLVM. ptxas checks each PTX where it is installed.
# Then, on the GPU machine (carry: [".carry"]): bash test/gpu/run_routes.sh .carry/routes
set -euo pipefail
cd "$(dirname "$0")/../.."
opt=${TILEC_OPT:-build/tilec-opt}
arch=${ARCH:-sm_80}
out=.carry/routes
rm -rf "$out"; mkdir -p "$out"
ptxas=$(command -v ptxas || { [ -x /usr/local/cuda/bin/ptxas ] && echo /usr/local/cuda/bin/ptxas; } || true)
for ir in test/gpu/Inputs/routes/*.ir; do
  name=$(basename "$ir" .ir)
  # the pipeline's last two passes place the scratch and the barriers; the module's
  # tgpu.shared is the kernel's dynamic shared-memory size
  "$opt" "$ir" --allocate-shared-memory --membar -o "$out/$name.ir"
  "$opt" "$out/$name.ir" --emit=ptx --arch "$arch" -o "$out/$name.ptx"
  shared=$(sed -n 's/.*tgpu.shared = \([0-9]*\) : i32.*/\1/p' "$out/$name.ir" | head -1)
  rm -f "$out/$name.ir"
  [ -z "$ptxas" ] || "$ptxas" -arch="$arch" -o /dev/null "$out/$name.ptx"
  case $name in *_f32) dt=fp32 ;; *_f16) dt=fp16 ;; *_i8) dt=i8 ;; *) echo "bad name $name"; exit 1 ;; esac
  numel=$(sed -n 's|^// NUMEL: \([0-9]*\)$|\1|p' "$ir")
  cat >"$out/$name.json" <<JSON
{"format": "tilec-metadata", "version": 1, "compiler": "tilec-opt", "target": "$arch",
 "kernels": [{"name": "$name", "num_warps": 4, "threads_per_block": 128, "shared_bytes": ${shared:-0},
   "params": [{"name": "in", "kind": "ptr", "dtype": "$dt", "align": 16},
              {"name": "out", "kind": "ptr", "dtype": "$dt", "align": 16}],
   "constexprs": {"NUMEL": $numel}}]}
JSON
done
git rev-parse --short HEAD > "$out/COMMIT" 2>/dev/null || true
echo "prepare_routes: $(ls "$out"/*.ptx | wc -l) kernels in $out (arch $arch${ptxas:+, ptxas ok})"
