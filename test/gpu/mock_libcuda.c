/* A stand-in libcuda for machines without a GPU, to test libtilert, the GPU suite and the
 * benchmark drivers end to end: "device" memory is host memory, and a launch runs a host
 * version of the kernel chosen by its entry name (add/mul/gelu/pointwise/tiny), reading the
 * block size from a "// BLOCK=N" line in the PTX text. Not a driver emulator: just enough
 * of the API that libtilert calls, with the ABI the real driver has.
 *
 *   gcc -shared -fPIC -O2 test/gpu/mock_libcuda.c -o /tmp/libcuda_mock.so -lm
 *   TILERT_LIBCUDA=/tmp/libcuda_mock.so ./gpu_suite DIR   (test/gpu/run.sh --mock does this) */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mock_libcuda.h"

typedef int CUresult;
typedef unsigned long long CUdeviceptr;
typedef struct mod { long block; } mod;
typedef struct fn { mod *m; char name[64]; } fn;

#define OK 0
#define BAD 1

/* Fault injection for libtilert's tests: mock_cuda_fail("cuMemAlloc_v2") makes that entry
 * point return CUDA_ERROR_INVALID_VALUE until mock_cuda_fail(NULL). Process-wide state, as a
 * stand-in for a driver may have; tests drive it through dlsym. */
static char fail_name[64];
void mock_cuda_fail(const char *name) {
  fail_name[0] = 0;
  if (name) strncpy(fail_name, name, sizeof fail_name - 1);
}
static int failing(const char *fn) { return fail_name[0] && strcmp(fail_name, fn) == 0; }
#define FAILPOINT() do { if (failing(__func__)) return BAD; } while (0)

CUresult cuGetErrorName(CUresult r, const char **s) { *s = r ? "CUDA_ERROR_INVALID_VALUE" : "CUDA_SUCCESS"; return OK; }
CUresult cuGetErrorString(CUresult r, const char **s) { *s = r ? "invalid argument (mock)" : "no error"; return OK; }
CUresult cuInit(unsigned f) { FAILPOINT(); (void)f; return OK; }
/* 13000, or $MOCK_CUDA_DRIVER_VERSION (tests of driver-dependent choices) */
CUresult cuDriverGetVersion(int *v) {
  FAILPOINT();
  const char *e = getenv("MOCK_CUDA_DRIVER_VERSION");
  *v = e ? atoi(e) : 13000;
  return OK;
}
CUresult cuDeviceGet(int *d, int i) { FAILPOINT(); *d = i; return i == 0 ? OK : 101; }
CUresult cuDeviceGetAttribute(int *v, int attr, int d) {
  FAILPOINT();
  (void)d;
  switch (attr) {
  case 75: *v = 9; break;
  case 76: *v = 0; break;
  case 16: *v = 132; break;
  case 38: *v = 60 << 20; break;
  case 97: *v = 227 * 1024; break;
  default: *v = 0;
  }
  return OK;
}
CUresult cuDeviceGetName(char *name, int len, int d) { FAILPOINT(); (void)d; strncpy(name, "Mock H200 (host)", (size_t)len); return OK; }
CUresult cuDevicePrimaryCtxRetain(void **c, int d) { FAILPOINT(); (void)d; static int ctx; *c = &ctx; return OK; }
CUresult cuDevicePrimaryCtxRelease_v2(int d) { FAILPOINT(); (void)d; return OK; }
CUresult cuCtxSetCurrent(void *c) { FAILPOINT(); (void)c; return OK; }
CUresult cuCtxSynchronize(void) { FAILPOINT(); return OK; }
CUresult cuStreamSynchronize(void *s) { FAILPOINT(); (void)s; return OK; }

/* Images loaded so far, by kind, for tests that must know whether the driver got PTX (and
 * would have run its JIT) or a cubin: mock_cuda_loads(&ptx, &cubin). */
static int ptx_loads, cubin_loads;
void mock_cuda_loads(int *ptx, int *cubin) { *ptx = ptx_loads; *cubin = cubin_loads; }

/* The block size N of the host kernels: PTX may carry a "// BLOCK=N" line; real PTX (an
 * .entry, no such line) and cubins (ELF magic) get N = 1024, vector_add's block. */
CUresult cuModuleLoadDataEx(void **out, const void *image, unsigned n, int *opts, void **vals) {
  FAILPOINT();
  (void)n; (void)opts; (void)vals;
  long block = 1024;
  if (memcmp(image, "\x7f" "ELF", 4) == 0) {
    cubin_loads++;
  } else {
    const char *b = strstr(image, "// BLOCK=");
    if (!b && !strstr(image, ".visible .entry")) return 218; /* CUDA_ERROR_INVALID_PTX */
    if (b) block = atol(b + 9);
    ptx_loads++;
  }
  mod *m = malloc(sizeof *m);
  m->block = block;
  *out = m;
  return OK;
}
CUresult cuModuleUnload(void *m) { FAILPOINT(); free(m); return OK; }
CUresult cuModuleGetFunction(void **out, void *m, const char *name) {
  FAILPOINT();
  fn *f = calloc(1, sizeof *f); /* leaked with the module: fine for a test stand-in */
  f->m = m;
  strncpy(f->name, name, sizeof f->name - 1);
  *out = f;
  return OK;
}
CUresult cuFuncSetAttribute(void *f, int a, int v) { FAILPOINT(); (void)f; (void)a; (void)v; return OK; }

CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t n) {
  FAILPOINT();
  void *q = aligned_alloc(256, (n + 255) / 256 * 256);
  *p = (CUdeviceptr)(uintptr_t)q;
  return q ? OK : 2;
}
CUresult cuMemFree_v2(CUdeviceptr p) { FAILPOINT(); free((void *)(uintptr_t)p); return OK; }

/* Stream-ordered allocation from a pool (the global scratch of in-kernel descriptors):
 * host memory, 128-byte aligned; counted for mock_cuda_pool_stats (mock_libcuda.h). */
static mock_pool_stats pool_stats;
CUresult cuMemPoolCreate(void **pool, const void *props) {
  FAILPOINT();
  (void)props;
  static int the_pool;
  *pool = &the_pool;
  pool_stats.creates++;
  return OK;
}
CUresult cuMemPoolDestroy(void *pool) { FAILPOINT(); (void)pool; pool_stats.destroys++; return OK; }
CUresult cuMemPoolSetAttribute(void *pool, int attr, void *value) {
  FAILPOINT();
  (void)pool;
  if (attr == 4) pool_stats.release_threshold = *(unsigned long long *)value;
  return OK;
}
CUresult cuMemAllocFromPoolAsync(CUdeviceptr *p, size_t n, void *pool, void *stream) {
  FAILPOINT();
  (void)pool, (void)stream;
  void *q = aligned_alloc(128, (n + 127) / 128 * 128);
  *p = (CUdeviceptr)(uintptr_t)q;
  pool_stats.allocs++;
  pool_stats.last_bytes = n;
  pool_stats.last_ptr = *p;
  return q ? OK : 2;
}
CUresult cuMemFreeAsync(CUdeviceptr p, void *stream) {
  FAILPOINT();
  (void)stream;
  free((void *)(uintptr_t)p);
  pool_stats.frees++;
  return OK;
}
const mock_pool_stats *mock_cuda_pool_stats(void) { return &pool_stats; }
CUresult cuMemcpyHtoD_v2(CUdeviceptr d, const void *s, size_t n) { FAILPOINT(); memcpy((void *)(uintptr_t)d, s, n); return OK; }
CUresult cuMemcpyDtoH_v2(void *d, CUdeviceptr s, size_t n) { FAILPOINT(); memcpy(d, (void *)(uintptr_t)s, n); return OK; }
CUresult cuMemsetD8_v2(CUdeviceptr d, unsigned char v, size_t n) { FAILPOINT(); memset((void *)(uintptr_t)d, v, n); return OK; }

/* Time on the mock is a virtual clock: a launch advances it by the kernel's cost, read from
 * "costN" in its name (N microseconds; 0 when absent); an event records the clock, and the
 * elapsed time between two events is their difference, or 1 ms when no costed launch ran
 * between them (what the benchmark plumbing has always seen). mock_cuda_launches() counts
 * launches, so that tests can tell whether anything ran. */
static double clock_ms;
static long launches;
long mock_cuda_launches(void) { return launches; }

CUresult cuEventCreate(void **e, unsigned f) { FAILPOINT(); (void)f; *e = calloc(1, sizeof(double)); return OK; }
CUresult cuEventRecord(void *e, void *s) { FAILPOINT(); (void)s; *(double *)e = clock_ms; return OK; }
CUresult cuEventSynchronize(void *e) { FAILPOINT(); (void)e; return OK; }
CUresult cuEventElapsedTime(float *ms, void *a, void *b) {
  FAILPOINT();
  double d = *(double *)b - *(double *)a;
  *ms = d > 0 ? (float)d : 1.0f;
  return OK;
}
CUresult cuEventDestroy_v2(void *e) { FAILPOINT(); free(e); return OK; }

/* Tensor maps: the last cuTensorMapEncodeTiled call is recorded (mock_libcuda.h) and the
 * map filled with a pattern a test can recognise in a launch's parameters. Like the real
 * driver, a map that is not 64-byte aligned is refused. */
static mock_tensormap_call tmap_hist[8]; /* the last 8 calls, a ring */
static int tmap_calls;
const mock_tensormap_call *mock_cuda_tensormap_recent(int back) {
  static const mock_tensormap_call none;
  if (back < 0 || back >= 8 || back >= tmap_calls) return &none;
  return &tmap_hist[(tmap_calls - 1 - back) % 8];
}
const mock_tensormap_call *mock_cuda_tensormap_last(void) { return mock_cuda_tensormap_recent(0); }
unsigned char mock_tensormap_byte(int i) { return (unsigned char)(0xc0 ^ i); }

CUresult cuTensorMapEncodeTiled(void *map, int dtype, unsigned rank, void *addr,
                                const unsigned long long *dims, const unsigned long long *strides,
                                const unsigned *box, const unsigned *estrides, int interleave,
                                int swizzle, int l2, int oob) {
  FAILPOINT();
  mock_tensormap_call *c = &tmap_hist[tmap_calls % 8];
  memset(c, 0, sizeof *c);
  c->calls = ++tmap_calls;
  c->data_type = dtype, c->rank = rank, c->address = (unsigned long long)(uintptr_t)addr;
  c->interleave = interleave, c->swizzle = swizzle, c->l2_promotion = l2, c->oob_fill = oob;
  c->map_aligned = (uintptr_t)map % 64 == 0;
  if (rank < 1 || rank > 5 || !c->map_aligned) return BAD;
  for (unsigned i = 0; i < rank; i++) {
    c->dims[i] = dims[i], c->box[i] = box[i], c->elem_strides[i] = estrides[i];
    if (i + 1 < rank) c->strides[i] = strides[i];
  }
  unsigned char *m = map;
  for (int i = 16; i < 128; i++) m[i] = mock_tensormap_byte(i);
  memcpy(m, &c->address, 8);
  memcpy(m + 8, &rank, 4);
  memcpy(m + 12, &dtype, 4);
  return OK;
}

/* Launch parameter capture for kernels named "...tdesc..." (mock_libcuda.h). */
static unsigned param_sizes[64];
static int nparam_sizes;
static unsigned char last_params[64 * 128];
static size_t last_params_len;
static int last_param_aligned[64];
void mock_cuda_param_sizes(const unsigned *sizes, int n) {
  nparam_sizes = n < 0 ? 0 : n > 64 ? 64 : n;
  for (int i = 0; i < nparam_sizes; i++) param_sizes[i] = sizes[i] > 128 ? 128 : sizes[i];
}
const unsigned char *mock_cuda_last_params(size_t *len) { *len = last_params_len; return last_params; }
int mock_cuda_last_param_aligned(int i) { return i >= 0 && i < 64 && last_param_aligned[i]; }

static void capture_params(void **params) {
  last_params_len = 0;
  for (int i = 0; i < nparam_sizes; i++) {
    memcpy(last_params + last_params_len, params[i], param_sizes[i]);
    last_params_len += param_sizes[i];
    last_param_aligned[i] = (uintptr_t)params[i] % 64 == 0;
  }
}

static float *F(void **params, int i) { return (float *)(uintptr_t)*(CUdeviceptr *)params[i]; }
static int64_t I(void **params, int i, int wide) {
  return wide ? *(int64_t *)params[i] : (int64_t)*(int32_t *)params[i];
}

/* Host versions of the example kernels, one program at a time, masked like the real ones.
 * Integer widths: the mock reads 32 bits unless MOCK_I64 is in the name (n is i32 in the
 * examples; the pointwise strides are i64 when the name says so). */
CUresult cuLaunchKernel(void *f_, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                        unsigned bz, unsigned shared, void *stream, void **params, void **extra) {
  FAILPOINT();
  (void)gy; (void)gz; (void)by; (void)bz; (void)shared; (void)stream; (void)extra;
  fn *f = f_;
  if (bx == 0 || bx > 1024 || !params) return BAD;
  long B = f->m->block;
  int wide = strstr(f->name, "i64") != NULL;
  const char *cost = strstr(f->name, "cost");
  if (strstr(f->name, "nolaunch")) return 701; /* CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES */
  launches++;
  if (cost) clock_ms += atof(cost + 4) / 1000.0;
  if (strstr(f->name, "tiny")) return OK;
  if (strstr(f->name, "tdesc")) { capture_params(params); return OK; }
  /* Kernels with no host version (bench/tuning's autotuned kernels): launched, not run. */
  if (getenv("TILERT_MOCK_NO_RUN")) return OK;
  /* Stand-ins for an atomic-accumulating output and an in-place update, each recording what
   * it found (so that a test can tell whether every run started from the same state):
   * accum(acc, seen, n): acc[0] += 1, seen[0] = max(seen[0], acc[0]);
   * scale(seen, x, n): seen[0] = max(seen[0], x[1]), then x[i] *= 2. */
  if (strstr(f->name, "accum")) {
    float *acc = F(params, 0), *seen = F(params, 1);
    acc[0] += 1.0f;
    seen[0] = fmaxf(seen[0], acc[0]);
    return OK;
  }
  if (strstr(f->name, "scale")) {
    float *seen = F(params, 0), *x = F(params, 1);
    seen[0] = fmaxf(seen[0], x[1]);
    for (int64_t i = 0; i < I(params, 2, 0); i++) x[i] *= 2.0f;
    return OK;
  }
  if (strstr(f->name, "pointwise")) {
    float *in0 = F(params, 0), val0 = *(float *)params[1], *in1 = F(params, 2), *out = F(params, 3);
    int64_t s00 = I(params, 4, wide), s01 = I(params, 5, wide), s10 = I(params, 6, wide);
    int64_t s11 = I(params, 7, wide), so0 = I(params, 8, wide), so1 = I(params, 9, wide);
    int64_t s1 = I(params, 11, wide), nt = I(params, 12, wide);
    for (int64_t t = 0; t < (int64_t)gx * B; t++) {
      if (t >= nt) continue;
      int64_t i = t / s1, j = t % s1;
      out[i * so0 + j * so1] = in0[i * s00 + j * s01] * val0 + in1[i * s10 + j * s11];
    }
    return OK;
  }
  if (strstr(f->name, "sin2d")) {
    float *a = F(params, 0), *o = F(params, 1);
    int64_t s1 = I(params, 2, 0), s2 = I(params, 3, 0), as1 = I(params, 4, 0), as2 = I(params, 5, 0);
    int64_t os1 = I(params, 6, 0), os2 = I(params, 7, 0);
    for (int64_t i = 0; i < (int64_t)gx * B; i++)
      for (int64_t j = 0; j < (int64_t)gy * B; j++)
        if (i < s1 && j < s2) o[i * os1 + j * os2] = sinf(a[i * as1 + j * as2]);
    return OK;
  }
  if (strstr(f->name, "softmax")) { /* (out, in, in_stride, out_stride, n_cols): one row per block */
    float *o = F(params, 0), *x = F(params, 1);
    int64_t xs = I(params, 2, 0), os = I(params, 3, 0), nc = I(params, 4, 0);
    for (int64_t r = 0; r < (int64_t)gx; r++) {
      float m = -INFINITY, sum = 0;
      for (int64_t c = 0; c < nc; c++) m = fmaxf(m, x[r * xs + c]);
      for (int64_t c = 0; c < nc; c++) sum += expf(x[r * xs + c] - m);
      for (int64_t c = 0; c < nc; c++) o[r * os + c] = expf(x[r * xs + c] - m) / sum;
    }
    return OK;
  }
  int unary = strstr(f->name, "gelu") != NULL;
  float *x = F(params, 0), *y = unary ? NULL : F(params, 1), *o = F(params, unary ? 1 : 2);
  int64_t n = I(params, unary ? 2 : 3, wide);
  for (int64_t i = 0; i < (int64_t)gx * B; i++) {
    if (i >= n) continue;
    if (unary) {
      float v = x[i];
      o[i] = 0.5f * v * (1.0f + tanhf(0.7978845608f * (v + 0.044715f * v * v * v)));
    } else if (strstr(f->name, "mul")) {
      o[i] = x[i] * y[i];
    } else {
      o[i] = x[i] + y[i];
    }
  }
  return OK;
}
