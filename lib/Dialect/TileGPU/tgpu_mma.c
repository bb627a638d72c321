/* The tensor-core layouts: #tgpu.mma (the mma.sync accumulator) and #tgpu.dot_op (the
 * operands of a tt.dot, for an mma or a blocked result): attributes, typed access and
 * checks. Their linear layouts are built in linear_layout_mma.c; docs/dot.md has the
 * pictures. Version 2 is mma.sync's accumulator; version 3 is wgmma's, which is the same
 * map when every warp is along M (a warpgroup's four warps own 16 rows each of its m64
 * tile, and lane and register order within a warp are mma.sync's, N extending the
 * registers), so it shares the builder and says how the dot is lowered. */
#include <assert.h>
#include <string.h>

#include "Dialect/TileGPU/tgpu.h"

#define MMA_NAME "tgpu.mma"
#define DOT_OP_NAME "tgpu.dot_op"

static bool is_pow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

const ir_attr *tgpu_mma_attr(ir_context *ctx, const tgpu_mma *m) {
  assert((m->rank == 2 || m->rank == 3) && "tgpu_mma_attr: bad rank");
  int64_t w[TGPU_MAX_RANK];
  for (unsigned d = 0; d < m->rank; d++) w[d] = m->warps_per_cta[d];
  ir_named_attr e[2] = {
      {ir_intern(ctx, "version"), ir_i32_attr(ctx, m->version)},
      {ir_intern(ctx, "warpsPerCTA"), ir_i64_array_attr(ctx, m->rank, w)},
  };
  return ir_dialect_attr(ctx, MMA_NAME, ir_dict_attr(ctx, 2, e));
}

bool tgpu_mma_get(const ir_attr *enc, tgpu_mma *out) {
  if (tgpu_layout_kind_of(enc) != TGPU_LAYOUT_MMA || !enc->params) return false;
  const ir_attr *v = ir_dict_get(enc->params, "version");
  int64_t w[TGPU_MAX_RANK];
  int n = ir_attr_get_i64_array(ir_dict_get(enc->params, "warpsPerCTA"), w, TGPU_MAX_RANK);
  if (!v || v->kind != IR_ATTR_INT || (n != 2 && n != 3)) return false;
  memset(out, 0, sizeof *out);
  out->version = v->ival == 2 || v->ival == 3 ? (unsigned)v->ival : 0;
  out->rank = (unsigned)n;
  for (int d = 0; d < n; d++) {
    if (!is_pow2(w[d]) || w[d] > 1024) return false;
    out->warps_per_cta[d] = (unsigned)w[d];
  }
  return out->version != 0;
}

const ir_attr *tgpu_dot_op_attr(ir_context *ctx, const tgpu_dot_op *d) {
  assert(d->parent && d->op_idx < 2 && "tgpu_dot_op_attr: bad operand");
  ir_named_attr e[3] = {
      {ir_intern(ctx, "opIdx"), ir_i32_attr(ctx, d->op_idx)},
      {ir_intern(ctx, "parent"), d->parent},
      {ir_intern(ctx, "kWidth"), ir_i32_attr(ctx, d->k_width)},
  };
  return ir_dialect_attr(ctx, DOT_OP_NAME, ir_dict_attr(ctx, d->k_width ? 3 : 2, e));
}

bool tgpu_dot_op_get(const ir_attr *enc, tgpu_dot_op *out) {
  if (tgpu_layout_kind_of(enc) != TGPU_LAYOUT_DOT_OP || !enc->params) return false;
  const ir_attr *idx = ir_dict_get(enc->params, "opIdx");
  const ir_attr *parent = ir_dict_get(enc->params, "parent");
  const ir_attr *kw = ir_dict_get(enc->params, "kWidth");
  if (!idx || idx->kind != IR_ATTR_INT || idx->ival < 0 || idx->ival > 1 || !parent) return false;
  tgpu_layout_kind pk = tgpu_layout_kind_of(parent);
  if (pk != TGPU_LAYOUT_MMA && pk != TGPU_LAYOUT_BLOCKED) return false;
  if (kw && (kw->kind != IR_ATTR_INT || kw->ival < 0 || kw->ival > 16)) return false;
  out->op_idx = (unsigned)idx->ival;
  out->parent = parent;
  out->k_width = kw ? (unsigned)kw->ival : 0;
  return true;
}

static const char *check_mma(const tgpu_mma *m, unsigned rank, unsigned num_warps) {
  if (m->rank != rank) return "layout rank does not match the tensor rank";
  if (m->version == 3 && (rank != 2 || m->warps_per_cta[1] != 1 || m->warps_per_cta[0] % 4))
    return "a version 3 #tgpu.mma (wgmma) puts whole warpgroups along M: warpsPerCTA = [4k, 1]";
  unsigned warps = 1;
  for (unsigned d = 0; d < rank; d++) warps *= m->warps_per_cta[d];
  if (num_warps && warps != num_warps) return "warpsPerCTA must multiply to the function's num_warps";
  return NULL;
}

const char *tgpu_mma_check(const ir_attr *enc, unsigned rank, const int64_t *shape, unsigned num_warps) {
  tgpu_mma m;
  if (tgpu_layout_kind_of(enc) == TGPU_LAYOUT_MMA) {
    if (!tgpu_mma_get(enc, &m)) return "malformed #tgpu.mma layout (version 2 or 3, warpsPerCTA of rank 2 or 3)";
    return check_mma(&m, rank, num_warps);
  }
  tgpu_dot_op d;
  if (!tgpu_dot_op_get(enc, &d)) return "malformed #tgpu.dot_op layout";
  if (tgpu_layout_kind_of(d.parent) == TGPU_LAYOUT_MMA) {
    if (!tgpu_mma_get(d.parent, &m)) return "malformed #tgpu.mma layout (version 2 or 3, warpsPerCTA of rank 2 or 3)";
    if (!is_pow2(d.k_width) || d.k_width > 4) return "a #tgpu.dot_op of an mma parent needs kWidth 1, 2 or 4";
    return check_mma(&m, rank, num_warps);
  }
  if (d.k_width) return "a #tgpu.dot_op of a blocked parent has no kWidth";
  /* The blocked parent is checked on the result's shape: M and N of the operand's. */
  int64_t pshape[TGPU_MAX_RANK];
  memcpy(pshape, shape, sizeof(int64_t) * rank);
  pshape[d.op_idx ? rank - 2 : rank - 1] = 1;
  return tgpu_layout_check(d.parent, rank, pshape, num_warps);
}
