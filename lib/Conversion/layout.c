/* Layouts as seen by one thread: which elements it holds, in which register order, and
 * the coordinates of each (a static part per register plus a per-thread dynamic base).
 *
 * Blocked layout, tensor dim d: tile_d = spt_d*tpw_d*wpc_d, regs_d = spt_d*max(1,
 * S_d/tile_d); register k along d has static coordinate (k/spt_d)*tile_d + k%spt_d; the
 * thread's base is lane_d*spt_d + warp_d*spt_d*tpw_d (lane and warp split over the dims in
 * `order`); the element coordinate is (base + static) mod S_d, the mod only when S_d <
 * tile_d (replication). Registers are numbered with dims in `order`, fastest first.
 * Slice layout: the parent's registers on the shape with a size-1 dim inserted at D, those
 * with static coordinate 0 along D kept, dim D dropped. */
#include <string.h>

#include "Conversion/cg_internal.h"

static int64_t tile_of(const tgpu_blocked *b, unsigned d) {
  return (int64_t)b->size_per_thread[d] * b->threads_per_warp[d] * b->warps_per_cta[d];
}

static int64_t regs_along(const tgpu_blocked *b, unsigned d, int64_t size) {
  int64_t chunks = size / tile_of(b, d);
  return (int64_t)b->size_per_thread[d] * (chunks > 1 ? chunks : 1);
}

static bool blocked_layout(cg_state *st, const ir_attr *enc, unsigned rank, const int64_t *shape,
                           ir_loc loc, cg_layout *out) {
  tgpu_blocked b;
  if (!tgpu_blocked_get(enc, &b) || b.rank != rank) {
    ir_emit_error(st->ictx, loc, "malformed #tgpu.blocked layout for a rank-%u tensor", rank);
    return false;
  }
  int64_t n = 1;
  for (unsigned d = 0; d < rank; d++) n *= regs_along(&b, d, shape[d]);
  if (n > 65536) {
    ir_emit_error(st->ictx, loc, "a thread would hold %lld elements of this tensor", (long long)n);
    return false;
  }
  out->rank = rank;
  out->root = b;
  out->nregs = (unsigned)n;
  out->coords = sup_arena_alloc(st->arena, sizeof(int64_t) * (size_t)(n * rank + 1));
  for (unsigned d = 0; d < rank; d++) {
    out->shape[d] = shape[d];
    out->root_dim[d] = d;
  }
  for (int64_t r = 0; r < n; r++) {
    int64_t rem = r;
    for (unsigned j = 0; j < rank; j++) {
      unsigned d = b.order[j];
      int64_t regs = regs_along(&b, d, shape[d]), k = rem % regs;
      rem /= regs;
      out->coords[r * rank + d] = (k / b.size_per_thread[d]) * tile_of(&b, d) +
                                  k % b.size_per_thread[d];
    }
  }
  return true;
}

static bool layout_of(cg_state *st, const ir_attr *enc, unsigned rank, const int64_t *shape,
                      ir_loc loc, cg_layout *out);

static bool slice_layout(cg_state *st, const ir_attr *enc, unsigned rank, const int64_t *shape,
                         ir_loc loc, cg_layout *out) {
  unsigned dim;
  const ir_attr *parent;
  if (!tgpu_slice_get(enc, &dim, &parent) || dim > rank || rank + 1 > IR_MAX_RANK) {
    ir_emit_error(st->ictx, loc, "malformed #tgpu.slice layout for a rank-%u tensor", rank);
    return false;
  }
  int64_t pshape[IR_MAX_RANK];
  for (unsigned d = 0, s = 0; d <= rank; d++) pshape[d] = d == dim ? 1 : shape[s++];
  cg_layout p;
  if (!layout_of(st, parent, rank + 1, pshape, loc, &p)) return false;
  out->rank = rank;
  out->root = p.root;
  out->coords = sup_arena_alloc(st->arena, sizeof(int64_t) * (p.nregs * rank + 1));
  for (unsigned d = 0, s = 0; d <= rank; d++) {
    if (d == dim) continue;
    out->shape[s] = shape[s];
    out->root_dim[s++] = p.root_dim[d];
  }
  unsigned n = 0;
  for (unsigned r = 0; r < p.nregs; r++) {
    const int64_t *c = &p.coords[(size_t)r * (rank + 1)];
    if (c[dim] != 0) continue;
    for (unsigned d = 0, s = 0; d <= rank; d++)
      if (d != dim) out->coords[(size_t)n * rank + s++] = c[d];
    n++;
  }
  out->nregs = n;
  return true;
}

static bool layout_of(cg_state *st, const ir_attr *enc, unsigned rank, const int64_t *shape,
                      ir_loc loc, cg_layout *out) {
  switch (tgpu_layout_kind_of(enc)) {
  case TGPU_LAYOUT_BLOCKED: return blocked_layout(st, enc, rank, shape, loc, out);
  case TGPU_LAYOUT_SLICE: return slice_layout(st, enc, rank, shape, loc, out);
  default: break;
  }
  ir_emit_error(st->ictx, loc, "tensor without a #tgpu layout cannot be lowered to LLVM IR");
  return false;
}

bool cg_layout_get(cg_state *st, const ir_type *t, ir_loc loc, cg_layout *out) {
  memset(out, 0, sizeof *out);
  if (!ir_type_is_tensor(t)) {
    ir_emit_error(st->ictx, loc, "internal: layout of a non-tensor");
    return false;
  }
  return layout_of(st, t->encoding, t->rank, t->shape, loc, out);
}

const int64_t *cg_layout_reg_coords(const cg_layout *l, unsigned reg) {
  return &l->coords[(size_t)reg * l->rank];
}

int cg_layout_find(const cg_layout *l, const int64_t *coords, const bool *keep) {
  for (unsigned r = 0; r < l->nregs; r++) {
    const int64_t *c = cg_layout_reg_coords(l, r);
    unsigned d = 0;
    while (d < l->rank && ((keep && !keep[d]) || c[d] == coords[d])) d++;
    if (d == l->rank) return (int)r;
  }
  return -1;
}

static LLVMValueRef mul_const(cg_state *st, LLVMValueRef v, int64_t c) {
  if (c == 1) return v;
  if (c == 0) return cg_i32(st, 0);
  return LLVMBuildMul(st->b, v, cg_i32(st, c), "");
}

static LLVMValueRef add_const(cg_state *st, LLVMValueRef v, int64_t c) {
  return c ? LLVMBuildAdd(st->b, v, cg_i32(st, c), "") : v;
}

/* This thread's index among the lanes (or warps) along root dim rd: the flat index split
 * over the dims in `order`, fastest first. */
static LLVMValueRef split_index(cg_state *st, LLVMValueRef flat, const unsigned *per_dim,
                                const tgpu_blocked *b, unsigned rd) {
  int64_t stride = 1;
  for (unsigned j = 0; j < b->rank; j++) {
    unsigned d = b->order[j];
    if (d != rd) {
      stride *= per_dim[d];
      continue;
    }
    if (per_dim[d] == 1) return cg_i32(st, 0);
    LLVMValueRef q = stride == 1 ? flat : LLVMBuildUDiv(st->b, flat, cg_i32(st, stride), "");
    /* the slowest dim needs no remainder: the product of per_dim is the flat range */
    return j + 1 == b->rank ? q : LLVMBuildURem(st->b, q, cg_i32(st, per_dim[d]), "");
  }
  return cg_i32(st, 0);
}

static LLVMValueRef thread_base(cg_state *st, const cg_layout *l, unsigned dim) {
  const tgpu_blocked *b = &l->root;
  unsigned rd = l->root_dim[dim];
  int64_t spt = b->size_per_thread[rd], tpw = b->threads_per_warp[rd];
  LLVMValueRef lane = split_index(st, st->lane, b->threads_per_warp, b, rd);
  LLVMValueRef warp = split_index(st, st->warp, b->warps_per_cta, b, rd);
  LLVMValueRef lb = mul_const(st, lane, spt), wb = mul_const(st, warp, spt * tpw);
  if (LLVMIsConstant(wb) && LLVMConstIntGetZExtValue(wb) == 0) return lb;
  if (LLVMIsConstant(lb) && LLVMConstIntGetZExtValue(lb) == 0) return wb;
  return LLVMBuildAdd(st->b, lb, wb, "");
}

LLVMValueRef cg_layout_coord(cg_state *st, cg_layout *l, unsigned reg, unsigned dim) {
  if (!l->base[dim]) l->base[dim] = thread_base(st, l, dim);
  LLVMValueRef c = add_const(st, l->base[dim], cg_layout_reg_coords(l, reg)[dim]);
  int64_t size = l->shape[dim];
  if (size >= tile_of(&l->root, l->root_dim[dim])) return c;
  if ((size & (size - 1)) == 0) return LLVMBuildAnd(st->b, c, cg_i32(st, size - 1), "");
  return LLVMBuildURem(st->b, c, cg_i32(st, size), "");
}
