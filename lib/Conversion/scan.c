/* Lowering of tt.scan (inclusive prefix along an axis), decided by the operand's linear
 * layout (tgpu_scan_plan in Dialect/TileGPU/tgpu_reduce.h says which register, lane or warp
 * bit holds each bit t of the coordinate along the axis).
 *
 * Blocks of 2^t consecutive elements along the axis are merged with their partner block
 * (coordinate XOR 2^t), one axis bit at a time, lowest first. Each register keeps two
 * values per operand: v, its prefix inside its current block, and T, the block's total.
 * Merging with the partner's total P, where "upper" means the block comes second in scan
 * order (bit t set; for a reverse scan, bit t clear):
 *
 *   upper:  v = P (combine) v    T = P (combine) T
 *   lower:  v unchanged          T = T (combine) P
 *
 * so the combine always takes the earlier block on its left (a combine that only is
 * associative, not commutative, is scanned correctly). The partner's T is another
 * register of the same thread (a register bit), the same register of another lane (a
 * butterfly shuffle) or of another warp (every thread stores its T's to scratch at its
 * thread index, a barrier, loads its partner's, and a second barrier before the next warp
 * bit reuses the scratch). A reverse scan runs the same steps with upper and lower
 * exchanged: the block with the larger coordinates comes first.
 *
 * After a register-bit step, registers that differ only in the axis register bits done so
 * far hold the same T, so lane and warp steps exchange one T per such group (the lowest
 * register of it): a 1024-element row in 4 warps with 4 contiguous registers per thread
 * and 8 in all shuffles 2 values per lane bit, not 8.
 *
 * log2(axis) steps of 2 combines per register: a register-bit step costs more combines than
 * a sequential pass inside the thread would, which LLVM partly folds away (the T's of a
 * group are equal expressions); what matters for memory-bound scans is the number of
 * shuffles and barriers. */
#include <string.h>

#include "Conversion/cg_internal.h"
#include "Dialect/Tile/tile.h"
#include "Dialect/TileGPU/tgpu_reduce.h"

typedef struct scan_state {
  cg_combiner comb;
  unsigned n, nregs;
  bool reverse;
  uint32_t reg_done;    /* axis register bits merged so far: T is equal across them */
  LLVMValueRef *v, *t;  /* [r * n + i]: operand i at register r */
  LLVMValueRef *nt;     /* the next step's T (built from the old ones) */
  LLVMValueRef *p;      /* the partner's T, at group representatives */
} scan_state;

static LLVMValueRef *at(const scan_state *s, LLVMValueRef *a, unsigned r) { return a + (size_t)r * s->n; }

/* One merge of register r with the partner totals p; `upper` is an i1 (run-time) or NULL
 * with `upper_static` deciding. Writes v in place and the new T to s->nt. */
static bool merge(cg_state *st, scan_state *s, unsigned r, LLVMValueRef *p, LLVMValueRef upper, bool upper_static) {
  LLVMValueRef *v = at(s, s->v, r), *t = at(s, s->t, r), *nt = at(s, s->nt, r);
  LLVMValueRef uv[TGPU_REDUCE_MAX_OPERANDS], ut[TGPU_REDUCE_MAX_OPERANDS], lt[TGPU_REDUCE_MAX_OPERANDS];
  if (upper || upper_static) {
    if (!cg_combine(st, &s->comb, p, v, uv) || !cg_combine(st, &s->comb, p, t, ut)) return false;
  }
  if (upper || !upper_static) {
    if (!cg_combine(st, &s->comb, t, p, lt)) return false;
  }
  for (unsigned i = 0; i < s->n; i++) {
    if (upper) {
      v[i] = LLVMBuildSelect(st->b, upper, uv[i], v[i], "");
      nt[i] = LLVMBuildSelect(st->b, upper, ut[i], lt[i], "");
    } else if (upper_static) {
      v[i] = uv[i];
      nt[i] = ut[i];
    } else {
      nt[i] = lt[i];
    }
  }
  return true;
}

static void commit_totals(scan_state *s) {
  memcpy(s->t, s->nt, sizeof *s->t * (size_t)s->nregs * s->n);
}

/* An axis bit held by register bit k: the partner is register r ^ (1 << k). */
static bool step_register(cg_state *st, scan_state *s, unsigned k) {
  for (unsigned r = 0; r < s->nregs; r++) {
    bool upper = ((r >> k) & 1u) != s->reverse;
    if (!merge(st, s, r, at(s, s->t, r ^ (1u << k)), NULL, upper)) return false;
  }
  commit_totals(s);
  s->reg_done |= 1u << k;
  return true;
}

/* The group representative of register r (its T stands for the group's). */
static unsigned rep(const scan_state *s, unsigned r) { return r & ~s->reg_done; }

/* Whether this thread's block is the upper one for lane or warp bit `k` of `x`. */
static LLVMValueRef upper_of(cg_state *st, const scan_state *s, LLVMValueRef x, unsigned k) {
  LLVMValueRef b = LLVMBuildAnd(st->b, x, cg_i32(st, (int64_t)1 << k), "");
  return LLVMBuildICmp(st->b, s->reverse ? LLVMIntEQ : LLVMIntNE, b, cg_i32(st, 0), "");
}

/* An axis bit held by lane bit k: the partner's totals come by a butterfly shuffle. */
static bool step_lane(cg_state *st, scan_state *s, unsigned k) {
  LLVMValueRef upper = upper_of(st, s, st->lane, k);
  for (unsigned r = 0; r < s->nregs; r++)
    if (rep(s, r) == r)
      for (unsigned i = 0; i < s->n; i++) at(s, s->p, r)[i] = cg_shfl_bfly(st, at(s, s->t, r)[i], 1u << k);
  for (unsigned r = 0; r < s->nregs; r++)
    if (!merge(st, s, r, at(s, s->p, rep(s, r)), upper, false)) return false;
  commit_totals(s);
  return true;
}

/* Scratch of operand i: its in-memory type and the address of its part. */
typedef struct scan_scratch {
  LLVMTypeRef mt[TGPU_REDUCE_MAX_OPERANDS];
  LLVMValueRef base[TGPU_REDUCE_MAX_OPERANDS];
  unsigned nthreads;
} scan_scratch;

static LLVMValueRef slot(cg_state *st, const scan_scratch *sc, unsigned i, LLVMValueRef thread, unsigned r) {
  LLVMValueRef idx = LLVMBuildAdd(st->b, LLVMBuildMul(st->b, cg_i32(st, r), cg_i32(st, sc->nthreads), ""), thread, "");
  return LLVMBuildGEP2(st->b, sc->mt[i], sc->base[i], &idx, 1, "");
}

/* An axis bit held by warp bit k: totals through scratch at [register][thread]. */
static bool step_warp(cg_state *st, scan_state *s, const scan_scratch *sc, unsigned k, bool barrier_before) {
  LLVMValueRef tid = LLVMBuildAdd(st->b, LLVMBuildMul(st->b, st->warp, cg_i32(st, 32), ""), st->lane, "");
  LLVMValueRef partner = LLVMBuildXor(st->b, tid, cg_i32(st, (int64_t)32 << k), "");
  if (barrier_before) cg_barrier(st); /* the previous warp step's loads are done */
  for (unsigned r = 0; r < s->nregs; r++)
    for (unsigned i = 0; rep(s, r) == r && i < s->n; i++) {
      LLVMValueRef x = at(s, s->t, r)[i];
      if (LLVMTypeOf(x) != sc->mt[i]) x = LLVMBuildZExt(st->b, x, sc->mt[i], ""); /* i1 as i8 */
      LLVMBuildStore(st->b, x, slot(st, sc, i, tid, r));
    }
  cg_barrier(st);
  LLVMValueRef upper = upper_of(st, s, st->warp, k);
  for (unsigned r = 0; r < s->nregs; r++)
    for (unsigned i = 0; rep(s, r) == r && i < s->n; i++) {
      LLVMTypeRef t = LLVMTypeOf(at(s, s->t, r)[i]);
      LLVMValueRef x = LLVMBuildLoad2(st->b, sc->mt[i], slot(st, sc, i, partner, r), "");
      at(s, s->p, r)[i] = t != sc->mt[i] ? LLVMBuildTrunc(st->b, x, t, "") : x;
    }
  for (unsigned r = 0; r < s->nregs; r++)
    if (!merge(st, s, r, at(s, s->p, rep(s, r)), upper, false)) return false;
  commit_totals(s);
  return true;
}

static bool fail(cg_state *st, ir_op *op, const char *msg) {
  ir_emit_error(st->ictx, op->loc, "tt.scan: %s", msg);
  return false;
}

static bool init_scratch(cg_state *st, ir_op *op, scan_scratch *sc) {
  LLVMValueRef base = cg_scratch_ptr(st, op);
  if (!base) return false;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(st->ctx);
  sc->nthreads = 32 * st->num_warps;
  unsigned nregs = cg_num_regs(st, op->operands[0].value->type, op->loc), off = 0;
  for (unsigned i = 0; i < op->noperands; i++) {
    const ir_type *t = op->operands[i].value->type;
    sc->mt[i] = cg_mem_type(st, t);
    LLVMValueRef o = cg_i32(st, off);
    sc->base[i] = off ? LLVMBuildGEP2(st->b, i8, base, &o, 1, "") : base;
    unsigned eb = ir_type_byte_size(ir_type_scalar(t));
    off += sc->nthreads * nregs * (eb ? eb : 1);
  }
  return true;
}

bool cg_lower_scan(cg_state *st, ir_op *op) {
  const ir_type *in_t = op->operands[0].value->type;
  unsigned axis = (unsigned)ir_op_get_int_attr(op, "axis", 0), n = op->noperands;
  unsigned sizes[TGPU_REDUCE_MAX_OPERANDS];
  cg_val *in[TGPU_REDUCE_MAX_OPERANDS];
  if (!cg_combining_operands(st, op, TGPU_REDUCE_MAX_OPERANDS, sizes, in)) return false;
  tgpu_scan_plan p;
  const char *err = tgpu_scan_plan_make(in_t->encoding, in_t->rank, in_t->shape, axis, sizes, n, st->num_warps, &p);
  if (err) return fail(st, op, err);
  scan_state s = {.n = n, .nregs = in[0]->n, .reverse = ir_op_get_int_attr(op, "reverse", 0) != 0};
  cg_combiner_init(&s.comb, op);
  size_t cells = (size_t)s.nregs * n + 1;
  s.v = sup_arena_alloc(st->arena, sizeof *s.v * cells);
  s.t = sup_arena_alloc(st->arena, sizeof *s.t * cells);
  s.nt = sup_arena_alloc(st->arena, sizeof *s.nt * cells);
  s.p = sup_arena_alloc(st->arena, sizeof *s.p * cells);
  for (unsigned r = 0; r < s.nregs; r++)
    for (unsigned i = 0; i < n; i++) at(&s, s.v, r)[i] = at(&s, s.t, r)[i] = in[i]->regs[r];
  scan_scratch sc = {0};
  if (p.uses_warps && !init_scratch(st, op, &sc)) return false;
  bool warp_done = false;
  for (unsigned t = 0; t < p.nbits; t++) {
    bool ok = p.which[t] == 0   ? step_register(st, &s, p.bit[t])
              : p.which[t] == 1 ? step_lane(st, &s, p.bit[t])
                                : step_warp(st, &s, &sc, p.bit[t], warp_done);
    if (!ok) return false;
    warp_done |= p.which[t] == 2;
  }
  for (unsigned i = 0; i < n; i++) {
    cg_val *r = cg_val_new(st, s.nregs);
    for (unsigned k = 0; k < s.nregs; k++) r->regs[k] = at(&s, s.v, k)[i];
    cg_set(st, ir_op_result(op, i), r);
  }
  return true;
}
