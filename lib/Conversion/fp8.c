/* fp8 conversions: arith.extf / arith.truncf with an f8E4M3FN (Triton's fp8e4nv) or f8E5M2
 * (fp8e5) side, fp8 constants, and the check that no other arithmetic reaches fp8 values.
 *
 * An fp8 value is an i8 in LLVM IR. Every conversion goes through f32 (exact for every fp8
 * value; an f64 source is rounded to f32 first):
 *   fp8 -> f32  e5m2: its bits are the top byte of the f16 of the same value (a shift);
 *               e4m3 on sm_89+: cvt.rn.f16x2.e4m3x2, two codes at a time (an f16 result
 *               straight from it); before sm_89 the f16 whose bits are
 *               the code shifted by 7, times 2^8 (exact), with 0x7f as NaN.
 *   f32 -> fp8  round to nearest even, saturating to the largest finite value (NaN gives
 *               the canonical NaN 0x7f), as PTX's cvt.rn.satfinite.{e4m3x2,e5m2x2}.f32: that
 *               instruction on sm_89+, two per pair of registers; before sm_89 the same
 *               rounding in integer arithmetic on the f32 bits.
 * Triton refuses fp8e4nv before sm_89 and converts fp8e5 there through f16 (rounding
 * twice); tilec converts both once, from f32. */
#include <math.h>
#include <string.h>

#include "Conversion/cg_internal.h"

typedef struct fp8_fmt {
  unsigned mbits, bias, max_code; /* mantissa bits, exponent bias, largest finite code */
} fp8_fmt;

static bool fp8_kind(const ir_type *t, fp8_fmt *out) {
  t = ir_type_scalar(t);
  if (t->kind != IR_TYPE_FLOAT || (t->fkind != IR_F8E4M3FN && t->fkind != IR_F8E5M2)) return false;
  if (out) *out = t->fkind == IR_F8E4M3FN ? (fp8_fmt){3, 7, 0x7e} : (fp8_fmt){2, 15, 0x7b};
  return true;
}

/* ---- host side: constants ------------------------------------------------------------- */

/* The fp8 code of f32 bits u (the rounding of the lowering, on the host). */
static uint8_t code_of_f32(uint32_t u, const fp8_fmt *f) {
  uint32_t sign = (u >> 24) & 0x80, a = u & 0x7fffffffu, shift = 23 - f->mbits, code;
  if (a > 0x7f800000u) return 0x7f; /* the canonical NaN, as cvt gives */
  if (a < (127 - f->bias + 1) << 23) {
    float v;
    memcpy(&v, &a, 4);
    code = (uint32_t)nearbyintf(ldexpf(v, (int)(f->bias - 1 + f->mbits)));
  } else {
    uint32_t r = a + (1u << (shift - 1)) - 1 + ((a >> shift) & 1);
    code = (r >> shift) - ((127 - f->bias) << f->mbits);
  }
  return (uint8_t)(sign | (code > f->max_code ? f->max_code : code));
}

/* ---- f32 -> fp8 ------------------------------------------------------------------------- */

static LLVMValueRef i32c(cg_state *st, uint32_t v) { return cg_i32(st, (int64_t)v); }

/* Integer rounding of f32 x (before sm_89). */
static LLVMValueRef soft_to_fp8(cg_state *st, LLVMValueRef x, const fp8_fmt *f) {
  LLVMBuilderRef b = st->b;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(st->ctx), f32 = LLVMFloatTypeInContext(st->ctx);
  uint32_t shift = 23 - f->mbits;
  LLVMValueRef u = LLVMBuildBitCast(b, x, i32, "");
  LLVMValueRef sign = LLVMBuildAnd(b, LLVMBuildLShr(b, u, i32c(st, 24), ""), i32c(st, 0x80), "");
  LLVMValueRef a = LLVMBuildAnd(b, u, i32c(st, 0x7fffffffu), "");
  LLVMValueRef lsb = LLVMBuildAnd(b, LLVMBuildLShr(b, a, i32c(st, shift), ""), i32c(st, 1), "");
  LLVMValueRef r = LLVMBuildAdd(b, LLVMBuildAdd(b, a, i32c(st, (1u << (shift - 1)) - 1), ""), lsb, "");
  LLVMValueRef normal = LLVMBuildSub(b, LLVMBuildLShr(b, r, i32c(st, shift), ""),
                                     i32c(st, (127 - f->bias) << f->mbits), "");
  LLVMValueRef scaled = LLVMBuildFMul(b, LLVMBuildBitCast(b, a, f32, ""),
                                      LLVMConstReal(f32, ldexp(1.0, (int)(f->bias - 1 + f->mbits))), "");
  LLVMValueRef sub = LLVMBuildFPToUI(b, cg_intrinsic(st, "llvm.rint", &f32, 1, &scaled, 1), i32, "");
  LLVMValueRef is_sub = LLVMBuildICmp(b, LLVMIntULT, a, i32c(st, (127 - f->bias + 1) << 23), "");
  LLVMValueRef code = LLVMBuildSelect(b, is_sub, sub, normal, "");
  LLVMValueRef big = LLVMBuildICmp(b, LLVMIntUGT, code, i32c(st, f->max_code), "");
  code = LLVMBuildSelect(b, big, i32c(st, f->max_code), code, "");
  LLVMValueRef nan = LLVMBuildICmp(b, LLVMIntUGT, a, i32c(st, 0x7f800000u), "");
  code = LLVMBuildOr(b, sign, code, "");
  code = LLVMBuildSelect(b, nan, i32c(st, 0x7f), code, ""); /* the canonical NaN, as cvt gives */
  return LLVMBuildTrunc(b, code, LLVMInt8TypeInContext(st->ctx), "");
}

/* cvt.rn.satfinite.{e4m3x2,e5m2x2}.f32 of the f32 values xs[i], xs[i+1] into out (sm_89+). */
static void hard_to_fp8_pair(cg_state *st, LLVMValueRef lo, LLVMValueRef hi, const fp8_fmt *f, LLVMValueRef *out) {
  LLVMValueRef args[2] = {hi, lo}; /* the first operand goes to the upper byte */
  LLVMValueRef p = cg_intrinsic(st, f->mbits == 3 ? "llvm.nvvm.ff.to.e4m3x2.rn" : "llvm.nvvm.ff.to.e5m2x2.rn",
                                NULL, 0, args, 2);
  LLVMTypeRef i8 = LLVMInt8TypeInContext(st->ctx);
  out[0] = LLVMBuildTrunc(st->b, p, i8, "");
  out[1] = LLVMBuildTrunc(st->b, LLVMBuildLShr(st->b, p, LLVMConstInt(LLVMTypeOf(p), 8, 0), ""), i8, "");
}

/* ---- fp8 -> f32 ------------------------------------------------------------------------- */

static LLVMValueRef half_of_bits(cg_state *st, LLVMValueRef bits16) {
  return LLVMBuildBitCast(st->b, bits16, LLVMHalfTypeInContext(st->ctx), "");
}

static LLVMValueRef fp8_to_f32(cg_state *st, LLVMValueRef x, const fp8_fmt *f) {
  LLVMBuilderRef b = st->b;
  LLVMTypeRef i16 = LLVMInt16TypeInContext(st->ctx), f32 = LLVMFloatTypeInContext(st->ctx);
  LLVMValueRef w = LLVMBuildZExt(b, x, i16, "");
  if (f->mbits == 2) /* e5m2 is the top byte of an f16 */
    return LLVMBuildFPExt(b, half_of_bits(st, LLVMBuildShl(b, w, LLVMConstInt(i16, 8, 0), "")), f32, "");
  if (st->cm->target->sm >= 89) {
    LLVMValueRef v = cg_intrinsic(st, "llvm.nvvm.e4m3x2.to.f16x2.rn", NULL, 0, &w, 1);
    return LLVMBuildFPExt(b, LLVMBuildExtractElement(b, v, cg_i32(st, 0), ""), f32, "");
  }
  LLVMValueRef sign = LLVMBuildShl(b, LLVMBuildAnd(b, w, LLVMConstInt(i16, 0x80, 0), ""), LLVMConstInt(i16, 8, 0), "");
  LLVMValueRef em = LLVMBuildAnd(b, w, LLVMConstInt(i16, 0x7f, 0), "");
  LLVMValueRef h = half_of_bits(st, LLVMBuildOr(b, sign, LLVMBuildShl(b, em, LLVMConstInt(i16, 7, 0), ""), ""));
  LLVMValueRef v = LLVMBuildFMul(b, LLVMBuildFPExt(b, h, f32, ""), LLVMConstReal(f32, 256.0), "");
  LLVMValueRef nan = LLVMBuildICmp(b, LLVMIntEQ, em, LLVMConstInt(i16, 0x7f, 0), "");
  return LLVMBuildSelect(b, nan, LLVMConstReal(f32, NAN), v, "");
}

/* e4m3 codes x0 and x1 as two f16 values (exact) by one cvt.rn.f16x2.e4m3x2 (sm_89+), the
 * first code in the low byte. */
static void e4m3_pair_to_f16(cg_state *st, LLVMValueRef x0, LLVMValueRef x1, LLVMValueRef out[2]) {
  LLVMBuilderRef b = st->b;
  LLVMValueRef w = cg_byte_pair(st, x0, x1);
  LLVMValueRef v = cg_intrinsic(st, "llvm.nvvm.e4m3x2.to.f16x2.rn", NULL, 0, &w, 1);
  out[0] = LLVMBuildExtractElement(b, v, cg_i32(st, 0), "");
  out[1] = LLVMBuildExtractElement(b, v, cg_i32(st, 1), "");
}

/* An f16 value as bf16: one cvt.rn.bf16.f16 on sm_90 (exact for an e4m3 code's value, which
 * has 3 mantissa bits), else through f32. */
static LLVMValueRef f16_to_bf16(cg_state *st, LLVMValueRef h) {
  LLVMTypeRef bf = LLVMBFloatTypeInContext(st->ctx);
  if (st->cm->target->sm < 90)
    return LLVMBuildFPTrunc(st->b, LLVMBuildFPExt(st->b, h, LLVMFloatTypeInContext(st->ctx), ""), bf, "");
  return cg_asm(st, bf, &h, 1, "cvt.rn.bf16.f16 $0, $1;", "=h,h", false);
}

LLVMValueRef cg_fp8_to_f32(cg_state *st, LLVMValueRef x, const ir_type *t) {
  fp8_fmt f;
  return fp8_kind(t, &f) ? fp8_to_f32(st, x, &f) : NULL;
}

/* ---- the cast --------------------------------------------------------------------------- */

/* x (of scalar type t, not fp8) as f32, or an f32 value as type t. */
static LLVMValueRef float_to(cg_state *st, LLVMValueRef x, LLVMTypeRef to) {
  LLVMTypeRef from = LLVMTypeOf(x);
  if (from == to) return x;
  bool wider = LLVMGetTypeKind(to) == LLVMDoubleTypeKind ||
               (LLVMGetTypeKind(to) == LLVMFloatTypeKind && LLVMGetTypeKind(from) != LLVMDoubleTypeKind);
  return wider ? LLVMBuildFPExt(st->b, x, to, "") : LLVMBuildFPTrunc(st->b, x, to, "");
}

bool cg_ew_fcast(cg_state *st, ir_op *op, const cg_lowering *row) {
  const ir_type *src = ir_op_operand(op, 0)->type, *dst = op->results[0].type;
  fp8_fmt fs, fd;
  bool s8 = fp8_kind(src, &fs), d8 = fp8_kind(dst, &fd);
  if (!s8 && !d8) return cg_ew_cast(st, op, row);
  cg_val *in = cg_get(st, ir_op_operand(op, 0));
  if (!in) return false;
  LLVMTypeRef f32 = LLVMFloatTypeInContext(st->ctx);
  cg_val *r = cg_val_new(st, in->n);
  if (s8 && fs.mbits == 3 && st->cm->target->sm >= 89 && !d8) { /* e4m3 -> wider: two codes a cvt */
    LLVMTypeRef to = cg_scalar_type(st, dst), half = LLVMHalfTypeInContext(st->ctx);
    for (unsigned i = 0; i < in->n; i += 2) {
      LLVMValueRef h[2];
      e4m3_pair_to_f16(st, in->regs[i], i + 1 < in->n ? in->regs[i + 1] : in->regs[i], h);
      for (unsigned k = 0; k < 2 && i + k < in->n; k++) /* an f16 goes on as it is, else through f32 */
        r->regs[i + k] = to == half                             ? h[k]
                         : to == LLVMBFloatTypeInContext(st->ctx) ? f16_to_bf16(st, h[k])
                                                                 : float_to(st, LLVMBuildFPExt(st->b, h[k], f32, ""), to);
    }
    cg_set(st, ir_op_result(op, 0), r);
    return true;
  }
  LLVMValueRef *mid = sup_arena_alloc(st->arena, (in->n + 1) * sizeof *mid);
  for (unsigned i = 0; i < in->n; i++)
    mid[i] = s8 ? fp8_to_f32(st, in->regs[i], &fs) : float_to(st, in->regs[i], f32);
  if (!d8) {
    for (unsigned i = 0; i < in->n; i++) r->regs[i] = float_to(st, mid[i], cg_scalar_type(st, dst));
  } else if (st->cm->target->sm >= 89) {
    LLVMValueRef pair[2];
    for (unsigned i = 0; i < in->n; i += 2) {
      hard_to_fp8_pair(st, mid[i], i + 1 < in->n ? mid[i + 1] : mid[i], &fd, pair);
      r->regs[i] = pair[0];
      if (i + 1 < in->n) r->regs[i + 1] = pair[1];
    }
  } else {
    for (unsigned i = 0; i < in->n; i++) r->regs[i] = soft_to_fp8(st, mid[i], &fd);
  }
  cg_set(st, ir_op_result(op, 0), r);
  return true;
}

bool cg_fp8_constant(cg_state *st, const ir_type *t, double v, LLVMValueRef *out) {
  fp8_fmt f;
  if (!fp8_kind(t, &f)) return false;
  float x = (float)v;
  uint32_t u;
  memcpy(&u, &x, 4);
  *out = LLVMConstInt(LLVMInt8TypeInContext(st->ctx), code_of_f32(u, &f), 0);
  return true;
}

/* ---- what may touch fp8 values ---------------------------------------------------------- */

static bool touches_fp8(const ir_op *op) {
  for (unsigned i = 0; i < op->noperands; i++)
    if (fp8_kind(ir_op_operand(op, i)->type, NULL)) return true;
  for (unsigned i = 0; i < op->nresults; i++)
    if (fp8_kind(op->results[i].type, NULL)) return true;
  return false;
}

bool cg_fp8_check(cg_state *st, ir_op *op) {
  ir_opcode c = ir_op_code(op);
  bool computes = ir_op_has_trait(op, IR_TRAIT_ELEMENTWISE) || c == IR_OP_REDUCE || c == IR_OP_SCAN ||
                  c == IR_OP_ATOMIC_RMW || c == IR_OP_ATOMIC_CAS;
  bool moves = c == IR_OP_EXTF || c == IR_OP_TRUNCF || c == IR_OP_BITCAST || c == IR_OP_SELECT;
  if (!computes || moves || !touches_fp8(op)) return true;
  ir_emit_error(st->ictx, op->loc, "'%s' on fp8 values is not supported: fp8 is loaded, stored, moved and "
                "converted (arith.extf / arith.truncf) only", ir_op_name(op));
  return false;
}
