/* The driver: the whole compile (frontend, pass pipeline, conversion, PTX) behind
 * include/tilec/tilec.h. LLVM-free: it reaches LLVM only through lib/Conversion's
 * interface. Symbols carry the `drv_` prefix. */
#ifndef TILEC_DRIVER_H
#define TILEC_DRIVER_H

#include "IR/ir.h"
#include "tilec/tilec.h"

/* What conversion learned per kernel that the metadata needs. */
typedef struct drv_kernel_facts {
  const char *name;
  unsigned shared_bytes;
} drv_kernel_facts;

/* Whether op is a public tt.func (a kernel entry point). */
bool drv_is_kernel(const ir_op *op);
/* Triton's dtype name of a scalar IR type ("fp32", "i32", ...). */
const char *drv_dtype_name(const ir_type *t);
/* The metadata JSON of docs/metadata.md for every kernel in m (heap string). */
char *drv_metadata_json(ir_module *m, const char *target, const drv_kernel_facts *facts,
                        size_t nfacts);
/* Creates a context with every dialect registered, its diagnostics going to o's callback
 * (o may be NULL: stderr). NULL when out of memory (nothing reported); when registering ran
 * out of memory the context comes back failed (ir_context_failed; the error reported). */
ir_context *drv_context_create(const tilec_options *o);

#endif
