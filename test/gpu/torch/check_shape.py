"""GPU checks of the shape ops (tl.trans / x.T / tl.permute, tl.join, tl.split,
tl.interleave, tl.expand_dims with broadcasting, tl.reshape + split, reshape with
can_reorder) and of the fp8 conversions (test/gpu/torch/kernels_shape.txt).

What must match, and how:
- Shape ops move elements: exact (check_equal) against the torch op (t(), permute, stack,
  reshape, slicing). Where a kernel also computes (join_split's x * 2 and x + 1,
  expand_bcast's x[n] + 1000 x[m], reorder_sum's total), the inputs are small integers in
  f32, so every result is exact whatever the order or contraction.
- f32 / f16 / bf16 -> fp8e4nv and fp8e5: bit for bit against torch's casts to
  torch.float8_e4m3fn / torch.float8_e5m2 for every value within the finite range (all fp8
  values, the ties between neighbours and one f32 ulp either side, random values, signed
  zeros, subnormals). Beyond the largest finite value torch gives NaN (e4m3fn) or inf
  (e5m2) while tilec saturates as PTX's cvt.rn.satfinite does: checked against the largest
  finite code (0x7e / 0x7b, with the sign); NaN gives the canonical NaN 0x7f.
- fp8 -> f32 / f16 / bf16: all 256 codes, exact (NaN positions included), against torch.
- Both on sm_90a (cvt instructions) and with the kernels compiled for sm_80 (software)."""
import torch

DEV = "cuda"


def ints(*shape):
    return torch.randint(-1000, 1000, shape, device=DEV).float()


def shape_ops(h):
    for name, M, N in (("shape_trans_32x64", 32, 64), ("shape_trans_8x128", 8, 128),
                       ("shape_dot_t_16x64", 16, 64), ("shape_trans_8w_64x64", 64, 64)):
        x = torch.randn(M, N, device=DEV)
        y = torch.empty(N, M, device=DEV)
        h.kernel(name)(1, x, y)
        h.check_equal(name, y, x.t())
    x = torch.randn(4, 8, 16, device=DEV)
    y = torch.empty(16, 4, 8, device=DEV)
    h.kernel("shape_permute_4x8x16")(1, x, y)
    h.check_equal("shape_permute_4x8x16", y, x.permute(2, 0, 1))
    x = ints(32, 32)
    y = torch.empty(32, 32, 2, device=DEV)
    h.kernel("shape_join_split_32x32")(1, x, y)
    h.check_equal("shape_join_split_32x32", y, torch.stack([x * 2, x + 1], dim=-1))
    x = torch.randn(16, 32, device=DEV)
    y = torch.empty(16, 64, device=DEV)
    h.kernel("shape_interleave_16x32")(1, x, y)
    h.check_equal("shape_interleave_16x32", y, torch.stack([x, -x], dim=-1).reshape(16, 64))
    x = ints(32)
    y = torch.empty(16, 32, device=DEV)
    h.kernel("shape_expand_16x32")(1, x, y)
    h.check_equal("shape_expand_16x32", y, x[None, :32] + 1000 * x[:16, None])
    x = torch.randn(16, 32, device=DEV)
    y = torch.empty(16, 32, device=DEV)
    h.kernel("shape_reshape_split_16x32")(1, x, y)
    h.check_equal("shape_reshape_split_16x32", y, torch.cat([x[:, 0::2], x[:, 1::2]], dim=1))
    x = ints(32, 32)
    y = torch.empty(1, device=DEV)
    h.kernel("shape_reorder_32x32")(1, x, y)
    h.check_equal("shape_reorder_32x32", y, x.sum().reshape(1))
    x = torch.randn(4, 16, 32, device=DEV)
    y = torch.empty(32, 16, device=DEV)
    h.kernel("shape_reduce_trans_4x16x32")(1, x, y)
    m = x.max(dim=0).values.t()
    h.check_equal("shape_reduce_trans_4x16x32", y, m + (m + 1))
    x = ints(64 * 16)
    y = torch.empty(16, device=DEV)
    h.kernel("shape_colmajor_rowsum_64x16")(1, x, y)
    h.check_equal("shape_colmajor_rowsum_64x16", y, x.view(16, 64).t().reshape(16, 64).sum(dim=1))
    for name, M, N, K in (("shape_dot_subtile_64x64x32", 64, 64, 32), ("shape_dot_subtile_128x128x32_w8", 128, 128, 32)):
        a = torch.randint(-4, 5, (M, K), device=DEV).half()
        b = torch.randint(-4, 5, (K, N), device=DEV).half()
        y = torch.full((M, N), float("nan"), device=DEV)
        h.kernel(name)(1, a, b, y)
        h.check_equal(name, y, a.float() @ b.float())  # small integers: exact in f32


FP8 = {1: ("float8_e4m3fn", 0x7E), 0: ("float8_e5m2", 0x7B)}


def fp8_dtype(e4):
    return getattr(torch, FP8[e4][0], None)


def all_fp8_values(e4):
    """Every finite fp8 value, as f32, both signs."""
    v = torch.arange(256, dtype=torch.uint8, device=DEV).view(fp8_dtype(e4)).float()
    return v[torch.isfinite(v)]


def in_range_inputs(e4):
    v = torch.unique(all_fp8_values(e4).abs())  # sorted
    mid = (v[1:] + v[:-1]) / 2                   # exact in f32
    up, down = torch.nextafter(mid, mid + 1), torch.nextafter(mid, mid - 1)
    rnd = torch.randn(20000, device=DEV) * torch.exp2(torch.randint(-12, 8, (20000,), device=DEV).float())
    x = torch.cat([v, mid, up, down, rnd])
    x = torch.cat([x, -x])
    return x[x.abs() <= v.max()]


def to_fp8(h):
    if fp8_dtype(1) is None:
        h.skip("fp8 casts", "this torch has no float8 dtypes")
        return
    for name, e4, src in (("fp8_to_e4_f32", 1, torch.float32), ("fp8_to_e5_f32", 0, torch.float32),
                          ("fp8_to_e4_f16", 1, torch.float16), ("fp8_to_e5_f16", 0, torch.float16),
                          ("fp8_to_e4_bf16", 1, torch.bfloat16), ("fp8_to_e5_bf16", 0, torch.bfloat16),
                          ("fp8_to_e4_f32_sm80", 1, torch.float32), ("fp8_to_e5_f32_sm80", 0, torch.float32),
                          ("fp8_to_e4_f16_sm80", 1, torch.float16)):
        k = h.kernel(name)
        x = in_range_inputs(e4).to(src)
        y = torch.empty(x.numel(), dtype=torch.uint8, device=DEV)
        k(((x.numel() + 1023) // 1024,), x, y, x.numel())
        h.check_equal(name + " in range", y, x.to(fp8_dtype(e4)).view(torch.uint8))
        big = torch.tensor([1e4, -1e4, 60000.0, -60000.0, float("inf"), -float("inf"), float("nan")],
                           device=DEV).to(src)
        if src == torch.float16:
            big = big[2:].clone()  # 1e4 is finite in f16 but keep the list short; clone: a fresh, 16-byte aligned buffer
        mx = FP8[e4][1]
        want = [mx if v > 0 else mx | 0x80 for v in big.float().tolist()[:-1]] + [0x7F]
        if e4 == 0:  # e5m2's largest finite value is 57344: 1e4 is in range there
            want = [c if abs(v) > 57344 or v != v else None for c, v in zip(want, big.float().tolist())]
        y = torch.empty(big.numel(), dtype=torch.uint8, device=DEV)
        k(1, big, y, big.numel())
        keep = [i for i, w in enumerate(want) if w is not None]
        h.check_equal(name + " saturation and NaN", y[keep],
                      torch.tensor([want[i] for i in keep], dtype=torch.uint8, device=DEV))


def from_fp8(h):
    if fp8_dtype(1) is None:
        h.skip("fp8 casts", "this torch has no float8 dtypes")
        return
    codes = torch.arange(256, dtype=torch.uint8, device=DEV)
    for name, e4, dst in (("fp8_from_e4_f32", 1, torch.float32), ("fp8_from_e5_f32", 0, torch.float32),
                          ("fp8_from_e4_f16", 1, torch.float16), ("fp8_from_e5_bf16", 0, torch.bfloat16),
                          ("fp8_from_e4_bf16", 1, torch.bfloat16),
                          ("fp8_from_e4_f32_sm80", 1, torch.float32), ("fp8_from_e5_f32_sm80", 0, torch.float32)):
        y = torch.empty(256, dtype=dst, device=DEV)
        h.kernel(name)(1, codes, y, 256)
        h.check_equal(name, y, codes.view(fp8_dtype(e4)).to(dst))


def int8_and_half(h):
    # every int8 value (and a run of 255, which leaves one register of a pair unmasked alone)
    x = torch.arange(-128, 128, dtype=torch.int8, device=DEV)
    for name, dst in (("i8_to_f16", torch.float16), ("i8_to_bf16", torch.bfloat16), ("i8_to_bf16_sm80", torch.bfloat16)):
        for n in (256, 255):
            y = torch.zeros(256, dtype=dst, device=DEV)
            h.kernel(name)(1, x, y, n)
            want = x.to(dst)
            want[n:] = 0
            h.check_equal("%s n=%d" % (name, n), y, want)
    # every byte's two int4 values less the zero point (0 or 8), interleaved
    w = torch.arange(0, 256, dtype=torch.int32, device=DEV).to(torch.uint8)
    for name, dst, zero in (("i4_bf16_z8", torch.bfloat16, 8), ("i4_f16_z8", torch.float16, 8),
                            ("i4_bf16_z0", torch.bfloat16, 0), ("i4_bf16_i8", torch.bfloat16, 8),
                            ("i4_f16_u8", torch.float16, 0),
                            ("i4_bf16_z8_sm80", torch.bfloat16, 8)):
        y = torch.zeros(512, dtype=dst, device=DEV)
        h.kernel(name)(1, w, y)
        want = torch.stack(((w & 15).int() - zero, (w >> 4).int() - zero), dim=1).reshape(512).to(dst)
        h.check_equal(name, y, want)
    # f16 / bf16 products, sums and differences, each rounded once, specials included
    for name, dt in (("half_arith_f16", torch.float16), ("half_arith_bf16", torch.bfloat16)):
        g = torch.Generator(device=DEV).manual_seed(7)
        a = (torch.randn(1000, device=DEV, generator=g) * 100).to(dt)
        b = (torch.randn(1000, device=DEV, generator=g) * 100).to(dt)
        sp = torch.tensor([0.0, -0.0, float("inf"), float("-inf"), float("nan"), 1e-7, -6e4, 6e4], device=DEV).to(dt)
        a[:8], b[:8] = sp, sp.flip(0)
        outs = [torch.empty_like(a) for _ in range(3)]
        h.kernel(name)(1, a, b, *outs, 1000)
        for o, want, what in zip(outs, (a * b, a + b, a - b), ("mul", "add", "sub")):
            h.check_equal("%s %s" % (name, what), o, want)


def fp8_moves(h):
    if fp8_dtype(1) is None:
        h.skip("fp8 transpose", "this torch has no float8 dtypes")
        return
    x = torch.randn(32, 64, device=DEV).half()
    y = torch.empty(64, 32, dtype=torch.uint8, device=DEV)
    h.kernel("fp8_transpose_32x64")(1, x, y)
    h.check_equal("fp8_transpose_32x64", y, x.to(torch.float8_e4m3fn).view(torch.uint8).t())


def run(h):
    for part in (shape_ops, to_fp8, from_fp8, fp8_moves, int8_and_half):
        h.part("shape: " + part.__name__, part, h)
