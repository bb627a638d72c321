/* The JIT path with the disk cache and the assembler, on the mock driver: one run is one
 * process (jit_cache.test runs it several times on one cache folder).
 *   jit_cache SOURCE.tir [--flip EXT] [--list] [-I DIR]
 *   jit_cache --load-files X.cubin    (tilert_module_load_files of a cubin or PTX file)
 * Compiles and loads SOURCE through tilert_jit_compile_and_load (cache and mode from the
 * environment), launches the kernel (vector_add: out = x + y) and checks the result; prints
 * the status, the runtime's stats (compiles, assembles, disk hits, PTX and cubin loads), the
 * cache folder's files (--list) and whether the folder changed during the run. --flip EXT
 * first flips one byte in the middle of the entry's file with extension EXT; -I DIR is the
 * module search path (tilec_options.module_paths). */
#include "tilec/tilec.h"
#include "tilec/tilert.h"

#include <dirent.h>
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef TILERT_MOCK_PATH
#error "TILERT_MOCK_PATH must name the mock libcuda (CMake sets it)"
#endif

/* A fingerprint of the folder: names, sizes and mtimes, summed into one number. */
static unsigned long long folder_state(const char *dir, int list) {
  unsigned long long h = 1469598103934665603ull;
  struct dirent **names = NULL;
  int n = scandir(dir, &names, NULL, alphasort);
  for (int i = 0; i < n; i++) {
    char p[4200];
    struct stat st;
    snprintf(p, sizeof p, "%s/%s", dir, names[i]->d_name);
    if (names[i]->d_name[0] != '.' && stat(p, &st) == 0) {
      if (list) printf("file: %s\n", strchr(names[i]->d_name, '.') + 1);
      for (const char *c = names[i]->d_name; *c; c++) h = (h ^ (unsigned char)*c) * 1099511628211ull;
      h = (h ^ (unsigned long long)st.st_size) * 1099511628211ull;
      h = (h ^ (unsigned long long)st.st_mtim.tv_nsec ^ ((unsigned long long)st.st_mtim.tv_sec << 20)) * 1099511628211ull;
    }
    free(names[i]);
  }
  free(names);
  return h;
}

static void flip(const char *dir, const char *ext) {
  struct dirent **names = NULL;
  int n = scandir(dir, &names, NULL, alphasort);
  for (int i = 0; i < n; i++) {
    const char *dot = strchr(names[i]->d_name, '.');
    if (names[i]->d_name[0] != '.' && dot && strcmp(dot + 1, ext) == 0) {
      char p[4200];
      snprintf(p, sizeof p, "%s/%s", dir, names[i]->d_name);
      int fd = open(p, O_RDWR);
      struct stat st;
      unsigned char b;
      if (fd >= 0 && fstat(fd, &st) == 0 && pread(fd, &b, 1, st.st_size / 2) == 1) {
        b ^= 0x01;
        if (pwrite(fd, &b, 1, st.st_size / 2) == 1) printf("flipped a byte of the .%s file\n", ext);
      }
      if (fd >= 0) close(fd);
    }
    free(names[i]);
  }
  free(names);
}

static char *read_text(const char *path, size_t *out_len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  static char buf[1 << 20];
  *out_len = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[*out_len] = 0;
  return buf;
}

/* out = x + y on 5000 elements through the mock's host kernel. */
static int launch_add(tilert_runtime *rt, tilert_module *m) {
  enum { N = 5000 };
  static float x[N], y[N], out[N];
  for (int i = 0; i < N; i++) { x[i] = (float)i; y[i] = 0.5f * (float)i; }
  tilert_kernel *k;
  tilert_devptr dx, dy, dout;
  if (tilert_module_get_kernel(m, "vector_add_kernel", &k) || tilert_malloc(rt, sizeof x, &dx) ||
      tilert_malloc(rt, sizeof y, &dy) || tilert_malloc(rt, sizeof out, &dout))
    return 0;
  tilert_copy_to_device(rt, dx, x, sizeof x);
  tilert_copy_to_device(rt, dy, y, sizeof y);
  tilert_arg args[] = {tilert_ptr(dx), tilert_ptr(dy), tilert_ptr(dout), tilert_i32(N)};
  unsigned grid[3] = {(N + 1023) / 1024, 1, 1};
  int ok = tilert_launch(k, grid, NULL, args, 4) == TILERT_OK &&
           tilert_copy_to_host(rt, out, dout, sizeof out) == TILERT_OK;
  for (int i = 0; ok && i < N; i++) ok = out[i] == 1.5f * (float)i;
  tilert_free(rt, dx);
  tilert_free(rt, dy);
  tilert_free(rt, dout);
  return ok;
}

/* jit_cache --load-files X.cubin|X.ptx: tilert_module_load_files (X.json beside it). */
static int load_files(const char *path) {
  tilert_runtime *rt = NULL;
  if (tilert_runtime_create(0, &rt)) { printf("create: %s\n", tilert_runtime_last_error(rt)); return 1; }
  tilert_module *m = NULL;
  tilert_status s = tilert_module_load_files(rt, path, &m);
  tilert_runtime_stats st;
  tilert_runtime_get_stats(rt, &st);
  printf("load files: %s ptx_loads=%u cubin_loads=%u\n", tilert_status_name(s), st.ptx_loads, st.cubin_loads);
  if (s) printf("error: %s\n", tilert_runtime_last_error(rt));
  else printf("launch: %s\n", launch_add(rt, m) ? "ok" : "WRONG");
  tilert_module_release(m);
  tilert_runtime_destroy(rt);
  return s ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc < 2) { printf("usage: jit_cache SOURCE.tir [--flip EXT] [--list]\n"); return 2; }
  setenv("TILERT_LIBCUDA", TILERT_MOCK_PATH, 1);
  if (argc == 3 && !strcmp(argv[1], "--load-files")) return load_files(argv[2]);
  const char *dir = getenv("TILERT_CACHE_DIR");
  int list = 0;
  const char *paths[1] = {NULL};
  for (int i = 2; i < argc; i++) {
    if (!strcmp(argv[i], "--flip") && i + 1 < argc) flip(dir, argv[++i]);
    else if (!strcmp(argv[i], "--list")) list = 1;
    else if (!strcmp(argv[i], "-I") && i + 1 < argc) paths[0] = argv[++i];
  }
  struct tilec_options o;
  memset(&o, 0, sizeof o);
  o.module_paths = paths, o.nmodule_paths = paths[0] ? 1 : 0;
  size_t len = 0;
  char *src = read_text(argv[1], &len);
  if (!src) { printf("cannot read %s\n", argv[1]); return 1; }
  unsigned long long before = dir ? folder_state(dir, 0) : 0;
  tilert_runtime *rt = NULL;
  if (tilert_runtime_create(0, &rt)) { printf("create: %s\n", tilert_runtime_last_error(rt)); return 1; }
  tilert_module *m = NULL;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  tilert_status s = tilert_jit_compile_and_load(rt, argv[1], src, len, paths[0] ? &o : NULL, &m);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  printf("jit: %s\n", tilert_status_name(s));
  if (s) printf("error: %s\n", tilert_runtime_last_error(rt));
  tilert_runtime_stats st;
  tilert_runtime_get_stats(rt, &st);
  printf("stats: compiles=%u assembles=%u disk_hits=%u ptx_loads=%u cubin_loads=%u\n",
         st.jit_compiles, st.jit_assembles, st.jit_disk_hits, st.ptx_loads, st.cubin_loads);
  void *mock = dlopen(TILERT_MOCK_PATH, RTLD_NOW | RTLD_NOLOAD);
  void (*loads)(int *, int *) = mock ? (void (*)(int *, int *))dlsym(mock, "mock_cuda_loads") : NULL;
  int np = -1, nc = -1;
  if (loads) loads(&np, &nc);
  printf("driver got: ptx=%d cubin=%d\n", np, nc);
  if (!s) printf("launch: %s\n", launch_add(rt, m) ? "ok" : "WRONG");
  if (dir) printf("folder changed: %s\n", folder_state(dir, list) != before ? "yes" : "no");
  printf("jit call: %.2f ms (compile %.2f, assemble %.2f, driver load %.2f)\n",
         (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6,
         st.compile_ms, st.assemble_ms, st.load_ms);
  tilert_module_release(m);
  tilert_runtime_destroy(rt);
  return s ? 1 : 0;
}
