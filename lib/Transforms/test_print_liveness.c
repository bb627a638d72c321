/* Pass "test-print-liveness": a debugging aid for tests of the shared-memory liveness.
 *
 * Needs: tgpu IR.
 * Changes: nothing; emits one remark per shared-memory buffer of each function, at its
 *   owning op: "liveness OP buffer|scratch: N bytes, align A, ops S..E (E is 'LAST')", op
 *   numbers in program order (Analysis/liveness.h); then one at the function: "liveness
 *   peak: N bytes live at op K ('OP')" (the lower bound of any placement).
 * Invalidates: nothing.
 */
#include "Analysis/liveness.h"
#include "Dialect/TileGPU/tgpu.h"
#include "Transforms/passes.h"

static bool print_func(ir_module *m, ir_op *func) {
  liveness *l = liveness_run(func, tgpu_func_num_warps(func));
  if (!l) return false;
  for (size_t i = 0; i < liveness_num_buffers(l); i++) {
    const liveness_buffer *b = liveness_buffer_at(l, i);
    diag_emit(ir_context_diag(m->ctx), DIAG_REMARK, b->owner->loc,
              "liveness %s %s: %lld bytes, align %u, ops %u..%u (%u is '%s')",
              ir_op_name(b->owner), b->kind == LIVENESS_SCRATCH ? "scratch" : "buffer",
              (long long)b->bytes, b->align, b->start, b->end, b->end,
              ir_op_name(liveness_op_at(l, b->end)));
  }
  unsigned at = 0;
  int64_t peak = liveness_peak_bytes(l, &at);
  if (peak)
    diag_emit(ir_context_diag(m->ctx), DIAG_REMARK, func->loc,
              "liveness peak: %lld bytes live at op %u ('%s')", (long long)peak, at,
              ir_op_name(liveness_op_at(l, at)));
  liveness_free(l);
  return true;
}

static bool run(ir_module *m) {
  bool ok = true;
  for (ir_op *op = ir_module_body(m)->first; op; op = op->next)
    if (ir_op_code(op) == IR_OP_FUNC) ok = print_func(m, op) && ok;
  return ok;
}

const ir_pass pass_test_print_liveness = {"test-print-liveness",
                                          "prints the live interval of every shared-memory buffer as remarks",
                                          run};
