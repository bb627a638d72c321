/* Structured control flow -> LLVM basic blocks with phis (one phi per register).
 *
 *   scf.for:   pre -> header(phis: iv, iters; iv < ub ?) -> body ... latch -> header | exit
 *   scf.if:    pre -> then ... | else ... -> merge(phis: results)
 *   scf.while: pre -> before(phis: args; condition ?) -> after ... -> before | exit
 * The conditions are scalars, uniform over the CTA, so barriers inside regions are safe. */
#include <llvm-c/DebugInfo.h>
#include <string.h>

#include "Conversion/cg_internal.h"

/* One phi per register of `init` (arriving from `from`), placed at the builder's point. */
static cg_val *make_phis(cg_state *st, const cg_val *init, LLVMBasicBlockRef from) {
  cg_val *r = cg_val_new(st, init->n);
  for (unsigned i = 0; i < init->n; i++) {
    LLVMValueRef v = init->regs[i];
    r->regs[i] = LLVMBuildPhi(st->b, LLVMTypeOf(v), "");
    LLVMAddIncoming(r->regs[i], &v, &from, 1);
  }
  return r;
}

static bool add_incoming(cg_state *st, ir_op *op, cg_val *phis, const cg_val *v, LLVMBasicBlockRef from) {
  if (phis->n != v->n) {
    ir_emit_error(st->ictx, op->loc, "internal: %s: a yielded value's layout differs from the "
                  "loop-carried value's", ir_op_name(op));
    return false;
  }
  for (unsigned i = 0; i < v->n; i++) {
    LLVMValueRef x = v->regs[i];
    LLVMAddIncoming(phis->regs[i], &x, &from, 1);
  }
  return true;
}

/* Lowers region r's single block with its arguments bound to args; returns its terminator's
 * lowered operands in *out (arena array of `nout` entries). */
bool cg_lower_region(cg_state *st, ir_region *r, cg_val **args, cg_val ***out, unsigned *nout) {
  ir_block *blk = ir_region_entry(r);
  *nout = 0;
  *out = NULL;
  if (!blk) return true;
  for (unsigned i = 0; i < blk->nargs; i++) cg_set(st, blk->args[i], args[i]);
  bool ok;
  ir_op *term = cg_lower_block(st, blk, &ok);
  if (!ok) return false;
  if (!term) return true;
  *out = sup_arena_alloc(st->arena, sizeof(cg_val *) * (term->noperands + 1));
  for (unsigned i = 0; i < term->noperands; i++)
    if (!((*out)[i] = cg_get(st, ir_op_operand(term, i)))) return false;
  *nout = term->noperands;
  return true;
}

static LLVMBasicBlockRef new_block(cg_state *st, const char *name) {
  return LLVMAppendBasicBlockInContext(st->ctx, st->fn, name);
}

LLVMBasicBlockRef cg_if_begin(cg_state *st, LLVMValueRef cond, const char *then_name, const char *join_name) {
  LLVMBasicBlockRef then = new_block(st, then_name), join = new_block(st, join_name);
  LLVMBuildCondBr(st->b, cond, then, join);
  LLVMPositionBuilderAtEnd(st->b, then);
  return join;
}

void cg_if_end(cg_state *st, LLVMBasicBlockRef join) {
  LLVMBuildBr(st->b, join);
  LLVMPositionBuilderAtEnd(st->b, join);
}

/* Whether iter arg i carries the accumulator of a wgmma left in flight (its yielded value
 * is a tgpu.warp_group_dot_wait result, or a tgpu.async warp_group_dot's). */
static bool carries_async_wgmma(ir_op *loop, unsigned i) {
  ir_block *body = ir_region_entry(ir_op_region(loop, 0));
  ir_op *yield = body ? ir_block_terminator(body) : NULL;
  ir_op *d = yield && i < yield->noperands ? ir_value_def(ir_op_operand(yield, i)) : NULL;
  if (d && ir_op_code(d) == IR_OP_WARP_GROUP_DOT) return ir_op_get_int_attr(d, TGPU_ATTR_ASYNC, 0) != 0;
  return d && ir_op_code(d) == IR_OP_WARP_GROUP_DOT_WAIT;
}

/* `tl.range(..., loop_unroll_factor=N)` (tt.loop_unroll_factor) as LLVM loop metadata on
 * the back edge: N > 1 asks LLVM's unroller for N copies of the body (llvm.loop.unroll.count,
 * a remainder loop when the trip count is not a multiple), N = 1 keeps the loop rolled
 * (llvm.loop.unroll.disable); 0 or absent leaves the choice to LLVM. The loop ID is the
 * self-referential first operand LLVM's loop metadata needs. */
static void set_unroll(cg_state *st, LLVMValueRef back_branch, int64_t factor) {
  if (factor < 1) return;
  LLVMContextRef c = st->ctx;
  const char *what = factor > 1 ? "llvm.loop.unroll.count" : "llvm.loop.unroll.disable";
  LLVMMetadataRef hint[2] = {LLVMMDStringInContext2(c, what, strlen(what)), NULL};
  if (factor > 1)
    hint[1] = LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(c), (unsigned long long)factor, 0));
  LLVMMetadataRef self = LLVMTemporaryMDNode(c, NULL, 0);
  LLVMMetadataRef ops[2] = {self, LLVMMDNodeInContext2(c, hint, factor > 1 ? 2 : 1)};
  LLVMMetadataRef loop = LLVMMDNodeInContext2(c, ops, 2);
  LLVMMetadataReplaceAllUsesWith(self, loop); /* also disposes of the temporary */
  LLVMSetMetadata(back_branch, LLVMGetMDKindIDInContext(c, "llvm.loop", 9), LLVMMetadataAsValue(c, loop));
}

bool cg_lower_for(cg_state *st, ir_op *op) {
  cg_val *lb = cg_get(st, ir_op_operand(op, 0)), *ub = cg_get(st, ir_op_operand(op, 1));
  cg_val *step = cg_get(st, ir_op_operand(op, 2));
  if (!lb || !ub || !step) return false;
  unsigned niter = op->noperands - 3;
  cg_val **inits = sup_arena_alloc(st->arena, sizeof(cg_val *) * (niter + 1));
  for (unsigned i = 0; i < niter; i++) {
    if (!(inits[i] = cg_get(st, ir_op_operand(op, 3 + i)))) return false;
    /* An in-flight wgmma accumulator's initial value (zeros, a constant) as an opaque
     * value computed before the loop: the registers are then written once, ahead of
     * the loop, instead of by moves on the path that skips the loop, which ptxas takes
     * for writes of accumulator registers while a wgmma is in flight and answers by
     * serializing every wgmma (warning C7515, seen with 128x256 tiles on 8 warps). */
    if (carries_async_wgmma(op, i)) inits[i] = cg_wgmma_opaque(st, inits[i]);
  }
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(st->b);
  LLVMBasicBlockRef header = new_block(st, "for.header"), body = new_block(st, "for.body");
  LLVMBasicBlockRef exit = new_block(st, "for.exit");
  LLVMBuildBr(st->b, header);
  LLVMPositionBuilderAtEnd(st->b, header);
  cg_val **args = sup_arena_alloc(st->arena, sizeof(cg_val *) * (niter + 1));
  args[0] = make_phis(st, lb, pre);
  for (unsigned i = 0; i < niter; i++) args[1 + i] = make_phis(st, inits[i], pre);
  LLVMValueRef cond = LLVMBuildICmp(st->b, LLVMIntSLT, args[0]->regs[0], ub->regs[0], "");
  LLVMBuildCondBr(st->b, cond, body, exit);
  LLVMPositionBuilderAtEnd(st->b, body);
  cg_val **yielded;
  unsigned ny;
  if (!cg_lower_region(st, ir_op_region(op, 0), args, &yielded, &ny)) return false;
  if (ny != niter) {
    ir_emit_error(st->ictx, op->loc, "scf.for: the body yields %u values for %u iter args", ny, niter);
    return false;
  }
  LLVMValueRef next = LLVMBuildAdd(st->b, args[0]->regs[0], step->regs[0], "");
  LLVMBasicBlockRef latch = LLVMGetInsertBlock(st->b);
  LLVMAddIncoming(args[0]->regs[0], &next, &latch, 1);
  for (unsigned i = 0; i < niter; i++)
    if (!add_incoming(st, op, args[1 + i], yielded[i], latch)) return false;
  LLVMValueRef back = LLVMBuildBr(st->b, header);
  set_unroll(st, back, ir_op_get_int_attr(op, "tt.loop_unroll_factor", 0));
  LLVMPositionBuilderAtEnd(st->b, exit);
  for (unsigned i = 0; i < op->nresults; i++) cg_set(st, ir_op_result(op, i), args[1 + i]);
  return true;
}

/* Lowers one branch of an scf.if into `bb`, ending with a branch to `merge`; returns the
 * yielded values and the block they come from. */
static bool lower_branch(cg_state *st, ir_op *op, unsigned ri, LLVMBasicBlockRef bb,
                         LLVMBasicBlockRef merge, cg_val ***out, LLVMBasicBlockRef *out_end) {
  LLVMPositionBuilderAtEnd(st->b, bb);
  unsigned n;
  if (!cg_lower_region(st, ir_op_region(op, ri), NULL, out, &n)) return false;
  if (n != op->nresults) {
    ir_emit_error(st->ictx, op->loc, "scf.if: a branch yields %u values for %u results", n,
                  op->nresults);
    return false;
  }
  *out_end = LLVMGetInsertBlock(st->b);
  LLVMBuildBr(st->b, merge);
  return true;
}

bool cg_lower_if(cg_state *st, ir_op *op) {
  cg_val *cond = cg_get(st, ir_op_operand(op, 0));
  if (!cond) return false;
  bool has_else = ir_region_entry(ir_op_region(op, 1)) != NULL;
  LLVMBasicBlockRef then = new_block(st, "if.then");
  LLVMBasicBlockRef els = has_else ? new_block(st, "if.else") : NULL;
  LLVMBasicBlockRef merge = new_block(st, "if.end");
  LLVMBuildCondBr(st->b, cond->regs[0], then, has_else ? els : merge);
  cg_val **tv, **ev = NULL;
  LLVMBasicBlockRef tend, eend = NULL;
  if (!lower_branch(st, op, 0, then, merge, &tv, &tend)) return false;
  if (has_else && !lower_branch(st, op, 1, els, merge, &ev, &eend)) return false;
  LLVMPositionBuilderAtEnd(st->b, merge);
  for (unsigned i = 0; i < op->nresults; i++) {
    if (!ev || tv[i]->n != ev[i]->n) {
      ir_emit_error(st->ictx, op->loc, "scf.if: result %u is not yielded alike by both branches", i);
      return false;
    }
    cg_val *phis = make_phis(st, tv[i], tend);
    if (!add_incoming(st, op, phis, ev[i], eend)) return false;
    cg_set(st, ir_op_result(op, i), phis);
  }
  return true;
}

bool cg_lower_while(cg_state *st, ir_op *op) {
  unsigned n = op->noperands;
  LLVMBasicBlockRef pre = LLVMGetInsertBlock(st->b);
  LLVMBasicBlockRef before = new_block(st, "while.before"), after = new_block(st, "while.after");
  LLVMBasicBlockRef exit = new_block(st, "while.exit");
  LLVMBuildBr(st->b, before);
  LLVMPositionBuilderAtEnd(st->b, before);
  cg_val **args = sup_arena_alloc(st->arena, sizeof(cg_val *) * (n + 1));
  for (unsigned i = 0; i < n; i++) {
    cg_val *init = cg_get(st, ir_op_operand(op, i));
    if (!init) return false;
    args[i] = make_phis(st, init, pre);
  }
  ir_block *bblk = ir_region_entry(ir_op_region(op, 0));
  ir_op *cterm = bblk ? ir_block_terminator(bblk) : NULL;
  if (!cterm || ir_op_code(cterm) != IR_OP_CONDITION) {
    ir_emit_error(st->ictx, op->loc, "scf.while: the before-region must end in scf.condition");
    return false;
  }
  cg_val **cvals;
  unsigned nc;
  if (!cg_lower_region(st, ir_op_region(op, 0), args, &cvals, &nc)) return false;
  LLVMBuildCondBr(st->b, cvals[0]->regs[0], after, exit);
  LLVMPositionBuilderAtEnd(st->b, after);
  cg_val **yielded;
  unsigned ny;
  if (!cg_lower_region(st, ir_op_region(op, 1), cvals + 1, &yielded, &ny)) return false;
  if (ny != n) {
    ir_emit_error(st->ictx, op->loc, "scf.while: the after-region yields %u values for %u", ny, n);
    return false;
  }
  LLVMBasicBlockRef latch = LLVMGetInsertBlock(st->b);
  for (unsigned i = 0; i < n; i++)
    if (!add_incoming(st, op, args[i], yielded[i], latch)) return false;
  LLVMBuildBr(st->b, before);
  LLVMPositionBuilderAtEnd(st->b, exit);
  for (unsigned i = 0; i < op->nresults && i + 1 < nc; i++) cg_set(st, ir_op_result(op, i), cvals[i + 1]);
  return true;
}
