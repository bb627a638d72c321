/* tgpu.warp_group_dot (wgmma on sm_90a): its operand shared layouts and verifier.
 *
 * wgmma reads A and B from shared memory through 64-bit matrix descriptors (PTX ISA,
 * "Matrix Descriptor Format": start address >> 4 in bits 0-13, leading-dimension byte
 * offset >> 4 in 16-29, stride-dimension byte offset >> 4 in 32-45, swizzle mode in 62-63:
 * 1 = 128-byte, 2 = 64-byte, 3 = 32-byte). Both canonical swizzled layouts are rows of S
 * bytes (S = the swizzle: 32, 64 or 128), 8 rows to an atom, and inside an atom the 16-byte
 * chunk index of row r XORed with r's phase: the #tgpu.shared layout {vec = 16 bytes,
 * perPhase = 128 / S, maxPhase = S / 16, order = [contiguous dim first]}.
 *
 * K-major (each row is an M index of A or an N index of B and holds K contiguous
 * elements): K * element bytes = S exactly (one atom wide), or K rows wider than 128 bytes
 * (a multiple of them) stored as slabs of 128 bytes of K x all rows (the `slab` field: a
 * k16 step never leaves its slab, so each instruction's descriptor starts inside one, and
 * the leading offset stays unused); the stride-dimension offset is the distance between
 * 8-row groups (8 S). MN-major (f16/bf16 only, the instruction's
 * trans bit 1; each row is a K index and holds S bytes of M or N; fp8, i8 and tf32 operands are
 * K-major only, tf32 f32 elements whose low 13 mantissa bits wgmma ignores): S is the widest of 128,
 * 64, 32 that divides the MN extent in bytes; an MN extent wider than S is stored as slabs
 * of S bytes of MN x all K rows (#tgpu.shared's `slab`); the stride-dimension offset is the
 * distance between 8-row groups along K (8 S) and the leading-dimension offset the distance
 * between slabs along MN (K S). (CUTLASS's GMMA layout atoms say the same: MN-major
 * ((S/16, n), (8, k)) : ((1, LBO), (S/16, SBO)) in 16-byte units.)
 *
 * A (16-bit elements only) may instead be a tensor in registers: the PTX ISA's wgmma
 * m64nNk16 A fragment puts warp w % 4 of a warpgroup on rows 16 (w % 4) .. + 15 of the
 * m64 tile, and a thread's four .f16x2 / .bf16x2 registers hold (g, 2t + {0, 1}),
 * (g + 8, 2t + {0, 1}), (g, 8 + 2t + {0, 1}), (g + 8, 8 + 2t + {0, 1}) with g = lane / 4,
 * t = lane % 4: mma.sync's m16n8k16 A fragment per warp. So the layout is
 * #tgpu.dot_op<{opIdx = 0, parent = the accumulator's #tgpu.mma version 3, kWidth = 2}>,
 * whose linear layout (linear_layout_mma.c) is the mma.sync operand's with every warp
 * along M: for a tensor of A's shape, the very map of the version 3 accumulator (attention's
 * p converts with convert_plan.c's NOOP route; test/unit/ll_unit.c checks both facts). */
#include "Dialect/Tile/tile.h"
#include "Dialect/TileGPU/tgpu_types.h"

const ir_attr *tgpu_wgmma_a_reg_layout(ir_context *ctx, const ir_attr *acc_enc) {
  tgpu_dot_op d = {0, acc_enc, 2};
  return tgpu_dot_op_attr(ctx, &d);
}

bool tgpu_wgmma_a_in_regs(ir_op *op) { return ir_type_is_tensor(ir_op_operand(op, 0)->type); }

bool tgpu_wgmma_operand_layout(unsigned k_bytes, unsigned elem_bytes, unsigned op_idx, tgpu_shared_layout *out) {
  bool slabs = k_bytes > 128 && k_bytes % 128 == 0;
  if (k_bytes != 32 && k_bytes != 64 && k_bytes != 128 && !slabs) return false;
  unsigned s = slabs ? 128 : k_bytes;
  *out = tgpu_shared_unswizzled(2);
  out->vec = 16 / elem_bytes;
  out->max_phase = s / 16;
  out->per_phase = 128 / s;
  out->order[0] = op_idx ? 0 : 1; /* K, the fastest dim */
  out->order[1] = op_idx ? 1 : 0;
  out->slab = slabs ? 128 / elem_bytes : 0; /* K rows wider than 128 bytes: 128-byte slabs */
  return true;
}

/* The widest wgmma swizzle (128, 64, 32 bytes) dividing `bytes`; 0 when none does. */
static unsigned widest_swizzle(int64_t bytes) {
  for (unsigned s = 128; s >= 32; s /= 2)
    if (bytes % s == 0) return s;
  return 0;
}

bool tgpu_wgmma_smem_layout(unsigned elem_bytes, unsigned op_idx, const int64_t *shape, unsigned contig_dim,
                            tgpu_shared_layout *out) {
  unsigned k_dim = op_idx ? 0 : 1, mn_dim = 1 - k_dim;
  if (contig_dim == k_dim) return tgpu_wgmma_operand_layout((unsigned)(shape[k_dim] * elem_bytes), elem_bytes, op_idx, out);
  if (contig_dim != mn_dim || elem_bytes != 2 || shape[k_dim] % 8) return false;
  int64_t mn_bytes = shape[mn_dim] * elem_bytes;
  unsigned s = widest_swizzle(mn_bytes);
  if (!s) return false;
  *out = tgpu_shared_unswizzled(2);
  out->vec = 16 / elem_bytes;
  out->max_phase = s / 16;
  out->per_phase = 128 / s;
  out->order[0] = mn_dim;
  out->order[1] = k_dim;
  out->slab = mn_bytes > s ? s / elem_bytes : 0;
  return true;
}

unsigned tgpu_wgmma_k_step(ir_op *dot, const ir_type *elem) {
  const ir_type *acc = ir_type_scalar(ir_op_result(dot, 0)->type);
  if (ir_type_is_int(elem)) /* s8 (Triton's int8 dots are signed) into s32 */
    return elem->width == 8 && ir_type_is_int(acc) && acc->width == 32 ? 32 : 0;
  if (!ir_type_is_float(elem) || !ir_type_is_float(acc) || acc->fkind != IR_F32) return 0;
  switch (elem->fkind) {
  case IR_F16:
  case IR_BF16: return 16;
  case IR_F8E4M3FN:
  case IR_F8E5M2: return 32;
  case IR_F32: return tile_dot_precision_of(dot) == TILE_DOT_TF32 ? 8 : 0;
  default: return 0;
  }
}

bool tgpu_wgmma_n_ok(const ir_type *elem, int64_t n) {
  if (n < 8 || n > 256 || n % 8) return false;
  return !ir_type_is_int(elem) || n <= 32 || n % 16 == 0; /* ptxas: no m64n40k32 for s8 */
}

bool tgpu_wgmma_is_mn_major(const tgpu_shared_layout *l, unsigned op_idx) { return l->order[0] == (op_idx ? 1u : 0u); }

static bool fail(ir_op *op, const char *msg) {
  ir_emit_error(ir_op_context(op), op->loc, "'tgpu.warp_group_dot' op %s", msg);
  return false;
}

static bool operand_ok(const ir_type *t, unsigned op_idx, int64_t rows, int64_t k, const ir_type *elem) {
  tgpu_memdesc md;
  tgpu_shared_layout want;
  if (!tgpu_memdesc_get(t, &md) || md.rank != 2 || md.num_buffers != 1 || md.elem != elem) return false;
  if (md.shape[op_idx ? 1 : 0] != rows || md.shape[op_idx ? 0 : 1] != k) return false;
  unsigned eb = ir_type_byte_size(elem);
  if (!tgpu_wgmma_smem_layout(eb, op_idx, md.shape, md.layout.order[0], &want)) return false;
  return tgpu_shared_equal(&md.layout, &want);
}

/* A in registers: a 2-D [M, K] tensor of 16-bit floats in tgpu_wgmma_a_reg_layout of the
 * accumulator's layout. */
static const char *reg_operand_check(ir_op *op, const ir_type *a, const ir_type *c) {
  const ir_type *e = ir_type_scalar(a);
  if (a->rank != 2 || a->shape[0] != c->shape[0])
    return "operand #0 in registers must be a 2-D tensor [M, K] with the accumulator's M";
  if (!ir_type_is_float(e) || (e->fkind != IR_F16 && e->fkind != IR_BF16))
    return "operand #0 in registers must be f16 or bf16 (other types read A from shared memory)";
  if (a->encoding != tgpu_wgmma_a_reg_layout(ir_op_context(op), c->encoding))
    return "operand #0 in registers must have the layout #tgpu.dot_op<{opIdx = 0, parent = <the accumulator's "
           "layout>, kWidth = 2}>";
  return NULL;
}

bool tgpu_verify_warp_group_dot(ir_op *op) {
  const ir_type *c = ir_op_operand(op, 2)->type, *at = ir_op_operand(op, 0)->type;
  tgpu_mma m;
  if (!ir_type_is_tensor(c) || c->rank != 2 || !tgpu_mma_get(c->encoding, &m) || m.version != 3)
    return fail(op, "the accumulator must be a 2-D tensor in a version 3 #tgpu.mma layout");
  if (ir_op_result(op, 0)->type != c) return fail(op, "the result must have the accumulator's type");
  tgpu_memdesc a;
  bool in_regs = ir_type_is_tensor(at);
  if (in_regs) {
    const char *msg = reg_operand_check(op, at, c);
    if (msg) return fail(op, msg);
  } else if (!tgpu_memdesc_get(at, &a) || a.rank != 2)
    return fail(op, "operand #0 must be a 2-D !tgpu.memdesc or a tensor in registers");
  const ir_type *elem = in_regs ? ir_type_scalar(at) : a.elem;
  int64_t M = c->shape[0], N = c->shape[1], K = in_regs ? at->shape[1] : a.shape[1];
  if ((!in_regs && !operand_ok(at, 0, M, K, elem)) || !operand_ok(ir_op_operand(op, 1)->type, 1, N, K, elem))
    return fail(op, "operands must be memdescs [M, K] and [K, N] of one element type in a wgmma layout: "
                    "K-contiguous rows of 32, 64 or 128 bytes, or (16-bit elements) M- or N-contiguous in the "
                    "widest swizzle dividing the rows, in slabs when wider");
  unsigned kstep = tgpu_wgmma_k_step(op, elem);
  if (!kstep)
    return fail(op, "supports f16, bf16, fp8 (e4m3, e5m2) and f32 with input_precision = \"tf32\" operands with an "
                    "f32 accumulator, and i8 operands with an i32 accumulator");
  if (M % 64 || !tgpu_wgmma_n_ok(elem, N) || K % kstep)
    return fail(op, "needs M % 64 == 0, N a multiple of 8 up to 256 (i8: 8, 16, 24, 32 or a multiple of 16), K a "
                    "multiple of 16 (32 for fp8 and i8, 8 for tf32)");
  return true;
}

bool tgpu_verify_warp_group_dot_wait(ir_op *op) {
  tgpu_mma m;
  const char *msg = NULL;
  if (op->nresults != op->noperands) msg = "needs one result per operand";
  for (unsigned i = 0; !msg && i < op->noperands; i++) {
    const ir_type *c = ir_op_operand(op, i)->type;
    if (!ir_type_is_tensor(c) || !tgpu_mma_get(c->encoding, &m) || m.version != 3)
      msg = "operand must be a tensor in a version 3 #tgpu.mma layout (a warp_group_dot's accumulator)";
    else if (ir_op_result(op, i)->type != c)
      msg = "the result must have the operand's type";
  }
  if (!msg) {
    const ir_attr *p = ir_op_get_attr(op, "pending");
    if (!p || p->kind != IR_ATTR_INT || p->ival < 0 || p->ival > 7) msg = "needs pending (i32) in [0, 7]";
  }
  if (!msg) return true;
  ir_emit_error(ir_op_context(op), op->loc, "'tgpu.warp_group_dot_wait' op %s", msg);
  return false;
}
