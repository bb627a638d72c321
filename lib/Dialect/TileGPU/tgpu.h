/* The tgpu dialect: layout (encoding) attributes on tensor types and GPU ops.
 *
 * Layout attributes are dialect attributes (#tgpu.NAME<{...}>) whose parameters are a
 * dictionary, so the generic printer and parser handle them; this header gives typed
 * access. Layouts so far:
 *
 *   #tgpu.blocked<{order = [..], sizePerThread = [..], threadsPerWarp = [..], warpsPerCTA = [..]}>
 *     Each thread owns sizePerThread[d] consecutive elements along dim d; lanes then warps
 *     tile the dims; order lists dims fastest first (order[0] is the fastest-varying). A
 *     tensor larger than the CTA tile (sizePerThread*threadsPerWarp*warpsPerCTA per dim)
 *     wraps: a thread holds several chunks, each one CTA tile apart. A smaller one is
 *     replicated (several threads hold the same element). prod(threadsPerWarp) = 32 and
 *     prod(warpsPerCTA) = num_warps.
 *   #tgpu.slice<{dim = D, parent = <blocked or slice layout>}>
 *     The layout of a tensor with dim D of the parent removed (a reduction result, the
 *     operand of expand_dims): element i is held where the parent holds (.., i, ..) with
 *     any index along D.
 *   #tgpu.mma<{version = 2|3, warpsPerCTA = [..]}>
 *     The accumulator of mma.sync m16n8kK (rank 2, or 3 with a leading batch dim): each warp
 *     owns 16x8 tiles; lane l holds rows l/4 and l/4+8, columns 2(l%4) and 2(l%4)+1. Warps
 *     tile N first, then M, then the batch; larger tensors repeat the CTA tile in
 *     registers (N first). tgpu_mma.c and docs/layouts.md give the linear layout.
 *   #tgpu.dot_op<{opIdx = 0|1, parent = <mma or blocked>, kWidth = k}>
 *     Operand A (opIdx 0, [.., M, K]) or B (opIdx 1, [.., K, N]) of a tt.dot whose result has
 *     layout `parent`. With an mma parent, the registers mma.sync reads: kWidth consecutive
 *     K elements per 32-bit register (4 / element bytes). With a blocked parent (the FMA
 *     dot), each thread holds the whole K extent of the rows (A) or columns (B) of its
 *     result elements; kWidth is absent.
 *
 * Register order for lowering (shared by every lowering of a blocked layout): a thread's
 * elements are numbered with dims taken in `order` (fastest first); within a dim, the
 * sizePerThread consecutive elements of one chunk come first, then the next chunk (one CTA
 * tile further). In linear-layout terms (linear_layout.h): the register index's bits are,
 * dim by dim in `order`, first the log2(sizePerThread) bits that map to the dim's lowest
 * coordinate bits, then the chunk bits that map to the coordinate bits above the CTA tile.
 * Symbols carry the `tgpu_` prefix.
 */
#ifndef TILEC_TGPU_H
#define TILEC_TGPU_H

#include "Dialect/TileGPU/target_info.h"
#include "Dialect/attr_names.h"
#include "IR/ir.h"

#define TGPU_MAX_RANK IR_MAX_RANK

typedef enum tgpu_layout_kind {
  TGPU_LAYOUT_NONE,
  TGPU_LAYOUT_BLOCKED,
  TGPU_LAYOUT_SLICE,
  TGPU_LAYOUT_MMA,    /* tgpu_mma.c */
  TGPU_LAYOUT_DOT_OP, /* tgpu_mma.c */
  TGPU_LAYOUT_LINEAR, /* tgpu_linear.c */
} tgpu_layout_kind;

typedef struct tgpu_blocked {
  unsigned rank;
  unsigned size_per_thread[TGPU_MAX_RANK];
  unsigned threads_per_warp[TGPU_MAX_RANK];
  unsigned warps_per_cta[TGPU_MAX_RANK];
  unsigned order[TGPU_MAX_RANK];
} tgpu_blocked;

/* mma and dot-operand layouts (tgpu_mma.c). */
typedef struct tgpu_mma {
  unsigned version; /* 2: mma.sync; 3: wgmma (warpsPerCTA = [4k, 1]) */
  unsigned rank;
  unsigned warps_per_cta[TGPU_MAX_RANK];
} tgpu_mma;
typedef struct tgpu_dot_op {
  unsigned op_idx;        /* 0: A, 1: B */
  const ir_attr *parent;  /* the dot's result layout: mma or blocked */
  unsigned k_width;       /* mma parent: elements per 32-bit register; blocked: 0 */
} tgpu_dot_op;
const ir_attr *tgpu_mma_attr(ir_context *ctx, const tgpu_mma *m);
bool tgpu_mma_get(const ir_attr *enc, tgpu_mma *out);
const ir_attr *tgpu_dot_op_attr(ir_context *ctx, const tgpu_dot_op *d);
bool tgpu_dot_op_get(const ir_attr *enc, tgpu_dot_op *out);
/* The checks of tgpu_layout_check for these two kinds. */
const char *tgpu_mma_check(const ir_attr *enc, unsigned rank, const int64_t *shape, unsigned num_warps);

/* The linear layout encoding (tgpu_linear.c): one basis per bit of the register, lane and
 * warp indices, as tensor coordinates; basis[i] for register bits first, then lanes, then
 * warps. */
#define TGPU_LINEAR_MAX_BITS 32u
typedef struct tgpu_linear {
  unsigned rank, nreg, nlane, nwarp;
  int64_t basis[TGPU_LINEAR_MAX_BITS][TGPU_MAX_RANK];
} tgpu_linear;
const ir_attr *tgpu_linear_attr(ir_context *ctx, const tgpu_linear *l);
bool tgpu_linear_get(const ir_attr *enc, tgpu_linear *out);
bool tgpu_is_linear(const ir_attr *enc);
const char *tgpu_linear_check(const ir_attr *enc, unsigned rank, const int64_t *shape, unsigned num_warps);
/* The layouts of trans (result dim i is operand dim order[i]), join (the new last dim the
 * lowest register bit) and split (NULL unless the last dim is one register bit) of a linear
 * layout. */
const ir_attr *tgpu_linear_permute(ir_context *ctx, const tgpu_linear *l, const int64_t *order);
const ir_attr *tgpu_linear_join(ir_context *ctx, const tgpu_linear *l);
const ir_attr *tgpu_linear_split(ir_context *ctx, const tgpu_linear *l);

/* Registers tgpu ops (tgpu.convert_layout, ...). */
void tgpu_register_dialect(ir_context *ctx);

tgpu_layout_kind tgpu_layout_kind_of(const ir_attr *enc);
/* Builds the attribute for a blocked layout (checked with asserts). */
const ir_attr *tgpu_blocked_attr(ir_context *ctx, const tgpu_blocked *b);
/* Decodes a blocked attribute; false when enc is not a well-formed blocked layout. */
bool tgpu_blocked_get(const ir_attr *enc, tgpu_blocked *out);
const ir_attr *tgpu_slice_attr(ir_context *ctx, unsigned dim, const ir_attr *parent);
/* Decodes a slice attribute; false when enc is not one. */
bool tgpu_slice_get(const ir_attr *enc, unsigned *out_dim, const ir_attr **out_parent);
/* The default blocked layout Triton gives a tensor of `shape` for num_warps warps of 32
 * threads with sizePerThread all 1 except `vec` along the fastest dim: lanes fill the
 * fastest dim first, then warps. order = [rank-1, ..., 0]. */
tgpu_blocked tgpu_default_blocked(unsigned rank, const int64_t *shape, unsigned num_warps,
                                  unsigned vec);
/* Checks a layout against a shape and the module's warp count; emits nothing, returns a
 * static message describing the first problem or NULL when valid. */
const char *tgpu_layout_check(const ir_attr *enc, unsigned rank, const int64_t *shape,
                              unsigned num_warps);
/* Elements each thread holds for a tensor of this shape in this layout (replicated copies
 * counted once per thread). */
unsigned tgpu_elems_per_thread(const ir_attr *enc, unsigned rank, const int64_t *shape);
/* Registers each thread holds for it, replicated copies counted each (what the lowering
 * computes: an op on the tensor costs this many per thread); 0 when it cannot be mapped. */
unsigned tgpu_regs_per_thread(const ir_attr *enc, unsigned rank, const int64_t *shape);

/* Whether two layouts place every element of a tensor of `shape` in the same register of
 * the same thread (their linear layouts are equal), however they are written. False when
 * either cannot be mapped or does not use num_warps warps. */
bool tgpu_layout_equal(const ir_attr *enc_a, const ir_attr *enc_b, unsigned rank,
                       const int64_t *shape, unsigned num_warps);
/* The number of warps a layout distributes over (the product of the root's warpsPerCTA);
 * 0 when it is not a layout. */
unsigned tgpu_layout_num_warps(const ir_attr *enc);


#endif
