/* Pass "test-print-axis-info": a debugging aid for tests of the axis analysis.
 *
 * Needs: any module (tile or tgpu IR).
 * Changes: nothing; emits one remark per function argument and per op result of integer or
 *   pointer type: "axis-info OP #N: contiguity = [..], divisibility = [..], constancy = [..]"
 *   (", value = C" when the value is a known constant).
 * Invalidates: nothing.
 */
#include "Analysis/axisinfo.h"
#include "Transforms/passes.h"

typedef struct print_state {
  ir_module *m;
  axis_analysis *a;
} print_state;

static bool is_interesting(const ir_value *v) {
  const ir_type *s = ir_type_scalar(v->type);
  return ir_type_is_int(s) || ir_type_is_ptr(s);
}

static void remark(print_state *s, ir_loc loc, const char *what, unsigned i, const ir_value *v) {
  sup_strbuf buf = {0};
  axis_info_print(axis_analysis_get(s->a, v), &buf);
  diag_emit(ir_context_diag(s->m->ctx), DIAG_REMARK, loc, "axis-info %s #%u: %s", what, i,
            sup_strbuf_cstr(&buf));
  sup_strbuf_free(&buf);
}

static ir_walk_result print_op(ir_op *op, void *user) {
  print_state *s = user;
  if (ir_op_code(op) == IR_OP_FUNC) {
    ir_block *entry = ir_region_entry(ir_op_region(op, 0));
    for (unsigned i = 0; entry && i < entry->nargs; i++)
      if (is_interesting(entry->args[i])) remark(s, op->loc, "arg", i, entry->args[i]);
  }
  for (unsigned i = 0; i < op->nresults; i++)
    if (is_interesting(&op->results[i])) remark(s, op->loc, ir_op_name(op), i, &op->results[i]);
  return IR_WALK_ADVANCE;
}

static bool run(ir_module *m) {
  print_state s = {m, axis_analysis_run(m)};
  if (!s.a) return false;
  ir_walk_pre(m->op, print_op, &s);
  axis_analysis_free(s.a);
  return true;
}

const ir_pass pass_test_print_axis_info = {"test-print-axis-info",
                                           "prints the axis analysis of every integer/pointer value as remarks",
                                           run};
