/* Layout rules shared by the tgpu passes: which layout each operand must have, legalizing
 * by inserting tgpu.convert_layout, rematerializing cheap producers in another layout
 * (Triton's backward rematerialization, simplified), and the final consistency check. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "Dialect/TileGPU/linear_layout.h"
#include "Dialect/TileGPU/tgpu_rules.h"
#include "Dialect/TileGPU/tgpu_shape.h"
#include "Dialect/TileGPU/tgpu_types.h"

#define REMAT_MAX_DEPTH 48

/* ---- required layouts ------------------------------------------------------------------- */

static const ir_attr *enc_of(const ir_value *v) {
  return ir_type_is_tensor(v->type) ? v->type->encoding : NULL;
}

static const ir_attr *block_arg_enc(ir_op *op, unsigned region, unsigned arg) {
  ir_block *b = ir_region_entry(ir_op_region(op, region));
  if (!b || arg >= b->nargs) return NULL;
  return enc_of(b->args[arg]);
}

/* The layout a yield's operand i must have: its parent's carried value at that position. */
static const ir_attr *yield_operand(ir_op *yield, unsigned i) {
  ir_op *parent = ir_op_parent_op(yield);
  if (!parent) return NULL;
  switch (ir_op_code(parent)) {
  case IR_OP_FOR: return block_arg_enc(parent, 0, i + 1);
  case IR_OP_WHILE: return block_arg_enc(parent, 0, i);
  case IR_OP_IF: return i < parent->nresults ? enc_of(&parent->results[i]) : NULL;
  default: return NULL;
  }
}

static const ir_attr *condition_operand(ir_op *op, unsigned i) {
  ir_op *w = ir_op_parent_op(op);
  return i >= 1 && w ? block_arg_enc(w, 1, i - 1) : NULL;
}

static const ir_attr *same_as_result(ir_op *op, unsigned i) {
  return enc_of(&op->results[i < op->nresults ? i : 0]);
}

static const ir_attr *store_operand(ir_op *op, unsigned i) {
  return i == 0 ? NULL : enc_of(ir_op_operand(op, 0));
}

static const ir_attr *expand_dims_for_result(ir_op *op, const ir_attr *res) {
  int64_t axis = ir_op_get_int_attr(op, "axis", 0);
  return tgpu_slice_attr(ir_op_context(op), (unsigned)axis, res);
}

static const ir_attr *expand_dims_operand(ir_op *op, unsigned i) {
  (void)i;
  const ir_attr *res = enc_of(&op->results[0]);
  return res ? expand_dims_for_result(op, res) : NULL;
}

/* expand_dims of a slice along its own axis gives the slice's parent back (a reduction's
 * result broadcast again: softmax's x - max[:, None] needs no conversion). */
static const ir_attr *expand_dims_infer(ir_op *op, const ir_attr *enc) {
  unsigned dim;
  const ir_attr *parent;
  if (!tgpu_slice_get(enc, &dim, &parent)) return NULL;
  return (int64_t)dim == ir_op_get_int_attr(op, "axis", -1) ? parent : NULL;
}

/* tt.reduce: the result has the operand's layout with the reduced axis sliced away. */
static const ir_attr *reduce_infer(ir_op *op, const ir_attr *enc) {
  int64_t axis = ir_op_get_int_attr(op, "axis", 0);
  return tgpu_slice_attr(ir_op_context(op), (unsigned)axis, enc);
}

static const ir_attr *reduce_result(ir_op *op, unsigned i) {
  (void)i;
  const ir_attr *src = enc_of(ir_op_operand(op, 0));
  return src ? reduce_infer(op, src) : NULL;
}

/* A multi-operand reduction (argmax's values and indices) reads all operands in operand
 * 0's layout. */
static const ir_attr *reduce_operand(ir_op *op, unsigned i) {
  return i > 0 ? enc_of(ir_op_operand(op, 0)) : NULL;
}

/* tt.dot: the accumulator has the result's layout; a and b the dot-operand layouts of it
 * (kWidth: the elements of one 32-bit register, for an mma result). */
static const ir_attr *dot_operand(ir_op *op, unsigned i) {
  const ir_attr *res = enc_of(ir_op_result(op, 0));
  if (!res || i == 2) return res;
  tgpu_dot_op d = {i, res, 0};
  if (tgpu_layout_kind_of(res) == TGPU_LAYOUT_MMA) {
    unsigned bits = ir_type_scalar(ir_op_operand(op, i)->type)->width;
    d.k_width = bits >= 32 ? 1 : 32 / bits;
  }
  return tgpu_dot_op_attr(ir_op_context(op), &d);
}

/* tgpu.warp_group_dot: the accumulator has the result's layout; b is a memdesc, and so is
 * a unless it is a tensor, which wgmma then reads from registers (tgpu_wgmma.c). */
static const ir_attr *warp_group_dot_operand(ir_op *op, unsigned i) {
  const ir_attr *res = enc_of(ir_op_result(op, 0));
  if (i == 2) return res;
  if (i == 0 && res && ir_type_is_tensor(ir_op_operand(op, 0)->type))
    return tgpu_wgmma_a_reg_layout(ir_op_context(op), res);
  return NULL;
}

/* ---- shape ops (layouts in tgpu_shape.c): each result takes the layout that keeps every
 * element where its operand holds it, so the op itself moves nothing ---- */

static unsigned rank_of(const ir_value *v) { return ir_type_is_tensor(v->type) ? v->type->rank : 0; }

/* tt.trans's order, or its inverse. False when malformed (the verifier reports it). */
static bool trans_order(ir_op *op, bool inverse, int64_t *out) {
  int64_t o[IR_MAX_RANK];
  unsigned r = rank_of(ir_op_operand(op, 0));
  if (ir_attr_get_i64_array(ir_op_get_attr(op, "order"), o, IR_MAX_RANK) != (int)r) return false;
  for (unsigned i = 0; i < r; i++) {
    if (o[i] < 0 || o[i] >= (int64_t)r) return false;
    if (inverse) out[o[i]] = i;
    else out[i] = o[i];
  }
  return true;
}

static const ir_attr *trans_permute(ir_op *op, const ir_attr *enc, bool inverse) {
  int64_t o[IR_MAX_RANK];
  if (!enc || !trans_order(op, inverse, o)) return NULL;
  return tgpu_permute_layout(ir_op_context(op), enc, rank_of(ir_op_operand(op, 0)), o);
}

static const ir_attr *trans_infer(ir_op *op, const ir_attr *enc) { return trans_permute(op, enc, false); }
static const ir_attr *trans_back(ir_op *op, const ir_attr *enc) { return trans_permute(op, enc, true); }
static const ir_attr *trans_result(ir_op *op, unsigned i) {
  (void)i;
  return trans_infer(op, enc_of(ir_op_operand(op, 0)));
}
static const ir_attr *trans_operand(ir_op *op, unsigned i) {
  (void)i;
  return trans_back(op, enc_of(&op->results[0]));
}

/* Whether layouts a and b of a tensor of type t place every element alike (two names of
 * one map: a wgmma register operand's layout, which no blocked layout writes, and the
 * linear layout a reshape infers for it). */
static bool same_map(const ir_attr *a, const ir_attr *b, const ir_type *t) {
  if (a == b) return true;
  tgpu_ll_layout la, lb;
  return a && b && !tgpu_ll_from_encoding(a, t->rank, t->shape, &la) &&
         !tgpu_ll_from_encoding(b, t->rank, t->shape, &lb) && tgpu_ll_layout_equal(&la, &lb);
}

static const ir_attr *join_infer(ir_op *op, const ir_attr *enc) {
  return enc ? tgpu_join_layout(ir_op_context(op), enc, rank_of(ir_op_operand(op, 0))) : NULL;
}
static const ir_attr *join_result(ir_op *op, unsigned i) {
  (void)i;
  return join_infer(op, enc_of(ir_op_operand(op, 0)));
}
static const ir_attr *join_operand(ir_op *op, unsigned i) {
  (void)i;
  const ir_attr *res = enc_of(&op->results[0]);
  return res ? tgpu_split_layout(ir_op_context(op), res, rank_of(&op->results[0])) : NULL;
}

/* Backward: both operands in the result's layout without its last dim, when that dim is
 * held in registers only (join then moves no data; an e2m1 upcast's value pairs, which a
 * wgmma register operand holds side by side along K). */
static const ir_attr *join_back(ir_op *op, const ir_attr *enc) {
  const ir_attr *back = enc ? tgpu_split_layout(ir_op_context(op), enc, rank_of(&op->results[0])) : NULL;
  return back && same_map(join_infer(op, back), enc, op->results[0].type) ? back : NULL;
}

/* split's results: the operand's layout without its last dim when that dim is held in
 * registers only; otherwise they keep their layout, result 1 that of result 0. */
static const ir_attr *split_result(ir_op *op, unsigned i) {
  const ir_attr *src = enc_of(ir_op_operand(op, 0));
  const ir_attr *r = src ? tgpu_split_layout(ir_op_context(op), src, rank_of(ir_op_operand(op, 0))) : NULL;
  return r || i == 0 ? r : enc_of(&op->results[0]);
}
static const ir_attr *split_infer(ir_op *op, const ir_attr *enc) {
  return enc ? tgpu_split_layout(ir_op_context(op), enc, rank_of(ir_op_operand(op, 0))) : NULL;
}
static const ir_attr *split_operand(ir_op *op, unsigned i) {
  (void)i;
  const ir_attr *res = enc_of(&op->results[0]), *src = enc_of(ir_op_operand(op, 0));
  if (!res) return NULL;
  if (src && tgpu_split_layout(ir_op_context(op), src, rank_of(ir_op_operand(op, 0))) == res) return src;
  return tgpu_join_layout(ir_op_context(op), res, rank_of(&op->results[0]));
}

/* tt.reshape: a blocked result layout that keeps every register, when one exists. */
static const ir_attr *reshape_infer(ir_op *op, const ir_attr *enc) {
  const ir_type *s = ir_op_operand(op, 0)->type, *d = op->results[0].type;
  if (!enc || !ir_type_is_tensor(s) || !ir_type_is_tensor(d)) return NULL;
  return tgpu_reshape_layout(ir_op_context(op), enc, s->rank, s->shape, d->rank, d->shape);
}
static const ir_attr *reshape_result(ir_op *op, unsigned i) {
  (void)i;
  return reshape_infer(op, enc_of(ir_op_operand(op, 0)));
}
/* Backward: the operand layout whose reshape holds every element where `enc` does (a
 * reshape is the same row-major order read with other extents, both ways). */
static const ir_attr *reshape_back(ir_op *op, const ir_attr *enc) {
  const ir_type *s = ir_op_operand(op, 0)->type, *d = op->results[0].type;
  if (!enc || !ir_type_is_tensor(s) || !ir_type_is_tensor(d)) return NULL;
  const ir_attr *back = tgpu_reshape_layout(ir_op_context(op), enc, d->rank, d->shape, s->rank, s->shape);
  /* the reshape's result layout is inferred from its operand's: only when that gives enc
   * back, or the same map under another name (a wgmma register operand's layout, which no
   * blocked layout writes, comes back as a linear one); the reshape then moves no data */
  return back && same_map(reshape_infer(op, back), enc, d) ? back : NULL;
}

static const ir_attr *for_operand(ir_op *op, unsigned i) {
  return i >= 3 ? block_arg_enc(op, 0, i - 2) : NULL;
}

static const ir_attr *while_operand(ir_op *op, unsigned i) { return block_arg_enc(op, 0, i); }
static const ir_attr *for_result(ir_op *op, unsigned i) { return block_arg_enc(op, 0, i + 1); }
static const ir_attr *while_result(ir_op *op, unsigned i) { return block_arg_enc(op, 1, i); }

static const ir_attr *keep_layout(ir_op *op, const ir_attr *enc) {
  (void)op;
  return enc;
}

/* ELEMENTWISE ops with one result: every tensor operand shares the result's layout, which
 * flows through unchanged and can be recomputed in any layout. */
static const tgpu_layout_rule elementwise_rule = {
    .operand = same_as_result, .infer_result = keep_layout, .remat_operand = keep_layout};

/* Every other op with a rule, by opcode; an op without a row places no constraint. */
static const tgpu_layout_rule layout_rules[IR_OP__COUNT] = {
    [IR_OP_CONVERT_LAYOUT] = {.infer_result = keep_layout},
    [IR_OP_LOAD] = {.operand = same_as_result},
    [IR_OP_STORE] = {.operand = store_operand},
    [IR_OP_ATOMIC_RMW] = {.operand = same_as_result},
    [IR_OP_ATOMIC_CAS] = {.operand = same_as_result},
    [IR_OP_BROADCAST] = {.operand = same_as_result, .infer_result = keep_layout,
                         .remat_operand = keep_layout},
    [IR_OP_EXPAND_DIMS] = {.operand = expand_dims_operand, .infer_result = expand_dims_infer,
                           .remat_operand = expand_dims_for_result},
    [IR_OP_REDUCE] = {.operand = reduce_operand, .result = reduce_result, .infer_result = reduce_infer},
    [IR_OP_DOT] = {.operand = dot_operand},
    [IR_OP_WARP_GROUP_DOT] = {.operand = warp_group_dot_operand},
    [IR_OP_WARP_GROUP_DOT_WAIT] = {.operand = same_as_result},
    [IR_OP_SCAN] = {.operand = same_as_result, .infer_result = keep_layout},
    [IR_OP_TRANS] = {.operand = trans_operand, .result = trans_result, .infer_result = trans_infer,
                     .remat_operand = trans_back},
    [IR_OP_JOIN] = {.operand = join_operand, .result = join_result, .infer_result = join_infer,
                    .remat_operand = join_back},
    [IR_OP_SPLIT] = {.operand = split_operand, .result = split_result, .infer_result = split_infer},
    [IR_OP_RESHAPE] = {.result = reshape_result, .infer_result = reshape_infer, .remat_operand = reshape_back},
    [IR_OP_MAKE_RANGE] = {.remat_leaf = true},
    [IR_OP_SPLAT] = {.remat_leaf = true},
    [IR_OP_CONSTANT] = {.remat_leaf = true},
    /* a read of shared memory gives any layout: read again where another is wanted */
    [IR_OP_LOCAL_LOAD] = {.remat_leaf = true},
    [IR_OP_FOR] = {.operand = for_operand, .result = for_result},
    [IR_OP_WHILE] = {.operand = while_operand, .result = while_result},
    [IR_OP_YIELD] = {.operand = yield_operand},
    [IR_OP_CONDITION] = {.operand = condition_operand},
};

const tgpu_layout_rule *tgpu_layout_rule_of(const ir_op *op) {
  if (ir_op_has_trait(op, IR_TRAIT_ELEMENTWISE) && op->nresults == 1) return &elementwise_rule;
  return &layout_rules[ir_op_code(op)];
}

const ir_attr *tgpu_required_operand_layout(ir_op *op, unsigned i) {
  if (i >= op->noperands || !ir_type_is_tensor(ir_op_operand(op, i)->type)) return NULL;
  const tgpu_layout_rule *r = tgpu_layout_rule_of(op);
  return r->operand ? r->operand(op, i) : NULL;
}

/* The layout result `i` of an scf op must have (its carried block argument's), or NULL. */
static const ir_attr *required_result_layout(ir_op *op, unsigned i) {
  if (!ir_type_is_tensor(op->results[i].type)) return NULL;
  const tgpu_layout_rule *r = tgpu_layout_rule_of(op);
  const ir_attr *req = r->result ? r->result(op, i) : NULL, *own = enc_of(&op->results[i]);
  /* a reshape's or join's result may have the same map under another name (the name
   * rematerialization gave it, its users'): their lowering places registers by coordinates */
  bool by_coords = ir_op_code(op) == IR_OP_RESHAPE || ir_op_code(op) == IR_OP_JOIN;
  return req && own && by_coords && same_map(req, own, op->results[i].type) ? own : req;
}

/* ---- legalization ----------------------------------------------------------------------- */

ir_value *tgpu_build_convert(ir_module *m, ir_op *user, ir_value *v, const ir_attr *enc) {
  ir_builder b;
  ir_builder_init(&b, m);
  ir_builder_set_before(&b, user);
  b.loc = user->loc;
  const ir_type *t = ir_type_with_encoding(m->ctx, v->type, enc);
  return ir_build1(&b, "tgpu.convert_layout", 1, &v, t);
}

static void legalize_op(ir_module *m, ir_op *op) {
  for (unsigned i = 0; i < op->nresults; i++) {
    const ir_attr *req = required_result_layout(op, i);
    if (req && req != enc_of(&op->results[i]))
      ir_value_set_type(&op->results[i], ir_type_with_encoding(m->ctx, op->results[i].type, req));
  }
  for (unsigned i = 0; i < op->noperands; i++) {
    const ir_attr *req = tgpu_required_operand_layout(op, i);
    ir_value *v = ir_op_operand(op, i);
    if (!req || enc_of(v) == req || !enc_of(v)) continue;
    ir_op_set_operand(op, i, tgpu_build_convert(m, op, v, req));
  }
}

/* convert(x : A -> A) is x; convert(convert(x)) reads x directly. */
static void simplify_convert(ir_op *op) {
  ir_value *src = ir_op_operand(op, 0);
  ir_op *def = ir_value_def(src);
  bool chained = def && ir_op_code(def) == IR_OP_CONVERT_LAYOUT;
  if (chained) {
    src = ir_op_operand(def, 0);
    ir_op_set_operand(op, 0, src);
    tgpu_erase_if_dead(def);
  }
  if (enc_of(src) != enc_of(&op->results[0])) return;
  ir_value_replace_all_uses(&op->results[0], src);
  tgpu_erase_if_dead(op);
}

static void simplify_converts(ir_module *m) {
  ir_oplist l = ir_collect_ops(m->op, false, NULL);
  for (size_t i = 0; i < l.count; i++)
    if (l.ops[i]->parent && ir_op_code(l.ops[i]) == IR_OP_CONVERT_LAYOUT) simplify_convert(l.ops[i]);
  ir_oplist_free(&l);
}

void tgpu_legalize_layouts(ir_module *m) {
  ir_oplist l = ir_collect_ops(m->op, false, NULL);
  for (size_t i = 0; i < l.count; i++) legalize_op(m, l.ops[i]);
  ir_oplist_free(&l);
  simplify_converts(m);
}

/* ---- dead code -------------------------------------------------------------------------- */

/* An op without effects, or one that only reads shared memory (a tgpu.local_load that
 * rematerialization read again in another layout), whose results go nowhere. */
static bool op_is_dead(const ir_op *op) {
  unsigned fx = ir_op_effects(op);
  if ((fx != 0 && fx != IR_EFFECT_READ_SHARED) || op->nregions || !op->parent) return false;
  for (unsigned i = 0; i < op->nresults; i++)
    if (ir_value_has_uses(&op->results[i])) return false;
  return op->nresults > 0;
}

static ir_walk_result erase_if_dead(ir_op *op, void *user) {
  if (!op_is_dead(op)) return IR_WALK_ADVANCE;
  ir_op_erase(op);
  *(bool *)user = true;
  return IR_WALK_ADVANCE;
}

bool tgpu_erase_if_dead(ir_op *op) {
  if (!op_is_dead(op)) return false;
  ir_op *defs[8];
  unsigned n = 0;
  for (unsigned i = 0; i < op->noperands && n < 8; i++) {
    ir_op *d = ir_value_def(ir_op_operand(op, i));
    if (d) defs[n++] = d;
  }
  ir_op_erase(op);
  for (unsigned i = 0; i < n; i++)
    if (defs[i]->parent) tgpu_erase_if_dead(defs[i]);
  return true;
}

void tgpu_erase_dead_pure_ops(ir_module *m) {
  bool changed = true;
  while (changed) {
    changed = false;
    ir_walk_post(m->op, erase_if_dead, &changed);
  }
}

/* ---- rematerialization ------------------------------------------------------------------ */

typedef struct remat_entry {
  const ir_value *from;
  const ir_attr *enc;
  ir_value *to;
} remat_entry;

/* How a value of a rematerialized chain reaches layout `enc`: not at all, recomputed from
 * producers that are all recomputed (REMAT_RECOMPUTE) or some of which are converted
 * (REMAT_RECOMPUTE_PART), or converted where it is made. */
typedef enum { REMAT_NO, REMAT_RECOMPUTE, REMAT_RECOMPUTE_PART, REMAT_CONVERT } remat_how;

/* One answer of how_remat for (v, enc, depth, root); next: the index + 1 of the next entry
 * with the same hash, 0 for none. */
typedef struct how_entry {
  const ir_value *v;
  const ir_attr *enc;
  unsigned depth;
  int64_t root;
  remat_how how;
  size_t next;
} how_entry;

typedef struct remat_state {
  ir_module *m;
  remat_entry *memo;
  size_t n, cap;
  /* how_remat's answers: a value used twice by each op of a chain (x * x + x) would be
   * asked about along every path otherwise, 2^length times */
  how_entry *hows;
  size_t nhows, caphows;
  sup_ptrmap how_index; /* hash of the key -> index + 1 of the first entry */
} remat_state;

static ir_value *memo_get(const remat_state *s, const ir_value *v, const ir_attr *enc) {
  for (size_t i = 0; i < s->n; i++)
    if (s->memo[i].from == v && s->memo[i].enc == enc) return s->memo[i].to;
  return NULL;
}

static void memo_put(remat_state *s, const ir_value *v, const ir_attr *enc, ir_value *to) {
  if (s->n == s->cap) { /* out of memory: not memoized (only slower) */
    size_t cap = s->cap ? s->cap * 2 : 32;
    remat_entry *memo = realloc(s->memo, cap * sizeof *memo);
    if (!memo) return;
    s->memo = memo;
    s->cap = cap;
  }
  s->memo[s->n++] = (remat_entry){v, enc, to};
}

static uint64_t how_key(const ir_value *v, const ir_attr *enc, unsigned depth, int64_t root) {
  uint64_t h = sup_hash_combine(sup_hash_combine((uint64_t)(uintptr_t)v, (uint64_t)(uintptr_t)enc), depth);
  h = sup_hash_combine(h, (uint64_t)root);
  return h ? h : 1; /* 0 is the map's empty key */
}

static const how_entry *how_get(const remat_state *s, const ir_value *v, const ir_attr *enc, unsigned depth,
                                int64_t root) {
  size_t i = (size_t)(uintptr_t)sup_ptrmap_get(&s->how_index, how_key(v, enc, depth, root));
  for (; i; i = s->hows[i - 1].next) {
    const how_entry *e = &s->hows[i - 1];
    if (e->v == v && e->enc == enc && e->depth == depth && e->root == root) return e;
  }
  return NULL;
}

static remat_how how_put(remat_state *s, const ir_value *v, const ir_attr *enc, unsigned depth, int64_t root,
                         remat_how how) {
  if (s->nhows == s->caphows) { /* out of memory: not remembered (only slower) */
    size_t cap = s->caphows ? s->caphows * 2 : 64;
    how_entry *hows = realloc(s->hows, cap * sizeof *hows);
    if (!hows) return how;
    s->hows = hows;
    s->caphows = cap;
  }
  uint64_t key = how_key(v, enc, depth, root);
  size_t head = (size_t)(uintptr_t)sup_ptrmap_get(&s->how_index, key);
  s->hows[s->nhows] = (how_entry){v, enc, depth, root, how, head};
  if (sup_ptrmap_put(&s->how_index, key, (void *)(uintptr_t)(s->nhows + 1))) s->nhows++;
  return how;
}

/* Recomputed (the chain of cheap producers that makes it, in `enc`), else converted where
 * it is when it has at most 1/REMAT_SMALL of the elements of the conversion being removed
 * (`root`): a tl.dot_scaled scale of [128, 4] loaded, broadcast along K and reshaped to
 * [128, 128] is converted before the broadcast, 32 times fewer elements. */
#define REMAT_SMALL 4

/* Whether v in enc takes more registers a thread than in its own layout (enc replicates it:
 * a slice of the layout it is broadcast into, as a scale before its broadcast along K).
 * When a chain recomputed in enc would still convert something below v (a load: the
 * scale's bytes) and v is computed element-wise, a small v is converted where it is
 * instead: the arithmetic runs once per element in v's own layout, not on every copy
 * (tl.dot_scaled's scales: 15-30% fewer instructions in the loop). A chain recomputed from
 * leaves alone (index arithmetic from tl.arange) stays recomputed, as does a shape op over a
 * converted value (a loaded row's expand_dims in a loop: the conversion stays at the load). */
static bool wider(const ir_value *v, const ir_attr *enc) {
  const ir_type *t = v->type;
  unsigned here = tgpu_regs_per_thread(enc_of(v), t->rank, t->shape), there = tgpu_regs_per_thread(enc, t->rank, t->shape);
  return here && there > here;
}
static remat_how how_remat_uncached(remat_state *s, ir_value *v, const ir_attr *enc, unsigned depth, int64_t root);

static remat_how how_remat(remat_state *s, ir_value *v, const ir_attr *enc, unsigned depth, int64_t root) {
  if (enc_of(v) == enc) return REMAT_RECOMPUTE;
  const how_entry *e = how_get(s, v, enc, depth, root);
  return e ? e->how : how_put(s, v, enc, depth, root, how_remat_uncached(s, v, enc, depth, root));
}

static remat_how how_remat_uncached(remat_state *s, ir_value *v, const ir_attr *enc, unsigned depth, int64_t root) {
  remat_how fallback = enc_of(v) && ir_type_numel(v->type) * REMAT_SMALL <= root ? REMAT_CONVERT : REMAT_NO;
  ir_op *def = ir_value_def(v);
  if (!def || depth > REMAT_MAX_DEPTH) return fallback;
  if (ir_op_code(def) == IR_OP_CONVERT_LAYOUT) {
    remat_how h = how_remat(s, ir_op_operand(def, 0), enc, depth + 1, root);
    return h == REMAT_NO ? fallback : h;
  }
  const tgpu_layout_rule *rule = tgpu_layout_rule_of(def);
  if (rule->remat_leaf) return REMAT_RECOMPUTE;
  const ir_attr *opnd_enc = rule->remat_operand ? rule->remat_operand(def, enc) : NULL;
  if (!opnd_enc) return fallback;
  remat_how how = REMAT_RECOMPUTE;
  for (unsigned i = 0; i < def->noperands; i++) {
    ir_value *o = ir_op_operand(def, i);
    remat_how h = ir_type_is_tensor(o->type) ? how_remat(s, o, opnd_enc, depth + 1, root) : REMAT_RECOMPUTE;
    if (h == REMAT_NO) return fallback;
    if (h != REMAT_RECOMPUTE) how = REMAT_RECOMPUTE_PART;
  }
  /* a conversion below either way: where v is, when v's arithmetic would run on more registers */
  bool arith = ir_op_has_trait(def, IR_TRAIT_ELEMENTWISE);
  return how == REMAT_RECOMPUTE_PART && arith && fallback == REMAT_CONVERT && wider(v, enc) ? REMAT_CONVERT : how;
}

/* v converted to enc right after it is made (a block argument: at its block's start); a
 * conversion's source is converted instead. */
static ir_value *convert_at_def(remat_state *s, ir_value *v, const ir_attr *enc) {
  ir_op *def = ir_value_def(v);
  while (def && ir_op_code(def) == IR_OP_CONVERT_LAYOUT) {
    v = ir_op_operand(def, 0);
    def = ir_value_def(v);
  }
  if (enc_of(v) == enc) return v;
  ir_builder b;
  ir_builder_init(&b, s->m);
  if (def) {
    ir_builder_set_after(&b, def);
    b.loc = def->loc;
  } else {
    ir_builder_set_before(&b, v->block->first);
    if (v->block->first) b.loc = v->block->first->loc;
  }
  const ir_type *t = ir_type_with_encoding(s->m->ctx, v->type, enc);
  return ir_build1(&b, "tgpu.convert_layout", 1, &v, t);
}

static ir_value *remat(remat_state *s, ir_value *v, const ir_attr *enc, int64_t root) {
  if (enc_of(v) == enc) return v;
  ir_value *done = memo_get(s, v, enc);
  if (done) return done;
  ir_value *r;
  if (how_remat(s, v, enc, 0, root) == REMAT_CONVERT) {
    r = convert_at_def(s, v, enc);
  } else {
    ir_op *def = ir_value_def(v);
    assert(def && "remat: checked by how_remat");
    if (ir_op_code(def) == IR_OP_CONVERT_LAYOUT) return remat(s, ir_op_operand(def, 0), enc, root);
    ir_valmap vm = {{0}};
    const tgpu_layout_rule *rule = tgpu_layout_rule_of(def);
    const ir_attr *opnd_enc = rule->remat_leaf ? enc : rule->remat_operand(def, enc);
    for (unsigned i = 0; i < def->noperands; i++) {
      ir_value *o = ir_op_operand(def, i);
      if (ir_type_is_tensor(o->type)) ir_valmap_put(&vm, o, remat(s, o, opnd_enc, root));
    }
    ir_op *clone = ir_op_clone(s->m, def, &vm);
    ir_valmap_free(&vm);
    r = ir_op_result(clone, v->index);
    ir_value_set_type(r, ir_type_with_encoding(s->m->ctx, r->type, enc));
    ir_op_insert_after(clone, def);
  }
  memo_put(s, v, enc, r);
  return r;
}

unsigned tgpu_rematerialize_converts(ir_module *m) {
  remat_state s = {.m = m};
  unsigned removed = 0;
  ir_oplist l = ir_collect_ops(m->op, false, NULL);
  for (size_t i = 0; i < l.count; i++) {
    ir_op *op = l.ops[i];
    if (!op->parent || ir_op_code(op) != IR_OP_CONVERT_LAYOUT) continue;
    /* how_remat's answers hold while one conversion is replaced (the values they name stay
     * as they are); erasing dead ops afterwards may free them */
    sup_ptrmap_free(&s.how_index);
    s.nhows = 0;
    const ir_attr *enc = enc_of(&op->results[0]);
    ir_value *src = ir_op_operand(op, 0);
    int64_t root = ir_type_numel(src->type);
    /* (src itself is never "converted where it is": it has the root's elements) */
    if (!enc || how_remat(&s, src, enc, 0, root) == REMAT_NO) continue;
    ir_value_replace_all_uses(&op->results[0], remat(&s, src, enc, root));
    tgpu_erase_if_dead(op);
    removed++;
  }
  ir_oplist_free(&l);
  free(s.memo);
  free(s.hows);
  sup_ptrmap_free(&s.how_index);
  return removed;
}

/* ---- the final check -------------------------------------------------------------------- */

static const char *check_value(const ir_value *v, unsigned num_warps) {
  if (!ir_type_is_tensor(v->type)) return NULL;
  return tgpu_layout_check(v->type->encoding, v->type->rank, v->type->shape, num_warps);
}

static const char *check_op(ir_op *op, unsigned num_warps) {
  const char *msg;
  for (unsigned i = 0; i < op->nresults; i++) {
    if ((msg = check_value(&op->results[i], num_warps))) return msg;
    const ir_attr *req = required_result_layout(op, i);
    if (req && req != enc_of(&op->results[i])) return "result layout differs from the carried value's";
  }
  for (unsigned r = 0; r < op->nregions; r++)
    for (ir_block *b = op->regions[r].first; b; b = b->next)
      for (unsigned a = 0; a < b->nargs; a++)
        if ((msg = check_value(b->args[a], num_warps))) return msg;
  for (unsigned i = 0; i < op->noperands; i++) {
    const ir_attr *req = tgpu_required_operand_layout(op, i);
    if (req && req != enc_of(ir_op_operand(op, i))) return "operand layout does not match the op's rule";
  }
  return NULL;
}

typedef struct check_state {
  ir_op *bad;
  const char *msg;
} check_state;

static ir_walk_result check_one(ir_op *op, void *user) {
  check_state *s = user;
  s->msg = check_op(op, tgpu_func_num_warps(tgpu_enclosing_func(op)));
  if (!s->msg) return IR_WALK_ADVANCE;
  s->bad = op;
  return IR_WALK_INTERRUPT;
}

static ir_walk_result find_unlaid(ir_op *op, void *user) {
  for (unsigned i = 0; i < op->nresults; i++) {
    const ir_type *t = op->results[i].type;
    if (ir_type_is_tensor(t) && !t->encoding) {
      *(ir_op **)user = op;
      return IR_WALK_INTERRUPT;
    }
  }
  return IR_WALK_ADVANCE;
}

bool tgpu_require_layouts(ir_module *m, const char *pass) {
  ir_op *bad = NULL;
  if (ir_walk_pre(m->op, find_unlaid, &bad)) return true;
  ir_emit_error(m->ctx, bad->loc, "'%s' needs tgpu IR (every tensor with a layout), but '%s' "
                "has a tensor without one: run convert-to-tgpu first", pass, ir_op_name(bad));
  return false;
}

bool tgpu_check_layouts(ir_module *m, const char *pass) {
  check_state s = {NULL, NULL};
  if (ir_walk_pre(m->op, check_one, &s)) return true;
  ir_emit_error(m->ctx, s.bad->loc, "internal error: '%s' left inconsistent layouts at '%s': %s",
                pass, ir_op_name(s.bad), s.msg);
  return false;
}
