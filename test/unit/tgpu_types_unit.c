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

int main(void) {
  static const unit_case tests[] = {
      {"memdesc_uniquing", test_memdesc_uniquing},
      {"text_roundtrip", test_text_roundtrip},
      {"unswizzled_is_row_major", test_unswizzled_is_row_major},
      {"swizzle_examples", test_swizzle_examples},
      {"swizzle_bijection", test_swizzle_bijection},
      {"byte_offset", test_byte_offset},
  };
  return unit_run("tgpu_types_unit", tests, sizeof tests / sizeof tests[0]);
}
