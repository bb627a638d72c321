/* Axis info: Triton's per-value, per-dim facts about integer and pointer tensors, used by
 * coalesce to choose vector widths.
 *
 * For each dim d of a value (scalars count as one dim of size 1):
 *   contiguity[d]   length of the runs of consecutive (+1) values along d,
 *   divisibility[d] the largest power of 2 dividing the first element of each run (pointers:
 *                   in bytes), capped at AXIS_MAX_DIVISOR,
 *   constancy[d]    length of the runs of equal values along d.
 * Sources: tt.make_range, constants, function arguments (func attribute tt.divisibility),
 * splat/broadcast/expand_dims/trans, integer arithmetic, addptr, comparisons, select; hints
 * tt.divisibility / tt.contiguity on a defining op override the computed values; scf.for's
 * carried values get the fixpoint of their initial and yielded values (Triton's dataflow:
 * a pointer advanced by a multiple of 16 elements stays aligned). Unknown ops get the
 * pessimistic (1, 1, 1). Symbols carry `axis_`. */
#ifndef TILEC_AXISINFO_H
#define TILEC_AXISINFO_H

#include "IR/ir.h"

#define AXIS_MAX_DIVISOR ((int64_t)1 << 30)

typedef struct axis_info {
  unsigned rank;
  int64_t contiguity[IR_MAX_RANK];
  int64_t divisibility[IR_MAX_RANK];
  int64_t constancy[IR_MAX_RANK];
  bool has_value;   /* every element equals `value` (a known integer constant) */
  int64_t value;
} axis_info;

typedef struct axis_analysis axis_analysis;

/* Analyzes every function of m. The result refers to m's values; free it before changing
 * values it describes. Heap-allocated: free with axis_analysis_free. NULL when out of
 * memory (reported on m's context). */
axis_analysis *axis_analysis_run(ir_module *m);
void axis_analysis_free(axis_analysis *a);
/* The facts about v (pessimistic for a value the analysis did not see). The pointer stays
 * valid until the analysis is freed. */
const axis_info *axis_analysis_get(axis_analysis *a, const ir_value *v);
/* Appends "contiguity = [..], divisibility = [..], constancy = [..]" to out. */
void axis_info_print(const axis_info *info, sup_strbuf *out);

#endif
