/* The tile dialect: block-level ops without layouts (tile_ops.def holds the table). */
#ifndef TILEC_TILE_H
#define TILEC_TILE_H

#include "Dialect/attr_names.h"
#include "IR/ir.h"

/* Registers builtin/tt/arith/math/scf ops from tile_ops.def into ctx. */
void tile_register_dialect(ir_context *ctx);

/* Hints attached by tl.multiple_of / tl.max_contiguous (TILE_ATTR_DIVISIBILITY,
 * TILE_ATTR_CONTIGUITY) are named in Dialect/attr_names.h. */

/* Evaluates an elementwise op on constant scalars; used by folders and by tests.
 * Integers are sign-extended in int64; floats are rounded to the result type. Returns
 * NULL when the op cannot be evaluated (division by zero, unknown op). */
const ir_attr *tile_eval_scalar(ir_context *ctx, ir_opcode op, const ir_type *result_scalar,
                                unsigned n, const ir_attr *const *args, const char *predicate);

/* tt.reduce's combine attribute ("addf", "maxnumf", ...: an arith op without its "arith."
 * prefix) as the opcode of that binary op; IR_OP_UNKNOWN when absent or not a reduction
 * combine. The lowering switches on it; the verifier checks it against the element type. */
ir_opcode tile_reduce_combine(const ir_op *op);
/* The most operands one tt.reduce (or tt.scan) folds together. */
enum { TILE_REDUCE_MAX_OPERANDS = 8 };

#endif
