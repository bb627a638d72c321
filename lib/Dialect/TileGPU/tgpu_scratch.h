/* Scratch shared memory: the temporary shared memory an op needs while it runs (layout
 * conversions through shared memory; later reductions across warps), as opposed to the
 * buffers that tgpu.local_alloc creates and that live across ops.
 *
 * The allocator (allocate-shared-memory) gives each such op its own buffer, live only at
 * the op, and membar treats it as written then read by the op. Symbols carry `tgpu_`. */
#ifndef TILEC_TGPU_SCRATCH_H
#define TILEC_TGPU_SCRATCH_H

#include "IR/ir.h"

/* Bytes of scratch shared memory `op` needs for a kernel of `num_warps` warps; 0 when it
 * needs none (every op but the ones listed in tgpu_scratch.c). Saturates at UINT32_MAX. */
unsigned tgpu_op_scratch_bytes(const ir_op *op, unsigned num_warps);

#endif
