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

static const char tuned_src[] =
    "import triton\n"
    "import triton.language as tl\n"
    "\n"
    "@triton.autotune(configs=[triton.Config({'BLOCK': b}, num_warps=w) for b, w in [(128, 4), (256, 8), (64, 2)]],\n"
    "                 key=['n'])\n"
    "@triton.jit\n"
    "def scale(x_ptr: \"*fp32:16\", n: \"i32\", BLOCK: tl.constexpr):\n"
    "    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
    "    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2.0, mask=offs < n)\n";

/* Autotune variants through the API: one PTX with an entry per config, the entries also
 * given apart (parts), the same bytes for any thread count. */
static void tuned(void) {
  tilec_options o;
  tilec_result *r[2] = {NULL, NULL};
  for (int i = 0; i < 2; i++) {
    memset(&o, 0, sizeof o);
    o.num_threads = i ? 1 : 0;
    if (tilec_compile("tuned.tir", tuned_src, strlen(tuned_src), &o, &r[i]) != 0) return;
  }
  printf("tuned kernels: %zu:", tilec_result_kernel_count(r[0]));
  for (size_t k = 0; k < tilec_result_kernel_count(r[0]); k++) printf(" %s", tilec_result_kernel_name(r[0], k));
  printf("\ntuned parts: %zu\n", tilec_result_part_count(r[0]));
  for (size_t k = 0; k < tilec_result_part_count(r[0]); k++) {
    size_t len, mlen;
    const char *ptx = tilec_result_part_output(r[0], k, &len);
    const char *meta = tilec_result_part_metadata(r[0], k, &mlen);
    printf("part %zu: %s ptx-entries=%d meta-has-name=%s\n", k, tilec_result_part_entry(r[0], k),
           strstr(ptx, ".entry") && !strstr(strstr(ptx, ".entry") + 1, ".entry") ? 1 : 0,
           strstr(meta, tilec_result_part_entry(r[0], k)) ? "yes" : "no");
  }
  size_t a, b;
  const char *pa = tilec_result_output(r[0], &a), *pb = tilec_result_output(r[1], &b);
  const char *ma = tilec_result_metadata(r[0], NULL), *mb = tilec_result_metadata(r[1], NULL);
  printf("tuned serial == parallel: %s\n", a == b && !memcmp(pa, pb, a) && !strcmp(ma, mb) ? "yes" : "no");
  printf("tuned part 9: %s\n", tilec_result_part_output(r[0], 9, NULL) ? "non-null" : "null");
  tilec_result_free(r[0]);
  tilec_result_free(r[1]);
}

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
  tuned();
  return 0;
}
