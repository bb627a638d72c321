# Probe (issue 9): an 8-bit operand given MN-contiguous (fp8 e4m3 B given K x N, the matmul
# tutorial's layout) on wgmma, which reads 8-bit operands K-major only: tilec's PTX from two
# carries (NEW and OLD: the transposing store before and after a change) beside Triton's JIT
# on the same text and config, 4096^3, fp16 out. Kernel mm_fp8_e4m3_nmajor_s3 of
# test/gpu/torch/kernels_dot.txt (examples/matmul.tir, 128x128x64, 8 warps, 3 stages).
#   python3 bench/probe/nmajor_probe.py NEW_CARRY OLD_CARRY
import json
import os
import sys
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import side_by_side as sbs  # noqa: E402
import torch  # noqa: E402
import harness  # noqa: E402

new = sbs.open_carry()
old = harness.Harness(os.path.abspath(sys.argv[2]), torch, new.rt)
S = 4096
M = N = K = S
flops = 2.0 * S ** 3
a = (torch.randn(M, K, device="cuda") / 4).to(torch.float8_e4m3fn)
b = (torch.randn(K, N, device="cuda") / 4).to(torch.float8_e4m3fn)
c = torch.empty(M, N, device="cuda", dtype=torch.float16)
ref = a.double() @ b.double()
tut = new.triton("examples/matmul.tir", "matmul_kernel")
tut = getattr(tut, "fn", tut)
g = (S // 128 * (S // 128),)


def row(impl, fn):
    c.zero_()
    fn()
    torch.cuda.synchronize()
    err = float((c.double() - ref).abs().max() / ref.abs().max())
    ms = sbs.median_ms(fn)
    print(json.dumps(dict(impl=impl, case="fp8 e4m3 %d^3 B K x N 128x128x64 w8 s3" % S, ms=round(ms, 4),
                          tflops=round(flops / ms / 1e9, 1), check="ok" if err < 1e-2 else "WRONG %.1e" % err)),
          flush=True)


for label, h in (("tilec", new), ("tilec (old)", old)):
    k = h.kernel("mm_fp8_e4m3_nmajor_s3")
    row(label, lambda k=k: k(g, a, b, c, M, N, K, K, N, N))
try:
    row("triton", lambda: tut[g](a, b, c, M, N, K, K, 1, N, 1, N, 1, BLOCK_SIZE_M=128, BLOCK_SIZE_N=128, BLOCK_SIZE_K=64,
                                 GROUP_SIZE_M=8, ACTIVATION="", num_warps=8, num_stages=3))
except Exception as e:  # noqa: BLE001
    print(json.dumps(dict(impl="triton", error=str(e).splitlines()[0][:200])), flush=True)
