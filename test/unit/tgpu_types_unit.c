/* Unit tests of the tgpu types (lib/Dialect/TileGPU/tgpu_types.c): memdesc uniquing and
 * decoding, the text form read back to the same type, and the shared layout's offset
 * function (row-major when unswizzled, the xor swizzle on hand-computed elements, a
 * bijection onto the tile for every layout tried, buffers one tile apart). Prints one line
 * per test and a summary that test/Dialect/tgpu-types-unit.test reads. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit_test.h"
#include "Dialect/TileGPU/tgpu_types.h"


static tgpu_memdesc make_md(ir_context *ctx, int64_t rows, int64_t cols, unsigned vec,
                            unsigned per_phase, unsigned max_phase) {
  tgpu_memdesc md;
  memset(&md, 0, sizeof md);
  md.rank = 2;
  md.shape[0] = rows;
  md.shape[1] = cols;
  md.elem = ir_float_type(ctx, IR_F16);
  md.layout = tgpu_shared_unswizzled(2);
  md.layout.vec = vec;
  md.layout.per_phase = per_phase;
  md.layout.max_phase = max_phase;
  md.is_mutable = true;
  md.num_buffers = 1;
  return md;
}

static bool test_memdesc_uniquing(void) {
  ir_context *ctx = ir_context_create();
  tgpu_memdesc md = make_md(ctx, 64, 64, 8, 1, 8);
  const ir_type *a = tgpu_memdesc_type(ctx, &md), *b = tgpu_memdesc_type(ctx, &md);
  CHECK(a == b && tgpu_type_is_memdesc(a) && !tgpu_type_is_mbarrier(a));
  md.num_buffers = 2;
  const ir_type *c = tgpu_memdesc_type(ctx, &md);
  CHECK(c != a);
  tgpu_memdesc back;
  CHECK(tgpu_memdesc_get(c, &back));
  CHECK(back.rank == 2 && back.shape[0] == 64 && back.shape[1] == 64 && back.num_buffers == 2);
  CHECK(back.layout.vec == 8 && back.layout.max_phase == 8 && back.layout.order[0] == 1);
  CHECK(back.elem == ir_float_type(ctx, IR_F16) && back.is_mutable);
  CHECK(tgpu_memdesc_bytes(&back) == 2 * 64 * 64 * 2 && tgpu_memdesc_tile_bytes(&back) == 8192);
  CHECK(tgpu_async_token_type(ctx) == tgpu_async_token_type(ctx));
  CHECK(tgpu_async_token_type(ctx) != tgpu_mbarrier_type(ctx));
  CHECK(tgpu_type_is_async_token(tgpu_async_token_type(ctx)));
  CHECK(!tgpu_memdesc_get(tgpu_mbarrier_type(ctx), &back));
  ir_context_destroy(ctx);
  return true;
}

/* The printed form of a type read back (as a module attribute) is the same pointer. */
static bool test_text_roundtrip(void) {
  ir_context *ctx = ir_context_create();
  tgpu_memdesc md = make_md(ctx, 32, 64, 4, 2, 4);
  const ir_type *t = tgpu_memdesc_type(ctx, &md);
  sup_strbuf b = {0};
  sup_strbuf_puts(&b, "builtin.module() {t = ");
  ir_type_print(t, &b);
  sup_strbuf_puts(&b, ", u = !tgpu.async_token} ({\n})\n");
  ir_module *m = ir_parse_module(ctx, "t.ir", sup_strbuf_cstr(&b), b.len);
  sup_strbuf_free(&b);
  CHECK(m != NULL);
  const ir_attr *a = ir_op_get_attr(m->op, "t"), *u = ir_op_get_attr(m->op, "u");
  CHECK(a && a->kind == IR_ATTR_TYPE && a->tval == t);
  CHECK(u && u->kind == IR_ATTR_TYPE && u->tval == tgpu_async_token_type(ctx));
  ir_module_destroy(m);
  ir_context_destroy(ctx);
  return true;
}

static bool test_unswizzled_is_row_major(void) {
  tgpu_shared_layout l = tgpu_shared_unswizzled(3);
  int64_t shape[3] = {2, 3, 5};
  for (int64_t i = 0; i < 2; i++)
    for (int64_t j = 0; j < 3; j++)
      for (int64_t k = 0; k < 5; k++) {
        int64_t idx[3] = {i, j, k};
        CHECK(tgpu_shared_elem_offset(&l, shape, idx) == (i * 3 + j) * 5 + k);
      }
  /* order [0, 1]: dim 0 is the fastest (column-major) */
  tgpu_shared_layout cm = tgpu_shared_unswizzled(2);
  cm.order[0] = 0;
  cm.order[1] = 1;
  int64_t s2[2] = {4, 6}, idx[2] = {3, 5};
  CHECK(tgpu_shared_elem_offset(&cm, s2, idx) == 5 * 4 + 3);
  return true;
}

static bool test_swizzle_examples(void) {
  /* vec 2, perPhase 2, maxPhase 4 on a 16 x 16 tile: row r has phase (r/2)%4 and the
   * 2-element vector v of a row moves to v xor phase. */
  tgpu_shared_layout l = tgpu_shared_unswizzled(2);
  l.vec = 2;
  l.per_phase = 2;
  l.max_phase = 4;
  int64_t shape[2] = {16, 16};
  int64_t a[2] = {0, 5}, b[2] = {2, 5}, c[2] = {7, 1}, d[2] = {11, 14};
  CHECK(tgpu_shared_elem_offset(&l, shape, a) == 5);               /* phase 0 */
  CHECK(tgpu_shared_elem_offset(&l, shape, b) == 2 * 16 + 7);      /* phase 1: v2 -> v3 */
  CHECK(tgpu_shared_elem_offset(&l, shape, c) == 7 * 16 + 7);      /* phase 3: v0 -> v3 */
  CHECK(tgpu_shared_elem_offset(&l, shape, d) == 11 * 16 + 12);    /* phase 1: v7 -> v6 */
  return true;
}

/* Every element of the tile lands on a distinct offset inside the tile. */
static bool is_bijection(const tgpu_shared_layout *l, int64_t rows, int64_t cols) {
  int64_t shape[2] = {rows, cols};
  char *seen = calloc((size_t)(rows * cols), 1);
  bool ok = true;
  for (int64_t r = 0; r < rows && ok; r++)
    for (int64_t c = 0; c < cols && ok; c++) {
      int64_t idx[2] = {r, c};
      int64_t off = tgpu_shared_elem_offset(l, shape, idx);
      ok = off >= 0 && off < rows * cols && !seen[off];
      if (ok) seen[off] = 1;
    }
  free(seen);
  return ok;
}

static bool test_swizzle_bijection(void) {
  static const unsigned params[][3] = {{1, 1, 1}, {8, 1, 8}, {4, 2, 4}, {2, 4, 8}, {1, 1, 16}, {8, 8, 1}};
  for (size_t i = 0; i < sizeof params / sizeof params[0]; i++) {
    tgpu_shared_layout l = tgpu_shared_unswizzled(2);
    l.vec = params[i][0];
    l.per_phase = params[i][1];
    l.max_phase = params[i][2];
    int64_t shape[2] = {64, 128};
    CHECK(tgpu_shared_check(&l, 2, shape) == NULL);
    CHECK(is_bijection(&l, 64, 128));
  }
  return true;
}

static bool test_byte_offset(void) {
  ir_context *ctx = ir_context_create();
  tgpu_memdesc md = make_md(ctx, 16, 16, 2, 2, 4);
  md.num_buffers = 3;
  int64_t b[2] = {2, 5};
  CHECK(tgpu_memdesc_byte_offset(&md, 0, b) == (2 * 16 + 7) * 2);
  CHECK(tgpu_memdesc_byte_offset(&md, 2, b) == 2 * 512 + (2 * 16 + 7) * 2);
  ir_context_destroy(ctx);
  return true;
}

/* Slabs: a [4, 16] tile with slab 8 (unswizzled) is two [4, 8] row-major tiles one after
 * the other; with a swizzle, each slab swizzles its own rows. */
static bool test_slab_examples(void) {
  tgpu_shared_layout l = tgpu_shared_unswizzled(2);
  l.slab = 8;
  int64_t shape[2] = {4, 16};
  CHECK(tgpu_shared_check(&l, 2, shape) == NULL);
  int64_t a[2] = {0, 3}, b[2] = {2, 5}, c[2] = {0, 8}, d[2] = {3, 13};
  CHECK(tgpu_shared_elem_offset(&l, shape, a) == 3);
  CHECK(tgpu_shared_elem_offset(&l, shape, b) == 2 * 8 + 5);
  CHECK(tgpu_shared_elem_offset(&l, shape, c) == 32);          /* slab 1 starts after 4 x 8 */
  CHECK(tgpu_shared_elem_offset(&l, shape, d) == 32 + 3 * 8 + 5);
  l.vec = 2, l.per_phase = 1, l.max_phase = 4;                  /* phase of row r: r % 4 */
  int64_t e[2] = {1, 9};                                        /* slab 1, col 1 (v0) -> v1 */
  CHECK(tgpu_shared_elem_offset(&l, shape, e) == 32 + 8 + 3);
  CHECK(is_bijection(&l, 4, 16));
  int64_t bad[2] = {4, 12};
  CHECK(tgpu_shared_check(&l, 2, bad) != NULL);                 /* 8 does not divide 12 */
  l.slab = 4;
  CHECK(tgpu_shared_check(&l, 2, shape) != NULL);               /* less than vec * maxPhase */
  return true;
}

/* The byte address of element (mn, k) in wgmma's canonical MN-major layout (PTX ISA, in
 * 16-byte units ((S/16, n), (8, k)) : ((1, LBO), (S/16, SBO)), then the swizzle of address
 * bits 4.. by bits 7..), written apart from tgpu_shared_elem_offset. */
static int64_t mn_major_addr(unsigned swz, int64_t lbo, int64_t sbo, int64_t mn, int64_t k) {
  int64_t per_row = swz / 2, a = (mn / per_row) * lbo + (mn % per_row) * 2 + (k % 8) * swz + (k / 8) * sbo;
  int64_t bits = swz == 128 ? 7 : swz == 64 ? 3 : 1;
  return a ^ (((a >> 7) & bits) << 4);
}

/* tgpu_wgmma_smem_layout: K-major rows as before; MN-major B [K, N] f16 with the widest
 * swizzle and slabs; the layout's offsets equal the canonical layout with LBO = K x S (the
 * slab) and SBO = 8 S. */
static bool test_wgmma_layouts(void) {
  tgpu_shared_layout l;
  int64_t b64[2] = {64, 64}, b256[2] = {64, 256}, b32[2] = {32, 32}, b16[2] = {32, 16}, b8[2] = {32, 8};
  CHECK(tgpu_wgmma_smem_layout(2, 1, b64, 0, &l) && l.order[0] == 0 && l.max_phase == 8 && l.slab == 0);
  CHECK(!tgpu_wgmma_is_mn_major(&l, 1));
  CHECK(tgpu_wgmma_smem_layout(2, 1, b256, 1, &l) && tgpu_wgmma_is_mn_major(&l, 1));
  CHECK(l.order[0] == 1 && l.vec == 8 && l.per_phase == 1 && l.max_phase == 8 && l.slab == 64);
  CHECK(tgpu_wgmma_smem_layout(2, 1, b32, 1, &l) && l.per_phase == 2 && l.max_phase == 4 && l.slab == 0);
  CHECK(tgpu_wgmma_smem_layout(2, 1, b16, 1, &l) && l.per_phase == 4 && l.max_phase == 2 && l.slab == 0);
  CHECK(!tgpu_wgmma_smem_layout(2, 1, b8, 1, &l));             /* 16-byte rows: no swizzle */
  CHECK(!tgpu_wgmma_smem_layout(4, 1, b64, 1, &l));            /* MN-major needs 16-bit elements */
  int64_t a128[2] = {128, 64};
  CHECK(tgpu_wgmma_smem_layout(2, 0, a128, 0, &l) && tgpu_wgmma_is_mn_major(&l, 0) && l.slab == 64);
  static const int64_t shapes[][2] = {{64, 256}, {16, 128}, {32, 32}, {48, 16}, {16, 64}};
  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
    const int64_t *sh = shapes[i];
    CHECK(tgpu_wgmma_smem_layout(2, 1, sh, 1, &l) && tgpu_shared_check(&l, 2, sh) == NULL);
    unsigned swz = l.vec * l.max_phase * 2;
    for (int64_t k = 0; k < sh[0]; k++)
      for (int64_t n = 0; n < sh[1]; n++) {
        int64_t idx[2] = {k, n};
        CHECK(2 * tgpu_shared_elem_offset(&l, sh, idx) == mn_major_addr(swz, sh[0] * swz, 8 * swz, n, k));
      }
  }
  return true;
}

int main(void) {
  static const unit_case tests[] = {
      {"memdesc_uniquing", test_memdesc_uniquing},
      {"text_roundtrip", test_text_roundtrip},
      {"unswizzled_is_row_major", test_unswizzled_is_row_major},
      {"swizzle_examples", test_swizzle_examples},
      {"swizzle_bijection", test_swizzle_bijection},
      {"byte_offset", test_byte_offset},
      {"slab_examples", test_slab_examples},
      {"wgmma_layouts", test_wgmma_layouts},
  };
  return unit_run("tgpu_types_unit", tests, sizeof tests / sizeof tests[0]);
}
