/* The embedding API given bad arguments: each call must return an error count with a
 * diagnostic that says what was wrong, store no result, and never crash (these crashed or
 * were silently accepted before). Prints one line per case for test/api/misuse.test. */
#include <stdio.h>
#include <string.h>

#include "tilec/tilec.h"

static const char src[] =
    "import triton\n"
    "import triton.language as tl\n"
    "@triton.jit\n"
    "def k(x_ptr: \"*fp32\", BLOCK: tl.constexpr = 128):\n"
    "    offs = tl.arange(0, BLOCK)\n"
    "    tl.store(x_ptr + offs, tl.load(x_ptr + offs) + 1.0)\n";

static char last[512];

static void on_diag(void *user, const tilec_diagnostic *d) {
  (void)user;
  if (d->severity == TILEC_SEVERITY_ERROR && !last[0]) snprintf(last, sizeof last, "%s", d->message);
}

static void run(const char *what, const char *source, size_t len, tilec_options *o, int null_out) {
  tilec_result *r = (tilec_result *)1; /* must be overwritten with NULL */
  last[0] = 0;
  o->on_diagnostic = on_diag;
  int rc = tilec_compile("k.tir", source, len, o, null_out ? NULL : &r);
  printf("%s: rc=%d result=%s error: %s\n", what, rc, null_out ? "-" : (r ? "set" : "NULL"),
         last[0] ? last : "(none)");
  if (!null_out && r) tilec_result_free(r);
}

int main(void) {
  tilec_options o;
  tilec_define defs[1] = {{"BLOCK", NULL}};
  const char *kernels[1] = {NULL};

  memset(&o, 0, sizeof o);
  run("null out_result", src, sizeof src - 1, &o, 1);
  run("null source", NULL, 10, &o, 0);
  o.ndefines = 2;
  run("null defines", src, sizeof src - 1, &o, 0);
  o.defines = defs;
  o.ndefines = 1;
  run("null define value", src, sizeof src - 1, &o, 0);
  defs[0] = (tilec_define){NULL, "64"};
  run("null define name", src, sizeof src - 1, &o, 0);
  memset(&o, 0, sizeof o);
  o.nkernels = 1;
  run("null kernels", src, sizeof src - 1, &o, 0);
  o.kernels = kernels;
  run("null kernel name", src, sizeof src - 1, &o, 0);
  memset(&o, 0, sizeof o);
  o.emit = (tilec_emit)99;
  run("bad emit", src, sizeof src - 1, &o, 0);
  memset(&o, 0, sizeof o);
  o.opt_level = 7;
  run("bad opt_level", src, sizeof src - 1, &o, 0);
  memset(&o, 0, sizeof o);
  o.maxnreg = 256;
  run("bad maxnreg", src, sizeof src - 1, &o, 0);
  memset(&o, 0, sizeof o);
  o.libdevice_path = "/dev/zero";
  run("device libdevice", src, sizeof src - 1, &o, 0);
  memset(&o, 0, sizeof o);
  static const char *const sigs[2] = {"*fp32,128", "*fp32,64"}, *one_kernel[1] = {"k"};
  o.kernels = one_kernel, o.nkernels = 1, o.signatures = sigs, o.nsignatures = 2;
  run("signatures count", src, sizeof src - 1, &o, 0);
  memset(&o, 0, sizeof o);
  o.nmodule_paths = 1;
  run("null module_paths", src, sizeof src - 1, &o, 0);
  static const char *const paths[2] = {"/", NULL}, *file_path[1] = {"/dev/null"};
  o.module_paths = paths, o.nmodule_paths = 2;
  run("null module path", src, sizeof src - 1, &o, 0);
  o.module_paths = file_path, o.nmodule_paths = 1;
  run("module path not a directory", src, sizeof src - 1, &o, 0);
  memset(&o, 0, sizeof o);
  o.signature = "*fp32:4294967296,128";
  run("huge divisibility", src, sizeof src - 1, &o, 0);
  size_t n = 99;
  const char *out = tilec_result_output(NULL, &n);
  printf("accessors on NULL: output=%s len=%zu metadata='%s' kernels=%zu name=%s\n",
         out ? "set" : "NULL", n, tilec_result_metadata(NULL, NULL),
         tilec_result_kernel_count(NULL), tilec_result_kernel_name(NULL, 0) ? "set" : "NULL");
  tilec_result_free(NULL);
  /* and a good compile still works */
  memset(&o, 0, sizeof o);
  run("good", src, sizeof src - 1, &o, 0);
  return 0;
}
