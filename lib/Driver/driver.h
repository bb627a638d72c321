/* The driver: the whole compile (frontend, pass pipeline, conversion, PTX) behind
 * include/tilec/tilec.h. LLVM-free: it reaches LLVM only through lib/Conversion's
 * interface. Symbols carry the `drv_` prefix. */
#ifndef TILEC_DRIVER_H
#define TILEC_DRIVER_H

#include "IR/ir.h"
#include "tilec/tilec.h"

typedef struct cg_module cg_module;

/* What conversion learned per kernel that the metadata needs. */
typedef struct drv_kernel_facts {
  const char *name;
  unsigned shared_bytes;
} drv_kernel_facts;

/* Whether op is a public tt.func (a kernel entry point). */
bool drv_is_kernel(const ir_op *op);
/* Triton's dtype name of a scalar IR type ("fp32", "i32", ...). */
const char *drv_dtype_name(const ir_type *t);
/* The metadata version written (docs/metadata.md; runtime/meta.c reads 1 and 2). */
enum { DRV_METADATA_VERSION = 2 };

/* One autotuned variant seen in a module: its kernel, entry and tuning facts. */
typedef struct drv_variant_note {
  char *kernel;   /* the Python name */
  char *entry;    /* the PTX entry */
  char *tuning;   /* JSON members (", \"key\": [...], ...") */
} drv_variant_note;

/* The metadata of one compiled module, to be assembled with others (heap strings). */
typedef struct drv_meta_part {
  char *kernels;  /* the "kernels" array's entries, comma-separated */
  size_t nnotes;
  drv_variant_note *notes;
} drv_meta_part;

/* Fills *out from the kernels of m; false when out of memory (free *out anyway). */
bool drv_metadata_part(ir_module *m, const drv_kernel_facts *facts, size_t nfacts, drv_meta_part *out);
void drv_meta_part_free(drv_meta_part *p);
/* The metadata JSON of docs/metadata.md from parts in order (heap string; NULL: OOM). */
char *drv_metadata_json(const char *target, const drv_meta_part *parts, size_t nparts);
/* One entry point compiled apart: its PTX and its own metadata (heap strings). */
typedef struct drv_result_part {
  char *entry;
  char *output;
  size_t output_len;
  char *metadata;
} drv_result_part;

/* The frontend for o, or for one unit: `kernel` (NULL: o's kernels) and its autotune
 * config `variant` (-1: every one). Reports the IR to o's callback. NULL after an error. */
ir_module *drv_frontend(ir_context *ctx, const char *filename, const char *src, size_t len,
                        const tilec_options *o, const char *kernel, int variant);
/* Passes, conversion and PTX of m; *out_meta gets its metadata part. False after an error. */
bool drv_unit_ptx(ir_context *ctx, ir_module *m, const tilec_options *o, char **out_ptx, size_t *out_len,
                  drv_meta_part *out_meta);
/* The metadata part of m, with cm's facts (shared bytes; cm may be NULL). */
bool drv_unit_meta(ir_module *m, cg_module *cm, drv_meta_part *out);
/* A result taking output, metadata and parts (all heap; freed on failure). NULL: OOM. */
tilec_result *drv_result_new(char *output, size_t len, char *metadata, drv_result_part *parts, size_t nparts);
void drv_result_part_free(drv_result_part *p);

/* ---- variants.c ---- */
/* Whether the frontend module m compiles as separate units: PTX output, no IR or timing
 * callbacks, and autotune variants (or o->split_entries). */
bool drv_wants_units(ir_module *m, const tilec_options *o);
/* Compiles every entry of the plan m (the whole frontend output, errors already reported)
 * apart, each in its own context, on a pool of threads, and merges the PTX in entry order.
 * Diagnostics of the units are re-emitted in ctx in unit order. NULL after an error. */
tilec_result *drv_compile_units(ir_context *ctx, ir_module *m, const char *filename, const char *src,
                                size_t len, const tilec_options *o, const char *target);

/* Creates a context with every dialect registered, its diagnostics going to o's callback
 * (o may be NULL: stderr). NULL when out of memory (nothing reported); when registering ran
 * out of memory the context comes back failed (ir_context_failed; the error reported). */
ir_context *drv_context_create(const tilec_options *o);

#endif
