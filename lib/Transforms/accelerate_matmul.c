/* Pass "accelerate-matmul": gives each tt.dot that the tensor cores can run the mma layout.
 *
 * Needs: tgpu IR (every tensor has a layout); the module's target (tgpu.target).
 * Changes: a tt.dot with a blocked result gets #tgpu.mma<{version = 2, warpsPerCTA}> (the
 *   accumulator of mma.sync) when the target is sm_80 or newer and its operands have an
 *   mma.sync shape (instruction tiles m16n8kK, K = 256 bits / element bits: 16 for f16 and
 *   bf16, 8 for tf32, 32 for i8 and fp8):
 *     f16 x f16 -> f32 or f16, bf16 x bf16 -> f32, i8 x i8 -> i32,
 *     f32 x f32 -> f32 with input_precision tf32 or tf32x3,
 *     fp8 x fp8 -> f32 or f16 on sm_89 and newer with PTX 8.4 (no target yet: FMA);
 *   and M a multiple of 16, N of 8 and K of the instruction's K. The operands then need
 *   #tgpu.dot_op layouts of that result (the layout rules), and legalization inserts the
 *   conversions: operands into dot-operand layouts, the accumulator into the mma layout,
 *   the result back to what its users have (remove-layout-conversions then propagates the
 *   mma layout through loops and the epilogue). Any other dot keeps its blocked layout: the
 *   FMA dot, which every legal tt.dot can take.
 * wgmma (sm_90a, unless the module says tgpu.wgmma = false): a 2-D f16/bf16 -> f32,
 *   fp8 (e4m3 x e4m3, e5m2 x e5m2) -> f32 or f32 x f32 -> f32 with input_precision tf32
 *   (wgmma's k8 .tf32, both operands K-major) dot with whole warpgroups along M becomes
 *   tgpu.local_alloc of each operand, fence_async_shared and tgpu.warp_group_dot. Each
 *   operand's buffer keeps the contiguous dim of the tile as loaded (the axis info of the
 *   tt.load behind it, through layout conversions and transposes: coalesce has not run
 *   yet): MN-major when more contiguous along M (A) or N (B) than along K, else K-major
 *   (tgpu_wgmma_smem_layout gives both layouts; fp8 and tf32 have K-major only, so their
 *   MN-contiguous operands are stored K-major by the local_alloc, through registers, and
 *   their loads stay synchronous; docs/dot.md).
 *   A 16-bit A computed from another warp_group_dot's result of its shape through
 *   element-wise ops (attention's p = exp2(q k^T ...) cast to f16) is not staged: the
 *   warp_group_dot reads it from registers (tgpu_wgmma_a_reg_layout, which legalization
 *   converts it into; from the version 3 accumulator that conversion moves nothing).
 *   A staged operand that is a 2-D tt.trans of a tt.load used only there (`tl.trans(w)`,
 *   `w.T`) gets the transpose moved above the load, onto its pointers, mask and other, so
 *   that the pipeliner copies the tile into its stages (hoist_transposed_load).
 * Warps (Triton's rule for mma v2): a batch dim takes warps first (up to its size); then,
 *   while warps are left, double the warps along M when M / (16 wm) >= N / (8 wn) and M has
 *   room, else along N. Dots connected to each other through the ops between them
 *   (attention's q @ k^T and p @ v) put every warp along M (as far as M has 16-row tiles for
 *   them), so that the rows a warp owns are the same in both.
 * Invalidates: layouts of dot results and the values around them.
 */
#include "Analysis/axisinfo.h"
#include "Dialect/Tile/tile.h"
#include "Dialect/TileGPU/tgpu_rules.h"
#include "Dialect/TileGPU/tgpu_types.h"
#include "Transforms/passes.h"

/* The instruction K of an mma.sync for this dot, or 0 when it has none on target t. */
static unsigned mma_k(ir_op *dot, const tgpu_target *t) {
  const ir_type *ab = ir_type_scalar(ir_op_operand(dot, 0)->type);
  const ir_type *c = ir_type_scalar(ir_op_operand(dot, 2)->type);
  if (t->sm < 80) return 0;
  if (ir_type_is_int(ab)) return ab->width == 8 ? 32 : 0;
  if (!ir_type_is_float(ab)) return 0;
  /* fp8 mma.sync needs sm_89 and PTX 8.4 (the targets' PTX versions are below that today:
   * fp8 dots take the FMA dot until a GPU has checked the higher version). */
  if (ab->width == 8) return t->sm >= 89 && t->ptx_version >= 84 ? 32 : 0;
  if (ab->fkind == IR_F16) return 16;
  if (ab->fkind == IR_BF16) return c->fkind == IR_F32 ? 16 : 0;
  if (ab->fkind == IR_F32) return tile_dot_precision_of(dot) == TILE_DOT_IEEE ? 0 : 8;
  return 0;
}

/* Whether a value reaches another tt.dot through the ops after it, in its region (a
 * bounded search). */
static bool reaches_dot(ir_value *v, const ir_op *self, unsigned depth) {
  if (depth > 16) return false;
  for (ir_use *u = v->first_use; u; u = u->next_use) {
    ir_op *user = u->user;
    if (ir_op_code(user) == IR_OP_DOT && user != self) return true;
    for (unsigned i = 0; i < user->nresults; i++)
      if (ir_type_is_tensor(user->results[i].type) && reaches_dot(&user->results[i], self, depth + 1)) return true;
  }
  return false;
}

/* Whether a value is computed from another tt.dot's result (a bounded search). */
static bool from_dot(ir_value *v, const ir_op *self, unsigned depth) {
  ir_op *def = v->def;
  if (!def || depth > 16) return false;
  if (ir_op_code(def) == IR_OP_DOT && def != self) return true;
  for (unsigned i = 0; i < def->noperands; i++)
    if (ir_type_is_tensor(ir_op_operand(def, i)->type) && from_dot(ir_op_operand(def, i), self, depth + 1))
      return true;
  return false;
}

/* Triton's chained-dot rule: a dot connected to another one through the ops between them
 * (attention's q @ k^T and p @ v) puts its warps along M, so that the rows a warp owns
 * are the same in both and p moves between them without crossing warps. */
static bool chained(ir_op *dot) {
  return reaches_dot(ir_op_result(dot, 0), dot, 0) || from_dot(ir_op_operand(dot, 0), dot, 0) ||
         from_dot(ir_op_operand(dot, 1), dot, 0);
}

static void pick_warps(ir_op *dot, unsigned num_warps, tgpu_mma *mma) {
  const ir_type *c = ir_op_result(dot, 0)->type;
  unsigned r = c->rank, left = num_warps;
  int64_t m = c->shape[r - 2], n = c->shape[r - 1];
  for (unsigned d = 0; d < r; d++) mma->warps_per_cta[d] = 1;
  if (r == 3)
    while (left > 1 && (int64_t)mma->warps_per_cta[0] * 2 <= c->shape[0]) mma->warps_per_cta[0] *= 2, left /= 2;
  unsigned *wm = &mma->warps_per_cta[r - 2], *wn = &mma->warps_per_cta[r - 1];
  if (chained(dot)) {
    while (left > 1 && (int64_t)*wm * 2 * 16 <= m) *wm *= 2, left /= 2;
    *wn *= left;
    return;
  }
  while (left > 1) {
    bool along_m = m / (16 * (int64_t)*wm) >= n / (8 * (int64_t)*wn) && (int64_t)*wm * 16 < m;
    if (along_m) *wm *= 2;
    else *wn *= 2;
    left /= 2;
  }
}

typedef struct accel_state {
  ir_module *m;
  const tgpu_target *target;
  bool wgmma;       /* the target has wgmma and the module does not turn it off (tgpu.wgmma = false) */
  axis_analysis *axes; /* contiguity of the loads feeding wgmma operands (only with wgmma) */
  unsigned changed;
} accel_state;

/* ---- wgmma (version 3) ------------------------------------------------------------------- */

/* Whether x is a broadcast value (a splat, a constant, a broadcast, or a reshape of one):
 * a scale or mask beside an operand's data, not the data. */
static bool broadcast_value(ir_value *x) {
  ir_op *d = ir_value_def(x);
  while (d && (ir_op_code(d) == IR_OP_RESHAPE || ir_op_code(d) == IR_OP_CONVERT_LAYOUT)) d = ir_value_def(ir_op_operand(d, 0));
  return !d || ir_op_code(d) == IR_OP_BROADCAST || ir_op_code(d) == IR_OP_SPLAT || ir_op_code(d) == IR_OP_CONSTANT;
}

/* An element-wise op's data operand: its first tensor operand that is not a broadcast
 * value, or NULL. */
static ir_value *data_operand(ir_op *def) {
  for (unsigned i = 0; i < def->noperands; i++) {
    ir_value *x = ir_op_operand(def, i);
    if (ir_type_is_tensor(x->type) && !broadcast_value(x)) return x;
  }
  return NULL;
}

/* The dim of operand v ([M, K] or [K, N]) to keep contiguous in shared memory: the M (A)
 * or N (B) dim when v is a tt.load (through layout conversions, 2-D transposes and, for an
 * operand computed element-wise, the ops' data operands; past a reshape or join the
 * operand's last dim is taken as the load's) whose pointers are more contiguous along it
 * than along K, or a tt.descriptor_load whose innermost dim it is, so that the tile is
 * stored as it was loaded (16-byte vectors, and the async copies of pipelining, cannot
 * transpose); else K. */
static unsigned operand_contig_dim(accel_state *s, ir_value *v, unsigned op_idx) {
  unsigned k_dim = op_idx ? 0 : 1, mn_dim = 1 - k_dim, dims[2] = {0, 1}; /* v's dim d is dims[d] of def's */
  bool exact = true; /* dims tracked through every op; else (a reshape or join on the way: an
                        upcast unpacking pairs) the operand's last dim is taken as the load's */
  ir_op *def = ir_value_def(v);
  for (unsigned depth = 0; def && depth < 32; depth++) {
    int64_t order[2];
    ir_value *next = ir_op_operand(def, 0);
    if (ir_op_code(def) == IR_OP_TRANS && exact && ir_attr_get_i64_array(ir_op_get_attr(def, "order"), order, 2) == 2) {
      dims[0] = (unsigned)order[dims[0]], dims[1] = (unsigned)order[dims[1]]; /* a verified permutation */
    } else if (ir_op_code(def) == IR_OP_RESHAPE || ir_op_code(def) == IR_OP_JOIN || ir_op_code(def) == IR_OP_TRANS) {
      exact = false;
    } else if (ir_op_has_trait(def, IR_TRAIT_ELEMENTWISE) && ir_op_code(def) != IR_OP_CONSTANT) {
      next = data_operand(def); /* a computed operand (dequantized): where its data comes from */
    } else if (ir_op_code(def) != IR_OP_CONVERT_LAYOUT) {
      break;
    }
    def = next ? ir_value_def(next) : NULL;
  }
  if (def && ir_op_code(def) == IR_OP_DESCRIPTOR_LOAD) /* a TMA box: its innermost dim is contiguous */
    return exact && dims[mn_dim] == 1 ? mn_dim : k_dim;
  if (!def || ir_op_code(def) != IR_OP_LOAD || !s->axes) return k_dim;
  const axis_info *info = axis_analysis_get(s->axes, ir_op_operand(def, 0));
  if (info->rank != 2) return k_dim;
  if (!exact) return mn_dim == 1 && info->contiguity[1] > info->contiguity[0] ? mn_dim : k_dim;
  return info->contiguity[dims[mn_dim]] > info->contiguity[dims[k_dim]] ? mn_dim : k_dim;
}

/* The shared layout of operand op_idx of dot: MN-major when its producer is contiguous
 * along M or N and wgmma has a layout for that, else K-major; false when neither fits. */
static bool operand_layout(accel_state *s, ir_op *dot, unsigned op_idx, tgpu_shared_layout *out) {
  ir_value *v = ir_op_operand(dot, op_idx);
  unsigned eb = ir_type_byte_size(ir_type_scalar(v->type)), contig = operand_contig_dim(s, v, op_idx);
  if (contig != (op_idx ? 0u : 1u) && tgpu_wgmma_smem_layout(eb, op_idx, v->type->shape, contig, out)) return true;
  return tgpu_wgmma_smem_layout(eb, op_idx, v->type->shape, op_idx ? 0 : 1, out);
}

static bool same_shape(const ir_type *x, const ir_type *y) {
  if (x->rank != y->rank) return false;
  for (unsigned d = 0; d < x->rank; d++)
    if (x->shape[d] != y->shape[d]) return false;
  return true;
}

/* Whether v is computed from a tgpu.warp_group_dot's result of v's shape through
 * element-wise ops (casts included) and layout conversions whose operand on the path has
 * that shape too (a bounded search): that result has the version 3 accumulator layout with
 * every warp along M, the same map as the A register layout, so v reaches it in place. */
static bool from_warp_group_dot(ir_value *v, const ir_type *shape_of, unsigned depth) {
  ir_op *def = ir_value_def(v);
  if (!def || depth > 16) return false;
  if (ir_op_code(def) == IR_OP_WARP_GROUP_DOT) return true;
  if (!ir_op_has_trait(def, IR_TRAIT_ELEMENTWISE) && ir_op_code(def) != IR_OP_CONVERT_LAYOUT) return false;
  for (unsigned i = 0; i < def->noperands; i++) {
    ir_value *x = ir_op_operand(def, i);
    if (ir_type_is_tensor(x->type) && same_shape(x->type, shape_of) && from_warp_group_dot(x, shape_of, depth + 1))
      return true;
  }
  return false;
}

/* Whether v is computed in the kernel by element-wise arithmetic (an upcast of a loaded
 * narrower type, a scaled or masked operand), rather than a loaded or carried value that only
 * layout conversions separate from the dot. */
static bool computed_elementwise(ir_value *v) {
  ir_op *def = ir_value_def(v);
  while (def && ir_op_code(def) == IR_OP_CONVERT_LAYOUT) def = ir_value_def(ir_op_operand(def, 0));
  return def && ir_op_has_trait(def, IR_TRAIT_ELEMENTWISE) && ir_op_code(def) != IR_OP_CONSTANT;
}

/* Whether the dot's A goes to wgmma in registers rather than through shared memory: a
 * value the warps hold already in the accumulator's layout (attention's p), or one they
 * compute element-wise just before the dot (a dequantized operand: storing it to shared
 * memory for wgmma to read back would cost a round trip and a wait each iteration). */
static bool a_in_registers(ir_op *dot) {
  ir_value *a = ir_op_operand(dot, 0);
  const ir_type *e = ir_type_scalar(a->type);
  return ir_type_is_float(e) && (e->fkind == IR_F16 || e->fkind == IR_BF16) &&
         (from_warp_group_dot(a, a->type, 0) || computed_elementwise(a));
}

/* Whether the dot can be one wgmma warp-group dot: f16/bf16/fp8/tf32 -> f32 or i8 -> i32, 2-D,
 * whole warpgroups along M (M a multiple of 16 * num_warps), an N wgmma has (tgpu_wgmma_n_ok),
 * K a multiple of the instruction's, and both operands
 * with a wgmma shared layout (K-major: K rows of 32, 64 or 128 bytes, or 128-byte slabs of
 * wider rows; MN-major: see tgpu_wgmma_smem_layout). */
static bool wgmma_fits(accel_state *s, ir_op *dot, unsigned num_warps, tgpu_shared_layout *out_layouts) {
  const ir_type *a = ir_op_operand(dot, 0)->type, *c = ir_op_result(dot, 0)->type, *ab = ir_type_scalar(a);
  if (c->rank != 2 || num_warps % 4) return false;
  if (ir_type_scalar(ir_op_operand(dot, 1)->type) != ab) return false; /* one operand type */
  unsigned kstep = tgpu_wgmma_k_step(dot, ab); /* the verifier's rule: f16, bf16, fp8, tf32 -> f32; i8 -> i32 */
  int64_t M = c->shape[0], N = c->shape[1];
  if (!kstep || M % (16 * (int64_t)num_warps) || !tgpu_wgmma_n_ok(ab, N) || a->shape[1] % kstep) return false;
  bool a_ok = a_in_registers(dot) || operand_layout(s, dot, 0, &out_layouts[0]);
  return a_ok && operand_layout(s, dot, 1, &out_layouts[1]);
}

/* The first tgpu.local_alloc of v of type t, or NULL. */
static ir_op *alloc_of(ir_value *v, const ir_type *t) {
  for (ir_use *u = v->first_use; u; u = u->next_use)
    if (ir_op_code(u->user) == IR_OP_LOCAL_ALLOC && ir_op_result(u->user, 0)->type == t) return u->user;
  return NULL;
}

/* A tgpu.local_alloc of type t that another dot made for the same value as v: of v itself,
 * or, when v is a layout conversion of x, of an identical conversion of x. It (after its
 * conversion) moves to right after x's definition, where it dominates every user of x. */
static ir_value *staged_twin(ir_value *v, const ir_type *t) {
  ir_op *cv = ir_value_def(v);
  bool through = cv && ir_op_code(cv) == IR_OP_CONVERT_LAYOUT;
  ir_value *x = through ? ir_op_operand(cv, 0) : v;
  ir_op *def = ir_value_def(x), *c = NULL, *a = NULL;
  if (!def || !def->next) return NULL;
  if (!through) {
    a = alloc_of(x, t);
  } else {
    for (ir_use *u = x->first_use; u && !a; u = u->next_use) {
      c = u->user;
      if (c != cv && ir_op_code(c) == IR_OP_CONVERT_LAYOUT && ir_op_result(c, 0)->type == v->type)
        a = alloc_of(ir_op_result(c, 0), t);
    }
  }
  if (!a) return NULL;
  ir_op *at = def->next;
  if (through) { /* the conversion right after x's definition, the local_alloc after it */
    if (c != at) ir_op_move_before(c, at);
    at = c->next;
  }
  if (a != at) ir_op_move_before(a, at);
  return ir_op_result(a, 0);
}

/* The operand as a memdesc in `layout` written by tgpu.local_alloc before the dot. When
 * another dot already staged the same value in the same layout (attention's q, read by the
 * dots of both loops of a causal kernel written in two stages), that local_alloc serves
 * both (staged_twin): one copy instead of one per dot, and the value dies in registers
 * before the first loop instead of living across it. */
static ir_value *stage_operand(ir_builder *b, ir_value *v, const tgpu_shared_layout *layout) {
  tgpu_memdesc md = {.rank = 2, .elem = ir_type_scalar(v->type), .is_mutable = false, .num_buffers = 1};
  md.shape[0] = v->type->shape[0];
  md.shape[1] = v->type->shape[1];
  md.layout = *layout;
  const ir_type *t = tgpu_memdesc_type(b->m->ctx, &md);
  ir_value *twin = staged_twin(v, t);
  return twin ? twin : ir_build1(b, "tgpu.local_alloc", 1, &v, t);
}

/* An operand staged for wgmma that is a 2-D tt.trans (through at most one layout
 * conversion) of a tt.load used only there (`tl.dot(x, tl.trans(w))`, w given N x K as
 * torch.nn.Linear keeps it): the transpose moves above the load, onto its pointers, mask
 * and other (a constant is remade transposed), so the load itself reads the tile the dot
 * stages and the pipeliner can copy it straight into its stages (it pipelines a load whose
 * only use is the local_alloc). Nothing moves: the transposed layouts name the same
 * registers. */
static void hoist_transposed_load(ir_module *m, ir_value *v) {
  ir_op *tr = ir_value_def(v);
  if (tr && ir_op_code(tr) == IR_OP_CONVERT_LAYOUT) tr = ir_value_def(ir_op_operand(tr, 0));
  if (!tr || ir_op_code(tr) != IR_OP_TRANS || ir_op_result(tr, 0)->type->rank != 2) return;
  ir_value *x = ir_op_operand(tr, 0);
  ir_op *load = ir_value_def(x);
  if (!load || ir_op_code(load) != IR_OP_LOAD || load->parent != tr->parent || ir_value_num_uses(x) != 1) return;
  for (unsigned i = 0; i < load->noperands; i++)
    if (!ir_type_is_tensor(ir_op_operand(load, i)->type) || ir_op_operand(load, i)->type->rank != 2) return;
  const ir_type *t = ir_op_result(tr, 0)->type;
  const ir_attr *order = ir_op_get_attr(tr, "order");
  ir_builder b;
  ir_builder_init(&b, m);
  ir_builder_set_before(&b, load);
  b.loc = tr->loc;
  for (unsigned i = 0; i < load->noperands; i++) {
    ir_value *o = ir_op_operand(load, i);
    const ir_type *ot = ir_type_with_scalar(m->ctx, t, ir_type_scalar(o->type));
    const ir_attr *c = ir_value_constant(o);
    ir_value *n = c && (c->kind == IR_ATTR_INT || c->kind == IR_ATTR_FLOAT) ? ir_build_constant(&b, ot, c) : NULL;
    if (!n) {
      ir_op *nt = ir_build(&b, "tt.trans", 1, &o, 1, &ot);
      ir_op_set_attr(nt, "order", order);
      n = ir_op_result(nt, 0);
    }
    ir_op_set_operand(load, i, n);
  }
  ir_value_set_type(x, t);
  ir_value_replace_all_uses(ir_op_result(tr, 0), x);
  ir_op_erase(tr);
}

/* dot(a, b, c) -> local_alloc(a), local_alloc(b), fence_async_shared, warp_group_dot; a
 * stays a tensor when a_in_registers says so (legalization gives it its layout). */
static void to_warp_group_dot(accel_state *s, ir_op *dot, unsigned num_warps, const tgpu_shared_layout *layouts) {
  ir_builder b;
  ir_builder_init(&b, s->m);
  ir_builder_set_before(&b, dot);
  b.loc = dot->loc;
  bool a_reg = a_in_registers(dot);
  if (!a_reg) hoist_transposed_load(s->m, ir_op_operand(dot, 0));
  hoist_transposed_load(s->m, ir_op_operand(dot, 1));
  ir_value *a = ir_op_operand(dot, 0), *operands[2] = {a, ir_op_operand(dot, 1)};
  ir_value *ops[3] = {a_reg ? a : stage_operand(&b, a, &layouts[0]),
                      stage_operand(&b, ir_op_operand(dot, 1), &layouts[1]), ir_op_operand(dot, 2)};
  ir_build(&b, "tgpu.fence_async_shared", 0, NULL, 0, NULL);
  tgpu_mma mma = {.version = 3, .rank = 2, .warps_per_cta = {num_warps, 1}};
  const ir_type *t = ir_type_with_encoding(s->m->ctx, ir_op_result(dot, 0)->type, tgpu_mma_attr(s->m->ctx, &mma));
  ir_op *wg = ir_build(&b, "tgpu.warp_group_dot", 3, ops, 1, &t);
  const char *prec = ir_op_get_string_attr(dot, "input_precision");
  if (prec) ir_op_set_attr(wg, "input_precision", ir_string_attr(s->m->ctx, prec));
  ir_value_replace_all_uses(ir_op_result(dot, 0), ir_op_result(wg, 0));
  ir_op_erase(dot);
  for (unsigned k = 0; k < 2; k++) { /* a conversion that a staged twin replaced */
    ir_op *cv = ir_value_def(operands[k]);
    if (cv && ir_op_code(cv) == IR_OP_CONVERT_LAYOUT && !ir_value_has_uses(ir_op_result(cv, 0))) ir_op_erase(cv);
  }
}

static ir_walk_result accelerate(ir_op *op, void *user) {
  accel_state *s = user;
  if (ir_op_code(op) != IR_OP_DOT) return IR_WALK_ADVANCE;
  ir_value *res = ir_op_result(op, 0);
  const ir_type *c = res->type, *a = ir_op_operand(op, 0)->type;
  unsigned r = c->rank, k = mma_k(op, s->target);
  if (tgpu_layout_kind_of(c->encoding) != TGPU_LAYOUT_BLOCKED) return IR_WALK_ADVANCE;
  const ir_op *func = tgpu_enclosing_func(op);
  unsigned num_warps = func ? tgpu_func_num_warps(func) : TGPU_DEFAULT_NUM_WARPS;
  tgpu_shared_layout layouts[2];
  if (s->wgmma && wgmma_fits(s, op, num_warps, layouts)) { /* fp8 too, which mma.sync may lack */
    to_warp_group_dot(s, op, num_warps, layouts);
    s->changed++;
    return IR_WALK_SKIP;
  }
  if (!k || c->shape[r - 2] % 16 || c->shape[r - 1] % 8 || a->shape[r - 1] % k) return IR_WALK_ADVANCE;
  tgpu_mma mma = {.version = 2, .rank = r};
  pick_warps(op, num_warps, &mma);
  ir_value_set_type(res, ir_type_with_encoding(s->m->ctx, c, tgpu_mma_attr(s->m->ctx, &mma)));
  s->changed++;
  return IR_WALK_ADVANCE;
}

static bool run(ir_module *m) {
  if (!tgpu_require_layouts(m, "accelerate-matmul")) return false;
  accel_state s = {m, tgpu_target_of_module(m), false, NULL, 0};
  if (!s.target) return false;
  const ir_attr *w = ir_op_get_attr(m->op, TGPU_ATTR_WGMMA);
  s.wgmma = !(w && w->kind == IR_ATTR_INT && !w->ival) && tgpu_target_has(s.target, TGPU_FEATURE_WGMMA);
  if (s.wgmma) s.axes = axis_analysis_run(m);
  ir_walk_pre(m->op, accelerate, &s);
  if (s.axes) axis_analysis_free(s.axes);
  if (s.changed) tgpu_legalize_layouts(m);
  return tgpu_check_layouts(m, "accelerate-matmul");
}

const ir_pass pass_accelerate_matmul = {"accelerate-matmul",
                                        "gives tensor-core dots the mma layout (mma.sync)", run};
