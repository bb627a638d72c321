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
 * One that does (IR run through tilec-opt without those passes) is reported.
 *
 * In-kernel descriptors (tt.make_tensor_descriptor, at the kernel's top level) are written
 * by each program into its slot of the global scratch, the hidden last parameter: warp 0
 * zeroes a 128-byte tensormap in shared memory (the op's scratch), lane 0 sets every field
 * with tensormap.replace (sm_90a; PTX 8.6, CG_TENSORMAP_PTX), the warp copies it out with
 * tensormap.cp_fenceproxy (a release to the tensormap proxy) and acquires it with
 * fence.proxy.tensormap::generic.acquire; a CTA barrier then orders that before any copy.
 * The value is the slot's address, which cp.async.bulk.tensor takes as it takes a
 * parameter's. TMA needs the base 16-byte aligned and the strides (but the innermost)
 * multiples of 16 bytes, as Triton documents for tl.make_tensor_descriptor, from 16 bytes
 * to under 2^40: a program that finds otherwise (a negative or zero stride included) traps
 * (the launch fails) instead of reading wrong addresses. */
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

/* ---- in-kernel descriptors ----------------------------------------------------------------- */

unsigned cg_global_scratch_bytes(const ir_op *f) {
  int64_t v = ir_op_get_int_attr(f, TGPU_ATTR_GLOBAL_SCRATCH, 0);
  return v > 0 ? (unsigned)v : 0;
}

/* The PTX ISA's tensormap element types (tensormap.replace .elemtype). */
static int tensormap_elemtype(const ir_type *t) {
  if (ir_type_is_float(t)) switch (t->fkind) {
    case IR_F16: return 6;
    case IR_BF16: return 10;
    case IR_F32: return 7;
    case IR_F64: return 9;
    case IR_F8E4M3FN: case IR_F8E5M2: return 0; /* copied as bytes */
    }
  switch (ir_type_byte_size(t)) {
  case 1: return 0;  /* .u8 */
  case 2: return 1;  /* .u16 */
  case 4: return 2;  /* .u32 */
  case 8: return 4;  /* .u64 */
  default: return -1;
  }
}

/* Two 32-bit words of elements of type t that read as the padding: zeros, or NaN. */
static void pad_words(const ir_type *t, bool nan, uint32_t w[2]) {
  w[0] = w[1] = 0;
  if (!nan || !ir_type_is_float(t)) return;
  switch (t->fkind) {
  case IR_F16: w[0] = w[1] = 0x7e007e00u; break;
  case IR_BF16: w[0] = w[1] = 0x7fc07fc0u; break;
  case IR_F32: w[0] = w[1] = 0x7fc00000u; break;
  case IR_F64: w[1] = 0x7ff80000u; break; /* little-endian: the high word second */
  case IR_F8E4M3FN: w[0] = w[1] = 0x7f7f7f7fu; break;
  case IR_F8E5M2: w[0] = w[1] = 0x7e7e7e7eu; break;
  }
}

static int swizzle_mode(int64_t bytes) { return bytes == 128 ? 3 : bytes == 64 ? 2 : bytes == 32 ? 1 : 0; }

/* Lane 0 of the warp sets one field of the tensormap at `smem` (i64 shared address). */
static void replace_field(cg_state *st, LLVMValueRef smem, LLVMValueRef lane0, const char *field, int ord,
                          LLVMValueRef val) {
  bool wide = LLVMGetIntTypeWidth(LLVMTypeOf(val)) == 64;
  char text[160];
  if (ord >= 0)
    snprintf(text, sizeof text, "@$2 tensormap.replace.tile.%s.shared::cta.b1024.b%d [$0], %d, $1;", field,
             wide ? 64 : 32, ord);
  else
    snprintf(text, sizeof text, "@$2 tensormap.replace.tile.%s.shared::cta.b1024.b%d [$0], $1;", field,
             wide ? 64 : 32);
  LLVMValueRef args[3] = {smem, val, lane0};
  cg_asm_void(st, args, 3, text, wide ? "l,l,b,~{memory}" : "l,r,b,~{memory}");
}

/* The same with a value known here (the fields that take only an immediate: rank,
 * elemtype, interleave_layout, swizzle_mode, fill_mode; and the box). */
static void replace_imm(cg_state *st, LLVMValueRef smem, LLVMValueRef lane0, const char *field, int ord, int64_t val) {
  char text[160];
  if (ord >= 0)
    snprintf(text, sizeof text, "@$1 tensormap.replace.tile.%s.shared::cta.b1024.b32 [$0], %d, %lld;", field, ord,
             (long long)val);
  else
    snprintf(text, sizeof text, "@$1 tensormap.replace.tile.%s.shared::cta.b1024.b32 [$0], %lld;", field,
             (long long)val);
  LLVMValueRef args[2] = {smem, lane0};
  cg_asm_void(st, args, 2, text, "l,b,~{memory}");
}

/* The program's slot: global_scratch + linear program id * bytes per program + offset. */
static LLVMValueRef slot_address(cg_state *st, int64_t offset) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(st->ctx);
  LLVMValueRef pid = LLVMBuildAdd(st->b, cg_sreg(st, "ctaid", 1),
                                  LLVMBuildMul(st->b, cg_sreg(st, "nctaid", 1), cg_sreg(st, "ctaid", 2), ""), "");
  pid = LLVMBuildAdd(st->b, cg_sreg(st, "ctaid", 0), LLVMBuildMul(st->b, cg_sreg(st, "nctaid", 0), pid, ""), "");
  LLVMValueRef at = LLVMBuildAdd(st->b, LLVMBuildMul(st->b, LLVMBuildZExt(st->b, pid, i64, ""),
                                                     LLVMConstInt(i64, st->global_scratch_bytes, 0), ""),
                                 LLVMConstInt(i64, (unsigned long long)offset, 0), "");
  return LLVMBuildGEP2(st->b, LLVMInt8TypeInContext(st->ctx), st->global_scratch, &at, 1, "tensormap");
}

bool cg_lower_make_tensor_descriptor(cg_state *st, ir_op *op) {
  const ir_type *block = ir_tensordesc_block(ir_op_result(op, 0)->type);
  int64_t box[IR_MAX_TENSORDESC_RANK], offset = ir_op_get_int_attr(op, TGPU_ATTR_GLOBAL_SCRATCH_OFFSET, -1);
  unsigned rank = block->rank;
  int elemtype = tensormap_elemtype(block->elem);
  ir_op *f = (ir_op *)tgpu_enclosing_func(op);
  if (!f || op->parent != ir_region_entry(&f->regions[0])) { /* its CTA barrier needs every thread */
    ir_emit_error(st->ictx, op->loc, "'%s' read by TMA must be at the kernel's top level", ir_op_name(op));
    return false;
  }
  if (offset < 0 || offset % TGPU_TENSORMAP_SLOT_BYTES || !st->global_scratch ||
      offset + TGPU_TENSORMAP_SLOT_BYTES > (int64_t)st->global_scratch_bytes ||
      ir_attr_get_i64_array(ir_op_get_attr(op, TGPU_ATTR_TMA_BOX), box, IR_MAX_TENSORDESC_RANK) != (int)rank ||
      elemtype < 0) {
    ir_emit_error(st->ictx, op->loc, "internal: '%s' reached the LLVM conversion without its TMA box and scratch "
                  "slot (the tma-lowering pass records them when a TMA copy reads the descriptor)", ir_op_name(op));
    return false;
  }
  LLVMValueRef parts[1 + 2 * IR_MAX_TENSORDESC_RANK];
  for (unsigned i = 0; i < op->noperands; i++) {
    cg_val *v = cg_get(st, ir_op_operand(op, i));
    if (!v) return false;
    parts[i] = v->regs[0];
  }
  LLVMValueRef smem_p = cg_scratch_ptr(st, op);
  if (!smem_p) return false;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(st->ctx), i64 = LLVMInt64TypeInContext(st->ctx);
  LLVMValueRef gptr = slot_address(st, offset);
  LLVMValueRef gaddr = LLVMBuildPtrToInt(st->b, gptr, i64, ""), smem = LLVMBuildPtrToInt(st->b, smem_p, i64, "");
  LLVMValueRef base = LLVMBuildPtrToInt(st->b, parts[0], i64, "");
  uint64_t eb = ir_type_byte_size(block->elem);
  LLVMValueRef stride_bytes[IR_MAX_TENSORDESC_RANK], misaligned = LLVMBuildAnd(st->b, base, LLVMConstInt(i64, 15, 0), "");
  for (unsigned d = 0; d + 1 < rank; d++) { /* TMA: 16 to 2^40 - 16 bytes, a multiple of 16 */
    stride_bytes[d] = LLVMBuildMul(st->b, parts[1 + rank + d], LLVMConstInt(i64, eb, 0), "");
    LLVMValueRef out = LLVMBuildICmp(st->b, LLVMIntUGE, LLVMBuildSub(st->b, stride_bytes[d], LLVMConstInt(i64, 16, 0), ""),
                                     LLVMConstInt(i64, (1ull << 40) - 16, 0), "");
    misaligned = LLVMBuildOr(st->b, misaligned, LLVMBuildAnd(st->b, stride_bytes[d], LLVMConstInt(i64, 15, 0), ""), "");
    misaligned = LLVMBuildOr(st->b, misaligned, LLVMBuildZExt(st->b, out, i64, ""), "");
  }
  /* An empty tensor (an extent <= 0) would make TMA fault (a tensormap dim of 0 is an
   * illegal instruction): its map describes one element, at `slot + 128`, 16 bytes this
   * program fills with the padding (0 or NaN), and every dim 1 with 16-byte strides; a box
   * then reads at most that element and pads the rest, as the pointer path reads nothing. */
  LLVMValueRef empty = LLVMConstInt(LLVMInt1TypeInContext(st->ctx), 0, 0);
  for (unsigned d = 0; d < rank; d++)
    empty = LLVMBuildOr(st->b, empty, LLVMBuildICmp(st->b, LLVMIntSLE, parts[1 + d], cg_i32(st, 0), ""), "");
  LLVMValueRef pad_addr = LLVMBuildAdd(st->b, gaddr, LLVMConstInt(i64, TGPU_TENSORMAP_BYTES, 0), "");
  LLVMValueRef map_base = LLVMBuildSelect(st->b, empty, pad_addr, base, "");
  for (unsigned d = 0; d < rank; d++) parts[1 + d] = LLVMBuildSelect(st->b, empty, cg_i32(st, 1), parts[1 + d], "");
  for (unsigned d = 0; d + 1 < rank; d++)
    stride_bytes[d] = LLVMBuildSelect(st->b, empty, LLVMConstInt(i64, 16, 0), stride_bytes[d], "");
  misaligned = LLVMBuildSelect(st->b, empty, LLVMConstInt(i64, 0, 0), misaligned, "");
  const char *pad = ir_op_get_string_attr(op, "padding");
  bool nan = pad && !strcmp(pad, "nan");
  /* warp 0 writes the tensormap */
  LLVMBasicBlockRef done =
      cg_if_begin(st, LLVMBuildICmp(st->b, LLVMIntEQ, cg_warp_uniform(st), cg_i32(st, 0), ""), "tensormap.write",
                  "tensormap.done");
  LLVMValueRef bad = LLVMBuildICmp(st->b, LLVMIntNE, misaligned, LLVMConstInt(i64, 0, 0), "");
  cg_asm_void(st, &bad, 1, "@$0 trap;", "b,~{memory}");
  LLVMValueRef word = LLVMBuildGEP2(st->b, i32, smem_p, &st->lane, 1, "");
  LLVMBuildStore(st->b, cg_i32(st, 0), word);
  cg_asm_void(st, NULL, 0, "bar.warp.sync -1;", "~{memory}");
  LLVMValueRef lane0 = LLVMBuildICmp(st->b, LLVMIntEQ, st->lane, cg_i32(st, 0), "");
  char fill[160];
  uint32_t w[2];
  pad_words(block->elem, nan, w);
  snprintf(fill, sizeof fill, "@$1 st.global.v4.b32 [$0], {%u, %u, %u, %u};\n\t@$1 fence.proxy.async.global;", w[0], w[1],
           w[0], w[1]);
  LLVMValueRef fa[2] = {pad_addr, LLVMBuildAnd(st->b, lane0, empty, "")};
  cg_asm_void(st, fa, 2, fill, "l,b,~{memory}");
  replace_field(st, smem, lane0, "global_address", -1, map_base);
  replace_imm(st, smem, lane0, "rank", -1, (int)rank - 1);
  for (unsigned i = 0; i < rank; i++) { /* ordinal 0: the innermost dim */
    unsigned d = rank - 1 - i;
    replace_imm(st, smem, lane0, "box_dim", (int)i, box[d]);
    replace_field(st, smem, lane0, "global_dim", (int)i, parts[1 + d]);
    replace_imm(st, smem, lane0, "element_stride", (int)i, 1);
  }
  for (unsigned i = 0; i + 1 < rank; i++) /* in bytes (PTX 8.6, CG_TENSORMAP_PTX) */
    replace_field(st, smem, lane0, "global_stride", (int)i, stride_bytes[rank - 2 - i]);
  replace_imm(st, smem, lane0, "elemtype", -1, elemtype);
  replace_imm(st, smem, lane0, "interleave_layout", -1, 0);
  replace_imm(st, smem, lane0, "swizzle_mode", -1, swizzle_mode(ir_op_get_int_attr(op, TGPU_ATTR_TMA_SWIZZLE, 0)));
  replace_imm(st, smem, lane0, "fill_mode", -1, nan ? 1 : 0);
  cg_asm_void(st, NULL, 0, "bar.warp.sync -1;", "~{memory}");
  LLVMValueRef cp[2] = {gaddr, smem};
  cg_asm_void(st, cp, 2,
              "tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [$0], [$1], 128;",
              "l,l,~{memory}");
  cg_asm_void(st, &gaddr, 1, "fence.proxy.tensormap::generic.acquire.gpu [$0], 128;", "l,~{memory}");
  cg_if_end(st, done);
  cg_barrier(st);
  LLVMValueRef generic = LLVMBuildIntToPtr(st->b, gaddr, LLVMPointerTypeInContext(st->ctx, 0), "");
  cg_set(st, ir_op_result(op, 0), cg_val_splat(st, 1, generic));
  return true;
}
