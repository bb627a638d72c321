#!/usr/bin/env python3
"""GPU machine, experiment (issue 9): tilec's one-tile-a-program TMA matmul (128x256x64,
8 warps) as compiled, beside its 2-CTA cluster rewrites with B multicast
(bench/probe/cluster_ptx.py; names ..._cl2rank0, ..._cl2alt) and cuBLAS, checked against
torch, then timed under sustained load as bench/matmul_power.py does (power, SM clock,
pJ/flop). The carry directory is made by bench/probe/cluster_prepare.sh.

  python3 bench/probe/cluster_bench.py .carry/cl
"""
import json, os, statistics, sys
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import matmul_power as P  # opens the harness on sys.argv[1]
import torch
from triton.testing import do_bench

Mm, h = P.Mm, P.h
STAGES = os.environ.get("CL_STAGES", "3,4").split(",")


def impls(dt, n):
    a = torch.randn(n, n, device="cuda").to(dt)
    bt = torch.randn(n, n, device="cuda").to(dt)
    c = torch.empty(n, n, device="cuda", dtype=dt)
    tag = "f16" if dt == torch.float16 else "bf16"
    g = (Mm.cdiv(n, 128) * Mm.cdiv(n, 256),)
    dd = (h.tensordesc(a, [128, 64]), h.tensordesc(bt, [256, 64]), h.tensordesc(c, [128, 256]))
    out = {}
    for s in STAGES:
        for v in [""] + ["_cl2" + m for m in os.environ.get("CL_MODES", "rank0 alt mbar").replace(":", "_").split()]:
            k = h.kernel(f"bench_mm_tma_{tag}_128x256x64_w8_s{s}{v}")
            out[f"tilec s{s}{v or ' (as compiled)'}"] = (lambda k=k: k(g, *dd, n, n, n))
    out["cuBLAS"] = lambda: torch.matmul(a, bt.t(), out=c)
    ref = (a.float() @ bt.float().t()).to(dt).float()
    for name, f in out.items():
        c.zero_()
        f()
        torch.cuda.synchronize()
        ok = torch.allclose(c.float(), ref, atol=1e-2 * n ** 0.5, rtol=2e-2)
        print(json.dumps({"case": f"{tag} {n}^3", "impl": name, "check": "ok" if ok else "WRONG"}), flush=True)
    return out


def main():
    print(json.dumps({"limits": P.limits(), "sms": P.sms, "window_s": P.WINDOW, "rounds": P.ROUNDS}), flush=True)
    s = P.Sampler()
    for dt, n in ((torch.float16, 4096), (torch.bfloat16, 4096), (torch.float16, 8192)):
        fs = impls(dt, n)
        flops = 2 * n ** 3
        case = f"{'f16' if dt == torch.float16 else 'bf16'} {n}^3"
        for name, f in fs.items():  # short timing, as bench/matmul.py's do_bench
            ms = do_bench(f, warmup=25, rep=100)
            print(json.dumps({"case": case, "impl": name, "do_bench_tflops": round(flops / ms / 1e9, 1)}), flush=True)
        res = {k: [] for k in fs}
        for _ in range(P.ROUNDS):
            for name, f in fs.items():
                tf, t0, t1 = P.window(f, flops)
                res[name].append((tf, s.between(t0 + 0.3, t1)))
        for name, rs in res.items():
            tf = statistics.median(r[0] for r in rs)
            smp = [x for r in rs for x in r[1]]
            w = statistics.median(x[1] for x in smp) if smp else 0
            mhz = statistics.median(x[2] for x in smp) if smp else 0
            print(json.dumps({"case": case, "impl": name, "tflops": round(tf, 1), "all": [round(r[0]) for r in rs],
                              "watts": round(w, 1), "sm_mhz": round(mhz),
                              "pj_per_flop": round(w / (tf * 1e12) * 1e12, 3) if w else None,
                              "flop_per_sm_cycle": round(tf * 1e12 / (mhz * 1e6 * P.sms)) if mhz else None}), flush=True)
    s.stop = True


if __name__ == "__main__":
    main()
