/* tt.atomic_rmw and tt.atomic_cas: PTX atom (or red) through inline asm.
 *
 * Each element is updated once, by its first copy (Dialect/TileGPU/tgpu_atomic.h: the
 * register, lane and warp whose replica bits are zero; thread 0 for a scalar). Every
 * instruction is predicated on that and on the element's mask; a masked-off element yields
 * 0. When the result is used, the other copies receive the old value: registers by copy,
 * lanes by shfl.sync.idx, warps through the op's scratch (the acting threads store, a
 * barrier, every thread loads; membar orders later users of those bytes).
 *
 * The instruction is `atom.<sem>.<scope>.global.<op>.<type>`; a tt.atomic_rmw whose result
 * is unused becomes `red` when its sem is relaxed or release (the only orders red has), and
 * is not xchg. Inline asm rather than LLVM's atomicrmw/cmpxchg: LLVM 22's NVPTX backend
 * (llc -mcpu=sm_90a) prints every atomicrmw as a bare `atom.global.<op>` whatever its
 * ordering and syncscope (only cmpxchg keeps `.acq_rel.gpu`), and never emits red; the
 * predicate and the replica rule want per-instruction control too. Values travel as bits
 * (h, r, l registers). */
#include <string.h>

#include "Conversion/cg_internal.h"
#include "Dialect/Tile/tile.h"
#include "Dialect/TileGPU/tgpu_atomic.h"


typedef struct atom_desc {
  int op;                  /* tile_atomic_op; -1: compare-and-swap */
  tile_atomic_sem sem;
  tile_atomic_scope scope;
  const ir_type *elem;
  unsigned bits;
  bool red;
} atom_desc;

static bool fail(cg_state *st, ir_op *op, const char *msg) {
  ir_emit_error(st->ictx, op->loc, "cannot lower '%s': %s", ir_op_name(op), msg);
  return false;
}

/* ---- the instruction ------------------------------------------------------------------- */

static const char *ptx_op(const atom_desc *d) {
  static const char *const names[] = {"add", "add", "max", "max", "min", "min", "and", "or", "xor", "exch"};
  return d->op < 0 ? "cas" : names[d->op];
}

static const char *ptx_type(const atom_desc *d) {
  bool w64 = d->bits == 64;
  if (d->op < 0) return d->bits == 16 ? ".b16" : w64 ? ".b64" : ".b32";
  switch ((tile_atomic_op)d->op) {
  case TILE_ATOMIC_FADD:
    if (d->bits == 16) return d->elem->fkind == IR_BF16 ? ".noftz.bf16" : ".noftz.f16";
    return w64 ? ".f64" : ".f32";
  case TILE_ATOMIC_MAX:
  case TILE_ATOMIC_MIN: return w64 ? ".s64" : ".s32";
  case TILE_ATOMIC_ADD:
  case TILE_ATOMIC_UMAX:
  case TILE_ATOMIC_UMIN: return w64 ? ".u64" : ".u32";
  default: return w64 ? ".b64" : ".b32";
  }
}

static const char *reg_class(unsigned bits) { return bits == 16 ? "h" : bits == 64 ? "l" : "r"; }


/* One atom/red on `ptr` with the value(s) as iN bits, under `pred` (NULL: always). Returns
 * the old value as iN (0 where pred is false), or NULL for red. */
static LLVMValueRef emit_one(cg_state *st, const atom_desc *d, LLVMValueRef ptr, LLVMValueRef a,
                             LLVMValueRef b, LLVMValueRef pred) {
  sup_strbuf text = {0}, cons = {0};
  const char *rc = reg_class(d->bits);
  LLVMValueRef args[5];
  unsigned n = 0, first = d->red ? 0 : 1; /* operand number of ptr */
  args[n++] = ptr;
  args[n++] = a;
  if (b) args[n++] = b;
  if (!d->red) sup_strbuf_printf(&cons, "=%s,", rc);
  sup_strbuf_printf(&cons, "l,%s%s%s", rc, b ? "," : "", b ? rc : "");
  if (pred && !d->red) sup_strbuf_printf(&text, "mov.b%u $0, 0;\n\t", d->bits);
  if (pred) {
    sup_strbuf_printf(&text, "@$%u ", first + n);
    sup_strbuf_puts(&cons, ",b");
    args[n++] = pred;
  }
  sup_strbuf_printf(&text, "%s.%s.%s.global.%s%s ", d->red ? "red" : "atom", tile_atomic_sem_name(d->sem),
                    tile_atomic_scope_name(d->scope), ptx_op(d), ptx_type(d));
  if (!d->red) sup_strbuf_puts(&text, "$0, ");
  sup_strbuf_printf(&text, "[ $%u + 0 ], $%u", first, first + 1);
  if (b) sup_strbuf_printf(&text, ", $%u", first + 2);
  sup_strbuf_puts(&text, ";");
  sup_strbuf_puts(&cons, ",~{memory}");
  LLVMTypeRef ret = d->red ? LLVMVoidTypeInContext(st->ctx) : LLVMIntTypeInContext(st->ctx, d->bits);
  LLVMValueRef r = cg_asm(st, ret, args, n, sup_strbuf_cstr(&text), sup_strbuf_cstr(&cons), true);
  if (text.failed || cons.failed) ir_context_note_oom(st->ictx); /* the asm is truncated */
  sup_strbuf_free(&text);
  sup_strbuf_free(&cons);
  return d->red ? NULL : r;
}

/* ---- values ------------------------------------------------------------------------------ */

static LLVMValueRef to_bits(cg_state *st, LLVMValueRef v, unsigned bits) {
  LLVMTypeRef it = LLVMIntTypeInContext(st->ctx, bits);
  return LLVMTypeOf(v) == it ? v : LLVMBuildBitCast(st->b, v, it, "");
}

static LLVMValueRef from_bits(cg_state *st, LLVMValueRef v, LLVMTypeRef t) {
  return LLVMTypeOf(v) == t ? v : LLVMBuildBitCast(st->b, v, t, "");
}

/* Operand i as n registers (a scalar repeated); NULL after an error. */
static cg_val *operand_regs(cg_state *st, ir_op *op, unsigned i, unsigned n) {
  cg_val *v = cg_get(st, ir_op_operand(op, i));
  if (!v) return NULL;
  if (v->n == n) return v;
  if (v->n == 1) return cg_val_splat(st, n, v->regs[0]);
  ir_emit_error(st->ictx, op->loc, "internal: %s operand %u has %u registers, expected %u", ir_op_name(op), i,
                v->n, n);
  return NULL;
}

static LLVMValueRef and_pred(cg_state *st, LLVMValueRef a, LLVMValueRef b) {
  if (!a) return b;
  if (!b) return a;
  return LLVMBuildAnd(st->b, a, b, "");
}

/* (x & dup) == 0, or NULL when dup is 0. */
static LLVMValueRef bits_clear(cg_state *st, LLVMValueRef x, uint32_t dup) {
  if (!dup) return NULL;
  return LLVMBuildICmp(st->b, LLVMIntEQ, LLVMBuildAnd(st->b, x, cg_i32(st, dup), ""), cg_i32(st, 0), "");
}

/* True in the threads that hold first copies; NULL when every thread does. */
static LLVMValueRef thread_acts(cg_state *st, const tgpu_atomic_plan *p) {
  LLVMValueRef lane_ok = bits_clear(st, st->lane, p->lane_dup); /* built first: a fixed IR order */
  return and_pred(st, lane_ok, bits_clear(st, st->warp, p->warp_dup));
}

/* ---- handing old values to the copies ------------------------------------------------------ */

static void by_shuffle(cg_state *st, const tgpu_atomic_plan *p, cg_val *r) {
  LLVMValueRef src = LLVMBuildAnd(st->b, st->lane, cg_i32(st, ~p->lane_dup), "");
  for (unsigned i = 0; i < r->n; i++) r->regs[i] = cg_shfl(st, r->regs[i], false, src);
}

/* The scratch slot (element index) of each register: its static part XOR the thread's. */
static bool slots_of(cg_state *st, ir_op *op, unsigned n, LLVMValueRef *out) {
  const ir_type *t = op->results[0].type;
  if (!ir_type_is_tensor(t)) {
    out[0] = cg_i32(st, 0);
    return true;
  }
  cg_layout l;
  if (!cg_layout_get(st, t, op->loc, &l)) return false;
  uint32_t lb[TGPU_LL_MAX_BITS], wb[TGPU_LL_MAX_BITS];
  for (unsigned k = 0; k < l.ll.nlane; k++) lb[k] = tgpu_ll_layout_basis(&l.ll, 1, k);
  for (unsigned k = 0; k < l.ll.nwarp; k++) wb[k] = tgpu_ll_layout_basis(&l.ll, 2, k);
  LLVMValueRef th = LLVMBuildXor(st->b, cg_layout_bits(st, st->lane, lb, l.ll.nlane),
                                 cg_layout_bits(st, st->warp, wb, l.ll.nwarp), "");
  for (unsigned i = 0; i < n; i++)
    out[i] = LLVMBuildXor(st->b, th, cg_i32(st, tgpu_ll_layout_apply(&l.ll, i, 0, 0)), "");
  return true;
}

static LLVMValueRef slot_ptr(cg_state *st, LLVMValueRef base, LLVMValueRef slot, unsigned bits) {
  return LLVMBuildGEP2(st->b, LLVMIntTypeInContext(st->ctx, bits), base, &slot, 1, "");
}

/* The acting threads store their first copies, a barrier, then every register loads. */
static bool by_scratch(cg_state *st, ir_op *op, const tgpu_atomic_plan *p, LLVMValueRef acts, cg_val *r,
                       unsigned bits) {
  LLVMValueRef base = cg_scratch_ptr(st, op);
  LLVMValueRef *slot = sup_arena_alloc(st->arena, sizeof *slot * r->n);
  if (!base || !slot || !slots_of(st, op, r->n, slot)) return false;
  LLVMBasicBlockRef join = cg_if_begin(st, acts, "atom.share", "atom.shared"); /* acts: SHARED has warp copies */
  for (unsigned i = 0; i < r->n; i++)
    if (!(i & p->reg_dup)) LLVMBuildStore(st->b, r->regs[i], slot_ptr(st, base, slot[i], bits));
  cg_if_end(st, join);
  cg_barrier(st);
  LLVMTypeRef it = LLVMIntTypeInContext(st->ctx, bits);
  for (unsigned i = 0; i < r->n; i++) r->regs[i] = LLVMBuildLoad2(st->b, it, slot_ptr(st, base, slot[i], bits), "");
  return true;
}

/* ---- the ops ------------------------------------------------------------------------------- */

/* Lowers op: operands ptr, a[, b] (b: cas's new value), mask at operand mask_at (or none). */
static bool lower_atomic(cg_state *st, ir_op *op, atom_desc *d, bool has_b, unsigned mask_at) {
  tgpu_atomic_plan p;
  const char *err = tgpu_atomic_plan_make(op, st->num_warps, &p);
  if (err) return fail(st, op, err);
  if (d->op == TILE_ATOMIC_FADD && d->elem->kind == IR_TYPE_FLOAT && d->elem->fkind == IR_BF16 &&
      st->cm->target->sm < 90)
    return fail(st, op, "atomic add on bf16 needs sm_90 or newer");
  const ir_type *rt = op->results[0].type;
  unsigned n = cg_num_regs(st, rt, op->loc);
  if (!n) return false;
  cg_val *ptr = operand_regs(st, op, 0, n), *a = operand_regs(st, op, 1, n);
  cg_val *b = has_b ? operand_regs(st, op, 2, n) : NULL;
  cg_val *mask = op->noperands > mask_at ? operand_regs(st, op, mask_at, n) : NULL;
  if (!ptr || !a || (has_b && !b) || (op->noperands > mask_at && !mask)) return false;
  LLVMValueRef acts = thread_acts(st, &p);
  cg_val *r = cg_val_new(st, n);
  for (unsigned i = 0; i < n; i++) {
    if (i & p.reg_dup) continue;
    LLVMValueRef pred = and_pred(st, acts, mask ? mask->regs[i] : NULL);
    r->regs[i] = emit_one(st, d, ptr->regs[i], to_bits(st, a->regs[i], d->bits),
                          b ? to_bits(st, b->regs[i], d->bits) : NULL, pred);
  }
  LLVMTypeRef ty = cg_scalar_type(st, rt);
  if (d->red) {
    for (unsigned i = 0; i < n; i++) r->regs[i] = LLVMGetUndef(ty);
    cg_set(st, ir_op_result(op, 0), r);
    return true;
  }
  for (unsigned i = 0; i < n; i++)
    if (i & p.reg_dup) r->regs[i] = r->regs[i & ~p.reg_dup];
  if (p.route == TGPU_ATOMIC_SHUFFLE) by_shuffle(st, &p, r);
  if (p.route == TGPU_ATOMIC_SHARED && !by_scratch(st, op, &p, acts, r, d->bits)) return false;
  for (unsigned i = 0; i < n; i++) r->regs[i] = from_bits(st, r->regs[i], ty);
  cg_set(st, ir_op_result(op, 0), r);
  return true;
}

static atom_desc desc_of(ir_op *op, int k) {
  const ir_type *e = ir_type_scalar(op->results[0].type);
  atom_desc d = {.op = k,
                 .sem = (tile_atomic_sem)tile_atomic_sem_parse(ir_op_get_string_attr(op, "sem")),
                 .scope = (tile_atomic_scope)tile_atomic_scope_parse(ir_op_get_string_attr(op, "scope")),
                 .elem = e,
                 .bits = e->width};
  return d;
}

bool cg_lower_atomic_rmw(cg_state *st, ir_op *op) {
  int k = tile_atomic_op_parse(ir_op_get_string_attr(op, "atomic_rmw_op"));
  if (k < 0) return fail(st, op, "unknown atomic_rmw_op");
  atom_desc d = desc_of(op, k);
  d.red = !ir_op_result(op, 0)->first_use && k != TILE_ATOMIC_XCHG &&
          (d.sem == TILE_SEM_RELAXED || d.sem == TILE_SEM_RELEASE);
  return lower_atomic(st, op, &d, false, 2);
}

bool cg_lower_atomic_cas(cg_state *st, ir_op *op) {
  atom_desc d = desc_of(op, -1);
  return lower_atomic(st, op, &d, true, 3);
}
