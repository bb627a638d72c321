/* Host time per launch of a tiny kernel (4 parameters like vector add: x, y, out, n; body
 * `ret`), N launches in a loop, host clock around the loop (not GPU time), one sync at the
 * end; the same way as the peers' anchor (/work/shared/anchors/launch_overhead.c):
 *   raw       cuLaunchKernel straight from libcuda (the floor)
 *   checked   tilert_launch: signature checks + ABI packing + cuLaunchKernel
 *   fast      tilert_launch_unchecked: a prepared kernel_params array + cuLaunchKernel
 * Writes JSON lines to stdout. Target: tilert within 1.2x of raw.
 *
 *   launch_overhead [N]      (default 100000) */
#include "tilec/tilert.h"
#include "../runtime/cuda_min.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *ptx =
    ".version 7.0\n.target sm_80\n.address_size 64\n"
    ".visible .entry tiny(.param .u64 x, .param .u64 y, .param .u64 o, .param .u32 n) { ret; }\n"
    "// BLOCK=1024\n"; /* read by the mock libcuda only */
static const char *meta =
    "{\"format\": \"tilec-metadata\", \"version\": 1, \"target\": \"sm_80\", \"kernels\": [{"
    "\"name\": \"tiny\", \"num_warps\": 4, \"shared_bytes\": 0, \"params\": ["
    "{\"name\": \"x\", \"kind\": \"ptr\", \"dtype\": \"fp32\", \"align\": 16},"
    "{\"name\": \"y\", \"kind\": \"ptr\", \"dtype\": \"fp32\", \"align\": 16},"
    "{\"name\": \"o\", \"kind\": \"ptr\", \"dtype\": \"fp32\", \"align\": 16},"
    "{\"name\": \"n\", \"kind\": \"scalar\", \"dtype\": \"i32\", \"divisibility\": 1}]}]}";

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

typedef CUresult (*launch_fn)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                              unsigned, CUstream, void **, void **);
typedef CUresult (*get_fn)(CUfunction *, CUmodule, const char *);
typedef CUresult (*load_fn)(CUmodule *, const void *);
typedef CUresult (*sync_fn)(void);

static void emit(const char *impl, double us, double drain_us, int n) {
  printf("{\"impl\": \"%s\", \"case\": \"launch overhead (host us/launch)\", \"us\": %.3f, "
         "\"us_incl_drain\": %.3f, \"launches\": %d}\n", impl, us, drain_us, n);
  fflush(stdout);
}

#define DIE(...) do { fprintf(stderr, "launch_overhead: " __VA_ARGS__); fprintf(stderr, "\n"); return 1; } while (0)

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100000;
  if (n < 1) n = 100000;
  tilert_runtime *rt;
  if (tilert_runtime_create(0, &rt) != TILERT_OK) {
    fprintf(stderr, "launch_overhead: skipped: %s\n", tilert_runtime_last_error(rt));
    tilert_runtime_destroy(rt);
    return 0;
  }
  tilert_module *m;
  tilert_kernel *k;
  tilert_devptr buf;
  if (tilert_module_load_ptx(rt, ptx, strlen(ptx), meta, strlen(meta), &m) != TILERT_OK ||
      tilert_module_get_kernel(m, "tiny", &k) != TILERT_OK || tilert_malloc(rt, 4096, &buf) != TILERT_OK)
    DIE("%s", tilert_runtime_last_error(rt));

  /* The raw path: the same libcuda, its own module, no tilert in between. The primary context
   * that tilert made current is the one the raw calls use. */
  const char *lib = getenv("TILERT_LIBCUDA");
  void *h = dlopen(lib && lib[0] ? lib : "libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!h) DIE("dlopen: %s", dlerror());
  launch_fn launch;
  load_fn load;
  get_fn get;
  sync_fn sync;
  void *p;
  p = dlsym(h, "cuLaunchKernel"); memcpy(&launch, &p, sizeof p);
  p = dlsym(h, "cuModuleLoadData"); memcpy(&load, &p, sizeof p);
  p = dlsym(h, "cuModuleGetFunction"); memcpy(&get, &p, sizeof p);
  p = dlsym(h, "cuCtxSynchronize"); memcpy(&sync, &p, sizeof p);
  if (!launch || !get || !sync) DIE("libcuda lacks the raw-path symbols");
  CUmodule rm = NULL;
  CUfunction rf = NULL;
  int have_load = load != NULL; /* the mock has no cuModuleLoadData: use tilert's function then */
  if (have_load) {
    if (load(&rm, ptx) != CUDA_SUCCESS || get(&rf, rm, "tiny") != CUDA_SUCCESS) DIE("raw module load failed");
  }
  CUdeviceptr x = buf, y = buf + 1024, o = buf + 2048;
  int nn = 1;
  void *params[4] = {&x, &y, &o, &nn};
  unsigned grid[3] = {1, 1, 1};
  tilert_arg args[4] = {tilert_ptr(buf), tilert_ptr(buf + 1024), tilert_ptr(buf + 2048), tilert_i32(1)};

  for (int round = 0; round < 2; round++) { /* round 0 warms up every path */
    int reps = round ? n : 1000;
    double a, b2, e;
    if (have_load) {
      a = now();
      for (int i = 0; i < reps; i++)
        if (launch(rf, 1, 1, 1, 128, 1, 1, 0, NULL, params, NULL) != CUDA_SUCCESS) DIE("raw launch failed");
      b2 = now();
      if (sync() != CUDA_SUCCESS) DIE("sync failed");
      e = now();
      if (round) emit("raw cuLaunchKernel", (b2 - a) / reps * 1e6, (e - a) / reps * 1e6, reps);
    }
    a = now();
    for (int i = 0; i < reps; i++)
      if (tilert_launch(k, grid, NULL, args, 4) != TILERT_OK) DIE("%s", tilert_runtime_last_error(rt));
    b2 = now();
    if (tilert_synchronize(rt) != TILERT_OK) DIE("%s", tilert_runtime_last_error(rt));
    e = now();
    if (round) emit("tilert checked", (b2 - a) / reps * 1e6, (e - a) / reps * 1e6, reps);
    a = now();
    for (int i = 0; i < reps; i++)
      if (tilert_launch_unchecked(k, grid, NULL, params) != TILERT_OK) DIE("%s", tilert_runtime_last_error(rt));
    b2 = now();
    if (tilert_synchronize(rt) != TILERT_OK) DIE("%s", tilert_runtime_last_error(rt));
    e = now();
    if (round) emit("tilert fast", (b2 - a) / reps * 1e6, (e - a) / reps * 1e6, reps);
  }
  tilert_free(rt, buf);
  tilert_module_release(m);
  tilert_runtime_destroy(rt);
  return 0;
}
