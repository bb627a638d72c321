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

/* Whether tt.reshape from src to dst keeps every element in the same register of the same
 * thread: both layouts map (register, lane, warp) to the same row-major element index (the
 * index does not depend on the shape). Then the reshape costs nothing; otherwise it goes
 * through scratch shared memory (one slot per element). */
bool tgpu_reshape_keeps_registers(const ir_type *src, const ir_type *dst);

#endif
