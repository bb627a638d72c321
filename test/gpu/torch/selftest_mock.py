#!/usr/bin/env python3
"""Tests the torch harness's launch path without a GPU or torch: libtilert.so through
ctypes, on the host stand-in for libcuda (test/gpu/mock_libcuda.c, which runs a host
softmax for any kernel whose name has "softmax", one row per block). Tensors are host
buffers (the mock's device memory is host memory) behind a minimal stand-in for the few
torch calls the launcher makes.

    TILERT_LIB=build/libtilert.so TILERT_LIBCUDA=build/libtilert_cuda_mock.so \\
      python3 test/gpu/torch/selftest_mock.py CARRY_DIR
CARRY_DIR holds NAME.json (real tilec metadata of a kernel taking (out, in, in_stride,
out_stride, n_cols) in fp32) and index.txt; this writes NAME.ptx as mock PTX. Prints
`selftest: N passed, M failed`.
"""
import ctypes
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import harness  # noqa: E402


class FakeTensor:
    def __init__(self, values, elem=4, offset=0):
        n = len(values)
        self.buf = (ctypes.c_float * (n + 8))()
        base = ctypes.addressof(self.buf)
        self.skip = ((-base) % 16) // 4 + offset  # 16-byte aligned start (+offset elements)
        for i, v in enumerate(values):
            self.buf[self.skip + i] = v
        self.n, self.elem, self.is_cuda = n, elem, True
        self.dtype = "fake%d" % (8 * elem)

    def data_ptr(self):
        return ctypes.addressof(self.buf) + 4 * self.skip

    def element_size(self):
        return self.elem

    def values(self):
        return [self.buf[self.skip + i] for i in range(self.n)]


class FakeStream:
    cuda_stream = 0


class FakeCuda:
    @staticmethod
    def current_stream():
        return FakeStream()

    @staticmethod
    def synchronize():
        pass


class FakeTorch:
    Tensor = FakeTensor
    cuda = FakeCuda


results = []


def expect(name, ok, detail=""):
    results.append(ok)
    print("%s %s%s" % ("PASS" if ok else "FAIL", name, (": " + detail) if detail else ""))


def raises(name, fn, exc, text):
    try:
        fn()
    except exc as e:
        return expect(name, text in str(e), str(e))
    except Exception as e:
        return expect(name, False, "raised %s: %s" % (type(e).__name__, e))
    expect(name, False, "no error")


def softmax_ref(xs, rows, cols):
    out = []
    for r in range(rows):
        row = xs[r * cols:(r + 1) * cols]
        m = max(row)
        e = [math.exp(v - m) for v in row]
        s = sum(e)
        out += [v / s for v in e]
    return out


def main():
    carry = sys.argv[1]
    with open(os.path.join(carry, "index.txt")) as f:
        name = f.readline().split("|")[0]
    with open(os.path.join(carry, name + ".ptx"), "w") as f:
        f.write("// mock PTX\n// BLOCK=1024\n")
    h = harness.Harness(carry, FakeTorch, harness.Runtime(os.environ["TILERT_LIB"]))
    k = h.kernel(name)
    expect("kernel: parameters from the metadata", [p["name"] for p in k.params] ==
           ["output_ptr", "input_ptr", "input_row_stride", "output_row_stride", "n_cols"])
    rows, cols = 3, 5
    xs = [0.25 * ((7 * i) % 11) - 1.0 for i in range(rows * cols)]
    x, y = FakeTensor(xs), FakeTensor([0.0] * (rows * cols))
    k((rows,), y, x, cols, cols, cols)
    want = softmax_ref(xs, rows, cols)
    err = max(abs(a - b) for a, b in zip(y.values(), want))
    expect("checked launch: the kernel read every argument right", err < 1e-6, "max err %g" % err)
    y2 = FakeTensor([0.0] * (rows * cols))
    f = k.prepared((rows, 1, 1), y2, x, cols, cols, cols)
    y2.buf[y2.skip] = 9.0
    f()
    err = max(abs(a - b) for a, b in zip(y2.values(), want))
    expect("prepared launch: relaunches with the same arguments", err < 1e-6, "max err %g" % err)
    k(0, y, x, cols, cols, cols)  # an empty grid launches nothing
    expect("empty grid: no launch, no error", True)
    raises("argument count", lambda: k((1,), y, x, cols), TypeError, "3 arguments, the kernel takes 5")
    raises("float for an i32", lambda: k((1,), y, x, 1.5, cols, cols), TypeError, "expected an int for i32")
    raises("i32 range", lambda: k((1,), y, x, 2**31, cols, cols), ValueError, "does not fit i32")
    raises("element size", lambda: k((1,), FakeTensor([0.0], elem=2), x, cols, cols, cols), TypeError,
           "the kernel takes *fp32")
    raises("int for a pointer is passed; a string is not", lambda: k((1,), "y", x, cols, cols, cols),
           TypeError, "expected a tensor for *fp32")
    # libtilert's own checks reach Python with its message: a pointer off its 16-byte alignment
    raises("alignment (libtilert's check)", lambda: k((1,), FakeTensor([0.0] * 2, offset=1), x, 1, 1, 1),
           RuntimeError, "align")
    raises("unknown kernel", lambda: h.kernel("no_such_kernel"), RuntimeError, "was not compiled")
    passed = sum(results)
    print("selftest: %d passed, %d failed" % (passed, len(results) - passed))
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
