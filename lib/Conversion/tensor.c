/* Tensor construction and layout ops: tt.make_range, tt.splat, tt.broadcast,
 * tt.expand_dims, tgpu.convert_layout.
 *
 * broadcast and expand_dims stay within one layout family, where registers with equal
 * static coordinates hold the same element in every thread: they only pick registers.
 * convert_layout is lowered in convert_layout.c (cg_lower_convert_layout). */
#include <string.h>

#include "Conversion/cg_internal.h"
#include "Dialect/TileGPU/tgpu_scratch.h"

bool cg_lower_make_range(cg_state *st, ir_op *op) {
  cg_layout l;
  if (!cg_layout_get(st, op->results[0].type, op->loc, &l)) return false;
  int64_t start = ir_op_get_int_attr(op, "start", 0);
  cg_val *r = cg_val_new(st, l.nregs);
  for (unsigned i = 0; i < l.nregs; i++) {
    LLVMValueRef c = cg_layout_coord(st, &l, i, 0);
    r->regs[i] = start ? LLVMBuildAdd(st->b, c, cg_i32(st, start), "") : c;
  }
  cg_set(st, ir_op_result(op, 0), r);
  return true;
}

bool cg_lower_splat(cg_state *st, ir_op *op) {
  unsigned n = cg_num_regs(st, op->results[0].type, op->loc);
  cg_val *s = cg_get(st, ir_op_operand(op, 0));
  if (!n || !s) return false;
  cg_set(st, ir_op_result(op, 0), cg_val_splat(st, n, s->regs[0]));
  return true;
}

/* Result register i takes source register map(i) where map picks by static coordinates:
 * `coords_of` turns the result register's coordinates into the source's. */
static bool pick_registers(cg_state *st, ir_op *op, const cg_layout *src, const cg_layout *dst,
                           void (*coords_of)(const int64_t *in, int64_t *out, unsigned axis,
                                             const cg_layout *src),
                           unsigned axis) {
  cg_val *s = cg_get(st, ir_op_operand(op, 0));
  if (!s) return false;
  cg_val *r = cg_val_new(st, dst->nregs);
  int64_t key[IR_MAX_RANK];
  for (unsigned i = 0; i < dst->nregs; i++) {
    coords_of(cg_layout_reg_coords(dst, i), key, axis, src);
    int k = cg_layout_find(src, key, NULL);
    if (k < 0 || (unsigned)k >= s->n) {
      ir_emit_error(st->ictx, op->loc, "%s: the source layout does not hold an element of the "
                    "result in the same thread", ir_op_name(op));
      return false;
    }
    r->regs[i] = s->regs[k];
  }
  cg_set(st, ir_op_result(op, 0), r);
  return true;
}

static void broadcast_coords(const int64_t *in, int64_t *out, unsigned axis, const cg_layout *src) {
  (void)axis;
  for (unsigned d = 0; d < src->rank; d++) out[d] = src->shape[d] == 1 ? 0 : in[d];
}

static void expand_coords(const int64_t *in, int64_t *out, unsigned axis, const cg_layout *src) {
  for (unsigned d = 0, s = 0; d <= src->rank; d++)
    if (d != axis) out[s++] = in[d];
}

bool cg_lower_broadcast(cg_state *st, ir_op *op) {
  const ir_type *st_ty = op->operands[0].value->type, *dt = op->results[0].type;
  if (!ir_type_is_tensor(st_ty)) return cg_lower_splat(st, op);
  if (st_ty->encoding != dt->encoding) {
    ir_emit_error(st->ictx, op->loc, "tt.broadcast between different layouts is not supported");
    return false;
  }
  cg_layout src, dst;
  if (!cg_layout_get(st, st_ty, op->loc, &src) || !cg_layout_get(st, dt, op->loc, &dst)) return false;
  return pick_registers(st, op, &src, &dst, broadcast_coords, 0);
}

/* tt.reshape: the same registers when both layouts place every element alike
 * (tgpu_reshape_keeps_registers); otherwise each element goes through scratch at its
 * row-major index: one copy of each stored (replica registers, lanes and warps skip it), a
 * barrier, and every thread loads its registers of the result. */
static LLVMValueRef row_major(cg_state *st, cg_layout *l, unsigned reg) {
  LLVMValueRef idx = cg_i32(st, 0);
  for (unsigned d = 0; d < l->rank; d++)
    idx = LLVMBuildAdd(st->b, LLVMBuildMul(st->b, idx, cg_i32(st, l->shape[d]), ""), cg_layout_coord(st, l, reg, d), "");
  return idx;
}

bool cg_lower_reshape(cg_state *st, ir_op *op) {
  const ir_type *sty = op->operands[0].value->type, *dty = op->results[0].type;
  cg_val *in = cg_get(st, ir_op_operand(op, 0));
  if (!in) return false;
  if (tgpu_reshape_keeps_registers(sty, dty)) {
    cg_set(st, ir_op_result(op, 0), in);
    return true;
  }
  cg_layout src, dst;
  if (!cg_layout_get(st, sty, op->loc, &src) || !cg_layout_get(st, dty, op->loc, &dst)) return false;
  LLVMValueRef base = cg_scratch_ptr(st, op);
  if (!base) return false;
  LLVMTypeRef mt = cg_mem_type(st, dty), t = cg_scalar_type(st, dty);
  uint32_t zr;
  LLVMValueRef owner = cg_layout_owner(st, &src, &zr);
  LLVMBasicBlockRef done = cg_if_begin(st, owner, "reshape.store", "reshape.stored");
  for (unsigned r = 0; r < in->n; r++) {
    if (r & zr) continue;
    LLVMValueRef idx = row_major(st, &src, r), v = in->regs[r];
    if (LLVMTypeOf(v) != mt) v = LLVMBuildZExt(st->b, v, mt, ""); /* i1 as i8 */
    LLVMBuildStore(st->b, v, LLVMBuildGEP2(st->b, mt, base, &idx, 1, ""));
  }
  cg_if_end(st, done);
  cg_barrier(st);
  cg_val *r = cg_val_new(st, dst.nregs);
  for (unsigned j = 0; j < dst.nregs; j++) {
    LLVMValueRef idx = row_major(st, &dst, j);
    LLVMValueRef v = LLVMBuildLoad2(st->b, mt, LLVMBuildGEP2(st->b, mt, base, &idx, 1, ""), "");
    r->regs[j] = mt != t ? LLVMBuildTrunc(st->b, v, t, "") : v;
  }
  cg_set(st, ir_op_result(op, 0), r);
  return true;
}

bool cg_lower_expand_dims(cg_state *st, ir_op *op) {
  const ir_type *st_ty = op->operands[0].value->type, *dt = op->results[0].type;
  int64_t axis = ir_op_get_int_attr(op, "axis", 0);
  unsigned dim;
  const ir_attr *parent;
  if (!tgpu_slice_get(st_ty->encoding, &dim, &parent) || dim != axis || parent != dt->encoding) {
    ir_emit_error(st->ictx, op->loc, "tt.expand_dims: the operand's layout must be a slice along "
                  "axis %lld of the result's layout", (long long)axis);
    return false;
  }
  cg_layout src, dst;
  if (!cg_layout_get(st, st_ty, op->loc, &src) || !cg_layout_get(st, dt, op->loc, &dst)) return false;
  return pick_registers(st, op, &src, &dst, expand_coords, (unsigned)axis);
}
