#!/usr/bin/env python3
"""Power, clock and throughput of the matmul implementations under sustained load, on the GPU
machine: each implementation runs back to back for WINDOW seconds (default 2) while a thread
samples nvidia-smi (power draw, SM clock, temperature, active clock-throttle reasons) every
100 ms; round-robin over the implementations, ROUNDS rounds (default 3). Prints one JSON line
per implementation and size: TFLOP/s (CUDA events over the window), the medians of the
samples, and two derived figures:
  pJ/flop        = power / (flop/s): the energy each implementation spends per flop;
  flop/SM/cycle  = (flop/s) / (SM clock * SMs): how well it uses the clock it gets
                   (the dense f16/bf16 tensor-core peak is 4096 per SM per cycle on sm_90).
Under a power cap, TFLOP/s = cap / (pJ/flop): only the energy per flop can move it.
Nothing here changes the GPU's settings; it only reads them.

usage (after test/gpu/prepare_all.sh, on the GPU machine):
  TILERT_BUILD_DIR=/tmp/tb python3 bench/matmul_power.py [CARRY_DIR]
  POWER_SET=persistent ...   # tutorial 09's persistent kernel, flattened and not, instead
"""
import os, sys, json, statistics, subprocess, threading, time
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.argv = [sys.argv[0], sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".carry", "torch")]
sys.path.insert(0, os.path.join(ROOT, "bench"))
import matmul as Mm
import torch
from triton.tools.tensor_descriptor import TensorDescriptor

WINDOW = float(os.environ.get("WINDOW", "2"))
ROUNDS = int(os.environ.get("ROUNDS", "3"))
QUERY = "power.draw,clocks.sm,temperature.gpu,clocks_throttle_reasons.active"
h = Mm.harness.open_harness(Mm.CARRY)
sms = torch.cuda.get_device_properties(0).multi_processor_count


class Sampler:
    """nvidia-smi samples, each (time, watts, MHz, degrees C, throttle bitmask)."""
    def __init__(self):
        self.samples, self.stop = [], False
        self.t = threading.Thread(target=self.loop, daemon=True)
        self.t.start()

    def loop(self):
        while not self.stop:
            t = time.time()
            try:
                o = subprocess.run(["nvidia-smi", "--query-gpu=" + QUERY, "--format=csv,noheader,nounits", "-i", "0"],
                                   capture_output=True, text=True, timeout=5).stdout.strip().split(",")
                self.samples.append((t, float(o[0]), float(o[1]), float(o[2]), int(o[3].strip(), 16)))
            except Exception:
                pass
            time.sleep(max(0.0, 0.1 - (time.time() - t)))

    def between(self, t0, t1):
        return [s for s in self.samples if t0 <= s[0] <= t1]


def limits():
    q = "power.limit,enforced.power.limit,power.max_limit,clocks.max.sm"
    o = subprocess.run(["nvidia-smi", "--query-gpu=" + q, "--format=csv,noheader", "-i", "0"],
                       capture_output=True, text=True).stdout.strip()
    return dict(zip(q.split(","), [x.strip() for x in o.split(",")]))


def window(f, flops):
    """Runs f back to back for WINDOW seconds: (TFLOP/s, start, end)."""
    f()
    torch.cuda.synchronize()
    e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    t0 = time.time()
    e0.record()
    n = 0
    while time.time() - t0 < WINDOW:
        for _ in range(20):
            f()
        n += 20
        torch.cuda.synchronize()  # keeps the host's clock and the GPU's work together
    e1.record()
    torch.cuda.synchronize()
    t1 = time.time()
    return flops * n / (e0.elapsed_time(e1) * 1e-3) / 1e12, t0, t1


def check(out, a, bt, c, case):
    """Runs each implementation once into c and prints a WRONG line for each that does not
    give a @ bt.T (in c's dtype)."""
    ref = (a.float() @ bt.float().t()).to(c.dtype).float()
    for name, f in out.items():
        f()
        torch.cuda.synchronize()
        if not torch.allclose(c.float(), ref, atol=1e-2 * a.shape[1] ** 0.5, rtol=2e-2):
            print(json.dumps({"case": case, "impl": name, "check": "WRONG"}), flush=True)


def impls(dt, M, N, K):
    a = torch.randn(M, K, device="cuda").to(dt)
    bt = torch.randn(N, K, device="cuda").to(dt)
    b = bt.t().contiguous()
    c = torch.empty(M, N, device="cuda", dtype=dt)
    tag = "f16" if dt == torch.float16 else "bf16"
    g = (Mm.cdiv(M, 128) * Mm.cdiv(N, 256),)
    kt = h.kernel(f"bench_mm_tma_{tag}_128x256x64_w8_s3")
    dd = (h.tensordesc(a, [128, 64]), h.tensordesc(bt, [256, 64]), h.tensordesc(c, [128, 256]))
    jp = h.triton("examples/matmul.tir", "matmul_kernel")
    jp = getattr(jp, "fn", jp)
    args = (a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1))
    jt = h.triton("examples/matmul_tma.tir", "matmul_kernel_tma")
    td = (TensorDescriptor(a, a.shape, a.stride(), [128, 64]), TensorDescriptor(bt, bt.shape, bt.stride(), [256, 64]),
          TensorDescriptor(c, c.shape, c.stride(), [128, 256]))
    out = {
        "tilec TMA s3": lambda: kt(g, *dd, M, N, K),
        "triton pointer tutorial s3": lambda: jp[g](*args, BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64,
                                                    GROUP_SIZE_M=8, ACTIVATION="", num_warps=8, num_stages=3),
        "triton TMA s3 (same text)": lambda: jt[g](*td, M, N, K, BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64,
                                                   GROUP_SIZE_M=8, FP8_OUTPUT=False, WARP_SPECIALIZE=False,
                                                   num_warps=8, num_stages=3),
        "cuBLAS": lambda: torch.matmul(a, bt.t(), out=c),
    }
    check(out, a, bt, c, f"{tag} {M}^3")
    return out


def impls_persistent(dt, M, N, K):
    """POWER_SET=persistent: tutorial 09's in-kernel descriptor persistent matmul (128x256x64,
    8 warps, 3 stages, NUM_SMS programs), tilec flattened (FLATTEN=1) and not, Triton's JIT of
    the same text, and cuBLAS."""
    Mm.triton_scratch_allocator()
    a = torch.randn(M, K, device="cuda").to(dt)
    bt = torch.randn(N, K, device="cuda").to(dt)
    c = torch.empty(M, N, device="cuda", dtype=dt)
    g = (min(sms, Mm.cdiv(M, 128) * Mm.cdiv(N, 256)),)
    jit = h.triton("examples/matmul_descriptor_persistent.tir", "matmul_kernel_descriptor_persistent")
    out = {}
    for tag, name in (("flattened", "bench_mm_desc_pers_f16_128x256x64_w8_s3"),
                      ("FLATTEN=0", "bench_mm_desc_pers_f16_128x256x64_w8_s3_noflat")):
        out["tilec persistent " + tag] = h.kernel(name).prepared(g, a, bt, c, M, N, K)
    out["triton persistent (same text)"] = lambda: jit[g](
        a, bt, c, M, N, K, BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64, GROUP_SIZE_M=8,
        EPILOGUE_SUBTILE=False, NUM_SMS=sms, WARP_SPECIALIZE=False, FLATTEN=True, num_warps=8, num_stages=3)
    out["cuBLAS"] = lambda: torch.matmul(a, bt.t(), out=c)
    check(out, a, bt, c, f"f16 {M}^3")
    return out


def main():
    print(json.dumps({"limits": limits(), "sms": sms, "window_s": WINDOW, "rounds": ROUNDS}), flush=True)
    s = Sampler()
    persistent = os.environ.get("POWER_SET") == "persistent"
    cases = ((torch.float16, 8192), (torch.float16, 4096)) if persistent else \
        ((torch.float16, 8192), (torch.float16, 4096), (torch.bfloat16, 4096))
    for dt, n in cases:
        fs = (impls_persistent if persistent else impls)(dt, n, n, n)
        flops = 2 * n ** 3
        res = {k: [] for k in fs}
        for _ in range(ROUNDS):
            for name, f in fs.items():
                tf, t0, t1 = window(f, flops)
                res[name].append((tf, s.between(t0 + 0.3, t1)))  # the first 0.3 s: the ramp
        case = f"{'f16' if dt == torch.float16 else 'bf16'} {n}^3"
        for name, rs in res.items():
            tf = statistics.median(r[0] for r in rs)
            smp = [x for r in rs for x in r[1]]
            if not smp:
                print(json.dumps({"case": case, "impl": name, "tflops": round(tf, 1), "samples": 0}), flush=True)
                continue
            w = statistics.median(x[1] for x in smp)
            mhz = statistics.median(x[2] for x in smp)
            reasons = 0
            for x in smp:
                reasons |= x[4]
            print(json.dumps({"case": case, "impl": name, "tflops": round(tf, 1), "all": [round(r[0]) for r in rs],
                              "watts": round(w, 1), "sm_mhz": round(mhz), "temp_c": statistics.median(x[3] for x in smp),
                              "throttle_reasons": hex(reasons), "samples": len(smp),
                              "pj_per_flop": round(w / (tf * 1e12) * 1e12, 3),
                              "flop_per_sm_cycle": round(tf * 1e12 / (mhz * 1e6 * sms))}), flush=True)
    s.stop = True


if __name__ == "__main__":
    main()
