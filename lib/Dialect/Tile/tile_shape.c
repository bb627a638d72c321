/* Verifiers of the data-movement shape ops tt.trans, tt.join and tt.split (their rows are in
 * tile_ops.def; layouts in lib/Dialect/TileGPU/tgpu_shape.c; lowering in
 * lib/Conversion/shape.c). tt.reshape and tt.expand_dims are verified in tile_ops.c.
 *
 * Shapes follow Triton's dialect: trans permutes dims (result dim i is operand dim
 * order[i]); join stacks two tensors of one type along a new last dim of size 2; split is
 * its inverse. Element types never change. */
#include <string.h>

#include "Dialect/Tile/tile_internal.h"

static const ir_type *operand_type(const ir_op *op, unsigned i) { return ir_op_operand(op, i)->type; }
static const ir_type *result_type(ir_op *op, unsigned i) { return ir_op_result(op, i)->type; }

/* Reads tt.trans's `order` into out (rank entries); false with an error when it is not a
 * permutation of 0..rank-1. */
bool tile_trans_order(ir_op *op, unsigned rank, int64_t *out) {
  int n = ir_attr_get_i64_array(ir_op_get_attr(op, "order"), out, IR_MAX_RANK);
  if (n < 0) return tile_fail(op, "requires an 'order' attribute (an array of integers)");
  if ((unsigned)n != rank) return tile_fail(op, "'order' has %d entries for an operand of rank %u", n, rank);
  bool seen[IR_MAX_RANK] = {false};
  for (unsigned i = 0; i < rank; i++) {
    if (out[i] < 0 || out[i] >= (int64_t)rank || seen[out[i]])
      return tile_fail(op, "'order' must be a permutation of 0..%u", rank - 1);
    seen[out[i]] = true;
  }
  return true;
}

bool tile_verify_trans(ir_op *op) {
  const ir_type *src = operand_type(op, 0), *dst = result_type(op, 0);
  if (!ir_type_is_tensor(src) || !ir_type_is_tensor(dst)) return tile_fail(op, "operand and result must be tensors");
  int64_t order[IR_MAX_RANK];
  if (!tile_trans_order(op, src->rank, order)) return false;
  bool ok = dst->rank == src->rank && dst->elem == src->elem;
  for (unsigned i = 0; ok && i < src->rank; i++) ok = dst->shape[i] == src->shape[order[i]];
  if (!ok) return tile_fail(op, "result %s must be the operand %s with its dims permuted by 'order'",
                            tile_tstr(op, dst), tile_tstr(op, src));
  return true;
}

/* `big` is `small` with one more dim of size 2 at the end, same element type. */
static bool adds_last_two(const ir_type *small, const ir_type *big) {
  if (!ir_type_is_tensor(small) || !ir_type_is_tensor(big) || big->rank != small->rank + 1) return false;
  if (big->elem != small->elem || big->shape[small->rank] != 2) return false;
  return memcmp(big->shape, small->shape, small->rank * sizeof(int64_t)) == 0;
}

bool tile_verify_join(ir_op *op) {
  const ir_type *a = operand_type(op, 0), *b = operand_type(op, 1), *dst = result_type(op, 0);
  if (!ir_type_is_tensor(a) || !ir_type_is_tensor(b)) return tile_fail(op, "operands must be tensors");
  if (a->rank != b->rank || a->elem != b->elem || memcmp(a->shape, b->shape, a->rank * sizeof(int64_t)) != 0)
    return tile_fail(op, "operands must have one shape and element type, got %s and %s", tile_tstr(op, a),
                     tile_tstr(op, b));
  if (a->rank + 1 > IR_MAX_RANK) return tile_fail(op, "result rank above %d", IR_MAX_RANK);
  if (!adds_last_two(a, dst))
    return tile_fail(op, "result must be the operands' shape with a last dim of 2, got %s", tile_tstr(op, dst));
  return true;
}

bool tile_verify_split(ir_op *op) {
  const ir_type *src = operand_type(op, 0);
  if (!ir_type_is_tensor(src) || src->rank < 2 || src->shape[src->rank - 1] != 2)
    return tile_fail(op, "operand must be a tensor of rank 2 or more whose last dim is 2, got %s",
                     tile_tstr(op, src));
  if (op->nresults != 2) return tile_fail(op, "requires 2 results");
  for (unsigned i = 0; i < 2; i++)
    if (!adds_last_two(result_type(op, i), src))
      return tile_fail(op, "result %u must be the operand's shape without its last dim, got %s", i,
                       tile_tstr(op, result_type(op, i)));
  return true;
}

/* ---- folders ---------------------------------------------------------------------------- */

static bool fold_value(ir_fold_result *out, ir_value *v) {
  out->value = v, out->attr = NULL;
  return true;
}

static bool fold_attr(ir_fold_result *out, const ir_attr *a) {
  out->value = NULL, out->attr = a;
  return true;
}

/* trans of a splat constant is the constant; trans(trans(x)) whose orders compose to the
 * identity is x. */
bool tile_fold_trans(ir_op *op, const ir_attr *const *consts, ir_fold_result *out) {
  if (consts[0]) return fold_attr(out, consts[0]);
  ir_op *d = ir_value_def(ir_op_operand(op, 0));
  if (!d || ir_op_code(d) != IR_OP_TRANS) return false;
  ir_value *x = ir_op_operand(d, 0);
  int64_t outer[IR_MAX_RANK], inner[IR_MAX_RANK];
  int n = ir_attr_get_i64_array(ir_op_get_attr(op, "order"), outer, IR_MAX_RANK);
  if (x->type != ir_op_result(op, 0)->type || n < 0 ||
      ir_attr_get_i64_array(ir_op_get_attr(d, "order"), inner, IR_MAX_RANK) != n)
    return false;
  for (int i = 0; i < n; i++) /* result dim i is x's dim inner[outer[i]] */
    if (outer[i] < 0 || outer[i] >= n || inner[outer[i]] != i) return false;
  return fold_value(out, x);
}

/* reshape of a splat constant is the constant; a reshape to the operand's own type, or of a
 * reshape back to that one's operand type, is that operand (the identity is one of the
 * orders allow_reorder permits). */
bool tile_fold_reshape(ir_op *op, const ir_attr *const *consts, ir_fold_result *out) {
  if (consts[0]) return fold_attr(out, consts[0]);
  ir_value *x = ir_op_operand(op, 0);
  const ir_type *t = ir_op_result(op, 0)->type;
  if (x->type == t) return fold_value(out, x);
  ir_op *d = ir_value_def(x);
  if (!d || ir_op_code(d) != IR_OP_RESHAPE || ir_op_operand(d, 0)->type != t) return false;
  return fold_value(out, ir_op_operand(d, 0));
}

/* join of one splat constant twice is that constant. */
bool tile_fold_join(ir_op *op, const ir_attr *const *consts, ir_fold_result *out) {
  (void)op;
  return consts[0] && consts[0] == consts[1] && fold_attr(out, consts[0]);
}
