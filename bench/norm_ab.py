# A/B of tilec's layer-norm and RMSNorm forward kernels (f16 4096x8192, the cases of
# bench/norms.py; argmax f32 4096x32768 too, whose kernels the hint also changes) beside
# Triton's JIT on the same .tir text, on one GPU:
#   old     tilec at 18ea346 (no occupancy hint)
#   new     this tree (.minnctapersm from Conversion/occupancy.c)
#   k1, k2  new with .minnctapersm forced to 1 / 2 (sensitivity to the hint's value)
#   triton  triton.jit of the same file, same BLOCK_SIZE and num_warps
# at 4 and 8 warps. Every implementation is checked once against torch, then timed as
# norms.py times (triton.testing.do_bench, warmup 25 ms, rep 200 ms, median), twice in
# opposite orders; the table gives the mean of the two medians. With --ncu (and ncu on the
# PATH) it then profiles one launch of old, new and Triton for layer norm at 4 warps and
# RMSNorm at 8 (the best configurations of the H200 run) and prints DRAM bytes, SM
# throughput and duration. The short table is printed last.
#
#   bash bench/norm_ab_prepare.sh                       # dev machine: .carry/norm_ab
#   python3 bench/norm_ab.py [--ncu] [.carry/norm_ab]   # GPU machine, under 3 minutes
import csv
import io
import os
import shutil
import subprocess
import sys
import tempfile

os.environ.setdefault("TRITON_CACHE_DIR", tempfile.mkdtemp())
import torch
from triton.testing import do_bench

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "test", "gpu", "torch"))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import harness  # noqa: E402

VARIANTS = ["old", "new", "k1", "k2"]
M, N = 4096, 8192
METRICS = ["dram__bytes_read.sum", "dram__bytes_write.sum",
           "sm__throughput.avg.pct_of_peak_sustained_elapsed", "gpu__time_duration.sum"]


def make_ln():
    x = torch.randn(M, N, device="cuda", dtype=torch.float16)
    w = torch.randn(N, device="cuda", dtype=torch.float16)
    b = torch.randn(N, device="cuda", dtype=torch.float16)
    y = torch.empty_like(x)
    mean, rstd = torch.empty(M, device="cuda"), torch.empty(M, device="cuda")
    ref = torch.nn.functional.layer_norm(x.float(), (N,), w.float(), b.float(), 1e-5)
    return dict(args=[x, y, w, b, mean, rstd, x.stride(0), N, 1e-5], out=y, ref=ref,
                nbytes=2 * M * N * 2 + 2 * N * 2 + 2 * M * 4)


def make_rms():
    x = torch.randn(M, N, device="cuda", dtype=torch.float16)
    w = torch.randn(N, device="cuda", dtype=torch.float16)
    y = torch.empty_like(x)
    rstd = torch.empty(M, device="cuda")
    xf = x.float()
    ref = xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + 1e-6) * w.float()
    return dict(args=[x, y, w, rstd, x.stride(0), y.stride(0), N, 1e-6], out=y, ref=ref,
                nbytes=2 * M * N * 2 + N * 2 + M * 4)


def make_argmax():
    rows, cols = 4096, 32768
    x = torch.randn(rows, cols, device="cuda")
    out = torch.empty(rows, device="cuda", dtype=torch.int64)
    return dict(args=[x, out, rows, cols], out=out, ref=torch.argmax(x, 1), nbytes=rows * cols * 4 + rows * 8,
                grid=(rows // 4,), consts={"BLOCK_M": 4, "BLOCK_N": 1024}, exact=True)


CASES = {  # case: (tilec name stem, .tir, kernel, inputs)
    "ln": ("bench_ln_f16", "examples/layer_norm.tir", "_layer_norm_fwd_fused", make_ln),
    "rms": ("bench_rms_f16", "examples/rms_norm.tir", "rms_norm_fwd_kernel", make_rms),
    "argmax": ("bench_argmax_f32", "examples/argmax.tir", "argmax_kernel", make_argmax),
}


def read_regs(carry):
    regs = {}
    path = os.path.join(carry, "regs.txt")
    if os.path.exists(path):
        for line in open(path):
            p = line.split()
            if len(p) == 4:
                regs[(p[0], p[1])] = "%s%s" % (p[2], "" if p[3] == "0" else "+spill" + p[3])
    return regs


def launchers(carry, rt, case, warps, data):
    """impl -> argument-less launch function, for the variants present and Triton."""
    stem, file, kname, _ = CASES[case]
    grid, consts = data.get("grid", (M,)), data.get("consts", {"BLOCK_SIZE": 8192})
    out = {}
    for v in VARIANTS:
        d = os.path.join(carry, v)
        if not os.path.exists(os.path.join(d, "index.txt")):
            continue
        h = harness.Harness(d, torch, rt)
        try:
            out[v] = h.kernel("%s_w%d" % (stem, warps)).prepared(grid, *data["args"])
        except Exception as e:
            print("norm_ab: %s %s w%d: %s" % (v, case, warps, e), file=sys.stderr)
    kern = harness.Harness(carry, torch, rt).triton(file, kname)
    out["triton"] = lambda: kern[grid](*data["args"], **consts, num_warps=warps)
    return out


def check(data):
    torch.cuda.synchronize()
    if data.get("exact"):
        return torch.equal(data["out"], data["ref"])
    return torch.allclose(data["out"].float(), data["ref"], atol=1e-2, rtol=1e-2)


def timings(carry, rt):
    rows = []
    for case in CASES:
        for warps in (4, 8):
            data = CASES[case][3]()
            fns = launchers(carry, rt, case, warps, data)
            ok, ms = {}, {}
            for impl, fn in fns.items():
                data["out"].zero_()
                fn()
                ok[impl] = check(data)
            for order in (list(fns), list(reversed(list(fns)))):
                for impl in order:
                    ms.setdefault(impl, []).append(do_bench(fns[impl], warmup=25, rep=200, return_mode="median"))
            for impl in fns:
                t = sum(ms[impl]) / len(ms[impl])
                rows.append(dict(case=case, warps=warps, impl=impl, ms=t,
                                 gbps=data["nbytes"] / (t * 1e-3) / 1e9, ok=ok[impl]))
            del data
            torch.cuda.empty_cache()
    return rows


def ncu_child(carry):
    """Under ncu: warm-up then profiled launch of old, new, triton for ln w4 and rms w8; prints
    the label of each launch in order (the parent maps ncu's launch IDs to them)."""
    rt = harness.Runtime(harness.find_libtilert())
    for case, warps in (("ln", 4), ("rms", 8)):
        data = CASES[case][3]()
        fns = launchers(carry, rt, case, warps, data)
        for impl in ("old", "new", "triton"):
            if impl in fns:
                for rep in ("warm", "prof"):
                    fns[impl]()
                    torch.cuda.synchronize()
                    print("NCU_LAUNCH %s %s w%d %s" % (case, impl, warps, rep), flush=True)


def ncu_rows(carry):
    ncu = shutil.which("ncu")
    if not ncu:
        print("norm_ab: no ncu on the PATH: no profile", file=sys.stderr)
        return []
    cmd = [ncu, "--csv", "--kernel-name", "regex:^(_layer_norm_fwd_fused|rms_norm_fwd_kernel)$",
           "--metrics", ",".join(METRICS), sys.executable, os.path.abspath(__file__),
           "--ncu-child", carry]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=150)
    labels = [l.split()[1:] for l in p.stdout.splitlines() if l.startswith("NCU_LAUNCH")]
    text = "\n".join(l for l in p.stdout.splitlines() if l.startswith('"'))
    vals = {}
    for r in csv.DictReader(io.StringIO(text)):
        try:
            vals.setdefault(int(r["ID"]), {})[r["Metric Name"]] = (float(r["Metric Value"].replace(",", "")), r["Metric Unit"])
        except (KeyError, ValueError):
            continue
    ids = sorted(vals)
    if len(ids) != len(labels):
        print("norm_ab: ncu profiled %d launches, expected %d (Triton's JIT may launch more); "
              "stderr tail:\n%s" % (len(ids), len(labels), p.stderr[-800:]), file=sys.stderr)
        ids = ids[-len(labels):] if len(ids) > len(labels) else ids
    rows = []
    for i, lab in zip(ids, labels):
        if lab[3] == "prof":
            rows.append((lab, vals[i]))
    return rows


def fmt_metric(v):
    val, unit = v
    scale = {"byte": 1e-6, "Kbyte": 1e-3, "Mbyte": 1, "Gbyte": 1e3}.get(unit)
    if scale is not None:
        return "%.1f MB" % (val * scale)
    if unit in ("nsecond", "usecond", "msecond"):
        return "%.1f us" % (val * {"nsecond": 1e-3, "usecond": 1, "msecond": 1e3}[unit])
    return "%.1f %s" % (val, unit)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    carry = os.path.abspath(args[0]) if args else os.path.join(ROOT, ".carry", "norm_ab")
    if "--ncu-child" in sys.argv:
        torch.cuda.init()
        torch.empty(1, device="cuda")
        return ncu_child(carry)
    h = harness.open_harness(os.path.join(carry, "new"))
    rows = timings(carry, h.rt)
    prof = ncu_rows(carry) if "--ncu" in sys.argv else []
    regs = read_regs(carry)
    print("\nGPU: %s; PTX from %s (COMMIT %s)" % (torch.cuda.get_device_name(), carry,
          open(os.path.join(carry, "COMMIT")).read().strip() if os.path.exists(os.path.join(carry, "COMMIT")) else "?"))
    if prof:
        print("\nncu, one launch each: " + ", ".join(METRICS))
        for lab, v in prof:
            print("  %-4s %-6s %s: %s" % (lab[0], lab[1], lab[2], "  ".join(fmt_metric(v[m]) if m in v else "-" for m in METRICS)))
    print("\n| case | warps | impl | regs (ptxas here) | ms | GB/s | vs triton | check |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        tri = [x for x in rows if x["case"] == r["case"] and x["warps"] == r["warps"] and x["impl"] == "triton"]
        ratio = tri[0]["ms"] / r["ms"] if tri else float("nan")
        reg = regs.get((r["impl"], "%s_w%d" % (CASES[r["case"]][0], r["warps"])), "-")
        print("| %s | %d | %s | %s | %.4f | %.0f | %.3f | %s |" % (r["case"], r["warps"], r["impl"], reg, r["ms"],
              r["gbps"], ratio, "ok" if r["ok"] else "WRONG"))


if __name__ == "__main__":
    main()
