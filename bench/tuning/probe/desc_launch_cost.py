# Launch cost with and without global scratch (in-kernel TMA descriptors): python3 bench/tuning/probe/desc_launch_cost.py on the GPU machine after test/gpu/prepare_all.sh (carry .carry); host-side us per launch, Python harness included.
# checked launches (tilert_launch) of the same copy with and without global scratch
import sys, time, torch
sys.path.insert(0, "test/gpu/torch")
import harness
torch.cuda.init(); torch.empty(1, device="cuda")
h = harness.Harness(".carry/torch", torch, harness.Runtime(harness.find_libtilert()))
a = torch.randn(64, 64, device="cuda"); b = torch.empty(64, 64, device="cuda")
for name in ("desc_pad_zero_f32_ptr", "desc_pad_zero_f32", "desc_pad_zero_f32_ptr", "desc_pad_zero_f32"):
    k = h.kernel(name)
    for _ in range(200): k((2, 1), a, b, 64, 64, 64, 64)
    torch.cuda.synchronize()
    t = time.perf_counter(); n = 5000
    for _ in range(n): k((2, 1), a, b, 64, 64, 64, 64)
    torch.cuda.synchronize()
    host = (time.perf_counter() - t) / n * 1e6
    p = k.prepared((2, 1), a, b, 64, 64, 64, 64)
    for _ in range(200): p()
    torch.cuda.synchronize()
    t = time.perf_counter()
    for _ in range(n): p()
    torch.cuda.synchronize()
    print("%-24s checked %.2f us/launch, prepared (unchecked) %.2f us/launch" % (name, host, (time.perf_counter() - t) / n * 1e6))
