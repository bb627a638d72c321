/* Unit tests of linear layouts (lib/Dialect/TileGPU/linear_layout.h) and conversion plans:
 * blocked and slice maps against a brute-force copy of the former lowering's coordinate
 * arithmetic for many shapes and warp counts, map algebra identities, replication,
 * equality of layouts written differently, and every conversion route checked element by
 * element. Prints one line per failed check and a summary that test/Dialect/
 * linear-layout-unit.test reads. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit_test.h"
#include "Dialect/Tile/tile.h"
#include "Dialect/TileGPU/linear_layout.h"
#include "Dialect/TileGPU/tgpu.h"
#include "Dialect/TileGPU/tgpu_types.h"
#include "IR/ir.h"



/* ---- a deterministic generator of layouts ---------------------------------------------- */

static uint32_t g_seed = 12345u;
static uint32_t rnd(uint32_t n) {
  g_seed = g_seed * 1103515245u + 12345u;
  return (g_seed >> 8) % n;
}

/* Splits 2^bits over rank dims at random (powers of two). */
static void split_pow2(unsigned bits, unsigned rank, unsigned *out) {
  for (unsigned d = 0; d < rank; d++) out[d] = 1;
  for (unsigned i = 0; i < bits; i++) out[rnd(rank)] *= 2;
}

static tgpu_blocked random_blocked(unsigned rank, unsigned num_warps) {
  tgpu_blocked b;
  memset(&b, 0, sizeof b);
  b.rank = rank;
  unsigned wbits = 0;
  while ((1u << wbits) < num_warps) wbits++;
  split_pow2(5, rank, b.threads_per_warp);
  split_pow2(wbits, rank, b.warps_per_cta);
  for (unsigned d = 0; d < rank; d++) {
    b.size_per_thread[d] = 1u << rnd(3);
    b.order[d] = d;
  }
  for (unsigned d = rank; d-- > 1;) {
    unsigned j = rnd(d + 1), t = b.order[d];
    b.order[d] = b.order[j];
    b.order[j] = t;
  }
  return b;
}

static void random_shape(unsigned rank, int64_t *shape) {
  for (unsigned d = 0; d < rank; d++) shape[d] = (int64_t)1 << rnd(rank == 1 ? 11 : rank == 2 ? 8 : 6);
}

/* ---- the former lowering's arithmetic (lib/Conversion/layout.c before linear layouts) -- */

typedef struct ref_layout {
  unsigned rank, nregs;
  int64_t shape[TGPU_MAX_RANK];
  int64_t stat[4096][TGPU_MAX_RANK];    /* unreduced static coordinates */
  tgpu_blocked root;
  unsigned root_dim[TGPU_MAX_RANK];
} ref_layout;

static int64_t ref_tile(const tgpu_blocked *b, unsigned d) {
  return (int64_t)b->size_per_thread[d] * b->threads_per_warp[d] * b->warps_per_cta[d];
}

static int64_t ref_regs_along(const tgpu_blocked *b, unsigned d, int64_t size) {
  int64_t chunks = size / ref_tile(b, d);
  return (int64_t)b->size_per_thread[d] * (chunks > 1 ? chunks : 1);
}

static bool ref_blocked(const tgpu_blocked *b, const int64_t *shape, ref_layout *out) {
  int64_t n = 1;
  for (unsigned d = 0; d < b->rank; d++) n *= ref_regs_along(b, d, shape[d]);
  if (n > 4096) return false;
  out->rank = b->rank;
  out->nregs = (unsigned)n;
  out->root = *b;
  for (unsigned d = 0; d < b->rank; d++) {
    out->shape[d] = shape[d];
    out->root_dim[d] = d;
  }
  for (int64_t r = 0; r < n; r++) {
    int64_t rem = r;
    for (unsigned j = 0; j < b->rank; j++) {
      unsigned d = b->order[j];
      int64_t regs = ref_regs_along(b, d, shape[d]), k = rem % regs;
      rem /= regs;
      out->stat[r][d] = (k / b->size_per_thread[d]) * ref_tile(b, d) + k % b->size_per_thread[d];
    }
  }
  return true;
}

/* Slice of a reference layout: registers with static coordinate 0 along dim kept. */
static void ref_slice(const ref_layout *p, unsigned dim, ref_layout *out) {
  out->rank = p->rank - 1;
  out->root = p->root;
  for (unsigned d = 0, s = 0; d < p->rank; d++) {
    if (d == dim) continue;
    out->shape[s] = p->shape[d];
    out->root_dim[s++] = p->root_dim[d];
  }
  unsigned n = 0;
  for (unsigned r = 0; r < p->nregs; r++) {
    if (p->stat[r][dim] != 0) continue;
    for (unsigned d = 0, s = 0; d < p->rank; d++)
      if (d != dim) out->stat[n][s++] = p->stat[r][d];
    n++;
  }
  out->nregs = n;
}

static int64_t ref_split(unsigned flat, const unsigned *per_dim, const tgpu_blocked *b, unsigned rd) {
  int64_t stride = 1;
  for (unsigned j = 0; j < b->rank; j++) {
    unsigned d = b->order[j];
    if (d == rd) return (flat / stride) % per_dim[d];
    stride *= per_dim[d];
  }
  return 0;
}

static int64_t ref_coord(const ref_layout *l, unsigned reg, unsigned lane, unsigned warp, unsigned dim) {
  const tgpu_blocked *b = &l->root;
  unsigned rd = l->root_dim[dim];
  int64_t spt = b->size_per_thread[rd], tpw = b->threads_per_warp[rd];
  int64_t base = ref_split(lane, b->threads_per_warp, b, rd) * spt +
                 ref_split(warp, b->warps_per_cta, b, rd) * spt * tpw;
  int64_t c = base + l->stat[reg][dim];
  return l->shape[dim] < ref_tile(b, rd) ? c % l->shape[dim] : c;
}

/* Every (reg, lane, warp) of the linear layout against the reference. */
static bool same_as_ref(const tgpu_ll_layout *ll, const ref_layout *ref, unsigned num_warps) {
  CHECK(ll->nlane == 5 && (1u << ll->nwarp) == num_warps);
  CHECK((1u << ll->nreg) == ref->nregs);
  CHECK(ll->rank == ref->rank);
  int64_t c[TGPU_MAX_RANK];
  for (unsigned w = 0; w < num_warps; w++)
    for (unsigned lane = 0; lane < 32; lane++)
      for (unsigned r = 0; r < ref->nregs; r++) {
        tgpu_ll_layout_coords(ll, tgpu_ll_layout_apply(ll, r, lane, w), c);
        for (unsigned d = 0; d < ref->rank; d++) CHECK(c[d] == ref_coord(ref, r, lane, w, d));
      }
  return true;
}

static ir_context *new_ctx(void) {
  ir_context *ctx = ir_context_create();
  tile_register_dialect(ctx);
  tgpu_register_dialect(ctx);
  return ctx;
}

/* ---- tests ------------------------------------------------------------------------------ */

static ref_layout g_ref, g_ref2; /* large: kept out of the stack */

static bool test_blocked_vs_reference(void) {
  ir_context *ctx = new_ctx();
  unsigned checked = 0;
  for (unsigned iter = 0; iter < 600; iter++) {
    unsigned rank = 1 + rnd(3), num_warps = 1u << rnd(4);
    tgpu_blocked b = random_blocked(rank, num_warps);
    int64_t shape[TGPU_MAX_RANK];
    random_shape(rank, shape);
    if (!ref_blocked(&b, shape, &g_ref)) continue;
    tgpu_ll_layout ll;
    const char *err = tgpu_ll_from_encoding(tgpu_blocked_attr(ctx, &b), rank, shape, &ll);
    CHECK(err == NULL);
    if (!same_as_ref(&ll, &g_ref, num_warps)) return false;
    checked++;
  }
  CHECK(checked > 400);
  ir_context_destroy(ctx);
  return true;
}

static bool test_slice_vs_reference(void) {
  ir_context *ctx = new_ctx();
  unsigned checked = 0;
  for (unsigned iter = 0; iter < 600; iter++) {
    unsigned rank = 2 + rnd(2), num_warps = 1u << rnd(4), dim = rnd(rank);
    tgpu_blocked b = random_blocked(rank, num_warps);
    int64_t shape[TGPU_MAX_RANK], sshape[TGPU_MAX_RANK];
    random_shape(rank, shape);
    shape[dim] = 1;
    if (!ref_blocked(&b, shape, &g_ref)) continue;
    ref_slice(&g_ref, dim, &g_ref2);
    for (unsigned d = 0, s = 0; d < rank; d++)
      if (d != dim) sshape[s++] = shape[d];
    const ir_attr *enc = tgpu_slice_attr(ctx, dim, tgpu_blocked_attr(ctx, &b));
    tgpu_ll_layout ll;
    CHECK(tgpu_ll_from_encoding(enc, rank - 1, sshape, &ll) == NULL);
    if (!same_as_ref(&ll, &g_ref2, num_warps)) return false;
    if (rank == 3) { /* a slice of a slice */
      unsigned dim2 = rnd(2);
      ref_slice(&g_ref2, dim2, &g_ref);
      int64_t s2[TGPU_MAX_RANK];
      for (unsigned d = 0, s = 0; d < 2; d++)
        if (d != dim2) s2[s++] = sshape[d];
      CHECK(tgpu_ll_from_encoding(tgpu_slice_attr(ctx, dim2, enc), 1, s2, &ll) == NULL);
      if (!same_as_ref(&ll, &g_ref, num_warps)) return false;
    }
    checked++;
  }
  CHECK(checked > 300);
  ir_context_destroy(ctx);
  return true;
}

static tgpu_ll random_map(unsigned nin, unsigned nout) {
  tgpu_ll m;
  memset(&m, 0, sizeof m);
  m.nin = nin;
  m.nout = nout;
  for (unsigned i = 0; i < nin; i++) m.basis[i] = rnd(1u << nout);
  return m;
}

static bool test_algebra(void) {
  for (unsigned iter = 0; iter < 300; iter++) {
    unsigned a = 1 + rnd(10), b = 1 + rnd(10), c = 1 + rnd(10);
    tgpu_ll f = random_map(a, b), g = random_map(b, c), h = random_map(c, 1 + rnd(10));
    tgpu_ll gf = tgpu_ll_compose(&g, &f), hg = tgpu_ll_compose(&h, &g);
    tgpu_ll h_gf = tgpu_ll_compose(&h, &gf), hg_f = tgpu_ll_compose(&hg, &f);
    CHECK(tgpu_ll_equal(&h_gf, &hg_f)); /* associativity */
    for (uint32_t x = 0; x < (1u << a); x++)
      CHECK(tgpu_ll_apply(&gf, x) == tgpu_ll_apply(&g, tgpu_ll_apply(&f, x)));
    /* solve and the pseudo-inverse */
    uint32_t y = rnd(1u << b), x;
    bool in_image = false;
    for (uint32_t t = 0; t < (1u << a); t++) in_image = in_image || tgpu_ll_apply(&f, t) == y;
    CHECK(tgpu_ll_solve(&f, y, &x) == in_image);
    if (in_image) CHECK(tgpu_ll_apply(&f, x) == y);
    tgpu_ll r;
    CHECK(tgpu_ll_pseudo_inverse(&f, &r) == tgpu_ll_is_surjective(&f));
    if (!tgpu_ll_is_surjective(&f)) continue;
    tgpu_ll fr = tgpu_ll_compose(&f, &r);
    for (uint32_t v = 0; v < (1u << b); v++) CHECK(tgpu_ll_apply(&fr, v) == v);
    if (!tgpu_ll_is_injective(&f)) continue;
    tgpu_ll rf = tgpu_ll_compose(&r, &f); /* a bijection: both sides */
    for (uint32_t v = 0; v < (1u << a); v++) CHECK(tgpu_ll_apply(&rf, v) == v);
  }
  return true;
}

/* Inverting a layout that replicates nothing gives, for each element, its register, lane
 * and warp. */
static bool test_layout_inverse(void) {
  ir_context *ctx = new_ctx();
  tgpu_blocked b = {2, {2, 4}, {4, 8}, {2, 2}, {1, 0}};
  int64_t shape[2] = {64, 64};
  tgpu_ll_layout ll;
  CHECK(tgpu_ll_from_encoding(tgpu_blocked_attr(ctx, &b), 2, shape, &ll) == NULL);
  CHECK(tgpu_ll_is_surjective(&ll.map) && tgpu_ll_is_injective(&ll.map));
  tgpu_ll inv;
  CHECK(tgpu_ll_pseudo_inverse(&ll.map, &inv));
  for (uint32_t e = 0; e < 64 * 64; e++) {
    uint32_t in = tgpu_ll_apply(&inv, e);
    uint32_t reg = in & ((1u << ll.nreg) - 1), lane = (in >> ll.nreg) & 31, warp = in >> (ll.nreg + 5);
    CHECK(tgpu_ll_layout_apply(&ll, reg, lane, warp) == e);
  }
  ir_context_destroy(ctx);
  return true;
}

static unsigned zero_vectors(const tgpu_ll_layout *l, unsigned which, unsigned n) {
  unsigned z = 0;
  for (unsigned k = 0; k < n; k++) z += tgpu_ll_layout_basis(l, which, k) == 0;
  return z;
}

static bool test_replication(void) {
  ir_context *ctx = new_ctx();
  tgpu_blocked b1 = {1, {1}, {32}, {4}, {0}};
  tgpu_ll_layout ll;
  int64_t s16[1] = {16}, s2[1] = {2}, s64[1] = {64};
  /* 16 elements over 128 threads: lane bit 4 and both warp bits replicate (by 8) */
  CHECK(tgpu_ll_from_encoding(tgpu_blocked_attr(ctx, &b1), 1, s16, &ll) == NULL);
  CHECK(ll.nreg == 0 && zero_vectors(&ll, 1, 5) == 1 && zero_vectors(&ll, 2, 2) == 2);
  CHECK(!tgpu_ll_is_injective(&ll.map) && tgpu_ll_is_surjective(&ll.map));
  /* sizePerThread 4 over a 2-element tensor: 4 registers, 2 of them copies */
  tgpu_blocked b2 = {1, {4}, {32}, {4}, {0}};
  CHECK(tgpu_ll_from_encoding(tgpu_blocked_attr(ctx, &b2), 1, s2, &ll) == NULL);
  CHECK(ll.nreg == 2 && zero_vectors(&ll, 0, 2) == 1 && zero_vectors(&ll, 1, 5) == 5);
  CHECK(tgpu_ll_layout_apply(&ll, 3, 17, 3) == 1 && tgpu_ll_layout_apply(&ll, 2, 5, 1) == 0);
  CHECK(tgpu_elems_per_thread(tgpu_blocked_attr(ctx, &b2), 1, s2) == 2);
  CHECK(tgpu_elems_per_thread(tgpu_blocked_attr(ctx, &b1), 1, s16) == 1);
  /* replication by 2: 64 elements, 32 lanes x 4 warps, sizePerThread 1 */
  CHECK(tgpu_ll_from_encoding(tgpu_blocked_attr(ctx, &b1), 1, s64, &ll) == NULL);
  CHECK(zero_vectors(&ll, 1, 5) == 0 && zero_vectors(&ll, 2, 2) == 1);
  CHECK(tgpu_ll_layout_apply(&ll, 0, 3, 2) == 3); /* warp 2 repeats warp 0 */
  /* a broadcast dim of size 1: its lanes replicate */
  tgpu_blocked b3 = {2, {1, 1}, {4, 8}, {4, 1}, {1, 0}};
  int64_t s1x32[2] = {1, 32};
  CHECK(tgpu_ll_from_encoding(tgpu_blocked_attr(ctx, &b3), 2, s1x32, &ll) == NULL);
  CHECK(ll.nreg == 2 && zero_vectors(&ll, 1, 5) == 2 && zero_vectors(&ll, 2, 2) == 2);
  int64_t c[2];
  tgpu_ll_layout_coords(&ll, tgpu_ll_layout_apply(&ll, 1, 7, 3), c);
  CHECK(c[0] == 0 && c[1] == 7 + 8);
  CHECK(tgpu_elems_per_thread(tgpu_blocked_attr(ctx, &b3), 2, s1x32) == 4);
  ir_context_destroy(ctx);
  return true;
}

static bool test_equality(void) {
  ir_context *ctx = new_ctx();
  /* order does not matter when only one dim has more than one lane, warp and register */
  tgpu_blocked a = {2, {1, 4}, {1, 32}, {1, 4}, {1, 0}}, b = {2, {1, 4}, {1, 32}, {1, 4}, {0, 1}};
  int64_t s[2] = {1, 512}, s2[2] = {4, 512};
  const ir_attr *ea = tgpu_blocked_attr(ctx, &a), *eb = tgpu_blocked_attr(ctx, &b);
  CHECK(ea != eb && tgpu_layout_equal(ea, eb, 2, s, 4));
  /* with 4 rows the order changes the register order: no longer equal */
  CHECK(!tgpu_layout_equal(ea, eb, 2, s2, 4));
  /* 16 columns: threadsPerWarp [2, 16] and [1, 32] both put lanes 0-15 on the columns and
   * replicate lane bit 4 (over the size-1 rows, or past the 16 columns) */
  tgpu_blocked c = {2, {1, 1}, {2, 16}, {4, 1}, {1, 0}}, d = {2, {1, 1}, {1, 32}, {4, 1}, {1, 0}};
  int64_t s3[2] = {1, 16};
  CHECK(tgpu_layout_equal(tgpu_blocked_attr(ctx, &c), tgpu_blocked_attr(ctx, &d), 2, s3, 4));
  /* warps [2, 2] and [4, 1] both replicate every warp bit here */
  tgpu_blocked e = {2, {1, 1}, {2, 16}, {2, 2}, {1, 0}};
  CHECK(tgpu_layout_equal(tgpu_blocked_attr(ctx, &e), tgpu_blocked_attr(ctx, &c), 2, s3, 4));
  /* ... but not on 64 columns, where warp bit 0 walks the columns in e */
  int64_t s4[2] = {1, 64};
  CHECK(!tgpu_layout_equal(tgpu_blocked_attr(ctx, &e), tgpu_blocked_attr(ctx, &c), 2, s4, 4));
  /* two rows: order decides whether lane bit 0 walks the rows or the columns */
  int64_t s5[2] = {2, 16};
  tgpu_blocked g = {2, {1, 1}, {2, 16}, {1, 4}, {1, 0}}, h = {2, {1, 1}, {2, 16}, {1, 4}, {0, 1}};
  CHECK(!tgpu_layout_equal(tgpu_blocked_attr(ctx, &g), tgpu_blocked_attr(ctx, &h), 2, s5, 4));
  /* a slice equals the 1-D blocked layout it describes */
  tgpu_blocked p = {2, {1, 4}, {1, 32}, {1, 4}, {1, 0}}, q = {1, {4}, {32}, {4}, {0}};
  int64_t s6[1] = {512};
  CHECK(tgpu_layout_equal(tgpu_slice_attr(ctx, 0, tgpu_blocked_attr(ctx, &p)), tgpu_blocked_attr(ctx, &q), 1, s6, 4));
  CHECK(!tgpu_layout_equal(tgpu_slice_attr(ctx, 0, tgpu_blocked_attr(ctx, &p)), tgpu_blocked_attr(ctx, &q), 1, s6, 8));
  ir_context_destroy(ctx);
  return true;
}

/* ---- conversion plans, checked element by element -------------------------------------- */

static uint32_t xor_bits(const uint32_t *v, uint32_t x) {
  uint32_t r = 0;
  for (unsigned k = 0; x; k++, x >>= 1)
    if (x & 1) r ^= v[k];
  return r;
}

/* Wavefronts of the worst warp-0 access, simulated lane by lane: each phase of 128/W_eff
 * lanes needs as many wavefronts as the most distinct W_eff chunks on one bank slot. */
static unsigned simulate_wavefronts(const tgpu_cvt_plan *p, const tgpu_ll_layout *l, unsigned vec) {
  unsigned w = vec * p->elem_bytes, weff = w < 4 ? 4 : w, slots = 128 / weff, worst = 1;
  for (uint32_t r = 0; r < (1u << l->nreg); r += vec)
    for (unsigned ph = 0; ph < 32; ph += slots) {
      uint32_t chunk[32];
      for (unsigned x = 0; x < slots; x++)
        chunk[x] = tgpu_convert_slot(p, tgpu_ll_layout_apply(l, r, ph + x, 0)) * p->elem_bytes / weff;
      for (unsigned x = 0; x < slots; x++) {
        unsigned distinct = 0;
        for (unsigned y = 0; y < slots; y++) {
          bool first = chunk[y] % slots == chunk[x] % slots;
          for (unsigned z = 0; z < y && first; z++) first = chunk[z] != chunk[y];
          distinct += first;
        }
        if (distinct > worst) worst = distinct;
      }
    }
  return worst;
}

/* A permuted scratch (16-bit; 16-byte stores, ldmatrix rows): the three store bits and the
 * destination's register bit 0 and lane bits 0 and 1 are slot bits 0-2, every other basis
 * vector of both sides lands above them (chunk-aligned vectors and rows), and the 8 rows
 * of a matrix, destination lane bits 2-4, take the wavefronts the plan says. */
static bool check_permuted(const tgpu_cvt_plan *p) {
  const tgpu_ll_layout *s = &p->src, *d = &p->dst;
  CHECK(p->elem_bytes == 2 && p->store_vec == 8 && p->load_vec == 2 && p->ldmatrix == 3);
  uint32_t keep_s = 0;
  for (unsigned k = 0; k < 3; k++) {
    CHECK(tgpu_convert_slot(p, s->map.basis[p->store_bits[k]]) == 1u << k);
    keep_s |= 1u << p->store_bits[k];
  }
  CHECK(tgpu_convert_slot(p, d->map.basis[0]) == 1);
  CHECK(tgpu_convert_slot(p, tgpu_ll_layout_basis(d, 1, 0)) == 2);
  CHECK(tgpu_convert_slot(p, tgpu_ll_layout_basis(d, 1, 1)) == 4);
  for (unsigned i = 0; i < s->map.nin; i++)
    if (!(i < 32 && keep_s >> i & 1)) CHECK((tgpu_convert_slot(p, s->map.basis[i]) & 7) == 0);
  for (unsigned i = 0; i < d->map.nin; i++)
    if (i != 0 && i != d->nreg && i != d->nreg + 1) CHECK((tgpu_convert_slot(p, d->map.basis[i]) & 7) == 0);
  unsigned count[8] = {0}, worst = 1;
  for (uint32_t r = 0; r < 8; r++) {
    uint32_t c = tgpu_convert_slot(p, tgpu_ll_layout_apply(d, 0, r << 2, 0)) >> 3;
    bool dup = false;
    for (uint32_t q = 0; q < r; q++) dup = dup || tgpu_convert_slot(p, tgpu_ll_layout_apply(d, 0, q << 2, 0)) >> 3 == c;
    if (!dup && ++count[c % 8] > worst) worst = count[c % 8];
  }
  CHECK(worst == p->load_wavefronts);
  return true;
}

static bool check_plan(const tgpu_cvt_plan *p, unsigned num_warps) {
  const tgpu_ll_layout *s = &p->src, *d = &p->dst;
  unsigned nd = 1u << d->nreg, dl = d->nreg, dw = d->nreg + d->nlane;
  for (unsigned w = 0; w < num_warps; w++)
    for (unsigned lane = 0; lane < 32; lane++)
      for (unsigned i = 0; i < nd; i++) {
        uint32_t want = tgpu_ll_layout_apply(d, i, lane, w);
        uint32_t src = xor_bits(p->src_of, i | lane << dl | w << dw);
        uint32_t sreg = src & ((1u << s->nreg) - 1), slane = src >> s->nreg;
        switch (p->route) {
        case TGPU_CONVERT_NOOP: CHECK(tgpu_ll_layout_apply(s, i, lane, w) == want); break;
        case TGPU_CONVERT_REGISTERS: CHECK(slane == 0 && tgpu_ll_layout_apply(s, sreg, lane, w) == want); break;
        case TGPU_CONVERT_SHUFFLE: CHECK(slane < 32 && tgpu_ll_layout_apply(s, sreg, slane, w) == want); break;
        case TGPU_CONVERT_SHARED: break;
        }
      }
  if (p->route != TGPU_CONVERT_SHARED) return true;
  uint32_t n = 1u << s->map.nout;
  CHECK(p->scratch_bytes == n * p->elem_bytes);
  CHECK(p->store_vec * p->elem_bytes <= 16 && p->load_vec * p->elem_bytes <= 16);
  static unsigned char seen[1u << 20];
  memset(seen, 0, n);
  for (uint32_t e = 0; e < n; e++) {
    uint32_t slot = tgpu_convert_slot(p, e);
    CHECK(slot < n && !seen[slot]);
    seen[slot] = 1;
  }
  if (p->permuted) return check_permuted(p);
  CHECK(simulate_wavefronts(p, s, p->store_vec) == p->store_wavefronts);
  CHECK(simulate_wavefronts(p, d, p->load_vec) == p->load_wavefronts);
  for (unsigned k = 0; k < 32 && (1u << k) < p->store_vec; k++) CHECK(s->map.basis[k] == 1u << k);
  for (unsigned k = 0; k < 32 && (1u << k) < p->load_vec; k++) CHECK(d->map.basis[k] == 1u << k);
  return true;
}

static bool test_plans_random(void) {
  ir_context *ctx = new_ctx();
  unsigned routes[4] = {0}, permuted = 0;
  for (unsigned iter = 0; iter < 3000; iter++) {
    unsigned rank = 1 + rnd(2), num_warps = 1u << rnd(3);
    tgpu_blocked a = random_blocked(rank, num_warps), b = random_blocked(rank, num_warps);
    if (rnd(4) == 0) b = a;
    int64_t shape[TGPU_MAX_RANK];
    random_shape(rank, shape);
    tgpu_cvt_plan p;
    const ir_attr *ea = tgpu_blocked_attr(ctx, &a), *eb = tgpu_blocked_attr(ctx, &b);
    CHECK(tgpu_convert_plan(ea, eb, rank, shape, 1u << rnd(4), num_warps, &p) == NULL);
    if (p.src.nreg > 10 || p.dst.nreg > 10) continue;
    routes[p.route]++;
    permuted += p.permuted;
    if (!check_plan(&p, num_warps)) return false;
    CHECK((p.route == TGPU_CONVERT_NOOP) == tgpu_layout_equal(ea, eb, rank, shape, num_warps));
  }
  printf("routes: noop %u, registers %u, shuffle %u, shared %u (permuted scratch %u)\n", routes[0],
         routes[1], routes[2], routes[3], permuted);
  for (unsigned r = 0; r < 4; r++) CHECK(routes[r] > 10);
  CHECK(permuted > 0);
  ir_context_destroy(ctx);
  return true;
}

static tgpu_convert_route route_of(ir_context *ctx, tgpu_blocked a, tgpu_blocked b, unsigned rank,
                                   const int64_t *shape, unsigned bytes, unsigned warps,
                                   tgpu_cvt_plan *p) {
  if (tgpu_convert_plan(tgpu_blocked_attr(ctx, &a), tgpu_blocked_attr(ctx, &b), rank, shape, bytes, warps, p))
    return (tgpu_convert_route)-1;
  return p->route;
}

/* The routes and access plans of the conversions docs/layouts.md and the Conversion tests
 * use. */
static bool test_plans_known(void) {
  ir_context *ctx = new_ctx();
  tgpu_cvt_plan p;
  int64_t s512[1] = {512}, s2x256[2] = {2, 256}, s8x16[2] = {8, 16}, s32x32[2] = {32, 32};
  tgpu_blocked v4 = {1, {4}, {32}, {4}, {0}}, v1 = {1, {1}, {32}, {4}, {0}};
  CHECK(route_of(ctx, v4, v4, 1, s512, 4, 4, &p) == TGPU_CONVERT_NOOP);
  CHECK(route_of(ctx, v4, v1, 1, s512, 4, 4, &p) == TGPU_CONVERT_SHARED);
  CHECK(p.store_vec == 4 && p.load_vec == 1 && p.scratch_bytes == 2048);
  CHECK(p.store_wavefronts == 1 && p.load_wavefronts == 1);
  tgpu_blocked r10 = {2, {2, 2}, {1, 32}, {1, 4}, {1, 0}}, r01 = {2, {2, 2}, {1, 32}, {1, 4}, {0, 1}};
  CHECK(route_of(ctx, r10, r01, 2, s2x256, 4, 4, &p) == TGPU_CONVERT_REGISTERS);
  CHECK(tgpu_convert_scratch_bytes(tgpu_blocked_attr(ctx, &r10), tgpu_blocked_attr(ctx, &r01), 2, s2x256, 4, 4) == 0);
  tgpu_blocked l10 = {2, {1, 1}, {2, 16}, {4, 1}, {1, 0}}, l01 = {2, {1, 1}, {2, 16}, {4, 1}, {0, 1}};
  CHECK(route_of(ctx, l10, l01, 2, s8x16, 4, 4, &p) == TGPU_CONVERT_SHUFFLE && p.select_bits == 0);
  /* a 32x32 transpose of f32 rows to columns: 16-byte stores, and a swizzle makes the
   * column loads conflict-free */
  tgpu_blocked rows = {2, {1, 4}, {4, 8}, {4, 1}, {1, 0}}, cols = {2, {4, 1}, {8, 4}, {1, 4}, {0, 1}};
  CHECK(route_of(ctx, rows, cols, 2, s32x32, 4, 4, &p) == TGPU_CONVERT_SHARED);
  CHECK(p.store_vec == 4 && p.store_wavefronts == 1 && p.load_wavefronts == 1);
  CHECK(p.swz_bits > 0);
  ir_context_destroy(ctx);
  return true;
}

/* ---- mma layouts against the PTX ISA's fragment tables ------------------------------------
 * For every thread, register group q of the accumulator (4 registers) must be one 16x8 tile
 * with register i at (g + 8 (i / 2), 2t + i % 2); A's group of 4 kw registers one 16 x 8kw
 * tile with slot s = kw j + e at (g + 8 (j % 2), kw t + e + 4 kw (j / 2)); B's group of 2 kw
 * one 8kw x 8 tile with slot s at (kw t + e + 4 kw j, g). g = lane / 4, t = lane % 4; the
 * warp's tile origin is (16 wm, 8 wn) plus whole multiples of the warps' coverage. */
static bool mma_group_ok(const tgpu_ll_layout *l, unsigned which, unsigned kw, unsigned wm_n, unsigned wn_n) {
  unsigned group = which == 2 ? 4 : which == 0 ? 4 * kw : 2 * kw, nregs = 1u << l->nreg;
  for (unsigned warp = 0; warp < (1u << l->nwarp); warp++)
    for (unsigned lane = 0; lane < 32; lane++)
      for (unsigned r0 = 0; r0 < nregs; r0 += group) {
        int64_t base[2], c[2];
        tgpu_ll_layout_coords(l, tgpu_ll_layout_apply(l, r0, lane, warp), base);
        unsigned g = lane / 4, t = lane % 4, wn = warp % wn_n, wm = (warp / wn_n) % wm_n;
        int64_t row0 = base[0] - (which == 1 ? (int64_t)(kw * t) : (int64_t)g);
        int64_t col0 = base[1] - (which == 1 ? (int64_t)g : which == 2 ? 2 * (int64_t)t : (int64_t)(kw * t));
        if (which != 1 && (row0 - 16 * wm) % (16 * wm_n)) return false;
        if (which != 0 && (col0 - 8 * wn) % (8 * wn_n)) return false;
        for (unsigned s = 0; s < group; s++) {
          tgpu_ll_layout_coords(l, tgpu_ll_layout_apply(l, r0 + s, lane, warp), c);
          unsigned e = s % kw, j = s / kw;
          int64_t want_r = which == 2 ? row0 + g + 8 * (s / 2) : which == 0 ? row0 + g + 8 * (j % 2)
                                                                            : row0 + kw * t + e + 4 * kw * j;
          int64_t want_c = which == 2 ? col0 + 2 * t + s % 2 : which == 0 ? col0 + kw * t + e + 4 * kw * (j / 2)
                                                                          : col0 + g;
          if (c[0] != want_r || c[1] != want_c) return false;
        }
      }
  return true;
}

static bool test_mma_vs_ptx(void) {
  ir_context *ctx = new_ctx();
  static const unsigned cases[][5] = {/* M, N, K, wm, wn */
                                      {16, 8, 16, 1, 1},   {64, 64, 32, 2, 2},  {128, 128, 64, 2, 4},
                                      {128, 16, 32, 8, 1}, {32, 256, 16, 1, 4}, {256, 64, 128, 4, 2}};
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const unsigned *cs = cases[i];
    tgpu_mma m = {2, 2, {cs[3], cs[4]}};
    const ir_attr *mma = tgpu_mma_attr(ctx, &m);
    int64_t cshape[2] = {cs[0], cs[1]};
    tgpu_ll_layout l;
    CHECK(tgpu_ll_from_encoding(mma, 2, cshape, &l) == NULL);
    CHECK(tgpu_ll_is_injective(&l.map) && mma_group_ok(&l, 2, 1, cs[3], cs[4]));
    for (unsigned kw = 1; kw <= 4; kw *= 2) {
      if (cs[2] % (8 * kw)) continue;
      for (unsigned op = 0; op < 2; op++) {
        tgpu_dot_op d = {op, mma, kw};
        int64_t shape[2] = {op ? cs[2] : cs[0], op ? cs[1] : cs[2]};
        CHECK(tgpu_ll_from_encoding(tgpu_dot_op_attr(ctx, &d), 2, shape, &l) == NULL);
        CHECK(tgpu_ll_is_surjective(&l.map) && mma_group_ok(&l, op, kw, cs[3], cs[4]));
      }
    }
  }
  ir_context_destroy(ctx);
  return true;
}

/* wgmma's A in registers (tgpu_wgmma_a_reg_layout of a version 3 accumulator): warp w owns
 * rows 16 w (warpgroup w / 4's m64 tile, its warp w % 4's 16 rows) and each register
 * group is the PTX ISA's m64nNk16 A fragment, mma.sync's m16n8k16 one (mma_group_ok with
 * every warp along M); and it is the very map of the accumulator of another wgmma of A's
 * shape (attention's p): the conversion is the NOOP route, each thread's registers in the
 * same order (accumulator register pair i holds N columns 2t + {0, 1} + 8 (i / 2) ...,
 * the A register pair of K columns likewise). */
static bool test_wgmma_a_regs(void) {
  ir_context *ctx = new_ctx();
  static const unsigned cases[][3] = {/* M, K, warps */
                                      {64, 16, 4},  {64, 64, 4},   {128, 64, 4},
                                      {128, 64, 8}, {128, 128, 8}, {256, 32, 8}};
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const unsigned *cs = cases[i];
    tgpu_mma m = {3, 2, {cs[2], 1}};
    const ir_attr *acc = tgpu_mma_attr(ctx, &m), *a = tgpu_wgmma_a_reg_layout(ctx, acc);
    int64_t shape[2] = {cs[0], cs[1]};
    tgpu_ll_layout l;
    CHECK(tgpu_ll_from_encoding(a, 2, shape, &l) == NULL);
    CHECK(tgpu_ll_is_injective(&l.map) && tgpu_ll_is_surjective(&l.map) && mma_group_ok(&l, 0, 2, cs[2], 1));
    tgpu_cvt_plan p;
    CHECK(tgpu_convert_plan(acc, a, 2, shape, 2, cs[2], &p) == NULL);
    CHECK(p.route == TGPU_CONVERT_NOOP);
  }
  ir_context_destroy(ctx);
  return true;
}

int main(void) {
  static const unit_case tests[] = {
      {"blocked_vs_reference", test_blocked_vs_reference},
      {"slice_vs_reference", test_slice_vs_reference},
      {"algebra", test_algebra},
      {"layout_inverse", test_layout_inverse},
      {"replication", test_replication},
      {"equality", test_equality},
      {"plans_random", test_plans_random},
      {"plans_known", test_plans_known},
      {"mma_vs_ptx", test_mma_vs_ptx},
      {"wgmma_a_regs", test_wgmma_a_regs},
  };
  return unit_run("ll_unit", tests, sizeof tests / sizeof tests[0]);
}
