/* Arena: a chain of chunks with bump allocation; one free for everything. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Support/support.h"

#define CHUNK_MIN (64u * 1024u)
#define ALIGN 16u

typedef struct chunk {
  struct chunk *next;
  size_t cap, used;
  _Alignas(16) unsigned char data[];
} chunk;

struct sup_arena {
  chunk *head;
  size_t bytes;
};

static void *xmalloc(size_t n) {
  void *p = malloc(n);
  if (!p) {
    fprintf(stderr, "tilec: out of memory\n");
    abort();
  }
  return p;
}

sup_arena *sup_arena_create(void) {
  sup_arena *a = calloc(1, sizeof *a);
  return a;
}

void sup_arena_destroy(sup_arena *a) {
  if (!a) return;
  chunk *c = a->head;
  while (c) {
    chunk *n = c->next;
    free(c);
    c = n;
  }
  free(a);
}

static chunk *new_chunk(sup_arena *a, size_t need) {
  size_t cap = need > CHUNK_MIN ? need : CHUNK_MIN;
  chunk *c = xmalloc(sizeof(chunk) + cap);
  c->cap = cap;
  c->used = 0;
  c->next = a->head;
  a->head = c;
  return c;
}

void *sup_arena_alloc(sup_arena *a, size_t size) {
  assert(a && "sup_arena_alloc: NULL arena");
  size_t sz = (size + ALIGN - 1) & ~(size_t)(ALIGN - 1);
  if (sz == 0) sz = ALIGN;
  chunk *c = a->head;
  if (!c || c->cap - c->used < sz) c = new_chunk(a, sz);
  void *p = c->data + c->used;
  c->used += sz;
  a->bytes += size;
  memset(p, 0, size);
  return p;
}

char *sup_arena_strndup(sup_arena *a, const char *s, size_t len) {
  char *p = sup_arena_alloc(a, len + 1);
  if (len) memcpy(p, s, len);
  p[len] = 0;
  return p;
}

char *sup_arena_strdup(sup_arena *a, const char *s) { return sup_arena_strndup(a, s, strlen(s)); }

void *sup_arena_memdup(sup_arena *a, const void *p, size_t size) {
  void *q = sup_arena_alloc(a, size);
  if (size) memcpy(q, p, size);
  return q;
}

char *sup_arena_printf(sup_arena *a, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sup_strbuf b = {0};
  sup_strbuf_vprintf(&b, fmt, ap);
  va_end(ap);
  char *r = sup_arena_strndup(a, sup_strbuf_cstr(&b), b.len);
  sup_strbuf_free(&b);
  return r;
}

size_t sup_arena_bytes(const sup_arena *a) { return a ? a->bytes : 0; }
