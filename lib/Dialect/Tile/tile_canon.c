/* Canonicalization patterns owned by tile ops (the canonicalize_fn column of
 * tile_ops.def). The canonicalize pass calls an op's hook after folding it; each hook
 * returns true when it changed the IR, and may erase the op it was given. */
#include "Dialect/Tile/tile_internal.h"

static void replace_and_erase(ir_op *op, ir_value *v) {
  ir_value_replace_all_uses(ir_op_result(op, 0), v);
  ir_op_erase(op);
}

/* Rebuilds op as `name`(x) with op's result type, right before op, and erases op. */
static bool rebuild_from(ir_module *m, ir_op *op, const char *name, ir_value *x) {
  ir_builder b;
  ir_builder_init(&b, m);
  ir_builder_set_before(&b, op);
  b.loc = op->loc;
  replace_and_erase(op, ir_build1(&b, name, 1, &x, ir_op_result(op, 0)->type));
  return true;
}

/* broadcast(splat x) -> splat x; broadcast(broadcast x) -> broadcast x. */
bool tile_canonicalize_broadcast(ir_module *m, ir_op *op) {
  ir_op *d = ir_value_def(ir_op_operand(op, 0));
  if (!d) return false;
  switch (ir_op_code(d)) {
  case IR_OP_SPLAT: return rebuild_from(m, op, "tt.splat", ir_op_operand(d, 0));
  case IR_OP_BROADCAST: return rebuild_from(m, op, "tt.broadcast", ir_op_operand(d, 0));
  default: return false;
  }
}

/* expand_dims(splat x) -> splat x. */
bool tile_canonicalize_expand_dims(ir_module *m, ir_op *op) {
  ir_op *d = ir_value_def(ir_op_operand(op, 0));
  if (!d || ir_op_code(d) != IR_OP_SPLAT) return false;
  return rebuild_from(m, op, "tt.splat", ir_op_operand(d, 0));
}

static bool const_int(ir_value *v, int64_t *out) {
  const ir_attr *a = ir_value_constant(v);
  if (!a || a->kind != IR_ATTR_INT) return false;
  *out = a->ival;
  return true;
}

/* scf.if with a constant condition: the taken region's ops move before the if. */
bool tile_canonicalize_if(ir_module *m, ir_op *op) {
  (void)m;
  int64_t c;
  if (!const_int(ir_op_operand(op, 0), &c)) return false;
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
bool tile_canonicalize_for(ir_module *m, ir_op *op) {
  (void)m;
  int64_t lb, ub;
  if (!const_int(ir_op_operand(op, 0), &lb) || !const_int(ir_op_operand(op, 1), &ub) || lb < ub)
    return false;
  for (unsigned i = 0; i < op->nresults; i++)
    ir_value_replace_all_uses(ir_op_result(op, i), ir_op_operand(op, 3 + i));
  ir_op_erase(op);
  return true;
}
