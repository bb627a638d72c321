# tl.dot_scaled matmul (test/gpu/torch/dotscaled_kernels.tir, mx_matmul): tilec (compiled on
# the dev machine by bench/dotscaled_prepare.sh, launched through libtilert) beside Triton's
# JIT on the same text, config and num_stages; torch's bf16 matmul of the dequantized
# operands for scale. Each result checked against the dequantized reference, then timed
# (do_bench, median). One JSON line per row.
#
#   python3 bench/dotscaled.py CARRY [SIZE]     # CARRY: bench/dotscaled_prepare.sh's output
import json
import os
import sys

sys.dont_write_bytecode = True
import side_by_side as sbs  # noqa: E402  (first: Triton's cache, the harness)
import torch  # noqa: E402
import check_dotscaled as cd  # noqa: E402

h = sbs.open_carry()
S = int(sys.argv[2]) if len(sys.argv) > 2 else 4096
M = N = K = S
tfn = h.triton(cd.FILE, "mx_matmul")
flops = 2.0 * M * N * K
data = {}


def operands(af, bf):
    if (af, bf) not in data:
        c = ("x", af, "u8", bf, "u8", af in ("e2m1", "e4m3", "e5m2"), bf in ("e2m1", "e4m3", "e5m2"),
             0, 0, 0, M, N, K)
        a, b, sa, sb, a64, b64 = cd.inputs(c)
        want = (a64.float() @ b64.float())
        data[(af, bf)] = (a, b, sa, sb, want, a64.to(torch.bfloat16), b64.to(torch.bfloat16))
    return data[(af, bf)]


def row(impl, case, fn, out, want):
    out.zero_()
    fn()
    torch.cuda.synchronize()
    err = float((out - want).abs().max() / want.abs().max())
    ms = sbs.median_ms(fn)
    print(json.dumps(dict(impl=impl, case=case, ms=round(ms, 4), tflops=round(flops / ms / 1e9, 1),
                          check="ok" if err < 1e-4 else "WRONG %.2e" % err)), flush=True)


for line in open(os.path.join(os.path.abspath(sys.argv[1]), "index.txt")):
    name = line.split("|")[0]
    _, af, bf, tile, w, s = name.split("_")
    bm, bn, bk = (int(v) for v in tile.split("x"))
    w, s = int(w[1:]), int(s[1:])
    a, b, sa, sb, want, a16, b16 = operands(af, bf)
    out = torch.empty(M, N, device="cuda")
    grid = (M // bm, N // bn)
    case = "%s x %s %d^3 %s w%d s%d" % (af, bf, S, tile, w, s)
    k = h.kernel(name)
    row("tilec", case, lambda: k(grid, a, sa, b, sb, out, M, N, K), out, want)
    asc, bsc = af in ("e2m1", "e4m3", "e5m2"), bf in ("e2m1", "e4m3", "e5m2")
    row("triton", case, lambda: tfn[grid](a, sa, b, sb, out, M, N, K, af, bf, bm, bn, bk, asc, bsc, False,
                                          num_warps=w, num_stages=s), out, want)
for (af, bf), (a, b, sa, sb, want, a16, b16) in data.items():
    # torch's bf16 matmul of the operands already dequantized (its output rounded to bf16)
    out = torch.empty(M, N, device="cuda")
    res = torch.empty(M, N, device="cuda", dtype=torch.bfloat16)
    ms = sbs.median_ms(lambda: torch.matmul(a16, b16, out=res))
    err = float((res.float() - want).abs().max() / want.abs().max())
    print(json.dumps(dict(impl="torch bf16, dequantized", case="%s x %s %d^3" % (af, bf, S), ms=round(ms, 4),
                          tflops=round(flops / ms / 1e9, 1), check="ok" if err < 1e-2 else "WRONG %.2e" % err)),
          flush=True)
