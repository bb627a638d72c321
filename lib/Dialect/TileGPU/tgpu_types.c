/* tgpu types (see tgpu_types.h): memdesc, async_token and mbarrier as IR_TYPE_DIALECT
 * types, the #tgpu.shared layout and the one function that says where an element of a
 * shared buffer lives. Pure C: no LLVM. */
#include <assert.h>
#include <string.h>

#include "Dialect/TileGPU/tgpu_types.h"

/* ---- shared layout ---------------------------------------------------------------------- */

static const ir_attr *uint_attr_array(ir_context *ctx, unsigned n, const unsigned *v) {
  int64_t tmp[TGPU_MAX_RANK];
  for (unsigned i = 0; i < n; i++) tmp[i] = v[i];
  return ir_i64_array_attr(ctx, n, tmp);
}

const ir_attr *tgpu_shared_attr(ir_context *ctx, const tgpu_shared_layout *l) {
  assert(l->rank > 0 && l->rank <= TGPU_MAX_RANK && "tgpu_shared_attr: bad rank");
  ir_named_attr e[5] = {
      {ir_intern(ctx, "maxPhase"), ir_i64_attr(ctx, l->max_phase)},
      {ir_intern(ctx, "order"), uint_attr_array(ctx, l->rank, l->order)},
      {ir_intern(ctx, "perPhase"), ir_i64_attr(ctx, l->per_phase)},
      {ir_intern(ctx, "vec"), ir_i64_attr(ctx, l->vec)},
      {ir_intern(ctx, "slab"), ir_i64_attr(ctx, l->slab)},
  };
  return ir_dialect_attr(ctx, TGPU_LAYOUT_SHARED_NAME, ir_dict_attr(ctx, l->slab ? 5 : 4, e));
}

/* A positive int field of at most 2^20; false when missing or out of range. */
static bool get_small_uint(const ir_attr *dict, const char *name, unsigned *out) {
  const ir_attr *a = ir_dict_get(dict, name);
  if (!a || a->kind != IR_ATTR_INT || a->ival <= 0 || a->ival > (1 << 20)) return false;
  *out = (unsigned)a->ival;
  return true;
}

bool tgpu_shared_get(const ir_attr *enc, tgpu_shared_layout *out) {
  if (!enc || enc->kind != IR_ATTR_DIALECT || strcmp(enc->str, TGPU_LAYOUT_SHARED_NAME) != 0)
    return false;
  tgpu_shared_layout l;
  memset(&l, 0, sizeof l);
  int64_t order[TGPU_MAX_RANK];
  int n = ir_attr_get_i64_array(ir_dict_get(enc->params, "order"), order, TGPU_MAX_RANK);
  if (n <= 0 || n > TGPU_MAX_RANK) return false;
  l.rank = (unsigned)n;
  for (int i = 0; i < n; i++) {
    if (order[i] < 0 || order[i] >= n) return false;
    l.order[i] = (unsigned)order[i];
  }
  if (!get_small_uint(enc->params, "vec", &l.vec) ||
      !get_small_uint(enc->params, "perPhase", &l.per_phase) ||
      !get_small_uint(enc->params, "maxPhase", &l.max_phase))
    return false;
  if (ir_dict_get(enc->params, "slab") && !get_small_uint(enc->params, "slab", &l.slab)) return false;
  *out = l;
  return true;
}

tgpu_shared_layout tgpu_shared_unswizzled(unsigned rank) {
  assert(rank > 0 && rank <= TGPU_MAX_RANK && "tgpu_shared_unswizzled: bad rank");
  tgpu_shared_layout l;
  memset(&l, 0, sizeof l);
  l.rank = rank;
  l.vec = l.per_phase = l.max_phase = 1;
  for (unsigned d = 0; d < rank; d++) l.order[d] = rank - 1 - d;
  return l;
}

static bool is_pow2(unsigned v) { return v && (v & (v - 1)) == 0; }

const char *tgpu_shared_check(const tgpu_shared_layout *l, unsigned rank, const int64_t *shape) {
  if (l->rank != rank) return "shared layout rank does not match the shape";
  unsigned seen = 0;
  for (unsigned d = 0; d < rank; d++) {
    if (seen & (1u << l->order[d])) return "shared layout order must be a permutation of the dims";
    seen |= 1u << l->order[d];
  }
  if (!is_pow2(l->vec) || !is_pow2(l->per_phase) || !is_pow2(l->max_phase))
    return "shared layout vec, perPhase and maxPhase must be powers of 2";
  if (l->slab) {
    if (rank < 2 || !is_pow2(l->slab) || shape[l->order[0]] % l->slab || l->slab % (l->vec * l->max_phase))
      return "a shared layout's slab must be a power of 2 dividing the fastest dim (of 2 or more dims) and a "
             "multiple of vec * maxPhase";
  }
  if (l->max_phase == 1) return NULL;
  if (rank < 2) return "a swizzled shared layout (maxPhase > 1) needs at least 2 dims";
  if (shape[l->order[0]] % ((int64_t)l->vec * l->max_phase) != 0)
    return "the fastest dim of a swizzled shared layout must be a multiple of vec * maxPhase";
  return NULL;
}

bool tgpu_shared_equal(const tgpu_shared_layout *a, const tgpu_shared_layout *b) {
  if (a->rank != b->rank || a->vec != b->vec || a->per_phase != b->per_phase || a->max_phase != b->max_phase ||
      a->slab != b->slab)
    return false;
  for (unsigned d = 0; d < a->rank; d++)
    if (a->order[d] != b->order[d]) return false;
  return true;
}

int64_t tgpu_shared_elem_offset(const tgpu_shared_layout *l, const int64_t *shape,
                                const int64_t *idx) {
  int64_t col = idx[l->order[0]], width = shape[l->order[0]], slab_start = 0;
  if (l->slab) { /* slab col / S starts after col / S whole slabs of S x (the other dims) */
    slab_start = col / l->slab * l->slab;
    for (unsigned k = 1; k < l->rank; k++) slab_start *= shape[l->order[k]];
    col %= l->slab;
    width = l->slab;
  }
  if (l->rank >= 2 && l->max_phase > 1) {
    int64_t row = idx[l->order[1]];
    int64_t phase = (row / l->per_phase) % l->max_phase;
    col = ((col / l->vec) ^ phase) * l->vec + col % l->vec;
  }
  int64_t off = col, stride = width;
  for (unsigned k = 1; k < l->rank; k++) {
    off += idx[l->order[k]] * stride;
    stride *= shape[l->order[k]];
  }
  return slab_start + off;
}

/* ---- memdesc ------------------------------------------------------------------------------ */

const ir_type *tgpu_memdesc_type(ir_context *ctx, const tgpu_memdesc *md) {
  assert(md->rank > 0 && md->rank <= TGPU_MAX_RANK && "tgpu_memdesc_type: bad rank");
  assert(md->elem && "tgpu_memdesc_type: no element type");
  ir_named_attr e[5] = {
      {ir_intern(ctx, "element"), ir_type_attr(ctx, md->elem)},
      {ir_intern(ctx, "layout"), tgpu_shared_attr(ctx, &md->layout)},
      {ir_intern(ctx, "mutable"), ir_bool_attr(ctx, md->is_mutable)},
      {ir_intern(ctx, "numBuffers"), ir_i64_attr(ctx, md->num_buffers ? md->num_buffers : 1)},
      {ir_intern(ctx, "shape"), ir_i64_array_attr(ctx, md->rank, md->shape)},
  };
  return ir_dialect_type(ctx, TGPU_TYPE_MEMDESC, ir_dict_attr(ctx, 5, e));
}

bool tgpu_type_is_memdesc(const ir_type *t) { return ir_type_is_dialect(t, TGPU_TYPE_MEMDESC); }

/* Decodes the fields without judging them; returns a message for what cannot be read. */
static const char *decode_memdesc(const ir_type *t, tgpu_memdesc *md) {
  memset(md, 0, sizeof *md);
  if (!tgpu_type_is_memdesc(t)) return "not a !tgpu.memdesc type";
  const ir_attr *p = t->params;
  const ir_attr *shape = ir_dict_get(p, "shape"), *elem = ir_dict_get(p, "element");
  const ir_attr *layout = ir_dict_get(p, "layout"), *mut = ir_dict_get(p, "mutable");
  const ir_attr *nbuf = ir_dict_get(p, "numBuffers");
  if (p->count != 5) return "memdesc parameters must be element, layout, mutable, numBuffers and shape";
  if (!shape || shape->kind != IR_ATTR_ARRAY || shape->count > TGPU_MAX_RANK)
    return "memdesc shape must be a list of 1 to 8 dims";
  int n = ir_attr_get_i64_array(shape, md->shape, TGPU_MAX_RANK);
  if (n <= 0 || n > TGPU_MAX_RANK) return "memdesc shape must be a list of 1 to 8 dims";
  md->rank = (unsigned)n;
  if (!elem || elem->kind != IR_ATTR_TYPE) return "memdesc element must be a type";
  md->elem = elem->tval;
  if (!tgpu_shared_get(layout, &md->layout)) return "memdesc layout must be a #tgpu.shared layout";
  if (!mut || mut->kind != IR_ATTR_INT || mut->type->width != 1) return "memdesc mutable must be true or false";
  md->is_mutable = mut->ival != 0;
  if (!nbuf || nbuf->kind != IR_ATTR_INT || nbuf->ival < 1 || nbuf->ival > 64)
    return "memdesc numBuffers must be an integer from 1 to 64";
  md->num_buffers = (unsigned)nbuf->ival;
  return NULL;
}

static const char *check_memdesc(const tgpu_memdesc *md) {
  int64_t numel = 1;
  for (unsigned d = 0; d < md->rank; d++) {
    if (md->shape[d] <= 0) return "memdesc dims must be positive";
    if (md->shape[d] > (1 << 24) || (numel *= md->shape[d]) > (1 << 24))
      return "memdesc has too many elements";
  }
  if (!ir_type_is_int(md->elem) && !ir_type_is_float(md->elem))
    return "memdesc element must be an integer or float type";
  return tgpu_shared_check(&md->layout, md->rank, md->shape);
}

const char *tgpu_memdesc_check(const ir_type *t) {
  tgpu_memdesc md;
  const char *msg = decode_memdesc(t, &md);
  return msg ? msg : check_memdesc(&md);
}

bool tgpu_memdesc_get(const ir_type *t, tgpu_memdesc *out) {
  tgpu_memdesc md;
  if (decode_memdesc(t, &md) || check_memdesc(&md)) return false;
  *out = md;
  return true;
}

int64_t tgpu_memdesc_tile_bytes(const tgpu_memdesc *md) {
  int64_t n = ir_type_byte_size(md->elem);
  for (unsigned d = 0; d < md->rank; d++) n *= md->shape[d];
  return n;
}

int64_t tgpu_memdesc_bytes(const tgpu_memdesc *md) {
  return tgpu_memdesc_tile_bytes(md) * md->num_buffers;
}

int64_t tgpu_memdesc_byte_offset(const tgpu_memdesc *md, unsigned buffer, const int64_t *idx) {
  int64_t elems = tgpu_shared_elem_offset(&md->layout, md->shape, idx);
  return buffer * tgpu_memdesc_tile_bytes(md) + elems * ir_type_byte_size(md->elem);
}

/* ---- tokens and barriers ------------------------------------------------------------------ */

const ir_type *tgpu_async_token_type(ir_context *ctx) {
  return ir_dialect_type(ctx, TGPU_TYPE_ASYNC_TOKEN, NULL);
}

const ir_type *tgpu_mbarrier_type(ir_context *ctx) {
  return ir_dialect_type(ctx, TGPU_TYPE_MBARRIER, NULL);
}

bool tgpu_type_is_async_token(const ir_type *t) { return ir_type_is_dialect(t, TGPU_TYPE_ASYNC_TOKEN); }
bool tgpu_type_is_mbarrier(const ir_type *t) { return ir_type_is_dialect(t, TGPU_TYPE_MBARRIER); }
