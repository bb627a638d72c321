/* Semantic analysis: Triton dtypes, IR emission helpers, casts, broadcasting and Triton's
 * implicit type promotion (binary_op_type_checking_impl / computation_type_impl). */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Frontend/sema.h"

/* ---- dtypes ------------------------------------------------------------------------------ */

static const char *const dk_names[] = {
    [SD_VOID] = "void", [SD_I1] = "i1",     [SD_I8] = "i8",     [SD_I16] = "i16",
    [SD_I32] = "i32",   [SD_I64] = "i64",   [SD_U8] = "u8",     [SD_U16] = "u16",
    [SD_U32] = "u32",   [SD_U64] = "u64",   [SD_FP8E4NV] = "fp8e4nv", [SD_FP8E5] = "fp8e5",
    [SD_FP16] = "fp16", [SD_BF16] = "bf16",
    [SD_FP32] = "fp32", [SD_FP64] = "fp64",
};

sema_dtype sema_dt(sema_dkind k) { return (sema_dtype){(uint8_t)k, 0}; }
sema_dtype sema_dt_ptr(sema_dkind p) { return (sema_dtype){SD_PTR, (uint8_t)p}; }
bool sema_dt_eq(sema_dtype a, sema_dtype b) {
  return a.kind == b.kind && (a.kind != SD_PTR || a.pointee == b.pointee);
}
bool sema_dt_is_int(sema_dtype d) { return d.kind >= SD_I1 && d.kind <= SD_U64; }
bool sema_dt_is_signed(sema_dtype d) { return d.kind >= SD_I8 && d.kind <= SD_I64; }
bool sema_dt_is_unsigned(sema_dtype d) { return d.kind >= SD_U8 && d.kind <= SD_U64; }
bool sema_dt_is_float(sema_dtype d) { return d.kind >= SD_FP8E4NV && d.kind <= SD_FP64; }
bool sema_dt_is_fp8(sema_dtype d) { return d.kind == SD_FP8E4NV || d.kind == SD_FP8E5; }
bool sema_dt_is_ptr(sema_dtype d) { return d.kind == SD_PTR; }

unsigned sema_dt_bits(sema_dtype d) {
  switch ((sema_dkind)d.kind) {
  case SD_I1: return 1;
  case SD_I8: case SD_U8: case SD_FP8E4NV: case SD_FP8E5: return 8;
  case SD_I16: case SD_U16: case SD_FP16: case SD_BF16: return 16;
  case SD_I32: case SD_U32: case SD_FP32: return 32;
  case SD_I64: case SD_U64: case SD_FP64: case SD_PTR: return 64;
  case SD_VOID: return 0;
  }
  return 0;
}

const char *sema_dt_name(sema_dtype d, char buf[16]) {
  if (d.kind != SD_PTR) return dk_names[d.kind];
  snprintf(buf, 16, "*%s", dk_names[d.pointee]);
  return buf;
}

static bool scalar_from_name(const char *s, size_t len, sema_dkind *out) {
  for (int k = SD_I1; k <= SD_FP64; k++) {
    if (strlen(dk_names[k]) == len && strncmp(dk_names[k], s, len) == 0) {
      *out = (sema_dkind)k;
      return true;
    }
  }
  static const struct { const char *n; sema_dkind k; } alias[] = {
      {"f16", SD_FP16}, {"f32", SD_FP32}, {"f64", SD_FP64}, {"u1", SD_I1}, {"b1", SD_I1}};
  for (size_t i = 0; i < sizeof alias / sizeof alias[0]; i++) {
    if (strlen(alias[i].n) == len && strncmp(alias[i].n, s, len) == 0) {
      *out = alias[i].k;
      return true;
    }
  }
  return false;
}

bool sema_dt_parse(const char *s, sema_dtype *out, int64_t *out_div) {
  while (*s == ' ') s++;
  bool ptr = *s == '*';
  if (ptr) s++;
  size_t len = strcspn(s, ": ");
  sema_dkind k;
  if (len == 0 || !scalar_from_name(s, len, &k)) return false;
  *out = ptr ? sema_dt_ptr(k) : sema_dt(k);
  *out_div = 1;
  const char *rest = s + len;
  if (*rest == ':') {
    char *end;
    long long v = strtoll(rest + 1, &end, 10);
    /* a divisibility or alignment hint: a power of two, at most 2^30 (:4294967296 used to
     * pass and overflow later) */
    if (end == rest + 1 || v <= 0 || v > (1ll << 30) || (v & (v - 1))) return false;
    *out_div = v;
    rest = end;
  }
  while (*rest == ' ') rest++;
  return *rest == '\0';
}

/* tl.<name> spellings; a kind's first entry is its canonical name (sema_dt_tl_name). */
static const struct { const char *n; sema_dkind k; } tl_names[] = {
    {"int1", SD_I1},       {"int8", SD_I8},       {"int16", SD_I16},     {"int32", SD_I32},
    {"int64", SD_I64},     {"uint8", SD_U8},      {"uint16", SD_U16},    {"uint32", SD_U32},
    {"uint64", SD_U64},    {"float16", SD_FP16},  {"bfloat16", SD_BF16}, {"float32", SD_FP32},
    {"float64", SD_FP64},  {"bool", SD_I1},       {"half", SD_FP16},     {"float", SD_FP32},
    {"double", SD_FP64},   {"float8e4nv", SD_FP8E4NV}, {"float8e5", SD_FP8E5},
};

bool sema_dt_from_tl_name(const char *name, sema_dtype *out) {
  for (size_t i = 0; i < sizeof tl_names / sizeof tl_names[0]; i++) {
    if (strcmp(tl_names[i].n, name) == 0) {
      *out = sema_dt(tl_names[i].k);
      return true;
    }
  }
  return false;
}

const char *sema_dt_tl_name(sema_dtype d) {
  if (d.kind == SD_PTR) return NULL;
  for (size_t i = 0; i < sizeof tl_names / sizeof tl_names[0]; i++)
    if (tl_names[i].k == d.kind) return tl_names[i].n;
  return NULL;
}

static const ir_type *scalar_ir(ir_context *ctx, sema_dkind k) {
  switch (k) {
  case SD_FP8E4NV: return ir_float_type(ctx, IR_F8E4M3FN);
  case SD_FP8E5: return ir_float_type(ctx, IR_F8E5M2);
  case SD_FP16: return ir_float_type(ctx, IR_F16);
  case SD_BF16: return ir_float_type(ctx, IR_BF16);
  case SD_FP32: return ir_float_type(ctx, IR_F32);
  case SD_FP64: return ir_float_type(ctx, IR_F64);
  default: break;
  }
  return ir_int_type(ctx, sema_dt_bits(sema_dt(k)));
}

const ir_type *sema_dt_ir(ir_context *ctx, sema_dtype d) {
  assert(d.kind != SD_VOID && "sema: void dtype has no IR type");
  if (d.kind == SD_PTR) return ir_ptr_type(ctx, scalar_ir(ctx, (sema_dkind)d.pointee), 1);
  return scalar_ir(ctx, (sema_dkind)d.kind);
}

/* ---- emission ----------------------------------------------------------------------------- */

ir_op *sema_emit(sema *S, ir_loc loc, const char *name, unsigned n, ir_value *const *ops,
                 unsigned nres, const ir_type *const *tys) {
  S->b.loc = loc;
  return ir_build(&S->b, name, n, ops, nres, tys);
}

ir_value *sema_emit1(sema *S, ir_loc loc, const char *name, unsigned n, ir_value *const *ops,
                     const ir_type *ty) {
  S->b.loc = loc;
  return ir_build1(&S->b, name, n, ops, ty);
}

unsigned sema_rank(const ir_value *v) { return ir_type_is_tensor(v->type) ? v->type->rank : 0; }
const int64_t *sema_shape(const ir_value *v) {
  return ir_type_is_tensor(v->type) ? v->type->shape : NULL;
}

const ir_type *sema_shaped(sema *S, sema_dtype d, unsigned rank, const int64_t *shape) {
  const ir_type *e = sema_dt_ir(S->ctx, d);
  if (rank == 0) return e;
  return ir_tensor_type(S->ctx, rank, shape, e, NULL);
}

bool sema_num_dtype(sema *S, const sema_val *v, ir_loc loc, sema_dtype *out) {
  if (v->kind == SV_BOOL) {
    *out = sema_dt(SD_I1);
  } else if (v->kind == SV_INT) {
    *out = sema_dt(v->i >= INT32_MIN && v->i <= INT32_MAX ? SD_I32
                   : (v->i > INT32_MAX && v->i <= (int64_t)UINT32_MAX) ? SD_U32
                                                                         : SD_I64);
  } else if (v->kind == SV_FLOAT) {
    double a = fabs(v->f);
    bool f32 = isinf(a) || a == 0.0 || isnan(a) || (a >= 0x1p-126 && a <= 0x1.fffffep127);
    *out = sema_dt(f32 ? SD_FP32 : SD_FP64);
  } else {
    sema_error(S, loc, "cannot convert %s to a tensor", sema_describe(S, v));
    return false;
  }
  return true;
}

ir_value *sema_const_scalar(sema *S, ir_loc loc, const sema_val *v, sema_dtype d) {
  const ir_type *t = sema_dt_ir(S->ctx, d);
  S->b.loc = loc;
  double f = v->kind == SV_FLOAT ? v->f : (double)v->i;
  if (sema_dt_is_float(d)) return ir_build_float(&S->b, t, f);
  int64_t i = v->kind == SV_FLOAT ? (int64_t)v->f : v->i;
  if (d.kind == SD_I1) i = i != 0;
  return ir_build_int(&S->b, t, i);
}

bool sema_to_tensor(sema *S, const sema_val *v, ir_loc loc, sema_val *out) {
  if (v->kind == SV_TENSOR) {
    *out = *v;
    return true;
  }
  sema_dtype d;
  if (!sema_num_dtype(S, v, loc, &d)) return false;
  *out = sema_tensor(sema_const_scalar(S, loc, v, d), d);
  return true;
}

/* ---- casts ------------------------------------------------------------------------------ */

static sema_val cast_op(sema *S, ir_loc loc, const char *op, const sema_val *v, sema_dtype to) {
  const ir_type *t = ir_type_with_scalar(S->ctx, v->v->type, sema_dt_ir(S->ctx, to));
  return sema_tensor(sema_emit1(S, loc, op, 1, &v->v, t), to);
}

static sema_val cmp_zero(sema *S, ir_loc loc, const sema_val *v) {
  sema_val zero = sema_int(0);
  ir_value *z = sema_const_scalar(S, loc, &zero, v->dt);
  if (sema_rank(v->v) > 0) {
    z = sema_emit1(S, loc, "tt.splat", 1, &z, v->v->type);
  }
  bool fl = sema_dt_is_float(v->dt);
  ir_value *ops[2] = {v->v, z};
  const ir_type *t = ir_type_with_scalar(S->ctx, v->v->type, ir_int_type(S->ctx, 1));
  ir_op *op = sema_emit(S, loc, fl ? "arith.cmpf" : "arith.cmpi", 2, ops, 1, &t);
  ir_op_set_attr(op, "predicate", ir_string_attr(S->ctx, fl ? "une" : "ne"));
  return sema_tensor(ir_op_result(op, 0), sema_dt(SD_I1));
}

static bool bitcast(sema *S, const sema_val *v, sema_dtype to, ir_loc loc, sema_val *out) {
  char b1[16], b2[16];
  if (sema_dt_is_ptr(v->dt) && sema_dt_is_ptr(to)) {
    *out = cast_op(S, loc, "tt.bitcast", v, to);
    return true;
  }
  if (sema_dt_is_ptr(v->dt) || sema_dt_is_ptr(to) || sema_dt_bits(v->dt) != sema_dt_bits(to)) {
    sema_error(S, loc, "cannot bitcast %s to %s: the widths differ", sema_dt_name(v->dt, b1),
               sema_dt_name(to, b2));
    return false;
  }
  if (sema_dt_ir(S->ctx, v->dt) == sema_dt_ir(S->ctx, to)) {
    *out = sema_tensor(v->v, to);
    return true;
  }
  *out = cast_op(S, loc, "arith.bitcast", v, to);
  return true;
}

static sema_val int_to_int(sema *S, const sema_val *v, sema_dtype to, ir_loc loc) {
  unsigned sb = sema_dt_bits(v->dt), db = sema_dt_bits(to);
  if (to.kind == SD_I1) return cmp_zero(S, loc, v);
  if (sb == db) return sema_tensor(v->v, to);
  if (sb > db) return cast_op(S, loc, "arith.trunci", v, to);
  return cast_op(S, loc, sema_dt_is_signed(v->dt) ? "arith.extsi" : "arith.extui", v, to);
}

static sema_val float_to_float(sema *S, const sema_val *v, sema_dtype to, ir_loc loc) {
  unsigned sb = sema_dt_bits(v->dt), db = sema_dt_bits(to);
  if (sb == db) { /* fp16 <-> bf16 goes through fp32 */
    sema_val mid = cast_op(S, loc, "arith.extf", v, sema_dt(SD_FP32));
    return cast_op(S, loc, "arith.truncf", &mid, to);
  }
  return cast_op(S, loc, sb < db ? "arith.extf" : "arith.truncf", v, to);
}

bool sema_cast(sema *S, const sema_val *in, sema_dtype to, bool bitcast_, ir_loc loc, sema_val *out) {
  sema_val v;
  if (!sema_to_tensor(S, in, loc, &v)) return false;
  if (sema_dt_eq(v.dt, to)) {
    *out = v;
    return true;
  }
  if (bitcast_) return bitcast(S, &v, to, loc, out);
  sema_dtype from = v.dt;
  if (sema_dt_is_ptr(from) && sema_dt_is_ptr(to)) {
    *out = cast_op(S, loc, "tt.bitcast", &v, to);
  } else if (sema_dt_is_ptr(from)) {
    if (!sema_dt_is_int(to)) goto bad;
    sema_val i = cast_op(S, loc, "tt.ptr_to_int", &v, sema_dt(SD_I64));
    *out = int_to_int(S, &i, to, loc);
  } else if (sema_dt_is_ptr(to)) {
    if (!sema_dt_is_int(from)) goto bad;
    sema_val i = int_to_int(S, &v, sema_dt(SD_I64), loc);
    *out = cast_op(S, loc, "tt.int_to_ptr", &i, to);
  } else if (sema_dt_is_int(from) && sema_dt_is_int(to)) {
    *out = int_to_int(S, &v, to, loc);
  } else if ((sema_dt_is_int(from) && sema_dt_is_fp8(to)) || (sema_dt_is_fp8(from) && sema_dt_is_int(to))) {
    sema_val mid; /* fp8 converts only to and from floats: through fp32 */
    return sema_cast(S, &v, sema_dt(SD_FP32), false, loc, &mid) && sema_cast(S, &mid, to, false, loc, out);
  } else if (sema_dt_is_int(from)) {
    *out = cast_op(S, loc, sema_dt_is_signed(from) ? "arith.sitofp" : "arith.uitofp", &v, to);
  } else if (sema_dt_is_int(to)) {
    if (to.kind == SD_I1) *out = cmp_zero(S, loc, &v);
    else *out = cast_op(S, loc, sema_dt_is_signed(to) ? "arith.fptosi" : "arith.fptoui", &v, to);
  } else {
    *out = float_to_float(S, &v, to, loc);
  }
  return true;
bad: {
  char b1[16], b2[16];
  sema_error(S, loc, "cannot cast %s to %s", sema_dt_name(from, b1), sema_dt_name(to, b2));
  return false;
}
}

/* ---- broadcasting ----------------------------------------------------------------------- */

static void shape_str(const int64_t *shape, unsigned rank, char *buf, size_t cap) {
  size_t n = (size_t)snprintf(buf, cap, "[");
  for (unsigned i = 0; i < rank && n < cap; i++)
    n += (size_t)snprintf(buf + n, cap - n, i ? ", %lld" : "%lld", (long long)shape[i]);
  if (n < cap) snprintf(buf + n, cap - n, "]");
}

static void incompatible(sema *S, ir_loc loc, const int64_t *a, unsigned ra, const int64_t *b,
                         unsigned rb) {
  char sa[128], sb[128];
  shape_str(a, ra, sa, sizeof sa);
  shape_str(b, rb, sb, sizeof sb);
  sema_error(S, loc, "incompatible shapes for broadcasting: %s and %s", sa, sb);
}

bool sema_broadcast_to(sema *S, const sema_val *v, unsigned rank, const int64_t *shape, ir_loc loc,
                       sema_val *out) {
  assert(v->kind == SV_TENSOR && "sema: broadcast of a non-tensor");
  unsigned r = sema_rank(v->v);
  if (r == 0 && rank == 0) {
    *out = *v;
    return true;
  }
  if (r == 0) {
    *out = sema_tensor(sema_emit1(S, loc, "tt.splat", 1, &v->v, sema_shaped(S, v->dt, rank, shape)),
                       v->dt);
    return true;
  }
  if (r > rank) {
    incompatible(S, loc, sema_shape(v->v), r, shape, rank);
    return false;
  }
  const int64_t *src = sema_shape(v->v);
  for (unsigned i = 0; i < r; i++) {
    int64_t s = src[i], d = shape[rank - r + i];
    if (s != d && s != 1) {
      incompatible(S, loc, src, r, shape, rank);
      return false;
    }
  }
  sema_val cur = *v;
  while (sema_rank(cur.v) < rank) { /* missing leading dims */
    unsigned cr = sema_rank(cur.v);
    int64_t ns[IR_MAX_RANK];
    ns[0] = 1;
    memcpy(ns + 1, sema_shape(cur.v), cr * sizeof(int64_t));
    ir_op *op = sema_emit(S, loc, "tt.expand_dims", 1, &cur.v, 1,
                          (const ir_type *[]){sema_shaped(S, cur.dt, cr + 1, ns)});
    ir_op_set_attr(op, "axis", ir_i32_attr(S->ctx, 0));
    cur = sema_tensor(ir_op_result(op, 0), cur.dt);
  }
  if (memcmp(sema_shape(cur.v), shape, rank * sizeof(int64_t)) != 0)
    cur = sema_tensor(sema_emit1(S, loc, "tt.broadcast", 1, &cur.v, sema_shaped(S, cur.dt, rank, shape)),
                      cur.dt);
  *out = cur;
  return true;
}

bool sema_broadcast_pair(sema *S, sema_val *a, sema_val *b, ir_loc loc) {
  unsigned ra = sema_rank(a->v), rb = sema_rank(b->v);
  if (ra == 0 && rb == 0) return true;
  unsigned r = ra > rb ? ra : rb;
  if (r > IR_MAX_RANK) {
    sema_error(S, loc, "tensors of rank above %d are not supported", IR_MAX_RANK);
    return false;
  }
  int64_t shape[IR_MAX_RANK];
  const int64_t *sa = sema_shape(a->v), *sb = sema_shape(b->v);
  for (unsigned i = 0; i < r; i++) {
    int64_t da = i + ra >= r ? sa[i + ra - r] : 1;
    int64_t db = i + rb >= r ? sb[i + rb - r] : 1;
    if (da != db && da != 1 && db != 1) {
      incompatible(S, loc, sa, ra, sb, rb);
      return false;
    }
    shape[i] = da == 1 ? db : da;
  }
  return sema_broadcast_to(S, a, r, shape, loc, a) && sema_broadcast_to(S, b, r, shape, loc, b);
}

/* ---- promotion -------------------------------------------------------------------------- */

sema_dtype sema_int_promote(sema_dtype a, sema_dtype b) {
  unsigned ra = sema_dt_bits(a), rb = sema_dt_bits(b);
  bool ua = sema_dt_is_unsigned(a), ub = sema_dt_is_unsigned(b);
  if (ua == ub) return ra > rb ? a : b;
  if (ua) return ra >= rb ? a : b;
  return rb >= ra ? b : a;
}

static int dt_kind_rank(sema_dtype d) { /* bool < integer < floating */
  if (d.kind == SD_I1) return 0;
  return sema_dt_is_int(d) ? 1 : 2;
}

static bool computation_type_of(sema *S, sema_dtype a, bool a_scalar, sema_dtype b, bool b_scalar,
                                bool div_or_mod, ir_loc loc, sema_dtype *out);

/* Triton's promotion; an fp8 result (fp8 with itself, or with a Python scalar) is refused:
 * fp8 is a storage type here. */
static bool computation_type(sema *S, sema_dtype a, bool a_scalar, sema_dtype b, bool b_scalar,
                             bool div_or_mod, ir_loc loc, sema_dtype *out) {
  if (!computation_type_of(S, a, a_scalar, b, b_scalar, div_or_mod, loc, out)) return false;
  if (!sema_dt_is_fp8(*out)) return true;
  char b1[16];
  sema_error(S, loc, "arithmetic on %s is not supported: convert to tl.float16 or tl.float32 first (x.to(...))",
             sema_dt_name(*out, b1));
  return false;
}

static bool computation_type_of(sema *S, sema_dtype a, bool a_scalar, sema_dtype b, bool b_scalar,
                                bool div_or_mod, ir_loc loc, sema_dtype *out) {
  if (a_scalar != b_scalar) {
    sema_dtype st = a_scalar ? a : b, tt = a_scalar ? b : a;
    if (dt_kind_rank(st) <= dt_kind_rank(tt)) {
      *out = div_or_mod && (tt.kind == SD_FP16 || tt.kind == SD_BF16) ? sema_dt(SD_FP32) : tt;
      return true;
    }
  }
  if (a.kind == SD_FP64 || b.kind == SD_FP64) { *out = sema_dt(SD_FP64); return true; }
  if (a.kind == SD_FP32 || b.kind == SD_FP32) { *out = sema_dt(SD_FP32); return true; }
  if (a.kind == SD_FP16 || b.kind == SD_FP16) {
    *out = sema_dt(div_or_mod ? SD_FP32 : SD_FP16);
    return true;
  }
  if (a.kind == SD_BF16 && b.kind == SD_BF16) {
    *out = sema_dt(div_or_mod ? SD_FP32 : SD_BF16);
    return true;
  }
  if (a.kind == SD_BF16 || b.kind == SD_BF16) { *out = sema_dt(SD_FP32); return true; }
  if (sema_dt_is_fp8(a) && sema_dt_is_fp8(b)) { /* Triton: the same fp8, or fp16 for two */
    *out = a.kind == b.kind ? a : sema_dt(SD_FP16);
    return true;
  }
  char b1[16], b2[16];
  if (!sema_dt_is_int(a) || !sema_dt_is_int(b)) {
    sema_error(S, loc, "invalid operands of type %s and %s", sema_dt_name(a, b1), sema_dt_name(b, b2));
    return false;
  }
  if (div_or_mod && sema_dt_is_unsigned(a) != sema_dt_is_unsigned(b)) {
    sema_error(S, loc,
               "cannot use /, // or %% with %s and %s because they have different signedness; "
               "cast them to the same signedness",
               sema_dt_name(a, b1), sema_dt_name(b, b2));
    return false;
  }
  *out = sema_int_promote(a, b);
  return true;
}

static bool check_ptr(sema *S, sema_dtype a, sema_dtype b, bool allow, ir_loc loc) {
  if (!sema_dt_is_ptr(a)) return true;
  if (allow && !(sema_dt_is_ptr(b) && !sema_dt_eq(a, b)) && !sema_dt_is_float(b)) return true;
  char b1[16], b2[16];
  sema_error(S, loc, "invalid operands of type %s and %s", sema_dt_name(a, b1), sema_dt_name(b, b2));
  return false;
}

static bool int_in_range(sema_dtype d, int64_t v) {
  unsigned w = sema_dt_bits(d);
  if (d.kind == SD_I1) return v == 0 || v == 1;
  if (w >= 64) return sema_dt_is_unsigned(d) ? v >= 0 : true;
  if (sema_dt_is_unsigned(d)) return v >= 0 && v < ((int64_t)1 << w);
  return v >= -((int64_t)1 << (w - 1)) && v < ((int64_t)1 << (w - 1));
}

static bool convert_operand(sema *S, sema_val *x, bool is_scalar, sema_dtype to, ir_loc loc) {
  if (!is_scalar) return sema_cast(S, x, to, false, loc, x);
  if (sema_dt_is_int(to) && x->kind != SV_FLOAT && !int_in_range(to, x->i)) {
    char b[16];
    sema_error(S, loc, "scalar %lld is out of range for type %s", (long long)x->i, sema_dt_name(to, b));
    return false;
  }
  *x = sema_tensor(sema_const_scalar(S, loc, x, to), to);
  return true;
}

bool sema_binary_check(sema *S, sema_val *a, sema_val *b, bool allow_lhs_ptr, bool allow_rhs_ptr,
                       bool arith_check, bool div_or_mod, ir_loc loc) {
  bool as = sema_is_num(a), bs = sema_is_num(b);
  sema_dtype ad, bd;
  if (as) { if (!sema_num_dtype(S, a, loc, &ad)) return false; }
  else if (a->kind == SV_TENSOR) ad = a->dt;
  else { sema_error(S, loc, "cannot convert %s to a tensor", sema_describe(S, a)); return false; }
  if (bs) { if (!sema_num_dtype(S, b, loc, &bd)) return false; }
  else if (b->kind == SV_TENSOR) bd = b->dt;
  else { sema_error(S, loc, "cannot convert %s to a tensor", sema_describe(S, b)); return false; }
  if (!check_ptr(S, ad, bd, allow_lhs_ptr, loc) || !check_ptr(S, bd, ad, allow_rhs_ptr, loc))
    return false;
  if (arith_check && !sema_dt_is_ptr(ad) && !sema_dt_is_ptr(bd)) {
    sema_dtype rt;
    if (!computation_type(S, ad, as, bd, bs, div_or_mod, loc, &rt)) return false;
    if (sema_dt_is_unsigned(rt) && ((as && a->kind == SV_INT && a->i < 0) ||
                                    (bs && b->kind == SV_INT && b->i < 0))) {
      sema_error(S, loc, "cannot perform a binary operation between an unsigned tensor and a "
                         "negative scalar; cast one of them explicitly");
      return false;
    }
    if (!convert_operand(S, a, as, rt, loc) || !convert_operand(S, b, bs, rt, loc)) return false;
  } else {
    if (as && !sema_to_tensor(S, a, loc, a)) return false;
    if (bs && !sema_to_tensor(S, b, loc, b)) return false;
  }
  return sema_broadcast_pair(S, a, b, loc);
}
