# What the side-by-side benchmarks (dotscaled.py, dequant.py, stdlib.py) share: Triton's
# cache in a fresh temporary folder (each run compiles, none reuses another's), the
# repository root, test/gpu/torch's harness opened on the CARRY folder the command line
# names first, and do_bench's settings. A script sets sys.dont_write_bytecode before
# importing this (a run writes nothing into the source tree).
import os
import sys
import tempfile

os.environ.setdefault("TRITON_CACHE_DIR", tempfile.mkdtemp())
from triton.testing import do_bench  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "test", "gpu", "torch"))
import harness  # noqa: E402


def open_carry():
    """The harness on the CARRY folder that the command line's first argument names."""
    return harness.open_harness(os.path.abspath(sys.argv[1]))


def median_ms(fn):
    """fn's median time in ms (do_bench: 25 ms of warm-up, 200 of repetitions)."""
    return do_bench(fn, warmup=25, rep=200, return_mode="median")
