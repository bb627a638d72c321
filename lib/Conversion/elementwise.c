/* Elementwise ops: arith.*, math.*, casts, compares, select, constants. Each applies per
 * register: operands of one type share one layout, hence one register order. Math goes to
 * libdevice (__nv_*; linked at PTX emission) or to LLVM intrinsics; f16/bf16 math is
 * computed in f32. Which function lowers which op, and with which LLVM builder, cast,
 * intrinsic or libdevice name, is the op's row in convert.c's lowering table; the
 * cg_ew_* families read their data from that row. */
#include <string.h>

#include "Conversion/cg_internal.h"

static const char *const icmp_names[] = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"};
static const LLVMIntPredicate icmp_preds[] = {LLVMIntEQ,  LLVMIntNE,  LLVMIntSLT, LLVMIntSLE,
                                             LLVMIntSGT, LLVMIntSGE, LLVMIntULT, LLVMIntULE,
                                             LLVMIntUGT, LLVMIntUGE};
static const char *const fcmp_names[] = {"oeq", "one", "olt", "ole", "ogt", "oge", "ueq",
                                         "une", "ult", "ule", "ugt", "uge", "ord", "uno"};
static const LLVMRealPredicate fcmp_preds[] = {
    LLVMRealOEQ, LLVMRealONE, LLVMRealOLT, LLVMRealOLE, LLVMRealOGT, LLVMRealOGE, LLVMRealUEQ,
    LLVMRealUNE, LLVMRealULT, LLVMRealULE, LLVMRealUGT, LLVMRealUGE, LLVMRealORD, LLVMRealUNO};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* The operands' register arrays, all of the result's register count (a scalar operand, such
 * as select's condition, is repeated). NULL after an error. */
static cg_val **operands(cg_state *st, ir_op *op, unsigned *out_n) {
  unsigned n = cg_num_regs(st, op->nresults ? op->results[0].type : op->operands[0].value->type,
                           op->loc);
  if (!n) return NULL;
  cg_val **ops = sup_arena_alloc(st->arena, sizeof(cg_val *) * (op->noperands + 1));
  for (unsigned i = 0; i < op->noperands; i++) {
    cg_val *v = cg_get(st, ir_op_operand(op, i));
    if (!v) return NULL;
    if (v->n != n && v->n == 1) v = cg_val_splat(st, n, v->regs[0]);
    if (v->n != n) {
      ir_emit_error(st->ictx, op->loc, "internal: %s operand %u has %u registers, expected %u",
                    ir_op_name(op), i, v->n, n);
      return NULL;
    }
    ops[i] = v;
  }
  *out_n = n;
  return ops;
}

/* Whether a row's f32 fast path applies to op on values of type ty: f32, or f16/bf16
 * computed in f32 (the result rounded back), unless the op asks for precision. */
static bool fast_path(const cg_lowering *row, const ir_op *op, LLVMTypeRef ty) {
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  return row->approx_f32 && !ir_op_get_attr(op, TILE_ATTR_PRECISE) &&
         (k == LLVMFloatTypeKind || k == LLVMHalfTypeKind || k == LLVMBFloatTypeKind);
}

/* The row's f32 intrinsic on f32 operands (prescaled when the row says so). */
static LLVMValueRef approx_f32(cg_state *st, const cg_lowering *row, LLVMValueRef *args, unsigned nargs) {
  if (row->prescale)
    args[0] = LLVMBuildFMul(st->b, args[0], LLVMConstReal(LLVMFloatTypeInContext(st->ctx), row->prescale), "");
  LLVMTypeRef f32 = LLVMFloatTypeInContext(st->ctx); /* the overload, where there is one */
  unsigned id = LLVMLookupIntrinsicID(row->approx_f32, strlen(row->approx_f32));
  return cg_intrinsic(st, row->approx_f32, &f32, id && LLVMIntrinsicIsOverloaded(id), args, nargs);
}

/* A binary op through the row's f32 fast path, widening f16/bf16 operands to f32. */
static LLVMValueRef binary_fast(cg_state *st, const cg_lowering *row, LLVMTypeRef ty, LLVMValueRef *args) {
  LLVMTypeRef f32 = LLVMFloatTypeInContext(st->ctx);
  bool narrow = ty != f32;
  for (unsigned j = 0; j < 2 && narrow; j++) args[j] = LLVMBuildFPExt(st->b, args[j], f32, "");
  LLVMValueRef x = approx_f32(st, row, args, 2);
  return narrow ? LLVMBuildFPTrunc(st->b, x, ty, "") : x;
}

/* Whether the target has packed arithmetic on two values of 16-bit float type ty:
 * .f16x2 from sm_53, .bf16x2 (sub, mul) from sm_90. */
static bool packed_16bit(cg_state *st, LLVMTypeRef ty) {
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  unsigned sm = st->cm->target->sm;
  return (k == LLVMHalfTypeKind && sm >= 53) || (k == LLVMBFloatTypeKind && sm >= 90);
}

/* Whether op's f16 / bf16 add, sub or mul goes two registers at a time as a <2 x half> or
 * <2 x bfloat> operation (add/sub/mul.f16x2 from sm_53, .bf16x2 from sm_90): one instruction
 * for two elements, which LLVM's vectorizers do not always find (and do not run on modules
 * with wgmma kernels, docs/codegen.md). */
static bool paired(cg_state *st, const cg_lowering *row, LLVMTypeRef ty, bool fast) {
  bool arith = row->build == LLVMBuildFAdd || row->build == LLVMBuildFSub || row->build == LLVMBuildFMul;
  return !fast && arith && packed_16bit(st, ty);
}

static LLVMValueRef pair_of(cg_state *st, LLVMTypeRef vt, LLVMValueRef x, LLVMValueRef y) {
  LLVMValueRef v = LLVMBuildInsertElement(st->b, LLVMGetUndef(vt), x, cg_i32(st, 0), "");
  return LLVMBuildInsertElement(st->b, v, y, cg_i32(st, 1), "");
}

/* Registers i and i + 1 of r: the two lanes of v. */
static void set_pair(cg_state *st, cg_val *r, unsigned i, LLVMValueRef v) {
  r->regs[i] = LLVMBuildExtractElement(st->b, v, cg_i32(st, 0), "");
  r->regs[i + 1] = LLVMBuildExtractElement(st->b, v, cg_i32(st, 1), "");
}

bool cg_ew_binary(cg_state *st, ir_op *op, const cg_lowering *row) {
  unsigned n;
  cg_val **a = operands(st, op, &n);
  if (!a) return false;
  cg_val *r = cg_val_new(st, n);
  LLVMTypeRef ty = cg_scalar_type(st, op->results[0].type);
  bool fast = fast_path(row, op, ty);
  unsigned i = 0;
  if (paired(st, row, ty, fast)) {
    LLVMTypeRef vt = LLVMVectorType(ty, 2);
    for (; i + 1 < n; i += 2) {
      LLVMValueRef x = pair_of(st, vt, a[0]->regs[i], a[0]->regs[i + 1]);
      LLVMValueRef y = pair_of(st, vt, a[1]->regs[i], a[1]->regs[i + 1]);
      set_pair(st, r, i, row->build(st->b, x, y, ""));
    }
  }
  for (; i < n; i++) {
    LLVMValueRef args[2] = {a[0]->regs[i], a[1]->regs[i]};
    r->regs[i] = fast         ? binary_fast(st, row, ty, args)
                 : row->build ? row->build(st->b, args[0], args[1], "")
                              : cg_intrinsic(st, row->intrinsic, &ty, 1, args, 2);
  }
  cg_set(st, ir_op_result(op, 0), r);
  return true;
}

/* When x0 and x1 are elements j and j + 1 of one vector value (j even), that vector, its
 * length in *n and j in *j; else NULL. */
static LLVMValueRef adjacent_lanes(LLVMValueRef x0, LLVMValueRef x1, unsigned *n, unsigned *j) {
  if (!LLVMIsAExtractElementInst(x0) || !LLVMIsAExtractElementInst(x1)) return NULL;
  LLVMValueRef v = LLVMGetOperand(x0, 0), i0 = LLVMGetOperand(x0, 1), i1 = LLVMGetOperand(x1, 1);
  if (v != LLVMGetOperand(x1, 0) || LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMVectorTypeKind ||
      !LLVMIsAConstantInt(i0) || !LLVMIsAConstantInt(i1))
    return NULL;
  unsigned long long j0 = LLVMConstIntGetZExtValue(i0), j1 = LLVMConstIntGetZExtValue(i1);
  *n = LLVMGetVectorSize(LLVMTypeOf(v));
  *j = (unsigned)j0;
  return j0 % 2 == 0 && j1 == j0 + 1 && *n % 2 == 0 ? v : NULL;
}

LLVMValueRef cg_byte_pair(cg_state *st, LLVMValueRef x0, LLVMValueRef x1) {
  LLVMBuilderRef b = st->b;
  LLVMTypeRef i16 = LLVMInt16TypeInContext(st->ctx);
  unsigned n, j;
  LLVMValueRef v = adjacent_lanes(x0, x1, &n, &j);
  if (v) return LLVMBuildExtractElement(b, LLVMBuildBitCast(b, v, LLVMVectorType(i16, n / 2), ""), cg_i32(st, j / 2), "");
  LLVMValueRef hi = LLVMBuildShl(b, LLVMBuildZExt(b, x1, i16, ""), LLVMConstInt(i16, 8, 0), "");
  return LLVMBuildOr(b, LLVMBuildZExt(b, x0, i16, ""), hi, "");
}

/* Whether v is `op(x, k)` for an integer constant k (either operand for a commutative op):
 * x in *x, k in *k. */
static bool op_const(LLVMValueRef v, LLVMOpcode op, LLVMValueRef *x, int64_t *k) {
  if (!LLVMIsAInstruction(v) || LLVMGetInstructionOpcode(v) != op) return false;
  bool comm = op == LLVMAnd || op == LLVMAdd;
  for (unsigned i = 0; i < (comm ? 2u : 1u); i++) {
    LLVMValueRef c = LLVMGetOperand(v, 1 - i);
    if (!LLVMIsAConstantInt(c)) continue;
    *x = LLVMGetOperand(v, i);
    *k = LLVMConstIntGetSExtValue(c);
    return true;
  }
  return false;
}

/* Whether x0, x1 (bytes) are the low and high nibble of one byte less one constant, as int4
 * weights are unpacked (`(w & 15) - 8`, `(w >> 4) - 8`, the subtraction optional): the byte
 * in *byte, the constant in *c (within the range where the byte subtraction cannot wrap). */
static bool nibble_pair(LLVMValueRef x0, LLVMValueRef x1, LLVMValueRef *byte, int64_t *c) {
  LLVMValueRef a0 = x0, a1 = x1, b0, b1;
  int64_t k0, k1, m, sh;
  *c = 0;
  if (op_const(x0, LLVMSub, &a0, &k0) && op_const(x1, LLVMSub, &a1, &k1) && k0 == k1) *c = k0;
  else if (op_const(x0, LLVMAdd, &a0, &k0) && op_const(x1, LLVMAdd, &a1, &k1) && k0 == k1) *c = -k0;
  else a0 = x0, a1 = x1;
  if (*c < -112 || *c > 127) return false; /* 0 - c .. 15 - c must fit the signed byte */
  if (!op_const(a0, LLVMAnd, &b0, &m) || m != 15 || !op_const(a1, LLVMLShr, &b1, &sh) || sh != 4 || b0 != b1)
    return false;
  *byte = b0;
  return true;
}

/* The nibble pair of `byte` less c as two exact f16 or bf16 values: the nibbles masked into
 * bits 0-3 and 16-19 under a magic exponent (bf16 0x43xx: 128 + q; f16 0x64xx: 1024 + q),
 * and one packed subtraction of the magic plus c. */
static LLVMValueRef nibbles_to_float(cg_state *st, LLVMValueRef byte, int64_t c, LLVMTypeRef ft) {
  LLVMBuilderRef b = st->b;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(st->ctx), vt = LLVMVectorType(ft, 2);
  bool bf = LLVMGetTypeKind(ft) == LLVMBFloatTypeKind;
  int64_t magic = bf ? 0x4300 : 0x6400;
  LLVMValueRef w = LLVMBuildZExt(b, byte, i32, "");
  LLVMValueRef lo = LLVMBuildAnd(b, w, cg_i32(st, 0x0F), "");
  LLVMValueRef hi = LLVMBuildShl(b, LLVMBuildAnd(b, w, cg_i32(st, 0xF0), ""), cg_i32(st, 12), "");
  LLVMValueRef q = LLVMBuildOr(b, LLVMBuildOr(b, lo, hi, ""), cg_i32(st, magic << 16 | magic), "");
  /* magic + c as the float: 128 + c (bf16) or 1024 + c (f16), exact for |c| < 128 */
  LLVMValueRef off = LLVMConstReal(ft, (double)((bf ? 128 : 1024) + c));
  LLVMValueRef offs = LLVMConstVector((LLVMValueRef[]){off, off}, 2);
  return LLVMBuildFSub(b, LLVMBuildBitCast(b, q, vt, ""), offs, "");
}

/* Signed bytes x0, x1 as two exact f16 or bf16 values, a <2 x half/bfloat>: the bytes put
 * under a magic high byte by one prmt make each value a float offset by a constant (bf16's
 * 0x43xx: 128 + the low 7 bits, with the sign bit landing in the exponent; f16's 0x64xx with
 * the sign bit flipped: 1152 + x), and one packed subtraction removes the offset (Triton's
 * conversion on Hopper). Four instructions for two elements, against two a value through
 * a 16-bit integer. */
static LLVMValueRef s8_pair_to_float(cg_state *st, LLVMValueRef x0, LLVMValueRef x1, LLVMTypeRef ft) {
  LLVMValueRef byte;
  int64_t c;
  if (nibble_pair(x0, x1, &byte, &c)) return nibbles_to_float(st, byte, c, ft);
  LLVMBuilderRef b = st->b;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(st->ctx), vt = LLVMVectorType(ft, 2);
  bool bf = LLVMGetTypeKind(ft) == LLVMBFloatTypeKind;
  /* the pair's bytes at 0 and 1 of a 32-bit word, or at 2 and 3 of a loaded vector's word */
  LLVMValueRef word;
  int64_t sel = 0x4140;
  unsigned n, j;
  LLVMValueRef v = adjacent_lanes(x0, x1, &n, &j);
  if (v && n % 4 == 0) {
    word = LLVMBuildExtractElement(b, LLVMBuildBitCast(b, v, LLVMVectorType(i32, n / 4), ""), cg_i32(st, j / 4), "");
    sel = j % 4 ? 0x4342 : 0x4140;
  } else {
    word = LLVMBuildZExt(b, cg_byte_pair(st, x0, x1), i32, "");
  }
  LLVMValueRef args[3] = {word, cg_i32(st, bf ? 0x43 : 0x64), cg_i32(st, sel)};
  LLVMValueRef w = cg_intrinsic(st, "llvm.nvvm.prmt", NULL, 0, args, 3), hi, lo;
  if (bf) { /* (128 + low 7 bits) - (128 or 256 by the sign bit) */
    lo = LLVMBuildAnd(b, w, cg_i32(st, (int64_t)0xFF7FFF7F), "");
    hi = LLVMBuildAnd(b, w, cg_i32(st, (int64_t)0xFF80FF80), "");
  } else { /* (1024 + (x ^ 0x80)) - 1152 */
    lo = LLVMBuildXor(b, w, cg_i32(st, 0x00800080), "");
    hi = cg_i32(st, 0x64806480);
  }
  return LLVMBuildFSub(b, LLVMBuildBitCast(b, lo, vt, ""), LLVMBuildBitCast(b, hi, vt, ""), "");
}

/* Whether sitofp from `from` to `to` takes s8_pair_to_float: i8 to f16 or bf16 where the
 * packed subtraction exists. */
static bool s8_pairs(cg_state *st, LLVMOpcode opc, LLVMTypeRef from, LLVMTypeRef to) {
  return opc == LLVMSIToFP && LLVMGetTypeKind(from) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(from) == 8 &&
         packed_16bit(st, to);
}

bool cg_ew_cast(cg_state *st, ir_op *op, const cg_lowering *row) {
  LLVMOpcode opc = row->cast;
  unsigned n;
  cg_val **a = operands(st, op, &n);
  if (!a) return false;
  cg_val *r = cg_val_new(st, n);
  LLVMTypeRef ty = cg_scalar_type(st, op->results[0].type);
  unsigned i = 0;
  if (n > 1 && s8_pairs(st, opc, LLVMTypeOf(a[0]->regs[0]), ty)) {
    for (; i + 1 < n; i += 2) set_pair(st, r, i, s8_pair_to_float(st, a[0]->regs[i], a[0]->regs[i + 1], ty));
  }
  for (; i < n; i++) {
    LLVMValueRef x = a[0]->regs[i];
    if (opc == LLVMAddrSpaceCast && LLVMTypeOf(x) == ty) r->regs[i] = x;
    else r->regs[i] = LLVMBuildCast(st->b, opc, x, ty, "");
  }
  cg_set(st, ir_op_result(op, 0), r);
  return true;
}

static int find_name(const char *const *names, unsigned n, const char *s) {
  for (unsigned i = 0; s && i < n; i++)
    if (strcmp(names[i], s) == 0) return (int)i;
  return -1;
}

static bool lower_cmp(cg_state *st, ir_op *op, bool is_float) {
  const char *pred = ir_op_get_string_attr(op, "predicate");
  int k = is_float ? find_name(fcmp_names, COUNT(fcmp_names), pred)
                   : find_name(icmp_names, COUNT(icmp_names), pred);
  if (k < 0) {
    ir_emit_error(st->ictx, op->loc, "%s: unknown predicate '%s'", ir_op_name(op), pred ? pred : "");
    return false;
  }
  unsigned n;
  cg_val **a = operands(st, op, &n);
  if (!a) return false;
  cg_val *r = cg_val_new(st, n);
  for (unsigned i = 0; i < n; i++)
    r->regs[i] = is_float ? LLVMBuildFCmp(st->b, fcmp_preds[k], a[0]->regs[i], a[1]->regs[i], "")
                          : LLVMBuildICmp(st->b, icmp_preds[k], a[0]->regs[i], a[1]->regs[i], "");
  cg_set(st, ir_op_result(op, 0), r);
  return true;
}

bool cg_lower_cmpi(cg_state *st, ir_op *op) { return lower_cmp(st, op, false); }
bool cg_lower_cmpf(cg_state *st, ir_op *op) { return lower_cmp(st, op, true); }

bool cg_lower_select(cg_state *st, ir_op *op) {
  unsigned n;
  cg_val **a = operands(st, op, &n);
  if (!a) return false;
  cg_val *r = cg_val_new(st, n);
  for (unsigned i = 0; i < n; i++)
    r->regs[i] = LLVMBuildSelect(st->b, a[0]->regs[i], a[1]->regs[i], a[2]->regs[i], "");
  cg_set(st, ir_op_result(op, 0), r);
  return true;
}

bool cg_lower_constant(cg_state *st, ir_op *op) {
  const ir_attr *v = ir_op_get_attr(op, "value");
  const ir_type *t = op->results[0].type;
  LLVMTypeRef ty = cg_scalar_type(st, t);
  LLVMValueRef c;
  if (v && v->kind == IR_ATTR_INT && ir_type_scalar(t)->kind == IR_TYPE_INT)
    c = LLVMConstInt(ty, (unsigned long long)v->ival, 1);
  else if (v && v->kind == IR_ATTR_FLOAT && cg_fp8_constant(st, t, v->fval, &c))
    ;
  else if (v && v->kind == IR_ATTR_FLOAT && ir_type_scalar(t)->kind == IR_TYPE_FLOAT)
    c = LLVMConstReal(ty, v->fval);
  else {
    ir_emit_error(st->ictx, op->loc, "arith.constant: unsupported value for this type");
    return false;
  }
  unsigned n = cg_num_regs(st, t, op->loc);
  if (!n) return false;
  cg_set(st, ir_op_result(op, 0), cg_val_splat(st, n, c));
  return true;
}

bool cg_lower_mulhiui(cg_state *st, ir_op *op) {
  unsigned n;
  cg_val **a = operands(st, op, &n);
  if (!a) return false;
  LLVMTypeRef ty = cg_scalar_type(st, op->results[0].type);
  unsigned w = LLVMGetIntTypeWidth(ty);
  LLVMTypeRef wide = LLVMIntTypeInContext(st->ctx, 2 * w);
  cg_val *r = cg_val_new(st, n);
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef x = LLVMBuildZExt(st->b, a[0]->regs[i], wide, "");
    LLVMValueRef y = LLVMBuildZExt(st->b, a[1]->regs[i], wide, "");
    LLVMValueRef p = LLVMBuildLShr(st->b, LLVMBuildMul(st->b, x, y, ""),
                                   LLVMConstInt(wide, w, 0), "");
    r->regs[i] = LLVMBuildTrunc(st->b, p, ty, "");
  }
  cg_set(st, ir_op_result(op, 0), r);
  return true;
}

bool cg_lower_absi(cg_state *st, ir_op *op) {
  unsigned n;
  cg_val **a = operands(st, op, &n);
  if (!a) return false;
  LLVMTypeRef ty = cg_scalar_type(st, op->results[0].type);
  cg_val *r = cg_val_new(st, n);
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef args[2] = {a[0]->regs[i], LLVMConstInt(LLVMInt1TypeInContext(st->ctx), 0, 0)};
    r->regs[i] = cg_intrinsic(st, "llvm.abs", &ty, 1, args, 2);
  }
  cg_set(st, ir_op_result(op, 0), r);
  return true;
}

/* One math op on one register set of f32/f64 values. */
static LLVMValueRef math_one(cg_state *st, const ir_op *op, const cg_lowering *row,
                             LLVMTypeRef ty, LLVMValueRef *args, unsigned nargs) {
  if (fast_path(row, op, ty)) return approx_f32(st, row, args, nargs);
  if (row->intrinsic) return cg_intrinsic(st, row->intrinsic, &ty, 1, args, nargs);
  char name[64];
  snprintf(name, sizeof name, "%s", row->libdevice);
  if (LLVMGetTypeKind(ty) == LLVMDoubleTypeKind) name[strlen(name) - 1] = '\0';
  LLVMTypeRef params[3] = {ty, ty, ty};
  return cg_call_extern(st, name, ty, params, nargs, args);
}

/* Float math: the row's libdevice name for f32 (the f64 one drops the trailing 'f'), or its
 * intrinsic. */
bool cg_ew_math(cg_state *st, ir_op *op, const cg_lowering *row) {
  unsigned n;
  cg_val **a = operands(st, op, &n);
  if (!a) return false;
  LLVMTypeRef ty = cg_scalar_type(st, op->results[0].type);
  LLVMTypeKind tk = LLVMGetTypeKind(ty);
  bool narrow = tk == LLVMHalfTypeKind || tk == LLVMBFloatTypeKind;
  bool keep_narrow = narrow && ir_op_code(op) == IR_OP_ABSF;
  LLVMTypeRef cty = narrow && !keep_narrow ? LLVMFloatTypeInContext(st->ctx) : ty;
  cg_val *r = cg_val_new(st, n);
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef args[3];
    for (unsigned j = 0; j < op->noperands && j < 3; j++)
      args[j] = cty == ty ? a[j]->regs[i] : LLVMBuildFPExt(st->b, a[j]->regs[i], cty, "");
    LLVMValueRef x = math_one(st, op, row, cty, args, op->noperands);
    r->regs[i] = cty == ty ? x : LLVMBuildFPTrunc(st->b, x, ty, "");
  }
  cg_set(st, ir_op_result(op, 0), r);
  return true;
}

bool cg_lower_negf(cg_state *st, ir_op *op) {
  unsigned n;
  cg_val **a = operands(st, op, &n);
  if (!a) return false;
  cg_val *r = cg_val_new(st, n);
  for (unsigned i = 0; i < n; i++) r->regs[i] = LLVMBuildFNeg(st->b, a[0]->regs[i], "");
  cg_set(st, ir_op_result(op, 0), r);
  return true;
}
