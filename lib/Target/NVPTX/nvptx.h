/* The NVPTX target: an LLVM module of NVPTX kernels -> optimized module -> PTX -> cubin.
 *
 * Stands below lib/Conversion: it takes LLVM handles and plain data (the target record of
 * Dialect/TileGPU/target_info.h, an opt level, a libdevice path) and knows nothing of the
 * conversion's state. Errors (LLVM's messages included) become tilec diagnostics on the
 * ir_context passed in; every function returns NULL/false after emitting one. Symbols carry
 * the `nvptx_` prefix. */
#ifndef TILEC_NVPTX_H
#define TILEC_NVPTX_H

#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>

#include "Dialect/TileGPU/target_info.h"
#include "Target/NVPTX/ptx_offsets.h"
#include "IR/ir.h"

#define NVPTX_TRIPLE "nvptx64-nvidia-cuda"
/* A function attribute the conversion sets on a kernel whose vector work it wrote itself
 * (the wgmma kernels: packed accumulator conversions, vector epilogue stores):
 * nvptx_optimize keeps LLVM's SLP vectorizer out of a module that has one (target.c). */
#define NVPTX_ATTR_SKIP_SLP "tilec-skip-slp"

/* The NVPTX target machine for t (initializes the NVPTX target; idempotent). The caller
 * disposes it. */
LLVMTargetMachineRef nvptx_target_machine(ir_context *ictx, const tgpu_target *t, int opt_level);
/* Sets mod's triple and data layout for t. */
bool nvptx_set_data_layout(LLVMModuleRef mod, ir_context *ictx, const tgpu_target *t);
/* Links libdevice when mod declares __nv_ functions (or, when it is not found, defines them
 * with approximations and warns once). libdevice_path: NULL searches (libdevice.c). */
bool nvptx_link_math(LLVMModuleRef mod, const char *libdevice_path, ir_context *ictx);
/* The optimization step, in place: links math, internalizes every non-kernel definition,
 * then runs `default<O3>` (opt_level 3; without the SLP vectorizer for a module that has a
 * function marked NVPTX_ATTR_SKIP_SLP) or only nvvm-reflect and globaldce (opt_level 0). */
bool nvptx_optimize(LLVMModuleRef mod, ir_context *ictx, const tgpu_target *t, int opt_level,
                    const char *libdevice_path);
/* PTX text of mod as it is (run nvptx_optimize first); heap string, caller frees. */
char *nvptx_emit_ptx(LLVMModuleRef mod, ir_context *ictx, const tgpu_target *t, int opt_level);
/* PTX -> cubin through the CUDA toolkit's ptxas; heap bytes (caller frees) in *out_len. */
unsigned char *nvptx_ptxas(ir_context *ctx, const char *ptx, const tgpu_target *t, size_t *out_len);

#endif
