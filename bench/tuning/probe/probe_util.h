/* Helpers the probes in this folder share (each is one .c file built by itself with gcc). */
#ifndef TILEC_PROBE_UTIL_H
#define TILEC_PROBE_UTIL_H
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* The whole file, NUL-terminated (*n: its length), or NULL. */
static char *slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long len = ftell(f);
  rewind(f);
  char *b = len >= 0 ? malloc((size_t)len + 1) : NULL;
  if (b && fread(b, 1, (size_t)len, f) != (size_t)len) { free(b); b = NULL; }
  fclose(f);
  if (b) b[len] = 0, *n = (size_t)len;
  return b;
}
#endif
