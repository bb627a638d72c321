/* Private to lib/IR: the pieces the IR files share but that no other folder should see. */
#ifndef TILEC_IR_INTERNAL_H
#define TILEC_IR_INTERNAL_H

#include "IR/ir.h"

/* Every op is allocated behind this header so that a detached op still knows its module
 * (and so its context) without a public field. */
typedef struct ir_op_box {
  ir_module *module;
  ir_op op;
} ir_op_box;

ir_module *irx_op_module(const ir_op *op);
/* Creates a module whose top op is not yet made (the parser installs its own). */
ir_module *irx_module_alloc(ir_context *ctx);
/* The opdef of builtin.module that every context registers. */
extern const ir_opdef irx_builtin_module_def;

/* Interns names, sorts by strcmp and drops earlier duplicates in place; returns the count. */
unsigned irx_sort_attrs(ir_context *ctx, ir_named_attr *entries, unsigned n);

/* The first problem the dialects' type verifiers find with t (defined or owned by op). */
const char *irx_check_type(ir_context *ctx, const ir_op *op, const ir_type *t);

#endif
