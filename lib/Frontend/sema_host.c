/* Semantic analysis, the host side of a kernel file: module-level host code (defs,
 * assignments of config lists and dicts), @triton.autotune (every config a variant, its
 * tuning facts, prune_configs_by) and @triton.heuristics, evaluated by the host-Python
 * evaluator (host_eval.c) with the module's constants visible to it.
 *
 * Needs: sema's globals (read through a lookup callback). Produces: sema_jit variants,
 * tuning facts and heuristics; values crossing between the two worlds are converted here
 * (numbers, strings, None, tuples; a dtype travels as an opaque value). */
#include <string.h>

#include "Frontend/sema.h"

/* ---- values between sema and the host evaluator ---------------------------------------- */

/* A value host code holds but cannot look into (a tensor, a jit function). */
static bool to_opaque(sema *S, const sema_val *v, host_val *out) {
  sema_val *copy = sup_arena_memdup(S->arena, v, sizeof *v);
  *out = (host_val){.kind = HV_OPAQUE, .opaque = copy, .s = sema_describe(S, v)};
  return true;
}

/* Sema's tuples are trees (no cycles): their depth is bounded by the expressions that made
 * them. */
static bool to_host(sema *S, const sema_val *v, host_val *out) {
  switch (v->kind) {
  case SV_NONE: *out = host_none(); return true;
  case SV_INT: *out = host_int(v->i); return true;
  case SV_BOOL: *out = (host_val){.kind = HV_BOOL, .i = v->i}; return true;
  case SV_FLOAT: *out = (host_val){.kind = HV_FLOAT, .f = v->f}; return true;
  case SV_STR: *out = host_str(v->s); return true;
  case SV_MODULE:
    /* a module of the search path too: host code reads its names by its dotted name
     * (host_module_attr), which no module of tilec's own has */
    *out = (host_val){.kind = HV_MODULE, .s = v->path};
    return true;
  case SV_BUILTIN: *out = (host_val){.kind = HV_BUILTIN, .s = v->path}; return true;
  case SV_SKIPPED: *out = (host_val){.kind = HV_SKIPPED, .opaque = v->skip}; return true;
  case SV_TUPLE: {
    host_seq *s = sup_arena_alloc(S->arena, sizeof *s);
    s->items = sup_arena_alloc(S->arena, (v->n + 1) * sizeof(host_val));
    s->cap = v->n + 1;
    for (unsigned i = 0; i < v->n; i++)
      if (!to_host(S, &v->elems[i], &s->items[s->n++])) return false;
    *out = (host_val){.kind = HV_TUPLE, .seq = s};
    return true;
  }
  default: return to_opaque(S, v, out);
  }
}

/* A host value as a compile-time constant (a constexpr's value); tuples nest at most 32
 * deep (a deeper one is built by a loop, and is no constexpr). */
static bool from_host_at(sema *S, const host_val *v, ir_loc loc, const char *what, sema_val *out, int depth) {
  switch (v->kind) {
  case HV_NONE: *out = sema_none(); return true;
  case HV_INT: *out = sema_int(v->i); return true;
  case HV_BOOL: *out = sema_bool(v->i != 0); return true;
  case HV_FLOAT: *out = sema_float(v->f); return true;
  case HV_STR: *out = (sema_val){.kind = SV_STR, .s = v->s}; return true;
  case HV_OPAQUE: *out = *(const sema_val *)v->opaque; return true;
  case HV_TUPLE: {
    if (depth > 32) break;
    sema_val *el = sup_arena_alloc(S->arena, (v->seq->n + 1) * sizeof(sema_val));
    for (unsigned i = 0; i < v->seq->n; i++)
      if (!from_host_at(S, &v->seq->items[i], loc, what, &el[i], depth + 1)) return false;
    *out = (sema_val){.kind = SV_TUPLE, .n = v->seq->n, .elems = el};
    return true;
  }
  default: break;
  }
  sema_error(S, loc, "%s is a %s; a compile-time value must be a number, bool, str, None, a dtype or a tuple%s",
             what, host_type_name(v), depth > 32 ? " (nested at most 32 deep)" : "");
  return false;
}

static bool from_host(sema *S, const host_val *v, ir_loc loc, const char *what, sema_val *out) {
  return from_host_at(S, v, loc, what, out, 0);
}

static bool host_global(void *user, const char *name, host_val *out) {
  sema *S = user;
  sema_val v;
  sema_fn *saved = S->fn;
  S->fn = NULL;
  bool found = sema_lookup(S, name, &v);
  S->fn = saved;
  return found && v.kind != SV_POISON && to_host(S, &v, out);
}

/* tl.float16 and the like: sema knows the modules' names; what it gives must be a value
 * (a dtype), not something to call on the host. */
static bool host_module_attr(void *user, const char *module, const char *name, ir_loc loc, host_val *out) {
  sema *S = user;
  sema_val mod = {.kind = SV_MODULE, .path = module}, v;
  mod.umod = sup_ptrmap_get(&S->modules, (uint64_t)(uintptr_t)ir_intern(S->ctx, module));
  if (!sema_module_attr(S, &mod, name, loc, &v)) return false;
  if (v.kind == SV_MODULE && v.umod) return to_host(S, &v, out); /* a submodule */
  if (v.kind == SV_BUILTIN || v.kind == SV_MODULE) {
    sema_error(S, loc, "'%s.%s' is not supported in host code", module, name);
    return false;
  }
  return to_host(S, &v, out);
}

/* `d.name` in host code of a value only sema knows (a dtype: its predicates, widths). */
static bool host_opaque_attr(void *user, const host_val *base, const char *name, ir_loc loc, host_val *out) {
  sema *S = user;
  sema_val r;
  if (!sema_value_attr(S, base->opaque, name, loc, &r)) return false;
  return r.kind == SV_BUILTIN ? to_opaque(S, &r, out) : to_host(S, &r, out); /* a method: called back here */
}

/* A dtype's method called in host code (`inp_dtype.is_bf16()` in a constexpr function). */
static bool host_opaque_call(void *user, const host_val *fn, unsigned nargs, const host_val *args, ir_loc loc,
                             host_val *out) {
  sema *S = user;
  const sema_val *f = fn->opaque;
  (void)args;
  if (f->kind != SV_BUILTIN || !f->self || strncmp(f->path, "dtype.", 6) || nargs) {
    sema_error(S, loc, "%s is not callable in host code%s", sema_describe(S, f),
               nargs && f->kind == SV_BUILTIN ? " with arguments" : "");
    return false;
  }
  sema_val r;
  return sema_dtype_method(S, f->self, f->path + 6, loc, &r) && to_host(S, &r, out);
}

bool sema_call_constexpr_fn(sema *S, const char *name, ir_loc loc, unsigned nargs, const sema_val *args,
                            unsigned nkw, const char *const *kwnames, const sema_val *kwvals, sema_val *out) {
  const host_val *f = host_global_value(&S->host, name);
  if (!f || f->kind != HV_FUNC) {
    sema_error(S, loc, "constexpr function '%s' is not available to host code", name);
    return false;
  }
  host_val *ha = sup_arena_alloc(S->arena, (nargs + nkw + 1) * sizeof *ha);
  for (unsigned i = 0; i < nargs + nkw; i++) {
    const sema_val *v = i < nargs ? &args[i] : &kwvals[i - nargs];
    if (v->kind == SV_TENSOR) {
      sema_error(S, loc, "constexpr function '%s' takes compile-time values, got %s (a run-time value)", name,
                 sema_describe(S, v));
      return false;
    }
    if (!to_host(S, v, &ha[i])) return false;
  }
  host_val r;
  if (!host_call_kw(&S->host, f, nargs, ha, nkw, kwnames, ha + nargs, loc, &r)) return false;
  return from_host(S, &r, loc, "a constexpr function's result", out);
}

void sema_host_init(sema *S) {
  host_init(&S->host, S->ctx, S->arena, host_global, S);
  S->host.target_sm = S->opts ? S->opts->target_sm : 0;
  /* The file is imported, as Triton's JIT imports it: __name__ is its module name (the file's
   * stem), never "__main__", so `if __name__ == "__main__":` blocks do not run. */
  const char *path = S->file && S->file->filename ? S->file->filename : "kernel";
  const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  size_t n = strcspn(base, ".");
  host_define(&S->host, "__name__", host_str(sup_arena_strndup(S->arena, base, n ? n : strlen(base))));
  S->host.module_attr = host_module_attr;
  S->host.opaque_attr = host_opaque_attr;
  S->host.opaque_call = host_opaque_call;
}

/* ---- module level ------------------------------------------------------------------------- */

void sema_host_set_global(sema *S, const char *name, const sema_val *v) {
  host_val hv;
  if (to_host(S, v, &hv)) host_define(&S->host, name, hv);
}

void sema_host_define_function(sema *S, fe_funcdef *fd) {
  host_define(&S->host, fd->name, (host_val){.kind = HV_FUNC, .fn = fd});
}

bool sema_host_wants(sema *S, const fe_stmt *s) { return host_stmt_needs_eval(&S->host, s); }

/* A host value sema can use as a compile-time constant (lists become tuples); false, with
 * nothing reported, for the others (configs, dicts, functions). */
static bool quiet_from_host(sema *S, const host_val *v, sema_val *out, int depth) {
  if (v->kind == HV_LIST || v->kind == HV_TUPLE) {
    if (depth > 32 || v->seq->n > 4096) return false; /* not a constant a kernel reads */
    sema_val *el = sup_arena_alloc(S->arena, (v->seq->n + 1) * sizeof(sema_val));
    for (unsigned i = 0; i < v->seq->n; i++)
      if (!quiet_from_host(S, &v->seq->items[i], &el[i], depth + 1)) return false;
    *out = (sema_val){.kind = SV_TUPLE, .n = v->seq->n, .elems = el};
    return true;
  }
  bool plain = v->kind == HV_NONE || v->kind == HV_INT || v->kind == HV_BOOL || v->kind == HV_FLOAT ||
               v->kind == HV_STR || v->kind == HV_OPAQUE;
  return plain && from_host(S, v, (ir_loc){0}, "", out);
}

bool sema_host_constant(sema *S, const host_val *v, sema_val *out) { return quiet_from_host(S, v, out, 0); }

bool sema_host_wants_expr(sema *S, const fe_expr *e) { return host_needs_eval(&S->host, e); }

bool sema_host_value(sema *S, const fe_expr *e, sema_val *out) {
  host_val v;
  if (!host_eval(&S->host, e, &v)) return false;
  return quiet_from_host(S, &v, out, 0) || from_host(S, &v, e->loc, "this host value", out);
}

/* ---- @triton.autotune ------------------------------------------------------------------------ */

/* The argument `name` of a decorator call, given by keyword or at position `pos` (Triton's
 * order: autotune(configs, key, ...), heuristics(values)); NULL when absent. */
static const fe_expr *arg_at(const fe_expr *call, unsigned pos, const char *name) {
  for (unsigned i = 0; i < call->nkeywords; i++)
    if (!strcmp(call->keywords[i].name, name)) return call->keywords[i].value;
  return pos < call->nitems ? call->items[pos] : NULL;
}

static const fe_expr *kwarg(const fe_expr *call, const char *name) {
  static const char *const positional[] = {"configs", "key"};
  for (unsigned p = 0; p < 2; p++)
    if (!strcmp(positional[p], name)) return arg_at(call, p, name);
  return arg_at(call, ~0u, name);
}

static bool eval_kw(sema *S, const fe_expr *call, const char *name, host_val *out) {
  const fe_expr *e = kwarg(call, name);
  *out = host_none();
  return !e || host_eval(&S->host, e, out);
}

/* A list of str (None: empty), as for key=, reset_to_zero=, restore_value=. */
static bool str_list(sema *S, const fe_expr *call, const char *name, host_val *out) {
  if (!eval_kw(S, call, name, out)) return false;
  if (out->kind == HV_NONE) return true;
  bool ok = out->kind == HV_LIST || out->kind == HV_TUPLE;
  for (unsigned i = 0; ok && i < out->seq->n; i++) ok = out->seq->items[i].kind == HV_STR;
  if (!ok) sema_error(S, kwarg(call, name)->loc, "@triton.autotune %s= must be a list of parameter names", name);
  return ok;
}

static bool int_kw(sema *S, const fe_expr *call, const char *name, int64_t dflt, int64_t *out) {
  host_val v;
  if (!eval_kw(S, call, name, &v)) return false;
  *out = dflt;
  if (v.kind == HV_NONE) return true;
  if (v.kind != HV_INT || v.i < 0) {
    sema_error(S, kwarg(call, name)->loc, "@triton.autotune %s= must be a non-negative integer", name);
    return false;
  }
  *out = v.i;
  return true;
}

static bool make_variant(sema *S, const host_val *c, ir_loc loc, unsigned index, sema_variant *v) {
  if (c->kind != HV_CONFIG) {
    sema_error(S, loc, "autotune configs must be triton.Config(...) values, got %s", host_type_name(c));
    return false;
  }
  const host_dict *d = c->cfg->kwargs;
  *v = (sema_variant){.index = index, .cfg = c->cfg, .ncfg = d->n};
  v->cfg_names = sup_arena_alloc(S->arena, (d->n + 1) * sizeof(char *));
  v->cfg_vals = sup_arena_alloc(S->arena, (d->n + 1) * sizeof(sema_val));
  for (unsigned i = 0; i < d->n; i++) {
    v->cfg_names[i] = d->keys[i].s;
    if (!from_host(S, &d->vals[i], c->cfg->loc, d->keys[i].s, &v->cfg_vals[i])) return false;
  }
  int64_t w = c->cfg->num_warps, st = c->cfg->num_stages;
  if (w && (w > 32 || (w & (w - 1)))) {
    sema_error(S, c->cfg->loc, "triton.Config num_warps must be a power of two up to 32, got %lld", (long long)w);
    return false;
  }
  if (st > 64) {
    sema_error(S, c->cfg->loc, "triton.Config num_stages must be at most 64, got %lld", (long long)st);
    return false;
  }
  if (c->cfg->maxnreg < 0 || c->cfg->maxnreg > 255) {
    sema_error(S, c->cfg->loc, "triton.Config maxnreg must be None or 1 to 255, got %lld",
               (long long)c->cfg->maxnreg);
    return false;
  }
  v->warps = (unsigned)w;
  v->stages = (unsigned)st;
  v->maxnreg = (unsigned)c->cfg->maxnreg;
  return true;
}

/* The configs as IR (the module's tilec.autotune_configs, kept for readers of the IR). */
static const ir_attr *config_attr(sema *S, const sema_jit *j, const sema_variant *v) {
  ir_named_attr *kv = sup_arena_alloc(S->arena, (v->ncfg + 1) * sizeof(ir_named_attr));
  for (unsigned i = 0; i < v->ncfg; i++)
    kv[i] = (ir_named_attr){ir_intern(S->ctx, v->cfg_names[i]), sema_const_attr(S, &v->cfg_vals[i])};
  ir_named_attr e[5];
  unsigned ne = 0;
  e[ne++] = (ir_named_attr){ir_intern(S->ctx, "kernel"), ir_string_attr(S->ctx, j->fd->name)};
  e[ne++] = (ir_named_attr){ir_intern(S->ctx, "kwargs"), ir_dict_attr(S->ctx, v->ncfg, kv)};
  if (v->warps) e[ne++] = (ir_named_attr){ir_intern(S->ctx, "num_warps"), ir_i32_attr(S->ctx, v->warps)};
  if (v->stages) e[ne++] = (ir_named_attr){ir_intern(S->ctx, "num_stages"), ir_i32_attr(S->ctx, v->stages)};
  if (v->maxnreg) e[ne++] = (ir_named_attr){ir_intern(S->ctx, "maxnreg"), ir_i32_attr(S->ctx, v->maxnreg)};
  return ir_dict_attr(S->ctx, ne, e);
}

/* Evaluates a decorator's host expression e: 1 with *v; 0 when it fails only because host
 * code tilec skipped makes it (FlagGems' runtime), with *u saying why and nothing reported
 * (the warning comes if the kernel is compiled: select_and_compile); -1 after an error. */
static int eval_or_unmade(sema *S, const fe_expr *e, host_val *v, sema_unmade *u) {
  diag_engine *d = ir_context_diag(S->ctx);
  bool held = diag_hold_begin(d);
  S->host.hit_skipped = false;
  bool ok = host_eval(&S->host, e, v);
  diag_held *h = held ? diag_hold_end(d) : NULL;
  ir_loc why_loc;
  const char *why;
  if (!ok && S->host.hit_skipped && !ir_context_failed(S->ctx) && diag_held_first_error(h, &why_loc, &why)) {
    *u = (sema_unmade){sup_arena_printf(S->arena, "%s", why), e->loc, NULL, {0}};
    diag_severity sev;
    const char *note;
    for (size_t i = 0; !u->note && diag_held_nth(h, i, &sev, &u->note_loc, &note); i++)
      if (sev == DIAG_NOTE) u->note = sup_arena_printf(S->arena, "%s", note);
    diag_held_free(h);
    return 0;
  }
  diag_held_emit(d, h, false, NULL);
  return ok ? 1 : -1;
}

static bool read_configs(sema *S, sema_jit *j, const fe_expr *call) {
  const fe_expr *l = kwarg(call, "configs");
  host_val v;
  if (!l) {
    sema_error(S, call->loc, "@triton.autotune needs configs=[triton.Config(...), ...]");
    return false;
  }
  int made = eval_or_unmade(S, l, &v, &j->configs_unmade);
  if (made < 0) return false;
  if (!made) { /* compiled as if not autotuned, its constexprs from --signature, -D or defaults */
    j->autotuned = false;
    return true;
  }
  if (v.kind != HV_LIST && v.kind != HV_TUPLE) {
    sema_error(S, l->loc, "@triton.autotune configs must be a list of triton.Config, got %s", host_type_name(&v));
    return false;
  }
  if (v.seq->n == 0 || v.seq->n > SEMA_MAX_VARIANTS) {
    sema_error(S, l->loc, "@triton.autotune has %u configs (1 to %d are supported)", v.seq->n, SEMA_MAX_VARIANTS);
    return false;
  }
  j->variants = sup_arena_alloc(S->arena, v.seq->n * sizeof(sema_variant));
  const ir_attr **all = sup_arena_alloc(S->arena, (S->nall_configs + v.seq->n) * sizeof(ir_attr *));
  if (S->nall_configs) memcpy(all, S->all_configs, S->nall_configs * sizeof(ir_attr *));
  S->all_configs = all;
  for (unsigned i = 0; i < v.seq->n; i++) {
    if (!make_variant(S, &v.seq->items[i], l->loc, i, &j->variants[i])) return false;
    S->all_configs[S->nall_configs++] = config_attr(S, j, &j->variants[i]);
  }
  j->nvariants = v.seq->n;
  return true;
}

static bool read_prune(sema *S, sema_jit *j, const fe_expr *call) {
  host_val p;
  if (!eval_kw(S, call, "prune_configs_by", &p)) return false;
  j->tuning.early_prune = host_none();
  if (p.kind == HV_NONE) return true;
  const fe_expr *at = kwarg(call, "prune_configs_by");
  if (p.kind != HV_DICT) {
    sema_error(S, at->loc, "prune_configs_by must be a dict ({'early_config_prune': f, 'perf_model': g, 'top_k': n})");
    return false;
  }
  j->tuning.prune_at = at;
  for (unsigned i = 0; i < p.dict->n; i++) {
    const host_val *k = &p.dict->keys[i], *v = &p.dict->vals[i];
    const char *ks = k->kind == HV_STR ? k->s : "";
    if (!strcmp(ks, "early_config_prune") && (v->kind == HV_NONE || host_is_callable(v))) j->tuning.early_prune = *v;
    else if (!strcmp(ks, "perf_model") && (v->kind == HV_NONE || host_is_callable(v))) j->tuning.perf_model = v->kind != HV_NONE;
    else if (!strcmp(ks, "top_k") && (v->kind == HV_INT || v->kind == HV_FLOAT || v->kind == HV_NONE))
      j->tuning.top_k = v->kind == HV_INT ? v->i : v->kind == HV_FLOAT && v->f > 0 ? 1 : 0; /* a fraction: some */
    else {
      sema_error(S, at->loc, "prune_configs_by: unsupported entry '%s' (early_config_prune and perf_model take "
                 "functions, top_k a number)", ks);
      return false;
    }
  }
  return true;
}

static bool check_autotune_kwargs(sema *S, const fe_expr *call) {
  /* Triton's, and FlagGems' libtuner's strategy= and policy= (how it buckets the key and
   * times at run time: no effect here) */
  static const char *const known[] = {"configs", "key", "prune_configs_by", "reset_to_zero", "restore_value",
                                      "pre_hook", "post_hook", "warmup", "rep", "use_cuda_graph", "do_bench",
                                      "cache_results", "strategy", "policy"};
  static const char *const must_be_none[] = {"pre_hook", "post_hook", "do_bench"};
  for (unsigned i = 0; i < call->nkeywords; i++) {
    const fe_keyword *k = &call->keywords[i];
    size_t n = 0;
    while (n < sizeof known / sizeof *known && strcmp(known[n], k->name)) n++;
    if (n == sizeof known / sizeof *known) {
      sema_error(S, k->loc, "@triton.autotune got an unsupported keyword argument '%s'", k->name);
      return false;
    }
    for (size_t m = 0; m < sizeof must_be_none / sizeof *must_be_none; m++)
      if (!strcmp(must_be_none[m], k->name) && k->value->kind != FE_EXPR_NONE) {
        sema_error(S, k->loc, "@triton.autotune %s= is not supported (only None): tilert times the variants "
                   "itself", k->name);
        return false;
      }
  }
  return true;
}

/* Every name of key=, reset_to_zero=, restore_value= must be a parameter of the kernel. */
static bool check_param_names(sema *S, const sema_jit *j, const fe_expr *call, const char *what, const host_val *l) {
  for (unsigned i = 0; l->kind != HV_NONE && i < l->seq->n; i++) {
    const char *n = l->seq->items[i].s;
    unsigned p = 0;
    while (p < j->fd->nparams && strcmp(j->fd->params[p].name, n)) p++;
    if (p == j->fd->nparams) {
      sema_error(S, kwarg(call, what)->loc, "@triton.autotune %s= names '%s', which is not a parameter of '%s'",
                 what, n, j->fd->name);
      return false;
    }
  }
  return true;
}

bool sema_read_autotune(sema *S, sema_jit *j, const fe_expr *call) {
  if (j->autotuned) {
    sema_error(S, call->loc, "a kernel takes one @triton.autotune decorator");
    return false;
  }
  j->autotuned = true;
  sema_tuning *t = &j->tuning;
  return check_autotune_kwargs(S, call) && read_configs(S, j, call) && str_list(S, call, "key", &t->key) &&
         str_list(S, call, "reset_to_zero", &t->reset_to_zero) &&
         str_list(S, call, "restore_value", &t->restore_value) && int_kw(S, call, "warmup", 25, &t->warmup) &&
         int_kw(S, call, "rep", 100, &t->rep) && read_prune(S, j, call) &&
         check_param_names(S, j, call, "key", &t->key) && check_param_names(S, j, call, "reset_to_zero", &t->reset_to_zero) &&
         check_param_names(S, j, call, "restore_value", &t->restore_value);
}

/* ---- @triton.heuristics ------------------------------------------------------------------ */

bool sema_read_heuristics(sema *S, sema_jit *j, const fe_expr *call) {
  const fe_expr *d = call->kind == FE_EXPR_CALL && call->nitems + call->nkeywords == 1 ? arg_at(call, 0, "values") : NULL;
  host_val v;
  if (!d) {
    sema_error(S, call->loc, "@triton.heuristics takes one dict (values=): {'NAME': lambda args: ..., ...}");
    return false;
  }
  int made = eval_or_unmade(S, d, &v, &j->heur_unmade);
  if (made <= 0) return made == 0; /* unmade: compiled without these heuristics */
  if (v.kind != HV_DICT) {
    sema_error(S, d->loc, "@triton.heuristics takes a dict of functions, got %s", host_type_name(&v));
    return false;
  }
  sema_heuristic *h = sup_arena_alloc(S->arena, (j->nheur + v.dict->n + 1) * sizeof *h);
  if (j->nheur) memcpy(h, j->heur, j->nheur * sizeof *h);
  for (unsigned i = 0; i < v.dict->n; i++) {
    const host_val *k = &v.dict->keys[i], *f = &v.dict->vals[i];
    if (k->kind != HV_STR || !host_is_callable(f)) {
      sema_error(S, d->loc, "@triton.heuristics entries map a parameter name to a function");
      return false;
    }
    h[j->nheur++] = (sema_heuristic){k->s, *f, d->loc};
  }
  j->heur = h;
  return true;
}

/* args for a heuristic or a pruning function: every parameter by name, its value when known
 * (else a run-time marker that is an error to read, or that defers pruning). */
host_val sema_host_args(sema *S, unsigned n, const char *const *names, const sema_val *vals) {
  host_dict *d = host_dict_new(&S->host);
  for (unsigned i = 0; i < n; i++) {
    host_val v = {.kind = HV_UNKNOWN, .s = names[i]};
    if (vals[i].kind != SV_INVALID && !to_host(S, &vals[i], &v)) v = (host_val){.kind = HV_UNKNOWN, .s = names[i]};
    host_dict_set(&S->host, d, host_str(names[i]), v);
  }
  return (host_val){.kind = HV_DICT, .dict = d};
}

/* ---- a config's pre_hook ------------------------------------------------------------------ */

static const char *dims_text(sema *S, unsigned n, const int64_t *dims) {
  const char *t = "[";
  for (unsigned d = 0; d < n; d++) t = sup_arena_printf(S->arena, "%s%s%lld", t, d ? ", " : "", (long long)dims[d]);
  return sup_arena_printf(S->arena, "%s]", t);
}

/* The block shape a hook left in a descriptor object: n dims in out; false after an error. */
static bool hook_block(sema *S, const host_val *bs, ir_loc loc, const char *param, unsigned *n, int64_t *out) {
  bool ok = (bs->kind == HV_LIST || bs->kind == HV_TUPLE) && bs->seq->n >= 1 && bs->seq->n <= IR_MAX_TENSORDESC_RANK;
  for (unsigned d = 0; ok && d < bs->seq->n; d++) ok = bs->seq->items[d].kind == HV_INT;
  if (!ok) {
    sema_error(S, loc, "the pre_hook sets nargs[\"%s\"].block_shape to a %s; it must be a list of 1 to %d ints",
               param, host_type_name(bs), IR_MAX_TENSORDESC_RANK);
    return false;
  }
  *n = bs->seq->n;
  for (unsigned d = 0; d < *n; d++) out[d] = bs->seq->items[d].i;
  return true;
}

bool sema_run_pre_hook(sema *S, const host_val *hook, ir_loc loc, const host_val *args, unsigned nparams,
                       const char *const *names, const sema_bptr **descs, const bool *ptrs) {
  host_interp *H = &S->host;
  host_dict *d = host_dict_new(H);
  for (unsigned i = 0; i < args->dict->n; i++) host_dict_set(H, d, args->dict->keys[i], args->dict->vals[i]);
  host_val *objs = sup_arena_alloc(S->arena, (nparams + 1) * sizeof *objs);
  for (unsigned i = 0; i < nparams; i++) {
    if (!descs[i] && !ptrs[i]) continue;
    objs[i] = host_object(H, descs[i] ? "TensorDescriptor" : "torch.Tensor");
    if (descs[i]) {
      host_seq *bs = sup_arena_alloc(S->arena, sizeof *bs);
      bs->items = sup_arena_alloc(S->arena, (descs[i]->rank + 1) * sizeof(host_val));
      bs->cap = descs[i]->rank + 1;
      for (unsigned k = 0; k < descs[i]->rank; k++) bs->items[bs->n++] = host_int(descs[i]->block[k]);
      host_val shape = descs[i]->rank ? (host_val){.kind = HV_LIST, .seq = bs} : host_none();
      host_object_set(H, &objs[i], "block_shape", shape);
    }
    host_dict_set(H, d, host_str(names[i]), objs[i]);
  }
  host_val nargs = {.kind = HV_DICT, .dict = d}, r;
  if (!host_call(H, hook, 1, &nargs, loc, &r)) return false;
  for (unsigned i = 0; i < nparams; i++) {
    if (!descs[i]) continue;
    const host_val *bs = host_dict_get_str(objs[i].dict, "block_shape");
    int64_t dims[IR_MAX_RANK];
    unsigned n;
    if (bs->kind == HV_NONE) continue; /* a bare descriptor left bare: resolve_descs says so */
    if (!hook_block(S, bs, loc, names[i], &n, dims)) return false;
    const sema_bptr *sig = descs[i];
    bool same = sig->rank == n;
    for (unsigned k = 0; same && k < n; k++) same = sig->block[k] == dims[k];
    if (same) continue;
    if (sig->rank) {
      char b[16];
      sema_error(S, loc, "the pre_hook sets nargs[\"%s\"].block_shape = %s, but the signature gives %s the block %s: "
                 "write it tensordesc<%s> (no block shape) to let the pre_hook set it", names[i],
                 dims_text(S, n, dims), names[i], dims_text(S, sig->rank, sig->block), sema_dt_name(sig->elt, b));
      return false;
    }
    if (!sema_tdesc_with_block(S, loc, names[i], sig, n, dims, &descs[i])) return false;
  }
  return true;
}

bool sema_run_heuristic(sema *S, const sema_heuristic *h, const host_val *args, sema_val *out) {
  host_val r;
  if (!host_call(&S->host, &h->fn, 1, args, h->loc, &r)) {
    sema_note(S, h->loc, "in the heuristic for '%s'", h->name);
    return false;
  }
  return from_host(S, &r, h->loc, sup_arena_printf(S->arena, "the heuristic for '%s'", h->name), out);
}

/* Applies early_config_prune(configs, named_args) when it can run on what is known;
 * keep[i] says whether variant i stays. *out_state: "none", "applied" or "deferred". */
bool sema_prune_variants(sema *S, sema_jit *j, const host_val *named_args, bool *keep, const char **out_state) {
  for (unsigned i = 0; i < j->nvariants; i++) keep[i] = true;
  *out_state = j->tuning.perf_model || j->tuning.top_k ? "deferred" : "none";
  if (j->tuning.early_prune.kind == HV_NONE) return true;
  host_seq *cs = sup_arena_alloc(S->arena, sizeof *cs);
  cs->items = sup_arena_alloc(S->arena, (j->nvariants + 1) * sizeof(host_val));
  cs->cap = j->nvariants + 1;
  for (unsigned i = 0; i < j->nvariants; i++)
    cs->items[cs->n++] = (host_val){.kind = HV_CONFIG, .cfg = (host_config *)j->variants[i].cfg};
  host_val args[2] = {{.kind = HV_LIST, .seq = cs}, *named_args}, r;
  /* Triton calls early_config_prune(configs, nargs, **kwargs) with the launch's keyword
   * arguments; a tilec launch has no keywords, so a def with **kwargs gets every parameter
   * (those its own parameters do not name) there too, as the tutorials read them. */
  const host_val *f = &j->tuning.early_prune;
  const host_dict *na = named_args->dict;
  const char **kwn = sup_arena_alloc(S->arena, (na->n + 1) * sizeof *kwn);
  host_val *kwv = sup_arena_alloc(S->arena, (na->n + 1) * sizeof *kwv);
  unsigned nkw = 0;
  for (unsigned i = 0; f->kind == HV_FUNC && f->fn->kwargs && i < na->n; i++) {
    bool own = false;
    for (unsigned p = 0; p < f->fn->nparams && !own; p++) own = !strcmp(f->fn->params[p].name, na->keys[i].s);
    if (!own) kwn[nkw] = na->keys[i].s, kwv[nkw++] = na->vals[i];
  }
  S->host.soft_unknown = true, S->host.hit_unknown = false;
  bool ok = host_call_kw(&S->host, f, 2, args, nkw, kwn, kwv, j->tuning.prune_at->loc, &r);
  bool deferred = S->host.hit_unknown;
  S->host.soft_unknown = false, S->host.hit_unknown = false;
  if (!ok && deferred && !(S->opts && S->opts->is_unit)) /* once per file, not per entry */
    diag_emit(ir_context_diag(S->ctx), DIAG_WARNING, j->tuning.prune_at->loc,
              "early_config_prune of '%s' reads '%s', a run-time argument: every config is compiled "
              "(pruning deferred); give its value with --launch-value %s=VALUE to prune here "
              "(tilert_jit_compile_and_tune prunes with each call's arguments)",
              j->fd->name, S->host.unknown_name ? S->host.unknown_name : "?",
              S->host.unknown_name ? S->host.unknown_name : "NAME");
  if (!ok && deferred) return *out_state = "deferred", true;
  if (!ok) return false;
  if (r.kind != HV_LIST && r.kind != HV_TUPLE) {
    sema_error(S, j->tuning.prune_at->loc, "early_config_prune returned %s, not a list of configs", host_type_name(&r));
    return false;
  }
  for (unsigned i = 0; i < j->nvariants; i++) {
    keep[i] = false;
    for (unsigned k = 0; k < r.seq->n && !keep[i]; k++)
      keep[i] = r.seq->items[k].kind == HV_CONFIG && r.seq->items[k].cfg == j->variants[i].cfg;
  }
  if (r.seq->n == 0) {
    sema_error(S, j->tuning.prune_at->loc, "early_config_prune kept no config of '%s'", j->fd->name);
    return false;
  }
  *out_state = j->tuning.perf_model || j->tuning.top_k ? "applied; perf_model deferred" : "applied";
  return true;
}

/* The tuning facts as a dict attribute (FE_ATTR_TUNING; the metadata's "tuning" entry). */
static const ir_attr *str_array(sema *S, const host_val *l) {
  unsigned n = l->kind == HV_NONE ? 0 : l->seq->n;
  const ir_attr **xs = sup_arena_alloc(S->arena, (n + 1) * sizeof(ir_attr *));
  for (unsigned i = 0; i < n; i++) xs[i] = ir_string_attr(S->ctx, l->seq->items[i].s);
  return ir_array_attr(S->ctx, n, xs);
}

const ir_attr *sema_tuning_attr(sema *S, const sema_jit *j, const char *prune_state, unsigned nkept) {
  const sema_tuning *t = &j->tuning;
  ir_named_attr e[8];
  unsigned n = 0;
  e[n++] = (ir_named_attr){ir_intern(S->ctx, "configs"), ir_i64_attr(S->ctx, j->nvariants)};
  e[n++] = (ir_named_attr){ir_intern(S->ctx, "kept"), ir_i64_attr(S->ctx, nkept)};
  e[n++] = (ir_named_attr){ir_intern(S->ctx, "key"), str_array(S, &t->key)};
  e[n++] = (ir_named_attr){ir_intern(S->ctx, "prune"), ir_string_attr(S->ctx, prune_state)};
  e[n++] = (ir_named_attr){ir_intern(S->ctx, "rep"), ir_i64_attr(S->ctx, t->rep)};
  e[n++] = (ir_named_attr){ir_intern(S->ctx, "reset_to_zero"), str_array(S, &t->reset_to_zero)};
  e[n++] = (ir_named_attr){ir_intern(S->ctx, "restore_value"), str_array(S, &t->restore_value)};
  e[n++] = (ir_named_attr){ir_intern(S->ctx, "warmup"), ir_i64_attr(S->ctx, t->warmup)};
  return ir_dict_attr(S->ctx, n, e);
}
