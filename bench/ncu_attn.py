# Flash attention through descriptors (examples/flash_attention_tma.tir, B4 H32 S4096 D128,
# BLOCK_M 128, BLOCK_N 64, 8 warps, 3 stages): tilec's bench_attn_tma_d128[_causal] (.carry/
# torch) launched twice, then Triton's JIT of the same text twice, for Nsight Compute:
#
#   ncu --kernel-name _attn_fwd_tma --metrics <list> python3 bench/ncu_attn.py [causal]
#
# (launches 1 and 3 are warm-ups; bench/results/2026-11-23-h200-s7.md quotes 2 and 4.)
import os
import sys

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "test", "gpu", "torch"))
sys.dont_write_bytecode = True
import harness  # noqa: E402


def main():
    from triton.tools.tensor_descriptor import TensorDescriptor
    causal = len(sys.argv) > 1 and sys.argv[1] == "causal"
    h = harness.open_harness(None)
    B, H, S, D = 4, 32, 4096, 128
    q, k, v = (torch.randn(B, H, S, D, device="cuda", dtype=torch.float16) for _ in range(3))
    o = torch.empty_like(q)
    views = [t.view(B * H * S, D) for t in (q, k, v, o)]
    rows = (128, 64, 64, 128)
    grid = (S // 128, B * H)
    kern = h.kernel("bench_attn_tma_d128_causal" if causal else "bench_attn_tma_d128")
    descs = [h.tensordesc(t, [r, D]) for t, r in zip(views, rows)]
    for _ in range(2):
        kern(grid, *descs, D ** -0.5, S)
    jit = h.triton("examples/flash_attention_tma.tir", "_attn_fwd_tma")
    td = [TensorDescriptor(t, t.shape, t.stride(), [r, D]) for t, r in zip(views, rows)]
    for _ in range(2):
        jit[grid](*td, D ** -0.5, S, HEAD_DIM=D, BLOCK_M=128, BLOCK_N=64, CAUSAL=causal, num_warps=8, num_stages=3)
    torch.cuda.synchronize()


if __name__ == "__main__":
    main()
