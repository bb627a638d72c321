/* Scratch bytes per op (see tgpu_scratch.h). */
#include "Dialect/TileGPU/tgpu_scratch.h"
#include "Dialect/TileGPU/linear_layout.h"
#include "Dialect/TileGPU/tgpu_reduce.h"
#include "Dialect/TileGPU/tgpu_shape.h"
#include "Dialect/TileGPU/tgpu_atomic.h"

/* tgpu.convert_layout needs scratch only on the SHARED route of its plan
 * (linear_layout.h): conversions done in registers or with warp shuffles need none. */
static unsigned convert_layout_bytes(const ir_op *op, unsigned num_warps) {
  if (op->noperands != 1 || op->nresults != 1) return 0;
  const ir_type *src = op->operands[0].value->type, *dst = op->results[0].type;
  if (!ir_type_is_tensor(src) || !ir_type_is_tensor(dst)) return 0;
  return tgpu_convert_scratch_bytes(src->encoding, dst->encoding, dst->rank, dst->shape,
                                    ir_type_byte_size(ir_type_scalar(dst)), num_warps);
}

/* The element bytes of a tt.reduce / tt.scan's operands; false when there are too many. */
static bool operand_sizes(const ir_op *op, unsigned *sizes) {
  if (op->noperands > TGPU_REDUCE_MAX_OPERANDS || !ir_type_is_tensor(op->operands[0].value->type)) return false;
  for (unsigned i = 0; i < op->noperands; i++) sizes[i] = ir_type_byte_size(ir_type_scalar(op->operands[i].value->type));
  return true;
}

/* tt.reduce needs scratch only when warps share the reduced axis: one slot per partial of
 * each result element (tgpu_reduce.h). */
static unsigned reduce_bytes(const ir_op *op) {
  const ir_type *src = op->operands[0].value->type;
  unsigned axis = (unsigned)ir_op_get_int_attr(op, "axis", 0), sizes[TGPU_REDUCE_MAX_OPERANDS];
  tgpu_reduce_plan p;
  if (!operand_sizes(op, sizes) || tgpu_reduce_plan_make(src->encoding, src->rank, src->shape, axis, sizes, op->noperands, &p))
    return 0;
  return p.scratch_bytes;
}

/* tt.scan needs scratch only when warps share the scanned axis: every thread's registers. */
static unsigned scan_bytes(const ir_op *op, unsigned num_warps) {
  const ir_type *src = op->operands[0].value->type;
  unsigned axis = (unsigned)ir_op_get_int_attr(op, "axis", 0), sizes[TGPU_REDUCE_MAX_OPERANDS];
  tgpu_scan_plan p;
  if (!operand_sizes(op, sizes) || tgpu_scan_plan_make(src->encoding, src->rank, src->shape, axis, sizes, op->noperands, num_warps, &p))
    return 0;
  return p.scratch_bytes;
}

/* Atomics need scratch only to hand their old values to copies in other warps
 * (tgpu_atomic.h). */
static unsigned atomic_bytes(const ir_op *op, unsigned num_warps) {
  tgpu_atomic_plan p;
  return tgpu_atomic_plan_make(op, num_warps, &p) ? 0 : p.scratch_bytes;
}

bool tgpu_reshape_keeps_registers(const ir_type *src, const ir_type *dst) {
  tgpu_ll_layout a, b;
  return tgpu_ll_same_hardware(src, dst, &a, &b) && tgpu_ll_equal(&a.map, &b.map);
}

unsigned tgpu_op_scratch_bytes(const ir_op *op, unsigned num_warps) {
  switch (ir_op_code(op)) {
  case IR_OP_CONVERT_LAYOUT:
    return convert_layout_bytes(op, num_warps);
  case IR_OP_REDUCE:
    return reduce_bytes(op);
  case IR_OP_RESHAPE: {
    const ir_type *src = op->operands[0].value->type, *dst = op->results[0].type;
    if (tgpu_reshape_keeps_registers(src, dst) || !ir_type_is_tensor(dst)) return 0;
    if (ir_op_get_int_attr(op, "allow_reorder", 0) && tgpu_reshape_may_reorder(src, dst)) return 0;
    uint64_t bytes = (uint64_t)ir_type_numel(dst) * ir_type_byte_size(dst->elem);
    return bytes > UINT32_MAX ? UINT32_MAX : (unsigned)bytes;
  }
  case IR_OP_SCAN:
    return scan_bytes(op, num_warps);
  case IR_OP_ATOMIC_RMW:
  case IR_OP_ATOMIC_CAS:
    return atomic_bytes(op, num_warps);
  default:
    return 0;
  }
}
