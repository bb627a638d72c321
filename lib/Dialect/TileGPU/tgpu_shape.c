/* Layouts of the shape ops (see tgpu_shape.h). Blocked layouts are rewritten field by
 * field, linear layouts basis by basis (tgpu_linear.c); a slice is rewritten through its
 * parent with the sliced dim kept out of the way; reshape's layout is found by reading a
 * blocked layout back from the operand's linear layout and checking it, and is that linear
 * layout itself when no blocked layout fits. */
#include <string.h>

#include "Dialect/TileGPU/linear_layout.h"
#include "Dialect/TileGPU/tgpu_shape.h"

/* ---- trans ------------------------------------------------------------------------------ */

static const ir_attr *permute_blocked(ir_context *ctx, const tgpu_blocked *b, const int64_t *order) {
  tgpu_blocked r = {.rank = b->rank};
  unsigned inv[TGPU_MAX_RANK];
  for (unsigned i = 0; i < b->rank; i++) {
    unsigned d = (unsigned)order[i];
    r.size_per_thread[i] = b->size_per_thread[d];
    r.threads_per_warp[i] = b->threads_per_warp[d];
    r.warps_per_cta[i] = b->warps_per_cta[d];
    inv[d] = i;
  }
  for (unsigned j = 0; j < b->rank; j++) r.order[j] = inv[b->order[j]];
  return tgpu_blocked_attr(ctx, &r);
}

/* The parent's permutation for a slice along `dim` of a rank-`rank` tensor: the sliced dim
 * stays at dim, the others move as order says. */
static void parent_order(unsigned dim, unsigned rank, const int64_t *order, int64_t *out) {
  out[dim] = dim;
  for (unsigned i = 0; i < rank; i++) {
    unsigned pi = i < dim ? i : i + 1, src = (unsigned)order[i];
    out[pi] = src < dim ? src : src + 1;
  }
}

const ir_attr *tgpu_permute_layout(ir_context *ctx, const ir_attr *enc, unsigned rank, const int64_t *order) {
  tgpu_blocked b;
  tgpu_linear l;
  if (tgpu_blocked_get(enc, &b)) return b.rank == rank ? permute_blocked(ctx, &b, order) : NULL;
  if (tgpu_linear_get(enc, &l)) return l.rank == rank ? tgpu_linear_permute(ctx, &l, order) : NULL;
  unsigned dim;
  const ir_attr *parent;
  if (!tgpu_slice_get(enc, &dim, &parent) || rank + 1 > TGPU_MAX_RANK) return NULL;
  int64_t po[TGPU_MAX_RANK];
  parent_order(dim, rank, order, po);
  const ir_attr *p = tgpu_permute_layout(ctx, parent, rank + 1, po);
  return p ? tgpu_slice_attr(ctx, dim, p) : NULL;
}

/* ---- join and split --------------------------------------------------------------------- */

const ir_attr *tgpu_join_layout(ir_context *ctx, const ir_attr *enc, unsigned rank) {
  if (rank + 1 > TGPU_MAX_RANK) return NULL;
  tgpu_blocked b;
  tgpu_linear l;
  if (tgpu_linear_get(enc, &l)) return l.rank == rank ? tgpu_linear_join(ctx, &l) : NULL;
  if (tgpu_blocked_get(enc, &b)) {
    if (b.rank != rank) return NULL;
    b.size_per_thread[rank] = 2, b.threads_per_warp[rank] = 1, b.warps_per_cta[rank] = 1;
    memmove(b.order + 1, b.order, rank * sizeof b.order[0]);
    b.order[0] = rank;
    b.rank = rank + 1;
    return tgpu_blocked_attr(ctx, &b);
  }
  unsigned dim;
  const ir_attr *parent;
  if (!tgpu_slice_get(enc, &dim, &parent) || dim >= rank + 1) return NULL;
  const ir_attr *p = tgpu_join_layout(ctx, parent, rank + 1);
  return p ? tgpu_slice_attr(ctx, dim, p) : NULL;
}

const ir_attr *tgpu_split_layout(ir_context *ctx, const ir_attr *enc, unsigned rank) {
  if (rank < 2) return NULL;
  tgpu_blocked b;
  tgpu_linear l;
  if (tgpu_linear_get(enc, &l)) return l.rank == rank ? tgpu_linear_split(ctx, &l) : NULL;
  if (tgpu_blocked_get(enc, &b)) {
    unsigned last = rank - 1;
    if (b.rank != rank || b.size_per_thread[last] != 2 || b.threads_per_warp[last] != 1 ||
        b.warps_per_cta[last] != 1)
      return NULL;
    tgpu_blocked r = b;
    r.rank = last;
    for (unsigned j = 0, k = 0; j < rank; j++)
      if (b.order[j] != last) r.order[k++] = b.order[j];
    return tgpu_blocked_attr(ctx, &r);
  }
  unsigned dim;
  const ir_attr *parent;
  /* the slice's last dim must be its parent's last dim */
  if (!tgpu_slice_get(enc, &dim, &parent) || dim >= rank) return NULL;
  const ir_attr *p = tgpu_split_layout(ctx, parent, rank + 1);
  return p ? tgpu_slice_attr(ctx, dim, p) : NULL;
}

/* ---- reshape ---------------------------------------------------------------------------- */

/* Row-major element bits of each dim: dim d covers bits [lo[d], lo[d] + nbits[d]). */
static bool dim_bits(unsigned rank, const int64_t *shape, unsigned *lo, unsigned *nbits) {
  unsigned at = 0;
  for (unsigned d = rank; d-- > 0;) {
    int64_t s = shape[d];
    if (s <= 0 || (s & (s - 1))) return false;
    unsigned n = 0;
    while ((1ll << n) < s) n++;
    lo[d] = at, nbits[d] = n;
    at += n;
  }
  return true;
}

/* The dim whose bits hold the single-bit vector v, or -1. */
static int dim_of(uint32_t v, unsigned rank, const unsigned *lo, const unsigned *nbits) {
  if (!v || (v & (v - 1))) return -1;
  for (unsigned d = 0; d < rank; d++)
    if (v >= (1u << lo[d]) && v < (1u << (lo[d] + nbits[d]))) return (int)d;
  return -1;
}

typedef struct reshape_search {
  ir_context *ctx;
  const tgpu_ll_layout *want;
  unsigned rank;
  const int64_t *shape;
  tgpu_blocked b;  /* sizes filled; order tried */
  bool used[TGPU_MAX_RANK];
  const ir_attr *found;
} reshape_search;

static bool matches(reshape_search *s) {
  const ir_attr *a = tgpu_blocked_attr(s->ctx, &s->b);
  tgpu_ll_layout l;
  if (tgpu_ll_from_encoding(a, s->rank, s->shape, &l)) return false;
  if (l.nreg != s->want->nreg || l.nlane != s->want->nlane || l.nwarp != s->want->nwarp ||
      !tgpu_ll_equal(&l.map, &s->want->map))
    return false;
  s->found = a;
  return true;
}

/* Tries every order (fastest dim first) from position k on. */
static bool try_orders(reshape_search *s, unsigned k) {
  if (k == s->rank) return matches(s);
  for (unsigned d = 0; d < s->rank; d++) {
    if (s->used[d]) continue;
    s->used[d] = true, s->b.order[k] = d;
    bool ok = try_orders(s, k + 1);
    s->used[d] = false;
    if (ok) return true;
  }
  return false;
}

/* Sizes of the blocked candidate read from the linear layout: per dim, the register bits
 * that fill its lowest coordinate bits, and its lane and warp bits. False when a lane or
 * warp bit is a replica or crosses dims (no blocked layout has such a map). */
static bool read_sizes(const tgpu_ll_layout *l, unsigned rank, const unsigned *lo, const unsigned *nbits,
                       tgpu_blocked *b) {
  unsigned lanes[TGPU_MAX_RANK] = {0}, warps[TGPU_MAX_RANK] = {0}, spt[TGPU_MAX_RANK] = {0};
  for (unsigned w = 1; w <= 2; w++)
    for (unsigned i = 0; i < (w == 1 ? l->nlane : l->nwarp); i++) {
      int d = dim_of(tgpu_ll_layout_basis(l, w, i), rank, lo, nbits);
      if (d < 0) return false;
      (w == 1 ? lanes : warps)[d]++;
    }
  for (unsigned d = 0; d < rank; d++) {
    bool grew = true;
    while (grew && spt[d] < nbits[d]) {
      grew = false;
      for (unsigned i = 0; i < l->nreg && !grew; i++)
        grew = tgpu_ll_layout_basis(l, 0, i) == 1u << (lo[d] + spt[d]);
      spt[d] += grew;
    }
    b->size_per_thread[d] = 1u << spt[d];
    b->threads_per_warp[d] = 1u << lanes[d];
    b->warps_per_cta[d] = 1u << warps[d];
  }
  b->rank = rank;
  return true;
}

const ir_attr *tgpu_reshape_layout(ir_context *ctx, const ir_attr *enc, unsigned src_rank,
                                   const int64_t *src_shape, unsigned dst_rank, const int64_t *dst_shape) {
  tgpu_ll_layout src;
  unsigned lo[TGPU_MAX_RANK], nbits[TGPU_MAX_RANK];
  if (dst_rank == 0 || dst_rank > 5 || tgpu_ll_from_encoding(enc, src_rank, src_shape, &src) ||
      !dim_bits(dst_rank, dst_shape, lo, nbits))
    return NULL;
  reshape_search s = {.ctx = ctx, .want = &src, .rank = dst_rank, .shape = dst_shape};
  if (read_sizes(&src, dst_rank, lo, nbits, &s.b) && try_orders(&s, 0)) return s.found;
  /* no blocked layout writes it (a wgmma accumulator's, say): the same map, as a linear
   * layout over the result's dims */
  src.rank = dst_rank;
  for (unsigned d = 0; d < dst_rank; d++) src.dim_bits[d] = nbits[d];
  return tgpu_linear_from_ll(ctx, &src);
}

bool tgpu_reshape_may_reorder(const ir_type *src, const ir_type *dst) {
  tgpu_ll_layout a, b;
  return tgpu_ll_same_hardware(src, dst, &a, &b) && tgpu_ll_is_injective(&a.map) && tgpu_ll_is_injective(&b.map);
}
