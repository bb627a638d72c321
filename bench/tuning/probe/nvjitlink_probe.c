/* nvJitLink over several PTX files, one compile each, one after the other or one thread
 * each; prints each compile's time and the wall time. The session-6 probe of nvJitLink's
 * start-up and compute cache (bench/results/2026-11-23-h200-s6.md).
 *   gcc -O1 -o /tmp/probe bench/tuning/probe/nvjitlink_probe.c -ldl -lpthread
 *   /tmp/probe 0|1 A.ptx B.ptx ...      (0: serial, 1: one thread per file)
 * $NVJITLINK names the library (default /usr/local/cuda/lib64/libnvJitLink.so.13). */
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

typedef struct api { create_fn create; add_fn add; complete_fn complete; destroy_fn destroy; } api;
typedef struct job { const api *jl; char *ptx; size_t n; double ms; int rc; } job;

static void *compile_one(void *arg) {
  job *j = arg;
  const char *opts[] = {"-arch=sm_90a", "-O3"};
  void *h = NULL;
  double t0 = now_ms();
  j->rc = j->jl->create(&h, 2, opts);
  if (!j->rc) j->rc = j->jl->add(h, 2 /* PTX */, j->ptx, j->n, "probe");
  if (!j->rc) j->rc = j->jl->complete(h);
  if (h) j->jl->destroy(&h);
  j->ms = now_ms() - t0;
  return NULL;
}

int main(int argc, char **argv) {
  enum { MAXJ = 64 };
  if (argc < 3 || argc - 2 > MAXJ) { fprintf(stderr, "usage: probe 0|1 A.ptx ...\n"); return 2; }
  const char *lib = getenv("NVJITLINK") ? getenv("NVJITLINK") : "/usr/local/cuda/lib64/libnvJitLink.so.13";
  void *l = dlopen(lib, RTLD_NOW);
  if (!l) { fprintf(stderr, "cannot open %s\n", lib); return 1; }
  api jl = {(create_fn)dlsym(l, "nvJitLinkCreate"), (add_fn)dlsym(l, "nvJitLinkAddData"),
            (complete_fn)dlsym(l, "nvJitLinkComplete"), (destroy_fn)dlsym(l, "nvJitLinkDestroy")};
  if (!jl.create || !jl.add || !jl.complete || !jl.destroy) { fprintf(stderr, "missing symbols\n"); return 1; }
  int n = argc - 2, parallel = atoi(argv[1]);
  job js[MAXJ];
  pthread_t th[MAXJ];
  for (int i = 0; i < n; i++) {
    js[i] = (job){.jl = &jl};
    if (!(js[i].ptx = slurp(argv[i + 2], &js[i].n))) { fprintf(stderr, "cannot read %s\n", argv[i + 2]); return 1; }
  }
  double t0 = now_ms();
  if (parallel) {
    for (int i = 0; i < n; i++) pthread_create(&th[i], NULL, compile_one, &js[i]);
    for (int i = 0; i < n; i++) pthread_join(th[i], NULL);
  } else {
    for (int i = 0; i < n; i++) compile_one(&js[i]);
  }
  double wall = now_ms() - t0, sum = 0;
  for (int i = 0; i < n; i++) {
    sum += js[i].ms;
    printf("%.1f%s ", js[i].ms, js[i].rc ? "(failed)" : "");
  }
  printf("\nwall %.1f sum %.1f\n", wall, sum);
  return 0;
}
