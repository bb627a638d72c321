/* Checks convert_layout lowerings without a GPU: the kernel's LLVM IR (tilec-opt
 * --emit=llvm, retargeted to the host by test/gpu/sim_routes.sh) runs on the CPU stand-in
 * for one thread block of sim_block.h.
 *
 *   simt NUMEL ELEM_BYTES SEED   prints "ok" when out == in bit for bit (and the poisoned
 *                                tail is untouched), else the first difference; exit 1. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_block.h"

#define PAD 256
#define POISON 0xa5

int main(int argc, char **argv) {
  if (argc < 4) return 2;
  size_t n = strtoull(argv[1], NULL, 10), es = strtoull(argv[2], NULL, 10);
  uint64_t s = strtoull(argv[3], NULL, 10) | 1;
  unsigned char *in = malloc(n * es), *out = malloc(n * es + PAD);
  for (size_t i = 0; i < n * es; i++) {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    in[i] = (unsigned char)(s >> 24);
  }
  memset(out, POISON, n * es + PAD);
  sim_run_block(in, out);
  for (size_t i = 0; i < n; i++)
    if (memcmp(in + i * es, out + i * es, es) != 0) {
      printf("element %zu of %zu differs\n", i, n);
      return 1;
    }
  for (size_t i = n * es; i < n * es + PAD; i++)
    if (out[i] != POISON) {
      printf("byte %zu past the end written\n", i);
      return 1;
    }
  printf("ok\n");
  return 0;
}
