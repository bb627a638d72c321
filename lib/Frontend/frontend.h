/* The .tir frontend: Python-syntax source -> tile IR.
 *
 * Reads Triton's kernel language (see docs/language.md): tokenizer with INDENT/DEDENT,
 * parser to an AST (ast.h), semantic analysis that evaluates constexprs, specializes and
 * emits tile IR following Triton's semantics. Symbols carry the `fe_` prefix. */
#ifndef TILEC_FRONTEND_H
#define TILEC_FRONTEND_H

#include "IR/ir.h"

typedef struct fe_define {
  const char *name;
  const char *value;  /* Python literal text: "1024", "True", "None", "1.5", "'str'" */
} fe_define;

typedef struct fe_options {
  /* Triton AOT signature for the (single) kernel selected, e.g.
   * "*fp32:16,*fp32:16,*fp32:16,i32,1024": one entry per parameter, constexpr values in
   * place. NULL: annotations only. */
  const char *signature;
  const fe_define *defines;  /* -D NAME=VALUE: constexpr values; override defaults */
  size_t ndefines;
  const char *const *kernels; /* entry points to compile; NULL/0: every jit function no
                                 other jit function calls */
  size_t nkernels;
  unsigned num_warps;         /* 0: the kernel's own (autotune/Config or 4) */
  unsigned num_stages;        /* 0: the kernel's own; else it wins over the configs' (the
                                 driver's --num-stages) */
  unsigned maxnreg;           /* 0: the configs' (or none); else it wins (--maxnreg) */
  bool one_variant;           /* compile only the autotune config `variant` of the selected
                                 kernel (the driver's parallel variant compile) */
  unsigned variant;
  bool is_unit;               /* one entry of a split compile: the whole file was analyzed
                                 first, so -D names that other kernels use are not errors */
  const fe_define *launch_values; /* run-time parameters' values as a launch gives them:
                                     seen by @triton.heuristics and prune functions only */
  size_t nlaunch_values;
  const char *target_name;    /* the target compiled for ("sm_80"), NULL: unknown (no check) */
  bool target_has_tma;        /* it has TMA (sm_90+): host tensor descriptors need it */
  unsigned target_sm;         /* its compute capability * 10 (90); 0: unknown. Host code's
                                 torch.cuda.get_device_capability() answers with it */
  bool desc_tma;              /* in-kernel descriptors (and block pointers) may be read by TMA:
                                 sm_90a, not --no-desc-tma, not --no-wgmma */
  bool warn_skipped;          /* a warning for each module-level statement skipped */
  bool no_skip;               /* none is skipped: a module-level statement that fails is an error */
  const char *const *signatures; /* one per entry of `kernels` (NULL: annotations), or NULL:
                                    then `signature` is the one kernel's */
  size_t nsignatures;
  const char *const *module_paths; /* directories searched for the modules the file imports
                                      that are not tilec's own (-I DIR), in order */
  size_t nmodule_paths;
} fe_options;

/* Function attributes of an autotuned kernel's variants (docs/tuning.md): the kernel's
 * Python name, the config's index, and the tuning facts (a dict: key, reset_to_zero,
 * restore_value, warmup, rep, prune). Variant 0 of the kept configs keeps the kernel's
 * name as its entry; the others are `<kernel>__v<index>`. */
#define FE_ATTR_VARIANT_OF "tilec.variant_of"
/* The warning that an autotune config which does not fit was left out begins with this
 * (config index, kernel name), then the error it would have been: the frontend's and the
 * parallel entry compile's (Driver/variants.c) read the same. */
#define FE_LEFT_OUT_FMT "autotune config %d of '%s' left out: "
#define FE_ATTR_VARIANT "tilec.variant"
#define FE_ATTR_TUNING "tilec.tuning"

/* Parses and analyzes `source` (named `filename` in diagnostics; the text is registered
 * with the context's diagnostic engine) and returns a module of tile IR: one public tt.func
 * per kernel (sym_name = the kernel name), private specialized tt.funcs for helpers called
 * with tt.call, module attribute tgpu.num_warps. Returns NULL after emitting at least one
 * error. Never exits or aborts on bad input. */
ir_module *fe_compile_source(ir_context *ctx, const char *filename, const char *source, size_t len,
                             const fe_options *opts);

#endif
