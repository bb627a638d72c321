"""GPU checks of host tensor descriptors (TMA), test/gpu/torch/kernels_tma.txt, against torch.

Descriptors are built by libtilert from h.tensordesc(tensor, block_shape) (cuTensorMapEncodeTiled
at launch). Copies are exact (check_equal): every block of a grid that covers the tensor, the
edge blocks partly out of bounds (TMA reads zeros there and does not write them back: the
destination is pre-filled with a sentinel, which must survive outside the tensor). Matmuls
(Triton's tutorial 09 matmul_kernel_tma: B given N x K) against a float64 reference on the same
inputs: atol 1e-5 * K, rtol 1e-3 (f16 out; check_dot.py explains the bounds), with M, N, K
tails, K below one block and below the stages, and row strides wider than the rows
(TMA needs 16-byte strides only). A descriptor whose stride is not a multiple of 16 bytes,
or whose block shape differs from the kernel's, is refused at launch.
"""
import torch

DEV = "cuda"


def cdiv(a, b):
    return (a + b - 1) // b


def copies(h):
    for name, dt, bm, bn in (("tma_copy_f16", torch.float16, 64, 64), ("tma_copy_f32", torch.float32, 32, 64),
                             ("tma_copy_f16_narrow", torch.float16, 16, 16)):
        k = h.kernel(name)
        for M, N in ((1, 8), (64, 64), (100, 72), (129, 200), (300, 40)):
            src = torch.randn(M, N + 8, device=DEV).to(dt)[:, :N]  # row stride N + 8 (16-byte multiple)
            big = torch.full((M + 3, N + 24), -7.0, device=DEV, dtype=dt)
            dst = big[:M, :N]
            k((cdiv(M, bm), cdiv(N, bn)), h.tensordesc(src, [bm, bn]), h.tensordesc(dst, [bm, bn]))
            want = big.clone()
            want[:M, :N] = src * 2 + 1
            h.check_equal("%s %dx%d (and nothing outside)" % (name, M, N), big, want)
            # a destination covering whole blocks: the source's out-of-bounds elements read as 0
            full = torch.full((cdiv(M, bm) * bm, cdiv(N, bn) * bn), -7.0, device=DEV, dtype=dt)
            k((cdiv(M, bm), cdiv(N, bn)), h.tensordesc(src, [bm, bn]), h.tensordesc(full, [bm, bn]))
            want = torch.ones_like(full)
            want[:M, :N] = src * 2 + 1
            h.check_equal("%s %dx%d zero fill" % (name, M, N), full, want)
    k = h.kernel("tma_load_ptr_f16")
    for M, N in ((5, 16), (64, 128), (200, 296)):
        src = torch.randn(M, N, device=DEV).half()
        out = torch.full((M, N), -7.0, device=DEV).half()
        k((cdiv(M, 64), cdiv(N, 128)), h.tensordesc(src, [64, 128]), out, M, N, out.stride(0))
        h.check_equal("tma_load_ptr_f16 %dx%d" % (M, N), out, src)


def matmuls(h):
    for name, dt, bm, bn, bk in (("tma_mm_f16", torch.float16, 128, 256, 64),
                                 ("tma_mm_f16_s4", torch.float16, 128, 128, 64),
                                 ("tma_mm_f16_s2", torch.float16, 64, 64, 32),
                                 ("tma_mm_f16_s1", torch.float16, 128, 128, 64),
                                 ("tma_mm_bf16", torch.bfloat16, 128, 256, 64)):
        k = h.kernel(name)
        for M, N, K in ((16, 16, 16), (100, 72, 40), (256, 512, 128), (129, 264, 1000), (512, 384, 1024),
                        (40, 72, 8), (128, 256, 64), (300, 200, 136)):
            a = torch.randn(M, K + 8, device=DEV).to(dt)[:, :K]
            b = torch.randn(N, K, device=DEV).to(dt)
            c = torch.full((M, N), 7.0, device=DEV, dtype=dt)
            k((cdiv(M, bm) * cdiv(N, bn),), h.tensordesc(a, [bm, bk]), h.tensordesc(b, [bn, bk]),
              h.tensordesc(c, [bm, bn]), M, N, K)
            want = a.double() @ b.double().t()
            # the tutorial's epilogue casts to float16 (FP8_OUTPUT = 0), then the store to c's type
            want = want.half().double() if dt == torch.bfloat16 else want
            rtol = 1e-3 if dt == torch.float16 else 8e-3
            h.check("%s %dx%dx%d" % (name, M, N, K), c.double(), want, atol=1e-5 * K, rtol=rtol)


def refusals(h):
    """Launches the runtime must refuse, and a word its message must contain."""
    k = h.kernel("tma_copy_f16")
    src = torch.randn(64, 68, device=DEV).half()[:, :60]  # row stride 136 bytes: not a multiple of 16
    dst = torch.empty(64, 64, device=DEV).half()
    for why, word, args in (("a row stride of 136 bytes", "16", (h.tensordesc(src, [64, 64]), h.tensordesc(dst, [64, 64]))),
                            ("a block shape the kernel was not compiled for", "expected tensordesc<fp16[64, 64]>",
                             (h.tensordesc(dst, [32, 64]), h.tensordesc(dst, [64, 64])))):
        try:
            k((1, 1), *args)
        except Exception as e:  # the runtime's error, raised by the harness
            msg = str(e)
            h.check_equal("tma_copy_f16 refuses %s, saying '%s'" % (why, word),
                          torch.tensor([word in msg]), torch.tensor([True]))
        else:
            h.fail("tma_copy_f16 refuses %s" % why, "the launch was accepted")


def run(h):
    h.part("TMA copies", copies, h)
    h.part("TMA matmuls", matmuls, h)
    h.part("TMA refusals", refusals, h)
