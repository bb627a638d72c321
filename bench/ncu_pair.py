# One launch of tilec's and one of Triton's compile of the same kernel text, on the same
# inputs, for Nsight Compute to profile side by side (bench/results/*-notes.md quote it):
#
#   ncu --section SpeedOfLight --section Occupancy --section WarpStateStats \
#       python3 bench/ncu_pair.py CASE [.carry/torch]        # CASE: ln | rms | argmax | i8w4 | desc | desc_ws | desc_noflat | mm
#
# tilec's kernel comes from .carry/torch (test/gpu/torch/prepare.sh), launched through the
# torch harness; Triton's is its JIT on the same .tir file with the same constexprs and
# num_warps. Each runs once after one warm-up launch (the warm-up is profiled too: use
# --launch-skip or read the second pair).
import os
import sys

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "test", "gpu", "torch"))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import harness  # noqa: E402

CASES = {
    # name: (tilec kernel, .tir, kernel, constexprs, num_warps, grid, make_args)
    "ln": ("bench_ln_f16_w4", "examples/layer_norm.tir", "_layer_norm_fwd_fused", {"BLOCK_SIZE": 8192}, 4, (4096,),
           lambda: [torch.randn(4096, 8192, device="cuda", dtype=torch.float16),
                    torch.empty(4096, 8192, device="cuda", dtype=torch.float16),
                    torch.randn(8192, device="cuda", dtype=torch.float16),
                    torch.randn(8192, device="cuda", dtype=torch.float16),
                    torch.empty(4096, device="cuda"), torch.empty(4096, device="cuda"), 8192, 8192, 1e-5]),
    "rms": ("bench_rms_f16_w4", "examples/rms_norm.tir", "rms_norm_fwd_kernel", {"BLOCK_SIZE": 8192}, 4, (4096,),
            lambda: [torch.randn(4096, 8192, device="cuda", dtype=torch.float16),
                     torch.empty(4096, 8192, device="cuda", dtype=torch.float16),
                     torch.randn(8192, device="cuda", dtype=torch.float16),
                     torch.empty(4096, device="cuda"), 8192, 8192, 8192, 1e-6]),
    "argmax": ("bench_argmax_f32_w8", "examples/argmax.tir", "argmax_kernel", {"BLOCK_M": 4, "BLOCK_N": 1024}, 8,
               (1024,), lambda: [torch.randn(4096, 32768, device="cuda"),
                                 torch.empty(4096, device="cuda", dtype=torch.int64), 4096, 32768]),
    # int8 C = A @ W^T (test/gpu/torch/dot_kernels.tir mm_i8_bt), 4096^3, 128x128x64, 4 warps,
    # 4 stages: the config where Triton's is faster (bench/results/2026-11-25-h200-s23.md)
    "i8w4": ("bench_mm_i8_bt_128x128x64_w4_s4", "test/gpu/torch/dot_kernels.tir", "mm_i8_bt",
             {"BM": 128, "BN": 128, "BK": 64, "SCALED": False, "num_stages": 4}, 4, (32, 32),
             lambda: [torch.randint(-128, 128, (4096, 4096), device="cuda", dtype=torch.int8),
                      torch.randint(-128, 128, (4096, 4096), device="cuda", dtype=torch.int8),
                      torch.empty(4096, 4096, device="cuda", dtype=torch.int32),
                      torch.empty(1, device="cuda"), torch.empty(1, device="cuda"), 4096, 4096, 4096]),
}

# Tutorial 09's in-kernel descriptor persistent matmul, f16 4096^3, 128x256x64, 8 warps, 3
# stages, 132 programs, warp-specialized across the tile loop (desc_ws) or not (desc); Triton
# needs a global-scratch allocator for its descriptors and gets num_stages with the launch.
# desc_noflat: tilec's FLATTEN=0 build (each tile's own stage ring) beside the same Triton launch.
for _tag, _ws, _sfx in (("desc", False, ""), ("desc_ws", True, "_ws"), ("desc_noflat", False, "_noflat")):
    CASES[_tag] = ("bench_mm_desc_pers_f16_128x256x64_w8_s3" + _sfx,
                   "examples/matmul_descriptor_persistent.tir", "matmul_kernel_descriptor_persistent",
                   {"BLOCK_SIZE_M": 128, "BLOCK_SIZE_N": 256, "BLOCK_SIZE_K": 64, "GROUP_SIZE_M": 8,
                    "EPILOGUE_SUBTILE": False, "NUM_SMS": 132, "WARP_SPECIALIZE": _ws, "FLATTEN": True,
                    "num_stages": 3}, 8, (132,),
                   lambda: [torch.randn(4096, 4096, device="cuda", dtype=torch.float16),
                            torch.randn(4096, 4096, device="cuda", dtype=torch.float16),
                            torch.empty(4096, 4096, device="cuda", dtype=torch.float16), 4096, 4096, 4096])


def matmul_pair(h):
    """The tutorial matmul (examples/matmul.tir), f16 4096^3, 128x256x64, 8 warps, 3 stages,
    pointers: tilec's wgmma build (its unit strides are constants: they are not passed) and
    Triton's JIT of the same text and config."""
    n = 4096
    a = torch.randn(n, n, device="cuda", dtype=torch.float16)
    b = torch.randn(n, n, device="cuda", dtype=torch.float16)
    c = torch.empty(n, n, device="cuda", dtype=torch.float16)
    k = h.kernel("bench_mm_f16_128x256x64_w8_s3_wgmma")
    t = h.triton("examples/matmul.tir", "matmul_kernel")
    t = getattr(t, "fn", t)
    grid = ((n // 128) * (n // 256),)
    for _ in range(2):
        k(grid, a, b, c, n, n, n, n, n, n)
        t[grid](a, b, c, n, n, n, n, 1, n, 1, n, 1, BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64,
                GROUP_SIZE_M=8, ACTIVATION="", num_warps=8, num_stages=3)
    torch.cuda.synchronize()


def main():
    case = sys.argv[1]
    carry = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else os.path.join(ROOT, ".carry", "torch")
    h = harness.open_harness(carry)
    if case == "mm":
        matmul_pair(h)
        print("ncu_pair: mm done")
        return
    tname, file, kname, consts, warps, grid, make = CASES[case]
    if case.startswith("desc"):
        import triton
        triton.set_allocator(lambda size, alignment, stream: torch.empty(size, device="cuda", dtype=torch.int8))
    args = make()
    k = h.kernel(tname)
    t = h.triton(file, kname)
    for _ in range(2):
        k(grid, *args)
        t[grid](*args, **consts, num_warps=warps)
    torch.cuda.synchronize()
    print("ncu_pair: %s done" % case)


if __name__ == "__main__":
    main()
