/* The linear layout encoding, #tgpu.linear: a distributed layout written as its linear map
 * (linear_layout.h), one basis vector per bit of the register, lane and warp indices, each
 * basis given as tensor coordinates:
 *
 *   #tgpu.linear<{register = [[0, 1], [8, 0]], lane = [[0, 2], ...], warp = [[16, 0], ...]}>
 *
 * says that register bit 0 moves one column, register bit 1 eight rows, and so on; the
 * element held at (reg, lane, warp) is the XOR of the bases of the index bits that are set.
 * It is the layout of what the other encodings cannot write: the wgmma accumulator after a
 * reshape, trans and split (the persistent matmul's subtiled epilogue), which keep every
 * element where it is. The shape ops build it from their operand's map (tgpu_shape.c).
 *
 * On a tensor whose dim d has size 1 where a basis has coordinate c along d, the coordinate
 * is dropped (a slice of the layout: the bit becomes a replica); other coordinates must lie
 * inside the tensor, and the layout must hold every element (tgpu_linear_check).
 * Symbols carry the `tgpu_` prefix. */
#include <string.h>

#include "Dialect/TileGPU/linear_layout_internal.h"
#include "Dialect/TileGPU/tgpu_types.h"

#define LINEAR_NAME "tgpu.linear"
#define MAX_COORD (1 << 20)

static const char *const group_names[3] = {"register", "lane", "warp"};

static unsigned group_count(const tgpu_linear *l, unsigned g) {
  return g == 0 ? l->nreg : g == 1 ? l->nlane : l->nwarp;
}

const ir_attr *tgpu_linear_attr(ir_context *ctx, const tgpu_linear *l) {
  ir_named_attr e[3];
  unsigned at = 0;
  for (unsigned g = 0; g < 3; g++) {
    const ir_attr *bases[TGPU_LINEAR_MAX_BITS];
    unsigned n = group_count(l, g);
    for (unsigned i = 0; i < n; i++) bases[i] = ir_i64_array_attr(ctx, l->rank, l->basis[at + i]);
    at += n;
    e[g] = (ir_named_attr){ir_intern(ctx, group_names[g]), ir_array_attr(ctx, n, bases)};
  }
  return ir_dialect_attr(ctx, LINEAR_NAME, ir_dict_attr(ctx, 3, e));
}

bool tgpu_is_linear(const ir_attr *enc) {
  return enc && enc->kind == IR_ATTR_DIALECT && enc->str && strcmp(enc->str, LINEAR_NAME) == 0;
}

bool tgpu_linear_get(const ir_attr *enc, tgpu_linear *out) {
  if (!tgpu_is_linear(enc) || !enc->params) return false;
  tgpu_linear l;
  memset(&l, 0, sizeof l);
  unsigned at = 0, rank = 0;
  for (unsigned g = 0; g < 3; g++) {
    const ir_attr *arr = ir_dict_get(enc->params, group_names[g]);
    if (!arr || arr->kind != IR_ATTR_ARRAY || at + arr->count > TGPU_LINEAR_MAX_BITS) return false;
    for (unsigned i = 0; i < arr->count; i++) {
      int n = ir_attr_get_i64_array(arr->elems[i], l.basis[at + i], TGPU_MAX_RANK);
      if (n <= 0 || (rank && (unsigned)n != rank)) return false;
      rank = (unsigned)n;
      for (int d = 0; d < n; d++)
        if (l.basis[at + i][d] < 0 || l.basis[at + i][d] >= MAX_COORD) return false;
    }
    at += arr->count;
    if (g == 0) l.nreg = arr->count;
    else if (g == 1) l.nlane = arr->count;
    else l.nwarp = arr->count;
  }
  if (!rank) return false; /* no basis says the rank */
  l.rank = rank;
  *out = l;
  return true;
}

/* The row-major element index of a basis on a tensor of this layout's shape; coordinates
 * along size-1 dims dropped. False when a coordinate falls outside a larger dim. */
static bool basis_index(const tgpu_ll_layout *ll, const int64_t *shape, const int64_t *c, uint32_t *out) {
  uint32_t v = 0;
  for (unsigned d = 0; d < ll->rank; d++) {
    int64_t x = shape[d] == 1 ? 0 : c[d];
    if (x >= shape[d]) return false;
    v = (v << ll->dim_bits[d]) | (uint32_t)x;
  }
  *out = v;
  return true;
}

/* The dim a register basis walks when it moves along exactly one (a slice drops it). */
static unsigned walk_dim(const int64_t *c, unsigned rank) {
  unsigned dim = TGPU_LL_NO_DIM, n = 0;
  for (unsigned d = 0; d < rank; d++)
    if (c[d]) dim = d, n++;
  return n == 1 ? dim : TGPU_LL_NO_DIM;
}

/* The linear layout of l (of rank `rank`) on a tensor of `shape`. */
static const char *ll_of(const tgpu_linear *l, const int64_t *shape, tgpu_ll_layout *out, uint8_t *reg_dim) {
  memset(out, 0, sizeof *out);
  const char *err = tgpu_ll_set_shape(out, l->rank, shape);
  for (unsigned i = 0; i < l->nreg + l->nlane + l->nwarp && !err; i++) {
    uint32_t v;
    if (!basis_index(out, shape, l->basis[i], &v)) return "#tgpu.linear basis outside the tensor";
    err = tgpu_ll_push_bit(out, v, i < l->nreg ? reg_dim : NULL, walk_dim(l->basis[i], l->rank));
  }
  out->nreg = l->nreg, out->nlane = l->nlane, out->nwarp = l->nwarp;
  return err;
}

const char *tgpu_ll_from_linear(const ir_attr *enc, unsigned rank, const int64_t *shape, tgpu_ll_layout *out,
                                uint8_t *reg_dim) {
  tgpu_linear l;
  if (!tgpu_linear_get(enc, &l) || l.rank != rank) return "malformed #tgpu.linear layout";
  return ll_of(&l, shape, out, reg_dim);
}

const char *tgpu_linear_check(const ir_attr *enc, unsigned rank, const int64_t *shape, unsigned num_warps) {
  tgpu_linear l;
  if (!tgpu_linear_get(enc, &l)) return "malformed #tgpu.linear layout";
  if (l.rank != rank) return "layout rank does not match the tensor rank";
  if ((1u << l.nlane) != 32) return "#tgpu.linear needs 5 lane bases (32 lanes)";
  if (num_warps && (1u << l.nwarp) != num_warps) return "#tgpu.linear warp bases do not match the function's num_warps";
  tgpu_ll_layout ll;
  uint8_t reg_dim[TGPU_LL_MAX_BITS];
  const char *err = ll_of(&l, shape, &ll, reg_dim);
  if (err) return err;
  if (!tgpu_ll_is_surjective(&ll.map)) return "#tgpu.linear does not hold every element of the tensor";
  return NULL;
}

const ir_attr *tgpu_linear_from_ll(ir_context *ctx, const tgpu_ll_layout *ll) {
  tgpu_linear l = {.rank = ll->rank, .nreg = ll->nreg, .nlane = ll->nlane, .nwarp = ll->nwarp};
  if (!l.rank || l.nreg + l.nlane + l.nwarp > TGPU_LINEAR_MAX_BITS) return NULL;
  for (unsigned i = 0; i < ll->map.nin; i++) tgpu_ll_layout_coords(ll, ll->map.basis[i], l.basis[i]);
  return tgpu_linear_attr(ctx, &l);
}

/* ---- the shape ops on linear layouts (tgpu_shape.c dispatches here) --------------------- */

const ir_attr *tgpu_linear_permute(ir_context *ctx, const tgpu_linear *l, const int64_t *order) {
  tgpu_linear r = *l;
  for (unsigned i = 0; i < l->nreg + l->nlane + l->nwarp; i++)
    for (unsigned d = 0; d < l->rank; d++) r.basis[i][d] = l->basis[i][order[d]];
  return tgpu_linear_attr(ctx, &r);
}

const ir_attr *tgpu_linear_join(ir_context *ctx, const tgpu_linear *l) {
  unsigned n = l->nreg + l->nlane + l->nwarp;
  if (l->rank + 1 > TGPU_MAX_RANK || n + 1 > TGPU_LINEAR_MAX_BITS) return NULL;
  tgpu_linear r = {.rank = l->rank + 1, .nreg = l->nreg + 1, .nlane = l->nlane, .nwarp = l->nwarp};
  r.basis[0][l->rank] = 1; /* the new dim is the lowest register bit */
  for (unsigned i = 0; i < n; i++) memcpy(r.basis[i + 1], l->basis[i], l->rank * sizeof l->basis[i][0]);
  return tgpu_linear_attr(ctx, &r);
}

const ir_attr *tgpu_linear_split(ir_context *ctx, const tgpu_linear *l) {
  unsigned last = l->rank - 1, n = l->nreg + l->nlane + l->nwarp, which = n;
  if (l->rank < 2) return NULL;
  for (unsigned i = 0; i < n; i++) {
    if (!l->basis[i][last]) continue;
    if (i >= l->nreg || which != n || l->basis[i][last] != 1) return NULL; /* a lane, a warp, or twice */
    for (unsigned d = 0; d < last; d++)
      if (l->basis[i][d]) return NULL;
    which = i;
  }
  if (which == n) return NULL;
  tgpu_linear r = {.rank = last, .nreg = l->nreg - 1, .nlane = l->nlane, .nwarp = l->nwarp};
  for (unsigned i = 0, k = 0; i < n; i++)
    if (i != which) memcpy(r.basis[k++], l->basis[i], last * sizeof l->basis[i][0]);
  return tgpu_linear_attr(ctx, &r);
}
