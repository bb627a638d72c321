/* The combine function of tt.reduce and tt.scan on one thread's scalars, and the butterfly
 * shuffle the reductions exchange partials with.
 *
 * A named combine (`combine = "addf"`) is one LLVM instruction or intrinsic. A combine
 * region (tl.reduce / tl.associative_scan with a jit function, argmax's value-and-index
 * pair) is lowered inline at every use: its 2n block arguments are bound to the n
 * accumulated and the n next values, each a one-register cg_val, and its tt.reduce.return
 * operands are the results. The region's ops are pure scalars (the verifier says so), so
 * lowering them once per combination is all it takes; LLVM then simplifies each copy. */
#include "Conversion/cg_internal.h"
#include "Dialect/Tile/tile.h"

#define FULL_MASK 0xffffffffu
#define SHFL_CLAMP 0x1f

void cg_combiner_init(cg_combiner *c, ir_op *op) {
  c->op = op;
  c->named = tile_reduce_combine(op);
  c->n = op->noperands;
}

bool cg_combining_operands(cg_state *st, ir_op *op, unsigned max, unsigned *sizes, cg_val **in) {
  if (op->noperands > max) {
    ir_emit_error(st->ictx, op->loc, "%s: too many operands", ir_op_name(op));
    return false;
  }
  for (unsigned i = 0; i < op->noperands; i++) {
    sizes[i] = ir_type_byte_size(ir_type_scalar(op->operands[i].value->type));
    if (!(in[i] = cg_get(st, ir_op_operand(op, i)))) return false;
  }
  return true;
}

static LLVMValueRef named(cg_state *st, ir_opcode k, LLVMValueRef a, LLVMValueRef b) {
  LLVMTypeRef t = LLVMTypeOf(a);
  LLVMValueRef args[2] = {a, b};
  switch (k) {
  case IR_OP_ADDF: return LLVMBuildFAdd(st->b, a, b, "");
  case IR_OP_MULF: return LLVMBuildFMul(st->b, a, b, "");
  case IR_OP_ADDI: return LLVMBuildAdd(st->b, a, b, "");
  case IR_OP_MULI: return LLVMBuildMul(st->b, a, b, "");
  case IR_OP_ANDI: return LLVMBuildAnd(st->b, a, b, "");
  case IR_OP_ORI: return LLVMBuildOr(st->b, a, b, "");
  case IR_OP_XORI: return LLVMBuildXor(st->b, a, b, "");
  case IR_OP_MAXNUMF: return cg_intrinsic(st, "llvm.maxnum", &t, 1, args, 2);
  case IR_OP_MINNUMF: return cg_intrinsic(st, "llvm.minnum", &t, 1, args, 2);
  case IR_OP_MAXIMUMF: return cg_intrinsic(st, "llvm.maximum", &t, 1, args, 2);
  case IR_OP_MINIMUMF: return cg_intrinsic(st, "llvm.minimum", &t, 1, args, 2);
  case IR_OP_MAXSI: return cg_intrinsic(st, "llvm.smax", &t, 1, args, 2);
  case IR_OP_MINSI: return cg_intrinsic(st, "llvm.smin", &t, 1, args, 2);
  case IR_OP_MAXUI: return cg_intrinsic(st, "llvm.umax", &t, 1, args, 2);
  case IR_OP_MINUI: return cg_intrinsic(st, "llvm.umin", &t, 1, args, 2);
  default: return NULL; /* the verifier admits no other combine */
  }
}

bool cg_combine(cg_state *st, const cg_combiner *c, LLVMValueRef *a, LLVMValueRef *b, LLVMValueRef *out) {
  if (c->named != IR_OP_UNKNOWN) {
    out[0] = named(st, c->named, a[0], b[0]);
    return true;
  }
  cg_val **args = sup_arena_alloc(st->arena, sizeof(cg_val *) * 2 * c->n);
  for (unsigned i = 0; i < 2 * c->n; i++) args[i] = cg_val_splat(st, 1, i < c->n ? a[i] : b[i - c->n]);
  cg_val **res;
  unsigned nres;
  if (!cg_lower_region(st, ir_op_region(c->op, 0), args, &res, &nres)) return false;
  if (nres != c->n) {
    ir_emit_error(st->ictx, c->op->loc, "internal: %s: the combine region returned %u values for %u",
                  ir_op_name(c->op), nres, c->n);
    return false;
  }
  for (unsigned i = 0; i < c->n; i++) out[i] = res[i]->regs[0];
  return true;
}

static LLVMValueRef shfl32(cg_state *st, LLVMValueRef v, bool bfly, LLVMValueRef lane) {
  LLVMValueRef args[4] = {cg_i32(st, (int64_t)FULL_MASK), v, lane, cg_i32(st, SHFL_CLAMP)};
  return cg_intrinsic(st, bfly ? "llvm.nvvm.shfl.sync.bfly.i32" : "llvm.nvvm.shfl.sync.idx.i32", NULL, 0, args, 4);
}

LLVMValueRef cg_shfl(cg_state *st, LLVMValueRef v, bool bfly, LLVMValueRef lane) {
  LLVMTypeRef t = LLVMTypeOf(v), i32 = LLVMInt32TypeInContext(st->ctx);
  LLVMTypeKind k = LLVMGetTypeKind(t);
  unsigned bits = k == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t)
                  : k == LLVMPointerTypeKind || k == LLVMDoubleTypeKind ? 64
                  : k == LLVMFloatTypeKind ? 32 : 16;
  LLVMTypeRef it = LLVMIntTypeInContext(st->ctx, bits);
  LLVMValueRef x = k == LLVMIntegerTypeKind ? v
                   : k == LLVMPointerTypeKind ? LLVMBuildPtrToInt(st->b, v, it, "")
                                              : LLVMBuildBitCast(st->b, v, it, "");
  LLVMValueRef r;
  if (bits <= 32) {
    r = shfl32(st, bits < 32 ? LLVMBuildZExt(st->b, x, i32, "") : x, bfly, lane);
    if (bits < 32) r = LLVMBuildTrunc(st->b, r, it, "");
  } else {
    LLVMValueRef k32 = LLVMConstInt(it, 32, 0);
    LLVMValueRef lo = shfl32(st, LLVMBuildTrunc(st->b, x, i32, ""), bfly, lane);
    LLVMValueRef hi = shfl32(st, LLVMBuildTrunc(st->b, LLVMBuildLShr(st->b, x, k32, ""), i32, ""), bfly, lane);
    r = LLVMBuildOr(st->b, LLVMBuildZExt(st->b, lo, it, ""), LLVMBuildShl(st->b, LLVMBuildZExt(st->b, hi, it, ""), k32, ""), "");
  }
  if (k == LLVMIntegerTypeKind) return r;
  return k == LLVMPointerTypeKind ? LLVMBuildIntToPtr(st->b, r, t, "") : LLVMBuildBitCast(st->b, r, t, "");
}

LLVMValueRef cg_shfl_bfly(cg_state *st, LLVMValueRef v, unsigned lane_mask) {
  return cg_shfl(st, v, true, cg_i32(st, lane_mask));
}
