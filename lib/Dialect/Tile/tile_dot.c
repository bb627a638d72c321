/* tt.dot: its input_precision spellings and its verifier (the row is in tile_ops.def; the
 * layouts are chosen by accelerate-matmul, the lowering is lib/Conversion/dot.c).
 *
 * dot(a, b, c) computes a x b + c over the last two dims, batched over a leading third when
 * the rank is 3. The element types are the ones Triton's tl.dot accepts: a and b share
 * one of f16, bf16, f32 and the fp8 kinds, with an f32 accumulator (or f16 for f16 and
 * fp8 operands); f64 with f64 (FMA only); or i8 with an i32 accumulator. */
#include <string.h>

#include "Dialect/Tile/tile_internal.h"

static const char *const precision_names[] = {"tf32", "tf32x3", "ieee"};

int tile_dot_precision_parse(const char *s) {
  for (int i = 0; s && i < 3; i++)
    if (strcmp(precision_names[i], s) == 0) return i;
  return -1;
}

const char *tile_dot_precision_name(tile_dot_precision p) { return precision_names[p]; }

tile_dot_precision tile_dot_precision_of(const ir_op *dot) {
  int p = tile_dot_precision_parse(ir_op_get_string_attr(dot, "input_precision"));
  return p < 0 ? TILE_DOT_IEEE : (tile_dot_precision)p;
}

static bool is_float_kind(const ir_type *t, ir_float_kind k) { return ir_type_is_float(t) && t->fkind == k; }
static bool is_fp8(const ir_type *t) { return is_float_kind(t, IR_F8E4M3FN) || is_float_kind(t, IR_F8E5M2); }

/* Whether a x b may accumulate into c's element type. */
static bool types_ok(const ir_type *ab, const ir_type *c) {
  if (ir_type_is_int(ab)) return ab->width == 8 && ir_type_is_int(c) && c->width == 32;
  if (!ir_type_is_float(ab)) return false;
  if (ab->fkind == IR_F64) return is_float_kind(c, IR_F64);
  if (is_float_kind(c, IR_F32)) return true;
  return is_float_kind(c, IR_F16) && ab->width <= 16 && ab->fkind != IR_BF16;
}

static bool check_shapes(ir_op *op, const ir_type *a, const ir_type *b, const ir_type *c) {
  unsigned r = a->rank;
  if (r != 2 && r != 3) return tile_fail(op, "operands must have rank 2 or 3, got %s", tile_tstr(op, a));
  if (b->rank != r || c->rank != r)
    return tile_fail(op, "operands must have one rank: %s, %s and %s", tile_tstr(op, a), tile_tstr(op, b),
                     tile_tstr(op, c));
  const int64_t *as = a->shape, *bs = b->shape, *cs = c->shape;
  if (r == 3 && (as[0] != bs[0] || as[0] != cs[0]))
    return tile_fail(op, "batch dims differ: %s, %s and %s", tile_tstr(op, a), tile_tstr(op, b), tile_tstr(op, c));
  if (as[r - 1] != bs[r - 2])
    return tile_fail(op, "a's K (%lld) must equal b's K (%lld)", (long long)as[r - 1], (long long)bs[r - 2]);
  if (cs[r - 2] != as[r - 2] || cs[r - 1] != bs[r - 1])
    return tile_fail(op, "the accumulator %s must be %lld x %lld", tile_tstr(op, c), (long long)as[r - 2],
                     (long long)bs[r - 1]);
  return true;
}

bool tile_verify_dot(ir_op *op) {
  const ir_type *a = ir_op_operand(op, 0)->type, *b = ir_op_operand(op, 1)->type;
  const ir_type *c = ir_op_operand(op, 2)->type;
  if (!ir_type_is_tensor(a) || !ir_type_is_tensor(b) || !ir_type_is_tensor(c))
    return tile_fail(op, "operands must be tensors");
  if (ir_op_result(op, 0)->type != c)
    return tile_fail(op, "result must have the accumulator's type %s", tile_tstr(op, c));
  if (!check_shapes(op, a, b, c)) return false;
  bool fp8_pair = is_fp8(a->elem) && is_fp8(b->elem); /* e4m3 x e5m2 mixes, as Triton's */
  if ((a->elem != b->elem && !fp8_pair) || !types_ok(a->elem, c->elem))
    return tile_fail(op, "unsupported element types: %s x %s accumulating into %s", tile_tstr(op, a),
                     tile_tstr(op, b), tile_tstr(op, c));
  const char *p = ir_op_get_string_attr(op, "input_precision");
  if (p && tile_dot_precision_parse(p) < 0)
    return tile_fail(op, "input_precision must be tf32, tf32x3 or ieee, got '%s'", p);
  if (p && strcmp(p, "ieee") != 0 && !is_float_kind(a->elem, IR_F32))
    return tile_fail(op, "input_precision '%s' applies to f32 operands only", p);
  if (ir_op_get_int_attr(op, "max_num_imprecise_acc", 0) < 0)
    return tile_fail(op, "max_num_imprecise_acc must not be negative");
  return true;
}
