"""Jit helpers of a kernel library, as FlagGems' triton_lang_extension has them."""
import triton
import triton.language as tl

OFFSET: tl.constexpr = 3
table = [x * 2 for x in range(4)]  # host code: skipped


@triton.jit
def program_id(axis: int) -> tl.tensor:
    return tl.program_id(axis).to(tl.int64)


@triton.jit
def add_offset(x):
    # OFFSET is this module's (3), whatever the caller's module calls OFFSET
    return x + OFFSET


@triton.jit
def twice_offset(x):
    return add_offset(add_offset(x))  # a helper of the same module, by its bare name


def host_fn():
    return 1
