/* ir_oplist: collecting ops during a walk so that passes can change the IR afterwards. */
#include <assert.h>
#include <stdlib.h>

#include "IR/ir.h"

/* Out of memory: op is left out and the context fails (the pass's result is dropped). */
void ir_oplist_push(ir_oplist *l, ir_op *op) {
  if (l->count == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 64;
    ir_op **ops = realloc(l->ops, cap * sizeof *ops);
    if (!ops) return ir_context_note_oom(ir_op_context(op));
    l->ops = ops;
    l->cap = cap;
  }
  l->ops[l->count++] = op;
}

void ir_oplist_free(ir_oplist *l) {
  free(l->ops);
  *l = (ir_oplist){0};
}

typedef struct collector {
  ir_oplist list;
  bool (*keep)(const ir_op *);
} collector;

static ir_walk_result collect(ir_op *op, void *user) {
  collector *c = user;
  if (!c->keep || c->keep(op)) ir_oplist_push(&c->list, op);
  return IR_WALK_ADVANCE;
}

ir_oplist ir_collect_ops(ir_op *root, bool post_order, bool (*keep)(const ir_op *)) {
  collector c = {{0}, keep};
  if (post_order) ir_walk_post(root, collect, &c);
  else ir_walk_pre(root, collect, &c);
  return c.list;
}
