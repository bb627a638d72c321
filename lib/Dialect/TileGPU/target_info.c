/* The table of supported targets and the per-function launch configuration helpers. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "Dialect/TileGPU/target_info.h"
#include "Dialect/attr_names.h"

#define KB 1024u
#define FEAT_AMPERE (TGPU_FEATURE_MMA_SYNC | TGPU_FEATURE_CP_ASYNC)
#define FEAT_HOPPER (FEAT_AMPERE | TGPU_FEATURE_TMA | TGPU_FEATURE_MBARRIER_TX)

/* Shared memory: the "maximum amount of shared memory per thread block" (opt-in) row of
 * the CUDA programming guide's compute-capability table. PTX: the first ISA version with
 * the target and its features (sm_90: 8.0 for the bulk copies and mbarrier tx-count). sm_100a would follow sm_90a: {"sm_100a", 100, 86, 227 * KB, FEAT_HOPPER |
 * a tcgen05 flag}. */
static const tgpu_target targets[] = {
    {"sm_80", 80, 70, 163 * KB, FEAT_AMPERE},
    {"sm_86", 86, 71, 99 * KB, FEAT_AMPERE},
    {"sm_89", 89, 78, 99 * KB, FEAT_AMPERE},
    {"sm_90", 90, 80, 227 * KB, FEAT_HOPPER},
    {"sm_90a", 90, 80, 227 * KB, FEAT_HOPPER | TGPU_FEATURE_WGMMA | TGPU_FEATURE_TENSORMAP},
};
enum { NTARGETS = sizeof targets / sizeof targets[0], DEFAULT_TARGET = NTARGETS - 1 };

const tgpu_target *tgpu_target_lookup(const char *name) {
  if (!name) return NULL;
  for (size_t i = 0; i < NTARGETS; i++)
    if (strcmp(targets[i].name, name) == 0) return &targets[i];
  return NULL;
}

void tgpu_target_names(sup_strbuf *out) {
  for (size_t i = 0; i < NTARGETS; i++)
    sup_strbuf_printf(out, "%s%s", i == 0 ? "" : i + 1 == NTARGETS ? " or " : ", ", targets[i].name);
}

const tgpu_target *tgpu_target_get(ir_context *ctx, ir_loc loc, const char *name) {
  const tgpu_target *t = tgpu_target_lookup(name);
  if (t) return t;
  sup_strbuf names = {0};
  tgpu_target_names(&names);
  ir_emit_error(ctx, loc, "unknown target '%s': expected %s", name ? name : "", sup_strbuf_cstr(&names));
  sup_strbuf_free(&names);
  return NULL;
}

const tgpu_target *tgpu_target_default(void) { return &targets[DEFAULT_TARGET]; }
size_t tgpu_target_count(void) { return NTARGETS; }
const tgpu_target *tgpu_target_at(size_t i) { return i < NTARGETS ? &targets[i] : NULL; }
unsigned tgpu_target_smem_limit(const tgpu_target *t) { return t->smem_limit; }
bool tgpu_target_has(const tgpu_target *t, unsigned mask) { return (t->features & mask) == mask; }

static void print_features(const tgpu_target *t, sup_strbuf *out) {
  static const struct { unsigned bit; const char *name; } names[] = {
      {TGPU_FEATURE_MMA_SYNC, "mma.sync"}, {TGPU_FEATURE_CP_ASYNC, "cp.async"},
      {TGPU_FEATURE_TMA, "tma"},           {TGPU_FEATURE_MBARRIER_TX, "mbarrier-tx"},
      {TGPU_FEATURE_WGMMA, "wgmma"},       {TGPU_FEATURE_TENSORMAP, "tensormap"},
  };
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (t->features & names[i].bit) sup_strbuf_printf(out, " %s", names[i].name);
}

void tgpu_target_print_all(sup_strbuf *out) {
  for (size_t i = 0; i < NTARGETS; i++) {
    const tgpu_target *t = &targets[i];
    sup_strbuf_printf(out, "%-7s ptx %u.%u  smem %3u KB  max-warps %u  features:", t->name,
                      t->ptx_version / 10, t->ptx_version % 10, t->smem_limit / KB, TGPU_MAX_NUM_WARPS);
    print_features(t, out);
    sup_strbuf_puts(out, i == DEFAULT_TARGET ? "  (default)\n" : "\n");
  }
}

const tgpu_target *tgpu_target_of_module(ir_module *m) {
  const char *name = ir_op_get_string_attr(m->op, TGPU_ATTR_TARGET);
  if (!name) return tgpu_target_default();
  return tgpu_target_get(m->ctx, m->op->loc, name);
}

/* ---- per-function configuration ---------------------------------------------------------- */

const ir_op *tgpu_enclosing_func(const ir_op *op) {
  while (op && ir_op_code(op) != IR_OP_FUNC) op = ir_op_parent_op(op);
  return op;
}

/* attr of func, else of the op holding func (the module), else dflt. */
static int64_t func_config(const ir_op *func, const char *attr, int64_t dflt) {
  const ir_op *m = func ? ir_op_parent_op(func) : NULL;
  if (m) dflt = ir_op_get_int_attr(m, attr, dflt);
  return func ? ir_op_get_int_attr(func, attr, dflt) : dflt;
}

unsigned tgpu_func_num_warps(const ir_op *func) {
  int64_t n = func_config(func, TGPU_ATTR_NUM_WARPS, TGPU_DEFAULT_NUM_WARPS);
  return n > 0 && n <= INT32_MAX ? (unsigned)n : TGPU_DEFAULT_NUM_WARPS;
}

unsigned tgpu_func_launch_warps(const ir_op *func) {
  return tgpu_func_num_warps(func) + (unsigned)ir_op_get_int_attr(func, TGPU_ATTR_WS_WARPS, 0);
}

unsigned tgpu_func_num_stages(const ir_op *func) {
  int64_t n = func_config(func, TGPU_ATTR_NUM_STAGES, TGPU_DEFAULT_NUM_STAGES);
  return n > 0 && n <= INT32_MAX ? (unsigned)n : TGPU_DEFAULT_NUM_STAGES;
}

bool tgpu_target_check_num_warps(ir_context *ctx, ir_loc loc, const tgpu_target *t, int64_t n) {
  unsigned max = TGPU_MAX_THREADS_PER_BLOCK / TGPU_WARP_SIZE;
  (void)t; /* every supported target allows 1024 threads per block */
  if (n > 0 && n <= max && (n & (n - 1)) == 0) return true;
  ir_emit_error(ctx, loc, "num_warps must be a power of 2 between 1 and %u, got %lld", max, (long long)n);
  return false;
}
