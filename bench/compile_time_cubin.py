#!/usr/bin/env python3
"""PTX -> cubin per kernel: nvJitLink inside the process (libtilert's assembler) against a
`ptxas` process, for the examples; with tilec's own PTX time beside it, the sum (tilec source
to cubin, in-process) and, when Triton is importable, Triton's full compile of the same
source (which ends in its own ptxas process).

usage: python3 bench/compile_time_cubin.py [--build build] [--reps 10] [--arch sm_90a]
                                           [--kernels vector_add,softmax] [--no-triton]
                                           [--ptx-dir .carry/kernels] [--out FILE]

Prints a markdown table, one row per kernel, milliseconds, medians of --reps runs:
  ptx        tilec_compile to PTX in a loop (bench/compile_time.c, no process start)
  nvJitLink  tilert_assembler_compile through nvJitLink (bench/compile_time_asm.c)
  ptxas      tilert_assembler_compile through a ptxas process (same program)
  speedup    ptxas / nvJitLink
  to cubin   ptx + nvJitLink: tilec source to cubin in-process
  Triton     triton.compile of the same source, cache off (bench/compile_time.py's method)
  Triton / tilec   Triton over "to cubin" (the issue's target: >= 5x)
and, below the table, nvJitLink's one-time costs per process (dlopen, first compile).
Runs on the dev machine (CPU only) and on the GPU machine alike; there, without tilec, give
--ptx-dir .carry/kernels (the PTX test/gpu/prepare_all.sh carries) and --build pointing at a
libtilert build (cmake -DTILEC_BUILD_COMPILER=OFF builds compile_time_asm): the tilec ptx
column is then n/a and "to cubin" is the assembler alone.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True
import compile_time as ct  # noqa: E402  (read_examples, time_lib, triton_compile_ms)


def asm_times(prog, ptx, arch, reps):
    """Both assemblers, alternating compile by compile (compile_time_asm ... both)."""
    out = subprocess.run([prog, ptx, arch, str(reps), "both"], check=True, capture_output=True,
                         text=True).stdout
    res = []
    for line in out.strip().splitlines():
        nums, who = line.split(" assembler=")
        res.append(({k: float(v) for k, v in (kv.split("=", 1) for kv in nums.split())}, who))
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ct.ROOT, "build"))
    ap.add_argument("--reps", type=int, default=10)
    ap.add_argument("--arch", default="sm_90a")
    ap.add_argument("--kernels", help="comma-separated names from examples/examples.txt")
    ap.add_argument("--no-triton", action="store_true")
    ap.add_argument("--ptx-dir", help="take NAME_w4.ptx from here (e.g. .carry/kernels on the GPU "
                    "machine, where tilec does not run) instead of compiling; no tilec ptx column")
    ap.add_argument("--out")
    a = ap.parse_args()
    tilec = os.path.join(a.build, "tilec")
    asm = os.path.join(a.build, "compile_time_asm")
    lib = os.path.join(a.build, "compile_time")
    want = set(a.kernels.split(",")) if a.kernels else None
    have_triton = False
    if not a.no_triton:
        try:
            import triton
            have_triton, triton_version = True, triton.__version__
        except Exception:
            pass
    tmp = tempfile.mkdtemp(prefix="tilec-cubin-bench-")
    rows, opens, firsts, who = [], [], [], {}
    for name, path, args in ct.read_examples():
        if want and name not in want:
            continue
        ptx = os.path.join(a.ptx_dir or tmp, name + ("_w4.ptx" if a.ptx_dir else ".ptx"))
        if a.ptx_dir and not os.path.exists(ptx):
            continue
        try:
            lp = None
            if not a.ptx_dir:
                subprocess.run([tilec, path, *args, "--arch", a.arch, "-o", ptx], check=True,
                               capture_output=True)
                lp = ct.time_lib(lib, path, args, a.reps, "ptx")  # tilec_compile, default arch
            (jl, who["nvjitlink"]), (px, who["ptxas"]) = asm_times(asm, ptx, a.arch, a.reps)
        except subprocess.CalledProcessError as e:  # report the row, go on
            rows.append(f"| {name} | failed: {' '.join(e.cmd[:2])} exit {e.returncode} | | | | | | |")
            print(rows[-1], flush=True)
            continue
        opens.append(jl["open_ms"])
        firsts.append(jl["first_ms"])
        total = (lp or 0.0) + jl["median_ms"]
        tt, ratio = "n/a", "n/a"
        if have_triton:
            try:
                t = ct.triton_compile_ms(path, args, max(3, a.reps // 3))
                tt, ratio = f"{t:.1f}", f"{t / total:.1f}x"
            except Exception as e:  # report, do not hide
                last = [l for l in str(e).splitlines() if l.strip()][-1:] or [""]
                tt = f"failed: {type(e).__name__}: {last[0][:60]}"
        lps = f"{lp:.2f}" if lp is not None else "n/a"
        rows.append(f"| {name} | {lps} | {jl['median_ms']:.2f} | {px['median_ms']:.2f} | "
                    f"{px['median_ms'] / jl['median_ms']:.1f}x | {total:.2f} | {tt} | {ratio} |")
        print(rows[-1], flush=True)
    head = [
        f"# PTX to cubin: nvJitLink in-process vs a ptxas process, {time.strftime('%Y-%m-%d')}, "
        f"{os.uname().nodename}, {os.cpu_count()} cores, {a.arch}",
        "",
        f"Median of {a.reps} runs each (the two assemblers alternate), milliseconds. nvJitLink: {who.get('nvjitlink', '?')}; "
        f"ptxas: {who.get('ptxas', '?')}. Triton: "
        + (f"{triton_version}, triton.compile with its cache off." if have_triton else "not run."),
        "",
        "| kernel | tilec ptx | nvJitLink | ptxas process | speedup | tilec to cubin | Triton | Triton / tilec |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    tail = ["", "nvJitLink once per process: dlopen + symbol lookup median %.1f ms, first compile "
            "median %.1f ms (its own lazy set-up; later compiles are the table's)." % (
                statistics.median(opens) if opens else 0, statistics.median(firsts) if firsts else 0)]
    text = "\n".join(head + rows + tail) + "\n"
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    print(text)


if __name__ == "__main__":
    sys.exit(main())
