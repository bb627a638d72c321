"""GPU checks of tl.inline_asm_elementwise (lib/Conversion/inline_asm.c; kernels in
test/gpu/torch/kernels_asm.txt): the user's PTX per element (or per packed pair), with 'r',
'f' and 'h' registers, broadcast arguments, and a pack that a thread's elements do not fill
(padded). References: torch, exact (each asm is one correctly rounded or integer instruction)."""
import torch

DEV = "cuda"


def mix(h):
    for name, N in (("asm_mix_128_w4", 128), ("asm_mix_512_w4", 512)):
        x = torch.randn(N, device=DEV) * 100
        y = torch.randn(N, device=DEV)
        hh = torch.randn(N, device=DEV).half()
        o = torch.empty(2 * N, device=DEV)
        oh = torch.empty(2 * N, device=DEV, dtype=torch.float16)
        oi = torch.empty(N, device=DEV, dtype=torch.int32)
        h.kernel(name)(1, x, y, hh, o, oh, oi)
        h.check_equal(name + " mul.rn.f32 (r)", o[:N], x * y)
        h.check_equal(name + " sqrt.rn.f32 (f)", o[N:], torch.sqrt(x.abs()))
        h.check_equal(name + " add.rn.f16x2 (pack 2)", oh[:N], hh + hh)
        h.check_equal(name + " neg.f16 (h)", oh[N:], -hh)
        h.check_equal(name + " shl.b32", oi, x.to(torch.int32) << 3)


def bcast(h):
    x = torch.randn(16, device=DEV)
    y = torch.randn(32, device=DEV)
    o = torch.empty(16, 32, device=DEV)
    h.kernel("asm_bcast_16x32")(1, x, y, o)
    h.check_equal("asm_bcast_16x32", o, x[:, None] - y[None, :])


def run(h):
    for part in (mix, bcast):
        h.part("inline asm: " + part.__name__, part, h)
