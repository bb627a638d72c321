/* Uses the embedding API (include/tilec/tilec.h) the way a framework would: source held in
 * memory, options in a struct, diagnostics and per-pass IR through callbacks. Prints what it
 * receives; test/api/api.test checks the output with FileCheck.
 *
 * Also compiles the same source on two threads at once, to check that the library holds no
 * shared state. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tilec/tilec.h"

static const char add_src[] =
    "import triton\n"
    "import triton.language as tl\n"
    "\n"
    "@triton.jit\n"
    "def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr = 256):\n"
    "    pid = tl.program_id(axis=0)\n"
    "    offs = pid * BLOCK + tl.arange(0, BLOCK)\n"
    "    mask = offs < n\n"
    "    x = tl.load(x_ptr + offs, mask=mask)\n"
    "    y = tl.load(y_ptr + offs, mask=mask)\n"
    "    tl.store(out_ptr + offs, x + y, mask=mask)\n";

static const char bad_src[] =
    "import triton\n"
    "import triton.language as tl\n"
    "@triton.jit\n"
    "def k(x_ptr: \"*fp32\"):\n"
    "    tl.store(x_ptr, undefined_name)\n";

typedef struct counts {
  unsigned diags, dumps;
  char first_pass[64];
  char last_pass[64];
} counts;

static void on_diag(void *user, const tilec_diagnostic *d) {
  counts *c = user;
  c->diags++;
  printf("diag: severity=%d line=%d col=%d message=%s\n", (int)d->severity, d->line, d->col, d->message);
  printf("rendered:\n%s\n", d->rendered);
}

static void on_ir(void *user, unsigned index, const char *pass, const char *stage, const char *ir,
                  size_t len) {
  counts *c = user;
  if (c->dumps++ == 0) snprintf(c->first_pass, sizeof c->first_pass, "%s", pass);
  snprintf(c->last_pass, sizeof c->last_pass, "%s", pass);
  if (strlen(ir) != len) printf("ir length mismatch at pass %u\n", index);
  (void)stage;
}

static int compile_add(tilec_emit emit, counts *c, tilec_result **out) {
  tilec_options o;
  memset(&o, 0, sizeof o);
  o.signature = "*fp32:16,*fp32:16,*fp32:16,i32:16,1024";
  o.emit = emit;
  o.num_warps = 4;
  o.on_diagnostic = on_diag;
  o.diagnostic_user = c;
  o.on_ir = on_ir;
  o.ir_user = c;
  return tilec_compile("add.tir", add_src, strlen(add_src), &o, out);
}

static void *thread_main(void *arg) {
  int *ok = arg;
  counts c = {0};
  for (int i = 0; i < 3; i++) {
    tilec_result *r = NULL;
    if (compile_add(TILEC_EMIT_PTX, &c, &r) != 0) return NULL;
    size_t len;
    const char *ptx = tilec_result_output(r, &len);
    *ok += strstr(ptx, ".entry add_kernel") != NULL;
    tilec_result_free(r);
  }
  return NULL;
}

int main(void) {
  printf("version: %s\n", tilec_version());

  counts c = {0};
  tilec_result *r = NULL;
  int rc = compile_add(TILEC_EMIT_PTX, &c, &r);
  printf("compile rc=%d diags=%u\n", rc, c.diags);
  if (rc != 0 || !r) return 1;
  size_t len, mlen;
  const char *ptx = tilec_result_output(r, &len);
  printf("ptx has entry: %s\n", strstr(ptx, ".entry add_kernel") ? "yes" : "no");
  printf("ptx nul-terminated: %s\n", ptx[len] == '\0' ? "yes" : "no");
  printf("kernels: %zu name=%s\n", tilec_result_kernel_count(r), tilec_result_kernel_name(r, 0));
  printf("dumps: %u first=%s last=%s\n", c.dumps, c.first_pass, c.last_pass);
  printf("metadata:\n%s", tilec_result_metadata(r, &mlen));
  tilec_result_free(r);

  counts bad = {0};
  tilec_options o;
  memset(&o, 0, sizeof o);
  o.on_diagnostic = on_diag;
  o.diagnostic_user = &bad;
  r = (tilec_result *)1;
  rc = tilec_compile("bad.tir", bad_src, strlen(bad_src), &o, &r);
  printf("bad rc=%d result=%s diags=%u\n", rc, r ? "non-null" : "null", bad.diags);

  memset(&o, 0, sizeof o);
  o.arch = "sm_12";
  o.on_diagnostic = on_diag;
  o.diagnostic_user = &bad;
  rc = tilec_compile("add.tir", add_src, strlen(add_src), &o, &r);
  printf("bad arch rc=%d\n", rc);

  pthread_t t[2];
  int ok[2] = {0, 0};
  for (int i = 0; i < 2; i++) pthread_create(&t[i], NULL, thread_main, &ok[i]);
  for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
  printf("threads: %d/%d compiles produced the kernel\n", ok[0] + ok[1], 6);
  return 0;
}
