"""GPU checks of block pointers (tl.make_block_ptr / tl.advance, boundary_check,
padding_option) and in-kernel tensor descriptors (tl.make_tensor_descriptor, desc.load /
desc.store), test/gpu/torch/kernels_blockptr.txt, against torch.

Copies are exact (check_equal: NaN positions included, so padding "nan" must put NaN exactly
outside A and nowhere inside). Shapes are not multiples of the blocks, so every kernel has
partial edge blocks. Stores checked on some dims only leave the rest of a larger buffer
untouched (filled with a sentinel first). Matmuls: float64 reference on the same f16
inputs, atol 1e-5 * K and rtol 1e-3 (fp32 accumulation, f16 output rounding; as
check_dot.py), with M, N, K tails, and transposed operands through strides.
"""
import os

import torch

DEV = "cuda"


def cdiv(a, b):
    return (a + b - 1) // b


def padded(a, rows, cols, fill):
    out = torch.full((rows, cols), fill, device=DEV, dtype=a.dtype)
    out[:a.shape[0], :a.shape[1]] = a
    return out


def pad_copies(h):
    for name, dt, bm, bn, fill, unit_n in (("bp_pad_zero_f32", torch.float32, 32, 64, 0.0, False),
                                           ("bp_pad_nan_f32", torch.float32, 32, 64, float("nan"), False),
                                           ("bp_pad_nan_f16", torch.float16, 64, 64, float("nan"), True)):
        k = h.kernel(name)
        for M, N, trans in ((1, 1, False), (100, 70, False), (129, 200, True), (64, 64, False), (33, 300, False)):
            if unit_n and trans:
                continue
            a = torch.randn((N, M) if trans else (M, N), device=DEV).to(dt)
            a = a.t() if trans else a
            gm, gn = cdiv(M, bm), cdiv(N, bn)
            b = torch.empty((gm * bm, gn * bn), device=DEV, dtype=dt)
            if unit_n:  # stride_an is the constant 1 of the signature: not an argument
                k((gm, gn), a, b, M, N, a.stride(0), b.stride(0))
            else:
                k((gm, gn), a, b, M, N, a.stride(0), a.stride(1), b.stride(0))
            h.check_equal("%s %dx%d%s" % (name, M, N, " col-major" if trans else ""), b,
                          padded(a, gm * bm, gn * bn, fill))
    for name, dt, bm, bn, fill in (("desc_pad_zero_f32", torch.float32, 32, 64, 0.0),
                                   ("desc_pad_nan_f16", torch.float16, 64, 64, float("nan")),
                                   ("desc_pad_zero_f32_ptr", torch.float32, 32, 64, 0.0),
                                   ("desc_pad_nan_f16_ptr", torch.float16, 64, 64, float("nan"))):
        k = h.kernel(name)
        for M, N in ((1, 16), (100, 80), (129, 208), (64, 64)):
            a = torch.randn(M, N, device=DEV).to(dt)
            gm, gn = cdiv(M, bm), cdiv(N, bn)
            b = torch.empty((gm * bm, gn * bn), device=DEV, dtype=dt)
            k((gm, gn), a, b, M, N, a.stride(0), b.stride(0))
            h.check_equal("%s %dx%d" % (name, M, N), b, padded(a, gm * bm, gn * bn, fill))


def loops_and_layouts(h):
    k = h.kernel("bp_rows_f32")
    for M, N in ((1, 1), (100, 300), (1000, 129), (16, 128)):
        a = torch.randn(M + 3, N + 5, device=DEV)[:M, :N]  # row stride != N
        big = torch.full((M + 2, N + 7), -7.0, device=DEV)
        b = big[:M, :N]
        k((cdiv(N, 128),), a, b, M, N, a.stride(0), b.stride(0))
        want = big.clone()
        want[:M, :N] = a * 2 + 1
        h.check_equal("bp_rows_f32 %dx%d (and nothing outside)" % (M, N), big, want)
    k = h.kernel("bp_col_major_f16")
    for M, N in ((5, 7), (100, 70), (256, 64)):
        a = torch.randn(N, M, device=DEV).half().t()  # column-major M x N: strides (1, M)
        b = torch.empty(M, N, device=DEV).half()
        k((cdiv(M, 32), cdiv(N, 32)), a, b, M, N)
        h.check_equal("bp_col_major_f16 %dx%d" % (M, N), b, a.contiguous())
    # TMA (the default build) needs rows 16-byte aligned; the pointer build takes any
    # _st: N a proven multiple of 16, so the store is a TMA store too (it must clip exactly)
    for name, shapes in (("desc_store_clip_f32", ((5, 8), (100, 68), (64, 96))),
                         ("desc_store_clip_f32_ptr", ((5, 7), (100, 70), (64, 96))),
                         ("desc_store_clip_f32_st", ((5, 16), (100, 48), (64, 96), (33, 80)))):
        store_clip(h, name, shapes)


def store_clip(h, name, shapes):
    k = h.kernel(name)
    for M, N in shapes:
        a = torch.randn(M, N, device=DEV)
        big = torch.full((M + 40, N + 40), -7.0, device=DEV)
        b = big[:M, :N]
        k((cdiv(M, 32), cdiv(N, 32)), a, b, M, N, a.stride(0), b.stride(0))
        want = big.clone()
        want[:M, :N] = a + 1
        h.check_equal("%s %dx%d (and nothing outside)" % (name, M, N), big, want)


def matmuls(h):
    for name, bm, bn in (("mm_bp_f16", 128, 128), ("mm_bp_f16_mma", 64, 64)):
        k = h.kernel(name)
        for M, N, K in ((16, 16, 16), (100, 70, 40), (129, 255, 1000), (512, 384, 1024), (40, 72, 0)):
            for trans_a, trans_b in ((False, False), (True, False), (False, True)):
                a = torch.randn((K, M) if trans_a else (M, K), device=DEV).half()
                b = torch.randn((N, K) if trans_b else (K, N), device=DEV).half()
                a = a.t() if trans_a else a
                b = b.t() if trans_b else b
                c = torch.empty((M, N), device=DEV).half()
                k((cdiv(M, bm) * cdiv(N, bn),), a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0),
                  b.stride(1), c.stride(0), c.stride(1))
                h.check("%s %dx%dx%d ta=%d tb=%d" % (name, M, N, K, trans_a, trans_b), c.double(),
                        a.double() @ b.double(), atol=1e-5 * K, rtol=1e-3)
    for name, bm, bn in (("mm_bp_f16_hinted_s3", 128, 128), ("mm_bp_f16_hinted_s3_ptr", 128, 128),
                         ("mm_bp_f16_hinted_s3_mma", 128, 64)):
        k = h.kernel(name)
        for M, N, K in ((128, 128, 64), (384, 400, 336), (512, 512, 1024), (48, 80, 16)):
            a, b = torch.randn(M, K, device=DEV).half(), torch.randn(K, N, device=DEV).half()
            c = torch.empty(M, N, device=DEV).half()
            # the unit strides are compile-time constants of these signatures: not arguments
            k((cdiv(M, bm) * cdiv(N, bn),), a, b, c, M, N, K, a.stride(0), b.stride(0), c.stride(0))
            h.check("%s %dx%dx%d" % (name, M, N, K), c.double(), a.double() @ b.double(), atol=1e-5 * K, rtol=1e-3)
    for name, bm, bn, shapes in (("mm_desc_f16", 128, 128, ((16, 16, 16), (100, 72, 40), (129, 256, 1000))),
                                 ("mm_desc_f16_ptr", 128, 128, ((16, 16, 16), (100, 72, 40), (129, 256, 1000))),
                                 ("mm_desc_f16_hinted_s3", 128, 128, ((128, 128, 64), (384, 400, 336))),
                                 ("mm_desc_f16_mma", 64, 64, ((16, 16, 16), (100, 72, 40), (257, 136, 520)))):
        k = h.kernel(name)
        for M, N, K in shapes:
            a, b = torch.randn(M, K, device=DEV).half(), torch.randn(K, N, device=DEV).half()
            c = torch.empty(M, N, device=DEV).half()
            k((cdiv(M, bm) * cdiv(N, bn),), a, b, c, M, N, K)
            h.check("%s %dx%dx%d" % (name, M, N, K), c.double(), a.double() @ b.double(), atol=1e-5 * K, rtol=1e-3)


def empty_descriptors(h):
    # a descriptor over 0 rows (or columns) reads zeros everywhere, by TMA as through pointers
    for name in ("desc_pad_zero_f32", "desc_pad_zero_f32_ptr"):
        k = h.kernel(name)
        for M, N in ((0, 16), (5, 0)):
            a = torch.randn(max(M, 1), 16, device=DEV)
            b = torch.full((32, 64), 7.0, device=DEV)
            k((1, 1), a, b, M, N, 16, 64)
            h.check_equal("%s %dx%d: zeros" % (name, M, N), b, torch.zeros(32, 64, device=DEV))
    for name in ("desc_pad_nan_f16", "desc_pad_nan_f16_ptr"):  # NaN padding: NaN everywhere
        k = h.kernel(name)
        for M, N in ((0, 64), (3, 0)):
            a = torch.randn(max(M, 1), 64, device=DEV).half()
            b = torch.full((64, 64), 7.0, device=DEV).half()
            k((1, 1), a, b, M, N, 64, 64)
            h.check_equal("%s %dx%d: NaN" % (name, M, N), b, torch.full((64, 64), float("nan"), device=DEV).half())


def desc_rank3(h):
    for name, dt, blk in (("desc3_scale_f32", torch.float32, (2, 8, 32)), ("desc3_scale_i8", torch.int8, (4, 4, 16))):
        k = h.kernel(name)
        for B, M, N in ((1, 8, 32), (3, 9, 48), (5, 20, 112)):
            a = (torch.randn(B, M, N, device=DEV) * 20).to(dt)
            b = torch.full((B, M, N), 7, device=DEV, dtype=dt)
            k((cdiv(B, blk[0]), cdiv(M, blk[1]), cdiv(N, blk[2])), a, b, B, M, N)
            h.check_equal("%s %dx%dx%d" % (name, B, M, N), b, a * 3)


def persistent_descriptors(h):
    # tutorial 09's descriptor kernel: B given N x K; 5 programs, so each loops over several
    # tiles (and the grid may exceed the tiles); tails on M, N and K (rows stay 16-byte aligned)
    # (_ws: warp-specialized across the tile loop; the stage ring and its parities go on
    # from tile to tile, so several tiles per program and K tails are what test it)
    # (FLATTEN=1 unsplit: one stage ring through the tiles, the next tile's first copies issued
    # before the epilogue; K 40 and 128 give one and two K steps a tile, fewer than or as many
    # as the copies in flight; K 0 none)
    for name in ("mm_desc_pers_f16", "mm_desc_pers_f16_sub", "mm_desc_pers_f16_st", "mm_desc_pers_f16_sub_st",
                 "mm_desc_pers_f16_s2", "mm_desc_pers_f16_s4", "mm_desc_pers_f16_w4", "mm_desc_pers_f16_noflat",
                 "mm_desc_pers_f16_ws", "mm_desc_pers_f16_sub_ws", "mm_desc_pers_f16_ws_s2", "mm_desc_pers_f16_ws_w4",
                 "mm_desc_pers_f16_st_ws", "mm_desc_pers_f16_sub_st_ws", "mm_desc_pers_f16_256_sub_st_noflat"):
        k = h.kernel(name)
        shapes = ((128, 128, 64), (100, 136, 40), (300, 520, 264), (640, 384, 1024), (64, 64, 0), (520, 392, 128))
        if "_st" in name:  # TMA stores: N a multiple of 16 (the signature says so)
            shapes = ((128, 128, 64), (100, 144, 40), (300, 528, 264), (640, 384, 1024), (64, 64, 0), (520, 400, 128))
        for M, N, K in shapes:
            a, bt = torch.randn(M, K, device=DEV).half(), torch.randn(N, K, device=DEV).half()
            c = torch.full((M, N), 5.0, device=DEV).half()
            k((5,), a, bt, c, M, N, K)
            h.check("%s %dx%dx%d" % (name, M, N, K), c.double(), a.double() @ bt.double().t(), atol=1e-5 * K + 1e-6,
                    rtol=1e-3)


TRAP_CHILD = r"""
import sys, torch
sys.path.insert(0, sys.argv[1])
import harness
torch.cuda.init(); torch.empty(1, device="cuda")
h = harness.Harness(sys.argv[2], torch, harness.Runtime(harness.find_libtilert()))
k = h.kernel(sys.argv[3])
a = torch.randn(64, 67, device="cuda")[:, :64]  # rows 268 bytes apart: not a multiple of 16
b = torch.empty(64, 64, device="cuda")
k((2, 1), a, b, 64, 64, a.stride(0), b.stride(0))
torch.cuda.synchronize()
print("max error", (b - a).abs().max().item())
"""


def misaligned(h):
    # TMA needs 16-byte aligned strides: a program of the TMA kernel that finds a row stride of
    # 268 bytes traps (the launch fails: run in a child process, whose context it ends); the
    # --no-desc-tma build reads the same array correctly.
    import subprocess, sys
    here = os.path.dirname(os.path.abspath(__file__))
    for name, want_trap in (("desc_pad_zero_f32", True), ("desc_pad_zero_f32_ptr", False)):
        r = subprocess.run([sys.executable, "-c", TRAP_CHILD, here, h.carry, name], capture_output=True, text=True,
                           timeout=300)
        out = (r.stdout + r.stderr).strip().replace("\n", " | ")
        ok = (r.returncode != 0 and "max error" not in r.stdout) if want_trap else \
            (r.returncode == 0 and "max error 0.0" in r.stdout)
        what = "the launch fails" if want_trap else "read through pointers, exact"
        h._record("PASS" if ok else "FAIL", "%s misaligned rows: %s" % (name, what), out[-300:])


def block_ptrs_in_loop(h):
    # remade at each K step; the signature's hints (M, N, K multiples of 16) hold for these
    for name in ("mm_bp_in_loop_f16", "mm_bp_in_loop_f16_ptr"):
        k = h.kernel(name)
        for M, N, K in ((128, 128, 64), (384, 400, 336), (48, 80, 16), (640, 256, 1024)):
            a, b = torch.randn(M, K, device=DEV).half(), torch.randn(K, N, device=DEV).half()
            c = torch.empty(M, N, device=DEV).half()
            k((cdiv(M, 128), cdiv(N, 128)), a, b, c, M, N, K, a.stride(0), b.stride(0), c.stride(0))
            h.check("%s %dx%dx%d" % (name, M, N, K), c.double(), a.double() @ b.double(), atol=1e-5 * K + 1e-6,
                    rtol=1e-3)


def run(h):
    h.part("padded copies", pad_copies, h)
    h.part("rank-3 descriptors", desc_rank3, h)
    h.part("empty descriptors", empty_descriptors, h)
    h.part("persistent descriptor matmul", persistent_descriptors, h)
    h.part("misaligned descriptors", misaligned, h)
    h.part("loops and layouts", loops_and_layouts, h)
    h.part("matmuls", matmuls, h)
    h.part("block pointers remade in the loop", block_ptrs_in_loop, h)
