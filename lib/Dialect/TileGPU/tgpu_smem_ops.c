/* Verifiers of the shared-memory ops of tgpu_ops.def: tgpu.local_alloc, local_dealloc,
 * local_load, local_store (tgpu.barrier has nothing to check). Each checks that its
 * memdesc operand or result is a well-formed !tgpu.memdesc and that the tensor side has
 * the memdesc's shape and element type. */
#include "Dialect/TileGPU/tgpu_types.h"

static bool fail(ir_op *op, const char *msg, const char *detail) {
  ir_emit_error(ir_op_context(op), op->loc, "'%s' op %s%s", ir_op_name(op), msg, detail ? detail : "");
  return false;
}

/* Decodes `t` as a memdesc for `what` ("operand #0", "result"), reporting why it is not. */
static bool get_memdesc(ir_op *op, const ir_type *t, const char *what, tgpu_memdesc *out) {
  const char *msg = tgpu_memdesc_check(t);
  if (!msg) return tgpu_memdesc_get(t, out);
  sup_strbuf b = {0};
  ir_type_print(t, &b);
  ir_emit_error(ir_op_context(op), op->loc, "'%s' op %s must be a valid !tgpu.memdesc (%s), got %s",
                ir_op_name(op), what, msg, sup_strbuf_cstr(&b));
  sup_strbuf_free(&b);
  return false;
}

/* A tensor of the memdesc's shape (one buffer) and element type. */
static bool matches_tile(ir_op *op, const ir_type *t, const tgpu_memdesc *md, const char *what) {
  bool ok = ir_type_is_tensor(t) && t->rank == md->rank && t->elem == md->elem;
  for (unsigned d = 0; ok && d < md->rank; d++) ok = t->shape[d] == md->shape[d];
  if (ok) return true;
  sup_strbuf b = {0};
  ir_type_print(t, &b);
  ir_emit_error(ir_op_context(op), op->loc,
                "'%s' op %s must be a tensor of the memdesc's shape and element type, got %s",
                ir_op_name(op), what, sup_strbuf_cstr(&b));
  sup_strbuf_free(&b);
  return false;
}

bool tgpu_verify_local_alloc(ir_op *op) {
  tgpu_memdesc md;
  if (!get_memdesc(op, op->results[0].type, "result", &md)) return false;
  if (op->noperands == 0) {
    if (!md.is_mutable) return fail(op, "without an initial value must give a mutable memdesc", NULL);
    return true;
  }
  if (md.num_buffers != 1) return fail(op, "with an initial value must give a memdesc of one buffer", NULL);
  return matches_tile(op, op->operands[0].value->type, &md, "initial value");
}

bool tgpu_verify_local_dealloc(ir_op *op) {
  tgpu_memdesc md;
  return get_memdesc(op, op->operands[0].value->type, "operand", &md);
}

bool tgpu_verify_local_load(ir_op *op) {
  tgpu_memdesc md;
  if (!get_memdesc(op, op->operands[0].value->type, "operand", &md)) return false;
  if (md.num_buffers != 1) return fail(op, "operand must be a memdesc of one buffer", NULL);
  const ir_type *t = op->results[0].type;
  if (!matches_tile(op, t, &md, "result")) return false;
  if (tgpu_layout_kind_of(t->encoding) == TGPU_LAYOUT_NONE)
    return fail(op, "result must have a distributed layout (#tgpu.blocked or #tgpu.slice)", NULL);
  return true;
}

bool tgpu_verify_local_store(ir_op *op) {
  tgpu_memdesc md;
  if (!get_memdesc(op, op->operands[1].value->type, "operand #1", &md)) return false;
  if (!md.is_mutable) return fail(op, "cannot store to an immutable memdesc", NULL);
  if (md.num_buffers != 1) return fail(op, "operand #1 must be a memdesc of one buffer", NULL);
  return matches_tile(op, op->operands[0].value->type, &md, "value");
}
