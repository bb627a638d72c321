/* The JIT's cache key for a source that imports modules of the search path
 * (tilec_options.module_paths): the compile reads those files too, so an entry must not be
 * found again once one of them changes.
 *
 * The key of such a compile is the source's key (K1: source, options, compiler, target)
 * extended with the path and contents of every file the compile read. Which files those are
 * only a compile knows (tilec_result_import: an import may sit under an `if`, or be reached
 * through a package's attribute in a kernel's body), so the cache keeps the list beside K1
 * (entry "deps", one path a line). A process that finds the list reads the files and has the
 * key with no compile; one that does not, or whose lookup missed (a changed file may import
 * others now), runs the frontend for the list first, so that what it compiles is kept under
 * the key the next process computes. In must-hit mode a missing list is a miss. */
#include "rt_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef TILERT_WITH_TILEC

#include "tilec/tilec.h"

static void quiet(void *user, const tilec_diagnostic *d) { (void)user, (void)d; }

/* The files a frontend run of the source reads, one a line; NOT_FOUND when the frontend
 * fails (the compile that follows reports why). */
static tilert_status discover(tilert_runtime *rt, const char *filename, const char *source, size_t len,
                              const tilec_options *opts, char **out, size_t *out_len) {
  tilec_options o = *opts;
  o.emit = TILEC_EMIT_FRONTEND;
  o.on_diagnostic = quiet, o.diagnostic_user = NULL;
  o.on_ir = NULL, o.ir_filter = NULL, o.on_timing = NULL, o.on_entry_ptx = NULL;
  o.split_entries = 0;
  tilec_result *r = NULL;
  if (tilec_compile(filename, source, len, &o, &r) || !r) return TILERT_ERROR_NOT_FOUND;
  size_t n = 1;
  for (size_t i = 0; i < tilec_result_import_count(r); i++) n += strlen(tilec_result_import(r, i)) + 1;
  char *list = malloc(n);
  if (!list) {
    tilec_result_free(r);
    return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  }
  size_t at = 0;
  for (size_t i = 0; i < tilec_result_import_count(r); i++)
    at += (size_t)sprintf(list + at, "%s\n", tilec_result_import(r, i));
  list[at] = 0;
  tilec_result_free(r);
  *out = list, *out_len = at;
  return TILERT_OK;
}

/* key1 extended with each listed file's path and contents (a file that cannot be read hashes
 * as such: its reappearance changes the key). */
static void key_of_files(const char *key1, const char *list, size_t len, char out_key[TILERT_CACHE_KEY_LEN + 1]) {
  rt_hash h;
  rt_hash_init(&h);
  rt_hash_field(&h, "tilec-deps-v1", 13);
  rt_hash_field(&h, key1, strlen(key1));
  for (const char *p = list, *end = list + len; p < end;) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
    char *path = n ? strndup(p, n) : NULL;
    if (n) rt_hash_field(&h, p, n);
    char *data = NULL, err[64];
    size_t dl = 0;
    if (path && rt_read_file(path, &data, &dl, err, sizeof err) == TILERT_OK) rt_hash_field(&h, data, dl);
    else if (n) rt_hash_field(&h, "\xff", 1); /* unreadable (or no memory for its name): hashed as such */
    free(data);
    free(path);
    p += n + 1;
  }
  uint64_t lo, hi;
  rt_hash_final(&h, &lo, &hi);
  snprintf(out_key, TILERT_CACHE_KEY_LEN + 1, "%016llx%016llx", (unsigned long long)hi, (unsigned long long)lo);
}

tilert_status rt_jit_deps_key(tilert_runtime *rt, const tilert_cache_config *c, const char *key1,
                              const char *filename, const char *source, size_t len, const tilec_options *o,
                              bool fresh, char out_key[TILERT_CACHE_KEY_LEN + 1]) {
  char *list = NULL, why[256];
  size_t n = 0;
  bool have = !fresh && tilert_cache_get(c, key1, "deps", &list, &n, why, sizeof why) == TILERT_OK;
  if (!have && c->mode != TILERT_CACHE_MUST_HIT) {
    tilert_status s = discover(rt, filename, source, len, o, &list, &n);
    if (s && s != TILERT_ERROR_NOT_FOUND) return s;
    char *old = NULL;
    size_t on = 0;
    bool same = !s && tilert_cache_get(c, key1, "deps", &old, &on, why, sizeof why) == TILERT_OK && on == n &&
                !memcmp(old, list, n);
    free(old);
    if (!s && !same) (void)tilert_cache_put(c, key1, "deps", list, n, NULL, 0); /* unwritable: no matter */
  }
  key_of_files(key1, list ? list : "", list ? n : 0, out_key);
  free(list);
  return TILERT_OK;
}

#endif
