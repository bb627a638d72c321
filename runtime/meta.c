/* Parses the metadata JSON tilec writes beside the PTX (docs/metadata.md; the writer is
 * lib/Driver/metadata.c: a change to one is a change to both). Unknown keys are ignored so
 * that a newer compiler's additions do not break an older runtime; a different "version"
 * is refused. */
#include "rt_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define META_VERSION_MIN 1
#define META_VERSION_MAX 2

struct tilert_metadata {
  int version;
  char *target;
  char *compiler;
  size_t nkernels;
  tilert_kernel_info *kernels;
  size_t ntuning;
  tilert_tuning_info *tuning;
};

static const char *const dtype_names[TILERT_DTYPE_COUNT_] = {
    "i1", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "fp16", "bf16", "fp32", "fp64", "fp8e4nv", "fp8e5",
};
static const unsigned char dtype_sizes[TILERT_DTYPE_COUNT_] = {1, 1, 2, 4, 8, 1, 2, 4, 8, 2, 2, 4, 8, 1, 1};

const char *tilert_dtype_name(tilert_dtype d) {
  return (unsigned)d < TILERT_DTYPE_COUNT_ ? dtype_names[d] : "?";
}

size_t tilert_dtype_size(tilert_dtype d) {
  return (unsigned)d < TILERT_DTYPE_COUNT_ ? dtype_sizes[d] : 0;
}

static bool dtype_from_name(const char *s, tilert_dtype *out) {
  for (int i = 0; i < TILERT_DTYPE_COUNT_; i++)
    if (strcmp(s, dtype_names[i]) == 0) { *out = (tilert_dtype)i; return true; }
  return false;
}

/* ---- a parse in progress: the path of the value being read, for messages ------------ */

typedef struct mctx {
  char *err;
  size_t err_cap;
  char path[128];
} mctx;

static tilert_status mfail(mctx *m, const rt_json *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static tilert_status mfail(mctx *m, const rt_json *at, const char *fmt, ...) {
  if (!m->err || !m->err_cap) return TILERT_ERROR_METADATA;
  int n = snprintf(m->err, m->err_cap, "tilert: metadata:%d:%d: %s%s", at ? at->line : 1,
                   at ? at->col : 1, m->path, m->path[0] ? ": " : "");
  if (n < 0 || (size_t)n >= m->err_cap) return TILERT_ERROR_METADATA;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(m->err + n, m->err_cap - (size_t)n, fmt, ap);
  va_end(ap);
  return TILERT_ERROR_METADATA;
}

static void set_path(mctx *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void set_path(mctx *m, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(m->path, sizeof m->path, fmt, ap);
  va_end(ap);
}

/* Looks up `key` in `obj` and checks its type. A missing optional key stores NULL. */
static tilert_status field(mctx *m, const rt_json *obj, const char *key, rt_json_type type,
                          bool required, const rt_json **out) {
  const rt_json *v = rt_json_get(obj, key);
  *out = NULL;
  if (!v) {
    if (required) return mfail(m, obj, "missing required key \"%s\"", key);
    return TILERT_OK;
  }
  if (v->type != type)
    return mfail(m, v, "\"%s\": expected %s, got %s", key, rt_json_type_name(type),
                 rt_json_type_name(v->type));
  *out = v;
  return TILERT_OK;
}

/* An integer in [lo, hi]; a missing optional key gives `dflt`. */
static tilert_status int_field(mctx *m, const rt_json *obj, const char *key, bool required,
                              int64_t lo, int64_t hi, int64_t dflt, int64_t *out) {
  const rt_json *v;
  RT_TRY(field(m, obj, key, RT_JSON_NUMBER, required, &v));
  *out = dflt;
  if (!v) return TILERT_OK;
  if (!v->is_int) return mfail(m, v, "\"%s\": expected an integer, got %g", key, v->num);
  if (v->ival < lo || v->ival > hi)
    return mfail(m, v, "\"%s\": %lld is out of range [%lld, %lld]", key, (long long)v->ival,
                 (long long)lo, (long long)hi);
  *out = v->ival;
  return TILERT_OK;
}

static tilert_status str_field(mctx *m, const rt_json *obj, const char *key, bool required,
                              char **out) {
  const rt_json *v;
  RT_TRY(field(m, obj, key, RT_JSON_STRING, required, &v));
  *out = NULL;
  if (!v) return TILERT_OK;
  if (!v->str[0]) return mfail(m, v, "\"%s\": empty string", key);
  *out = strdup(v->str);
  if (!*out) return mfail(m, v, "out of memory");
  return TILERT_OK;
}

static bool is_pow2(int64_t x) { return x > 0 && (x & (x - 1)) == 0; }

static bool is_integer_dtype(tilert_dtype d) { return d <= TILERT_DTYPE_U64; }

/* An array of 1..TILERT_TENSORDESC_MAX_RANK integers in [1, hi] ("block_shape", "box");
 * a missing optional key stores *out_n = 0. */
static tilert_status dims_field(mctx *m, const rt_json *obj, const char *key, bool required,
                                int64_t hi, uint32_t *out_n, int64_t *out) {
  const rt_json *a;
  RT_TRY(field(m, obj, key, RT_JSON_ARRAY, required, &a));
  *out_n = 0;
  if (!a) return TILERT_OK;
  if (a->n < 1 || a->n > TILERT_TENSORDESC_MAX_RANK)
    return mfail(m, a, "\"%s\": %zu dimensions; a tensor descriptor has 1 to %d", key, a->n,
                 TILERT_TENSORDESC_MAX_RANK);
  for (size_t j = 0; j < a->n; j++) {
    const rt_json *x = &a->items[j];
    if (x->type != RT_JSON_NUMBER || !x->is_int)
      return mfail(m, x, "\"%s\"[%zu]: expected an integer", key, j);
    if (x->ival < 1 || x->ival > hi)
      return mfail(m, x, "\"%s\"[%zu]: %lld is out of range [1, %lld]", key, j,
                   (long long)x->ival, (long long)hi);
    out[j] = x->ival;
  }
  *out_n = (uint32_t)a->n;
  return TILERT_OK;
}

/* The box against the block and the swizzle, as cuTensorMapEncodeTiled requires: each box
 * dimension divides the block's, the innermost spans a multiple of 16 bytes, and no more
 * than the swizzle span when there is one. */
static tilert_status check_box(mctx *m, const rt_json *v, const tilert_param_info *p) {
  const rt_json *at = rt_json_get(v, "box") ? rt_json_get(v, "box") : v;
  uint32_t r = p->rank;
  for (uint32_t j = 0; j < r; j++)
    if (p->block_shape[j] % p->box[j] != 0)
      return mfail(m, at, "\"box\"[%u] = %u does not divide \"block_shape\"[%u] = %lld", j,
                   p->box[j], j, (long long)p->block_shape[j]);
  long long inner = (long long)p->box[r - 1] * (long long)tilert_dtype_size(p->dtype);
  if (inner % 16 != 0)
    return mfail(m, at, "\"box\": the innermost dimension spans %lld bytes, not a multiple of 16 "
                 "(TMA needs it)", inner);
  if (p->swizzle && inner > (long long)p->swizzle)
    return mfail(m, at, "\"box\": the innermost dimension spans %lld bytes, more than the "
                 "%u-byte swizzle allows", inner, p->swizzle);
  return TILERT_OK;
}

/* A "tensordesc" entry's block_shape, box (default: the block) and swizzle (default 0). */
static tilert_status parse_tensordesc(mctx *m, const rt_json *v, tilert_param_info *out) {
  int64_t block[TILERT_TENSORDESC_MAX_RANK], box[TILERT_TENSORDESC_MAX_RANK], swizzle;
  uint32_t rank, nbox;
  const char *scalar_keys[] = {"align", "divisibility"};
  for (size_t j = 0; j < 2; j++)
    if (rt_json_get(v, scalar_keys[j]))
      return mfail(m, rt_json_get(v, scalar_keys[j]), "\"%s\" is not for tensor descriptors",
                   scalar_keys[j]);
  RT_TRY(dims_field(m, v, "block_shape", true, INT32_MAX, &rank, block));
  RT_TRY(dims_field(m, v, "box", false, 256, &nbox, box));
  if (nbox && nbox != rank)
    return mfail(m, rt_json_get(v, "box"), "\"box\" has %u dimensions, \"block_shape\" %u", nbox,
                 rank);
  RT_TRY(int_field(m, v, "swizzle", false, 0, 128, 0, &swizzle));
  if (swizzle != 0 && swizzle != 32 && swizzle != 64 && swizzle != 128)
    return mfail(m, rt_json_get(v, "swizzle"), "\"swizzle\": %lld is not 0, 32, 64 or 128",
                 (long long)swizzle);
  const rt_json *st = rt_json_get(v, "store");
  if (st && st->type != RT_JSON_BOOL)
    return mfail(m, st, "\"store\" must be true or false, got %s", rt_json_type_name(st->type));
  out->store = st && st->boolean;
  out->rank = rank;
  out->swizzle = (uint32_t)swizzle;
  out->align = 1;
  out->divisibility = 1;
  for (uint32_t j = 0; j < rank; j++) {
    out->block_shape[j] = block[j];
    if (!nbox && block[j] > 256)
      return mfail(m, v, "no \"box\", and \"block_shape\"[%u] = %lld is over TMA's 256", j,
                   (long long)block[j]);
    out->box[j] = (uint32_t)(nbox ? box[j] : block[j]);
  }
  return check_box(m, v, out);
}

static tilert_status parse_param(mctx *m, const rt_json *v, const char *kname, size_t i,
                                 tilert_param_info *out) {
  set_path(m, "kernel %s: params[%zu]", kname, i);
  if (v->type != RT_JSON_OBJECT)
    return mfail(m, v, "expected object, got %s", rt_json_type_name(v->type));
  char *name = NULL, *kind = NULL, *dtype = NULL;
  tilert_status s = str_field(m, v, "name", true, &name);
  if (!s) { out->name = name; s = str_field(m, v, "kind", true, &kind); }
  if (!s) s = str_field(m, v, "dtype", true, &dtype);
  if (!s && strcmp(kind, "ptr") == 0) out->kind = TILERT_PARAM_PTR;
  else if (!s && strcmp(kind, "scalar") == 0) out->kind = TILERT_PARAM_SCALAR;
  else if (!s && strcmp(kind, "tensordesc") == 0) out->kind = TILERT_PARAM_TENSORDESC;
  else if (!s) s = mfail(m, rt_json_get(v, "kind"), "\"kind\": expected \"ptr\", \"scalar\" or \"tensordesc\", got \"%s\"", kind);
  if (!s && !dtype_from_name(dtype, &out->dtype))
    s = mfail(m, rt_json_get(v, "dtype"), "\"dtype\": unknown dtype \"%s\"", dtype);
  free(kind);
  free(dtype);
  if (s) return s;
  set_path(m, "kernel %s: param %s", kname, out->name);
  if (out->kind == TILERT_PARAM_TENSORDESC) return parse_tensordesc(m, v, out);
  int64_t align = 1, div = 1;
  RT_TRY(int_field(m, v, "align", false, 1, 1 << 20, 1, &align));
  RT_TRY(int_field(m, v, "divisibility", false, 1, INT64_MAX, 1, &div));
  if (!is_pow2(align)) return mfail(m, rt_json_get(v, "align"), "\"align\": %lld is not a power of two", (long long)align);
  if (out->kind == TILERT_PARAM_SCALAR && (out->dtype == TILERT_DTYPE_FP8E4NV || out->dtype == TILERT_DTYPE_FP8E5))
    return mfail(m, rt_json_get(v, "dtype"), "\"dtype\": fp8 is for pointers (no fp8 scalar parameters)");
  if (out->kind == TILERT_PARAM_SCALAR && align != 1)
    return mfail(m, rt_json_get(v, "align"), "\"align\" is for pointers; this is a scalar");
  if (div != 1 && (out->kind != TILERT_PARAM_SCALAR || !is_integer_dtype(out->dtype)))
    return mfail(m, rt_json_get(v, "divisibility"), "\"divisibility\" is for integer scalars");
  out->align = (uint32_t)align;
  out->divisibility = (uint64_t)div;
  return TILERT_OK;
}

static tilert_status parse_constexprs(mctx *m, const rt_json *cx, tilert_kernel_info *k) {
  tilert_constexpr_info *cs = calloc(cx->n ? cx->n : 1, sizeof *cs);
  if (!cs) return mfail(m, cx, "out of memory");
  k->constexprs = cs;
  k->nconstexprs = cx->n;
  for (size_t i = 0; i < cx->n; i++) {
    const rt_json *v = &cx->items[i];
    cs[i].name = strdup(cx->keys[i]);
    if (!cs[i].name) return mfail(m, cx, "out of memory");
    if (v->type == RT_JSON_NUMBER && v->is_int) { cs[i].is_integer = 1; cs[i].value = v->ival; }
    if (v->type == RT_JSON_BOOL) { cs[i].is_integer = cs[i].is_bool = 1; cs[i].value = v->boolean; }
    if (v->type == RT_JSON_NUMBER && !v->is_int) { cs[i].is_float = 1; cs[i].fvalue = v->num; }
  }
  return TILERT_OK;
}

/* Version 2's per-kernel additions: num_stages, and variant_of / variant together. */
static tilert_status parse_variant(mctx *m, const rt_json *v, tilert_kernel_info *k) {
  int64_t stages, variant;
  char *of;
  k->variant = -1;
  RT_TRY(int_field(m, v, "num_stages", false, 0, 64, 0, &stages));
  k->num_stages = (uint32_t)stages;
  RT_TRY(str_field(m, v, "variant_of", false, &of));
  k->variant_of = of;
  RT_TRY(int_field(m, v, "variant", false, 0, INT32_MAX, -1, &variant));
  if ((of == NULL) != (variant < 0))
    return mfail(m, v, "\"variant_of\" and \"variant\" go together");
  k->variant = (int32_t)variant;
  return TILERT_OK;
}

/* An array of non-empty strings (a missing key: empty). */
static tilert_status str_list(mctx *m, const rt_json *obj, const char *key, size_t *out_n, const char *const **out) {
  const rt_json *a;
  RT_TRY(field(m, obj, key, RT_JSON_ARRAY, false, &a));
  size_t n = a ? a->n : 0;
  char **xs = calloc(n ? n : 1, sizeof *xs);
  if (!xs) return mfail(m, obj, "out of memory");
  *out = (const char *const *)xs;
  *out_n = 0;
  for (size_t i = 0; i < n; i++) {
    if (a->items[i].type != RT_JSON_STRING || !a->items[i].str[0])
      return mfail(m, &a->items[i], "\"%s\": expected non-empty strings", key);
    if (!(xs[i] = strdup(a->items[i].str))) return mfail(m, a, "out of memory");
    *out_n = i + 1;
  }
  return TILERT_OK;
}

static tilert_status parse_tuning_entry(mctx *m, const rt_json *v, size_t i, const tilert_metadata *md,
                                        tilert_tuning_info *t) {
  set_path(m, "tuning[%zu]", i);
  if (v->type != RT_JSON_OBJECT) return mfail(m, v, "expected object, got %s", rt_json_type_name(v->type));
  char *kernel, *prune;
  int64_t warmup, rep, configs;
  RT_TRY(str_field(m, v, "kernel", true, &kernel));
  t->kernel = kernel;
  set_path(m, "tuning %s", kernel);
  RT_TRY(str_list(m, v, "variants", &t->nvariants, &t->variants));
  if (t->nvariants == 0) return mfail(m, v, "\"variants\" is empty");
  for (size_t k = 0; k < t->nvariants; k++)
    if (!tilert_metadata_find(md, t->variants[k]))
      return mfail(m, v, "variant \"%s\" is not a kernel of this metadata", t->variants[k]);
  RT_TRY(str_list(m, v, "key", &t->nkey, &t->key));
  RT_TRY(str_list(m, v, "reset_to_zero", &t->nreset_to_zero, &t->reset_to_zero));
  RT_TRY(str_list(m, v, "restore_value", &t->nrestore_value, &t->restore_value));
  RT_TRY(int_field(m, v, "warmup", false, 0, INT32_MAX, 25, &warmup));
  RT_TRY(int_field(m, v, "rep", false, 0, INT32_MAX, 100, &rep));
  RT_TRY(int_field(m, v, "configs", false, 0, INT32_MAX, (int64_t)t->nvariants, &configs));
  RT_TRY(str_field(m, v, "prune", false, &prune));
  t->prune = prune;
  t->warmup = (uint32_t)warmup, t->rep = (uint32_t)rep, t->configs = (uint32_t)configs;
  return TILERT_OK;
}

static tilert_status parse_tuning(mctx *m, const rt_json *root, tilert_metadata *md) {
  const rt_json *ts;
  RT_TRY(field(m, root, "tuning", RT_JSON_ARRAY, false, &ts));
  if (!ts || ts->n == 0) return TILERT_OK;
  md->tuning = calloc(ts->n, sizeof *md->tuning);
  if (!md->tuning) return mfail(m, ts, "out of memory");
  md->ntuning = ts->n;
  for (size_t i = 0; i < ts->n; i++) RT_TRY(parse_tuning_entry(m, &ts->items[i], i, md, &md->tuning[i]));
  return TILERT_OK;
}

static tilert_status parse_kernel(mctx *m, const rt_json *v, size_t i, tilert_kernel_info *k) {
  set_path(m, "kernels[%zu]", i);
  if (v->type != RT_JSON_OBJECT)
    return mfail(m, v, "expected object, got %s", rt_json_type_name(v->type));
  char *name;
  RT_TRY(str_field(m, v, "name", true, &name));
  k->name = name;
  set_path(m, "kernel %s", name);
  int64_t warps, threads, shared;
  RT_TRY(int_field(m, v, "num_warps", true, 1, 32, 0, &warps));
  RT_TRY(int_field(m, v, "threads_per_block", false, 1, 1024, warps * 32, &threads));
  if (threads != warps * 32)
    return mfail(m, rt_json_get(v, "threads_per_block"),
                 "\"threads_per_block\" is %lld but num_warps %lld needs %lld", (long long)threads,
                 (long long)warps, (long long)(warps * 32));
  RT_TRY(int_field(m, v, "shared_bytes", false, 0, INT32_MAX, 0, &shared));
  int64_t scratch;
  RT_TRY(int_field(m, v, "global_scratch_bytes", false, 0, 1 << 20, 0, &scratch));
  if (scratch % 128)
    return mfail(m, rt_json_get(v, "global_scratch_bytes"), "\"global_scratch_bytes\" is %lld: not a multiple of 128",
                 (long long)scratch);
  k->global_scratch_bytes = (uint32_t)scratch;
  RT_TRY(parse_variant(m, v, k));
  k->num_warps = (uint32_t)warps;
  k->threads_per_block = (uint32_t)threads;
  k->shared_bytes = (uint32_t)shared;
  const rt_json *cx, *params;
  RT_TRY(field(m, v, "constexprs", RT_JSON_OBJECT, false, &cx));
  if (cx) RT_TRY(parse_constexprs(m, cx, k));
  RT_TRY(field(m, v, "params", RT_JSON_ARRAY, true, &params));
  if (params->n > TILERT_MAX_PARAMS)
    return mfail(m, params, "%zu parameters; the runtime supports %d", params->n, TILERT_MAX_PARAMS);
  tilert_param_info *ps = calloc(params->n ? params->n : 1, sizeof *ps);
  if (!ps) return mfail(m, params, "out of memory");
  k->params = ps;
  k->nparams = params->n;
  size_t ndesc = 0;
  for (size_t j = 0; j < params->n; j++) {
    RT_TRY(parse_param(m, &params->items[j], name, j, &ps[j]));
    for (size_t q = 0; q < j; q++)
      if (strcmp(ps[q].name, ps[j].name) == 0)
        return mfail(m, &params->items[j], "duplicate parameter name \"%s\"", ps[j].name);
    ndesc += ps[j].kind == TILERT_PARAM_TENSORDESC;
  }
  set_path(m, "kernel %s", name);
  if (ndesc > TILERT_MAX_TENSORDESCS)
    return mfail(m, params, "%zu tensor descriptors; the runtime supports %d", ndesc,
                 TILERT_MAX_TENSORDESCS);
  return TILERT_OK;
}

/* "sm_80", "sm_90", "sm_90a", "sm_100a". */
static bool valid_target(const char *t) {
  if (strncmp(t, "sm_", 3) != 0) return false;
  const char *p = t + 3;
  if (!(*p >= '1' && *p <= '9')) return false;
  while (*p >= '0' && *p <= '9') p++;
  if (*p == 'a' || *p == 'f') p++;
  return *p == 0 && p - t <= 8;
}

static tilert_status parse_top(mctx *m, const rt_json *root, tilert_metadata *md) {
  if (root->type != RT_JSON_OBJECT)
    return mfail(m, root, "expected an object at the top level, got %s", rt_json_type_name(root->type));
  const rt_json *fmt;
  RT_TRY(field(m, root, "format", RT_JSON_STRING, true, &fmt));
  if (strcmp(fmt->str, "tilec-metadata") != 0)
    return mfail(m, fmt, "\"format\": expected \"tilec-metadata\", got \"%s\"", fmt->str);
  int64_t version;
  RT_TRY(int_field(m, root, "version", true, INT64_MIN, INT64_MAX, 0, &version));
  if (version < META_VERSION_MIN || version > META_VERSION_MAX)
    return mfail(m, rt_json_get(root, "version"),
                 "unsupported metadata version %lld (this runtime reads versions %d to %d)",
                 (long long)version, META_VERSION_MIN, META_VERSION_MAX);
  md->version = (int)version;
  RT_TRY(str_field(m, root, "target", true, &md->target));
  if (!valid_target(md->target))
    return mfail(m, rt_json_get(root, "target"), "\"target\": expected sm_NN or sm_NNa, got \"%s\"", md->target);
  RT_TRY(str_field(m, root, "compiler", false, &md->compiler));
  const rt_json *ks;
  RT_TRY(field(m, root, "kernels", RT_JSON_ARRAY, true, &ks));
  if (ks->n == 0) return mfail(m, ks, "\"kernels\" is empty");
  md->kernels = calloc(ks->n, sizeof *md->kernels);
  if (!md->kernels) return mfail(m, ks, "out of memory");
  md->nkernels = ks->n;
  for (size_t i = 0; i < ks->n; i++) {
    RT_TRY(parse_kernel(m, &ks->items[i], i, &md->kernels[i]));
    for (size_t q = 0; q < i; q++)
      if (strcmp(md->kernels[q].name, md->kernels[i].name) == 0) {
        m->path[0] = 0;
        return mfail(m, &ks->items[i], "duplicate kernel \"%s\"", md->kernels[i].name);
      }
  }
  return md->version >= 2 ? parse_tuning(m, root, md) : TILERT_OK;
}

tilert_status tilert_metadata_parse(const char *json, size_t len, tilert_metadata **out_meta,
                                    char *err, size_t err_cap) {
  mctx m = {.err = err, .err_cap = err_cap};
  *out_meta = NULL;
  if (err && err_cap) err[0] = 0;
  char jerr[256];
  rt_json *root = rt_json_parse(json, len, jerr, sizeof jerr);
  if (!root) return rt_fail_buf(err, err_cap, TILERT_ERROR_METADATA, "tilert: metadata:%s", jerr);
  tilert_metadata *md = calloc(1, sizeof *md);
  tilert_status s = md ? parse_top(&m, root, md) : rt_fail_buf(err, err_cap, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  rt_json_free(root);
  if (s) { tilert_metadata_free(md); return s; }
  *out_meta = md;
  return TILERT_OK;
}

void tilert_metadata_free(tilert_metadata *md) {
  if (!md) return;
  for (size_t i = 0; i < md->nkernels; i++) {
    tilert_kernel_info *k = &md->kernels[i];
    for (size_t j = 0; j < k->nparams; j++) free((char *)k->params[j].name);
    free((void *)k->params);
    for (size_t j = 0; j < k->nconstexprs; j++) free((char *)k->constexprs[j].name);
    free((void *)k->constexprs);
    free((char *)k->name);
    free((char *)k->variant_of);
  }
  free(md->kernels);
  for (size_t i = 0; i < md->ntuning; i++) {
    tilert_tuning_info *t = &md->tuning[i];
    const char *const *lists[] = {t->variants, t->key, t->reset_to_zero, t->restore_value};
    size_t ns[] = {t->nvariants, t->nkey, t->nreset_to_zero, t->nrestore_value};
    for (size_t l = 0; l < 4; l++) {
      for (size_t j = 0; lists[l] && j < ns[l]; j++) free((char *)lists[l][j]);
      free((void *)lists[l]);
    }
    free((char *)t->kernel);
    free((char *)t->prune);
  }
  free(md->tuning);
  free(md->target);
  free(md->compiler);
  free(md);
}

const char *tilert_metadata_target(const tilert_metadata *md) { return md->target; }
const char *tilert_metadata_compiler(const tilert_metadata *md) { return md->compiler ? md->compiler : ""; }
size_t tilert_metadata_kernel_count(const tilert_metadata *md) { return md->nkernels; }
int tilert_metadata_version(const tilert_metadata *md) { return md->version; }
size_t tilert_metadata_tuning_count(const tilert_metadata *md) { return md->ntuning; }

const tilert_tuning_info *tilert_metadata_tuning(const tilert_metadata *md, size_t i) {
  return i < md->ntuning ? &md->tuning[i] : NULL;
}

const tilert_tuning_info *tilert_metadata_find_tuning(const tilert_metadata *md, const char *kernel) {
  for (size_t i = 0; i < md->ntuning; i++)
    if (strcmp(md->tuning[i].kernel, kernel) == 0) return &md->tuning[i];
  return NULL;
}

const tilert_kernel_info *tilert_metadata_kernel(const tilert_metadata *md, size_t i) {
  return i < md->nkernels ? &md->kernels[i] : NULL;
}

const tilert_kernel_info *tilert_metadata_find(const tilert_metadata *md, const char *name) {
  for (size_t i = 0; i < md->nkernels; i++)
    if (strcmp(md->kernels[i].name, name) == 0) return &md->kernels[i];
  return NULL;
}

tilert_status tilert_kernel_info_constexpr(const tilert_kernel_info *k, const char *name,
                                           int64_t *out_value) {
  for (size_t i = 0; i < k->nconstexprs; i++)
    if (k->constexprs[i].is_integer && strcmp(k->constexprs[i].name, name) == 0) {
      *out_value = k->constexprs[i].value;
      return TILERT_OK;
    }
  return TILERT_ERROR_NOT_FOUND;
}
