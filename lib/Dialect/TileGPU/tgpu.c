/* The tgpu dialect: typed access to layout attributes, Triton's default blocked layout,
 * layout checks, per-thread element counts and layout equality (through linear layouts,
 * linear_layout.h), and the op table from tgpu_ops.def. */
#include <assert.h>
#include <string.h>

#include "Dialect/TileGPU/linear_layout.h"
#include "Dialect/TileGPU/tgpu.h"
#include "Dialect/TileGPU/tgpu_rules.h"
#include "Dialect/TileGPU/tgpu_types.h"

#define BLOCKED_NAME "tgpu.blocked"
#define SLICE_NAME "tgpu.slice"
#define THREADS_PER_WARP TGPU_WARP_SIZE

/* ---- op table ------------------------------------------------------------------------- */

static bool same_shape_and_elem(const ir_type *a, const ir_type *b) {
  if (a->rank != b->rank || a->elem != b->elem) return false;
  for (unsigned d = 0; d < a->rank; d++)
    if (a->shape[d] != b->shape[d]) return false;
  return true;
}

static bool tgpu_verify_convert_layout(ir_op *op) {
  ir_context *ctx = ir_op_context(op);
  const ir_type *src = ir_op_operand(op, 0)->type;
  const ir_type *dst = ir_op_result(op, 0)->type;
  if (!ir_type_is_tensor(src) || !ir_type_is_tensor(dst)) {
    ir_emit_error(ctx, op->loc, "'tgpu.convert_layout' op operand and result must be tensors");
    return false;
  }
  if (!same_shape_and_elem(src, dst)) {
    ir_emit_error(ctx, op->loc,
                  "'tgpu.convert_layout' op operand and result must have the same shape and element type");
    return false;
  }
  if (!src->encoding || !dst->encoding) {
    ir_emit_error(ctx, op->loc, "'tgpu.convert_layout' op operand and result must have layouts");
    return false;
  }
  return true;
}

/* convert(x) is x when both layouts are the same map for this shape. (canonicalize only
 * takes the fold when the types are identical: users' layout rules compare attributes.) */
static bool tgpu_fold_convert_layout(ir_op *op, const ir_attr *const *operand_consts,
                                     ir_fold_result *out) {
  (void)operand_consts;
  ir_value *src = ir_op_operand(op, 0);
  const ir_type *s = src->type, *d = ir_op_result(op, 0)->type;
  if (!ir_type_is_tensor(s) || !ir_type_is_tensor(d) || !same_shape_and_elem(s, d)) return false;
  unsigned warps = tgpu_layout_num_warps(s->encoding);
  if (!tgpu_layout_equal(s->encoding, d->encoding, d->rank, d->shape, warps)) return false;
  out->value = src;
  return true;
}

static const ir_opdef tgpu_ops[] = {
#define TILE_OP(id, name, traits, effects, mino, maxo, nres, nreg, verify, fold, canon, summary) \
  {IR_OP_##id, name, traits, effects, mino, maxo, nres, nreg, verify, fold, canon, summary},
#include "Dialect/TileGPU/tgpu_ops.def"
#undef TILE_OP
};

/* The dialect's type check for ir_verify: a tensor's layout must be well formed for its
 * rank and its function's num_warps, so that no pass or lowering sees sizePerThread = [0]
 * or a bad order. (Memdescs are checked by the ops that make them.) */
static const char *verify_type(const ir_op *op, const ir_type *t) {
  if (!ir_type_is_tensor(t) || !t->encoding) return NULL;
  const ir_op *f = tgpu_enclosing_func(op);
  return tgpu_layout_check(t->encoding, t->rank, t->shape, f ? tgpu_func_num_warps(f) : 0);
}

void tgpu_register_dialect(ir_context *ctx) {
  ir_context_add_type_verifier(ctx, verify_type);
  size_t count = sizeof tgpu_ops / sizeof tgpu_ops[0];
  for (size_t i = 0; i < count; i++) {
    if (ir_lookup_opdef(ctx, tgpu_ops[i].name)) continue;
    ir_context_register_ops(ctx, &tgpu_ops[i], 1);
  }
}

/* ---- attributes ----------------------------------------------------------------------- */

tgpu_layout_kind tgpu_layout_kind_of(const ir_attr *enc) {
  if (!enc || enc->kind != IR_ATTR_DIALECT || !enc->str) return TGPU_LAYOUT_NONE;
  if (strcmp(enc->str, BLOCKED_NAME) == 0) return TGPU_LAYOUT_BLOCKED;
  if (strcmp(enc->str, SLICE_NAME) == 0) return TGPU_LAYOUT_SLICE;
  if (strcmp(enc->str, "tgpu.mma") == 0) return TGPU_LAYOUT_MMA;
  if (strcmp(enc->str, "tgpu.dot_op") == 0) return TGPU_LAYOUT_DOT_OP;
  if (tgpu_is_linear(enc)) return TGPU_LAYOUT_LINEAR;
  return TGPU_LAYOUT_NONE;
}

static const ir_attr *uint_array(ir_context *ctx, unsigned n, const unsigned *v) {
  int64_t tmp[TGPU_MAX_RANK];
  for (unsigned i = 0; i < n; i++) tmp[i] = v[i];
  return ir_i64_array_attr(ctx, n, tmp);
}

const ir_attr *tgpu_blocked_attr(ir_context *ctx, const tgpu_blocked *b) {
  assert(b->rank > 0 && b->rank <= TGPU_MAX_RANK && "tgpu_blocked_attr: bad rank");
  ir_named_attr e[4] = {
      {ir_intern(ctx, "order"), uint_array(ctx, b->rank, b->order)},
      {ir_intern(ctx, "sizePerThread"), uint_array(ctx, b->rank, b->size_per_thread)},
      {ir_intern(ctx, "threadsPerWarp"), uint_array(ctx, b->rank, b->threads_per_warp)},
      {ir_intern(ctx, "warpsPerCTA"), uint_array(ctx, b->rank, b->warps_per_cta)},
  };
  return ir_dialect_attr(ctx, BLOCKED_NAME, ir_dict_attr(ctx, 4, e));
}

/* Reads one positive-int array field of rank entries; false when missing or malformed. */
static bool get_field(const ir_attr *dict, const char *name, unsigned rank_expected,
                      unsigned *out, unsigned *out_rank) {
  int64_t tmp[TGPU_MAX_RANK];
  int n = ir_attr_get_i64_array(ir_dict_get(dict, name), tmp, TGPU_MAX_RANK);
  if (n <= 0) return false;
  if (rank_expected && (unsigned)n != rank_expected) return false;
  for (int i = 0; i < n; i++) {
    if (tmp[i] < 0 || tmp[i] > (1 << 20)) return false;
    out[i] = (unsigned)tmp[i];
  }
  *out_rank = (unsigned)n;
  return true;
}

bool tgpu_blocked_get(const ir_attr *enc, tgpu_blocked *out) {
  if (tgpu_layout_kind_of(enc) != TGPU_LAYOUT_BLOCKED || !enc->params) return false;
  tgpu_blocked b;
  memset(&b, 0, sizeof b);
  unsigned r = 0;
  if (!get_field(enc->params, "order", 0, b.order, &r)) return false;
  b.rank = r;
  if (!get_field(enc->params, "sizePerThread", b.rank, b.size_per_thread, &r)) return false;
  if (!get_field(enc->params, "threadsPerWarp", b.rank, b.threads_per_warp, &r)) return false;
  if (!get_field(enc->params, "warpsPerCTA", b.rank, b.warps_per_cta, &r)) return false;
  *out = b;
  return true;
}

const ir_attr *tgpu_slice_attr(ir_context *ctx, unsigned dim, const ir_attr *parent) {
  assert(parent && "tgpu_slice_attr: needs a parent layout");
  ir_named_attr e[2] = {
      {ir_intern(ctx, "dim"), ir_i32_attr(ctx, dim)},
      {ir_intern(ctx, "parent"), parent},
  };
  return ir_dialect_attr(ctx, SLICE_NAME, ir_dict_attr(ctx, 2, e));
}

bool tgpu_slice_get(const ir_attr *enc, unsigned *out_dim, const ir_attr **out_parent) {
  if (tgpu_layout_kind_of(enc) != TGPU_LAYOUT_SLICE || !enc->params) return false;
  const ir_attr *dim = ir_dict_get(enc->params, "dim");
  const ir_attr *parent = ir_dict_get(enc->params, "parent");
  if (!dim || dim->kind != IR_ATTR_INT || dim->ival < 0 || !parent) return false;
  if (tgpu_layout_kind_of(parent) == TGPU_LAYOUT_NONE) return false;
  *out_dim = (unsigned)dim->ival;
  *out_parent = parent;
  return true;
}

/* ---- default layouts ------------------------------------------------------------------ */

static unsigned clampu(int64_t v, unsigned lo, unsigned hi) {
  if (v < (int64_t)lo) return lo;
  if (v > (int64_t)hi) return hi;
  return (unsigned)v;
}

/* Triton's BlockedEncodingAttr builder: lanes and warps fill dims fastest first (by
 * `order`); what is left over goes to the slowest dim. */
tgpu_blocked tgpu_blocked_for_order(unsigned rank, const int64_t *shape, const unsigned *spt,
                                    const unsigned *order, unsigned num_warps) {
  assert(rank > 0 && rank <= TGPU_MAX_RANK && "tgpu_blocked_for_order: bad rank");
  assert(num_warps > 0 && "tgpu_blocked_for_order: num_warps must be positive");
  tgpu_blocked b;
  memset(&b, 0, sizeof b);
  b.rank = rank;
  unsigned lanes = THREADS_PER_WARP, warps = num_warps, threads = num_warps * THREADS_PER_WARP;
  unsigned prev_lanes = 1, prev_warps = 1;
  for (unsigned d = 0; d < rank; d++) {
    b.order[d] = order[d];
    b.size_per_thread[d] = spt[d];
  }
  for (unsigned k = 0; k + 1 < rank; k++) {
    unsigned i = order[k];
    unsigned per_cta = clampu(shape[i] / spt[i], 1, threads);
    b.threads_per_warp[i] = clampu(per_cta, 1, lanes);
    b.warps_per_cta[i] = clampu(per_cta / b.threads_per_warp[i], 1, warps);
    warps /= b.warps_per_cta[i];
    lanes /= b.threads_per_warp[i];
    threads /= per_cta;
    if (threads == 0) threads = 1;
    prev_lanes *= b.threads_per_warp[i];
    prev_warps *= b.warps_per_cta[i];
  }
  b.threads_per_warp[order[rank - 1]] = THREADS_PER_WARP / prev_lanes;
  b.warps_per_cta[order[rank - 1]] = num_warps / prev_warps;
  return b;
}

tgpu_blocked tgpu_default_blocked(unsigned rank, const int64_t *shape, unsigned num_warps,
                                  unsigned vec) {
  unsigned spt[TGPU_MAX_RANK], order[TGPU_MAX_RANK];
  for (unsigned d = 0; d < rank; d++) {
    spt[d] = 1;
    order[d] = rank - 1 - d;
  }
  spt[rank - 1] = vec ? vec : 1;
  return tgpu_blocked_for_order(rank, shape, spt, order, num_warps);
}

/* ---- checks --------------------------------------------------------------------------- */

static bool is_pow2(unsigned v) { return v && (v & (v - 1)) == 0; }

static const char *check_blocked(const tgpu_blocked *b, unsigned rank, unsigned num_warps) {
  if (b->rank != rank) return "layout rank does not match the tensor rank";
  unsigned lanes = 1, warps = 1, seen = 0;
  for (unsigned d = 0; d < rank; d++) {
    if (!is_pow2(b->size_per_thread[d])) return "sizePerThread entries must be powers of 2";
    if (!is_pow2(b->threads_per_warp[d])) return "threadsPerWarp entries must be powers of 2";
    if (!is_pow2(b->warps_per_cta[d])) return "warpsPerCTA entries must be powers of 2";
    if (b->order[d] >= rank || (seen & (1u << b->order[d]))) return "order must be a permutation of the dims";
    seen |= 1u << b->order[d];
    lanes *= b->threads_per_warp[d];
    warps *= b->warps_per_cta[d];
  }
  if (lanes != THREADS_PER_WARP) return "threadsPerWarp must multiply to 32";
  if (num_warps && warps != num_warps) return "warpsPerCTA must multiply to the function's num_warps";
  return NULL;
}

const char *tgpu_layout_check(const ir_attr *enc, unsigned rank, const int64_t *shape,
                              unsigned num_warps) {
  tgpu_blocked b;
  unsigned dim;
  const ir_attr *parent;
  switch (tgpu_layout_kind_of(enc)) {
  case TGPU_LAYOUT_NONE:
    return enc ? "unknown layout attribute" : "tensor has no layout";
  case TGPU_LAYOUT_BLOCKED:
    if (!tgpu_blocked_get(enc, &b)) return "malformed #tgpu.blocked layout";
    return check_blocked(&b, rank, num_warps);
  case TGPU_LAYOUT_SLICE:
    if (!tgpu_slice_get(enc, &dim, &parent)) return "malformed #tgpu.slice layout";
    if (dim > rank || rank + 1 > TGPU_MAX_RANK) return "slice dim out of range";
    {
      int64_t pshape[TGPU_MAX_RANK];
      for (unsigned d = 0, s = 0; d <= rank; d++) pshape[d] = d == dim ? 1 : shape[s++];
      return tgpu_layout_check(parent, rank + 1, pshape, num_warps);
    }
  case TGPU_LAYOUT_MMA:
  case TGPU_LAYOUT_DOT_OP:
    return tgpu_mma_check(enc, rank, shape, num_warps);
  case TGPU_LAYOUT_LINEAR:
    return tgpu_linear_check(enc, rank, shape, num_warps);
  }
  return "unknown layout attribute";
}

/* Distinct elements: 2^(register bits with a nonzero basis vector). */
unsigned tgpu_elems_per_thread(const ir_attr *enc, unsigned rank, const int64_t *shape) {
  tgpu_ll_layout l;
  if (tgpu_ll_from_encoding(enc, rank, shape, &l)) return 0;
  unsigned total = 1;
  for (unsigned k = 0; k < l.nreg; k++)
    if (l.map.basis[k]) total *= 2;
  return total;
}

unsigned tgpu_regs_per_thread(const ir_attr *enc, unsigned rank, const int64_t *shape) {
  tgpu_ll_layout l;
  return tgpu_ll_from_encoding(enc, rank, shape, &l) ? 0 : 1u << l.nreg;
}

bool tgpu_layout_equal(const ir_attr *enc_a, const ir_attr *enc_b, unsigned rank,
                       const int64_t *shape, unsigned num_warps) {
  tgpu_ll_layout a, b;
  if (tgpu_ll_from_encoding(enc_a, rank, shape, &a) || tgpu_ll_from_encoding(enc_b, rank, shape, &b))
    return false;
  if ((1u << a.nwarp) != num_warps) return false;
  return tgpu_ll_layout_equal(&a, &b);
}

unsigned tgpu_layout_num_warps(const ir_attr *enc) {
  tgpu_blocked b;
  unsigned dim;
  const ir_attr *parent;
  tgpu_mma mma;
  tgpu_dot_op dop;
  if (tgpu_slice_get(enc, &dim, &parent)) return tgpu_layout_num_warps(parent);
  if (tgpu_dot_op_get(enc, &dop)) return tgpu_layout_num_warps(dop.parent);
  if (tgpu_mma_get(enc, &mma)) {
    unsigned n = 1;
    for (unsigned d = 0; d < mma.rank; d++) n *= mma.warps_per_cta[d];
    return n;
  }
  tgpu_linear lin;
  if (tgpu_linear_get(enc, &lin)) return 1u << lin.nwarp;
  if (!tgpu_blocked_get(enc, &b)) return 0;
  unsigned n = 1;
  for (unsigned d = 0; d < b.rank; d++) n *= b.warps_per_cta[d];
  return n;
}
