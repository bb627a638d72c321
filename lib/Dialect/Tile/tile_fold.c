/* Constant evaluation and folders of the tile ops.
 *
 * tile_eval_scalar computes one elementwise op on constant scalars the way the GPU would:
 * integers wrap to their type's width (kept sign-extended in int64, i1 as 0/1); floats are
 * computed in double and rounded once to the result type (round to nearest even, also for
 * f16 and bf16). Anything whose result the target leaves undefined (division by zero,
 * oversized shifts, out-of-range float-to-int) is not folded.
 *
 * A folder gets the constant attribute of each operand (a tensor constant is a splat, so
 * its attribute is the scalar) and either names an existing value that replaces result 0
 * or a constant attribute for it; the canonicalize pass applies the result. */
#include <math.h>
#include <string.h>

#include "Dialect/Tile/tile_internal.h"

/* ---- float formats -------------------------------------------------------------------- */

typedef struct fformat {
  int mbits; /* explicit mantissa bits */
  int ebits;
} fformat;

static fformat format_of(ir_float_kind k) {
  switch (k) {
  case IR_F16: return (fformat){10, 5};
  case IR_BF16: return (fformat){7, 8};
  case IR_F32: return (fformat){23, 8};
  case IR_F64: return (fformat){52, 11};
  case IR_F8E4M3FN: return (fformat){3, 4};
  case IR_F8E5M2: return (fformat){2, 5};
  }
  return (fformat){52, 11};
}

/* Rounds q (>= 0, below 2^53) to the nearest integer, ties to even. */
static double round_half_even(double q) {
  double f = floor(q), d = q - f;
  if (d > 0.5) return f + 1;
  if (d < 0.5) return f;
  return fmod(f, 2.0) != 0.0 ? f + 1 : f;
}

/* Rounds x to the nearest value of a binary format with `fmt` (ties to even), handling
 * subnormals and overflow to infinity. */
static double round_to_format(double x, fformat fmt) {
  if (isnan(x) || isinf(x) || x == 0.0) return x;
  int bias = (1 << (fmt.ebits - 1)) - 1, emin = 1 - bias, e;
  double a = fabs(x);
  frexp(a, &e);
  int E = e - 1 < emin ? emin : e - 1;   /* exponent of the leading bit (clamped: subnormal) */
  int qexp = E - fmt.mbits;              /* exponent of one unit in the last place */
  double r = ldexp(round_half_even(ldexp(a, -qexp)), qexp);
  if (r >= ldexp(1.0, bias + 1)) r = INFINITY;
  return copysign(r, x);
}

static double round_to_type(const ir_type *t, double x) {
  if (t->fkind == IR_F64) return x;
  if (t->fkind == IR_F32) return (double)(float)x;
  return round_to_format(x, format_of(t->fkind));
}

/* Bits of a value exactly representable in `fmt` (NaN becomes the canonical quiet NaN). */
static uint64_t float_to_bits(double x, fformat fmt) {
  int bias = (1 << (fmt.ebits - 1)) - 1;
  uint64_t sign = (uint64_t)(signbit(x) ? 1 : 0) << (fmt.ebits + fmt.mbits);
  uint64_t emax = ((uint64_t)1 << fmt.ebits) - 1, one = (uint64_t)1 << fmt.mbits;
  if (isnan(x)) return (emax << fmt.mbits) | (one >> 1);
  if (isinf(x)) return sign | (emax << fmt.mbits);
  if (x == 0.0) return sign;
  int e;
  double a = fabs(x);
  frexp(a, &e);
  int E = e - 1;
  if (E < 1 - bias) return sign | (uint64_t)ldexp(a, bias - 1 + fmt.mbits);
  uint64_t mant = (uint64_t)ldexp(a, fmt.mbits - E) - one;
  return sign | ((uint64_t)(E + bias) << fmt.mbits) | mant;
}

static double bits_to_float(uint64_t u, fformat fmt) {
  int bias = (1 << (fmt.ebits - 1)) - 1;
  uint64_t emax = ((uint64_t)1 << fmt.ebits) - 1, one = (uint64_t)1 << fmt.mbits;
  uint64_t mant = u & (one - 1), exp = (u >> fmt.mbits) & emax;
  bool neg = (u >> (fmt.ebits + fmt.mbits)) & 1;
  double v;
  if (exp == emax) v = mant ? NAN : INFINITY;
  else if (exp == 0) v = ldexp((double)mant, 1 - bias - fmt.mbits);
  else v = ldexp((double)(mant | one), (int)exp - bias - fmt.mbits);
  return neg ? -v : v;
}

static uint64_t double_bits(double x) {
  uint64_t u;
  memcpy(&u, &x, sizeof u);
  return u;
}

static double bits_double(uint64_t u) {
  double x;
  memcpy(&x, &u, sizeof x);
  return x;
}

/* ---- integers ------------------------------------------------------------------------- */

static uint64_t width_mask(unsigned w) { return w >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1); }

/* The attribute's value zero-extended from its width. */
static uint64_t uval(const ir_attr *a) { return (uint64_t)a->ival & width_mask(a->type->width); }

/* The attribute's value sign-extended from its width (i1 true is -1). */
static int64_t sval(const ir_attr *a) {
  unsigned w = a->type->width;
  if (w >= 64) return a->ival;
  uint64_t m = (uint64_t)1 << (w - 1), x = uval(a);
  return (int64_t)((x ^ m) - m);
}

static const ir_attr *make_int(ir_context *ctx, const ir_type *t, uint64_t bits) {
  return ir_int_attr(ctx, t, (int64_t)(bits & width_mask(t->width)));
}

static int64_t ashr(int64_t a, unsigned s) { return a < 0 ? ~(~a >> s) : a >> s; }

/* Signed division and remainder; false when undefined (zero divisor, INT64_MIN / -1). */
static bool sdivrem(int64_t a, int64_t b, bool rem, int64_t *out) {
  if (b == 0 || (a == INT64_MIN && b == -1)) return false;
  *out = rem ? a % b : a / b;
  return true;
}

/* The high 64 bits of the 128-bit product, from 32-bit halves. */
static uint64_t mulhi64(uint64_t a, uint64_t b) {
  uint64_t al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
  uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
  uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
  return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

static bool eval_int_binary(ir_opcode op, const ir_attr *x, const ir_attr *y, uint64_t *out) {
  unsigned w = x->type->width;
  int64_t a = sval(x), b = sval(y), q;
  uint64_t ua = uval(x), ub = uval(y);
  switch (op) {
  case IR_OP_ADDI: *out = ua + ub; return true;
  case IR_OP_SUBI: *out = ua - ub; return true;
  case IR_OP_MULI: *out = ua * ub; return true;
  case IR_OP_ANDI: *out = ua & ub; return true;
  case IR_OP_ORI: *out = ua | ub; return true;
  case IR_OP_XORI: *out = ua ^ ub; return true;
  case IR_OP_MAXSI: *out = (uint64_t)(a > b ? a : b); return true;
  case IR_OP_MINSI: *out = (uint64_t)(a < b ? a : b); return true;
  case IR_OP_MAXUI: *out = ua > ub ? ua : ub; return true;
  case IR_OP_MINUI: *out = ua < ub ? ua : ub; return true;
  case IR_OP_DIVSI:
  case IR_OP_REMSI:
    if (!sdivrem(a, b, op == IR_OP_REMSI, &q)) return false;
    *out = (uint64_t)q;
    return true;
  case IR_OP_DIVUI:
  case IR_OP_REMUI:
    if (ub == 0) return false;
    *out = op == IR_OP_REMUI ? ua % ub : ua / ub;
    return true;
  case IR_OP_SHLI: case IR_OP_SHRSI: case IR_OP_SHRUI:
    if (ub >= w) return false;
    *out = op == IR_OP_SHLI ? ua << ub : op == IR_OP_SHRSI ? (uint64_t)ashr(a, (unsigned)ub) : ua >> ub;
    return true;
  case IR_OP_MULHIUI:
    *out = w > 32 ? mulhi64(ua, ub) : (ua * ub) >> w;
    return true;
  default: return false;
  }
}

static double fmax_ieee(double a, double b, bool propagate_nan, bool is_max) {
  if (isnan(a) || isnan(b)) return propagate_nan ? NAN : (isnan(a) ? b : a);
  if (a == b) return is_max ? (signbit(a) ? b : a) : (signbit(a) ? a : b);
  return is_max ? (a > b ? a : b) : (a < b ? a : b);
}

static bool eval_float_binary(ir_opcode op, double a, double b, double *out) {
  switch (op) {
  case IR_OP_ADDF: *out = a + b; return true;
  case IR_OP_SUBF: *out = a - b; return true;
  case IR_OP_MULF: *out = a * b; return true;
  case IR_OP_DIVF: *out = a / b; return true;
  case IR_OP_REMF: *out = fmod(a, b); return true;
  case IR_OP_POWF: *out = pow(a, b); return true;
  case IR_OP_MAXNUMF: *out = fmax_ieee(a, b, false, true); return true;
  case IR_OP_MINNUMF: *out = fmax_ieee(a, b, false, false); return true;
  case IR_OP_MAXIMUMF: *out = fmax_ieee(a, b, true, true); return true;
  case IR_OP_MINIMUMF: *out = fmax_ieee(a, b, true, false); return true;
  default: return false;
  }
}

static double negate(double x) { return -x; }
static double rsqrt(double x) { return 1.0 / sqrt(x); }

/* The double function a unary float op computes, or NULL. */
static double (*float_unary_fn(ir_opcode op))(double) {
  switch (op) {
  case IR_OP_NEGF: return negate;
  case IR_OP_EXP: return exp;
  case IR_OP_EXP2: return exp2;
  case IR_OP_LOG: return log;
  case IR_OP_LOG2: return log2;
  case IR_OP_SQRT: return sqrt;
  case IR_OP_RSQRT: return rsqrt;
  case IR_OP_SIN: return sin;
  case IR_OP_COS: return cos;
  case IR_OP_ERF: return erf;
  case IR_OP_TANH: return tanh;
  case IR_OP_FLOOR: return floor;
  case IR_OP_CEIL: return ceil;
  case IR_OP_ABSF: return fabs;
  default: return NULL;
  }
}

static bool eval_float_unary(ir_opcode op, double a, double *out) {
  double (*fn)(double) = float_unary_fn(op);
  if (!fn) return false;
  *out = fn(a);
  return true;
}

static bool eval_cmpi(const char *p, const ir_attr *x, const ir_attr *y, bool *out) {
  int64_t a = sval(x), b = sval(y);
  uint64_t ua = uval(x), ub = uval(y);
  if (!strcmp(p, "eq")) *out = ua == ub;
  else if (!strcmp(p, "ne")) *out = ua != ub;
  else if (!strcmp(p, "slt")) *out = a < b;
  else if (!strcmp(p, "sle")) *out = a <= b;
  else if (!strcmp(p, "sgt")) *out = a > b;
  else if (!strcmp(p, "sge")) *out = a >= b;
  else if (!strcmp(p, "ult")) *out = ua < ub;
  else if (!strcmp(p, "ule")) *out = ua <= ub;
  else if (!strcmp(p, "ugt")) *out = ua > ub;
  else if (!strcmp(p, "uge")) *out = ua >= ub;
  else return false;
  return true;
}

/* Float predicates: 'o' forms are false on NaN, 'u' forms true. */
static bool eval_cmpf(const char *p, double a, double b, bool *out) {
  bool unord = isnan(a) || isnan(b);
  if (!strcmp(p, "ord")) { *out = !unord; return true; }
  if (!strcmp(p, "uno")) { *out = unord; return true; }
  if (p[0] != 'o' && p[0] != 'u') return false;
  const char *r = p + 1;
  bool v;
  if (!strcmp(r, "eq")) v = a == b;
  else if (!strcmp(r, "ne")) v = a != b;
  else if (!strcmp(r, "lt")) v = a < b;
  else if (!strcmp(r, "le")) v = a <= b;
  else if (!strcmp(r, "gt")) v = a > b;
  else if (!strcmp(r, "ge")) v = a >= b;
  else return false;
  *out = unord ? p[0] == 'u' : v;
  return true;
}

/* ---- casts ------------------------------------------------------------------------------ */

/* A float truncated toward zero fits the integer type (signed or unsigned)? */
static bool fits_int(double t, unsigned w, bool is_signed) {
  if (isnan(t)) return false;
  double lo = is_signed ? -ldexp(1.0, (int)w - 1) : 0.0;
  double hi = is_signed ? ldexp(1.0, (int)w - 1) : ldexp(1.0, (int)w);
  return t >= lo && t < hi;
}

static const ir_attr *eval_bitcast(ir_context *ctx, const ir_type *to, const ir_attr *a) {
  uint64_t bits;
  if (a->kind == IR_ATTR_INT) bits = uval(a);
  else if (a->type->fkind == IR_F64) bits = double_bits(a->fval);
  else bits = float_to_bits(a->fval, format_of(a->type->fkind));
  if (ir_type_is_int(to)) return make_int(ctx, to, bits);
  double v = to->fkind == IR_F64 ? bits_double(bits) : bits_to_float(bits, format_of(to->fkind));
  return ir_float_attr(ctx, to, v);
}

static const ir_attr *float_to_int(ir_context *ctx, const ir_type *to, const ir_attr *a,
                                   bool is_signed) {
  double t = trunc(a->fval);
  if (!fits_int(t, to->width, is_signed)) return NULL;
  return make_int(ctx, to, is_signed ? (uint64_t)(int64_t)t : (uint64_t)t);
}

static const ir_attr *eval_cast(ir_context *ctx, ir_opcode op, const ir_type *to, const ir_attr *a) {
  switch (op) {
  case IR_OP_EXTSI: case IR_OP_TRUNCI: return make_int(ctx, to, (uint64_t)sval(a));
  case IR_OP_EXTUI: return make_int(ctx, to, uval(a));
  case IR_OP_SITOFP: return ir_float_attr(ctx, to, round_to_type(to, (double)sval(a)));
  case IR_OP_UITOFP: return ir_float_attr(ctx, to, round_to_type(to, (double)uval(a)));
  case IR_OP_EXTF: case IR_OP_TRUNCF: return ir_float_attr(ctx, to, round_to_type(to, a->fval));
  case IR_OP_BITCAST: return eval_bitcast(ctx, to, a);
  case IR_OP_FPTOSI: return float_to_int(ctx, to, a, true);
  case IR_OP_FPTOUI: return float_to_int(ctx, to, a, false);
  default: return NULL;
  }
}

/* ---- tile_eval_scalar ------------------------------------------------------------------------ */

static bool is_const_scalar(const ir_attr *a) {
  return a && (a->kind == IR_ATTR_INT || a->kind == IR_ATTR_FLOAT);
}

static const ir_attr *eval_binary(ir_context *ctx, ir_opcode op, const ir_type *rt,
                                  const ir_attr *x, const ir_attr *y) {
  if (x->kind != y->kind) return NULL;
  if (x->kind == IR_ATTR_INT) {
    uint64_t r;
    return eval_int_binary(op, x, y, &r) ? make_int(ctx, rt, r) : NULL;
  }
  double r;
  return eval_float_binary(op, x->fval, y->fval, &r) ? ir_float_attr(ctx, rt, round_to_type(rt, r)) : NULL;
}

static const ir_attr *eval_unary(ir_context *ctx, ir_opcode op, const ir_type *rt, const ir_attr *x) {
  if (op == IR_OP_ABSI) {
    int64_t v = sval(x);
    return make_int(ctx, rt, v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v);
  }
  double r;
  if (x->kind != IR_ATTR_FLOAT || !eval_float_unary(op, x->fval, &r)) return NULL;
  return ir_float_attr(ctx, rt, round_to_type(rt, r));
}

static const ir_attr *eval_cmp(ir_context *ctx, ir_opcode op, const ir_attr *x, const ir_attr *y,
                               const char *pred) {
  bool r;
  if (!pred || x->kind != y->kind) return NULL;
  bool ok = op == IR_OP_CMPI ? x->kind == IR_ATTR_INT && eval_cmpi(pred, x, y, &r)
                                : x->kind == IR_ATTR_FLOAT && eval_cmpf(pred, x->fval, y->fval, &r);
  return ok ? ir_bool_attr(ctx, r) : NULL;
}

static bool is_cast(ir_opcode op) {
  switch (op) {
  case IR_OP_EXTSI: case IR_OP_EXTUI: case IR_OP_TRUNCI: case IR_OP_SITOFP: case IR_OP_UITOFP:
  case IR_OP_FPTOSI: case IR_OP_FPTOUI: case IR_OP_EXTF: case IR_OP_TRUNCF: case IR_OP_BITCAST:
    return true;
  default: return false;
  }
}

/* Ops on pointers and program ids are not evaluated. */
static bool never_evaluated(ir_opcode op) {
  switch (op) {
  case IR_OP_PTRTOINT: case IR_OP_INTTOPTR: case IR_OP_PTRBITCAST: case IR_OP_ADDPTR:
  case IR_OP_PROGRAM_ID: case IR_OP_NUM_PROGRAMS: case IR_OP_MAKE_RANGE: case IR_OP_SPLAT:
  case IR_OP_BROADCAST: case IR_OP_EXPAND_DIMS: case IR_OP_LOAD: case IR_OP_STORE:
  case IR_OP_CALL: case IR_OP_FUNC: case IR_OP_RETURN: case IR_OP_ASSUME:
    return true;
  default: return false;
  }
}

const ir_attr *tile_eval_scalar(ir_context *ctx, ir_opcode op, const ir_type *result_scalar,
                                unsigned n, const ir_attr *const *args, const char *predicate) {
  for (unsigned i = 0; i < n; i++)
    if (!is_const_scalar(args[i])) return NULL;
  if (never_evaluated(op)) return NULL;
  if (op == IR_OP_SELECT && n == 3) return (args[0]->ival & 1) ? args[1] : args[2];
  if (n == 2 && (op == IR_OP_CMPI || op == IR_OP_CMPF)) return eval_cmp(ctx, op, args[0], args[1], predicate);
  if (n == 1 && is_cast(op)) return eval_cast(ctx, op, result_scalar, args[0]);
  if (n == 1) return eval_unary(ctx, op, result_scalar, args[0]);
  if (n == 2) return eval_binary(ctx, op, result_scalar, args[0], args[1]);
  return NULL;
}

/* ---- folders ----------------------------------------------------------------------------------- */

static bool fold_to_value(ir_fold_result *out, ir_value *v) {
  out->value = v;
  out->attr = NULL;
  return true;
}

static bool fold_to_attr(ir_fold_result *out, const ir_attr *a) {
  if (!a) return false;
  out->value = NULL;
  out->attr = a;
  return true;
}

/* Is the constant `a` the integer or float `v` (floats: also the sign of zero)? */
static bool is_const(const ir_attr *a, double v) {
  if (!a) return false;
  if (a->kind == IR_ATTR_INT) return (double)sval(a) == v;
  if (a->kind == IR_ATTR_FLOAT) return a->fval == v && signbit(a->fval) == signbit(v);
  return false;
}

static bool is_all_ones(const ir_attr *a) { return a && a->kind == IR_ATTR_INT && sval(a) == -1; }

static const ir_attr *fold_eval(ir_op *op, const ir_attr *const *consts) {
  return tile_eval_scalar(ir_op_context(op), ir_op_code(op), ir_type_scalar(ir_op_result(op, 0)->type),
                          op->noperands, consts, ir_op_get_string_attr(op, "predicate"));
}

static const ir_attr *int_of(ir_op *op, int64_t v) {
  return ir_int_attr(ir_op_context(op), ir_type_scalar(ir_op_result(op, 0)->type), v);
}

/* x op x identities. */
static bool fold_same_operands(ir_op *op, ir_value *x, ir_fold_result *out) {
  switch (ir_op_code(op)) {
  case IR_OP_ANDI: case IR_OP_ORI: case IR_OP_MAXSI: case IR_OP_MINSI: case IR_OP_MAXUI:
  case IR_OP_MINUI:
    return fold_to_value(out, x);
  case IR_OP_SUBI: case IR_OP_XORI: return fold_to_attr(out, int_of(op, 0));
  default: return false;
  }
}

/* Integer identities with a constant right operand c: x+0, x-0, x|0, x^0, x<<0, x>>0, x*0,
 * x&0, x*1, x/1, x%1, x&-1, x|-1. */
static bool fold_int_identity(ir_op *op, ir_value *x, const ir_attr *c, ir_fold_result *out) {
  bool zero = is_const(c, 0.0), one = is_const(c, 1.0), ones = is_all_ones(c);
  switch (ir_op_code(op)) {
  case IR_OP_ADDI: case IR_OP_SUBI: case IR_OP_XORI: case IR_OP_SHLI: case IR_OP_SHRSI:
  case IR_OP_SHRUI:
    return zero && fold_to_value(out, x);
  case IR_OP_ORI:
    if (zero) return fold_to_value(out, x);
    return ones && fold_to_attr(out, c);
  case IR_OP_MULI:
    if (zero) return fold_to_attr(out, c);
    return one && fold_to_value(out, x);
  case IR_OP_ANDI:
    if (zero) return fold_to_attr(out, c);
    return ones && fold_to_value(out, x);
  case IR_OP_DIVSI: case IR_OP_DIVUI: return one && fold_to_value(out, x);
  case IR_OP_REMSI: case IR_OP_REMUI: return one && fold_to_attr(out, int_of(op, 0));
  default: return false;
  }
}

/* Exact in IEEE arithmetic: x + -0.0, x - 0.0, x * 1.0, x / 1.0 (a NaN stays NaN). */
static bool fold_float_identity(ir_op *op, ir_value *x, const ir_attr *c, ir_fold_result *out) {
  if (c->kind != IR_ATTR_FLOAT) return false;
  switch (ir_op_code(op)) {
  case IR_OP_ADDF: return is_const(c, -0.0) && fold_to_value(out, x);
  case IR_OP_SUBF: return is_const(c, 0.0) && fold_to_value(out, x);
  case IR_OP_MULF: case IR_OP_DIVF: return is_const(c, 1.0) && fold_to_value(out, x);
  default: return false;
  }
}

static bool fold_right_identity(ir_op *op, ir_value *x, const ir_attr *c, ir_fold_result *out) {
  if (!c) return false;
  return fold_int_identity(op, x, c, out) || fold_float_identity(op, x, c, out);
}

bool tile_fold_binary(ir_op *op, const ir_attr *const *consts, ir_fold_result *out) {
  if (consts[0] && consts[1]) return fold_to_attr(out, fold_eval(op, consts));
  ir_value *x = ir_op_operand(op, 0), *y = ir_op_operand(op, 1);
  if (x == y) return fold_same_operands(op, x, out);
  if (fold_right_identity(op, x, consts[1], out)) return true;
  /* A constant on the left of a commutative op (the canonicalizer moves it right). */
  return ir_op_has_trait(op, IR_TRAIT_COMMUTATIVE) && fold_right_identity(op, y, consts[0], out);
}

bool tile_fold_unary(ir_op *op, const ir_attr *const *consts, ir_fold_result *out) {
  return consts[0] && fold_to_attr(out, fold_eval(op, consts));
}

bool tile_fold_cmp(ir_op *op, const ir_attr *const *consts, ir_fold_result *out) {
  if (consts[0] && consts[1]) return fold_to_attr(out, fold_eval(op, consts));
  const char *p = ir_op_get_string_attr(op, "predicate");
  if (!p || ir_op_code(op) != IR_OP_CMPI || ir_op_operand(op, 0) != ir_op_operand(op, 1)) return false;
  static const char *const reflexive[] = {"eq", "sle", "sge", "ule", "uge", NULL};
  bool v = false;
  for (const char *const *r = reflexive; *r; r++) v = v || !strcmp(p, *r);
  return fold_to_attr(out, ir_bool_attr(ir_op_context(op), v));
}

bool tile_fold_select(ir_op *op, const ir_attr *const *consts, ir_fold_result *out) {
  ir_value *a = ir_op_operand(op, 1), *b = ir_op_operand(op, 2);
  if (a == b) return fold_to_value(out, a);
  if (consts[0] && consts[0]->kind == IR_ATTR_INT) return fold_to_value(out, (consts[0]->ival & 1) ? a : b);
  return false;
}

/* trunc(ext(x)) of x's own type is x (both the integer and the float pairs). */
static bool fold_ext_trunc(ir_op *op, ir_fold_result *out) {
  ir_op *d = ir_value_def(ir_op_operand(op, 0));
  if (!d) return false;
  ir_opcode inner = ir_op_code(d);
  bool int_pair = ir_op_code(op) == IR_OP_TRUNCI && (inner == IR_OP_EXTSI || inner == IR_OP_EXTUI);
  bool float_pair = ir_op_code(op) == IR_OP_TRUNCF && inner == IR_OP_EXTF;
  if (!int_pair && !float_pair) return false; /* d may have no operands (tt.get_program_id) */
  ir_value *x = ir_op_operand(d, 0);
  return x->type == ir_op_result(op, 0)->type && fold_to_value(out, x);
}

static bool is_fp8(const ir_type *t) {
  t = ir_type_scalar(t);
  return t->kind == IR_TYPE_FLOAT && (t->fkind == IR_F8E4M3FN || t->fkind == IR_F8E5M2);
}

bool tile_fold_cast(ir_op *op, const ir_attr *const *consts, ir_fold_result *out) {
  /* fp8 conversions saturate (cvt.satfinite) where the IEEE-style folding would not: not
   * folded, so the lowering's conversion is the only one */
  bool fp8 = is_fp8(ir_op_operand(op, 0)->type) || is_fp8(ir_op_result(op, 0)->type);
  if (consts[0] && !fp8) return fold_to_attr(out, fold_eval(op, consts));
  return fold_ext_trunc(op, out);
}

bool tile_fold_constant(ir_op *op, const ir_attr *const *consts, ir_fold_result *out) {
  (void)op, (void)consts, (void)out;
  return false; /* already a constant */
}

bool tile_fold_splat(ir_op *op, const ir_attr *const *consts, ir_fold_result *out) {
  (void)op;
  return consts[0] && fold_to_attr(out, consts[0]);
}

bool tile_fold_broadcast(ir_op *op, const ir_attr *const *consts, ir_fold_result *out) {
  if (ir_op_operand(op, 0)->type == ir_op_result(op, 0)->type) return fold_to_value(out, ir_op_operand(op, 0));
  return consts[0] && fold_to_attr(out, consts[0]);
}

bool tile_fold_addptr(ir_op *op, const ir_attr *const *consts, ir_fold_result *out) {
  return is_const(consts[1], 0.0) && fold_to_value(out, ir_op_operand(op, 0));
}

bool tile_value_is_zero(const ir_value *v, bool negative_zero) {
  const ir_op *def = v->def;
  if (def && ir_op_code(def) == IR_OP_SPLAT) return tile_value_is_zero(ir_op_operand(def, 0), negative_zero);
  const ir_attr *a = ir_value_constant(v);
  if (!a) return false;
  if (a->kind == IR_ATTR_INT) return a->ival == 0;
  return a->kind == IR_ATTR_FLOAT && a->fval == 0.0 && (negative_zero || !signbit(a->fval));
}
