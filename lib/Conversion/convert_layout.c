/* Lowering of tgpu.convert_layout by the route tgpu_convert_plan (Dialect/TileGPU/
 * linear_layout.h) picks; docs/layouts.md explains the routes.
 *
 *   NOOP       the result is the operand's registers.
 *   REGISTERS  result register i is operand register P(i): renaming, no instruction.
 *   SHUFFLE    one llvm.nvvm.shfl.sync.idx.i32 per distinct result register (values wider
 *              than 32 bits in two halves, narrower ones widened to i32); a source register
 *              that depends on the lane takes one shuffle per candidate and a select.
 *   SHARED     every thread stores its distinct registers, `store_vec` elements per vector
 *              store, at their swizzled offsets in the scratch (cg_scratch_ptr), a barrier,
 *              then loads its result registers `load_vec` at a time. A later user of the
 *              same bytes is ordered after these loads by the membar pass, not here.
 */
#include <string.h>

#include "Conversion/cg_internal.h"


static const char *plan_of(unsigned num_warps, ir_op *op, tgpu_cvt_plan *p) {
  const ir_type *s = op->operands[0].value->type, *d = op->results[0].type;
  unsigned bytes = ir_type_byte_size(ir_type_scalar(d));
  return tgpu_convert_plan(s->encoding, d->encoding, d->rank, d->shape, bytes, num_warps, p);
}

/* XOR of vals[k] over the set bits k of x. */
static uint32_t xor_bits(const uint32_t *vals, uint32_t x) {
  uint32_t r = 0;
  for (unsigned k = 0; x; k++, x >>= 1)
    if (x & 1) r ^= vals[k];
  return r;
}

/* ---- registers -------------------------------------------------------------------------- */

static void lower_registers(cg_state *st, const tgpu_cvt_plan *p, cg_val *s, cg_val *r) {
  (void)st;
  for (unsigned i = 0; i < r->n; i++) r->regs[i] = s->regs[xor_bits(p->src_of, i)];
}

/* ---- shuffles --------------------------------------------------------------------------- */

/* The thread-dependent part of the sources: `field` picks the source register (0) or lane
 * (1) out of src_of. */
static LLVMValueRef thread_part(cg_state *st, const tgpu_cvt_plan *p, unsigned field) {
  uint32_t lv[TGPU_LL_MAX_BITS], wv[TGPU_LL_MAX_BITS];
  unsigned nreg = p->src.nreg, base = p->dst.nreg;
  for (unsigned k = 0; k < p->dst.nlane + p->dst.nwarp; k++) {
    uint32_t x = p->src_of[base + k];
    uint32_t v = field ? x >> nreg : x & ((1u << nreg) - 1);
    if (k < p->dst.nlane) lv[k] = v;
    else wv[k - p->dst.nlane] = v;
  }
  LLVMValueRef l = cg_layout_bits(st, st->lane, lv, p->dst.nlane);
  LLVMValueRef w = cg_layout_bits(st, st->warp, wv, p->dst.nwarp);
  return LLVMBuildXor(st->b, l, w, "");
}

/* The source-register values the thread part can take (a span of at most 2^select_bits). */
static unsigned select_span(const tgpu_cvt_plan *p, uint32_t *out) {
  unsigned n = 1;
  out[0] = 0;
  for (unsigned k = p->dst.nreg; k < p->dst.nreg + p->dst.nlane + p->dst.nwarp; k++) {
    uint32_t v = p->src_of[k] & ((1u << p->src.nreg) - 1);
    bool in = false;
    for (unsigned j = 0; j < n; j++) in = in || out[j] == v;
    if (in) continue;
    for (unsigned j = 0; j < n; j++) out[n + j] = out[j] ^ v;
    n *= 2;
  }
  return n;
}

static LLVMValueRef shuffle_one(cg_state *st, const tgpu_cvt_plan *p, cg_val *s, uint32_t src,
                                LLVMValueRef dyn_lane, LLVMValueRef dyn_reg, const uint32_t *span,
                                unsigned nspan) {
  uint32_t reg = src & ((1u << p->src.nreg) - 1), lane = src >> p->src.nreg;
  LLVMValueRef at = lane ? LLVMBuildXor(st->b, dyn_lane, cg_i32(st, lane), "") : dyn_lane;
  LLVMValueRef r = cg_shfl(st, s->regs[reg], false, at);
  for (unsigned j = 1; j < nspan; j++) {
    LLVMValueRef v = cg_shfl(st, s->regs[reg ^ span[j]], false, at);
    LLVMValueRef is = LLVMBuildICmp(st->b, LLVMIntEQ, dyn_reg, cg_i32(st, span[j]), "");
    r = LLVMBuildSelect(st->b, is, v, r, "");
  }
  return r;
}

static void lower_shuffle(cg_state *st, const tgpu_cvt_plan *p, cg_val *s, cg_val *r) {
  uint32_t span[1u << TGPU_CONVERT_MAX_SELECT_BITS];
  unsigned nspan = select_span(p, span);
  LLVMValueRef dyn_lane = thread_part(st, p, 1);
  LLVMValueRef dyn_reg = nspan > 1 ? thread_part(st, p, 0) : NULL;
  uint32_t zero_bits = 0;
  for (unsigned k = 0; k < p->dst.nreg; k++)
    if (!p->dst.map.basis[k]) zero_bits |= 1u << k;
  for (unsigned i = 0; i < r->n; i++) {
    if (i & zero_bits) {
      r->regs[i] = r->regs[i & ~zero_bits]; /* a copy of an element this thread has */
      continue;
    }
    r->regs[i] = shuffle_one(st, p, s, xor_bits(p->src_of, i), dyn_lane, dyn_reg, span, nspan);
  }
}

/* ---- shared memory ---------------------------------------------------------------------- */

/* In-memory form of a register: i1 as i8, pointers as i64. */
static LLVMValueRef to_mem(cg_state *st, LLVMValueRef v, LLVMTypeRef mt) {
  LLVMTypeRef t = LLVMTypeOf(v);
  if (LLVMGetTypeKind(t) == LLVMPointerTypeKind) return LLVMBuildPtrToInt(st->b, v, mt, "");
  return t == mt ? v : LLVMBuildZExt(st->b, v, mt, "");
}

static LLVMValueRef from_mem(cg_state *st, LLVMValueRef v, LLVMTypeRef t) {
  if (LLVMGetTypeKind(t) == LLVMPointerTypeKind) return LLVMBuildIntToPtr(st->b, v, t, "");
  if (LLVMTypeOf(v) == t) return v;
  return LLVMBuildICmp(st->b, LLVMIntNE, v, LLVMConstNull(LLVMTypeOf(v)), "");
}

LLVMValueRef cg_convert_swizzle(cg_state *st, const tgpu_cvt_plan *p, LLVMValueRef e) {
  if (!p->swz_bits) return e;
  LLVMValueRef sel = LLVMBuildAnd(st->b, LLVMBuildLShr(st->b, e, cg_i32(st, p->swz_src), ""),
                                  cg_i32(st, (1 << p->swz_bits) - 1), "");
  return LLVMBuildXor(st->b, e, LLVMBuildShl(st->b, sel, cg_i32(st, p->swz_dst), ""), "");
}

/* The thread's slot in the scratch for layout l: the thread's element index from bit
 * fields, then the swizzle (or, for a permuted scratch, the slot of each bit; linear, so it
 * applies to the thread part and the register part separately). *out_mask: the offset bits
 * the thread part may set. */
LLVMValueRef cg_convert_thread_slot(cg_state *st, const tgpu_cvt_plan *p, const tgpu_ll_layout *l,
                                    uint32_t *out_mask) {
  uint32_t lv[TGPU_LL_MAX_BITS], wv[TGPU_LL_MAX_BITS], lm = 0, wm = 0;
  if (p->permuted) { /* the slot is linear: per-bit slots combined by XOR */
    for (unsigned k = 0; k < l->nlane; k++) lm |= lv[k] = tgpu_convert_slot(p, tgpu_ll_layout_basis(l, 1, k));
    for (unsigned k = 0; k < l->nwarp; k++) wm |= wv[k] = tgpu_convert_slot(p, tgpu_ll_layout_basis(l, 2, k));
    *out_mask = lm | wm;
    return LLVMBuildXor(st->b, cg_layout_bits(st, st->lane, lv, l->nlane),
                        cg_layout_bits(st, st->warp, wv, l->nwarp), "");
  }
  for (unsigned k = 0; k < l->nlane; k++) lm |= lv[k] = tgpu_ll_layout_basis(l, 1, k);
  for (unsigned k = 0; k < l->nwarp; k++) wm |= wv[k] = tgpu_ll_layout_basis(l, 2, k);
  LLVMValueRef a = cg_layout_bits(st, st->lane, lv, l->nlane);
  LLVMValueRef b = cg_layout_bits(st, st->warp, wv, l->nwarp);
  LLVMValueRef e = lm & wm ? LLVMBuildXor(st->b, a, b, "") : LLVMBuildAdd(st->b, a, b, "");
  *out_mask = 0;
  for (unsigned k = 0; k < l->nlane; k++) *out_mask |= tgpu_convert_swizzle(p, lv[k]);
  for (unsigned k = 0; k < l->nwarp; k++) *out_mask |= tgpu_convert_swizzle(p, wv[k]);
  return cg_convert_swizzle(st, p, e);
}

static uint32_t zero_reg_bits(const tgpu_ll_layout *l) {
  uint32_t z = 0;
  for (unsigned k = 0; k < l->nreg; k++)
    if (!l->map.basis[k]) z |= 1u << k;
  return z;
}

/* The register bits a store vector spans, element j of it from register r ^ reg_of(j):
 * the low bits, or the plan's store_bits for a permuted scratch. */
static uint32_t vector_regs(const tgpu_cvt_plan *p, uint32_t *reg_of) {
  uint32_t span = 0;
  for (unsigned j = 0; j < p->store_vec; j++) {
    reg_of[j] = 0;
    for (unsigned k = 0; (1u << k) < p->store_vec; k++)
      if (j >> k & 1) reg_of[j] ^= 1u << (p->permuted && k < 3 ? p->store_bits[k] : k);
    span |= reg_of[j];
  }
  return span;
}

static void store_side(cg_state *st, const tgpu_cvt_plan *p, LLVMValueRef base, LLVMTypeRef mt,
                       cg_val *s) {
  uint32_t mask, skip = zero_reg_bits(&p->src), reg_of[16];
  LLVMValueRef dyn = cg_convert_thread_slot(st, p, &p->src, &mask);
  unsigned vec = p->store_vec;
  uint32_t span = vector_regs(p, reg_of);
  LLVMTypeRef vt = vec > 1 ? LLVMVectorType(mt, vec) : mt;
  for (unsigned r = 0; r < s->n; r++) {
    if (r & (skip | span)) continue;
    LLVMValueRef v = vec > 1 ? LLVMGetUndef(vt) : NULL;
    for (unsigned j = 0; j < vec; j++) {
      LLVMValueRef e = to_mem(st, s->regs[r ^ reg_of[j]], mt);
      v = vec > 1 ? LLVMBuildInsertElement(st->b, v, e, cg_i32(st, j), "") : e;
    }
    uint32_t stat = tgpu_convert_slot(p, tgpu_ll_layout_apply(&p->src, r, 0, 0));
    LLVMValueRef ins = LLVMBuildStore(st->b, v, cg_shared_offset_addr(st, base, mt, dyn, mask, stat));
    LLVMSetAlignment(ins, vec * p->elem_bytes);
  }
}

static void load_side(cg_state *st, const tgpu_cvt_plan *p, LLVMValueRef base, LLVMTypeRef mt,
                      LLVMTypeRef ty, cg_val *r) {
  uint32_t mask, skip = zero_reg_bits(&p->dst);
  LLVMValueRef dyn = cg_convert_thread_slot(st, p, &p->dst, &mask);
  unsigned vec = p->load_vec;
  LLVMTypeRef vt = vec > 1 ? LLVMVectorType(mt, vec) : mt;
  for (unsigned i = 0; i < r->n; i += vec) {
    if (i & skip) continue;
    uint32_t stat = tgpu_convert_slot(p, tgpu_ll_layout_apply(&p->dst, i, 0, 0));
    LLVMValueRef v = LLVMBuildLoad2(st->b, vt, cg_shared_offset_addr(st, base, mt, dyn, mask, stat), "");
    LLVMSetAlignment(v, vec * p->elem_bytes);
    for (unsigned j = 0; j < vec; j++) {
      LLVMValueRef e = vec > 1 ? LLVMBuildExtractElement(st->b, v, cg_i32(st, j), "") : v;
      r->regs[i + j] = from_mem(st, e, ty);
    }
  }
  for (unsigned i = 0; i < r->n; i++)
    if (i & skip) r->regs[i] = r->regs[i & ~skip];
}

static bool lower_shared(cg_state *st, ir_op *op, const tgpu_cvt_plan *p, cg_val *s, cg_val *r) {
  LLVMValueRef base = cg_scratch_ptr(st, op);
  if (!base) return false; /* cg_scratch_ptr reported it */
  const ir_type *dt = op->results[0].type;
  LLVMTypeRef ty = cg_scalar_type(st, dt), mt = cg_mem_type(st, dt);
  if (LLVMGetTypeKind(ty) == LLVMPointerTypeKind) mt = LLVMInt64TypeInContext(st->ctx);
  store_side(st, p, base, mt, s);
  cg_barrier(st); /* the op's own stores before its loads */
  if (p->ldmatrix == 3) cg_ldmatrix_rows(st, p, base, ty, r);
  else if (p->ldmatrix) cg_ldmatrix_load(st, p, base, ty, r);
  else load_side(st, p, base, mt, ty, r);
  /* No trailing barrier: the membar pass puts one before the next access that conflicts
   * with these loads (the allocation tells which do). */
  return true;
}

/* ---- entry points ----------------------------------------------------------------------- */

bool cg_lower_convert_layout(cg_state *st, ir_op *op) {
  const ir_type *st_ty = op->operands[0].value->type;
  cg_val *s = cg_get(st, ir_op_operand(op, 0));
  if (!s) return false;
  if (!ir_type_is_tensor(st_ty)) {
    cg_set(st, ir_op_result(op, 0), s);
    return true;
  }
  tgpu_cvt_plan p;
  const char *err = plan_of(st->num_warps, op, &p);
  if (err) {
    ir_emit_error(st->ictx, op->loc, "cannot lower tgpu.convert_layout: %s", err);
    return false;
  }
  if (p.route == TGPU_CONVERT_NOOP) {
    cg_set(st, ir_op_result(op, 0), s);
    return true;
  }
  cg_val *r = cg_val_new(st, 1u << p.dst.nreg);
  if (s->n != 1u << p.src.nreg) {
    ir_emit_error(st->ictx, op->loc, "internal: operand registers do not match its layout");
    return false;
  }
  if (p.route == TGPU_CONVERT_REGISTERS) lower_registers(st, &p, s, r);
  else if (p.route == TGPU_CONVERT_SHUFFLE) lower_shuffle(st, &p, s, r);
  else if (!lower_shared(st, op, &p, s, r)) return false;
  cg_set(st, ir_op_result(op, 0), r);
  return true;
}
