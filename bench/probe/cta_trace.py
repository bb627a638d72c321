# Where each CTA of a matmul runs and for how long, tilec's PTX beside Triton's for the same
# kernel text and config: both PTX texts get the same instrumentation (each warp reads
# %globaltimer on entry and on exit; lane 0 folds them into its CTA's slot with atom.min /
# atom.max and writes %smid), both are loaded by this script with cuModuleLoadData (so the
# driver's JIT assembles both the same way) and launched with cuLaunchKernel on the same
# operands. Prints, per kernel, the launch's span, the CTAs' duration (median and spread by
# wave), how much of the span each SM holds a CTA (Nsight's "SM active", from the trace),
# the idle tail (the span minus each SM's last CTA end, averaged), and the same kernels'
# times uninstrumented through the same launcher (the instrumentation's cost).
#
#   python3 bench/probe/cta_trace.py CARRY [CASE ...]      # CASE: i8w4 f16w8 f16w4 i8big f16big
#
# A measurement probe (session 24, issue 9's 128x128 gap); one JSON line per kernel and round.
import ctypes
import json
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import side_by_side as sbs  # noqa: E402
import torch  # noqa: E402

cu = ctypes.CDLL("libcuda.so.1")


def ck(rc, what):
    if rc != 0:
        raise RuntimeError("%s: CUresult %d" % (what, rc))


def instrument(ptx, buf_addr, maxnreg):
    """ptx with the CTA trace written to buf_addr (32 bytes a CTA: start, end, smid), held to
    maxnreg registers unless None."""
    m = re.search(r"\.entry\s+(\w+)\s*\(", ptx)
    name = m.group(1)
    body = ptx.index("{", ptx.index(")", m.end()))
    slot = ("\tmov.u32 %%trr0, %%laneid;\n\tsetp.eq.u32 %%trp, %%trr0, 0;\n\tmov.u32 %%trr1, %%ctaid.x;\n"
            "\tmov.u32 %%trr2, %%ctaid.y;\n\tmov.u32 %%trr3, %%nctaid.x;\n"
            "\tmad.lo.u32 %%trr1, %%trr2, %%trr3, %%trr1;\n"
            "\tmov.u64 %%trd2, %d;\n\tmad.wide.u32 %%trd2, %%trr1, 32, %%trd2;\n" % buf_addr)
    # the start is folded in at once (no register held across the kernel: the same occupancy)
    decl = ("\n\t.reg .b64 %trd<4>;\n\t.reg .b32 %trr<6>;\n\t.reg .pred %trp;\n"
            "\tmov.u64 %trd0, %globaltimer;\n" + slot +
            "\t@%trp atom.global.min.u64 %trd3, [%trd2], %trd0;\n")
    exit_code = ("\tmov.u64 %trd1, %globaltimer;\n" + slot + "\tmov.u32 %trr4, %smid;\n"
                 "\t@%trp atom.global.max.u64 %trd3, [%trd2+8], %trd1;\n"
                 "\t@%trp st.global.u32 [%trd2+16], %trr4;\n")
    nreg = "" if maxnreg is None or ".maxnreg" in ptx[m.end():body] else ".maxnreg %d\n" % maxnreg
    out = ptx[:body] + nreg + "{" + decl + ptx[body + 1:]
    if re.search(r"@!?%\w+\s+ret;", out):
        raise RuntimeError("predicated ret in %s: not handled" % name)
    out, n = re.subn(r"^(\s*)ret;", lambda mm: exit_code + mm.group(1) + "ret;", out, flags=re.M)
    assert n >= 1
    return name, out


def ptxas_list():
    """The assemblers besides the driver's JIT: Triton's bundled ptxas, the toolkit's."""
    out = []
    try:
        import triton.backends.nvidia as tn
        p = os.path.join(os.path.dirname(tn.__file__), "bin", "ptxas")
        if os.path.exists(p):
            out.append(("triton-ptxas", p))
    except Exception:
        pass
    for p in ("/usr/local/cuda/bin/ptxas",):
        if os.path.exists(p):
            out.append(("cuda-ptxas", p))
    return out


def assemble(ptxas, ptx, tag):
    import subprocess
    import tempfile
    d = tempfile.mkdtemp()
    src, dst = os.path.join(d, tag + ".ptx"), os.path.join(d, tag + ".cubin")
    open(src, "w").write(ptx)
    subprocess.run([ptxas, "-arch=sm_90a", src, "-o", dst], check=True)
    return open(dst, "rb").read()


class Kernel:
    def __init__(self, ptx, threads, shared, cubin=None):
        self.threads, self.shared = threads, shared
        m = re.search(r"\.entry\s+(\w+)\s*\(([^)]*)\)", ptx)
        self.params = re.findall(r"\.param\s+\.(u64|u32|b64|b32|s32)", m.group(2))
        self.mod, self.fn = ctypes.c_void_p(), ctypes.c_void_p()
        data = cubin if cubin is not None else ctypes.create_string_buffer(ptx.encode() + b"\0")
        ck(cu.cuModuleLoadData(ctypes.byref(self.mod), data), "cuModuleLoadData " + m.group(1))
        ck(cu.cuModuleGetFunction(ctypes.byref(self.fn), self.mod, m.group(1).encode()), "cuModuleGetFunction")
        if shared > 48 * 1024:
            ck(cu.cuFuncSetAttribute(self.fn, 8, shared), "cuFuncSetAttribute")

    def __call__(self, grid, ptrs, ints):
        vals, ptrs, ints = [], list(ptrs), list(ints)
        for t in self.params:
            if t in ("u64", "b64"):
                vals.append(ctypes.c_uint64(ptrs.pop(0) if ptrs else 0))  # Triton's scratch pointers: null
            else:
                vals.append(ctypes.c_uint32(ints.pop(0)))
        arr = (ctypes.c_void_p * len(vals))(*[ctypes.cast(ctypes.byref(v), ctypes.c_void_p) for v in vals])
        g = tuple(grid) + (1,) * (3 - len(grid))
        ck(cu.cuLaunchKernel(self.fn, g[0], g[1], g[2], self.threads, 1, 1, self.shared,
                             ctypes.c_void_p(torch.cuda.current_stream().cuda_stream), arr, None), "cuLaunchKernel")


def analyse(buf, nctas, nsm):
    t = buf[:nctas].cpu()
    t0, t1, sm = t[:, 0], t[:, 1], t[:, 2] & 0xFFFFFFFF
    base, end = int(t0.min()), int(t1.max())
    span = end - base
    dur = (t1 - t0).double()
    order = torch.argsort(t0)
    active, tail, counts = [], [], []
    for s in range(nsm):
        sel = (sm == s).nonzero().flatten()
        counts.append(len(sel))
        if len(sel) == 0:
            active.append(0.0)
            tail.append(span)
            continue
        iv = sorted(zip(t0[sel].tolist(), t1[sel].tolist()))
        tot, cs, ce = 0, iv[0][0], iv[0][1]
        for a, b in iv[1:]:
            if a > ce:
                tot += ce - cs
                cs, ce = a, b
            else:
                ce = max(ce, b)
        tot += ce - cs
        active.append(tot / span)
        tail.append(end - ce)
    first = [int(t0[(sm == s)].min()) - base for s in range(nsm) if counts[s]]
    slots = max(counts)  # not the occupancy: the most CTAs one SM ran
    waves = []
    q = len(order)
    for w0 in range(0, q, 396):  # by start order, in groups of 132 SMs x 3 slots
        d = dur[order[w0:w0 + 396]]
        waves.append((round(float(d.median()) / 1e3, 2), round(float(d.min()) / 1e3, 2), round(float(d.max()) / 1e3, 2)))
    return dict(span_us=round(span / 1e3, 2), dur_med_us=round(float(dur.median()) / 1e3, 2),
                dur_p10_us=round(float(dur.quantile(0.1)) / 1e3, 2), dur_p90_us=round(float(dur.quantile(0.9)) / 1e3, 2),
                sm_active=round(sum(active) / nsm, 4), idle_tail_us=round(sum(tail) / nsm / 1e3, 2),
                first_start_max_us=round(max(first) / 1e3, 2), ctas_per_sm=(min(counts), max(counts)),
                waves_med_min_max_us=waves, most_ctas_one_sm=slots)


def time_ms(fn, reps=30):
    for _ in range(3):
        fn()
    ts = []
    for _ in range(reps):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        fn()
        b.record()
        b.synchronize()
        ts.append(a.elapsed_time(b))
    return sorted(ts)[len(ts) // 2]


_last = {}


def describe_error():
    """How the last setup's output differs from its reference: wrong elements, the largest
    difference, the first wrong (row, col)."""
    c, ref = _last["c"].float(), _last["ref"].float()
    bad = (c - ref).abs() > 1e-1 + 1e-2 * ref.abs()
    n = int(bad.sum())
    if not n:
        return "none wrong"
    idx = bad.nonzero()[0].tolist()
    return "%d of %d wrong, max |diff| %.3g, first at %s" % (n, bad.numel(), float((c - ref).abs().max()), idx)


CASES = {"i8w4": "i8:128x128x64:w4:s4", "f16w8": "f16:128x128x64:w8:s4", "f16w4": "f16:128x128x64:w4:s3",
         "i8big": "i8:128x128x64:w4:s4", "f16big": "f16:128x128x64:w8:s4"}


def setup(h, case, S):
    """Operands, grid, check and Triton's compiled kernel for CASE (a name of CASES or
    DTYPE:BMxBNxBK:wW:sS, DTYPE i8 | f16 | bf16) at S^3; tilec's carry name."""
    dt, tile, w, st = CASES.get(case, case).split(":")
    bm, bn, bk = (int(x) for x in tile.split("x"))
    nw, ns = int(w[1:]), int(st[1:])
    flops = 2.0 * S ** 3
    if dt == "i8":
        tname = "bench_mm_i8_bt_%s_w%d_s%d" % (tile, nw, ns)
        a = torch.randint(-128, 128, (S, S), device="cuda", dtype=torch.int8)
        w = torch.randint(-128, 128, (S, S), device="cuda", dtype=torch.int8)
        c = torch.empty(S, S, device="cuda", dtype=torch.int32)
        sa = torch.empty(1, device="cuda")
        jit = h.triton("test/gpu/torch/dot_kernels.tir", "mm_i8_bt")
        grid = (S // bm, S // bn)
        ck_ = jit[grid](a, w, c, sa, sa, S, S, S, bm, bn, bk, False, num_warps=nw, num_stages=ns)
        ptrs, ints = [a.data_ptr(), w.data_ptr(), c.data_ptr(), sa.data_ptr(), sa.data_ptr()], [S, S, S]
        ref = torch._int_mm(a, w.t())
        check = lambda: torch.equal(c, ref)  # noqa: E731
        keep = (a, w, sa)
    else:
        tname = "bench_mm_%s_%s_w%d_s%d_wgmma" % (dt, tile, nw, ns)
        t = torch.float16 if dt == "f16" else torch.bfloat16
        a = torch.randn(S, S, device="cuda", dtype=t)
        b = torch.randn(S, S, device="cuda", dtype=t)
        c = torch.empty(S, S, device="cuda", dtype=t)
        jit = h.triton("examples/matmul.tir", "matmul_kernel")
        jit = getattr(jit, "fn", jit)
        grid = ((S // bm) * (S // bn),)
        ck_ = jit[grid](a, b, c, S, S, S, S, 1, S, 1, S, 1, BLOCK_SIZE_M=bm, BLOCK_SIZE_N=bn, BLOCK_SIZE_K=bk,
                        GROUP_SIZE_M=8, ACTIVATION="", num_warps=nw, num_stages=ns)
        ptrs, ints = [a.data_ptr(), b.data_ptr(), c.data_ptr()], [S, S, S, S, S, S]
        ref = (a.float() @ b.float())
        check = lambda: torch.allclose(c.float(), ref, atol=1e-1, rtol=1e-2)  # noqa: E731
        keep = (a, b)
    # the kernels get raw pointers: the operands must outlive this call (freed, their memory
    # is handed to the next allocation and the launches read whatever lands there)
    _last.update(c=c, ref=ref, keep=keep)
    torch.cuda.synchronize()
    return tname, grid, ptrs, ints, c, check, flops, ck_


def run_case(h, case, S):
    nsm = torch.cuda.get_device_properties(0).multi_processor_count
    tname, grid, ptrs, ints, c, check, flops, ck_ = setup(h, case, S)
    meta = json.load(open(os.path.join(h.carry, tname + ".json")))["kernels"][0]
    tptx = open(os.path.join(h.carry, tname + ".ptx")).read()
    srcs = {"tilec": (tptx, meta["threads_per_block"], meta["shared_bytes"]),
            "tilec-nofence": (re.sub(r"^\s*fence\.proxy\.async\.shared::cta;\n", "", tptx, flags=re.M),
                              meta["threads_per_block"], meta["shared_bytes"]),
            "triton": (ck_.asm["ptx"], ck_.metadata.num_warps * 32, ck_.metadata.shared)}
    nctas = grid[0] * (grid[1] if len(grid) > 1 else 1)
    for impl, (ptx, threads, shared) in srcs.items():
        plain = Kernel(ptx, threads, shared)
        c.zero_()
        plain(grid, ptrs, ints)
        torch.cuda.synchronize()
        ok = check()
        ms_plain = time_ms(lambda: plain(grid, ptrs, ints))
        for tag, path in ptxas_list():  # the same PTX through another assembler, loaded as a cubin
            kk = Kernel(ptx, threads, shared, assemble(path, ptx, tag))
            c.zero_()
            kk(grid, ptrs, ints)
            torch.cuda.synchronize()
            ms = time_ms(lambda: kk(grid, ptrs, ints))
            print(json.dumps(dict(impl=impl, case=case, size=S, assembler=tag, check="ok" if check() else "WRONG",
                                  ms=round(ms, 4), tflops=round(flops / ms / 1e9, 1))), flush=True)
        buf = torch.zeros(nctas, 4, dtype=torch.int64, device="cuda")
        nreg = ctypes.c_int()
        ck(cu.cuFuncGetAttribute(ctypes.byref(nreg), 4, plain.fn), "cuFuncGetAttribute")  # NUM_REGS
        _, iptx = instrument(ptx, buf.data_ptr(), None)
        traced = Kernel(iptx, threads, shared)
        treg = ctypes.c_int()
        ck(cu.cuFuncGetAttribute(ctypes.byref(treg), 4, traced.fn), "cuFuncGetAttribute")
        if treg.value > nreg.value:  # held to the kernel's own count (the same occupancy)
            _, iptx = instrument(ptx, buf.data_ptr(), nreg.value)
            traced = Kernel(iptx, threads, shared)
        ms_traced = time_ms(lambda: traced(grid, ptrs, ints))
        for rnd in range(3):
            buf[:, 0] = -1
            buf[:, 1:] = 0
            torch.cuda._sleep(2_000_000)  # the launch after a pause, as do_bench's first; then one back to back
            traced(grid, ptrs, ints)
            torch.cuda.synchronize()
            r = analyse(buf, nctas, nsm)
            r.update(impl=impl, case=case, size=S, round=rnd, check="ok" if ok else "WRONG", regs=nreg.value,
                     ms_plain=round(ms_plain, 4), tflops_plain=round(flops / ms_plain / 1e9, 1),
                     ms_traced=round(ms_traced, 4), threads=threads, shared=shared)
            print(json.dumps(r), flush=True)


def main():
    h = sbs.open_carry()
    cases = sys.argv[2:] or ["i8w4", "f16w8", "f16w4"]
    for case in cases:
        S = 8192 if case.endswith("big") else 4096
        run_case(h, case, S)


if __name__ == "__main__":
    main()
