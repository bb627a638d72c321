/* Semantic analysis of host tensor descriptors: kernel parameters typed
 * `tensordesc<fp16[128, 64]>` (a --signature entry or a string annotation, as Triton 3.6
 * spells them), which the host builds (a CUtensorMap, libtilert) and the kernel reads and
 * writes through TMA.
 *
 * Such a parameter is a function argument of type !tt.tensordesc<tensor<128x64xf16>>; in
 * the kernel it is an SV_HOSTDESC value: the argument, its element dtype and a sema_bptr
 * holding the compile-time part (rank, block_shape, element dtype). desc.load(offsets),
 * desc.store(offsets, value), tl.load_tensor_descriptor and tl.store_tensor_descriptor emit
 * tt.descriptor_load / tt.descriptor_store; desc.block_shape and desc.dtype are compile-time
 * values. The descriptor is no tensor: arithmetic on it, or passing it where a tensor or
 * pointer goes, is an error. In-kernel descriptors (tl.make_tensor_descriptor) are another
 * thing, expanded to pointer tensors in sema_blockptr.c. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "Frontend/sema.h"

/* ---- the spelling ------------------------------------------------------------------------ */

static const char *skip_sp(const char *p) {
  while (*p == ' ') p++;
  return p;
}

/* Reads "DTYPE[D0, D1, ...]>" after "tensordesc<" into *out; false on a bad spelling
 * (checks of the values come after). A dim is a number or the name of a constexpr parameter
 * (names[d], copied into the arena; its dim 0 until resolved). "DTYPE>" alone (no block
 * shape: a config's pre_hook gives it) is rank 0. */
static bool parse_body(sema *S, const char *p, sema_dtype *out_dt, unsigned *out_rank, int64_t *dims,
                       const char **names) {
  p = skip_sp(p);
  size_t n = strcspn(p, "[ >");
  char name[16];
  int64_t div;
  if (n == 0 || n >= sizeof name) return false;
  memcpy(name, p, n), name[n] = '\0';
  if (!sema_dt_parse(name, out_dt, &div) || div != 1) return false;
  p = skip_sp(p + n);
  if (*p == '>') return *out_rank = 0, *skip_sp(p + 1) == '\0';
  if (*p++ != '[') return false;
  unsigned rank = 0;
  do {
    p = skip_sp(p);
    if (rank == IR_MAX_RANK) return false;
    if (isalpha((unsigned char)*p) || *p == '_') {
      size_t len = 1;
      while (isalnum((unsigned char)p[len]) || p[len] == '_') len++;
      names[rank] = sup_arena_strndup(S->arena, p, len);
      dims[rank++] = 0;
      p = skip_sp(p + len);
      continue;
    }
    if (!isdigit((unsigned char)*p)) return false;
    char *end;
    long long d = strtoll(p, &end, 10);
    names[rank] = NULL;
    dims[rank++] = d;
    p = skip_sp(end);
  } while (*p == ',' && p++);
  if (*p++ != ']') return false;
  p = skip_sp(p);
  if (*p++ != '>') return false;
  *out_rank = rank;
  return *skip_sp(p) == '\0';
}

static bool is_pow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

/* The value checks: element type, rank, block dims, TMA's 16-byte rows, the target. */
static bool check_desc(sema *S, ir_loc loc, const char *param, const sema_bptr *bp) {
  char b[16];
  if (sema_dt_is_ptr(bp->elt) || bp->elt.kind == SD_I1) {
    sema_error(S, loc, "parameter '%s': a tensordesc's element type must be a number type (fp16, bf16, fp32, "
               "fp8e4nv, i8, i32, ...), got %s", param, sema_dt_name(bp->elt, b));
    return false;
  }
  if (bp->rank > IR_MAX_TENSORDESC_RANK) {
    sema_error(S, loc, "parameter '%s': a host tensor descriptor has 1 to %d dims, got %u", param,
               IR_MAX_TENSORDESC_RANK, bp->rank);
    return false;
  }
  for (unsigned d = 0; d < bp->rank; d++)
    if (!is_pow2(bp->block[d]) || bp->block[d] > (1 << 30)) {
      sema_error(S, loc, "parameter '%s': block dim %u = %lld must be a power of 2 (at most 2^30)", param, d,
                 (long long)bp->block[d]);
      return false;
    }
  int64_t row = bp->block[bp->rank - 1] * (int64_t)(sema_dt_bits(bp->elt) / 8);
  if (row < 16) {
    sema_error(S, loc, "parameter '%s': the innermost block dim spans %lld bytes; TMA needs at least 16", param,
               (long long)row);
    return false;
  }
  if (S->opts && S->opts->target_name && !S->opts->target_has_tma) {
    sema_error(S, loc, "parameter '%s': host tensor descriptors need sm_90 (TMA); the target is %s", param,
               S->opts->target_name);
    return false;
  }
  return true;
}

int sema_tdesc_parse(sema *S, ir_loc loc, const char *param, const char *spec, const sema_bptr **out) {
  const char *p = skip_sp(spec);
  if (strncmp(p, "tensordesc", 10) != 0) return 0;
  sema_bptr *bp = sup_arena_alloc(S->arena, sizeof *bp);
  *bp = (sema_bptr){.is_desc = true};
  const char *q = skip_sp(p + 10);
  if (*q != '<' || !parse_body(S, q + 1, &bp->elt, &bp->rank, bp->block, bp->block_names)) {
    sema_error(S, loc, "invalid tensordesc type '%s' for parameter '%s': expected tensordesc<DTYPE[D0, D1, ...]>, "
               "as tensordesc<fp16[128, 64]> (a dtype as in '*fp16', then 1 to %d block dims, each a number or "
               "the name of a constexpr parameter)", spec, param, IR_MAX_TENSORDESC_RANK);
    return -1;
  }
  for (unsigned d = 0; d < bp->rank; d++) bp->order[d] = bp->rank - 1 - d;
  bool named = false;
  for (unsigned d = 0; d < bp->rank; d++) named |= bp->block_names[d] != NULL;
  if (bp->rank && !named && !check_desc(S, loc, param, bp)) return -1; /* named, bare: when resolved */
  *out = bp;
  return 1;
}

bool sema_tdesc_resolve(sema *S, ir_loc loc, const char *param, const sema_bptr *bp,
                        bool (*value)(void *user, const char *name, sema_val *out), void *user,
                        bool lenient, const sema_bptr **out) {
  *out = bp;
  if (bp->rank == 0) { /* tensordesc<fp16>: no pre_hook gave it a block shape */
    *out = NULL;
    if (lenient) return true;
    char b[16];
    const char *dt = sema_dt_name(bp->elt, b);
    sema_error(S, loc, "parameter '%s': tensordesc<%s> has no block shape; give it in the signature "
               "(tensordesc<%s[BLOCK_M, 64]>, dims may name constexprs) or set nargs[\"%s\"].block_shape in the "
               "configs' pre_hook", param, dt, dt, param);
    return false;
  }
  bool named = false;
  for (unsigned d = 0; d < bp->rank; d++) named |= bp->block_names[d] != NULL;
  if (!named) return true;
  sema_bptr *r = sup_arena_alloc(S->arena, sizeof *r);
  *r = *bp;
  for (unsigned d = 0; d < bp->rank; d++) {
    const char *n = bp->block_names[d];
    if (!n) continue;
    sema_val v;
    if (!value(user, n, &v)) {
      *out = NULL;
      if (lenient) return true;
      sema_error(S, loc, "parameter '%s': tensordesc block dim %u is '%s', which is no constexpr parameter with "
                 "a value here (name a tl.constexpr of this kernel: a config's, the signature's or -D's)",
                 param, d, n);
      return false;
    }
    if (v.kind != SV_INT) {
      *out = NULL;
      if (lenient) return true;
      sema_error(S, loc, "parameter '%s': tensordesc block dim %u is '%s' = %s; it must be an integer", param, d,
                 n, sema_repr(S, &v));
      return false;
    }
    r->block[d] = v.i;
    r->block_names[d] = NULL;
  }
  if (!check_desc(S, loc, param, r)) return false;
  *out = r;
  return true;
}

bool sema_tdesc_with_block(sema *S, ir_loc loc, const char *param, const sema_bptr *bp, unsigned rank,
                           const int64_t *block, const sema_bptr **out) {
  sema_bptr *r = sup_arena_alloc(S->arena, sizeof *r);
  *r = *bp;
  r->rank = rank;
  for (unsigned d = 0; d < rank; d++) r->block[d] = block[d], r->block_names[d] = NULL, r->order[d] = rank - 1 - d;
  if (!check_desc(S, loc, param, r)) return false;
  *out = r;
  return true;
}

const ir_type *sema_tdesc_ir_type(sema *S, const sema_bptr *bp) {
  return ir_tensordesc_type(S->ctx, sema_shaped(S, bp->elt, bp->rank, bp->block));
}

sema_val sema_hostdesc(ir_value *v, const sema_bptr *bp) {
  return (sema_val){.kind = SV_HOSTDESC, .v = v, .dt = bp->elt, .bp = bp};
}

/* ---- attributes and accesses ----------------------------------------------------------- */

bool sema_hostdesc_attr(sema *S, const sema_val *v, const char *name, ir_loc loc, sema_val *out) {
  const sema_bptr *bp = v->bp;
  if (!strcmp(name, "block_shape")) {
    sema_val *el = sup_arena_alloc(S->arena, (bp->rank + 1) * sizeof(sema_val));
    for (unsigned d = 0; d < bp->rank; d++) el[d] = sema_int(bp->block[d]);
    *out = (sema_val){.kind = SV_TUPLE, .n = bp->rank, .elems = el};
  } else if (!strcmp(name, "dtype")) {
    *out = sema_dtype_val(bp->elt);
  } else if (!strcmp(name, "load") || !strcmp(name, "store")) {
    sema_val *self = sup_arena_alloc(S->arena, sizeof *self);
    *self = *v;
    *out = (sema_val){.kind = SV_BUILTIN, .path = sup_arena_printf(S->arena, "tensor_descriptor.%s", name),
                      .self = self};
  } else {
    sema_error(S, loc, "a host tensor descriptor has no attribute '%s' (block_shape, dtype, load and store are "
               "available; its shape and strides are known only at run time)", name);
    return false;
  }
  return true;
}

/* The offsets as i32 scalars (compile-time ints become constants). */
static bool offsets_i32(sema *S, ir_loc loc, const char *disp, const sema_val *desc, const sema_val *offsets,
                        ir_value **out) {
  sema_val parts[IR_MAX_RANK];
  if (!sema_desc_offsets(S, loc, disp, desc->bp->rank, offsets, parts)) return false;
  for (unsigned d = 0; d < desc->bp->rank; d++)
    out[d] = parts[d].kind == SV_TENSOR ? parts[d].v : sema_const_scalar(S, loc, &parts[d], sema_dt(SD_I32));
  return true;
}

bool sema_hostdesc_load(sema *S, ir_loc loc, const char *disp, const sema_val *desc, const sema_val *offsets,
                        sema_val *out) {
  ir_value *ops[1 + IR_MAX_RANK];
  ops[0] = desc->v;
  if (!offsets_i32(S, loc, disp, desc, offsets, ops + 1)) return false;
  const ir_type *rt = ir_tensordesc_block(desc->v->type);
  *out = sema_tensor(sema_emit1(S, loc, "tt.descriptor_load", 1 + desc->bp->rank, ops, rt), desc->bp->elt);
  return true;
}

bool sema_hostdesc_store(sema *S, ir_loc loc, const char *disp, const sema_val *desc, const sema_val *offsets,
                         const sema_val *value) {
  ir_value *ops[2 + IR_MAX_RANK];
  sema_val val;
  ops[0] = desc->v;
  if (!sema_desc_store_value(S, loc, disp, desc->bp, value, &val) || !offsets_i32(S, loc, disp, desc, offsets, ops + 1))
    return false;
  ops[1 + desc->bp->rank] = val.v;
  sema_emit(S, loc, "tt.descriptor_store", 2 + desc->bp->rank, ops, 0, NULL);
  return true;
}
