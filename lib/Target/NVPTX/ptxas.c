/* nvptx_ptxas: PTX -> cubin through the CUDA toolkit's ptxas, when installed.
 *
 * ptxas is looked up on PATH, then in $CUDA_HOME/bin and /usr/local/cuda/bin. The PTX goes
 * through a temporary file (ptxas reads files); its stderr is captured into the error. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "Support/support.h"
#include "Target/NVPTX/nvptx.h"

static char *join_path(const char *dir, const char *name) {
  size_t n = strlen(dir) + strlen(name) + 2;
  char *p = malloc(n);
  if (p) snprintf(p, n, "%s/%s", dir, name);
  return p;
}

static char *find_on_path(const char *name) {
  const char *path = getenv("PATH");
  if (!path) return NULL;
  char *copy = strdup(path), *save = NULL;
  if (!copy) return NULL; /* out of memory: reported as "not found" */
  for (char *dir = strtok_r(copy, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
    char *p = join_path(*dir ? dir : ".", name);
    if (p && access(p, X_OK) == 0) {
      free(copy);
      return p;
    }
    free(p);
  }
  free(copy);
  return NULL;
}

/* The ptxas executable (heap) or NULL. */
static char *find_ptxas(void) {
  char *p = find_on_path("ptxas");
  if (p) return p;
  const char *roots[] = {getenv("CUDA_HOME"), "/usr/local/cuda"};
  for (size_t i = 0; i < 2; i++) {
    if (!roots[i] || !*roots[i]) continue;
    char *bin = join_path(roots[i], "bin/ptxas");
    if (bin && access(bin, X_OK) == 0) return bin;
    free(bin);
  }
  return NULL;
}

static bool write_all(int fd, const char *data, size_t len) {
  while (len) {
    ssize_t w = write(fd, data, len);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    data += w;
    len -= (size_t)w;
  }
  return true;
}

/* Runs argv, capturing stderr (heap string, may be empty). Returns the exit status, or -1. */
static int run_capture(char *const argv[], char **out_err) {
  char errpath[] = "/tmp/tilec-ptxas-err-XXXXXX";
  int efd = mkstemp(errpath);
  *out_err = NULL;
  if (efd < 0) return -1;
  pid_t pid = fork();
  if (pid == 0) {
    dup2(efd, 2);
    dup2(efd, 1);
    execv(argv[0], argv);
    _exit(127);
  }
  int status = -1;
  if (pid > 0) waitpid(pid, &status, 0);
  close(efd);
  size_t len;
  *out_err = sup_read_file(errpath, &len);
  unlink(errpath);
  if (pid < 0) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static unsigned char *assemble(ir_context *ctx, const char *ptxas, const char *ptx,
                               const char *arch, size_t *out_len) {
  char inpath[] = "/tmp/tilec-XXXXXX.ptx", outpath[] = "/tmp/tilec-XXXXXX.cubin";
  int ifd = mkstemps(inpath, 4), ofd = mkstemps(outpath, 6);
  unsigned char *cubin = NULL;
  if (ifd < 0 || ofd < 0 || !write_all(ifd, ptx, strlen(ptx))) {
    ir_emit_error(ctx, (ir_loc){0}, "ptxas: cannot write a temporary file: %s", strerror(errno));
    goto done;
  }
  char archopt[64];
  snprintf(archopt, sizeof archopt, "-arch=%s", arch);
  char *argv[] = {(char *)ptxas, archopt, "-o", outpath, inpath, NULL};
  char *err = NULL;
  int rc = run_capture(argv, &err);
  for (size_t n = err ? strlen(err) : 0; n && (err[n - 1] == '\n' || err[n - 1] == ' '); n--)
    err[n - 1] = '\0';
  if (rc != 0) {
    ir_emit_error(ctx, (ir_loc){0}, "ptxas failed (exit %d): %s", rc, err ? err : "");
  } else if (!(cubin = (unsigned char *)sup_read_file(outpath, out_len))) {
    ir_emit_error(ctx, (ir_loc){0}, "ptxas: cannot read its output: %s", strerror(errno));
  }
  free(err);
done:
  if (ifd >= 0) close(ifd);
  if (ofd >= 0) close(ofd);
  unlink(inpath);
  unlink(outpath);
  return cubin;
}

unsigned char *nvptx_ptxas(ir_context *ctx, const char *ptx, const tgpu_target *t, size_t *out_len) {
  char *ptxas = find_ptxas();
  if (!ptxas) {
    ir_emit_error(ctx, (ir_loc){0}, "ptxas not found (looked on PATH, $CUDA_HOME/bin, "
                  "/usr/local/cuda/bin)");
    return NULL;
  }
  unsigned char *cubin = assemble(ctx, ptxas, ptx, t->name, out_len);
  free(ptxas);
  return cubin;
}
