/* Launch-time specialization, as Triton's JIT does it: a partial signature becomes a plan
 * (which arguments are decided per launch), each launch's arguments become a key (2 bits per
 * argument: plain, :16, the constant 1; plus the types of the tensor descriptors a bare
 * `tensordesc` entry leaves to the argument), and a JIT kernel keeps one compiled kernel per
 * key.
 * The compile itself goes through tilert_jit_compile_and_load with the specialized
 * signature, so its disk cache keys on the specialization as well. */
#include "rt_internal.h"
#include "tilec/tilec.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- plans ----------------------------------------------------------------------------- */

typedef enum spec_kind {
  SPEC_CONST = 0, /* a value or `autotune`: takes no argument */
  SPEC_FIXED,     /* a run-time entry kept as written */
  SPEC_PTR,       /* pointer without a hint: :16 by address */
  SPEC_INT,       /* integer without a hint: 1 or :16 by value */
  SPEC_DESC,      /* `tensordesc` without a type: the argument's dtype and block shape */
} spec_kind;

/* What one argument's specialization decided: the key's 2 bits. */
enum { SPEC_PLAIN = 0, SPEC_DIV16 = 1, SPEC_ONE = 2 };

typedef struct spec_entry {
  char *text;          /* trimmed, as written */
  spec_kind kind;
  bool no_spec;        /* do_not_specialize */
  bool no_align;       /* do_not_specialize_on_alignment */
} spec_entry;

struct tilert_spec_plan {
  size_t nentries;
  spec_entry *entries;
  size_t nargs;
  size_t *arg_entry;   /* argument i -> its entry */
  size_t ndesc;        /* SPEC_DESC entries */
};

void tilert_spec_plan_free(tilert_spec_plan *p) {
  if (!p) return;
  for (size_t i = 0; i < p->nentries; i++) free(p->entries[i].text);
  free(p->entries);
  free(p->arg_entry);
  free(p);
}

size_t tilert_spec_plan_arg_count(const tilert_spec_plan *p) { return p ? p->nargs : 0; }

static bool is_int_type(const char *t) {
  static const char *const ints[] = {"i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"};
  for (size_t i = 0; i < sizeof ints / sizeof *ints; i++)
    if (!strcmp(t, ints[i])) return true;
  return false;
}

static bool is_scalar_type(const char *t) {
  static const char *const others[] = {"i1", "fp16", "bf16", "fp32", "fp64"};
  if (is_int_type(t) || !strncmp(t, "fp8", 3)) return true;
  for (size_t i = 0; i < sizeof others / sizeof *others; i++)
    if (!strcmp(t, others[i])) return true;
  return false;
}

/* Classifies an entry: `*T` and `*T:16` are pointers, scalar dtypes (with or without a
 * hint) run-time scalars, `tensordesc<...>` and `tensordesc` descriptors, anything else a
 * compile-time value. */
static spec_kind classify(const char *t) {
  if (!strcmp(t, "tensordesc")) return SPEC_DESC;
  if (!strncmp(t, "tensordesc<", 11)) return SPEC_FIXED;
  const char *colon = strchr(t, ':');
  if (t[0] == '*') return colon ? SPEC_FIXED : SPEC_PTR;
  char base[16];
  size_t n = colon ? (size_t)(colon - t) : strlen(t);
  if (n >= sizeof base) return SPEC_CONST;
  memcpy(base, t, n);
  base[n] = 0;
  if (!is_scalar_type(base)) return SPEC_CONST;
  return !colon && is_int_type(base) ? SPEC_INT : SPEC_FIXED;
}

/* The end of the entry starting at s: the next comma outside <...> and [...]
 * (`tensordesc<fp16[128, 64]>` is one entry). tilec splits a signature the same way, so
 * that both count alike. */
static const char *entry_end(const char *s) {
  int depth = 0;
  for (; *s; s++) {
    if (*s == '<' || *s == '[') depth++;
    else if ((*s == '>' || *s == ']') && depth > 0) depth--;
    else if (*s == ',' && depth == 0) break;
  }
  return s;
}

static char *trimmed_copy(const char *b, const char *e) {
  while (b < e && isspace((unsigned char)*b)) b++;
  while (e > b && isspace((unsigned char)e[-1])) e--;
  char *t = malloc((size_t)(e - b) + 1);
  if (!t) return NULL;
  memcpy(t, b, (size_t)(e - b));
  t[e - b] = 0;
  return t;
}

static tilert_status split_entries(tilert_spec_plan *p, const char *sig, char *err, size_t cap) {
  size_t n = 1;
  for (const char *s = entry_end(sig); *s; s = entry_end(s + 1)) n++;
  p->entries = calloc(n, sizeof *p->entries);
  p->arg_entry = calloc(n, sizeof *p->arg_entry);
  if (!p->entries || !p->arg_entry) return rt_fail_buf(err, cap, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  for (const char *b = sig;; b++) {
    const char *e = entry_end(b);
    spec_entry *en = &p->entries[p->nentries++];
    en->text = trimmed_copy(b, e);
    if (!en->text) return rt_fail_buf(err, cap, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
    if (!en->text[0])
      return rt_fail_buf(err, cap, TILERT_ERROR_INVALID_ARGUMENT,
                         "tilert: signature entry %zu is empty", p->nentries - 1);
    en->kind = classify(en->text);
    if (en->kind != SPEC_CONST) p->arg_entry[p->nargs++] = p->nentries - 1;
    p->ndesc += en->kind == SPEC_DESC;
    b = e;
    if (!*e) break;
  }
  if (p->nargs > TILERT_MAX_PARAMS)
    return rt_fail_buf(err, cap, TILERT_ERROR_INVALID_ARGUMENT,
                       "tilert: signature has %zu run-time entries; at most %d", p->nargs,
                       TILERT_MAX_PARAMS);
  return TILERT_OK;
}

/* A list item's entry: a decimal index into the entries, else a run-time parameter's name. */
static tilert_status resolve(const tilert_spec_plan *p, const char *item, const char *const *names,
                             size_t nnames, const char *list, spec_entry **out, char *err,
                             size_t cap) {
  char *end = NULL;
  unsigned long idx = strtoul(item, &end, 10);
  if (item[0] && isdigit((unsigned char)item[0]) && !*end) {
    if (idx >= p->nentries)
      return rt_fail_buf(err, cap, TILERT_ERROR_INVALID_ARGUMENT,
                         "tilert: %s: index %lu, but the signature has %zu entries", list, idx,
                         p->nentries);
    *out = &p->entries[idx];
    return TILERT_OK;
  }
  for (size_t i = 0; i < nnames && i < p->nargs; i++)
    if (names[i] && !strcmp(names[i], item)) { *out = &p->entries[p->arg_entry[i]]; return TILERT_OK; }
  return rt_fail_buf(err, cap, TILERT_ERROR_INVALID_ARGUMENT,
                     "tilert: %s: '%s' is not a run-time parameter of the kernel", list, item);
}

static tilert_status mark(tilert_spec_plan *p, const char *const *items, size_t n,
                          const char *const *names, size_t nnames, bool alignment_only,
                          char *err, size_t cap) {
  const char *list = alignment_only ? "do_not_specialize_on_alignment" : "do_not_specialize";
  for (size_t i = 0; i < n; i++) {
    spec_entry *e = NULL;
    if (!items[i]) return rt_fail_buf(err, cap, TILERT_ERROR_INVALID_ARGUMENT, "tilert: %s: entry %zu is NULL", list, i);
    RT_TRY(resolve(p, items[i], names, nnames, list, &e, err, cap));
    if (e->kind == SPEC_CONST)
      return rt_fail_buf(err, cap, TILERT_ERROR_INVALID_ARGUMENT,
                         "tilert: %s: '%s' names the constant entry '%s'", list, items[i], e->text);
    if (alignment_only) e->no_align = true;
    else e->no_spec = true;
  }
  return TILERT_OK;
}

tilert_status tilert_spec_plan_create(const char *signature, const char *const *names,
                                      size_t nnames, const char *const *dns, size_t ndns,
                                      const char *const *dnsoa, size_t ndnsoa,
                                      tilert_spec_plan **out_plan, char *err, size_t err_cap) {
  if (!out_plan) return rt_fail_buf(err, err_cap, TILERT_ERROR_INVALID_ARGUMENT, "tilert: out_plan is NULL");
  *out_plan = NULL;
  if (!signature || (nnames && !names) || (ndns && !dns) || (ndnsoa && !dnsoa))
    return rt_fail_buf(err, err_cap, TILERT_ERROR_INVALID_ARGUMENT,
                       "tilert: specialization needs a signature (and non-NULL lists)");
  tilert_spec_plan *p = calloc(1, sizeof *p);
  if (!p) return rt_fail_buf(err, err_cap, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  tilert_status s = split_entries(p, signature, err, err_cap);
  if (!s && nnames && nnames != p->nargs)
    s = rt_fail_buf(err, err_cap, TILERT_ERROR_INVALID_ARGUMENT,
                    "tilert: the signature has %zu run-time entries, but %zu names were given",
                    p->nargs, nnames);
  if (!s) s = mark(p, dns, ndns, names, nnames, false, err, err_cap);
  if (!s) s = mark(p, dnsoa, ndnsoa, names, nnames, true, err, err_cap);
  if (s) { tilert_spec_plan_free(p); return s; }
  *out_plan = p;
  return TILERT_OK;
}

/* ---- keys ------------------------------------------------------------------------------ */

typedef struct spec_key { uint64_t w[2]; } spec_key; /* 2 bits per argument, 64 arguments */

static unsigned key_code(const spec_key *k, size_t i) {
  return (unsigned)(k->w[i / 32] >> (2 * (i % 32))) & 3u;
}

static unsigned decide(const spec_entry *e, const tilert_arg *a) {
  if (e->no_spec) return SPEC_PLAIN;
  if (e->kind == SPEC_PTR) return !e->no_align && a->v.ptr % 16 == 0 ? SPEC_DIV16 : SPEC_PLAIN;
  int64_t v = a->kind == TILERT_ARG_I32 ? a->v.i32 : a->v.i64;
  if (v == 1) return SPEC_ONE;
  return !e->no_align && v % 16 == 0 ? SPEC_DIV16 : SPEC_PLAIN;
}

static bool kind_fits(spec_kind k, const tilert_arg *a) {
  if (k == SPEC_PTR) return a->kind == TILERT_ARG_PTR;
  if (k == SPEC_DESC)
    return a->kind == TILERT_ARG_TENSORDESC && a->v.desc && a->v.desc->rank >= 1 &&
           a->v.desc->rank <= TILERT_TENSORDESC_MAX_RANK;
  if (k == SPEC_INT) return a->kind == TILERT_ARG_I32 || a->kind == TILERT_ARG_I64;
  return true; /* fixed entries: tilert_launch checks them against the compiled kernel */
}

static tilert_status spec_key_of(const tilert_spec_plan *p, const tilert_arg *args, size_t nargs,
                                 spec_key *out, char *err, size_t cap) {
  if (nargs != p->nargs || (nargs && !args))
    return rt_fail_buf(err, cap, TILERT_ERROR_INVALID_ARGUMENT,
                       "tilert: specialization: %zu arguments given, the signature takes %zu",
                       nargs, p->nargs);
  out->w[0] = out->w[1] = 0;
  for (size_t i = 0; i < nargs; i++) {
    const spec_entry *e = &p->entries[p->arg_entry[i]];
    if (e->kind == SPEC_FIXED) continue;
    if (!kind_fits(e->kind, &args[i]))
      return rt_fail_buf(err, cap, TILERT_ERROR_INVALID_ARGUMENT,
                         "tilert: specialization: argument %zu (entry '%s') must be %s", i,
                         e->text, e->kind == SPEC_PTR    ? "a pointer"
                                  : e->kind == SPEC_DESC ? "a tensor descriptor of rank 1 to 5"
                                                         : "an i32 or i64");
    if (e->kind == SPEC_DESC) continue; /* its type is the key's text part (desc_types) */
    out->w[i / 32] |= (uint64_t)decide(e, &args[i]) << (2 * (i % 32));
  }
  return TILERT_OK;
}

/* Appends `s` at *pos; false when it does not fit. */
static bool put(char *out, size_t cap, size_t *pos, const char *s) {
  size_t n = strlen(s);
  if (*pos + n >= cap) return false;
  memcpy(out + *pos, s, n + 1);
  *pos += n;
  return true;
}

/* The type of a checked descriptor argument (kind_fits passed): "tensordesc<fp16[64]>", or
 * "tensordesc<fp16>" for one without a block shape (all 0), which the kernel's configs'
 * pre_hook gives per variant (the compile says so when none does). */
static void desc_type(const tilert_arg *a, char *out, size_t cap) {
  const tilert_tensordesc *d = a->v.desc;
  if (d->block_shape[0] == 0) snprintf(out, cap, "tensordesc<%s>", tilert_dtype_name(d->dtype));
  else rt_tensordesc_type(d->dtype, d->rank, d->block_shape, out, cap);
}

/* The key's text part: the types of the SPEC_DESC arguments, ';'-separated ("" for none). */
static bool desc_types(const tilert_spec_plan *p, const tilert_arg *args, char *out, size_t cap) {
  size_t pos = 0;
  char t[128];
  out[0] = 0;
  for (size_t i = 0; i < p->nargs; i++) {
    if (p->entries[p->arg_entry[i]].kind != SPEC_DESC) continue;
    desc_type(&args[i], t, sizeof t);
    if ((pos && !put(out, cap, &pos, ";")) || !put(out, cap, &pos, t)) return false;
  }
  return true;
}

/* The specialized signature of key k; `args` give the SPEC_DESC entries' types. */
static bool render(const tilert_spec_plan *p, const spec_key *k, const tilert_arg *args,
                   char *out, size_t cap) {
  size_t pos = 0, arg = 0;
  char t[128];
  if (!cap) return false;
  out[0] = 0;
  for (size_t i = 0; i < p->nentries; i++) {
    const spec_entry *e = &p->entries[i];
    const char *text = e->text;
    if (e->kind == SPEC_DESC) desc_type(&args[arg], t, sizeof t), text = t;
    unsigned code = e->kind == SPEC_CONST ? SPEC_PLAIN : key_code(k, arg++);
    if (i && !put(out, cap, &pos, ",")) return false;
    if (!put(out, cap, &pos, code == SPEC_ONE ? "1" : text)) return false;
    if (code == SPEC_DIV16 && !put(out, cap, &pos, ":16")) return false;
  }
  return true;
}

tilert_status tilert_spec_signature(const tilert_spec_plan *plan, const tilert_arg *args,
                                    size_t nargs, char *out, size_t out_cap, char *err,
                                    size_t err_cap) {
  if (!plan || !out) return rt_fail_buf(err, err_cap, TILERT_ERROR_INVALID_ARGUMENT, "tilert: plan or out is NULL");
  spec_key k;
  RT_TRY(spec_key_of(plan, args, nargs, &k, err, err_cap));
  if (!render(plan, &k, args, out, out_cap))
    return rt_fail_buf(err, err_cap, TILERT_ERROR_INVALID_ARGUMENT,
                       "tilert: specialization: the signature does not fit in %zu bytes", out_cap);
  return TILERT_OK;
}

/* ---- JIT kernels ----------------------------------------------------------------------- */

typedef struct spec_variant {
  spec_key key;
  char *descs;               /* the key's text part (desc_types), or NULL when the plan has none */
  char *defines;             /* the launch heuristics' values ("EVEN_N=True\n"), or NULL */
  tilert_module *mod;
  tilert_kernel *kernel;
  char *signature;
} spec_variant;

struct tilert_jit_kernel {
  tilert_runtime *rt;
  tilert_spec_plan *plan;
  char *filename, *source, *kernel;
  char *signature;           /* the request's, or one read off the source's annotations */
  size_t len;
  tilec_options opts;        /* shallow copy of the caller's options */
  bool has_opts;
  size_t nvariants, cap;
  spec_variant *variants;
  size_t last;               /* the last hit: launches usually repeat one specialization */
  rt_launch_heur *heur;      /* heuristics that read run-time arguments (NULL: none) */
};

static char *dup_n(const char *s, size_t n) {
  char *d = malloc(n + 1);
  if (d) { memcpy(d, s, n); d[n] = 0; }
  return d;
}

/* A list: the request's entries, then those of the source's decorator. */
typedef struct merged_list {
  const char *items[2 * TILERT_MAX_PARAMS];
  size_t n;
} merged_list;

static tilert_status merge(tilert_runtime *rt, const char *const *req, size_t nreq,
                           const rt_spec_list *src, merged_list *out) {
  if (nreq > TILERT_MAX_PARAMS || (nreq && !req))
    return rt_fail(rt, TILERT_ERROR_INVALID_ARGUMENT, "tilert: a do_not_specialize list is "
                   "NULL or longer than %d", TILERT_MAX_PARAMS);
  out->n = 0;
  for (size_t i = 0; i < nreq; i++) out->items[out->n++] = req[i];
  for (size_t i = 0; i < src->n; i++) out->items[out->n++] = src->text[i];
  return TILERT_OK;
}

static bool has_name(const merged_list *l) {
  for (size_t i = 0; i < l->n; i++)
    if (l->items[i] && !isdigit((unsigned char)l->items[i][0])) return true;
  return false;
}

/* The plan: the request's signature, with the decorator's lists (read off the source) and
 * the request's; names are resolved through the frontend's parameter list. */
static tilert_status make_plan(tilert_jit_kernel *jk, const tilert_jit_request *r,
                               const rt_kernel_facts *facts) {
  tilert_runtime *rt = jk->rt;
  merged_list dns, dnsoa;
  RT_TRY(merge(rt, r->do_not_specialize, r->ndo_not_specialize, &facts->dns, &dns));
  RT_TRY(merge(rt, r->do_not_specialize_on_alignment, r->ndo_not_specialize_on_alignment,
               &facts->dnsoa, &dnsoa));
  const char *names[TILERT_MAX_PARAMS];
  size_t nnames = 0;
  tilert_metadata *meta = NULL;
  if (has_name(&dns) || has_name(&dnsoa))
    RT_TRY(rt_jit_param_names(rt, jk->filename, r->source, r->len, r->opts, r->kernel,
                              jk->signature, &meta, names, &nnames));
  tilert_status s = tilert_spec_plan_create(jk->signature, names, nnames, dns.items, dns.n,
                                            dnsoa.items, dnsoa.n, &jk->plan, rt->err,
                                            sizeof rt->err);
  tilert_metadata_free(meta);
  return s;
}

/* The request's signature, else one from the source's annotations. */
static tilert_status take_signature(tilert_jit_kernel *jk, const tilert_jit_request *r,
                                    const rt_kernel_facts *facts) {
  if (!r->signature)
    return rt_jit_source_signature(jk->rt, jk->filename, jk->source, jk->len, r->opts,
                                   jk->kernel, &facts->params, &jk->signature);
  jk->signature = dup_n(r->signature, strlen(r->signature));
  return jk->signature ? TILERT_OK : rt_fail(jk->rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
}

static tilert_status setup_heuristics(tilert_jit_kernel *jk, const rt_kernel_facts *facts);

tilert_status tilert_jit_kernel_create(tilert_runtime *rt, const tilert_jit_request *req,
                                       tilert_jit_kernel **out_jk) {
  if (!out_jk) return TILERT_ERROR_INVALID_ARGUMENT;
  *out_jk = NULL;
  RT_TRY(rt_check_ready(rt));
  if (!req || !req->kernel || (req->len && !req->source))
    return rt_fail(rt, TILERT_ERROR_INVALID_ARGUMENT,
                   "tilert: tilert_jit_kernel_create needs a source and a kernel name");
  tilert_jit_kernel *jk = calloc(1, sizeof *jk);
  if (!jk) return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  jk->rt = rt;
  const char *fn = req->filename ? req->filename : "<source>";
  jk->filename = dup_n(fn, strlen(fn));
  jk->source = dup_n(req->source ? req->source : "", req->len);
  jk->kernel = dup_n(req->kernel, strlen(req->kernel));
  jk->len = req->len;
  if (req->opts) { jk->opts = *req->opts; jk->has_opts = true; }
  rt_kernel_facts facts; /* one parse of the source serves the signature, plan, heuristics */
  tilert_status s = jk->filename && jk->source && jk->kernel
                        ? rt_jit_kernel_facts(rt, jk->filename, jk->source, jk->len, jk->kernel, &facts)
                        : rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  if (!s) s = take_signature(jk, req, &facts);
  if (!s) s = make_plan(jk, req, &facts);
  if (!s) s = setup_heuristics(jk, &facts);
  if (s) { tilert_jit_kernel_destroy(jk); return s; }
  *out_jk = jk;
  return TILERT_OK;
}

void tilert_jit_kernel_destroy(tilert_jit_kernel *jk) {
  if (!jk) return;
  for (size_t i = 0; i < jk->nvariants; i++) {
    tilert_module_release(jk->variants[i].mod);
    free(jk->variants[i].signature);
    free(jk->variants[i].defines);
    free(jk->variants[i].descs);
  }
  rt_launch_heur_free(jk->heur);
  free(jk->variants);
  tilert_spec_plan_free(jk->plan);
  free(jk->filename);
  free(jk->source);
  free(jk->kernel);
  free(jk->signature);
  free(jk);
}

/* Two optional strings are the same: both NULL, or equal. */
static bool same_text(const char *a, const char *b) { return a && b ? strcmp(a, b) == 0 : a == b; }

/* A launch's whole key: the bits, the descriptors' types, the heuristics' values. */
typedef struct spec_lookup {
  spec_key key;
  const char *descs;   /* NULL when the plan has no SPEC_DESC entry */
  const char *defines; /* NULL without launch heuristics */
} spec_lookup;

static bool same_variant(const spec_variant *v, const spec_lookup *l) {
  return v->key.w[0] == l->key.w[0] && v->key.w[1] == l->key.w[1] &&
         same_text(v->descs, l->descs) && same_text(v->defines, l->defines);
}

static spec_variant *find_variant(tilert_jit_kernel *jk, const spec_lookup *l) {
  if (jk->last < jk->nvariants && same_variant(&jk->variants[jk->last], l))
    return &jk->variants[jk->last];
  for (size_t i = 0; i < jk->nvariants; i++)
    if (same_variant(&jk->variants[i], l)) {
      jk->last = i;
      return &jk->variants[i];
    }
  return NULL;
}

/* ---- heuristics at launch -------------------------------------------------------------- */

/* A kernel with @triton.heuristics whose frontend cannot run on the signature alone (a
 * heuristic reads a run-time argument) gets its heuristics evaluated at launch
 * (runtime/launch_heur.c): the constexprs the signature leaves to them (`autotune` entries)
 * take the values a frontend run with the launch's scalars gives, as defines. */
static tilert_status setup_heuristics(tilert_jit_kernel *jk, const rt_kernel_facts *facts) {
  tilert_runtime *rt = jk->rt;
  const rt_spec_list *params = &facts->params;
  bool autotune = facts->autotune;
  if (!facts->heuristics) return TILERT_OK;
  tilert_metadata *meta = NULL;
  tilert_status s = rt_jit_frontend_meta(rt, jk->filename, jk->source, jk->len,
                                         jk->has_opts ? &jk->opts : NULL, jk->kernel,
                                         jk->signature, NULL, 0, &meta);
  tilert_metadata_free(meta);
  if (s == TILERT_ERROR_COMPILE && autotune) {
    size_t n = strlen(rt->err);
    snprintf(rt->err + n, sizeof rt->err - n,
             "\n  (a JIT kernel evaluates heuristics at launch only without @triton.autotune; "
             "tune with tilert_tune and give the arguments they read in the signature)");
  }
  if (s != TILERT_ERROR_COMPILE || autotune || params->n != jk->plan->nentries) return s;
  const char *args[TILERT_MAX_PARAMS], *set[TILERT_MAX_PARAMS];
  size_t nset = 0;
  for (size_t i = 0; i < jk->plan->nargs; i++) args[i] = params->text[jk->plan->arg_entry[i]];
  for (size_t e = 0; e < jk->plan->nentries; e++)
    if (!strcmp(jk->plan->entries[e].text, "autotune")) set[nset++] = params->text[e];
  if (!nset) return s; /* nothing for a launch to decide: the frontend's error stands */
  return rt_launch_heur_create(rt, args, jk->plan->nargs, set, nset, &jk->heur);
}

/* The launch heuristics' define lines as tilec defines after the request's own (the
 * pointers into `lines`, which the caller keeps, NUL-split in place). */
static size_t split_defines(char *lines, const tilec_options *o, tilec_define *out, size_t cap) {
  size_t n = 0;
  for (size_t i = 0; o && i < o->ndefines && n < cap; i++) out[n++] = o->defines[i];
  for (char *p = lines; p && *p && n < cap;) {
    char *nl = strchr(p, '\n'), *eq = strchr(p, '=');
    if (nl) *nl = 0;
    if (eq) *eq = 0, out[n++] = (tilec_define){p, eq + 1};
    p = nl ? nl + 1 : p + strlen(p);
  }
  return n;
}

/* Compiles the specialization of lookup `l` (for `args`, which give the descriptors' types)
 * and adds it to the table. */
static tilert_status add_variant(tilert_jit_kernel *jk, const spec_lookup *l,
                                 const tilert_arg *args, spec_variant **out) {
  const char *defines = l->defines;
  tilert_runtime *rt = jk->rt;
  if (jk->nvariants == jk->cap) {
    size_t cap = jk->cap ? jk->cap * 2 : 4;
    spec_variant *v = realloc(jk->variants, cap * sizeof *v);
    if (!v) return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
    jk->variants = v;
    jk->cap = cap;
  }
  size_t cap = 64;
  for (size_t i = 0; i < jk->plan->nentries; i++) cap += strlen(jk->plan->entries[i].text) + 4;
  cap += 128 * jk->plan->ndesc; /* a rendered descriptor type is longer than `tensordesc` */
  spec_variant v = {.key = l->key, .signature = malloc(cap)};
  char *lines = defines ? strdup(defines) : NULL;
  if (defines) v.defines = strdup(defines);
  if (l->descs) v.descs = strdup(l->descs);
  if (!v.signature || (defines && (!lines || !v.defines)) || (l->descs && !v.descs)) {
    free(v.signature), free(v.defines), free(v.descs), free(lines);
    return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  }
  render(jk->plan, &l->key, args, v.signature, cap);
  tilec_options o;
  if (jk->has_opts) o = jk->opts; else memset(&o, 0, sizeof o);
  const char *kernels[1] = {jk->kernel};
  tilec_define defs[2 * TILERT_MAX_PARAMS];
  if (defines) {
    o.ndefines = split_defines(lines, jk->has_opts ? &jk->opts : NULL, defs, 2 * TILERT_MAX_PARAMS);
    o.defines = defs;
  }
  o.signature = v.signature;
  o.kernels = kernels;
  o.nkernels = 1;
  tilert_status s = tilert_jit_compile_and_load(rt, jk->filename, jk->source, jk->len, &o, &v.mod);
  if (!s) s = tilert_module_get_kernel(v.mod, jk->kernel, &v.kernel);
  free(lines);
  if (s) {
    tilert_module_release(v.mod);
    free(v.signature);
    free(v.defines);
    free(v.descs);
    return s;
  }
  jk->last = jk->nvariants;
  jk->variants[jk->nvariants] = v;
  *out = &jk->variants[jk->nvariants++];
  return TILERT_OK;
}

static tilert_status get_variant(tilert_jit_kernel *jk, const tilert_arg *args, size_t nargs,
                                 spec_variant **out) {
  spec_lookup l = {.descs = NULL, .defines = NULL};
  char descs[1024];
  RT_TRY(rt_check_ready(jk->rt));
  RT_TRY(spec_key_of(jk->plan, args, nargs, &l.key, jk->rt->err, sizeof jk->rt->err));
  if (jk->plan->ndesc) {
    if (!desc_types(jk->plan, args, descs, sizeof descs))
      return rt_fail(jk->rt, TILERT_ERROR_INVALID_ARGUMENT, "tilert: the descriptors' types are too long");
    l.descs = descs;
  }
  if (jk->heur) {
    char sig[4096];
    if (!render(jk->plan, &l.key, args, sig, sizeof sig))
      return rt_fail(jk->rt, TILERT_ERROR_INVALID_ARGUMENT, "tilert: the signature is too long");
    rt_launch_src src = {jk->rt, jk->filename, jk->source, jk->len, jk->has_opts ? &jk->opts : NULL,
                         jk->kernel};
    RT_TRY(rt_launch_heur_defines(jk->heur, &src, sig, args, &l.defines));
  }
  *out = find_variant(jk, &l);
  return *out ? TILERT_OK : add_variant(jk, &l, args, out);
}

tilert_status tilert_jit_get(tilert_jit_kernel *jk, const tilert_arg *args, size_t nargs,
                             tilert_kernel **out_kernel) {
  if (!out_kernel) return TILERT_ERROR_INVALID_ARGUMENT;
  *out_kernel = NULL;
  if (!jk) return TILERT_ERROR_INVALID_ARGUMENT;
  spec_variant *v;
  RT_TRY(get_variant(jk, args, nargs, &v));
  *out_kernel = v->kernel;
  return TILERT_OK;
}

tilert_status tilert_jit_launch(tilert_jit_kernel *jk, const unsigned grid[3],
                                tilert_stream stream, const tilert_arg *args, size_t nargs) {
  if (!jk) return TILERT_ERROR_INVALID_ARGUMENT;
  spec_variant *v;
  RT_TRY(get_variant(jk, args, nargs, &v));
  tilert_arg kept[TILERT_MAX_PARAMS];
  size_t n = 0;
  for (size_t i = 0; i < nargs; i++)
    if (key_code(&v->key, i) != SPEC_ONE) kept[n++] = args[i];
  return tilert_launch(v->kernel, grid, stream, kept, n);
}

size_t tilert_jit_kernel_specialization_count(const tilert_jit_kernel *jk) {
  return jk ? jk->nvariants : 0;
}

const char *tilert_jit_kernel_specialization(const tilert_jit_kernel *jk, size_t i) {
  return jk && i < jk->nvariants ? jk->variants[i].signature : NULL;
}

const char *tilert_jit_kernel_signature(const tilert_jit_kernel *jk) {
  return jk ? jk->signature : NULL;
}
