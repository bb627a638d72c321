#!/usr/bin/env python3
"""Interleaved measurement of the fused-attention tutorial given plain tensors (in-kernel
descriptors made by its helper): each round times tilec's best configs, Triton's JIT of
the same text at its best configs and SDPA once (do_bench median over 500 ms), so that the
GPU's clock changes under its power cap affect them alike; prints every round and the
median per implementation. B 4, H 32, S 4096, D 128, f16.

usage (after test/gpu/prepare_all.sh, on the GPU machine):
  TILERT_BUILD_DIR=/tmp/tb python3 bench/attention_interleaved.py [CARRY_DIR] [ROUNDS]
"""
import os, sys
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 5
sys.argv = [sys.argv[0], sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".carry", "torch")]
sys.path.insert(0, os.path.join(ROOT, "bench"))
import matmul as Mm  # noqa: E402
import torch  # noqa: E402

h = Mm.harness.open_harness(Mm.CARRY)
Mm.triton_scratch_allocator()
B, H, S, D = 4, 32, 4096, 128
jit = h.triton("examples/flash_attention_tutorial.tir", "_attn_fwd")
for causal in (False, True):
    q, k, v, o, scale, check, flops, nbytes, case, sdpa = Mm.attn_problem(causal, B, H, S, D)
    m = torch.empty(B * H, S, device="cuda", dtype=torch.float32)
    grid = (S // 128, B * H)
    name = "bench_attn_tutptr_d128" + ("_causal_" if causal else "_") + "bn128_ws_s3"
    kern = h.kernel(name).prepared(grid, scale, m, B, H, q, k, v, o, S)
    impl = {"tilec 128x128 ws s3": kern}
    for ws in (False, True):
        impl["triton 128x128 ns3" + (" ws" if ws else "")] = (lambda w=ws: jit[grid](
            scale, m, B, H, q, k, v, o, S, HEAD_DIM=D, BLOCK_M=128, BLOCK_N=128, FP8_OUTPUT=False,
            STAGE=3 if causal else 1, warp_specialize=w, IS_HOPPER=True, num_warps=8, num_stages=3))
    impl["sdpa"] = sdpa
    Mm.interleaved(impl, check, flops, ROUNDS, "causal " if causal else "", "sdpa")
