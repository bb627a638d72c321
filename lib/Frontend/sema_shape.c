/* Semantic analysis of the shape builtins, as Triton 3.6 defines them (core.py,
 * semantic.py, standard.py): tl.trans / tl.permute / x.T (tt.trans), tl.join, tl.split,
 * tl.interleave (join then reshape), tl.expand_dims (several axes, negative axes counted
 * in the result), tl.reshape / tl.view (can_reorder). sema_builtins.c's table routes these
 * names (and the same tensor methods) to sema_shape_call. */
#include <string.h>

#include "Frontend/sema.h"

/* A call's arguments: positional first, then keywords by name. */
typedef struct shape_args {
  const char *disp;
  ir_loc loc;
  unsigned nargs;
  const sema_val *args;
  unsigned nkw;
  const char *const *kwn;
  const sema_val *kwv;
} shape_args;

/* Argument `name` at position `pos`, or NULL when absent. */
static const sema_val *arg(const shape_args *a, unsigned pos, const char *name) {
  if (pos < a->nargs) return &a->args[pos];
  for (unsigned k = 0; k < a->nkw; k++)
    if (strcmp(a->kwn[k], name) == 0) return &a->kwv[k];
  return NULL;
}

/* Only keywords from `allowed` (NULL-terminated). */
static bool check_keywords(sema *S, const shape_args *a, const char *const *allowed) {
  for (unsigned k = 0; k < a->nkw; k++) {
    const char *const *p = allowed;
    while (*p && strcmp(*p, a->kwn[k]) != 0) p++;
    if (!*p) {
      sema_error(S, a->loc, "%s() got an unexpected keyword argument '%s'", a->disp, a->kwn[k]);
      return false;
    }
  }
  return true;
}

static bool want_tensor(sema *S, const shape_args *a, const sema_val *v, const char *what, sema_val *out) {
  if (!v) {
    sema_error(S, a->loc, "%s() missing required argument '%s'", a->disp, what);
    return false;
  }
  if (v->kind == SV_TENSOR || sema_is_num(v)) return sema_to_tensor(S, v, a->loc, out);
  sema_error(S, a->loc, "%s() expects a tensor, got %s", a->disp, sema_describe(S, v));
  return false;
}

/* Integers from varargs (`f(x, 1, 0)`) or one tuple (`f(x, (1, 0))`) starting at args[first]. */
static bool int_list(sema *S, const shape_args *a, unsigned first, unsigned *n, int64_t *out) {
  unsigned cnt = a->nargs > first ? a->nargs - first : 0;
  const sema_val *el = a->args + first;
  if (cnt == 1 && el[0].kind == SV_TUPLE) cnt = el[0].n, el = el[0].elems;
  if (cnt > IR_MAX_RANK) {
    sema_error(S, a->loc, "tensors of rank above %d are not supported", IR_MAX_RANK);
    return false;
  }
  for (unsigned i = 0; i < cnt; i++) {
    if (el[i].kind != SV_INT) {
      sema_error(S, a->loc, "%s() dims must be compile-time integers, got %s", a->disp, sema_describe(S, &el[i]));
      return false;
    }
    out[i] = el[i].i;
  }
  *n = cnt;
  return true;
}

/* ---- trans / permute -------------------------------------------------------------------- */

bool sema_permute(sema *S, ir_loc loc, const char *disp, sema_val x, unsigned n, const int64_t *dims,
                  sema_val *out) {
  unsigned r = sema_rank(x.v);
  if (n != r) {
    sema_error(S, loc, "%s(): permute dims must have the same length as input shape (%u dims for a tensor of rank %u)",
               disp, n, r);
    return false;
  }
  bool seen[IR_MAX_RANK] = {false};
  for (unsigned i = 0; i < n; i++) {
    if (dims[i] < 0 || dims[i] >= (int64_t)n || seen[dims[i]]) {
      sema_error(S, loc, "%s(): permute dims must be a permutation of 0, 1, ..., %u", disp, n - 1);
      return false;
    }
    seen[dims[i]] = true;
  }
  bool identity = true;
  int64_t shape[IR_MAX_RANK];
  for (unsigned i = 0; i < n; i++) shape[i] = sema_shape(x.v)[dims[i]], identity &= dims[i] == (int64_t)i;
  if (identity) {
    *out = x;
    return true;
  }
  ir_op *o = sema_emit(S, loc, "tt.trans", 1, &x.v, 1, (const ir_type *[]){sema_shaped(S, x.dt, r, shape)});
  ir_op_set_attr(o, "order", ir_i64_array_attr(S->ctx, n, dims));
  *out = sema_tensor(ir_op_result(o, 0), x.dt);
  return true;
}

/* trans(input, *dims): without dims, swaps the last two dims. permute needs dims. */
static bool trans_call(sema *S, const shape_args *a, bool is_trans, sema_val *out) {
  sema_val x;
  unsigned n;
  int64_t dims[IR_MAX_RANK];
  if (!check_keywords(S, a, (const char *[]){"input", NULL}) || !want_tensor(S, a, arg(a, 0, "input"), "input", &x) ||
      !int_list(S, a, 1, &n, dims))
    return false;
  unsigned r = sema_rank(x.v);
  if (n == 0 && is_trans) {
    if (r < 2) {
      sema_error(S, a->loc, "%s() invoked with a 0- or 1-dimensional tensor", a->disp);
      return false;
    }
    for (unsigned i = 0; i < r; i++) dims[i] = i;
    dims[r - 2] = r - 1, dims[r - 1] = r - 2, n = r;
  }
  return sema_permute(S, a->loc, a->disp, x, n, dims, out);
}

/* ---- join / split / interleave ---------------------------------------------------------- */

static bool reshape_to(sema *S, ir_loc loc, sema_val x, unsigned rank, const int64_t *shape, sema_val *out) {
  *out = sema_tensor(sema_emit1(S, loc, "tt.reshape", 1, &x.v, sema_shaped(S, x.dt, rank, shape)), x.dt);
  return true;
}

static bool join_values(sema *S, ir_loc loc, const char *disp, sema_val x, sema_val y, sema_val *out) {
  if (!sema_broadcast_pair(S, &x, &y, loc)) return false;
  if (!sema_dt_eq(x.dt, y.dt)) {
    sema_error(S, loc, "%s() expects two tensors of one dtype, got %s and %s", disp, sema_describe(S, &x),
               sema_describe(S, &y));
    return false;
  }
  unsigned r = sema_rank(x.v);
  int64_t shape[IR_MAX_RANK + 1] = {1};
  if (r + 1 > IR_MAX_RANK) {
    sema_error(S, loc, "tensors of rank above %d are not supported", IR_MAX_RANK);
    return false;
  }
  if (r == 0) { /* scalars: joined as [1] tensors, then reshaped to [2] */
    const ir_type *t1 = sema_shaped(S, x.dt, 1, shape);
    x = sema_tensor(sema_emit1(S, loc, "tt.splat", 1, &x.v, t1), x.dt);
    y = sema_tensor(sema_emit1(S, loc, "tt.splat", 1, &y.v, t1), y.dt);
  } else {
    memcpy(shape, sema_shape(x.v), r * sizeof *shape);
  }
  unsigned jr = r ? r : 1;
  shape[jr] = 2;
  ir_value *ops[2] = {x.v, y.v};
  *out = sema_tensor(sema_emit1(S, loc, "tt.join", 2, ops, sema_shaped(S, x.dt, jr + 1, shape)), x.dt);
  if (r == 0) return reshape_to(S, loc, *out, 1, &shape[1], out);
  return true;
}

/* A [1] tensor to its scalar (Triton's unsplat), through a reduction of one element (fp8,
 * which has no arithmetic, as its u8 bits). */
static bool unsplat(sema *S, ir_loc loc, const char *disp, sema_val x, sema_val *out) {
  if (sema_dt_is_ptr(x.dt)) {
    sema_error(S, loc, "%s() of a 1-D tensor of pointers (to two scalars) is not supported", disp);
    return false;
  }
  sema_dtype dt = x.dt;
  if (sema_dt_is_fp8(dt) && !sema_cast(S, &x, sema_dt(SD_U8), true, loc, &x)) return false;
  const ir_type *t = sema_dt_ir(S->ctx, x.dt);
  ir_op *o = sema_emit(S, loc, "tt.reduce", 1, &x.v, 1, &t);
  ir_op_set_attr(o, "axis", ir_i32_attr(S->ctx, 0));
  ir_op_set_attr(o, "combine", ir_string_attr(S->ctx, sema_dt_is_float(x.dt) ? "maxnumf" : "ori"));
  *out = sema_tensor(ir_op_result(o, 0), x.dt);
  return sema_dt_eq(dt, x.dt) || sema_cast(S, out, dt, true, loc, out);
}

bool sema_split(sema *S, ir_loc loc, const char *disp, sema_val x, sema_val *out_lhs, sema_val *out_rhs) {
  unsigned r = sema_rank(x.v);
  if (r == 0 || sema_shape(x.v)[r - 1] != 2) {
    sema_error(S, loc, "%s() requires the last dim to be 2, got %s", disp, sema_describe(S, &x));
    return false;
  }
  bool was_rank_1 = r == 1;
  int64_t shape[IR_MAX_RANK] = {1, 2};
  if (was_rank_1) { /* [2] -> [1, 2] -> two [1] -> two scalars */
    reshape_to(S, loc, x, 2, shape, &x);
    r = 2;
  }
  memcpy(shape, sema_shape(x.v), (r - 1) * sizeof *shape);
  const ir_type *t = sema_shaped(S, x.dt, r - 1, shape);
  ir_op *o = sema_emit(S, loc, "tt.split", 1, &x.v, 2, (const ir_type *[]){t, t});
  *out_lhs = sema_tensor(ir_op_result(o, 0), x.dt);
  *out_rhs = sema_tensor(ir_op_result(o, 1), x.dt);
  if (!was_rank_1) return true;
  return unsplat(S, loc, disp, *out_lhs, out_lhs) && unsplat(S, loc, disp, *out_rhs, out_rhs);
}

/* join(a, b) then reshape(..., 2 * last): the elements of a and b alternate along the last
 * dim; two scalars give their join, a [2] tensor. */
static bool interleave(sema *S, ir_loc loc, const char *disp, sema_val x, sema_val y, sema_val *out) {
  if (!join_values(S, loc, disp, x, y, out)) return false;
  unsigned r = sema_rank(out->v);
  if (r == 1) return true;
  int64_t shape[IR_MAX_RANK];
  memcpy(shape, sema_shape(out->v), (r - 1) * sizeof *shape);
  shape[r - 2] *= 2;
  return reshape_to(S, loc, *out, r - 1, shape, out);
}

/* ---- expand_dims ------------------------------------------------------------------------ */

/* Axes count in the result (rank + number of axes); negative ones from its end; no
 * duplicates; inserted in increasing order. */
static bool expand_dims(sema *S, const shape_args *a, sema_val *out) {
  sema_val x;
  const sema_val *ax = arg(a, 1, "axis");
  if (!check_keywords(S, a, (const char *[]){"input", "axis", NULL}) ||
      !want_tensor(S, a, arg(a, 0, "input"), "input", &x))
    return false;
  if (!ax) {
    sema_error(S, a->loc, "%s() missing required argument 'axis'", a->disp);
    return false;
  }
  unsigned n = ax->kind == SV_TUPLE ? ax->n : 1, r = sema_rank(x.v), nr = r + n;
  const sema_val *el = ax->kind == SV_TUPLE ? ax->elems : ax;
  if (nr > IR_MAX_RANK) {
    sema_error(S, a->loc, "tensors of rank above %d are not supported", IR_MAX_RANK);
    return false;
  }
  bool is_new[IR_MAX_RANK] = {false};
  for (unsigned i = 0; i < n; i++) {
    if (el[i].kind != SV_INT) {
      sema_error(S, a->loc, "%s() axis must be a compile-time integer, got %s", a->disp, sema_describe(S, &el[i]));
      return false;
    }
    if (el[i].i < -(int64_t)nr || el[i].i >= (int64_t)nr) {
      sema_error(S, a->loc, "%s(): invalid axis %lld. Expected %d <= axis < %u", a->disp, (long long)el[i].i,
                 -(int)nr, nr);
      return false;
    }
    int64_t k = el[i].i < 0 ? el[i].i + nr : el[i].i;
    if (is_new[k]) {
      sema_error(S, a->loc, "%s() received duplicate axes (normalized axis %lld)", a->disp, (long long)k);
      return false;
    }
    is_new[k] = true;
  }
  for (unsigned k = 0; k < nr; k++) {
    if (!is_new[k]) continue;
    unsigned cr = sema_rank(x.v);
    int64_t shape[IR_MAX_RANK];
    for (unsigned d = 0, j = 0; d <= cr; d++) shape[d] = d == k ? 1 : sema_shape(x.v)[j++];
    const ir_type *t = sema_shaped(S, x.dt, cr + 1, shape);
    ir_op *o = sema_emit(S, a->loc, cr == 0 ? "tt.splat" : "tt.expand_dims", 1, &x.v, 1, &t);
    if (cr > 0) ir_op_set_attr(o, "axis", ir_i32_attr(S->ctx, k));
    x = sema_tensor(ir_op_result(o, 0), x.dt);
  }
  *out = x;
  return true;
}

/* ---- reshape / view --------------------------------------------------------------------- */

static bool reshape(sema *S, const shape_args *a, bool is_view, sema_val *out) {
  sema_val x;
  unsigned rank;
  int64_t shape[IR_MAX_RANK];
  if (!check_keywords(S, a, (const char *[]){"can_reorder", NULL}) || !want_tensor(S, a, arg(a, 0, "input"), "input", &x) ||
      !int_list(S, a, 1, &rank, shape))
    return false;
  const sema_val *cr = NULL;
  for (unsigned k = 0; k < a->nkw; k++) cr = &a->kwv[k];
  if (cr && cr->kind != SV_BOOL && cr->kind != SV_INT) {
    sema_error(S, a->loc, "%s() can_reorder must be a compile-time bool, got %s", a->disp, sema_describe(S, cr));
    return false;
  }
  bool reorder = is_view || (cr && sema_truthy(cr));
  int64_t numel = 1;
  for (unsigned i = 0; i < rank; i++) {
    if (shape[i] <= 0) {
      sema_error(S, a->loc, "%s(): shape dims must be positive, got %lld", a->disp, (long long)shape[i]);
      return false;
    }
    numel *= shape[i];
  }
  if (rank == 0) {
    sema_error(S, a->loc, "%s() missing required argument 'shape'", a->disp);
    return false;
  }
  if (rank == sema_rank(x.v) && memcmp(shape, sema_shape(x.v), rank * sizeof *shape) == 0) {
    *out = x;
    return true;
  }
  if (sema_rank(x.v) == 0 || numel != (int64_t)ir_type_numel(x.v->type)) {
    sema_error(S, a->loc, "%s(): cannot reshape %s to a shape of %lld elements", a->disp, sema_describe(S, &x),
               (long long)numel);
    return false;
  }
  ir_op *o = sema_emit(S, a->loc, "tt.reshape", 1, &x.v, 1, (const ir_type *[]){sema_shaped(S, x.dt, rank, shape)});
  if (reorder) ir_op_set_attr(o, "allow_reorder", ir_bool_attr(S->ctx, true));
  *out = sema_tensor(ir_op_result(o, 0), x.dt);
  return true;
}

/* ---- the entry point -------------------------------------------------------------------- */

static bool two_tensors(sema *S, const shape_args *a, const char *n0, const char *n1, sema_val *x, sema_val *y) {
  if (a->nargs > 2) {
    sema_error(S, a->loc, "%s() takes 2 arguments but %u were given", a->disp, a->nargs);
    return false;
  }
  return check_keywords(S, a, (const char *[]){n0, n1, NULL}) && want_tensor(S, a, arg(a, 0, n0), n0, x) &&
         want_tensor(S, a, arg(a, 1, n1), n1, y);
}

static sema_val pair(sema *S, sema_val a, sema_val b) {
  sema_val *el = sup_arena_alloc(S->arena, 2 * sizeof *el);
  el[0] = a, el[1] = b;
  return (sema_val){.kind = SV_TUPLE, .n = 2, .elems = el};
}

bool sema_shape_call(sema *S, const char *name, const char *disp, ir_loc loc, unsigned nargs, const sema_val *args,
                     unsigned nkw, const char *const *kwn, const sema_val *kwv, sema_val *out) {
  shape_args a = {disp, loc, nargs, args, nkw, kwn, kwv};
  sema_val x, y;
  if (strcmp(name, "trans") == 0 || strcmp(name, "permute") == 0) return trans_call(S, &a, name[0] == 't', out);
  if (strcmp(name, "expand_dims") == 0) return expand_dims(S, &a, out);
  if (strcmp(name, "reshape") == 0 || strcmp(name, "view") == 0) return reshape(S, &a, name[0] == 'v', out);
  if (strcmp(name, "join") == 0) return two_tensors(S, &a, "a", "b", &x, &y) && join_values(S, loc, disp, x, y, out);
  if (strcmp(name, "interleave") == 0) return two_tensors(S, &a, "a", "b", &x, &y) && interleave(S, loc, disp, x, y, out);
  if (strcmp(name, "split") == 0) {
    if (nargs > 1) {
      sema_error(S, loc, "%s() takes 1 argument but %u were given", disp, nargs);
      return false;
    }
    if (!check_keywords(S, &a, (const char *[]){"a", NULL}) || !want_tensor(S, &a, arg(&a, 0, "a"), "a", &x) ||
        !sema_split(S, loc, disp, x, &x, &y))
      return false;
    *out = pair(S, x, y);
    return true;
  }
  sema_error(S, loc, "internal: '%s' is not a shape builtin", disp);
  return false;
}
