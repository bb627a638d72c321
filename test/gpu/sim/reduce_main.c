/* Checks reduction kernels against a host reference (test/gpu/sim_reduce.sh): the kernel's
 * LLVM IR, retargeted to the host, runs on the CPU stand-in for one thread block of
 * sim_block.h (thread index, barriers, idx and bfly shuffles, fast f32 math).
 *
 *   reduce_main KIND DTYPE R C AXIS OP SEED
 *     KIND  red1d (N = R elements -> 1), red2d (RxC along AXIS), redall (RxC -> 1),
 *           softmax2d (RxC, softmax of each row), loop1d (N = R elements -> sum, max:
 *           reductions inside a loop), scan2d (RxC scanned along AXIS: OP 0 cumsum, 1 cumsum
 *           reverse, 2 cumprod, 3 max scan, 4 / 5 the affine recurrence h = h * a + x with
 *           a = x mod 3 - 1, forward / reverse; 2, 4 and 5 on i32, wrapping)
 *     DTYPE f32 | i32;  OP 0 sum, 1 max, 2 min, 3 argmax, 4 argmin (the first index of the
 *     max / min: ties go left), 5 sum (through tl.reduce)
 * prints "ok" when every result matches (floats: sums within a relative 1e-5 of the sum
 * of magnitudes, max/min exactly; integers exactly) and the poisoned tail is untouched. */
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_block.h"

#define PAD 256
#define POISON 0xa5

float __nv_expf(float x) { return expf(x); } /* libdevice, for softmax */

typedef struct job {
  const char *kind;
  bool is_f32;
  int r, c, axis, op;
} job;

static double get(const job *j, const void *p, size_t i) {
  return j->is_f32 ? (double)((const float *)p)[i] : (double)((const int32_t *)p)[i];
}

static double fold(int op, double acc, double v) {
  if (op == 0 || op == 5) return acc + v;
  if (op == 1) return v > acc ? v : acc;
  return v < acc ? v : acc;
}

/* Reference of output `o`: fold over the `n` inputs at first + k*step; *out_mag: sum |x|. */
static double ref_fold(const job *j, const void *in, size_t first, size_t step, size_t n,
                       double *out_mag) {
  double acc = get(j, in, first), mag = fabs(acc);
  size_t at = 0;
  for (size_t k = 1; k < n; k++) {
    double v = get(j, in, first + k * step);
    if ((j->op == 3 && v > acc) || (j->op == 4 && v < acc)) acc = v, at = k;
    else if (j->op < 3 || j->op == 5) acc = fold(j->op, acc, v);
    mag += fabs(v);
  }
  *out_mag = mag;
  return j->op == 3 || j->op == 4 ? (double)at : acc;
}

static bool close_enough(const job *j, double got, double ref, double mag) {
  if (!j->is_f32 || (j->op != 0 && j->op != 5)) return got == ref;
  return fabs(got - ref) <= 1e-5 * mag + 1e-6;
}

static int check_reduce(const job *j, const void *in, const void *out) {
  size_t nout = 1, n = (size_t)j->r * j->c, step = 1;
  if (!strcmp(j->kind, "red2d")) nout = j->axis == 0 ? j->c : j->r, n = j->axis == 0 ? j->r : j->c,
                                 step = j->axis == 0 ? (size_t)j->c : 1;
  for (size_t o = 0; o < nout; o++) {
    size_t first = !strcmp(j->kind, "red2d") ? (j->axis == 0 ? o : o * j->c) : 0;
    double mag, ref = ref_fold(j, in, first, step, n, &mag), got = get(j, out, o);
    if (!close_enough(j, got, ref, mag)) {
      printf("output %zu: got %.9g, expected %.9g\n", o, got, ref);
      return 1;
    }
  }
  return 0;
}

static int check_softmax(const job *j, const float *in, const float *out) {
  for (int r = 0; r < j->r; r++) {
    double m = -INFINITY, s = 0;
    for (int c = 0; c < j->c; c++) m = fmax(m, in[r * j->c + c]);
    for (int c = 0; c < j->c; c++) s += exp(in[r * j->c + c] - m);
    for (int c = 0; c < j->c; c++) {
      double ref = exp(in[r * j->c + c] - m) / s, got = out[r * j->c + c];
      if (!(fabs(got - ref) <= 1e-5 * fabs(ref) + 1e-7)) {
        printf("softmax[%d][%d]: got %.9g, expected %.9g\n", r, c, got, ref);
        return 1;
      }
    }
  }
  return 0;
}

/* loop1d: out[0] the sum, out[1] the max of the r inputs. */
static int check_loop(const job *j, const float *in, const float *out) {
  job js = *j, jm = *j;
  js.op = 0, jm.op = 1;
  int bad = check_reduce(&js, in, out);
  return bad ? bad : check_reduce(&jm, in, out + 1);
}

/* The affine pair (a, b) after (pa, pb) in scan order: h -> (h * pa + pb) * a + b. */
static void affine(int64_t *pa, int64_t *pb, int64_t a, int64_t b) {
  *pa = (int32_t)(uint32_t)((uint64_t)*pa * (uint64_t)a);
  *pb = (int32_t)(uint32_t)((uint64_t)*pb * (uint64_t)a + (uint64_t)b);
}

/* One scan line of n elements at first + k*step, in scan order (reverse: from the end). */
static int check_scan_line(const job *j, const void *in, const void *out, size_t first, size_t step, size_t n) {
  double acc = 0, mag = 0;
  int64_t pa = 1, pb = 0;
  for (size_t k = 0; k < n; k++) {
    size_t i = first + step * (j->op == 1 || j->op == 5 ? n - 1 - k : k);
    double x = get(j, in, i);
    mag += fabs(x);
    if (j->op <= 1) acc = k ? acc + x : x;
    else if (j->op == 2) acc = k ? (double)(int32_t)(uint32_t)((uint64_t)(int64_t)acc * (uint64_t)(int64_t)x) : x;
    else if (j->op == 3) acc = k && acc > x ? acc : x;
    else {
      int64_t xi = (int64_t)x, a = xi % 3 - 1; /* a tensor % is C's remainder (remsi), as in Triton */
      if (k) affine(&pa, &pb, a, xi); else pa = a, pb = xi;
      acc = (double)pb;
    }
    double got = get(j, out, i);
    bool ok = j->is_f32 && j->op <= 1 ? fabs(got - acc) <= 1e-5 * mag + 1e-6 : got == acc;
    if (!ok) {
      printf("scan element %zu: got %.9g, expected %.9g\n", i, got, acc);
      return 1;
    }
  }
  return 0;
}

static int check_scan(const job *j, const void *in, const void *out) {
  size_t lines = j->axis == 0 ? (size_t)j->c : (size_t)j->r, n = j->axis == 0 ? (size_t)j->r : (size_t)j->c;
  for (size_t l = 0; l < lines; l++) {
    size_t first = j->axis == 0 ? l : l * j->c, step = j->axis == 0 ? (size_t)j->c : 1;
    if (check_scan_line(j, in, out, first, step, n)) return 1;
  }
  return 0;
}

static size_t out_count(const job *j) {
  if (!strcmp(j->kind, "scan2d")) return (size_t)j->r * j->c;
  if (!strcmp(j->kind, "softmax2d")) return (size_t)j->r * j->c;
  if (!strcmp(j->kind, "loop1d")) return 2;
  if (!strcmp(j->kind, "red2d")) return j->axis == 0 ? j->c : j->r;
  return 1;
}

int main(int argc, char **argv) {
  if (argc < 8) return 2;
  job j = {argv[1], !strcmp(argv[2], "f32"), atoi(argv[3]), atoi(argv[4]), atoi(argv[5]), atoi(argv[6])};
  uint64_t s = strtoull(argv[7], NULL, 10) | 1;
  size_t n = (size_t)j.r * j.c, nout = out_count(&j);
  uint32_t *in = malloc(n * 4);
  unsigned char *out = malloc(nout * 4 + PAD);
  for (size_t i = 0; i < n; i++) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    if (j.is_f32) ((float *)in)[i] = (float)((int64_t)(s >> 40) - (1 << 23)) / (float)(1 << 22);
    else ((int32_t *)in)[i] = (int32_t)((s >> 33) % 2001) - 1000;
  }
  memset(out, POISON, nout * 4 + PAD);
  sim_run_block(in, out);
  int bad = !strcmp(j.kind, "softmax2d") ? check_softmax(&j, (float *)in, (float *)out)
            : !strcmp(j.kind, "loop1d")  ? check_loop(&j, (float *)in, (float *)out)
            : !strcmp(j.kind, "scan2d")  ? check_scan(&j, in, out)
                                         : check_reduce(&j, in, out);
  for (size_t i = nout * 4; !bad && i < nout * 4 + PAD; i++)
    if (out[i] != POISON) {
      printf("byte %zu past the end written\n", i);
      bad = 1;
    }
  if (!bad) printf("ok\n");
  return bad;
}
