/* tgpu IR -> LLVM IR: module and kernel setup, the value map, the lowering table (one row
 * per opcode) and the dispatch through it.
 *
 * Needs: a tgpu module (every tensor has a #tgpu.blocked or #tgpu.slice encoding, helpers
 * inlined). Produces: one LLVM module (own LLVMContext) with a ptx_kernel per public
 * tt.func. The IR module is not changed. */
#include <stdlib.h>
#include <assert.h>
#include <string.h>

#include <llvm-c/Analysis.h>

#include "Conversion/cg_internal.h"
#include "Dialect/Tile/tile.h"

/* ---- small helpers shared by the conversion files ---------------------------------- */

cg_val *cg_val_new(cg_state *st, unsigned n) {
  cg_val *cv = sup_arena_alloc(st->arena, sizeof *cv);
  cv->n = n;
  cv->regs = sup_arena_alloc(st->arena, sizeof(LLVMValueRef) * (n ? n : 1));
  return cv;
}

cg_val *cg_val_splat(cg_state *st, unsigned n, LLVMValueRef r) {
  cg_val *cv = cg_val_new(st, n);
  for (unsigned i = 0; i < n; i++) cv->regs[i] = r;
  return cv;
}

cg_val *cg_get(cg_state *st, ir_value *v) {
  cg_val *cv = sup_ptrmap_get(&st->vals, (uint64_t)(uintptr_t)v);
  if (!cv) {
    ir_loc loc = v->def ? v->def->loc : (ir_loc){0};
    ir_emit_error(st->ictx, loc, "internal: value used before it was lowered");
  }
  return cv;
}

void cg_set(cg_state *st, ir_value *v, cg_val *cv) {
  if (!sup_ptrmap_put(&st->vals, (uint64_t)(uintptr_t)v, cv)) ir_context_note_oom(st->ictx);
}

LLVMValueRef cg_i32(cg_state *st, int64_t v) {
  return LLVMConstInt(LLVMInt32TypeInContext(st->ctx), (unsigned long long)v, 1);
}

LLVMValueRef cg_i64(cg_state *st, int64_t v) {
  return LLVMConstInt(LLVMInt64TypeInContext(st->ctx), (unsigned long long)v, 1);
}

static LLVMTypeRef float_type(LLVMContextRef c, ir_float_kind k) {
  switch (k) {
  case IR_F16: return LLVMHalfTypeInContext(c);
  case IR_BF16: return LLVMBFloatTypeInContext(c);
  case IR_F32: return LLVMFloatTypeInContext(c);
  case IR_F64: return LLVMDoubleTypeInContext(c);
  case IR_F8E4M3FN: case IR_F8E5M2: return LLVMInt8TypeInContext(c); /* storage: fp8.c converts */
  }
  return LLVMFloatTypeInContext(c);
}

LLVMTypeRef cg_scalar_type(cg_state *st, const ir_type *t) {
  t = ir_type_scalar(t);
  switch (t->kind) {
  case IR_TYPE_INT: return LLVMIntTypeInContext(st->ctx, t->width);
  case IR_TYPE_FLOAT: return float_type(st->ctx, t->fkind);
  case IR_TYPE_PTR: return LLVMPointerTypeInContext(st->ctx, t->addr_space);
  case IR_TYPE_DIALECT: /* a !tgpu.memdesc is the address of its buffer */
    return LLVMPointerTypeInContext(st->ctx, 3);
  default: return LLVMVoidTypeInContext(st->ctx);
  }
}

LLVMTypeRef cg_mem_type(cg_state *st, const ir_type *t) {
  t = ir_type_scalar(t);
  if (t->kind == IR_TYPE_INT && t->width == 1) return LLVMInt8TypeInContext(st->ctx);
  return cg_scalar_type(st, t);
}

unsigned cg_num_regs(cg_state *st, const ir_type *t, ir_loc loc) {
  if (!ir_type_is_tensor(t)) return 1;
  cg_layout l;
  if (!cg_layout_get(st, t, loc, &l)) return 0;
  return l.nregs;
}

LLVMValueRef cg_intrinsic(cg_state *st, const char *name, LLVMTypeRef *over, unsigned nover,
                          LLVMValueRef *args, unsigned nargs) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  /* a name or overload this LLVM does not know is a bug in the lowering tables: fail loudly
   * here rather than inside LLVM */
  assert(id && "cg_intrinsic: unknown LLVM intrinsic");
  assert((nover > 0) == LLVMIntrinsicIsOverloaded(id) && "cg_intrinsic: overload types");
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(st->mod, id, over, nover);
  LLVMTypeRef fty = LLVMIntrinsicGetType(st->ctx, id, over, nover);
  return LLVMBuildCall2(st->b, fty, fn, args, nargs, "");
}

LLVMValueRef cg_asm(cg_state *st, LLVMTypeRef ret, LLVMValueRef *args, unsigned nargs, const char *text,
                    const char *constraints, bool side_effects) {
  LLVMTypeRef params[16];
  assert(nargs <= 16 && "cg_asm: at most 16 operands");
  for (unsigned i = 0; i < nargs; i++) params[i] = LLVMTypeOf(args[i]);
  LLVMTypeRef fty = LLVMFunctionType(ret, params, nargs, 0);
  LLVMValueRef fn = LLVMGetInlineAsm(fty, (char *)text, strlen(text), (char *)constraints, strlen(constraints),
                                     side_effects, 0, LLVMInlineAsmDialectATT, 0);
  return LLVMBuildCall2(st->b, fty, fn, args, nargs, "");
}

void cg_asm_void(cg_state *st, LLVMValueRef *args, unsigned nargs, const char *text, const char *constraints) {
  cg_asm(st, LLVMVoidTypeInContext(st->ctx), args, nargs, text, constraints, true);
}

LLVMValueRef cg_call_extern(cg_state *st, const char *name, LLVMTypeRef ret,
                            LLVMTypeRef *params, unsigned nparams, LLVMValueRef *args) {
  LLVMTypeRef fty = LLVMFunctionType(ret, params, nparams, 0);
  LLVMValueRef fn = LLVMGetNamedFunction(st->mod, name);
  if (!fn) fn = LLVMAddFunction(st->mod, name, fty);
  return LLVMBuildCall2(st->b, fty, fn, args, nparams, "");
}

/* ---- op dispatch ------------------------------------------------------------------------ */

LLVMValueRef cg_sreg(cg_state *st, const char *what, unsigned axis) {
  char name[64];
  snprintf(name, sizeof name, "llvm.nvvm.read.ptx.sreg.%s.%c", what, "xyz"[axis]);
  return cg_intrinsic(st, name, NULL, 0, NULL, 0);
}

static bool lower_sreg(cg_state *st, ir_op *op, const char *what) {
  int64_t axis = ir_op_get_int_attr(op, "axis", 0);
  if (axis < 0 || axis > 2) {
    ir_emit_error(st->ictx, op->loc, "%s: axis must be 0, 1 or 2", ir_op_name(op));
    return false;
  }
  cg_set(st, ir_op_result(op, 0), cg_val_splat(st, 1, cg_sreg(st, what, (unsigned)axis)));
  return true;
}

static bool lower_program_id(cg_state *st, ir_op *op) { return lower_sreg(st, op, "ctaid"); }
static bool lower_num_programs(cg_state *st, ir_op *op) { return lower_sreg(st, op, "nctaid"); }

static bool lower_nothing(cg_state *st, ir_op *op) {
  (void)st, (void)op;
  return true;
}

static bool lower_call(cg_state *st, ir_op *op) {
  ir_emit_error(st->ictx, op->loc, "tt.call must be inlined before conversion to LLVM IR");
  return false;
}

/* The lowering of every op, by opcode. An element-wise op is one row: its family's
 * function and the LLVM builder, cast, intrinsic or libdevice function it uses, and, where
 * Triton compiles f32 to a fast approximate instruction, that instruction (approx_f32), so
 * that the same kernel text computes what Triton computes: '/' (div.full.f32), tl.exp
 * (ex2.approx.f32 of x * log2 e), tl.exp2 and tl.sqrt (.approx.ftz). */
static const cg_lowering lowerings[IR_OP__COUNT] = {
    /* arith: integers */
    [IR_OP_ADDI] = {.elementwise = cg_ew_binary, .build = LLVMBuildAdd},
    [IR_OP_SUBI] = {.elementwise = cg_ew_binary, .build = LLVMBuildSub},
    [IR_OP_MULI] = {.elementwise = cg_ew_binary, .build = LLVMBuildMul},
    [IR_OP_DIVSI] = {.elementwise = cg_ew_binary, .build = LLVMBuildSDiv},
    [IR_OP_DIVUI] = {.elementwise = cg_ew_binary, .build = LLVMBuildUDiv},
    [IR_OP_REMSI] = {.elementwise = cg_ew_binary, .build = LLVMBuildSRem},
    [IR_OP_REMUI] = {.elementwise = cg_ew_binary, .build = LLVMBuildURem},
    [IR_OP_ANDI] = {.elementwise = cg_ew_binary, .build = LLVMBuildAnd},
    [IR_OP_ORI] = {.elementwise = cg_ew_binary, .build = LLVMBuildOr},
    [IR_OP_XORI] = {.elementwise = cg_ew_binary, .build = LLVMBuildXor},
    [IR_OP_SHLI] = {.elementwise = cg_ew_binary, .build = LLVMBuildShl},
    [IR_OP_SHRSI] = {.elementwise = cg_ew_binary, .build = LLVMBuildAShr},
    [IR_OP_SHRUI] = {.elementwise = cg_ew_binary, .build = LLVMBuildLShr},
    [IR_OP_MAXSI] = {.elementwise = cg_ew_binary, .intrinsic = "llvm.smax"},
    [IR_OP_MINSI] = {.elementwise = cg_ew_binary, .intrinsic = "llvm.smin"},
    [IR_OP_MAXUI] = {.elementwise = cg_ew_binary, .intrinsic = "llvm.umax"},
    [IR_OP_MINUI] = {.elementwise = cg_ew_binary, .intrinsic = "llvm.umin"},
    [IR_OP_MULHIUI] = {.lower = cg_lower_mulhiui},
    [IR_OP_ABSI] = {.lower = cg_lower_absi},
    /* arith: floats */
    [IR_OP_ADDF] = {.elementwise = cg_ew_binary, .build = LLVMBuildFAdd},
    [IR_OP_SUBF] = {.elementwise = cg_ew_binary, .build = LLVMBuildFSub},
    [IR_OP_MULF] = {.elementwise = cg_ew_binary, .build = LLVMBuildFMul},
    [IR_OP_DIVF] = {.elementwise = cg_ew_binary, .build = LLVMBuildFDiv, .approx_f32 = "llvm.nvvm.div.full"},
    [IR_OP_REMF] = {.elementwise = cg_ew_binary, .build = LLVMBuildFRem},
    [IR_OP_MAXNUMF] = {.elementwise = cg_ew_binary, .intrinsic = "llvm.maxnum"},
    [IR_OP_MINNUMF] = {.elementwise = cg_ew_binary, .intrinsic = "llvm.minnum"},
    [IR_OP_MAXIMUMF] = {.elementwise = cg_ew_binary, .intrinsic = "llvm.maximum"},
    [IR_OP_MINIMUMF] = {.elementwise = cg_ew_binary, .intrinsic = "llvm.minimum"},
    [IR_OP_NEGF] = {.lower = cg_lower_negf},
    /* compares, select, constants */
    [IR_OP_CMPI] = {.lower = cg_lower_cmpi},
    [IR_OP_CMPF] = {.lower = cg_lower_cmpf},
    [IR_OP_SELECT] = {.lower = cg_lower_select},
    [IR_OP_CONSTANT] = {.lower = cg_lower_constant},
    /* casts */
    [IR_OP_EXTSI] = {.elementwise = cg_ew_cast, .cast = LLVMSExt},
    [IR_OP_EXTUI] = {.elementwise = cg_ew_cast, .cast = LLVMZExt},
    [IR_OP_TRUNCI] = {.elementwise = cg_ew_cast, .cast = LLVMTrunc},
    [IR_OP_SITOFP] = {.elementwise = cg_ew_cast, .cast = LLVMSIToFP},
    [IR_OP_UITOFP] = {.elementwise = cg_ew_cast, .cast = LLVMUIToFP},
    [IR_OP_FPTOSI] = {.elementwise = cg_ew_cast, .cast = LLVMFPToSI},
    [IR_OP_FPTOUI] = {.elementwise = cg_ew_cast, .cast = LLVMFPToUI},
    [IR_OP_EXTF] = {.elementwise = cg_ew_fcast, .cast = LLVMFPExt},   /* fp8: fp8.c */
    [IR_OP_TRUNCF] = {.elementwise = cg_ew_fcast, .cast = LLVMFPTrunc},
    [IR_OP_BITCAST] = {.elementwise = cg_ew_cast, .cast = LLVMBitCast},
    [IR_OP_PTRTOINT] = {.elementwise = cg_ew_cast, .cast = LLVMPtrToInt},
    [IR_OP_INTTOPTR] = {.elementwise = cg_ew_cast, .cast = LLVMIntToPtr},
    [IR_OP_PTRBITCAST] = {.elementwise = cg_ew_cast, .cast = LLVMAddrSpaceCast},
    /* math */
    [IR_OP_EXP] = {.elementwise = cg_ew_math, .libdevice = "__nv_expf", .approx_f32 = "llvm.nvvm.ex2.approx",
                   .prescale = 1.4426950408889634 /* log2(e) */},
    [IR_OP_EXP2] = {.elementwise = cg_ew_math, .libdevice = "__nv_exp2f", .approx_f32 = "llvm.nvvm.ex2.approx.ftz"},
    [IR_OP_LOG] = {.elementwise = cg_ew_math, .libdevice = "__nv_logf"},
    [IR_OP_LOG2] = {.elementwise = cg_ew_math, .libdevice = "__nv_log2f"},
    [IR_OP_RSQRT] = {.elementwise = cg_ew_math, .libdevice = "__nv_rsqrtf"},
    [IR_OP_SIN] = {.elementwise = cg_ew_math, .libdevice = "__nv_sinf"},
    [IR_OP_COS] = {.elementwise = cg_ew_math, .libdevice = "__nv_cosf"},
    [IR_OP_ERF] = {.elementwise = cg_ew_math, .libdevice = "__nv_erff"},
    [IR_OP_TANH] = {.elementwise = cg_ew_math, .libdevice = "__nv_tanhf"},
    [IR_OP_POWF] = {.elementwise = cg_ew_math, .libdevice = "__nv_powf"},
    [IR_OP_SQRT] = {.elementwise = cg_ew_math, .intrinsic = "llvm.sqrt", .approx_f32 = "llvm.nvvm.sqrt.approx.ftz.f"},
    [IR_OP_FLOOR] = {.elementwise = cg_ew_math, .intrinsic = "llvm.floor"},
    [IR_OP_CEIL] = {.elementwise = cg_ew_math, .intrinsic = "llvm.ceil"},
    [IR_OP_ABSF] = {.elementwise = cg_ew_math, .intrinsic = "llvm.fabs"},
    [IR_OP_FMA] = {.elementwise = cg_ew_math, .intrinsic = "llvm.fma"},
    /* program ids, tensors, layouts */
    [IR_OP_PROGRAM_ID] = {.lower = lower_program_id},
    [IR_OP_NUM_PROGRAMS] = {.lower = lower_num_programs},
    [IR_OP_MAKE_RANGE] = {.lower = cg_lower_make_range},
    [IR_OP_SPLAT] = {.lower = cg_lower_splat},
    [IR_OP_BROADCAST] = {.lower = cg_lower_broadcast},
    [IR_OP_EXPAND_DIMS] = {.lower = cg_lower_expand_dims},
    [IR_OP_RESHAPE] = {.lower = cg_lower_reshape_op},
    [IR_OP_TRANS] = {.lower = cg_lower_trans},
    [IR_OP_JOIN] = {.lower = cg_lower_join},
    [IR_OP_SPLIT] = {.lower = cg_lower_split},
    [IR_OP_CONVERT_LAYOUT] = {.lower = cg_lower_convert_layout},
    [IR_OP_REDUCE] = {.lower = cg_lower_reduce},
    [IR_OP_DOT] = {.lower = cg_lower_dot},
    [IR_OP_WARP_GROUP_DOT] = {.lower = cg_lower_warp_group_dot},
    [IR_OP_WARP_GROUP_DOT_WAIT] = {.lower = cg_lower_warp_group_dot_wait},
    [IR_OP_MEMDESC_INDEX] = {.lower = cg_lower_memdesc_index},
    [IR_OP_ASYNC_COPY] = {.lower = cg_lower_async_copy},
    [IR_OP_ASYNC_COMMIT] = {.lower = cg_lower_async_commit},
    [IR_OP_ASYNC_WAIT] = {.lower = cg_lower_async_wait},
    [IR_OP_FENCE_ASYNC_SHARED] = {.lower = cg_lower_fence_async_shared},
    [IR_OP_MBARRIER_INIT] = {.lower = cg_lower_mbarrier},
    [IR_OP_MBARRIER_INVAL] = {.lower = cg_lower_mbarrier},
    [IR_OP_MBARRIER_EXPECT] = {.lower = cg_lower_mbarrier},
    [IR_OP_MBARRIER_WAIT] = {.lower = cg_lower_mbarrier},
    [IR_OP_MBARRIER_ARRIVE] = {.lower = cg_lower_mbarrier},
    [IR_OP_WS_PRODUCER] = {.lower = cg_lower_ws_producer},
    [IR_OP_SET_MAX_NREG] = {.lower = cg_lower_set_max_nreg},
    [IR_OP_TMA_LOAD] = {.lower = cg_lower_tma_load},
    [IR_OP_TMA_STORE] = {.lower = cg_lower_tma_store},
    [IR_OP_TMA_STORE_WAIT] = {.lower = cg_lower_tma_store_wait},
    [IR_OP_SCAN] = {.lower = cg_lower_scan},
    /* shared memory */
    [IR_OP_LOCAL_ALLOC] = {.lower = cg_lower_local_alloc},
    [IR_OP_LOCAL_STORE] = {.lower = cg_lower_local_store},
    [IR_OP_LOCAL_LOAD] = {.lower = cg_lower_local_load},
    [IR_OP_LOCAL_DEALLOC] = {.lower = cg_lower_local_dealloc},
    [IR_OP_BARRIER] = {.lower = cg_lower_barrier},
    /* memory */
    [IR_OP_ADDPTR] = {.lower = cg_lower_addptr},
    [IR_OP_LOAD] = {.lower = cg_lower_load},
    [IR_OP_STORE] = {.lower = cg_lower_store},
    [IR_OP_ATOMIC_RMW] = {.lower = cg_lower_atomic_rmw},
    [IR_OP_ATOMIC_CAS] = {.lower = cg_lower_atomic_cas},
    [IR_OP_DESCRIPTOR_LOAD] = {.lower = cg_lower_descriptor_unsupported},
    [IR_OP_MAKE_TENSOR_DESCRIPTOR] = {.lower = cg_lower_make_tensor_descriptor},
    [IR_OP_DESCRIPTOR_STORE] = {.lower = cg_lower_descriptor_unsupported},
    /* control flow and the rest */
    [IR_OP_FOR] = {.lower = cg_lower_for},
    [IR_OP_IF] = {.lower = cg_lower_if},
    [IR_OP_WHILE] = {.lower = cg_lower_while},
    [IR_OP_ASSUME] = {.lower = lower_nothing},
    [IR_OP_PRINT] = {.lower = cg_lower_print},
    [IR_OP_ELEMENTWISE_INLINE_ASM] = {.lower = cg_lower_inline_asm},
    [IR_OP_CALL] = {.lower = lower_call},
};

static bool lower_op(cg_state *st, ir_op *op) {
  const cg_lowering *row = &lowerings[ir_op_code(op)];
  if (!cg_fp8_check(st, op)) return false;
  if (!row->lower && !row->elementwise) {
    ir_emit_error(st->ictx, op->loc, "cannot lower '%s' to LLVM IR", ir_op_name(op));
    return false;
  }
  const ir_op *outer = st->cur_op; /* a region's ops set it in turn: put back after */
  st->cur_op = op;
  bool ok = row->lower ? row->lower(st, op) : row->elementwise(st, op, row);
  st->cur_op = outer;
  if (ok && ir_op_has_trait(op, IR_TRAIT_ELEMENTWISE)) cg_dedupe_constant(st, op);
  return ok;
}

ir_op *cg_lower_block(cg_state *st, ir_block *blk, bool *ok) {
  *ok = true;
  for (ir_op *op = blk->first; op; op = op->next) {
    if (ir_op_has_trait(op, IR_TRAIT_TERMINATOR)) return op;
    if (!lower_op(st, op)) {
      *ok = false;
      return NULL;
    }
  }
  return NULL;
}

/* ---- kernels ------------------------------------------------------------------------------ */

void cg_fn_string_attr(cg_state *st, const char *key, const char *val) {
  LLVMAttributeRef a = LLVMCreateStringAttribute(st->ctx, key, (unsigned)strlen(key), val,
                                                 (unsigned)strlen(val));
  LLVMAddAttributeAtIndex(st->fn, LLVMAttributeFunctionIndex, a);
}

static void add_param_align(cg_state *st, unsigned i, uint64_t align) {
  unsigned kind = LLVMGetEnumAttributeKindForName("align", 5);
  LLVMAddAttributeAtIndex(st->fn, i + 1, LLVMCreateEnumAttribute(st->ctx, kind, align));
}

/* Creates the LLVM function for kernel `f`; NULL after an error. */
static LLVMValueRef declare_kernel(cg_state *st, ir_op *f, const char *name) {
  const ir_attr *fta = ir_op_get_attr(f, "function_type");
  const ir_type *ft = fta && fta->kind == IR_ATTR_TYPE ? fta->tval : NULL;
  if (!ft || ft->kind != IR_TYPE_FUNC) {
    ir_emit_error(st->ictx, f->loc, "tt.func '%s' has no function_type", name);
    return NULL;
  }
  if (ft->nresults) {
    ir_emit_error(st->ictx, f->loc, "kernel '%s' must not return values", name);
    return NULL;
  }
  LLVMTypeRef *params = sup_arena_alloc(st->arena, sizeof(LLVMTypeRef) * (ft->ninputs + 1));
  for (unsigned i = 0; i < ft->ninputs; i++) {
    if (ir_type_is_tensordesc(ft->inputs[i])) {
      params[i] = cg_tensordesc_param_type(st);
      continue;
    }
    if (ir_type_is_tensor(ft->inputs[i]) || ft->inputs[i]->kind == IR_TYPE_FUNC ||
        ft->inputs[i]->kind == IR_TYPE_NONE || ft->inputs[i]->kind == IR_TYPE_DIALECT) {
      ir_emit_error(st->ictx, f->loc, "kernel '%s': parameter %u must be a scalar or a pointer",
                    name, i);
      return NULL;
    }
    params[i] = cg_scalar_type(st, ft->inputs[i]);
  }
  unsigned nparams = ft->ninputs, scratch = cg_global_scratch_bytes(f);
  if (scratch) params[nparams++] = LLVMPointerTypeInContext(st->ctx, 1);
  LLVMTypeRef fty = LLVMFunctionType(LLVMVoidTypeInContext(st->ctx), params, nparams, 0);
  st->fn = LLVMAddFunction(st->mod, name, fty);
  LLVMSetFunctionCallConv(st->fn, LLVMPTXKernelCallConv);
  if (scratch) { /* tensormaps made in the kernel: tensormap.replace (CG_TENSORMAP_PTX) */
    add_param_align(st, nparams - 1, 128);
    st->global_scratch = LLVMGetParam(st->fn, nparams - 1);
    st->global_scratch_bytes = scratch;
    LLVMSetValueName2(st->global_scratch, "global_scratch", 14);
    cg_fn_string_attr(st, "tilec-min-ptx", CG_TENSORMAP_PTX);
  }
  int64_t div[64];
  int ndiv = ir_attr_get_i64_array(ir_op_get_attr(f, TILE_ATTR_DIVISIBILITY), div, 64);
  for (unsigned i = 0; i < ft->ninputs && (int)i < ndiv; i++)
    if (ir_type_is_ptr(ft->inputs[i]) && div[i] >= 16) add_param_align(st, i, 16);
  for (unsigned i = 0; i < ft->ninputs; i++)
    if (ir_type_is_tensordesc(ft->inputs[i])) cg_tensordesc_param_attrs(st, i);
  char buf[32];
  snprintf(buf, sizeof buf, "%u", tgpu_func_launch_warps(f) * TGPU_WARP_SIZE);
  cg_fn_string_attr(st, "nvvm.maxntid", buf);
  int64_t maxnreg = ir_op_get_int_attr(f, TGPU_ATTR_MAXNREG, 0);
  if (maxnreg > 0) {
    snprintf(buf, sizeof buf, "%lld", (long long)maxnreg);
    cg_fn_string_attr(st, "nvvm.maxnreg", buf);
  }
  unsigned min_ctas = cg_kernel_min_ctas(f, st->num_warps);
  if (min_ctas) {
    snprintf(buf, sizeof buf, "%u", min_ctas);
    cg_fn_string_attr(st, "nvvm.minctasm", buf);
  }
  return st->fn;
}

static void compute_thread_ids(cg_state *st) {
  LLVMValueRef tid = cg_intrinsic(st, "llvm.nvvm.read.ptx.sreg.tid.x", NULL, 0, NULL, 0);
  st->lane = LLVMBuildAnd(st->b, tid, cg_i32(st, 31), "lane");
  st->warp = LLVMBuildLShr(st->b, tid, cg_i32(st, 5), "warp");
}

/* The warp index through a shuffle from lane 0: the same value, but ptxas then knows it is
 * uniform across the warp. Used where that matters: which warp issues TMA copies (ptxas
 * then issues a copy from uniform registers, without a loop over the threads that might
 * issue it) and a wgmma operand's warpgroup offset (its shared-memory descriptors stay in
 * uniform registers: 21 fewer instructions in the causal attention loop). Layout arithmetic
 * keeps the plain index, which ptxas may recompute from %tid.x instead of holding it. Built
 * on first use, in the entry block right after the plain index, where every thread of the
 * warp takes part in the shuffle. */
LLVMValueRef cg_warp_uniform(cg_state *st) {
  if (st->warp_uniform) return st->warp_uniform;
  LLVMBuilderRef here = st->b;
  st->b = LLVMCreateBuilderInContext(st->ctx);
  LLVMPositionBuilderBefore(st->b, LLVMGetNextInstruction(st->warp));
  st->warp_uniform = cg_shfl(st, st->warp, false, cg_i32(st, 0));
  LLVMSetValueName2(st->warp_uniform, "warp_uniform", 12);
  LLVMDisposeBuilder(st->b);
  st->b = here;
  return st->warp_uniform;
}

static bool lower_kernel_body(cg_state *st, ir_op *f, const char *name) {
  ir_block *entry = ir_region_entry(ir_op_region(f, 0));
  if (!entry) {
    ir_emit_error(st->ictx, f->loc, "kernel '%s' has no body", name);
    return false;
  }
  LLVMBasicBlockRef bb = LLVMAppendBasicBlockInContext(st->ctx, st->fn, "entry");
  LLVMPositionBuilderAtEnd(st->b, bb);
  compute_thread_ids(st);
  for (unsigned i = 0; i < entry->nargs; i++)
    cg_set(st, entry->args[i], cg_val_splat(st, 1, LLVMGetParam(st->fn, i)));
  bool ok;
  ir_op *term = cg_lower_block(st, entry, &ok);
  if (!ok) return false;
  if (!term || ir_op_code(term) != IR_OP_RETURN || term->noperands) {
    ir_emit_error(st->ictx, term ? term->loc : f->loc,
                  "kernel '%s' must end in tt.return without values", name);
    return false;
  }
  LLVMBuildRetVoid(st->b);
  return true;
}

static bool lower_kernel(cg_module *cm, ir_context *ictx, ir_op *f, unsigned shared_bytes,
                         axis_analysis *axis) {
  unsigned num_warps = tgpu_func_num_warps(f);
  if (!tgpu_target_check_num_warps(ictx, f->loc, cm->target, num_warps)) return false;
  const char *name = ir_op_get_string_attr(f, "sym_name");
  if (!name) {
    ir_emit_error(ictx, f->loc, "tt.func without sym_name");
    return false;
  }
  cg_state st = {.ictx = ictx, .cm = cm, .ctx = cm->ctx, .mod = cm->mod,
                 .num_warps = num_warps, .axis = axis};
  st.arena = sup_arena_create();
  if (!st.arena) return ir_context_note_oom(ictx), false;
  ir_context_watch_arena(ictx, st.arena);
  st.b = LLVMCreateBuilderInContext(cm->ctx);
  bool ok = declare_kernel(&st, f, name) && lower_kernel_body(&st, f, name);
  if (ok) cg_allow_contraction(st.fn);
  char *copy = ok ? strdup(name) : NULL;
  if (ok && !copy) ok = false, ir_context_note_oom(ictx);
  if (ok) {
    cg_kernel_info *k = &cm->kernels[cm->nkernels++];
    k->name = copy;
    k->num_warps = num_warps;
    k->shared_bytes = shared_bytes; /* all shared memory is dynamic: the launch sizes it */
  }
  LLVMDisposeBuilder(st.b);
  sup_ptrmap_free(&st.vals);
  sup_arena_destroy(st.arena);
  return ok;
}

/* ---- module ------------------------------------------------------------------------------ */

static bool is_kernel(ir_op *op) {
  return ir_op_code(op) == IR_OP_FUNC && !ir_op_get_string_attr(op, "sym_visibility");
}

static bool verify_llvm(cg_module *cm, ir_context *ictx, ir_loc loc) {
  char *msg = NULL;
  if (!LLVMVerifyModule(cm->mod, LLVMReturnStatusAction, &msg)) {
    LLVMDisposeMessage(msg);
    return true;
  }
  ir_emit_error(ictx, loc, "internal: generated LLVM IR is invalid: %s", msg ? msg : "");
  LLVMDisposeMessage(msg);
  return false;
}

static void add_reflect_flag(cg_module *cm) {
  LLVMValueRef zero = LLVMConstInt(LLVMInt32TypeInContext(cm->ctx), 0, 0);
  LLVMAddModuleFlag(cm->mod, LLVMModuleFlagBehaviorOverride, "nvvm-reflect-ftz", 16,
                    LLVMValueAsMetadata(zero));
}

/* The module's tgpu.target, else the option's, else the default; NULL after an error. */
static const tgpu_target *module_target(ir_module *m, const cg_options *opts) {
  if (ir_op_get_string_attr(m->op, TGPU_ATTR_TARGET)) return tgpu_target_of_module(m);
  return opts && opts->target ? opts->target : tgpu_target_default();
}

/* NULL after an error (unknown target, out of memory). */
static cg_module *module_create(ir_module *m, const cg_options *opts) {
  const tgpu_target *t = module_target(m, opts);
  if (!t) return NULL;
  cg_module *cm = calloc(1, sizeof *cm);
  size_t n = 0;
  for (ir_op *op = ir_module_body(m)->first; op; op = op->next) n += is_kernel(op);
  if (cm) cm->kernels = calloc(n ? n : 1, sizeof *cm->kernels);
  const char *lib = opts ? opts->libdevice_path : NULL;
  if (cm && lib) cm->libdevice_path = strdup(lib);
  if (!cm || !cm->kernels || (lib && !cm->libdevice_path)) {
    ir_emit_error(m->ctx, m->op->loc, "out of memory");
    cg_module_destroy(cm);
    return NULL;
  }
  cm->target = t;
  cm->opt_level = opts ? opts->opt_level : 3;
  cm->ctx = LLVMContextCreate();
  cm->mod = LLVMModuleCreateWithNameInContext("tilec", cm->ctx);
  add_reflect_flag(cm);
  return cm;
}

/* The module's tgpu.shared (0 when absent: nothing uses shared memory, or the module was
 * not allocated, and then any op that needs an offset reports it), checked against the
 * target's limit. One total per module: every kernel of the module gets it. */
static bool module_shared_bytes(ir_module *m, const tgpu_target *t, unsigned *out) {
  int64_t total = ir_op_get_int_attr(m->op, TGPU_ATTR_SHARED, 0);
  unsigned limit = tgpu_target_smem_limit(t);
  if (total < 0 || total > (int64_t)limit) {
    ir_emit_error(m->ctx, m->op->loc,
                  "the kernels need %lld bytes of shared memory (" TGPU_ATTR_SHARED "); %s allows %u",
                  (long long)total, t->name, limit);
    return false;
  }
  *out = (unsigned)total;
  return true;
}

cg_module *cg_convert(ir_module *m, const cg_options *opts) {
  ir_context *ictx = m->ctx;
  int64_t tpw = ir_op_get_int_attr(m->op, TGPU_ATTR_THREADS_PER_WARP, TGPU_WARP_SIZE);
  if (tpw != TGPU_WARP_SIZE) {
    ir_emit_error(ictx, m->op->loc, TGPU_ATTR_THREADS_PER_WARP " must be %u (got %lld)", TGPU_WARP_SIZE,
                  (long long)tpw);
    return NULL;
  }
  cg_module *cm = module_create(m, opts);
  if (!cm) return NULL;
  unsigned shared_bytes;
  if (!module_shared_bytes(m, cm->target, &shared_bytes) ||
      !nvptx_set_data_layout(cm->mod, ictx, cm->target)) {
    cg_module_destroy(cm);
    return NULL;
  }
  axis_analysis *axis = axis_analysis_run(m); /* NULL (out of memory): no dedupe */
  for (ir_op *op = ir_module_body(m)->first; op; op = op->next) {
    if (!is_kernel(op)) continue;
    if (!lower_kernel(cm, ictx, op, shared_bytes, axis)) {
      axis_analysis_free(axis);
      cg_module_destroy(cm);
      return NULL;
    }
  }
  axis_analysis_free(axis);
  if (ir_context_failed(ictx) || !verify_llvm(cm, ictx, m->op->loc)) {
    cg_module_destroy(cm);
    return NULL;
  }
  return cm;
}

void cg_module_destroy(cg_module *cm) {
  if (!cm) return;
  for (size_t i = 0; i < cm->nkernels; i++) free((char *)cm->kernels[i].name);
  free(cm->kernels);
  if (cm->mod) LLVMDisposeModule(cm->mod);
  if (cm->ctx) LLVMContextDispose(cm->ctx);
  free(cm->libdevice_path);
  free(cm);
}

char *cg_module_print_llvm(cg_module *cm) {
  char *s = LLVMPrintModuleToString(cm->mod);
  char *copy = s ? strdup(s) : NULL;
  LLVMDisposeMessage(s);
  return copy;
}

bool cg_optimize(cg_module *cm, ir_context *ctx) {
  if (cm->optimized) return true;
  cm->optimized = nvptx_optimize(cm->mod, ctx, cm->target, cm->opt_level, cm->libdevice_path);
  if (cm->optimized && cm->opt_level > 0) cg_sink_conversions(cm->mod);
  return cm->optimized;
}

char *cg_emit_ptx(cg_module *cm, ir_context *ctx) {
  if (!cg_optimize(cm, ctx)) return NULL;
  return nvptx_emit_ptx(cm->mod, ctx, cm->target, cm->opt_level);
}

const tgpu_target *cg_module_target(const cg_module *cm) { return cm->target; }

unsigned char *cg_ptxas(cg_module *cm, ir_context *ctx, const char *ptx, size_t *out_len) {
  return nvptx_ptxas(ctx, ptx, cm->target, out_len);
}

size_t cg_num_kernels(const cg_module *cm) { return cm->nkernels; }

const cg_kernel_info *cg_kernel(const cg_module *cm, size_t i) {
  return i < cm->nkernels ? &cm->kernels[i] : NULL;
}
