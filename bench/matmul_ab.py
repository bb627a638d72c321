#!/usr/bin/env python3
"""Two tilec builds of the same matmul kernels side by side, interleaved with Triton's JIT of
the same texts and cuBLAS: each round times every implementation once (do_bench median over
100 ms), so that the power cap's clock changes affect them alike; prints the median over the
rounds per implementation as JSON lines, each row checked against an fp32 product first.
For a compiler change that should move matmul time (or energy) but not results: build the
old tree's kernels into a second carry folder with test/gpu/torch/prepare.sh.

usage (on the GPU machine, after test/gpu/prepare_all.sh here and, for the old build,
TORCH_CARRY_DIR=.carry/old TILEC=OLD/build/tilec bash test/gpu/torch/prepare.sh):
  python3 bench/matmul_ab.py NEW_CARRY OLD_CARRY [ROUNDS]
"""
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
new_carry, old_carry = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
sys.argv = [sys.argv[0], new_carry]
sys.path.insert(0, os.path.join(ROOT, "bench"))
sys.dont_write_bytecode = True
import matmul as Mm  # noqa: E402
import torch  # noqa: E402
from triton.tools.tensor_descriptor import TensorDescriptor  # noqa: E402

new = Mm.harness.open_harness(new_carry)
old = Mm.harness.Harness(old_carry, torch, new.rt)


def run(dt, M, N, K, rounds):
    a, b, c, check, flops, _, args = Mm.problem(dt, M, N, K)
    bt = b.t().contiguous()  # N x K for the descriptors: the same product
    tag = "f16" if dt == torch.float16 else "bf16"
    g = (Mm.cdiv(M, 128) * Mm.cdiv(N, 256),)
    tilec_args = (a, b, c, M, N, K, a.stride(0), b.stride(0), c.stride(0))
    impl = {}
    jp = new.triton("examples/matmul.tir", "matmul_kernel")
    jp = getattr(jp, "fn", jp)
    for st in (3, 4):
        for which, h in (("new", new), ("old", old)):
            k = h.kernel(f"bench_mm_{tag}_128x256x64_w8_s{st}_wgmma")
            impl[f"tilec {which} pointer s{st}"] = (lambda k=k: k(g, *tilec_args))
        impl[f"triton pointer s{st}"] = (lambda st=st: jp[g](*args, BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64,
                                                           GROUP_SIZE_M=8, ACTIVATION="", num_warps=8, num_stages=st))
    g128 = (Mm.cdiv(M, 128) * Mm.cdiv(N, 128),)
    for which, h in (("new", new), ("old", old)):  # the mma.sync path (sm_80 code on the H200)
        k = h.kernel(f"bench_mm_{tag}_128x128x32_w8_s3")
        impl[f"tilec {which} mma.sync 128x128x32"] = (lambda k=k: k(g128, *tilec_args))
    dd = (new.tensordesc(a, [128, 64]), new.tensordesc(bt, [256, 64]), new.tensordesc(c, [128, 256]))
    jt = new.triton("examples/matmul_tma.tir", "matmul_kernel_tma")
    td = (TensorDescriptor(a, a.shape, a.stride(), [128, 64]), TensorDescriptor(bt, bt.shape, bt.stride(), [256, 64]),
          TensorDescriptor(c, c.shape, c.stride(), [128, 256]))
    for st in (3, 4):
        for which, h in (("new", new), ("old", old)):
            k = h.kernel(f"bench_mm_tma_{tag}_128x256x64_w8_s{st}")
            impl[f"tilec {which} TMA s{st}"] = (lambda k=k: k(g, *dd, M, N, K))
        impl[f"triton TMA s{st}"] = (lambda st=st: jt[g](*td, M, N, K, BLOCK_SIZE_M=128, BLOCK_SIZE_N=256,
                                                        BLOCK_SIZE_K=64, GROUP_SIZE_M=8, FP8_OUTPUT=False,
                                                        WARP_SPECIALIZE=False, num_warps=8, num_stages=st))
    if dt == torch.float16:
        gp = (min(132, g[0]),)
        for which, h in (("new", new), ("old", old)):
            k = h.kernel("bench_mm_tma_persist_f16_128x256x64_w8_s3")
            impl[f"tilec {which} persistent TMA"] = (lambda k=k: k(gp, *dd, M, N, K))
        jpp = new.triton("examples/matmul_tma_persistent.tir", "matmul_kernel_tma_persistent")
        impl["triton persistent TMA"] = lambda: jpp[gp](*td, M, N, K, BLOCK_SIZE_M=128, BLOCK_SIZE_N=256,
                                                        BLOCK_SIZE_K=64, GROUP_SIZE_M=8, FP8_OUTPUT=False,
                                                        EPILOGUE_SUBTILE=False, NUM_SMS=132, WARP_SPECIALIZE=False,
                                                        num_warps=8, num_stages=3)
    impl["cuBLAS"] = lambda: torch.matmul(a, bt.t(), out=c)
    Mm.interleaved_json(f"{tag} {M}^3", impl, check, flops, rounds, c)


run(torch.float16, 4096, 4096, 4096, rounds)
run(torch.float16, 8192, 8192, 8192, max(1, rounds * 3 // 5))
run(torch.bfloat16, 4096, 4096, 4096, rounds)
