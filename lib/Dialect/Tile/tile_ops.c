/* The tile dialect's registration: the op table expanded from tile_ops.def, and the
 * verifiers it names (the folders live in tile_fold.c).
 *
 * Verifiers run after ir_verify has checked operand/result/region counts against the
 * table, so they index operands freely within those bounds. Each emits one error at the
 * op's location, prefixed "'NAME' op ", and returns false. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Dialect/Tile/tile_internal.h"

/* ---- helpers ---------------------------------------------------------------------------- */

bool tile_fail(ir_op *op, const char *fmt, ...) {
  sup_strbuf b = {0};
  va_list ap;
  va_start(ap, fmt);
  sup_strbuf_vprintf(&b, fmt, ap);
  va_end(ap);
  ir_emit_error(ir_op_context(op), op->loc, "'%s' op %s", ir_op_name(op), sup_strbuf_cstr(&b));
  sup_strbuf_free(&b);
  return false;
}

/* The textual form of a type, kept in the context's arena (used in error messages). */
const char *tile_tstr(ir_op *op, const ir_type *t) {
  sup_strbuf b = {0};
  ir_type_print(t, &b);
  return sup_arena_strbuf(ir_context_arena(ir_op_context(op)), &b);
}

static const ir_type *operand_type(const ir_op *op, unsigned i) { return ir_op_operand(op, i)->type; }
static const ir_type *result_type(ir_op *op, unsigned i) { return ir_op_result(op, i)->type; }
static const ir_type *i1_type(ir_op *op) { return ir_int_type(ir_op_context(op), 1); }
static const ir_type *i32_type(ir_op *op) { return ir_int_type(ir_op_context(op), 32); }

/* True when `a` and `b` have the same shape (both scalars, or tensors of equal dims). */
static bool same_shape(const ir_type *a, const ir_type *b) {
  if (ir_type_is_tensor(a) != ir_type_is_tensor(b)) return false;
  if (!ir_type_is_tensor(a)) return true;
  if (a->rank != b->rank) return false;
  for (unsigned i = 0; i < a->rank; i++)
    if (a->shape[i] != b->shape[i]) return false;
  return true;
}

/* `like` with its scalar type replaced by `scalar` (shape and encoding kept). */
static const ir_type *like(ir_op *op, const ir_type *like_t, const ir_type *scalar) {
  return ir_type_with_scalar(ir_op_context(op), like_t, scalar);
}

static bool is_scalar_i1(const ir_type *t) { return ir_type_is_int(t) && t->width == 1; }

/* Checks that the values' types equal `types` one for one; `what` names them. */
static bool match_types(ir_op *op, const char *what, unsigned n, ir_value *const *vals,
                        unsigned ntypes, const ir_type *const *types) {
  if (n != ntypes) return tile_fail(op, "%s: expected %u values, got %u", what, ntypes, n);
  for (unsigned i = 0; i < n; i++)
    if (vals[i]->type != types[i])
      return tile_fail(op, "%s: type of value %u is %s, expected %s", what, i, tile_tstr(op, vals[i]->type),
                  tile_tstr(op, types[i]));
  return true;
}

/* Operand values of op as an array (owned by the context arena: only for checks). */
static ir_value **operand_values(ir_op *op, unsigned from) {
  unsigned n = op->noperands > from ? op->noperands - from : 0;
  ir_value **v = sup_arena_alloc(ir_context_arena(ir_op_context(op)), (n + 1) * sizeof *v);
  for (unsigned i = 0; i < n; i++) v[i] = ir_op_operand(op, from + i);
  return v;
}

static const ir_type **value_types(ir_op *op, unsigned n, ir_value *const *vals) {
  const ir_type **t = sup_arena_alloc(ir_context_arena(ir_op_context(op)), (n + 1) * sizeof *t);
  for (unsigned i = 0; i < n; i++) t[i] = vals[i]->type;
  return t;
}

static const ir_type **result_types(ir_op *op) {
  const ir_type **t = sup_arena_alloc(ir_context_arena(ir_op_context(op)), (op->nresults + 1) * sizeof *t);
  for (unsigned i = 0; i < op->nresults; i++) t[i] = result_type(op, i);
  return t;
}

/* The terminator of region i's single block, or NULL (empty region, no terminator). */
static ir_op *region_terminator(ir_op *op, unsigned i) {
  ir_block *b = ir_region_entry(ir_op_region(op, i));
  return b ? ir_block_terminator(b) : NULL;
}

/* Checks region i ends in an op of opcode `term`; on success *out_term is the terminator. */
static bool require_terminator(ir_op *op, unsigned i, ir_opcode term, ir_op **out_term) {
  ir_op *t = region_terminator(op, i);
  if (!t || ir_op_code(t) != term) return tile_fail(op, "region #%u must end in %s", i, ir_opcode_name(term));
  *out_term = t;
  return true;
}

/* Checks region i's entry block arguments have `types`. */
static bool block_args_match(ir_op *op, unsigned i, const char *what, unsigned n,
                             const ir_type *const *types) {
  ir_block *b = ir_region_entry(ir_op_region(op, i));
  unsigned nargs = b ? b->nargs : 0;
  if (nargs != n) return tile_fail(op, "%s: expected %u block arguments, got %u", what, n, nargs);
  for (unsigned k = 0; k < n; k++)
    if (b->args[k]->type != types[k])
      return tile_fail(op, "%s: block argument %u has type %s, expected %s", what, k,
                  tile_tstr(op, b->args[k]->type), tile_tstr(op, types[k]));
  return true;
}

/* ---- elementwise arithmetic --------------------------------------------------------------- */

/* The scalar kind a same-type arith/math op works on, by the naming convention of the
 * table: a name ending in 'f' takes floats, in 'i' integers (math.fma: floats). */
static char name_kind(const ir_op *op) {
  if (ir_op_code(op) == IR_OP_FMA) return 'f';
  const char *n = ir_op_name(op);
  size_t len = strlen(n);
  return len ? n[len - 1] : 0;
}

static bool check_kind(ir_op *op, const ir_type *t) {
  char k = name_kind(op);
  const ir_type *s = ir_type_scalar(t);
  if (k == 'f' && !ir_type_is_float(s)) return tile_fail(op, "operands must be floats, got %s", tile_tstr(op, t));
  if (k == 'i' && !ir_type_is_int(s)) return tile_fail(op, "operands must be integers, got %s", tile_tstr(op, t));
  return true;
}

static bool tile_verify_same_type(ir_op *op) {
  const ir_type *t = result_type(op, 0);
  for (unsigned i = 0; i < op->noperands; i++)
    if (operand_type(op, i) != t)
      return tile_fail(op, "requires all operands and results to have the same type");
  return check_kind(op, t);
}

static bool tile_verify_float_math(ir_op *op) {
  if (operand_type(op, 0) != result_type(op, 0))
    return tile_fail(op, "requires all operands and results to have the same type");
  if (!ir_type_is_float(ir_type_scalar(result_type(op, 0))))
    return tile_fail(op, "operands must be floats, got %s", tile_tstr(op, result_type(op, 0)));
  return true;
}

static const char *const cmpi_preds[] = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge", NULL};
static const char *const cmpf_preds[] = {"oeq", "one", "olt", "ole", "ogt", "oge", "ueq",
                                         "une", "ult", "ule", "ugt", "uge", "ord", "uno", NULL};

static bool in_list(const char *s, const char *const *list) {
  for (; *list; list++)
    if (strcmp(s, *list) == 0) return true;
  return false;
}

static bool tile_verify_cmp(ir_op *op) {
  bool is_int = ir_op_code(op) == IR_OP_CMPI;
  const char *pred = ir_op_get_string_attr(op, "predicate");
  if (!pred) return tile_fail(op, "requires a 'predicate' string attribute");
  if (!in_list(pred, is_int ? cmpi_preds : cmpf_preds)) return tile_fail(op, "unknown predicate '%s'", pred);
  const ir_type *t = operand_type(op, 0);
  if (operand_type(op, 1) != t) return tile_fail(op, "requires both operands to have the same type");
  const ir_type *s = ir_type_scalar(t);
  if (is_int && !ir_type_is_int(s) && !ir_type_is_ptr(s))
    return tile_fail(op, "operands must be integers, got %s", tile_tstr(op, t));
  if (!is_int && !ir_type_is_float(s)) return tile_fail(op, "operands must be floats, got %s", tile_tstr(op, t));
  if (result_type(op, 0) != like(op, t, i1_type(op)))
    return tile_fail(op, "result must be i1 of the operands' shape, got %s", tile_tstr(op, result_type(op, 0)));
  return true;
}

static bool tile_verify_select(ir_op *op) {
  const ir_type *t = result_type(op, 0);
  if (operand_type(op, 1) != t || operand_type(op, 2) != t)
    return tile_fail(op, "requires both values and the result to have the same type");
  const ir_type *c = operand_type(op, 0);
  if (!is_scalar_i1(c) && c != like(op, t, i1_type(op)))
    return tile_fail(op, "condition must be a scalar i1 or i1 of the result's shape, got %s", tile_tstr(op, c));
  return true;
}

/* ---- casts ------------------------------------------------------------------------------- */

typedef enum { K_INT, K_FLOAT, K_PTR, K_INT_OR_FLOAT, K_I64 } cast_kind;
typedef enum { W_ANY, W_WIDER, W_NARROWER, W_SAME } width_rel;

typedef struct cast_rule {
  cast_kind from, to;
  width_rel width;
  const char *expect; /* for the error message */
} cast_rule;

/* By opcode; `expect` is NULL for an op without a rule. */
static const cast_rule cast_rules[IR_OP__COUNT] = {
    [IR_OP_EXTSI] = {K_INT, K_INT, W_WIDER, "an integer to a wider integer"},
    [IR_OP_EXTUI] = {K_INT, K_INT, W_WIDER, "an integer to a wider integer"},
    [IR_OP_TRUNCI] = {K_INT, K_INT, W_NARROWER, "an integer to a narrower integer"},
    [IR_OP_SITOFP] = {K_INT, K_FLOAT, W_ANY, "an integer to a float"},
    [IR_OP_UITOFP] = {K_INT, K_FLOAT, W_ANY, "an integer to a float"},
    [IR_OP_FPTOSI] = {K_FLOAT, K_INT, W_ANY, "a float to an integer"},
    [IR_OP_FPTOUI] = {K_FLOAT, K_INT, W_ANY, "a float to an integer"},
    [IR_OP_EXTF] = {K_FLOAT, K_FLOAT, W_WIDER, "a float to a wider float"},
    [IR_OP_TRUNCF] = {K_FLOAT, K_FLOAT, W_NARROWER, "a float to a narrower float"},
    [IR_OP_BITCAST] = {K_INT_OR_FLOAT, K_INT_OR_FLOAT, W_SAME, "a scalar type to another of the same width"},
    [IR_OP_PTRTOINT] = {K_PTR, K_I64, W_ANY, "a pointer to i64"},
    [IR_OP_INTTOPTR] = {K_I64, K_PTR, W_ANY, "i64 to a pointer"},
    [IR_OP_PTRBITCAST] = {K_PTR, K_PTR, W_ANY, "a pointer to a pointer"},
};

static bool kind_ok(cast_kind k, const ir_type *t) {
  switch (k) {
  case K_INT: return ir_type_is_int(t);
  case K_FLOAT: return ir_type_is_float(t);
  case K_PTR: return ir_type_is_ptr(t);
  case K_INT_OR_FLOAT: return ir_type_is_int(t) || ir_type_is_float(t);
  case K_I64: return ir_type_is_int(t) && t->width == 64;
  }
  return false;
}

static bool width_ok(width_rel w, const ir_type *from, const ir_type *to) {
  switch (w) {
  case W_ANY: return true;
  case W_WIDER: return to->width > from->width;
  case W_NARROWER: return to->width < from->width;
  case W_SAME: return to->width == from->width;
  }
  return false;
}

static bool tile_verify_cast(ir_op *op) {
  const ir_type *src = operand_type(op, 0), *dst = result_type(op, 0);
  if (!same_shape(src, dst) || like(op, src, ir_type_scalar(dst)) != dst)
    return tile_fail(op, "operand and result must have the same shape");
  const cast_rule *r = &cast_rules[ir_op_code(op)];
  if (!r->expect) return true;
  const ir_type *fs = ir_type_scalar(src), *ts = ir_type_scalar(dst);
  if (!kind_ok(r->from, fs) || !kind_ok(r->to, ts) || !width_ok(r->width, fs, ts))
    return tile_fail(op, "expects %s, got %s to %s", r->expect, tile_tstr(op, fs), tile_tstr(op, ts));
  return true;
}

/* ---- constants, program ids, ranges -------------------------------------------------------- */

static bool tile_verify_constant(ir_op *op) {
  const ir_attr *v = ir_op_get_attr(op, "value");
  if (!v) return tile_fail(op, "requires a 'value' attribute");
  const ir_type *s = ir_type_scalar(result_type(op, 0));
  bool ok = (v->kind == IR_ATTR_INT || v->kind == IR_ATTR_FLOAT) && v->type == s;
  if (!ok) return tile_fail(op, "value must be an integer or float attribute of type %s", tile_tstr(op, s));
  return true;
}

static bool tile_verify_axis_op(ir_op *op) {
  const ir_attr *a = ir_op_get_attr(op, "axis");
  if (!a || a->kind != IR_ATTR_INT) return tile_fail(op, "requires an integer 'axis' attribute");
  if (a->ival < 0 || a->ival > 2) return tile_fail(op, "axis must be 0, 1 or 2, got %lld", (long long)a->ival);
  if (result_type(op, 0) != i32_type(op)) return tile_fail(op, "result must be i32");
  return true;
}

static bool is_pow2(int64_t n) { return n > 0 && (n & (n - 1)) == 0; }

static bool tile_verify_make_range(ir_op *op) {
  const ir_attr *s = ir_op_get_attr(op, "start"), *e = ir_op_get_attr(op, "end");
  if (!s || !e || s->kind != IR_ATTR_INT || e->kind != IR_ATTR_INT)
    return tile_fail(op, "requires integer 'start' and 'end' attributes");
  if (s->ival >= e->ival)
    return tile_fail(op, "requires start < end, got %lld and %lld", (long long)s->ival, (long long)e->ival);
  int64_t n = e->ival - s->ival;
  if (!is_pow2(n)) return tile_fail(op, "range size %lld is not a power of 2", (long long)n);
  const ir_type *t = result_type(op, 0);
  if (!ir_type_is_tensor(t) || t->rank != 1 || t->shape[0] != n || t->elem != i32_type(op))
    return tile_fail(op, "result must be tensor<%lldxi32>, got %s", (long long)n, tile_tstr(op, t));
  return true;
}

/* ---- shape ops --------------------------------------------------------------------------- */

static bool tile_verify_splat(ir_op *op) {
  const ir_type *src = operand_type(op, 0), *dst = result_type(op, 0);
  if (ir_type_is_tensor(src)) return tile_fail(op, "operand must be a scalar, got %s", tile_tstr(op, src));
  if (!ir_type_is_tensor(dst) || dst->elem != src)
    return tile_fail(op, "result must be a tensor of %s, got %s", tile_tstr(op, src), tile_tstr(op, dst));
  return true;
}

static bool tile_verify_broadcast(ir_op *op) {
  const ir_type *src = operand_type(op, 0), *dst = result_type(op, 0);
  if (!ir_type_is_tensor(src) || !ir_type_is_tensor(dst))
    return tile_fail(op, "operand and result must be tensors");
  if (src->rank != dst->rank || src->elem != dst->elem)
    return tile_fail(op, "operand and result must have the same rank and element type");
  for (unsigned i = 0; i < src->rank; i++)
    if (src->shape[i] != dst->shape[i] && src->shape[i] != 1)
      return tile_fail(op, "dimension %u of size %lld cannot be broadcast to %lld", i,
                  (long long)src->shape[i], (long long)dst->shape[i]);
  return true;
}

static bool tile_verify_expand_dims(ir_op *op) {
  const ir_type *src = operand_type(op, 0), *dst = result_type(op, 0);
  if (!ir_type_is_tensor(src) || !ir_type_is_tensor(dst))
    return tile_fail(op, "operand and result must be tensors");
  const ir_attr *a = ir_op_get_attr(op, "axis");
  if (!a || a->kind != IR_ATTR_INT) return tile_fail(op, "requires an integer 'axis' attribute");
  if (a->ival < 0 || a->ival > (int64_t)src->rank)
    return tile_fail(op, "axis %lld out of range for rank %u", (long long)a->ival, src->rank);
  unsigned axis = (unsigned)a->ival;
  bool ok = dst->rank == src->rank + 1 && dst->elem == src->elem && dst->shape[axis] == 1;
  for (unsigned i = 0; ok && i < src->rank; i++)
    ok = src->shape[i] == dst->shape[i < axis ? i : i + 1];
  if (!ok) return tile_fail(op, "result must be the operand's shape with a 1 inserted at axis %u, got %s", axis, tile_tstr(op, dst));
  return true;
}

static bool tile_verify_reshape(ir_op *op) {
  const ir_type *src = operand_type(op, 0), *dst = result_type(op, 0);
  if (!ir_type_is_tensor(src) || !ir_type_is_tensor(dst))
    return tile_fail(op, "operand and result must be tensors");
  if (src->elem != dst->elem || ir_type_numel(src) != ir_type_numel(dst))
    return tile_fail(op, "result %s must have the element type and element count of %s", tile_tstr(op, dst),
                     tile_tstr(op, src));
  const ir_attr *r = ir_op_get_attr(op, "allow_reorder");
  if (r && (r->kind != IR_ATTR_INT || r->type != i1_type(op)))
    return tile_fail(op, "'allow_reorder' must be an i1 (true or false)");
  return true;
}

/* ---- reductions --------------------------------------------------------------------------- */

static const struct {
  const char *name;
  ir_opcode code;
  bool is_float;
} reduce_combines[] = {
    {"addf", IR_OP_ADDF, true},        {"mulf", IR_OP_MULF, true},
    {"maxnumf", IR_OP_MAXNUMF, true},  {"minnumf", IR_OP_MINNUMF, true},
    {"maximumf", IR_OP_MAXIMUMF, true}, {"minimumf", IR_OP_MINIMUMF, true},
    {"addi", IR_OP_ADDI, false},       {"muli", IR_OP_MULI, false},
    {"maxsi", IR_OP_MAXSI, false},     {"minsi", IR_OP_MINSI, false},
    {"maxui", IR_OP_MAXUI, false},     {"minui", IR_OP_MINUI, false},
    {"andi", IR_OP_ANDI, false},       {"ori", IR_OP_ORI, false},
    {"xori", IR_OP_XORI, false},
};

static int reduce_combine_index(const ir_op *op) {
  const char *c = ir_op_get_string_attr(op, "combine");
  for (size_t i = 0; c && i < sizeof reduce_combines / sizeof reduce_combines[0]; i++)
    if (strcmp(reduce_combines[i].name, c) == 0) return (int)i;
  return -1;
}

ir_opcode tile_reduce_combine(const ir_op *op) {
  int i = reduce_combine_index(op);
  return i < 0 ? IR_OP_UNKNOWN : reduce_combines[i].code;
}

/* Idempotent combines (max, min, and, or) of a constant splat give that constant; sums
 * and products would need the count and the type's wrapping, and are left alone. */
static bool tile_fold_reduce(ir_op *op, const ir_attr *const *consts, ir_fold_result *out) {
  switch (tile_reduce_combine(op)) {
  case IR_OP_MAXNUMF: case IR_OP_MINNUMF: case IR_OP_MAXIMUMF: case IR_OP_MINIMUMF:
  case IR_OP_MAXSI: case IR_OP_MINSI: case IR_OP_MAXUI: case IR_OP_MINUI:
  case IR_OP_ANDI: case IR_OP_ORI:
    break;
  default:
    return false;
  }
  if (!consts[0]) return false;
  out->value = NULL;
  out->attr = consts[0];
  return true;
}

/* The result is the operand without dim `axis` (a scalar for rank 1), same element type. */
static bool reduce_result_ok(const ir_type *src, const ir_type *dst, unsigned axis) {
  if (ir_type_scalar(dst) != src->elem) return false;
  if (src->rank == 1) return !ir_type_is_tensor(dst);
  if (!ir_type_is_tensor(dst) || dst->rank + 1 != src->rank) return false;
  for (unsigned i = 0; i < dst->rank; i++)
    if (dst->shape[i] != src->shape[i < axis ? i : i + 1]) return false;
  return true;
}

/* The named form: one operand, a combine attribute, an empty region. */
static bool verify_named_reduce(ir_op *op, const ir_type *src) {
  int c = reduce_combine_index(op);
  if (c < 0) return tile_fail(op, "requires a 'combine' attribute naming a reduction (addf, addi, maxnumf, ...) or a combine region");
  if (op->noperands != 1 || op->nresults != 1)
    return tile_fail(op, "with a 'combine' attribute takes one operand and has one result");
  if (reduce_combines[c].is_float != ir_type_is_float(src->elem) || ir_type_is_ptr(src->elem))
    return tile_fail(op, "combine '%s' does not apply to %s", reduce_combines[c].name, tile_tstr(op, src));
  return true;
}

/* The region form: block args (acc..., next...) of the operands' element types, pure ops,
 * tt.reduce.return of n values of those types. */
static bool verify_combine_region(ir_op *op, const char *what, unsigned n, ir_opcode ret) {
  ir_block *b = ir_region_entry(ir_op_region(op, 0));
  if (b->nargs != 2 * n)
    return tile_fail(op, "combine region must take %u arguments (2 per operand), got %u", 2 * n, b->nargs);
  for (unsigned i = 0; i < 2 * n; i++) {
    const ir_type *want = ir_type_scalar(operand_type(op, i % n));
    if (b->args[i]->type != want)
      return tile_fail(op, "combine region argument %u must be %s, got %s", i, tile_tstr(op, want), tile_tstr(op, b->args[i]->type));
  }
  ir_op *term = b->last;
  if (!term || ir_op_code(term) != ret)
    return tile_fail(op, "combine region must end in %s", ret == IR_OP_SCAN_RETURN ? "tt.scan.return" : "tt.reduce.return");
  if (term->noperands != n) return tile_fail(op, "combine region returns %u values for %u operands", term->noperands, n);
  for (unsigned i = 0; i < n; i++)
    if (ir_op_operand(term, i)->type != ir_type_scalar(operand_type(op, i)))
      return tile_fail(op, "combine region value %u must be %s", i, tile_tstr(op, ir_type_scalar(operand_type(op, i))));
  for (ir_op *o = b->first; o != term; o = o->next)
    /* A tt.call of the combine function (the frontend's form, before inlining) is checked
     * once it is inlined. */
    if (ir_op_effects(o) != 0 && ir_op_code(o) != IR_OP_CALL)
      return tile_fail(op, "%s's combine region may only hold pure ops, not %s", what, ir_op_name(o));
  return true;
}

/* tt.reduce and tt.scan: operands of one shape and layout along a valid axis, results of
 * each operand's reduced shape (reduce) or type (scan), and a named or region combine. */
static bool verify_combining(ir_op *op, bool scan) {
  const ir_type *src = operand_type(op, 0);
  if (!ir_type_is_tensor(src)) return tile_fail(op, "operand must be a tensor, got %s", tile_tstr(op, src));
  const ir_attr *a = ir_op_get_attr(op, "axis");
  if (!a || a->kind != IR_ATTR_INT) return tile_fail(op, "requires an integer 'axis' attribute");
  if (a->ival < 0 || a->ival >= (int64_t)src->rank)
    return tile_fail(op, "axis %lld out of range for rank %u", (long long)a->ival, src->rank);
  if (op->nresults != op->noperands) return tile_fail(op, "has %u results for %u operands", op->nresults, op->noperands);
  if (op->noperands > TILE_REDUCE_MAX_OPERANDS)
    return tile_fail(op, "combines at most %d operands, got %u", TILE_REDUCE_MAX_OPERANDS, op->noperands);
  for (unsigned i = 0; i < op->noperands; i++) {
    const ir_type *t = operand_type(op, i), *r = result_type(op, i);
    if (!ir_type_is_tensor(t) || like(op, src, t->elem) != t)
      return tile_fail(op, "operands must be tensors of one shape and layout, got %s and %s", tile_tstr(op, src),
                       tile_tstr(op, t));
    if (scan && r != t) return tile_fail(op, "result %u must have its operand's type %s", i, tile_tstr(op, t));
    if (!scan && !reduce_result_ok(t, r, (unsigned)a->ival))
      return tile_fail(op, "result must be the operand's shape without axis %lld, got %s", (long long)a->ival,
                       tile_tstr(op, r));
  }
  bool has_region = ir_region_entry(ir_op_region(op, 0)) != NULL;
  if (ir_op_get_attr(op, "combine") && has_region)
    return tile_fail(op, "has both a 'combine' attribute and a combine region");
  if (!has_region) return verify_named_reduce(op, src);
  return verify_combine_region(op, scan ? "tt.scan" : "tt.reduce", op->noperands,
                               scan ? IR_OP_SCAN_RETURN : IR_OP_REDUCE_RETURN);
}

static bool tile_verify_reduce(ir_op *op) { return verify_combining(op, false); }
static bool tile_verify_scan(ir_op *op) { return verify_combining(op, true); }

static bool tile_verify_addptr(ir_op *op) {
  const ir_type *p = operand_type(op, 0), *off = operand_type(op, 1);
  if (!ir_type_is_ptr(ir_type_scalar(p))) return tile_fail(op, "first operand must be a pointer, got %s", tile_tstr(op, p));
  if (!ir_type_is_int(ir_type_scalar(off)) || like(op, p, ir_type_scalar(off)) != off)
    return tile_fail(op, "offset must be an integer of the pointer's shape, got %s", tile_tstr(op, off));
  if (result_type(op, 0) != p) return tile_fail(op, "result must have the pointer operand's type");
  return true;
}

/* ---- memory ------------------------------------------------------------------------------ */

static bool check_ptr_and_mask(ir_op *op, unsigned mask_index) {
  const ir_type *p = operand_type(op, 0);
  if (!ir_type_is_ptr(ir_type_scalar(p))) return tile_fail(op, "operand #0 must be a pointer, got %s", tile_tstr(op, p));
  if (op->noperands <= mask_index) return true;
  const ir_type *m = operand_type(op, mask_index);
  if (m != like(op, p, i1_type(op)))
    return tile_fail(op, "mask must be i1 of the pointer's shape, got %s", tile_tstr(op, m));
  return true;
}

static bool tile_verify_load(ir_op *op) {
  if (!check_ptr_and_mask(op, 1)) return false;
  const ir_type *p = operand_type(op, 0), *r = result_type(op, 0);
  const ir_type *want = like(op, p, ir_type_scalar(p)->elem);
  if (r != want) return tile_fail(op, "result type must be %s (the pointee of the pointer operand), got %s", tile_tstr(op, want), tile_tstr(op, r));
  if (op->noperands > 2 && operand_type(op, 2) != r)
    return tile_fail(op, "'other' must have the result's type, got %s", tile_tstr(op, operand_type(op, 2)));
  return true;
}

static bool tile_verify_store(ir_op *op) {
  if (!check_ptr_and_mask(op, 2)) return false;
  const ir_type *p = operand_type(op, 0), *v = operand_type(op, 1);
  const ir_type *want = like(op, p, ir_type_scalar(p)->elem);
  if (v != want) return tile_fail(op, "value type must be %s (the pointee of the pointer operand), got %s", tile_tstr(op, want), tile_tstr(op, v));
  return true;
}

bool tile_inline_asm_check(const char *asm_text, const char *cons, unsigned nargs, char *why, size_t cap) {
  unsigned n = 0; /* operand constraints */
  for (const char *c = cons; *c;) {
    const char *end = strchr(c, ',');
    size_t len = end ? (size_t)(end - c) : strlen(c);
    bool clobber = len && c[0] == '~';
    if (!clobber && n > nargs) {
      snprintf(why, cap, "constraints '%s' name more operands than the result and %u argument%s", cons, nargs,
               nargs == 1 ? "" : "s");
      return false;
    }
    if (!clobber) {
      bool out = n == 0;
      const char *l = c;
      if (out && (len < 2 || *l != '=')) {
        snprintf(why, cap, "constraints '%s' must begin with the result's (\"=r\", \"=f\", ...)", cons);
        return false;
      }
      if (out) l++;
      if ((size_t)(l - c) + 1 != len || !strchr("rhlfdc", *l)) {
        snprintf(why, cap, "constraint '%.*s' of '%s' is not one of r, h, l, f, d, c%s", (int)len, c, cons,
                 out ? " after '='" : "");
        return false;
      }
      n++;
    }
    c += len + (end ? 1 : 0);
    if (end && !*c) {
      snprintf(why, cap, "constraints '%s' end with a comma", cons);
      return false;
    }
  }
  if (n != nargs + 1) {
    snprintf(why, cap, "constraints '%s' name %u operand%s: want the result's and one per argument (%u)", cons, n,
             n == 1 ? "" : "s", nargs + 1);
    return false;
  }
  for (const char *p = strchr(asm_text, '$'); p; p = strchr(p, '$')) {
    p++;
    if (*p == '$') { p++; continue; }
    const char *d = *p == '{' ? p + 1 : p;
    if (!isdigit((unsigned char)*d)) {
      snprintf(why, cap, "'$' in the asm must be followed by an operand number (or be '$$')");
      return false;
    }
    unsigned long k = strtoul(d, NULL, 10);
    if (k > nargs) {
      snprintf(why, cap, "the asm refers to $%lu, but there are only $0 (the result) to $%u", k, nargs);
      return false;
    }
  }
  return true;
}

char tile_inline_asm_letter(const char *cons, unsigned i) {
  for (; i && cons; i--) cons = strchr(cons, ',') ? strchr(cons, ',') + 1 : NULL;
  return cons ? cons[cons[0] == '='] : 0;
}

static bool tile_verify_inline_asm(ir_op *op) {
  const ir_attr *a = ir_op_get_attr(op, "asm_string"), *c = ir_op_get_attr(op, "constraints");
  if (!a || a->kind != IR_ATTR_STRING || !c || c->kind != IR_ATTR_STRING)
    return tile_fail(op, "needs string attributes 'asm_string' and 'constraints'");
  int64_t pack = ir_op_get_int_attr(op, "packed_element", 0);
  if (pack < 1 || pack > 16) return tile_fail(op, "needs 'packed_element' from 1 to 16");
  char why[256];
  if (!tile_inline_asm_check(a->str, c->str, op->noperands, why, sizeof why)) return tile_fail(op, "%s", why);
  const ir_type *r = result_type(op, 0);
  for (unsigned i = 0; i < op->noperands; i++) {
    const ir_type *t = operand_type(op, i);
    if (ir_type_is_tensor(t) != ir_type_is_tensor(r) ||
        (ir_type_is_tensor(t) && (t->rank != r->rank || memcmp(t->shape, r->shape, r->rank * sizeof *r->shape))))
      return tile_fail(op, "operand #%u must have the result's shape, got %s", i, tile_tstr(op, t));
  }
  return true;
}

static bool is_bool_attr(const ir_attr *a) { return a->kind == IR_ATTR_INT && a->type && a->type->width == 1; }

static bool tile_verify_print(ir_op *op) {
  const ir_attr *prefix = ir_op_get_attr(op, "prefix"), *hex = ir_op_get_attr(op, "hex");
  const ir_attr *sig = ir_op_get_attr(op, "is_signed");
  if (!prefix || prefix->kind != IR_ATTR_STRING) return tile_fail(op, "needs a string attribute 'prefix'");
  if (hex && !is_bool_attr(hex)) return tile_fail(op, "attribute 'hex' must be a bool");
  if (!sig || sig->kind != IR_ATTR_ARRAY || sig->count != op->noperands)
    return tile_fail(op, "needs 'is_signed', an array of one bool per operand (%u)", op->noperands);
  for (unsigned i = 0; i < op->noperands; i++) {
    const ir_type *t = ir_type_scalar(operand_type(op, i));
    if (!is_bool_attr(sig->elems[i])) return tile_fail(op, "'is_signed' entries must be bools");
    if (!ir_type_is_int(t) && !ir_type_is_float(t) && !ir_type_is_ptr(t))
      return tile_fail(op, "operand #%u must be a number, a pointer or a tensor of them, got %s", i,
                       tile_tstr(op, operand_type(op, i)));
  }
  return true;
}

/* ---- functions --------------------------------------------------------------------------- */

static const ir_type *func_type_of(const ir_op *f) {
  const ir_attr *a = ir_op_get_attr(f, "function_type");
  if (!a || a->kind != IR_ATTR_TYPE || a->tval->kind != IR_TYPE_FUNC) return NULL;
  return a->tval;
}

/* A name PTX accepts for an entry or function: a letter, or '_'/'$' and at least one more
 * character, then letters, digits, '_' and '$' (LLVM aborts on anything else). */
static bool is_ptx_identifier(const char *s) {
  if (!(isalpha((unsigned char)s[0]) || ((s[0] == '_' || s[0] == '$') && s[1]))) return false;
  for (const char *c = s + 1; *c; c++)
    if (!isalnum((unsigned char)*c) && *c != '_' && *c != '$') return false;
  return true;
}

static bool tile_verify_func(ir_op *op) {
  const char *name = ir_op_get_string_attr(op, "sym_name");
  if (!name) return tile_fail(op, "requires a 'sym_name' string attribute");
  if (!is_ptx_identifier(name))
    return tile_fail(op, "sym_name must be an identifier (letters, digits, '_' and '$', not starting with a digit)");
  const ir_type *ft = func_type_of(op);
  if (!ft) return tile_fail(op, "requires a 'function_type' attribute of function type");
  if (!ir_region_entry(ir_op_region(op, 0))) return tile_fail(op, "requires a body");
  if (!block_args_match(op, 0, "entry block must match function_type", ft->ninputs, ft->inputs)) return false;
  ir_op *ret;
  return require_terminator(op, 0, IR_OP_RETURN, &ret);
}

static bool tile_verify_return(ir_op *op) {
  ir_op *f = ir_op_parent_op(op);
  if (!f || ir_op_code(f) != IR_OP_FUNC) return tile_fail(op, "must be directly inside a tt.func");
  const ir_type *ft = func_type_of(f);
  if (!ft) return true; /* tt.func's verifier reports it */
  return match_types(op, "operands must match the function's result types", op->noperands,
                     operand_values(op, 0), ft->nresults, ft->results);
}

/* The module-level op that holds op (the builtin.module), by walking up. */
static ir_op *top_op(ir_op *op) {
  ir_op *p;
  while ((p = ir_op_parent_op(op)) != NULL) op = p;
  return op;
}

static ir_op *find_symbol(ir_op *module_op, const char *name) {
  if (module_op->nregions == 0) return NULL;
  ir_block *b = ir_region_entry(ir_op_region(module_op, 0));
  for (ir_op *o = b ? b->first : NULL; o; o = o->next) {
    const char *s = ir_op_has_trait(o, IR_TRAIT_SYMBOL) ? ir_op_get_string_attr(o, "sym_name") : NULL;
    if (s && strcmp(s, name) == 0) return o;
  }
  return NULL;
}

static bool tile_verify_call(ir_op *op) {
  const char *callee = ir_op_get_string_attr(op, "callee");
  if (!callee) return tile_fail(op, "requires a 'callee' string attribute");
  ir_op *f = find_symbol(top_op(op), callee);
  if (!f) return tile_fail(op, "callee '%s' not found", callee);
  const ir_type *ft = func_type_of(f);
  if (!ft) return true;
  if (!match_types(op, "operands must match the callee's parameter types", op->noperands,
                   operand_values(op, 0), ft->ninputs, ft->inputs))
    return false;
  if (op->nresults != ft->nresults)
    return tile_fail(op, "expected %u results to match the callee, got %u", ft->nresults, op->nresults);
  for (unsigned i = 0; i < op->nresults; i++)
    if (result_type(op, i) != ft->results[i])
      return tile_fail(op, "result %u has type %s, but the callee returns %s", i,
                  tile_tstr(op, result_type(op, i)), tile_tstr(op, ft->results[i]));
  return true;
}

/* ---- structured control flow ---------------------------------------------------------------- */

static bool tile_verify_for(ir_op *op) {
  const ir_type *t = operand_type(op, 0);
  if (!ir_type_is_int(t) || operand_type(op, 1) != t || operand_type(op, 2) != t)
    return tile_fail(op, "lower bound, upper bound and step must have the same integer type");
  unsigned ninit = op->noperands - 3;
  ir_value **inits = operand_values(op, 3);
  const ir_type **init_types = value_types(op, ninit, inits);
  if (op->nresults != ninit)
    return tile_fail(op, "expected %u results to match the init values, got %u", ninit, op->nresults);
  const ir_type **rt = result_types(op);
  for (unsigned i = 0; i < ninit; i++)
    if (rt[i] != init_types[i])
      return tile_fail(op, "result %u has type %s, but its init value has type %s", i, tile_tstr(op, rt[i]),
                  tile_tstr(op, init_types[i]));
  const ir_type **args = sup_arena_alloc(ir_context_arena(ir_op_context(op)), (ninit + 1) * sizeof *args);
  args[0] = t;
  for (unsigned i = 0; i < ninit; i++) args[i + 1] = init_types[i];
  if (!block_args_match(op, 0, "body must take the induction variable and the iter args", ninit + 1, args))
    return false;
  ir_op *y = NULL;
  if (!require_terminator(op, 0, IR_OP_YIELD, &y)) return false;
  return match_types(y, "operands must match the enclosing scf.for's result types", y->noperands,
                     operand_values(y, 0), op->nresults, rt);
}

static bool check_if_region(ir_op *op, unsigned i) {
  ir_op *y = NULL;
  if (!require_terminator(op, i, IR_OP_YIELD, &y)) return false;
  if (!block_args_match(op, i, "scf.if regions take no arguments", 0, NULL)) return false;
  return match_types(y, "operands must match the enclosing scf.if's result types", y->noperands,
                     operand_values(y, 0), op->nresults, result_types(op));
}

static bool tile_verify_if(ir_op *op) {
  if (!is_scalar_i1(operand_type(op, 0)))
    return tile_fail(op, "condition must be a scalar i1, got %s", tile_tstr(op, operand_type(op, 0)));
  if (!check_if_region(op, 0)) return false;
  bool else_empty = ir_region_entry(ir_op_region(op, 1)) == NULL;
  if (else_empty && op->nresults > 0) return tile_fail(op, "must have an else region when it has results");
  return else_empty || check_if_region(op, 1);
}

static bool tile_verify_while(ir_op *op) {
  ir_value **inits = operand_values(op, 0);
  const ir_type **init_types = value_types(op, op->noperands, inits);
  const ir_type **rt = result_types(op);
  if (!block_args_match(op, 0, "before region must take the init values' types", op->noperands, init_types))
    return false;
  ir_op *c = NULL, *y = NULL;
  if (!require_terminator(op, 0, IR_OP_CONDITION, &c)) return false;
  if (!is_scalar_i1(operand_type(c, 0)))
    return tile_fail(c, "condition must be a scalar i1, got %s", tile_tstr(c, operand_type(c, 0)));
  if (!match_types(c, "values must match the enclosing scf.while's result types", c->noperands - 1,
                   operand_values(c, 1), op->nresults, rt))
    return false;
  if (!block_args_match(op, 1, "after region must take the result types", op->nresults, rt)) return false;
  if (!require_terminator(op, 1, IR_OP_YIELD, &y)) return false;
  return match_types(y, "operands must match the scf.while's init values", y->noperands,
                     operand_values(y, 0), op->noperands, init_types);
}

/* ---- the table ---------------------------------------------------------------------------- */

static const ir_opdef tile_ops[] = {
#define TILE_OP(id, name, traits, effects, mino, maxo, nres, nreg, verify, fold, canon, summary) \
  {IR_OP_##id, name, traits, effects, mino, maxo, nres, nreg, verify, fold, canon, summary},
#include "Dialect/Tile/tile_ops.def"
#undef TILE_OP
};

/* builtin.module is already registered by every context; the registry keeps the first. */
void tile_register_dialect(ir_context *ctx) {
  ir_context_register_ops(ctx, tile_ops, sizeof tile_ops / sizeof tile_ops[0]);
}
