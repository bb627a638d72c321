"""GPU checks of argmax/argmin, scans and tl.reduce (test/gpu/torch/kernels_scans.txt).

References: torch where its semantics are Triton's (finite inputs: torch.argmax/argmin give
the first index of the extreme value, as tie_break_left does; exact integer cumsum and
wrapping cumprod), and Triton running the same kernel text where they differ (NaN: Triton's
combine never lets NaN win, torch treats it as the maximum). Tolerances:
- argmax/argmin indices and min values: exact.
- f32 cumsum: |got - want| <= 1e-5 * (running sum of |x|) + 1e-6, want the float64 prefix:
  a scan adds at most log2(n) + a few partial sums per element (the lowering merges blocks
  bit by bit), each rounding at 2^-24 relative to the partial's magnitude.
- f32 cumprod of values in [0.9, 1.1]: rtol 1e-5 (128 factors, ~7 roundings each path).
- var_mean: rtol 1e-4 against float64 (Welford's updates round at each merge; 1e-4 is far
  above a few hundred ulp and far below any masking or combine-order error).
"""
import torch

DEV = "cuda"


def argmax_rows(h):
    for name, dt in (("argmax_f32", torch.float32), ("argmax_f16", torch.float16),
                     ("argmax_bf16", torch.bfloat16), ("argmax_f32_big", torch.float32)):
        k = h.kernel(name)
        bm = 1 if name.endswith("big") else 4
        for M, N in ((1, 1), (5, 1000), (9, 1024), (33, 4097), (7, 32768)):
            x = torch.randn(M, N, device=DEV).to(dt)
            if N > 8 and dt != torch.float32:
                x[:, N // 2] = x.max()  # ties at two places in low precision rows
                x[:, N // 3] = x.max()
            out = torch.empty(M, device=DEV, dtype=torch.int64)
            k(((M + bm - 1) // bm,), x, out, M, N)
            h.check_equal("%s %dx%d" % (name, M, N), out, torch.argmax(x.float(), dim=1))
    # Integers with many ties, -inf and +inf rows.
    k = h.kernel("argmax_f32")
    x = torch.randint(-3, 4, (6, 3000), device=DEV).float()
    x[1] = -float("inf")
    x[2, 2999] = float("inf")
    out = torch.empty(6, device=DEV, dtype=torch.int64)
    k(2, x, out, 6, 3000)
    h.check_equal("argmax_f32 ties and infinities", out, torch.argmax(x, dim=1))
    # NaN: Triton's own behaviour on the same kernel text.
    x = torch.randn(8, 2500, device=DEV)
    x[0, 10] = float("nan")
    x[3, :] = float("nan")
    x[5, 2499] = float("nan")
    out = torch.empty(8, device=DEV, dtype=torch.int64)
    k(2, x, out, 8, 2500)
    tk = h.triton("examples/argmax.tir", "argmax_kernel")
    if tk is None:
        h.skip("argmax_f32 NaN vs Triton", "triton not importable")
        return
    ref = torch.empty_like(out)
    tk[(2,)](x, ref, 8, 2500, BLOCK_M=4, BLOCK_N=1024, num_warps=4)
    h.check_equal("argmax_f32 NaN vs Triton", out, ref)


def argmin_cols(h):
    k = h.kernel("argmin_cols_f32")
    for M, N in ((1, 5), (64, 16), (37, 100), (50, 33)):
        x = torch.randn(M, N, device=DEV)
        if M > 2:
            x[M - 1, 0] = x[:, 0].min()  # a tie in column 0: the first index wins
            x[1, 1] = -0.0
            x[0, 1] = 0.0
        idx = torch.empty(N, device=DEV, dtype=torch.int64)
        val = torch.empty(N, device=DEV)
        k(((N + 15) // 16,), x, idx, val, M, N)
        h.check_equal("argmin_cols %dx%d index" % (M, N), idx, torch.argmin(x, dim=0))
        h.check("argmin_cols %dx%d value" % (M, N), val, x.min(dim=0).values, atol=0, rtol=0)


def cumsum_rows(h):
    for name, rev, dt, block in (("cumsum_rows_f32", False, torch.float32, 4096),
                                 ("cumsum_rows_rev_f32", True, torch.float32, 1024),
                                 ("cumsum_rows_i32", False, torch.int32, 1024)):
        k = h.kernel(name)
        for M, N in ((1, 1), (3, 100), (8, block), (5, block - 3)):
            if dt == torch.int32:
                x = torch.randint(-1000, 1000, (M, N), device=DEV, dtype=dt)
            else:
                x = torch.randn(M, N, device=DEV)
            out = torch.full_like(x, 7)
            k((M,), x, out, N, N)
            xs = x.flip(1) if rev else x
            want = torch.cumsum(xs.double(), 1)
            if rev:
                want = want.flip(1)
            tag = "%s %dx%d" % (name, M, N)
            if dt == torch.int32:
                h.check_equal(tag, out, want.to(torch.int32))
            else:
                mag = torch.cumsum(xs.double().abs(), 1)
                if rev:
                    mag = mag.flip(1)
                err = (out.double() - want).abs() - (1e-5 * mag + 1e-6)
                if err.max().item() <= 0:
                    h.check(tag, out, want, atol=1e-3, rtol=0)
                else:
                    h.fail(tag, "max excess %.3g over 1e-5 * sum|x|" % err.max().item())


def cumprod_cols(h):
    k = h.kernel("cumprod_cols_i32")
    for M, N in ((1, 3), (64, 16), (40, 37)):
        x = torch.randint(-5, 6, (M, N), device=DEV, dtype=torch.int32)
        out = torch.empty_like(x)
        k(((N + 15) // 16,), x, out, M, N)
        want = x[0:1].long().clone()
        rows = [want]
        for i in range(1, M):  # int32 wrap-around, as the kernel's muli
            want = ((want * x[i:i + 1].long() + 2**31) % 2**32) - 2**31
            rows.append(want)
        h.check_equal("cumprod_cols_i32 %dx%d" % (M, N), out, torch.cat(rows).to(torch.int32))
    k = h.kernel("cumprod_cols_f32")
    for M, N in ((128, 8), (100, 21)):
        x = torch.rand(M, N, device=DEV) * 0.2 + 0.9
        out = torch.empty_like(x)
        k(((N + 7) // 8,), x, out, M, N)
        h.check("cumprod_cols_f32 %dx%d" % (M, N), out, torch.cumprod(x.double(), 0), atol=0, rtol=1e-5)


def var_mean(h):
    for name, dt, block in (("var_mean_f32", torch.float32, 1024), ("var_mean_f16", torch.float16, 4096)):
        k = h.kernel(name)
        for M, N, corr in ((1, 1, 0), (4, 1000, 0), (3, block, 1), (6, block - 7, 1)):
            x = (torch.randn(M, N, device=DEV) * 3 + 10).to(dt)
            var = torch.empty(M, device=DEV)
            mean = torch.empty(M, device=DEV)
            k((M,), x, var, mean, N, float(corr))
            v, m = torch.var_mean(x.double(), dim=1, correction=corr)
            tag = "%s %dx%d correction=%d" % (name, M, N, corr)
            h.check(tag + " mean", mean, m, atol=1e-5, rtol=1e-4)
            if N - corr > 0:
                h.check(tag + " var", var, v, atol=1e-5, rtol=1e-4)


def reshape(h):
    x = torch.randint(-1000, 1000, (1024,), device=DEV, dtype=torch.int32)
    y = torch.full((64,), 7, device=DEV, dtype=torch.int32)
    h.kernel("reshape_rows_sum")((1,), x, y)
    h.check_equal("reshape 1024 -> 64x16, row sums", y, x.view(64, 16).sum(1).to(torch.int32))
    y = torch.empty(1024, device=DEV, dtype=torch.int32)
    h.kernel("reshape_flat_cumsum")((1,), x, y)
    h.check_equal("reshape 16x64 -> 1024, cumsum", y, torch.cumsum(x.long(), 0).to(torch.int32))


def run(h):
    h.part("reshape", reshape, h)
    h.part("argmax rows", argmax_rows, h)
    h.part("argmin cols", argmin_cols, h)
    h.part("cumsum rows", cumsum_rows, h)
    h.part("cumprod cols", cumprod_cols, h)
    h.part("var_mean", var_mean, h)
