/* Scratch bytes per op (see tgpu_scratch.h). */
#include "Dialect/TileGPU/tgpu_scratch.h"
#include "Dialect/TileGPU/linear_layout.h"

/* tgpu.convert_layout needs scratch only on the SHARED route of its plan
 * (linear_layout.h): conversions done in registers or with warp shuffles need none. */
static unsigned convert_layout_bytes(const ir_op *op, unsigned num_warps) {
  if (op->noperands != 1 || op->nresults != 1) return 0;
  const ir_type *src = op->operands[0].value->type, *dst = op->results[0].type;
  if (!ir_type_is_tensor(src) || !ir_type_is_tensor(dst)) return 0;
  return tgpu_convert_scratch_bytes(src->encoding, dst->encoding, dst->rank, dst->shape,
                                    ir_type_byte_size(ir_type_scalar(dst)), num_warps);
}

unsigned tgpu_op_scratch_bytes(const ir_op *op, unsigned num_warps) {
  switch (ir_op_code(op)) {
  case IR_OP_CONVERT_LAYOUT:
    return convert_layout_bytes(op, num_warps);
  default:
    return 0;
  }
}
