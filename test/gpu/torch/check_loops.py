"""GPU checks of run-time loops that count down: range(hi, lo, STEP) with a compile-time
negative STEP and run-time bounds (test/gpu/torch/kernels_loops.txt,
test/gpu/Inputs/loops/loops.tir). The trip count, the sum and the last value against Python's
range for bounds that give many, one and no trips (start below the end too); a Horner-style
recurrence whose result depends on the order (small integers in f32 times powers of two:
exact); and a matmul whose K blocks go last to first through a 3-stage pipeline (small
integers in f16: exact in f32)."""
import torch

DEV = "cuda"


def range_stats(h):
    for name, step in (("loops_range_m1", -1), ("loops_range_m3", -3), ("loops_range_p2", 2)):
        k = h.kernel(name)
        for hi, lo in ((10, 0), (10, -1), (7, 6), (5, 5), (3, 8), (-4, -20), (0, -1), (1000, -1000)):
            out = torch.full((3,), -7, dtype=torch.int32, device=DEV)
            k(1, out, hi, lo)
            r = list(range(hi, lo, step))
            want = torch.tensor([len(r), sum(r), r[-1] if r else -12345], dtype=torch.int32, device=DEV)
            h.check_equal("%s range(%d, %d, %d)" % (name, hi, lo, step), out, want)


def horner(h):
    k = h.kernel("loops_horner_down")
    for n in (0, 1, 2, 5, 16):
        x = torch.randint(-8, 9, (max(n, 1), 128), device=DEV).float()
        y = torch.full((128,), float("nan"), device=DEV)
        k(1, x, y, n)
        want = torch.zeros(128, dtype=torch.float64, device=DEV)
        for i in range(n - 1, -1, -1):
            want = want * 0.5 + x[i].double()
        h.check_equal("loops_horner_down n=%d" % n, y.double(), want)


def matmul_down(h):
    k = h.kernel("loops_matmul_k_down")
    for M, N, K in ((64, 64, 32), (128, 192, 96), (256, 128, 512)):
        a = torch.randint(-3, 4, (M, K), device=DEV).half()
        b = torch.randint(-3, 4, (K, N), device=DEV).half()
        c = torch.full((M, N), float("nan"), device=DEV)
        k((M // 64, N // 64), a, b, c, M, N, K)
        h.check_equal("loops_matmul_k_down %dx%dx%d" % (M, N, K), c.double(), a.double() @ b.double())


def run(h):
    for part in (range_stats, horner, matmul_down):
        h.part("loops: " + part.__name__, part, h)
