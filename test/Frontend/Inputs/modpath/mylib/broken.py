import triton


def f(:
    pass
