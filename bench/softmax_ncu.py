# One profiled launch each of tilec's and Triton's softmax (bench/norms.py's cases: f32
# 16384x4096 and f16 16384x8192, 4 and 8 warps, the same kernel text) under Nsight Compute:
# DRAM bytes, duration, achieved DRAM throughput. Explains a softmax within a few percent of
# Triton (issue 7 asks for a profile wherever tilec is below Triton).
#   python3 bench/softmax_ncu.py [.carry/torch]      # GPU machine; runs ncu on itself
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CARRY = os.path.abspath(sys.argv[-1]) if len(sys.argv) > 1 and not sys.argv[-1].startswith("--") else \
    os.path.join(ROOT, ".carry", "torch")
METRICS = "dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed"
CASES = (("f32", "examples/softmax.tir", "softmax_kernel", "bench_softmax_f32", 16384, 4096),
         ("f16", "examples/softmax_f16.tir", "softmax_lowp_kernel", "bench_softmax_f16", 16384, 8192))


def child():
    import torch
    sys.path.insert(0, os.path.join(ROOT, "test", "gpu", "torch"))
    sys.dont_write_bytecode = True
    import harness
    h = harness.open_harness(CARRY)
    for tag, file, kname, tname, rows, cols in CASES:
        dt = torch.float32 if tag == "f32" else torch.float16
        x = torch.randn(rows, cols, device="cuda", dtype=dt)
        y = torch.empty_like(x)
        args = [y, x, x.stride(0), y.stride(0), cols]
        kern = h.triton(file, kname)
        for w in (4, 8):
            f = h.kernel(f"{tname}_w{w}").prepared((rows,), *args)
            g = lambda: kern[(rows,)](*args, BLOCK_SIZE=cols, num_warps=w)
            for fn in (f, g):  # warm up (Triton compiles) before the profiled launches
                fn()
            torch.cuda.synchronize()
            for impl, fn in (("tilec", f), ("triton", g)):
                print("NCU_LAUNCH %s w%d %s" % (tag, w, impl), flush=True)
                fn()
                torch.cuda.synchronize()


def main():
    if "--child" in sys.argv:
        return child()
    ncu = shutil.which("ncu") or "/usr/local/cuda/bin/ncu"
    names = "regex:^(softmax_kernel|softmax_lowp_kernel)$"
    cmd = [ncu, "--csv", "--kernel-name", names, "--metrics", METRICS, sys.executable, __file__, "--child", CARRY]
    p = subprocess.run(cmd, capture_output=True, text=True)
    labels = [l.split()[1:] for l in p.stdout.splitlines() if l.startswith("NCU_LAUNCH")]
    rows = {}
    import csv
    lines = [l for l in p.stdout.splitlines() if l.startswith('"')]
    for r in csv.DictReader(lines):
        rows.setdefault(r["ID"], {})[r["Metric Name"]] = (r["Metric Value"], r["Metric Unit"])
    ids = sorted(rows, key=int)
    # each label has a warm-up launch first (both impls), then the two profiled ones
    print("| case | warps | impl | DRAM read | DRAM write | duration | DRAM % of peak |")
    print("|---|---|---|---|---|---|---|")
    prof = ids[2::4] + ids[3::4]
    prof.sort(key=int)
    for lab, i in zip(labels, prof):
        m = rows[i]
        print("| %s | %s | %s | %s %s | %s %s | %s %s | %s |" % (
            lab[0], lab[1], lab[2], *m["dram__bytes_read.sum"], *m["dram__bytes_write.sum"],
            *m["gpu__time_duration.sum"], m["dram__throughput.avg.pct_of_peak_sustained_elapsed"][0]))
    if p.returncode:
        print(p.stderr[-2000:], file=sys.stderr)


if __name__ == "__main__":
    main()
