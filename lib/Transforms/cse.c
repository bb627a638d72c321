/* Pass "cse": merges identical pure ops.
 *
 * Needs: verified IR.
 * Changes: an op without effects (ir_op_effects == 0) and without blocks in its regions (a
 *   region-form tt.reduce is never merged) whose opcode,
 *   operands, attributes and result types equal those of an earlier op that dominates it
 *   (earlier in the same block, or in a block that encloses it) is erased and its results
 *   replaced by the earlier op's. The table of available ops is scoped: entries made
 *   inside a region are dropped when the walk leaves it, and an ISOLATED op (tt.func)
 *   starts from an empty table.
 * Invalidates: nothing.
 * Cost: linear in the number of ops: the available ops are found through a hash map whose
 *   entries are undone when a scope closes (80,000 statements took 4 s with a linear table). */
#include <stdlib.h>
#include <string.h>

#include "Transforms/passes.h"

/* An available op; `prev` chains entries of the same hash (index + 1, 0 = none). */
typedef struct entry {
  uint64_t hash;
  ir_op *op;
  size_t prev;
} entry;

/* The entries in the order they were made (so that a scope is undone by truncating), and a
 * map from hash to the newest entry with that hash (index + 1). */
typedef struct scope_table {
  entry *v;
  size_t n, cap;
  sup_ptrmap newest;
} scope_table;

static uint64_t map_key(uint64_t hash) { return hash ? hash : 1; } /* key 0 is reserved */

static void table_push(scope_table *t, uint64_t hash, ir_op *op) {
  if (t->n == t->cap) { /* out of memory: op is not a CSE candidate (only a missed merge) */
    size_t cap = t->cap ? t->cap * 2 : 64;
    entry *v = realloc(t->v, cap * sizeof *v);
    if (!v) return;
    t->v = v;
    t->cap = cap;
  }
  size_t prev = (size_t)(uintptr_t)sup_ptrmap_get(&t->newest, map_key(hash));
  t->v[t->n++] = (entry){hash, op, prev};
  sup_ptrmap_put(&t->newest, map_key(hash), (void *)(uintptr_t)t->n);
}

/* Drops the entries made since `mark`, newest first, restoring the map. */
static void table_truncate(scope_table *t, size_t mark) {
  while (t->n > mark) {
    entry *e = &t->v[--t->n];
    sup_ptrmap_put(&t->newest, map_key(e->hash), (void *)(uintptr_t)e->prev);
  }
}

static void table_free(scope_table *t) {
  free(t->v);
  sup_ptrmap_free(&t->newest);
}

static uint64_t mix_ptr(uint64_t h, const void *p) { return sup_hash_combine(h, (uint64_t)(uintptr_t)p); }

static uint64_t op_hash(const ir_op *op) {
  uint64_t h = mix_ptr(0x9e3779b97f4a7c15ull, op->def);
  for (unsigned i = 0; i < op->noperands; i++) h = mix_ptr(h, op->operands[i].value);
  for (unsigned i = 0; i < op->nattrs; i++) h = mix_ptr(mix_ptr(h, op->attrs[i].name), op->attrs[i].value);
  for (unsigned i = 0; i < op->nresults; i++) h = mix_ptr(h, op->results[i].type);
  return h;
}

/* Types and attributes are uniqued and names interned, so pointer equality suffices. */
static bool op_equal(const ir_op *a, const ir_op *b) {
  if (a->def != b->def || a->noperands != b->noperands || a->nattrs != b->nattrs ||
      a->nresults != b->nresults)
    return false;
  for (unsigned i = 0; i < a->noperands; i++)
    if (a->operands[i].value != b->operands[i].value) return false;
  for (unsigned i = 0; i < a->nattrs; i++)
    if (a->attrs[i].value != b->attrs[i].value || strcmp(a->attrs[i].name, b->attrs[i].name) != 0) return false;
  for (unsigned i = 0; i < a->nresults; i++)
    if (a->results[i].type != b->results[i].type) return false;
  return true;
}

static ir_op *table_find(const scope_table *t, uint64_t hash, const ir_op *op) {
  size_t i = (size_t)(uintptr_t)sup_ptrmap_get(&t->newest, map_key(hash));
  for (; i; i = t->v[i - 1].prev)
    if (t->v[i - 1].hash == hash && op_equal(t->v[i - 1].op, op)) return t->v[i - 1].op;
  return NULL;
}

static bool cse_candidate(const ir_op *op) {
  return ir_op_effects(op) == 0 && ir_op_regions_empty(op) && op->nresults > 0;
}

static void cse_region(scope_table *t, ir_region *r);

/* Processes one op: merges it into an earlier equal op, or records it, then its regions. */
static void cse_op(scope_table *t, ir_op *op) {
  if (cse_candidate(op)) {
    uint64_t h = op_hash(op);
    ir_op *prev = table_find(t, h, op);
    if (prev) {
      for (unsigned i = 0; i < op->nresults; i++)
        ir_value_replace_all_uses(ir_op_result(op, i), ir_op_result(prev, i));
      ir_op_erase(op);
      return;
    }
    table_push(t, h, op);
  }
  if (op->nregions == 0) return;
  scope_table fresh = {0};
  scope_table *inner = ir_op_has_trait(op, IR_TRAIT_ISOLATED) ? &fresh : t;
  for (unsigned i = 0; i < op->nregions; i++) cse_region(inner, ir_op_region(op, i));
  table_free(&fresh);
}

static void cse_region(scope_table *t, ir_region *r) {
  for (ir_block *b = r->first; b; b = b->next) {
    size_t mark = t->n;
    for (ir_op *op = b->first, *next; op; op = next) {
      next = op->next;
      cse_op(t, op);
    }
    table_truncate(t, mark);
  }
}

static bool run(ir_module *m) {
  scope_table t = {0};
  cse_op(&t, m->op);
  table_free(&t);
  return true;
}

const ir_pass pass_cse = {"cse", "merges identical pure ops", run};
