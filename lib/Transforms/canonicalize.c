/* Pass "canonicalize": folds and simplifies to a fixpoint.
 *
 * Needs: verified IR (tile or tgpu level).
 * Changes: applies every op's folder (constant folding, algebraic identities; see
 *   lib/Dialect/Tile/tile_fold.c), moves constants to the right of commutative ops,
 *   rewrites broadcast(splat x) and expand_dims(splat x) to splat x and
 *   broadcast(broadcast x) to one broadcast, inlines the taken region of an scf.if with a
 *   constant condition, replaces an scf.for that never runs by its init values, and erases
 *   pure ops whose results are unused. Sweeps repeat until nothing changes (at most
 *   MAX_SWEEPS).
 * Invalidates: nothing beyond the ops it rewrites (new constants are placed right before
 *   the op they replace, so dominance holds; CSE merges duplicates afterwards). */
#include <stdlib.h>
#include <string.h>

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
  if (ir_op_has_trait(op, IR_TRAIT_CONSTANT) || !ir_op_has_trait(op, IR_TRAIT_PURE)) return false;
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

/* broadcast(splat x), expand_dims(splat x) -> splat x; broadcast(broadcast x) -> broadcast x. */
static bool fold_shape_chain(ir_module *m, ir_op *op) {
  bool bcast = ir_op_is(op, "tt.broadcast");
  if (!bcast && !ir_op_is(op, "tt.expand_dims")) return false;
  ir_op *d = ir_value_def(ir_op_operand(op, 0));
  if (!d) return false;
  const char *new_name;
  if (ir_op_is(d, "tt.splat")) new_name = "tt.splat";
  else if (bcast && ir_op_is(d, "tt.broadcast")) new_name = "tt.broadcast";
  else return false;
  ir_builder b;
  ir_builder_init(&b, m);
  ir_builder_set_before(&b, op);
  b.loc = op->loc;
  ir_value *x = ir_op_operand(d, 0);
  replace_and_erase(op, ir_build1(&b, new_name, 1, &x, ir_op_result(op, 0)->type));
  return true;
}

static bool const_int(ir_value *v, int64_t *out) {
  const ir_attr *a = ir_value_constant(v);
  if (!a || a->kind != IR_ATTR_INT) return false;
  *out = a->ival;
  return true;
}

/* scf.if with a constant condition: the taken region's ops move before the if. */
static bool inline_constant_if(ir_op *op) {
  int64_t c;
  if (!ir_op_is(op, "scf.if") || !const_int(ir_op_operand(op, 0), &c)) return false;
  ir_block *blk = ir_region_entry(ir_op_region(op, (c & 1) ? 0 : 1));
  ir_op *term = blk ? ir_block_terminator(blk) : NULL;
  if (op->nresults > 0 && !term) return false; /* malformed; the verifier reports it */
  for (ir_op *o = blk ? blk->first : NULL, *next; o && o != term; o = next) {
    next = o->next;
    ir_op_move_before(o, op);
  }
  for (unsigned i = 0; i < op->nresults; i++)
    ir_value_replace_all_uses(ir_op_result(op, i), ir_op_operand(term, i));
  ir_op_erase(op);
  return true;
}

/* scf.for whose constant bounds give no iteration: its results are the init values. */
static bool remove_empty_for(ir_op *op) {
  int64_t lb, ub;
  if (!ir_op_is(op, "scf.for") || !const_int(ir_op_operand(op, 0), &lb) ||
      !const_int(ir_op_operand(op, 1), &ub) || lb < ub)
    return false;
  for (unsigned i = 0; i < op->nresults; i++)
    ir_value_replace_all_uses(ir_op_result(op, i), ir_op_operand(op, 3 + i));
  ir_op_erase(op);
  return true;
}

static bool is_trivially_dead(ir_op *op) {
  if (!ir_op_has_trait(op, IR_TRAIT_PURE) || op->nregions > 0) return false;
  for (unsigned i = 0; i < op->nresults; i++)
    if (ir_value_has_uses(ir_op_result(op, i))) return false;
  return true;
}

/* ---- driver ------------------------------------------------------------------------------- */

static bool simplify(ir_module *m, ir_op *op) {
  if (apply_fold(m, op)) return true;
  bool moved = move_constant_right(op);
  if (moved && apply_fold(m, op)) return true;
  return fold_shape_chain(m, op) || inline_constant_if(op) || remove_empty_for(op) || moved;
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
