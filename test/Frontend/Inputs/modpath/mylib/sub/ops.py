# mylib/sub has no __init__.py: a namespace package
import triton
import triton.language as tl

from ..helpers import add_offset
from . import consts
from .consts import FACTOR


@triton.jit
def scaled(x):
    return add_offset(x) * FACTOR + consts.BIAS
