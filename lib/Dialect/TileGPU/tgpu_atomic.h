/* Which threads perform an atomic, and how its old values reach the other threads.
 *
 * A layout may hold an element in several places (registers, lanes or warps whose linear
 * layout basis vector is zero: replicas, linear_layout.h). An atomic must update each
 * element exactly once, so only the first copy acts: the register, lane and warp whose
 * replica bits are all zero. A scalar is held by every thread: thread 0 of warp 0 acts.
 * When the result is used, the copies that did not act get the old value from the one that
 * did: registers by copying, lanes by a warp shuffle when no warp bit replicates, else
 * through scratch shared memory (one slot per element, written by the acting copies, a
 * barrier, read by all). Symbols carry `tgpu_`. */
#ifndef TILEC_TGPU_ATOMIC_H
#define TILEC_TGPU_ATOMIC_H

#include <stdint.h>

#include "Dialect/TileGPU/linear_layout.h"
#include "IR/ir.h"

typedef enum tgpu_atomic_route {
  TGPU_ATOMIC_LOCAL,   /* no copy outside the acting thread needs the result */
  TGPU_ATOMIC_SHUFFLE, /* replicas in other lanes of the same warp only */
  TGPU_ATOMIC_SHARED,  /* replicas in other warps: through scratch */
} tgpu_atomic_route;

typedef struct tgpu_atomic_plan {
  uint32_t reg_dup, lane_dup, warp_dup; /* replica bits of each hardware index */
  unsigned nreg;                        /* register bits (0 for a scalar) */
  uint32_t numel;                       /* elements (1 for a scalar) */
  tgpu_atomic_route route;
  unsigned scratch_bytes;               /* SHARED: numel * element bytes */
} tgpu_atomic_plan;

/* Plans tt.atomic_rmw / tt.atomic_cas `op` (tgpu level: tensors have layouts) for a kernel
 * of num_warps warps. Returns NULL, or a static message when the layout cannot be mapped or
 * its copies of one element are not told apart by zero basis vectors alone. */
const char *tgpu_atomic_plan_make(const ir_op *op, unsigned num_warps, tgpu_atomic_plan *out);

#endif
