/* Reductions and scans with a combine region: tl.reduce(input, axis, combine_fn) over one
 * tensor or a tuple of them, tl.argmax / tl.argmin and tl.max / tl.min with
 * return_indices=True, tl.associative_scan (tt.scan, the same region).
 *
 * Each builds a region-form tt.reduce: the region's block takes the operands' element
 * types twice (the accumulated values, then the next ones) and ends in tt.reduce.return.
 * For tl.reduce the body is a call of the jit combine function on those scalars (the
 * inline pass later inlines it); for argmax/argmin it is Triton's value-and-index
 * comparison written directly (standard.py's _argmax_combine: the left value wins when it
 * is greater, or equal with a smaller index when tie_break_left). The simple reductions
 * (tl.sum, tl.max, ...) keep the named form (sema_builtins.c). */
#include <string.h>

#include "Dialect/Tile/tile.h"
#include "Frontend/sema.h"

/* The combine region's body: writes n values into out from the 2n block arguments. */
typedef bool (*combine_body_fn)(sema *S, ir_loc loc, void *ctx, unsigned n, const sema_val *args,
                                ir_value **out);

/* One region-form tt.reduce (scan < 0) or tt.scan (scan: 0 forward, 1 reverse) of
 * xs[0..n) (one shape) along axis. */
static bool combine_op(sema *S, ir_loc loc, unsigned n, const sema_val *xs, unsigned axis, int scan,
                       combine_body_fn body, void *ctx, sema_val *outs) {
  unsigned rank = sema_rank(xs[0].v);
  int64_t shape[IR_MAX_RANK];
  for (unsigned k = 0, j = 0; k < rank; k++)
    if (k != axis) shape[j++] = sema_shape(xs[0].v)[k];
  ir_value *ops[TILE_REDUCE_MAX_OPERANDS];
  const ir_type *tys[TILE_REDUCE_MAX_OPERANDS];
  for (unsigned i = 0; i < n; i++) {
    ops[i] = xs[i].v;
    tys[i] = scan >= 0 ? xs[i].v->type : sema_shaped(S, xs[i].dt, rank - 1, shape);
  }
  ir_block *blk = ir_block_create(S->m);
  sema_val args[2 * TILE_REDUCE_MAX_OPERANDS];
  for (unsigned i = 0; i < 2 * n; i++)
    args[i] = sema_tensor(ir_block_add_arg(S->m, blk, sema_dt_ir(S->ctx, xs[i % n].dt)), xs[i % n].dt);
  ir_builder saved = S->b;
  ir_builder_set_end(&S->b, blk);
  ir_value *res[TILE_REDUCE_MAX_OPERANDS];
  bool ok = body(S, loc, ctx, n, args, res);
  if (ok) sema_emit(S, loc, scan >= 0 ? "tt.scan.return" : "tt.reduce.return", n, res, 0, NULL);
  S->b = saved;
  if (!ok) return false;
  ir_op *o = sema_emit(S, loc, scan >= 0 ? "tt.scan" : "tt.reduce", n, ops, n, tys);
  ir_op_set_attr(o, "axis", ir_i32_attr(S->ctx, axis));
  if (scan >= 0) ir_op_set_attr(o, "reverse", ir_bool_attr(S->ctx, scan == 1));
  ir_region_append_block(ir_op_region(o, 0), blk);
  for (unsigned i = 0; i < n; i++) outs[i] = sema_tensor(ir_op_result(o, i), xs[i].dt);
  return true;
}

/* ---- the jit combine function ---------------------------------------------------------- */

typedef struct jit_combine {
  sema_jit *jit;
  const fe_expr *call;
} jit_combine;

static bool jit_body(sema *S, ir_loc loc, void *ctx, unsigned n, const sema_val *args, ir_value **out) {
  jit_combine *jc = ctx;
  sema_val r;
  if (!sema_call_jit(S, jc->jit, jc->call, 2 * n, args, 0, NULL, NULL, &r)) return false;
  unsigned nr = r.kind == SV_TUPLE ? r.n : 1;
  const sema_val *rv = r.kind == SV_TUPLE ? r.elems : &r;
  if (nr != n) {
    sema_error(S, loc, "the combine function '%s' returns %u value%s for %u input%s", jc->jit->fd->name, nr,
               nr == 1 ? "" : "s", n, n == 1 ? "" : "s");
    return false;
  }
  for (unsigned i = 0; i < n; i++) {
    sema_val v = rv[i];
    if (sema_is_num(&v) && !sema_cast(S, &v, args[i].dt, false, loc, &v)) return false;
    if (v.kind != SV_TENSOR || sema_rank(v.v) != 0 || !sema_dt_eq(v.dt, args[i].dt)) {
      char b[16];
      sema_error(S, loc, "the combine function '%s' must return %s for input %u (the input's element type), got %s",
                 jc->jit->fd->name, sema_dt_name(args[i].dt, b), i, sema_describe(S, &v));
      return false;
    }
    out[i] = v.v;
  }
  return true;
}

/* ---- argmax / argmin -------------------------------------------------------------------- */

typedef struct arg_combine {
  bool is_max, tie_break_left;
} arg_combine;

/* (v1, i1, v2, i2) -> the winner's value and index. */
static bool arg_body(sema *S, ir_loc loc, void *ctx, unsigned n, const sema_val *a, ir_value **out) {
  arg_combine *ac = ctx;
  (void)n;
  sema_val win, tie, idx_lt, eq;
  if (!sema_compare(S, ac->is_max ? FE_GT : FE_LT, &a[0], &a[2], loc, &win)) return false;
  if (ac->tie_break_left) {
    if (!sema_compare(S, FE_EQ, &a[0], &a[2], loc, &eq) || !sema_compare(S, FE_LT, &a[1], &a[3], loc, &idx_lt) ||
        !sema_binop(S, FE_BITAND, &eq, &idx_lt, loc, &tie) || !sema_binop(S, FE_BITOR, &win, &tie, loc, &win))
      return false;
  }
  for (unsigned i = 0; i < 2; i++) {
    ir_value *ops[3] = {win.v, a[i].v, a[2 + i].v};
    out[i] = sema_emit1(S, loc, "arith.select", 3, ops, a[i].v->type);
  }
  return true;
}

/* tl.arange(0, shape[axis]) broadcast over x's shape (Triton's _reduce_with_indices). */
static bool index_tensor(sema *S, ir_loc loc, const sema_val *x, unsigned axis, sema_val *out) {
  unsigned rank = sema_rank(x->v);
  int64_t n = sema_shape(x->v)[axis];
  ir_op *o = sema_emit(S, loc, "tt.make_range", 0, NULL, 1,
                       (const ir_type *[]){sema_shaped(S, sema_dt(SD_I32), 1, &n)});
  ir_op_set_attr(o, "start", ir_i32_attr(S->ctx, 0));
  ir_op_set_attr(o, "end", ir_i32_attr(S->ctx, n));
  sema_val idx = sema_tensor(ir_op_result(o, 0), sema_dt(SD_I32));
  int64_t shape[IR_MAX_RANK];
  for (unsigned d = 0; d < rank; d++) { /* size-1 dims around axis: [1, .., n, .., 1] */
    if (d == axis) continue;
    unsigned r = sema_rank(idx.v);
    unsigned at = d < axis ? d : r;
    for (unsigned k = 0, j = 0; k <= r; k++) shape[k] = k == at ? 1 : sema_shape(idx.v)[j++];
    ir_op *e = sema_emit(S, loc, "tt.expand_dims", 1, &idx.v, 1,
                         (const ir_type *[]){sema_shaped(S, idx.dt, r + 1, shape)});
    ir_op_set_attr(e, "axis", ir_i32_attr(S->ctx, at));
    idx = sema_tensor(ir_op_result(e, 0), idx.dt);
  }
  return sema_broadcast_to(S, &idx, rank, sema_shape(x->v), loc, out);
}

bool sema_reduce_with_indices(sema *S, ir_loc loc, const char *what, sema_val x, unsigned axis, bool is_max,
                              bool tie_break_left, sema_val *out_value, sema_val *out_index) {
  if (sema_dt_is_ptr(x.dt)) {
    sema_error(S, loc, "%s() does not support %s: it compares integers and floats", what, sema_describe(S, &x));
    return false;
  }
  if (x.dt.kind == SD_BF16 && !sema_cast(S, &x, sema_dt(SD_FP32), false, loc, &x)) return false;
  sema_val xs[2], outs[2];
  xs[0] = x;
  if (!index_tensor(S, loc, &x, axis, &xs[1])) return false;
  arg_combine ac = {is_max, tie_break_left};
  if (!combine_op(S, loc, 2, xs, axis, -1, arg_body, &ac, outs)) return false;
  *out_value = outs[0];
  *out_index = outs[1];
  return true;
}

/* ---- tl.reduce ---------------------------------------------------------------------------- */

/* The jit combine function fn of a call to `what`, checked for arity 2n. */
static bool jit_of(sema *S, const fe_expr *call, const char *what, unsigned n, const sema_val *fn, jit_combine *out) {
  sema_jit *j = fn->kind == SV_JITFN ? sema_jit_of(S, fn->fn) : NULL;
  if (!j) {
    sema_error(S, call->loc, "%s() combine_fn must be a @triton.jit function, got %s", what, sema_describe(S, fn));
    return false;
  }
  if (j->fd->nparams != 2 * n) {
    sema_error(S, call->loc, "the combine function '%s' must take %u arguments (2 per input), it takes %u",
               j->fd->name, 2 * n, j->fd->nparams);
    return false;
  }
  *out = (jit_combine){j, call};
  return true;
}

bool sema_scan_jit(sema *S, const fe_expr *call, unsigned n, const sema_val *xs, unsigned axis, bool reverse,
                   const sema_val *fn, sema_val *outs) {
  jit_combine jc;
  return jit_of(S, call, "tl.associative_scan", n, fn, &jc) &&
         combine_op(S, call->loc, n, xs, axis, reverse ? 1 : 0, jit_body, &jc, outs);
}

bool sema_reduce_jit(sema *S, const fe_expr *call, unsigned n, const sema_val *xs, bool all, unsigned axis,
                     const sema_val *fn, sema_val *outs) {
  ir_loc loc = call->loc;
  jit_combine jc;
  if (!jit_of(S, call, "tl.reduce", n, fn, &jc)) return false;
  sema_val cur[TILE_REDUCE_MAX_OPERANDS];
  memcpy(cur, xs, n * sizeof *xs);
  unsigned rank = sema_rank(xs[0].v);
  /* axis=None: every axis, last first (Triton flattens with can_reorder=True, so the
   * combine must be associative and commutative either way). */
  for (unsigned d = rank; d-- > 0;) {
    if (!all && d != axis) continue;
    if (!combine_op(S, loc, n, cur, d, -1, jit_body, &jc, cur)) return false;
  }
  memcpy(outs, cur, n * sizeof *outs);
  return true;
}
