"""GPU checks of host tensor descriptors (TMA), test/gpu/torch/kernels_tma.txt, against torch.

Descriptors are built by libtilert from h.tensordesc(tensor, block_shape) (cuTensorMapEncodeTiled
at launch). Copies are exact (check_equal): every block of a grid that covers the tensor, the
edge blocks partly out of bounds (TMA reads zeros there and does not write them back: the
destination is pre-filled with a sentinel, which must survive outside the tensor). Matmuls
(Triton's tutorial 09 matmul_kernel_tma: B given N x K) against a float64 reference on the same
inputs: atol 1e-5 * K, rtol 1e-3 (f16 out; check_dot.py explains the bounds), with M, N, K
tails, K below one block and below the stages, and row strides wider than the rows
(TMA needs 16-byte strides only). A descriptor whose stride is not a multiple of 16 bytes,
or whose block shape differs from the kernel's, is refused at launch. The persistent TMA matmul
(tutorial 09's matmul_kernel_tma_persistent, both epilogues) and the fp8 e4m3 TMA matmul are
checked the same way (their docstrings give their grids and the fp8 tolerance).
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
                                 ("tma_mm_bf16", torch.bfloat16, 128, 256, 64),
                                 ("tma_mm_f16_ws", torch.float16, 128, 256, 64),
                                 ("tma_mm_f16_s2_ws", torch.float16, 64, 64, 32)):
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


def persistent(h):
    """Tutorial 09's matmul_kernel_tma_persistent (examples/matmul_tma_persistent.tir), 128 x
    256 x 64, 8 warps, 3 stages, f16: NUM_SMS programs (grid min(NUM_SMS, tiles)) each loop
    over tiles start_pid, start_pid + NUM_SMS, ...; the epilogue stores the whole tile (c_desc's
    block [128, 256]) or, with EPILOGUE_SUBTILE, two halves [128, 128] split off the
    accumulator by reshape / permute / split. NUM_SMS 132 (one tile each when there are fewer
    tiles; 144 tiles at 2048 x 2304: 12 programs do two) and 7 (every program several tiles).
    M, N, K tails (a half-tile's store wholly beyond N is dropped by TMA), K below one block;
    C is a view into a larger buffer filled with a sentinel that must survive outside C.
    Tolerance as the other f16 matmuls: atol 1e-5 * K, rtol 1e-3."""
    for name, sub, sms in (("tma_mm_persist_f16", 0, 132), ("tma_mm_persist_f16_sub", 1, 132),
                           ("tma_mm_persist_f16_sms7", 0, 7), ("tma_mm_persist_f16_sub_sms7", 1, 7),
                           ("tma_mm_persist_f16_ws", 0, 132), ("tma_mm_persist_f16_sms7_ws", 0, 7),
                           ("tma_mm_persist_f16_sub_sms7_ws", 1, 7)):  # _ws: split at the tile loop
        k = h.kernel(name)
        bm, bn, bk = 128, 256, 64
        cbn = bn // 2 if sub else bn
        for M, N, K in ((16, 16, 16), (100, 72, 40), (129, 264, 1000), (300, 600, 136), (512, 384, 1024),
                        (1000, 1000, 200), (128, 256, 64), (2048, 2304, 72)):
            a = torch.randn(M, K + 8, device=DEV).half()[:, :K]
            b = torch.randn(N, K, device=DEV).half()
            big = torch.full((M + 5, N + 40), 7.0, device=DEV).half()
            c = big[:M, :N]
            tiles = cdiv(M, bm) * cdiv(N, bn)
            k((min(sms, tiles),), h.tensordesc(a, [bm, bk]), h.tensordesc(b, [bn, bk]), h.tensordesc(c, [bm, cbn]),
              M, N, K)
            want = torch.full(big.shape, 7.0, device=DEV, dtype=torch.float64)  # 7: exact in f16 and e4m3
            want[:M, :N] = a.double() @ b.double().t()
            h.check("%s %dx%dx%d (%d tiles, %d programs)" % (name, M, N, K, tiles, min(sms, tiles)), big.double(),
                    want, atol=1e-5 * K, rtol=1e-3)


def fp8(h):
    """matmul_kernel_tma on fp8 e4m3 (FP8_OUTPUT = 1: a, b and c float8_e4m3fn; wgmma k32, f32
    accumulate), 128 x 256 x 128 (w8 s3) and 128 x 128 x 128 (w8 s4: a square B block), against
    float64 products of the same fp8 values (the products themselves are exact).
    Tolerance |got - want| <= atol + rtol |want|, two parts:
    - the accumulation: Hopper's fp8 wgmma keeps only ~14 bits of the running sum (DeepSeek-V3
      report, sec. 3.3.2), so each of the K / 32 steps may drop up to ~2^-14 of a running sum of
      size ~sqrt(K) (randn inputs), biased: ~K / 32 * 2^-14 * sqrt(K), 0.06 at K = 1024;
      atol 1e-2 * sqrt(K) (0.32 there, as check_dot.py's fp8 checks) leaves 5x room;
    - the output: rounded to e4m3 (3 mantissa bits, nearest even, satfinite), half an ulp:
      rtol 2^-4 for normals, plus 2^-10 absolute among the subnormals (step 2^-9).
    Results stay well below e4m3's 448 (sqrt(K) sized, K <= 1024). Row strides of a, b and c
    wider than the rows (16-byte multiples), M, N, K tails, K below one block; C inside a
    sentinel-filled buffer (7 must survive outside C)."""
    f8 = torch.float8_e4m3fn
    for name, bm, bn, bk in (("tma_mm_fp8", 128, 256, 128), ("tma_mm_fp8_sq", 128, 128, 128)):
        k = h.kernel(name)
        # N a multiple of 16 bytes: c is stored through (the runtime refuses others, see refusals())
        for M, N, K in ((16, 16, 16), (100, 80, 40), (128, 256, 128), (129, 272, 1000), (300, 208, 136),
                        (512, 384, 1024), (40, 80, 8)):
            kp, np_ = cdiv(K, 16) * 16 + 16, cdiv(N, 16) * 16 + 16  # 16-byte row strides
            a = torch.randn(M, kp, device=DEV).to(f8)[:, :K]
            b = torch.randn(N, kp, device=DEV).to(f8)[:, :K]
            big = torch.full((M + 3, np_), 7.0, device=DEV).to(f8)
            c = big[:M, :N]
            k((cdiv(M, bm) * cdiv(N, bn),), h.tensordesc(a, [bm, bk]), h.tensordesc(b, [bn, bk]),
              h.tensordesc(c, [bm, bn]), M, N, K)
            want = torch.full(big.shape, 7.0, device=DEV, dtype=torch.float64)  # 7: exact in f16 and e4m3
            want[:M, :N] = a.double() @ b.double().t()
            h.check("%s %dx%dx%d" % (name, M, N, K), big.double(), want, atol=1e-2 * K ** 0.5 + 2 ** -10,
                    rtol=2 ** -4)


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
    # a stored descriptor whose rows are not a multiple of 16 bytes: on the H200 a TMA store
    # wrote up to the next 16-byte boundary past such a tensor (fp8 N = 72 wrote columns 72-79)
    k = h.kernel("tma_mm_fp8_sq")
    f8 = torch.float8_e4m3fn
    a = torch.zeros(128, 128, device=DEV).to(f8)
    c = torch.zeros(128, 80, device=DEV).to(f8)[:, :72]
    try:
        k((1,), h.tensordesc(a, [128, 128]), h.tensordesc(a, [128, 128]), h.tensordesc(c, [128, 128]), 128, 72, 128)
    except Exception as e:
        h.check_equal("tma_mm_fp8_sq refuses a stored 72-byte row, saying 'whole'", torch.tensor(["whole" in str(e)]),
                      torch.tensor([True]))
    else:
        h.fail("tma_mm_fp8_sq refuses a stored 72-byte row", "the launch was accepted")


def flattened(h):
    """Persistent tile loops that say flatten=True, in shapes tutorial 09 does not have
    (tma_kernels.tir flat_*; 64 x 64 x 32 blocks): the stage ring and the next tile's copies
    must follow a run-time tile step (run with several steps, 2 and 3 stages), K loop bounds
    that differ per tile (each tile sums the K blocks at (t % 3) * 8, + 64, ...: the next
    tile's first K coordinates are its own; flattened and not. A TMA copy's innermost
    coordinate must be a multiple of 16 bytes: SHIFT 1 faults with an illegal instruction,
    flattened or not, as in Triton), two dots in flight and a store on even tiles
    only, an epilogue that reduces through shared memory, an i64 tile index. Shapes with M,
    N and K tails, K below one block; more programs than tiles (a host descriptor cannot have
    a zero extent: K = 0 is check_blockptr.py's, through in-kernel descriptors). C starts as a
    sentinel that must survive where nothing is stored. atol 1e-5 * K, rtol 1e-3."""
    bm, bn, bk = 64, 64, 32
    shapes = ((64, 64, 32), (100, 72, 40), (300, 200, 136), (256, 320, 512), (64, 128, 16), (130, 136, 8))

    def inputs(M, N, K):
        a = torch.randn(M, K + 8, device=DEV).half()[:, :K]
        b = torch.randn(N, K, device=DEV).half()
        big = torch.full((M + 5, N + 40), 7.0, device=DEV).half()
        return a, b, big, big[:M, :N]

    def descs(a, b, c):
        return h.tensordesc(a, [bm, bk]), h.tensordesc(b, [bn, bk]), h.tensordesc(c, [bm, bn])

    def product(big, a, b, M, N):  # the sentinel, with a @ b.T in C
        want = torch.full(big.shape, 7.0, device=DEV, dtype=torch.float64)
        want[:M, :N] = a.double() @ b.double().t()
        return want

    for name in ("flat_runtime_step", "flat_runtime_step_s2"):
        k = h.kernel(name)
        for M, N, K in shapes:
            for grid in (1, 3, 64):
                a, b, big, c = inputs(M, N, K)
                k((grid,), *descs(a, b, c), M, N, K, grid)
                want = product(big, a, b, M, N)
                h.check("%s %dx%dx%d, %d programs" % (name, M, N, K, grid), big.double(), want, atol=1e-5 * K + 1e-6,
                        rtol=1e-3)
    for M, N, K in shapes:
        num_n = cdiv(N, bn)
        for name, shift in (("flat_k_bounds_noflat", 8), ("flat_k_bounds", 8)):
            a, b, big, c = inputs(M, N, K)
            h.kernel(name)((3,), *descs(a, b, c), M, N, K)
            torch.cuda.synchronize()
            want = torch.full(big.shape, 7.0, device=DEV, dtype=torch.float64)
            ad, bd = a.double(), b.double()
            for t in range(cdiv(M, bm) * num_n):
                m0, n0 = (t // num_n) * bm, (t % num_n) * bn
                acc = torch.zeros(min(bm, M - m0), min(bn, N - n0), device=DEV, dtype=torch.float64)
                for k0 in range((t % 3) * shift, K, 2 * bk):
                    acc += ad[m0:m0 + bm, k0:k0 + bk] @ bd[n0:n0 + bn, k0:k0 + bk].t()
                want[m0:m0 + acc.shape[0], n0:n0 + acc.shape[1]] = acc
            h.check("%s %dx%dx%d" % (name, M, N, K), big.double(), want, atol=1e-5 * K + 1e-6, rtol=1e-3)

        a, b, big, c = inputs(M, N, K)
        h.kernel("flat_two_dots")((7,), *descs(a, b, c), M, N, K)
        want = torch.full(big.shape, 7.0, device=DEV, dtype=torch.float64)
        full = 2 * (a.double() @ b.double().t())
        for t in range(0, cdiv(M, bm) * num_n, 2):
            m0, n0 = (t // num_n) * bm, (t % num_n) * bn
            want[m0:min(m0 + bm, M), n0:min(n0 + bn, N)] = full[m0:m0 + bm, n0:n0 + bn]
        h.check("flat_two_dots %dx%dx%d (even tiles)" % (M, N, K), big.double(), want, atol=2e-5 * K + 1e-6,
                rtol=1e-3)

        a, b, big, c = inputs(M, N, K)
        tiles = cdiv(M, bm) * num_n
        out = torch.full((tiles, bm), 7.0, device=DEV)
        h.kernel("flat_row_sums")((5,), h.tensordesc(a, [bm, bk]), h.tensordesc(b, [bn, bk]), out, M, N, K)
        want = torch.zeros(tiles, bm, device=DEV, dtype=torch.float64)
        prod = a.double() @ b.double().t()
        for t in range(tiles):
            m0, n0 = (t // num_n) * bm, (t % num_n) * bn
            s = prod[m0:m0 + bm, n0:n0 + bn].sum(dim=1)
            want[t, :s.shape[0]] = s
        h.check("flat_row_sums %dx%dx%d" % (M, N, K), out.double(), want, atol=1e-4 * K + 1e-5, rtol=1e-3)

        a, b, big, c = inputs(M, N, K)
        h.kernel("flat_tile_i64")((2,), *descs(a, b, c), M, N, K)
        h.check("flat_tile_i64 %dx%dx%d" % (M, N, K), big.double(), product(big, a, b, M, N), atol=1e-5 * K + 1e-6,
                rtol=1e-3)


def run(h):
    h.part("TMA copies", copies, h)
    h.part("TMA matmuls", matmuls, h)
    h.part("TMA persistent matmuls", persistent, h)
    h.part("TMA flattened tile loops", flattened, h)
    h.part("TMA fp8 matmuls", fp8, h)
    h.part("TMA refusals", refusals, h)
