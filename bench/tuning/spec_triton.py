# Triton's side of `tune_gpu spec` (bench/tuning/README.md): the same FlagGems-style kernels
# (same .tir text, same shapes, broadcast operands as stride-0 expands, tile_size 512,
# num_warps 4), twice:
#   jit  Triton's JIT, which specializes each launch (unit strides and multiples of 16);
#   sig  compiled ahead of time from the same unhinted signature as tilec's "sig" row
#        (triton.compile of an ASTSource, as bench/peers.py's triton-sig does).
# Each launch is timed alone between two CUDA events; the median of --iters after 10 warm-ups.
# One JSON line per row.
#
#   python3 bench/tuning/spec_triton.py [CASE...] [--iters N]
import argparse
import importlib.machinery
import importlib.util
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPEC = "bench/tuning/kernels/pointwise_spec.tir"


def emit(**kw):
    print(json.dumps(kw), flush=True)


def load(path, name):
    mod_name = "tgs_" + os.path.splitext(os.path.basename(path))[0]
    if mod_name not in sys.modules:
        loader = importlib.machinery.SourceFileLoader(mod_name, os.path.join(ROOT, path))
        spec = importlib.util.spec_from_loader(mod_name, loader)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[mod_name] = mod
        loader.exec_module(mod)
    return getattr(sys.modules[mod_name], name)


def fill(torch, shape, dtype, salt):
    n = 1
    for d in shape:
        n *= d
    i = torch.arange(n, device="cuda", dtype=torch.int64)
    if dtype == torch.bool:
        return ((i + salt) % 3 == 0).reshape(shape)
    return (((i * 7 + salt) % 13 - 6) * 0.5).to(dtype).reshape(shape)


def cases(torch):
    """name -> (file, kernel, plan, inputs, out, scalars, reference)."""
    f32, f16 = torch.float32, torch.float16
    S3, S2 = (64, 512, 1024), (8192, 4096)
    c = fill(torch, (1, 512, 1024), torch.bool, 0).expand(S3)
    a = fill(torch, S3, f32, 1)
    b = fill(torch, (64, 1, 1024), f32, 2).expand(S3)
    x2 = fill(torch, S2, f32, 0)
    lo = fill(torch, (1, 4096), f32, 1).expand(S2)
    hi = fill(torch, (8192, 1), f32, 2).expand(S2)
    xh = fill(torch, S3, f16, 0)
    y3 = fill(torch, (1, 1, 1024), f32, 1).expand(S3)
    in0 = fill(torch, S2, f32, 0)
    in1 = fill(torch, (1, 4096), f32, 1).expand(S2)
    i3 = ["i32"] * 3
    i2 = ["i32"] * 2
    return {
        "where_3d": (SPEC, "where_3d", ["*i1", "*fp32", "*fp32", "*fp32"] + i3 * 4 + i3 + ["i32", 512],
                     [c, a, b], torch.empty(S3, device="cuda"), [], lambda: torch.where(c, a, b)),
        "clamp_tensor_2d": (SPEC, "clamp_tensor_2d", ["*fp32"] * 4 + i2 * 4 + i2 + ["i32", 512],
                            [x2, lo, hi], torch.empty(S2, device="cuda"), [],
                            lambda: torch.minimum(torch.maximum(x2, lo), hi)),
        "mul_mixed_3d": (SPEC, "mul_mixed_3d", ["*fp16", "*fp32", "*fp32"] + i3 * 3 + i3 + ["i32", 512],
                         [xh, y3], torch.empty(S3, device="cuda"), [], lambda: xh.float() * y3),
        "axpy_2d": ("examples/flaggems_pointwise.tir", "_jit_function",
                    ["*fp32", "fp32", "*fp32", "*fp32"] + i2 * 3 + i2 + ["i32", 512],
                    [in0, in1], torch.empty(S2, device="cuda"), [1.5], lambda: in0 * 1.5 + in1),
    }


def arguments(ins, out, scalars):
    """The kernel's arguments in FlagGems' order: pointers (a float scalar after the first),
    each operand's strides, the shape, the task count; tile_size is passed apart."""
    ptrs = [ins[0]] + list(scalars) + ins[1:] + [out]
    strides = [s for t in ins + [out] for s in t.stride()]
    return ptrs + strides + list(out.shape) + [out.numel()]


def triton_sig(kern, sig, num_warps):
    """Triton's compile from a signature: bench/peers.py's (one copy of that logic)."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    import peers
    return peers.triton_sig(kern, sig, num_warps)


def time_launches(torch, fn, iters):
    for _ in range(10):
        fn()
    ev = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(iters)]
    for s, e in ev:
        s.record()
        fn()
        e.record()
    torch.cuda.synchronize()
    ms = sorted(s.elapsed_time(e) for s, e in ev)
    return ms[len(ms) // 2] if len(ms) % 2 else 0.5 * (ms[len(ms) // 2 - 1] + ms[len(ms) // 2])


def run_case(torch, triton, name, case, iters):
    import time
    path, kname, plan, ins, out, scalars, ref = case
    kern = load(path, kname)
    args = arguments(ins, out, scalars)
    grid = (triton.cdiv(out.numel(), 512), 1, 1)
    nbytes = sum(t.untyped_storage().nbytes() for t in ins) + out.numel() * out.element_size()
    want = ref()
    rows = []
    t0 = time.perf_counter()
    jit = lambda: kern[grid](*args, tile_size=512, num_warps=4)
    jit()
    torch.cuda.synchronize()
    rows.append(("jit", jit, (time.perf_counter() - t0) * 1e3))
    try:
        t0 = time.perf_counter()
        ck = triton_sig(kern, plan, 4)
        sig = lambda: ck[grid](*(args + [512]))
        sig()
        torch.cuda.synchronize()
        rows.append(("sig", sig, (time.perf_counter() - t0) * 1e3))
    except Exception as e:
        emit(cmd="spec", case=name, side="triton", mode="sig", error=f"{type(e).__name__}: {e}")
    for mode, fn, first in rows:
        out.fill_(float("nan"))
        fn()
        torch.cuda.synchronize()
        err = float((out - want).abs().max())
        ms = time_launches(torch, fn, iters)
        emit(cmd="spec", case=name, side="triton", mode=mode, ms=ms, gbps=nbytes / (ms * 1e6),
             first_launch_ms=first, bytes=nbytes, signature=",".join(map(str, plan)) if mode == "sig" else "jit",
             check="ok" if err == 0 else "FAILED", max_err=err)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("cases", nargs="*")
    p.add_argument("--iters", type=int, default=100)
    a = p.parse_args()
    try:
        import torch
        import triton
        if not torch.cuda.is_available():
            raise RuntimeError("no CUDA device")
    except Exception as e:
        emit(cmd="spec", case="*", side="triton", error=f"unavailable: {type(e).__name__}: {e}")
        return 0
    all_cases = cases(torch)
    rc = 0
    for name, case in all_cases.items():
        if a.cases and name not in a.cases:
            continue
        try:
            run_case(torch, triton, name, case, a.iters)
        except Exception as e:
            emit(cmd="spec", case=name, side="triton", mode="jit", error=f"{type(e).__name__}: {e}")
            rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
