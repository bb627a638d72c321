/* tilert_jit_compile_and_tune: an autotuned kernel's first call, with the tuning overlapped
 * with the compile. tilec compiles the variants apart on its pool and the assembler turns
 * each into a cubin on the thread that compiled it (runtime/jit_parts.c); here, on the
 * caller's thread, each assembled variant is loaded as a module of its own and timed on
 * the GPU while the others still compile. Small tiles compile fast and big ones slowly, so
 * by the time the slowest variant is assembled the others have been timed: the first call
 * costs about the slowest variant's compile, assembly and timing. Afterwards the whole
 * module is loaded (the one a later tilert_jit_compile_and_load reads from the disk cache),
 * the choice is kept as tilert_tune keeps one, and the variants' own modules are released.
 * Variants the stream did not time (none when the compile had parts) are timed then. */
#include "rt_internal.h"
#include "tilec/tilec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tilert_variant_name(const tilert_kernel_info *k, char *out, size_t cap) {
  if (!cap) return;
  size_t n = 0;
  out[0] = 0;
  for (size_t i = 0; i < k->nconstexprs && n < cap; i++) {
    const tilert_constexpr_info *c = &k->constexprs[i];
    if (c->is_integer) n += (size_t)snprintf(out + n, cap - n, "%s=%lld ", c->name, (long long)c->value);
  }
  if (n < cap)
    snprintf(out + n, cap - n, "num_warps=%u num_stages=%u (%s)", k->num_warps, k->num_stages, k->name);
}

/* Whether entry `name` is a variant of kernel `kernel`: the kernel's own name (its first
 * config) or "<kernel>__v<i>" (tilec's naming, docs/tuning.md). */
static bool variant_of(const char *name, const char *kernel) {
  size_t n = strlen(kernel);
  if (strncmp(name, kernel, n) != 0) return false;
  if (!name[n]) return true;
  if (strncmp(name + n, "__v", 3) != 0 || !name[n + 3]) return false;
  for (const char *c = name + n + 3; *c; c++)
    if (*c < '0' || *c > '9') return false;
  return true;
}

/* A variant timed as it came: its entry, its median (-1: could not run) and its own module
 * (released at the end). */
typedef struct timed {
  char *entry;
  float ms;
  tilert_module *mod;
} timed;

typedef struct streamed {
  timed *t;
  size_t n, cap;
} streamed;

static void streamed_free(streamed *st) {
  for (size_t i = 0; i < st->n; i++) free(st->t[i].entry), tilert_module_release(st->t[i].mod);
  free(st->t);
}

static bool streamed_add(streamed *st, const char *entry, float ms, tilert_module *mod) {
  if (st->n == st->cap) {
    size_t cap = st->cap ? 2 * st->cap : 8;
    timed *t = realloc(st->t, cap * sizeof *t);
    if (!t) return false;
    st->t = t, st->cap = cap;
  }
  char *name = strdup(entry);
  if (!name) return false;
  st->t[st->n++] = (timed){name, ms, mod};
  return true;
}

/* Loads one assembled entry and times it; an entry that cannot load or launch is kept with
 * -1 and the tuner's note. Its name and grid come from its own metadata. */
static tilert_status time_part(tilert_runtime *rt, const tilert_jit_tune_request *req,
                               rt_tuner *tuner, const rt_part_view *part, streamed *st) {
  char name[512], why[1024] = "";
  tilert_metadata *meta = NULL;
  const tilert_kernel_info *info = NULL;
  if (!tilert_metadata_parse(part->metadata, strlen(part->metadata), &meta, why, sizeof why))
    info = tilert_metadata_find(meta, part->entry);
  if (!info) {
    tilert_metadata_free(meta);
    return rt_fail(rt, TILERT_ERROR_METADATA, "tilert: tilec gave %s metadata that does not describe it %s",
                   part->entry, why);
  }
  tilert_module *mod = NULL;
  tilert_tune_variant v = {.name = name};
  tilert_variant_name(info, name, sizeof name);
  req->grid(req->grid_user, info, v.grid);
  tilert_metadata_free(meta);
  if (!part->cubin) {
    snprintf(why, sizeof why, "tilert: kernel %s did not assemble: %s", part->entry, part->error);
    v.load_error = why;
  } else if (tilert_module_load_cubin(rt, part->cubin, part->len, part->metadata,
                                      strlen(part->metadata), &mod) ||
             tilert_module_get_kernel(mod, part->entry, &v.kernel)) {
    snprintf(why, sizeof why, "%.1023s", rt->err);
    v.load_error = why;
    v.kernel = NULL;
  }
  rt_tune_say(&req->tune, "tilert: compile: %s: PTX after %.1f ms, assembled in %.1f ms, taken at %.1f ms",
              part->entry, part->ptx_at, part->asm_ms, rt_now_ms() - rt_tuner_started_ms(tuner));
  float ms = -1;
  tilert_status s = rt_tuner_time(tuner, &v, &ms);
  if (!streamed_add(st, part->entry, ms, mod)) {
    tilert_module_release(mod);
    return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  }
  return s;
}

/* Takes every entry of the job as it is assembled and times the kernel's variants. */
static tilert_status time_stream(tilert_runtime *rt, const tilert_jit_tune_request *req,
                                 rt_tuner *tuner, rt_jit_job *job, streamed *st) {
  rt_part_view part;
  while (rt_jit_job_take(job, &part))
    if (variant_of(part.entry, req->kernel)) RT_TRY(time_part(rt, req, tuner, &part, st));
  return TILERT_OK;
}

/* The tuning entry's variants in the whole module: kernel (NULL with its load error when it
 * cannot load), name and grid. */
typedef struct variants {
  const char *const *entries; /* the tuning entry's, owned by the module's metadata */
  tilert_tune_variant *v;
  char (*names)[512];
  char (*errors)[512];
  size_t n;
} variants;

static void variants_free(variants *vs) { free(vs->v), free(vs->names), free(vs->errors); }

static tilert_status variants_of(tilert_runtime *rt, const tilert_jit_tune_request *req,
                                 tilert_module *mod, variants *vs) {
  const tilert_metadata *meta = tilert_module_metadata(mod);
  const tilert_tuning_info *t = tilert_metadata_find_tuning(meta, req->kernel);
  if (!t || !t->nvariants)
    return rt_fail(rt, TILERT_ERROR_NOT_FOUND,
                   "tilert: %s has no autotuned kernel %s (no tuning entry in its metadata)",
                   req->filename ? req->filename : "<source>", req->kernel);
  vs->n = t->nvariants;
  vs->entries = t->variants;
  vs->v = calloc(vs->n, sizeof *vs->v);
  vs->names = calloc(vs->n, sizeof *vs->names);
  vs->errors = calloc(vs->n, sizeof *vs->errors);
  if (!vs->v || !vs->names || !vs->errors) return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  for (size_t i = 0; i < vs->n; i++) {
    const tilert_kernel_info *k = tilert_metadata_find(meta, t->variants[i]);
    if (!k) return rt_fail(rt, TILERT_ERROR_INVALID_ARGUMENT, "tilert: the metadata has no kernel %s", t->variants[i]);
    tilert_tune_variant *v = &vs->v[i];
    if (tilert_module_get_kernel(mod, t->variants[i], &v->kernel)) {
      snprintf(vs->errors[i], sizeof vs->errors[i], "%.511s", rt->err);
      v->load_error = vs->errors[i];
      v->kernel = NULL;
    }
    tilert_variant_name(k, vs->names[i], sizeof vs->names[i]);
    v->name = vs->names[i];
    req->grid(req->grid_user, k, v->grid);
  }
  return TILERT_OK;
}

/* The stream's times for the whole module's variants; those it did not time are timed now
 * (with the module's kernels). Then the choice, kept as tilert_tune keeps it. */
static tilert_status choose_streamed(tilert_runtime *rt, tilert_tune_request *treq,
                                     const variants *vs, rt_tuner *tuner, const streamed *st,
                                     size_t *out_best) {
  float *ms = calloc(treq->nvariants, sizeof *ms);
  if (!ms) return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  tilert_status s = TILERT_OK;
  for (size_t i = 0; i < treq->nvariants && !s; i++) {
    size_t j = st->n;
    for (size_t k = 0; k < st->n; k++)
      if (!strcmp(st->t[k].entry, vs->entries[i])) j = k;
    if (j < st->n) ms[i] = st->t[j].ms;
    else s = rt_tuner_time(tuner, &treq->variants[i], &ms[i]);
  }
  if (!s) s = rt_tuner_end(tuner);
  if (!s && (*out_best = rt_tune_fastest(ms, treq->nvariants)) == treq->nvariants)
    s = rt_tune_none_ran(rt, treq);
  if (!s) {
    rt_tune_report_best(treq, *out_best, ms, rt_tuner_started_ms(tuner));
    s = rt_tune_keep(rt, treq, *out_best, ms);
  }
  free(ms);
  return s;
}

/* TILERT_TUNE_OVERLAP=0: compile, then tune (for comparisons and debugging). */
/* ---- pruning with the call's arguments ---------------------------------------------------- */

/* The call's scalar arguments as launch values, for a prune function that reads them. */
typedef struct prune_values {
  tilec_options o;
  tilec_define lv[TILERT_MAX_PARAMS];
  char params[TILERT_MAX_PARAMS][64]; /* the run-time parameters' names */
  char texts[TILERT_MAX_PARAMS][40];
} prune_values;

static bool mentions(const char *src, size_t len, const char *word) {
  size_t n = strlen(word);
  for (size_t i = 0; i + n <= len; i++)
    if (src[i] == word[0] && !memcmp(src + i, word, n)) return true;
  return false;
}

/* Triton's autotuner calls early_config_prune with each call's arguments; tilec's frontend
 * runs it at compile time, and when it reads a run-time argument (the fused-attention
 * tutorial's N_CTX and STAGE) it is left "deferred" and every config compiled. Tuning those
 * would time configs the function removes for these arguments, which may compute wrong
 * results (the tutorial's causal BLOCK_M < BLOCK_N). So when the caller gave no launch values
 * and the source has a prune function, the frontend runs first (a few ms; its answer is kept
 * on disk, so a warm process reads it); if it defers pruning, the compile gets the call's
 * scalar arguments as launch values, by parameter name, and the prune function runs on them
 * (each set of values its own compile and cache entry, as each key is its own tuning in
 * Triton). pv->o is what to compile with. */
static tilert_status prune_with_arguments(tilert_runtime *rt, const tilert_jit_tune_request *req, prune_values *pv) {
  if (req->opts) pv->o = *req->opts;
  if (pv->o.nlaunch_values || !mentions(req->source, req->len, "prune_configs_by")) return TILERT_OK;
  bool deferred = false;
  size_t np = 0, n = 0;
  tilert_status s = rt_jit_prune_params(rt, req->filename, req->source, req->len, req->opts, req->kernel, &deferred,
                                        pv->params, &np);
  if (s == TILERT_ERROR_UNSUPPORTED) return TILERT_OK; /* no compiler here: the cache's entries as they are */
  RT_TRY(s);
  for (size_t i = 0; deferred && i < np && i < req->tune.nargs; i++)
    if (rt_arg_literal(&req->tune.args[i], pv->texts[n], sizeof pv->texts[n])) {
      pv->lv[n] = (tilec_define){pv->params[i], pv->texts[n]};
      n++;
    }
  pv->o.launch_values = n ? pv->lv : NULL;
  pv->o.nlaunch_values = n;
  return TILERT_OK;
}

static bool overlap_enabled(void) {
  const char *v = getenv("TILERT_TUNE_OVERLAP");
  return !v || strcmp(v, "0") != 0;
}

tilert_status tilert_jit_compile_and_tune(tilert_runtime *rt, const tilert_jit_tune_request *req,
                                          tilert_jit_tune_result *out) {
  if (!out) return TILERT_ERROR_INVALID_ARGUMENT;
  memset(out, 0, sizeof *out);
  RT_TRY(rt_check_ready(rt));
  if (!req || !req->source || !req->kernel || !req->grid || !req->tune.key)
    return rt_fail(rt, TILERT_ERROR_INVALID_ARGUMENT,
                   "tilert: compile and tune: the request needs a source, a kernel, a grid "
                   "function and a tuning key");
  RT_TRY(rt_tune_check_arrays(rt, &req->tune));
  bool times = false;
  RT_TRY(rt_tune_times_now(rt, &times));
  times = times && overlap_enabled();
  tilert_module *mod = NULL;
  rt_jit_job *job = NULL;
  prune_values *pv = calloc(1, sizeof *pv);
  if (!pv) return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  tilert_status ps = prune_with_arguments(rt, req, pv);
  const tilec_options *opts = pv->o.nlaunch_values ? &pv->o : req->opts;
  if (!ps && times) ps = rt_jit_start(rt, req->filename, req->source, req->len, opts, &mod, &job);
  else if (!ps) ps = tilert_jit_compile_and_load(rt, req->filename, req->source, req->len, opts, &mod);
  if (ps) {
    free(pv);
    return ps;
  }
  streamed st = {0};
  rt_tuner *tuner = NULL;
  tilert_status s = TILERT_OK;
  bool streaming = job != NULL;
  if (streaming) {
    s = rt_tuner_start(rt, &req->tune, &tuner);
    if (!s) s = time_stream(rt, req, tuner, job, &st);
    if (!s) s = rt_jit_job_finish(job, &mod);
    rt_jit_job_free(job); /* waits for the compile when the tuning failed */
  }
  free(pv); /* the compile, its thread included, is over: its launch values are no longer read */
  variants vs = {0};
  if (!s) s = variants_of(rt, req, mod, &vs);
  tilert_tune_request treq = req->tune;
  treq.variants = vs.v, treq.nvariants = vs.n;
  size_t best = 0;
  tilert_tune_source source = TILERT_TUNE_TIMED;
  if (!s && streaming) s = choose_streamed(rt, &treq, &vs, tuner, &st, &best);
  else if (!s) s = tilert_tune(rt, &treq, &best, &source, NULL);
  if (!s && !vs.v[best].kernel) /* TILERT_AUTOTUNE=off or cached chose a variant that cannot load */
    s = rt_fail(rt, TILERT_ERROR_UNSUPPORTED, "tilert: tune %s: the chosen variant %s cannot run: %s",
                treq.key, vs.v[best].name, vs.v[best].load_error ? vs.v[best].load_error : "");
  size_t ran = 0;
  for (size_t i = 0; i < st.n; i++) ran += st.t[i].ms >= 0;
  if (!s) {
    *out = (tilert_jit_tune_result){mod, vs.v[best].kernel, best, {vs.v[best].grid[0], vs.v[best].grid[1],
                                    vs.v[best].grid[2]}, source, ran};
    mod = NULL;
  }
  rt_tuner_free(tuner);
  streamed_free(&st);
  variants_free(&vs);
  tilert_module_release(mod);
  return s;
}
