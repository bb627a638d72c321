# Triton's side of `tune_gpu first-call CASE` (bench/tuning/README.md): the same .tir file
# imported as a Python module (it is Python with `import triton`), the same configs, the same
# problem; one call of the autotuned kernel with real tensors, then torch.cuda.synchronize.
# Prints one JSON line: first_call_ms from the call's entry to the synchronize's return
# (torch, the tensors and the CUDA context are ready before, as on tilec's side),
# process_ms from this script's first line. Run with TRITON_CACHE_DIR set to an empty folder
# (cold), then again on the same folder (warm); bench/tuning/gpu.sh sets
# TRITON_CACHE_AUTOTUNING=1 so that the warm process may also reuse the tuning choice.
#
#   python3 bench/tuning/first_call_triton.py add|rowsum|matmul|attention [--phase LABEL] [--n N] [--m M] [--k K]
import time

T_START = time.perf_counter()

import argparse
import importlib.machinery
import importlib.util
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CASES = {
    "add": ("bench/tuning/kernels/add_tuned.tir", "add_kernel"),
    "rowsum": ("bench/tuning/kernels/row_sum_tuned.tir", "row_sum_kernel"),
    "matmul": ("examples/matmul_tutorial.tir", "matmul_kernel"),
    "attention": ("examples/fused_attention_tutorial.tir", "_attn_fwd"),
}


def emit(**kw):
    print(json.dumps(kw), flush=True)


def load(path, name):
    mod_name = "tg_" + os.path.splitext(os.path.basename(path))[0]
    loader = importlib.machinery.SourceFileLoader(mod_name, os.path.join(ROOT, path))
    spec = importlib.util.spec_from_loader(mod_name, loader)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[mod_name] = mod
    loader.exec_module(mod)
    return getattr(mod, name)


def small_ints(torch, n, mod, offset):
    i = torch.arange(n, device="cuda", dtype=torch.int64)
    return ((i * 7 + offset) % mod - mod // 2).to(torch.float32)


def setup(torch, triton, case, a):
    """(kernel, call, check): the kernel's one call and a check of its result, as tilec's side does."""
    if case == "add":
        n = a.n or 1 << 24
        x, y = small_ints(torch, n, 13, 0), small_ints(torch, n, 5, 3)
        out = torch.empty_like(x)
        k = load(*CASES[case])
        call = lambda: k[lambda m: (triton.cdiv(n, m["BLOCK_SIZE"]),)](x, y, out, n)
        return k, call, lambda: float((out - (x + y)).abs().max())
    if case == "rowsum":
        m, n = a.m or 4096, a.n or 8192
        x = small_ints(torch, m * n, 7, 1).reshape(m, n)
        out = torch.empty(m, device="cuda")
        k = load(*CASES[case])
        call = lambda: k[lambda meta: (triton.cdiv(m, meta["BLOCK_M"]),)](x, out, m, n, x.stride(0))
        return k, call, lambda: float((out.double() - x.double().sum(1)).abs().max())
    if case == "attention":
        return attention(torch, triton, a)
    m, n, kk = a.m or 4096, a.n or 4096, a.k or 4096
    A = (((torch.arange(m * kk, device="cuda") * 5 + 1) % 9 - 4) * 0.25).to(torch.float16).reshape(m, kk)
    B = (((torch.arange(kk * n, device="cuda") * 5 + 2) % 9 - 4) * 0.25).to(torch.float16).reshape(kk, n)
    C = torch.empty(m, n, device="cuda", dtype=torch.float16)
    k = load(*CASES[case])
    grid = lambda meta: (triton.cdiv(m, meta["BLOCK_SIZE_M"]) * triton.cdiv(n, meta["BLOCK_SIZE_N"]),)
    call = lambda: k[grid](A, B, C, m, n, kk, A.stride(0), A.stride(1), B.stride(0), B.stride(1),
                           C.stride(0), C.stride(1), ACTIVATION="")
    return k, call, lambda: float((C.float() - (A.float() @ B.float()).half().float()).abs().max())


def attention(torch, triton, a):
    """Triton's fused-attention tutorial file called as the tutorial calls it (causal, f16, head
    dim 128, warp_specialize False): TensorDescriptor with a dummy block (its pre_hook sets the
    blocks), the keywords its prune function reads. Inputs and check as tilec's side: 64
    sampled rows against float64 softmax attention, the error beyond 2^-9 relative (and 2e-3)."""
    import math
    if importlib.util.find_spec("pytest") is None:  # the tutorial imports it
        sys.modules.setdefault("pytest", type(sys)("pytest"))
    from triton.tools.tensor_descriptor import TensorDescriptor
    heads, n, d = a.m or 32, a.n or 4096, 128
    rows = heads * n
    i = torch.arange(rows * d, device="cuda")
    q, k, v = ((((i * 37 + s * 11) % 17 - 8) / 8.0).to(torch.float16).reshape(rows, d) for s in (1, 2, 3))
    o = torch.empty_like(q)
    m = torch.empty(heads, n, device="cuda")
    descs = [TensorDescriptor(t, [rows, d], [d, 1], [1, 1]) for t in (q, k, v, o)]
    kern = load(*CASES["attention"])
    scale = 1.0 / math.sqrt(d)

    def call():
        kern[lambda meta: (triton.cdiv(n, meta["BLOCK_M"]), heads, 1)](
            scale, m, 1, heads, *descs, N_CTX=n, HEAD_DIM=d, FP8_OUTPUT=False, STAGE=3, warp_specialize=False,
            IS_HOPPER=True)

    def check():
        err = 0.0
        for t in range(64):
            seq, r = (t * 7) % heads, (t * 2654435761) % n
            row = seq * n + r
            s = (q[row].double() @ k[seq * n:seq * n + r + 1].double().T) / math.sqrt(d)
            ref = torch.softmax(s, 0) @ v[seq * n:seq * n + r + 1].double()
            e = ((o[row].double() - ref).abs() - ref.abs() / 512).max().item()
            err = max(err, e if e > 2e-3 else 0.0)
        return err
    return kern, call, check


def main():
    p = argparse.ArgumentParser()
    p.add_argument("case", choices=sorted(CASES))
    p.add_argument("--n", type=int, default=0)
    p.add_argument("--m", type=int, default=0)
    p.add_argument("--k", type=int, default=0)
    p.add_argument("--phase", default="")
    a = p.parse_args()
    try:
        import torch
        import triton
        if not torch.cuda.is_available():
            raise RuntimeError("no CUDA device")
    except Exception as e:
        emit(cmd="first-call", case=a.case, side="triton", phase=a.phase, error=f"unavailable: {type(e).__name__}: {e}")
        return 0
    t_import = time.perf_counter()
    k, call, check = setup(torch, triton, a.case, a)
    torch.cuda.synchronize()
    # Triton's driver utilities (a C module it builds once per cache folder) before the
    # clock, as tilec's runtime is created before it; the kernel's own launcher stays in.
    t_drv = time.perf_counter()
    triton.runtime.driver.active.get_current_target()
    t0 = time.perf_counter()
    call()
    torch.cuda.synchronize()
    t1 = time.perf_counter()
    err = check()
    emit(cmd="first-call", case=a.case, side="triton", phase=a.phase, device=torch.cuda.get_device_name(),
         configs=len(k.configs), best=str(getattr(k, "best_config", "")),
         first_call_ms=(t1 - t0) * 1e3, bench_ms=getattr(k, "bench_time", 0.0) * 1e3,
         import_ms=(t_import - T_START) * 1e3, setup_ms=(t_drv - t_import) * 1e3,
         driver_init_ms=(t0 - t_drv) * 1e3,
         process_ms=(t1 - T_START) * 1e3, triton=triton.__version__,
         cache_dir=os.environ.get("TRITON_CACHE_DIR", ""),
         check="ok" if err == 0 else "FAILED", max_err=err)
    return 0 if err == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
