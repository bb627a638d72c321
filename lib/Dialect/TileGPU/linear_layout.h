/* Linear layouts: a tensor layout as a linear map over GF(2) from the bits of a hardware
 * index (register, lane, warp) to the bits of the element's row-major index.
 *
 * Every size is a power of two, so an index is a bit vector and a layout is given by one
 * basis vector per input bit: the element held at (reg, lane, warp) is the XOR of the basis
 * vectors of the input bits that are set. A zero basis vector means the bit does not move
 * the element: that input is a replica (broadcast) of another. The basis vectors are the
 * map itself, so two layouts are equal exactly when their bases are (tgpu_ll_layout_equal).
 *
 * Packing: the input index is reg | lane << nreg | warp << (nreg + nlane); the output is
 * the row-major element index (the last tensor dim in the lowest bits). Facts follow
 * Triton's linear layouts (LinearLayout.h, "Linear Layouts" paper); the code is tilec's.
 * docs/layouts.md has a worked example. Symbols carry the `tgpu_ll_` prefix.
 */
#ifndef TILEC_LINEAR_LAYOUT_H
#define TILEC_LINEAR_LAYOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "Dialect/TileGPU/tgpu_types.h"

#define TGPU_LL_MAX_BITS 32u

/* A linear map from nin input bits to nout output bits (nin, nout <= 32). */
typedef struct tgpu_ll {
  unsigned nin, nout;
  uint32_t basis[TGPU_LL_MAX_BITS]; /* image of input bit i, for i < nin */
} tgpu_ll;

/* A tensor layout: the map plus how its input and output bits split into dims. */
typedef struct tgpu_ll_layout {
  tgpu_ll map;                        /* (reg, lane, warp) -> row-major element index */
  unsigned nreg, nlane, nwarp;        /* input bits of each hardware dim */
  unsigned rank;
  unsigned dim_bits[TGPU_MAX_RANK];   /* log2 of each tensor dim's size */
} tgpu_ll_layout;

/* ---- maps ---- */
uint32_t tgpu_ll_apply(const tgpu_ll *m, uint32_t in);
/* outer after inner (inner->nout must equal outer->nin). */
tgpu_ll tgpu_ll_compose(const tgpu_ll *outer, const tgpu_ll *inner);
/* The dimension of the image. */
unsigned tgpu_ll_rank(const tgpu_ll *m);
bool tgpu_ll_is_surjective(const tgpu_ll *m);
bool tgpu_ll_is_injective(const tgpu_ll *m);
bool tgpu_ll_equal(const tgpu_ll *a, const tgpu_ll *b);
/* Finds x with m(x) = v; false when v is not in the image. Among preimages it returns the
 * one built from the highest possible input bits (pivots are taken from the top input bit
 * down), so lanes and warps are preferred to registers. */
bool tgpu_ll_solve(const tgpu_ll *m, uint32_t v, uint32_t *out_x);
/* A right inverse: r with m(r(v)) = v for every v; false when m is not surjective. When m
 * is also injective r is the inverse. */
bool tgpu_ll_pseudo_inverse(const tgpu_ll *m, tgpu_ll *out);

/* ---- layouts ---- */
/* The layout of a tensor of `shape` in encoding `enc` (blocked or slice; adding a kind is
 * one builder function in linear_layout.c). Returns NULL, or a static message when the
 * encoding or shape cannot be mapped (bad layout, a non-power-of-two dim, too many bits). */
const char *tgpu_ll_from_encoding(const ir_attr *enc, unsigned rank, const int64_t *shape,
                                  tgpu_ll_layout *out);
/* Element index of register `reg` of thread (lane, warp). */
uint32_t tgpu_ll_layout_apply(const tgpu_ll_layout *l, uint32_t reg, uint32_t lane,
                              uint32_t warp);
/* Splits a row-major element index into per-dim coordinates. */
void tgpu_ll_layout_coords(const tgpu_ll_layout *l, uint32_t elem, int64_t *out);
/* Basis vector of bit `bit` of hardware dim `which` (0 reg, 1 lane, 2 warp). */
uint32_t tgpu_ll_layout_basis(const tgpu_ll_layout *l, unsigned which, unsigned bit);
/* The bits of hardware dim `which` whose basis vector is zero: flipping one reaches another
 * copy of the same element (a replica). */
uint32_t tgpu_ll_layout_zero_bits(const tgpu_ll_layout *l, unsigned which);
/* The map restricted to some hardware dims (mask bit 0 reg, 1 lane, 2 warp), inputs in
 * packing order. */
tgpu_ll tgpu_ll_layout_restrict(const tgpu_ll_layout *l, unsigned which_mask);
bool tgpu_ll_layout_equal(const tgpu_ll_layout *a, const tgpu_ll_layout *b);
/* The #tgpu.linear attribute of a layout (tgpu_linear.c); NULL when it has too many bits. */
const ir_attr *tgpu_linear_from_ll(ir_context *ctx, const tgpu_ll_layout *l);
/* The layouts of two tensor types (a reshape's operand and result) when both map and use
 * the same numbers of register, lane and warp bits; false otherwise. */
bool tgpu_ll_same_hardware(const ir_type *src, const ir_type *dst, tgpu_ll_layout *a, tgpu_ll_layout *b);

/* ---- layout conversions (convert_plan.c) ----
 * How tgpu.convert_layout moves data, cheapest first (docs/layouts.md):
 *   NOOP       the two maps are equal: the registers are already right.
 *   REGISTERS  every thread already holds every element it needs: registers are renamed.
 *   SHUFFLE    every element stays within its warp: lanes exchange with shfl.sync.
 *   SHARED     through shared memory: vector stores, a barrier, vector loads, with an XOR
 *              swizzle chosen so that each warp access is free of bank conflicts when one
 *              exists (else the one with the fewest conflicts). */
typedef enum tgpu_convert_route {
  TGPU_CONVERT_NOOP,
  TGPU_CONVERT_REGISTERS,
  TGPU_CONVERT_SHUFFLE,
  TGPU_CONVERT_SHARED,
} tgpu_convert_route;

#define TGPU_CONVERT_MAX_SELECT_BITS 2u

typedef struct tgpu_cvt_plan {
  tgpu_convert_route route;
  tgpu_ll_layout src, dst;
  /* REGISTERS and SHUFFLE: for dst input bit i (reg, lane, warp packing of dst), the
   * source index it contributes: src register in the low src.nreg bits, source lane above
   * (SHUFFLE only). A dst register's source is the XOR over its bits and its thread's. */
  uint32_t src_of[TGPU_LL_MAX_BITS];
  unsigned select_bits;            /* SHUFFLE: source register bits that depend on the thread */
  /* SHARED: the scratch holds the whole tensor; element e is at slot swizzle(e), where
   * swizzle(e) = e ^ (((e >> swz_src) & ((1 << swz_bits) - 1)) << swz_dst). */
  unsigned scratch_bytes;
  unsigned elem_bytes;
  unsigned store_vec, load_vec;    /* elements per shared store / load (<= 16 bytes) */
  unsigned swz_bits, swz_src, swz_dst;
  unsigned store_wavefronts, load_wavefronts; /* per warp access; 1 = conflict-free */
  /* SHARED into a 16-bit dot operand of an mma layout: the loads are ldmatrix (each 8x8
   * matrix a pair of destination registers: 1 plain, where the pairs run along the last
   * dim, 2 .trans, where they run along the one before), and the swizzle is the one that
   * keeps the 8 rows of a matrix on distinct banks (swizzle_for_ldmatrix). 0: plain loads.
   * 3: the permuted scratch below, read by plain ldmatrix into any 16-bit layout. */
  unsigned ldmatrix;
  /* SHARED through a permuted scratch (16-bit elements; plan_permuted in convert_plan.c):
   * element e is at slot swizzle(P(e)), P linear with P(element bit k) = perm[k], chosen so
   * that three source register bits (store_bits: the 16-byte vector's element bits 0, 1, 2)
   * and the destination's register bit 0 and lane bits 0 and 1 address the bytes of one
   * 16-byte chunk: the source stores 16 bytes at a time, ldmatrix reads the chunks. Used for
   * an mma accumulator (two elements per 4-byte register pair) going to a store layout
   * with 8 consecutive elements per thread. */
  bool permuted;
  uint32_t perm[TGPU_LL_MAX_BITS];
  unsigned store_bits[3];
} tgpu_cvt_plan;

/* Plans the conversion of a tensor of `shape` (elements of elem_bytes bytes) from layout
 * src to dst, both with num_warps warps. Returns NULL, or a static message when a layout
 * cannot be mapped. */
const char *tgpu_convert_plan(const ir_attr *src, const ir_attr *dst, unsigned rank,
                              const int64_t *shape, unsigned elem_bytes, unsigned num_warps,
                              tgpu_cvt_plan *out);
/* Shared-memory bytes the conversion needs (0 unless its route is SHARED, or when it
 * cannot be planned). */
unsigned tgpu_convert_scratch_bytes(const ir_attr *src, const ir_attr *dst, unsigned rank,
                                    const int64_t *shape, unsigned elem_bytes,
                                    unsigned num_warps);
/* The kWidth pairs of an mma dot operand's registers: whether dst is such a layout (16-bit
 * elements) for shape, and along which dim its pairs run (*out_dim). */
bool tgpu_ldmatrix_operand(const ir_attr *dst, unsigned rank, unsigned elem_bytes, unsigned *out_dim);
/* The row-major #tgpu.shared layout with the ldmatrix swizzle (the one the shared route
 * of a conversion into an ldmatrix-read dot operand uses) for a tile of this shape: 16-byte
 * chunks, maxPhase = min(8, chunks per row), perPhase = 8 / maxPhase. False when a row is
 * shorter than 16 bytes or the shape is not a power of 2. */
bool tgpu_ldmatrix_shared_layout(unsigned rank, const int64_t *shape, unsigned elem_bytes, tgpu_shared_layout *out);
/* A plan's swizzle fields (swz_bits, swz_src, swz_dst) for a row-major #tgpu.shared layout
 * whose rows hold 2^cbits elements: the conversion's scratch and a local_load's memdesc
 * then share one description of the xor swizzle. */
void tgpu_cvt_plan_set_swizzle(tgpu_cvt_plan *p, const tgpu_shared_layout *sl, unsigned cbits);
/* The swizzle alone: e ^ (((e >> swz_src) & mask) << swz_dst). */
uint32_t tgpu_convert_swizzle(const tgpu_cvt_plan *p, uint32_t elem);
/* The slot of element e in the scratch of a SHARED plan: swizzle(P(e)) for a permuted
 * scratch, swizzle(e) otherwise. Linear: the slot of a ^ b is the XOR of theirs. */
uint32_t tgpu_convert_slot(const tgpu_cvt_plan *p, uint32_t elem);
const char *tgpu_convert_route_name(tgpu_convert_route r);

#endif
