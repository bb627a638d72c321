/* tt.atomic_rmw and tt.atomic_cas: their attribute spellings and verifiers (the rows are
 * in tile_ops.def; the lowering is lib/Conversion/atomic.c).
 *
 * Both take a pointer (scalar or tensor) and values of the pointee type in the pointer's
 * shape, and yield the old values. Element types are the ones the PTX atom instruction
 * has: fadd on f16, bf16, f32, f64; integer ops on 32/64-bit integers; xchg on any 32/64-bit
 * scalar; cas on 16/32/64-bit scalars. */
#include <stdarg.h>
#include <string.h>

#include "Dialect/Tile/tile_internal.h"

static const char *const op_names[] = {"add", "fadd", "max", "umax", "min",
                                       "umin", "and", "or", "xor", "xchg"};
static const char *const sem_names[] = {"relaxed", "acquire", "release", "acq_rel"};
static const char *const scope_names[] = {"cta", "gpu", "sys"};

static int find(const char *const *names, int n, const char *s) {
  for (int i = 0; s && i < n; i++)
    if (strcmp(names[i], s) == 0) return i;
  return -1;
}

int tile_atomic_op_parse(const char *s) { return find(op_names, 10, s); }
int tile_atomic_sem_parse(const char *s) { return find(sem_names, 4, s); }
int tile_atomic_scope_parse(const char *s) { return find(scope_names, 3, s); }
const char *tile_atomic_op_name(tile_atomic_op op) { return op_names[op]; }
const char *tile_atomic_sem_name(tile_atomic_sem sem) { return sem_names[sem]; }
const char *tile_atomic_scope_name(tile_atomic_scope scope) { return scope_names[scope]; }

static const ir_type *operand_type(const ir_op *op, unsigned i) { return ir_op_operand(op, i)->type; }

/* sem and scope, shared by both ops. */
static bool check_order(ir_op *op) {
  if (tile_atomic_sem_parse(ir_op_get_string_attr(op, "sem")) < 0)
    return tile_fail(op, "requires a 'sem' attribute: relaxed, acquire, release or acq_rel");
  if (tile_atomic_scope_parse(ir_op_get_string_attr(op, "scope")) < 0)
    return tile_fail(op, "requires a 'scope' attribute: cta, gpu or sys");
  return true;
}

/* Operand 0 is a pointer; operands first..last and the result have its pointee type in its
 * shape. *out_elem is that pointee. */
static bool check_values(ir_op *op, unsigned first, unsigned last, const ir_type **out_elem) {
  const ir_type *p = operand_type(op, 0);
  if (!ir_type_is_ptr(ir_type_scalar(p)))
    return tile_fail(op, "operand #0 must be a pointer, got %s", tile_tstr(op, p));
  const ir_type *want = ir_type_with_scalar(ir_op_context(op), p, ir_type_scalar(p)->elem);
  for (unsigned i = first; i <= last; i++)
    if (operand_type(op, i) != want)
      return tile_fail(op, "operand #%u must have type %s (the pointee in the pointer's shape), got %s", i,
                  tile_tstr(op, want), tile_tstr(op, operand_type(op, i)));
  if (ir_op_result(op, 0)->type != want)
    return tile_fail(op, "result must have type %s, got %s", tile_tstr(op, want), tile_tstr(op, ir_op_result(op, 0)->type));
  *out_elem = ir_type_scalar(want);
  return true;
}

static bool rmw_type_ok(tile_atomic_op k, const ir_type *e) {
  bool wide = e->width == 32 || e->width == 64;
  switch (k) {
  case TILE_ATOMIC_FADD: return ir_type_is_float(e);
  case TILE_ATOMIC_XCHG: return (ir_type_is_int(e) || ir_type_is_float(e)) && wide;
  default: return ir_type_is_int(e) && wide;
  }
}

bool tile_verify_atomic_rmw(ir_op *op) {
  const ir_type *e;
  if (!check_values(op, 1, 1, &e)) return false;
  if (op->noperands > 2) {
    const ir_type *p = operand_type(op, 0), *m = operand_type(op, 2);
    if (m != ir_type_with_scalar(ir_op_context(op), p, ir_int_type(ir_op_context(op), 1)))
      return tile_fail(op, "mask must be i1 in the pointer's shape, got %s", tile_tstr(op, m));
  }
  int k = tile_atomic_op_parse(ir_op_get_string_attr(op, "atomic_rmw_op"));
  if (k < 0)
    return tile_fail(op, "requires an 'atomic_rmw_op' attribute: add, fadd, max, umax, min, umin, and, or, xor or xchg");
  if (!rmw_type_ok((tile_atomic_op)k, e))
    return tile_fail(op, "atomic_rmw_op '%s' does not apply to %s", op_names[k], tile_tstr(op, e));
  return check_order(op);
}

bool tile_verify_atomic_cas(ir_op *op) {
  const ir_type *e;
  if (!check_values(op, 1, 2, &e)) return false;
  if (ir_type_is_ptr(e) || (e->width != 16 && e->width != 32 && e->width != 64))
    return tile_fail(op, "elements must be 16, 32 or 64-bit integers or floats, got %s", tile_tstr(op, e));
  return check_order(op);
}
