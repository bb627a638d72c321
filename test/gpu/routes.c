/* GPU check of the convert_layout routes: every kernel DIR/cvt_<route>_<rank>d_<dtype>.ptx
 * (+ .json; test/gpu/prepare_routes.sh) loads a tensor in one layout, converts it and
 * stores it in another, so the output must equal the input bit for bit. Each runs on fresh
 * random data (floats never NaN, seed printed, TILEC_SEED=N reproduces) into a poisoned
 * output with a poisoned tail that must stay untouched. Kernels of the noop, registers
 * and shuffle routes must use no shared memory (no .shared in their PTX, shared_bytes 0);
 * shared ones must. Prints one line per kernel and "routes: N passed, M failed" last; exits
 * 1 on failures, 0 with "routes: skipped: REASON" where there is no driver or GPU.
 *
 * Build and run: test/gpu/run_routes.sh (gcc against libtilert; no CUDA headers needed). */
#include "tilec/tilert.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define PAD_BYTES 256
#define POISON 0xa5
#define REPEATS 3

typedef struct routes {
  tilert_runtime *rt;
  const char *dir;
  uint64_t rng;
  int passed, failed;
} routes;

static uint64_t next_u64(routes *r) { /* xorshift64* */
  r->rng ^= r->rng >> 12;
  r->rng ^= r->rng << 25;
  r->rng ^= r->rng >> 27;
  return r->rng * 0x2545f4914f6cdd1dull;
}

/* Random bytes; float bit patterns with an all-ones exponent (NaN, inf) are redrawn so that
 * no float path could excuse a changed NaN payload. */
static void fill(routes *r, unsigned char *buf, size_t n, size_t esize) {
  for (size_t i = 0; i < n; i++) {
    for (;;) {
      uint64_t v = next_u64(r);
      memcpy(buf + i * esize, &v, esize);
      if (esize == 4 && ((v >> 23) & 0xff) == 0xff) continue;
      if (esize == 2 && ((v >> 10) & 0x1f) == 0x1f) continue;
      break;
    }
  }
}

static char *read_text(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)n + 1);
  if (s && fread(s, 1, (size_t)n, f) != (size_t)n) { free(s); s = NULL; }
  if (s) s[n] = 0;
  fclose(f);
  return s;
}

static void report(routes *r, int ok, const char *name, const char *msg) {
  printf("%s %s%s%s\n", ok ? "PASS" : "FAIL", name, msg ? ": " : "", msg ? msg : "");
  fflush(stdout);
  if (ok) r->passed++; else r->failed++;
}

/* Whether the kernel's PTX use of shared memory is what its route says. */
static const char *shared_use_error(const char *name, const char *ptx, const tilert_kernel_info *ki) {
  int uses = strstr(ptx, ".shared") != NULL;
  int wants = strncmp(name, "cvt_shared_", 11) == 0;
  /* all shared memory is dynamic, sized by the allocator: only the shared route asks */
  if (wants && ki->shared_bytes == 0) return "shared route, but the metadata asks for no shared memory";
  if (!wants && ki->shared_bytes != 0) return "register route, but the metadata asks for shared memory";
  if (uses && !wants) return "uses shared memory (.shared in its PTX) on a register route";
  if (!uses && wants) return "shared route without shared memory";
  return NULL;
}

/* One launch on fresh data; NULL when the output is the input and the tail is untouched. */
static const char *run_once(routes *r, tilert_kernel *k, size_t n, size_t esize, char *msg, size_t cap) {
  size_t bytes = n * esize;
  unsigned char *in = malloc(bytes), *out = malloc(bytes + PAD_BYTES);
  tilert_devptr d_in = 0, d_out = 0;
  const char *err = NULL;
  fill(r, in, n, esize);
  if (tilert_malloc(r->rt, bytes, &d_in) || tilert_malloc(r->rt, bytes + PAD_BYTES, &d_out) ||
      tilert_copy_to_device(r->rt, d_in, in, bytes) ||
      tilert_memset8(r->rt, d_out, POISON, bytes + PAD_BYTES)) {
    err = tilert_runtime_last_error(r->rt);
    goto done;
  }
  tilert_arg args[2] = {tilert_ptr(d_in), tilert_ptr(d_out)};
  unsigned grid[3] = {1, 1, 1};
  if (tilert_launch(k, grid, NULL, args, 2) || tilert_synchronize(r->rt) ||
      tilert_copy_to_host(r->rt, out, d_out, bytes + PAD_BYTES)) {
    err = tilert_runtime_last_error(r->rt);
    goto done;
  }
  size_t bad = 0, first = 0;
  for (size_t i = 0; i < n; i++)
    if (memcmp(in + i * esize, out + i * esize, esize) != 0 && !bad++) first = i;
  size_t tail = 0;
  for (size_t i = bytes; i < bytes + PAD_BYTES; i++) tail += out[i] != POISON;
  if (bad || tail) {
    snprintf(msg, cap, "%zu of %zu elements differ (first at %zu), %zu tail bytes overwritten", bad, n, first, tail);
    err = msg;
  }
done:
  tilert_free(r->rt, d_in);
  tilert_free(r->rt, d_out);
  free(in);
  free(out);
  return err;
}

static void run_kernel(routes *r, const char *name) {
  char path[1024], msg[256];
  snprintf(path, sizeof path, "%s/%s.ptx", r->dir, name);
  char *ptx = read_text(path);
  tilert_module *m = NULL;
  if (!ptx || tilert_module_load_files(r->rt, path, &m) != TILERT_OK) {
    report(r, 0, name, ptx ? tilert_runtime_last_error(r->rt) : "cannot read the PTX");
    free(ptx);
    return;
  }
  const tilert_kernel_info *ki = tilert_metadata_kernel(tilert_module_metadata(m), 0);
  tilert_kernel *k;
  int64_t numel = 0;
  const char *err = shared_use_error(name, ptx, ki);
  if (!err && tilert_kernel_info_constexpr(ki, "NUMEL", &numel) != TILERT_OK) err = "no NUMEL in the metadata";
  if (!err && tilert_module_get_kernel(m, ki->name, &k) != TILERT_OK) err = tilert_runtime_last_error(r->rt);
  for (int i = 0; i < REPEATS && !err; i++)
    err = run_once(r, k, (size_t)numel, tilert_dtype_size(ki->params[0].dtype), msg, sizeof msg);
  report(r, !err, name, err);
  tilert_module_release(m);
  free(ptx);
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv) {
  routes r = {.dir = argc > 1 ? argv[1] : ".carry/routes"};
  const char *seed_env = getenv("TILEC_SEED");
  uint64_t seed = seed_env && *seed_env ? strtoull(seed_env, NULL, 10) : (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
  r.rng = seed ? seed : 1;
  DIR *d = opendir(r.dir);
  if (!d) { printf("routes: FAILED: no directory %s\n", r.dir); return 1; }
  char *names[256];
  size_t n = 0;
  for (struct dirent *e; (e = readdir(d)) && n < 256;) {
    size_t len = strlen(e->d_name);
    if (strncmp(e->d_name, "cvt_", 4) != 0 || len < 5 || strcmp(e->d_name + len - 4, ".ptx") != 0) continue;
    names[n] = strdup(e->d_name);
    names[n++][len - 4] = 0;
  }
  closedir(d);
  qsort(names, n, sizeof names[0], by_name);
  if (tilert_runtime_create(0, &r.rt) != TILERT_OK) {
    printf("routes: skipped: %s\n", tilert_runtime_last_error(r.rt));
    tilert_runtime_destroy(r.rt);
    return 0;
  }
  printf("routes: %zu kernels from %s, seed %llu (TILEC_SEED=%llu reproduces)\n", n, r.dir,
         (unsigned long long)seed, (unsigned long long)seed);
  for (size_t i = 0; i < n; i++) {
    run_kernel(&r, names[i]);
    free(names[i]);
  }
  tilert_runtime_destroy(r.rt);
  if (n == 0) { printf("routes: FAILED: no kernels in %s\n", r.dir); return 1; }
  printf("routes: %d passed, %d failed\n", r.passed, r.failed);
  return r.failed ? 1 : 0;
}
