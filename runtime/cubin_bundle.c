/* Cubin bundles: the cubins of one module whose entries were assembled apart (each autotune
 * variant on its own pool thread, runtime/jit.c), kept as one image: the disk cache's
 * KEY.cubin holds it, and tilert_module_load_cubin loads each member as its own CUDA module.
 *
 * Format (little-endian), docs/caching.md:
 *   "TLRTCBN1"                                  8 bytes: magic and version
 *   u64 count
 *   count records, each: u64 name_len, name bytes, zero padding to 8,
 *                        u64 size, the cubin (an ELF image), zero padding to 8
 * A member whose entry did not assemble (an autotune config ptxas rejected, left for the
 * module to skip) holds "TLRTFAIL" and the assembler's message instead of an ELF image.
 * A reader checks every length against the image's end; each member must be an ELF image
 * or such a failure. */
#include "rt_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char magic[8] = {'T', 'L', 'R', 'T', 'C', 'B', 'N', '1'};
static const char failed_magic[8] = {'T', 'L', 'R', 'T', 'F', 'A', 'I', 'L'};

static size_t pad8(size_t n) { return (n + 7) & ~(size_t)7; }

bool rt_bundle_is(const void *image, size_t len) {
  return image && len >= sizeof magic && memcmp(image, magic, sizeof magic) == 0;
}

static void put_u64(unsigned char *p, uint64_t v) {
  for (int i = 0; i < 8; i++) p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get_u64(const unsigned char *p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
  return v;
}

unsigned char *rt_bundle_make(const rt_bundle_item *items, size_t n, size_t *out_len) {
  size_t total = 16;
  for (size_t i = 0; i < n; i++)
    total += 8 + pad8(items[i].entry_len) + 8 + pad8(items[i].len + (items[i].failed ? sizeof failed_magic : 0));
  unsigned char *b = calloc(1, total), *p = b;
  if (!b) return NULL;
  memcpy(p, magic, sizeof magic);
  put_u64(p + 8, n);
  p += 16;
  for (size_t i = 0; i < n; i++) {
    put_u64(p, items[i].entry_len);
    memcpy(p + 8, items[i].entry, items[i].entry_len);
    p += 8 + pad8(items[i].entry_len);
    size_t extra = items[i].failed ? sizeof failed_magic : 0;
    put_u64(p, items[i].len + extra);
    if (extra) memcpy(p + 8, failed_magic, extra);
    memcpy(p + 8 + extra, items[i].cubin, items[i].len);
    p += 8 + pad8(items[i].len + extra);
  }
  *out_len = total;
  return b;
}

/* Reads `len` bytes' length field at *pos and the bytes after it; false past the end. */
static bool read_field(const unsigned char *b, size_t len, size_t *pos, const unsigned char **out,
                       size_t *out_len) {
  if (len - *pos < 8) return false;
  uint64_t n = get_u64(b + *pos);
  *pos += 8;
  if (n > len - *pos) return false;
  *out = b + *pos;
  *out_len = (size_t)n;
  *pos += pad8((size_t)n) <= len - *pos ? pad8((size_t)n) : len - *pos;
  return true;
}

tilert_status rt_bundle_read(const void *image, size_t len, rt_bundle_item **out_items,
                             size_t *out_n, char *err, size_t err_cap) {
  const unsigned char *b = image;
  *out_items = NULL;
  *out_n = 0;
  if (!rt_bundle_is(image, len) || len < 16) {
    snprintf(err, err_cap, "tilert: module load: not a cubin bundle");
    return TILERT_ERROR_INVALID_ARGUMENT;
  }
  uint64_t n = get_u64(b + 8);
  if (n == 0 || n > (len - 16) / 16) {
    snprintf(err, err_cap, "tilert: module load: cubin bundle with %llu members in %zu bytes",
             (unsigned long long)n, len);
    return TILERT_ERROR_INVALID_ARGUMENT;
  }
  rt_bundle_item *it = calloc((size_t)n, sizeof *it);
  if (!it) {
    snprintf(err, err_cap, "tilert: out of memory");
    return TILERT_ERROR_OUT_OF_MEMORY;
  }
  size_t pos = 16;
  for (size_t i = 0; i < n; i++) {
    const unsigned char *name, *cubin;
    bool ok = read_field(b, len, &pos, &name, &it[i].entry_len) && read_field(b, len, &pos, &cubin, &it[i].len);
    it[i].failed = ok && it[i].len >= sizeof failed_magic && memcmp(cubin, failed_magic, sizeof failed_magic) == 0;
    if (!ok || (!it[i].failed && (it[i].len < 4 || memcmp(cubin, "\x7f" "ELF", 4) != 0))) {
      free(it);
      snprintf(err, err_cap, "tilert: module load: cubin bundle member %zu is truncated or not an ELF image", i);
      return TILERT_ERROR_INVALID_ARGUMENT;
    }
    if (it[i].failed) cubin += sizeof failed_magic, it[i].len -= sizeof failed_magic;
    it[i].entry = (const char *)name;
    it[i].cubin = cubin;
  }
  *out_items = it;
  *out_n = (size_t)n;
  return TILERT_OK;
}
