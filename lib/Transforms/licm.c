/* Pass "licm": hoists loop-invariant ops out of scf.for bodies.
 *
 * Needs: verified IR (tile or tgpu).
 * Changes: a tgpu.convert_layout in an scf.for body whose operand is defined outside the
 *   loop moves to just before it, and so does a tgpu.local_alloc of such a value into an
 *   immutable buffer (a conversion into shared memory; its buffer then lives across the
 *   loop). Loops nested in loops are visited inner first, so a conversion can climb several
 *   levels. The case that matters: attention's q @ k^T, whose q is converted into its
 *   dot-operand layout (mma.sync) or staged for wgmma once instead of at every key block.
 *   Only conversions move: hoisting the loop's cheap arithmetic too
 *   lengthened live ranges and made the layer-norm kernel 23% slower on the H200 (4 warps:
 *   2116 vs 2743 GB/s, bench/ab timing of the two PTX files), for no gain elsewhere.
 *   Shared memory and barriers are placed afterwards (allocate-shared-memory, membar).
 * Invalidates: nothing (positions of hoisted ops).
 */
#include "Dialect/TileGPU/tgpu_types.h"
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

/* A tgpu.local_alloc that copies a value into an immutable buffer (wgmma's operand staging)
 * is a layout conversion into shared memory. */
static bool is_staging(ir_op *op) {
  tgpu_memdesc md;
  return ir_op_code(op) == IR_OP_LOCAL_ALLOC && op->noperands == 1 &&
         tgpu_memdesc_get(ir_op_result(op, 0)->type, &md) && !md.is_mutable;
}

static bool hoistable(const ir_op *loop, ir_op *op) {
  if (ir_op_code(op) != IR_OP_CONVERT_LAYOUT && !is_staging(op)) return false;
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

const ir_pass pass_licm = {"licm", "hoists loop-invariant layout conversions out of scf.for bodies", run};
