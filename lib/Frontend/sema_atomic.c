/* tl.atomic_add/max/min/and/or/xor/xchg/cas with Triton 3.6's rules (semantic.py):
 * the value (and mask) broadcast to the pointer's shape and cast to its element type;
 * sem defaults to acq_rel, scope to gpu; fp16/bf16 only for add; no 8/16-bit integers
 * (cas: 16, 32 or 64-bit elements); float max/min through two integer atomics: a signed max
 * (min) for non-negative values and an unsigned min (max) for negative ones, selected by the
 * sign bit, as Triton does. Emits tt.atomic_rmw / tt.atomic_cas. */
#include <string.h>

#include "Frontend/sema.h"

static const char *const sems[] = {"relaxed", "acquire", "release", "acq_rel", NULL};
static const char *const scopes[] = {"gpu", "cta", "sys", NULL};

/* A sem/scope argument: absent, None or "" give the default. */
static bool order_arg(sema *S, const sema_atomic_call *c, const sema_val *v, const char *what,
                      const char *const *ok, const char *dflt, const char **out) {
  *out = dflt;
  if (!v || v->kind == SV_NONE || (v->kind == SV_STR && !v->s[0])) return true;
  if (v->kind == SV_STR)
    for (const char *const *k = ok; *k; k++)
      if (strcmp(*k, v->s) == 0) {
        *out = *k;
        return true;
      }
  if (v->kind == SV_STR && ok[3])
    sema_error(S, c->loc, "%s(): unsupported %s '%s' (expected %s, %s, %s or %s)", c->disp, what, v->s, ok[0],
               ok[1], ok[2], ok[3]);
  else if (v->kind == SV_STR)
    sema_error(S, c->loc, "%s(): unsupported %s '%s' (expected %s, %s or %s)", c->disp, what, v->s, ok[0], ok[1],
               ok[2]);
  else
    sema_error(S, c->loc, "%s() argument '%s' must be a string, got %s", c->disp, what, sema_describe(S, v));
  return false;
}

/* Triton's element-type rules for each op. */
static bool elem_ok(sema *S, const sema_atomic_call *c, sema_dtype e) {
  char b[16];
  bool f16 = e.kind == SD_FP16 || e.kind == SD_BF16;
  if (sema_dt_is_ptr(e)) {
    sema_error(S, c->loc, "%s() does not support pointers to pointers", c->disp);
    return false;
  }
  if (!strcmp(c->op, "cas")) {
    if (sema_dt_bits(e) >= 16) return true;
    sema_error(S, c->loc, "%s() does not support %s: it needs 16, 32 or 64-bit elements", c->disp, sema_dt_name(e, b));
    return false;
  }
  if (f16 && strcmp(c->op, "add") != 0) {
    sema_error(S, c->loc, "%s() does not support %s (only tl.atomic_add takes fp16 and bf16)", c->disp,
               sema_dt_name(e, b));
    return false;
  }
  if (sema_dt_is_int(e) && sema_dt_bits(e) < 32) {
    sema_error(S, c->loc, "%s() does not support %s: it needs 32 or 64-bit integers", c->disp, sema_dt_name(e, b));
    return false;
  }
  bool bitwise = !strcmp(c->op, "and") || !strcmp(c->op, "or") || !strcmp(c->op, "xor");
  if (bitwise && sema_dt_is_float(e)) {
    sema_error(S, c->loc, "%s() does not support %s: it takes integers", c->disp, sema_dt_name(e, b));
    return false;
  }
  return true;
}

static const char *shape_str(sema *S, const ir_value *v) {
  sup_strbuf b = {0};
  sup_strbuf_puts(&b, "[");
  for (unsigned i = 0; i < sema_rank(v); i++) sup_strbuf_printf(&b, "%s%lld", i ? ", " : "", (long long)sema_shape(v)[i]);
  sup_strbuf_puts(&b, "]");
  return sup_arena_strbuf(S->arena, &b);
}

/* Triton broadcasts values and masks to the pointer's shape, never the pointer: t must
 * have at most its rank, each dim equal to the pointer's or 1 (numpy, aligned right). */
static bool fits_ptr(sema *S, const sema_atomic_call *c, const sema_val *t, const char *what) {
  unsigned r = sema_rank(t->v), pr = sema_rank(c->ptr.v);
  bool ok = r <= pr;
  for (unsigned i = 0; ok && i < r; i++) {
    int64_t d = sema_shape(t->v)[r - 1 - i], pd = sema_shape(c->ptr.v)[pr - 1 - i];
    ok = d == pd || d == 1;
  }
  if (!ok)
    sema_error(S, c->loc, "%s(): %s of shape %s cannot be broadcast to the pointer's shape %s", c->disp, what,
               shape_str(S, t->v), shape_str(S, c->ptr.v));
  return ok;
}

/* v as a tensor of dtype e in the pointer's shape. */
static bool value_to(sema *S, const sema_atomic_call *c, const sema_val *v, sema_dtype e, sema_val *out) {
  sema_val t;
  if (!sema_to_tensor(S, v, c->loc, &t)) return false;
  if (sema_dt_is_ptr(t.dt)) {
    sema_error(S, c->loc, "%s() cannot take %s as a value", c->disp, sema_describe(S, &t));
    return false;
  }
  if (!fits_ptr(S, c, &t, "value")) return false;
  if (!sema_dt_eq(t.dt, e) && !sema_cast(S, &t, e, false, c->loc, &t)) return false;
  return sema_broadcast_to(S, &t, sema_rank(c->ptr.v), sema_shape(c->ptr.v), c->loc, out);
}

static bool mask_of(sema *S, const sema_atomic_call *c, sema_val *out) {
  out->kind = SV_NONE;
  if (!c->mask || c->mask->kind == SV_NONE) return true;
  sema_val m;
  if (!sema_to_tensor(S, c->mask, c->loc, &m)) return false;
  if (m.dt.kind != SD_I1) {
    sema_error(S, c->loc, "%s(): mask must be a boolean (i1) tensor, got %s", c->disp, sema_describe(S, &m));
    return false;
  }
  if (!fits_ptr(S, c, &m, "mask")) return false;
  return sema_broadcast_to(S, &m, sema_rank(c->ptr.v), sema_shape(c->ptr.v), c->loc, out);
}

typedef struct order {
  const char *sem, *scope;
} order;

static sema_val emit_rmw(sema *S, const sema_atomic_call *c, const char *kind, sema_val ptr, sema_val v,
                         const sema_val *mask, order o) {
  ir_value *ops[3] = {ptr.v, v.v, mask && mask->kind == SV_TENSOR ? mask->v : NULL};
  const ir_type *t = v.v->type;
  ir_op *op = sema_emit(S, c->loc, "tt.atomic_rmw", ops[2] ? 3 : 2, ops, 1, &t);
  ir_op_set_attr(op, "atomic_rmw_op", ir_string_attr(S->ctx, kind));
  ir_op_set_attr(op, "sem", ir_string_attr(S->ctx, o.sem));
  ir_op_set_attr(op, "scope", ir_string_attr(S->ctx, o.scope));
  return sema_tensor(ir_op_result(op, 0), v.dt);
}

/* mask AND cond (cond alone when there is no mask). */
static bool and_mask(sema *S, const sema_atomic_call *c, const sema_val *mask, sema_val cond, sema_val *out) {
  if (mask->kind != SV_TENSOR) {
    *out = cond;
    return true;
  }
  return sema_binop(S, FE_BITAND, mask, &cond, c->loc, out);
}

/* Float max/min on integer atomics: non-negative values (sign bit clear) order like signed
 * integers, negative ones in reverse like unsigned integers. */
static bool float_minmax(sema *S, const sema_atomic_call *c, sema_val v, const sema_val *mask, order o,
                         sema_val *out) {
  bool wide = sema_dt_bits(v.dt) == 64;
  sema_dtype it = sema_dt(wide ? SD_I64 : SD_I32);
  sema_val iv, ip, pos, neg, mpos, mneg, zero = sema_int(0), rp, rn, r;
  if (!sema_cast(S, &v, it, true, c->loc, &iv) || !sema_cast(S, &c->ptr, sema_dt_ptr(it.kind), false, c->loc, &ip))
    return false;
  if (!sema_compare(S, FE_GE, &iv, &zero, c->loc, &pos) || !sema_compare(S, FE_LT, &iv, &zero, c->loc, &neg))
    return false;
  if (!and_mask(S, c, mask, pos, &mpos) || !and_mask(S, c, mask, neg, &mneg)) return false;
  bool is_max = !strcmp(c->op, "max");
  rp = emit_rmw(S, c, is_max ? "max" : "min", ip, iv, &mpos, o);
  rn = emit_rmw(S, c, is_max ? "umin" : "umax", ip, iv, &mneg, o);
  ir_value *ops[3] = {pos.v, rp.v, rn.v};
  r = sema_tensor(sema_emit1(S, c->loc, "arith.select", 3, ops, rp.v->type), it);
  return sema_cast(S, &r, v.dt, true, c->loc, out);
}

static const char *rmw_kind(const char *op, sema_dtype e) {
  bool u = sema_dt_is_unsigned(e);
  if (!strcmp(op, "add")) return sema_dt_is_float(e) ? "fadd" : "add";
  if (!strcmp(op, "max")) return u ? "umax" : "max";
  if (!strcmp(op, "min")) return u ? "umin" : "min";
  return op; /* and, or, xor, xchg */
}

bool sema_atomic(sema *S, const sema_atomic_call *c, sema_val *out) {
  if (c->ptr.kind != SV_TENSOR || !sema_dt_is_ptr(c->ptr.dt)) {
    sema_error(S, c->loc, "%s() expects a pointer (or a tensor of pointers) as 'pointer', got %s", c->disp,
               sema_describe(S, &c->ptr));
    return false;
  }
  sema_dtype e = sema_dt(c->ptr.dt.pointee);
  order o;
  if (!elem_ok(S, c, e) || !order_arg(S, c, c->sem, "sem", sems, "acq_rel", &o.sem) ||
      !order_arg(S, c, c->scope, "scope", scopes, "gpu", &o.scope))
    return false;
  sema_val v, mask;
  if (!value_to(S, c, c->val, e, &v)) return false;
  if (!strcmp(c->op, "cas")) {
    sema_val cmp;
    if (!value_to(S, c, c->cmp, e, &cmp)) return false;
    ir_value *ops[3] = {c->ptr.v, cmp.v, v.v};
    const ir_type *t = v.v->type;
    ir_op *op = sema_emit(S, c->loc, "tt.atomic_cas", 3, ops, 1, &t);
    ir_op_set_attr(op, "sem", ir_string_attr(S->ctx, o.sem));
    ir_op_set_attr(op, "scope", ir_string_attr(S->ctx, o.scope));
    *out = sema_tensor(ir_op_result(op, 0), e);
    return true;
  }
  if (!mask_of(S, c, &mask)) return false;
  bool minmax = !strcmp(c->op, "max") || !strcmp(c->op, "min");
  if (minmax && sema_dt_is_float(e)) return float_minmax(S, c, v, &mask, o, out);
  *out = emit_rmw(S, c, rmw_kind(c->op, e), c->ptr, v, &mask, o);
  return true;
}
