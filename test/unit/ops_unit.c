/* Unit tests of the op tables and the per-op hooks: every opcode has exactly one
 * registered definition of its name; effects agree with the PURE trait; ir_op_has_no_effect
 * looks into scf regions; the tgpu layout rules are selected by opcode (elementwise default,
 * expand_dims' rank-changing slice, scf carried values); canonicalize hooks are declared
 * with their ops. Prints one line per failed check and a summary that
 * test/IR/ops-unit.test reads. */
#include <stdio.h>
#include <string.h>

#include "unit_test.h"
#include "Dialect/Tile/tile.h"
#include "Dialect/TileGPU/tgpu.h"
#include "Dialect/TileGPU/tgpu_rules.h"
#include "IR/ir.h"



static ir_context *make_context(void) {
  ir_context *ctx = ir_context_create();
  tile_register_dialect(ctx);
  tgpu_register_dialect(ctx);
  return ctx;
}

typedef struct def_scan {
  unsigned seen[IR_OP__COUNT];
  unsigned bad_opcode, bad_name, bad_effects, bad_terminator;
} def_scan;

static void scan_def(const ir_opdef *d, void *user) {
  def_scan *s = user;
  if (d->opcode <= IR_OP_UNKNOWN || d->opcode >= IR_OP__COUNT) {
    s->bad_opcode++;
    return;
  }
  s->seen[d->opcode]++;
  if (strcmp(ir_opcode_name(d->opcode), d->name) != 0) s->bad_name++;
  bool pure = (d->traits & IR_TRAIT_PURE) != 0;
  if (pure != (d->effects == 0)) s->bad_effects++;
  if ((d->traits & IR_TRAIT_TERMINATOR) && !(d->effects & IR_EFFECT_CONTROL)) s->bad_terminator++;
}

/* One definition per opcode; names match; PURE exactly when no effect. */
static bool test_table_consistency(void) {
  ir_context *ctx = make_context();
  def_scan s;
  memset(&s, 0, sizeof s);
  ir_context_each_opdef(ctx, scan_def, &s);
  ir_context_destroy(ctx);
  CHECK(s.bad_opcode == 0);
  CHECK(s.bad_name == 0);
  CHECK(s.bad_effects == 0);
  CHECK(s.bad_terminator == 0);
  for (unsigned c = IR_OP_UNKNOWN + 1; c < IR_OP__COUNT; c++) {
    if (s.seen[c] != 1) printf("opcode %u (%s) registered %u times\n", c, ir_opcode_name(c), s.seen[c]);
    CHECK(s.seen[c] == 1);
  }
  CHECK(strcmp(ir_opcode_name(IR_OP_UNKNOWN), "<unknown>") == 0);
  CHECK(strcmp(ir_opcode_name(IR_OP__COUNT), "<unknown>") == 0);
  return true;
}

static bool test_declared_effects(void) {
  ir_context *ctx = make_context();
  const ir_opdef *load = ir_lookup_opdef(ctx, "tt.load");
  const ir_opdef *store = ir_lookup_opdef(ctx, "tt.store");
  const ir_opdef *call = ir_lookup_opdef(ctx, "tt.call");
  const ir_opdef *loop = ir_lookup_opdef(ctx, "scf.for");
  const ir_opdef *wh = ir_lookup_opdef(ctx, "scf.while");
  const ir_opdef *add = ir_lookup_opdef(ctx, "arith.addf");
  const ir_opdef *cvt = ir_lookup_opdef(ctx, "tgpu.convert_layout");
  ir_context_destroy(ctx);
  CHECK(load && load->effects == IR_EFFECT_READ_GLOBAL);
  CHECK(store && store->effects == IR_EFFECT_WRITE_GLOBAL);
  CHECK(call && (call->effects & IR_EFFECT_MEMORY) == IR_EFFECT_MEMORY);
  CHECK(loop && loop->effects == IR_EFFECT_REGIONS);
  CHECK(wh && (wh->effects & IR_EFFECT_CONTROL));
  CHECK(add && add->effects == 0 && cvt && cvt->effects == 0);
  return true;
}

static const char *loops_text =
    "builtin.module() ({\n"
    "  tt.func() {sym_name = \"k\", function_type = (ptr<f32>, i32) -> ()} ({\n"
    "  ^entry(%arg0: ptr<f32>, %arg1: i32):\n"
    "    %0 = arith.constant() {value = 0 : i32} : i32\n"
    "    %1 = arith.constant() {value = 1.0 : f32} : f32\n"
    "    %2 = scf.for(%0, %arg1, %arg1, %1) ({\n"
    "    ^bb0(%arg2: i32, %arg3: f32):\n"
    "      %3 = arith.addf(%arg3, %1) : f32\n"
    "      scf.yield(%3)\n"
    "    }) : f32\n"
    "    scf.for(%0, %arg1, %arg1) ({\n"
    "    ^bb0(%arg4: i32):\n"
    "      tt.store(%arg0, %1)\n"
    "      scf.yield()\n"
    "    })\n"
    "    tt.return()\n"
    "  })\n"
    "})\n";

/* A loop of pure ops has no effect; one that stores has; so do terminators. */
static bool test_has_no_effect(void) {
  ir_context *ctx = make_context();
  ir_module *m = ir_parse_module(ctx, "loops.ir", loops_text, strlen(loops_text));
  CHECK(m && ir_verify(m));
  ir_op *f = ir_module_body(m)->first;
  ir_block *entry = ir_region_entry(ir_op_region(f, 0));
  ir_op *pure_loop = entry->first->next->next, *store_loop = pure_loop->next;
  CHECK(ir_op_code(pure_loop) == IR_OP_FOR && ir_op_code(store_loop) == IR_OP_FOR);
  CHECK(ir_op_has_no_effect(pure_loop));
  CHECK(!ir_op_has_no_effect(store_loop));
  CHECK(!ir_op_has_no_effect(store_loop->next));          /* tt.return */
  CHECK(ir_op_has_no_effect(entry->first));               /* arith.constant */
  CHECK(!ir_op_has_no_effect(f));                         /* tt.func */
  ir_module_destroy(m);
  ir_context_destroy(ctx);
  return true;
}

#define BLK(spt) "#tgpu.blocked<{order = [1, 0], sizePerThread = [1, " spt "], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1]}>"
#define SLICE "#tgpu.slice<{dim = 0 : i32, parent = " BLK("1") "}>"

static const char *layouts_text =
    "builtin.module() {tgpu.num_warps = 4 : i32, tgpu.threads_per_warp = 32 : i32} ({\n"
    "  tt.func() {sym_name = \"k\", function_type = () -> ()} ({\n"
    "    %0 = tt.make_range() {end = 32 : i32, start = 0 : i32} : tensor<32xi32, " SLICE ">\n"
    "    %1 = tt.expand_dims(%0) {axis = 0 : i32} : tensor<1x32xi32, " BLK("1") ">\n"
    "    %2 = tt.broadcast(%1) : tensor<16x32xi32, " BLK("1") ">\n"
    "    %3 = arith.addi(%2, %2) : tensor<16x32xi32, " BLK("1") ">\n"
    "    %4 = tgpu.convert_layout(%3) : tensor<16x32xi32, " BLK("2") ">\n"
    "    tt.return()\n"
    "  })\n"
    "})\n";

static bool test_layout_rules(void) {
  ir_context *ctx = make_context();
  ir_module *m = ir_parse_module(ctx, "layouts.ir", layouts_text, strlen(layouts_text));
  CHECK(m && ir_verify(m));
  ir_block *entry = ir_region_entry(ir_op_region(ir_module_body(m)->first, 0));
  ir_op *range = entry->first, *expand = range->next, *bcast = expand->next;
  ir_op *add = bcast->next, *cvt = add->next;
  const ir_attr *slice = range->results[0].type->encoding, *blk = expand->results[0].type->encoding;
  /* expand_dims: the operand needs the slice of the result's layout (rank 1 from rank 2). */
  CHECK(tgpu_required_operand_layout(expand, 0) == slice);
  CHECK(tgpu_layout_rule_of(expand)->remat_operand(expand, blk) == slice);
  /* ... and a slice along its axis flows forward to its parent (a reduction's result
   * broadcast back); any other layout does not flow through it. */
  CHECK(tgpu_layout_rule_of(expand)->infer_result(expand, slice) == blk);
  CHECK(tgpu_layout_rule_of(expand)->infer_result(expand, blk) == NULL);
  /* elementwise default and broadcast: operands share the result's layout; it flows. */
  CHECK(tgpu_required_operand_layout(add, 1) == blk);
  CHECK(tgpu_layout_rule_of(add)->infer_result(add, blk) == blk);
  CHECK(tgpu_required_operand_layout(bcast, 0) == blk);
  /* convert_layout: no constraint on its operand; make_range: recomputable anywhere. */
  CHECK(tgpu_required_operand_layout(cvt, 0) == NULL);
  CHECK(tgpu_layout_rule_of(cvt)->infer_result != NULL);
  CHECK(tgpu_layout_rule_of(range)->remat_leaf);
  CHECK(tgpu_check_layouts(m, "ops_unit"));
  ir_module_destroy(m);
  ir_context_destroy(ctx);
  return true;
}

static bool test_canonicalize_hooks(void) {
  ir_context *ctx = make_context();
  const char *with_hook[] = {"tt.broadcast", "tt.expand_dims", "scf.if", "scf.for"};
  for (size_t i = 0; i < sizeof with_hook / sizeof with_hook[0]; i++) {
    const ir_opdef *d = ir_lookup_opdef(ctx, with_hook[i]);
    CHECK(d && d->canonicalize);
  }
  const ir_opdef *add = ir_lookup_opdef(ctx, "arith.addi");
  CHECK(add && !add->canonicalize && add->fold);
  ir_context_destroy(ctx);
  return true;
}

int main(void) {
  static const unit_case tests[] = {
      {"table_consistency", test_table_consistency},
      {"declared_effects", test_declared_effects},
      {"has_no_effect", test_has_no_effect},
      {"layout_rules", test_layout_rules},
      {"canonicalize_hooks", test_canonicalize_hooks},
  };
  return unit_run("ops_unit", tests, sizeof tests / sizeof tests[0]);
}
