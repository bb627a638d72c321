# C = A @ tl.trans(B), B given N x K as torch.nn.Linear keeps its weight (test/gpu/torch/
# dot_kernels.tir mm_bt and mm_bt_carried (pointers advanced each iteration), the
# bench_mm_bt_* lines of kernels_dot.txt): tilec (.carry/torch)
# beside Triton's JIT on the same text, config and num_stages, and torch's a @ b.t()
# (cuBLAS). A second carry folder (OLD, optional) adds the same kernels as another tilec
# build compiled them (an A/B in one run). Each result checked against torch, then timed
# (do_bench, median). One JSON line a row.
#
#   python3 bench/transposed.py CARRY [SIZE] [OLD]
import json
import os
import sys
sys.dont_write_bytecode = True
import side_by_side as sbs  # noqa: E402  (first: Triton's cache, the harness)
import torch  # noqa: E402
import harness  # noqa: E402

h = sbs.open_carry()
S = int(sys.argv[2]) if len(sys.argv) > 2 else 4096
old = harness.Harness(os.path.abspath(sys.argv[3]), torch, h.rt) if len(sys.argv) > 3 else None
jit = h.triton("test/gpu/torch/dot_kernels.tir", "mm_bt")
jit_carried = h.triton("test/gpu/torch/dot_kernels.tir", "mm_bt_carried")
M = N = K = S
flops = 2.0 * M * N * K


def row(impl, case, fn, out, ref):
    out.zero_()
    fn()
    torch.cuda.synchronize()
    ok = torch.allclose(out.float(), ref, atol=1e-2 * K ** 0.5, rtol=2e-2)
    ms = sbs.median_ms(fn)
    print(json.dumps(dict(impl=impl, case=case, ms=round(ms, 4), tflops=round(flops / ms / 1e9, 1),
                          check="ok" if ok else "WRONG")), flush=True)


for dt, tag in ((torch.float16, "f16"), (torch.bfloat16, "bf16")):
    a = torch.randn(M, K, device="cuda").to(dt)
    b = torch.randn(N, K, device="cuda").to(dt)
    c = torch.empty(M, N, device="cuda", dtype=dt)
    ref = (a.float() @ b.float().t()).to(dt).float()
    for bm, bn, bk, w, s in ((128, 256, 64, 8, 3), (128, 128, 64, 8, 4)):
        name = "bench_mm_bt_%s_%dx%dx%d_w%d_s%d" % (tag, bm, bn, bk, w, s)
        case = "%s %d^3 A @ trans(B) %dx%dx%d w%d s%d" % (tag, S, bm, bn, bk, w, s)
        grid = (M // bm, N // bn)
        for label, hh in (("tilec", h), ("tilec (old)", old)):
            if hh is None:
                continue
            try:
                k = hh.kernel(name)
            except Exception as e:  # noqa: BLE001
                print("transposed: %s %s: %s" % (label, name, e), file=sys.stderr)
                continue
            row(label, case, lambda k=k: k(grid, a, b, c, M, N, K), c, ref)
        row("triton", case, lambda: jit[grid](a, b, c, M, N, K, bm, bn, bk, False, num_warps=w, num_stages=s), c, ref)
    # mm_bt_carried: the pointers advanced each iteration (the transpose lands on them)
    name = "bench_mm_bt_carried_%s_128x256x64_w8_s3" % tag
    case = "%s %d^3 A @ trans(B), carried pointers, 128x256x64 w8 s3" % (tag, S)
    grid = (M // 128, N // 256)
    for label, hh in (("tilec", h), ("tilec (old)", old)):
        if hh is None:
            continue
        try:
            k = hh.kernel(name)
        except Exception as e:  # noqa: BLE001  (the old build may not have compiled it)
            print("transposed: %s %s: %s" % (label, name, e), file=sys.stderr)
            continue
        row(label, case, lambda k=k: k(grid, a, b, c, M, N, K), c, ref)
    row("triton", case, lambda: jit_carried[grid](a, b, c, M, N, K, 128, 256, 64, num_warps=8, num_stages=3), c, ref)
    row("torch (cuBLAS) a @ b.t()", "%s %d^3" % (tag, S), lambda: torch.matmul(a, b.t(), out=c), c, ref)
