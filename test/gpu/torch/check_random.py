"""GPU checks of tl.randint / randint4x / rand / randn / rand4x / randn4x and Triton's
tutorial-04 seeded dropout (test/gpu/torch/kernels_random.txt) against Triton running the
same kernel text (test/gpu/torch/random_kernels.tir, examples/dropout.tir) on the same GPU.

What must match, and how:
- randint/randint4x words and rand/rand4x floats: bit for bit (check_equal; floats compared
  as their int32 bits). Also, independently of Triton, the first elements against the
  plain-Python mirror of random.py (test/Frontend/Inputs/random_ref.py).
- The dropout keep mask: exactly (x is drawn in [1, 2), so an output is 0 only where the
  element was dropped), against Triton and against tilec's own tl.rand > p; the kept values
  x / (1 - p) within rtol 1e-6 of Triton's (approximate division, ~2 ulp) and 2e-6 of torch's
  (which also rounds 1 - p differently).
- randn/randn4x: |got - want| <= 1e-4 + 1e-4 |want|. The bits feeding Box-Muller are the
  same; the difference is only in log/sqrt/cos/sin, where tilec and Triton may pick
  different fast-math instructions (approximate sin/cos/log have absolute errors around
  1e-6 on [0, 2 pi); r = sqrt(-2 log u) <= 5.7 scales them), far below what a wrong word,
  offset or formula would give (O(1)).
- Sanity without Triton: rand in [0, 1) with mean 0.5 +- 0.01, randn mean 0 +- 0.01 and
  std 1 +- 0.01 over 2^20 samples; dropout keeps 1 - p +- 0.01 of the elements.

Seeds and offsets: i32 and i64 of each (Triton types a Python int argument i32 when it fits
in [-2^31, 2^31), i64 below that or at 2^32 and above; the i64 cases use such values only,
so that Triton specializes them as tilec's signature says)."""
import os
import sys

import torch

DEV = "cuda"
HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = "test/gpu/torch/random_kernels.tir"

SEEDS32 = [0, 12345, -1, 2**31 - 1, -(2**31)]
SEEDS64 = [2**32 + 17, -(2**40) - 3, 0x0DEADBEEFCAFE]
BASES32 = [0, 1000, -3000, 2**31 - 70000]
BASES64 = [2**33 - 1500, 2**40 + 12345, -(2**33) - 7]  # the 1st and 3rd cross a high-word change


def cdiv(a, b):
    return (a + b - 1) // b


def ref_module():
    sys.path.insert(0, os.path.join(HERE, "..", "..", "Frontend", "Inputs"))
    import random_ref
    return random_ref


def triton_fn(h, name, file=KERNELS):
    try:
        return h.triton(file, name)
    except Exception as e:  # no Triton on this machine, or it cannot import the file
        return e


def as_i32(u):
    return u - 2**32 if u >= 2**31 else u


# ---- integers -----------------------------------------------------------------------------
def check_words_vs_python(h, tag, got, seed, base, n, planes, rounds=10):
    """The first 32 elements of each plane against random_ref.py (no GPU reference needed)."""
    ref = ref_module()
    odt = "i64" if not -2**31 <= base < 2**31 else "i32"
    sdt = "i64" if not -2**31 <= seed < 2**31 else "i32"
    cnt = min(n, 32)
    want = torch.empty((planes, cnt), dtype=torch.int32)
    for i in range(cnt):
        words = ref.randint4x(seed, base + i, odt, rounds, sdt)
        for p in range(planes):
            want[p, i] = as_i32(words[p])
    h.check_equal("%s: first %d words as random_ref.py" % (tag, cnt),
                  got.view(planes, n)[:, :cnt].cpu(), want)


def randint4x(h):
    fn = triton_fn(h, "randint4x_kernel")
    cases = [("rnd_randint4x_s32_o32", SEEDS32, BASES32, 1024),
             ("rnd_randint4x_s32_o64", SEEDS32[:3], BASES64, 1024),
             ("rnd_randint4x_s64_o64", SEEDS64, BASES64, 1024),
             ("rnd_randint4x_s64_o32_w8", SEEDS64, BASES32, 512)]
    for name, seeds, bases, block in cases:
        k = h.kernel(name)
        for seed in seeds:
            for base in bases:
                n = 3000
                tag = "%s seed=%d base=%d" % (name, seed, base)
                got = torch.zeros(4 * n, dtype=torch.int32, device=DEV)
                k((cdiv(n, block),), got, seed, base, n)
                check_words_vs_python(h, tag, got, seed, base, n, 4)
                if isinstance(fn, Exception):
                    h.skip(tag + ": as Triton", "Triton unavailable: %s" % fn)
                    continue
                want = torch.zeros_like(got)
                fn[(cdiv(n, block),)](want, seed, base, n, BLOCK=block)
                h.check_equal(tag + ": 4 words as Triton", got, want)


def randint_rounds(h):
    fn = triton_fn(h, "randint_rounds_kernel")
    k = h.kernel("rnd_randint_r7")
    for seed in (7, -12345):
        n = 2500
        tag = "rnd_randint_r7 seed=%d" % seed
        got = torch.zeros(n, dtype=torch.int32, device=DEV)
        k((cdiv(n, 1024),), got, seed, 100, n)
        check_words_vs_python(h, tag, got, seed, 100, n, 1, rounds=7)
        if isinstance(fn, Exception):
            h.skip(tag + ": as Triton", "Triton unavailable: %s" % fn)
            continue
        want = torch.zeros_like(got)
        fn[(cdiv(n, 1024),)](want, seed, 100, n, BLOCK=1024, ROUNDS=7)
        h.check_equal(tag + ": as Triton", got, want)


def philox64(h):
    """tl.philox on 64-bit counters (Philox-4x64, key (seed, 0)): as Triton and as the mirror."""
    fn = triton_fn(h, "philox64_kernel")
    ref = ref_module()
    k = h.kernel("rnd_philox64")
    for seed, base in ((2**32 + 5, 2**40 + 1), (-(2**35), -(2**33) - 100)):
        n = 1000
        tag = "rnd_philox64 seed=%d base=%d" % (seed, base)
        got = torch.zeros(4 * n, dtype=torch.int64, device=DEV)
        k((cdiv(n, 256),), got, seed, base, n)
        s64 = lambda u: u - 2**64 if u >= 2**63 else u
        want_py = torch.tensor([[s64(w) for w in ref.philox_impl64((base + i) % 2**64, 0, 0, 0, seed % 2**64, 0)]
                                for i in range(16)], dtype=torch.int64).t()
        h.check_equal(tag + ": first 16 as random_ref.py", got.view(4, n)[:, :16].cpu(), want_py)
        if isinstance(fn, Exception):
            h.skip(tag + ": as Triton", "Triton unavailable: %s" % fn)
            continue
        want = torch.zeros_like(got)
        fn[(cdiv(n, 256),)](want, seed, base, n, BLOCK=256)
        h.check_equal(tag + ": 4 words as Triton", got, want)


# ---- floats -------------------------------------------------------------------------------
def rand_bits(h):
    fn = triton_fn(h, "rand_kernel")
    ref = ref_module()
    for name, seeds, bases in (("rnd_rand_s32_o32", SEEDS32, BASES32), ("rnd_rand_s64_o64", SEEDS64, BASES64)):
        k = h.kernel(name)
        for seed in seeds:
            for base in bases[:3]:
                n = 5000
                tag = "%s seed=%d base=%d" % (name, seed, base)
                got = torch.full((n,), -1.0, device=DEV)
                k((cdiv(n, 1024),), got, seed, base, n)
                odt = "i32" if -2**31 <= base < 2**31 else "i64"
                sdt = "i32" if -2**31 <= seed < 2**31 else "i64"
                want_py = torch.tensor([ref.uint_to_uniform_float(ref.randint4x(seed, base + i, odt, 10, sdt)[0])
                                        for i in range(16)], dtype=torch.float32)
                h.check_equal(tag + ": first 16 as random_ref.py", got[:16].cpu().view(torch.int32),
                              want_py.view(torch.int32))
                h.check_equal(tag + ": in [0, 1)", bool(((got >= 0) & (got < 1)).all()), True)
                if isinstance(fn, Exception):
                    h.skip(tag + ": as Triton", "Triton unavailable: %s" % fn)
                    continue
                want = torch.full_like(got, -2.0)
                fn[(cdiv(n, 1024),)](want, seed, base, n, BLOCK=1024)
                h.check_equal(tag + ": bits as Triton", got.view(torch.int32), want.view(torch.int32))


def randn_close(h):
    fn = triton_fn(h, "randn_kernel")
    for name, seeds, bases in (("rnd_randn_s32_o32", SEEDS32, BASES32), ("rnd_randn_s64_o64", SEEDS64, BASES64)):
        k = h.kernel(name)
        for seed in seeds[:3]:
            for base in bases[:2]:
                n = 5000
                tag = "%s seed=%d base=%d" % (name, seed, base)
                got = torch.zeros(n, device=DEV)
                k((cdiv(n, 1024),), got, seed, base, n)
                if isinstance(fn, Exception):
                    h.skip(tag + ": as Triton", "Triton unavailable: %s" % fn)
                    continue
                want = torch.zeros_like(got)
                fn[(cdiv(n, 1024),)](want, seed, base, n, BLOCK=1024)
                h.check(tag + ": as Triton", got, want, atol=1e-4, rtol=1e-4)


def four_x(h):
    fn = triton_fn(h, "rand4x_kernel")
    k = h.kernel("rnd_rand4x_s32_o32")
    for seed in (0, 4242):
        n = 3001
        tag = "rnd_rand4x_s32_o32 seed=%d" % seed
        gu = torch.zeros(4 * n, device=DEV)
        gn = torch.zeros(4 * n, device=DEV)
        k((cdiv(n, 256),), gu, gn, seed, 77, n)
        if isinstance(fn, Exception):
            h.skip(tag + ": as Triton", "Triton unavailable: %s" % fn)
            continue
        wu, wn = torch.zeros_like(gu), torch.zeros_like(gn)
        fn[(cdiv(n, 256),)](wu, wn, seed, 77, n, BLOCK=256)
        h.check_equal(tag + ": rand4x bits as Triton", gu.view(torch.int32), wu.view(torch.int32))
        h.check(tag + ": randn4x as Triton", gn, wn, atol=1e-4, rtol=1e-4)


def statistics(h):
    n = 1 << 20
    u = torch.zeros(n, device=DEV)
    h.kernel("rnd_rand_s32_o32")((cdiv(n, 1024),), u, 2024, 0, n)
    h.check("rand mean over 2^20", u.double().mean(), torch.tensor(0.5, dtype=torch.float64, device=DEV),
            atol=0.01, rtol=0)
    z = torch.zeros(n, device=DEV)
    h.kernel("rnd_randn_s32_o32")((cdiv(n, 1024),), z, 2024, 0, n)
    zd = z.double()
    h.check("randn mean over 2^20", zd.mean(), torch.tensor(0.0, dtype=torch.float64, device=DEV), atol=0.01, rtol=0)
    h.check("randn std over 2^20", zd.std(), torch.tensor(1.0, dtype=torch.float64, device=DEV), atol=0.01, rtol=0)


# ---- dropout ------------------------------------------------------------------------------
def dropout(h):
    fn = triton_fn(h, "_seeded_dropout", "examples/dropout.tir")
    rand_k = h.kernel("rnd_rand_s32_o32")
    for name in ("rnd_dropout", "rnd_dropout_w8"):
        k = h.kernel(name)
        for seed, p, n in ((123, 0.5, 98432), (-7, 0.1, 1000), (2**31 - 1, 0.9, 4097)):
            tag = "%s seed=%d p=%g n=%d" % (name, seed, p, n)
            x = torch.rand(n, device=DEV) + 1.0
            got = torch.full_like(x, -5.0)
            k((cdiv(n, 1024),), x, got, n, p, seed)
            u = torch.zeros(n, device=DEV)
            rand_k((cdiv(n, 1024),), u, seed, 0, n)
            keep = u > p
            h.check_equal(tag + ": keep mask is tl.rand(seed, offsets) > p", got != 0, keep)
            h.check(tag + ": kept values x / (1 - p)", got[keep], (x / (1 - p))[keep], atol=0, rtol=2e-6)
            h.check("%s: kept fraction" % tag, keep.double().mean(),
                    torch.tensor(1 - p, dtype=torch.float64, device=DEV), atol=0.01 if n > 10000 else 0.06, rtol=0)
            if isinstance(fn, Exception):
                h.skip(tag + ": as Triton", "Triton unavailable: %s" % fn)
                continue
            want = torch.full_like(x, -6.0)
            fn[(cdiv(n, 1024),)](x, want, n, p, seed, BLOCK_SIZE=1024)
            h.check_equal(tag + ": keep mask as Triton", got != 0, want != 0)
            h.check(tag + ": values as Triton", got, want, atol=0, rtol=1e-6)


def run(h):
    for part in (randint4x, randint_rounds, philox64, rand_bits, randn_close, four_x, statistics, dropout):
        h.part("random: " + part.__name__, part, h)
