/* Pass "allocate-shared-memory": gives every shared-memory buffer of every function an
 * offset, so that buffers alive at the same time never overlap.
 *
 * Needs: tgpu IR (layouts final: a tgpu.convert_layout's scratch depends on them);
 *   optionally the module's tgpu.target (sm_90a when absent) for the size limit.
 * Changes: sets tgpu.allocation.offset = N : i64 on each op that owns shared memory
 *   (tgpu.local_alloc, ops with scratch; see Analysis/liveness.h), removes it from ops that
 *   no longer own any, and sets the module's tgpu.shared = TOTAL : i32 (bytes; the largest
 *   total over the functions, 0 when none needs shared memory). A function that needs more
 *   than the target allows is an error at the function, with a note per buffer.
 * Invalidates: nothing else (ops and values are untouched).
 *
 * Placement: buffers sorted by size, largest first (ties: earliest live first), each put
 * at the lowest offset, rounded up to its alignment, that does not overlap the buffers
 * already placed whose live intervals meet its own (first fit). Finding the smallest total
 * is NP-hard (dynamic storage allocation); with a kernel's handful of buffers the greedy
 * order reaches the lower bound (the most bytes live at one op) in the usual shapes:
 * disjoint lifetimes all start at 0, nested ones stack, and large buffers placed first
 * leave gaps that the small ones fill rather than fragmenting the low addresses.
 *
 * A tgpu.tma_store reads its source after the op, until membar's tgpu.tma_store_wait before
 * the next write of those bytes. A buffer placed over that source by a later op (the second
 * half of a subtiled epilogue) makes its write wait for the first store's read. So a second
 * placement treats each TMA-store source as live to the end of the store's loop iteration
 * (the function's end outside loops), and is kept when it fits and leaves as many programs
 * per SM (by shared memory) as the first; otherwise the first stays. */
#include <stdlib.h>
#include <string.h>

#include "Analysis/liveness.h"
#include "Dialect/TileGPU/tgpu.h"
#include "Transforms/passes.h"

/* The module's target's opt-in shared-memory limit (target_info.h); an unknown target is
 * an error there. */
static bool target_limit(ir_module *m, int64_t *out_bytes, const char **out_arch) {
  const tgpu_target *t = tgpu_target_of_module(m);
  if (!t) return false;
  *out_bytes = tgpu_target_smem_limit(t);
  *out_arch = t->name;
  return true;
}

/* ---- placement -------------------------------------------------------------------------- */

typedef struct slot {
  const liveness_buffer *b;
  unsigned owner_number;
  unsigned start, end; /* the interval placed by: b's, or extended past a TMA store */
  int64_t offset;      /* -1 until placed */
} slot;

static bool live_together(const slot *a, const slot *b) { return a->start <= b->end && b->start <= a->end; }

static int by_size_desc(const void *pa, const void *pb) {
  const slot *a = pa, *b = pb;
  if (a->b->bytes != b->b->bytes) return a->b->bytes > b->b->bytes ? -1 : 1;
  if (a->start != b->start) return a->start < b->start ? -1 : 1;
  return a->owner_number < b->owner_number ? -1 : a->owner_number > b->owner_number;
}

static int by_offset(const void *pa, const void *pb) {
  const slot *a = *(const slot *const *)pa, *b = *(const slot *const *)pb;
  return a->offset < b->offset ? -1 : a->offset > b->offset;
}

static int64_t align_up(int64_t v, unsigned align) { return (v + align - 1) & ~(int64_t)(align - 1); }

/* First fit of slots[k] among the placed slots live at the same time (`scratch` holds
 * room for k pointers). */
static int64_t first_fit(slot *slots, size_t k, const slot **scratch) {
  const liveness_buffer *b = slots[k].b;
  size_t n = 0;
  for (size_t i = 0; i < k; i++)
    if (live_together(&slots[i], &slots[k])) scratch[n++] = &slots[i];
  qsort(scratch, n, sizeof *scratch, by_offset);
  int64_t at = 0;
  for (size_t i = 0; i < n; i++) {
    at = align_up(at, b->align);
    if (at + b->bytes <= scratch[i]->offset) break;
    int64_t end = scratch[i]->offset + scratch[i]->b->bytes;
    if (end > at) at = end;
  }
  return align_up(at, b->align);
}

/* Places every buffer of l, buffer i live to ends[i] (NULL: its own end) at the latest;
 * returns the total (end of the highest buffer), -1 when out of memory. */
static int64_t place(liveness *l, slot *slots, const unsigned *ends) {
  size_t n = liveness_num_buffers(l);
  for (size_t i = 0; i < n; i++) {
    const liveness_buffer *b = liveness_buffer_at(l, i);
    unsigned end = ends && ends[i] > b->end ? ends[i] : b->end;
    slots[i] = (slot){b, liveness_op_number(l, b->owner), b->start, end, -1};
  }
  qsort(slots, n, sizeof *slots, by_size_desc);
  const slot **scratch = calloc(n ? n : 1, sizeof *scratch);
  if (!scratch) return -1;
  int64_t total = 0;
  for (size_t k = 0; k < n; k++) {
    slots[k].offset = first_fit(slots, k, scratch);
    if (slots[k].offset + slots[k].b->bytes > total) total = slots[k].offset + slots[k].b->bytes;
  }
  free(scratch);
  return total;
}

/* ---- TMA stores' sources -------------------------------------------------------------------- */

/* The number of the last op of the iteration of the innermost loop around op (its body's
 * terminator), or the function's last op outside loops. */
static unsigned iteration_end(const liveness *l, ir_op *op) {
  for (ir_op *p = ir_op_parent_op(op); p; p = ir_op_parent_op(p))
    if (ir_op_code(p) == IR_OP_FOR || ir_op_code(p) == IR_OP_WHILE) {
      unsigned n = liveness_op_number(l, ir_block_terminator(ir_op_region(p, ir_op_code(p) == IR_OP_WHILE)->first));
      if (n != UINT32_MAX) return n;
    }
  return liveness_num_ops(l) - 1;
}

/* ends[i]: where buffer i's interval ends when a TMA store's read of it counts until its
 * iteration's end; false when no buffer is a TMA store's source. */
static bool store_ends(const liveness *l, unsigned *ends) {
  size_t n = liveness_num_buffers(l);
  bool any = false;
  for (size_t i = 0; i < n; i++) ends[i] = liveness_buffer_at(l, i)->end;
  for (unsigned k = 0; k < liveness_num_ops(l); k++) {
    ir_op *op = liveness_op_at(l, k);
    if (ir_op_code(op) != IR_OP_TMA_STORE) continue;
    const liveness_buffer *const *bufs;
    size_t nb = liveness_value_buffers(l, ir_op_operand(op, op->noperands - 1), &bufs);
    unsigned end = iteration_end(l, op);
    for (size_t j = 0; j < nb; j++)
      for (size_t i = 0; i < n; i++)
        if (liveness_buffer_at(l, i) == bufs[j] && end > ends[i]) ends[i] = end, any = true;
  }
  return any;
}

/* Programs per SM that `total` bytes of shared memory allow: an SM has the per-block limit
 * plus the 1 KB every block reserves (sm_80, 86, 89 and 90 alike). */
static int64_t programs_per_sm(int64_t total, int64_t limit) { return (limit + 1024) / (total + 1024); }

/* ---- results ---------------------------------------------------------------------------- */

static void set_offsets(ir_module *m, liveness *l, const slot *slots, size_t n) {
  for (unsigned k = 0; k < liveness_num_ops(l); k++) {
    ir_op *op = liveness_op_at(l, k);
    if (!liveness_op_buffer(l, op) && ir_op_get_attr(op, TGPU_ATTR_ALLOCATION_OFFSET))
      ir_op_set_attr(op, TGPU_ATTR_ALLOCATION_OFFSET, NULL);
  }
  for (size_t i = 0; i < n; i++)
    ir_op_set_attr(slots[i].b->owner, TGPU_ATTR_ALLOCATION_OFFSET,
                   ir_i64_attr(m->ctx, slots[i].offset));
}

static int by_owner(const void *pa, const void *pb) {
  const slot *a = pa, *b = pb;
  return a->owner_number < b->owner_number ? -1 : a->owner_number > b->owner_number;
}

/* The error for a function over the limit: one note per buffer, in program order. */
static void report_over_limit(ir_module *m, ir_op *func, liveness *l, slot *slots, size_t n,
                              int64_t total, int64_t limit, const char *arch) {
  const char *name = ir_op_get_string_attr(func, "sym_name");
  unsigned at = 0;
  int64_t peak = liveness_peak_bytes(l, &at);
  ir_emit_config_error(m->ctx, func->loc,
                "kernel '%s' needs %lld bytes of shared memory (%lld live at once at op %u), "
                "more than the %lld bytes %s allows; its %zu buffers:",
                name ? name : "?", (long long)total, (long long)peak, at, (long long)limit,
                arch, n);
  qsort(slots, n, sizeof *slots, by_owner);
  diag_engine *d = ir_context_diag(m->ctx);
  for (size_t i = 0; i < n; i++) {
    const liveness_buffer *b = slots[i].b;
    ir_op *last = liveness_op_at(l, b->end);
    diag_emit(d, DIAG_NOTE, b->owner->loc,
              "'%s' %s of %lld bytes at offset %lld, live over ops %u..%u (until '%s' at line %d)",
              ir_op_name(b->owner), b->kind == LIVENESS_SCRATCH ? "scratch" : "buffer",
              (long long)b->bytes, (long long)slots[i].offset, b->start, b->end,
              ir_op_name(last), last->loc.line);
  }
}

/* Allocates one function; *inout_total grows to its total. */
static bool allocate_func(ir_module *m, ir_op *func, int64_t limit, const char *arch,
                          int64_t *inout_total) {
  liveness *l = liveness_run(func, tgpu_func_num_warps(func));
  if (!l) return false;
  size_t n = liveness_num_buffers(l);
  slot *slots = calloc(n ? n : 1, sizeof *slots), *ext = calloc(n ? n : 1, sizeof *ext);
  unsigned *ends = calloc(n ? n : 1, sizeof *ends);
  int64_t total = slots && ext && ends ? place(l, slots, NULL) : -1;
  if (total >= 0 && store_ends(l, ends)) {
    int64_t t2 = place(l, ext, ends);
    if (t2 < 0) total = -1;
    else if (t2 <= limit && total <= limit && programs_per_sm(t2, limit) == programs_per_sm(total, limit)) {
      slot *s = slots;
      slots = ext, ext = s, total = t2;
    }
  }
  free(ext);
  free(ends);
  if (total < 0) {
    free(slots);
    liveness_free(l);
    ir_context_note_oom(m->ctx);
    return false;
  }
  bool ok = total <= limit;
  if (ok) set_offsets(m, l, slots, n);
  else report_over_limit(m, func, l, slots, n, total, limit, arch);
  if (total > *inout_total) *inout_total = total;
  free(slots);
  liveness_free(l);
  return ok;
}

static bool run(ir_module *m) {
  int64_t limit;
  const char *arch;
  if (!target_limit(m, &limit, &arch)) return false;
  int64_t total = 0;
  bool ok = true;
  for (ir_op *op = ir_module_body(m)->first; op; op = op->next)
    if (ir_op_code(op) == IR_OP_FUNC) ok = allocate_func(m, op, limit, arch, &total) && ok;
  if (ok) ir_op_set_attr(m->op, TGPU_ATTR_SHARED, ir_i32_attr(m->ctx, total));
  return ok;
}

const ir_pass pass_allocate_shared_memory = {
    "allocate-shared-memory",
    "gives each shared-memory buffer an offset (tgpu.allocation.offset) and the module its total (tgpu.shared)",
    run};
