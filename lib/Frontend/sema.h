/* Semantic analysis internals: AST -> tile IR (shared by the sema*.c files only).
 *
 * Values during analysis are `sema_val`s: compile-time Python values (int, float, bool,
 * None, str, dtype, tuple), IR values (scalars and tensors, with a Triton dtype that carries
 * signedness, which the signless IR does not), and references to modules, builtins and jit
 * functions. Errors are located diagnostics; every function that can fail returns false
 * after emitting one. */
#ifndef TILEC_FE_SEMA_H
#define TILEC_FE_SEMA_H

#include <stdbool.h>
#include <stdint.h>

#include "Frontend/ast.h"
#include "Frontend/frontend.h"
#include "Frontend/host_eval.h"
#include "IR/ir.h"

/* ---- dtypes --------------------------------------------------------------------------- */
typedef enum sema_dkind {
  SD_VOID = 0,
  SD_I1, SD_I8, SD_I16, SD_I32, SD_I64,
  SD_U8, SD_U16, SD_U32, SD_U64,
  SD_FP8E4NV, SD_FP8E5, /* storage only: loaded, stored, moved, converted */
  SD_FP16, SD_BF16, SD_FP32, SD_FP64,
  SD_PTR,
} sema_dkind;

/* A Triton dtype: a scalar kind, or a pointer to one (`pointee`). */
typedef struct sema_dtype {
  uint8_t kind;    /* sema_dkind */
  uint8_t pointee; /* sema_dkind when kind == SD_PTR */
} sema_dtype;

sema_dtype sema_dt(sema_dkind k);
sema_dtype sema_dt_ptr(sema_dkind pointee);
bool sema_dt_eq(sema_dtype a, sema_dtype b);
bool sema_dt_is_int(sema_dtype d);      /* i1 included */
bool sema_dt_is_signed(sema_dtype d);   /* i8..i64 (not i1, not unsigned) */
bool sema_dt_is_unsigned(sema_dtype d);
bool sema_dt_is_float(sema_dtype d);
bool sema_dt_is_fp8(sema_dtype d);      /* fp8e4nv, fp8e5 */
bool sema_dt_is_ptr(sema_dtype d);
unsigned sema_dt_bits(sema_dtype d);    /* scalar width in bits; pointers 64 */
/* The scalar dtype's name as Triton spells it after `tl.` ("int32", "float32"); NULL for
 * pointers and void. */
const char *sema_dt_tl_name(sema_dtype d);
/* Triton's short name: "i32", "u8", "fp16", "bf16", "*fp32". Static storage for scalars;
 * pointers come from a small per-call buffer, so copy before the next call. */
const char *sema_dt_name(sema_dtype d, char buf[16]);
/* Parses "i32", "fp16", "*fp32", "*fp16:16", "i32:16"; returns false when invalid.
 * `out_div` gets the ":N" value or 1. */
bool sema_dt_parse(const char *s, sema_dtype *out, int64_t *out_div);
/* Looks up a triton.language dtype name ("float32", "int8", "bfloat16", ...). */
bool sema_dt_from_tl_name(const char *name, sema_dtype *out);
const ir_type *sema_dt_ir(ir_context *ctx, sema_dtype d);

/* ---- values ---------------------------------------------------------------------------- */
typedef enum sema_vkind {
  SV_INVALID = 0,
  SV_NONE,
  SV_INT,
  SV_FLOAT,
  SV_BOOL,
  SV_STR,
  SV_DTYPE,
  SV_TUPLE,
  SV_TENSOR,   /* an IR value (scalar or tensor) */
  SV_MODULE,   /* path: "triton", "triton.language", "math", ... */
  SV_BUILTIN,  /* path: "triton.language.load", "builtins.min", "method.to" (+ self) */
  SV_JITFN,    /* fn */
  SV_SLICE,    /* ':' inside a subscript */
  SV_POISON,   /* bound to the targets of a statement that failed: using it fails quietly,
                  so that one error does not cascade into many */
  SV_SKIPPED,  /* a module-level name whose statement tilec skipped (`skip` says why): using
                  it is an error that says so */
  SV_BLOCKPTR, /* tl.make_block_ptr or tl.make_tensor_descriptor: `bp` holds the compile-time
                  part, `elems` the n = sema_bptr_nparts(bp) scalar parts (sema_blockptr.c);
                  a descriptor that TMA reads also has `v`, its !tt.tensordesc (NULL: none;
                  dropped where two values meet, sema_bptr_drop_tma) */
  SV_HOSTDESC, /* a host tensor descriptor parameter (sema_desc.c): `v` is the
                  !tt.tensordesc argument, `bp` its compile-time part, `dt` its element dtype */
} sema_vkind;

typedef struct sema_val sema_val;
typedef struct sema_module sema_module;

/* The compile-time part of a block pointer or in-kernel tensor descriptor (arena). Its
 * run-time parts are a sema_val's elems, in this order: base (a scalar pointer), shape[rank],
 * strides[rank], then for a block pointer offsets[rank] (a descriptor takes its offsets at
 * each load/store). A part is a compile-time int or a scalar IR integer, so that parts stay
 * foldable and a loop carries only the parts it changes. */
typedef struct sema_bptr {
  unsigned rank;
  bool is_desc;                    /* tl.make_tensor_descriptor */
  bool pad_nan;                    /* descriptor: out-of-bounds loads read NaN, not 0 */
  sema_dtype elt;                  /* the element dtype (tl.int1 is stored as tl.int8) */
  int64_t block[IR_MAX_RANK];      /* block_shape */
  int64_t order[IR_MAX_RANK];      /* order (a descriptor: rank-1 .. 0) */
  /* A host descriptor's block dims that name constexpr parameters (tensordesc<fp16[BLOCK_M,
   * 64]>: "BLOCK_M", NULL), until sema_tdesc_resolve gives them their values. */
  const char *block_names[IR_MAX_RANK];
} sema_bptr;
struct sema_val {
  sema_vkind kind;
  int64_t i;               /* INT; BOOL (0/1) */
  double f;                /* FLOAT */
  const char *s;           /* STR */
  sema_dtype dt;           /* DTYPE; TENSOR: element dtype */
  ir_value *v;             /* TENSOR */
  unsigned n;              /* TUPLE */
  sema_val *elems;         /* TUPLE (arena) */
  const char *path;        /* MODULE, BUILTIN */
  const sema_module *umod; /* MODULE: a module of the module search path (path: its dotted
                              name), else NULL (triton's, math, host code's) */
  const sema_val *self;    /* BUILTIN: bound receiver (method) or NULL */
  fe_funcdef *fn;          /* JITFN */
  const sema_bptr *bp;     /* BLOCKPTR (elems/n: its parts); HOSTDESC */
  const fe_skip *skip;     /* SKIPPED */
};

/* ---- environments ---------------------------------------------------------------------- */
typedef struct sema_var {
  const char *name;
  sema_val val;
} sema_var;

/* Variables in definition order, with an open-addressing index on the interned name's
 * pointer (slots hold index + 1, 0 = empty; nslots is a power of two >= 2 * cap). All of it
 * lives in the sema arena. */
typedef struct sema_env {
  sema_var *vars;
  unsigned n, cap;
  unsigned *slots;
  unsigned nslots;
} sema_env;

/* A Python module of the module search path (fe_options.module_paths, the driver's -I DIR)
 * that the file imports from (sema_module.c): its module-level names, as the same statements
 * bind them in the compiled file, except that its host code is not run (a name it binds is
 * SKIPPED). The compiled file is a module too (sema.main). */
struct sema_module {
  const char *name;        /* dotted ("flag_gems.utils.triton_lang_extension"), interned;
                              the compiled file's: NULL unless it lies on the search path */
  const char *file;        /* the file its statements come from; NULL: a directory without
                              __init__.py (a namespace package: submodules only) */
  bool is_package;         /* an __init__.py or a directory: relative imports start here */
  int state;               /* SEMA_MOD_* */
  const char *failed;      /* SEMA_MOD_FAILED: why (it has a syntax error, cannot be read) */
  sema_env globals;
};
enum { SEMA_MOD_FOUND, SEMA_MOD_RUNNING, SEMA_MOD_RUN, SEMA_MOD_FAILED };

/* One autotune config of a kernel: a variant. */
typedef struct sema_variant {
  unsigned index;              /* position in the configs list (names the entry) */
  const host_config *cfg;      /* the evaluated triton.Config */
  unsigned ncfg;               /* its constexprs */
  const char **cfg_names;
  sema_val *cfg_vals;
  unsigned warps, stages;      /* 0: not given */
  unsigned maxnreg;            /* 0: None */
} sema_variant;

/* What @triton.autotune says beside its configs (for the metadata). */
typedef struct sema_tuning {
  host_val key, reset_to_zero, restore_value; /* lists of str */
  int64_t warmup, rep;
  const fe_expr *prune_at;     /* prune_configs_by (NULL: none) */
  host_val early_prune;        /* NONE when not given */
  bool perf_model;             /* a perf_model was given (run-time only) */
  int64_t top_k;
} sema_tuning;

/* One @triton.heuristics entry. */
typedef struct sema_heuristic {
  const char *name;
  host_val fn;
  ir_loc loc;
} sema_heuristic;

/* Why a decorator's host value could not be made (host code tilec skipped makes it: FlagGems'
 * `runtime.get_tuned_config(...)`, `runtime.get_heuristic_config(...)`): the kernel compiles
 * without it, with a warning (why, at loc) and the skipped statement's own error as a note. */
typedef struct sema_unmade {
  const char *why;             /* NULL: it was made */
  ir_loc loc;
  const char *note;            /* or NULL */
  ir_loc note_loc;
} sema_unmade;

/* A jit function of the file and what its decorators say. */
typedef struct sema_jit {
  fe_funcdef *fd;
  const sema_module *mod;      /* the module it is defined in (its globals) */
  ir_loc loc;
  unsigned ndns;               /* do_not_specialize names */
  const char **dns;
  bool autotuned;
  unsigned nvariants;          /* autotune configs (0: not autotuned) */
  sema_variant *variants;
  sema_tuning tuning;
  unsigned nheur;
  sema_heuristic *heur;
  bool called;                 /* called by another jit function */
  sema_unmade configs_unmade;  /* its autotune configs: it then compiles without them */
  sema_unmade heur_unmade;     /* its @triton.heuristics: it then compiles without them */
  diag_held *decorator_errors; /* its decorators failed: delivered when it is compiled (as an
                                  entry or a helper), so that another kernel of the file can
                                  be compiled alone; freed by fe_compile_source otherwise */
  bool decorator_failed;       /* ... and they were delivered */
} sema_jit;

/* A helper specialization (private tt.func). */
typedef struct sema_spec {
  const char *key;
  ir_op *func;
  unsigned nres;
  sema_dtype *res_dts;
  unsigned nret;           /* the returned values (a tuple when >= 2) */
  sema_val *ret;           /* their shapes: a tensor takes one result, a block pointer one
                              per run-time part (its other parts are compile-time) */
} sema_spec;

/* Per-function analysis state. */
typedef struct sema_fn {
  sema_env env;
  int rt_depth;       /* nesting of run-time control flow (scf regions) */
  bool returned;      /* a return was executed at the function's top level */
  bool has_ret;
  sema_val ret;
  bool is_kernel;
  int loop_kind;      /* innermost loop: 0 none, 1 run-time (scf), 2 unrolled */
  bool once;          /* its body runs once per program at the kernel's top level: the kernel,
                         or a helper called there (outside run-time control flow) */
  ir_block *entry;    /* its body's entry block (run_body) */
} sema_fn;

typedef struct sema {
  ir_context *ctx;
  ir_module *m;
  sup_arena *arena;
  const fe_options *opts;
  fe_file *file;           /* the file whose module-level statements run (the compiled one,
                              or an imported module's while it loads) */
  sema_module main;        /* the compiled file */
  sema_module *mod;        /* the module whose names are global where analysis is */
  sema_env *globals;       /* &mod->globals */
  sup_ptrmap modules;      /* interned dotted name -> sema_module * (the search path's) */
  ir_builder b;
  sema_fn *fn;
  sema_jit **jits;         /* every jit function, the compiled file's and imported ones */
  unsigned njits, capjits;
  sup_ptrmap jit_of_fd;    /* fe_funcdef * -> sema_jit * */
  sema_module *stdlib;     /* sema_stdlib.c's module, once a kernel calls one of its functions */
  sema_spec *specs;
  unsigned nspecs, capspecs;
  int call_depth;
  int dry_run;        /* > 0 inside a loop body's discovery pass */
  const ir_attr **all_configs;
  unsigned nall_configs;
  unsigned long unrolled; /* loop bodies unrolled so far in the kernel being compiled */
  bool *define_used;
  sup_ptrmap jit_index;  /* interned name -> index + 1 in jits */
  sema_jit *marking;     /* the jit whose body the call-graph walk is reading */
  const sema_variant *variant; /* the autotune config of the kernel being compiled, or NULL */
  host_interp host;      /* the host-Python evaluator (configs, heuristics, pruning) */  /* per opts->defines entry: it named a global or a constexpr parameter */
} sema;

/* The most loop bodies the compile-time loops of one kernel (tl.static_range, nested ones
 * multiplying, and loops over tuples) may unroll. Triton sets no limit; tilec does because
 * LLVM's O3 time grows faster than linearly in the unrolled size (examples/avg_pool.tir's
 * KxK window: K=16, 256 bodies: 0.6 s; K=32, 1024: 2.8 s; K=64, 4096: 41 s; K=128: over
 * 120 s), and a body copied thousands of times no longer fits the instruction cache. */
enum { SEMA_MAX_UNROLL = 4096 };

/* The most autotune configs of one kernel (each a variant compiled in full). */
enum { SEMA_MAX_VARIANTS = 256 };

/* ---- sema.c ---------------------------------------------------------------------------- */
void sema_error(sema *S, ir_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void sema_note(sema *S, ir_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
bool sema_lookup(sema *S, const char *name, sema_val *out);
void sema_env_set(sema *S, sema_env *env, const char *name, sema_val v);
/* The compiled file's jit function of that name (NULL: none). */
sema_jit *sema_find_jit(sema *S, const char *name);
/* The jit function a SV_JITFN value names (any module's). */
sema_jit *sema_jit_of(sema *S, const fe_funcdef *fd);
/* Runs the module-level statements of m (parsed as f), skipping those that fail, with m's
 * names as the globals; restores where analysis was. False after an error not skipped. */
bool sema_run_module(sema *S, sema_module *m, fe_file *f);
/* The value `name` has in env, or NULL. */
const sema_val *sema_env_get(sema *S, const sema_env *env, const char *name);
/* Calls a jit helper (specializes it into a private tt.func, emits tt.call). */
bool sema_call_jit(sema *S, sema_jit *j, const fe_expr *call, unsigned nargs, const sema_val *args,
                   unsigned nkw, const char *const *kwnames, const sema_val *kwvals, sema_val *out);

/* ---- sema_module.c: modules of the module search path ---------------------------------- */
/* Gives the compiled file its module name when it lies under a directory of the search
 * path (for its relative imports). */
void sema_main_module_name(sema *S);
/* The files of the search path the analysis read (TILEC_ATTR_IMPORTS) onto the module. */
void sema_set_imports_attr(sema *S);
/* Whether an import statement (FE_STMT_IMPORT / IMPORTFROM at module level) is for the
 * module search path: a relative import, or a module not tilec's own whose first part is
 * found on the path. */
bool sema_is_user_import(sema *S, const fe_stmt *s);
/* Runs such an import: loads the modules it names (their module-level statements, once per
 * compile) and binds its names in the current module. False after a located error. */
bool sema_user_import(sema *S, const fe_stmt *s);
/* `mod.name` of a module of the search path: its global, else its submodule. */
bool sema_user_module_attr(sema *S, const sema_val *mod, const char *name, ir_loc loc, sema_val *out);

/* ---- sema_stdlib.c: Triton's standard library written in the kernel language ---------- */
/* Whether tl.NAME (method: x.NAME()) is one of its functions (sort, topk, flip, ...). */
bool sema_stdlib_has(const char *name, bool method);
/* Calls it (args: the receiver first for a method), loading the module the first time. */
bool sema_stdlib_call(sema *S, const char *name, const fe_expr *call, unsigned nargs, const sema_val *args,
                      unsigned nkw, const char *const *kwnames, const sema_val *kwvals, sema_val *out);

/* ---- sema_host.c: host code, autotune, heuristics ------------------------------------ */
void sema_host_init(sema *S);
/* Rewrites a jit function's body once so that a bare `return` inside an `if` on run-time
 * values becomes structured control flow (sema_return.c). */
void sema_lift_returns(sema *S, fe_funcdef *fd);
/* Binds a module-level name in the host evaluator too (as host code sees it). */
void sema_host_set_global(sema *S, const char *name, const sema_val *v);
void sema_host_define_function(sema *S, fe_funcdef *fd);
/* Whether a module-level assignment or expression needs the host evaluator (sema.c then
 * runs it there, and reads back the names it bound). */
bool sema_host_wants(sema *S, const fe_stmt *s);
/* A host value as a compile-time constant, where it is one (a list of numbers becomes a
 * tuple); false, with nothing reported, for the others (configs, dicts, functions). */
bool sema_host_constant(sema *S, const host_val *v, sema_val *out);
/* Whether an expression evaluated at module level (a parameter's default) is host code;
 * then sema_host_value evaluates it to a compile-time value. */
bool sema_host_wants_expr(sema *S, const fe_expr *e);
bool sema_host_value(sema *S, const fe_expr *e, sema_val *out);
bool sema_read_autotune(sema *S, sema_jit *j, const fe_expr *call);
bool sema_read_heuristics(sema *S, sema_jit *j, const fe_expr *call);
/* A dict of the n parameters (SV_INVALID: a run-time value, unknown here). */
host_val sema_host_args(sema *S, unsigned n, const char *const *names, const sema_val *vals);
/* Runs a config's pre_hook(nargs) for one variant. args: the heuristics' dict (every
 * parameter by name); descs[i] (nparams entries): parameter i's host descriptor type or
 * NULL, replaced by the block shape the hook sets; ptrs[i]: whether it is a pointer
 * parameter (a torch.Tensor to the hook). False after a located error. */
bool sema_run_pre_hook(sema *S, const host_val *hook, ir_loc loc, const host_val *args, unsigned nparams,
                       const char *const *names, const sema_bptr **descs, const bool *ptrs);
bool sema_run_heuristic(sema *S, const sema_heuristic *h, const host_val *args, sema_val *out);
/* Calls the module-level host function `name` of a @triton.constexpr_function (or
 * @tl.constexpr) def from a kernel: its arguments compile-time values, its result one. */
bool sema_call_constexpr_fn(sema *S, const char *name, ir_loc loc, unsigned nargs, const sema_val *args,
                            unsigned nkw, const char *const *kwnames, const sema_val *kwvals, sema_val *out);

bool sema_prune_variants(sema *S, sema_jit *j, const host_val *named_args, bool *keep, const char **out_state);
const ir_attr *sema_tuning_attr(sema *S, const sema_jit *j, const char *prune_state, unsigned nkept);

/* ---- sema_expr.c ----------------------------------------------------------------------- */
bool sema_expr(sema *S, const fe_expr *e, sema_val *out);
sema_val sema_int(int64_t v);
sema_val sema_float(double v);
sema_val sema_bool(bool v);
sema_val sema_none(void);
sema_val sema_dtype_val(sema_dtype d);
sema_val sema_tensor(ir_value *v, sema_dtype d);
bool sema_is_num(const sema_val *v);     /* INT, FLOAT, BOOL */
bool sema_is_const(const sema_val *v);   /* compile-time value (not TENSOR) */
bool sema_truthy(const sema_val *v);     /* Python truth of a compile-time value */
/* Describes a value for messages: "i32", "fp32[128]", "int", "None", "dtype". Arena copy. */
const char *sema_describe(sema *S, const sema_val *v);
bool sema_val_equal(const sema_val *a, const sema_val *b);
/* Renders a compile-time value as Python text (for static_print, keys, metadata). */
const char *sema_repr(sema *S, const sema_val *v);
/* A compile-time value as an attribute (for tilec.constexprs). */
const ir_attr *sema_const_attr(sema *S, const sema_val *v);
/* Binary operator on any values (folds compile-time numbers, emits IR otherwise). */
bool sema_binop(sema *S, fe_binop op, const sema_val *a, const sema_val *b, ir_loc loc, sema_val *out);
bool sema_compare(sema *S, fe_cmpop op, const sema_val *a, const sema_val *b, ir_loc loc, sema_val *out);
bool sema_unary(sema *S, fe_unop op, const sema_val *a, ir_loc loc, sema_val *out);
/* -i (or abs(i) when abs_only) of a compile-time integer; a located error when the exact
 * result does not fit in 64 bits (only for INT64_MIN). */
bool sema_fold_int_neg(sema *S, ir_loc loc, int64_t i, bool abs_only, sema_val *out);

/* ---- sema_types.c: IR emission helpers -------------------------------------------------- */
ir_value *sema_emit1(sema *S, ir_loc loc, const char *name, unsigned n, ir_value *const *ops,
                     const ir_type *ty);
ir_op *sema_emit(sema *S, ir_loc loc, const char *name, unsigned n, ir_value *const *ops,
                 unsigned nres, const ir_type *const *tys);
/* Rank/shape of a value's IR type (rank 0 for scalars). */
unsigned sema_rank(const ir_value *v);
const int64_t *sema_shape(const ir_value *v);
const ir_type *sema_shaped(sema *S, sema_dtype d, unsigned rank, const int64_t *shape);
/* Default dtype of a Python number (Triton's to_tensor_type). */
bool sema_num_dtype(sema *S, const sema_val *v, ir_loc loc, sema_dtype *out);
/* A scalar constant of dtype d holding the Python number v. */
ir_value *sema_const_scalar(sema *S, ir_loc loc, const sema_val *v, sema_dtype d);
/* Converts a Python number to an IR scalar of its default dtype; TENSOR passes through. */
bool sema_to_tensor(sema *S, const sema_val *v, ir_loc loc, sema_val *out);
/* Element-type conversion with Triton's rules (bitcast: reinterpret bits). */
bool sema_cast(sema *S, const sema_val *v, sema_dtype to, bool bitcast, ir_loc loc, sema_val *out);
/* Broadcasts v (TENSOR) to a shape (splat / expand_dims / broadcast); errors when
 * incompatible. */
bool sema_broadcast_to(sema *S, const sema_val *v, unsigned rank, const int64_t *shape, ir_loc loc,
                       sema_val *out);
/* Broadcasts two TENSORs to their common shape (numpy rules). */
bool sema_broadcast_pair(sema *S, sema_val *a, sema_val *b, ir_loc loc);
/* Triton's binary_op_type_checking_impl: converts a and b (numbers or tensors) to tensors of
 * one computation dtype (unless a pointer is involved) and broadcasts them. */
bool sema_binary_check(sema *S, sema_val *a, sema_val *b, bool allow_lhs_ptr, bool allow_rhs_ptr,
                       bool arith_check, bool div_or_mod, ir_loc loc);
/* Triton's integer promotion and computation type. */
sema_dtype sema_int_promote(sema_dtype a, sema_dtype b);

/* ---- sema_builtins.c -------------------------------------------------------------------- */
/* Resolves `mod.name` (mod a MODULE path). */
bool sema_module_attr(sema *S, const sema_val *mod, const char *name, ir_loc loc, sema_val *out);
/* Resolves `value.name` for a tensor, dtype or tuple value. */
bool sema_value_attr(sema *S, const sema_val *v, const char *name, ir_loc loc, sema_val *out);
/* A dtype's method (`d.is_floating()`), called with no arguments. */
bool sema_dtype_method(sema *S, const sema_val *self, const char *name, ir_loc loc, sema_val *out);
/* Calls a builtin with evaluated arguments. */
bool sema_call_builtin(sema *S, const sema_val *fn, const fe_expr *call, unsigned nargs,
                       const sema_val *args, unsigned nkw, const char *const *kwnames,
                       const sema_val *kwvals, sema_val *out);
/* The user-facing name of a builtin path ("tl.load", "min", "x.to"). Arena copy. */
const char *sema_builtin_display(sema *S, const char *path);
/* Resolves Python builtins (int, float, min, max, range, ...). */
bool sema_python_builtin(const char *name, sema_val *out);

/* ---- sema_reduce.c: reductions with a combine region ----------------------------------- */
/* tl.argmax/argmin and tl.max/min(return_indices=True) of x along axis: Triton's value and
 * index combine (bf16 compared in f32), ties to the smaller index when tie_break_left. */
bool sema_reduce_with_indices(sema *S, ir_loc loc, const char *what, sema_val x, unsigned axis, bool is_max,
                              bool tie_break_left, sema_val *out_value, sema_val *out_index);
/* tl.reduce of the n tensors xs (one shape) along axis (every axis when `all`) with the jit
 * function fn as combine; outs gets n values. */
bool sema_reduce_jit(sema *S, const fe_expr *call, unsigned n, const sema_val *xs, bool all, unsigned axis,
                     const sema_val *fn, sema_val *outs);
/* tl.associative_scan of the n tensors xs along axis with the jit function fn. */
bool sema_scan_jit(sema *S, const fe_expr *call, unsigned n, const sema_val *xs, unsigned axis, bool reverse,
                   const sema_val *fn, sema_val *outs);
/* ---- sema_dot.c ----------------------------------------------------------------------- */
/* One tl.dot call (or a @ b), its arguments by Triton's names (NULL: not given). */
typedef struct sema_dot_call {
  const char *disp;        /* "tl.dot" or "operator @" */
  ir_loc loc;
  sema_val a, b;
  const sema_val *acc, *input_precision, *allow_tf32, *max_num_imprecise_acc;
  const sema_dtype *out_dtype;
} sema_dot_call;
/* Emits tt.dot (Triton's type and shape rules); *out is a x b (+ acc). */
bool sema_dot(sema *S, const sema_dot_call *c, sema_val *out);

/* ---- sema_atomic.c ---------------------------------------------------------------------- */
/* One tl.atomic_* call, its arguments bound by Triton's names (NULL: not given). */
typedef struct sema_atomic_call {
  const char *disp;        /* "tl.atomic_add" */
  ir_loc loc;
  const char *op;          /* add max min and or xor xchg cas */
  sema_val ptr;
  const sema_val *cmp;     /* cas only */
  const sema_val *val, *mask, *sem, *scope;
} sema_atomic_call;
/* Emits the atomic (Triton's type rules and defaults); *out is the old values. */
bool sema_atomic(sema *S, const sema_atomic_call *c, sema_val *out);

/* ---- sema_shape.c ---- */
/* The shape builtins by name (trans, permute, join, split, interleave, expand_dims,
 * reshape, view) with their raw positional and keyword arguments (a method's receiver
 * first), as Triton defines them. */
bool sema_shape_call(sema *S, const char *name, const char *disp, ir_loc loc, unsigned nargs, const sema_val *args,
                     unsigned nkw, const char *const *kwnames, const sema_val *kwvals, sema_val *out);
/* tt.trans of x by dims (a permutation of its rank); x itself for the identity. */
bool sema_permute(sema *S, ir_loc loc, const char *disp, sema_val x, unsigned n, const int64_t *dims,
                  sema_val *out);
/* tl.split: two tensors without the last dim (of size 2); two scalars from a [2] tensor. */
bool sema_split(sema *S, ir_loc loc, const char *disp, sema_val x, sema_val *out_lhs, sema_val *out_rhs);

/* ---- sema_blockptr.c: block pointers and in-kernel tensor descriptors -------------------- */
/* How many run-time parts a block pointer value has (see sema_bptr). */
unsigned sema_bptr_nparts(const sema_bptr *bp);
bool sema_bptr_same_kind(const sema_bptr *a, const sema_bptr *b); /* equal compile-time parts */
/* Where block-pointer values a and b (one kind) meet (a run-time if's branches, a loop's
 * value before and after an iteration): when they are descriptors with different TMA values,
 * both lose theirs (accesses after the meeting go through pointers). */
void sema_bptr_drop_tma(sema_val *a, sema_val *b);
/* Whether code analyzed here runs once per program at the kernel's top level: in the
 * kernel's body or a helper called there, outside run-time control flow and loops (not
 * during a loop's discovery run). A tensor descriptor made here may be read by TMA. */
bool sema_runs_once(const sema *S);
/* A load through a descriptor or block pointer that TMA reads (ptr->v; the callers decide
 * when): a tt.descriptor_load at `offsets` (NULL: the block pointer's). */
bool sema_bptr_tma_load(sema *S, ir_loc loc, const char *disp, const sema_val *ptr, const sema_val *offsets,
                        sema_val *out);
/* A store through a descriptor or block pointer that TMA reads (ptr->v), at `offsets` (NULL:
 * the block pointer's): a tt.descriptor_store through a tensormap of its own
 * (tgpu.tma_for_store) where the innermost extent is proven a multiple of 16 bytes (a TMA
 * store writes a row's last 16 bytes whole) and the map can be written once; *done says
 * whether it was emitted (else the caller stores through pointers). */
bool sema_bptr_tma_store(sema *S, ir_loc loc, const char *disp, const sema_val *ptr, const sema_val *offsets,
                         const sema_val *value, bool *done);
/* tl.make_block_ptr(base, shape, strides, offsets, block_shape, order). */
bool sema_make_block_ptr(sema *S, ir_loc loc, const char *disp, const sema_val *args, sema_val *out);
/* tl.advance(base, offsets): the offsets moved by `offsets`. */
bool sema_advance(sema *S, ir_loc loc, const char *disp, const sema_val *ptr, const sema_val *offsets,
                  sema_val *out);
/* tl.make_tensor_descriptor(base, shape, strides, block_shape, padding_option (NULL: "zero")). */
bool sema_make_tensor_desc(sema *S, ir_loc loc, const char *disp, const sema_val *args,
                           const sema_val *padding, sema_val *out);
/* Reads tl.load/tl.store's boundary_check (None, an int or a tuple of ints) into a bit set. */
bool sema_bptr_boundary_check(sema *S, ir_loc loc, const char *disp, const sema_val *ptr,
                              const sema_val *bc, unsigned *out_check);
/* `desc.name` of a block pointer or descriptor value. */
bool sema_bptr_attr(sema *S, const sema_val *v, const char *name, ir_loc loc, sema_val *out);
/* A descriptor method (`desc.load(offsets)`, `desc.store(offsets, value)`) with its raw
 * arguments, the receiver first. */
bool sema_desc_method(sema *S, const char *name, ir_loc loc, unsigned nargs, const sema_val *args,
                      unsigned nkw, const char *const *kwnames, const sema_val *kwvals, sema_val *out);
/* What a checked load reads out of bounds. */
typedef enum sema_padding { SEMA_PAD_NONE, SEMA_PAD_ZERO, SEMA_PAD_NAN } sema_padding;
/* padding_option: None or absent (and "" when allow_empty) is SEMA_PAD_NONE. */
bool sema_bptr_padding(sema *S, ir_loc loc, const char *disp, const sema_val *v, bool allow_empty,
                       sema_padding *out);
/* tl.load / tl.store through a block pointer (offsets NULL: its own) or a descriptor (offsets:
 * the rank offsets of desc.load/desc.store); `check` as sema_bptr_boundary_check gives. The
 * tt.load / tt.store emitted goes to *out_load / *out_store (for cache attributes). */
bool sema_bptr_load(sema *S, ir_loc loc, const char *disp, const sema_val *ptr, const sema_val *offsets,
                    unsigned check, sema_padding padding, ir_op **out_load, sema_val *out);
bool sema_bptr_store(sema *S, ir_loc loc, const char *disp, const sema_val *ptr, const sema_val *offsets,
                     unsigned check, const sema_val *value, ir_op **out_store);
/* A descriptor access's offsets (a list or tuple of `rank` ints or integer scalars, 32-bit)
 * as parts: compile-time ints, or i32 scalars. */
bool sema_desc_offsets(sema *S, ir_loc loc, const char *disp, unsigned rank, const sema_val *offsets,
                       sema_val *out);
/* A descriptor store's value: a number is broadcast to the block, a tensor must have the
 * block's shape and is converted to its element type (Triton's rules). */
bool sema_desc_store_value(sema *S, ir_loc loc, const char *disp, const sema_bptr *bp, const sema_val *v,
                           sema_val *out);

/* ---- sema_desc.c: host tensor descriptors (kernel parameters) ---------------------------- */
/* Reads a parameter's type `spec` when it is spelled "tensordesc<...>": 0 when it is not one
 * (nothing reported), 1 with *out (arena) when valid, -1 after a located error (bad spelling,
 * element type, rank above 5, block dims not powers of 2, an innermost dim under 16 bytes,
 * a target without TMA). `param` names the parameter in messages. */
int sema_tdesc_parse(sema *S, ir_loc loc, const char *param, const char *spec, const sema_bptr **out);
/* A parsed descriptor type whose block dims name constexpr parameters, with their values:
 * value(user, name, &v) gives a parameter's constexpr value (false: it has none yet).
 * *out is bp itself when no dim is named. With `lenient`, a dim without a value leaves *out
 * NULL and is no error (pruning and heuristics run before every value is known). */
bool sema_tdesc_resolve(sema *S, ir_loc loc, const char *param, const sema_bptr *bp,
                        bool (*value)(void *user, const char *name, sema_val *out), void *user,
                        bool lenient, const sema_bptr **out);
/* bp (a parsed descriptor type) with the block shape block[0..rank) (1 to 5 dims, which a
 * config's pre_hook set), checked as a spelled one is; false after a located error. */
bool sema_tdesc_with_block(sema *S, ir_loc loc, const char *param, const sema_bptr *bp, unsigned rank,
                           const int64_t *block, const sema_bptr **out);
/* The !tt.tensordesc type of a parsed descriptor. */
const ir_type *sema_tdesc_ir_type(sema *S, const sema_bptr *bp);
/* The SV_HOSTDESC value of the !tt.tensordesc value v. */
sema_val sema_hostdesc(ir_value *v, const sema_bptr *bp);
/* `desc.name`: block_shape, dtype, and the load / store methods. */
bool sema_hostdesc_attr(sema *S, const sema_val *v, const char *name, ir_loc loc, sema_val *out);
/* desc.load(offsets) -> tt.descriptor_load; desc.store(offsets, value) -> tt.descriptor_store. */
bool sema_hostdesc_load(sema *S, ir_loc loc, const char *disp, const sema_val *desc, const sema_val *offsets,
                        sema_val *out);
bool sema_hostdesc_store(sema *S, ir_loc loc, const char *disp, const sema_val *desc, const sema_val *offsets,
                         const sema_val *value);

#endif
