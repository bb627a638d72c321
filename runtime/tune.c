/* Autotuning in libtilert: times each variant of a kernel on the real arguments with CUDA
 * events (warm-up launches, then timed launches, median), zeroing the reset_to_zero buffers
 * and restoring the restore_value buffers around every run, skipping variants that cannot
 * launch (with a note), and keeps the fastest per key in memory (per runtime) and in the
 * disk cache (KEY.tune), so that the next process does not tune again.
 *
 * TILERT_AUTOTUNE: on (default: cached choice, else time), cached (cached choice, else the
 * first variant, never time), off (the first variant; no cache). TILERT_PRINT_AUTOTUNING=1
 * prints every variant's time and the choice on stderr (or to the request's report hook). */
#include "rt_internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_WARMUP 3
#define DEFAULT_REP 10
#define MAX_REP 1000
#define CUTOFF_RUNS 2u
#define CUTOFF_FACTOR 2.0f

struct rt_tune_entry {
  rt_tune_entry *next;
  char key[TILERT_CACHE_KEY_LEN + 1];
  char *best; /* the chosen variant's name */
};

typedef enum tune_mode { TUNE_ON, TUNE_CACHED, TUNE_OFF } tune_mode;

static tilert_status read_mode(tilert_runtime *rt, tune_mode *out) {
  const char *v = getenv("TILERT_AUTOTUNE");
  *out = TUNE_ON;
  if (!v || !v[0] || !strcmp(v, "on") || !strcmp(v, "1")) return TILERT_OK;
  if (!strcmp(v, "cached")) { *out = TUNE_CACHED; return TILERT_OK; }
  if (!strcmp(v, "off") || !strcmp(v, "0")) { *out = TUNE_OFF; return TILERT_OK; }
  return rt_fail(rt, TILERT_ERROR_INVALID_ARGUMENT,
                 "tilert: TILERT_AUTOTUNE=%s: expected on, cached or off", v);
}

/* ---- reporting ------------------------------------------------------------------------ */

typedef struct reporter { tilert_report_fn fn; void *user; } reporter;

static void stderr_line(void *user, const char *line) { (void)user; fprintf(stderr, "%s\n", line); }

bool rt_print_autotuning(void) {
  const char *v = getenv("TILERT_PRINT_AUTOTUNING");
  return v && v[0] && strcmp(v, "0") != 0;
}

static reporter make_reporter(const tilert_tune_request *req) {
  reporter r = {req->report, req->report_user};
  if (!r.fn && rt_print_autotuning()) r.fn = stderr_line;
  return r;
}

static void vsay(const reporter *r, const char *fmt, va_list ap) {
  if (!r->fn) return;
  char line[1024];
  vsnprintf(line, sizeof line, fmt, ap);
  r->fn(r->user, line);
}

static void say(const reporter *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(const reporter *r, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsay(r, fmt, ap);
  va_end(ap);
}

/* ---- checks and keys ------------------------------------------------------------------- */

tilert_status rt_tune_check_arrays(tilert_runtime *rt, const tilert_tune_request *req) {
  if ((req->nreset && !req->reset_to_zero) || (req->nrestore && !req->restore_value) ||
      (req->nargs && !req->args))
    return rt_fail(rt, TILERT_ERROR_INVALID_ARGUMENT, "tilert: tune: a count without its array");
  return TILERT_OK;
}

static tilert_status check_request(tilert_runtime *rt, const tilert_tune_request *req) {
  if (!req || !req->key || !req->variants || !req->nvariants)
    return rt_fail(rt, TILERT_ERROR_INVALID_ARGUMENT, "tilert: tune: no key or no variants");
  RT_TRY(rt_tune_check_arrays(rt, req));
  for (size_t i = 0; i < req->nvariants; i++) {
    const char *n = req->variants[i].name;
    if (!n || !n[0] || strpbrk(n, "\t\n"))
      return rt_fail(rt, TILERT_ERROR_INVALID_ARGUMENT,
                     "tilert: tune: variant %zu needs a name without tabs or newlines", i);
    for (size_t j = 0; j < i; j++)
      if (!strcmp(n, req->variants[j].name))
        return rt_fail(rt, TILERT_ERROR_INVALID_ARGUMENT, "tilert: tune: two variants named %s", n);
  }
  return TILERT_OK;
}

/* The choice depends on the caller's key, the list of variants and the device. */
static tilert_status tune_key(tilert_runtime *rt, const tilert_tune_request *req,
                              char out[TILERT_CACHE_KEY_LEN + 1]) {
  size_t n = 1;
  for (size_t i = 0; i < req->nvariants; i++) n += strlen(req->variants[i].name) + 1;
  char *names = malloc(n), target[512];
  if (!names) return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  names[0] = 0;
  for (size_t i = 0; i < req->nvariants; i++) strcat(strcat(names, req->variants[i].name), "\n");
  snprintf(target, sizeof target, "tune %s sm_%d%d sms=%d driver=%d", rt->info.name,
           rt->info.cc_major, rt->info.cc_minor, rt->info.sm_count, rt->info.driver_version);
  tilert_cache_key(req->key, strlen(req->key), names, "tilert-tune-1", target, out);
  free(names);
  return TILERT_OK;
}

static size_t find_variant(const tilert_tune_request *req, const char *name) {
  for (size_t i = 0; i < req->nvariants; i++)
    if (!strcmp(req->variants[i].name, name)) return i;
  return req->nvariants;
}

/* ---- the caches ------------------------------------------------------------------------ */

static rt_tune_entry *memory_find(tilert_runtime *rt, const char *key) {
  for (rt_tune_entry *e = rt->tunes; e; e = e->next)
    if (!strcmp(e->key, key)) return e;
  return NULL;
}

static void memory_put(tilert_runtime *rt, const char *key, const char *best) {
  rt_tune_entry *e = memory_find(rt, key);
  char *copy = strdup(best);
  if (!copy) return; /* out of memory: the choice is simply not remembered */
  if (!e && !(e = calloc(1, sizeof *e))) { free(copy); return; }
  if (e->best) free(e->best);
  else { memcpy(e->key, key, sizeof e->key); e->next = rt->tunes; rt->tunes = e; }
  e->best = copy;
}

void rt_tune_free_all(tilert_runtime *rt) {
  while (rt->tunes) {
    rt_tune_entry *e = rt->tunes;
    rt->tunes = e->next;
    free(e->best);
    free(e);
  }
}

/* The disk payload: "best\tNAME\n" then "NAME\tMS\n" per timed variant ("skipped" when it
 * could not run). Returns the chosen index, or nvariants when the entry does not name one
 * of these variants. */
static size_t disk_best(const tilert_cache_config *c, const char *key,
                        const tilert_tune_request *req) {
  char *text = NULL;
  size_t len = 0, best = req->nvariants;
  if (tilert_cache_get(c, key, "tune", &text, &len, NULL, 0) != TILERT_OK) return best;
  char *nl = strchr(text, '\n');
  if (!strncmp(text, "best\t", 5) && nl) {
    *nl = 0;
    best = find_variant(req, text + 5);
  }
  free(text);
  return best;
}

static void disk_put(const tilert_cache_config *c, const char *key, const tilert_tune_request *req,
                     size_t best, const float *ms) {
  size_t cap = 64;
  for (size_t i = 0; i < req->nvariants; i++) cap += strlen(req->variants[i].name) + 32;
  char *text = malloc(cap);
  if (!text) return;
  int n = snprintf(text, cap, "best\t%s\n", req->variants[best].name);
  for (size_t i = 0; i < req->nvariants && n > 0 && (size_t)n < cap; i++) {
    if (ms[i] < 0) n += snprintf(text + n, cap - (size_t)n, "%s\tskipped\n", req->variants[i].name);
    else n += snprintf(text + n, cap - (size_t)n, "%s\t%.6f\n", req->variants[i].name, ms[i]);
  }
  if (n > 0 && (size_t)n < cap) (void)tilert_cache_put(c, key, "tune", text, (size_t)n, NULL, 0);
  free(text);
}

/* ---- timing ------------------------------------------------------------------------------ */

/* The timing state: one per tuning, used by tilert_tune over a request's variants and by
 * tilert_jit_compile_and_tune over variants as they are loaded (rt_internal.h). The request
 * is borrowed; its variants are not read here. */
struct rt_tuner {
  tilert_runtime *rt;
  const tilert_tune_request *req;
  reporter r;
  void **saved; /* host copies of the restore_value buffers, taken before the first run */
  tilert_event start, end;
  unsigned warmup, rep;
  bool no_cutoff;    /* TILERT_TUNE_CUTOFF=0 */
  float best_ms;     /* the best median so far; -1: none */
  double t0;
};

/* Before every run: reset_to_zero buffers zeroed, restore_value buffers as they were before
 * tuning; then the whole context is synchronized, so that the stream's launch (whatever
 * stream it is) sees them. */
static tilert_status prepare_run(rt_tuner *b) {
  const tilert_tune_request *q = b->req;
  for (size_t i = 0; i < q->nreset; i++)
    RT_TRY(tilert_memset8(b->rt, q->reset_to_zero[i].ptr, 0, q->reset_to_zero[i].bytes));
  for (size_t i = 0; i < q->nrestore; i++)
    RT_TRY(tilert_copy_to_device(b->rt, q->restore_value[i].ptr, b->saved[i], q->restore_value[i].bytes));
  if (q->nreset || q->nrestore) RT_TRY(tilert_synchronize(b->rt));
  return TILERT_OK;
}

static tilert_status save_values(rt_tuner *b) {
  const tilert_tune_request *q = b->req;
  if (!q->nrestore) return TILERT_OK;
  b->saved = calloc(q->nrestore, sizeof *b->saved);
  if (!b->saved) return rt_fail(b->rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  for (size_t i = 0; i < q->nrestore; i++) {
    if (!(b->saved[i] = malloc(q->restore_value[i].bytes ? q->restore_value[i].bytes : 1)))
      return rt_fail(b->rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
    RT_TRY(tilert_copy_to_host(b->rt, b->saved[i], q->restore_value[i].ptr, q->restore_value[i].bytes));
  }
  return TILERT_OK;
}

void rt_tuner_free(rt_tuner *b) {
  if (!b) return;
  for (size_t i = 0; b->saved && i < b->req->nrestore; i++) free(b->saved[i]);
  free(b->saved);
  if (b->start) (void)tilert_event_destroy(b->rt, b->start);
  if (b->end) (void)tilert_event_destroy(b->rt, b->end);
  free(b);
}

tilert_status rt_tuner_start(tilert_runtime *rt, const tilert_tune_request *req, rt_tuner **out) {
  *out = NULL;
  rt_tuner *b = calloc(1, sizeof *b);
  if (!b) return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  *b = (rt_tuner){.rt = rt, .req = req, .r = make_reporter(req), .best_ms = -1,
                  .warmup = req->warmup ? req->warmup : DEFAULT_WARMUP,
                  .rep = req->rep ? req->rep : DEFAULT_REP, .t0 = rt_now_ms()};
  if (b->rep > MAX_REP) b->rep = MAX_REP;
  const char *cut = getenv("TILERT_TUNE_CUTOFF");
  b->no_cutoff = cut && strcmp(cut, "0") == 0;
  tilert_status s = save_values(b);
  if (!s) s = tilert_event_create(rt, &b->start);
  if (!s) s = tilert_event_create(rt, &b->end);
  if (s) { rt_tuner_free(b); return s; }
  *out = b;
  return TILERT_OK;
}

static tilert_status timed_run(rt_tuner *b, const tilert_tune_variant *v, float *out_ms) {
  const tilert_tune_request *q = b->req;
  RT_TRY(prepare_run(b));
  RT_TRY(tilert_event_record(b->rt, b->start, q->stream));
  RT_TRY(tilert_launch(v->kernel, v->grid, q->stream, q->args, q->nargs));
  RT_TRY(tilert_event_record(b->rt, b->end, q->stream));
  RT_TRY(tilert_event_synchronize(b->rt, b->end));
  return tilert_event_elapsed_ms(b->rt, b->start, b->end, out_ms);
}

static int cmp_float(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

/* A variant whose first CUTOFF_RUNS timed launches are all slower than CUTOFF_FACTOR times
 * the best median so far cannot win: it is not timed further (its time is its fastest run).
 * On the H200 this took the matmul tutorial's 8 configs from 43 to 25 ms of tuning, same choice;
 * TILERT_TUNE_CUTOFF=0 times every variant fully. */
static bool cut_off(const rt_tuner *b, const float *t) {
  if (b->best_ms < 0 || b->no_cutoff) return false;
  for (unsigned i = 0; i < CUTOFF_RUNS; i++)
    if (t[i] <= CUTOFF_FACTOR * b->best_ms) return false;
  return true;
}

tilert_status rt_tuner_time(rt_tuner *b, const tilert_tune_variant *v, float *out_ms) {
  const reporter *r = &b->r;
  *out_ms = -1;
  if (!v->kernel) {
    say(r, "tilert: tune: %s: skipped: %s", v->name, v->load_error ? v->load_error : "not loaded");
    return TILERT_OK;
  }
  RT_TRY(prepare_run(b));
  if (tilert_launch(v->kernel, v->grid, b->req->stream, b->req->args, b->req->nargs) != TILERT_OK) {
    say(r, "tilert: tune: %s: skipped: %s", v->name, b->rt->err);
    return TILERT_OK;
  }
  RT_TRY(tilert_stream_synchronize(b->rt, b->req->stream));
  for (unsigned i = 1; i < b->warmup; i++) {
    RT_TRY(prepare_run(b));
    RT_TRY(tilert_launch(v->kernel, v->grid, b->req->stream, b->req->args, b->req->nargs));
  }
  float t[MAX_REP];
  unsigned n = 0;
  while (n < b->rep) {
    RT_TRY(timed_run(b, v, &t[n++]));
    if (n == CUTOFF_RUNS && b->rep > CUTOFF_RUNS && cut_off(b, t)) break;
  }
  qsort(t, n, sizeof t[0], cmp_float);
  *out_ms = n < b->rep ? t[0] : t[n / 2];
  if (n < b->rep)
    say(r, "tilert: tune: %s: %.4f ms (cut off after %u runs: over %gx the best so far)", v->name,
        *out_ms, n, (double)CUTOFF_FACTOR);
  else
    say(r, "tilert: tune: %s: %.4f ms (median of %u)", v->name, *out_ms, b->rep);
  if (b->best_ms < 0 || *out_ms < b->best_ms) b->best_ms = *out_ms;
  return TILERT_OK;
}

tilert_status rt_tuner_end(rt_tuner *b) {
  return prepare_run(b);
}

size_t rt_tune_fastest(const float *ms, size_t n) {
  size_t best = n;
  for (size_t i = 0; i < n; i++)
    if (ms[i] >= 0 && (best == n || ms[i] < ms[best])) best = i;
  return best;
}

tilert_status rt_tune_none_ran(tilert_runtime *rt, const tilert_tune_request *req) {
  return rt_fail(rt, TILERT_ERROR_UNSUPPORTED,
                 "tilert: tune %s: none of the %zu variants could launch (the first: %s)",
                 req->key, req->nvariants, req->variants[0].name);
}

void rt_tune_say(const tilert_tune_request *req, const char *fmt, ...) {
  reporter r = make_reporter(req);
  va_list ap;
  va_start(ap, fmt);
  vsay(&r, fmt, ap);
  va_end(ap);
}

void rt_tune_report_best(const tilert_tune_request *req, size_t best, const float *ms, double t0) {
  reporter r = make_reporter(req);
  say(&r, "tilert: tune %s: best %s (%.4f ms) of %zu variants, tuned in %.1f ms", req->key,
      req->variants[best].name, ms[best], req->nvariants, rt_now_ms() - t0);
}

double rt_tuner_started_ms(const rt_tuner *b) { return b->t0; }

/* After tuning the buffers are as the real launch expects: restore_value buffers hold their
 * values from before tuning, reset_to_zero buffers are zero. */
static tilert_status tune_timed(tilert_runtime *rt, const tilert_tune_request *req, float *ms,
                                size_t *out_best) {
  rt_tuner *b = NULL;
  RT_TRY(rt_tuner_start(rt, req, &b));
  tilert_status s = TILERT_OK;
  for (size_t i = 0; i < req->nvariants && !s; i++) s = rt_tuner_time(b, &req->variants[i], &ms[i]);
  if (!s) s = rt_tuner_end(b);
  double t0 = b->t0;
  rt_tuner_free(b);
  RT_TRY(s);
  if ((*out_best = rt_tune_fastest(ms, req->nvariants)) == req->nvariants) return rt_tune_none_ran(rt, req);
  rt_tune_report_best(req, *out_best, ms, t0);
  return TILERT_OK;
}

/* ---- the entry point ----------------------------------------------------------------- */

static tilert_status choose(tilert_runtime *rt, const tilert_tune_request *req, tune_mode mode,
                            const reporter *r, float *ms, size_t *out_best,
                            tilert_tune_source *out_source) {
  char key[TILERT_CACHE_KEY_LEN + 1];
  RT_TRY(tune_key(rt, req, key));
  rt_tune_entry *e = memory_find(rt, key);
  size_t i = e ? find_variant(req, e->best) : req->nvariants;
  if (i < req->nvariants) { *out_best = i; *out_source = TILERT_TUNE_MEMORY; return TILERT_OK; }
  tilert_cache_config c;
  RT_TRY(rt_cache_config(rt, &c));
  if ((i = disk_best(&c, key, req)) < req->nvariants) {
    memory_put(rt, key, req->variants[i].name);
    say(r, "tilert: tune %s: %s, from the disk cache", req->key, req->variants[i].name);
    *out_best = i;
    *out_source = TILERT_TUNE_DISK;
    return TILERT_OK;
  }
  if (mode == TUNE_CACHED) {
    say(r, "tilert: tune %s: no cached choice; TILERT_AUTOTUNE=cached: %s", req->key,
        req->variants[0].name);
    return TILERT_OK;
  }
  if (c.mode == TILERT_CACHE_MUST_HIT)
    return rt_fail(rt, TILERT_ERROR_NOT_FOUND,
                   "tilert: tune %s: no cached choice (key %s) in %s, and "
                   "TILERT_CACHE_MODE=must-hit: nothing is tuned", req->key, key, c.dir);
  RT_TRY(tune_timed(rt, req, ms, out_best));
  memory_put(rt, key, req->variants[*out_best].name);
  disk_put(&c, key, req, *out_best, ms);
  *out_source = TILERT_TUNE_TIMED;
  return TILERT_OK;
}

tilert_status rt_tune_keep(tilert_runtime *rt, const tilert_tune_request *req, size_t best,
                           const float *ms) {
  RT_TRY(check_request(rt, req));
  char key[TILERT_CACHE_KEY_LEN + 1];
  RT_TRY(tune_key(rt, req, key));
  tilert_cache_config c;
  RT_TRY(rt_cache_config(rt, &c));
  memory_put(rt, key, req->variants[best].name);
  disk_put(&c, key, req, best, ms);
  return TILERT_OK;
}

tilert_status rt_tune_times_now(tilert_runtime *rt, bool *out) {
  tune_mode mode;
  *out = false;
  RT_TRY(read_mode(rt, &mode));
  tilert_cache_config c;
  RT_TRY(rt_cache_config(rt, &c));
  *out = mode == TUNE_ON && c.mode != TILERT_CACHE_MUST_HIT;
  return TILERT_OK;
}

tilert_status tilert_tune(tilert_runtime *rt, const tilert_tune_request *req, size_t *out_best,
                          tilert_tune_source *out_source, float *out_ms) {
  *out_best = 0;
  if (out_source) *out_source = TILERT_TUNE_DEFAULT;
  RT_TRY(rt_check_ready(rt));
  RT_TRY(check_request(rt, req));
  tune_mode mode;
  RT_TRY(read_mode(rt, &mode));
  float *ms = calloc(req->nvariants, sizeof *ms);
  if (!ms) return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  for (size_t i = 0; i < req->nvariants; i++) ms[i] = NAN;
  reporter r = make_reporter(req);
  tilert_tune_source source = TILERT_TUNE_DEFAULT;
  tilert_status s = TILERT_OK;
  if (mode == TUNE_OFF) say(&r, "tilert: tune %s: TILERT_AUTOTUNE=off: %s", req->key, req->variants[0].name);
  else s = choose(rt, req, mode, &r, ms, out_best, &source);
  if (out_source) *out_source = source;
  if (out_ms) memcpy(out_ms, ms, req->nvariants * sizeof *ms);
  free(ms);
  return s;
}
