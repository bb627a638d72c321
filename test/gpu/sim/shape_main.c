/* Checks the shape-op kernels of test/gpu/Inputs/shape/shape_ops.tir against a host
 * reference (test/gpu/sim_shape.sh): the kernel's LLVM IR, retargeted to the host, runs on
 * the CPU stand-in for one thread block of sim_block.h.
 *
 *   shape_main KIND M N C SEED
 *     KIND  a kernel of shape_ops.tir (trans2d, dot_t, permute3d (A=M, B=N, C), join_split,
 *           interleave2d, expand_bcast, reshape_split, reorder_sum, reduce_trans (A=M,
 *           B=N, C))
 * The input X holds distinct integers as f32 (i + 1000 * SEED), so every result is exact
 * and any misplaced element shows. Prints "ok" when every output matches and the poisoned
 * tail after the output is untouched. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_block.h"

#define PAD 256
#define POISON 0xa5

typedef struct job {
  const char *kind;
  size_t m, n, c;
} job;

/* Output element count and the reference of each. */
static size_t out_count(const job *j) {
  if (!strcmp(j->kind, "permute3d")) return j->m * j->n * j->c;
  if (!strcmp(j->kind, "reduce_trans")) return j->n * j->c;
  if (!strcmp(j->kind, "join_split") || !strcmp(j->kind, "interleave2d")) return 2 * j->m * j->n;
  if (!strcmp(j->kind, "reorder_sum")) return 1;
  return j->m * j->n;
}

static float ref_trans(const job *j, const float *x, size_t o) {
  size_t n = o / j->m, m = o % j->m; /* Y[n][m] */
  return x[m * j->n + n];
}

static float ref_permute3d(const job *j, const float *x, size_t o) {
  size_t A = j->m, B = j->n, C = j->c; /* Y[c][a][b] = X[a][b][c] */
  size_t c = o / (A * B), a = o / B % A, b = o % B;
  return x[a * B * C + b * C + c];
}

static float ref_reduce_trans(const job *j, const float *x, size_t o) {
  size_t A = j->m, B = j->n, C = j->c, c = o / B, b = o % B; /* Y[c][b] = 2 max_a X[a][b][c] + 1 */
  float mx = x[b * C + c];
  for (size_t a = 1; a < A; a++) mx = x[a * B * C + b * C + c] > mx ? x[a * B * C + b * C + c] : mx;
  return mx + (mx + 1.0f);
}

static float ref_join_split(const job *j, const float *x, size_t o) {
  float v = x[o / 2];
  (void)j;
  return o % 2 ? v + 1.0f : v * 2.0f; /* join(x * 2, x + 1) */
}

static float ref_interleave(const job *j, const float *x, size_t o) {
  size_t m = o / (2 * j->n), k = o % (2 * j->n);
  float v = x[m * j->n + k / 2];
  return k % 2 ? -v : v;
}

static float ref_expand(const job *j, const float *x, size_t o) {
  size_t m = o / j->n, n = o % j->n;
  return x[n] + 1000.0f * x[m];
}

static float ref_reshape_split(const job *j, const float *x, size_t o) {
  size_t m = o / j->n, k = o % j->n, h = j->n / 2;
  return k < h ? x[m * j->n + 2 * k] : x[m * j->n + 2 * (k - h) + 1];
}

static float ref_sum(const job *j, const float *x, size_t o) {
  (void)o;
  float s = 0;
  for (size_t i = 0; i < j->m * j->n; i++) s += x[i];
  return s;
}

static float reference(const job *j, const float *x, size_t o) {
  static const struct {
    const char *kind;
    float (*fn)(const job *, const float *, size_t);
  } refs[] = {{"trans2d", ref_trans},         {"dot_t", ref_trans},
              {"permute3d", ref_permute3d},   {"join_split", ref_join_split},
              {"interleave2d", ref_interleave}, {"expand_bcast", ref_expand},
              {"reshape_split", ref_reshape_split}, {"reorder_sum", ref_sum},
              {"reduce_trans", ref_reduce_trans}};
  for (size_t i = 0; i < sizeof refs / sizeof refs[0]; i++)
    if (!strcmp(refs[i].kind, j->kind)) return refs[i].fn(j, x, o);
  fprintf(stderr, "unknown kind %s\n", j->kind);
  exit(2);
}

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: shape_main KIND M N C SEED\n");
    return 2;
  }
  job j = {argv[1], (size_t)atoi(argv[2]), (size_t)atoi(argv[3]), (size_t)atoi(argv[4])};
  int seed = atoi(argv[5]);
  size_t nin = j.m * j.n * j.c, nout = out_count(&j);
  float *in = malloc(nin * sizeof *in);
  unsigned char *out = malloc(nout * 4 + PAD);
  for (size_t i = 0; i < nin; i++) in[i] = (float)(i + 1000 * (size_t)seed);
  memset(out, POISON, nout * 4 + PAD);
  sim_run_block(in, out);
  for (size_t o = 0; o < nout; o++) {
    float got, ref = reference(&j, in, o);
    memcpy(&got, out + 4 * o, 4);
    if (got != ref) {
      printf("output %zu: got %.9g, expected %.9g\n", o, got, ref);
      return 1;
    }
  }
  for (size_t i = nout * 4; i < nout * 4 + PAD; i++)
    if (out[i] != POISON) {
      printf("byte %zu after the output was written\n", i - nout * 4);
      return 1;
    }
  puts("ok");
  return 0;
}
