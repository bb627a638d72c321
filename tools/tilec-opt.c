/* tilec-opt: reads textual IR, verifies it, runs the named passes in order (verifier after
 * each) and prints the result, or LLVM IR / PTX converted from a tgpu module.
 *
 *   tilec-opt FILE|- [--PASS]... [--passes=a,b] [-o OUT] [--no-verify]
 *             [--print-ir-after-all] [--no-locations] [--emit=ir|llvm|llvm-opt|ptx]
 *             [--arch ARCH] [--metadata=PATH] [--help]
 *
 * Exit status 1 on any error (diagnostics on stderr; those without a location, and the
 * command's own, start with "tilec-opt: "). A diagnostic at a location carried from another
 * file (a dump's 'loc("kernel.tir":12:5)') shows that file's line when it can be read. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Conversion/conversion.h"
#include "Dialect/Tile/tile.h"
#include "Dialect/TileGPU/target_info.h"
#include "Dialect/TileGPU/tgpu.h"
#include "Driver/driver.h"
#include "IR/ir.h"
#include "Transforms/passes.h"

#define MAX_PASSES 256

typedef enum emit_kind { EMIT_IR, EMIT_LLVM, EMIT_LLVM_OPT, EMIT_PTX } emit_kind;

typedef struct opts {
  const char *input;
  const char *output;
  const char *arch;
  const char *metadata;    /* with llvm/ptx: where to write the kernels' metadata JSON */
  const tgpu_target *target;
  emit_kind emit;
  bool verify;
  bool print_after_all;
  unsigned print_flags;    /* IR_PRINT_* */
  const ir_pass *passes[MAX_PASSES];
  size_t npasses;
} opts;

static const char usage[] =
    "usage: tilec-opt FILE|- [options]\n"
    "\n"
    "Parses textual tile/tgpu IR, verifies it, runs passes in order and prints the result.\n"
    "\n"
    "  --PASS                  run PASS (repeatable, in order)\n"
    "  --passes=a,b            run passes a then b\n"
    "  -o PATH                 output file (default: stdout)\n"
    "  --no-verify             do not verify after parsing and after each pass\n"
    "  --print-ir-after-all    print the IR after every pass to stderr\n"
    "  --no-locations          print IR without the loc(...) after each op\n"
    "  --emit=KIND             ir (default), llvm, llvm-opt, ptx\n"
    "                          (llvm: LLVM IR as converted, before optimization; llvm-opt: after it)\n"
    "  --arch ARCH             target for llvm/ptx when the module has no tgpu.target\n"
    "                          (default sm_90a; the targets are listed below)\n"
    "  --metadata=PATH         with llvm/llvm-opt/ptx: also write the metadata JSON\n"
    "                          (docs/metadata.md)\n"
    "  --help                  print this help\n";

static void print_help(void) {
  fputs(usage, stdout);
  size_t n = 0;
  const ir_pass *const *all = tilec_pass_registry(&n);
  sup_strbuf names = {0};
  tgpu_target_names(&names);
  printf("\ntargets: %s\n", sup_strbuf_cstr(&names));
  sup_strbuf_free(&names);
  fputs("\npasses:\n", stdout);
  for (size_t i = 0; i < n; i++)
    printf("  --%-28s %s\n", all[i]->name, all[i]->summary ? all[i]->summary : "");
}

static bool add_pass(opts *o, const char *name, size_t len) {
  char buf[128];
  if (len >= sizeof buf) len = sizeof buf - 1;
  memcpy(buf, name, len);
  buf[len] = 0;
  const ir_pass *p = tilec_pass_lookup(buf);
  if (!p) {
    fprintf(stderr, "tilec-opt: error: unknown pass '%s'\n", buf);
    return false;
  }
  if (o->npasses == MAX_PASSES) {
    fprintf(stderr, "tilec-opt: error: too many passes\n");
    return false;
  }
  o->passes[o->npasses++] = p;
  return true;
}

static bool add_pass_list(opts *o, const char *list) {
  while (*list) {
    const char *comma = strchr(list, ',');
    size_t len = comma ? (size_t)(comma - list) : strlen(list);
    if (len && !add_pass(o, list, len)) return false;
    list += len + (comma ? 1 : 0);
  }
  return true;
}

static bool parse_emit(opts *o, const char *v) {
  if (strcmp(v, "ir") == 0) o->emit = EMIT_IR;
  else if (strcmp(v, "llvm") == 0) o->emit = EMIT_LLVM;
  else if (strcmp(v, "llvm-opt") == 0) o->emit = EMIT_LLVM_OPT;
  else if (strcmp(v, "ptx") == 0) o->emit = EMIT_PTX;
  else {
    fprintf(stderr, "tilec-opt: error: unknown --emit kind '%s' (ir, llvm, llvm-opt, ptx)\n", v);
    return false;
  }
  return true;
}

/* Returns 0 to go on, 1 on a usage error, 2 after --help. */
static int parse_args(opts *o, int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      print_help();
      return 2;
    }
    if ((strcmp(a, "-o") == 0 || strcmp(a, "--arch") == 0) && i + 1 >= argc) {
      fprintf(stderr, "tilec-opt: error: %s needs a value\n", a);
      return 1;
    }
    if (strcmp(a, "-o") == 0) o->output = argv[++i];
    else if (strcmp(a, "--arch") == 0) o->arch = argv[++i];
    else if (strncmp(a, "--arch=", 7) == 0) o->arch = a + 7;
    else if (strncmp(a, "--metadata=", 11) == 0) o->metadata = a + 11;
    else if (strcmp(a, "--no-verify") == 0) o->verify = false;
    else if (strcmp(a, "--print-ir-after-all") == 0) o->print_after_all = true;
    else if (strcmp(a, "--no-locations") == 0) o->print_flags |= IR_PRINT_NO_LOCATIONS;
    else if (strncmp(a, "--emit=", 7) == 0) {
      if (!parse_emit(o, a + 7)) return 1;
    } else if (strncmp(a, "--passes=", 9) == 0) {
      if (!add_pass_list(o, a + 9)) return 1;
    } else if (strncmp(a, "--", 2) == 0 && a[2]) {
      if (!add_pass(o, a + 2, strlen(a + 2))) return 1;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "tilec-opt: error: unknown option '%s'\n", a);
      return 1;
    } else if (o->input) {
      fprintf(stderr, "tilec-opt: error: more than one input file\n");
      return 1;
    } else {
      o->input = a;
    }
  }
  if (!o->input) {
    fprintf(stderr, "tilec-opt: error: no input file (use '-' for stdin)\n%s", usage);
    return 1;
  }
  return 0;
}

static void dump_after(void *user, unsigned index, const ir_pass *p, ir_module *m, double secs) {
  const opts *o = user;
  (void)secs;
  fprintf(stderr, "// -----// IR Dump After %s (%u) //----- //\n", p->name, index);
  ir_print_to_file_flags(m->op, o->print_flags, stderr);
}

static bool write_output(const char *path, const char *text) {
  if (!path || strcmp(path, "-") == 0) {
    fputs(text, stdout);
    return fflush(stdout) == 0;
  }
  int err = sup_write_file_atomic(path, text, strlen(text));
  if (err) fprintf(stderr, "tilec-opt: error: cannot write '%s': %s\n", path, strerror(err));
  return err == 0;
}

/* The metadata JSON of the converted kernels, as tilec writes it beside its output. */
static bool write_metadata(ir_module *m, const opts *o, cg_module *cm) {
  drv_meta_part part;
  bool ok = drv_unit_meta(m, cm, &part);
  char *json = ok ? drv_metadata_json(cg_module_target(cm)->name, &part, 1) : NULL;
  ok = json && write_output(o->metadata, json);
  free(json);
  drv_meta_part_free(&part);
  return ok;
}

/* Converts a tgpu module to LLVM IR (before or after the optimization step) or PTX text
 * (heap string), NULL after an error. The same steps as tilec's --emit. */
static char *emit_machine(ir_context *ctx, ir_module *m, const opts *o) {
  cg_options co = {o->target, NULL, 3};
  cg_module *cm = cg_convert(m, &co);
  if (!cm) return NULL;
  char *text = NULL;
  if (o->emit == EMIT_LLVM) text = cg_module_print_llvm(cm);
  else if (o->emit == EMIT_PTX) text = cg_emit_ptx(cm, ctx);
  else if (cg_optimize(cm, ctx)) text = cg_module_print_llvm(cm);
  if (text && o->metadata && !write_metadata(m, o, cm)) {
    free(text);
    text = NULL;
  }
  cg_module_destroy(cm);
  return text;
}

static int run(ir_context *ctx, const opts *o) {
  size_t len = 0;
  char *text = sup_read_file(o->input, &len);
  if (!text) {
    fprintf(stderr, "tilec-opt: error: cannot read '%s': %s\n", o->input, strerror(errno));
    return 1;
  }
  const char *name = strcmp(o->input, "-") == 0 ? "<stdin>" : o->input;
  ir_module *m = ir_parse_module(ctx, name, text, len);
  free(text);
  if (!m) return 1;
  int rc = 1;
  ir_pass_hooks hooks = {(void *)o, NULL, dump_after};
  if (o->verify && !ir_verify(m)) goto done;
  if (!ir_run_passes(m, o->passes, o->npasses, o->verify, o->print_after_all ? &hooks : NULL))
    goto done;
  char *out = o->emit == EMIT_IR ? ir_print_to_string_flags(m->op, o->print_flags)
                                 : emit_machine(ctx, m, o);
  if (!out && !diag_error_count(ir_context_diag(ctx))) ir_context_note_oom(ctx);
  if (!out) goto done;
  rc = write_output(o->output, out) ? 0 : 1;
  free(out);
done:
  ir_module_destroy(m);
  if (rc == 0 && diag_error_count(ir_context_diag(ctx))) rc = 1;
  return rc;
}

/* Diagnostics without a source location are the command's own: they carry its name. */
static void print_diagnostic(void *user, diag_severity sev, diag_loc loc, const char *message,
                             const char *rendered) {
  (void)user, (void)sev, (void)message;
  fprintf(stderr, "%s%s\n", loc.file ? "" : "tilec-opt: ", rendered);
}

int main(int argc, char **argv) {
  opts o = {0};
  o.verify = true;
  int a = parse_args(&o, argc, argv);
  if (a) return a == 2 ? 0 : 1;
  ir_context *ctx = ir_context_create();
  if (!ctx) {
    fprintf(stderr, "tilec-opt: error: out of memory\n");
    return 1;
  }
  diag_engine_set_handler(ir_context_diag(ctx), print_diagnostic, NULL);
  tile_register_dialect(ctx);
  tgpu_register_dialect(ctx);
  diag_engine_set_read_sources(ir_context_diag(ctx), true);
  o.target = o.arch ? tgpu_target_get(ctx, (ir_loc){0}, o.arch) : tgpu_target_default();
  int rc = o.target ? run(ctx, &o) : 1;
  ir_context_destroy(ctx);
  return rc;
}
