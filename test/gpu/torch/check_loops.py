"""GPU checks of run-time loops that count down: range(hi, lo, STEP) with a compile-time
negative STEP and run-time bounds (test/gpu/torch/kernels_loops.txt,
test/gpu/Inputs/loops/loops.tir). The trip count, the sum and the last value against Python's
range for bounds that give many, one and no trips (start below the end too); a Horner-style
recurrence whose result depends on the order (small integers in f32 times powers of two:
exact); a matmul whose K blocks go last to first through a 3-stage pipeline (small
integers in f16: exact in f32); and kernels with early returns (early_return.tir)."""
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


def early_returns(h):
    """Kernels with early returns (test/gpu/Inputs/loops/early_return.tir): every row's output
    against Python's reading of the same code; rows past n_rows and skipped rows untouched."""
    for name, has_label in (("early_rows_label", True), ("early_rows_nolabel", False)):
        k = h.kernel(name)
        for n_rows, n_cols in ((1, 1), (7, 100), (33, 128)):
            x = torch.randint(-50, 50, (n_rows + 3, n_cols), device=DEV).float()
            lab = torch.randint(0, 4, (n_rows + 3,), device=DEV, dtype=torch.int32)
            lab[::2] = -100
            y = torch.full((n_rows + 3, n_cols), 7.0, device=DEV)
            k(n_rows + 3, x, y, lab, n_rows, n_cols, -100)
            want = torch.full_like(y, 7.0)
            rows = torch.arange(n_rows, device=DEV, dtype=torch.float32)[:, None]
            want[:n_rows] = x[:n_rows] * 2.0 + rows
            if has_label:
                ign = (lab[:n_rows] == -100)
                want[:n_rows][ign] = -1.0
            h.check_equal("%s %dx%d" % (name, n_rows, n_cols), y, want)
    k = h.kernel("early_nested")
    for n in (1, 256, 1000, 4096):
        x = torch.randint(-50, 50, (n,), device=DEV).float()
        y = torch.full((n,), float("nan"), device=DEV)
        progs = (n + 255) // 256
        k(progs, x, y, n)
        pid = torch.arange(n, device=DEV) // 256
        want = torch.where(pid % 4 == 0, x + 100.0, torch.where(pid % 2 == 0, x + 10.0, x - 10.0))
        h.check_equal("early_nested n=%d" % n, y, want)
    k = h.kernel("early_helper")
    for n_rows, n_cols in ((1, 5), (10, 128)):
        x = torch.randint(-50, 50, (n_rows, n_cols), device=DEV).float()
        y = torch.full((n_rows, n_cols), 7.0, device=DEV)
        k(n_rows, x, y, n_rows, n_cols)
        want = x + 1.0
        want[2::3] = 7.0
        h.check_equal("early_helper %dx%d" % (n_rows, n_cols), y, want)


def run(h):
    for part in (range_stats, horner, matmul_down, early_returns):
        h.part("loops: " + part.__name__, part, h)
