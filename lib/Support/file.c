/* Whole-file reads and atomic writes. */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "Support/support.h"

char *sup_read_file(const char *path, size_t *out_len) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f) return NULL;
  sup_strbuf b = {0};
  char tmp[65536];
  size_t n;
  while ((n = fread(tmp, 1, sizeof tmp, f)) > 0) sup_strbuf_append(&b, tmp, n);
  int err = ferror(f) ? (errno ? errno : EIO) : 0;
  if (f != stdin) fclose(f);
  if (err) {
    sup_strbuf_free(&b);
    errno = err;
    return NULL;
  }
  if (out_len) *out_len = b.len;
  char *text = sup_strbuf_take(&b);
  if (!text) errno = ENOMEM;
  return text;
}

static int write_all(int fd, const char *p, size_t len) {
  while (len) {
    ssize_t w = write(fd, p, len);
    if (w < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    p += w;
    len -= (size_t)w;
  }
  return 0;
}

/* A path that exists and is not a regular file (a device such as /dev/null, a FIFO, a
 * terminal) cannot be replaced by a rename: doing so as root turns /dev/null into a regular
 * file. Such paths are opened and written in place. */
static bool is_special(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && !S_ISREG(st.st_mode);
}

static int write_in_place(const char *path, const void *data, size_t len) {
  int fd = open(path, O_WRONLY | O_TRUNC);
  if (fd < 0) return errno;
  int err = write_all(fd, data, len);
  if (close(fd) != 0 && !err) err = errno;
  return err;
}

bool sup_path_is_special(const char *path) { return is_special(path); }

bool sup_path_is_dir(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bool sup_path_is_file(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int sup_write_file_atomic(const char *path, const void *data, size_t len) {
  if (is_special(path)) return write_in_place(path, data, len);
  sup_strbuf tmp = {0};
  sup_strbuf_printf(&tmp, "%s.tmp.XXXXXX", path);
  char *name = sup_strbuf_take(&tmp);
  if (!name) return ENOMEM;
  int fd = mkstemp(name);
  if (fd < 0) {
    int e = errno;
    free(name);
    return e;
  }
  int err = write_all(fd, data, len);
  if (close(fd) != 0 && !err) err = errno;
  if (!err && chmod(name, 0644) != 0) err = errno;
  if (!err && rename(name, path) != 0) err = errno;
  if (err) unlink(name);
  free(name);
  return err;
}
