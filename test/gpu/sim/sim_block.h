/* The CPU stand-in for one thread block that the simulation harnesses share (simt.c for
 * convert_layout, reduce_main.c for reductions): the kernel's LLVM IR, retargeted to the host
 * by test/gpu/sim/retarget.sed, runs once per GPU thread on SIM_NTHREADS host threads, and the NVVM
 * intrinsics it calls become the functions below: the thread index, the block barrier,
 * shfl.sync.idx and shfl.sync.bfly (every lane of a warp publishes its value, then reads its
 * source lane's), cp.async and its group commit / wait (a copy done at once), predicated
 * global stores, and Triton's
 * fast f32 instructions (div.full, ex2.approx, sqrt.approx) to
 * float precision. Shared memory is an ordinary global, shared by the host threads as by a
 * block. Included by exactly one file of each harness program. */
#ifndef TILEC_SIM_BLOCK_H
#define TILEC_SIM_BLOCK_H

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#define SIM_NTHREADS 128
#define SIM_NWARPS (SIM_NTHREADS / 32)

void sim_kernel(void *in, void *out);

static pthread_barrier_t sim_block_bar, sim_warp_bar[SIM_NWARPS];
static uint32_t sim_lanes[SIM_NWARPS][32];
static _Thread_local int sim_t_tid;
static void *sim_in, *sim_out;

int sim_tid(void) { return sim_t_tid; }
int sim_zero(void) { return 0; } /* the program id: one block */

void sim_barrier(int id) {
  (void)id;
  pthread_barrier_wait(&sim_block_bar);
}

static int sim_exchange(int v, int src) {
  int w = sim_t_tid / 32;
  sim_lanes[w][sim_t_tid % 32] = (uint32_t)v;
  pthread_barrier_wait(&sim_warp_bar[w]);
  int r = (int)sim_lanes[w][src & 31];
  pthread_barrier_wait(&sim_warp_bar[w]);
  return r;
}

int sim_shfl(int mask, int v, int src, int clamp) {
  (void)mask, (void)clamp;
  return sim_exchange(v, src);
}

int sim_shfl_bfly(int mask, int v, int lane_mask, int clamp) {
  (void)mask, (void)clamp;
  return sim_exchange(v, (sim_t_tid % 32) ^ lane_mask);
}

/* cp.async (cp-size N bytes, src-size bytes copied, the rest zero-filled), run at once: the
 * data is there before the wait, which is one of the orders the hardware may show. */
static void sim_cp_async(void *dst, const void *src, int size, int n) {
  memcpy(dst, src, (size_t)size);
  memset((char *)dst + size, 0, (size_t)(n - size));
}
void sim_cp_async_4(void *d, const void *s, int size) { sim_cp_async(d, s, size, 4); }
void sim_cp_async_8(void *d, const void *s, int size) { sim_cp_async(d, s, size, 8); }
void sim_cp_async_16(void *d, const void *s, int size) { sim_cp_async(d, s, size, 16); }
void sim_cp_async_commit(void) {}

/* Predicated global stores (`@p st.global[.v2|.v4].b32` / `.b16`, retarget.sed): the
 * predicate arrives as an i1 whose upper bits are unspecified, so only bit 0 counts. */
void sim_st_v4_b32(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t *p, int m) {
  if (m & 1) p[0] = a, p[1] = b, p[2] = c, p[3] = d;
}
void sim_st_v2_b32(uint32_t a, uint32_t b, uint32_t *p, int m) {
  if (m & 1) p[0] = a, p[1] = b;
}
void sim_st_b32(uint32_t a, uint32_t *p, int m) {
  if (m & 1) p[0] = a;
}
void sim_st_b16(uint16_t a, uint16_t *p, int m) {
  if (m & 1) p[0] = a;
}
void sim_cp_async_wait(int n) { (void)n; }

/* ldmatrix: lanes 8i .. 8i+7 give the rows of matrix i (8 x 16 bits each); lane t gets,
 * per matrix, row t/4's elements 2(t%4) and 2(t%4)+1, or (.trans) column t/4's elements of
 * rows 2(t%4) and 2(t%4)+1, low element in the low half. */
static const uint16_t *sim_rows[SIM_NWARPS][32];

void sim_ldmatrix(int trans, int n, const uint16_t *addr, uint32_t *out) {
  int w = sim_t_tid / 32, t = sim_t_tid % 32;
  sim_rows[w][t] = addr;
  pthread_barrier_wait(&sim_warp_bar[w]);
  for (int i = 0; i < n; i++) {
    uint16_t lo, hi;
    if (!trans) {
      const uint16_t *row = sim_rows[w][8 * i + t / 4];
      lo = row[2 * (t % 4)], hi = row[2 * (t % 4) + 1];
    } else {
      lo = sim_rows[w][8 * i + 2 * (t % 4)][t / 4], hi = sim_rows[w][8 * i + 2 * (t % 4) + 1][t / 4];
    }
    out[i] = lo | (uint32_t)hi << 16;
  }
  pthread_barrier_wait(&sim_warp_bar[w]);
}

float sim_div_full(float a, float b) { return a / b; }
float sim_ex2(float x) { return exp2f(x); }
float sim_sqrt(float x) { return sqrtf(x); }

static void *sim_thread_main(void *arg) {
  sim_t_tid = (int)(intptr_t)arg;
  sim_kernel(sim_in, sim_out);
  return NULL;
}

/* Runs the kernel once over one block of SIM_NTHREADS threads. */
static void sim_run_block(void *in, void *out) {
  sim_in = in, sim_out = out;
  pthread_barrier_init(&sim_block_bar, NULL, SIM_NTHREADS);
  for (int w = 0; w < SIM_NWARPS; w++) pthread_barrier_init(&sim_warp_bar[w], NULL, 32);
  pthread_t th[SIM_NTHREADS];
  for (int t = 0; t < SIM_NTHREADS; t++) pthread_create(&th[t], NULL, sim_thread_main, (void *)(intptr_t)t);
  for (int t = 0; t < SIM_NTHREADS; t++) pthread_join(th[t], NULL);
  pthread_barrier_destroy(&sim_block_bar);
  for (int w = 0; w < SIM_NWARPS; w++) pthread_barrier_destroy(&sim_warp_bar[w]);
}

#endif
