/* tt.print (tl.device_print) through the CUDA device runtime's vprintf(format, args).
 *
 * Each element of each operand is printed once per program: by the thread and register
 * that own it (a layout's replicas, its lane, warp and register bits with a zero basis
 * vector, stay silent), a scalar by thread 0. One line per element:
 *   pid (X, Y, Z) idx (I, J)PREFIX(operand K) VALUE
 * ("idx (...)" only for tensors, "(operand K) " only with several operands): integers in
 * decimal as signed or unsigned (hex=True: 0x%x / 0x%llx), floats as %f of the double (hex:
 * their bits), fp8 and pointers in hex. The arguments go to a buffer in the kernel's local
 * memory (an alloca in the entry block, one per operand), laid out as vprintf reads them:
 * each field at its natural alignment. */
#include <stdio.h>
#include <string.h>

#include "Conversion/cg_internal.h"

/* The format of one value, and *v made what vprintf reads for it (i32, i64 or double). */
static const char *value_spec(cg_state *st, const ir_type *t, bool hex, bool is_signed, LLVMValueRef *v) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(st->ctx), i64 = LLVMInt64TypeInContext(st->ctx);
  if (ir_type_is_ptr(t)) {
    *v = LLVMBuildPtrToInt(st->b, *v, i64, "");
    return "0x%llx";
  }
  if (ir_type_is_float(t) && (t->fkind == IR_F8E4M3FN || t->fkind == IR_F8E5M2)) {
    *v = LLVMBuildZExt(st->b, *v, i32, ""); /* a storage type: its byte */
    return "0x%02x";
  }
  if (ir_type_is_float(t) && !hex) {
    if (t->width < 64) *v = LLVMBuildFPExt(st->b, *v, LLVMDoubleTypeInContext(st->ctx), "");
    return "%f";
  }
  if (ir_type_is_float(t)) { /* hex: the bits */
    *v = LLVMBuildBitCast(st->b, *v, LLVMIntTypeInContext(st->ctx, t->width), "");
    is_signed = false;
  }
  unsigned w = t->width;
  if (w == 64) return hex ? "0x%llx" : is_signed ? "%lld" : "%llu";
  *v = is_signed && w > 1 ? LLVMBuildSExt(st->b, *v, i32, "") : LLVMBuildZExt(st->b, *v, i32, "");
  return hex ? "0x%x" : is_signed && w > 1 ? "%d" : "%u";
}

/* A private constant global holding `s`, as a generic pointer. */
static LLVMValueRef global_string(cg_state *st, const char *s) {
  size_t n = strlen(s) + 1;
  LLVMTypeRef ty = LLVMArrayType(LLVMInt8TypeInContext(st->ctx), (unsigned)n);
  LLVMValueRef g = LLVMAddGlobalInAddressSpace(st->mod, ty, "printf.format", 1);
  LLVMSetInitializer(g, LLVMConstStringInContext(st->ctx, s, (unsigned)(n - 1), 0));
  LLVMSetGlobalConstant(g, 1);
  LLVMSetLinkage(g, LLVMPrivateLinkage);
  LLVMSetUnnamedAddress(g, LLVMGlobalUnnamedAddr);
  return LLVMConstAddrSpaceCast(g, LLVMPointerTypeInContext(st->ctx, 0));
}

/* An alloca of `ty` at the start of the kernel's entry block. */
static LLVMValueRef entry_alloca(cg_state *st, LLVMTypeRef ty) {
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(st->fn);
  LLVMBuilderRef eb = LLVMCreateBuilderInContext(st->ctx);
  LLVMValueRef first = LLVMGetFirstInstruction(entry);
  if (first) LLVMPositionBuilderBefore(eb, first);
  else LLVMPositionBuilderAtEnd(eb, entry);
  LLVMValueRef a = LLVMBuildAlloca(eb, ty, "printf.args");
  LLVMDisposeBuilder(eb);
  return a;
}

/* The format of one operand's lines: pid, idx (rank dims), prefix with '%' escaped. */
static char *line_format(cg_state *st, unsigned rank, const char *prefix, int operand, const char *spec) {
  sup_strbuf b = {0};
  sup_strbuf_puts(&b, "pid (%d, %d, %d)");
  if (rank) {
    sup_strbuf_puts(&b, " idx (");
    for (unsigned d = 0; d < rank; d++) sup_strbuf_puts(&b, d ? ", %d" : "%d");
    sup_strbuf_putc(&b, ')');
  }
  for (const char *c = prefix; *c; c++) {
    if (*c == '%') sup_strbuf_putc(&b, '%');
    sup_strbuf_putc(&b, *c);
  }
  if (operand >= 0) sup_strbuf_printf(&b, "(operand %d) ", operand);
  sup_strbuf_printf(&b, "%s\n", spec);
  char *s = b.failed ? NULL : sup_arena_printf(st->arena, "%s", sup_strbuf_cstr(&b));
  sup_strbuf_free(&b);
  return s;
}

/* vprintf(fmt, buf) with vals[0..n) stored in buf, a struct of their types. */
static void emit_vprintf(cg_state *st, LLVMValueRef fmt, LLVMValueRef buf, LLVMTypeRef sty, const LLVMValueRef *vals,
                         unsigned n) {
  for (unsigned f = 0; f < n; f++) LLVMBuildStore(st->b, vals[f], LLVMBuildStructGEP2(st->b, sty, buf, f, ""));
  LLVMTypeRef ptr = LLVMPointerTypeInContext(st->ctx, 0);
  LLVMValueRef args[2] = {fmt, buf};
  LLVMTypeRef params[2] = {ptr, ptr};
  cg_call_extern(st, "vprintf", LLVMInt32TypeInContext(st->ctx), params, 2, args);
}

/* The buffer (struct of the vals' types) for them, and their line's format. */
static bool print_buffer(cg_state *st, const LLVMValueRef *vals, unsigned n, const char *line, LLVMTypeRef *sty,
                         LLVMValueRef *buf, LLVMValueRef *fmt) {
  LLVMTypeRef fields[3 + IR_MAX_RANK + 1];
  for (unsigned f = 0; f < n; f++) fields[f] = LLVMTypeOf(vals[f]);
  *sty = LLVMStructTypeInContext(st->ctx, fields, n, 0);
  *buf = entry_alloca(st, *sty);
  if (!line) return ir_context_note_oom(st->ictx), false;
  *fmt = global_string(st, line);
  return true;
}

/* Whether this is thread 0 of the program (an i1). */
static LLVMValueRef thread0(cg_state *st) {
  return LLVMBuildICmp(st->b, LLVMIntEQ, LLVMBuildOr(st->b, st->lane, st->warp, ""), cg_i32(st, 0), "");
}

static bool print_operand(cg_state *st, ir_op *op, unsigned i, const char *prefix, bool hex, bool is_signed) {
  ir_value *x = ir_op_operand(op, i);
  const ir_type *t = x->type, *et = ir_type_scalar(t);
  cg_val *cv = cg_get(st, x);
  if (!cv) return false;
  unsigned rank = ir_type_is_tensor(t) ? t->rank : 0;
  cg_layout l;
  if (rank && !cg_layout_get(st, t, op->loc, &l)) return false;
  uint32_t zr = 0; /* the thread that holds each element first, not its replicas */
  LLVMValueRef owner = rank ? cg_layout_owner(st, &l, &zr) : thread0(st);
  LLVMBasicBlockRef done = cg_if_begin(st, owner, "print.owner", "print.done");
  LLVMValueRef vals[3 + IR_MAX_RANK + 1], fmt = NULL, buf = NULL;
  LLVMTypeRef sty = NULL;
  for (unsigned a = 0; a < 3; a++) vals[a] = cg_sreg(st, "ctaid", a);
  for (unsigned r = 0; r < cv->n; r++) {
    if (r & zr) continue;
    LLVMValueRef v = cv->regs[r];
    const char *spec = value_spec(st, et, hex, is_signed, &v);
    for (unsigned d = 0; d < rank; d++) vals[3 + d] = cg_layout_coord(st, &l, r, d);
    vals[3 + rank] = v;
    /* one buffer and format for every register: they have one layout */
    if (!buf && !print_buffer(st, vals, 4 + rank, line_format(st, rank, prefix, op->noperands > 1 ? (int)i : -1, spec),
                              &sty, &buf, &fmt))
      return false;
    emit_vprintf(st, fmt, buf, sty, vals, 4 + rank);
  }
  cg_if_end(st, done);
  return true;
}

bool cg_lower_print(cg_state *st, ir_op *op) {
  const char *prefix = ir_op_get_string_attr(op, "prefix");
  const ir_attr *hex = ir_op_get_attr(op, "hex"), *sig = ir_op_get_attr(op, "is_signed");
  if (!prefix || !sig || sig->count != op->noperands) { /* the verifier's: a hand-written op */
    ir_emit_error(st->ictx, op->loc, "tt.print needs 'prefix' and one 'is_signed' entry per operand");
    return false;
  }
  if (op->noperands == 0) { /* the prefix alone, once per program */
    LLVMValueRef vals[3], fmt, buf;
    LLVMTypeRef sty;
    LLVMBasicBlockRef done = cg_if_begin(st, thread0(st), "print.owner", "print.done");
    for (unsigned a = 0; a < 3; a++) vals[a] = cg_sreg(st, "ctaid", a);
    if (!print_buffer(st, vals, 3, line_format(st, 0, prefix, -1, ""), &sty, &buf, &fmt)) return false;
    emit_vprintf(st, fmt, buf, sty, vals, 3);
    cg_if_end(st, done);
    return true;
  }
  for (unsigned i = 0; i < op->noperands; i++)
    if (!print_operand(st, op, i, prefix, hex && hex->ival, sig->elems[i]->ival != 0)) return false;
  return true;
}
