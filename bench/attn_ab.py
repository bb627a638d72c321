#!/usr/bin/env python3
"""Two tilec builds of the attention kernels side by side (bench/matmul.py's attention
problem, B4 H32 S4096 D128, f16), interleaved: each round times every kernel once (do_bench
median over 100 ms); prints the median over the rounds per kernel as JSON lines, each
checked against torch's SDPA first. Kernels: the given non-causal names from kernels_dot.txt
that take bench/matmul.py's attention arguments, each with its causal twin (d128 ->
d128_causal; default: the mma.sync and wgmma pointer kernels).

usage (on the GPU machine; the old build compiled into OLD_CARRY with
TORCH_CARRY_DIR=.carry/old TILEC=OLD/build/tilec bash test/gpu/torch/prepare.sh):
  python3 bench/attn_ab.py NEW_CARRY OLD_CARRY [ROUNDS] [KERNEL ...]
"""
import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
new_carry, old_carry = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
names = sys.argv[4:] or ["bench_attn_d128", "bench_attn_d128_wgmma"]
sys.argv = [sys.argv[0], new_carry]
sys.path.insert(0, os.path.join(ROOT, "bench"))
sys.dont_write_bytecode = True
import matmul as Mm  # noqa: E402
import torch  # noqa: E402

new = Mm.harness.open_harness(new_carry)
old = Mm.harness.Harness(old_carry, torch, new.rt)
B, H, S, D = 4, 32, 4096, 128
for causal in (False, True):
    q, k, v, o, scale, check, flops, _, case, _ = Mm.attn_problem(causal, B, H, S, D)
    targs = (q, k, v, scale, o, *q.stride()[:3], *k.stride()[:3], *v.stride()[:3], *o.stride()[:3], H, S)
    grid = (S // 128, B * H)
    impl = {}
    for name in names:
        for which, h in (("new", new), ("old", old)):
            kern = h.kernel(name.replace("d128", "d128_causal") if causal else name)
            impl[f"{which} {name}"] = (lambda kern=kern: kern(grid, *targs))
    Mm.interleaved_json(case, impl, check, flops, rounds, o)
