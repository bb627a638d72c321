/* The JIT path: tilec source -> (disk cache) -> PTX + metadata -> cubin (nvJitLink, else
 * ptxas) -> tilert_module_load_cubin; the disk cache keeps KEY.json, KEY.ptx and KEY.cubin,
 * so a warm process reads two files and the driver runs no PTX JIT.
 * Needs libtilec; libtilert builds without it, so the compiler half is behind
 * TILERT_WITH_TILEC (defined, with libtilec linked, where both are built). */
#include "rt_internal.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

tilert_status tilert_runtime_set_cache(tilert_runtime *rt, const tilert_cache_config *config) {
  if (!rt) return TILERT_ERROR_INVALID_ARGUMENT;
  rt->cache_set = config != NULL;
  if (config) rt->cache = *config;
  return TILERT_OK;
}

tilert_status rt_cache_config(tilert_runtime *rt, tilert_cache_config *out) {
  if (rt->cache_set) { *out = rt->cache; return TILERT_OK; }
  return tilert_cache_config_from_env(out, rt->err, sizeof rt->err);
}

#ifdef TILERT_WITH_TILEC

#include "tilec/tilec.h"

typedef struct strbuf { char *p; size_t n, cap; bool oom; } strbuf;

static void sb_add(strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_add(strbuf *b, const char *fmt, ...) {
  if (b->oom) return;
  for (;;) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b->p ? b->p + b->n : NULL, b->p ? b->cap - b->n : 0, fmt, ap);
    va_end(ap);
    if (n < 0) { b->oom = true; return; }
    if (b->p && b->n + (size_t)n < b->cap) { b->n += (size_t)n; return; }
    size_t cap = (b->cap + (size_t)n + 1) * 2;
    char *p = realloc(b->p, cap);
    if (!p) { b->oom = true; return; }
    b->p = p;
    b->cap = cap;
  }
}

/* A string field, length-prefixed so that no value can imitate a separator. */
static void sb_field(strbuf *b, const char *name, const char *v) {
  if (v) sb_add(b, "%s=%zu:%s;", name, strlen(v), v);
  else sb_add(b, "%s=-;", name);
}

/* The options that change the output, in a canonical text (the cache key's options). */
static char *options_text(const tilec_options *o, const char *arch) {
  strbuf b = {0};
  sb_field(&b, "arch", arch);
  sb_add(&b, "num_warps=%u;opt=%d;no_opt=%d;num_stages=%u;wgmma=%d;maxnreg=%u;desc_tma=%d;cp_async_fence=%d;",
         o->num_warps, o->opt_level, o->no_opt, o->num_stages, o->wgmma < 0 ? -1 : 0, o->maxnreg,
         o->desc_tma < 0 ? -1 : 0, o->cp_async_fence > 0);
  sb_field(&b, "signature", o->signature);
  sb_field(&b, "libdevice", o->libdevice_path);
  for (size_t i = 0; i < o->ndefines; i++) {
    sb_field(&b, "D", o->defines[i].name);
    sb_field(&b, "V", o->defines[i].value);
  }
  /* launch values decide what the prune functions keep (jit_tune.c): part of the entry */
  for (size_t i = 0; i < o->nlaunch_values; i++) {
    sb_field(&b, "L", o->launch_values[i].name);
    sb_field(&b, "W", o->launch_values[i].value);
  }
  for (size_t i = 0; i < o->nkernels; i++) sb_field(&b, "kernel", o->kernels[i]);
  for (size_t i = 0; i < o->nsignatures; i++) sb_field(&b, "signatures", o->signatures[i]);
  /* the directories (the files the compile reads from them: rt_jit_deps_key) */
  for (size_t i = 0; i < o->nmodule_paths; i++) sb_field(&b, "I", o->module_paths[i]);
  if (b.oom) { free(b.p); return NULL; }
  return b.p;
}

/* The device's own target: sm_90a on 9.0 (tilec's wgmma path), sm_XY elsewhere. */
static void device_arch(const tilert_runtime *rt, char *out, size_t cap) {
  if (rt->info.cc_major == 9 && rt->info.cc_minor == 0) snprintf(out, cap, "sm_90a");
  else snprintf(out, cap, "sm_%d%d", rt->info.cc_major, rt->info.cc_minor);
}

typedef struct diag_relay {
  tilec_diag_fn user_fn;
  void *user;
  strbuf errors;
  int nerrors;
} diag_relay;

static void relay_diag(void *user, const tilec_diagnostic *d) {
  diag_relay *r = user;
  if (d->severity == TILEC_SEVERITY_ERROR && r->nerrors++ < 8)
    sb_add(&r->errors, "\n%s", d->rendered ? d->rendered : d->message);
  if (r->user_fn) r->user_fn(r->user, d);
  /* without a callback, TILERT_PRINT_AUTOTUNING=1 shows tilec's warnings: an autotune config
   * left out at compile time says so there (the tuner never sees it) */
  else if (d->severity == TILEC_SEVERITY_WARNING && rt_print_autotuning())
    fprintf(stderr, "%s\n", d->rendered ? d->rendered : d->message);
}

/* tilec: PTX and metadata, and the count of entries it compiled apart (each of which went
 * through o->on_entry_ptx when set). */
static tilert_status compile_into(char *err, size_t err_cap, const char *filename,
                                  const char *source, size_t len, tilec_options *o, char **out_ptx,
                                  size_t *out_ptx_len, char **out_json, size_t *out_json_len,
                                  size_t *out_parts) {
  diag_relay relay = {.user_fn = o->on_diagnostic, .user = o->diagnostic_user};
  o->on_diagnostic = relay_diag;
  o->diagnostic_user = &relay;
  tilec_result *res = NULL;
  *out_parts = 0;
  int nerr = tilec_compile(filename, source, len, o, &res);
  if (nerr || !res) {
    rt_fail_buf(err, err_cap, TILERT_ERROR_COMPILE, "tilert: tilec reported %d error(s) compiling %s:%s",
                nerr, filename, relay.errors.p ? relay.errors.p : "");
    free(relay.errors.p);
    return TILERT_ERROR_COMPILE;
  }
  free(relay.errors.p);
  size_t pl, jl;
  const char *ptx = tilec_result_output(res, &pl);
  const char *json = tilec_result_metadata(res, &jl);
  *out_parts = tilec_result_part_count(res);
  *out_ptx = malloc(pl + 1);
  *out_json = malloc(jl + 1);
  if (*out_ptx && *out_json) {
    memcpy(*out_ptx, ptx, pl); (*out_ptx)[pl] = 0;
    memcpy(*out_json, json, jl); (*out_json)[jl] = 0;
  }
  tilec_result_free(res);
  if (!*out_ptx || !*out_json) {
    free(*out_ptx); free(*out_json);
    return rt_fail_buf(err, err_cap, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  }
  *out_ptx_len = pl;
  *out_json_len = jl;
  return TILERT_OK;
}

static tilert_status compile(tilert_runtime *rt, const char *filename, const char *source,
                             size_t len, tilec_options *o, char **out_ptx, size_t *out_ptx_len,
                             char **out_json, size_t *out_json_len, size_t *out_parts) {
  return compile_into(rt->err, sizeof rt->err, filename, source, len, o, out_ptx, out_ptx_len,
                      out_json, out_json_len, out_parts);
}

tilert_status rt_jit_frontend_meta(tilert_runtime *rt, const char *filename, const char *source,
                                   size_t len, const struct tilec_options *opts,
                                   const char *kernel, const char *signature,
                                   const tilec_define *launch_values, size_t nlaunch_values,
                                   tilert_metadata **out_meta) {
  *out_meta = NULL;
  tilec_options o;
  if (opts) o = *opts; else memset(&o, 0, sizeof o);
  const char *kernels[1] = {kernel};
  o.emit = TILEC_EMIT_FRONTEND;
  o.signature = signature;
  o.kernels = kernels;
  o.nkernels = 1;
  o.launch_values = launch_values;
  o.nlaunch_values = nlaunch_values;
  char *ptx = NULL, *json = NULL;
  size_t pl = 0, jl = 0;
  size_t nparts;
  RT_TRY(compile(rt, filename, source, len, &o, &ptx, &pl, &json, &jl, &nparts));
  free(ptx);
  tilert_status s = tilert_metadata_parse(json, jl, out_meta, rt->err, sizeof rt->err);
  free(json);
  return s;
}

/* The frontend alone (emit=frontend writes metadata too): the run-time parameters' names. */
tilert_status rt_jit_param_names(tilert_runtime *rt, const char *filename, const char *source,
                                 size_t len, const struct tilec_options *opts, const char *kernel,
                                 const char *signature, tilert_metadata **out_meta,
                                 const char **out_names, size_t *out_n) {
  *out_n = 0;
  RT_TRY(rt_jit_frontend_meta(rt, filename, source, len, opts, kernel, signature, NULL, 0,
                              out_meta));
  const tilert_kernel_info *k = tilert_metadata_find(*out_meta, kernel);
  if (!k || k->nparams > TILERT_MAX_PARAMS)
    return rt_fail(rt, TILERT_ERROR_METADATA, "tilert: the frontend's metadata has no kernel %s",
                   kernel);
  for (size_t i = 0; i < k->nparams; i++) out_names[i] = k->params[i].name;
  *out_n = k->nparams;
  return TILERT_OK;
}

/* ---- decorator arguments, read off the parsed source ---------------------------------- */

/* Reads the items of the list or tuple at *p ("(list (str \"n\") (int 3))"): names and
 * indices, copied into l->text. False on anything else. */
static bool read_items(const char *p, rt_spec_list *l) {
  if (!strncmp(p, "(list", 5)) p += 5;
  else if (!strncmp(p, "(tuple", 6)) p += 6;
  else return false;
  for (;;) {
    while (*p == ' ') p++;
    if (*p == ')') return true;
    const char *b, *e;
    if (!strncmp(p, "(str \"", 6)) {
      b = p + 6;
      e = strchr(b, '"');
    } else if (!strncmp(p, "(int ", 5)) {
      b = p + 5;
      for (e = b; *e >= '0' && *e <= '9'; e++) {}
    } else {
      return false;
    }
    if (!e || e == b || l->n == TILERT_MAX_PARAMS || (size_t)(e - b) >= sizeof l->text[0]) return false;
    memcpy(l->text[l->n], b, (size_t)(e - b));
    l->text[l->n++][e - b] = 0;
    p = strchr(e, ')');
    if (!p) return false;
    p++;
  }
}

/* The decorators of `def kernel` in the AST dump: the text between its "(def NAME" line and
 * its "(params" line (NULL when the kernel is not found). */
static const char *find_decorators(const char *ast, const char *kernel, const char **out_end) {
  size_t kn = strlen(kernel);
  for (const char *p = ast; (p = strstr(p, "(def ")) != NULL; p += 5) {
    if ((p != ast && p[-1] != '\n') || strncmp(p + 5, kernel, kn) || p[5 + kn] != '\n') continue;
    const char *end = strstr(p, "\n  (params");
    *out_end = end ? end : p + strlen(p);
    return p;
  }
  return NULL;
}

static tilert_status read_kw(tilert_runtime *rt, const char *b, const char *e, const char *kw,
                             rt_spec_list *l) {
  char pat[64];
  snprintf(pat, sizeof pat, "(kw %s (", kw);
  const char *p = strstr(b, pat);
  if (!p || p >= e) return TILERT_OK;
  if (read_items(p + strlen(pat) - 1, l)) return TILERT_OK;
  return rt_fail(rt, TILERT_ERROR_UNSUPPORTED,
                 "tilert: @triton.jit(%s=...): only a list of parameter names and indices is "
                 "read at run time", kw);
}

/* tilec's parse of the source as S-expressions (--emit=ast); malloc'ed. */
static tilert_status parse_ast(tilert_runtime *rt, const char *filename, const char *source,
                               size_t len, char **out_ast) {
  tilec_options o;
  memset(&o, 0, sizeof o);
  o.emit = TILEC_EMIT_AST;
  char *json = NULL;
  size_t al = 0, jl = 0;
  size_t nparts;
  RT_TRY(compile(rt, filename, source, len, &o, out_ast, &al, &json, &jl, &nparts));
  free(json);
  return TILERT_OK;
}

/* ---- a signature from the source's annotations ----------------------------------------- */

/* The parameter names on the "(params (x) (n : ...) ...)" line at p, into l. */
static bool read_param_names(const char *p, rt_spec_list *l) {
  p += strlen("(params");
  for (;;) {
    while (*p == ' ') p++;
    if (*p != '(') return *p == ')';
    const char *b = ++p;
    while (*p == '_' || (*p >= '0' && *p <= '9') || ((*p | 32) >= 'a' && (*p | 32) <= 'z')) p++;
    if (p == b || l->n == TILERT_MAX_PARAMS || (size_t)(p - b) >= sizeof l->text[0]) return false;
    memcpy(l->text[l->n], b, (size_t)(p - b));
    l->text[l->n++][p - b] = 0;
    for (int depth = 1; depth > 0; p++) { /* to the parameter's closing parenthesis */
      if (!*p) return false;
      if (*p == '"') { for (p++; *p && *p != '"'; p++) p += *p == '\\' && p[1]; if (!*p) return false; }
      else depth += (*p == '(') - (*p == ')');
    }
  }
}

/* A parameter's signature entry as the frontend typed it ("*fp32", "i32:16",
 * "tensordesc<fp16[128, 64]>"). */
static void param_entry(strbuf *b, const tilert_param_info *pi) {
  if (pi->kind == TILERT_PARAM_TENSORDESC) {
    char t[128];
    rt_tensordesc_type(pi->dtype, pi->rank, pi->block_shape, t, sizeof t);
    sb_add(b, "%s", t);
  } else if (pi->kind == TILERT_PARAM_PTR) {
    sb_add(b, "*%s", tilert_dtype_name(pi->dtype));
    if (pi->align > 1) sb_add(b, ":%u", pi->align);
  } else {
    sb_add(b, "%s", tilert_dtype_name(pi->dtype));
    if (pi->divisibility > 1) sb_add(b, ":%llu", (unsigned long long)pi->divisibility);
  }
}

static char *signature_of(const rt_spec_list *names, const tilert_kernel_info *k) {
  strbuf b = {0};
  for (size_t i = 0; i < names->n; i++) {
    if (i) sb_add(&b, ",");
    const tilert_param_info *pi = NULL;
    for (size_t j = 0; j < k->nparams && !pi; j++)
      if (!strcmp(k->params[j].name, names->text[i])) pi = &k->params[j];
    if (pi) param_entry(&b, pi);
    else sb_add(&b, "autotune"); /* a constexpr: its value stays the source's (or -D's) */
  }
  if (b.oom) { free(b.p); return NULL; }
  return b.p ? b.p : calloc(1, 1);
}

/* Whether `pat` occurs between b and e. */
static bool within(const char *b, const char *e, const char *pat) {
  const char *p = strstr(b, pat);
  return p && p < e;
}

tilert_status rt_jit_kernel_facts(tilert_runtime *rt, const char *filename, const char *source,
                                  size_t len, const char *kernel, rt_kernel_facts *out) {
  memset(out, 0, sizeof *out);
  char *ast = NULL;
  RT_TRY(parse_ast(rt, filename, source, len, &ast));
  const char *end = NULL, *b = find_decorators(ast, kernel, &end);
  tilert_status s = TILERT_OK;
  if (b) s = read_kw(rt, b, end, "do_not_specialize", &out->dns);
  if (b && !s) s = read_kw(rt, b, end, "do_not_specialize_on_alignment", &out->dnsoa);
  if (!s && !(b && *end && read_param_names(end + 3, &out->params)))
    s = rt_fail(rt, TILERT_ERROR_INVALID_ARGUMENT,
                "tilert: no jit function %s with readable parameters in %s", kernel, filename);
  if (!s) {
    out->heuristics = within(b, end, "(attr (name triton) heuristics)");
    out->autotune = within(b, end, "(attr (name triton) autotune)");
  }
  free(ast);
  return s;
}

tilert_status rt_jit_source_signature(tilert_runtime *rt, const char *filename, const char *source,
                                      size_t len, const struct tilec_options *opts,
                                      const char *kernel, const rt_spec_list *params,
                                      char **out_sig) {
  *out_sig = NULL;
  tilert_metadata *meta = NULL;
  const char *pn[TILERT_MAX_PARAMS];
  size_t npn = 0;
  RT_TRY(rt_jit_param_names(rt, filename, source, len, opts, kernel, NULL, &meta, pn, &npn));
  *out_sig = signature_of(params, tilert_metadata_find(meta, kernel));
  tilert_metadata_free(meta);
  return *out_sig ? TILERT_OK : rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
}

/* One JIT request's texts and image; every buffer is malloc'ed (or NULL). */
typedef struct jit_entry {
  char *json, *ptx, *cubin;
  size_t json_len, ptx_len, cubin_len;
} jit_entry;

static void entry_free(jit_entry *e) {
  free(e->json);
  free(e->ptx);
  free(e->cubin);
}

/* Reads what the cache has of the entry (each missing or corrupt file stays NULL). The PTX
 * is read only when it is needed: to load it, or to assemble a missing cubin. */
static void cache_lookup(const tilert_cache_config *c, const char *key, bool want_ptx,
                         jit_entry *e, char *why, size_t why_cap) {
  if (tilert_cache_get(c, key, "json", &e->json, &e->json_len, why, why_cap) != TILERT_OK) return;
  if (!want_ptx &&
      tilert_cache_get(c, key, "cubin", &e->cubin, &e->cubin_len, why, why_cap) == TILERT_OK)
    return;
  char ptx_why[512];
  if (tilert_cache_get(c, key, "ptx", &e->ptx, &e->ptx_len, ptx_why, sizeof ptx_why) && want_ptx)
    snprintf(why, why_cap, "%s", ptx_why);
}

/* tilec, with each entry it compiles apart assembled on its compile thread when an
 * assembler `a` is given (runtime/jit_parts.c); e->cubin is then the image (one entry's
 * cubin or a bundle), else left NULL for the caller to assemble the whole PTX. */
static tilert_status compile_and_assemble(tilert_runtime *rt, const char *filename,
                                          const char *source, size_t len, tilec_options *o,
                                          const tilert_assembler *a, jit_entry *e) {
  rt_part_asm *pa = a ? rt_part_asm_new(a, o->arch) : NULL;
  if (a && !pa) return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  o->on_entry_ptx = pa ? rt_part_asm_hook : NULL;
  o->entry_ptx_user = pa;
  size_t nparts = 0;
  double t0 = rt_now_ms();
  tilert_status s = compile(rt, filename, source, len, o, &e->ptx, &e->ptx_len, &e->json,
                            &e->json_len, &nparts);
  rt->stats.compile_ms += rt_now_ms() - t0;
  rt->stats.jit_compiles += s == TILERT_OK;
  if (pa) {
    unsigned char *image = NULL;
    if (!s) s = rt_part_asm_finish(pa, nparts, &image, &e->cubin_len, rt->err, sizeof rt->err);
    e->cubin = (char *)image;
    rt->stats.assemble_ms += rt_part_asm_ms(pa);
    rt->stats.jit_assembles += rt_part_asm_runs(pa);
    rt_part_asm_free(pa);
  }
  o->on_entry_ptx = NULL;
  o->entry_ptx_user = NULL;
  return s;
}

/* The entry's whole PTX assembled as one module into e->cubin, kept in the cache. */
static tilert_status assemble_whole(tilert_runtime *rt, const tilert_assembler *a,
                                    const tilert_cache_config *c, const char *key,
                                    const char *arch, jit_entry *e) {
  unsigned char *cubin = NULL;
  double t0 = rt_now_ms();
  RT_TRY(tilert_assembler_compile(a, e->ptx, e->ptx_len, arch, &cubin, &e->cubin_len, rt->err,
                                  sizeof rt->err));
  rt->stats.assemble_ms += rt_now_ms() - t0;
  rt->stats.jit_assembles++;
  e->cubin = (char *)cubin;
  (void)tilert_cache_put(c, key, "cubin", e->cubin, e->cubin_len, NULL, 0);
  return TILERT_OK;
}

/* Fills in what the lookup did not find: PTX and metadata by compiling, the cubin by
 * assembling (none when no assembler is installed: the driver then gets the PTX). Each
 * new piece goes to the cache; a cache that cannot be written is not a failure. */
static tilert_status jit_fill(tilert_runtime *rt, const tilert_cache_config *c, const char *key,
                              const char *filename, const char *source, size_t len,
                              tilec_options *o, bool want_ptx, jit_entry *e) {
  const tilert_assembler *a = NULL;
  tilert_status s = want_ptx || e->cubin ? TILERT_OK : rt_assembler(rt, &a);
  if (s && s != TILERT_ERROR_NOT_FOUND) return s; /* NOT_FOUND: the driver's JIT gets PTX */
  if (!e->json || !e->ptx) {
    free(e->json);
    free(e->ptx);
    e->json = e->ptx = NULL;
    RT_TRY(compile_and_assemble(rt, filename, source, len, o, a, e));
    (void)tilert_cache_put(c, key, "json", e->json, e->json_len, NULL, 0);
    (void)tilert_cache_put(c, key, "ptx", e->ptx, e->ptx_len, NULL, 0);
    if (e->cubin) (void)tilert_cache_put(c, key, "cubin", e->cubin, e->cubin_len, NULL, 0);
  }
  if (want_ptx || e->cubin || !a) return TILERT_OK;
  return assemble_whole(rt, a, c, key, o->arch, e);
}

/* The key's target field: the arch and the driver version (a new driver may load cubins
 * differently; a toolkit upgrade does not invalidate: any assembler's cubin for the arch
 * loads). */
static void key_target(const tilert_runtime *rt, const char *arch, char *out, size_t cap) {
  snprintf(out, cap, "%s driver=%d", arch, rt->info.driver_version);
}

/* `why` is the failed lookup's message: the missing file, or a corrupt one. */
static tilert_status must_hit_miss(tilert_runtime *rt, const char *filename, const char *key,
                                   const tilert_cache_config *c, const char *why) {
  return rt_fail(rt, TILERT_ERROR_NOT_FOUND,
                 "tilert: cache miss for %s (key %s) in %s, and TILERT_CACHE_MODE=must-hit: "
                 "nothing is compiled\n  %s", filename, key, c->dir, why);
}

/* TILERT_JIT_LOAD=ptx hands the driver PTX (its JIT compiles it), for debugging. */
static bool want_ptx_load(void) {
  const char *v = getenv("TILERT_JIT_LOAD");
  return v && strcmp(v, "ptx") == 0;
}

/* What one JIT request compiles and where the cache keeps it. o.arch points into arch: a
 * plan is not copied. */
typedef struct jit_plan {
  tilec_options o;
  char arch[16];
  const char *filename;
  tilert_cache_config c;
  char key[TILERT_CACHE_KEY_LEN + 1];
  char key1[TILERT_CACHE_KEY_LEN + 1]; /* with module paths: the source's key (key: with
                                          the files it imports, rt_jit_deps_key) */
  bool want_ptx;
} jit_plan;

static tilert_status jit_plan_make(tilert_runtime *rt, const char *filename, const char *source,
                                   size_t len, const struct tilec_options *opts, jit_plan *p) {
  if (opts) p->o = *opts; else memset(&p->o, 0, sizeof p->o);
  p->o.emit = TILEC_EMIT_PTX;
  char target[64];
  if (!p->o.arch) { device_arch(rt, p->arch, sizeof p->arch); p->o.arch = p->arch; }
  /* In-kernel descriptors read by TMA need PTX 8.6 (tensormap.replace with byte strides),
   * which drivers before CUDA 12.7 cannot load: there they go through pointers. */
  if (p->o.desc_tma >= 0 && rt->info.driver_version < RT_DESC_TMA_MIN_DRIVER) p->o.desc_tma = -1;
  p->filename = filename ? filename : "<source>";
  RT_TRY(rt_cache_config(rt, &p->c));
  char *otext = options_text(&p->o, p->o.arch);
  if (!otext) return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  key_target(rt, p->o.arch, target, sizeof target);
  tilert_cache_key(source, len, otext, tilec_version(), target, p->key);
  free(otext);
  p->want_ptx = want_ptx_load();
  if (!p->o.nmodule_paths) return TILERT_OK;
  memcpy(p->key1, p->key, sizeof p->key);
  return rt_jit_deps_key(rt, &p->c, p->key1, p->filename, source, len, &p->o, false, p->key);
}

/* A miss of a plan whose source imports modules: the list of the files it reads is made anew
 * (a changed module may import others); when that changes the key, the lookup is redone. */
static tilert_status jit_relookup(tilert_runtime *rt, jit_plan *p, const char *source, size_t len,
                                  jit_entry *e, char *why, size_t why_cap) {
  if (!p->o.nmodule_paths || p->c.mode == TILERT_CACHE_MUST_HIT) return TILERT_OK;
  char key[TILERT_CACHE_KEY_LEN + 1];
  RT_TRY(rt_jit_deps_key(rt, &p->c, p->key1, p->filename, source, len, &p->o, true, key));
  if (!strcmp(key, p->key)) return TILERT_OK;
  memcpy(p->key, key, sizeof key);
  entry_free(e);
  memset(e, 0, sizeof *e);
  cache_lookup(&p->c, p->key, p->want_ptx, e, why, why_cap);
  return TILERT_OK;
}

/* The module of a filled entry: its cubin, or its PTX for the driver's JIT. */
static tilert_status jit_load(tilert_runtime *rt, const jit_plan *p, const jit_entry *e,
                              tilert_module **out_module) {
  if (e->cubin && !p->want_ptx)
    return tilert_module_load_cubin(rt, e->cubin, e->cubin_len, e->json, e->json_len, out_module);
  return tilert_module_load_ptx(rt, e->ptx, e->ptx_len, e->json, e->json_len, out_module);
}

/* Whether e is a whole entry for the plan: metadata and what the driver gets. */
static bool entry_whole(const jit_plan *p, const jit_entry *e) {
  return e->json && (p->want_ptx ? e->ptx != NULL : e->cubin != NULL);
}

/* The cache's entry for the plan, as far as it has one, into e (`why`: what was missing);
 * a miss of a plan whose source imports modules looks again under the key their files give
 * now (jit_relookup). */
static tilert_status jit_lookup(tilert_runtime *rt, jit_plan *p, const char *source, size_t len, jit_entry *e,
                                char *why, size_t why_cap) {
  cache_lookup(&p->c, p->key, p->want_ptx, e, why, why_cap);
  return entry_whole(p, e) ? TILERT_OK : jit_relookup(rt, p, source, len, e, why, why_cap);
}

/* What the cache lookup left in e, completed: a hit as it is; else must-hit fails (with the
 * lookup's `why`), or the entry is compiled and assembled (jit_fill). */
static tilert_status jit_complete(tilert_runtime *rt, jit_plan *p, const char *source, size_t len,
                                  jit_entry *e, const char *why) {
  bool hit = entry_whole(p, e);
  unsigned work = rt->stats.jit_compiles + rt->stats.jit_assembles;
  tilert_status s = TILERT_OK;
  if (!hit && p->c.mode == TILERT_CACHE_MUST_HIT) s = must_hit_miss(rt, p->filename, p->key, &p->c, why);
  else if (!hit) s = jit_fill(rt, &p->c, p->key, p->filename, source, len, &p->o, p->want_ptx, e);
  /* A hit is a load with nothing compiled or assembled (with no assembler installed, the
   * cached PTX and metadata are a whole entry). */
  if (!s && rt->stats.jit_compiles + rt->stats.jit_assembles == work) rt->stats.jit_disk_hits++;
  return s;
}

/* The cache's entry for the plan: found, or made (compiled, assembled) and kept. */
static tilert_status jit_lookup_or_fill(tilert_runtime *rt, jit_plan *p, const char *source,
                                        size_t len, jit_entry *e) {
  char why[1024] = "";
  RT_TRY(jit_lookup(rt, p, source, len, e, why, sizeof why));
  return jit_complete(rt, p, source, len, e, why);
}

tilert_status tilert_jit_compile_and_load(tilert_runtime *rt, const char *filename,
                                          const char *source, size_t len,
                                          const struct tilec_options *opts,
                                          tilert_module **out_module) {
  *out_module = NULL;
  RT_TRY(rt_check_ready(rt));
  jit_plan p;
  RT_TRY(jit_plan_make(rt, filename, source, len, opts, &p));
  jit_entry e = {0};
  tilert_status s = jit_lookup_or_fill(rt, &p, source, len, &e);
  if (!s) s = jit_load(rt, &p, &e, out_module);
  entry_free(&e);
  return s;
}

/* ---- a compile on a thread of its own (tilert_jit_compile_and_tune) ------------------- */

struct rt_jit_job {
  tilert_runtime *rt;
  jit_plan p;
  const char *source;
  size_t len;
  rt_part_asm *pa;
  pthread_t thread;
  bool started, joined;
  /* written by the thread, read after the join */
  jit_entry e;
  size_t nparts;
  tilert_status s;
  double ms;
  char err[sizeof ((tilert_runtime *)0)->err];
};

static void *job_main(void *arg) {
  rt_jit_job *j = arg;
  double t0 = rt_now_ms();
  j->s = compile_into(j->err, sizeof j->err, j->p.filename, j->source, j->len, &j->p.o, &j->e.ptx,
                      &j->e.ptx_len, &j->e.json, &j->e.json_len, &j->nparts);
  j->ms = rt_now_ms() - t0;
  rt_part_asm_close(j->pa);
  /* kept while the caller's thread still times the last variants (the cubin follows at the
   * finish); a cache that cannot be written is not a failure */
  if (!j->s) {
    (void)tilert_cache_put(&j->p.c, j->p.key, "json", j->e.json, j->e.json_len, NULL, 0);
    (void)tilert_cache_put(&j->p.c, j->p.key, "ptx", j->e.ptx, j->e.ptx_len, NULL, 0);
  }
  return NULL;
}

void rt_jit_job_free(rt_jit_job *j) {
  if (!j) return;
  if (j->started && !j->joined) pthread_join(j->thread, NULL);
  entry_free(&j->e);
  rt_part_asm_free(j->pa);
  free(j);
}

tilert_status rt_jit_start(tilert_runtime *rt, const char *filename, const char *source,
                           size_t len, const struct tilec_options *opts,
                           tilert_module **out_module, rt_jit_job **out_job) {
  *out_module = NULL;
  *out_job = NULL;
  RT_TRY(rt_check_ready(rt));
  rt_jit_job *j = calloc(1, sizeof *j);
  if (!j) return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  j->rt = rt, j->source = source, j->len = len;
  tilert_status s = jit_plan_make(rt, filename, source, len, opts, &j->p);
  char why[1024] = "";
  if (!s) s = jit_lookup(rt, &j->p, source, len, &j->e, why, sizeof why);
  /* The runtime's assembler when it has tried to open one; else the first entry to be
   * assembled opens it, overlapping the compiles (rt_part_asm_new with NULL). */
  const tilert_assembler *a = NULL;
  bool have_asm = !rt->assembler_tried || rt_assembler(rt, &a) == TILERT_OK;
  /* compiled only when the metadata, or both the cubin and the PTX, are missing */
  bool stream = !s && (!j->e.json || (!j->e.cubin && !j->e.ptx)) && !j->p.want_ptx &&
                j->p.c.mode != TILERT_CACHE_MUST_HIT && have_asm;
  if (!s && !stream) { /* a hit, or nothing to overlap: as tilert_jit_compile_and_load */
    s = jit_complete(rt, &j->p, source, len, &j->e, why);
    if (!s) s = jit_load(rt, &j->p, &j->e, out_module);
  }
  if (s || !stream) { rt_jit_job_free(j); return s; }
  entry_free(&j->e);
  memset(&j->e, 0, sizeof j->e);
  if (!(j->pa = rt_part_asm_new(a, j->p.o.arch))) {
    rt_jit_job_free(j);
    return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  }
  j->p.o.on_entry_ptx = rt_part_asm_hook;
  j->p.o.entry_ptx_user = j->pa;
  if (pthread_create(&j->thread, NULL, job_main, j) != 0) {
    rt_jit_job_free(j);
    return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: cannot start a compile thread");
  }
  j->started = true;
  *out_job = j;
  return TILERT_OK;
}

bool rt_jit_job_take(rt_jit_job *j, rt_part_view *out) { return rt_part_asm_take(j->pa, out); }

tilert_status rt_jit_job_finish(rt_jit_job *j, tilert_module **out_module) {
  tilert_runtime *rt = j->rt;
  *out_module = NULL;
  if (!j->joined) pthread_join(j->thread, NULL);
  j->joined = true;
  rt->stats.compile_ms += j->ms;
  rt->stats.jit_compiles += j->s == TILERT_OK;
  rt->stats.assemble_ms += rt_part_asm_ms(j->pa);
  rt->stats.jit_assembles += rt_part_asm_runs(j->pa);
  if (rt_part_asm_tried(j->pa) && !rt->assembler_tried) {
    tilert_assembler *own = NULL;
    char why[512] = "";
    tilert_status os = rt_part_asm_opened(j->pa, &own, why, sizeof why);
    rt_assembler_adopt(rt, own, os, why);
  }
  if (j->s) return rt_fail(rt, j->s, "%s", j->err);
  unsigned char *image = NULL;
  RT_TRY(rt_part_asm_finish(j->pa, j->nparts, &image, &j->e.cubin_len, rt->err, sizeof rt->err));
  j->e.cubin = (char *)image;
  if (image) {
    (void)tilert_cache_put(&j->p.c, j->p.key, "cubin", j->e.cubin, j->e.cubin_len, NULL, 0);
  } else { /* compiled as one module (assembled here), or no assembler was found */
    const tilert_assembler *a = NULL;
    tilert_status as = rt_assembler(rt, &a);
    if (as && as != TILERT_ERROR_NOT_FOUND) return as; /* NOT_FOUND: the driver's JIT gets PTX */
    if (!as) RT_TRY(assemble_whole(rt, a, &j->p.c, j->p.key, j->p.o.arch, &j->e));
  }
  return jit_load(rt, &j->p, &j->e, out_module);
}

/* Whether the frontend defers `kernel`'s prune function for these options and, then, its
 * run-time parameters' names: the frontend's answer (rt_jit_frontend_meta), kept in the disk
 * cache beside the compile's entry (the same key, ext "prune": "deferred\n" then one name a
 * line, or "none\n"), so that a warm process does not run the frontend again. */
tilert_status rt_jit_prune_params(tilert_runtime *rt, const char *filename, const char *source, size_t len,
                                  const struct tilec_options *opts, const char *kernel, bool *out_deferred,
                                  char (*names)[64], size_t *out_n) {
  *out_deferred = false;
  *out_n = 0;
  jit_plan *p = calloc(1, sizeof *p);
  if (!p) return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  tilert_status s = jit_plan_make(rt, filename, source, len, opts, p);
  char *text = NULL, why[256];
  size_t tl = 0;
  bool hit = !s && tilert_cache_get(&p->c, p->key, "prune", &text, &tl, why, sizeof why) == TILERT_OK;
  if (!s && !hit) { /* the frontend's metadata: the tuning entry's prune state, a variant's parameters */
    tilert_metadata *meta = NULL;
    s = rt_jit_frontend_meta(rt, filename, source, len, opts, kernel, opts ? opts->signature : NULL, NULL, 0, &meta);
    const tilert_tuning_info *ti = s ? NULL : tilert_metadata_find_tuning(meta, kernel);
    const tilert_kernel_info *k = ti && ti->nvariants ? tilert_metadata_find(meta, ti->variants[0]) : NULL;
    bool deferred = k && ti->prune && !strncmp(ti->prune, "deferred", 8);
    size_t cap = 16;
    for (size_t i = 0; deferred && i < k->nparams; i++) cap += strlen(k->params[i].name) + 1;
    text = s ? NULL : malloc(cap);
    if (text) {
      tl = (size_t)snprintf(text, cap, "%s\n", deferred ? "deferred" : "none");
      for (size_t i = 0; deferred && i < k->nparams; i++) tl += (size_t)snprintf(text + tl, cap - tl, "%s\n", k->params[i].name);
      (void)tilert_cache_put(&p->c, p->key, "prune", text, tl, NULL, 0); /* a cache that cannot be written: no matter */
    } else if (!s) {
      s = rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
    }
    tilert_metadata_free(meta);
  }
  if (!s && text && tl > 9 && !strncmp(text, "deferred\n", 9)) {
    *out_deferred = true;
    for (const char *q = text + 9, *end = text + tl; q < end && *out_n < TILERT_MAX_PARAMS;) {
      const char *nl = memchr(q, '\n', (size_t)(end - q));
      size_t n = nl ? (size_t)(nl - q) : (size_t)(end - q);
      snprintf(names[*out_n], 64, "%.*s", (int)(n < 63 ? n : 63), q);
      (*out_n)++;
      q += n + 1;
    }
  }
  free(text);
  free(p);
  return s;
}

#else /* !TILERT_WITH_TILEC */

struct rt_jit_job { int unused; };

tilert_status rt_jit_start(tilert_runtime *rt, const char *filename, const char *source,
                           size_t len, const struct tilec_options *opts,
                           tilert_module **out_module, rt_jit_job **out_job) {
  *out_job = NULL;
  return tilert_jit_compile_and_load(rt, filename, source, len, opts, out_module);
}

bool rt_jit_job_take(rt_jit_job *j, rt_part_view *out) {
  (void)j;
  memset(out, 0, sizeof *out);
  return false;
}

tilert_status rt_jit_job_finish(rt_jit_job *j, tilert_module **out_module) {
  (void)j;
  *out_module = NULL;
  return TILERT_ERROR_UNSUPPORTED;
}

void rt_jit_job_free(rt_jit_job *j) { (void)j; }

tilert_status tilert_jit_compile_and_load(tilert_runtime *rt, const char *filename,
                                          const char *source, size_t len,
                                          const struct tilec_options *opts,
                                          tilert_module **out_module) {
  (void)filename; (void)source; (void)len; (void)opts;
  *out_module = NULL;
  return rt_fail(rt, TILERT_ERROR_UNSUPPORTED,
                 "tilert: this libtilert was built without the compiler (TILERT_WITH_TILEC); "
                 "compile with tilec and use tilert_module_load_files");
}

tilert_status rt_jit_param_names(tilert_runtime *rt, const char *filename, const char *source,
                                 size_t len, const struct tilec_options *opts, const char *kernel,
                                 const char *signature, tilert_metadata **out_meta,
                                 const char **out_names, size_t *out_n) {
  (void)filename; (void)source; (void)len; (void)opts; (void)kernel; (void)signature;
  (void)out_names;
  *out_meta = NULL;
  *out_n = 0;
  return rt_fail(rt, TILERT_ERROR_UNSUPPORTED,
                 "tilert: this libtilert was built without the compiler (TILERT_WITH_TILEC): "
                 "do_not_specialize names cannot be resolved; use indices");
}

tilert_status rt_jit_frontend_meta(tilert_runtime *rt, const char *filename, const char *source,
                                   size_t len, const struct tilec_options *opts,
                                   const char *kernel, const char *signature,
                                   const struct tilec_define *launch_values,
                                   size_t nlaunch_values, tilert_metadata **out_meta) {
  (void)filename; (void)source; (void)len; (void)opts; (void)kernel; (void)signature;
  (void)launch_values; (void)nlaunch_values;
  *out_meta = NULL;
  return rt_fail(rt, TILERT_ERROR_UNSUPPORTED,
                 "tilert: this libtilert was built without the compiler (TILERT_WITH_TILEC)");
}

tilert_status rt_jit_kernel_facts(tilert_runtime *rt, const char *filename, const char *source,
                                  size_t len, const char *kernel, rt_kernel_facts *out) {
  (void)rt; (void)filename; (void)source; (void)len; (void)kernel;
  memset(out, 0, sizeof *out); /* the compiler reads no source here: only the request's lists */
  return TILERT_OK;
}

tilert_status rt_jit_source_signature(tilert_runtime *rt, const char *filename, const char *source,
                                      size_t len, const struct tilec_options *opts,
                                      const char *kernel, const rt_spec_list *params,
                                      char **out_sig) {
  (void)filename; (void)source; (void)len; (void)opts; (void)kernel; (void)params;
  *out_sig = NULL;
  return rt_fail(rt, TILERT_ERROR_UNSUPPORTED,
                 "tilert: this libtilert was built without the compiler (TILERT_WITH_TILEC)");
}

tilert_status rt_jit_prune_params(tilert_runtime *rt, const char *filename, const char *source, size_t len,
                                  const struct tilec_options *opts, const char *kernel, bool *out_deferred,
                                  char (*names)[64], size_t *out_n) {
  (void)filename; (void)source; (void)len; (void)opts; (void)kernel; (void)names;
  *out_deferred = false;
  *out_n = 0;
  return rt_fail(rt, TILERT_ERROR_UNSUPPORTED,
                 "tilert: this libtilert was built without the compiler (TILERT_WITH_TILEC)");
}

#endif
