#!/usr/bin/env python3
"""Tests the torch harness's launch path without a GPU or torch: libtilert.so through
ctypes, on the host stand-in for libcuda (test/gpu/mock_libcuda.c, which runs a host
softmax for any kernel whose name has "softmax", one row per block). Tensors are host
buffers (the mock's device memory is host memory) behind a minimal stand-in for the few
torch calls the launcher makes.

    TILERT_LIB=build/libtilert.so TILERT_LIBCUDA=build/libtilert_cuda_mock.so \\
      python3 test/gpu/torch/selftest_mock.py CARRY_DIR
CARRY_DIR holds NAME.json (real tilec metadata of a kernel taking (out, in, in_stride,
out_stride, n_cols) in fp32) and index.txt; this writes NAME.ptx as mock PTX. It also adds
a kernel `tdesc_mock` with hand-written metadata taking two tensor descriptors, an i32 and
a pointer: the mock driver records its cuTensorMapEncodeTiled calls and the launch's
parameter bytes, which the descriptor checks read back through ctypes. Prints
`selftest: N passed, M failed`.
"""
import json
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


class FakeMatrix:
    """A strided host tensor for descriptors: shape, stride(), a torch dtype name, and a
    16-byte aligned base (+offset bytes)."""

    def __init__(self, shape, strides, dtype, elem, offset=0):
        n = (shape[0] - 1) * strides[0] + shape[-1] + 64
        self.buf = (ctypes.c_char * (n * elem + 32))()
        self.base = (ctypes.addressof(self.buf) + 15) // 16 * 16 + offset
        self.shape, self._strides, self.dtype, self.is_cuda = tuple(shape), tuple(strides), dtype, True

    def data_ptr(self):
        return self.base

    def stride(self):
        return self._strides


class TritonLikeDescriptor:
    """The fields of Triton's TensorDescriptor (triton.tools.tensor_descriptor)."""

    def __init__(self, base, shape, strides, block_shape):
        self.base, self.shape, self.strides, self.block_shape = base, shape, strides, block_shape


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


# The tdesc_mock kernel: fp16 a_desc [64, 32] (box [64, 32], swizzle 64), n (i32), fp32 c_desc
# [2, 16, 8] (box [1, 16, 8], swizzle 32), x (*fp32). Its parameters: 128 + 4 + 128 + 8 bytes.
TDESC_META = {"format": "tilec-metadata", "version": 2, "target": "sm_90a", "kernels": [
    {"name": "tdesc_mock", "num_warps": 4, "params": [
        {"name": "a_desc", "kind": "tensordesc", "dtype": "fp16", "block_shape": [64, 32],
         "box": [64, 32], "swizzle": 64},
        {"name": "n", "kind": "scalar", "dtype": "i32"},
        {"name": "c_desc", "kind": "tensordesc", "dtype": "fp32", "block_shape": [2, 16, 8],
         "box": [1, 16, 8], "swizzle": 32},
        {"name": "x", "kind": "ptr", "dtype": "fp32", "align": 16}]}]}


class MockTensormapCall(ctypes.Structure):
    """mock_tensormap_call (test/gpu/mock_libcuda.h)."""
    _fields_ = [("calls", ctypes.c_int), ("data_type", ctypes.c_int), ("rank", ctypes.c_uint),
                ("address", ctypes.c_ulonglong), ("dims", ctypes.c_ulonglong * 5),
                ("strides", ctypes.c_ulonglong * 5), ("box", ctypes.c_uint * 5),
                ("elem_strides", ctypes.c_uint * 5), ("interleave", ctypes.c_int),
                ("swizzle", ctypes.c_int), ("l2_promotion", ctypes.c_int), ("oob_fill", ctypes.c_int),
                ("map_aligned", ctypes.c_int)]


def add_tdesc_kernel(carry):
    with open(os.path.join(carry, "tdesc_mock.json"), "w") as f:
        json.dump(TDESC_META, f)
    with open(os.path.join(carry, "tdesc_mock.ptx"), "w") as f:
        f.write("// mock PTX\n// BLOCK=128\n")
    with open(os.path.join(carry, "index.txt"), "a") as f:
        f.write("tdesc_mock|mock|tdesc_mock|\n")


def mock_map(address, rank, dtype):
    """The 128 bytes the mock's cuTensorMapEncodeTiled writes."""
    head = address.to_bytes(8, "little") + rank.to_bytes(4, "little") + dtype.to_bytes(4, "little")
    return head + bytes((0xc0 ^ i) & 0xff for i in range(16, 128))


def check_tdesc(h, mock):
    """Tensor descriptors through the harness: h.tensordesc, the checked and the prepared
    launch, a Triton-style descriptor, and the errors."""
    mock.mock_cuda_tensormap_recent.restype = ctypes.POINTER(MockTensormapCall)
    mock.mock_cuda_last_params.restype = ctypes.POINTER(ctypes.c_ubyte)
    mock.mock_cuda_param_sizes((ctypes.c_uint * 4)(128, 4, 128, 8), 4)
    k = h.kernel("tdesc_mock")
    a = FakeMatrix((100, 200), (256, 1), "torch.float16", 2)
    c = FakeMatrix((4, 50, 24), (1600, 32, 1), "torch.float32", 4)
    x = FakeTensor([0.0] * 4)
    ad, cd = h.tensordesc(a, [64, 32]), h.tensordesc(c, [2, 16, 8])
    want = (mock_map(a.base, 2, 6) + (7).to_bytes(4, "little") + mock_map(c.base, 3, 7)
            + x.data_ptr().to_bytes(8, "little"))

    def params():
        n = ctypes.c_size_t()
        p = mock.mock_cuda_last_params(ctypes.byref(n))
        return bytes(p[:n.value])
    k((2,), ad, 7, cd, x)
    expect("tensordesc: the launch's parameters are a_desc's map, n, c_desc's map, x",
           params() == want)
    ca, cc = mock.mock_cuda_tensormap_recent(1).contents, mock.mock_cuda_tensormap_recent(0).contents
    expect("tensordesc: a_desc encoded as fp16, dims {200, 100}, stride 512 bytes, box {32, 64}, swizzle 64B",
           (ca.data_type, list(ca.dims[:2]), ca.strides[0], list(ca.box[:2]), ca.swizzle)
           == (6, [200, 100], 512, [32, 64], 2))
    expect("tensordesc: c_desc encoded as fp32, dims {24, 50, 4}, strides {128, 6400}",
           (cc.data_type, list(cc.dims[:3]), list(cc.strides[:2])) == (7, [24, 50, 4], [128, 6400]))
    mock.mock_cuda_launches.restype = ctypes.c_long
    f = k.prepared((1,), ad, 7, cd, x)
    n0 = mock.mock_cuda_launches()
    f()
    expect("tensordesc: a prepared launch passes the same bytes",
           mock.mock_cuda_launches() == n0 + 1 and params() == want)
    k((1,), TritonLikeDescriptor(a, [100, 200], [256, 1], [64, 32]), 7, cd, x)
    expect("tensordesc: a Triton-style TensorDescriptor is accepted",
           mock.mock_cuda_launches() == n0 + 2 and params() == want)
    raises("tensordesc: a tensor for a descriptor", lambda: k((1,), a, 7, cd, x), TypeError,
           "expected a tensor descriptor (h.tensordesc) for tensordesc<fp16[64, 32]>")
    raises("tensordesc: block shape (libtilert's check)",
           lambda: k((1,), h.tensordesc(a, [32, 32]), 7, cd, x), RuntimeError,
           "argument 0 (a_desc): expected tensordesc<fp16[64, 32]>, got tensordesc<fp16[32, 32]>")
    raises("tensordesc: stride in bytes (libtilert's check)",
           lambda: k((1,), h.tensordesc(FakeMatrix((100, 200), (204, 1), "torch.float16", 2), [64, 32]),
                     7, cd, x), RuntimeError, "strides[0] is 204 elements = 408 bytes, not a multiple of 16")
    raises("tensordesc: misaligned base (libtilert's check)",
           lambda: k((1,), h.tensordesc(FakeMatrix((100, 200), (256, 1), "torch.float16", 2, 2), [64, 32]),
                     7, cd, x), RuntimeError, "is not 16-byte aligned (TMA needs it)")


def main():
    carry = sys.argv[1]
    with open(os.path.join(carry, "index.txt")) as f:
        name = f.readline().split("|")[0]
    with open(os.path.join(carry, name + ".ptx"), "w") as f:
        f.write("// mock PTX\n// BLOCK=1024\n")
    add_tdesc_kernel(carry)
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
    check_tdesc(h, ctypes.CDLL(os.environ["TILERT_LIBCUDA"]))
    passed = sum(results)
    print("selftest: %d passed, %d failed" % (passed, len(results) - passed))
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
