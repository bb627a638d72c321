#!/usr/bin/env python3
"""Interleaved matmul measurement on the GPU machine: each round times every implementation
once (do_bench median over 100 ms), 5 rounds (3 at 8192^3), so that the GPU's warming and
clock changes affect them alike; prints the median of the rounds per implementation as JSON
lines. tilec's TMA and persistent TMA kernels (kernels_tma.txt), Triton's JIT of the same
texts and of the pointer tutorial kernel (examples/matmul.tir), and cuBLAS; f16 4096^3,
8192^3, bf16 4096^3.

usage (after test/gpu/prepare_all.sh, on the GPU machine):
  TILERT_BUILD_DIR=/tmp/tb python3 bench/matmul_interleaved.py [CARRY_DIR]
"""
import os, sys
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.argv = [sys.argv[0], sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".carry", "torch")]
sys.path.insert(0, os.path.join(ROOT, "bench"))
import matmul as Mm
import torch
from triton.tools.tensor_descriptor import TensorDescriptor
h = Mm.harness.open_harness(Mm.CARRY)
out = {}
def run(dt, M, N, K, rounds=5):
    a = torch.randn(M, K, device="cuda").to(dt); bt = torch.randn(N, K, device="cuda").to(dt)
    b = bt.t().contiguous()  # K x N: the pointer kernel computes the same product
    c = torch.empty(M, N, device="cuda", dtype=dt)
    tag = "f16" if dt == torch.float16 else "bf16"
    flops = 2 * M * N * K
    impl = {}
    g = (Mm.cdiv(M, 128) * Mm.cdiv(N, 256),)
    kt = h.kernel(f"bench_mm_tma_{tag}_128x256x64_w8_s3")
    dd = (h.tensordesc(a, [128, 64]), h.tensordesc(bt, [256, 64]), h.tensordesc(c, [128, 256]))
    impl["tilec TMA s3"] = lambda: kt(g, *dd, M, N, K)
    jt = h.triton("examples/matmul_tma.tir", "matmul_kernel_tma")
    td = (TensorDescriptor(a, a.shape, a.stride(), [128, 64]), TensorDescriptor(bt, bt.shape, bt.stride(), [256, 64]),
          TensorDescriptor(c, c.shape, c.stride(), [128, 256]))
    impl["triton TMA s3 (same text)"] = lambda: jt[g](*td, M, N, K, BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64,
                                                    GROUP_SIZE_M=8, FP8_OUTPUT=False, WARP_SPECIALIZE=False, num_warps=8, num_stages=3)
    jp = h.triton("examples/matmul.tir", "matmul_kernel")
    jp = getattr(jp, "fn", jp)
    args = (a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1))
    for st in (3, 4):
        impl[f"triton pointer tutorial s{st}"] = (lambda st=st: jp[g](*args, BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64,
                                                                   GROUP_SIZE_M=8, ACTIVATION="", num_warps=8, num_stages=st))
    if dt == torch.float16:
        sms = 132
        gp = (min(sms, Mm.cdiv(M, 128) * Mm.cdiv(N, 256)),)
        jpp = h.triton("examples/matmul_tma_persistent.tir", "matmul_kernel_tma_persistent")
        for sub in (0, 1):
            cbn = 128 if sub else 256
            kp = h.kernel("bench_mm_tma_persist_f16_128x256x64_w8_s3" + ("_sub" if sub else ""))
            dp = (h.tensordesc(a, [128, 64]), h.tensordesc(bt, [256, 64]), h.tensordesc(c, [128, cbn]))
            impl[f"tilec persistent{' sub' if sub else ''}"] = (lambda kp=kp, dp=dp: kp(gp, *dp, M, N, K))
            tp = (TensorDescriptor(a, a.shape, a.stride(), [128, 64]), TensorDescriptor(bt, bt.shape, bt.stride(), [256, 64]),
                  TensorDescriptor(c, c.shape, c.stride(), [128, cbn]))
            impl[f"triton persistent{' sub' if sub else ''}"] = (lambda tp=tp, sub=sub: jpp[gp](*tp, M, N, K, BLOCK_SIZE_M=128,
                BLOCK_SIZE_N=256, BLOCK_SIZE_K=64, GROUP_SIZE_M=8, FP8_OUTPUT=False, EPILOGUE_SUBTILE=bool(sub), NUM_SMS=sms,
                WARP_SPECIALIZE=False, num_warps=8, num_stages=3))
    impl["cuBLAS"] = lambda: torch.matmul(a, bt.t(), out=c)
    ref = (a.float() @ bt.float().t()).to(dt).float()
    check = lambda: torch.allclose(c.float(), ref, atol=1e-2 * K ** 0.5, rtol=2e-2)  # against fp32
    Mm.interleaved_json(f"{tag} {M}^3", impl, check, flops, rounds, c)
run(torch.float16, 4096, 4096, 4096)
run(torch.float16, 8192, 8192, 8192, rounds=3)
run(torch.bfloat16, 4096, 4096, 4096)
