# Weight-only int8 matmul (W8A16; bench/dequant_kernels.tir, w8_matmul): tilec (compiled on
# the dev machine by bench/dequant_prepare.sh, launched through libtilert) beside Triton's JIT
# on the same text, config and num_stages, and torch's bf16 matmul of the dequantized weights.
# Each result checked against float64, then timed (do_bench, median). One JSON line a row.
#
#   python3 bench/dequant.py CARRY [SIZE]     # CARRY: bench/dequant_prepare.sh's output
import json
import os
import sys

sys.dont_write_bytecode = True
import side_by_side as sbs  # noqa: E402  (first: Triton's cache, the harness)
import torch  # noqa: E402

h = sbs.open_carry()
S = int(sys.argv[2]) if len(sys.argv) > 2 else 4096
M = N = K = S
tfn = h.triton(os.path.join(sbs.ROOT, "bench", "dequant_kernels.tir"), "w8_matmul")
flops = 2.0 * M * N * K
torch.manual_seed(0)
x_a = torch.randn(M, K, device="cuda").to(torch.bfloat16)  # activations as the lhs
x_b = torch.randn(K, N, device="cuda").to(torch.bfloat16)  # as the rhs
w_a = torch.randint(-128, 128, (M, K), device="cuda", dtype=torch.int8)
w_b = torch.randint(-128, 128, (K, N), device="cuda", dtype=torch.int8)
s_m = torch.rand(M, device="cuda") * 0.01 + 0.001
s_n = torch.rand(N, device="cuda") * 0.01 + 0.001
want = {True: (w_a.double() * s_m.double()[:, None]) @ x_b.double(),
        False: x_a.double() @ (w_b.double() * s_n.double()[None, :])}


def row(impl, case, fn, out, ref):
    out.zero_()
    fn()
    torch.cuda.synchronize()
    err = float((out.double() - ref).abs().max() / ref.abs().max())
    ms = sbs.median_ms(fn)
    print(json.dumps(dict(impl=impl, case=case, ms=round(ms, 4), tflops=round(flops / ms / 1e9, 1),
                          check="ok" if err < 1e-2 else "WRONG %.2e" % err)), flush=True)


for line in open(os.path.join(os.path.abspath(sys.argv[1]), "index.txt")):
    name = line.split("|")[0]
    _, q, tile, w, s = name.split("_")
    bm, bn, bk = (int(v) for v in tile.split("x"))
    w, s, qa = int(w[1:]), int(s[1:]), q == "A"
    a, b, sc = (w_a, x_b, s_m) if qa else (x_a, w_b, s_n)
    out = torch.empty(M, N, device="cuda", dtype=torch.bfloat16)
    grid = (M // bm, N // bn)
    case = "int8 %s %d^3 %s w%d s%d" % ("lhs" if qa else "rhs", S, tile, w, s)
    k = h.kernel(name)
    row("tilec", case, lambda: k(grid, a, b, sc, out, M, N, K), out, want[qa])
    row("triton", case, lambda: tfn[grid](a, b, sc, out, M, N, K, bm, bn, bk, qa, num_warps=w, num_stages=s),
        out, want[qa])
for qa in (True, False):
    a16 = (w_a.to(torch.bfloat16) if qa else x_a)
    b16 = (x_b if qa else w_b.to(torch.bfloat16))
    res = torch.empty(M, N, device="cuda", dtype=torch.bfloat16)
    ms = sbs.median_ms(lambda: torch.matmul(a16, b16, out=res))
    print(json.dumps(dict(impl="torch bf16, weights dequantized beforehand", case="int8 %s %d^3" % (
        "lhs" if qa else "rhs", S), ms=round(ms, 4), tflops=round(flops / ms / 1e9, 1), check="-")), flush=True)
