"""GPU checks of host tensor descriptors (TMA), test/gpu/torch/kernels_tma.txt, against torch.

A descriptor argument is made by h.tensordesc(tensor, block_shape): the tensor's shape and
strides (elements) become the tilert_tensordesc the launch turns into a CUtensorMap
(include/tilec/tilert.h). A harness without h.tensordesc skips the file.

Copies are exact: out-of-bounds elements read as 0 (a destination descriptor wider than the
source gets zeros there) and are not written (a destination descriptor over a view of a
larger buffer leaves the rest of the buffer as it was). Matmuls: tutorial 09's
matmul_kernel_tma with B given as B^T (N x K), M, N, K tails, float64 reference on the same
f16 inputs, atol 1e-5 * K and rtol 1e-3 (as check_dot.py).
"""
import torch

DEV = "cuda"


def cdiv(a, b):
    return (a + b - 1) // b


def up(n, m):
    return cdiv(n, m) * m


def view(rows, cols, dt, fill, align_elems):
    """A rows x cols view of a larger buffer whose row stride is a multiple of align_elems
    (TMA: byte strides multiples of 16), filled with `fill`; returns (view, buffer)."""
    buf = torch.full((rows + 3, up(cols + 5, align_elems)), fill, device=DEV, dtype=dt)
    return buf[:rows, :cols], buf


def copies(h):
    for name, dt, bm, bn in (("tma_copy_f16", torch.float16, 64, 64), ("tma_copy_f32", torch.float32, 32, 16)):
        k = h.kernel(name)
        align = 16 // torch.tensor([], dtype=dt).element_size()
        for M, N in ((1, 8), (100, 72), (129, 200), (64, 64)):
            src, _ = view(M, N, dt, float("nan"), align)
            src.copy_(torch.randn(M, N, device=DEV).to(dt))
            gm, gn = cdiv(M, bm), cdiv(N, bn)
            # dst covers whole blocks: out-of-bounds source elements arrive as 0
            full = torch.full((gm * bm, gn * bn), -7.0, device=DEV, dtype=dt)
            k((gm, gn), h.tensordesc(src, (bm, bn)), h.tensordesc(full, (bm, bn)))
            want = torch.zeros_like(full)
            want[:M, :N] = src * 2
            h.check_equal("%s zero-fill %dx%d" % (name, M, N), full, want)
            # dst is a view: nothing outside it is written
            dst, buf = view(M, N, dt, -7.0, align)
            before = buf.clone()
            k((gm, gn), h.tensordesc(src, (bm, bn)), h.tensordesc(dst, (bm, bn)))
            before[:M, :N] = src * 2
            h.check_equal("%s clipped %dx%d" % (name, M, N), buf, before)
    k = h.kernel("tma_copy_3d_f32")
    for B in (1, 5, 8):
        src = torch.randn(B, 8, 32, device=DEV)
        dst = torch.full((B, 8, 32), -7.0, device=DEV)
        k((cdiv(B, 2),), h.tensordesc(src, (2, 8, 32)), h.tensordesc(dst, (2, 8, 32)))
        h.check_equal("tma_copy_3d_f32 %dx8x32" % B, dst, src + 1.0)


def matmuls(h):
    for name, bm, bn, bk in (("mm_tma_f16", 128, 256, 64), ("mm_tma_f16_small", 64, 64, 32)):
        k = h.kernel(name)
        for M, N, K in ((128, 256, 64), (300, 200, 136), (512, 512, 1024)):
            a = torch.randn(M, K, device=DEV).half()
            bt = torch.randn(N, K, device=DEV).half()  # B^T: the kernel loads [BN, BK] blocks
            c = torch.full((M, N), float("nan"), device=DEV).half()
            k((cdiv(M, bm) * cdiv(N, bn),), h.tensordesc(a, (bm, bk)), h.tensordesc(bt, (bn, bk)),
              h.tensordesc(c, (bm, bn)), M, N, K)
            h.check("%s %dx%dx%d" % (name, M, N, K), c.double(), a.double() @ bt.double().t(),
                    atol=1e-5 * K, rtol=1e-3)


def run(h):
    if not hasattr(h, "tensordesc"):
        h.skip("tma", "the harness has no h.tensordesc (TILERT_ARG_TENSORDESC arguments)")
        return
    h.part("tma copies", copies, h)
    h.part("tma matmuls", matmuls, h)
