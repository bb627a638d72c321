/* tl.dot and the @ operator: Triton's argument rules (semantic.py's dot, the NVIDIA
 * backend's minimum K), then one tt.dot with an accumulator (a zero splat when none is
 * given). The layouts and the instruction are chosen later (accelerate-matmul). */
#include <string.h>

#include "Frontend/sema.h"

static bool is_fp8(sema_dtype d) { return sema_dt_is_fp8(d); }

/* The precision of an f32 x f32 dot: input_precision, or allow_tf32 (the older spelling),
 * default tf32 as Triton's on NVIDIA. NULL after an error. */
static const char *precision(sema *S, const sema_dot_call *c) {
  if (c->input_precision && c->input_precision->kind != SV_NONE && c->allow_tf32 &&
      c->allow_tf32->kind != SV_NONE) {
    sema_error(S, c->loc, "%s: give only one of input_precision and allow_tf32", c->disp);
    return NULL;
  }
  if (c->allow_tf32 && c->allow_tf32->kind != SV_NONE) return sema_truthy(c->allow_tf32) ? "tf32" : "ieee";
  if (!c->input_precision || c->input_precision->kind == SV_NONE) return "tf32";
  const sema_val *p = c->input_precision;
  if (p->kind == SV_STR) {
    static const char *const ok[] = {"tf32", "tf32x3", "ieee"};
    for (unsigned i = 0; i < 3; i++)
      if (!strcmp(p->s, ok[i])) return ok[i];
  }
  sema_error(S, c->loc, "%s: input_precision must be \"tf32\", \"tf32x3\" or \"ieee\", got %s", c->disp,
             sema_repr(S, p));
  return NULL;
}

static bool check_operands(sema *S, const sema_dot_call *c, const sema_val *a, const sema_val *b) {
  char ba[16], bb[16];
  if (a->kind != SV_TENSOR || b->kind != SV_TENSOR || !sema_rank(a->v) || !sema_rank(b->v)) {
    sema_error(S, c->loc, "%s expects two tensors, got %s and %s", c->disp, sema_describe(S, a), sema_describe(S, b));
    return false;
  }
  unsigned r = sema_rank(a->v);
  if (r != sema_rank(b->v) || (r != 2 && r != 3)) {
    sema_error(S, c->loc, "%s: both inputs must be 2-D or both 3-D, got %s and %s", c->disp, sema_describe(S, a),
               sema_describe(S, b));
    return false;
  }
  const int64_t *as = sema_shape(a->v), *bs = sema_shape(b->v);
  if (as[r - 1] != bs[r - 2] || (r == 3 && as[0] != bs[0])) {
    sema_error(S, c->loc, "%s: shapes %s and %s are not compatible for a matrix product", c->disp,
               sema_describe(S, a), sema_describe(S, b));
    return false;
  }
  bool fp8 = is_fp8(a->dt) && is_fp8(b->dt);
  bool known = a->dt.kind == SD_I8 || (sema_dt_is_float(a->dt) && !is_fp8(a->dt));
  if (!fp8 && (!known || !sema_dt_eq(a->dt, b->dt))) {
    sema_error(S, c->loc, "%s: operands must have one type of int8, float16, bfloat16, float32, float64 or fp8, got %s and %s",
               c->disp, sema_dt_name(a->dt, ba), sema_dt_name(b->dt, bb));
    return false;
  }
  int64_t min_k = sema_dt_bits(a->dt) == 8 ? 32 : 16;
  if (as[r - 1] < min_k) {
    sema_error(S, c->loc, "%s needs K >= %lld for %s operands, got K = %lld", c->disp, (long long)min_k,
               sema_dt_name(a->dt, ba), (long long)as[r - 1]);
    return false;
  }
  return true;
}

/* The result element type: i32 for i8, f32 for f32 and bf16, f64 for f64, else out_dtype
 * (f32 or f16). */
static bool result_dtype(sema *S, const sema_dot_call *c, sema_dtype in, sema_dtype *out) {
  sema_dtype od = c->out_dtype ? *c->out_dtype : sema_dt(SD_FP32);
  char b[16];
  if (od.kind == SD_BF16) {
    sema_error(S, c->loc, "%s: out_dtype=bfloat16 is not supported: use float32 or float16 and cast with .to(tl.bfloat16)",
               c->disp);
    return false;
  }
  if (in.kind == SD_I8) *out = sema_dt(SD_I32);
  else if (in.kind == SD_FP32 || in.kind == SD_BF16) *out = sema_dt(SD_FP32);
  else if (in.kind == SD_FP64) *out = sema_dt(SD_FP64);
  else if (od.kind == SD_FP16 || od.kind == SD_FP32) *out = od;
  else {
    sema_error(S, c->loc, "%s: out_dtype must be float32 or float16, got %s", c->disp, sema_dt_name(od, b));
    return false;
  }
  return true;
}

static bool accumulator(sema *S, const sema_dot_call *c, sema_dtype rd, unsigned r, const int64_t *shape,
                        sema_val *out) {
  if (!c->acc || c->acc->kind == SV_NONE) {
    sema_val zero = sema_dt_is_float(rd) ? sema_float(0) : sema_int(0);
    sema_val s = sema_tensor(sema_const_scalar(S, c->loc, &zero, rd), rd);
    return sema_broadcast_to(S, &s, r, shape, c->loc, out);
  }
  const sema_val *acc = c->acc;
  bool same = acc->kind == SV_TENSOR && sema_rank(acc->v) == r && sema_dt_eq(acc->dt, rd);
  for (unsigned d = 0; same && d < r; d++) same = sema_shape(acc->v)[d] == shape[d];
  if (!same) {
    char b[16];
    sema_error(S, c->loc, "%s: acc must be a %s tensor of the result's shape, got %s", c->disp, sema_dt_name(rd, b),
               sema_describe(S, acc));
    return false;
  }
  /* Triton asks the accumulator's dtype of out_dtype (float32 unless given) too, whatever the
   * result: an int32 accumulator of an int8 dot needs out_dtype=tl.int32 */
  sema_dtype od = c->out_dtype ? *c->out_dtype : sema_dt(SD_FP32);
  if (!sema_dt_eq(acc->dt, od)) {
    const char *an = sema_dt_tl_name(acc->dt), *on = sema_dt_tl_name(od);
    if (!an) an = "?";
    sema_error(S, c->loc, "%s: acc is %s but out_dtype is %s: pass out_dtype=tl.%s to accumulate in %s", c->disp, an,
               on ? on : "?", an, an);
    return false;
  }
  *out = *acc;
  return true;
}

bool sema_dot(sema *S, const sema_dot_call *c, sema_val *out) {
  sema_val a = c->a, b = c->b, acc;
  if (!check_operands(S, c, &a, &b)) return false;
  sema_dtype rd;
  if (!result_dtype(S, c, a.dt, &rd)) return false;
  const char *prec = precision(S, c);
  if (!prec) return false;
  unsigned r = sema_rank(a.v);
  int64_t shape[3];
  memcpy(shape, sema_shape(a.v), sizeof(int64_t) * r);
  shape[r - 1] = sema_shape(b.v)[r - 1];
  if (!accumulator(S, c, rd, r, shape, &acc)) return false;
  int64_t imprecise = 0;
  if (c->max_num_imprecise_acc && c->max_num_imprecise_acc->kind != SV_NONE) {
    if (c->max_num_imprecise_acc->kind != SV_INT || c->max_num_imprecise_acc->i < 0) {
      sema_error(S, c->loc, "%s: max_num_imprecise_acc must be a non-negative int", c->disp);
      return false;
    }
    imprecise = c->max_num_imprecise_acc->i;
    if (is_fp8(a.dt) && imprecise > sema_shape(a.v)[r - 1]) {
      sema_error(S, c->loc, "%s: max_num_imprecise_acc (%lld) must be <= K (%lld)", c->disp, (long long)imprecise,
                 (long long)sema_shape(a.v)[r - 1]);
      return false;
    }
    if (!is_fp8(a.dt)) imprecise = 0;
  }
  ir_value *ops[3] = {a.v, b.v, acc.v};
  ir_op *o = sema_emit(S, c->loc, "tt.dot", 3, ops, 1, &acc.v->type);
  if (a.dt.kind == SD_FP32) ir_op_set_attr(o, "input_precision", ir_string_attr(S->ctx, prec));
  if (imprecise) ir_op_set_attr(o, "max_num_imprecise_acc", ir_i32_attr(S->ctx, imprecise));
  *out = sema_tensor(ir_op_result(o, 0), rd);
  return true;
}
