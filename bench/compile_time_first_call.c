/* The first call of an autotuned element-wise kernel, as issue 10 measures it: in one
 * process, compile every config through the JIT path (disk cache, nvJitLink), tune them on
 * the real arguments (tilert_tune), launch the best once; wall time of each step. Run it
 * twice on one TILERT_CACHE_DIR: the second process is the warm-cache first call.
 *
 *   compile_time_first_call FILE.tir -c BLOCK_SIZE=256:4 -c BLOCK_SIZE=1024:8 ...
 *                           [--block BLOCK_SIZE] [--n 16777216]
 *
 * -c NAME=VALUE[,NAME=VALUE...]:NUM_WARPS is one config (constexpr defines and num_warps).
 * The kernel is the module's only one; pointer parameters get zeroed buffers of n elements,
 * integer scalars get n, float scalars 1.0; the grid is cdiv(n, the --block constexpr).
 * Prints one line of times (ms) and what the caches did. Needs the JIT build of libtilert
 * (libtilec linked): on a machine without LLVM, build it with -DTILEC_LLVM_STATIC=ON. */
#include "tilec/tilec.h"
#include "tilec/tilert.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_CONFIGS 32
#define MAX_DEFINES 8

typedef struct config {
  char text[256];
  tilec_define defines[MAX_DEFINES];
  size_t ndefines;
  unsigned num_warps;
  tilert_module *mod;
  tilert_kernel *kernel;
} config;

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* "A=1,B=2:4" -> defines A=1, B=2, num_warps 4 (the strings point into c->text's copy). */
static int parse_config(const char *spec, config *c, char *storage) {
  snprintf(c->text, sizeof c->text, "%s", spec);
  strcpy(storage, spec);
  char *warps = strrchr(storage, ':');
  if (warps) { *warps++ = 0; c->num_warps = (unsigned)atoi(warps); }
  for (char *save = NULL, *d = strtok_r(storage, ",", &save); d; d = strtok_r(NULL, ",", &save)) {
    char *eq = strchr(d, '=');
    if (!eq || c->ndefines == MAX_DEFINES) return 0;
    *eq = 0;
    c->defines[c->ndefines++] = (tilec_define){d, eq + 1};
  }
  return 1;
}

static char *read_text(const char *path, size_t *out_len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = malloc((size_t)n + 1);
  *out_len = buf ? fread(buf, 1, (size_t)n, f) : 0;
  fclose(f);
  if (buf) buf[*out_len] = 0;
  return buf;
}

static int fail(tilert_runtime *rt, const char *what) {
  fprintf(stderr, "first_call: %s: %s\n", what, tilert_runtime_last_error(rt));
  return 1;
}

/* Arguments from the kernel's signature: buffers of n elements, n, 1.0. */
static int make_args(tilert_runtime *rt, const tilert_kernel_info *k, int64_t n, tilert_arg *args,
                     tilert_devptr *bufs) {
  for (size_t i = 0; i < k->nparams; i++) {
    const tilert_param_info *p = &k->params[i];
    if (p->kind == TILERT_PARAM_PTR) {
      size_t bytes = (size_t)n * tilert_dtype_size(p->dtype);
      if (tilert_malloc(rt, bytes, &bufs[i]) || tilert_memset8(rt, bufs[i], 0, bytes)) return 0;
      args[i] = tilert_ptr(bufs[i]);
    } else if (p->dtype == TILERT_DTYPE_FP32 || p->dtype == TILERT_DTYPE_FP16 || p->dtype == TILERT_DTYPE_BF16) {
      args[i] = tilert_f32(1.0f);
    } else if (p->dtype == TILERT_DTYPE_FP64) {
      args[i] = tilert_f64(1.0);
    } else if (p->dtype == TILERT_DTYPE_I64 || p->dtype == TILERT_DTYPE_U64) {
      args[i] = tilert_i64(n);
    } else {
      args[i] = tilert_i32((int32_t)n);
    }
  }
  return 1;
}

int main(int argc, char **argv) {
  static config cfg[MAX_CONFIGS];
  static char storage[MAX_CONFIGS][256];
  size_t ncfg = 0;
  const char *file = NULL, *block = "BLOCK_SIZE";
  int64_t n = 1 << 24;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-c") && i + 1 < argc && ncfg < MAX_CONFIGS) {
      if (!parse_config(argv[++i], &cfg[ncfg], storage[ncfg])) return fprintf(stderr, "bad config %s\n", argv[i]), 2;
      ncfg++;
    } else if (!strcmp(argv[i], "--block") && i + 1 < argc) block = argv[++i];
    else if (!strcmp(argv[i], "--n") && i + 1 < argc) n = atoll(argv[++i]);
    else file = argv[i];
  }
  if (!file || !ncfg || n < 1) return fprintf(stderr, "usage: compile_time_first_call FILE.tir -c CONFIG... [--block NAME] [--n N]\n"), 2;
  size_t len = 0;
  char *src = read_text(file, &len);
  if (!src) return fprintf(stderr, "cannot read %s\n", file), 1;
  double t0 = now_ms();
  tilert_runtime *rt = NULL;
  if (tilert_runtime_create(0, &rt)) return fail(rt, "runtime");
  double t_rt = now_ms();
  for (size_t i = 0; i < ncfg; i++) {
    tilec_options o;
    memset(&o, 0, sizeof o);
    o.defines = cfg[i].defines;
    o.ndefines = cfg[i].ndefines;
    o.num_warps = cfg[i].num_warps;
    if (tilert_jit_compile_and_load(rt, file, src, len, &o, &cfg[i].mod)) return fail(rt, cfg[i].text);
    const tilert_kernel_info *k = tilert_metadata_kernel(tilert_module_metadata(cfg[i].mod), 0);
    if (tilert_module_get_kernel(cfg[i].mod, k->name, &cfg[i].kernel)) return fail(rt, "kernel");
  }
  double t_jit = now_ms();
  const tilert_kernel_info *k0 = tilert_kernel_get_info(cfg[0].kernel);
  tilert_arg args[TILERT_MAX_PARAMS];
  tilert_devptr bufs[TILERT_MAX_PARAMS] = {0};
  if (!make_args(rt, k0, n, args, bufs)) return fail(rt, "buffers");
  if (tilert_synchronize(rt)) return fail(rt, "synchronize");
  double t_args = now_ms();
  tilert_tune_variant v[MAX_CONFIGS];
  for (size_t i = 0; i < ncfg; i++) {
    int64_t b = 1;
    (void)tilert_kernel_info_constexpr(tilert_kernel_get_info(cfg[i].kernel), block, &b);
    v[i] = (tilert_tune_variant){.kernel = cfg[i].kernel, .name = cfg[i].text,
                                 .grid = {(unsigned)((n + b - 1) / b), 1, 1}};
  }
  char key[128];
  snprintf(key, sizeof key, "%s n=%lld", k0->name, (long long)n);
  tilert_tune_request req = {.key = key, .variants = v, .nvariants = ncfg, .args = args,
                             .nargs = k0->nparams};
  size_t best = 0;
  tilert_tune_source src_kind;
  if (tilert_tune(rt, &req, &best, &src_kind, NULL)) return fail(rt, "tune");
  double t_tune = now_ms();
  if (tilert_launch(v[best].kernel, v[best].grid, NULL, args, k0->nparams) || tilert_synchronize(rt))
    return fail(rt, "launch");
  double t_end = now_ms();
  static const char *sources[] = {"timed", "memory", "disk", "default"};
  tilert_runtime_stats st;
  tilert_runtime_get_stats(rt, &st);
  printf("first_call: configs=%zu best=%s tune=%s first_call_ms=%.2f (jit %.2f: compile %.2f, "
         "assemble %.2f, driver load %.2f; tune %.2f; launch %.2f) runtime_create_ms=%.2f "
         "buffers_ms=%.2f compiles=%u assembles=%u disk_hits=%u cubin_loads=%u ptx_loads=%u\n",
         ncfg, v[best].name, sources[src_kind], (t_jit - t_rt) + (t_end - t_args), t_jit - t_rt,
         st.compile_ms, st.assemble_ms, st.load_ms, t_tune - t_args, t_end - t_tune, t_rt - t0,
         t_args - t_jit, st.jit_compiles, st.jit_assembles, st.jit_disk_hits, st.cubin_loads,
         st.ptx_loads);
  for (size_t i = 0; i < k0->nparams; i++) tilert_free(rt, bufs[i]);
  tilert_runtime_destroy(rt);
  free(src);
  return 0;
}
