/* Canonicalization patterns owned by tile ops (the canonicalize_fn column of
 * tile_ops.def). The canonicalize pass calls an op's hook after folding it; each hook
 * returns true when it changed the IR, and may erase the op it was given. */
#include "Dialect/Tile/tile_internal.h"

static void replace_and_erase(ir_op *op, ir_value *v) {
  ir_value_replace_all_uses(ir_op_result(op, 0), v);
  ir_op_erase(op);
}

/* Rebuilds op as `name`(x) with op's result type, right before op, and erases op. */
static bool rebuild_from(ir_module *m, ir_op *op, const char *name, ir_value *x) {
  ir_builder b;
  ir_builder_init(&b, m);
  ir_builder_set_before(&b, op);
  b.loc = op->loc;
  replace_and_erase(op, ir_build1(&b, name, 1, &x, ir_op_result(op, 0)->type));
  return true;
}

/* broadcast(splat x) -> splat x; broadcast(broadcast x) -> broadcast x. */
bool tile_canonicalize_broadcast(ir_module *m, ir_op *op) {
  ir_op *d = ir_value_def(ir_op_operand(op, 0));
  if (!d) return false;
  switch (ir_op_code(d)) {
  case IR_OP_SPLAT: return rebuild_from(m, op, "tt.splat", ir_op_operand(d, 0));
  case IR_OP_BROADCAST: return rebuild_from(m, op, "tt.broadcast", ir_op_operand(d, 0));
  default: return false;
  }
}

/* expand_dims(splat x) -> splat x. */
bool tile_canonicalize_expand_dims(ir_module *m, ir_op *op) {
  ir_op *d = ir_value_def(ir_op_operand(op, 0));
  if (!d || ir_op_code(d) != IR_OP_SPLAT) return false;
  return rebuild_from(m, op, "tt.splat", ir_op_operand(d, 0));
}

static bool const_int(ir_value *v, int64_t *out) {
  const ir_attr *a = ir_value_constant(v);
  if (!a || a->kind != IR_ATTR_INT) return false;
  *out = a->ival;
  return true;
}

/* Every value of a `width`-bit integer read as signed or unsigned, in [*lo, *hi]; true. */
static bool width_range(unsigned width, bool is_signed, int64_t *lo, int64_t *hi) {
  *lo = is_signed ? -((int64_t)1 << (width - 1)) : 0;
  *hi = is_signed ? ((int64_t)1 << (width - 1)) - 1 : ((int64_t)1 << width) - 1;
  return true;
}

/* The signed values v can take, [*lo, *hi], read from the ops that make it: constants,
 * and with nonnegative constant masks, logical right shifts, extensions, additions and
 * subtractions that cannot overflow, and shape ops (join, trans, reshape, broadcast,
 * expand_dims, splat), within a bounded depth; false when unknown. */
static bool int_range(ir_value *v, int64_t *lo, int64_t *hi, unsigned depth) {
  const ir_type *t = ir_type_scalar(v->type);
  int64_t c, wmin, wmax;
  if (!ir_type_is_int(t) || t->width > 32 || depth > 16) return false;
  width_range(t->width, true, &wmin, &wmax);
  if (const_int(v, &c)) return *lo = *hi = c, true;
  ir_op *d = ir_value_def(v);
  if (!d) return false;
  int64_t l0, h0, l1, h1;
  switch (ir_op_code(d)) {
  case IR_OP_SPLAT: case IR_OP_BROADCAST: case IR_OP_EXPAND_DIMS: case IR_OP_TRANS: case IR_OP_RESHAPE:
    return int_range(ir_op_operand(d, 0), lo, hi, depth + 1);
  case IR_OP_JOIN:
    if (!int_range(ir_op_operand(d, 0), &l0, &h0, depth + 1) || !int_range(ir_op_operand(d, 1), &l1, &h1, depth + 1))
      return false;
    return *lo = l0 < l1 ? l0 : l1, *hi = h0 > h1 ? h0 : h1, true;
  case IR_OP_ANDI:
    for (unsigned k = 0; k < 2; k++)
      if (int_range(ir_op_operand(d, k), &l0, &h0, depth + 1) && l0 == h0 && l0 >= 0) return *lo = 0, *hi = l0, true;
    return false;
  case IR_OP_SHRUI: {
    const ir_type *xt = ir_type_scalar(ir_op_operand(d, 0)->type);
    if (!int_range(ir_op_operand(d, 1), &l1, &h1, depth + 1) || l1 != h1 || l1 < 1 || l1 >= xt->width) return false;
    if (!int_range(ir_op_operand(d, 0), &l0, &h0, depth + 1) || l0 < 0) width_range(xt->width, false, &l0, &h0);
    return *lo = l0 >> l1, *hi = h0 >> l1, true;
  }
  case IR_OP_EXTUI: case IR_OP_EXTSI: { /* (a zero-extended negative value is large) */
    bool is_signed = ir_op_code(d) == IR_OP_EXTSI;
    if (int_range(ir_op_operand(d, 0), lo, hi, depth + 1) && (is_signed || *lo >= 0)) return true;
    return width_range(ir_type_scalar(ir_op_operand(d, 0)->type)->width, is_signed, lo, hi);
  }
  case IR_OP_ADDI: case IR_OP_SUBI: {
    if (!int_range(ir_op_operand(d, 0), &l0, &h0, depth + 1) || !int_range(ir_op_operand(d, 1), &l1, &h1, depth + 1))
      return false;
    bool add = ir_op_code(d) == IR_OP_ADDI;
    *lo = add ? l0 + l1 : l0 - h1;
    *hi = add ? h0 + h1 : h0 - l1;
    return *lo >= wmin && *hi <= wmax; /* no wrap-around in v's width */
  }
  default: return false;
  }
}

/* sitofp / uitofp of a wider integer whose values fit in a signed byte, to a 16-bit float:
 * converts the byte instead (arith.trunci first; tile_canonicalize_trunci then computes the
 * chain on bytes), which the lowering turns two at a time into f16 or bf16 pairs, and an
 * int4 pair unpacked from one byte into one packed conversion (int4 weights unpacked as
 * `(w & 15).to(tl.int16) - 8`, `(w >> 4).to(tl.int16) - 8`). A uitofp of a byte whose
 * values are under 128 (`(w & 15).to(tl.bfloat16)`) becomes sitofp, which the lowering pairs. */
bool tile_canonicalize_int_to_float(ir_module *m, ir_op *op) {
  ir_value *x = ir_op_operand(op, 0);
  const ir_type *xt = ir_type_scalar(x->type), *rt = ir_type_scalar(ir_op_result(op, 0)->type);
  int64_t lo, hi;
  if (!ir_type_is_int(xt) || xt->width < 8 || !ir_type_is_float(rt) || rt->width != 16) return false;
  if (!int_range(x, &lo, &hi, 0) || lo < -128 || hi > 127) return false;
  if (ir_op_code(op) == IR_OP_UITOFP && lo < 0) return false; /* (negative as signed: large unsigned) */
  if (xt->width == 8) /* a byte already: uitofp of values under 128 is sitofp */
    return ir_op_code(op) == IR_OP_UITOFP && rebuild_from(m, op, "arith.sitofp", x);
  ir_builder b;
  ir_builder_init(&b, m);
  ir_builder_set_before(&b, op);
  b.loc = op->loc;
  ir_value *t = ir_build1(&b, "arith.trunci", 1, &x, ir_type_with_scalar(m->ctx, x->type, ir_int_type(m->ctx, 8)));
  return rebuild_from(m, op, "arith.sitofp", t);
}

/* trunci moved up through the op that makes its operand when that op has no other user:
 * integer addition, subtraction, multiplication and bitwise ops commute with truncation
 * (arithmetic modulo 2^width), and so do shape ops. The chain then computes in the narrow
 * type, down to the extension from it, which the cast folder removes (trunc(ext(x)) is x). */
bool tile_canonicalize_trunci(ir_module *m, ir_op *op) {
  ir_value *x = ir_op_operand(op, 0), *r = ir_op_result(op, 0);
  ir_op *d = ir_value_def(x);
  if (!d || ir_value_num_uses(x) != 1 || d->nresults != 1) return false;
  const ir_type *rs = ir_type_scalar(r->type);
  ir_context *ctx = m->ctx;
  switch (ir_op_code(d)) {
  case IR_OP_ADDI: case IR_OP_SUBI: case IR_OP_MULI: case IR_OP_ANDI: case IR_OP_ORI: case IR_OP_XORI:
  case IR_OP_JOIN: case IR_OP_TRANS: case IR_OP_RESHAPE: case IR_OP_BROADCAST: case IR_OP_EXPAND_DIMS: {
    ir_builder b;
    ir_builder_init(&b, m);
    ir_builder_set_before(&b, d);
    b.loc = op->loc;
    ir_valmap vm = {{0}};
    for (unsigned k = 0; k < d->noperands; k++) {
      ir_value *o = ir_op_operand(d, k);
      ir_valmap_put(&vm, o, ir_build1(&b, "arith.trunci", 1, &o, ir_type_with_scalar(ctx, o->type, rs)));
    }
    ir_op *c = ir_op_clone(m, d, &vm);
    ir_valmap_free(&vm);
    ir_value_set_type(ir_op_result(c, 0), r->type);
    ir_op_insert_before(c, d);
    replace_and_erase(op, ir_op_result(c, 0));
    ir_op_erase(d);
    return true;
  }
  default: return false;
  }
}

/* scf.if with a constant condition: the taken region's ops move before the if. */
bool tile_canonicalize_if(ir_module *m, ir_op *op) {
  (void)m;
  int64_t c;
  if (!const_int(ir_op_operand(op, 0), &c)) return false;
  ir_block *blk = ir_region_entry(ir_op_region(op, (c & 1) ? 0 : 1));
  ir_op *term = blk ? ir_block_terminator(blk) : NULL;
  if (op->nresults > 0 && !term) return false; /* malformed; the verifier reports it */
  for (ir_op *o = blk ? blk->first : NULL, *next; o && o != term; o = next) {
    next = o->next;
    ir_op_move_before(o, op);
  }
  for (unsigned i = 0; i < op->nresults; i++)
    ir_value_replace_all_uses(ir_op_result(op, i), ir_op_operand(term, i));
  ir_op_erase(op);
  return true;
}

/* scf.for whose constant bounds give no iteration: its results are the init values. */
bool tile_canonicalize_for(ir_module *m, ir_op *op) {
  (void)m;
  int64_t lb, ub;
  if (!const_int(ir_op_operand(op, 0), &lb) || !const_int(ir_op_operand(op, 1), &ub) || lb < ub)
    return false;
  for (unsigned i = 0; i < op->nresults; i++)
    ir_value_replace_all_uses(ir_op_result(op, i), ir_op_operand(op, 3 + i));
  ir_op_erase(op);
  return true;
}
