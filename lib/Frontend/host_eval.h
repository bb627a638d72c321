/* The host-Python evaluator: a small interpreter over the frontend's AST for the part of a
 * kernel file that runs on the host in Triton (autotune config lists, heuristics, pruning
 * functions).
 *
 * Supported: module-level constants and assignments, plain `def` functions (assignment,
 * augmented assignment, return, if/elif/else, for over lists/tuples/dicts/range with
 * break/continue, expression statements such as `configs.append(c)`), list, tuple and dict
 * literals, list comprehensions (nested `for`, `if`), lambdas, conditional expressions,
 * arithmetic with Python's int semantics (floor division and modulo, overflow an error),
 * comparisons, boolean operators, subscripts and slices of lists, tuples and dicts,
 * `triton.Config(...)` (its pre_hook kept for sema), `triton.next_power_of_2`, `triton.cdiv`,
 * the builtins min, max, len, range, int, float, bool, abs, sum, list, tuple, dict, filter,
 * zip, enumerate, sorted, reversed, any, all, str, round, isinstance, the str methods lower,
 * upper, strip, startswith and endswith, attribute assignment of a host descriptor's
 * block_shape (a pre_hook's), and
 * the host environment (host_env.c: os, torch, triton.runtime, answered for the target).
 * Anything else is a located error that names the construct ("'while' loops are not
 * supported in host code").
 *
 * No global state: an interpreter is a struct its owner (sema) holds; values, scopes and
 * lists live in the owner's arena and die with it. Symbols carry the `host_` prefix. */
#ifndef TILEC_FE_HOST_EVAL_H
#define TILEC_FE_HOST_EVAL_H

#include <stdbool.h>
#include <stdint.h>

#include "Frontend/ast.h"

typedef enum host_kind {
  HV_NONE = 0,
  HV_BOOL,     /* i: 0 or 1 */
  HV_INT,      /* i */
  HV_FLOAT,    /* f */
  HV_STR,      /* s */
  HV_LIST,     /* seq (shared: `append` is seen through every reference) */
  HV_TUPLE,    /* seq */
  HV_DICT,     /* dict */
  HV_FUNC,     /* fn: a module-level def */
  HV_LAMBDA,   /* lambda (the expression), closure */
  HV_BUILTIN,  /* s: its path ("builtins.min", "triton.Config", "method.append" with self) */
  HV_MODULE,   /* s: its path ("triton", "triton.language") */
  HV_CONFIG,   /* cfg: a triton.Config */
  HV_OPAQUE,   /* opaque: an owner's value the evaluator only carries (a dtype); s: what */
  HV_UNKNOWN,  /* s: the name of a run-time argument whose value is not known */
  HV_OBJECT,   /* s: its class ("GPUTarget", "TensorDescriptor", "torch.Tensor"); dict: its
                  attributes (host_env.c makes them) */
  HV_SKIPPED,  /* opaque: the fe_skip of the module-level statement tilec skipped that binds
                  this name; reading it is an error saying so */
} host_kind;

typedef struct host_val host_val;
typedef struct host_scope host_scope;

typedef struct host_seq {
  unsigned n, cap;
  host_val *items;
} host_seq;

/* Insertion-ordered; keys compared by value (host_equal). */
typedef struct host_dict {
  unsigned n, cap;
  host_val *keys, *vals;
} host_dict;

/* triton.Config(kwargs, num_warps=, num_stages=, num_ctas=, maxnreg=, pre_hook=).
 * An option that was not given is 0 (maxnreg: 0 = None); pre_hook is NULL for None. */
typedef struct host_config {
  host_dict *kwargs;
  int64_t num_warps, num_stages, num_ctas, maxnreg;
  const host_val *pre_hook; /* a callable (sema runs it per variant: host descriptors' block shapes) */
  ir_loc loc;
} host_config;

struct host_val {
  host_kind kind;
  int64_t i;
  double f;
  const char *s;
  host_seq *seq;
  host_dict *dict;
  host_config *cfg;
  const fe_funcdef *fn;
  const fe_expr *lambda;
  host_scope *closure;
  const host_val *self;   /* BUILTIN methods: the receiver */
  const void *opaque;
};

/* Resolves a name the evaluator does not define itself (the owner's module-level
 * constants, imported modules); returns false when the owner has no such name. */
typedef bool (*host_global_fn)(void *user, const char *name, host_val *out);

/* Resolves `module.name` for a module path the evaluator does not know the name in (a
 * dtype such as tl.float16); false after the owner reported an error at loc. */
typedef bool (*host_attr_fn)(void *user, const char *module, const char *name, ir_loc loc, host_val *out);

typedef struct host_interp {
  ir_context *ctx;          /* diagnostics and interning */
  sup_arena *arena;         /* every value lives here */
  host_scope *globals;
  host_global_fn lookup;
  void *lookup_user;
  host_attr_fn module_attr; /* may be NULL; called with lookup_user */
  /* The owner's values (HV_OPAQUE: a dtype, a dtype's method): their attributes, and calls
   * of the callable ones; NULL: neither is supported. Called with lookup_user. */
  bool (*opaque_attr)(void *user, const host_val *base, const char *name, ir_loc loc, host_val *out);
  bool (*opaque_call)(void *user, const host_val *fn, unsigned nargs, const host_val *args, ir_loc loc,
                      host_val *out);
  int depth;                /* nesting of calls (bounded) */
  uint64_t steps;           /* statements run and values made (bounded: HOST_MAX_STEPS) */
  bool soft_unknown;        /* reading an UNKNOWN fails without a diagnostic ... */
  bool hit_unknown;         /* ... and sets this (pruning is then deferred) */
  const char *unknown_name; /* the first run-time argument read so (for the warning) */
  bool hit_skipped;         /* host_skipped_error reported a name a skipped statement binds */
  unsigned target_sm;       /* the compile target's compute capability * 10 (90), 0: unknown; what
                               torch.cuda.get_device_capability() and get_current_target() say */
} host_interp;

void host_init(host_interp *H, ir_context *ctx, sup_arena *arena, host_global_fn lookup, void *user);
/* Binds a module-level name (a def, or the value of an assignment). */
void host_define(host_interp *H, const char *name, host_val v);
/* Whether `name` is a module-level name of the evaluator (not of the owner). */
bool host_defines(const host_interp *H, const char *name);
/* The evaluator's module-level value of `name`, or NULL. */
const host_val *host_global_value(const host_interp *H, const char *name);
/* Reports the use at `loc` of `name`, which a module-level statement tilec skipped binds: an
 * error, and a note at the place the statement failed with the reason (sema reports a
 * kernel's use of one through it too). */
void host_skipped_error(host_interp *H, ir_loc loc, const char *name, const fe_skip *k);
/* Evaluates e at module level. False after a located error. */
bool host_eval(host_interp *H, const fe_expr *e, host_val *out);
/* Runs a module-level statement (assignment, for, if, expression) in the module scope. */
bool host_exec_module(host_interp *H, const fe_stmt *s);
/* Whether a module-level statement is host code: a for loop, an assignment of a list
 * literal, or anything whose expressions need the evaluator (host_needs_eval). */
bool host_stmt_needs_eval(const host_interp *H, const fe_stmt *s);
/* Calls a callable value (def, lambda, builtin) with positional arguments. */
bool host_call(host_interp *H, const host_val *fn, unsigned nargs, const host_val *args, ir_loc loc,
               host_val *out);
/* The same with keyword arguments too (names interned or not). */
bool host_call_kw(host_interp *H, const host_val *fn, unsigned nargs, const host_val *args, unsigned nkw,
                  const char *const *kwn, const host_val *kwv, ir_loc loc, host_val *out);
/* A located error (host_env.c's builtins report through it). */
void host_error(host_interp *H, ir_loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* ---- the host environment (host_env.c): what host code sees of the machine -------------- *
 * The modules a kernel file imports for its host code (os, torch, pytest, triton.runtime,
 * triton.tools.tensor_descriptor) and the calls Triton's tutorials make on them, answered
 * for the compile target, not the machine tilec runs on: get_current_target() is a CUDA
 * target of target_sm, torch.cuda.get_device_capability() its (major, minor), os.environ
 * is empty and os.getenv gives its default (the compile does not depend on the
 * environment). */

/* Whether `path` ("torch.cuda") is a module of the host environment. */
bool host_env_is_module(const char *path);
/* Whether `path` ("torch.cuda.get_device_capability") is a function or class of it. */
bool host_env_is_builtin(const char *path);
/* `module.name` for a value of it that is no function (os.environ); false when there is none
 * (nothing reported). */
bool host_env_value(host_interp *H, const char *module, const char *name, host_val *out);
/* Calls the host-environment function `path`; false after a located error. */
bool host_env_call(host_interp *H, const char *path, unsigned nargs, const host_val *args, unsigned nkw,
                   const char *const *kwn, const host_val *kwv, ir_loc loc, host_val *out);

/* An object of class `cls` with no attributes yet (host_object_set adds them). */
host_val host_object(host_interp *H, const char *cls);
void host_object_set(host_interp *H, const host_val *obj, const char *attr, host_val v);
/* Whether e, evaluated at module level, needs this evaluator (it holds a lambda, a
 * comprehension, a dict, or names/calls something only the evaluator knows). */
bool host_needs_eval(const host_interp *H, const fe_expr *e);

host_val host_int(int64_t i);
host_val host_str(const char *s);
host_val host_none(void);
bool host_truthy(const host_val *v);
/* Python's int.bit_length(): the bits of |v| (0 for 0); kernels and host code share it. */
unsigned host_bit_length(int64_t v);
bool host_equal(const host_val *a, const host_val *b);
bool host_is_callable(const host_val *v);
/* Python's name for a value's type ("int", "list", "triton.Config"). Static storage. */
const char *host_type_name(const host_val *v);
host_dict *host_dict_new(host_interp *H);
void host_dict_set(host_interp *H, host_dict *d, host_val key, host_val val);
/* The value under key, or NULL. */
host_val *host_dict_get(const host_dict *d, const host_val *key);
/* The value under a string key, or NULL. */
host_val *host_dict_get_str(const host_dict *d, const char *key);

#endif
