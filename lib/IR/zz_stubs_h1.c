/* TEMPORARY (H1): weak stand-ins for the conversion entry points so that tools link while
 * lib/Conversion is being written. Real definitions (strong) win at link time; delete this
 * file once lib/Conversion provides them. */
#include "Conversion/conversion.h"

__attribute__((weak)) cg_module *cg_convert(ir_module *m, const cg_options *opts) {
  (void)opts;
  ir_emit_error(m->ctx, (ir_loc){0}, "conversion to LLVM is not available in this build");
  return NULL;
}
__attribute__((weak)) void cg_module_destroy(cg_module *cm) { (void)cm; }
__attribute__((weak)) char *cg_module_print_llvm(cg_module *cm) {
  (void)cm;
  return NULL;
}
__attribute__((weak)) char *cg_emit_ptx(cg_module *cm, ir_context *ctx) {
  (void)cm;
  (void)ctx;
  return NULL;
}
__attribute__((weak)) size_t cg_num_kernels(const cg_module *cm) {
  (void)cm;
  return 0;
}
__attribute__((weak)) const cg_kernel_info *cg_kernel(const cg_module *cm, size_t i) {
  (void)cm;
  (void)i;
  return NULL;
}
__attribute__((weak)) unsigned char *cg_ptxas(ir_context *ctx, const char *ptx, const char *arch,
                                              size_t *out_len) {
  (void)ptx;
  (void)arch;
  (void)out_len;
  ir_emit_error(ctx, (ir_loc){0}, "ptxas is not available in this build");
  return NULL;
}
