/* How tt.reduce splits its work over registers, lanes and warps, read from the operand's
 * linear layout (linear_layout.h). Shared by the allocator (scratch size, through
 * tgpu_scratch.c) and the lowering (lib/Conversion/reduce.c); no LLVM. Symbols carry
 * `tgpu_reduce_`.
 *
 * An input bit of the operand's layout (register, lane or warp bit) whose basis vector
 * lies in the coordinate bits of the reduced axis moves along the axis: the elements its
 * two values hold are combined. A zero basis vector is a replica and is never combined
 * (a sum would count the element twice); a vector outside the axis keeps the result
 * coordinate apart. Register bits are combined inside the thread, lane bits by butterfly
 * shuffles, warp bits through scratch shared memory. */
#ifndef TILEC_TGPU_REDUCE_H
#define TILEC_TGPU_REDUCE_H

#include "Dialect/Tile/tile.h"
#include "Dialect/TileGPU/linear_layout.h"

/* The most operands one tt.reduce may fold together (the verifier says so). */
enum { TGPU_REDUCE_MAX_OPERANDS = TILE_REDUCE_MAX_OPERANDS };

typedef struct tgpu_reduce_plan {
  tgpu_ll_layout src;      /* the operand's layout */
  unsigned axis;
  uint32_t reg_axis;       /* register bits along the axis (combined in the thread) */
  uint32_t reg_replica;    /* register bits with a zero basis vector */
  uint32_t lane_axis;      /* lane bits along the axis (one butterfly shuffle each) */
  uint32_t warp_axis;      /* warp bits along the axis (the scratch step) */
  unsigned warp_axis_bits; /* popcount of warp_axis: 2^this partials per result element */
  uint64_t result_numel;   /* elements of the result (1 for a scalar) */
  unsigned noperands;
  unsigned elem_bytes[TGPU_REDUCE_MAX_OPERANDS]; /* bytes of one slot (i1 stored as one byte) */
  unsigned offset[TGPU_REDUCE_MAX_OPERANDS];     /* byte offset of operand i's slots */
  /* Step 3 in parallel: each thread t < result_numel << warp_axis_bits loads one partial
   * (result t >> bits, warp part t & mask), the partials of a result meet by butterfly
   * shuffles over the low lane bits, the first lane of each group stores the result at
   * result_offset[i], a barrier, and every thread loads the results it holds. Chosen when
   * the direct way (every thread loads and combines every partial of each result register
   * it holds) would do more than 16 loads per operand and the slots fit the threads. */
  bool parallel;
  unsigned result_regs;    /* registers of the result per thread (the direct way's loads /
                              2^warp_axis_bits) */
  unsigned result_offset[TGPU_REDUCE_MAX_OPERANDS];
  unsigned scratch_bytes;  /* sum over operands of 2^warp_axis_bits * result_numel * elem_bytes
                              (plus result_numel * elem_bytes when parallel; each part 8-byte
                              aligned); 0 without warp bits */
} tgpu_reduce_plan;

/* Plans the reduction along `axis` of n operands of `shape` in layout `enc`, whose elements
 * have elem_bytes[i] bytes. Returns NULL, or a static message when n is out of range, the
 * layout cannot be mapped or mixes the axis with other dims in one basis vector (no
 * blocked or slice layout does). */
const char *tgpu_reduce_plan_make(const ir_attr *enc, unsigned rank, const int64_t *shape,
                                  unsigned axis, const unsigned *elem_bytes, unsigned n,
                                  tgpu_reduce_plan *out);

/* tt.scan's plan: which hardware bit holds each bit of the coordinate along the axis (the
 * lowering combines partner blocks bit by bit, lowest first: registers in the thread,
 * lanes by butterfly shuffles, warps through scratch). */
typedef struct tgpu_scan_plan {
  tgpu_ll_layout src;
  unsigned axis;
  unsigned nbits;                     /* log2 of the axis' size */
  uint8_t which[TGPU_LL_MAX_BITS];    /* axis bit t: 0 register, 1 lane, 2 warp */
  uint8_t bit[TGPU_LL_MAX_BITS];      /* axis bit t: that hardware dim's input bit */
  bool uses_warps;                    /* some axis bit is a warp bit */
  unsigned scratch_bytes;             /* warps: every thread's registers of every operand
                                         (threads x registers x sum of element bytes); 0 else */
} tgpu_scan_plan;

/* Plans the scan along `axis` of n operands of `shape` in layout `enc` (elem_bytes[i] bytes
 * per element), num_warps warps. Returns NULL or a static message (a layout whose basis
 * vector along the axis is not a single coordinate bit, which no blocked layout has). */
const char *tgpu_scan_plan_make(const ir_attr *enc, unsigned rank, const int64_t *shape, unsigned axis,
                                const unsigned *elem_bytes, unsigned n, unsigned num_warps,
                                tgpu_scan_plan *out);

#endif
