/* tune_gpu first-call CASE: the first call of an autotuned kernel as issue 10 times it, in
 * this process: specialize the plan signature on the real arguments, JIT-compile every
 * config of the file (one module; the disk cache of TILERT_CACHE_DIR), tune the variants on
 * the real buffers (tilert_tune), launch the best and synchronize. Run it twice on one cache
 * folder: the second process is the warm-cache first call. Cases: add (element-wise, 6
 * configs), rowsum (a reduction, 6 configs), matmul (examples/matmul_tutorial.tir, its 8
 * configs, f16), attention (examples/fused_attention_tutorial.tir, Triton's fused-attention
 * tutorial as written: its 36 configs, 21 kept by keep(), causal, host descriptors whose
 * block shapes the configs' pre_hook gives). The launch's result is checked on the host
 * afterwards (not on the mock). */
#include "tg.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FC_BUFS = 5 };

typedef struct fc_problem {
  int64_t n, m, k;      /* add: n; rowsum: m rows of n; matmul: m x k times k x n;
                           attention: m (batch x heads) sequences of n, head dim k */
  void *host[FC_BUFS];  /* inputs on the host (for the check) */
  tilert_devptr dev[FC_BUFS]; /* the case's buffers, in argument order */
  size_t bytes[FC_BUFS];
  tilert_tensordesc desc[4];  /* attention: q, k, v, o */
} fc_problem;

typedef struct fc_case {
  const char *name, *file, *kernel, *plan;
  int (*setup)(tilert_runtime *rt, fc_problem *p, tg_launch *l);
  tg_grid_fn grid;
  /* Compares the output with a host reference: the largest error; -1 when unreadable. */
  double (*check)(tilert_runtime *rt, const fc_problem *p);
} fc_case;

static int64_t cdiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

static int64_t constexpr_of(const tilert_kernel_info *k, const char *name) {
  int64_t v = 1;
  (void)tilert_kernel_info_constexpr(k, name, &v);
  return v > 0 ? v : 1;
}

static void add_arg_ptr(tg_launch *l, tilert_devptr p, size_t bytes) {
  l->bytes[l->nargs] = bytes;
  l->args[l->nargs++] = tilert_ptr(p);
}

static void add_arg_i32(tg_launch *l, int64_t v) { l->args[l->nargs++] = tilert_i32((int32_t)v); }

/* Buffer i of p: `bytes`, filled from `host` (kept for the check) or zeroed. */
static int fc_buffer(tilert_runtime *rt, fc_problem *p, int i, void *host, size_t bytes) {
  p->host[i] = host;
  p->bytes[i] = bytes;
  return tg_buffer(rt, host, bytes, &p->dev[i]);
}

static float *small_ints(int64_t n, int mod, int offset) {
  float *v = malloc((size_t)n * sizeof *v);
  for (int64_t i = 0; v && i < n; i++) v[i] = (float)((i * 7 + offset) % mod - mod / 2);
  return v;
}

static float *copy_out_f32(tilert_runtime *rt, tilert_devptr d, int64_t n) {
  float *o = malloc((size_t)n * sizeof *o);
  if (o && tilert_copy_to_host(rt, o, d, (size_t)n * sizeof *o)) { free(o); return NULL; }
  return o;
}

/* ---- add: out = x + y, n elements ------------------------------------------------------- */

static int add_setup(tilert_runtime *rt, fc_problem *p, tg_launch *l) {
  size_t b = (size_t)p->n * 4;
  if (!fc_buffer(rt, p, 0, small_ints(p->n, 13, 0), b) || !fc_buffer(rt, p, 1, small_ints(p->n, 5, 3), b) ||
      !fc_buffer(rt, p, 2, NULL, b))
    return 0;
  for (int i = 0; i < 3; i++) add_arg_ptr(l, p->dev[i], b);
  add_arg_i32(l, p->n);
  return 1;
}

static void add_grid(const tilert_kernel_info *k, const void *user, unsigned g[3]) {
  const fc_problem *p = user;
  g[0] = (unsigned)cdiv(p->n, constexpr_of(k, "BLOCK_SIZE"));
  g[1] = g[2] = 1;
}

static double add_check(tilert_runtime *rt, const fc_problem *p) {
  float *o = copy_out_f32(rt, p->dev[2], p->n);
  const float *x = p->host[0], *y = p->host[1];
  if (!o) return -1;
  double err = 0;
  for (int64_t i = 0; i < p->n; i++) err = fmax(err, fabs((double)o[i] - (x[i] + y[i])));
  free(o);
  return err;
}

/* ---- rowsum: out[r] = sum of row r of an m x n matrix ---------------------------------- */

static int rowsum_setup(tilert_runtime *rt, fc_problem *p, tg_launch *l) {
  if (!fc_buffer(rt, p, 0, small_ints(p->m * p->n, 7, 1), (size_t)(p->m * p->n) * 4) ||
      !fc_buffer(rt, p, 1, NULL, (size_t)p->m * 4))
    return 0;
  add_arg_ptr(l, p->dev[0], p->bytes[0]);
  add_arg_ptr(l, p->dev[1], p->bytes[1]);
  add_arg_i32(l, p->m);
  add_arg_i32(l, p->n);
  add_arg_i32(l, p->n); /* stride_m: contiguous rows */
  return 1;
}

static void rowsum_grid(const tilert_kernel_info *k, const void *user, unsigned g[3]) {
  const fc_problem *p = user;
  g[0] = (unsigned)cdiv(p->m, constexpr_of(k, "BLOCK_M"));
  g[1] = g[2] = 1;
}

static double rowsum_check(tilert_runtime *rt, const fc_problem *p) {
  float *o = copy_out_f32(rt, p->dev[1], p->m);
  const float *x = p->host[0];
  if (!o) return -1;
  double err = 0;
  for (int64_t r = 0; r < p->m; r++) {
    double s = 0;
    for (int64_t c = 0; c < p->n; c++) s += x[r * p->n + c];
    err = fmax(err, fabs(o[r] - s));
  }
  free(o);
  return err;
}

/* ---- matmul: Triton's tutorial kernel, f16, C = A B ---------------------------------- */

static uint16_t *quarter_f16(int64_t n, int salt) {
  uint16_t *v = malloc((size_t)n * sizeof *v);
  for (int64_t i = 0; v && i < n; i++) v[i] = tg_f32_to_f16((float)((i * 5 + salt) % 9 - 4) * 0.25f);
  return v;
}

static int matmul_setup(tilert_runtime *rt, fc_problem *p, tg_launch *l) {
  size_t a = (size_t)(p->m * p->k) * 2, b = (size_t)(p->k * p->n) * 2, c = (size_t)(p->m * p->n) * 2;
  if (!fc_buffer(rt, p, 0, quarter_f16(p->m * p->k, 1), a) ||
      !fc_buffer(rt, p, 1, quarter_f16(p->k * p->n, 2), b) || !fc_buffer(rt, p, 2, NULL, c))
    return 0;
  for (int i = 0; i < 3; i++) add_arg_ptr(l, p->dev[i], p->bytes[i]);
  int64_t rest[9] = {p->m, p->n, p->k, p->k, 1, p->n, 1, p->n, 1}; /* M N K, then strides */
  for (int i = 0; i < 9; i++) add_arg_i32(l, rest[i]);
  return 1;
}

static void matmul_grid(const tilert_kernel_info *k, const void *user, unsigned g[3]) {
  const fc_problem *p = user;
  g[0] = (unsigned)(cdiv(p->m, constexpr_of(k, "BLOCK_SIZE_M")) * cdiv(p->n, constexpr_of(k, "BLOCK_SIZE_N")));
  g[1] = g[2] = 1;
}

/* 4096 sampled elements: the products and sums are exact in f32, so the f16 result must be
 * the reference rounded once. */
static double matmul_check(tilert_runtime *rt, const fc_problem *p) {
  size_t bytes = (size_t)(p->m * p->n) * 2;
  uint16_t *c = malloc(bytes);
  const uint16_t *a = p->host[0], *b = p->host[1];
  if (!c || tilert_copy_to_host(rt, c, p->dev[2], bytes)) { free(c); return -1; }
  double err = 0;
  for (int s = 0; s < 4096; s++) {
    int64_t i = (s * 2654435761u) % (uint64_t)p->m, j = (s * 40503u + 17) % (uint64_t)p->n;
    double ref = 0;
    for (int64_t t = 0; t < p->k; t++) ref += (double)tg_f16_to_f32(a[i * p->k + t]) * tg_f16_to_f32(b[t * p->n + j]);
    err = fmax(err, fabs(tg_f16_to_f32(c[i * p->n + j]) - tg_f16_to_f32(tg_f32_to_f16((float)ref))));
  }
  free(c);
  return err;
}

/* ---- attention: Triton's fused-attention tutorial file, causal, f16, head dim 128 ---------- */

enum { ATT_D = 128 };

static uint16_t *wave_f16(int64_t n, int salt) {
  uint16_t *v = malloc((size_t)n * sizeof *v);
  for (int64_t i = 0; v && i < n; i++) v[i] = tg_f32_to_f16((float)((i * 37 + salt * 11) % 17 - 8) / 8.0f);
  return v;
}

/* q, k, v, o as [m * n, D] f16 (descriptors without a block shape: each variant's, which the
 * configs' pre_hook gives), M as [m, n] f32; arguments sm_scale, M, Z = 1, H = m, the four
 * descriptors, N_CTX = n. */
static int attn_setup(tilert_runtime *rt, fc_problem *p, tg_launch *l) {
  int64_t rows = p->m * p->n;
  size_t b = (size_t)(rows * ATT_D) * 2;
  for (int i = 0; i < 3; i++)
    if (!fc_buffer(rt, p, i, wave_f16(rows * ATT_D, i + 1), b)) return 0;
  if (!fc_buffer(rt, p, 3, NULL, b) || !fc_buffer(rt, p, 4, NULL, (size_t)rows * 4)) return 0;
  l->args[l->nargs++] = tilert_f32(1.0f / sqrtf((float)ATT_D));
  add_arg_ptr(l, p->dev[4], p->bytes[4]);
  add_arg_i32(l, 1);
  add_arg_i32(l, p->m);
  for (int i = 0; i < 4; i++) {
    p->desc[i] = (tilert_tensordesc){.base = p->dev[i], .dtype = TILERT_DTYPE_FP16, .rank = 2,
                                     .shape = {rows, ATT_D}, .strides = {ATT_D, 1}}; /* block_shape all 0 */
    l->args[l->nargs++] = tilert_tensordesc_arg(&p->desc[i]);
  }
  add_arg_i32(l, p->n);
  return 1;
}

static void attn_grid(const tilert_kernel_info *k, const void *user, unsigned g[3]) {
  const fc_problem *p = user;
  g[0] = (unsigned)cdiv(p->n, constexpr_of(k, "BLOCK_M"));
  g[1] = (unsigned)p->m;
  g[2] = 1;
}

/* 64 sampled rows against causal softmax(q k^T / sqrt(D)) v in double: the error beyond
 * 2^-9 relative to the f16 output (p is rounded to f16 before p @ v, as in the kernel). */
static double attn_check(tilert_runtime *rt, const fc_problem *p) {
  size_t bytes = p->bytes[3];
  uint16_t *o = malloc(bytes);
  const uint16_t *q = p->host[0], *k = p->host[1], *v = p->host[2];
  double *s = malloc((size_t)p->n * sizeof *s), err = 0;
  if (!o || !s || tilert_copy_to_host(rt, o, p->dev[3], bytes)) { free(o); free(s); return -1; }
  for (int t = 0; t < 64; t++) {
    int64_t seq = (t * 7) % p->m, i = (t * 2654435761u) % (uint64_t)p->n, row = seq * p->n + i;
    double mx = -INFINITY, sum = 0;
    for (int64_t j = 0; j <= i; j++) {
      double d = 0;
      for (int c = 0; c < ATT_D; c++)
        d += (double)tg_f16_to_f32(q[row * ATT_D + c]) * tg_f16_to_f32(k[(seq * p->n + j) * ATT_D + c]);
      s[j] = d / sqrt((double)ATT_D);
      mx = fmax(mx, s[j]);
    }
    for (int64_t j = 0; j <= i; j++) sum += (s[j] = exp(s[j] - mx));
    for (int c = 0; c < ATT_D; c++) {
      double ref = 0;
      for (int64_t j = 0; j <= i; j++) ref += s[j] * tg_f16_to_f32(v[(seq * p->n + j) * ATT_D + c]);
      ref /= sum;
      double e = fabs(tg_f16_to_f32(o[row * ATT_D + c]) - ref) - fabs(ref) / 512;
      err = fmax(err, e > 2e-3 ? e : 0);
    }
  }
  free(o);
  free(s);
  return err;
}

static const fc_case k_cases[] = {
    {"add", "bench/tuning/kernels/add_tuned.tir", "add_kernel", "*fp32,*fp32,*fp32,i32,autotune",
     add_setup, add_grid, add_check},
    {"rowsum", "bench/tuning/kernels/row_sum_tuned.tir", "row_sum_kernel",
     "*fp32,*fp32,i32,i32,i32,autotune,autotune", rowsum_setup, rowsum_grid, rowsum_check},
    {"matmul", "examples/matmul_tutorial.tir", "matmul_kernel",
     "*fp16,*fp16,*fp16,i32,i32,i32,i32,i32,i32,i32,i32,i32,autotune,autotune,autotune,autotune,\"\"",
     matmul_setup, matmul_grid, matmul_check},
    /* HEAD_DIM 128, FP8_OUTPUT False, STAGE 3 (causal), warp_specialize False, IS_HOPPER; its
     * prune function reads N_CTX, which tilert_jit_compile_and_tune gives it from the call's
     * arguments (as Triton's autotuner gives it the call's keywords) */
    {"attention", "examples/fused_attention_tutorial.tir", "_attn_fwd",
     "fp32,*fp32,i32,i32,tensordesc,tensordesc,tensordesc,tensordesc,i32,128,autotune,autotune,0,3,0,1",
     attn_setup, attn_grid, attn_check},
};

/* ---- the measurement ------------------------------------------------------------------ */

typedef struct fc_times {
  double main, rt, ready, jit, done; /* jit: compiled (or loaded) and tuned */
  const char *phase; /* a label for the report: "cold", "warm" */
} fc_times;

static void print_result(tilert_runtime *rt, const fc_case *c, const tg_launch *l, size_t nconfigs,
                         const char *best, const tilert_jit_tune_result *r,
                         const fc_times *tm, const char *check, double err) {
  tilert_runtime_stats st;
  tilert_runtime_get_stats(rt, &st);
  char dev[256], sig[1024], best_name[512];
  tg_device_name(rt, dev);
  printf("{\"cmd\": \"first-call\", \"case\": \"%s\", \"side\": \"tilec\", \"phase\": \"%s\", "
         "\"device\": \"%s\", "
         "\"configs\": %zu, \"best\": \"%s\", \"tune_source\": \"%s\", \"first_call_ms\": %.3f, "
         "\"jit_tune_ms\": %.3f, \"timed_during_compile\": %zu, \"compile_ms\": %.3f, "
         "\"assemble_ms\": %.3f, \"load_ms\": %.3f, "
         "\"launch_ms\": %.3f, \"runtime_create_ms\": %.3f, \"setup_ms\": %.3f, "
         "\"process_ms\": %.3f, \"compiles\": %u, \"assembles\": %u, \"disk_hits\": %u, "
         "\"cubin_loads\": %u, \"ptx_loads\": %u, \"signature\": \"%s\", \"check\": \"%s\", "
         "\"max_err\": %g}\n",
         c->name, tm->phase, dev, nconfigs, tg_json(best, best_name, sizeof best_name),
         tg_source_name(r->source), tm->done - tm->ready, tm->jit - tm->ready, r->overlapped,
         st.compile_ms, st.assemble_ms, st.load_ms, tm->done - tm->jit, tm->rt - tm->main,
         tm->ready - tm->rt, tm->done - tm->main,
         st.jit_compiles, st.jit_assembles, st.jit_disk_hits, st.cubin_loads, st.ptx_loads,
         tg_json(l->signature, sig, sizeof sig), check, err);
}

typedef struct fc_grid_user {
  tg_grid_fn fn;
  const void *user;
} fc_grid_user;

static void fc_grid(void *user, const tilert_kernel_info *k, unsigned g[3]) {
  const fc_grid_user *u = user;
  u->fn(k, u->user, g);
}

/* Everything the first call does, from ready buffers to the synchronized launch: the
 * specialized signature, then tilert_jit_compile_and_tune (every config compiled, each
 * timed as soon as it is assembled; on a warm cache, loaded and the kept choice read),
 * then the chosen variant's launch. */
static int measure(tilert_runtime *rt, const fc_case *c, fc_problem *p, const char *path,
                   const char *src, size_t len, tg_launch *l, fc_times *tm) {
  snprintf(l->plan, sizeof l->plan, "%s", c->plan);
  if (!c->setup(rt, p, l) || tilert_synchronize(rt)) return tg_fail(rt, "buffers");
  tm->ready = tg_now_ms();
  if (!tg_specialize(l)) return 1;
  char key[1024];
  snprintf(key, sizeof key, "%s n=%lld m=%lld k=%lld %s", c->kernel, (long long)p->n,
           (long long)p->m, (long long)p->k, l->signature);
  tilec_options o;
  memset(&o, 0, sizeof o);
  o.signature = l->signature;
  o.kernels = &c->kernel;
  o.nkernels = 1;
  fc_grid_user gu = {c->grid, p};
  tilert_jit_tune_request req = {.filename = path, .source = src, .len = len, .opts = &o,
                                 .kernel = c->kernel, .grid = fc_grid, .grid_user = &gu,
                                 .tune = {.key = key, .args = l->kargs, .nargs = l->nkargs}};
  tilert_jit_tune_result r;
  if (tilert_jit_compile_and_tune(rt, &req, &r)) return tg_fail(rt, "compile and tune");
  tm->jit = tg_now_ms();
  if (tilert_launch(r.best, r.grid, NULL, l->kargs, l->nkargs) || tilert_synchronize(rt)) {
    tilert_module_release(r.module);
    return tg_fail(rt, "launch");
  }
  tm->done = tg_now_ms();
  /* for the report only (the clock has stopped): how many configs, the chosen one's name */
  const tilert_tuning_info *ti = tilert_metadata_find_tuning(tilert_module_metadata(r.module), c->kernel);
  size_t nconfigs = ti ? ti->nvariants : 0;
  char best[512];
  tilert_variant_name(tilert_kernel_get_info(r.best), best, sizeof best);
  tilert_module_release(r.module);
  /* The mock runs a host add for kernels it does not know (test/gpu/mock_libcuda.c), so
   * TUNE_GPU_CHECK_ON_MOCK=1 lets a test check the add case's values there too. */
  int mock = tg_is_mock(rt) && !getenv("TUNE_GPU_CHECK_ON_MOCK");
  double err = mock ? 0 : c->check(rt, p);
  print_result(rt, c, l, nconfigs, best, &r, tm, mock ? "skipped (mock driver)" : err == 0 ? "ok" : "FAILED", err);
  return err != 0;
}

static int first_call(tilert_runtime *rt, const fc_case *c, fc_problem *p, const char *root,
                      fc_times *tm) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", root, c->file);
  size_t len = 0;
  char *src = tg_read_file(path, &len);
  if (!src) return fprintf(stderr, "tune_gpu: cannot read %s\n", path), 1;
  tg_launch *l = calloc(1, sizeof *l);
  int rc = l ? measure(rt, c, p, path, src, len, l, tm) : 1;
  free(src);
  free(l);
  return rc;
}

static void usage(void) {
  fprintf(stderr, "usage: tune_gpu first-call add|rowsum|matmul|attention [--root DIR] [--phase LABEL] [--n N] [--m M] "
                  "[--k K]\n"
                  "  defaults: add n=2^24; rowsum 4096 rows of 8192; matmul 4096^3; attention 32 heads of 4096\n");
}

int tg_first_call_main(int argc, char **argv) {
  fc_times tm = {.main = tg_now_ms(), .phase = ""};
  const fc_case *c = NULL;
  const char *root = ".";
  int64_t n = 0, m = 0, k = 0;
  for (int i = 0; i < argc; i++) {
    if (!strcmp(argv[i], "--root") && i + 1 < argc) root = argv[++i];
    else if (!strcmp(argv[i], "--phase") && i + 1 < argc) tm.phase = argv[++i];
    else if (!strcmp(argv[i], "--n") && i + 1 < argc) n = atoll(argv[++i]);
    else if (!strcmp(argv[i], "--m") && i + 1 < argc) m = atoll(argv[++i]);
    else if (!strcmp(argv[i], "--k") && i + 1 < argc) k = atoll(argv[++i]);
    else
      for (size_t j = 0; j < sizeof k_cases / sizeof k_cases[0]; j++)
        if (!strcmp(argv[i], k_cases[j].name)) c = &k_cases[j];
  }
  if (!c) return usage(), 2;
  bool attn = !strcmp(c->name, "attention");
  fc_problem p = {.n = n ? n : !strcmp(c->name, "add") ? 1 << 24 : !strcmp(c->name, "rowsum") ? 8192 : 4096,
                  .m = m ? m : attn ? 32 : 4096, .k = attn ? ATT_D : k ? k : 4096};
  tilert_runtime *rt = NULL;
  if (tilert_runtime_create(0, &rt)) {
    int r = tg_fail(rt, "runtime");
    tilert_runtime_destroy(rt);
    return r;
  }
  tm.rt = tg_now_ms();
  int rc = first_call(rt, c, &p, root, &tm);
  for (int i = 0; i < FC_BUFS; i++) { tilert_free(rt, p.dev[i]); free(p.host[i]); }
  tilert_runtime_destroy(rt);
  return rc;
}
