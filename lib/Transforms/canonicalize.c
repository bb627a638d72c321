/* Pass "canonicalize": folds and simplifies to a fixpoint.
 *
 * Needs: verified IR (tile or tgpu level).
 * Changes: applies every op's folder (constant folding, algebraic identities; see
 *   lib/Dialect/Tile/tile_fold.c), moves constants to the right of commutative ops, then
 *   applies the op's own canonicalize hook (its ir_opdef row; the tile ops' patterns are in
 *   lib/Dialect/Tile/tile_canon.c: broadcast(splat x) and expand_dims(splat x) to splat x,
 *   broadcast(broadcast x) to one broadcast, the taken region of an scf.if with a constant
 *   condition inlined, an scf.for that never runs replaced by its init values), and erases
 *   ops without effects whose results are unused. Sweeps repeat until nothing changes (at
 *   most MAX_SWEEPS). The pass only drives: it knows no op by name.
 * Invalidates: nothing beyond the ops it rewrites (new constants are placed right before
 *   the op they replace, so dominance holds; CSE merges duplicates afterwards). */
#include <stdlib.h>

#include "Transforms/passes.h"

enum { MAX_SWEEPS = 10, MAX_FOLD_OPERANDS = 8 };

/* True when op is still reachable from `top` (not erased, nor inside an erased op). */
static bool attached(const ir_op *op, const ir_op *top) {
  while (op != top) {
    if (!op->parent || !op->parent->parent || !op->parent->parent->parent) return false;
    op = op->parent->parent->parent;
  }
  return true;
}

static void replace_and_erase(ir_op *op, ir_value *v) {
  ir_value_replace_all_uses(ir_op_result(op, 0), v);
  ir_op_erase(op);
}

/* ---- folding ------------------------------------------------------------------------------ */

static bool apply_fold(ir_module *m, ir_op *op) {
  if (!op->def->fold || op->nresults != 1 || op->noperands > MAX_FOLD_OPERANDS) return false;
  if (ir_op_has_trait(op, IR_TRAIT_CONSTANT) || ir_op_effects(op) != 0) return false;
  const ir_attr *consts[MAX_FOLD_OPERANDS + 1] = {0};
  for (unsigned i = 0; i < op->noperands; i++) consts[i] = ir_value_constant(ir_op_operand(op, i));
  ir_fold_result r = {0};
  if (!op->def->fold(op, consts, &r)) return false;
  ir_value *res = ir_op_result(op, 0);
  if (r.value) {
    if (r.value == res || r.value->type != res->type) return false;
    replace_and_erase(op, r.value);
    return true;
  }
  if (!r.attr) return false;
  ir_builder b;
  ir_builder_init(&b, m);
  ir_builder_set_before(&b, op);
  b.loc = op->loc;
  replace_and_erase(op, ir_build_constant(&b, res->type, r.attr));
  return true;
}

/* ---- patterns ----------------------------------------------------------------------------- */

static bool move_constant_right(ir_op *op) {
  if (!ir_op_has_trait(op, IR_TRAIT_COMMUTATIVE) || op->noperands != 2) return false;
  ir_value *a = ir_op_operand(op, 0), *b = ir_op_operand(op, 1);
  if (!ir_value_constant(a) || ir_value_constant(b)) return false;
  ir_op_set_operand(op, 0, b);
  ir_op_set_operand(op, 1, a);
  return true;
}

static bool is_trivially_dead(ir_op *op) {
  if (ir_op_effects(op) != 0 || !ir_op_regions_empty(op)) return false;
  for (unsigned i = 0; i < op->nresults; i++)
    if (ir_value_has_uses(ir_op_result(op, i))) return false;
  return true;
}

/* ---- driver ------------------------------------------------------------------------------- */

static bool simplify(ir_module *m, ir_op *op) {
  if (apply_fold(m, op)) return true;
  bool moved = move_constant_right(op);
  if (moved && apply_fold(m, op)) return true;
  if (op->def->canonicalize && op->def->canonicalize(m, op)) return true;
  return moved;
}

static bool sweep(ir_module *m) {
  ir_oplist ops = ir_collect_ops(m->op, true, NULL);
  bool changed = false;
  for (size_t i = 0; i < ops.count; i++)
    if (ops.ops[i] != m->op && attached(ops.ops[i], m->op)) changed |= simplify(m, ops.ops[i]);
  /* Users come after their operands' definitions, so a backward scan kills whole chains. */
  for (size_t i = ops.count; i-- > 0;) {
    ir_op *op = ops.ops[i];
    if (op == m->op || !attached(op, m->op) || !is_trivially_dead(op)) continue;
    ir_op_erase(op);
    changed = true;
  }
  ir_oplist_free(&ops);
  return changed;
}

static bool run(ir_module *m) {
  for (int i = 0; i < MAX_SWEEPS && sweep(m); i++) {
  }
  return true;
}

const ir_pass pass_canonicalize = {"canonicalize", "folds and simplifies to a fixpoint", run};
