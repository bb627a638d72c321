/* Growable heap strings. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Support/support.h"

/* Room for `extra` more bytes and the NUL; false (b->failed set) when out of memory. */
static bool reserve(sup_strbuf *b, size_t extra) {
  if (b->failed) return false;
  size_t need = b->len + extra + 1;
  if (need <= b->cap) return true;
  size_t cap = b->cap ? b->cap : 64;
  while (cap < need && cap <= SIZE_MAX / 2) cap *= 2;
  char *p = cap >= need ? realloc(b->data, cap) : NULL;
  if (!p) {
    b->failed = true;
    return false;
  }
  b->data = p;
  b->cap = cap;
  return true;
}

void sup_strbuf_append(sup_strbuf *b, const char *s, size_t len) {
  if (!reserve(b, len)) return;
  if (len) memcpy(b->data + b->len, s, len);
  b->len += len;
  b->data[b->len] = 0;
}

void sup_strbuf_puts(sup_strbuf *b, const char *s) { sup_strbuf_append(b, s, strlen(s)); }

void sup_strbuf_putc(sup_strbuf *b, char c) { sup_strbuf_append(b, &c, 1); }

void sup_strbuf_vprintf(sup_strbuf *b, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n <= 0) {
    if (reserve(b, 0)) b->data[b->len] = 0;
    return;
  }
  if (!reserve(b, (size_t)n)) return;
  vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
  b->len += (size_t)n;
}

void sup_strbuf_printf(sup_strbuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sup_strbuf_vprintf(b, fmt, ap);
  va_end(ap);
}

const char *sup_strbuf_cstr(const sup_strbuf *b) { return b->data ? b->data : ""; }

char *sup_strbuf_take(sup_strbuf *b) {
  char *p = b->failed ? NULL : b->data;
  if (b->failed) free(b->data);
  else if (!p && (p = malloc(1))) p[0] = 0;
  b->data = NULL;
  b->len = b->cap = 0;
  b->failed = false;
  return p;
}

void sup_strbuf_free(sup_strbuf *b) {
  free(b->data);
  b->data = NULL;
  b->len = b->cap = 0;
  b->failed = false;
}
