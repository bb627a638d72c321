/* Variants compiled apart: the entries of a file (every kept autotune config of every kernel,
 * and the plain kernels beside them) compile each in its own context, on a small pool of
 * threads, and their PTX is merged into one module in entry order.
 *
 * Why apart: LLVM's code generation is single-threaded per module, and it is most of a
 * compile; six configs of a kernel are six independent modules. Threads: min(entries,
 * online CPUs, DRV_MAX_THREADS) unless the caller sets num_threads; more threads than cores
 * would only contend, and each holds a context and an LLVM context (tens of MB).
 * Determinism: a unit's output depends only on its inputs, and the merge reads the units in
 * entry order, so the PTX and metadata are byte-identical for any thread count (a test
 * compares --threads 1 with the default). Nothing is shared between units but the
 * read-only source text and options; diagnostics are collected per unit and re-emitted in
 * unit order by the calling thread. A caller's on_entry_ptx hook runs on the unit's thread
 * right after its PTX is ready (libtilert assembles there, overlapping the other units);
 * its index is the unit's, and it gets the unit's metadata as a one-entry document. An
 * autotune config that does not fit the target (skip_unfit) is left out of the result, so a
 * result part's index can be less than its unit's: the parts are the compiled units in
 * unit order. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "Driver/driver.h"
#include "Frontend/frontend.h"

enum { DRV_MAX_THREADS = 16 };

typedef struct unit_diag {
  tilec_severity sev;
  char *file;
  int line, col;
  char *message;
} unit_diag;

typedef struct unit {
  char *kernel;        /* the Python name */
  int variant;         /* config index, or -1 (a plain kernel) */
  char *entry;
  char *ptx;
  size_t ptx_len;
  drv_meta_part meta;
  char *meta_json;     /* meta as a one-entry document, made for the on_entry_ptx hook */
  unit_diag *diags;
  size_t ndiags;
  bool in_frontend;    /* the plan reported the frontend's warnings and notes already */
  bool oom;            /* a context or a diagnostic could not be allocated */
  bool ok;
  bool config_only;    /* failed, and every error was a config error (ir_emit_config_error) */
  bool skipped;        /* an autotune config that does not fit, left out (skip_unfit) */
} unit;

typedef struct pool {
  unit *units;
  size_t n;
  atomic_size_t next;
  const tilec_options *o;
  const char *filename, *src, *target;
  size_t len;
} pool;

bool drv_wants_units(ir_module *m, const tilec_options *o) {
  if (o->emit != TILEC_EMIT_PTX || o->on_ir || o->on_timing) return false;
  if (o->split_entries) return true;
  for (ir_op *f = ir_module_body(m)->first; f; f = f->next)
    if (drv_is_kernel(f) && ir_op_get_attr(f, FE_ATTR_VARIANT_OF)) return true;
  return false;
}

/* ---- one unit ------------------------------------------------------------------------------ */

static void collect_diag(void *user, const tilec_diagnostic *d) {
  unit *u = user;
  if (u->in_frontend && d->severity != TILEC_SEVERITY_ERROR) return;
  unit_diag *nd = realloc(u->diags, (u->ndiags + 1) * sizeof *nd);
  if (!nd) return (void)(u->oom = true);
  u->diags = nd;
  nd[u->ndiags++] = (unit_diag){d->severity, d->file ? strdup(d->file) : NULL, d->line, d->col, strdup(d->message)};
  if (!nd[u->ndiags - 1].message || (d->file && !nd[u->ndiags - 1].file)) u->oom = true;
}

static void run_unit(const pool *p, unit *u) {
  tilec_options wo = *p->o;
  wo.on_diagnostic = collect_diag;
  wo.diagnostic_user = u;
  ir_context *ctx = drv_context_create(&wo);
  if (!ctx) return (void)(u->oom = true);
  u->in_frontend = true;
  ir_module *m = ir_context_failed(ctx) ? NULL : drv_frontend(ctx, p->filename, p->src, p->len, &wo, u->kernel, u->variant);
  u->in_frontend = false;
  u->ok = m && drv_unit_ptx(ctx, m, &wo, &u->ptx, &u->ptx_len, &u->meta) &&
          !diag_error_count(ir_context_diag(ctx));
  unsigned errors = diag_error_count(ir_context_diag(ctx));
  u->config_only = !u->ok && !u->oom && errors && errors == ir_context_config_errors(ctx);
  if (m) ir_module_destroy(m);
  ir_context_destroy(ctx);
  if (!u->ok || !p->o->on_entry_ptx) return;
  if (!(u->meta_json = drv_metadata_json(p->target, &u->meta, 1))) {
    u->ok = false, u->oom = true;
    return;
  }
  p->o->on_entry_ptx(p->o->entry_ptx_user, (size_t)(u - p->units), u->entry, u->ptx, u->ptx_len,
                     u->meta_json);
}

static void *worker(void *arg) {
  pool *p = arg;
  for (size_t i; (i = atomic_fetch_add(&p->next, 1)) < p->n;) run_unit(p, &p->units[i]);
  return NULL;
}

/* LLVM initializes process-wide state on first use (the NVPTX target registration, which
 * lib/Target/NVPTX/target.c also guards with its own once-flag, and LLVM's other lazily
 * built tables): one small compile on the calling thread, once per process, does all of it
 * before any pool runs. */
static pthread_once_t llvm_once = PTHREAD_ONCE_INIT;

static void warm_llvm(void) {
  static const char src[] = "import triton\n@triton.jit\ndef k():\n    pass\n";
  tilec_options o = {0};
  tilec_result *r = NULL;
  if (tilec_compile("<warm-up>", src, sizeof src - 1, &o, &r) == 0) tilec_result_free(r);
}

static unsigned thread_count(const tilec_options *o, size_t n) {
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  size_t t = o->num_threads ? o->num_threads : (size_t)(cpus > 0 ? cpus : 1);
  if (!o->num_threads && t > DRV_MAX_THREADS) t = DRV_MAX_THREADS;
  return (unsigned)(t < n ? t : n);
}

static void run_pool(pool *p, unsigned nthreads) {
  pthread_t th[DRV_MAX_THREADS * 4];
  unsigned started = 0;
  if (nthreads > 1) pthread_once(&llvm_once, warm_llvm);
  if (nthreads > sizeof th / sizeof *th) nthreads = sizeof th / sizeof *th;
  for (unsigned i = 1; i < nthreads; i++)
    if (pthread_create(&th[started], NULL, worker, p) == 0) started++;
  worker(p); /* the calling thread works too; with no thread started it does it all */
  for (unsigned i = 0; i < started; i++) pthread_join(th[i], NULL);
}

/* ---- planning and merging -------------------------------------------------------------------- */

static bool plan_units(ir_module *m, unit **out, size_t *out_n) {
  size_t n = 0;
  for (ir_op *f = ir_module_body(m)->first; f; f = f->next) n += drv_is_kernel(f);
  unit *us = calloc(n ? n : 1, sizeof *us);
  if (!us) return false;
  size_t k = 0;
  for (ir_op *f = ir_module_body(m)->first; f; f = f->next) {
    if (!drv_is_kernel(f)) continue;
    const char *of = ir_op_get_string_attr(f, FE_ATTR_VARIANT_OF);
    const ir_attr *vi = ir_op_get_attr(f, FE_ATTR_VARIANT);
    unit *u = &us[k++];
    u->entry = strdup(ir_op_get_string_attr(f, "sym_name"));
    u->kernel = strdup(of ? of : ir_op_get_string_attr(f, "sym_name"));
    u->variant = of && vi && vi->kind == IR_ATTR_INT ? (int)vi->ival : -1;
  }
  *out = us, *out_n = n;
  for (size_t i = 0; i < n; i++)
    if (!us[i].entry || !us[i].kernel) return false;
  return true;
}

/* The end of the line at s (past its newline). */
static const char *line_end(const char *s) {
  const char *e = strchr(s, '\n');
  return e ? e + 1 : s + strlen(s);
}

static bool blank_line(const char *s, const char *e) {
  for (; s < e; s++)
    if (*s != ' ' && *s != '\t' && *s != '\n' && *s != '\r') return false;
  return true;
}

/* The declarations written so far (offsets into the output), so that a declaration the
 * units share (the dynamic shared memory symbol) is written once. */
typedef struct seen_set {
  size_t n, cap;
  size_t *off, *len;
} seen_set;

static bool seen_has(const seen_set *ss, const sup_strbuf *out, const char *s, size_t n) {
  for (size_t i = 0; i < ss->n; i++)
    if (ss->len[i] == n && memcmp(sup_strbuf_cstr(out) + ss->off[i], s, n) == 0) return true;
  return false;
}

static void seen_add(seen_set *ss, size_t off, size_t n) {
  if (ss->n == ss->cap) {
    size_t cap = ss->cap ? 2 * ss->cap : 16;
    size_t *o = realloc(ss->off, cap * sizeof *o), *l = o ? realloc(ss->len, cap * sizeof *l) : NULL;
    if (o) ss->off = o;
    if (!l) return; /* out of memory: the declaration is not deduplicated; the buffer fails too */
    ss->len = l, ss->cap = cap;
  }
  ss->off[ss->n] = off, ss->len[ss->n++] = n;
}

static bool has_entry(const char *s, size_t n) {
  for (size_t i = 0; i + 6 <= n; i++)
    if (memcmp(s + i, ".entry", 6) == 0) return true;
  return false;
}

/* A comment line or a line that ends with ';' closes an item at depth 0. */
static bool ends_item(const char *s, const char *e) {
  while (s < e && (*s == ' ' || *s == '\t')) s++;
  while (e > s && (e[-1] == '\n' || e[-1] == '\r' || e[-1] == ' ')) e--;
  return (e - s >= 2 && s[0] == '/' && s[1] == '/') || (e > s && e[-1] == ';');
}

/* Appends ptx's module-scope items after its header (through `.address_size`) to out;
 * with header, the header first. An item is a run of lines up to a blank line, a comment
 * line or a line ending with ';' at brace depth 0; a declaration (no .entry) identical to one already written is skipped. */
static void merge_one(sup_strbuf *out, seen_set *ss, const char *ptx, bool header) {
  const char *s, *body = strstr(ptx, ".address_size");
  body = body ? line_end(body) : ptx;
  if (header) sup_strbuf_append(out, ptx, (size_t)(body - ptx));
  int depth = 0;
  for (s = body; *s;) {
    const char *item = s;
    while (*s) {
      const char *e = line_end(s);
      for (const char *c = s; c < e; c++) depth += (*c == '{') - (*c == '}');
      bool end = depth == 0 && (blank_line(s, e) || ends_item(s, e));
      s = e;
      if (end) break;
    }
    size_t n = (size_t)(s - item);
    bool decl = !has_entry(item, n) && !blank_line(item, s);
    if (decl && seen_has(ss, out, item, n)) continue;
    if (decl) seen_add(ss, out->len, n);
    sup_strbuf_append(out, item, n);
  }
}

static char *merge_ptx(const unit *us, size_t n, size_t *out_len) {
  sup_strbuf b = {0};
  seen_set ss = {0};
  for (size_t i = 0; i < n; i++) merge_one(&b, &ss, us[i].ptx, i == 0);
  free(ss.off), free(ss.len);
  *out_len = b.len;
  return sup_strbuf_take(&b);
}

/* An autotune config whose compile met only config errors (more shared memory than the
 * target has: too many stages for its tiles) is left out when another config of the same
 * kernel compiled and none failed otherwise, as Triton's autotuner skips a config that runs
 * out of resources; its errors become warnings (their notes stay). Else the errors stand. */
static void skip_unfit(unit *us, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (us[i].ok || !us[i].config_only || us[i].variant < 0) continue;
    bool other_ok = false, other_failed = false;
    for (size_t k = 0; k < n; k++) {
      if (us[k].variant < 0 || strcmp(us[k].kernel, us[i].kernel) != 0) continue;
      other_ok |= us[k].ok;
      other_failed |= !us[k].ok && !us[k].config_only;
    }
    us[i].skipped = other_ok && !other_failed;
  }
}

static diag_loc loc_of(ir_context *ctx, const unit_diag *d) {
  return (diag_loc){d->file ? ir_intern(ctx, d->file) : NULL, d->line, d->col};
}

static unsigned replay_diags(ir_context *ctx, const unit *us, size_t n) {
  unsigned errors = 0;
  for (size_t i = 0; i < n; i++)
    for (size_t k = 0; k < us[i].ndiags; k++) {
      const unit_diag *d = &us[i].diags[k];
      if (us[i].skipped) { /* its errors become warnings, its notes stay */
        if (d->sev == TILEC_SEVERITY_ERROR)
          diag_emit(ir_context_diag(ctx), DIAG_WARNING, loc_of(ctx, d), FE_LEFT_OUT_FMT "%s",
                    us[i].variant, us[i].kernel, d->message ? d->message : "?");
        else
          diag_emit(ir_context_diag(ctx), (diag_severity)d->sev, loc_of(ctx, d), "%s", d->message ? d->message : "?");
        continue;
      }
      diag_emit(ir_context_diag(ctx), (diag_severity)d->sev, loc_of(ctx, d), "%s", d->message ? d->message : "?");
      errors += d->sev == TILEC_SEVERITY_ERROR;
    }
  for (size_t i = 0; i < n && !errors; i++)
    if (!us[i].ok && us[i].oom) ir_context_note_oom(ctx), errors++;
  for (size_t i = 0; i < n && !errors; i++)
    if (!us[i].ok && !us[i].skipped)
      ir_emit_error(ctx, (ir_loc){0}, "internal error: entry '%s' failed without a diagnostic", us[i].entry), errors++;
  return errors;
}

/* Moves the units that compiled to the front, in order (after skip_unfit and replay_diags
 * found no error, every unit not skipped did); the rest are freed by free_units. */
static size_t keep_compiled(unit *us, size_t n) {
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (!us[i].skipped) {
      unit t = us[k];
      us[k++] = us[i];
      us[i] = t;
    }
  return k;
}

static void free_units(unit *us, size_t n) {
  for (size_t i = 0; i < n; i++) {
    for (size_t k = 0; k < us[i].ndiags; k++) free(us[i].diags[k].file), free(us[i].diags[k].message);
    free(us[i].diags);
    free(us[i].kernel);
    free(us[i].entry);
    free(us[i].ptx);
    free(us[i].meta_json);
    drv_meta_part_free(&us[i].meta);
  }
  free(us);
}

/* The result: merged PTX, the metadata of all parts, and each part alone. */
static tilec_result *assemble(const unit *us, size_t n, const char *target) {
  drv_meta_part *metas = calloc(n ? n : 1, sizeof *metas);
  drv_result_part *parts = calloc(n ? n : 1, sizeof *parts);
  size_t len = 0;
  char *ptx = metas && parts ? merge_ptx(us, n, &len) : NULL;
  char *meta = NULL;
  for (size_t i = 0; metas && i < n; i++) metas[i] = us[i].meta;
  if (ptx) meta = drv_metadata_json(target, metas, n);
  bool ok = ptx && meta && parts;
  for (size_t i = 0; parts && i < n; i++) {
    parts[i].entry = strdup(us[i].entry);
    parts[i].output = strdup(us[i].ptx);
    parts[i].output_len = us[i].ptx_len;
    parts[i].metadata = us[i].meta_json ? strdup(us[i].meta_json) : drv_metadata_json(target, &us[i].meta, 1);
    ok = ok && parts[i].entry && parts[i].output && parts[i].metadata;
  }
  free(metas);
  if (!ok) {
    for (size_t i = 0; parts && i < n; i++) drv_result_part_free(&parts[i]);
    free(ptx), free(meta), free(parts);
    return NULL;
  }
  return drv_result_new(ptx, len, meta, parts, n);
}

tilec_result *drv_compile_units(ir_context *ctx, ir_module *m, const char *filename, const char *src,
                                size_t len, const tilec_options *o, const char *target) {
  unit *us = NULL;
  size_t n = 0;
  if (!plan_units(m, &us, &n)) {
    free_units(us, n);
    ir_context_note_oom(ctx);
    return NULL;
  }
  pool p = {.units = us, .n = n, .o = o, .filename = filename, .src = src, .target = target, .len = len};
  atomic_init(&p.next, 0);
  run_pool(&p, thread_count(o, n));
  skip_unfit(us, n);
  tilec_result *r = replay_diags(ctx, us, n) ? NULL : assemble(us, keep_compiled(us, n), target);
  if (!r && !diag_error_count(ir_context_diag(ctx))) ir_context_note_oom(ctx);
  free_units(us, n);
  return r;
}
