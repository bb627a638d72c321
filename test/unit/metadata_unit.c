/* Unit tests of the kernel metadata's params entries (lib/Driver/metadata.c) for host tensor
 * descriptor parameters: the box and swizzle come from the function attributes
 * tgpu.tma_box_<i> / tgpu.tma_swizzle_<i> that the TMA lowering sets, and default to the
 * block shape and 0. Prints the params lines for test/Driver/metadata-tensordesc.test. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit_test.h"
#include "Dialect/Tile/tile.h"
#include "Dialect/TileGPU/tgpu.h"
#include "Driver/driver.h"
#include "IR/ir.h"

static const char *const module_text =
    "builtin.module() {tgpu.num_warps = 4 : i32} ({\n"
    "  tt.func() {arg_names = [\"a_desc\", \"b_desc\", \"n\"],"
    " function_type = (!tt.tensordesc<tensor<128x64xf16>>, !tt.tensordesc<tensor<2x8x16xi8>>, i32) -> (),"
    " sym_name = \"k\", tgpu.tma_box_0 = [64, 64], tgpu.tma_swizzle_0 = 128 : i32,"
    " tilec.arg_dtypes = [\"fp16\", \"u8\", \"i32\"]} ({\n"
    "  ^entry(%a: !tt.tensordesc<tensor<128x64xf16>>, %b: !tt.tensordesc<tensor<2x8x16xi8>>, %n: i32):\n"
    "    tt.return()\n"
    "  })\n"
    "})\n";

static bool tensordesc_params(void) {
  ir_context *ctx = ir_context_create();
  tile_register_dialect(ctx);
  tgpu_register_dialect(ctx);
  ir_module *m = ir_parse_module(ctx, "unit.ir", module_text, strlen(module_text));
  CHECK(m && ir_verify(m));
  drv_meta_part part;
  CHECK(drv_metadata_part(m, NULL, 0, &part));
  const char *p = strstr(part.kernels, "\"params\"");
  CHECK(p);
  printf("%s\n", p);
  bool has = strstr(p, "\"box\": [64, 64], \"swizzle\": 128") && strstr(p, "\"box\": [2, 8, 16], \"swizzle\": 0");
  drv_meta_part_free(&part);
  ir_module_destroy(m);
  ir_context_destroy(ctx);
  CHECK(has);
  return true;
}

int main(void) {
  static const unit_case cases[] = {{"tensordesc_params", tensordesc_params}};
  return unit_run("metadata_unit", cases, sizeof cases / sizeof cases[0]);
}
