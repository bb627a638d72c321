/* The context: arena, interned names, uniqued types and attributes (hash-consed: equal
 * contents give the same pointer), the op registry and the diagnostic engine. */
#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "IR/ir_internal.h"

/* An open-addressing set of uniqued objects with their hashes. */
typedef struct uniq_table {
  uint64_t *hashes;
  void **items;
  size_t cap, count;
} uniq_table;

struct ir_context {
  sup_arena *arena;
  sup_interner *names;
  diag_engine *diag;
  uniq_table types, attrs;
  sup_ptrmap opdefs;            /* interned name -> const ir_opdef* */
  const ir_opdef **deflist;     /* registration order */
  size_t ndefs, capdefs;
  bool oom;                     /* out of memory was reported (once) */
  unsigned config_errors;       /* errors emitted by ir_emit_config_error */
  ir_type_verifier type_verifiers[4]; /* dialects' checks of their types (ir_verify) */
  size_t ntype_verifiers;
};

const ir_opdef irx_builtin_module_def = {
    .opcode = IR_OP_BUILTIN_MODULE,
    .name = "builtin.module",
    .traits = IR_TRAIT_ISOLATED | IR_TRAIT_SINGLE_BLOCK,
    .effects = IR_EFFECT_CONTROL,
    .num_regions = 1,
    .summary = "top-level container; attributes: tgpu.num_warps, tgpu.threads_per_warp, tgpu.target"};

static void on_arena_oom(void *user) { ir_context_note_oom(user); }

/* A failed ir_context_create reports by returning NULL: nothing goes to stderr. */
static void silent(void *user, diag_severity sev, diag_loc loc, const char *message, const char *rendered) {
  (void)user, (void)sev, (void)loc, (void)message, (void)rendered;
}

ir_context *ir_context_create(void) {
  ir_context *ctx = calloc(1, sizeof *ctx);
  if (!ctx) return NULL;
  ctx->arena = sup_arena_create();
  ctx->names = ctx->arena ? sup_interner_create(ctx->arena) : NULL;
  ctx->diag = diag_engine_create();
  if (!ctx->names || !ctx->diag) {
    ir_context_destroy(ctx);
    return NULL;
  }
  sup_arena_set_oom(ctx->arena, on_arena_oom, ctx);
  diag_engine_set_handler(ctx->diag, silent, NULL);
  ir_context_register_ops(ctx, &irx_builtin_module_def, 1);
  if (ctx->oom) {
    ir_context_destroy(ctx);
    return NULL;
  }
  diag_engine_set_handler(ctx->diag, NULL, NULL);
  return ctx;
}

void ir_context_note_oom(ir_context *ctx) {
  if (ctx->oom) return;
  ctx->oom = true;
  ir_emit_error(ctx, (ir_loc){0}, "out of memory");
}

bool ir_context_failed(const ir_context *ctx) { return ctx->oom; }

void ir_context_watch_arena(ir_context *ctx, sup_arena *a) {
  if (a) sup_arena_set_oom(a, on_arena_oom, ctx);
}

static void uniq_free(uniq_table *t) {
  free(t->hashes);
  free(t->items);
}

void ir_context_destroy(ir_context *ctx) {
  if (!ctx) return;
  uniq_free(&ctx->types);
  uniq_free(&ctx->attrs);
  sup_ptrmap_free(&ctx->opdefs);
  free(ctx->deflist);
  diag_engine_destroy(ctx->diag);
  sup_interner_destroy(ctx->names);
  sup_arena_destroy(ctx->arena);
  free(ctx);
}

diag_engine *ir_context_diag(ir_context *ctx) { return ctx->diag; }
sup_arena *ir_context_arena(ir_context *ctx) { return ctx->arena; }
const char *ir_intern(ir_context *ctx, const char *s) { return sup_intern_cstr(ctx->names, s); }
const char *ir_intern_n(ir_context *ctx, const char *s, size_t len) {
  return sup_intern(ctx->names, s, len);
}

void ir_emit_error(ir_context *ctx, ir_loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  diag_vemit(ctx->diag, DIAG_ERROR, loc, fmt, ap);
  va_end(ap);
}

void ir_emit_config_error(ir_context *ctx, ir_loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  diag_vemit(ctx->diag, DIAG_ERROR, loc, fmt, ap);
  va_end(ap);
  ctx->config_errors++;
}

unsigned ir_context_config_errors(const ir_context *ctx) { return ctx->config_errors; }

/* ---- op registry ------------------------------------------------------------------------ */

void ir_context_register_ops(ir_context *ctx, const ir_opdef *defs, size_t count) {
  for (size_t i = 0; i < count; i++) {
    const char *name = ir_intern(ctx, defs[i].name);
    /* Tables may repeat an op registered elsewhere (builtin.module): the first wins. */
    if (!name) return; /* out of memory: reported by the arena */
    if (sup_ptrmap_has(&ctx->opdefs, (uint64_t)(uintptr_t)name)) continue;
    if (!sup_ptrmap_put(&ctx->opdefs, (uint64_t)(uintptr_t)name, (void *)&defs[i]))
      return ir_context_note_oom(ctx);
    if (ctx->ndefs == ctx->capdefs) {
      size_t cap = ctx->capdefs ? ctx->capdefs * 2 : 64;
      const ir_opdef **list = realloc(ctx->deflist, cap * sizeof *list);
      if (!list) {
        ir_context_note_oom(ctx);
        return;
      }
      ctx->deflist = list;
      ctx->capdefs = cap;
    }
    ctx->deflist[ctx->ndefs++] = &defs[i];
  }
}

const ir_opdef *ir_lookup_opdef(ir_context *ctx, const char *name) {
  const char *n = ir_intern(ctx, name);
  return sup_ptrmap_get(&ctx->opdefs, (uint64_t)(uintptr_t)n);
}

void ir_context_each_opdef(ir_context *ctx, void (*fn)(const ir_opdef *, void *), void *user) {
  for (size_t i = 0; i < ctx->ndefs; i++) fn(ctx->deflist[i], user);
}

/* ---- uniquing ----------------------------------------------------------------------------- */

typedef bool (*eq_fn)(const void *a, const void *b);

static void uniq_place(uniq_table *t, uint64_t h, void *item) {
  size_t i = (size_t)(h & (t->cap - 1));
  while (t->items[i]) i = (i + 1) & (t->cap - 1);
  t->hashes[i] = h;
  t->items[i] = item;
}

/* Doubles the table; false (the old one kept) when out of memory. */
static bool uniq_grow(uniq_table *t) {
  uniq_table old = *t;
  size_t cap = old.cap ? old.cap * 2 : 128;
  uint64_t *hashes = calloc(cap, sizeof *hashes);
  void **items = calloc(cap, sizeof *items);
  if (!hashes || !items) {
    free(hashes);
    free(items);
    return false;
  }
  t->cap = cap;
  t->hashes = hashes;
  t->items = items;
  for (size_t i = 0; i < old.cap; i++)
    if (old.items[i]) uniq_place(t, old.hashes[i], old.items[i]);
  free(old.hashes);
  free(old.items);
  return true;
}

/* Returns the stored item equal to `probe`, or NULL. */
static void *uniq_find(const uniq_table *t, uint64_t h, const void *probe, eq_fn eq) {
  if (!t->cap) return NULL;
  size_t i = (size_t)(h & (t->cap - 1));
  for (; t->items[i]; i = (i + 1) & (t->cap - 1))
    if (t->hashes[i] == h && eq(t->items[i], probe)) return t->items[i];
  return NULL;
}

/* Out of memory: the item stays usable but is not uniqued (the compile fails anyway). */
static void uniq_insert(ir_context *ctx, uniq_table *t, uint64_t h, void *item) {
  bool room = (t->count + 1) * 4 < t->cap * 3 || uniq_grow(t) || t->count + 1 < t->cap;
  if (!room) {
    ir_context_note_oom(ctx);
    return;
  }
  uniq_place(t, h, item);
  t->count++;
}

#define HP(h, p) sup_hash_combine((h), (uint64_t)(uintptr_t)(p))

/* ---- types ---------------------------------------------------------------------------- */

static uint64_t type_hash(const ir_type *t) {
  uint64_t h = sup_hash_combine(t->kind, t->width);
  h = sup_hash_combine(h, t->fkind);
  h = HP(h, t->elem);
  h = sup_hash_combine(h, t->addr_space);
  h = sup_hash_combine(h, t->rank);
  for (unsigned i = 0; i < t->rank; i++) h = sup_hash_combine(h, (uint64_t)t->shape[i]);
  h = HP(h, t->encoding);
  h = sup_hash_combine(h, t->ninputs);
  h = sup_hash_combine(h, t->nresults);
  for (unsigned i = 0; i < t->ninputs; i++) h = HP(h, t->inputs[i]);
  for (unsigned i = 0; i < t->nresults; i++) h = HP(h, t->results[i]);
  h = HP(h, t->name);
  h = HP(h, t->params);
  return h;
}

static bool ptrs_eq(const void *const *a, const void *const *b, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (a[i] != b[i]) return false;
  return true;
}

static bool type_eq(const void *pa, const void *pb) {
  const ir_type *a = pa, *b = pb;
  if (a->kind != b->kind || a->width != b->width || a->fkind != b->fkind || a->elem != b->elem ||
      a->addr_space != b->addr_space || a->rank != b->rank || a->encoding != b->encoding ||
      a->ninputs != b->ninputs || a->nresults != b->nresults || a->name != b->name ||
      a->params != b->params)
    return false;
  if (a->rank && memcmp(a->shape, b->shape, a->rank * sizeof *a->shape) != 0) return false;
  return ptrs_eq((const void *const *)a->inputs, (const void *const *)b->inputs, a->ninputs) &&
         ptrs_eq((const void *const *)a->results, (const void *const *)b->results, a->nresults);
}

/* Finds or stores a copy of `probe` (whose arrays may be temporary). */
static const ir_type *type_get(ir_context *ctx, const ir_type *probe) {
  uint64_t h = type_hash(probe);
  const ir_type *found = uniq_find(&ctx->types, h, probe, type_eq);
  if (found) return found;
  ir_type *t = sup_arena_memdup(ctx->arena, probe, sizeof *t);
  if (!t) return NULL;
  if (probe->rank) t->shape = sup_arena_memdup(ctx->arena, probe->shape, probe->rank * sizeof(int64_t));
  if (probe->ninputs)
    t->inputs = sup_arena_memdup(ctx->arena, probe->inputs, probe->ninputs * sizeof(ir_type *));
  if (probe->nresults)
    t->results = sup_arena_memdup(ctx->arena, probe->results, probe->nresults * sizeof(ir_type *));
  uniq_insert(ctx, &ctx->types, h, t);
  return t;
}

const ir_type *ir_none_type(ir_context *ctx) {
  ir_type t = {0};
  t.kind = IR_TYPE_NONE;
  return type_get(ctx, &t);
}

const ir_type *ir_int_type(ir_context *ctx, unsigned width) {
  assert(width >= 1 && width <= 64 && "ir_int_type: width out of range");
  ir_type t = {0};
  t.kind = IR_TYPE_INT;
  t.width = width;
  return type_get(ctx, &t);
}

const ir_type *ir_float_type(ir_context *ctx, ir_float_kind k) {
  static const unsigned widths[] = {16, 16, 32, 64, 8, 8};
  ir_type t = {0};
  t.kind = IR_TYPE_FLOAT;
  t.fkind = k;
  t.width = widths[k];
  return type_get(ctx, &t);
}

const ir_type *ir_ptr_type(ir_context *ctx, const ir_type *pointee, unsigned addr_space) {
  assert(pointee && "ir_ptr_type: NULL pointee");
  ir_type t = {0};
  t.kind = IR_TYPE_PTR;
  t.elem = pointee;
  t.addr_space = addr_space;
  return type_get(ctx, &t);
}

const ir_type *ir_tensor_type(ir_context *ctx, unsigned rank, const int64_t *shape,
                              const ir_type *elem, const ir_attr *encoding) {
  assert(rank >= 1 && rank <= IR_MAX_RANK && "ir_tensor_type: rank out of range");
  assert(elem && elem->kind != IR_TYPE_TENSOR && "ir_tensor_type: element must be scalar");
  ir_type t = {0};
  t.kind = IR_TYPE_TENSOR;
  t.rank = rank;
  t.shape = shape;
  t.elem = elem;
  t.encoding = encoding;
  return type_get(ctx, &t);
}

const ir_type *ir_func_type(ir_context *ctx, unsigned ninputs, const ir_type *const *inputs,
                            unsigned nresults, const ir_type *const *results) {
  ir_type t = {0};
  t.kind = IR_TYPE_FUNC;
  t.ninputs = ninputs;
  t.inputs = inputs;
  t.nresults = nresults;
  t.results = results;
  return type_get(ctx, &t);
}

const ir_type *ir_dialect_type(ir_context *ctx, const char *name, const ir_attr *params_dict) {
  assert(name && "ir_dialect_type: NULL name");
  if (!params_dict) params_dict = ir_dict_attr(ctx, 0, NULL);
  assert(params_dict->kind == IR_ATTR_DICT && "ir_dialect_type: params must be a dict");
  ir_type t = {0};
  t.kind = IR_TYPE_DIALECT;
  t.name = ir_intern(ctx, name);
  t.params = params_dict;
  return type_get(ctx, &t);
}

const ir_type *ir_tensordesc_type(ir_context *ctx, const ir_type *block) {
  assert(block && block->kind == IR_TYPE_TENSOR && !block->encoding &&
         "ir_tensordesc_type: block must be a tensor without encoding");
  ir_type t = {0};
  t.kind = IR_TYPE_TENSORDESC;
  t.elem = block;
  return type_get(ctx, &t);
}

bool ir_type_is_tensordesc(const ir_type *t) { return t && t->kind == IR_TYPE_TENSORDESC; }

const ir_type *ir_tensordesc_block(const ir_type *t) {
  return ir_type_is_tensordesc(t) ? t->elem : NULL;
}

bool ir_type_is_dialect(const ir_type *t, const char *name) {
  return t && t->kind == IR_TYPE_DIALECT && strcmp(t->name, name) == 0;
}

bool ir_type_is_int(const ir_type *t) { return t && t->kind == IR_TYPE_INT; }
bool ir_type_is_float(const ir_type *t) { return t && t->kind == IR_TYPE_FLOAT; }
bool ir_type_is_ptr(const ir_type *t) { return t && t->kind == IR_TYPE_PTR; }
bool ir_type_is_tensor(const ir_type *t) { return t && t->kind == IR_TYPE_TENSOR; }

const ir_type *ir_type_scalar(const ir_type *t) {
  return t->kind == IR_TYPE_TENSOR ? t->elem : t;
}

const ir_type *ir_type_with_scalar(ir_context *ctx, const ir_type *t, const ir_type *elem) {
  if (t->kind != IR_TYPE_TENSOR) return elem;
  return ir_tensor_type(ctx, t->rank, t->shape, elem, t->encoding);
}

const ir_type *ir_type_with_encoding(ir_context *ctx, const ir_type *t, const ir_attr *enc) {
  assert(t->kind == IR_TYPE_TENSOR && "ir_type_with_encoding: not a tensor");
  return ir_tensor_type(ctx, t->rank, t->shape, t->elem, enc);
}

int64_t ir_type_numel(const ir_type *t) {
  if (t->kind != IR_TYPE_TENSOR) return 1;
  int64_t n = 1;
  for (unsigned i = 0; i < t->rank; i++) n *= t->shape[i];
  return n;
}

unsigned ir_type_byte_size(const ir_type *t) {
  switch (t->kind) {
  case IR_TYPE_INT: return t->width <= 8 ? 1 : (t->width + 7) / 8;
  case IR_TYPE_FLOAT: return t->width / 8;
  case IR_TYPE_PTR: return 8;
  default: return 0;
  }
}

/* ---- attributes -------------------------------------------------------------------------- */

static uint64_t attr_hash(const ir_attr *a) {
  uint64_t h = sup_hash_combine(a->kind, (uint64_t)a->ival);
  uint64_t fbits;
  memcpy(&fbits, &a->fval, sizeof fbits);
  h = sup_hash_combine(h, fbits);
  h = HP(h, a->type);
  h = HP(h, a->str);
  h = HP(h, a->tval);
  h = HP(h, a->params);
  h = sup_hash_combine(h, a->count);
  for (unsigned i = 0; a->elems && i < a->count; i++) h = HP(h, a->elems[i]);
  for (unsigned i = 0; a->entries && i < a->count; i++) h = HP(HP(h, a->entries[i].name), a->entries[i].value);
  return h;
}

static bool attr_eq(const void *pa, const void *pb) {
  const ir_attr *a = pa, *b = pb;
  if (a->kind != b->kind || a->type != b->type || a->ival != b->ival || a->str != b->str ||
      a->tval != b->tval || a->params != b->params || a->count != b->count)
    return false;
  if (memcmp(&a->fval, &b->fval, sizeof a->fval) != 0) return false;
  if (a->kind == IR_ATTR_ARRAY)
    return ptrs_eq((const void *const *)a->elems, (const void *const *)b->elems, a->count);
  if (a->kind == IR_ATTR_DICT) {
    for (unsigned i = 0; i < a->count; i++)
      if (a->entries[i].name != b->entries[i].name || a->entries[i].value != b->entries[i].value)
        return false;
  }
  return true;
}

static const ir_attr *attr_get(ir_context *ctx, const ir_attr *probe) {
  uint64_t h = attr_hash(probe);
  const ir_attr *found = uniq_find(&ctx->attrs, h, probe, attr_eq);
  if (found) return found;
  ir_attr *a = sup_arena_memdup(ctx->arena, probe, sizeof *a);
  if (!a) return NULL;
  if (probe->kind == IR_ATTR_ARRAY && probe->count)
    a->elems = sup_arena_memdup(ctx->arena, probe->elems, probe->count * sizeof(ir_attr *));
  if (probe->kind == IR_ATTR_DICT && probe->count)
    a->entries = sup_arena_memdup(ctx->arena, probe->entries, probe->count * sizeof(ir_named_attr));
  uniq_insert(ctx, &ctx->attrs, h, a);
  return a;
}

const ir_attr *ir_unit_attr(ir_context *ctx) {
  ir_attr a = {0};
  a.kind = IR_ATTR_UNIT;
  return attr_get(ctx, &a);
}

/* Sign-extends the low `width` bits of v; i1 is kept as 0/1 (true is 1, not -1). */
static int64_t normalize_int(int64_t v, unsigned width) {
  if (width == 1) return v & 1;
  if (width >= 64) return v;
  uint64_t m = (uint64_t)1 << (width - 1);
  uint64_t x = (uint64_t)v & (((uint64_t)1 << width) - 1);
  return (int64_t)((x ^ m) - m);
}

const ir_attr *ir_int_attr(ir_context *ctx, const ir_type *int_type, int64_t v) {
  assert(ir_type_is_int(int_type) && "ir_int_attr: not an integer type");
  ir_attr a = {0};
  a.kind = IR_ATTR_INT;
  a.type = int_type;
  a.ival = normalize_int(v, int_type->width);
  return attr_get(ctx, &a);
}

const ir_attr *ir_i32_attr(ir_context *ctx, int64_t v) { return ir_int_attr(ctx, ir_int_type(ctx, 32), v); }
const ir_attr *ir_i64_attr(ir_context *ctx, int64_t v) { return ir_int_attr(ctx, ir_int_type(ctx, 64), v); }
const ir_attr *ir_bool_attr(ir_context *ctx, bool v) { return ir_int_attr(ctx, ir_int_type(ctx, 1), v ? 1 : 0); }

/* Rounds a float (as its bits) to `mbits` mantissa bits, to nearest even; returns the bits. */
static uint32_t round_f32_bits(uint32_t u, unsigned drop) {
  if ((u & 0x7f800000u) == 0x7f800000u) return u; /* inf/nan: unchanged */
  uint32_t half = 1u << (drop - 1);
  uint32_t lsb = (u >> drop) & 1u;
  u += half - 1 + lsb;
  return u & ~((1u << drop) - 1);
}

static double round_to_bf16(double v) {
  float f = (float)v;
  uint32_t u;
  memcpy(&u, &f, 4);
  if (isnan(f)) return v;
  u = round_f32_bits(u, 16);
  memcpy(&f, &u, 4);
  return f;
}

/* Rounds to the nearest f16 value (range, subnormals and overflow to inf included). */
static double round_to_f16(double v) {
  if (isnan(v) || isinf(v) || v == 0) return v;
  double a = fabs(v);
  if (a >= 65520.0) return v < 0 ? -INFINITY : INFINITY;
  int e;
  frexp(a, &e);               /* a = m * 2^e, m in [0.5, 1) */
  int exp = e - 1;            /* a in [2^exp, 2^(exp+1)) */
  if (exp < -14) exp = -14;   /* subnormal spacing */
  double ulp = ldexp(1.0, exp - 10);
  double r = nearbyint(a / ulp) * ulp; /* default rounding mode: nearest even */
  return v < 0 ? -r : r;
}

/* Rounds to the nearest value of an 8-bit float with `mbits` mantissa bits and minimum
 * normal exponent emin, ties to even; the range is not clamped (out-of-range constants
 * keep their rounded magnitude; the lowering saturates as cvt.satfinite does). */
static double round_to_fp8(double v, int mbits, int emin) {
  if (isnan(v) || isinf(v) || v == 0) return v;
  int e;
  frexp(fabs(v), &e);
  int exp = e - 1 < emin ? emin : e - 1;
  double ulp = ldexp(1.0, exp - mbits);
  double r = nearbyint(fabs(v) / ulp) * ulp;
  return v < 0 ? -r : r;
}

static double round_float(double v, ir_float_kind k) {
  switch (k) {
  case IR_F8E4M3FN: return round_to_fp8(v, 3, -6);
  case IR_F8E5M2: return round_to_fp8(v, 2, -14);
  case IR_F64: return v;
  case IR_F32: return (double)(float)v;
  case IR_BF16: return round_to_bf16(v);
  case IR_F16: return round_to_f16(v);
  }
  return v;
}

const ir_attr *ir_float_attr(ir_context *ctx, const ir_type *float_type, double v) {
  assert(ir_type_is_float(float_type) && "ir_float_attr: not a float type");
  ir_attr a = {0};
  a.kind = IR_ATTR_FLOAT;
  a.type = float_type;
  a.fval = isnan(v) ? NAN : round_float(v, float_type->fkind);
  return attr_get(ctx, &a);
}

const ir_attr *ir_string_attr(ir_context *ctx, const char *s) {
  ir_attr a = {0};
  a.kind = IR_ATTR_STRING;
  a.str = ir_intern(ctx, s);
  return attr_get(ctx, &a);
}

const ir_attr *ir_type_attr(ir_context *ctx, const ir_type *t) {
  ir_attr a = {0};
  a.kind = IR_ATTR_TYPE;
  a.tval = t;
  return attr_get(ctx, &a);
}

const ir_attr *ir_array_attr(ir_context *ctx, unsigned n, const ir_attr *const *elems) {
  ir_attr a = {0};
  a.kind = IR_ATTR_ARRAY;
  a.count = n;
  a.elems = elems;
  return attr_get(ctx, &a);
}

const ir_attr *ir_i64_array_attr(ir_context *ctx, unsigned n, const int64_t *vals) {
  const ir_attr *tmp[64] = {0}; /* zeroed: gcc -O2 sees a read of it when n == 0 */
  const ir_attr **elems = n <= 64 ? tmp : malloc(n * sizeof *elems);
  if (!elems) {
    ir_context_note_oom(ctx);
    return ir_array_attr(ctx, 0, NULL);
  }
  for (unsigned i = 0; i < n; i++) elems[i] = ir_i64_attr(ctx, vals[i]);
  const ir_attr *r = ir_array_attr(ctx, n, elems);
  if (elems != tmp) free(elems);
  return r;
}

static int cmp_named(const void *pa, const void *pb) {
  const ir_named_attr *a = pa, *b = pb;
  return strcmp(a->name, b->name);
}

/* Sorts entries by name in place, keeping only the last of equal names (interned names
 * first); returns the new count. Stable: ties keep input order. */
static unsigned sort_unique(ir_context *ctx, ir_named_attr *e, unsigned n) {
  for (unsigned i = 0; i < n; i++) e[i].name = ir_intern(ctx, e[i].name);
  /* insertion sort keeps duplicates in input order (n is small) */
  for (unsigned i = 1; i < n; i++) {
    ir_named_attr x = e[i];
    unsigned j = i;
    while (j > 0 && cmp_named(&e[j - 1], &x) > 0) {
      e[j] = e[j - 1];
      j--;
    }
    e[j] = x;
  }
  unsigned out = 0;
  for (unsigned i = 0; i < n; i++) {
    if (out > 0 && e[out - 1].name == e[i].name)
      e[out - 1] = e[i];
    else
      e[out++] = e[i];
  }
  return out;
}

unsigned irx_sort_attrs(ir_context *ctx, ir_named_attr *entries, unsigned n) {
  return sort_unique(ctx, entries, n);
}

const ir_attr *ir_dict_attr(ir_context *ctx, unsigned n, const ir_named_attr *entries) {
  ir_named_attr none[1] = {{0}};
  ir_named_attr *tmp = malloc((n ? n : 1) * sizeof *tmp);
  if (!tmp) {
    ir_context_note_oom(ctx);
    n = 0;
    tmp = none;
  }
  if (n) memcpy(tmp, entries, n * sizeof *tmp);
  ir_attr a = {0};
  a.kind = IR_ATTR_DICT;
  a.count = sort_unique(ctx, tmp, n);
  a.entries = tmp;
  const ir_attr *r = attr_get(ctx, &a);
  if (tmp != none) free(tmp);
  return r;
}

const ir_attr *ir_dialect_attr(ir_context *ctx, const char *name, const ir_attr *params_dict) {
  assert(params_dict && params_dict->kind == IR_ATTR_DICT && "ir_dialect_attr: params must be a dict");
  ir_attr a = {0};
  a.kind = IR_ATTR_DIALECT;
  a.str = ir_intern(ctx, name);
  a.params = params_dict;
  return attr_get(ctx, &a);
}

const ir_attr *ir_dict_get(const ir_attr *dict, const char *name) {
  if (!dict || dict->kind != IR_ATTR_DICT) return NULL;
  for (unsigned i = 0; i < dict->count; i++)
    if (strcmp(dict->entries[i].name, name) == 0) return dict->entries[i].value;
  return NULL;
}

int ir_attr_get_i64_array(const ir_attr *a, int64_t *out, int max) {
  if (!a || a->kind != IR_ATTR_ARRAY) return -1;
  for (unsigned i = 0; i < a->count; i++)
    if (a->elems[i]->kind != IR_ATTR_INT) return -1;
  int n = 0;
  for (unsigned i = 0; i < a->count && n < max; i++) out[n++] = a->elems[i]->ival;
  return (int)a->count < max ? (int)a->count : n;
}

void ir_context_add_type_verifier(ir_context *ctx, ir_type_verifier fn) {
  for (size_t i = 0; i < ctx->ntype_verifiers; i++)
    if (ctx->type_verifiers[i] == fn) return;
  assert(ctx->ntype_verifiers < sizeof ctx->type_verifiers / sizeof ctx->type_verifiers[0] &&
         "ir_context_add_type_verifier: too many dialect type verifiers");
  if (ctx->ntype_verifiers < sizeof ctx->type_verifiers / sizeof ctx->type_verifiers[0])
    ctx->type_verifiers[ctx->ntype_verifiers++] = fn;
}

const char *irx_check_type(ir_context *ctx, const ir_op *op, const ir_type *t) {
  for (size_t i = 0; i < ctx->ntype_verifiers; i++) {
    const char *msg = ctx->type_verifiers[i](op, t);
    if (msg) return msg;
  }
  return NULL;
}
