"""GPU checks of host tensor descriptors (kernels_hostdesc.txt): libtilert encodes each
h.tensordesc(tensor, block_shape) with cuTensorMapEncodeTiled and the kernels load and
store through TMA.

Copies are exact (check_equal). Shapes are not multiples of the blocks: loads past the
tensor must read zeros (the output covers every block), and stores past it must be dropped
(the output is a view inside a larger buffer filled with a sentinel, at a row and column
offset, so the base address and the row stride differ from the buffer's). Row lengths are
multiples of 16 bytes, as TMA requires of strides. The matmul is tutorial 09's TMA shape
(b given as N x K, c = a @ b.T), checked against float64 with check_dot.py's tolerances.
"""
import torch

DEV = "cuda"


def cdiv(a, b):
    return (a + b - 1) // b


def padded(a, rows, cols, fill):
    out = torch.full((rows, cols), fill, device=DEV, dtype=a.dtype)
    out[:a.shape[0], :a.shape[1]] = a
    return out


def copies(h):
    for name, dt, bm, bn in (("hd_copy_f16", torch.float16, 64, 64), ("hd_copy_f32", torch.float32, 32, 32)):
        k = h.kernel(name)
        for M, N in ((1, 8), (100, 72), (129, 200), (64, 64), (300, 1000)):
            a = torch.randn(M, N, device=DEV).to(dt)
            gm, gn = cdiv(M, bm), cdiv(N, bn)
            b = torch.full((gm * bm, gn * bn), 7.0, device=DEV, dtype=dt)
            k((gm, gn), h.tensordesc(a, [bm, bn]), h.tensordesc(b, [bm, bn]))
            h.check_equal("%s %dx%d: loads past the tensor read zeros" % (name, M, N), b,
                          padded(a, gm * bm, gn * bn, 0.0))
            big = torch.full((M + 5, N + 24), -3.0, device=DEV, dtype=dt)
            c = big[2:M + 2, 8:N + 8]
            k((gm, gn), h.tensordesc(a, [bm, bn]), h.tensordesc(c, [bm, bn]))
            want = torch.full_like(big, -3.0)
            want[2:M + 2, 8:N + 8] = a
            h.check_equal("%s %dx%d: stores past the view are dropped" % (name, M, N), big, want)


def load_to_ptr(h):
    k = h.kernel("hd_load_to_ptr_bf16")
    for M, N in ((1, 8), (100, 72), (200, 40)):
        a = torch.randn(M + 3, N + 16, device=DEV).to(torch.bfloat16)[:M, :N]  # row stride != N
        gm, gn = cdiv(M, 64), cdiv(N, 32)
        out = torch.full((gm * 64, gn * 32), 5.0, device=DEV, dtype=torch.bfloat16)
        k((gm, gn), h.tensordesc(a, [64, 32]), out, out.stride(0))
        h.check_equal("hd_load_to_ptr_bf16 %dx%d" % (M, N), out, padded(a, gm * 64, gn * 32, 0.0))


def scale_3d(h):
    k = h.kernel("hd_scale_3d_f32")
    for D0, D1, D2 in ((1, 1, 4), (3, 37, 72), (4, 16, 32)):
        x = torch.randn(D0, D1, D2, device=DEV)
        y = torch.full_like(x, 9.0)
        k((cdiv(D0, 2), cdiv(D1, 16), cdiv(D2, 32)), h.tensordesc(x, [2, 16, 32]),
          h.tensordesc(y, [2, 16, 32]), 1.5)
        h.check_equal("hd_scale_3d_f32 %dx%dx%d" % (D0, D1, D2), y, x * 1.5)


def matmul(h):
    for name in ("hd_matmul_f16", "hd_matmul_f16_s3"):
        k = h.kernel(name)
        for M, N, K in ((128, 128, 64), (100, 72, 40), (300, 200, 136), (512, 384, 1024), (1, 8, 8)):
            a = torch.randn(M, K, device=DEV).half()
            b = torch.randn(N, K, device=DEV).half()
            c = torch.empty(M, N, device=DEV).half()
            k((cdiv(M, 128), cdiv(N, 128)), h.tensordesc(a, [128, 64]), h.tensordesc(b, [128, 64]),
              h.tensordesc(c, [128, 128]), M, N, K)
            h.check("%s %dx%dx%d" % (name, M, N, K), c.double(), a.double() @ b.double().t(),
                    atol=1e-5 * K, rtol=1e-3)


def run(h):
    h.part("copies", copies, h)
    h.part("load to a pointer", load_to_ptr, h)
    h.part("rank 3", scale_3d, h)
    h.part("matmul", matmul, h)
