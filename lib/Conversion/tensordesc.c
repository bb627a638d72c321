/* Host tensor descriptor parameters in the LLVM conversion (docs/metadata.md, the PTX ABI).
 *
 * A kernel argument of type !tt.tensordesc is the 128-byte CUtensorMap that the launch
 * passes by value: in LLVM a `ptr byval([128 x i8]) align 64` parameter with the
 * "nvvm.grid_constant" attribute (PTX: `.param .align 64 .b8 NAME[128]`). The NVPTX backend
 * keeps it in the parameter space and gives the kernel its generic address
 * (cvta.param), which is what cp.async.bulk.tensor takes. The argument's value in the
 * conversion's value map is that pointer (cg_tensordesc_ptr).
 *
 * tt.descriptor_load / tt.descriptor_store do not reach the conversion: the pipeline and
 * tma-lowering passes turn them into tgpu.tma_load / tgpu.tma_store (lib/Conversion/tma.c).
 * One that does (IR run through tilec-opt without those passes) is reported. */
#include <assert.h>
#include <string.h>

#include "Conversion/cg_internal.h"

enum { CG_TENSORMAP_BYTES = 128, CG_TENSORMAP_ALIGN = 64 };

LLVMTypeRef cg_tensordesc_param_type(cg_state *st) { return LLVMPointerTypeInContext(st->ctx, 0); }

void cg_tensordesc_param_attrs(cg_state *st, unsigned i) {
  LLVMTypeRef map = LLVMArrayType2(LLVMInt8TypeInContext(st->ctx), CG_TENSORMAP_BYTES);
  unsigned byval = LLVMGetEnumAttributeKindForName("byval", 5);
  unsigned align = LLVMGetEnumAttributeKindForName("align", 5);
  const char *gc = "nvvm.grid_constant";
  LLVMAddAttributeAtIndex(st->fn, i + 1, LLVMCreateTypeAttribute(st->ctx, byval, map));
  LLVMAddAttributeAtIndex(st->fn, i + 1, LLVMCreateEnumAttribute(st->ctx, align, CG_TENSORMAP_ALIGN));
  LLVMAddAttributeAtIndex(st->fn, i + 1, LLVMCreateStringAttribute(st->ctx, gc, (unsigned)strlen(gc), "", 0));
}

LLVMValueRef cg_tensordesc_ptr(cg_state *st, ir_value *desc) {
  assert(ir_type_is_tensordesc(desc->type) && "cg_tensordesc_ptr: not a !tt.tensordesc value");
  cg_val *v = cg_get(st, desc);
  return v ? v->regs[0] : NULL;
}

bool cg_lower_descriptor_unsupported(cg_state *st, ir_op *op) {
  ir_emit_error(st->ictx, op->loc,
                "'%s' reached the LLVM conversion: run the tma-lowering pass first (it makes TMA copies)",
                ir_op_name(op));
  return false;
}
