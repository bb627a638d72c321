# A package's __init__.py: runs when a name is taken from the package itself
# (`from mylib import SCALE`), not for `from mylib.helpers import ...`.
import torch

SCALE = 2
DEVICE = torch.device("cuda")  # host code: skipped (not run for an imported module)


def host_helper(x):  # host code of an imported module: skipped
    return x + 1
