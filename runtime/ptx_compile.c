/* PTX -> cubin inside the process through nvJitLink (libnvJitLink.so.13, opened at run time
 * like libcuda), with the toolkit's `ptxas` process as the fallback.
 *
 * nvJitLink is found in this order (the first that opens and has every symbol wins):
 *   1. $TILERT_NVJITLINK (a path; when set, nothing else is tried for nvJitLink)
 *   2. the CUDA toolkit: $CUDA_HOME, $CUDA_PATH, /usr/local/cuda, each /lib64 then /lib
 *   3. Python wheels (PyTorch's CUDA 13 wheels bring it): under $VIRTUAL_ENV, $CONDA_PREFIX,
 *      $HOME/.local, /usr/local and /usr: lib/python3.X/site-packages (or dist-packages)
 *      /nvidia/cu13/lib (CUDA 13 wheels), then .../nvidia/nvjitlink/lib; and $CONDA_PREFIX/lib
 *   4. the plain soname (LD_LIBRARY_PATH, the loader's cache)
 * ptxas: $TILERT_PTXAS, then PATH, $CUDA_HOME/bin, /usr/local/cuda/bin.
 *
 * The functions used are declared here from NVIDIA's nvJitLink API documentation. An
 * assembler is immutable after creation: several threads may compile through one. */
#include "rt_internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#define NVJITLINK_SONAME "libnvJitLink.so.13"

/* ---- the nvJitLink API (documented C API; values as in nvJitLink.h) -------------------- */

typedef int nvJitLinkResult; /* 0: NVJITLINK_SUCCESS */
typedef struct nvJitLink *nvJitLinkHandle;
#define NVJITLINK_INPUT_PTX 2

typedef struct jl_api {
  nvJitLinkResult (*create)(nvJitLinkHandle *, uint32_t, const char **);
  nvJitLinkResult (*destroy)(nvJitLinkHandle *);
  nvJitLinkResult (*add_data)(nvJitLinkHandle, int, const void *, size_t, const char *);
  nvJitLinkResult (*complete)(nvJitLinkHandle);
  nvJitLinkResult (*cubin_size)(nvJitLinkHandle, size_t *);
  nvJitLinkResult (*cubin)(nvJitLinkHandle, void *);
  nvJitLinkResult (*error_log_size)(nvJitLinkHandle, size_t *);
  nvJitLinkResult (*error_log)(nvJitLinkHandle, char *);
  nvJitLinkResult (*version)(unsigned *, unsigned *); /* optional (12.3+) */
} jl_api;

static const char *const jl_result_names[] = {
    "NVJITLINK_SUCCESS", "NVJITLINK_ERROR_UNRECOGNIZED_OPTION", "NVJITLINK_ERROR_MISSING_ARCH",
    "NVJITLINK_ERROR_INVALID_INPUT", "NVJITLINK_ERROR_PTX_COMPILE", "NVJITLINK_ERROR_NVVM_COMPILE",
    "NVJITLINK_ERROR_INTERNAL", "NVJITLINK_ERROR_THREADPOOL", "NVJITLINK_ERROR_UNRECOGNIZED_INPUT",
    "NVJITLINK_ERROR_FINALIZE", "NVJITLINK_ERROR_NULL_INPUT", "NVJITLINK_ERROR_INCOMPATIBLE_OPTIONS",
    "NVJITLINK_ERROR_INCORRECT_INPUT_TYPE", "NVJITLINK_ERROR_ARCH_MISMATCH",
    "NVJITLINK_ERROR_OUTDATED_LIBRARY", "NVJITLINK_ERROR_MISSING_FATBIN",
    "NVJITLINK_ERROR_UNRECOGNIZED_ARCH", "NVJITLINK_ERROR_UNSUPPORTED_ARCH",
    "NVJITLINK_ERROR_LTO_NOT_ENABLED",
};

static const char *jl_result_name(nvJitLinkResult r) {
  size_t n = sizeof jl_result_names / sizeof jl_result_names[0];
  return r >= 0 && (size_t)r < n ? jl_result_names[r] : "NVJITLINK_ERROR_?";
}

struct tilert_assembler {
  tilert_assembler_kind kind; /* NVJITLINK or PTXAS: what compiles */
  void *lib;                  /* nvJitLink's dlopen handle */
  jl_api jl;
  unsigned threads;           /* nvJitLink -split-compile=N when > 1 ($TILERT_ASSEMBLER_THREADS) */
  char path[4096];            /* the library or the ptxas executable */
  char description[4200];
};

/* ---- finding nvJitLink ----------------------------------------------------------------- */

/* POSIX lets a dlsym result become a function pointer; C does not say so, hence memcpy. */
static bool sym(void *lib, const char *name, void *out_fn) {
  void *p = dlsym(lib, name);
  if (p) memcpy(out_fn, &p, sizeof p);
  return p != NULL;
}

static bool jl_bind(void *lib, jl_api *a) {
  memset(a, 0, sizeof *a);
  (void)sym(lib, "nvJitLinkVersion", &a->version);
  return sym(lib, "nvJitLinkCreate", &a->create) && sym(lib, "nvJitLinkDestroy", &a->destroy) &&
         sym(lib, "nvJitLinkAddData", &a->add_data) && sym(lib, "nvJitLinkComplete", &a->complete) &&
         sym(lib, "nvJitLinkGetLinkedCubinSize", &a->cubin_size) &&
         sym(lib, "nvJitLinkGetLinkedCubin", &a->cubin) &&
         sym(lib, "nvJitLinkGetErrorLogSize", &a->error_log_size) &&
         sym(lib, "nvJitLinkGetErrorLog", &a->error_log);
}

/* Opens `path` as nvJitLink into a; false (a untouched but for scratch) when it is not one. */
static bool jl_try(tilert_assembler *a, const char *path) {
  void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!lib) return false;
  if (!jl_bind(lib, &a->jl)) { dlclose(lib); return false; }
  a->lib = lib;
  snprintf(a->path, sizeof a->path, "%s", path);
  return true;
}

static bool jl_try_dir(tilert_assembler *a, const char *root, const char *sub) {
  if (!root || !root[0]) return false;
  char p[4096];
  int n = snprintf(p, sizeof p, "%s/%s/%s", root, sub, NVJITLINK_SONAME);
  return n > 0 && (size_t)n < sizeof p && access(p, R_OK) == 0 && jl_try(a, p);
}

static bool jl_try_glob(tilert_assembler *a, const char *prefix) {
  static const char *const pats[] = {
      "lib/python3*/site-packages/nvidia/cu13/lib", "lib/python3*/dist-packages/nvidia/cu13/lib",
      "lib/python3*/site-packages/nvidia/nvjitlink/lib", "lib/python3*/dist-packages/nvidia/nvjitlink/lib",
  };
  if (!prefix || !prefix[0]) return false;
  for (size_t i = 0; i < sizeof pats / sizeof pats[0]; i++) {
    char pat[4096];
    glob_t g;
    snprintf(pat, sizeof pat, "%s/%s/%s", prefix, pats[i], NVJITLINK_SONAME);
    if (glob(pat, 0, NULL, &g) != 0) continue;
    bool ok = false;
    for (size_t j = 0; j < g.gl_pathc && !ok; j++) ok = jl_try(a, g.gl_pathv[j]);
    globfree(&g);
    if (ok) return true;
  }
  return false;
}

static bool jl_find(tilert_assembler *a) {
  const char *env = getenv("TILERT_NVJITLINK");
  if (env && env[0]) return jl_try(a, env);
  const char *roots[] = {getenv("CUDA_HOME"), getenv("CUDA_PATH"), "/usr/local/cuda"};
  for (size_t i = 0; i < 3; i++)
    if (jl_try_dir(a, roots[i], "lib64") || jl_try_dir(a, roots[i], "lib")) return true;
  char home_local[4096] = "";
  if (getenv("HOME")) snprintf(home_local, sizeof home_local, "%s/.local", getenv("HOME"));
  const char *prefixes[] = {getenv("VIRTUAL_ENV"), getenv("CONDA_PREFIX"), home_local,
                            "/usr/local", "/usr"};
  for (size_t i = 0; i < 5; i++)
    if (jl_try_glob(a, prefixes[i])) return true;
  if (jl_try_dir(a, getenv("CONDA_PREFIX"), ".")) return true;
  return jl_try(a, NVJITLINK_SONAME);
}

/* ---- finding ptxas --------------------------------------------------------------------- */

static bool exe_at(char *out, size_t cap, const char *dir, const char *name) {
  if (!dir || !dir[0]) return false;
  int n = snprintf(out, cap, "%s/%s", dir, name);
  return n > 0 && (size_t)n < cap && access(out, X_OK) == 0;
}

static bool ptxas_find(char *out, size_t cap) {
  const char *env = getenv("TILERT_PTXAS");
  if (env && env[0]) {
    snprintf(out, cap, "%s", env);
    return access(out, X_OK) == 0;
  }
  const char *path = getenv("PATH");
  if (path) {
    char *copy = strdup(path), *save = NULL;
    for (char *d = copy ? strtok_r(copy, ":", &save) : NULL; d; d = strtok_r(NULL, ":", &save))
      if (exe_at(out, cap, d, "ptxas")) { free(copy); return true; }
    free(copy);
  }
  char bin[4096];
  const char *roots[] = {getenv("CUDA_HOME"), "/usr/local/cuda"};
  for (size_t i = 0; i < 2; i++) {
    if (!roots[i] || !roots[i][0]) continue;
    snprintf(bin, sizeof bin, "%s/bin", roots[i]);
    if (exe_at(out, cap, bin, "ptxas")) return true;
  }
  return false;
}

/* ---- creation ---------------------------------------------------------------------------- */

static tilert_assembler_kind kind_from_env(tilert_assembler_kind kind, bool *out_bad) {
  const char *v = getenv("TILERT_ASSEMBLER");
  *out_bad = false;
  if (kind != TILERT_ASSEMBLER_AUTO || !v || !v[0] || !strcmp(v, "auto")) return kind;
  if (!strcmp(v, "nvjitlink")) return TILERT_ASSEMBLER_NVJITLINK;
  if (!strcmp(v, "ptxas")) return TILERT_ASSEMBLER_PTXAS;
  *out_bad = true;
  return kind;
}

static void describe(tilert_assembler *a) {
  if (a->kind == TILERT_ASSEMBLER_PTXAS) {
    snprintf(a->description, sizeof a->description, "ptxas (%s)", a->path);
    return;
  }
  unsigned major = 0, minor = 0;
  if (a->jl.version && a->jl.version(&major, &minor) == 0)
    snprintf(a->description, sizeof a->description, "nvJitLink %u.%u (%s)", major, minor, a->path);
  else
    snprintf(a->description, sizeof a->description, "nvJitLink (%s)", a->path);
}

tilert_status tilert_assembler_create(tilert_assembler_kind kind, tilert_assembler **out,
                                      char *err, size_t cap) {
  *out = NULL;
  bool bad;
  kind = kind_from_env(kind, &bad);
  if (bad)
    return rt_fail_buf(err, cap, TILERT_ERROR_INVALID_ARGUMENT,
                       "tilert: TILERT_ASSEMBLER=%s: expected auto, nvjitlink or ptxas",
                       getenv("TILERT_ASSEMBLER"));
  tilert_assembler *a = calloc(1, sizeof *a);
  if (!a) return rt_fail_buf(err, cap, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  if (kind != TILERT_ASSEMBLER_PTXAS && jl_find(a)) a->kind = TILERT_ASSEMBLER_NVJITLINK;
  else if (kind != TILERT_ASSEMBLER_NVJITLINK && ptxas_find(a->path, sizeof a->path))
    a->kind = TILERT_ASSEMBLER_PTXAS;
  else {
    free(a);
    const char *env = getenv("TILERT_NVJITLINK");
    return rt_fail_buf(err, cap, TILERT_ERROR_NOT_FOUND,
                       "tilert: no PTX assembler: %s%s%s",
                       kind == TILERT_ASSEMBLER_PTXAS ? "" :
                       env && env[0] ? "TILERT_NVJITLINK does not name a usable nvJitLink" :
                       NVJITLINK_SONAME " not found (TILERT_NVJITLINK, CUDA_HOME, /usr/local/cuda, "
                       "Python wheels, the loader's path)",
                       kind == TILERT_ASSEMBLER_AUTO ? "; " : "",
                       kind == TILERT_ASSEMBLER_NVJITLINK ? "" :
                       "ptxas not found (TILERT_PTXAS, PATH, CUDA_HOME/bin, /usr/local/cuda/bin)");
  }
  const char *threads = getenv("TILERT_ASSEMBLER_THREADS");
  a->threads = threads && threads[0] ? (unsigned)strtoul(threads, NULL, 10) : 1;
  if (a->threads > 64) a->threads = 64;
  describe(a);
  *out = a;
  return TILERT_OK;
}

void tilert_assembler_destroy(tilert_assembler *a) {
  if (!a) return;
  if (a->lib) dlclose(a->lib);
  free(a);
}

tilert_assembler_kind tilert_assembler_get_kind(const tilert_assembler *a) { return a->kind; }
const char *tilert_assembler_describe(const tilert_assembler *a) { return a->description; }

/* ---- compiling through nvJitLink --------------------------------------------------------- */

/* Appends nvJitLink's error log (or says there is none) after the message in err. */
static tilert_status jl_fail(const tilert_assembler *a, nvJitLinkHandle h, const char *fn,
                             nvJitLinkResult r, char *err, size_t cap) {
  tilert_status s = r == 4 /* PTX_COMPILE */ ? TILERT_ERROR_COMPILE : TILERT_ERROR_DRIVER;
  rt_fail_buf(err, cap, s, "tilert: nvJitLink: %s failed: %s (%d)", fn, jl_result_name(r), r);
  size_t n = 0;
  if (!h || !err || a->jl.error_log_size(h, &n) != 0 || n <= 1) return s;
  char *log = malloc(n + 1);
  if (log && a->jl.error_log(h, log) == 0) {
    log[n] = 0;
    size_t used = strlen(err);
    snprintf(err + used, cap - used, "\n  log: %s", log);
  }
  free(log);
  return s;
}

static tilert_status jl_compile(const tilert_assembler *a, const char *ptx, size_t len,
                                const char *arch, unsigned char **out, size_t *out_len,
                                char *err, size_t cap) {
  char archopt[64], split[32];
  snprintf(archopt, sizeof archopt, "-arch=%s", arch);
  snprintf(split, sizeof split, "-split-compile=%u", a->threads);
  const char *opts[] = {archopt, "-O3", split};
  nvJitLinkHandle h = NULL;
  /* -split-compile=N spreads a module's kernels over N threads (one kernel: no gain) */
  nvJitLinkResult r = a->jl.create(&h, a->threads > 1 ? 3 : 2, opts);
  if (r) return jl_fail(a, h, "nvJitLinkCreate", r, err, cap);
  tilert_status s = TILERT_OK;
  size_t size = 0;
  /* nvJitLink reads PTX as text up to len; the caller's buffer need not end in a NUL. */
  if ((r = a->jl.add_data(h, NVJITLINK_INPUT_PTX, ptx, len, "tilec.ptx")))
    s = jl_fail(a, h, "nvJitLinkAddData", r, err, cap);
  else if ((r = a->jl.complete(h)))
    s = jl_fail(a, h, "nvJitLinkComplete", r, err, cap);
  else if ((r = a->jl.cubin_size(h, &size)))
    s = jl_fail(a, h, "nvJitLinkGetLinkedCubinSize", r, err, cap);
  else if (!(*out = malloc(size ? size : 1)))
    s = rt_fail_buf(err, cap, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  else if ((r = a->jl.cubin(h, *out))) {
    s = jl_fail(a, h, "nvJitLinkGetLinkedCubin", r, err, cap);
    free(*out);
    *out = NULL;
  }
  a->jl.destroy(&h);
  if (!s) *out_len = size;
  return s;
}

/* ---- compiling through a ptxas process ------------------------------------------------- */

static bool write_file(int fd, const char *data, size_t len) {
  while (len) {
    ssize_t w = write(fd, data, len);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    data += w;
    len -= (size_t)w;
  }
  return true;
}

typedef struct px_files { char in[4200], out[4200], log[4200]; int fin, fout, flog; } px_files;

/* Three temporary files in $TMPDIR (else /tmp); fds of the ones not made stay -1. */
static bool px_open(px_files *f) {
  const char *dir = getenv("TMPDIR");
  if (!dir || !dir[0] || strlen(dir) > 4000) dir = "/tmp";
  snprintf(f->in, sizeof f->in, "%s/tilert-XXXXXX.ptx", dir);
  snprintf(f->out, sizeof f->out, "%s/tilert-XXXXXX.cubin", dir);
  snprintf(f->log, sizeof f->log, "%s/tilert-XXXXXX.log", dir);
  f->fin = mkstemps(f->in, 4);
  f->fout = mkstemps(f->out, 6);
  f->flog = mkstemps(f->log, 4);
  return f->fin >= 0 && f->fout >= 0 && f->flog >= 0;
}

static void px_close(px_files *f) {
  int fds[3] = {f->fin, f->fout, f->flog};
  const char *paths[3] = {f->in, f->out, f->log};
  for (int i = 0; i < 3; i++)
    if (fds[i] >= 0) { close(fds[i]); unlink(paths[i]); }
}

/* Runs ptxas with stdout and stderr into the log file; its exit status, or -1. */
static int px_run(const char *ptxas, const char *arch, px_files *f) {
  char archopt[64];
  snprintf(archopt, sizeof archopt, "-arch=%s", arch);
  char *argv[] = {(char *)ptxas, archopt, "-O3", "-o", f->out, f->in, NULL};
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, f->flog, 1);
  posix_spawn_file_actions_adddup2(&fa, f->flog, 2);
  pid_t pid;
  int rc = posix_spawn(&pid, ptxas, &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) return -1;
  int st = 0;
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static tilert_status px_compile(const tilert_assembler *a, const char *ptx, size_t len,
                                const char *arch, unsigned char **out, size_t *out_len,
                                char *err, size_t cap) {
  px_files f;
  tilert_status s = TILERT_OK;
  if (!px_open(&f) || !write_file(f.fin, ptx, len)) {
    s = rt_fail_buf(err, cap, TILERT_ERROR_IO, "tilert: ptxas: cannot write a temporary file: %s",
                    strerror(errno));
  } else {
    int rc = px_run(a->path, arch, &f);
    char *log = NULL, *data = NULL;
    size_t n = 0;
    (void)rt_read_file(f.log, &log, &n, NULL, 0);
    while (n && (log[n - 1] == '\n' || log[n - 1] == ' ')) log[--n] = 0;
    if (rc != 0)
      s = rt_fail_buf(err, cap, TILERT_ERROR_COMPILE, "tilert: ptxas (%s) failed (exit %d)\n  log: %s",
                      a->path, rc, log ? log : "");
    else if (!(s = rt_read_file(f.out, &data, out_len, err, cap)))
      *out = (unsigned char *)data;
    free(log);
  }
  px_close(&f);
  return s;
}

tilert_status tilert_assembler_compile(const tilert_assembler *a, const char *ptx, size_t len,
                                       const char *arch, unsigned char **out_cubin,
                                       size_t *out_len, char *err, size_t cap) {
  *out_cubin = NULL;
  *out_len = 0;
  if (!a || !ptx || !len || !arch || strncmp(arch, "sm_", 3) != 0 || strlen(arch) > 16)
    return rt_fail_buf(err, cap, TILERT_ERROR_INVALID_ARGUMENT,
                       "tilert: assembler: no assembler, empty PTX or a bad arch (want sm_NN)");
  if (a->kind == TILERT_ASSEMBLER_NVJITLINK)
    return jl_compile(a, ptx, len, arch, out_cubin, out_len, err, cap);
  return px_compile(a, ptx, len, arch, out_cubin, out_len, err, cap);
}

/* ---- the runtime's assembler ------------------------------------------------------------ */

void rt_assembler_adopt(tilert_runtime *rt, tilert_assembler *a, tilert_status s, const char *why) {
  if (rt->assembler_tried) { tilert_assembler_destroy(a); return; }
  rt->assembler_tried = true;
  rt->assembler = a;
  rt->assembler_status = s;
  snprintf(rt->assembler_why, sizeof rt->assembler_why, "%s", s ? why : "");
}

tilert_status rt_assembler(tilert_runtime *rt, const tilert_assembler **out) {
  if (!rt->assembler_tried) {
    rt->assembler_tried = true;
    rt->assembler_status = tilert_assembler_create(TILERT_ASSEMBLER_AUTO, &rt->assembler,
                                                   rt->assembler_why, sizeof rt->assembler_why);
  }
  *out = rt->assembler;
  if (rt->assembler_status) rt_fail(rt, rt->assembler_status, "%s", rt->assembler_why);
  return rt->assembler_status;
}
