#!/usr/bin/env python3
"""Compile-time benchmark: time to PTX for every example, through the tilec CLI (a process per
compile), through the library (tilec_compile in a loop, bench/compile_time.c), and through
Triton's own compiler for the same kernel source when Triton is importable (a fresh compile:
its cache is disabled). Triton's compile always runs ptxas to a cubin as its last stage, so
tilec is also timed with --emit=cubin for the like-for-like column.

usage: python3 bench/compile_time.py [--build build] [--reps 20] [--out FILE]
"""
import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def read_examples():
    rows = []
    with open(os.path.join(ROOT, "examples", "examples.txt")) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, file, args = (line.split("|") + ["", ""])[:3]
            rows.append((name, os.path.join(ROOT, "examples", file), shlex.split(args)))
    return rows


def time_cli(tilec, path, args, reps, emit):
    out = tempfile.mkdtemp()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        subprocess.run([tilec, path, *args, "--emit=" + emit, "-o", os.path.join(out, "k.out")],
                       check=True, stdout=subprocess.DEVNULL)
        times.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(times)


def time_lib(prog, path, args, reps, emit):
    res = subprocess.run([prog, path, *args, "--reps", str(reps), "--emit=" + emit],
                         check=True, capture_output=True, text=True).stdout
    return float(res.split("median_ms=")[1].split()[0])


def parse_signature(args):
    sig, defines, kernel = None, {}, None
    it = iter(range(len(args)))
    for i in it:
        a = args[i]
        if a == "--signature":
            sig = args[i + 1]
        elif a.startswith("--signature="):
            sig = a.split("=", 1)[1]
        elif a == "-D":
            k, v = args[i + 1].split("=", 1)
            defines[k] = v
        elif a.startswith("-D"):
            k, v = a[2:].split("=", 1)
            defines[k] = v
        elif a == "--kernel":
            kernel = args[i + 1]
    return sig, defines, kernel


def triton_compile_ms(path, args, reps):
    """Compiles the example with Triton (3.x API) from the same source; returns median ms."""
    import importlib.util

    import triton
    from triton.backends.compiler import GPUTarget
    from triton.compiler import ASTSource

    os.environ["TRITON_ALWAYS_COMPILE"] = "1"
    import importlib.machinery
    loader = importlib.machinery.SourceFileLoader("tir_example", path)
    spec = importlib.util.spec_from_file_location("tir_example", path, loader=loader)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    sig, defines, kernel = parse_signature(args)
    fns = [v for v in vars(mod).values() if isinstance(v, triton.runtime.jit.JITFunction)]
    fn = next((f for f in fns if f.__name__ == kernel), None) if kernel else fns[-1]
    if hasattr(fn, "fn") and not isinstance(fn, triton.runtime.jit.JITFunction):
        fn = fn.fn
    names = fn.arg_names
    entries = sig.split(",") if sig else []
    signature, constexprs, attrs = {}, {}, {}
    for i, name in enumerate(names):
        entry = entries[i] if i < len(entries) else None
        ann = fn.params[i].annotation
        if entry is None and isinstance(ann, str) and ann[:1] in "*iufb" and not fn.params[i].is_constexpr:
            entry = ann  # an AOT-style annotation such as "*fp32:16", as tilec reads it
        if name in defines:
            signature[name], constexprs[name] = "constexpr", eval(defines[name])
        elif entry is None:
            p = fn.params[i]
            if p.is_constexpr:
                signature[name], constexprs[name] = "constexpr", p.default
            else:
                raise RuntimeError(f"no type for {name}")
        elif entry[0] in "*ifub" and not entry[0].isdigit():
            ty, _, div = entry.partition(":")
            signature[name] = ty
            if div == "16":
                attrs[(i,)] = [["tt.divisibility", 16]]
        else:
            signature[name], constexprs[name] = "constexpr", eval(entry)
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        triton.compile(ASTSource(fn=fn, signature=signature, constexprs=constexprs, attrs=attrs),
                       target=GPUTarget("cuda", 90, 32), options={"num_warps": 4})
        times.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--reps", type=int, default=20)
    ap.add_argument("--out")
    a = ap.parse_args()
    tilec = os.path.join(a.build, "tilec")
    prog = os.path.join(a.build, "compile_time")
    try:
        import triton  # noqa: F401
        have_triton = True
        triton_version = triton.__version__
    except Exception:
        have_triton, triton_version = False, None
    lines = [
        f"# tilec compile time, {time.strftime('%Y-%m-%d')}, {os.uname().nodename}, {os.cpu_count()} cores",
        "",
        "Median of %d compiles each, milliseconds. lib = tilec_compile in a loop (no process start);"
        " cli = one `tilec` process per compile. Triton %s: triton.compile from the same source with"
        " its cache off; it always ends with ptxas, so compare it with the cubin columns." % (
            a.reps, triton_version or "(not importable here)"),
        "",
        "| kernel | lib ptx | cli ptx | lib cubin | cli cubin | Triton (cubin) | Triton / tilec lib cubin |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, path, args in read_examples():
        lp = time_lib(prog, path, args, a.reps, "ptx")
        cp = time_cli(tilec, path, args, max(5, a.reps // 2), "ptx")
        lc = time_lib(prog, path, args, max(5, a.reps // 4), "cubin")
        cc = time_cli(tilec, path, args, max(5, a.reps // 4), "cubin")
        tt = "n/a"
        ratio = "n/a"
        if have_triton:
            try:
                t = triton_compile_ms(path, args, max(3, a.reps // 4))
                tt, ratio = f"{t:.1f}", f"{t / lc:.1f}x"
            except Exception as e:  # report, do not hide
                first = [l for l in str(e).splitlines() if l.strip()][-1:] or [""]
                tt = f"failed: {type(e).__name__}: {first[0][:70]}"
        lines.append(f"| {name} | {lp:.2f} | {cp:.2f} | {lc:.2f} | {cc:.2f} | {tt} | {ratio} |")
        print(lines[-1], flush=True)
    text = "\n".join(lines) + "\n"
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    print(text)


if __name__ == "__main__":
    sys.exit(main())
