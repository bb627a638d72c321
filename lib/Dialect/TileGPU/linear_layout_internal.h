/* Private to the linear-layout builders (linear_layout.c, linear_layout_mma.c): the pieces
 * a builder uses to append input bits. A builder fills the map's basis one input bit at a
 * time, registers first, then lanes, then warps, setting nreg, nlane and nwarp; reg_dim[i]
 * records which tensor dim register bit i walks (TGPU_LL_NO_DIM for none), so that a slice
 * of the layout can drop a dim's register bits. */
#ifndef TILEC_LINEAR_LAYOUT_INTERNAL_H
#define TILEC_LINEAR_LAYOUT_INTERNAL_H

#include "Dialect/TileGPU/linear_layout.h"

#define TGPU_LL_NO_DIM 0xffu

/* Sets rank, dim_bits and nout from a shape; a static message when it cannot. */
const char *tgpu_ll_set_shape(tgpu_ll_layout *l, unsigned rank, const int64_t *shape);
/* The output vector of coordinate bit `bit` of dim d (zero past the dim's size). */
uint32_t tgpu_ll_coord_bit(const tgpu_ll_layout *l, unsigned d, unsigned bit);
/* Appends input bit with image v; reg_dim may be NULL (lanes, warps). */
const char *tgpu_ll_push_bit(tgpu_ll_layout *l, uint32_t v, uint8_t *reg_dim, unsigned dim);
/* Builds any layout kind (with reg_dim), for builders of derived kinds. */
const char *tgpu_ll_build(const ir_attr *enc, unsigned rank, const int64_t *shape, tgpu_ll_layout *out,
                          uint8_t *reg_dim);

/* linear_layout_mma.c */
const char *tgpu_ll_from_mma(const ir_attr *enc, unsigned rank, const int64_t *shape, tgpu_ll_layout *out,
                             uint8_t *reg_dim);
const char *tgpu_ll_from_dot_op(const ir_attr *enc, unsigned rank, const int64_t *shape, tgpu_ll_layout *out,
                                uint8_t *reg_dim);

/* tgpu_linear.c */
const char *tgpu_ll_from_linear(const ir_attr *enc, unsigned rank, const int64_t *shape, tgpu_ll_layout *out,
                                uint8_t *reg_dim);

#endif
