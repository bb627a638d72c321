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
 */
#include <string.h>

#include "Conversion/cg_internal.h"
#include "Dialect/Tile/tile.h"
#include "Dialect/TileGPU/tgpu_reduce.h"

#define FULL_MASK 0xffffffffu
#define SHFL_CLAMP 0x1f

/* a (combine) b with the tt.reduce combine `k` (tile_reduce_combine). */
static LLVMValueRef combine(cg_state *st, ir_opcode k, LLVMValueRef a, LLVMValueRef b) {
  LLVMTypeRef t = LLVMTypeOf(a);
  LLVMValueRef args[2] = {a, b};
  switch (k) {
  case IR_OP_ADDF: return LLVMBuildFAdd(st->b, a, b, "");
  case IR_OP_MULF: return LLVMBuildFMul(st->b, a, b, "");
  case IR_OP_ADDI: return LLVMBuildAdd(st->b, a, b, "");
  case IR_OP_MULI: return LLVMBuildMul(st->b, a, b, "");
  case IR_OP_ANDI: return LLVMBuildAnd(st->b, a, b, "");
  case IR_OP_ORI: return LLVMBuildOr(st->b, a, b, "");
  case IR_OP_XORI: return LLVMBuildXor(st->b, a, b, "");
  case IR_OP_MAXNUMF: return cg_intrinsic(st, "llvm.maxnum", &t, 1, args, 2);
  case IR_OP_MINNUMF: return cg_intrinsic(st, "llvm.minnum", &t, 1, args, 2);
  case IR_OP_MAXIMUMF: return cg_intrinsic(st, "llvm.maximum", &t, 1, args, 2);
  case IR_OP_MINIMUMF: return cg_intrinsic(st, "llvm.minimum", &t, 1, args, 2);
  case IR_OP_MAXSI: return cg_intrinsic(st, "llvm.smax", &t, 1, args, 2);
  case IR_OP_MINSI: return cg_intrinsic(st, "llvm.smin", &t, 1, args, 2);
  case IR_OP_MAXUI: return cg_intrinsic(st, "llvm.umax", &t, 1, args, 2);
  case IR_OP_MINUI: return cg_intrinsic(st, "llvm.umin", &t, 1, args, 2);
  default: return NULL; /* the verifier admits no other combine */
  }
}

static LLVMValueRef bfly32(cg_state *st, LLVMValueRef v, unsigned lane_mask) {
  LLVMValueRef args[4] = {cg_i32(st, (int64_t)FULL_MASK), v, cg_i32(st, lane_mask),
                          cg_i32(st, SHFL_CLAMP)};
  return cg_intrinsic(st, "llvm.nvvm.shfl.sync.bfly.i32", NULL, 0, args, 4);
}

/* The value of lane (this lane XOR lane_mask): 32-bit pieces, narrow values widened. */
static LLVMValueRef bfly_value(cg_state *st, LLVMValueRef v, unsigned lane_mask) {
  LLVMTypeRef t = LLVMTypeOf(v), i32 = LLVMInt32TypeInContext(st->ctx);
  bool is_int = LLVMGetTypeKind(t) == LLVMIntegerTypeKind;
  LLVMTypeKind tk = LLVMGetTypeKind(t);
  unsigned bits = is_int ? LLVMGetIntTypeWidth(t)
                         : tk == LLVMDoubleTypeKind ? 64 : tk == LLVMFloatTypeKind ? 32 : 16;
  LLVMTypeRef it = LLVMIntTypeInContext(st->ctx, bits);
  LLVMValueRef x = is_int ? v : LLVMBuildBitCast(st->b, v, it, "");
  LLVMValueRef r;
  if (bits <= 32) {
    r = bfly32(st, bits < 32 ? LLVMBuildZExt(st->b, x, i32, "") : x, lane_mask);
    if (bits < 32) r = LLVMBuildTrunc(st->b, r, it, "");
  } else {
    LLVMValueRef k32 = LLVMConstInt(it, 32, 0);
    LLVMValueRef lo = bfly32(st, LLVMBuildTrunc(st->b, x, i32, ""), lane_mask);
    LLVMValueRef hi = bfly32(st, LLVMBuildTrunc(st->b, LLVMBuildLShr(st->b, x, k32, ""), i32, ""), lane_mask);
    r = LLVMBuildOr(st->b, LLVMBuildZExt(st->b, lo, it, ""),
                    LLVMBuildShl(st->b, LLVMBuildZExt(st->b, hi, it, ""), k32, ""), "");
  }
  return is_int ? r : LLVMBuildBitCast(st->b, r, t, "");
}

/* Steps 1 and 2: acc[r] for every register r without along-axis or replica bits (the
 * lowest-numbered register of each result coordinate, the one build_result reads). */
static void reduce_in_warp(cg_state *st, ir_opcode k, const tgpu_reduce_plan *p, const cg_val *in,
                           LLVMValueRef *acc) {
  for (unsigned r = 0; r < in->n; r++) {
    if (r & p->reg_replica) continue; /* a copy of register r & ~reg_replica */
    unsigned base = r & ~p->reg_axis;
    acc[base] = acc[base] ? combine(st, k, acc[base], in->regs[r]) : in->regs[r];
  }
  for (unsigned bit = 0; bit < p->src.nlane; bit++) {
    if (!(p->lane_axis & (1u << bit))) continue;
    for (unsigned r = 0; r < in->n; r++)
      if (!(r & (p->reg_axis | p->reg_replica)))
        acc[r] = combine(st, k, acc[r], bfly_value(st, acc[r], 1u << bit));
  }
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

static LLVMValueRef slot_ptr(cg_state *st, LLVMValueRef base, LLVMTypeRef mt, LLVMValueRef slot) {
  return LLVMBuildGEP2(st->b, mt, base, &slot, 1, "");
}

/* Step 3, stores: the thread's partials, by the lanes whose along-axis lane bits are 0. */
static void store_partials(cg_state *st, const tgpu_reduce_plan *p, cg_layout *src,
                           LLVMValueRef *acc, LLVMValueRef base, LLVMTypeRef mt) {
  uint32_t vals[TGPU_LL_MAX_BITS] = {0};
  for (unsigned k = 0, j = 0; k < p->src.nwarp; k++)
    if (p->warp_axis & (1u << k)) vals[k] = 1u << j++;
  LLVMValueRef wpart = cg_layout_bits(st, st->warp, vals, p->src.nwarp);
  LLVMValueRef row = LLVMBuildMul(st->b, wpart, cg_i32(st, (int64_t)p->result_numel), "");
  LLVMValueRef lead = LLVMBuildICmp(st->b, LLVMIntEQ, LLVMBuildAnd(st->b, st->lane, cg_i32(st, p->lane_axis), ""),
                                    cg_i32(st, 0), "");
  LLVMBasicBlockRef store = LLVMAppendBasicBlockInContext(st->ctx, st->fn, "red.store");
  LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(st->ctx, st->fn, "red.stored");
  LLVMBuildCondBr(st->b, lead, store, done);
  LLVMPositionBuilderAtEnd(st->b, store);
  for (unsigned r = 0; r < src->nregs; r++) {
    if (r & (p->reg_axis | p->reg_replica)) continue;
    LLVMValueRef slot = LLVMBuildAdd(st->b, row, result_index(st, src, r, (int)p->axis), "");
    LLVMValueRef v = acc[r];
    if (LLVMTypeOf(v) != mt) v = LLVMBuildZExt(st->b, v, mt, ""); /* i1 as i8 */
    LLVMBuildStore(st->b, v, slot_ptr(st, base, mt, slot));
  }
  LLVMBuildBr(st->b, done);
  LLVMPositionBuilderAtEnd(st->b, done);
}

/* Step 3, loads: result element `idx` combined over the warp parts, in order. */
static LLVMValueRef load_result(cg_state *st, ir_opcode k, const tgpu_reduce_plan *p,
                                LLVMValueRef base, LLVMTypeRef mt, LLVMTypeRef t, LLVMValueRef idx) {
  LLVMValueRef r = NULL;
  for (unsigned w = 0; w < (1u << p->warp_axis_bits); w++) {
    LLVMValueRef slot = LLVMBuildAdd(st->b, idx, cg_i32(st, (int64_t)(w * p->result_numel)), "");
    LLVMValueRef v = LLVMBuildLoad2(st->b, mt, slot_ptr(st, base, mt, slot), "");
    if (mt != t) v = LLVMBuildTrunc(st->b, v, t, "");
    r = r ? combine(st, k, r, v) : v;
  }
  return r;
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

/* The result registers from the partials (after step 2, or step 3 when p has warp bits). */
static bool build_result(cg_state *st, ir_op *op, ir_opcode k, const tgpu_reduce_plan *p,
                         cg_layout *src, LLVMValueRef *acc, LLVMValueRef base, LLVMTypeRef mt) {
  const ir_type *rt = op->results[0].type;
  LLVMTypeRef t = cg_scalar_type(st, rt);
  if (!ir_type_is_tensor(rt)) {
    cg_val *r = cg_val_new(st, 1);
    r->regs[0] = base ? load_result(st, k, p, base, mt, t, cg_i32(st, 0)) : acc[0];
    cg_set(st, ir_op_result(op, 0), r);
    return true;
  }
  cg_layout dst;
  if (!cg_layout_get(st, rt, op->loc, &dst)) return false;
  cg_val *r = cg_val_new(st, dst.nregs);
  for (unsigned j = 0; j < dst.nregs; j++) {
    int s = source_register(src, &dst, j, p->axis);
    if (s < 0) return fail(st, op, "the result layout is not the slice of the operand's");
    r->regs[j] = base ? load_result(st, k, p, base, mt, t, result_index(st, &dst, j, -1)) : acc[s];
  }
  cg_set(st, ir_op_result(op, 0), r);
  return true;
}

bool cg_lower_reduce(cg_state *st, ir_op *op) {
  const ir_type *in_t = op->operands[0].value->type;
  ir_opcode k = tile_reduce_combine(op);
  unsigned axis = (unsigned)ir_op_get_int_attr(op, "axis", 0);
  const ir_type *rt = op->results[0].type;
  if (ir_type_is_tensor(rt) && rt->encoding != tgpu_slice_attr(st->ictx, axis, in_t->encoding))
    return fail(st, op, "the result layout must be the slice of the operand's along the axis");
  tgpu_reduce_plan p;
  const char *err = tgpu_reduce_plan_make(in_t->encoding, in_t->rank, in_t->shape, axis,
                                          ir_type_byte_size(in_t->elem), &p);
  if (err) return fail(st, op, err);
  cg_layout src;
  cg_val *in = cg_get(st, ir_op_operand(op, 0));
  if (!in || !cg_layout_get(st, in_t, op->loc, &src)) return false;
  LLVMValueRef *acc = sup_arena_alloc(st->arena, sizeof *acc * (in->n + 1));
  memset(acc, 0, sizeof *acc * (in->n + 1));
  reduce_in_warp(st, k, &p, in, acc);
  if (!p.warp_axis) return build_result(st, op, k, &p, &src, acc, NULL, NULL);
  LLVMValueRef base = cg_scratch_ptr(st, op);
  if (!base) return false;
  LLVMTypeRef mt = cg_mem_type(st, in_t);
  store_partials(st, &p, &src, acc, base, mt);
  cg_barrier(st);
  return build_result(st, op, k, &p, &src, acc, base, mt);
}
