/* Metadata JSON parsing (docs/metadata.md): a good document read field by field, then
 * malformed documents, each refused with a located message. No GPU needed. */
#include "tilec/tilert.h"
#include "rt_test.h"

#include <stdlib.h>

static const char *good =
    "{\n"
    "  \"format\": \"tilec-metadata\",\n"
    "  \"version\": 1,\n"
    "  \"compiler\": \"tilec 0.1.0\",\n"
    "  \"target\": \"sm_90a\",\n"
    "  \"kernels\": [\n"
    "    {\n"
    "      \"name\": \"add_kernel\",\n"
    "      \"num_warps\": 4,\n"
    "      \"threads_per_block\": 128,\n"
    "      \"shared_bytes\": 0,\n"
    "      \"params\": [\n"
    "        {\"name\": \"x_ptr\", \"kind\": \"ptr\", \"dtype\": \"fp32\", \"align\": 16},\n"
    "        {\"name\": \"n\", \"kind\": \"scalar\", \"dtype\": \"i32\", \"divisibility\": 1}\n"
    "      ],\n"
    "      \"constexprs\": {\"BLOCK\": 1024, \"EVEN\": true, \"EPS\": 1e-5, \"ACT\": \"gelu\"},\n"
    "      \"future_key\": [1, 2.5e3, null, true, \"\\u00e9\\ud83d\\ude00\"]\n"
    "    },\n"
    "    {\"name\": \"k2\", \"num_warps\": 8, \"shared_bytes\": 98304,\n"
    "     \"params\": [{\"name\": \"s\", \"kind\": \"scalar\", \"dtype\": \"bf16\"}]}\n"
    "  ]\n"
    "}\n";

static void test_good(t_state *t) {
  tilert_metadata *md = NULL;
  char err[512];
  tilert_status s = tilert_metadata_parse(good, strlen(good), &md, err, sizeof err);
  t_check(t, s == TILERT_OK && md, "good metadata parses");
  if (!md) { printf("  %s\n", err); return; }
  t_check(t, strcmp(tilert_metadata_target(md), "sm_90a") == 0, "target sm_90a");
  t_check(t, strcmp(tilert_metadata_compiler(md), "tilec 0.1.0") == 0, "compiler");
  t_check(t, tilert_metadata_kernel_count(md) == 2, "two kernels");
  const tilert_kernel_info *k = tilert_metadata_find(md, "add_kernel");
  t_check(t, k && k->num_warps == 4 && k->threads_per_block == 128 && k->shared_bytes == 0,
          "add_kernel: warps, threads, shared");
  t_check(t, k && k->nparams == 2, "add_kernel: two params");
  if (k && k->nparams == 2) {
    t_check(t, strcmp(k->params[0].name, "x_ptr") == 0 && k->params[0].kind == TILERT_PARAM_PTR &&
                   k->params[0].dtype == TILERT_DTYPE_FP32 && k->params[0].align == 16,
            "x_ptr: ptr fp32 align 16");
    t_check(t, strcmp(k->params[1].name, "n") == 0 && k->params[1].kind == TILERT_PARAM_SCALAR &&
                   k->params[1].dtype == TILERT_DTYPE_I32 && k->params[1].divisibility == 1,
            "n: scalar i32 divisibility 1");
  }
  int64_t block = 0;
  t_check(t, k && tilert_kernel_info_constexpr(k, "BLOCK", &block) == TILERT_OK && block == 1024,
          "add_kernel: constexpr BLOCK = 1024");
  t_check(t, k && tilert_kernel_info_constexpr(k, "EVEN", &block) == TILERT_OK && block == 1 &&
                 tilert_kernel_info_constexpr(k, "EPS", &block) == TILERT_ERROR_NOT_FOUND,
          "add_kernel: bool constexpr as 1; float constexpr not an integer");
  t_check(t, k && tilert_kernel_info_constexpr(k, "NOPE", &block) == TILERT_ERROR_NOT_FOUND,
          "add_kernel: absent constexpr: NOT_FOUND");
  const tilert_kernel_info *k2 = tilert_metadata_kernel(md, 1);
  t_check(t, k2 && strcmp(k2->name, "k2") == 0 && k2->threads_per_block == 256 &&
                 k2->shared_bytes == 98304 && k2->params[0].dtype == TILERT_DTYPE_BF16 &&
                 k2->params[0].align == 1 && k2->params[0].divisibility == 1,
          "k2: defaults (threads from warps, align 1, divisibility 1)");
  t_check(t, tilert_metadata_find(md, "nope") == NULL && tilert_metadata_kernel(md, 2) == NULL,
          "lookups of absent kernels give NULL");
  tilert_metadata_free(md);
}

/* Replaces the first occurrence of `from` in the good document by `to`. */
static char *mutate(const char *from, const char *to) {
  const char *at = strstr(good, from);
  if (!at) { printf("BUG: '%s' not in the good document\n", from); exit(2); }
  size_t a = (size_t)(at - good), nf = strlen(from), nt = strlen(to), n = strlen(good);
  char *out = malloc(n - nf + nt + 1);
  memcpy(out, good, a);
  memcpy(out + a, to, nt);
  memcpy(out + a + nt, at + nf, n - a - nf + 1);
  return out;
}

typedef struct bad_case {
  const char *what, *from, *to, *expect;
} bad_case;

static const bad_case bad_cases[] = {
    {"truncated", "  ]\n}\n", "  ]\n", "metadata:22:1: expected ',' or '}' in object, got end of input"},
    {"trailing comma", "\"ACT\": \"gelu\"}", "\"ACT\": \"gelu\",}", "expected a string key in object"},
    {"garbage after", "  ]\n}\n", "  ]\n} x", "unexpected 'x' after the JSON value"},
    {"bad literal", "true", "tru", "invalid literal (expected 'true')"},
    {"bad escape", "\\u00e9", "\\q", "invalid escape in string"},
    {"lone surrogate", "\\ud83d\\ude00", "\\ud83d", "unpaired surrogate"},
    {"duplicate key", "\"version\": 1,", "\"version\": 1, \"version\": 1,", "duplicate key \"version\""},
    {"wrong format", "tilec-metadata", "triton-metadata", "\"format\": expected \"tilec-metadata\", got \"triton-metadata\""},
    {"wrong version", "\"version\": 1", "\"version\": 3", "unsupported metadata version 3 (this runtime reads versions 1 to 2)"},
    {"version not a number", "\"version\": 1", "\"version\": \"1\"", "\"version\": expected number, got string"},
    {"missing target", "\"target\": \"sm_90a\",", "", "missing required key \"target\""},
    {"bad target", "sm_90a", "gfx90a", "\"target\": expected sm_NN or sm_NNa, got \"gfx90a\""},
    {"kernels not array", "\"kernels\": [", "\"kernels\": 5, \"x\": [", "metadata:6:14: \"kernels\": expected array, got number"},
    {"missing num_warps", "\"num_warps\": 4,", "", "kernel add_kernel: missing required key \"num_warps\""},
    {"num_warps fraction", "\"num_warps\": 4", "\"num_warps\": 4.5", "\"num_warps\": expected an integer, got 4.5"},
    {"num_warps zero", "\"num_warps\": 4", "\"num_warps\": 0", "\"num_warps\": 0 is out of range [1, 32]"},
    {"threads mismatch", "\"threads_per_block\": 128", "\"threads_per_block\": 64", "\"threads_per_block\" is 64 but num_warps 4 needs 128"},
    {"negative shared", "\"shared_bytes\": 0", "\"shared_bytes\": -1", "\"shared_bytes\": -1 is out of range"},
    {"missing params", "\"params\": [\n        {\"name\": \"x_ptr\"", "\"parms\": [\n        {\"name\": \"x_ptr\"", "kernel add_kernel: missing required key \"params\""},
    {"bad kind", "\"kind\": \"ptr\"", "\"kind\": \"vec\"", "kernel add_kernel: params[0]: \"kind\": expected \"ptr\", \"scalar\" or \"tensordesc\", got \"vec\""},
    {"bad dtype", "\"dtype\": \"fp32\"", "\"dtype\": \"f32\"", "params[0]: \"dtype\": unknown dtype \"f32\""},
    {"fp8 scalar", "\"dtype\": \"bf16\"", "\"dtype\": \"fp8e4nv\"", "param s: \"dtype\": fp8 is for pointers (no fp8 scalar parameters)"},
    {"align not pow2", "\"align\": 16", "\"align\": 12", "param x_ptr: \"align\": 12 is not a power of two"},
    {"divisibility zero", "\"divisibility\": 1", "\"divisibility\": 0", "param n: \"divisibility\": 0 is out of range"},
    {"param missing name", "{\"name\": \"x_ptr\", ", "{", "params[0]: missing required key \"name\""},
    {"duplicate param", "{\"name\": \"n\"", "{\"name\": \"x_ptr\"", "duplicate parameter name \"x_ptr\""},
    {"duplicate kernel", "{\"name\": \"k2\"", "{\"name\": \"add_kernel\"", "duplicate kernel \"add_kernel\""},
    {"empty name", "\"name\": \"add_kernel\"", "\"name\": \"\"", "\"name\": empty string"},
    {"empty kernels", "\"kernels\": [", "\"kernels\": [], \"x\": [", "\"kernels\" is empty"},
};

static void test_bad(t_state *t) {
  for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
    const bad_case *c = &bad_cases[i];
    char *doc = mutate(c->from, c->to);
    tilert_metadata *md = (tilert_metadata *)1;
    char err[512] = "";
    tilert_status s = tilert_metadata_parse(doc, strlen(doc), &md, err, sizeof err);
    char what[128];
    snprintf(what, sizeof what, "%s: refused with TILERT_ERROR_METADATA", c->what);
    t_check(t, s == TILERT_ERROR_METADATA && md == NULL, what);
    t_contains(t, c->what, err, c->expect);
    free(doc);
  }
}

/* Version 2 (what tilec writes since autotune variants): num_stages, variant_of/variant per
 * kernel, and a tuning entry per autotuned kernel. */
static const char *good_v2 =
    "{\"format\": \"tilec-metadata\", \"version\": 2, \"compiler\": \"tilec 0.1.0\", \"target\": \"sm_90a\",\n"
    " \"kernels\": [\n"
    "  {\"name\": \"scale\", \"variant_of\": \"scale\", \"variant\": 0, \"num_warps\": 8, \"num_stages\": 3,\n"
    "   \"shared_bytes\": 0, \"params\": [], \"constexprs\": {\"BLOCK\": 256}},\n"
    "  {\"name\": \"scale__v2\", \"variant_of\": \"scale\", \"variant\": 2, \"num_warps\": 4, \"num_stages\": 2,\n"
    "   \"shared_bytes\": 0, \"params\": [], \"constexprs\": {\"BLOCK\": 64}},\n"
    "  {\"name\": \"plain\", \"num_warps\": 4, \"num_stages\": 0, \"params\": []}\n"
    " ],\n"
    " \"tuning\": [\n"
    "  {\"kernel\": \"scale\", \"variants\": [\"scale\", \"scale__v2\"], \"configs\": 3, \"kept\": 2,\n"
    "   \"key\": [\"n\"], \"prune\": \"applied\", \"rep\": 100, \"reset_to_zero\": [\"out_ptr\"],\n"
    "   \"restore_value\": [], \"warmup\": 25}\n"
    " ]}\n";

static void test_good_v2(t_state *t) {
  tilert_metadata *md = NULL;
  char err[512];
  tilert_status s = tilert_metadata_parse(good_v2, strlen(good_v2), &md, err, sizeof err);
  t_check(t, s == TILERT_OK && md, "v2: good metadata parses");
  if (!md) { printf("  %s\n", err); return; }
  t_check(t, tilert_metadata_version(md) == 2 && tilert_metadata_kernel_count(md) == 3, "v2: version 2, three kernels");
  const tilert_kernel_info *v2 = tilert_metadata_find(md, "scale__v2"), *pl = tilert_metadata_find(md, "plain");
  t_check(t, v2 && v2->variant == 2 && strcmp(v2->variant_of, "scale") == 0 && v2->num_stages == 2,
          "v2: scale__v2 is variant 2 of scale, 2 stages");
  t_check(t, pl && pl->variant == -1 && pl->variant_of == NULL, "v2: plain is no variant");
  t_check(t, tilert_metadata_tuning_count(md) == 1 && tilert_metadata_tuning(md, 1) == NULL, "v2: one tuning entry");
  const tilert_tuning_info *tu = tilert_metadata_find_tuning(md, "scale");
  t_check(t, tu && tu->nvariants == 2 && strcmp(tu->variants[1], "scale__v2") == 0 && tu->configs == 3,
          "v2: tuning scale: variants scale, scale__v2 of 3 configs");
  t_check(t, tu && tu->nkey == 1 && strcmp(tu->key[0], "n") == 0 && tu->nreset_to_zero == 1 &&
                 strcmp(tu->reset_to_zero[0], "out_ptr") == 0 && tu->nrestore_value == 0,
          "v2: key [n], reset_to_zero [out_ptr], restore_value []");
  t_check(t, tu && tu->warmup == 25 && tu->rep == 100 && strcmp(tu->prune, "applied") == 0,
          "v2: warmup 25, rep 100, prune applied");
  t_check(t, tilert_metadata_find_tuning(md, "plain") == NULL, "v2: no tuning entry for plain");
  tilert_metadata_free(md);
  md = NULL;
  s = tilert_metadata_parse(good, strlen(good), &md, err, sizeof err);
  const tilert_kernel_info *k = md ? tilert_metadata_kernel(md, 0) : NULL;
  t_check(t, k && tilert_metadata_version(md) == 1 && k->variant == -1 && !k->variant_of && k->num_stages == 0 &&
                 tilert_metadata_tuning_count(md) == 0,
          "v1: reads as no variants, no tuning");
  tilert_metadata_free(md);
}

static void test_bad_v2(t_state *t) {
  static const bad_case cases[] = {
      {"v2 unknown variant", "[\"scale\", \"scale__v2\"]", "[\"scale\", \"scale__v9\"]",
       "tuning scale: variant \"scale__v9\" is not a kernel of this metadata"},
      {"v2 variant without variant_of", "\"variant_of\": \"scale\", \"variant\": 2", "\"variant\": 2",
       "kernel scale__v2: \"variant_of\" and \"variant\" go together"},
      {"v2 key not strings", "\"key\": [\"n\"]", "\"key\": [1]", "tuning scale: \"key\": expected non-empty strings"},
      {"v2 empty variants", "\"variants\": [\"scale\", \"scale__v2\"]", "\"variants\": []", "tuning scale: \"variants\" is empty"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const char *at = strstr(good_v2, cases[i].from);
    if (!at) { printf("BUG: '%s' not in the v2 document\n", cases[i].from); exit(2); }
    size_t a = (size_t)(at - good_v2), nf = strlen(cases[i].from), nt = strlen(cases[i].to), n = strlen(good_v2);
    char *doc = malloc(n - nf + nt + 1);
    memcpy(doc, good_v2, a), memcpy(doc + a, cases[i].to, nt), memcpy(doc + a + nt, at + nf, n - a - nf + 1);
    tilert_metadata *md = (tilert_metadata *)1;
    char err[512] = "";
    tilert_status s = tilert_metadata_parse(doc, strlen(doc), &md, err, sizeof err);
    t_check(t, s == TILERT_ERROR_METADATA && md == NULL, cases[i].what);
    t_contains(t, cases[i].what, err, cases[i].expect);
    free(doc);
  }
}

static void test_edges(t_state *t) {
  tilert_metadata *md;
  char err[256];
  t_check(t, tilert_metadata_parse("", 0, &md, err, sizeof err) == TILERT_ERROR_METADATA,
          "empty input refused");
  t_contains(t, "empty input", err, "metadata:1:1: expected a value, got end of input");
  t_check(t, tilert_metadata_parse("[1]", 3, &md, err, sizeof err) == TILERT_ERROR_METADATA,
          "array at top refused");
  t_contains(t, "array at top", err, "expected an object at the top level, got array");
  char deep[200];
  memset(deep, '[', 100);
  memset(deep + 100, ']', 100);
  t_check(t, tilert_metadata_parse(deep, 200, &md, err, sizeof err) == TILERT_ERROR_METADATA,
          "deep nesting refused");
  t_contains(t, "deep nesting", err, "nesting deeper than 64");
  t_check(t, tilert_metadata_parse(good, strlen(good), &md, NULL, 0) == TILERT_OK,
          "no error buffer is fine");
  tilert_metadata_free(md);
  /* a prefix of the document that is not NUL-terminated where it ends */
  t_check(t, tilert_metadata_parse(good, strlen(good) - 4, &md, err, sizeof err) == TILERT_ERROR_METADATA,
          "length is honoured (no read past len)");
  t_check(t, strcmp(tilert_dtype_name(TILERT_DTYPE_BF16), "bf16") == 0 &&
                 tilert_dtype_size(TILERT_DTYPE_FP64) == 8 && tilert_dtype_size(TILERT_DTYPE_I1) == 1 &&
                 tilert_dtype_size(TILERT_DTYPE_FP8E4NV) == 1 && strcmp(tilert_dtype_name(TILERT_DTYPE_FP8E5), "fp8e5") == 0,
          "dtype names and sizes");
  t_check(t, strcmp(tilert_status_name(TILERT_ERROR_METADATA), "TILERT_ERROR_METADATA") == 0,
          "status names");
}

int main(void) {
  t_state t = {0};
  test_good(&t);
  test_bad(&t);
  test_edges(&t);
  test_good_v2(&t);
  test_bad_v2(&t);
  return t_summary(&t);
}
