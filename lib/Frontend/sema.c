/* Semantic analysis: the module level (imports, global constexprs, decorators, entry
 * points), kernel signatures, statements and structured control flow, and the
 * specialization of helper jit functions into private tt.funcs.
 *
 * Follows Triton's code generator: a plain assignment turns a Python number into a scalar
 * IR value (only `x: tl.constexpr = ...` keeps it compile-time); `if` on a compile-time
 * condition folds; run-time `if`/`for`/`while` become scf ops whose carried values are the
 * variables the body reassigns (found by a discovery pass over the body, as Triton does). */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Dialect/Tile/tile.h"
#include "Dialect/TileGPU/target_info.h"
#include "Frontend/sema.h"

static bool stmts(sema *S, fe_stmt *const *body, unsigned n);

/* ---- diagnostics and environments ---------------------------------------------------- */

void sema_error(sema *S, ir_loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  diag_vemit(ir_context_diag(S->ctx), DIAG_ERROR, loc, fmt, ap);
  va_end(ap);
}

void sema_note(sema *S, ir_loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  diag_vemit(ir_context_diag(S->ctx), DIAG_NOTE, loc, fmt, ap);
  va_end(ap);
}

/* Names are interned (the lexer interns every identifier; sema_env_set and sema_lookup intern
 * what they are given), so the pointer is the identity that the index hashes. */
static unsigned name_slot(const sema_env *env, const char *name) {
  uint64_t h = (uint64_t)(uintptr_t)name * 0x9E3779B97F4A7C15ull;
  return (unsigned)(h >> 32) & (env->nslots - 1);
}

static sema_val *env_find(const sema_env *env, const char *name) {
  if (!env->nslots) return NULL;
  for (unsigned i = name_slot(env, name);; i = (i + 1) & (env->nslots - 1)) {
    unsigned k = env->slots[i];
    if (!k) return NULL;
    if (env->vars[k - 1].name == name) return &env->vars[k - 1].val;
  }
}

static void env_reserve(sema *S, sema_env *env, unsigned cap) {
  if (cap <= env->cap) return;
  sema_var *nv = sup_arena_alloc(S->arena, cap * sizeof(sema_var));
  if (env->n) memcpy(nv, env->vars, env->n * sizeof(sema_var));
  env->vars = nv, env->cap = cap;
  env->nslots = 16;
  while (env->nslots < 2 * cap) env->nslots *= 2;
  env->slots = sup_arena_alloc(S->arena, env->nslots * sizeof(unsigned));
  memset(env->slots, 0, env->nslots * sizeof(unsigned));
  for (unsigned k = 0; k < env->n; k++) {
    unsigned i = name_slot(env, env->vars[k].name);
    while (env->slots[i]) i = (i + 1) & (env->nslots - 1);
    env->slots[i] = k + 1;
  }
}

void sema_env_set(sema *S, sema_env *env, const char *name, sema_val v) {
  name = ir_intern(S->ctx, name);
  /* A module-level name host code had as skipped, bound again (`import triton` after a
   * failed `import triton.X`): host code sees the new value too. */
  const host_val *hv = env == &S->main.globals ? host_global_value(&S->host, name) : NULL;
  if (hv && hv->kind == HV_SKIPPED && v.kind != SV_SKIPPED) sema_host_set_global(S, name, &v);
  sema_val *slot = env_find(env, name);
  if (slot) {
    *slot = v;
    return;
  }
  if (env->n == env->cap) env_reserve(S, env, env->cap ? env->cap * 2 : 16);
  env->vars[env->n] = (sema_var){name, v};
  unsigned i = name_slot(env, name);
  while (env->slots[i]) i = (i + 1) & (env->nslots - 1);
  env->slots[i] = ++env->n;
}

static sema_env env_copy(sema *S, const sema_env *e) {
  sema_env c = {0};
  c.n = e->n;
  c.vars = (sema_var *)e->vars; /* read by env_reserve, which makes c its own copy */
  env_reserve(S, &c, e->n + 8);
  return c;
}

static sema_env *cur_env(sema *S) { return S->fn ? &S->fn->env : S->globals; }

bool sema_lookup(sema *S, const char *name, sema_val *out) {
  name = ir_intern(S->ctx, name);
  sema_val *v = S->fn ? env_find(&S->fn->env, name) : NULL;
  if (!v) v = env_find(S->globals, name);
  if (v) {
    *out = *v;
    return true;
  }
  return sema_python_builtin(name, out);
}

/* The compiled file's jit functions are found by their interned name in a map, so that a
 * file of many kernels is not quadratic; the first definition of a name wins. */
sema_jit *sema_find_jit(sema *S, const char *name) {
  return sup_ptrmap_get(&S->jit_index, (uint64_t)(uintptr_t)ir_intern(S->ctx, name));
}

sema_jit *sema_jit_of(sema *S, const fe_funcdef *fd) {
  return sup_ptrmap_get(&S->jit_of_fd, (uint64_t)(uintptr_t)fd);
}

/* Jit functions live in the arena, each once: an import that a kernel's body triggers adds
 * some while others are being compiled. */
static void add_jit(sema *S, const sema_jit *j) {
  uint64_t key = (uint64_t)(uintptr_t)j->fd->name;
  sema_lift_returns(S, j->fd);
  if (S->njits == S->capjits) {
    unsigned cap = S->capjits ? 2 * S->capjits : 16;
    sema_jit **v = sup_arena_alloc(S->arena, cap * sizeof *v);
    if (S->njits) memcpy(v, S->jits, S->njits * sizeof *v);
    S->jits = v, S->capjits = cap;
  }
  sema_jit *nj = sup_arena_memdup(S->arena, j, sizeof *j);
  S->jits[S->njits++] = nj;
  if (!sup_ptrmap_put(&S->jit_of_fd, (uint64_t)(uintptr_t)j->fd, nj)) ir_context_note_oom(S->ctx);
  if (j->mod == &S->main && !sup_ptrmap_has(&S->jit_index, key) && !sup_ptrmap_put(&S->jit_index, key, nj))
    ir_context_note_oom(S->ctx);
}

/* Whether j's decorators were read; when they failed, their errors are delivered (once). */
static bool jit_decorators_ok(sema *S, sema_jit *j) {
  if (j->decorator_errors) {
    diag_held_emit(ir_context_diag(S->ctx), j->decorator_errors, false, NULL);
    j->decorator_errors = NULL;
    j->decorator_failed = true;
  }
  return !j->decorator_failed;
}

static void insert_op(sema *S, ir_op *op) {
  if (S->b.before) ir_op_insert_before(op, S->b.before);
  else ir_block_append(S->b.block, op);
}

static void set_block(sema *S, ir_block *b) {
  S->b.block = b;
  S->b.before = NULL;
}

/* ---- literals (-D values and signature constants) --------------------------------------- */

static bool parse_literal(sema *S, const char *text, sema_val *out) {
  while (*text == ' ') text++;
  size_t len = strlen(text);
  while (len && text[len - 1] == ' ') len--;
  char *s = sup_arena_strndup(S->arena, text, len);
  sema_dtype d;
  int64_t div;
  if (!*s) return false;
  if (!strcmp(s, "True") || !strcmp(s, "true")) { *out = sema_bool(true); return true; }
  if (!strcmp(s, "False") || !strcmp(s, "false")) { *out = sema_bool(false); return true; }
  if (!strcmp(s, "None")) { *out = sema_none(); return true; }
  if ((s[0] == '\'' || s[0] == '"') && len >= 2 && s[len - 1] == s[0]) {
    s[len - 1] = '\0';
    *out = (sema_val){.kind = SV_STR, .s = s + 1};
    return true;
  }
  const char *dn = !strncmp(s, "tl.", 3) ? s + 3 : s;
  if (sema_dt_from_tl_name(dn, &d) || (sema_dt_parse(s, &d, &div) && div == 1)) {
    *out = sema_dtype_val(d);
    return true;
  }
  char *end;
  long long i = strtoll(s, &end, 0);
  if (*end == '\0') { *out = sema_int(i); return true; }
  double f = strtod(s, &end);
  if (*end == '\0') { *out = sema_float(f); return true; }
  return false;
}

/* The -D entry for `name`, marked as used (a -D that names nothing is an error later). */
static const fe_define *find_define(sema *S, const char *name) {
  for (size_t i = 0; S->opts && S->mod == &S->main && i < S->opts->ndefines; i++)
    if (strcmp(S->opts->defines[i].name, name) == 0) {
      if (S->define_used) S->define_used[i] = true;
      return &S->opts->defines[i];
    }
  return NULL;
}

static bool define_value(sema *S, const fe_define *d, ir_loc loc, sema_val *out) {
  if (parse_literal(S, d->value, out)) return true;
  sema_error(S, loc, "invalid value '%s' for -D %s: expected a Python literal", d->value, d->name);
  return false;
}

/* ---- assignment ---------------------------------------------------------------------------- */

/* Triton turns a Python number assigned to a variable into a scalar tensor. */
static bool sanitize(sema *S, sema_val *v, ir_loc loc) {
  if (S->fn && sema_is_num(v)) return sema_to_tensor(S, v, loc, v);
  return true;
}

static bool assign_target(sema *S, const fe_expr *t, const sema_val *v, ir_loc loc) {
  if (t->kind == FE_EXPR_NAME) {
    sema_val x = *v;
    if (!sanitize(S, &x, loc)) return false;
    sema_env_set(S, cur_env(S), t->name, x);
    return true;
  }
  if (t->kind == FE_EXPR_TUPLE || t->kind == FE_EXPR_LIST) {
    if (v->kind != SV_TUPLE) {
      sema_error(S, t->loc, "cannot unpack %s", sema_describe(S, v));
      return false;
    }
    if (v->n != t->nitems) {
      sema_error(S, t->loc, "cannot unpack %u values into %u variables", v->n, t->nitems);
      return false;
    }
    for (unsigned i = 0; i < t->nitems; i++)
      if (!assign_target(S, t->items[i], &v->elems[i], loc)) return false;
    return true;
  }
  sema_error(S, t->loc, "assignment to this kind of target is not supported (only names and tuples of names)");
  return false;
}

static bool is_constexpr_annot(sema *S, const fe_expr *a) {
  if (!a || (a->kind != FE_EXPR_NAME && a->kind != FE_EXPR_ATTRIBUTE)) return false;
  sema_val v;
  sema_fn *saved = S->fn;
  S->fn = NULL;
  bool ok = a->kind == FE_EXPR_NAME ? sema_lookup(S, a->name, &v) : true;
  if (ok && a->kind == FE_EXPR_ATTRIBUTE) {
    sema_val base;
    ok = a->value->kind == FE_EXPR_NAME && sema_lookup(S, a->value->name, &base) && base.kind == SV_MODULE &&
         sema_module_attr(S, &base, a->name, a->loc, &v);
  }
  S->fn = saved;
  return ok && v.kind == SV_BUILTIN && strcmp(v.path, "triton.language.constexpr") == 0;
}

static bool stmt_assign(sema *S, const fe_stmt *s) {
  sema_val v;
  if (!sema_expr(S, s->value, &v)) return false;
  for (unsigned i = 0; i < s->ntargets; i++)
    if (!assign_target(S, s->targets[i], &v, s->loc)) return false;
  return true;
}

static bool stmt_annassign(sema *S, const fe_stmt *s) {
  if (!s->value) return true;
  sema_val v;
  if (!sema_expr(S, s->value, &v)) return false;
  if (!is_constexpr_annot(S, s->annotation)) return assign_target(S, s->target, &v, s->loc);
  if (s->target->kind != FE_EXPR_NAME || v.kind == SV_TENSOR) {
    sema_error(S, s->loc, "a tl.constexpr variable needs a name and a compile-time value");
    return false;
  }
  sema_env_set(S, cur_env(S), s->target->name, v);
  return true;
}

static bool stmt_augassign(sema *S, const fe_stmt *s) {
  if (s->target->kind != FE_EXPR_NAME) {
    sema_error(S, s->loc, "augmented assignment is only supported on names");
    return false;
  }
  sema_val a, b, r;
  if (!sema_expr(S, s->target, &a) || !sema_expr(S, s->value, &b)) return false;
  if (!sema_binop(S, s->augop, &a, &b, s->loc, &r)) return false;
  return assign_target(S, s->target, &r, s->loc);
}

/* ---- merging values at the end of run-time control flow ----------------------------- */

static const char *type_str(sema *S, const sema_val *v) { return sema_describe(S, v); }

static bool same_type(const sema_val *a, const sema_val *b) {
  return a->kind == SV_TENSOR && b->kind == SV_TENSOR && a->v->type == b->v->type && sema_dt_eq(a->dt, b->dt);
}

/* Emits `v` as a tensor at the end of block `b` (numbers become constants there). */
static bool tensor_in(sema *S, ir_block *b, const sema_val *v, ir_loc loc, sema_val *out) {
  ir_builder saved = S->b;
  set_block(S, b);
  bool ok = sema_to_tensor(S, v, loc, out);
  S->b = saved;
  return ok;
}

/* The values merged at the end of control flow: whole variables (part -1), or one run-time
 * part of a block pointer variable (its elems[part]), so that a block pointer is carried as
 * the scalars that change. */
typedef struct merge_set {
  unsigned n, cap;
  const char **names;
  int *part;
  sema_val *a, *b; /* the values from each side */
} merge_set;

static void merge_add_part(sema *S, merge_set *ms, const char *name, int part, sema_val a, sema_val b) {
  if (ms->n == ms->cap) {
    unsigned cap = ms->cap ? ms->cap * 2 : 8;
    const char **nn = sup_arena_alloc(S->arena, cap * sizeof(char *));
    int *np = sup_arena_alloc(S->arena, cap * sizeof(int));
    sema_val *na = sup_arena_alloc(S->arena, cap * sizeof(sema_val));
    sema_val *nb = sup_arena_alloc(S->arena, cap * sizeof(sema_val));
    if (ms->n) {
      memcpy(nn, ms->names, ms->n * sizeof(char *));
      memcpy(np, ms->part, ms->n * sizeof(int));
      memcpy(na, ms->a, ms->n * sizeof(sema_val));
      memcpy(nb, ms->b, ms->n * sizeof(sema_val));
    }
    ms->names = nn, ms->part = np, ms->a = na, ms->b = nb, ms->cap = cap;
  }
  ms->names[ms->n] = name, ms->part[ms->n] = part, ms->a[ms->n] = a, ms->b[ms->n] = b;
  ms->n++;
}

static void merge_add(sema *S, merge_set *ms, const char *name, sema_val a, sema_val b) {
  merge_add_part(S, ms, name, -1, a, b);
}

static bool same_block_ptr_kind(const sema_val *a, const sema_val *b) {
  return a->kind == SV_BLOCKPTR && b->kind == SV_BLOCKPTR && sema_bptr_same_kind(a->bp, b->bp);
}

/* Adds the parts in which two block pointers of one kind differ. */
static void merge_add_parts(sema *S, merge_set *ms, const char *name, const sema_val *a, const sema_val *b) {
  for (unsigned i = 0; i < a->n; i++)
    if (!sema_val_equal(&a->elems[i], &b->elems[i])) merge_add_part(S, ms, name, (int)i, a->elems[i], b->elems[i]);
}

/* Entry i's value in env: the variable, or its part (SV_INVALID when it is no longer a block
 * pointer with that part). */
static sema_val merge_get(const sema_env *env, const merge_set *ms, unsigned i) {
  const sema_val *v = env_find(env, ms->names[i]);
  if (!v) return (sema_val){0};
  if (ms->part[i] < 0) return *v;
  if (v->kind != SV_BLOCKPTR || (unsigned)ms->part[i] >= v->n) return (sema_val){0};
  return v->elems[ms->part[i]];
}

/* Sets entry i in env to x (a part replaces that part of the block pointer env holds). */
static void merge_set_val(sema *S, sema_env *env, const merge_set *ms, unsigned i, sema_val x) {
  if (ms->part[i] < 0) {
    sema_env_set(S, env, ms->names[i], x);
    return;
  }
  const sema_val *v = env_find(env, ms->names[i]);
  assert(v && v->kind == SV_BLOCKPTR && "a block pointer part merges into a block pointer");
  sema_val nv = *v;
  sema_val *el = sup_arena_alloc(S->arena, nv.n * sizeof(sema_val));
  memcpy(el, nv.elems, nv.n * sizeof(sema_val));
  el[ms->part[i]] = x;
  nv.elems = el;
  sema_env_set(S, env, ms->names[i], nv);
}

static ir_value **values_of(sema *S, const sema_val *vals, unsigned n) {
  ir_value **out = sup_arena_alloc(S->arena, (n + 1) * sizeof(ir_value *));
  for (unsigned i = 0; i < n; i++) out[i] = vals[i].v;
  return out;
}

static const ir_type **types_of(sema *S, const sema_val *vals, unsigned n) {
  const ir_type **out = sup_arena_alloc(S->arena, (n + 1) * sizeof(ir_type *));
  for (unsigned i = 0; i < n; i++) out[i] = vals[i].v->type;
  return out;
}

static void emit_terminator(sema *S, ir_block *b, const char *name, ir_loc loc, unsigned n, ir_value *const *vals) {
  ir_builder saved = S->b;
  set_block(S, b);
  sema_emit(S, loc, name, n, vals, 0, NULL);
  S->b = saved;
}

/* ---- if ------------------------------------------------------------------------------------ */

static bool scalar_cond(sema *S, const sema_val *c, ir_loc loc, const char *what, sema_val *out) {
  if (sema_rank(c->v) != 0) {
    sema_error(S, loc, "%s condition must be a scalar, got %s", what, sema_describe(S, c));
    return false;
  }
  return sema_cast(S, c, sema_dt(SD_I1), false, loc, out);
}

static bool run_branch(sema *S, const sema_env *before, ir_block *blk, fe_stmt *const *body, unsigned n,
                       sema_env *out_env) {
  S->fn->env = env_copy(S, before);
  set_block(S, blk);
  S->fn->rt_depth++;
  bool ok = stmts(S, body, n);
  S->fn->rt_depth--;
  *out_env = S->fn->env;
  return ok;
}

/* Adds the parts in which the branches' block pointers differ, as tensors of one type. */
static bool merge_block_ptr(sema *S, const fe_stmt *s, const char *name, const sema_val *t, const sema_val *e,
                            ir_block *tb, ir_block *eb, merge_set *ms) {
  for (unsigned i = 0; i < t->n; i++) {
    sema_val x = t->elems[i], y = e->elems[i];
    if (sema_val_equal(&x, &y)) continue;
    if (!tensor_in(S, tb, &x, s->loc, &x) || !tensor_in(S, eb, &y, s->loc, &y)) return false;
    if (!same_type(&x, &y)) {
      sema_error(S, s->loc, "block pointer '%s' has a part of type %s in one branch and %s in the other", name,
                 type_str(S, &x), type_str(S, &y));
      return false;
    }
    merge_add_part(S, ms, name, (int)i, x, y);
  }
  return true;
}

/* Pairs up the variables the branches (re)defined; both must have one type. */
static bool collect_if_merges(sema *S, const fe_stmt *s, const sema_env *before, sema_env *te, sema_env *ee,
                              ir_block *tb, ir_block *eb, merge_set *ms, sema_env *after) {
  *after = env_copy(S, before);
  for (unsigned i = 0; i < te->n; i++) {
    const char *name = te->vars[i].name;
    sema_val t = te->vars[i].val, *ep = env_find(ee, name), *bp = env_find(before, name);
    if (!ep) continue; /* defined in one branch only: not visible afterwards */
    sema_val e = *ep;
    if (same_block_ptr_kind(&t, &e)) sema_bptr_drop_tma(&t, &e);
    if (bp && sema_val_equal(&t, bp) && sema_val_equal(&e, bp)) continue;
    if (sema_val_equal(&t, &e) || t.kind == SV_POISON || e.kind == SV_POISON) { /* poison: reported already */
      sema_env_set(S, after, name, e.kind == SV_POISON ? e : t);
      continue;
    }
    if (same_block_ptr_kind(&t, &e)) {
      sema_env_set(S, after, name, t);
      if (!merge_block_ptr(S, s, name, &t, &e, tb, eb, ms)) return false;
      continue;
    }
    if ((t.kind == SV_TENSOR || sema_is_num(&t)) && (e.kind == SV_TENSOR || sema_is_num(&e))) {
      if (!tensor_in(S, tb, &t, s->loc, &t) || !tensor_in(S, eb, &e, s->loc, &e)) return false;
      if (!same_type(&t, &e)) {
        sema_error(S, s->loc, "variable '%s' has type %s in one branch and %s in the other", name,
                   type_str(S, &t), type_str(S, &e));
        return false;
      }
      merge_add(S, ms, name, t, e);
      continue;
    }
    if (t.kind == SV_HOSTDESC || e.kind == SV_HOSTDESC) {
      sema_error(S, s->loc, "variable '%s' is a different host tensor descriptor in each branch of a run-time if: "
                 "which descriptor an access uses must be known at compile time", name);
      return false;
    }
    sema_error(S, s->loc, "variable '%s' has different compile-time values in the two branches (%s and %s)",
               name, sema_repr(S, &t), sema_repr(S, &e));
    return false;
  }
  return true;
}

static bool runtime_if(sema *S, const fe_stmt *s, const sema_val *c) {
  sema_val cond;
  if (!scalar_cond(S, c, s->cond->loc, "if", &cond)) return false;
  sema_env before = env_copy(S, &S->fn->env), te, ee;
  ir_builder saved = S->b;
  ir_block *tb = ir_block_create(S->m), *eb = ir_block_create(S->m);
  bool ok = run_branch(S, &before, tb, s->body, s->nbody, &te) &&
            run_branch(S, &before, eb, s->orelse, s->norelse, &ee);
  S->b = saved;
  if (!ok) return false;
  merge_set ms = {0};
  sema_env after = before;
  /* after an early return's `if` nothing follows: what its branches define is not merged */
  if (!s->tail && !collect_if_merges(S, s, &before, &te, &ee, tb, eb, &ms, &after)) return false;
  emit_terminator(S, tb, "scf.yield", s->loc, ms.n, values_of(S, ms.a, ms.n));
  bool use_else = ms.n > 0 || eb->first != NULL;
  if (use_else) emit_terminator(S, eb, "scf.yield", s->loc, ms.n, values_of(S, ms.b, ms.n));
  ir_op *op = ir_op_create_named(S->m, "scf.if", s->loc, 1, &cond.v, ms.n, types_of(S, ms.a, ms.n), 0, NULL);
  ir_region_append_block(ir_op_region(op, 0), tb);
  if (use_else) ir_region_append_block(ir_op_region(op, 1), eb);
  insert_op(S, op);
  for (unsigned i = 0; i < ms.n; i++) merge_set_val(S, &after, &ms, i, sema_tensor(ir_op_result(op, i), ms.a[i].dt));
  S->fn->env = after;
  return true;
}

static bool stmt_if(sema *S, const fe_stmt *s) {
  sema_val c;
  if (!sema_expr(S, s->cond, &c)) return false;
  if (c.kind != SV_TENSOR)
    return sema_truthy(&c) ? stmts(S, s->body, s->nbody) : stmts(S, s->orelse, s->norelse);
  return runtime_if(S, s, &c);
}

/* ---- loops ---------------------------------------------------------------------------------- */

static void erase_block_ops(ir_block *b) {
  for (ir_op *op = b->last, *prev; op; op = prev) {
    prev = op->prev;
    ir_op_erase(op);
  }
}

/* Names defined before the loop whose value the body changes (Triton's discovery pass). A
 * descriptor the body replaces by one with another TMA value loses its own in `before`
 * (sema_bptr_drop_tma): the body's accesses then use its carried parts. */
static void changed_names(sema *S, sema_env *before, const sema_env *afterb, merge_set *ms) {
  for (unsigned i = 0; i < before->n; i++) {
    const sema_val *a = env_find(afterb, before->vars[i].name), *b = &before->vars[i].val;
    if (!a || sema_val_equal(a, b)) continue;
    if (same_block_ptr_kind(a, b) && a->v != b->v) {
      sema_val x = *a;
      sema_bptr_drop_tma(&x, &before->vars[i].val);
      if (sema_val_equal(&x, b)) continue;
    }
    if (same_block_ptr_kind(a, b)) merge_add_parts(S, ms, before->vars[i].name, b, a);
    else merge_add(S, ms, before->vars[i].name, *b, *a);
  }
}

typedef struct loop_ctx {
  const fe_stmt *s;
  const char *var;       /* for: the induction variable, or NULL */
  sema_dtype iv_dt;
  const ir_type *iv_ty;
} loop_ctx;

/* Runs cond (while) and body once into a scratch block to learn what the loop carries. */
static bool discover(sema *S, const loop_ctx *lc, sema_env *before, merge_set *carried) {
  ir_builder saved = S->b;
  ir_block *scratch = ir_block_create(S->m);
  S->fn->env = env_copy(S, before);
  if (lc->var) sema_env_set(S, &S->fn->env, lc->var, sema_tensor(ir_block_add_arg(S->m, scratch, lc->iv_ty), lc->iv_dt));
  set_block(S, scratch);
  S->dry_run++;
  S->fn->rt_depth++;
  int saved_kind = S->fn->loop_kind;
  S->fn->loop_kind = 1;
  sema_val c;
  bool ok = lc->var || sema_expr(S, lc->s->cond, &c);
  ok = ok && stmts(S, lc->s->body, lc->s->nbody);
  S->fn->loop_kind = saved_kind;
  S->fn->rt_depth--;
  S->dry_run--;
  if (ok) changed_names(S, before, &S->fn->env, carried);
  erase_block_ops(scratch);
  S->b = saved;
  S->fn->env = env_copy(S, before);
  return ok;
}

static bool loop_inits(sema *S, const loop_ctx *lc, merge_set *carried) {
  for (unsigned i = 0; i < carried->n; i++) {
    sema_val *v = &carried->a[i];
    if (sema_is_num(v) && !sema_to_tensor(S, v, lc->s->loc, v)) return false;
    if (v->kind == SV_HOSTDESC || carried->b[i].kind == SV_HOSTDESC) {
      sema_error(S, lc->s->loc, "variable '%s' is assigned another host tensor descriptor inside a loop with run-time "
                 "bounds: which descriptor an access uses must be known at compile time", carried->names[i]);
      return false;
    }
    if (v->kind != SV_TENSOR) {
      sema_error(S, lc->s->loc, "variable '%s' changes its compile-time value inside a loop with run-time bounds",
                 carried->names[i]);
      return false;
    }
  }
  return true;
}

static void bind_args(sema *S, const merge_set *carried, ir_block *b, unsigned first) {
  for (unsigned i = 0; i < carried->n; i++)
    merge_set_val(S, &S->fn->env, carried, i, sema_tensor(b->args[first + i], carried->a[i].dt));
}

static ir_block *block_with_args(sema *S, const merge_set *carried, const ir_type *iv_ty) {
  ir_block *b = ir_block_create(S->m);
  if (iv_ty) ir_block_add_arg(S->m, b, iv_ty);
  for (unsigned i = 0; i < carried->n; i++) ir_block_add_arg(S->m, b, carried->a[i].v->type);
  return b;
}

/* Runs the body into `b` and returns the yielded values (type-checked against the inits). */
static bool loop_body(sema *S, const loop_ctx *lc, ir_block *b, const merge_set *carried, ir_value ***out_vals) {
  set_block(S, b);
  S->fn->rt_depth++;
  int saved_kind = S->fn->loop_kind;
  S->fn->loop_kind = 1;
  bool ok = stmts(S, lc->s->body, lc->s->nbody);
  S->fn->loop_kind = saved_kind;
  S->fn->rt_depth--;
  if (!ok) return false;
  ir_value **vals = sup_arena_alloc(S->arena, (carried->n + 1) * sizeof(ir_value *));
  for (unsigned i = 0; i < carried->n; i++) {
    sema_val v = merge_get(&S->fn->env, carried, i);
    if (v.kind == SV_INVALID) {
      sema_error(S, lc->s->loc, "loop-carried block pointer '%s' changes its kind inside the loop", carried->names[i]);
      return false;
    }
    if (!tensor_in(S, b, &v, lc->s->loc, &v)) return false;
    if (!same_type(&v, &carried->a[i])) {
      sema_error(S, lc->s->loc,
                 "loop-carried variable '%s' has type %s before the loop and %s after an iteration; "
                 "keep its type the same",
                 carried->names[i], type_str(S, &carried->a[i]), type_str(S, &v));
      return false;
    }
    vals[i] = v.v;
  }
  *out_vals = vals;
  return true;
}

static void bind_results(sema *S, const sema_env *before, const merge_set *carried, ir_op *op) {
  S->fn->env = env_copy(S, before);
  for (unsigned i = 0; i < carried->n; i++)
    merge_set_val(S, &S->fn->env, carried, i, sema_tensor(ir_op_result(op, i), carried->a[i].dt));
}

typedef struct range_args {
  sema_val start, end, step;
  sema_val num_stages, unroll, warp_specialize, flatten;
  bool is_static;
} range_args;

/* A run-time loop: scf.for over [start, end) by step. A compile-time negative step counts
 * down: the loop runs k over [0, start - end) by -step and the target is start - k (no trip
 * when start <= end, as Python's range). A run-time step must be positive (not checked: a
 * step that is not makes no trip, or a loop that does not end, as scf.for does). */
static bool scf_for(sema *S, const fe_stmt *s, range_args *ra) {
  const fe_expr *t = s->target;
  sema_val b[3] = {ra->start, ra->end, ra->step};
  if (ra->step.kind == SV_INT && ra->step.i == 0) {
    sema_error(S, s->iter->loc, "range() step must not be zero");
    return false;
  }
  bool down = ra->step.kind == SV_INT && ra->step.i < 0;
  if (down && ra->step.i == INT64_MIN) {
    sema_error(S, s->iter->loc, "range() step %lld is out of range", (long long)ra->step.i);
    return false;
  }
  sema_dtype ivd = sema_dt(SD_I32);
  for (unsigned i = 0; i < 3; i++) {
    if (!sema_to_tensor(S, &b[i], s->iter->loc, &b[i])) return false;
    if (!sema_dt_is_int(b[i].dt) || sema_rank(b[i].v) != 0) {
      sema_error(S, s->iter->loc, "range() bounds must be integer scalars, got %s", sema_describe(S, &b[i]));
      return false;
    }
    if (sema_dt_bits(b[i].dt) == 64) ivd = sema_dt(SD_I64);
  }
  for (unsigned i = 0; i < 3; i++)
    if (!sema_cast(S, &b[i], ivd, false, s->iter->loc, &b[i])) return false;
  sema_val first = b[0];
  if (down) { /* k over [0, start - end) by -step */
    sema_val up = sema_int(-ra->step.i), span;
    if (!sema_binop(S, FE_SUB, &b[0], &b[1], s->iter->loc, &span) || !sema_to_tensor(S, &up, s->iter->loc, &up) ||
        !sema_cast(S, &up, ivd, false, s->iter->loc, &b[2]) || !sema_cast(S, &span, ivd, false, s->iter->loc, &b[1]))
      return false;
    sema_val zero = sema_int(0);
    if (!sema_to_tensor(S, &zero, s->iter->loc, &zero) || !sema_cast(S, &zero, ivd, false, s->iter->loc, &b[0]))
      return false;
  }
  loop_ctx lc = {s, t->name, ivd, sema_dt_ir(S->ctx, ivd)};
  sema_env before = env_copy(S, &S->fn->env);
  merge_set carried = {0};
  if (!discover(S, &lc, &before, &carried) || !loop_inits(S, &lc, &carried)) return false;
  ir_builder saved = S->b;
  ir_block *body = block_with_args(S, &carried, lc.iv_ty);
  S->fn->env = env_copy(S, &before);
  bind_args(S, &carried, body, 1);
  sema_val iv = sema_tensor(body->args[0], ivd);
  if (down) { /* the target counts down: start - k, computed first in the body */
    set_block(S, body);
    bool ok = sema_binop(S, FE_SUB, &first, &iv, s->iter->loc, &iv);
    S->b = saved;
    if (!ok) return false;
  }
  sema_env_set(S, &S->fn->env, t->name, iv);
  ir_value **yv;
  bool ok = loop_body(S, &lc, body, &carried, &yv);
  S->b = saved;
  if (!ok) return false;
  emit_terminator(S, body, "scf.yield", s->loc, carried.n, yv);
  unsigned nops = 3 + carried.n;
  ir_value **ops = sup_arena_alloc(S->arena, nops * sizeof(ir_value *));
  for (unsigned i = 0; i < 3; i++) ops[i] = b[i].v;
  for (unsigned i = 0; i < carried.n; i++) ops[3 + i] = carried.a[i].v;
  ir_op *op = ir_op_create_named(S->m, "scf.for", s->loc, nops, ops, carried.n, types_of(S, carried.a, carried.n), 0, NULL);
  ir_region_append_block(ir_op_region(op, 0), body);
  if (ra->num_stages.kind == SV_INT) ir_op_set_attr(op, TILE_ATTR_LOOP_NUM_STAGES, ir_i32_attr(S->ctx, ra->num_stages.i));
  if (ra->unroll.kind == SV_INT) ir_op_set_attr(op, "tt.loop_unroll_factor", ir_i32_attr(S->ctx, ra->unroll.i));
  if (ra->warp_specialize.kind == SV_INT || ra->warp_specialize.kind == SV_BOOL) /* said: true or false */
    ir_op_set_attr(op, TILE_ATTR_LOOP_WARP_SPECIALIZE, ir_bool_attr(S->ctx, ra->warp_specialize.i != 0));
  if ((ra->flatten.kind == SV_INT || ra->flatten.kind == SV_BOOL) && ra->flatten.i != 0)
    ir_op_set_attr(op, TILE_ATTR_LOOP_FLATTEN, ir_bool_attr(S->ctx, true));
  insert_op(S, op);
  bind_results(S, &before, &carried, op);
  return true;
}

static bool unrolled_body(sema *S, const fe_stmt *s, const sema_val *v) {
  if (!assign_target(S, s->target, v, s->loc)) return false;
  int saved_kind = S->fn->loop_kind;
  S->fn->loop_kind = 2;
  bool ok = stmts(S, s->body, s->nbody);
  S->fn->loop_kind = saved_kind;
  return ok;
}

/* Counts `trips` more unrolled bodies against the kernel's SEMA_MAX_UNROLL. Nested loops
 * count each inner loop once per outer trip, so the total is the product. */
static bool count_unrolled(sema *S, ir_loc loc, uint64_t trips) {
  if (trips <= SEMA_MAX_UNROLL && S->unrolled + trips <= SEMA_MAX_UNROLL) {
    S->unrolled += trips;
    return true;
  }
  sema_error(S, loc, "compile-time loops in this kernel would unroll more than %d loop bodies "
             "in all (here: %llu more after %lu); use a run-time loop (range or tl.range)",
             SEMA_MAX_UNROLL, (unsigned long long)trips, S->unrolled);
  return false;
}

static bool static_for(sema *S, const fe_stmt *s, range_args *ra) {
  sema_val *vals[3] = {&ra->start, &ra->end, &ra->step};
  for (unsigned i = 0; i < 3; i++)
    if (vals[i]->kind != SV_INT) {
      sema_error(S, s->iter->loc, "tl.static_range() bounds must be compile-time integers, got %s",
                 vals[i]->kind == SV_TENSOR ? "a run-time value" : sema_describe(S, vals[i]));
      return false;
    }
  int64_t a = ra->start.i, e = ra->end.i, st = ra->step.i;
  if (st == 0) {
    sema_error(S, s->iter->loc, "range() step must not be zero");
    return false;
  }
  /* the trip count in unsigned arithmetic: e - a may not fit in int64 */
  uint64_t span = st > 0 ? (e > a ? (uint64_t)e - (uint64_t)a : 0) : (a > e ? (uint64_t)a - (uint64_t)e : 0);
  uint64_t step = st > 0 ? (uint64_t)st : (uint64_t)0 - (uint64_t)st;
  uint64_t trips = span / step + (span % step != 0);
  if (!count_unrolled(S, s->iter->loc, trips)) return false;
  for (uint64_t t = 0; t < trips; t++) {
    int64_t i = (int64_t)((uint64_t)a + t * (uint64_t)st);
    sema_val iv = sema_int(i);
    /* the induction variable stays a compile-time value (not sanitized) */
    if (s->target->kind != FE_EXPR_NAME) {
      sema_error(S, s->target->loc, "the loop variable must be a name");
      return false;
    }
    sema_env_set(S, &S->fn->env, s->target->name, iv);
    int saved_kind = S->fn->loop_kind;
    S->fn->loop_kind = 2;
    bool ok = stmts(S, s->body, s->nbody);
    S->fn->loop_kind = saved_kind;
    if (!ok) return false;
    if (S->fn->returned) break;
  }
  return true;
}

static bool range_call(sema *S, const fe_stmt *s, const sema_val *fn, range_args *ra) {
  const fe_expr *call = s->iter;
  ra->is_static = strcmp(fn->path, "triton.language.static_range") == 0;
  sema_val pos[3];
  unsigned np = call->nitems;
  if (np < 1 || np > 3) {
    sema_error(S, call->loc, "range() takes 1 to 3 arguments but %u were given", np);
    return false;
  }
  for (unsigned i = 0; i < np; i++)
    if (!sema_expr(S, call->items[i], &pos[i])) return false;
  ra->start = np == 1 ? sema_int(0) : pos[0];
  ra->end = np == 1 ? pos[0] : pos[1];
  ra->step = np == 3 ? pos[2] : sema_int(1);
  ra->num_stages = ra->unroll = ra->warp_specialize = ra->flatten = sema_none();
  for (unsigned k = 0; k < call->nkeywords; k++) {
    const char *n = call->keywords[k].name;
    sema_val v;
    if (!sema_expr(S, call->keywords[k].value, &v)) return false;
    if (!strcmp(n, "num_stages")) ra->num_stages = v;
    else if (!strcmp(n, "loop_unroll_factor")) ra->unroll = v;
    else if (!strcmp(n, "warp_specialize")) ra->warp_specialize = v;
    else if (!strcmp(n, "flatten")) ra->flatten = v;
    else if (strcmp(n, "disallow_acc_multi_buffer")) {
      sema_error(S, call->loc, "range() got an unexpected keyword argument '%s'", n);
      return false;
    }
  }
  return true;
}

static bool stmt_for(sema *S, const fe_stmt *s) {
  if (s->norelse) {
    sema_error(S, s->loc, "'for ... else' is not supported");
    return false;
  }
  if (s->target->kind != FE_EXPR_NAME && !(s->iter->kind != FE_EXPR_CALL)) {
    sema_error(S, s->target->loc, "the loop variable must be a name");
    return false;
  }
  sema_val fn = {0};
  if (s->iter->kind == FE_EXPR_CALL && !sema_expr(S, s->iter->func, &fn)) return false;
  bool is_range = fn.kind == SV_BUILTIN && !fn.self &&
                  (!strcmp(fn.path, "builtins.range") || !strcmp(fn.path, "triton.language.range") ||
                   !strcmp(fn.path, "triton.language.static_range"));
  if (!is_range) {
    sema_val it;
    if (!sema_expr(S, s->iter, &it)) return false;
    if (it.kind != SV_TUPLE) {
      sema_error(S, s->iter->loc, "for loops must iterate over range(), tl.range(), tl.static_range() or a tuple");
      return false;
    }
    if (!count_unrolled(S, s->iter->loc, it.n)) return false;
    for (unsigned i = 0; i < it.n && !S->fn->returned; i++)
      if (!unrolled_body(S, s, &it.elems[i])) return false;
    return true;
  }
  range_args ra;
  if (!range_call(S, s, &fn, &ra)) return false;
  return ra.is_static ? static_for(S, s, &ra) : scf_for(S, s, &ra);
}

static bool stmt_while(sema *S, const fe_stmt *s) {
  if (s->norelse) {
    sema_error(S, s->loc, "'while ... else' is not supported");
    return false;
  }
  loop_ctx lc = {s, NULL, {0}, NULL};
  sema_env before = env_copy(S, &S->fn->env);
  merge_set carried = {0};
  if (!discover(S, &lc, &before, &carried) || !loop_inits(S, &lc, &carried)) return false;
  ir_builder saved = S->b;
  ir_block *cb = block_with_args(S, &carried, NULL), *bb = block_with_args(S, &carried, NULL);
  S->fn->env = env_copy(S, &before);
  bind_args(S, &carried, cb, 0);
  set_block(S, cb);
  sema_val c, cond;
  bool ok = sema_expr(S, s->cond, &c) && sema_to_tensor(S, &c, s->cond->loc, &c) &&
            scalar_cond(S, &c, s->cond->loc, "while", &cond);
  if (ok) {
    ir_value **ops = sup_arena_alloc(S->arena, (carried.n + 1) * sizeof(ir_value *));
    ops[0] = cond.v;
    for (unsigned i = 0; i < carried.n; i++) ops[1 + i] = cb->args[i];
    sema_emit(S, s->loc, "scf.condition", carried.n + 1, ops, 0, NULL);
  }
  ir_value **yv = NULL;
  if (ok) {
    S->fn->env = env_copy(S, &before);
    bind_args(S, &carried, bb, 0);
    ok = loop_body(S, &lc, bb, &carried, &yv);
  }
  S->b = saved;
  if (!ok) return false;
  emit_terminator(S, bb, "scf.yield", s->loc, carried.n, yv);
  ir_op *op = ir_op_create_named(S->m, "scf.while", s->loc, carried.n, values_of(S, carried.a, carried.n), carried.n,
                                 types_of(S, carried.a, carried.n), 0, NULL);
  ir_region_append_block(ir_op_region(op, 0), cb);
  ir_region_append_block(ir_op_region(op, 1), bb);
  insert_op(S, op);
  bind_results(S, &before, &carried, op);
  return true;
}

/* ---- other statements ------------------------------------------------------------------- */

static bool stmt_return(sema *S, const fe_stmt *s) {
  if (S->fn->rt_depth > 0) {
    sema_error(S, s->loc, "return inside a loop on run-time values, or with a value inside an 'if' on run-time "
               "values, is not supported (a bare return inside an 'if' is)");
    return false;
  }
  sema_val v = sema_none();
  if (s->value && !sema_expr(S, s->value, &v)) return false;
  S->fn->returned = true;
  S->fn->has_ret = true;
  S->fn->ret = v;
  return true;
}

static bool stmt_break(sema *S, const fe_stmt *s) {
  const char *kw = s->kind == FE_STMT_BREAK ? "break" : "continue";
  if (S->fn->loop_kind == 1) sema_error(S, s->loc, "%s is not supported in loops with run-time bounds", kw);
  else if (S->fn->loop_kind == 2) sema_error(S, s->loc, "%s is not supported in unrolled loops", kw);
  else sema_error(S, s->loc, "'%s' outside loop", kw);
  return false;
}

static bool stmt_assert(sema *S, const fe_stmt *s) {
  sema_val c, msg = {0};
  if (!sema_expr(S, s->cond, &c)) return false;
  if (c.kind == SV_TENSOR) return true; /* tl.device_assert: nothing, as Triton without TRITON_DEBUG */
  if (sema_truthy(&c)) return true;
  if (s->value && !sema_expr(S, s->value, &msg)) return false;
  if (msg.kind == SV_STR) sema_error(S, s->loc, "assertion failed: %s", msg.s);
  else sema_error(S, s->loc, "assertion failed");
  return false;
}

static bool stmt_import(sema *S, const fe_stmt *s);
static bool stmt_importfrom(sema *S, const fe_stmt *s);

static bool stmt(sema *S, const fe_stmt *s) {
  switch (s->kind) {
  case FE_STMT_EXPR: {
    sema_val v;
    return sema_expr(S, s->value, &v);
  }
  case FE_STMT_ASSIGN: return stmt_assign(S, s);
  case FE_STMT_AUGASSIGN: return stmt_augassign(S, s);
  case FE_STMT_ANNASSIGN: return stmt_annassign(S, s);
  case FE_STMT_RETURN: return stmt_return(S, s);
  case FE_STMT_IF: return stmt_if(S, s);
  case FE_STMT_FOR: return stmt_for(S, s);
  case FE_STMT_WHILE: return stmt_while(S, s);
  case FE_STMT_BREAK: case FE_STMT_CONTINUE: return stmt_break(S, s);
  case FE_STMT_PASS: return true;
  case FE_STMT_ASSERT: return stmt_assert(S, s);
  case FE_STMT_IMPORT: return stmt_import(S, s);
  case FE_STMT_IMPORTFROM: return stmt_importfrom(S, s);
  case FE_STMT_FUNCDEF:
    sema_error(S, s->loc, "nested function definitions are not supported");
    return false;
  case FE_STMT_TRY: case FE_STMT_EXCEPT:
    sema_error(S, s->loc, "'try' statements are not supported in a kernel");
    return false;
  case FE_STMT_UNSUPPORTED: case FE_STMT_SKIPPED: break;
  }
  sema_error(S, s->loc, "'%s' statements are not supported", s->name ? s->name : "this");
  return false;
}

/* Binds the names a failed statement would have assigned to SV_POISON. */
static void poison_target(sema *S, const fe_expr *t) {
  if (!t) return;
  if (t->kind == FE_EXPR_NAME) sema_env_set(S, &S->fn->env, t->name, (sema_val){.kind = SV_POISON});
  if (t->kind == FE_EXPR_TUPLE || t->kind == FE_EXPR_LIST)
    for (unsigned i = 0; i < t->nitems; i++) poison_target(S, t->items[i]);
}

/* After an error in a straight-line statement of a kernel's body, analysis goes on with the
 * next one (its targets poisoned), so that one run reports every independent error, as
 * "not supported yet" ones often are. Not inside loop discovery or helper calls, where a
 * statement runs more than once or for another caller. */
static bool recoverable(sema *S, const fe_stmt *s) {
  if (S->dry_run || S->call_depth || !S->fn || S->fn->loop_kind || S->fn->rt_depth) return false;
  if (ir_context_failed(S->ctx)) return false;
  switch (s->kind) {
  case FE_STMT_EXPR: return true;
  case FE_STMT_ASSIGN:
    for (unsigned i = 0; i < s->ntargets; i++) poison_target(S, s->targets[i]);
    return true;
  case FE_STMT_AUGASSIGN: case FE_STMT_ANNASSIGN:
    poison_target(S, s->target);
    return true;
  default: return false;
  }
}

static bool stmts(sema *S, fe_stmt *const *body, unsigned n) {
  bool ok = true;
  for (unsigned i = 0; i < n && !S->fn->returned; i++) {
    if (stmt(S, body[i])) continue;
    ok = false;
    if (!recoverable(S, body[i])) return false;
  }
  return ok;
}

/* ---- imports -------------------------------------------------------------------------------- */

static const char *canonical_module(const char *name) {
  static const char *const ok[][2] = {
      {"triton", "triton"},
      {"triton.language", "triton.language"},
      {"triton.language.math", "triton.language.math"},
      {"triton.language.extra", "triton.language.extra"},
      {"triton.language.extra.cuda", "triton.language.extra.cuda"},
      {"triton.language.extra.cuda.libdevice", "libdevice"},
      {"triton.language.extra.libdevice", "libdevice"},
      {"math", "math"},
  };
  for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
    if (strcmp(ok[i][0], name) == 0) return ok[i][1];
  return NULL;
}

static void bad_import(sema *S, ir_loc loc, const char *name) {
  sema_error(S, loc, "unsupported import '%s': kernels import triton, triton.language and math; host code "
             "also os, torch, pytest and functools (what it asks of them is answered for the target: docs/tuning.md); "
             "other modules are found on the module search path (-I DIR)", name);
}

/* `import torch` and the like: a module of the host environment (host_env.c), for host code
 * only; the name is the evaluator's (a kernel that reads it gets sema_module_attr's error). */
static void host_import(sema *S, const char *name, const char *alias) {
  size_t n = alias ? strlen(name) : strcspn(name, ".");
  const char *path = sup_arena_strndup(S->arena, name, n);
  const char *bound = alias ? alias : path;
  sema_env_set(S, cur_env(S), bound, (sema_val){.kind = SV_MODULE, .path = path});
  if (S->mod == &S->main) host_define(&S->host, bound, (host_val){.kind = HV_MODULE, .s = path});
}

static bool stmt_import(sema *S, const fe_stmt *s) {
  if (!S->fn && sema_is_user_import(S, s)) return sema_user_import(S, s);
  for (unsigned i = 0; i < s->nnames; i++) {
    const char *name = s->names[i], *canon = canonical_module(name);
    if (!canon && host_env_is_module(name) && !S->fn) {
      host_import(S, name, s->aliases[i]);
      continue;
    }
    if (!canon) {
      bad_import(S, s->loc, name);
      return false;
    }
    sema_val mod = {.kind = SV_MODULE, .path = canon};
    if (!s->aliases[i]) { /* `import a.b` binds `a` */
      size_t n = strcspn(name, ".");
      mod.path = canonical_module(sup_arena_strndup(S->arena, name, n));
      sema_env_set(S, cur_env(S), sup_arena_strndup(S->arena, name, n), mod);
    } else {
      sema_env_set(S, cur_env(S), s->aliases[i], mod);
    }
  }
  return true;
}

/* `module.name` of a host-environment module when host code knows it (a function, a class or
 * a module), else NULL. */
static const char *host_env_name(sema *S, const char *module, const char *name) {
  const char *path = sup_arena_printf(S->arena, "%s.%s", module, name);
  return host_env_is_builtin(path) || host_env_is_module(path) ? path : NULL;
}

/* `from triton.tools.tensor_descriptor import TensorDescriptor`: names of the host
 * environment, for host code only. */
static bool host_importfrom(sema *S, const fe_stmt *s) {
  for (unsigned i = 0; i < s->nnames; i++) {
    const char *path = host_env_name(S, s->module, s->names[i]);
    const char *bound = s->aliases[i] ? s->aliases[i] : s->names[i];
    bool fn = path && host_env_is_builtin(path);
    if (!path) {
      sema_error(S, s->loc, "cannot import '%s' from '%s': host code knows no such name", s->names[i], s->module);
      return false;
    }
    if (S->mod == &S->main) host_define(&S->host, bound, (host_val){.kind = fn ? HV_BUILTIN : HV_MODULE, .s = path});
    if (!fn) sema_env_set(S, cur_env(S), bound, (sema_val){.kind = SV_MODULE, .path = path});
  }
  return true;
}

/* The functions of Triton 3.6's triton.language.math (python/triton/language/math.py). */
static bool tl_math_has(const char *name) {
  static const char *const fns[] = {"umulhi", "exp", "exp2", "log", "log2", "cos", "sin", "sqrt", "sqrt_rn",
                                    "rsqrt", "abs", "fdiv", "div_rn", "erf", "floor", "ceil", "fma"};
  for (size_t i = 0; i < sizeof fns / sizeof *fns; i++)
    if (!strcmp(fns[i], name)) return true;
  return false;
}

static bool stmt_importfrom(sema *S, const fe_stmt *s) {
  if (!S->fn && sema_is_user_import(S, s)) return sema_user_import(S, s);
  const char *canon = s->module ? canonical_module(s->module) : NULL;
  if (!canon && s->module && host_env_is_module(s->module) && !S->fn) return host_importfrom(S, s);
  if (!canon) {
    bad_import(S, s->loc, s->module ? s->module : "?");
    return false;
  }
  sema_val mod = {.kind = SV_MODULE, .path = canon};
  for (unsigned i = 0; i < s->nnames; i++) {
    sema_val v;
    if (!strcmp(canon, "triton.language.math") && !tl_math_has(s->names[i])) {
      /* as Python: a kernel file that picks its import by Triton's version (Liger's) must see
       * the old location fail */
      sema_error(S, s->loc, "cannot import name '%s' from 'triton.language.math' (Triton 3.6's has umulhi, exp, "
                 "exp2, log, log2, cos, sin, sqrt, sqrt_rn, rsqrt, abs, fdiv, div_rn, erf, floor, ceil, fma; "
                 "libdevice's functions are in triton.language.extra.libdevice)", s->names[i]);
      return false;
    }
    if (!sema_module_attr(S, &mod, s->names[i], s->loc, &v)) return false;
    sema_env_set(S, cur_env(S), s->aliases[i] ? s->aliases[i] : s->names[i], v);
  }
  return true;
}

/* ---- decorators ---------------------------------------------------------------------------- */

/* Resolves NAME / NAME.attr... against the globals without emitting errors. */
static const char *quiet_path(sema *S, const fe_expr *e) {
  if (e->kind == FE_EXPR_NAME) {
    sema_val *v = env_find(S->globals, e->name);
    if (v && (v->kind == SV_MODULE || v->kind == SV_BUILTIN)) return v->path;
    return NULL;
  }
  if (e->kind != FE_EXPR_ATTRIBUTE) return NULL;
  const char *base = quiet_path(S, e->value);
  return base ? sup_arena_printf(S->arena, "%s.%s", base, e->name) : NULL;
}

static bool is_jit_path(const char *p) {
  return p && (!strcmp(p, "triton.jit") || !strcmp(p, "triton.language.jit"));
}

static const fe_expr *kwarg(const fe_expr *call, const char *name) {
  for (unsigned i = 0; i < call->nkeywords; i++)
    if (!strcmp(call->keywords[i].name, name)) return call->keywords[i].value;
  return NULL;
}

static bool read_dns(sema *S, sema_jit *j, const fe_expr *call) {
  const fe_expr *l = kwarg(call, "do_not_specialize");
  if (!l) return true;
  if (l->kind != FE_EXPR_LIST && l->kind != FE_EXPR_TUPLE) {
    sema_error(S, l->loc, "do_not_specialize must be a list of parameter names");
    return false;
  }
  j->dns = sup_arena_alloc(S->arena, (l->nitems + 1) * sizeof(char *));
  for (unsigned i = 0; i < l->nitems; i++) {
    const fe_expr *it = l->items[i];
    if (it->kind == FE_EXPR_STRING) j->dns[j->ndns++] = it->str;
    else if (it->kind == FE_EXPR_INT && it->ival >= 0 && it->ival < j->fd->nparams)
      j->dns[j->ndns++] = j->fd->params[it->ival].name;
    else {
      sema_error(S, it->loc, "do_not_specialize entries must be parameter names or indices");
      return false;
    }
  }
  return true;
}

/* Classifies a function definition; *out_jit is set when it is a jit function. */
static bool read_decorators(sema *S, fe_funcdef *fd, sema_jit *j, bool *out_jit) {
  *out_jit = false;
  for (unsigned i = 0; i < fd->ndecorators; i++) {
    const fe_expr *d = fd->decorators[i];
    if (is_jit_path(quiet_path(S, d->kind == FE_EXPR_CALL ? d->func : d))) *out_jit = true;
  }
  if (!*out_jit) return true;
  if (fd->kwargs) {
    sema_error(S, fd->kwargs_loc, "'**kwargs' parameters are not supported in jit functions");
    return false;
  }
  for (unsigned i = 0; i < fd->ndecorators; i++) {
    const fe_expr *d = fd->decorators[i];
    const fe_expr *head = d->kind == FE_EXPR_CALL ? d->func : d;
    const char *p = quiet_path(S, head);
    if (is_jit_path(p)) {
      if (d->kind == FE_EXPR_CALL && !read_dns(S, j, d)) return false;
    } else if (head->kind == FE_EXPR_NAME && !strcmp(head->name, "libentry")) {
      continue; /* FlagGems' launch cache (its own dispatch in front of the JIT): no effect here */
    } else if (((p && !strcmp(p, "triton.autotune")) || (head->kind == FE_EXPR_NAME && !strcmp(head->name, "libtuner"))) &&
               d->kind == FE_EXPR_CALL) {
      if (!sema_read_autotune(S, j, d)) return false; /* libtuner: FlagGems' autotune, the same configs */
    } else if (p && !strcmp(p, "triton.heuristics")) {
      if (!sema_read_heuristics(S, j, d)) return false;
    } else {
      sema_error(S, d->loc, "unsupported decorator on a jit function");
      return false;
    }
  }
  return true;
}

/* ---- the call graph (which jit functions are entry points) ----------------------------- */

static void mark_calls_expr(sema *S, const fe_expr *e);
static void mark_calls_stmts(sema *S, fe_stmt *const *b, unsigned n);

static void mark_calls_list(sema *S, fe_expr *const *items, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (items[i]) mark_calls_expr(S, items[i]);
}

static void mark_calls_expr(sema *S, const fe_expr *e) {
  if (!e) return;
  if (e->kind == FE_EXPR_NAME) {
    sema_jit *j = sema_find_jit(S, e->name);
    if (j && j != S->marking) j->called = true;
  }
  mark_calls_expr(S, e->value);
  mark_calls_expr(S, e->lhs);
  mark_calls_expr(S, e->rhs);
  mark_calls_expr(S, e->func);
  mark_calls_expr(S, e->cond);
  mark_calls_expr(S, e->body);
  mark_calls_expr(S, e->orelse);
  mark_calls_list(S, e->items, e->kind == FE_EXPR_SLICE ? 0 : e->nitems);
  if (e->kind == FE_EXPR_DICT) mark_calls_list(S, e->values, e->nitems);
  for (unsigned i = 0; i < e->nkeywords; i++) mark_calls_expr(S, e->keywords[i].value);
}

static void mark_calls_stmts(sema *S, fe_stmt *const *b, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    const fe_stmt *s = b[i];
    mark_calls_expr(S, s->value);
    mark_calls_expr(S, s->cond);
    mark_calls_expr(S, s->iter);
    mark_calls_list(S, s->targets, s->ntargets);
    mark_calls_stmts(S, s->body, s->nbody);
    mark_calls_stmts(S, s->orelse, s->norelse);
  }
}

/* ---- kernels ------------------------------------------------------------------------------- */

typedef struct pinfo {
  bool is_const;
  bool from_signature; /* the value came from a --signature entry */
  bool typed;
  sema_val cval;
  sema_dtype dt;
  int64_t div;
  const sema_bptr *desc; /* a host tensor descriptor ("tensordesc<fp16[128, 64]>"), or NULL */
} pinfo;

static bool eval_global(sema *S, const fe_expr *e, sema_val *out) {
  sema_fn *saved = S->fn;
  S->fn = NULL;
  bool ok = sema_expr(S, e, out);
  S->fn = saved;
  return ok;
}

static bool param_annotation(sema *S, const fe_param *p, pinfo *pi) {
  const fe_expr *a = p->annotation;
  if (!a) return true;
  if (a->kind == FE_EXPR_STRING) {
    if (sema_dt_parse(a->str, &pi->dt, &pi->div)) {
      pi->typed = true;
      return true;
    }
    int td = sema_tdesc_parse(S, a->loc, p->name, a->str, &pi->desc);
    if (td != 0) {
      if (td > 0) pi->dt = pi->desc->elt, pi->typed = true;
      return td > 0;
    }
    sema_error(S, a->loc, "invalid type annotation '%s' for parameter '%s' (expected \"*fp32\", \"i32:16\", ...)",
               a->str, p->name);
    return false;
  }
  sema_val v;
  if (!eval_global(S, a, &v)) return false;
  if (v.kind == SV_BUILTIN && !strcmp(v.path, "triton.language.constexpr")) pi->is_const = true;
  else if (v.kind == SV_DTYPE) pi->dt = v.dt, pi->typed = true;
  else if (v.kind == SV_BUILTIN && !strcmp(v.path, "builtins.int")) pi->dt = sema_dt(SD_I32), pi->typed = true;
  else if (v.kind == SV_BUILTIN && !strcmp(v.path, "builtins.float")) pi->dt = sema_dt(SD_FP32), pi->typed = true;
  else if (v.kind == SV_BUILTIN && !strcmp(v.path, "builtins.bool")) pi->dt = sema_dt(SD_I1), pi->typed = true;
  else if (v.kind == SV_BUILTIN && !strcmp(v.path, "triton.language.tensor")) return true;
  else {
    sema_error(S, a->loc, "unsupported annotation for parameter '%s'", p->name);
    return false;
  }
  return true;
}

/* The length of the signature entry at c: up to the next comma outside <...> and [...]
 * ("tensordesc<fp16[128, 64]>" is one entry). */
static size_t sig_entry_len(const char *c) {
  int depth = 0;
  size_t i = 0;
  for (; c[i] && !(c[i] == ',' && depth <= 0); i++)
    depth += (c[i] == '<' || c[i] == '[') - (c[i] == '>' || c[i] == ']');
  return i;
}

static unsigned count_sig_entries(const char *sig) {
  unsigned n = 1;
  for (const char *c = sig; *c; n++) {
    c += sig_entry_len(c);
    if (!*c) break;
    c++;
  }
  return *sig ? n : 0;
}

/* The signature of kernel `name`: its own (--kernel NAME --signature SIG), else the one
 * --signature (for the one kernel compiled), else NULL. */
static const char *signature_of(sema *S, const char *name) {
  if (!S->opts) return NULL;
  for (size_t i = 0; i < S->opts->nsignatures && i < S->opts->nkernels; i++)
    if (!strcmp(S->opts->kernels[i], name)) return S->opts->signatures[i];
  return S->opts->signature;
}

static bool apply_signature(sema *S, sema_jit *j, pinfo *pis) {
  const char *sig = signature_of(S, j->fd->name);
  fe_funcdef *fd = j->fd;
  if (!sig) return true;
  unsigned n = count_sig_entries(sig);
  if (n != fd->nparams) {
    sema_error(S, j->loc, "signature has %u entries but '%s' has %u parameters (entries are "
               "separated by commas, one per parameter, constexprs included)", n, fd->name, fd->nparams);
    return false;
  }
  const char *c = sig;
  for (unsigned i = 0; i < n; i++) {
    size_t len = sig_entry_len(c);
    char *e = sup_arena_strndup(S->arena, c, len);
    c += len + (c[len] == ',');
    pinfo *pi = &pis[i];
    sema_dtype d;
    int64_t div;
    sema_val v;
    int td = sema_tdesc_parse(S, fd->params[i].loc, fd->params[i].name, e, &pi->desc);
    if (td < 0) return false;
    if (td > 0 && pi->is_const) {
      sema_error(S, fd->params[i].loc, "parameter '%s' is a tl.constexpr: it cannot be a tensordesc",
                 fd->params[i].name);
      return false;
    }
    if (td > 0) {
      pi->dt = pi->desc->elt, pi->div = 1, pi->typed = true;
      continue;
    }
    if (!strcmp(e, "autotune")) { /* the value comes from the autotune config or a heuristic */
      if (!pi->is_const) {
        sema_error(S, fd->params[i].loc, "signature entry 'autotune' is for tl.constexpr parameters; '%s' is not one",
                   fd->params[i].name);
        return false;
      }
      continue;
    }
    if (sema_dt_parse(e, &d, &div)) {
      if (pi->is_const) {
        sema_error(S, fd->params[i].loc,
                   "parameter '%s' is a tl.constexpr: its signature entry must be a value, got '%s'",
                   fd->params[i].name, e);
        return false;
      }
      pi->dt = d, pi->div = div, pi->typed = true, pi->desc = NULL;
    } else if (parse_literal(S, e, &v) && v.kind != SV_DTYPE) {
      pi->is_const = true, pi->cval = v, pi->from_signature = true;
    } else {
      sema_error(S, fd->params[i].loc, "invalid signature entry '%s' for parameter '%s': expected a "
                 "type (i1, i8, i16, i32, i64, u8, u16, u32, u64, fp8e4nv, fp8e5, fp16, bf16, fp32, fp64, a pointer "
                 "'*' + type; ':N' after it, N a power of two up to 2^30, marks alignment or "
                 "divisibility, as ':16') or a compile-time "
                 "value (1024, True, None, 'str'); entries are separated by commas",
                 e, fd->params[i].name);
      return false;
    }
  }
  return true;
}

static bool dns_has(const sema_jit *j, const char *name) {
  for (unsigned i = 0; i < j->ndns; i++)
    if (!strcmp(j->dns[i], name)) return true;
  return false;
}

static bool apply_heuristics(sema *S, sema_jit *j, pinfo *pis);
static bool apply_pre_hook(sema *S, sema_jit *j, pinfo *pis);
static bool check_params(sema *S, sema_jit *j, pinfo *pis);

/* The parameters' types and values: annotations and defaults, the autotune config being
 * compiled, the signature, -D, then the heuristics. `lenient`: stop before the heuristics
 * and the checks (what is known before a config is chosen, for pruning). */
typedef struct desc_names {
  sema_jit *j;
  const pinfo *pis;
} desc_names;

/* A constexpr parameter's value by name (sema_tdesc_resolve's lookup). */
static bool constexpr_named(void *user, const char *name, sema_val *out) {
  const desc_names *dn = user;
  for (unsigned k = 0; k < dn->j->fd->nparams; k++)
    if (!strcmp(dn->j->fd->params[k].name, name) && dn->pis[k].is_const && dn->pis[k].cval.kind != SV_INVALID) {
      *out = dn->pis[k].cval;
      return true;
    }
  return false;
}

/* Host descriptors whose block dims name constexpr parameters get their values
 * (tensordesc<fp16[BLOCK_M, HEAD_DIM]>: one block shape per autotune config, as Triton's
 * pre_hook sets desc.block_shape per config). */
static bool resolve_descs(sema *S, sema_jit *j, pinfo *pis, bool lenient) {
  desc_names dn = {j, pis};
  for (unsigned i = 0; i < j->fd->nparams; i++)
    if (pis[i].desc && !sema_tdesc_resolve(S, j->fd->params[i].loc, j->fd->params[i].name, pis[i].desc,
                                           constexpr_named, &dn, lenient, &pis[i].desc))
      return false;
  return true;
}

static bool param_infos(sema *S, sema_jit *j, pinfo *pis, bool lenient) {
  fe_funcdef *fd = j->fd;
  for (unsigned i = 0; i < fd->nparams; i++) {
    const fe_param *p = &fd->params[i];
    pinfo *pi = &pis[i];
    *pi = (pinfo){.div = 1};
    if (!param_annotation(S, p, pi)) return false;
    sema_val dv;
    if (p->default_value && !(sema_host_wants_expr(S, p->default_value) ? sema_host_value(S, p->default_value, &dv)
                                                                        : eval_global(S, p->default_value, &dv)))
      return false;
    if (p->default_value && pi->is_const) pi->cval = dv;
    else if (p->default_value && !pi->typed && sema_is_num(&dv) && !sema_num_dtype(S, &dv, p->loc, &pi->dt))
      return false;
    else if (p->default_value && !pi->typed && sema_is_num(&dv)) pi->typed = true;
    else if (p->default_value && !pi->typed) pi->is_const = true, pi->cval = dv; /* None, str, dtype */
    const sema_variant *v = S->variant;
    for (unsigned k = 0; v && k < v->ncfg; k++)
      if (!strcmp(v->cfg_names[k], p->name)) pi->is_const = true, pi->cval = v->cfg_vals[k];
  }
  if (!apply_signature(S, j, pis)) return false;
  for (unsigned i = 0; i < fd->nparams; i++) {
    const fe_param *p = &fd->params[i];
    pinfo *pi = &pis[i];
    const fe_define *d = find_define(S, p->name);
    sema_val sig_val = pi->cval;
    if (d) {
      if (!define_value(S, d, p->loc, &pi->cval)) return false;
      if (pi->from_signature && !sema_val_equal(&sig_val, &pi->cval)) {
        sema_error(S, p->loc, "parameter '%s' gets two values: -D %s=%s and a different "
                   "--signature entry", p->name, p->name, d->value);
        return false;
      }
      pi->is_const = true;
    }
  }
  return lenient ? resolve_descs(S, j, pis, true)
                 : apply_heuristics(S, j, pis) && apply_pre_hook(S, j, pis) && resolve_descs(S, j, pis, false) &&
                       check_params(S, j, pis);
}

/* Every parameter has a value (constexprs) or a type (run-time ones). */
static bool check_params(sema *S, sema_jit *j, pinfo *pis) {
  fe_funcdef *fd = j->fd;
  for (unsigned i = 0; i < fd->nparams; i++) {
    const fe_param *p = &fd->params[i];
    pinfo *pi = &pis[i];
    if (pi->is_const && pi->cval.kind == SV_INVALID) {
      sema_error(S, p->loc,
                 "constexpr parameter '%s' has no value: give it a default, -D %s=..., or a --signature entry",
                 p->name, p->name);
      return false;
    }
    if (!pi->is_const && !pi->typed) {
      sema_error(S, p->loc, "parameter '%s' has no type: annotate it (\"*fp32\", \"i32\", ...) or pass --signature",
                 p->name);
      return false;
    }
    if (dns_has(j, p->name)) pi->div = 1;
  }
  return true;
}

/* A run-time parameter's value as the launch gives it (fe_options.launch_values), for host
 * code only; SV_INVALID (unknown) when none is given or it is no Python literal. */
static sema_val launch_value(sema *S, const char *name) {
  sema_val v = {.kind = SV_INVALID};
  for (size_t i = 0; S->opts && i < S->opts->nlaunch_values; i++)
    if (strcmp(S->opts->launch_values[i].name, name) == 0 &&
        !parse_literal(S, S->opts->launch_values[i].value, &v))
      v.kind = SV_INVALID;
  return v;
}

/* The parameters as the args dict of a heuristic or pruning function (run-time parameters
 * unknown unless the launch's values are given), with the config's values that name no
 * parameter. */
static host_val args_dict(sema *S, sema_jit *j, const pinfo *pis) {
  fe_funcdef *fd = j->fd;
  const sema_variant *v = S->variant;
  unsigned n = fd->nparams + (v ? v->ncfg : 0), k = 0;
  const char **names = sup_arena_alloc(S->arena, (n + 1) * sizeof(char *));
  sema_val *vals = sup_arena_alloc(S->arena, (n + 1) * sizeof(sema_val));
  for (unsigned i = 0; v && i < v->ncfg; i++) names[k] = v->cfg_names[i], vals[k++] = v->cfg_vals[i];
  for (unsigned i = 0; i < fd->nparams; i++) {
    names[k] = fd->params[i].name;
    vals[k++] = pis[i].is_const ? pis[i].cval : launch_value(S, fd->params[i].name);
  }
  return sema_host_args(S, k, names, vals);
}

/* @triton.heuristics, in order (each sees the values of the ones before it); a -D value
 * for the same name wins and the heuristic is not run. */
static bool apply_heuristics(sema *S, sema_jit *j, pinfo *pis) {
  fe_funcdef *fd = j->fd;
  for (unsigned h = 0; h < j->nheur; h++) {
    const sema_heuristic *he = &j->heur[h];
    unsigned i = 0;
    while (i < fd->nparams && strcmp(fd->params[i].name, he->name)) i++;
    if (i == fd->nparams) {
      sema_error(S, he->loc, "@triton.heuristics names '%s', which is not a parameter of '%s'", he->name, fd->name);
      return false;
    }
    if (find_define(S, he->name)) continue;
    host_val args = args_dict(S, j, pis);
    if (!sema_run_heuristic(S, he, &args, &pis[i].cval)) return false;
    pis[i].is_const = true, pis[i].from_signature = false;
  }
  return true;
}

/* The config's pre_hook, for this variant: Triton runs it before each launch with the
 * config's arguments; what tilec keeps of it is the block shape it gives host descriptors
 * (`nargs["desc_q"].block_shape = [BLOCK_M, HEAD_DIM]`, Triton's attention tutorial), which
 * becomes this variant's descriptor type. Named dims of the signature are resolved first,
 * so a hook that agrees with them changes nothing. */
static bool apply_pre_hook(sema *S, sema_jit *j, pinfo *pis) {
  const sema_variant *v = S->variant;
  const host_val *hook = v && v->cfg ? v->cfg->pre_hook : NULL;
  if (!hook) return true;
  fe_funcdef *fd = j->fd;
  desc_names dn = {j, pis};
  const char **names = sup_arena_alloc(S->arena, (fd->nparams + 1) * sizeof *names);
  const sema_bptr **descs = sup_arena_alloc(S->arena, (fd->nparams + 1) * sizeof *descs);
  bool *ptrs = sup_arena_alloc(S->arena, fd->nparams + 1);
  for (unsigned i = 0; i < fd->nparams; i++) {
    names[i] = fd->params[i].name;
    ptrs[i] = !pis[i].is_const && pis[i].typed && sema_dt_is_ptr(pis[i].dt);
    if (pis[i].desc && pis[i].desc->rank == 0) descs[i] = pis[i].desc;
    else if (pis[i].desc && !sema_tdesc_resolve(S, fd->params[i].loc, names[i], pis[i].desc, constexpr_named, &dn,
                                                true, &descs[i]))
      return false;
  }
  host_val args = args_dict(S, j, pis);
  if (!sema_run_pre_hook(S, hook, v->cfg->loc, &args, fd->nparams, names, descs, ptrs)) {
    sema_note(S, v->cfg->loc, "in the pre_hook of autotune config %u of '%s'", v->index, fd->name);
    return false;
  }
  for (unsigned i = 0; i < fd->nparams; i++)
    if (pis[i].desc && descs[i]) pis[i].desc = descs[i];
  return true;
}

static void set_kernel_attrs(sema *S, ir_op *f, sema_jit *j, const pinfo *pis, unsigned nargs,
                             const ir_type **tys) {
  fe_funcdef *fd = j->fd;
  ir_context *c = S->ctx;
  const ir_attr **names = sup_arena_alloc(S->arena, (nargs + 1) * sizeof(ir_attr *));
  const ir_attr **dts = sup_arena_alloc(S->arena, (nargs + 1) * sizeof(ir_attr *));
  int64_t *divs = sup_arena_alloc(S->arena, (nargs + 1) * sizeof(int64_t));
  ir_named_attr *ce = sup_arena_alloc(S->arena, (fd->nparams + 1) * sizeof(ir_named_attr));
  unsigned k = 0, nce = 0;
  for (unsigned i = 0; i < fd->nparams; i++) {
    char b[16];
    if (pis[i].is_const) {
      ce[nce++] = (ir_named_attr){ir_intern(c, fd->params[i].name), sema_const_attr(S, &pis[i].cval)};
      continue;
    }
    names[k] = ir_string_attr(c, fd->params[i].name);
    dts[k] = ir_string_attr(c, sema_dt_name(pis[i].dt, b));
    divs[k++] = pis[i].div;
  }
  ir_op_set_attr(f, "sym_name", ir_string_attr(c, fd->name));
  ir_op_set_attr(f, "function_type", ir_type_attr(c, ir_func_type(c, nargs, tys, 0, NULL)));
  ir_op_set_attr(f, TILEC_ATTR_ARG_NAMES, ir_array_attr(c, nargs, names));
  ir_op_set_attr(f, TILEC_ATTR_ARG_DTYPES, ir_array_attr(c, nargs, dts));
  ir_op_set_attr(f, TILE_ATTR_DIVISIBILITY, ir_i64_array_attr(c, nargs, divs));
  ir_op_set_attr(f, TILEC_ATTR_CONSTEXPRS, ir_dict_attr(c, nce, ce));
}

static bool run_body(sema *S, fe_funcdef *fd, sema_fn *fn, ir_block *entry) {
  sema_fn *saved_fn = S->fn;
  ir_builder saved_b = S->b;
  S->fn = fn;
  fn->entry = entry;
  set_block(S, entry);
  bool ok = stmts(S, fd->body, fd->nbody);
  S->fn = saved_fn;
  S->b = saved_b;
  return ok;
}

/* The register limit an entry compiles with: --maxnreg wins over the config's. */
static unsigned effective_maxnreg(const sema *S, const sema_variant *v) {
  return S->opts && S->opts->maxnreg ? S->opts->maxnreg : v ? v->maxnreg : 0;
}

/* The kernel's own launch configuration (the autotune config being compiled) as
 * per-function attributes; --num-warps overrides it (the module default then says it all),
 * --maxnreg the register limit. */
static void set_kernel_config(sema *S, ir_op *f) {
  const sema_variant *v = S->variant;
  if (v && v->warps && !(S->opts && S->opts->num_warps))
    ir_op_set_attr(f, TGPU_ATTR_NUM_WARPS, ir_i32_attr(S->ctx, v->warps));
  if (v && v->stages) ir_op_set_attr(f, TGPU_ATTR_NUM_STAGES, ir_i32_attr(S->ctx, v->stages));
  unsigned maxnreg = effective_maxnreg(S, v);
  if (maxnreg) ir_op_set_attr(f, TGPU_ATTR_MAXNREG, ir_i32_attr(S->ctx, maxnreg));
}

/* One entry point: the kernel specialized for S->variant (or for no config), named `name`.
 * *out_f is the function once it is in the module, also when its body then fails. */
static bool compile_entry(sema *S, sema_jit *j, const char *name, ir_op **out_f) {
  fe_funcdef *fd = j->fd;
  S->unrolled = 0;
  pinfo *pis = sup_arena_alloc(S->arena, (fd->nparams + 1) * sizeof(pinfo));
  if (!param_infos(S, j, pis, false)) return false;
  ir_op *f = ir_op_create_named(S->m, "tt.func", j->loc, 0, NULL, 0, NULL, 0, NULL);
  ir_block *entry = ir_block_create(S->m);
  ir_region_append_block(ir_op_region(f, 0), entry);
  sema_fn fn = {.is_kernel = true, .once = true};
  const ir_type **tys = sup_arena_alloc(S->arena, (fd->nparams + 1) * sizeof(ir_type *));
  unsigned nargs = 0;
  for (unsigned i = 0; i < fd->nparams; i++) {
    if (pis[i].is_const) {
      sema_env_set(S, &fn.env, fd->params[i].name, pis[i].cval);
      continue;
    }
    const sema_bptr *desc = pis[i].desc;
    tys[nargs] = desc ? sema_tdesc_ir_type(S, desc) : sema_dt_ir(S->ctx, pis[i].dt);
    ir_value *a = ir_block_add_arg(S->m, entry, tys[nargs++]);
    sema_env_set(S, &fn.env, fd->params[i].name, desc ? sema_hostdesc(a, desc) : sema_tensor(a, pis[i].dt));
  }
  set_kernel_attrs(S, f, j, pis, nargs, tys);
  ir_op_set_attr(f, "sym_name", ir_string_attr(S->ctx, name));
  ir_block_append(ir_module_body(S->m), f);
  *out_f = f;
  if (!run_body(S, fd, &fn, entry)) return false;
  if (fn.has_ret && fn.ret.kind != SV_NONE) {
    sema_error(S, j->loc, "kernel '%s' cannot return a value", fd->name);
    return false;
  }
  ir_builder saved = S->b;
  set_block(S, entry);
  sema_emit(S, j->loc, "tt.return", 0, NULL, 0, NULL);
  S->b = saved;
  set_kernel_config(S, f);
  return true;
}

/* Which configs survive early_config_prune (run on what is known before a config is
 * chosen); the state goes to the metadata. */
static bool prune(sema *S, sema_jit *j, bool *keep, const char **out_state) {
  pinfo *pis = sup_arena_alloc(S->arena, (j->fd->nparams + 1) * sizeof(pinfo));
  S->variant = NULL;
  if (!param_infos(S, j, pis, true)) return false;
  host_val named = args_dict(S, j, pis);
  return sema_prune_variants(S, j, &named, keep, out_state);
}

/* The warps and stages variant v compiles with: --num-warps / --num-stages win over its. */
static void effective_config(const sema *S, const sema_variant *v, unsigned *warps, unsigned *stages) {
  *warps = S->opts && S->opts->num_warps ? S->opts->num_warps : v->warps;
  *stages = S->opts && S->opts->num_stages ? S->opts->num_stages : v->stages;
}

/* Drops the kept configs that compile to the same entry as an earlier kept one: the same
 * constexpr values once the signature, -D and defaults have had their say, and the same
 * warps, stages and register limit. A signature that fixes every tuned constexpr, with
 * --num-warps and --num-stages, leaves one entry instead of one per config. */
static bool drop_same_configs(sema *S, sema_jit *j, bool *keep) {
  unsigned np = j->fd->nparams;
  pinfo **pis = sup_arena_alloc(S->arena, (j->nvariants + 1) * sizeof *pis);
  for (unsigned i = 0; i < j->nvariants; i++) {
    if (!keep[i]) continue;
    pis[i] = sup_arena_alloc(S->arena, (np + 1) * sizeof(pinfo));
    S->variant = &j->variants[i];
    bool ok = param_infos(S, j, pis[i], true);
    S->variant = NULL;
    if (!ok) return false;
    unsigned wi, si;
    effective_config(S, &j->variants[i], &wi, &si);
    for (unsigned k = 0; k < i && keep[i]; k++) {
      if (!keep[k]) continue;
      unsigned wk, sk;
      effective_config(S, &j->variants[k], &wk, &sk);
      bool same = wi == wk && si == sk &&
                  effective_maxnreg(S, &j->variants[i]) == effective_maxnreg(S, &j->variants[k]);
      for (unsigned p = 0; p < np && same; p++)
        same = pis[i][p].is_const == pis[k][p].is_const &&
               (!pis[i][p].is_const || sema_val_equal(&pis[i][p].cval, &pis[k][p].cval));
      if (same) keep[i] = false;
    }
  }
  return true;
}

/* Compiles kept config i as entry `name`, its diagnostics held: *out_held gets them (NULL:
 * none). False when it failed; *out_config_only then says whether every error was a config
 * error (a failed tl.static_assert). A failed entry's function is erased. */
static bool compile_variant(sema *S, sema_jit *j, unsigned i, const char *name, diag_held **out_held,
                            bool *out_config_only) {
  diag_engine *de = ir_context_diag(S->ctx);
  unsigned errors = diag_error_count(de), config = ir_context_config_errors(S->ctx);
  ir_op *f = NULL;
  S->variant = &j->variants[i];
  bool held = diag_hold_begin(de);
  bool ok = compile_entry(S, j, name, &f);
  unsigned new_errors = diag_error_count(de) - errors;
  *out_held = held ? diag_hold_end(de) : NULL;
  S->variant = NULL;
  *out_config_only = !ok && new_errors && new_errors == ir_context_config_errors(S->ctx) - config &&
                     !ir_context_failed(S->ctx);
  if (ok) {
    ir_op_set_attr(f, FE_ATTR_VARIANT_OF, ir_string_attr(S->ctx, j->fd->name));
    ir_op_set_attr(f, FE_ATTR_VARIANT, ir_i32_attr(S->ctx, i));
  } else if (f) {
    ir_op_erase(f); /* compile_entry appended it before its body failed */
  }
  return ok;
}

/* Every kept config of an autotuned kernel is an entry: the first keeps the kernel's name,
 * the others are <kernel>__v<config index> (docs/tuning.md); configs that compile to the
 * same entry count once (drop_same_configs). A config that fails only a tl.static_assert is
 * left out with a warning when another config compiles, as Triton's autotuner skips a
 * config that fails a compile-time assertion; when none compiles the errors stand. */
static bool compile_variants(sema *S, sema_jit *j) {
  bool *keep = sup_arena_alloc(S->arena, j->nvariants + 1);
  const char *state;
  if (!prune(S, j, keep, &state) || !drop_same_configs(S, j, keep)) return false;
  unsigned nkept = 0;
  for (unsigned i = 0; i < j->nvariants; i++) nkept += keep[i];
  const ir_attr *tuning = sema_tuning_attr(S, j, state, nkept);
  bool first = true, one = S->opts && S->opts->one_variant, any_ok = false, all_ok = true;
  diag_held **held = sup_arena_alloc(S->arena, (j->nvariants + 1) * sizeof *held);
  bool *left_out = sup_arena_alloc(S->arena, j->nvariants + 1);
  for (unsigned i = 0; i < j->nvariants; i++) held[i] = NULL, left_out[i] = false;
  for (unsigned i = 0; i < j->nvariants; i++) {
    if (!keep[i]) continue;
    const char *name = first ? j->fd->name : sup_arena_printf(S->arena, "%s__v%u", j->fd->name, i);
    first = false;
    if (one && S->opts->variant != i) continue;
    bool config_only;
    bool ok = compile_variant(S, j, i, name, &held[i], &config_only);
    any_ok |= ok;
    all_ok &= ok || config_only;
    left_out[i] = !ok;
    if (!all_ok) break; /* an error that is no config's: it stands, the rest is not compiled */
  }
  diag_engine *de = ir_context_diag(S->ctx);
  bool drop = any_ok && all_ok; /* else every held error stands */
  for (unsigned i = 0; i < j->nvariants; i++) {
    if (left_out[i] && drop) {
      char prefix[160];
      snprintf(prefix, sizeof prefix, FE_LEFT_OUT_FMT, (int)i, j->fd->name);
      diag_held_emit(de, held[i], true, prefix);
    } else {
      diag_held_emit(de, held[i], false, NULL);
    }
  }
  if (!any_ok || !all_ok) return false;
  for (ir_op *f = ir_module_body(S->m)->first; f; f = f->next)
    if (ir_op_code(f) == IR_OP_FUNC && ir_op_get_attr(f, FE_ATTR_VARIANT_OF) &&
        !strcmp(ir_op_get_string_attr(f, FE_ATTR_VARIANT_OF), j->fd->name))
      ir_op_set_attr(f, FE_ATTR_TUNING, tuning);
  return true;
}

static bool compile_kernel(sema *S, sema_jit *j) {
  ir_op *f;
  if (j->autotuned) return compile_variants(S, j);
  S->variant = NULL;
  return compile_entry(S, j, j->fd->name, &f);
}

/* ---- helpers (specialized per call) -------------------------------------------------------- */

static bool bind_call_args(sema *S, sema_jit *j, const fe_expr *call, unsigned nargs, const sema_val *args,
                           unsigned nkw, const char *const *kwn, const sema_val *kwv, sema_val *vals) {
  fe_funcdef *fd = j->fd;
  bool *have = sup_arena_alloc(S->arena, fd->nparams + 1);
  if (nargs > fd->nparams) {
    sema_error(S, call->loc, "%s() takes %u argument%s but %u were given", fd->name, fd->nparams,
               fd->nparams == 1 ? "" : "s", nargs);
    return false;
  }
  for (unsigned i = 0; i < nargs; i++) vals[i] = args[i], have[i] = true;
  for (unsigned k = 0; k < nkw; k++) {
    unsigned i = 0;
    while (i < fd->nparams && strcmp(fd->params[i].name, kwn[k])) i++;
    if (i == fd->nparams) {
      sema_error(S, call->loc, "%s() got an unexpected keyword argument '%s'", fd->name, kwn[k]);
      return false;
    }
    vals[i] = kwv[k], have[i] = true;
  }
  for (unsigned i = 0; i < fd->nparams; i++) {
    if (have[i]) continue;
    if (!fd->params[i].default_value) {
      sema_error(S, call->loc, "%s() missing required argument '%s'", fd->name, fd->params[i].name);
      return false;
    }
    if (!eval_global(S, fd->params[i].default_value, &vals[i])) return false;
  }
  return true;
}

/* The specialization key: the function, whether it runs once per program (where descriptors
 * may be read by TMA, it may then make ones TMA reads), and per argument its type, or its
 * compile-time value (a descriptor: "+tma" when TMA reads it, since the callee's code
 * differs). */
static const char *spec_key(sema *S, sema_jit *j, const sema_val *vals) {
  sup_strbuf sb = {0};
  if (j->mod != &S->main) sup_strbuf_printf(&sb, "%s.", j->mod->name);
  sup_strbuf_puts(&sb, j->fd->name);
  if (S->opts && S->opts->desc_tma && sema_runs_once(S)) sup_strbuf_puts(&sb, "|once");
  for (unsigned i = 0; i < j->fd->nparams; i++) {
    sup_strbuf_putc(&sb, '|');
    if (vals[i].kind == SV_BLOCKPTR && vals[i].v) sup_strbuf_puts(&sb, "+tma");
    if (vals[i].kind == SV_TENSOR) {
      char b[16];
      sup_strbuf_printf(&sb, "%s:", sema_dt_name(vals[i].dt, b));
      ir_type_print(vals[i].v->type, &sb);
    } else {
      sup_strbuf_puts(&sb, sema_repr(S, &vals[i]));
    }
  }
  return sup_arena_strbuf(S->arena, &sb);
}

static unsigned ir_arg_count(const sema_val *vals, unsigned n);

/* The IR results of one returned value (appended to vals/dts): a tensor, or a block
 * pointer's run-time parts; *tmpl records which. A host tensor descriptor is always one of
 * the function's own arguments (descriptors come from kernel parameters only): it returns
 * no IR result, and *tmpl keeps its argument index in `n`, so that the call gives back the
 * caller's descriptor (Triton's tutorial returns the descriptor it was given, or builds one
 * from a pointer, in one helper). */
static bool flatten_return(sema *S, sema_jit *j, ir_block *entry, const sema_val *v, sema_val *tmpl,
                           ir_value **vals, sema_dtype *dts, unsigned *n) {
  if (v->kind == SV_HOSTDESC) {
    if (v->v->block != entry) {
      sema_error(S, j->loc, "jit function '%s' returns a host tensor descriptor that is not one of its arguments",
                 j->fd->name);
      return false;
    }
    *tmpl = *v;
    tmpl->n = v->v->index;
    return true;
  }
  if (v->kind != SV_BLOCKPTR) {
    if (!tensor_in(S, entry, v, j->loc, tmpl)) return false;
    vals[*n] = tmpl->v, dts[(*n)++] = tmpl->dt;
    return true;
  }
  *tmpl = *v;
  for (unsigned k = 0; k < v->n; k++)
    if (v->elems[k].kind == SV_TENSOR) vals[*n] = v->elems[k].v, dts[(*n)++] = v->elems[k].dt;
  if (v->v) vals[*n] = v->v, dts[(*n)++] = v->bp->elt; /* a TMA descriptor's value, after the parts */
  return true;
}

static bool collect_returns(sema *S, sema_jit *j, const sema_fn *fn, ir_block *entry, sema_spec *sp,
                            ir_value ***out_vals) {
  unsigned n = 0;
  const sema_val *rv = NULL;
  if (fn->has_ret && fn->ret.kind == SV_TUPLE) n = fn->ret.n, rv = fn->ret.elems;
  else if (fn->has_ret && fn->ret.kind != SV_NONE) n = 1, rv = &fn->ret;
  unsigned cap = ir_arg_count(rv, n) + n + 1, nres = 0;
  ir_value **vals = sup_arena_alloc(S->arena, cap * sizeof(ir_value *));
  sp->res_dts = sup_arena_alloc(S->arena, cap * sizeof(sema_dtype));
  sp->ret = sup_arena_alloc(S->arena, (n + 1) * sizeof(sema_val));
  for (unsigned i = 0; i < n; i++)
    if (!flatten_return(S, j, entry, &rv[i], &sp->ret[i], vals, sp->res_dts, &nres)) return false;
  sp->nret = n;
  sp->nres = nres;
  *out_vals = vals;
  return true;
}

/* A returned value at the call: tmpl with its IR results taken from op, from *next on. */
static sema_val unflatten_return(sema *S, const sema_spec *sp, const sema_val *tmpl, ir_op *op, unsigned *next) {
  if (tmpl->kind == SV_HOSTDESC) {
    sema_val r = *tmpl;
    r.v = ir_op_operand(op, tmpl->n);
    r.n = 0;
    return r;
  }
  if (tmpl->kind != SV_BLOCKPTR) {
    sema_val r = sema_tensor(ir_op_result(op, *next), sp->res_dts[*next]);
    ++*next;
    return r;
  }
  sema_val r = *tmpl;
  r.elems = sup_arena_alloc(S->arena, r.n * sizeof(sema_val));
  for (unsigned k = 0; k < r.n; k++) {
    r.elems[k] = tmpl->elems[k];
    if (r.elems[k].kind != SV_TENSOR) continue;
    r.elems[k] = sema_tensor(ir_op_result(op, *next), sp->res_dts[*next]);
    ++*next;
  }
  if (tmpl->v) r.v = ir_op_result(op, (*next)++);
  return r;
}

static sema_spec *add_spec(sema *S) {
  if (S->nspecs == S->capspecs) {
    unsigned cap = S->capspecs ? S->capspecs * 2 : 8;
    sema_spec *ns = sup_arena_alloc(S->arena, cap * sizeof(sema_spec));
    if (S->nspecs) memcpy(ns, S->specs, S->nspecs * sizeof(sema_spec));
    S->specs = ns, S->capspecs = cap;
  }
  return &S->specs[S->nspecs++];
}

/* A block pointer argument of a helper: its run-time parts become the function's arguments
 * (their types appended to tys). */
static sema_val block_ptr_param(sema *S, ir_block *entry, const sema_val *v, const ir_type **tys, unsigned *nargs) {
  sema_val r = *v;
  r.elems = sup_arena_alloc(S->arena, v->n * sizeof(sema_val));
  for (unsigned k = 0; k < v->n; k++) {
    r.elems[k] = v->elems[k];
    if (v->elems[k].kind != SV_TENSOR) continue;
    tys[*nargs] = v->elems[k].v->type;
    r.elems[k].v = ir_block_add_arg(S->m, entry, tys[(*nargs)++]);
  }
  if (v->v) { /* a descriptor TMA reads: its !tt.tensordesc too, after the parts */
    tys[*nargs] = v->v->type;
    r.v = ir_block_add_arg(S->m, entry, tys[(*nargs)++]);
  }
  return r;
}

/* How many IR arguments the values of a call pass (a block pointer: its run-time parts, and
 * a TMA descriptor's !tt.tensordesc). */
static unsigned ir_arg_count(const sema_val *vals, unsigned n) {
  unsigned c = 0;
  for (unsigned i = 0; i < n; i++) {
    if (vals[i].kind == SV_TENSOR || vals[i].kind == SV_HOSTDESC) c++;
    for (unsigned k = 0; vals[i].kind == SV_BLOCKPTR && k < vals[i].n; k++) c += vals[i].elems[k].kind == SV_TENSOR;
    c += vals[i].kind == SV_BLOCKPTR && vals[i].v;
  }
  return c;
}

static bool specialize(sema *S, sema_jit *j, const sema_val *vals, const char *key, unsigned *out_idx) {
  fe_funcdef *fd = j->fd;
  if (S->call_depth > 32) {
    sema_error(S, j->loc, "jit function calls nest too deeply (recursive jit functions are not supported)");
    return false;
  }
  ir_op *f = ir_op_create_named(S->m, "tt.func", j->loc, 0, NULL, 0, NULL, 0, NULL);
  ir_block *entry = ir_block_create(S->m);
  ir_region_append_block(ir_op_region(f, 0), entry);
  sema_fn fn = {.once = sema_runs_once(S)};
  const ir_type **tys = sup_arena_alloc(S->arena, (fd->nparams + ir_arg_count(vals, fd->nparams) + 1) * sizeof(ir_type *));
  unsigned nargs = 0;
  for (unsigned i = 0; i < fd->nparams; i++) {
    sema_val v = vals[i];
    if (v.kind == SV_TENSOR || v.kind == SV_HOSTDESC) {
      tys[nargs] = v.v->type;
      v.v = ir_block_add_arg(S->m, entry, tys[nargs++]);
    }
    if (v.kind == SV_BLOCKPTR) v = block_ptr_param(S, entry, &v, tys, &nargs);
    sema_env_set(S, &fn.env, fd->params[i].name, v);
  }
  S->call_depth++;
  bool ok = run_body(S, fd, &fn, entry);
  S->call_depth--;
  if (!ok) return false;
  sema_spec sp = {.key = key, .func = f};
  ir_value **rv;
  if (!collect_returns(S, j, &fn, entry, &sp, &rv)) return false;
  emit_terminator(S, entry, "tt.return", j->loc, sp.nres, rv);
  const ir_type **rt = sup_arena_alloc(S->arena, (sp.nres + 1) * sizeof(ir_type *));
  for (unsigned i = 0; i < sp.nres; i++) rt[i] = rv[i]->type;
  ir_op_set_attr(f, "sym_name", ir_string_attr(S->ctx, sup_arena_printf(S->arena, "%s__%u", fd->name, S->nspecs)));
  ir_op_set_attr(f, "sym_visibility", ir_string_attr(S->ctx, "private"));
  ir_op_set_attr(f, "function_type", ir_type_attr(S->ctx, ir_func_type(S->ctx, nargs, tys, sp.nres, rt)));
  ir_block_append(ir_module_body(S->m), f);
  *out_idx = S->nspecs;
  *add_spec(S) = sp;
  return true;
}

static bool call_jit(sema *S, sema_jit *j, const fe_expr *call, unsigned nargs, const sema_val *args,
                     unsigned nkw, const char *const *kwnames, const sema_val *kwvals, sema_val *out);

/* A jit function of another module sees that module's globals (its defaults too). */
bool sema_call_jit(sema *S, sema_jit *j, const fe_expr *call, unsigned nargs, const sema_val *args,
                   unsigned nkw, const char *const *kwnames, const sema_val *kwvals, sema_val *out) {
  sema_module *saved = S->mod;
  S->mod = (sema_module *)j->mod, S->globals = &S->mod->globals;
  bool ok = call_jit(S, j, call, nargs, args, nkw, kwnames, kwvals, out);
  S->mod = saved, S->globals = &saved->globals;
  return ok;
}

static bool call_jit(sema *S, sema_jit *j, const fe_expr *call, unsigned nargs, const sema_val *args,
                     unsigned nkw, const char *const *kwnames, const sema_val *kwvals, sema_val *out) {
  if (!jit_decorators_ok(S, j)) return false;
  fe_funcdef *fd = j->fd;
  sema_val *vals = sup_arena_alloc(S->arena, (fd->nparams + 1) * sizeof(sema_val));
  if (!bind_call_args(S, j, call, nargs, args, nkw, kwnames, kwvals, vals)) return false;
  const char *key = spec_key(S, j, vals);
  unsigned idx = S->nspecs;
  for (unsigned i = 0; i < S->nspecs; i++)
    if (!strcmp(S->specs[i].key, key)) idx = i;
  if (idx == S->nspecs && !specialize(S, j, vals, key, &idx)) return false;
  sema_spec *sp = &S->specs[idx];
  ir_value **ops = sup_arena_alloc(S->arena, (ir_arg_count(vals, fd->nparams) + 1) * sizeof(ir_value *));
  unsigned n = 0;
  for (unsigned i = 0; i < fd->nparams; i++) {
    if (vals[i].kind == SV_TENSOR || vals[i].kind == SV_HOSTDESC) ops[n++] = vals[i].v;
    for (unsigned k = 0; vals[i].kind == SV_BLOCKPTR && k < vals[i].n; k++)
      if (vals[i].elems[k].kind == SV_TENSOR) ops[n++] = vals[i].elems[k].v;
    if (vals[i].kind == SV_BLOCKPTR && vals[i].v) ops[n++] = vals[i].v;
  }
  const ir_type *ft = ir_op_get_attr(sp->func, "function_type")->tval;
  ir_op *op = sema_emit(S, call->loc, "tt.call", n, ops, sp->nres, (const ir_type **)ft->results);
  ir_op_set_attr(op, "callee", ir_string_attr(S->ctx, ir_op_get_string_attr(sp->func, "sym_name")));
  unsigned next = 0;
  sema_val *el = sup_arena_alloc(S->arena, (sp->nret + 1) * sizeof(sema_val));
  for (unsigned i = 0; i < sp->nret; i++) el[i] = unflatten_return(S, sp, &sp->ret[i], op, &next);
  if (sp->nret == 0) *out = sema_none();
  else if (sp->nret == 1) *out = el[0];
  else *out = (sema_val){.kind = SV_TUPLE, .n = sp->nret, .elems = el};
  return true;
}

/* ---- the module level ------------------------------------------------------------------- */

static bool global_assign(sema *S, const fe_stmt *s) {
  bool ok = s->kind == FE_STMT_ASSIGN ? stmt_assign(S, s) : stmt_annassign(S, s);
  if (!ok) return false;
  for (unsigned i = 0; i < S->globals->n; i++) {
    sema_var *v = &S->globals->vars[i];
    if (v->val.kind == SV_TENSOR) {
      sema_error(S, s->loc, "global '%s' must be a compile-time constant", v->name);
      return false;
    }
    const fe_define *d = find_define(S, v->name);
    if (d && !define_value(S, d, s->loc, &v->val)) return false;
  }
  return true;
}

static bool module_stmt(sema *S, fe_stmt *s);

/* Host code of an imported module (a def, a config list, torch code) is not run: the
 * compiled file's host code is what its kernels' decorators read. */
static bool host_code_elsewhere(sema *S, ir_loc loc) {
  sema_error(S, loc, "host code of module '%s' is not run by tilec (only the compiled file's is): its jit "
             "functions and constants are what a kernel can import", S->mod->name);
  return false;
}
typedef void (*bound_fn)(sema *S, const char *name, const void *user);
static void visit_bound(sema *S, fe_stmt *const *b, unsigned n, bound_fn fn, const void *user);
static void sync_name(sema *S, const char *name, const void *unused);

/* `a.b.c` of a decorator (its call's function), for messages. */
static const char *dotted_text(sema *S, const fe_expr *e) {
  if (e->kind == FE_EXPR_CALL) e = e->func;
  if (e->kind == FE_EXPR_NAME) return e->name;
  if (e->kind == FE_EXPR_ATTRIBUTE) return sup_arena_printf(S->arena, "%s.%s", dotted_text(S, e->value), e->name);
  return "...";
}

/* The last dotted name of a decorator's function (`jit` of @triton.jit(...)), or NULL. */
static const char *decorator_name(const fe_expr *d) {
  const fe_expr *head = d->kind == FE_EXPR_CALL ? d->func : d;
  return head->kind == FE_EXPR_NAME || head->kind == FE_EXPR_ATTRIBUTE ? head->name : NULL;
}

/* Whether a decorator makes a def a constexpr function: @triton.constexpr_function (Triton
 * 3.6) or @tl.constexpr (the older form), not called. */
static bool constexpr_decorator(const fe_expr *d) {
  const char *last = d->kind != FE_EXPR_CALL ? decorator_name(d) : NULL;
  return last && (!strcmp(last, "constexpr_function") || !strcmp(last, "constexpr"));
}

static bool is_constexpr_fn(const fe_funcdef *fd) {
  for (unsigned i = 0; i < fd->ndecorators; i++)
    if (constexpr_decorator(fd->decorators[i])) return true;
  return false;
}

/* The first decorator of a host function that changes what it is, which tilec does not run
 * (@torch.jit.script, @triton.testing.perf_report(...), @pytest.mark.parametrize(...));
 * functools' caches (lru_cache, cache) leave the function's results as they are. NULL when
 * there is none. */
static const fe_expr *opaque_decorator(const fe_funcdef *fd) {
  for (unsigned i = 0; i < fd->ndecorators; i++) {
    const char *last = decorator_name(fd->decorators[i]);
    if (constexpr_decorator(fd->decorators[i])) continue; /* kernels call it at compile time */
    if (!last || (strcmp(last, "lru_cache") && strcmp(last, "cache"))) return fd->decorators[i];
  }
  return NULL;
}

/* Whether an import statement names a module (or a name of one) that tilec does not have:
 * Python would raise ImportError there. */
static bool import_missing(sema *S, const fe_stmt *s) {
  if (sema_is_user_import(S, s)) return false; /* found on the module search path */
  for (unsigned i = 0; s->kind == FE_STMT_IMPORT && i < s->nnames; i++)
    if (!canonical_module(s->names[i]) && !host_env_is_module(s->names[i])) return true;
  if (s->kind != FE_STMT_IMPORTFROM || !s->module) return false;
  if (canonical_module(s->module)) return false;
  if (!host_env_is_module(s->module)) return true;
  for (unsigned i = 0; i < s->nnames; i++)
    if (!host_env_name(S, s->module, s->names[i])) return true;
  return false;
}

/* Whether an except clause takes an ImportError: bare, or naming ImportError,
 * ModuleNotFoundError, Exception or BaseException (alone or in a tuple). */
static bool catches_import_error(const fe_stmt *h) {
  static const char *const names[] = {"ImportError", "ModuleNotFoundError", "Exception", "BaseException"};
  if (!h->cond) return true;
  unsigned n = h->cond->kind == FE_EXPR_TUPLE ? h->cond->nitems : 1;
  for (unsigned i = 0; i < n; i++) {
    const fe_expr *e = h->cond->kind == FE_EXPR_TUPLE ? h->cond->items[i] : h->cond;
    for (size_t k = 0; e->kind == FE_EXPR_NAME && k < sizeof names / sizeof *names; k++)
      if (!strcmp(e->name, names[k])) return true;
  }
  return false;
}

static bool module_stmts(sema *S, fe_stmt *const *body, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    if (body[i]->kind == FE_STMT_FUNCDEF) {
      sema_error(S, body[i]->loc, "a 'def' inside 'try' or an 'if' that imports is not supported; define it at "
                 "module level");
      return false;
    }
    if (!module_stmt(S, body[i])) return false;
  }
  return true;
}

/* `try` at module level, as Python runs it when the file is imported, for what kernel files
 * use it for (an optional import): the body's statements in order; an import of a module
 * tilec does not have raises ImportError, which the first except clause that takes it handles
 * (its `as` name is not bound); else the else block; then the finally block. Any other
 * error is an error, as everywhere. */
static bool module_try(sema *S, const fe_stmt *s) {
  const fe_stmt *raised = NULL;
  for (unsigned i = 0; i < s->nbody && !raised; i++) {
    if (import_missing(S, s->body[i])) raised = s->body[i];
    else if (!module_stmts(S, &s->body[i], 1)) return false;
  }
  const fe_stmt *h = NULL;
  for (unsigned k = 0; raised && !h && k < s->nhandlers; k++)
    if (catches_import_error(s->handlers[k])) h = s->handlers[k];
  if (raised && !h) return module_stmt(S, (fe_stmt *)raised); /* the import's own error */
  if (h && !module_stmts(S, h->body, h->nbody)) return false;
  if (!raised && !module_stmts(S, s->orelse, s->norelse)) return false;
  return module_stmts(S, s->final, s->nfinal);
}

/* Whether statements import (also inside try, or an elif/else chain): an `if` that does runs
 * its chosen branch as module-level statements (module_if), not as host code. */
static bool imports(fe_stmt *const *b, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    const fe_stmt *s = b[i];
    if (s->kind == FE_STMT_IMPORT || s->kind == FE_STMT_IMPORTFROM || s->kind == FE_STMT_TRY) return true;
    if (s->kind == FE_STMT_IF && (imports(s->body, s->nbody) || imports(s->orelse, s->norelse))) return true;
  }
  return false;
}

/* `if cond: from X import f` / `else: from Y import f`, as kernel files pick an import by
 * version: the condition is host code; the chosen branch runs as module-level statements. */
static bool module_if(sema *S, const fe_stmt *s) {
  host_val c;
  if (!host_eval(&S->host, s->cond, &c)) return false;
  if (c.kind == HV_UNKNOWN) {
    sema_error(S, s->cond->loc, "'%s' is a run-time argument: a module-level condition cannot read it", c.s);
    return false;
  }
  return host_truthy(&c) ? module_stmts(S, s->body, s->nbody) : module_stmts(S, s->orelse, s->norelse);
}

static bool module_stmt(sema *S, fe_stmt *s) {
  switch (s->kind) {
  case FE_STMT_TRY: return module_try(S, s);
  case FE_STMT_ASSERT: return host_exec_module(&S->host, s); /* host code: assert torch.cuda.is_available() */
  case FE_STMT_IMPORT: return stmt_import(S, s);
  case FE_STMT_IMPORTFROM: return stmt_importfrom(S, s);
  case FE_STMT_ASSIGN: case FE_STMT_ANNASSIGN: case FE_STMT_AUGASSIGN: case FE_STMT_FOR: case FE_STMT_IF:
  case FE_STMT_EXPR: {
    if (s->kind == FE_STMT_IF && imports(&s, 1)) return module_if(S, s);
    bool host = sema_host_wants(S, s);
    if (host && S->mod != &S->main) return host_code_elsewhere(S, s->loc);
    if (!host && (s->kind == FE_STMT_ASSIGN || s->kind == FE_STMT_ANNASSIGN)) return global_assign(S, s);
    if (!host && s->kind == FE_STMT_EXPR) return true; /* a docstring, print(...): nothing to run */
    /* host code (a config list, a loop that builds one, an `if` over constants): the
     * evaluator runs it, and sema sees what it bound */
    if (!host_exec_module(&S->host, s)) return false;
    visit_bound(S, &s, 1, sync_name, NULL);
    return true;
  }
  case FE_STMT_PASS: return true;
  case FE_STMT_FUNCDEF: {
    sema_jit j = {.fd = s->func, .loc = s->loc};
    bool is_jit;
    diag_engine *d = ir_context_diag(S->ctx);
    bool held = diag_hold_begin(d);
    bool ok = read_decorators(S, s->func, &j, &is_jit);
    diag_held *h = held ? diag_hold_end(d) : NULL;
    if (!ok && is_jit && h && !ir_context_failed(S->ctx)) {
      j.decorator_errors = h; /* delivered when the kernel is compiled (jit_decorators_ok) */
    } else {
      diag_held_emit(d, h, false, NULL);
      if (!ok) return false;
    }
    const fe_expr *opaque = is_jit ? NULL : opaque_decorator(s->func);
    if (opaque) {
      sema_error(S, opaque->loc, "decorator '%s' is not run by tilec", dotted_text(S, opaque));
      return false;
    }
    if (!is_jit && S->mod != &S->main) return host_code_elsewhere(S, s->loc);
    j.mod = S->mod;
    if (is_jit) add_jit(S, &j);
    else if (is_constexpr_fn(s->func)) /* kernels call it at compile time */
      sema_env_set(S, S->globals, s->func->name, (sema_val){.kind = SV_BUILTIN, .path = sup_arena_printf(
                                                                 S->arena, "constexpr_fn.%s", s->func->name)});
    else sema_env_set(S, S->globals, s->func->name, sema_none()); /* host code: not compiled */
    if (!is_jit) sema_host_define_function(S, s->func);
    if (is_jit) sema_env_set(S, S->globals, s->func->name, (sema_val){.kind = SV_JITFN, .fn = s->func});
    return true;
  }
  case FE_STMT_UNSUPPORTED:
    sema_error(S, s->loc, "'%s' statements are not supported", s->name ? s->name : "this");
    return false;
  default: break;
  }
  sema_error(S, s->loc, "unsupported statement at module level: only imports, constants and functions are allowed");
  return false;
}

/* ---- module-level statements tilec skips ------------------------------------------------ *
 * A module-level statement that fails (beyond the host-Python subset, or torch code that
 * needs a GPU) is skipped, as the parser skips one it cannot parse: its error is kept, and the
 * names it binds or may have changed become SKIPPED, so that a kernel, a config list or host
 * code using one reports that error there (host_skipped_error). A -D NAME=VALUE gives such a
 * name its value. Kernels (jit functions with their decorators) are not skipped: their errors
 * are errors. */

/* Binds a module-level name for sema, and for host code where the evaluator has the name
 * (else host code asks sema for it). */
static void bind_global(sema *S, const char *name, const sema_val *v) {
  sema_env_set(S, S->globals, name, *v);
  if (S->mod == &S->main && host_global_value(&S->host, name)) sema_host_set_global(S, name, v);
}

static void skip_name(sema *S, const char *name, const void *skip) {
  const fe_skip *k = skip;
  name = ir_intern(S->ctx, name);
  sema_val v = {.kind = SV_SKIPPED, .skip = k};
  const fe_define *d = find_define(S, name);
  if (d && !define_value(S, d, k->loc, &v)) v = (sema_val){.kind = SV_POISON};
  bind_global(S, name, &v);
}

/* After host code ran a module-level statement: the value it left in `name`, as sema sees it
 * (a compile-time constant where it is one, else None), or -D's. */
static void sync_name(sema *S, const char *name, const void *unused) {
  name = ir_intern(S->ctx, name);
  const host_val *hv = host_global_value(&S->host, name);
  if (!hv || hv->kind == HV_SKIPPED) return; /* not bound (a branch not taken), or skipped */
  sema_val v;
  const fe_define *d = find_define(S, name);
  if (d) {
    if (define_value(S, d, (ir_loc){S->file->filename, 0, 0}, &v)) sema_host_set_global(S, name, &v);
    else v = (sema_val){.kind = SV_POISON}; /* reported */
  } else if (!sema_host_constant(S, hv, &v)) {
    v = sema_none();
  }
  sema_env_set(S, S->globals, name, v);
}

static const fe_expr *root_name(const fe_expr *e) {
  while (e && (e->kind == FE_EXPR_ATTRIBUTE || e->kind == FE_EXPR_SUBSCRIPT)) e = e->value;
  return e && e->kind == FE_EXPR_NAME ? e : NULL;
}

/* A module-level list, dict or object of host code: a statement that names it may have
 * changed it. */
static void visit_if_mutable(sema *S, const fe_expr *e, bound_fn fn, const void *user) {
  const fe_expr *r = root_name(e);
  const host_val *v = r ? host_global_value(&S->host, r->name) : NULL;
  if (v && (v->kind == HV_LIST || v->kind == HV_DICT || v->kind == HV_OBJECT)) fn(S, r->name, user);
}

/* The mutable names of calls in e: a method's receiver (`configs.append(c)`), and the
 * arguments of a call to anything but a Python builtin (`fill(configs)`). */
static void visit_expr(sema *S, const fe_expr *e, bound_fn fn, const void *user) {
  if (!e) return;
  if (e->kind == FE_EXPR_CALL) {
    if (e->func->kind == FE_EXPR_ATTRIBUTE) visit_if_mutable(S, e->func->value, fn, user);
    bool builtin = e->func->kind == FE_EXPR_NAME && !env_find(S->globals, e->func->name) &&
                   !host_global_value(&S->host, e->func->name); /* print, len, ... */
    for (unsigned i = 0; !builtin && i < e->nitems; i++) visit_if_mutable(S, e->items[i], fn, user);
    for (unsigned i = 0; !builtin && i < e->nkeywords; i++) visit_if_mutable(S, e->keywords[i].value, fn, user);
  }
  const fe_expr *kids[] = {e->value, e->lhs, e->rhs, e->func, e->cond, e->body, e->orelse};
  for (size_t i = 0; i < sizeof kids / sizeof *kids; i++) visit_expr(S, kids[i], fn, user);
  for (unsigned i = 0; e->kind != FE_EXPR_SLICE && i < e->nitems; i++) visit_expr(S, e->items[i], fn, user);
  for (unsigned i = 0; e->kind == FE_EXPR_DICT && i < e->nitems; i++) visit_expr(S, e->values[i], fn, user);
  for (unsigned i = 0; i < e->nkeywords; i++) visit_expr(S, e->keywords[i].value, fn, user);
}

/* An assignment target: its names, or the root of `a[i] = ...` / `a.x = ...`. */
static void visit_target(sema *S, const fe_expr *t, bound_fn fn, const void *user) {
  if (t->kind == FE_EXPR_TUPLE || t->kind == FE_EXPR_LIST) {
    for (unsigned i = 0; i < t->nitems; i++) visit_target(S, t->items[i], fn, user);
    return;
  }
  const fe_expr *r = root_name(t);
  if (r) fn(S, r->name, user);
}

/* Calls fn for every module-level name the statements bind, and every module-level list
 * they may have changed. */
static void visit_bound(sema *S, fe_stmt *const *b, unsigned n, bound_fn fn, const void *user) {
  for (unsigned i = 0; i < n; i++) {
    const fe_stmt *s = b[i];
    for (unsigned t = 0; s->kind == FE_STMT_ASSIGN && t < s->ntargets; t++) visit_target(S, s->targets[t], fn, user);
    if (s->target) visit_target(S, s->target, fn, user);
    for (unsigned t = 0; (s->kind == FE_STMT_IMPORT || s->kind == FE_STMT_IMPORTFROM) && t < s->nnames; t++) {
      const char *nm = s->aliases && s->aliases[t] ? s->aliases[t] : s->names[t];
      size_t len = s->kind == FE_STMT_IMPORT ? strcspn(nm, ".") : strlen(nm);
      nm = ir_intern(S->ctx, sup_arena_strndup(S->arena, nm, len));
      /* a failed `import triton.X` leaves `triton` as it was */
      const sema_val *was = env_find(S->globals, nm);
      if (strcmp(nm, "*") && !(was && was->kind == SV_MODULE)) fn(S, nm, user);
    }
    for (unsigned t = 0; s->kind == FE_STMT_SKIPPED && t < s->nnames; t++) fn(S, s->names[t], user);
    if (s->kind == FE_STMT_FUNCDEF) fn(S, s->func->name, user);
    if (s->kind == FE_STMT_EXCEPT && s->name) fn(S, s->name, user);
    visit_expr(S, s->value, fn, user);
    visit_expr(S, s->cond, fn, user);
    visit_expr(S, s->iter, fn, user);
    visit_bound(S, s->body, s->nbody, fn, user);
    visit_bound(S, s->orelse, s->norelse, fn, user);
    visit_bound(S, s->handlers, s->nhandlers, fn, user);
    visit_bound(S, s->final, s->nfinal, fn, user);
  }
}

/* The names a statement binds, collected (visit_bound's callback). */
typedef struct bound_names {
  const char **v;
  unsigned n, cap;
  sup_arena *arena;
} bound_names;

static void collect_name(sema *S, const char *name, const void *list) {
  bound_names *l = (bound_names *)list;
  name = ir_intern(S->ctx, name);
  for (unsigned i = 0; i < l->n; i++)
    if (l->v[i] == name) return;
  if (l->n == l->cap) {
    unsigned cap = l->cap ? 2 * l->cap : 8;
    const char **v = sup_arena_alloc(l->arena, cap * sizeof *v);
    if (l->n) memcpy(v, l->v, l->n * sizeof *v);
    l->v = v, l->cap = cap;
  }
  l->v[l->n++] = name;
}

/* Two values of a name that branches import: the same, or one function imported from
 * libdevice in one branch and from triton.language[.math] in the other (the version check's
 * two homes of tanh or rsqrt; libdevice's is kept, where Triton 3 on CUDA takes it). */
static bool alike_imports(const sema_val *a, const sema_val *b) {
  if (sema_val_equal(a, b)) return true;
  if (a->kind != SV_BUILTIN || b->kind != SV_BUILTIN || a->self || b->self) return false;
  const char *x = a->path, *y = b->path;
  if (!strncmp(y, "libdevice.", 10)) x = b->path, y = a->path;
  return !strncmp(x, "libdevice.", 10) && !strncmp(y, "triton.language.", 16) && !strcmp(x + 10, y + 16);
}

/* An `if` that imports whose condition tilec cannot evaluate (a version check through a
 * package it does not have: Liger's `if compare_version("triton", ...)`, choosing where
 * libdevice's tanh is imported from): each branch runs on its own, and a name that every
 * branch that runs binds alike (alike_imports) is bound; any other name it binds is skipped
 * (k). A branch only imports, so running one changes nothing else. */
static const char *branches_agree(sema *S, fe_stmt *s, const fe_skip *k) {
  enum { MAX_BRANCHES = 16 };
  fe_stmt *const *body[MAX_BRANCHES];
  unsigned nbody[MAX_BRANCHES], nb = 0;
  for (const fe_stmt *t = s;;) {
    body[nb] = t->body, nbody[nb++] = t->nbody;
    if (t->norelse == 1 && t->orelse[0]->kind == FE_STMT_IF && nb < MAX_BRANCHES - 1) {
      t = t->orelse[0];
      continue;
    }
    body[nb] = t->orelse, nbody[nb++] = t->norelse;
    break;
  }
  bound_names names = {.arena = S->arena};
  visit_bound(S, &s, 1, collect_name, &names);
  sema_val *saved = sup_arena_alloc(S->arena, (names.n + 1) * sizeof *saved);
  sema_val *agreed = sup_arena_alloc(S->arena, (names.n + 1) * sizeof *agreed);
  bool *same = sup_arena_alloc(S->arena, (names.n + 1) * sizeof *same);
  for (unsigned i = 0; i < names.n; i++) {
    const sema_val *v = env_find(S->globals, names.v[i]);
    saved[i] = v ? *v : (sema_val){.kind = SV_SKIPPED, .skip = k}; /* unbound: as skipped */
    same[i] = true;
  }
  unsigned ran = 0;
  diag_engine *d = ir_context_diag(S->ctx);
  for (unsigned b = 0; b < nb; b++) {
    bool held = diag_hold_begin(d);
    bool ok = module_stmts(S, body[b], nbody[b]);
    diag_held_free(held ? diag_hold_end(d) : NULL);
    for (unsigned i = 0; i < names.n; i++) {
      const sema_val *v = env_find(S->globals, names.v[i]);
      sema_val now = v ? *v : saved[i];
      if (ok && ran == 0) agreed[i] = now;
      else if (ok && !alike_imports(&agreed[i], &now)) same[i] = false;
      else if (ok && now.kind == SV_BUILTIN && !strncmp(now.path, "libdevice.", 10)) agreed[i] = now;
      bind_global(S, names.v[i], &saved[i]);
    }
    ran += ok;
  }
  const char *kept = NULL;
  for (unsigned i = 0; i < names.n; i++) {
    if (ran && same[i] && agreed[i].kind != SV_SKIPPED) {
      bind_global(S, names.v[i], &agreed[i]);
      kept = kept ? sup_arena_printf(S->arena, "%s, %s", kept, names.v[i]) : names.v[i];
    } else {
      skip_name(S, names.v[i], k);
    }
  }
  return kept;
}

/* --warn-skipped: at the statement, with its error (a note where that is elsewhere: in a
 * host function it called). */
static void warn_skip(sema *S, const fe_skip *k) {
  if (!S->opts || !S->opts->warn_skipped || S->mod != &S->main) return; /* the compiled file's only */
  diag_engine *d = ir_context_diag(S->ctx);
  bool here = k->why_loc.line == k->loc.line;
  diag_emit(d, DIAG_WARNING, here ? k->why_loc : k->loc, "module-level statement skipped%s%s", here ? ": " : "",
            here ? k->why : "");
  if (!here) diag_emit(d, DIAG_NOTE, k->why_loc, "%s", k->why);
}

/* Whether the statements define a kernel (a def decorated jit, autotune or heuristics),
 * also inside an `if` or `try`: such a statement is never skipped. */
static bool has_kernel(fe_stmt *const *b, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    const fe_stmt *s = b[i];
    for (unsigned k = 0; s->kind == FE_STMT_FUNCDEF && k < s->func->ndecorators; k++) {
      const char *last = decorator_name(s->func->decorators[k]);
      if (last && fe_is_kernel_decorator_name(last)) return true;
    }
    if (has_kernel(s->body, s->nbody) || has_kernel(s->orelse, s->norelse) ||
        has_kernel(s->handlers, s->nhandlers) || has_kernel(s->final, s->nfinal))
      return true;
  }
  return false;
}

/* One module-level statement: a kernel's errors are errors; any other statement that fails
 * is skipped (above). --no-skip and --warn-skipped are about the compiled file: an imported
 * module's host code is skipped silently. */
static bool module_stmt_or_skip(sema *S, fe_stmt *s) {
  bool no_skip = S->opts && S->opts->no_skip && S->mod == &S->main;
  if (s->kind == FE_STMT_SKIPPED && no_skip) {
    sema_error(S, s->skip->why_loc, "%s", s->skip->why);
    return false;
  }
  if (no_skip) return module_stmt(S, s);
  if (s->kind == FE_STMT_SKIPPED) { /* the parser's */
    visit_bound(S, &s, 1, skip_name, s->skip);
    warn_skip(S, s->skip);
    return true;
  }
  if (has_kernel(&s, 1)) return module_stmt(S, s);
  diag_engine *d = ir_context_diag(S->ctx);
  bool held = diag_hold_begin(d);
  if (!held) ir_context_note_oom(S->ctx); /* errors are then delivered as they come */
  bool ok = module_stmt(S, s);
  diag_held *h = held ? diag_hold_end(d) : NULL;
  ir_loc why_loc;
  const char *why;
  if (ok || ir_context_failed(S->ctx) || !diag_held_first_error(h, &why_loc, &why)) {
    diag_held_emit(d, h, false, NULL);
    return ok;
  }
  fe_skip *k = sup_arena_alloc(S->arena, sizeof *k);
  *k = (fe_skip){s->loc, why_loc, sup_arena_printf(S->arena, "%s", why)};
  diag_held_free(h);
  const char *kept = NULL;
  if (s->kind == FE_STMT_IF && imports(&s, 1)) kept = branches_agree(S, s, k);
  else visit_bound(S, &s, 1, skip_name, k);
  warn_skip(S, k);
  if (kept && S->opts && S->opts->warn_skipped && S->mod == &S->main)
    diag_emit(ir_context_diag(S->ctx), DIAG_NOTE, s->loc, "kept, as every branch that runs binds them alike: %s", kept);
  return true;
}

/* A module's statements, run where module-level code runs: no function, a block of its own
 * for whatever IR they build, the module's globals (an import in a kernel's body loads one
 * in the middle of that kernel's analysis). */
bool sema_run_module(sema *S, sema_module *m, fe_file *f) {
  sema_fn *fn = S->fn;
  ir_builder b = S->b;
  fe_file *file = S->file;
  sema_module *mod = S->mod;
  int dry_run = S->dry_run; /* a module runs once, whatever pass of a loop body imports it */
  S->fn = NULL, S->file = f, S->mod = m, S->globals = &m->globals, S->dry_run = 0;
  ir_block *scratch = ir_block_create(S->m);
  set_block(S, scratch);
  m->state = SEMA_MOD_RUNNING;
  bool ok = true;
  for (unsigned i = 0; i < f->nstmts && ok; i++) ok = module_stmt_or_skip(S, f->stmts[i]);
  /* as Python: a module whose import raised is not imported (a later import fails too) */
  m->state = ok ? SEMA_MOD_RUN : SEMA_MOD_FAILED;
  if (!ok) m->failed = "an error in it stopped its first import";
  erase_block_ops(scratch);
  S->fn = fn, S->b = b, S->file = file, S->mod = mod, S->globals = &mod->globals, S->dry_run = dry_run;
  return ok;
}

const sema_val *sema_env_get(sema *S, const sema_env *env, const char *name) {
  return env_find(env, ir_intern(S->ctx, name));
}

static bool wanted(sema *S, const sema_jit *j);

/* Appends the constexpr parameters of the compiled kernels to b ("BLOCK, N" or "none"). */
static void list_constexprs(sema *S, sup_strbuf *b) {
  size_t start = b->len;
  for (unsigned i = 0; i < S->njits; i++) {
    if (!wanted(S, S->jits[i])) continue;
    const fe_funcdef *fd = S->jits[i]->fd;
    for (unsigned k = 0; k < fd->nparams; k++) {
      const fe_expr *a = fd->params[k].annotation;
      bool is_const = a && ((a->kind == FE_EXPR_ATTRIBUTE && !strcmp(a->name, "constexpr")) ||
                            (a->kind == FE_EXPR_NAME && !strcmp(a->name, "constexpr")));
      if (is_const) sup_strbuf_printf(b, "%s%s", b->len > start ? ", " : "", fd->params[k].name);
    }
  }
  if (b->len == start) sup_strbuf_printf(b, "none");
}

/* A -D that named neither a module-level constant nor a constexpr parameter is a typo. */
static bool check_defines_used(sema *S) {
  bool ok = true;
  for (size_t i = 0; S->opts && S->define_used && i < S->opts->ndefines; i++) {
    if (S->define_used[i]) continue;
    sup_strbuf b = {0};
    list_constexprs(S, &b);
    sema_error(S, (ir_loc){S->file->filename, 0, 0},
               "-D %s: the kernel has no constexpr parameter or module-level constant of that "
               "name (its constexpr parameters: %s)", S->opts->defines[i].name, sup_strbuf_cstr(&b));
    sup_strbuf_free(&b);
    ok = false;
  }
  return ok;
}

/* Whether statements return a value (a nested def's returns are its own). */
static bool returns_value(fe_stmt *const *b, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    const fe_stmt *s = b[i];
    if (s->kind == FE_STMT_RETURN && s->value) return true;
    if (s->kind != FE_STMT_FUNCDEF &&
        (returns_value(s->body, s->nbody) || returns_value(s->orelse, s->norelse)))
      return true;
  }
  return false;
}

/* The entries compiled: the --kernel ones, else every jit function no other one calls and
 * that returns no value (one that does is a helper of another file's kernels). */
static bool wanted(sema *S, const sema_jit *j) {
  if (j->mod != &S->main) return false;
  if (!S->opts || !S->opts->nkernels) return !j->called && !returns_value(j->fd->body, j->fd->nbody);
  for (size_t i = 0; i < S->opts->nkernels; i++)
    if (!strcmp(S->opts->kernels[i], j->fd->name)) return true;
  return false;
}

/* A decorator's host value that skipped host code would have made (sema_unmade). */
static void warn_unmade(sema *S, const sema_unmade *u, const char *what, const char *kernel) {
  if (!u->why) return;
  diag_engine *d = ir_context_diag(S->ctx);
  diag_emit(d, DIAG_WARNING, u->loc, "%s of '%s' not available (%s): compiled without them, its constexprs from "
            "--signature, -D and the defaults", what, kernel, u->why);
  if (u->note) diag_emit(d, DIAG_NOTE, u->note_loc, "%s", u->note);
}

/* The compiled file's jit functions, for messages. */
static const char *file_jits(sema *S) {
  sup_strbuf b = {0};
  for (unsigned i = 0; i < S->njits; i++)
    if (S->jits[i]->mod == &S->main) sup_strbuf_printf(&b, "%s%s", b.len ? ", " : "", S->jits[i]->fd->name);
  const char *r = sup_arena_printf(S->arena, "%s", b.len ? sup_strbuf_cstr(&b) : "none");
  sup_strbuf_free(&b);
  return r;
}

static bool select_and_compile(sema *S) {
  ir_loc floc = {S->file->filename, 0, 0}; /* about the file, not a line of it */
  for (size_t i = 0; S->opts && i < S->opts->nkernels; i++)
    if (!sema_find_jit(S, S->opts->kernels[i])) {
      sema_error(S, floc, "--kernel %s: no @triton.jit function of that name; this file has: %s",
                 S->opts->kernels[i], file_jits(S));
      return false;
    }
  unsigned n = 0;
  for (unsigned i = 0; i < S->njits; i++) n += wanted(S, S->jits[i]);
  if (n == 0) {
    if (S->jit_index.count)
      sema_error(S, floc, "no @triton.jit kernel to compile in this file: its jit functions (%s) are helpers (called by "
                 "another, or returning a value); name one with --kernel", file_jits(S));
    else
      sema_error(S, floc, "no @triton.jit kernel to compile in this file");
    return false;
  }
  if (n > 1 && S->opts && S->opts->signature) {
    sema_error(S, floc, "--signature applies to one kernel, but %u are selected: pick one with --kernel NAME, or "
               "give each kernel its own (--kernel A --signature SIG_A --kernel B --signature SIG_B)", n);
    return false;
  }
  bool ok = true;
  bool unit = S->opts && S->opts->is_unit; /* the whole file's compile warned already */
  for (unsigned i = 0; i < S->njits; i++) {
    sema_jit *j = S->jits[i];
    if (!wanted(S, j)) continue;
    if (!unit) {
      warn_unmade(S, &j->configs_unmade, "autotune configs", j->fd->name);
      warn_unmade(S, &j->heur_unmade, "@triton.heuristics", j->fd->name);
    }
    ok = jit_decorators_ok(S, j) && compile_kernel(S, j) && ok;
  }
  return ok && ((S->opts && S->opts->is_unit) || check_defines_used(S));
}

static bool analyze(sema *S) {
  if (!sema_run_module(S, &S->main, S->file)) return false;
  /* A jit function named in another one's body is a helper, not an entry point. */
  for (unsigned k = 0; k < S->njits; k++) {
    if (S->jits[k]->mod != &S->main) continue; /* an imported module's are no entries */
    S->marking = S->jits[k];
    mark_calls_stmts(S, S->jits[k]->fd->body, S->jits[k]->fd->nbody);
  }
  S->marking = NULL;
  set_block(S, ir_module_body(S->m));
  if (!select_and_compile(S)) return false;
  ir_op *mop = S->m->op;
  /* The module default; a kernel's own autotune config is its function's attribute. */
  unsigned nw = S->opts && S->opts->num_warps ? S->opts->num_warps : TGPU_DEFAULT_NUM_WARPS;
  ir_op_set_attr(mop, TGPU_ATTR_NUM_WARPS, ir_i32_attr(S->ctx, nw));
  ir_op_set_attr(mop, TGPU_ATTR_THREADS_PER_WARP, ir_i32_attr(S->ctx, TGPU_WARP_SIZE));
  if (S->nall_configs)
    ir_op_set_attr(mop, TILEC_ATTR_AUTOTUNE_CONFIGS, ir_array_attr(S->ctx, S->nall_configs, S->all_configs));
  sema_set_imports_attr(S);
  return true;
}

ir_module *fe_compile_source(ir_context *ctx, const char *filename, const char *source, size_t len,
                             const fe_options *opts) {
  if (!ir_lookup_opdef(ctx, "tt.func")) tile_register_dialect(ctx);
  diag_engine *dg = ir_context_diag(ctx);
  unsigned errors = diag_error_count(dg);
  sup_arena *arena = sup_arena_create();
  if (!arena) {
    ir_context_note_oom(ctx);
    return NULL;
  }
  ir_context_watch_arena(ctx, arena);
  fe_file *file = fe_parse(ctx, arena, filename, source, len);
  ir_module *m = file ? ir_module_create(ctx, (ir_loc){file->filename, 1, 1}) : NULL;
  if (!m) {
    sup_arena_destroy(arena);
    return NULL;
  }
  sema S = {.ctx = ctx, .m = m, .arena = arena, .opts = opts, .file = file};
  S.main = (sema_module){.file = file->filename};
  S.mod = &S.main, S.globals = &S.main.globals;
  sema_main_module_name(&S);
  sema_host_init(&S);
  if (opts && opts->ndefines) S.define_used = sup_arena_alloc(arena, opts->ndefines * sizeof(bool));
  ir_builder_init(&S.b, m);
  bool ok = analyze(&S);
  for (unsigned i = 0; i < S.njits; i++) diag_held_free(S.jits[i]->decorator_errors); /* not compiled */
  sup_ptrmap_free(&S.jit_index);
  sup_ptrmap_free(&S.jit_of_fd);
  sup_ptrmap_free(&S.modules);
  sup_arena_destroy(arena);
  if (!ok || diag_error_count(dg) != errors || ir_context_failed(ctx)) {
    ir_module_destroy(m);
    return NULL;
  }
  return m;
}
