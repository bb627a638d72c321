/* The fallback fuzz driver, for compilers without libFuzzer (gcc): a main() that feeds each
 * file named on the command line, or each file in each directory named, to
 * LLVMFuzzerTestOneInput once. Built with AddressSanitizer and UBSan it replays a corpus;
 * it does not mutate. Options starting with '-' are ignored (libFuzzer's flags), so the
 * same command line drives both kinds of binary. Exit status 0 when every input ran. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) { fprintf(stderr, "driver: cannot open %s\n", path); return 1; }
  size_t cap = 4096, len = 0;
  uint8_t *buf = malloc(cap);
  for (size_t got; buf && (got = fread(buf + len, 1, cap - len, f)) > 0;) {
    len += got;
    if (len == cap) {
      uint8_t *nb = realloc(buf, cap *= 2);
      if (!nb) { free(buf); buf = NULL; }
      buf = nb;
    }
  }
  fclose(f);
  if (!buf) { fprintf(stderr, "driver: out of memory reading %s\n", path); return 1; }
  /* An exact-size copy, so that reads past the end are ASan reports as under libFuzzer. */
  uint8_t *exact = malloc(len ? len : 1);
  if (exact) memcpy(exact, buf, len);
  free(buf);
  if (!exact) return 1;
  LLVMFuzzerTestOneInput(exact, len);
  free(exact);
  return 0;
}

static int run_path(const char *path, unsigned *count) {
  struct stat st;
  if (stat(path, &st) != 0) { fprintf(stderr, "driver: no such input %s\n", path); return 1; }
  if (!S_ISDIR(st.st_mode)) { ++*count; return run_file(path); }
  DIR *d = opendir(path);
  if (!d) return 1;
  int bad = 0;
  for (struct dirent *e; (e = readdir(d));) {
    if (e->d_name[0] == '.') continue;
    size_t n = strlen(path) + strlen(e->d_name) + 2;
    char *sub = malloc(n);
    if (!sub) { bad = 1; break; }
    snprintf(sub, n, "%s/%s", path, e->d_name);
    bad |= run_path(sub, count);
    free(sub);
  }
  closedir(d);
  return bad;
}

int main(int argc, char **argv) {
  unsigned count = 0;
  int bad = 0;
  for (int i = 1; i < argc; i++)
    if (argv[i][0] != '-') bad |= run_path(argv[i], &count);
  fprintf(stderr, "driver: ran %u inputs\n", count);
  return bad;
}
