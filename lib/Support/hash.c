/* Hashing, the pointer map and the string interner. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Support/support.h"

uint64_t sup_hash_bytes(const void *p, size_t len, uint64_t seed) {
  /* FNV-1a, then a final avalanche (splitmix64) so low bits are usable as indices. */
  const unsigned char *s = p;
  uint64_t h = 1469598103934665603ull ^ seed;
  for (size_t i = 0; i < len; i++) {
    h ^= s[i];
    h *= 1099511628211ull;
  }
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebull;
  h ^= h >> 31;
  return h;
}

uint64_t sup_hash_combine(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  h ^= h >> 29;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 32;
  return h;
}

/* ---- ptrmap ---------------------------------------------------------------------------- */

static size_t slot_of(uint64_t key, size_t cap) {
  return (size_t)(sup_hash_combine(0, key) & (cap - 1));
}

static void ptrmap_insert(sup_ptrmap *m, uint64_t key, void *val) {
  size_t i = slot_of(key, m->cap);
  while (m->keys[i] && m->keys[i] != key) i = (i + 1) & (m->cap - 1);
  if (!m->keys[i]) m->count++;
  m->keys[i] = key;
  m->vals[i] = val;
}

/* Doubles the table; false (the old table kept) when out of memory. */
static bool ptrmap_grow(sup_ptrmap *m) {
  sup_ptrmap old = *m;
  size_t cap = old.cap ? old.cap * 2 : 16;
  uint64_t *keys = calloc(cap, sizeof *keys);
  void **vals = calloc(cap, sizeof *vals);
  if (!keys || !vals) {
    free(keys);
    free(vals);
    return false;
  }
  m->cap = cap;
  m->count = 0;
  m->keys = keys;
  m->vals = vals;
  for (size_t i = 0; i < old.cap; i++)
    if (old.keys[i]) ptrmap_insert(m, old.keys[i], old.vals[i]);
  free(old.keys);
  free(old.vals);
  return true;
}

bool sup_ptrmap_put(sup_ptrmap *m, uint64_t key, void *val) {
  assert(key != 0 && "sup_ptrmap: key 0 is reserved");
  /* When the table cannot grow it still takes entries while one slot stays free (probing
   * ends at an empty slot). */
  bool grown = (m->count + 1) * 4 < m->cap * 3 || ptrmap_grow(m);
  if (!grown && (!m->cap || m->count + 1 >= m->cap) && !sup_ptrmap_has(m, key)) {
    m->failed = true;
    return false;
  }
  ptrmap_insert(m, key, val);
  return true;
}

static long ptrmap_find(const sup_ptrmap *m, uint64_t key) {
  if (!m->cap || key == 0) return -1;
  size_t i = slot_of(key, m->cap);
  while (m->keys[i]) {
    if (m->keys[i] == key) return (long)i;
    i = (i + 1) & (m->cap - 1);
  }
  return -1;
}

void *sup_ptrmap_get(const sup_ptrmap *m, uint64_t key) {
  long i = ptrmap_find(m, key);
  return i < 0 ? NULL : m->vals[i];
}

bool sup_ptrmap_has(const sup_ptrmap *m, uint64_t key) { return ptrmap_find(m, key) >= 0; }

void sup_ptrmap_free(sup_ptrmap *m) {
  free(m->keys);
  free(m->vals);
  m->keys = NULL;
  m->vals = NULL;
  m->cap = m->count = 0;
  m->failed = false;
}

/* ---- interner -------------------------------------------------------------------------- */

typedef struct istr {
  uint64_t hash;
  size_t len;
  const char *s;
} istr;

struct sup_interner {
  sup_arena *arena;
  istr *slots;
  size_t cap, count;
};

sup_interner *sup_interner_create(sup_arena *arena) {
  sup_interner *in = calloc(1, sizeof *in);
  if (!in) return NULL;
  in->arena = arena;
  in->cap = 256;
  in->slots = calloc(in->cap, sizeof *in->slots);
  if (!in->slots) {
    free(in);
    return NULL;
  }
  return in;
}

void sup_interner_destroy(sup_interner *in) {
  if (!in) return;
  free(in->slots);
  free(in);
}

static void interner_place(istr *slots, size_t cap, istr e) {
  size_t i = (size_t)(e.hash & (cap - 1));
  while (slots[i].s) i = (i + 1) & (cap - 1);
  slots[i] = e;
}

/* Doubles the table; false (the old one kept) when out of memory. */
static bool interner_grow(sup_interner *in) {
  size_t cap = in->cap * 2;
  istr *slots = calloc(cap, sizeof *slots);
  if (!slots) return false;
  for (size_t i = 0; i < in->cap; i++)
    if (in->slots[i].s) interner_place(slots, cap, in->slots[i]);
  free(in->slots);
  in->slots = slots;
  in->cap = cap;
  return true;
}

const char *sup_intern(sup_interner *in, const char *s, size_t len) {
  uint64_t h = sup_hash_bytes(s, len, 0);
  size_t i = (size_t)(h & (in->cap - 1));
  while (in->slots[i].s) {
    istr *e = &in->slots[i];
    if (e->hash == h && e->len == len && memcmp(e->s, s, len) == 0) return e->s;
    i = (i + 1) & (in->cap - 1);
  }
  bool room = (in->count + 1) * 4 < in->cap * 3 || interner_grow(in) || in->count + 1 < in->cap;
  if (!room) {
    sup_arena_fail(in->arena);
    return NULL;
  }
  istr e = {h, len, sup_arena_strndup(in->arena, s, len)};
  if (!e.s) return NULL;
  interner_place(in->slots, in->cap, e);
  in->count++;
  return e.s;
}

const char *sup_intern_cstr(sup_interner *in, const char *s) { return sup_intern(in, s, strlen(s)); }
