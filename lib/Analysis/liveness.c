/* Liveness of shared-memory buffers (see liveness.h).
 *
 * Three steps: number the ops in pre-order (with, per op, the last number of its subtree);
 * find the owners of shared memory and size them; then, per explicit buffer, follow its
 * memdesc forward through every use and derived value, growing the interval by each use
 * lifted to the level where it and the owner share a block. */
#include <stdlib.h>

#include "Analysis/liveness.h"
#include "Dialect/TileGPU/tgpu_scratch.h"
#include "Dialect/TileGPU/tgpu_types.h"

/* The buffers one memdesc value may refer to. */
typedef struct buf_set {
  const liveness_buffer **items;
  size_t n, cap;
} buf_set;

struct liveness {
  sup_arena *arena;
  ir_op **ops;          /* ops[n]: the op numbered n */
  unsigned *last;       /* last[n]: the largest number in op n's subtree */
  unsigned nops, cap;
  sup_ptrmap number;    /* ir_op* -> number + 1 */
  liveness_buffer *bufs;
  size_t nbufs;
  sup_ptrmap owned;     /* ir_op* -> liveness_buffer* */
  sup_ptrmap values;    /* ir_value* -> buf_set* */
  bool oom;             /* an allocation failed: liveness_run reports it and returns NULL */
};

static uint64_t key(const void *p) { return (uint64_t)(uintptr_t)p; }

/* Doubles the array *p holds (*cap elements); false, with *p unchanged, when out of memory. */
static bool grow(void **p, unsigned *cap, size_t elem) {
  unsigned n = *cap ? *cap * 2 : 64;
  void *q = realloc(*p, (size_t)n * elem);
  if (!q) return false;
  *p = q;
  *cap = n;
  return true;
}

/* ---- numbering -------------------------------------------------------------------------- */

static void number_op(liveness *l, ir_op *op) {
  if (l->oom) return;
  if (l->nops == l->cap) {
    unsigned cap = l->cap, cap2 = l->cap;
    if (!grow((void **)&l->ops, &cap, sizeof *l->ops) ||
        !grow((void **)&l->last, &cap2, sizeof *l->last)) {
      l->oom = true;
      return;
    }
    l->cap = cap;
  }
  unsigned n = l->nops++;
  l->ops[n] = op;
  if (!sup_ptrmap_put(&l->number, key(op), (void *)(uintptr_t)(n + 1))) l->oom = true;
  for (unsigned r = 0; r < op->nregions; r++)
    for (ir_block *b = op->regions[r].first; b; b = b->next)
      for (ir_op *o = b->first; o; o = o->next) number_op(l, o);
  l->last[n] = l->nops - 1;
}

unsigned liveness_op_number(const liveness *l, const ir_op *op) {
  uintptr_t n = (uintptr_t)sup_ptrmap_get(&l->number, key(op));
  return n ? (unsigned)(n - 1) : UINT32_MAX;
}

unsigned liveness_num_ops(const liveness *l) { return l->nops; }
ir_op *liveness_op_at(const liveness *l, unsigned n) { return l->ops[n]; }

/* ---- sizes and alignment ---------------------------------------------------------------- */

static unsigned pow2_ceil(int64_t v) {
  unsigned p = 1;
  while ((int64_t)p < v && p < LIVENESS_MAX_ALIGN) p <<= 1;
  return p;
}

/* A swizzled layout repeats every perPhase * maxPhase rows of vec * maxPhase elements; the
 * hardware (TMA, wgmma descriptors) wants that pattern to start on its own size. */
static unsigned memdesc_align(const tgpu_memdesc *md) {
  const tgpu_shared_layout *s = &md->layout;
  if (s->max_phase <= 1) return LIVENESS_MIN_ALIGN;
  int64_t row = (int64_t)s->vec * s->max_phase * ir_type_byte_size(md->elem);
  unsigned a = pow2_ceil(row * s->per_phase * s->max_phase);
  return a < LIVENESS_MIN_ALIGN ? LIVENESS_MIN_ALIGN : a;
}

static bool align_attr(const ir_op *op, unsigned *inout_align) {
  const ir_attr *a = ir_op_get_attr(op, LIVENESS_ATTR_ALIGNMENT);
  if (!a) return true;
  int64_t v = a->kind == IR_ATTR_INT ? a->ival : 0;
  if (v < LIVENESS_MIN_ALIGN || v > LIVENESS_MAX_ALIGN || (v & (v - 1))) {
    ir_emit_error(ir_op_context(op), op->loc, "'%s' op %s must be a power of 2 from %u to %u",
                  ir_op_name(op), LIVENESS_ATTR_ALIGNMENT, LIVENESS_MIN_ALIGN, LIVENESS_MAX_ALIGN);
    return false;
  }
  if ((unsigned)v > *inout_align) *inout_align = (unsigned)v;
  return true;
}

bool liveness_op_shared(const ir_op *op, unsigned num_warps, int64_t *out_bytes,
                        unsigned *out_align) {
  *out_bytes = 0;
  *out_align = LIVENESS_MIN_ALIGN;
  tgpu_memdesc md;
  switch (ir_op_code(op)) {
  case IR_OP_LOCAL_ALLOC:
    if (op->nresults != 1 || !tgpu_memdesc_get(op->results[0].type, &md)) return true;
    *out_bytes = tgpu_memdesc_bytes(&md);
    *out_align = memdesc_align(&md);
    break;
  case IR_OP_MAKE_TENSOR_DESCRIPTOR: /* its tensormap is written in shared memory, then copied out */
    if (ir_op_get_attr(op, TGPU_ATTR_GLOBAL_SCRATCH_OFFSET)) *out_bytes = TGPU_TENSORMAP_BYTES, *out_align = 128;
    break;
  default:
    *out_bytes = tgpu_op_scratch_bytes(op, num_warps);
    break;
  }
  return *out_bytes == 0 || align_attr(op, out_align);
}

/* ---- owners ----------------------------------------------------------------------------- */

static bool collect_buffers(liveness *l, unsigned num_warps) {
  l->bufs = sup_arena_alloc(l->arena, (l->nops ? l->nops : 1) * sizeof *l->bufs);
  if (!l->bufs) return !(l->oom = true);
  for (unsigned n = 0; n < l->nops; n++) {
    ir_op *op = l->ops[n];
    int64_t bytes;
    unsigned align;
    if (!liveness_op_shared(op, num_warps, &bytes, &align)) return false;
    if (bytes <= 0) continue;
    liveness_buffer *b = &l->bufs[l->nbufs++];
    *b = (liveness_buffer){op, ir_op_code(op) == IR_OP_LOCAL_ALLOC ? LIVENESS_EXPLICIT
                                                                     : LIVENESS_SCRATCH,
                           bytes, align, n, n};
    if (!sup_ptrmap_put(&l->owned, key(op), b)) return !(l->oom = true);
  }
  return true;
}

/* ---- intervals of explicit buffers ------------------------------------------------------ */

#define MAX_DEPTH 256

/* Grows b's interval to cover `user`, lifted to the block where the user's and the owner's
 * ancestors meet: a use nested in a loop or if covers the whole construct at that level.
 * The split of a warp-specialized kernel (an scf.if with tgpu.ws_split) is the exception:
 * its two regions run side by side in different warps, each ordered against the other
 * through mbarriers, so a use in one covers only the op of that region it is in (the
 * consumers' epilogue may reuse the stages once their loop, which waited for every copy, is
 * over). */
static void extend(liveness *l, liveness_buffer *b, ir_op *user) {
  ir_op *chain[MAX_DEPTH];
  unsigned depth = 0;
  for (ir_op *a = b->owner; a && depth < MAX_DEPTH; a = ir_op_parent_op(a)) chain[depth++] = a;
  for (ir_op *u = user, *pu; u; u = pu) {
    pu = ir_op_parent_op(u);
    for (unsigned i = 0; i < depth; i++) {
      bool in_split = pu && chain[i]->parent == pu->parent && ir_op_get_int_attr(pu, TGPU_ATTR_WS_SPLIT, 0);
      if (chain[i]->parent != u->parent && !in_split) continue;
      unsigned s = liveness_op_number(l, chain[i]), e = liveness_op_number(l, u);
      if (s == UINT32_MAX || e == UINT32_MAX) return;
      if (s < b->start) b->start = s;
      if (l->last[e] > b->end) b->end = l->last[e];
      return;
    }
  }
  /* Nesting deeper than MAX_DEPTH: no common block found; the whole function is safe. */
  b->start = 0;
  b->end = l->nops - 1;
}

typedef struct worklist {
  ir_value **v;
  unsigned n, cap;
} worklist;

/* Records that v may refer to b; queues v the first time. */
static void reach(liveness *l, worklist *w, ir_value *v, const liveness_buffer *b) {
  if (!v || !tgpu_type_is_memdesc(v->type)) return;
  buf_set *s = sup_ptrmap_get(&l->values, key(v));
  if (!s) {
    s = sup_arena_alloc(l->arena, sizeof *s);
    if (!s || !sup_ptrmap_put(&l->values, key(v), s)) {
      l->oom = true;
      return;
    }
  }
  for (size_t i = 0; i < s->n; i++)
    if (s->items[i] == b) return;
  if (s->n == s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 2;
    const liveness_buffer **items = sup_arena_alloc(l->arena, cap * sizeof *items);
    if (!items) {
      l->oom = true;
      return;
    }
    for (size_t i = 0; i < s->n; i++) items[i] = s->items[i];
    s->items = items;
    s->cap = cap;
  }
  s->items[s->n++] = b;
  if (w->n == w->cap && !grow((void **)&w->v, &w->cap, sizeof *w->v)) {
    l->oom = true;
    return;
  }
  w->v[w->n++] = v;
}

static ir_value *block_arg(ir_op *op, unsigned region, unsigned i) {
  ir_block *b = region < op->nregions ? ir_region_entry(&op->regions[region]) : NULL;
  return b && i < b->nargs ? b->args[i] : NULL;
}

static ir_value *result(ir_op *op, unsigned i) { return i < op->nresults ? &op->results[i] : NULL; }

/* Where operand `i` of a terminator flows: the parent's results and, for loops, the block
 * arguments of the next iteration (then b is live around the back edge: the whole loop). */
static void reach_from_terminator(liveness *l, worklist *w, ir_op *term, unsigned i,
                                  liveness_buffer *b) {
  ir_op *p = ir_op_parent_op(term);
  if (!p) return;
  bool in_after = term->parent && term->parent->parent == &p->regions[p->nregions - 1];
  switch (ir_op_code(p)) {
  case IR_OP_FOR:
    reach(l, w, result(p, i), b);
    reach(l, w, block_arg(p, 0, i + 1), b);
    extend(l, b, p);
    break;
  case IR_OP_IF:
    reach(l, w, result(p, i), b);
    break;
  case IR_OP_WHILE:
    if (ir_op_code(term) == IR_OP_CONDITION) {
      if (i == 0) return;
      reach(l, w, result(p, i - 1), b);
      reach(l, w, block_arg(p, 1, i - 1), b);
    } else if (in_after) {
      reach(l, w, block_arg(p, 0, i), b);
      extend(l, b, p);
    }
    break;
  default:
    break;
  }
}

/* Values derived from operand `i` of `user`. */
static void reach_from_use(liveness *l, worklist *w, ir_op *user, unsigned i, liveness_buffer *b) {
  switch (ir_op_code(user)) {
  case IR_OP_YIELD:
  case IR_OP_CONDITION:
    reach_from_terminator(l, w, user, i, b);
    return;
  case IR_OP_FOR:
    if (i >= 3) {
      reach(l, w, result(user, i - 3), b);
      reach(l, w, block_arg(user, 0, i - 2), b);
    }
    return;
  case IR_OP_WHILE:
    reach(l, w, block_arg(user, 0, i), b);
    return;
  default:
    for (unsigned r = 0; r < user->nresults; r++) reach(l, w, &user->results[r], b);
    return;
  }
}

static void trace_buffer(liveness *l, liveness_buffer *b, worklist *w) {
  w->n = 0;
  reach(l, w, &b->owner->results[0], b);
  for (unsigned k = 0; k < w->n; k++) {
    ir_value *v = w->v[k];
    for (ir_use *u = v->first_use; u; u = u->next_use) {
      extend(l, b, u->user);
      reach_from_use(l, w, u->user, u->index, b);
    }
  }
}

/* ---- entry points ----------------------------------------------------------------------- */

liveness *liveness_run(ir_op *func, unsigned num_warps) {
  ir_context *ctx = ir_op_context(func);
  liveness *l = calloc(1, sizeof *l);
  if (l) l->arena = sup_arena_create();
  if (!l || !l->arena) {
    free(l);
    ir_context_note_oom(ctx);
    return NULL;
  }
  ir_context_watch_arena(ctx, l->arena);
  for (unsigned r = 0; r < func->nregions; r++)
    for (ir_block *b = func->regions[r].first; b; b = b->next)
      for (ir_op *o = b->first; o; o = o->next) number_op(l, o);
  bool ok = !l->oom && collect_buffers(l, num_warps);
  worklist w = {0};
  for (size_t i = 0; ok && i < l->nbufs; i++)
    if (l->bufs[i].kind == LIVENESS_EXPLICIT) trace_buffer(l, &l->bufs[i], &w);
  free(w.v);
  if (ok && !l->oom) return l;
  if (l->oom) ir_context_note_oom(ctx);
  liveness_free(l);
  return NULL;
}

void liveness_free(liveness *l) {
  if (!l) return;
  free(l->ops);
  free(l->last);
  sup_ptrmap_free(&l->number);
  sup_ptrmap_free(&l->owned);
  sup_ptrmap_free(&l->values);
  sup_arena_destroy(l->arena);
  free(l);
}

/* The most bytes live at once is reached where some buffer starts: the sum over the
 * buffers live there, for each start (quadratic in the buffers, which are few; no memory). */
int64_t liveness_peak_bytes(const liveness *l, unsigned *out_op) {
  int64_t peak = 0;
  unsigned at = 0;
  for (size_t i = 0; i < l->nbufs; i++) {
    unsigned n = l->bufs[i].start;
    int64_t live = 0;
    for (size_t j = 0; j < l->nbufs; j++)
      if (l->bufs[j].start <= n && n <= l->bufs[j].end) live += l->bufs[j].bytes;
    if (live > peak || (live == peak && n < at)) peak = live, at = n;
  }
  if (out_op) *out_op = at;
  return peak;
}

size_t liveness_num_buffers(const liveness *l) { return l->nbufs; }
const liveness_buffer *liveness_buffer_at(const liveness *l, size_t i) { return &l->bufs[i]; }

const liveness_buffer *liveness_op_buffer(const liveness *l, const ir_op *op) {
  return sup_ptrmap_get(&l->owned, key(op));
}

size_t liveness_value_buffers(const liveness *l, const ir_value *v,
                              const liveness_buffer *const **out_bufs) {
  const buf_set *s = sup_ptrmap_get(&l->values, key(v));
  *out_bufs = s ? s->items : NULL;
  return s ? s->n : 0;
}
