/* Pass "licm": hoists loop-invariant ops out of scf.for bodies.
 *
 * Needs: verified IR (tile or tgpu).
 * Changes: an op in an scf.for body is moved to just before the loop when it is pure
 *   (IR_TRAIT_PURE), has no regions, is not an integer division or remainder (which may
 *   not run where the loop would not have run it: a zero trip count and a zero divisor), and
 *   every operand is defined outside the loop. Loops nested in loops are visited inner
 *   first, so an op can climb several levels. The case that matters: attention's q @ k^T,
 *   whose q is converted into its dot-operand layout once instead of at every key block.
 *   Shared memory and barriers are placed afterwards (allocate-shared-memory, membar).
 * Invalidates: nothing (positions of hoisted ops).
 */
#include "Transforms/passes.h"

static bool is_inside(const ir_op *loop, const ir_value *v) {
  const ir_block *b = v->def ? v->def->parent : v->block;
  while (b) {
    const ir_op *p = b->parent ? b->parent->parent : NULL;
    if (p == loop) return true;
    b = p ? p->parent : NULL;
  }
  return false;
}

static bool hoistable(const ir_op *loop, ir_op *op) {
  if (!ir_op_has_trait(op, IR_TRAIT_PURE) || op->nregions) return false;
  switch (ir_op_code(op)) {
  case IR_OP_DIVSI: case IR_OP_DIVUI: case IR_OP_REMSI: case IR_OP_REMUI: return false;
  default: break;
  }
  for (unsigned i = 0; i < op->noperands; i++)
    if (is_inside(loop, ir_op_operand(op, i))) return false;
  return true;
}

static void hoist_loop(ir_op *loop) {
  ir_block *body = ir_region_entry(ir_op_region(loop, 0));
  for (ir_op *op = body ? body->first : NULL, *next; op; op = next) {
    next = op->next;
    if (hoistable(loop, op)) ir_op_move_before(op, loop);
  }
}

static ir_walk_result visit(ir_op *op, void *user) {
  (void)user;
  if (ir_op_code(op) == IR_OP_FOR) hoist_loop(op);
  return IR_WALK_ADVANCE;
}

static bool run(ir_module *m) {
  ir_walk_post(m->op, visit, NULL);
  return true;
}

const ir_pass pass_licm = {"licm", "hoists loop-invariant pure ops out of scf.for bodies", run};
