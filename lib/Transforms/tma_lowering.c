/* Pass "tma-lowering": the host-descriptor loads and stores that the pipeline pass left
 * (loads outside loops, loops that do not pipeline, num_stages = 1; every store) become
 * single-buffered TMA copies (sm_90).
 *
 * Needs: tgpu IR after pipeline (which turns the loads of pipelined loops into multi-stage
 *   TMA copies itself), before allocate-shared-memory and membar.
 * Changes:
 *   %t = tt.descriptor_load(%desc, %o..)
 *     -> %buf = tgpu.local_alloc()  (mutable; the layout of the local_alloc that takes %t
 *                                    to a wgmma, when %t's only use is one, else the
 *                                    swizzled layout of tgpu_tma_layout)
 *        %bar = tgpu.local_alloc()  (one mbarrier) ; tgpu.mbarrier_init(%bar) {count = 1}
 *        tgpu.mbarrier_expect(%bar, true) {bytes} ; tgpu.tma_load(%desc, %o.., %buf, %bar, true)
 *        tgpu.mbarrier_wait(%bar, 0) ; tgpu.mbarrier_inval(%bar)
 *        %t = tgpu.local_load(%buf)  (or %buf replaces the wgmma's local_alloc)
 *   tt.descriptor_store(%desc, %o.., %v)
 *     -> %s = tgpu.local_alloc(%v) (tgpu_tma_layout) ; tgpu.fence_async_shared()
 *        tgpu.tma_store(%desc, %o.., %s)
 *   membar then orders the barrier's initialization before the copy, the copy before the
 *   reads, and the local_alloc's writes before the store (its barrier comes after the fence).
 *   Each descriptor's box and swizzle are recorded on the kernel for the metadata.
 *   Then a tgpu.fence_async_shared right before a warp_group_dot whose shared operands are
 *   all written by copies only (TMA copies, these and the pipeline's stages, and the
 *   pipeline's cp.async stages) is removed: TMA writes and wgmma reads are both in the async
 *   proxy, and the mbarrier wait orders them; cp.async stages are read once the copies'
 *   group has landed (tgpu.async_wait) and after the CTA barrier membar puts there, the
 *   ordering that NVIDIA's CUTLASS cp.async-fed GMMA mainloops and Triton use with no proxy
 *   fence (the fence per K step cost the 128x128 wgmma matmuls 1-9% on the H200,
 *   bench/results/2026-11-25-h200-s24.md). A local_alloc or local_store from registers
 *   (generic-proxy stores) keeps the fence, and so do cp.async stages when the module says
 *   tgpu.cp_async_fence (`tilec --cp-async-fence`, the PTX ISA's proxy rules read strictly).
 * Invalidates: nothing else (the ops are replaced in place). */
#include <string.h>

#include "Dialect/Tile/tile.h"
#include "Dialect/TileGPU/tgpu.h"
#include "Dialect/TileGPU/tgpu_types.h"
#include "Transforms/passes.h"

static bool is_fence(const ir_op *op) { return ir_op_code(op) == IR_OP_FENCE_ASYNC_SHARED; }

static bool is_desc_op(const ir_op *op) {
  return ir_op_code(op) == IR_OP_DESCRIPTOR_LOAD || ir_op_code(op) == IR_OP_DESCRIPTOR_STORE;
}

static ir_value *i32c(ir_builder *b, int64_t v) { return ir_build_int(b, ir_int_type(b->m->ctx, 32), v); }
static ir_value *truec(ir_builder *b) { return ir_build_int(b, ir_int_type(b->m->ctx, 1), 1); }

static bool fail(ir_op *op, const char *msg) {
  ir_emit_error(ir_op_context(op), op->loc, "%s", msg);
  return false;
}

static bool cannot_copy(ir_op *op) {
  return fail(op, "TMA cannot copy this host descriptor's block: its innermost dim must span a multiple of 16 "
                  "bytes, and with 3 to 5 dims every dim must be at most 256");
}

/* The TMA layout of a tile of type t, as a one-buffer memdesc. */
static bool tma_memdesc(const ir_type *t, bool is_mutable, tgpu_memdesc *md) {
  memset(md, 0, sizeof *md);
  md->rank = t->rank;
  for (unsigned d = 0; d < t->rank; d++) md->shape[d] = t->shape[d];
  md->elem = ir_type_scalar(t);
  md->is_mutable = is_mutable;
  md->num_buffers = 1;
  tgpu_tma_plan plan;
  return tgpu_tma_layout(t->rank, t->shape, ir_type_byte_size(md->elem), &md->layout) && tgpu_tma_boxes(md, &plan);
}

static bool lower_load(ir_module *m, ir_op *op) {
  ir_context *ctx = m->ctx;
  ir_value *r = ir_op_result(op, 0);
  ir_op *chain[TGPU_TMA_MAX_CHAIN];
  unsigned nchain;
  tgpu_memdesc md, bar_md = tgpu_mbarrier_memdesc(ctx);
  ir_op *alloc = tgpu_tma_wgmma_alloc(op, chain, &nchain, &md);
  if (!alloc && !tma_memdesc(r->type, true, &md)) return cannot_copy(op);
  tgpu_tma_plan plan;
  tgpu_tma_boxes(&md, &plan);
  if (!tgpu_tma_record(op, ir_op_operand(op, 0), &plan, false)) return false;
  ir_builder b;
  ir_builder_init(&b, m);
  ir_builder_set_before(&b, op);
  b.loc = op->loc;
  ir_value *buf = ir_build1(&b, "tgpu.local_alloc", 0, NULL, tgpu_memdesc_type(ctx, &md));
  ir_value *bar = ir_build1(&b, "tgpu.local_alloc", 0, NULL, tgpu_memdesc_type(ctx, &bar_md));
  ir_op_set_attr(ir_build(&b, "tgpu.mbarrier_init", 1, &bar, 0, NULL), "count", ir_i32_attr(ctx, 1));
  ir_value *on = truec(&b), *eops[2] = {bar, on};
  ir_op_set_attr(ir_build(&b, "tgpu.mbarrier_expect", 2, eops, 0, NULL), "bytes", ir_i32_attr(ctx, plan.bytes));
  ir_value *ops[9];
  unsigned n = 0;
  for (unsigned k = 0; k < op->noperands; k++) ops[n++] = ir_op_operand(op, k);
  ops[n++] = buf, ops[n++] = bar, ops[n++] = on;
  ir_build(&b, "tgpu.tma_load", n, ops, 0, NULL);
  ir_value *wops[2] = {bar, i32c(&b, 0)};
  ir_build(&b, "tgpu.mbarrier_wait", 2, wops, 0, NULL);
  ir_build(&b, "tgpu.mbarrier_inval", 1, &bar, 0, NULL);
  if (alloc) {
    ir_value_replace_all_uses(ir_op_result(alloc, 0), buf);
    ir_op_erase(alloc);
    for (unsigned k = nchain; k-- > 0;) ir_op_erase(chain[k]);
  } else {
    ir_value *t = ir_build1(&b, "tgpu.local_load", 1, &buf, r->type);
    ir_value_replace_all_uses(r, t);
  }
  ir_op_erase(op);
  return true;
}

static bool lower_store(ir_module *m, ir_op *op) {
  ir_context *ctx = m->ctx;
  ir_value *v = ir_op_operand(op, op->noperands - 1);
  tgpu_memdesc md;
  if (!tma_memdesc(v->type, false, &md)) return cannot_copy(op);
  tgpu_tma_plan plan;
  tgpu_tma_boxes(&md, &plan);
  if (!tgpu_tma_record(op, ir_op_operand(op, 0), &plan, true)) return false;
  ir_builder b;
  ir_builder_init(&b, m);
  ir_builder_set_before(&b, op);
  b.loc = op->loc;
  ir_value *src = ir_build1(&b, "tgpu.local_alloc", 1, &v, tgpu_memdesc_type(ctx, &md));
  ir_build(&b, "tgpu.fence_async_shared", 0, NULL, 0, NULL);
  ir_value *ops[7];
  unsigned n = 0;
  for (unsigned k = 0; k + 1 < op->noperands; k++) ops[n++] = ir_op_operand(op, k);
  ops[n++] = src;
  ir_build(&b, "tgpu.tma_store", n, ops, 0, NULL);
  ir_op_erase(op);
  return true;
}

/* ---- proxy fences that copies make unnecessary ------------------------------------------ */

/* Whether every op writing memdesc v, directly or through its stages, is a copy from global
 * memory (a TMA copy, or a cp.async unless cp_async_fenced); sets *any when there is one. */
static bool only_copy_writes(ir_value *v, bool cp_async_fenced, bool *any) {
  for (ir_use *u = v->first_use; u; u = u->next_use) {
    ir_op *x = u->user;
    if (ir_op_code(x) == IR_OP_MEMDESC_INDEX) {
      if (!only_copy_writes(ir_op_result(x, 0), cp_async_fenced, any)) return false;
    } else if (ir_op_code(x) == IR_OP_TMA_LOAD || (ir_op_code(x) == IR_OP_ASYNC_COPY && !cp_async_fenced)) {
      *any = true;
    } else if (ir_op_effects(x) & IR_EFFECT_WRITE_SHARED) {
      return false;
    }
  }
  return true;
}

/* Whether memdesc v (a buffer, or a stage of one) is written by those copies only. */
static bool copy_written(ir_value *v, bool cp_async_fenced) {
  ir_op *d = ir_value_def(v);
  if (d && ir_op_code(d) == IR_OP_MEMDESC_INDEX) v = ir_op_operand(d, 0), d = ir_value_def(v);
  bool any = false;
  return d && ir_op_code(d) == IR_OP_LOCAL_ALLOC && !d->noperands && only_copy_writes(v, cp_async_fenced, &any) &&
         any;
}

/* accelerate-matmul puts a tgpu.fence_async_shared before each warp_group_dot for the
 * local_allocs that wrote its operands; when every shared operand is now copy-written, the
 * first op after the fence that touches shared memory is that dot, and the fence goes. */
static void drop_fences(ir_module *m) {
  bool cp_async_fenced = ir_op_get_int_attr(m->op, TGPU_ATTR_CP_ASYNC_FENCE, 0) != 0;
  ir_oplist fences = ir_collect_ops(m->op, true, is_fence);
  for (size_t i = 0; i < fences.count; i++) {
    ir_op *f = fences.ops[i], *x = f->next;
    while (x && !(ir_op_effects(x) & (IR_EFFECT_READ_SHARED | IR_EFFECT_WRITE_SHARED)) && !x->nregions) x = x->next;
    if (!x || ir_op_code(x) != IR_OP_WARP_GROUP_DOT) continue;
    bool all = true;
    for (unsigned k = 0; k < 2 && all; k++) {
      ir_value *v = ir_op_operand(x, k);
      all = ir_type_is_tensor(v->type) || copy_written(v, cp_async_fenced);
    }
    if (all) ir_op_erase(f);
  }
  ir_oplist_free(&fences);
}

static bool run(ir_module *m) {
  ir_oplist ops = ir_collect_ops(m->op, true, is_desc_op);
  bool ok = true;
  const tgpu_target *t = tgpu_target_of_module(m);
  if (ops.count && (!t || t->sm < 90)) {
    ok = fail(ops.ops[0], "host tensor descriptors need sm_90 or newer (TMA)");
    ops.count = 0;
  }
  for (size_t i = 0; i < ops.count; i++)
    ok = (ir_op_code(ops.ops[i]) == IR_OP_DESCRIPTOR_LOAD ? lower_load(m, ops.ops[i]) : lower_store(m, ops.ops[i])) && ok;
  ir_oplist_free(&ops);
  if (ok) drop_fences(m);
  return ok;
}

const ir_pass pass_tma_lowering = {"tma-lowering",
                                   "host-descriptor loads and stores left by pipeline become TMA copies (sm_90)", run};
