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
 * Mode "ir" drives the IR level instead (as tilec-opt does): parses the tile IR of the
 * source (made once, unarmed), runs the tgpu pipeline's passes and prints the result.
 *
 * usage: fault_oom [MODE [FIRST [all]]]   MODE: tgpu (default), tile, frontend, ast, ir; FIRST:
 * the first N to try (1); "all": every allocation from the N-th on fails (else only the
 * N-th)
 * Prints two summary lines ("fault: N allocation sites, F failed cleanly, S succeeded" and
 * how many failures had an error other than "out of memory" first). */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Dialect/Tile/tile.h"
#include "Dialect/TileGPU/tgpu.h"
#include "IR/ir.h"
#include "Transforms/passes.h"
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

enum { MODE_IR = -1 };

static bool parse_emit(const char *s, int *out) {
  static const struct { const char *name; int e; } kinds[] = {
      {"tgpu", TILEC_EMIT_TGPU}, {"tile", TILEC_EMIT_TILE}, {"frontend", TILEC_EMIT_FRONTEND},
      {"ast", TILEC_EMIT_AST},   {"ir", MODE_IR}};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
    if (strcmp(s, kinds[i].name) == 0) return *out = kinds[i].e, true;
  return false;
}

static char *tile_ir; /* MODE_IR's input: the source's tile IR */

static void on_ir_diag(void *user, diag_severity sev, diag_loc loc, const char *message,
                       const char *rendered) {
  tilec_diagnostic d = {(tilec_severity)sev, loc.file, loc.line, loc.col, message, rendered};
  on_diag(user, &d);
}

/* tilec-opt's path: parse, the tgpu part of the pipeline (verifying), print. */
static char *run_ir(diags *ds, int *out_rc) {
  ir_context *ctx = ir_context_create();
  if (!ctx) { /* nothing to report through: counted as the out-of-memory error it is */
    on_diag(ds, &(tilec_diagnostic){TILEC_SEVERITY_ERROR, NULL, 0, 0, "out of memory", ""});
    return *out_rc = 1, NULL;
  }
  diag_engine_set_handler(ir_context_diag(ctx), on_ir_diag, ds);
  tile_register_dialect(ctx);
  tgpu_register_dialect(ctx);
  ir_module *m = ir_context_failed(ctx) ? NULL : ir_parse_module(ctx, "fault.ir", tile_ir, strlen(tile_ir));
  size_t n, ntile;
  const ir_pass *const *all = tilec_pipeline(false, &n);
  tilec_pipeline(true, &ntile); /* the tile part is a prefix: run what follows it */
  char *out = m && ir_run_passes(m, all + ntile, n - ntile, true, NULL) ? ir_print_to_string(m->op) : NULL;
  if (!out && !diag_error_count(ir_context_diag(ctx))) ir_context_note_oom(ctx);
  *out_rc = out && !diag_error_count(ir_context_diag(ctx)) ? 0 : 1;
  ir_module_destroy(m);
  ir_context_destroy(ctx);
  if (*out_rc) free(out);
  return *out_rc ? NULL : out;
}

/* One compile with the fault at allocation n (0: none). Returns the output (heap) or NULL;
 * *out_leaked: heap blocks the compile left allocated. */
static char *compile(int emit, unsigned long n, int *out_rc, diags *ds, long *out_leaked) {
  long before = live;
  tilec_options o = {0};
  o.emit = emit == MODE_IR ? TILEC_EMIT_TILE : (tilec_emit)emit;
  o.on_diagnostic = on_diag;
  o.diagnostic_user = ds;
  tilec_result *r = NULL;
  char *ir_out = NULL;
  count = 0, fired = false, fail_at = n, armed = n != 0;
  if (emit == MODE_IR) ir_out = run_ir(ds, out_rc);
  else *out_rc = tilec_compile("fault.tir", src, strlen(src), &o, &r);
  armed = false;
  char *copy = ir_out;
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
  int emit = TILEC_EMIT_TGPU;
  if (argc > 1 && !parse_emit(argv[1], &emit)) return fprintf(stderr, "bad mode '%s'\n", argv[1]), 2;
  diags ref_d = {0};
  int rc;
  long leaked;
  if (emit == MODE_IR && !(tile_ir = compile(TILEC_EMIT_TILE, 0, &rc, &ref_d, &leaked)))
    return fprintf(stderr, "tile IR compile failed: %s\n", ref_d.first), 1;
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
  free(tile_ir);
  return 0;
}
