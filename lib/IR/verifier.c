/* The structural verifier: counts per def, terminators, single-block regions, SSA
 * dominance within structured regions, isolation, then each def's own hook. */
#include <assert.h>
#include <stdint.h>

#include "IR/ir_internal.h"

/* Visibility of values while walking: map value -> isolation scope id (+1), 0 = not
 * visible. A value is usable when it is visible in the current isolation scope. */
typedef struct verifier {
  ir_context *ctx;
  sup_ptrmap visible;
  uintptr_t scope, next_scope;
  const ir_op *isolator; /* the innermost ISOLATED op */
  bool ok;
} verifier;

static const char *plural(long n, const char *one, const char *many) { return n == 1 ? one : many; }

static bool check_count(verifier *v, const ir_op *op, const char *what, const char *whats, long got,
                        int min, int max) {
  if (got >= min && (max < 0 || got <= max)) return true;
  if (min == max)
    ir_emit_error(v->ctx, op->loc, "'%s' op expects %d %s, got %ld", op->def->name, min,
                  plural(min, what, whats), got);
  else if (max < 0)
    ir_emit_error(v->ctx, op->loc, "'%s' op expects at least %d %s, got %ld", op->def->name, min,
                  plural(min, what, whats), got);
  else
    ir_emit_error(v->ctx, op->loc, "'%s' op expects between %d and %d %s, got %ld",
                  op->def->name, min, max, whats, got);
  return false;
}

static bool check_counts(verifier *v, const ir_op *op) {
  const ir_opdef *d = op->def;
  bool ok = check_count(v, op, "operand", "operands", op->noperands, d->min_operands,
                        d->max_operands);
  if (d->num_results >= 0)
    ok &= check_count(v, op, "result", "results", op->nresults, d->num_results, d->num_results);
  ok &= check_count(v, op, "region", "regions", op->nregions, d->num_regions, d->num_regions);
  return ok;
}

static void set_visible(verifier *v, const ir_value *val, bool on) {
  if (!sup_ptrmap_put(&v->visible, (uint64_t)(uintptr_t)val, on ? (void *)(v->scope + 1) : NULL))
    ir_context_note_oom(v->ctx);
}

static bool check_operands(verifier *v, const ir_op *op) {
  bool ok = true;
  for (unsigned i = 0; i < op->noperands; i++) {
    const ir_value *val = op->operands[i].value;
    if (!val) {
      ir_emit_error(v->ctx, op->loc, "'%s' op operand #%u is null", op->def->name, i);
      ok = false;
      continue;
    }
    uintptr_t s = (uintptr_t)sup_ptrmap_get(&v->visible, (uint64_t)(uintptr_t)val);
    if (s == v->scope + 1) continue;
    if (s != 0)
      ir_emit_error(v->ctx, op->loc,
                    "'%s' op operand #%u uses a value defined outside the isolated '%s' op",
                    op->def->name, i, v->isolator->def->name);
    else
      ir_emit_error(v->ctx, op->loc, "'%s' op operand #%u does not dominate this use",
                    op->def->name, i);
    ok = false;
  }
  return ok;
}

static void verify_op(verifier *v, const ir_op *op);

/* Terminators: last in their block, and every block of a non-module op ends in one. */
static void verify_block(verifier *v, const ir_op *parent, unsigned ri, const ir_block *b) {
  for (unsigned i = 0; i < b->nargs; i++) set_visible(v, b->args[i], true);
  for (const ir_op *o = b->first; o; o = o->next) {
    if (ir_op_has_trait(o, IR_TRAIT_TERMINATOR) && o->next) {
      ir_emit_error(v->ctx, o->loc, "'%s' op must be the last operation in its block",
                    o->def->name);
      v->ok = false;
    }
    verify_op(v, o);
  }
  bool needs_term = parent->def != &irx_builtin_module_def &&
                    ir_op_code(parent) != IR_OP_BUILTIN_MODULE;
  if (needs_term && !ir_block_terminator(b)) {
    ir_emit_error(v->ctx, b->last ? b->last->loc : parent->loc,
                  "'%s' op region #%u: block must end with a terminator", parent->def->name, ri);
    v->ok = false;
  }
  /* Leaving the block: its values go out of scope. */
  for (unsigned i = 0; i < b->nargs; i++) set_visible(v, b->args[i], false);
  for (const ir_op *o = b->first; o; o = o->next)
    for (unsigned i = 0; i < o->nresults; i++) set_visible(v, &o->results[i], false);
}

static void verify_regions(verifier *v, const ir_op *op) {
  bool isolated = ir_op_has_trait(op, IR_TRAIT_ISOLATED);
  uintptr_t saved = v->scope;
  const ir_op *saved_iso = v->isolator;
  if (isolated) {
    v->scope = ++v->next_scope;
    v->isolator = op;
  }
  for (unsigned r = 0; r < op->nregions; r++) {
    unsigned nblocks = 0;
    for (const ir_block *b = op->regions[r].first; b; b = b->next) nblocks++;
    if (nblocks > 1 && ir_op_has_trait(op, IR_TRAIT_SINGLE_BLOCK)) {
      ir_emit_error(v->ctx, op->loc, "'%s' op expects region #%u to have at most 1 block, got %u",
                    op->def->name, r, nblocks);
      v->ok = false;
    }
    for (const ir_block *b = op->regions[r].first; b; b = b->next) verify_block(v, op, r, b);
  }
  v->scope = saved;
  v->isolator = saved_iso;
}

/* The dialects' checks of result and block-argument types (layouts, memdescs). */
static bool check_types(verifier *v, const ir_op *op) {
  bool ok = true;
  for (unsigned i = 0; i < op->nresults; i++) {
    const char *msg = op->results[i].type ? irx_check_type(v->ctx, op, op->results[i].type) : NULL;
    if (msg) ok = false, ir_emit_error(v->ctx, op->loc, "'%s' op result #%u: %s", op->def->name, i, msg);
  }
  for (unsigned r = 0; r < op->nregions; r++)
    for (const ir_block *b = op->regions[r].first; b; b = b->next)
      for (unsigned i = 0; i < b->nargs; i++) {
        const char *msg = irx_check_type(v->ctx, op, b->args[i]->type);
        if (msg) ok = false, ir_emit_error(v->ctx, op->loc, "'%s' op region #%u argument #%u: %s",
                                           op->def->name, r, i, msg);
      }
  return ok;
}

static void verify_op(verifier *v, const ir_op *op) {
  bool counts_ok = check_counts(v, op);
  bool operands_ok = check_operands(v, op);
  for (unsigned i = 0; i < op->nresults; i++)
    if (!op->results[i].type) {
      ir_emit_error(v->ctx, op->loc, "'%s' op result #%u has no type", op->def->name, i);
      counts_ok = false;
    }
  if (counts_ok && !check_types(v, op)) counts_ok = false;
  verify_regions(v, op);
  if (!counts_ok || !operands_ok) v->ok = false;
  if (counts_ok && operands_ok && op->def->verify && !op->def->verify((ir_op *)op)) v->ok = false;
  for (unsigned i = 0; i < op->nresults; i++) set_visible(v, &op->results[i], true);
}

bool ir_verify(ir_module *m) {
  verifier v = {0};
  v.ctx = m->ctx;
  v.ok = true;
  v.isolator = m->op;
  verify_op(&v, m->op);
  sup_ptrmap_free(&v.visible);
  return v.ok;
}
