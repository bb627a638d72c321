/* The load side of a shared-memory layout conversion into a 16-bit mma dot operand
 * (tgpu_cvt_plan.ldmatrix): ldmatrix instead of one load per register pair; and the load
 * side of a conversion through a permuted scratch (below).
 *
 * Facts (PTX ISA, ldmatrix.sync.aligned.m8n8.x{1,2,4}[.trans].b16): each of the n 8x8
 * matrices is 8 rows of 16 bytes whose addresses lanes 8i .. 8i+7 give (row = lane % 8);
 * lane t receives, per matrix, the 32-bit word holding row t/4, elements 2(t%4) and
 * 2(t%4)+1, or with .trans the elements (2(t%4), t/4) and (2(t%4)+1, t/4). That is exactly
 * how an mma operand's register pair of lane t sits in its 8x8 block (linear_layout_mma.c):
 * A's pairs run along K (the last dim, the scratch rows' contiguous direction: plain), B's
 * along K (the dim before the last: .trans). So each pair register is one matrix, whose
 * origin is the pair's static element XOR the warp's part; four pairs go in one x4 call,
 * lane L addressing row L % 8 of the (L / 8)-th. The scratch is row-major, swizzled as the
 * plan says (16-byte chunks XOR the row's phase). */
#include "Conversion/cg_internal.h"

static const char *intrinsic(unsigned n, bool trans) {
  static const char *const names[2][3] = {
      {"llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.b16", "llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.b16",
       "llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.b16"},
      {"llvm.nvvm.ldmatrix.sync.aligned.m8n8.x1.trans.b16", "llvm.nvvm.ldmatrix.sync.aligned.m8n8.x2.trans.b16",
       "llvm.nvvm.ldmatrix.sync.aligned.m8n8.x4.trans.b16"}};
  return names[trans][n == 1 ? 0 : n == 2 ? 1 : 2];
}

/* The origins o[0..n) of an ldmatrix call's n matrices, one per lane slot (lane / 8): when
 * they are o[0] xor a linear function of the slot (always for n <= 2), that function's
 * values for slot bits 0 and 1 in d; else false. */
static bool slot_linear(const uint32_t *o, unsigned n, uint32_t d[2]) {
  d[0] = n > 1 ? o[1] ^ o[0] : 0;
  d[1] = n > 2 ? o[2] ^ o[0] : 0;
  return n != 4 || o[3] == (o[0] ^ o[1] ^ o[2]);
}

/* The lane's origin among o[0..n) by its slot: a select per matrix after the first. */
static LLVMValueRef slot_origin(cg_state *st, LLVMValueRef slot, const uint32_t *o, unsigned n) {
  LLVMValueRef origin = cg_i32(st, o[0]);
  for (unsigned i = 1; i < n; i++) {
    LLVMValueRef is_i = LLVMBuildICmp(st->b, LLVMIntEQ, slot, cg_i32(st, i), "");
    origin = LLVMBuildSelect(st->b, is_i, cg_i32(st, o[i]), origin, "");
  }
  return origin;
}

/* One ldmatrix of n matrices (the register groups starting at pairs[0..n)); writes each
 * group's 32 bits: two 16-bit or four 8-bit elements. wpart: the warp's part of the
 * matrices' origins, which sets only wmask's bits. */
static void load_group(cg_state *st, const tgpu_cvt_plan *p, LLVMValueRef base, LLVMTypeRef ty, LLVMValueRef wpart,
                       uint32_t wmask, const unsigned *pairs, unsigned n, cg_val *r) {
  LLVMValueRef slot = LLVMBuildAnd(st->b, LLVMBuildLShr(st->b, st->lane, cg_i32(st, 3), ""), cg_i32(st, 3), "");
  LLVMValueRef row = LLVMBuildAnd(st->b, st->lane, cg_i32(st, 7), "");
  unsigned cbits = p->dst.dim_bits[p->dst.rank - 1];
  uint32_t o[4] = {0}, rows = 7u << cbits, any = wmask;
  for (unsigned i = 0; i < n; i++) any |= o[i] = tgpu_ll_layout_apply(&p->dst, pairs[i], 0, 0);
  LLVMTypeRef et = LLVMIntTypeInContext(st->ctx, 8 * p->elem_bytes);
  LLVMValueRef ptr;
  uint32_t d[2];
  if (slot_linear(o, n, d) && !(any & rows)) {
    /* The row goes into bits no origin or warp part sets (so its `or` is an xor), the
     * origins are o[0] xor a linear function of the slot, and the swizzle is linear: the
     * offset is the swizzled thread part (the same for every group) xor the swizzled o[0],
     * a constant that folds into the access (shared.c). */
    LLVMValueRef e = LLVMBuildXor(st->b, wpart, cg_layout_bits(st, slot, d, 2), "");
    e = LLVMBuildOr(st->b, e, LLVMBuildShl(st->b, row, cg_i32(st, cbits), ""), "");
    uint32_t bits = 0, span = wmask | rows | d[0] | d[1];
    for (unsigned k = 0; k < 32; k++)
      if (span >> k & 1) bits |= tgpu_convert_swizzle(p, 1u << k);
    ptr = cg_shared_offset_addr(st, base, et, cg_convert_swizzle(st, p, e), bits, tgpu_convert_swizzle(p, o[0]));
  } else {
    LLVMValueRef e = LLVMBuildXor(st->b, slot_origin(st, slot, o, n), wpart, "");
    e = LLVMBuildOr(st->b, e, LLVMBuildShl(st->b, row, cg_i32(st, cbits), ""), "");
    LLVMValueRef off = cg_convert_swizzle(st, p, e);
    ptr = LLVMBuildGEP2(st->b, et, base, &off, 1, "");
  }
  unsigned per = 4 / p->elem_bytes;
  LLVMTypeRef pt = LLVMTypeOf(ptr);
  LLVMValueRef res = cg_intrinsic(st, intrinsic(n, p->ldmatrix == 2), &pt, 1, &ptr, 1);
  LLVMTypeRef vt = LLVMVectorType(ty, per);
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef w = n == 1 ? res : LLVMBuildExtractValue(st->b, res, i, "");
    LLVMValueRef v = LLVMBuildBitCast(st->b, w, vt, "");
    for (unsigned e = 0; e < per; e++) r->regs[pairs[i] + e] = LLVMBuildExtractElement(st->b, v, cg_i32(st, e), "");
  }
}

typedef void (*group_fn)(cg_state *st, const tgpu_cvt_plan *p, LLVMValueRef base, LLVMTypeRef ty,
                         LLVMValueRef thread, uint32_t thread_bits, const unsigned *pairs, unsigned n, cg_val *r);

/* The destination's distinct 32-bit register groups (every `step` registers), four per
 * ldmatrix.x4 (a last three as x2 + x1), loaded by fn with the thread's part (which sets
 * only thread_bits); replica registers copied after. */
static void load_in_groups(cg_state *st, const tgpu_cvt_plan *p, LLVMValueRef base, LLVMTypeRef ty,
                           LLVMValueRef thread, uint32_t thread_bits, unsigned step, group_fn fn, cg_val *r) {
  uint32_t skip = tgpu_ll_layout_zero_bits(&p->dst, 0);
  unsigned pairs[4], n = 0;
  for (unsigned i = 0; i < r->n; i += step) {
    if (i & skip) continue;
    pairs[n++] = i;
    if (n == 4) fn(st, p, base, ty, thread, thread_bits, pairs, n, r), n = 0;
  }
  if (n == 3)
    fn(st, p, base, ty, thread, thread_bits, pairs, 2, r), fn(st, p, base, ty, thread, thread_bits, pairs + 2, 1, r);
  else if (n) fn(st, p, base, ty, thread, thread_bits, pairs, n, r);
  for (unsigned i = 0; i < r->n; i++)
    if (i & skip) r->regs[i] = r->regs[i & ~skip];
}

void cg_ldmatrix_load(cg_state *st, const tgpu_cvt_plan *p, LLVMValueRef base, LLVMTypeRef ty, cg_val *r) {
  const tgpu_ll_layout *d = &p->dst;
  uint32_t wv[TGPU_LL_MAX_BITS], wmask = 0;
  for (unsigned k = 0; k < d->nwarp; k++) wmask |= wv[k] = tgpu_ll_layout_basis(d, 2, k);
  LLVMValueRef wpart = cg_layout_bits(st, st->warp, wv, d->nwarp);
  load_in_groups(st, p, base, ty, wpart, wmask, 4 / p->elem_bytes, load_group, r);
}

/* ---- a permuted scratch (plan ldmatrix 3) ---------------------------------------------------
 * The chunk of 16 bytes at slot bits 3 and up holds the elements of destination register
 * bit 0 and lane bits 0 and 1 (convert_plan.c, plan_permuted): so for lane t the word
 * 2(t%4) of a row is the thread's register pair, the row being the chunk of its other bits.
 * Lane L addresses row L % 8 of matrix L / 8: the chunk of the group's (L / 8)-th pair at
 * destination lane bits 2-4 = L % 8 (lanes 4 apart, as ldmatrix hands rows out) and the
 * thread's warp. */
static void load_rows(cg_state *st, const tgpu_cvt_plan *p, LLVMValueRef base, LLVMTypeRef ty,
                      LLVMValueRef thread, uint32_t thread_bits, const unsigned *pairs, unsigned n, cg_val *r) {
  LLVMValueRef slot = LLVMBuildAnd(st->b, LLVMBuildLShr(st->b, st->lane, cg_i32(st, 3), ""), cg_i32(st, 3), "");
  uint32_t o[4] = {0};
  for (unsigned i = 0; i < n; i++) o[i] = tgpu_convert_slot(p, tgpu_ll_layout_apply(&p->dst, pairs[i], 0, 0));
  LLVMValueRef ptr;
  uint32_t d[2];
  if (slot_linear(o, n, d)) {
    /* The origins are o[0] xor a linear function of the slot: the thread's offset (the same
     * for every group) xor the constant o[0], which folds into the access (shared.c). */
    LLVMValueRef dyn = LLVMBuildXor(st->b, thread, cg_layout_bits(st, slot, d, 2), "");
    ptr = cg_shared_offset_addr(st, base, LLVMInt16TypeInContext(st->ctx), dyn, thread_bits | d[0] | d[1], o[0]);
  } else {
    LLVMValueRef off = LLVMBuildXor(st->b, slot_origin(st, slot, o, n), thread, "");
    ptr = LLVMBuildGEP2(st->b, LLVMInt16TypeInContext(st->ctx), base, &off, 1, "");
  }
  LLVMTypeRef pt = LLVMTypeOf(ptr);
  LLVMValueRef res = cg_intrinsic(st, intrinsic(n, false), &pt, 1, &ptr, 1);
  LLVMTypeRef vt = LLVMVectorType(ty, 2);
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef w = n == 1 ? res : LLVMBuildExtractValue(st->b, res, i, "");
    LLVMValueRef v = LLVMBuildBitCast(st->b, w, vt, "");
    for (unsigned e = 0; e < 2; e++) r->regs[pairs[i] + e] = LLVMBuildExtractElement(st->b, v, cg_i32(st, e), "");
  }
}

void cg_ldmatrix_rows(cg_state *st, const tgpu_cvt_plan *p, LLVMValueRef base, LLVMTypeRef ty, cg_val *r) {
  const tgpu_ll_layout *d = &p->dst;
  uint32_t rv[3], wv[TGPU_LL_MAX_BITS], bits = 0;
  for (unsigned k = 0; k < 3; k++) bits |= rv[k] = tgpu_convert_slot(p, tgpu_ll_layout_basis(d, 1, k + 2));
  for (unsigned k = 0; k < d->nwarp; k++) bits |= wv[k] = tgpu_convert_slot(p, tgpu_ll_layout_basis(d, 2, k));
  LLVMValueRef row = LLVMBuildAnd(st->b, st->lane, cg_i32(st, 7), "");
  LLVMValueRef thread = LLVMBuildXor(st->b, cg_layout_bits(st, row, rv, 3),
                                     cg_layout_bits(st, st->warp, wv, d->nwarp), "");
  load_in_groups(st, p, base, ty, thread, bits, 2, load_rows, r);
}
