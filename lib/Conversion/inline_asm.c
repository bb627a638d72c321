/* tt.elementwise_inline_asm (tl.inline_asm_elementwise): the user's PTX as LLVM inline asm,
 * once per group of `packed_element` registers of the thread.
 *
 * Operand and result types follow the constraint letters, as PTX registers hold them: 'f'
 * (.f32) and 'd' (.f64) take the float value; every other letter ('r' .b32, 'h' .b16, 'l'
 * .b64, 'c' .b8) takes the group's bits as one integer (`pack` elements of w bits side by
 * side, element 0 in the low bits), widened to 32 bits for 'r' and narrowed back for the
 * result. Elements are grouped by register order, which is any order for an element-wise
 * operation; a last group the thread's registers do not fill is padded with zeros, and what
 * the asm makes of the padding is dropped. */
#include <string.h>

#include "Conversion/cg_internal.h"
#include "Dialect/Tile/tile.h"

/* The LLVM type a register of letter `l` holds for `bits` bits of data. */
static LLVMTypeRef reg_type(cg_state *st, char l, unsigned bits) {
  if (l == 'f' && bits == 32) return LLVMFloatTypeInContext(st->ctx);
  if (l == 'd' && bits == 64) return LLVMDoubleTypeInContext(st->ctx);
  if (l == 'r' && bits < 32) bits = 32;
  return LLVMIntTypeInContext(st->ctx, bits);
}

/* `pack` scalars of type `et` (regs[0..pack)) as one value of register type `rt`. */
static LLVMValueRef pack_in(cg_state *st, LLVMValueRef *regs, unsigned pack, LLVMTypeRef et, unsigned w,
                            LLVMTypeRef rt) {
  LLVMValueRef v;
  if (pack == 1) {
    v = regs[0];
  } else {
    LLVMTypeRef vt = LLVMVectorType(et, pack);
    v = LLVMGetUndef(vt);
    for (unsigned k = 0; k < pack; k++) v = LLVMBuildInsertElement(st->b, v, regs[k], cg_i32(st, k), "");
  }
  if (LLVMTypeOf(v) == rt) return v;
  LLVMValueRef bits = LLVMBuildBitCast(st->b, v, LLVMIntTypeInContext(st->ctx, w * pack), "");
  if (LLVMGetTypeKind(rt) != LLVMIntegerTypeKind) return LLVMBuildBitCast(st->b, bits, rt, "");
  return LLVMGetIntTypeWidth(rt) > w * pack ? LLVMBuildZExt(st->b, bits, rt, "") : bits;
}

/* The inverse: register value `v` back to `pack` scalars of type `et` into out. */
static void unpack_out(cg_state *st, LLVMValueRef v, unsigned pack, LLVMTypeRef et, unsigned w, LLVMValueRef *out) {
  LLVMTypeRef it = LLVMIntTypeInContext(st->ctx, w * pack);
  if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(LLVMTypeOf(v)) > w * pack)
    v = LLVMBuildTrunc(st->b, v, it, "");
  if (pack == 1) {
    out[0] = LLVMTypeOf(v) == et ? v : LLVMBuildBitCast(st->b, v, et, "");
    return;
  }
  LLVMValueRef vec = LLVMBuildBitCast(st->b, v, LLVMVectorType(et, pack), "");
  for (unsigned k = 0; k < pack; k++) out[k] = LLVMBuildExtractElement(st->b, vec, cg_i32(st, k), "");
}

bool cg_lower_inline_asm(cg_state *st, ir_op *op) {
  const char *text = ir_op_get_string_attr(op, "asm_string"), *cons = ir_op_get_string_attr(op, "constraints");
  unsigned pack = (unsigned)ir_op_get_int_attr(op, "packed_element", 1);
  ir_value *res = ir_op_result(op, 0);
  const ir_type *rs = ir_type_scalar(res->type);
  unsigned n = cg_num_regs(st, res->type, op->loc);
  if (!n) return false;
  if (!text || !cons || !pack) {
    ir_emit_error(st->ictx, op->loc, "tt.elementwise_inline_asm needs asm_string, constraints and packed_element");
    return false;
  }
  unsigned nin = op->noperands;
  bool has_bool = rs->kind == IR_TYPE_INT && rs->width == 1;
  for (unsigned i = 0; i < nin; i++) {
    const ir_type *s = ir_type_scalar(ir_op_operand(op, i)->type);
    has_bool |= s->kind == IR_TYPE_INT && s->width == 1;
  }
  if (has_bool) {
    ir_emit_error(st->ictx, op->loc, "tl.inline_asm_elementwise: int1 operands and results are not supported "
                  "(convert to tl.int8 first)");
    return false;
  }
  cg_val **in = sup_arena_alloc(st->arena, (nin + 1) * sizeof *in);
  LLVMTypeRef params[64];
  if (nin > 63) {
    ir_emit_error(st->ictx, op->loc, "tl.inline_asm_elementwise: at most 63 operands");
    return false;
  }
  for (unsigned i = 0; i < nin; i++) {
    if (!(in[i] = cg_get(st, ir_op_operand(op, i)))) return false;
    const ir_type *s = ir_type_scalar(ir_op_operand(op, i)->type);
    params[i] = reg_type(st, tile_inline_asm_letter(cons, i + 1), ir_type_byte_size(s) * 8 * pack);
  }
  unsigned rw = ir_type_byte_size(rs) * 8;
  LLVMTypeRef ret = reg_type(st, tile_inline_asm_letter(cons, 0), rw * pack);
  LLVMTypeRef fty = LLVMFunctionType(ret, params, nin, 0);
  LLVMValueRef fn = LLVMGetInlineAsm(fty, (char *)text, strlen(text), (char *)cons, strlen(cons), 0, 0,
                                     LLVMInlineAsmDialectATT, 0);
  cg_val *out = cg_val_new(st, n);
  LLVMValueRef args[64], group[16], got[16];
  for (unsigned g = 0; g < n; g += pack) {
    for (unsigned i = 0; i < nin; i++) {
      const ir_type *s = ir_type_scalar(ir_op_operand(op, i)->type);
      LLVMTypeRef et = cg_scalar_type(st, s);
      for (unsigned k = 0; k < pack; k++) group[k] = g + k < n ? in[i]->regs[g + k] : LLVMConstNull(et);
      args[i] = pack_in(st, group, pack, et, ir_type_byte_size(s) * 8, params[i]);
    }
    LLVMValueRef r = LLVMBuildCall2(st->b, fty, fn, args, nin, "");
    unpack_out(st, r, pack, cg_scalar_type(st, rs), rw, got);
    for (unsigned k = 0; k < pack && g + k < n; k++) out->regs[g + k] = got[k];
  }
  cg_set(st, res, out);
  return true;
}
