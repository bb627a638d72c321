/* Three clean-ups of the lowered LLVM IR, each making tilec's output what Triton's NVIDIA
 * backend produces for the same kernel.
 *
 * Constancy (Triton's maybeDeduplicate): an elementwise op computes each of its registers
 * separately, but the axis analysis may prove runs of `constancy[d]` equal elements along a
 * dim: `cols < N` with cols a run of 8 consecutive values starting at a multiple of 8 and N
 * a multiple of 16 is one truth value per run. Registers of one thread whose coordinates
 * agree once each dim's coordinate is divided by its constancy (a power of two) hold equal
 * values, so every register takes its group's first register; the other computations are
 * left without users and LLVM deletes them. Layer norm's `tl.where(cols < N, x - mean, 0.)`
 * then compares once per 8-element vector instead of once per element.
 *
 * Sinking (after LLVM's optimizations): the lowering emits an op at a time, so a row of
 * loaded halves is unpacked and widened in full before the first add uses any of it.
 * ptxas keeps that order and, to hold all the widened values, reuses the registers of the
 * loads: in layer norm's mean loop the 8 vector loads per thread then wait in groups (104
 * registers; Triton's order, each widened value right before its add, gets 128 and all 8
 * loads in flight). Each conversion is moved to just before its first user in the block,
 * which gives Triton's order.
 *
 * Contraction (Triton's enable_fp_fusion, on by default): floating-point add, subtract and
 * multiply carry the `contract` flag, so that the backend fuses a multiply into the add
 * that consumes it (fma.rn.f32, one rounding instead of two). */
#include "Conversion/cg_internal.h"

static unsigned floor_log2(int64_t v) {
  unsigned p = 0;
  while (v > 1) v >>= 1, p++;
  return p;
}

/* Whether registers a and b fall in one constancy group (coordinates >> shift agree). */
static bool same_group(const cg_layout *l, const unsigned *shift, unsigned a, unsigned b) {
  const int64_t *ca = cg_layout_reg_coords(l, a), *cb = cg_layout_reg_coords(l, b);
  for (unsigned d = 0; d < l->rank; d++)
    if ((ca[d] >> shift[d]) != (cb[d] >> shift[d])) return false;
  return true;
}

void cg_dedupe_constant(cg_state *st, ir_op *op) {
  if (!st->axis || op->nresults != 1) return;
  ir_value *v = ir_op_result(op, 0);
  if (!ir_type_is_tensor(v->type)) return;
  const axis_info *ai = axis_analysis_get(st->axis, v);
  unsigned shift[IR_MAX_RANK];
  bool any = false;
  for (unsigned d = 0; d < v->type->rank && d < ai->rank; d++) {
    shift[d] = floor_log2(ai->constancy[d]);
    any |= shift[d] > 0;
  }
  if (!any || ai->rank != v->type->rank) return;
  cg_layout l;
  cg_val *cv = cg_get(st, v);
  if (!cv || cv->n < 2 || !cg_layout_get(st, v->type, op->loc, &l) || l.nregs != cv->n) return;
  for (unsigned r = 1; r < cv->n; r++)
    for (unsigned q = 0; q < r; q++)
      if (same_group(&l, shift, q, r)) {
        cv->regs[r] = cv->regs[q];
        break;
      }
}

void cg_allow_contraction(LLVMValueRef fn) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      LLVMOpcode oc = LLVMGetInstructionOpcode(in);
      if (oc == LLVMFAdd || oc == LLVMFSub || oc == LLVMFMul)
        LLVMSetFastMathFlags(in, LLVMGetFastMathFlags(in) | LLVMFastMathAllowContract);
    }
}

static bool is_conversion(LLVMOpcode oc) {
  switch (oc) {
  case LLVMExtractElement: case LLVMExtractValue: case LLVMBitCast: case LLVMFPExt: case LLVMFPTrunc:
  case LLVMSExt: case LLVMZExt: case LLVMTrunc: case LLVMSIToFP: case LLVMUIToFP:
    return true;
  default:
    return false;
  }
}

/* The first instruction of bb that uses v, or NULL when a use is elsewhere or a phi. */
static LLVMValueRef first_user_in(LLVMBasicBlockRef bb, LLVMValueRef v) {
  LLVMValueRef first = NULL;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user) || LLVMGetInstructionParent(user) != bb || LLVMIsAPHINode(user)) return NULL;
    if (!first) {
      first = user;
      continue;
    }
    for (LLVMValueRef in = LLVMGetNextInstruction(user); in; in = LLVMGetNextInstruction(in))
      if (in == first) { /* user comes before first */
        first = user;
        break;
      }
  }
  return first;
}

static void sink_block(LLVMBuilderRef b, LLVMBasicBlockRef bb) {
  for (LLVMValueRef in = LLVMGetLastInstruction(bb), prev; in; in = prev) {
    prev = LLVMGetPreviousInstruction(in);
    if (!is_conversion(LLVMGetInstructionOpcode(in))) continue;
    LLVMValueRef user = first_user_in(bb, in);
    if (!user || LLVMGetPreviousInstruction(user) == in) continue;
    LLVMInstructionRemoveFromParent(in);
    LLVMPositionBuilderBefore(b, user);
    LLVMInsertIntoBuilder(b, in);
  }
}

void cg_sink_conversions(LLVMModuleRef mod) {
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod));
  for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) sink_block(b, bb);
  LLVMDisposeBuilder(b);
}
