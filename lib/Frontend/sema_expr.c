/* Semantic analysis of expressions: compile-time folding of Python values and emission of
 * tile IR for operators on tensors, following Triton's semantics. */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Frontend/sema.h"

/* ---- value constructors and helpers ------------------------------------------------------ */

sema_val sema_int(int64_t v) { return (sema_val){.kind = SV_INT, .i = v}; }
sema_val sema_float(double v) { return (sema_val){.kind = SV_FLOAT, .f = v}; }
sema_val sema_bool(bool v) { return (sema_val){.kind = SV_BOOL, .i = v}; }
sema_val sema_none(void) { return (sema_val){.kind = SV_NONE}; }
sema_val sema_dtype_val(sema_dtype d) { return (sema_val){.kind = SV_DTYPE, .dt = d}; }
sema_val sema_tensor(ir_value *v, sema_dtype d) { return (sema_val){.kind = SV_TENSOR, .v = v, .dt = d}; }

bool sema_is_num(const sema_val *v) {
  return v->kind == SV_INT || v->kind == SV_FLOAT || v->kind == SV_BOOL;
}
bool sema_is_const(const sema_val *v) { return v->kind != SV_TENSOR; }

bool sema_truthy(const sema_val *v) {
  switch (v->kind) {
  case SV_INT: case SV_BOOL: return v->i != 0;
  case SV_FLOAT: return v->f != 0.0;
  case SV_NONE: return false;
  case SV_STR: return v->s[0] != '\0';
  case SV_TUPLE: return v->n != 0;
  default: return true;
  }
}

static double num_f(const sema_val *v) { return v->kind == SV_FLOAT ? v->f : (double)v->i; }

const char *sema_describe(sema *S, const sema_val *v) {
  char b[16];
  switch (v->kind) {
  case SV_INT: return "int";
  case SV_FLOAT: return "float";
  case SV_BOOL: return "bool";
  case SV_NONE: return "None";
  case SV_STR: return "str";
  case SV_DTYPE: return "dtype";
  case SV_TUPLE: return "tuple";
  case SV_MODULE: return "module";
  case SV_BUILTIN: case SV_JITFN: return "function";
  case SV_SLICE: return "slice";
  case SV_INVALID: return "<invalid>";
  case SV_POISON: return "<error>";
  case SV_SKIPPED: return "<skipped>";
  case SV_BLOCKPTR: return v->bp->is_desc ? "tensor descriptor" : "block pointer";
  case SV_HOSTDESC: break;
  case SV_TENSOR: break;
  }
  const char *dn = sema_dt_name(v->dt, b);
  bool desc = v->kind == SV_HOSTDESC;
  const ir_type *t = desc ? ir_tensordesc_block(v->v->type) : v->v->type;
  unsigned r = ir_type_is_tensor(t) ? t->rank : 0;
  if (r == 0) return sup_arena_strdup(S->arena, dn);
  sup_strbuf sb = {0};
  sup_strbuf_printf(&sb, "%s%s[", desc ? "tensordesc<" : "", dn);
  for (unsigned i = 0; i < r; i++) sup_strbuf_printf(&sb, i ? ", %lld" : "%lld", (long long)t->shape[i]);
  sup_strbuf_puts(&sb, desc ? "]>" : "]");
  return sup_arena_strbuf(S->arena, &sb);
}

static void repr_into(const sema_val *v, sup_strbuf *sb) {
  char b[16];
  switch (v->kind) {
  case SV_INT: sup_strbuf_printf(sb, "%lld", (long long)v->i); return;
  case SV_BOOL: sup_strbuf_puts(sb, v->i ? "True" : "False"); return;
  case SV_FLOAT: sup_strbuf_printf(sb, "%.17g", v->f); return;
  case SV_NONE: sup_strbuf_puts(sb, "None"); return;
  case SV_STR: sup_strbuf_printf(sb, "'%s'", v->s); return;
  case SV_DTYPE: sup_strbuf_puts(sb, sema_dt_name(v->dt, b)); return;
  case SV_TUPLE:
    sup_strbuf_putc(sb, '(');
    for (unsigned i = 0; i < v->n; i++) {
      if (i) sup_strbuf_puts(sb, ", ");
      repr_into(&v->elems[i], sb);
    }
    sup_strbuf_puts(sb, v->n == 1 ? ",)" : ")");
    return;
  case SV_TENSOR: sup_strbuf_printf(sb, "<tensor %s>", sema_dt_name(v->dt, b)); return;
  case SV_HOSTDESC: /* with the block shape: keys a helper's specialization */
    sup_strbuf_printf(sb, "<tensordesc %s", sema_dt_name(v->dt, b));
    for (unsigned d = 0; d < v->bp->rank; d++) sup_strbuf_printf(sb, " %lld", (long long)v->bp->block[d]);
    sup_strbuf_putc(sb, '>');
    return;
  case SV_BLOCKPTR: /* exact enough to key a helper's specialization */
    sup_strbuf_printf(sb, "<%s %s", v->bp->is_desc ? (v->bp->pad_nan ? "desc_nan" : "desc") : "block_ptr",
                      sema_dt_name(v->bp->elt, b));
    for (unsigned d = 0; d < v->bp->rank; d++)
      sup_strbuf_printf(sb, "%s%lld:%lld", d ? "," : " ", (long long)v->bp->block[d], (long long)v->bp->order[d]);
    for (unsigned i = 0; i < v->n; i++) {
      sup_strbuf_putc(sb, ' ');
      repr_into(&v->elems[i], sb);
    }
    sup_strbuf_putc(sb, '>');
    return;
  default: sup_strbuf_printf(sb, "<%s>", v->path ? v->path : "object"); return;
  }
}

const char *sema_repr(sema *S, const sema_val *v) {
  sup_strbuf sb = {0};
  repr_into(v, &sb);
  return sup_arena_strbuf(S->arena, &sb);
}

const ir_attr *sema_const_attr(sema *S, const sema_val *v) {
  ir_context *c = S->ctx;
  switch (v->kind) {
  case SV_INT: return ir_i64_attr(c, v->i);
  case SV_BOOL: return ir_bool_attr(c, v->i != 0);
  case SV_FLOAT: return ir_float_attr(c, ir_float_type(c, IR_F64), v->f);
  case SV_STR: return ir_string_attr(c, v->s);
  case SV_NONE: return ir_unit_attr(c);
  default: return ir_string_attr(c, sema_repr(S, v));
  }
}

bool sema_val_equal(const sema_val *a, const sema_val *b) {
  if (sema_is_num(a) && sema_is_num(b)) {
    if (a->kind == SV_FLOAT || b->kind == SV_FLOAT) return num_f(a) == num_f(b);
    return a->i == b->i;
  }
  if (a->kind != b->kind) return false;
  switch (a->kind) {
  case SV_NONE: return true;
  case SV_STR: return strcmp(a->s, b->s) == 0;
  case SV_DTYPE: return sema_dt_eq(a->dt, b->dt);
  case SV_TENSOR: case SV_HOSTDESC: return a->v == b->v && sema_dt_eq(a->dt, b->dt);
  case SV_TUPLE:
    if (a->n != b->n) return false;
    for (unsigned i = 0; i < a->n; i++)
      if (!sema_val_equal(&a->elems[i], &b->elems[i])) return false;
    return true;
  case SV_MODULE: case SV_BUILTIN: return strcmp(a->path, b->path) == 0 && a->self == b->self && a->umod == b->umod;
  case SV_JITFN: return a->fn == b->fn;
  case SV_BLOCKPTR:
    if (!sema_bptr_same_kind(a->bp, b->bp) || a->v != b->v) return false;
    for (unsigned i = 0; i < a->n; i++)
      if (!sema_val_equal(&a->elems[i], &b->elems[i])) return false;
    return true;
  default: return false;
  }
}

/* ---- compile-time folding (Python semantics) --------------------------------------------- */

/* Compile-time integers follow Python: exact results, floor division and modulo rounding
 * toward negative infinity, an error for a negative shift count. tilec holds them in 64
 * bits, so an exact result outside int64 is a located error rather than a wrapped value
 * (Triton's own limit for a constant that becomes a value is uint64; docs/language.md). */
static bool int_overflow(sema *S, ir_loc loc, const char *what) {
  sema_error(S, loc, "compile-time integer overflow in %s: the exact result does not fit in 64 "
                     "bits", what);
  return false;
}

static bool int_floordiv(sema *S, ir_loc loc, int64_t a, int64_t b, sema_val *out) {
  if (a == INT64_MIN && b == -1) return int_overflow(S, loc, "'//'");
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
  *out = sema_int(q);
  return true;
}

static int64_t py_mod(int64_t a, int64_t b) {
  if (b == -1) return 0; /* INT64_MIN % -1 is undefined in C; 0 in Python */
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

/* Exponentiation by squaring with overflow checks: O(log e) steps for any exponent. */
static bool int_pow(sema *S, ir_loc loc, int64_t base, int64_t e, sema_val *out) {
  int64_t r = 1;
  if (base == 0 || base == 1) r = e == 0 ? 1 : base;
  else if (base == -1) r = (e & 1) ? -1 : 1;
  else {
    for (int64_t b = base;;) {
      if ((e & 1) && __builtin_mul_overflow(r, b, &r)) return int_overflow(S, loc, "'**'");
      e >>= 1;
      if (!e) break;
      if (__builtin_mul_overflow(b, b, &b)) return int_overflow(S, loc, "'**'");
    }
  }
  *out = sema_int(r);
  return true;
}

static bool int_shift(sema *S, ir_loc loc, bool left, int64_t i, int64_t j, sema_val *out) {
  if (j < 0) {
    sema_error(S, loc, "negative shift count in a compile-time expression");
    return false;
  }
  if (!left) {
    *out = sema_int(j >= 64 ? (i < 0 ? -1 : 0) : i >> j);
    return true;
  }
  if (i == 0) {
    *out = sema_int(0);
    return true;
  }
  /* Python's i << j is i * 2**j: it fits when j < 63 and the bits shifted out are copies of
   * the sign. */
  if (j >= 63) return int_overflow(S, loc, "'<<'");
  int64_t r = (int64_t)((uint64_t)i << j); /* shifted as unsigned: no UB before the check */
  if ((r >> j) != i) return int_overflow(S, loc, "'<<'");
  *out = sema_int(r);
  return true;
}

static bool fold_int_arith(sema *S, fe_binop op, int64_t i, int64_t j, ir_loc loc, sema_val *out) {
  int64_t r;
  switch (op) {
  case FE_ADD: if (__builtin_add_overflow(i, j, &r)) return int_overflow(S, loc, "'+'"); break;
  case FE_SUB: if (__builtin_sub_overflow(i, j, &r)) return int_overflow(S, loc, "'-'"); break;
  case FE_MUL: if (__builtin_mul_overflow(i, j, &r)) return int_overflow(S, loc, "'*'"); break;
  case FE_FLOORDIV: return int_floordiv(S, loc, i, j, out);
  case FE_MOD: r = py_mod(i, j); break;
  default: return false;
  }
  *out = sema_int(r);
  return true;
}

/* Unary minus and abs() of a compile-time integer (only INT64_MIN overflows). */
bool sema_fold_int_neg(sema *S, ir_loc loc, int64_t i, bool abs_only, sema_val *out) {
  if (abs_only && i >= 0) {
    *out = sema_int(i);
    return true;
  }
  if (i == INT64_MIN) return int_overflow(S, loc, abs_only ? "abs()" : "unary '-'");
  *out = sema_int(-i);
  return true;
}

static bool fold_binop(sema *S, fe_binop op, const sema_val *a, const sema_val *b, ir_loc loc,
                       sema_val *out) {
  bool fl = a->kind == SV_FLOAT || b->kind == SV_FLOAT;
  double x = num_f(a), y = num_f(b);
  int64_t i = a->i, j = b->i;
  bool zero = fl ? y == 0.0 : j == 0;
  if ((op == FE_DIV || op == FE_FLOORDIV || op == FE_MOD) && zero) {
    sema_error(S, loc, "division by zero in a compile-time expression");
    return false;
  }
  switch (op) {
  case FE_ADD: case FE_SUB: case FE_MUL: case FE_FLOORDIV: case FE_MOD:
    if (!fl) return fold_int_arith(S, op, i, j, loc, out);
    break;
  case FE_POW:
    if (!fl && j >= 0) return int_pow(S, loc, i, j, out);
    *out = sema_float(pow(x, y));
    return true;
  case FE_DIV: *out = sema_float(x / y); return true;
  default: break;
  }
  switch (op) {
  case FE_ADD: *out = sema_float(x + y); return true;
  case FE_SUB: *out = sema_float(x - y); return true;
  case FE_MUL: *out = sema_float(x * y); return true;
  case FE_FLOORDIV: *out = sema_float(floor(x / y)); return true;
  case FE_MOD: *out = sema_float(x - floor(x / y) * y); return true;
  default: break;
  }
  if (fl) {
    sema_error(S, loc, "unsupported operand types for a bitwise operator: float");
    return false;
  }
  bool both_bool = a->kind == SV_BOOL && b->kind == SV_BOOL;
  switch (op) {
  case FE_LSHIFT: return int_shift(S, loc, true, i, j, out);
  case FE_RSHIFT: return int_shift(S, loc, false, i, j, out);
  case FE_BITAND: *out = both_bool ? sema_bool(i & j) : sema_int(i & j); return true;
  case FE_BITOR: *out = both_bool ? sema_bool(i | j) : sema_int(i | j); return true;
  case FE_BITXOR: *out = both_bool ? sema_bool(i ^ j) : sema_int(i ^ j); return true;
  default: break;
  }
  sema_error(S, loc, "unsupported operator on compile-time values");
  return false;
}

static bool fold_compare(sema *S, fe_cmpop op, const sema_val *a, const sema_val *b, ir_loc loc,
                         bool *out) {
  if (op == FE_IS || op == FE_ISNOT) {
    bool same = (a->kind == SV_NONE || b->kind == SV_NONE) ? a->kind == b->kind
                                                             : sema_val_equal(a, b);
    *out = op == FE_IS ? same : !same;
    return true;
  }
  if (op == FE_EQ || op == FE_NE) {
    bool eq = sema_val_equal(a, b);
    *out = op == FE_EQ ? eq : !eq;
    return true;
  }
  if (op == FE_IN || op == FE_NOTIN) {
    if (b->kind != SV_TUPLE) {
      sema_error(S, loc, "'in' needs a tuple on its right, got %s", sema_describe(S, b));
      return false;
    }
    bool found = false;
    for (unsigned i = 0; i < b->n && !found; i++) found = sema_val_equal(a, &b->elems[i]);
    *out = op == FE_IN ? found : !found;
    return true;
  }
  if (!sema_is_num(a) || !sema_is_num(b)) {
    sema_error(S, loc, "cannot order %s and %s", sema_describe(S, a), sema_describe(S, b));
    return false;
  }
  double x = num_f(a), y = num_f(b);
  bool ints = a->kind != SV_FLOAT && b->kind != SV_FLOAT;
  int c = ints ? (a->i < b->i ? -1 : a->i > b->i) : (x < y ? -1 : x > y ? 1 : 0);
  bool nan = !ints && (isnan(x) || isnan(y));
  switch (op) {
  case FE_LT: *out = !nan && c < 0; return true;
  case FE_LE: *out = !nan && c <= 0; return true;
  case FE_GT: *out = !nan && c > 0; return true;
  case FE_GE: *out = !nan && c >= 0; return true;
  default: break;
  }
  return false;
}

/* ---- IR operators ---------------------------------------------------------------------- */

static sema_val bin_ir(sema *S, ir_loc loc, const char *name, const sema_val *a, const sema_val *b) {
  ir_value *ops[2] = {a->v, b->v};
  return sema_tensor(sema_emit1(S, loc, name, 2, ops, a->v->type), a->dt);
}

static bool add_ptr(sema *S, sema_val p, sema_val off, ir_loc loc, sema_val *out) {
  if (!sema_dt_is_int(off.dt)) {
    char b1[16], b2[16];
    sema_error(S, loc, "invalid operands of type %s and %s", sema_dt_name(p.dt, b1), sema_dt_name(off.dt, b2));
    return false;
  }
  if (sema_dt_is_unsigned(off.dt) && sema_dt_bits(off.dt) < 64 &&
      !sema_cast(S, &off, sema_dt(SD_I64), false, loc, &off))
    return false;
  ir_value *ops[2] = {p.v, off.v};
  *out = sema_tensor(sema_emit1(S, loc, "tt.addptr", 2, ops, p.v->type), p.dt);
  return true;
}

static bool ir_add_sub(sema *S, bool sub, sema_val a, sema_val b, ir_loc loc, sema_val *out) {
  if (!sema_binary_check(S, &a, &b, true, !sub, true, false, loc)) return false;
  if (sema_dt_is_ptr(a.dt) && sema_dt_is_ptr(b.dt)) {
    sema_error(S, loc, sub ? "cannot subtract pointers" : "cannot add pointers together");
    return false;
  }
  if (sema_dt_is_ptr(b.dt)) { sema_val t = a; a = b; b = t; }
  if (sema_dt_is_ptr(a.dt)) {
    if (sub && !sema_unary(S, FE_NEG, &b, loc, &b)) return false;
    return add_ptr(S, a, b, loc, out);
  }
  bool fl = sema_dt_is_float(a.dt);
  *out = bin_ir(S, loc, sub ? (fl ? "arith.subf" : "arith.subi") : (fl ? "arith.addf" : "arith.addi"), &a, &b);
  return true;
}

static bool ir_truediv(sema *S, sema_val a, sema_val b, ir_loc loc, sema_val *out) {
  if (!sema_binary_check(S, &a, &b, false, false, true, true, loc)) return false;
  if (sema_dt_is_int(a.dt) &&
      (!sema_cast(S, &a, sema_dt(SD_FP32), false, loc, &a) ||
       !sema_cast(S, &b, sema_dt(SD_FP32), false, loc, &b)))
    return false;
  *out = bin_ir(S, loc, "arith.divf", &a, &b);
  return true;
}

static bool ir_floordiv_mod(sema *S, bool mod, sema_val a, sema_val b, ir_loc loc, sema_val *out) {
  if (!sema_binary_check(S, &a, &b, false, false, true, true, loc)) return false;
  if (sema_dt_is_float(a.dt)) {
    if (mod) {
      *out = bin_ir(S, loc, "arith.remf", &a, &b);
      return true;
    }
    /* tilec extension: Triton rejects // on floats; Python's meaning is floor(a / b). */
    sema_val q = bin_ir(S, loc, "arith.divf", &a, &b);
    *out = sema_tensor(sema_emit1(S, loc, "math.floor", 1, &q.v, q.v->type), q.dt);
    return true;
  }
  bool u = sema_dt_is_unsigned(a.dt);
  *out = bin_ir(S, loc, mod ? (u ? "arith.remui" : "arith.remsi") : (u ? "arith.divui" : "arith.divsi"),
                &a, &b);
  return true;
}

static bool ir_bitwise(sema *S, fe_binop op, sema_val a, sema_val b, ir_loc loc, sema_val *out) {
  if (!sema_binary_check(S, &a, &b, false, false, true, false, loc)) return false;
  if (!sema_dt_is_int(a.dt) || !sema_dt_is_int(b.dt)) {
    char b1[16], b2[16];
    sema_error(S, loc, "invalid operands of type %s and %s for a bitwise operator",
               sema_dt_name(a.dt, b1), sema_dt_name(b.dt, b2));
    return false;
  }
  const char *name = op == FE_BITAND ? "arith.andi" : op == FE_BITOR ? "arith.ori"
                   : op == FE_BITXOR ? "arith.xori" : op == FE_LSHIFT ? "arith.shli"
                   : sema_dt_is_unsigned(a.dt) ? "arith.shrui" : "arith.shrsi";
  *out = bin_ir(S, loc, name, &a, &b);
  return true;
}

static bool ir_binop(sema *S, fe_binop op, const sema_val *a, const sema_val *b, ir_loc loc,
                     sema_val *out) {
  switch (op) {
  case FE_ADD: return ir_add_sub(S, false, *a, *b, loc, out);
  case FE_SUB: return ir_add_sub(S, true, *a, *b, loc, out);
  case FE_MUL: {
    sema_val x = *a, y = *b;
    if (!sema_binary_check(S, &x, &y, false, false, true, false, loc)) return false;
    *out = bin_ir(S, loc, sema_dt_is_float(x.dt) ? "arith.mulf" : "arith.muli", &x, &y);
    return true;
  }
  case FE_DIV: return ir_truediv(S, *a, *b, loc, out);
  case FE_FLOORDIV: return ir_floordiv_mod(S, false, *a, *b, loc, out);
  case FE_MOD: return ir_floordiv_mod(S, true, *a, *b, loc, out);
  case FE_POW:
    sema_error(S, loc, "operator ** is not supported on tensors: use tl.math.pow");
    return false;
  case FE_MATMUL: {
    sema_dot_call d = {"operator @", loc, *a, *b, NULL, NULL, NULL, NULL, NULL};
    return sema_dot(S, &d, out);
  }
  default: return ir_bitwise(S, op, *a, *b, loc, out);
  }
}

bool sema_binop(sema *S, fe_binop op, const sema_val *a, const sema_val *b, ir_loc loc, sema_val *out) {
  if (sema_is_num(a) && sema_is_num(b)) return fold_binop(S, op, a, b, loc, out);
  if (a->kind == SV_TENSOR || b->kind == SV_TENSOR) {
    if ((a->kind == SV_TENSOR || sema_is_num(a)) && (b->kind == SV_TENSOR || sema_is_num(b)))
      return ir_binop(S, op, a, b, loc, out);
  }
  if (op == FE_ADD && a->kind == SV_TUPLE && b->kind == SV_TUPLE) {
    sema_val *el = sup_arena_alloc(S->arena, (a->n + b->n + 1) * sizeof(sema_val));
    memcpy(el, a->elems, a->n * sizeof(sema_val));
    memcpy(el + a->n, b->elems, b->n * sizeof(sema_val));
    *out = (sema_val){.kind = SV_TUPLE, .n = a->n + b->n, .elems = el};
    return true;
  }
  if (op == FE_ADD && a->kind == SV_STR && b->kind == SV_STR) {
    *out = (sema_val){.kind = SV_STR, .s = sup_arena_printf(S->arena, "%s%s", a->s, b->s)};
    return true;
  }
  sema_error(S, loc, "unsupported operand types for a binary operator: %s and %s",
             sema_describe(S, a), sema_describe(S, b));
  return false;
}

static const char *cmp_pred(fe_cmpop op, sema_dtype d) {
  bool fl = sema_dt_is_float(d), u = sema_dt_is_unsigned(d) || sema_dt_is_ptr(d);
  switch (op) {
  case FE_LT: return fl ? "olt" : u ? "ult" : "slt";
  case FE_LE: return fl ? "ole" : u ? "ule" : "sle";
  case FE_GT: return fl ? "ogt" : u ? "ugt" : "sgt";
  case FE_GE: return fl ? "oge" : u ? "uge" : "sge";
  case FE_EQ: return fl ? "oeq" : "eq";
  default: return fl ? "une" : "ne";
  }
}

bool sema_compare(sema *S, fe_cmpop op, const sema_val *a, const sema_val *b, ir_loc loc, sema_val *out) {
  bool tensors = a->kind == SV_TENSOR || b->kind == SV_TENSOR;
  if (!tensors || op == FE_IS || op == FE_ISNOT || op == FE_IN || op == FE_NOTIN) {
    bool r;
    if (tensors && (op == FE_IN || op == FE_NOTIN)) {
      sema_error(S, loc, "'in' is not supported on tensors");
      return false;
    }
    if (!fold_compare(S, op, a, b, loc, &r)) return false;
    *out = sema_bool(r);
    return true;
  }
  sema_val x = *a, y = *b;
  if (!sema_binary_check(S, &x, &y, false, false, true, false, loc)) return false;
  bool fl = sema_dt_is_float(x.dt);
  ir_value *ops[2] = {x.v, y.v};
  const ir_type *t = ir_type_with_scalar(S->ctx, x.v->type, ir_int_type(S->ctx, 1));
  ir_op *o = sema_emit(S, loc, fl ? "arith.cmpf" : "arith.cmpi", 2, ops, 1, &t);
  ir_op_set_attr(o, "predicate", ir_string_attr(S->ctx, cmp_pred(op, x.dt)));
  *out = sema_tensor(ir_op_result(o, 0), sema_dt(SD_I1));
  return true;
}

static bool to_i1(sema *S, const sema_val *v, ir_loc loc, sema_val *out) {
  sema_val t;
  if (!sema_to_tensor(S, v, loc, &t)) return false;
  return sema_cast(S, &t, sema_dt(SD_I1), false, loc, out);
}

bool sema_unary(sema *S, fe_unop op, const sema_val *a, ir_loc loc, sema_val *out) {
  if (op == FE_NOT && a->kind != SV_TENSOR) {
    *out = sema_bool(!sema_truthy(a));
    return true;
  }
  if (sema_is_num(a)) {
    if (op == FE_POS) *out = *a;
    else if (op == FE_NEG && a->kind == SV_FLOAT) *out = sema_float(-a->f);
    else if (op == FE_NEG) return sema_fold_int_neg(S, loc, a->i, false, out);
    else if (a->kind == SV_FLOAT) {
      sema_error(S, loc, "bad operand type for unary ~: 'float'");
      return false;
    } else *out = sema_int(~a->i);
    return true;
  }
  if (a->kind != SV_TENSOR) {
    sema_error(S, loc, "bad operand type for a unary operator: %s", sema_describe(S, a));
    return false;
  }
  char b[16];
  if (op == FE_POS) { *out = *a; return true; }
  if (sema_dt_is_ptr(a->dt) || (op == FE_INVERT && sema_dt_is_float(a->dt))) {
    sema_error(S, loc, "wrong type argument to unary %s (%s)", op == FE_NEG ? "minus" : "invert",
               sema_dt_name(a->dt, b));
    return false;
  }
  if (op == FE_NEG && sema_dt_is_float(a->dt)) {
    *out = sema_tensor(sema_emit1(S, loc, "arith.negf", 1, &a->v, a->v->type), a->dt);
    return true;
  }
  if (op == FE_NEG) {
    sema_val zero = sema_int(0);
    sema_val z = sema_tensor(sema_const_scalar(S, loc, &zero, a->dt), a->dt);
    sema_val x = *a;
    if (!sema_broadcast_pair(S, &z, &x, loc)) return false;
    *out = bin_ir(S, loc, "arith.subi", &z, &x);
    return true;
  }
  sema_val x = *a;
  if (op == FE_NOT && !to_i1(S, a, loc, &x)) return false;
  sema_val ones = sema_int(-1);
  sema_val o = sema_tensor(sema_const_scalar(S, loc, &ones, x.dt), x.dt);
  if (!sema_broadcast_pair(S, &o, &x, loc)) return false;
  *out = bin_ir(S, loc, "arith.xori", &x, &o);
  return true;
}

/* ---- expression forms ------------------------------------------------------------------ */

static bool eval_items(sema *S, unsigned n, fe_expr *const *items, sema_val *out) {
  sema_val *el = sup_arena_alloc(S->arena, (n + 1) * sizeof(sema_val));
  for (unsigned i = 0; i < n; i++)
    if (!sema_expr(S, items[i], &el[i])) return false;
  *out = (sema_val){.kind = SV_TUPLE, .n = n, .elems = el};
  return true;
}

static bool expr_boolop(sema *S, const fe_expr *e, sema_val *out) {
  sema_val a;
  if (!sema_expr(S, e->lhs, &a)) return false;
  bool is_and = e->op.boolop == FE_AND;
  if (a.kind != SV_TENSOR) { /* Python short-circuit */
    if (sema_truthy(&a) != is_and) {
      *out = a;
      return true;
    }
    return sema_expr(S, e->rhs, out);
  }
  sema_val b;
  if (!sema_expr(S, e->rhs, &b)) return false;
  if (!to_i1(S, &a, e->loc, &a) || !to_i1(S, &b, e->loc, &b)) return false;
  return sema_binop(S, is_and ? FE_BITAND : FE_BITOR, &a, &b, e->loc, out);
}

static bool expr_compare(sema *S, const fe_expr *e, sema_val *out) {
  sema_val lhs, result = sema_bool(true);
  if (!sema_expr(S, e->items[0], &lhs)) return false;
  if (e->nitems > 2) {
    /* a < b < c: Python chains with `and`; only compile-time values can be chained. */
    for (unsigned i = 1; i < e->nitems; i++) {
      sema_val rhs, r;
      if (!sema_expr(S, e->items[i], &rhs)) return false;
      if (lhs.kind == SV_TENSOR || rhs.kind == SV_TENSOR) {
        sema_error(S, e->loc, "chained comparisons are not supported on tensors; use & between comparisons");
        return false;
      }
      if (!sema_compare(S, e->cmpops[i - 1], &lhs, &rhs, e->loc, &r)) return false;
      if (!sema_truthy(&r)) {
        *out = sema_bool(false);
        return true;
      }
      lhs = rhs;
    }
    *out = result;
    return true;
  }
  sema_val rhs;
  if (!sema_expr(S, e->items[1], &rhs)) return false;
  return sema_compare(S, e->cmpops[0], &lhs, &rhs, e->loc, out);
}

static bool expr_ifexp(sema *S, const fe_expr *e, sema_val *out) {
  sema_val c;
  if (!sema_expr(S, e->cond, &c)) return false;
  if (c.kind != SV_TENSOR) return sema_expr(S, sema_truthy(&c) ? e->body : e->orelse, out);
  sema_val a, b;
  if (!sema_expr(S, e->body, &a) || !sema_expr(S, e->orelse, &b)) return false;
  sema_val fn = {.kind = SV_BUILTIN, .path = "triton.language.where"};
  sema_val args[3] = {c, a, b};
  return sema_call_builtin(S, &fn, e, 3, args, 0, NULL, NULL, out);
}

static bool is_none_item(const fe_expr *it) { return it == NULL || it->kind == FE_EXPR_NONE; }
static bool is_full_slice(const fe_expr *it) {
  return it && it->kind == FE_EXPR_SLICE && !it->lower && !it->upper && !it->step;
}

static bool subscript_tensor(sema *S, const fe_expr *e, const sema_val *t, sema_val *out) {
  unsigned r = sema_rank(t->v), src = 0, dst = 0;
  int64_t shape[IR_MAX_RANK];
  sema_val cur = *t;
  for (unsigned i = 0; i < e->nitems; i++) {
    const fe_expr *it = e->items[i];
    if (is_full_slice(it)) {
      if (src >= r) {
        sema_error(S, e->loc, "too many indices for a tensor of rank %u", r);
        return false;
      }
      src++, dst++;
      continue;
    }
    if (!is_none_item(it)) {
      sema_error(S, it->loc, "unsupported tensor index: only None and ':' are supported");
      return false;
    }
    unsigned cr = sema_rank(cur.v);
    if (cr + 1 > IR_MAX_RANK) {
      sema_error(S, e->loc, "tensors of rank above %d are not supported", IR_MAX_RANK);
      return false;
    }
    const int64_t *cs = sema_shape(cur.v);
    for (unsigned k = 0, j = 0; k <= cr; k++) shape[k] = k == dst ? 1 : cs[j++];
    ir_op *op = sema_emit(S, e->loc, cr == 0 ? "tt.splat" : "tt.expand_dims", 1, &cur.v, 1,
                          (const ir_type *[]){sema_shaped(S, cur.dt, cr + 1, shape)});
    if (cr > 0) ir_op_set_attr(op, "axis", ir_i32_attr(S->ctx, dst));
    cur = sema_tensor(ir_op_result(op, 0), cur.dt);
    dst++;
  }
  *out = cur;
  return true;
}

/* A slice bound of a tuple (None or absent: *given false). */
static bool slice_bound(sema *S, const fe_expr *x, int64_t *out, bool *given) {
  *given = false;
  if (!x) return true;
  sema_val v;
  if (!sema_expr(S, x, &v)) return false;
  if (v.kind == SV_NONE) return true;
  if (v.kind != SV_INT && v.kind != SV_BOOL) {
    sema_error(S, x->loc, "slice indices must be compile-time integers or None, got %s", sema_describe(S, &v));
    return false;
  }
  *out = v.i, *given = true;
  return true;
}

/* tup[lower:upper:step], as Python slices a tuple (x.shape[:-1], shape[::-1]). */
static bool slice_tuple(sema *S, const fe_expr *sl, const sema_val *base, sema_val *out) {
  int64_t n = base->n, lo = 0, hi = 0, step = 1;
  bool has_lo, has_hi, has_step;
  if (!slice_bound(S, sl->lower, &lo, &has_lo) || !slice_bound(S, sl->upper, &hi, &has_hi) ||
      !slice_bound(S, sl->step, &step, &has_step))
    return false;
  if (!has_step) step = 1;
  if (step == 0) {
    sema_error(S, sl->loc, "slice step cannot be zero");
    return false;
  }
  if (step < -INT32_MAX) step = -INT32_MAX; /* a step beyond the tuple is one element either way */
  int64_t *bounds[2] = {&lo, &hi};
  bool given[2] = {has_lo, has_hi};
  for (int k = 0; k < 2; k++) {
    int64_t *v = bounds[k];
    if (!given[k]) *v = k == 0 ? (step > 0 ? 0 : n - 1) : (step > 0 ? n : -1);
    else if (*v < 0) *v = *v + n < 0 ? (step < 0 ? -1 : 0) : *v + n;
    else if (*v >= n) *v = step < 0 ? n - 1 : n;
  }
  sema_val *el = sup_arena_alloc(S->arena, ((size_t)n + 1) * sizeof(sema_val));
  unsigned m = 0;
  for (int64_t i = lo; step > 0 ? i < hi : i > hi; i += step) el[m++] = base->elems[i];
  *out = (sema_val){.kind = SV_TUPLE, .n = m, .elems = el};
  return true;
}

static bool expr_subscript(sema *S, const fe_expr *e, sema_val *out) {
  sema_val base;
  if (!sema_expr(S, e->value, &base)) return false;
  if (base.kind == SV_TENSOR) return subscript_tensor(S, e, &base, out);
  if (base.kind == SV_TUPLE && e->nitems == 1 && e->items[0] && e->items[0]->kind == FE_EXPR_SLICE)
    return slice_tuple(S, e->items[0], &base, out);
  if (base.kind != SV_TUPLE || e->nitems != 1 || is_none_item(e->items[0]) ||
      e->items[0]->kind == FE_EXPR_SLICE) {
    sema_error(S, e->loc, "unsupported subscript of %s", sema_describe(S, &base));
    return false;
  }
  sema_val idx;
  if (!sema_expr(S, e->items[0], &idx)) return false;
  if (idx.kind != SV_INT) {
    sema_error(S, e->items[0]->loc, "tuple indices must be compile-time integers, got %s",
               sema_describe(S, &idx));
    return false;
  }
  int64_t i = idx.i < 0 ? idx.i + base.n : idx.i;
  if (i < 0 || i >= (int64_t)base.n) {
    sema_error(S, e->loc, "tuple index %lld out of range", (long long)idx.i);
    return false;
  }
  *out = base.elems[i];
  return true;
}

static bool expr_attribute(sema *S, const fe_expr *e, sema_val *out) {
  sema_val base;
  if (!sema_expr(S, e->value, &base)) return false;
  if (base.kind == SV_MODULE) return sema_module_attr(S, &base, e->name, e->loc, out);
  return sema_value_attr(S, &base, e->name, e->loc, out);
}

static bool expr_call(sema *S, const fe_expr *e, sema_val *out) {
  sema_val fn;
  if (!sema_expr(S, e->func, &fn)) return false;
  sema_val *args = sup_arena_alloc(S->arena, (e->nitems + 1) * sizeof(sema_val));
  sema_val *kwv = sup_arena_alloc(S->arena, (e->nkeywords + 1) * sizeof(sema_val));
  const char **kwn = sup_arena_alloc(S->arena, (e->nkeywords + 1) * sizeof(char *));
  for (unsigned i = 0; i < e->nitems; i++)
    if (!sema_expr(S, e->items[i], &args[i])) return false;
  for (unsigned i = 0; i < e->nkeywords; i++) {
    kwn[i] = e->keywords[i].name;
    if (!sema_expr(S, e->keywords[i].value, &kwv[i])) return false;
  }
  if (fn.kind == SV_BUILTIN)
    return sema_call_builtin(S, &fn, e, e->nitems, args, e->nkeywords, kwn, kwv, out);
  if (fn.kind == SV_JITFN) {
    sema_jit *j = sema_jit_of(S, fn.fn);
    if (!j) return ir_context_note_oom(S->ctx), false; /* only a failed registration misses */
    return sema_call_jit(S, j, e, e->nitems, args, e->nkeywords, kwn, kwv, out);
  }
  sema_error(S, e->loc, "%s is not callable", sema_describe(S, &fn));
  return false;
}

static bool expr_name(sema *S, const fe_expr *e, sema_val *out) {
  if (!sema_lookup(S, e->name, out)) {
    sema_error(S, e->loc, "name '%s' is not defined", e->name);
    return false;
  }
  if (out->kind == SV_SKIPPED) host_skipped_error(&S->host, e->loc, e->name, out->skip);
  return out->kind != SV_POISON && out->kind != SV_SKIPPED; /* poison: reported already */
}

bool sema_expr(sema *S, const fe_expr *e, sema_val *out) {
  switch (e->kind) {
  case FE_EXPR_NAME: return expr_name(S, e, out);
  case FE_EXPR_INT:
    if (e->ibig) {
      sema_error(S, e->loc, FE_BIG_INT_HINT);
      return false;
    }
    *out = sema_int(e->ival);
    return true;
  case FE_EXPR_FLOAT: *out = sema_float(e->fval); return true;
  case FE_EXPR_BOOL: *out = sema_bool(e->bval); return true;
  case FE_EXPR_NONE: *out = sema_none(); return true;
  case FE_EXPR_STRING: *out = (sema_val){.kind = SV_STR, .s = e->str}; return true;
  case FE_EXPR_ATTRIBUTE: return expr_attribute(S, e, out);
  case FE_EXPR_CALL: return expr_call(S, e, out);
  case FE_EXPR_BINOP: {
    sema_val a, b;
    if (!sema_expr(S, e->lhs, &a) || !sema_expr(S, e->rhs, &b)) return false;
    return sema_binop(S, e->op.binop, &a, &b, e->loc, out);
  }
  case FE_EXPR_UNARY: {
    sema_val a;
    if (fe_int_literal_min(e->value, e->op.unop)) return *out = sema_int(INT64_MIN), true;
    if (!sema_expr(S, e->value, &a)) return false;
    return sema_unary(S, e->op.unop, &a, e->loc, out);
  }
  case FE_EXPR_BOOLOP: return expr_boolop(S, e, out);
  case FE_EXPR_COMPARE: return expr_compare(S, e, out);
  case FE_EXPR_SUBSCRIPT: return expr_subscript(S, e, out);
  case FE_EXPR_TUPLE: case FE_EXPR_LIST: return eval_items(S, e->nitems, e->items, out);
  case FE_EXPR_IFEXP: return expr_ifexp(S, e, out);
  case FE_EXPR_SLICE: *out = (sema_val){.kind = SV_SLICE}; return true;
  case FE_EXPR_ELLIPSIS: break;
  case FE_EXPR_DICT: break;
  case FE_EXPR_LAMBDA:
    sema_error(S, e->loc, "lambda expressions are only supported in host code (heuristics, pruning)");
    return false;
  case FE_EXPR_LISTCOMP:
    sema_error(S, e->loc, "comprehensions are only supported in host code (autotune configs)");
    return false;
  case FE_EXPR_FSTRING:
    sema_error(S, e->loc, "f-strings are not supported (tilec does not format strings)");
    return false;
  }
  sema_error(S, e->loc, "unsupported expression");
  return false;
}
