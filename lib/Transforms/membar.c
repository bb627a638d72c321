/* Pass "membar": inserts tgpu.barrier where shared-memory accesses of different threads
 * could race.
 *
 * Needs: allocate-shared-memory's tgpu.allocation.offset on every op that owns shared
 *   memory (an error names the first op without one).
 * Changes: inserts `tgpu.barrier()` right before an op whose shared-memory access conflicts
 *   with an access still pending since the last barrier (read after write, write after
 *   read, write after write, on overlapping byte intervals), and nowhere else; before a
 *   write to bytes a tgpu.tma_store may still be reading, `tgpu.tma_store_wait()` and then
 *   the barrier, and a `tgpu.tma_store_wait()` before the function's terminator when a store
 *   may still be reading there.
 * Invalidates: nothing (only adds barriers, which have no operands or results).
 *
 * A forward dataflow analysis over structured control flow. The state is the set of byte
 * intervals read and the set written since the last barrier (pending accesses), and the set
 * TMA stores read (asynchronously: after the op, past barriers, until their issuing thread's
 * tgpu.tma_store_wait). A barrier (existing or inserted) empties the first two; a
 * tgpu.tma_store_wait turns the third into pending reads. scf.if: each branch starts from the state before
 * it, the state after is the union of both ends. scf.for and scf.while: the body runs
 * from the union of the state before the loop and the state at the end of the body (the
 * back edge), repeated until that union stops growing; the state after is that union.
 * Barriers are inserted during the iterations: states only grow, so a conflict found in an
 * early iteration is still one at the fixed point.
 *
 * What an op does to shared memory comes from membar_effects (the op table's effects). An
 * op's own internal synchronization is its lowering's business: tgpu.convert_layout
 * through shared memory writes its scratch, synchronizes, reads it, so it is checked as a
 * write and leaves a pending read.
 *
 * Stages: an access through tgpu.memdesc_index with a constant index touches that stage's
 * bytes only. The pipeline pass marks the stage an iteration reads ("consume") and the
 * one it fills for a later iteration ("produce") with tgpu.pipeline_slot: within one
 * iteration they are different stages, so they are kept in two separate copies of the
 * byte space (ROLE_SPAN apart) that only see each other's accesses after the back edge,
 * where the loop folds them into every copy; an unmarked access lives in all three copies
 * and so conflicts with both. */
#include <stdlib.h>
#include <string.h>

#include "Analysis/liveness.h"
#include "Dialect/TileGPU/tgpu.h"
#include "Dialect/TileGPU/tgpu_types.h"
#include "Transforms/passes.h"

/* ---- what ops do to shared memory -------------------------------------------------------- */

#define MEMBAR_MAX_ACCESSES 4
#define MEMBAR_OWN (-1) /* the access targets the shared memory the op owns */

typedef struct membar_access {
  bool write;
  int operand; /* index of the memdesc operand, or MEMBAR_OWN */
} membar_access;

/* An op's accesses in the order it makes them. */
typedef struct membar_access_list {
  unsigned n;
  membar_access a[MEMBAR_MAX_ACCESSES];
} membar_access_list;

static void add_access(membar_access_list *l, bool write, int operand) {
  if (l->n < MEMBAR_MAX_ACCESSES) l->a[l->n++] = (membar_access){write, operand};
}

/* What op does to shared memory, read from its effect flags (the op table, docs/
 * adding-an-op.md), which say what; its memdesc operands and its own allocation say where:
 *  - a memdesc operand is read (IR_EFFECT_READ_SHARED) or written (IR_EFFECT_WRITE_SHARED);
 *  - an op that allocates (IR_EFFECT_ALLOC_SHARED) and is given an initial value writes its
 *    own buffer;
 *  - an op that owns scratch without allocating (tgpu.convert_layout through shared memory:
 *    a lowering detail, so the op itself is pure) writes it, synchronizes, then reads it.
 * tgpu.barrier (IR_EFFECT_CONTROL) is the walk's business, not an access. The mbarrier of a
 * tgpu.tma_load is not an access either (the copy's completion updates it, and
 * tgpu.mbarrier_wait, _expect and _arrive, reads, are what the barrier's initialization by
 * one thread must be ordered before); a
 * tgpu.guarded copy (a warp-specialized producer's) is no access at all: mbarriers order it
 * both ways (its issuer waits for the readers' release of the stage, the readers for its data). */
static membar_access_list membar_effects(const ir_op *op, const liveness *l) {
  membar_access_list r = {0};
  unsigned e = ir_op_effects(op);
  if ((e & IR_EFFECT_CONTROL) && !(e & (IR_EFFECT_READ_SHARED | IR_EFFECT_WRITE_SHARED))) return r;
  if (e & IR_EFFECT_ALLOC_SHARED) {
    if (op->noperands && (e & IR_EFFECT_WRITE_SHARED)) add_access(&r, true, MEMBAR_OWN);
    return r;
  }
  if (!(e & (IR_EFFECT_READ_SHARED | IR_EFFECT_WRITE_SHARED))) {
    if (liveness_op_buffer(l, op)) {
      add_access(&r, true, MEMBAR_OWN);
      add_access(&r, false, MEMBAR_OWN);
    }
    return r;
  }
  if (ir_op_code(op) == IR_OP_TMA_LOAD) { /* the destination; the mbarrier is the hardware's to update */
    if (!ir_op_get_int_attr(op, TGPU_ATTR_GUARDED, 0)) add_access(&r, true, (int)op->noperands - 3);
    return r;
  }
  for (unsigned i = 0; i < op->noperands; i++) {
    if (!tgpu_type_is_memdesc(op->operands[i].value->type)) continue;
    if (e & IR_EFFECT_READ_SHARED) add_access(&r, false, (int)i);
    if (e & IR_EFFECT_WRITE_SHARED) add_access(&r, true, (int)i);
  }
  return r;
}

/* ---- sets of byte intervals ------------------------------------------------------------- */

typedef struct interval {
  int64_t lo, hi; /* [lo, hi) */
} interval;

/* Sorted, disjoint, never touching: one canonical form per set of bytes. */
typedef struct ivset {
  interval *v;
  unsigned n, cap;
  bool oom; /* an allocation failed (sticky, and carried by copies and unions): the pass
               reports out of memory instead of trusting the set */
} ivset;

typedef struct mstate {
  ivset reads, writes;
  ivset stores; /* read by TMA stores (tgpu.tma_store) not yet waited for: no barrier ends these */
} mstate;

static bool ivset_reserve(ivset *s, unsigned n) {
  if (n <= s->cap) return true;
  unsigned cap = n < 8 ? 8 : n * 2;
  interval *v = realloc(s->v, cap * sizeof *v);
  if (!v) return !(s->oom = true);
  s->v = v;
  s->cap = cap;
  return true;
}

static void ivset_add(ivset *s, int64_t lo, int64_t hi) {
  unsigned i = 0;
  while (i < s->n && s->v[i].hi < lo) i++;
  unsigned j = i;
  while (j < s->n && s->v[j].lo <= hi) {
    if (s->v[j].lo < lo) lo = s->v[j].lo;
    if (s->v[j].hi > hi) hi = s->v[j].hi;
    j++;
  }
  if (j == i) {
    if (!ivset_reserve(s, s->n + 1)) return;
    memmove(&s->v[i + 1], &s->v[i], (s->n - i) * sizeof *s->v);
    s->n++;
  } else {
    memmove(&s->v[i + 1], &s->v[j], (s->n - j) * sizeof *s->v);
    s->n -= j - i - 1;
  }
  s->v[i] = (interval){lo, hi};
}

static bool ivset_overlaps(const ivset *s, interval x) {
  for (unsigned i = 0; i < s->n; i++)
    if (s->v[i].lo < x.hi && x.lo < s->v[i].hi) return true;
  return false;
}

static bool ivset_equal(const ivset *a, const ivset *b) {
  return a->n == b->n && (!a->n || memcmp(a->v, b->v, a->n * sizeof *a->v) == 0);
}

static void ivset_union(ivset *dst, const ivset *src) {
  dst->oom |= src->oom;
  for (unsigned i = 0; i < src->n; i++) ivset_add(dst, src->v[i].lo, src->v[i].hi);
}

static void ivset_copy(ivset *dst, const ivset *src) {
  if (!ivset_reserve(dst, src->n)) return;
  if (src->n) memcpy(dst->v, src->v, src->n * sizeof *src->v);
  dst->n = src->n;
  dst->oom = src->oom;
}

/* A barrier: every thread's accesses before it are done (the TMA stores' reads are not). */
static void state_clear(mstate *s) { s->reads.n = s->writes.n = 0; }
static void state_free(mstate *s) {
  free(s->reads.v);
  free(s->writes.v);
  free(s->stores.v);
}
static void state_copy(mstate *dst, const mstate *src) {
  ivset_copy(&dst->reads, &src->reads);
  ivset_copy(&dst->writes, &src->writes);
  ivset_copy(&dst->stores, &src->stores);
}
static void state_union(mstate *dst, const mstate *src) {
  ivset_union(&dst->reads, &src->reads);
  ivset_union(&dst->writes, &src->writes);
  ivset_union(&dst->stores, &src->stores);
}
static bool state_equal(const mstate *a, const mstate *b) {
  return ivset_equal(&a->reads, &b->reads) && ivset_equal(&a->writes, &b->writes) &&
         ivset_equal(&a->stores, &b->stores);
}
static bool state_oom(const mstate *s) { return s->reads.oom || s->writes.oom || s->stores.oom; }

/* ---- resolving accesses to bytes -------------------------------------------------------- */

typedef struct membar {
  ir_module *m;
  liveness *l;
  bool copies_awaited; /* every thread waits for the TMA copies it reads (copies_awaited) */
} membar;

/* Up to this many buffers per access; more (a memdesc merged from many) or none known: the
 * whole of shared memory. */
#define MEMBAR_MAX_TARGETS 8
/* The byte-space copies: 0 holds every access, 1 and 2 the consume and produce slots. */
#define ROLE_SPAN ((int64_t)1 << 40)
#define ROLES 3
#define MEMBAR_MAX_INTERVALS (MEMBAR_MAX_TARGETS * ROLES)

static bool buffer_bytes(membar *mb, const liveness_buffer *b, interval *out) {
  const ir_attr *off = ir_op_get_attr(b->owner, TGPU_ATTR_ALLOCATION_OFFSET);
  if (!off || off->kind != IR_ATTR_INT) {
    ir_emit_error(mb->m->ctx, b->owner->loc,
                  "membar: '%s' owns shared memory but has no %s (run allocate-shared-memory "
                  "first)", ir_op_name(b->owner), TGPU_ATTR_ALLOCATION_OFFSET);
    return false;
  }
  *out = (interval){off->ival, off->ival + b->bytes};
  return true;
}

/* Narrows a buffer's interval to one stage when v is a memdesc_index with a constant
 * index; returns the access's role (0, or 1 / 2 for a pipeline slot). */
static int stage_of(const ir_value *v, interval *iv) {
  ir_op *d = ir_value_def(v);
  if (!d || ir_op_code(d) != IR_OP_MEMDESC_INDEX) return 0;
  const char *slot = ir_op_get_string_attr(d, TGPU_ATTR_PIPELINE_SLOT);
  if (slot) return !strcmp(slot, TGPU_PIPELINE_SLOT_CONSUME) ? 1 : !strcmp(slot, TGPU_PIPELINE_SLOT_PRODUCE) ? 2 : 0;
  const ir_attr *c = ir_value_constant(ir_op_operand(d, 1));
  tgpu_memdesc md;
  if (!c || c->kind != IR_ATTR_INT || !tgpu_memdesc_get(ir_op_operand(d, 0)->type, &md)) return 0;
  int64_t tile = tgpu_memdesc_tile_bytes(&md), lo = iv->lo + c->ival * tile;
  if (c->ival >= 0 && c->ival < (int64_t)md.num_buffers && lo + tile <= iv->hi) *iv = (interval){lo, lo + tile};
  return 0;
}

/* The byte intervals access `a` of op touches, in the role copies it lives in (see the
 * top); returns their count or -1 after an error. */
static int access_bytes(membar *mb, const ir_op *op, membar_access a, interval *out) {
  const liveness_buffer *own;
  const liveness_buffer *const *bufs = &own;
  size_t n = 1;
  if (a.operand == MEMBAR_OWN) own = liveness_op_buffer(mb->l, op);
  else n = liveness_value_buffers(mb->l, op->operands[a.operand].value, &bufs);
  if (a.operand == MEMBAR_OWN && !own) return 0;
  if (n == 0 || n > MEMBAR_MAX_TARGETS) {
    out[0] = (interval){0, INT64_MAX};
    return 1;
  }
  int count = 0;
  for (size_t i = 0; i < n; i++) {
    interval iv;
    if (!buffer_bytes(mb, bufs[i], &iv)) return -1;
    int role = n == 1 && a.operand != MEMBAR_OWN ? stage_of(op->operands[a.operand].value, &iv) : 0;
    for (int r = 0; r < ROLES; r++)
      if (role == 0 || r == role) out[count++] = (interval){iv.lo + r * ROLE_SPAN, iv.hi + r * ROLE_SPAN};
  }
  return count;
}

/* At a loop's back edge the slots of one iteration meet the next one's: every interval of
 * a slot copy goes into all copies. */
static void fold_roles(ivset *s) {
  ivset slots = {0};
  for (unsigned i = 0; i < s->n; i++)
    if (s->v[i].lo >= ROLE_SPAN && s->v[i].hi != INT64_MAX) ivset_add(&slots, s->v[i].lo % ROLE_SPAN, s->v[i].hi % ROLE_SPAN);
  for (unsigned i = 0; i < slots.n; i++)
    for (int r = 0; r < ROLES; r++) ivset_add(s, slots.v[i].lo + r * ROLE_SPAN, slots.v[i].hi + r * ROLE_SPAN);
  if (slots.oom) s->oom = true;
  free(slots.v);
}

/* ---- transfer ---------------------------------------------------------------------------- */

static bool conflicts(const mstate *st, interval x, bool write) {
  return ivset_overlaps(&st->writes, x) || (write && ivset_overlaps(&st->reads, x));
}

/* A write to bytes a TMA store may still be reading. */
static bool conflicts_store(const mstate *st, interval x, bool write) { return write && ivset_overlaps(&st->stores, x); }

static void insert_op(membar *mb, ir_op *before, const char *name) {
  ir_builder b;
  ir_builder_init(&b, mb->m);
  ir_builder_set_before(&b, before);
  b.loc = before->loc;
  ir_build(&b, name, 0, NULL, 0, NULL);
}

static void insert_barrier(membar *mb, ir_op *before) { insert_op(mb, before, "tgpu.barrier"); }

/* The TMA stores' issuing thread waits for their reads; the barrier that follows tells the
 * others. */
static void insert_store_wait(membar *mb, ir_op *before, mstate *st) {
  insert_op(mb, before, "tgpu.tma_store_wait");
  st->stores.n = 0;
}

/* Checks each access against the pending ones (as a write when the op writes that target
 * at all), inserts a barrier on a conflict, then leaves each target's last access
 * pending. */
static bool visit_access(membar *mb, ir_op *op, mstate *st) {
  membar_access_list acc = membar_effects(op, mb->l);
  if (!acc.n) return true;
  interval iv[MEMBAR_MAX_ACCESSES][MEMBAR_MAX_INTERVALS];
  int count[MEMBAR_MAX_ACCESSES];
  bool conflict = false, store = false;
  for (unsigned i = 0; i < acc.n; i++) {
    if ((count[i] = access_bytes(mb, op, acc.a[i], iv[i])) < 0) return false;
    bool write = false;
    for (unsigned j = 0; j < acc.n; j++)
      if (acc.a[j].operand == acc.a[i].operand) write |= acc.a[j].write;
    for (int k = 0; k < count[i]; k++) {
      conflict |= conflicts(st, iv[i][k], write);
      store |= conflicts_store(st, iv[i][k], write);
    }
  }
  if (store) insert_store_wait(mb, op, st);
  if (conflict || store) {
    insert_barrier(mb, op);
    state_clear(st);
  }
  if (ir_op_code(op) == IR_OP_TMA_LOAD && mb->copies_awaited) return true; /* nothing left pending */
  bool tma_store = ir_op_code(op) == IR_OP_TMA_STORE; /* its read goes on after it */
  for (unsigned i = 0; i < acc.n; i++) {
    bool last = true;
    for (unsigned j = i + 1; j < acc.n; j++) last &= acc.a[j].operand != acc.a[i].operand;
    for (int k = 0; last && k < count[i]; k++)
      ivset_add(acc.a[i].write ? &st->writes : tma_store ? &st->stores : &st->reads, iv[i][k].lo, iv[i][k].hi);
  }
  return true;
}

static bool visit_block(membar *mb, ir_block *b, mstate *st);

static bool visit_region(membar *mb, ir_region *r, mstate *st) {
  for (ir_block *b = r->first; b; b = b->next)
    if (!visit_block(mb, b, st)) return false;
  return true;
}

static bool visit_if(membar *mb, ir_op *op, mstate *st) {
  mstate other = {0};
  state_copy(&other, st);
  bool ok = visit_region(mb, &op->regions[0], st) && visit_region(mb, &op->regions[1], &other);
  state_union(st, &other);
  state_free(&other);
  return ok;
}

/* Runs `body` (one or two regions in sequence) from the union of `st` and its own end
 * state until that union is stable. On return st is the state at the loop's exit: the
 * union for scf.for (the body may run zero times), the end of the before-region for
 * scf.while (the only exit). */
static bool visit_loop(membar *mb, ir_op *op, mstate *st) {
  bool is_while = ir_op_code(op) == IR_OP_WHILE;
  mstate entry = {0}, cur = {0}, exit = {0};
  state_copy(&entry, st);
  bool ok = true;
  for (;;) {
    state_copy(&cur, &entry);
    if (!(ok = visit_region(mb, &op->regions[0], &cur))) break;
    fold_roles(&cur.reads);
    fold_roles(&cur.writes);
    fold_roles(&cur.stores);
    state_copy(&exit, &cur);
    if (is_while && !(ok = visit_region(mb, &op->regions[1], &cur))) break;
    state_union(&cur, st);
    if (state_equal(&cur, &entry)) break;
    state_copy(&entry, &cur);
  }
  state_copy(st, is_while ? &exit : &entry);
  state_free(&entry);
  state_free(&cur);
  state_free(&exit);
  return ok;
}

static bool visit_op(membar *mb, ir_op *op, mstate *st) {
  switch (ir_op_code(op)) {
  case IR_OP_BARRIER:
    state_clear(st);
    return true;
  case IR_OP_TMA_STORE_WAIT: /* the stores' reads are done for their thread: a barrier tells the rest */
    ivset_union(&st->reads, &st->stores);
    st->stores.n = 0;
    return true;
  case IR_OP_IF:
    return visit_if(mb, op, st);
  case IR_OP_FOR:
  case IR_OP_WHILE:
    return visit_loop(mb, op, st);
  default:
    for (unsigned r = 0; r < op->nregions; r++)
      if (!visit_region(mb, &op->regions[r], st)) return false;
    return visit_access(mb, op, st);
  }
}

static bool visit_block(membar *mb, ir_block *b, mstate *st) {
  for (ir_op *op = b->first; op; op = op->next)
    if (!visit_op(mb, op, st)) return false;
  return true;
}

/* Whether no thread reads a TMA copy's data on another thread's word: every
 * tgpu.mbarrier_wait is one that all threads make (no predicate), or a warp-specialized
 * producer's (whose copies are no accesses here). Then a tgpu.tma_load's write is not left
 * pending: the threads that read it wait for its mbarrier themselves, which is what orders
 * the read after the asynchronous write (a CTA barrier cannot: bar.sync does not wait for
 * the copy). The copy is still checked against the accesses pending before it (a barrier
 * before it when other threads may still read or write those bytes). */
static bool copies_awaited(const ir_region *r) {
  for (const ir_block *b = r->first; b; b = b->next)
    for (const ir_op *op = b->first; op; op = op->next) {
      if (ir_op_code(op) == IR_OP_MBARRIER_WAIT && op->noperands > 2 &&
          !ir_op_get_int_attr(op, TGPU_ATTR_PRODUCER, 0))
        return false;
      for (unsigned k = 0; k < op->nregions; k++)
        if (!copies_awaited(&op->regions[k])) return false;
    }
  return true;
}

static bool run_func(ir_module *m, ir_op *func) {
  membar mb = {m, liveness_run(func, tgpu_func_num_warps(func)), copies_awaited(&func->regions[0])};
  if (!mb.l) return false;
  mstate st = {0};
  bool ok = visit_region(&mb, &func->regions[0], &st);
  ir_block *body = ir_region_entry(&func->regions[0]);
  if (ok && st.stores.n && body && body->last) /* the program's shared memory outlives no store's read */
    insert_store_wait(&mb, body->last, &st);
  if (state_oom(&st)) ok = false, ir_context_note_oom(m->ctx);
  state_free(&st);
  liveness_free(mb.l);
  return ok;
}

static bool run(ir_module *m) {
  bool ok = true;
  for (ir_op *op = ir_module_body(m)->first; op; op = op->next)
    if (ir_op_code(op) == IR_OP_FUNC) ok = run_func(m, op) && ok;
  return ok;
}

const ir_pass pass_membar = {"membar",
                             "inserts tgpu.barrier before shared-memory accesses that race with pending ones",
                             run};
