/* Pass "convert-to-tgpu": gives every tensor a layout.
 *
 * Needs: tile IR (tensors without encodings; func arguments are scalars), helpers inlined
 *   (a remaining tt.call is an error naming the inline pass).
 * Changes: sets module attributes tgpu.num_warps (4 when absent) and
 *   tgpu.threads_per_warp (32); checks each function's num_warps (tgpu_func_num_warps: its
 *   own attribute wins over the module's) against the module's target (target_info.h);
 *   every tensor of rank r in a function gets the default
 *   blocked layout computed for the per-dim largest shape of rank r in that function
 *   (sizePerThread 1: coalesce raises it), so elementwise chains across broadcasts agree;
 *   operands of tt.expand_dims get the slice of the result's layout, by recomputing their
 *   cheap producers (make_range, splat, constants, elementwise ops) in that layout, or
 *   else through tgpu.convert_layout. Ends with a check of every layout rule
 *   (Dialect/TileGPU/tgpu_rules.h); a violation is an internal error.
 * Invalidates: every tensor type (now encoded); adds tgpu.convert_layout ops.
 */
#include <string.h>

#include "Dialect/TileGPU/tgpu_rules.h"
#include "Transforms/passes.h"

typedef struct shape_acc {
  bool seen[IR_MAX_RANK + 1];
  int64_t max[IR_MAX_RANK + 1][IR_MAX_RANK];
} shape_acc;

static void note_type(shape_acc *acc, const ir_type *t) {
  if (!ir_type_is_tensor(t) || t->encoding || t->rank == 0 || t->rank > IR_MAX_RANK) return;
  acc->seen[t->rank] = true;
  for (unsigned d = 0; d < t->rank; d++)
    if (t->shape[d] > acc->max[t->rank][d]) acc->max[t->rank][d] = t->shape[d];
}

static void note_block_args(shape_acc *acc, ir_op *op) {
  for (unsigned r = 0; r < op->nregions; r++)
    for (ir_block *b = op->regions[r].first; b; b = b->next)
      for (unsigned a = 0; a < b->nargs; a++) note_type(acc, b->args[a]->type);
}

static ir_walk_result note_op(ir_op *op, void *user) {
  for (unsigned i = 0; i < op->nresults; i++) note_type(user, op->results[i].type);
  note_block_args(user, op);
  return IR_WALK_ADVANCE;
}

typedef struct assign_state {
  ir_context *ctx;
  const ir_attr *layout[IR_MAX_RANK + 1];
} assign_state;

static void assign_value(assign_state *s, ir_value *v) {
  const ir_type *t = v->type;
  if (!ir_type_is_tensor(t) || t->encoding || t->rank == 0 || t->rank > IR_MAX_RANK) return;
  ir_value_set_type(v, ir_type_with_encoding(s->ctx, t, s->layout[t->rank]));
}

static ir_walk_result assign_op(ir_op *op, void *user) {
  assign_state *s = user;
  for (unsigned i = 0; i < op->nresults; i++) assign_value(s, &op->results[i]);
  for (unsigned r = 0; r < op->nregions; r++)
    for (ir_block *b = op->regions[r].first; b; b = b->next)
      for (unsigned a = 0; a < b->nargs; a++) assign_value(s, b->args[a]);
  return IR_WALK_ADVANCE;
}

static void assign_function(ir_module *m, ir_op *func, unsigned num_warps) {
  shape_acc acc;
  memset(&acc, 0, sizeof acc);
  ir_walk_pre(func, note_op, &acc);
  assign_state s = {m->ctx, {0}};
  for (unsigned r = 1; r <= IR_MAX_RANK; r++) {
    if (!acc.seen[r]) continue;
    tgpu_blocked b = tgpu_default_blocked(r, acc.max[r], num_warps, 1);
    s.layout[r] = tgpu_blocked_attr(m->ctx, &b);
  }
  ir_walk_pre(func, assign_op, &s);
}

static void set_module_attrs(ir_module *m) {
  if (!ir_op_get_attr(m->op, TGPU_ATTR_NUM_WARPS))
    ir_op_set_attr(m->op, TGPU_ATTR_NUM_WARPS, ir_i32_attr(m->ctx, TGPU_DEFAULT_NUM_WARPS));
  ir_op_set_attr(m->op, TGPU_ATTR_THREADS_PER_WARP, ir_i32_attr(m->ctx, TGPU_WARP_SIZE));
}

/* The module's default and each function's own num_warps, each at its own location. */
static bool num_warps_valid(ir_module *m, const tgpu_target *t) {
  bool ok = tgpu_target_check_num_warps(m->ctx, m->op->loc, t,
                                        ir_op_get_int_attr(m->op, TGPU_ATTR_NUM_WARPS, 0));
  for (ir_op *f = ir_module_body(m)->first; f; f = f->next)
    if (ir_op_get_attr(f, TGPU_ATTR_NUM_WARPS))
      ok &= tgpu_target_check_num_warps(m->ctx, f->loc, t, ir_op_get_int_attr(f, TGPU_ATTR_NUM_WARPS, 0));
  return ok;
}

static ir_walk_result find_call(ir_op *op, void *user) {
  if (ir_op_code(op) != IR_OP_CALL) return IR_WALK_ADVANCE;
  *(ir_op **)user = op;
  return IR_WALK_INTERRUPT;
}

/* Layouts are chosen per kernel, so helpers must have been inlined into their callers. */
static bool calls_inlined(ir_module *m) {
  ir_op *call = NULL;
  if (ir_walk_pre(m->op, find_call, &call)) return true;
  ir_emit_error(m->ctx, call->loc, "'convert-to-tgpu' needs every helper inlined, but a tt.call "
                "to '%s' remains: run inline first", ir_op_get_string_attr(call, "callee"));
  return false;
}

static bool run(ir_module *m) {
  if (!calls_inlined(m)) return false;
  set_module_attrs(m);
  const tgpu_target *t = tgpu_target_of_module(m);
  if (!t || !num_warps_valid(m, t)) return false;
  for (ir_op *f = ir_module_body(m)->first; f; f = f->next)
    assign_function(m, f, tgpu_func_num_warps(f));
  tgpu_legalize_layouts(m);
  tgpu_rematerialize_converts(m);
  return tgpu_check_layouts(m, "convert-to-tgpu");
}

const ir_pass pass_convert_to_tgpu = {"convert-to-tgpu",
                                      "gives every tensor a blocked or slice layout", run};
