/* PTX -> cubin time through libtilert's assemblers (runtime/ptx_compile.c):
 *   compile_time_asm FILE.ptx ARCH REPS nvjitlink|ptxas|both
 * prints one line per assembler (both: nvJitLink's, then ptxas's): "open_ms=A first_ms=F median_ms=M cubin_bytes=N assembler=..." where A is
 * tilert_assembler_create (nvJitLink: the dlopen; ptxas: the search), F the first compile
 * (nvJitLink initializes itself lazily) and M the median of REPS further compiles.
 * bench/compile_time_cubin.py runs it for every example. */
#include "tilec/tilert.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double compile_once(const tilert_assembler *a, const char *ptx, size_t len,
                           const char *arch, size_t *out_bytes) {
  unsigned char *cubin = NULL;
  char err[4096];
  double t0 = now_ms();
  if (tilert_assembler_compile(a, ptx, len, arch, &cubin, out_bytes, err, sizeof err)) {
    fprintf(stderr, "%s\n", err);
    exit(1);
  }
  double t = now_ms() - t0;
  free(cubin);
  return t;
}

typedef struct run {
  tilert_assembler *a;
  double open_ms, first_ms, *t;
  size_t bytes;
} run;

static int open_run(run *r, tilert_assembler_kind kind, int reps) {
  char err[2048];
  double t0 = now_ms();
  if (tilert_assembler_create(kind, &r->a, err, sizeof err)) { fprintf(stderr, "%s\n", err); return 0; }
  r->open_ms = now_ms() - t0;
  r->t = malloc((size_t)reps * sizeof *r->t);
  return r->t != NULL;
}

static void report(run *r, int reps) {
  qsort(r->t, (size_t)reps, sizeof *r->t, cmp_double);
  printf("open_ms=%.3f first_ms=%.3f median_ms=%.3f cubin_bytes=%zu assembler=%s\n", r->open_ms,
         r->first_ms, r->t[reps / 2], r->bytes, tilert_assembler_describe(r->a));
  free(r->t);
  tilert_assembler_destroy(r->a);
}

/* "both" alternates the two assemblers compile by compile, so that a machine whose load
 * drifts (a shared one) weighs on both alike; it prints the nvJitLink line first. */
int main(int argc, char **argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: compile_time_asm FILE.ptx ARCH REPS nvjitlink|ptxas|both\n");
    return 2;
  }
  static char ptx[1 << 23];
  FILE *f = fopen(argv[1], "rb");
  size_t len = f ? fread(ptx, 1, sizeof ptx, f) : 0;
  if (f) fclose(f);
  if (!len) { fprintf(stderr, "cannot read %s\n", argv[1]); return 1; }
  int reps = atoi(argv[3]);
  if (reps < 1 || reps > 10000) reps = 10;
  bool both = strcmp(argv[4], "both") == 0;
  tilert_assembler_kind kinds[2] = {strcmp(argv[4], "ptxas") == 0 ? TILERT_ASSEMBLER_PTXAS
                                                                  : TILERT_ASSEMBLER_NVJITLINK,
                                    TILERT_ASSEMBLER_PTXAS};
  int n = both ? 2 : 1;
  run runs[2] = {{0}};
  for (int k = 0; k < n; k++)
    if (!open_run(&runs[k], kinds[k], reps)) return 1;
  for (int k = 0; k < n; k++) runs[k].first_ms = compile_once(runs[k].a, ptx, len, argv[2], &runs[k].bytes);
  for (int i = 0; i < reps; i++)
    for (int k = 0; k < n; k++) runs[k].t[i] = compile_once(runs[k].a, ptx, len, argv[2], &runs[k].bytes);
  for (int k = 0; k < n; k++) report(&runs[k], reps);
  return 0;
}
