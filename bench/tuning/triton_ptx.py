# Triton's PTX for a kernel of a .tir file compiled from a signature, without a GPU (for
# comparing with tilec's PTX from the same signature; bench/tuning/README.md, "where_3d").
#
#   python3 bench/tuning/triton_ptx.py FILE.tir KERNEL "SIG,..." NAME=VALUE[,...] NUM_WARPS OUT.ptx
# SIG: one entry per non-constexpr parameter ("*fp32", "i32", "i32:16"); the constexprs come
# from NAME=VALUE. Writes OUT.ptx and OUT.ttgir beside it.
import importlib.machinery
import importlib.util
import sys

import triton
from triton.backends.compiler import GPUTarget


def main():
    path, kname, sig, consts, warps, out = sys.argv[1:7]
    loader = importlib.machinery.SourceFileLoader("tg_ptx_mod", path)
    spec = importlib.util.spec_from_loader("tg_ptx_mod", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    k = getattr(mod, kname)
    while not isinstance(k, triton.runtime.jit.JITFunction):  # an Autotuner or Heuristics wraps it
        k = k.fn
    cd = {}
    for kv in filter(None, consts.split(",")):
        n, v = kv.split("=")
        cd[n] = int(v) if v.lstrip("-").isdigit() else v
    types = iter(sig.split(","))
    signature, attrs = {}, {}
    for i, n in enumerate(k.arg_names):
        if n in cd:
            signature[n] = "constexpr"
            continue
        t = next(types)
        if t.endswith(":16"):
            t = t[:-3]
            attrs[(i,)] = [["tt.divisibility", 16]]
        signature[n] = t
    src = triton.compiler.ASTSource(fn=k, signature=signature, constexprs=cd, attrs=attrs)
    ck = triton.compile(src, target=GPUTarget("cuda", 90, 32), options={"num_warps": int(warps)})
    open(out, "w").write(ck.asm["ptx"])
    open(out.rsplit(".", 1)[0] + ".ttgir", "w").write(ck.asm["ttgir"])


if __name__ == "__main__":
    main()
