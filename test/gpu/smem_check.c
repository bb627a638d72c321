/* GPU check of kernels that need more than 100 KB of dynamic shared memory: each kernel
 * of test/gpu/Inputs/smem_*.ir (compiled on the dev machine by test/gpu/prepare_smem.sh into
 * DIR/<name>.ptx + .json) copies a 128x256 f32 tile from src to dst through shared memory
 * in other layouts. The check: the metadata asks for more than 100 KB, the launch works
 * (the runtime raises the kernel's limit), and dst equals src in every element, with the
 * padding after dst untouched.
 *
 *   smem_check DIR        exit 0: all passed (or skipped: no driver/GPU), 1: a failure
 *
 * Build: test/gpu/run.sh (gcc against libtilert; no CUDA headers needed). */
#include "tilec/tilert.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ROWS 128
#define COLS 256
#define N (ROWS * COLS)
#define PAD 64
#define MIN_SHARED (100 * 1024)

static const char *const kernels[] = {"smem_big", "smem_reuse"};

/* Distinct, exactly representable values so that a misplaced element is always seen. */
static float src_value(size_t i) { return (float)i * 0.5f - 3000.0f; }

/* Counts wrong elements of dst (the first few printed); -1 when the padding was written. */
static long count_wrong(const char *name, const float *dst) {
  long wrong = 0;
  for (size_t i = 0; i < N; i++) {
    if (dst[i] == src_value(i)) continue;
    if (wrong++ < 5)
      printf("  %s: dst[%zu] (row %zu, col %zu) = %g, expected %g\n", name, i, i / COLS, i % COLS,
             dst[i], src_value(i));
  }
  for (size_t i = N; i < N + PAD; i++) {
    uint32_t u;
    memcpy(&u, &dst[i], 4);
    if (u != 0xffffffffu) return -1;
  }
  return wrong;
}

#define TRY(call)                                                                        \
  do {                                                                                   \
    if ((call) != TILERT_OK) {                                                           \
      printf("FAIL %s: %s: %s\n", name, #call, tilert_runtime_last_error(rt));           \
      goto out;                                                                          \
    }                                                                                    \
  } while (0)

/* Loads, launches and checks one kernel; returns 1 when it passed. */
static int run_one(tilert_runtime *rt, const char *dir, const char *name) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s.ptx", dir, name);
  int ok = 0;
  tilert_module *m = NULL;
  tilert_devptr d_src = 0, d_dst = 0;
  float *h_src = malloc(N * sizeof(float)), *h_dst = malloc((N + PAD) * sizeof(float));
  if (!h_src || !h_dst) goto out;
  TRY(tilert_module_load_files(rt, path, &m));
  tilert_kernel *k;
  TRY(tilert_module_get_kernel(m, name, &k));
  const tilert_kernel_info *ki = tilert_kernel_get_info(k);
  if (ki->shared_bytes <= MIN_SHARED) {
    printf("FAIL %s: metadata shared_bytes %u, expected more than %d\n", name, ki->shared_bytes, MIN_SHARED);
    goto out;
  }
  for (size_t i = 0; i < N; i++) h_src[i] = src_value(i);
  TRY(tilert_malloc(rt, N * sizeof(float), &d_src));
  TRY(tilert_malloc(rt, (N + PAD) * sizeof(float), &d_dst));
  TRY(tilert_copy_to_device(rt, d_src, h_src, N * sizeof(float)));
  TRY(tilert_memset8(rt, d_dst, 0xff, (N + PAD) * sizeof(float)));
  tilert_arg args[2] = {tilert_ptr(d_src), tilert_ptr(d_dst)};
  unsigned grid[3] = {1, 1, 1};
  TRY(tilert_launch(k, grid, NULL, args, 2));
  TRY(tilert_synchronize(rt));
  TRY(tilert_copy_to_host(rt, h_dst, d_dst, (N + PAD) * sizeof(float)));
  long wrong = count_wrong(name, h_dst);
  ok = wrong == 0;
  if (wrong < 0)
    printf("FAIL %s: wrote past the end of dst\n", name);
  else
    printf("%s %s: %ld of %d elements wrong (shared_bytes %u, %u threads)\n", ok ? "PASS" : "FAIL",
           name, wrong, N, ki->shared_bytes, ki->threads_per_block);
out:
  tilert_free(rt, d_src);
  tilert_free(rt, d_dst);
  tilert_module_release(m);
  free(h_src);
  free(h_dst);
  return ok;
}

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : ".carry/smem";
  tilert_runtime *rt = NULL;
  if (tilert_runtime_create(0, &rt) != TILERT_OK) {
    printf("smem check: skipped: %s\n", tilert_runtime_last_error(rt));
    tilert_runtime_destroy(rt);
    return 0;
  }
  int passed = 0, failed = 0;
  for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.ptx", dir, kernels[i]);
    if (access(path, R_OK) != 0) {
      printf("FAIL %s: %s not found (run test/gpu/prepare_smem.sh on the dev machine)\n", kernels[i], path);
      failed++;
      continue;
    }
    run_one(rt, dir, kernels[i]) ? passed++ : failed++;
  }
  tilert_runtime_destroy(rt);
  printf("smem check: %d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
