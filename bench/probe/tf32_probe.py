# Probe (issue 9, the "tf32 wgmma: not yet" of docs/dot.md): fp32 matmuls at 4096^3, tilec
# (mma.sync m16n8k8 tf32 today) beside Triton's JIT on the same text and config: the tutorial
# matmul (examples/matmul.tir, B given K x N) and A @ tl.trans(B) (dot_kernels.tir mm_bt, B
# given N x K), and torch's fp32 matmul with TF32 allowed (cuBLAS). CARRY holds kernels
# named tf_{mm,bt}_{BMxBNxBK}_w{W}_s3 (and tfold_..., another build's, timed beside them),
# in the harness's index format (bench/results/2026-11-25-h200-s22.md lists the lines).
#   python3 bench/probe/tf32_probe.py CARRY
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
a = torch.randn(M, K, device="cuda")
b = torch.randn(K, N, device="cuda")
bt = b.t().contiguous()
c = torch.empty(M, N, device="cuda")
ref = a.double() @ b.double()
tut = h.triton("examples/matmul.tir", "matmul_kernel")
tut = getattr(tut, "fn", tut)  # the autotuned function's kernel, run with the config given
bt_jit = h.triton("test/gpu/torch/dot_kernels.tir", "mm_bt")


def row(impl, case, fn):
    c.zero_()
    fn()
    torch.cuda.synchronize()
    err = float((c.double() - ref).abs().max() / ref.abs().max())
    ms = sbs.median_ms(fn)
    print(json.dumps(dict(impl=impl, case=case, ms=round(ms, 4), tflops=round(flops / ms / 1e9, 1),
                          check="ok" if err < 1e-2 else "WRONG %.1e" % err)), flush=True)


names = [l.split("|")[0] for l in open(os.path.join(os.path.abspath(sys.argv[1]), "index.txt"))]
for name in names:  # tf_* (this tree) and tfold_* (another build, for an A/B), then Triton
    kind, tile, w, _ = name.split("_")[1:]
    bm, bn, bk = (int(x) for x in tile.split("x"))
    w = int(w[1:])
    k = h.kernel(name)
    impl = "tilec" + (" (old)" if name.startswith("tfold") else "")
    if kind == "mm":
        case = "fp32 tutorial %s w%d s3" % (tile, w)
        g = (S // bm * (S // bn),)
        row(impl, case, lambda: k(g, a, b, c, M, N, K, K, N, N))
        if not name.startswith("tfold"):
            row("triton", case, lambda: tut[g](a, b, c, M, N, K, K, 1, N, 1, N, 1, BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn,
                                               BLOCK_SIZE_K=bk, GROUP_SIZE_M=8, ACTIVATION="", num_warps=w,
                                               num_stages=3))
    else:
        case = "fp32 A @ trans(B) %s w%d s3" % (tile, w)
        g2 = (S // bm, S // bn)
        row(impl, case, lambda: k(g2, a, bt, c, M, N, K))
        if not name.startswith("tfold"):
            row("triton", case, lambda: bt_jit[g2](a, bt, c, M, N, K, bm, bn, bk, False, num_warps=w, num_stages=3))
torch.backends.cuda.matmul.allow_tf32 = True
row("torch fp32 (TF32 allowed)", "fp32", lambda: torch.matmul(a, b, out=c))
