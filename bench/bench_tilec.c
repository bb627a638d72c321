/* Times tilec kernels through libtilert with CUDA events: warm-up, then REPS timed launches
 * (one event pair each), median. Inputs are random (never zeros) and far larger than the
 * 60 MB L2. Writes one JSON line per result to stdout (bench/run.sh merges them with the
 * peers' lines from bench/peers.py). A spot check of 4096 random elements against a host
 * reference guards against timing a wrong kernel.
 *
 *   bench_tilec KERNELS_DIR [REPS] [LOG2N]   (KERNELS_DIR/<name>_w4.ptx/.json and _w8)
 * LOG2N (default 28) shrinks the problems for a dry run; the case names keep n = 2^28 only
 * when it is 28. */
#include "tilec/tilert.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct bench {
  tilert_runtime *rt;
  int log2n;
  const char *dir;
  int reps;
  uint64_t rng;
} bench;

static uint64_t next_u64(bench *b) {
  b->rng ^= b->rng >> 12;
  b->rng ^= b->rng << 25;
  b->rng ^= b->rng >> 27;
  return b->rng * 0x2545f4914f6cdd1dull;
}

static float rand_val(bench *b) {
  uint64_t r = next_u64(b);
  float mag = 0.05f + 3.95f * (float)((r >> 11) & 0xffffff) / 16777216.0f;
  return (r & 1) ? -mag : mag;
}

#define TRY(b, call)                                                                          \
  do {                                                                                        \
    if ((call) != TILERT_OK) {                                                                \
      fprintf(stderr, "bench_tilec: %s:%d: %s\n", __FILE__, __LINE__,                         \
              tilert_runtime_last_error((b)->rt));                                            \
      ok = 0;                                                                                 \
      goto done;                                                                              \
    }                                                                                         \
  } while (0)

static int cmp_float(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

/* Median of `reps` event-timed launches after 5 warm-ups. */
static int time_launches(bench *b, tilert_kernel *k, const unsigned grid[3], const tilert_arg *args,
                         size_t nargs, double *out_ms, double *out_min_ms) {
  int ok = 1;
  tilert_event e0 = NULL, e1 = NULL;
  float *ms = calloc((size_t)b->reps, sizeof *ms);
  TRY(b, tilert_event_create(b->rt, &e0));
  TRY(b, tilert_event_create(b->rt, &e1));
  for (int i = 0; i < 5; i++) TRY(b, tilert_launch(k, grid, NULL, args, nargs));
  TRY(b, tilert_synchronize(b->rt));
  for (int i = 0; i < b->reps; i++) {
    TRY(b, tilert_event_record(b->rt, e0, NULL));
    TRY(b, tilert_launch(k, grid, NULL, args, nargs));
    TRY(b, tilert_event_record(b->rt, e1, NULL));
    TRY(b, tilert_event_synchronize(b->rt, e1));
    TRY(b, tilert_event_elapsed_ms(b->rt, e0, e1, &ms[i]));
  }
  qsort(ms, (size_t)b->reps, sizeof *ms, cmp_float);
  *out_ms = ms[b->reps / 2];
  *out_min_ms = ms[0];
done:
  tilert_event_destroy(b->rt, e0);
  tilert_event_destroy(b->rt, e1);
  free(ms);
  return ok;
}

static tilert_module *load(bench *b, const char *name, int warps, tilert_kernel **out_k) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s_w%d.ptx", b->dir, name, warps);
  if (access(path, R_OK) != 0) { fprintf(stderr, "bench_tilec: skip %s: not found\n", path); return NULL; }
  tilert_module *m;
  if (tilert_module_load_files(b->rt, path, &m) != TILERT_OK) {
    fprintf(stderr, "bench_tilec: %s: %s\n", path, tilert_runtime_last_error(b->rt));
    return NULL;
  }
  const tilert_kernel_info *ki = tilert_metadata_kernel(tilert_module_metadata(m), 0);
  tilert_module_get_kernel(m, ki->name, out_k);
  return m;
}

static int64_t block_of(const tilert_kernel_info *k) {
  static const char *const names[] = {"BLOCK", "BLOCK_SIZE", "tile_size", "TILE", "XBLOCK"};
  int64_t v;
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (tilert_kernel_info_constexpr(k, names[i], &v) == TILERT_OK) return v;
  for (size_t i = 0; i < k->nconstexprs; i++)
    if (k->constexprs[i].is_integer) return k->constexprs[i].value;
  return 1024;
}

static tilert_arg int_arg(const tilert_param_info *p, int64_t v) {
  return p->dtype == TILERT_DTYPE_I64 || p->dtype == TILERT_DTYPE_U64 ? tilert_i64(v) : tilert_i32((int32_t)v);
}

typedef struct named_int { const char *name; int64_t value; } named_int;

/* Fills a[] for a kernel whose pointer parameters come in the order of ptrs[], whose one
 * float scalar is f, and whose integer parameters are named in ints[]. False when a
 * parameter matches none of these. */
static int args_by_name(const tilert_kernel_info *ki, const tilert_devptr *ptrs, size_t nptrs, float f,
                        const named_int *ints, size_t nints, tilert_arg *a) {
  size_t next_ptr = 0;
  for (size_t i = 0; i < ki->nparams; i++) {
    const tilert_param_info *p = &ki->params[i];
    size_t j = 0;
    if (p->kind == TILERT_PARAM_PTR) {
      if (next_ptr == nptrs) return 0;
      a[i] = tilert_ptr(ptrs[next_ptr++]);
      continue;
    }
    if (p->dtype == TILERT_DTYPE_FP32) {
      a[i] = tilert_f32(f);
      continue;
    }
    while (j < nints && strcmp(ints[j].name, p->name) != 0) j++;
    if (j == nints) return 0;
    a[i] = int_arg(p, ints[j].value);
  }
  return next_ptr == nptrs;
}

static void emit(const char *case_name, int warps, int64_t block, double ms, double min_ms, double bytes, int checked_ok) {
  printf("{\"impl\": \"tilec\", \"case\": \"%s\", \"num_warps\": %d, \"block\": %lld, \"ms\": %.6f, \"min_ms\": %.6f, "
         "\"bytes\": %.0f, \"gbps\": %.1f, \"check\": \"%s\"}\n",
         case_name, warps, (long long)block, ms, min_ms, bytes, bytes / (ms * 1e-3) / 1e9, checked_ok ? "ok" : "WRONG");
  fflush(stdout);
}

/* ---- element-wise: vector_add / vector_mul / gelu at n = 2^28 --------------------------- */

static double gelu(double v) { return 0.5 * v * (1.0 + tanh(0.7978845608028654 * (v + 0.044715 * v * v * v))); }

static void bench_elementwise(bench *b, const char *name, const char *case_name, int nin, float *host) {
  const size_t n = (size_t)1 << b->log2n;
  for (int warps = 4; warps <= 8; warps += 4) {
    tilert_kernel *k;
    tilert_module *m = load(b, name, warps, &k);
    if (!m) continue;
    const tilert_kernel_info *ki = tilert_kernel_get_info(k);
    int ok = 1;
    tilert_devptr in[2] = {0}, out = 0;
    for (int i = 0; i < nin; i++) {
      TRY(b, tilert_malloc(b->rt, n * 4, &in[i]));
      TRY(b, tilert_copy_to_device(b->rt, in[i], host + i * 17, n * 4)); /* host has n + 64 */
    }
    TRY(b, tilert_malloc(b->rt, n * 4, &out));
    tilert_arg args[TILERT_MAX_PARAMS];
    int pi = 0;
    for (size_t p = 0; p < ki->nparams; p++)
      args[p] = ki->params[p].kind == TILERT_PARAM_PTR ? tilert_ptr(pi < nin ? in[pi++] : out)
                                                       : int_arg(&ki->params[p], (int64_t)n);
    int64_t block = block_of(ki);
    unsigned grid[3] = {(unsigned)((n + (size_t)block - 1) / (size_t)block), 1, 1};
    double ms, min_ms;
    if (!time_launches(b, k, grid, args, ki->nparams, &ms, &min_ms)) { ok = 0; goto done; }
    int good = 1;
    for (int s = 0; s < 4096; s++) {
      size_t i = next_u64(b) % n;
      float o;
      TRY(b, tilert_copy_to_host(b->rt, &o, out + i * 4, 4));
      double x = host[i], y = nin > 1 ? host[i + 17] : 0;
      double r = strcmp(name, "gelu") == 0 ? gelu(x) : strcmp(name, "vector_mul") == 0 ? x * y : x + y;
      if (!(fabs(o - r) <= 1e-5 * (1 + fabs(r)))) good = 0;
    }
    emit(case_name, warps, block, ms, min_ms, (double)(nin + 1) * 4.0 * (double)n, good);
  done:
    for (int i = 0; i < nin; i++) tilert_free(b->rt, in[i]);
    tilert_free(b->rt, out);
    tilert_module_release(m);
    (void)ok;
  }
}

/* ---- FlagGems-style strided add with broadcasting: 16384 x 16384 fp32, in1 along dim 1 -- */

static void bench_flaggems(bench *b, float *host) {
  const int64_t s1 = 16384, s0 = ((int64_t)1 << b->log2n) / s1;
  const size_t n = (size_t)(s0 * s1);
  for (int warps = 4; warps <= 8; warps += 4) {
    tilert_kernel *k;
    tilert_module *m = load(b, "flaggems_pointwise", warps, &k);
    if (!m) continue;
    const tilert_kernel_info *ki = tilert_kernel_get_info(k);
    int ok = 1;
    tilert_devptr d0 = 0, d1 = 0, dout = 0;
    TRY(b, tilert_malloc(b->rt, n * 4, &d0));
    TRY(b, tilert_malloc(b->rt, (size_t)s1 * 4, &d1));
    TRY(b, tilert_malloc(b->rt, n * 4, &dout));
    TRY(b, tilert_copy_to_device(b->rt, d0, host, n * 4));
    TRY(b, tilert_copy_to_device(b->rt, d1, host + 7, (size_t)s1 * 4));
    float val0 = 1.5f;
    /* By name: a kernel specialized as Triton's JIT specializes (strides equal to 1 compiled
     * in as constants) has fewer parameters. */
    const named_int ints[] = {{"in0_stride0", s1}, {"in0_stride1", 1}, {"in1_stride0", 0}, {"in1_stride1", 1},
                              {"out0_stride0", s1}, {"out0_stride1", 1}, {"s0", s0}, {"s1", s1},
                              {"num_tasks", (int64_t)n}};
    const tilert_devptr ptrs[] = {d0, d1, dout};
    tilert_arg a[16];
    if (ki->nparams > 16 || !args_by_name(ki, ptrs, 3, val0, ints, sizeof ints / sizeof *ints, a)) {
      fprintf(stderr, "bench_tilec: flaggems_pointwise: unexpected signature\n");
      goto done;
    }
    int64_t tile = block_of(ki);
    unsigned grid[3] = {(unsigned)((n + (size_t)tile - 1) / (size_t)tile), 1, 1};
    double ms, min_ms;
    if (!time_launches(b, k, grid, a, ki->nparams, &ms, &min_ms)) { ok = 0; goto done; }
    int good = 1;
    for (int s = 0; s < 4096; s++) {
      size_t i = next_u64(b) % n;
      float o;
      TRY(b, tilert_copy_to_host(b->rt, &o, dout + i * 4, 4));
      double r = (double)host[i] * val0 + host[7 + i % (size_t)s1];
      if (!(fabs(o - r) <= 1e-5 * (1 + fabs(r)))) good = 0;
    }
    emit("strided add+bcast f32 16384x16384", warps, tile, ms, min_ms, (2.0 * (double)n + (double)s1) * 4.0, good);
  done:
    tilert_free(b->rt, d0);
    tilert_free(b->rt, d1);
    tilert_free(b->rt, dout);
    tilert_module_release(m);
    (void)ok;
  }
}

/* ---- transpose: 16384 x 16384 fp32, y = x^T, 64 x 64 tiles ------------------------------- */

static void bench_transpose(bench *b, float *host) {
  const int64_t N = 16384, M = ((int64_t)1 << b->log2n) / N;
  const size_t n = (size_t)(M * N);
  for (int warps = 4; warps <= 8; warps += 4) {
    tilert_kernel *k;
    tilert_module *m = load(b, "transpose", warps, &k);
    if (!m) continue;
    const tilert_kernel_info *ki = tilert_kernel_get_info(k);
    int ok = 1;
    tilert_devptr dx = 0, dy = 0;
    TRY(b, tilert_malloc(b->rt, n * 4, &dx));
    TRY(b, tilert_malloc(b->rt, n * 4, &dy));
    TRY(b, tilert_copy_to_device(b->rt, dx, host, n * 4));
    const named_int ints[] = {{"M", M}, {"N", N}};
    const tilert_devptr ptrs[] = {dx, dy};
    tilert_arg a[4];
    if (ki->nparams > 4 || !args_by_name(ki, ptrs, 2, 0.0f, ints, 2, a)) {
      fprintf(stderr, "bench_tilec: transpose: unexpected signature\n");
      goto done;
    }
    int64_t bm = 64, bn = 64;
    tilert_kernel_info_constexpr(ki, "BLOCK_M", &bm);
    tilert_kernel_info_constexpr(ki, "BLOCK_N", &bn);
    unsigned grid[3] = {(unsigned)((M + bm - 1) / bm), (unsigned)((N + bn - 1) / bn), 1};
    double ms, min_ms;
    if (!time_launches(b, k, grid, a, ki->nparams, &ms, &min_ms)) { ok = 0; goto done; }
    int good = 1;
    for (int s = 0; s < 4096; s++) {
      size_t i = next_u64(b) % (size_t)M, j = next_u64(b) % (size_t)N;
      float o;
      TRY(b, tilert_copy_to_host(b->rt, &o, dy + (j * (size_t)M + i) * 4, 4));
      if (memcmp(&o, &host[i * (size_t)N + j], 4) != 0) good = 0;
    }
    emit("transpose f32 16384x16384", warps, bm, ms, min_ms, 8.0 * (double)n, good);
  done:
    tilert_free(b->rt, dx);
    tilert_free(b->rt, dy);
    tilert_module_release(m);
    (void)ok;
  }
}

/* ---- row softmax (Triton's fused-softmax tutorial): 16384 x 4096 fp32, one row per
 * program; bytes = one read and one write of the matrix --------------------------------- */

/* Checks 8 random rows against a double reference; 1 when all are within 1e-5. */
static int softmax_spot_check(bench *b, tilert_devptr dout, const float *host, int64_t rows, int64_t cols) {
  float *row = malloc((size_t)cols * sizeof *row);
  int good = row != NULL;
  for (int t = 0; good && t < 8; t++) {
    int64_t r = (int64_t)(next_u64(b) % (uint64_t)rows);
    const float *x = host + r * cols;
    if (tilert_copy_to_host(b->rt, row, dout + (size_t)(r * cols) * 4, (size_t)cols * 4) != TILERT_OK) good = 0;
    double m = -INFINITY, sum = 0;
    for (int64_t c = 0; c < cols; c++) m = fmax(m, x[c]);
    for (int64_t c = 0; c < cols; c++) sum += exp(x[c] - m);
    for (int64_t c = 0; good && c < cols; c++) {
      double ref = exp(x[c] - m) / sum;
      if (!(fabs(row[c] - ref) <= 1e-5 * ref + 1e-9)) good = 0;
    }
  }
  free(row);
  return good;
}

static void bench_softmax(bench *b, float *host) {
  const int64_t cols = 4096, rows = ((int64_t)1 << b->log2n) / cols < 16384 ? ((int64_t)1 << b->log2n) / cols : 16384;
  const size_t n = (size_t)(rows * cols);
  char case_name[80];
  snprintf(case_name, sizeof case_name, "softmax f32 %lldx%lld", (long long)rows, (long long)cols);
  for (int warps = 4; warps <= 8; warps += 4) {
    tilert_kernel *k;
    tilert_module *m = load(b, "softmax", warps, &k);
    if (!m) continue;
    const tilert_kernel_info *ki = tilert_kernel_get_info(k);
    int ok = 1;
    tilert_devptr din = 0, dout = 0;
    TRY(b, tilert_malloc(b->rt, n * 4, &din));
    TRY(b, tilert_malloc(b->rt, n * 4, &dout));
    TRY(b, tilert_copy_to_device(b->rt, din, host, n * 4));
    const named_int ints[] = {{"input_row_stride", cols}, {"output_row_stride", cols}, {"n_cols", cols}};
    const tilert_devptr ptrs[] = {dout, din};
    tilert_arg a[8];
    if (ki->nparams > 8 || !args_by_name(ki, ptrs, 2, 0.0f, ints, sizeof ints / sizeof *ints, a)) {
      fprintf(stderr, "bench_tilec: softmax: unexpected signature\n");
      goto done;
    }
    if (block_of(ki) < cols) { /* the tutorial's kernel holds a whole row in one block */
      fprintf(stderr, "bench_tilec: softmax: BLOCK_SIZE %lld < n_cols %lld (compile it as bench/kernels.txt says)\n",
              (long long)block_of(ki), (long long)cols);
      goto done;
    }
    unsigned grid[3] = {(unsigned)rows, 1, 1};
    double ms, min_ms;
    if (!time_launches(b, k, grid, a, ki->nparams, &ms, &min_ms)) { ok = 0; goto done; }
    emit(case_name, warps, block_of(ki), ms, min_ms, 2.0 * 4.0 * (double)n,
         softmax_spot_check(b, dout, host, rows, cols));
  done:
    tilert_free(b->rt, din);
    tilert_free(b->rt, dout);
    tilert_module_release(m);
    (void)ok;
  }
}

int main(int argc, char **argv) {
  bench b = {.dir = argc > 1 ? argv[1] : ".carry/kernels", .reps = argc > 2 ? atoi(argv[2]) : 50,
             .rng = 0x9e3779b97f4a7c15ull ^ (uint64_t)getpid()};
  if (b.reps < 1) b.reps = 50;
  b.log2n = argc > 3 ? atoi(argv[3]) : 28;
  if (b.log2n < 14 || b.log2n > 30) b.log2n = 28;
  if (tilert_runtime_create(0, &b.rt) != TILERT_OK) {
    fprintf(stderr, "bench_tilec: skipped: %s\n", tilert_runtime_last_error(b.rt));
    tilert_runtime_destroy(b.rt);
    return 0;
  }
  tilert_device_info info;
  tilert_runtime_device_info(b.rt, &info);
  fprintf(stderr, "bench_tilec: %s, L2 %d MB, %d reps per case\n", info.name, info.l2_bytes >> 20, b.reps);
  const size_t n = (size_t)1 << b.log2n;
  float *host = malloc((n + 64) * sizeof(float));
  if (!host) { fprintf(stderr, "bench_tilec: out of host memory\n"); return 1; }
  for (size_t i = 0; i < n + 64; i++) host[i] = rand_val(&b);
  bench_elementwise(&b, "vector_add", "vecadd f32 n=2^28", 2, host);
  bench_elementwise(&b, "vector_mul", "vecmul f32 n=2^28", 2, host);
  bench_elementwise(&b, "gelu", "gelu(tanh) f32 n=2^28", 1, host);
  bench_flaggems(&b, host);
  bench_transpose(&b, host);
  bench_softmax(&b, host);
  free(host);
  tilert_runtime_destroy(b.rt);
  return 0;
}
