/* The pass registry and the default pipeline, spelled out in one place. */
#include <string.h>

#include "Transforms/passes.h"

static const ir_pass *const registry[] = {
    &pass_inline,
    &pass_canonicalize,
    &pass_combine,
    &pass_cse,
    &pass_dce,
    &pass_convert_to_tgpu,
    &pass_accelerate_matmul,
    &pass_coalesce,
    &pass_remove_layout_conversions,
    &pass_licm,
    &pass_pipeline,
    &pass_tma_lowering,
    &pass_allocate_shared_memory,
    &pass_membar,
    &pass_test_print_axis_info,
    &pass_test_print_liveness,
};

/* The tile part comes first so that stop_at_tile is a prefix of the full list. */
static const ir_pass *const pipeline[] = {
    /* tile level */
    &pass_inline,
    &pass_canonicalize,
    &pass_combine,
    &pass_cse,
    &pass_dce,
    /* tile -> tgpu */
    &pass_convert_to_tgpu,
    &pass_accelerate_matmul,
    &pass_coalesce,
    &pass_remove_layout_conversions,
    &pass_licm,
    &pass_pipeline,
    &pass_tma_lowering,
    &pass_canonicalize,
    &pass_cse,
    &pass_dce,
    /* shared memory: offsets, then barriers (both read the final layouts) */
    &pass_allocate_shared_memory,
    &pass_membar,
};
enum { TILE_PIPELINE_LEN = 5 };

const ir_pass *tilec_pass_lookup(const char *name) {
  for (size_t i = 0; i < sizeof registry / sizeof registry[0]; i++)
    if (strcmp(registry[i]->name, name) == 0) return registry[i];
  return NULL;
}

const ir_pass *const *tilec_pass_registry(size_t *out_count) {
  *out_count = sizeof registry / sizeof registry[0];
  return registry;
}

const ir_pass *const *tilec_pipeline(bool stop_at_tile, size_t *out_count) {
  *out_count = stop_at_tile ? TILE_PIPELINE_LEN : sizeof pipeline / sizeof pipeline[0];
  return pipeline;
}
