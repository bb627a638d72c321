/* Linear layouts of the tensor-core encodings (tgpu.h describes them; docs/layouts.md draws
 * them). Facts from the PTX ISA's mma.sync m16n8k{8,16,32} fragment tables; with g = lane/4
 * and t = lane%4:
 *   accumulator  c0,c1: (g, 2t + {0,1});  c2,c3: (g + 8, 2t + {0,1})
 *   A [M, K]     register j holds kw elements (kw = kWidth = 32 bits / element bits):
 *                row g (+8 when j is odd), columns kw*t .. kw*t + kw-1 (+4kw when j >= 2)
 *   B [K, N]     register j: column g, rows kw*t .. kw*t + kw-1 (+4kw when j = 1)
 * so every input bit of these fragments is one coordinate bit. Warps tile N, then M, then
 * the batch (an operand ignores the warps of the dim it lacks: a zero basis vector, the
 * warps along N share A); what the warps do not cover repeats in registers. */
#include <string.h>

#include "Dialect/TileGPU/linear_layout_internal.h"

static unsigned log2u(unsigned v) {
  unsigned b = 0;
  while (v >>= 1) b++;
  return b;
}

typedef struct builder {
  tgpu_ll_layout *l;
  uint8_t *reg_dim;
  const char *err;
} builder;

/* Appends coordinate bit `bit` of dim d (reg: as a register bit walking d). */
static void push(builder *b, unsigned d, unsigned bit, bool reg) {
  if (!b->err) b->err = tgpu_ll_push_bit(b->l, tgpu_ll_coord_bit(b->l, d, bit), reg ? b->reg_dim : NULL, d);
}

static void push_zero(builder *b) {
  if (!b->err) b->err = tgpu_ll_push_bit(b->l, 0, NULL, TGPU_LL_NO_DIM);
}

/* Register bits of dim d from coordinate bit `from` to the dim's top: the repetitions. */
static void push_reps(builder *b, unsigned d, unsigned from) {
  for (unsigned k = from; k < b->l->dim_bits[d]; k++) push(b, d, k, true);
}

/* Which operand: 0 A, 1 B, 2 the accumulator. */
typedef struct mma_dims {
  unsigned rank, dm, dn, wm, wn, wb; /* dims of M and N (in the accumulator), log2 warps */
} mma_dims;

/* The warps: N first, then M, then the batch; `skip` (a dim index or -1) gets zero vectors. */
static void push_warps(builder *b, const mma_dims *m, int skip_m, int skip_n, unsigned dm, unsigned dn) {
  for (unsigned k = 0; k < m->wn; k++) skip_n ? push_zero(b) : push(b, dn, 3 + k, false);
  for (unsigned k = 0; k < m->wm; k++) skip_m ? push_zero(b) : push(b, dm, 4 + k, false);
  for (unsigned k = 0; k < m->wb; k++) push(b, 0, k, false);
  b->l->nwarp = b->l->map.nin - b->l->nreg - b->l->nlane;
}

static const char *mma_setup(const ir_attr *enc, unsigned rank, const int64_t *shape, tgpu_ll_layout *out,
                             mma_dims *m) {
  tgpu_mma mma;
  if (!tgpu_mma_get(enc, &mma) || mma.rank != rank) return "malformed #tgpu.mma layout";
  memset(out, 0, sizeof *out);
  m->rank = rank;
  m->dm = rank - 2;
  m->dn = rank - 1;
  m->wm = log2u(mma.warps_per_cta[rank - 2]);
  m->wn = log2u(mma.warps_per_cta[rank - 1]);
  m->wb = rank == 3 ? log2u(mma.warps_per_cta[0]) : 0;
  return tgpu_ll_set_shape(out, rank, shape);
}

const char *tgpu_ll_from_mma(const ir_attr *enc, unsigned rank, const int64_t *shape, tgpu_ll_layout *out,
                             uint8_t *reg_dim) {
  mma_dims m;
  const char *err = mma_setup(enc, rank, shape, out, &m);
  if (err) return err;
  builder b = {out, reg_dim, NULL};
  push(&b, m.dn, 0, true);
  push(&b, m.dm, 3, true);
  push_reps(&b, m.dn, 3 + m.wn);
  push_reps(&b, m.dm, 4 + m.wm);
  if (rank == 3) push_reps(&b, 0, m.wb);
  out->nreg = out->map.nin;
  push(&b, m.dn, 1, false);
  push(&b, m.dn, 2, false);
  for (unsigned k = 0; k < 3; k++) push(&b, m.dm, k, false);
  out->nlane = 5;
  push_warps(&b, &m, 0, 0, m.dm, m.dn);
  return b.err;
}

/* An operand of an mma parent: dims (batch, row, k) for A, (batch, k, col) for B. */
static const char *from_mma_operand(const tgpu_dot_op *d, unsigned rank, const int64_t *shape,
                                    tgpu_ll_layout *out, uint8_t *reg_dim) {
  mma_dims m;
  const char *err = mma_setup(d->parent, rank, shape, out, &m);
  if (err) return err;
  builder b = {out, reg_dim, NULL};
  unsigned lg = log2u(d->k_width), dk = d->op_idx ? rank - 2 : rank - 1, dx = d->op_idx ? rank - 1 : rank - 2;
  for (unsigned j = 0; j < lg; j++) push(&b, dk, j, true);
  if (d->op_idx == 0) push(&b, dx, 3, true);
  push(&b, dk, lg + 2, true);
  push_reps(&b, dk, lg + 3);
  push_reps(&b, dx, d->op_idx ? 3 + m.wn : 4 + m.wm);
  if (rank == 3) push_reps(&b, 0, m.wb);
  out->nreg = out->map.nin;
  push(&b, dk, lg, false);
  push(&b, dk, lg + 1, false);
  for (unsigned k = 0; k < 3; k++) push(&b, dx, k, false);
  out->nlane = 5;
  push_warps(&b, &m, d->op_idx == 1, d->op_idx == 0, dx, dx);
  return b.err;
}

/* Maps an output vector of the parent's shape (K's dim of size 1) into the operand's. */
static uint32_t widen(uint32_t v, unsigned kbits, unsigned low_bits) {
  return (v >> low_bits) << (low_bits + kbits) | (v & ((1u << low_bits) - 1));
}

/* An operand of a blocked parent (the FMA dot): the parent's layout on the shape with K's
 * place of size 1, every K element in registers (first), the parent's register bits that
 * do not move (those along the dim the operand lacks) dropped. */
static const char *from_blocked_operand(const tgpu_dot_op *d, unsigned rank, const int64_t *shape,
                                        tgpu_ll_layout *out, uint8_t *reg_dim) {
  unsigned dk = d->op_idx ? rank - 2 : rank - 1;
  int64_t pshape[TGPU_MAX_RANK];
  memcpy(pshape, shape, sizeof(int64_t) * rank);
  pshape[dk] = 1;
  tgpu_ll_layout p;
  uint8_t pdim[TGPU_LL_MAX_BITS];
  const char *err = tgpu_ll_build(d->parent, rank, pshape, &p, pdim);
  if (!err) err = tgpu_ll_set_shape(out, rank, shape);
  if (err) return err;
  unsigned kbits = out->dim_bits[dk], low = d->op_idx ? out->dim_bits[rank - 1] : 0;
  builder b = {out, reg_dim, NULL};
  for (unsigned j = 0; j < kbits; j++) push(&b, dk, j, true);
  for (unsigned i = 0; i < p.nreg && !b.err; i++)
    if (p.map.basis[i]) b.err = tgpu_ll_push_bit(out, widen(p.map.basis[i], kbits, low), reg_dim, pdim[i]);
  out->nreg = out->map.nin;
  for (unsigned i = p.nreg; i < p.map.nin && !b.err; i++)
    b.err = tgpu_ll_push_bit(out, widen(p.map.basis[i], kbits, low), NULL, TGPU_LL_NO_DIM);
  out->nlane = p.nlane;
  out->nwarp = p.nwarp;
  return b.err;
}

const char *tgpu_ll_from_dot_op(const ir_attr *enc, unsigned rank, const int64_t *shape, tgpu_ll_layout *out,
                                uint8_t *reg_dim) {
  tgpu_dot_op d;
  if (!tgpu_dot_op_get(enc, &d) || (rank != 2 && rank != 3)) return "malformed #tgpu.dot_op layout";
  if (tgpu_layout_kind_of(d.parent) == TGPU_LAYOUT_MMA) {
    if (!d.k_width || d.k_width > 4 || (d.k_width & (d.k_width - 1))) return "bad kWidth in #tgpu.dot_op";
    return from_mma_operand(&d, rank, shape, out, reg_dim);
  }
  return from_blocked_operand(&d, rank, shape, out, reg_dim);
}
