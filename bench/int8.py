# int8 x int8 -> int32 matmuls (test/gpu/torch/dot_kernels.tir mm_i8_bt and mm_i8, the
# bench_mm_i8_* lines of kernels_dot.txt): tilec as compiled (wgmma for K-major operands;
# B given K x N stays on mma.sync) and with --no-wgmma (the `_mma` lines: mma.sync, the
# path int8 dots took before wgmma did) beside Triton's JIT on the same text,
# config and num_stages, and torch._int_mm (cuBLAS) on the same operands. Forms: W given
# N x K and transposed in the kernel (bt), the same with the W8A8 epilogue (a per-row and a
# per-column f32 scale, bf16 out; bt_scaled), and B given K x N (kn). Each result is checked
# (int32 exactly against torch._int_mm; bf16 within its rounding), then timed (do_bench
# median). One JSON line a row; TOPS = 2 M N K / time. Last, examples/matmul_int8.tir's four
# configs beside Triton's JIT of the same file.
#
#   python3 bench/int8.py CARRY [SIZE ...]
import json
import sys
sys.dont_write_bytecode = True
import side_by_side as sbs  # noqa: E402  (first: Triton's cache, the harness)
import torch  # noqa: E402

h = sbs.open_carry()
sizes = [int(x) for x in sys.argv[2:]] or [4096]
jit_bt = h.triton("test/gpu/torch/dot_kernels.tir", "mm_i8_bt")
jit_kn = h.triton("test/gpu/torch/dot_kernels.tir", "mm_i8")
jit_ex = h.triton("examples/matmul_int8.tir", "w8a8_linear_kernel")
jit_ex = getattr(jit_ex, "fn", jit_ex)  # the autotuned kernel, run with the config given
CONFIGS = ((128, 256, 128, 8, 3), (128, 128, 128, 8, 4), (256, 128, 128, 8, 3), (128, 256, 64, 8, 4), (128, 128, 64, 4, 4))


def row(impl, case, fn, out, ref, flops):
    out.zero_()
    fn()
    torch.cuda.synchronize()
    if out.dtype == torch.int32:
        ok = torch.equal(out, ref)
    else:
        ok = torch.allclose(out.float(), ref, atol=1e-3, rtol=1e-2)
    ms = sbs.median_ms(fn)
    print(json.dumps(dict(impl=impl, case=case, ms=round(ms, 4), tops=round(flops / ms / 1e9, 1),
                          check="ok" if ok else "WRONG")), flush=True)


for S in sizes:
    M = N = K = S
    flops = 2.0 * M * N * K
    a = torch.randint(-128, 128, (M, K), device="cuda", dtype=torch.int8)
    w = torch.randint(-128, 128, (N, K), device="cuda", dtype=torch.int8)
    b = w.t().contiguous()  # K x N, row-major
    sa = torch.rand(M, device="cuda") / 64
    sw = torch.rand(N, device="cuda") / 64
    ref = torch._int_mm(a, w.t())
    ref_scaled = (ref.double() * sa.double()[:, None] * sw.double()[None, :]).float()
    c = torch.empty(M, N, device="cuda", dtype=torch.int32)
    cs = torch.empty(M, N, device="cuda", dtype=torch.bfloat16)
    for bm, bn, bk, nw, ns in CONFIGS:
        grid = (M // bm, N // bn)
        cfg = "%dx%dx%d w%d s%d" % (bm, bn, bk, nw, ns)
        for form, out, want in (("bt", c, ref), ("bt_scaled", cs, ref_scaled), ("kn", c, ref)):
            case = "int8 %d^3 %s %s" % (S, form, cfg)
            for tag, label in (("", "tilec"), ("_mma", "tilec --no-wgmma")):
                k = h.kernel("bench_mm_i8_%s_%dx%dx%d_w%d_s%d%s" % (form, bm, bn, bk, nw, ns, tag))
                if form == "kn":
                    fn = lambda k=k: k(grid, a, b, c, M, N, K)  # noqa: E731
                else:
                    fn = lambda k=k, out=out: k(grid, a, w, out, sa, sw, M, N, K)  # noqa: E731
                row(label, case, fn, out, want, flops)
            if form == "kn":
                fn = lambda: jit_kn[grid](a, b, c, M, N, K, bm, bn, bk, num_warps=nw, num_stages=ns)  # noqa: E731
            else:
                scaled = form == "bt_scaled"
                fn = lambda out=out, scaled=scaled: jit_bt[grid](a, w, out, sa, sw, M, N, K, bm, bn, bk, scaled,  # noqa: E731
                                                              num_warps=nw, num_stages=ns)
            row("triton", case, fn, out, want, flops)
    for label, form, bb in (("torch._int_mm(a, w.t()) (cuBLAS)", "bt", w.t()), ("torch._int_mm(a, b) (cuBLAS)", "kn", b)):
        row(label, "int8 %d^3 %s" % (S, form), lambda bb=bb: c.copy_(torch._int_mm(a, bb)), c, ref, flops)
    # examples/matmul_int8.tir (W8A8, w's pointers advanced each iteration): its four autotune
    # configs, tilec beside Triton's JIT of the same file run with that config (its .fn)
    for name, (bm, bn, bk, nw, ns) in (("w8a8_ex_128x256x128", (128, 256, 128, 8, 3)),
                                       ("bench_w8a8_ex_256x128x128_w8_s3", (256, 128, 128, 8, 3)),
                                       ("bench_w8a8_ex_128x128x128_w8_s4", (128, 128, 128, 8, 4)),
                                       ("w8a8_ex_64x128x128_w4", (64, 128, 128, 4, 4))):
        case = "int8 %d^3 examples/matmul_int8.tir %dx%dx%d w%d s%d" % (S, bm, bn, bk, nw, ns)
        g = (M // bm * (N // bn),)
        k = h.kernel(name)
        row("tilec", case, lambda k=k: k(g, a, w, cs, sa, sw, M, N, K, K, K, N), cs, ref_scaled, flops)
        row("triton", case, lambda bm=bm, bn=bn, bk=bk, nw=nw, ns=ns: jit_ex[g](
            a, w, cs, sa, sw, M, N, K, K, K, N, BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, GROUP_M=8, num_warps=nw,
            num_stages=ns), cs, ref_scaled, flops)
