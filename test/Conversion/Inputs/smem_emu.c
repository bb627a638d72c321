/* Host stand-in for a GPU, for test/Conversion/shared-memory-emulated.test: runs a kernel
 * of test/gpu/Inputs/smem_*.ir (lowered to LLVM IR, then made host IR by smem_emu.sh) on
 * 256 pthreads, one per GPU thread, with a pthread barrier for bar.sync and a host array
 * for the dynamic shared memory, and checks that dst equals src in every element (the
 * padding after dst untouched). KERNEL names the kernel. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define ROWS 128
#define COLS 256
#define N (ROWS*COLS)
#define NT 256
#define STR2(x) #x
#define STR(x) STR2(x)
#define KERNEL_NAME STR(KERNEL)
char __tilec_smem[262144] __attribute__((aligned(1024)));
static pthread_barrier_t bar;
static __thread int my_tid;
int emu_tid(void) { return my_tid; }
void emu_bar(int x) { (void)x; pthread_barrier_wait(&bar); }
void KERNEL(float *src, float *dst);
static float *S, *D;
static void *run(void *a) { my_tid = (int)(long)a; KERNEL(S, D); return NULL; }
int main(void) {
  S = aligned_alloc(64, N * 4); D = aligned_alloc(64, (N + 64) * 4);
  for (int i = 0; i < N; i++) S[i] = i * 0.5f - 3000.0f;
  memset(D, 0xff, (N + 64) * 4);
  memset(__tilec_smem, 0xee, sizeof __tilec_smem);
  pthread_barrier_init(&bar, NULL, NT);
  pthread_t t[NT];
  for (long i = 0; i < NT; i++) pthread_create(&t[i], NULL, run, (void *)i);
  for (int i = 0; i < NT; i++) pthread_join(t[i], NULL);
  long wrong = 0;
  for (int i = 0; i < N; i++) if (D[i] != S[i]) { if (wrong++ < 5) printf("dst[%d]=%g want %g\n", i, D[i], S[i]); }
  unsigned pad = 0; for (int i = N; i < N + 64; i++) { unsigned u; memcpy(&u, &D[i], 4); pad |= u != 0xffffffffu; }
  printf("%s: %ld of %d elements wrong, padding %s\n", KERNEL_NAME, wrong, N, pad ? "WRITTEN" : "untouched");
  return wrong || pad;
}
