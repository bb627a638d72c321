/* Arena: a chain of chunks with bump allocation; one free for everything.
 *
 * Out of memory (the failure policy of support.h): when a new chunk cannot be allocated the
 * arena becomes `failed`, calls its out-of-memory hook once, and serves allocations from a
 * reserve chunk taken at creation, so that code running until the owner's next check needs
 * no NULL checks. Only when the reserve too is used up does sup_arena_alloc return NULL. */
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
  chunk *reserve;      /* unused until the first failure; NULL once in use */
  size_t bytes;
  bool failed;
  sup_oom_fn on_oom;
  void *oom_user;
};

static chunk *chunk_alloc(size_t cap) {
  chunk *c = malloc(sizeof(chunk) + cap);
  if (!c) return NULL;
  c->cap = cap;
  c->used = 0;
  c->next = NULL;
  return c;
}

sup_arena *sup_arena_create(void) {
  sup_arena *a = calloc(1, sizeof *a);
  if (!a) return NULL;
  a->reserve = chunk_alloc(SUP_ARENA_RESERVE);
  if (!a->reserve) {
    free(a);
    return NULL;
  }
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
  free(a->reserve);
  free(a);
}

void sup_arena_set_oom(sup_arena *a, sup_oom_fn fn, void *user) {
  a->on_oom = fn;
  a->oom_user = user;
}

bool sup_arena_failed(const sup_arena *a) { return !a || a->failed; }

/* Records the failure; the hook runs once. */
static void mark_failed(sup_arena *a) {
  if (a->failed) return;
  a->failed = true;
  if (a->on_oom) a->on_oom(a->oom_user);
}

void sup_arena_fail(sup_arena *a) { mark_failed(a); }

/* A chunk with `need` free bytes: a new one, else (after marking the failure) the reserve
 * when it is large enough. */
static chunk *new_chunk(sup_arena *a, size_t need) {
  size_t cap = need > CHUNK_MIN ? need : CHUNK_MIN;
  chunk *c = a->failed ? NULL : chunk_alloc(cap);
  if (!c) {
    mark_failed(a);
    c = a->reserve;
    if (!c || c->cap - c->used < need) return NULL;
    a->reserve = NULL;
  }
  c->next = a->head;
  a->head = c;
  return c;
}

void *sup_arena_alloc(sup_arena *a, size_t size) {
  assert(a && "sup_arena_alloc: NULL arena");
  size_t sz = (size + ALIGN - 1) & ~(size_t)(ALIGN - 1);
  if (sz == 0 || sz < size) sz = size ? SIZE_MAX : ALIGN;
  chunk *c = a->head;
  if (!c || c->cap - c->used < sz) c = sz == SIZE_MAX ? NULL : new_chunk(a, sz);
  if (!c) {
    mark_failed(a);
    return NULL;
  }
  void *p = c->data + c->used;
  c->used += sz;
  a->bytes += size;
  memset(p, 0, size);
  return p;
}

char *sup_arena_strndup(sup_arena *a, const char *s, size_t len) {
  char *p = sup_arena_alloc(a, len + 1);
  if (!p) return NULL;
  if (len) memcpy(p, s, len);
  p[len] = 0;
  return p;
}

char *sup_arena_strdup(sup_arena *a, const char *s) { return sup_arena_strndup(a, s, strlen(s)); }

void *sup_arena_memdup(sup_arena *a, const void *p, size_t size) {
  void *q = sup_arena_alloc(a, size);
  if (q && size) memcpy(q, p, size);
  return q;
}

/* Formats straight into the arena: no heap memory involved. */
char *sup_arena_printf(sup_arena *a, const char *fmt, ...) {
  va_list ap, ap2;
  va_start(ap, fmt);
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  char *r = sup_arena_alloc(a, n > 0 ? (size_t)n + 1 : 1);
  if (r && n > 0) vsnprintf(r, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return r;
}

char *sup_arena_strbuf(sup_arena *a, sup_strbuf *b) {
  if (b->failed) mark_failed(a);
  char *r = sup_arena_strndup(a, b->failed ? "" : sup_strbuf_cstr(b), b->failed ? 0 : b->len);
  sup_strbuf_free(b);
  return r;
}

size_t sup_arena_bytes(const sup_arena *a) { return a ? a->bytes : 0; }
