/* @triton.heuristics evaluated at launch, as Triton's launcher does, for JIT kernels
 * (runtime/specialize.c) whose heuristics read run-time arguments: for a launch's scalar
 * arguments, tilec's frontend runs with them as launch values (tilec_options.launch_values:
 * seen by the heuristics only), and the values it gives the heuristic-set constexprs become
 * defines ("EVEN_N=True") of the compile. So the compile, and its disk-cache key, depends on
 * the heuristics' results, not on the arguments: N = 4096 and N = 8192 share one kernel when
 * EVEN_N is the same. The frontend run (a few ms) is remembered per tuple of scalar values,
 * so repeated launches with the same sizes cost a string comparison. */
#include "rt_internal.h"
#include "tilec/tilec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MEMO_CAP = 64 };

typedef struct memo_entry {
  char *values;  /* "N=4096;M=3;" */
  char *defines; /* "EVEN_N=True\n" */
} memo_entry;

struct rt_launch_heur {
  size_t nargs;
  char **arg_names;  /* per argument: its parameter's name */
  size_t nset;
  char **set_names;  /* the constexprs the heuristics set */
  memo_entry memo[MEMO_CAP];
  size_t nmemo, next; /* filled entries; the next one to replace when full */
};

void rt_launch_heur_free(rt_launch_heur *h) {
  if (!h) return;
  for (size_t i = 0; i < h->nargs; i++) free(h->arg_names[i]);
  for (size_t i = 0; i < h->nset; i++) free(h->set_names[i]);
  for (size_t i = 0; i < h->nmemo; i++) free(h->memo[i].values), free(h->memo[i].defines);
  free(h->arg_names);
  free(h->set_names);
  free(h);
}

static char **copy_names(const char *const *names, size_t n, bool *ok) {
  char **c = calloc(n ? n : 1, sizeof *c);
  *ok = c != NULL;
  for (size_t i = 0; c && i < n; i++) *ok = (c[i] = strdup(names[i])) != NULL && *ok;
  return c;
}

tilert_status rt_launch_heur_create(tilert_runtime *rt, const char *const *arg_names, size_t nargs,
                                    const char *const *set_names, size_t nset,
                                    rt_launch_heur **out) {
  *out = NULL;
  rt_launch_heur *h = calloc(1, sizeof *h);
  bool ok1 = false, ok2 = false;
  if (h) {
    h->nargs = nargs, h->nset = nset;
    h->arg_names = copy_names(arg_names, nargs, &ok1);
    h->set_names = copy_names(set_names, nset, &ok2);
  }
  if (!h || !ok1 || !ok2) {
    if (h && !h->arg_names) h->nargs = 0;
    if (h && !h->set_names) h->nset = 0;
    rt_launch_heur_free(h);
    return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  }
  *out = h;
  return TILERT_OK;
}

/* x as a Python float literal of `digits` significant digits, which reads back as a float
 * (2 -> 2.0); false for inf and nan, which have none. */
static bool float_literal(double x, int digits, char *out, size_t cap) {
  snprintf(out, cap, "%.*g", digits, x);
  if (strpbrk(out, "in")) return false;
  if (!strpbrk(out, ".e")) strncat(out, ".0", cap - strlen(out) - 1);
  return true;
}

bool rt_arg_literal(const tilert_arg *a, char *out, size_t cap) {
  switch (a->kind) {
  case TILERT_ARG_I32: snprintf(out, cap, "%d", (int)a->v.i32); return true;
  case TILERT_ARG_I64: snprintf(out, cap, "%lld", (long long)a->v.i64); return true;
  case TILERT_ARG_F32: return float_literal((double)a->v.f32, 9, out, cap);
  case TILERT_ARG_F64: return float_literal(a->v.f64, 17, out, cap);
  default: return false;
  }
}

/* The launch's scalar values as "NAME=VALUE;..." (the memo's key) and as launch values. */
static char *values_of(const rt_launch_heur *h, const tilert_arg *args, tilec_define *lv,
                       char (*texts)[40], size_t *nlv) {
  size_t cap = 1, n = 0;
  for (size_t i = 0; i < h->nargs; i++) cap += strlen(h->arg_names[i]) + 42;
  char *key = malloc(cap);
  if (!key) return NULL;
  key[0] = 0;
  for (size_t i = 0; i < h->nargs; i++) {
    if (!rt_arg_literal(&args[i], texts[n], sizeof texts[n])) continue;
    lv[n] = (tilec_define){h->arg_names[i], texts[n]};
    size_t k = strlen(key);
    snprintf(key + k, cap - k, "%s=%s;", h->arg_names[i], texts[n]);
    n++;
  }
  *nlv = n;
  return key;
}

/* The heuristic-set constexprs' values in the frontend's metadata, as define lines. */
static tilert_status defines_of(tilert_runtime *rt, const rt_launch_heur *h,
                                const tilert_kernel_info *k, char **out) {
  size_t cap = 1;
  for (size_t i = 0; i < h->nset; i++) cap += strlen(h->set_names[i]) + 32;
  char *d = malloc(cap);
  if (!d) return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  d[0] = 0;
  for (size_t i = 0; i < h->nset; i++) {
    const tilert_constexpr_info *c = NULL;
    for (size_t j = 0; j < k->nconstexprs && !c; j++)
      if (!strcmp(k->constexprs[j].name, h->set_names[i])) c = &k->constexprs[j];
    char f[40];
    if (c && c->is_float && !float_literal(c->fvalue, 17, f, sizeof f)) c = NULL;
    if (!c || (!c->is_integer && !c->is_float)) {
      free(d);
      return rt_fail(rt, TILERT_ERROR_UNSUPPORTED,
                     "tilert: the heuristic for '%s' of %s gave a value at launch that is not an "
                     "integer, a boolean or a finite float: it cannot be carried into the compile",
                     h->set_names[i], k->name);
    }
    size_t n = strlen(d);
    if (c->is_bool) snprintf(d + n, cap - n, "%s=%s\n", c->name, c->value ? "True" : "False");
    else if (c->is_float) snprintf(d + n, cap - n, "%s=%s\n", c->name, f);
    else snprintf(d + n, cap - n, "%s=%lld\n", c->name, (long long)c->value);
  }
  *out = d;
  return TILERT_OK;
}

static void remember(rt_launch_heur *h, char *values, char *defines) {
  size_t i = h->nmemo < MEMO_CAP ? h->nmemo++ : h->next++ % MEMO_CAP;
  if (i < h->nmemo && h->memo[i].values) free(h->memo[i].values), free(h->memo[i].defines);
  h->memo[i] = (memo_entry){values, defines};
}

tilert_status rt_launch_heur_defines(rt_launch_heur *h, const rt_launch_src *src,
                                     const char *signature, const tilert_arg *args,
                                     const char **out_defines) {
  *out_defines = NULL;
  tilec_define lv[TILERT_MAX_PARAMS];
  char texts[TILERT_MAX_PARAMS][40];
  size_t nlv = 0;
  char *values = values_of(h, args, lv, texts, &nlv);
  if (!values) return rt_fail(src->rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  for (size_t i = 0; i < h->nmemo; i++)
    if (!strcmp(h->memo[i].values, values)) {
      free(values);
      *out_defines = h->memo[i].defines;
      return TILERT_OK;
    }
  tilert_metadata *meta = NULL;
  char *defines = NULL;
  tilert_status s = rt_jit_frontend_meta(src->rt, src->filename, src->source, src->len, src->opts,
                                         src->kernel, signature, lv, nlv, &meta);
  const tilert_kernel_info *k = s ? NULL : tilert_metadata_find(meta, src->kernel);
  if (!s && !k)
    s = rt_fail(src->rt, TILERT_ERROR_METADATA, "tilert: the frontend's metadata has no kernel %s",
                src->kernel);
  if (!s) s = defines_of(src->rt, h, k, &defines);
  tilert_metadata_free(meta);
  if (s) { free(values); return s; }
  remember(h, values, defines);
  *out_defines = defines;
  return TILERT_OK;
}
