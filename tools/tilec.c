/* tilec: the command line. `tilec kernel.tir -o kernel.ptx` compiles every kernel in the
 * file to PTX and writes kernel.json (metadata) beside it. See `tilec --help`.
 *
 * This file only parses arguments and moves bytes; the compile is tilec_compile. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "Dialect/TileGPU/target_info.h"
#include "Support/support.h"
#include "Transforms/passes.h"
#include "tilec/tilec.h"

#define MAX_LIST 64

typedef struct cli {
  const char *input;
  const char *output;
  const char *metadata_path;
  const char *deps_path;
  const char *dump_dir;
  tilec_options opts;
  tilec_define defines[MAX_LIST];
  tilec_define launch_values[MAX_LIST];
  const char *kernels[MAX_LIST];
  const char *signatures[MAX_LIST]; /* the --signature given after each --kernel, or NULL */
  const char *signature;            /* one given before any --kernel */
  const char *module_paths[MAX_LIST];
  const char *print_after[MAX_LIST];
  size_t nprint_after;
  const char *print_before[MAX_LIST];
  size_t nprint_before;
  int print_all;
  int pass_timing;
  int dump_failed;
  int print_targets;
  int variants;
  double timing_total;
  sup_strbuf timing;
} cli;

static const char usage[] =
    "usage: tilec FILE.tir [options]\n"
    "\n"
    "Compiles Triton-language kernels (.tir) to PTX, with kernel metadata (JSON) beside it.\n"
    "\n"
    "  -o PATH                 output file ('-' for stdout); default: FILE with the emit's extension\n"
    "  --emit=KIND             ptx (default), cubin, llvm, llvm-opt, tgpu, tile, frontend, ast\n"
    "                          (llvm: LLVM IR as converted, before optimization; llvm-opt: after it)\n"
    "  -D NAME=VALUE           give a constexpr parameter a value (Python literal)\n"
    "  -I DIR                  look for the modules the file imports (its package's jit helpers and\n"
    "                          constants) under DIR, as Python's sys.path (repeatable, in order)\n"
    "  --launch-value NAME=V   a run-time parameter's value as a launch gives it, seen by\n"
    "                          @triton.heuristics and prune functions only (repeatable)\n"
    "  --signature SIG         Triton AOT signature, e.g. \"*fp32:16,*fp32:16,i32,1024\"; after a --kernel\n"
    "                          it is that kernel's (--kernel A --signature SA --kernel B --signature SB)\n"
    "  --kernel NAME           compile this entry point (repeatable); default: every uncalled jit function\n"
    "  --arch ARCH             target GPU (default sm_90a; see --print-targets)\n"
    "  --print-targets         list the accepted archs and their facts\n"
    "  --num-warps N           warps per program, a power of 2 up to 32 (default: the kernel's own, else 4)\n"
    "  --num-stages N          software pipelining stages, stored for the pipeliner (default: unset)\n"
    "  --maxnreg N             per-thread register limit of every entry (PTX .maxnreg; default: the configs' maxnreg, else none)\n"
    "  --no-wgmma              dots use mma.sync on sm_90a too (default: wgmma where the target has it)\n"
    "  --no-desc-tma           in-kernel tensor descriptors and block pointers are read through pointers,\n"
    "                          not TMA (default on sm_90a: TMA where allowed; descriptors then need\n"
    "                          16-byte aligned bases and strides, docs/pipelining.md)\n"
    "  --cp-async-fence        keep fence.proxy.async before a wgmma that reads cp.async stages (the\n"
    "                          PTX ISA's strict proxy rule; default: none, as CUTLASS and Triton)\n"
    "  --warn-skipped          warn for each module-level statement tilec does not run (torch code,\n"
    "                          classes, tests: skipped; using a name one binds is an error)\n"
    "  --no-skip               skip none: such a statement is an error\n"
    "  --wgmma                 the default, accepted for compatibility\n"
    "  -O0                     skip LLVM optimization\n"
    "  --threads N             threads compiling autotune variants (default: min(variants, CPUs, 16))\n"
    "  --variants              one PTX and one JSON per entry: OUT.<entry>.ptx, OUT.<entry>.json\n"
    "                          (not with IR dumps or --pass-timing, which compile one module)\n"
    "  --metadata PATH         where to write the metadata JSON (default: output with .json)\n"
    "  --deps PATH             write a make rule: the output depends on FILE and the modules it\n"
    "                          imported from the -I directories\n"
    "  --print-ir-after-all    print the IR after every pass to stderr\n"
    "  --print-ir-after=PASS   print the IR after PASS (repeatable; 'frontend' for the frontend's output)\n"
    "  --print-ir-before=PASS  print the IR before PASS (repeatable)\n"
    "  --dump-dir DIR          write the IR after each pass to DIR/NN-PASS.ir (each parses back with tilec-opt)\n"
    "  --pass-timing           print the time of each pass and step (frontend, LLVM, ptxas) to stderr\n"
    "  --libdevice PATH        libdevice.10.bc to link (default: search the CUDA toolkit)\n"
    "  --version               print the version\n"
    "  --help                  print this help\n";

static int usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "tilec: error: ");
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\n(see tilec --help)\n");
  return 1;
}

static bool parse_emit(const char *s, tilec_emit *out) {
  static const struct { const char *name; tilec_emit e; } kinds[] = {
      {"ptx", TILEC_EMIT_PTX},   {"cubin", TILEC_EMIT_CUBIN},       {"llvm", TILEC_EMIT_LLVM},
      {"llvm-opt", TILEC_EMIT_LLVM_OPT},
      {"tgpu", TILEC_EMIT_TGPU}, {"tile", TILEC_EMIT_TILE},         {"frontend", TILEC_EMIT_FRONTEND},
      {"ast", TILEC_EMIT_AST},
  };
  for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
    if (strcmp(s, kinds[i].name) == 0) {
      *out = kinds[i].e;
      return true;
    }
  return false;
}

/* Returns the value of an option given as `--opt=V` or `--opt V`; advances *i. */
static const char *option_value(int argc, char **argv, int *i, const char *name) {
  size_t n = strlen(name);
  const char *a = argv[*i];
  if (strncmp(a, name, n) != 0) return NULL;
  if (a[n] == '=') return a + n + 1;
  if (a[n] == '\0' && *i + 1 < argc) return argv[++*i];
  if (a[n] == '\0') return "";
  return NULL;
}

/* NAME=VALUE into list[*n] (the name copied, the value borrowed from argv). */
static bool add_define(tilec_define *list, size_t *n, const char *spec) {
  const char *eq = strchr(spec, '=');
  if (!eq || eq == spec || *n >= MAX_LIST) return false;
  char *name = strndup(spec, (size_t)(eq - spec));
  if (!name) return false;
  list[(*n)++] = (tilec_define){name, eq + 1};
  return true;
}

/* A positive decimal count that fits an unsigned (limits are the compiler's to check). */
static bool parse_count(const char *v, unsigned *out) {
  char *end;
  errno = 0;
  long n = strtol(v, &end, 10);
  if (*v == '\0' || *end || n <= 0 || n > 0x7fffffffL || errno) return false;
  *out = (unsigned)n;
  return true;
}

static int parse_list_option(cli *c, const char *v, const char **list, size_t *count) {
  (void)c;
  if (*count >= MAX_LIST) return usage_error("too many uses of an option (%s)", v);
  list[(*count)++] = v;
  return 0;
}

/* --signature: with one --kernel (or none), the one given wherever it is; with several, each
 * kernel's own, given after it (a kernel without one keeps its annotations). */
static int pair_signatures(cli *c) {
  size_t n = c->opts.nkernels, given = 0;
  for (size_t i = 0; i < n; i++) given += c->signatures[i] != NULL;
  if (n <= 1) {
    if (c->signature && given) return usage_error("%s", "two --signature for the kernel");
    c->opts.signature = c->signature ? c->signature : given ? c->signatures[0] : NULL;
    return 0;
  }
  if (c->signature)
    return usage_error("%s", "--signature before the first of several --kernel: give each kernel its signature "
                       "after its --kernel");
  if (given) c->opts.signatures = c->signatures, c->opts.nsignatures = n;
  return 0;
}

static int parse_args(cli *c, int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(usage, stdout);
      exit(0);
    } else if (strcmp(a, "--version") == 0) {
      printf("tilec %s\n", tilec_version());
      exit(0);
    } else if (strcmp(a, "-o") == 0) {
      if (++i >= argc) return usage_error("%s needs a path", "-o");
      c->output = argv[i];
    } else if (strncmp(a, "-D", 2) == 0) {
      const char *spec = a[2] ? a + 2 : (++i < argc ? argv[i] : "");
      if (!add_define(c->defines, &c->opts.ndefines, spec))
        return usage_error("bad define '%s': expected -D NAME=VALUE", spec);
    } else if (strncmp(a, "-I", 2) == 0) {
      const char *dir = a[2] ? a + 2 : (++i < argc ? argv[i] : NULL);
      if (!dir || !*dir) return usage_error("%s needs a directory", "-I");
      if (parse_list_option(c, dir, c->module_paths, &c->opts.nmodule_paths)) return 1;
      c->opts.module_paths = c->module_paths;
    } else if ((v = option_value(argc, argv, &i, "--launch-value"))) {
      if (!add_define(c->launch_values, &c->opts.nlaunch_values, v))
        return usage_error("bad launch value '%s': expected --launch-value NAME=VALUE", v);
    } else if ((v = option_value(argc, argv, &i, "--emit"))) {
      if (!parse_emit(v, &c->opts.emit)) return usage_error("unknown --emit kind '%s'", v);
    } else if ((v = option_value(argc, argv, &i, "--signature"))) {
      /* after a --kernel: that kernel's; before any: the one kernel's */
      const char **slot = c->opts.nkernels ? &c->signatures[c->opts.nkernels - 1] : &c->signature;
      if (*slot) return usage_error("two --signature for %s", c->opts.nkernels ? c->kernels[c->opts.nkernels - 1] : "the kernel");
      *slot = v;
    } else if ((v = option_value(argc, argv, &i, "--kernel"))) {
      if (parse_list_option(c, v, c->kernels, &c->opts.nkernels)) return 1;
    } else if ((v = option_value(argc, argv, &i, "--arch"))) {
      c->opts.arch = v;
    } else if ((v = option_value(argc, argv, &i, "--num-warps"))) {
      if (!parse_count(v, &c->opts.num_warps)) return usage_error("bad --num-warps '%s'", v);
    } else if (!strcmp(argv[i], "--wgmma")) {
      c->opts.wgmma = 1;
    } else if (!strcmp(argv[i], "--no-desc-tma")) {
      c->opts.desc_tma = -1;
    } else if (!strcmp(argv[i], "--cp-async-fence")) {
      c->opts.cp_async_fence = 1;
    } else if (!strcmp(argv[i], "--warn-skipped")) {
      c->opts.warn_skipped = 1;
    } else if (!strcmp(argv[i], "--no-skip")) {
      c->opts.no_skip = 1;
    } else if (!strcmp(argv[i], "--no-wgmma")) {
      c->opts.wgmma = -1;
    } else if ((v = option_value(argc, argv, &i, "--num-stages"))) {
      if (!parse_count(v, &c->opts.num_stages)) return usage_error("bad --num-stages '%s'", v);
    } else if ((v = option_value(argc, argv, &i, "--maxnreg"))) {
      if (!parse_count(v, &c->opts.maxnreg) || c->opts.maxnreg > 255)
        return usage_error("bad --maxnreg '%s' (1 to 255)", v);
    } else if ((v = option_value(argc, argv, &i, "--threads"))) {
      if (!parse_count(v, &c->opts.num_threads)) return usage_error("bad --threads '%s'", v);
    } else if (strcmp(a, "--variants") == 0) {
      c->variants = 1;
      c->opts.split_entries = 1;
    } else if (strcmp(a, "--print-targets") == 0) {
      c->print_targets = 1;
    } else if ((v = option_value(argc, argv, &i, "--metadata"))) {
      c->metadata_path = v;
    } else if ((v = option_value(argc, argv, &i, "--deps"))) {
      c->deps_path = v;
    } else if ((v = option_value(argc, argv, &i, "--libdevice"))) {
      c->opts.libdevice_path = v;
    } else if ((v = option_value(argc, argv, &i, "--dump-dir"))) {
      c->dump_dir = v;
    } else if ((v = option_value(argc, argv, &i, "--print-ir-after"))) {
      if (strcmp(a, "--print-ir-after-all") == 0) c->print_all = 1;
      else if (parse_list_option(c, v, c->print_after, &c->nprint_after)) return 1;
    } else if (strcmp(a, "--print-ir-after-all") == 0) {
      c->print_all = 1;
    } else if ((v = option_value(argc, argv, &i, "--print-ir-before"))) {
      if (parse_list_option(c, v, c->print_before, &c->nprint_before)) return 1;
    } else if (strcmp(a, "--pass-timing") == 0) {
      c->pass_timing = 1;
    } else if (strcmp(a, "-O0") == 0) {
      c->opts.no_opt = 1;
    } else if (strcmp(a, "-O3") == 0) {
      c->opts.opt_level = 3;
    } else if (a[0] == '-' && a[1] != '\0') {
      return usage_error("unknown option '%s'", a);
    } else if (c->input) {
      return usage_error("more than one input file ('%s')", a);
    } else {
      c->input = a;
    }
  }
  if (!c->input && !c->print_targets) return usage_error("%s", "no input file");
  return pair_signatures(c);
}

/* ---- IR dumps ---------------------------------------------------------------------------- */

static bool in_list(const char *const *list, size_t n, const char *s) {
  for (size_t i = 0; i < n; i++)
    if (strcmp(list[i], s) == 0) return true;
  return false;
}

static int ir_filter(void *user, const char *pass, const char *stage) {
  cli *c = user;
  if (strcmp(stage, "before") == 0) return in_list(c->print_before, c->nprint_before, pass);
  return c->print_all || c->dump_dir || in_list(c->print_after, c->nprint_after, pass);
}

static void on_ir(void *user, unsigned index, const char *pass, const char *stage, const char *ir,
                  size_t len) {
  cli *c = user;
  bool after = strcmp(stage, "after") == 0;
  bool print = after ? (c->print_all || in_list(c->print_after, c->nprint_after, pass))
                     : in_list(c->print_before, c->nprint_before, pass);
  if (print) {
    fprintf(stderr, "// -----// IR Dump %s %s (%u) //----- //\n", after ? "After" : "Before", pass, index);
    fwrite(ir, 1, len, stderr);
    fputc('\n', stderr);
  }
  if (after && c->dump_dir) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%02u-%s.ir", c->dump_dir, index, pass);
    if (sup_write_file_atomic(path, ir, len) != 0 && !c->dump_failed) {
      fprintf(stderr, "tilec: error: cannot write '%s': %s\n", path, strerror(errno));
      c->dump_failed = 1;
    }
  }
}

static void on_timing(void *user, const char *pass, double seconds) {
  cli *c = user;
  c->timing_total += seconds;
  sup_strbuf_printf(&c->timing, "  %10.3f ms  %s\n", seconds * 1e3, pass);
}

/* ---- outputs ----------------------------------------------------------------------------- */

static const char *emit_extension(tilec_emit e) {
  switch (e) {
  case TILEC_EMIT_PTX: return ".ptx";
  case TILEC_EMIT_CUBIN: return ".cubin";
  case TILEC_EMIT_LLVM: return ".ll";
  case TILEC_EMIT_LLVM_OPT: return ".ll";
  case TILEC_EMIT_AST: return ".ast";
  default: return ".ir";
  }
}

/* PATH with its extension (after the last '/') replaced by ext; heap string. */
static char *replace_extension(const char *path, const char *ext) {
  const char *slash = strrchr(path, '/');
  const char *dot = strrchr(path, '.');
  size_t stem = (dot && (!slash || dot > slash)) ? (size_t)(dot - path) : strlen(path);
  char *s = malloc(stem + strlen(ext) + 1);
  if (!s) return NULL;
  memcpy(s, path, stem);
  strcpy(s + stem, ext);
  return s;
}

static int out_of_memory(void) {
  fprintf(stderr, "tilec: error: out of memory\n");
  return 1;
}

static int write_output(const char *path, const char *data, size_t len) {
  if (strcmp(path, "-") == 0) {
    fwrite(data, 1, len, stdout);
    return 0;
  }
  int err = sup_write_file_atomic(path, data, len);
  if (err) fprintf(stderr, "tilec: error: cannot write '%s': %s\n", path, strerror(err));
  return err ? 1 : 0;
}

/* --variants: PATH's stem + "." + entry + ext for each entry compiled apart. */
static int write_parts(const char *path, tilec_result *r) {
  int rc = 0;
  for (size_t i = 0; i < tilec_result_part_count(r) && !rc; i++) {
    const char *entry = tilec_result_part_entry(r, i);
    size_t len, mlen;
    const char *out = tilec_result_part_output(r, i, &len);
    const char *meta = tilec_result_part_metadata(r, i, &mlen);
    char *ext = malloc(strlen(entry) + 8), *ext2 = malloc(strlen(entry) + 8);
    char *p = NULL, *m = NULL;
    if (ext && ext2) {
      sprintf(ext, ".%s.ptx", entry), sprintf(ext2, ".%s.json", entry);
      p = replace_extension(path, ext), m = replace_extension(path, ext2);
    }
    rc = p && m ? write_output(p, out, len) || write_output(m, meta, mlen) : out_of_memory();
    free(ext), free(ext2), free(p), free(m);
  }
  return rc;
}

/* --deps: `OUTPUT: INPUT IMPORTS...` (spaces in names escaped as make reads them). */
static int write_deps(cli *c, const char *target, tilec_result *r) {
  sup_strbuf b = {0};
  const char *names[2] = {target, c->input};
  for (size_t i = 0; i < 2 + tilec_result_import_count(r); i++) {
    const char *s = i < 2 ? names[i] : tilec_result_import(r, i - 2);
    if (i) sup_strbuf_putc(&b, ' ');
    for (; *s; s++) {
      if (*s == ' ' || *s == '#') sup_strbuf_putc(&b, '\\');
      if (*s == '$') sup_strbuf_putc(&b, '$');
      sup_strbuf_putc(&b, *s);
    }
    if (!i) sup_strbuf_putc(&b, ':');
  }
  sup_strbuf_putc(&b, '\n');
  int rc = b.failed ? out_of_memory() : write_output(c->deps_path, sup_strbuf_cstr(&b), b.len);
  sup_strbuf_free(&b);
  return rc;
}

static int write_results(cli *c, tilec_result *r) {
  size_t len, mlen;
  const char *out = tilec_result_output(r, &len);
  char *dflt = NULL;
  const char *path = c->output;
  if (!path) {
    const char *base = strrchr(c->input, '/');
    path = dflt = replace_extension(base ? base + 1 : c->input, emit_extension(c->opts.emit));
    if (!path) return out_of_memory();
  }
  if (c->deps_path && write_deps(c, path, r)) {
    free(dflt);
    return 1;
  }
  /* --variants with IR callbacks (dumps, timing) compiles one module: written as one file */
  if (c->variants && tilec_result_part_count(r) && strcmp(path, "-") != 0) {
    int prc = write_parts(path, r);
    free(dflt);
    return prc;
  }
  int rc = write_output(path, out, len);
  bool machine = c->opts.emit == TILEC_EMIT_PTX || c->opts.emit == TILEC_EMIT_CUBIN;
  /* Metadata goes beside a regular output file only: never "/dev/null.json". */
  bool beside = strcmp(path, "-") != 0 && !sup_path_is_special(path);
  if (!rc && machine && (c->metadata_path || beside)) {
    char *mpath = c->metadata_path ? strdup(c->metadata_path) : replace_extension(path, ".json");
    const char *meta = tilec_result_metadata(r, &mlen);
    rc = mpath ? write_output(mpath, meta, mlen) : out_of_memory();
    free(mpath);
  }
  free(dflt);
  return rc;
}

/* Diagnostics without a source location are the command's own: they carry its name. */
static void print_diagnostic(void *user, const tilec_diagnostic *d) {
  (void)user;
  fprintf(stderr, "%s%s\n", d->file ? "" : "tilec: ", d->rendered);
}

static int print_targets(void) {
  sup_strbuf b = {0};
  tgpu_target_print_all(&b);
  fputs(sup_strbuf_cstr(&b), stdout);
  sup_strbuf_free(&b);
  return 0;
}

int main(int argc, char **argv) {
  cli c;
  memset(&c, 0, sizeof c);
  c.opts.defines = c.defines;
  c.opts.launch_values = c.launch_values;
  c.opts.kernels = c.kernels;
  int rc = parse_args(&c, argc, argv);
  if (rc) return rc;
  if (c.print_targets) return print_targets();
  c.opts.on_diagnostic = print_diagnostic;
  if (c.opts.nkernels == 0) c.opts.kernels = NULL;
  if (c.print_all || c.nprint_after || c.nprint_before || c.dump_dir) {
    c.opts.on_ir = on_ir;
    c.opts.ir_filter = ir_filter;
    c.opts.ir_user = &c;
  }
  if (c.dump_dir && mkdir(c.dump_dir, 0777) != 0 && errno != EEXIST) {
    fprintf(stderr, "tilec: error: cannot create '%s': %s\n", c.dump_dir, strerror(errno));
    return 1;
  }
  if (c.pass_timing) {
    c.opts.on_timing = on_timing;
    c.opts.timing_user = &c;
  }
  size_t len;
  char *src = sup_read_file(c.input, &len);
  if (!src) {
    fprintf(stderr, "tilec: error: cannot read '%s': %s\n", c.input, strerror(errno));
    return 1;
  }
  tilec_result *r = NULL;
  int errors = tilec_compile(c.input, src, len, &c.opts, &r);
  free(src);
  if (c.pass_timing) {
    fprintf(stderr, "===-- pass timing --===\n%s  %10.3f ms  total\n", sup_strbuf_cstr(&c.timing),
            c.timing_total * 1e3);
    sup_strbuf_free(&c.timing);
  }
  for (size_t i = 0; i < c.opts.ndefines; i++) free((char *)c.defines[i].name);
  for (size_t i = 0; i < c.opts.nlaunch_values; i++) free((char *)c.launch_values[i].name);
  if (errors) return 1;
  rc = write_results(&c, r);
  if (c.dump_dir && !rc) fprintf(stderr, "tilec: IR after each pass written to %s/\n", c.dump_dir);
  tilec_result_free(r);
  return rc || c.dump_failed;
}
