/* The tile dialect: block-level ops without layouts (tile_ops.def holds the table). */
#ifndef TILEC_TILE_H
#define TILEC_TILE_H

#include "Dialect/attr_names.h"
#include "IR/ir.h"

/* Registers builtin/tt/arith/math/scf ops from tile_ops.def into ctx. */
void tile_register_dialect(ir_context *ctx);

/* Hints attached by tl.multiple_of / tl.max_contiguous (TILE_ATTR_DIVISIBILITY,
 * TILE_ATTR_CONTIGUITY) are named in Dialect/attr_names.h. */

/* Whether v is a constant zero (integer or float, scalar or splat tensor, through tt.splat);
 * a float -0.0 counts only when `negative_zero` is true. */
bool tile_value_is_zero(const ir_value *v, bool negative_zero);

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

/* tt.dot's input_precision (tile_dot.c): how f32 operands reach the tensor cores. TF32
 * rounds them to tf32 (one pass), TF32X3 splits each into a tf32 high part and a tf32 low
 * part and adds the three largest products (Triton's 3xTF32), IEEE keeps f32 (FMA).
 * tile_dot_precision_of gives IEEE when the attribute is absent. */
typedef enum tile_dot_precision { TILE_DOT_TF32, TILE_DOT_TF32X3, TILE_DOT_IEEE } tile_dot_precision;
int tile_dot_precision_parse(const char *s);
const char *tile_dot_precision_name(tile_dot_precision p);
tile_dot_precision tile_dot_precision_of(const ir_op *dot);

/* tt.atomic_rmw / tt.atomic_cas attributes (tile_atomic.c). The strings are Triton's
 * (atomic_rmw_op: add fadd max umax min umin and or xor xchg; sem: relaxed acquire release
 * acq_rel; scope: cta gpu sys); the parsers return -1 for anything else (or an absent
 * attribute). The verifier checks them, so a lowering may assume they parse. */
typedef enum tile_atomic_op {
  TILE_ATOMIC_ADD, TILE_ATOMIC_FADD, TILE_ATOMIC_MAX, TILE_ATOMIC_UMAX, TILE_ATOMIC_MIN,
  TILE_ATOMIC_UMIN, TILE_ATOMIC_AND, TILE_ATOMIC_OR, TILE_ATOMIC_XOR, TILE_ATOMIC_XCHG,
} tile_atomic_op;
typedef enum tile_atomic_sem { TILE_SEM_RELAXED, TILE_SEM_ACQUIRE, TILE_SEM_RELEASE, TILE_SEM_ACQ_REL } tile_atomic_sem;
typedef enum tile_atomic_scope { TILE_SCOPE_CTA, TILE_SCOPE_GPU, TILE_SCOPE_SYS } tile_atomic_scope;
int tile_atomic_op_parse(const char *s);
int tile_atomic_sem_parse(const char *s);
int tile_atomic_scope_parse(const char *s);
/* The attribute strings of the enums above (static storage). */
const char *tile_atomic_op_name(tile_atomic_op op);
const char *tile_atomic_sem_name(tile_atomic_sem sem);
const char *tile_atomic_scope_name(tile_atomic_scope scope);

/* Whether PTX `asm` with LLVM constraints `cons` fits tt.elementwise_inline_asm of nargs
 * operands: "=R" then nargs input letters (r h l f d c), "~{...}" clobbers after them, and
 * every $N (or ${N...}) of the text an operand ($0 the result); "$$" is a '$'. False with a
 * message in why (LLVM aborts on a bad operand number, so this runs before the conversion). */
bool tile_inline_asm_check(const char *asm_text, const char *cons, unsigned nargs, char *why, size_t cap);
/* The register letter of operand i of checked constraints (0: the result's, after '='). */
char tile_inline_asm_letter(const char *cons, unsigned i);

#endif
