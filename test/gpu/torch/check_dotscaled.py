"""GPU checks of tl.dot_scaled (lib/Frontend/sema_stdlib.c; kernels in kernels_dotscaled.txt).

Reference: the operands dequantized in torch (e2m1 codes through their table, fp8 through
torch's fp8 dtypes, each K group of 32 times 2**(scale - 127), a scale of 0xFF a NaN), then
multiplied in float64. Every dequantized value is exact in bf16 and fp16 for the scales used,
so tilec's result differs from the reference only by fp32 accumulation: within 1e-5 of the
largest |a| |b| sum of a row and column. Where Triton is importable, the same kernel text
through Triton's JIT (its own dot_scaled decomposition on Hopper) is compared the same way.
NaN scales: every output of a row (lhs) or column (rhs) that reads one is NaN, unless
FAST_MATH, which skips the check (as Triton's fast_math does)."""
import torch

DEV = "cuda"
FILE = "test/gpu/torch/dotscaled_kernels.tir"
E2M1 = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0]


def fp4_unpack(p, dim):
    """uint8 codes packed two a byte along dim (first value in the low bits) -> float64."""
    lut = torch.tensor(E2M1, device=DEV, dtype=torch.float64)
    lo, hi = lut[(p & 15).long()], lut[(p >> 4).long()]
    x = torch.stack((lo, hi), dim=dim + 1)  # pairs adjacent along dim
    shape = list(p.shape)
    shape[dim] *= 2
    return x.reshape(shape)


def scales_of(s, k_dim_len):
    """e8m0 bytes [rows, K / 32] -> float64 [rows, K] (2**(s-127), NaN for 0xFF)."""
    v = torch.exp2(s.double() - 127)
    v[s == 255] = float("nan")
    return v.repeat_interleave(k_dim_len // s.shape[-1], dim=-1)


def deq(x, fmt, k_first=False):
    """The operand's values in float64 (x as the kernel reads it: e2m1 packed along K)."""
    if fmt == "e2m1":
        return fp4_unpack(x, 0 if k_first else 1)
    if fmt in ("e4m3", "e5m2"):
        dt = torch.float8_e4m3fn if fmt == "e4m3" else torch.float8_e5m2
        return (x.view(dt) if x.dtype == torch.uint8 else x).double()
    return x.double()


def rand_operand(rows, cols, fmt, store):
    """A random operand of the format as the kernel's pointer type stores it."""
    if fmt == "e2m1":
        return torch.randint(0, 256, (rows, cols), device=DEV, dtype=torch.uint8)
    if fmt in ("e4m3", "e5m2"):
        dt = torch.float8_e4m3fn if fmt == "e4m3" else torch.float8_e5m2
        v = (torch.randn(rows, cols, device=DEV) * 2).to(dt)
        return v.view(torch.uint8) if store == "u8" else v
    return torch.randn(rows, cols, device=DEV).to(torch.bfloat16 if fmt == "bf16" else torch.float16)


def check_close(h, name, got, want, a64, b64):
    # fp32 accumulation error bound: |a| @ |b| scaled by a few fp32 ulps per term
    bound = (a64.abs().nan_to_num() @ b64.abs().nan_to_num()) * 1e-5 + 1e-30
    h.check(name, got, want.float(), atol=float(bound.max()), rtol=0)


CASES = [  # name, a fmt, a store, b fmt, b store, a scaled, b scaled, BM, BN, BK, M, N, K
    ("mx_bf16_e2m1", "bf16", None, "e2m1", None, False, True, 128, 128, 64, 256, 200, 512),
    ("mx_e2m1_e2m1", "e2m1", None, "e2m1", None, True, True, 64, 128, 128, 100, 256, 384),
    ("mx_e4m3_e4m3", "e4m3", "u8", "e4m3", "fp8", True, True, 128, 64, 64, 256, 128, 256),
    ("mx_e5m2_bf16", "e5m2", "fp8", "bf16", None, True, False, 64, 64, 32, 64, 192, 96),
    ("mx_fp16_e2m1", "fp16", None, "e2m1", None, False, True, 64, 64, 64, 128, 64, 192),
    ("mx_bf16_e2m1_fast", "bf16", None, "e2m1", None, False, True, 64, 64, 64, 128, 128, 128),
    ("mx_bf16_e2m1_ring", "bf16", None, "e2m1", None, False, True, 128, 256, 64, 256, 500, 640),
]


# Cases where Triton 3.6 is not a reference: its result on the H200 differs from the
# dequantized operands' product (bench/results/2026-11-25-h200-s19.md), or it refuses the text.
TRITON_DIFFERS = {
    "mx_bf16_e2m1": "Triton 3.6's bf16 x e2m1 result differs from the dequantized reference on the H200",
    "mx_bf16_e2m1_fast": "Triton 3.6's bf16 x e2m1 result differs from the dequantized reference on the H200",
    "mx_bf16_e2m1_ring": "Triton 3.6's bf16 x e2m1 result differs from the dequantized reference on the H200",
    "mx_fp16_e2m1": "Triton 3.6's fp16 x e2m1 result differs from the dequantized reference on the H200",
    "mx_e4m3_e4m3": "Triton 3.6 cannot compile this text: other=0 on an fp8 pointer's load",
    "mx_e5m2_bf16": "Triton 3.6 cannot compile this text: other=0 on an fp8 pointer's load",
}


def inputs(c, nan_scales=False):
    name, af, ast, bf, bst, asc, bsc, BM, BN, BK, M, N, K = c
    pa, pb = (2 if af == "e2m1" else 1), (2 if bf == "e2m1" else 1)
    a = rand_operand(M, K // pa, af, ast)
    b = rand_operand(K // pb, N, bf, bst)
    sa = torch.randint(120, 134, (M, K // 32), device=DEV, dtype=torch.uint8)
    sb = torch.randint(120, 134, (N, K // 32), device=DEV, dtype=torch.uint8)
    if nan_scales:
        sa[3, 1] = 255
        sb[5, 0] = 255
    a64 = deq(a, af) * (scales_of(sa, K) if asc else 1)
    b64 = deq(b, bf, k_first=True) * (scales_of(sb, K).T if bsc else 1)
    return a, b, sa, sb, a64, b64


def mx_cases(h):
    for c in CASES:
        name, af, ast, bf, bst, asc, bsc, BM, BN, BK, M, N, K = c
        a, b, sa, sb, a64, b64 = inputs(c)
        out = torch.empty(M, N, device=DEV)
        grid = ((M + BM - 1) // BM, (N + BN - 1) // BN)
        h.kernel(name)(grid, a, sa, b, sb, out, M, N, K)
        want = a64 @ b64
        check_close(h, name, out, want, a64, b64)
        if name in TRITON_DIFFERS:
            h.skip(name + " vs Triton", TRITON_DIFFERS[name])
            continue
        try:
            tfn = h.triton(FILE, "mx_matmul")
        except ImportError as e:
            h.skip(name + " vs Triton", "triton not importable: %s" % e)
            continue
        tout = torch.empty_like(out)
        tfn[grid](a, sa, b, sb, tout, M, N, K, af, bf, BM, BN, BK, asc, bsc, name.endswith("_fast"),
                  num_warps=8 if name == "mx_bf16_e2m1" else 4)  # as kernels_dotscaled.txt
        check_close(h, name + " vs Triton", out, tout.double(), a64, b64)


def nan_scales(h):
    # a 0xFF scale makes its K group NaN: the whole row of c (lhs) or column (rhs) is NaN
    c = CASES[1]
    name, af, ast, bf, bst, asc, bsc, BM, BN, BK, M, N, K = c
    a, b, sa, sb, a64, b64 = inputs(c, nan_scales=True)
    out = torch.empty(M, N, device=DEV)
    h.kernel(name)(((M + BM - 1) // BM, (N + BN - 1) // BN), a, sa, b, sb, out, M, N, K)
    torch.cuda.synchronize()
    want_nan = torch.zeros(M, N, dtype=torch.bool, device=DEV)
    want_nan[3, :] = True
    want_nan[:, 5] = True
    h.check_equal(name + " NaN scales", out.isnan(), want_nan)


def bmm_npack(h):
    BB, M, N, K = 2, 64, 64, 64
    a = torch.randn(BB, M, K, device=DEV).to(torch.bfloat16)
    b = torch.randint(0, 256, (BB, K, N // 2), device=DEV, dtype=torch.uint8)
    s = torch.randint(122, 132, (BB, N, K // 32), device=DEV, dtype=torch.uint8)
    out = torch.empty(BB, M, N, device=DEV)
    h.kernel("mx_bmm_npack")(1, a, b, s, out)
    b64 = fp4_unpack(b, 2) * torch.exp2(s.double() - 127).repeat_interleave(32, dim=2).transpose(1, 2)
    a64 = a.double()
    want = a64 @ b64
    bound = (a64.abs() @ b64.abs()) * 1e-5
    h.check("mx_bmm_npack", out, want.float(), atol=float(bound.max()), rtol=0)


def dequant(h):
    # pipeline_cases.tir's dequant_b: c = a @ (b.to(f16) * s[None, :]), K of 1, 2, 3 and 8
    # steps of 32 (fewer iterations than stages, and more)
    for name in ("deq_b_mma", "deq_b_wgmma", "deq_b_wgmma_s4"):
        for K in (32, 64, 96, 256):
            a = torch.randn(64, K, device=DEV).to(torch.float16)
            b = torch.randint(-128, 128, (K, 64), device=DEV, dtype=torch.int8)
            s = (torch.rand(64, device=DEV) + 0.5).to(torch.float16)
            out = torch.empty(64, 64, device=DEV)
            h.kernel(name)(1, a, b, s, out, K)
            bb = (b.to(torch.float16) * s[None, :]).double()  # the f16 products the kernel makes
            want = a.double() @ bb
            bound = (a.double().abs() @ bb.abs()) * 1e-5
            h.check("%s K=%d" % (name, K), out, want.float(), atol=float(bound.max()), rtol=0)
    # dequant_b_wide / dequant_a_wide: c = a @ b.to(bf16) and a.to(bf16) @ b in 128x256 tiles,
    # the converted operand in a ring of two buffers: 1, 2, 3 and 16 iterations (fewer than
    # the stages, an odd count, and more)
    M, N = 256, 512
    for K in (64, 128, 192, 1024):
        x_lhs = torch.randn(M, K, device=DEV).to(torch.bfloat16)
        x_rhs = torch.randn(K, N, device=DEV).to(torch.bfloat16)
        w_rhs = torch.randint(-128, 128, (K, N), device=DEV, dtype=torch.int8)
        w_lhs = torch.randint(-128, 128, (M, K), device=DEV, dtype=torch.int8)
        for name, a, b in (("deq_b_ring", x_lhs, w_rhs), ("deq_a_ring", w_lhs, x_rhs)):
            out = torch.empty(M, N, device=DEV)
            h.kernel(name)((M // 128, N // 256), a, b, out, N, K)
            want = a.double() @ b.double()
            bound = (a.double().abs() @ b.double().abs()) * 1e-5
            h.check("%s K=%d" % (name, K), out, want.float(), atol=float(bound.max()), rtol=0)
    # dequant_a: c = (a.to(f16) * s[:, None]) @ b, A in wgmma's registers
    for name in ("deq_a_wgmma", "deq_a_wgmma_s4"):
        for K in (32, 64, 96, 256):
            a = torch.randint(-128, 128, (64, K), device=DEV, dtype=torch.int8)
            b = torch.randn(K, 64, device=DEV).to(torch.float16)
            s = (torch.rand(64, device=DEV) + 0.5).to(torch.float16)
            out = torch.empty(64, 64, device=DEV)
            h.kernel(name)(1, a, b, s, out, K)
            aa = (a.to(torch.float16) * s[:, None]).double()
            want = aa @ b.double()
            bound = (aa.abs() @ b.double().abs()) * 1e-5
            h.check("%s K=%d" % (name, K), out, want.float(), atol=float(bound.max()), rtol=0)


def run(h):
    h.part("dot_scaled formats", mx_cases, h)
    h.part("dot_scaled NaN scales", nan_scales, h)
    h.part("dot_scaled batched, packed along N", bmm_npack, h)
    h.part("dequantized operand, register stages", dequant, h)
