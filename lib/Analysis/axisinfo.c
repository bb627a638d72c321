/* Axis info analysis (see axisinfo.h): Triton's AxisInfo rules, computed lazily per value
 * and memoized. Values are computed from their operands (which dominate them), block
 * arguments from their op; scf.for's carried values by a fixpoint over trial analyses
 * (carried_info), so the memoized recursion has no cycles. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "Analysis/axisinfo.h"
#include "Dialect/Tile/tile.h"

/* A loop-carried value whose facts are assumed while its loop's fixpoint is computed. */
typedef struct axis_seed {
  const ir_value *v;
  axis_info info;
  const struct axis_seed *next;
} axis_seed;

struct axis_analysis {
  ir_module *m;
  sup_arena *arena;
  sup_ptrmap map; /* ir_value* -> axis_info* */
  axis_info unknown; /* pessimistic at every rank: the answer when out of memory */
  const axis_seed *seeds; /* a trial analysis (loop fixpoint): the assumed values */
};

/* ---- arithmetic helpers (sup_gcd64: support.h) ------------------------------------------- */

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

/* The largest power of 2 dividing v (0 is divisible by everything). */
static int64_t pow2_divisor(int64_t v) {
  if (v == 0) return AXIS_MAX_DIVISOR;
  uint64_t u = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
  return min64((int64_t)(u & (~u + 1)), AXIS_MAX_DIVISOR);
}

static int64_t mul_div(int64_t a, int64_t b) {
  if (a >= AXIS_MAX_DIVISOR / b) return AXIS_MAX_DIVISOR;
  return a * b;
}

static bool is_pow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

/* ---- shapes ------------------------------------------------------------------------------ */

static unsigned rank_of(const ir_value *v) {
  return ir_type_is_tensor(v->type) ? v->type->rank : 1;
}

static int64_t dim_of(const ir_value *v, unsigned d) {
  return ir_type_is_tensor(v->type) ? v->type->shape[d] : 1;
}

static axis_info pessimistic(const ir_value *v) {
  axis_info r;
  memset(&r, 0, sizeof r);
  r.rank = rank_of(v);
  for (unsigned d = 0; d < r.rank; d++) r.contiguity[d] = r.divisibility[d] = r.constancy[d] = 1;
  return r;
}

/* A value known to equal `c` everywhere, shaped like v. */
static axis_info constant_info(const ir_value *v, int64_t c) {
  axis_info r = pessimistic(v);
  r.has_value = true;
  r.value = c;
  for (unsigned d = 0; d < r.rank; d++) {
    r.divisibility[d] = pow2_divisor(c);
    r.constancy[d] = dim_of(v, d);
  }
  return r;
}

/* ---- lookup ------------------------------------------------------------------------------ */

static axis_info compute(axis_analysis *a, const ir_value *v);

const axis_info *axis_analysis_get(axis_analysis *a, const ir_value *v) {
  axis_info *got = sup_ptrmap_get(&a->map, (uint64_t)(uintptr_t)v);
  if (got) return got;
  for (const axis_seed *s = a->seeds; s; s = s->next)
    if (s->v == v) return &s->info;
  axis_info info = compute(a, v);
  got = sup_arena_memdup(a->arena, &info, sizeof info);
  if (got && sup_ptrmap_put(&a->map, (uint64_t)(uintptr_t)v, got)) return got;
  ir_context_note_oom(a->m->ctx); /* out of memory: the pass's result is dropped */
  return got ? got : &a->unknown;
}

/* Operand `v`'s info seen at the shape of `like` (a scalar operand of a tensor op is
 * constant along every dim). */
static axis_info get_as(axis_analysis *a, const ir_value *v, const ir_value *like) {
  axis_info s = *axis_analysis_get(a, v);
  if (ir_type_is_tensor(v->type) || !ir_type_is_tensor(like->type)) return s;
  axis_info r = pessimistic(like);
  r.has_value = s.has_value;
  r.value = s.value;
  for (unsigned d = 0; d < r.rank; d++) {
    r.divisibility[d] = s.divisibility[0];
    r.constancy[d] = dim_of(like, d);
  }
  return r;
}

/* ---- sources ----------------------------------------------------------------------------- */

static axis_info func_arg_info(ir_op *func, const ir_value *v) {
  axis_info r = pessimistic(v);
  int64_t divs[64];
  int n = ir_attr_get_i64_array(ir_op_get_attr(func, TILE_ATTR_DIVISIBILITY), divs, 64);
  if (n > (int)v->index && divs[v->index] > 0)
    for (unsigned d = 0; d < r.rank; d++) r.divisibility[d] = min64(divs[v->index], AXIS_MAX_DIVISOR);
  return r;
}

static void join(axis_info *acc, const axis_info *x);

static bool info_equal(const axis_info *x, const axis_info *y) {
  if (x->rank != y->rank || x->has_value != y->has_value || (x->has_value && x->value != y->value)) return false;
  for (unsigned d = 0; d < x->rank; d++)
    if (x->contiguity[d] != y->contiguity[d] || x->divisibility[d] != y->divisibility[d] ||
        x->constancy[d] != y->constancy[d])
      return false;
  return true;
}

/* A loop-carried value of scf.for (iter arg i >= 1): Triton's dataflow fixpoint. Start from
 * the initial value's facts, compute the yielded value's facts in a trial analysis that
 * assumes them, join, and repeat until nothing changes (joins only weaken facts; after a few
 * rounds without a fixpoint the answer is pessimistic). Trial analyses keep the outer
 * assumptions, so loops nested in loops and several carried values terminate. */
static axis_info carried_info(axis_analysis *a, ir_op *loop, const ir_value *v) {
  ir_block *body = v->block;
  ir_op *yield = ir_block_terminator(body);
  unsigned i = v->index;
  if (!yield || i - 1 >= yield->noperands || 2 + i >= loop->noperands) return pessimistic(v);
  axis_info cur = *axis_analysis_get(a, ir_op_operand(loop, 2 + i));
  for (unsigned round = 0; round < 4; round++) {
    axis_seed seed = {v, cur, a->seeds};
    axis_analysis trial = {a->m, sup_arena_create(), {0}, a->unknown, &seed};
    if (!trial.arena) return pessimistic(v);
    axis_info next = cur;
    join(&next, axis_analysis_get(&trial, ir_op_operand(yield, i - 1)));
    sup_ptrmap_free(&trial.map);
    sup_arena_destroy(trial.arena);
    if (info_equal(&next, &cur)) return cur;
    cur = next;
  }
  return pessimistic(v);
}

static axis_info block_arg_info(axis_analysis *a, const ir_value *v) {
  ir_op *parent = ir_block_parent_op(v->block);
  axis_info r = pessimistic(v);
  if (!parent) return r;
  if (ir_op_code(parent) == IR_OP_FUNC) return func_arg_info(parent, v);
  if (ir_op_code(parent) == IR_OP_FOR && v->index > 0) return carried_info(a, parent, v);
  if (ir_op_code(parent) == IR_OP_FOR && v->index == 0) {
    const axis_info *lb = axis_analysis_get(a, ir_op_operand(parent, 0));
    const axis_info *step = axis_analysis_get(a, ir_op_operand(parent, 2));
    r.divisibility[0] = sup_gcd64(lb->divisibility[0], step->divisibility[0]);
  }
  return r;
}

static axis_info constant_op_info(const ir_op *op, const ir_value *v) {
  const ir_attr *val = ir_op_get_attr(op, "value");
  if (val && val->kind == IR_ATTR_INT) return constant_info(v, val->ival);
  axis_info r = pessimistic(v);
  for (unsigned d = 0; d < r.rank; d++) r.constancy[d] = dim_of(v, d);
  return r;
}

static axis_info make_range_info(const ir_op *op, const ir_value *v) {
  axis_info r = pessimistic(v);
  int64_t start = ir_op_get_int_attr(op, "start", 0);
  int64_t end = ir_op_get_int_attr(op, "end", start + 1);
  r.contiguity[0] = max64(end - start, 1);
  r.divisibility[0] = pow2_divisor(start);
  return r;
}

static axis_info splat_info(axis_analysis *a, ir_op *op, const ir_value *v) {
  return get_as(a, ir_op_operand(op, 0), v);
}

static axis_info broadcast_info(axis_analysis *a, ir_op *op, const ir_value *v) {
  const ir_value *src = ir_op_operand(op, 0);
  axis_info r = *axis_analysis_get(a, src);
  for (unsigned d = 0; d < r.rank; d++) {
    if (dim_of(src, d) != 1 || dim_of(v, d) == 1) continue;
    r.contiguity[d] = 1;
    r.constancy[d] = dim_of(v, d);
  }
  return r;
}

static axis_info expand_dims_info(axis_analysis *a, ir_op *op, const ir_value *v) {
  const axis_info *s = axis_analysis_get(a, ir_op_operand(op, 0));
  unsigned axis = (unsigned)ir_op_get_int_attr(op, "axis", 0);
  axis_info r = pessimistic(v);
  r.has_value = s->has_value;
  r.value = s->value;
  int64_t div = s->has_value ? pow2_divisor(s->value) : AXIS_MAX_DIVISOR;
  for (unsigned d = 0; !s->has_value && d < s->rank; d++)
    div = sup_gcd64(div, s->contiguity[d] > 1 ? 1 : s->divisibility[d]);
  for (unsigned d = 0, k = 0; d < r.rank; d++) {
    if (d == axis) {
      r.divisibility[d] = div;
      continue;
    }
    r.contiguity[d] = s->contiguity[k];
    r.divisibility[d] = s->divisibility[k];
    r.constancy[d] = s->constancy[k];
    k++;
  }
  return r;
}

/* ---- binary arithmetic ------------------------------------------------------------------- */

static bool fold_int(ir_opcode code, int64_t l, int64_t r, int64_t *out) {
  switch (code) {
  case IR_OP_ADDI: *out = (int64_t)((uint64_t)l + (uint64_t)r); return true;
  case IR_OP_SUBI: *out = (int64_t)((uint64_t)l - (uint64_t)r); return true;
  case IR_OP_MULI: *out = (int64_t)((uint64_t)l * (uint64_t)r); return true;
  case IR_OP_DIVSI:
    if (r == 0 || (l == INT64_MIN && r == -1)) return false;
    *out = l / r;
    return true;
  case IR_OP_REMSI:
    if (r == 0 || (l == INT64_MIN && r == -1)) return false;
    *out = l % r;
    return true;
  case IR_OP_ANDI: *out = l & r; return true;
  case IR_OP_ORI: *out = l | r; return true;
  case IR_OP_XORI: *out = l ^ r; return true;
  case IR_OP_SHLI:
    if (r < 0 || r >= 63) return false;
    *out = (int64_t)((uint64_t)l << r);
    return true;
  default: return false;
  }
}

/* Divisibility that holds for every element (not just run starts). */
static int64_t elem_div(const axis_info *x, unsigned d) {
  return x->contiguity[d] > 1 ? 1 : x->divisibility[d];
}

static void add_sub_dim(const axis_info *l, const axis_info *r, bool sub, int64_t elem_size,
                        unsigned d, axis_info *o) {
  int64_t c = sup_gcd64(l->contiguity[d], r->constancy[d]);
  if (!sub) c = max64(c, sup_gcd64(l->constancy[d], r->contiguity[d]));
  o->contiguity[d] = c;
  o->divisibility[d] = sup_gcd64(l->divisibility[d], mul_div(r->divisibility[d], elem_size));
  o->constancy[d] = sup_gcd64(l->constancy[d], r->constancy[d]);
}

static void mul_dim(const axis_info *l, const axis_info *r, unsigned d, axis_info *o) {
  int64_t lc = r->has_value && r->value == 1 ? l->contiguity[d] : 1;
  int64_t rc = l->has_value && l->value == 1 ? r->contiguity[d] : 1;
  o->contiguity[d] = max64(lc, rc);
  o->divisibility[d] = mul_div(elem_div(l, d), elem_div(r, d));
  o->constancy[d] = sup_gcd64(l->constancy[d], r->constancy[d]);
}

/* x / c and x >> log2(c) for a known power-of-2 c (other divisors: pessimistic). */
static void div_pow2_dim(const axis_info *l, const axis_info *r, int64_t c, unsigned d,
                         axis_info *o) {
  o->constancy[d] = sup_gcd64(l->constancy[d], r->constancy[d]);
  if (c == 1) {
    o->contiguity[d] = l->contiguity[d];
    o->divisibility[d] = l->divisibility[d];
    return;
  }
  o->contiguity[d] = 1;
  if (!is_pow2(c)) return;
  if (l->divisibility[d] % c == 0) o->constancy[d] = max64(o->constancy[d], sup_gcd64(l->contiguity[d], c));
  if (l->contiguity[d] == 1 && l->divisibility[d] >= c) o->divisibility[d] = l->divisibility[d] / c;
}

/* x % m. A run of x that starts at a multiple of g and has g elements stays contiguous
 * when m is a multiple of g and the same across the run (g divides m's constancy), which
 * is what makes `tid % s1` with s1 a multiple of 16 vectorizable, as in Triton. */
static void rem_dim(const axis_info *l, const axis_info *r, unsigned d, axis_info *o) {
  o->constancy[d] = sup_gcd64(l->constancy[d], r->constancy[d]);
  if (r->has_value && r->value <= 0) return;
  int64_t rdiv = elem_div(r, d);
  int64_t c = sup_gcd64(l->contiguity[d], rdiv);
  if (l->contiguity[d] > 1) c = sup_gcd64(c, l->divisibility[d]);
  if (!r->has_value) c = sup_gcd64(c, r->constancy[d]);
  o->contiguity[d] = c;
  o->divisibility[d] = sup_gcd64(l->divisibility[d], rdiv);
}

/* x / m for an m that is not a known constant: a run of x split into chunks of g (as in
 * rem_dim) gives one quotient per chunk. */
static void div_var_dim(const axis_info *l, const axis_info *r, unsigned d, axis_info *o) {
  int64_t g = sup_gcd64(sup_gcd64(l->contiguity[d], l->divisibility[d]), sup_gcd64(elem_div(r, d), r->constancy[d]));
  o->constancy[d] = max64(sup_gcd64(l->constancy[d], r->constancy[d]), l->contiguity[d] > 1 ? g : 1);
}

static void shl_dim(const axis_info *l, const axis_info *r, unsigned d, axis_info *o) {
  o->constancy[d] = sup_gcd64(l->constancy[d], r->constancy[d]);
  if (!r->has_value || r->value < 0 || r->value > 30) return;
  if (r->value == 0) {
    o->contiguity[d] = l->contiguity[d];
    o->divisibility[d] = l->divisibility[d];
    return;
  }
  o->divisibility[d] = mul_div(elem_div(l, d), (int64_t)1 << r->value);
}

static void bitwise_dim(bool is_and, const axis_info *l, const axis_info *r, unsigned d,
                        axis_info *o) {
  o->constancy[d] = sup_gcd64(l->constancy[d], r->constancy[d]);
  int64_t ld = elem_div(l, d), rd = elem_div(r, d);
  o->divisibility[d] = is_and ? max64(ld, rd) : min64(ld, rd);
}

static void other_binary_dim(const axis_info *l, const axis_info *r, unsigned d, axis_info *o) {
  o->constancy[d] = sup_gcd64(l->constancy[d], r->constancy[d]);
  o->divisibility[d] = sup_gcd64(elem_div(l, d), elem_div(r, d));
}

/* The power of 2 a right shift by r divides by (0: unknown). */
static int64_t shift_divisor(const axis_info *r) {
  return r->has_value && r->value >= 0 && r->value < 31 ? (int64_t)1 << r->value : 0;
}

/* One dim of an integer binary op's result (elem: the pointee size for tt.addptr). */
static void binary_dim(ir_opcode code, const axis_info *l, const axis_info *r, int64_t elem,
                       unsigned d, axis_info *o) {
  switch (code) {
  case IR_OP_ADDI:
  case IR_OP_ADDPTR: add_sub_dim(l, r, false, elem, d, o); return;
  case IR_OP_SUBI: add_sub_dim(l, r, true, elem, d, o); return;
  case IR_OP_MULI: mul_dim(l, r, d, o); return;
  case IR_OP_DIVSI:
  case IR_OP_DIVUI:
    if (r->has_value) div_pow2_dim(l, r, r->value, d, o);
    else div_var_dim(l, r, d, o);
    return;
  case IR_OP_SHRSI:
  case IR_OP_SHRUI: div_pow2_dim(l, r, shift_divisor(r), d, o); return;
  case IR_OP_REMSI:
  case IR_OP_REMUI: rem_dim(l, r, d, o); return;
  case IR_OP_SHLI: shl_dim(l, r, d, o); return;
  case IR_OP_ANDI:
  case IR_OP_ORI:
  case IR_OP_XORI: bitwise_dim(code == IR_OP_ANDI, l, r, d, o); return;
  default: other_binary_dim(l, r, d, o); return;
  }
}

static axis_info binary_info(axis_analysis *a, ir_op *op, const ir_value *v) {
  ir_opcode code = ir_op_code(op);
  axis_info l = get_as(a, ir_op_operand(op, 0), v);
  axis_info r = get_as(a, ir_op_operand(op, 1), v);
  int64_t folded;
  if (l.has_value && r.has_value && fold_int(code, l.value, r.value, &folded))
    return constant_info(v, folded);
  axis_info o = pessimistic(v);
  int64_t elem = 1;
  if (code == IR_OP_ADDPTR) {
    const ir_type *p = ir_type_scalar(v->type);
    elem = p->elem ? (int64_t)ir_type_byte_size(p->elem) : 1;
  }
  for (unsigned d = 0; d < o.rank; d++) binary_dim(code, &l, &r, elem, d, &o);
  return o;
}

/* ---- comparisons and select ---------------------------------------------------------------- */

static bool pred_in(const char *p, const char *a, const char *b) {
  return p && (!strcmp(p, a) || !strcmp(p, b));
}

/* Triton's CmpOp rule: a contiguous run compared with a constant (splat) is constant over
 * runs of gcd(contiguity, divisibilities) for the orderings that can flip only at a run
 * boundary. */
static axis_info cmp_info(axis_analysis *a, ir_op *op, const ir_value *v) {
  axis_info l = get_as(a, ir_op_operand(op, 0), v);
  axis_info r = get_as(a, ir_op_operand(op, 1), v);
  axis_info o = pessimistic(v);
  const char *p = ir_op_get_string_attr(op, "predicate");
  for (unsigned d = 0; d < o.rank; d++) {
    int64_t n = dim_of(v, d);
    int64_t c = sup_gcd64(l.constancy[d], r.constancy[d]);
    int64_t div = sup_gcd64(l.divisibility[d], r.divisibility[d]);
    if (l.has_value && r.has_value) c = n;
    else if ((pred_in(p, "sgt", "ugt") || pred_in(p, "sle", "ule")) && l.constancy[d] == n)
      c = max64(c, sup_gcd64(r.contiguity[d], div));
    else if ((pred_in(p, "slt", "ult") || pred_in(p, "sge", "uge")) && r.constancy[d] == n)
      c = max64(c, sup_gcd64(l.contiguity[d], div));
    o.constancy[d] = c;
  }
  return o;
}

static axis_info select_info(axis_analysis *a, ir_op *op, const ir_value *v) {
  axis_info c = get_as(a, ir_op_operand(op, 0), v);
  axis_info t = get_as(a, ir_op_operand(op, 1), v);
  axis_info f = get_as(a, ir_op_operand(op, 2), v);
  if (c.has_value) return c.value ? t : f;
  axis_info o = pessimistic(v);
  for (unsigned d = 0; d < o.rank; d++) {
    o.contiguity[d] = sup_gcd64(sup_gcd64(t.contiguity[d], f.contiguity[d]), c.constancy[d]);
    o.divisibility[d] = sup_gcd64(t.divisibility[d], f.divisibility[d]);
    o.constancy[d] = sup_gcd64(c.constancy[d], sup_gcd64(t.constancy[d], f.constancy[d]));
  }
  return o;
}

/* ---- control flow -------------------------------------------------------------------------- */

static void join(axis_info *acc, const axis_info *x) {
  for (unsigned d = 0; d < acc->rank && d < x->rank; d++) {
    acc->contiguity[d] = sup_gcd64(acc->contiguity[d], x->contiguity[d]);
    acc->divisibility[d] = sup_gcd64(acc->divisibility[d], x->divisibility[d]);
    acc->constancy[d] = sup_gcd64(acc->constancy[d], x->constancy[d]);
  }
  acc->has_value = acc->has_value && x->has_value && acc->value == x->value;
}

static axis_info if_result_info(axis_analysis *a, ir_op *op, const ir_value *v) {
  axis_info r = pessimistic(v);
  bool first = true;
  for (unsigned i = 0; i < op->nregions; i++) {
    ir_block *b = ir_region_entry(ir_op_region(op, i));
    ir_op *y = b ? ir_block_terminator(b) : NULL;
    if (!y || v->index >= y->noperands) return pessimistic(v);
    const axis_info *x = axis_analysis_get(a, ir_op_operand(y, v->index));
    if (first) r = *x;
    else join(&r, x);
    first = false;
  }
  return r;
}

/* ---- dispatch ------------------------------------------------------------------------------ */

/* Ops whose result has the facts of operand 0 (casts that keep integer values or
 * addresses, layout changes) when the ranks agree. */
static axis_info identity_info(axis_analysis *a, ir_op *op, const ir_value *v) {
  if (rank_of(ir_op_operand(op, 0)) != rank_of(v)) return pessimistic(v);
  return *axis_analysis_get(a, ir_op_operand(op, 0));
}

/* tt.trans: result dim i has the facts of operand dim order[i]. */
static axis_info trans_info(axis_analysis *a, ir_op *op, const ir_value *v) {
  const axis_info *s = axis_analysis_get(a, ir_op_operand(op, 0));
  int64_t order[IR_MAX_RANK];
  unsigned r = rank_of(v);
  if (s->rank != r || ir_attr_get_i64_array(ir_op_get_attr(op, "order"), order, IR_MAX_RANK) != (int)r)
    return pessimistic(v);
  axis_info o = *s;
  for (unsigned d = 0; d < r; d++) {
    if (order[d] < 0 || order[d] >= (int64_t)r) return pessimistic(v);
    o.contiguity[d] = s->contiguity[order[d]];
    o.divisibility[d] = s->divisibility[order[d]];
    o.constancy[d] = s->constancy[order[d]];
  }
  return o;
}

static axis_info op_result_info(axis_analysis *a, ir_op *op, const ir_value *v) {
  switch (ir_op_code(op)) {
  case IR_OP_TRANS: return trans_info(a, op, v);
  case IR_OP_CONSTANT: return constant_op_info(op, v);
  case IR_OP_MAKE_RANGE: return make_range_info(op, v);
  case IR_OP_SPLAT: return splat_info(a, op, v);
  case IR_OP_BROADCAST: return broadcast_info(a, op, v);
  case IR_OP_EXPAND_DIMS: return expand_dims_info(a, op, v);
  case IR_OP_ADDI: case IR_OP_SUBI: case IR_OP_MULI: case IR_OP_DIVSI: case IR_OP_DIVUI:
  case IR_OP_REMSI: case IR_OP_REMUI: case IR_OP_ANDI: case IR_OP_ORI: case IR_OP_XORI:
  case IR_OP_SHLI: case IR_OP_SHRSI: case IR_OP_SHRUI: case IR_OP_MAXSI: case IR_OP_MINSI:
  case IR_OP_MAXUI: case IR_OP_MINUI: case IR_OP_ADDPTR:
    return binary_info(a, op, v);
  case IR_OP_CMPI: return cmp_info(a, op, v);
  case IR_OP_SELECT: return select_info(a, op, v);
  case IR_OP_IF: return if_result_info(a, op, v);
  case IR_OP_FOR: { /* the results are the carried values' final facts */
    ir_block *body = ir_region_entry(ir_op_region(op, 0));
    return body && v->index + 1 < body->nargs ? *axis_analysis_get(a, body->args[v->index + 1]) : pessimistic(v);
  }
  case IR_OP_EXTSI: case IR_OP_EXTUI: case IR_OP_TRUNCI: case IR_OP_BITCAST:
  case IR_OP_PTRTOINT: case IR_OP_INTTOPTR: case IR_OP_PTRBITCAST: case IR_OP_CONVERT_LAYOUT:
    return identity_info(a, op, v);
  default: return pessimistic(v);
  }
}

/* tl.multiple_of / tl.max_contiguous hints (one entry per dim) override the analysis. */
static void apply_hints(const ir_op *op, axis_info *r) {
  int64_t vals[IR_MAX_RANK];
  int n = ir_attr_get_i64_array(ir_op_get_attr(op, TILE_ATTR_DIVISIBILITY), vals, IR_MAX_RANK);
  for (int d = 0; d < n && d < (int)r->rank; d++)
    if (vals[d] > 0) r->divisibility[d] = min64(vals[d], AXIS_MAX_DIVISOR);
  n = ir_attr_get_i64_array(ir_op_get_attr(op, TILE_ATTR_CONTIGUITY), vals, IR_MAX_RANK);
  for (int d = 0; d < n && d < (int)r->rank; d++)
    if (vals[d] > 0) r->contiguity[d] = vals[d];
}

static axis_info compute(axis_analysis *a, const ir_value *v) {
  if (!v->def) return v->block ? block_arg_info(a, v) : pessimistic(v);
  axis_info r = op_result_info(a, v->def, v);
  apply_hints(v->def, &r);
  return r;
}

/* ---- driver -------------------------------------------------------------------------------- */

static ir_walk_result visit(ir_op *op, void *user) {
  for (unsigned i = 0; i < op->nresults; i++) axis_analysis_get(user, &op->results[i]);
  return IR_WALK_ADVANCE;
}

axis_analysis *axis_analysis_run(ir_module *m) {
  axis_analysis *a = calloc(1, sizeof *a);
  sup_arena *arena = a ? sup_arena_create() : NULL;
  if (!arena) {
    free(a);
    ir_context_note_oom(m->ctx);
    return NULL;
  }
  a->m = m;
  a->arena = arena;
  a->unknown.rank = IR_MAX_RANK;
  for (unsigned d = 0; d < IR_MAX_RANK; d++)
    a->unknown.contiguity[d] = a->unknown.divisibility[d] = a->unknown.constancy[d] = 1;
  ir_context_watch_arena(m->ctx, arena);
  ir_walk_pre(m->op, visit, a);
  return a;
}

void axis_analysis_free(axis_analysis *a) {
  if (!a) return;
  sup_ptrmap_free(&a->map);
  sup_arena_destroy(a->arena);
  free(a);
}

static void print_array(sup_strbuf *out, const char *name, const int64_t *v, unsigned n) {
  sup_strbuf_printf(out, "%s = [", name);
  for (unsigned d = 0; d < n; d++) sup_strbuf_printf(out, "%s%lld", d ? ", " : "", (long long)v[d]);
  sup_strbuf_puts(out, "]");
}

void axis_info_print(const axis_info *info, sup_strbuf *out) {
  print_array(out, "contiguity", info->contiguity, info->rank);
  sup_strbuf_puts(out, ", ");
  print_array(out, "divisibility", info->divisibility, info->rank);
  sup_strbuf_puts(out, ", ");
  print_array(out, "constancy", info->constancy, info->rank);
  if (info->has_value) sup_strbuf_printf(out, ", value = %lld", (long long)info->value);
}
