# Weight-only quantized matmuls (bench/dequant_kernels.tir: W8A16 w8_matmul and w8_linear, W4A16
# w4_matmul): tilec (compiled on
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
KT = os.path.join(sbs.ROOT, "bench", "dequant_kernels.tir")
tfn = {k: h.triton(KT, k) for k in ("w8_matmul", "w8_linear", "w4_matmul", "w8_linear_t", "w4_matmul_t")}
flops = 2.0 * M * N * K
torch.manual_seed(0)
x_a = torch.randn(M, K, device="cuda").to(torch.bfloat16)  # activations as the lhs
x_b = torch.randn(K, N, device="cuda").to(torch.bfloat16)  # as the rhs
w_a = torch.randint(-128, 128, (M, K), device="cuda", dtype=torch.int8)
w_b = torch.randint(-128, 128, (K, N), device="cuda", dtype=torch.int8)
w_l = torch.randint(-128, 128, (N, K), device="cuda", dtype=torch.int8)  # torch.nn.Linear's [out, in]
w_q = torch.randint(0, 256, (K // 2, N), device="cuda", dtype=torch.uint8)  # int4 pairs along K
W4_GROUP = 128  # w4_matmul's group is its BLOCK_K: the int4 configs with BLOCK_K = 128 run
s_q = (torch.rand(K // W4_GROUP, N, device="cuda") * 0.01 + 0.001).to(torch.bfloat16)


def w4_values():
    """w_q's int4 weights minus the zero point 8, [K, N] float64 (the low nibble first)."""
    q = torch.stack(((w_q & 15).double(), (w_q >> 4).double()), dim=1).reshape(K, N)
    return q - 8
s_m = torch.rand(M, device="cuda") * 0.01 + 0.001
s_n = torch.rand(N, device="cuda") * 0.01 + 0.001
# w4: the kernel rounds (w - 8) * s to bf16 before the dot, so the reference does too
W4_B = (w4_values() * s_q.double().repeat_interleave(W4_GROUP, dim=0)).to(torch.bfloat16)
want = {"A": (w_a.double() * s_m.double()[:, None]) @ x_b.double(),
        "B": x_a.double() @ (w_b.double() * s_n.double()[None, :]),
        "L": x_a.double() @ (w_l.double() * s_n.double()[:, None]).T,
        "Q": x_a.double() @ W4_B.double()}
want["T"], want["U"] = want["L"], want["Q"]  # the same products, the dot swapped by hand
FORM = {"A": "int8 lhs", "B": "int8 rhs", "L": "int8 rhs [N, K]", "Q": "int4 rhs",
        "T": "int8 rhs [N, K] swapped", "U": "int4 rhs swapped"}


def row(impl, case, fn, out, ref):
    out.zero_()
    fn()
    torch.cuda.synchronize()
    err = float((out.double() - ref).abs().max() / ref.abs().max())
    ms = sbs.median_ms(fn)
    print(json.dumps(dict(impl=impl, case=case, ms=round(ms, 4), tflops=round(flops / ms / 1e9, 1),
                          check="ok" if err < 1e-2 else "WRONG %.2e" % err)), flush=True)


for line in open(os.path.join(os.path.abspath(sys.argv[1]), "index.txt")):
    name, kname = line.split("|")[0], line.split("|")[2]
    _, q, tile, w, s = name.split("_")
    bm, bn, bk = (int(v) for v in tile.split("x"))
    w, s = int(w[1:]), int(s[1:])
    if q in "QU" and bk != W4_GROUP:
        continue
    a, b, sc = {"A": (w_a, x_b, s_m), "B": (x_a, w_b, s_n), "L": (x_a, w_l, s_n), "Q": (x_a, w_q, s_q),
                 "T": (x_a, w_l, s_n), "U": (x_a, w_q, s_q)}[q]
    out = torch.empty(M, N, device="cuda", dtype=torch.bfloat16)
    grid = (M // bm, N // bn)
    case = "%s %d^3 %s w%d s%d" % (FORM[q], S, tile, w, s)
    k = h.kernel(name)
    extra = () if q in "LQTU" else (q == "A",)
    row("tilec", case, lambda: k(grid, a, b, sc, out, M, N, K), out, want[q])
    row("triton", case, lambda: tfn[kname][grid](a, b, sc, out, M, N, K, bm, bn, bk, *extra, num_warps=w, num_stages=s),
        out, want[q])
for q in ("A", "B", "L", "Q"):
    a16 = w_a.to(torch.bfloat16) if q == "A" else x_a
    b16 = {"A": x_b, "B": w_b.to(torch.bfloat16), "L": w_l.to(torch.bfloat16).T, "Q": W4_B}[q]
    res = torch.empty(M, N, device="cuda", dtype=torch.bfloat16)
    ms = sbs.median_ms(lambda: torch.matmul(a16, b16, out=res))
    print(json.dumps(dict(impl="torch bf16, weights dequantized beforehand", case="%s %d^3" % (FORM[q], S),
                          ms=round(ms, 4), tflops=round(flops / ms / 1e9, 1), check="-")), flush=True)
