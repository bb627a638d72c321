/* Early returns in jit functions: `if row >= n_rows: return` and the like, a bare `return`
 * inside an `if` on run-time values, as Triton kernels write them (Liger's, unsloth's).
 *
 * The IR's control flow is structured (scf.if, scf.for), so a return cannot leave an scf.if.
 * Instead the function's body is rewritten once, on the AST, before it is compiled: for the
 * first `if` that holds a bare return (not inside a loop), the statements after it move into
 * both of its branches, and each branch is rewritten the same way; a bare return ends its
 * list (what follows it is dead). So
 *
 *     if c: return        A        becomes        if c: pass
 *     B                                           else: B
 *
 * and the rewritten `if` is marked `tail`: nothing follows it, so sema does not merge the
 * variables of its branches (one may have made `acc` a tensor that the other never had).
 * A return inside a loop, or one with a value inside an `if` on run-time values, is left as
 * it is: sema reports it ("return inside a loop on run-time values, ..."), as Triton does for the
 * loop case. Code after an `if` whose both branches fall through is copied into both; the
 * copies are bounded (LIFT_BUDGET statements made), past which the function is left as
 * written and sema reports the return. */
#include <string.h>

#include "Frontend/sema.h"

enum { LIFT_BUDGET = 20000 };

typedef struct lifter {
  sup_arena *arena;
  unsigned made; /* statements copied so far */
} lifter;

/* What the statements hold, outside loops: a bare return, a return with a value. Inside a
 * loop, any return counts as `in_loop`. */
typedef struct ret_facts {
  bool bare, value, in_loop;
} ret_facts;

static void facts(fe_stmt *const *b, unsigned n, bool loop, ret_facts *f) {
  for (unsigned i = 0; i < n; i++) {
    const fe_stmt *s = b[i];
    if (s->kind == FE_STMT_RETURN) {
      if (loop) f->in_loop = true;
      else if (s->value) f->value = true;
      else f->bare = true;
    }
    if (s->kind == FE_STMT_FUNCDEF) continue; /* a nested def's returns are its own */
    bool l = loop || s->kind == FE_STMT_FOR || s->kind == FE_STMT_WHILE;
    facts(s->body, s->nbody, l, f);
    facts(s->orelse, s->norelse, l, f);
  }
}

static bool liftable(fe_stmt *s) {
  if (s->kind != FE_STMT_IF) return false;
  ret_facts f = {0};
  facts(&s, 1, false, &f);
  return f.bare && !f.value && !f.in_loop;
}

static fe_stmt **concat(lifter *L, fe_stmt *const *a, unsigned na, fe_stmt *const *b, unsigned nb) {
  fe_stmt **v = sup_arena_alloc(L->arena, (na + nb + 1) * sizeof *v);
  if (na) memcpy(v, a, na * sizeof *v);
  if (nb) memcpy(v + na, b, nb * sizeof *v);
  return v;
}

/* Rewrites b[0..n) into *out / *out_n; false when the budget ran out. */
static bool lift(lifter *L, fe_stmt *const *b, unsigned n, fe_stmt ***out, unsigned *out_n) {
  for (unsigned i = 0; i < n; i++) {
    fe_stmt *s = b[i];
    if (s->kind == FE_STMT_RETURN && !s->value) { /* the list ends here */
      *out = concat(L, b, i, NULL, 0);
      *out_n = i;
      return true;
    }
    if (!liftable(s)) continue;
    unsigned nrest = n - i - 1;
    L->made += 2 * nrest + 1;
    if (L->made > LIFT_BUDGET) return false;
    fe_stmt *c = sup_arena_memdup(L->arena, s, sizeof *s);
    c->tail = true;
    fe_stmt *const *rest = b + i + 1;
    fe_stmt **tb = concat(L, s->body, s->nbody, rest, nrest), **eb = concat(L, s->orelse, s->norelse, rest, nrest);
    if (!lift(L, tb, s->nbody + nrest, &c->body, &c->nbody) ||
        !lift(L, eb, s->norelse + nrest, &c->orelse, &c->norelse))
      return false;
    *out = concat(L, b, i, &c, 1);
    *out_n = i + 1;
    return true;
  }
  *out = (fe_stmt **)b;
  *out_n = n;
  return true;
}

void sema_lift_returns(sema *S, fe_funcdef *fd) {
  ret_facts f = {0};
  facts(fd->body, fd->nbody, false, &f);
  if (!f.bare) return;
  lifter L = {S->arena, 0};
  fe_stmt **body;
  unsigned n;
  if (lift(&L, fd->body, fd->nbody, &body, &n)) fd->body = body, fd->nbody = n;
}
