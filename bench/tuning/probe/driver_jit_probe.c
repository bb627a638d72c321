/* PTX -> cubin through the CUDA driver's own compiler (cuLinkCreate / cuLinkAddData(PTX) /
 * cuLinkComplete, which hands back the cubin) beside nvJitLink, in one process on the GPU
 * machine: per file, the first compile of each and the median of REPS more (alternating),
 * then the files all at once, one thread each, through each route (wall and each compile).
 * Writes each route's cubin to OUTDIR (NAME.driver.cubin, NAME.nvjitlink.cubin) for a SASS
 * comparison.
 *   gcc -O1 -I/usr/local/cuda/include -o /tmp/djp bench/tuning/probe/driver_jit_probe.c \
 *       -L/usr/local/cuda/lib64 -lcuda -ldl -lpthread
 *   CUDA_CACHE_DISABLE=1 /tmp/djp REPS OUTDIR A.ptx B.ptx ... */
#include <cuda.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "probe_util.h"

typedef int (*create_fn)(void **, unsigned, const char **);
typedef int (*add_fn)(void *, int, const void *, size_t, const char *);
typedef int (*complete_fn)(void *);
typedef int (*destroy_fn)(void **);
typedef int (*size_fn)(void *, size_t *);
typedef int (*get_fn)(void *, void *);
static struct { create_fn create; add_fn add; complete_fn complete; destroy_fn destroy; size_fn size; get_fn get; } jl;
static CUcontext ctx;

typedef struct job { const char *name; char *ptx; size_t n; int route; double ms; int rc; const char *out; } job;

static void save(const char *out, const char *name, const char *route, const void *b, size_t n) {
  if (!out) return;
  char p[4096];
  snprintf(p, sizeof p, "%s/%s.%s.cubin", out, name, route);
  FILE *f = fopen(p, "wb");
  if (f) fwrite(b, 1, n, f), fclose(f);
}

static void *compile_one(void *arg) {
  job *j = arg;
  double t0 = now_ms();
  if (j->route == 0) { /* the driver */
    cuCtxSetCurrent(ctx);
    char err[8192] = "";
    CUjit_option o[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *v[] = {err, (void *)(size_t)sizeof err};
    CUlinkState s;
    void *cubin = NULL;
    size_t sz = 0;
    j->rc = cuLinkCreate(2, o, v, &s);
    if (!j->rc) j->rc = cuLinkAddData(s, CU_JIT_INPUT_PTX, j->ptx, j->n + 1, j->name, 0, NULL, NULL);
    if (!j->rc) j->rc = cuLinkComplete(s, &cubin, &sz);
    j->ms = now_ms() - t0;
    if (!j->rc) save(j->out, j->name, "driver", cubin, sz);
    if (j->rc) fprintf(stderr, "driver %s: %d %s\n", j->name, j->rc, err);
    cuLinkDestroy(s);
  } else {
    const char *opts[] = {"-arch=sm_90a", "-O3"};
    void *h = NULL;
    j->rc = jl.create(&h, 2, opts);
    if (!j->rc) j->rc = jl.add(h, 2 /* PTX */, j->ptx, j->n, j->name);
    if (!j->rc) j->rc = jl.complete(h);
    j->ms = now_ms() - t0;
    size_t sz = 0;
    if (!j->rc && j->out && !jl.size(h, &sz)) {
      void *b = malloc(sz);
      if (b && !jl.get(h, b)) save(j->out, j->name, "nvjitlink", b, sz);
      free(b);
    }
    if (j->rc) fprintf(stderr, "nvjitlink %s: %d\n", j->name, j->rc);
    if (h) jl.destroy(&h);
  }
  return NULL;
}

static int cmpd(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  enum { MAXJ = 64, MAXR = 32 };
  if (argc < 4 || argc - 3 > MAXJ) { fprintf(stderr, "usage: djp REPS OUTDIR A.ptx ...\n"); return 2; }
  int reps = atoi(argv[1]), n = argc - 3;
  if (reps < 1 || reps > MAXR) reps = 5;
  double t0 = now_ms();
  CUdevice dev;
  if (cuInit(0) || cuDeviceGet(&dev, 0) || cuDevicePrimaryCtxRetain(&ctx, dev) || cuCtxSetCurrent(ctx)) {
    fprintf(stderr, "no CUDA context\n");
    return 1;
  }
  printf("driver init + context: %.1f ms\n", now_ms() - t0);
  t0 = now_ms();
  void *l = dlopen("libnvJitLink.so.13", RTLD_NOW);
  if (!l) l = dlopen("/usr/local/cuda/lib64/libnvJitLink.so.13", RTLD_NOW);
  if (!l) { fprintf(stderr, "no nvJitLink\n"); return 1; }
  jl.create = (create_fn)dlsym(l, "nvJitLinkCreate");
  jl.add = (add_fn)dlsym(l, "nvJitLinkAddData");
  jl.complete = (complete_fn)dlsym(l, "nvJitLinkComplete");
  jl.destroy = (destroy_fn)dlsym(l, "nvJitLinkDestroy");
  jl.size = (size_fn)dlsym(l, "nvJitLinkGetLinkedCubinSize");
  jl.get = (get_fn)dlsym(l, "nvJitLinkGetLinkedCubin");
  printf("nvJitLink dlopen: %.1f ms\n", now_ms() - t0);
  job js[MAXJ];
  for (int i = 0; i < n; i++) {
    const char *b = strrchr(argv[i + 3], '/');
    js[i] = (job){.name = b ? b + 1 : argv[i + 3]};
    if (!(js[i].ptx = slurp(argv[i + 3], &js[i].n))) { fprintf(stderr, "cannot read %s\n", argv[i + 3]); return 1; }
  }
  printf("file | driver first | driver median | nvJitLink first | nvJitLink median | driver / nvJitLink\n");
  for (int i = 0; i < n; i++) {
    double first[2] = {0, 0}, t[2][MAXR];
    for (int r = -1; r < reps; r++)
      for (int route = 0; route < 2; route++) {
        job j = js[i];
        j.route = route;
        j.out = r == -1 ? argv[2] : NULL;
        compile_one(&j);
        if (j.rc) return 1;
        if (r < 0) first[route] = j.ms; else t[route][r] = j.ms;
      }
    qsort(t[0], (size_t)reps, sizeof(double), cmpd);
    qsort(t[1], (size_t)reps, sizeof(double), cmpd);
    double m0 = t[0][reps / 2], m1 = t[1][reps / 2];
    printf("%s | %.1f | %.1f | %.1f | %.1f | %.2f\n", js[i].name, first[0], m0, first[1], m1, m0 / m1);
  }
  for (int route = 0; route < 2; route++) {
    pthread_t th[MAXJ];
    job jj[MAXJ];
    double w0 = now_ms();
    for (int i = 0; i < n; i++) {
      jj[i] = js[i];
      jj[i].route = route;
      pthread_create(&th[i], NULL, compile_one, &jj[i]);
    }
    for (int i = 0; i < n; i++) pthread_join(th[i], NULL);
    double wall = now_ms() - w0, sum = 0, mx = 0;
    printf("%s, %d threads at once: wall %.1f ms; each:", route ? "nvJitLink" : "driver", n, wall);
    for (int i = 0; i < n; i++) {
      printf(" %.1f", jj[i].ms);
      sum += jj[i].ms;
      if (jj[i].ms > mx) mx = jj[i].ms;
    }
    printf(" (sum %.1f, max %.1f)\n", sum, mx);
  }
  return 0;
}
