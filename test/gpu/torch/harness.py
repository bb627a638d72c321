#!/usr/bin/env python3
"""Torch harness: runs tilec kernels (compiled on the dev machine by prepare.sh into
.carry/torch/) on the GPU through libtilert, and compares their results with torch.

    python3 test/gpu/torch/harness.py                 # every check_*.py beside this file
    python3 test/gpu/torch/harness.py norms           # only check_norms.py
    python3 test/gpu/torch/harness.py dot --part "persistent matmul"   # one part of a file
                                                      # (repeatable; under compute-sanitizer)
    python3 test/gpu/torch/harness.py --list          # no GPU needed: validates the lists

A check file `check_<topic>.py` defines `run(h)`; `h` is a Harness:
    k = h.kernel("name")        # a launcher for the line `name|...` of a kernels_*.txt
    k(grid, *args)              # grid: int or tuple of up to 3; torch tensors are passed as
                                # pointers, ints and floats as the parameter's scalar type,
                                # tensor descriptors (below) as the kernel's 128-byte TMA map
    d = h.tensordesc(x, [128, 64])  # a host tensor descriptor of a GPU tensor (Triton's
                                # TensorDescriptor.from_tensor); a Triton TensorDescriptor
                                # (base, shape, strides, block_shape) is accepted as well
    f = k.prepared(grid, *args) # f() relaunches unchecked (benchmarks: bench/norms.py)
    h.check(name, got, want, atol=..., rtol=...)   # |got-want| <= atol + rtol*|want|,
                                # NaN and +-inf positions must match exactly
    h.check_equal(name, got, want)                 # exact (NaN positions, signed zeros too)
    h.skip(name, why), h.fail(name, why)
    h.part(name, fn, *args)     # runs fn(*args); an exception fails `name`, the file goes on
    h.triton(file, name)        # the @triton.jit function `name` of a .tir file, for
                                # references that are Triton's own behaviour
Launches go to torch's current stream; h.check and h.check_equal synchronize first.
The last line printed is `torch checks: N passed, M failed, K skipped`; exit status 1 on any
failure. An exception in a check file counts as one failure of that file.

libtilert.so: $TILERT_LIB, else built (incrementally) with cmake into $TILERT_BUILD_DIR
(default /tmp/tilert-gpu-build), as test/gpu/run.sh builds it (no LLVM needed).
"""
import ctypes
import glob
import importlib.machinery
import importlib.util
import os
import subprocess
import sys
import traceback

sys.dont_write_bytecode = True  # check files are loaded as modules: no __pycache__ in the tree

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))

# tilert_dtype (include/tilec/tilert.h) by metadata spelling, and element sizes.
DTYPE_SIZE = {"i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8, "u8": 1, "u16": 2, "u32": 4,
              "u64": 8, "fp16": 2, "bf16": 2, "fp32": 4, "fp64": 8, "fp8e4nv": 1, "fp8e5": 1}
ARG_PTR, ARG_I32, ARG_I64, ARG_F32, ARG_F64, ARG_TENSORDESC = 0, 1, 2, 3, 4, 5
# tilert_dtype's values, in the enum's order, and torch's dtypes by name.
DTYPE_CODE = {n: i for i, n in enumerate(["i1", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64",
                                          "fp16", "bf16", "fp32", "fp64", "fp8e4nv", "fp8e5"])}
TORCH_DTYPE = {"torch.bool": "i1", "torch.int8": "i8", "torch.int16": "i16", "torch.int32": "i32",
               "torch.int64": "i64", "torch.uint8": "u8", "torch.uint16": "u16",
               "torch.uint32": "u32", "torch.uint64": "u64", "torch.float16": "fp16",
               "torch.bfloat16": "bf16", "torch.float32": "fp32", "torch.float64": "fp64",
               "torch.float8_e4m3fn": "fp8e4nv", "torch.float8_e5m2": "fp8e5"}
MAX_RANK = 5
INT_RANGE = {"i1": (0, 1), "i8": (-2**7, 2**7 - 1), "i16": (-2**15, 2**15 - 1),
             "i32": (-2**31, 2**31 - 1), "i64": (-2**63, 2**63 - 1), "u8": (0, 2**8 - 1),
             "u16": (0, 2**16 - 1), "u32": (0, 2**32 - 1), "u64": (0, 2**64 - 1)}


class _ArgValue(ctypes.Union):
    _fields_ = [("ptr", ctypes.c_uint64), ("i32", ctypes.c_int32), ("i64", ctypes.c_int64),
                ("f32", ctypes.c_float), ("f64", ctypes.c_double), ("desc", ctypes.c_void_p)]


class _TensorDescC(ctypes.Structure):
    """tilert_tensordesc (include/tilec/tilert.h)."""
    _fields_ = [("base", ctypes.c_uint64), ("dtype", ctypes.c_int), ("rank", ctypes.c_uint32),
                ("shape", ctypes.c_int64 * MAX_RANK), ("strides", ctypes.c_int64 * MAX_RANK),
                ("block_shape", ctypes.c_int64 * MAX_RANK)]


class TensorDesc:
    """A host tensor descriptor of a GPU tensor: base (the tensor; element [0, ...]), shape and
    strides in elements, and the block shape the kernel was compiled for. Holds the tensor
    and the C struct, so that both live as long as the descriptor."""

    def __init__(self, base, shape, strides, block_shape):
        shape, strides, block_shape = list(shape), list(strides), list(block_shape)
        dt = TORCH_DTYPE.get(str(base.dtype))
        if dt is None:
            raise TypeError("tensordesc: no TMA element type for %s" % base.dtype)
        if not (1 <= len(block_shape) <= MAX_RANK) or len(shape) != len(block_shape) \
                or len(strides) != len(block_shape):
            raise ValueError("tensordesc: shape %s, strides %s and block_shape %s must have one "
                             "length, 1 to %d" % (shape, strides, block_shape, MAX_RANK))
        self.base, self.dtype = base, dt
        self.shape, self.strides, self.block_shape = shape, strides, block_shape
        pad = [0] * (MAX_RANK - len(shape))
        self.c = _TensorDescC(base.data_ptr(), DTYPE_CODE[dt], len(shape),
                              (ctypes.c_int64 * MAX_RANK)(*(shape + pad)),
                              (ctypes.c_int64 * MAX_RANK)(*(strides + pad)),
                              (ctypes.c_int64 * MAX_RANK)(*(block_shape + pad)))

    def type_name(self):
        return "tensordesc<%s[%s]>" % (self.dtype, ", ".join(str(b) for b in self.block_shape))


def as_tensordesc(a):
    """A TensorDesc, or one made from an object with Triton's TensorDescriptor fields; None for
    anything else."""
    if isinstance(a, TensorDesc):
        return a
    if all(hasattr(a, f) for f in ("base", "shape", "strides", "block_shape")):
        return TensorDesc(a.base, a.shape, a.strides, a.block_shape)
    return None


def desc_param_type(p):
    """A tensordesc parameter's type as Triton spells it: tensordesc<fp16[128, 64]>."""
    return "tensordesc<%s[%s]>" % (p["dtype"], ", ".join(str(b) for b in p["block_shape"]))


class _Arg(ctypes.Structure):
    _fields_ = [("kind", ctypes.c_int), ("v", _ArgValue)]


def read_lists():
    """Every line of kernels_*.txt: (where, name, file, kernel, args)."""
    rows = []
    for path in sorted(glob.glob(os.path.join(os.environ.get("TORCH_LIST_DIR", HERE), "kernels_*.txt"))):
        with open(path) as f:
            for n, line in enumerate(f, 1):
                line = line.rstrip("\n")
                if not line.strip() or line.startswith("#"):
                    continue
                parts = line.split("|", 3)
                parts += [""] * (4 - len(parts))
                rows.append(("%s:%d" % (os.path.basename(path), n),) + tuple(parts))
    return rows


def check_files(names):
    """The check files to run: all beside this file, or those named (norms, check_norms,
    check_norms.py)."""
    found = sorted(glob.glob(os.path.join(HERE, "check_*.py")))
    if not names:
        return found
    out = []
    for n in names:
        base = os.path.basename(n)
        if base.endswith(".py"):
            base = base[:-3]
        if not base.startswith("check_"):
            base = "check_" + base
        path = os.path.join(HERE, base + ".py")
        if not os.path.exists(path):
            raise SystemExit("torch harness: no check file %s" % path)
        out.append(path)
    return out


def import_file(path, modname=None):
    """Imports a Python (or .tir) file as a module; inspect.getsource works on it, which
    Triton's JIT needs."""
    modname = modname or os.path.splitext(os.path.basename(path))[0]
    loader = importlib.machinery.SourceFileLoader(modname, path)
    spec = importlib.util.spec_from_loader(modname, loader)
    mod = importlib.util.module_from_spec(spec)
    mod.__file__ = path
    sys.modules[modname] = mod
    loader.exec_module(mod)
    return mod


def find_libtilert():
    lib = os.environ.get("TILERT_LIB")
    if lib:
        return lib
    build = os.environ.get("TILERT_BUILD_DIR", "/tmp/tilert-gpu-build")
    os.makedirs(build, exist_ok=True)
    log = os.path.join(build, "torch_harness_build.log")
    with open(log, "w") as f:
        for cmd in (["cmake", "-S", ROOT, "-B", build, "-DTILEC_BUILD_COMPILER=OFF",
                     "-DTILEC_WERROR=ON", "-DCMAKE_BUILD_TYPE=Release"],
                    ["cmake", "--build", build, "--target", "tilert_shared",
                     "-j%d" % (os.cpu_count() or 4)]):
            if subprocess.call(cmd, stdout=f, stderr=subprocess.STDOUT) != 0:
                raise RuntimeError("building libtilert.so failed (log: %s)" % log)
    return os.path.join(build, "libtilert.so")


class Runtime:
    """libtilert through ctypes: one runtime on device 0 (the primary context torch uses)."""

    def __init__(self, libpath):
        L = ctypes.CDLL(libpath)
        P = ctypes.c_void_p
        L.tilert_status_name.restype = ctypes.c_char_p
        L.tilert_status_name.argtypes = [ctypes.c_int]
        L.tilert_runtime_create.argtypes = [ctypes.c_int, ctypes.POINTER(P)]
        L.tilert_runtime_last_error.restype = ctypes.c_char_p
        L.tilert_runtime_last_error.argtypes = [P]
        L.tilert_runtime_destroy.argtypes = [P]
        L.tilert_runtime_make_current.argtypes = [P]
        L.tilert_module_load_files.argtypes = [P, ctypes.c_char_p, ctypes.POINTER(P)]
        L.tilert_module_get_kernel.argtypes = [P, ctypes.c_char_p, ctypes.POINTER(P)]
        L.tilert_launch.argtypes = [P, ctypes.POINTER(ctypes.c_uint * 3), P,
                                    ctypes.POINTER(_Arg), ctypes.c_size_t]
        L.tilert_launch_unchecked.argtypes = [P, ctypes.POINTER(ctypes.c_uint * 3), P,
                                              ctypes.POINTER(ctypes.c_void_p)]
        L.tilert_tensordesc_encode.argtypes = [P, ctypes.c_size_t, P, P]
        self.L = L
        self.rt = P()
        st = L.tilert_runtime_create(0, ctypes.byref(self.rt))
        if st != 0:
            raise RuntimeError("tilert_runtime_create: %s" % self.error(st))

    def error(self, st):
        msg = self.L.tilert_runtime_last_error(self.rt) if self.rt else b""
        return "%s: %s" % (self.L.tilert_status_name(st).decode(), (msg or b"").decode())

    def call(self, what, st):
        if st != 0:
            raise RuntimeError("%s: %s" % (what, self.error(st)))


class Launcher:
    """k(grid, *args): a checked launch of one kernel on torch's current stream."""

    def __init__(self, h, name, kernel, meta):
        self.h, self.name, self.kernel, self.meta = h, name, kernel, meta
        self.params = meta["params"]
        self.constexprs = meta.get("constexprs", {})

    def _desc(self, i, p, a):
        """The TensorDesc for argument i of a tensordesc parameter (libtilert checks the rest)."""
        where = "%s: argument %d (%s)" % (self.name, i, p["name"])
        d = as_tensordesc(a)
        if d is None:
            raise TypeError("%s: expected a tensor descriptor (h.tensordesc) for %s, got %s"
                            % (where, desc_param_type(p), type(a).__name__))
        if not getattr(d.base, "is_cuda", False):
            raise TypeError("%s: the descriptor's tensor is not on the GPU" % where)
        return d

    def _arg(self, i, p, a, keep):
        """The tilert_arg for argument i; what it points at is appended to keep."""
        torch = self.h.torch
        where = "%s: argument %d (%s)" % (self.name, i, p["name"])
        arg = _Arg()
        dt = p["dtype"]
        if p["kind"] == "tensordesc":
            d = self._desc(i, p, a)
            keep.append(d)
            arg.kind, arg.v.desc = ARG_TENSORDESC, ctypes.addressof(d.c)
            return arg
        if p["kind"] == "ptr":
            if isinstance(a, torch.Tensor):
                if not a.is_cuda:
                    raise TypeError("%s: tensor is not on the GPU" % where)
                if a.element_size() != DTYPE_SIZE[dt]:
                    raise TypeError("%s: the kernel takes *%s, got a %s tensor" % (where, dt, a.dtype))
                arg.kind, arg.v.ptr = ARG_PTR, a.data_ptr()
            elif isinstance(a, int):
                arg.kind, arg.v.ptr = ARG_PTR, a
            else:
                raise TypeError("%s: expected a tensor for *%s, got %s" % (where, dt, type(a).__name__))
            return arg
        if isinstance(a, bool):
            a = int(a)
        if dt.startswith("fp") or dt == "bf16":
            if not isinstance(a, (int, float)):
                raise TypeError("%s: expected a number for %s, got %s" % (where, dt, type(a).__name__))
            if dt == "fp64":
                arg.kind, arg.v.f64 = ARG_F64, float(a)
            else:
                arg.kind, arg.v.f32 = ARG_F32, float(a)
            return arg
        if not isinstance(a, int):
            raise TypeError("%s: expected an int for %s, got %s" % (where, dt, type(a).__name__))
        lo, hi = INT_RANGE[dt]
        if not lo <= a <= hi:
            raise ValueError("%s: %d does not fit %s" % (where, a, dt))
        if dt in ("i64", "u64"):
            arg.kind, arg.v.i64 = ARG_I64, a if a < 2**63 else a - 2**64
        else:
            arg.kind, arg.v.i32 = ARG_I32, a if a < 2**31 else a - 2**32
        return arg

    def prepared(self, grid, *args):
        """A zero-argument callable that launches with these arguments through
        tilert_launch_unchecked (arguments converted once; for benchmarks). Checks the
        arguments once with a checked launch first."""
        self(grid, *args)
        ctype = {"i1": ctypes.c_int8, "i8": ctypes.c_int8, "u8": ctypes.c_uint8, "i16": ctypes.c_int16,
                 "u16": ctypes.c_uint16, "i32": ctypes.c_int32, "u32": ctypes.c_uint32,
                 "i64": ctypes.c_int64, "u64": ctypes.c_uint64, "fp32": ctypes.c_float,
                 "fp64": ctypes.c_double}
        vals, ptrs = [], []
        for i, (p, a) in enumerate(zip(self.params, args)):
            if p["kind"] == "tensordesc":
                vals.append(self._encode(i, p, a))
                ptrs.append(vals[-1][1])
                continue
            if p["kind"] == "ptr":
                vals.append(ctypes.c_uint64(a.data_ptr() if hasattr(a, "data_ptr") else a))
            elif p["dtype"] in ctype:
                vals.append(ctype[p["dtype"]](a))
            else:
                raise TypeError("%s: prepared launches do not take %s scalars" % (self.name, p["dtype"]))
            ptrs.append(ctypes.cast(ctypes.byref(vals[-1]), ctypes.c_void_p).value)
        if isinstance(grid, int):
            grid = (grid,)
        g = (ctypes.c_uint * 3)(*[int(x) for x in tuple(grid) + (1,) * (3 - len(grid))])
        scratch = int(self.meta.get("global_scratch_bytes", 0))
        if scratch:  # in-kernel descriptors: the hidden last parameter, allocated once here
            buf = self.h.torch.empty(g[0] * g[1] * g[2] * scratch, dtype=self.h.torch.int8, device="cuda")
            vals.append((buf, ctypes.c_uint64(buf.data_ptr())))
            ptrs.append(ctypes.cast(ctypes.byref(vals[-1][1]), ctypes.c_void_p).value)
        ptrs = (ctypes.c_void_p * max(1, len(ptrs)))(*ptrs)
        stream = ctypes.c_void_p(self.h.torch.cuda.current_stream().cuda_stream or None)
        L, k = self.h.rt.L, self.kernel

        def launch(keep=(vals, ptrs, g)):
            st = L.tilert_launch_unchecked(k, ctypes.byref(g), stream, ptrs)
            if st != 0:
                self.h.rt.call("launch of %s" % self.name, st)
        return launch

    def _encode(self, i, p, a):
        """Argument i's descriptor encoded once (tilert_tensordesc_encode): (the storage, the
        64-byte aligned address of the 128-byte map in it, the descriptor)."""
        d = self._desc(i, p, a)
        raw = (ctypes.c_char * 192)()
        addr = (ctypes.addressof(raw) + 63) & ~63
        rt = self.h.rt
        rt.call("encoding argument %d (%s) of %s" % (i, p["name"], self.name),
                rt.L.tilert_tensordesc_encode(self.kernel, i, ctypes.byref(d.c), ctypes.c_void_p(addr)))
        return (raw, addr, d)

    def __call__(self, grid, *args):
        if len(args) != len(self.params):
            raise TypeError("%s: %d arguments, the kernel takes %d (%s)" % (
                self.name, len(args), len(self.params),
                ", ".join(p["name"] for p in self.params)))
        if isinstance(grid, int):
            grid = (grid,)
        grid = tuple(grid) + (1,) * (3 - len(grid))
        if len(grid) != 3 or any(int(g) < 0 for g in grid):
            raise ValueError("%s: bad grid %r" % (self.name, grid))
        if 0 in grid:
            return
        keep = []  # descriptors the arguments point at: alive until the launch returns
        arr = (_Arg * max(1, len(args)))(*[self._arg(i, p, a, keep) for i, (p, a)
                                             in enumerate(zip(self.params, args))])
        g = (ctypes.c_uint * 3)(*[int(x) for x in grid])
        stream = self.h.torch.cuda.current_stream().cuda_stream
        rt = self.h.rt
        rt.call("launch of %s" % self.name,
                rt.L.tilert_launch(self.kernel, ctypes.byref(g), ctypes.c_void_p(stream or None),
                                   arr, len(args)))
        if self.h.sync_each:
            self.h.torch.cuda.synchronize()


class Harness:
    def __init__(self, carry, torch=None, rt=None):
        self.carry = carry
        self.torch = torch
        self.rt = rt
        self.sync_each = os.environ.get("TORCH_HARNESS_SYNC") == "1"
        self.only_parts = []  # --part NAME: run only these parts (empty: all)
        self.index = {}
        idx = os.path.join(carry, "index.txt")
        if os.path.exists(idx):
            with open(idx) as f:
                for line in f:
                    parts = line.rstrip("\n").split("|", 3)
                    if len(parts) == 4:
                        self.index[parts[0]] = parts
        self.launchers = {}
        self.results = []  # (status, name, detail)
        self.current_file = ""

    # ---- kernels -------------------------------------------------------------------------
    def tensordesc(self, tensor, block_shape):
        """A host tensor descriptor of `tensor` (its shape and strides) with `block_shape`, as
        Triton's TensorDescriptor.from_tensor(tensor, block_shape)."""
        return TensorDesc(tensor, tensor.shape, tensor.stride(), block_shape)

    def kernel(self, name, entry=None):
        """The kernel compiled as `name`; `entry`: another entry point of its module (an
        autotune variant, `KERNEL__vN`)."""
        key = name if entry is None else name + "@" + entry
        if key in self.launchers:
            return self.launchers[key]
        import json
        ptx = os.path.join(self.carry, name + ".ptx")
        if name not in self.index or not os.path.exists(ptx):
            why = ""
            failed = os.path.join(self.carry, "FAILED.txt")
            if os.path.exists(failed):
                why = " ".join(l.strip() for l in open(failed) if (": %s:" % name) in l)
            raise RuntimeError("kernel %s was not compiled (run test/gpu/torch/prepare.sh)%s"
                               % (name, ": " + why if why else ""))
        kname = entry or self.index[name][2]
        with open(os.path.join(self.carry, name + ".json")) as f:
            meta = json.load(f)
        km = [k for k in meta["kernels"] if k["name"] == kname]
        if not km:
            raise RuntimeError("%s: no kernel %s in %s.json" % (name, kname, name))
        rt = self.rt
        P = ctypes.c_void_p
        mod, k = P(), P()
        rt.call("loading %s" % ptx, rt.L.tilert_module_load_files(rt.rt, ptx.encode(), ctypes.byref(mod)))
        rt.call("kernel %s" % kname, rt.L.tilert_module_get_kernel(mod, kname.encode(), ctypes.byref(k)))
        self.launchers[key] = Launcher(self, name, k, km[0])
        return self.launchers[key]

    def triton(self, file, name):
        """The @triton.jit function `name` of `file` (relative to the repository root)."""
        path = os.path.join(ROOT, file)
        mod = import_file(path, "tir_" + os.path.splitext(os.path.basename(file))[0])
        return getattr(mod, name)

    # ---- results -------------------------------------------------------------------------
    def _record(self, status, name, detail=""):
        self.results.append((status, name, detail))
        print("%s %s%s" % (status, name, (": " + detail) if detail else ""), flush=True)

    def skip(self, name, why):
        self._record("SKIP", name, why)

    def fail(self, name, why):
        self._record("FAIL", name, why)

    def part(self, name, fn, *args):
        """Runs fn(*args); an exception fails `name` (with the last traceback lines) and the
        check file goes on with its next part."""
        if self.only_parts and name not in self.only_parts:
            return
        try:
            fn(*args)
        except Exception:
            tb = traceback.format_exc().rstrip().splitlines()
            self._record("FAIL", name, "exception: " + " | ".join(tb[-6:]))

    def _as_tensors(self, got, want):
        torch = self.torch
        torch.cuda.synchronize()
        g = got if isinstance(got, torch.Tensor) else torch.tensor(got)
        w = want if isinstance(want, torch.Tensor) else torch.tensor(want)
        return g.detach().cpu(), w.detach().cpu()

    def check(self, name, got, want, atol=0.0, rtol=0.0):
        """Passes when the shapes agree, NaNs and infinities are at the same places (with the
        same signs), and every finite element has |got - want| <= atol + rtol * |want|."""
        try:
            g, w = self._as_tensors(got, want)
            if g.shape != w.shape:
                return self._record("FAIL", name, "shape %s, want %s" % (tuple(g.shape), tuple(w.shape)))
            g, w = g.to(self.torch.float64), w.to(self.torch.float64)
            torch = self.torch
            gn, wn = torch.isnan(g), torch.isnan(w)
            if not torch.equal(gn, wn):
                i = (gn != wn).nonzero()[0].tolist()
                return self._record("FAIL", name, "NaN positions differ (%d places), first at %s: got %r, want %r"
                                    % (int((gn != wn).sum()), i, g[tuple(i)].item(), w[tuple(i)].item()))
            gi, wi = torch.isinf(g), torch.isinf(w)
            bad_inf = (gi | wi) & ~(g == w)
            if bad_inf.any():
                i = bad_inf.nonzero()[0].tolist()
                return self._record("FAIL", name, "infinities differ (%d places), first at %s: got %r, want %r"
                                    % (int(bad_inf.sum()), i, g[tuple(i)].item(), w[tuple(i)].item()))
            fin = ~(gn | gi | wi)
            err = torch.where(fin, (g - w).abs(), torch.zeros_like(g))
            lim = atol + rtol * w.abs()
            bad = fin & (err > lim)
            maxerr = err.max().item() if err.numel() else 0.0
            if bad.any():
                i = bad.nonzero()[0].tolist()
                return self._record("FAIL", name, "%d of %d elements off (atol %g, rtol %g); max abs err %.3g; "
                                    "first at %s: got %r, want %r" % (int(bad.sum()), bad.numel(), atol, rtol,
                                    maxerr, i, g[tuple(i)].item(), w[tuple(i)].item()))
            self._record("PASS", name, "max abs err %.3g" % maxerr)
        except Exception as e:  # a comparison that cannot run is that check's failure
            self._record("FAIL", name, "%s: %s" % (type(e).__name__, e))

    def check_equal(self, name, got, want):
        """Exact: same shape, same values, NaN at the same places, and (floats) the same sign
        of zero."""
        try:
            torch = self.torch
            g, w = self._as_tensors(got, want)
            if g.shape != w.shape:
                return self._record("FAIL", name, "shape %s, want %s" % (tuple(g.shape), tuple(w.shape)))
            if g.is_floating_point() or w.is_floating_point():
                g, w = g.to(torch.float64), w.to(torch.float64)
                same = (g == w) | (torch.isnan(g) & torch.isnan(w))
                same &= (torch.signbit(g) == torch.signbit(w)) | torch.isnan(g)
            else:
                same = g == w
            if not bool(same.all()):
                i = (~same).nonzero()[0].tolist()
                return self._record("FAIL", name, "%d of %d elements differ; first at %s: got %r, want %r"
                                    % (int((~same).sum()), same.numel(), i, g[tuple(i)].item(), w[tuple(i)].item()))
            self._record("PASS", name)
        except Exception as e:
            self._record("FAIL", name, "%s: %s" % (type(e).__name__, e))

    def counts(self):
        c = {"PASS": 0, "FAIL": 0, "SKIP": 0}
        for s, _, _ in self.results:
            c[s] += 1
        return c["PASS"], c["FAIL"], c["SKIP"]


def open_harness(carry=None):
    """A Harness on device 0 for other scripts (bench/norms.py): torch first retains the
    primary context, then libtilert's runtime shares it."""
    import torch
    torch.cuda.init()
    torch.empty(1, device="cuda")
    return Harness(carry or os.path.join(ROOT, ".carry", "torch"), torch, Runtime(find_libtilert()))


def summary(p, f, s):
    print("torch checks: %d passed, %d failed, %d skipped" % (p, f, s))
    return 1 if f else 0


def list_mode(carry, files):
    """No GPU: every kernels_*.txt line has its .ptx and .json (named kernel inside), every
    check file compiles, and imports when torch is installed."""
    import json
    p = f = s = 0
    seen = {}
    for where, name, file, kernel, args in read_lists():
        ptx, js = os.path.join(carry, name + ".ptx"), os.path.join(carry, name + ".json")
        why = None
        if not name or not file or not kernel:
            why = "malformed line"
        elif name in seen:
            why = "duplicate name (first at %s)" % seen[name]
        elif not os.path.exists(os.path.join(ROOT, file)):
            why = "no file %s" % file
        elif not (os.path.exists(ptx) and os.path.exists(js)):
            why = "not compiled (no %s.ptx/.json in %s)" % (name, carry)
        else:
            try:
                with open(js) as fh:
                    names = [k["name"] for k in json.load(fh)["kernels"]]
                if kernel not in names:
                    why = "%s.json has kernels %s, not %s" % (name, names, kernel)
            except Exception as e:
                why = "%s.json: %s" % (name, e)
        seen.setdefault(name, where)
        if why:
            print("FAIL kernel %s (%s): %s" % (name, where, why)); f += 1
        else:
            print("PASS kernel %s (%s)" % (name, where)); p += 1
    try:
        import torch  # noqa: F401
        have_torch = True
    except ImportError:
        have_torch = False
    for path in files:
        base = os.path.basename(path)
        try:
            with open(path) as fh:
                compile(fh.read(), path, "exec")
            if have_torch:
                mod = import_file(path)
                if not callable(getattr(mod, "run", None)):
                    raise RuntimeError("defines no run(h)")
            print("PASS %s: %s" % (base, "imports" if have_torch else "compiles (no torch here: not imported)"))
            p += 1
        except Exception as e:
            print("FAIL %s: %s: %s" % (base, type(e).__name__, e)); f += 1
    return summary(p, f, s)


def main(argv):
    carry = os.path.join(ROOT, ".carry", "torch")
    names, do_list, parts = [], False, []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--list":
            do_list = True
        elif a == "--part" and i + 1 < len(argv):
            i += 1
            parts.append(argv[i])
        elif a == "--carry" and i + 1 < len(argv):
            i += 1
            carry = os.path.abspath(argv[i])
        elif a in ("-h", "--help"):
            print(__doc__); return 0
        else:
            names.append(a)
        i += 1
    files = check_files(names)
    if do_list:
        return list_mode(carry, files)
    try:
        import torch
    except ImportError:
        print("torch checks: skipped: torch is not installed")
        return summary(0, 0, len(files))
    if not torch.cuda.is_available():
        print("torch checks: skipped: no GPU")
        return summary(0, 0, len(files))
    torch.cuda.init()
    torch.empty(1, device="cuda")  # torch retains the primary context first
    try:
        rt = Runtime(find_libtilert())
    except Exception as e:
        print("FAIL runtime: %s" % e)
        return summary(0, 1, 0)
    failed = os.path.join(carry, "FAILED.txt")
    if os.path.exists(failed) and os.path.getsize(failed):
        print("note: kernels that did not compile (their checks fail):")
        print(open(failed).read().rstrip())
    h = Harness(carry, torch, rt)
    h.only_parts = parts
    sys.path.insert(0, HERE)
    for path in files:
        base = os.path.basename(path)
        h.current_file = base
        print("== %s" % base, flush=True)
        try:
            import_file(path).run(h)
            torch.cuda.synchronize()
        except Exception:
            tb = traceback.format_exc().rstrip().splitlines()
            h._record("FAIL", base, "exception: " + " | ".join(tb[-6:]))
            try:
                torch.cuda.synchronize()
            except Exception:
                pass
    return summary(*h.counts())


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
