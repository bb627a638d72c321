/* Lowers the TMA ops (sm_90): tgpu.mbarrier_init / _inval / _expect / _wait / _arrive,
 * tgpu.tma_load, tgpu.tma_store, and the warp-specialization ops tgpu.ws_producer and
 * tgpu.set_max_nreg, as inline PTX (LLVM's intrinsics for
 * them differ between versions; the PTX ISA's spelling does not).
 *
 * One thread (thread 0 of the CTA, or of the producer warpgroup for ops marked
 * tgpu.producer) initializes the barriers, arrives with the expected transaction bytes and
 * issues the copies; every thread waits on the barrier's phase with mbarrier.try_wait.parity
 * in a loop (only the issuing thread, for a wait with a predicate). A copy of a tile is one cp.async.bulk.tensor per box
 * (tgpu_tma.c, tgpu_tma_boxes: one per slab of the swizzled layout and per block of 256
 * rows), its coordinates innermost first as the instruction takes them. The descriptor is
 * the generic address of the kernel's __grid_constant__ CUtensorMap parameter. A store is
 * committed as one bulk group; tgpu.tma_store_wait (cp.async.bulk.wait_group.read 0, by the
 * same thread), which membar puts before the next write of the source's bytes and at the
 * end of the kernel, waits until it has been read. */
#include <stdio.h>
#include <string.h>

#include "Conversion/cg_internal.h"

static LLVMValueRef as_i64(cg_state *st, LLVMValueRef p) {
  return LLVMBuildPtrToInt(st->b, p, LLVMInt64TypeInContext(st->ctx), "");
}

/* The issuing thread, and `pred` when given: the lane elect.sync picks (lane 0, the whole warp
 * being converged here) of warp 0, or of the producer warpgroup's first warp (warp num_warps)
 * for an op marked tgpu.producer. elect.sync rather than lane == 0, and a warp index ptxas
 * knows to be uniform (cg_warp_uniform): ptxas then knows that one thread of one warp issues,
 * and issues the copy from uniform registers; with a per-thread predicate it wraps every
 * copy in a loop over the threads whose predicate holds. */
static LLVMValueRef elected_for(cg_state *st, ir_op *op, LLVMValueRef pred) {
  unsigned w = op && ir_op_get_int_attr(op, TGPU_ATTR_PRODUCER, 0) ? st->num_warps : 0;
  LLVMValueRef all = cg_i32(st, -1);
  LLVMValueRef el = LLVMBuildExtractValue(st->b, cg_intrinsic(st, "llvm.nvvm.elect.sync", NULL, 0, &all, 1), 1, "");
  LLVMValueRef t0 = LLVMBuildAnd(st->b, LLVMBuildICmp(st->b, LLVMIntEQ, cg_warp_uniform(st), cg_i32(st, w), ""), el, "");
  return pred ? LLVMBuildAnd(st->b, t0, pred, "") : t0;
}

static LLVMValueRef reg0(cg_state *st, ir_value *v) {
  cg_val *c = cg_get(st, v);
  return c ? c->regs[0] : NULL;
}

bool cg_lower_mbarrier(cg_state *st, ir_op *op) {
  LLVMValueRef bar = reg0(st, ir_op_operand(op, 0));
  if (!bar) return false;
  char text[240];
  LLVMValueRef args[3] = {as_i64(st, bar), NULL, NULL};
  switch (ir_op_code(op)) {
  case IR_OP_MBARRIER_INIT:
    snprintf(text, sizeof text, "@$1 mbarrier.init.shared::cta.b64 [$0], %lld;",
             (long long)ir_op_get_int_attr(op, "count", 1));
    args[1] = elected_for(st, op, NULL);
    cg_asm_void(st, args, 2, text, "l,b,~{memory}");
    return true;
  case IR_OP_MBARRIER_INVAL:
    args[1] = elected_for(st, op, NULL);
    cg_asm_void(st, args, 2, "@$1 mbarrier.inval.shared::cta.b64 [$0];", "l,b,~{memory}");
    return true;
  case IR_OP_MBARRIER_EXPECT: {
    LLVMValueRef pred = reg0(st, ir_op_operand(op, 1));
    if (!pred) return false;
    snprintf(text, sizeof text, "@$1 mbarrier.arrive.expect_tx.shared::cta.b64 _, [$0], %lld;",
             (long long)ir_op_get_int_attr(op, "bytes", 0));
    args[1] = elected_for(st, op, pred);
    cg_asm_void(st, args, 2, text, "l,b,~{memory}");
    return true;
  }
  case IR_OP_MBARRIER_ARRIVE: {
    LLVMValueRef pred = reg0(st, ir_op_operand(op, 1));
    if (!pred) return false;
    args[1] = LLVMBuildAnd(st->b, LLVMBuildICmp(st->b, LLVMIntEQ, st->lane, cg_i32(st, 0), ""), pred, "");
    cg_asm_void(st, args, 2, "@$1 mbarrier.arrive.shared::cta.b64 _, [$0];", "l,b,~{memory}");
    return true;
  }
  case IR_OP_MBARRIER_WAIT: {
    LLVMValueRef phase = reg0(st, ir_op_operand(op, 1));
    if (!phase) return false;
    args[1] = phase;
    /* with a predicate, only the issuing thread waits, when it holds */
    bool only = op->noperands == 3;
    if (only && !(args[2] = reg0(st, ir_op_operand(op, 2)))) return false;
    if (only) args[2] = elected_for(st, op, args[2]);
    snprintf(text, sizeof text,
             "{\n\t.reg .pred P1;\n\t%sTILEC_WAIT:\n\tmbarrier.try_wait.parity.shared::cta.b64 P1, [$0], $1;\n\t"
             "@P1 bra TILEC_DONE;\n\tbra TILEC_WAIT;\n\tTILEC_DONE:\n\t}",
             only ? "@!$2 bra TILEC_DONE;\n\t" : "");
    cg_asm_void(st, args, only ? 3 : 2, text, only ? "l,r,b,~{memory}" : "l,r,~{memory}");
    return true;
  }
  default: break;
  }
  return false;
}

/* The operands of one tgpu.tma_load / tma_store copy: the descriptor's generic address, the
 * mbarrier (loads) and the issuing thread's predicate. */
typedef struct copy_ctx {
  bool load;
  LLVMValueRef desc, bar, pred;
} copy_ctx;

/* "$f, $f+1, ..": the coordinate operands of a copy of `rank` dims starting at operand f. */
static void coord_list(char *buf, size_t cap, unsigned first, unsigned rank) {
  size_t o = 0;
  for (unsigned i = 0; i < rank && o < cap; i++) o += (size_t)snprintf(buf + o, cap - o, "%s$%u", i ? ", " : "", first + i);
}

/* One cp.async.bulk.tensor of the box at shared address smem and coordinates (innermost first). */
static void copy_box(cg_state *st, const copy_ctx *c, unsigned rank, LLVMValueRef smem, LLVMValueRef *coords) {
  LLVMValueRef args[4 + TGPU_MAX_RANK];
  unsigned n = 0;
  args[n++] = as_i64(st, smem), args[n++] = c->desc, args[n++] = c->pred;
  if (c->load) args[n++] = c->bar;
  for (unsigned i = 0; i < rank; i++) args[n++] = coords[i];
  char list[64], text[240], cons[64];
  coord_list(list, sizeof list, c->load ? 4 : 3, rank);
  if (c->load)
    snprintf(text, sizeof text,
             "@$2 cp.async.bulk.tensor.%ud.shared::cluster.global.tile.mbarrier::complete_tx::bytes [$0], [$1, {%s}], [$3];",
             rank, list);
  else
    snprintf(text, sizeof text, "@$2 cp.async.bulk.tensor.%ud.global.shared::cta.tile.bulk_group [$1, {%s}], [$0];", rank,
             list);
  size_t o = (size_t)snprintf(cons, sizeof cons, "l,l,b%s", c->load ? ",l" : "");
  for (unsigned i = 0; i < rank; i++) o += (size_t)snprintf(cons + o, sizeof cons - o, ",r");
  snprintf(cons + o, sizeof cons - o, ",~{memory}");
  cg_asm_void(st, args, n, text, cons);
}

/* The copies between the descriptor of `op` and its memdesc operand `md_operand`: one per box
 * (tgpu_tma_boxes), each at its shared address and coordinates. */
static bool copy_boxes(cg_state *st, ir_op *op, unsigned md_operand, const copy_ctx *c) {
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
      copy_box(st, c, rank, smem, coords);
    }
  return true;
}

/* The generic address of the CUtensorMap parameter (lib/Conversion/tensordesc.c), as i64. */
static LLVMValueRef desc_of(cg_state *st, ir_op *op) {
  LLVMValueRef d = cg_tensordesc_ptr(st, ir_op_operand(op, 0));
  return d ? as_i64(st, d) : NULL;
}

bool cg_lower_tma_load(cg_state *st, ir_op *op) {
  unsigned n = op->noperands;
  copy_ctx c = {true, desc_of(st, op), reg0(st, ir_op_operand(op, n - 2)), reg0(st, ir_op_operand(op, n - 1))};
  if (!c.desc || !c.bar || !c.pred) return false;
  c.bar = as_i64(st, c.bar);
  c.pred = elected_for(st, op, c.pred);
  return copy_boxes(st, op, n - 3, &c);
}

bool cg_lower_set_max_nreg(cg_state *st, ir_op *op) {
  char text[64];
  snprintf(text, sizeof text, "setmaxnreg.%s.sync.aligned.u32 %lld;", ir_op_get_int_attr(op, "increase", 0) ? "inc" : "dec",
           (long long)ir_op_get_int_attr(op, "regs", 0));
  cg_asm_void(st, NULL, 0, text, "~{memory}");
  return true;
}

bool cg_lower_ws_producer(cg_state *st, ir_op *op) {
  LLVMValueRef p = LLVMBuildICmp(st->b, LLVMIntUGE, cg_warp_uniform(st), cg_i32(st, st->num_warps), "producer");
  cg_set(st, ir_op_result(op, 0), cg_val_splat(st, 1, p));
  return true;
}

bool cg_lower_tma_store(cg_state *st, ir_op *op) {
  copy_ctx c = {false, desc_of(st, op), NULL, elected_for(st, op, NULL)};
  if (!c.desc || !copy_boxes(st, op, op->noperands - 1, &c)) return false;
  LLVMValueRef args[1] = {c.pred};
  cg_asm_void(st, args, 1, "@$0 cp.async.bulk.commit_group;", "b,~{memory}");
  return true;
}

/* The stores' issuing thread (elected_for of an unmarked op, as tgpu.tma_store's) waits for
 * every bulk group it committed to have read its source. */
bool cg_lower_tma_store_wait(cg_state *st, ir_op *op) {
  LLVMValueRef args[1] = {elected_for(st, op, NULL)};
  cg_asm_void(st, args, 1, "@$0 cp.async.bulk.wait_group.read 0;", "b,~{memory}");
  return true;
}
