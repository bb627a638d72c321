/* Fuzz target "meta": libtilert's metadata JSON parser (runtime/json.c, runtime/meta.c),
 * launch-argument checker and packer (runtime/args.c), and the cubin-bundle reader
 * (runtime/cubin_bundle.c, on the whole input). No GPU, no driver.
 *
 * Input: the metadata JSON, then optionally a NUL byte and launch arguments, 9 bytes each
 * (a kind byte, taken modulo 6 so that one value is out of range, and 8 value bytes). Every
 * kernel the document describes is checked against those arguments, and against arguments
 * built to match its parameters (so the checker's accepting path and the packer run too). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tilec/tilert.h"
#include "../../runtime/rt_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Reads up to TILERT_MAX_PARAMS + 2 arguments from the bytes after the NUL. */
static size_t read_args(const uint8_t *p, size_t n, tilert_arg *out) {
  size_t count = 0;
  while (n >= 9 && count < TILERT_MAX_PARAMS + 2) {
    memset(&out[count], 0, sizeof out[count]);
    out[count].kind = (tilert_arg_kind)(p[0] % 6);
    memcpy(&out[count].v, p + 1, 8);
    count++, p += 9, n -= 9;
  }
  return count;
}

/* An argument that satisfies parameter `pi` (aligned pointer, divisible in-range integer). */
static tilert_arg matching_arg(const tilert_param_info *pi) {
  if (pi->kind == TILERT_PARAM_PTR) return tilert_ptr(pi->align ? (tilert_devptr)pi->align * 4096 : 4096);
  switch (pi->dtype) {
  case TILERT_DTYPE_I64: case TILERT_DTYPE_U64:
    return tilert_i64(pi->divisibility ? (int64_t)(pi->divisibility % (1ull << 62)) : 0);
  case TILERT_DTYPE_FP16: case TILERT_DTYPE_BF16: case TILERT_DTYPE_FP32: return tilert_f32(1.5f);
  case TILERT_DTYPE_FP64: return tilert_f64(-2.5);
  default: return tilert_i32(0);
  }
}

static void check_kernel(const tilert_kernel_info *k, const tilert_arg *fuzzed, size_t nfuzzed) {
  char err[256];
  rt_slot slots[TILERT_MAX_PARAMS + 2];
  tilert_arg built[TILERT_MAX_PARAMS + 2];
  if (tilert_args_check(k, fuzzed, nfuzzed, err, sizeof err) == TILERT_OK)
    rt_args_pack(k, fuzzed, slots);
  if (k->nparams > TILERT_MAX_PARAMS) return;
  for (size_t i = 0; i < k->nparams; i++) built[i] = matching_arg(&k->params[i]);
  if (tilert_args_check(k, built, k->nparams, err, sizeof err) == TILERT_OK) rt_args_pack(k, built, slots);
  int64_t v;
  for (size_t i = 0; i < k->nconstexprs; i++)
    (void)tilert_kernel_info_constexpr(k, k->constexprs[i].name, &v);
  (void)tilert_kernel_info_constexpr(k, "BLOCK", &v);
}

/* The whole input as a cubin bundle (runtime/cubin_bundle.c): a refusal says why, and an
 * accepted bundle's members lie inside the input and start with the ELF magic. */
static void check_bundle(const uint8_t *data, size_t size) {
  rt_bundle_item *it = NULL;
  size_t n = 0;
  char err[256] = "";
  if (rt_bundle_read(data, size, &it, &n, err, sizeof err) != TILERT_OK) {
    if (strncmp(err, "tilert: ", 8) != 0) __builtin_trap();
    return;
  }
  for (size_t i = 0; i < n; i++) {
    const uint8_t *c = it[i].cubin, *e = (const uint8_t *)it[i].entry;
    if (c < data || it[i].len > size || c + it[i].len > data + size || memcmp(c, "\x7f" "ELF", 4) ||
        e < data || e + it[i].entry_len > data + size)
      __builtin_trap();
  }
  free(it);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  check_bundle(data, size);
  const uint8_t *nul = memchr(data, 0, size);
  size_t jlen = nul ? (size_t)(nul - data) : size;
  tilert_arg args[TILERT_MAX_PARAMS + 2];
  size_t nargs = nul ? read_args(nul + 1, size - jlen - 1, args) : 0;
  char err[256];
  tilert_metadata *md = NULL;
  if (tilert_metadata_parse((const char *)data, jlen, &md, err, sizeof err) != TILERT_OK) {
    if (strncmp(err, "tilert: ", 8) != 0) __builtin_trap(); /* every refusal says why */
    return 0;
  }
  (void)tilert_metadata_target(md);
  (void)tilert_metadata_compiler(md);
  for (size_t i = 0; i < tilert_metadata_kernel_count(md); i++) {
    const tilert_kernel_info *k = tilert_metadata_kernel(md, i);
    if (tilert_metadata_find(md, k->name) == NULL) __builtin_trap(); /* a listed kernel is found */
    check_kernel(k, args, nargs);
  }
  tilert_metadata_free(md);
  return 0;
}
