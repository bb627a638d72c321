/* Fuzz target "ir": tilec-opt's path. Parses textual tile/tgpu IR, verifies it, runs passes
 * by name (verifier after each) and prints the result; with --emit=llvm or --emit=ptx it
 * converts the tgpu module as tilec-opt does.
 *
 * The passes come from the input itself, so that the tests' .ir files are seeds as they
 * stand: every `--NAME` on a `//` comment line that names a registered pass runs, in order
 * (a lit RUN line such as `// RUN: %tilec-opt %s --canonicalize | FileCheck %s`).
 * `--emit=llvm` / `--emit=ptx` there asks for conversion. As in tilec-opt, `--emit=ptx` alone
 * converts without running a pass; with no such word at all, the default pipeline runs. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Conversion/conversion.h"
#include "Dialect/Tile/tile.h"
#include "Dialect/TileGPU/tgpu.h"
#include "IR/ir.h"
#include "Transforms/passes.h"

#define FUZZ_MAX_PASSES 32

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef enum fuzz_emit { FUZZ_EMIT_IR, FUZZ_EMIT_LLVM, FUZZ_EMIT_PTX } fuzz_emit;

typedef struct fuzz_plan {
  const ir_pass *passes[FUZZ_MAX_PASSES];
  size_t npasses;
  fuzz_emit emit;
  bool named;  /* a pass or an emit kind was named */
} fuzz_plan;

static void quiet(void *user, diag_severity sev, diag_loc loc, const char *message,
                  const char *rendered) {
  (void)user, (void)sev, (void)loc, (void)message;
  if (getenv("TILEC_FUZZ_VERBOSE")) fprintf(stderr, "%s\n", rendered);
}

/* Reads one `--word` starting at p (just after the dashes) into the plan. */
static void plan_word(fuzz_plan *pl, const char *p, size_t n) {
  char name[64];
  if (n == 0 || n >= sizeof name) return;
  memcpy(name, p, n);
  name[n] = 0;
  if (!strcmp(name, "emit=llvm")) pl->emit = FUZZ_EMIT_LLVM, pl->named = true;
  else if (!strcmp(name, "emit=ptx")) pl->emit = FUZZ_EMIT_PTX, pl->named = true;
  const ir_pass *pass = tilec_pass_lookup(name);
  if (pass) pl->named = true;
  if (pass && pl->npasses < FUZZ_MAX_PASSES) pl->passes[pl->npasses++] = pass;
}

/* Scans the `//` comment lines of the input for pass names. */
static void plan_from_comments(fuzz_plan *pl, const char *s, size_t len) {
  const char *end = s + len;
  while (s < end) {
    const char *eol = memchr(s, '\n', (size_t)(end - s));
    if (!eol) eol = end;
    const char *p = s;
    while (p < eol && (*p == ' ' || *p == '\t')) p++;
    if (eol - p >= 2 && p[0] == '/' && p[1] == '/') {
      for (; p + 2 < eol; p++) {
        if (p[0] != '-' || p[1] != '-' || p[2] == '-') continue;
        const char *w = p + 2, *we = w;
        while (we < eol && *we != ' ' && *we != '\t' && *we != '|') we++;
        plan_word(pl, w, (size_t)(we - w));
        p = we - 1;
      }
    }
    s = eol + 1;
  }
}

static void run_module(ir_context *ctx, ir_module *m, const fuzz_plan *pl) {
  if (!ir_verify(m)) return;
  if (!ir_run_passes(m, pl->passes, pl->npasses, true, NULL)) return;
  if (pl->emit == FUZZ_EMIT_IR) {
    free(ir_print_to_string_flags(m->op, 0));
    return;
  }
  cg_options co = {NULL, NULL, 3}; /* the module's tgpu.target, else the default */
  cg_module *cm = cg_convert(m, &co);
  if (!cm) return;
  free(pl->emit == FUZZ_EMIT_LLVM ? cg_module_print_llvm(cm) : cg_emit_ptx(cm, ctx));
  cg_module_destroy(cm);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_plan pl;
  memset(&pl, 0, sizeof pl);
  plan_from_comments(&pl, (const char *)data, size);
  if (!pl.named) {
    size_t n = 0;
    const ir_pass *const *all = tilec_pipeline(false, &n);
    for (size_t i = 0; i < n && i < FUZZ_MAX_PASSES; i++) pl.passes[pl.npasses++] = all[i];
  }
  ir_context *ctx = ir_context_create();
  if (!ctx) return 0;
  tile_register_dialect(ctx);
  tgpu_register_dialect(ctx);
  diag_engine_set_handler(ir_context_diag(ctx), quiet, NULL);
  ir_module *m = ir_parse_module(ctx, "fuzz.ir", (const char *)data, size);
  if (m) {
    run_module(ctx, m, &pl);
    ir_module_destroy(m);
  }
  ir_context_destroy(ctx);
  return 0;
}
