/* Hashing, the disk cache of compiled kernels and tuning choices, and whole-file reads.
 *
 * Key = hash of source, options, compiler version and target (the JIT path puts the driver
 * version into the target field). An entry is the set of files KEY.EXT in one folder; each
 * file is a 32-byte header (magic, payload length, payload checksum, header checksum) and
 * the payload, written atomically (temporary file in the same folder, fsync, rename). A
 * reader checks the header and removes a corrupt or truncated file instead of returning it.
 * Policy (mode, size cap with LRU eviction, touch on hit) is in tilert_cache_get/put;
 * eviction is in runtime/cache_evict.c. docs/caching.md describes all of it. */
#include "rt_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
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


/* ---- entry format ------------------------------------------------------------------------ */

/* A fast 64-bit checksum (four independent multiply-rotate lanes over 8-byte words, then a
 * finalizer): it detects corruption, it does not resist forgery. Host byte order: cache
 * folders are not shared between machines of different endianness. */
#define CK_K1 0x9e3779b97f4a7c15ull
#define CK_K2 0xc2b2ae3d27d4eb4full

static uint64_t rotl64(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

static uint64_t ck_word(uint64_t h, uint64_t w) { return rotl64(h ^ (w * CK_K2), 31) * CK_K1; }

uint64_t rt_checksum64(const void *data, size_t len, uint64_t seed) {
  const unsigned char *p = data;
  uint64_t h[4] = {seed ^ CK_K1, seed ^ CK_K2, ~seed ^ CK_K1, ~seed ^ CK_K2};
  size_t i = 0;
  for (; i + 32 <= len; i += 32)
    for (int l = 0; l < 4; l++) {
      uint64_t w;
      memcpy(&w, p + i + 8 * l, 8);
      h[l] = ck_word(h[l], w);
    }
  for (int l = 0; i < len; l = (l + 1) & 3) {
    uint64_t w = 0;
    size_t n = len - i < 8 ? len - i : 8;
    memcpy(&w, p + i, n);
    h[l] = ck_word(h[l], w);
    i += n;
  }
  return mix(h[0] ^ rotl64(h[1], 17) ^ rotl64(h[2], 34) ^ rotl64(h[3], 51) ^ (uint64_t)len);
}

#define ENTRY_MAGIC "tilertC1"
#define ENTRY_HEADER 32

static void put_u64(unsigned char *p, uint64_t v) {
  for (int i = 0; i < 8; i++) p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get_u64(const unsigned char *p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; i++) v |= (uint64_t)p[i] << (8 * i);
  return v;
}

static void header_encode(unsigned char h[ENTRY_HEADER], const void *data, size_t len) {
  memcpy(h, ENTRY_MAGIC, 8);
  put_u64(h + 8, len);
  put_u64(h + 16, rt_checksum64(data, len, len));
  put_u64(h + 24, rt_checksum64(h, 24, 0));
}

/* NULL when `file` (n bytes) is a whole, intact entry; else what is wrong with it. */
static const char *entry_problem(const unsigned char *file, size_t n) {
  if (n < ENTRY_HEADER) return "shorter than its header";
  if (memcmp(file, ENTRY_MAGIC, 8) != 0) return "not a tilert cache entry";
  if (get_u64(file + 24) != rt_checksum64(file, 24, 0)) return "header checksum mismatch";
  uint64_t len = get_u64(file + 8);
  if (len != n - ENTRY_HEADER) return "truncated or extended (length mismatch)";
  if (get_u64(file + 16) != rt_checksum64(file + ENTRY_HEADER, len, len))
    return "payload checksum mismatch";
  return NULL;
}

/* ---- writing ----------------------------------------------------------------------------- */

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
  unsigned char header[ENTRY_HEADER];
  RT_TRY(entry_path(dir, key, ext, final_path, sizeof final_path, err, cap));
  RT_TRY(make_dirs(dir, err, cap));
  snprintf(tmp, sizeof tmp, "%s/.%s.%s.tmp.XXXXXX", dir, key, ext);
  int fd = mkstemp(tmp);
  if (fd < 0)
    return rt_fail_buf(err, cap, TILERT_ERROR_IO, "tilert: cannot create %s: %s", tmp, strerror(errno));
  header_encode(header, data, len);
  /* mkstemp makes the file 0600; a cache entry is as readable as any other file. */
  bool ok = fchmod(fd, 0644) == 0 && write_all(fd, header, sizeof header) &&
            write_all(fd, data, len) && fsync(fd) == 0;
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

/* ---- reading ----------------------------------------------------------------------------- */

/* Reads the open file whole: its size from fstat, growing past it for files that have none
 * (pipes) or grow meanwhile. One extra byte for a NUL. */
static tilert_status read_fd(int fd, const char *path, unsigned char **out, size_t *out_len,
                             char *err, size_t cap) {
  struct stat st;
  if (fstat(fd, &st) != 0)
    return rt_fail_buf(err, cap, TILERT_ERROR_IO, "tilert: cannot stat %s: %s", path, strerror(errno));
  size_t size = st.st_size > 0 ? (size_t)st.st_size + 1 : 1 << 16, n = 0;
  unsigned char *buf = malloc(size + 1);
  for (;;) {
    if (!buf) return rt_fail_buf(err, cap, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
    ssize_t r = read(fd, buf + n, size - n);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      free(buf);
      return rt_fail_buf(err, cap, TILERT_ERROR_IO, "tilert: cannot read %s: %s", path, strerror(errno));
    }
    if (r == 0) break;
    n += (size_t)r;
    if (n < size) continue;
    unsigned char *bigger = realloc(buf, size * 2 + 1);
    if (!bigger) free(buf);
    buf = bigger;
    size *= 2;
  }
  *out = buf;
  *out_len = n;
  return TILERT_OK;
}

/* Removes a corrupt file unless a writer has replaced it since it was opened (then the new
 * file is someone else's whole entry). */
static void remove_if_same(const char *path, const struct stat *opened) {
  struct stat now;
  if (stat(path, &now) == 0 && now.st_ino == opened->st_ino && now.st_dev == opened->st_dev)
    unlink(path);
}

/* Reads and checks one entry file; a corrupt one is removed when `remove_corrupt`. */
static tilert_status read_entry(const char *dir, const char *key, const char *ext,
                                bool remove_corrupt, char **out_data, size_t *out_len,
                                char *err, size_t cap) {
  char path[4200];
  *out_data = NULL;
  *out_len = 0;
  RT_TRY(entry_path(dir, key, ext, path, sizeof path, err, cap));
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    tilert_status s = errno == ENOENT ? TILERT_ERROR_NOT_FOUND : TILERT_ERROR_IO;
    return rt_fail_buf(err, cap, s, "tilert: cannot open %s: %s", path, strerror(errno));
  }
  unsigned char *file = NULL;
  size_t n = 0;
  struct stat st;
  tilert_status s = fstat(fd, &st) == 0 ? read_fd(fd, path, &file, &n, err, cap)
                                        : rt_fail_buf(err, cap, TILERT_ERROR_IO, "tilert: cannot stat %s", path);
  close(fd);
  if (s) return s;
  const char *problem = entry_problem(file, n);
  if (problem) {
    free(file);
    if (remove_corrupt) remove_if_same(path, &st);
    return rt_fail_buf(err, cap, TILERT_ERROR_NOT_FOUND, "tilert: cache: corrupt entry %s (%s)%s",
                       path, problem, remove_corrupt ? ": removed" : "");
  }
  size_t len = n - ENTRY_HEADER;
  memmove(file, file + ENTRY_HEADER, len);
  file[len] = 0;
  *out_data = (char *)file;
  *out_len = len;
  return TILERT_OK;
}

tilert_status tilert_cache_read(const char *dir, const char *key, const char *ext,
                                char **out_data, size_t *out_len, char *err, size_t cap) {
  return read_entry(dir, key, ext, true, out_data, out_len, err, cap);
}

tilert_status rt_read_file(const char *path, char **out_data, size_t *out_len, char *err,
                           size_t cap) {
  *out_data = NULL;
  *out_len = 0;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    tilert_status s = errno == ENOENT ? TILERT_ERROR_NOT_FOUND : TILERT_ERROR_IO;
    return rt_fail_buf(err, cap, s, "tilert: cannot open %s: %s", path, strerror(errno));
  }
  unsigned char *buf = NULL;
  size_t n = 0;
  tilert_status s = read_fd(fd, path, &buf, &n, err, cap);
  close(fd);
  if (s) return s;
  buf[n] = 0;
  *out_data = (char *)buf;
  *out_len = n;
  return TILERT_OK;
}

/* ---- policy: mode, touch on hit, cap --------------------------------------------------- */

/* "1073741824", "512M", "2G", "64K" (powers of 1024). */
static bool parse_bytes(const char *s, uint64_t *out) {
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (end == s || errno || s[0] == '-') return false;
  int shift = 0;
  if (*end == 'K' || *end == 'k') shift = 10;
  else if (*end == 'M' || *end == 'm') shift = 20;
  else if (*end == 'G' || *end == 'g') shift = 30;
  if (shift) end++;
  if (*end || (shift && v > (~0ull >> shift))) return false;
  *out = (uint64_t)v << shift;
  return true;
}

static bool parse_mode(const char *s, tilert_cache_mode *out) {
  if (!strcmp(s, "read-write") || !strcmp(s, "on")) *out = TILERT_CACHE_READ_WRITE;
  else if (!strcmp(s, "must-hit")) *out = TILERT_CACHE_MUST_HIT;
  else if (!strcmp(s, "off")) *out = TILERT_CACHE_OFF;
  else return false;
  return true;
}

tilert_status tilert_cache_config_from_env(tilert_cache_config *out, char *err, size_t cap) {
  memset(out, 0, sizeof *out);
  out->max_bytes = TILERT_CACHE_DEFAULT_MAX_BYTES;
  const char *v = getenv("TILERT_CACHE_MODE");
  if (v && v[0] && !parse_mode(v, &out->mode))
    return rt_fail_buf(err, cap, TILERT_ERROR_INVALID_ARGUMENT,
                       "tilert: TILERT_CACHE_MODE=%s: expected read-write, must-hit or off", v);
  v = getenv("TILERT_CACHE_MAX_BYTES");
  if (v && v[0] && !parse_bytes(v, &out->max_bytes))
    return rt_fail_buf(err, cap, TILERT_ERROR_INVALID_ARGUMENT,
                       "tilert: TILERT_CACHE_MAX_BYTES=%s: expected a byte count (K, M, G "
                       "suffixes; 0 for no cap)", v);
  tilert_status s = tilert_cache_dir(out->dir, sizeof out->dir);
  if (s == TILERT_ERROR_INVALID_ARGUMENT)
    return rt_fail_buf(err, cap, s, "tilert: cache folder path too long");
  if (s == TILERT_OK || out->mode == TILERT_CACHE_OFF) return TILERT_OK;
  if (out->mode == TILERT_CACHE_MUST_HIT)
    return rt_fail_buf(err, cap, TILERT_ERROR_NOT_FOUND,
                       "tilert: TILERT_CACHE_MODE=must-hit but no cache folder (set "
                       "TILERT_CACHE_DIR, XDG_CACHE_HOME or HOME)");
  out->mode = TILERT_CACHE_OFF; /* nowhere to keep entries: the cache is simply off */
  return TILERT_OK;
}

tilert_status tilert_cache_get(const tilert_cache_config *c, const char *key, const char *ext,
                               char **out_data, size_t *out_len, char *err, size_t cap) {
  *out_data = NULL;
  *out_len = 0;
  if (c->mode == TILERT_CACHE_OFF)
    return rt_fail_buf(err, cap, TILERT_ERROR_NOT_FOUND, "tilert: cache: off");
  /* must-hit writes nothing, not even the removal of a corrupt file */
  RT_TRY(read_entry(c->dir, key, ext, c->mode == TILERT_CACHE_READ_WRITE, out_data, out_len, err, cap));
  if (c->mode == TILERT_CACHE_READ_WRITE) { /* LRU: a hit is a use (mtime; see cache_evict.c) */
    char path[4200];
    snprintf(path, sizeof path, "%s/%s.%s", c->dir, key, ext);
    (void)utimensat(AT_FDCWD, path, NULL, 0); /* a read-only folder keeps working, unordered */
  }
  return TILERT_OK;
}

tilert_status tilert_cache_put(const tilert_cache_config *c, const char *key, const char *ext,
                               const void *data, size_t len, char *err, size_t cap) {
  if (c->mode == TILERT_CACHE_OFF) return TILERT_OK;
  if (c->mode == TILERT_CACHE_MUST_HIT)
    return rt_fail_buf(err, cap, TILERT_ERROR_UNSUPPORTED,
                       "tilert: cache: must-hit mode is read-only (%s.%s not written)", key, ext);
  RT_TRY(tilert_cache_write(c->dir, key, ext, data, len, err, cap));
  if (!c->max_bytes) return TILERT_OK;
  return tilert_cache_evict(c->dir, c->max_bytes, key, NULL, err, cap);
}
