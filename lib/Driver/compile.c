/* tilec_compile: source -> (tile IR -> passes -> tgpu IR -> LLVM IR) -> PTX or cubin.
 *
 * The pipeline itself is the list in lib/Transforms/passes.c; this file only sequences the
 * levels, adapts callbacks (diagnostics, IR dumps, timings) and packages the result. Every
 * call owns its own context: nothing is shared between calls. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Conversion/conversion.h"
#include "Dialect/Tile/tile.h"
#include "Dialect/TileGPU/target_info.h"
#include "Dialect/TileGPU/tgpu.h"
#include "Driver/driver.h"
#include "Frontend/ast.h"
#include "Frontend/frontend.h"
#include "Transforms/passes.h"

struct tilec_result {
  char *output;
  size_t output_len;
  char *metadata;
  size_t metadata_len;
  size_t nkernels;
  char **kernel_names;
  size_t nparts;            /* entries compiled apart (drv_compile_units) */
  drv_result_part *parts;
  size_t nimports;          /* the module search path's files the frontend read */
  char **imports;
};

const char *tilec_version(void) { return TILEC_VERSION; }

static void diag_adapter(void *user, diag_severity sev, diag_loc loc, const char *message,
                         const char *rendered);

ir_context *drv_context_create(const tilec_options *o) {
  ir_context *ctx = ir_context_create();
  if (!ctx) return NULL;
  if (o && o->on_diagnostic) diag_engine_set_handler(ir_context_diag(ctx), diag_adapter, (void *)o);
  tile_register_dialect(ctx);
  tgpu_register_dialect(ctx);
  return ctx;
}

/* ---- callback adapters ------------------------------------------------------------------ */

typedef struct compile_state {
  const tilec_options *opts;
  ir_context *ctx;
  unsigned pass_base;   /* index offset so that numbering continues across pipeline parts */
} compile_state;

static void diag_adapter(void *user, diag_severity sev, diag_loc loc, const char *message,
                         const char *rendered) {
  const tilec_options *o = user;
  tilec_diagnostic d = {(tilec_severity)sev, loc.file, loc.line, loc.col, message, rendered};
  o->on_diagnostic(o->diagnostic_user, &d);
}

static bool wants_ir(const tilec_options *o, const char *pass, const char *stage) {
  if (!o->on_ir) return false;
  return !o->ir_filter || o->ir_filter(o->ir_user, pass, stage);
}

static void report_ir(const tilec_options *o, unsigned index, const char *pass, const char *stage,
                      ir_module *m) {
  if (!wants_ir(o, pass, stage)) return;
  char *text = ir_print_to_string(m->op);
  if (!text) return ir_context_note_oom(m->ctx);
  o->on_ir(o->ir_user, index, pass, stage, text, strlen(text));
  free(text);
}

static void hook_before(void *user, unsigned index, const ir_pass *p, ir_module *m) {
  compile_state *st = user;
  report_ir(st->opts, st->pass_base + index + 1, p->name, "before", m);
}

static void hook_after(void *user, unsigned index, const ir_pass *p, ir_module *m, double secs) {
  compile_state *st = user;
  report_ir(st->opts, st->pass_base + index + 1, p->name, "after", m);
  if (st->opts->on_timing) st->opts->on_timing(st->opts->timing_user, p->name, secs);
}

/* ---- result packaging ------------------------------------------------------------------- */

/* Takes output (heap); NULL when out of memory (output freed). */
static tilec_result *result_new(char *output, size_t len) {
  tilec_result *r = calloc(1, sizeof *r);
  if (!r) {
    free(output);
    return NULL;
  }
  r->output = output;
  r->output_len = len;
  return r;
}

/* False when out of memory. */
static bool result_set_kernels(tilec_result *r, ir_module *m) {
  size_t n = 0;
  for (ir_op *op = ir_module_body(m)->first; op; op = op->next) n += drv_is_kernel(op);
  r->kernel_names = calloc(n ? n : 1, sizeof *r->kernel_names);
  if (!r->kernel_names) return false;
  for (ir_op *op = ir_module_body(m)->first; op; op = op->next) {
    if (!drv_is_kernel(op)) continue;
    const char *name = ir_op_get_string_attr(op, "sym_name");
    if (!(r->kernel_names[r->nkernels] = strdup(name ? name : ""))) return false;
    r->nkernels++;
  }
  return true;
}

/* The frontend's TILEC_ATTR_IMPORTS. False when out of memory. */
static bool result_set_imports(tilec_result *r, ir_module *m) {
  const ir_attr *a = ir_op_get_attr(m->op, TILEC_ATTR_IMPORTS);
  if (!a || a->kind != IR_ATTR_ARRAY || !a->count) return true;
  if (!(r->imports = calloc(a->count, sizeof *r->imports))) return false;
  for (unsigned i = 0; i < a->count; i++)
    if (!(r->imports[r->nimports++] = strdup(a->elems[i]->str ? a->elems[i]->str : ""))) return false;
  return true;
}

/* False when out of memory. */
static bool result_set_metadata(tilec_result *r, ir_module *m, const char *arch, cg_module *cm) {
  drv_meta_part part;
  bool ok = drv_unit_meta(m, cm, &part);
  if (ok) r->metadata = drv_metadata_json(arch, &part, 1);
  r->metadata_len = r->metadata ? strlen(r->metadata) : 0;
  drv_meta_part_free(&part);
  return r->metadata != NULL;
}

bool drv_unit_meta(ir_module *m, cg_module *cm, drv_meta_part *out) {
  size_t n = cm ? cg_num_kernels(cm) : 0;
  drv_kernel_facts *facts = calloc(n ? n : 1, sizeof *facts);
  if (!facts) return *out = (drv_meta_part){0}, false;
  for (size_t i = 0; i < n; i++) {
    facts[i].name = cg_kernel(cm, i)->name;
    facts[i].shared_bytes = cg_kernel(cm, i)->shared_bytes;
  }
  bool ok = drv_metadata_part(m, facts, n, out);
  free(facts);
  return ok;
}

tilec_result *drv_result_new(char *output, size_t len, char *metadata, drv_result_part *parts, size_t nparts) {
  tilec_result *r = result_new(output, len);
  if (r) {
    r->metadata = metadata, r->metadata_len = metadata ? strlen(metadata) : 0;
    r->parts = parts, r->nparts = nparts;
    r->kernel_names = calloc(nparts ? nparts : 1, sizeof *r->kernel_names);
    for (size_t i = 0; r->kernel_names && i < nparts; i++)
      if ((r->kernel_names[r->nkernels] = strdup(parts[i].entry))) r->nkernels++;
    if (r->kernel_names && r->nkernels == nparts && metadata) return r;
    tilec_result_free(r);
    return NULL;
  }
  free(metadata);
  for (size_t i = 0; i < nparts; i++) drv_result_part_free(&parts[i]);
  free(parts);
  return NULL;
}

void drv_result_part_free(drv_result_part *p) {
  free(p->entry);
  free(p->output);
  free(p->metadata);
}

/* ---- stages ----------------------------------------------------------------------------- */

/* The target of the options (the default when unset); NULL after an error. */
static const tgpu_target *options_target(ir_context *ctx, const tilec_options *o) {
  if (!o->arch) return tgpu_target_default();
  return tgpu_target_get(ctx, (ir_loc){0}, o->arch);
}

/* The embedding API checks everything it is given before any work (defensive checks: a
 * caller's mistake is an error diagnostic, never a crash or a silent default). */
static bool check_define_list(ir_context *ctx, const char *what, const tilec_define *d, size_t n) {
  ir_loc none = {0};
  if (n && !d) {
    ir_emit_error(ctx, none, "tilec_options: %s is NULL but n%s is %zu", what, what, n);
    return false;
  }
  bool ok = true;
  for (size_t i = 0; d && i < n; i++)
    if (!d[i].name || !d[i].value)
      ok = false, ir_emit_error(ctx, none, "tilec_options: %s[%zu] has a NULL %s", what, i,
                                d[i].name ? "value" : "name");
  return ok;
}

static bool check_api_args(ir_context *ctx, const char *source, size_t len, const tilec_options *o) {
  ir_loc none = {0};
  bool ok = true;
  if (!source && len)
    ok = false, ir_emit_error(ctx, none, "tilec_compile: source is NULL but len is %zu", len);
  ok = check_define_list(ctx, "defines", o->defines, o->ndefines) && ok;
  ok = check_define_list(ctx, "launch_values", o->launch_values, o->nlaunch_values) && ok;
  if (o->nkernels && !o->kernels)
    ok = false, ir_emit_error(ctx, none, "tilec_options: kernels is NULL but nkernels is %zu", o->nkernels);
  for (size_t i = 0; o->kernels && i < o->nkernels; i++)
    if (!o->kernels[i]) ok = false, ir_emit_error(ctx, none, "tilec_options: kernels[%zu] is NULL", i);
  if (o->nmodule_paths && !o->module_paths)
    ok = false, ir_emit_error(ctx, none, "tilec_options: module_paths is NULL but nmodule_paths is %zu",
                              o->nmodule_paths);
  for (size_t i = 0; o->module_paths && i < o->nmodule_paths; i++)
    if (!o->module_paths[i]) ok = false, ir_emit_error(ctx, none, "tilec_options: module_paths[%zu] is NULL", i);
    else if (!sup_path_is_dir(o->module_paths[i]))
      ok = false, ir_emit_error(ctx, none, "tilec_options: module_paths[%zu] '%s' is not a directory", i,
                                o->module_paths[i]);
  if (o->nsignatures && (!o->signatures || o->nsignatures != o->nkernels || o->signature))
    ok = false, ir_emit_error(ctx, none, "tilec_options: signatures must hold one entry per kernel (nsignatures "
                              "%zu, nkernels %zu), with signature NULL", o->nsignatures, o->nkernels);
  if ((unsigned)o->emit > (unsigned)TILEC_EMIT_LLVM_OPT)
    ok = false, ir_emit_error(ctx, none, "tilec_options: emit = %d is not a tilec_emit value", (int)o->emit);
  if (o->opt_level < 0 || o->opt_level > 3)
    ok = false, ir_emit_error(ctx, none, "tilec_options: opt_level = %d (expected 0 to 3)", o->opt_level);
  if (o->maxnreg > 255)
    ok = false, ir_emit_error(ctx, none, "tilec_options: maxnreg = %u (expected 0 to 255; 0: none)", o->maxnreg);
  /* a device file such as /dev/zero would be read forever */
  if (o->libdevice_path && sup_path_is_special(o->libdevice_path))
    ok = false, ir_emit_error(ctx, none, "tilec_options: libdevice_path '%s' is not a regular file",
                              o->libdevice_path);
  return ok;
}

static bool check_options(ir_context *ctx, const tilec_options *o) {
  const tgpu_target *t = options_target(ctx, o);
  if (!t) return false;
  return !o->num_warps || tgpu_target_check_num_warps(ctx, (ir_loc){0}, t, o->num_warps);
}

static char *emit_ast(ir_context *ctx, const char *filename, const char *src, size_t len) {
  sup_arena *arena = sup_arena_create();
  if (!arena) return NULL;
  ir_context_watch_arena(ctx, arena);
  fe_file *f = fe_parse(ctx, arena, filename, src, len);
  char *out = NULL;
  if (f && !ir_context_failed(ctx)) {
    sup_strbuf b = {0};
    fe_ast_print(f, &b);
    out = sup_strbuf_take(&b);
  }
  sup_arena_destroy(arena);
  return out;
}

/* --num-stages: the module default, and it overrides each function's own (autotune) value,
 * as --num-warps does. */
static void set_num_stages(ir_module *m, unsigned n) {
  const ir_attr *a = ir_i32_attr(m->ctx, (int64_t)n);
  ir_op_set_attr(m->op, TGPU_ATTR_NUM_STAGES, a);
  for (ir_op *f = ir_module_body(m)->first; f; f = f->next)
    if (ir_op_get_attr(f, TGPU_ATTR_NUM_STAGES)) ir_op_set_attr(f, TGPU_ATTR_NUM_STAGES, a);
}

ir_module *drv_frontend(ir_context *ctx, const char *filename, const char *src, size_t len,
                        const tilec_options *o, const char *kernel, int variant) {
  size_t nd = o->ndefines, nl = o->nlaunch_values;
  const tgpu_target *target = options_target(ctx, o);
  if (!target) return NULL; /* reported */
  fe_define *defs = calloc(nd + nl + 1, sizeof *defs);
  if (!defs) return ir_context_note_oom(ctx), NULL;
  for (size_t i = 0; i < nd; i++) defs[i] = (fe_define){o->defines[i].name, o->defines[i].value};
  for (size_t i = 0; i < nl; i++)
    defs[nd + i] = (fe_define){o->launch_values[i].name, o->launch_values[i].value};
  fe_options fo = {o->signature, defs, nd, o->kernels, o->nkernels, o->num_warps, false, 0, false};
  fo.launch_values = defs + nd, fo.nlaunch_values = nl;
  fo.num_stages = o->num_stages;
  fo.maxnreg = o->maxnreg;
  fo.target_name = target->name, fo.target_has_tma = tgpu_target_has(target, TGPU_FEATURE_TMA);
  fo.target_sm = target->sm;
  /* TMA copies pipeline into wgmma's operands only: with --no-wgmma the loads of in-kernel
   * descriptors and block pointers stay on cp.async, which pipelines for mma.sync */
  fo.desc_tma = tgpu_target_has(target, TGPU_FEATURE_TENSORMAP) && o->desc_tma >= 0 && o->wgmma >= 0;
  fo.warn_skipped = o->warn_skipped > 0 && !kernel; /* once: not again per entry */
  fo.no_skip = o->no_skip > 0;
  fo.signatures = o->signatures, fo.nsignatures = o->nsignatures;
  fo.module_paths = o->module_paths, fo.nmodule_paths = o->nmodule_paths;
  if (kernel) {
    /* an entry compiled apart: its own signature, if the kernels have theirs */
    for (size_t i = 0; i < o->nsignatures && i < o->nkernels; i++)
      if (!strcmp(o->kernels[i], kernel)) fo.signature = o->signatures[i];
    fo.signatures = NULL, fo.nsignatures = 0;
    fo.kernels = &kernel, fo.nkernels = 1, fo.is_unit = true;
  }
  if (kernel && variant >= 0) fo.one_variant = true, fo.variant = (unsigned)variant;
  ir_module *m = fe_compile_source(ctx, filename, src, len, &fo);
  free(defs);
  if (m) {
    ir_op_set_attr(m->op, TGPU_ATTR_TARGET, ir_string_attr(ctx, target->name));
    if (o->num_stages) set_num_stages(m, o->num_stages);
    if (o->wgmma < 0) ir_op_set_attr(m->op, TGPU_ATTR_WGMMA, ir_bool_attr(ctx, false));
    if (o->cp_async_fence > 0) ir_op_set_attr(m->op, TGPU_ATTR_CP_ASYNC_FENCE, ir_bool_attr(ctx, true));
    report_ir(o, 0, "frontend", "after", m);
  }
  return m;
}

static bool verify_each(void) {
#ifdef TILEC_VERIFY_EACH_PASS
  return true;
#else
  const char *v = getenv("TILEC_VERIFY");
  return v && strcmp(v, "1") == 0;
#endif
}

static bool run_pipeline(ir_module *m, bool tile_only, compile_state *st) {
  size_t n;
  const ir_pass *const *passes = tilec_pipeline(tile_only, &n);
  ir_pass_hooks hooks = {st, hook_before, hook_after};
  return ir_run_passes(m, passes, n, verify_each(), &hooks);
}

static char *emit_ir_text(ir_module *m, size_t *out_len) {
  char *s = ir_print_to_string(m->op);
  *out_len = s ? strlen(s) : 0;
  return s;
}

/* Text output: takes s (heap, may be NULL after an error or out of memory). */
static bool take_text(ir_context *ctx, char *s, char **out, size_t *out_len) {
  if (!s && !diag_error_count(ir_context_diag(ctx))) ir_context_note_oom(ctx);
  *out = s;
  *out_len = s ? strlen(s) : 0;
  return s != NULL;
}

/* Reports a step outside the pass pipeline (the frontend, the LLVM steps) to the timing
 * callback as if it were a pass, timed from *t0; *t0 becomes now. */
static void time_step(const tilec_options *o, const char *name, double *t0) {
  double t = ir_now_seconds();
  if (o->on_timing) o->on_timing(o->timing_user, name, t - *t0);
  *t0 = t;
}

/* Conversion and code generation, one step at a time: convert (--emit=llvm stops here),
 * optimize (--emit=llvm-opt stops here), PTX, cubin. Fills *out. */
static bool emit_machine(ir_context *ctx, ir_module *m, const tilec_options *o, cg_module **out_cm,
                         char **out, size_t *out_len) {
  cg_options co = {options_target(ctx, o), o->libdevice_path,
                   o->no_opt ? 0 : (o->opt_level ? o->opt_level : 3)};
  double t0 = ir_now_seconds();
  cg_module *cm = cg_convert(m, &co);
  if (!cm) return false;
  *out_cm = cm;
  time_step(o, "llvm: convert", &t0);
  if (o->emit == TILEC_EMIT_LLVM) return take_text(ctx, cg_module_print_llvm(cm), out, out_len);
  if (!cg_optimize(cm, ctx)) return false;
  time_step(o, "llvm: optimize", &t0);
  if (o->emit == TILEC_EMIT_LLVM_OPT) return take_text(ctx, cg_module_print_llvm(cm), out, out_len);
  char *ptx = cg_emit_ptx(cm, ctx);
  if (!ptx) return false;
  time_step(o, "llvm: ptx", &t0);
  if (o->emit != TILEC_EMIT_CUBIN) return take_text(ctx, ptx, out, out_len);
  unsigned char *bin = cg_ptxas(cm, ctx, ptx, out_len);
  free(ptx);
  if (bin) time_step(o, "ptxas", &t0);
  *out = (char *)bin;
  return bin != NULL;
}

bool drv_unit_ptx(ir_context *ctx, ir_module *m, const tilec_options *o, char **out_ptx, size_t *out_len,
                  drv_meta_part *out_meta) {
  compile_state st = {o, ctx, 0};
  cg_module *cm = NULL;
  *out_ptx = NULL;
  *out_meta = (drv_meta_part){0};
  bool ok = run_pipeline(m, false, &st) && emit_machine(ctx, m, o, &cm, out_ptx, out_len);
  if (ok && !drv_unit_meta(m, cm, out_meta)) ok = false, ir_context_note_oom(ctx);
  if (cm) cg_module_destroy(cm);
  return ok;
}

static tilec_result *compile_module(ir_context *ctx, ir_module *m, const tilec_options *o) {
  compile_state st = {o, ctx, 0};
  char *out = NULL;
  size_t len = 0;
  cg_module *cm = NULL;
  if (o->emit == TILEC_EMIT_FRONTEND) {
    out = emit_ir_text(m, &len);
  } else if (!run_pipeline(m, o->emit == TILEC_EMIT_TILE, &st)) {
    return NULL;
  } else if (o->emit == TILEC_EMIT_TILE || o->emit == TILEC_EMIT_TGPU) {
    out = emit_ir_text(m, &len);
  } else if (!emit_machine(ctx, m, o, &cm, &out, &len)) {
    free(out);
    out = NULL;
  }
  tilec_result *r = out ? result_new(out, len) : NULL;
  if (r && !(result_set_kernels(r, m) && result_set_metadata(r, m, options_target(ctx, o)->name, cm))) {
    tilec_result_free(r);
    r = NULL;
  }
  if (cm) cg_module_destroy(cm);
  if (!r && !diag_error_count(ir_context_diag(ctx))) ir_context_note_oom(ctx);
  return r;
}

/* No context (out of memory before anything could be reported through one): the error goes
 * to the callback, or stderr, directly. */
static int report_no_context(const tilec_options *o, const char *message) {
  char rendered[160];
  snprintf(rendered, sizeof rendered, "error: %s", message);
  tilec_diagnostic d = {TILEC_SEVERITY_ERROR, NULL, 0, 0, message, rendered};
  if (o->on_diagnostic) o->on_diagnostic(o->diagnostic_user, &d);
  else fprintf(stderr, "%s\n", d.rendered);
  return 1;
}

int tilec_compile(const char *filename, const char *source, size_t len, const tilec_options *opts,
                  tilec_result **out_result) {
  tilec_options dflt = {0};
  const tilec_options *o = opts ? opts : &dflt;
  if (!out_result) return report_no_context(o, "tilec_compile: out_result is NULL");
  *out_result = NULL;
  ir_context *ctx = drv_context_create(o);
  if (!ctx) return report_no_context(o, "out of memory");
  diag_engine *de = ir_context_diag(ctx);
  if (!filename) filename = "<input>";
  tilec_result *r = NULL;
  if (ir_context_failed(ctx) || !check_api_args(ctx, source, len, o) || !check_options(ctx, o)) {
    /* reported */
  } else if (o->emit == TILEC_EMIT_AST) {
    char *ast = emit_ast(ctx, filename, source, len);
    if (ast) r = result_new(ast, strlen(ast));
    if (!r && !diag_error_count(de)) ir_context_note_oom(ctx);
  } else {
    double t0 = ir_now_seconds();
    ir_module *m = drv_frontend(ctx, filename, source, len, o, NULL, -1);
    time_step(o, "frontend", &t0);
    if (m && drv_wants_units(m, o)) {
      r = drv_compile_units(ctx, m, filename, source, len, o, options_target(ctx, o)->name);
    } else if (m) {
      r = compile_module(ctx, m, o);
    }
    if (r && !result_set_imports(r, m)) {
      tilec_result_free(r);
      r = NULL;
      ir_context_note_oom(ctx);
    }
    if (m) ir_module_destroy(m);
  }
  unsigned errors = diag_error_count(de);
  if (r && errors) {
    tilec_result_free(r);
    r = NULL;
  }
  if (!r && !errors) {
    ir_loc none = {0};
    ir_emit_error(ctx, none, "internal error: compilation failed without a diagnostic");
    errors = 1;
  }
  ir_context_destroy(ctx);
  *out_result = r;
  return r ? 0 : (int)errors;
}

const char *tilec_result_output(const tilec_result *r, size_t *out_len) {
  if (out_len) *out_len = r ? r->output_len : 0;
  return r ? r->output : NULL;
}

const char *tilec_result_metadata(const tilec_result *r, size_t *out_len) {
  if (out_len) *out_len = r && r->metadata ? r->metadata_len : 0;
  return r && r->metadata ? r->metadata : "";
}

size_t tilec_result_kernel_count(const tilec_result *r) { return r ? r->nkernels : 0; }

const char *tilec_result_kernel_name(const tilec_result *r, size_t i) {
  return r && i < r->nkernels ? r->kernel_names[i] : NULL;
}

size_t tilec_result_import_count(const tilec_result *r) { return r ? r->nimports : 0; }

const char *tilec_result_import(const tilec_result *r, size_t i) {
  return r && i < r->nimports ? r->imports[i] : NULL;
}

size_t tilec_result_part_count(const tilec_result *r) { return r ? r->nparts : 0; }

const char *tilec_result_part_entry(const tilec_result *r, size_t i) {
  return r && i < r->nparts ? r->parts[i].entry : NULL;
}

const char *tilec_result_part_output(const tilec_result *r, size_t i, size_t *out_len) {
  bool ok = r && i < r->nparts;
  if (out_len) *out_len = ok ? r->parts[i].output_len : 0;
  return ok ? r->parts[i].output : NULL;
}

const char *tilec_result_part_metadata(const tilec_result *r, size_t i, size_t *out_len) {
  bool ok = r && i < r->nparts;
  if (out_len) *out_len = ok ? strlen(r->parts[i].metadata) : 0;
  return ok ? r->parts[i].metadata : NULL;
}

void tilec_result_free(tilec_result *r) {
  if (!r) return;
  for (size_t i = 0; i < r->nparts; i++) drv_result_part_free(&r->parts[i]);
  free(r->parts);
  for (size_t i = 0; i < r->nkernels; i++) free(r->kernel_names[i]);
  free(r->kernel_names);
  for (size_t i = 0; i < r->nimports; i++) free(r->imports[i]);
  free(r->imports);
  free(r->output);
  free(r->metadata);
  free(r);
}
