# One launch of tilec's TMA matmul (examples/matmul_tma.tir, bench_mm_tma_f16_128x256x64_w8_s3
# of .carry/torch) at 4096^3 and at 8192^3, after one warm-up each, for Nsight Compute:
#
#   ncu --launch-skip 1 --launch-count 1 --metrics <list> python3 bench/ncu_tma.py 4096 [carry] [kernel]
#
# (bench/results/2026-11-23-h200-s7.md quotes it: clocks, tensor-pipe and L2/DRAM figures.)
import os
import sys

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "test", "gpu", "torch"))
sys.dont_write_bytecode = True
import harness  # noqa: E402


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
    h = harness.open_harness(sys.argv[2] if len(sys.argv) > 2 else None)
    a = torch.randn(n, n, device="cuda").half()
    bt = torch.randn(n, n, device="cuda").half()
    c = torch.empty(n, n, device="cuda").half()
    k = h.kernel(sys.argv[3] if len(sys.argv) > 3 else "bench_mm_tma_f16_128x256x64_w8_s3")
    descs = (h.tensordesc(a, [128, 64]), h.tensordesc(bt, [256, 64]), h.tensordesc(c, [128, 256]))
    grid = ((n // 128) * (n // 256),)
    for _ in range(2):
        k(grid, *descs, n, n, n)
    torch.cuda.synchronize()


if __name__ == "__main__":
    main()
