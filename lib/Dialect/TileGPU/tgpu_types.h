/* tgpu types: shared-memory descriptors, async tokens, mbarriers; the swizzled shared
 * layout and its offset function.
 *
 * The types are IR_TYPE_DIALECT types (a name and a parameter dictionary, uniqued and
 * printed by the IR core); this header gives typed constructors, accessors and checks.
 *
 *   !tgpu.memdesc<{element = f32, layout = #tgpu.shared<{...}>, mutable = true,
 *                  numBuffers = 1, shape = [128, 256]}>
 *     A buffer in shared memory holding numBuffers tiles of `shape` x `element`, stored in
 *     a shared layout. Immutable descriptors (mutable = false) are only read after their
 *     local_alloc wrote the initial value.
 *   !tgpu.async_token, !tgpu.mbarrier
 *     No parameters yet: they exist so that asynchronous copies and pipelining can name
 *     them.
 *
 *   #tgpu.shared<{maxPhase = M, order = [..], perPhase = P, vec = V}>
 *     Row-major along `order` (order[0] is the fastest dim, the "column"; order[1] the
 *     "row"). Element (r, c) of a 2-D tile is stored at column
 *       ((c / V) xor ((r / P) mod M)) * V + c mod V
 *     of its row, so that V-element vectors of consecutive rows fall in different banks.
 *     V = P = M = 1 is the unswizzled layout. Dims beyond order[1] only add strides.
 *   #tgpu.shared<{maxPhase = M, order = [..], perPhase = P, slab = S, vec = V}>
 *     The fastest dim is cut into slabs of S columns (S a power of 2, a multiple of V * M,
 *     dividing the dim): slab j holds columns [j S, (j + 1) S) of every row, stored as a
 *     tile of its own (the rule above, with rows of S elements), and the slabs follow one
 *     another. This is wgmma's MN-major layout of a tile wider than its swizzle (docs/
 *     dot.md); without `slab` (S = 0 in C) a row holds the whole fastest dim.
 *
 * Symbols carry the `tgpu_` prefix. */
#ifndef TILEC_TGPU_TYPES_H
#define TILEC_TGPU_TYPES_H

#include "Dialect/TileGPU/tgpu.h"

#define TGPU_TYPE_MEMDESC "tgpu.memdesc"
#define TGPU_TYPE_ASYNC_TOKEN "tgpu.async_token"
#define TGPU_TYPE_MBARRIER "tgpu.mbarrier"
#define TGPU_LAYOUT_SHARED_NAME "tgpu.shared"

typedef struct tgpu_shared_layout {
  unsigned rank;
  unsigned vec, per_phase, max_phase;
  unsigned order[TGPU_MAX_RANK];
  unsigned slab; /* columns per slab of the fastest dim; 0: no slabs (printed only when set) */
} tgpu_shared_layout;

typedef struct tgpu_memdesc {
  unsigned rank;
  int64_t shape[TGPU_MAX_RANK];
  const ir_type *elem;          /* scalar int or float type */
  tgpu_shared_layout layout;
  bool is_mutable;
  unsigned num_buffers;         /* >= 1 */
} tgpu_memdesc;

/* ---- shared layout ---- */
/* Builds #tgpu.shared (asserts a rank in range). */
const ir_attr *tgpu_shared_attr(ir_context *ctx, const tgpu_shared_layout *l);
/* Decodes #tgpu.shared; false when enc is not a well-formed one (ints where ints go). */
bool tgpu_shared_get(const ir_attr *enc, tgpu_shared_layout *out);
/* The unswizzled layout of a rank-`rank` tile, order = [rank-1, ..., 0]. */
tgpu_shared_layout tgpu_shared_unswizzled(unsigned rank);
/* Checks a shared layout against a shape; returns a static message or NULL when valid:
 * vec, perPhase, maxPhase powers of 2; order a permutation; when maxPhase > 1, rank >= 2
 * and the fastest dim a multiple of vec * maxPhase (so the xor stays within the row); a
 * slab a power of 2 that divides the fastest dim, rank >= 2, a multiple of vec * maxPhase. */
const char *tgpu_shared_check(const tgpu_shared_layout *l, unsigned rank, const int64_t *shape);
/* Whether two shared layouts are the same (every field). */
bool tgpu_shared_equal(const tgpu_shared_layout *a, const tgpu_shared_layout *b);
/* Offset in elements of element `idx` (rank entries, in range) of one tile of `shape`. */
int64_t tgpu_shared_elem_offset(const tgpu_shared_layout *l, const int64_t *shape,
                                const int64_t *idx);

/* ---- memdesc ---- */
const ir_type *tgpu_memdesc_type(ir_context *ctx, const tgpu_memdesc *md);
/* Decodes a memdesc type; false when t is not a well-formed !tgpu.memdesc (checked with
 * tgpu_memdesc_check). */
bool tgpu_memdesc_get(const ir_type *t, tgpu_memdesc *out);
/* NULL when t is a valid !tgpu.memdesc, else a static message saying what is wrong. */
const char *tgpu_memdesc_check(const ir_type *t);
bool tgpu_type_is_memdesc(const ir_type *t);
/* Bytes of one tile, and of the whole buffer (num_buffers tiles). */
int64_t tgpu_memdesc_tile_bytes(const tgpu_memdesc *md);
int64_t tgpu_memdesc_bytes(const tgpu_memdesc *md);
/* Byte offset from the buffer's start of element `idx` of tile `buffer`. This is the one
 * definition of where an element lives: the lowering emits the same arithmetic, the
 * allocator and the tests call it. */
int64_t tgpu_memdesc_byte_offset(const tgpu_memdesc *md, unsigned buffer, const int64_t *idx);

/* ---- tokens and barriers ---- */
const ir_type *tgpu_async_token_type(ir_context *ctx);
const ir_type *tgpu_mbarrier_type(ir_context *ctx);
bool tgpu_type_is_async_token(const ir_type *t);
bool tgpu_type_is_mbarrier(const ir_type *t);

/* ---- verifiers of the shared-memory ops (tgpu_smem_ops.c, named in tgpu_ops.def) ---- */
bool tgpu_verify_local_alloc(ir_op *op);
bool tgpu_verify_warp_group_dot(ir_op *op); /* tgpu_wgmma.c */
bool tgpu_verify_warp_group_dot_wait(ir_op *op);
bool tgpu_verify_memdesc_index(ir_op *op);  /* tgpu_smem_ops.c */
bool tgpu_verify_async_copy(ir_op *op);
/* The K-major shared layout wgmma reads for operand op_idx (0: A [M, K], 1: B [K, N]) whose
 * rows hold k_bytes (32, 64 or 128) of K; false for other row sizes (tgpu_wgmma.c). */
bool tgpu_wgmma_operand_layout(unsigned k_bytes, unsigned elem_bytes, unsigned op_idx, tgpu_shared_layout *out);
/* The shared layout wgmma reads operand op_idx (0: A, shape [M, K]; 1: B, shape [K, N]) of
 * elem_bytes-byte elements from, keeping dim contig_dim (0 or 1) contiguous: the K dim
 * gives the K-major layout above; the M (A) or N (B) dim the MN-major one (16-bit elements,
 * K a multiple of 8; the widest swizzle dividing the MN extent in bytes; slabs of that
 * swizzle when the extent is wider). False when wgmma has no such layout (tgpu_wgmma.c).
 * This is the layout of an operand's buffer: local_alloc, local_store and async_copy may
 * write it (16-byte chunks along contig_dim stay contiguous), warp_group_dot reads it. */
bool tgpu_wgmma_smem_layout(unsigned elem_bytes, unsigned op_idx, const int64_t *shape, unsigned contig_dim,
                            tgpu_shared_layout *out);
/* The K of one wgmma instruction for dot (a tt.dot or tgpu.warp_group_dot: its result is
 * the accumulator, its input_precision read for f32) with operands of type elem: 16 for
 * f16 and bf16, 32 for fp8 and i8 (s8 into an i32 accumulator), 8 for f32 as tf32; 0 when
 * wgmma has no form for them. tgpu_wgmma_n_ok: whether it has an m64nN form for n (a
 * multiple of 8 up to 256; the integer forms skip 40, 56, ... : above 32, multiples of 16
 * only). (tgpu_wgmma.c) */
unsigned tgpu_wgmma_k_step(ir_op *dot, const ir_type *elem);
bool tgpu_wgmma_n_ok(const ir_type *elem, int64_t n);
/* Whether a wgmma operand layout of operand op_idx is MN-major (its trans bit is 1). */
bool tgpu_wgmma_is_mn_major(const tgpu_shared_layout *l, unsigned op_idx);
/* The layout of a warp_group_dot's A operand held in registers (16-bit elements) for the
 * accumulator layout acc_enc (#tgpu.mma version 3): #tgpu.dot_op<{opIdx = 0, parent =
 * acc_enc, kWidth = 2}> (uniqued in ctx). tgpu_wgmma_a_in_regs: whether op's A is such a
 * tensor rather than a memdesc (tgpu_wgmma.c). */
const ir_attr *tgpu_wgmma_a_reg_layout(ir_context *ctx, const ir_attr *acc_enc);
bool tgpu_wgmma_a_in_regs(ir_op *op);
bool tgpu_verify_local_dealloc(ir_op *op);
bool tgpu_verify_local_load(ir_op *op);
bool tgpu_verify_local_store(ir_op *op);

/* ---- TMA (tgpu_tma.c) ---- */
#define TGPU_TMA_NO 1u /* tgpu_tma_swizzle_of: a layout no TMA copy writes */
/* How TMA copies fill a one-buffer memdesc (rank 1; rank 2 with either dim contiguous; rank
 * 3 to 5 row-major and unswizzled, one box): boxes of `box` (rank 2: rows x columns, the
 * contiguous dim), n_col of them along the columns (one per slab, slab_bytes apart) times
 * n_row row blocks (row_block_bytes apart inside a slab); swizzle in bytes (0: none); bytes:
 * the whole tile. */
typedef struct tgpu_tma_plan {
  unsigned rank;                 /* the descriptor's */
  int64_t box[TGPU_MAX_RANK];    /* the descriptor's dims, outermost first (rank 2: rows, columns) */
  unsigned n_col, n_row, swizzle;
  int64_t slab_bytes, row_block_bytes, bytes;
} tgpu_tma_plan;
/* The TMA swizzle (0, 32, 64, 128 bytes) a shared layout is, or TGPU_TMA_NO. */
unsigned tgpu_tma_swizzle_of(const tgpu_shared_layout *l, unsigned elem_bytes);
/* The shared layout a TMA copy of a tile (row-major) goes through when no consumer asks for
 * another: rank 2, the widest swizzle dividing a row, slabs when wider; rank 1 or 3 to 5,
 * unswizzled (dense). */
bool tgpu_tma_layout(unsigned rank, const int64_t *shape, unsigned elem_bytes, tgpu_shared_layout *out);
/* The boxes that fill md; false when md's layout is not one a TMA copy writes. */
bool tgpu_tma_boxes(const tgpu_memdesc *md, tgpu_tma_plan *out);
/* Records on the kernel the box and swizzle of descriptor parameter `desc` (a function
 * argument) for the metadata, and that the kernel stores through it when `store`; an error
 * when it is not a parameter or was recorded with another box. For a descriptor made in the
 * kernel (tt.make_tensor_descriptor, loads only) they go on that op, which also gets a slot
 * of TGPU_TENSORMAP_SLOT_BYTES in the program's global scratch (attr_names.h): the
 * 128-byte tensormap, then 16 bytes an empty tensor's map points at (lib/Conversion/
 * tensordesc.c), 128-byte aligned. */
#define TGPU_TENSORMAP_BYTES 128
#define TGPU_TENSORMAP_SLOT_BYTES 256
bool tgpu_tma_record(ir_op *op, ir_value *desc, const tgpu_tma_plan *plan, bool store);
/* One mbarrier: a mutable memdesc of one i64 [1] (set num_buffers for an array of them). */
tgpu_memdesc tgpu_mbarrier_memdesc(ir_context *ctx);
/* The local_alloc read only by warp_group_dots that a descriptor load's single-use chain of
 * layout conversions and 2-D transposes (at most TGPU_TMA_MAX_CHAIN, returned in `chain`,
 * first to last) ends in, when its memdesc (returned in md as one mutable buffer) is one a
 * TMA copy of the load's block fills with the block's innermost dim contiguous; else NULL. */
#define TGPU_TMA_MAX_CHAIN 4
ir_op *tgpu_tma_wgmma_alloc(ir_op *load, ir_op **chain, unsigned *nchain, tgpu_memdesc *md);
bool tgpu_verify_mbarrier(ir_op *op);
bool tgpu_verify_set_max_nreg(ir_op *op);
bool tgpu_verify_tma_load(ir_op *op);
bool tgpu_verify_tma_store(ir_op *op);

#endif
