/* Lowers tgpu.warp_group_dot (wgmma.mma_async, sm_90a) and tgpu.fence_async_shared.
 *
 * The accumulator is a #tgpu.mma version 3 tensor: num_warps / 4 warpgroups along M, each
 * owning a 64-row tile per repetition (rows r * 16 num_warps + 64 g for repetition r and
 * warpgroup g); within it, register i of a thread is wgmma's d[i] (tgpu_mma.c), so the
 * N/2 registers of repetition r are the N/2 outputs of one m64nNk16 instruction. For each
 * repetition and each 16-wide K step, one instruction reads A's 64 rows and B's N rows from
 * shared memory through matrix descriptors (tgpu_wgmma.c has the layouts: rows of the 32-,
 * 64- or 128-byte swizzle). K-major operand: the K step advances the start address by 32
 * bytes inside the row, M rows advance by the row size, the stride offset is 8 rows.
 * MN-major operand (trans bit 1): the K step advances by 16 rows, M rows (multiples of 64)
 * pick whole slabs, the leading offset is one slab and the stride offset 8 rows.
 * Sequence: wgmma.fence, the instructions (each accumulating into the previous result),
 * commit_group, wait_group 0 and the accumulator through empty volatile asm (the operands
 * are free again and the registers final when the op ends); a tgpu.async dot stops after
 * the commit, and a tgpu.warp_group_dot_wait waits for it later.
 *
 * A in registers (a 16-bit tensor in #tgpu.dot_op<{opIdx = 0, parent = #mma v3, kWidth =
 * 2}>, tgpu_wgmma.c): the instruction's four 32-bit A registers for repetition r and K step
 * kk are the element pairs at static rows r 16 num_warps + {0, 8} and columns kk + {0, 8} +
 * {0, 1} (the lane and warp parts of the layout add the thread's own row and column), found
 * by solving the layout's register map and packed two halves to a register. Marked
 * tgpu.async (the pipeliner's carried p @ v, docs/pipelining.md) it does not wait: its A
 * registers are not read or written again in the PTX after the instruction (they are
 * packed from p for it alone, and p is dead after it), which is what the PTX ISA asks of
 * an in-flight wgmma's A until the wait_group; ptxas keeps the registers of an in-flight
 * wgmma from reuse (else it serializes the wgmma and says so: C7515/C7519, which the tests
 * check is absent).
 *
 * LLVM has no wgmma intrinsics: each PTX instruction is inline asm inside a small internal
 * always-inline function (__tilec_wgmma_*, __tilec_smem_addr, ...), which O3 inlines; the
 * CPU simulation (test/gpu/sim) replaces exactly these functions. */
#include <stdio.h>
#include <string.h>

#include "Conversion/cg_internal.h"
#include "Dialect/TileGPU/tgpu_types.h"

/* An internal always-inline function `name` of type fty, declared here on first use; when
 * it is new, *out_body is a builder at its entry block (the caller writes the body and
 * disposes of the builder), else NULL. */
static LLVMValueRef internal_fn(cg_state *st, const char *name, LLVMTypeRef fty, LLVMBuilderRef *out_body) {
  LLVMValueRef fn = LLVMGetNamedFunction(st->mod, name);
  *out_body = NULL;
  if (fn) return fn;
  fn = LLVMAddFunction(st->mod, name, fty);
  LLVMSetLinkage(fn, LLVMInternalLinkage);
  unsigned kind = LLVMGetEnumAttributeKindForName("alwaysinline", 12);
  LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(st->ctx, kind, 0));
  *out_body = LLVMCreateBuilderInContext(st->ctx);
  LLVMPositionBuilderAtEnd(*out_body, LLVMAppendBasicBlockInContext(st->ctx, fn, "entry"));
  return fn;
}

/* An internal always-inline function `name` of type fty whose body returns inline asm. */
static LLVMValueRef asm_helper(cg_state *st, const char *name, LLVMTypeRef fty, const char *text,
                               const char *constraints) {
  LLVMBuilderRef b;
  LLVMValueRef fn = internal_fn(st, name, fty, &b);
  if (!b) return fn;
  LLVMValueRef ia = LLVMGetInlineAsm(fty, (char *)text, strlen(text), (char *)constraints, strlen(constraints), true,
                                     false, LLVMInlineAsmDialectATT, false);
  unsigned n = LLVMCountParams(fn);
  LLVMValueRef args[160];
  for (unsigned i = 0; i < n; i++) args[i] = LLVMGetParam(fn, i);
  LLVMValueRef r = LLVMBuildCall2(b, fty, ia, args, n, "");
  if (LLVMGetTypeKind(LLVMGetReturnType(fty)) == LLVMVoidTypeKind) LLVMBuildRetVoid(b);
  else LLVMBuildRet(b, r);
  LLVMDisposeBuilder(b);
  return fn;
}

static void call_void_asm(cg_state *st, const char *name, const char *text) {
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(st->ctx), NULL, 0, false);
  LLVMValueRef fn = asm_helper(st, name, fty, text, "~{memory}");
  LLVMBuildCall2(st->b, fty, fn, NULL, 0, "");
}

bool cg_lower_fence_async_shared(cg_state *st, ir_op *op) {
  (void)op;
  call_void_asm(st, "__tilec_fence_async_shared", "fence.proxy.async.shared::cta;");
  return true;
}

/* The 32-bit shared-window address of p (ptrtoint of an addrspace(3) pointer). */
static LLVMValueRef smem_addr(cg_state *st, LLVMValueRef p) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(st->ctx), pt = LLVMTypeOf(p);
  LLVMTypeRef fty = LLVMFunctionType(i32, &pt, 1, false);
  LLVMBuilderRef b;
  LLVMValueRef fn = internal_fn(st, "__tilec_smem_addr", fty, &b);
  if (b) {
    LLVMBuildRet(b, LLVMBuildPtrToInt(b, LLVMGetParam(fn, 0), i32, ""));
    LLVMDisposeBuilder(b);
  }
  return LLVMBuildCall2(st->b, fty, fn, &p, 1, "");
}

/* How one operand's descriptors are made (tgpu_wgmma.c has the layouts): the fixed fields
 * (leading and stride byte offsets, swizzle mode) and the start offsets. */
typedef struct operand_desc {
  bool mn_major;       /* the trans bit */
  unsigned swz;        /* swizzle bytes: the row size of the layout's atoms */
  unsigned eb;         /* element bytes */
  unsigned mn_per_slab; /* MN-major: MN elements per slab (the whole extent without slabs) */
  unsigned k_per_slab;  /* K-major: K elements per slab (the whole extent without slabs) */
  unsigned slab_bytes;  /* bytes of one slab (MN-major: K rows of swz bytes; K-major: MN rows) */
  uint64_t fixed;      /* the descriptor without its start address */
} operand_desc;

static operand_desc operand_desc_of(const tgpu_memdesc *md, unsigned op_idx) {
  operand_desc d = {.eb = ir_type_byte_size(md->elem)};
  unsigned k_dim = op_idx ? 0 : 1, mn_dim = 1 - k_dim;
  d.mn_major = tgpu_wgmma_is_mn_major(&md->layout, op_idx);
  d.swz = md->layout.vec * md->layout.max_phase * d.eb;
  d.mn_per_slab = md->layout.slab ? md->layout.slab : (unsigned)md->shape[mn_dim];
  d.k_per_slab = md->layout.slab ? md->layout.slab : (unsigned)md->shape[k_dim];
  d.slab_bytes = (unsigned)md->shape[d.mn_major ? k_dim : mn_dim] * d.swz;
  uint64_t mode = d.swz == 128 ? 1 : d.swz == 64 ? 2 : 3;
  /* K-major: leading offset unused (1), stride = 8 rows; MN-major: leading = between slabs
   * along MN, stride = between 8-row groups along K. */
  uint64_t lbo = d.mn_major ? d.slab_bytes >> 4 : 1, sbo = (8u * d.swz) >> 4;
  d.fixed = lbo << 16 | sbo << 32 | mode << 62;
  return d;
}

/* Byte offset of the descriptor start for the block at MN index mn0 (A: the warpgroup's
 * first row; a multiple of 64) and K index kk (a multiple of 16). */
static unsigned desc_offset(const operand_desc *d, unsigned mn0, unsigned kk) {
  if (!d->mn_major) return kk / d->k_per_slab * d->slab_bytes + mn0 * d->swz + kk % d->k_per_slab * d->eb;
  return mn0 / d->mn_per_slab * d->slab_bytes + (mn0 % d->mn_per_slab) * d->eb + kk * d->swz;
}

/* A matrix descriptor for start address addr (i32). */
static LLVMValueRef descriptor(cg_state *st, LLVMValueRef addr, const operand_desc *d) {
  LLVMTypeRef i64 = LLVMInt64TypeInContext(st->ctx);
  LLVMValueRef start = LLVMBuildAnd(st->b, LLVMBuildLShr(st->b, addr, cg_i32(st, 4), ""), cg_i32(st, 0x3fff), "");
  return LLVMBuildOr(st->b, LLVMBuildZExt(st->b, start, i64, ""), LLVMConstInt(i64, d->fixed, false), "desc");
}

/* The descriptor of start address base + off, from base's descriptor: the start field is
 * (address >> 4) in the low 14 bits, and every shared address is under 2^18 bytes (the
 * allocator's limit is 227 KiB), so adding off >> 4 (off a multiple of 16) cannot carry out of
 * it. One 64-bit add per instruction instead of a shift, mask and or: the descriptors of a
 * dot differ by constants, which ptxas keeps in uniform registers. */
static LLVMValueRef desc_plus(cg_state *st, LLVMValueRef base_desc, unsigned off) {
  if (!off) return base_desc;
  return LLVMBuildAdd(st->b, base_desc, LLVMConstInt(LLVMInt64TypeInContext(st->ctx), off >> 4, false), "desc");
}

/* The function running one m64nNk16 instruction: (desc a, desc b, scale-d, acc...) -> acc;
 * trans_a / trans_b are the instruction's immediates (1: the operand is MN-major), named
 * in the function (_ta, _tb) so that each variant is its own helper. */
/* The operand type's name in the instruction (f16, bf16, e4m3, e5m2; tf32 for f32; s8 for
 * i8, Triton's int8 being signed). */
static const char *wgmma_type(const ir_type *t) {
  if (ir_type_is_int(t)) return "s8";
  switch (t->fkind) {
  case IR_BF16: return "bf16";
  case IR_F32: return "tf32";
  case IR_F8E4M3FN: return "e4m3";
  case IR_F8E5M2: return "e5m2";
  default: return "f16";
  }
}

/* The register-A form (16-bit types): (a0, a1, a2, a3 as i32, desc b, scale-d, acc...) ->
 * acc; the PTX has no trans-a immediate for it. Named _ra (and _tb). */
static LLVMValueRef wgmma_ra_fn(cg_state *st, unsigned n, const ir_type *elem, bool trans_b, LLVMTypeRef *out_fty) {
  char name[64], text[2048], cons[1024];
  const char *ty = wgmma_type(elem);
  snprintf(name, sizeof name, "__tilec_wgmma_m64n%uk16_%s_ra%s", n, ty, trans_b ? "_tb" : "");
  unsigned nacc = n / 2;
  LLVMTypeRef f32 = LLVMFloatTypeInContext(st->ctx), i32 = LLVMInt32TypeInContext(st->ctx), params[6 + 128];
  LLVMTypeRef fields[128];
  for (unsigned i = 0; i < 4; i++) params[i] = i32;
  params[4] = LLVMInt64TypeInContext(st->ctx);
  params[5] = i32;
  for (unsigned i = 0; i < nacc; i++) params[6 + i] = fields[i] = f32;
  *out_fty = LLVMFunctionType(LLVMStructTypeInContext(st->ctx, fields, nacc, false), params, 6 + nacc, false);
  int k = snprintf(text, sizeof text,
                   "{\n.reg .pred p;\nsetp.ne.b32 p, $%u, 0;\nwgmma.mma_async.sync.aligned.m64n%uk16.f32.%s.%s {",
                   nacc + 5, n, ty, ty);
  for (unsigned i = 0; i < nacc; i++) k += snprintf(text + k, sizeof text - (size_t)k, "%s$%u", i ? ", " : "", i);
  snprintf(text + k, sizeof text - (size_t)k, "}, {$%u, $%u, $%u, $%u}, $%u, p, 1, 1, %d;\n}", nacc, nacc + 1, nacc + 2,
           nacc + 3, nacc + 4, trans_b);
  k = 0;
  for (unsigned i = 0; i < nacc; i++) k += snprintf(cons + k, sizeof cons - (size_t)k, "=f,");
  k += snprintf(cons + k, sizeof cons - (size_t)k, "r,r,r,r,l,r");
  for (unsigned i = 0; i < nacc; i++) k += snprintf(cons + k, sizeof cons - (size_t)k, ",%u", i);
  return asm_helper(st, name, *out_fty, text, cons);
}

static LLVMValueRef wgmma_fn(cg_state *st, unsigned n, const ir_type *elem, bool trans_a, bool trans_b,
                             LLVMTypeRef *out_fty) {
  char name[64], text[2048], cons[1024];
  const char *ty = wgmma_type(elem);
  /* 32 bytes of K: k16 (16-bit), k32 (8-bit), k8 (tf32); only 16-bit operands have the
   * transpose immediates (the others are K-major), and only floats the scale immediates;
   * i8 accumulates into s32 registers */
  unsigned kk = 32 / ir_type_byte_size(elem);
  bool no_trans = ir_type_byte_size(elem) != 2, integer = ir_type_is_int(elem);
  snprintf(name, sizeof name, "__tilec_wgmma_m64n%uk%u_%s%s%s", n, kk, ty, trans_a ? "_ta" : "",
           trans_b ? "_tb" : "");
  unsigned nacc = n / 2;
  LLVMTypeRef acc = integer ? LLVMInt32TypeInContext(st->ctx) : LLVMFloatTypeInContext(st->ctx), params[3 + 128];
  params[0] = params[1] = LLVMInt64TypeInContext(st->ctx);
  params[2] = LLVMInt32TypeInContext(st->ctx);
  LLVMTypeRef fields[128];
  for (unsigned i = 0; i < nacc; i++) params[3 + i] = fields[i] = acc;
  *out_fty = LLVMFunctionType(LLVMStructTypeInContext(st->ctx, fields, nacc, false), params, 3 + nacc, false);
  int k = snprintf(text, sizeof text, "{\n.reg .pred p;\nsetp.ne.b32 p, $%u, 0;\nwgmma.mma_async.sync.aligned.m64n%uk%u.%s.%s.%s {",
                   nacc + 2, n, kk, integer ? "s32" : "f32", ty, ty);
  for (unsigned i = 0; i < nacc; i++) k += snprintf(text + k, sizeof text - (size_t)k, "%s$%u", i ? ", " : "", i);
  if (integer) snprintf(text + k, sizeof text - (size_t)k, "}, $%u, $%u, p;\n}", nacc, nacc + 1);
  else if (no_trans) snprintf(text + k, sizeof text - (size_t)k, "}, $%u, $%u, p, 1, 1;\n}", nacc, nacc + 1);
  else snprintf(text + k, sizeof text - (size_t)k, "}, $%u, $%u, p, 1, 1, %d, %d;\n}", nacc, nacc + 1, trans_a, trans_b);
  k = 0;
  for (unsigned i = 0; i < nacc; i++) k += snprintf(cons + k, sizeof cons - (size_t)k, integer ? "=r," : "=f,");
  k += snprintf(cons + k, sizeof cons - (size_t)k, "l,l,r");
  for (unsigned i = 0; i < nacc; i++) k += snprintf(cons + k, sizeof cons - (size_t)k, ",%u", i);
  return asm_helper(st, name, *out_fty, text, cons);
}

/* A held in registers: its values and the register part of its layout. */
typedef struct a_regs {
  cg_layout l;
  cg_val *v;
  tgpu_ll regs;
} a_regs;

/* Instruction register j (0..3) of repetition r and K step kk: two halves packed in an i32. */
static LLVMValueRef a_reg(cg_state *st, const a_regs *a, unsigned r, unsigned kk, unsigned j) {
  LLVMValueRef el[2];
  for (unsigned e = 0; e < 2; e++) {
    uint32_t row = r * 16 * st->num_warps + 8 * (j & 1), col = kk + 8 * (j >> 1) + e, x;
    if (!tgpu_ll_solve(&a->regs, row << a->l.ll.dim_bits[1] | col, &x)) return NULL;
    el[e] = a->v->regs[x];
  }
  LLVMValueRef v = LLVMGetUndef(LLVMVectorType(LLVMTypeOf(el[0]), 2));
  for (unsigned e = 0; e < 2; e++) v = LLVMBuildInsertElement(st->b, v, el[e], cg_i32(st, e), "");
  return LLVMBuildBitCast(st->b, v, LLVMInt32TypeInContext(st->ctx), "");
}

/* The register-A lowering: per repetition and K step, A's four registers, B's descriptor. */
static bool lower_reg_a(cg_state *st, ir_op *op, cg_val *b, const tgpu_memdesc *mb, cg_val *out) {
  a_regs a;
  ir_value *av = ir_op_operand(op, 0);
  if (!cg_layout_get(st, av->type, op->loc, &a.l) || !(a.v = cg_get(st, av))) return false;
  a.regs = tgpu_ll_layout_restrict(&a.l.ll, 1);
  unsigned N = (unsigned)ir_op_result(op, 0)->type->shape[1], K = (unsigned)av->type->shape[1], nacc = N / 2;
  unsigned reps = out->n / nacc;
  operand_desc db = operand_desc_of(mb, 1);
  LLVMTypeRef fty;
  LLVMValueRef fn = wgmma_ra_fn(st, N, mb->elem, db.mn_major, &fty), args[6 + 128];
  LLVMValueRef b_addr = smem_addr(st, b->regs[0]);
  /* Every A register is packed before wgmma.fence: a register written between the fence
   * and the wgmma reading it makes ptxas insert another fence (info C7519). */
  LLVMValueRef *packed = sup_arena_alloc(st->arena, sizeof(LLVMValueRef) * reps * (K / 16) * 4);
  if (!packed) return false;
  for (unsigned i = 0; i < reps * (K / 16) * 4; i++)
    if (!(packed[i] = a_reg(st, &a, i / (K / 4), i / 4 % (K / 16) * 16, i % 4))) {
      ir_emit_error(st->ictx, op->loc, "internal: wgmma A registers do not match their layout");
      return false;
    }
  LLVMValueRef b_desc = descriptor(st, b_addr, &db);
  call_void_asm(st, "__tilec_wgmma_fence", "wgmma.fence.sync.aligned;");
  for (unsigned r = 0; r < reps; r++)
    for (unsigned kk = 0; kk < K; kk += 16) {
      memcpy(args, packed + (r * (K / 16) + kk / 16) * 4, sizeof(LLVMValueRef) * 4);
      args[4] = desc_plus(st, b_desc, desc_offset(&db, 0, kk));
      args[5] = cg_i32(st, 1);
      for (unsigned i = 0; i < nacc; i++) args[6 + i] = out->regs[r * nacc + i];
      LLVMValueRef res = LLVMBuildCall2(st->b, fty, fn, args, 6 + nacc, "");
      for (unsigned i = 0; i < nacc; i++) out->regs[r * nacc + i] = LLVMBuildExtractValue(st->b, res, i, "");
    }
  return true;
}

/* The shared-A lowering: per repetition and K step, the two descriptors. */
static void lower_smem_a(cg_state *st, ir_op *op, cg_val *a, cg_val *b, const tgpu_memdesc *ma,
                         const tgpu_memdesc *mb, cg_val *out) {
  unsigned N = (unsigned)ir_op_result(op, 0)->type->shape[1], K = (unsigned)ma->shape[1], nacc = N / 2;
  unsigned reps = out->n / nacc;
  operand_desc da = operand_desc_of(ma, 0), db = operand_desc_of(mb, 1);
  LLVMTypeRef fty;
  LLVMValueRef fn = wgmma_fn(st, N, ma->elem, da.mn_major, db.mn_major, &fty);
  unsigned kstep = 32 / da.eb; /* 32 bytes of K per instruction: k16 for 16-bit, k32 for 8-bit, k8 for tf32 */
  LLVMValueRef a_addr = smem_addr(st, a->regs[0]), b_addr = smem_addr(st, b->regs[0]);
  /* warpgroup g's rows start at 64 g: a multiple of 64 and of A's slab width */
  LLVMValueRef group = LLVMBuildLShr(st->b, cg_warp_uniform(st), cg_i32(st, 2), "warpgroup");
  LLVMValueRef a_group = LLVMBuildAdd(st->b, a_addr, LLVMBuildMul(st->b, group, cg_i32(st, desc_offset(&da, 64, 0)), ""), "");
  LLVMValueRef args[3 + 128], a_desc = descriptor(st, a_group, &da), b_desc = descriptor(st, b_addr, &db);
  call_void_asm(st, "__tilec_wgmma_fence", "wgmma.fence.sync.aligned;");
  for (unsigned r = 0; r < reps; r++)
    for (unsigned kk = 0; kk < K; kk += kstep) {
      args[0] = desc_plus(st, a_desc, desc_offset(&da, r * 16 * st->num_warps, kk));
      args[1] = desc_plus(st, b_desc, desc_offset(&db, 0, kk));
      args[2] = cg_i32(st, 1);
      for (unsigned i = 0; i < nacc; i++) args[3 + i] = out->regs[r * nacc + i];
      LLVMValueRef res = LLVMBuildCall2(st->b, fty, fn, args, 3 + nacc, "");
      for (unsigned i = 0; i < nacc; i++) out->regs[r * nacc + i] = LLVMBuildExtractValue(st->b, res, i, "");
    }
}

bool cg_lower_warp_group_dot(cg_state *st, ir_op *op) {
  cg_fn_string_attr(st, NVPTX_ATTR_SKIP_SLP, ""); /* the epilogue packs its own f16 pairs */
  bool reg_a = tgpu_wgmma_a_in_regs(op);
  cg_val *a = reg_a ? NULL : cg_get(st, ir_op_operand(op, 0)), *b = cg_get(st, ir_op_operand(op, 1));
  cg_val *c = cg_get(st, ir_op_operand(op, 2));
  tgpu_memdesc ma, mb;
  if ((!reg_a && (!a || !tgpu_memdesc_get(ir_op_operand(op, 0)->type, &ma))) || !b || !c ||
      !tgpu_memdesc_get(ir_op_operand(op, 1)->type, &mb))
    return false;
  const ir_type *ct = ir_op_result(op, 0)->type;
  unsigned M = (unsigned)ct->shape[0], N = (unsigned)ct->shape[1];
  if (c->n != M / (16 * st->num_warps) * (N / 2)) {
    ir_emit_error(st->ictx, op->loc, "internal: wgmma accumulator registers do not match its layout");
    return false;
  }
  cg_val *out = cg_val_new(st, c->n);
  memcpy(out->regs, c->regs, sizeof(LLVMValueRef) * c->n);
  if (reg_a && !lower_reg_a(st, op, b, &mb, out)) return false;
  if (!reg_a) lower_smem_a(st, op, a, b, &ma, &mb, out);
  call_void_asm(st, "__tilec_wgmma_commit", "wgmma.commit_group.sync.aligned;");
  if (ir_op_get_int_attr(op, TGPU_ATTR_ASYNC, 0)) { /* a tgpu.warp_group_dot_wait follows */
    cg_set(st, ir_op_result(op, 0), out);
    return true;
  }
  call_void_asm(st, "__tilec_wgmma_wait0", "wgmma.wait_group.sync.aligned 0;");
  cg_set(st, ir_op_result(op, 0), cg_wgmma_opaque(st, out));
  return true;
}

/* wgmma.wait_group N, then each operand's accumulator registers passed through empty
 * volatile asm (four per call, "=f" tied to the inputs): LLVM keeps volatile asm in order,
 * so every later use of a register reads it after the wait, never the value an in-flight
 * wgmma is still writing. */
bool cg_lower_warp_group_dot_wait(cg_state *st, ir_op *op) {
  for (unsigned i = 0; i < op->noperands; i++)
    if (!cg_get(st, ir_op_operand(op, i))) return false;
  unsigned pending = (unsigned)ir_op_get_int_attr(op, "pending", 0);
  char name[48], text[64];
  snprintf(name, sizeof name, "__tilec_wgmma_wait%u", pending);
  snprintf(text, sizeof text, "wgmma.wait_group.sync.aligned %u;", pending);
  call_void_asm(st, name, text);
  for (unsigned i = 0; i < op->noperands; i++)
    cg_set(st, ir_op_result(op, i), cg_wgmma_opaque(st, cg_get(st, ir_op_operand(op, i))));
  return true;
}

cg_val *cg_wgmma_opaque(cg_state *st, const cg_val *c) {
  cg_val *out = cg_val_new(st, c->n);
  memcpy(out->regs, c->regs, sizeof(LLVMValueRef) * c->n);
  if (c->n < 4) return out;
  /* f32 accumulators ("=f"), or i32 ones of an i8 dot ("=r") */
  LLVMTypeRef t = LLVMTypeOf(c->regs[0]), four[4] = {t, t, t, t};
  bool f32 = t == LLVMFloatTypeInContext(st->ctx);
  if (!f32 && t != LLVMInt32TypeInContext(st->ctx)) return out;
  LLVMTypeRef fty = LLVMFunctionType(LLVMStructTypeInContext(st->ctx, four, 4, false), four, 4, false);
  LLVMValueRef tie = f32 ? asm_helper(st, "__tilec_wgmma_tie4", fty, "", "=f,=f,=f,=f,0,1,2,3")
                         : asm_helper(st, "__tilec_wgmma_tie4_i32", fty, "", "=r,=r,=r,=r,0,1,2,3");
  for (unsigned i = 0; i + 4 <= c->n; i += 4) {
    if (LLVMTypeOf(c->regs[i]) != t) break;
    LLVMValueRef r = LLVMBuildCall2(st->b, fty, tie, c->regs + i, 4, "");
    for (unsigned j = 0; j < 4; j++) out->regs[i + j] = LLVMBuildExtractValue(st->b, r, j, "");
  }
  return out;
}
