/* Pass "combine": folds an addition into the tt.dot that feeds it.
 *
 * Needs: verified tile IR.
 * Changes: add(dot(a, b, 0), c) (arith.addf or arith.addi, either operand order) becomes
 *   dot(a, b, c) when the dot's accumulator is a zero constant, the add is the dot's only
 *   user and c has the dot's type: the `acc += tl.dot(a, b)` of blocked-K matmuls, which
 *   then accumulates in the tensor cores instead of adding a separate tile per iteration
 *   (Triton's combine pass does the same; for floats the sum is the same up to the
 *   order in which the products and c are added). The dot moves to the add's place (both
 *   in one block, so it runs as often as before).
 * Invalidates: nothing (op identities of the erased adds).
 */
#include "Dialect/Tile/tile.h"
#include "Transforms/passes.h"

/* The dot feeding operand i of add when the fold applies, else NULL. */
static ir_op *foldable_dot(ir_op *add, unsigned i) {
  ir_value *d = ir_op_operand(add, i), *c = ir_op_operand(add, 1 - i);
  ir_op *dot = d->def;
  if (!dot || ir_op_code(dot) != IR_OP_DOT || c->type != d->type || dot->parent != add->parent) return NULL;
  if (!d->first_use || d->first_use->next_use) return NULL; /* the add is its only user */
  return tile_value_is_zero(ir_op_operand(dot, 2), true) ? dot : NULL;
}

/* Folds add into the dot feeding it, when foldable. The post-order walk has already passed
 * the dot (it precedes the add in their block) and tolerates erasing the op it visits. */
static ir_walk_result fold(ir_op *add, void *user) {
  (void)user;
  ir_opcode k = ir_op_code(add);
  if ((k != IR_OP_ADDF && k != IR_OP_ADDI) || !ir_type_is_tensor(add->results[0].type)) return IR_WALK_ADVANCE;
  for (unsigned i = 0; i < 2; i++) {
    ir_op *dot = foldable_dot(add, i);
    if (!dot) continue;
    ir_op_move_before(dot, add);
    ir_op_set_operand(dot, 2, ir_op_operand(add, 1 - i));
    ir_value_replace_all_uses(ir_op_result(add, 0), ir_op_result(dot, 0));
    ir_op_erase(add);
    break;
  }
  return IR_WALK_ADVANCE;
}

static bool run(ir_module *m) {
  ir_walk_post(m->op, fold, NULL);
  return true;
}

const ir_pass pass_combine = {"combine", "folds add(dot(a, b, 0), c) into dot(a, b, c)", run};
