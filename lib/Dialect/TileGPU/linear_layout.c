/* Linear layouts over GF(2): map algebra (apply, compose, solve, pseudo-inverse) and the
 * builders that turn each encoding kind into a linear layout for a shape.
 *
 * Blocked layout, dim d with s = log2 sizePerThread, t = log2 threadsPerWarp, w = log2
 * warpsPerCTA and n = log2 size: register bits of d map to coordinate bits 0..s-1, then
 * (when the dim is larger than the CTA tile, s+t+w < n) to bits s+t+w..n-1 (the wrapped
 * chunks); lane bits of d map to bits s..s+t-1 and warp bits to s+t..s+t+w-1. A target bit
 * at or above n becomes a zero vector (the tensor is smaller than the tile: replication).
 * Register, lane and warp indices each split over the dims in `order`, fastest first;
 * registers are therefore numbered exactly as tgpu.h says (the old lowering's order).
 * Slice layout: the parent's layout on the shape with a size-1 dim inserted at D, minus
 * the register bits that walk along D (those registers are dropped), dim D removed. */
#include <string.h>

#include "Dialect/TileGPU/linear_layout.h"
#include "Dialect/TileGPU/linear_layout_internal.h"

#define NO_DIM TGPU_LL_NO_DIM

/* ---- maps ------------------------------------------------------------------------------- */

uint32_t tgpu_ll_apply(const tgpu_ll *m, uint32_t in) {
  uint32_t out = 0;
  for (unsigned i = 0; i < m->nin; i++)
    if (in & (1u << i)) out ^= m->basis[i];
  return out;
}

tgpu_ll tgpu_ll_compose(const tgpu_ll *outer, const tgpu_ll *inner) {
  tgpu_ll r;
  memset(&r, 0, sizeof r);
  r.nin = inner->nin;
  r.nout = outer->nout;
  for (unsigned i = 0; i < inner->nin; i++) r.basis[i] = tgpu_ll_apply(outer, inner->basis[i]);
  return r;
}

bool tgpu_ll_equal(const tgpu_ll *a, const tgpu_ll *b) {
  if (a->nin != b->nin || a->nout != b->nout) return false;
  for (unsigned i = 0; i < a->nin; i++)
    if (a->basis[i] != b->basis[i]) return false;
  return true;
}

/* Row echelon form: pivot[b] is a vector whose highest set bit is b, comb[b] the input
 * bits that produce it; has[b] says whether the pivot exists. */
typedef struct echelon {
  uint32_t vec[TGPU_LL_MAX_BITS], comb[TGPU_LL_MAX_BITS];
  bool has[TGPU_LL_MAX_BITS];
  unsigned rank;
} echelon;

static unsigned top_bit(uint32_t v) {
  unsigned b = 0;
  while (v >>= 1) b++;
  return b;
}

/* Reduces (v, comb) by the pivots; returns the remainder. */
static uint32_t reduce(const echelon *e, uint32_t v, uint32_t *comb) {
  for (unsigned b = TGPU_LL_MAX_BITS; b-- > 0;) {
    if (!(v & (1u << b)) || !e->has[b]) continue;
    v ^= e->vec[b];
    *comb ^= e->comb[b];
  }
  return v;
}

/* Input bits are taken from the highest down, so higher inputs become pivots first. */
static void echelon_build(const tgpu_ll *m, echelon *e) {
  memset(e, 0, sizeof *e);
  for (unsigned i = m->nin; i-- > 0;) {
    uint32_t comb = 1u << i;
    uint32_t v = reduce(e, m->basis[i], &comb);
    if (!v) continue;
    unsigned b = top_bit(v);
    e->vec[b] = v;
    e->comb[b] = comb;
    e->has[b] = true;
    e->rank++;
  }
}

unsigned tgpu_ll_rank(const tgpu_ll *m) {
  echelon e;
  echelon_build(m, &e);
  return e.rank;
}

bool tgpu_ll_is_surjective(const tgpu_ll *m) { return tgpu_ll_rank(m) == m->nout; }
bool tgpu_ll_is_injective(const tgpu_ll *m) { return tgpu_ll_rank(m) == m->nin; }

bool tgpu_ll_solve(const tgpu_ll *m, uint32_t v, uint32_t *out_x) {
  echelon e;
  echelon_build(m, &e);
  uint32_t x = 0;
  if (reduce(&e, v, &x) != 0) return false;
  *out_x = x;
  return true;
}

bool tgpu_ll_pseudo_inverse(const tgpu_ll *m, tgpu_ll *out) {
  echelon e;
  echelon_build(m, &e);
  if (e.rank != m->nout) return false;
  memset(out, 0, sizeof *out);
  out->nin = m->nout;
  out->nout = m->nin;
  for (unsigned o = 0; o < m->nout; o++) {
    uint32_t x = 0;
    reduce(&e, 1u << o, &x);
    out->basis[o] = x;
  }
  return true;
}

/* ---- layouts ---------------------------------------------------------------------------- */

static unsigned log2u(uint64_t v) {
  unsigned b = 0;
  while ((1ull << b) < v) b++;
  return b;
}

static bool is_pow2_i64(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

/* Bit offset of tensor dim d in the row-major element index. */
static unsigned dim_offset(const tgpu_ll_layout *l, unsigned d) {
  unsigned off = 0;
  for (unsigned e = d + 1; e < l->rank; e++) off += l->dim_bits[e];
  return off;
}

/* Basis vector for coordinate bit `bit` of dim d: zero past the dim's size. */
static uint32_t coord_bit(const tgpu_ll_layout *l, unsigned d, unsigned bit) {
  return bit < l->dim_bits[d] ? 1u << (dim_offset(l, d) + bit) : 0;
}

static const char *set_shape(tgpu_ll_layout *l, unsigned rank, const int64_t *shape) {
  unsigned total = 0;
  l->rank = rank;
  for (unsigned d = 0; d < rank; d++) {
    if (!is_pow2_i64(shape[d])) return "linear layouts need power-of-two dims";
    l->dim_bits[d] = log2u((uint64_t)shape[d]);
    total += l->dim_bits[d];
  }
  if (total >= TGPU_LL_MAX_BITS) return "tensor too large for a linear layout";
  l->map.nout = total;
  return NULL;
}

/* Appends an input bit; `dim` records which tensor dim a register bit walks (slices). */
static const char *push_bit(tgpu_ll_layout *l, uint32_t v, uint8_t *reg_dim, unsigned dim) {
  if (l->map.nin >= TGPU_LL_MAX_BITS) return "layout has too many index bits";
  if (reg_dim) reg_dim[l->map.nin] = (uint8_t)dim;
  l->map.basis[l->map.nin++] = v;
  return NULL;
}

uint32_t tgpu_ll_coord_bit(const tgpu_ll_layout *l, unsigned d, unsigned bit) { return coord_bit(l, d, bit); }
const char *tgpu_ll_set_shape(tgpu_ll_layout *l, unsigned rank, const int64_t *shape) {
  return set_shape(l, rank, shape);
}
const char *tgpu_ll_push_bit(tgpu_ll_layout *l, uint32_t v, uint8_t *reg_dim, unsigned dim) {
  return push_bit(l, v, reg_dim, dim);
}

static const char *blocked_regs(const tgpu_blocked *b, tgpu_ll_layout *l, uint8_t *reg_dim) {
  const char *err = NULL;
  for (unsigned j = 0; j < b->rank && !err; j++) {
    unsigned d = b->order[j];
    unsigned s = log2u(b->size_per_thread[d]);
    unsigned tile = s + log2u(b->threads_per_warp[d]) + log2u(b->warps_per_cta[d]);
    for (unsigned k = 0; k < s && !err; k++) err = push_bit(l, coord_bit(l, d, k), reg_dim, d);
    for (unsigned k = tile; k < l->dim_bits[d] && !err; k++)
      err = push_bit(l, coord_bit(l, d, k), reg_dim, d);
  }
  l->nreg = l->map.nin;
  return err;
}

/* Lane (which = 0) or warp (which = 1) bits of a blocked layout. */
static const char *blocked_threads(const tgpu_blocked *b, tgpu_ll_layout *l, unsigned which) {
  unsigned start = l->map.nin;
  const char *err = NULL;
  for (unsigned j = 0; j < b->rank && !err; j++) {
    unsigned d = b->order[j];
    unsigned s = log2u(b->size_per_thread[d]), t = log2u(b->threads_per_warp[d]);
    unsigned lo = which ? s + t : s, n = which ? log2u(b->warps_per_cta[d]) : t;
    for (unsigned k = 0; k < n && !err; k++) err = push_bit(l, coord_bit(l, d, lo + k), NULL, NO_DIM);
  }
  if (which) l->nwarp = l->map.nin - start;
  else l->nlane = l->map.nin - start;
  return err;
}

static const char *from_blocked(const ir_attr *enc, unsigned rank, const int64_t *shape,
                                tgpu_ll_layout *out, uint8_t *reg_dim) {
  tgpu_blocked b;
  if (!tgpu_blocked_get(enc, &b) || b.rank != rank) return "malformed #tgpu.blocked layout";
  unsigned warps = 1;
  for (unsigned d = 0; d < rank; d++) warps *= b.warps_per_cta[d];
  const char *err = tgpu_layout_check(enc, rank, shape, warps);
  if (!err) err = set_shape(out, rank, shape);
  if (!err) err = blocked_regs(&b, out, reg_dim);
  if (!err) err = blocked_threads(&b, out, 0);
  if (!err) err = blocked_threads(&b, out, 1);
  return err;
}

typedef const char *(*ll_builder)(const ir_attr *enc, unsigned rank, const int64_t *shape,
                                  tgpu_ll_layout *out, uint8_t *reg_dim);
static const char *build(const ir_attr *enc, unsigned rank, const int64_t *shape,
                         tgpu_ll_layout *out, uint8_t *reg_dim);

/* Drops the parent's register bits along `dim` and the (size-1) dim itself. */
static void drop_slice_dim(tgpu_ll_layout *l, unsigned dim, uint8_t *reg_dim) {
  unsigned w = 0, kept_regs = 0;
  for (unsigned i = 0; i < l->map.nin; i++) {
    bool is_reg = i < l->nreg;
    if (is_reg && reg_dim[i] == dim) continue;
    if (is_reg) {
      reg_dim[w] = reg_dim[i] == NO_DIM || reg_dim[i] < dim ? reg_dim[i] : (uint8_t)(reg_dim[i] - 1);
      kept_regs++;
    }
    l->map.basis[w++] = l->map.basis[i];
  }
  l->map.nin = w;
  l->nreg = kept_regs;
  for (unsigned d = dim; d + 1 < l->rank; d++) l->dim_bits[d] = l->dim_bits[d + 1];
  l->rank--;
}

static const char *from_slice(const ir_attr *enc, unsigned rank, const int64_t *shape,
                              tgpu_ll_layout *out, uint8_t *reg_dim) {
  unsigned dim;
  const ir_attr *parent;
  if (!tgpu_slice_get(enc, &dim, &parent) || dim > rank || rank + 1 > TGPU_MAX_RANK)
    return "malformed #tgpu.slice layout";
  int64_t pshape[TGPU_MAX_RANK];
  for (unsigned d = 0, s = 0; d <= rank; d++) pshape[d] = d == dim ? 1 : shape[s++];
  const char *err = build(parent, rank + 1, pshape, out, reg_dim);
  if (err) return err;
  drop_slice_dim(out, dim, reg_dim);
  return NULL;
}

/* One builder per encoding kind, indexed by tgpu_layout_kind. */
static const ll_builder builders[] = {
    [TGPU_LAYOUT_BLOCKED] = from_blocked,
    [TGPU_LAYOUT_SLICE] = from_slice,
    [TGPU_LAYOUT_MMA] = tgpu_ll_from_mma,
    [TGPU_LAYOUT_DOT_OP] = tgpu_ll_from_dot_op,
    [TGPU_LAYOUT_LINEAR] = tgpu_ll_from_linear,
};

const char *tgpu_ll_build(const ir_attr *enc, unsigned rank, const int64_t *shape,
                          tgpu_ll_layout *out, uint8_t *reg_dim) {
  return build(enc, rank, shape, out, reg_dim);
}

static const char *build(const ir_attr *enc, unsigned rank, const int64_t *shape,
                         tgpu_ll_layout *out, uint8_t *reg_dim) {
  tgpu_layout_kind k = tgpu_layout_kind_of(enc);
  if ((size_t)k >= sizeof builders / sizeof builders[0] || !builders[k])
    return enc ? "unknown layout attribute" : "tensor has no layout";
  memset(out, 0, sizeof *out);
  return builders[k](enc, rank, shape, out, reg_dim);
}

const char *tgpu_ll_from_encoding(const ir_attr *enc, unsigned rank, const int64_t *shape,
                                  tgpu_ll_layout *out) {
  uint8_t reg_dim[TGPU_LL_MAX_BITS];
  if (rank == 0 || rank > TGPU_MAX_RANK) return "bad tensor rank";
  return build(enc, rank, shape, out, reg_dim);
}

uint32_t tgpu_ll_layout_apply(const tgpu_ll_layout *l, uint32_t reg, uint32_t lane,
                              uint32_t warp) {
  uint32_t in = reg | lane << l->nreg | warp << (l->nreg + l->nlane);
  return tgpu_ll_apply(&l->map, in);
}

void tgpu_ll_layout_coords(const tgpu_ll_layout *l, uint32_t elem, int64_t *out) {
  for (unsigned d = l->rank; d-- > 0;) {
    out[d] = elem & ((1u << l->dim_bits[d]) - 1);
    elem >>= l->dim_bits[d];
  }
}

uint32_t tgpu_ll_layout_basis(const tgpu_ll_layout *l, unsigned which, unsigned bit) {
  unsigned start = which == 0 ? 0 : which == 1 ? l->nreg : l->nreg + l->nlane;
  return l->map.basis[start + bit];
}

uint32_t tgpu_ll_layout_zero_bits(const tgpu_ll_layout *l, unsigned which) {
  unsigned n = which == 0 ? l->nreg : which == 1 ? l->nlane : l->nwarp;
  uint32_t m = 0;
  for (unsigned b = 0; b < n; b++)
    if (!tgpu_ll_layout_basis(l, which, b)) m |= 1u << b;
  return m;
}

tgpu_ll tgpu_ll_layout_restrict(const tgpu_ll_layout *l, unsigned which_mask) {
  tgpu_ll r;
  memset(&r, 0, sizeof r);
  r.nout = l->map.nout;
  unsigned counts[3] = {l->nreg, l->nlane, l->nwarp};
  for (unsigned w = 0; w < 3; w++) {
    if (!(which_mask & (1u << w))) continue;
    for (unsigned k = 0; k < counts[w]; k++) r.basis[r.nin++] = tgpu_ll_layout_basis(l, w, k);
  }
  return r;
}

bool tgpu_ll_same_hardware(const ir_type *src, const ir_type *dst, tgpu_ll_layout *a, tgpu_ll_layout *b) {
  if (!ir_type_is_tensor(src) || !ir_type_is_tensor(dst) ||
      tgpu_ll_from_encoding(src->encoding, src->rank, src->shape, a) ||
      tgpu_ll_from_encoding(dst->encoding, dst->rank, dst->shape, b))
    return false;
  return a->nreg == b->nreg && a->nlane == b->nlane && a->nwarp == b->nwarp;
}

bool tgpu_ll_layout_equal(const tgpu_ll_layout *a, const tgpu_ll_layout *b) {
  if (a->nreg != b->nreg || a->nlane != b->nlane || a->nwarp != b->nwarp || a->rank != b->rank)
    return false;
  for (unsigned d = 0; d < a->rank; d++)
    if (a->dim_bits[d] != b->dim_bits[d]) return false;
  return tgpu_ll_equal(&a->map, &b->map);
}
