/* Lowers tt.dot. The layouts were chosen before (accelerate-matmul, the layout rules):
 *   result #tgpu.mma        mma.sync m16n8kK per instruction tile (the NVVM intrinsics),
 *                           operands in #tgpu.dot_op<{parent = mma}> registers;
 *   result #tgpu.blocked    the FMA dot: each thread holds, for its result elements, the
 *                           whole K extent of their A rows and B columns
 *                           (#tgpu.dot_op<{parent = blocked}>), and multiplies and adds.
 * Registers are found by their static coordinates (cg_layout): the element a thread holds
 * in register r is ll(r) XOR its lane and warp part, and the operand layouts are built so
 * that the lane and warp parts of A, B and the result agree on M, N and the batch; so the
 * register of A holding (b, m, k) for a result register at (b, m, n) is a solve of A's
 * register map (linear_layout.h). */
#include <string.h>

#include "Conversion/cg_internal.h"
#include "Dialect/Tile/tile.h"

/* One operand or the result: its lowered values and its register map. */
typedef struct dot_side {
  cg_layout l;
  cg_val *v;
  tgpu_ll regs; /* the register part of the linear layout */
} dot_side;

static bool side_get(cg_state *st, ir_value *v, ir_loc loc, dot_side *s) {
  if (!cg_layout_get(st, v->type, loc, &s->l)) return false;
  s->v = cg_get(st, v);
  s->regs = tgpu_ll_layout_restrict(&s->l.ll, 1);
  return s->v != NULL;
}

/* The register of s holding the element at static coordinates c. */
static LLVMValueRef at(const dot_side *s, const int64_t *c) {
  uint32_t e = 0, r;
  for (unsigned d = 0; d < s->l.rank; d++) e = e << s->l.ll.dim_bits[d] | (uint32_t)c[d];
  if (!tgpu_ll_solve(&s->regs, e, &r)) return NULL;
  return s->v->regs[r];
}

/* ---- the FMA dot ---------------------------------------------------------------------- */

/* An operand register in the accumulator's type (fp8 registers are i8 codes). */
static LLVMValueRef widen(cg_state *st, LLVMValueRef x, const ir_type *from, LLVMTypeRef to, bool is_float) {
  LLVMValueRef f = cg_fp8_to_f32(st, x, from);
  if (f) x = f;
  if (LLVMTypeOf(x) == to) return x;
  if (!is_float) return LLVMBuildSExt(st->b, x, to, "");
  return LLVMGetTypeKind(to) == LLVMHalfTypeKind ? LLVMBuildFPTrunc(st->b, x, to, "") : LLVMBuildFPExt(st->b, x, to, "");
}

/* K outermost: the products of one k use one column of A and one row of B, so each operand
 * register is read in one stretch (short live ranges once the loads move next to them). */
static bool lower_fma(cg_state *st, ir_op *op, dot_side *a, dot_side *b, dot_side *c, cg_val *out) {
  unsigned r = c->l.rank, K = (unsigned)ir_op_operand(op, 0)->type->shape[r - 1];
  LLVMTypeRef ct = cg_scalar_type(st, ir_op_result(op, 0)->type);
  bool is_float = ir_type_is_float(ir_type_scalar(ir_op_result(op, 0)->type));
  memcpy(out->regs, c->v->regs, sizeof(LLVMValueRef) * out->n);
  for (unsigned k = 0; k < K; k++)
    for (unsigned i = 0; i < out->n; i++) {
      const int64_t *cc = cg_layout_reg_coords(&c->l, i);
      int64_t ac[3], bc[3];
      memcpy(ac, cc, sizeof(int64_t) * r);
      memcpy(bc, cc, sizeof(int64_t) * r);
      ac[r - 1] = k;
      bc[r - 2] = k;
      LLVMValueRef x = at(a, ac), y = at(b, bc);
      if (!x || !y) {
        ir_emit_error(st->ictx, op->loc, "internal: tt.dot operand register not found");
        return false;
      }
      x = widen(st, x, ir_op_operand(op, 0)->type, ct, is_float);
      y = widen(st, y, ir_op_operand(op, 1)->type, ct, is_float);
      if (is_float) {
        LLVMTypeRef over[1] = {ct};
        LLVMValueRef args[3] = {x, y, out->regs[i]};
        out->regs[i] = cg_intrinsic(st, "llvm.fma", over, 1, args, 3);
      } else {
        out->regs[i] = LLVMBuildAdd(st->b, LLVMBuildMul(st->b, x, y, ""), out->regs[i], "");
      }
    }
  return true;
}

/* ---- mma.sync ------------------------------------------------------------------------- */

typedef enum mma_kind {
  MMA_F16_F32, MMA_F16_F16, MMA_BF16, MMA_TF32, MMA_S8,
  MMA_FP8_F32, /* + 2 (A is e5m2) + 1 (B is e5m2): the four fp8 pairs, f32 accumulate */
  MMA_FP8_F16 = MMA_FP8_F32 + 4, /* the same with an f16 accumulator */
  MMA_KINDS = MMA_FP8_F16 + 4,
} mma_kind;

typedef struct mma_instr {
  const char *name;    /* the NVVM intrinsic */
  unsigned k;          /* instruction K */
  unsigned kw;         /* elements per 32-bit operand register */
  bool half_regs;      /* operand registers are <2 x half> (else i32) */
  bool half_acc;       /* accumulator: 2 x <2 x half> (else 4 scalars) */
} mma_instr;

static const mma_instr instrs[] = {
    [MMA_F16_F32] = {"llvm.nvvm.mma.m16n8k16.row.col.f32.f32", 16, 2, true, false},
    [MMA_F16_F16] = {"llvm.nvvm.mma.m16n8k16.row.col.f16.f16", 16, 2, true, true},
    [MMA_BF16] = {"llvm.nvvm.mma.m16n8k16.row.col.bf16", 16, 2, false, false},
    [MMA_TF32] = {"llvm.nvvm.mma.m16n8k8.row.col.tf32", 8, 1, false, false},
    [MMA_S8] = {"llvm.nvvm.mma.m16n8k32.row.col.s8", 32, 4, false, false},
    [MMA_FP8_F32 + 0] = {"llvm.nvvm.mma.m16n8k32.row.col.f32.e4m3.e4m3.f32", 32, 4, false, false},
    [MMA_FP8_F32 + 1] = {"llvm.nvvm.mma.m16n8k32.row.col.f32.e4m3.e5m2.f32", 32, 4, false, false},
    [MMA_FP8_F32 + 2] = {"llvm.nvvm.mma.m16n8k32.row.col.f32.e5m2.e4m3.f32", 32, 4, false, false},
    [MMA_FP8_F32 + 3] = {"llvm.nvvm.mma.m16n8k32.row.col.f32.e5m2.e5m2.f32", 32, 4, false, false},
    [MMA_FP8_F16 + 0] = {"llvm.nvvm.mma.m16n8k32.row.col.f16.e4m3.e4m3.f16", 32, 4, false, true},
    [MMA_FP8_F16 + 1] = {"llvm.nvvm.mma.m16n8k32.row.col.f16.e4m3.e5m2.f16", 32, 4, false, true},
    [MMA_FP8_F16 + 2] = {"llvm.nvvm.mma.m16n8k32.row.col.f16.e5m2.e4m3.f16", 32, 4, false, true},
    [MMA_FP8_F16 + 3] = {"llvm.nvvm.mma.m16n8k32.row.col.f16.e5m2.e5m2.f16", 32, 4, false, true},
};

static bool mma_kind_of(ir_op *op, mma_kind *out) {
  const ir_type *ab = ir_type_scalar(ir_op_operand(op, 0)->type);
  const ir_type *c = ir_type_scalar(ir_op_result(op, 0)->type);
  const ir_type *bb = ir_type_scalar(ir_op_operand(op, 1)->type);
  if (ir_type_is_int(ab) && ab->width == 8) *out = MMA_S8;
  else if (!ir_type_is_float(ab)) return false;
  else if (ab->width == 8)
    *out = (mma_kind)((c->fkind == IR_F16 ? MMA_FP8_F16 : MMA_FP8_F32) + (ab->fkind == IR_F8E5M2 ? 2 : 0) +
                      (bb->fkind == IR_F8E5M2 ? 1 : 0));
  else if (ab->fkind == IR_F16) *out = c->fkind == IR_F16 ? MMA_F16_F16 : MMA_F16_F32;
  else if (ab->fkind == IR_BF16) *out = MMA_BF16;
  else if (ab->fkind == IR_F32 && tile_dot_precision_of(op) != TILE_DOT_IEEE) *out = MMA_TF32;
  else return false;
  return true;
}

/* kw elements (consecutive slots) packed into one instruction register. */
static LLVMValueRef pack(cg_state *st, const mma_instr *in, LLVMValueRef *el) {
  if (in->kw == 1) return LLVMBuildBitCast(st->b, el[0], LLVMInt32TypeInContext(st->ctx), "");
  LLVMTypeRef vt = LLVMVectorType(LLVMTypeOf(el[0]), in->kw);
  LLVMValueRef v = LLVMGetUndef(vt);
  for (unsigned i = 0; i < in->kw; i++) v = LLVMBuildInsertElement(st->b, v, el[i], cg_i32(st, i), "");
  return in->half_regs ? v : LLVMBuildBitCast(st->b, v, LLVMInt32TypeInContext(st->ctx), "");
}

/* Operand registers of one instruction: A (4 registers) or B (2) at the tile whose first
 * element has static coordinates `base` (row / col dim `dx`, K dim `dk`). */
static bool operand_regs(cg_state *st, const mma_instr *in, const dot_side *s, const int64_t *base, unsigned dx,
                         unsigned dk, unsigned nregs, LLVMValueRef *out) {
  unsigned lg = 0;
  while ((1u << lg) < in->kw) lg++;
  for (unsigned j = 0; j < nregs; j++) {
    LLVMValueRef el[4];
    for (unsigned e = 0; e < in->kw; e++) {
      int64_t c[3];
      memcpy(c, base, sizeof(int64_t) * s->l.rank);
      unsigned khi = nregs == 4 ? j >> 1 : j;
      if (nregs == 4) c[dx] += (j & 1) * 8;
      c[dk] += khi * 4 * in->kw + e;
      if (!(el[e] = at(s, c))) return false;
    }
    out[j] = pack(st, in, el);
  }
  return true;
}

/* hi and lo tf32 parts of operand registers (Triton's 3xTF32: x = hi + lo). */
static void split_tf32(cg_state *st, LLVMValueRef *x, unsigned n, LLVMValueRef *hi, LLVMValueRef *lo) {
  LLVMTypeRef f32 = LLVMFloatTypeInContext(st->ctx), i32 = LLVMInt32TypeInContext(st->ctx);
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef f = LLVMBuildBitCast(st->b, x[i], f32, "");
    LLVMValueRef h = cg_call_extern(st, "llvm.nvvm.f2tf32.rna", i32, &f32, 1, &f);
    LLVMValueRef rest = LLVMBuildFSub(st->b, f, LLVMBuildBitCast(st->b, h, f32, ""), "");
    hi[i] = h;
    lo[i] = cg_call_extern(st, "llvm.nvvm.f2tf32.rna", i32, &f32, 1, &rest);
  }
}

/* acc[0..4) = mma(a, b, acc). */
static void emit_mma(cg_state *st, const mma_instr *in, LLVMValueRef *a, LLVMValueRef *b, LLVMValueRef *acc) {
  LLVMTypeRef at = LLVMTypeOf(a[0]), ct = LLVMTypeOf(acc[0]);
  LLVMValueRef args[10];
  LLVMTypeRef params[10];
  unsigned n = 0;
  for (unsigned i = 0; i < 4; i++) params[n] = at, args[n++] = a[i];
  for (unsigned i = 0; i < 2; i++) params[n] = at, args[n++] = b[i];
  unsigned nc = in->half_acc ? 2 : 4;
  LLVMTypeRef h2 = LLVMVectorType(ct, 2);
  for (unsigned i = 0; i < nc; i++) {
    if (!in->half_acc) {
      params[n] = ct, args[n++] = acc[i];
      continue;
    }
    LLVMValueRef v = LLVMGetUndef(h2);
    v = LLVMBuildInsertElement(st->b, v, acc[2 * i], cg_i32(st, 0), "");
    params[n] = h2, args[n++] = LLVMBuildInsertElement(st->b, v, acc[2 * i + 1], cg_i32(st, 1), "");
  }
  LLVMTypeRef fields[4] = {in->half_acc ? h2 : ct, in->half_acc ? h2 : ct, ct, ct};
  LLVMTypeRef rt = LLVMStructTypeInContext(st->ctx, fields, nc, false);
  LLVMValueRef r = cg_call_extern(st, in->name, rt, params, n, args);
  for (unsigned i = 0; i < 4; i++) {
    if (!in->half_acc) acc[i] = LLVMBuildExtractValue(st->b, r, i, "");
    else acc[i] = LLVMBuildExtractElement(st->b, LLVMBuildExtractValue(st->b, r, i / 2, ""), cg_i32(st, i % 2), "");
  }
}

/* One 16x8 result tile (its four registers at acc) over all of K. */
static bool mma_tile(cg_state *st, ir_op *op, const mma_instr *in, bool x3, dot_side *a, dot_side *b,
                     const int64_t *cbase, LLVMValueRef *acc) {
  unsigned r = a->l.rank, K = (unsigned)ir_op_operand(op, 0)->type->shape[r - 1];
  for (unsigned kk = 0; kk < K; kk += in->k) {
    int64_t ab[3], bb[3];
    memcpy(ab, cbase, sizeof(int64_t) * r);
    memcpy(bb, cbase, sizeof(int64_t) * r);
    ab[r - 1] = kk;
    bb[r - 2] = kk;
    LLVMValueRef av[4], bv[2];
    if (!operand_regs(st, in, a, ab, r - 2, r - 1, 4, av) || !operand_regs(st, in, b, bb, r - 1, r - 2, 2, bv)) {
      ir_emit_error(st->ictx, op->loc, "internal: tt.dot operand register not found");
      return false;
    }
    if (!x3) {
      emit_mma(st, in, av, bv, acc);
      continue;
    }
    LLVMValueRef ahi[4], alo[4], bhi[2], blo[2];
    split_tf32(st, av, 4, ahi, alo);
    split_tf32(st, bv, 2, bhi, blo);
    emit_mma(st, in, alo, bhi, acc);
    emit_mma(st, in, ahi, blo, acc);
    emit_mma(st, in, ahi, bhi, acc);
  }
  return true;
}

static bool lower_mma(cg_state *st, ir_op *op, dot_side *a, dot_side *b, dot_side *c, cg_val *out) {
  mma_kind kind;
  if (!mma_kind_of(op, &kind)) {
    ir_emit_error(st->ictx, op->loc, "internal: tt.dot with an mma layout has no mma.sync form");
    return false;
  }
  const mma_instr *in = &instrs[kind];
  bool x3 = kind == MMA_TF32 && tile_dot_precision_of(op) == TILE_DOT_TF32X3;
  memcpy(out->regs, c->v->regs, sizeof(LLVMValueRef) * out->n);
  /* Register bits 0 and 1 of the accumulator are the tile's column 0/1 and row +8. */
  for (unsigned i = 0; i < out->n; i += 4) {
    LLVMValueRef acc[4] = {out->regs[i], out->regs[i + 1], out->regs[i + 2], out->regs[i + 3]};
    if (!mma_tile(st, op, in, x3, a, b, cg_layout_reg_coords(&c->l, i), acc)) return false;
    for (unsigned j = 0; j < 4; j++) out->regs[i + j] = acc[j];
  }
  return true;
}

bool cg_lower_dot(cg_state *st, ir_op *op) {
  dot_side a, b, c;
  if (!side_get(st, ir_op_operand(op, 0), op->loc, &a) || !side_get(st, ir_op_operand(op, 1), op->loc, &b) ||
      !side_get(st, ir_op_operand(op, 2), op->loc, &c))
    return false;
  cg_val *out = cg_val_new(st, c.v->n);
  tgpu_layout_kind k = tgpu_layout_kind_of(ir_op_result(op, 0)->type->encoding);
  bool ok = k == TGPU_LAYOUT_MMA ? lower_mma(st, op, &a, &b, &c, out) : lower_fma(st, op, &a, &b, &c, out);
  if (ok) cg_set(st, ir_op_result(op, 0), out);
  return ok;
}
