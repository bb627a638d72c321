# Probe (issue 9): wgmma left in flight across the K loop (wait_group 1, tilec's pipeliner)
# against waited for each iteration (wait_group 0, as Triton's PTX for these configs does),
# for C = A @ W^T in int8 (test/gpu/torch/dot_kernels.tir mm_i8_bt) and f16 (mm_bt) at
# 4096^3, beside Triton's JIT on the same text and config. CARRY holds {i8bt,f16bt}_{async,
# sync}_{config} kernels: `sync` compiled by a scratch build whose pipeliner forced
# wg_pending = 0 (an env switch, not committed; bench/results/2026-11-25-h200-s23.md).
#   python3 bench/probe/wgsync_probe.py CARRY
import json
import os
import sys
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import side_by_side as sbs  # noqa: E402
import torch  # noqa: E402

h = sbs.open_carry()
S = 4096
M = N = K = S
flops = 2.0 * S ** 3
jit = {"i8bt": h.triton("test/gpu/torch/dot_kernels.tir", "mm_i8_bt"),
       "f16bt": h.triton("test/gpu/torch/dot_kernels.tir", "mm_bt")}
ops = {"i8bt": (torch.randint(-128, 128, (M, K), device="cuda", dtype=torch.int8),
                torch.randint(-128, 128, (N, K), device="cuda", dtype=torch.int8), torch.int32),
       "f16bt": (torch.randn(M, K, device="cuda").half(), torch.randn(N, K, device="cuda").half(), torch.float16)}
unused = torch.empty(1, device="cuda")


def row(impl, case, fn, c, ref):
    c.zero_()
    fn()
    torch.cuda.synchronize()
    ok = torch.equal(c, ref) if c.dtype == torch.int32 else torch.allclose(c.float(), ref.float(), atol=0.5, rtol=2e-2)
    ms = sbs.median_ms(fn)
    print(json.dumps(dict(impl=impl, case=case, ms=round(ms, 4), tflops=round(flops / ms / 1e9, 1),
                          check="ok" if ok else "WRONG")), flush=True)


names = [l.split("|")[0] for l in open(os.path.join(os.path.abspath(sys.argv[1]), "index.txt"))]
refs = {}
for kind, (a, b, dt) in ops.items():
    refs[kind] = torch._int_mm(a, b.t()) if dt == torch.int32 else (a.float() @ b.float().t()).half()
for name in sorted(names, key=lambda n: (n.split("_")[0], n.split("_", 2)[2], n)):
    kind, mode, cfg = name.split("_", 2)
    tile, w, s = cfg.split("_")
    bm, bn, bk = (int(x) for x in tile.split("x"))
    w, s = int(w[1:]), int(s[1:])
    a, b, dt = ops[kind]
    c = torch.empty(M, N, device="cuda", dtype=dt)
    g = (M // bm, N // bn)
    k = h.kernel(name)
    case = "%s %s" % (kind, cfg)
    if kind == "i8bt":
        row("tilec " + mode, case, lambda: k(g, a, b, c, unused, unused, M, N, K), c, refs[kind])
        if mode == "sync":
            row("triton", case, lambda: jit[kind][g](a, b, c, unused, unused, M, N, K, bm, bn, bk, False,
                                                     num_warps=w, num_stages=s), c, refs[kind])
    else:
        row("tilec " + mode, case, lambda: k(g, a, b, c, M, N, K), c, refs[kind])
        if mode == "sync":
            row("triton", case, lambda: jit[kind][g](a, b, c, M, N, K, bm, bn, bk, False, num_warps=w, num_stages=s),
                c, refs[kind])
