import triton

from mylib import cyc_a  # a cycle: cyc_a as far as it has run

B = 13


@triton.jit
def from_b(x):
    return cyc_a.from_a(x) + B
