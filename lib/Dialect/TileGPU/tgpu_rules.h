/* Layout consistency rules shared by the tgpu passes (convert-to-tgpu, coalesce,
 * remove-layout-conversions). Private to those passes; owned with the tgpu dialect.
 *
 * The rules (per op, each op's tgpu_layout_rule): every tensor has a valid layout;
 * ELEMENTWISE ops (and tt.load's ptr, mask, other and result; tt.store's ptr, value, mask)
 * share one layout; tt.broadcast's operand and result share one layout; tt.expand_dims'
 * operand has #tgpu.slice<{dim = axis, parent = result layout}>; scf.for/if/while carried
 * values, yields and results share one layout per position. tgpu.convert_layout is the
 * only op that changes a layout. */
#ifndef TILEC_TGPU_RULES_H
#define TILEC_TGPU_RULES_H

#include "Dialect/TileGPU/tgpu.h"

/* Triton's blocked-layout builder with an explicit sizePerThread and order (the default
 * layout passes order = [rank-1..0]). */
tgpu_blocked tgpu_blocked_for_order(unsigned rank, const int64_t *shape, const unsigned *spt,
                                    const unsigned *order, unsigned num_warps);

/* An op's layout rule: hooks selected by opcode (tgpu_layout_rule_of). Layouts are
 * attributes, so a hook may return a layout of another rank than it was given (expand_dims
 * gives a slice of its result's layout; a reduction would give its operand the parent of
 * its result's slice). A NULL hook means "no constraint" / "does not apply". */
typedef struct tgpu_layout_rule {
  /* The layout tensor operand i must have, read from op's current result layouts (and, for
   * stores, its pointer's; scf ops: the carried block arguments'); NULL: unconstrained. */
  const ir_attr *(*operand)(ir_op *op, unsigned i);
  /* The layout tensor result i must have (scf.for/while: its carried block argument's). */
  const ir_attr *(*result)(ir_op *op, unsigned i);
  /* Forward inference: result 0's layout when its tensor operands have layout `enc`
   * (remove-layout-conversions propagates load layouts through it); NULL hook: the layout
   * does not flow through the op. */
  const ir_attr *(*infer_result)(ir_op *op, const ir_attr *enc);
  /* Backward: the layout the tensor operands need when result 0 is recomputed in `enc`
   * (rematerialization); NULL hook: the op is not recomputed. */
  const ir_attr *(*remat_operand)(ir_op *op, const ir_attr *enc);
  /* Recomputable in any layout from no tensor operand (make_range, splat, constants). */
  bool remat_leaf;
} tgpu_layout_rule;

/* The rule of op: ELEMENTWISE ops with one result share one layout among operands and
 * result; other ops have a row in tgpu_rules.c's opcode-indexed table (an op without one
 * gets an empty rule). Never NULL. */
const tgpu_layout_rule *tgpu_layout_rule_of(const ir_op *op);

/* The layout operand `i` of `op` must have (its rule's `operand` hook); NULL when the op
 * places no constraint on that operand or it is not a tensor. */
const ir_attr *tgpu_required_operand_layout(ir_op *op, unsigned i);

/* Inserts `tgpu.convert_layout` before `user` converting `v` to `enc`; returns the result. */
ir_value *tgpu_build_convert(ir_module *m, ir_op *user, ir_value *v, const ir_attr *enc);

/* Makes every op of the module satisfy the rules by inserting tgpu.convert_layout on
 * operands (and aligning scf results with their carried block arguments); drops converts
 * whose source and result layouts agree. Assumes every tensor already has a layout. */
void tgpu_legalize_layouts(ir_module *m);

/* Replaces tgpu.convert_layout ops whose source can be recomputed in the target layout
 * from cheap pure ops (make_range, splat, constants, elementwise arithmetic, addptr,
 * broadcast, expand_dims, trans, reshape) by that recomputation; a value of the chain that
 * cannot be recomputed but has at most a quarter of the convert's elements is converted
 * where it is made instead (a smaller conversion for the larger). Then erases what became
 * dead. Returns the number of converts removed. */
unsigned tgpu_rematerialize_converts(ir_module *m);

/* Erases op when it is pure, region-free and unused, then, recursively, the producers of
 * its operands that became dead. Returns whether op was erased. */
bool tgpu_erase_if_dead(ir_op *op);

/* Erases pure ops (and reads of shared memory) whose results have no uses, to a fixpoint. */
void tgpu_erase_dead_pure_ops(ir_module *m);

/* Checks the rules over the whole module; emits an internal error naming `pass` at the
 * first violating op and returns false. */
bool tgpu_check_layouts(ir_module *m, const char *pass);
/* A pass's precondition: every tensor in the module has a layout (the IR is at tgpu level).
 * Otherwise emits "'PASS' needs tgpu IR ...: run convert-to-tgpu first" and returns false. */
bool tgpu_require_layouts(ir_module *m, const char *pass);

#endif
