"""GPU checks of tl.dot kernels (test/gpu/torch/kernels_dot.txt) against torch in float64,
on the very inputs the kernel read.

Tolerances (|got - want| <= atol + rtol * |want|): the reference is exact (float64) on the
rounded inputs, so the error is the kernel's accumulation (fp32, K terms: ~K * 2^-24 *
sum |a b|) plus the output rounding. Inputs are randn, so sum |a b| ~ 0.8 K and a result's
typical size is sqrt(K):
- f16 / bf16 in, f32 accumulate: atol = 1e-5 * K (fp32 accumulation, ~100x its bound at
  K = 4096), plus the output's rounding: rtol = 1e-3 (f16 out), 8e-3 (bf16 out), 1e-5 (f32 out).
- tf32: operands rounded to 10 mantissa bits: each product off by ~2^-10 relative, random
  signs: atol = 2e-3 * sqrt(K) * 4; tf32x3 recovers ~fp32: atol = 1e-4 * sqrt(K); ieee (FMA):
  atol = 1e-5 * K.
- f16 accumulate (out_dtype=float16): the accumulator itself is rounded to 11 bits at every
  mma: atol = 2e-3 * K ** 0.5 * 4, rtol 2e-3.
- i8 -> i32: exact.
- attention: against torch's scaled_dot_product_attention in float64 from the same inputs;
  p is rounded to f16 / bf16 before p @ v (as Triton's tutorial does): atol 2e-3 (f16),
  1.6e-2 (bf16), rtol same.
Shapes include M, N, K that are not multiples of the blocks, 16 .. 1024, and transposed
(column-major) operands through strides.
"""
import math

import torch

DEV = "cuda"


def cdiv(a, b):
    return (a + b - 1) // b


def tut(h):
    for name, dt, bm, bn, act in (("mm_tut_f16", torch.float16, 128, 128, True),
                                  ("mm_tut_f16_mma", torch.float16, 128, 128, True),
                                  ("mm_tut_f16_noact", torch.float16, 64, 64, False),
                                  ("mm_tut_bf16", torch.bfloat16, 128, 64, False),
                                  ("mm_tut_f16_wgmma_s3", torch.float16, 128, 128, True),
                                  ("mm_tut_bf16_wgmma_s4", torch.bfloat16, 128, 64, False),
                                  ("mm_tut_f16_s2", torch.float16, 64, 128, False)):
        k = h.kernel(name)
        for M, N, K in ((16, 16, 16), (100, 70, 40), (256, 512, 128), (129, 255, 1000), (512, 384, 1024), (40, 72, 0)):
            for trans_a, trans_b in ((False, False), (True, False), (False, True)):
                a = torch.randn((K, M) if trans_a else (M, K), device=DEV).to(dt)
                b = torch.randn((N, K) if trans_b else (K, N), device=DEV).to(dt)
                a = a.t() if trans_a else a
                b = b.t() if trans_b else b
                c = torch.empty((M, N), device=DEV, dtype=dt)
                k((cdiv(M, bm) * cdiv(N, bn),), a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0),
                  b.stride(1), c.stride(0), c.stride(1))
                want = a.double() @ b.double()
                if act:
                    want = torch.where(want >= 0, want, 0.01 * want)
                rtol = 1e-3 if dt == torch.float16 else 8e-3
                h.check("%s %dx%dx%d ta=%d tb=%d" % (name, M, N, K, trans_a, trans_b), c.double(), want,
                        atol=1e-5 * K, rtol=rtol)
    k = h.kernel("mm_tut_f16_hinted")
    M, N, K = 512, 256, 384
    a, b = torch.randn(M, K, device=DEV).half(), torch.randn(K, N, device=DEV).half()
    c = torch.empty(M, N, device=DEV).half()
    # the unit strides are compile-time constants of this signature: not arguments
    k((cdiv(M, 128) * cdiv(N, 128),), a, b, c, M, N, K, K, N, N)
    h.check("mm_tut_f16_hinted 512x256x384", c.double(), a.double() @ b.double(), atol=1e-5 * K, rtol=1e-3)


def wgmma_layouts(h):
    """The tutorial kernel with --wgmma and hinted unit strides, so that each operand is stored
    in shared memory as loaded: N-major B (trans-b; 128-byte swizzle in slabs for BLOCK_N 128
    and 256, 64-byte for 32), bf16, and a column-major A (M-major, trans-a). Sizes are
    multiples of 16 (the i32:16 hints) with tails in M, N and K."""
    for name, dt, bm, bn, cola, act in (("mm_wgmma_f16_128x128x64", torch.float16, 128, 128, False, True),
                                        ("mm_wgmma_f16_128x256x64", torch.float16, 128, 256, False, False),
                                        ("mm_wgmma_bf16_128x128x64", torch.bfloat16, 128, 128, False, False),
                                        ("mm_wgmma_f16_64x32x32", torch.float16, 64, 32, False, False),
                                        ("mm_wgmma_f16_128x128x64_cola", torch.float16, 128, 128, True, False)):
        k = h.kernel(name)
        for M, N, K in ((128, 256, 64), (384, 400, 336), (512, 512, 1024)):
            a = torch.randn((K, M) if cola else (M, K), device=DEV).to(dt)
            a = a.t() if cola else a
            b = torch.randn(K, N, device=DEV).to(dt)
            c = torch.empty((M, N), device=DEV, dtype=dt)
            # the unit strides are compile-time constants of these signatures: not arguments
            sa = a.stride(1) if cola else a.stride(0)
            k((cdiv(M, bm) * cdiv(N, bn),), a, b, c, M, N, K, sa, b.stride(0), c.stride(0))
            want = a.double() @ b.double()
            if act:
                want = torch.where(want >= 0, want, 0.01 * want)
            rtol = 1e-3 if dt == torch.float16 else 8e-3
            h.check("%s %dx%dx%d" % (name, M, N, K), c.double(), want, atol=1e-5 * K, rtol=rtol)


def fp8(h):
    """The tutorial kernel on fp8 operands (wgmma k32, f32 accumulator, f16 out), against
    float64 products of the same fp8 values; B row-major and transposed (K-contiguous)."""
    for name, dt, bm, bn in (("mm_fp8_e4m3", torch.float8_e4m3fn, 128, 128), ("mm_fp8_e5m2", torch.float8_e5m2, 64, 64)):
        k = h.kernel(name)
        for M, N, K in ((128, 128, 128), (200, 136, 320), (64, 64, 64)):
            for trans_b in (False, True):
                a = torch.randn(M, K, device=DEV).to(dt)
                b = (torch.randn(N, K, device=DEV).to(dt).t() if trans_b else torch.randn(K, N, device=DEV).to(dt))
                c = torch.empty((M, N), device=DEV, dtype=torch.float16)
                k((cdiv(M, bm) * cdiv(N, bn),), a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0),
                  b.stride(1), c.stride(0), c.stride(1))
                want = a.double() @ b.double()
                h.check("%s %dx%dx%d tb=%d" % (name, M, N, K, trans_b), c.double(), want,
                        atol=1e-2 * math.sqrt(K), rtol=1e-2)
    # B row-major with hinted strides: A pipelined, B stored K-major through registers
    k = h.kernel("mm_fp8_e4m3_nmajor_s3")
    for M, N, K in ((128, 128, 128), (256, 384, 1024), (256, 128, 64), (128, 256, 0)):
        a = torch.randn(M, K, device=DEV).to(torch.float8_e4m3fn)
        b = torch.randn(K, N, device=DEV).to(torch.float8_e4m3fn)
        c = torch.empty((M, N), device=DEV, dtype=torch.float16)
        k((cdiv(M, 128) * cdiv(N, 128),), a, b, c, M, N, K, K, N, N)
        h.check("mm_fp8_e4m3_nmajor_s3 %dx%dx%d" % (M, N, K), c.double(), a.double() @ b.double(),
                atol=1e-2 * max(1, math.sqrt(K)), rtol=1e-2)


def tutorial_file(h):
    """examples/matmul_tutorial.tir compiled unchanged: entry matmul_kernel is config 0
    (BLOCK 128x256x64, GROUP_SIZE_M 8, 8 warps), with leaky ReLU and f16 output."""
    for name in ("mm_tutorial_file", "mm_tutorial_file_wgmma"):
        k = h.kernel(name)
        for M, N, K in ((512, 512, 512), (1024, 768, 320)):
            a, b = torch.randn(M, K, device=DEV).half(), torch.randn(K, N, device=DEV).half()
            c = torch.empty(M, N, device=DEV).half()
            k((cdiv(M, 128) * cdiv(N, 256),), a, b, c, M, N, K, K, N, N)  # unit strides are constants
            want = a.double() @ b.double()
            want = torch.where(want >= 0, want, 0.01 * want)
            h.check("%s %dx%dx%d" % (name, M, N, K), c.double(), want, atol=1e-5 * K, rtol=1e-3)


def precisions(h):
    k = h.kernel("mm_tf32")
    for M, N, K in ((64, 64, 64), (100, 90, 300)):
        a, b = torch.randn(M, K, device=DEV), torch.randn(K, N, device=DEV)
        c = torch.empty(M, N, device=DEV)
        k((cdiv(M, 64) * cdiv(N, 64),), a, b, c, M, N, K, K, 1, N, 1, N, 1)
        h.check("mm_tf32 %dx%dx%d" % (M, N, K), c.double(), a.double() @ b.double(), atol=8e-3 * math.sqrt(K))
    for name, atol in (("mm_prec_tf32x3", 1e-4), ("mm_prec_ieee", 1e-5)):
        k = h.kernel(name)
        for M, N, K in ((64, 64, 32), (70, 130, 257)):
            a, b = torch.randn(M, K, device=DEV), torch.randn(K, N, device=DEV)
            c = torch.empty(M, N, device=DEV)
            k((cdiv(M, 64), cdiv(N, 64)), a, b, c, M, N, K)
            h.check("%s %dx%dx%d" % (name, M, N, K), c.double(), a.double() @ b.double(),
                    atol=atol * (math.sqrt(K) if "x3" in name else K))
    k = h.kernel("mm_i8")
    for M, N, K in ((64, 64, 64), (100, 70, 200)):
        a = torch.randint(-128, 128, (M, K), device=DEV, dtype=torch.int8)
        b = torch.randint(-128, 128, (K, N), device=DEV, dtype=torch.int8)
        c = torch.empty(M, N, device=DEV, dtype=torch.int32)
        k((cdiv(M, 64), cdiv(N, 64)), a, b, c, M, N, K)
        want = (a.double() @ b.double()).round().int()  # exact: |sums| < 2^53; CUDA has no integer matmul
        h.check_equal("mm_i8 %dx%dx%d" % (M, N, K), c, want)
    k = h.kernel("mm_f16_out16")
    for M, N, K in ((64, 64, 32), (90, 64, 160)):
        a, b = torch.randn(M, K, device=DEV).half(), torch.randn(K, N, device=DEV).half()
        c = torch.empty(M, N, device=DEV).half()
        k((cdiv(M, 64), cdiv(N, 64)), a, b, c, M, N, K)
        h.check("mm_f16_out16 %dx%dx%d" % (M, N, K), c.double(), a.double() @ b.double(),
                atol=8e-3 * math.sqrt(K), rtol=2e-3)


def transposed(h):
    """mm_bt: C = A @ B^T with B given N x K and transposed after its load (tl.trans), and
    with A given K x M and transposed too (`.T`, mm_btat); on wgmma both loads pipelined
    (accelerate-matmul moves the transposes above them); fp32 as tf32 wgmma (mm_bt_f32);
    pointers advanced each iteration (mm_bt_carried: the transpose lands on the carried
    pointers).
    Aligned sizes, a K tail, ragged M and N, fewer K blocks than stages, K = 0."""
    for name, dt, bm, bn, ta in (("mm_bt_f16", torch.float16, 128, 128, False),
                                 ("mm_bt_bf16_s4", torch.bfloat16, 128, 256, False),
                                 ("mm_bt_f16_unhinted", torch.float16, 64, 64, False),
                                 ("mm_bt_f16_mma", torch.float16, 128, 128, False),
                                 ("mm_btat_f16", torch.float16, 128, 128, True),
                                 ("mm_bt_f32", torch.float32, 128, 128, False),
                                 ("mm_bt_f32_unhinted", torch.float32, 64, 64, False),
                                 ("mm_bt_carried_f16", torch.float16, 128, 256, False),
                                 ("mm_bt_carried_bf16_unhinted", torch.bfloat16, 64, 64, False)):
        k = h.kernel(name)
        sizes = ((256, 512, 1024), (128, 256, 64), (256, 256, 96), (128, 256, 0))
        if "unhinted" in name:
            sizes += ((100, 70, 200), (65, 130, 33))
        for M, N, K in sizes:
            a = torch.randn(M, K, device=DEV).to(dt)
            b = torch.randn(N, K, device=DEV).to(dt)
            c = torch.full((M, N), 7.0, device=DEV).to(dt)
            aa = a.t().contiguous() if ta else a
            k((cdiv(M, bm), cdiv(N, bn)), aa, b, c, M, N, K)
            h.check("%s %dx%dx%d" % (name, M, N, K), c.double(), (a.double() @ b.double().t()),
                    atol=1e-2 * max(1, math.sqrt(K)), rtol=1e-2)


def int8(h):
    """int8 x int8 -> int32: on wgmma (s8, K-major operands) W given N x K and transposed
    (tl.trans: both loads pipelined; mm_i8_bt, unhinted too), the W8A8 epilogue (int32 times a per-row and a per-column f32
    scale, bf16 out; mm_i8_bt_scaled); on mma.sync B given K x N (an N-contiguous 8-bit
    operand keeps mma.sync on sm_90a; mm_i8_w8) and --no-wgmma (mm_i8_mma). Exact int32 (bf16 within
    its rounding): aligned sizes, one K block, a K tail, fewer K blocks than stages, K = 0,
    ragged M and N (unhinted), the extreme values -128 and 127 (sums of 128 * 128 * K)."""
    def ints(*shape):
        return torch.randint(-128, 128, shape, device=DEV, dtype=torch.int8)

    def exact(a, b):  # |sums| < 2^53: exact in double; CUDA has no general integer matmul
        return (a.double() @ b.double()).round().long()

    hinted = ((256, 512, 1024), (128, 256, 128), (256, 256, 96), (256, 512, 256), (128, 256, 0))
    for name, bm, bn in (("mm_i8_w8", 128, 128), ("mm_i8_mma", 64, 64)):
        k = h.kernel(name)
        for M, N, K in hinted + (((100, 70, 200), (65, 130, 33)) if name == "mm_i8_mma" else ()):
            a, b = ints(M, K), ints(K, N)
            c = torch.full((M, N), 7, device=DEV, dtype=torch.int32)
            k((cdiv(M, bm), cdiv(N, bn)), a, b, c, M, N, K)
            h.check_equal("%s %dx%dx%d" % (name, M, N, K), c.long(), exact(a, b))
    unused = torch.empty(1, device=DEV)  # the scales of SCALED = 0
    for name, bm, bn in (("mm_i8_bt", 128, 256), ("mm_i8_bt_unhinted", 64, 64)):
        k = h.kernel(name)
        sizes = hinted + (((100, 70, 200), (65, 130, 33)) if "unhinted" in name else ())
        for M, N, K in sizes:
            a, w = ints(M, K), ints(N, K)
            c = torch.full((M, N), 7, device=DEV, dtype=torch.int32)
            k((cdiv(M, bm), cdiv(N, bn)), a, w, c, unused, unused, M, N, K)
            h.check_equal("%s %dx%dx%d" % (name, M, N, K), c.long(), exact(a, w.t()))
    M, N, K = 256, 512, 2048  # extremes: every product 128 * 128 or -128 * 127
    a = torch.full((M, K), -128, device=DEV, dtype=torch.int8)
    a[:, 1::2] = 127
    w = torch.full((N, K), -128, device=DEV, dtype=torch.int8)
    c = torch.empty(M, N, device=DEV, dtype=torch.int32)
    h.kernel("mm_i8_bt")((cdiv(M, 128), cdiv(N, 256)), a, w, c, unused, unused, M, N, K)
    h.check_equal("mm_i8_bt %dx%dx%d extremes" % (M, N, K), c.long(), exact(a, w.t()))
    k = h.kernel("mm_i8_bt_scaled")
    for M, N, K in ((256, 512, 1024), (128, 256, 96), (256, 256, 0)):
        a, w = ints(M, K), ints(N, K)
        sa, sw = torch.rand(M, device=DEV) / 64, torch.rand(N, device=DEV) / 64
        c = torch.empty(M, N, device=DEV, dtype=torch.bfloat16)
        k((cdiv(M, 128), cdiv(N, 128)), a, w, c, sa, sw, M, N, K)
        want = (exact(a, w.t()).double() * sa.double()[:, None] * sw.double()[None, :])
        h.check("mm_i8_bt_scaled %dx%dx%d" % (M, N, K), c.double(), want, atol=1e-6, rtol=8e-3)


def w8a8_example(h):
    """examples/matmul_int8.tir (a W8A8 linear layer: int8 x int8 -> int32 on wgmma, w's
    pointers advanced each iteration and transposed, per-token and per-channel scales, bf16
    out, grouped program order): two of its autotune configs and unhinted sizes, against the
    exact int32 product scaled in double."""
    for name, bm, bn, sizes in (("w8a8_ex_128x256x128", 128, 256, ((256, 512, 1024), (384, 768, 256), (128, 256, 0))),
                                ("w8a8_ex_64x128x128_w4", 64, 128, ((256, 512, 1024), (128, 384, 128))),
                                ("w8a8_ex_unhinted", 128, 128, ((100, 70, 200), (65, 130, 33), (300, 257, 1000)))):
        k = h.kernel(name)
        for M, N, K in sizes:
            x = torch.randint(-128, 128, (M, K), device=DEV, dtype=torch.int8)
            w = torch.randint(-128, 128, (N, K), device=DEV, dtype=torch.int8)
            xs, ws = torch.rand(M, device=DEV) / 64, torch.rand(N, device=DEV) / 64
            y = torch.full((M, N), 7.0, device=DEV, dtype=torch.bfloat16)
            k((cdiv(M, bm) * cdiv(N, bn),), x, w, y, xs, ws, M, N, K, K, K, N)
            want = (x.double() @ w.double().t()).round() * xs.double()[:, None] * ws.double()[None, :]
            h.check("%s %dx%dx%d" % (name, M, N, K), y.double(), want, atol=1e-6, rtol=8e-3)


def seeds(h):
    M, N, K = 100, 130, 64
    a, b = torch.randn(M, K, device=DEV), torch.randn(K, N, device=DEV)
    c = torch.empty(M, N, device=DEV)
    h.kernel("seed_full_k")((cdiv(M, 64), cdiv(N, 64)), a, b, c, M, N)
    h.check("seed_full_k 100x130x64", c.double(), a.double() @ b.double(), atol=8e-3 * math.sqrt(K))
    K = 200
    a, b = torch.randn(M, K, device=DEV), torch.randn(K, N, device=DEV)
    h.kernel("seed_blocked")((cdiv(M, 64), cdiv(N, 64)), a, b, c, M, N, K)
    h.check("seed_blocked 100x130x200", c.double(), a.double() @ b.double(), atol=8e-3 * math.sqrt(K))
    B, fin, fout = 37, 120, 84  # LeNet-5's fc2
    x, w, bias = torch.randn(B, fin, device=DEV), torch.randn(fout, fin, device=DEV), torch.randn(fout, device=DEV)
    y = torch.empty(B, fout, device=DEV)
    h.kernel("seed_linear_bias")((cdiv(B, 32), cdiv(fout, 64)), x, w, y, bias, B, fin, fout)
    h.check("seed_linear_bias 37x120->84", y.double(), x.double() @ w.double().t() + bias.double(),
            atol=8e-3 * math.sqrt(fin))
    h.kernel("seed_linear_nobias")((cdiv(B, 32), cdiv(fout, 64)), x, w, y, B, fin, fout)  # bias None: a constant
    h.check("seed_linear_nobias 37x120->84", y.double(), x.double() @ w.double().t(), atol=8e-3 * math.sqrt(fin))
    k = h.kernel("strided_f16")
    for M, N, K in ((64, 64, 64), (200, 100, 300)):
        a = torch.randn(K, M, device=DEV).half().t()
        b = torch.randn(K, N, device=DEV).half()
        c = torch.empty(M, N, device=DEV)
        k((cdiv(M, 64) * cdiv(N, 64),), a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
          c.stride(0), c.stride(1))
        h.check("strided_f16 %dx%dx%d (A column-major)" % (M, N, K), c.double(), a.double() @ b.double(),
                atol=1e-5 * K, rtol=1e-5)
    k = h.kernel("bmm_f16")
    Bt, M, N, K = 3, 100, 70, 90
    a, b = torch.randn(Bt, M, K, device=DEV).half(), torch.randn(Bt, K, N, device=DEV).half()
    c = torch.empty(Bt, M, N, device=DEV).half()
    k((cdiv(M, 64), cdiv(N, 64), Bt), a, b, c, M, N, K, *a.stride(), *b.stride(), *c.stride())
    h.check("bmm_f16 3x100x70x90", c.double(), a.double() @ b.double(), atol=1e-5 * K, rtol=1e-3)


def attention(h):
    for name, dt, d, bm, causal in (("attn_d64", torch.float16, 64, 128, False),
                                    ("attn_d64_causal", torch.float16, 64, 128, True),
                                    ("attn_d128_bf16", torch.bfloat16, 128, 64, False),
                                    ("attn_d128_causal", torch.float16, 128, 128, True),
                                    ("attn_d64_bf16_causal", torch.bfloat16, 64, 64, True)):
        k = h.kernel(name)
        Z, H, N = 2, 3, 512
        q, kk, v = (torch.randn(Z, H, N, d, device=DEV).to(dt) for _ in range(3))
        o = torch.empty_like(q)
        scale = 1.0 / math.sqrt(d)
        k((N // bm, Z * H), q, kk, v, scale, o, *q.stride(), *kk.stride(), *v.stride(), *o.stride(), H, N)
        want = torch.nn.functional.scaled_dot_product_attention(q.double(), kk.double(), v.double(),
                                                                is_causal=causal, scale=scale)
        tol = 2e-3 if dt == torch.float16 else 1.6e-2
        h.check("%s Z=2 H=3 N=512" % name, o.double(), want, atol=tol, rtol=tol)


def attention_pipelined(h):
    """Attention with pipelined K and V loads (16-aligned strides, unit last strides given as
    constants): p @ v stays in flight across the loop, waited for after the next q @ k^T
    (docs/pipelining.md "Attention"); 3 to 5 stages, with and without the second barrier."""
    for name, dt, d, bm, causal in (("bench_attn_d128_wgmma", torch.float16, 128, 128, False),
                                    ("bench_attn_d128_causal_wgmma", torch.float16, 128, 128, True),
                                    ("attn_pipe_d64_causal", torch.float16, 64, 128, True),
                                    ("attn_pipe_d128_bf16_w4", torch.bfloat16, 128, 64, False),
                                    ("attn_pipe_d128_s2", torch.float16, 128, 128, False),
                                    ("attn_pipe_d64_bf16_s4_causal", torch.bfloat16, 64, 128, True),
                                    ("bench_attn_d128_bn128_s2", torch.float16, 128, 128, False),
                                    ("bench_attn_d128_bn128_s3", torch.float16, 128, 128, False),
                                    ("bench_attn_d128_causal_bn128_s2", torch.float16, 128, 128, True),
                                    ("bench_attn_d128_causal_bn128_s3", torch.float16, 128, 128, True)):
        k = h.kernel(name)
        for Z, H, N in ((2, 3, 512),):  # 8 iterations of BLOCK_N 64 (racecheck runs this file too)
            q, kk, v = (torch.randn(Z, H, N, d, device=DEV).to(dt) for _ in range(3))
            o = torch.empty_like(q)
            scale = 1.0 / math.sqrt(d)
            k((N // bm, Z * H), q, kk, v, scale, o, *q.stride()[:3], *kk.stride()[:3], *v.stride()[:3],
              *o.stride()[:3], H, N)
            want = torch.nn.functional.scaled_dot_product_attention(q.double(), kk.double(), v.double(),
                                                                    is_causal=causal, scale=scale)
            tol = 2e-3 if dt == torch.float16 else 1.6e-2
            h.check("%s Z=%d H=%d N=%d" % (name, Z, H, N), o.double(), want, atol=tol, rtol=tol)


def persistent(h):
    """Triton's persistent matmul tutorial kernel: NUM_SMS = 132 programs (fewer than the
    tiles of the larger shapes, so programs loop), M / N / K tails, K = 0; and the bench
    variants (hinted signatures: unit strides constant) on 4096^2 x 512."""
    k = h.kernel("mm_persistent_f16")
    for M, N, K in ((100, 70, 40), (129, 255, 1000), (2048, 1536, 320), (1000, 3000, 64), (40, 72, 0)):
        a, b = torch.randn(M, K, device=DEV).half(), torch.randn(K, N, device=DEV).half()
        c = torch.empty(M, N, device=DEV).half()
        k((min(132, cdiv(M, 128) * cdiv(N, 128)),), a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0),
          b.stride(1), c.stride(0), c.stride(1))
        h.check("mm_persistent_f16 %dx%dx%d" % (M, N, K), c.double(), a.double() @ b.double(), atol=1e-5 * K,
                rtol=1e-3)
    M = N = 4096
    K = 512
    a, b = torch.randn(M, K, device=DEV).half(), torch.randn(K, N, device=DEV).half()
    want = a.double() @ b.double()
    for name, bn in (("bench_mm_pers_f16_128x256x64_w8_s3_wgmma", 256), ("bench_mm_pers_f16_128x256x64_w8_s4_wgmma", 256),
                     ("bench_mm_pers_f16_128x128x64_w8_s4_wgmma", 128)):
        c = torch.empty(M, N, device=DEV).half()
        h.kernel(name)((132,), a, b, c, M, N, K, a.stride(0), b.stride(0), c.stride(0))
        h.check("%s %dx%dx%d" % (name, M, N, K), c.double(), want, atol=1e-5 * K, rtol=1e-3)


def run(h):
    h.part("matmul tutorial", tut, h)
    h.part("persistent matmul", persistent, h)
    h.part("wgmma operand layouts", wgmma_layouts, h)
    h.part("fp8", fp8, h)
    h.part("tutorial file", tutorial_file, h)
    h.part("precisions", precisions, h)
    h.part("transposed operands", transposed, h)
    h.part("int8", int8, h)
    h.part("int8 example", w8a8_example, h)
    h.part("seed kernels", seeds, h)
    h.part("attention", attention, h)
    h.part("attention, pipelined", attention_pipelined, h)
