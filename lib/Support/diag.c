/* Diagnostics engine: renders `file:line:col: severity: message`, the source line and a
 * caret, and hands the result to a handler (stderr by default). An error or warning that
 * repeats one already delivered (same severity, location and text: a helper's error met
 * again by each call that specializes it) is counted but not delivered again, nor are the
 * notes that follow it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Support/diag.h"
#include "Support/support.h"

typedef struct source {
  char *file;
  char *text;   /* NULL: read from disk and failed (no snippet) */
  size_t len;
} source;

struct diag_engine {
  diag_handler_fn fn;
  void *user;
  source *srcs;
  size_t nsrcs, capsrcs;
  unsigned errors;
  bool read_sources;  /* read unknown files from disk (diag_engine_set_read_sources) */
  uint64_t *seen;     /* hashes of the errors and warnings delivered */
  size_t nseen, capseen;
  bool muted;         /* the last error or warning repeated one: its notes are dropped too */
  diag_held *held;    /* diag_hold_begin .. diag_hold_end: diagnostics kept here */
};

typedef struct held_diag {
  diag_severity sev;
  diag_loc loc;
  char *message;
} held_diag;

struct diag_held {
  held_diag *v;
  size_t n, cap;
  unsigned errors;
  diag_held *outer;   /* the hold this one is nested in (it gets what this one emits later) */
};

diag_engine *diag_engine_create(void) {
  diag_engine *d = calloc(1, sizeof *d);
  return d;
}

void diag_engine_destroy(diag_engine *d) {
  if (!d) return;
  while (d->held) {
    diag_held *h = d->held;
    d->held = h->outer;
    diag_held_free(h);
  }
  for (size_t i = 0; i < d->nsrcs; i++) {
    free(d->srcs[i].file);
    free(d->srcs[i].text);
  }
  free(d->srcs);
  free(d->seen);
  free(d);
}

void diag_engine_set_handler(diag_engine *d, diag_handler_fn fn, void *user) {
  d->fn = fn;
  d->user = user;
}

static char *dup_n(const char *s, size_t n) {
  char *p = malloc(n + 1);
  if (!p) return NULL;
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

static source *find_source(const diag_engine *d, const char *file) {
  if (!file) return NULL;
  for (size_t i = d->nsrcs; i-- > 0;)
    if (strcmp(d->srcs[i].file, file) == 0) return &d->srcs[i];
  return NULL;
}

void diag_engine_set_read_sources(diag_engine *d, bool on) { d->read_sources = on; }

/* Records `file` with `text` (owned; NULL: known, but without text to show). Out of memory
 * here only costs the source snippet under later diagnostics. */
static void add_source_owned(diag_engine *d, const char *file, char *text, size_t len) {
  if (d->nsrcs == d->capsrcs) {
    size_t cap = d->capsrcs ? d->capsrcs * 2 : 4;
    source *srcs = realloc(d->srcs, cap * sizeof *srcs);
    if (!srcs) {
      free(text);
      return;
    }
    d->srcs = srcs;
    d->capsrcs = cap;
  }
  char *name = dup_n(file, strlen(file));
  if (!name) {
    free(text);
    return;
  }
  d->srcs[d->nsrcs++] = (source){name, text, text ? len : 0};
}

static bool readable_name(const char *file) {
  return *file && *file != '<' && strcmp(file, "-") != 0 && !sup_path_is_special(file);
}

/* Reads `file` once for its snippets when the engine may and does not know it yet. */
static void load_source(diag_engine *d, const char *file) {
  if (!d->read_sources || !file || find_source(d, file)) return;
  size_t len = 0;
  char *text = readable_name(file) ? sup_read_file(file, &len) : NULL;
  add_source_owned(d, file, text, text ? len : 0);
}

void diag_engine_add_source(diag_engine *d, const char *file, const char *text, size_t len) {
  source *s = find_source(d, file);
  char *copy = dup_n(text, len);
  if (s) {
    free(s->text);
    s->text = copy;
    s->len = copy ? len : 0;
    return;
  }
  if (copy) add_source_owned(d, file, copy, len);
}

static const char *sev_name(diag_severity sev) {
  switch (sev) {
  case DIAG_ERROR: return "error";
  case DIAG_WARNING: return "warning";
  case DIAG_NOTE: return "note";
  case DIAG_REMARK: return "remark";
  }
  return "error";
}

/* Appends line `line` (1-based) of src and a caret under column `col`, if it exists. */
static void render_snippet(sup_strbuf *b, const source *src, int line, int col) {
  if (!src->text) return;
  const char *p = src->text, *end = src->text + src->len;
  for (int l = 1; l < line && p < end; l++) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    if (!nl) return;
    p = nl + 1;
  }
  if (p > end) return;
  const char *e = memchr(p, '\n', (size_t)(end - p));
  if (!e) e = end;
  if (e > p && e[-1] == '\r') e--;
  sup_strbuf_putc(b, '\n');
  sup_strbuf_append(b, p, (size_t)(e - p));
  sup_strbuf_putc(b, '\n');
  for (int i = 1; i < col; i++) {
    /* keep tabs so the caret lines up with the source line */
    char c = (p + i - 1 < e && p[i - 1] == '\t') ? '\t' : ' ';
    sup_strbuf_putc(b, c);
  }
  sup_strbuf_putc(b, '^');
}

char *diag_render(const diag_engine *d, diag_severity sev, diag_loc loc, const char *message) {
  sup_strbuf b = {0};
  if (loc.file && loc.line > 0)
    sup_strbuf_printf(&b, "%s:%d:%d: ", loc.file, loc.line, loc.col > 0 ? loc.col : 1);
  else if (loc.file)
    sup_strbuf_printf(&b, "%s: ", loc.file);
  sup_strbuf_printf(&b, "%s: %s", sev_name(sev), message);
  const source *src = find_source(d, loc.file);
  if (src && src->text && loc.line > 0)
    render_snippet(&b, src, loc.line, loc.col > 0 ? loc.col : 1);
  return sup_strbuf_take(&b);
}

/* Whether an error or warning with this text at loc was delivered before; records it if not
 * (when memory allows: a repeat is then delivered again, which is only noise). */
static bool repeated(diag_engine *d, diag_severity sev, diag_loc loc, const char *msg) {
  uint64_t h = sup_hash_bytes(msg, strlen(msg), (uint64_t)sev);
  h = sup_hash_combine(h, loc.file ? sup_hash_bytes(loc.file, strlen(loc.file), 0) : 0);
  h = sup_hash_combine(sup_hash_combine(h, (uint64_t)loc.line), (uint64_t)loc.col);
  for (size_t i = 0; i < d->nseen; i++)
    if (d->seen[i] == h) return true;
  if (d->nseen == d->capseen) {
    size_t cap = d->capseen ? d->capseen * 2 : 16;
    uint64_t *n = realloc(d->seen, cap * sizeof *n);
    if (!n) return false;
    d->seen = n, d->capseen = cap;
  }
  d->seen[d->nseen++] = h;
  return false;
}

/* Keeps one diagnostic in d->held (out of memory: it is delivered instead). */
static bool hold(diag_engine *d, diag_severity sev, diag_loc loc, const char *message) {
  diag_held *h = d->held;
  if (h->n == h->cap) {
    size_t cap = h->cap ? 2 * h->cap : 8;
    held_diag *v = realloc(h->v, cap * sizeof *v);
    if (!v) return false;
    h->v = v, h->cap = cap;
  }
  char *m = strdup(message);
  if (!m) return false;
  h->v[h->n++] = (held_diag){sev, loc, m};
  if (sev == DIAG_ERROR) h->errors++, d->errors++;
  return true;
}

bool diag_hold_begin(diag_engine *d) {
  diag_held *h = calloc(1, sizeof *h);
  if (!h) return false; /* out of memory: nothing new is held (the caller does not end it) */
  h->outer = d->held;
  d->held = h;
  return true;
}

diag_held *diag_hold_end(diag_engine *d) {
  diag_held *h = d->held;
  d->held = h ? h->outer : NULL;
  if (h) h->outer = NULL;
  if (h && !h->n) {
    diag_held_free(h);
    return NULL;
  }
  if (h) d->errors -= h->errors;
  return h;
}

void diag_held_free(diag_held *h) {
  if (!h) return;
  for (size_t i = 0; i < h->n; i++) free(h->v[i].message);
  free(h->v);
  free(h);
}

bool diag_held_nth(const diag_held *h, size_t i, diag_severity *sev, diag_loc *loc, const char **message) {
  if (!h || i >= h->n) return false;
  *sev = h->v[i].sev, *loc = h->v[i].loc, *message = h->v[i].message;
  return true;
}

bool diag_held_first_error(const diag_held *h, diag_loc *loc, const char **message) {
  for (size_t i = 0; h && i < h->n; i++)
    if (h->v[i].sev == DIAG_ERROR) {
      *loc = h->v[i].loc;
      *message = h->v[i].message;
      return true;
    }
  return false;
}

void diag_held_emit(diag_engine *d, diag_held *h, bool demote, const char *prefix) {
  for (size_t i = 0; h && i < h->n; i++) {
    const held_diag *x = &h->v[i];
    if (demote && x->sev == DIAG_ERROR)
      diag_emit(d, DIAG_WARNING, x->loc, "%s%s", prefix ? prefix : "", x->message);
    else
      diag_emit(d, x->sev, x->loc, "%s", x->message);
  }
  diag_held_free(h);
}

/* An error is counted, and delivered, even when there is no memory to format it: then
 * with the text "out of memory" and no location. */
void diag_vemit(diag_engine *d, diag_severity sev, diag_loc loc, const char *fmt, va_list ap) {
  sup_strbuf msg = {0};
  sup_strbuf_vprintf(&msg, fmt, ap);
  if (d->held && !msg.failed && hold(d, sev, loc, sup_strbuf_cstr(&msg))) {
    sup_strbuf_free(&msg);
    return;
  }
  if (!msg.failed && (sev == DIAG_NOTE ? d->muted : (d->muted = repeated(d, sev, loc, sup_strbuf_cstr(&msg))))) {
    if (sev == DIAG_ERROR) d->errors++;
    sup_strbuf_free(&msg);
    return;
  }
  load_source(d, loc.file);
  char *text = msg.failed ? NULL : diag_render(d, sev, loc, sup_strbuf_cstr(&msg));
  char fallback[32];
  snprintf(fallback, sizeof fallback, "%s: out of memory", sev_name(sev));
  const char *bare = text ? sup_strbuf_cstr(&msg) : "out of memory";
  if (!text) loc = (diag_loc){0};
  if (sev == DIAG_ERROR) d->errors++;
  if (d->fn)
    d->fn(d->user, sev, loc, bare, text ? text : fallback);
  else
    fprintf(stderr, "%s\n", text ? text : fallback);
  free(text);
  sup_strbuf_free(&msg);
}

void diag_emit(diag_engine *d, diag_severity sev, diag_loc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  diag_vemit(d, sev, loc, fmt, ap);
  va_end(ap);
}

unsigned diag_error_count(const diag_engine *d) { return d->errors; }
