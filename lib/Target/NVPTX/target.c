/* The NVPTX target: target machine, optimization pipeline and PTX emission.
 *
 * cg_emit_ptx: link libdevice (or the fallback math) when the module calls __nv_*,
 * internalize every non-kernel definition, run `default<O3>` through the new pass manager,
 * and print PTX with the target machine. LLVM's diagnostics and error strings become tilec
 * diagnostics here. */
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>

#include "Conversion/cg_internal.h"

#define NVPTX_TRIPLE "nvptx64-nvidia-cuda"

static bool known_arch(const char *arch) {
  static const char *const archs[] = {"sm_70", "sm_75", "sm_80", "sm_86", "sm_87", "sm_89",
                                      "sm_90", "sm_90a", "sm_100", "sm_100a", "sm_120", "sm_120a"};
  for (size_t i = 0; i < sizeof archs / sizeof archs[0]; i++)
    if (strcmp(arch, archs[i]) == 0) return true;
  return false;
}

LLVMTargetMachineRef cg_nvptx_target_machine(ir_context *ictx, const char *arch, int opt_level) {
  if (!known_arch(arch)) {
    ir_emit_error(ictx, (ir_loc){0}, "unsupported target '%s' (expected sm_80, sm_90 or sm_90a)", arch);
    return NULL;
  }
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();
  LLVMTargetRef target;
  char *err = NULL;
  if (LLVMGetTargetFromTriple(NVPTX_TRIPLE, &target, &err)) {
    ir_emit_error(ictx, (ir_loc){0}, "NVPTX target unavailable in this LLVM: %s", err ? err : "");
    LLVMDisposeMessage(err);
    return NULL;
  }
  LLVMCodeGenOptLevel level = opt_level ? LLVMCodeGenLevelAggressive : LLVMCodeGenLevelNone;
  return LLVMCreateTargetMachine(target, NVPTX_TRIPLE, arch, "", level, LLVMRelocDefault,
                                 LLVMCodeModelDefault);
}

bool cg_nvptx_set_data_layout(cg_module *cm, ir_context *ictx) {
  LLVMTargetMachineRef tm = cg_nvptx_target_machine(ictx, cm->arch, cm->opt_level);
  if (!tm) return false;
  LLVMTargetDataRef dl = LLVMCreateTargetDataLayout(tm);
  LLVMSetModuleDataLayout(cm->mod, dl);
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

static bool run_passes(cg_module *cm, ir_context *ictx, LLVMTargetMachineRef tm) {
  const char *pipeline = cm->opt_level ? "globaldce,default<O3>" : "nvvm-reflect,globaldce";
  LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
  LLVMErrorRef e = LLVMRunPasses(cm->mod, pipeline, tm, po);
  LLVMDisposePassBuilderOptions(po);
  if (!e) return true;
  char *msg = LLVMGetErrorMessage(e);
  ir_emit_error(ictx, (ir_loc){0}, "LLVM pass pipeline failed: %s", msg);
  LLVMDisposeErrorMessage(msg);
  return false;
}

static char *emit_asm(cg_module *cm, ir_context *ictx, LLVMTargetMachineRef tm) {
  char *err = NULL;
  LLVMMemoryBufferRef buf = NULL;
  if (LLVMTargetMachineEmitToMemoryBuffer(tm, cm->mod, LLVMAssemblyFile, &err, &buf)) {
    ir_emit_error(ictx, (ir_loc){0}, "PTX emission failed: %s", err ? err : "");
    LLVMDisposeMessage(err);
    return NULL;
  }
  size_t len = LLVMGetBufferSize(buf);
  char *ptx = malloc(len + 1);
  memcpy(ptx, LLVMGetBufferStart(buf), len);
  ptx[len] = '\0';
  LLVMDisposeMemoryBuffer(buf);
  return ptx;
}

static char *optimize_and_emit(cg_module *cm, ir_context *ictx, LLVMTargetMachineRef tm,
                               diag_capture *cap) {
  if (!cg_link_math(cm, ictx) || cap->errors) return NULL;
  internalize(cm->mod);
  if (!run_passes(cm, ictx, tm) || cap->errors) return NULL;
  char *ptx = emit_asm(cm, ictx, tm);
  if (ptx && cap->errors) {
    free(ptx);
    return NULL;
  }
  return ptx;
}

char *cg_emit_ptx(cg_module *cm, ir_context *ctx) {
  LLVMTargetMachineRef tm = cg_nvptx_target_machine(ctx, cm->arch, cm->opt_level);
  if (!tm) return NULL;
  diag_capture cap = {ctx, 0};
  LLVMContextSetDiagnosticHandler(cm->ctx, on_llvm_diag, &cap);
  char *ptx = optimize_and_emit(cm, ctx, tm, &cap);
  LLVMContextSetDiagnosticHandler(cm->ctx, NULL, NULL);
  LLVMDisposeTargetMachine(tm);
  return ptx;
}
