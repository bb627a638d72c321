/* The name of every discardable attribute that crosses a layer (frontend -> passes ->
 * conversion -> driver metadata), defined once. Code uses these macros, never the string.
 *
 *   TILE_  : tile-level hints (tl.multiple_of / tl.max_contiguous), read by axis analysis.
 *   TGPU_  : GPU configuration and lowering facts (module and per-function).
 *   TILEC_ : facts the frontend records for the driver's metadata.
 */
#ifndef TILEC_ATTR_NAMES_H
#define TILEC_ATTR_NAMES_H

/* On the op defining a value: arrays of i64, one entry per dim (scalars: one entry). */
#define TILE_ATTR_DIVISIBILITY "tt.divisibility"
#define TILE_ATTR_CONTIGUITY "tt.contiguity"
/* On math.exp / math.exp2 / math.sqrt / arith.divf (unit): compute with IEEE or libdevice
 * accuracy (libdevice.* calls, tl.sqrt_rn) instead of Triton's fast f32 instructions. */
#define TILE_ATTR_PRECISE "precise"
/* On scf.for (range(..., num_stages=N)). */
#define TILE_ATTR_LOOP_NUM_STAGES "tt.num_stages"
/* On scf.for (i1): tl.range(..., warp_specialize=True): the pipeline pass may give the loop's
 * TMA copies to a producer warpgroup (docs/pipelining.md, "Warp specialization"). */
#define TILE_ATTR_LOOP_WARP_SPECIALIZE "tt.warp_specialize"
/* On scf.for (i1): tl.range(..., flatten=True): on a persistent tile loop, the pipeline pass
 * may run one ring of stages through every tile (docs/pipelining.md, "Flattened tile loops"). */
#define TILE_ATTR_LOOP_FLATTEN "tt.flatten"
/* On a kernel tt.func (i32): warps added for the producer warpgroup of a warp-specialized
 * loop; the launch has num_warps + this many (the layouts use num_warps). */
#define TGPU_ATTR_WS_WARPS "tgpu.ws_warps"
/* On the scf.if that splits a warp-specialized kernel (i1): its else region is the consumer
 * warps' (barriers there are named barrier 1 over num_warps warps). On TMA and mbarrier ops
 * (i1 tgpu.producer): issued by the producer warpgroup's first thread. */
#define TGPU_ATTR_WS_SPLIT "tgpu.ws_split"
#define TGPU_ATTR_PRODUCER "tgpu.producer"
/* On tgpu.tma_load (i1): the destination stage's readers release it through an mbarrier that
 * the issuing thread waits on before the copy, so membar need not order the copy. */
#define TGPU_ATTR_GUARDED "tgpu.guarded"

/* On the module (the default) and on each tt.func (wins): i32. */
#define TGPU_ATTR_NUM_WARPS "tgpu.num_warps"
#define TGPU_ATTR_NUM_STAGES "tgpu.num_stages"
/* On a tt.func: i32, the per-thread register limit (PTX .maxnreg; triton.Config(maxnreg=),
 * --maxnreg). Absent: none. */
#define TGPU_ATTR_MAXNREG "tgpu.maxnreg"
/* On the module: i32, always 32. */
#define TGPU_ATTR_THREADS_PER_WARP "tgpu.threads_per_warp"
/* On the module: the arch name ("sm_90a"), see Dialect/TileGPU/target_info.h. */
#define TGPU_ATTR_TARGET "tgpu.target"
/* On the module: i1; false keeps accelerate-matmul on mma.sync on targets that have wgmma
 * (docs/dot.md; set by `tilec --no-wgmma`); absent or true: wgmma where the target has it. */
#define TGPU_ATTR_WGMMA "tgpu.wgmma"
/* On the module: i1; true keeps the proxy fence before a wgmma whose shared operands only
 * cp.async wrote (tma-lowering drops it otherwise; set by `tilec --cp-async-fence`). */
#define TGPU_ATTR_CP_ASYNC_FENCE "tgpu.cp_async_fence"
/* The shared-memory allocation contract: the allocate-shared-memory pass sets
 * `tgpu.allocation.offset = N : i64` (bytes from the start of the kernel's dynamic shared
 * memory) on every op that owns shared memory (tgpu.local_alloc, ops that need scratch such
 * as tgpu.convert_layout through shared memory), and `tgpu.shared = TOTAL : i32` (bytes)
 * on the module; `tgpu.alignment = N : i64` on an owning op raises its buffer's alignment.
 * The conversion reads the first two. */
#define TGPU_ATTR_ALLOCATION_OFFSET "tgpu.allocation.offset"
#define TGPU_ATTR_SHARED "tgpu.shared"
#define TGPU_ATTR_ALIGNMENT "tgpu.alignment"
/* On tgpu.memdesc_index (string, set by the pipeline pass): "consume" (the stage an
 * iteration reads) or "produce" (the stage it fills for a later iteration). Within one
 * iteration of the enclosing loop the two name different stages of the same buffer, so
 * membar does not order them against each other (across iterations it does). */
#define TGPU_ATTR_PIPELINE_SLOT "tgpu.pipeline_slot"
#define TGPU_PIPELINE_SLOT_CONSUME "consume"
#define TGPU_PIPELINE_SLOT_PRODUCE "produce"
/* On tgpu.warp_group_dot (i1): leave the wgmma group in flight; a
 * tgpu.warp_group_dot_wait on its result waits for it. */
#define TGPU_ATTR_ASYNC "tgpu.async"
/* On tt.load / tt.store: the vector width chosen by coalesce (i32). */
#define TGPU_ATTR_VEC "tgpu.vec"

/* On a kernel tt.func, for its host tensor descriptor argument i (a !tt.tensordesc): the
 * TMA box (array of i64, outermost first) and swizzle in bytes (i32: 0, 32, 64, 128) that
 * the lowering chose, as "<prefix><i>"; read by the metadata (absent: the block shape, 0). */
#define TGPU_ATTR_TMA_BOX_PREFIX "tgpu.tma_box_"
#define TGPU_ATTR_TMA_SWIZZLE_PREFIX "tgpu.tma_swizzle_"
/* tgpu.tma_store_<i> (i1): the kernel stores through descriptor argument i (a TMA store
 * writes the innermost dim's last 16 bytes whole: the runtime checks the tensor's extent). */
#define TGPU_ATTR_TMA_STORE_PREFIX "tgpu.tma_store_"

/* In-kernel tensor descriptors (tt.make_tensor_descriptor) that TMA copies read: on the op,
 * the box (array of i64) and swizzle (i32) as for a parameter, and its tensormap's byte
 * offset in the program's slice of the global scratch (i64); on the kernel, the bytes of
 * global scratch each program needs (i32; docs/metadata.md "global_scratch_bytes": the
 * launch passes a buffer of that many bytes per program, 128-byte aligned, as a last,
 * hidden parameter). */
#define TGPU_ATTR_TMA_BOX "tgpu.tma_box"
/* On a tt.make_tensor_descriptor (i1) that TMA stores through: its own tensormap (the frontend
 * emits one for stores apart from the one loads read, so that each gets its own box). */
#define TGPU_ATTR_TMA_FOR_STORE "tgpu.tma_for_store"
#define TGPU_ATTR_TMA_SWIZZLE "tgpu.tma_swizzle"
#define TGPU_ATTR_GLOBAL_SCRATCH_OFFSET "tgpu.global_scratch_offset"
#define TGPU_ATTR_GLOBAL_SCRATCH "tgpu.global_scratch"

/* On each kernel tt.func: argument names, Triton dtypes and constexpr values. */
#define TILEC_ATTR_ARG_NAMES "arg_names"
#define TILEC_ATTR_ARG_DTYPES "tilec.arg_dtypes"
#define TILEC_ATTR_CONSTEXPRS "tilec.constexprs"
/* On the module: the autotune configurations (array of dicts). */
#define TILEC_ATTR_AUTOTUNE_CONFIGS "tilec.autotune_configs"
/* On the module: the files of the module search path the frontend read (array of strings,
 * sorted; absent when none): what the compile depends on besides its source. */
#define TILEC_ATTR_IMPORTS "tilec.imports"

#endif
