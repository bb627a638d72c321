/* Math functions: link libdevice when the module calls __nv_* functions.
 *
 * Search order: the explicit path (cg_options.libdevice_path), $TILEC_LIBDEVICE,
 * $CUDA_HOME/nvvm/libdevice/libdevice.10.bc, /usr/local/cuda/nvvm/libdevice/libdevice.10.bc.
 * An explicitly named file (option or environment) that does not exist stops the search.
 * Without libdevice, each declared __nv_* function gets a body written here from the
 * hardware approximations (ex2/lg2/sin/cos/rsqrt.approx), with one warning per module:
 * accuracy is then a few ulp (f64 computed in f32). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <llvm-c/BitReader.h>
#include <llvm-c/Linker.h>

#include "Target/NVPTX/nvptx.h"

#define LIBDEVICE_REL "nvvm/libdevice/libdevice.10.bc"

static bool needs_math(LLVMModuleRef mod) {
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    if (LLVMIsDeclaration(f) && len > 5 && strncmp(name, "__nv_", 5) == 0) return true;
  }
  return false;
}

/* The libdevice path (heap) or NULL; *oom when that is for lack of memory. */
static char *find_libdevice(const char *libdevice_path, bool *oom) {
  const char *explicit_path = libdevice_path ? libdevice_path : getenv("TILEC_LIBDEVICE");
  char *found = NULL;
  if (explicit_path && *explicit_path) {
    if (access(explicit_path, R_OK) == 0 && !(found = strdup(explicit_path))) *oom = true;
    return found;
  }
  const char *roots[] = {getenv("CUDA_HOME"), "/usr/local/cuda"};
  for (size_t i = 0; i < 2; i++) {
    if (!roots[i] || !*roots[i]) continue;
    size_t n = strlen(roots[i]) + sizeof(LIBDEVICE_REL) + 2;
    char *p = malloc(n);
    if (!p) return *oom = true, NULL;
    snprintf(p, n, "%s/%s", roots[i], LIBDEVICE_REL);
    if (access(p, R_OK) == 0) return p;
    free(p);
  }
  return NULL;
}

/* Makes every definition of the (lazily read) libdevice module link-once, so that the
 * linker copies, and the bitcode reader materializes, only the functions the kernel calls
 * and what they call: a few functions instead of several hundred, which is most of the
 * compile time of a kernel that uses math. */
static void link_only_needed(LLVMModuleRef lib) {
  for (LLVMValueRef f = LLVMGetFirstFunction(lib); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f)) LLVMSetLinkage(f, LLVMLinkOnceODRLinkage);
  for (LLVMValueRef g = LLVMGetFirstGlobal(lib); g; g = LLVMGetNextGlobal(g))
    if (!LLVMIsDeclaration(g) && LLVMGetLinkage(g) == LLVMExternalLinkage)
      LLVMSetLinkage(g, LLVMLinkOnceODRLinkage);
}

static bool link_libdevice(LLVMModuleRef mod, ir_context *ictx, const char *path) {
  LLVMMemoryBufferRef buf;
  char *err = NULL;
  if (LLVMCreateMemoryBufferWithContentsOfFile(path, &buf, &err)) {
    ir_emit_error(ictx, (ir_loc){0}, "cannot read libdevice '%s': %s", path, err ? err : "");
    LLVMDisposeMessage(err);
    return false;
  }
  /* Lazy: the module takes the buffer and reads function bodies on demand. */
  LLVMModuleRef lib = NULL;
  if (LLVMGetBitcodeModuleInContext2(LLVMGetModuleContext(mod), buf, &lib)) {
    LLVMDisposeMemoryBuffer(buf);
    ir_emit_error(ictx, (ir_loc){0}, "cannot parse libdevice '%s'", path);
    return false;
  }
  LLVMSetTarget(lib, LLVMGetTarget(mod));
  LLVMSetDataLayout(lib, LLVMGetDataLayoutStr(mod));
  link_only_needed(lib);
  if (LLVMLinkModules2(mod, lib)) { /* lib is destroyed either way */
    ir_emit_error(ictx, (ir_loc){0}, "cannot link libdevice '%s'", path);
    return false;
  }
  return true;
}

/* ---- fallback approximations ----------------------------------------------------------- */

typedef struct fb {
  LLVMContextRef ctx;
  LLVMModuleRef mod;
  LLVMBuilderRef b;
  LLVMTypeRef f32;
} fb;

static LLVMValueRef fb_call(fb *s, const char *name, LLVMValueRef x) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  LLVMTypeRef over = s->f32;
  bool overloaded = LLVMIntrinsicIsOverloaded(id);
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(s->mod, id, &over, overloaded);
  LLVMTypeRef fty = LLVMIntrinsicGetType(s->ctx, id, &over, overloaded);
  return LLVMBuildCall2(s->b, fty, fn, &x, 1, "");
}

static LLVMValueRef fc(fb *s, double v) { return LLVMConstReal(s->f32, v); }
static LLVMValueRef fmul(fb *s, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFMul(s->b, a, b, ""); }
static LLVMValueRef fadd(fb *s, LLVMValueRef a, LLVMValueRef b) { return LLVMBuildFAdd(s->b, a, b, ""); }

static LLVMValueRef fb_exp2(fb *s, LLVMValueRef x) { return fb_call(s, "llvm.nvvm.ex2.approx.f32", x); }
static LLVMValueRef fb_log2(fb *s, LLVMValueRef x) { return fb_call(s, "llvm.nvvm.lg2.approx.f", x); }
static LLVMValueRef fb_exp(fb *s, LLVMValueRef x) { return fb_exp2(s, fmul(s, x, fc(s, 1.4426950408889634))); }

/* tanh(x) = sign(x) * (1 - 2 / (e^(2|x|) + 1)); e^(2|x|) = inf gives 1. */
static LLVMValueRef fb_tanh(fb *s, LLVMValueRef x) {
  LLVMValueRef ax = fb_call(s, "llvm.fabs", x);
  LLVMValueRef e = fb_exp(s, fmul(s, ax, fc(s, 2.0)));
  LLVMValueRef t = LLVMBuildFSub(s->b, fc(s, 1.0), LLVMBuildFDiv(s->b, fc(s, 2.0), fadd(s, e, fc(s, 1.0)), ""), "");
  LLVMValueRef neg = LLVMBuildFCmp(s->b, LLVMRealOLT, x, fc(s, 0.0), "");
  return LLVMBuildSelect(s->b, neg, LLVMBuildFNeg(s->b, t, ""), t, "");
}

/* Abramowitz & Stegun 7.1.26 (abs error < 1.5e-7). */
static LLVMValueRef fb_erf(fb *s, LLVMValueRef x) {
  static const double a[5] = {0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429};
  LLVMValueRef ax = fb_call(s, "llvm.fabs", x);
  LLVMValueRef t = LLVMBuildFDiv(s->b, fc(s, 1.0), fadd(s, fc(s, 1.0), fmul(s, ax, fc(s, 0.3275911))), "");
  LLVMValueRef p = fc(s, a[4]);
  for (int i = 3; i >= 0; i--) p = fadd(s, fmul(s, p, t), fc(s, a[i]));
  p = fmul(s, p, t);
  LLVMValueRef e = fb_exp(s, LLVMBuildFNeg(s->b, fmul(s, ax, ax), ""));
  LLVMValueRef y = LLVMBuildFSub(s->b, fc(s, 1.0), fmul(s, p, e), "");
  LLVMValueRef neg = LLVMBuildFCmp(s->b, LLVMRealOLT, x, fc(s, 0.0), "");
  return LLVMBuildSelect(s->b, neg, LLVMBuildFNeg(s->b, y, ""), y, "");
}

/* f32 body of a libdevice function given its f32 name; NULL when unknown. */
static LLVMValueRef fb_body(fb *s, const char *name, LLVMValueRef x, LLVMValueRef y) {
  if (!strcmp(name, "expf")) return fb_exp(s, x);
  if (!strcmp(name, "exp2f")) return fb_exp2(s, x);
  if (!strcmp(name, "logf")) return fmul(s, fb_log2(s, x), fc(s, 0.6931471805599453));
  if (!strcmp(name, "log2f")) return fb_log2(s, x);
  if (!strcmp(name, "sinf")) return fb_call(s, "llvm.nvvm.sin.approx.f", x);
  if (!strcmp(name, "cosf")) return fb_call(s, "llvm.nvvm.cos.approx.f", x);
  if (!strcmp(name, "rsqrtf")) return fb_call(s, "llvm.nvvm.rsqrt.approx.f", x);
  if (!strcmp(name, "tanhf")) return fb_tanh(s, x);
  if (!strcmp(name, "erff")) return fb_erf(s, x);
  if (!strcmp(name, "powf") && y) return fb_exp2(s, fmul(s, y, fb_log2(s, x)));
  return NULL;
}

/* Defines declared function f (f32 or f64 form) with the approximation. */
static bool define_fallback(fb *s, LLVMValueRef f, const char *name) {
  char f32name[32];
  size_t len = strlen(name + 5);
  if (len + 2 > sizeof f32name) return false;
  memcpy(f32name, name + 5, len + 1);
  LLVMTypeRef fty = LLVMGlobalGetValueType(f);
  LLVMTypeRef ty = LLVMGetReturnType(fty);
  bool f64 = LLVMGetTypeKind(ty) == LLVMDoubleTypeKind;
  if (f64) strcat(f32name, "f");
  unsigned np = LLVMCountParams(f);
  LLVMPositionBuilderAtEnd(s->b, LLVMAppendBasicBlockInContext(s->ctx, f, "entry"));
  LLVMValueRef args[2] = {NULL, NULL};
  for (unsigned i = 0; i < np && i < 2; i++) {
    args[i] = LLVMGetParam(f, i);
    if (f64) args[i] = LLVMBuildFPTrunc(s->b, args[i], s->f32, "");
  }
  LLVMValueRef r = fb_body(s, f32name, args[0], args[1]);
  if (!r) {
    LLVMDeleteBasicBlock(LLVMGetEntryBasicBlock(f));
    return false;
  }
  LLVMBuildRet(s->b, f64 ? LLVMBuildFPExt(s->b, r, ty, "") : r);
  return true;
}

static bool define_fallbacks(LLVMModuleRef mod, ir_context *ictx) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  fb s = {ctx, mod, LLVMCreateBuilderInContext(ctx), LLVMFloatTypeInContext(ctx)};
  bool ok = true;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    if (!LLVMIsDeclaration(f) || len <= 5 || strncmp(name, "__nv_", 5) != 0) continue;
    if (!define_fallback(&s, f, name)) {
      ir_emit_error(ictx, (ir_loc){0}, "'%s' needs libdevice, which was not found", name);
      ok = false;
    }
  }
  LLVMDisposeBuilder(s.b);
  return ok;
}

bool nvptx_link_math(LLVMModuleRef mod, const char *libdevice_path, ir_context *ictx) {
  if (!needs_math(mod)) return true;
  bool oom = false;
  char *path = find_libdevice(libdevice_path, &oom);
  if (oom) return ir_context_note_oom(ictx), false;
  if (path) {
    bool ok = link_libdevice(mod, ictx, path);
    free(path);
    return ok;
  }
  diag_emit(ir_context_diag(ictx), DIAG_WARNING, (ir_loc){0},
            "libdevice not found (set TILEC_LIBDEVICE or CUDA_HOME): math functions use fast "
            "approximations");
  return define_fallbacks(mod, ictx);
}
