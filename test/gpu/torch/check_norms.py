"""GPU checks of the norm / softmax / reduction kernels (test/gpu/torch/kernels_norms.txt)
against torch, computed in float64 from the very inputs the kernel read.

Tolerances (|got - want| <= atol + rtol * |want|, want in float64):
- fp32 outputs: rtol 1e-4. The kernels use ex2.approx-based exp (relative error ~2^-22),
  approximate division (~2 ulp) and tree sums over up to 32000 values (error ~log2(n) ulp);
  1e-4 is ~800 fp32 ulp, far above that and far below any indexing, masking or reduction
  bug (those give O(1) relative errors). atol is set per kernel from the output's magnitude.
- fp16 outputs: rtol 1e-3 = 2x fp16's half ulp (2^-11 = 4.9e-4): the result is computed in
  fp32 and rounded once at the store.
- bf16 outputs: rtol 8e-3 = 4x bf16's half ulp (2^-9 = 2e-3): one rounding of an fp32
  result, with room for the inputs' own bf16 rounding feeding the fp32 statistics.
- Exact (check_equal) for max/min (no arithmetic) and for behaviour checked against Triton
  running the same kernel text (NaN inputs and signed zeros in max/min: Triton's tl.max is
  maxnum, NaN-ignoring, which differs from torch's NaN-propagating amax).
"""
import math

import torch

DEV = "cuda"
INF = float("inf")
NAN = float("nan")
TOL = {torch.float32: (1e-4, 1e-4), torch.float16: (1e-3, 1e-3), torch.bfloat16: (8e-3, 8e-3)}
DT = {torch.float32: "f32", torch.float16: "f16", torch.bfloat16: "bf16"}


def rand(shape, dtype, scale=1.0, shift=0.0):
    return (torch.randn(shape, device=DEV, dtype=torch.float32) * scale + shift).to(dtype)


# ---- layer norm --------------------------------------------------------------------------
def ln_ref(x, w, b, eps):
    xd = x.double()
    mu = xd.mean(1, keepdim=True)
    var = ((xd - mu) ** 2).mean(1, keepdim=True)
    r = 1.0 / torch.sqrt(var + eps)
    return (xd - mu) * r * w.double() + b.double(), mu[:, 0], r[:, 0]


def layer_norm(h):
    eps = 1e-5
    for name, dt in (("ln_fwd_f16", torch.float16), ("ln_fwd_bf16", torch.bfloat16),
                     ("ln_fwd_f32", torch.float32), ("ln_fwd_f16_8192", torch.float16)):
        k = h.kernel(name)
        atol, rtol = TOL[dt]
        shapes = [(1, 1), (3, 1000), (7, 1024), (5, 3000), (16, 4113)]
        if name.endswith("8192"):
            shapes = [(2, 8192), (3, 5000), (4, 8191), (2, 12000)]
        for M, N in shapes:
            for strided in (False, True):
                if strided and N > 3000:
                    continue
                big = rand((M, N + (24 if strided else 0)), dt, 2.0, 0.5)
                x = big[:, :N]
                w, b = rand((N,), dt), rand((N,), dt)
                ybig = torch.full_like(big, 7.0)
                y = ybig[:, :N]
                mean = torch.empty(M, device=DEV)
                rstd = torch.empty(M, device=DEV)
                k((M,), x, y, w, b, mean, rstd, x.stride(0), N, eps)
                want, mu, r = ln_ref(x, w, b, eps)
                tag = "%s %dx%d%s" % (name, M, N, " strided" if strided else "")
                h.check(tag + " y", y, want, atol=atol, rtol=rtol)
                # mean, rstd: fp32 statistics of <= 12000 values.
                h.check(tag + " mean", mean, mu, atol=1e-5, rtol=1e-5)
                h.check(tag + " rstd", rstd, r, atol=1e-5, rtol=1e-5)
                if strided:
                    h.check_equal(tag + " padding untouched", ybig[:, N:], torch.full_like(ybig[:, N:], 7.0))
    # NaN and inf rows spread to the whole row (mean and variance see them), as in torch.
    k = h.kernel("ln_fwd_f32")
    x = rand((4, 1500), torch.float32)
    x[1, 1200] = NAN
    x[2, 7] = INF
    x[3, 10] = -INF
    w, b = rand((1500,), torch.float32), rand((1500,), torch.float32)
    y = torch.empty_like(x)
    mean, rstd = torch.empty(4, device=DEV), torch.empty(4, device=DEV)
    k((4,), x, y, w, b, mean, rstd, x.stride(0), 1500, eps)
    want, mu, r = ln_ref(x, w, b, eps)
    h.check("ln_fwd_f32 nan/inf rows y", y, want, atol=1e-4, rtol=1e-4)
    h.check("ln_fwd_f32 nan/inf rows mean", mean, mu, atol=1e-5, rtol=1e-5)


# ---- RMSNorm -----------------------------------------------------------------------------
def rms_norm(h):
    eps = 1e-6
    for name, dt in (("rms_f16", torch.float16), ("rms_bf16", torch.bfloat16),
                     ("rms_f16_8192", torch.float16)):
        k = h.kernel(name)
        atol, rtol = TOL[dt]
        shapes = [(1, 1), (3, 1000), (8, 1024), (5, 2049), (16, 4099)]
        if name.endswith("8192"):
            shapes = [(2, 8192), (3, 5000), (2, 12001)]
        for M, N in shapes:
            x = rand((M, N), dt, 3.0)
            w = rand((N,), dt, 0.5, 1.0)
            ybig = torch.empty((M, N + 8), device=DEV, dtype=dt)
            y = ybig[:, :N]
            rstd = torch.empty(M, device=DEV)
            k((M,), x, y, w, rstd, x.stride(0), y.stride(0), N, eps)
            xd = x.double()
            r = torch.rsqrt((xd * xd).mean(1, keepdim=True) + eps)
            tag = "%s %dx%d" % (name, M, N)
            h.check(tag + " y", y, xd * r * w.double(), atol=atol, rtol=rtol)
            h.check(tag + " rstd", rstd, r[:, 0], atol=1e-5, rtol=1e-5)


# ---- cross-entropy -----------------------------------------------------------------------
def cross_entropy(h):
    ignore = -100
    for name in ("ce_f32", "ce_f32_4096"):
        k = h.kernel(name)
        for R, C, scale in ((1, 1, 1.0), (4, 10, 1.0), (33, 1000, 3.0), (16, 1024, 1.0),
                            (8, 5000, 10.0), (4, 32000, 2.0), (3, 4097, 100.0)):
            x = rand((R, C), torch.float32, scale)
            labels = torch.randint(0, C, (R,), device=DEV, dtype=torch.int64)
            if R > 3:
                labels[2] = ignore
            if C > 5:
                x[:, 3] = -INF  # a masked-out class: adds exp(-inf) = 0
                if R > 1:
                    labels[1] = 3  # its label is that class: loss = +inf
            loss = torch.empty(R, device=DEV)
            lse = torch.empty(R, device=DEV)
            k((R,), x, labels, loss, lse, x.stride(0), C, ignore)
            xd = x.double()
            want_lse = torch.logsumexp(xd, 1)
            valid = labels != ignore
            picked = xd.gather(1, labels.clamp(min=0)[:, None])[:, 0]
            want_loss = torch.where(valid, want_lse - picked, torch.zeros_like(want_lse))
            tag = "%s %dx%d x%g" % (name, R, C, scale)
            # lse ~ max + log(C) (<= ~500 here); fp32 error a few ulp of that.
            h.check(tag + " lse", lse, want_lse, atol=1e-4, rtol=1e-5)
            h.check(tag + " loss", loss, want_loss, atol=1e-4, rtol=1e-5)


# ---- softmax family ----------------------------------------------------------------------
def softmax_rows(h, name, dt, shapes, launch, specials=True, nan_vs_triton=None):
    """Checks a row-softmax kernel; launch(k, x, y) runs it. nan_vs_triton: (file, kernel,
    launch_triton(fn, x, y)) for kernels whose NaN behaviour is their own algorithm's (the
    online softmax's tl.maximum ignores a NaN that meets -inf), compared with Triton on the
    same text instead of torch; its NaN row is then left out of the torch comparison."""
    k = h.kernel(name)
    rtol = TOL[dt][1]
    atol = 1e-7 if dt == torch.float32 else 1e-6  # outputs are ~1/n_cols; fp16 subnormal ulp 6e-8
    for R, C in shapes:
        x = rand((R, C), dt, 2.0)
        if specials and R >= 5 and C >= 4:
            if not nan_vs_triton:
                x[1, C // 2] = NAN            # NaN row
            x[2, 0] = INF                     # +inf: inf - inf = NaN row, as torch
            x[3, : C // 2] = -INF             # -inf columns: exactly 0
            x[4, :] = -INF                    # all -inf: NaN row (torch too)
        y = torch.full_like(x, 5.0)
        launch(k, x, y)
        want = torch.softmax(x.double(), dim=-1)
        h.check("%s %dx%d" % (name, R, C), y, want, atol=atol, rtol=rtol)
        if nan_vs_triton and specials and R >= 5 and C >= 4:
            file, kname, tlaunch = nan_vs_triton
            x[1, C // 2] = NAN
            x[0, 0] = NAN
            launch(k, x, y)
            ref = torch.full_like(y, 5.0)
            tlaunch(h.triton(file, kname), x, ref)
            h.check("%s %dx%d NaN rows as Triton" % (name, R, C), y, ref, atol=atol, rtol=rtol)


def softmax_family(h):
    def plain(k, x, y):
        k((x.shape[0],), y, x, x.stride(0), y.stride(0), x.shape[1])

    long_rows = [(1, 1), (5, 1000), (6, 1024), (5, 3001), (7, 10000), (64, 2048)]
    short_rows = [(1, 1), (5, 7), (6, 1000), (5, 1024), (130, 513)]
    def triton_online(fn, x, y):
        fn[(x.shape[0],)](y, x, x.stride(0), y.stride(0), x.shape[1], BLOCK_SIZE=1024, num_warps=4)

    online = ("examples/softmax_online.tir", "softmax_online_kernel", triton_online)
    softmax_rows(h, "softmax_online_f32", torch.float32, long_rows, plain, nan_vs_triton=online)
    softmax_rows(h, "softmax_online_f16", torch.float16, long_rows, plain, nan_vs_triton=online)
    softmax_rows(h, "softmax_f16", torch.float16, short_rows, plain)
    softmax_rows(h, "softmax_bf16", torch.bfloat16, short_rows, plain)
    softmax_rows(h, "softmax_f16_8192", torch.float16, [(5, 8192), (6, 5000), (3, 8000)], plain)

    for programs in (1, 7, 64):
        def persistent(k, x, y, programs=programs):
            k((programs,), y, x, x.stride(0), y.stride(0), x.shape[0], x.shape[1])
        softmax_rows(h, "softmax_persistent_f32", torch.float32,
                     [(50, 1000), (5, 1024), (3, 17), (301, 777)], persistent)

    # log_softmax: outputs ~ -log(n) (up to ~ -40 with the scale here).
    for name, dt, tol in (("log_softmax_f32", torch.float32, (1e-5, 1e-5)),
                          ("log_softmax_bf16", torch.bfloat16, (1e-2, 8e-3))):
        k = h.kernel(name)
        for R, C in ((1, 1), (5, 7), (6, 1000), (5, 1024), (33, 999)):
            x = rand((R, C), dt, 4.0)
            if R >= 3 and C >= 4:
                x[1, 2] = -INF   # log_softmax = -inf there
                x[2, 1] = NAN    # NaN row
            y = torch.empty_like(x)
            plain(k, x, y)
            h.check("%s %dx%d" % (name, R, C), y, torch.log_softmax(x.double(), -1),
                    atol=tol[0], rtol=tol[1])


# ---- whole-tensor reductions -------------------------------------------------------------
def reduce_all(h):
    for name, dt in (("reduce_all_f32", torch.float32), ("reduce_all_f16", torch.float16)):
        k = h.kernel(name)
        for M, N, pad in ((1, 1, 0), (32, 64, 0), (5, 7, 0), (17, 50, 9), (32, 1, 3)):
            big = rand((M, N + pad), dt, 2.0, 0.25)
            x = big[:, :N]
            out = torch.full((8,), 99.0, device=DEV)
            k((1,), x, out, M, N, x.stride(0))
            xd = x.double()
            tag = "%s %dx%d" % (name, M, N)
            # sums of <= 2048 values in fp32 (error ~log2(n) ulp); var via the fp32 mean.
            h.check(tag + " sum", out[0], xd.sum(), atol=1e-4, rtol=1e-5)
            h.check(tag + " mean", out[1], xd.mean(), atol=1e-5, rtol=1e-5)
            h.check(tag + " var", out[2], ((xd - xd.mean()) ** 2).mean(), atol=1e-5, rtol=1e-4)
            h.check_equal(tag + " max", out[3], xd.max())
            h.check_equal(tag + " min", out[4], xd.min())
            h.check(tag + " sum keep_dims", out[5], xd.sum(), atol=1e-4, rtol=1e-5)
            h.check_equal(tag + " untouched", out[6:], torch.full((2,), 99.0))
        # infinities: max/min are exact (torch agrees: no NaN involved)
        x = rand((9, 33), dt)
        x[3, 4], x[8, 0] = INF, -INF
        out = torch.zeros(8, device=DEV)
        k((1,), x, out, 9, 33, x.stride(0))
        h.check_equal(name + " +inf max", out[3], torch.tensor(INF))
        h.check_equal(name + " -inf min", out[4], torch.tensor(-INF))
        h.check(name + " inf sum is nan", out[0], torch.tensor(NAN))
    reduce_all_vs_triton(h)


def reduce_all_vs_triton(h):
    """NaN and signed zeros in max/min: the reference is Triton on the same kernel text."""
    try:
        fn = h.triton("examples/reduce_all.tir", "reduce_all_kernel")
    except Exception as e:
        return h.skip("reduce_all vs triton", "Triton unavailable: %s" % e)
    k = h.kernel("reduce_all_f32")
    cases = {}
    z = torch.zeros((4, 8), device=DEV)
    cases["-0.0 and +0.0"] = torch.where(torch.rand_like(z) < 0.5, -z, z)
    cases["all -0.0"] = -z
    one_pos = -z
    one_pos[2, 5] = 0.0
    cases["+0.0 among -0.0"] = one_pos
    x = rand((6, 20), torch.float32)
    x[2, 3] = NAN
    cases["one NaN"] = x
    cases["all NaN"] = torch.full((3, 5), NAN, device=DEV)
    x = rand((6, 20), torch.float32)
    x[0, 0], x[5, 19] = NAN, INF
    cases["NaN and inf"] = x
    for tag, x in cases.items():
        M, N = x.shape
        got = torch.zeros(8, device=DEV)
        want = torch.zeros(8, device=DEV)
        k((1,), x, got, M, N, x.stride(0))
        fn[(1,)](x, want, M, N, x.stride(0), BLOCK_M=32, BLOCK_N=64, num_warps=4)
        h.check_equal("reduce_all_f32 %s: max as Triton" % tag, got[3], want[3])
        h.check_equal("reduce_all_f32 %s: min as Triton" % tag, got[4], want[4])
        h.check_equal("reduce_all_f32 %s: sum as Triton" % tag, got[0].isnan(), want[0].isnan())


def reduce_middle(h):
    k = h.kernel("reduce_middle_f32")
    BB, BN = 2, 16
    for B, M, N in ((1, 1, 1), (2, 32, 16), (3, 17, 40), (5, 31, 33), (4, 32, 100)):
        for layout in ("contiguous", "m-inner", "padded"):
            if layout == "contiguous":
                x = rand((B, M, N), torch.float32)
            elif layout == "m-inner":
                x = rand((B, N, M), torch.float32).permute(0, 2, 1)  # stride_m = 1
            else:
                x = rand((B, M + 3, N + 5), torch.float32)[:, 1:M + 1, 2:N + 2]
            s = torch.full((B, N), 9.0, device=DEV)
            mx = torch.full((B, N), 9.0, device=DEV)
            grid = ((B + BB - 1) // BB, (N + BN - 1) // BN)
            k(grid, x, s, mx, B, M, N, x.stride(0), x.stride(1), x.stride(2))
            xd = x.double()
            tag = "reduce_middle_f32 %dx%dx%d %s" % (B, M, N, layout)
            h.check(tag + " sum", s, xd.sum(1), atol=1e-5, rtol=1e-5)
            h.check_equal(tag + " max", mx, xd.amax(1))
    # NaN and signed zeros along the reduced dim: the reference is Triton on the same text.
    try:
        fn = h.triton("examples/reduce_middle.tir", "reduce_middle_kernel")
    except Exception as e:
        return h.skip("reduce_middle vs triton", "Triton unavailable: %s" % e)
    B, M, N = 3, 17, 40
    x = rand((B, M, N), torch.float32)
    x[0, 5, 3] = NAN          # one NaN in a column
    x[1, :, 7] = NAN          # a column of NaN
    x[2, :, 9] = -0.0         # -0.0 with one +0.0
    x[2, 4, 9] = 0.0
    x[2, :, 10] = -0.0        # all -0.0
    x[2, :, 11] = -1.0
    x[2, 16, 11] = INF
    got = [torch.zeros((B, N), device=DEV) for _ in range(2)]
    want = [torch.zeros((B, N), device=DEV) for _ in range(2)]
    grid = ((B + BB - 1) // BB, (N + BN - 1) // BN)
    k(grid, x, got[0], got[1], B, M, N, x.stride(0), x.stride(1), x.stride(2))
    fn[grid](x, want[0], want[1], B, M, N, x.stride(0), x.stride(1), x.stride(2),
             BLOCK_B=BB, BLOCK_M=32, BLOCK_N=BN, num_warps=4)
    h.check_equal("reduce_middle_f32 NaN/-0.0/inf: max as Triton", got[1], want[1])
    h.check_equal("reduce_middle_f32 NaN/-0.0/inf: sum NaN places as Triton", got[0].isnan(), want[0].isnan())


def run(h):
    torch.manual_seed(0)
    for part in (layer_norm, rms_norm, cross_entropy, softmax_family, reduce_all, reduce_middle):
        h.part(part.__name__, part, h)
