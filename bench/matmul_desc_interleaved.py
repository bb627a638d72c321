#!/usr/bin/env python3
"""Interleaved measurement of tutorial 09's descriptor persistent matmul (in-kernel
descriptors): each round times tilec's whole and subtiled epilogues (each flattened, FLATTEN=1,
and not, FLATTEN=0), Triton's JIT of both
and cuBLAS once (do_bench median over 500 ms), so that the GPU's clock changes under its
power cap affect them alike; prints every round and the median per implementation.

usage (after test/gpu/prepare_all.sh, on the GPU machine):
  TILERT_BUILD_DIR=/tmp/tb python3 bench/matmul_desc_interleaved.py [CARRY_DIR] [SIZE] [ROUNDS]
"""
import os, sys
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
SIZE = int(sys.argv[2]) if len(sys.argv) > 2 else 8192
ROUNDS = int(sys.argv[3]) if len(sys.argv) > 3 else 5
sys.argv = [sys.argv[0], sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".carry", "torch")]
sys.path.insert(0, os.path.join(ROOT, "bench"))
import matmul as Mm  # noqa: E402
import torch  # noqa: E402

h = Mm.harness.open_harness(Mm.CARRY)
Mm.triton_scratch_allocator()
M = N = K = SIZE
a, bt, c, check, flops, nbytes = Mm.problem_nt(M, N, K)
grid = (min(132, Mm.cdiv(M, 128) * Mm.cdiv(N, 256)),)
jit = h.triton("examples/matmul_descriptor_persistent.tir", "matmul_kernel_descriptor_persistent")
impl = {}
for sub in (0, 1):
    for flat in ("", "_noflat"):  # FLATTEN=1 (one stage ring through the tiles) and FLATTEN=0
        impl["tilec sub=%d%s" % (sub, flat.replace("_", " "))] = h.kernel(
            "bench_mm_desc_pers_f16_128x256x64_w8_s3" + ("_sub" if sub else "") + flat).prepared(grid, a, bt, c, M, N, K)
    impl["triton sub=%d" % sub] = (lambda s=sub: jit[grid](
        a, bt, c, M, N, K, BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64, GROUP_SIZE_M=8,
        EPILOGUE_SUBTILE=bool(s), NUM_SMS=132, WARP_SPECIALIZE=False, FLATTEN=True, num_warps=8, num_stages=3))
impl["cublas"] = lambda: torch.matmul(a, bt.t(), out=c)
Mm.interleaved(impl, check, flops, ROUNDS, "f16 %d^3, " % SIZE, "cublas")
