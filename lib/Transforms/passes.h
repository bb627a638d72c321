/* Every pass of tilec, and the one pipeline list.
 *
 * Each pass lives in its own file in lib/Transforms, whose header comment says what the
 * pass needs, what it changes and what it invalidates. Each exports one `const ir_pass`
 * named pass_<name_with_underscores>. The registry (passes.c) lists them all; the default
 * pipeline is spelled out in one place (passes.c, tilec_pipeline). */
#ifndef TILEC_PASSES_H
#define TILEC_PASSES_H

#include "IR/ir.h"

/* tile level */
extern const ir_pass pass_inline;           /* "inline": inlines every tt.call, drops private funcs */
extern const ir_pass pass_canonicalize;     /* "canonicalize": folds and simplifies to a fixpoint */
extern const ir_pass pass_cse;              /* "cse": merges identical pure ops */
extern const ir_pass pass_dce;              /* "dce": removes unused pure ops */
/* tile -> tgpu */
extern const ir_pass pass_convert_to_tgpu;  /* "convert-to-tgpu": blocked/slice layouts on every tensor */
extern const ir_pass pass_licm;             /* "licm": hoists loop-invariant pure ops */
extern const ir_pass pass_combine;          /* "combine": add(dot(a, b, 0), c) -> dot(a, b, c) */
extern const ir_pass pass_accelerate_matmul; /* "accelerate-matmul": mma layouts for tensor-core dots */
extern const ir_pass pass_coalesce;         /* "coalesce": vector widths for memory accesses */
extern const ir_pass pass_remove_layout_conversions; /* "remove-layout-conversions" */
extern const ir_pass pass_pipeline;         /* "pipeline": cp.async stages for the loads of dots */
extern const ir_pass pass_tma_lowering;     /* "tma-lowering": the other host-descriptor copies -> TMA */
/* shared memory */
extern const ir_pass pass_allocate_shared_memory; /* "allocate-shared-memory": offsets, tgpu.shared */
extern const ir_pass pass_membar;           /* "membar": tgpu.barrier where accesses race */
/* debugging */
extern const ir_pass pass_test_print_axis_info;  /* "test-print-axis-info": a remark per value */
extern const ir_pass pass_test_print_liveness;   /* "test-print-liveness": a remark per shared buffer */

/* Looks a pass up by its command-line name; NULL when unknown. */
const ir_pass *tilec_pass_lookup(const char *name);
/* All registered passes (for --help and docs). */
const ir_pass *const *tilec_pass_registry(size_t *out_count);
/* The default pipeline from tile IR (as the frontend emits it) to tgpu IR ready for
 * conversion to LLVM. `stop_at_tile`: only the tile-level part. */
const ir_pass *const *tilec_pipeline(bool stop_at_tile, size_t *out_count);

#endif
