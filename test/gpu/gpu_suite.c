/* GPU correctness suite: every example kernel, precompiled by tilec on the dev machine
 * (DIR/<name>_w4.ptx + .json and _w8), loaded through libtilert, run on fresh random inputs
 * (never zeros; seed printed, TILEC_SEED=N reproduces a run) with poisoned outputs, sizes that
 * are and are not multiples of the block, and compared with a host reference in double by
 * the relative error norm. Prints one line per case and "N passed, M failed" last; exits 1 on
 * failures, 0 with "gpu suite: skipped: REASON" where there is no driver or GPU.
 *
 * Build: test/gpu/run.sh (gcc against libtilert; no CUDA headers needed).
 * Adding a kernel: one row in `cases` below (and, for a new calling convention, a runner). */
#include "tilec/tilert.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define PAD 64            /* poisoned elements after each output: must stay untouched */
#define POISON 0xffffffffu /* a NaN bit pattern: 0xFF bytes */

typedef struct suite {
  tilert_runtime *rt;
  const char *dir;
  uint64_t rng;
  int passed, failed, skipped;
} suite;

/* ---- helpers ---------------------------------------------------------------------------- */

static uint64_t next_u64(suite *s) { /* xorshift64* */
  s->rng ^= s->rng >> 12;
  s->rng ^= s->rng << 25;
  s->rng ^= s->rng >> 27;
  return s->rng * 0x2545f4914f6cdd1dull;
}

/* Uniform in +-[0.05, 4): never zero, both signs. */
static float rand_val(suite *s) {
  uint64_t r = next_u64(s);
  float mag = 0.05f + 3.95f * (float)((r >> 11) & 0xffffff) / 16777216.0f;
  return (r & 1) ? -mag : mag;
}

static void fill_random(suite *s, float *a, size_t n) {
  for (size_t i = 0; i < n; i++) a[i] = rand_val(s);
}

static uint32_t bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

static void result(suite *s, int ok, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void result(suite *s, int ok, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  printf("%s ", ok ? "PASS" : "FAIL");
  vprintf(fmt, ap);
  printf("\n");
  va_end(ap);
  fflush(stdout);
  if (ok) s->passed++; else s->failed++;
}

static void skip(suite *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void skip(suite *s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  printf("SKIP ");
  vprintf(fmt, ap);
  printf("\n");
  va_end(ap);
  s->skipped++;
}

/* The block size that the grid divides by: the first integer constexpr of these names,
 * else the kernel's only integer constexpr. 0 if none. */
static int64_t block_of(const tilert_kernel_info *k) {
  static const char *const names[] = {"BLOCK", "BLOCK_SIZE", "tile_size", "TILE", "XBLOCK"};
  int64_t v;
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (tilert_kernel_info_constexpr(k, names[i], &v) == TILERT_OK) return v;
  int64_t only = 0;
  int count = 0;
  for (size_t i = 0; i < k->nconstexprs; i++)
    if (k->constexprs[i].is_integer) { only = k->constexprs[i].value; count++; }
  return count == 1 ? only : 0;
}

/* An integer argument in the width the signature asks for. */
static tilert_arg int_arg(const tilert_param_info *p, int64_t v) {
  return p->dtype == TILERT_DTYPE_I64 || p->dtype == TILERT_DTYPE_U64 ? tilert_i64(v) : tilert_i32((int32_t)v);
}

static int is_int_scalar(const tilert_param_info *p) {
  return p->kind == TILERT_PARAM_SCALAR && p->dtype <= TILERT_DTYPE_U64;
}

/* Output check: every element written (no poison left), nothing written past the end, no
 * NaN, relative error norm within tol. The norm is taken relative to `mag` when given: the
 * magnitude of the terms that were summed (|a*b| + |c| for a*b + c), so that a result that
 * cancels to near zero is not held to a tighter bound than its rounding allows. */
typedef struct verdict { size_t unwritten, overrun, nans; double relerr; } verdict;

static verdict compare_scaled(const float *out, const double *ref, const double *mag, size_t n) {
  verdict v = {0};
  double num = 0, den = 0;
  for (size_t i = 0; i < n; i++) {
    if (bits(out[i]) == POISON) { v.unwritten++; continue; }
    if (isnan(out[i])) { v.nans++; continue; }
    double d = (double)out[i] - ref[i];
    num += d * d;
    den += mag ? mag[i] * mag[i] : ref[i] * ref[i];
  }
  for (size_t i = n; i < n + PAD; i++)
    if (bits(out[i]) != POISON) v.overrun++;
  v.relerr = den > 0 ? sqrt(num / den) : sqrt(num);
  return v;
}

static verdict compare(const float *out, const double *ref, size_t n) {
  return compare_scaled(out, ref, NULL, n);
}

static int verdict_ok(const verdict *v, double tol) {
  return !v->unwritten && !v->overrun && !v->nans && v->relerr <= tol;
}

#define CHECK_RT(s, call, what)                                                              \
  do {                                                                                       \
    if ((call) != TILERT_OK) {                                                               \
      result((s), 0, "%s: %s", (what), tilert_runtime_last_error((s)->rt));                  \
      goto done;                                                                             \
    }                                                                                        \
  } while (0)

/* ---- element-wise kernels: (in_0, ..., in_k, out, n) ------------------------------------- */

typedef double (*ref_fn)(const double *in);

static double ref_add(const double *x) { return x[0] + x[1]; }
static double ref_mul(const double *x) { return x[0] * x[1]; }
static double ref_gelu_tanh(const double *x) {
  double v = x[0], c = sqrt(2.0 / 3.14159265358979323846);
  return 0.5 * v * (1.0 + tanh(c * (v + 0.044715 * v * v * v)));
}
/* The magnitude of gelu's terms, 0.5*|x|*(1 + |tanh|) <= |x|: for negative x, 1 + tanh
 * cancels, and float32 can do no better than an ulp of 1 there, times 0.5*|x|. */
static double mag_gelu(const double *x) { return fabs(x[0]); }

typedef struct case_def {
  const char *name;  /* files DIR/<name>_w<W>.ptx/.json */
  int ninputs;       /* element-wise: input arrays; 0 for a kernel with its own runner */
  ref_fn ref;
  double tol;        /* relative error norm */
  ref_fn mag;        /* magnitude of the terms the kernel sums (NULL: |ref|), see compare_scaled */
  void (*runner)(suite *, const struct case_def *, tilert_kernel *, int warps);
} case_def;

static void run_elementwise_n(suite *s, const case_def *c, tilert_kernel *k, int warps, size_t n) {
  const tilert_kernel_info *ki = tilert_kernel_get_info(k);
  int nin = c->ninputs;
  tilert_devptr d_in[4] = {0}, d_out = 0;
  float *h_in[4] = {0}, *h_out = malloc((n + PAD) * sizeof(float));
  double *ref = malloc(n * sizeof(double));
  double *mag = c->mag ? malloc(n * sizeof(double)) : NULL;
  char what[160];
  snprintf(what, sizeof what, "%s w%d n=%zu", c->name, warps, n);
  for (int i = 0; i < nin; i++) {
    h_in[i] = malloc(n * sizeof(float));
    fill_random(s, h_in[i], n);
    CHECK_RT(s, tilert_malloc(s->rt, n * sizeof(float), &d_in[i]), what);
    CHECK_RT(s, tilert_copy_to_device(s->rt, d_in[i], h_in[i], n * sizeof(float)), what);
  }
  CHECK_RT(s, tilert_malloc(s->rt, (n + PAD) * sizeof(float), &d_out), what);
  CHECK_RT(s, tilert_memset8(s->rt, d_out, 0xff, (n + PAD) * sizeof(float)), what);
  tilert_arg args[TILERT_MAX_PARAMS];
  int ptr_i = 0;
  for (size_t p = 0; p < ki->nparams; p++)
    args[p] = ki->params[p].kind == TILERT_PARAM_PTR ? tilert_ptr(ptr_i < nin ? d_in[ptr_i++] : d_out)
                                                     : int_arg(&ki->params[p], (int64_t)n);
  int64_t block = block_of(ki);
  unsigned grid[3] = {(unsigned)((n + (size_t)block - 1) / (size_t)block), 1, 1};
  CHECK_RT(s, tilert_launch(k, grid, NULL, args, ki->nparams), what);
  CHECK_RT(s, tilert_synchronize(s->rt), what);
  CHECK_RT(s, tilert_copy_to_host(s->rt, h_out, d_out, (n + PAD) * sizeof(float)), what);
  for (size_t i = 0; i < n; i++) {
    double x[4];
    for (int j = 0; j < nin; j++) x[j] = h_in[j][i];
    ref[i] = c->ref(x);
    if (mag) mag[i] = c->mag(x);
  }
  verdict v = compare_scaled(h_out, ref, mag, n);
  result(s, verdict_ok(&v, c->tol), "%s relerr=%.2e (tol %.0e) unwritten=%zu overrun=%zu nan=%zu", what,
         v.relerr, c->tol, v.unwritten, v.overrun, v.nans);
done:
  for (int i = 0; i < nin; i++) { tilert_free(s->rt, d_in[i]); free(h_in[i]); }
  tilert_free(s->rt, d_out);
  free(h_out);
  free(ref);
  free(mag);
}

static void run_elementwise(suite *s, const case_def *c, tilert_kernel *k, int warps) {
  const tilert_kernel_info *ki = tilert_kernel_get_info(k);
  int nptr = 0, nint = 0;
  for (size_t p = 0; p < ki->nparams; p++) {
    if (ki->params[p].kind == TILERT_PARAM_PTR) nptr++;
    else if (is_int_scalar(&ki->params[p])) nint++;
  }
  if (nptr != c->ninputs + 1 || nint != 1 || (size_t)(nptr + nint) != ki->nparams) {
    result(s, 0, "%s w%d: signature has %d pointers and %d integers of %zu params; the suite "
           "expects %d input pointers, one output pointer and n", c->name, warps, nptr, nint,
           ki->nparams, c->ninputs);
    return;
  }
  if (block_of(ki) <= 0) {
    result(s, 0, "%s w%d: no block-size constexpr in the metadata", c->name, warps);
    return;
  }
  const size_t sizes[] = {1, 1000, 1u << 20, (1u << 20) + 37, 3u * (1u << 20) + 5};
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) run_elementwise_n(s, c, k, warps, sizes[i]);
}

/* ---- FlagGems-style 2-D pointwise: out0 = in0 * val0 + in1 with strides ---------------- */
/* (in0_ptr, val0, in1_ptr, out0_ptr, in0_stride0, in0_stride1, in1_stride0, in1_stride1,
 *  out0_stride0, out0_stride1, s0, s1, num_tasks[, tiles_per_cta]); tile_size constexpr;
 *  grid = cdiv(num_tasks, tile_size). */

typedef struct fg_shape { int64_t s0, s1; int in0_transposed; } fg_shape;

static void run_flaggems_shape(suite *s, const case_def *c, tilert_kernel *k, int warps, fg_shape sh) {
  const tilert_kernel_info *ki = tilert_kernel_get_info(k);
  size_t n = (size_t)(sh.s0 * sh.s1);
  tilert_devptr d0 = 0, d1 = 0, dout = 0;
  float *in0 = malloc(n * sizeof(float)), *in1 = malloc((size_t)sh.s1 * sizeof(float));
  float *out = malloc((n + PAD) * sizeof(float));
  double *ref = malloc(n * sizeof(double));
  float val0 = rand_val(s);
  char what[200];
  snprintf(what, sizeof what, "%s w%d %lldx%lld in0 %s, in1 broadcast along dim 0", c->name, warps,
           (long long)sh.s0, (long long)sh.s1, sh.in0_transposed ? "transposed" : "contiguous");
  fill_random(s, in0, n);
  fill_random(s, in1, (size_t)sh.s1);
  int64_t st0[2] = {sh.in0_transposed ? 1 : sh.s1, sh.in0_transposed ? sh.s0 : 1};
  int64_t st1[2] = {0, 1}, sto[2] = {sh.s1, 1};
  CHECK_RT(s, tilert_malloc(s->rt, n * sizeof(float), &d0), what);
  CHECK_RT(s, tilert_malloc(s->rt, (size_t)sh.s1 * sizeof(float), &d1), what);
  CHECK_RT(s, tilert_malloc(s->rt, (n + PAD) * sizeof(float), &dout), what);
  CHECK_RT(s, tilert_copy_to_device(s->rt, d0, in0, n * sizeof(float)), what);
  CHECK_RT(s, tilert_copy_to_device(s->rt, d1, in1, (size_t)sh.s1 * sizeof(float)), what);
  CHECK_RT(s, tilert_memset8(s->rt, dout, 0xff, (n + PAD) * sizeof(float)), what);
  const tilert_param_info *p = ki->params;
  tilert_arg a[14];
  a[0] = tilert_ptr(d0); a[1] = tilert_f32(val0); a[2] = tilert_ptr(d1); a[3] = tilert_ptr(dout);
  a[4] = int_arg(&p[4], st0[0]); a[5] = int_arg(&p[5], st0[1]);
  a[6] = int_arg(&p[6], st1[0]); a[7] = int_arg(&p[7], st1[1]);
  a[8] = int_arg(&p[8], sto[0]); a[9] = int_arg(&p[9], sto[1]);
  a[10] = int_arg(&p[10], sh.s0); a[11] = int_arg(&p[11], sh.s1); a[12] = int_arg(&p[12], (int64_t)n);
  if (ki->nparams == 14) a[13] = int_arg(&p[13], 1);
  int64_t tile = block_of(ki);
  unsigned grid[3] = {(unsigned)((n + (size_t)tile - 1) / (size_t)tile), 1, 1};
  CHECK_RT(s, tilert_launch(k, grid, NULL, a, ki->nparams), what);
  CHECK_RT(s, tilert_synchronize(s->rt), what);
  CHECK_RT(s, tilert_copy_to_host(s->rt, out, dout, (n + PAD) * sizeof(float)), what);
  double *mag = malloc(n * sizeof *mag);
  for (int64_t i = 0; i < sh.s0; i++)
    for (int64_t j = 0; j < sh.s1; j++) {
      double prod = (double)in0[i * st0[0] + j * st0[1]] * (double)val0;
      ref[i * sh.s1 + j] = prod + (double)in1[j];
      mag[i * sh.s1 + j] = fabs(prod) + fabs((double)in1[j]);
    }
  verdict v = compare_scaled(out, ref, mag, n);
  free(mag);
  result(s, verdict_ok(&v, c->tol), "%s relerr=%.2e (tol %.0e) unwritten=%zu overrun=%zu nan=%zu",
         what, v.relerr, c->tol, v.unwritten, v.overrun, v.nans);
done:
  tilert_free(s->rt, d0);
  tilert_free(s->rt, d1);
  tilert_free(s->rt, dout);
  free(in0); free(in1); free(out); free(ref);
}

static void run_flaggems(suite *s, const case_def *c, tilert_kernel *k, int warps) {
  const tilert_kernel_info *ki = tilert_kernel_get_info(k);
  int ok = (ki->nparams == 13 || (ki->nparams == 14 && strcmp(ki->params[13].name, "tiles_per_cta") == 0)) &&
           ki->params[0].kind == TILERT_PARAM_PTR && ki->params[1].kind == TILERT_PARAM_SCALAR &&
           ki->params[1].dtype == TILERT_DTYPE_FP32 && ki->params[2].kind == TILERT_PARAM_PTR &&
           ki->params[3].kind == TILERT_PARAM_PTR;
  for (size_t p = 4; ok && p < ki->nparams; p++) ok = is_int_scalar(&ki->params[p]);
  if (!ok || block_of(ki) <= 0) {
    result(s, 0, "%s w%d: signature is not (in0_ptr, val0: fp32, in1_ptr, out0_ptr, 6 strides, s0, s1, "
           "num_tasks[, tiles_per_cta]) with a tile_size constexpr", c->name, warps);
    return;
  }
  const fg_shape shapes[] = {{1, 1, 0}, {1000, 37, 0}, {1024, 1024, 0}, {1024, 1024, 1}, {4097, 513, 1}};
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) run_flaggems_shape(s, c, k, warps, shapes[i]);
}

/* ---- 2-D tiles: add_kernel_2d, o = sin(a), (a, o, s1, s2, a_s1, a_s2, o_s1, o_s2) with
 * BLOCK_M x BLOCK_N tiles on grid (cdiv(s1, BLOCK_M), cdiv(s2, BLOCK_N)) ------------------ */

static void run_2d_shape(suite *s, const case_def *c, tilert_kernel *k, int warps, fg_shape sh) {
  const tilert_kernel_info *ki = tilert_kernel_get_info(k);
  size_t n = (size_t)(sh.s0 * sh.s1);
  tilert_devptr da = 0, dout = 0;
  float *a = malloc(n * sizeof(float)), *out = malloc((n + PAD) * sizeof(float));
  double *ref = malloc(n * sizeof(double));
  char what[200];
  snprintf(what, sizeof what, "%s w%d %lldx%lld a %s", c->name, warps, (long long)sh.s0,
           (long long)sh.s1, sh.in0_transposed ? "transposed" : "contiguous");
  fill_random(s, a, n);
  int64_t sa[2] = {sh.in0_transposed ? 1 : sh.s1, sh.in0_transposed ? sh.s0 : 1};
  CHECK_RT(s, tilert_malloc(s->rt, n * sizeof(float), &da), what);
  CHECK_RT(s, tilert_malloc(s->rt, (n + PAD) * sizeof(float), &dout), what);
  CHECK_RT(s, tilert_copy_to_device(s->rt, da, a, n * sizeof(float)), what);
  CHECK_RT(s, tilert_memset8(s->rt, dout, 0xff, (n + PAD) * sizeof(float)), what);
  const tilert_param_info *p = ki->params;
  tilert_arg args[8] = {tilert_ptr(da), tilert_ptr(dout), int_arg(&p[2], sh.s0), int_arg(&p[3], sh.s1),
                        int_arg(&p[4], sa[0]), int_arg(&p[5], sa[1]), int_arg(&p[6], sh.s1), int_arg(&p[7], 1)};
  int64_t bm = 32, bn = 32;
  tilert_kernel_info_constexpr(ki, "BLOCK_M", &bm);
  tilert_kernel_info_constexpr(ki, "BLOCK_N", &bn);
  unsigned grid[3] = {(unsigned)((sh.s0 + bm - 1) / bm), (unsigned)((sh.s1 + bn - 1) / bn), 1};
  CHECK_RT(s, tilert_launch(k, grid, NULL, args, 8), what);
  CHECK_RT(s, tilert_synchronize(s->rt), what);
  CHECK_RT(s, tilert_copy_to_host(s->rt, out, dout, (n + PAD) * sizeof(float)), what);
  for (int64_t i = 0; i < sh.s0; i++)
    for (int64_t j = 0; j < sh.s1; j++) ref[i * sh.s1 + j] = sin((double)a[i * sa[0] + j * sa[1]]);
  verdict v = compare(out, ref, n);
  result(s, verdict_ok(&v, c->tol), "%s relerr=%.2e (tol %.0e) unwritten=%zu overrun=%zu nan=%zu",
         what, v.relerr, c->tol, v.unwritten, v.overrun, v.nans);
done:
  tilert_free(s->rt, da);
  tilert_free(s->rt, dout);
  free(a); free(out); free(ref);
}

static void run_2d(suite *s, const case_def *c, tilert_kernel *k, int warps) {
  const tilert_kernel_info *ki = tilert_kernel_get_info(k);
  int ok = ki->nparams == 8 && ki->params[0].kind == TILERT_PARAM_PTR && ki->params[1].kind == TILERT_PARAM_PTR;
  for (size_t p = 2; ok && p < ki->nparams; p++) ok = is_int_scalar(&ki->params[p]);
  if (!ok) {
    result(s, 0, "%s w%d: signature is not (a, o, s1, s2, a_s1, a_s2, o_s1, o_s2)", c->name, warps);
    return;
  }
  const fg_shape shapes[] = {{1, 1, 0}, {1000, 37, 0}, {1024, 1024, 0}, {1024, 1024, 1}, {4097, 513, 1}};
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) run_2d_shape(s, c, k, warps, shapes[i]);
}

/* ---- transpose: y[n * M + m] = x[m * N + n], (x, y, M, N) with BLOCK_M x BLOCK_N tiles on
 * grid (cdiv(M, BLOCK_M), cdiv(N, BLOCK_N)). A permutation: checked bit for bit. ---------- */

static void run_transpose_shape(suite *s, tilert_kernel *k, int warps, int64_t M, int64_t N) {
  const tilert_kernel_info *ki = tilert_kernel_get_info(k);
  size_t n = (size_t)(M * N);
  tilert_devptr dx = 0, dy = 0;
  float *x = malloc(n * sizeof(float)), *y = malloc((n + PAD) * sizeof(float));
  char what[160];
  snprintf(what, sizeof what, "transpose w%d %lldx%lld", warps, (long long)M, (long long)N);
  fill_random(s, x, n);
  CHECK_RT(s, tilert_malloc(s->rt, n * sizeof(float), &dx), what);
  CHECK_RT(s, tilert_malloc(s->rt, (n + PAD) * sizeof(float), &dy), what);
  CHECK_RT(s, tilert_copy_to_device(s->rt, dx, x, n * sizeof(float)), what);
  CHECK_RT(s, tilert_memset8(s->rt, dy, 0xff, (n + PAD) * sizeof(float)), what);
  tilert_arg args[4] = {tilert_ptr(dx), tilert_ptr(dy), int_arg(&ki->params[2], M), int_arg(&ki->params[3], N)};
  int64_t bm = 64, bn = 64;
  tilert_kernel_info_constexpr(ki, "BLOCK_M", &bm);
  tilert_kernel_info_constexpr(ki, "BLOCK_N", &bn);
  unsigned grid[3] = {(unsigned)((M + bm - 1) / bm), (unsigned)((N + bn - 1) / bn), 1};
  CHECK_RT(s, tilert_launch(k, grid, NULL, args, 4), what);
  CHECK_RT(s, tilert_synchronize(s->rt), what);
  CHECK_RT(s, tilert_copy_to_host(s->rt, y, dy, (n + PAD) * sizeof(float)), what);
  size_t wrong = 0, overrun = 0;
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < N; j++) wrong += bits(y[j * M + i]) != bits(x[i * N + j]);
  for (size_t i = n; i < n + PAD; i++) overrun += bits(y[i]) != POISON;
  result(s, !wrong && !overrun, "%s wrong=%zu overrun=%zu (exact)", what, wrong, overrun);
done:
  tilert_free(s->rt, dx);
  tilert_free(s->rt, dy);
  free(x); free(y);
}

static void run_transpose(suite *s, const case_def *c, tilert_kernel *k, int warps) {
  (void)c;
  const tilert_kernel_info *ki = tilert_kernel_get_info(k);
  if (ki->nparams != 4 || !is_int_scalar(&ki->params[2]) || !is_int_scalar(&ki->params[3])) {
    result(s, 0, "transpose w%d: signature is not (x, y, M, N)", warps);
    return;
  }
  /* M and N are multiples of 16 (the kernel is compiled for i32:16); 1008 x 784 is not a
   * multiple of the 64 x 64 tile, 64 x 8192 is one tile row */
  const int64_t shapes[][2] = {{16, 16}, {1008, 784}, {1024, 1024}, {64, 8192}, {4096, 2048}};
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) run_transpose_shape(s, k, warps, shapes[i][0], shapes[i][1]);
}

/* ---- row softmax: Triton's fused-softmax tutorial kernel, one row per program:
 * (output_ptr, input_ptr, input_row_stride, output_row_stride, n_cols), BLOCK_SIZE constexpr
 * = the next power of two >= n_cols, grid (n_rows,) ---------------------------------------- */

typedef struct sm_shape { int64_t rows, cols, in_pad; } sm_shape;

static void softmax_ref(const float *in, int64_t in_stride, sm_shape sh, double *ref) {
  for (int64_t r = 0; r < sh.rows; r++) {
    const float *x = in + r * in_stride;
    double m = -INFINITY, sum = 0;
    for (int64_t c = 0; c < sh.cols; c++) m = fmax(m, (double)x[c]);
    for (int64_t c = 0; c < sh.cols; c++) sum += exp((double)x[c] - m);
    for (int64_t c = 0; c < sh.cols; c++) ref[r * sh.cols + c] = exp((double)x[c] - m) / sum;
  }
}

static void run_softmax_shape(suite *s, const case_def *c, tilert_kernel *k, int warps, sm_shape sh) {
  const tilert_kernel_info *ki = tilert_kernel_get_info(k);
  int64_t in_stride = sh.cols + sh.in_pad;
  size_t n_in = (size_t)(sh.rows * in_stride), n = (size_t)(sh.rows * sh.cols);
  tilert_devptr din = 0, dout = 0;
  float *in = malloc(n_in * sizeof(float)), *out = malloc((n + PAD) * sizeof(float));
  double *ref = malloc(n * sizeof(double));
  char what[200];
  snprintf(what, sizeof what, "%s w%d %lldx%lld input row stride %lld", c->name, warps,
           (long long)sh.rows, (long long)sh.cols, (long long)in_stride);
  fill_random(s, in, n_in);
  for (size_t i = 0; i < n_in; i++) in[i] *= 8.0f; /* a spread that exercises the max */
  CHECK_RT(s, tilert_malloc(s->rt, n_in * sizeof(float), &din), what);
  CHECK_RT(s, tilert_malloc(s->rt, (n + PAD) * sizeof(float), &dout), what);
  CHECK_RT(s, tilert_copy_to_device(s->rt, din, in, n_in * sizeof(float)), what);
  CHECK_RT(s, tilert_memset8(s->rt, dout, 0xff, (n + PAD) * sizeof(float)), what);
  const tilert_param_info *p = ki->params;
  tilert_arg a[5] = {tilert_ptr(dout), tilert_ptr(din), int_arg(&p[2], in_stride),
                     int_arg(&p[3], sh.cols), int_arg(&p[4], sh.cols)};
  unsigned grid[3] = {(unsigned)sh.rows, 1, 1};
  CHECK_RT(s, tilert_launch(k, grid, NULL, a, 5), what);
  CHECK_RT(s, tilert_synchronize(s->rt), what);
  CHECK_RT(s, tilert_copy_to_host(s->rt, out, dout, (n + PAD) * sizeof(float)), what);
  softmax_ref(in, in_stride, sh, ref);
  verdict v = compare(out, ref, n);
  result(s, verdict_ok(&v, c->tol), "%s relerr=%.2e (tol %.0e) unwritten=%zu overrun=%zu nan=%zu",
         what, v.relerr, c->tol, v.unwritten, v.overrun, v.nans);
done:
  tilert_free(s->rt, din);
  tilert_free(s->rt, dout);
  free(in); free(out); free(ref);
}

static void run_softmax(suite *s, const case_def *c, tilert_kernel *k, int warps) {
  const tilert_kernel_info *ki = tilert_kernel_get_info(k);
  int64_t b = block_of(ki);
  int ok = ki->nparams == 5 && ki->params[0].kind == TILERT_PARAM_PTR &&
           ki->params[1].kind == TILERT_PARAM_PTR && b > 1;
  for (size_t p = 2; ok && p < ki->nparams; p++) ok = is_int_scalar(&ki->params[p]);
  if (!ok) {
    result(s, 0, "%s w%d: signature is not (output_ptr, input_ptr, input_row_stride, "
           "output_row_stride, n_cols) with a BLOCK_SIZE constexpr", c->name, warps);
    return;
  }
  /* n_cols in (BLOCK_SIZE/2, BLOCK_SIZE]: a power of two, one past half, one in between
   * that is not a power of two nor a multiple of 4, a padded input stride */
  const sm_shape shapes[] = {{1, b, 0}, {37, b / 2 + 1, 0}, {1000, b - b / 4 - 5, 0},
                             {300, b, 3}, {4096, b - 1, 0}};
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) run_softmax_shape(s, c, k, warps, shapes[i]);
}

/* ---- the table -------------------------------------------------------------------------- */

static const case_def cases[] = {
    {"vector_add", 2, ref_add, 1e-6, NULL, run_elementwise},
    {"vector_mul", 2, ref_mul, 1e-6, NULL, run_elementwise},
    {"gelu", 1, ref_gelu_tanh, 1e-5, mag_gelu, run_elementwise},      /* tanh through exp */
    {"gelu_tanh", 1, ref_gelu_tanh, 1e-5, mag_gelu, run_elementwise}, /* tl.math.tanh */
    {"add_kernel_2d", 0, NULL, 1e-5, NULL, run_2d},                    /* o = sin(a), 2-D tiles */
    {"flaggems_pointwise", 0, NULL, 1e-6, NULL, run_flaggems},
    {"transpose", 0, NULL, 0, NULL, run_transpose},                    /* exact permutation */
    {"softmax_128", 0, NULL, 1e-5, NULL, run_softmax},  /* tl.max, tl.exp, tl.sum on rows */
    {"softmax", 0, NULL, 1e-5, NULL, run_softmax},      /* BLOCK_SIZE 1024 */
    {"softmax_4096", 0, NULL, 1e-5, NULL, run_softmax},
};

static void run_case(suite *s, const case_def *c, int warps) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s_w%d.ptx", s->dir, c->name, warps);
  if (access(path, R_OK) != 0) { skip(s, "%s w%d: %s not found", c->name, warps, path); return; }
  tilert_module *m;
  if (tilert_module_load_files(s->rt, path, &m) != TILERT_OK) {
    result(s, 0, "%s w%d: load: %s", c->name, warps, tilert_runtime_last_error(s->rt));
    return;
  }
  const tilert_metadata *md = tilert_module_metadata(m);
  const tilert_kernel_info *ki = tilert_metadata_kernel(md, 0);
  tilert_kernel *k;
  if (tilert_module_get_kernel(m, ki->name, &k) != TILERT_OK) {
    result(s, 0, "%s w%d: %s", c->name, warps, tilert_runtime_last_error(s->rt));
  } else {
    if ((int)ki->num_warps != warps)
      printf("note: %s: the metadata says num_warps %u, the file name %d\n", path, ki->num_warps, warps);
    c->runner(s, c, k, warps);
  }
  tilert_module_release(m);
}

int main(int argc, char **argv) {
  suite s = {.dir = argc > 1 ? argv[1] : ".carry/kernels"};
  const char *seed_env = getenv("TILEC_SEED");
  uint64_t seed = seed_env && *seed_env ? strtoull(seed_env, NULL, 10) : (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
  s.rng = seed ? seed : 1;
  if (tilert_runtime_create(0, &s.rt) != TILERT_OK) {
    printf("gpu suite: skipped: %s\n", tilert_runtime_last_error(s.rt));
    tilert_runtime_destroy(s.rt);
    return 0;
  }
  tilert_device_info info;
  tilert_runtime_device_info(s.rt, &info);
  printf("gpu suite: %s (sm_%d%d, %d SMs, driver %d), kernels from %s, seed %llu (TILEC_SEED=%llu reproduces)\n",
         info.name, info.cc_major, info.cc_minor, info.sm_count, info.driver_version, s.dir,
         (unsigned long long)seed, (unsigned long long)seed);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    run_case(&s, &cases[i], 4);
    run_case(&s, &cases[i], 8);
  }
  tilert_runtime_destroy(s.rt);
  if (s.skipped) printf("%d skipped (files not found)\n", s.skipped);
  printf("%d passed, %d failed\n", s.passed, s.failed);
  return s.failed ? 1 : 0;
}
