/* Pass "inline": inlines every tt.call, then drops private functions without callers.
 *
 * Needs: verified IR (every callee exists with matching types).
 * Changes: functions are processed callees first (a depth-first walk of the call graph),
 *   so when a function's calls are inlined its callees no longer contain calls and one
 *   clone per call suffices. Each call is replaced by a clone of the callee's body (the
 *   parameters mapped to the call's operands, the results to tt.return's operands). A
 *   cycle in the call graph is an error: "recursive call to 'f' cannot be inlined", at the
 *   call that closes it. Afterwards, functions with sym_visibility = "private" that no call
 *   names are erased.
 * Invalidates: nothing (inlined ops keep the callee's locations). */
#include <stdlib.h>
#include <string.h>

#include "Transforms/passes.h"


static bool is_call(const ir_op *op) { return ir_op_code(op) == IR_OP_CALL; }

/* DFS state per function, kept in a map keyed by the func op. */
enum { ON_STACK = 1, DONE = 2 };

typedef struct inliner {
  ir_module *m;
  sup_ptrmap state;
} inliner;

static uint64_t key(const ir_op *f) { return (uint64_t)(uintptr_t)f; }

static ir_op *lookup_callee(inliner *in, ir_op *call) {
  const char *name = ir_op_get_string_attr(call, "callee");
  ir_op *f = name ? ir_module_lookup_symbol(in->m, name) : NULL;
  if (!f || ir_op_code(f) != IR_OP_FUNC) {
    ir_emit_error(in->m->ctx, call->loc, "'tt.call' op callee '%s' not found", name ? name : "");
    return NULL;
  }
  return f;
}

/* Replaces `call` by a clone of `callee`'s body placed right before it. */
static void inline_call(inliner *in, ir_op *call, ir_op *callee) {
  ir_region *body = ir_op_region(callee, 0);
  ir_block *entry = ir_region_entry(body);
  ir_valmap vm = {0};
  for (unsigned i = 0; i < entry->nargs; i++) ir_valmap_put(&vm, entry->args[i], ir_op_operand(call, i));
  ir_block *tmp = ir_block_create(in->m);
  ir_op *ret = ir_region_clone_into(in->m, body, tmp, &vm);
  ir_valmap_free(&vm);
  for (ir_op *o = tmp->first, *next; o && o != ret; o = next) {
    next = o->next;
    ir_op_move_before(o, call);
  }
  for (unsigned i = 0; i < call->nresults; i++)
    ir_value_replace_all_uses(ir_op_result(call, i), ir_op_operand(ret, i));
  ir_op_erase(ret);
  ir_op_erase(call);
}

static bool process_func(inliner *in, ir_op *f);

/* Inlines one call of the function being processed after processing its callee. */
static bool handle_call(inliner *in, ir_op *call) {
  ir_op *callee = lookup_callee(in, call);
  if (!callee) return false;
  if (sup_ptrmap_get(&in->state, key(callee)) == (void *)(uintptr_t)ON_STACK) {
    ir_emit_error(in->m->ctx, call->loc, "recursive call to '%s' cannot be inlined",
                  ir_op_get_string_attr(callee, "sym_name"));
    return false;
  }
  if (!process_func(in, callee)) return false;
  inline_call(in, call, callee);
  return true;
}

static bool process_func(inliner *in, ir_op *f) {
  if (sup_ptrmap_get(&in->state, key(f)) == (void *)(uintptr_t)DONE) return true;
  if (!sup_ptrmap_put(&in->state, key(f), (void *)(uintptr_t)ON_STACK))
    return ir_context_note_oom(in->m->ctx), false;
  ir_oplist calls = ir_collect_ops(f, false, is_call);
  bool ok = true;
  for (size_t i = 0; ok && i < calls.count; i++) ok = handle_call(in, calls.ops[i]);
  ir_oplist_free(&calls);
  sup_ptrmap_put(&in->state, key(f), (void *)(uintptr_t)DONE); /* in place: cannot fail */
  return ok;
}

static bool is_private(ir_op *f) {
  const char *vis = ir_op_get_string_attr(f, "sym_visibility");
  return vis && strcmp(vis, "private") == 0;
}

/* After inlining no calls are left, so every private function is unused. */
static void erase_private_funcs(ir_module *m) {
  for (ir_op *f = ir_module_body(m)->first, *next; f; f = next) {
    next = f->next;
    if (ir_op_code(f) == IR_OP_FUNC && is_private(f)) ir_op_erase(f);
  }
}

static bool run(ir_module *m) {
  inliner in = {m, {0}};
  bool ok = true;
  for (ir_op *f = ir_module_body(m)->first; ok && f; f = f->next)
    if (ir_op_code(f) == IR_OP_FUNC) ok = process_func(&in, f);
  sup_ptrmap_free(&in.state);
  if (ok) erase_private_funcs(m);
  return ok;
}

const ir_pass pass_inline = {"inline", "inlines every tt.call and drops private functions", run};
