/* Lowers the TMA ops (sm_90): tgpu.mbarrier_init / _inval / _expect / _wait, tgpu.tma_load
 * and tgpu.tma_store, as inline PTX (LLVM's intrinsics for them differ between versions;
 * the PTX ISA's spelling does not).
 *
 * One thread (thread 0 of the CTA) initializes the barriers, arrives with the expected
 * transaction bytes and issues the copies; every thread waits on the barrier's phase with
 * mbarrier.try_wait.parity in a loop. A copy of a tile is one cp.async.bulk.tensor per box
 * (tgpu_tma.c, tgpu_tma_boxes: one per slab of the swizzled layout and per block of 256
 * rows), its coordinates innermost first as the instruction takes them. The descriptor is
 * the generic address of the kernel's __grid_constant__ CUtensorMap parameter. A store is
 * committed as one bulk group and waited for until its source has been read
 * (cp.async.bulk.wait_group.read 0), so that the shared buffer may be reused after the
 * barrier that follows. */
#include <stdio.h>
#include <string.h>

#include "Conversion/cg_internal.h"

static LLVMValueRef as_i64(cg_state *st, LLVMValueRef p) {
  return LLVMBuildPtrToInt(st->b, p, LLVMInt64TypeInContext(st->ctx), "");
}

static void asm_void(cg_state *st, LLVMValueRef *args, unsigned n, const char *text, const char *cons) {
  LLVMTypeRef params[16];
  for (unsigned i = 0; i < n; i++) params[i] = LLVMTypeOf(args[i]);
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(st->ctx), params, n, 0);
  LLVMValueRef fn = LLVMGetInlineAsm(fty, (char *)text, strlen(text), (char *)cons, strlen(cons), 1, 0,
                                     LLVMInlineAsmDialectATT, 0);
  LLVMBuildCall2(st->b, fty, fn, args, n, "");
}

/* The issuing thread, and `pred` when given: lane 0 of warp 0, or of the producer
 * warpgroup's first warp (warp num_warps) for an op marked tgpu.producer. */
static LLVMValueRef elected_for(cg_state *st, ir_op *op, LLVMValueRef pred) {
  unsigned w = op && ir_op_get_int_attr(op, TGPU_ATTR_PRODUCER, 0) ? st->num_warps : 0;
  LLVMValueRef t0 = LLVMBuildAnd(st->b, LLVMBuildICmp(st->b, LLVMIntEQ, st->lane, cg_i32(st, 0), ""),
                                 LLVMBuildICmp(st->b, LLVMIntEQ, st->warp, cg_i32(st, w), ""), "");
  return pred ? LLVMBuildAnd(st->b, t0, pred, "") : t0;
}

static LLVMValueRef elected(cg_state *st, LLVMValueRef pred) { return elected_for(st, NULL, pred); }

static LLVMValueRef reg0(cg_state *st, ir_value *v) {
  cg_val *c = cg_get(st, v);
  return c ? c->regs[0] : NULL;
}

bool cg_lower_mbarrier(cg_state *st, ir_op *op) {
  LLVMValueRef bar = reg0(st, ir_op_operand(op, 0));
  if (!bar) return false;
  char text[160];
  LLVMValueRef args[2] = {as_i64(st, bar), NULL};
  switch (ir_op_code(op)) {
  case IR_OP_MBARRIER_INIT:
    snprintf(text, sizeof text, "@$1 mbarrier.init.shared::cta.b64 [$0], %lld;",
             (long long)ir_op_get_int_attr(op, "count", 1));
    args[1] = elected_for(st, op, NULL);
    asm_void(st, args, 2, text, "l,b,~{memory}");
    return true;
  case IR_OP_MBARRIER_INVAL:
    args[1] = elected_for(st, op, NULL);
    asm_void(st, args, 2, "@$1 mbarrier.inval.shared::cta.b64 [$0];", "l,b,~{memory}");
    return true;
  case IR_OP_MBARRIER_EXPECT: {
    LLVMValueRef pred = reg0(st, ir_op_operand(op, 1));
    if (!pred) return false;
    snprintf(text, sizeof text, "@$1 mbarrier.arrive.expect_tx.shared::cta.b64 _, [$0], %lld;",
             (long long)ir_op_get_int_attr(op, "bytes", 0));
    args[1] = elected_for(st, op, pred);
    asm_void(st, args, 2, text, "l,b,~{memory}");
    return true;
  }
  case IR_OP_MBARRIER_ARRIVE: {
    LLVMValueRef pred = reg0(st, ir_op_operand(op, 1));
    if (!pred) return false;
    args[1] = LLVMBuildAnd(st->b, LLVMBuildICmp(st->b, LLVMIntEQ, st->lane, cg_i32(st, 0), ""), pred, "");
    asm_void(st, args, 2, "@$1 mbarrier.arrive.shared::cta.b64 _, [$0];", "l,b,~{memory}");
    return true;
  }
  case IR_OP_MBARRIER_WAIT: {
    LLVMValueRef phase = reg0(st, ir_op_operand(op, 1));
    if (!phase) return false;
    args[1] = phase;
    if (op->noperands == 3) { /* the issuing thread only, when the predicate holds */
      LLVMValueRef pred = reg0(st, ir_op_operand(op, 2));
      if (!pred) return false;
      LLVMValueRef a3[3] = {args[0], phase, elected_for(st, op, pred)};
      asm_void(st, a3, 3,
               "{\n\t.reg .pred P1;\n\t@!$2 bra TILEC_DONE;\n\tTILEC_WAIT:\n\t"
               "mbarrier.try_wait.parity.shared::cta.b64 P1, [$0], $1;\n\t"
               "@P1 bra TILEC_DONE;\n\tbra TILEC_WAIT;\n\tTILEC_DONE:\n\t}",
               "l,r,b,~{memory}");
      return true;
    }
    asm_void(st, args, 2,
             "{\n\t.reg .pred P1;\n\tTILEC_WAIT:\n\tmbarrier.try_wait.parity.shared::cta.b64 P1, [$0], $1;\n\t"
             "@P1 bra TILEC_DONE;\n\tbra TILEC_WAIT;\n\tTILEC_DONE:\n\t}",
             "l,r,~{memory}");
    return true;
  }
  default: break;
  }
  return false;
}

/* The boxes of a copy between the descriptor of `op` and memdesc operand `md_operand`;
 * calls `each` with the shared address of a box and its coordinates (innermost first). */
typedef void (*box_fn)(cg_state *st, ir_op *op, unsigned rank, LLVMValueRef smem, LLVMValueRef *coords, void *ctx);

static bool for_boxes(cg_state *st, ir_op *op, unsigned md_operand, box_fn each, void *ctx) {
  tgpu_memdesc md;
  tgpu_tma_plan plan;
  ir_value *mv = ir_op_operand(op, md_operand);
  LLVMValueRef base = reg0(st, mv);
  if (!base || !cg_memdesc_of(st, op, mv->type, &md)) return false;
  if (!tgpu_tma_boxes(&md, &plan)) {
    ir_emit_error(st->ictx, op->loc, "internal: '%s' on a shared layout that TMA does not write", ir_op_name(op));
    return false;
  }
  unsigned rank = md_operand - 1; /* the offsets sit between the descriptor and the memdesc */
  LLVMValueRef offs[TGPU_MAX_RANK];
  for (unsigned d = 0; d < rank; d++)
    if (!(offs[d] = reg0(st, ir_op_operand(op, 1 + d)))) return false;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(st->ctx);
  for (unsigned jr = 0; jr < plan.n_row; jr++)
    for (unsigned jc = 0; jc < plan.n_col; jc++) {
      LLVMValueRef off = cg_i32(st, (int64_t)jc * plan.slab_bytes + (int64_t)jr * plan.row_block_bytes);
      LLVMValueRef smem = LLVMBuildGEP2(st->b, i8, base, &off, 1, "box");
      LLVMValueRef coords[TGPU_MAX_RANK]; /* innermost first */
      for (unsigned i = 0; i < rank; i++) {
        int64_t step = i == 0 ? (int64_t)jc * plan.box[rank - 1] : i == 1 ? (int64_t)jr * plan.box[rank - 2] : 0;
        coords[i] = step ? LLVMBuildAdd(st->b, offs[rank - 1 - i], cg_i32(st, step), "") : offs[rank - 1 - i];
      }
      each(st, op, rank, smem, coords, ctx);
    }
  return true;
}

typedef struct copy_ctx {
  LLVMValueRef desc, bar, pred;
} copy_ctx;

/* "$f, $f+1, ..": the coordinate operands of a copy of `rank` dims starting at operand f. */
static void coord_list(char *buf, size_t cap, unsigned first, unsigned rank) {
  size_t o = 0;
  for (unsigned i = 0; i < rank && o < cap; i++) o += (size_t)snprintf(buf + o, cap - o, "%s$%u", i ? ", " : "", first + i);
}

static void copy_box(cg_state *st, bool load, unsigned rank, LLVMValueRef smem, LLVMValueRef *coords, copy_ctx *c) {
  LLVMValueRef args[4 + TGPU_MAX_RANK];
  unsigned n = 0;
  args[n++] = as_i64(st, smem), args[n++] = c->desc, args[n++] = c->pred;
  if (load) args[n++] = c->bar;
  for (unsigned i = 0; i < rank; i++) args[n++] = coords[i];
  char list[64], text[240], cons[64];
  coord_list(list, sizeof list, load ? 4 : 3, rank);
  if (load)
    snprintf(text, sizeof text,
             "@$2 cp.async.bulk.tensor.%ud.shared::cluster.global.tile.mbarrier::complete_tx::bytes [$0], [$1, {%s}], [$3];",
             rank, list);
  else
    snprintf(text, sizeof text, "@$2 cp.async.bulk.tensor.%ud.global.shared::cta.tile.bulk_group [$1, {%s}], [$0];", rank,
             list);
  size_t o = (size_t)snprintf(cons, sizeof cons, "l,l,b%s", load ? ",l" : "");
  for (unsigned i = 0; i < rank; i++) o += (size_t)snprintf(cons + o, sizeof cons - o, ",r");
  snprintf(cons + o, sizeof cons - o, ",~{memory}");
  asm_void(st, args, n, text, cons);
}

static void load_box(cg_state *st, ir_op *op, unsigned rank, LLVMValueRef smem, LLVMValueRef *coords, void *vctx) {
  (void)op;
  copy_box(st, true, rank, smem, coords, vctx);
}

static void store_box(cg_state *st, ir_op *op, unsigned rank, LLVMValueRef smem, LLVMValueRef *coords, void *vctx) {
  (void)op;
  copy_box(st, false, rank, smem, coords, vctx);
}

/* The generic address of the CUtensorMap parameter (lib/Conversion/tensordesc.c), as i64. */
static LLVMValueRef desc_of(cg_state *st, ir_op *op) {
  LLVMValueRef d = cg_tensordesc_ptr(st, ir_op_operand(op, 0));
  return d ? as_i64(st, d) : NULL;
}

bool cg_lower_tma_load(cg_state *st, ir_op *op) {
  unsigned n = op->noperands;
  copy_ctx c = {desc_of(st, op), reg0(st, ir_op_operand(op, n - 2)), reg0(st, ir_op_operand(op, n - 1))};
  if (!c.desc || !c.bar || !c.pred) return false;
  c.bar = as_i64(st, c.bar);
  c.pred = elected_for(st, op, c.pred);
  return for_boxes(st, op, n - 3, load_box, &c);
}

bool cg_lower_ws_producer(cg_state *st, ir_op *op) {
  LLVMValueRef p = LLVMBuildICmp(st->b, LLVMIntUGE, st->warp, cg_i32(st, st->num_warps), "producer");
  cg_set(st, ir_op_result(op, 0), cg_val_splat(st, 1, p));
  return true;
}

bool cg_lower_tma_store(cg_state *st, ir_op *op) {
  copy_ctx c = {desc_of(st, op), NULL, elected(st, NULL)};
  if (!c.desc || !for_boxes(st, op, op->noperands - 1, store_box, &c)) return false;
  LLVMValueRef args[1] = {c.pred};
  asm_void(st, args, 1, "@$0 cp.async.bulk.commit_group;\n\t@$0 cp.async.bulk.wait_group.read 0;", "b,~{memory}");
  return true;
}
