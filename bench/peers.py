# Peers for bench/bench_tilec.c, measured in the same run on the same GPU: the same kernels
# written in Triton (same block sizes and num_warps as the tilec metadata in KERNELS_DIR, when
# present) and their torch equivalents; a device copy baseline; Triton's and torch's host
# time per launch of a tiny kernel. Medians of triton.testing.do_bench (CUDA events).
# Writes JSON lines to stdout (bench/run.sh merges them into the report).
#
#   python3 bench/peers.py KERNELS_DIR
import json, os, sys, tempfile, time

os.environ.setdefault("TRITON_CACHE_DIR", tempfile.mkdtemp())
import torch
import triton
import triton.language as tl
from triton.testing import do_bench

try:
    from triton.language.extra import libdevice
    _tanh = libdevice.tanh
except Exception:  # older layouts
    _tanh = None

KDIR = sys.argv[1] if len(sys.argv) > 1 else ".carry/kernels"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
dev = "cuda"


def example_kernel(file, name):
    """A kernel of examples/FILE, compiled by Triton from the very text tilec compiles: the
    .tir file is imported as a Python module (Triton reads the source back from the file)."""
    import importlib.machinery, importlib.util
    path = os.path.join(ROOT, "examples", file)
    mod_name = "tilec_example_" + os.path.splitext(file)[0]
    loader = importlib.machinery.SourceFileLoader(mod_name, path)
    spec = importlib.util.spec_from_loader(mod_name, loader)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[mod_name] = mod
    loader.exec_module(mod)
    return getattr(mod, name)


def emit(**kw):
    print(json.dumps(kw), flush=True)


def meta_block(name, warps, default=1024):
    """The tilec kernel's block constexpr, so that Triton runs the same specialization."""
    try:
        with open(os.path.join(KDIR, f"{name}_w{warps}.json")) as f:
            k = json.load(f)["kernels"][0]
        cx = k.get("constexprs", {})
        for key in ("BLOCK", "BLOCK_SIZE", "tile_size", "TILE", "XBLOCK"):
            if isinstance(cx.get(key), int):
                return cx[key]
        ints = [v for v in cx.values() if isinstance(v, int) and not isinstance(v, bool)]
        return ints[0] if ints else default
    except Exception:
        return default


def triton_sig(kern, sig, num_warps):
    """The kernel compiled ahead of time from a signature, as triton/tools/compile.py does:
    one entry per parameter, a type ("*fp32", "i32") with ":16" for divisibility 16, or a
    value (a constexpr). The result launches as ck[grid](*every argument)."""
    signature, constexprs, attrs = {}, {}, {}
    for i, (name, entry) in enumerate(zip(kern.arg_names, sig)):
        if not isinstance(entry, str):
            signature[name], constexprs[name] = "constexpr", entry
            continue
        ty, _, hint = entry.partition(":")
        signature[name] = ty
        if hint == "16":
            attrs[(i,)] = [["tt.divisibility", 16]]
    if hasattr(kern, "create_binder"):
        kern.create_binder()
    src = triton.compiler.ASTSource(fn=kern, signature=signature, constexprs=constexprs, attrs=attrs)
    return triton.compile(src, options={"num_warps": num_warps})


def sig_rows(case, kern, sig, grid, args, check, nbytes, block):
    """Rows for Triton compiled from the same signature as tilec's benchmark variant (impl
    "triton-sig"), beside its JIT rows; a failure to compile is reported, not fatal."""
    for w in (4, 8):
        try:
            ck = triton_sig(kern, sig, w)
            f = lambda: ck[grid](*args)
            f(); torch.cuda.synchronize()
            ok = check()
            ms = bench(f)
            emit(impl="triton-sig", case=case, num_warps=w, block=block, ms=ms, bytes=nbytes,
                 gbps=rate(ms, nbytes), check="ok" if ok else "WRONG")
        except Exception as e:  # an API difference in another Triton version
            print(f"peers: triton-sig {case} w{w}: {type(e).__name__}: {e}", file=sys.stderr)


def bench(fn):
    return do_bench(fn, warmup=25, rep=200, return_mode="median")


def rate(ms, nbytes):
    return nbytes / (ms * 1e-3) / 1e9


@triton.jit
def add_kernel(x_ptr, y_ptr, o_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(o_ptr + offs, tl.load(x_ptr + offs, mask=m) + tl.load(y_ptr + offs, mask=m), mask=m)


@triton.jit
def mul_kernel(x_ptr, y_ptr, o_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(o_ptr + offs, tl.load(x_ptr + offs, mask=m) * tl.load(y_ptr + offs, mask=m), mask=m)


@triton.jit
def _tanh_exp(u):
    return 1.0 - 2.0 / (tl.exp(2.0 * u) + 1.0)


if _tanh is not None:
    @triton.jit
    def gelu_kernel(x_ptr, o_ptr, n, BLOCK: tl.constexpr):
        pid = tl.program_id(0)
        offs = pid * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        x = tl.load(x_ptr + offs, mask=m)
        tl.store(o_ptr + offs, 0.5 * x * (1.0 + libdevice.tanh(0.7978845608028654 * (x + 0.044715 * x * x * x))), mask=m)
else:
    @triton.jit
    def gelu_kernel(x_ptr, o_ptr, n, BLOCK: tl.constexpr):
        pid = tl.program_id(0)
        offs = pid * BLOCK + tl.arange(0, BLOCK)
        m = offs < n
        x = tl.load(x_ptr + offs, mask=m)
        tl.store(o_ptr + offs, 0.5 * x * (1.0 + _tanh_exp(0.7978845608028654 * (x + 0.044715 * x * x * x))), mask=m)


@triton.jit
def pointwise_kernel(in0_ptr, val0, in1_ptr, out0_ptr, in0_stride0, in0_stride1, in1_stride0,
                     in1_stride1, out0_stride0, out0_stride1, s0, s1, num_tasks,
                     tile_size: tl.constexpr):
    pid = tl.program_id(0)
    tid = pid * tile_size + tl.arange(0, tile_size)
    mask = tid < num_tasks
    i1 = tid % s1
    i0 = tid // s1
    a = tl.load(in0_ptr + i0 * in0_stride0 + i1 * in0_stride1, mask=mask)
    b = tl.load(in1_ptr + i0 * in1_stride0 + i1 * in1_stride1, mask=mask)
    tl.store(out0_ptr + i0 * out0_stride0 + i1 * out0_stride1, a * val0 + b, mask=mask)


@triton.jit
def transpose_kernel(x_ptr, y_ptr, M, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    x = tl.load(x_ptr + offs_m[:, None] * N + offs_n[None, :], mask=mask)
    tl.store(y_ptr + offs_n[None, :] * M + offs_m[:, None], x, mask=mask)


def bench_transpose():
    M = N = 16384
    x = torch.randn(M, N, device=dev)
    y = torch.empty(N, M, device=dev)
    nb = 8 * M * N
    case = "transpose f32 16384x16384"
    for w in (4, 8):
        f = lambda: transpose_kernel[(triton.cdiv(M, 64), triton.cdiv(N, 64))](x, y, M, N, BLOCK_M=64,
                                                                               BLOCK_N=64, num_warps=w)
        f(); torch.cuda.synchronize()
        ok = torch.equal(y, x.t())
        ms = bench(f)
        emit(impl="triton", case=case, num_warps=w, block=64, ms=ms, bytes=nb, gbps=rate(ms, nb),
             check="ok" if ok else "WRONG")
    sig_rows(case, transpose_kernel, ["*fp32:16", "*fp32:16", "i32:16", "i32:16", 64, 64],
             (triton.cdiv(M, 64), triton.cdiv(N, 64), 1), [x, y, M, N, 64, 64],
             lambda: torch.equal(y, x.t()), nb, 64)
    ms = bench(lambda: y.copy_(x.t()))
    emit(impl="torch", case=case, ms=ms, bytes=nb, gbps=rate(ms, nb))
    del x, y
    torch.cuda.empty_cache()


def bench_softmax():
    """Row softmax f32 16384x4096: examples/softmax.tir through Triton, and torch.softmax."""
    rows, cols = 16384, 4096
    x = torch.randn(rows, cols, device=dev)
    y = torch.empty_like(x)
    nb = 2 * rows * cols * 4
    case = f"softmax f32 {rows}x{cols}"
    kern = example_kernel("softmax.tir", "softmax_kernel")
    ref = torch.softmax(x, dim=1)
    for w in (4, 8):
        B = meta_block("softmax", w, triton.next_power_of_2(cols))
        f = lambda: kern[(rows,)](y, x, x.stride(0), y.stride(0), cols, BLOCK_SIZE=B, num_warps=w)
        f(); torch.cuda.synchronize()
        ok = torch.allclose(y, ref, atol=1e-6, rtol=1e-5)
        ms = bench(f)
        emit(impl="triton", case=case, num_warps=w, block=B, ms=ms, bytes=nb, gbps=rate(ms, nb),
             check="ok" if ok else "WRONG")
    B = meta_block("softmax", 4, triton.next_power_of_2(cols))
    sig_rows(case, kern, ["*fp32:16", "*fp32:16", "i32:16", "i32:16", "i32:16", B], (rows, 1, 1),
             [y, x, x.stride(0), y.stride(0), cols, B], lambda: torch.allclose(y, ref, atol=1e-6, rtol=1e-5),
             nb, B)
    # torch allocates its output here (softmax has no out=): the bytes moved are the same
    ms = bench(lambda: torch.softmax(x, dim=1))
    emit(impl="torch", case=case, ms=ms, bytes=nb, gbps=rate(ms, nb))
    del x, y, ref
    torch.cuda.empty_cache()


def main():
    n = 1 << 28
    x = torch.randn(n, device=dev)
    y = torch.randn(n, device=dev)
    o = torch.empty_like(x)

    ms = bench(lambda: o.copy_(x))
    emit(impl="torch", case="copy f32 n=2^28 (read+write)", ms=ms, bytes=8 * n, gbps=rate(ms, 8 * n))

    for name, kern, case, ref in [("vector_add", add_kernel, "vecadd f32 n=2^28", lambda: x + y),
                                  ("vector_mul", mul_kernel, "vecmul f32 n=2^28", lambda: x * y)]:
        for w in (4, 8):
            B = meta_block(name, w)
            g = (triton.cdiv(n, B),)
            f = lambda: kern[g](x, y, o, n, BLOCK=B, num_warps=w)
            f(); torch.cuda.synchronize()
            ok = torch.allclose(o, ref())
            ms = bench(f)
            emit(impl="triton", case=case, num_warps=w, block=B, ms=ms, bytes=12 * n, gbps=rate(ms, 12 * n),
                 check="ok" if ok else "WRONG")
        B = meta_block(name, 4)
        sig_rows(case, kern, ["*fp32:16", "*fp32:16", "*fp32:16", "i32:16", B], (triton.cdiv(n, B), 1, 1),
                 [x, y, o, n, B], lambda: torch.allclose(o, ref()), 12 * n, B)
        tf = (lambda: torch.add(x, y, out=o)) if name == "vector_add" else (lambda: torch.mul(x, y, out=o))
        ms = bench(tf)
        emit(impl="torch", case=case, ms=ms, bytes=12 * n, gbps=rate(ms, 12 * n))

    for w in (4, 8):
        B = meta_block("gelu", w)
        g = (triton.cdiv(n, B),)
        f = lambda: gelu_kernel[g](x, o, n, BLOCK=B, num_warps=w)
        f(); torch.cuda.synchronize()
        ok = torch.allclose(o, torch.nn.functional.gelu(x, approximate="tanh"), atol=1e-5, rtol=1e-5)
        ms = bench(f)
        emit(impl="triton", case="gelu(tanh) f32 n=2^28", num_warps=w, block=B, ms=ms, bytes=8 * n,
             gbps=rate(ms, 8 * n), check="ok" if ok else "WRONG")
    B = meta_block("gelu", 4)
    sig_rows("gelu(tanh) f32 n=2^28", gelu_kernel, ["*fp32:16", "*fp32:16", "i32:16", B],
             (triton.cdiv(n, B), 1, 1), [x, o, n, B],
             lambda: torch.allclose(o, torch.nn.functional.gelu(x, approximate="tanh"), atol=1e-5, rtol=1e-5),
             8 * n, B)
    ms = bench(lambda: torch.nn.functional.gelu(x, approximate="tanh"))
    # torch allocates its output here (no out= for gelu): the bytes moved are the same
    emit(impl="torch", case="gelu(tanh) f32 n=2^28", ms=ms, bytes=8 * n, gbps=rate(ms, 8 * n))
    del x, y, o
    torch.cuda.empty_cache()

    s0 = s1 = 16384
    in0 = torch.randn(s0, s1, device=dev)
    in1 = torch.randn(s1, device=dev)       # broadcast along dim 0: stride 0
    in1b = in1.expand(s0, s1)
    out = torch.empty_like(in0)
    val0 = 1.5
    nb = (2 * s0 * s1 + s1) * 4
    for w in (4, 8):
        T = meta_block("flaggems_pointwise", w, 512)
        g = (triton.cdiv(s0 * s1, T),)
        f = lambda: pointwise_kernel[g](in0, val0, in1b, out, in0.stride(0), in0.stride(1), in1b.stride(0),
                                        in1b.stride(1), out.stride(0), out.stride(1), s0, s1, s0 * s1,
                                        tile_size=T, num_warps=w)
        f(); torch.cuda.synchronize()
        ok = torch.allclose(out, in0 * val0 + in1b, atol=1e-5, rtol=1e-5)  # fma may differ by an ulp
        ms = bench(f)
        emit(impl="triton", case="strided add+bcast f32 16384x16384", num_warps=w, block=T, ms=ms, bytes=nb,
             gbps=rate(ms, nb), check="ok" if ok else "WRONG")
    T = meta_block("flaggems_pointwise", 4, 512)
    # the signature of bench/kernels.txt: strides equal to 1 compiled in, the rest :16
    sig_rows("strided add+bcast f32 16384x16384", pointwise_kernel,
             ["*fp32:16", "fp32", "*fp32:16", "*fp32:16", "i32:16", 1, "i32:16", 1, "i32:16", 1,
              "i32:16", "i32:16", "i32:16", T], (triton.cdiv(s0 * s1, T), 1, 1),
             [in0, val0, in1b, out, s1, 1, 0, 1, s1, 1, s0, s1, s0 * s1, T],
             lambda: torch.allclose(out, in0 * val0 + in1b, atol=1e-5, rtol=1e-5), nb, T)
    ms = bench(lambda: torch.add(in1b, in0, alpha=val0, out=out))
    emit(impl="torch", case="strided add+bcast f32 16384x16384", ms=ms, bytes=nb, gbps=rate(ms, nb))
    del in0, in1, in1b, out
    torch.cuda.empty_cache()
    bench_transpose()

    bench_softmax()

    # host time per launch of a tiny kernel, the way launch_overhead.c measures tilert
    xs = torch.randn(1024, device=dev)
    os_ = torch.empty_like(xs)
    add_kernel[(1,)](xs, xs, os_, 1, BLOCK=1024)
    torch.cuda.synchronize()
    N = 100000
    for name, fn, reps in [("triton launch", lambda: add_kernel[(1,)](xs, xs, os_, 1, BLOCK=1024), N),
                           ("torch.add launch", lambda: torch.add(xs, xs, out=os_), N)]:
        for _ in range(1000):
            fn()
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(reps):
            fn()
        t1 = time.perf_counter()
        torch.cuda.synchronize()
        t2 = time.perf_counter()
        emit(impl=name, case="launch overhead (host us/launch)", us=(t1 - t0) / reps * 1e6,
             us_incl_drain=(t2 - t0) / reps * 1e6, launches=reps)


if __name__ == "__main__":
    main()
