/* Pass "remove-layout-conversions": removes tgpu.convert_layout ops.
 *
 * Needs: tgpu IR satisfying the layout rules (Dialect/TileGPU/tgpu_rules.h).
 * Changes: (1) forward propagation (Triton's LayoutPropagation, simplified): the layout of
 *   each tt.dot result, then of each load result, then of each load's pointers where
 *   they are a loop-carried tensor (scf.for's block argument and result), flows to the
 *   results of the ops that use it whose layout rule infers a result layout (converts,
 *   elementwise ops, broadcasts, shape ops; all results of an op whose results share one
 *   type, as tt.split's), and through scf.yield to
 *   scf.for's carried argument and result (first layout to arrive wins); (2) legalization
 *   inserts converts where an op's operands now disagree and drops converts between equal
 *   layouts; (3) backward rematerialization (each op's layout rule says whether and how it
 *   is recomputed): a convert whose source is computed only from make_range, splat,
 *   constants, elementwise ops, broadcast, expand_dims, trans and reshape is replaced by
 *   recomputing that chain in the target layout (each value once per layout), a value of
 *   it that cannot be recomputed but has at most a quarter of the convert's elements being
 *   converted where it is made; dead pure ops are erased.
 *   Never adds a convert that was not needed to keep the rules; the rules hold at the end.
 * Invalidates: tensor types (layouts) of values it moves; op identities of recomputed
 *   chains.
 */
#include <stdlib.h>

#include "Dialect/TileGPU/tgpu_rules.h"
#include "Transforms/passes.h"

typedef struct prop_state {
  ir_context *ctx;
  sup_ptrmap layout;   /* ir_value* -> const ir_attr* (chosen layout) */
  ir_value **work;
  size_t n, cap;
} prop_state;

static void push(prop_state *s, ir_value *v, const ir_attr *enc) {
  if (sup_ptrmap_has(&s->layout, (uint64_t)(uintptr_t)v)) return;
  if (s->n == s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 64;
    ir_value **work = realloc(s->work, cap * sizeof *work);
    if (!work) return ir_context_note_oom(s->ctx); /* out of memory: the pass's result is dropped */
    s->work = work;
    s->cap = cap;
  }
  if (!sup_ptrmap_put(&s->layout, (uint64_t)(uintptr_t)v, (void *)enc)) return ir_context_note_oom(s->ctx);
  s->work[s->n++] = v;
}

/* Whether op's results are tensors of one type (one result, or tt.split's halves). */
static bool results_alike(const ir_op *op) {
  if (op->nresults == 0 || !ir_type_is_tensor(op->results[0].type)) return false;
  for (unsigned i = 1; i < op->nresults; i++)
    if (op->results[i].type != op->results[0].type) return false;
  return true;
}

/* The layout the results of `op` get when `enc` reaches an operand (its layout rule's
 * forward inference), or NULL when the layout does not flow through op. */
static const ir_attr *flow_through(ir_op *op, const ir_attr *enc) {
  if (!results_alike(op)) return NULL; /* scf ops: no rule */
  const tgpu_layout_rule *rule = tgpu_layout_rule_of(op);
  return rule->infer_result ? rule->infer_result(op, enc) : NULL;
}

/* Seeds: the layouts of dot results (the tensor-core accumulator, so that a loop carries
 * it and the epilogue works on it without a conversion), then of loads. */
static ir_walk_result seed_dots(ir_op *op, void *user) {
  if ((ir_op_code(op) == IR_OP_DOT || ir_op_code(op) == IR_OP_WARP_GROUP_DOT) && op->results[0].type->encoding)
    push(user, &op->results[0], op->results[0].type->encoding);
  return IR_WALK_ADVANCE;
}

static ir_walk_result seed_loads(ir_op *op, void *user) {
  if (ir_op_code(op) != IR_OP_LOAD || !ir_type_is_tensor(op->results[0].type)) return IR_WALK_ADVANCE;
  const ir_attr *enc = op->results[0].type->encoding;
  if (enc) push(user, &op->results[0], enc);
  return IR_WALK_ADVANCE;
}

/* A layout reaching scf.for's yield flows to the carried block argument and the result. */
static void push_loop_carried(prop_state *s, ir_op *yield, unsigned i, const ir_attr *enc) {
  ir_op *loop = ir_op_parent_op(yield);
  if (!loop || ir_op_code(loop) != IR_OP_FOR || i >= loop->nresults) return;
  ir_block *body = ir_region_entry(ir_op_region(loop, 0));
  if (!body || i + 1 >= body->nargs) return;
  push(s, body->args[i + 1], enc);
  push(s, &loop->results[i], enc);
}

/* A load whose pointers are a loop-carried tensor converted to the load's layout: the
 * carried pointers (block argument and loop result) take the load's layout, so that the
 * conversion happens once before the loop instead of at every iteration. Through a tt.trans
 * too (a transposed load, `tl.trans(w)` with w's pointers advanced each iteration: the
 * transpose accelerate-matmul moved onto them): the carried pointers take the layout the
 * transpose maps onto the load's, and the conversion of the pointers (8 bytes an element,
 * through shared memory) at every iteration is gone. */
static ir_walk_result seed_carried_pointers(ir_op *op, void *user) {
  if (ir_op_code(op) != IR_OP_LOAD || !ir_type_is_tensor(op->results[0].type)) return IR_WALK_ADVANCE;
  ir_op *cvt = ir_op_operand(op, 0)->def;
  if (!cvt || ir_op_code(cvt) != IR_OP_CONVERT_LAYOUT) return IR_WALK_ADVANCE;
  ir_value *src = ir_op_operand(cvt, 0);
  const ir_attr *enc = cvt->results[0].type->encoding;
  ir_op *tr = src->def;
  if (tr && ir_op_code(tr) == IR_OP_TRANS && ir_value_num_uses(src) == 1) {
    const tgpu_layout_rule *rule = tgpu_layout_rule_of(tr);
    enc = rule->remat_operand ? rule->remat_operand(tr, enc) : NULL;
    src = ir_op_operand(tr, 0);
    if (!enc) return IR_WALK_ADVANCE;
  }
  ir_op *loop = src->block ? ir_block_parent_op(src->block) : NULL;
  if (!loop || ir_op_code(loop) != IR_OP_FOR || src->index == 0) return IR_WALK_ADVANCE;
  push(user, src, enc);
  push(user, &loop->results[src->index - 1], enc);
  return IR_WALK_ADVANCE;
}

static void propagate(prop_state *s) {
  for (size_t i = 0; i < s->n; i++) {
    ir_value *v = s->work[i];
    const ir_attr *enc = sup_ptrmap_get(&s->layout, (uint64_t)(uintptr_t)v);
    for (ir_use *u = v->first_use; u; u = u->next_use) {
      ir_op *user = u->user;
      if (ir_op_code(user) == IR_OP_YIELD) push_loop_carried(s, user, u->index, enc);
      const ir_attr *out = flow_through(user, enc);
      for (unsigned r = 0; out && r < user->nresults; r++) push(s, &user->results[r], out);
    }
  }
}

static void apply(ir_module *m, prop_state *s) {
  for (size_t i = 0; i < s->n; i++) {
    ir_value *v = s->work[i];
    const ir_attr *enc = sup_ptrmap_get(&s->layout, (uint64_t)(uintptr_t)v);
    if (v->type->encoding != enc) ir_value_set_type(v, ir_type_with_encoding(m->ctx, v->type, enc));
  }
}

static bool run(ir_module *m) {
  if (!tgpu_require_layouts(m, "remove-layout-conversions")) return false;
  prop_state s = {m->ctx, {0}, NULL, 0, 0};
  ir_walk_pre(m->op, seed_dots, &s);
  ir_walk_pre(m->op, seed_loads, &s);
  ir_walk_pre(m->op, seed_carried_pointers, &s);
  propagate(&s);
  apply(m, &s);
  sup_ptrmap_free(&s.layout);
  free(s.work);
  tgpu_legalize_layouts(m);
  tgpu_rematerialize_converts(m);
  return tgpu_check_layouts(m, "remove-layout-conversions");
}

const ir_pass pass_remove_layout_conversions = {"remove-layout-conversions",
                                                "propagates layouts and removes tgpu.convert_layout ops",
                                                run};
