/* tt.descriptor_load and tt.descriptor_store: verifiers (the rows are in tile_ops.def; the
 * frontend emits them for host tensor descriptors, lib/Frontend/sema_desc.c).
 *
 * Operand 0 is a !tt.tensordesc, then one i32 offset per block dim (outermost first, in
 * elements); the loaded or stored tensor has the descriptor's block type, with any layout
 * encoding at the tgpu level (the block type itself has none). */
#include <string.h>

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

/* tt.make_tensor_descriptor: a pointer base of the block's element type, then the extents
 * (i32) and strides (i64), one per block dim. */
bool tile_verify_make_tensor_descriptor(ir_op *op) {
  const ir_type *block = ir_tensordesc_block(ir_op_result(op, 0)->type);
  if (!block) return tile_fail(op, "result must be a !tt.tensordesc, got %s", tile_tstr(op, ir_op_result(op, 0)->type));
  const ir_type *base = ir_op_operand(op, 0)->type;
  if (!ir_type_is_ptr(base) || base->elem != block->elem)
    return tile_fail(op, "operand #0 must be a !tt.ptr to the block's element type %s, got %s",
                     tile_tstr(op, block->elem), tile_tstr(op, base));
  if (op->noperands != 1 + 2 * block->rank)
    return tile_fail(op, "needs %u extents and %u strides (the descriptor's rank), got %u operands after the base",
                     block->rank, block->rank, op->noperands - 1);
  ir_context *ctx = ir_op_context(op);
  for (unsigned i = 1; i < op->noperands; i++) {
    const ir_type *want = ir_int_type(ctx, i <= block->rank ? 32 : 64), *t = ir_op_operand(op, i)->type;
    if (t != want)
      return tile_fail(op, "%s operand #%u must be %s, got %s", i <= block->rank ? "extent" : "stride", i,
                       tile_tstr(op, want), tile_tstr(op, t));
  }
  const char *pad = ir_op_get_string_attr(op, "padding");
  if (pad && strcmp(pad, "nan") != 0 && strcmp(pad, "zero") != 0)
    return tile_fail(op, "padding must be \"zero\" or \"nan\", got \"%s\"", pad);
  if (pad && !strcmp(pad, "nan") && !ir_type_is_float(block->elem))
    return tile_fail(op, "padding \"nan\" needs a floating-point element type");
  return true;
}
