/* Times tilec_compile (source in memory -> PTX) for one kernel file, as an embedding
 * application would call it. Prints the median and minimum over --reps runs in ms.
 *
 * usage: compile_time FILE [--signature SIG] [-D NAME=VALUE]... [--kernel NAME] [--reps N]
 *                     [--emit=ptx|cubin] [--num-warps N] [--num-stages N] [--arch ARCH]
 * (the last three as tilec takes them: examples/examples.txt's lines use them) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "Support/support.h"
#include "tilec/tilec.h"

#define MAX_DEFINES 32

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  tilec_options o;
  memset(&o, 0, sizeof o);
  tilec_define defs[MAX_DEFINES];
  int reps = 20;
  const char *file = NULL, *kernel = NULL;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--signature") == 0 && i + 1 < argc) o.signature = argv[++i];
    else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) reps = atoi(argv[++i]);
    else if (strcmp(argv[i], "--kernel") == 0 && i + 1 < argc) {
      kernel = argv[++i];
      o.kernels = &kernel;
      o.nkernels = 1;
    }
    else if (strcmp(argv[i], "--num-warps") == 0 && i + 1 < argc) o.num_warps = (unsigned)atoi(argv[++i]);
    else if (strcmp(argv[i], "--num-stages") == 0 && i + 1 < argc) o.num_stages = (unsigned)atoi(argv[++i]);
    else if (strcmp(argv[i], "--arch") == 0 && i + 1 < argc) o.arch = argv[++i];
    else if (strcmp(argv[i], "--emit=cubin") == 0) o.emit = TILEC_EMIT_CUBIN;
    else if (strcmp(argv[i], "--emit=ptx") == 0) o.emit = TILEC_EMIT_PTX;
    else if (strncmp(argv[i], "-D", 2) == 0 && o.ndefines < MAX_DEFINES) {
      const char *spec = argv[i][2] ? argv[i] + 2 : argv[++i];
      const char *eq = strchr(spec, '=');
      if (!eq) return fprintf(stderr, "bad define %s\n", spec), 2;
      defs[o.ndefines++] = (tilec_define){strndup(spec, (size_t)(eq - spec)), eq + 1};
    } else file = argv[i];
  }
  if (!file || reps < 1) return fprintf(stderr, "usage: compile_time FILE [options]\n"), 2;
  o.defines = defs;
  size_t len;
  char *src = sup_read_file(file, &len);
  if (!src) return fprintf(stderr, "cannot read %s\n", file), 1;
  double *t = calloc((size_t)reps, sizeof *t);
  for (int i = 0; i < reps; i++) {
    tilec_result *r;
    double t0 = now_ms();
    int rc = tilec_compile(file, src, len, &o, &r);
    t[i] = now_ms() - t0;
    if (rc) return fprintf(stderr, "compile failed\n"), 1;
    tilec_result_free(r);
  }
  qsort(t, (size_t)reps, sizeof *t, cmp_double);
  printf("%s median_ms=%.3f min_ms=%.3f reps=%d\n", file, t[reps / 2], t[0], reps);
  for (size_t i = 0; i < o.ndefines; i++) free((char *)defs[i].name);
  free(t);
  free(src);
  return 0;
}
