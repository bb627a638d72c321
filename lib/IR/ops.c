/* Modules, operations, blocks and regions; use lists; attribute access. */
#include <assert.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "IR/ir_internal.h"

ir_module *irx_op_module(const ir_op *op) {
  const ir_op_box *box = (const ir_op_box *)((const char *)op - offsetof(ir_op_box, op));
  return box->module;
}

ir_context *ir_op_context(const ir_op *op) { return irx_op_module(op)->ctx; }

/* ---- modules ------------------------------------------------------------------------------ */

/* NULL (after reporting) when out of memory. */
ir_module *irx_module_alloc(ir_context *ctx) {
  ir_module *m = calloc(1, sizeof *m);
  sup_arena *arena = m ? sup_arena_create() : NULL;
  if (!arena) {
    free(m);
    ir_context_note_oom(ctx);
    return NULL;
  }
  m->ctx = ctx;
  m->arena = arena;
  ir_context_watch_arena(ctx, arena);
  return m;
}

ir_module *ir_module_create(ir_context *ctx, ir_loc loc) {
  ir_module *m = irx_module_alloc(ctx);
  if (!m) return NULL;
  m->op = ir_op_create(m, &irx_builtin_module_def, loc, 0, NULL, 0, NULL, 0, NULL);
  ir_region_append_block(&m->op->regions[0], ir_block_create(m));
  return m;
}

void ir_module_destroy(ir_module *m) {
  if (!m) return;
  sup_arena_destroy(m->arena);
  free(m);
}

ir_block *ir_module_body(ir_module *m) {
  assert(m->op->nregions == 1 && m->op->regions[0].first && "module without a body block");
  return m->op->regions[0].first;
}

ir_op *ir_module_lookup_symbol(ir_module *m, const char *name) {
  for (ir_op *op = ir_module_body(m)->first; op; op = op->next) {
    if (!ir_op_has_trait(op, IR_TRAIT_SYMBOL)) continue;
    const char *s = ir_op_get_string_attr(op, "sym_name");
    if (s && strcmp(s, name) == 0) return op;
  }
  return NULL;
}

/* ---- use lists ------------------------------------------------------------------------- */

static void use_link(ir_use *u, ir_value *v) {
  u->value = v;
  u->prev_use = NULL;
  u->next_use = NULL;
  if (!v) return;
  u->next_use = v->first_use;
  if (v->first_use) v->first_use->prev_use = u;
  v->first_use = u;
}

static void use_unlink(ir_use *u) {
  if (!u->value) return;
  if (u->prev_use)
    u->prev_use->next_use = u->next_use;
  else
    u->value->first_use = u->next_use;
  if (u->next_use) u->next_use->prev_use = u->prev_use;
  u->value = NULL;
  u->prev_use = u->next_use = NULL;
}

bool ir_value_has_uses(const ir_value *v) { return v->first_use != NULL; }

unsigned ir_value_num_uses(const ir_value *v) {
  unsigned n = 0;
  for (const ir_use *u = v->first_use; u; u = u->next_use) n++;
  return n;
}

void ir_value_replace_all_uses(ir_value *from, ir_value *to) {
  if (from == to) return;
  while (from->first_use) {
    ir_use *u = from->first_use;
    use_unlink(u);
    use_link(u, to);
  }
}

ir_op *ir_value_def(const ir_value *v) { return v->def; }

void ir_value_set_type(ir_value *v, const ir_type *t) { v->type = t; }

/* ---- ops ------------------------------------------------------------------------------------ */

static ir_use *alloc_operands(ir_module *m, ir_op *op, unsigned n, ir_value *const *vals) {
  ir_use *uses = n ? sup_arena_alloc(m->arena, n * sizeof *uses) : NULL;
  for (unsigned i = 0; i < n; i++) {
    uses[i].user = op;
    uses[i].index = i;
    use_link(&uses[i], vals ? vals[i] : NULL);
  }
  return uses;
}

ir_op *ir_op_create(ir_module *m, const ir_opdef *def, ir_loc loc, unsigned noperands,
                    ir_value *const *operands, unsigned nresults, const ir_type *const *result_types,
                    unsigned nattrs, const ir_named_attr *attrs) {
  assert(def && "ir_op_create: NULL opdef");
  ir_op_box *box = sup_arena_alloc(m->arena, sizeof *box);
  box->module = m;
  ir_op *op = &box->op;
  op->def = def;
  op->opcode = def->opcode;
  op->loc = loc;
  op->noperands = noperands;
  op->operands = alloc_operands(m, op, noperands, operands);
  op->nresults = nresults;
  op->results = nresults ? sup_arena_alloc(m->arena, nresults * sizeof *op->results) : NULL;
  for (unsigned i = 0; i < nresults; i++) {
    op->results[i].type = result_types ? result_types[i] : NULL;
    op->results[i].def = op;
    op->results[i].index = i;
  }
  if (nattrs) {
    op->attrs = sup_arena_memdup(m->arena, attrs, nattrs * sizeof *attrs);
    op->nattrs = irx_sort_attrs(m->ctx, op->attrs, nattrs);
  }
  int nreg = def->num_regions > 0 ? def->num_regions : 0;
  op->nregions = (unsigned)nreg;
  op->regions = nreg ? sup_arena_alloc(m->arena, (size_t)nreg * sizeof *op->regions) : NULL;
  for (int i = 0; i < nreg; i++) op->regions[i].parent = op;
  return op;
}

ir_op *ir_op_create_named(ir_module *m, const char *name, ir_loc loc, unsigned noperands,
                          ir_value *const *operands, unsigned nresults,
                          const ir_type *const *result_types, unsigned nattrs,
                          const ir_named_attr *attrs) {
  const ir_opdef *def = ir_lookup_opdef(m->ctx, name);
  assert(def && "ir_op_create_named: op name is not registered");
  return ir_op_create(m, def, loc, noperands, operands, nresults, result_types, nattrs, attrs);
}

const char *ir_op_name(const ir_op *op) { return op->def->name; }

static const char *const opcode_names[IR_OP__COUNT] = {
    [IR_OP_UNKNOWN] = "<unknown>",
#define TILE_OP(id, name, traits, effects, mino, maxo, nres, nreg, verify, fold, canon, summary) \
  [IR_OP_##id] = name,
#include "Dialect/Tile/tile_ops.def"
#include "Dialect/TileGPU/tgpu_ops.def"
#undef TILE_OP
};

const char *ir_opcode_name(ir_opcode code) {
  return (unsigned)code < IR_OP__COUNT ? opcode_names[code] : opcode_names[IR_OP_UNKNOWN];
}
bool ir_op_has_trait(const ir_op *op, unsigned trait) { return (op->def->traits & trait) != 0; }

static bool nested_ops_have_no_effect(const ir_op *op) {
  for (unsigned r = 0; r < op->nregions; r++)
    for (const ir_block *b = op->regions[r].first; b; b = b->next)
      for (const ir_op *o = b->first; o; o = o->next)
        if (!(o == b->last && ir_op_has_trait(o, IR_TRAIT_TERMINATOR)) && !ir_op_has_no_effect(o))
          return false;
  return true;
}

bool ir_op_has_no_effect(const ir_op *op) {
  unsigned e = ir_op_effects(op);
  if (e & ~(unsigned)IR_EFFECT_REGIONS) return false;
  return !(e & IR_EFFECT_REGIONS) || nested_ops_have_no_effect(op);
}

ir_value *ir_op_operand(const ir_op *op, unsigned i) {
  assert(i < op->noperands && "ir_op_operand: index out of range");
  return op->operands[i].value;
}

ir_value *ir_op_result(ir_op *op, unsigned i) {
  assert(i < op->nresults && "ir_op_result: index out of range");
  return &op->results[i];
}

bool ir_op_regions_empty(const ir_op *op) {
  for (unsigned i = 0; i < op->nregions; i++)
    if (op->regions[i].first) return false;
  return true;
}

ir_region *ir_op_region(ir_op *op, unsigned i) {
  assert(i < op->nregions && "ir_op_region: index out of range");
  return &op->regions[i];
}

ir_op *ir_op_parent_op(const ir_op *op) {
  return op->parent ? ir_block_parent_op(op->parent) : NULL;
}

const ir_attr *ir_op_get_attr(const ir_op *op, const char *name) {
  for (unsigned i = 0; i < op->nattrs; i++)
    if (strcmp(op->attrs[i].name, name) == 0) return op->attrs[i].value;
  return NULL;
}

int64_t ir_op_get_int_attr(const ir_op *op, const char *name, int64_t dflt) {
  const ir_attr *a = ir_op_get_attr(op, name);
  return a && a->kind == IR_ATTR_INT ? a->ival : dflt;
}

const char *ir_op_get_string_attr(const ir_op *op, const char *name) {
  const ir_attr *a = ir_op_get_attr(op, name);
  return a && a->kind == IR_ATTR_STRING ? a->str : NULL;
}

void ir_op_set_attr(ir_op *op, const char *name, const ir_attr *value) {
  ir_module *m = irx_op_module(op);
  const char *n = ir_intern(m->ctx, name);
  ir_named_attr *na = sup_arena_alloc(m->arena, (op->nattrs + 1) * sizeof *na);
  unsigned k = 0;
  for (unsigned i = 0; i < op->nattrs; i++)
    if (op->attrs[i].name != n) na[k++] = op->attrs[i];
  if (value) na[k++] = (ir_named_attr){n, value};
  op->nattrs = irx_sort_attrs(m->ctx, na, k);
  op->attrs = na;
}

void ir_op_set_operand(ir_op *op, unsigned i, ir_value *v) {
  assert(i < op->noperands && "ir_op_set_operand: index out of range");
  use_unlink(&op->operands[i]);
  use_link(&op->operands[i], v);
}

void ir_op_set_operands(ir_op *op, unsigned n, ir_value *const *vals) {
  if (n <= op->noperands) {
    for (unsigned i = 0; i < n; i++) ir_op_set_operand(op, i, vals[i]);
    for (unsigned i = n; i < op->noperands; i++) use_unlink(&op->operands[i]);
    op->noperands = n;
    return;
  }
  for (unsigned i = 0; i < op->noperands; i++) use_unlink(&op->operands[i]);
  op->operands = alloc_operands(irx_op_module(op), op, n, vals);
  op->noperands = n;
}

/* ---- placement ----------------------------------------------------------------------------- */

void ir_op_remove(ir_op *op) {
  ir_block *b = op->parent;
  if (!b) return;
  if (op->prev) op->prev->next = op->next; else b->first = op->next;
  if (op->next) op->next->prev = op->prev; else b->last = op->prev;
  op->prev = op->next = NULL;
  op->parent = NULL;
}

static void drop_uses(ir_op *op) {
  for (unsigned i = 0; i < op->noperands; i++) use_unlink(&op->operands[i]);
  for (unsigned r = 0; r < op->nregions; r++)
    for (ir_block *b = op->regions[r].first; b; b = b->next)
      for (ir_op *o = b->first; o; o = o->next) drop_uses(o);
}

void ir_op_erase(ir_op *op) {
  drop_uses(op);
  for (unsigned i = 0; i < op->nresults; i++)
    assert(!op->results[i].first_use && "ir_op_erase: a result still has uses");
  ir_op_remove(op);
}

void ir_op_insert_before(ir_op *op, ir_op *before) {
  assert(!op->parent && "ir_op_insert_before: op is attached");
  assert(before->parent && "ir_op_insert_before: anchor is detached");
  ir_block *b = before->parent;
  op->parent = b;
  op->next = before;
  op->prev = before->prev;
  if (before->prev) before->prev->next = op; else b->first = op;
  before->prev = op;
}

void ir_op_insert_after(ir_op *op, ir_op *after) {
  assert(!op->parent && "ir_op_insert_after: op is attached");
  assert(after->parent && "ir_op_insert_after: anchor is detached");
  if (after->next) {
    ir_op_insert_before(op, after->next);
    return;
  }
  ir_block_append(after->parent, op);
}

void ir_block_append(ir_block *b, ir_op *op) {
  assert(!op->parent && "ir_block_append: op is attached");
  op->parent = b;
  op->prev = b->last;
  op->next = NULL;
  if (b->last) b->last->next = op; else b->first = op;
  b->last = op;
}

void ir_op_move_before(ir_op *op, ir_op *before) {
  ir_op_remove(op);
  ir_op_insert_before(op, before);
}

/* ---- blocks and regions ---------------------------------------------------------------------- */

ir_block *ir_block_create(ir_module *m) { return sup_arena_alloc(m->arena, sizeof(ir_block)); }

/* The argument array grows geometrically: its capacity is implicit (the next power of two
 * from 4 up), so that adding n arguments costs O(n), not O(n^2). */
ir_value *ir_block_add_arg(ir_module *m, ir_block *b, const ir_type *t) {
  unsigned n = b->nargs;
  if (n == 0 || (n >= 4 && (n & (n - 1)) == 0)) {
    ir_value **args = sup_arena_alloc(m->arena, (n ? 2 * n : 4) * sizeof *args);
    if (n) memcpy(args, b->args, n * sizeof *args);
    b->args = args;
  }
  ir_value *v = sup_arena_alloc(m->arena, sizeof *v);
  v->type = t;
  v->block = b;
  v->index = n;
  b->args[b->nargs++] = v;
  return v;
}

void ir_region_append_block(ir_region *r, ir_block *b) {
  assert(!b->parent && "ir_region_append_block: block is attached");
  b->parent = r;
  b->prev = r->last;
  b->next = NULL;
  if (r->last) r->last->next = b; else r->first = b;
  r->last = b;
}

ir_block *ir_region_entry(const ir_region *r) { return r->first; }

ir_op *ir_block_terminator(const ir_block *b) {
  return b->last && ir_op_has_trait(b->last, IR_TRAIT_TERMINATOR) ? b->last : NULL;
}

ir_op *ir_block_parent_op(const ir_block *b) { return b->parent ? b->parent->parent : NULL; }

/* ---- constants --------------------------------------------------------------------------- */

const ir_attr *ir_value_constant(const ir_value *v) {
  if (!v->def || !ir_op_has_trait(v->def, IR_TRAIT_CONSTANT)) return NULL;
  return ir_op_get_attr(v->def, "value");
}
