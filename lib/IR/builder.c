/* Builder, value maps, deep cloning and walks. */
#include <assert.h>
#include <stdlib.h>

#include "IR/ir_internal.h"

/* ---- value maps ------------------------------------------------------------------------- */

void ir_valmap_put(ir_valmap *vm, const ir_value *from, ir_value *to) {
  sup_ptrmap_put(&vm->map, (uint64_t)(uintptr_t)from, to);
}

ir_value *ir_valmap_get(const ir_valmap *vm, const ir_value *from) {
  return sup_ptrmap_get(&vm->map, (uint64_t)(uintptr_t)from);
}

ir_value *ir_valmap_lookup_or_self(const ir_valmap *vm, ir_value *v) {
  ir_value *m = v ? ir_valmap_get(vm, v) : NULL;
  return m ? m : v;
}

void ir_valmap_free(ir_valmap *vm) { sup_ptrmap_free(&vm->map); }

/* ---- cloning --------------------------------------------------------------------------- */

static void clone_block_ops(ir_module *m, const ir_block *src, ir_block *dst, ir_valmap *vm) {
  for (const ir_op *o = src->first; o; o = o->next) ir_block_append(dst, ir_op_clone(m, o, vm));
}

static void clone_region(ir_module *m, const ir_region *src, ir_region *dst, ir_valmap *vm) {
  for (const ir_block *b = src->first; b; b = b->next) {
    ir_block *nb = ir_block_create(m);
    for (unsigned i = 0; i < b->nargs; i++)
      ir_valmap_put(vm, b->args[i], ir_block_add_arg(m, nb, b->args[i]->type));
    ir_region_append_block(dst, nb);
  }
  /* Ops after all blocks exist, so that mapping is complete before any use. */
  ir_block *nb = dst->first;
  for (const ir_block *b = src->first; b; b = b->next, nb = nb->next) clone_block_ops(m, b, nb, vm);
}

ir_op *ir_op_clone(ir_module *m, const ir_op *op, ir_valmap *vm) {
  ir_value *ops_small[16];
  ir_value **ops = op->noperands <= 16 ? ops_small : malloc(op->noperands * sizeof *ops);
  const ir_type *tys_small[16];
  const ir_type **tys = op->nresults <= 16 ? tys_small : malloc(op->nresults * sizeof *tys);
  if (!ops || !tys) { /* out of memory: clone without operands; the context fails */
    ir_context_note_oom(m->ctx);
    if (ops && ops != ops_small) free(ops);
    if (tys && tys != tys_small) free(tys);
    return ir_op_create(m, op->def, op->loc, 0, NULL, 0, NULL, op->nattrs, op->attrs);
  }
  for (unsigned i = 0; i < op->noperands; i++)
    ops[i] = ir_valmap_lookup_or_self(vm, op->operands[i].value);
  for (unsigned i = 0; i < op->nresults; i++) tys[i] = op->results[i].type;
  ir_op *c = ir_op_create(m, op->def, op->loc, op->noperands, ops, op->nresults, tys, op->nattrs,
                          op->attrs);
  if (ops != ops_small) free(ops);
  if (tys != tys_small) free(tys);
  for (unsigned i = 0; i < op->nresults; i++) ir_valmap_put(vm, &op->results[i], &c->results[i]);
  if (vm->map.failed) ir_context_note_oom(m->ctx);
  assert(c->nregions == op->nregions && "ir_op_clone: region count differs from the def");
  for (unsigned r = 0; r < op->nregions; r++) clone_region(m, &op->regions[r], &c->regions[r], vm);
  return c;
}

ir_op *ir_region_clone_into(ir_module *m, const ir_region *src, ir_block *dst, ir_valmap *vm) {
  assert(src->first && src->first == src->last && "ir_region_clone_into: needs one block");
  clone_block_ops(m, src->first, dst, vm);
  if (vm->map.failed) ir_context_note_oom(m->ctx);
  return dst->last && ir_op_has_trait(dst->last, IR_TRAIT_TERMINATOR) ? dst->last : NULL;
}

/* ---- walks ------------------------------------------------------------------------------- */

typedef ir_walk_result (*walk_fn)(ir_op *, void *);

bool ir_walk_pre(ir_op *op, walk_fn fn, void *user) {
  ir_walk_result r = fn(op, user);
  if (r == IR_WALK_INTERRUPT) return false;
  if (r == IR_WALK_SKIP) return true;
  for (unsigned i = 0; i < op->nregions; i++)
    for (ir_block *b = op->regions[i].first; b; b = b->next)
      for (ir_op *o = b->first, *next; o; o = next) {
        next = o->next;
        if (!ir_walk_pre(o, fn, user)) return false;
      }
  return true;
}

bool ir_walk_post(ir_op *op, walk_fn fn, void *user) {
  for (unsigned i = 0; i < op->nregions; i++)
    for (ir_block *b = op->regions[i].first; b; b = b->next)
      for (ir_op *o = b->first, *next; o; o = next) {
        next = o->next; /* o may be erased by the callback */
        if (!ir_walk_post(o, fn, user)) return false;
      }
  return fn(op, user) != IR_WALK_INTERRUPT;
}

/* ---- builder ------------------------------------------------------------------------------- */

void ir_builder_init(ir_builder *b, ir_module *m) {
  b->m = m;
  b->block = NULL;
  b->before = NULL;
  b->loc = (ir_loc){0};
}

void ir_builder_set_end(ir_builder *b, ir_block *block) {
  b->block = block;
  b->before = NULL;
}

void ir_builder_set_before(ir_builder *b, ir_op *op) {
  assert(op->parent && "ir_builder_set_before: op is detached");
  b->block = op->parent;
  b->before = op;
}

void ir_builder_set_after(ir_builder *b, ir_op *op) {
  assert(op->parent && "ir_builder_set_after: op is detached");
  b->block = op->parent;
  b->before = op->next;
}

void ir_builder_insert(ir_builder *b, ir_op *op) {
  if (b->before)
    ir_op_insert_before(op, b->before);
  else if (b->block)
    ir_block_append(b->block, op);
}

ir_op *ir_build(ir_builder *b, const char *name, unsigned noperands, ir_value *const *operands,
                unsigned nresults, const ir_type *const *result_types) {
  ir_op *op = ir_op_create_named(b->m, name, b->loc, noperands, operands, nresults, result_types,
                                 0, NULL);
  ir_builder_insert(b, op);
  return op;
}

ir_value *ir_build1(ir_builder *b, const char *name, unsigned noperands,
                    ir_value *const *operands, const ir_type *result_type) {
  return ir_op_result(ir_build(b, name, noperands, operands, 1, &result_type), 0);
}

ir_value *ir_build_constant(ir_builder *b, const ir_type *type, const ir_attr *value) {
  ir_named_attr na = {"value", value};
  ir_op *op = ir_op_create_named(b->m, "arith.constant", b->loc, 0, NULL, 1, &type, 1, &na);
  ir_builder_insert(b, op);
  return ir_op_result(op, 0);
}

ir_value *ir_build_int(ir_builder *b, const ir_type *type, int64_t v) {
  return ir_build_constant(b, type, ir_int_attr(b->m->ctx, ir_type_scalar(type), v));
}

ir_value *ir_build_float(ir_builder *b, const ir_type *type, double v) {
  return ir_build_constant(b, type, ir_float_attr(b->m->ctx, ir_type_scalar(type), v));
}
