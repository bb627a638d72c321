/* A CPU stand-in for one thread block, to check convert_layout lowerings without a GPU:
 * the kernel's LLVM IR (tilec-opt --emit=llvm, retargeted to the host by
 * test/gpu/sim_routes.sh) runs once per GPU thread on NTHREADS host threads. The NVVM
 * intrinsics it uses become these functions: the thread index, the block barrier, and
 * shfl.sync.idx (every lane of a warp publishes its value, then reads its source lane's).
 * Shared memory is an ordinary global, shared by the host threads as by a block.
 *
 *   simt NUMEL ELEM_BYTES SEED   prints "ok" when out == in bit for bit (and the poisoned
 *                                tail is untouched), else the first difference; exit 1. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NTHREADS 128
#define NWARPS (NTHREADS / 32)
#define PAD 256
#define POISON 0xa5

void sim_kernel(void *in, void *out);

static pthread_barrier_t g_block, g_warp[NWARPS];
static uint32_t g_lanes[NWARPS][32];
static _Thread_local int t_tid;
static void *g_in, *g_out;

int sim_tid(void) { return t_tid; }

void sim_barrier(int id) {
  (void)id;
  pthread_barrier_wait(&g_block);
}

int sim_shfl(int mask, int v, int src, int clamp) {
  (void)mask;
  (void)clamp;
  int w = t_tid / 32;
  g_lanes[w][t_tid % 32] = (uint32_t)v;
  pthread_barrier_wait(&g_warp[w]);
  int r = (int)g_lanes[w][src & 31];
  pthread_barrier_wait(&g_warp[w]);
  return r;
}

static void *thread_main(void *arg) {
  t_tid = (int)(intptr_t)arg;
  sim_kernel(g_in, g_out);
  return NULL;
}

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
  g_in = in;
  g_out = out;
  pthread_barrier_init(&g_block, NULL, NTHREADS);
  for (int w = 0; w < NWARPS; w++) pthread_barrier_init(&g_warp[w], NULL, 32);
  pthread_t th[NTHREADS];
  for (int t = 0; t < NTHREADS; t++) pthread_create(&th[t], NULL, thread_main, (void *)(intptr_t)t);
  for (int t = 0; t < NTHREADS; t++) pthread_join(th[t], NULL);
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
