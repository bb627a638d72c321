#!/usr/bin/env python3
"""Known-answer vectors for tl.randint / tl.rand: a plain-Python mirror of the arithmetic in
Triton 3.6's triton/language/random.py (randint4x -> philox -> philox_impl, and
uint_to_uniform_float), with uint32 wrap-around made explicit and float32 rounding done through
struct. No GPU and no numpy needed. Run it to regenerate the vectors used by
test/Frontend/sema-random-values.tir:

    python3 test/Frontend/Inputs/random_ref.py

Each line: seed, offset, offset dtype, the four randint4x words (as uint32 and as the signed
i32 tilec prints), and rand (float32, printed with %.9g as tilec prints f32 constants)."""
import struct

M32 = 0xFFFFFFFF
M64 = 0xFFFFFFFFFFFFFFFF
ROUND_A, ROUND_B = 0xD2511F53, 0xCD9E8D57
KEY_A, KEY_B = 0x9E3779B9, 0xBB67AE85


def const_dtype(x):
    """Triton's to_tensor type of a Python int (semantic.to_tensor)."""
    if -2**31 <= x < 2**31:
        return "i32"
    if x < 2**32:
        return "u32"
    if -2**63 <= x < 2**63:
        return "i64"
    return "u64"


def to_u64(x, dtype):
    """seed.to(tl.uint64): sign-extends signed sources, zero-extends unsigned ones."""
    bits = int(dtype[1:])
    x &= (1 << bits) - 1
    if dtype[0] == "i" and x >> (bits - 1):
        x -= 1 << bits
    return x & M64


def philox_impl(c0, c1, c2, c3, k0, k1, n_rounds=10):
    for _ in range(n_rounds):
        _c0, _c2 = c0, c2
        c0 = ((ROUND_B * _c2) >> 32) ^ c1 ^ k0
        c2 = ((ROUND_A * _c0) >> 32) ^ c3 ^ k1
        c1 = (ROUND_B * _c2) & M32
        c3 = (ROUND_A * _c0) & M32
        k0 = (k0 + KEY_A) & M32
        k1 = (k1 + KEY_B) & M32
    return c0, c1, c2, c3


def philox_impl64(c0, c1, c2, c3, k0, k1, n_rounds=10):
    """philox_impl on uint64 counters (tl.philox with 64-bit counters: key (seed, 0))."""
    A, B = 0xD2E7470EE14C6C93, 0xCA5A826395121157
    for _ in range(n_rounds):
        _c0, _c2 = c0, c2
        c0 = ((B * _c2) >> 64) ^ c1 ^ k0
        c2 = ((A * _c0) >> 64) ^ c3 ^ k1
        c1 = (B * _c2) & M64
        c3 = (A * _c0) & M64
        k0 = (k0 + 0x9E3779B97F4A7C15) & M64
        k1 = (k1 + 0xBB67AE8584CAA73B) & M64
    return c0, c1, c2, c3


def randint4x(seed, offset, offset_dtype="i32", n_rounds=10, seed_dtype=None):
    seed = to_u64(seed, seed_dtype or const_dtype(seed))
    bits = int(offset_dtype[1:])
    off = offset & ((1 << bits) - 1)
    lo = off & M32
    hi = (off >> 32) & M32 if bits > 32 else 0
    return philox_impl(lo, hi, 0, 0, seed & M32, (seed >> 32) & M32, n_rounds)


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def uint_to_uniform_float(u):
    x = u - (1 << 32) if u >> 31 else u        # bitcast to int32
    if x < 0:
        x = -x - 1
    return f32(f32(float(x)) * f32(4.6566127342e-10))


def s32(u):
    return u - (1 << 32) if u >> 31 else u


CASES = [  # (seed, offset, offset dtype)
    (0, 0, "i32"), (12345, 7, "i32"), (12345, 1000000, "i32"), (-1, 3, "i32"),
    (0x9E3779B9, 42, "i32"), (0x123456789AB, 5, "i32"), (12345, -5, "i32"),
    (12345, 2**40 + 5, "i64"), (7, -(2**35) - 3, "i64"),
]

if __name__ == "__main__":
    for seed, off, dt in CASES:
        r = randint4x(seed, off, dt)
        print(f"seed={seed} offset={off} ({dt}) randint4x_u32={[hex(v) for v in r]} "
              f"as_i32={[s32(v) for v in r]} rand={uint_to_uniform_float(r[0]):.9g}")
    # Philox-4x32-10 known-answer test from Random123 (kat_vectors): counter 0, key 0 gives
    # 6627e8d5 e169c58d bc57ac4c 9b00dbd8; all-ones counter/key gives 408f276d 41c83b0e a20bc7c6 6d5451fd.
    assert philox_impl(0, 0, 0, 0, 0, 0) == (0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8)
    assert philox_impl(M32, M32, M32, M32, M32, M32) == (0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd)
    # Philox-4x64-10, counter 0, key 0 (Random123 kat_vectors).
    assert philox_impl64(0, 0, 0, 0, 0, 0) == (0x16554d9eca36314c, 0xdb20fe9d672d0fdc,
                                                0xd7e772cee186176b, 0x7e68b68aec7ba23b)
    s64 = lambda u: u - (1 << 64) if u >> 63 else u
    print("philox 64-bit, seed 12345, counters (5, 2**40 + 3, 0, 0):",
          [s64(v) for v in philox_impl64(5, 2**40 + 3, 0, 0, 12345, 0)])
