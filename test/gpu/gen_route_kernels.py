#!/usr/bin/env python3
"""Writes the tgpu IR kernels of the convert_layout route suite into test/gpu/Inputs/routes/.

Each kernel `cvt_<route>_<rank>d_<dtype>(in, out)` loads a tensor from `in` in layout A,
converts it to layout B (tgpu.convert_layout, lowered by the route named) and stores it
to `out` in layout B, so out == in exactly. One block of 4 warps covers the tensor.
Run once after changing the table below; the .ir files are committed.
`gen_route_kernels.py --random COUNT SEED DIR` writes COUNT random layout pairs into DIR
instead (any route; test/Conversion/convert-layout-sim.test runs them on the CPU).
scripts/gpu_prepare_routes.sh compiles them; test/gpu/routes.c runs them on a GPU.
"""
import os
import random
import sys

WARPS = 4


def blocked(spt, tpw, wpc, order):
    l = lambda v: "[" + ", ".join(str(x) for x in v) + "]"
    return ("#tgpu.blocked<{order = %s, sizePerThread = %s, threadsPerWarp = %s, warpsPerCTA = %s}>"
            % (l(order), l(spt), l(tpw), l(wpc)))


def slice_of(dim, parent):
    return "#tgpu.slice<{dim = %d : i32, parent = %s}>" % (dim, parent)


# route -> (shape, layout A, layout B); the unit test (test/unit/ll_unit.c) and
# test/Conversion/convert-layout-*.ir check that these pairs take these routes.
CASES = {
    ("noop", 1): ([512], blocked([4], [32], [4], [0]),
                  slice_of(0, blocked([1, 4], [1, 32], [1, 4], [1, 0]))),
    ("noop", 2): ([1, 512], blocked([1, 4], [1, 32], [1, 4], [1, 0]),
                  blocked([1, 4], [1, 32], [1, 4], [0, 1])),
    ("registers", 1): ([2], blocked([4], [32], [4], [0]), blocked([2], [32], [4], [0])),
    ("registers", 2): ([2, 256], blocked([2, 2], [1, 32], [1, 4], [1, 0]),
                       blocked([2, 2], [1, 32], [1, 4], [0, 1])),
    ("shuffle", 1): ([32], blocked([1], [32], [4], [0]), blocked([2], [32], [4], [0])),
    ("shuffle", 2): ([8, 16], blocked([1, 1], [2, 16], [4, 1], [1, 0]),
                     blocked([1, 1], [2, 16], [4, 1], [0, 1])),
    ("shared", 1): ([512], blocked([4], [32], [4], [0]), blocked([1], [32], [4], [0])),
    ("shared", 2): ([32, 32], blocked([1, 4], [4, 8], [4, 1], [1, 0]),
                    blocked([4, 1], [8, 4], [1, 4], [0, 1])),
}
DTYPES = ["f32", "f16", "i8"]

# 16-bit mma accumulators (f16 after truncf) into a store layout with 8 consecutive elements
# per thread: the SHARED route through a permuted scratch (16-byte stores, ldmatrix rows;
# convert_plan.c, plan_permuted), as a matmul's epilogue takes it. f16 only.
PERMUTED = {
    "cvt_shared_permuted_mma3_f16": ([64, 64], "#tgpu.mma<{version = 3 : i32, warpsPerCTA = [4, 1]}>",
                              blocked([1, 8], [4, 8], [4, 1], [1, 0])),
    "cvt_shared_permuted_mma3w_f16": ([64, 128], "#tgpu.mma<{version = 3 : i32, warpsPerCTA = [4, 1]}>",
                               blocked([1, 8], [2, 16], [4, 1], [1, 0])),
    "cvt_shared_permuted_mma2_f16": ([32, 64], "#tgpu.mma<{version = 2 : i32, warpsPerCTA = [2, 2]}>",
                              blocked([1, 8], [4, 8], [4, 1], [1, 0])),
}


class Kernel:
    def __init__(self):
        self.lines, self.n = [], 0

    def op(self, text, ty):
        name = "%%%d" % self.n
        self.n += 1
        self.lines.append("    %s = %s : %s" % (name, text, ty))
        return name


def tensor(shape, elem, enc):
    return "tensor<%sx%s, %s>" % ("x".join(str(s) for s in shape), elem, enc)


def offsets(k, shape, enc):
    """Row-major element offsets of a tensor of `shape` in layout `enc`."""
    if len(shape) == 1:
        return k.op("tt.make_range() {end = %d : i32, start = 0 : i32}" % shape[0], tensor(shape, "i32", enc))
    m, n = shape
    rows = k.op("tt.make_range() {end = %d : i32, start = 0 : i32}" % m, tensor([m], "i32", slice_of(1, enc)))
    rows2 = k.op("tt.expand_dims(%s) {axis = 1 : i32}" % rows, tensor([m, 1], "i32", enc))
    stride = k.op("arith.constant() {value = %d : i32}" % n, "i32")
    strides = k.op("tt.splat(%s)" % stride, tensor([m, 1], "i32", enc))
    rowoff = k.op("arith.muli(%s, %s)" % (rows2, strides), tensor([m, 1], "i32", enc))
    rowb = k.op("tt.broadcast(%s)" % rowoff, tensor(shape, "i32", enc))
    cols = k.op("tt.make_range() {end = %d : i32, start = 0 : i32}" % n, tensor([n], "i32", slice_of(0, enc)))
    cols2 = k.op("tt.expand_dims(%s) {axis = 0 : i32}" % cols, tensor([1, n], "i32", enc))
    colb = k.op("tt.broadcast(%s)" % cols2, tensor(shape, "i32", enc))
    return k.op("arith.addi(%s, %s)" % (rowb, colb), tensor(shape, "i32", enc))


def kernel_ir(name, shape, a, b, dt):
    k = Kernel()
    off_a = offsets(k, shape, a)
    pa = k.op("tt.splat(%arg0)", tensor(shape, "ptr<%s>" % dt, a))
    pa2 = k.op("tt.addptr(%s, %s)" % (pa, off_a), tensor(shape, "ptr<%s>" % dt, a))
    x = k.op("tt.load(%s)" % pa2, tensor(shape, dt, a))
    y = k.op("tgpu.convert_layout(%s)" % x, tensor(shape, dt, b))
    off_b = offsets(k, shape, b)
    pb = k.op("tt.splat(%arg1)", tensor(shape, "ptr<%s>" % dt, b))
    pb2 = k.op("tt.addptr(%s, %s)" % (pb, off_b), tensor(shape, "ptr<%s>" % dt, b))
    k.lines.append("    tt.store(%s, %s)" % (pb2, y))
    k.lines.append("    tt.return()")
    head = ('builtin.module() {tgpu.num_warps = %d : i32, tgpu.threads_per_warp = 32 : i32} ({\n'
            '  tt.func() {function_type = (ptr<%s>, ptr<%s>) -> (), sym_name = "%s", '
            'tt.divisibility = [16, 16]} ({\n'
            '  ^entry(%%arg0: ptr<%s>, %%arg1: ptr<%s>):\n') % (WARPS, dt, dt, name, dt, dt)
    return head + "\n".join(k.lines) + "\n  })\n})\n"


def write(out, name, what, shape, a, b, dt):
    with open(os.path.join(out, name + ".ir"), "w") as f:
        f.write("// Generated by test/gpu/gen_route_kernels.py: %s, %s %s.\n"
                % (what, "x".join(map(str, shape)), dt))
        numel = 1
        for s in shape:
            numel *= s
        f.write("// NUMEL: %d\n" % numel)
        f.write(kernel_ir(name, shape, a, b, dt))


def split_pow2(total, rank, rng):
    v = [1] * rank
    while total > 1:
        v[rng.randrange(rank)] *= 2
        total //= 2
    return v


def random_blocked(rank, rng):
    order = list(range(rank))
    rng.shuffle(order)
    return blocked([rng.choice([1, 2, 4]) for _ in range(rank)], split_pow2(32, rank, rng),
                   split_pow2(WARPS, rank, rng), order)


def random_cases(count, seed, out):
    """Random pairs of blocked layouts (any route) for the CPU simulation."""
    rng = random.Random(seed)
    for i in range(count):
        rank = rng.choice([1, 2])
        shape = [2 ** rng.randrange(1, 11)] if rank == 1 else [2 ** rng.randrange(0, 6) for _ in range(2)]
        a, b = random_blocked(rank, rng), random_blocked(rank, rng)
        dt = rng.choice(DTYPES)
        write(out, "cvt_random%03d_%dd_%s" % (i, rank, dt), "random pair %d (seed %d)" % (i, seed),
              shape, a, b, dt)


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "--random":
        os.makedirs(sys.argv[4], exist_ok=True)
        random_cases(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4])
        return
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs", "routes")
    os.makedirs(out, exist_ok=True)
    for (route, rank), (shape, a, b) in CASES.items():
        for dt in DTYPES:
            write(out, "cvt_%s_%dd_%s" % (route, rank, dt), route + " route", shape, a, b, dt)
    for name, (shape, a, b) in PERMUTED.items():
        write(out, name, "shared route, permuted scratch", shape, a, b, "f16")


if __name__ == "__main__":
    main()
