/* Conversion routes for tgpu.convert_layout, decided on the linear layouts of the two
 * sides (no LLVM here; lib/Conversion/convert_layout.c emits what the plan says).
 *
 * With S the source and D the destination layout (maps from (reg, lane, warp) bits to
 * element bits) and T = lane and warp bits:
 *   REGISTERS when every D register bit is in the span of S's register bits and D and S
 *     agree on every thread bit: thread t's element of D register i is then S register
 *     P(D(i)) of the same thread (P solves over S's register bits).
 *   SHUFFLE when every D register and lane bit, and D's warp bits XOR S's, lie in the span
 *     of S's register and lane bits: the element stays within the warp. The source (reg,
 *     lane) is linear in the dst (reg, lane, warp); the part of the source register that
 *     depends on the thread (select_bits of it, at most TGPU_CONVERT_MAX_SELECT_BITS) is
 *     resolved with one shuffle per candidate and a select.
 *   SHARED otherwise.
 *
 * Bank-conflict rule for SHARED: an access of W bytes per lane (W_eff = max(W, 4)) runs in
 * phases of 128 / W_eff consecutive lanes; a phase is conflict-free when its lanes touch
 * distinct (address / W_eff) mod (128 / W_eff) slots or the same W_eff chunk. The number
 * of wavefronts of an access is the largest number of distinct chunks on one slot. Because
 * addresses are linear in the lane bits, one phase (lanes 0 .. 128/W_eff - 1 of warp 0,
 * first vector) stands for all. The plan tries no swizzle and every XOR swizzle of the
 * element index (bits [r, r+k) into [c, c+k), above the vector bits) and keeps the one with
 * the fewest wavefronts over all stores and loads, vectors as wide as both sides allow. */
#include <string.h>

#include "Dialect/TileGPU/linear_layout.h"

#define MAX_ACCESS_BYTES 16u
#define BANK_LINE_BYTES 128u
#define BANK_WORD_BYTES 4u

const char *tgpu_convert_route_name(tgpu_convert_route r) {
  switch (r) {
  case TGPU_CONVERT_NOOP: return "noop";
  case TGPU_CONVERT_REGISTERS: return "registers";
  case TGPU_CONVERT_SHUFFLE: return "shuffle";
  case TGPU_CONVERT_SHARED: return "shared";
  }
  return "?";
}

/* ---- register and shuffle routes ------------------------------------------------------ */

static unsigned nin_of(const tgpu_ll_layout *l) { return l->nreg + l->nlane + l->nwarp; }

/* The vector a dst input bit asks for: its own basis vector, XOR the source's for warp
 * bits (or thread bits, for REGISTERS), which the source thread supplies itself. */
static uint32_t wanted(const tgpu_cvt_plan *p, unsigned i, unsigned self_from) {
  uint32_t v = p->dst.map.basis[i];
  if (i >= self_from) v ^= p->src.map.basis[i - p->dst.nreg + p->src.nreg];
  return v;
}

static bool plan_registers(tgpu_cvt_plan *p) {
  tgpu_ll regs = tgpu_ll_layout_restrict(&p->src, 1u);
  for (unsigned i = 0; i < nin_of(&p->dst); i++) {
    uint32_t v = wanted(p, i, p->dst.nreg), x;
    if (i >= p->dst.nreg && v) return false;
    if (!tgpu_ll_solve(&regs, v, &x)) return false;
    p->src_of[i] = x;
  }
  return true;
}

/* The number of independent source-register parts among the thread bits' solutions. */
static unsigned dynamic_reg_rank(const tgpu_cvt_plan *p) {
  tgpu_ll m;
  memset(&m, 0, sizeof m);
  m.nout = p->src.nreg;
  for (unsigned i = p->dst.nreg; i < nin_of(&p->dst); i++)
    m.basis[m.nin++] = p->src_of[i] & ((1u << p->src.nreg) - 1);
  return tgpu_ll_rank(&m);
}

static bool plan_shuffle(tgpu_cvt_plan *p) {
  tgpu_ll rl = tgpu_ll_layout_restrict(&p->src, 3u);
  for (unsigned i = 0; i < nin_of(&p->dst); i++) {
    uint32_t x;
    if (!tgpu_ll_solve(&rl, wanted(p, i, p->dst.nreg + p->dst.nlane), &x)) return false;
    p->src_of[i] = x;
  }
  p->select_bits = dynamic_reg_rank(p);
  return p->select_bits <= TGPU_CONVERT_MAX_SELECT_BITS;
}

/* ---- shared route ------------------------------------------------------------------------ */

/* The widest vector (log2 elements) whose registers are consecutive, aligned elements. */
static unsigned vector_bits(const tgpu_ll_layout *l, unsigned elem_bytes) {
  unsigned a = 0;
  while (a < l->nreg && (elem_bytes << (a + 1)) <= MAX_ACCESS_BYTES &&
         l->map.basis[a] == (1u << a))
    a++;
  for (; a > 0; a--) {
    uint32_t low = (1u << a) - 1;
    bool clean = true;
    for (unsigned i = a; i < l->map.nin; i++) clean = clean && !(l->map.basis[i] & low);
    if (clean) break;
  }
  return a;
}

/* Registers that hold distinct elements (register bits with a zero vector are copies). */
static unsigned unique_regs(const tgpu_ll_layout *l) {
  unsigned n = 1;
  for (unsigned i = 0; i < l->nreg; i++)
    if (l->map.basis[i]) n *= 2;
  return n;
}

static uint32_t swizzle(uint32_t e, unsigned bits, unsigned from, unsigned to) {
  if (!bits) return e;
  return e ^ (((e >> from) & ((1u << bits) - 1)) << to);
}

uint32_t tgpu_convert_swizzle(const tgpu_cvt_plan *p, uint32_t elem) {
  return swizzle(elem, p->swz_bits, p->swz_src, p->swz_dst);
}

uint32_t tgpu_convert_slot(const tgpu_cvt_plan *p, uint32_t elem) {
  uint32_t o = elem;
  if (p->permuted) {
    o = 0;
    for (unsigned k = 0; elem; k++, elem >>= 1)
      if (elem & 1) o ^= p->perm[k];
  }
  return tgpu_convert_swizzle(p, o);
}

/* Wavefronts of one warp access of 2^vbits elements per lane through layout l. */
static unsigned wavefronts(const tgpu_cvt_plan *p, const tgpu_ll_layout *l, unsigned vbits) {
  unsigned w = p->elem_bytes << vbits;
  unsigned weff = w < BANK_WORD_BYTES ? BANK_WORD_BYTES : w;
  unsigned slots = BANK_LINE_BYTES / weff, lanes = 1u << l->nlane;
  uint32_t chunk[32];
  unsigned n = 0, worst = 1;
  for (unsigned x = 0; x < slots && x < lanes; x++) {
    uint32_t byte = tgpu_convert_slot(p, tgpu_ll_layout_apply(l, 0, x, 0)) * p->elem_bytes;
    uint32_t c = byte / weff, same_slot = 1;
    bool seen = false;
    for (unsigned k = 0; k < n; k++) {
      seen = seen || chunk[k] == c;
      if (chunk[k] != c && chunk[k] % slots == c % slots) same_slot++;
    }
    if (seen) continue;
    chunk[n++] = c;
    if (same_slot > worst) worst = same_slot;
  }
  return worst;
}

/* Total wavefronts of all stores and loads under the plan's current swizzle. */
static unsigned shared_cost(tgpu_cvt_plan *p, unsigned sbits, unsigned lbits) {
  p->store_wavefronts = wavefronts(p, &p->src, sbits);
  p->load_wavefronts = wavefronts(p, &p->dst, lbits);
  return (unique_regs(&p->src) >> sbits) * p->store_wavefronts +
         (unique_regs(&p->dst) >> lbits) * p->load_wavefronts;
}

static void try_swizzle(tgpu_cvt_plan *p, unsigned sbits, unsigned lbits, unsigned k,
                        unsigned r, unsigned c, unsigned *best) {
  tgpu_cvt_plan t = *p;
  t.swz_bits = k;
  t.swz_src = r;
  t.swz_dst = c;
  unsigned cost = shared_cost(&t, sbits, lbits);
  if (cost >= *best) return;
  *best = cost;
  *p = t;
}

static void plan_shared(tgpu_cvt_plan *p) {
  unsigned sbits = vector_bits(&p->src, p->elem_bytes);
  unsigned lbits = vector_bits(&p->dst, p->elem_bytes);
  unsigned n = p->src.map.nout, lo = sbits > lbits ? sbits : lbits;
  p->store_vec = 1u << sbits;
  p->load_vec = 1u << lbits;
  p->scratch_bytes = (1u << n) * p->elem_bytes;
  p->swz_bits = 0;
  unsigned best = shared_cost(p, sbits, lbits);
  tgpu_cvt_plan keep = *p;
  for (unsigned c = lo; c < n; c++)
    for (unsigned k = 1; k <= 5 && c + k <= n; k++)
      for (unsigned r = c + k; r + k <= n; r++) try_swizzle(&keep, sbits, lbits, k, r, c, &best);
  *p = keep;
}

/* ---- permuted scratch: 16-byte stores, ldmatrix loads ---------------------------------------
 * A 16-bit source whose registers hold elements in pairs (an mma accumulator truncated to
 * f16) stores only 4 bytes at a time into a row-major scratch when the destination wants
 * 8 consecutive elements per thread. The scratch order is free, though: let the chunk of
 * 16 bytes hold the elements of destination register bit 0 and lane bits 0 and 1, which
 * is exactly what one ldmatrix row gives 4 lanes (lane t: the word 2(t%4)); when those are
 * also three source register bits, each source thread writes whole chunks. Slot bits 0-2
 * are those three elements; above them the destination's lane bits 2-4 (the 8 rows of a
 * matrix, distinct 16-byte groups: conflict-free reads), then its other bits; an XOR
 * swizzle above bit 3 is chosen for the stores' banks. */

static int reg_with(const tgpu_ll_layout *l, uint32_t v) {
  for (unsigned k = 0; k < l->nreg; k++)
    if (l->map.basis[k] == v) return (int)k;
  return -1;
}

/* Appends v to the basis m when it is new (non-zero and independent). */
static void add_basis(tgpu_ll *m, uint32_t v) {
  uint32_t x;
  if (v && !(m->nin && tgpu_ll_solve(m, v, &x))) m->basis[m->nin++] = v;
}

/* Whether every basis vector of l but those of registers a0..a2 has a slot above bit 2. */
static bool chunk_aligned(const tgpu_cvt_plan *p, const tgpu_ll_layout *l, const int *keep) {
  for (unsigned i = 0; i < l->map.nin; i++) {
    if ((int)i == keep[0] || (int)i == keep[1] || (int)i == keep[2]) continue;
    if (tgpu_convert_slot(p, l->map.basis[i]) & 7u) return false;
  }
  return true;
}

/* Wavefronts of one ldmatrix phase: the 8 rows (destination lane bits 2-4) of a matrix. */
static unsigned ldmatrix_row_wavefronts(const tgpu_cvt_plan *p) {
  unsigned count[8] = {0}, worst = 1;
  uint32_t seen[8];
  unsigned n = 0;
  for (uint32_t r = 0; r < 8; r++) {
    uint32_t chunk = tgpu_convert_slot(p, tgpu_ll_layout_apply(&p->dst, 0, r << 2, 0)) >> 3;
    bool dup = false;
    for (unsigned k = 0; k < n; k++) dup = dup || seen[k] == chunk;
    if (dup) continue;
    seen[n++] = chunk;
    if (++count[chunk % 8] > worst) worst = count[chunk % 8];
  }
  return worst;
}

static unsigned permuted_cost(tgpu_cvt_plan *p) {
  p->store_wavefronts = wavefronts(p, &p->src, 3);
  p->load_wavefronts = ldmatrix_row_wavefronts(p);
  return (unique_regs(&p->src) >> 3) * p->store_wavefronts +
         (unique_regs(&p->dst) >> 3) * p->load_wavefronts;
}

static bool plan_permuted(tgpu_cvt_plan *p) {
  const tgpu_ll_layout *s = &p->src, *d = &p->dst;
  if (p->elem_bytes != 2 || d->nreg < 1 || d->nlane < 5 || !unique_regs(d)) return false;
  uint32_t e[3] = {d->map.basis[0], tgpu_ll_layout_basis(d, 1, 0), tgpu_ll_layout_basis(d, 1, 1)};
  int a[3];
  for (unsigned k = 0; k < 3; k++)
    if (!e[k] || (a[k] = reg_with(s, e[k])) < 0) return false;
  if (a[0] == a[1] || a[0] == a[2] || a[1] == a[2]) return false;
  tgpu_ll m;
  memset(&m, 0, sizeof m);
  m.nout = d->map.nout;
  for (unsigned k = 0; k < 3; k++) add_basis(&m, e[k]);
  if (m.nin != 3) return false;
  for (unsigned k = 2; k < d->nlane; k++) add_basis(&m, tgpu_ll_layout_basis(d, 1, k));
  for (unsigned k = 1; k < d->nreg; k++) add_basis(&m, d->map.basis[k]);
  for (unsigned k = 0; k < d->nwarp; k++) add_basis(&m, tgpu_ll_layout_basis(d, 2, k));
  if (m.nin != m.nout) return false;
  tgpu_cvt_plan t = *p;
  t.permuted = true;
  t.swz_bits = 0;
  for (unsigned k = 0; k < m.nout; k++)
    if (!tgpu_ll_solve(&m, 1u << k, &t.perm[k])) return false;
  const int dkeep[3] = {0, (int)d->nreg, (int)d->nreg + 1};
  if (!chunk_aligned(&t, s, a) || !chunk_aligned(&t, d, dkeep)) return false;
  for (unsigned k = 0; k < 3; k++) t.store_bits[k] = (unsigned)a[k];
  t.store_vec = 8;
  t.load_vec = 2;
  t.ldmatrix = 3;
  unsigned best = permuted_cost(&t), n = m.nout;
  tgpu_cvt_plan keep = t;
  for (unsigned c = 3; c < n; c++)
    for (unsigned k = 1; k <= 3 && c + k <= n; k++)
      for (unsigned r = c + k; r + k <= n; r++) {
        tgpu_cvt_plan u = t;
        u.swz_bits = k, u.swz_src = r, u.swz_dst = c;
        unsigned cost = permuted_cost(&u);
        if (cost < best) best = cost, keep = u;
      }
  unsigned old = (unique_regs(s) / p->store_vec) * p->store_wavefronts +
                 (unique_regs(d) / p->load_vec) * p->load_wavefronts;
  if (best >= old) return false;
  *p = keep;
  return true;
}

/* ---- ldmatrix ---------------------------------------------------------------------------- */

bool tgpu_ldmatrix_operand(const ir_attr *dst, unsigned rank, unsigned elem_bytes, unsigned *out_dim) {
  tgpu_dot_op d;
  if (!tgpu_dot_op_get(dst, &d) || tgpu_layout_kind_of(d.parent) != TGPU_LAYOUT_MMA || d.k_width * elem_bytes != 4)
    return false;
  /* 16-bit operands: A plain, B .trans. 8-bit: A only (ldmatrix's .trans moves 16-bit
   * elements, so an 8-bit B along its rows cannot be transposed by it). */
  if (elem_bytes != 2 && (elem_bytes != 1 || d.op_idx != 0)) return false;
  *out_dim = d.op_idx ? rank - 2 : rank - 1; /* the K dim */
  return true;
}

static unsigned log2_of(unsigned v) {
  unsigned b = 0;
  while (v >>= 1) b++;
  return b;
}

/* The scratch is the tensor in row-major order. An 8x8 matrix is 8 rows of 16 bytes (one
 * 8-element chunk each) at a row stride of C elements (C = the last dim): its rows must
 * fall on distinct 16-byte bank groups. The chunk index is XORed with the row's phase,
 * (row / perPhase) % maxPhase, with maxPhase = min(8, C / 8) chunks and perPhase = 8 /
 * maxPhase rows sharing one 128-byte line, the classic swizzle for ldmatrix. (A chunk is 8
 * 16-bit or 16 8-bit elements.) */
static bool swizzle_for_ldmatrix(tgpu_cvt_plan *p, unsigned pair_dim) {
  const tgpu_ll_layout *d = &p->dst;
  unsigned rank = d->rank, cbits = d->dim_bits[rank - 1], chunk = 16 / p->elem_bytes;
  int64_t shape[TGPU_MAX_RANK];
  for (unsigned k = 0; k < rank; k++) shape[k] = (int64_t)1 << d->dim_bits[k];
  tgpu_shared_layout sl;
  if (d->dim_bits[rank - 2] < 3 || p->store_vec > chunk || !tgpu_ldmatrix_shared_layout(rank, shape, p->elem_bytes, &sl))
    return false;
  tgpu_cvt_plan_set_swizzle(p, &sl, cbits);
  p->ldmatrix = pair_dim == rank - 1 ? 1 : 2;
  p->load_vec = 4 / p->elem_bytes;
  p->store_wavefronts = wavefronts(p, &p->src, log2_of(p->store_vec));
  p->load_wavefronts = 1;
  return true;
}

void tgpu_cvt_plan_set_swizzle(tgpu_cvt_plan *p, const tgpu_shared_layout *sl, unsigned cbits) {
  p->swz_bits = log2_of(sl->max_phase);
  p->swz_src = cbits + log2_of(sl->per_phase);
  p->swz_dst = log2_of(sl->vec);
}

bool tgpu_ldmatrix_shared_layout(unsigned rank, const int64_t *shape, unsigned elem_bytes, tgpu_shared_layout *out) {
  if (rank < 2 || rank > TGPU_MAX_RANK || !elem_bytes || elem_bytes > 16) return false;
  int64_t row = shape[rank - 1] * (int64_t)elem_bytes;
  if (row < 16 || (row & (row - 1)) || (shape[rank - 2] & (shape[rank - 2] - 1))) return false;
  unsigned chunks = (unsigned)(row / 16);
  *out = tgpu_shared_unswizzled(rank);
  out->vec = 16 / elem_bytes;
  out->max_phase = chunks >= 8 ? 8 : chunks;
  out->per_phase = 8 / out->max_phase;
  return true;
}

/* ---- entry points ---------------------------------------------------------------------- */

const char *tgpu_convert_plan(const ir_attr *src, const ir_attr *dst, unsigned rank,
                              const int64_t *shape, unsigned elem_bytes, unsigned num_warps,
                              tgpu_cvt_plan *out) {
  unsigned pair_dim;
  memset(out, 0, sizeof *out);
  out->elem_bytes = elem_bytes ? elem_bytes : 1;
  const char *err = tgpu_ll_from_encoding(src, rank, shape, &out->src);
  if (!err) err = tgpu_ll_from_encoding(dst, rank, shape, &out->dst);
  if (err) return err;
  if ((1u << out->src.nwarp) != num_warps || (1u << out->dst.nwarp) != num_warps)
    return "layout warps do not match num_warps";
  if (out->src.nlane != out->dst.nlane) return "layouts disagree on the warp size";
  if (tgpu_ll_layout_equal(&out->src, &out->dst)) out->route = TGPU_CONVERT_NOOP;
  else if (plan_registers(out)) out->route = TGPU_CONVERT_REGISTERS;
  else if (plan_shuffle(out)) out->route = TGPU_CONVERT_SHUFFLE;
  else {
    memset(out->src_of, 0, sizeof out->src_of);
    out->select_bits = 0;
    out->route = TGPU_CONVERT_SHARED;
    plan_shared(out);
    if (tgpu_ldmatrix_operand(dst, rank, out->elem_bytes, &pair_dim)) {
      tgpu_cvt_plan t = *out;
      if (swizzle_for_ldmatrix(&t, pair_dim)) *out = t;
    } else {
      (void)plan_permuted(out);
    }
  }
  return NULL;
}

unsigned tgpu_convert_scratch_bytes(const ir_attr *src, const ir_attr *dst, unsigned rank,
                                    const int64_t *shape, unsigned elem_bytes,
                                    unsigned num_warps) {
  tgpu_cvt_plan p;
  if (tgpu_convert_plan(src, dst, rank, shape, elem_bytes, num_warps, &p)) return 0;
  return p.route == TGPU_CONVERT_SHARED ? p.scratch_bytes : 0;
}
