/* The host-Python evaluator (see host_eval.h): expressions, statements of plain `def`
 * functions, builtins and triton.Config, over the AST of ast.h.
 *
 * Values follow Python: int arithmetic is exact (a result that leaves int64 is an error,
 * never a wrap), `//` and `%` floor, `/` gives a float, bool is an int in arithmetic. Lists
 * and dicts are shared by reference. Errors are located diagnostics; every function that
 * can fail returns false after emitting one (or, with soft_unknown, after setting
 * hit_unknown). */
#include "Frontend/host_eval.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Bounds that keep any input finite: call nesting, one range(), and the work of the whole
 * evaluation (statements run plus list elements made; real config lists take hundreds). */
enum { HOST_MAX_DEPTH = 64, HOST_MAX_RANGE = 1 << 20, HOST_MAX_STEPS = 1 << 21 };

typedef struct host_var {
  const char *name; /* interned */
  host_val val;
} host_var;

struct host_scope {
  host_scope *parent;
  unsigned n, cap;
  host_var *vars;
};

typedef enum exec_status { EX_OK, EX_ERR, EX_RETURN, EX_BREAK, EX_CONTINUE } exec_status;

void host_error(host_interp *H, ir_loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  diag_vemit(ir_context_diag(H->ctx), DIAG_ERROR, loc, fmt, ap);
  va_end(ap);
}

#define herr host_error

/* Counts n steps of work; false (reported once) past the budget. */
static bool step(host_interp *H, ir_loc loc, uint64_t n) {
  if (H->steps > HOST_MAX_STEPS) return false;
  H->steps += n;
  if (H->steps <= HOST_MAX_STEPS) return true;
  herr(H, loc, "host code does too much work at compile time (more than %d steps)", HOST_MAX_STEPS);
  return false;
}

/* ---- values -------------------------------------------------------------------------- */

host_val host_int(int64_t i) { return (host_val){.kind = HV_INT, .i = i}; }
host_val host_str(const char *s) { return (host_val){.kind = HV_STR, .s = s}; }
host_val host_none(void) { return (host_val){.kind = HV_NONE}; }
static host_val host_bool(bool b) { return (host_val){.kind = HV_BOOL, .i = b}; }
static host_val host_float(double f) { return (host_val){.kind = HV_FLOAT, .f = f}; }

const char *host_type_name(const host_val *v) {
  switch (v->kind) {
  case HV_NONE: return "None";
  case HV_BOOL: return "bool";
  case HV_INT: return "int";
  case HV_FLOAT: return "float";
  case HV_STR: return "str";
  case HV_LIST: return "list";
  case HV_TUPLE: return "tuple";
  case HV_DICT: return "dict";
  case HV_FUNC: return "function";
  case HV_LAMBDA: return "lambda";
  case HV_BUILTIN: return "builtin function";
  case HV_MODULE: return "module";
  case HV_CONFIG: return "triton.Config";
  case HV_OPAQUE: return v->s ? v->s : "object";
  case HV_UNKNOWN: return "run-time value";
  case HV_OBJECT: return v->s;
  case HV_SKIPPED: return "skipped name";
  }
  return "object";
}

bool host_is_callable(const host_val *v) {
  return v->kind == HV_FUNC || v->kind == HV_LAMBDA || v->kind == HV_BUILTIN;
}

static bool is_num(const host_val *v) { return v->kind == HV_INT || v->kind == HV_BOOL || v->kind == HV_FLOAT; }
static bool is_int(const host_val *v) { return v->kind == HV_INT || v->kind == HV_BOOL; }
static double as_f(const host_val *v) { return v->kind == HV_FLOAT ? v->f : (double)v->i; }

bool host_truthy(const host_val *v) {
  switch (v->kind) {
  case HV_NONE: return false;
  case HV_BOOL: case HV_INT: return v->i != 0;
  case HV_FLOAT: return v->f != 0.0;
  case HV_STR: return v->s[0] != 0;
  case HV_LIST: case HV_TUPLE: return v->seq->n != 0;
  case HV_DICT: return v->dict->n != 0;
  default: return true;
  }
}

static bool equal_at(const host_val *a, const host_val *b, int depth);

bool host_equal(const host_val *a, const host_val *b) { return equal_at(a, b, 0); }

/* Python's ==; containers nested deeper than 100 (a list that holds itself) compare by
 * identity there. */
static bool equal_at(const host_val *a, const host_val *b, int depth) {
  if (is_num(a) && is_num(b)) return is_int(a) && is_int(b) ? a->i == b->i : as_f(a) == as_f(b);
  if (a->kind != b->kind) return false;
  switch (a->kind) {
  case HV_NONE: return true;
  case HV_STR: return strcmp(a->s, b->s) == 0;
  case HV_LIST: case HV_TUPLE:
    if (a->seq == b->seq || depth > 100) return a->seq == b->seq;
    if (a->seq->n != b->seq->n) return false;
    for (unsigned i = 0; i < a->seq->n; i++)
      if (!equal_at(&a->seq->items[i], &b->seq->items[i], depth + 1)) return false;
    return true;
  case HV_DICT:
    if (a->dict == b->dict || depth > 100) return a->dict == b->dict;
    if (a->dict->n != b->dict->n) return false;
    for (unsigned i = 0; i < a->dict->n; i++) {
      host_val *o = host_dict_get(b->dict, &a->dict->keys[i]);
      if (!o || !equal_at(o, &a->dict->vals[i], depth + 1)) return false;
    }
    return true;
  case HV_CONFIG: return a->cfg == b->cfg;
  case HV_FUNC: return a->fn == b->fn;
  case HV_LAMBDA: return a->lambda == b->lambda && a->closure == b->closure;
  case HV_BUILTIN: case HV_MODULE: return strcmp(a->s, b->s) == 0 && a->self == b->self;
  case HV_OPAQUE: return a->opaque == b->opaque;
  case HV_OBJECT: return a->dict == b->dict;
  default: return false;
  }
}

static host_seq *seq_new(host_interp *H, unsigned cap) {
  host_seq *s = sup_arena_alloc(H->arena, sizeof *s);
  s->cap = cap ? cap : 4;
  s->items = sup_arena_alloc(H->arena, s->cap * sizeof(host_val));
  return s;
}

static void seq_push(host_interp *H, host_seq *s, host_val v) {
  if (s->n == s->cap) {
    host_val *ni = sup_arena_alloc(H->arena, 2 * s->cap * sizeof(host_val));
    memcpy(ni, s->items, s->n * sizeof(host_val));
    s->items = ni, s->cap *= 2;
  }
  s->items[s->n++] = v;
}

static host_val seq_val(host_kind k, host_seq *s) { return (host_val){.kind = k, .seq = s}; }

host_dict *host_dict_new(host_interp *H) { return sup_arena_alloc(H->arena, sizeof(host_dict)); }

host_val *host_dict_get(const host_dict *d, const host_val *key) {
  for (unsigned i = 0; i < d->n; i++)
    if (host_equal(&d->keys[i], key)) return &d->vals[i];
  return NULL;
}

host_val *host_dict_get_str(const host_dict *d, const char *key) {
  host_val k = host_str(key);
  return host_dict_get(d, &k);
}

void host_dict_set(host_interp *H, host_dict *d, host_val key, host_val val) {
  host_val *slot = host_dict_get(d, &key);
  if (slot) {
    *slot = val;
    return;
  }
  if (d->n == d->cap) {
    unsigned cap = d->cap ? 2 * d->cap : 8;
    host_val *nk = sup_arena_alloc(H->arena, cap * sizeof(host_val));
    host_val *nv = sup_arena_alloc(H->arena, cap * sizeof(host_val));
    if (d->n) memcpy(nk, d->keys, d->n * sizeof(host_val)), memcpy(nv, d->vals, d->n * sizeof(host_val));
    d->keys = nk, d->vals = nv, d->cap = cap;
  }
  d->keys[d->n] = key, d->vals[d->n++] = val;
}

host_val host_object(host_interp *H, const char *cls) {
  return (host_val){.kind = HV_OBJECT, .s = cls, .dict = host_dict_new(H)};
}

void host_object_set(host_interp *H, const host_val *obj, const char *attr, host_val v) {
  host_dict_set(H, obj->dict, host_str(attr), v);
}

/* ---- scopes --------------------------------------------------------------------------- */

static host_scope *scope_new(host_interp *H, host_scope *parent) {
  host_scope *s = sup_arena_alloc(H->arena, sizeof *s);
  s->parent = parent;
  return s;
}

static host_val *scope_find(const host_scope *s, const char *name) {
  for (unsigned i = 0; i < s->n; i++)
    if (s->vars[i].name == name) return &s->vars[i].val;
  return NULL;
}

static void scope_set(host_interp *H, host_scope *s, const char *name, host_val v) {
  host_val *slot = scope_find(s, name);
  if (slot) {
    *slot = v;
    return;
  }
  if (s->n == s->cap) {
    unsigned cap = s->cap ? 2 * s->cap : 8;
    host_var *nv = sup_arena_alloc(H->arena, cap * sizeof(host_var));
    if (s->n) memcpy(nv, s->vars, s->n * sizeof(host_var));
    s->vars = nv, s->cap = cap;
  }
  s->vars[s->n++] = (host_var){name, v};
}

void host_init(host_interp *H, ir_context *ctx, sup_arena *arena, host_global_fn lookup, void *user) {
  *H = (host_interp){.ctx = ctx, .arena = arena, .lookup = lookup, .lookup_user = user};
  H->globals = scope_new(H, NULL);
}

void host_define(host_interp *H, const char *name, host_val v) {
  scope_set(H, H->globals, ir_intern(H->ctx, name), v);
}

bool host_defines(const host_interp *H, const char *name) {
  return scope_find(H->globals, ir_intern(H->ctx, name)) != NULL;
}

/* ---- names, modules and builtins -------------------------------------------------------- */

static const char *const builtin_paths[] = {
    "builtins.min",   "builtins.max",   "builtins.len",   "builtins.range", "builtins.int",
    "builtins.float", "builtins.bool",  "builtins.abs",   "builtins.sum",   "builtins.list",
    "builtins.tuple", "triton.Config",  "triton.next_power_of_2",           "triton.cdiv",
    "builtins.isinstance",
};
/* Builtins that only host code has (sema knows none of them): a module-level expression
 * that names one is host code (host_needs_eval). */
static const char *const host_only_paths[] = {
    "builtins.filter", "builtins.dict", "builtins.zip", "builtins.enumerate", "builtins.sorted",
    "builtins.reversed", "builtins.any", "builtins.all", "builtins.str", "builtins.round",
};

/* The path of the host-only builtin `name` ("builtins.zip"), or NULL. */
static const char *host_only_builtin(const char *name) {
  for (size_t i = 0; i < sizeof host_only_paths / sizeof *host_only_paths; i++)
    if (!strcmp(host_only_paths[i] + 9, name)) return host_only_paths[i];
  return NULL;
}
static const char *const module_paths[] = {"triton", "triton.language", "math"};

static const char *known_path(const char *path, const char *const *table, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (strcmp(table[i], path) == 0) return table[i];
  return NULL;
}

void host_skipped_error(host_interp *H, ir_loc loc, const char *name, const fe_skip *k) {
  diag_engine *d = ir_context_diag(H->ctx);
  H->hit_skipped = true;
  if (k->loc.file && loc.file && strcmp(k->loc.file, loc.file)) /* in an imported module */
    diag_emit(d, DIAG_ERROR, loc, "'%s' is bound by a module-level statement tilec skipped (%s:%d)", name,
              k->loc.file, k->loc.line);
  else
    diag_emit(d, DIAG_ERROR, loc, "'%s' is bound by a module-level statement tilec skipped (line %d)", name,
              k->loc.line);
  diag_emit(d, DIAG_NOTE, k->why_loc, "tilec skipped it: %s", k->why);
}

const host_val *host_global_value(const host_interp *H, const char *name) {
  return scope_find(H->globals, ir_intern(H->ctx, name));
}

static bool lookup(host_interp *H, host_scope *sc, const fe_expr *e, host_val *out) {
  host_val *g = NULL;
  for (; sc && !g; sc = sc->parent) g = scope_find(sc, e->name);
  if (!g) g = scope_find(H->globals, e->name);
  if (g) *out = *g;
  if (g || (H->lookup && H->lookup(H->lookup_user, e->name, out))) {
    if (out->kind != HV_SKIPPED) return true;
    host_skipped_error(H, e->loc, e->name, out->opaque);
    return false;
  }
  char path[64];
  snprintf(path, sizeof path, "builtins.%s", e->name);
  const char *b = known_path(path, builtin_paths, sizeof builtin_paths / sizeof *builtin_paths);
  if (!b) b = host_only_builtin(e->name);
  if (b) return *out = (host_val){.kind = HV_BUILTIN, .s = b}, true;
  herr(H, e->loc, "name '%s' is not defined in host code", e->name);
  return false;
}

/* A run-time value read where its value is needed. */
static bool unknown_error(host_interp *H, const host_val *v, ir_loc loc) {
  if (H->soft_unknown) {
    if (!H->hit_unknown) H->unknown_name = v->s;
    H->hit_unknown = true;
    return false;
  }
  herr(H, loc, "'%s' is a run-time argument whose value is not known at compile time: give its "
       "value with -D %s=VALUE or as a constant in the signature", v->s, v->s);
  return false;
}

static bool eval(host_interp *H, host_scope *sc, const fe_expr *e, host_val *out);

/* An evaluated operand that must be a known value. */
static bool eval_known(host_interp *H, host_scope *sc, const fe_expr *e, host_val *out) {
  if (!eval(H, sc, e, out)) return false;
  return out->kind != HV_UNKNOWN || unknown_error(H, out, e->loc);
}

static bool attribute(host_interp *H, host_scope *sc, const fe_expr *e, host_val *out) {
  host_val base;
  if (!eval_known(H, sc, e->value, &base)) return false;
  if (base.kind == HV_MODULE) {
    const char *path = sup_arena_printf(H->arena, "%s.%s", base.s, e->name);
    const char *b = known_path(path, builtin_paths, sizeof builtin_paths / sizeof *builtin_paths);
    const char *m = known_path(path, module_paths, sizeof module_paths / sizeof *module_paths);
    if (b || m) return *out = (host_val){.kind = b ? HV_BUILTIN : HV_MODULE, .s = b ? b : m}, true;
    if (host_env_is_builtin(path)) return *out = (host_val){.kind = HV_BUILTIN, .s = path}, true;
    if (host_env_is_module(path)) return *out = (host_val){.kind = HV_MODULE, .s = path}, true;
    if (host_env_value(H, base.s, e->name, out)) return true;
    if (host_env_is_module(base.s)) return herr(H, e->loc, "'%s' is not supported in host code", path), false;
    if (H->module_attr) return H->module_attr(H->lookup_user, base.s, e->name, e->loc, out);
    herr(H, e->loc, "'%s' is not supported in host code", path);
    return false;
  }
  if (base.kind == HV_CONFIG) {
    const host_config *c = base.cfg;
    if (!strcmp(e->name, "kwargs")) return *out = (host_val){.kind = HV_DICT, .dict = c->kwargs}, true;
    if (!strcmp(e->name, "num_warps")) return *out = host_int(c->num_warps ? c->num_warps : 4), true;
    if (!strcmp(e->name, "num_stages")) return *out = host_int(c->num_stages ? c->num_stages : 3), true;
    if (!strcmp(e->name, "num_ctas")) return *out = host_int(c->num_ctas ? c->num_ctas : 1), true;
    if (!strcmp(e->name, "maxnreg")) return *out = c->maxnreg ? host_int(c->maxnreg) : host_none(), true;
    if (!strcmp(e->name, "pre_hook")) return *out = c->pre_hook ? *c->pre_hook : host_none(), true;
  }
  if (base.kind == HV_OPAQUE && H->opaque_attr) return H->opaque_attr(H->lookup_user, &base, e->name, e->loc, out);
  if (base.kind == HV_OBJECT) {
    host_val *a = host_dict_get_str(base.dict, e->name);
    if (a) return *out = *a, true;
    herr(H, e->loc, "attribute '%s' of %s is not supported in host code", e->name, base.s);
    return false;
  }
  static const char *const methods[] = {"list.append", "list.extend", "dict.get", "dict.items",
                                        "dict.keys", "dict.values", "triton.Config.all_kwargs",
                                        "str.lower", "str.upper", "str.strip", "str.startswith",
                                        "str.endswith", "int.bit_length"};
  const char *m = sup_arena_printf(H->arena, "%s.%s", host_type_name(&base), e->name);
  const char *known = known_path(m, methods, sizeof methods / sizeof *methods);
  if (!known) {
    herr(H, e->loc, "attribute '%s' of %s is not supported in host code", e->name, host_type_name(&base));
    return false;
  }
  host_val *self = sup_arena_memdup(H->arena, &base, sizeof base);
  *out = (host_val){.kind = HV_BUILTIN, .s = known, .self = self};
  return true;
}

/* ---- arithmetic ----------------------------------------------------------------------- */

static bool int_arith(host_interp *H, fe_binop op, int64_t a, int64_t b, ir_loc loc, host_val *out) {
  int64_t r = 0;
  bool ovf = false;
  switch (op) {
  case FE_ADD: ovf = __builtin_add_overflow(a, b, &r); break;
  case FE_SUB: ovf = __builtin_sub_overflow(a, b, &r); break;
  case FE_MUL: ovf = __builtin_mul_overflow(a, b, &r); break;
  case FE_FLOORDIV: case FE_MOD:
    if (b == 0) return herr(H, loc, "integer division or modulo by zero in host code"), false;
    if (a == INT64_MIN && b == -1) { ovf = true; break; }
    r = op == FE_FLOORDIV ? a / b : a % b;
    if (op == FE_FLOORDIV && (a % b != 0) && ((a < 0) != (b < 0))) r--;
    if (op == FE_MOD && r != 0 && ((r < 0) != (b < 0))) r += b;
    break;
  case FE_POW:
    if (b < 0) return *out = host_float(pow((double)a, (double)b)), true;
    r = 1;
    for (int64_t base = a, e = b; e > 0 && !ovf; e >>= 1) { /* by squaring: b may be huge */
      if (e & 1) ovf = __builtin_mul_overflow(r, base, &r);
      if (e > 1 && !ovf) ovf = __builtin_mul_overflow(base, base, &base);
    }
    break;
  case FE_LSHIFT:
    if (b < 0) return herr(H, loc, "negative shift count in host code"), false;
    ovf = b >= 63 || (a != 0 && (a > (INT64_MAX >> b) || a < (INT64_MIN >> b)));
    r = ovf ? 0 : a * ((int64_t)1 << b);
    break;
  case FE_RSHIFT:
    if (b < 0) return herr(H, loc, "negative shift count in host code"), false;
    r = b >= 63 ? (a < 0 ? -1 : 0) : a >> b;
    break;
  case FE_BITAND: r = a & b; break;
  case FE_BITOR: r = a | b; break;
  case FE_BITXOR: r = a ^ b; break;
  default: return herr(H, loc, "this operator is not supported on int in host code"), false;
  }
  if (ovf) return herr(H, loc, "integer result does not fit in 64 bits in host code"), false;
  *out = host_int(r);
  return true;
}

static bool float_arith(host_interp *H, fe_binop op, double a, double b, ir_loc loc, host_val *out) {
  switch (op) {
  case FE_ADD: *out = host_float(a + b); return true;
  case FE_SUB: *out = host_float(a - b); return true;
  case FE_MUL: *out = host_float(a * b); return true;
  case FE_POW: *out = host_float(pow(a, b)); return true;
  case FE_DIV: case FE_FLOORDIV: case FE_MOD:
    if (b == 0.0) return herr(H, loc, "float division by zero in host code"), false;
    if (op == FE_DIV) *out = host_float(a / b);
    else if (op == FE_FLOORDIV) *out = host_float(floor(a / b));
    else *out = host_float(a - floor(a / b) * b);
    return true;
  default: herr(H, loc, "this operator is not supported on float in host code"); return false;
  }
}

static bool seq_concat(host_interp *H, const host_val *a, const host_val *b, ir_loc loc, host_val *out) {
  if (!step(H, loc, (uint64_t)a->seq->n + b->seq->n)) return false;
  host_seq *s = seq_new(H, a->seq->n + b->seq->n);
  for (unsigned i = 0; i < a->seq->n; i++) seq_push(H, s, a->seq->items[i]);
  for (unsigned i = 0; i < b->seq->n; i++) seq_push(H, s, b->seq->items[i]);
  *out = seq_val(a->kind, s);
  return true;
}

static bool binop(host_interp *H, fe_binop op, const host_val *a, const host_val *b, ir_loc loc, host_val *out) {
  if (is_int(a) && is_int(b) && op != FE_DIV) return int_arith(H, op, a->i, b->i, loc, out);
  if (is_num(a) && is_num(b)) return float_arith(H, op, as_f(a), as_f(b), loc, out);
  if (op == FE_ADD && a->kind == HV_STR && b->kind == HV_STR && !step(H, loc, (strlen(a->s) + strlen(b->s)) / 16 + 1))
    return false;
  if (op == FE_ADD && a->kind == HV_STR && b->kind == HV_STR)
    return *out = host_str(sup_arena_printf(H->arena, "%s%s", a->s, b->s)), true;
  if (op == FE_ADD && a->kind == b->kind && (a->kind == HV_LIST || a->kind == HV_TUPLE))
    return seq_concat(H, a, b, loc, out);
  if (op == FE_MUL && (a->kind == HV_LIST || a->kind == HV_TUPLE) && is_int(b) && b->i <= HOST_MAX_RANGE) {
    if (b->i > 0 && !step(H, loc, (uint64_t)b->i * a->seq->n)) return false;
    host_seq *s = seq_new(H, 4);
    for (int64_t k = 0; k < b->i; k++)
      for (unsigned i = 0; i < a->seq->n; i++) seq_push(H, s, a->seq->items[i]);
    return *out = seq_val(a->kind, s), true;
  }
  herr(H, loc, "unsupported operand types for this operator in host code: %s and %s", host_type_name(a),
       host_type_name(b));
  return false;
}

static bool unary(host_interp *H, fe_unop op, const host_val *a, ir_loc loc, host_val *out) {
  if (op == FE_NOT) return *out = host_bool(!host_truthy(a)), true;
  if (is_int(a) && op == FE_NEG) {
    if (a->i == INT64_MIN) return herr(H, loc, "integer result does not fit in 64 bits in host code"), false;
    return *out = host_int(-a->i), true;
  }
  if (is_int(a) && op == FE_POS) return *out = host_int(a->i), true;
  if (is_int(a) && op == FE_INVERT) return *out = host_int(~a->i), true;
  if (a->kind == HV_FLOAT && op != FE_INVERT) return *out = host_float(op == FE_NEG ? -a->f : a->f), true;
  herr(H, loc, "bad operand type for a unary operator in host code: %s", host_type_name(a));
  return false;
}

static bool contains(host_interp *H, const host_val *item, const host_val *c, ir_loc loc, bool *out) {
  if (c->kind == HV_LIST || c->kind == HV_TUPLE) {
    *out = false;
    for (unsigned i = 0; i < c->seq->n && !*out; i++) *out = host_equal(item, &c->seq->items[i]);
    return true;
  }
  if (c->kind == HV_DICT) return *out = host_dict_get(c->dict, item) != NULL, true;
  if (c->kind == HV_STR && item->kind == HV_STR) return *out = strstr(c->s, item->s) != NULL, true;
  herr(H, loc, "'in' needs a list, tuple, dict or str in host code, got %s", host_type_name(c));
  return false;
}

static bool order(host_interp *H, fe_cmpop op, const host_val *a, const host_val *b, ir_loc loc, bool *out) {
  int c;
  if (is_int(a) && is_int(b)) c = (a->i > b->i) - (a->i < b->i);
  else if (is_num(a) && is_num(b)) c = (as_f(a) > as_f(b)) - (as_f(a) < as_f(b));
  else if (a->kind == HV_STR && b->kind == HV_STR) c = strcmp(a->s, b->s);
  else {
    herr(H, loc, "cannot order %s and %s in host code", host_type_name(a), host_type_name(b));
    return false;
  }
  *out = op == FE_LT ? c < 0 : op == FE_LE ? c <= 0 : op == FE_GT ? c > 0 : c >= 0;
  return true;
}

static uint64_t size_of(const host_val *v) {
  return v->kind == HV_LIST || v->kind == HV_TUPLE ? v->seq->n : v->kind == HV_DICT ? v->dict->n : 0;
}

static bool compare1(host_interp *H, fe_cmpop op, const host_val *a, const host_val *b, ir_loc loc, bool *out) {
  if (!step(H, loc, (size_of(a) + size_of(b)) / 16)) return false;
  switch (op) {
  case FE_EQ: *out = host_equal(a, b); return true;
  case FE_NE: *out = !host_equal(a, b); return true;
  case FE_IS: case FE_ISNOT: {
    bool same = a->kind == b->kind && (a->kind == HV_NONE || host_equal(a, b));
    *out = op == FE_IS ? same : !same;
    return true;
  }
  case FE_IN: case FE_NOTIN:
    if (!contains(H, a, b, loc, out)) return false;
    if (op == FE_NOTIN) *out = !*out;
    return true;
  default: return order(H, op, a, b, loc, out);
  }
}

static bool compare(host_interp *H, host_scope *sc, const fe_expr *e, host_val *out) {
  host_val a, b;
  if (!eval_known(H, sc, e->items[0], &a)) return false;
  for (unsigned i = 1; i < e->nitems; i++) {
    bool r;
    if (!eval_known(H, sc, e->items[i], &b) || !compare1(H, e->cmpops[i - 1], &a, &b, e->loc, &r)) return false;
    if (!r) return *out = host_bool(false), true;
    a = b;
  }
  *out = host_bool(true);
  return true;
}

/* ---- subscripts ------------------------------------------------------------------------ */

static bool index_of(host_interp *H, const host_val *i, unsigned n, ir_loc loc, unsigned *out) {
  if (!is_int(i)) return herr(H, loc, "indices must be integers in host code, got %s", host_type_name(i)), false;
  int64_t k = i->i < 0 ? i->i + (int64_t)n : i->i;
  if (k < 0 || k >= (int64_t)n) return herr(H, loc, "index %lld out of range (length %u)", (long long)i->i, n), false;
  *out = (unsigned)k;
  return true;
}

static bool slice_bound(host_interp *H, host_scope *sc, const fe_expr *e, int64_t n, int64_t dflt, int64_t *out) {
  host_val v;
  if (!e) return *out = dflt, true;
  if (!eval_known(H, sc, e, &v)) return false;
  if (!is_int(&v)) return herr(H, e->loc, "slice bounds must be integers in host code"), false;
  int64_t k = v.i < 0 ? v.i + n : v.i;
  *out = k < 0 ? 0 : k > n ? n : k;
  return true;
}

static bool slice(host_interp *H, host_scope *sc, const host_val *base, const fe_expr *s, host_val *out) {
  int64_t n = base->seq->n, lo, hi;
  if (s->step) return herr(H, s->loc, "slice steps are not supported in host code"), false;
  if (!slice_bound(H, sc, s->lower, n, 0, &lo) || !slice_bound(H, sc, s->upper, n, n, &hi)) return false;
  if (hi > lo && !step(H, s->loc, (uint64_t)(hi - lo))) return false;
  host_seq *r = seq_new(H, 4);
  for (int64_t i = lo; i < hi; i++) seq_push(H, r, base->seq->items[i]);
  *out = seq_val(base->kind, r);
  return true;
}

static bool subscript(host_interp *H, host_scope *sc, const fe_expr *e, host_val *out) {
  host_val base, key;
  if (!eval_known(H, sc, e->value, &base)) return false;
  if (e->nitems != 1) return herr(H, e->loc, "multi-dimensional subscripts are not supported in host code"), false;
  const fe_expr *it = e->items[0];
  bool seq = base.kind == HV_LIST || base.kind == HV_TUPLE;
  if (it->kind == FE_EXPR_SLICE && seq) return slice(H, sc, &base, it, out);
  if (it->kind == FE_EXPR_SLICE) return herr(H, it->loc, "cannot slice %s in host code", host_type_name(&base)), false;
  if (!eval_known(H, sc, it, &key)) return false;
  if (base.kind == HV_DICT) {
    if (!step(H, e->loc, base.dict->n / 16)) return false;
    host_val *v = host_dict_get(base.dict, &key);
    if (!v && key.kind == HV_STR) return herr(H, it->loc, "key '%s' is not in the dict", key.s), false;
    if (!v) return herr(H, it->loc, "key not in the dict"), false;
    if (v->kind == HV_UNKNOWN && !unknown_error(H, v, e->loc)) return false;
    return *out = *v, true;
  }
  unsigned k;
  if (!seq) return herr(H, e->loc, "%s is not subscriptable in host code", host_type_name(&base)), false;
  if (!index_of(H, &key, base.seq->n, it->loc, &k)) return false;
  *out = base.seq->items[k];
  return true;
}

/* ---- iteration --------------------------------------------------------------------------- */

/* The items a `for` visits: a list or tuple's items, a dict's keys (range() is a list). */
static bool iter_items(host_interp *H, const host_val *v, ir_loc loc, host_seq **out) {
  if (v->kind == HV_LIST || v->kind == HV_TUPLE) return *out = v->seq, true;
  if (v->kind == HV_DICT) {
    if (!step(H, loc, v->dict->n)) return false;
    host_seq *s = seq_new(H, v->dict->n);
    for (unsigned i = 0; i < v->dict->n; i++) seq_push(H, s, v->dict->keys[i]);
    return *out = s, true;
  }
  herr(H, loc, "cannot iterate over %s in host code", host_type_name(v));
  return false;
}

static bool bind_target(host_interp *H, host_scope *sc, const fe_expr *t, const host_val *v) {
  if (t->kind == FE_EXPR_NAME) return scope_set(H, sc, t->name, *v), true;
  if (t->kind == FE_EXPR_TUPLE || t->kind == FE_EXPR_LIST) {
    if (v->kind != HV_LIST && v->kind != HV_TUPLE)
      return herr(H, t->loc, "cannot unpack %s in host code", host_type_name(v)), false;
    if (v->seq->n != t->nitems)
      return herr(H, t->loc, "cannot unpack %u values into %u variables", v->seq->n, t->nitems), false;
    for (unsigned i = 0; i < t->nitems; i++)
      if (!bind_target(H, sc, t->items[i], &v->seq->items[i])) return false;
    return true;
  }
  herr(H, t->loc, "this assignment target is not supported in host code (names, tuples, subscripts)");
  return false;
}

static bool comp_level(host_interp *H, host_scope *sc, const fe_expr *e, unsigned g, host_seq *acc) {
  if (!step(H, e->loc, 1)) return false;
  if (g == e->ngens) {
    host_val v;
    if (!eval(H, sc, e->body, &v)) return false;
    return seq_push(H, acc, v), true;
  }
  const fe_comp *c = &e->gens[g];
  host_val it;
  host_seq *items;
  if (!eval_known(H, sc, c->iter, &it) || !iter_items(H, &it, c->iter->loc, &items)) return false;
  for (unsigned i = 0; i < items->n; i++) {
    if (!bind_target(H, sc, c->target, &items->items[i])) return false;
    bool keep = true;
    for (unsigned k = 0; k < c->nifs && keep; k++) {
      host_val cond;
      if (!eval_known(H, sc, c->ifs[k], &cond)) return false;
      keep = host_truthy(&cond);
    }
    if (keep && !comp_level(H, sc, e, g + 1, acc)) return false;
  }
  return true;
}

static bool listcomp(host_interp *H, host_scope *sc, const fe_expr *e, host_val *out) {
  host_seq *acc = seq_new(H, 8);
  if (!comp_level(H, scope_new(H, sc), e, 0, acc)) return false;
  *out = seq_val(HV_LIST, acc);
  return true;
}

/* ---- literals ---------------------------------------------------------------------------- */

static bool items(host_interp *H, host_scope *sc, const fe_expr *e, host_kind k, host_val *out) {
  host_seq *s = seq_new(H, e->nitems);
  for (unsigned i = 0; i < e->nitems; i++) {
    host_val v;
    if (!eval(H, sc, e->items[i], &v)) return false;
    seq_push(H, s, v);
  }
  *out = seq_val(k, s);
  return true;
}

static bool dict_literal(host_interp *H, host_scope *sc, const fe_expr *e, host_val *out) {
  host_dict *d = host_dict_new(H);
  for (unsigned i = 0; i < e->nitems; i++) {
    host_val k, v;
    if (!eval_known(H, sc, e->items[i], &k) || !eval(H, sc, e->values[i], &v)) return false;
    if (k.kind != HV_STR && k.kind != HV_INT && k.kind != HV_BOOL)
      return herr(H, e->items[i]->loc, "dict keys must be strings or integers in host code"), false;
    if (!step(H, e->loc, d->n / 16 + 1)) return false;
    host_dict_set(H, d, k, v);
  }
  *out = (host_val){.kind = HV_DICT, .dict = d};
  return true;
}

/* ---- calls --------------------------------------------------------------------------------- */

typedef struct hcall {
  ir_loc loc;
  unsigned nargs, nkw;
  const host_val *args;
  const char *const *kwn;
  const host_val *kwv;
} hcall;

static bool no_keywords(host_interp *H, const hcall *c, const char *what) {
  if (!c->nkw) return true;
  herr(H, c->loc, "%s() takes no keyword argument '%s' in host code", what, c->kwn[0]);
  return false;
}

static bool arity(host_interp *H, const hcall *c, const char *what, unsigned lo, unsigned hi) {
  if (!no_keywords(H, c, what)) return false;
  if (c->nargs >= lo && c->nargs <= hi) return true;
  herr(H, c->loc, "%s() takes %u to %u arguments but %u were given", what, lo, hi, c->nargs);
  return false;
}

static bool need_int(host_interp *H, const host_val *v, ir_loc loc, const char *what) {
  if (is_int(v)) return true;
  herr(H, loc, "%s needs an int in host code, got %s", what, host_type_name(v));
  return false;
}

static bool b_minmax(host_interp *H, const hcall *c, bool is_max, host_val *out) {
  const char *what = is_max ? "max" : "min";
  if (!arity(H, c, what, 1, 64)) return false;
  const host_val *xs = c->args;
  unsigned n = c->nargs;
  if (n == 1) {
    host_seq *s;
    if (!iter_items(H, &c->args[0], c->loc, &s) || !step(H, c->loc, s->n)) return false;
    xs = s->items, n = s->n;
  }
  if (!n) return herr(H, c->loc, "%s() of an empty sequence", what), false;
  host_val best = xs[0];
  for (unsigned i = 1; i < n; i++) {
    bool gt;
    if (!order(H, is_max ? FE_GT : FE_LT, &xs[i], &best, c->loc, &gt)) return false;
    if (gt) best = xs[i];
  }
  *out = best;
  return true;
}

static bool b_range(host_interp *H, const hcall *c, host_val *out) {
  if (!arity(H, c, "range", 1, 3)) return false;
  for (unsigned i = 0; i < c->nargs; i++)
    if (!need_int(H, &c->args[i], c->loc, "range()")) return false;
  int64_t lo = c->nargs > 1 ? c->args[0].i : 0, hi = c->nargs > 1 ? c->args[1].i : c->args[0].i;
  int64_t stride = c->nargs > 2 ? c->args[2].i : 1;
  if (stride == 0) return herr(H, c->loc, "range() step must not be zero"), false;
  host_seq *s = seq_new(H, 8);
  for (int64_t v = lo; stride > 0 ? v < hi : v > hi;) {
    if (s->n >= HOST_MAX_RANGE) return herr(H, c->loc, "range() of more than %d values in host code", HOST_MAX_RANGE), false;
    if (!step(H, c->loc, 1)) return false;
    seq_push(H, s, host_int(v));
    if (__builtin_add_overflow(v, stride, &v)) break; /* past the end of int64: done */
  }
  *out = seq_val(HV_LIST, s);
  return true;
}

static bool b_len(host_interp *H, const hcall *c, host_val *out) {
  if (!arity(H, c, "len", 1, 1)) return false;
  const host_val *v = &c->args[0];
  if (v->kind == HV_LIST || v->kind == HV_TUPLE) return *out = host_int(v->seq->n), true;
  if (v->kind == HV_DICT) return *out = host_int(v->dict->n), true;
  if (v->kind == HV_STR) return *out = host_int((int64_t)strlen(v->s)), true;
  herr(H, c->loc, "len() of %s in host code", host_type_name(v));
  return false;
}

static bool b_convert(host_interp *H, const hcall *c, const char *what, host_val *out) {
  if (!arity(H, c, what, 1, 1)) return false;
  const host_val *v = &c->args[0];
  if (!strcmp(what, "bool")) return *out = host_bool(host_truthy(v)), true;
  if (!is_num(v)) return herr(H, c->loc, "%s() of %s in host code", what, host_type_name(v)), false;
  if (!strcmp(what, "float")) return *out = host_float(as_f(v)), true;
  if (!strcmp(what, "abs") && is_int(v)) {
    if (v->i == INT64_MIN) return herr(H, c->loc, "integer result does not fit in 64 bits in host code"), false;
    return *out = host_int(v->i < 0 ? -v->i : v->i), true;
  }
  if (!strcmp(what, "abs")) return *out = host_float(fabs(v->f)), true;
  if (is_int(v)) return *out = host_int(v->i), true;
  if (!(v->f > -9.2e18 && v->f < 9.2e18)) return herr(H, c->loc, "int() of %g in host code", v->f), false;
  *out = host_int((int64_t)v->f);
  return true;
}

static bool b_sum_seq(host_interp *H, const hcall *c, const char *what, host_val *out) {
  if (!arity(H, c, what, strcmp(what, "sum") ? 0 : 1, 1)) return false;
  host_seq *s = seq_new(H, 4);
  if (c->nargs && !iter_items(H, &c->args[0], c->loc, &s)) return false;
  if (!step(H, c->loc, s->n)) return false;
  if (strcmp(what, "sum") != 0) {
    host_seq *copy = seq_new(H, s->n);
    for (unsigned i = 0; i < s->n; i++) seq_push(H, copy, s->items[i]);
    return *out = seq_val(!strcmp(what, "list") ? HV_LIST : HV_TUPLE, copy), true;
  }
  host_val acc = host_int(0);
  for (unsigned i = 0; i < s->n; i++)
    if (!binop(H, FE_ADD, &acc, &s->items[i], c->loc, &acc)) return false;
  *out = acc;
  return true;
}

static bool b_next_pow2_cdiv(host_interp *H, const hcall *c, bool is_cdiv, host_val *out) {
  const char *what = is_cdiv ? "triton.cdiv" : "triton.next_power_of_2";
  if (!arity(H, c, what, is_cdiv ? 2 : 1, is_cdiv ? 2 : 1)) return false;
  for (unsigned i = 0; i < c->nargs; i++)
    if (!need_int(H, &c->args[i], c->loc, what)) return false;
  if (is_cdiv) {
    host_val t, d;
    if (c->args[1].i == 0) return herr(H, c->loc, "division by zero in triton.cdiv"), false;
    return int_arith(H, FE_SUB, c->args[1].i, 1, c->loc, &d) && int_arith(H, FE_ADD, c->args[0].i, d.i, c->loc, &t) &&
           int_arith(H, FE_FLOORDIV, t.i, c->args[1].i, c->loc, out);
  }
  int64_t n = c->args[0].i, p = 1;
  if (n > ((int64_t)1 << 62)) return herr(H, c->loc, "triton.next_power_of_2(%lld) does not fit in 64 bits", (long long)n), false;
  while (p < n) p <<= 1;
  *out = host_int(p);
  return true;
}

static bool config_int(host_interp *H, const hcall *c, unsigned k, int64_t *out) {
  const host_val *v = &c->kwv[k];
  if (v->kind == HV_NONE && !strcmp(c->kwn[k], "maxnreg")) return *out = 0, true;
  if (is_int(v) && v->i <= 0)
    return herr(H, c->loc, "triton.Config %s must be a positive integer, got %lld", c->kwn[k], (long long)v->i), false;
  if (!is_int(v))
    return herr(H, c->loc, "triton.Config %s must be a positive integer, got %s", c->kwn[k], host_type_name(v)), false;
  *out = v->i;
  return true;
}

static bool b_config(host_interp *H, const hcall *c, host_val *out) {
  host_config *cfg = sup_arena_alloc(H->arena, sizeof *cfg);
  cfg->loc = c->loc;
  const host_val *kw = c->nargs == 1 ? &c->args[0] : NULL;
  for (unsigned k = 0; k < c->nkw; k++)
    if (!strcmp(c->kwn[k], "kwargs") && !kw) kw = &c->kwv[k];
  if (!kw || kw->kind != HV_DICT || c->nargs > 1)
    return herr(H, c->loc, "triton.Config needs one dict of constexpr values as its first argument"), false;
  cfg->kwargs = kw->dict;
  for (unsigned i = 0; i < cfg->kwargs->n; i++)
    if (cfg->kwargs->keys[i].kind != HV_STR) return herr(H, c->loc, "triton.Config keys must be strings"), false;
  for (unsigned k = 0; k < c->nkw; k++) {
    const char *n = c->kwn[k];
    int64_t *slot = !strcmp(n, "num_warps") ? &cfg->num_warps : !strcmp(n, "num_stages") ? &cfg->num_stages
                  : !strcmp(n, "num_ctas") ? &cfg->num_ctas : !strcmp(n, "maxnreg") ? &cfg->maxnreg : NULL;
    if (slot && !config_int(H, c, k, slot)) return false;
    if (slot || !strcmp(n, "kwargs")) continue;
    if ((!strcmp(n, "pre_hook") || !strcmp(n, "ir_override")) && c->kwv[k].kind == HV_NONE) continue;
    if (!strcmp(n, "pre_hook") && host_is_callable(&c->kwv[k])) {
      cfg->pre_hook = sup_arena_memdup(H->arena, &c->kwv[k], sizeof c->kwv[k]);
      continue;
    }
    if (!strcmp(n, "pre_hook"))
      return herr(H, c->loc, "triton.Config pre_hook must be a function or None, got %s", host_type_name(&c->kwv[k])), false;
    return herr(H, c->loc, "triton.Config got an unsupported keyword argument '%s'", n), false;
  }
  *out = (host_val){.kind = HV_CONFIG, .cfg = cfg};
  return true;
}

/* Whether v is an instance of the class value cls (a builtin type, triton.Config,
 * TensorDescriptor); -1 when cls is no class host code knows. */
static int instance_of(const host_val *v, const host_val *cls) {
  if (cls->kind != HV_BUILTIN || cls->self) return -1;
  const char *p = cls->s;
  if (!strcmp(p, "triton.tools.tensor_descriptor.TensorDescriptor"))
    return v->kind == HV_OBJECT && !strcmp(v->s, "TensorDescriptor");
  if (!strcmp(p, "triton.Config")) return v->kind == HV_CONFIG;
  if (!strcmp(p, "builtins.int")) return is_int(v);
  if (!strcmp(p, "builtins.bool")) return v->kind == HV_BOOL;
  if (!strcmp(p, "builtins.float")) return v->kind == HV_FLOAT;
  if (!strcmp(p, "builtins.list")) return v->kind == HV_LIST;
  if (!strcmp(p, "builtins.tuple")) return v->kind == HV_TUPLE;
  if (!strcmp(p, "builtins.dict")) return v->kind == HV_DICT;
  if (!strcmp(p, "builtins.str")) return v->kind == HV_STR;
  return -1;
}

static bool b_isinstance(host_interp *H, const hcall *c, host_val *out) {
  if (!arity(H, c, "isinstance", 2, 2)) return false;
  const host_val *cls = &c->args[1];
  unsigned n = cls->kind == HV_TUPLE ? cls->seq->n : 1;
  bool r = false;
  for (unsigned i = 0; i < n; i++) {
    int k = instance_of(&c->args[0], cls->kind == HV_TUPLE ? &cls->seq->items[i] : cls);
    if (k < 0)
      return herr(H, c->loc, "isinstance() needs a class host code knows (int, float, bool, list, tuple, dict, "
                  "str, triton.Config, TensorDescriptor) or a tuple of them"), false;
    r |= k == 1;
  }
  *out = host_bool(r);
  return true;
}

static bool b_filter(host_interp *H, const hcall *c, host_val *out) {
  host_seq *xs;
  if (!arity(H, c, "filter", 2, 2) || !iter_items(H, &c->args[1], c->loc, &xs)) return false;
  if (c->args[0].kind != HV_NONE && !host_is_callable(&c->args[0]))
    return herr(H, c->loc, "filter() needs a function or None, got %s", host_type_name(&c->args[0])), false;
  host_seq *kept = seq_new(H, xs->n + 1);
  for (unsigned i = 0; i < xs->n; i++) {
    host_val r = xs->items[i];
    if (!step(H, c->loc, 1)) return false;
    if (c->args[0].kind != HV_NONE && !host_call(H, &c->args[0], 1, &xs->items[i], c->loc, &r)) return false;
    if (host_truthy(&r)) seq_push(H, kept, xs->items[i]);
  }
  *out = seq_val(HV_LIST, kept); /* Python's is an iterator: list(filter(...)) copies it */
  return true;
}

/* dict(), dict(mapping), dict(name=value, ...) and both. */
static bool b_dict(host_interp *H, const hcall *c, host_val *out) {
  host_dict *d = host_dict_new(H);
  if (c->nargs > 1 || (c->nargs == 1 && c->args[0].kind != HV_DICT))
    return herr(H, c->loc, "dict() takes a dict and keyword arguments in host code"), false;
  if (!step(H, c->loc, c->nkw + (c->nargs ? c->args[0].dict->n : 0))) return false;
  for (unsigned i = 0; c->nargs && i < c->args[0].dict->n; i++)
    host_dict_set(H, d, c->args[0].dict->keys[i], c->args[0].dict->vals[i]);
  for (unsigned k = 0; k < c->nkw; k++) host_dict_set(H, d, host_str(c->kwn[k]), c->kwv[k]);
  *out = (host_val){.kind = HV_DICT, .dict = d};
  return true;
}

/* str.lower/upper/strip (ASCII, as environment values are), str.startswith/endswith (a
 * prefix or a tuple of them). */
static bool str_method(host_interp *H, const hcall *c, const char *m, const host_val *self, host_val *out) {
  const char *name = m + 4, *t = self->s;
  size_t n = strlen(t);
  if (!strcmp(name, "startswith") || !strcmp(name, "endswith")) {
    if (!arity(H, c, name, 1, 1)) return false;
    const host_val *a = &c->args[0];
    unsigned k = a->kind == HV_TUPLE ? a->seq->n : 1;
    bool hit = false;
    for (unsigned i = 0; i < k && !hit; i++) {
      const host_val *p = a->kind == HV_TUPLE ? &a->seq->items[i] : a;
      if (p->kind != HV_STR) return herr(H, c->loc, "%s() takes a str or a tuple of str in host code", name), false;
      size_t pn = strlen(p->s);
      hit = pn <= n && !memcmp(name[0] == 's' ? t : t + n - pn, p->s, pn);
    }
    return *out = host_bool(hit), true;
  }
  if (!arity(H, c, name, 0, 0)) return false;
  char *r = sup_arena_strndup(H->arena, t, n);
  if (!strcmp(name, "strip")) {
    size_t a = 0, b = n;
    while (a < b && strchr(" \t\n\r\f\v", r[a])) a++;
    while (b > a && strchr(" \t\n\r\f\v", r[b - 1])) b--;
    return *out = host_str(sup_arena_strndup(H->arena, r + a, b - a)), true;
  }
  for (size_t i = 0; i < n; i++)
    if (name[0] == 'l' ? (r[i] >= 'A' && r[i] <= 'Z') : (r[i] >= 'a' && r[i] <= 'z')) r[i] ^= 0x20;
  return *out = host_str(r), true;
}

unsigned host_bit_length(int64_t v) {
  uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  unsigned bits = 0;
  while (u) bits++, u >>= 1;
  return bits;
}

static bool b_method(host_interp *H, const hcall *c, const char *m, const host_val *self, host_val *out) {
  if (!strncmp(m, "str.", 4)) return str_method(H, c, m, self, out);
  if (!strcmp(m, "int.bit_length")) { /* Python's: the bits of |n| */
    if (!arity(H, c, "bit_length", 0, 0)) return false;
    return *out = host_int(host_bit_length(self->i)), true;
  }
  if (!strcmp(m, "list.append") || !strcmp(m, "list.extend")) {
    if (!arity(H, c, m + 5, 1, 1)) return false;
    host_seq *s;
    if (!step(H, c->loc, 1)) return false;
    if (m[5] == 'a') seq_push(H, self->seq, c->args[0]);
    else if (!iter_items(H, &c->args[0], c->loc, &s) || !step(H, c->loc, s->n)) return false;
    else for (unsigned i = 0; i < s->n; i++) seq_push(H, self->seq, s->items[i]);
    return *out = host_none(), true;
  }
  if (!strcmp(m, "dict.get")) {
    if (!arity(H, c, "get", 1, 2)) return false;
    host_val *v = host_dict_get(self->dict, &c->args[0]);
    return *out = v ? *v : c->nargs > 1 ? c->args[1] : host_none(), true;
  }
  if (!strcmp(m, "triton.Config.all_kwargs")) return *out = (host_val){.kind = HV_DICT, .dict = self->cfg->kwargs}, true;
  if (!arity(H, c, m + 5, 0, 0)) return false;
  host_seq *s = seq_new(H, self->dict->n);
  for (unsigned i = 0; i < self->dict->n; i++) {
    host_val pair[2] = {self->dict->keys[i], self->dict->vals[i]};
    if (!strcmp(m, "dict.items")) {
      host_seq *p = seq_new(H, 2);
      seq_push(H, p, pair[0]), seq_push(H, p, pair[1]);
      seq_push(H, s, seq_val(HV_TUPLE, p));
    } else {
      seq_push(H, s, pair[!strcmp(m, "dict.values")]);
    }
  }
  *out = seq_val(HV_LIST, s);
  return true;
}

/* ---- iteration builtins: zip, enumerate, sorted, reversed, any, all ----------------------- */

static host_val pair_of(host_interp *H, host_val a, host_val b) {
  host_seq *p = seq_new(H, 2);
  seq_push(H, p, a), seq_push(H, p, b);
  return seq_val(HV_TUPLE, p);
}

static bool b_zip(host_interp *H, const hcall *c, host_val *out) {
  if (!no_keywords(H, c, "zip")) return false;
  host_seq *xs[16];
  unsigned n = UINT32_MAX;
  if (c->nargs > 16) return herr(H, c->loc, "zip() of more than 16 iterables in host code"), false;
  for (unsigned i = 0; i < c->nargs; i++) {
    if (!iter_items(H, &c->args[i], c->loc, &xs[i])) return false;
    if (xs[i]->n < n) n = xs[i]->n;
  }
  host_seq *r = seq_new(H, c->nargs ? n + 1 : 1);
  for (unsigned k = 0; c->nargs && k < n; k++) {
    host_seq *t = seq_new(H, c->nargs);
    if (!step(H, c->loc, c->nargs)) return false;
    for (unsigned i = 0; i < c->nargs; i++) seq_push(H, t, xs[i]->items[k]);
    seq_push(H, r, seq_val(HV_TUPLE, t));
  }
  *out = seq_val(HV_LIST, r); /* Python's is an iterator: list(zip(...)) copies it */
  return true;
}

static bool b_enumerate(host_interp *H, const hcall *c, host_val *out) {
  host_seq *xs;
  const host_val *start = c->nargs > 1 ? &c->args[1] : NULL;
  for (unsigned k = 0; k < c->nkw; k++)
    if (!strcmp(c->kwn[k], "start")) start = &c->kwv[k];
    else return herr(H, c->loc, "enumerate() got an unexpected keyword argument '%s'", c->kwn[k]), false;
  if (c->nargs < 1 || c->nargs > 2) return herr(H, c->loc, "enumerate() takes an iterable and a start"), false;
  if (start && !need_int(H, start, c->loc, "enumerate() start")) return false;
  if (!iter_items(H, &c->args[0], c->loc, &xs) || !step(H, c->loc, xs->n)) return false;
  host_seq *r = seq_new(H, xs->n + 1);
  int64_t i0 = start ? start->i : 0;
  for (unsigned k = 0; k < xs->n; k++) seq_push(H, r, pair_of(H, host_int(i0 + (int64_t)k), xs->items[k]));
  *out = seq_val(HV_LIST, r);
  return true;
}

/* sorted(iterable, reverse=False): a stable insertion sort by Python's < (numbers, strings);
 * key= is not supported. reversed(sequence). */
static bool b_sorted_reversed(host_interp *H, const hcall *c, bool is_sorted, host_val *out) {
  const char *what = is_sorted ? "sorted" : "reversed";
  bool rev = false;
  for (unsigned k = 0; k < c->nkw; k++)
    if (is_sorted && !strcmp(c->kwn[k], "reverse")) rev = host_truthy(&c->kwv[k]);
    else return herr(H, c->loc, "%s() got an unsupported keyword argument '%s' in host code", what, c->kwn[k]), false;
  host_seq *xs;
  if (c->nargs != 1) return herr(H, c->loc, "%s() takes one iterable", what), false;
  if (!iter_items(H, &c->args[0], c->loc, &xs)) return false;
  uint64_t work = is_sorted ? (uint64_t)xs->n * xs->n / 2 + 1 : xs->n + 1u;
  if (!step(H, c->loc, work)) return false;
  host_seq *r = seq_new(H, xs->n + 1);
  for (unsigned k = 0; k < xs->n; k++) seq_push(H, r, xs->items[is_sorted ? k : xs->n - 1 - k]);
  for (unsigned i = 1; is_sorted && i < r->n; i++)
    for (unsigned j = i; j > 0; j--) {
      bool lt;
      const host_val *a = &r->items[j], *b = &r->items[j - 1];
      if (!order(H, FE_LT, rev ? b : a, rev ? a : b, c->loc, &lt)) return false;
      if (!lt) break;
      host_val t = r->items[j];
      r->items[j] = r->items[j - 1], r->items[j - 1] = t;
    }
  *out = seq_val(HV_LIST, r);
  return true;
}

static bool b_any_all(host_interp *H, const hcall *c, bool is_all, host_val *out) {
  host_seq *xs;
  if (!arity(H, c, is_all ? "all" : "any", 1, 1) || !iter_items(H, &c->args[0], c->loc, &xs) ||
      !step(H, c->loc, xs->n))
    return false;
  bool r = is_all;
  for (unsigned k = 0; k < xs->n && r == is_all; k++) r = host_truthy(&xs->items[k]);
  *out = host_bool(r);
  return true;
}

/* str(x) of a number, bool, None or str (floats as Python prints them: the shortest text that
 * reads back); round(x) to the nearest int, halves to even. */
static bool b_str_round(host_interp *H, const hcall *c, bool is_str, host_val *out) {
  if (!arity(H, c, is_str ? "str" : "round", 1, 1)) return false;
  const host_val *v = &c->args[0];
  if (!is_str) {
    if (!is_num(v)) return herr(H, c->loc, "round() of %s in host code", host_type_name(v)), false;
    if (is_int(v)) return *out = host_int(v->i), true;
    double r = nearbyint(v->f);
    if (!(r > -9.2e18 && r < 9.2e18)) return herr(H, c->loc, "round() of %g in host code", v->f), false;
    return *out = host_int((int64_t)r), true;
  }
  char buf[64];
  if (v->kind == HV_STR) return *out = *v, true;
  if (v->kind == HV_NONE) return *out = host_str("None"), true;
  if (v->kind == HV_BOOL) return *out = host_str(v->i ? "True" : "False"), true;
  if (v->kind == HV_INT) snprintf(buf, sizeof buf, "%lld", (long long)v->i);
  else if (v->kind == HV_FLOAT && isfinite(v->f)) { /* Python's repr: shortest digits; fixed for 1e-4 <= |x| < 1e16 */
    int digits = 1;
    for (; digits < 17; digits++) {
      snprintf(buf, sizeof buf, "%.*e", digits - 1, v->f);
      if (strtod(buf, NULL) == v->f) break;
    }
    snprintf(buf, sizeof buf, "%.*e", digits - 1, v->f);
    int exp = atoi(strchr(buf, 'e') + 1);
    if (exp >= -4 && exp < 16) {
      snprintf(buf, sizeof buf, "%.*f", digits - 1 - exp > 0 ? digits - 1 - exp : 0, v->f);
      if (!strchr(buf, '.')) strcat(buf, ".0");
    }
  } else if (v->kind == HV_FLOAT) snprintf(buf, sizeof buf, "%s", isnan(v->f) ? "nan" : v->f > 0 ? "inf" : "-inf");
  else return herr(H, c->loc, "str() of %s in host code", host_type_name(v)), false;
  *out = host_str(sup_arena_strdup(H->arena, buf));
  return true;
}

static bool call_builtin(host_interp *H, const host_val *fn, const hcall *c, host_val *out) {
  const char *p = fn->s;
  if (fn->self) return b_method(H, c, p, fn->self, out);
  if (!strcmp(p, "triton.Config")) return b_config(H, c, out);
  for (unsigned i = 0; i < c->nargs; i++)
    if (c->args[i].kind == HV_UNKNOWN) return unknown_error(H, &c->args[i], c->loc);
  if (!strcmp(p, "triton.cdiv") || !strcmp(p, "triton.next_power_of_2"))
    return b_next_pow2_cdiv(H, c, !strcmp(p, "triton.cdiv"), out);
  if (host_env_is_builtin(p)) return host_env_call(H, p, c->nargs, c->args, c->nkw, c->kwn, c->kwv, c->loc, out);
  const char *b = p + 9; /* "builtins." */
  if (!strcmp(b, "isinstance")) return b_isinstance(H, c, out);
  if (!strcmp(b, "filter")) return b_filter(H, c, out);
  if (!strcmp(b, "dict")) return b_dict(H, c, out);
  if (!strcmp(b, "zip")) return b_zip(H, c, out);
  if (!strcmp(b, "enumerate")) return b_enumerate(H, c, out);
  if (!strcmp(b, "sorted") || !strcmp(b, "reversed")) return b_sorted_reversed(H, c, b[0] == 's', out);
  if (!strcmp(b, "any") || !strcmp(b, "all")) return b_any_all(H, c, b[1] == 'l', out);
  if (!strcmp(b, "str") || !strcmp(b, "round")) return b_str_round(H, c, b[0] == 's', out);
  if (!strcmp(b, "min") || !strcmp(b, "max")) return b_minmax(H, c, b[1] == 'a', out);
  if (!strcmp(b, "range")) return b_range(H, c, out);
  if (!strcmp(b, "len")) return b_len(H, c, out);
  if (!strcmp(b, "sum") || !strcmp(b, "list") || !strcmp(b, "tuple")) return b_sum_seq(H, c, b, out);
  return b_convert(H, c, b, out);
}

static exec_status exec_body(host_interp *H, host_scope *sc, fe_stmt *const *body, unsigned n, host_val *ret);

/* Binds a call's arguments to a def's or lambda's parameters in sc. */
static bool bind_params(host_interp *H, const host_val *fn, const hcall *c, host_scope *sc) {
  bool is_def = fn->kind == HV_FUNC;
  unsigned np = is_def ? fn->fn->nparams : fn->lambda->nparams;
  const char *name = is_def ? fn->fn->name : "<lambda>";
  if (c->nargs > np) return herr(H, c->loc, "%s() takes %u arguments but %u were given", name, np, c->nargs), false;
  host_dict *extra = host_dict_new(H);
  for (unsigned k = 0; k < c->nkw; k++) {
    unsigned i = 0;
    while (i < np && strcmp(is_def ? fn->fn->params[i].name : fn->lambda->params[i], c->kwn[k])) i++;
    if (i < np) scope_set(H, sc, ir_intern(H->ctx, c->kwn[k]), c->kwv[k]);
    else if (is_def && fn->fn->kwargs) host_dict_set(H, extra, host_str(c->kwn[k]), c->kwv[k]);
    else return herr(H, c->loc, "%s() got an unexpected keyword argument '%s'", name, c->kwn[k]), false;
  }
  for (unsigned i = 0; i < np; i++) {
    const char *pn = is_def ? fn->fn->params[i].name : fn->lambda->params[i];
    const fe_expr *dflt = is_def ? fn->fn->params[i].default_value : NULL;
    host_val v;
    if (i < c->nargs) v = c->args[i];
    else if (scope_find(sc, pn)) continue;
    else if (!dflt) return herr(H, c->loc, "%s() missing required argument '%s'", name, pn), false;
    else if (!eval(H, NULL, dflt, &v)) return false;
    scope_set(H, sc, pn, v);
  }
  if (is_def && fn->fn->kwargs) scope_set(H, sc, fn->fn->kwargs, (host_val){.kind = HV_DICT, .dict = extra});
  return true;
}

static bool call_user(host_interp *H, const host_val *fn, const hcall *c, host_val *out) {
  host_scope *sc = scope_new(H, fn->kind == HV_LAMBDA ? fn->closure : NULL);
  if (!bind_params(H, fn, c, sc)) return false;
  if (H->depth >= HOST_MAX_DEPTH) return herr(H, c->loc, "host function calls nest too deeply"), false;
  H->depth++;
  bool ok;
  if (fn->kind == HV_LAMBDA) {
    ok = eval(H, sc, fn->lambda->body, out);
  } else {
    *out = host_none();
    ok = exec_body(H, sc, fn->fn->body, fn->fn->nbody, out) != EX_ERR;
  }
  H->depth--;
  return ok;
}

static bool call_value(host_interp *H, const host_val *fn, const hcall *c, host_val *out) {
  if (fn->kind == HV_BUILTIN) return call_builtin(H, fn, c, out);
  if (fn->kind == HV_FUNC || fn->kind == HV_LAMBDA) return call_user(H, fn, c, out);
  if (fn->kind == HV_OPAQUE && H->opaque_call && !c->nkw)
    return H->opaque_call(H->lookup_user, fn, c->nargs, c->args, c->loc, out);
  herr(H, c->loc, "%s is not callable in host code", host_type_name(fn));
  return false;
}

bool host_call(host_interp *H, const host_val *fn, unsigned nargs, const host_val *args, ir_loc loc,
               host_val *out) {
  hcall c = {loc, nargs, 0, args, NULL, NULL};
  return call_value(H, fn, &c, out);
}

bool host_call_kw(host_interp *H, const host_val *fn, unsigned nargs, const host_val *args, unsigned nkw,
                  const char *const *kwn, const host_val *kwv, ir_loc loc, host_val *out) {
  hcall c = {loc, nargs, nkw, args, kwn, kwv}; /* bind_params interns the names it binds */
  return call_value(H, fn, &c, out);
}

static bool call_expr(host_interp *H, host_scope *sc, const fe_expr *e, host_val *out) {
  host_val fn;
  if (!eval_known(H, sc, e->func, &fn)) return false;
  host_val *args = sup_arena_alloc(H->arena, (e->nitems + 1) * sizeof(host_val));
  host_val *kwv = sup_arena_alloc(H->arena, (e->nkeywords + 1) * sizeof(host_val));
  const char **kwn = sup_arena_alloc(H->arena, (e->nkeywords + 1) * sizeof(char *));
  for (unsigned i = 0; i < e->nitems; i++)
    if (!eval(H, sc, e->items[i], &args[i])) return false;
  for (unsigned i = 0; i < e->nkeywords; i++) {
    kwn[i] = e->keywords[i].name;
    if (!eval(H, sc, e->keywords[i].value, &kwv[i])) return false;
  }
  hcall c = {e->loc, e->nitems, e->nkeywords, args, kwn, kwv};
  return call_value(H, &fn, &c, out);
}

/* ---- expressions ------------------------------------------------------------------------ */

static bool boolop(host_interp *H, host_scope *sc, const fe_expr *e, host_val *out) {
  if (!eval_known(H, sc, e->lhs, out)) return false;
  bool t = host_truthy(out);
  if (e->op.boolop == FE_AND ? !t : t) return true;
  return eval_known(H, sc, e->rhs, out);
}

static bool eval(host_interp *H, host_scope *sc, const fe_expr *e, host_val *out) {
  host_val a, b;
  switch (e->kind) {
  case FE_EXPR_NAME: return lookup(H, sc, e, out);
  case FE_EXPR_INT:
    if (e->ibig) return host_error(H, e->loc, FE_BIG_INT_HINT), false;
    return *out = host_int(e->ival), true;
  case FE_EXPR_FLOAT: return *out = host_float(e->fval), true;
  case FE_EXPR_STRING: return *out = host_str(e->str), true;
  case FE_EXPR_BOOL: return *out = host_bool(e->bval), true;
  case FE_EXPR_NONE: return *out = host_none(), true;
  case FE_EXPR_ATTRIBUTE: return attribute(H, sc, e, out);
  case FE_EXPR_CALL: return call_expr(H, sc, e, out);
  case FE_EXPR_BINOP:
    return eval_known(H, sc, e->lhs, &a) && eval_known(H, sc, e->rhs, &b) && binop(H, e->op.binop, &a, &b, e->loc, out);
  case FE_EXPR_UNARY:
    if (fe_int_literal_min(e->value, e->op.unop)) return *out = host_int(INT64_MIN), true;
    return eval_known(H, sc, e->value, &a) && unary(H, e->op.unop, &a, e->loc, out);
  case FE_EXPR_BOOLOP: return boolop(H, sc, e, out);
  case FE_EXPR_COMPARE: return compare(H, sc, e, out);
  case FE_EXPR_SUBSCRIPT: return subscript(H, sc, e, out);
  case FE_EXPR_TUPLE: return items(H, sc, e, HV_TUPLE, out);
  case FE_EXPR_LIST: return items(H, sc, e, HV_LIST, out);
  case FE_EXPR_DICT: return dict_literal(H, sc, e, out);
  case FE_EXPR_IFEXP:
    if (!eval_known(H, sc, e->cond, &a)) return false;
    return eval(H, sc, host_truthy(&a) ? e->body : e->orelse, out);
  case FE_EXPR_LAMBDA: return *out = (host_val){.kind = HV_LAMBDA, .lambda = e, .closure = sc}, true;
  case FE_EXPR_LISTCOMP: return listcomp(H, sc, e, out);
  case FE_EXPR_SLICE: herr(H, e->loc, "a slice is not supported here in host code"); return false;
  case FE_EXPR_ELLIPSIS: herr(H, e->loc, "'...' is not supported in host code"); return false;
  case FE_EXPR_FSTRING: herr(H, e->loc, "f-strings are not supported in host code"); return false;
  }
  herr(H, e->loc, "this expression is not supported in host code");
  return false;
}

bool host_eval(host_interp *H, const fe_expr *e, host_val *out) { return eval(H, NULL, e, out); }

static exec_status exec_stmt(host_interp *H, host_scope *sc, const fe_stmt *s, host_val *ret);

bool host_exec_module(host_interp *H, const fe_stmt *s) {
  host_val ret;
  exec_status r = exec_stmt(H, H->globals, s, &ret);
  if (r == EX_RETURN || r == EX_BREAK || r == EX_CONTINUE) {
    herr(H, s->loc, "'%s' outside a function or loop in host code",
         r == EX_RETURN ? "return" : r == EX_BREAK ? "break" : "continue");
    return false;
  }
  return r == EX_OK;
}

static bool stmts_need(const host_interp *H, fe_stmt *const *b, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (host_stmt_needs_eval(H, b[i])) return true;
  return false;
}

bool host_stmt_needs_eval(const host_interp *H, const fe_stmt *s) {
  if (s->kind == FE_STMT_FOR) return true; /* sema has no module-level loops */
  if (s->kind == FE_STMT_IF) return host_needs_eval(H, s->cond) || stmts_need(H, s->body, s->nbody) ||
                                    stmts_need(H, s->orelse, s->norelse);
  if (s->kind == FE_STMT_AUGASSIGN) return host_needs_eval(H, s->target) || host_needs_eval(H, s->value);
  if (s->kind == FE_STMT_ASSIGN && s->value && s->value->kind == FE_EXPR_LIST) return true;
  return (s->kind == FE_STMT_EXPR || s->kind == FE_STMT_ASSIGN || s->kind == FE_STMT_ANNASSIGN) &&
         host_needs_eval(H, s->value);
}

/* ---- statements ---------------------------------------------------------------------------- */

/* `obj.attr = v`: only a host descriptor's block_shape (a pre_hook's one effect tilec keeps). */
static bool assign_attr(host_interp *H, host_scope *sc, const fe_expr *t, const host_val *v) {
  host_val base;
  if (!eval_known(H, sc, t->value, &base)) return false;
  if (base.kind == HV_OBJECT && !strcmp(base.s, "TensorDescriptor") && !strcmp(t->name, "block_shape")) {
    host_object_set(H, &base, "block_shape", *v);
    return true;
  }
  herr(H, t->loc, "assigning attribute '%s' of %s is not supported in host code (a pre_hook may set a host "
       "descriptor's block_shape)", t->name, host_type_name(&base));
  return false;
}

static bool assign_to(host_interp *H, host_scope *sc, const fe_expr *t, const host_val *v) {
  if (t->kind == FE_EXPR_ATTRIBUTE) return assign_attr(H, sc, t, v);
  if (t->kind != FE_EXPR_SUBSCRIPT) return bind_target(H, sc, t, v);
  host_val base, key;
  if (t->nitems != 1 || t->items[0]->kind == FE_EXPR_SLICE)
    return herr(H, t->loc, "this assignment target is not supported in host code"), false;
  if (!eval_known(H, sc, t->value, &base) || !eval_known(H, sc, t->items[0], &key)) return false;
  if (base.kind == HV_DICT && !step(H, t->loc, base.dict->n / 16 + 1)) return false;
  if (base.kind == HV_DICT) return host_dict_set(H, base.dict, key, *v), true;
  unsigned k;
  if (base.kind != HV_LIST) return herr(H, t->loc, "%s does not support item assignment", host_type_name(&base)), false;
  if (!index_of(H, &key, base.seq->n, t->loc, &k)) return false;
  base.seq->items[k] = *v;
  return true;
}

static exec_status st_for(host_interp *H, host_scope *sc, const fe_stmt *s, host_val *ret) {
  host_val it;
  host_seq *xs;
  if (s->norelse) return herr(H, s->loc, "'for ... else' is not supported in host code"), EX_ERR;
  if (!eval_known(H, sc, s->iter, &it) || !iter_items(H, &it, s->iter->loc, &xs)) return EX_ERR;
  unsigned n = xs->n; /* a loop that appends to its own list sees the items it started with */
  for (unsigned i = 0; i < n; i++) {
    if (!bind_target(H, sc, s->target, &xs->items[i])) return EX_ERR;
    exec_status r = exec_body(H, sc, s->body, s->nbody, ret);
    if (r == EX_BREAK) break;
    if (r == EX_ERR || r == EX_RETURN) return r;
  }
  return EX_OK;
}

static exec_status st_if(host_interp *H, host_scope *sc, const fe_stmt *s, host_val *ret) {
  host_val c;
  if (!eval_known(H, sc, s->cond, &c)) return EX_ERR;
  return host_truthy(&c) ? exec_body(H, sc, s->body, s->nbody, ret) : exec_body(H, sc, s->orelse, s->norelse, ret);
}

static exec_status st_assign(host_interp *H, host_scope *sc, const fe_stmt *s) {
  host_val v, old;
  if (s->kind == FE_STMT_ANNASSIGN && !s->value) return EX_OK;
  if (!eval(H, sc, s->value, &v)) return EX_ERR;
  if (s->kind == FE_STMT_ANNASSIGN) return assign_to(H, sc, s->target, &v) ? EX_OK : EX_ERR;
  if (s->kind == FE_STMT_AUGASSIGN) {
    if (!eval_known(H, sc, s->target, &old)) return EX_ERR;
    if (old.kind == HV_LIST && s->augop == FE_ADD && (v.kind == HV_LIST || v.kind == HV_TUPLE)) {
      if (!step(H, s->loc, v.seq->n)) return EX_ERR;
      for (unsigned i = 0; i < v.seq->n; i++) seq_push(H, old.seq, v.seq->items[i]);
      return EX_OK;
    }
    if (!binop(H, s->augop, &old, &v, s->loc, &v)) return EX_ERR;
    return assign_to(H, sc, s->target, &v) ? EX_OK : EX_ERR;
  }
  for (unsigned i = 0; i < s->ntargets; i++)
    if (!assign_to(H, sc, s->targets[i], &v)) return EX_ERR;
  return EX_OK;
}

/* assert cond[, msg]: a false condition is an error at the statement (with msg when it is a
 * string), as Python's AssertionError stops the file's import. */
static exec_status st_assert(host_interp *H, host_scope *sc, const fe_stmt *s) {
  host_val c, m;
  if (!eval_known(H, sc, s->cond, &c)) return EX_ERR;
  if (host_truthy(&c)) return EX_OK;
  if (s->value && eval(H, sc, s->value, &m) && m.kind == HV_STR) herr(H, s->loc, "assertion failed in host code: %s", m.s);
  else herr(H, s->loc, "assertion failed in host code");
  return EX_ERR;
}

static exec_status exec_stmt(host_interp *H, host_scope *sc, const fe_stmt *s, host_val *ret) {
  host_val v;
  if (!step(H, s->loc, 1)) return EX_ERR;
  switch (s->kind) {
  case FE_STMT_EXPR: return eval(H, sc, s->value, &v) ? EX_OK : EX_ERR;
  case FE_STMT_ASSIGN: case FE_STMT_AUGASSIGN: case FE_STMT_ANNASSIGN: return st_assign(H, sc, s);
  case FE_STMT_RETURN:
    if (s->value && !eval(H, sc, s->value, ret)) return EX_ERR;
    if (!s->value) *ret = host_none();
    return EX_RETURN;
  case FE_STMT_IF: return st_if(H, sc, s, ret);
  case FE_STMT_FOR: return st_for(H, sc, s, ret);
  case FE_STMT_BREAK: return EX_BREAK;
  case FE_STMT_CONTINUE: return EX_CONTINUE;
  case FE_STMT_PASS: return EX_OK;
  case FE_STMT_WHILE: herr(H, s->loc, "'while' loops are not supported in host code"); return EX_ERR;
  case FE_STMT_ASSERT: return st_assert(H, sc, s);
  case FE_STMT_FUNCDEF: herr(H, s->loc, "nested 'def' is not supported in host code"); return EX_ERR;
  case FE_STMT_IMPORT: case FE_STMT_IMPORTFROM:
    herr(H, s->loc, "'import' inside a function is not supported in host code");
    return EX_ERR;
  case FE_STMT_TRY: case FE_STMT_EXCEPT:
    herr(H, s->loc, "'try' inside a function is not supported in host code (at module level it is)");
    return EX_ERR;
  case FE_STMT_UNSUPPORTED: case FE_STMT_SKIPPED:
    herr(H, s->loc, "'%s' statements are not supported in host code", s->name ? s->name : "this");
    return EX_ERR;
  }
  herr(H, s->loc, "this statement is not supported in host code");
  return EX_ERR;
}

static exec_status exec_body(host_interp *H, host_scope *sc, fe_stmt *const *body, unsigned n, host_val *ret) {
  for (unsigned i = 0; i < n; i++) {
    exec_status r = exec_stmt(H, sc, body[i], ret);
    if (r != EX_OK) return r;
  }
  return EX_OK;
}

/* ---- what needs the evaluator ------------------------------------------------------------ */

static bool needs_list(const host_interp *H, fe_expr *const *xs, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (xs[i] && host_needs_eval(H, xs[i])) return true;
  return false;
}

bool host_needs_eval(const host_interp *H, const fe_expr *e) {
  if (!e) return false;
  switch (e->kind) {
  case FE_EXPR_LAMBDA: case FE_EXPR_LISTCOMP: case FE_EXPR_DICT: return true;
  case FE_EXPR_NAME: return host_defines(H, e->name) || host_only_builtin(e->name); /* __name__: defined */
  case FE_EXPR_ATTRIBUTE: /* triton.Config, triton.runtime...: names only host code has; "s".lower */
    return !strcmp(e->name, "Config") || !strcmp(e->name, "runtime") || e->value->kind == FE_EXPR_STRING ||
           host_needs_eval(H, e->value);
  default: break;
  }
  if (host_needs_eval(H, e->value) || host_needs_eval(H, e->lhs) || host_needs_eval(H, e->rhs) ||
      host_needs_eval(H, e->func) || host_needs_eval(H, e->cond) || host_needs_eval(H, e->body) ||
      host_needs_eval(H, e->orelse))
    return true;
  if (e->kind != FE_EXPR_SLICE && needs_list(H, e->items, e->nitems)) return true;
  for (unsigned i = 0; i < e->nkeywords; i++)
    if (host_needs_eval(H, e->keywords[i].value)) return true;
  return false;
}
