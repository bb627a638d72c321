/* tune_gpu spec: what launch-time specialization is worth on FlagGems-style strided pointwise
 * kernels (bench/tuning/kernels/pointwise_spec.tir and examples/flaggems_pointwise.tir),
 * launched on contiguous and broadcast (stride 0) tensors:
 *   jit  through tilert_jit_launch on the unhinted plan signature: the runtime decides the
 *        :16 hints and the ==1 constants per launch, as Triton's JIT does;
 *   sig  compiled from the same unhinted signature as it stands (no hints), as Triton's AOT
 *        compile of that signature is (bench/tuning/spec_triton.py has both Triton sides).
 * Each launch is timed alone between two CUDA events; the median of --iters (default 100)
 * after 10 warm-ups. The output is checked at 4096 sampled elements against the host. */
#include "tg.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SP_F32, SP_F16, SP_BOOL };
enum { SP_MAX_OPS = 4, SP_MAX_ITERS = 1000 };

typedef struct sp_operand {
  int dtype;
  int64_t shape[3]; /* its own shape: 1 where it is broadcast */
} sp_operand;

typedef struct sp_case {
  const char *name, *file, *kernel, *plan;
  int rank;
  int64_t shape[3];
  int nops; /* inputs, then the output (always fp32) */
  sp_operand ops[SP_MAX_OPS];
  int val0; /* a float scalar after the first pointer (FlagGems' axpy: 1.5) */
  double (*ref)(const double *in);
} sp_case;

static double ref_where(const double *in) { return in[0] != 0 ? in[1] : in[2]; }
static double ref_clamp(const double *in) { return fmin(fmax(in[0], in[1]), in[2]); }
static double ref_mul(const double *in) { return in[0] * in[1]; }
static double ref_axpy(const double *in) { return in[0] * 1.5 + in[1]; }

#define I32x3 "i32,i32,i32,"
#define I32x2 "i32,i32,"
static const sp_case k_cases[] = {
    {"where_3d", "bench/tuning/kernels/pointwise_spec.tir", "where_3d",
     "*i1,*fp32,*fp32,*fp32," I32x3 I32x3 I32x3 I32x3 I32x3 "i32,512", 3, {64, 512, 1024}, 4,
     {{SP_BOOL, {1, 512, 1024}}, {SP_F32, {64, 512, 1024}}, {SP_F32, {64, 1, 1024}},
      {SP_F32, {64, 512, 1024}}}, 0, ref_where},
    {"clamp_tensor_2d", "bench/tuning/kernels/pointwise_spec.tir", "clamp_tensor_2d",
     "*fp32,*fp32,*fp32,*fp32," I32x2 I32x2 I32x2 I32x2 I32x2 "i32,512", 2, {8192, 4096, 1}, 4,
     {{SP_F32, {8192, 4096, 1}}, {SP_F32, {1, 4096, 1}}, {SP_F32, {8192, 1, 1}},
      {SP_F32, {8192, 4096, 1}}}, 0, ref_clamp},
    {"mul_mixed_3d", "bench/tuning/kernels/pointwise_spec.tir", "mul_mixed_3d",
     "*fp16,*fp32,*fp32," I32x3 I32x3 I32x3 I32x3 "i32,512", 3, {64, 512, 1024}, 3,
     {{SP_F16, {64, 512, 1024}}, {SP_F32, {1, 1, 1024}}, {SP_F32, {64, 512, 1024}}}, 0, ref_mul},
    {"axpy_2d", "examples/flaggems_pointwise.tir", "_jit_function",
     "*fp32,fp32,*fp32,*fp32," I32x2 I32x2 I32x2 I32x2 "i32,512", 2, {8192, 4096, 1}, 3,
     {{SP_F32, {8192, 4096, 1}}, {SP_F32, {1, 4096, 1}}, {SP_F32, {8192, 4096, 1}}}, 1, ref_axpy},
};

typedef struct sp_state {
  tilert_runtime *rt;
  const sp_case *c;
  tilert_devptr dev[SP_MAX_OPS];
  void *host[SP_MAX_OPS];
  int64_t count[SP_MAX_OPS], stride[SP_MAX_OPS][3];
  int64_t tasks, bytes_moved;
  tg_launch l;
  int iters;
  tilert_event ev[2 * SP_MAX_ITERS];
} sp_state;

static size_t dtype_size(int d) { return d == SP_F32 ? 4 : d == SP_F16 ? 2 : 1; }

static double host_value(const sp_state *s, int op, int64_t i) {
  switch (s->c->ops[op].dtype) {
  case SP_F16: return tg_f16_to_f32(((const uint16_t *)s->host[op])[i]);
  case SP_BOOL: return ((const uint8_t *)s->host[op])[i];
  default: return ((const float *)s->host[op])[i];
  }
}

static void *host_fill(int dtype, int64_t n, int salt) {
  void *p = malloc((size_t)n * dtype_size(dtype));
  for (int64_t i = 0; p && i < n; i++) {
    float v = (float)((i * 7 + salt) % 13 - 6) * 0.5f;
    if (dtype == SP_F32) ((float *)p)[i] = v;
    else if (dtype == SP_F16) ((uint16_t *)p)[i] = tg_f32_to_f16(v);
    else ((uint8_t *)p)[i] = (uint8_t)((i + salt) % 3 == 0);
  }
  return p;
}

/* Buffers (inputs filled, the output zeroed), strides (0 where broadcast) and the plan's
 * arguments: pointers (val0 after the first), strides per operand, the shape, the tasks. */
static int sp_setup(sp_state *s) {
  const sp_case *c = s->c;
  tg_launch *l = &s->l;
  memset(l, 0, sizeof *l);
  snprintf(l->plan, sizeof l->plan, "%s", c->plan);
  s->tasks = 1;
  for (int d = 0; d < c->rank; d++) s->tasks *= c->shape[d];
  s->bytes_moved = 0;
  for (int o = 0; o < c->nops; o++) {
    int64_t st = 1;
    s->count[o] = 1;
    for (int d = c->rank - 1; d >= 0; d--) {
      s->stride[o][d] = c->ops[o].shape[d] == 1 ? 0 : st;
      st *= c->ops[o].shape[d];
    }
    s->count[o] = st;
    size_t bytes = (size_t)st * dtype_size(c->ops[o].dtype);
    s->bytes_moved += (int64_t)bytes;
    s->host[o] = o + 1 < c->nops ? host_fill(c->ops[o].dtype, st, o) : NULL;
    if (o + 1 < c->nops && !s->host[o]) return 0;
    if (!tg_buffer(s->rt, s->host[o], bytes, &s->dev[o])) return tg_fail(s->rt, "buffers"), 0;
    l->bytes[l->nargs] = bytes;
    l->args[l->nargs++] = tilert_ptr(s->dev[o]);
    if (o == 0 && c->val0) l->args[l->nargs++] = tilert_f32(1.5f);
  }
  for (int o = 0; o < c->nops; o++)
    for (int d = 0; d < c->rank; d++) l->args[l->nargs++] = tilert_i32((int32_t)s->stride[o][d]);
  for (int d = 0; d < c->rank; d++) l->args[l->nargs++] = tilert_i32((int32_t)c->shape[d]);
  l->args[l->nargs++] = tilert_i32((int32_t)s->tasks);
  return tilert_synchronize(s->rt) == TILERT_OK;
}

/* The output at 4096 sampled elements against the host reference: the largest error. */
static double sp_check(sp_state *s) {
  const sp_case *c = s->c;
  int out = c->nops - 1;
  double err = 0;
  for (int k = 0; k < 4096; k++) {
    int64_t t = (int64_t)((k * 2654435761u) % (uint64_t)s->tasks), rest = t, idx[3] = {0, 0, 0};
    for (int d = c->rank - 1; d >= 0; d--) { idx[d] = rest % c->shape[d]; rest /= c->shape[d]; }
    double in[SP_MAX_OPS];
    for (int o = 0; o < out; o++) {
      int64_t off = 0;
      for (int d = 0; d < c->rank; d++) off += idx[d] * s->stride[o][d];
      in[o] = host_value(s, o, off);
    }
    float got = NAN;
    if (tilert_copy_to_host(s->rt, &got, s->dev[out] + (tilert_devptr)t * 4, 4)) return INFINITY;
    err = fmax(err, fabs(got - c->ref(in)));
  }
  return err;
}

typedef tilert_status (*sp_launch_fn)(void *user, const sp_state *s, const unsigned grid[3]);

/* Median ms of s->iters launches after 10 warm-ups; -1 on a failure. */
static float sp_time(sp_state *s, sp_launch_fn launch, void *user, const unsigned grid[3]) {
  for (int i = 0; i < 10; i++)
    if (launch(user, s, grid)) return -1;
  for (int i = 0; i < s->iters; i++) {
    if (tilert_event_record(s->rt, s->ev[2 * i], NULL) || launch(user, s, grid) ||
        tilert_event_record(s->rt, s->ev[2 * i + 1], NULL))
      return -1;
  }
  if (tilert_synchronize(s->rt)) return -1;
  float ms[SP_MAX_ITERS];
  for (int i = 0; i < s->iters; i++)
    if (tilert_event_elapsed_ms(s->rt, s->ev[2 * i], s->ev[2 * i + 1], &ms[i])) return -1;
  return tg_median(ms, (size_t)s->iters);
}

static tilert_status launch_jit(void *user, const sp_state *s, const unsigned grid[3]) {
  return tilert_jit_launch(user, grid, NULL, s->l.args, s->l.nargs);
}

static tilert_status launch_plain(void *user, const sp_state *s, const unsigned grid[3]) {
  return tilert_launch(user, grid, NULL, s->l.args, s->l.nargs);
}

static void sp_report(sp_state *s, const char *mode, const char *sig, float ms, double first_ms) {
  double err = -1;
  char sj[1024];
  const char *check = "skipped (mock driver)";
  if (!tg_is_mock(s->rt)) {
    err = sp_check(s);
    check = err == 0 ? "ok" : "FAILED";
  }
  printf("{\"cmd\": \"spec\", \"case\": \"%s\", \"side\": \"tilec\", \"mode\": \"%s\", "
         "\"ms\": %.5f, \"gbps\": %.1f, \"first_launch_ms\": %.2f, \"bytes\": %lld, "
         "\"signature\": \"%s\", \"check\": \"%s\", \"max_err\": %g}\n",
         s->c->name, mode, ms, ms > 0 ? (double)s->bytes_moved / (ms * 1e6) : 0.0, first_ms,
         (long long)s->bytes_moved, tg_json(sig, sj, sizeof sj), check, err);
  fflush(stdout);
}

/* tilert_jit_launch: the first launch compiles the specialization. */
static int run_jit(sp_state *s, const char *path, const char *src, size_t len, const unsigned grid[3]) {
  tilert_jit_request req = {.filename = path, .source = src, .len = len,
                            .kernel = s->c->kernel, .signature = s->c->plan};
  tilert_jit_kernel *jk = NULL;
  double t0 = tg_now_ms();
  if (tilert_jit_kernel_create(s->rt, &req, &jk) || launch_jit(jk, s, grid) ||
      tilert_synchronize(s->rt)) {
    tilert_jit_kernel_destroy(jk);
    return tg_fail(s->rt, s->c->name);
  }
  double first = tg_now_ms() - t0;
  float ms = sp_time(s, launch_jit, jk, grid);
  const char *sig = tilert_jit_kernel_specialization_count(jk) ? tilert_jit_kernel_specialization(jk, 0) : "?";
  sp_report(s, "jit", sig, ms, first);
  tilert_jit_kernel_destroy(jk);
  return ms < 0;
}

/* The unhinted plan signature compiled as it stands. */
static int run_sig(sp_state *s, const char *path, const char *src, size_t len, const unsigned grid[3]) {
  tilert_module *mod = NULL;
  tilert_kernel *k = NULL;
  double t0 = tg_now_ms();
  if (tg_jit_load(s->rt, path, src, len, s->c->kernel, s->c->plan, &mod) ||
      tilert_module_get_kernel(mod, s->c->kernel, &k) || launch_plain(k, s, grid) ||
      tilert_synchronize(s->rt))
    return tg_fail(s->rt, s->c->name);
  double first = tg_now_ms() - t0;
  float ms = sp_time(s, launch_plain, k, grid);
  sp_report(s, "sig", s->c->plan, ms, first);
  tilert_module_release(mod);
  return ms < 0;
}

static int run_case(sp_state *s, const char *root) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", root, s->c->file);
  size_t len = 0;
  char *src = tg_read_file(path, &len);
  if (!src) return fprintf(stderr, "tune_gpu: cannot read %s\n", path), 1;
  int rc = 1;
  if (sp_setup(s)) {
    unsigned grid[3] = {(unsigned)((s->tasks + 511) / 512), 1, 1};
    rc = run_jit(s, path, src, len, grid);
    rc |= run_sig(s, path, src, len, grid);
  }
  for (int o = 0; o < s->c->nops; o++) {
    tilert_free(s->rt, s->dev[o]);
    free(s->host[o]);
    s->dev[o] = 0;
    s->host[o] = NULL;
  }
  free(src);
  return rc;
}

static int wanted(int argc, char **argv, const char *name) {
  int any = 0;
  for (int i = 0; i < argc; i++) {
    if (argv[i][0] == '-') { i++; continue; } /* an option and its value */
    any = 1;
    if (!strcmp(argv[i], name)) return 1;
  }
  return !any;
}

int tg_spec_main(int argc, char **argv) {
  const char *root = ".";
  int iters = 100;
  for (int i = 0; i + 1 < argc; i++) {
    if (!strcmp(argv[i], "--root")) root = argv[++i];
    else if (!strcmp(argv[i], "--iters")) iters = atoi(argv[++i]);
  }
  if (iters < 1 || iters > SP_MAX_ITERS) return fprintf(stderr, "tune_gpu: --iters 1..%d\n", SP_MAX_ITERS), 2;
  sp_state *s = calloc(1, sizeof *s);
  if (!s) return 1;
  s->iters = iters;
  if (tilert_runtime_create(0, &s->rt)) {
    int r = tg_fail(s->rt, "runtime");
    tilert_runtime_destroy(s->rt);
    free(s);
    return r;
  }
  int rc = 0;
  for (int i = 0; i < 2 * iters; i++)
    if (tilert_event_create(s->rt, &s->ev[i])) return tg_fail(s->rt, "events");
  for (size_t i = 0; i < sizeof k_cases / sizeof k_cases[0]; i++) {
    if (!wanted(argc, argv, k_cases[i].name)) continue;
    s->c = &k_cases[i];
    rc |= run_case(s, root);
  }
  for (int i = 0; i < 2 * iters; i++) tilert_event_destroy(s->rt, s->ev[i]);
  tilert_runtime_destroy(s->rt);
  free(s);
  return rc;
}
