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

bool tgpu_verify_memdesc_index(ir_op *op) {
  tgpu_memdesc src, dst;
  if (!get_memdesc(op, op->operands[0].value->type, "operand #0", &src) ||
      !get_memdesc(op, op->results[0].type, "result", &dst))
    return false;
  const ir_type *idx = op->operands[1].value->type;
  if (!ir_type_is_int(idx) || idx->width != 32) return fail(op, "operand #1 must be an i32 buffer index", NULL);
  bool same = dst.num_buffers == 1 && dst.rank == src.rank && dst.elem == src.elem && dst.is_mutable == src.is_mutable &&
              tgpu_shared_equal(&dst.layout, &src.layout);
  for (unsigned d = 0; same && d < src.rank; d++) same = dst.shape[d] == src.shape[d];
  if (!same) return fail(op, "result must be one buffer of the operand's shape, layout and mutability", NULL);
  return true;
}

bool tgpu_verify_async_copy(ir_op *op) {
  tgpu_memdesc md;
  if (!get_memdesc(op, op->operands[1].value->type, "operand #1", &md)) return false;
  if (!md.is_mutable || md.num_buffers != 1) return fail(op, "operand #1 must be a mutable memdesc of one buffer", NULL);
  const ir_type *p = op->operands[0].value->type;
  bool ok = ir_type_is_tensor(p) && ir_type_is_ptr(p->elem) && p->elem->elem == md.elem && p->rank == md.rank;
  for (unsigned d = 0; ok && d < md.rank; d++) ok = p->shape[d] == md.shape[d];
  if (!ok) return fail(op, "operand #0 must be a tensor of pointers to the memdesc's elements, in its shape", NULL);
  if (op->noperands == 3) {
    const ir_type *m = op->operands[2].value->type;
    bool mok = ir_type_is_tensor(m) && ir_type_is_int(m->elem) && m->elem->width == 1 && m->rank == p->rank;
    for (unsigned d = 0; mok && d < p->rank; d++) mok = m->shape[d] == p->shape[d];
    if (!mok) return fail(op, "the mask must be i1 in the pointers' shape", NULL);
  }
  if (!tgpu_type_is_async_token(op->results[0].type)) return fail(op, "the result must be an !tgpu.async_token", NULL);
  int64_t vec = ir_op_get_int_attr(op, TGPU_ATTR_VEC, 1);
  int64_t bytes = vec * (int64_t)ir_type_byte_size(md.elem);
  if (bytes != 4 && bytes != 8 && bytes != 16) return fail(op, "tgpu.vec must make copies of 4, 8 or 16 bytes", NULL);
  return true;
}
