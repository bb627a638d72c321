/* The disk cache's policy: checksummed entries (a flipped byte or a truncation is detected,
 * removed and never returned), the size cap with least-recently-used eviction (touch on
 * hit), must-hit mode (a miss is an error, nothing is written), the environment settings,
 * and concurrent processes writing one key (one valid entry left; readers never see a torn
 * or corrupt payload). */
#include "tilec/tilert.h"
#include "rt_test.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define KEY(c) c c c c c c c c c c c c c c c c c c c c c c c c c c c c c c c c

static const char *const K1 = KEY("1"), *const K2 = KEY("2"), *const K3 = KEY("3"),
                         *const K4 = KEY("4"), *const K5 = KEY("5");

static tilert_cache_config config(const char *dir, tilert_cache_mode mode, uint64_t max) {
  tilert_cache_config c;
  memset(&c, 0, sizeof c);
  snprintf(c.dir, sizeof c.dir, "%s", dir);
  c.mode = mode;
  c.max_bytes = max;
  return c;
}

static void path_of(char *out, size_t cap, const char *dir, const char *key, const char *ext) {
  snprintf(out, cap, "%s/%s.%s", dir, key, ext);
}

static int exists(const char *dir, const char *key, const char *ext) {
  char p[600];
  path_of(p, sizeof p, dir, key, ext);
  return access(p, F_OK) == 0;
}

static int count_files(const char *dir) {
  DIR *d = opendir(dir);
  int n = 0;
  if (!d) return -1;
  for (struct dirent *e; (e = readdir(d));)
    if (e->d_name[0] != '.' || strstr(e->d_name, ".tmp.")) n++;
  closedir(d);
  return n;
}

/* Applies `edit` to the file of an entry: flip byte `at`, or truncate to `at` bytes. */
static void damage(const char *dir, const char *key, const char *ext, long at, int truncate_it) {
  char p[600];
  path_of(p, sizeof p, dir, key, ext);
  int fd = open(p, O_RDWR);
  if (fd < 0) return;
  if (truncate_it) {
    if (ftruncate(fd, at) != 0) printf("note: ftruncate failed\n");
  } else {
    unsigned char b;
    if (pread(fd, &b, 1, at) == 1) {
      b ^= 0x20;
      if (pwrite(fd, &b, 1, at) != 1) printf("note: pwrite failed\n");
    }
  }
  close(fd);
}

static void test_corrupt(t_state *t, const char *root) {
  char dir[512], err[600], what[160];
  snprintf(dir, sizeof dir, "%s/corrupt", root);
  const char payload[] = "// a cubin stand-in, long enough to have a middle byte to flip";
  struct { const char *what, *why; long at; int truncate_it; } cases[] = {
      {"flipped payload byte", "payload checksum mismatch", 32 + 20, 0},
      {"flipped last byte", "payload checksum mismatch", 32 + (long)sizeof payload - 2, 0},
      {"flipped length byte", "header checksum mismatch", 8, 0},
      {"flipped magic byte", "not a tilert cache entry", 0, 0},
      {"truncated payload", "truncated or extended (length mismatch)", 40, 1},
      {"truncated header", "shorter than its header", 10, 1},
      {"empty file", "shorter than its header", 0, 1},
  };
  tilert_cache_config c = config(dir, TILERT_CACHE_READ_WRITE, 0);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    tilert_cache_put(&c, K1, "cubin", payload, sizeof payload - 1, NULL, 0);
    damage(dir, K1, "cubin", cases[i].at, cases[i].truncate_it);
    char *data = (char *)"unset";
    size_t len = 7;
    err[0] = 0;
    tilert_status s = tilert_cache_get(&c, K1, "cubin", &data, &len, err, sizeof err);
    snprintf(what, sizeof what, "%s: a miss, nothing returned", cases[i].what);
    t_check(t, s == TILERT_ERROR_NOT_FOUND && data == NULL && len == 0, what);
    snprintf(what, sizeof what, "%s: message", cases[i].what);
    t_contains(t, what, strstr(err, "corrupt") ? strstr(err, "corrupt") : err, cases[i].why);
    snprintf(what, sizeof what, "%s: the file is removed", cases[i].what);
    t_check(t, !exists(dir, K1, "cubin"), what);
    s = tilert_cache_put(&c, K1, "cubin", payload, sizeof payload - 1, NULL, 0);
    s |= tilert_cache_get(&c, K1, "cubin", &data, &len, NULL, 0);
    snprintf(what, sizeof what, "%s: rebuilt entry reads back", cases[i].what);
    t_check(t, s == TILERT_OK && len == sizeof payload - 1 && !memcmp(data, payload, len), what);
    if (s == TILERT_OK) free(data);
  }
  /* Every single-byte flip anywhere in a 4 KB entry is caught. */
  char big[4096];
  for (size_t i = 0; i < sizeof big; i++) big[i] = (char)(i * 7 + 3);
  int caught = 0, tried = 0;
  for (long at = 0; at < 32 + (long)sizeof big; at += 13, tried++) {
    tilert_cache_put(&c, K2, "ptx", big, sizeof big, NULL, 0);
    damage(dir, K2, "ptx", at, 0);
    char *data = NULL;
    size_t len = 0;
    if (tilert_cache_get(&c, K2, "ptx", &data, &len, NULL, 0) == TILERT_ERROR_NOT_FOUND) caught++;
    free(data);
  }
  snprintf(what, sizeof what, "byte flips across a 4 KB entry: %d of %d caught", caught, tried);
  t_check(t, caught == tried, what);
}

static void set_mtime(const char *dir, const char *key, const char *ext, time_t sec) {
  char p[600];
  path_of(p, sizeof p, dir, key, ext);
  struct timespec ts[2] = {{sec, 0}, {sec, 0}};
  utimensat(AT_FDCWD, p, ts, 0);
}

static time_t mtime_of(const char *dir, const char *key, const char *ext) {
  char p[600];
  struct stat st;
  path_of(p, sizeof p, dir, key, ext);
  return stat(p, &st) == 0 ? st.st_mtim.tv_sec : -1;
}

/* Entries of 1000-byte payloads (1032 bytes a file). K1 has two files (json + cubin). */
static void test_lru(t_state *t, const char *root) {
  char dir[512], buf[1000];
  snprintf(dir, sizeof dir, "%s/lru", root);
  memset(buf, 'x', sizeof buf);
  tilert_cache_config c = config(dir, TILERT_CACHE_READ_WRITE, 0);
  tilert_cache_put(&c, K1, "json", buf, sizeof buf, NULL, 0);
  tilert_cache_put(&c, K1, "cubin", buf, sizeof buf, NULL, 0);
  tilert_cache_put(&c, K2, "cubin", buf, sizeof buf, NULL, 0);
  tilert_cache_put(&c, K3, "cubin", buf, sizeof buf, NULL, 0);
  tilert_cache_put(&c, K4, "cubin", buf, sizeof buf, NULL, 0);
  set_mtime(dir, K1, "json", 1000);
  set_mtime(dir, K1, "cubin", 1000);
  set_mtime(dir, K2, "cubin", 2000);
  set_mtime(dir, K3, "cubin", 3000);
  set_mtime(dir, K4, "cubin", 4000);
  t_check(t, count_files(dir) == 5, "five files written with no cap");
  char *data = NULL;
  size_t len;
  tilert_status s = tilert_cache_get(&c, K1, "cubin", &data, &len, NULL, 0);
  free(data);
  t_check(t, s == TILERT_OK && mtime_of(dir, K1, "cubin") > 4000, "a hit touches the file (mtime now)");
  /* Cap: room for K5 and two 1-file entries besides K1's two files: K2 and K3 must go. */
  c.max_bytes = 4 * 1032;
  s = tilert_cache_put(&c, K5, "cubin", buf, sizeof buf, NULL, 0);
  t_check(t, s == TILERT_OK, "put with a cap");
  t_check(t, !exists(dir, K2, "cubin") && !exists(dir, K3, "cubin"),
          "the two least recently used entries (K2, K3) are evicted");
  t_check(t, exists(dir, K1, "json") && exists(dir, K1, "cubin"),
          "the entry used last (K1: touched by its hit) stays, both files");
  t_check(t, exists(dir, K4, "cubin") && exists(dir, K5, "cubin"), "K4 and the new K5 stay");
  /* An entry over the cap on its own is kept (evicting it would make the write useless). */
  c.max_bytes = 100;
  s = tilert_cache_put(&c, K2, "cubin", buf, sizeof buf, NULL, 0);
  t_check(t, s == TILERT_OK && exists(dir, K2, "cubin") && count_files(dir) == 1,
          "cap below one entry: everything else evicted, the new entry kept");
  uint64_t freed = 1;
  s = tilert_cache_evict(dir, 0, NULL, &freed, NULL, 0);
  t_check(t, s == TILERT_OK && freed == 1032 && count_files(dir) == 0, "evict to 0 removes all, reports bytes");
  /* A file that is not an entry (wrong name) is never counted or removed. */
  char p[600];
  snprintf(p, sizeof p, "%s/README", dir);
  FILE *f = fopen(p, "w");
  if (f) { fputs("not an entry\n", f); fclose(f); }
  s = tilert_cache_evict(dir, 0, NULL, NULL, NULL, 0);
  t_check(t, s == TILERT_OK && access(p, F_OK) == 0, "other files in the folder are left alone");
  /* A stale temporary file (a writer died) is removed by the scan; a fresh one is not. */
  char stale[600], fresh[600];
  snprintf(stale, sizeof stale, "%s/.%s.cubin.tmp.AAAAAA", dir, K3);
  snprintf(fresh, sizeof fresh, "%s/.%s.cubin.tmp.BBBBBB", dir, K3);
  fclose(fopen(stale, "w"));
  fclose(fopen(fresh, "w"));
  struct timespec old[2] = {{1000, 0}, {1000, 0}};
  utimensat(AT_FDCWD, stale, old, 0);
  tilert_cache_evict(dir, 0, NULL, NULL, NULL, 0);
  t_check(t, access(stale, F_OK) != 0 && access(fresh, F_OK) == 0,
          "temporaries over an hour old are removed, fresh ones kept");
  unlink(fresh);
}

static void test_must_hit(t_state *t, const char *root) {
  char dir[512], err[600];
  snprintf(dir, sizeof dir, "%s/musthit", root);
  tilert_cache_config rw = config(dir, TILERT_CACHE_READ_WRITE, 0);
  tilert_cache_put(&rw, K1, "cubin", "present", 7, NULL, 0);
  set_mtime(dir, K1, "cubin", 5000);
  tilert_cache_config mh = config(dir, TILERT_CACHE_MUST_HIT, 0);
  char *data = NULL;
  size_t len = 0;
  tilert_status s = tilert_cache_get(&mh, K1, "cubin", &data, &len, NULL, 0);
  t_check(t, s == TILERT_OK && len == 7 && !memcmp(data, "present", 7), "must-hit: a hit reads");
  free(data);
  t_check(t, mtime_of(dir, K1, "cubin") == 5000, "must-hit: a hit writes nothing (mtime unchanged)");
  s = tilert_cache_get(&mh, K2, "cubin", &data, &len, err, sizeof err);
  t_check(t, s == TILERT_ERROR_NOT_FOUND && data == NULL, "must-hit: a miss is NOT_FOUND");
  s = tilert_cache_put(&mh, K2, "cubin", "new", 3, err, sizeof err);
  t_check(t, s == TILERT_ERROR_UNSUPPORTED, "must-hit: put is refused");
  t_contains(t, "must-hit put", err, "tilert: cache: must-hit mode is read-only");
  t_check(t, count_files(dir) == 1 && !exists(dir, K2, "cubin"), "must-hit: nothing was written");
  tilert_cache_config off = config(dir, TILERT_CACHE_OFF, 0);
  s = tilert_cache_get(&off, K1, "cubin", &data, &len, NULL, 0);
  t_check(t, s == TILERT_ERROR_NOT_FOUND, "off: even a present entry is a miss");
  t_check(t, tilert_cache_put(&off, K2, "cubin", "x", 1, NULL, 0) == TILERT_OK && !exists(dir, K2, "cubin"),
          "off: put is a no-op");
}

static void test_env(t_state *t) {
  tilert_cache_config c;
  char err[300];
  unsetenv("TILERT_CACHE_MODE");
  unsetenv("TILERT_CACHE_MAX_BYTES");
  setenv("TILERT_CACHE_DIR", "/tmp/x", 1);
  tilert_status s = tilert_cache_config_from_env(&c, err, sizeof err);
  t_check(t, s == TILERT_OK && c.mode == TILERT_CACHE_READ_WRITE &&
                 c.max_bytes == TILERT_CACHE_DEFAULT_MAX_BYTES && !strcmp(c.dir, "/tmp/x"),
          "env defaults: read-write, 1 GiB, TILERT_CACHE_DIR");
  setenv("TILERT_CACHE_MAX_BYTES", "512M", 1);
  setenv("TILERT_CACHE_MODE", "must-hit", 1);
  s = tilert_cache_config_from_env(&c, err, sizeof err);
  t_check(t, s == TILERT_OK && c.mode == TILERT_CACHE_MUST_HIT && c.max_bytes == 512ull << 20,
          "TILERT_CACHE_MODE=must-hit, TILERT_CACHE_MAX_BYTES=512M");
  setenv("TILERT_CACHE_MAX_BYTES", "12x", 1);
  s = tilert_cache_config_from_env(&c, err, sizeof err);
  t_check(t, s == TILERT_ERROR_INVALID_ARGUMENT, "bad TILERT_CACHE_MAX_BYTES refused");
  t_contains(t, "bad max bytes", err, "tilert: TILERT_CACHE_MAX_BYTES=12x: expected a byte count");
  unsetenv("TILERT_CACHE_MAX_BYTES");
  setenv("TILERT_CACHE_MODE", "sometimes", 1);
  s = tilert_cache_config_from_env(&c, err, sizeof err);
  t_contains(t, "bad mode", err, "tilert: TILERT_CACHE_MODE=sometimes: expected read-write, must-hit or off");
  setenv("TILERT_CACHE_MODE", "must-hit", 1);
  unsetenv("TILERT_CACHE_DIR");
  unsetenv("XDG_CACHE_HOME");
  char *home = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
  unsetenv("HOME");
  s = tilert_cache_config_from_env(&c, err, sizeof err);
  t_check(t, s == TILERT_ERROR_NOT_FOUND, "must-hit with no folder is an error");
  t_contains(t, "must-hit without folder", err, "TILERT_CACHE_MODE=must-hit but no cache folder");
  unsetenv("TILERT_CACHE_MODE");
  s = tilert_cache_config_from_env(&c, err, sizeof err);
  t_check(t, s == TILERT_OK && c.mode == TILERT_CACHE_OFF, "no folder: the cache is off");
  if (home) { setenv("HOME", home, 1); free(home); }
}

/* WRITERS processes put the same key (each its own 128 KB payload, one byte value) ROUNDS
 * times, under a cap that makes them also evict one another's other keys, while the parent
 * reads: every read is whole and uniform; at the end one valid entry is left. */
static void test_concurrent_writers(t_state *t, const char *root) {
  enum { WRITERS = 6, ROUNDS = 30, SIZE = 128 * 1024 };
  char dir[512], what[200];
  snprintf(dir, sizeof dir, "%s/conc", root);
  tilert_cache_config c = config(dir, TILERT_CACHE_READ_WRITE, 8ull * (SIZE + 32));
  char *buf = malloc(SIZE);
  memset(buf, 'A', SIZE);
  tilert_cache_put(&c, K1, "cubin", buf, SIZE, NULL, 0);
  pid_t pids[WRITERS];
  for (int w = 0; w < WRITERS; w++) {
    if ((pids[w] = fork()) != 0) continue;
    char own[TILERT_CACHE_KEY_LEN + 1];
    memset(buf, 'B' + w, SIZE);
    for (int r = 0; r < ROUNDS; r++) {
      snprintf(own, sizeof own, "%08x%024d", (unsigned)(w * 1000 + r), 0);
      if (tilert_cache_put(&c, K1, "cubin", buf, SIZE, NULL, 0) != TILERT_OK) _exit(1);
      if (tilert_cache_put(&c, own, "ptx", buf, SIZE / 4, NULL, 0) != TILERT_OK) _exit(2);
    }
    _exit(0);
  }
  int reads = 0, bad = 0, misses = 0;
  for (int i = 0; i < 300; i++) {
    char *data = NULL;
    size_t len = 0;
    tilert_status s = tilert_cache_get(&c, K1, "cubin", &data, &len, NULL, 0);
    if (s == TILERT_ERROR_NOT_FOUND) { misses++; continue; } /* evicted by a writer: allowed */
    reads++;
    int ok = s == TILERT_OK && len == SIZE;
    for (size_t j = 1; ok && j < len; j++) ok = data[j] == data[0];
    bad += !ok;
    free(data);
  }
  int writers_ok = 1;
  for (int w = 0; w < WRITERS; w++) {
    int st = 0;
    waitpid(pids[w], &st, 0);
    writers_ok &= WIFEXITED(st) && WEXITSTATUS(st) == 0;
  }
  t_check(t, writers_ok, "concurrent writers (same key, evicting each other) all succeed");
  snprintf(what, sizeof what, "every read whole and uniform (%d reads, %d bad, %d evicted)", reads, bad, misses);
  t_check(t, bad == 0 && reads > 0, what);
  /* K1 cannot have been evicted at the end: every writer rewrote it just before its own
   * key's write, so it is always among the newest entries, far inside the cap. */
  char *data = NULL;
  size_t len = 0;
  tilert_status s = tilert_cache_get(&c, K1, "cubin", &data, &len, NULL, 0);
  int uniform = s == TILERT_OK && len == SIZE;
  for (size_t j = 1; uniform && j < len; j++) uniform = data[j] == data[0];
  t_check(t, uniform && data[0] >= 'B' && data[0] < 'B' + WRITERS,
          "one valid entry left, written whole by one of the writers");
  free(data);
  DIR *d = opendir(dir);
  int temps = 0, copies = 0;
  uint64_t total = 0;
  for (struct dirent *e; d && (e = readdir(d));) {
    if (strstr(e->d_name, ".tmp.")) temps++;
    if (strncmp(e->d_name, K1, TILERT_CACHE_KEY_LEN) == 0) copies++;
    struct stat st;
    char p[800];
    snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
    if (e->d_name[0] != '.' && stat(p, &st) == 0) total += (uint64_t)st.st_size;
  }
  if (d) closedir(d);
  t_check(t, temps == 0 && copies == 1, "no temporary files, one file for the key");
  snprintf(what, sizeof what, "the folder is within the cap after the last eviction (%llu <= %llu + one write)",
           (unsigned long long)total, (unsigned long long)c.max_bytes);
  t_check(t, total <= c.max_bytes + SIZE + 32, what);
  free(buf);
}

int main(void) {
  t_state t = {0};
  char root[] = "/tmp/tilert-cache-policy-XXXXXX";
  if (!mkdtemp(root)) { printf("FAIL: mkdtemp\n"); return 1; }
  test_corrupt(&t, root);
  test_lru(&t, root);
  test_must_hit(&t, root);
  test_concurrent_writers(&t, root);
  test_env(&t);
  char cmd[600];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
  if (system(cmd) != 0) printf("note: could not remove %s\n", root);
  return t_summary(&t);
}
