"""GPU checks of tl.device_print and print() in kernels (lib/Conversion/print.c; kernels in
test/gpu/torch/kernels_print.txt).

The device writes vprintf's lines to the process's stdout when the host synchronizes; the
check points file descriptor 1 at a temporary file around the launch and the
synchronization, then parses the lines. Each element must be printed exactly once per
program (replicas of a layout stay silent), with its index and value as the formats say:
`pid (X, Y, Z) idx (I, J) PREFIX: VALUE` (docs/language.md)."""
import os
import re
import sys
import tempfile

import torch

DEV = "cuda"


def captured(fn):
    """The lines fn()'s kernels print (fn launches; the capture synchronizes)."""
    sys.stdout.flush()
    saved = os.dup(1)
    with tempfile.TemporaryFile(mode="w+b") as f:
        os.dup2(f.fileno(), 1)
        try:
            fn()
            torch.cuda.synchronize()
        finally:
            sys.stdout.flush()
            os.dup2(saved, 1)
            os.close(saved)
        f.seek(0)
        return f.read().decode(errors="replace").splitlines()


def one_d(h):
    x = torch.randn(16, device=DEV)
    lines = captured(lambda: h.kernel("print_1d_f32_16")(1, x))
    got = {}
    for l in lines:
        m = re.fullmatch(r"pid \(0, 0, 0\) idx \((\d+)\) x: (-?\d+\.\d{6})", l)
        if not m:
            return h.fail("print_1d_f32_16", "unexpected line %r" % l)
        i = int(m.group(1))
        if i in got:
            return h.fail("print_1d_f32_16", "index %d printed twice" % i)
        got[i] = float(m.group(2))
    want = x.cpu().tolist()
    if sorted(got) != list(range(16)):
        return h.fail("print_1d_f32_16", "indices %s" % sorted(got))
    bad = [i for i in range(16) if abs(got[i] - want[i]) > 5e-7]
    if bad:
        return h.fail("print_1d_f32_16", "index %d: printed %r, value %r" % (bad[0], got[bad[0]], want[bad[0]]))
    h._record("PASS", "print_1d_f32_16", "16 lines")


def two_d(h):
    for name, M, N in (("print_2d_i32_4x8", 4, 8), ("print_2d_i32_16x64_w8", 16, 64)):
        x = torch.randint(-1000, 1000, (M, N), device=DEV, dtype=torch.int32)
        lines = captured(lambda: h.kernel(name)(1, x))
        xs = x.cpu()
        seen = set()
        for l in lines:
            m = re.fullmatch(r"pid \(0, 0, 0\) idx \((\d+), (\d+)\) v: (-?\d+)", l)
            if not m:
                return h.fail(name, "unexpected line %r" % l)
            i, j, v = int(m.group(1)), int(m.group(2)), int(m.group(3))
            if (i, j) in seen:
                return h.fail(name, "element (%d, %d) printed twice" % (i, j))
            seen.add((i, j))
            if v != int(xs[i, j]):
                return h.fail(name, "(%d, %d): printed %d, value %d" % (i, j, v, int(xs[i, j])))
        if len(seen) != M * N:
            return h.fail(name, "%d of %d elements printed" % (len(seen), M * N))
        h._record("PASS", name, "%d lines" % len(lines))


def scalars(h):
    x = torch.tensor([7, -8, 9], device=DEV, dtype=torch.int32)
    lines = captured(lambda: h.kernel("print_scalars")(3, x))
    want = set()
    for p in range(3):
        want.add("pid (%d, 0, 0) pid: %d" % (p, p))
        want.add("pid (%d, 0, 0) two: (operand 0) %d" % (p, [7, -8, 9][p]))
        want.add("pid (%d, 0, 0) two: (operand 1) %d" % (p, (p + 1) * 10))
    if len(lines) != len(want) or set(lines) != want:
        return h.fail("print_scalars", "lines %r, want %r" % (sorted(lines), sorted(want)))
    h._record("PASS", "print_scalars", "once per program and operand")


def kinds(h):
    x = torch.tensor([1, -2, 300, -2147483648], device=DEV, dtype=torch.int32)
    y = torch.tensor([1.0, -2.5, 0.0, float("inf")], device=DEV)
    lines = captured(lambda: h.kernel("print_kinds")(1, x, y))
    xi = [1, -2, 300, -2147483648]
    want = set()
    for i in range(4):
        u = xi[i] & 0xFFFFFFFF
        want.add("pid (0, 0, 0) idx (%d) hex: 0x%x" % (i, u))
        want.add("pid (0, 0, 0) idx (%d) unsigned: %u" % (i, u))
        want.add("pid (0, 0, 0) idx (%d) big: %d" % (i, xi[i] * 4294967296))
        want.add("pid (0, 0, 0) idx (%d) bool: %d" % (i, 1 if xi[i] > 0 else 0))
        bits = int(y[i:i + 1].cpu().view(torch.int32).item()) & 0xFFFFFFFF
        want.add("pid (0, 0, 0) idx (%d) fbits: 0x%x" % (i, bits))
        f = float(y[i].item())
        want.add("pid (0, 0, 0) idx (%d) half: %s" % (i, "inf" if f == float("inf") else "%f" % f))
    got = set(lines)
    if got != want or len(lines) != len(want):
        return h.fail("print_kinds", "missing %r; unexpected %r" % (sorted(want - got)[:4], sorted(got - want)[:4]))
    h._record("PASS", "print_kinds", "%d lines: hex, unsigned, i64, i1, float bits, f16" % len(lines))


def loop(h):
    x = torch.tensor([100], device=DEV, dtype=torch.int32)
    lines = captured(lambda: h.kernel("print_loop")(1, x, 3))
    want = ["pid (0, 0, 0) k: %d" % (100 + k) for k in range(3)]
    if lines != want:
        return h.fail("print_loop", "lines %r, want %r" % (lines, want))
    h._record("PASS", "print_loop", "one line per iteration, in order")


def run(h):
    for part in (one_d, two_d, scalars, kinds, loop):
        h.part("print: " + part.__name__, part, h)
