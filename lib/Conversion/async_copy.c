/* Lowers the asynchronous-copy ops the pipeliner builds on (sm_80+): tgpu.memdesc_index,
 * tgpu.async_copy (cp.async), tgpu.async_commit (cp.async.commit_group) and
 * tgpu.async_wait (cp.async.wait_group).
 *
 * tgpu.async_copy: each thread copies the elements its registers of the pointer tensor name,
 * tgpu.vec elements (4, 8 or 16 bytes) per cp.async, from global memory to their addresses in
 * the memdesc's shared layout (shared.c's arithmetic). A masked-off copy has source size 0:
 * cp.async then writes zeros (PTX ISA: bytes past src-size are filled with zeros). The mask
 * of a run's first element stands for the run (the op's creator keeps masks constant over
 * each tgpu.vec run, as coalesce does for loads). Registers that do not form a run of
 * tgpu.vec along the shared layout's fastest dim are copied synchronously (a load and a
 * store), which is always correct. 16-byte copies use .cg (cache in L2 only), smaller ones
 * .ca (the sizes .cg does not have). */
#include <stdio.h>

#include "Conversion/cg_internal.h"

bool cg_lower_memdesc_index(cg_state *st, ir_op *op) {
  tgpu_memdesc md;
  cg_val *buf = cg_get(st, ir_op_operand(op, 0)), *idx = cg_get(st, ir_op_operand(op, 1));
  if (!buf || !idx || !cg_memdesc_of(st, op, ir_op_operand(op, 0)->type, &md)) return false;
  LLVMValueRef off = LLVMBuildMul(st->b, idx->regs[0], cg_i32(st, tgpu_memdesc_tile_bytes(&md)), "");
  LLVMValueRef p = LLVMBuildGEP2(st->b, LLVMInt8TypeInContext(st->ctx), buf->regs[0], &off, 1, "stage");
  cg_set(st, ir_op_result(op, 0), cg_val_splat(st, 1, p));
  return true;
}

/* One cp.async of `bytes` bytes from src (a global pointer) to dst, or zeros when !on. */
static void copy_async(cg_state *st, LLVMValueRef dst, LLVMValueRef src, unsigned bytes, LLVMValueRef on) {
  char name[64];
  snprintf(name, sizeof name, "llvm.nvvm.cp.async.%s.shared.global.%u.s", bytes == 16 ? "cg" : "ca", bytes);
  LLVMTypeRef g = LLVMPointerTypeInContext(st->ctx, 1);
  LLVMValueRef size = cg_i32(st, bytes);
  if (on) size = LLVMBuildSelect(st->b, on, size, cg_i32(st, 0), "");
  LLVMValueRef args[3] = {dst, LLVMBuildAddrSpaceCast(st->b, src, g, ""), size};
  cg_intrinsic(st, name, NULL, 0, args, 3);
}

/* The synchronous fallback for one register: load (zero when masked off), store. */
static void copy_now(cg_state *st, LLVMValueRef dst, LLVMValueRef src, LLVMTypeRef mt, LLVMValueRef on) {
  LLVMValueRef v = LLVMBuildLoad2(st->b, mt, src, "");
  if (on) v = LLVMBuildSelect(st->b, on, v, LLVMConstNull(mt), "");
  LLVMBuildStore(st->b, v, dst);
}

bool cg_lower_async_copy(cg_state *st, ir_op *op) {
  tgpu_memdesc md;
  cg_layout l;
  ir_value *ptrs = ir_op_operand(op, 0);
  cg_val *p = cg_get(st, ptrs), *buf = cg_get(st, ir_op_operand(op, 1));
  cg_val *mask = op->noperands == 3 ? cg_get(st, ir_op_operand(op, 2)) : NULL;
  if (!p || !buf || (op->noperands == 3 && !mask) || !cg_memdesc_of(st, op, ir_op_operand(op, 1)->type, &md) ||
      !cg_layout_get(st, ptrs->type, op->loc, &l))
    return false;
  LLVMTypeRef mt = cg_mem_type(st, md.elem);
  unsigned vec = (unsigned)ir_op_get_int_attr(op, TGPU_ATTR_VEC, 1), eb = ir_type_byte_size(md.elem);
  cg_shared_addr a;
  cg_shared_addr_init(st, &a, buf->regs[0], &md, &l);
  for (unsigned i = 0; i < l.nregs;) {
    LLVMValueRef dst = cg_shared_addr_at(st, &a, i, mt), on = mask ? mask->regs[i] : NULL;
    if (vec * eb >= 4 && cg_layout_is_run(&l, i, vec, md.layout.order[0])) {
      copy_async(st, dst, p->regs[i], vec * eb, on);
      i += vec;
    } else {
      copy_now(st, dst, p->regs[i], mt, on);
      i++;
    }
  }
  cg_set(st, ir_op_result(op, 0), cg_val_splat(st, 1, cg_i32(st, 0))); /* tokens are not lowered */
  return true;
}

bool cg_lower_async_commit(cg_state *st, ir_op *op) {
  (void)op;
  cg_intrinsic(st, "llvm.nvvm.cp.async.commit.group", NULL, 0, NULL, 0);
  return true;
}

bool cg_lower_async_wait(cg_state *st, ir_op *op) {
  LLVMValueRef n = cg_i32(st, ir_op_get_int_attr(op, "pending", 0));
  cg_intrinsic(st, "llvm.nvvm.cp.async.wait.group", NULL, 0, &n, 1);
  return true;
}
