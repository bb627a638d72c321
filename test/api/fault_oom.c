/* Fault injection: makes the N-th heap allocation fail, for N = 1, 2, ... until a compile
 * makes fewer than N allocations, and checks that every compile either fails with an error
 * diagnostic and no result, or succeeds with the same output as without the fault, and frees
 * every heap block it allocated (counted by the allocator below). A crash, an abort, a leak or
 * a failure without a diagnostic ends the test.
 *
 * The failure comes from malloc itself: this program defines malloc, calloc, realloc and
 * free over glibc's __libc_* functions, so every allocation of the library (strdup's
 * included) can be made to fail. Only the LLVM-free part of the compile is armed
 * (--emit=tgpu): LLVM reports its own allocation failures by terminating.
 *
 * usage: fault_oom [EMIT [FIRST [all]]]   EMIT: tgpu (default), tile, frontend, ast; FIRST:
 * the first N to try (1); "all": every allocation from the N-th on fails (else only the
 * N-th)
 * Prints two summary lines ("fault: N allocation sites, F failed cleanly, S succeeded" and
 * how many failures had an error other than "out of memory" first). */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tilec/tilec.h"

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);

/* The fault plan (this test program's own state: it is single-threaded), and the number of
 * live heap blocks, so that every compile can be checked to free what it allocated. */
static bool armed, sticky;
static unsigned long fail_at, count;
static bool fired;
static long live;

/* AddressSanitizer brings its own allocator (strdup included): no interposing there, and
 * fault.test is UNSUPPORTED under it. */
#ifndef __SANITIZE_ADDRESS__
/* The fail_at-th allocation fails; with `sticky`, every later one too. */
static bool should_fail(void) {
  if (!armed) return false;
  ++count;
  if (count != fail_at && !(sticky && count > fail_at)) return false;
  fired = true;
  return true;
}

static void *counted(void *p) {
  live += p != NULL;
  return p;
}

void *malloc(size_t n) { return should_fail() ? NULL : counted(__libc_malloc(n)); }
void *calloc(size_t n, size_t s) { return should_fail() ? NULL : counted(__libc_calloc(n, s)); }
void *realloc(void *p, size_t n) {
  if (should_fail()) return NULL;
  void *q = __libc_realloc(p, n);
  if (!p) counted(q);
  else if (!q && n == 0) live--;
  return q;
}
void free(void *p) {
  live -= p != NULL;
  __libc_free(p);
}
#endif

static const char src[] =
    "import triton\n"
    "import triton.language as tl\n"
    "\n"
    "@triton.jit\n"
    "def helper(a, b):\n"
    "    return a * 2.0 + b\n"
    "\n"
    "@triton.autotune(configs=[triton.Config({'BLOCK': 256}, num_warps=8)], key=['n'])\n"
    "@triton.jit\n"
    "def add_kernel(x_ptr: '*fp32:16', y_ptr: '*fp32:16', out_ptr: '*fp32:16', n: 'i32',\n"
    "               BLOCK: tl.constexpr):\n"
    "    pid = tl.program_id(axis=0)\n"
    "    offs = pid * BLOCK + tl.arange(0, BLOCK)\n"
    "    mask = offs < n\n"
    "    x = tl.load(x_ptr + offs, mask=mask)\n"
    "    y = tl.load(y_ptr + offs, mask=mask, other=0.0)\n"
    "    acc = tl.zeros((BLOCK,), dtype=tl.float32)\n"
    "    for i in range(4):\n"
    "        acc += helper(x, y)\n"
    "    tl.store(out_ptr + offs, tl.where(mask, acc, 0.0), mask=mask)\n";

typedef struct diags {
  unsigned errors;
  char first[256];
} diags;

static void on_diag(void *user, const tilec_diagnostic *d) {
  diags *ds = user;
  if (d->severity != TILEC_SEVERITY_ERROR) return;
  if (!ds->errors++) snprintf(ds->first, sizeof ds->first, "%s", d->message ? d->message : "(null)");
}

static bool parse_emit(const char *s, tilec_emit *out) {
  static const struct { const char *name; tilec_emit e; } kinds[] = {
      {"tgpu", TILEC_EMIT_TGPU}, {"tile", TILEC_EMIT_TILE}, {"frontend", TILEC_EMIT_FRONTEND},
      {"ast", TILEC_EMIT_AST}};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
    if (strcmp(s, kinds[i].name) == 0) return *out = kinds[i].e, true;
  return false;
}

/* One compile with the fault at allocation n (0: none). Returns the output (heap) or NULL;
 * *out_leaked: heap blocks the compile left allocated. */
static char *compile(tilec_emit emit, unsigned long n, int *out_rc, diags *ds, long *out_leaked) {
  long before = live;
  tilec_options o = {0};
  o.emit = emit;
  o.on_diagnostic = on_diag;
  o.diagnostic_user = ds;
  tilec_result *r = NULL;
  count = 0, fired = false, fail_at = n, armed = n != 0;
  *out_rc = tilec_compile("fault.tir", src, strlen(src), &o, &r);
  armed = false;
  char *copy = NULL;
  if (r) {
    size_t len;
    const char *out = tilec_result_output(r, &len);
    copy = malloc(len + 1); /* not armed here */
    memcpy(copy, out, len + 1);
    tilec_result_free(r);
  }
  *out_leaked = live - before - (copy != NULL);
  return copy;
}

int main(int argc, char **argv) {
#ifdef __SANITIZE_ADDRESS__
  puts("fault: not run under AddressSanitizer");
  return 0;
#endif
  tilec_emit emit = TILEC_EMIT_TGPU;
  if (argc > 1 && !parse_emit(argv[1], &emit)) return fprintf(stderr, "bad emit '%s'\n", argv[1]), 2;
  diags ref_d = {0};
  int rc;
  long leaked;
  char *ref = compile(emit, 0, &rc, &ref_d, &leaked);
  if (rc || !ref) return fprintf(stderr, "reference compile failed: %s\n", ref_d.first), 1;
  if (leaked) return printf("FAIL: the reference compile left %ld heap blocks allocated\n", leaked), 1;
  unsigned long n, failed = 0, succeeded = 0, other = 0;
  unsigned long first = argc > 2 ? strtoul(argv[2], NULL, 10) : 1;
  if (!first) first = 1;
  sticky = argc > 3 && strcmp(argv[3], "all") == 0;
  for (n = first;; n++) {
    diags d = {0};
    if (getenv("FAULT_VERBOSE")) fprintf(stderr, "fault at %lu\n", n);
    char *out = compile(emit, n, &rc, &d, &leaked);
    if (leaked) {
      printf("FAIL at allocation %lu: %ld heap blocks left allocated\n", n, leaked);
      return 1;
    }
    if (!fired) {
      free(out);
      break;
    }
    if (rc == 0 && out && strcmp(out, ref) == 0) {
      succeeded++;
    } else if (rc != 0 && !out && d.errors > 0) {
      failed++;
      if (strcmp(d.first, "out of memory") != 0) {
        other++;
        if (getenv("FAULT_VERBOSE")) fprintf(stderr, "  first error at %lu: %s\n", n, d.first);
      }
    } else {
      printf("FAIL at allocation %lu: rc=%d output=%s errors=%u first=%s\n", n, rc,
             out ? (strcmp(out, ref) ? "different" : "same") : "none", d.errors, d.first);
      return 1;
    }
    free(out);
  }
  printf("fault: %lu allocation sites, %lu failed cleanly, %lu succeeded\n", n - first, failed, succeeded);
  printf("fault: %lu failures reported another error first\n", other);
  free(ref);
  return 0;
}
