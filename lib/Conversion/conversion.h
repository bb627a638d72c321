/* tgpu IR -> LLVM IR. The only folder (with lib/Target) that includes llvm-c.
 *
 * The interface is LLVM-free so that the driver stays LLVM-free: the LLVM module is an
 * opaque handle owned by a cg_module. Symbols carry the `cg_` prefix. */
#ifndef TILEC_CONVERSION_H
#define TILEC_CONVERSION_H

#include "Dialect/TileGPU/target_info.h"
#include "IR/ir.h"

typedef struct cg_module cg_module;

typedef struct cg_options {
  const tgpu_target *target;   /* used when the module has no tgpu.target; NULL: default */
  const char *libdevice_path;  /* NULL: search the CUDA toolkit (CUDA_HOME, /usr/local/cuda) */
  int opt_level;               /* 0 or 3 */
} cg_options;

/* Per-kernel facts the runtime needs (metadata). */
typedef struct cg_kernel_info {
  const char *name;
  unsigned num_warps;
  unsigned shared_bytes;
} cg_kernel_info;

/* Converts every public tt.func of m (which must be fully tgpu: every tensor has a layout)
 * into one LLVM module of NVPTX kernels. Emits errors through the context's diagnostics and
 * returns NULL on failure. */
cg_module *cg_convert(ir_module *m, const cg_options *opts);
void cg_module_destroy(cg_module *cm);
/* Textual LLVM IR of the module as it is now: before cg_optimize, the conversion's output
 * (`--emit=llvm`); after it, the optimized module (`--emit=llvm-opt`). Heap string, caller
 * frees; NULL when out of memory. */
char *cg_module_print_llvm(cg_module *cm);
/* The optimization step, once per module (later calls do nothing): links libdevice when
 * math needs it, then runs LLVM's O3 pipeline (opt_level 3) or only what PTX emission
 * needs (opt_level 0). False after emitting an error. */
bool cg_optimize(cg_module *cm, ir_context *ctx);
/* Optimizes (cg_optimize, if not done yet), then emits PTX. Returns a heap string (caller
 * frees) or NULL after emitting an error. */
char *cg_emit_ptx(cg_module *cm, ir_context *ctx);
/* The target cm was converted for. */
const tgpu_target *cg_module_target(const cg_module *cm);
size_t cg_num_kernels(const cg_module *cm);
const cg_kernel_info *cg_kernel(const cg_module *cm, size_t i);
/* Runs ptxas on ptx for cm's target, returning the cubin bytes (heap, caller frees) or NULL
 * after emitting an error (ptxas missing or failing). */
unsigned char *cg_ptxas(cg_module *cm, ir_context *ctx, const char *ptx, size_t *out_len);

#endif
