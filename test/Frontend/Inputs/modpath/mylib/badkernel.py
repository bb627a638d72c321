import triton

VALUE = 5

if NOT_DEFINED:  # a kernel under a condition that fails: an error, not a skip; the import fails

    @triton.jit
    def bad(x):
        return x
