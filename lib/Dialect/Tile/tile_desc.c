/* tt.descriptor_load and tt.descriptor_store: verifiers (the rows are in tile_ops.def; the
 * frontend emits them for host tensor descriptors, lib/Frontend/sema_desc.c).
 *
 * Operand 0 is a !tt.tensordesc, then one i32 offset per block dim (outermost first, in
 * elements); the loaded or stored tensor has the descriptor's block type, with any layout
 * encoding at the tgpu level (the block type itself has none). */
#include "Dialect/Tile/tile_internal.h"

/* The descriptor operand and the offsets after it (operands 1..rank); *out_block gets the
 * block type. `nvalues`: operands after the offsets (1 for the stored value). */
static bool check_desc_operands(ir_op *op, unsigned nvalues, const ir_type **out_block) {
  const ir_type *d = ir_op_operand(op, 0)->type;
  const ir_type *block = ir_tensordesc_block(d);
  if (!block) return tile_fail(op, "operand #0 must be a !tt.tensordesc, got %s", tile_tstr(op, d));
  if (op->noperands != 1 + block->rank + nvalues)
    return tile_fail(op, "needs %u offsets (the descriptor's rank), got %u", block->rank,
                     op->noperands - 1 - nvalues);
  const ir_type *i32 = ir_int_type(ir_op_context(op), 32);
  for (unsigned i = 1; i <= block->rank; i++)
    if (ir_op_operand(op, i)->type != i32)
      return tile_fail(op, "offset operand #%u must be i32, got %s", i, tile_tstr(op, ir_op_operand(op, i)->type));
  *out_block = block;
  return true;
}

/* A tensor of the block's shape and element type (any encoding). */
static bool is_block_typed(ir_op *op, const ir_type *t, const ir_type *block) {
  if (!ir_type_is_tensor(t)) return false;
  return ir_type_with_encoding(ir_op_context(op), t, NULL) == block;
}

bool tile_verify_descriptor_load(ir_op *op) {
  const ir_type *block;
  if (!check_desc_operands(op, 0, &block)) return false;
  const ir_type *r = ir_op_result(op, 0)->type;
  if (!is_block_typed(op, r, block))
    return tile_fail(op, "result type must be the descriptor's block type %s, got %s", tile_tstr(op, block),
                     tile_tstr(op, r));
  return true;
}

bool tile_verify_descriptor_store(ir_op *op) {
  const ir_type *block;
  if (!check_desc_operands(op, 1, &block)) return false;
  const ir_type *v = ir_op_operand(op, op->noperands - 1)->type;
  if (!is_block_typed(op, v, block))
    return tile_fail(op, "stored value must have the descriptor's block type %s, got %s", tile_tstr(op, block),
                     tile_tstr(op, v));
  return true;
}
