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
 *
 * Register order for lowering (shared by every lowering of a blocked layout): a thread's
 * elements are numbered with dims taken in `order` (fastest first); within a dim, the
 * sizePerThread consecutive elements of one chunk come first, then the next chunk (one CTA
 * tile further). Symbols carry the `tgpu_` prefix.
 */
#ifndef TILEC_TGPU_H
#define TILEC_TGPU_H

#include "Dialect/TileGPU/target_info.h"
#include "Dialect/attr_names.h"
#include "IR/ir.h"

#define TGPU_MAX_RANK IR_MAX_RANK

typedef enum tgpu_layout_kind { TGPU_LAYOUT_NONE, TGPU_LAYOUT_BLOCKED, TGPU_LAYOUT_SLICE } tgpu_layout_kind;

typedef struct tgpu_blocked {
  unsigned rank;
  unsigned size_per_thread[TGPU_MAX_RANK];
  unsigned threads_per_warp[TGPU_MAX_RANK];
  unsigned warps_per_cta[TGPU_MAX_RANK];
  unsigned order[TGPU_MAX_RANK];
} tgpu_blocked;

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

/* Reads tgpu.num_warps from the module (4 when absent): the default of its functions. Code
 * that works on one function reads tgpu_func_num_warps (target_info.h) instead. */
unsigned tgpu_module_num_warps(ir_module *m);

#endif
