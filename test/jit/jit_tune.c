/* tilert_jit_compile_and_tune on the mock driver (test/jit/jit_tune.test), whose launches
 * do not run these kernels (TILERT_MOCK_NO_RUN) and whose events time each launch as 1 ms:
 * what is checked is which variants are timed, when (as they are assembled, or after the
 * compile), how each is named, what is kept, and every error.
 *   jit_tune CASE CACHE_DIR [FILE KERNEL]
 * CASE: tune (an element-wise kernel with 3 configs, or FILE's KERNEL: its variants timed
 * as they come, the choice kept), again (the same in a new runtime), twice (tune, then the
 * same call in the same runtime), badreq, badargs, error, notuned; failload and faillaunch
 * (the mock driver's module loads, or launches, fail from the start: the compile is still
 * waited for and the error reported). Prints one line per fact. */
#include "Support/support.h" /* sup_read_file */
#include "tilec/tilec.h"
#include "tilec/tilert.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef TILERT_MOCK_PATH
#error "TILERT_MOCK_PATH must name the mock libcuda (CMake sets it)"
#endif

static const char add_src[] =
    "import triton\n"
    "import triton.language as tl\n"
    "@triton.autotune(configs=[triton.Config({'BLOCK': 256}, num_warps=2),\n"
    "                          triton.Config({'BLOCK': 1024}, num_warps=4),\n"
    "                          triton.Config({'BLOCK': 4096}, num_warps=8)], key=['n'])\n"
    "@triton.jit\n"
    "def add(x, y, out, n, BLOCK: tl.constexpr):\n"
    "    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
    "    tl.store(out + o, tl.load(x + o, mask=o < n) + tl.load(y + o, mask=o < n), mask=o < n)\n";

static const char bad_src[] =
    "import triton\n"
    "import triton.language as tl\n"
    "@triton.autotune(configs=[triton.Config({'BLOCK': 256}), triton.Config({'BLOCK': 512})], key=[])\n"
    "@triton.jit\n"
    "def add(x, n, BLOCK: tl.constexpr):\n"
    "    tl.store(x + tl.arange(0, BLOCK), undefined_name)\n";

static const char plain_src[] =
    "import triton\n"
    "import triton.language as tl\n"
    "@triton.jit\n"
    "def add(x, n):\n"
    "    tl.store(x, 1.0)\n";

static unsigned grids;

static void grid(void *user, const tilert_kernel_info *k, unsigned g[3]) {
  int64_t n = *(const int64_t *)user, block = 1;
  if (tilert_kernel_info_constexpr(k, "BLOCK", &block) || block <= 0) block = 1;
  g[0] = (unsigned)((n + block - 1) / block);
  g[1] = g[2] = 1;
  grids++;
}

static void report(void *user, const char *line) {
  (void)user;
  printf("report: %s\n", line);
}

static const char *source_name(tilert_tune_source s) {
  static const char *const names[] = {"timed", "memory", "disk", "default"};
  return (unsigned)s < 4 ? names[s] : "?";
}

int main(int argc, char **argv) {
  if (argc < 3) return fprintf(stderr, "usage: jit_tune CASE CACHE_DIR [FILE KERNEL]\n"), 2;
  const char *cs = argv[1];
  setenv("TILERT_LIBCUDA", TILERT_MOCK_PATH, 1);
  setenv("TILERT_MOCK_NO_RUN", "1", 1);
  setenv("TILERT_CACHE_DIR", argv[2], 1);
  const char *src = add_src, *file = "add.tir", *kernel = "add";
  size_t len = sizeof add_src - 1;
  char *owned = NULL;
  if (argc >= 5) {
    if (!(owned = sup_read_file(argv[3], &len))) return fprintf(stderr, "cannot read %s\n", argv[3]), 2;
    src = owned, file = argv[3], kernel = argv[4];
  }
  if (!strcmp(cs, "error")) src = bad_src, len = sizeof bad_src - 1;
  if (!strcmp(cs, "notuned")) src = plain_src, len = sizeof plain_src - 1;
  tilert_runtime *rt = NULL;
  if (tilert_runtime_create(0, &rt)) return printf("runtime: %s\n", tilert_runtime_last_error(rt)), 1;
  tilert_devptr buf = 0;
  (void)tilert_malloc(rt, 1 << 20, &buf);
  int64_t n = 100000;
  tilert_arg args[6] = {tilert_ptr(buf), tilert_ptr(buf), tilert_ptr(buf), tilert_i32((int32_t)n),
                        tilert_i32((int32_t)n), tilert_i32((int32_t)n)};
  tilec_options o;
  memset(&o, 0, sizeof o);
  o.kernels = &kernel;
  o.nkernels = 1;
  tilert_jit_tune_request req = {.filename = file, .source = src, .len = len, .opts = &o,
                                 .kernel = kernel, .grid = grid, .grid_user = &n,
                                 .tune = {.key = "n=100000", .args = args, .nargs = argc >= 5 ? 6 : 4,
                                          .report = report}};
  /* the FILE is bench/tuning's unfit_tuned.tir (a matmul of 6 parameters and 3 constexprs) */
  o.signature = "*fp32:16,*fp32:16,*fp32:16,i32,autotune";
  if (argc >= 5) o.signature = "*fp16:16,*fp16:16,*fp16:16,i32:16,i32:16,i32:16,autotune,autotune,autotune";
  if (!strcmp(cs, "error")) o.signature = "*fp32:16,i32,autotune";
  if (!strcmp(cs, "notuned")) o.signature = "*fp32:16,i32";
  if (!strcmp(cs, "error") || !strcmp(cs, "notuned")) req.tune.nargs = 2;
  if (!strcmp(cs, "badreq")) req.grid = NULL;
  if (!strcmp(cs, "badargs")) req.tune.args = NULL; /* nargs without its array */
  const char *fail = !strcmp(cs, "failload") ? "cuModuleLoadDataEx" : !strcmp(cs, "faillaunch") ? "cuLaunchKernel" : NULL;
  void *mock = fail ? dlopen(TILERT_MOCK_PATH, RTLD_NOW | RTLD_NOLOAD) : NULL;
  void (*fail_at)(const char *) = mock ? (void (*)(const char *))dlsym(mock, "mock_cuda_fail") : NULL;
  if (fail && !fail_at) return printf("%s: the mock's mock_cuda_fail is not found\n", cs), 1;
  if (fail_at) fail_at(fail);
  tilert_jit_tune_result r;
  tilert_status s = tilert_jit_compile_and_tune(rt, &req, &r);
  if (fail_at) fail_at(NULL);
  if (!s && !strcmp(cs, "twice")) { /* the same call again in this runtime */
    tilert_module_release(r.module);
    s = tilert_jit_compile_and_tune(rt, &req, &r);
  }
  printf("%s: %s\n", cs, tilert_status_name(s));
  if (s) {
    printf("error: %s\n", tilert_runtime_last_error(rt));
  } else {
    const tilert_kernel_info *k = tilert_kernel_get_info(r.best);
    char name[512];
    tilert_variant_name(k, name, sizeof name);
    const tilert_tuning_info *t = tilert_metadata_find_tuning(tilert_module_metadata(r.module), kernel);
    printf("source %s, timed as assembled %zu of %zu, best %zu: %s, grid %u\n", source_name(r.source),
           r.overlapped, t ? t->nvariants : 0, r.best_index, name, r.grid[0]);
    tilert_runtime_stats st;
    tilert_runtime_get_stats(rt, &st);
    printf("stats: compiles=%u assembles=%u disk_hits=%u cubin_loads=%u grids=%u\n", st.jit_compiles,
           st.jit_assembles, st.jit_disk_hits, st.cubin_loads, grids);
    tilert_module_release(r.module);
  }
  tilert_free(rt, buf);
  tilert_runtime_destroy(rt);
  free(owned);
  return 0;
}
