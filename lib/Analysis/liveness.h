/* Liveness of shared-memory buffers in one function (used by allocate-shared-memory and
 * membar).
 *
 * The ops of the function are numbered in program order (a pre-order walk: an op with
 * regions comes before the ops nested in it, which come before the op after it). Every
 * buffer gets a live interval [start, end] of op numbers, both ends included:
 *   - a tgpu.local_alloc owns an explicit buffer, live from the alloc to its last use: any
 *     op that uses its memdesc or a value derived from it (a memdesc result of an op that
 *     takes it, an scf.for/if/while result, block argument or yield it flows through), the
 *     tgpu.local_dealloc included. A use in a nested region (scf.for, scf.while, scf.if)
 *     extends the interval over the whole construct at the level of the definition, so a
 *     buffer defined before a loop and used in it is live across the whole loop; a buffer
 *     carried around a loop's back edge is live over the whole loop.
 *   - an op that needs temporary shared memory (tgpu_op_scratch_bytes > 0) owns a scratch
 *     buffer live only at that op.
 * Each buffer also has its size and alignment: 16 bytes by default; the attribute
 * tgpu.alignment = N (a power of 2, 16 to 1024) on the owning op overrides; a swizzled
 * shared layout (maxPhase > 1) needs its swizzle pattern aligned (vec * maxPhase elements
 * by perPhase * maxPhase rows, in bytes, capped at 1024: 1024 for the 128-byte swizzle that
 * TMA and wgmma read).
 *
 * Symbols carry `liveness_`. */
#ifndef TILEC_LIVENESS_H
#define TILEC_LIVENESS_H

#include "IR/ir.h"

/* Alignment override on an op that owns shared memory (i64 or i32, a power of 2). */
#define LIVENESS_ATTR_ALIGNMENT "tgpu.alignment"
#define LIVENESS_MIN_ALIGN 16u
#define LIVENESS_MAX_ALIGN 1024u

typedef enum liveness_kind {
  LIVENESS_EXPLICIT, /* tgpu.local_alloc */
  LIVENESS_SCRATCH,  /* temporary memory of one op */
} liveness_kind;

typedef struct liveness_buffer {
  ir_op *owner;        /* the op that owns the memory (carries tgpu.allocation.offset) */
  liveness_kind kind;
  int64_t bytes;       /* > 0 */
  unsigned align;      /* power of 2 in [LIVENESS_MIN_ALIGN, LIVENESS_MAX_ALIGN] */
  unsigned start, end; /* live over op numbers start..end, inclusive */
} liveness_buffer;

typedef struct liveness liveness;

/* Analyzes `func` (a tt.func) for a kernel of num_warps warps. Emits an error and returns
 * NULL when an owning op has a bad tgpu.alignment. Heap-allocated; the result refers to
 * func's ops and values: free it (liveness_free) before changing them. */
liveness *liveness_run(ir_op *func, unsigned num_warps);
void liveness_free(liveness *l);

/* The buffers, in program order of their owners. */
size_t liveness_num_buffers(const liveness *l);
const liveness_buffer *liveness_buffer_at(const liveness *l, size_t i);
/* The buffer `op` owns, or NULL. */
const liveness_buffer *liveness_op_buffer(const liveness *l, const ir_op *op);
/* The buffers a memdesc value may refer to (several when control flow merges memdescs);
 * sets *out_bufs to an array owned by l. 0 for a value the analysis did not reach (a
 * memdesc that comes from no tgpu.local_alloc of this function). */
size_t liveness_value_buffers(const liveness *l, const ir_value *v,
                              const liveness_buffer *const **out_bufs);

/* The most bytes live at one op (sizes only, no alignment): a lower bound of any
 * placement's total; *out_op (may be NULL) gets that op's number. 0 without buffers. */
int64_t liveness_peak_bytes(const liveness *l, unsigned *out_op);

/* Program-order number of an op of the function (UINT32_MAX for an op outside it), and the
 * number of ops. */
unsigned liveness_op_number(const liveness *l, const ir_op *op);
unsigned liveness_num_ops(const liveness *l);
/* The op numbered n (n < liveness_num_ops). */
ir_op *liveness_op_at(const liveness *l, unsigned n);

/* The bytes and alignment of the shared memory `op` owns (0 bytes: none): a local_alloc's
 * memdesc, or the op's scratch. Emits an error and returns false for a bad
 * tgpu.alignment. */
bool liveness_op_shared(const ir_op *op, unsigned num_warps, int64_t *out_bytes,
                        unsigned *out_align);

#endif
