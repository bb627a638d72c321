import triton

from mylib import cyc_b

A = 11


@triton.jit
def from_a(x):
    return x + A
