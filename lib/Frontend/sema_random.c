/* Triton's random numbers (triton/language/random.py), built by the frontend from plain
 * integer and float ops: arith.*, tt.mulhiui, casts, math.log/sqrt/cos/sin. Nothing below the
 * frontend knows about them.
 *
 * The algorithm is Triton's, step for step, so that the same seed and offsets give the same
 * bits: Philox 4x32 (4x64 for tl.philox on 64-bit counters) with Triton's round and key
 * constants; the seed cast to uint64 and split into the key (low word k0, high word k1); an
 * offset's low 32 bits as counter word c0, its high 32 bits (64-bit offsets) as c1, c2 = c3 = 0;
 * a uint32 word to [0, 1) by folding negative int32s onto non-negative ones and scaling by a
 * float32 just below 2**-31; Box-Muller for normals. Each helper below names the random.py
 * function it mirrors. Every function returns false after a located diagnostic. */
#include <stdint.h>
#include <string.h>

#include "Frontend/sema.h"
#include "Frontend/sema_random.h"

enum { RAND_DEFAULT_ROUNDS = 10 };

typedef struct philox_consts {
  uint64_t key_a, key_b, round_a, round_b;
} philox_consts;

static const philox_consts philox32 = {0x9E3779B9u, 0xBB67AE85u, 0xD2511F53u, 0xCD9E8D57u};
static const philox_consts philox64 = {0x9E3779B97F4A7C15ull, 0xBB67AE8584CAA73Bull,
                                       0xD2E7470EE14C6C93ull, 0xCA5A826395121157ull};

/* ---- small emitters ------------------------------------------------------------------------ */

/* A scalar constant of dtype d (the bits of k). */
static sema_val kconst(sema *S, ir_loc loc, uint64_t k, sema_dtype d) {
  sema_val v = sema_int((int64_t)k);
  return sema_tensor(sema_const_scalar(S, loc, &v, d), d);
}

static bool bin(sema *S, ir_loc loc, fe_binop op, sema_val a, sema_val b, sema_val *out) {
  return sema_binop(S, op, &a, &b, loc, out);
}

/* math.umulhi(a, b): the high half of the unsigned product. */
static bool umulhi(sema *S, ir_loc loc, sema_val a, sema_val b, sema_val *out) {
  if (!sema_binary_check(S, &a, &b, false, false, true, false, loc)) return false;
  ir_value *ops[2] = {a.v, b.v};
  *out = sema_tensor(sema_emit1(S, loc, "tt.mulhiui", 2, ops, a.v->type), a.dt);
  return true;
}

static bool math1(sema *S, ir_loc loc, const char *op, sema_val x, sema_val *out) {
  *out = sema_tensor(sema_emit1(S, loc, op, 1, &x.v, x.v->type), x.dt);
  return true;
}

/* ---- argument checks ----------------------------------------------------------------------- */

/* n_rounds: a compile-time integer (NULL: Triton's default, 10), at most the unroll cap. */
static bool rounds_of(sema *S, ir_loc loc, const char *disp, const sema_val *v, int64_t *out) {
  if (!v) {
    *out = RAND_DEFAULT_ROUNDS;
    return true;
  }
  if (v->kind != SV_INT) {
    sema_error(S, loc, "%s() argument 'n_rounds' must be a compile-time integer, got %s", disp,
               sema_describe(S, v));
    return false;
  }
  if (v->i < 0 || v->i > SEMA_MAX_UNROLL) {
    sema_error(S, loc, "%s() n_rounds must be between 0 and %d, got %lld", disp, SEMA_MAX_UNROLL,
               (long long)v->i);
    return false;
  }
  *out = v->i;
  return true;
}

/* An integer scalar or tensor (Python ints get Triton's default dtype). */
static bool int_arg(sema *S, ir_loc loc, const char *disp, const char *what, const sema_val *v,
                    sema_val *out) {
  bool num = v->kind == SV_INT || v->kind == SV_BOOL;
  if ((num || v->kind == SV_TENSOR) && (num || sema_dt_is_int(v->dt)))
    return sema_to_tensor(S, v, loc, out);
  sema_error(S, loc, "%s() %s must be an integer or a tensor of integers, got %s", disp, what,
             sema_describe(S, v));
  return false;
}

/* ---- Philox -------------------------------------------------------------------------------- */

/* philox_impl: n_rounds rounds on counters c[0..3] with key k[0..1], all of one unsigned
 * dtype (uint32 or uint64); the results replace c. The key is not raised after the last
 * round (its value would be unused). */
static bool philox_rounds(sema *S, ir_loc loc, sema_val c[4], sema_val k[2], int64_t n_rounds) {
  const philox_consts *pc = sema_dt_bits(c[0].dt) == 64 ? &philox64 : &philox32;
  sema_dtype d = c[0].dt;
  for (int64_t r = 0; r < n_rounds; r++) {
    sema_val A = kconst(S, loc, pc->round_a, d), B = kconst(S, loc, pc->round_b, d), hb, ha, t0, t2;
    if (!umulhi(S, loc, B, c[2], &hb) || !bin(S, loc, FE_BITXOR, hb, c[1], &t0) ||
        !bin(S, loc, FE_BITXOR, t0, k[0], &t0) || !umulhi(S, loc, A, c[0], &ha) ||
        !bin(S, loc, FE_BITXOR, ha, c[3], &t2) || !bin(S, loc, FE_BITXOR, t2, k[1], &t2) ||
        !bin(S, loc, FE_MUL, B, c[2], &c[1]) || !bin(S, loc, FE_MUL, A, c[0], &c[3]))
      return false;
    c[0] = t0, c[2] = t2;
    if (r + 1 == n_rounds) break;
    if (!bin(S, loc, FE_ADD, k[0], kconst(S, loc, pc->key_a, d), &k[0]) ||
        !bin(S, loc, FE_ADD, k[1], kconst(S, loc, pc->key_b, d), &k[1]))
      return false;
  }
  return true;
}

static sema_val tuple_of(sema *S, unsigned n, const sema_val *el) {
  sema_val *e = sup_arena_alloc(S->arena, n * sizeof *e);
  memcpy(e, el, n * sizeof *e);
  return (sema_val){.kind = SV_TUPLE, .n = n, .elems = e};
}

/* The unsigned dtype of a counter word's width: uint32 or uint64; false after an error. */
static bool counter_dtype(sema *S, ir_loc loc, const char *disp, const sema_val *c0, sema_dtype *out) {
  unsigned bits = sema_dt_is_ptr(c0->dt) ? 0 : sema_dt_bits(c0->dt);
  if (bits == 32 || bits == 64) {
    *out = sema_dt(bits == 32 ? SD_U32 : SD_U64);
    return true;
  }
  sema_error(S, loc, "%s() counters must be 32- or 64-bit, got %s", disp, sema_describe(S, c0));
  return false;
}

/* philox: the key from the seed (uint64; 32-bit counters split it into its low and high
 * words, 64-bit ones use it whole with a zero high key of shape (1,), as Triton does), the
 * counters bitcast to the unsigned dtype of their width. */
static bool philox(sema *S, ir_loc loc, const char *disp, const sema_val *seed, sema_val c[4],
                   int64_t n_rounds, sema_val out[4]) {
  sema_val s, k[2], t;
  sema_dtype d;
  if (!int_arg(S, loc, disp, "seed", seed, &s) || !sema_cast(S, &s, sema_dt(SD_U64), false, loc, &s))
    return false;
  for (unsigned i = 0; i < 4; i++)
    if (!sema_to_tensor(S, &c[i], loc, &c[i])) return false;
  if (!counter_dtype(S, loc, disp, &c[0], &d)) return false;
  if (d.kind == SD_U32) {
    sema_val mask = sema_int(0xffffffff);
    if (!bin(S, loc, FE_RSHIFT, s, sema_int(32), &t) || !bin(S, loc, FE_BITAND, t, mask, &t) ||
        !sema_cast(S, &t, d, false, loc, &k[1]) || !bin(S, loc, FE_BITAND, s, mask, &t) ||
        !sema_cast(S, &t, d, false, loc, &k[0]))
      return false;
  } else {
    int64_t one = 1;
    sema_val z = kconst(S, loc, 0, d);
    k[0] = s;
    if (!sema_broadcast_to(S, &z, 1, &one, loc, &k[1])) return false;
  }
  for (unsigned i = 0; i < 4; i++)
    if (!sema_cast(S, &c[i], d, true, loc, &out[i])) return false;
  return philox_rounds(S, loc, out, k, n_rounds);
}

/* randint4x: counter (offset's low word, its high word or 0, 0, 0). */
static bool randint4x(sema *S, ir_loc loc, const char *disp, const sema_val *seed, const sema_val *offset,
                      int64_t n_rounds, sema_val out[4]) {
  sema_val off, c[4];
  if (!int_arg(S, loc, disp, "offset", offset, &off)) return false;
  sema_dtype u32 = sema_dt(SD_U32);
  if (!sema_cast(S, &off, u32, false, loc, &c[0]) || !bin(S, loc, FE_MUL, c[0], sema_int(0), &c[2]))
    return false;
  c[1] = c[3] = c[2];
  if (sema_dt_bits(off.dt) > 32) {
    sema_val hi;
    if (!bin(S, loc, FE_RSHIFT, off, sema_int(32), &hi) || !sema_cast(S, &hi, u32, false, loc, &c[1]))
      return false;
  }
  return philox(S, loc, disp, seed, c, n_rounds, out);
}

/* ---- floats ------------------------------------------------------------------------------- */

/* uint_to_uniform_float: [0, 1) from a 32- or 64-bit integer word. */
static bool uniform(sema *S, ir_loc loc, const char *disp, const sema_val *x, sema_val *out) {
  unsigned bits = x->kind == SV_TENSOR && sema_dt_is_int(x->dt) ? sema_dt_bits(x->dt) : 0;
  if (bits != 32 && bits != 64) {
    sema_error(S, loc, "%s() expects 32- or 64-bit integers, got %s", disp, sema_describe(S, x));
    return false;
  }
  sema_val v, neg, zero = sema_int(0), one = sema_int(1), folded;
  double scale = bits == 32 ? 4.6566127342e-10 : 1.0842020432385337e-19;
  if (!sema_cast(S, x, sema_dt(bits == 32 ? SD_I32 : SD_I64), true, loc, &v) ||
      !sema_compare(S, FE_LT, &v, &zero, loc, &neg) || !sema_unary(S, FE_NEG, &v, loc, &folded) ||
      !sema_binop(S, FE_SUB, &folded, &one, loc, &folded))
    return false;
  ir_value *ops[3] = {neg.v, folded.v, v.v};
  v = sema_tensor(sema_emit1(S, loc, "arith.select", 3, ops, v.v->type), v.dt);
  return bin(S, loc, FE_MUL, v, sema_float(scale), out);
}

static bool want_fp32(sema *S, ir_loc loc, const char *disp, const sema_val *v) {
  if (v->kind == SV_TENSOR && v->dt.kind == SD_FP32) return true;
  sema_error(S, loc, "%s() expects fp32 uniforms, got %s", disp, sema_describe(S, v));
  return false;
}

/* pair_uniform_to_normal: Box-Muller on two fp32 uniforms; out[0] = r cos(th),
 * out[1] = r sin(th). */
static bool box_muller(sema *S, ir_loc loc, const char *disp, sema_val u1, sema_val u2, sema_val out[2]) {
  if (!want_fp32(S, loc, disp, &u1) || !want_fp32(S, loc, disp, &u2)) return false;
  sema_val lo = sema_float(1.0e-7), th, r;
  if (!sema_binary_check(S, &lo, &u1, false, false, true, false, loc)) return false;
  ir_value *ops[2] = {lo.v, u1.v};
  u1 = sema_tensor(sema_emit1(S, loc, "arith.maxnumf", 2, ops, u1.v->type), u1.dt);
  if (!bin(S, loc, FE_MUL, sema_float(6.283185307179586), u2, &th) || !math1(S, loc, "math.log", u1, &r) ||
      !bin(S, loc, FE_MUL, sema_float(-2.0), r, &r) || !math1(S, loc, "math.sqrt", r, &r))
    return false;
  sema_val c, s;
  return math1(S, loc, "math.cos", th, &c) && math1(S, loc, "math.sin", th, &s) &&
         bin(S, loc, FE_MUL, r, c, &out[0]) && bin(S, loc, FE_MUL, r, s, &out[1]);
}

/* ---- entry points -------------------------------------------------------------------------- */

static bool uniforms(sema *S, ir_loc loc, const char *disp, const sema_val w[4], unsigned n, sema_val u[4]) {
  for (unsigned i = 0; i < n; i++)
    if (!uniform(S, loc, disp, &w[i], &u[i])) return false;
  return true;
}

bool sema_random(sema *S, ir_loc loc, const char *disp, sema_rand_fn fn, const sema_val *seed,
                 const sema_val *offset, const sema_val *n_rounds, sema_val *out) {
  int64_t rounds;
  sema_val w[4], u[4], n[4];
  if (!rounds_of(S, loc, disp, n_rounds, &rounds) || !randint4x(S, loc, disp, seed, offset, rounds, w))
    return false;
  switch (fn) {
  case SEMA_RANDINT: *out = w[0]; return true;
  case SEMA_RANDINT4X: *out = tuple_of(S, 4, w); return true;
  case SEMA_RAND: return uniform(S, loc, disp, &w[0], out);
  case SEMA_RAND4X:
    if (!uniforms(S, loc, disp, w, 4, u)) return false;
    *out = tuple_of(S, 4, u);
    return true;
  case SEMA_RANDN:
    if (!uniforms(S, loc, disp, w, 2, u) || !box_muller(S, loc, disp, u[0], u[1], n)) return false;
    *out = n[0];
    return true;
  case SEMA_RANDN4X:
    if (!uniforms(S, loc, disp, w, 4, u) || !box_muller(S, loc, disp, u[0], u[1], n) ||
        !box_muller(S, loc, disp, u[2], u[3], n + 2))
      return false;
    *out = tuple_of(S, 4, n);
    return true;
  }
  return false;
}

bool sema_philox(sema *S, ir_loc loc, const char *disp, const sema_val *seed, const sema_val c[4],
                 const sema_val *n_rounds, sema_val *out) {
  int64_t rounds;
  sema_val cc[4] = {c[0], c[1], c[2], c[3]}, w[4];
  if (!rounds_of(S, loc, disp, n_rounds, &rounds) || !philox(S, loc, disp, seed, cc, rounds, w)) return false;
  *out = tuple_of(S, 4, w);
  return true;
}

bool sema_philox_impl(sema *S, ir_loc loc, const char *disp, const sema_val c[4], const sema_val k[2],
                      const sema_val *n_rounds, sema_val *out) {
  int64_t rounds;
  sema_val w[4], kk[2];
  if (!rounds_of(S, loc, disp, n_rounds, &rounds)) return false;
  for (unsigned i = 0; i < 4; i++)
    if (!sema_to_tensor(S, &c[i], loc, &w[i])) return false;
  for (unsigned i = 0; i < 2; i++)
    if (!sema_to_tensor(S, &k[i], loc, &kk[i])) return false;
  if (!(w[0].dt.kind == SD_U32 || w[0].dt.kind == SD_U64)) {
    sema_error(S, loc, "%s() expects uint32 or uint64 counters, got %s", disp, sema_describe(S, &w[0]));
    return false;
  }
  if (!philox_rounds(S, loc, w, kk, rounds)) return false;
  *out = tuple_of(S, 4, w);
  return true;
}

bool sema_uint_to_uniform_float(sema *S, ir_loc loc, const char *disp, const sema_val *x, sema_val *out) {
  return uniform(S, loc, disp, x, out);
}

bool sema_pair_uniform_to_normal(sema *S, ir_loc loc, const char *disp, const sema_val *u1,
                                 const sema_val *u2, sema_val *out) {
  sema_val n[2];
  if (!box_muller(S, loc, disp, *u1, *u2, n)) return false;
  *out = tuple_of(S, 2, n);
  return true;
}
