/* The JIT path: tilec source -> (disk cache) -> PTX + metadata -> tilert_module_load_ptx.
 * Needs libtilec; libtilert builds without it, so the compiler half is behind
 * TILERT_WITH_TILEC (defined, with libtilec linked, where both are built). */
#include "rt_internal.h"

#ifdef TILERT_WITH_TILEC

#include "tilec/tilec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  sb_add(&b, "num_warps=%u;opt=%d;no_opt=%d;", o->num_warps, o->opt_level, o->no_opt);
  sb_field(&b, "signature", o->signature);
  sb_field(&b, "libdevice", o->libdevice_path);
  for (size_t i = 0; i < o->ndefines; i++) {
    sb_field(&b, "D", o->defines[i].name);
    sb_field(&b, "V", o->defines[i].value);
  }
  for (size_t i = 0; i < o->nkernels; i++) sb_field(&b, "kernel", o->kernels[i]);
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
}

static tilert_status compile(tilert_runtime *rt, const char *filename, const char *source,
                             size_t len, tilec_options *o, char **out_ptx, size_t *out_ptx_len,
                             char **out_json, size_t *out_json_len) {
  diag_relay relay = {.user_fn = o->on_diagnostic, .user = o->diagnostic_user};
  o->on_diagnostic = relay_diag;
  o->diagnostic_user = &relay;
  tilec_result *res = NULL;
  int nerr = tilec_compile(filename, source, len, o, &res);
  if (nerr || !res) {
    rt_fail(rt, TILERT_ERROR_COMPILE, "tilert: tilec reported %d error(s) compiling %s:%s", nerr,
            filename, relay.errors.p ? relay.errors.p : "");
    free(relay.errors.p);
    return TILERT_ERROR_COMPILE;
  }
  free(relay.errors.p);
  size_t pl, jl;
  const char *ptx = tilec_result_output(res, &pl);
  const char *json = tilec_result_metadata(res, &jl);
  *out_ptx = malloc(pl + 1);
  *out_json = malloc(jl + 1);
  if (*out_ptx && *out_json) {
    memcpy(*out_ptx, ptx, pl); (*out_ptx)[pl] = 0;
    memcpy(*out_json, json, jl); (*out_json)[jl] = 0;
  }
  tilec_result_free(res);
  if (!*out_ptx || !*out_json) {
    free(*out_ptx); free(*out_json);
    return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  }
  *out_ptx_len = pl;
  *out_json_len = jl;
  return TILERT_OK;
}

/* A miss is not an error; a half-present entry (one file of two) counts as a miss. */
static bool cache_lookup(const char *dir, const char *key, char **ptx, size_t *pl, char **json,
                         size_t *jl) {
  if (tilert_cache_read(dir, key, "ptx", ptx, pl, NULL, 0) != TILERT_OK) return false;
  if (tilert_cache_read(dir, key, "json", json, jl, NULL, 0) == TILERT_OK) return true;
  free(*ptx);
  *ptx = NULL;
  return false;
}

tilert_status tilert_jit_compile_and_load(tilert_runtime *rt, const char *filename,
                                          const char *source, size_t len,
                                          const struct tilec_options *opts,
                                          tilert_module **out_module) {
  *out_module = NULL;
  RT_TRY(rt_check_ready(rt));
  tilec_options o;
  if (opts) o = *opts; else memset(&o, 0, sizeof o);
  o.emit = TILEC_EMIT_PTX;
  char arch[16];
  if (!o.arch) { device_arch(rt, arch, sizeof arch); o.arch = arch; }
  char *otext = options_text(&o, o.arch);
  if (!otext) return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  char key[TILERT_CACHE_KEY_LEN + 1], dir[4096];
  tilert_cache_key(source, len, otext, tilec_version(), o.arch, key);
  free(otext);
  bool have_dir = tilert_cache_dir(dir, sizeof dir) == TILERT_OK;
  char *ptx = NULL, *json = NULL;
  size_t pl = 0, jl = 0;
  if (!have_dir || !cache_lookup(dir, key, &ptx, &pl, &json, &jl)) {
    RT_TRY(compile(rt, filename ? filename : "<source>", source, len, &o, &ptx, &pl, &json, &jl));
    if (have_dir) { /* a cache that cannot be written is not a failure of the compile */
      (void)tilert_cache_write(dir, key, "json", json, jl, NULL, 0);
      (void)tilert_cache_write(dir, key, "ptx", ptx, pl, NULL, 0);
    }
  }
  tilert_status s = tilert_module_load_ptx(rt, ptx, pl, json, jl, out_module);
  free(ptx);
  free(json);
  return s;
}

#else /* !TILERT_WITH_TILEC */

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

#endif
