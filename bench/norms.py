# Benchmarks of the norm / softmax family on one GPU, in the JSON-line format of
# bench_tilec.c and peers.py (bench/report.py merges them): for each case, tilec (the kernels
# of test/gpu/torch/kernels_norms.txt named bench_*, compiled on the dev machine into
# .carry/torch, launched through libtilert with tilert_launch_unchecked), Triton's JIT on the
# same .tir text with the same block size and num_warps, Triton compiled ahead of time from
# the same signature as tilec's variant (triton-sig), and torch. Every implementation is timed
# the same way here (triton.testing.do_bench, median), and each is checked once against torch.
#
#   python3 bench/norms.py [.carry/torch]          # GPU machine (bench/run.sh runs it)
#
# "bytes" counts each input read once and each output written once (the floor: bytes over the
# measured copy bandwidth; report.py prints both).
import json
import os
import sys
import tempfile

os.environ.setdefault("TRITON_CACHE_DIR", tempfile.mkdtemp())
import torch
import triton
from triton.testing import do_bench

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "test", "gpu", "torch"))
sys.path.insert(0, os.path.join(ROOT, "bench"))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import harness  # noqa: E402

CARRY = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, ".carry", "torch")
dev = "cuda"


def emit(**kw):
    print(json.dumps(kw), flush=True)


def bench(fn):
    return do_bench(fn, warmup=25, rep=200, return_mode="median")


def rate(ms, nbytes):
    return nbytes / (ms * 1e-3) / 1e9


def report(impl, case, fn, check, nbytes, warps=None, block=None):
    """Runs fn once, checks, times; one JSON line (a failure is printed, not fatal)."""
    try:
        fn()
        torch.cuda.synchronize()
        ok = check()
        ms = bench(fn)
        row = dict(impl=impl, case=case, ms=ms, bytes=nbytes, gbps=rate(ms, nbytes),
                   check="ok" if ok else "WRONG")
        if warps is not None:
            row.update(num_warps=warps, block=block)
        emit(**row)
    except Exception as e:
        print(f"norms: {impl} {case} w{warps}: {type(e).__name__}: {e}", file=sys.stderr)


def triton_sig(kern, sig, num_warps):
    """As peers.triton_sig: compiled from a signature as triton/tools/compile.py does."""
    import peers
    return peers.triton_sig(kern, sig, num_warps)


def run_case(h, case, tilec_name, file, kname, args, sig, grid, block_kw, block, check, nbytes, torch_fn):
    """block_kw/block: the one constexpr, or a dict of constexprs (in signature order) and the
    block size to report."""
    consts = block_kw if isinstance(block_kw, dict) else {block_kw: block}
    kern = h.triton(file, kname)
    for w in (4, 8):
        name = f"{tilec_name}_w{w}"
        try:
            f = h.kernel(name).prepared(grid, *args)
        except Exception as e:
            print(f"norms: tilec {name}: {type(e).__name__}: {e}", file=sys.stderr)
        else:
            report("tilec", case, f, check, nbytes, w, block)
        report("triton", case, lambda: kern[grid](*args, **consts, num_warps=w), check,
               nbytes, w, block)
        try:
            ck = triton_sig(kern, sig, w)
            g3 = tuple(grid) + (1,) * (3 - len(grid))
            report("triton-sig", case, lambda: ck[g3](*args, *consts.values()), check, nbytes, w, block)
        except Exception as e:
            print(f"norms: triton-sig {case} w{w}: {type(e).__name__}: {e}", file=sys.stderr)
    report("torch", case, torch_fn, lambda: True, nbytes)


def softmax_f32(h):
    """The tutorial softmax of bench_tilec.c's case, timed here by do_bench as the others."""
    rows, cols = 16384, 4096
    x = torch.randn(rows, cols, device=dev)
    y = torch.empty_like(x)
    ref = torch.softmax(x, dim=1)
    run_case(h, f"softmax f32 {rows}x{cols} (do_bench)", "bench_softmax_f32", "examples/softmax.tir",
             "softmax_kernel", [y, x, x.stride(0), y.stride(0), cols],
             ["*fp32:16", "*fp32:16", "i32:16", "i32:16", "i32:16", 4096], (rows,), "BLOCK_SIZE", 4096,
             lambda: torch.allclose(y, ref, atol=1e-6, rtol=1e-4), 2 * rows * cols * 4,
             lambda: torch.softmax(x, dim=1))


def softmax_f16(h):
    rows, cols = 16384, 8192
    x = torch.randn(rows, cols, device=dev, dtype=torch.float16)
    y = torch.empty_like(x)
    ref = torch.softmax(x.float(), dim=1)
    run_case(h, f"softmax f16 {rows}x{cols}", "bench_softmax_f16", "examples/softmax_f16.tir",
             "softmax_lowp_kernel", [y, x, x.stride(0), y.stride(0), cols],
             ["*fp16:16", "*fp16:16", "i32:16", "i32:16", "i32:16", 8192], (rows,), "BLOCK_SIZE", 8192,
             lambda: torch.allclose(y.float(), ref, atol=1e-6, rtol=2e-3), 2 * rows * cols * 2,
             lambda: torch.softmax(x, dim=1))


def layer_norm_f16(h):
    M, N = 4096, 8192
    x = torch.randn(M, N, device=dev, dtype=torch.float16)
    w = torch.randn(N, device=dev, dtype=torch.float16)
    b = torch.randn(N, device=dev, dtype=torch.float16)
    y = torch.empty_like(x)
    mean = torch.empty(M, device=dev)
    rstd = torch.empty(M, device=dev)
    eps = 1e-5
    ref = torch.nn.functional.layer_norm(x.float(), (N,), w.float(), b.float(), eps)
    nbytes = 2 * M * N * 2 + 2 * N * 2 + 2 * M * 4
    run_case(h, f"layer norm fwd f16 {M}x{N}", "bench_ln_f16", "examples/layer_norm.tir",
             "_layer_norm_fwd_fused", [x, y, w, b, mean, rstd, x.stride(0), N, eps],
             ["*fp16:16", "*fp16:16", "*fp16:16", "*fp16:16", "*fp32:16", "*fp32:16", "i32:16", "i32:16",
              "fp32", 8192], (M,), "BLOCK_SIZE", 8192,
             lambda: torch.allclose(y.float(), ref, atol=1e-2, rtol=1e-2), nbytes,
             lambda: torch.nn.functional.layer_norm(x, (N,), w, b, eps))


def rms_norm_f16(h):
    M, N = 4096, 8192
    x = torch.randn(M, N, device=dev, dtype=torch.float16)
    w = torch.randn(N, device=dev, dtype=torch.float16)
    y = torch.empty_like(x)
    rstd = torch.empty(M, device=dev)
    eps = 1e-6
    xf = x.float()
    ref = xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + eps) * w.float()
    if hasattr(torch.nn.functional, "rms_norm"):
        tf = lambda: torch.nn.functional.rms_norm(x, (N,), w, eps)
    else:  # older torch: the unfused expression
        tf = lambda: (x.float() * torch.rsqrt(x.float().pow(2).mean(-1, keepdim=True) + eps) * w.float()).half()
    nbytes = 2 * M * N * 2 + N * 2 + M * 4
    run_case(h, f"rms norm fwd f16 {M}x{N}", "bench_rms_f16", "examples/rms_norm.tir",
             "rms_norm_fwd_kernel", [x, y, w, rstd, x.stride(0), y.stride(0), N, eps],
             ["*fp16:16", "*fp16:16", "*fp16:16", "*fp32:16", "i32:16", "i32:16", "i32:16", "fp32", 8192],
             (M,), "BLOCK_SIZE", 8192, lambda: torch.allclose(y.float(), ref, atol=1e-2, rtol=1e-2), nbytes, tf)


def cross_entropy_f32(h):
    R, C = 8192, 32000
    x = torch.randn(R, C, device=dev)
    labels = torch.randint(0, C, (R,), device=dev)
    loss = torch.empty(R, device=dev)
    lse = torch.empty(R, device=dev)
    ref = torch.nn.functional.cross_entropy(x, labels, reduction="none")
    nbytes = R * C * 4 + R * 8 + 2 * R * 4
    run_case(h, f"cross-entropy fwd f32 {R}x{C}", "bench_ce_f32", "examples/cross_entropy.tir",
             "cross_entropy_fwd_kernel", [x, labels, loss, lse, x.stride(0), C, -100],
             ["*fp32:16", "*i64:16", "*fp32:16", "*fp32:16", "i32:16", "i32:16", "i32", 4096], (R,),
             "BLOCK_SIZE", 4096, lambda: torch.allclose(loss, ref, atol=1e-4, rtol=1e-5), nbytes,
             lambda: torch.nn.functional.cross_entropy(x, labels, reduction="none"))


def cumsum_f32(h):
    M, N = 4096, 4096
    x = torch.randn(M, N, device=dev)
    y = torch.empty_like(x)
    ref = torch.cumsum(x.double(), 1)
    mag = torch.cumsum(x.double().abs(), 1)
    run_case(h, f"cumsum f32 {M}x{N} (rows)", "bench_cumsum_f32", "examples/cumsum.tir", "cumsum_rows_kernel",
             [x, y, N, x.stride(0)], ["*fp32:16", "*fp32:16", "i32:16", "i32:16", 0, 4096], (M,),
             {"REVERSE": 0, "BLOCK": 4096}, 4096,
             lambda: bool(((y.double() - ref).abs() <= 1e-5 * mag + 1e-6).all()), 2 * M * N * 4,
             lambda: torch.cumsum(x, 1))


def argmax_f32(h):
    M, N = 4096, 32768
    x = torch.randn(M, N, device=dev)
    out = torch.empty(M, device=dev, dtype=torch.int64)
    ref = torch.argmax(x, 1)
    run_case(h, f"argmax f32 {M}x{N} (rows)", "bench_argmax_f32", "examples/argmax.tir", "argmax_kernel",
             [x, out, M, N], ["*fp32:16", "*i64:16", "i32:16", "i32:16", 4, 1024], (M // 4,),
             {"BLOCK_M": 4, "BLOCK_N": 1024}, 1024, lambda: torch.equal(out, ref), M * N * 4 + M * 8,
             lambda: torch.argmax(x, 1))


def main():
    h = harness.open_harness(CARRY)
    for case in (softmax_f32, softmax_f16, layer_norm_f16, rms_norm_f16, cross_entropy_f32, cumsum_f32, argmax_f32):
        try:
            case(h)
        except Exception as e:
            print(f"norms: {case.__name__}: {type(e).__name__}: {e}", file=sys.stderr)
        torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
