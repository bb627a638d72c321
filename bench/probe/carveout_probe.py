# Probe (issue 9): the shared-memory carveout of kernels above 48 KB. libtilert sets only
# the dynamic shared size, so the driver picks the carveout (ncu: 200.7 KB for a 65.5 KB
# kernel, 3 a SM); Triton asks for the largest (cuFuncSetCacheConfig PREFER_SHARED: 233.5
# KB). Each kernel is loaded twice from the same PTX (CARRY and CARRY2, copies), the second
# time with TILERT_CARVEOUT=100 (a scratch switch of this experiment's libtilert build: the
# preferred carveout attribute, percent), and timed alternately at 4096^3.
#   python3 bench/probe/carveout_probe.py CARRY CARRY2
import json
import os
import sys
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import side_by_side as sbs  # noqa: E402
import torch  # noqa: E402
import harness  # noqa: E402

ha = sbs.open_carry()
S = 4096
M = N = K = S
flops = 2.0 * S ** 3
i8a = torch.randint(-128, 128, (M, K), device="cuda", dtype=torch.int8)
i8w = torch.randint(-128, 128, (N, K), device="cuda", dtype=torch.int8)
fa, fw = torch.randn(M, K, device="cuda").half(), torch.randn(N, K, device="cuda").half()
ci = torch.empty(M, N, device="cuda", dtype=torch.int32)
cf = torch.empty(M, N, device="cuda", dtype=torch.float16)
unused = torch.empty(1, device="cuda")
cases = [("bench_mm_i8_bt_128x128x64_w4_s4", 128, 128, lambda k, g: k(g, i8a, i8w, ci, unused, unused, M, N, K)),
         ("bench_mm_i8_bt_128x128x128_w8_s4", 128, 128, lambda k, g: k(g, i8a, i8w, ci, unused, unused, M, N, K)),
         ("bench_mm_i8_bt_128x256x128_w8_s3", 128, 256, lambda k, g: k(g, i8a, i8w, ci, unused, unused, M, N, K)),
         ("bench_mm_bt_f16_128x128x64_w8_s4", 128, 128, lambda k, g: k(g, fa, fw, cf, M, N, K)),
         ("bench_mm_bt_f16_128x256x64_w8_s3", 128, 256, lambda k, g: k(g, fa, fw, cf, M, N, K))]
ka = {name: ha.kernel(name) for name, _, _, _ in cases}
os.environ["TILERT_CARVEOUT"] = "100"
hb = harness.Harness(os.path.abspath(sys.argv[2]), torch, ha.rt)
kb = {name: hb.kernel(name) for name, _, _, _ in cases}
for rnd in range(2):
    for name, bm, bn, run in cases:
        g = (M // bm, N // bn)
        for label, k in (("driver's carveout", ka[name]), ("carveout 100", kb[name])):
            run(k, g)
            torch.cuda.synchronize()
            ms = sbs.median_ms(lambda: run(k, g))
            print(json.dumps(dict(impl=label, case=name, round=rnd, ms=round(ms, 4), tflops=round(flops / ms / 1e9, 1))),
                  flush=True)
