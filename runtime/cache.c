/* Hashing, the disk cache of compiled kernels (key = hash of source, options, compiler
 * version and target; files written atomically: temporary file + fsync + rename), and
 * whole-file reads. */
#include "rt_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- hash: two independent 64-bit lanes (FNV-1a with different bases, then a splitmix
 * finalizer); not cryptographic, enough for a cache key with a length check beside it. -- */

#define FNV_PRIME 0x100000001b3ull

void rt_hash_init(rt_hash *h) {
  h->a = 0xcbf29ce484222325ull;
  h->b = 0x84222325cbf29ce4ull ^ 0x9e3779b97f4a7c15ull;
}

static void hash_bytes(rt_hash *h, const unsigned char *p, size_t n) {
  uint64_t a = h->a, b = h->b;
  for (size_t i = 0; i < n; i++) {
    a = (a ^ p[i]) * FNV_PRIME;
    b = (b ^ p[i]) * FNV_PRIME;
    b ^= b >> 29; /* decorrelate the lanes */
  }
  h->a = a;
  h->b = b;
}

void rt_hash_field(rt_hash *h, const void *data, size_t len) {
  unsigned char n[8];
  for (int i = 0; i < 8; i++) n[i] = (unsigned char)((uint64_t)len >> (8 * i));
  hash_bytes(h, n, 8);
  if (len) hash_bytes(h, data, len);
}

static uint64_t mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void rt_hash_final(const rt_hash *h, uint64_t *out_lo, uint64_t *out_hi) {
  *out_lo = mix(h->a ^ mix(h->b));
  *out_hi = mix(h->b + 0x9e3779b97f4a7c15ull * h->a);
}

/* ---- keys ------------------------------------------------------------------------------ */

static void field_str(rt_hash *h, const char *s) {
  /* NULL and "" differ: NULL hashes as a length no string has. */
  if (!s) { rt_hash_field(h, "\xff", 1); return; }
  rt_hash_field(h, s, strlen(s));
}

void tilert_cache_key(const char *source, size_t source_len, const char *options,
                      const char *compiler_version, const char *target,
                      char out_key[TILERT_CACHE_KEY_LEN + 1]) {
  rt_hash h;
  rt_hash_init(&h);
  rt_hash_field(&h, "tilec-cache-v1", 14);
  rt_hash_field(&h, source, source ? source_len : 0);
  field_str(&h, options);
  field_str(&h, compiler_version);
  field_str(&h, target);
  uint64_t lo, hi;
  rt_hash_final(&h, &lo, &hi);
  snprintf(out_key, TILERT_CACHE_KEY_LEN + 1, "%016llx%016llx", (unsigned long long)hi,
           (unsigned long long)lo);
}

/* ---- folders and files ---------------------------------------------------------------- */

tilert_status tilert_cache_dir(char *out_dir, size_t cap) {
  const char *d = getenv("TILERT_CACHE_DIR");
  int n = -1;
  if (d && d[0]) n = snprintf(out_dir, cap, "%s", d);
  else if ((d = getenv("XDG_CACHE_HOME")) && d[0]) n = snprintf(out_dir, cap, "%s/tilec", d);
  else if ((d = getenv("HOME")) && d[0]) n = snprintf(out_dir, cap, "%s/.cache/tilec", d);
  if (n < 0) { if (cap) out_dir[0] = 0; return TILERT_ERROR_NOT_FOUND; }
  return (size_t)n < cap ? TILERT_OK : TILERT_ERROR_INVALID_ARGUMENT;
}

/* mkdir -p */
static tilert_status make_dirs(const char *dir, char *err, size_t cap) {
  char path[4096];
  int n = snprintf(path, sizeof path, "%s", dir);
  if (n < 0 || (size_t)n >= sizeof path)
    return rt_fail_buf(err, cap, TILERT_ERROR_INVALID_ARGUMENT, "tilert: cache path too long");
  for (char *p = path + 1;; p++) {
    bool end = *p == 0;
    if (*p != '/' && !end) continue;
    *p = 0;
    if (mkdir(path, 0755) != 0 && errno != EEXIST)
      return rt_fail_buf(err, cap, TILERT_ERROR_IO, "tilert: cannot create %s: %s", path, strerror(errno));
    if (end) break;
    *p = '/';
  }
  return TILERT_OK;
}

static bool valid_name(const char *s) {
  if (!s || !s[0]) return false;
  for (; *s; s++)
    if (*s == '/' || *s == '\\') return false;
  return true;
}

static tilert_status entry_path(const char *dir, const char *key, const char *ext, char *out,
                                size_t out_cap, char *err, size_t cap) {
  if (!dir || !dir[0] || !valid_name(key) || !valid_name(ext))
    return rt_fail_buf(err, cap, TILERT_ERROR_INVALID_ARGUMENT,
                       "tilert: cache: bad folder, key or extension");
  int n = snprintf(out, out_cap, "%s/%s.%s", dir, key, ext);
  if (n < 0 || (size_t)n >= out_cap)
    return rt_fail_buf(err, cap, TILERT_ERROR_INVALID_ARGUMENT, "tilert: cache path too long");
  return TILERT_OK;
}

static bool write_all(int fd, const void *data, size_t len) {
  const char *p = data;
  while (len) {
    ssize_t w = write(fd, p, len);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    p += w;
    len -= (size_t)w;
  }
  return true;
}

tilert_status tilert_cache_write(const char *dir, const char *key, const char *ext,
                                 const void *data, size_t len, char *err, size_t cap) {
  char final_path[4200], tmp[4300];
  RT_TRY(entry_path(dir, key, ext, final_path, sizeof final_path, err, cap));
  RT_TRY(make_dirs(dir, err, cap));
  snprintf(tmp, sizeof tmp, "%s/.%s.%s.tmp.XXXXXX", dir, key, ext);
  int fd = mkstemp(tmp);
  if (fd < 0)
    return rt_fail_buf(err, cap, TILERT_ERROR_IO, "tilert: cannot create %s: %s", tmp, strerror(errno));
  /* mkstemp makes the file 0600; a cache entry is as readable as any other file. */
  bool ok = fchmod(fd, 0644) == 0 && write_all(fd, data, len) && fsync(fd) == 0;
  int saved = errno;
  if (close(fd) != 0 && ok) { ok = false; saved = errno; }
  if (!ok || rename(tmp, final_path) != 0) {
    if (ok) saved = errno;
    unlink(tmp);
    return rt_fail_buf(err, cap, TILERT_ERROR_IO, "tilert: cannot write %s: %s", final_path,
                       strerror(saved));
  }
  return TILERT_OK;
}

tilert_status rt_read_file(const char *path, char **out_data, size_t *out_len, char *err,
                           size_t cap) {
  *out_data = NULL;
  *out_len = 0;
  FILE *f = fopen(path, "rb");
  if (!f) {
    tilert_status s = errno == ENOENT ? TILERT_ERROR_NOT_FOUND : TILERT_ERROR_IO;
    return rt_fail_buf(err, cap, s, "tilert: cannot open %s: %s", path, strerror(errno));
  }
  size_t n = 0, size = 1 << 16;
  char *buf = malloc(size);
  while (buf) {
    n += fread(buf + n, 1, size - n - 1, f);
    if (n < size - 1) break;
    char *bigger = realloc(buf, size * 2);
    if (!bigger) { free(buf); buf = NULL; break; }
    buf = bigger;
    size *= 2;
  }
  bool oom = !buf, bad = oom || ferror(f);
  fclose(f);
  if (bad) {
    free(buf);
    return rt_fail_buf(err, cap, oom ? TILERT_ERROR_OUT_OF_MEMORY : TILERT_ERROR_IO,
                       "tilert: cannot read %s", path);
  }
  buf[n] = 0;
  *out_data = buf;
  *out_len = n;
  return TILERT_OK;
}

tilert_status tilert_cache_read(const char *dir, const char *key, const char *ext,
                                char **out_data, size_t *out_len, char *err, size_t cap) {
  char path[4200];
  *out_data = NULL;
  *out_len = 0;
  RT_TRY(entry_path(dir, key, ext, path, sizeof path, err, cap));
  return rt_read_file(path, out_data, out_len, err, cap);
}
