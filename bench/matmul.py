# Benchmarks of tensor-core dots on one GPU, in the JSON-line format of norms.py (bench/
# report.py merges them): the matmul tutorial kernel (examples/matmul.tir) and the
# flash-attention forward (examples/flash_attention.tir), as tilec compiled them on the dev
# machine (test/gpu/torch/kernels_dot.txt, bench_* lines: mma.sync, and wgmma with --wgmma)
# beside Triton's JIT on the same .tir text with the same block sizes and num_warps (with
# num_stages=1, which like tilec today does not pipeline, and Triton's default 3), Triton's
# Triton's tutorial file autotuned over its 8 configs (triton-autotuned, f16), and torch
# (cuBLAS matmul, scaled_dot_product_attention). All timed by triton.testing.do_bench
# (median), each checked once against torch; a case's implementations are timed together in
# rounds of alternating order (ROUNDS, default 2; see flush()).
#
#   python3 bench/matmul.py [.carry/torch]          # GPU machine
#   MATMUL_ONLY=matmul_tma,attention python3 bench/matmul.py   # only these cases (function names)
#   MATMUL_ONLY=matmul_tma_persistent,matmul_tma_dtype python3 bench/matmul.py   # the TMA additions
#
# "flops" counts 2 M N K per matmul and 4 B H S^2 D per attention (half of it when causal);
# "bytes" the operands read once and the result written once: the floors are flops over the
# tensor-core peak and bytes over the copy bandwidth; report.py prints TFLOP/s.
import json
import os
import sys
import tempfile
import types

os.environ.setdefault("TRITON_CACHE_DIR", tempfile.mkdtemp())
import torch
import triton
from triton.testing import do_bench

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "test", "gpu", "torch"))
sys.path.insert(0, os.path.join(ROOT, "bench"))
sys.dont_write_bytecode = True
import harness  # noqa: E402

CARRY = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, ".carry", "torch")
dev = "cuda"


def emit(**kw):
    print(json.dumps(kw), flush=True)


# Rows waiting to be timed: report() runs and checks each implementation at once and keeps
# it here; flush() times the waiting rows of each case together, in rounds of opposite
# orders (ROUNDS, default 2: forward, then backward). Under the H200's power cap the first
# kernel timed after an idle moment holds a higher clock (8-10% on a 4096^3 matmul,
# bench/results/2026-11-24-h200-s11.md): timing a case's implementations one after the
# other favoured whichever came first; alternating the order gives each the same mix.
PENDING = []


def frozen(fn):
    """fn with its closure's variables as they are now: the cases pass lambdas made in loops
    (`lambda: jit[grid](..., BLOCK_SIZE_M=bm)`), whose variables a later iteration rebinds
    before flush() calls them."""
    cells = getattr(fn, "__closure__", None)
    if not cells:
        return fn
    return types.FunctionType(fn.__code__, fn.__globals__, fn.__name__, fn.__defaults__,
                              tuple(types.CellType(c.cell_contents) for c in cells))


def report(impl, case, fn, check, flops, nbytes, **extra):
    try:
        fn = frozen(fn)
        fn()
        torch.cuda.synchronize()
        ok = check()
        PENDING.append(dict(impl=impl, case=case, fn=fn, flops=flops, bytes=nbytes, ok=ok, extra=extra))
    except Exception as e:
        print(f"matmul: {impl} {case}: {type(e).__name__}: {e}", file=sys.stderr)


def flush():
    """Times every waiting row, case by case: ROUNDS rounds over the case's implementations,
    every other round in reverse order; the row's ms is the mean of its rounds' medians
    (do_bench, 200 ms each), its per-round values in "rounds_ms"."""
    rounds = max(1, int(os.environ.get("ROUNDS", "2")))
    cases = []
    for r in PENDING:
        if r["case"] not in cases:
            cases.append(r["case"])
    for case in cases:
        rows = [r for r in PENDING if r["case"] == case]
        times = {id(r): [] for r in rows}
        for k in range(rounds):
            for r in (rows if k % 2 == 0 else rows[::-1]):
                try:
                    times[id(r)].append(do_bench(r["fn"], warmup=25, rep=200, return_mode="median"))
                except Exception as e:
                    print(f"matmul: {r['impl']} {case}: {type(e).__name__}: {e}", file=sys.stderr)
        for r in rows:
            t = times[id(r)]
            if not t:
                continue
            ms = sum(t) / len(t)
            emit(impl=r["impl"], case=case, ms=ms, flops=r["flops"], bytes=r["bytes"],
                 tflops=r["flops"] / (ms * 1e-3) / 1e12, check="ok" if r["ok"] else "WRONG",
                 rounds_ms=[round(x, 5) for x in t], **r["extra"])
    PENDING.clear()


def interleaved(impl, check, flops, rounds, label, reference):
    """Runs each of impl (name -> callable) once and checks it (all but `reference`), then
    `rounds` rounds that time each once (do_bench median over 500 ms), so that the GPU's
    clock under its power cap affects them alike; prints every round and the medians."""
    import statistics
    for name, f in impl.items():
        f()
        if name != reference and not check():
            print("WRONG", name)
    res = {n: [] for n in impl}
    for r in range(rounds):
        for name, f in impl.items():
            res[name].append(flops / do_bench(f, warmup=100, rep=500) / 1e9)
        print("%sround %d: " % (label, r) + ", ".join("%s %.1f" % (n, v[-1]) for n, v in res.items()), flush=True)
    print("median over %d rounds, %sTFLOP/s: " % (rounds, label) +
          ", ".join("%s %.1f" % (n, statistics.median(v)) for n, v in res.items()))


def interleaved_json(case, impl, check, flops, rounds, out):
    """bench/matmul_ab.py's and attn_ab.py's rounds: each of impl (name -> callable) runs once
    after out.zero_() and is checked (a WRONG line when not), then `rounds` rounds time each
    once (do_bench median over 100 ms); prints a JSON line per name with the median
    TFLOP/s over the rounds and every round's."""
    import statistics
    for name, f in impl.items():
        out.zero_()
        f()
        torch.cuda.synchronize()
        if not check():
            print(json.dumps({"case": case, "impl": name, "check": "WRONG"}), flush=True)
    res = {name: [] for name in impl}
    for _ in range(rounds):
        for name, f in impl.items():
            res[name].append(flops / (do_bench(f, warmup=25, rep=100, return_mode="median") * 1e-3) / 1e12)
    for name, v in res.items():
        print(json.dumps({"case": case, "impl": name, "median": round(statistics.median(v), 1),
                          "all": [round(x, 1) for x in v]}), flush=True)


def run_tilec(h, name, grid, args, case, check, flops, nbytes, block, impl=None):
    """One tilec kernel of .carry/torch, launched through libtilert (unchecked launches);
    impl: the row's label (default tilec-wgmma for a name ending in wgmma, else tilec)."""
    try:
        f = h.kernel(name).prepared(grid, *args)
    except Exception as e:
        print(f"matmul: {name}: {type(e).__name__}: {e}", file=sys.stderr)
        return
    report(impl or ("tilec-wgmma" if name.endswith("wgmma") else "tilec"), case, f, check, flops, nbytes,
           block=block, num_warps=8, kernel=name)


def cdiv(a, b):
    return (a + b - 1) // b


# tilec's variants of the tutorial kernel (kernels_dot.txt bench_mm_*): block M, N, K, warps,
# stages, wgmma (else mma.sync)
MM_VARIANTS = ((128, 128, 64, 8, 3, 1), (128, 128, 64, 8, 4, 1), (128, 256, 64, 8, 3, 1), (128, 256, 64, 8, 4, 1),
               (128, 128, 64, 4, 3, 1), (128, 128, 32, 8, 3, 0))


def problem(dt, M, N, K, b_k_contiguous=False):
    """C = A @ B in dtype dt: A (M x K), B (K x N, or given N x K and transposed: K-contiguous),
    C; the check against torch, flops and bytes, and the tutorial kernel's full argument list."""
    a = torch.randn(M, K, device=dev).to(dt)
    b = torch.randn(N, K, device=dev).to(dt).t() if b_k_contiguous else torch.randn(K, N, device=dev).to(dt)
    c = torch.empty(M, N, device=dev, dtype=dt)
    ref = (a.float() @ b.float()).to(dt)
    check = lambda: torch.allclose(c.float(), ref.float(), atol=1e-2 * (K ** 0.5), rtol=2e-2)
    flops, nbytes = 2 * M * N * K, (M * K + K * N + M * N) * a.element_size()
    args = (a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1))
    return a, b, c, check, flops, nbytes, args


def matmul(h, dt, M, N, K):
    a, b, c, check, flops, nbytes, args = problem(dt, M, N, K)
    case = f"matmul {str(dt)[6:]} {M}x{N}x{K}"
    tag = "f16" if dt == torch.float16 else "bf16"
    targs = (a, b, c, M, N, K, a.stride(0), b.stride(0), c.stride(0))  # tilec's unit strides are constants
    for bm, bn, bk, w, st, wg in MM_VARIANTS:
        name = f"bench_mm_{tag}_{bm}x{bn}x{bk}_w{w}_s{st}" + ("_wgmma" if wg else "")
        run_tilec(h, name, (cdiv(M, bm) * cdiv(N, bn),), targs, case, check, flops, nbytes,
                  f"{bm}x{bn}x{bk} w{w} ns{st}")
    kern = h.triton("examples/matmul.tir", "matmul_kernel")
    jit = getattr(kern, "fn", kern)  # the tutorial file's autotune list holds one config: the raw jit function
    for bm, bn, bk in ((128, 128, 64), (128, 256, 64)):
        for stages in (1, 3, 4):
            grid = (cdiv(M, bm) * cdiv(N, bn),)
            report(f"triton-ns{stages}", case,
                   lambda: jit[grid](*args, BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk, GROUP_SIZE_M=8,
                                     ACTIVATION="", num_warps=8, num_stages=stages),
                   check, flops, nbytes, block=f"{bm}x{bn}x{bk}", num_warps=8)
    # (triton-sig is not run here: the kernel's ACTIVATION is a string constexpr, which
    # peers.triton_sig's signature list cannot express.)
    if dt == torch.float16:  # Triton's tutorial file with its 8 autotune configs (the tuning happens once, untimed)
        tuned = h.triton("examples/matmul_tutorial.tir", "matmul_kernel")
        tgrid = lambda META: (cdiv(M, META["BLOCK_SIZE_M"]) * cdiv(N, META["BLOCK_SIZE_N"]),)
        report("triton-autotuned", case, lambda: tuned[tgrid](*args, ACTIVATION=""), check, flops, nbytes)
    report("torch", case, lambda: torch.matmul(a, b, out=c), lambda: True, flops, nbytes)


def matmul_persistent(h, M=8192, N=8192, K=8192, sms=132):
    """Triton's persistent matmul tutorial kernel (examples/matmul_persistent.tir), f16: tilec
    (bench_mm_pers_*, NUM_SMS = 132, the H200's SMs) beside Triton's JIT of the same text at
    the same blocks, warps and stages, grid min(NUM_SMS, tiles)."""
    a, b, c, check, flops, nbytes, args = problem(torch.float16, M, N, K)
    case = f"matmul float16 {M}x{N}x{K} persistent"
    targs = (a, b, c, M, N, K, a.stride(0), b.stride(0), c.stride(0))
    for bm, bn, bk, st in ((128, 256, 64, 3), (128, 256, 64, 4), (128, 128, 64, 4)):
        grid = (min(sms, cdiv(M, bm) * cdiv(N, bn)),)
        run_tilec(h, f"bench_mm_pers_f16_{bm}x{bn}x{bk}_w8_s{st}_wgmma", grid, targs, case, check, flops, nbytes,
                  f"{bm}x{bn}x{bk} w8 ns{st}")
        jit = h.triton("examples/matmul_persistent.tir", "matmul_kernel_persistent")  # a plain @triton.jit
        report("triton-ns3", case,
               lambda: jit[grid](*args, BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk, GROUP_SIZE_M=8,
                                 NUM_SMS=sms, num_warps=8, num_stages=st),
               check, flops, nbytes, block=f"{bm}x{bn}x{bk} ns{st}", num_warps=8)
    report("torch", case, lambda: torch.matmul(a, b, out=c), lambda: True, flops, nbytes)


def triton_blocks(h, case, args, M, N, blocks, check, flops, nbytes):
    """Triton's JIT on the tutorial kernel, 8 warps, at each (BLOCK_M, BLOCK_N, BLOCK_K, stages)."""
    jit = getattr(h.triton("examples/matmul.tir", "matmul_kernel"), "fn", None)
    for bm, bn, bk, stages in blocks:
        grid = (cdiv(M, bm) * cdiv(N, bn),)
        report("triton-ns3", case,
               lambda: jit[grid](*args, BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk, GROUP_SIZE_M=8,
                                 ACTIVATION="", num_warps=8, num_stages=stages),
               check, flops, nbytes, block=f"{bm}x{bn}x{bk} ns{stages}", num_warps=8)


def matmul_nt(h, M=4096, N=4096, K=4096):
    """C = A @ B with B given as an N x K tensor (b = bt.t(): K-contiguous), f16."""
    a, b, c, check, flops, nbytes, args = problem(torch.float16, M, N, K, b_k_contiguous=True)
    case = f"matmul float16 {M}x{N}x{K} B K-contiguous"
    targs = (a, b, c, M, N, K, a.stride(0), b.stride(1), c.stride(0))  # unit strides are constants
    for bm, bn, bk, w, st, wg in MM_VARIANTS:
        name = f"bench_mm_f16_nt_{bm}x{bn}x{bk}_w{w}_s{st}" + ("_wgmma" if wg else "")
        run_tilec(h, name, (cdiv(M, bm) * cdiv(N, bn),), targs, case, check, flops, nbytes,
                  f"{bm}x{bn}x{bk} w{w} ns{st}")
    triton_blocks(h, case, args, M, N, ((128, 128, 64, 3), (128, 128, 64, 4), (128, 256, 64, 3)), check, flops,
                  nbytes)
    report("torch", case, lambda: torch.matmul(a, b, out=c), lambda: True, flops, nbytes)


def problem_nt(M, N, K):
    """f16 A (M x K), B given N x K (the TMA kernels' b_desc), C; the check against torch,
    flops and bytes."""
    a = torch.randn(M, K, device=dev).half()
    bt = torch.randn(N, K, device=dev).half()
    c = torch.empty(M, N, device=dev).half()
    ref = (a.float() @ bt.float().t()).half()
    check = lambda: torch.allclose(c.float(), ref.float(), atol=1e-2 * (K ** 0.5), rtol=2e-2)
    return a, bt, c, check, 2 * M * N * K, (M * K + K * N + M * N) * 2


def tma_pair(h, jit, case, tag, problem, config, check, flops, nbytes, fp8=False, ws=""):
    """tilec's bench_mm_tma_<tag>_<config><ws> (kernels_tma.txt) and, unless warp-specialized,
    Triton's JIT of examples/matmul_tma.tir with the same config: problem = (a, bt, c, M, N, K)
    with a M x K, bt N x K; config = (BLOCK_M, BLOCK_N, BLOCK_K, num_warps, num_stages)."""
    from triton.tools.tensor_descriptor import TensorDescriptor
    a, bt, c, M, N, K = problem
    bm, bn, bk, w, st = config
    grid = (cdiv(M, bm) * cdiv(N, bn),)
    block = f"{bm}x{bn}x{bk} w{w} ns{st}"
    try:
        k = h.kernel(f"bench_mm_tma_{tag}_{bm}x{bn}x{bk}_w{w}_s{st}{ws}")
        descs = (h.tensordesc(a, [bm, bk]), h.tensordesc(bt, [bn, bk]), h.tensordesc(c, [bm, bn]))
        report("tilec", case, lambda: k(grid, *descs, M, N, K), check, flops, nbytes,
               block=block + (" ws" if ws else ""), num_warps=w)
    except Exception as e:
        print(f"matmul: tilec tma {tag} {block}{ws}: {type(e).__name__}: {e}", file=sys.stderr)
    if ws:
        return
    td = (TensorDescriptor(a, a.shape, a.stride(), [bm, bk]), TensorDescriptor(bt, bt.shape, bt.stride(), [bn, bk]),
          TensorDescriptor(c, c.shape, c.stride(), [bm, bn]))
    report(f"triton-ns{st}", case,
           lambda: jit[grid](*td, M, N, K, BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk, GROUP_SIZE_M=8,
                             FP8_OUTPUT=fp8, WARP_SPECIALIZE=False, num_warps=w, num_stages=st),
           check, flops, nbytes, block=block, num_warps=w)


def matmul_tma(h, M=4096, N=4096, K=4096):
    """Triton's tutorial 09 matmul_kernel_tma (examples/matmul_tma.tir): host tensor descriptors
    for A (M x K), B (N x K) and C, f16. tilec (bench_mm_tma_*, kernels_tma.txt; the
    descriptors are encoded by libtilert at each launch) beside Triton's JIT of the same text
    with triton.tools.tensor_descriptor.TensorDescriptor, same blocks, warps and stages."""
    a, bt, c, check, flops, nbytes = problem_nt(M, N, K)
    case = f"matmul float16 {M}x{N}x{K} TMA descriptors"
    jit = h.triton("examples/matmul_tma.tir", "matmul_kernel_tma")
    for bm, bn, bk, w, st, ws in ((128, 256, 64, 8, 3, ""), (128, 256, 64, 8, 4, ""), (128, 128, 64, 8, 4, ""),
                                  (128, 256, 64, 8, 3, "_ws"), (128, 256, 64, 8, 4, "_ws")):
        # warp-specialized: tilec only (Triton 3.6 does not specialize host-descriptor loops on Hopper)
        tma_pair(h, jit, case, "f16", (a, bt, c, M, N, K), (bm, bn, bk, w, st), check, flops, nbytes, False, ws)
    report("torch", case, lambda: torch.matmul(a, bt.t(), out=c), lambda: True, flops, nbytes)


def matmul_tma_persistent(h, M=4096, N=4096, K=4096, sms=132):
    """Tutorial 09's matmul_kernel_tma_persistent (examples/matmul_tma_persistent.tir), f16:
    host descriptors, NUM_SMS = 132 programs (the H200's SMs; grid min(NUM_SMS, tiles)) over
    the tiles, the whole-tile epilogue and EPILOGUE_SUBTILE (c_desc's block [BM, BN // 2]).
    tilec (bench_mm_tma_persist_*, kernels_tma.txt) beside Triton's JIT of the same text with
    TensorDescriptor, same blocks, warps and stages, and torch."""
    from triton.tools.tensor_descriptor import TensorDescriptor
    a, bt, c, check, flops, nbytes = problem_nt(M, N, K)
    case = f"matmul float16 {M}x{N}x{K} TMA descriptors persistent"
    jit = h.triton("examples/matmul_tma_persistent.tir", "matmul_kernel_tma_persistent")
    for bm, bn, bk, w, st, sub, ws in ((128, 256, 64, 8, 3, 0, 0), (128, 256, 64, 8, 3, 1, 0),
                                       (128, 256, 64, 8, 3, 0, 1), (128, 256, 64, 8, 3, 1, 1)):
        grid = (min(sms, cdiv(M, bm) * cdiv(N, bn)),)
        cbn = bn // 2 if sub else bn
        block = f"{bm}x{bn}x{bk} w{w} ns{st}" + (" subtile" if sub else "") + (" ws" if ws else "")
        try:
            k = h.kernel(f"bench_mm_tma_persist_f16_{bm}x{bn}x{bk}_w{w}_s{st}" + ("_sub" if sub else "")
                         + ("_ws" if ws else ""))
            descs = (h.tensordesc(a, [bm, bk]), h.tensordesc(bt, [bn, bk]), h.tensordesc(c, [bm, cbn]))
            report("tilec", case, lambda: k(grid, *descs, M, N, K), check, flops, nbytes, block=block, num_warps=w)
        except Exception as e:
            print(f"matmul: tilec tma persistent {block}: {type(e).__name__}: {e}", file=sys.stderr)
        td = (TensorDescriptor(a, a.shape, a.stride(), [bm, bk]), TensorDescriptor(bt, bt.shape, bt.stride(), [bn, bk]),
              TensorDescriptor(c, c.shape, c.stride(), [bm, cbn]))
        report(f"triton-ns{st}", case,
               lambda: jit[grid](*td, M, N, K, BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk, GROUP_SIZE_M=8,
                                 FP8_OUTPUT=False, EPILOGUE_SUBTILE=bool(sub), NUM_SMS=sms, WARP_SPECIALIZE=bool(ws),
                                 num_warps=w, num_stages=st),
               check, flops, nbytes, block=block, num_warps=w)
    report("torch", case, lambda: torch.matmul(a, bt.t(), out=c), lambda: True, flops, nbytes)


def triton_scratch_allocator():
    """Triton's in-kernel descriptors need a global-scratch allocator (tutorial 09 sets one)."""
    import triton
    triton.set_allocator(lambda size, alignment, stream: torch.empty(size, device=dev, dtype=torch.int8))


def matmul_desc(h, M=4096, N=4096, K=4096, sms=132):
    """In-kernel tensor descriptors (tl.make_tensor_descriptor) and block pointers, f16: tutorial 09's
    matmul_kernel_descriptor_persistent (examples/matmul_descriptor_persistent.tir, B given
    N x K, NUM_SMS = 132 programs, whole and subtiled epilogues) and the one-tile-per-program
    descriptor matmul (examples/matmul_tensor_desc.tir, B given K x N; also tilec's pointer
    path, --no-desc-tma). tilec (bench_mm_desc_*, kernels_tma.txt; libtilert passes the
    tensormaps' global scratch) beside Triton's JIT of the same text with the same blocks,
    warps and stages (triton.set_allocator for its scratch), and torch; then the block-pointer
    matmul (examples/matmul_block_ptr.tir, hinted signature: TMA on sm_90a; and through
    cp.async) beside Triton's JIT of it (which reads block pointers through pointers)."""
    triton_scratch_allocator()
    a, bt, c, check, flops, nbytes = problem_nt(M, N, K)
    case = f"matmul float16 {M}x{N}x{K} in-kernel descriptors persistent"
    jit = h.triton("examples/matmul_descriptor_persistent.tir", "matmul_kernel_descriptor_persistent")
    # ws: WARP_SPECIALIZE=True, on the tile loop as the tutorial writes it (tilec: a producer
    # warpgroup that runs ahead from tile to tile, overlapping each tile's epilogue)
    for bm, bn, bk, w, st, sub, ws in ((128, 256, 64, 8, 3, 0, 0), (128, 256, 64, 8, 3, 1, 0), (128, 256, 64, 8, 4, 0, 0),
                                       (128, 256, 64, 8, 3, 0, 1), (128, 256, 64, 8, 3, 1, 1), (128, 256, 64, 8, 4, 1, 1)):
        grid = (min(sms, cdiv(M, bm) * cdiv(N, bn)),)
        block = f"{bm}x{bn}x{bk} w{w} ns{st}" + (" subtile" if sub else "") + (" ws" if ws else "")
        run_tilec(h, f"bench_mm_desc_pers_f16_{bm}x{bn}x{bk}_w{w}_s{st}" + ("_sub" if sub else "") + ("_ws" if ws else ""),
                  grid, (a, bt, c, M, N, K), case, check, flops, nbytes, block)
        report(f"triton-ns{st}", case,
               lambda: jit[grid](a, bt, c, M, N, K, BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk, GROUP_SIZE_M=8,
                                 EPILOGUE_SUBTILE=bool(sub), NUM_SMS=sms, WARP_SPECIALIZE=bool(ws), FLATTEN=True,
                                 num_warps=w, num_stages=st),
               check, flops, nbytes, block=block, num_warps=w)
    report("torch", case, lambda: torch.matmul(a, bt.t(), out=c), lambda: True, flops, nbytes)
    b = bt.t().contiguous()  # K x N
    case = f"matmul float16 {M}x{N}x{K} in-kernel descriptors"
    jit = h.triton("examples/matmul_tensor_desc.tir", "matmul_tensor_desc_kernel")
    for bm, bn, bk, w, st, tag in ((128, 256, 64, 8, 3, ""), (128, 256, 64, 8, 4, ""), (128, 256, 64, 8, 3, "_ptr")):
        grid = (cdiv(M, bm) * cdiv(N, bn),)
        block = f"{bm}x{bn}x{bk} w{w} ns{st}" + (" pointers" if tag else "")
        run_tilec(h, f"bench_mm_desc_f16_{bm}x{bn}x{bk}_w{w}_s{st}{tag}", grid, (a, b, c, M, N, K), case, check,
                  flops, nbytes, block)
        if not tag:
            report(f"triton-ns{st}", case,
                   lambda: jit[grid](a, b, c, M, N, K, BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk,
                                     GROUP_SIZE_M=8, num_warps=w, num_stages=st),
                   check, flops, nbytes, block=block, num_warps=w)
    report("torch", case, lambda: torch.matmul(a, b, out=c), lambda: True, flops, nbytes)
    case = f"matmul float16 {M}x{N}x{K} block pointers"
    jit = h.triton("examples/matmul_block_ptr.tir", "matmul_block_ptr_kernel")
    for bm, bn, bk, w, st, tag in ((128, 256, 64, 8, 3, ""), (128, 256, 64, 8, 4, ""), (128, 256, 64, 8, 3, "_ptr")):
        grid = (cdiv(M, bm) * cdiv(N, bn),)
        block = f"{bm}x{bn}x{bk} w{w} ns{st}" + (" pointers" if tag else "")
        run_tilec(h, f"bench_mm_bp_f16_{bm}x{bn}x{bk}_w{w}_s{st}{tag}", grid,
                  (a, b, c, M, N, K, a.stride(0), b.stride(0), c.stride(0)), case, check, flops, nbytes, block)
        if not tag:
            report(f"triton-ns{st}", case,
                   lambda: jit[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                                     c.stride(0), c.stride(1), BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk,
                                     GROUP_SIZE_M=8, num_warps=w, num_stages=st),
                   check, flops, nbytes, block=block, num_warps=w)


def matmul_tma_dtype(h, dt, M, N, K):
    """matmul_kernel_tma (examples/matmul_tma.tir) on bf16 (C bf16: the kernel casts to f16,
    the descriptor store to bf16) or fp8 e4m3 (FP8_OUTPUT = 1: a, b and c fp8, BK = 128):
    tilec (bench_mm_tma_bf16_* / bench_mm_tma_fp8_*, kernels_tma.txt) beside Triton's JIT of
    the same text with TensorDescriptor (same blocks, warps, stages), and torch (matmul, or
    torch._scaled_mm with unit scales for fp8, fp8 out and f16 out)."""
    fp8 = dt == torch.float8_e4m3fn
    a = torch.randn(M, K, device=dev).to(dt)
    bt = torch.randn(N, K, device=dev).to(dt)
    c = torch.empty(M, N, device=dev, dtype=dt)
    ref = a.float() @ bt.float().t()
    if fp8:  # e4m3 saturates at 448 (satfinite): results of size sqrt(K) ~ 90 reach it at 8192
        ref = ref.clamp(-448, 448)
        # Hopper's fp8 wgmma keeps ~14 bits of the running sum (check_tma.py's fp8 docstring):
        # K / 32 steps may each drop ~2^-14 of a sum of size up to ~4 sqrt(K); then e4m3 rounding
        check = lambda: torch.allclose(c.float(), ref, atol=(K / 32) * 2 ** -14 * 4 * K ** 0.5, rtol=2 ** -3)
    else:
        ref = ref.half().to(dt)
        check = lambda: torch.allclose(c.float(), ref.float(), atol=1e-2 * (K ** 0.5), rtol=2e-2)
    esize = a.element_size()
    flops, nbytes = 2 * M * N * K, (M * K + K * N + M * N) * esize
    tag = "fp8" if fp8 else "bf16"
    case = f"matmul {'fp8e4m3' if fp8 else 'bfloat16'} {M}x{N}x{K} TMA descriptors"
    jit = h.triton("examples/matmul_tma.tir", "matmul_kernel_tma")
    variants = ((128, 256, 128, 8, 3), (128, 128, 128, 8, 4)) if fp8 else ((128, 256, 64, 8, 3), (128, 256, 64, 8, 4))
    for v in variants:
        tma_pair(h, jit, case, tag, (a, bt, c, M, N, K), v, check, flops, nbytes, fp8)
    if fp8:
        one = torch.ones((), device=dev)
        b = bt.t()  # K x N, column-major: what _scaled_mm wants
        report("torch", case, lambda: torch._scaled_mm(a, b, scale_a=one, scale_b=one, out_dtype=dt), lambda: True,
               flops, nbytes)
        c16 = torch.empty(M, N, device=dev, dtype=torch.float16)
        report("torch-f16out", case,
               lambda: torch._scaled_mm(a, b, scale_a=one, scale_b=one, out_dtype=torch.float16, out=c16),
               lambda: True, flops, nbytes + M * N)
    else:
        report("torch", case, lambda: torch.matmul(a, bt.t(), out=c), lambda: True, flops, nbytes)


def matmul_fp8(h, M=8192, N=8192, K=8192):
    """fp8 e4m3 operands, f16 out, B given N x K (K-contiguous, as Triton's fp8 examples and
    torch._scaled_mm want it): tilec (wgmma k32), Triton (same kernel text), torch._scaled_mm."""
    a = torch.randn(M, K, device=dev).to(torch.float8_e4m3fn)
    b = torch.randn(N, K, device=dev).to(torch.float8_e4m3fn).t()
    c = torch.empty(M, N, device=dev, dtype=torch.float16)
    ref = (a.float() @ b.float()).half()
    check = lambda: torch.allclose(c.float(), ref.float(), atol=2e-2 * (K ** 0.5), rtol=2e-2)
    case = f"matmul fp8e4m3 {M}x{N}x{K} (f16 out, B K-contiguous)"
    flops, nbytes = 2 * M * N * K, M * K + K * N + M * N * 2
    args = (a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1))
    targs = (a, b, c, M, N, K, a.stride(0), b.stride(1), c.stride(0))  # unit strides are constants
    for bm, bn, bk, w, st in ((128, 256, 128, 8, 3), (128, 128, 128, 8, 3), (128, 128, 128, 8, 4)):
        run_tilec(h, f"bench_mm_fp8_nt_{bm}x{bn}x{bk}_w{w}_s{st}_wgmma", (cdiv(M, bm) * cdiv(N, bn),), targs, case,
                  check, flops, nbytes, f"{bm}x{bn}x{bk} w{w} ns{st}")
    triton_blocks(h, case, args, M, N, ((128, 256, 128, 3), (128, 128, 128, 3), (128, 128, 128, 4)), check, flops,
                  nbytes)
    one = torch.ones((), device=dev)
    report("torch", case, lambda: torch._scaled_mm(a, b, scale_a=one, scale_b=one, out_dtype=torch.float16, out=c),
           lambda: True, flops, nbytes)


def attn_problem(causal, B, H, S, D):
    """f16 q, k, v, o [B, H, S, D], the softmax scale, the check against torch's SDPA, flops,
    bytes, the case name, and the SDPA timing itself as a callable."""
    q, k, v = (torch.randn(B, H, S, D, device=dev, dtype=torch.float16) for _ in range(3))
    o = torch.empty_like(q)
    scale = D ** -0.5
    sdpa = lambda: torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=scale)
    ref = sdpa()
    check = lambda: torch.allclose(o.float(), ref.float(), atol=2e-2, rtol=2e-2)
    case = f"attention fwd f16 B{B} H{H} S{S} D{D}{' causal' if causal else ''}"
    return q, k, v, o, scale, check, 4 * B * H * S * S * D // (2 if causal else 1), 4 * B * H * S * D * 2, case, sdpa


def attention(h, causal, B=4, H=32, S=4096, D=128):
    q, k, v, o, scale, check, flops, nbytes, case, sdpa = attn_problem(causal, B, H, S, D)
    args = (q, k, v, scale, o, *q.stride(), *k.stride(), *v.stride(), *o.stride(), H, S)
    targs = (q, k, v, scale, o, *q.stride()[:3], *k.stride()[:3], *v.stride()[:3], *o.stride()[:3], H, S)  # unit strides: constants
    grid = (S // 128, B * H)
    c = "_causal" if causal else ""
    for name, block, impl in ((f"bench_attn_d128{c}", "128x64", "tilec"),
                              (f"bench_attn_d128{c}_wgmma", "128x64", "tilec-wgmma"),
                              (f"bench_attn_d128{c}_bn128_s2", "128x128", "tilec-wgmma-s2"),
                              (f"bench_attn_d128{c}_bn128_s3", "128x128", "tilec-wgmma-s3")):
        run_tilec(h, name, grid, targs, case, check, flops, nbytes, block, impl)
    kern = h.triton("examples/flash_attention.tir", "_attn_fwd")  # its JIT, best of BLOCK_N and stages
    for bn in (64, 128):
        for stages in (1, 2, 3):
            report(f"triton-ns{stages}", case,
                   lambda: kern[grid](*args, HEAD_DIM=D, BLOCK_M=128, BLOCK_N=bn, CAUSAL=causal, num_warps=8,
                                      num_stages=stages), check, flops, nbytes, block=f"128x{bn}", num_warps=8)
    report("torch", case, sdpa, lambda: True, flops, nbytes)


def attn_desc_bench(h, causal, suffix, tilec, tilec_args, src, triton_args, triton_kw, B, H, S, D, triton_ws=True):
    """Attention through host descriptors over [B * H * S, D] views: tilec's kernels `tilec`
    ((name, BLOCK_N, label) each, launched with tilec_args(descs, m)) beside Triton's JIT of
    src = (file, function) at BLOCK_N 64 and 128, 2-4 stages (and warp_specialize False and
    True when triton_ws), launched with triton_args(descs, m) and triton_kw(bn, stages, ws),
    and SDPA. m: a [B * H, S] fp32 buffer for kernels that write each row's log2-sum-exp."""
    from triton.tools.tensor_descriptor import TensorDescriptor
    q, k, v, o, scale, check, flops, nbytes, case, sdpa = attn_problem(causal, B, H, S, D)
    case += suffix
    m = torch.empty(B * H, S, device=dev, dtype=torch.float32)
    grid = (S // 128, B * H)
    views = [t.view(B * H * S, D) for t in (q, k, v, o)]
    for name, bn, label in tilec:
        try:
            kern = h.kernel(name)
            descs = [h.tensordesc(t, [rows, D]) for t, rows in zip(views, (128, bn, bn, 128))]
            report("tilec", case, lambda: kern(grid, *tilec_args(descs, scale, m)), check, flops, nbytes,
                   block=f"128x{bn}{label}", num_warps=8)
        except Exception as e:
            print(f"matmul: tilec {name}: {type(e).__name__}: {e}", file=sys.stderr)
    jit = h.triton(*src)
    for bn in (64, 128):
        td = [TensorDescriptor(t, t.shape, t.stride(), [rows, D]) for t, rows in zip(views, (128, bn, bn, 128))]
        for stages in (2, 3, 4):
            for ws in ((False, True) if triton_ws else (False,)):
                try:
                    report(f"triton-ns{stages}", case,
                           lambda: jit[grid](*triton_args(td, scale, m), HEAD_DIM=D, BLOCK_M=128, BLOCK_N=bn, num_warps=8,
                                             num_stages=stages, **triton_kw(ws)), check, flops, nbytes,
                           block=f"128x{bn}" + (" ws" if ws else ""), num_warps=8)
                except Exception as e:  # Triton's warp specialization may refuse a kernel on Hopper
                    print(f"matmul: triton {src[1]} 128x{bn} ns{stages} ws={ws}: {type(e).__name__}: "
                          f"{str(e)[:200]}", file=sys.stderr)
    report("torch", case, sdpa, lambda: True, flops, nbytes)


def attention_tma(h, causal, B=4, H=32, S=4096, D=128):
    """examples/flash_attention_tma.tir (the kernel of flash_attention.tir through host tensor
    descriptors): tilec (bench_attn_tma_*, kernels_attntma.txt) beside Triton's JIT of the same
    text with TensorDescriptor, same blocks and warps, and SDPA."""
    base = "bench_attn_tma_d128_causal" if causal else "bench_attn_tma_d128"
    tilec = [(base + ws, 128 if "bn128" in ws else 64, ws.replace("_bn128", "").replace("_", " "))
             for ws in ("", "_ws", "_ws_s2", "_ws_s4", "_bn128_s2", "_bn128_s3", "_bn128_ws_s2", "_bn128_ws_s3")]
    attn_desc_bench(h, causal, " TMA descriptors", tilec, lambda d, sc, m: (*d, sc, S),
                    ("examples/flash_attention_tma.tir", "_attn_fwd_tma"), lambda d, sc, m: (*d, sc, S),
                    lambda ws: dict(CAUSAL=causal, WARP_SPECIALIZE=ws), B, H, S, D)


def attention_stages(h, causal, B=4, H=32, S=4096, D=128):
    """examples/flash_attention_stages.tir (two stages, the structure of Triton's fused-attention
    tutorial: unmasked blocks left of the diagonal, then the masked diagonal block; it also
    writes each row's log2-sum-exp M): tilec (bench_attn_stg_*) beside Triton's JIT of the
    same text and SDPA."""
    base = "bench_attn_stg_d128" + ("_causal_" if causal else "_")
    tilec = [(base + t, 128 if "bn128" in t else 64, " " + t.split("_", 1)[1].replace("_", " "))
             for t in ("bn128_ws_s3", "bn128_ws_s2", "bn128_s3", "bn64_ws_s3", "bn64_s3")]
    attn_desc_bench(h, causal, " two stages", tilec, lambda d, sc, m: (*d, m, sc, S),
                    ("examples/flash_attention_stages.tir", "_attn_fwd_stages"), lambda d, sc, m: (*d, m, sc, S),
                    lambda ws: dict(STAGE=3 if causal else 1), B, H, S, D, triton_ws=False)


def attention_tutorial(h, causal, B=4, H=32, S=4096, D=128):
    """examples/flash_attention_tutorial.tir (Triton's fused-attention tutorial in its own form:
    the descriptor helper, offsets advanced in the loop, the tutorial's argument order):
    tilec (bench_attn_tut_*) beside Triton's JIT of the same text and SDPA."""
    base = "bench_attn_tut_d128" + ("_causal_" if causal else "_")
    tilec = [(base + t, 128 if "bn128" in t else 64, " " + t.split("_", 1)[1].replace("_", " "))
             for t in ("bn128_ws_s3", "bn128_s3", "bn64_ws_s3")]
    args = lambda d, sc, m: (sc, m, B, H, *d, S)  # noqa: E731
    attn_desc_bench(h, causal, " tutorial", tilec, args, ("examples/flash_attention_tutorial.tir", "_attn_fwd"), args,
                    lambda ws: dict(FP8_OUTPUT=False, STAGE=3 if causal else 1, warp_specialize=ws, IS_HOPPER=True),
                    B, H, S, D)


def attention_tutorial_ptr(h, causal, B=4, H=32, S=4096, D=128):
    """examples/flash_attention_tutorial.tir given plain tensors, as Triton's tutorial launches
    it on Hopper with warp_specialize: its helper makes in-kernel descriptors (TMA on both
    sides; Triton's scratch from triton.set_allocator). tilec (bench_attn_tutptr_*) beside
    Triton's JIT of the same text at BLOCK_N 64 and 128, 2-4 stages, warp_specialize False
    and True, and SDPA."""
    triton_scratch_allocator()
    q, k, v, o, scale, check, flops, nbytes, case, sdpa = attn_problem(causal, B, H, S, D)
    case += " tutorial, in-kernel descriptors"
    m = torch.empty(B * H, S, device=dev, dtype=torch.float32)
    grid = (S // 128, B * H)
    base = "bench_attn_tutptr_d128" + ("_causal_" if causal else "_")
    for tail, bn in (("bn128_ws_s3", 128), ("bn128_s3", 128), ("bn64_ws_s3", 64)):
        try:
            kern = h.kernel(base + tail)
            report("tilec", case, lambda: kern(grid, scale, m, B, H, q, k, v, o, S), check, flops, nbytes,
                   block=f"128x{bn} " + tail.split("_", 1)[1].replace("_", " "), num_warps=8)
        except Exception as e:
            print(f"matmul: tilec {base + tail}: {type(e).__name__}: {e}", file=sys.stderr)
    jit = h.triton("examples/flash_attention_tutorial.tir", "_attn_fwd")
    for bn in (64, 128):
        for stages in (2, 3, 4):
            for ws in (False, True):
                try:
                    report(f"triton-ns{stages}", case,
                           lambda: jit[grid](scale, m, B, H, q, k, v, o, S, HEAD_DIM=D, BLOCK_M=128, BLOCK_N=bn,
                                             FP8_OUTPUT=False, STAGE=3 if causal else 1, warp_specialize=ws,
                                             IS_HOPPER=True, num_warps=8, num_stages=stages),
                           check, flops, nbytes, block=f"128x{bn}" + (" ws" if ws else ""), num_warps=8)
                except Exception as e:
                    print(f"matmul: triton tutorial (pointers) 128x{bn} ns{stages} ws={ws}: {type(e).__name__}: "
                          f"{str(e)[:200]}", file=sys.stderr)
    report("torch", case, sdpa, lambda: True, flops, nbytes)


def attention_tutorial06(h, causal, ws, B=4, H=32, S=4096, D=128):
    """Triton's fused-attention tutorial file as written (examples/fused_attention_tutorial.tir),
    autotuned on both sides over the same configs: tilec's variants (attn06_tutorial*, the
    pre_hook's block shapes; descriptors given without one) each timed once (do_bench median
    over 50 ms) and the fastest reported, as tilert_tune picks; Triton's @triton.autotune on
    the same file called as the tutorial calls it (TensorDescriptor with a dummy block, the
    keywords N_CTX, HEAD_DIM, FP8_OUTPUT, STAGE, warp_specialize, IS_HOPPER), its tuning
    untimed; SDPA beside them."""
    import importlib.util
    if importlib.util.find_spec("pytest") is None:  # the tutorial imports it; the GPU machine may lack it
        sys.modules.setdefault("pytest", types.ModuleType("pytest"))
    from triton.tools.tensor_descriptor import TensorDescriptor
    q, k, v, o, scale, check, flops, nbytes, case, sdpa = attn_problem(causal, B, H, S, D)
    case += " tutorial file, autotuned" + (" ws" if ws else "")
    m = torch.empty(B * H, S, device=dev, dtype=torch.float32)
    views = [t.view(B * H * S, D) for t in (q, k, v, o)]
    name = "attn06_tutorial" + ("_causal" if causal else "") + ("_ws" if ws else "")
    with open(os.path.join(CARRY, name + ".json")) as f:
        meta = json.load(f)
    descs = [h.tensordesc(t, [0, 0]) for t in views]
    best = None
    for km in meta["kernels"]:
        bm, bn = km["constexprs"]["BLOCK_M"], km["constexprs"]["BLOCK_N"]
        try:
            kern = h.kernel(name, km["name"])
            f = frozen(lambda: kern((S // bm, B * H), scale, m, B, H, *descs, S))
            f()
            t = do_bench(f, warmup=10, rep=50, return_mode="median")
        except Exception as e:
            print(f"matmul: tilec {name} {km['name']}: {type(e).__name__}: {e}", file=sys.stderr)
            continue
        if best is None or t < best[0]:
            best = (t, f, f"{bm}x{bn} w{km['num_warps']} s{km['num_stages']} ({km['name']})")
    if best:
        report("tilec-tuned", case, best[1], check, flops, nbytes, block=best[2], variants=len(meta["kernels"]))
    jit = h.triton("examples/fused_attention_tutorial.tir", "_attn_fwd")
    td = [TensorDescriptor(t, t.shape, t.stride(), [1, 1]) for t in views]
    call = lambda: jit[lambda a: (triton.cdiv(S, a["BLOCK_M"]), B * H, 1)](  # noqa: E731
        scale, m, B, H, *td, N_CTX=S, HEAD_DIM=D, FP8_OUTPUT=False, STAGE=3 if causal else 1, warp_specialize=ws,
        IS_HOPPER=True)
    try:
        call()
        torch.cuda.synchronize()
        c = jit.best_config
        report("triton-autotuned", case, call, check, flops, nbytes,
               block=f"{c.kwargs['BLOCK_M']}x{c.kwargs['BLOCK_N']} w{c.num_warps} s{c.num_stages}",
               variants=len(jit.configs))
    except Exception as e:
        print(f"matmul: triton tutorial file ws={ws}: {type(e).__name__}: {str(e)[:300]}", file=sys.stderr)
    report("torch", case, sdpa, lambda: True, flops, nbytes)


def main():
    h = harness.open_harness(CARRY)
    for fn, args in ((matmul, (torch.float16, 4096, 4096, 4096)), (matmul, (torch.float16, 8192, 8192, 8192)),
                     (matmul, (torch.bfloat16, 4096, 4096, 4096)), (matmul_nt, ()), (matmul_tma, ()),
                     (matmul_tma, (8192, 8192, 8192)), (matmul_persistent, ()), (matmul_fp8, ()), (attention, (False,)),
                     (attention, (True,)), (attention_tma, (False,)), (attention_tma, (True,)),
                     (attention_stages, (False,)), (attention_stages, (True,)), (attention_tutorial, (False,)),
                     (attention_tutorial, (True,)),
                     (matmul_tma_persistent, ()), (matmul_tma_persistent, (8192, 8192, 8192)),
                     (matmul_desc, ()), (matmul_desc, (8192, 8192, 8192)),
                     (attention_tutorial_ptr, (False,)), (attention_tutorial_ptr, (True,)),
                     (attention_tutorial06, (False, False)), (attention_tutorial06, (True, False)),
                     (attention_tutorial06, (False, True)), (attention_tutorial06, (True, True)),
                     (matmul_tma_dtype, (torch.bfloat16, 4096, 4096, 4096)),
                     (matmul_tma_dtype, (torch.float8_e4m3fn, 8192, 8192, 8192))):
        only = os.environ.get("MATMUL_ONLY")  # e.g. MATMUL_ONLY=matmul_tma,attention: these cases only
        if only and fn.__name__ not in only.split(","):
            continue
        try:
            fn(h, *args)
        except Exception as e:
            print(f"matmul: {fn.__name__}{args}: {type(e).__name__}: {e}", file=sys.stderr)
        flush()
        torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
