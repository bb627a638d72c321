/* Semantic analysis of block pointers (tl.make_block_ptr, tl.advance, tl.load/tl.store on
 * them) and in-kernel tensor descriptors (tl.make_tensor_descriptor, desc.load, desc.store),
 * as Triton 3.6 defines them.
 *
 * Neither is an IR type: a block pointer is a compile-time structure (sema_bptr: rank, element
 * dtype, block_shape, order) with scalar run-time parts (base, shape, strides, offsets), each a
 * compile-time int or an IR scalar. A load or store through one expands here into the ordinary
 * pointer tensor and mask:
 *   ptrs = (base + sum_d offset_d * stride_d) + sum_d arange(block_d) * stride_d
 *   mask = and over the checked dims d of (arange(block_d) >= -offset_d) & (arange(block_d) <
 *          shape_d - offset_d)
 * so that the per-element part is loop-invariant (licm hoists it) and only scalars change with
 * the offsets; the scalar part is computed in 64 bits, the per-element part in the strides'
 * own type (32 bits for i32 strides, as a pointer-tensor kernel does). A checked load reads
 * `other` = 0 or NaN (padding_option) out of bounds; a checked store drops those elements.
 * Loops and ifs carry the changed parts only (sema.c flattens a block pointer into them). */
#include <math.h>
#include <string.h>

#include "Dialect/attr_names.h"
#include "Frontend/sema.h"

enum { P_BASE = 0 };
static unsigned p_shape(const sema_bptr *bp, unsigned d) { return (void)bp, 1 + d; }
static unsigned p_stride(const sema_bptr *bp, unsigned d) { return 1 + bp->rank + d; }
static unsigned p_off(const sema_bptr *bp, unsigned d) { return 1 + 2 * bp->rank + d; }

unsigned sema_bptr_nparts(const sema_bptr *bp) { return 1 + (bp->is_desc ? 2 : 3) * bp->rank; }

bool sema_bptr_same_kind(const sema_bptr *a, const sema_bptr *b) {
  if (a == b) return true;
  if (a->rank != b->rank || a->is_desc != b->is_desc || a->pad_nan != b->pad_nan || !sema_dt_eq(a->elt, b->elt))
    return false;
  for (unsigned d = 0; d < a->rank; d++)
    if (a->block[d] != b->block[d] || a->order[d] != b->order[d]) return false;
  return true;
}

void sema_bptr_drop_tma(sema_val *a, sema_val *b) {
  if (a->kind != SV_BLOCKPTR || b->kind != SV_BLOCKPTR || a->v == b->v) return;
  a->v = b->v = NULL;
}

static const char *what_of(const sema_bptr *bp) { return bp->is_desc ? "tensor descriptor" : "block pointer"; }

/* ---- arguments --------------------------------------------------------------------------- */

/* A sequence argument: a tuple or list, or one value standing for a 1-tuple (as Triton). */
static void seq_of(const sema_val *v, unsigned *out_n, const sema_val **out_el) {
  if (v->kind == SV_TUPLE) *out_n = v->n, *out_el = v->elems;
  else *out_n = 1, *out_el = v;
}

static bool rank_matches(sema *S, ir_loc loc, const char *disp, const char *what, unsigned n, unsigned rank) {
  if (n == rank) return true;
  sema_error(S, loc, "%s(): '%s' has %u entr%s but the block has rank %u", disp, what, n, n == 1 ? "y" : "ies",
             rank);
  return false;
}

/* One shape/stride/offset entry as a part: a compile-time int stays one; an integer scalar is
 * cast to i32, or kept in 64 bits when it has them and `allow64` (offsets are 32-bit: Triton
 * rejects an i64 one, and so does this). */
static bool int_part(sema *S, ir_loc loc, const char *disp, const char *what, unsigned d, const sema_val *v,
                     bool allow64, sema_val *out) {
  if (v->kind == SV_INT || v->kind == SV_BOOL) {
    if (!allow64 && (v->i < INT32_MIN || v->i > INT32_MAX)) {
      sema_error(S, loc, "%s(): %s[%u] = %lld does not fit in 32 bits", disp, what, d, (long long)v->i);
      return false;
    }
    *out = sema_int(v->i);
    return true;
  }
  if (v->kind != SV_TENSOR || sema_rank(v->v) != 0 || !sema_dt_is_int(v->dt)) {
    sema_error(S, loc, "%s(): %s[%u] must be an integer scalar, got %s", disp, what, d, sema_describe(S, v));
    return false;
  }
  bool wide = sema_dt_bits(v->dt) == 64;
  if (wide && !allow64) {
    sema_error(S, loc, "%s(): %s are 32-bit, but %s[%u] is %s; add .to(tl.int32)", disp, what, what, d,
               sema_describe(S, v));
    return false;
  }
  return sema_cast(S, v, sema_dt(wide ? SD_I64 : SD_I32), false, loc, out);
}

static bool int_parts(sema *S, ir_loc loc, const char *disp, const char *what, const sema_val *v, unsigned rank,
                      bool allow64, sema_val *out) {
  unsigned n;
  const sema_val *el;
  seq_of(v, &n, &el);
  if (!rank_matches(S, loc, disp, what, n, rank)) return false;
  for (unsigned d = 0; d < rank; d++)
    if (!int_part(S, loc, disp, what, d, &el[d], allow64, &out[d])) return false;
  return true;
}

/* block_shape: compile-time powers of two; sets bp->rank. */
static bool block_shape_of(sema *S, ir_loc loc, const char *disp, const sema_val *v, sema_bptr *bp) {
  unsigned n;
  const sema_val *el;
  seq_of(v, &n, &el);
  if (n == 0 || n > IR_MAX_RANK) {
    sema_error(S, loc, "%s(): block_shape must have 1 to %d entries, got %u", disp, IR_MAX_RANK, n);
    return false;
  }
  for (unsigned d = 0; d < n; d++) {
    if (el[d].kind != SV_INT) {
      sema_error(S, loc, "%s(): block_shape[%u] must be a compile-time integer (tl.constexpr), got %s", disp, d,
                 el[d].kind == SV_TENSOR ? "a run-time value" : sema_describe(S, &el[d]));
      return false;
    }
    int64_t b = el[d].i;
    if (b <= 0 || (b & (b - 1)) != 0 || b > INT32_MAX) {
      sema_error(S, loc, "%s(): block_shape[%u] = %lld must be a power of 2 below 2^31", disp, d, (long long)b);
      return false;
    }
    bp->block[d] = b;
  }
  bp->rank = n;
  return true;
}

static bool order_of(sema *S, ir_loc loc, const char *disp, const sema_val *v, sema_bptr *bp) {
  unsigned n;
  const sema_val *el;
  seq_of(v, &n, &el);
  if (!rank_matches(S, loc, disp, "order", n, bp->rank)) return false;
  bool seen[IR_MAX_RANK] = {0};
  for (unsigned d = 0; d < n; d++) {
    int64_t o = el[d].kind == SV_INT ? el[d].i : -1;
    if (o < 0 || o >= (int64_t)n || seen[o]) {
      sema_error(S, loc, "%s(): order must be a permutation of 0 .. %u (compile-time integers), got %s", disp,
                 n - 1, sema_repr(S, v));
      return false;
    }
    seen[o] = true;
    bp->order[d] = o;
  }
  return true;
}

/* The base pointer; a pointer to tl.int1 becomes one to tl.int8 (as Triton). */
static bool base_of(sema *S, ir_loc loc, const char *disp, const sema_val *v, sema_bptr *bp, sema_val *out) {
  if (v->kind != SV_TENSOR || sema_rank(v->v) != 0 || !sema_dt_is_ptr(v->dt)) {
    sema_error(S, loc, "%s(): 'base' must be a scalar pointer, got %s", disp,
               v->kind == SV_BLOCKPTR ? what_of(v->bp) : sema_describe(S, v));
    return false;
  }
  *out = *v;
  bp->elt = sema_dt(v->dt.pointee);
  if (bp->elt.kind != SD_I1) return true;
  bp->elt = sema_dt(SD_I8);
  return sema_cast(S, v, sema_dt_ptr(SD_I8), false, loc, out);
}

static sema_val bptr_val(sema *S, const sema_bptr *proto, sema_val *parts) {
  sema_bptr *bp = sup_arena_alloc(S->arena, sizeof *bp);
  *bp = *proto;
  return (sema_val){.kind = SV_BLOCKPTR, .bp = bp, .n = sema_bptr_nparts(bp), .elems = parts};
}

static bool tma_desc(sema *S, ir_loc loc, sema_val *desc);
static bool emit_make(sema *S, ir_loc loc, sema_val *desc, bool after_parts);
static bool emit_make_here(sema *S, ir_loc loc, sema_val *desc);

/* args: base, shape, strides, offsets, block_shape, order. */
bool sema_make_block_ptr(sema *S, ir_loc loc, const char *disp, const sema_val *args, sema_val *out) {
  sema_bptr bp = {0};
  if (!block_shape_of(S, loc, disp, &args[4], &bp) || !order_of(S, loc, disp, &args[5], &bp)) return false;
  sema_val *parts = sup_arena_alloc(S->arena, (3 * IR_MAX_RANK + 1) * sizeof(sema_val));
  if (!base_of(S, loc, disp, &args[0], &bp, &parts[P_BASE])) return false;
  if (!int_parts(S, loc, disp, "shape", &args[1], bp.rank, true, &parts[p_shape(&bp, 0)]) ||
      !int_parts(S, loc, disp, "strides", &args[2], bp.rank, true, &parts[p_stride(&bp, 0)]) ||
      !int_parts(S, loc, disp, "offsets", &args[3], bp.rank, false, &parts[p_off(&bp, 0)]))
    return false;
  *out = bptr_val(S, &bp, parts);
  return tma_desc(S, loc, out);
}

static bool want_bptr(sema *S, ir_loc loc, const char *disp, const sema_val *v, bool desc) {
  if (v->kind == SV_BLOCKPTR && v->bp->is_desc == desc) return true;
  sema_error(S, loc, "%s() expects a %s, got %s", disp, desc ? "tensor descriptor" : "block pointer",
             v->kind == SV_BLOCKPTR ? what_of(v->bp) : sema_describe(S, v));
  return false;
}

/* The sum of two offsets as an i32 part (compile-time when both are). */
static bool add_i32(sema *S, ir_loc loc, const sema_val *a, const sema_val *b, sema_val *out) {
  if (b->kind == SV_INT && b->i == 0) {
    *out = *a;
    return true;
  }
  if (!sema_binop(S, FE_ADD, a, b, loc, out)) return false;
  if (out->kind == SV_INT) {
    if (out->i >= INT32_MIN && out->i <= INT32_MAX) return true;
    sema_error(S, loc, "tl.advance(): the offset %lld does not fit in 32 bits", (long long)out->i);
    return false;
  }
  return sema_cast(S, out, sema_dt(SD_I32), false, loc, out);
}

bool sema_advance(sema *S, ir_loc loc, const char *disp, const sema_val *ptr, const sema_val *offsets,
                  sema_val *out) {
  if (!want_bptr(S, loc, disp, ptr, false)) return false;
  const sema_bptr *bp = ptr->bp;
  sema_val delta[IR_MAX_RANK];
  if (!int_parts(S, loc, disp, "offsets", offsets, bp->rank, false, delta)) return false;
  sema_val *parts = sup_arena_alloc(S->arena, ptr->n * sizeof(sema_val));
  memcpy(parts, ptr->elems, ptr->n * sizeof(sema_val));
  for (unsigned d = 0; d < bp->rank; d++)
    if (!add_i32(S, loc, &ptr->elems[p_off(bp, d)], &delta[d], &parts[p_off(bp, d)])) return false;
  *out = (sema_val){.kind = SV_BLOCKPTR, .bp = bp, .n = ptr->n, .elems = parts, .v = ptr->v};
  return true;
}

bool sema_bptr_padding(sema *S, ir_loc loc, const char *disp, const sema_val *v, bool allow_empty,
                       sema_padding *out) {
  *out = SEMA_PAD_NONE;
  if (!v || v->kind == SV_NONE || (v->kind == SV_STR && !v->s[0] && allow_empty)) return true;
  if (v->kind == SV_STR && !strcmp(v->s, "zero")) *out = SEMA_PAD_ZERO;
  else if (v->kind == SV_STR && !strcmp(v->s, "nan")) *out = SEMA_PAD_NAN;
  else {
    sema_error(S, loc, "%s(): unsupported padding_option %s (expected \"zero\"%s \"nan\"%s)", disp,
               sema_repr(S, v), allow_empty ? "," : " or", allow_empty ? " or \"\"" : "");
    return false;
  }
  return true;
}

/* Triton's checks: strides[-1] == 1 (compile-time) and a last block dim of >= 16 bytes. */
static bool desc_checks(sema *S, ir_loc loc, const char *disp, const sema_bptr *bp, const sema_val *last_stride) {
  if (last_stride->kind != SV_INT || last_stride->i != 1) {
    sema_error(S, loc, "%s(): the last stride of a tensor descriptor must be the compile-time constant 1, got %s",
               disp, last_stride->kind == SV_INT ? sema_repr(S, last_stride) : "a run-time value");
    return false;
  }
  int64_t bytes = bp->block[bp->rank - 1] * (int64_t)(sema_dt_bits(bp->elt) / 8);
  if (bytes < 16) {
    sema_error(S, loc, "%s(): the last block dim must span at least 16 bytes, got %lld x %u bytes", disp,
               (long long)bp->block[bp->rank - 1], sema_dt_bits(bp->elt) / 8);
    return false;
  }
  return true;
}

bool sema_runs_once(const sema *S) {
  return S->fn && S->fn->once && !S->dry_run && !S->fn->rt_depth && !S->fn->loop_kind;
}

/* Whether a part is available at the end of the function's entry block: a compile-time
 * int, a parameter, or a value computed there (before the loop or if being analyzed). */
static bool at_top(const sema *S, const sema_val *v) {
  if (v->kind == SV_INT) return true;
  if (v->kind != SV_TENSOR) return false;
  return v->v->def ? v->v->def->parent == S->fn->entry : v->v->block == S->fn->entry;
}

/* Where a descriptor's tensormap may be written once per program: here, when code runs once
 * (sema_runs_once), or, inside a run-time loop or if of such a function, at the end of its
 * entry block (before that loop or if) when the base, extents and strides are all available
 * there (a loop that remakes a block pointer at each K step's offsets). Not while a loop's
 * body is only being discovered. */
static bool tma_placement(sema *S, const sema_val *desc, bool *hoist) {
  *hoist = false;
  if (sema_runs_once(S)) return true;
  if (!S->fn || !S->fn->once || S->dry_run || !S->fn->entry) return false;
  const sema_bptr *bp = desc->bp;
  if (!at_top(S, &desc->elems[P_BASE])) return false;
  for (unsigned d = 0; d < 2 * bp->rank; d++)
    if (!at_top(S, &desc->elems[p_shape(bp, 0) + d])) return false;
  return *hoist = true;
}

/* Whether TMA copies the loads of descriptor bp: the target has tensormap.replace (and the
 * options allow it), and its block is one a host descriptor may have (sema_desc.c). Where
 * its tensormap is written is tma_placement's. */
static bool tma_eligible(sema *S, const sema_bptr *bp) {
  if (!S->opts || !S->opts->desc_tma) return false;
  if (bp->rank > IR_MAX_TENSORDESC_RANK || sema_dt_is_ptr(bp->elt) || sema_dt_bits(bp->elt) < 8) return false;
  for (unsigned d = 0; d < bp->rank; d++) {
    int64_t b = bp->block[d];
    if (b <= 0 || (b & (b - 1)) || (bp->rank >= 3 && b > 256)) return false;
  }
  return (bp->block[bp->rank - 1] * (int64_t)(sema_dt_bits(bp->elt) / 8)) % 16 == 0;
}

/* What is known to divide v: a compile-time int's value, a kernel parameter's hint
 * (tt.divisibility: bytes for a pointer, the value for an integer); 1 otherwise. */
static int64_t known_divisor(const sema_val *v) {
  if (v->kind == SV_INT) return v->i;
  if (v->kind != SV_TENSOR || v->v->def || !v->v->block || !v->v->block->parent) return 1;
  const ir_op *f = v->v->block->parent->parent;
  int64_t divs[64];
  int n = f ? ir_attr_get_i64_array(ir_op_get_attr(f, TILE_ATTR_DIVISIBILITY), divs, 64) : 0;
  return (int)v->v->index < n && divs[v->v->index] > 0 ? divs[v->v->index] : 1;
}

/* A block pointer may be read by TMA where its descriptor could (tma_eligible) and where
 * that cannot change what it reads: row-major (order rank-1 .. 0) with the innermost stride
 * the compile-time 1, and the base and other strides known to be 16-byte multiples from
 * the parameters' hints (a block pointer takes any strides, and Triton reads it through
 * pointers; a hinted signature or the JIT's specialization proves TMA's alignment). Its
 * loads use TMA when they check every dim (TMA clips to the shape on every dim). */
static bool tma_bptr_eligible(sema *S, const sema_val *v) {
  const sema_bptr *bp = v->bp;
  if (!tma_eligible(S, bp)) return false;
  int64_t eb = sema_dt_bits(bp->elt) / 8;
  if (known_divisor(&v->elems[P_BASE]) % 16) return false;
  for (unsigned d = 0; d < bp->rank; d++) {
    const sema_val *s = &v->elems[p_stride(bp, d)];
    if (bp->order[d] != (int64_t)(bp->rank - 1 - d)) return false;
    if (d + 1 == bp->rank ? s->kind != SV_INT || s->i != 1 : known_divisor(s) <= 0 || known_divisor(s) * eb % 16)
      return false;
  }
  return true;
}

/* Places the builder in the function's entry block right after the last op there that
 * computes one of the descriptor's base, extents and strides (all available there,
 * tma_placement): a tensormap made for a loop, or for a store after one, is then written
 * before the loop, outside the regions that warp specialization makes of it. */
static void place_after_parts(sema *S, const sema_val *desc) {
  const sema_bptr *bp = desc->bp;
  ir_block *entry = S->fn->entry;
  ir_op *last = NULL;
  for (ir_op *op = entry->first; op; op = op->next)
    for (unsigned k = 0; k < 1 + 2 * bp->rank; k++) {
      const sema_val *v = &desc->elems[k ? p_shape(bp, 0) + k - 1 : P_BASE];
      if (v->kind == SV_TENSOR && v->v->def == op) last = op;
    }
  S->b.block = entry;
  S->b.before = last ? last->next : entry->first;
}

/* Gives a TMA-eligible descriptor or block pointer its !tt.tensordesc value (v->v): a
 * tt.make_tensor_descriptor of its base, extents (i32) and strides (i64). desc.load (and a
 * block pointer's fully checked tl.load) then emits tt.descriptor_load; stores have their
 * own tensormap (sema_bptr_tma_store). */
static bool tma_desc(sema *S, ir_loc loc, sema_val *desc) {
  const sema_bptr *bp = desc->bp;
  bool hoist;
  if (bp->is_desc ? !tma_eligible(S, bp) : !tma_bptr_eligible(S, desc)) return true;
  if (!tma_placement(S, desc, &hoist)) return true;
  return emit_make(S, loc, desc, hoist);
}

/* Emits desc's tt.make_tensor_descriptor and sets desc->v: here, or with `after_parts`
 * right after its operands' definitions (place_after_parts; the builder is restored). */
static bool emit_make(sema *S, ir_loc loc, sema_val *desc, bool after_parts) {
  ir_builder here = S->b;
  if (after_parts) place_after_parts(S, desc);
  bool ok = emit_make_here(S, loc, desc);
  S->b = here;
  return ok;
}

static bool emit_make_here(sema *S, ir_loc loc, sema_val *desc) {
  const sema_bptr *bp = desc->bp;
  ir_value *ops[1 + 2 * IR_MAX_TENSORDESC_RANK];
  ops[0] = desc->elems[P_BASE].v;
  for (unsigned d = 0; d < 2 * bp->rank; d++) {
    sema_val v = desc->elems[p_shape(bp, 0) + d];
    sema_dtype dt = sema_dt(d < bp->rank ? SD_I32 : SD_I64);
    if (!sema_to_tensor(S, &v, loc, &v) || !sema_cast(S, &v, dt, false, loc, &v)) return false;
    ops[1 + d] = v.v;
  }
  const ir_type *t = sema_tdesc_ir_type(S, bp);
  ir_op *op = sema_emit(S, loc, "tt.make_tensor_descriptor", 1 + 2 * bp->rank, ops, 1, &t);
  if (bp->pad_nan) ir_op_set_attr(op, "padding", ir_string_attr(S->ctx, "nan"));
  desc->v = ir_op_result(op, 0);
  return true;
}

/* args: base, shape, strides, block_shape. */
bool sema_make_tensor_desc(sema *S, ir_loc loc, const char *disp, const sema_val *args,
                           const sema_val *padding, sema_val *out) {
  sema_bptr bp = {.is_desc = true};
  sema_padding pad;
  if (!block_shape_of(S, loc, disp, &args[3], &bp) || !sema_bptr_padding(S, loc, disp, padding, false, &pad)) return false;
  if (bp.rank > 5) {
    sema_error(S, loc, "%s(): a tensor descriptor has 1 to 5 dims, got %u", disp, bp.rank);
    return false;
  }
  for (unsigned d = 0; d < bp.rank; d++) bp.order[d] = bp.rank - 1 - d;
  sema_val *parts = sup_arena_alloc(S->arena, (2 * IR_MAX_RANK + 1) * sizeof(sema_val));
  if (!base_of(S, loc, disp, &args[0], &bp, &parts[P_BASE])) return false;
  if (!int_parts(S, loc, disp, "shape", &args[1], bp.rank, false, &parts[p_shape(&bp, 0)]) ||
      !int_parts(S, loc, disp, "strides", &args[2], bp.rank, true, &parts[p_stride(&bp, 0)]) ||
      !desc_checks(S, loc, disp, &bp, &parts[p_stride(&bp, bp.rank - 1)]))
    return false;
  char b[16];
  if (pad == SEMA_PAD_NAN && !sema_dt_is_float(bp.elt)) {
    sema_error(S, loc, "%s(): padding_option \"nan\" needs a floating-point element type, got %s", disp,
               sema_dt_name(bp.elt, b));
    return false;
  }
  bp.pad_nan = pad == SEMA_PAD_NAN;
  *out = bptr_val(S, &bp, parts);
  return tma_desc(S, loc, out);
}

bool sema_bptr_boundary_check(sema *S, ir_loc loc, const char *disp, const sema_val *ptr,
                              const sema_val *bc, unsigned *out_check) {
  *out_check = 0;
  if (!bc || bc->kind == SV_NONE) return true;
  unsigned n;
  const sema_val *el;
  seq_of(bc, &n, &el);
  for (unsigned i = 0; i < n; i++) {
    int64_t d = el[i].kind == SV_INT ? el[i].i : -1;
    if (el[i].kind != SV_INT || d < 0 || d >= (int64_t)ptr->bp->rank) {
      sema_error(S, loc, "%s(): boundary_check entry %s is not a dim of the rank-%u block pointer", disp,
                 el[i].kind == SV_INT ? sema_repr(S, &el[i]) : sema_describe(S, &el[i]), ptr->bp->rank);
      return false;
    }
    if (*out_check & (1u << d)) {
      sema_error(S, loc, "%s(): boundary_check names dim %lld twice", disp, (long long)d);
      return false;
    }
    *out_check |= 1u << d;
  }
  return true;
}

/* ---- expansion into pointers and masks ------------------------------------------------- */

static sema_val range_of(sema *S, ir_loc loc, int64_t n) {
  ir_op *o = sema_emit(S, loc, "tt.make_range", 0, NULL, 1,
                       (const ir_type *[]){sema_shaped(S, sema_dt(SD_I32), 1, &n)});
  ir_op_set_attr(o, "start", ir_i32_attr(S->ctx, 0));
  ir_op_set_attr(o, "end", ir_i32_attr(S->ctx, n));
  return sema_tensor(ir_op_result(o, 0), sema_dt(SD_I32));
}

static sema_val expand1(sema *S, ir_loc loc, sema_val v, unsigned axis) {
  unsigned r = sema_rank(v.v);
  int64_t sh[IR_MAX_RANK];
  const int64_t *cs = sema_shape(v.v);
  for (unsigned k = 0, j = 0; k <= r; k++) sh[k] = k == axis ? 1 : cs[j++];
  ir_op *op = sema_emit(S, loc, "tt.expand_dims", 1, &v.v, 1, (const ir_type *[]){sema_shaped(S, v.dt, r + 1, sh)});
  ir_op_set_attr(op, "axis", ir_i32_attr(S->ctx, axis));
  return sema_tensor(ir_op_result(op, 0), v.dt);
}

/* A 1-D tensor placed along dim d of a rank-`rank` shape (size 1 elsewhere). */
static sema_val along(sema *S, ir_loc loc, sema_val v, unsigned d, unsigned rank) {
  for (unsigned k = 0; k < rank; k++)
    if (k != d) v = expand1(S, loc, v, k);
  return v;
}

static bool is_int(const sema_val *v, int64_t i) { return v->kind == SV_INT && v->i == i; }

static bool to_i64(sema *S, ir_loc loc, const sema_val *v, sema_val *out) {
  if (v->kind == SV_INT) {
    *out = *v;
    return true;
  }
  return sema_cast(S, v, sema_dt(SD_I64), false, loc, out);
}

/* base + sum_d offs[d] * stride_d, the products in 64 bits. */
static bool block_base(sema *S, ir_loc loc, const sema_val *ptr, const sema_val *offs, sema_val *out) {
  const sema_bptr *bp = ptr->bp;
  sema_val sum = sema_int(0);
  for (unsigned d = 0; d < bp->rank; d++) {
    sema_val o, st, prod;
    if (is_int(&offs[d], 0) || is_int(&ptr->elems[p_stride(bp, d)], 0)) continue;
    if (!to_i64(S, loc, &offs[d], &o) || !to_i64(S, loc, &ptr->elems[p_stride(bp, d)], &st)) return false;
    if (is_int(&st, 1)) prod = o;
    else if (!sema_binop(S, FE_MUL, &o, &st, loc, &prod)) return false;
    if (is_int(&sum, 0)) sum = prod;
    else if (!sema_binop(S, FE_ADD, &sum, &prod, loc, &sum)) return false;
  }
  if (is_int(&sum, 0)) {
    *out = ptr->elems[P_BASE];
    return true;
  }
  return sema_binop(S, FE_ADD, &ptr->elems[P_BASE], &sum, loc, out);
}

/* sum_d arange(block_d) * stride_d, broadcast to the block. */
static bool block_offsets(sema *S, ir_loc loc, const sema_bptr *bp, const sema_val *parts, sema_val *out) {
  sema_val sum = {0};
  for (unsigned d = 0; d < bp->rank; d++) {
    sema_val t = along(S, loc, range_of(S, loc, bp->block[d]), d, bp->rank);
    const sema_val *st = &parts[p_stride(bp, d)];
    if (!is_int(st, 1) && !sema_binop(S, FE_MUL, &t, st, loc, &t)) return false;
    if (sum.kind == SV_INVALID) sum = t;
    else if (!sema_binop(S, FE_ADD, &sum, &t, loc, &sum)) return false;
  }
  return sema_broadcast_to(S, &sum, bp->rank, bp->block, loc, out);
}

static bool and_mask(sema *S, ir_loc loc, sema_val *acc, const sema_val *m) {
  if (acc->kind == SV_INVALID) {
    *acc = *m;
    return true;
  }
  return sema_binop(S, FE_BITAND, acc, m, loc, acc);
}

/* The mask of dim d, a 1-D i1 tensor (kind SV_INVALID when every element is in bounds):
 * i >= -off and i < shape - off for i in arange(block_d). */
static bool dim_mask(sema *S, ir_loc loc, const sema_bptr *bp, const sema_val *parts, const sema_val *off,
                     unsigned d, sema_val *out) {
  *out = (sema_val){0};
  sema_val r = range_of(S, loc, bp->block[d]), lim, c, zero = sema_int(0);
  if (!(off->kind == SV_INT && off->i >= 0)) {
    if (!sema_binop(S, FE_SUB, &zero, off, loc, &lim) || !sema_compare(S, FE_GE, &r, &lim, loc, &c)) return false;
    *out = c;
  }
  if (!sema_binop(S, FE_SUB, &parts[p_shape(bp, d)], off, loc, &lim)) return false;
  if (lim.kind == SV_INT && lim.i >= bp->block[d]) return true;
  if (!sema_compare(S, FE_LT, &r, &lim, loc, &c)) return false;
  return and_mask(S, loc, out, &c);
}

/* Pointers and mask (mask kind SV_INVALID: none) of the block at `offs`. */
static bool expand(sema *S, ir_loc loc, const sema_val *ptr, const sema_val *offs, unsigned check,
                   sema_val *out_ptrs, sema_val *out_mask) {
  const sema_bptr *bp = ptr->bp;
  sema_val base, rel, mask = {0};
  if (!block_base(S, loc, ptr, offs, &base) || !block_offsets(S, loc, bp, ptr->elems, &rel)) return false;
  if (!sema_binop(S, FE_ADD, &base, &rel, loc, out_ptrs)) return false;
  for (unsigned d = 0; d < bp->rank; d++) {
    sema_val m;
    if (!(check & (1u << d))) continue;
    if (!dim_mask(S, loc, bp, ptr->elems, &offs[d], d, &m)) return false;
    if (m.kind == SV_INVALID) continue;
    m = along(S, loc, m, d, bp->rank);
    if (!and_mask(S, loc, &mask, &m)) return false;
  }
  if (mask.kind != SV_INVALID && !sema_broadcast_to(S, &mask, bp->rank, bp->block, loc, &mask)) return false;
  *out_mask = mask;
  return true;
}

/* The offsets of an access: a block pointer's own, or a descriptor access's argument. */
static bool access_offsets(sema *S, ir_loc loc, const char *disp, const sema_val *ptr, const sema_val *offsets,
                           sema_val *out) {
  const sema_bptr *bp = ptr->bp;
  if (!offsets) {
    memcpy(out, &ptr->elems[p_off(bp, 0)], bp->rank * sizeof(sema_val));
    return true;
  }
  return sema_desc_offsets(S, loc, disp, bp->rank, offsets, out);
}

bool sema_desc_offsets(sema *S, ir_loc loc, const char *disp, unsigned rank, const sema_val *offsets,
                       sema_val *out) {
  if (offsets->kind != SV_TUPLE) {
    sema_error(S, loc, "%s(): offsets must be a list or tuple of %u integers, got %s", disp, rank,
               sema_describe(S, offsets));
    return false;
  }
  return int_parts(S, loc, disp, "offsets", offsets, rank, false, out);
}

static const ir_type *block_type(sema *S, const sema_bptr *bp) { return sema_shaped(S, bp->elt, bp->rank, bp->block); }

/* A TMA access's offsets: the descriptor access's, or (NULL) the block pointer's own. */
static sema_val tma_offsets(const sema_val *ptr, const sema_val *offsets) {
  if (offsets) return *offsets;
  return (sema_val){.kind = SV_TUPLE, .n = ptr->bp->rank, .elems = &ptr->elems[p_off(ptr->bp, 0)]};
}

bool sema_bptr_tma_store(sema *S, ir_loc loc, const char *disp, const sema_val *ptr, const sema_val *offsets,
                         const sema_val *value, bool *done) {
  *done = false;
  const sema_bptr *bp = ptr->bp;
  int64_t eb = sema_dt_bits(bp->elt) / 8, inner = known_divisor(&ptr->elems[p_shape(bp, bp->rank - 1)]);
  /* a TMA store writes a row's last 16 bytes whole: only where rows are proven 16-byte multiples */
  if (!ptr->v || inner <= 0 || inner * eb % 16) return true;
  sema_val st = *ptr;
  bool hoist;
  if (!tma_placement(S, &st, &hoist)) return true;
  /* after its operands: a store after a loop gets its map written before the loop */
  if (!emit_make(S, loc, &st, true)) return false;
  ir_op_set_attr(st.v->def, TGPU_ATTR_TMA_FOR_STORE, ir_bool_attr(S->ctx, true));
  sema_val offs = tma_offsets(ptr, offsets), tma = sema_hostdesc(st.v, bp);
  *done = true;
  return sema_hostdesc_store(S, loc, disp, &tma, &offs, value);
}

bool sema_bptr_tma_load(sema *S, ir_loc loc, const char *disp, const sema_val *ptr, const sema_val *offsets,
                        sema_val *out) {
  sema_val offs = tma_offsets(ptr, offsets), tma = sema_hostdesc(ptr->v, ptr->bp);
  return sema_hostdesc_load(S, loc, disp, &tma, &offs, out);
}

bool sema_bptr_load(sema *S, ir_loc loc, const char *disp, const sema_val *ptr, const sema_val *offsets,
                    unsigned check, sema_padding padding, ir_op **out_load, sema_val *out) {
  const sema_bptr *bp = ptr->bp;
  sema_val offs[IR_MAX_RANK], ptrs, mask, other = {0};
  if (padding == SEMA_PAD_NAN && !sema_dt_is_float(bp->elt)) {
    sema_error(S, loc, "%s(): padding_option \"nan\" is not supported for an integer %s", disp, what_of(bp));
    return false;
  }
  if (!access_offsets(S, loc, disp, ptr, offsets, offs) || !expand(S, loc, ptr, offs, check, &ptrs, &mask))
    return false;
  bool has_mask = mask.kind != SV_INVALID, has_other = has_mask && padding != SEMA_PAD_NONE;
  if (has_other) {
    sema_val pv = padding == SEMA_PAD_NAN ? sema_float(NAN) : sema_int(0);
    other = sema_tensor(sema_const_scalar(S, loc, &pv, bp->elt), bp->elt);
    if (!sema_broadcast_to(S, &other, bp->rank, bp->block, loc, &other)) return false;
  }
  ir_value *ops[3] = {ptrs.v, mask.v, other.v};
  const ir_type *rt = block_type(S, bp);
  *out_load = sema_emit(S, loc, "tt.load", has_other ? 3 : has_mask ? 2 : 1, ops, 1, &rt);
  *out = sema_tensor(ir_op_result(*out_load, 0), bp->elt);
  return true;
}

static bool same_shape(const ir_value *v, const sema_bptr *bp) {
  if (sema_rank(v) != bp->rank) return false;
  for (unsigned d = 0; d < bp->rank; d++)
    if (sema_shape(v)[d] != bp->block[d]) return false;
  return true;
}

static const char *block_str(sema *S, const sema_bptr *bp) {
  sup_strbuf sb = {0};
  sup_strbuf_putc(&sb, '[');
  for (unsigned d = 0; d < bp->rank; d++) sup_strbuf_printf(&sb, d ? ", %lld" : "%lld", (long long)bp->block[d]);
  sup_strbuf_putc(&sb, ']');
  return sup_arena_strbuf(S->arena, &sb);
}

/* The stored value: a number or scalar is broadcast to the block; a tensor must have the
 * block's shape, and (a block pointer, as Triton) its element type; a descriptor converts. */
bool sema_desc_store_value(sema *S, ir_loc loc, const char *disp, const sema_bptr *bp, const sema_val *v,
                           sema_val *out) {
  char b1[16], b2[16];
  if (sema_is_num(v)) {
    *out = sema_tensor(sema_const_scalar(S, loc, v, bp->elt), bp->elt);
    return sema_broadcast_to(S, out, bp->rank, bp->block, loc, out);
  }
  if (v->kind != SV_TENSOR) {
    sema_error(S, loc, "%s() cannot store %s", disp, v->kind == SV_BLOCKPTR ? what_of(v->bp) : sema_describe(S, v));
    return false;
  }
  if (sema_rank(v->v) != 0 && !same_shape(v->v, bp)) {
    sema_error(S, loc, "%s(): the value has shape %s but the %s's block is %s", disp, sema_describe(S, v),
               what_of(bp), block_str(S, bp));
    return false;
  }
  if (!bp->is_desc && !sema_dt_eq(v->dt, bp->elt) && !(bp->elt.kind == SD_I8 && v->dt.kind == SD_I1)) {
    sema_error(S, loc, "%s(): the value's element type %s differs from the block pointer's %s", disp,
               sema_dt_name(v->dt, b1), sema_dt_name(bp->elt, b2));
    return false;
  }
  if (!sema_cast(S, v, bp->elt, false, loc, out)) return false;
  return sema_broadcast_to(S, out, bp->rank, bp->block, loc, out);
}

bool sema_bptr_store(sema *S, ir_loc loc, const char *disp, const sema_val *ptr, const sema_val *offsets,
                     unsigned check, const sema_val *value, ir_op **out_store) {
  const sema_bptr *bp = ptr->bp;
  sema_val offs[IR_MAX_RANK], ptrs, mask, val;
  if (!sema_desc_store_value(S, loc, disp, bp, value, &val) || !access_offsets(S, loc, disp, ptr, offsets, offs) ||
      !expand(S, loc, ptr, offs, check, &ptrs, &mask))
    return false;
  bool has_mask = mask.kind != SV_INVALID;
  ir_value *ops[3] = {ptrs.v, val.v, mask.v};
  *out_store = sema_emit(S, loc, "tt.store", has_mask ? 3 : 2, ops, 0, NULL);
  return true;
}

/* ---- attributes and descriptor methods ------------------------------------------------- */

static sema_val parts_tuple(sema *S, const sema_val *parts, unsigned n) {
  sema_val *el = sup_arena_alloc(S->arena, (n + 1) * sizeof(sema_val));
  memcpy(el, parts, n * sizeof(sema_val));
  return (sema_val){.kind = SV_TUPLE, .n = n, .elems = el};
}

bool sema_bptr_attr(sema *S, const sema_val *v, const char *name, ir_loc loc, sema_val *out) {
  const sema_bptr *bp = v->bp;
  sema_val blk[IR_MAX_RANK];
  for (unsigned d = 0; d < bp->rank; d++) blk[d] = sema_int(bp->block[d]);
  if (!strcmp(name, "block_shape")) *out = parts_tuple(S, blk, bp->rank);
  else if (bp->is_desc && !strcmp(name, "shape")) *out = parts_tuple(S, &v->elems[p_shape(bp, 0)], bp->rank);
  else if (bp->is_desc && !strcmp(name, "strides")) *out = parts_tuple(S, &v->elems[p_stride(bp, 0)], bp->rank);
  else if (bp->is_desc && !strcmp(name, "dtype")) *out = sema_dtype_val(bp->elt);
  else if (bp->is_desc && (!strcmp(name, "load") || !strcmp(name, "store"))) {
    sema_val *self = sup_arena_alloc(S->arena, sizeof *self);
    *self = *v;
    *out = (sema_val){.kind = SV_BUILTIN, .path = sup_arena_printf(S->arena, "tensor_descriptor.%s", name),
                      .self = self};
  } else {
    sema_error(S, loc, "a %s has no attribute '%s'", what_of(bp), name);
    return false;
  }
  return true;
}

/* Binds desc.load(offsets) / desc.store(offsets, value) (the receiver is args[0]). */
static bool bind_method(sema *S, ir_loc loc, const char *disp, unsigned np, const char *const *params,
                        unsigned nargs, const sema_val *args, unsigned nkw, const char *const *kwn,
                        const sema_val *kwv, const sema_val **out) {
  if (nargs - 1 > np) {
    sema_error(S, loc, "%s() takes %u argument%s but %u were given", disp, np, np == 1 ? "" : "s", nargs - 1);
    return false;
  }
  for (unsigned i = 0; i < np; i++) out[i] = i + 1 < nargs ? &args[i + 1] : NULL;
  for (unsigned k = 0; k < nkw; k++) {
    unsigned i = 0;
    while (i < np && strcmp(params[i], kwn[k])) i++;
    if (i == np || out[i]) {
      sema_error(S, loc, "%s() got %s keyword argument '%s'", disp, i == np ? "an unexpected" : "a second", kwn[k]);
      return false;
    }
    out[i] = &kwv[k];
  }
  for (unsigned i = 0; i < np; i++)
    if (!out[i]) {
      sema_error(S, loc, "%s() missing required argument '%s'", disp, params[i]);
      return false;
    }
  return true;
}

/* desc.load / desc.store on a host descriptor parameter (sema_desc.c emits them). */
static bool host_desc_method(sema *S, const char *name, ir_loc loc, unsigned nargs, const sema_val *args,
                             unsigned nkw, const char *const *kwnames, const sema_val *kwvals, sema_val *out) {
  static const char *const params[] = {"offsets", "value"};
  const sema_val *a[2];
  if (!strcmp(name, "load")) {
    if (!bind_method(S, loc, "desc.load", 1, params, nargs, args, nkw, kwnames, kwvals, a)) return false;
    return sema_hostdesc_load(S, loc, "desc.load", &args[0], a[0], out);
  }
  if (!strcmp(name, "store")) {
    if (!bind_method(S, loc, "desc.store", 2, params, nargs, args, nkw, kwnames, kwvals, a)) return false;
    *out = sema_none();
    return sema_hostdesc_store(S, loc, "desc.store", &args[0], a[0], a[1]);
  }
  sema_error(S, loc, "'desc.%s' is not supported", name);
  return false;
}

bool sema_desc_method(sema *S, const char *name, ir_loc loc, unsigned nargs, const sema_val *args,
                      unsigned nkw, const char *const *kwnames, const sema_val *kwvals, sema_val *out) {
  static const char *const params[] = {"offsets", "value"};
  const sema_val *a[2];
  const sema_val *desc = &args[0];
  ir_op *op;
  if (desc->kind == SV_HOSTDESC) return host_desc_method(S, name, loc, nargs, args, nkw, kwnames, kwvals, out);
  if (!want_bptr(S, loc, !strcmp(name, "store") ? "tl.store_tensor_descriptor" : "tl.load_tensor_descriptor", desc,
                 true))
    return false;
  unsigned all = (1u << desc->bp->rank) - 1;
  if (!strcmp(name, "load")) {
    if (!bind_method(S, loc, "desc.load", 1, params, nargs, args, nkw, kwnames, kwvals, a)) return false;
    if (desc->v) /* made for TMA (sema_make_tensor_desc): load as from a host descriptor */
      return sema_bptr_tma_load(S, loc, "desc.load", desc, a[0], out);
    return sema_bptr_load(S, loc, "desc.load", desc, a[0], all, desc->bp->pad_nan ? SEMA_PAD_NAN : SEMA_PAD_ZERO,
                          &op, out);
  }
  if (!strcmp(name, "store")) {
    if (!bind_method(S, loc, "desc.store", 2, params, nargs, args, nkw, kwnames, kwvals, a)) return false;
    *out = sema_none();
    bool done;
    if (!sema_bptr_tma_store(S, loc, "desc.store", desc, a[0], a[1], &done)) return false;
    return done || sema_bptr_store(S, loc, "desc.store", desc, a[0], all, a[1], &op);
  }
  sema_error(S, loc, "'desc.%s' is not supported", name);
  return false;
}
