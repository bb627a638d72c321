/* tune_gpu check: autotuning is correct on the GPU for the decorators issue 10 names, each
 * kernel compiled from its unchanged text through the JIT path and tuned with tilert_tune on
 * real buffers:
 *   heuristics  @triton.heuristics({'EVEN_N': lambda args: args['N'] % args['BLOCK'] == 0}),
 *               N = 4096, 3072, 5000 (each variant's EVEN_N must be N % BLOCK == 0);
 *   prune       prune_configs_by, n = 300 in the signature (pruned at compile time: only the
 *               configs with BLOCK <= 300) and n at run time (deferred: every config);
 *   reset       reset_to_zero on an atomic-accumulating output: zero after tuning, the exact
 *               sum after the one real launch; a control run without the list shows what
 *               tuning would have accumulated;
 *   unfit       an autotuned matmul one of whose configs needs more shared memory than the
 *               GPU has (left out at compile time) and one ptxas rejects (maxnreg too small:
 *               the module loads without it, the tuner skips it); the other two tuned and
 *               exact;
 *   desc        host tensor descriptors given without a block shape to an autotuned kernel
 *               whose signature names the constexprs (tensordesc<fp32[BM, BN]>): each
 *               variant encodes its own block, all exact.
 * Every variant is launched and its output compared with a host reference, with 64 guard
 * elements after the end that must stay untouched. One JSON line per check; the exit status
 * is 1 when any failed. On the mock driver the values are not checked (its launches do not
 * run the kernels); the metadata facts are. */
#include "tg.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GUARD 64

typedef struct ck_ctx {
  tilert_runtime *rt;
  const char *root;
  int mock;
  int failures;
} ck_ctx;

typedef float (*ck_ref_fn)(float x);

static float ref_affine(float x) { return x * 2.0f + 1.0f; }
static float ref_neg(float x) { return -x; }

static void report(ck_ctx *cx, const char *check, size_t nvariants, const char *best,
                   const char *result) {
  int ok = !strncmp(result, "ok", 2) || !strncmp(result, "values not checked", 18);
  if (!ok) cx->failures++;
  char b[512], r[2048];
  printf("{\"cmd\": \"check\", \"check\": \"%s\", \"variants\": %zu, \"best\": \"%s\", "
         "\"result\": \"%s\"}\n", check, nvariants, tg_json(best ? best : "", b, sizeof b),
         tg_json(result, r, sizeof r));
  fflush(stdout);
}

/* Compiles `file` for the plan, specialized on l's arguments, and finds its variants. */
static int ck_load(ck_ctx *cx, const char *file, const char *kernel, tg_launch *l,
                   tg_grid_fn grid, const void *user, tg_tuned *out) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", cx->root, file);
  size_t len = 0;
  char *src = tg_read_file(path, &len);
  if (!src) return fprintf(stderr, "tune_gpu: cannot read %s\n", path), 0;
  tilert_module *mod = NULL;
  int ok = tg_specialize(l) && !tg_jit_load(cx->rt, path, src, len, NULL, l->signature, &mod) &&
           tg_tuned_init(cx->rt, mod, kernel, grid, user, out);
  if (!ok && !mod) tg_fail(cx->rt, file);
  free(src);
  return ok;
}

static void block_grid(const tilert_kernel_info *k, const void *user, unsigned g[3]) {
  int64_t n = *(const int64_t *)user, b = 1;
  (void)tilert_kernel_info_constexpr(k, "BLOCK", &b);
  g[0] = (unsigned)((n + b - 1) / b);
  g[1] = g[2] = 1;
}

static float *inputs(int64_t n) {
  float *x = malloc((size_t)n * sizeof *x);
  for (int64_t i = 0; x && i < n; i++) x[i] = (float)((i * 11) % 17) - 8.0f;
  return x;
}

/* Launches variant v on (x, y[, n]) with y poisoned (0xFF bytes), then compares y[0, n)
 * with ref(x) and checks the guard. Writes a failure into why (empty when it passed). */
static void run_variant(ck_ctx *cx, const tg_tuned *t, size_t v, tg_launch *l, const float *x,
                        int64_t n, ck_ref_fn ref, char *why, size_t cap) {
  why[0] = 0;
  tilert_devptr y = l->kargs[1].v.ptr;
  size_t bytes = (size_t)(n + GUARD) * 4;
  if (tilert_memset8(cx->rt, y, 0xFF, bytes) ||
      tilert_launch(t->v[v].kernel, t->v[v].grid, NULL, l->kargs, l->nkargs) || tilert_synchronize(cx->rt)) {
    snprintf(why, cap, "%s: %s", t->names[v], tilert_runtime_last_error(cx->rt));
    return;
  }
  if (cx->mock) return;
  uint32_t *got = malloc(bytes);
  if (!got || tilert_copy_to_host(cx->rt, got, y, bytes)) { snprintf(why, cap, "copy back failed"); free(got); return; }
  for (int64_t i = 0; i < n + GUARD && !why[0]; i++) {
    float g;
    memcpy(&g, &got[i], 4);
    if (i < n && g != ref(x[i])) snprintf(why, cap, "%s: y[%lld] = %g, want %g", t->names[v], (long long)i, g, ref(x[i]));
    if (i >= n && got[i] != 0xFFFFFFFFu) snprintf(why, cap, "%s: wrote y[%lld] past the end", t->names[v], (long long)i);
  }
  free(got);
}

/* Tunes, then runs every variant and the best; the result text into out. */
static void tune_and_run_all(ck_ctx *cx, const tg_tuned *t, tg_launch *l, const float *x,
                             int64_t n, ck_ref_fn ref, const char *key, size_t *out_best,
                             char *out, size_t cap) {
  tilert_tune_source how;
  *out_best = 0;
  snprintf(out, cap, cx->mock ? "values not checked (mock driver)" : "ok");
  if (tg_tune(cx->rt, t, key, l, 1, out_best, &how, NULL)) {
    snprintf(out, cap, "FAILED: tune: %s", tilert_runtime_last_error(cx->rt));
    return;
  }
  char why[512];
  for (size_t v = 0; v <= t->n; v++) { /* the last round is the chosen one, launched for real */
    run_variant(cx, t, v < t->n ? v : *out_best, l, x, n, ref, why, sizeof why);
    if (why[0]) { snprintf(out, cap, "FAILED: %s", why); return; }
  }
}

/* An (x, y, n...) launch: plan arguments x, y and, when n_runtime, n. */
static int setup_xy(ck_ctx *cx, tg_launch *l, const char *plan, const float *x, int64_t n,
                    int n_runtime) {
  memset(l, 0, sizeof *l);
  snprintf(l->plan, sizeof l->plan, "%s", plan);
  tilert_devptr dx, dy;
  if (!tg_buffer(cx->rt, x, (size_t)n * 4, &dx) || !tg_buffer(cx->rt, NULL, (size_t)(n + GUARD) * 4, &dy))
    return tg_fail(cx->rt, "buffers"), 0;
  l->args[0] = tilert_ptr(dx);
  l->bytes[0] = (size_t)n * 4;
  l->args[1] = tilert_ptr(dy);
  l->bytes[1] = (size_t)(n + GUARD) * 4;
  l->nargs = 2;
  if (n_runtime) l->args[l->nargs++] = tilert_i32((int32_t)n);
  return 1;
}

static void free_xy(ck_ctx *cx, tg_launch *l) {
  tilert_free(cx->rt, l->args[0].v.ptr);
  tilert_free(cx->rt, l->args[1].v.ptr);
}

/* ---- heuristics ------------------------------------------------------------------------ */

static void check_heuristics(ck_ctx *cx, int64_t n, tg_launch *l, tg_tuned *t) {
  char name[64], plan[128], result[768], key[1024];
  snprintf(name, sizeof name, "heuristics EVEN_N N=%lld", (long long)n);
  snprintf(plan, sizeof plan, "*fp32,*fp32,%lld,autotune,autotune", (long long)n);
  float *x = inputs(n);
  if (!x || !setup_xy(cx, l, plan, x, n, 0)) { free(x); report(cx, name, 0, NULL, "FAILED: setup"); return; }
  if (!ck_load(cx, "bench/tuning/kernels/heur_tuned.tir", "affine_kernel", l, block_grid, &n, t)) {
    report(cx, name, 0, NULL, "FAILED: compile");
  } else {
    size_t best = 0;
    snprintf(result, sizeof result, "ok");
    for (size_t v = 0; v < t->n; v++) { /* the heuristic, as Triton evaluates it */
      const tilert_kernel_info *k = tilert_kernel_get_info(t->v[v].kernel);
      int64_t block = 0, even = -1;
      (void)tilert_kernel_info_constexpr(k, "BLOCK", &block);
      (void)tilert_kernel_info_constexpr(k, "EVEN_N", &even);
      if (block <= 0 || even != (n % block == 0))
        snprintf(result, sizeof result, "FAILED: %s has EVEN_N=%lld", t->names[v], (long long)even);
    }
    snprintf(key, sizeof key, "affine_kernel N=%lld %s", (long long)n, l->signature);
    if (!strcmp(result, "ok"))
      tune_and_run_all(cx, t, l, x, n, ref_affine, key, &best, result, sizeof result);
    report(cx, name, t->n, t->names[best], result);
  }
  free_xy(cx, l);
  free(x);
}

/* ---- prune_configs_by ------------------------------------------------------------------ */

static void check_prune(ck_ctx *cx, int64_t n, int n_in_signature, tg_launch *l, tg_tuned *t) {
  char name[64], result[768];
  snprintf(name, sizeof name, "prune n=%lld%s", (long long)n, n_in_signature ? " (compile time)" : " (run time)");
  char plan[128];
  if (n_in_signature) snprintf(plan, sizeof plan, "*fp32,*fp32,%lld,autotune", (long long)n);
  else snprintf(plan, sizeof plan, "*fp32,*fp32,i32,autotune");
  float *x = inputs(n);
  if (!x || !setup_xy(cx, l, plan, x, n, !n_in_signature)) { free(x); report(cx, name, 0, NULL, "FAILED: setup"); return; }
  if (!ck_load(cx, "bench/tuning/kernels/prune_tuned.tir", "copy_neg_kernel", l, block_grid, &n, t)) {
    report(cx, name, 0, NULL, "FAILED: compile");
  } else {
    /* The configs: BLOCK in 128, 256, 1024, 4096 by num_warps 4, 8 with BLOCK / warps >= 32. */
    size_t want = n_in_signature ? (n >= 4096 ? 7 : n >= 1024 ? 5 : n >= 256 ? 3 : n >= 128 ? 1 : 0) : 7;
    const char *want_prune = n_in_signature ? "applied" : "deferred";
    snprintf(result, sizeof result, "ok");
    if (t->n != want || strcmp(t->tuning->prune, want_prune))
      snprintf(result, sizeof result, "FAILED: %zu variants, prune %s; want %zu, %s", t->n,
               t->tuning->prune, want, want_prune);
    for (size_t v = 0; v < t->n && n_in_signature; v++) {
      int64_t block = 0;
      (void)tilert_kernel_info_constexpr(tilert_kernel_get_info(t->v[v].kernel), "BLOCK", &block);
      if (block > n) snprintf(result, sizeof result, "FAILED: %s was not pruned", t->names[v]);
    }
    size_t best = 0;
    char key[1024];
    snprintf(key, sizeof key, "copy_neg_kernel n=%lld %s", (long long)n, l->signature);
    if (!strcmp(result, "ok")) tune_and_run_all(cx, t, l, x, n, ref_neg, key, &best, result, sizeof result);
    report(cx, name, t->n, t->n ? t->names[best] : NULL, result);
  }
  free_xy(cx, l);
  free(x);
}

/* ---- reset_to_zero --------------------------------------------------------------------- */

static float read_scalar(ck_ctx *cx, tilert_devptr p) {
  float v = NAN;
  (void)tilert_copy_to_host(cx->rt, &v, p, 4);
  return v;
}

static void reset_result(ck_ctx *cx, const tg_tuned *t, tg_launch *l, double want, size_t best,
                         char *out, size_t cap) {
  tilert_devptr o = l->kargs[1].v.ptr;
  float after_tune = read_scalar(cx, o);
  if (tilert_launch(t->v[best].kernel, t->v[best].grid, NULL, l->kargs, l->nkargs) || tilert_synchronize(cx->rt)) {
    snprintf(out, cap, "FAILED: launch: %s", tilert_runtime_last_error(cx->rt));
    return;
  }
  float got = read_scalar(cx, o);
  if (cx->mock) snprintf(out, cap, "values not checked (mock driver)");
  else if (after_tune != 0.0f) snprintf(out, cap, "FAILED: out = %g after tuning, want 0", after_tune);
  else if ((double)got != want) snprintf(out, cap, "FAILED: out = %g after the launch, want %g", got, want);
  else snprintf(out, cap, "ok (out = %g; 0 after tuning)", got);
}

static void check_reset(ck_ctx *cx, int64_t n, tg_launch *l, tg_tuned *t) {
  char name[64], result[768], key[1024];
  snprintf(name, sizeof name, "reset_to_zero n=%lld", (long long)n);
  float *x = inputs(n);
  double want = 0;
  for (int64_t i = 0; x && i < n; i++) want += x[i];
  memset(l, 0, sizeof *l);
  snprintf(l->plan, sizeof l->plan, "*fp32,*fp32,i32,autotune");
  tilert_devptr dx = 0, dout = 0;
  if (!x || !tg_buffer(cx->rt, x, (size_t)n * 4, &dx) || !tg_buffer(cx->rt, NULL, 4, &dout)) {
    free(x); report(cx, name, 0, NULL, "FAILED: setup"); return;
  }
  l->args[0] = tilert_ptr(dx); l->bytes[0] = (size_t)n * 4;
  l->args[1] = tilert_ptr(dout); l->bytes[1] = 4;
  l->args[2] = tilert_i32((int32_t)n);
  l->nargs = 3;
  size_t best = 0;
  tilert_tune_source how;
  if (!ck_load(cx, "bench/tuning/kernels/reset_tuned.tir", "sum_atomic_kernel", l, block_grid, &n, t)) {
    report(cx, name, 0, NULL, "FAILED: compile");
  } else if (t->tuning->nreset_to_zero != 1 || strcmp(t->tuning->reset_to_zero[0], "out_ptr")) {
    report(cx, name, t->n, NULL, "FAILED: the metadata's reset_to_zero is not [out_ptr]");
  } else {
    snprintf(key, sizeof key, "sum_atomic_kernel n=%lld %s", (long long)n, l->signature);
    if (tg_tune(cx->rt, t, key, l, 1, &best, &how, NULL))
      snprintf(result, sizeof result, "FAILED: tune: %s", tilert_runtime_last_error(cx->rt));
    else
      reset_result(cx, t, l, want, best, result, sizeof result);
    report(cx, name, t->n, t->names[best], result);
    /* The control: the same tuning without the list accumulates every timed launch. */
    snprintf(key, sizeof key, "control sum_atomic_kernel n=%lld %s", (long long)n, l->signature);
    if (!tilert_memset8(cx->rt, dout, 0, 4) && !tg_tune(cx->rt, t, key, l, 0, &best, &how, NULL))
      fprintf(stderr, "tune_gpu: control (tuned without reset_to_zero): out = %g after tuning, "
                      "%.1f times the sum\n", read_scalar(cx, dout), read_scalar(cx, dout) / want);
  }
  tilert_free(cx->rt, dx);
  tilert_free(cx->rt, dout);
  free(x);
}

/* ---- a config that does not fit ------------------------------------------------------- */

/* A 2-D grid of BM x BN tiles over user's {M, N, ...}. */
static void tile_grid(const tilert_kernel_info *k, const void *user, unsigned g[3]) {
  const int64_t *mnk = user;
  int64_t bm = 1, bn = 1;
  (void)tilert_kernel_info_constexpr(k, "BM", &bm);
  (void)tilert_kernel_info_constexpr(k, "BN", &bn);
  g[0] = (unsigned)((mnk[0] + bm - 1) / bm);
  g[1] = (unsigned)((mnk[1] + bn - 1) / bn);
  g[2] = 1;
}

/* C = A B with small integers (exact in fp32), every variant against the host's product. */
static void mm_run_all(ck_ctx *cx, const tg_tuned *t, tg_launch *l, const uint16_t *a, const uint16_t *b,
                       const int64_t *mnk, char *out, size_t cap) {
  int64_t M = mnk[0], N = mnk[1], K = mnk[2];
  float *c = malloc((size_t)(M * N) * 4);
  for (size_t v = 0; c && v < t->n && !strncmp(out, "ok", 2); v++) {
    if (!t->v[v].kernel) continue; /* skipped: it cannot load */
    if (tilert_memset8(cx->rt, l->kargs[2].v.ptr, 0xFF, (size_t)(M * N) * 4) ||
        tilert_launch(t->v[v].kernel, t->v[v].grid, NULL, l->kargs, l->nkargs) || tilert_synchronize(cx->rt)) {
      snprintf(out, cap, "FAILED: %s: %s", t->names[v], tilert_runtime_last_error(cx->rt));
      break;
    }
    if (cx->mock) continue;
    if (tilert_copy_to_host(cx->rt, c, l->kargs[2].v.ptr, (size_t)(M * N) * 4)) { snprintf(out, cap, "FAILED: copy back"); break; }
    for (int64_t i = 0; i < M && !strncmp(out, "ok", 2); i++)
      for (int64_t j = 0; j < N; j++) {
        double want = 0;
        for (int64_t k = 0; k < K; k++) want += (double)tg_f16_to_f32(a[i * K + k]) * tg_f16_to_f32(b[k * N + j]);
        if ((double)c[i * N + j] != want) {
          snprintf(out, cap, "FAILED: %s: c[%lld, %lld] = %g, want %g", t->names[v], (long long)i, (long long)j,
                   c[i * N + j], want);
          break;
        }
      }
  }
  free(c);
}

static void check_unfit(ck_ctx *cx, tg_launch *l, tg_tuned *t) {
  const char *name = "unfit config left out";
  int64_t mnk[3] = {192, 320, 128};
  size_t na = (size_t)(mnk[0] * mnk[2]), nb = (size_t)(mnk[2] * mnk[1]);
  uint16_t *a = malloc(na * 2), *b = malloc(nb * 2);
  for (size_t i = 0; a && i < na; i++) a[i] = tg_f32_to_f16((float)((int)(i * 7 % 9) - 4));
  for (size_t i = 0; b && i < nb; i++) b[i] = tg_f32_to_f16((float)((int)(i * 5 % 7) - 3));
  memset(l, 0, sizeof *l);
  snprintf(l->plan, sizeof l->plan, "*fp16,*fp16,*fp32,i32,i32,i32,autotune,autotune,autotune");
  tilert_devptr da = 0, db = 0, dc = 0;
  if (!a || !b || !tg_buffer(cx->rt, a, na * 2, &da) || !tg_buffer(cx->rt, b, nb * 2, &db) ||
      !tg_buffer(cx->rt, NULL, (size_t)(mnk[0] * mnk[1]) * 4, &dc)) {
    report(cx, name, 0, NULL, "FAILED: setup");
  } else {
    l->args[0] = tilert_ptr(da), l->bytes[0] = na * 2;
    l->args[1] = tilert_ptr(db), l->bytes[1] = nb * 2;
    l->args[2] = tilert_ptr(dc), l->bytes[2] = (size_t)(mnk[0] * mnk[1]) * 4;
    for (int i = 0; i < 3; i++) l->args[3 + i] = tilert_i32((int32_t)mnk[i]);
    l->nargs = 6;
    char result[768] = "ok", key[1024];
    size_t best = 0;
    tilert_tune_source how;
    if (!ck_load(cx, "bench/tuning/kernels/unfit_tuned.tir", "mm_kernel", l, tile_grid, mnk, t)) {
      report(cx, name, 0, NULL, "FAILED: compile");
    } else {
      /* Config 0 (128x256x64, 6 stages) needs more shared memory than the GPU has: left out
       * at compile time. Config 3 (maxnreg=128) does not assemble: loaded without. */
      size_t unloaded = 0;
      if (t->n != 3) snprintf(result, sizeof result, "FAILED: %zu variants, want 3 (config 0 left out)", t->n);
      for (size_t v = 0; v < t->n; v++) {
        bool big = strstr(t->names[v], "BN=256") != NULL;
        if (big && !strstr(t->names[v], "__v3")) snprintf(result, sizeof result, "FAILED: %s was not left out", t->names[v]);
        if (big && (t->v[v].kernel || !strstr(t->errors[v], "did not assemble")))
          snprintf(result, sizeof result, "FAILED: %s loaded (%s)", t->names[v], t->errors[v]);
        unloaded += !t->v[v].kernel;
      }
      if (!strcmp(result, "ok") && unloaded != 1) snprintf(result, sizeof result, "FAILED: %zu variants did not load", unloaded);
      snprintf(key, sizeof key, "mm_kernel %s", l->signature);
      if (!strcmp(result, "ok") && tg_tune(cx->rt, t, key, l, 1, &best, &how, NULL))
        snprintf(result, sizeof result, "FAILED: tune: %s", tilert_runtime_last_error(cx->rt));
      if (!strcmp(result, "ok") && !t->v[best].kernel) snprintf(result, sizeof result, "FAILED: the tuner chose %s", t->names[best]);
      if (!strcmp(result, "ok")) mm_run_all(cx, t, l, a, b, mnk, result, sizeof result);
      if (!strcmp(result, "ok") && cx->mock) snprintf(result, sizeof result, "values not checked (mock driver)");
      report(cx, name, t->n, t->n ? t->names[best] : NULL, result);
    }
  }
  tilert_free(cx->rt, da), tilert_free(cx->rt, db), tilert_free(cx->rt, dc);
  free(a), free(b);
}

/* ---- descriptor block shapes per config --------------------------------------------------- */

/* y = 2 x + 1 on an M x N f32 array through two host descriptors given without a block
 * shape: each variant's block (64x64, 128x32, 32x128) comes from its metadata; M and N are
 * not multiples of the blocks (TMA's bounds). Every variant against the host, then tuned. */
/* y = 2x + 1 over a 300 x 200 fp32 array through each variant of an autotuned 2-D kernel
 * (launch arguments from `args`, grid from BM x BN tiles), every variant checked by `vcheck`
 * (NULL or a reason it is wrong) and exactly, then tuned. */
typedef const char *(*variant_check)(const tilert_kernel_info *k, const void *user, char *buf, size_t cap);
typedef struct affine_2d {
  const char *name, *file, *kernel, *plan;
  bool host_descs; /* x and y as host descriptors without a block shape (else pointers) */
  variant_check vcheck;
  const void *user;
} affine_2d;

static void check_affine_2d(ck_ctx *cx, tg_launch *l, tg_tuned *t, const affine_2d *c) {
  int64_t mn[2] = {300, 200};
  size_t n = (size_t)(mn[0] * mn[1]);
  float *x = inputs((int64_t)n), *y = malloc(n * 4);
  tilert_devptr dx = 0, dy = 0;
  tilert_tensordesc xd, yd;
  char result[768] = "ok";
  if (!x || !y || !tg_buffer(cx->rt, x, n * 4, &dx) || !tg_buffer(cx->rt, NULL, n * 4, &dy)) {
    report(cx, c->name, 0, NULL, "FAILED: setup");
    goto done;
  }
  memset(l, 0, sizeof *l);
  snprintf(l->plan, sizeof l->plan, "%s", c->plan);
  for (int i = 0; i < 2; i++) {
    tilert_tensordesc *d = i ? &yd : &xd;
    *d = (tilert_tensordesc){.base = i ? dy : dx, .dtype = TILERT_DTYPE_FP32, .rank = 2,
                             .shape = {mn[0], mn[1]}, .strides = {mn[1], 1}}; /* block_shape all 0 */
    l->args[i] = c->host_descs ? tilert_tensordesc_arg(d) : tilert_ptr(d->base);
  }
  l->args[2] = tilert_i32((int32_t)mn[0]);
  l->args[3] = tilert_i32((int32_t)mn[1]);
  l->nargs = 4;
  if (!ck_load(cx, c->file, c->kernel, l, tile_grid, mn, t)) {
    report(cx, c->name, 0, NULL, "FAILED: compile");
    goto done;
  }
  if (t->n != 3) snprintf(result, sizeof result, "FAILED: %zu variants, want 3", t->n);
  for (size_t v = 0; v < t->n && !strcmp(result, "ok"); v++) {
    char why[256];
    const char *bad = c->vcheck(tilert_kernel_get_info(t->v[v].kernel), c->user, why, sizeof why);
    if (bad) snprintf(result, sizeof result, "FAILED: %s: %s", t->names[v], bad);
    if (tilert_memset8(cx->rt, dy, 0xFF, n * 4) ||
        tilert_launch(t->v[v].kernel, t->v[v].grid, NULL, l->kargs, l->nkargs) || tilert_synchronize(cx->rt)) {
      snprintf(result, sizeof result, "FAILED: %s: %s", t->names[v], tilert_runtime_last_error(cx->rt));
      break;
    }
    if (cx->mock) continue;
    if (tilert_copy_to_host(cx->rt, y, dy, n * 4)) { snprintf(result, sizeof result, "FAILED: copy back"); break; }
    for (size_t i = 0; i < n; i++)
      if (y[i] != ref_affine(x[i])) {
        snprintf(result, sizeof result, "FAILED: %s: y[%zu] = %g, want %g", t->names[v], i, y[i], ref_affine(x[i]));
        break;
      }
  }
  size_t best = 0;
  tilert_tune_source how;
  char key[1024];
  snprintf(key, sizeof key, "%s %s", c->kernel, l->signature);
  if (!strcmp(result, "ok") && tg_tune(cx->rt, t, key, l, 1, &best, &how, NULL))
    snprintf(result, sizeof result, "FAILED: tune: %s", tilert_runtime_last_error(cx->rt));
  if (!strcmp(result, "ok") && cx->mock) snprintf(result, sizeof result, "values not checked (mock driver)");
  report(cx, c->name, t->n, t->n ? t->names[best] : NULL, result);
done:
  tilert_free(cx->rt, dx), tilert_free(cx->rt, dy);
  free(x), free(y);
}

/* Host descriptors whose block follows each config: x_desc's block is [BM, BN]. */
static const char *desc_block_is_config(const tilert_kernel_info *k, const void *user, char *buf, size_t cap) {
  (void)user;
  int64_t bm = 0, bn = 0;
  (void)tilert_kernel_info_constexpr(k, "BM", &bm);
  (void)tilert_kernel_info_constexpr(k, "BN", &bn);
  if (k->params[0].block_shape[0] == bm && k->params[0].block_shape[1] == bn) return NULL;
  snprintf(buf, cap, "x_desc's block is [%lld, %lld], not [BM, BN]", (long long)k->params[0].block_shape[0],
           (long long)k->params[0].block_shape[1]);
  return buf;
}

/* In-kernel descriptors read by TMA (global scratch in the metadata) exactly where the
 * driver loads PTX 8.6 (runtime/jit.c's rule). */
static const char *scratch_as_driver(const tilert_kernel_info *k, const void *user, char *buf, size_t cap) {
  int driver = *(const int *)user;
  if ((k->global_scratch_bytes != 0) == (driver >= 12070)) return NULL;
  snprintf(buf, cap, "global_scratch_bytes %u with driver %d", k->global_scratch_bytes, driver);
  return buf;
}

static void check_desc_shapes(ck_ctx *cx, tg_launch *l, tg_tuned *t) {
  affine_2d c = {"desc block shapes", "bench/tuning/kernels/desc_tuned.tir", "affine_desc_kernel",
                 "tensordesc<fp32[BM, BN]>,tensordesc<fp32[BM, BN]>,i32,i32,autotune,autotune", true,
                 desc_block_is_config, NULL};
  check_affine_2d(cx, l, t, &c);
}

/* The same with the block shapes set by each config's pre_hook (bare JIT entries). */
static void check_desc_hook(ck_ctx *cx, tg_launch *l, tg_tuned *t) {
  affine_2d c = {"desc block shapes by pre_hook", "bench/tuning/kernels/desc_hook_tuned.tir",
                 "affine_desc_hook_kernel", "tensordesc,tensordesc,i32,i32,autotune,autotune", true,
                 desc_block_is_config, NULL};
  check_affine_2d(cx, l, t, &c);
}

static void check_made_desc(ck_ctx *cx, tg_launch *l, tg_tuned *t) {
  tilert_device_info info = {0};
  (void)tilert_runtime_device_info(cx->rt, &info);
  affine_2d c = {"in-kernel descriptors", "bench/tuning/kernels/made_desc_tuned.tir", "affine_made_desc_kernel",
                 "*fp32,*fp32,i32,i32,autotune,autotune", false, scratch_as_driver, &info.driver_version};
  check_affine_2d(cx, l, t, &c);
}

int tg_check_main(int argc, char **argv) {
  ck_ctx cx = {.root = "."};
  for (int i = 0; i + 1 < argc; i++)
    if (!strcmp(argv[i], "--root")) cx.root = argv[++i];
  if (tilert_runtime_create(0, &cx.rt)) {
    int r = tg_fail(cx.rt, "runtime");
    tilert_runtime_destroy(cx.rt);
    return r;
  }
  cx.mock = tg_is_mock(cx.rt);
  tg_launch *l = calloc(1, sizeof *l);
  tg_tuned *t = calloc(1, sizeof *t);
  if (!l || !t) return 1;
  const int64_t heur_n[] = {4096, 3072, 5000};
  for (int i = 0; i < 3; i++) check_heuristics(&cx, heur_n[i], l, t);
  check_prune(&cx, 300, 1, l, t);
  check_prune(&cx, 100000, 0, l, t);
  check_reset(&cx, 1 << 20, l, t);
  check_reset(&cx, 1000003, l, t);
  check_unfit(&cx, l, t);
  check_desc_shapes(&cx, l, t);
  check_desc_hook(&cx, l, t);
  check_made_desc(&cx, l, t);
  printf("{\"cmd\": \"check\", \"summary\": \"%d failed\"}\n", cx.failures);
  free(l);
  free(t);
  tilert_runtime_destroy(cx.rt);
  return cx.failures != 0;
}
