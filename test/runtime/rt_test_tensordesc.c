/* Host tensor descriptors (TMA) in libtilert: the metadata's "tensordesc" params (read and
 * refused), the launch-time argument checks (every message), the encoding through
 * cuTensorMapEncodeTiled and the launch's parameter buffer, both seen through the mock
 * driver (test/gpu/mock_libcuda.c records the encode's arguments and a "tdesc" kernel's
 * parameters), and the JIT plan's descriptor entries. No GPU needed. */
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>

#include "../../runtime/rt_internal.h"
#include "../gpu/mock_libcuda.h"
#include "rt_test.h"
#include "tilec/tilert.h"

#ifndef TILERT_MOCK_PATH
#error "TILERT_MOCK_PATH must name the mock libcuda (CMake sets it)"
#endif

/* a_desc: fp16 [64, 32] in a [64, 32] box, 64-byte swizzle (32 fp16 = 64 bytes inner);
 * c_desc: fp32 [2, 16, 8], box [1, 16, 8], 32-byte swizzle, stored through. */
static const char *meta =
    "{\"format\": \"tilec-metadata\", \"version\": 2, \"target\": \"sm_90a\", \"kernels\": [\n"
    " {\"name\": \"tdesc_copy\", \"num_warps\": 4, \"params\": [\n"
    "  {\"name\": \"a_desc\", \"kind\": \"tensordesc\", \"dtype\": \"fp16\", \"block_shape\": [64, 32], \"box\": [64, 32], \"swizzle\": 64},\n"
    "  {\"name\": \"n\", \"kind\": \"scalar\", \"dtype\": \"i32\"},\n"
    "  {\"name\": \"c_desc\", \"kind\": \"tensordesc\", \"dtype\": \"fp32\", \"block_shape\": [2, 16, 8], \"box\": [1, 16, 8], \"swizzle\": 32, \"store\": true},\n"
    "  {\"name\": \"x\", \"kind\": \"ptr\", \"dtype\": \"fp32\", \"align\": 16}\n"
    " ]}]}";

static const char ptx[] = "// mock PTX\n// BLOCK=128\n.visible .entry tdesc_copy(\n";

#define NARGS 4

/* Replaces the first occurrence of `from` in the metadata by `to` (malloc'ed). */
static char *mutate(const char *doc, const char *from, const char *to) {
  const char *at = strstr(doc, from);
  if (!at) { printf("BUG: '%s' not in the document\n", from); exit(2); }
  size_t a = (size_t)(at - doc), nf = strlen(from), nt = strlen(to), n = strlen(doc);
  char *out = malloc(n - nf + nt + 1);
  memcpy(out, doc, a);
  memcpy(out + a, to, nt);
  memcpy(out + a + nt, at + nf, n - a - nf + 1);
  return out;
}

/* ---- metadata ------------------------------------------------------------------------- */

static void test_meta_good(t_state *t, const tilert_kernel_info *k) {
  const tilert_param_info *a = &k->params[0], *c = &k->params[2];
  t_check(t, a->kind == TILERT_PARAM_TENSORDESC && a->dtype == TILERT_DTYPE_FP16 && a->rank == 2,
          "meta: a_desc is a tensordesc of fp16, rank 2");
  t_check(t, a->block_shape[0] == 64 && a->block_shape[1] == 32 && a->box[0] == 64 &&
                 a->box[1] == 32 && a->swizzle == 64,
          "meta: a_desc block [64, 32], box [64, 32], swizzle 64");
  t_check(t, c->rank == 3 && c->block_shape[2] == 8 && c->box[0] == 1 && c->box[1] == 16 &&
                 c->swizzle == 32,
          "meta: c_desc rank 3, box [1, 16, 8], swizzle 32");
  t_check(t, k->params[1].kind == TILERT_PARAM_SCALAR && k->params[1].rank == 0,
          "meta: other params have rank 0");
}

static void test_meta_default_box(t_state *t) {
  char *doc = mutate(meta, ", \"box\": [64, 32], \"swizzle\": 64", "");
  tilert_metadata *md = NULL;
  char err[512] = "";
  tilert_status s = tilert_metadata_parse(doc, strlen(doc), &md, err, sizeof err);
  const tilert_param_info *a = md ? &tilert_metadata_kernel(md, 0)->params[0] : NULL;
  t_check(t, s == TILERT_OK && a && a->box[0] == 64 && a->box[1] == 32 && a->swizzle == 0,
          "meta: without box and swizzle: box = block_shape, swizzle 0");
  tilert_metadata_free(md);
  free(doc);
}

typedef struct mcase { const char *what, *from, *to, *expect; } mcase;

static const mcase meta_cases[] = {
    {"rank 0", "\"block_shape\": [64, 32]", "\"block_shape\": []",
     "kernel tdesc_copy: param a_desc: \"block_shape\": 0 dimensions; a tensor descriptor has 1 to 5"},
    {"rank 6", "\"block_shape\": [64, 32]", "\"block_shape\": [1, 1, 1, 1, 64, 32]",
     "param a_desc: \"block_shape\": 6 dimensions; a tensor descriptor has 1 to 5"},
    {"block not integer", "\"block_shape\": [64, 32]", "\"block_shape\": [64, \"32\"]",
     "param a_desc: \"block_shape\"[1]: expected an integer"},
    {"missing block_shape", "\"block_shape\": [64, 32], ", "",
     "param a_desc: missing required key \"block_shape\""},
    {"box rank", "\"box\": [64, 32]", "\"box\": [64]",
     "param a_desc: \"box\" has 1 dimensions, \"block_shape\" 2"},
    {"box does not divide", "\"box\": [64, 32]", "\"box\": [48, 32]",
     "param a_desc: \"box\"[0] = 48 does not divide \"block_shape\"[0] = 64"},
    {"box over 256", "\"block_shape\": [64, 32], \"box\": [64, 32]",
     "\"block_shape\": [512, 32], \"box\": [512, 32]",
     "param a_desc: \"box\"[0]: 512 is out of range [1, 256]"},
    {"no box, block over 256", "\"block_shape\": [64, 32], \"box\": [64, 32]",
     "\"block_shape\": [512, 32]",
     "param a_desc: no \"box\", and \"block_shape\"[0] = 512 is over TMA's 256"},
    {"swizzle 16", "\"swizzle\": 64", "\"swizzle\": 16",
     "param a_desc: \"swizzle\": 16 is not 0, 32, 64 or 128"},
    {"swizzle 256", "\"swizzle\": 64", "\"swizzle\": 256",
     "param a_desc: \"swizzle\": 256 is out of range [0, 128]"},
    {"inner box over the swizzle", "\"swizzle\": 64", "\"swizzle\": 32",
     "param a_desc: \"box\": the innermost dimension spans 64 bytes, more than the 32-byte swizzle allows"},
    {"inner box not 16 bytes", "\"block_shape\": [64, 32], \"box\": [64, 32], \"swizzle\": 64",
     "\"block_shape\": [64, 4], \"box\": [64, 4], \"swizzle\": 0",
     "param a_desc: \"box\": the innermost dimension spans 8 bytes, not a multiple of 16 (TMA needs it)"},
    {"align on a descriptor", "\"swizzle\": 64", "\"swizzle\": 64, \"align\": 16",
     "param a_desc: \"align\" is not for tensor descriptors"},
    {"unknown dtype", "\"dtype\": \"fp16\"", "\"dtype\": \"f16\"",
     "params[0]: \"dtype\": unknown dtype \"f16\""},
};

static void test_meta_errors(t_state *t) {
  for (size_t i = 0; i < sizeof meta_cases / sizeof meta_cases[0]; i++) {
    const mcase *c = &meta_cases[i];
    char *doc = mutate(meta, c->from, c->to);
    tilert_metadata *md = NULL;
    char err[512] = "", what[128];
    tilert_status s = tilert_metadata_parse(doc, strlen(doc), &md, err, sizeof err);
    snprintf(what, sizeof what, "meta %s: TILERT_ERROR_METADATA", c->what);
    t_check(t, s == TILERT_ERROR_METADATA && !md, what);
    snprintf(what, sizeof what, "meta %s", c->what);
    t_contains(t, what, err, c->expect);
    tilert_metadata_free(md);
    free(doc);
  }
}

/* 17 descriptors: one more than the runtime takes. */
static void test_meta_too_many(t_state *t) {
  char doc[8192];
  size_t o = (size_t)snprintf(doc, sizeof doc, "{\"format\": \"tilec-metadata\", \"version\": 2, "
                              "\"target\": \"sm_90a\", \"kernels\": [{\"name\": \"k\", "
                              "\"num_warps\": 4, \"params\": [");
  for (int i = 0; i < TILERT_MAX_TENSORDESCS + 1; i++)
    o += (size_t)snprintf(doc + o, sizeof doc - o, "%s{\"name\": \"d%d\", \"kind\": \"tensordesc\", "
                          "\"dtype\": \"fp32\", \"block_shape\": [8]}", i ? ", " : "", i);
  snprintf(doc + o, sizeof doc - o, "]}]}");
  tilert_metadata *md = NULL;
  char err[512] = "";
  tilert_status s = tilert_metadata_parse(doc, strlen(doc), &md, err, sizeof err);
  t_check(t, s == TILERT_ERROR_METADATA, "meta 17 descriptors: TILERT_ERROR_METADATA");
  t_contains(t, "meta 17 descriptors", err, "kernel k: 17 tensor descriptors; the runtime supports 16");
  tilert_metadata_free(md);
}

/* ---- argument checks ------------------------------------------------------------------ */

/* a: fp16 [100, 200] with a padded row of 256 elements; c: fp32 [4, 50, 24], contiguous
 * rows of 32 elements (24 used). */
static void good_descs(tilert_tensordesc *a, tilert_tensordesc *c, tilert_devptr abase,
                       tilert_devptr cbase) {
  *a = (tilert_tensordesc){.base = abase, .dtype = TILERT_DTYPE_FP16, .rank = 2,
                           .shape = {100, 200}, .strides = {256, 1}, .block_shape = {64, 32}};
  *c = (tilert_tensordesc){.base = cbase, .dtype = TILERT_DTYPE_FP32, .rank = 3,
                           .shape = {4, 50, 24}, .strides = {50 * 32, 32, 1},
                           .block_shape = {2, 16, 8}};
}

static void good_args(tilert_arg args[NARGS], const tilert_tensordesc *a, const tilert_tensordesc *c,
                      tilert_devptr x) {
  args[0] = tilert_tensordesc_arg(a);
  args[1] = tilert_i32(7);
  args[2] = tilert_tensordesc_arg(c);
  args[3] = tilert_ptr(x);
}

typedef struct acase {
  const char *what;
  void (*edit)(tilert_tensordesc *a, tilert_arg *args);
  const char *expect;
} acase;

static void e_kind(tilert_tensordesc *a, tilert_arg *g) { (void)a; g[0] = tilert_i32(1); }
static void e_desc_for_i32(tilert_tensordesc *a, tilert_arg *g) { g[1] = tilert_tensordesc_arg(a); }
static void e_null(tilert_tensordesc *a, tilert_arg *g) { (void)a; g[0] = tilert_tensordesc_arg(NULL); }
static void e_rank(tilert_tensordesc *a, tilert_arg *g) { (void)g; a->rank = 3, a->shape[2] = 1, a->strides[1] = 4, a->strides[2] = 1, a->block_shape[2] = 1; }
static void e_rank0(tilert_tensordesc *a, tilert_arg *g) { (void)g; a->rank = 0; }
static void e_block(tilert_tensordesc *a, tilert_arg *g) { (void)g; a->block_shape[0] = 128; }
static void e_dtype(tilert_tensordesc *a, tilert_arg *g) { (void)g; a->dtype = TILERT_DTYPE_BF16; }
static void e_base(tilert_tensordesc *a, tilert_arg *g) { (void)g; a->base += 8; }
static void e_stride16(tilert_tensordesc *a, tilert_arg *g) { (void)g; a->strides[0] = 100; }
static void e_inner(tilert_tensordesc *a, tilert_arg *g) { (void)g; a->strides[1] = 2; }
static void e_shape0(tilert_tensordesc *a, tilert_arg *g) { (void)g; a->shape[1] = 0; }
static void e_shape_big(tilert_tensordesc *a, tilert_arg *g) { (void)g; a->shape[0] = (1ll << 32) + 1; }
static void e_stride_big(tilert_tensordesc *a, tilert_arg *g) { (void)g; a->strides[0] = 1ll << 39; }
static void e_stride_neg(tilert_tensordesc *a, tilert_arg *g) { (void)g; a->strides[0] = -256; }
/* c is stored through: its rows must span a multiple of 16 bytes (22 fp32 = 88); a's need not */
static void e_store_row(tilert_tensordesc *a, tilert_arg *g) { (void)a; ((tilert_tensordesc *)g[2].v.desc)->shape[2] = 22; }
static void e_load_row(tilert_tensordesc *a, tilert_arg *g) { (void)g; a->shape[1] = 199; }

static const acase arg_cases[] = {
    {"i32 for a descriptor", e_kind, "tilert: tdesc_copy: argument 0 (a_desc): expected tensordesc<fp16[64, 32]>, got i32"},
    {"descriptor for an i32", e_desc_for_i32, "tilert: tdesc_copy: argument 1 (n): expected i32, got tensor descriptor"},
    {"NULL descriptor", e_null, "tilert: tdesc_copy: argument 0 (a_desc): the tensor descriptor is NULL"},
    {"rank", e_rank, "argument 0 (a_desc): expected tensordesc<fp16[64, 32]>, got tensordesc<fp16[64, 32, 1]>"},
    {"rank 0", e_rank0, "argument 0 (a_desc): descriptor rank 0 is not 1 to 5 (the kernel takes tensordesc<fp16[64, 32]>)"},
    {"block shape", e_block, "argument 0 (a_desc): expected tensordesc<fp16[64, 32]>, got tensordesc<fp16[128, 32]>"},
    {"dtype", e_dtype, "argument 0 (a_desc): expected tensordesc<fp16[64, 32]>, got tensordesc<bf16[64, 32]>"},
    {"misaligned base", e_base, "argument 0 (a_desc): descriptor base 0x{{BASE}} is not 16-byte aligned (TMA needs it)"},
    {"stride not 16 bytes", e_stride16, "argument 0 (a_desc): descriptor strides[0] is 100 elements = 200 bytes, not a multiple of 16 (TMA needs it)"},
    {"inner stride", e_inner, "argument 0 (a_desc): descriptor strides[1] (the innermost) is 2; TMA needs 1 (a contiguous last dimension)"},
    {"shape 0", e_shape0, "argument 0 (a_desc): descriptor shape[1] is 0; TMA takes 1 to 2^32"},
    {"shape over 2^32", e_shape_big, "argument 0 (a_desc): descriptor shape[0] is 4294967297; TMA takes 1 to 2^32"},
    {"stride 2^40 bytes", e_stride_big, "argument 0 (a_desc): descriptor strides[0] is 549755813888; TMA takes 1 element to 2^40 bytes"},
    {"negative stride", e_stride_neg, "argument 0 (a_desc): descriptor strides[0] is -256; TMA takes 1 element to 2^40 bytes"},
    {"stored row of 88 bytes", e_store_row, "argument 2 (c_desc): descriptor shape[2] is 22 elements = 88 bytes, not a multiple of 16: the kernel stores through it, and a TMA store writes a row's last 16 bytes whole (past the tensor's end; seen on sm_90)"},
};

/* `expect` with {{BASE}} replaced by the misaligned base's hex digits. */
static void expected_text(const char *expect, tilert_devptr base, char *out, size_t cap) {
  const char *at = strstr(expect, "{{BASE}}");
  if (!at) { snprintf(out, cap, "%s", expect); return; }
  snprintf(out, cap, "%.*s%llx%s", (int)(at - expect), expect, (unsigned long long)base + 8, at + 8);
}

static void test_arg_checks(t_state *t, const tilert_kernel_info *k) {
  tilert_tensordesc a, c;
  tilert_arg args[NARGS];
  char err[512] = "", what[128], want[256];
  good_descs(&a, &c, 0x7f0000010000ull, 0x7f0000020000ull);
  good_args(args, &a, &c, 0x7f0000030000ull);
  t_check(t, tilert_args_check(k, args, NARGS, err, sizeof err) == TILERT_OK && !err[0],
          "args: good descriptors pass");
  e_load_row(&a, args); /* a is only loaded from: a row of 398 bytes is fine */
  t_check(t, tilert_args_check(k, args, NARGS, err, sizeof err) == TILERT_OK && !err[0],
          "args: a loaded descriptor's rows need not span a multiple of 16 bytes");
  for (size_t i = 0; i < sizeof arg_cases / sizeof arg_cases[0]; i++) {
    good_descs(&a, &c, 0x7f0000010000ull, 0x7f0000020000ull);
    good_args(args, &a, &c, 0x7f0000030000ull);
    arg_cases[i].edit(&a, args);
    tilert_status s = tilert_args_check(k, args, NARGS, err, sizeof err);
    snprintf(what, sizeof what, "args %s: TILERT_ERROR_INVALID_ARGUMENT", arg_cases[i].what);
    t_check(t, s == TILERT_ERROR_INVALID_ARGUMENT, what);
    snprintf(what, sizeof what, "args %s", arg_cases[i].what);
    expected_text(arg_cases[i].expect, 0x7f0000010000ull, want, sizeof want);
    t_contains(t, what, err, want);
  }
}

/* ---- launches on the mock driver ------------------------------------------------------- */

typedef struct mock_api {
  void *lib;
  void (*fail)(const char *);
  const mock_tensormap_call *(*recent)(int);
  unsigned char (*byte)(int);
  void (*param_sizes)(const unsigned *, int);
  const unsigned char *(*last_params)(size_t *);
  int (*aligned)(int);
  long (*launches)(void);
} mock_api;

/* dlsym into a function pointer (through memcpy: C does not convert data pointers). */
static bool sym(void *lib, const char *name, void *out_fn) {
  void *p = dlsym(lib, name);
  memcpy(out_fn, &p, sizeof p);
  return p != NULL;
}

static bool open_mock(mock_api *m) {
  m->lib = dlopen(TILERT_MOCK_PATH, RTLD_NOW);
  return m->lib && sym(m->lib, "mock_cuda_fail", &m->fail) &&
         sym(m->lib, "mock_cuda_tensormap_recent", &m->recent) &&
         sym(m->lib, "mock_tensormap_byte", &m->byte) &&
         sym(m->lib, "mock_cuda_param_sizes", &m->param_sizes) &&
         sym(m->lib, "mock_cuda_last_params", &m->last_params) &&
         sym(m->lib, "mock_cuda_last_param_aligned", &m->aligned) &&
         sym(m->lib, "mock_cuda_launches", &m->launches);
}

/* The 128 bytes the mock writes for an encode of `address`, `rank`, `dtype`. */
static void mock_map(const mock_api *m, unsigned long long address, unsigned rank, int dtype,
                     unsigned char out[128]) {
  for (int i = 16; i < 128; i++) out[i] = m->byte(i);
  memcpy(out, &address, 8);
  memcpy(out + 8, &rank, 4);
  memcpy(out + 12, &dtype, 4);
}

static void check_encode_a(t_state *t, const mock_tensormap_call *c, tilert_devptr base) {
  t_check(t, c->data_type == 6 && c->rank == 2 && c->address == base,
          "encode a_desc: FLOAT16 (6), rank 2, the base address");
  t_check(t, c->dims[0] == 200 && c->dims[1] == 100, "encode a_desc: globalDim reversed {200, 100}");
  t_check(t, c->strides[0] == 512, "encode a_desc: globalStrides in bytes {256 * 2}");
  t_check(t, c->box[0] == 32 && c->box[1] == 64, "encode a_desc: boxDim reversed {32, 64}");
  t_check(t, c->elem_strides[0] == 1 && c->elem_strides[1] == 1, "encode a_desc: elementStrides 1");
  t_check(t, c->interleave == 0 && c->swizzle == 2 && c->l2_promotion == 2 && c->oob_fill == 0,
          "encode a_desc: interleave NONE, swizzle 64B (2), L2 128B (2), oobFill NONE (zeros)");
  t_check(t, c->map_aligned, "encode a_desc: the map is 64-byte aligned");
}

static void check_encode_c(t_state *t, const mock_tensormap_call *c, tilert_devptr base) {
  t_check(t, c->data_type == 7 && c->rank == 3 && c->address == base,
          "encode c_desc: FLOAT32 (7), rank 3");
  t_check(t, c->dims[0] == 24 && c->dims[1] == 50 && c->dims[2] == 4,
          "encode c_desc: globalDim {24, 50, 4}");
  t_check(t, c->strides[0] == 128 && c->strides[1] == 6400,
          "encode c_desc: globalStrides {32 * 4, 1600 * 4} bytes, innermost-but-one first");
  t_check(t, c->box[0] == 8 && c->box[1] == 16 && c->box[2] == 1 && c->swizzle == 1,
          "encode c_desc: boxDim {8, 16, 1}, swizzle 32B (1)");
}

/* The parameter buffer: a_desc's 128 bytes, n, c_desc's 128 bytes, x, in that order. */
static void check_params(t_state *t, const mock_api *m, tilert_devptr abase, tilert_devptr cbase,
                         tilert_devptr x, const char *what) {
  unsigned char want[128 + 4 + 128 + 8], ma[128], mc[128];
  int32_t n = 7;
  mock_map(m, abase, 2, 6, ma);
  mock_map(m, cbase, 3, 7, mc);
  memcpy(want, ma, 128);
  memcpy(want + 128, &n, 4);
  memcpy(want + 132, mc, 128);
  memcpy(want + 260, &x, 8);
  size_t len = 0;
  const unsigned char *got = m->last_params(&len);
  char w[160];
  snprintf(w, sizeof w, "%s: params hold a_desc's 128 bytes, n, c_desc's 128 bytes, x", what);
  t_check(t, len == sizeof want && memcmp(got, want, sizeof want) == 0, w);
  snprintf(w, sizeof w, "%s: descriptor params point at 64-byte aligned storage", what);
  t_check(t, m->aligned(0) && m->aligned(2), w);
}

typedef struct launch_env {
  mock_api *m;
  tilert_runtime *rt;
  tilert_kernel *k;
  tilert_devptr abase, cbase, x;
} launch_env;

static void test_launch_good(t_state *t, launch_env *e) {
  tilert_tensordesc a, c;
  tilert_arg args[NARGS];
  unsigned grid[3] = {2, 1, 1};
  good_descs(&a, &c, e->abase, e->cbase);
  good_args(args, &a, &c, e->x);
  int before = e->m->recent(0)->calls;
  long launches = e->m->launches();
  tilert_status s = tilert_launch(e->k, grid, NULL, args, NARGS);
  t_check(t, s == TILERT_OK, "launch: good descriptors launch");
  if (s) printf("  %s\n", tilert_runtime_last_error(e->rt));
  t_check(t, e->m->recent(0)->calls == before + 2 && e->m->launches() == launches + 1,
          "launch: two encodes, one launch");
  check_encode_a(t, e->m->recent(1), e->abase);
  check_encode_c(t, e->m->recent(0), e->cbase);
  check_params(t, e->m, e->abase, e->cbase, e->x, "launch");
}

/* Descriptors without a block shape (all 0) take the kernel's: the same launch, the same
 * encodes (each autotune variant's own block, as Triton's pre_hook sets it). */
static void test_launch_unset_block(t_state *t, launch_env *e) {
  tilert_tensordesc a, c;
  tilert_arg args[NARGS];
  unsigned grid[3] = {2, 1, 1};
  good_descs(&a, &c, e->abase, e->cbase);
  memset(a.block_shape, 0, sizeof a.block_shape);
  memset(c.block_shape, 0, sizeof c.block_shape);
  good_args(args, &a, &c, e->x);
  tilert_status s = tilert_launch(e->k, grid, NULL, args, NARGS);
  t_check(t, s == TILERT_OK, "launch: descriptors without a block shape take the kernel's");
  if (s) printf("  %s\n", tilert_runtime_last_error(e->rt));
  check_encode_a(t, e->m->recent(1), e->abase);
  check_encode_c(t, e->m->recent(0), e->cbase);
  check_params(t, e->m, e->abase, e->cbase, e->x, "launch without block shapes");
}

static void test_launch_refused(t_state *t, launch_env *e) {
  tilert_tensordesc a, c;
  tilert_arg args[NARGS];
  unsigned grid[3] = {1, 1, 1};
  good_descs(&a, &c, e->abase, e->cbase);
  good_args(args, &a, &c, e->x);
  c.strides[1] = 33; /* 132 bytes */
  int before = e->m->recent(0)->calls;
  long launches = e->m->launches();
  tilert_status s = tilert_launch(e->k, grid, NULL, args, NARGS);
  t_check(t, s == TILERT_ERROR_INVALID_ARGUMENT && e->m->recent(0)->calls == before &&
                 e->m->launches() == launches,
          "launch refused: nothing encoded, nothing launched");
  t_contains(t, "launch refused", tilert_runtime_last_error(e->rt),
             "tilert: tdesc_copy: argument 2 (c_desc): descriptor strides[1] is 33 elements = 132 bytes, not a multiple of 16");
}

static void test_encode_fails(t_state *t, launch_env *e) {
  tilert_tensordesc a, c;
  tilert_arg args[NARGS];
  unsigned grid[3] = {1, 1, 1};
  good_descs(&a, &c, e->abase, e->cbase);
  good_args(args, &a, &c, e->x);
  long launches = e->m->launches();
  e->m->fail("cuTensorMapEncodeTiled");
  tilert_status s = tilert_launch(e->k, grid, NULL, args, NARGS);
  e->m->fail(NULL);
  t_check(t, s == TILERT_ERROR_DRIVER && e->m->launches() == launches,
          "encode fails: TILERT_ERROR_DRIVER, nothing launched");
  t_contains(t, "encode fails", tilert_runtime_last_error(e->rt),
             "cuTensorMapEncodeTiled failed: CUDA_ERROR_INVALID_VALUE (invalid argument (mock)) encoding argument 0 (a_desc) of tdesc_copy");
  t_check(t, tilert_launch(e->k, grid, NULL, args, NARGS) == TILERT_OK,
          "encode fails: the next launch works");
}

static void test_no_encode_symbol(t_state *t, launch_env *e) {
  tilert_tensordesc a, c;
  tilert_arg args[NARGS];
  unsigned grid[3] = {1, 1, 1};
  good_descs(&a, &c, e->abase, e->cbase);
  good_args(args, &a, &c, e->x);
  void *saved;
  memcpy(&saved, &e->rt->cu.cuTensorMapEncodeTiled, sizeof saved);
  e->rt->cu.cuTensorMapEncodeTiled = NULL; /* a CUDA 11 driver */
  tilert_status s = tilert_launch(e->k, grid, NULL, args, NARGS);
  memcpy(&e->rt->cu.cuTensorMapEncodeTiled, &saved, sizeof saved);
  t_check(t, s == TILERT_ERROR_UNSUPPORTED, "driver without cuTensorMapEncodeTiled: UNSUPPORTED");
  t_contains(t, "driver without cuTensorMapEncodeTiled", tilert_runtime_last_error(e->rt),
             "tilert: tdesc_copy: argument 0 (a_desc): the driver has no cuTensorMapEncodeTiled (tensor descriptors need CUDA 12.0 or newer)");
}

/* tilert_tensordesc_encode, then tilert_launch_unchecked with the encoded maps. */
static void test_encode_api(t_state *t, launch_env *e) {
  tilert_tensordesc a, c;
  good_descs(&a, &c, e->abase, e->cbase);
  _Alignas(64) unsigned char maps[3][128];
  t_check(t, tilert_tensordesc_encode(e->k, 0, &a, maps[0]) == TILERT_OK &&
                 tilert_tensordesc_encode(e->k, 2, &c, maps[1]) == TILERT_OK,
          "encode api: both descriptors encode");
  int32_t n = 7;
  tilert_devptr x = e->x;
  void *params[NARGS] = {maps[0], &n, maps[1], &x};
  unsigned grid[3] = {1, 1, 1};
  t_check(t, tilert_launch_unchecked(e->k, grid, NULL, params) == TILERT_OK, "encode api: unchecked launch");
  check_params(t, e->m, e->abase, e->cbase, e->x, "unchecked launch");
  t_check(t, tilert_tensordesc_encode(e->k, 1, &a, maps[2]) == TILERT_ERROR_INVALID_ARGUMENT,
          "encode api: parameter 1 refused");
  t_contains(t, "encode api: not a descriptor", tilert_runtime_last_error(e->rt),
             "tilert: tdesc_copy: parameter 1 is not a tensor descriptor");
  t_check(t, tilert_tensordesc_encode(e->k, 0, &a, maps[2] + 8) == TILERT_ERROR_INVALID_ARGUMENT,
          "encode api: misaligned storage refused");
  t_contains(t, "encode api: misaligned storage", tilert_runtime_last_error(e->rt), "is not 64-byte aligned");
  a.block_shape[1] = 16;
  t_check(t, tilert_tensordesc_encode(e->k, 0, &a, maps[2]) == TILERT_ERROR_INVALID_ARGUMENT,
          "encode api: checks the descriptor too");
  t_contains(t, "encode api: checked", tilert_runtime_last_error(e->rt),
             "argument 0 (a_desc): expected tensordesc<fp16[64, 32]>, got tensordesc<fp16[64, 16]>");
}

static void test_launches(t_state *t) {
  mock_api m;
  launch_env e = {.m = &m};
  if (!open_mock(&m)) { t_check(t, 0, "the mock driver loads with its tensor-map hooks"); return; }
  setenv("TILERT_LIBCUDA", TILERT_MOCK_PATH, 1);
  tilert_module *mod = NULL;
  tilert_status s = tilert_runtime_create(0, &e.rt);
  if (!s) s = tilert_module_load_ptx(e.rt, ptx, sizeof ptx - 1, meta, strlen(meta), &mod);
  if (!s) s = tilert_module_get_kernel(mod, "tdesc_copy", &e.k);
  if (!s) s = tilert_malloc(e.rt, 1 << 16, &e.abase);
  if (!s) s = tilert_malloc(e.rt, 1 << 16, &e.cbase);
  if (!s) s = tilert_malloc(e.rt, 256, &e.x);
  t_check(t, s == TILERT_OK, "mock: runtime, module, kernel, buffers");
  if (s) { printf("  %s\n", tilert_runtime_last_error(e.rt)); tilert_runtime_destroy(e.rt); return; }
  const unsigned sizes[NARGS] = {128, 4, 128, 8};
  m.param_sizes(sizes, NARGS);
  test_launch_good(t, &e);
  test_launch_unset_block(t, &e);
  test_launch_refused(t, &e);
  test_encode_fails(t, &e);
  test_no_encode_symbol(t, &e);
  test_encode_api(t, &e);
  tilert_free(e.rt, e.abase), tilert_free(e.rt, e.cbase), tilert_free(e.rt, e.x);
  tilert_module_release(mod);
  tilert_runtime_destroy(e.rt);
  dlclose(m.lib);
}

/* ---- global scratch: in-kernel descriptors' tensormaps ------------------------------------ */

/* A kernel that makes tensor descriptors: "global_scratch_bytes" 256 per program, the
 * scratch passed after its params (the mock captures "tdesc" kernels' parameters). */
static const char *scratch_meta =
    "{\"format\": \"tilec-metadata\", \"version\": 2, \"target\": \"sm_90a\", \"kernels\": [\n"
    " {\"name\": \"tdesc_made\", \"num_warps\": 4, \"global_scratch_bytes\": 256, \"params\": [\n"
    "  {\"name\": \"x\", \"kind\": \"ptr\", \"dtype\": \"fp16\", \"align\": 16},\n"
    "  {\"name\": \"n\", \"kind\": \"scalar\", \"dtype\": \"i32\"}\n"
    " ]}]}";
static const char scratch_ptx[] = "// mock PTX\n// BLOCK=128\n.visible .entry tdesc_made(\n";

static void test_scratch(t_state *t) {
  tilert_metadata *md = NULL;
  char err[512] = "";
  t_check(t, tilert_metadata_parse(scratch_meta, strlen(scratch_meta), &md, err, sizeof err) == TILERT_OK &&
                 tilert_metadata_find(md, "tdesc_made")->global_scratch_bytes == 256,
          "scratch meta: global_scratch_bytes 256");
  tilert_metadata_free(md), md = NULL;
  char *bad = mutate(scratch_meta, "\"global_scratch_bytes\": 256", "\"global_scratch_bytes\": 200");
  t_check(t, tilert_metadata_parse(bad, strlen(bad), &md, err, sizeof err) == TILERT_ERROR_METADATA,
          "scratch meta: 200 refused");
  t_contains(t, "scratch meta 200", err, "\"global_scratch_bytes\" is 200: not a multiple of 128");
  free(bad);
  mock_api m;
  if (!open_mock(&m)) { t_check(t, 0, "the mock driver loads"); return; }
  const mock_pool_stats *(*stats)(void);
  if (!sym(m.lib, "mock_cuda_pool_stats", &stats)) { t_check(t, 0, "the mock has pool stats"); return; }
  setenv("TILERT_LIBCUDA", TILERT_MOCK_PATH, 1);
  tilert_runtime *rt = NULL;
  tilert_module *mod = NULL;
  tilert_kernel *k = NULL;
  tilert_devptr x = 0;
  tilert_status s = tilert_runtime_create(0, &rt);
  if (!s) s = tilert_module_load_ptx(rt, scratch_ptx, sizeof scratch_ptx - 1, scratch_meta, strlen(scratch_meta), &mod);
  if (!s) s = tilert_module_get_kernel(mod, "tdesc_made", &k);
  if (!s) s = tilert_malloc(rt, 256, &x);
  t_check(t, s == TILERT_OK, "scratch: runtime, module, kernel");
  if (s) { printf("  %s\n", tilert_runtime_last_error(rt)); tilert_runtime_destroy(rt); return; }
  const unsigned sizes[3] = {8, 4, 8};
  m.param_sizes(sizes, 3);
  tilert_arg args[2] = {tilert_ptr(x), tilert_i32(7)};
  unsigned grid[3] = {3, 2, 1};
  mock_pool_stats before = *stats();
  s = tilert_launch(k, grid, NULL, args, 2);
  if (!s) s = tilert_launch(k, grid, NULL, args, 2);
  const mock_pool_stats *after = stats();
  t_check(t, s == TILERT_OK, "scratch: two launches");
  t_check(t, after->creates == before.creates + 1 && after->release_threshold == ~0ull,
          "scratch: one pool, made on first use, release threshold unbounded");
  t_check(t, after->allocs == before.allocs + 2 && after->frees == before.frees + 2 && after->last_bytes == 3 * 2 * 256,
          "scratch: each launch allocates grid x 256 bytes and frees them in stream order");
  size_t len = 0;
  const unsigned char *p = m.last_params(&len);
  unsigned long long got_x = 0, got_scratch = 0;
  int32_t got_n = 0;
  if (len == 20) memcpy(&got_x, p, 8), memcpy(&got_n, p + 8, 4), memcpy(&got_scratch, p + 12, 8);
  t_check(t, len == 20 && got_x == x && got_n == 7 && got_scratch == after->last_ptr && got_scratch % 128 == 0,
          "scratch: params hold x, n, then the scratch pointer (128-byte aligned)");
  m.fail("cuMemAllocFromPoolAsync");
  long launches = m.launches();
  s = tilert_launch(k, grid, NULL, args, 2);
  m.fail(NULL);
  t_check(t, s == TILERT_ERROR_DRIVER && m.launches() == launches, "scratch: a failed allocation launches nothing");
  t_contains(t, "scratch alloc fails", tilert_runtime_last_error(rt), "cuMemAllocFromPoolAsync failed");
  void *saved;
  memcpy(&saved, &rt->cu.cuMemAllocFromPoolAsync, sizeof saved);
  rt->cu.cuMemAllocFromPoolAsync = NULL; /* a driver before CUDA 11.2 */
  s = tilert_launch(k, grid, NULL, args, 2);
  memcpy(&rt->cu.cuMemAllocFromPoolAsync, &saved, sizeof saved);
  t_check(t, s == TILERT_ERROR_UNSUPPORTED, "scratch: driver without stream-ordered allocation: UNSUPPORTED");
  t_contains(t, "scratch without the driver's pool", tilert_runtime_last_error(rt),
             "this driver lacks stream-ordered allocation (cuMemAllocFromPoolAsync)");
  tilert_free(rt, x);
  tilert_module_release(mod);
  int destroys = stats()->destroys;
  tilert_runtime_destroy(rt);
  t_check(t, stats()->destroys == destroys + 1, "scratch: the runtime destroys its pool");
  dlclose(m.lib);
}

/* ---- the JIT plan: descriptor entries ---------------------------------------------------- */

static void test_plan(t_state *t) {
  tilert_spec_plan *p = NULL;
  char err[512] = "", sig[512] = "";
  tilert_tensordesc a, c;
  tilert_arg args[NARGS];
  good_descs(&a, &c, 0x7f0000010000ull, 0x7f0000020000ull);
  good_args(args, &a, &c, 0x7f0000030000ull);
  args[1] = tilert_i32(32);
  tilert_status s = tilert_spec_plan_create("tensordesc<fp16[64, 32]>, i32, tensordesc, *fp32, 128",
                                            NULL, 0, NULL, 0, NULL, 0, &p, err, sizeof err);
  t_check(t, s == TILERT_OK && tilert_spec_plan_arg_count(p) == NARGS,
          "plan: a descriptor entry is one entry (commas inside <[...]> do not split)");
  if (!s) s = tilert_spec_signature(p, args, NARGS, sig, sizeof sig, err, sizeof err);
  t_check(t, s == TILERT_OK, "plan: signature for descriptor arguments");
  t_contains(t, "plan: bare tensordesc takes the argument's type", sig,
             "tensordesc<fp16[64, 32]>,i32:16,tensordesc<fp32[2, 16, 8]>,*fp32:16,128");
  tilert_tensordesc c0 = c; /* no block shape: the configs' pre_hook gives it per variant */
  memset(c0.block_shape, 0, sizeof c0.block_shape);
  args[2] = tilert_tensordesc_arg(&c0);
  s = p ? tilert_spec_signature(p, args, NARGS, sig, sizeof sig, err, sizeof err) : TILERT_ERROR_INVALID_ARGUMENT;
  t_check(t, s == TILERT_OK, "plan: a descriptor without a block shape for a bare tensordesc");
  t_contains(t, "plan: bare tensordesc without a block shape", sig,
             "tensordesc<fp16[64, 32]>,i32:16,tensordesc<fp32>,*fp32:16,128");
  args[2] = tilert_i32(3);
  s = p ? tilert_spec_signature(p, args, NARGS, sig, sizeof sig, err, sizeof err) : TILERT_OK;
  t_check(t, s == TILERT_ERROR_INVALID_ARGUMENT, "plan: an i32 for a bare tensordesc is refused");
  t_contains(t, "plan: i32 for tensordesc", err,
             "tilert: specialization: argument 2 (entry 'tensordesc') must be a tensor descriptor of rank 1 to 5");
  tilert_spec_plan_free(p);
}

int main(void) {
  t_state t = {0};
  tilert_metadata *md = NULL;
  char err[512];
  if (tilert_metadata_parse(meta, strlen(meta), &md, err, sizeof err) != TILERT_OK) {
    printf("FAIL: test metadata: %s\n", err);
    return 1;
  }
  const tilert_kernel_info *k = tilert_metadata_find(md, "tdesc_copy");
  test_meta_good(&t, k);
  test_meta_default_box(&t);
  test_meta_errors(&t);
  test_meta_too_many(&t);
  test_arg_checks(&t, k);
  test_launches(&t);
  test_scratch(&t);
  test_plan(&t);
  tilert_metadata_free(md);
  return t_summary(&t);
}
