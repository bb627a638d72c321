/* Entries assembled apart: when tilec compiles a file's entries apart (every autotune
 * variant in its own context, on its pool of threads), the JIT path hands it
 * rt_part_asm_hook as tilec_options.on_entry_ptx, so each entry's PTX is assembled to a
 * cubin on the thread that compiled it, as soon as it is ready: one variant's assembly
 * overlaps the others' compiles, and the slowest variant (compile plus assembly), not the
 * sum of all, sets the time to the first launch. The cubins become one cubin bundle
 * (runtime/cubin_bundle.c) in entry order, so the image is the same for any thread count.
 * An entry the assembler rejects (an autotune config whose maxnreg is too small for it)
 * becomes a failed member with the assembler's message: the module loads without it and
 * the tuner skips it (runtime/module.c); the compile fails only when every entry failed. */
#include "rt_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One entry as its hook call left it; neither cubin nor error: not (yet) assembled. */
typedef struct part {
  unsigned char *cubin;
  size_t len;
  char *entry;
  char *error;            /* the assembler's message when it failed */
  char *meta;             /* the entry's own metadata document */
  bool taken;             /* handed out by rt_part_asm_take */
  double ptx_at, asm_ms;  /* when its PTX was ready (ms since the object was made), how long
                             its assembly took */
} part;

static bool arrived(const part *p) { return p->cubin || p->error; }

static void part_free(part *p) { free(p->cubin), free(p->entry), free(p->error), free(p->meta); }

struct rt_part_asm {
  const tilert_assembler *a;
  const char *arch;
  /* NULL a: the assembler is opened by the first entry that needs it (so that opening
   * nvJitLink overlaps the compiles), under open_mu; `own` is it, until adopted */
  pthread_mutex_t open_mu;
  bool open_tried;
  tilert_assembler *own;
  tilert_status open_status;
  char open_why[512];
  pthread_mutex_t mu;
  part *parts;            /* by part index (the hook's) */
  size_t cap;
  double t0;
  pthread_cond_t ready;   /* a part arrived, or the compile closed the stream */
  bool closed;
  unsigned runs;          /* assemblies done */
  double ms;              /* their times, summed over the threads */
  tilert_status s;        /* the first failure, its message in err */
  char err[1024];
};

rt_part_asm *rt_part_asm_new(const tilert_assembler *a, const char *arch) {
  rt_part_asm *pa = calloc(1, sizeof *pa);
  if (!pa) return NULL;
  pa->a = a;
  pa->arch = arch;
  pa->t0 = rt_now_ms();
  if (pthread_mutex_init(&pa->mu, NULL) != 0) { free(pa); return NULL; }
  if (pthread_mutex_init(&pa->open_mu, NULL) != 0) {
    pthread_mutex_destroy(&pa->mu);
    free(pa);
    return NULL;
  }
  if (pthread_cond_init(&pa->ready, NULL) != 0) {
    pthread_mutex_destroy(&pa->open_mu);
    pthread_mutex_destroy(&pa->mu);
    free(pa);
    return NULL;
  }
  return pa;
}

void rt_part_asm_free(rt_part_asm *pa) {
  if (!pa) return;
  for (size_t i = 0; i < pa->cap; i++) part_free(&pa->parts[i]);
  free(pa->parts);
  tilert_assembler_destroy(pa->own);
  pthread_cond_destroy(&pa->ready);
  pthread_mutex_destroy(&pa->open_mu);
  pthread_mutex_destroy(&pa->mu);
  free(pa);
}

/* Makes room for part `index` (the mutex held). */
static bool reserve(rt_part_asm *pa, size_t index) {
  if (index < pa->cap) return true;
  size_t cap = index + 8;
  part *p = realloc(pa->parts, cap * sizeof *p);
  if (!p) return false;
  memset(p + pa->cap, 0, (cap - pa->cap) * sizeof *p);
  pa->parts = p, pa->cap = cap;
  return true;
}

static void fail_locked(rt_part_asm *pa, tilert_status s, const char *msg) {
  if (pa->s) return;
  pa->s = s;
  snprintf(pa->err, sizeof pa->err, "%s", msg);
}

/* The assembler: the one given, else the one this object opens on first use (NULL when
 * none is installed: open_status says so). */
static const tilert_assembler *assembler(rt_part_asm *pa) {
  if (pa->a) return pa->a;
  pthread_mutex_lock(&pa->open_mu);
  if (!pa->open_tried) {
    pa->open_tried = true;
    pa->open_status = tilert_assembler_create(TILERT_ASSEMBLER_AUTO, &pa->own, pa->open_why,
                                              sizeof pa->open_why);
  }
  pthread_mutex_unlock(&pa->open_mu);
  return pa->own;
}

tilert_status rt_part_asm_opened(rt_part_asm *pa, tilert_assembler **out, char *why, size_t why_cap) {
  *out = NULL;
  if (pa->a || !pa->open_tried) return TILERT_OK;
  *out = pa->own;
  pa->own = NULL;
  if (pa->open_status) snprintf(why, why_cap, "%s", pa->open_why);
  return pa->open_status;
}

bool rt_part_asm_tried(const rt_part_asm *pa) { return pa->a || pa->open_tried; }

void rt_part_asm_hook(void *user, size_t index, const char *entry, const char *ptx, size_t len,
                      const char *metadata) {
  rt_part_asm *pa = user;
  const tilert_assembler *a = assembler(pa);
  if (!a) return; /* none installed: nothing is assembled apart; the finish says so */
  unsigned char *cubin = NULL;
  size_t clen = 0;
  char err[1024] = "";
  double t0 = rt_now_ms();
  tilert_status s = tilert_assembler_compile(a, ptx, len, pa->arch, &cubin, &clen, err, sizeof err);
  double ms = rt_now_ms() - t0;
  /* A failure is kept with its entry: rt_part_asm_finish decides (one entry, or every
   * entry, failing fails the compile; otherwise the module skips it, runtime/module.c). */
  char *name = strdup(entry), *why = s ? strdup(err[0] ? err : "the assembler failed") : NULL;
  char *meta = strdup(metadata ? metadata : "");
  pthread_mutex_lock(&pa->mu);
  pa->ms += ms;
  pa->runs++;
  if (s == TILERT_ERROR_OUT_OF_MEMORY || !name || !meta || (s && !why) || !reserve(pa, index))
    fail_locked(pa, s == TILERT_ERROR_OUT_OF_MEMORY ? s : TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  else {
    part_free(&pa->parts[index]);
    pa->parts[index] = (part){cubin, clen, name, why, meta, false, t0 - pa->t0, ms};
    cubin = NULL, name = NULL, why = NULL, meta = NULL;
  }
  pthread_cond_broadcast(&pa->ready);
  pthread_mutex_unlock(&pa->mu);
  free(cubin);
  free(name);
  free(why);
  free(meta);
}

void rt_part_asm_close(rt_part_asm *pa) {
  pthread_mutex_lock(&pa->mu);
  pa->closed = true;
  pthread_cond_broadcast(&pa->ready);
  pthread_mutex_unlock(&pa->mu);
}

/* The first part assembled (or failed) and not yet taken, the mutex held; cap if none. */
static size_t untaken_locked(const rt_part_asm *pa) {
  for (size_t i = 0; i < pa->cap; i++)
    if (arrived(&pa->parts[i]) && !pa->parts[i].taken) return i;
  return pa->cap;
}

bool rt_part_asm_take(rt_part_asm *pa, rt_part_view *out) {
  memset(out, 0, sizeof *out);
  pthread_mutex_lock(&pa->mu);
  size_t i;
  while ((i = untaken_locked(pa)) == pa->cap && !pa->closed && !pa->s)
    pthread_cond_wait(&pa->ready, &pa->mu);
  bool got = i < pa->cap && !pa->s;
  if (got) {
    part *p = &pa->parts[i];
    p->taken = true;
    *out = (rt_part_view){p->entry, p->cubin, p->len, p->meta, p->error, p->ptx_at, p->asm_ms};
  }
  pthread_mutex_unlock(&pa->mu);
  return got;
}

tilert_status rt_part_asm_finish(rt_part_asm *pa, size_t nparts, unsigned char **out,
                                 size_t *out_len, char *err, size_t err_cap) {
  *out = NULL;
  *out_len = 0;
  if (pa->s) {
    snprintf(err, err_cap, "%s", pa->err);
    return pa->s;
  }
  if (nparts == 0) return TILERT_OK; /* compiled as one module: the caller assembles it */
  if (!pa->a && pa->open_status) return TILERT_OK; /* no assembler was found: nor can the caller */
  /* The hook's indices are the entries' among the file's; an autotune config left out
   * (lib/Driver/variants.c) never reached it, so the assembled ones, in index order, are
   * the result's parts. */
  size_t *at = calloc(nparts, sizeof *at), got = 0, failed = 0;
  if (!at) {
    snprintf(err, err_cap, "tilert: out of memory");
    return TILERT_ERROR_OUT_OF_MEMORY;
  }
  for (size_t i = 0; i < pa->cap; i++) {
    if (!arrived(&pa->parts[i])) continue;
    if (got < nparts) at[got] = i;
    got++;
    failed += pa->parts[i].error != NULL;
  }
  if (got != nparts) {
    free(at);
    snprintf(err, err_cap, "tilert: %zu entries were compiled apart but %zu assembled", nparts, got);
    return TILERT_ERROR_COMPILE;
  }
  if (failed == nparts) { /* nothing to load: the first failure is the error */
    snprintf(err, err_cap, "tilert: %s: %s", pa->parts[at[0]].entry, pa->parts[at[0]].error);
    free(at);
    return TILERT_ERROR_COMPILE;
  }
  if (nparts == 1) { /* one entry: its cubin is the image */
    *out = pa->parts[at[0]].cubin, *out_len = pa->parts[at[0]].len;
    pa->parts[at[0]].cubin = NULL;
    free(at);
    return TILERT_OK;
  }
  rt_bundle_item *items = calloc(nparts, sizeof *items);
  if (items) {
    for (size_t i = 0; i < nparts; i++) {
      const part *p = &pa->parts[at[i]];
      bool bad = p->error != NULL;
      items[i] = (rt_bundle_item){p->entry, strlen(p->entry),
                                  bad ? (const unsigned char *)p->error : p->cubin,
                                  bad ? strlen(p->error) : p->len, bad};
    }
    *out = rt_bundle_make(items, nparts, out_len);
    free(items);
  }
  free(at);
  if (*out) return TILERT_OK;
  snprintf(err, err_cap, "tilert: out of memory");
  return TILERT_ERROR_OUT_OF_MEMORY;
}

unsigned rt_part_asm_runs(const rt_part_asm *pa) { return pa->runs; }
double rt_part_asm_ms(const rt_part_asm *pa) { return pa->ms; }
