/* tilec: compile tile kernels (Triton's kernel language, .tir files) to PTX.
 *
 * Thread safety: no process-wide state. One tilec_compile call uses its own context; calls
 * may run concurrently on different threads.
 *
 * Errors: user errors (bad source, bad options) never exit or abort. They are delivered to
 * the diagnostic callback as located messages and the call returns a non-zero status. So
 * are internal failures: running out of memory or a broken invariant is reported as an
 * error diagnostic ("out of memory", "internal error: ...") and the call fails; the library
 * never aborts or exits the process (docs/embedding.md, "Errors and failures").
 */
#ifndef TILEC_TILEC_H
#define TILEC_TILEC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TILEC_VERSION_MAJOR 0
#define TILEC_VERSION_MINOR 1

/* Returns the version string ("0.1.0"); static storage. */
const char *tilec_version(void);

typedef enum tilec_severity {
  TILEC_SEVERITY_ERROR = 0,
  TILEC_SEVERITY_WARNING = 1,
  TILEC_SEVERITY_NOTE = 2,
  TILEC_SEVERITY_REMARK = 3,
} tilec_severity;

/* One diagnostic. `message` is the bare text, `rendered` the full
 * "file:line:col: error: message" form with the source line and a caret. `file` may be
 * NULL (no location). All strings are valid only during the call (non-owning views). */
typedef struct tilec_diagnostic {
  tilec_severity severity;
  const char *file;
  int line;
  int col;
  const char *message;
  const char *rendered;
} tilec_diagnostic;
typedef void (*tilec_diag_fn)(void *user, const tilec_diagnostic *diag);

/* Called around each pass with the IR as text, in the form that tilec-opt parses back.
 * `stage` is "before" or "after"; `index` counts passes from 0; `pass` is the pass name
 * (the frontend's output is reported once as pass "frontend", stage "after"). `ir` is
 * valid only during the call. */
typedef void (*tilec_ir_fn)(void *user, unsigned index, const char *pass, const char *stage,
                            const char *ir, size_t len);
/* Decides which passes the IR callback is called for (so that unwanted dumps cost
 * nothing). NULL: every pass, both stages. */
typedef int (*tilec_ir_filter_fn)(void *user, const char *pass, const char *stage);
/* Called after each pass with its wall time in seconds (for --pass-timing), and after each
 * step outside the pass pipeline under the names "frontend", "llvm: convert", "llvm:
 * optimize", "llvm: ptx" and "ptxas" (cubin output). */
typedef void (*tilec_timing_fn)(void *user, const char *pass, double seconds);

typedef enum tilec_emit {
  TILEC_EMIT_PTX = 0,   /* default */
  TILEC_EMIT_TILE,      /* tile IR after the tile-level passes */
  TILEC_EMIT_TGPU,      /* tgpu IR, ready for conversion */
  TILEC_EMIT_LLVM,      /* LLVM IR as converted, before the optimization step */
  TILEC_EMIT_CUBIN,     /* through ptxas; fails with an error when ptxas is not found */
  TILEC_EMIT_FRONTEND,  /* tile IR exactly as the frontend emits it, before any pass */
  TILEC_EMIT_AST,       /* the parsed AST as S-expressions (a debugging aid) */
  TILEC_EMIT_LLVM_OPT,  /* LLVM IR after the optimization step (libdevice linked, O3) */
} tilec_emit;

typedef struct tilec_define {
  const char *name;   /* constexpr parameter name */
  const char *value;  /* Python literal: "1024", "True", "None", "0.5" */
} tilec_define;

/* Compile options. Zero-initialize, then set what you need (all pointers borrowed for
 * the duration of the call). */
typedef struct tilec_options {
  const char *arch;                 /* sm_80, sm_86, sm_89, sm_90, sm_90a (default) */
  unsigned num_warps;               /* 0: the kernel's own, else 4; at most 32 */
  const char *signature;            /* Triton AOT signature; NULL: annotations */
  const tilec_define *defines;
  size_t ndefines;
  const char *const *kernels;       /* entry points; NULL: every uncalled jit function */
  size_t nkernels;
  tilec_emit emit;
  int opt_level;                    /* 3 (default when 0 and !no_opt) or 0 */
  int no_opt;                       /* -O0 */
  const char *libdevice_path;       /* NULL: search the CUDA toolkit */
  tilec_diag_fn on_diagnostic;      /* NULL: diagnostics go to stderr */
  void *diagnostic_user;
  tilec_ir_fn on_ir;                /* NULL: no IR dumps (and no printing cost) */
  tilec_ir_filter_fn ir_filter;
  void *ir_user;
  tilec_timing_fn on_timing;
  void *timing_user;
  unsigned num_stages;              /* 0: not set; else stored as tgpu.num_stages (pipelining) */
  int wgmma;                        /* dots use wgmma where the target has it (sm_90a) unless
                                       this is negative (then mma.sync); 0 and positive: the
                                       default, wgmma (docs/dot.md) */
  /* Autotuned kernels (docs/tuning.md): each kept config is an entry point (<kernel> for the
   * first, <kernel>__v<i> for config i). For PTX output without IR or timing callbacks the
   * entries compile apart, in parallel, and their PTX is merged in entry order (identical
   * for any thread count). */
  unsigned num_threads;             /* threads for that: 0 = min(entries, CPUs, 16); 1 = serial */
  int split_entries;                /* compile every entry apart even without autotune (the
                                       result's parts then hold one PTX per entry) */
  /* Called on a pool thread as soon as an entry compiled apart has its PTX, so that slow
   * work on it (libtilert assembles it to a cubin) overlaps the other entries' compiles.
   * `index` is the entry's position among the file's entries: its part index in the result
   * (tilec_result_part_*), unless an autotune config that does not fit the target was left
   * out before it (the parts are the compiled entries in this order). Calls for
   * different entries run concurrently and in no fixed order: the hook must be thread-safe.
   * Not called for entries compiled together (no parts) nor for an entry that failed.
   * `metadata` is the entry's own metadata document (NUL-terminated JSON with this one
   * kernel, as tilec_result_part_metadata gives it), so that a caller can load the entry
   * before the others are done (libtilert's tilert_jit_compile_and_tune times it then). */
  void (*on_entry_ptx)(void *user, size_t index, const char *entry, const char *ptx,
                       size_t len, const char *metadata);
  void *entry_ptx_user;
  /* Values of run-time parameters as one launch gives them (Python literals, like defines):
   * @triton.heuristics and prune functions read them as Triton's launcher would; the kernel
   * code does not (the parameters stay parameters). libtilert's JIT kernels pass them to
   * evaluate heuristics at launch (docs/tuning.md). */
  const tilec_define *launch_values;
  size_t nlaunch_values;
  /* The per-thread register limit of every entry (PTX .maxnreg, Triton's maxnreg), 0: none;
   * wins over the configs' triton.Config(maxnreg=). At most 255. */
  unsigned maxnreg;
  /* In-kernel tensor descriptors (tl.make_tensor_descriptor in the kernel's body) are read by
   * TMA where the target has tensormap.replace (sm_90a), which needs their base 16-byte
   * aligned and their strides but the last multiples of 16 bytes (a program that finds
   * otherwise traps). Negative: read them through pointers and masks instead (any
   * alignment); 0 and positive: the default. */
  int desc_tma;
  /* Positive: keep the proxy fence (fence.proxy.async) before a wgmma whose shared operands
   * only cp.async wrote, as the PTX ISA's proxy rules ask in the strict reading; 0 (the
   * default): none, the cp.async wait and the CTA barrier order them, as in NVIDIA's CUTLASS
   * and in Triton (docs/pipelining.md; the fence cost the 128x128 matmuls 1-9%). */
  int cp_async_fence;
  /* Warn for each module-level statement the frontend skips (Python it does not run: torch
   * code, classes, tests; docs/tuning.md "Bringing a Triton file"). Default: silent; using a
   * name such a statement binds is an error either way. */
  int warn_skipped;
  /* Skip nothing: a module-level statement that fails is an error, as in a file made for
   * tilec alone (the driver's --no-skip). */
  int no_skip;
  /* One Triton AOT signature per entry of `kernels`, in its order (NULL: that kernel's
   * annotations), so that one compile takes several kernels each with its signature (the
   * driver's `--kernel A --signature SA --kernel B --signature SB`). nsignatures is then
   * nkernels, and `signature` must be NULL. */
  const char *const *signatures;
  size_t nsignatures;
  /* Directories searched, in order, for the modules the file imports that are not tilec's
   * own (triton, math, and what host code imports), as Python's sys.path: a kernel library's
   * file takes jit helpers and constants from other files of its package (`from
   * mylib.utils import helpers`, relative imports when the file itself lies under one of
   * them). The driver's -I DIR. Each imported module's module-level statements run once per
   * compile, its host code not at all (docs/language.md, "Modules"). */
  const char *const *module_paths;
  size_t nmodule_paths;
} tilec_options;

typedef struct tilec_result tilec_result;

/* Compiles `source` (`len` bytes; `filename` names it in diagnostics). On success returns 0
 * and stores a result the caller owns (free with tilec_result_free) in *out_result. On
 * failure returns a non-zero count of errors, stores NULL, and has delivered the errors to
 * the diagnostic callback. Every argument is checked first: a NULL out_result, a NULL source
 * with len > 0, NULL arrays with a non-zero count or NULL entries in them, an emit or
 * opt_level out of range, and a libdevice_path that is not a regular file are errors. */
int tilec_compile(const char *filename, const char *source, size_t len, const tilec_options *opts,
                  tilec_result **out_result);

/* The requested output (PTX text, IR text, or cubin bytes). Owned by the result. For text
 * outputs the buffer is NUL-terminated and *out_len excludes the NUL. The accessors accept
 * a NULL result (NULL or "", count 0). */
const char *tilec_result_output(const tilec_result *r, size_t *out_len);
/* The kernels' metadata as JSON (docs/metadata.md); owned by the result. */
const char *tilec_result_metadata(const tilec_result *r, size_t *out_len);
/* Number of kernels compiled and their entry names (owned by the result). */
size_t tilec_result_kernel_count(const tilec_result *r);
const char *tilec_result_kernel_name(const tilec_result *r, size_t i);
/* The files of the module search path (module_paths) the compile read, sorted, as its
 * frontend named them (a directory of the path joined with the module's path in it): what
 * the output depends on besides `source`, for a build system or a cache to watch. Counted
 * 0 when the file imports nothing from the path; owned by the result. */
size_t tilec_result_import_count(const tilec_result *r);
const char *tilec_result_import(const tilec_result *r, size_t i);
/* Entries compiled apart (see num_threads): count, and per entry its name, its PTX alone and
 * its metadata alone (owned by the result; 0 / NULL when the module compiled as one). */
size_t tilec_result_part_count(const tilec_result *r);
const char *tilec_result_part_entry(const tilec_result *r, size_t i);
const char *tilec_result_part_output(const tilec_result *r, size_t i, size_t *out_len);
const char *tilec_result_part_metadata(const tilec_result *r, size_t i, size_t *out_len);
void tilec_result_free(tilec_result *r);

#ifdef __cplusplus
}
#endif
#endif
