/* The NVPTX target: target machine, optimization step and PTX emission.
 *
 * nvptx_optimize: link libdevice (or the fallback math) when the module calls __nv_*,
 * internalize every non-kernel definition and run `default<O3>` through the new pass
 * manager. nvptx_emit_ptx prints PTX with the target machine (then, optimizing, keeps loops'
 * wide offsets 64-bit: ptx_offsets.c). LLVM's diagnostics and error
 * strings become tilec diagnostics here. The archs and their facts come from the target
 * record (Dialect/TileGPU/target_info.h). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "Target/NVPTX/nvptx.h"

/* LLVM's target registration writes process-wide tables: once per process, whatever thread
 * compiles first (variants compile on several threads). The once-flag is the only static
 * state, and it is LLVM's registry it guards. */
static void register_nvptx(void) {
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();
}

/* The CPU is the arch name; the PTX ISA version ("+ptx80") is the record's, so that the
 * .version line, and the drivers that can load the PTX, follow the record. */
LLVMTargetMachineRef nvptx_target_machine(ir_context *ictx, const tgpu_target *t, int opt_level) {
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, register_nvptx);
  LLVMTargetRef target;
  char *err = NULL;
  if (LLVMGetTargetFromTriple(NVPTX_TRIPLE, &target, &err)) {
    ir_emit_error(ictx, (ir_loc){0}, "NVPTX target unavailable in this LLVM: %s", err ? err : "");
    LLVMDisposeMessage(err);
    return NULL;
  }
  LLVMCodeGenOptLevel level = opt_level ? LLVMCodeGenLevelAggressive : LLVMCodeGenLevelNone;
  char features[16];
  snprintf(features, sizeof features, "+ptx%u", t->ptx_version);
  LLVMTargetMachineRef tm = LLVMCreateTargetMachine(target, NVPTX_TRIPLE, t->name, features, level,
                                                    LLVMRelocDefault, LLVMCodeModelDefault);
  if (!tm) ir_emit_error(ictx, (ir_loc){0}, "LLVM cannot create a target machine for '%s'", t->name);
  return tm;
}

bool nvptx_set_data_layout(LLVMModuleRef mod, ir_context *ictx, const tgpu_target *t) {
  LLVMTargetMachineRef tm = nvptx_target_machine(ictx, t, 0);
  if (!tm) return false;
  LLVMSetTarget(mod, NVPTX_TRIPLE);
  LLVMTargetDataRef dl = LLVMCreateTargetDataLayout(tm);
  LLVMSetModuleDataLayout(mod, dl);
  LLVMDisposeTargetData(dl);
  LLVMDisposeTargetMachine(tm);
  return true;
}

/* ---- LLVM diagnostics -> tilec diagnostics ------------------------------------------ */

typedef struct diag_capture {
  ir_context *ictx;
  unsigned errors;
} diag_capture;

static void on_llvm_diag(LLVMDiagnosticInfoRef di, void *user) {
  diag_capture *cap = user;
  if (LLVMGetDiagInfoSeverity(di) != LLVMDSError) return;
  char *msg = LLVMGetDiagInfoDescription(di);
  ir_emit_error(cap->ictx, (ir_loc){0}, "LLVM: %s", msg);
  LLVMDisposeMessage(msg);
  cap->errors++;
}

/* ---- pipeline ---------------------------------------------------------------------------- */

static bool is_kernel_fn(LLVMValueRef f) {
  return LLVMGetFunctionCallConv(f) == LLVMPTXKernelCallConv;
}

/* Every definition but the kernels becomes internal, so that the optimizer drops what
 * is unused (most of libdevice) and inlines the rest. */
static void internalize(LLVMModuleRef mod) {
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f) && !is_kernel_fn(f)) LLVMSetLinkage(f, LLVMInternalLinkage);
  for (LLVMValueRef g = LLVMGetFirstGlobal(mod); g; g = LLVMGetNextGlobal(g))
    if (!LLVMIsDeclaration(g)) LLVMSetLinkage(g, LLVMInternalLinkage);
}

/* LLVM's SLP vectorizer packs f16 pairs that the conversion leaves scalar in some kernels
 * (f16 mma.sync accumulators carried by a loop, f16 element-wise arithmetic), but in a wgmma
 * kernel, whose accumulator conversions and epilogue vectors the conversion writes itself,
 * it has found nothing: the PTX of all 153 GPU-checked wgmma kernels is byte-identical
 * without it. There its search over the long straight-line code is about a fifth of the
 * compile (the matmul tutorial's 128x256 variant: 106 -> 89 ms), the critical path of an
 * autotuned first call. LLVMPassBuilderOptionsSetSLPVectorization does not keep it out of
 * default<O3> in LLVM 22; the vectorizers skip a function marked noimplicitfloat, which
 * such a module's definitions carry through the pipeline only (in code generation it would
 * also turn off NVPTX's load/store vectorizer). Returns whether it marked them. */
static bool skip_slp(LLVMModuleRef mod) {
  bool any = false;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f && !any; f = LLVMGetNextFunction(f))
    any = LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, NVPTX_ATTR_SKIP_SLP,
                                        (unsigned)strlen(NVPTX_ATTR_SKIP_SLP)) != NULL;
  if (!any) return false;
  unsigned kind = LLVMGetEnumAttributeKindForName("noimplicitfloat", 15);
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f))
      LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(ctx, kind, 0));
  return true;
}

static void unskip_slp(LLVMModuleRef mod) {
  unsigned kind = LLVMGetEnumAttributeKindForName("noimplicitfloat", 15);
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f)) LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, kind);
}

static bool run_passes(LLVMModuleRef mod, ir_context *ictx, LLVMTargetMachineRef tm, int opt_level) {
  const char *pipeline = opt_level ? "globaldce,default<O3>" : "nvvm-reflect,globaldce";
  LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
  bool skipped = opt_level && skip_slp(mod);
  LLVMErrorRef e = LLVMRunPasses(mod, pipeline, tm, po);
  if (skipped) unskip_slp(mod);
  LLVMDisposePassBuilderOptions(po);
  if (!e) return true;
  char *msg = LLVMGetErrorMessage(e);
  ir_emit_error(ictx, (ir_loc){0}, "LLVM pass pipeline failed: %s", msg);
  LLVMDisposeErrorMessage(msg);
  return false;
}

static char *emit_asm(LLVMModuleRef mod, ir_context *ictx, LLVMTargetMachineRef tm) {
  char *err = NULL;
  LLVMMemoryBufferRef buf = NULL;
  if (LLVMTargetMachineEmitToMemoryBuffer(tm, mod, LLVMAssemblyFile, &err, &buf)) {
    ir_emit_error(ictx, (ir_loc){0}, "PTX emission failed: %s", err ? err : "");
    LLVMDisposeMessage(err);
    return NULL;
  }
  size_t len = LLVMGetBufferSize(buf);
  char *ptx = malloc(len + 1);
  if (ptx) {
    memcpy(ptx, LLVMGetBufferStart(buf), len);
    ptx[len] = '\0';
  } else {
    ir_emit_error(ictx, (ir_loc){0}, "out of memory");
  }
  LLVMDisposeMemoryBuffer(buf);
  return ptx;
}

/* Runs step(mod, ...) with LLVM's diagnostics turned into tilec errors; false when the step
 * failed or LLVM reported an error. */
typedef struct nvptx_step {
  LLVMModuleRef mod;
  ir_context *ictx;
  const tgpu_target *t;
  int opt_level;
  const char *libdevice_path;
  char *ptx; /* out: emit only */
} nvptx_step;

static bool do_optimize(nvptx_step *s, LLVMTargetMachineRef tm, diag_capture *cap) {
  if (!nvptx_link_math(s->mod, s->libdevice_path, s->ictx) || cap->errors) return false;
  internalize(s->mod);
  return run_passes(s->mod, s->ictx, tm, s->opt_level) && !cap->errors;
}

static bool do_emit(nvptx_step *s, LLVMTargetMachineRef tm, diag_capture *cap) {
  s->ptx = emit_asm(s->mod, s->ictx, tm);
  if (s->ptx && cap->errors) {
    free(s->ptx);
    s->ptx = NULL;
  }
  if (s->ptx && s->opt_level) {
    unsigned n;
    char *kept = nvptx_keep_wide_offsets(s->ptx, &n);
    free(s->ptx);
    s->ptx = kept;
    if (!kept) ir_emit_error(s->ictx, (ir_loc){0}, "out of memory");
  }
  return s->ptx != NULL;
}

/* The target with the PTX ISA version raised to the highest "tilec-min-ptx" a kernel of mod
 * asks for (the conversion sets it where an instruction needs a newer ISA than the target's
 * record: tensormap.replace, 8.3). */
static tgpu_target module_target(LLVMModuleRef mod, const tgpu_target *t) {
  tgpu_target r = *t;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(f, LLVMAttributeFunctionIndex, "tilec-min-ptx", 13);
    if (!a) continue;
    unsigned len = 0;
    const char *v = LLVMGetStringAttributeValue(a, &len);
    unsigned n = 0;
    for (unsigned i = 0; i < len && v[i] >= '0' && v[i] <= '9'; i++) n = n * 10 + (unsigned)(v[i] - '0');
    if (n > r.ptx_version) r.ptx_version = n;
  }
  return r;
}

static bool with_llvm_diags(nvptx_step *s, bool (*step)(nvptx_step *, LLVMTargetMachineRef, diag_capture *)) {
  tgpu_target t = module_target(s->mod, s->t);
  LLVMTargetMachineRef tm = nvptx_target_machine(s->ictx, &t, s->opt_level);
  if (!tm) return false;
  LLVMContextRef ctx = LLVMGetModuleContext(s->mod);
  diag_capture cap = {s->ictx, 0};
  LLVMContextSetDiagnosticHandler(ctx, on_llvm_diag, &cap);
  bool ok = step(s, tm, &cap);
  LLVMContextSetDiagnosticHandler(ctx, NULL, NULL);
  LLVMDisposeTargetMachine(tm);
  return ok;
}

bool nvptx_optimize(LLVMModuleRef mod, ir_context *ictx, const tgpu_target *t, int opt_level,
                    const char *libdevice_path) {
  nvptx_step s = {mod, ictx, t, opt_level, libdevice_path, NULL};
  return with_llvm_diags(&s, do_optimize);
}

char *nvptx_emit_ptx(LLVMModuleRef mod, ir_context *ictx, const tgpu_target *t, int opt_level) {
  nvptx_step s = {mod, ictx, t, opt_level, NULL, NULL};
  return with_llvm_diags(&s, do_emit) ? s.ptx : NULL;
}
