/* The disk cache's size cap: least-recently-used eviction of whole entries.
 *
 * An entry is every file KEY.EXT of one key (KEY: 32 lowercase hex digits); its size is the
 * sum of its files' sizes (headers included) and its last use is the newest mtime among
 * them. A hit sets the mtime of the file it read to now (tilert_cache_get), a write creates
 * a new file: so mtime order is use order. Why mtime and not an index file: no shared file
 * to lock or to corrupt, one syscall per hit, correct across processes, and eviction (which
 * runs only after a write, when a compile has just cost milliseconds) can afford to scan the
 * folder. atime is not used: relatime and noatime mounts do not keep it. */
#include "rt_internal.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A temporary file older than this was left by a writer that died: removed by the scan. */
#define STALE_TEMP_SECONDS 3600

typedef struct ev_file {
  char key[TILERT_CACHE_KEY_LEN + 1];
  char *name;
  uint64_t bytes;
  struct timespec mtime;
} ev_file;

typedef struct ev_list { ev_file *v; size_t n, cap; } ev_list;

static bool is_key_name(const char *name) {
  for (int i = 0; i < TILERT_CACHE_KEY_LEN; i++) {
    char c = name[i];
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  }
  return name[TILERT_CACHE_KEY_LEN] == '.' && name[TILERT_CACHE_KEY_LEN + 1] != 0;
}

static bool is_stale_temp(const char *name, const struct stat *st, time_t now) {
  return name[0] == '.' && strstr(name, ".tmp.") && now - st->st_mtim.tv_sec > STALE_TEMP_SECONDS;
}

static bool list_add(ev_list *l, const char *name, const struct stat *st) {
  if (l->n == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 64;
    ev_file *v = realloc(l->v, cap * sizeof *v);
    if (!v) return false;
    l->v = v;
    l->cap = cap;
  }
  ev_file *f = &l->v[l->n];
  if (!(f->name = strdup(name))) return false;
  memcpy(f->key, name, TILERT_CACHE_KEY_LEN);
  f->key[TILERT_CACHE_KEY_LEN] = 0;
  f->bytes = (uint64_t)st->st_size;
  f->mtime = st->st_mtim;
  l->n++;
  return true;
}

static void list_free(ev_list *l) {
  for (size_t i = 0; i < l->n; i++) free(l->v[i].name);
  free(l->v);
}

/* Lists the entry files of dir (removing stale temporaries on the way). */
static tilert_status scan(const char *dir, ev_list *out, char *err, size_t cap) {
  DIR *d = opendir(dir);
  if (!d)
    return rt_fail_buf(err, cap, errno == ENOENT ? TILERT_ERROR_NOT_FOUND : TILERT_ERROR_IO,
                       "tilert: cache: cannot list %s: %s", dir, strerror(errno));
  time_t now = time(NULL);
  tilert_status s = TILERT_OK;
  for (struct dirent *e; (e = readdir(d));) {
    struct stat st;
    if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode))
      continue; /* gone meanwhile (another process evicted it), or not ours */
    if (is_stale_temp(e->d_name, &st, now)) { (void)unlinkat(dirfd(d), e->d_name, 0); continue; }
    if (!is_key_name(e->d_name)) continue;
    if (!list_add(out, e->d_name, &st)) {
      s = rt_fail_buf(err, cap, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
      break;
    }
  }
  closedir(d);
  return s;
}

static int ts_cmp(struct timespec a, struct timespec b) {
  if (a.tv_sec != b.tv_sec) return a.tv_sec < b.tv_sec ? -1 : 1;
  return a.tv_nsec < b.tv_nsec ? -1 : a.tv_nsec > b.tv_nsec;
}

static int by_key(const void *a, const void *b) {
  return strcmp(((const ev_file *)a)->key, ((const ev_file *)b)->key);
}

/* Folds the files of each key into its first file's record (bytes summed, newest mtime);
 * returns the number of entries, which then sit at v[0..n). */
static size_t group_by_key(ev_list *l) {
  qsort(l->v, l->n, sizeof *l->v, by_key);
  size_t n = 0;
  for (size_t i = 0; i < l->n; i++) {
    if (n && strcmp(l->v[n - 1].key, l->v[i].key) == 0) {
      ev_file *g = &l->v[n - 1];
      g->bytes += l->v[i].bytes;
      if (ts_cmp(l->v[i].mtime, g->mtime) > 0) g->mtime = l->v[i].mtime;
      continue;
    }
    ev_file tmp = l->v[n];
    l->v[n++] = l->v[i];
    l->v[i] = tmp; /* keep every name owned by some slot, for list_free */
  }
  return n;
}

static int by_age(const void *a, const void *b) {
  const ev_file *x = a, *y = b;
  int c = ts_cmp(x->mtime, y->mtime);
  return c ? c : strcmp(x->key, y->key);
}

/* Removes every file KEY.* of dir (the full list is `all`, sorted by key). */
static uint64_t remove_entry(const char *dir, const char *key, const ev_file *all, size_t n) {
  uint64_t freed = 0;
  char path[4200];
  for (size_t i = 0; i < n; i++) {
    if (strcmp(all[i].key, key) != 0) continue;
    snprintf(path, sizeof path, "%s/%s", dir, all[i].name);
    if (unlink(path) == 0) freed += all[i].bytes;
  }
  return freed;
}

/* Evicts the least recently used entries of l (entries at v[0..ngroups), all files in
 * files[0..nfiles)) until total <= max_bytes, never keep_key. */
static uint64_t evict_oldest(const char *dir, ev_file *groups, size_t ngroups,
                             const ev_file *files, size_t nfiles, uint64_t max_bytes,
                             const char *keep_key) {
  uint64_t total = 0, freed = 0;
  for (size_t i = 0; i < ngroups; i++) total += groups[i].bytes;
  qsort(groups, ngroups, sizeof *groups, by_age);
  for (size_t i = 0; i < ngroups && total > max_bytes; i++) {
    if (keep_key && strcmp(groups[i].key, keep_key) == 0) continue;
    freed += remove_entry(dir, groups[i].key, files, nfiles);
    total -= groups[i].bytes;
  }
  return freed;
}

tilert_status tilert_cache_evict(const char *dir, uint64_t max_bytes, const char *keep_key,
                                 uint64_t *out_freed, char *err, size_t cap) {
  if (out_freed) *out_freed = 0;
  if (!dir || !dir[0])
    return rt_fail_buf(err, cap, TILERT_ERROR_INVALID_ARGUMENT, "tilert: cache: no folder");
  ev_list files = {0};
  tilert_status s = scan(dir, &files, err, cap);
  if (s == TILERT_ERROR_NOT_FOUND) s = TILERT_OK; /* no folder: nothing to evict */
  if (s == TILERT_OK && files.n) {
    /* Grouping reorders the records: work on a copy of the per-file list. */
    ev_file *copy = malloc(files.n * sizeof *copy);
    if (!copy) {
      s = rt_fail_buf(err, cap, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
    } else {
      qsort(files.v, files.n, sizeof *files.v, by_key);
      memcpy(copy, files.v, files.n * sizeof *copy);
      size_t ngroups = group_by_key(&files);
      uint64_t freed = evict_oldest(dir, files.v, ngroups, copy, files.n, max_bytes, keep_key);
      if (out_freed) *out_freed = freed;
      free(copy);
    }
  }
  list_free(&files);
  return s;
}
