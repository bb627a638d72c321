/* Scratch bytes per op (see tgpu_scratch.h). */
#include "Dialect/TileGPU/tgpu_scratch.h"

/* tgpu.convert_layout between two layouts goes through a row-major copy of the whole
 * tensor (Conversion/tensor.c): numel * element bytes (i1 takes a byte). Equal layouts are
 * a no-op and need nothing. */
static unsigned convert_layout_bytes(const ir_op *op, unsigned num_warps) {
  (void)num_warps;
  if (op->noperands != 1 || op->nresults != 1) return 0;
  const ir_type *src = op->operands[0].value->type, *dst = op->results[0].type;
  if (!ir_type_is_tensor(src) || !ir_type_is_tensor(dst)) return 0;
  if (src->encoding == dst->encoding) return 0;
  /* TODO(coordinator, helper "ll"): return the route planner's figure here: 0 when the
   * conversion is done in registers or with warp shuffles, else the bytes of its staging
   * buffer. The whole-tensor copy below is what the conversion does today. */
  int64_t bytes = ir_type_numel(dst) * (int64_t)ir_type_byte_size(ir_type_scalar(dst));
  return bytes > (int64_t)UINT32_MAX ? UINT32_MAX : (unsigned)bytes;
}

unsigned tgpu_op_scratch_bytes(const ir_op *op, unsigned num_warps) {
  switch (ir_op_code(op)) {
  case IR_OP_CONVERT_LAYOUT:
    return convert_layout_bytes(op, num_warps);
  default:
    return 0;
  }
}
