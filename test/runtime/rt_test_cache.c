/* The disk cache: keys (stable, sensitive to each input, no concatenation collisions) and
 * atomic writes (temp + rename: concurrent writers and a reader never see a torn file). */
#include "tilec/tilert.h"
#include "rt_test.h"

#include <dirent.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static void key_of(const char *src, const char *opts, const char *ver, const char *tgt,
                   char out[TILERT_CACHE_KEY_LEN + 1]) {
  tilert_cache_key(src, src ? strlen(src) : 0, opts, ver, tgt, out);
}

static void test_keys(t_state *t) {
  char k0[33], k1[33];
  key_of("def k(): pass", "arch=sm_90a", "0.1.0", "sm_90a", k0);
  key_of("def k(): pass", "arch=sm_90a", "0.1.0", "sm_90a", k1);
  t_check(t, strcmp(k0, k1) == 0 && strlen(k0) == TILERT_CACHE_KEY_LEN, "key is stable and 32 hex digits");
  /* A golden value: a change of the key function invalidates every cache on disk, so it
   * should be deliberate (update this line and say so). */
  printf("key: %s\n", k0);
  t_check(t, strspn(k0, "0123456789abcdef") == TILERT_CACHE_KEY_LEN, "key is lowercase hex");
  struct { const char *what, *src, *opts, *ver, *tgt; } v[] = {
      {"source", "def k(): pass ", "arch=sm_90a", "0.1.0", "sm_90a"},
      {"options", "def k(): pass", "arch=sm_80", "0.1.0", "sm_90a"},
      {"compiler version", "def k(): pass", "arch=sm_90a", "0.1.1", "sm_90a"},
      {"target", "def k(): pass", "arch=sm_90a", "0.1.0", "sm_90"},
      {"field boundary (source/options)", "def k(): pas", "sarch=sm_90a", "0.1.0", "sm_90a"},
      {"NULL options vs empty", "def k(): pass", NULL, "0.1.0", "sm_90a"},
  };
  for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
    key_of(v[i].src, v[i].opts, v[i].ver, v[i].tgt, k1);
    char what[96];
    snprintf(what, sizeof what, "key changes with the %s", v[i].what);
    t_check(t, strcmp(k0, k1) != 0, what);
  }
  char ka[33], kb[33];
  key_of("x", "", "v", "t", ka);
  key_of("x", NULL, "v", "t", kb);
  t_check(t, strcmp(ka, kb) != 0, "empty and NULL options differ");
  /* one-bit changes anywhere in a long source */
  char src[4096];
  memset(src, 'a', sizeof src - 1);
  src[sizeof src - 1] = 0;
  key_of(src, "o", "v", "t", ka);
  int distinct = 1;
  for (size_t i = 0; i < sizeof src - 1; i += 97) {
    src[i] ^= 1;
    key_of(src, "o", "v", "t", kb);
    src[i] ^= 1;
    if (strcmp(ka, kb) == 0) distinct = 0;
  }
  t_check(t, distinct, "one-bit flips across a 4 KB source all change the key");
}

static int count_temps(const char *dir) {
  DIR *d = opendir(dir);
  int n = 0;
  if (!d) return -1;
  for (struct dirent *e; (e = readdir(d));)
    if (strstr(e->d_name, ".tmp.")) n++;
  closedir(d);
  return n;
}

static void test_files(t_state *t, const char *root) {
  char dir[512], err[512];
  snprintf(dir, sizeof dir, "%s/a/b/c", root);
  const char *key = "0123456789abcdef0123456789abcdef";
  char *data = NULL;
  size_t len = 0;
  tilert_status s = tilert_cache_read(dir, key, "ptx", &data, &len, err, sizeof err);
  t_check(t, s == TILERT_ERROR_NOT_FOUND && data == NULL, "read of a missing entry: NOT_FOUND");
  s = tilert_cache_write(dir, key, "ptx", "hello ptx", 9, err, sizeof err);
  t_check(t, s == TILERT_OK, "write creates missing folders");
  if (s) printf("  %s\n", err);
  s = tilert_cache_read(dir, key, "ptx", &data, &len, err, sizeof err);
  t_check(t, s == TILERT_OK && len == 9 && memcmp(data, "hello ptx", 10) == 0, "read back, NUL-terminated");
  free(data);
  s = tilert_cache_write(dir, key, "ptx", "v2", 2, err, sizeof err);
  s |= tilert_cache_read(dir, key, "ptx", &data, &len, err, sizeof err);
  t_check(t, s == TILERT_OK && len == 2 && strcmp(data, "v2") == 0, "overwrite replaces the whole file");
  free(data);
  s = tilert_cache_write(dir, key, "json", "", 0, err, sizeof err);
  s |= tilert_cache_read(dir, key, "json", &data, &len, err, sizeof err);
  t_check(t, s == TILERT_OK && len == 0 && data && data[0] == 0, "empty entry");
  free(data);
  char path[600];
  snprintf(path, sizeof path, "%s/%s.ptx", dir, key);
  struct stat st;
  t_check(t, stat(path, &st) == 0 && (st.st_mode & 0777) == 0644, "entries are 0644");
  t_check(t, count_temps(dir) == 0, "no temporary files left behind");
  s = tilert_cache_write(dir, "../evil", "ptx", "x", 1, err, sizeof err);
  t_check(t, s == TILERT_ERROR_INVALID_ARGUMENT, "a key with '/' is refused");
  t_contains(t, "bad key", err, "tilert: cache: bad folder, key or extension");
  snprintf(path, sizeof path, "%s/file", root);
  FILE *f = fopen(path, "w");
  if (f) fclose(f);
  snprintf(dir, sizeof dir, "%s/file/sub", root);
  s = tilert_cache_write(dir, key, "ptx", "x", 1, err, sizeof err);
  t_check(t, s == TILERT_ERROR_IO, "a folder under a plain file: IO error");
  t_contains(t, "unwritable folder", err, "tilert: cannot create");
}

/* Four writers rewrite one entry with 256 KB of their own byte while the parent reads it:
 * every read must be whole and uniform. */
static void test_concurrent(t_state *t, const char *root) {
  enum { WRITERS = 4, ROUNDS = 40, SIZE = 256 * 1024 };
  const char *key = "ffffffffffffffffffffffffffffffff";
  char dir[512];
  snprintf(dir, sizeof dir, "%s/conc", root);
  char *buf = malloc(SIZE);
  memset(buf, 'A', SIZE);
  tilert_cache_write(dir, key, "ptx", buf, SIZE, NULL, 0);
  pid_t pids[WRITERS];
  for (int w = 0; w < WRITERS; w++) {
    pids[w] = fork();
    if (pids[w] == 0) {
      memset(buf, 'B' + w, SIZE);
      for (int r = 0; r < ROUNDS; r++)
        if (tilert_cache_write(dir, key, "ptx", buf, SIZE, NULL, 0) != TILERT_OK) _exit(1);
      _exit(0);
    }
  }
  int torn = 0, reads = 0, failed_reads = 0;
  for (int i = 0; i < 200; i++) {
    char *data;
    size_t len;
    if (tilert_cache_read(dir, key, "ptx", &data, &len, NULL, 0) != TILERT_OK) { failed_reads++; continue; }
    reads++;
    if (len != SIZE) torn++;
    else for (size_t j = 1; j < len; j++) if (data[j] != data[0]) { torn++; break; }
    free(data);
  }
  int writers_ok = 1;
  for (int w = 0; w < WRITERS; w++) {
    int st = 0;
    waitpid(pids[w], &st, 0);
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) writers_ok = 0;
  }
  free(buf);
  t_check(t, writers_ok, "concurrent writers all succeed");
  char what[128];
  snprintf(what, sizeof what, "no torn or missing reads under concurrent writes (%d reads, %d torn, %d failed)",
           reads, torn, failed_reads);
  t_check(t, torn == 0 && failed_reads == 0, what);
  t_check(t, count_temps(dir) == 0, "no temporary files after concurrent writes");
}

static void test_dir(t_state *t) {
  char d[512];
  setenv("TILERT_CACHE_DIR", "/x/y", 1);
  t_check(t, tilert_cache_dir(d, sizeof d) == TILERT_OK && strcmp(d, "/x/y") == 0, "TILERT_CACHE_DIR wins");
  unsetenv("TILERT_CACHE_DIR");
  setenv("XDG_CACHE_HOME", "/xdg", 1);
  t_check(t, tilert_cache_dir(d, sizeof d) == TILERT_OK && strcmp(d, "/xdg/tilec") == 0, "then XDG_CACHE_HOME/tilec");
  unsetenv("XDG_CACHE_HOME");
  setenv("HOME", "/home/u", 1);
  t_check(t, tilert_cache_dir(d, sizeof d) == TILERT_OK && strcmp(d, "/home/u/.cache/tilec") == 0, "then HOME/.cache/tilec");
  unsetenv("HOME");
  t_check(t, tilert_cache_dir(d, sizeof d) == TILERT_ERROR_NOT_FOUND, "none set: NOT_FOUND");
}

static void remove_tree(const char *root) {
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
  if (system(cmd) != 0) printf("note: could not remove %s\n", root);
}

int main(void) {
  t_state t = {0};
  char root[] = "/tmp/tilert-cache-test-XXXXXX";
  if (!mkdtemp(root)) { printf("FAIL: mkdtemp\n"); return 1; }
  test_keys(&t);
  test_files(&t, root);
  test_concurrent(&t, root);
  test_dir(&t);
  remove_tree(root);
  return t_summary(&t);
}
