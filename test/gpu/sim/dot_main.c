/* Checks tt.dot kernels (test/gpu/Inputs/dot/dot_kernels.tir) against a host reference on
 * the CPU stand-in for one thread block (sim_block.h); test/gpu/sim_dot.sh drives it.
 * mma.sync and ldmatrix are emulated by sim_mma and sim_ldmatrix below (reached through
 * mma_shim.ll): the 32 lanes of a warp publish their fragments (or row addresses), then each computes its own accumulator registers from the
 * PTX ISA's fragment tables (the same facts linear_layout_mma.c encodes, written here a
 * second time, per lane and register, so that a wrong layout does not check itself).
 *
 *   dot_main IN OUT B M N K TRANS ACC1 RANDOM SEED
 *     IN   f16 | bf16 | f32 | f64 | i8 (operand type; f32 covers tf32, tf32x3 and ieee)
 *     OUT  f32 | f16 | f64 | i32 (result type)
 *     B    batch (1: a 2-D dot); A is B x M x K, then B x K x N (or B x N x K with
 *          TRANS bit 0), all in the input buffer; C = A @ B + ACC1 is B x M x N; TRANS bit 1:
 *          A is given as B x K x M (column-major A, test kernel dot_at)
 *     RANDOM 0: operands are small multiples of 1/8 (every product and sum exact, so the
 *          check is exact for f32 / f64 / i32 results); 1: uniform in [-1, 1) at full f32
 *          precision, checked within TOL * sum |a||b| (TOL from the environment, e.g.
 *          1e-6 for tf32x3, where plain tf32 would miss by 1e-3). */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_block.h"

/* ---- scalar formats ------------------------------------------------------------------- */

static float f16_to_f32(uint16_t h) {
  uint32_t s = (uint32_t)(h >> 15) << 31, e = (h >> 10) & 31, m = h & 1023;
  float v;
  if (e == 0) v = ldexpf((float)m, -24);
  else if (e == 31) v = m ? NAN : INFINITY;
  else v = ldexpf((float)(m | 1024), (int)e - 25);
  return s ? -v : v;
}

static uint16_t f32_to_f16(float f) { /* round to nearest even; finite inputs */
  _Float16 h = (_Float16)f;
  uint16_t r;
  memcpy(&r, &h, 2);
  return r;
}

static float bits_f32(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}

static uint32_t f32_bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

/* ---- the mma.sync stand-in ------------------------------------------------------------ */

enum { K_F16_F32, K_F16_F16, K_BF16, K_TF32, K_S8 };
static const unsigned kind_kw[] = {2, 2, 2, 1, 4};

static uint32_t sim_frag[SIM_NWARPS][32][10];

/* Element e of operand register j of lane l, as a double. */
static double elem(int kind, uint32_t reg, unsigned e) {
  switch (kind) {
  case K_F16_F32: case K_F16_F16: return f16_to_f32((uint16_t)(reg >> (16 * e)));
  case K_BF16: return bits_f32(((reg >> (16 * e)) & 0xffff) << 16);
  case K_TF32: return bits_f32(reg & 0xffffe000u); /* the tensor core reads 19 bits */
  default: return (double)(int8_t)(reg >> (8 * e));
  }
}

/* A[row][k] of the warp's fragments: lane (row % 8) * 4 + t, register j, element e. */
static double frag_a(int kind, uint32_t (*f)[10], unsigned row, unsigned k) {
  unsigned kw = kind_kw[kind], t = (k % (4 * kw)) / kw, j = (row >= 8) | (k >= 4 * kw) << 1;
  return elem(kind, f[(row % 8) * 4 + t][j], k % kw);
}

static double frag_b(int kind, uint32_t (*f)[10], unsigned k, unsigned col) {
  unsigned kw = kind_kw[kind], t = (k % (4 * kw)) / kw, j = k >= 4 * kw;
  return elem(kind, f[col * 4 + t][4 + j], k % kw);
}

void sim_mma(int kind, const uint32_t *a, const uint32_t *b, const uint32_t *c, uint32_t *d) {
  int w = sim_t_tid / 32, lane = sim_t_tid % 32;
  unsigned nc = kind == K_F16_F16 ? 2 : 4, K = 8 * kind_kw[kind];
  memcpy(sim_frag[w][lane], a, 16);
  memcpy(&sim_frag[w][lane][4], b, 8);
  pthread_barrier_wait(&sim_warp_bar[w]);
  uint32_t out[4];
  for (unsigned i = 0; i < 4; i++) {
    unsigned row = lane / 4 + (i >= 2 ? 8 : 0), col = 2 * (lane % 4) + (i & 1);
    double s = 0;
    for (unsigned k = 0; k < K; k++) s += frag_a(kind, sim_frag[w], row, k) * frag_b(kind, sim_frag[w], k, col);
    if (kind == K_S8) out[i] = (uint32_t)((int32_t)c[i] + (int32_t)s);
    else if (kind == K_F16_F16) out[i] = f32_to_f16((float)(s + f16_to_f32((uint16_t)(c[i / 2] >> (16 * (i % 2))))));
    else out[i] = f32_bits((float)(s + bits_f32(c[i])));
  }
  if (nc == 2) d[0] = out[0] | out[1] << 16, d[1] = out[2] | out[3] << 16;
  else memcpy(d, out, 16);
  pthread_barrier_wait(&sim_warp_bar[w]);
}

/* wgmma (PTX ISA "Asynchronous Warpgroup Level Matrix Multiply-Accumulate"): the four
 * warps of a warpgroup multiply A (64 x 16, from its descriptor) by B (16 x N, from its
 * descriptor) into D (64 x N); warp w%4 of the group owns rows 16 (w%4) + g and + 8, and
 * register 4j + i holds column 8j + 2t + i % 2 (+8 rows when i >= 2). Descriptors: start
 * address >> 4 in bits 0-13, leading-dimension byte offset (LBO) >> 4 in 16-29, stride-
 * dimension byte offset (SBO) >> 4 in 32-45, swizzle in 62-63 (1: 128-byte rows, address
 * bits 4-6 XOR bits 7-9; 2: 64-byte, bits 4-5 XOR 7-8; 3: 32-byte, bit 4 XOR bit 7). The
 * canonical layouts, in 16-byte units with S = the swizzle's row bytes:
 *   K-major (trans 0): ((8, m), (S/16 chunks of K)): row r (an M or N index), element k at
 *     start + (r / 8) SBO + (r % 8) S + 2k (the instruction's 16 K elements inside a row);
 *   MN-major (trans 1): ((S/16, n), (8, k)) : ((1, LBO), (S/16, SBO)): element (mn, k) at
 *     start + (mn / (S/2)) LBO + (mn % (S/2)) 2 + (k % 8) S + (k / 8) SBO;
 * then swizzled. This decoding is written from the PTX ISA's canonical layouts,
 * independently of the layout code that encodes them (lib/Dialect/TileGPU/tgpu_wgmma.c,
 * lib/Conversion/wgmma.c). */
extern uint8_t __tilec_smem[];

int sim_smem_addr(const uint8_t *p) { return (int)(p - __tilec_smem); }

/* For a control (sim_dot.sh): SIM_SWAP_LBO_SBO=1 reads MN-major descriptors with the two
 * offsets exchanged, which must break a case whose operand has slabs. */
static bool swap_lbo_sbo;

static double fp8_value(bool e4m3, uint8_t c);

/* Element (mn, k) of a wgmma operand (mn: A's row or B's column) through its descriptor;
 * kind 0 f16, 1 bf16 (2 bytes), 2 e4m3, 3 e5m2 (1 byte, K-major only), 4 tf32 (an f32 of 4
 * bytes whose low 13 mantissa bits the instruction does not read; K-major only), 5 s8 (a
 * signed byte, K-major only; its accumulators are i32, kept as their bits in the float
 * array: exec_wgmma sums exactly in 64 bits and wraps as the instruction's s32 does). */
enum { WG_S8 = 5 };
static unsigned wgmma_bytes(int kind) { return kind == 4 ? 4 : kind >= 2 ? 1 : 2; }

static double wgmma_elem(int kind, uint64_t desc, bool mn_major, unsigned mn, unsigned k) {
  uint32_t start = (uint32_t)(desc & 0x3fff) << 4, lbo = (uint32_t)((desc >> 16) & 0x3fff) << 4;
  uint32_t sbo = (uint32_t)((desc >> 32) & 0x3fff) << 4;
  if (mn_major && swap_lbo_sbo) {
    uint32_t t = lbo;
    lbo = sbo, sbo = t;
  }
  unsigned mode = (unsigned)(desc >> 62), row_bytes = mode == 1 ? 128 : mode == 2 ? 64 : 32, per_row = row_bytes / 2;
  uint32_t addr;
  if (mn_major) addr = start + (mn / per_row) * lbo + (mn % per_row) * 2 + (k % 8) * row_bytes + (k / 8) * sbo;
  else addr = start + (mn / 8) * sbo + (mn % 8) * row_bytes + wgmma_bytes(kind) * k;
  uint32_t bits = mode == 1 ? 7 : mode == 2 ? 3 : 1;
  addr ^= ((addr >> 7) & bits) << 4;
  if (kind == 4) {
    uint32_t w;
    memcpy(&w, __tilec_smem + addr, 4);
    return bits_f32(w & 0xffffe000u);
  }
  if (kind == WG_S8) return (int8_t)__tilec_smem[addr];
  if (kind >= 2) return fp8_value(kind == 2, __tilec_smem[addr]);
  uint16_t h;
  memcpy(&h, __tilec_smem + addr, 2);
  return kind == 0 ? f16_to_f32(h) : bits_f32((uint32_t)h << 16);
}

/* trans: bit 0 imm-trans-a, bit 1 imm-trans-b (1: the operand is MN-major). */
static void exec_wgmma(int kind, int n, int trans, uint64_t da, uint64_t db, int scale, float *acc) {
  int w = (sim_t_tid / 32) % 4, lane = sim_t_tid % 32, g = lane / 4, t = lane % 4;
  bool ta = trans & 1, tb = (trans & 2) != 0;
  for (int i = 0; i < n / 2; i++) {
    int row = 16 * w + g + 8 * ((i >> 1) & 1), col = 8 * (i >> 2) + 2 * t + (i & 1);
    if (kind == WG_S8) {
      int32_t c;
      memcpy(&c, &acc[i], 4);
      int64_t s = scale ? c : 0;
      for (unsigned k = 0; k < 32; k++)
        s += (int64_t)wgmma_elem(kind, da, ta, (unsigned)row, k) * (int64_t)wgmma_elem(kind, db, tb, (unsigned)col, k);
      c = (int32_t)(uint32_t)s;
      memcpy(&acc[i], &c, 4);
      continue;
    }
    double s = scale ? acc[i] : 0;
    for (unsigned k = 0; k < 32 / wgmma_bytes(kind); k++) /* 32 bytes of K per instruction */
      s += wgmma_elem(kind, da, ta, (unsigned)row, k) * wgmma_elem(kind, db, tb, (unsigned)col, k);
    acc[i] = (float)s;
  }
}

/* wgmma with A in registers (f16, bf16): the PTX ISA's m64nNk16 A fragment. Warp w % 4
 * of the warpgroup holds rows 16 (w % 4) .. + 15; in it, with g = lane / 4, t = lane % 4,
 * register j (two elements, the lower one first) holds row g + 8 (j % 2) and columns
 * 2t + 8 (j / 2) + {0, 1}. The warpgroup's threads publish their four registers, then each
 * reads A from all of them (the block is one warpgroup). */
_Static_assert(SIM_NTHREADS == 128, "sim_wgmma_ra: the block is one warpgroup");
static uint32_t sim_afrag[SIM_NTHREADS][4];

/* For a control (sim_dot.sh): SIM_RA_SWAP_ROWS=1 reads rows g and g + 8 exchanged, which
 * must break every case. */
static bool ra_swap_rows;

static double frag_a_wg(int kind, unsigned row, unsigned k) {
  unsigned r = row % 16, lane = (r % 8) * 4 + (k % 8) / 2, j = ((r >= 8) ^ ra_swap_rows) | (k >= 8) << 1;
  uint16_t h = (uint16_t)(sim_afrag[32 * (row / 16) + lane][j] >> (16 * (k % 2)));
  return kind == 0 ? f16_to_f32(h) : bits_f32((uint32_t)h << 16);
}

static void exec_wgmma_ra(int kind, int n, int trans_b, const uint32_t *a, uint64_t db, int scale, float *acc) {
  int w = (sim_t_tid / 32) % 4, lane = sim_t_tid % 32, g = lane / 4, t = lane % 4;
  memcpy(sim_afrag[sim_t_tid], a, 16);
  pthread_barrier_wait(&sim_block_bar);
  for (int i = 0; i < n / 2; i++) {
    int row = 16 * w + g + 8 * ((i >> 1) & 1), col = 8 * (i >> 2) + 2 * t + (i & 1);
    double s = scale ? acc[i] : 0;
    for (unsigned k = 0; k < 16; k++)
      s += frag_a_wg(kind, (unsigned)row, k) * wgmma_elem(kind, db, trans_b, (unsigned)col, k);
    acc[i] = (float)s;
  }
  pthread_barrier_wait(&sim_block_bar);
}

/* wgmma is asynchronous (PTX ISA: the accumulator and A's registers may be accessed, and
 * the shared operands are read, until a wgmma.wait_group covers the instruction's group). The
 * stand-ins model that: sim_wgmma and sim_wgmma_ra only queue the instruction and return
 * tokens in place of the accumulator (NaNs carrying an id); wgmma.commit_group
 * closes the thread's open group; wgmma.wait_group N runs, in order, the queued
 * instructions of all but the N newest committed groups, reading shared memory then (so a
 * copy that overwrote an operand before the wait is seen) and resolving input tokens (the
 * chained accumulator); the accumulator's pass-through after a wait (__tilec_wgmma_tie4)
 * turns the tokens of executed instructions into their values and leaves the others. A
 * token used by anything else before its wait is a NaN to that use (a reduction, an exp2, a
 * store: the check fails); a product keeps the NaN's payload, so a rescale (acc * alpha)
 * before the wait is lost when the next wgmma resolves the token, and the numbers fail. The
 * register-A form publishes its A registers and meets the other threads when it runs, so
 * every thread must reach the same waits (they are .sync.aligned). */
enum { WG_QUEUE = 128, WG_TOKENS = 1 << 14, WG_ID_BITS = 21 };
typedef struct wg_op {
  int kind, n, trans, ra, scale;
  uint64_t da, db;
  uint32_t a[4];
  unsigned group, out; /* its group; the id of its first result token */
  float acc[128];      /* its input accumulator (values or tokens) */
} wg_op;
typedef struct wg_state {
  wg_op q[WG_QUEUE];
  unsigned head, tail; /* queued: q[head % WG_QUEUE] .. q[(tail - 1) % WG_QUEUE] */
  unsigned open;       /* the open group's number; groups below it are committed */
  unsigned next_id;
  float val[WG_TOKENS];
  unsigned ready[WG_TOKENS]; /* id + 1 once the token's value is in val */
} wg_state;
static _Thread_local wg_state *wg;

static wg_state *wg_get(void) {
  if (!wg && !(wg = calloc(1, sizeof *wg))) abort();
  return wg;
}

static float token(unsigned id) { return bits_f32(0x7fe00000u | (id & ((1u << WG_ID_BITS) - 1))); }

/* The value of a token whose instruction has run, else x itself. */
static float resolve(float x) {
  uint32_t u = f32_bits(x);
  if ((u & 0xffe00000u) != 0x7fe00000u) return x;
  unsigned id = u & ((1u << WG_ID_BITS) - 1), slot = id % WG_TOKENS;
  return wg->ready[slot] == id + 1 ? wg->val[slot] : x;
}

/* SIM_WGMMA_SYNC=1 (a control, sim_dot.sh): each instruction runs when issued, as the sim
 * did before it modelled the asynchrony, so a late wait goes unseen. */
static bool wg_sync(void) {
  static _Thread_local int sync = -1;
  if (sync < 0) sync = getenv("SIM_WGMMA_SYNC") && atoi(getenv("SIM_WGMMA_SYNC"));
  return sync;
}

static void wg_queue(int kind, int n, int trans, int ra, const uint32_t *a, uint64_t da, uint64_t db, int scale,
                     float *acc) {
  wg_state *w = wg_get();
  if (wg_sync()) {
    for (int i = 0; i < n / 2; i++) acc[i] = resolve(acc[i]);
    if (ra) exec_wgmma_ra(kind, n, trans, a, db, scale, acc);
    else exec_wgmma(kind, n, trans, da, db, scale, acc);
    return;
  }
  if (w->tail - w->head >= WG_QUEUE || n / 2 > 128) abort();
  wg_op *op = &w->q[w->tail++ % WG_QUEUE];
  *op = (wg_op){kind, n, trans, ra, scale, da, db, {0}, w->open, w->next_id, {0}};
  if (a) memcpy(op->a, a, 16);
  for (int i = 0; i < n / 2; i++) op->acc[i] = acc[i], acc[i] = token(w->next_id++);
}

void sim_wgmma(int kind, int n, int trans, uint64_t da, uint64_t db, int scale, float *acc) {
  wg_queue(kind, n, trans, 0, NULL, da, db, scale, acc);
}

void sim_wgmma_ra(int kind, int n, int trans_b, const uint32_t *a, uint64_t db, int scale, float *acc) {
  wg_queue(kind, n, trans_b, 1, a, 0, db, scale, acc);
}

void sim_wgmma_commit(void) { wg_get()->open++; }

void sim_wgmma_wait(int pending) {
  wg_state *w = wg_get();
  while (w->head != w->tail) {
    wg_op *op = &w->q[w->head % WG_QUEUE];
    if (op->group + (unsigned)pending >= w->open) break; /* among the newest groups, or open */
    w->head++;
    float acc[128];
    for (int i = 0; i < op->n / 2; i++) acc[i] = resolve(op->acc[i]);
    if (op->ra) exec_wgmma_ra(op->kind, op->n, op->trans, op->a, op->db, op->scale, acc);
    else exec_wgmma(op->kind, op->n, op->trans, op->da, op->db, op->scale, acc);
    for (int i = 0; i < op->n / 2; i++) {
      unsigned id = (op->out + (unsigned)i) & ((1u << WG_ID_BITS) - 1);
      w->val[id % WG_TOKENS] = acc[i], w->ready[id % WG_TOKENS] = id + 1;
    }
  }
}

/* The accumulator after a wait: tokens of instructions that ran become their values. */
void sim_wgmma_tie(float *v) {
  wg_get();
  for (int i = 0; i < 4; i++) v[i] = resolve(v[i]);
}

int sim_f2tf32_rna(float x) { /* round to nearest, ties away, to 10 mantissa bits */
  uint32_t u = f32_bits(x);
  if ((u & 0x7f800000u) != 0x7f800000u) u += 0x1000u;
  return (int)(u & 0xffffe000u);
}

/* ---- the check ------------------------------------------------------------------------ */

typedef struct job {
  const char *in, *out;
  unsigned nb, m, n, k;
  bool trans_b, random;
  int acc1;
  bool trans_a;
} job;

static unsigned size_of(const char *t) {
  if (!strcmp(t, "e4m3") || !strcmp(t, "e5m2")) return 1;
  return !strcmp(t, "f64") ? 8 : !strcmp(t, "f32") || !strcmp(t, "i32") ? 4 : !strcmp(t, "i8") ? 1 : 2;
}

/* fp8 codes (OCP e4m3fn: bias 7, 0x7f / 0xff NaN; e5m2: bias 15, IEEE-like) as doubles. */
static double fp8_value(bool e4m3, uint8_t c) {
  int mb = e4m3 ? 3 : 2, bias = e4m3 ? 7 : 15, e = (c & 0x7f) >> mb, m = c & ((1 << mb) - 1);
  if (e4m3 && (c & 0x7f) == 0x7f) return NAN;
  if (!e4m3 && e == 31) return m ? NAN : INFINITY;
  double v = e ? ldexp(1.0 + m / (double)(1 << mb), e - bias) : ldexp(m / (double)(1 << mb), 1 - bias);
  return c & 0x80 ? -v : v;
}

/* cvt.rn.f16x2.e4m3x2: both bytes of x as f16 bit patterns (e4m3 values are exact in f16). */
uint32_t sim_e4m3x2_bits(uint16_t x) {
  uint32_t r = 0;
  for (int i = 0; i < 2; i++) {
    double v = fp8_value(true, (uint8_t)(x >> (8 * i)));
    r |= (uint32_t)(isnan(v) ? 0x7fff : f32_to_f16((float)v)) << (16 * i);
  }
  return r;
}

/* The code of an exactly representable value (the operands are small multiples of 1/8). */
static uint8_t fp8_code(bool e4m3, double v) {
  for (int c = 0; c < 256; c++)
    if (fp8_value(e4m3, (uint8_t)c) == v) return (uint8_t)c;
  return 0x7f;
}

static void put(const char *t, void *p, size_t i, double v) {
  if (!strcmp(t, "f16")) ((uint16_t *)p)[i] = f32_to_f16((float)v);
  else if (!strcmp(t, "bf16")) ((uint16_t *)p)[i] = (uint16_t)(f32_bits((float)v) >> 16); /* exact inputs */
  else if (!strcmp(t, "f32")) ((float *)p)[i] = (float)v;
  else if (!strcmp(t, "f64")) ((double *)p)[i] = v;
  else if (!strcmp(t, "e4m3") || !strcmp(t, "e5m2")) ((uint8_t *)p)[i] = fp8_code(t[1] == '4', v);
  else ((int8_t *)p)[i] = (int8_t)v;
}

static double get(const char *t, const void *p, size_t i) {
  if (!strcmp(t, "f16")) return f16_to_f32(((const uint16_t *)p)[i]);
  if (!strcmp(t, "bf16")) return bits_f32((uint32_t)((const uint16_t *)p)[i] << 16);
  if (!strcmp(t, "f32")) return ((const float *)p)[i];
  if (!strcmp(t, "f64")) return ((const double *)p)[i];
  if (!strcmp(t, "i32")) return ((const int32_t *)p)[i];
  if (!strcmp(t, "e4m3") || !strcmp(t, "e5m2")) return fp8_value(t[1] == '4', ((const uint8_t *)p)[i]);
  return ((const int8_t *)p)[i];
}

static double operand_value(const job *j, unsigned *rng) {
  *rng = *rng * 1103515245u + 12345u;
  unsigned r = (*rng >> 8) & 0xffff;
  if (j->random) return (double)(float)((double)r / 32768.0 - 1.0);
  int v = (int)(r % 9) - 4;
  return !strcmp(j->in, "i8") ? v * 7 : v / 8.0;
}

static int check(const job *j, const void *in, const void *out) {
  size_t na = (size_t)j->nb * j->m * j->k;
  double tol = getenv("TOL") ? atof(getenv("TOL")) : 0;
  for (unsigned b = 0; b < j->nb; b++)
    for (unsigned m = 0; m < j->m; m++)
      for (unsigned n = 0; n < j->n; n++) {
        double s = j->acc1, mag = 0;
        for (unsigned k = 0; k < j->k; k++) {
          size_t ai = j->trans_a ? ((size_t)b * j->k + k) * j->m + m : ((size_t)b * j->m + m) * j->k + k;
          double x = get(j->in, in, ai);
          size_t bi = j->trans_b ? ((size_t)b * j->n + n) * j->k + k : ((size_t)b * j->k + k) * j->n + n;
          double y = get(j->in, in, na + bi);
          s += x * y, mag += fabs(x * y);
        }
        double got = get(j->out, out, ((size_t)b * j->m + m) * j->n + n);
        bool both_nan = isnan(got) && isnan(s); /* fp8 operands may hold NaN codes */
        if (!both_nan && !(fabs(got - s) <= tol * mag + (tol ? 1e-30 : 0))) { /* a stray NaN fails */
          printf("C[%u][%u][%u]: got %.9g, expected %.9g (sum |a b| %.3g)\n", b, m, n, got, s, mag);
          return 1;
        }
      }
  return 0;
}

/* attn M N D CAUSAL SEED [TYPE]: Q, K, V (TYPE: f16, the default, or bf16) -> O (f32) =
 * softmax(Q K^T / sqrt(D)) V, rows of the softmax limited to keys n <= m when CAUSAL;
 * within 2e-3 (f16) or 4e-3 (bf16) of the reference (p is rounded to TYPE before p @ v, as
 * the kernel does: a relative error of 2^-11 or 2^-8 per weight). */
static int attn_main(int argc, char **argv) {
  if (argc != 7 && argc != 8) {
    fprintf(stderr, "usage: dot_main attn M N D CAUSAL SEED [f16|bf16]\n");
    return 2;
  }
  unsigned m = (unsigned)atoi(argv[2]), n = (unsigned)atoi(argv[3]), d = (unsigned)atoi(argv[4]);
  int causal = atoi(argv[5]);
  unsigned rng = (unsigned)atoi(argv[6]) * 7919u + 1u;
  const char *ty = argc == 8 ? argv[7] : "f16";
  double tol = strcmp(ty, "bf16") ? 2e-3 : 4e-3;
  job j = {ty, "f32", 1, 1, 1, 1, false, true, 0};
  size_t nin = (size_t)(m + 2 * n) * d;
  uint16_t *in = calloc(nin, 2);
  float *out = calloc((size_t)m * d, 4);
  for (size_t i = 0; i < nin; i++) put(ty, in, i, operand_value(&j, &rng));
  sim_run_block(in, out);
  size_t k = (size_t)m * d, v = k + (size_t)n * d; /* element offsets of K and V */
  double *s = calloc(n, sizeof *s);
  for (unsigned r = 0; r < m; r++) {
    double mx = -INFINITY, sum = 0;
    for (unsigned c = 0; c < n; c++) {
      double x = 0;
      for (unsigned e = 0; e < d; e++) x += get(ty, in, r * d + e) * get(ty, in, k + c * d + e);
      s[c] = causal && c > r ? -INFINITY : x / sqrt((double)d);
      if (s[c] > mx) mx = s[c];
    }
    for (unsigned c = 0; c < n; c++) sum += s[c] = exp(s[c] - mx);
    for (unsigned e = 0; e < d; e++) {
      double o = 0;
      for (unsigned c = 0; c < n; c++) o += s[c] / sum * get(ty, in, v + c * d + e);
      if (!(fabs(out[r * d + e] - o) <= tol)) { /* a NaN (an in-flight wgmma's token) fails */
        printf("O[%u][%u]: got %.6g, expected %.6g\n", r, e, out[r * d + e], o);
        return 1;
      }
    }
  }
  printf("ok\n");
  free(s), free(in), free(out);
  return 0;
}

/* Bytes after the input and the output: masked-off loads (block pointers' boundary_check)
 * must not bring the input's guard into C, masked-off stores must not write the output's. */
enum { GUARD = 1 << 16 };

static int guard_hit(const unsigned char *g) {
  for (size_t i = 0; i < GUARD; i++)
    if (g[i] != 0xa5) {
      printf("a store wrote %zu bytes past C\n", i);
      return 1;
    }
  return 0;
}

int main(int argc, char **argv) {
  swap_lbo_sbo = getenv("SIM_SWAP_LBO_SBO") && atoi(getenv("SIM_SWAP_LBO_SBO"));
  ra_swap_rows = getenv("SIM_RA_SWAP_ROWS") && atoi(getenv("SIM_RA_SWAP_ROWS"));
  if (argc > 1 && !strcmp(argv[1], "attn")) return attn_main(argc, argv);
  if (argc != 11) {
    fprintf(stderr, "usage: dot_main IN OUT B M N K TRANS ACC1 RANDOM SEED\n");
    return 2;
  }
  job j = {argv[1], argv[2], (unsigned)atoi(argv[3]), (unsigned)atoi(argv[4]), (unsigned)atoi(argv[5]),
           (unsigned)atoi(argv[6]), (atoi(argv[7]) & 1) != 0, atoi(argv[9]) != 0, atoi(argv[8]),
           (atoi(argv[7]) & 2) != 0};
  unsigned rng = (unsigned)atoi(argv[10]) * 7919u + 1u;
  size_t nin = (size_t)j.nb * j.k * (j.m + j.n), nout = (size_t)j.nb * j.m * j.n;
  size_t inb = nin * size_of(j.in), outb = nout * size_of(j.out);
  unsigned char *in = calloc(inb + GUARD, 1), *out = calloc(outb + GUARD, 1);
  for (size_t i = 0; i < nin; i++) put(j.in, in, i, operand_value(&j, &rng));
  memset(in + inb, 0xff, GUARD); /* NaN (or -1) in every type: a load that reaches it shows */
  memset(out + outb, 0xa5, GUARD);
  sim_run_block(in, out);
  int bad = check(&j, in, out) || guard_hit(out + outb);
  if (!bad) printf("ok\n");
  free(in);
  free(out);
  return bad;
}
