#!/usr/bin/env bash
# GPU machine: where the matmul tutorial's cold first call spends its critical path, on this
# machine's CPU. Needs .carry/tune/tilec.xz (a static, stripped tilec) and .carry/tune/mm8v/
# (the 8 variants' PTX, tilec --variants), from the dev machine.
#   1. tilec --pass-timing on the biggest variant (128x256x64, 8 warps, 3 stages), 3 times;
#   2. tilec on all 8 variants: one thread, then 8 threads (wall);
#   3. ptxas on each variant alone, then on all 8 at once (wall);
#   4. the cuBLAS kernels torch runs for the benchmark's matmuls (names: tile, cluster).
set -u
cd "$(dirname "$0")/../../.."
W=$(mktemp -d /tmp/floor.XXXXXX)
xz -dc .carry/tune/tilec.xz >"$W/tilec" && chmod +x "$W/tilec"
S='*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,i32:16,1,i32:16,1,i32:16,1'
ms() { python3 -c 'import time; print(time.time()*1000)'; }
echo "== 1. biggest variant, phases"
for i in 1 2 3; do
  "$W/tilec" examples/matmul_tutorial.tir --arch sm_90a -o "$W/big.ptx" --signature "$S,128,256,64,8,\"\"" \
    --num-warps 8 --num-stages 3 --pass-timing 2>&1 | grep -E "frontend|llvm|total" | tr -s ' ' | tr '\n' ';'; echo
done
echo "== 2. all 8 variants"
for t in 1 8; do
  a=$(ms); "$W/tilec" examples/matmul_tutorial.tir --arch sm_90a -o "$W/all.ptx" --threads $t \
    --signature "$S,autotune,autotune,autotune,autotune,\"\""; b=$(ms)
  python3 -c "print('threads $t: %.0f ms' % ($b - $a))"
done
echo "== 3. ptxas"
P=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
for f in .carry/tune/mm8v/*.ptx; do
  a=$(ms); "$P" -arch=sm_90a "$f" -o "$W/x.cubin"; b=$(ms)
  python3 -c "print('%s: %.0f ms' % ('$(basename "$f")', $b - $a))"
done
a=$(ms)
for f in .carry/tune/mm8v/*.ptx; do "$P" -arch=sm_90a "$f" -o "$W/$(basename "$f").cubin" & done; wait
b=$(ms); python3 -c "print('8 at once: %.0f ms' % ($b - $a))"
echo "== 4. cuBLAS kernels"
python3 - <<'PY'
import torch
from torch.profiler import profile, ProfilerActivity
for dt, n in ((torch.float16, 4096), (torch.float16, 8192), (torch.bfloat16, 4096)):
    a = torch.randn(n, n, device="cuda").to(dt); bt = torch.randn(n, n, device="cuda").to(dt)
    torch.matmul(a, bt.t()); torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as p:
        torch.matmul(a, bt.t()); torch.cuda.synchronize()
    names = sorted({e.name for e in p.events() if e.device_type == torch.autograd.DeviceType.CUDA})
    print(dt, n, names)
PY
lscpu | grep -E "Model name|MHz" | head -3
