/* Layouts of the data-movement shape ops (tt.trans, tt.join, tt.split, tt.reshape): for
 * each, the layout of the result that lets the op keep every element in the register of
 * the thread that already holds it, so that the op costs no instruction. The layout rules
 * (tgpu_rules.c) give these to the ops; a consumer that needs another layout gets a
 * tgpu.convert_layout, which picks its own route. Symbols carry the `tgpu_` prefix.
 *
 * Each function takes and returns layout attributes (blocked, linear, or slices of them); NULL
 * means "no such layout" (the caller then leaves the layouts to legalization). */
#ifndef TILEC_TGPU_SHAPE_H
#define TILEC_TGPU_SHAPE_H

#include "Dialect/TileGPU/tgpu.h"

/* The layout of trans(x, order) when x has layout enc (rank dims): result dim i takes the
 * distribution of operand dim order[i]; a slice keeps its sliced dim in place. */
const ir_attr *tgpu_permute_layout(ir_context *ctx, const ir_attr *enc, unsigned rank, const int64_t *order);
/* The layout of join(a, b) when a and b have layout enc (rank dims): the new last dim of
 * size 2 is the lowest register bit of every thread. */
const ir_attr *tgpu_join_layout(ir_context *ctx, const ir_attr *enc, unsigned rank);
/* The inverse: the layout of split's results when its operand (rank dims) has layout enc
 * whose last dim is held in registers only (a join layout); NULL otherwise. */
const ir_attr *tgpu_split_layout(ir_context *ctx, const ir_attr *enc, unsigned rank);
/* A layout for a tensor of dst_shape that maps (register, lane, warp) to the same row-major
 * element indices as enc does for src_shape, so that tt.reshape keeps every register
 * (tgpu_reshape_keeps_registers): blocked when one fits, else #tgpu.linear; NULL when enc
 * cannot be mapped. */
const ir_attr *tgpu_reshape_layout(ir_context *ctx, const ir_attr *enc, unsigned src_rank,
                                   const int64_t *src_shape, unsigned dst_rank, const int64_t *dst_shape);
/* Whether tt.reshape with allow_reorder from src to dst may keep every register as it is
 * (the elements then land in another order): both layouts hold each element once, in as
 * many registers, lanes and warps. */
bool tgpu_reshape_may_reorder(const ir_type *src, const ir_type *dst);

#endif
