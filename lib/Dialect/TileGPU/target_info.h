/* Target facts: the one record of every GPU architecture tilec accepts, and the per-function
 * launch configuration (num_warps, num_stages) read from the IR.
 *
 * Everything that depends on the architecture (the driver's option check, both tools'
 * --arch, the passes, the conversion and the NVPTX target) reads it from here; no other
 * file lists archs or hardware limits. LLVM-free, below the driver and the conversion.
 *
 * Adding an arch (e.g. sm_100a, Blackwell: PTX 8.6, 227 KB opt-in shared memory,
 * tcgen05 instead of wgmma) is one row in target_info.c's table, plus a feature flag for
 * what is new. Symbols carry the `tgpu_target_` (record) and `tgpu_func_` (config)
 * prefixes. */
#ifndef TILEC_TGPU_TARGET_INFO_H
#define TILEC_TGPU_TARGET_INFO_H

#include <stddef.h>

#include "IR/ir.h"

/* Hardware facts common to every supported arch. */
#define TGPU_WARP_SIZE 32u
#define TGPU_WARPS_PER_WARPGROUP 4u
#define TGPU_MAX_THREADS_PER_BLOCK 1024u
#define TGPU_MAX_THREADS_PER_SM 2048u /* resident threads per SM, sm_80 .. sm_90 */
#define TGPU_MAX_NUM_WARPS (TGPU_MAX_THREADS_PER_BLOCK / TGPU_WARP_SIZE) /* 32 */
/* The widest global load/store of one thread (ld.global.v4.b32). */
#define TGPU_MAX_ACCESS_BYTES 16u
/* Shared memory a block may use without opting in (static allocations). */
#define TGPU_SMEM_STATIC_LIMIT (48u * 1024u)
/* Defaults when neither the options nor the IR say otherwise. */
#define TGPU_DEFAULT_NUM_WARPS 4u
#define TGPU_DEFAULT_NUM_STAGES 0u /* 0: not set (pipelining decides) */

/* Feature flags (bits of tgpu_target.features). */
typedef enum tgpu_target_feature {
  TGPU_FEATURE_MMA_SYNC = 1u << 0,    /* mma.sync tensor cores (sm_80+) */
  TGPU_FEATURE_CP_ASYNC = 1u << 1,    /* cp.async global -> shared (sm_80+) */
  TGPU_FEATURE_TMA = 1u << 2,         /* cp.async.bulk / tensor maps (sm_90+) */
  TGPU_FEATURE_MBARRIER_TX = 1u << 3, /* mbarrier expect_tx / complete_tx (sm_90+) */
  TGPU_FEATURE_WGMMA = 1u << 4,       /* wgmma.mma_async (sm_90a only: arch-specific) */
  TGPU_FEATURE_TENSORMAP = 1u << 5,   /* tensormap.replace: tensor maps written in the kernel
                                         (sm_90a only; tilec emits PTX 8.6 for it) */
} tgpu_target_feature;

typedef struct tgpu_target {
  const char *name;          /* "sm_90a": the PTX .target and LLVM CPU name */
  unsigned sm;               /* compute capability * 10: 80, 86, 89, 90 */
  unsigned ptx_version;      /* PTX ISA version emitted, * 10 (78 = 7.8): the first that has
                                the target and all its features */
  unsigned smem_limit;       /* opt-in maximum shared memory per block, bytes */
  unsigned features;         /* tgpu_target_feature bits */
} tgpu_target;

/* The record of `name`, or NULL when tilec does not support it. Static storage. */
const tgpu_target *tgpu_target_lookup(const char *name);
/* Like lookup, but emits "unknown target 'X': expected sm_80, ... or sm_90a" at loc
 * (no location: {0}) when the name is unknown. */
const tgpu_target *tgpu_target_get(ir_context *ctx, ir_loc loc, const char *name);
/* The default target (sm_90a). */
const tgpu_target *tgpu_target_default(void);
/* The supported targets in table order: count and element. */
size_t tgpu_target_count(void);
const tgpu_target *tgpu_target_at(size_t i);
/* Appends "sm_80, sm_86, sm_89, sm_90 or sm_90a" (from the table) to out. */
void tgpu_target_names(sup_strbuf *out);
/* Opt-in maximum shared memory per block, bytes (what a kernel may allocate). */
unsigned tgpu_target_smem_limit(const tgpu_target *t);
/* Whether t has every feature in `mask`. */
bool tgpu_target_has(const tgpu_target *t, unsigned mask);
/* Writes one line per target with its facts (for `tilec --print-targets`). */
void tgpu_target_print_all(sup_strbuf *out);

/* The target of a module: its tgpu.target attribute (the default target when absent).
 * Emits an error at the module and returns NULL when the attribute names an unknown arch. */
const tgpu_target *tgpu_target_of_module(ir_module *m);

/* ---- per-function launch configuration ---------------------------------------------------
 * num_warps and num_stages are attributes of each tt.func (TGPU_ATTR_NUM_WARPS,
 * TGPU_ATTR_NUM_STAGES); the module attribute of the same name is the default the driver
 * sets. The function's own value wins. Every pass and the conversion read them through
 * these two helpers. */
/* num_warps of func: its attribute, else its module's, else TGPU_DEFAULT_NUM_WARPS. */
unsigned tgpu_func_num_warps(const ir_op *func);
/* The warps a launch has: num_warps plus a warp-specialized kernel's producer warpgroup
 * (tgpu.ws_warps); the layouts use num_warps. */
unsigned tgpu_func_launch_warps(const ir_op *func);
/* num_stages of func: its attribute, else its module's, else TGPU_DEFAULT_NUM_STAGES. */
unsigned tgpu_func_num_stages(const ir_op *func);
/* The tt.func that contains op (op itself when it is one); NULL when none. */
const ir_op *tgpu_enclosing_func(const ir_op *op);
/* Checks that n is a valid num_warps for t (a power of 2, at most max threads / 32);
 * emits "num_warps must be a power of 2 between 1 and 32, got N" at loc and returns false
 * otherwise. */
bool tgpu_target_check_num_warps(ir_context *ctx, ir_loc loc, const tgpu_target *t, int64_t n);

#endif
