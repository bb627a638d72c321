/* Helpers shared by tune_gpu's commands (tg.h). */
#include "tg.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double tg_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

char *tg_read_file(const char *path, size_t *out_len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
  *out_len = buf ? fread(buf, 1, (size_t)n, f) : 0;
  fclose(f);
  if (buf) buf[*out_len] = 0;
  return buf;
}

int tg_fail(tilert_runtime *rt, const char *what) {
  fprintf(stderr, "tune_gpu: %s: %s\n", what, rt ? tilert_runtime_last_error(rt) : "");
  return 1;
}

void tg_device_name(const tilert_runtime *rt, char out[256]) {
  tilert_device_info info;
  if (tilert_runtime_device_info(rt, &info)) snprintf(out, 256, "?");
  else snprintf(out, 256, "%s", info.name);
}

int tg_is_mock(const tilert_runtime *rt) {
  char name[256];
  tg_device_name(rt, name);
  return strstr(name, "Mock") != NULL;
}

uint16_t tg_f32_to_f16(float f) {
  uint32_t x;
  memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000u, exp = (x >> 23) & 0xffu, man = x & 0x7fffffu;
  if (exp == 0xff) return (uint16_t)(sign | 0x7c00u | (man ? 0x200u : 0));
  int e = (int)exp - 127 + 15;
  if (e >= 31) return (uint16_t)(sign | 0x7c00u);
  if (e <= 0) { /* subnormal or zero */
    if (e < -10) return (uint16_t)sign;
    man |= 0x800000u;
    uint32_t shift = (uint32_t)(14 - e), half = man >> shift, rem = man & ((1u << shift) - 1);
    uint32_t mid = 1u << (shift - 1);
    if (rem > mid || (rem == mid && (half & 1))) half++;
    return (uint16_t)(sign | half);
  }
  uint32_t h = sign | ((uint32_t)e << 10) | (man >> 13), rem = man & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (h & 1))) h++; /* a carry into the exponent is right */
  return (uint16_t)h;
}

float tg_f16_to_f32(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000u) << 16, exp = (h >> 10) & 0x1fu, man = h & 0x3ffu;
  float v;
  if (exp == 0) v = ldexpf((float)man, -24);
  else if (exp == 31) v = man ? NAN : INFINITY;
  else v = ldexpf((float)(man | 0x400u), (int)exp - 25);
  uint32_t x;
  memcpy(&x, &v, 4);
  x |= sign;
  memcpy(&v, &x, 4);
  return v;
}

int tg_buffer(tilert_runtime *rt, const void *host, size_t bytes, tilert_devptr *out_ptr) {
  if (tilert_malloc(rt, bytes, out_ptr)) return 0;
  if (host) return tilert_copy_to_device(rt, *out_ptr, host, bytes) == TILERT_OK;
  return tilert_memset8(rt, *out_ptr, 0, bytes) == TILERT_OK;
}

/* The next comma-separated entry of a signature at *p (quotes and tensordesc<...[..]> kept
 * whole) into out. */
static int next_entry(const char **p, char *out, size_t cap) {
  const char *s = *p;
  if (!*s) return 0;
  size_t n = 0;
  for (int quoted = 0, depth = 0; *s && (quoted || depth || *s != ','); s++) {
    if (*s == '"' || *s == '\'') quoted = !quoted;
    if (!quoted) depth += (*s == '<' || *s == '[') - (*s == '>' || *s == ']');
    if (n + 1 < cap) out[n++] = *s;
  }
  out[n] = 0;
  *p = *s ? s + 1 : s;
  return 1;
}

/* A run-time entry takes a launch argument: a pointer, a tensor descriptor, or a type name
 * (letters then digits: i32, fp16, u8); constants (numbers, strings, True, autotune) take
 * none. */
static int is_runtime_entry(const char *e) {
  if (e[0] == '*' || !strncmp(e, "tensordesc", 10)) return 1;
  size_t i = 0;
  while (e[i] >= 'a' && e[i] <= 'z') i++;
  if (i == 0 || e[i] < '0' || e[i] > '9') return 0;
  while (e[i] >= '0' && e[i] <= '9') i++;
  return e[i] == 0 || e[i] == ':';
}

int tg_specialize(tg_launch *l) {
  char err[512];
  tilert_spec_plan *plan = NULL;
  if (tilert_spec_plan_create(l->plan, NULL, 0, NULL, 0, NULL, 0, &plan, err, sizeof err) ||
      tilert_spec_signature(plan, l->args, l->nargs, l->signature, sizeof l->signature, err,
                            sizeof err)) {
    fprintf(stderr, "tune_gpu: specialization of \"%s\": %s\n", l->plan, err);
    tilert_spec_plan_free(plan);
    return 0;
  }
  tilert_spec_plan_free(plan);
  const char *pp = l->plan, *sp = l->signature;
  char pe[128], se[128];
  size_t a = 0;
  l->nkargs = 0;
  while (next_entry(&pp, pe, sizeof pe) && next_entry(&sp, se, sizeof se)) {
    if (!is_runtime_entry(pe)) continue;
    if (is_runtime_entry(se)) {
      l->kargs[l->nkargs] = l->args[a];
      l->kbytes[l->nkargs++] = l->bytes[a];
    }
    a++;
  }
  return 1;
}

tilert_status tg_jit_load(tilert_runtime *rt, const char *path, const char *source, size_t len,
                          const char *kernel, const char *signature, tilert_module **out_mod) {
  tilec_options o;
  memset(&o, 0, sizeof o);
  o.signature = signature;
  o.kernels = kernel ? &kernel : NULL;
  o.nkernels = kernel ? 1 : 0;
  return tilert_jit_compile_and_load(rt, path, source, len, &o, out_mod);
}

int tg_tuned_init(tilert_runtime *rt, tilert_module *mod, const char *kernel, tg_grid_fn grid,
                  const void *user, tg_tuned *out) {
  memset(out, 0, sizeof *out);
  const tilert_metadata *meta = tilert_module_metadata(mod);
  out->tuning = tilert_metadata_find_tuning(meta, kernel);
  if (!out->tuning || out->tuning->nvariants > TG_MAX_VARIANTS) {
    fprintf(stderr, "tune_gpu: the metadata has no tuning entry for %s (or too many variants)\n",
            kernel);
    return 0;
  }
  out->n = out->tuning->nvariants;
  for (size_t i = 0; i < out->n; i++) {
    tilert_tune_variant *v = &out->v[i];
    const tilert_kernel_info *k = tilert_metadata_find(meta, out->tuning->variants[i]);
    if (!k) return fprintf(stderr, "tune_gpu: the metadata has no kernel %s\n", out->tuning->variants[i]), 0;
    if (tilert_module_get_kernel(mod, out->tuning->variants[i], &v->kernel)) {
      /* a variant that cannot load (runtime/module.c): the tuner skips it with this note */
      snprintf(out->errors[i], sizeof out->errors[i], "%s", tilert_runtime_last_error(rt));
      v->load_error = out->errors[i];
    }
    tilert_variant_name(k, out->names[i], sizeof out->names[i]);
    v->name = out->names[i];
    grid(k, user, v->grid);
  }
  return 1;
}

/* The buffers of the parameters named in `names` (pointer parameters of kernel k). */
static size_t resolve_buffers(const tilert_kernel_info *k, const tg_launch *l,
                              const char *const *names, size_t nnames, tilert_tune_buffer *out) {
  size_t n = 0;
  for (size_t i = 0; i < nnames; i++)
    for (size_t p = 0; p < k->nparams && p < l->nkargs; p++)
      if (!strcmp(k->params[p].name, names[i]) && l->kargs[p].kind == TILERT_ARG_PTR)
        out[n++] = (tilert_tune_buffer){l->kargs[p].v.ptr, l->kbytes[p]};
  return n;
}

tilert_status tg_tune(tilert_runtime *rt, const tg_tuned *t, const char *key, const tg_launch *l,
                      int use_lists, size_t *out_best, tilert_tune_source *out_source,
                      float *out_ms) {
  const tilert_kernel_info *k = NULL; /* every variant has the same parameters */
  for (size_t i = 0; i < t->n && !k; i++)
    if (t->v[i].kernel) k = tilert_kernel_get_info(t->v[i].kernel);
  if (!k) return TILERT_ERROR_UNSUPPORTED;
  tilert_tune_buffer reset[TILERT_MAX_PARAMS], restore[TILERT_MAX_PARAMS];
  size_t nreset = 0, nrestore = 0;
  if (use_lists) {
    nreset = resolve_buffers(k, l, t->tuning->reset_to_zero, t->tuning->nreset_to_zero, reset);
    nrestore = resolve_buffers(k, l, t->tuning->restore_value, t->tuning->nrestore_value, restore);
  }
  tilert_tune_request req = {.key = key, .variants = t->v, .nvariants = t->n, .args = l->kargs,
                             .nargs = l->nkargs, .reset_to_zero = reset, .nreset = nreset,
                             .restore_value = restore, .nrestore = nrestore};
  return tilert_tune(rt, &req, out_best, out_source, out_ms);
}

const char *tg_source_name(tilert_tune_source s) {
  static const char *const names[] = {"timed", "memory", "disk", "default"};
  return (unsigned)s < 4 ? names[s] : "?";
}

static int cmp_float(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

float tg_median(float *v, size_t n) {
  if (!n) return NAN;
  qsort(v, n, sizeof *v, cmp_float);
  return n % 2 ? v[n / 2] : 0.5f * (v[n / 2 - 1] + v[n / 2]);
}

const char *tg_json(const char *s, char *out, size_t cap) {
  size_t n = 0;
  for (; s && *s && n + 7 < cap; s++) {
    unsigned char ch = (unsigned char)*s;
    if (ch == '"' || ch == '\\') { out[n++] = '\\'; out[n++] = (char)ch; }
    else if (ch < 0x20) n += (size_t)snprintf(out + n, cap - n, "\\u%04x", ch);
    else out[n++] = (char)ch;
  }
  out[n] = 0;
  return out;
}
