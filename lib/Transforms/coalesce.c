/* Pass "coalesce": vector widths and thread layouts for memory accesses.
 *
 * Needs: tgpu IR (every tensor has a layout); each function's num_warps (tgpu_func_num_warps).
 * Changes: for each tt.load / tt.store of a tensor of pointers, reads the pointer's axis
 *   info (Analysis/axisinfo.h) and picks the order of dims by contiguity (most contiguous
 *   first) and the vector width along order[0]:
 *     vec = min(contiguity, divisibility in bytes / element bytes, 16 / element bytes,
 *               max(1, numel / (32 * num_warps)), mask constancy, other constancy),
 *   rounded down to a power of 2. The access (pointer, mask, other, value, result) gets the
 *   blocked layout with sizePerThread[order[0]] = vec, through tgpu.convert_layout ops
 *   around it, and the attribute tgpu.vec = vec : i32 (read by the LLVM conversion; it
 *   divides sizePerThread[order[0]] and is at most 16 bytes).
 *   A 2-D load whose only use (through layout conversions) is a tgpu.local_alloc into a
 *   buffer whose fastest dim f is not the load's contiguous dim (an operand wgmma reads
 *   K-major that memory holds M- or N-contiguous: 8-bit and tf32 operands) also gets
 *   sizePerThread[f] = kv (up to 16 bytes, the dim, and what the thread holds beside its
 *   vectors), lanes along f first: each thread then writes kv elements consecutive in the
 *   buffer with one vector store (shared.c gathers them from its strided registers), and a
 *   warp's stores cover whole rows of the buffer (no bank conflicts), where one element a
 *   store from 16 rows of the same swizzle phase conflicted 16 ways.
 * Invalidates: layouts of load results; adds converts that remove-layout-conversions
 *   folds away.
 */
#include <stdlib.h>
#include <string.h>

#include "Analysis/axisinfo.h"
#include "Dialect/TileGPU/tgpu_rules.h"
#include "Dialect/TileGPU/tgpu_types.h"
#include "Transforms/passes.h"

typedef struct access_plan {
  ir_op *op;
  const ir_attr *layout;
  unsigned vec;
} access_plan;

static int64_t floor_pow2(int64_t v) {
  int64_t p = 1;
  while (p * 2 <= v) p *= 2;
  return p;
}

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* Triton's getOrderFromContiguity: most contiguous dim first, ties to the higher dim. */
static void order_from_contiguity(const axis_info *info, unsigned rank, unsigned *order) {
  for (unsigned k = 0; k < rank; k++) order[k] = rank - 1 - k;
  for (unsigned k = 1; k < rank; k++) {
    unsigned x = order[k], j = k;
    while (j > 0 && info->contiguity[order[j - 1]] < info->contiguity[x]) {
      order[j] = order[j - 1];
      j--;
    }
    order[j] = x;
  }
}

/* Limits vec by the constancy along `dim` of a mask or other operand (scalars: none). */
static int64_t limit_by_constancy(axis_analysis *a, ir_op *op, unsigned i, unsigned dim, int64_t vec) {
  if (i >= op->noperands) return vec;
  ir_value *v = ir_op_operand(op, i);
  if (!ir_type_is_tensor(v->type)) return vec;
  return min64(vec, axis_analysis_get(a, v)->constancy[dim]);
}

/* The fastest dim of the shared buffer a load's result is stored into, when that store (a
 * tgpu.local_alloc, through layout conversions) is the result's only use. */
static bool staged_fastest_dim(ir_op *load, unsigned *out) {
  ir_value *v = ir_op_result(load, 0);
  for (unsigned depth = 0; depth < 4 && ir_value_num_uses(v) == 1; depth++) {
    ir_op *u = v->first_use->user;
    if (ir_op_code(u) == IR_OP_CONVERT_LAYOUT) {
      v = ir_op_result(u, 0);
      continue;
    }
    tgpu_memdesc md;
    if (ir_op_code(u) != IR_OP_LOCAL_ALLOC || !tgpu_memdesc_get(ir_op_result(u, 0)->type, &md) || md.rank != 2)
      return false;
    *out = md.layout.order[0];
    return true;
  }
  return false;
}

static bool plan_access(axis_analysis *a, ir_op *op, unsigned num_warps, access_plan *out) {
  ir_value *ptr = ir_op_operand(op, 0);
  const ir_type *t = ptr->type;
  if (!ir_type_is_tensor(t) || !t->encoding || !ir_type_is_ptr(t->elem)) return false;
  const axis_info *info = axis_analysis_get(a, ptr);
  unsigned order[TGPU_MAX_RANK], spt[TGPU_MAX_RANK];
  order_from_contiguity(info, t->rank, order);
  unsigned d0 = order[0];
  int64_t elem = ir_type_byte_size(t->elem->elem);
  if (elem < 1) elem = 1;
  int64_t per_thread = ir_type_numel(t) / (TGPU_WARP_SIZE * (int64_t)num_warps);
  int64_t vec = min64(info->contiguity[d0], info->divisibility[d0] / elem);
  vec = min64(vec, TGPU_MAX_ACCESS_BYTES / elem);
  vec = min64(vec, per_thread > 1 ? per_thread : 1);
  bool is_load = ir_op_code(op) == IR_OP_LOAD;
  vec = limit_by_constancy(a, op, is_load ? 1 : 2, d0, vec);
  if (is_load) vec = limit_by_constancy(a, op, 2, d0, vec);
  vec = floor_pow2(vec < 1 ? 1 : vec);
  for (unsigned d = 0; d < t->rank; d++) spt[d] = d == d0 ? (unsigned)vec : 1;
  tgpu_blocked b = tgpu_blocked_for_order(t->rank, t->shape, spt, order, num_warps);
  unsigned f;
  if (is_load && vec > 1 && t->rank == 2 && staged_fastest_dim(op, &f) && f != d0) {
    int64_t kv = min64(per_thread / vec, TGPU_MAX_ACCESS_BYTES / elem);
    kv = floor_pow2(min64(kv, t->shape[f]));
    if (kv > 1) {
      unsigned lanes_first[2] = {f, d0};
      spt[f] = (unsigned)kv;
      b = tgpu_blocked_for_order(2, t->shape, spt, lanes_first, num_warps);
      b.order[0] = d0, b.order[1] = f; /* registers still run along d0 first (the load's vectors) */
    }
  }
  out->op = op;
  out->layout = tgpu_blocked_attr(ir_op_context(op), &b);
  out->vec = (unsigned)vec;
  return true;
}

static void convert_operands(ir_module *m, ir_op *op, const ir_attr *layout) {
  for (unsigned i = 0; i < op->noperands; i++) {
    ir_value *v = ir_op_operand(op, i);
    if (!ir_type_is_tensor(v->type) || v->type->encoding == layout) continue;
    ir_op_set_operand(op, i, tgpu_build_convert(m, op, v, layout));
  }
}

/* Gives a load's result the new layout and converts back for its users. */
static void relayout_result(ir_module *m, ir_op *op, const ir_attr *layout) {
  ir_value *r = ir_op_result(op, 0);
  const ir_type *old = r->type;
  if (old->encoding == layout) return;
  ir_builder b;
  ir_builder_init(&b, m);
  ir_builder_set_after(&b, op);
  b.loc = op->loc;
  ir_value_set_type(r, ir_type_with_encoding(m->ctx, old, layout));
  ir_value *back = ir_build1(&b, "tgpu.convert_layout", 1, &r, old);
  ir_value_replace_all_uses(r, back);
  ir_op_set_operand(ir_value_def(back), 0, r);
}

static void apply_plan(ir_module *m, const access_plan *p) {
  convert_operands(m, p->op, p->layout);
  if (ir_op_code(p->op) == IR_OP_LOAD) relayout_result(m, p->op, p->layout);
  ir_op_set_attr(p->op, TGPU_ATTR_VEC, ir_i32_attr(m->ctx, p->vec));
}

typedef struct plan_state {
  axis_analysis *a;
  access_plan *plans;
  size_t n, cap;
} plan_state;

static ir_walk_result plan_op(ir_op *op, void *user) {
  plan_state *s = user;
  if (ir_op_code(op) != IR_OP_LOAD && ir_op_code(op) != IR_OP_STORE) return IR_WALK_ADVANCE;
  access_plan p;
  if (!plan_access(s->a, op, tgpu_func_num_warps(tgpu_enclosing_func(op)), &p)) return IR_WALK_ADVANCE;
  if (s->n == s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 16;
    access_plan *plans = realloc(s->plans, cap * sizeof *plans);
    if (!plans) return ir_context_note_oom(ir_op_context(op)), IR_WALK_INTERRUPT;
    s->plans = plans;
    s->cap = cap;
  }
  s->plans[s->n++] = p;
  return IR_WALK_ADVANCE;
}

static bool run(ir_module *m) {
  if (!tgpu_require_layouts(m, "coalesce")) return false;
  plan_state s = {axis_analysis_run(m), NULL, 0, 0};
  if (!s.a) return false;
  ir_walk_pre(m->op, plan_op, &s);
  axis_analysis_free(s.a);
  for (size_t i = 0; i < s.n; i++) apply_plan(m, &s.plans[i]);
  free(s.plans);
  return tgpu_check_layouts(m, "coalesce");
}

const ir_pass pass_coalesce = {"coalesce", "vector widths and layouts for loads and stores", run};
