/* Layouts as seen by one thread: which elements it holds, in which register order, and
 * the coordinates of each, all read from the tensor's linear layout
 * (Dialect/TileGPU/linear_layout.h). Register r of thread (lane, warp) holds the element
 * ll(r, 0, 0) XOR ll(0, lane, warp): a static part per register (cg_layout.coords) and a
 * per-thread part built once per op from the lane and warp basis vectors. For blocked and
 * slice layouts the two parts never share a bit, so the XOR is an add, and each lane or
 * warp bit lands on one coordinate bit, so the thread part is a few shift-and-mask fields
 * (the register order and arithmetic of the former blocked-only lowering). */
#include <string.h>

#include "Conversion/cg_internal.h"

#define MAX_REG_BITS 16u /* 65536 registers per thread */

bool cg_layout_get(cg_state *st, const ir_type *t, ir_loc loc, cg_layout *out) {
  memset(out, 0, sizeof *out);
  if (!ir_type_is_tensor(t)) {
    ir_emit_error(st->ictx, loc, "internal: layout of a non-tensor");
    return false;
  }
  if (tgpu_layout_kind_of(t->encoding) == TGPU_LAYOUT_NONE) {
    ir_emit_error(st->ictx, loc, "tensor without a #tgpu layout cannot be lowered to LLVM IR");
    return false;
  }
  const char *err = tgpu_ll_from_encoding(t->encoding, t->rank, t->shape, &out->ll);
  if (err) {
    ir_emit_error(st->ictx, loc, "cannot lower the layout of a rank-%u tensor: %s", t->rank, err);
    return false;
  }
  if (out->ll.nreg > MAX_REG_BITS) {
    ir_emit_error(st->ictx, loc, "a thread would hold %llu elements of this tensor",
                  1ull << out->ll.nreg);
    return false;
  }
  out->rank = t->rank;
  out->nregs = 1u << out->ll.nreg;
  memcpy(out->shape, t->shape, sizeof(int64_t) * t->rank);
  out->coords = sup_arena_alloc(st->arena, sizeof(int64_t) * ((size_t)out->nregs * t->rank + 1));
  for (unsigned r = 0; r < out->nregs; r++)
    tgpu_ll_layout_coords(&out->ll, tgpu_ll_layout_apply(&out->ll, r, 0, 0), &out->coords[(size_t)r * t->rank]);
  return true;
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

static bool single_bit(uint32_t v) { return v && !(v & (v - 1)); }

static unsigned log2_bit(uint32_t v) {
  unsigned b = 0;
  while (v >>= 1) b++;
  return b;
}

/* Adds (when the bits are disjoint) or XORs term into *acc; mask tracks the bits set. */
static void combine(cg_state *st, LLVMValueRef *acc, uint32_t *mask, LLVMValueRef term,
                    uint32_t term_mask) {
  if (!*acc) *acc = term;
  else if (*mask & term_mask) *acc = LLVMBuildXor(st->b, *acc, term, "");
  else *acc = LLVMBuildAdd(st->b, *acc, term, "");
  *mask |= term_mask;
}

/* Input bits k..k+len-1 of x, shifted so that bit k lands on bit `to`. */
static LLVMValueRef bit_field(cg_state *st, LLVMValueRef x, unsigned k, unsigned len,
                              unsigned n, unsigned to) {
  LLVMValueRef v = k ? LLVMBuildLShr(st->b, x, cg_i32(st, k), "") : x;
  if (k + len < n) v = LLVMBuildAnd(st->b, v, cg_i32(st, (1 << len) - 1), "");
  return to ? LLVMBuildShl(st->b, v, cg_i32(st, to), "") : v;
}

LLVMValueRef cg_layout_owner(cg_state *st, const cg_layout *l, uint32_t *out_reg_replica) {
  *out_reg_replica = tgpu_ll_layout_zero_bits(&l->ll, 0);
  uint32_t zl = tgpu_ll_layout_zero_bits(&l->ll, 1), zw = tgpu_ll_layout_zero_bits(&l->ll, 2);
  LLVMValueRef dup = LLVMBuildOr(st->b, LLVMBuildAnd(st->b, st->lane, cg_i32(st, zl), ""),
                                 LLVMBuildAnd(st->b, st->warp, cg_i32(st, zw), ""), "");
  return LLVMBuildICmp(st->b, LLVMIntEQ, dup, cg_i32(st, 0), "");
}

LLVMValueRef cg_layout_bits(cg_state *st, LLVMValueRef x, const uint32_t *vals, unsigned n) {
  LLVMValueRef acc = NULL;
  uint32_t mask = 0;
  for (unsigned k = 0; k < n;) {
    if (!vals[k]) {
      k++;
      continue;
    }
    if (!single_bit(vals[k])) {
      LLVMValueRef bit = LLVMBuildAnd(st->b, x, cg_i32(st, 1 << k), "");
      LLVMValueRef on = LLVMBuildICmp(st->b, LLVMIntNE, bit, cg_i32(st, 0), "");
      combine(st, &acc, &mask, LLVMBuildSelect(st->b, on, cg_i32(st, vals[k]), cg_i32(st, 0), ""), vals[k]);
      k++;
      continue;
    }
    unsigned len = 1;
    while (k + len < n && vals[k + len] == vals[k] << len) len++;
    uint32_t field = ((vals[k] << len) - vals[k]);
    combine(st, &acc, &mask, bit_field(st, x, k, len, n, log2_bit(vals[k])), field);
    k += len;
  }
  return acc ? acc : cg_i32(st, 0);
}

/* The values of dim `dim` that lane (which 1) or warp (which 2) bits contribute. */
static unsigned dim_vals(const cg_layout *l, unsigned which, unsigned dim, uint32_t *out) {
  unsigned off = 0, n = which == 1 ? l->ll.nlane : l->ll.nwarp;
  for (unsigned e = dim + 1; e < l->rank; e++) off += l->ll.dim_bits[e];
  uint32_t mask = (1u << l->ll.dim_bits[dim]) - 1;
  for (unsigned k = 0; k < n; k++) out[k] = (tgpu_ll_layout_basis(&l->ll, which, k) >> off) & mask;
  return n;
}

static bool is_zero(LLVMValueRef v) {
  return LLVMIsConstant(v) && LLVMConstIntGetZExtValue(v) == 0;
}

/* The coordinate bits of dim `dim` that the thread's lane and warp can set. */
static uint32_t thread_mask(const cg_layout *l, unsigned dim) {
  uint32_t v[TGPU_LL_MAX_BITS], mask = 0;
  for (unsigned which = 1; which <= 2; which++) {
    unsigned n = dim_vals(l, which, dim, v);
    for (unsigned k = 0; k < n; k++) mask |= v[k];
  }
  return mask;
}

static LLVMValueRef thread_base(cg_state *st, const cg_layout *l, unsigned dim) {
  uint32_t lv[TGPU_LL_MAX_BITS], wv[TGPU_LL_MAX_BITS];
  unsigned nl = dim_vals(l, 1, dim, lv), nw = dim_vals(l, 2, dim, wv);
  LLVMValueRef lb = cg_layout_bits(st, st->lane, lv, nl), wb = cg_layout_bits(st, st->warp, wv, nw);
  if (is_zero(wb)) return lb;
  if (is_zero(lb)) return wb;
  return LLVMBuildAdd(st->b, lb, wb, "");
}

LLVMValueRef cg_layout_coord(cg_state *st, cg_layout *l, unsigned reg, unsigned dim) {
  if (!l->base[dim]) l->base[dim] = thread_base(st, l, dim);
  int64_t c = cg_layout_reg_coords(l, reg)[dim];
  if (!c) return l->base[dim];
  if ((uint64_t)c & thread_mask(l, dim)) return LLVMBuildXor(st->b, l->base[dim], cg_i32(st, c), "");
  return LLVMBuildAdd(st->b, l->base[dim], cg_i32(st, c), "");
}
