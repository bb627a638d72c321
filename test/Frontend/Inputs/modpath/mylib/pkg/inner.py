import triton


@triton.jit
def inner_fn(x):
    return x - 1
