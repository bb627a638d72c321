/* Layout rules shared by the tgpu passes: which layout each operand must have, legalizing
 * by inserting tgpu.convert_layout, rematerializing cheap producers in another layout
 * (Triton's backward rematerialization, simplified), and the final consistency check. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "Dialect/TileGPU/tgpu_rules.h"

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

static const ir_attr *yield_layout(ir_op *yield, unsigned i) {
  ir_op *parent = ir_op_parent_op(yield);
  if (!parent) return NULL;
  if (ir_op_is(parent, "scf.for")) return block_arg_enc(parent, 0, i + 1);
  if (ir_op_is(parent, "scf.while")) return block_arg_enc(parent, 0, i);
  if (ir_op_is(parent, "scf.if") && i < parent->nresults) return enc_of(&parent->results[i]);
  return NULL;
}

static const ir_attr *expand_dims_operand_layout(ir_op *op) {
  const ir_attr *res = enc_of(&op->results[0]);
  if (!res) return NULL;
  int64_t axis = ir_op_get_int_attr(op, "axis", 0);
  return tgpu_slice_attr(ir_op_context(op), (unsigned)axis, res);
}

const ir_attr *tgpu_required_operand_layout(ir_op *op, unsigned i) {
  if (i >= op->noperands || !ir_type_is_tensor(ir_op_operand(op, i)->type)) return NULL;
  if (ir_op_is(op, "tgpu.convert_layout")) return NULL;
  if (ir_op_is(op, "tt.store")) return i == 0 ? NULL : enc_of(ir_op_operand(op, 0));
  if (ir_op_is(op, "tt.load") || ir_op_is(op, "tt.broadcast")) return enc_of(&op->results[0]);
  if (ir_op_is(op, "tt.expand_dims")) return expand_dims_operand_layout(op);
  if (ir_op_is(op, "scf.for")) return i >= 3 ? block_arg_enc(op, 0, i - 2) : NULL;
  if (ir_op_is(op, "scf.while")) return block_arg_enc(op, 0, i);
  if (ir_op_is(op, "scf.yield")) return yield_layout(op, i);
  if (ir_op_is(op, "scf.condition")) {
    ir_op *w = ir_op_parent_op(op);
    return i >= 1 && w ? block_arg_enc(w, 1, i - 1) : NULL;
  }
  if (ir_op_has_trait(op, IR_TRAIT_ELEMENTWISE) && op->nresults == 1) return enc_of(&op->results[0]);
  return NULL;
}

/* The layout result `i` of an scf op must have (its carried block argument's), or NULL. */
static const ir_attr *required_result_layout(ir_op *op, unsigned i) {
  if (!ir_type_is_tensor(op->results[i].type)) return NULL;
  if (ir_op_is(op, "scf.for")) return block_arg_enc(op, 0, i + 1);
  if (ir_op_is(op, "scf.while")) return block_arg_enc(op, 1, i);
  return NULL;
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
  if (def && ir_op_is(def, "tgpu.convert_layout")) {
    src = ir_op_operand(def, 0);
    ir_op_set_operand(op, 0, src);
  }
  if (def && ir_op_is(def, "tgpu.convert_layout")) tgpu_erase_if_dead(def);
  if (enc_of(src) != enc_of(&op->results[0])) return;
  ir_value_replace_all_uses(&op->results[0], src);
  tgpu_erase_if_dead(op);
}

static void simplify_converts(ir_module *m) {
  ir_oplist l = ir_collect_ops(m->op, false, NULL);
  for (size_t i = 0; i < l.count; i++)
    if (l.ops[i]->parent && ir_op_is(l.ops[i], "tgpu.convert_layout")) simplify_convert(l.ops[i]);
  ir_oplist_free(&l);
}

void tgpu_legalize_layouts(ir_module *m) {
  ir_oplist l = ir_collect_ops(m->op, false, NULL);
  for (size_t i = 0; i < l.count; i++) legalize_op(m, l.ops[i]);
  ir_oplist_free(&l);
  simplify_converts(m);
}

/* ---- dead code -------------------------------------------------------------------------- */

static bool op_is_dead(const ir_op *op) {
  if (!ir_op_has_trait(op, IR_TRAIT_PURE) || op->nregions || !op->parent) return false;
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

typedef struct remat_state {
  ir_module *m;
  remat_entry *memo;
  size_t n, cap;
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

static bool is_remat_leaf(const ir_op *op) {
  return ir_op_is(op, "tt.make_range") || ir_op_is(op, "tt.splat") ||
         ir_op_has_trait(op, IR_TRAIT_CONSTANT);
}

static bool is_remat_inner(const ir_op *op) {
  if (ir_op_is(op, "tt.broadcast") || ir_op_is(op, "tt.expand_dims")) return true;
  return ir_op_has_trait(op, IR_TRAIT_PURE) && ir_op_has_trait(op, IR_TRAIT_ELEMENTWISE) &&
         op->nresults == 1 && op->nregions == 0;
}

/* The layout operand i of `op` needs when op's result is recomputed in `enc`. */
static const ir_attr *operand_layout_for(ir_op *op, const ir_attr *enc) {
  if (ir_op_is(op, "tt.expand_dims"))
    return tgpu_slice_attr(ir_op_context(op), (unsigned)ir_op_get_int_attr(op, "axis", 0), enc);
  return enc;
}

static bool can_remat(ir_value *v, const ir_attr *enc, unsigned depth) {
  if (enc_of(v) == enc) return true;
  ir_op *def = ir_value_def(v);
  if (!def || depth > REMAT_MAX_DEPTH) return false;
  if (ir_op_is(def, "tgpu.convert_layout")) return can_remat(ir_op_operand(def, 0), enc, depth + 1);
  if (is_remat_leaf(def)) return true;
  if (!is_remat_inner(def)) return false;
  const ir_attr *opnd_enc = operand_layout_for(def, enc);
  for (unsigned i = 0; i < def->noperands; i++) {
    ir_value *o = ir_op_operand(def, i);
    if (ir_type_is_tensor(o->type) && !can_remat(o, opnd_enc, depth + 1)) return false;
  }
  return true;
}

static ir_value *remat(remat_state *s, ir_value *v, const ir_attr *enc) {
  if (enc_of(v) == enc) return v;
  ir_value *done = memo_get(s, v, enc);
  if (done) return done;
  ir_op *def = ir_value_def(v);
  assert(def && "remat: checked by can_remat");
  if (ir_op_is(def, "tgpu.convert_layout")) return remat(s, ir_op_operand(def, 0), enc);
  ir_valmap vm = {{0}};
  const ir_attr *opnd_enc = operand_layout_for(def, enc);
  for (unsigned i = 0; i < def->noperands; i++) {
    ir_value *o = ir_op_operand(def, i);
    if (ir_type_is_tensor(o->type)) ir_valmap_put(&vm, o, remat(s, o, opnd_enc));
  }
  ir_op *clone = ir_op_clone(s->m, def, &vm);
  ir_valmap_free(&vm);
  ir_value *r = ir_op_result(clone, v->index);
  ir_value_set_type(r, ir_type_with_encoding(s->m->ctx, r->type, enc));
  ir_op_insert_after(clone, def);
  memo_put(s, v, enc, r);
  return r;
}

unsigned tgpu_rematerialize_converts(ir_module *m) {
  remat_state s = {m, NULL, 0, 0};
  unsigned removed = 0;
  ir_oplist l = ir_collect_ops(m->op, false, NULL);
  for (size_t i = 0; i < l.count; i++) {
    ir_op *op = l.ops[i];
    if (!op->parent || !ir_op_is(op, "tgpu.convert_layout")) continue;
    const ir_attr *enc = enc_of(&op->results[0]);
    ir_value *src = ir_op_operand(op, 0);
    if (!enc || !can_remat(src, enc, 0)) continue;
    ir_value_replace_all_uses(&op->results[0], remat(&s, src, enc));
    tgpu_erase_if_dead(op);
    removed++;
  }
  ir_oplist_free(&l);
  free(s.memo);
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

bool tgpu_check_layouts(ir_module *m, const char *pass) {
  check_state s = {NULL, NULL};
  if (ir_walk_pre(m->op, check_one, &s)) return true;
  ir_emit_error(m->ctx, s.bad->loc, "internal error: '%s' left inconsistent layouts at '%s': %s",
                pass, ir_op_name(s.bad), s.msg);
  return false;
}
