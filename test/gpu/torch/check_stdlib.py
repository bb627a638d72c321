"""GPU checks of Triton's standard-library functions that tilec writes in the kernel language
(lib/Frontend/sema_stdlib.c; kernels in test/gpu/torch/kernels_stdlib.txt).

References: torch (sort, topk, flip, softmax, a reshape for ravel, a bitwise-or reduction,
gather; cat's values must reach their cat-ed destinations, its order being the compiler's), and
Python for swizzle2d (Triton's documented renumbering). Exact where the result is a
permutation or integer arithmetic (sort, topk, merge, flip, ravel, swizzle2d, reduce_or);
softmax within rtol 1e-5 (exp and one division per element, each within a few ulp).
Inputs are finite (a sort's NaN order is Triton's own, not torch's)."""
import torch

DEV = "cuda"


def rand(shape, dt):
    if dt.is_floating_point:
        return torch.randn(*shape, device=DEV).to(dt)
    return torch.randint(-50, 50, shape, device=DEV, dtype=dt)  # many ties


def sorts(h):
    for name, M, N, desc, dt in (("std_sort_f32_8x16", 8, 16, False, torch.float32),
                                 ("std_sort_f32_desc_4x256", 4, 256, True, torch.float32),
                                 ("std_sort_i32_16x64", 16, 64, False, torch.int32),
                                 ("std_sort_f16_2x1024_w8", 2, 1024, False, torch.float16)):
        x = rand((M, N), dt)
        y = torch.empty_like(x)
        h.kernel(name)(1, x, y)
        h.check_equal(name, y, torch.sort(x, dim=1, descending=desc).values)
    for name, N, dt in (("std_sort_1d_f32_128", 128, torch.float32), ("std_sort_1d_i64_32_w1", 32, torch.int64)):
        x = rand((N,), dt)
        if dt == torch.int64:
            x = x * (1 << 40)  # values beyond 32 bits
        y = torch.empty_like(x)
        h.kernel(name)(1, x, y)
        h.check_equal(name, y, torch.sort(x).values)
    # signed zeros and infinities sort as torch sorts them (-0.0 == 0.0: either order)
    x = torch.tensor([[float("inf"), -0.0, 3.0, -float("inf"), 0.0, -1.0, 2.0, 1.0] * 2] * 8, device=DEV)
    y = torch.empty_like(x)
    h.kernel("std_sort_f32_8x16")(1, x, y)
    h.check("std_sort_f32_8x16 infinities and zeros", y, torch.sort(x, dim=1).values)


def topks(h):
    for name, M, N, K in (("std_topk_f32_8x128_k8", 8, 128, 8), ("std_topk_f32_4x64_k1", 4, 64, 1),
                          ("std_topk_f32_4x64_k64", 4, 64, 64)):
        x = torch.randn(M, N, device=DEV)
        y = torch.empty(M, K, device=DEV)
        h.kernel(name)(1, x, y)
        h.check_equal(name, y, torch.topk(x, K, dim=1).values)


def merges(h):
    # bitonic input: an ascending half then a descending half, per row
    for name, desc in (("std_merge_f32_8x32", False), ("std_merge_f32_desc_8x32", True)):
        a = torch.sort(torch.randn(8, 16, device=DEV), dim=1).values
        b = torch.sort(torch.randn(8, 16, device=DEV), dim=1, descending=True).values
        x = torch.cat([a, b], dim=1).contiguous()
        y = torch.empty_like(x)
        h.kernel(name)(1, x, y)
        h.check_equal(name, y, torch.sort(x, dim=1, descending=desc).values)


def flips(h):
    for name, shape, dim, dt in (("std_flip_d0_4x8x16", (4, 8, 16), 0, torch.float32),
                                 ("std_flip_d1_4x8x16", (4, 8, 16), 1, torch.float32),
                                 ("std_flip_dneg1_4x8x16", (4, 8, 16), 2, torch.float32),
                                 ("std_flip_default_f16_2x4x64", (2, 4, 64), 2, torch.float16),
                                 ("std_flip_d1_i8_2x32x8", (2, 32, 8), 1, torch.int8)):
        x = rand(shape, dt)
        y = torch.empty_like(x)
        h.kernel(name)(1, x, y)
        h.check_equal(name, y, torch.flip(x, dims=(dim,)))


def softmaxes(h):
    x = torch.randn(16, 128, device=DEV) * 4
    y = torch.empty_like(x)
    h.kernel("std_softmax_rows_16x128")(1, x, y)
    h.check("std_softmax_rows_16x128", y, torch.softmax(x.double(), dim=1), rtol=1e-5, atol=1e-7)
    x = torch.randn(64, 32, device=DEV) * 4
    y = torch.empty_like(x)
    h.kernel("std_softmax_cols_64x32")(1, x, y)
    h.check("std_softmax_cols_64x32 (dim None: 0)", y, torch.softmax(x.double(), dim=0), rtol=1e-5, atol=1e-7)


def ravel(h):
    x = torch.randn(16, 32, device=DEV)
    y = torch.empty(512, device=DEV)
    h.kernel("std_ravel_16x32")(1, x, y)
    h.check_equal("std_ravel_16x32", y, x.reshape(-1))


def swizzles(h):
    for name, M, N, G in (("std_swizzle_16x8_g3", 16, 8, 3), ("std_swizzle_8x32_g4", 8, 32, 4)):
        want = torch.empty(M, N, dtype=torch.int32)
        for i in range(M):
            for j in range(N):
                ij = i * N + j
                first = (ij // (G * N)) * G
                rows = min(M - first, G)
                at = ij % (G * N)
                want[i, j] = (first + at % rows) * N + at // rows
        y = torch.empty(M, N, device=DEV, dtype=torch.int32)
        h.kernel(name)(1, y)
        h.check_equal(name, y, want)


def reduce_or(h):
    x = torch.randint(0, 1 << 30, (8, 64), device=DEV, dtype=torch.int32) & (1 << torch.randint(0, 30, (8, 64), device=DEV, dtype=torch.int32))
    y = torch.empty(8, device=DEV, dtype=torch.int32)
    h.kernel("std_reduce_or_8x64")(1, x, y)
    want = torch.zeros(8, dtype=torch.int64)
    xc = x.cpu().long()
    for r in range(8):
        v = 0
        for c in range(64):
            v |= int(xc[r, c])
        want[r] = v
    h.check_equal("std_reduce_or_8x64", y.long(), want)


def cats(h):
    x = torch.randn(128, device=DEV)
    y = torch.zeros(128, device=DEV)
    p = torch.full((128,), -1, device=DEV, dtype=torch.int32)
    h.kernel("std_cat_f32_64")(1, x, y, p)
    h.check_equal("std_cat_f32_64 values reach their destinations", y, x)
    # the order is the compiler's: a permutation of 0..127, the same one for every cat
    h.check_equal("std_cat_f32_64 order is a permutation", torch.sort(p.long()).values,
                  torch.arange(128, device=DEV))


def gathers(h):
    for name, S, K, dt, it in (("std_gather_1d_f32_16x256", 16, 256, torch.float32, torch.int32),
                               ("std_gather_1d_f16_32x64", 32, 64, torch.float16, torch.int64)):
        t = torch.randn(S, device=DEV).to(dt)
        t[0] = -0.0
        t[1] = float("nan")
        i = torch.randint(0, S, (K,), device=DEV, dtype=it)
        y = torch.empty(K, device=DEV, dtype=dt)
        h.kernel(name)(1, t, i, y)
        h.check_equal(name, y, t[i.long()])
    x = torch.randn(16, 32, device=DEV)
    i = torch.randint(0, 16, (8, 32), device=DEV, dtype=torch.int32)
    y = torch.empty(8, 32, device=DEV)
    h.kernel("std_gather_2d_ax0_f32")(1, x, i, y)
    h.check_equal("std_gather_2d_ax0_f32", y, torch.gather(x, 0, i.long()))
    x = torch.randint(-1000, 1000, (8, 16), device=DEV, dtype=torch.int32)
    i = torch.randint(0, 16, (8, 32), device=DEV, dtype=torch.int32)
    y = torch.empty(8, 32, device=DEV, dtype=torch.int32)
    h.kernel("std_gather_2d_ax1_i32")(1, x, i, y)
    h.check_equal("std_gather_2d_ax1_i32", y, torch.gather(x, 1, i.long()))


def histograms(h):
    for name, N, B, masked in (("std_histogram_1024_b16", 1024, 16, False), ("std_histogram_256_b64_masked", 256, 64, True)):
        x = torch.randint(-4, B + 4, (N,), device=DEV, dtype=torch.int32)  # some outside [0, B): not counted
        y = torch.empty(B, device=DEV, dtype=torch.int32)
        h.kernel(name)(1, x, y)
        keep = (x >= 0) & (x < B)
        if masked:
            keep &= torch.arange(N, device=DEV) % 3 != 0
        h.check_equal(name, y, torch.bincount(x[keep].long(), minlength=B).to(torch.int32))


def run(h):
    for part in (sorts, topks, merges, flips, softmaxes, ravel, swizzles, reduce_or, cats, gathers, histograms):
        h.part("stdlib: " + part.__name__, part, h)
