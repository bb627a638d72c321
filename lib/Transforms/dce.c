/* Pass "dce": removes unused pure ops and unused private functions.
 *
 * Needs: verified IR.
 * Changes: erases, innermost blocks first and each block from its end, every op whose
 *   results are all unused and that has no effect (ir_op_has_no_effect: no IR_EFFECT_*
 *   bit, or only IR_EFFECT_REGIONS, as scf.for / scf.if have, with effect-free nested
 *   ops; scf.while may not terminate, so its effects include IR_EFFECT_CONTROL). Then
 *   erases every tt.func marked sym_visibility = "private" that no tt.call names.
 *   Repeats until nothing changes.
 * Invalidates: nothing. */
#include <string.h>

#include "Transforms/passes.h"

static bool results_unused(ir_op *op) {
  for (unsigned i = 0; i < op->nresults; i++)
    if (ir_value_has_uses(ir_op_result(op, i))) return false;
  return true;
}

static bool dce_block(ir_block *b);

static bool dce_op_regions(ir_op *op) {
  bool changed = false;
  for (unsigned i = 0; i < op->nregions; i++)
    for (ir_block *b = ir_op_region(op, i)->first; b; b = b->next) changed |= dce_block(b);
  return changed;
}

static bool dce_block(ir_block *b) {
  bool changed = false;
  for (ir_op *op = b->last, *prev; op; op = prev) {
    prev = op->prev;
    changed |= dce_op_regions(op);
    if (results_unused(op) && ir_op_has_no_effect(op)) {
      ir_op_erase(op);
      changed = true;
    }
  }
  return changed;
}

typedef struct callee_scan {
  const char *name;
  bool found;
} callee_scan;

static ir_walk_result find_call(ir_op *op, void *user) {
  callee_scan *s = user;
  const char *c = ir_op_code(op) == IR_OP_CALL ? ir_op_get_string_attr(op, "callee") : NULL;
  if (c && strcmp(c, s->name) == 0) {
    s->found = true;
    return IR_WALK_INTERRUPT;
  }
  return IR_WALK_ADVANCE;
}

static bool is_private_func(ir_op *op) {
  const char *vis = ir_op_get_string_attr(op, "sym_visibility");
  return ir_op_code(op) == IR_OP_FUNC && vis && strcmp(vis, "private") == 0;
}

static bool remove_dead_private_funcs(ir_module *m) {
  bool changed = false;
  for (ir_op *f = ir_module_body(m)->first, *next; f; f = next) {
    next = f->next;
    if (!is_private_func(f)) continue;
    callee_scan s = {ir_op_get_string_attr(f, "sym_name"), false};
    if (s.name) ir_walk_pre(m->op, find_call, &s);
    if (s.found) continue;
    ir_op_erase(f);
    changed = true;
  }
  return changed;
}

static bool run(ir_module *m) {
  while (dce_op_regions(m->op) | remove_dead_private_funcs(m)) {
  }
  return true;
}

const ir_pass pass_dce = {"dce", "removes unused pure ops and unused private functions", run};
