/* Fuzz target "meta": libtilert's metadata JSON parser (runtime/json.c, runtime/meta.c),
 * launch-argument checker and packer (runtime/args.c), and the cubin-bundle reader
 * (runtime/cubin_bundle.c, on the whole input). No GPU, no driver.
 *
 * Input: the metadata JSON, then optionally a NUL byte and launch arguments, 9 bytes each
 * (a kind byte, taken modulo 7 so that one value is out of range, and 8 value bytes; a
 * tensor descriptor's fields are made from its value bytes). Every
 * kernel the document describes is checked against those arguments, and against arguments
 * built to match its parameters (so the checker's accepting path and the packer run too). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tilec/tilert.h"
#include "../../runtime/rt_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A descriptor from 8 fuzzed bytes: dtype, rank (0..7), base, shape and strides. */
static void fuzzed_desc(const uint8_t *b, tilert_tensordesc *d) {
  memset(d, 0, sizeof *d);
  d->dtype = (tilert_dtype)(b[0] % (TILERT_DTYPE_COUNT_ + 1));
  d->rank = b[1] % 8;
  d->base = (tilert_devptr)b[2] << 4 | (b[3] & 0xf);
  for (int j = 0; j < TILERT_TENSORDESC_MAX_RANK; j++) {
    d->shape[j] = (int64_t)b[4 + j % 4] - 8;
    d->strides[j] = j == TILERT_TENSORDESC_MAX_RANK - 1 ? 1 : (int64_t)b[4 + (j + 1) % 4] * 8;
    d->block_shape[j] = 1 << (b[5 + j % 3] % 9);
  }
}

/* Reads up to TILERT_MAX_PARAMS + 2 arguments from the bytes after the NUL; descriptors go
 * into descs (one per argument). */
static size_t read_args(const uint8_t *p, size_t n, tilert_arg *out, tilert_tensordesc *descs) {
  size_t count = 0;
  while (n >= 9 && count < TILERT_MAX_PARAMS + 2) {
    memset(&out[count], 0, sizeof out[count]);
    out[count].kind = (tilert_arg_kind)(p[0] % 7);
    memcpy(&out[count].v, p + 1, 8);
    if (out[count].kind == TILERT_ARG_TENSORDESC) {
      fuzzed_desc(p + 1, &descs[count]);
      out[count].v.desc = &descs[count];
    }
    count++, p += 9, n -= 9;
  }
  return count;
}

/* An argument that satisfies parameter `pi` (aligned pointer, divisible in-range integer,
 * a descriptor of its type, written into *desc). */
static tilert_arg matching_arg(const tilert_param_info *pi, tilert_tensordesc *desc) {
  if (pi->kind == TILERT_PARAM_TENSORDESC) {
    *desc = (tilert_tensordesc){.base = 4096, .dtype = pi->dtype, .rank = pi->rank};
    for (uint32_t j = 0; j < pi->rank && j < TILERT_TENSORDESC_MAX_RANK; j++) {
      desc->shape[j] = 64, desc->block_shape[j] = pi->block_shape[j];
      desc->strides[j] = j + 1 == pi->rank ? 1 : 64 * 64;
    }
    return tilert_tensordesc_arg(desc);
  }
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
  tilert_tensordesc descs[TILERT_MAX_PARAMS];
  if (tilert_args_check(k, fuzzed, nfuzzed, err, sizeof err) == TILERT_OK)
    rt_args_pack(k, fuzzed, slots);
  if (k->nparams > TILERT_MAX_PARAMS) return;
  for (size_t i = 0; i < k->nparams; i++) built[i] = matching_arg(&k->params[i], &descs[i]);
  if (tilert_args_check(k, built, k->nparams, err, sizeof err) == TILERT_OK) rt_args_pack(k, built, slots);
  int64_t v;
  for (size_t i = 0; i < k->nconstexprs; i++)
    (void)tilert_kernel_info_constexpr(k, k->constexprs[i].name, &v);
  (void)tilert_kernel_info_constexpr(k, "BLOCK", &v);
}

/* The whole input as a cubin bundle (runtime/cubin_bundle.c): a refusal says why, and an
 * accepted bundle's members lie inside the input and start with the ELF magic, or are
 * failed members (an entry that did not assemble: the message after "TLRTFAIL"). */
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
    if (c < data || it[i].len > size || c + it[i].len > data + size ||
        (it[i].failed ? memcmp(c - 8, "TLRTFAIL", 8) : it[i].len < 4 || memcmp(c, "\x7f" "ELF", 4)) ||
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
  tilert_tensordesc descs[TILERT_MAX_PARAMS + 2];
  size_t nargs = nul ? read_args(nul + 1, size - jlen - 1, args, descs) : 0;
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
