/* Lowering of the data-movement shape ops: tt.trans, tt.join, tt.split, and tt.reshape with
 * allow_reorder (plain reshape is in tensor.c).
 *
 * The layout rules (Dialect/TileGPU/tgpu_shape.h) give each result the layout that keeps
 * every element in the thread that holds it, so each op only picks registers: result
 * register i takes the source register holding the element its coordinates map to. The
 * lowering checks that premise on the linear layouts (every lane and warp bit must reach
 * the same element in both) and reports an internal error where it fails. */
#include <string.h>

#include "Conversion/cg_internal.h"
#include "Dialect/TileGPU/tgpu_scratch.h"
#include "Dialect/TileGPU/tgpu_shape.h"

/* How a result coordinate maps to a source: its coordinates and which source (join's
 * operand; split's result index is fixed by the caller through `arg`). */
typedef struct coord_map {
  void (*fn)(const struct coord_map *m, const int64_t *dst, int64_t *src, unsigned *which);
  const int64_t *order; /* trans */
  unsigned half;        /* split: 0 or 1 */
  unsigned dst_rank;
} coord_map;

static uint32_t row_major(const tgpu_ll_layout *l, const int64_t *c) {
  uint32_t idx = 0;
  for (unsigned d = 0; d < l->rank; d++) idx = (idx << l->dim_bits[d]) | (uint32_t)c[d];
  return idx;
}

/* The source element (and source) of result element e. */
static uint32_t map_elem(const coord_map *m, const tgpu_ll_layout *dst, const tgpu_ll_layout *src, uint32_t e,
                         unsigned *which) {
  int64_t dc[IR_MAX_RANK + 1], sc[IR_MAX_RANK + 1];
  tgpu_ll_layout_coords(dst, e, dc);
  *which = 0;
  m->fn(m, dc, sc, which);
  return row_major(src, sc);
}

static void trans_coords(const coord_map *m, const int64_t *dst, int64_t *src, unsigned *which) {
  (void)which;
  for (unsigned i = 0; i < m->dst_rank; i++) src[m->order[i]] = dst[i];
}

static void join_coords(const coord_map *m, const int64_t *dst, int64_t *src, unsigned *which) {
  memcpy(src, dst, (m->dst_rank - 1) * sizeof *src);
  *which = (unsigned)dst[m->dst_rank - 1];
}

static void split_coords(const coord_map *m, const int64_t *dst, int64_t *src, unsigned *which) {
  (void)which;
  memcpy(src, dst, m->dst_rank * sizeof *src);
  src[m->dst_rank] = m->half;
}

static bool fail(cg_state *st, ir_op *op, const char *what) {
  ir_emit_error(st->ictx, op->loc, "internal error: %s: %s", ir_op_name(op), what);
  return false;
}

/* Every lane and warp bit of the result reaches, through the map, the element the same bit
 * reaches in the source (and never switches source). The map is affine (split's second
 * half adds a constant), so a bit's effect is its image XOR the image of 0. */
static bool same_threads(const coord_map *m, const tgpu_ll_layout *dst, const tgpu_ll_layout *src) {
  if (dst->nlane != src->nlane || dst->nwarp != src->nwarp) return false;
  unsigned w0, which;
  uint32_t e0 = map_elem(m, dst, src, 0, &w0);
  for (unsigned w = 1; w <= 2; w++)
    for (unsigned b = 0; b < (w == 1 ? dst->nlane : dst->nwarp); b++) {
      uint32_t e = map_elem(m, dst, src, tgpu_ll_layout_basis(dst, w, b), &which);
      if (which != w0 || (e ^ e0) != tgpu_ll_layout_basis(src, w, b)) return false;
    }
  return true;
}

static int find_reg(const tgpu_ll_layout *src, uint32_t e) {
  for (uint32_t r = 0; r < 1u << src->nreg; r++)
    if (tgpu_ll_layout_apply(src, r, 0, 0) == e) return (int)r;
  return -1;
}

/* Result `res` of op from sources srcs[which] (all in layout src_t's). */
static bool pick(cg_state *st, ir_op *op, ir_value *res, const ir_type *src_t, cg_val *const *srcs,
                 const coord_map *m) {
  cg_layout s, d;
  if (!cg_layout_get(st, src_t, op->loc, &s) || !cg_layout_get(st, res->type, op->loc, &d)) return false;
  if (!same_threads(m, &d.ll, &s.ll)) return fail(st, op, "the result layout does not keep elements in their threads");
  cg_val *r = cg_val_new(st, d.nregs);
  for (unsigned i = 0; i < d.nregs; i++) {
    unsigned which;
    int k = find_reg(&s.ll, map_elem(m, &d.ll, &s.ll, tgpu_ll_layout_apply(&d.ll, i, 0, 0), &which));
    if (k < 0 || (unsigned)k >= srcs[which]->n) return fail(st, op, "an element is not held by the thread");
    r->regs[i] = srcs[which]->regs[k];
  }
  cg_set(st, res, r);
  return true;
}

bool cg_lower_trans(cg_state *st, ir_op *op) {
  ir_value *x = ir_op_operand(op, 0);
  int64_t order[IR_MAX_RANK];
  cg_val *v = cg_get(st, x);
  if (!v) return false;
  if (ir_attr_get_i64_array(ir_op_get_attr(op, "order"), order, IR_MAX_RANK) != (int)x->type->rank)
    return fail(st, op, "malformed order");
  coord_map m = {.fn = trans_coords, .order = order, .dst_rank = x->type->rank};
  return pick(st, op, ir_op_result(op, 0), x->type, &v, &m);
}

bool cg_lower_join(cg_state *st, ir_op *op) {
  cg_val *v[2] = {cg_get(st, ir_op_operand(op, 0)), cg_get(st, ir_op_operand(op, 1))};
  if (!v[0] || !v[1]) return false;
  if (ir_op_operand(op, 0)->type != ir_op_operand(op, 1)->type) return fail(st, op, "operands in different layouts");
  coord_map m = {.fn = join_coords, .dst_rank = op->results[0].type->rank};
  return pick(st, op, ir_op_result(op, 0), ir_op_operand(op, 0)->type, v, &m);
}

bool cg_lower_split(cg_state *st, ir_op *op) {
  ir_value *x = ir_op_operand(op, 0);
  cg_val *v = cg_get(st, x);
  if (!v) return false;
  for (unsigned h = 0; h < 2; h++) {
    coord_map m = {.fn = split_coords, .half = h, .dst_rank = x->type->rank - 1};
    if (!pick(st, op, ir_op_result(op, h), x->type, &v, &m)) return false;
  }
  return true;
}

/* tt.reshape: with allow_reorder, any order of the elements will do, so when neither
 * layout replicates an element and each thread holds as many as before, every register
 * stays where it is (the elements land in another order). Otherwise as without it. */
bool cg_lower_reshape_op(cg_state *st, ir_op *op) {
  const ir_type *sty = ir_op_operand(op, 0)->type, *dty = op->results[0].type;
  if (!ir_op_get_int_attr(op, "allow_reorder", 0) || tgpu_reshape_keeps_registers(sty, dty) ||
      !tgpu_reshape_may_reorder(sty, dty))
    return cg_lower_reshape(st, op);
  cg_val *in = cg_get(st, ir_op_operand(op, 0));
  if (!in) return false;
  cg_set(st, ir_op_result(op, 0), in);
  return true;
}
