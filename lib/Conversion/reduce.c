/* Lowering of tt.reduce in three steps, each decided by the operand's linear layout
 * (Dialect/TileGPU/tgpu_reduce.h says which register, lane and warp bits move along the
 * reduced axis; docs/passes-gpu.md walks through it):
 *
 *   1. registers  each thread combines its registers that differ only in along-axis
 *                 register bits, in increasing register order; the partial lives at the
 *                 register with those bits clear.
 *   2. lanes      one llvm.nvvm.shfl.sync.bfly per along-axis lane bit (lane bits that move
 *                 another dim, or nothing, are skipped); afterwards every lane of a group
 *                 holds the group's partial.
 *   3. warps      only when warp bits move along the axis: the lanes whose along-axis lane
 *                 bits are 0 store their partials at scratch[warp part][result element]
 *                 (cg_scratch_ptr; the allocator sized it through tgpu_op_scratch_bytes),
 *                 a barrier, then every thread loads and combines, in warp-part order, the
 *                 partials of each result element it holds. A later user of the same bytes
 *                 is ordered after these loads by the membar pass.
 *
 * The result has layout #tgpu.slice<{dim = axis, parent = operand layout}> (or is a scalar
 * held by every thread): its register j is the partial of the operand register with the
 * same coordinates off the axis. Combination order is fixed, so results are deterministic.
 *
 * A reduction of n operands (argmax: values and indices; tl.reduce over a tuple) carries n
 * values through every step, combined by one call of the combine region (combine.c); in
 * step 3 each operand has its own part of the scratch buffer (tgpu_reduce_plan.offset).
 */
#include <string.h>

#include "Conversion/cg_internal.h"
#include "Dialect/Tile/tile.h"
#include "Dialect/TileGPU/tgpu_reduce.h"

/* The n values of one register or partial: vals[i] belongs to operand i. */
typedef struct red_state {
  cg_combiner comb;
  unsigned n;           /* operands */
  unsigned nregs;       /* registers per operand */
  LLVMValueRef *acc;    /* acc[r * n + i]: operand i's partial at register r (NULL: none) */
} red_state;

static LLVMValueRef *acc_at(red_state *rs, unsigned r) { return rs->acc + (size_t)r * rs->n; }

/* Steps 1 and 2: the partials at every register without along-axis or replica bits (the
 * lowest-numbered register of each result coordinate, the one build_result reads). */
static bool reduce_in_warp(cg_state *st, red_state *rs, const tgpu_reduce_plan *p, cg_val **in) {
  LLVMValueRef next[TGPU_REDUCE_MAX_OPERANDS];
  for (unsigned r = 0; r < rs->nregs; r++) {
    if (r & p->reg_replica) continue; /* a copy of register r & ~reg_replica */
    LLVMValueRef *a = acc_at(rs, r & ~p->reg_axis);
    for (unsigned i = 0; i < rs->n; i++) next[i] = in[i]->regs[r];
    if (!a[0]) memcpy(a, next, sizeof next[0] * rs->n);
    else if (!cg_combine(st, &rs->comb, a, next, a)) return false;
  }
  for (unsigned bit = 0; bit < p->src.nlane; bit++) {
    if (!(p->lane_axis & (1u << bit))) continue;
    for (unsigned r = 0; r < rs->nregs; r++) {
      if (r & (p->reg_axis | p->reg_replica)) continue;
      LLVMValueRef *a = acc_at(rs, r);
      for (unsigned i = 0; i < rs->n; i++) next[i] = cg_shfl_bfly(st, a[i], 1u << bit);
      if (!cg_combine(st, &rs->comb, a, next, a)) return false;
    }
  }
  return true;
}

/* Row-major index (i32) in the result of the element at coords (dims of `l` but `skip`). */
static LLVMValueRef result_index(cg_state *st, cg_layout *l, unsigned reg, int skip) {
  LLVMValueRef idx = cg_i32(st, 0);
  for (unsigned d = 0; d < l->rank; d++) {
    if ((int)d == skip) continue;
    LLVMValueRef c = cg_layout_coord(st, l, reg, d);
    idx = LLVMBuildAdd(st->b, LLVMBuildMul(st->b, idx, cg_i32(st, l->shape[d]), ""), c, "");
  }
  return idx;
}

/* Scratch of operand i: its in-memory element type, its partials' address and (parallel
 * step 3) its results' address. */
typedef struct red_scratch {
  LLVMTypeRef mt[TGPU_REDUCE_MAX_OPERANDS];
  LLVMValueRef base[TGPU_REDUCE_MAX_OPERANDS];
  LLVMValueRef res[TGPU_REDUCE_MAX_OPERANDS];
  bool parallel;
} red_scratch;

static LLVMValueRef slot_ptr(cg_state *st, const red_scratch *sc, unsigned i, LLVMValueRef slot) {
  return LLVMBuildGEP2(st->b, sc->mt[i], sc->base[i], &slot, 1, "");
}

static LLVMValueRef load_as(cg_state *st, LLVMTypeRef mt, LLVMTypeRef t, LLVMValueRef ptr) {
  LLVMValueRef v = LLVMBuildLoad2(st->b, mt, ptr, "");
  return mt != t ? LLVMBuildTrunc(st->b, v, t, "") : v;
}

/* Step 3, stores: the thread's partials, by the lanes whose along-axis lane bits are 0. */
static void store_partials(cg_state *st, red_state *rs, const tgpu_reduce_plan *p, cg_layout *src,
                           const red_scratch *sc) {
  uint32_t vals[TGPU_LL_MAX_BITS] = {0};
  for (unsigned k = 0, j = 0; k < p->src.nwarp; k++)
    if (p->warp_axis & (1u << k)) vals[k] = 1u << j++;
  LLVMValueRef wpart = cg_layout_bits(st, st->warp, vals, p->src.nwarp);
  LLVMValueRef row = LLVMBuildMul(st->b, wpart, cg_i32(st, (int64_t)p->result_numel), "");
  LLVMValueRef lead = LLVMBuildICmp(st->b, LLVMIntEQ, LLVMBuildAnd(st->b, st->lane, cg_i32(st, p->lane_axis), ""),
                                    cg_i32(st, 0), "");
  LLVMBasicBlockRef done = cg_if_begin(st, lead, "red.store", "red.stored");
  for (unsigned r = 0; r < src->nregs; r++) {
    if (r & (p->reg_axis | p->reg_replica)) continue;
    LLVMValueRef slot = LLVMBuildAdd(st->b, row, result_index(st, src, r, (int)p->axis), "");
    for (unsigned i = 0; i < rs->n; i++) {
      LLVMValueRef v = acc_at(rs, r)[i];
      if (LLVMTypeOf(v) != sc->mt[i]) v = LLVMBuildZExt(st->b, v, sc->mt[i], ""); /* i1 as i8 */
      LLVMBuildStore(st->b, v, slot_ptr(st, sc, i, slot));
    }
  }
  cg_if_end(st, done);
}

/* Step 3, loads: result element `idx` of every operand combined over the warp parts, in
 * order, into out[0..n). */
static bool load_result(cg_state *st, red_state *rs, const tgpu_reduce_plan *p, const red_scratch *sc,
                        LLVMTypeRef *t, LLVMValueRef idx, LLVMValueRef *out) {
  LLVMValueRef v[TGPU_REDUCE_MAX_OPERANDS];
  if (sc->parallel) { /* the results are ready */
    for (unsigned i = 0; i < rs->n; i++)
      out[i] = load_as(st, sc->mt[i], t[i], LLVMBuildGEP2(st->b, sc->mt[i], sc->res[i], &idx, 1, ""));
    return true;
  }
  for (unsigned w = 0; w < (1u << p->warp_axis_bits); w++) {
    LLVMValueRef slot = LLVMBuildAdd(st->b, idx, cg_i32(st, (int64_t)(w * p->result_numel)), "");
    for (unsigned i = 0; i < rs->n; i++) v[i] = load_as(st, sc->mt[i], t[i], slot_ptr(st, sc, i, slot));
    if (w == 0) memcpy(out, v, sizeof v[0] * rs->n);
    else if (!cg_combine(st, &rs->comb, out, v, out)) return false;
  }
  return true;
}

/* Step 3 in parallel (tgpu_reduce_plan.parallel): thread t combines partial (t & mask) of
 * result (t >> bits) with its neighbours' by butterfly shuffles; the first lane of each
 * group stores the result. Threads past the last slot load a valid slot and store nothing. */
static bool combine_partials_in_parallel(cg_state *st, red_state *rs, const tgpu_reduce_plan *p,
                                         const red_scratch *sc, ir_op *op) {
  uint64_t nslots = p->result_numel << p->warp_axis_bits;
  LLVMValueRef tid = LLVMBuildAdd(st->b, LLVMBuildMul(st->b, st->warp, cg_i32(st, 32), ""), st->lane, "");
  LLVMValueRef last = cg_i32(st, (int64_t)nslots - 1);
  LLVMValueRef slot = LLVMBuildSelect(st->b, LLVMBuildICmp(st->b, LLVMIntULT, tid, last, ""), tid, last, "");
  LLVMValueRef e = LLVMBuildLShr(st->b, slot, cg_i32(st, p->warp_axis_bits), "");
  LLVMValueRef w = LLVMBuildAnd(st->b, slot, cg_i32(st, (1 << p->warp_axis_bits) - 1), "");
  LLVMValueRef at = LLVMBuildAdd(st->b, LLVMBuildMul(st->b, w, cg_i32(st, (int64_t)p->result_numel), ""), e, "");
  LLVMValueRef v[TGPU_REDUCE_MAX_OPERANDS], o[TGPU_REDUCE_MAX_OPERANDS];
  for (unsigned i = 0; i < rs->n; i++)
    v[i] = load_as(st, sc->mt[i], cg_scalar_type(st, op->results[i].type), slot_ptr(st, sc, i, at));
  for (unsigned b = 0; b < p->warp_axis_bits; b++) {
    for (unsigned i = 0; i < rs->n; i++) o[i] = cg_shfl_bfly(st, v[i], 1u << b);
    if (!cg_combine(st, &rs->comb, v, o, v)) return false;
  }
  LLVMValueRef first = LLVMBuildICmp(st->b, LLVMIntEQ, w, cg_i32(st, 0), "");
  LLVMValueRef lead = LLVMBuildAnd(st->b, first, LLVMBuildICmp(st->b, LLVMIntULE, tid, last, ""), "");
  LLVMBasicBlockRef done = cg_if_begin(st, lead, "red.result", "red.results");
  for (unsigned i = 0; i < rs->n; i++) {
    LLVMValueRef x = LLVMTypeOf(v[i]) != sc->mt[i] ? LLVMBuildZExt(st->b, v[i], sc->mt[i], "") : v[i];
    LLVMBuildStore(st->b, x, LLVMBuildGEP2(st->b, sc->mt[i], sc->res[i], &e, 1, ""));
  }
  cg_if_end(st, done);
  cg_barrier(st);
  return true;
}

/* The operand register holding (in its partial) result register j of `dst`. */
static int source_register(const cg_layout *src, const cg_layout *dst, unsigned j, unsigned axis) {
  int64_t key[IR_MAX_RANK] = {0};
  bool keep[IR_MAX_RANK];
  const int64_t *c = cg_layout_reg_coords(dst, j);
  for (unsigned d = 0, s = 0; d < src->rank; d++) {
    keep[d] = d != axis;
    key[d] = d == axis ? 0 : c[s++];
  }
  return cg_layout_find(src, key, keep);
}

static bool fail(cg_state *st, ir_op *op, const char *msg) {
  ir_emit_error(st->ictx, op->loc, "tt.reduce: %s", msg);
  return false;
}

/* The results' registers from the partials (after step 2, or step 3 when sc is given). */
static bool build_result(cg_state *st, ir_op *op, red_state *rs, const tgpu_reduce_plan *p,
                         cg_layout *src, const red_scratch *sc) {
  const ir_type *rt = op->results[0].type;
  LLVMTypeRef t[TGPU_REDUCE_MAX_OPERANDS];
  LLVMValueRef v[TGPU_REDUCE_MAX_OPERANDS];
  cg_val *r[TGPU_REDUCE_MAX_OPERANDS];
  for (unsigned i = 0; i < rs->n; i++) t[i] = cg_scalar_type(st, op->results[i].type);
  cg_layout dst = {0};
  bool tensor = ir_type_is_tensor(rt);
  if (tensor && !cg_layout_get(st, rt, op->loc, &dst)) return false;
  unsigned nout = tensor ? dst.nregs : 1;
  for (unsigned i = 0; i < rs->n; i++) r[i] = cg_val_new(st, nout);
  for (unsigned j = 0; j < nout; j++) {
    if (sc) {
      LLVMValueRef idx = tensor ? result_index(st, &dst, j, -1) : cg_i32(st, 0);
      if (!load_result(st, rs, p, sc, t, idx, v)) return false;
    } else {
      int s = tensor ? source_register(src, &dst, j, p->axis) : 0;
      if (s < 0) return fail(st, op, "the result layout is not the slice of the operand's");
      memcpy(v, acc_at(rs, (unsigned)s), sizeof v[0] * rs->n);
    }
    for (unsigned i = 0; i < rs->n; i++) r[i]->regs[j] = v[i];
  }
  for (unsigned i = 0; i < rs->n; i++) cg_set(st, ir_op_result(op, i), r[i]);
  return true;
}

bool cg_lower_reduce(cg_state *st, ir_op *op) {
  const ir_type *in_t = op->operands[0].value->type;
  unsigned axis = (unsigned)ir_op_get_int_attr(op, "axis", 0), n = op->noperands;
  unsigned sizes[TGPU_REDUCE_MAX_OPERANDS];
  cg_val *in[TGPU_REDUCE_MAX_OPERANDS];
  if (!cg_combining_operands(st, op, TGPU_REDUCE_MAX_OPERANDS, sizes, in)) return false;
  for (unsigned i = 0; i < n; i++) {
    const ir_type *rt = op->results[i].type;
    if (ir_type_is_tensor(rt) && rt->encoding != tgpu_slice_attr(st->ictx, axis, in_t->encoding))
      return fail(st, op, "the result layout must be the slice of the operand's along the axis");
  }
  tgpu_reduce_plan p;
  const char *err = tgpu_reduce_plan_make(in_t->encoding, in_t->rank, in_t->shape, axis, sizes, n, &p);
  if (err) return fail(st, op, err);
  cg_layout src;
  if (!cg_layout_get(st, in_t, op->loc, &src)) return false;
  red_state rs = {.n = n, .nregs = in[0]->n};
  cg_combiner_init(&rs.comb, op);
  rs.acc = sup_arena_alloc(st->arena, sizeof *rs.acc * ((size_t)rs.nregs * n + 1));
  memset(rs.acc, 0, sizeof *rs.acc * ((size_t)rs.nregs * n + 1));
  if (!reduce_in_warp(st, &rs, &p, in)) return false;
  if (!p.warp_axis) return build_result(st, op, &rs, &p, &src, NULL);
  LLVMValueRef base = cg_scratch_ptr(st, op);
  if (!base) return false;
  red_scratch sc = {.parallel = p.parallel};
  LLVMTypeRef i8 = LLVMInt8TypeInContext(st->ctx);
  for (unsigned i = 0; i < n; i++) {
    sc.mt[i] = cg_mem_type(st, op->operands[i].value->type);
    LLVMValueRef off = cg_i32(st, p.offset[i]), roff = cg_i32(st, p.result_offset[i]);
    sc.base[i] = p.offset[i] ? LLVMBuildGEP2(st->b, i8, base, &off, 1, "") : base;
    sc.res[i] = p.parallel ? LLVMBuildGEP2(st->b, i8, base, &roff, 1, "") : NULL;
  }
  store_partials(st, &rs, &p, &src, &sc);
  cg_barrier(st);
  if (p.parallel && !combine_partials_in_parallel(st, &rs, &p, &sc, op)) return false;
  return build_result(st, op, &rs, &p, &src, &sc);
}
