/* GPU check of the target record and per-function launch configuration (issue 6, items 7-8):
 *   1. per-function num_warps: DIR/autotune.ptx/.json holds two kernels of one module with
 *      different num_warps (scale: its autotune config's 8; plain: the default 4); the
 *      metadata must say so, and each must compute the right result at its block size;
 *   2. the PTX ISA version of each arch: DIR/vector_add_<arch>.ptx for sm_80, sm_86, sm_89,
 *      sm_90 (.version 7.0, 7.1, 7.8, 8.0), and sm_90a where the device is 9.0, each loaded
 *      and run where the device can run it (the runtime refuses the others: reported SKIP).
 * Prints PASS/FAIL/SKIP lines and "N passed, M failed" last; exit 1 on failures.
 *
 * Build and run (GPU machine), after test/gpu/prepare_target_check.sh on the dev machine:
 *   bash test/gpu/run_target_check.sh .carry/target */
#include "tilec/tilert.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int passed, failed;

static void report(int ok, const char *what, const char *detail) {
  printf("%s %s%s%s\n", ok ? "PASS" : "FAIL", what, detail && *detail ? ": " : "", detail ? detail : "");
  if (ok) passed++;
  else failed++;
}

static tilert_module *load(tilert_runtime *rt, const char *dir, const char *name, tilert_status *out_s) {
  char ptx[1024];
  snprintf(ptx, sizeof ptx, "%s/%s.ptx", dir, name);
  tilert_module *m = NULL;
  *out_s = tilert_module_load_files(rt, ptx, &m);
  return m;
}

/* scale: x[i] *= 2 for i < n (BLOCK 256, 8 warps); plain: x[i] += 1 for i < 128 (4 warps). */
static void check_per_function(tilert_runtime *rt, const char *dir) {
  tilert_status s;
  tilert_module *m = load(rt, dir, "autotune", &s);
  if (!m) return report(0, "autotune: load", tilert_runtime_last_error(rt));
  tilert_kernel *scale = NULL, *plain = NULL;
  tilert_module_get_kernel(m, "scale", &scale);
  tilert_module_get_kernel(m, "plain", &plain);
  if (!scale || !plain) {
    tilert_module_release(m);
    return report(0, "autotune: kernels", tilert_runtime_last_error(rt));
  }
  const tilert_kernel_info *si = tilert_kernel_get_info(scale), *pi = tilert_kernel_get_info(plain);
  char d[128];
  snprintf(d, sizeof d, "scale %u warps / %u threads, plain %u / %u", (unsigned)si->num_warps,
           (unsigned)si->threads_per_block, (unsigned)pi->num_warps, (unsigned)pi->threads_per_block);
  report(si->num_warps == 8 && si->threads_per_block == 256 && pi->num_warps == 4 &&
             pi->threads_per_block == 128, "autotune: per-function num_warps in metadata", d);
  enum { N = 1000 };
  float h[N], back[N];
  for (int i = 0; i < N; i++) h[i] = (float)i * 0.5f - 100.0f;
  tilert_devptr x = 0;
  tilert_malloc(rt, sizeof h, &x);
  tilert_copy_to_device(rt, x, h, sizeof h);
  unsigned g1[3] = {(N + 255) / 256, 1, 1}, g2[3] = {1, 1, 1};
  tilert_arg a1[] = {tilert_ptr(x), tilert_i32(N)}, a2[] = {tilert_ptr(x)};
  s = tilert_launch(scale, g1, NULL, a1, 2);
  if (!s) s = tilert_launch(plain, g2, NULL, a2, 1);
  if (!s) s = tilert_synchronize(rt);
  if (!s) s = tilert_copy_to_host(rt, back, x, sizeof back);
  int bad = -1;
  for (int i = 0; !s && i < N && bad < 0; i++) {
    float want = h[i] * 2.0f + (i < 128 ? 1.0f : 0.0f);
    if (back[i] != want) bad = i;
  }
  snprintf(d, sizeof d, "%s%s", s ? tilert_runtime_last_error(rt) : "",
           bad >= 0 ? "wrong value" : "");
  report(!s && bad < 0, "autotune: both kernels compute at their own block size", d);
  tilert_free(rt, x);
  tilert_module_release(m);
}

static void check_arch(tilert_runtime *rt, const char *dir, const char *arch) {
  char name[64], what[96];
  snprintf(name, sizeof name, "vector_add_%s", arch);
  snprintf(what, sizeof what, "%s: load and run vector_add", arch);
  tilert_status s;
  tilert_module *m = load(rt, dir, name, &s);
  if (!m) {
    printf("SKIP %s: %s\n", what, tilert_runtime_last_error(rt));
    return;
  }
  tilert_kernel *k = NULL;
  s = tilert_module_get_kernel(m, "vector_add_kernel", &k);
  enum { N = 5000 };
  static float hx[N], hy[N], out[N];
  for (int i = 0; i < N; i++) hx[i] = (float)i, hy[i] = 1.0f / (float)(i + 1);
  tilert_devptr x = 0, y = 0, o = 0;
  if (!s) s = tilert_malloc(rt, sizeof hx, &x);
  if (!s) s = tilert_malloc(rt, sizeof hy, &y);
  if (!s) s = tilert_malloc(rt, sizeof out, &o);
  if (!s) s = tilert_copy_to_device(rt, x, hx, sizeof hx);
  if (!s) s = tilert_copy_to_device(rt, y, hy, sizeof hy);
  unsigned grid[3] = {(N + 1023) / 1024, 1, 1};
  tilert_arg args[] = {tilert_ptr(x), tilert_ptr(y), tilert_ptr(o), tilert_i32(N)};
  if (!s) s = tilert_launch(k, grid, NULL, args, 4);
  if (!s) s = tilert_synchronize(rt);
  if (!s) s = tilert_copy_to_host(rt, out, o, sizeof out);
  int bad = 0;
  for (int i = 0; !s && i < N; i++) bad += fabsf(out[i] - (hx[i] + hy[i])) > 1e-6f * fabsf(hx[i] + hy[i]);
  report(!s && !bad, what, s ? tilert_runtime_last_error(rt) : bad ? "wrong values" : "");
  tilert_free(rt, x);
  tilert_free(rt, y);
  tilert_free(rt, o);
  tilert_module_release(m);
}

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : ".carry/target";
  tilert_runtime *rt = NULL;
  tilert_status s = tilert_runtime_create(0, &rt);
  if (s) {
    printf("target check: skipped: %s\n", rt ? tilert_runtime_last_error(rt) : tilert_status_name(s));
    tilert_runtime_destroy(rt);
    return 0;
  }
  check_per_function(rt, dir);
  static const char *const archs[] = {"sm_80", "sm_86", "sm_89", "sm_90", "sm_90a"};
  for (size_t i = 0; i < sizeof archs / sizeof archs[0]; i++) check_arch(rt, dir, archs[i]);
  tilert_runtime_destroy(rt);
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
