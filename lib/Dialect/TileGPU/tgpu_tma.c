/* TMA (sm_90 tensor memory accelerator) at the tgpu level: the verifiers of tgpu.tma_load,
 * tgpu.tma_store and the mbarrier ops (tgpu_ops.def), the shared layouts a TMA copy can
 * write, and the boxes it copies in.
 *
 * A TMA copy moves a box of a tensor between global memory and a dense shared buffer; with
 * a swizzle mode of S bytes (32, 64, 128) the box's innermost dim spans at most S bytes and
 * the 16-byte chunk c of box row r lands at chunk c XOR (r / (128 / S)) % (S / 16) of its
 * row (PTX ISA, "Tensor Swizzling Modes"; the buffer 1024-byte aligned). That is exactly
 * #tgpu.shared with vec = 16 bytes, perPhase = 128 / S and maxPhase = S / 16, rows of S
 * bytes (tgpu_types.c, tgpu_shared_elem_offset); a tile whose contiguous dim is wider than
 * S is stored as slabs of S bytes by all rows (`slab`), which is one box per slab. So a
 * tile [R, C] (C contiguous) with such a layout is filled by C / box_c copies of the box
 * [R, box_c] (box_c = the slab's columns, or C), copy j at column j box_c and at byte
 * offset j R S. Rows beyond 256 (the box limit) split into row blocks of 256 as well.
 * The wgmma operand layouts (tgpu_wgmma.c) are of this form, so a TMA copy fills a wgmma
 * operand's stage directly. */
#include <stdio.h>
#include <string.h>

#include "Dialect/TileGPU/tgpu.h"
#include "Dialect/TileGPU/tgpu_types.h"

static bool fail(ir_op *op, const char *msg) {
  ir_emit_error(ir_op_context(op), op->loc, "'%s' op %s", ir_op_name(op), msg);
  return false;
}

/* ---- layouts and boxes --------------------------------------------------------------- */

unsigned tgpu_tma_swizzle_of(const tgpu_shared_layout *l, unsigned elem_bytes) {
  if (l->max_phase <= 1 && l->per_phase <= 1) return 0;
  unsigned s = l->max_phase * 16;
  if (l->vec * elem_bytes != 16 || (s != 32 && s != 64 && s != 128) || l->per_phase != 128 / s) return TGPU_TMA_NO;
  return s;
}

bool tgpu_tma_layout(unsigned rank, const int64_t *shape, unsigned elem_bytes, tgpu_shared_layout *out) {
  if (rank < 1 || rank > TGPU_MAX_RANK || rank > 5 || !elem_bytes) return false;
  int64_t inner = shape[rank - 1] * elem_bytes;
  if (inner % 16) return false;
  *out = tgpu_shared_unswizzled(rank);
  unsigned s = inner % 128 == 0 ? 128 : inner % 64 == 0 ? 64 : inner % 32 == 0 ? 32 : 0;
  if (rank != 2 || !s) return true; /* dense: one box (checked by tgpu_tma_boxes) */
  out->vec = 16 / elem_bytes;
  out->max_phase = s / 16;
  out->per_phase = 128 / s;
  out->slab = inner > s ? s / elem_bytes : 0;
  return true;
}

/* The tile's dims as the descriptor sees them: rows (the outer dim, 1 for rank 1) and
 * columns (the innermost, which the memdesc keeps contiguous). */
static bool tile_dims(const tgpu_memdesc *md, int64_t *rows, int64_t *cols) {
  if (md->rank == 1) {
    *rows = 1, *cols = md->shape[0];
    return true;
  }
  if (md->rank != 2) return false;
  unsigned c = md->layout.order[0];
  *cols = md->shape[c];
  *rows = md->shape[1 - c];
  return true;
}

/* Rank 3 to 5: one dense box of the whole tile (row-major, unswizzled). */
static bool dense_box(const tgpu_memdesc *md, unsigned eb, tgpu_tma_plan *out) {
  tgpu_shared_layout dense = tgpu_shared_unswizzled(md->rank);
  if (md->rank > 5 || !tgpu_shared_equal(&md->layout, &dense) || (md->shape[md->rank - 1] * eb) % 16) return false;
  out->rank = md->rank;
  out->bytes = eb;
  for (unsigned d = 0; d < md->rank; d++) {
    if (md->shape[d] > 256) return false;
    out->box[d] = md->shape[d];
    out->bytes *= md->shape[d];
  }
  out->n_col = out->n_row = 1;
  out->slab_bytes = out->row_block_bytes = out->bytes;
  return true;
}

bool tgpu_tma_boxes(const tgpu_memdesc *md, tgpu_tma_plan *out) {
  memset(out, 0, sizeof *out);
  unsigned eb = ir_type_byte_size(md->elem);
  int64_t rows, cols;
  if (eb && md->rank >= 3) return dense_box(md, eb, out);
  if (!eb || !tile_dims(md, &rows, &cols)) return false;
  unsigned s = tgpu_tma_swizzle_of(&md->layout, eb);
  if (s == TGPU_TMA_NO) return false;
  int64_t box_c = md->layout.slab ? md->layout.slab : cols;
  if (s && box_c * eb != s) return false;     /* a swizzled row is one S-byte row */
  if (!s && (box_c > 256 || (box_c * eb) % 16)) return false;
  if (cols % box_c) return false;
  int64_t box_r = rows > 256 ? 256 : rows;
  if (rows % box_r) return false;
  out->swizzle = s;
  out->rank = md->rank;
  if (md->rank == 1) {
    out->box[0] = box_c;
  } else {
    out->box[0] = box_r;
    out->box[1] = box_c;
  }
  out->n_col = (unsigned)(cols / box_c);
  out->n_row = (unsigned)(rows / box_r);
  out->slab_bytes = rows * box_c * eb;
  out->row_block_bytes = box_r * box_c * eb;
  out->bytes = rows * cols * eb;
  return true;
}

/* ---- verifiers --------------------------------------------------------------------------- */

tgpu_memdesc tgpu_mbarrier_memdesc(ir_context *ctx) {
  tgpu_memdesc md = {.rank = 1, .shape = {1}, .elem = ir_int_type(ctx, 64), .layout = tgpu_shared_unswizzled(1),
                     .is_mutable = true, .num_buffers = 1};
  return md;
}

static bool one_buffer(const ir_type *t, tgpu_memdesc *md) {
  return !tgpu_memdesc_check(t) && tgpu_memdesc_get(t, md) && md->num_buffers == 1;
}

static bool is_barrier(const ir_type *t) {
  tgpu_memdesc md;
  return one_buffer(t, &md) && md.rank == 1 && md.shape[0] == 1 && ir_type_is_int(md.elem) && md.elem->width == 64;
}

static bool is_i(const ir_type *t, unsigned w) { return ir_type_is_int(t) && t->width == w; }

bool tgpu_verify_mbarrier(ir_op *op) {
  if (!is_barrier(ir_op_operand(op, 0)->type)) return fail(op, "operand #0 must be a memdesc of one i64 [1] (an mbarrier)");
  if (ir_op_code(op) == IR_OP_MBARRIER_INIT && ir_op_get_int_attr(op, "count", 0) < 1)
    return fail(op, "needs `count` >= 1 (the arrivals of each phase)");
  if (ir_op_code(op) == IR_OP_MBARRIER_EXPECT) {
    if (!is_i(ir_op_operand(op, 1)->type, 1)) return fail(op, "operand #1 must be an i1 predicate");
    int64_t n = ir_op_get_int_attr(op, "bytes", 0);
    if (n < 1 || n >= (1 << 20)) return fail(op, "needs `bytes` in [1, 2^20) (the transaction count)");
  }
  if (ir_op_code(op) == IR_OP_MBARRIER_WAIT && !is_i(ir_op_operand(op, 1)->type, 32))
    return fail(op, "operand #1 must be the i32 phase parity");
  if (ir_op_code(op) == IR_OP_MBARRIER_WAIT && op->noperands == 3 && !is_i(ir_op_operand(op, 2)->type, 1))
    return fail(op, "operand #2 must be an i1 predicate");
  if (ir_op_code(op) == IR_OP_MBARRIER_ARRIVE && !is_i(ir_op_operand(op, 1)->type, 1))
    return fail(op, "operand #1 must be an i1 predicate");
  return true;
}

bool tgpu_verify_set_max_nreg(ir_op *op) {
  int64_t r = ir_op_get_int_attr(op, "regs", 0);
  if (r < 24 || r > 256 || r % 8) return fail(op, "needs `regs` in [24, 256], a multiple of 8");
  const ir_attr *inc = ir_op_get_attr(op, "increase");
  if (!inc || inc->kind != IR_ATTR_INT || inc->type->width != 1) return fail(op, "needs a bool `increase`");
  return true;
}

/* The descriptor's block type: the type loaded or stored (a tensor), or NULL. */
static const ir_type *block_of(ir_op *op) {
  const ir_type *t = ir_op_operand(op, 0)->type;
  return ir_type_is_tensordesc(t) ? ir_tensordesc_block(t) : NULL;
}

/* Offsets i32, as many as the block's rank; the memdesc matches the block (or, rank 2, its
 * transpose), with a layout a TMA copy writes. */
static bool check_copy(ir_op *op, unsigned nfixed, unsigned md_operand) {
  const ir_type *blk = block_of(op);
  if (!blk) return fail(op, "operand #0 must be a !tt.tensordesc");
  if (op->noperands != blk->rank + nfixed) return fail(op, "needs one i32 offset per dim of the descriptor's block");
  for (unsigned d = 0; d < blk->rank; d++)
    if (!is_i(ir_op_operand(op, 1 + d)->type, 32)) return fail(op, "offsets must be i32");
  tgpu_memdesc md;
  if (!one_buffer(ir_op_operand(op, md_operand)->type, &md)) return fail(op, "the shared operand must be a memdesc of one buffer");
  bool same = md.elem == blk->elem && md.rank == blk->rank;
  for (unsigned d = 0; same && d < blk->rank; d++) same = md.shape[d] == blk->shape[d];
  /* the block's innermost dim contiguous; a square block matches both ways: the order says which */
  if (same && md.rank == 2 && md.layout.order[0] != 1) same = false;
  bool trans = md.elem == blk->elem && md.rank == 2 && blk->rank == 2 && md.shape[0] == blk->shape[1] &&
               md.shape[1] == blk->shape[0] && md.layout.order[0] == 0;
  if (!same && !trans)
    return fail(op, "the memdesc must hold the descriptor's block (or its transpose), its innermost dim contiguous");
  tgpu_tma_plan plan;
  if (!tgpu_tma_boxes(&md, &plan)) return fail(op, "the memdesc's shared layout is not one a TMA copy writes");
  return true;
}

bool tgpu_verify_tma_load(ir_op *op) {
  /* operands: desc, offsets, dst, bar, pred */
  if (op->noperands < 5) return fail(op, "needs a descriptor, offsets, a destination, an mbarrier and a predicate");
  if (!is_i(ir_op_operand(op, op->noperands - 1)->type, 1)) return fail(op, "the last operand must be an i1 predicate");
  if (!is_barrier(ir_op_operand(op, op->noperands - 2)->type)) return fail(op, "the operand before the predicate must be an mbarrier");
  if (!check_copy(op, 4, op->noperands - 3)) return false;
  tgpu_memdesc md;
  tgpu_memdesc_get(ir_op_operand(op, op->noperands - 3)->type, &md);
  if (!md.is_mutable) return fail(op, "the destination must be mutable");
  return true;
}

bool tgpu_verify_tma_store(ir_op *op) {
  if (op->noperands < 3) return fail(op, "needs a descriptor, offsets and a source");
  return check_copy(op, 2, op->noperands - 1);
}

/* ---- the descriptor parameters' boxes ---------------------------------------------------- */

/* An in-kernel descriptor's tensormap: at the kernel's top level (written once per program,
 * before the copies that read it), a slot of the global scratch on its first copy. */
static bool record_made(ir_op *op, ir_op *f, ir_op *make) {
  ir_context *ctx = ir_op_context(op);
  if (make->parent != ir_region_entry(&f->regions[0])) {
    ir_emit_error(ctx, op->loc, "a TMA copy through an in-kernel descriptor needs the tt.make_tensor_descriptor at "
                                "the kernel's top level (not in a loop, an if or a warp-specialized region)");
    return false;
  }
  if (ir_op_get_attr(make, TGPU_ATTR_GLOBAL_SCRATCH_OFFSET)) return true;
  int64_t at = ir_op_get_int_attr(f, TGPU_ATTR_GLOBAL_SCRATCH, 0);
  ir_op_set_attr(make, TGPU_ATTR_GLOBAL_SCRATCH_OFFSET, ir_i64_attr(ctx, at));
  ir_op_set_attr(f, TGPU_ATTR_GLOBAL_SCRATCH, ir_i32_attr(ctx, (int32_t)(at + TGPU_TENSORMAP_SLOT_BYTES)));
  return true;
}

bool tgpu_tma_record(ir_op *op, ir_value *desc, const tgpu_tma_plan *plan, bool store) {
  ir_op *f = (ir_op *)tgpu_enclosing_func(op);
  ir_op *make = desc->def && ir_op_code(desc->def) == IR_OP_MAKE_TENSOR_DESCRIPTOR ? desc->def : NULL;
  if (!f || (!make && (desc->def || !desc->block || desc->block->parent->parent != f))) {
    ir_emit_error(ir_op_context(op), op->loc,
                  "a TMA copy needs its descriptor to be a parameter of the kernel or a "
                  "tt.make_tensor_descriptor (got another computed descriptor)");
    return false;
  }
  if (make && !record_made(op, f, make)) return false;
  ir_op *holder = make ? make : f; /* where the box and swizzle are kept */
  ir_context *ctx = ir_op_context(op);
  char bname[48], sname[48], what[48];
  if (store && !make) { /* the runtime checks a stored tensor's rows (docs/runtime.md); the
                          * frontend stores through a made descriptor only where they are
                          * proven 16-byte multiples */
    snprintf(bname, sizeof bname, TGPU_ATTR_TMA_STORE_PREFIX "%u", desc->index);
    ir_op_set_attr(f, bname, ir_bool_attr(ctx, true));
  }
  const char *box = TGPU_ATTR_TMA_BOX, *swz = TGPU_ATTR_TMA_SWIZZLE;
  snprintf(what, sizeof what, "an in-kernel descriptor");
  if (!make) {
    snprintf(bname, sizeof bname, TGPU_ATTR_TMA_BOX_PREFIX "%u", desc->index);
    snprintf(sname, sizeof sname, TGPU_ATTR_TMA_SWIZZLE_PREFIX "%u", desc->index);
    snprintf(what, sizeof what, "descriptor parameter %u", desc->index);
    box = bname, swz = sname;
  }
  int64_t old[TGPU_MAX_RANK];
  unsigned rank = plan->rank;
  const ir_attr *prev = ir_op_get_attr(holder, box);
  if (prev) {
    int n = ir_attr_get_i64_array(prev, old, TGPU_MAX_RANK);
    bool same = n == (int)rank && ir_op_get_int_attr(holder, swz, -1) == (int64_t)plan->swizzle;
    for (unsigned d = 0; same && d < rank; d++) same = old[d] == plan->box[d];
    if (!same) {
      ir_emit_error(ctx, op->loc, "%s is copied with two different TMA boxes or swizzles in this kernel; use it "
                    "one way (one shared layout per descriptor)", what);
      return false;
    }
    return true;
  }
  ir_op_set_attr(holder, box, ir_i64_array_attr(ctx, rank, plan->box));
  ir_op_set_attr(holder, swz, ir_i32_attr(ctx, plan->swizzle));
  return true;
}

/* ---- the wgmma operand a descriptor load feeds ------------------------------------------ */

ir_op *tgpu_tma_wgmma_alloc(ir_op *load, ir_op **chain, unsigned *nchain, tgpu_memdesc *md) {
  ir_value *v = ir_op_result(load, 0);
  bool trans = false;
  *nchain = 0;
  for (;;) {
    if (ir_value_num_uses(v) != 1) return NULL;
    ir_op *u = v->first_use->user;
    if (ir_op_code(u) == IR_OP_LOCAL_ALLOC && u->noperands == 1) {
      for (ir_use *x = ir_op_result(u, 0)->first_use; x; x = x->next_use)
        if (ir_op_code(x->user) != IR_OP_WARP_GROUP_DOT) return NULL;
      tgpu_tma_plan plan;
      if (!tgpu_memdesc_get(ir_op_result(u, 0)->type, md)) return NULL;
      md->is_mutable = true;
      md->num_buffers = 1;
      unsigned inner = trans ? 0 : md->rank - 1;
      return tgpu_tma_boxes(md, &plan) && md->layout.order[0] == inner ? u : NULL;
    }
    if (*nchain == TGPU_TMA_MAX_CHAIN) return NULL;
    if (ir_op_code(u) == IR_OP_TRANS && v->type->rank == 2) trans = !trans;
    else if (ir_op_code(u) != IR_OP_CONVERT_LAYOUT) return NULL;
    chain[(*nchain)++] = u;
    v = ir_op_result(u, 0);
  }
}
