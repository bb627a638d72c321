/* tt.addptr, tt.load, tt.store.
 *
 * Vectorization: a load/store with `tgpu.vec = V` (set by the coalesce pass) has runs of V
 * registers that are consecutive in memory; each run becomes accesses of at most 16 bytes
 * (P = min(V, 16/sizeof(T)) elements) through the pointer of the run's first register, with
 * alignment P*sizeof(T). Masks are constant over a run (the pass guarantees it), so the
 * first register's mask guards the access. Masked accesses of whole 32-bit words, and of
 * one 8- or 16-bit value, are predicated inline PTX (like Triton's); other masked accesses
 * (pointers) branch around a plain access. */
#include <stdio.h>
#include <string.h>

#include "Conversion/cg_internal.h"

static unsigned mem_size(cg_state *st, LLVMTypeRef mt) {
  (void)st;
  switch (LLVMGetTypeKind(mt)) {
  case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(mt) / 8;
  case LLVMHalfTypeKind:
  case LLVMBFloatTypeKind: return 2;
  case LLVMFloatTypeKind: return 4;
  default: return 8; /* double, pointers */
  }
}

bool cg_lower_addptr(cg_state *st, ir_op *op) {
  unsigned n = cg_num_regs(st, op->results[0].type, op->loc);
  cg_val *p = cg_get(st, ir_op_operand(op, 0)), *o = cg_get(st, ir_op_operand(op, 1));
  if (!n || !p || !o) return false;
  if ((p->n != n && p->n != 1) || (o->n != n && o->n != 1)) {
    ir_emit_error(st->ictx, op->loc, "internal: tt.addptr operands have mismatched layouts");
    return false;
  }
  LLVMTypeRef elem = cg_mem_type(st, ir_type_scalar(op->results[0].type)->elem);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(st->ctx);
  cg_val *r = cg_val_new(st, n);
  for (unsigned i = 0; i < n; i++) {
    LLVMValueRef off = o->regs[o->n == 1 ? 0 : i];
    if (LLVMGetIntTypeWidth(LLVMTypeOf(off)) < 64) off = LLVMBuildSExt(st->b, off, i64, "");
    r->regs[i] = LLVMBuildGEP2(st->b, elem, p->regs[p->n == 1 ? 0 : i], &off, 1, "");
  }
  cg_set(st, ir_op_result(op, 0), r);
  return true;
}

/* ---- access pieces ------------------------------------------------------------------------ */

/* One access: P elements of memory type mt at ptr, guarded by mask (NULL: always). */
typedef struct piece {
  LLVMValueRef ptr, mask;
  LLVMTypeRef mt;
  unsigned p;            /* elements */
  LLVMValueRef *vals;    /* load: other values in (NULL: zero), loaded values out;
                            store: values to store */
  LLVMValueRef raw;      /* load: the access's result before unpacking (asm: the words'
                            struct; plain: the vector), NULL once unpacked */
  bool raw_asm;
} piece;

static LLVMTypeRef piece_type(const piece *pc) {
  return pc->p == 1 ? pc->mt : LLVMVectorType(pc->mt, pc->p);
}

static unsigned piece_bytes(cg_state *st, const piece *pc) { return pc->p * mem_size(st, pc->mt); }

static LLVMValueRef pack(cg_state *st, const piece *pc, LLVMValueRef *vals) {
  if (pc->p == 1) return vals[0];
  LLVMValueRef v = LLVMGetUndef(piece_type(pc));
  for (unsigned i = 0; i < pc->p; i++) v = LLVMBuildInsertElement(st->b, v, vals[i], cg_i32(st, i), "");
  return v;
}

static void unpack(cg_state *st, const piece *pc, LLVMValueRef v, LLVMValueRef *out) {
  if (pc->p == 1) {
    out[0] = v;
    return;
  }
  for (unsigned i = 0; i < pc->p; i++) out[i] = LLVMBuildExtractElement(st->b, v, cg_i32(st, i), "");
}

static LLVMValueRef plain_load(cg_state *st, const piece *pc) {
  LLVMValueRef v = LLVMBuildLoad2(st->b, piece_type(pc), pc->ptr, "");
  LLVMSetAlignment(v, piece_bytes(st, pc));
  return v;
}

static void plain_store(cg_state *st, const piece *pc) {
  LLVMValueRef s = LLVMBuildStore(st->b, pack(st, pc, pc->vals), pc->ptr);
  LLVMSetAlignment(s, piece_bytes(st, pc));
}

/* A branch around a sub-word access (an i1/i8 or f16 element of an unvectorized load) kept
 * the address arithmetic of the thread's next elements behind each branch: where() with a
 * bool condition from an unhinted signature ran far behind Triton's predicated PTX. */
static bool use_asm(cg_state *st, const piece *pc) {
  unsigned bytes = piece_bytes(st, pc);
  return pc->mask && LLVMGetTypeKind(pc->mt) != LLVMPointerTypeKind &&
         (bytes % 4 == 0 || bytes == 1 || bytes == 2);
}

/* The integer type of a sub-word piece (1 or 2 bytes); NULL for a piece of whole words. */
static LLVMTypeRef sub_word_type(cg_state *st, const piece *pc) {
  unsigned bytes = piece_bytes(st, pc);
  return bytes < 4 ? LLVMIntTypeInContext(st->ctx, bytes * 8) : NULL;
}

/* The piece's values as nw 32-bit words. */
static void to_words(cg_state *st, const piece *pc, LLVMValueRef *vals, unsigned nw, LLVMValueRef *out) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(st->ctx);
  LLVMValueRef v = pack(st, pc, vals);
  if (nw == 1) {
    out[0] = LLVMBuildBitCast(st->b, v, i32, "");
    return;
  }
  LLVMValueRef w = LLVMBuildBitCast(st->b, v, LLVMVectorType(i32, nw), "");
  for (unsigned i = 0; i < nw; i++) out[i] = LLVMBuildExtractElement(st->b, w, cg_i32(st, i), "");
}

static void from_words(cg_state *st, const piece *pc, LLVMValueRef *words, unsigned nw) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(st->ctx);
  LLVMValueRef w = words[0];
  if (nw > 1) {
    w = LLVMGetUndef(LLVMVectorType(i32, nw));
    for (unsigned i = 0; i < nw; i++) w = LLVMBuildInsertElement(st->b, w, words[i], cg_i32(st, i), "");
  }
  unpack(st, pc, LLVMBuildBitCast(st->b, w, piece_type(pc), ""), pc->vals);
}

static void brace_list(sup_strbuf *s, unsigned first, unsigned n) {
  if (n > 1) sup_strbuf_puts(s, "{ ");
  for (unsigned i = 0; i < n; i++) sup_strbuf_printf(s, "%s$%u", i ? ", " : "", first + i);
  if (n > 1) sup_strbuf_puts(s, " }");
}


/* Predicated load of one 8- or 16-bit value: in a 16-bit register ("c": i8, "h": i16) that
 * starts as `other` (or 0). */
static void asm_load_sub_word(cg_state *st, piece *pc, LLVMTypeRef it) {
  bool b8 = LLVMGetIntTypeWidth(it) == 8;
  LLVMValueRef args[3] = {pc->ptr, pc->mask, NULL};
  unsigned nargs = 2;
  if (pc->vals[0]) args[nargs++] = LLVMBuildBitCast(st->b, pack(st, pc, pc->vals), it, "");
  char text[96], cons[16];
  snprintf(text, sizeof text, "mov.u16 $0, %s;\n\t@$2 ld.global.%s $0, [ $1 + 0 ];",
           nargs == 3 ? "$3" : "0x0", b8 ? "b8" : "b16");
  snprintf(cons, sizeof cons, "=%c,l,b%s", b8 ? 'c' : 'h', nargs < 3 ? "" : b8 ? ",c" : ",h");
  pc->raw = cg_asm(st, it, args, nargs, text, cons, true);
  pc->raw_asm = true;
}

/* Predicated load: outputs $0..$nw-1 start as `other` (or 0), then `@$p ld.global`. */
static void asm_load(cg_state *st, piece *pc) {
  LLVMTypeRef sub = sub_word_type(st, pc);
  if (sub) {
    asm_load_sub_word(st, pc, sub);
    return;
  }
  unsigned nw = piece_bytes(st, pc) / 4;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(st->ctx);
  LLVMValueRef args[8], others[4];
  unsigned nargs = 0;
  args[nargs++] = pc->ptr;
  args[nargs++] = pc->mask;
  if (pc->vals[0]) to_words(st, pc, pc->vals, nw, others);
  sup_strbuf text = {0}, cons = {0};
  for (unsigned i = 0; i < nw; i++) {
    if (pc->vals[0]) {
      sup_strbuf_printf(&text, "mov.u32 $%u, $%u;\n\t", i, nw + 2 + i);
      args[nargs++] = others[i];
    } else {
      sup_strbuf_printf(&text, "mov.u32 $%u, 0x0;\n\t", i);
    }
    sup_strbuf_puts(&cons, "=r,");
  }
  sup_strbuf_printf(&text, "@$%u ld.global%s.b32 ", nw + 1, nw == 1 ? "" : nw == 2 ? ".v2" : ".v4");
  brace_list(&text, 0, nw);
  sup_strbuf_printf(&text, ", [ $%u + 0 ];", nw);
  sup_strbuf_puts(&cons, "l,b");
  for (unsigned i = 0; pc->vals[0] && i < nw; i++) sup_strbuf_puts(&cons, ",r");
  LLVMTypeRef elems[4] = {i32, i32, i32, i32};
  LLVMTypeRef ret = nw == 1 ? i32 : LLVMStructTypeInContext(st->ctx, elems, nw, 0);
  pc->raw = cg_asm(st, ret, args, nargs, sup_strbuf_cstr(&text), sup_strbuf_cstr(&cons), true);
  pc->raw_asm = true;
  if (text.failed || cons.failed) ir_context_note_oom(st->ictx); /* the asm is truncated */
  sup_strbuf_free(&text);
  sup_strbuf_free(&cons);
}

/* Predicated store: `@$p st.global [ptr], words` (or one 8- or 16-bit value). */
static void asm_store(cg_state *st, piece *pc) {
  LLVMTypeRef sub = sub_word_type(st, pc);
  if (sub) {
    bool b8 = LLVMGetIntTypeWidth(sub) == 8;
    LLVMValueRef args[3] = {LLVMBuildBitCast(st->b, pack(st, pc, pc->vals), sub, ""), pc->ptr, pc->mask};
    cg_asm_void(st, args, 3, b8 ? "@$2 st.global.b8 [ $1 + 0 ], $0;" : "@$2 st.global.b16 [ $1 + 0 ], $0;",
                b8 ? "c,l,b" : "h,l,b");
    return;
  }
  unsigned nw = piece_bytes(st, pc) / 4;
  LLVMValueRef args[8];
  to_words(st, pc, pc->vals, nw, args);
  args[nw] = pc->ptr;
  args[nw + 1] = pc->mask;
  sup_strbuf text = {0}, cons = {0};
  sup_strbuf_printf(&text, "@$%u st.global%s.b32 [ $%u + 0 ], ", nw + 1,
                    nw == 1 ? "" : nw == 2 ? ".v2" : ".v4", nw);
  brace_list(&text, 0, nw);
  sup_strbuf_puts(&text, ";");
  for (unsigned i = 0; i < nw; i++) sup_strbuf_puts(&cons, "r,");
  sup_strbuf_puts(&cons, "l,b");
  cg_asm_void(st, args, nw + 2, sup_strbuf_cstr(&text), sup_strbuf_cstr(&cons));
  if (text.failed || cons.failed) ir_context_note_oom(st->ictx); /* the asm is truncated */
  sup_strbuf_free(&text);
  sup_strbuf_free(&cons);
}

/* Masked access through control flow: `if (mask) access;` (loads merge with `other`). */
static void branch_access(cg_state *st, piece *pc, bool is_load) {
  LLVMBasicBlockRef from = LLVMGetInsertBlock(st->b);
  LLVMBasicBlockRef join = cg_if_begin(st, pc->mask, is_load ? "ld" : "st", "join");
  LLVMBasicBlockRef then = LLVMGetInsertBlock(st->b);
  LLVMValueRef got[16];
  if (is_load) unpack(st, pc, plain_load(st, pc), got);
  else plain_store(st, pc);
  cg_if_end(st, join);
  for (unsigned i = 0; is_load && i < pc->p; i++) {
    LLVMValueRef other = pc->vals[i] ? pc->vals[i] : LLVMConstNull(pc->mt);
    LLVMValueRef phi = LLVMBuildPhi(st->b, pc->mt, "");
    LLVMValueRef in_vals[2] = {got[i], other};
    LLVMBasicBlockRef in_bbs[2] = {then, from};
    LLVMAddIncoming(phi, in_vals, in_bbs, 2);
    pc->vals[i] = phi;
  }
}

/* Issues the piece's load; its values come out of finish_load. All of an op's loads are
 * issued before any is unpacked: ptxas keeps the order it is given, and a use right after
 * each load made it reuse the registers of earlier loads, so that fewer loads were in
 * flight (layer norm's 8 loads per thread waited in twos and threes; Triton issues them
 * all first). */
static void load_piece(cg_state *st, piece *pc) {
  if (use_asm(st, pc)) {
    asm_load(st, pc);
  } else if (pc->mask) {
    branch_access(st, pc, true);
  } else {
    pc->raw = plain_load(st, pc);
    pc->raw_asm = false;
  }
}

static void finish_load(cg_state *st, piece *pc) {
  if (!pc->raw) return;
  if (!pc->raw_asm) {
    unpack(st, pc, pc->raw, pc->vals);
  } else if (sub_word_type(st, pc)) {
    unpack(st, pc, LLVMBuildBitCast(st->b, pc->raw, piece_type(pc), ""), pc->vals);
  } else {
    unsigned nw = piece_bytes(st, pc) / 4;
    LLVMValueRef words[4] = {NULL, NULL, NULL, NULL};
    for (unsigned i = 0; i < nw; i++) words[i] = nw == 1 ? pc->raw : LLVMBuildExtractValue(st->b, pc->raw, i, "");
    from_words(st, pc, words, nw);
  }
  pc->raw = NULL;
}

static void store_piece(cg_state *st, piece *pc) {
  if (use_asm(st, pc)) asm_store(st, pc);
  else if (pc->mask) branch_access(st, pc, false);
  else plain_store(st, pc);
}

/* ---- tt.load / tt.store ----------------------------------------------------------------- */

/* Elements per access: tgpu.vec capped at 16 bytes, and dividing the register count. */
static unsigned access_width(cg_state *st, ir_op *op, LLVMTypeRef mt, unsigned n) {
  int64_t v = ir_op_get_int_attr(op, TGPU_ATTR_VEC, 1);
  unsigned max = TGPU_MAX_ACCESS_BYTES / mem_size(st, mt);
  unsigned p = v < 1 ? 1 : (unsigned)v;
  if (p > max) p = max ? max : 1;
  while (p > 1 && n % p) p /= 2;
  return p;
}

/* Fetches operand i as n registers (a scalar operand repeated); NULL after an error. */
static cg_val *operand_regs(cg_state *st, ir_op *op, unsigned i, unsigned n) {
  cg_val *v = cg_get(st, ir_op_operand(op, i));
  if (!v) return NULL;
  if (v->n == n) return v;
  if (v->n == 1) return cg_val_splat(st, n, v->regs[0]);
  ir_emit_error(st->ictx, op->loc, "internal: %s operand %u has %u registers, expected %u",
                ir_op_name(op), i, v->n, n);
  return NULL;
}

static LLVMValueRef to_mem(cg_state *st, LLVMValueRef v, LLVMTypeRef mt) {
  if (LLVMTypeOf(v) == mt) return v;
  return LLVMBuildZExt(st->b, v, mt, ""); /* i1 -> i8 */
}

static LLVMValueRef from_mem(cg_state *st, LLVMValueRef v, LLVMTypeRef ty) {
  if (LLVMTypeOf(v) == ty) return v;
  return LLVMBuildICmp(st->b, LLVMIntNE, v, LLVMConstNull(LLVMTypeOf(v)), ""); /* i8 -> i1 */
}

bool cg_lower_load(cg_state *st, ir_op *op) {
  const ir_type *t = op->results[0].type;
  unsigned n = cg_num_regs(st, t, op->loc);
  if (!n) return false;
  cg_val *ptrs = operand_regs(st, op, 0, n);
  cg_val *mask = op->noperands > 1 ? operand_regs(st, op, 1, n) : NULL;
  cg_val *other = op->noperands > 2 ? operand_regs(st, op, 2, n) : NULL;
  if (!ptrs || (op->noperands > 1 && !mask) || (op->noperands > 2 && !other)) return false;
  LLVMTypeRef ty = cg_scalar_type(st, t), mt = cg_mem_type(st, t);
  unsigned p = access_width(st, op, mt, n);
  cg_val *r = cg_val_new(st, n);
  piece *pcs = sup_arena_alloc(st->arena, sizeof *pcs * (n / p + 1));
  for (unsigned i = 0; i < n; i += p) {
    pcs[i / p] = (piece){ptrs->regs[i], mask ? mask->regs[i] : NULL, mt, p, &r->regs[i], NULL, false};
    for (unsigned j = 0; j < p; j++) r->regs[i + j] = other ? to_mem(st, other->regs[i + j], mt) : NULL;
    load_piece(st, &pcs[i / p]);
  }
  for (unsigned i = 0; i < n; i += p) finish_load(st, &pcs[i / p]);
  for (unsigned i = 0; i < n; i++) r->regs[i] = from_mem(st, r->regs[i], ty);
  cg_set(st, ir_op_result(op, 0), r);
  return true;
}

bool cg_lower_store(cg_state *st, ir_op *op) {
  const ir_type *t = op->operands[1].value->type;
  unsigned n = cg_num_regs(st, t, op->loc);
  if (!n) return false;
  cg_val *ptrs = operand_regs(st, op, 0, n);
  cg_val *vals = operand_regs(st, op, 1, n);
  cg_val *mask = op->noperands > 2 ? operand_regs(st, op, 2, n) : NULL;
  if (!ptrs || !vals || (op->noperands > 2 && !mask)) return false;
  LLVMTypeRef mt = cg_mem_type(st, t);
  unsigned p = access_width(st, op, mt, n);
  LLVMValueRef buf[16], only = NULL;
  if (!ir_type_is_tensor(t)) { /* a scalar store: every thread has the value, one stores it */
    LLVMValueRef z = cg_i32(st, 0);
    only = LLVMBuildAnd(st->b, LLVMBuildICmp(st->b, LLVMIntEQ, st->lane, z, ""),
                        LLVMBuildICmp(st->b, LLVMIntEQ, st->warp, z, ""), "first_thread");
  }
  for (unsigned i = 0; i < n; i += p) {
    for (unsigned j = 0; j < p; j++) buf[j] = to_mem(st, vals->regs[i + j], mt);
    LLVMValueRef m = mask ? mask->regs[i] : NULL;
    if (only) m = m ? LLVMBuildAnd(st->b, m, only, "") : only;
    piece pc = {ptrs->regs[i], m, mt, p, buf};
    if (only) branch_access(st, &pc, false); /* a branch: once per kernel, not per element */
    else store_piece(st, &pc);
  }
  return true;
}
