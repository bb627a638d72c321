/* Support: arena memory, growable string buffers, interning and hashing.
 *
 * Everything here is per-object state; nothing is process-wide. Symbols carry the
 * `sup_` prefix.
 *
 * FAILURE POLICY (the whole library, lib/ and runtime/; docs/embedding.md, "Errors and
 * failures"):
 *   - Nothing in the library calls abort() or exit(). User errors are located diagnostics;
 *     an internal failure (out of memory, a broken invariant found at run time, an LLVM
 *     error) is an error diagnostic too ("out of memory", "internal error: ..."), and the
 *     public call returns failure. The process goes on.
 *   - Every malloc/calloc/realloc/strdup result is checked where it is made. A function
 *     that allocates returns NULL/false (after emitting "out of memory" when it has a
 *     context) and its caller passes the failure up.
 *   - Out of memory inside the building blocks is sticky rather than returned at every
 *     call: an arena serves a reserve after its first failure and reports it through its
 *     hook (the IR context turns it into the error diagnostic); a strbuf drops what does not
 *     fit and remembers `failed`; a ptrmap keeps its old table. Owners check at stage
 *     boundaries (the driver: after the frontend, after every pass, around conversion), so
 *     that arena users need no NULL check for allocations made before the next check.
 *   - assert() states invariants for debug builds only; where a broken invariant could be
 *     reached in a release build, the code also takes a failing path (ALWAYS/NEVER style).
 *   test/api/fault_oom.c makes each allocation fail in turn and checks the policy holds. */
#ifndef TILEC_SUPPORT_H
#define TILEC_SUPPORT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- arena: bump allocation, freed in one call ---------------------------------------- */
typedef struct sup_arena sup_arena;

/* Bytes an arena keeps in reserve for the allocations made after its first failure. */
#define SUP_ARENA_RESERVE (256u * 1024u)
typedef void (*sup_oom_fn)(void *user);

/* Creates an empty arena (with its reserve). Returns NULL when out of memory. */
sup_arena *sup_arena_create(void);
/* The hook called once, on the first allocation failure. */
void sup_arena_set_oom(sup_arena *a, sup_oom_fn fn, void *user);
/* Records an out-of-memory failure of a structure that lives in `a` (its hook runs once). */
void sup_arena_fail(sup_arena *a);
/* Whether an allocation failed (NULL counts as failed). */
bool sup_arena_failed(const sup_arena *a);
/* Frees every allocation made from `a`, then `a` itself. NULL is accepted. */
void sup_arena_destroy(sup_arena *a);
/* Returns `size` zeroed bytes aligned to 16, owned by the arena. Out of memory: marks the
 * arena failed and serves the reserve; NULL only once the reserve is used up too. */
void *sup_arena_alloc(sup_arena *a, size_t size);
/* Copies `len` bytes of `s` plus a NUL terminator into the arena. */
char *sup_arena_strndup(sup_arena *a, const char *s, size_t len);
char *sup_arena_strdup(sup_arena *a, const char *s);
/* Copies n elements of `size` bytes. */
void *sup_arena_memdup(sup_arena *a, const void *p, size_t size);
/* printf into the arena. */
char *sup_arena_printf(sup_arena *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Total bytes handed out (for statistics). */
size_t sup_arena_bytes(const sup_arena *a);

/* ---- strbuf: growable NUL-terminated string on the heap --------------------------------- */
typedef struct sup_strbuf {
  char *data;   /* always NUL-terminated once anything was appended; may be NULL when empty */
  size_t len;
  size_t cap;
  bool failed;  /* an append did not fit in memory: the contents are truncated */
} sup_strbuf;

void sup_strbuf_append(sup_strbuf *b, const char *s, size_t len);
void sup_strbuf_puts(sup_strbuf *b, const char *s);
void sup_strbuf_putc(sup_strbuf *b, char c);
void sup_strbuf_printf(sup_strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sup_strbuf_vprintf(sup_strbuf *b, const char *fmt, va_list ap);
/* Returns the contents ("" when empty); the buffer keeps ownership. */
const char *sup_strbuf_cstr(const sup_strbuf *b);
/* Transfers ownership of the heap string to the caller (free() it); the buffer is reset.
 * NULL when the buffer failed (or when out of memory). */
char *sup_strbuf_take(sup_strbuf *b);
void sup_strbuf_free(sup_strbuf *b);
/* Moves b's text into the arena (b is freed). A failed b marks the arena failed (its hook
 * runs) and gives "". */
char *sup_arena_strbuf(sup_arena *a, sup_strbuf *b);

/* ---- arithmetic ------------------------------------------------------------------------- */

/* The greatest common divisor of |a| and |b|; 1 when both are 0. */
static inline int64_t sup_gcd64(int64_t a, int64_t b) {
  if (a < 0) a = -a;
  if (b < 0) b = -b;
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a ? a : 1;
}

/* ---- hashing and a pointer-keyed / string-keyed map ------------------------------------ */
uint64_t sup_hash_bytes(const void *p, size_t len, uint64_t seed);
uint64_t sup_hash_combine(uint64_t h, uint64_t v);

/* Open-addressing map from an opaque 64-bit key (pointers cast to uintptr_t) to a pointer.
 * Heap-allocated; free with sup_ptrmap_free. Key 0 is reserved. */
typedef struct sup_ptrmap {
  uint64_t *keys;
  void **vals;
  size_t cap, count;
  bool failed;  /* a put was dropped for lack of memory */
} sup_ptrmap;
/* False (and m->failed set) when out of memory and the entry could not be stored. */
bool sup_ptrmap_put(sup_ptrmap *m, uint64_t key, void *val);
/* Returns the value or NULL when absent. */
void *sup_ptrmap_get(const sup_ptrmap *m, uint64_t key);
bool sup_ptrmap_has(const sup_ptrmap *m, uint64_t key);
void sup_ptrmap_free(sup_ptrmap *m);

/* String interning: equal strings give the same pointer for the lifetime of the interner.
 * The strings live in the arena passed at creation. */
typedef struct sup_interner sup_interner;
/* NULL when out of memory. */
sup_interner *sup_interner_create(sup_arena *arena);
void sup_interner_destroy(sup_interner *in);
/* NULL when out of memory (the arena's reserve used up). */
const char *sup_intern(sup_interner *in, const char *s, size_t len);
const char *sup_intern_cstr(sup_interner *in, const char *s);

/* ---- files ------------------------------------------------------------------------------- */
/* Reads a whole file into a heap buffer (NUL-terminated). Returns NULL and sets errno on
 * failure. */
char *sup_read_file(const char *path, size_t *out_len);
/* Writes `len` bytes to `path`. A regular file (or a new path) is written atomically: a
 * temporary file in the same folder, then rename; on failure nothing is left at `path` that
 * was not there before. A path that exists and is not a regular file (/dev/null, a FIFO) is
 * written in place and never replaced. Returns 0 or an errno. */
int sup_write_file_atomic(const char *path, const void *data, size_t len);
/* True when `path` exists and is not a regular file (a device, FIFO, socket, directory). */
bool sup_path_is_special(const char *path);
/* True when `path` is a directory (or a link to one). */
bool sup_path_is_dir(const char *path);
/* True when `path` is a regular file (or a link to one). */
bool sup_path_is_file(const char *path);

#endif
