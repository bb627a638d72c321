/* Semantic analysis of builtins: tl.* functions, tensor methods, Python builtins on
 * compile-time values, math.* and triton.* helpers. Each builtin binds its arguments by
 * Triton's parameter names, then emits tile IR or folds. */
#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Dialect/Tile/tile.h"
#include "Frontend/sema.h"
#include "Frontend/sema_random.h"

#define MAXP 10

typedef struct bcall {
  const char *disp;        /* "tl.load" */
  ir_loc loc;
  unsigned nargs;          /* raw positional arguments (varargs builtins read these) */
  const sema_val *args;
  sema_val a[MAXP];        /* bound by parameter name */
  bool have[MAXP];
  const fe_expr *call;     /* the call expression (for jit callbacks such as combine_fn) */
  bool precise;            /* libdevice.* and *_rn: IEEE / libdevice accuracy, not Triton's
                              fast f32 instructions (TILE_ATTR_PRECISE on the op) */
  unsigned nkw;            /* raw keyword arguments (varargs builtins read these) */
  const char *const *kwnames;
  const sema_val *kwvals;
} bcall;

typedef bool (*bfn)(sema *S, bcall *c, sema_val *out);

typedef struct bdef {
  const char *name;
  bfn fn;
  unsigned nreq;           /* required parameters */
  const char *params[MAXP];
  bool varargs;            /* skip binding: the handler reads c->args */
} bdef;

static bool starts(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

const char *sema_builtin_display(sema *S, const char *path) {
  if (starts(path, "triton.language.")) return sup_arena_printf(S->arena, "tl.%s", path + 16);
  if (starts(path, "builtins.")) return path + 9;
  if (starts(path, "method.")) return path + 7;
  if (starts(path, "dtype.")) return path + 6;
  return path;
}

/* ---- argument helpers ------------------------------------------------------------------ */

static bool want_int(sema *S, bcall *c, unsigned i, const char *what, int64_t *out) {
  const sema_val *v = &c->a[i];
  if (v->kind == SV_INT || v->kind == SV_BOOL) {
    *out = v->i;
    return true;
  }
  sema_error(S, c->loc, "%s() argument '%s' must be a compile-time integer, got %s", c->disp, what,
             sema_describe(S, v));
  return false;
}

static bool want_tensor(sema *S, bcall *c, unsigned i, sema_val *out) {
  if (c->a[i].kind == SV_TENSOR || sema_is_num(&c->a[i])) return sema_to_tensor(S, &c->a[i], c->loc, out);
  sema_error(S, c->loc, "%s() expects a tensor, got %s", c->disp, sema_describe(S, &c->a[i]));
  return false;
}

static bool want_dtype(sema *S, bcall *c, unsigned i, sema_dtype *out) {
  if (c->a[i].kind == SV_DTYPE) {
    *out = c->a[i].dt;
    return true;
  }
  sema_error(S, c->loc, "%s() expects a dtype (tl.float32, ...), got %s", c->disp, sema_describe(S, &c->a[i]));
  return false;
}

/* Reads a shape: an int or a tuple of ints (compile-time), each > 0. */
static bool shape_of(sema *S, bcall *c, const sema_val *v, unsigned *rank, int64_t *shape) {
  unsigned n = v->kind == SV_TUPLE ? v->n : 1;
  const sema_val *el = v->kind == SV_TUPLE ? v->elems : v;
  if (n > IR_MAX_RANK) {
    sema_error(S, c->loc, "tensors of rank above %d are not supported", IR_MAX_RANK);
    return false;
  }
  for (unsigned i = 0; i < n; i++) {
    if (el[i].kind != SV_INT || el[i].i <= 0) {
      sema_error(S, c->loc, "%s(): shape entries must be positive compile-time integers, got %s",
                 c->disp, el[i].kind == SV_INT ? sema_repr(S, &el[i]) : sema_describe(S, &el[i]));
      return false;
    }
    shape[i] = el[i].i;
  }
  *rank = n;
  return true;
}

static bool is_pow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

static const sema_val *opt_arg(const bcall *c, unsigned i) { return c->have[i] ? &c->a[i] : NULL; }

/* ---- program / construction -------------------------------------------------------------- */

static bool axis_op(sema *S, bcall *c, const char *op, sema_val *out) {
  int64_t axis;
  if (!want_int(S, c, 0, "axis", &axis)) return false;
  if (axis < 0 || axis > 2) {
    sema_error(S, c->loc, "%s axis must be 0, 1, or 2 but got %lld", c->disp, (long long)axis);
    return false;
  }
  ir_op *o = sema_emit(S, c->loc, op, 0, NULL, 1, (const ir_type *[]){ir_int_type(S->ctx, 32)});
  ir_op_set_attr(o, "axis", ir_i32_attr(S->ctx, axis));
  *out = sema_tensor(ir_op_result(o, 0), sema_dt(SD_I32));
  return true;
}

static bool b_program_id(sema *S, bcall *c, sema_val *out) { return axis_op(S, c, "tt.get_program_id", out); }
static bool b_num_programs(sema *S, bcall *c, sema_val *out) { return axis_op(S, c, "tt.get_num_programs", out); }

static bool b_arange(sema *S, bcall *c, sema_val *out) {
  for (unsigned i = 0; i < 2; i++) {
    if (c->a[i].kind != SV_INT) {
      sema_error(S, c->loc, "arange's arguments must be compile-time constants (tl.constexpr): '%s' is %s",
                 i ? "end" : "start", c->a[i].kind == SV_TENSOR ? "a run-time value" : sema_describe(S, &c->a[i]));
      return false;
    }
  }
  int64_t start = c->a[0].i, end = c->a[1].i;
  if (start < INT32_MIN || end > INT32_MAX || start > INT32_MAX || end < INT32_MIN) {
    sema_error(S, c->loc, "arange must fit in int32");
    return false;
  }
  if (end <= start) {
    sema_error(S, c->loc, "arange's end argument must be greater than the start argument");
    return false;
  }
  if (!is_pow2(end - start)) {
    sema_error(S, c->loc, "arange's range must be a power of 2, got %lld", (long long)(end - start));
    return false;
  }
  int64_t n = end - start;
  ir_op *o = sema_emit(S, c->loc, "tt.make_range", 0, NULL, 1,
                       (const ir_type *[]){sema_shaped(S, sema_dt(SD_I32), 1, &n)});
  ir_op_set_attr(o, "start", ir_i32_attr(S->ctx, start));
  ir_op_set_attr(o, "end", ir_i32_attr(S->ctx, end));
  *out = sema_tensor(ir_op_result(o, 0), sema_dt(SD_I32));
  return true;
}

static bool full_impl(sema *S, bcall *c, const sema_val *shape_v, const sema_val *value, sema_dtype d,
                      sema_val *out) {
  unsigned rank;
  int64_t shape[IR_MAX_RANK];
  if (!shape_of(S, c, shape_v, &rank, shape)) return false;
  sema_val s;
  if (sema_is_num(value)) {
    s = sema_tensor(sema_const_scalar(S, c->loc, value, d), d);
  } else if (value->kind == SV_TENSOR && sema_rank(value->v) == 0) {
    if (!sema_cast(S, value, d, false, c->loc, &s)) return false;
  } else {
    sema_error(S, c->loc, "%s() value must be a scalar, got %s", c->disp, sema_describe(S, value));
    return false;
  }
  return sema_broadcast_to(S, &s, rank, shape, c->loc, out);
}

static bool b_zeros(sema *S, bcall *c, sema_val *out) {
  sema_dtype d;
  sema_val zero = sema_int(0);
  return want_dtype(S, c, 1, &d) && full_impl(S, c, &c->a[0], &zero, d, out);
}

static bool b_full(sema *S, bcall *c, sema_val *out) {
  sema_dtype d;
  return want_dtype(S, c, 2, &d) && full_impl(S, c, &c->a[0], &c->a[1], d, out);
}

static sema_val shape_tuple(sema *S, const ir_value *v) {
  unsigned r = sema_rank(v);
  sema_val *el = sup_arena_alloc(S->arena, (r + 1) * sizeof(sema_val));
  for (unsigned i = 0; i < r; i++) el[i] = sema_int(sema_shape(v)[i]);
  return (sema_val){.kind = SV_TUPLE, .n = r, .elems = el};
}

static bool b_zeros_like(sema *S, bcall *c, sema_val *out) {
  sema_val x;
  if (!want_tensor(S, c, 0, &x)) return false;
  sema_dtype d = x.dt;
  if (c->have[1] && c->a[1].kind != SV_NONE && !want_dtype(S, c, 1, &d)) return false;
  sema_val shape = shape_tuple(S, x.v), zero = sema_int(0);
  return full_impl(S, c, &shape, &zero, d, out);
}

/* ---- memory ------------------------------------------------------------------------------ */

static bool want_ptr(sema *S, bcall *c, sema_val *out) {
  if (c->a[0].kind != SV_TENSOR || !sema_dt_is_ptr(c->a[0].dt)) {
    sema_error(S, c->loc, "%s() expects a pointer (or a tensor of pointers) as 'pointer', got %s", c->disp,
               sema_describe(S, &c->a[0]));
    return false;
  }
  *out = c->a[0];
  return true;
}

static bool check_str_opt(sema *S, bcall *c, unsigned i, const char *what, const char *const *ok,
                          const char **out) {
  *out = NULL;
  if (!c->have[i] || c->a[i].kind == SV_NONE) return true;
  if (c->a[i].kind != SV_STR) {
    sema_error(S, c->loc, "%s() argument '%s' must be a string", c->disp, what);
    return false;
  }
  if (c->a[i].s[0] == '\0') return true;
  for (; *ok; ok++)
    if (strcmp(*ok, c->a[i].s) == 0) {
      *out = c->a[i].s;
      return true;
    }
  sema_error(S, c->loc, "%s(): unsupported %s '%s'", c->disp, what, c->a[i].s);
  return false;
}

static bool no_block_ptr_args(sema *S, bcall *c, unsigned bc, int po) {
  if (c->have[bc] && !(c->a[bc].kind == SV_TUPLE && c->a[bc].n == 0) && c->a[bc].kind != SV_NONE) {
    sema_error(S, c->loc, "%s(): 'boundary_check' needs a block pointer (tl.make_block_ptr); with a tensor of pointers, "
               "give a mask", c->disp);
    return false;
  }
  if (po >= 0 && c->have[po] && !(c->a[po].kind == SV_STR && c->a[po].s[0] == '\0') && c->a[po].kind != SV_NONE) {
    sema_error(S, c->loc, "%s(): 'padding_option' needs a block pointer (tl.make_block_ptr); with a tensor of pointers, "
               "give mask and other", c->disp);
    return false;
  }
  return true;
}

static bool mask_to(sema *S, bcall *c, const sema_val *m, sema_val *ptr, sema_val *out) {
  sema_val mk;
  if (!sema_to_tensor(S, m, c->loc, &mk)) return false;
  if (mk.dt.kind != SD_I1) {
    sema_error(S, c->loc, "%s(): mask must be a boolean (i1) tensor, got %s", c->disp, sema_describe(S, &mk));
    return false;
  }
  if (!sema_broadcast_pair(S, ptr, &mk, c->loc)) return false;
  *out = mk;
  return true;
}

static const char *const cache_mods[] = {".ca", ".cg", ".cv", ".cs", ".wb", ".wt", NULL};
static const char *const evictions[] = {"evict_first", "evict_last", "evict_normal", NULL};

/* tl.load / tl.store through a block pointer: no mask= or other= (Triton rejects them). */
static bool no_mask_args(sema *S, bcall *c, unsigned mask, int other) {
  bool m = c->have[mask] && c->a[mask].kind != SV_NONE, o = other >= 0 && c->have[other] && c->a[other].kind != SV_NONE;
  if (!m && !o) return true;
  sema_error(S, c->loc, "%s(): 'mask' and 'other' cannot be given with a block pointer; its boundary_check and "
             "padding_option say what is in bounds", c->disp);
  return false;
}

static void set_cache_attrs(sema *S, ir_op *o, const char *cache, const char *evict) {
  if (cache) ir_op_set_attr(o, "cache", ir_string_attr(S->ctx, cache));
  if (evict) ir_op_set_attr(o, "evict", ir_string_attr(S->ctx, evict));
}

static bool load_block_ptr(sema *S, bcall *c, const char *cache, const char *evict, sema_val *out) {
  unsigned check;
  sema_padding pad;
  ir_op *o;
  if (!no_mask_args(S, c, 1, 2) || !sema_bptr_boundary_check(S, c->loc, c->disp, &c->a[0], opt_arg(c, 3), &check) ||
      !sema_bptr_padding(S, c->loc, c->disp, opt_arg(c, 4), true, &pad))
    return false;
  bool is_volatile = c->have[7] && sema_truthy(&c->a[7]);
  /* TMA when the block pointer has a descriptor (sema_blockptr.c) and the load checks every
   * dim (TMA clips on all), pads with zeros, and asks for no cache policy */
  if (c->a[0].v && check == (1u << c->a[0].bp->rank) - 1 && pad != SEMA_PAD_NAN && !cache && !evict && !is_volatile)
    return sema_bptr_tma_load(S, c->loc, c->disp, &c->a[0], NULL, out);
  if (!sema_bptr_load(S, c->loc, c->disp, &c->a[0], NULL, check, pad, &o, out)) return false;
  set_cache_attrs(S, o, cache, evict);
  if (is_volatile) ir_op_set_attr(o, "volatile", ir_bool_attr(S->ctx, true));
  return true;
}

static bool b_load(sema *S, bcall *c, sema_val *out) {
  sema_val ptr, mask = {0}, other = {0};
  const char *cache, *evict;
  if (!check_str_opt(S, c, 5, "cache_modifier", cache_mods, &cache) ||
      !check_str_opt(S, c, 6, "eviction_policy", evictions, &evict))
    return false;
  if (c->a[0].kind == SV_BLOCKPTR && !c->a[0].bp->is_desc) return load_block_ptr(S, c, cache, evict, out);
  if (!want_ptr(S, c, &ptr) || !no_block_ptr_args(S, c, 3, 4)) return false;
  bool has_mask = c->have[1] && c->a[1].kind != SV_NONE;
  bool has_other = c->have[2] && c->a[2].kind != SV_NONE;
  if (has_other && !has_mask) {
    sema_error(S, c->loc, "tl.load(): 'other' requires 'mask'");
    return false;
  }
  if (has_mask && !mask_to(S, c, &c->a[1], &ptr, &mask)) return false;
  if (has_mask && sema_rank(mask.v) != sema_rank(ptr.v) && !sema_broadcast_pair(S, &ptr, &mask, c->loc))
    return false;
  sema_dtype elt = sema_dt(ptr.dt.pointee);
  bool is_bool = elt.kind == SD_I1;
  if (is_bool) { /* i1 lives in memory as i8 */
    elt = sema_dt(SD_I8);
    if (!sema_cast(S, &ptr, sema_dt_ptr(SD_I8), false, c->loc, &ptr)) return false;
  }
  if (has_other) {
    if (sema_is_num(&c->a[2])) other = sema_tensor(sema_const_scalar(S, c->loc, &c->a[2], elt), elt);
    else if (!sema_cast(S, &c->a[2], elt, false, c->loc, &other)) return false;
    if (!sema_broadcast_to(S, &other, sema_rank(ptr.v), sema_shape(ptr.v), c->loc, &other)) return false;
  }
  ir_value *ops[3] = {ptr.v, mask.v, other.v};
  const ir_type *rt = sema_shaped(S, elt, sema_rank(ptr.v), sema_shape(ptr.v));
  ir_op *o = sema_emit(S, c->loc, "tt.load", has_other ? 3 : has_mask ? 2 : 1, ops, 1, &rt);
  if (cache) ir_op_set_attr(o, "cache", ir_string_attr(S->ctx, cache));
  if (evict) ir_op_set_attr(o, "evict", ir_string_attr(S->ctx, evict));
  if (c->have[7] && sema_truthy(&c->a[7])) ir_op_set_attr(o, "volatile", ir_bool_attr(S->ctx, true));
  *out = sema_tensor(ir_op_result(o, 0), elt);
  if (is_bool) return sema_cast(S, out, sema_dt(SD_I1), false, c->loc, out);
  return true;
}

static bool store_value(sema *S, bcall *c, const sema_val *ptr, sema_dtype elt, sema_val *out) {
  const sema_val *v = &c->a[1];
  char b1[16], b2[16];
  if (sema_is_num(v)) {
    *out = sema_tensor(sema_const_scalar(S, c->loc, v, elt), elt);
  } else if (v->kind != SV_TENSOR) {
    sema_error(S, c->loc, "tl.store() cannot store %s", sema_describe(S, v));
    return false;
  } else if (sema_dt_is_ptr(v->dt) != sema_dt_is_ptr(elt)) {
    sema_error(S, c->loc, "tl.store() cannot store a value of type %s through a pointer of type %s",
               sema_dt_name(v->dt, b1), sema_dt_name(ptr->dt, b2));
    return false;
  } else if (!sema_cast(S, v, elt, false, c->loc, out)) {
    return false;
  }
  return sema_broadcast_to(S, out, sema_rank(ptr->v), sema_shape(ptr->v), c->loc, out);
}

static bool store_block_ptr(sema *S, bcall *c, const char *cache, const char *evict, sema_val *out) {
  unsigned check;
  ir_op *o;
  if (!no_mask_args(S, c, 2, -1) || !sema_bptr_boundary_check(S, c->loc, c->disp, &c->a[0], opt_arg(c, 3), &check))
    return false;
  /* TMA (clipping every dim) when the store checks every dim and asks for no cache policy */
  if (c->a[0].v && check == (1u << c->a[0].bp->rank) - 1 && !cache && !evict) {
    bool done;
    if (!sema_bptr_tma_store(S, c->loc, c->disp, &c->a[0], NULL, &c->a[1], &done)) return false;
    if (done) {
      *out = sema_none();
      return true;
    }
  }
  if (!sema_bptr_store(S, c->loc, c->disp, &c->a[0], NULL, check, &c->a[1], &o)) return false;
  set_cache_attrs(S, o, cache, evict);
  *out = sema_none();
  return true;
}

static bool b_store(sema *S, bcall *c, sema_val *out) {
  sema_val ptr, val, mask = {0};
  const char *cache, *evict;
  if (!check_str_opt(S, c, 4, "cache_modifier", cache_mods, &cache) ||
      !check_str_opt(S, c, 5, "eviction_policy", evictions, &evict))
    return false;
  if (c->a[0].kind == SV_BLOCKPTR && !c->a[0].bp->is_desc) return store_block_ptr(S, c, cache, evict, out);
  if (!want_ptr(S, c, &ptr) || !no_block_ptr_args(S, c, 3, -1)) return false;
  bool has_mask = c->have[2] && c->a[2].kind != SV_NONE;
  if (has_mask && !mask_to(S, c, &c->a[2], &ptr, &mask)) return false;
  sema_dtype elt = sema_dt(ptr.dt.pointee);
  if (elt.kind == SD_I1) {
    elt = sema_dt(SD_I8);
    if (!sema_cast(S, &ptr, sema_dt_ptr(SD_I8), false, c->loc, &ptr)) return false;
  }
  if (!store_value(S, c, &ptr, elt, &val)) return false;
  if (has_mask && !sema_broadcast_to(S, &mask, sema_rank(ptr.v), sema_shape(ptr.v), c->loc, &mask))
    return false;
  ir_value *ops[3] = {ptr.v, val.v, mask.v};
  ir_op *o = sema_emit(S, c->loc, "tt.store", has_mask ? 3 : 2, ops, 0, NULL);
  if (cache) ir_op_set_attr(o, "cache", ir_string_attr(S->ctx, cache));
  if (evict) ir_op_set_attr(o, "evict", ir_string_attr(S->ctx, evict));
  *out = sema_none();
  return true;
}

/* ---- elementwise ------------------------------------------------------------------------- */

static bool b_where(sema *S, bcall *c, sema_val *out) {
  sema_val cond, x = c->a[1], y = c->a[2];
  if (c->a[0].kind != SV_TENSOR) { /* compile-time condition picks a side */
    sema_val pick = sema_truthy(&c->a[0]) ? c->a[1] : c->a[2];
    return sema_to_tensor(S, &pick, c->loc, out);
  }
  if (!sema_cast(S, &c->a[0], sema_dt(SD_I1), false, c->loc, &cond)) return false;
  /* two fp8 tensors of one dtype are selected as they are (fp8 has no arithmetic type) */
  bool same_fp8 = x.kind == SV_TENSOR && y.kind == SV_TENSOR && sema_dt_is_fp8(x.dt) && sema_dt_eq(x.dt, y.dt);
  if (!same_fp8 && !sema_binary_check(S, &x, &y, true, true, true, false, c->loc)) return false;
  if (!sema_broadcast_pair(S, &cond, &x, c->loc) || !sema_broadcast_pair(S, &x, &y, c->loc) ||
      !sema_broadcast_pair(S, &cond, &x, c->loc))
    return false;
  ir_value *ops[3] = {cond.v, x.v, y.v};
  *out = sema_tensor(sema_emit1(S, c->loc, "arith.select", 3, ops, x.v->type), x.dt);
  return true;
}

static bool propagate_all(const bcall *c, unsigned i) {
  return c->have[i] && c->a[i].kind == SV_STR && strcmp(c->a[i].s, "ALL") == 0;
}

static bool minmax(sema *S, bcall *c, bool is_max, sema_val x, sema_val y, bool nan_all, sema_val *out) {
  if (!sema_binary_check(S, &x, &y, false, false, true, false, c->loc)) return false;
  const char *op;
  if (sema_dt_is_float(x.dt)) op = is_max ? (nan_all ? "arith.maximumf" : "arith.maxnumf")
                                           : (nan_all ? "arith.minimumf" : "arith.minnumf");
  else if (sema_dt_is_unsigned(x.dt) || x.dt.kind == SD_I1) op = is_max ? "arith.maxui" : "arith.minui";
  else if (sema_dt_is_int(x.dt)) op = is_max ? "arith.maxsi" : "arith.minsi";
  else {
    sema_error(S, c->loc, "%s() does not accept %s", c->disp, sema_describe(S, &x));
    return false;
  }
  ir_value *ops[2] = {x.v, y.v};
  *out = sema_tensor(sema_emit1(S, c->loc, op, 2, ops, x.v->type), x.dt);
  return true;
}

static bool b_maximum(sema *S, bcall *c, sema_val *out) {
  return minmax(S, c, true, c->a[0], c->a[1], propagate_all(c, 2), out);
}
static bool b_minimum(sema *S, bcall *c, sema_val *out) {
  return minmax(S, c, false, c->a[0], c->a[1], propagate_all(c, 2), out);
}

static bool b_clamp(sema *S, bcall *c, sema_val *out) {
  sema_val x;
  if (!want_tensor(S, c, 0, &x)) return false;
  if (!sema_dt_is_float(x.dt)) {
    sema_error(S, c->loc, "tl.clamp() only supports floating-point tensors, got %s", sema_describe(S, &x));
    return false;
  }
  bool all = propagate_all(c, 3);
  sema_val lo;
  return minmax(S, c, true, x, c->a[1], all, &lo) && minmax(S, c, false, lo, c->a[2], all, out);
}

static bool want_float(sema *S, bcall *c, sema_val *x) {
  if (!want_tensor(S, c, 0, x)) return false;
  if (sema_dt_is_float(x->dt)) return true;
  sema_error(S, c->loc, "%s() expects a floating-point argument, got %s", c->disp, sema_describe(S, x));
  return false;
}

/* Math on fp16/bf16 is computed in fp32 and rounded back (what libdevice does too). */
static bool math1_op(sema *S, bcall *c, const char *op, const sema_val *x, sema_val *out) {
  sema_val v = *x;
  bool narrow = x->dt.kind == SD_FP16 || x->dt.kind == SD_BF16;
  if (narrow && !sema_cast(S, &v, sema_dt(SD_FP32), false, c->loc, &v)) return false;
  ir_value *r = sema_emit1(S, c->loc, op, 1, &v.v, v.v->type);
  if (c->precise && r && ir_value_def(r)) ir_op_set_attr(ir_value_def(r), TILE_ATTR_PRECISE, ir_unit_attr(S->ctx));
  v = sema_tensor(r, v.dt);
  if (narrow) return sema_cast(S, &v, x->dt, false, c->loc, out);
  *out = v;
  return true;
}

#define MATH1(fname, opname)                                              \
  static bool fname(sema *S, bcall *c, sema_val *out) {                    \
    sema_val x;                                                            \
    return want_float(S, c, &x) && math1_op(S, c, opname, &x, out);        \
  }
MATH1(b_exp, "math.exp")
MATH1(b_exp2, "math.exp2")
MATH1(b_log, "math.log")
MATH1(b_log2, "math.log2")
MATH1(b_sqrt, "math.sqrt")

static bool b_sqrt_rn(sema *S, bcall *c, sema_val *out) {
  c->precise = true;
  return b_sqrt(S, c, out);
}
MATH1(b_rsqrt, "math.rsqrt")
MATH1(b_sin, "math.sin")
MATH1(b_cos, "math.cos")
MATH1(b_erf, "math.erf")
MATH1(b_tanh, "math.tanh")
#undef MATH1

static bool b_floor_ceil(sema *S, bcall *c, bool fl, sema_val *out) {
  sema_val x;
  if (!want_float(S, c, &x)) return false;
  *out = sema_tensor(sema_emit1(S, c->loc, fl ? "math.floor" : "math.ceil", 1, &x.v, x.v->type), x.dt);
  return true;
}
static bool b_floor(sema *S, bcall *c, sema_val *out) { return b_floor_ceil(S, c, true, out); }
static bool b_ceil(sema *S, bcall *c, sema_val *out) { return b_floor_ceil(S, c, false, out); }

static bool b_abs(sema *S, bcall *c, sema_val *out) {
  if (sema_is_num(&c->a[0])) {
    if (c->a[0].kind != SV_FLOAT) return sema_fold_int_neg(S, c->loc, c->a[0].i, true, out);
    *out = sema_float(fabs(c->a[0].f));
    return true;
  }
  sema_val x;
  if (!want_tensor(S, c, 0, &x)) return false;
  if (sema_dt_is_unsigned(x.dt) || x.dt.kind == SD_I1) {
    *out = x;
    return true;
  }
  if (sema_dt_is_ptr(x.dt)) {
    sema_error(S, c->loc, "%s() does not accept pointers", c->disp);
    return false;
  }
  const char *op = sema_dt_is_float(x.dt) ? "math.absf" : "math.absi";
  *out = sema_tensor(sema_emit1(S, c->loc, op, 1, &x.v, x.v->type), x.dt);
  return true;
}

static bool b_sigmoid(sema *S, bcall *c, sema_val *out) {
  sema_val x, nx, e, d, one = sema_int(1);
  if (!want_float(S, c, &x)) return false;
  return sema_unary(S, FE_NEG, &x, c->loc, &nx) && math1_op(S, c, "math.exp", &nx, &e) &&
         sema_binop(S, FE_ADD, &one, &e, c->loc, &d) && sema_binop(S, FE_DIV, &one, &d, c->loc, out);
}

static bool same3(sema *S, bcall *c, sema_val *x, sema_val *y, sema_val *z) {
  if (!sema_binary_check(S, x, y, false, false, true, false, c->loc)) return false;
  if (!sema_binary_check(S, x, z, false, false, true, false, c->loc)) return false;
  if (!sema_binary_check(S, y, z, false, false, true, false, c->loc)) return false;
  return sema_binary_check(S, x, y, false, false, true, false, c->loc);
}

static bool b_fma(sema *S, bcall *c, sema_val *out) {
  sema_val x = c->a[0], y = c->a[1], z = c->a[2];
  if (!same3(S, c, &x, &y, &z)) return false;
  if (!sema_dt_is_float(x.dt)) {
    sema_error(S, c->loc, "tl.fma() expects floating-point arguments, got %s", sema_describe(S, &x));
    return false;
  }
  ir_value *ops[3] = {x.v, y.v, z.v};
  *out = sema_tensor(sema_emit1(S, c->loc, "math.fma", 3, ops, x.v->type), x.dt);
  return true;
}

static bool b_fdiv(sema *S, bcall *c, sema_val *out) {
  sema_val x = c->a[0], y = c->a[1];
  if ((x.kind == SV_TENSOR && !sema_dt_is_float(x.dt)) || (y.kind == SV_TENSOR && !sema_dt_is_float(y.dt))) {
    sema_error(S, c->loc, "both operands of %s() must have a floating-point type", c->disp);
    return false;
  }
  if (!sema_binary_check(S, &x, &y, false, false, true, true, c->loc)) return false;
  ir_value *ops[2] = {x.v, y.v};
  *out = sema_tensor(sema_emit1(S, c->loc, "arith.divf", 2, ops, x.v->type), x.dt);
  return true;
}

static bool b_pow(sema *S, bcall *c, sema_val *out) {
  sema_val x = c->a[0], y = c->a[1];
  if (!sema_binary_check(S, &x, &y, false, false, true, false, c->loc)) return false;
  if (!sema_dt_is_float(x.dt)) {
    sema_error(S, c->loc, "%s() expects floating-point arguments, got %s", c->disp, sema_describe(S, &x));
    return false;
  }
  ir_value *ops[2] = {x.v, y.v};
  *out = sema_tensor(sema_emit1(S, c->loc, "math.powf", 2, ops, x.v->type), x.dt);
  return true;
}

static bool b_cdiv(sema *S, bcall *c, sema_val *out) {
  sema_val one = sema_int(1), t1, t2;
  if (c->a[0].kind == SV_INT && c->a[1].kind == SV_INT && c->a[1].i == 0) {
    sema_error(S, c->loc, "division by zero in tl.cdiv()");
    return false;
  }
  return sema_binop(S, FE_ADD, &c->a[0], &c->a[1], c->loc, &t1) &&
         sema_binop(S, FE_SUB, &t1, &one, c->loc, &t2) &&
         sema_binop(S, FE_FLOORDIV, &t2, &c->a[1], c->loc, out);
}

static bool b_umulhi(sema *S, bcall *c, sema_val *out) {
  sema_val x = c->a[0], y = c->a[1];
  if (!sema_binary_check(S, &x, &y, false, false, true, false, c->loc)) return false;
  if (!sema_dt_is_int(x.dt)) {
    sema_error(S, c->loc, "tl.umulhi() expects integer arguments, got %s", sema_describe(S, &x));
    return false;
  }
  ir_value *ops[2] = {x.v, y.v};
  *out = sema_tensor(sema_emit1(S, c->loc, "tt.mulhiui", 2, ops, x.v->type), x.dt);
  return true;
}

static bool b_cast(sema *S, bcall *c, sema_val *out) {
  sema_dtype d;
  if (!want_dtype(S, c, 1, &d)) return false;
  bool bc = c->have[3] && sema_truthy(&c->a[3]);
  if (c->a[0].kind != SV_TENSOR && !sema_is_num(&c->a[0])) {
    sema_error(S, c->loc, "%s() expects a tensor, got %s", c->disp, sema_describe(S, &c->a[0]));
    return false;
  }
  return sema_cast(S, &c->a[0], d, bc, c->loc, out);
}

/* ---- shapes ------------------------------------------------------------------------------ */

/* Shape from varargs (`f(x, 4, 8)`) or a tuple (`f(x, (4, 8))`), starting at args[first]. */
static bool varargs_shape(sema *S, bcall *c, unsigned first, unsigned *rank, int64_t *shape) {
  if (c->nargs <= first) {
    sema_error(S, c->loc, "%s() missing required argument 'shape'", c->disp);
    return false;
  }
  if (c->nargs == first + 1) return shape_of(S, c, &c->args[first], rank, shape);
  sema_val tup = {.kind = SV_TUPLE, .n = c->nargs - first, .elems = (sema_val *)(c->args + first)};
  return shape_of(S, c, &tup, rank, shape);
}

/* The (input, *shape) arguments of broadcast_to and reshape. */
static bool tensor_and_shape(sema *S, bcall *c, sema_val *x, unsigned *rank, int64_t *shape) {
  if (c->nargs < 1) {
    sema_error(S, c->loc, "%s() missing required argument 'input'", c->disp);
    return false;
  }
  c->a[0] = c->args[0];
  return want_tensor(S, c, 0, x) && varargs_shape(S, c, 1, rank, shape);
}

static bool b_broadcast_to(sema *S, bcall *c, sema_val *out) {
  unsigned rank;
  int64_t shape[IR_MAX_RANK];
  sema_val x;
  return tensor_and_shape(S, c, &x, &rank, shape) && sema_broadcast_to(S, &x, rank, shape, c->loc, out);
}

/* trans, permute, join, split, interleave, expand_dims, reshape, view (sema_shape.c). */
static bool b_shape(sema *S, bcall *c, sema_val *out) {
  const char *name = strrchr(c->disp, '.') ? strrchr(c->disp, '.') + 1 : c->disp;
  return sema_shape_call(S, name, c->disp, c->loc, c->nargs, c->args, c->nkw, c->kwnames, c->kwvals, out);
}

/* The tuple (a, b). */
static sema_val pair(sema *S, sema_val a, sema_val b) {
  sema_val *el = sup_arena_alloc(S->arena, 2 * sizeof *el);
  el[0] = a, el[1] = b;
  return (sema_val){.kind = SV_TUPLE, .n = 2, .elems = el};
}

static bool b_broadcast(sema *S, bcall *c, sema_val *out) {
  sema_val x, y;
  if (!want_tensor(S, c, 0, &x) || !want_tensor(S, c, 1, &y) || !sema_broadcast_pair(S, &x, &y, c->loc))
    return false;
  *out = pair(S, x, y);
  return true;
}

static bool hint(sema *S, bcall *c, const char *attr, sema_val *out) {
  sema_val x;
  if (!want_tensor(S, c, 0, &x)) return false;
  unsigned r = sema_rank(x.v), n = c->a[1].kind == SV_TUPLE ? c->a[1].n : 1;
  const sema_val *el = c->a[1].kind == SV_TUPLE ? c->a[1].elems : &c->a[1];
  unsigned want = r ? r : 1;
  if (n != 1 && n != want) {
    sema_error(S, c->loc, "%s(): %u values for a tensor of rank %u", c->disp, n, r);
    return false;
  }
  int64_t vals[IR_MAX_RANK];
  for (unsigned i = 0; i < want; i++) {
    const sema_val *v = &el[n == 1 ? 0 : i];
    if (v->kind != SV_INT || v->i <= 0) {
      sema_error(S, c->loc, "%s() values must be positive compile-time integers", c->disp);
      return false;
    }
    vals[i] = v->i;
  }
  ir_op *def = ir_value_def(x.v);
  if (def) ir_op_set_attr(def, attr, ir_i64_array_attr(S->ctx, want, vals));
  *out = x;
  return true;
}

static bool b_multiple_of(sema *S, bcall *c, sema_val *out) { return hint(S, c, TILE_ATTR_DIVISIBILITY, out); }
static bool b_max_contiguous(sema *S, bcall *c, sema_val *out) { return hint(S, c, TILE_ATTR_CONTIGUITY, out); }

/* ---- compile-time helpers ------------------------------------------------------------- */

static bool b_static_assert(sema *S, bcall *c, sema_val *out) {
  if (c->a[0].kind == SV_TENSOR) {
    sema_error(S, c->loc, "tl.static_assert() needs a compile-time condition, got a run-time value");
    return false;
  }
  *out = sema_none();
  if (sema_truthy(&c->a[0])) return true;
  /* a config error: an autotune config that fails it is left out (sema.c, compile_variants) */
  if (c->have[1] && c->a[1].kind == SV_STR && c->a[1].s[0])
    ir_emit_config_error(S->ctx, c->loc, "static_assert failed: %s", c->a[1].s);
  else
    ir_emit_config_error(S->ctx, c->loc, "static_assert failed");
  return false;
}

static bool b_static_print(sema *S, bcall *c, sema_val *out) {
  sup_strbuf sb = {0};
  for (unsigned i = 0; i < c->nargs; i++) {
    if (i) sup_strbuf_putc(&sb, ' ');
    const sema_val *v = &c->args[i];
    if (v->kind == SV_STR) sup_strbuf_puts(&sb, v->s);
    else if (v->kind == SV_TENSOR) sup_strbuf_puts(&sb, sema_describe(S, v));
    else sup_strbuf_puts(&sb, sema_repr(S, v));
  }
  if (!S->dry_run) sema_note(S, c->loc, "%s", sup_strbuf_cstr(&sb));
  sup_strbuf_free(&sb);
  *out = sema_none();
  return true;
}

static bool b_constexpr(sema *S, bcall *c, sema_val *out) {
  if (c->a[0].kind == SV_TENSOR) {
    sema_error(S, c->loc, "tl.constexpr() needs a compile-time value, got a run-time value");
    return false;
  }
  *out = c->a[0];
  return true;
}

static bool b_pointer_type(sema *S, bcall *c, sema_val *out) {
  sema_dtype d;
  if (!want_dtype(S, c, 0, &d)) return false;
  if (sema_dt_is_ptr(d)) {
    sema_error(S, c->loc, "pointers to pointers are not supported");
    return false;
  }
  *out = sema_dtype_val(sema_dt_ptr((sema_dkind)d.kind));
  return true;
}

static bool b_range_outside_for(sema *S, bcall *c, sema_val *out) {
  (void)out;
  sema_error(S, c->loc, "%s() can only be used as the iterable of a for loop", c->disp);
  return false;
}

/* ---- Python builtins on compile-time values -------------------------------------------- */

static bool py_minmax(sema *S, bcall *c, bool is_max, sema_val *out) {
  const sema_val *args = c->args;
  unsigned n = c->nargs;
  if (n == 1 && args[0].kind == SV_TUPLE) n = args[0].n, args = args[0].elems;
  if (n == 0) {
    sema_error(S, c->loc, "%s() expects at least one argument", c->disp);
    return false;
  }
  sema_val acc = args[0];
  for (unsigned i = 1; i < n; i++) {
    if (sema_is_num(&acc) && sema_is_num(&args[i])) {
      sema_val r;
      if (!sema_compare(S, is_max ? FE_GT : FE_LT, &args[i], &acc, c->loc, &r)) return false;
      if (sema_truthy(&r)) acc = args[i];
      continue;
    }
    if (!minmax(S, c, is_max, acc, args[i], false, &acc)) return false;
  }
  *out = acc;
  return true;
}
static bool b_py_min(sema *S, bcall *c, sema_val *out) { return py_minmax(S, c, false, out); }
static bool b_py_max(sema *S, bcall *c, sema_val *out) { return py_minmax(S, c, true, out); }

static bool b_py_int(sema *S, bcall *c, sema_val *out) {
  const sema_val *v = &c->a[0];
  if (v->kind == SV_INT || v->kind == SV_BOOL) *out = sema_int(v->i);
  else if (v->kind == SV_FLOAT) *out = sema_int((int64_t)v->f);
  else if (v->kind == SV_STR) *out = sema_int(strtoll(v->s, NULL, 0));
  else if (v->kind == SV_TENSOR) return sema_cast(S, v, sema_dt(SD_I32), false, c->loc, out);
  else {
    sema_error(S, c->loc, "int() cannot convert %s", sema_describe(S, v));
    return false;
  }
  return true;
}

static bool b_py_float(sema *S, bcall *c, sema_val *out) {
  const sema_val *v = &c->a[0];
  if (sema_is_num(v)) *out = sema_float(v->kind == SV_FLOAT ? v->f : (double)v->i);
  else if (v->kind == SV_STR) {
    const char *s = v->s;
    double sign = *s == '-' ? -1.0 : 1.0;
    if (*s == '-' || *s == '+') s++;
    if (strcmp(s, "inf") == 0 || strcmp(s, "infinity") == 0) *out = sema_float(sign * INFINITY);
    else if (strcmp(s, "nan") == 0) *out = sema_float(NAN);
    else {
      char *end;
      double d = strtod(v->s, &end);
      if (*end) {
        sema_error(S, c->loc, "could not convert string to float: '%s'", v->s);
        return false;
      }
      *out = sema_float(d);
    }
  } else if (v->kind == SV_TENSOR) return sema_cast(S, v, sema_dt(SD_FP32), false, c->loc, out);
  else {
    sema_error(S, c->loc, "float() cannot convert %s", sema_describe(S, v));
    return false;
  }
  return true;
}

static bool b_py_bool(sema *S, bcall *c, sema_val *out) {
  if (c->a[0].kind == SV_TENSOR) return sema_cast(S, &c->a[0], sema_dt(SD_I1), false, c->loc, out);
  *out = sema_bool(sema_truthy(&c->a[0]));
  return true;
}

static bool b_py_len(sema *S, bcall *c, sema_val *out) {
  const sema_val *v = &c->a[0];
  if (v->kind == SV_TUPLE) *out = sema_int(v->n);
  else if (v->kind == SV_STR) *out = sema_int((int64_t)strlen(v->s));
  else if (v->kind == SV_TENSOR && sema_rank(v->v) > 0) *out = sema_int(sema_shape(v->v)[0]);
  else {
    sema_error(S, c->loc, "object of type %s has no len()", sema_describe(S, v));
    return false;
  }
  return true;
}

/* isinstance(obj, classinfo), decided at compile time (Triton's fused-attention tutorial asks
 * isinstance(desc, tl.tensor_descriptor) to take a host descriptor or build one). classinfo is
 * one class or a tuple of them; bool counts as an int, as in Python. */
static bool class_holds(sema *S, bcall *c, const sema_val *cls, const sema_val *v, bool *out) {
  static const char *const known = "tl.tensor_descriptor, tl.tensor, tl.constexpr, tl.dtype, int, float or bool";
  const char *p = cls->kind == SV_BUILTIN && !cls->self ? cls->path : "";
  bool desc = v->kind == SV_HOSTDESC || (v->kind == SV_BLOCKPTR && v->bp->is_desc);
  bool constant = v->kind == SV_INT || v->kind == SV_FLOAT || v->kind == SV_BOOL || v->kind == SV_STR ||
                  v->kind == SV_NONE || v->kind == SV_DTYPE;
  if (!strcmp(p, "triton.language.tensor_descriptor")) *out = desc;
  else if (!strcmp(p, "triton.language.tensor")) *out = v->kind == SV_TENSOR;
  else if (!strcmp(p, "triton.language.constexpr")) *out = constant;
  else if (!strcmp(p, "triton.language.dtype")) *out = v->kind == SV_DTYPE;
  else if (!strcmp(p, "builtins.int")) *out = v->kind == SV_INT || v->kind == SV_BOOL;
  else if (!strcmp(p, "builtins.float")) *out = v->kind == SV_FLOAT;
  else if (!strcmp(p, "builtins.bool")) *out = v->kind == SV_BOOL;
  else {
    sema_error(S, c->loc, "isinstance(): the class must be %s (or a tuple of them), not %s", known,
               *p ? p : sema_describe(S, cls));
    return false;
  }
  return true;
}

static bool b_isinstance(sema *S, bcall *c, sema_val *out) {
  const sema_val *cls = &c->a[1];
  unsigned n = cls->kind == SV_TUPLE ? cls->n : 1;
  bool any = false;
  for (unsigned i = 0; i < n; i++) {
    bool holds;
    if (!class_holds(S, c, cls->kind == SV_TUPLE ? &cls->elems[i] : cls, &c->a[0], &holds)) return false;
    any = any || holds;
  }
  *out = sema_bool(any);
  return true;
}

static bool b_next_pow2(sema *S, bcall *c, sema_val *out) {
  int64_t n;
  if (!want_int(S, c, 0, "n", &n)) return false;
  int64_t p = 1;
  while (p < n) p <<= 1;
  *out = sema_int(p);
  return true;
}

/* tl.device_print(prefix, *args, hex=False), and print(...) in a kernel (Triton's alias of
 * it): a tt.print of the arguments as tensors, the prefix made as Triton makes it (": "
 * after it when there are arguments, a space before a long one). */
static bool b_device_print(sema *S, bcall *c, sema_val *out) {
  if (!c->nargs || c->args[0].kind != SV_STR) {
    sema_error(S, c->loc, "%s() takes a string prefix first, got %s", c->disp,
               c->nargs ? sema_describe(S, &c->args[0]) : "nothing");
    return false;
  }
  bool hex = false;
  for (unsigned k = 0; k < c->nkw; k++) {
    if (strcmp(c->kwnames[k], "hex") || (c->kwvals[k].kind != SV_BOOL && c->kwvals[k].kind != SV_INT)) {
      sema_error(S, c->loc, "%s() takes only hex=True/False besides its arguments, got %s=", c->disp, c->kwnames[k]);
      return false;
    }
    hex = c->kwvals[k].i != 0;
  }
  const char *p = c->args[0].s;
  for (const char *q = p; *q; q++)
    if ((unsigned char)*q < 0x20 || (unsigned char)*q > 0x7e) {
      sema_error(S, c->loc, "%s(): the prefix must be printable ASCII", c->disp);
      return false;
    }
  unsigned n = c->nargs - 1;
  size_t len = strlen(p);
  char *pre = sup_arena_alloc(S->arena, len + 4);
  memcpy(pre, p, len + 1);
  if (n && (!len || pre[len - 1] != ' ')) pre[len++] = ' ', pre[len] = 0;
  if (n && !(len >= 2 && pre[len - 2] == ':')) pre[len - 1] = ':', pre[len++] = ' ', pre[len] = 0;
  if (len > 2 && pre[0] != ' ') memmove(pre + 1, pre, len + 1), pre[0] = ' ';
  ir_value **ops = sup_arena_alloc(S->arena, (n + 1) * sizeof *ops);
  const ir_attr **sig = sup_arena_alloc(S->arena, (n + 1) * sizeof *sig);
  for (unsigned i = 0; i < n; i++) {
    sema_val t;
    const sema_val *a = &c->args[i + 1];
    if (a->kind != SV_TENSOR && !sema_is_num(a)) {
      sema_error(S, c->loc, "%s() prints numbers and tensors, got %s", c->disp, sema_describe(S, a));
      return false;
    }
    if (!sema_to_tensor(S, a, c->loc, &t)) return false;
    ops[i] = t.v;
    sig[i] = ir_bool_attr(S->ctx, sema_dt_is_signed(t.dt));
  }
  ir_op *op = sema_emit(S, c->loc, "tt.print", n, ops, 0, NULL);
  ir_op_set_attr(op, "prefix", ir_string_attr(S->ctx, pre));
  ir_op_set_attr(op, "hex", ir_bool_attr(S->ctx, hex));
  ir_op_set_attr(op, "is_signed", ir_array_attr(S->ctx, n, sig));
  *out = sema_none();
  return true;
}

/* ---- reductions --------------------------------------------------------------------------- */

typedef enum red_kind { RED_SUM, RED_MAX, RED_MIN, RED_XOR } red_kind;

/* The tt.reduce combine for kind over dtype d (already promoted); nan_all: max/min
 * propagate NaN (tl.PropagateNan.ALL). */
static const char *red_combine(red_kind k, sema_dtype d, bool nan_all) {
  bool u = sema_dt_is_unsigned(d);
  if (sema_dt_is_float(d)) {
    if (k == RED_SUM) return "addf";
    if (nan_all) return k == RED_MAX ? "maximumf" : "minimumf";
    return k == RED_MAX ? "maxnumf" : "minnumf";
  }
  if (k == RED_SUM) return "addi";
  if (k == RED_XOR) return "xori";
  if (k == RED_MAX) return u ? "maxui" : "maxsi";
  return u ? "minui" : "minsi";
}

/* Triton's accumulator types: integer sums narrower than 32 bits accumulate in i32 (u32
 * for unsigned), f16/bf16 sums in f32 (the result is rounded back: Triton returns the
 * input type); max/min of anything narrower than 32 bits work in f32 / i32 and return it,
 * as Triton's tl.max/tl.min do. *out_result is the dtype the builtin returns. */
static void red_types(red_kind k, sema_dtype in, sema_dtype *out_acc, sema_dtype *out_result) {
  sema_dtype acc = in;
  if (sema_dt_bits(in) < 32 && k != RED_XOR) { /* xor_sum works in the input type */
    if (sema_dt_is_float(in)) acc = sema_dt(SD_FP32);
    else acc = sema_dt(k == RED_SUM && sema_dt_is_unsigned(in) ? SD_U32 : SD_I32);
  }
  *out_acc = acc;
  *out_result = k == RED_SUM && sema_dt_is_float(in) ? in : acc;
}

/* One tt.reduce of x along `axis` (the result has rank - 1; a scalar from rank 1). */
static sema_val reduce_axis(sema *S, bcall *c, const char *combine, sema_val x, unsigned axis) {
  unsigned r = sema_rank(x.v);
  int64_t shape[IR_MAX_RANK];
  for (unsigned k = 0, j = 0; k < r; k++)
    if (k != axis) shape[j++] = sema_shape(x.v)[k];
  const ir_type *t = sema_shaped(S, x.dt, r - 1, shape);
  ir_op *o = sema_emit(S, c->loc, "tt.reduce", 1, &x.v, 1, &t);
  ir_op_set_attr(o, "axis", ir_i32_attr(S->ctx, axis));
  ir_op_set_attr(o, "combine", ir_string_attr(S->ctx, combine));
  return sema_tensor(ir_op_result(o, 0), x.dt);
}

/* Reads the axis argument (index 1): None (every axis: *out_all) or an int in [-rank, rank). */
static bool red_axis(sema *S, bcall *c, unsigned rank, unsigned *out_axis, bool *out_all) {
  *out_all = !c->have[1] || c->a[1].kind == SV_NONE;
  if (*out_all) return true;
  if (c->a[1].kind != SV_INT) {
    sema_error(S, c->loc, "%s() axis must be a compile-time integer or None, got %s", c->disp,
               sema_describe(S, &c->a[1]));
    return false;
  }
  int64_t a = c->a[1].i < 0 ? c->a[1].i + (int64_t)rank : c->a[1].i;
  if (a < 0 || a >= (int64_t)rank) {
    sema_error(S, c->loc, "%s() axis %lld is out of range for a tensor of rank %u", c->disp,
               (long long)c->a[1].i, rank);
    return false;
  }
  *out_axis = (unsigned)a;
  return true;
}

/* The reduced operand: a tensor of rank >= 1 of numbers, cast to its accumulator type. */
static bool red_input(sema *S, bcall *c, red_kind k, sema_val *x, sema_dtype *out_result) {
  if (c->a[0].kind != SV_TENSOR || sema_rank(c->a[0].v) == 0) {
    sema_error(S, c->loc, "%s() reduces a tensor, got %s", c->disp,
               c->a[0].kind == SV_TENSOR ? "a scalar" : sema_describe(S, &c->a[0]));
    return false;
  }
  *x = c->a[0];
  if (sema_dt_is_ptr(x->dt)) {
    sema_error(S, c->loc, "%s() does not support %s: it reduces integers and floats", c->disp,
               sema_describe(S, x));
    return false;
  }
  if (k == RED_XOR && !sema_dt_is_int(x->dt)) {
    sema_error(S, c->loc, "%s() is only supported for integers, got %s", c->disp, sema_describe(S, x));
    return false;
  }
  sema_dtype acc;
  red_types(k, x->dt, &acc, out_result);
  if (k == RED_SUM && c->have[3] && c->a[3].kind != SV_NONE) { /* tl.sum(dtype=): cast first */
    if (!want_dtype(S, c, 3, &acc)) return false;
    *out_result = acc;
  }
  return sema_dt_eq(acc, x->dt) || sema_cast(S, x, acc, false, c->loc, x);
}

/* Size-1 dims where the reduced axes were (keep_dims=True). */
static sema_val red_keep_dims(sema *S, bcall *c, sema_val r, unsigned rank, const int64_t *in_shape,
                              bool all, unsigned axis) {
  int64_t shape[IR_MAX_RANK];
  for (unsigned k = 0; k < rank; k++) shape[k] = all || k == axis ? 1 : in_shape[k];
  const ir_type *t = sema_shaped(S, r.dt, rank, shape);
  bool splat = all || rank == 1;
  ir_op *o = sema_emit(S, c->loc, splat ? "tt.splat" : "tt.expand_dims", 1, &r.v, 1, &t);
  if (!splat) ir_op_set_attr(o, "axis", ir_i32_attr(S->ctx, axis));
  return sema_tensor(ir_op_result(o, 0), r.dt);
}

/* tl.sum / tl.max / tl.min / tl.xor_sum (and the methods): input, axis=None, then
 * keep_dims at parameter `keep`; nan_all for max/min with propagate_nan=ALL. */
static bool reduction(sema *S, bcall *c, red_kind k, unsigned keep, bool nan_all, sema_val *out) {
  sema_val x;
  sema_dtype result;
  if (!red_input(S, c, k, &x, &result)) return false;
  unsigned rank = sema_rank(x.v), axis = 0;
  int64_t in_shape[IR_MAX_RANK];
  memcpy(in_shape, sema_shape(x.v), rank * sizeof(int64_t));
  bool all;
  if (!red_axis(S, c, rank, &axis, &all)) return false;
  const char *combine = red_combine(k, x.dt, nan_all);
  sema_val r = x;
  if (all)
    for (unsigned d = rank; d-- > 0;) r = reduce_axis(S, c, combine, r, d);
  else
    r = reduce_axis(S, c, combine, x, axis);
  if (!sema_dt_eq(r.dt, result) && !sema_cast(S, &r, result, false, c->loc, &r)) return false;
  *out = c->have[keep] && sema_truthy(&c->a[keep]) ? red_keep_dims(S, c, r, rank, in_shape, all, axis) : r;
  return true;
}

static bool b_sum(sema *S, bcall *c, sema_val *out) { return reduction(S, c, RED_SUM, 2, false, out); }
static bool b_xor_sum(sema *S, bcall *c, sema_val *out) { return reduction(S, c, RED_XOR, 2, false, out); }

/* argmax/argmin (and max/min with return_indices): x, a compile-time axis, the tie rule;
 * keep_dims at parameter `keep`. Sets *value and *index. */
static bool with_indices(sema *S, bcall *c, bool is_max, unsigned tie, unsigned keep, sema_val *value,
                         sema_val *index) {
  if (c->a[0].kind != SV_TENSOR || sema_rank(c->a[0].v) == 0) {
    sema_error(S, c->loc, "%s() reduces a tensor, got %s", c->disp,
               c->a[0].kind == SV_TENSOR ? "a scalar" : sema_describe(S, &c->a[0]));
    return false;
  }
  unsigned rank = sema_rank(c->a[0].v), axis = 0;
  bool all;
  if (!red_axis(S, c, rank, &axis, &all)) return false;
  if (all) {
    sema_error(S, c->loc, "%s() needs an axis (Triton takes no axis=None with indices)", c->disp);
    return false;
  }
  bool left = !c->have[tie] || sema_truthy(&c->a[tie]);
  if (!sema_reduce_with_indices(S, c->loc, c->disp, c->a[0], axis, is_max, left, value, index)) return false;
  if (c->have[keep] && sema_truthy(&c->a[keep])) {
    *value = red_keep_dims(S, c, *value, rank, sema_shape(c->a[0].v), false, axis);
    *index = red_keep_dims(S, c, *index, rank, sema_shape(c->a[0].v), false, axis);
  }
  return true;
}

/* tl.max / tl.min(input, axis, return_indices, return_indices_tie_break_left, keep_dims,
 * propagate_nan): Triton's parameters in Triton's order, and propagate_nan. */
static bool max_or_min(sema *S, bcall *c, bool is_max, sema_val *out) {
  if (c->have[2] && sema_truthy(&c->a[2])) {
    sema_val v, i;
    if (!with_indices(S, c, is_max, 3, 4, &v, &i)) return false;
    *out = pair(S, v, i);
    return true;
  }
  return reduction(S, c, is_max ? RED_MAX : RED_MIN, 4, propagate_all(c, 5), out);
}

static bool b_max(sema *S, bcall *c, sema_val *out) { return max_or_min(S, c, true, out); }
static bool b_min(sema *S, bcall *c, sema_val *out) { return max_or_min(S, c, false, out); }

static bool b_argmax(sema *S, bcall *c, sema_val *out) {
  sema_val v;
  return with_indices(S, c, true, 2, 3, &v, out);
}

static bool b_argmin(sema *S, bcall *c, sema_val *out) {
  sema_val v;
  return with_indices(S, c, false, 2, 3, &v, out);
}

/* The input of tl.reduce / tl.associative_scan: a tensor or a tuple of 1 to 8 tensors of
 * numbers of one shape. */
static bool combine_inputs(sema *S, bcall *c, unsigned *n, const sema_val **xs, bool *tuple) {
  *tuple = c->a[0].kind == SV_TUPLE;
  *n = *tuple ? c->a[0].n : 1;
  *xs = *tuple ? c->a[0].elems : &c->a[0];
  if (*n == 0 || *n > TILE_REDUCE_MAX_OPERANDS) {
    sema_error(S, c->loc, "%s() takes 1 to %d tensors, got %u", c->disp, TILE_REDUCE_MAX_OPERANDS, *n);
    return false;
  }
  const sema_val *x = *xs;
  for (unsigned i = 0; i < *n; i++) { /* (input 0 passed these checks when i > 0) */
    bool ok = x[i].kind == SV_TENSOR && sema_rank(x[i].v) > 0 && !sema_dt_is_ptr(x[i].dt) &&
              sema_rank(x[i].v) == sema_rank(x[0].v) &&
              !memcmp(sema_shape(x[i].v), sema_shape(x[0].v), sema_rank(x[0].v) * sizeof(int64_t));
    if (!ok) {
      sema_error(S, c->loc, "%s() input %u must be a tensor of numbers with the shape of input 0, got %s", c->disp,
                 i, sema_describe(S, &x[i]));
      return false;
    }
  }
  return true;
}

static sema_val tuple_or_one(bool tuple, unsigned n, sema_val *r) {
  return tuple ? (sema_val){.kind = SV_TUPLE, .n = n, .elems = r} : r[0];
}

/* tl.reduce(input, axis, combine_fn, keep_dims): the result is a tensor or a tuple like the
 * input. */
static bool b_reduce(sema *S, bcall *c, sema_val *out) {
  bool tuple;
  unsigned n;
  const sema_val *xs;
  if (!combine_inputs(S, c, &n, &xs, &tuple)) return false;
  unsigned rank = sema_rank(xs[0].v), axis = 0;
  bool all;
  if (!red_axis(S, c, rank, &axis, &all)) return false;
  sema_val *r = sup_arena_alloc(S->arena, n * sizeof *r);
  if (!sema_reduce_jit(S, c->call, n, xs, all, axis, &c->a[2], r)) return false;
  if (c->have[3] && sema_truthy(&c->a[3]))
    for (unsigned i = 0; i < n; i++) r[i] = red_keep_dims(S, c, r[i], rank, sema_shape(xs[i].v), all, axis);
  *out = tuple_or_one(tuple, n, r);
  return true;
}

/* ---- scans ---------------------------------------------------------------------------------- */

/* The scan axis (parameter 1, default 0: an int in [-rank, rank)) and reverse (parameter
 * `rev`, a compile-time bool). */
static bool scan_args(sema *S, bcall *c, unsigned rank, unsigned rev, unsigned *axis, bool *reverse) {
  bool all = false;
  if (c->have[1] && c->a[1].kind == SV_NONE) {
    sema_error(S, c->loc, "%s() needs an integer axis, got None", c->disp);
    return false;
  }
  if (!c->have[1]) *axis = 0;
  else if (!red_axis(S, c, rank, axis, &all)) return false;
  if (c->have[rev] && !sema_is_const(&c->a[rev])) {
    sema_error(S, c->loc, "%s() reverse must be a compile-time bool", c->disp);
    return false;
  }
  *reverse = c->have[rev] && sema_truthy(&c->a[rev]);
  return true;
}

/* tl.cumsum(input, axis=0, reverse=False, dtype=None) and tl.cumprod(input, axis=0,
 * reverse=False), as Triton's standard.py: bf16 scans in f32, cumsum of integers narrower
 * than 32 bits in i32/u32 (or `dtype=`); the result keeps the scanned type. */
static bool cumulative(sema *S, bcall *c, bool prod, sema_val *out) {
  sema_val x = c->a[0];
  if (x.kind != SV_TENSOR || sema_rank(x.v) == 0 || sema_dt_is_ptr(x.dt)) {
    sema_error(S, c->loc, "%s() scans a tensor of numbers, got %s", c->disp,
               x.kind == SV_TENSOR && sema_rank(x.v) == 0 ? "a scalar" : sema_describe(S, &x));
    return false;
  }
  unsigned axis;
  bool reverse;
  if (!scan_args(S, c, sema_rank(x.v), 2, &axis, &reverse)) return false;
  sema_dtype to = x.dt;
  if (x.dt.kind == SD_BF16) to = sema_dt(SD_FP32);
  if (!prod && sema_dt_is_int(x.dt) && sema_dt_bits(x.dt) < 32)
    to = sema_dt(sema_dt_is_unsigned(x.dt) ? SD_U32 : SD_I32);
  if (!prod && c->have[3] && c->a[3].kind != SV_NONE && !want_dtype(S, c, 3, &to)) return false;
  if (!sema_dt_eq(to, x.dt) && !sema_cast(S, &x, to, false, c->loc, &x)) return false;
  const char *comb = sema_dt_is_float(x.dt) ? (prod ? "mulf" : "addf") : (prod ? "muli" : "addi");
  const ir_type *t = x.v->type;
  ir_op *o = sema_emit(S, c->loc, "tt.scan", 1, &x.v, 1, &t);
  ir_op_set_attr(o, "axis", ir_i32_attr(S->ctx, axis));
  ir_op_set_attr(o, "reverse", ir_bool_attr(S->ctx, reverse));
  ir_op_set_attr(o, "combine", ir_string_attr(S->ctx, comb));
  *out = sema_tensor(ir_op_result(o, 0), x.dt);
  return true;
}

static bool b_cumsum(sema *S, bcall *c, sema_val *out) { return cumulative(S, c, false, out); }
static bool b_cumprod(sema *S, bcall *c, sema_val *out) { return cumulative(S, c, true, out); }

/* tl.associative_scan(input, axis, combine_fn, reverse=False). */
static bool b_associative_scan(sema *S, bcall *c, sema_val *out) {
  bool tuple, reverse;
  unsigned n, axis;
  const sema_val *xs;
  if (!combine_inputs(S, c, &n, &xs, &tuple) || !scan_args(S, c, sema_rank(xs[0].v), 3, &axis, &reverse))
    return false;
  sema_val *r = sup_arena_alloc(S->arena, n * sizeof *r);
  if (!sema_scan_jit(S, c->call, n, xs, axis, reverse, &c->a[2], r)) return false;
  *out = tuple_or_one(tuple, n, r);
  return true;
}

/* ---- atomics (sema_atomic.c) and tl.debug_barrier ------------------------------------------ */

static const sema_val *arg_or_null(bcall *c, unsigned i) { return c->have[i] ? &c->a[i] : NULL; }

/* (pointer, val, mask, sem, scope) */
static bool atomic_rmw(sema *S, bcall *c, const char *op, sema_val *out) {
  sema_atomic_call a = {c->disp, c->loc, op, c->a[0], NULL, &c->a[1], arg_or_null(c, 2), arg_or_null(c, 3),
                        arg_or_null(c, 4)};
  return sema_atomic(S, &a, out);
}

static bool b_atomic_add(sema *S, bcall *c, sema_val *out) { return atomic_rmw(S, c, "add", out); }
static bool b_atomic_max(sema *S, bcall *c, sema_val *out) { return atomic_rmw(S, c, "max", out); }
static bool b_atomic_min(sema *S, bcall *c, sema_val *out) { return atomic_rmw(S, c, "min", out); }
static bool b_atomic_and(sema *S, bcall *c, sema_val *out) { return atomic_rmw(S, c, "and", out); }
static bool b_atomic_or(sema *S, bcall *c, sema_val *out) { return atomic_rmw(S, c, "or", out); }
static bool b_atomic_xor(sema *S, bcall *c, sema_val *out) { return atomic_rmw(S, c, "xor", out); }
static bool b_atomic_xchg(sema *S, bcall *c, sema_val *out) { return atomic_rmw(S, c, "xchg", out); }

/* (pointer, cmp, val, sem, scope) */
static bool b_atomic_cas(sema *S, bcall *c, sema_val *out) {
  sema_atomic_call a = {c->disp, c->loc, "cas", c->a[0], &c->a[1], &c->a[2], NULL, arg_or_null(c, 3),
                        arg_or_null(c, 4)};
  return sema_atomic(S, &a, out);
}

/* (input, other, acc, input_precision, allow_tf32, max_num_imprecise_acc, out_dtype) */
static bool b_dot(sema *S, bcall *c, sema_val *out) {
  sema_dtype od;
  if (c->have[6] && !want_dtype(S, c, 6, &od)) return false;
  sema_dot_call d = {c->disp, c->loc, c->a[0], c->a[1], arg_or_null(c, 2), arg_or_null(c, 3), arg_or_null(c, 4),
                     arg_or_null(c, 5), c->have[6] ? &od : NULL};
  return sema_dot(S, &d, out);
}

/* tl.assume(cond): a hint that cond holds. tilec takes no advantage of it yet, which is
 * always correct; the condition must still be a boolean. */
static bool b_assume(sema *S, bcall *c, sema_val *out) {
  const sema_val *v = &c->a[0];
  bool ok = v->kind == SV_BOOL || (v->kind == SV_TENSOR && v->dt.kind == SD_I1);
  if (!ok) {
    sema_error(S, c->loc, "tl.assume() expects a boolean condition, got %s", sema_describe(S, v));
    return false;
  }
  *out = sema_none();
  return true;
}

/* tl.device_assert(cond, msg="", mask=None): checked as Triton checks it (cond and mask
 * become tensors, msg a string), and then, as Triton without TRITON_DEBUG (its default),
 * nothing: tilec has no debug mode. */
static bool b_device_assert(sema *S, bcall *c, sema_val *out) {
  sema_val t;
  if (!want_tensor(S, c, 0, &t)) return false;
  if (c->have[1] && c->a[1].kind != SV_STR) {
    sema_error(S, c->loc, "tl.device_assert()'s msg must be a string, got %s", sema_describe(S, &c->a[1]));
    return false;
  }
  if (c->have[2] && c->a[2].kind != SV_NONE && !want_tensor(S, c, 2, &t)) return false;
  *out = sema_none();
  return true;
}

/* Whether `bits` of data (an element's width times the pack) fit a PTX register of
 * constraint letter l: r .b32, h .b16, l .b64, c .b8 (narrower data is widened), f .f32
 * and d .f64 (exactly). */
static bool asm_reg_fits(char l, unsigned bits) {
  switch (l) {
  case 'r': return bits <= 32;
  case 'h': return bits <= 16;
  case 'l': return bits <= 64;
  case 'c': return bits <= 8;
  case 'f': return bits == 32;
  case 'd': return bits == 64;
  default: return false;
  }
}

/* tl.inline_asm_elementwise(asm, constraints, args, dtype, is_pure, pack): the arguments
 * broadcast to one shape, a tt.elementwise_inline_asm of one result of `dtype`. */
static bool b_inline_asm(sema *S, bcall *c, sema_val *out) {
  const sema_val *asm_s = &c->a[0], *cons = &c->a[1], *args = &c->a[2], *dt = &c->a[3];
  if (asm_s->kind != SV_STR || cons->kind != SV_STR) {
    sema_error(S, c->loc, "%s() takes the asm and its constraints as strings", c->disp);
    return false;
  }
  if (dt->kind == SV_TUPLE) {
    sema_error(S, c->loc, "%s() with several results (a tuple of dtypes) is not supported yet", c->disp);
    return false;
  }
  if (dt->kind != SV_DTYPE || sema_dt_is_ptr(dt->dt)) {
    sema_error(S, c->loc, "%s() expects a number dtype (tl.float32, ...) as dtype, got %s", c->disp, sema_describe(S, dt));
    return false;
  }
  if (!c->have[4] || c->a[4].kind != SV_BOOL || !c->a[4].i) {
    sema_error(S, c->loc, "%s() with is_pure=False is not supported yet (its asm would be moved and merged as pure)",
               c->disp);
    return false;
  }
  int64_t pack = c->have[5] ? c->a[5].i : 1;
  if (c->have[5] && c->a[5].kind != SV_INT) pack = 0;
  if (pack < 1 || pack > 16) {
    sema_error(S, c->loc, "%s()'s pack must be an integer from 1 to 16", c->disp);
    return false;
  }
  unsigned n = args->kind == SV_TUPLE ? args->n : 0;
  if (args->kind != SV_TUPLE && args->kind != SV_TENSOR && !sema_is_num(args)) {
    sema_error(S, c->loc, "%s()'s args must be a list of tensors, got %s", c->disp, sema_describe(S, args));
    return false;
  }
  sema_val *vs = sup_arena_alloc(S->arena, (n + 2) * sizeof *vs);
  if (args->kind != SV_TUPLE) vs[0] = *args, n = 1;
  else memcpy(vs, args->elems, n * sizeof *vs);
  for (unsigned i = 0; i < n; i++)
    if (!sema_to_tensor(S, &vs[i], c->loc, &vs[i])) return false;
  for (unsigned i = 1; i < n; i++) /* one shape: each pair, then the first again with the widest */
    if (!sema_broadcast_pair(S, &vs[0], &vs[i], c->loc)) return false;
  for (unsigned i = 1; i < n; i++)
    if (!sema_broadcast_pair(S, &vs[0], &vs[i], c->loc)) return false;
  char why[256];
  if (!tile_inline_asm_check(asm_s->s, cons->s, n, why, sizeof why)) {
    sema_error(S, c->loc, "%s(): %s", c->disp, why);
    return false;
  }
  for (unsigned i = 0; i <= n; i++) { /* the result, then each argument */
    sema_dtype d = i ? vs[i - 1].dt : dt->dt;
    unsigned bits = sema_dt_bits(d) * (unsigned)pack;
    if (!asm_reg_fits(tile_inline_asm_letter(cons->s, i), bits)) {
      char b[16], what[32];
      if (i) snprintf(what, sizeof what, "argument %u", i - 1);
      else snprintf(what, sizeof what, "the result");
      sema_error(S, c->loc, "%s(): %s (%s, pack %lld: %u bits) does not fit constraint '%c' (r: 32 bits, h: 16, "
                 "l: 64, c: 8, f: an f32, d: an f64)", c->disp, what, sema_dt_name(d, b), (long long)pack, bits,
                 tile_inline_asm_letter(cons->s, i));
      return false;
    }
  }
  ir_value **ops = sup_arena_alloc(S->arena, (n + 1) * sizeof *ops);
  for (unsigned i = 0; i < n; i++) ops[i] = vs[i].v;
  unsigned rank = n ? sema_rank(vs[0].v) : 0;
  const ir_type *rt = sema_shaped(S, dt->dt, rank, n ? sema_shape(vs[0].v) : NULL);
  ir_op *op = sema_emit(S, c->loc, "tt.elementwise_inline_asm", n, ops, 1, &rt);
  ir_op_set_attr(op, "asm_string", ir_string_attr(S->ctx, asm_s->s));
  ir_op_set_attr(op, "constraints", ir_string_attr(S->ctx, cons->s));
  ir_op_set_attr(op, "packed_element", ir_i32_attr(S->ctx, pack));
  *out = sema_tensor(ir_op_result(op, 0), dt->dt);
  return true;
}

static bool b_debug_barrier(sema *S, bcall *c, sema_val *out) {
  sema_emit(S, c->loc, "tgpu.barrier", 0, NULL, 0, NULL);
  *out = sema_none();
  return true;
}

/* ---- math.* on compile-time numbers -------------------------------------------------------- */

static bool math_const_fn(sema *S, bcall *c, const char *name, sema_val *out) {
  if (!sema_is_num(&c->a[0])) {
    sema_error(S, c->loc, "math.%s() works on compile-time numbers only; use tl.%s on tensors", name, name);
    return false;
  }
  double x = c->a[0].kind == SV_FLOAT ? c->a[0].f : (double)c->a[0].i;
  static const struct { const char *n; double (*f)(double); } tab[] = {
      {"sqrt", sqrt}, {"exp", exp}, {"log", log}, {"log2", log2}, {"exp2", exp2}, {"fabs", fabs},
      {"sin", sin},   {"cos", cos}, {"tanh", tanh}, {"erf", erf},  {"log10", log10},
  };
  for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
    if (strcmp(tab[i].n, name) == 0) {
      *out = sema_float(tab[i].f(x));
      return true;
    }
  if (strcmp(name, "ceil") == 0) *out = sema_int((int64_t)ceil(x));
  else if (strcmp(name, "floor") == 0) *out = sema_int((int64_t)floor(x));
  else if (strcmp(name, "isnan") == 0) *out = sema_bool(isnan(x));
  else if (strcmp(name, "isinf") == 0) *out = sema_bool(isinf(x));
  else {
    sema_error(S, c->loc, "'math.%s' is not supported", name);
    return false;
  }
  return true;
}

/* ---- dtype methods ------------------------------------------------------------------ */

static bool dtype_method(sema *S, const sema_val *self, const char *name, ir_loc loc, sema_val *out);

bool sema_dtype_method(sema *S, const sema_val *self, const char *name, ir_loc loc, sema_val *out) {
  return dtype_method(S, self, name, loc, out);
}

static bool dtype_method(sema *S, const sema_val *self, const char *name, ir_loc loc, sema_val *out) {
  sema_dtype d = self->dt;
  static const struct { const char *n; sema_dkind k; } is_tab[] = {
      {"is_fp16", SD_FP16}, {"is_bf16", SD_BF16}, {"is_fp32", SD_FP32}, {"is_fp64", SD_FP64},
      {"is_int1", SD_I1},   {"is_int8", SD_I8},   {"is_int16", SD_I16}, {"is_int32", SD_I32},
      {"is_int64", SD_I64}, {"is_uint8", SD_U8},  {"is_uint16", SD_U16}, {"is_uint32", SD_U32},
      {"is_uint64", SD_U64}, {"is_bool", SD_I1},
  };
  for (size_t i = 0; i < sizeof is_tab / sizeof is_tab[0]; i++)
    if (strcmp(is_tab[i].n, name) == 0) {
      *out = sema_bool(d.kind == is_tab[i].k);
      return true;
    }
  if (strcmp(name, "is_floating") == 0) *out = sema_bool(sema_dt_is_float(d));
  else if (strcmp(name, "is_int") == 0) *out = sema_bool(sema_dt_is_int(d));
  else if (strcmp(name, "is_int_signed") == 0) *out = sema_bool(sema_dt_is_signed(d));
  else if (strcmp(name, "is_int_unsigned") == 0) *out = sema_bool(sema_dt_is_unsigned(d));
  else if (strcmp(name, "is_ptr") == 0) *out = sema_bool(sema_dt_is_ptr(d));
  else {
    sema_error(S, loc, "dtype has no method '%s'", name);
    return false;
  }
  return true;
}

/* ---- tables ---------------------------------------------------------------------------- */

/* ---- random numbers (sema_random.c) ----------------------------------------------------- */

#define RANDOM(fname, fn)                                                                       \
  static bool fname(sema *S, bcall *c, sema_val *out) {                                         \
    return sema_random(S, c->loc, c->disp, fn, &c->a[0], &c->a[1], opt_arg(c, 2), out);         \
  }
RANDOM(b_randint, SEMA_RANDINT)
RANDOM(b_randint4x, SEMA_RANDINT4X)
RANDOM(b_rand, SEMA_RAND)
RANDOM(b_rand4x, SEMA_RAND4X)
RANDOM(b_randn, SEMA_RANDN)
RANDOM(b_randn4x, SEMA_RANDN4X)
#undef RANDOM

static bool b_philox(sema *S, bcall *c, sema_val *out) {
  return sema_philox(S, c->loc, c->disp, &c->a[0], &c->a[1], opt_arg(c, 5), out);
}
static bool b_philox_impl(sema *S, bcall *c, sema_val *out) {
  return sema_philox_impl(S, c->loc, c->disp, &c->a[0], &c->a[4], opt_arg(c, 6), out);
}
static bool b_uint_to_uniform_float(sema *S, bcall *c, sema_val *out) {
  return sema_uint_to_uniform_float(S, c->loc, c->disp, &c->a[0], out);
}
static bool b_pair_uniform_to_normal(sema *S, bcall *c, sema_val *out) {
  return sema_pair_uniform_to_normal(S, c->loc, c->disp, &c->a[0], &c->a[1], out);
}

static bool b_make_block_ptr(sema *S, bcall *c, sema_val *out) {
  return sema_make_block_ptr(S, c->loc, c->disp, c->a, out);
}
static bool b_advance(sema *S, bcall *c, sema_val *out) {
  return sema_advance(S, c->loc, c->disp, &c->a[0], &c->a[1], out);
}
static bool b_make_tensor_descriptor(sema *S, bcall *c, sema_val *out) {
  return sema_make_tensor_desc(S, c->loc, c->disp, c->a, opt_arg(c, 4), out);
}
static bool b_load_tensor_descriptor(sema *S, bcall *c, sema_val *out) {
  return sema_desc_method(S, "load", c->loc, 2, c->a, 0, NULL, NULL, out);
}
static bool b_store_tensor_descriptor(sema *S, bcall *c, sema_val *out) {
  return sema_desc_method(S, "store", c->loc, 3, c->a, 0, NULL, NULL, out);
}

static const bdef tl_defs[] = {
    {"program_id", b_program_id, 1, {"axis"}, false},
    {"num_programs", b_num_programs, 1, {"axis"}, false},
    {"arange", b_arange, 2, {"start", "end"}, false},
    {"zeros", b_zeros, 2, {"shape", "dtype"}, false},
    {"zeros_like", b_zeros_like, 1, {"input", "dtype"}, false},
    {"full", b_full, 3, {"shape", "value", "dtype"}, false},
    {"load", b_load, 1, {"pointer", "mask", "other", "boundary_check", "padding_option", "cache_modifier",
                         "eviction_policy", "volatile"}, false},
    {"store", b_store, 2, {"pointer", "value", "mask", "boundary_check", "cache_modifier", "eviction_policy"}, false},
    {"assume", b_assume, 1, {"cond"}, false},
    {"device_assert", b_device_assert, 1, {"cond", "msg", "mask"}, false},
    {"device_print", b_device_print, 0, {0}, true},
    {"inline_asm_elementwise", b_inline_asm, 5, {"asm", "constraints", "args", "dtype", "is_pure", "pack"}, false},
    {"dot", b_dot, 2, {"input", "other", "acc", "input_precision", "allow_tf32", "max_num_imprecise_acc",
                       "out_dtype"}, false},
    {"where", b_where, 3, {"condition", "x", "y"}, false},
    {"maximum", b_maximum, 2, {"x", "y", "propagate_nan"}, false},
    {"minimum", b_minimum, 2, {"x", "y", "propagate_nan"}, false},
    {"clamp", b_clamp, 3, {"x", "min", "max", "propagate_nan"}, false},
    {"abs", b_abs, 1, {"x"}, false},
    {"exp", b_exp, 1, {"x"}, false},
    {"exp2", b_exp2, 1, {"x"}, false},
    {"log", b_log, 1, {"x"}, false},
    {"log2", b_log2, 1, {"x"}, false},
    {"sqrt", b_sqrt, 1, {"x"}, false},
    {"sqrt_rn", b_sqrt_rn, 1, {"x"}, false},
    {"rsqrt", b_rsqrt, 1, {"x"}, false},
    {"sin", b_sin, 1, {"x"}, false},
    {"cos", b_cos, 1, {"x"}, false},
    {"sigmoid", b_sigmoid, 1, {"x"}, false},
    {"erf", b_erf, 1, {"x"}, false},
    {"tanh", b_tanh, 1, {"x"}, false},
    {"floor", b_floor, 1, {"x"}, false},
    {"ceil", b_ceil, 1, {"x"}, false},
    {"fma", b_fma, 3, {"x", "y", "z"}, false},
    {"fdiv", b_fdiv, 2, {"x", "y", "ieee_rounding"}, false},
    {"div_rn", b_fdiv, 2, {"x", "y"}, false},
    {"pow", b_pow, 2, {"x", "y"}, false},
    {"cdiv", b_cdiv, 2, {"x", "div"}, false},
    {"umulhi", b_umulhi, 2, {"x", "y"}, false},
    {"cast", b_cast, 2, {"input", "dtype", "fp_downcast_rounding", "bitcast"}, false},
    {"to", b_cast, 2, {"input", "dtype", "fp_downcast_rounding", "bitcast"}, false},
    {"expand_dims", b_shape, 0, {0}, true},
    {"trans", b_shape, 0, {0}, true},
    {"permute", b_shape, 0, {0}, true},
    {"join", b_shape, 0, {0}, true},
    {"split", b_shape, 0, {0}, true},
    {"interleave", b_shape, 0, {0}, true},
    {"sum", b_sum, 1, {"input", "axis", "keep_dims", "dtype"}, false},
    {"max", b_max, 1, {"input", "axis", "return_indices", "return_indices_tie_break_left", "keep_dims",
                       "propagate_nan"}, false},
    {"min", b_min, 1, {"input", "axis", "return_indices", "return_indices_tie_break_left", "keep_dims",
                       "propagate_nan"}, false},
    {"xor_sum", b_xor_sum, 1, {"input", "axis", "keep_dims"}, false},
    {"argmax", b_argmax, 2, {"input", "axis", "tie_break_left", "keep_dims"}, false},
    {"argmin", b_argmin, 2, {"input", "axis", "tie_break_left", "keep_dims"}, false},
    {"reduce", b_reduce, 3, {"input", "axis", "combine_fn", "keep_dims"}, false},
    {"cumsum", b_cumsum, 1, {"input", "axis", "reverse", "dtype"}, false},
    {"cumprod", b_cumprod, 1, {"input", "axis", "reverse"}, false},
    {"associative_scan", b_associative_scan, 3, {"input", "axis", "combine_fn", "reverse"}, false},
    {"broadcast_to", b_broadcast_to, 0, {0}, true},
    {"broadcast", b_broadcast, 2, {"input", "other"}, false},
    {"reshape", b_shape, 0, {0}, true},
    {"view", b_shape, 0, {0}, true},
    {"multiple_of", b_multiple_of, 2, {"input", "values"}, false},
    {"max_contiguous", b_max_contiguous, 2, {"input", "values"}, false},
    {"static_assert", b_static_assert, 1, {"cond", "msg"}, false},
    {"static_print", b_static_print, 0, {0}, true},
    {"constexpr", b_constexpr, 1, {"value"}, false},
    {"pointer_type", b_pointer_type, 1, {"element_ty", "address_space"}, false},
    {"atomic_add", b_atomic_add, 2, {"pointer", "val", "mask", "sem", "scope"}, false},
    {"atomic_max", b_atomic_max, 2, {"pointer", "val", "mask", "sem", "scope"}, false},
    {"atomic_min", b_atomic_min, 2, {"pointer", "val", "mask", "sem", "scope"}, false},
    {"atomic_and", b_atomic_and, 2, {"pointer", "val", "mask", "sem", "scope"}, false},
    {"atomic_or", b_atomic_or, 2, {"pointer", "val", "mask", "sem", "scope"}, false},
    {"atomic_xor", b_atomic_xor, 2, {"pointer", "val", "mask", "sem", "scope"}, false},
    {"atomic_xchg", b_atomic_xchg, 2, {"pointer", "val", "mask", "sem", "scope"}, false},
    {"atomic_cas", b_atomic_cas, 3, {"pointer", "cmp", "val", "sem", "scope"}, false},
    {"debug_barrier", b_debug_barrier, 0, {0}, false},
    {"static_range", b_range_outside_for, 0, {0}, true},
    {"range", b_range_outside_for, 0, {0}, true},
    {"randint", b_randint, 2, {"seed", "offset", "n_rounds"}, false},
    {"randint4x", b_randint4x, 2, {"seed", "offset", "n_rounds"}, false},
    {"rand", b_rand, 2, {"seed", "offset", "n_rounds"}, false},
    {"rand4x", b_rand4x, 2, {"seed", "offsets", "n_rounds"}, false},
    {"randn", b_randn, 2, {"seed", "offset", "n_rounds"}, false},
    {"randn4x", b_randn4x, 2, {"seed", "offset", "n_rounds"}, false},
    {"philox", b_philox, 5, {"seed", "c0", "c1", "c2", "c3", "n_rounds"}, false},
    {"philox_impl", b_philox_impl, 6, {"c0", "c1", "c2", "c3", "k0", "k1", "n_rounds"}, false},
    {"uint_to_uniform_float", b_uint_to_uniform_float, 1, {"x"}, false},
    {"pair_uniform_to_normal", b_pair_uniform_to_normal, 2, {"u1", "u2"}, false},
    {"make_block_ptr", b_make_block_ptr, 6, {"base", "shape", "strides", "offsets", "block_shape", "order"}, false},
    {"advance", b_advance, 2, {"base", "offsets"}, false},
    {"make_tensor_descriptor", b_make_tensor_descriptor, 4, {"base", "shape", "strides", "block_shape",
                                                             "padding_option"}, false},
    {"load_tensor_descriptor", b_load_tensor_descriptor, 2, {"desc", "offsets"}, false},
    {"store_tensor_descriptor", b_store_tensor_descriptor, 3, {"desc", "offsets", "value"}, false},
};

static const bdef py_defs[] = {
    {"min", b_py_min, 0, {0}, true},
    {"max", b_py_max, 0, {0}, true},
    {"abs", b_abs, 1, {"x"}, false},
    {"int", b_py_int, 1, {"x"}, false},
    {"float", b_py_float, 1, {"x"}, false},
    {"bool", b_py_bool, 1, {"x"}, false},
    {"len", b_py_len, 1, {"obj"}, false},
    {"isinstance", b_isinstance, 2, {"obj", "classinfo"}, false},
    {"range", b_range_outside_for, 0, {0}, true},
    {"print", b_device_print, 0, {0}, true},
};

static const bdef triton_defs[] = {
    {"cdiv", b_cdiv, 2, {"x", "div"}, false},
    {"next_power_of_2", b_next_pow2, 1, {"n"}, false},
};

/* Other reductions, dot and friends come with later issues. */
static const char *const later[] = {
    "map_elementwise", NULL};

bool sema_python_builtin(const char *name, sema_val *out) {
  static const char *const paths[] = {"builtins.min", "builtins.max", "builtins.abs", "builtins.int",
                                      "builtins.float", "builtins.bool", "builtins.len",
                                      "builtins.isinstance", "builtins.range", "builtins.print"};
  for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++)
    if (strcmp(paths[i] + 9, name) == 0) {
      *out = (sema_val){.kind = SV_BUILTIN, .path = paths[i]};
      return true;
    }
  return false;
}

/* Binds positional and keyword arguments to parameter names. */
static bool bind(sema *S, const bdef *d, bcall *c, unsigned nargs, const sema_val *args, unsigned nkw,
                 const char *const *kwn, const sema_val *kwv) {
  unsigned np = 0;
  while (np < MAXP && d->params[np]) np++;
  if (nargs > np) {
    if (np == d->nreq)
      sema_error(S, c->loc, "%s() takes %u argument%s but %u were given", c->disp, np, np == 1 ? "" : "s", nargs);
    else
      sema_error(S, c->loc, "%s() takes at most %u arguments but %u were given", c->disp, np, nargs);
    return false;
  }
  for (unsigned i = 0; i < nargs; i++) c->a[i] = args[i], c->have[i] = true;
  for (unsigned k = 0; k < nkw; k++) {
    unsigned i = 0;
    while (i < np && strcmp(d->params[i], kwn[k]) != 0) i++;
    if (i == np) {
      sema_error(S, c->loc, "%s() got an unexpected keyword argument '%s'", c->disp, kwn[k]);
      return false;
    }
    if (c->have[i]) {
      sema_error(S, c->loc, "%s() got multiple values for argument '%s'", c->disp, kwn[k]);
      return false;
    }
    c->a[i] = kwv[k], c->have[i] = true;
  }
  for (unsigned i = 0; i < d->nreq; i++)
    if (!c->have[i]) {
      sema_error(S, c->loc, "%s() missing required argument '%s'", c->disp, d->params[i]);
      return false;
    }
  return true;
}

static const bdef *find_def(const bdef *tab, size_t n, const char *name) {
  for (size_t i = 0; i < n; i++)
    if (strcmp(tab[i].name, name) == 0) return &tab[i];
  return NULL;
}

static const char *libdevice_alias(const char *name) {
  static const char *const map[][2] = {{"fabs", "abs"}, {"fmax", "maximum"}, {"fmin", "minimum"},
                                       {"fast_expf", "exp"}, {"fast_logf", "log"}, {"expf", "exp"},
                                       {"logf", "log"}, {"sqrtf", "sqrt"}, {"powf", "pow"},
                                       {"tanhf", "tanh"}, {"erff", "erf"}, {"rcp_rn", NULL}};
  for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
    if (strcmp(map[i][0], name) == 0) return map[i][1];
  return name;
}

bool sema_call_builtin(sema *S, const sema_val *fn, const fe_expr *call, unsigned nargs,
                       const sema_val *args, unsigned nkw, const char *const *kwnames,
                       const sema_val *kwvals, sema_val *out) {
  const char *path = fn->path;
  ir_loc loc = call->loc;
  bcall c = {.disp = sema_builtin_display(S, path), .loc = loc, .nargs = nargs, .args = args, .call = call,
             .nkw = nkw, .kwnames = kwnames, .kwvals = kwvals};
  const bdef *d = NULL;
  const char *name = strrchr(path, '.') ? strrchr(path, '.') + 1 : path;
  /* A method call passes its receiver as the first argument. */
  sema_val *full = NULL;
  if (starts(path, "constexpr_fn."))
    return sema_call_constexpr_fn(S, path + 13, loc, nargs, args, nkw, kwnames, kwvals, out);
  if (fn->self) {
    if (starts(path, "dtype.")) return dtype_method(S, fn->self, name, loc, out);
    if (!strcmp(path, "int.bit_length")) {
      if (nargs || nkw) {
        sema_error(S, loc, "bit_length() takes no arguments");
        return false;
      }
      *out = sema_int(host_bit_length(fn->self->i));
      return true;
    }
    if (starts(path, "tensor_descriptor.")) {
      sema_val *all = sup_arena_alloc(S->arena, (nargs + 2) * sizeof(sema_val));
      all[0] = *fn->self;
      memcpy(all + 1, args, nargs * sizeof(sema_val));
      return sema_desc_method(S, name, loc, nargs + 1, all, nkw, kwnames, kwvals, out);
    }
    full = sup_arena_alloc(S->arena, (nargs + 2) * sizeof(sema_val));
    full[0] = *fn->self;
    memcpy(full + 1, args, nargs * sizeof(sema_val));
    args = full, nargs++;
    c.args = args, c.nargs = nargs;
  }
  if (starts(path, "builtins.")) {
    d = find_def(py_defs, sizeof py_defs / sizeof py_defs[0], name);
  } else if (starts(path, "triton.language.") || starts(path, "method.") || starts(path, "libdevice.")) {
    if (starts(path, "libdevice.")) {
      const char *al = libdevice_alias(name);
      if (!al) {
        sema_error(S, loc, "'%s' is not supported", c.disp);
        return false;
      }
      c.precise = strncmp(name, "fast_", 5) != 0; /* libdevice's own accuracy */
      name = al;
    }
    d = find_def(tl_defs, sizeof tl_defs / sizeof tl_defs[0], name);
    bool method = starts(path, "method.");
    if (!d && (method || starts(path, "triton.language.")) && sema_stdlib_has(name, method))
      return sema_stdlib_call(S, name, call, nargs, args, nkw, kwnames, kwvals, out);
    for (const char *const *l = later; !d && *l; l++)
      if (strcmp(*l, name) == 0) {
        sema_error(S, loc, "'%s' is not supported yet", c.disp);
        return false;
      }
  } else if (starts(path, "triton.")) {
    d = find_def(triton_defs, sizeof triton_defs / sizeof triton_defs[0], name);
    if (!d) {
      sema_error(S, loc, "'%s' cannot be called inside a kernel", path);
      return false;
    }
  } else if (starts(path, "math.")) {
    bdef md = {name, NULL, 1, {"x"}, false};
    if (!bind(S, &md, &c, nargs, args, nkw, kwnames, kwvals)) return false;
    return math_const_fn(S, &c, name, out);
  }
  if (!d) {
    sema_error(S, loc, "'%s' is not supported", c.disp);
    return false;
  }
  if (d->varargs) {
    if (nkw && d->fn != b_shape && d->fn != b_device_print) {
      sema_error(S, loc, "%s() got an unexpected keyword argument '%s'", c.disp, kwnames[0]);
      return false;
    }
    return d->fn(S, &c, out);
  }
  return bind(S, d, &c, nargs, args, nkw, kwnames, kwvals) && d->fn(S, &c, out);
}

/* ---- attributes ------------------------------------------------------------------------- */

static sema_val module(const char *path) { return (sema_val){.kind = SV_MODULE, .path = path}; }
static sema_val builtin(sema *S, const char *prefix, const char *name) {
  return (sema_val){.kind = SV_BUILTIN, .path = sup_arena_printf(S->arena, "%s.%s", prefix, name)};
}

bool sema_module_attr(sema *S, const sema_val *mod, const char *name, ir_loc loc, sema_val *out) {
  if (mod->umod) return sema_user_module_attr(S, mod, name, loc, out);
  const char *p = mod->path;
  sema_dtype d;
  if (host_env_is_module(p)) {
    sema_error(S, loc, "'%s.%s': module '%s' is host code (a config list, a pre_hook may use it); a kernel "
               "cannot", p, name, p);
    return false;
  }
  if (strcmp(p, "triton") == 0) {
    if (host_env_is_module(sup_arena_printf(S->arena, "triton.%s", name))) { /* triton.runtime, triton.tools */
      sema_error(S, loc, "'triton.%s' is host code (a config list may ask it what the target is); a kernel "
                 "cannot use it", name);
      return false;
    }
    if (strcmp(name, "language") == 0) *out = module("triton.language");
    else *out = builtin(S, "triton", name);
    return true;
  }
  if (strcmp(p, "triton.language") == 0) {
    if (!strcmp(name, "float8e4b15") || !strcmp(name, "float8e4b8") || !strcmp(name, "float8e5b16")) {
      sema_error(S, loc, "'tl.%s' is not supported: the fp8 types are tl.float8e4nv (e4m3) and tl.float8e5 (e5m2)",
                 name);
      return false;
    }
    if (sema_dt_from_tl_name(name, &d) && strcmp(name, "float") != 0 && strcmp(name, "bool") != 0)
      *out = sema_dtype_val(d);
    else if (strcmp(name, "math") == 0) *out = module("triton.language.math");
    else if (strcmp(name, "extra") == 0) *out = module("triton.language.extra");
    else if (strcmp(name, "PropagateNan") == 0) *out = module("triton.language.PropagateNan");
    else *out = builtin(S, "triton.language", name);
    return true;
  }
  if (strcmp(p, "triton.language.PropagateNan") == 0) {
    *out = (sema_val){.kind = SV_STR, .s = name};
    return true;
  }
  if (strcmp(p, "triton.language.math") == 0) {
    *out = builtin(S, "triton.language", name);
    return true;
  }
  if (strcmp(p, "triton.language.extra") == 0) {
    if (strcmp(name, "cuda") == 0) *out = module("triton.language.extra.cuda");
    else if (strcmp(name, "libdevice") == 0) *out = module("libdevice");
    else goto unknown;
    return true;
  }
  if (strcmp(p, "triton.language.extra.cuda") == 0) {
    if (strcmp(name, "libdevice") != 0) goto unknown;
    *out = module("libdevice");
    return true;
  }
  if (strcmp(p, "libdevice") == 0) {
    *out = builtin(S, "libdevice", name);
    return true;
  }
  if (strcmp(p, "math") == 0) {
    if (strcmp(name, "pi") == 0) *out = sema_float(M_PI);
    else if (strcmp(name, "e") == 0) *out = sema_float(M_E);
    else if (strcmp(name, "inf") == 0) *out = sema_float(INFINITY);
    else if (strcmp(name, "nan") == 0) *out = sema_float(NAN);
    else if (strcmp(name, "tau") == 0) *out = sema_float(2 * M_PI);
    else *out = builtin(S, "math", name);
    return true;
  }
unknown:
  sema_error(S, loc, "module '%s' has no attribute '%s'", p, name);
  return false;
}

bool sema_value_attr(sema *S, const sema_val *v, const char *name, ir_loc loc, sema_val *out) {
  /* `c.value` of a tl.constexpr is the value it wraps (FlagGems: `dtype.value.is_floating()`);
   * tilec holds constexprs unwrapped */
  bool wrapped = v->kind == SV_INT || v->kind == SV_FLOAT || v->kind == SV_BOOL || v->kind == SV_STR ||
                 v->kind == SV_NONE || v->kind == SV_DTYPE || v->kind == SV_TUPLE;
  if (!strcmp(name, "value") && wrapped) {
    *out = *v;
    return true;
  }
  if (v->kind == SV_BLOCKPTR) return sema_bptr_attr(S, v, name, loc, out);
  if (v->kind == SV_HOSTDESC) return sema_hostdesc_attr(S, v, name, loc, out);
  if (v->kind == SV_TENSOR) {
    if (strcmp(name, "dtype") == 0) *out = sema_dtype_val(v->dt);
    else if (strcmp(name, "type") == 0) { /* a scalar's type is its dtype (ptr.type.element_ty) */
      if (sema_rank(v->v) != 0) {
        sema_error(S, loc, "'.type' of a tensor (a block type) is not supported; use '.dtype'");
        return false;
      }
      *out = sema_dtype_val(v->dt);
    } else if (strcmp(name, "shape") == 0) *out = shape_tuple(S, v->v);
    else if (strcmp(name, "numel") == 0) *out = sema_int(ir_type_numel(v->v->type));
    else if (strcmp(name, "T") == 0) {
      if (sema_rank(v->v) != 2) {
        sema_error(S, loc, "'.T' transposes a 2-D tensor, got %s; tl.trans or tl.permute take other ranks",
                   sema_describe(S, v));
        return false;
      }
      if (!sema_permute(S, loc, "tl.trans", *v, 2, (const int64_t[]){1, 0}, out)) return false;
    } else {
      sema_val *self = sup_arena_alloc(S->arena, sizeof *self);
      *self = *v;
      *out = (sema_val){.kind = SV_BUILTIN, .path = sup_arena_printf(S->arena, "method.%s", name), .self = self};
    }
    return true;
  }
  if (v->kind == SV_DTYPE) {
    if (strcmp(name, "element_ty") == 0) {
      if (!sema_dt_is_ptr(v->dt)) {
        sema_error(S, loc, "dtype %s has no element_ty: it is not a pointer", sema_repr(S, v));
        return false;
      }
      *out = sema_dtype_val(sema_dt(v->dt.pointee));
    } else if (strcmp(name, "primitive_bitwidth") == 0 || strcmp(name, "int_bitwidth") == 0) {
      *out = sema_int(sema_dt_bits(v->dt));
    } else if (strcmp(name, "name") == 0) {
      *out = (sema_val){.kind = SV_STR, .s = sema_repr(S, v)};
    } else {
      sema_val *self = sup_arena_alloc(S->arena, sizeof *self);
      *self = *v;
      *out = (sema_val){.kind = SV_BUILTIN, .path = sup_arena_printf(S->arena, "dtype.%s", name), .self = self};
    }
    return true;
  }
  if (v->kind == SV_JITFN || v->kind == SV_BUILTIN) {
    sema_error(S, loc, "function has no attribute '%s'", name);
    return false;
  }
  if (v->kind == SV_INT && !strcmp(name, "bit_length")) { /* Python's int method (log2 of a constexpr) */
    sema_val *self = sup_arena_memdup(S->arena, v, sizeof *v);
    *out = (sema_val){.kind = SV_BUILTIN, .path = "int.bit_length", .self = self};
    return true;
  }
  sema_error(S, loc, "'%s' object has no attribute '%s'", sema_describe(S, v), name);
  return false;
}
