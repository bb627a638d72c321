/* Checks the software fp8 conversions (the sm_80 lowering of fp8.c) against a brute-force
 * host reference (test/gpu/sim_fp8.sh): the kernel's LLVM IR, retargeted to the host,
 * runs on the CPU stand-in for one thread block of sim_block.h.
 *
 *   fp8_main to_fp8 e4|e5 N      f32 -> fp8 of N values: every fp8 value, the midpoints
 *                                between neighbours (ties) and one f32 ulp either side,
 *                                values past the largest finite one, infinities, NaN,
 *                                zeros, subnormals, pseudo-random values
 *   fp8_main from_fp8 e4|e5 N    fp8 -> f32 of the codes 0..N-1 (N = 256: all of them)
 * The reference rounds to the nearest finite value (ties to the even code), so values past
 * the largest finite one saturate as cvt.rn.satfinite does; NaN gives the canonical 0x7f.
 * Prints "ok" when every output matches bit for bit. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_block.h"

typedef struct fmt {
  int mbits, bias;
  bool e4; /* e4m3fn: no infinity, 0x7f NaN; e5m2: IEEE-like */
} fmt;

/* The value of a code (NaN for the NaN codes, inf for e5m2's infinities). */
static double decode(const fmt *f, unsigned c) {
  unsigned s = c >> 7, e = (c >> f->mbits) & ((1u << (7 - f->mbits)) - 1), m = c & ((1u << f->mbits) - 1);
  unsigned emax = (1u << (7 - f->mbits)) - 1;
  double v;
  if (f->e4 && (c & 0x7f) == 0x7f) return NAN;
  if (!f->e4 && e == emax) return m ? NAN : (s ? -INFINITY : INFINITY);
  if (e == 0) v = ldexp((double)m, 1 - f->bias - f->mbits);
  else v = ldexp(1.0 + (double)m / (1 << f->mbits), (int)e - f->bias);
  return s ? -v : v;
}

static unsigned max_code(const fmt *f) { return f->e4 ? 0x7e : 0x7b; }

static uint8_t encode_ref(const fmt *f, float x) {
  uint8_t sign = signbit(x) ? 0x80 : 0;
  if (isnan(x)) return 0x7f; /* the canonical NaN, whatever the sign */
  if (fabs((double)x) >= decode(f, max_code(f))) return sign | (uint8_t)max_code(f); /* satfinite */
  double a = fabs((double)x), best = INFINITY;
  unsigned code = 0;
  for (unsigned c = 0; c <= max_code(f); c++) {
    double d = fabs(decode(f, c) - a);
    if (d < best || (d == best && (c & 1) == 0)) best = d, code = c;
  }
  return sign | (uint8_t)code;
}

static float f32_next(float x, int dir) { return nextafterf(x, dir > 0 ? INFINITY : -INFINITY); }

static size_t fill_inputs(const fmt *f, float *in, size_t n) {
  size_t k = 0;
  for (unsigned c = 0; c <= max_code(f) && k + 8 <= n; c++) {
    double v = decode(f, c), w = decode(f, c + 1);
    in[k++] = (float)v, in[k++] = -(float)v;
    if (c < max_code(f)) {
      float mid = (float)((v + w) / 2); /* exact in f32 */
      in[k++] = mid, in[k++] = f32_next(mid, 1), in[k++] = f32_next(mid, -1), in[k++] = -mid;
    }
  }
  float special[] = {INFINITY, -INFINITY, NAN, -NAN, 0.0f, -0.0f, 1e30f, -1e30f, 1e-30f, -1e-30f,
                     (float)decode(f, max_code(f)) * 1.05f, 500.0f, 464.0f, 480.0f, 57344.0f, 61440.0f, 65536.0f};
  for (size_t i = 0; i < sizeof special / sizeof special[0] && k < n; i++) in[k++] = special[i];
  uint32_t s = 12345;
  while (k < n) { /* pseudo-random magnitudes around the format's range */
    s = s * 1664525u + 1013904223u;
    in[k++] = ldexpf((float)(s >> 8) / (1u << 24) - 0.5f, (int)(s % 40) - 22);
  }
  return k;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: fp8_main to_fp8|from_fp8 e4|e5 N\n");
    return 2;
  }
  fmt f = !strcmp(argv[2], "e4") ? (fmt){3, 7, true} : (fmt){2, 15, false};
  size_t n = (size_t)atoi(argv[3]);
  bool to = !strcmp(argv[1], "to_fp8");
  void *in = calloc(n, 4), *out = calloc(n, 4);
  if (to) fill_inputs(&f, in, n);
  else for (size_t i = 0; i < n; i++) ((uint8_t *)in)[i] = (uint8_t)i;
  sim_run_block(in, out);
  for (size_t i = 0; i < n; i++) {
    if (to) {
      float x = ((float *)in)[i];
      uint8_t got = ((uint8_t *)out)[i], ref = encode_ref(&f, x);
      if (got != ref) {
        printf("to_fp8(%.9g = 0x%08x): got 0x%02x, expected 0x%02x\n", x, *(uint32_t *)&((float *)in)[i], got, ref);
        return 1;
      }
    } else {
      float got = ((float *)out)[i], ref = (float)decode(&f, (unsigned)i);
      if (!(got == ref && signbit(got) == signbit(ref)) && !(isnan(got) && isnan(ref))) {
        printf("from_fp8(0x%02zx): got %.9g, expected %.9g\n", i, got, ref);
        return 1;
      }
    }
  }
  puts("ok");
  return 0;
}
