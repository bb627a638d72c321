/* Launch-time specialization (runtime/specialize.c), on the mock driver.
 *   jit_spec plan    signatures the plan gives for representative argument sets
 *   jit_spec launch  a JIT kernel launched with several specializations: compiles, the
 *                    specialized kernels' parameters and constexprs, and errors
 *   jit_spec heuristics  @triton.heuristics that read run-time arguments, at launch
 * jit_spec.test runs both and checks the output with FileCheck. */
#include "tilec/tilert.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef TILERT_MOCK_PATH
#error "TILERT_MOCK_PATH must name the mock libcuda (CMake sets it)"
#endif

static void show(const char *label, const char *sig, const char *const *dns, size_t ndns,
                 const char *const *dnsoa, size_t ndnsoa, const tilert_arg *args, size_t nargs) {
  static const char *const names[] = {"x", "y", "n", "stride"};
  tilert_spec_plan *p = NULL;
  char err[512] = "", out[256] = "";
  tilert_status s = tilert_spec_plan_create(sig, names, 4, dns, ndns, dnsoa, ndnsoa, &p, err,
                                            sizeof err);
  if (!s) s = tilert_spec_signature(p, args, nargs, out, sizeof out, err, sizeof err);
  if (s) printf("%s: %s %s\n", label, tilert_status_name(s), err);
  else printf("%s: %s\n", label, out);
  tilert_spec_plan_free(p);
}

static int plan_cases(void) {
  const char *sig = "*fp32, *fp32, i32, i64, 1024";
  tilert_arg aligned[] = {tilert_ptr(0x1000), tilert_ptr(0x2040), tilert_i32(4096), tilert_i64(32)};
  tilert_arg odd[] = {tilert_ptr(0x1004), tilert_ptr(0x2008), tilert_i32(1000), tilert_i64(7)};
  tilert_arg ones[] = {tilert_ptr(0x1000), tilert_ptr(0x2004), tilert_i32(1), tilert_i64(1)};
  tilert_arg zero[] = {tilert_ptr(0), tilert_ptr(0x10), tilert_i32(0), tilert_i64(-16)};
  show("aligned", sig, NULL, 0, NULL, 0, aligned, 4);
  show("unaligned", sig, NULL, 0, NULL, 0, odd, 4);
  show("ones", sig, NULL, 0, NULL, 0, ones, 4);
  show("zero", sig, NULL, 0, NULL, 0, zero, 4);
  const char *dns_names[] = {"n", "x"};
  show("dns-names", sig, dns_names, 2, NULL, 0, ones, 4);
  const char *dns_idx[] = {"3"};
  show("dns-index", sig, dns_idx, 1, NULL, 0, aligned, 4);
  const char *dnsoa[] = {"y", "stride", "n"};
  show("dnsoa-aligned", sig, NULL, 0, dnsoa, 3, aligned, 4);
  show("dnsoa-ones", sig, NULL, 0, dnsoa, 3, ones, 4);
  /* Hinted and non-integer entries are kept; i1 and floats are never specialized. */
  tilert_arg mixed[] = {tilert_ptr(0x1004), tilert_i32(1), tilert_f32(1.0f), tilert_i32(16)};
  show("fixed", "*fp16:16, i1, fp32, i32:8, 'str', None, autotune", NULL, 0, NULL, 0, mixed, 4);
  /* Errors. */
  show("count", sig, NULL, 0, NULL, 0, aligned, 3);
  tilert_arg wrong[] = {tilert_i32(3), tilert_ptr(0), tilert_i32(1), tilert_i64(1)};
  show("kind", sig, NULL, 0, NULL, 0, wrong, 4);
  const char *bad[] = {"nosuch"};
  show("bad-name", sig, bad, 1, NULL, 0, aligned, 4);
  const char *cidx[] = {"4"};
  show("const-index", sig, cidx, 1, NULL, 0, aligned, 4);
  const char *far[] = {"9"};
  show("far-index", sig, NULL, 0, far, 1, aligned, 4);
  tilert_spec_plan *p = NULL;
  char err[256];
  static const char *const three[] = {"x", "y", "n"};
  tilert_status s = tilert_spec_plan_create(sig, three, 3, NULL, 0, NULL, 0, &p, err, sizeof err);
  printf("names: %s %s\n", tilert_status_name(s), err);
  return 0;
}

static const char kSource[] =
    "import triton\n"
    "import triton.language as tl\n"
    "@triton.jit(do_not_specialize=['m'])\n"
    "def tiny_copy(x, y, n, m, BLOCK: tl.constexpr):\n"
    "    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
    "    mask = offs < n + m\n"
    "    tl.store(y + offs * n, tl.load(x + offs * n, mask=mask), mask=mask)\n";

static const char kSource2[] =
    "import triton\n"
    "import triton.language as tl\n"
    "@triton.jit(do_not_specialize=(3,), do_not_specialize_on_alignment=['x', 'n'])\n"
    "def tiny_two(x, y, n, m, k, BLOCK: tl.constexpr):\n"
    "    offs = tl.arange(0, BLOCK)\n"
    "    tl.store(y + offs, tl.load(x + offs), mask=offs < n + m + k)\n";

static const char kSource3[] =
    "import triton\n"
    "import triton.language as tl\n"
    "@triton.jit\n"
    "def tiny_annot(x: \"*fp32\", y: \"*fp16:16\", n: \"i32\", s: \"i64:16\", scale: \"fp32\",\n"
    "               BLOCK: tl.constexpr = 64):\n"
    "    offs = tl.arange(0, BLOCK)\n"
    "    v = tl.load(x + offs * s, mask=offs < n) * scale\n"
    "    tl.store(y + offs, v.to(tl.float16), mask=offs < n)\n";

static void print_kernel(tilert_jit_kernel *jk, const tilert_arg *args, size_t nargs) {
  tilert_kernel *k = NULL;
  tilert_status s = tilert_jit_get(jk, args, nargs, &k);
  if (s) { printf("get: %s\n", tilert_status_name(s)); return; }
  const tilert_kernel_info *ki = tilert_kernel_get_info(k);
  printf("kernel %s: params", ki->name);
  for (size_t i = 0; i < ki->nparams; i++)
    printf(" %s(align=%u,div=%llu)", ki->params[i].name, ki->params[i].align,
           (unsigned long long)ki->params[i].divisibility);
  printf(" constexprs");
  for (size_t i = 0; i < ki->nconstexprs; i++)
    if (ki->constexprs[i].is_float) printf(" %s=%g", ki->constexprs[i].name, ki->constexprs[i].fvalue);
    else printf(" %s=%lld", ki->constexprs[i].name, (long long)ki->constexprs[i].value);
  printf("\n");
}

static void launch(tilert_runtime *rt, tilert_jit_kernel *jk, const char *label,
                   const tilert_arg *args) {
  unsigned grid[3] = {4, 1, 1};
  tilert_status s = tilert_jit_launch(jk, grid, NULL, args, 4);
  tilert_runtime_stats st;
  tilert_runtime_get_stats(rt, &st);
  size_t n = tilert_jit_kernel_specialization_count(jk);
  printf("%s: %s compiles=%u specializations=%zu last=%s\n", label, tilert_status_name(s),
         st.jit_compiles, n, n ? tilert_jit_kernel_specialization(jk, n - 1) : "-");
  if (s) printf("error: %s\n", tilert_runtime_last_error(rt));
}

/* A runtime on the mock driver with two 64 KB buffers; NULL (said) when it cannot start. */
static tilert_runtime *mock_runtime(tilert_devptr *a, tilert_devptr *b) {
  setenv("TILERT_LIBCUDA", TILERT_MOCK_PATH, 1);
  tilert_runtime *rt = NULL;
  if (tilert_runtime_create(0, &rt)) {
    printf("create: %s\n", tilert_runtime_last_error(rt));
    tilert_runtime_destroy(rt);
    return NULL;
  }
  tilert_malloc(rt, 1 << 16, a);
  tilert_malloc(rt, 1 << 16, b);
  return rt;
}

static int launch_cases(void) {
  tilert_devptr a = 0, b = 0;
  tilert_runtime *rt = mock_runtime(&a, &b);
  if (!rt) return 1;
  printf("buffers aligned: %s\n", a % 16 == 0 && b % 16 == 0 ? "yes" : "no");
  /* do_not_specialize=['m'] comes from the source's decorator. */
  tilert_jit_request req = {"tiny.tir", kSource, sizeof kSource - 1, "tiny_copy",
                            "*fp32,*fp32,i32,i32,128", NULL, NULL, 0, NULL, 0};
  tilert_jit_kernel *jk = NULL;
  tilert_status s = tilert_jit_kernel_create(rt, &req, &jk);
  printf("create: %s\n", tilert_status_name(s));
  if (s) { printf("error: %s\n", tilert_runtime_last_error(rt)); return 1; }
  tilert_arg first[] = {tilert_ptr(a), tilert_ptr(b), tilert_i32(4096), tilert_i32(32)};
  tilert_arg same[] = {tilert_ptr(b), tilert_ptr(a + 256), tilert_i32(64), tilert_i32(1)};
  tilert_arg other[] = {tilert_ptr(a + 4), tilert_ptr(b), tilert_i32(1), tilert_i32(16)};
  launch(rt, jk, "first", first);
  launch(rt, jk, "same", same);
  launch(rt, jk, "other", other);
  launch(rt, jk, "again", first);
  launch(rt, jk, "other-again", other);
  print_kernel(jk, first, 4);
  print_kernel(jk, other, 4);
  tilert_arg bad[] = {tilert_i32(1), tilert_ptr(b), tilert_i32(1), tilert_i32(16)};
  launch(rt, jk, "bad", bad);
  tilert_jit_kernel_destroy(jk);
  const char *unknown[] = {"nosuch"};
  req.do_not_specialize = unknown;
  req.ndo_not_specialize = 1;
  s = tilert_jit_kernel_create(rt, &req, &jk);
  printf("unknown name: %s %s\n", tilert_status_name(s), tilert_runtime_last_error(rt));
  /* Indices and do_not_specialize_on_alignment in the source, beside a request's list. */
  const char *req_dns[] = {"1"};
  tilert_jit_request req2 = {"tiny2.tir", kSource2, sizeof kSource2 - 1, "tiny_two",
                             "*fp32,*fp32,i32,i32,i64,64", NULL, req_dns, 1, NULL, 0};
  s = tilert_jit_kernel_create(rt, &req2, &jk);
  printf("create two: %s %s\n", tilert_status_name(s), s ? tilert_runtime_last_error(rt) : "");
  tilert_arg five[] = {tilert_ptr(a), tilert_ptr(b), tilert_i32(32), tilert_i32(1), tilert_i64(1)};
  unsigned grid[3] = {1, 1, 1};
  s = s ? s : tilert_jit_launch(jk, grid, NULL, five, 5);
  printf("two: %s %s\n", tilert_status_name(s), tilert_jit_kernel_specialization(jk, 0));
  tilert_jit_kernel_destroy(jk);
  /* No signature: the annotations give it; a hinted entry stays, a plain one specializes. */
  tilert_jit_request req3 = {"tiny3.tir", kSource3, sizeof kSource3 - 1, "tiny_annot", NULL,
                             NULL, NULL, 0, NULL, 0};
  s = tilert_jit_kernel_create(rt, &req3, &jk);
  printf("create annotated: %s %s\n", tilert_status_name(s),
         s ? tilert_runtime_last_error(rt) : tilert_jit_kernel_signature(jk));
  tilert_arg ann[] = {tilert_ptr(a), tilert_ptr(b), tilert_i32(1), tilert_i64(32), tilert_f32(2.0f)};
  s = s ? s : tilert_jit_launch(jk, grid, NULL, ann, 5);
  printf("annotated: %s %s\n", tilert_status_name(s), tilert_jit_kernel_specialization(jk, 0));
  if (!s) print_kernel(jk, ann, 5);
  tilert_jit_kernel_destroy(jk);
  req3.kernel = "nosuch";
  s = tilert_jit_kernel_create(rt, &req3, &jk);
  printf("no such kernel: %s %s\n", tilert_status_name(s), tilert_runtime_last_error(rt));
  tilert_free(rt, a);
  tilert_free(rt, b);
  tilert_runtime_destroy(rt);
  return 0;
}

/* @triton.heuristics that read a run-time argument, evaluated at launch. */
static const char kHeur[] =
    "import triton\n"
    "import triton.language as tl\n"
    "@triton.heuristics({'EVEN_N': lambda args: args['N'] % args['BLOCK'] == 0,\n"
    "                    'HALF': lambda args: args['N'] // 2 if args['N'] < 1000 else 7})\n"
    "@triton.jit\n"
    "def heur(x, y, N, BLOCK: tl.constexpr, EVEN_N: tl.constexpr, HALF: tl.constexpr):\n"
    "    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
    "    if EVEN_N:\n"
    "        tl.store(y + offs, tl.load(x + offs) + HALF)\n"
    "    else:\n"
    "        tl.store(y + offs, tl.load(x + offs, mask=offs < N) + HALF, mask=offs < N)\n";

/* A heuristic of constexprs only: decided by the signature, no launch evaluation. */
static const char kHeurConst[] =
    "import triton\n"
    "import triton.language as tl\n"
    "@triton.heuristics({'WIDE': lambda args: args['BLOCK'] >= 256})\n"
    "@triton.jit\n"
    "def heur_const(x, y, N, BLOCK: tl.constexpr, WIDE: tl.constexpr):\n"
    "    offs = tl.arange(0, BLOCK)\n"
    "    tl.store(y + offs, tl.load(x + offs, mask=offs < N), mask=offs < N)\n";

/* A float from a run-time argument is carried into the compile; a string is not. */
static const char kHeurFloat[] =
    "import triton\n"
    "import triton.language as tl\n"
    "@triton.heuristics({'SCALE': lambda args: args['N'] / 2})\n"
    "@triton.jit\n"
    "def heur_float(x, y, N, BLOCK: tl.constexpr, SCALE: tl.constexpr):\n"
    "    offs = tl.arange(0, BLOCK)\n"
    "    tl.store(y + offs, tl.load(x + offs, mask=offs < N) * SCALE, mask=offs < N)\n";

static const char kHeurStr[] =
    "import triton\n"
    "import triton.language as tl\n"
    "@triton.heuristics({'MODE': lambda args: 'big' if args['N'] > 10 else 'small'})\n"
    "@triton.jit\n"
    "def heur_str(x, y, N, BLOCK: tl.constexpr, MODE: tl.constexpr):\n"
    "    offs = tl.arange(0, BLOCK)\n"
    "    tl.store(y + offs, tl.load(x + offs, mask=offs < N), mask=offs < N)\n";

/* @triton.autotune beside a heuristic that reads a run-time argument: refused at create. */
static const char kHeurTuned[] =
    "import triton\n"
    "import triton.language as tl\n"
    "@triton.autotune(configs=[triton.Config({'BLOCK': 128}), triton.Config({'BLOCK': 256})], key=['N'])\n"
    "@triton.heuristics({'EVEN_N': lambda args: args['N'] % args['BLOCK'] == 0})\n"
    "@triton.jit\n"
    "def heur_tuned(x, y, N, BLOCK: tl.constexpr, EVEN_N: tl.constexpr):\n"
    "    offs = tl.arange(0, BLOCK)\n"
    "    tl.store(y + offs, tl.load(x + offs, mask=offs < N), mask=offs < N)\n";

static void heur_launch(tilert_runtime *rt, tilert_jit_kernel *jk, tilert_devptr a,
                        tilert_devptr b, int n) {
  unsigned grid[3] = {1, 1, 1};
  tilert_arg args[] = {tilert_ptr(a), tilert_ptr(b), tilert_i32(n)};
  tilert_status s = tilert_jit_launch(jk, grid, NULL, args, 3);
  tilert_runtime_stats st;
  tilert_runtime_get_stats(rt, &st);
  printf("N=%d: %s compiles=%u specializations=%zu\n", n, tilert_status_name(s), st.jit_compiles,
         tilert_jit_kernel_specialization_count(jk));
  if (s) printf("error: %s\n", tilert_runtime_last_error(rt));
  else print_kernel(jk, args, 3);
}

static int heuristic_cases(void) {
  tilert_devptr a = 0, b = 0;
  tilert_runtime *rt = mock_runtime(&a, &b);
  if (!rt) return 1;
  tilert_jit_request req = {"heur.tir", kHeur, sizeof kHeur - 1, "heur",
                            "*fp32,*fp32,i32,256,autotune,autotune", NULL, NULL, 0, NULL, 0};
  tilert_jit_kernel *jk = NULL;
  tilert_status s = tilert_jit_kernel_create(rt, &req, &jk);
  printf("create: %s\n", tilert_status_name(s));
  if (s) { printf("error: %s\n", tilert_runtime_last_error(rt)); return 1; }
  int ns[] = {4096, 8192, 5000, 4096, 512, 768};
  for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) heur_launch(rt, jk, a, b, ns[i]);
  tilert_jit_kernel_destroy(jk);
  /* one kernel each: created, then launched with these N (0 ends the list) */
  static const struct { const char *label, *src, *kernel; int n[3]; } more[] = {
      {"const", kHeurConst, "heur_const", {100, 300, 0}},
      {"float", kHeurFloat, "heur_float", {100, 7, 0}},
      {"str", kHeurStr, "heur_str", {100, 0, 0}},
      {"tuned", kHeurTuned, "heur_tuned", {0, 0, 0}},
  };
  for (size_t c = 0; c < sizeof more / sizeof more[0]; c++) {
    tilert_jit_request r = {more[c].label, more[c].src, strlen(more[c].src), more[c].kernel,
                            c == 3 ? "*fp32,*fp32,i32,autotune,autotune" : "*fp32,*fp32,i32,256,autotune",
                            NULL, NULL, 0, NULL, 0};
    s = tilert_jit_kernel_create(rt, &r, &jk);
    printf("create %s: %s\n", more[c].label, tilert_status_name(s));
    if (s) printf("error: %s\n", tilert_runtime_last_error(rt));
    for (int i = 0; !s && i < 3 && more[c].n[i]; i++) heur_launch(rt, jk, a, b, more[c].n[i]);
    tilert_jit_kernel_destroy(jk);
    jk = NULL;
  }
  tilert_free(rt, a);
  tilert_free(rt, b);
  tilert_runtime_destroy(rt);
  return 0;
}

int main(int argc, char **argv) {
  if (argc == 2 && !strcmp(argv[1], "plan")) return plan_cases();
  if (argc == 2 && !strcmp(argv[1], "launch")) return launch_cases();
  if (argc == 2 && !strcmp(argv[1], "heuristics")) return heuristic_cases();
  printf("usage: jit_spec plan|launch|heuristics\n");
  return 2;
}
