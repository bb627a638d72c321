/* The IR core: context, types, attributes, operations, blocks, regions, builder,
 * rewriting utilities, printer, parser, verifier and pass manager.
 *
 * The shape is MLIR's, written in C: an operation has operands, results, a sorted
 * attribute dictionary, regions and a location; a region holds blocks; a block holds
 * arguments and a list of operations. Structured control flow lives in regions (no CFG
 * successors). Dialects register their ops as tables of ir_opdef.
 *
 * Memory: types, attributes and interned names are uniqued in the context's arena and
 * live as long as the context. Operations, blocks and regions live in their module's
 * arena and are freed in one call (ir_module_destroy). Nothing here is process-wide:
 * two contexts may be used from two threads at once.
 *
 * Struct fields are public for reading; change IR only through the functions below, which
 * keep use lists and parent links consistent.
 *
 * Textual form (generic, one syntax for every op; the parser reads back every print):
 *
 *   #blocked = #tgpu.blocked<{order = [0], sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4]}>
 *   builtin.module() {tgpu.num_warps = 4 : i32} ({
 *     tt.func() {function_type = (ptr<f32>, i32) -> (), sym_name = "add"} ({
 *     ^entry(%arg0: ptr<f32>, %arg1: i32):
 *       %0 = tt.get_program_id() {axis = 0 : i32} : i32 loc("add.tir":7:11)
 *       %1 = tt.make_range() {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked> loc("add.tir":8:23)
 *       tt.return() loc(unknown)
 *     }) loc("add.tir":6:1)
 *   }) loc("add.tir":1:1)
 *
 *   file    ::= (alias-def | op)*          (the printer writes every alias-def first)
 *   alias-def ::= '#' name '=' attr        (each name defined once, before its uses)
 *   op      ::= [value-list '='] op-name '(' [value-list] ')' [attr-dict]
 *               ['(' region (',' region)* ')'] [':' type (',' type)*] [loc]
 *   loc     ::= 'loc(' string ':' line ':' col ')' | 'loc(unknown)'
 *   region  ::= '{' block* '}'          (an empty region is '{' '}')
 *   block   ::= ['^' name ['(' '%'name ':' type (',' ...)* ')'] ':'] op*
 *   type    ::= i1 | i8 | i16 | i32 | i64 | f16 | bf16 | f32 | f64 | f8E4M3FN | f8E5M2
 *             | 'ptr<' type [',' addrspace] '>'
 *             | 'tensor<' (dim 'x')+ type [',' attr] '>'
 *             | '(' [type (',' type)*] ')' '->' '(' [type (',' type)*] ')'   (function)
 *             | 'none'
 *             | '!tt.tensordesc<' tensor-type '>'          (host tensor descriptor)
 *             | '!' dialect-type-name ['<' attr-dict '>']   (dialect type; '<{}>' is omitted)
 *   attr    ::= int ':' int-type | float ':' float-type | 'true' | 'false' | string
 *             | type | '[' [attr (',' attr)*] ']' | attr-dict | 'unit'
 *             | '#' dialect-attr-name '<' attr-dict '>'
 *             | '#' alias-name                      (no '<' after it)
 *   attr-dict ::= '{' [name '=' attr (',' name '=' attr)*] '}'   (sorted by name)
 * The printer names every dialect attribute (layout) that the op uses once, above it:
 * '#' + the attribute's kind (its name after the last dot) + a counter from the second of a
 * kind on (#blocked, #blocked1, #slice), in order of first use; a definition may refer to an
 * earlier alias. Each op ends with its location: 'loc("file":line:col)', or 'loc(unknown)'
 * for an op created without one; an op read without 'loc' gets its position in the text.
 * The ':' type list after an op gives its result types (absent when it has none). Values
 * are printed %0, %1, ... numbered per function (per op with the ISOLATED trait), block
 * arguments %arg0, %arg1, ... ; blocks ^bb0, ^bb1, ... (the entry block's label is printed
 * only when it has arguments). Floats print with enough digits to read back exactly;
 * integers print as signed decimals of their type's width.
 */
#ifndef TILEC_IR_H
#define TILEC_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "IR/opcode.h"
#include "Support/diag.h"
#include "Support/support.h"

typedef struct ir_context ir_context;
typedef struct ir_module ir_module;
typedef struct ir_type ir_type;
typedef struct ir_attr ir_attr;
typedef struct ir_named_attr ir_named_attr;
typedef struct ir_op ir_op;
typedef struct ir_value ir_value;
typedef struct ir_use ir_use;
typedef struct ir_block ir_block;
typedef struct ir_region ir_region;
typedef struct ir_opdef ir_opdef;
typedef diag_loc ir_loc;

/* ======================================================================================
 * Context
 * ====================================================================================== */

/* Creates a context with an empty op registry and a diagnostic engine that writes to
 * stderr until a handler is set. Free with ir_context_destroy. */
ir_context *ir_context_create(void);
void ir_context_destroy(ir_context *ctx);
/* Out of memory (the failure policy of Support/support.h): reports "out of memory" as an
 * error, once per context; ir_context_failed then stays true. The context's arena and the
 * arenas of its modules report through it. */
void ir_context_note_oom(ir_context *ctx);
bool ir_context_failed(const ir_context *ctx);
/* Makes a scratch arena (created by sup_arena_create) report out of memory to ctx. */
void ir_context_watch_arena(ir_context *ctx, sup_arena *a);
/* The context's diagnostic engine (owned by the context). */
diag_engine *ir_context_diag(ir_context *ctx);
/* Interns a name; the pointer lives as long as the context. */
const char *ir_intern(ir_context *ctx, const char *s);
const char *ir_intern_n(ir_context *ctx, const char *s, size_t len);
/* The context's arena (types, attributes, names; also fine for long-lived pass data). */
sup_arena *ir_context_arena(ir_context *ctx);
/* Emits an error at `loc` through the context's engine. */
void ir_emit_error(ir_context *ctx, ir_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* An error that says the kernel cannot be built as configured, not that it is wrong: more
 * shared memory than the target has, or a tl.static_assert that the config fails. An
 * autotune config that meets only such errors is left out when others compile
 * (Frontend/sema.c, Driver/variants.c), as Triton's autotuner skips a config that runs
 * out of resources or fails a compile-time assertion. Counted per context. */
void ir_emit_config_error(ir_context *ctx, ir_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
unsigned ir_context_config_errors(const ir_context *ctx);
/* Seconds on a monotonic clock (pass timing, --pass-timing's steps). */
double ir_now_seconds(void);

/* ======================================================================================
 * Types (uniqued: compare with ==)
 * ====================================================================================== */

typedef enum ir_type_kind {
  IR_TYPE_NONE,   /* 'none': the unit type */
  IR_TYPE_INT,    /* signless integer iN; i1 is the boolean */
  IR_TYPE_FLOAT,  /* f16, bf16, f32, f64, f8E4M3FN, f8E5M2 */
  IR_TYPE_PTR,    /* pointer to a scalar type in an address space (1 = global) */
  IR_TYPE_TENSOR, /* ranked tensor of scalars, static shape, optional encoding attribute */
  IR_TYPE_FUNC,   /* (inputs) -> (results) */
  IR_TYPE_DIALECT, /* '!name<{...}>': a dialect-defined type = name + parameter dictionary
                      (tgpu.memdesc, tgpu.async_token, ...; typed access in the dialect) */
  IR_TYPE_TENSORDESC, /* '!tt.tensordesc<tensor<...>>': a host-built TMA tensor descriptor;
                         `elem` is its block type (a tensor without encoding) */
} ir_type_kind;

/* f8E4M3FN (Triton's fp8e4nv: 4 exponent bits, bias 7, no infinity, 0x7f/0xff NaN) and
 * f8E5M2 (fp8e5: 5 exponent bits, bias 15, IEEE-like) are storage types: they are loaded,
 * stored, moved and converted (arith.extf / arith.truncf), not computed on. */
typedef enum ir_float_kind { IR_F16, IR_BF16, IR_F32, IR_F64, IR_F8E4M3FN, IR_F8E5M2 } ir_float_kind;

#define IR_MAX_RANK 8
/* The most dims of a host tensor descriptor's block (TMA's limit). */
#define IR_MAX_TENSORDESC_RANK 5

struct ir_type {
  ir_type_kind kind;
  unsigned width;           /* INT, FLOAT: bits */
  ir_float_kind fkind;      /* FLOAT */
  const ir_type *elem;      /* PTR: pointee; TENSOR: element (a scalar or pointer type);
                               TENSORDESC: the block type */
  unsigned addr_space;      /* PTR */
  unsigned rank;            /* TENSOR */
  const int64_t *shape;     /* TENSOR: rank entries, all > 0 */
  const ir_attr *encoding;  /* TENSOR: layout attribute or NULL (tile level) */
  unsigned ninputs, nresults;          /* FUNC */
  const ir_type *const *inputs;        /* FUNC */
  const ir_type *const *results;       /* FUNC */
  const char *name;                    /* DIALECT: interned "dialect.type" */
  const ir_attr *params;               /* DIALECT: a DICT attribute (possibly empty) */
};

const ir_type *ir_none_type(ir_context *ctx);
const ir_type *ir_int_type(ir_context *ctx, unsigned width);
const ir_type *ir_float_type(ir_context *ctx, ir_float_kind k);
/* Pointer to `pointee` in address space `addr_space` (1 = global, 3 = shared). */
const ir_type *ir_ptr_type(ir_context *ctx, const ir_type *pointee, unsigned addr_space);
const ir_type *ir_tensor_type(ir_context *ctx, unsigned rank, const int64_t *shape,
                              const ir_type *elem, const ir_attr *encoding);
const ir_type *ir_func_type(ir_context *ctx, unsigned ninputs, const ir_type *const *inputs,
                            unsigned nresults, const ir_type *const *results);

/* A dialect type `!name<params>`; params must be a DICT attribute (NULL: empty). The dialect
 * checks the parameters (the IR core only uniques and prints them). */
const ir_type *ir_dialect_type(ir_context *ctx, const char *name, const ir_attr *params_dict);

/* A host tensor descriptor whose block (the tile one load or store moves) has type
 * `block`: a tensor of rank 1..5 without encoding, of int or float elements. */
const ir_type *ir_tensordesc_type(ir_context *ctx, const ir_type *block);
bool ir_type_is_tensordesc(const ir_type *t);
/* The block type of a tensordesc (NULL for any other type). */
const ir_type *ir_tensordesc_block(const ir_type *t);

bool ir_type_is_int(const ir_type *t);      /* scalar integer */
bool ir_type_is_float(const ir_type *t);    /* scalar float */
bool ir_type_is_ptr(const ir_type *t);      /* scalar pointer */
bool ir_type_is_tensor(const ir_type *t);
/* A dialect type named `name` (strcmp on the interned name). */
bool ir_type_is_dialect(const ir_type *t, const char *name);
/* For a tensor its element type, otherwise the type itself. */
const ir_type *ir_type_scalar(const ir_type *t);
/* A tensor of the same shape and encoding with another element type; for a scalar,
 * `elem` itself. */
const ir_type *ir_type_with_scalar(ir_context *ctx, const ir_type *t, const ir_type *elem);
/* The same tensor type with another encoding (NULL removes it). */
const ir_type *ir_type_with_encoding(ir_context *ctx, const ir_type *t, const ir_attr *enc);
/* Number of elements of a tensor (1 for a scalar). */
int64_t ir_type_numel(const ir_type *t);
/* Size in bytes of a scalar type's value (pointers: 8; i1: 1). */
unsigned ir_type_byte_size(const ir_type *scalar);
/* Prints the type in its textual form. */
void ir_type_print(const ir_type *t, sup_strbuf *out);

/* ======================================================================================
 * Attributes (uniqued: compare with ==)
 * ====================================================================================== */

typedef enum ir_attr_kind {
  IR_ATTR_UNIT,    /* 'unit' */
  IR_ATTR_INT,     /* integer of an integer type (i1 prints as true/false) */
  IR_ATTR_FLOAT,   /* float of a float type */
  IR_ATTR_STRING,
  IR_ATTR_TYPE,
  IR_ATTR_ARRAY,
  IR_ATTR_DICT,    /* entries sorted by name (pointer order of interned names is not used:
                      sorted by strcmp) */
  IR_ATTR_DIALECT, /* '#name<{...}>': a dialect attribute (layouts) = name + dictionary */
} ir_attr_kind;

struct ir_named_attr {
  const char *name; /* interned */
  const ir_attr *value;
};

struct ir_attr {
  ir_attr_kind kind;
  const ir_type *type;            /* INT, FLOAT */
  int64_t ival;                   /* INT (sign-extended from the type's width) */
  double fval;                    /* FLOAT (an f32 attr holds a value exactly representable
                                     in f32) */
  const char *str;                /* STRING: interned contents; DIALECT: interned name */
  const ir_type *tval;            /* TYPE */
  unsigned count;                 /* ARRAY: elements; DICT: entries */
  const ir_attr *const *elems;    /* ARRAY */
  const ir_named_attr *entries;   /* DICT */
  const ir_attr *params;          /* DIALECT: a DICT */
};

const ir_attr *ir_unit_attr(ir_context *ctx);
const ir_attr *ir_int_attr(ir_context *ctx, const ir_type *int_type, int64_t v);
const ir_attr *ir_i32_attr(ir_context *ctx, int64_t v);
const ir_attr *ir_i64_attr(ir_context *ctx, int64_t v);
const ir_attr *ir_bool_attr(ir_context *ctx, bool v);
const ir_attr *ir_float_attr(ir_context *ctx, const ir_type *float_type, double v);
const ir_attr *ir_string_attr(ir_context *ctx, const char *s);
const ir_attr *ir_type_attr(ir_context *ctx, const ir_type *t);
const ir_attr *ir_array_attr(ir_context *ctx, unsigned n, const ir_attr *const *elems);
/* Array of i64 ints, a common case (shapes, orders). */
const ir_attr *ir_i64_array_attr(ir_context *ctx, unsigned n, const int64_t *vals);
/* Entries need not be sorted nor unique on entry; a later duplicate name wins. */
const ir_attr *ir_dict_attr(ir_context *ctx, unsigned n, const ir_named_attr *entries);
const ir_attr *ir_dialect_attr(ir_context *ctx, const char *name, const ir_attr *params_dict);

/* Dictionary lookup by name (any string; NULL when absent). */
const ir_attr *ir_dict_get(const ir_attr *dict, const char *name);
/* Reads an ARRAY of INT into `out` (at most `max`); returns the count, or -1 when `a` is
 * not such an array. */
int ir_attr_get_i64_array(const ir_attr *a, int64_t *out, int max);
void ir_attr_print(const ir_attr *a, sup_strbuf *out);

/* ======================================================================================
 * Op definitions and registry
 * ====================================================================================== */

enum {
  IR_TRAIT_PURE = 1u << 0,          /* no effects (effects == 0): removable when unused, CSE-able */
  IR_TRAIT_TERMINATOR = 1u << 1,    /* must be last in its block */
  IR_TRAIT_COMMUTATIVE = 1u << 2,   /* binary op whose operands may be swapped */
  IR_TRAIT_ELEMENTWISE = 1u << 3,   /* applies per element; operands/results same shape */
  IR_TRAIT_SAME_TYPE = 1u << 4,     /* every operand and result has the same type */
  IR_TRAIT_ISOLATED = 1u << 5,      /* regions do not see values defined outside (func) */
  IR_TRAIT_CONSTANT = 1u << 6,      /* materializes its 'value' attribute */
  IR_TRAIT_SYMBOL = 1u << 7,        /* has a 'sym_name' string attribute (func) */
  IR_TRAIT_SINGLE_BLOCK = 1u << 8,  /* every region has at most one block */
};

/* Effects of an op (ir_opdef.effects), queried through ir_op_effects. An op without
 * effects (0) is exactly an op with IR_TRAIT_PURE: removable when unused, mergeable by CSE,
 * foldable. */
enum {
  IR_EFFECT_READ_GLOBAL = 1u << 0,   /* reads global memory */
  IR_EFFECT_WRITE_GLOBAL = 1u << 1,  /* writes global memory */
  IR_EFFECT_READ_SHARED = 1u << 2,   /* reads shared memory */
  IR_EFFECT_WRITE_SHARED = 1u << 3,  /* writes shared memory */
  IR_EFFECT_ALLOC_SHARED = 1u << 4,  /* allocates shared memory */
  IR_EFFECT_FREE_SHARED = 1u << 5,   /* frees shared memory */
  IR_EFFECT_CONTROL = 1u << 6,       /* transfers control or anchors structure (terminators,
                                        functions, the module, loops that may not end,
                                        compile-time facts): never removed nor moved */
  IR_EFFECT_REGIONS = 1u << 7,       /* also has the effects of the ops nested in its
                                        regions, their blocks' terminators excepted */
};
#define IR_EFFECT_MEMORY                                                                    \
  (IR_EFFECT_READ_GLOBAL | IR_EFFECT_WRITE_GLOBAL | IR_EFFECT_READ_SHARED |                 \
   IR_EFFECT_WRITE_SHARED | IR_EFFECT_ALLOC_SHARED | IR_EFFECT_FREE_SHARED)
/* Anything (tt.call before inlining). */
#define IR_EFFECT_UNKNOWN (IR_EFFECT_MEMORY | IR_EFFECT_CONTROL)

/* Result of a folder: either an existing value or a constant attribute for result 0. */
typedef struct ir_fold_result {
  ir_value *value;       /* replace result 0 by this value, or */
  const ir_attr *attr;   /* replace result 0 by a constant of this attribute (same type as
                            the result's scalar type; a splat for tensors) */
} ir_fold_result;

struct ir_opdef {
  ir_opcode opcode;        /* IR_OP_<ident of the .def row> */
  const char *name;        /* "dialect.op" */
  unsigned traits;         /* IR_TRAIT_* */
  unsigned effects;        /* IR_EFFECT_*; 0 exactly when traits has IR_TRAIT_PURE */
  int min_operands;        /* inclusive */
  int max_operands;        /* inclusive; -1: unbounded */
  int num_results;         /* -1: variadic */
  int num_regions;         /* exact count */
  /* Op-specific checks beyond the counts above; emits an error and returns false. May be
   * NULL. */
  bool (*verify)(ir_op *op);
  /* Folds the op given the constant attribute of each operand (NULL where the operand is
   * not a constant). Returns true and fills `out` when it folded. May be NULL. */
  bool (*fold)(ir_op *op, const ir_attr *const *operand_consts, ir_fold_result *out);
  /* The op's own rewrites (beyond folding), applied by the canonicalize pass: returns true
   * when it changed the IR (it may erase op, leaving no use of its results). May be
   * NULL. */
  bool (*canonicalize)(ir_module *m, ir_op *op);
  const char *summary;     /* one line for docs and --help */
};

/* Registers a dialect's table (static storage, not copied). Names must be unique. */
void ir_context_register_ops(ir_context *ctx, const ir_opdef *defs, size_t count);
/* A dialect's check of the types it gives meaning to (layout encodings on tensors, its own
 * dialect types): returns a static message describing the first problem, or NULL. `op` is
 * the op that defines the value (or owns the block argument), for context such as the
 * enclosing function's num_warps. ir_verify calls every registered check on every result
 * and block-argument type, so that no pass or lowering sees a malformed layout. */
typedef const char *(*ir_type_verifier)(const ir_op *op, const ir_type *t);
/* Registers a check (idempotent; a few per context). */
void ir_context_add_type_verifier(ir_context *ctx, ir_type_verifier fn);

/* Looks an op definition up by name; NULL when unknown. */
const ir_opdef *ir_lookup_opdef(ir_context *ctx, const char *name);
/* Calls fn for each registered op definition (for docs and tests). */
void ir_context_each_opdef(ir_context *ctx, void (*fn)(const ir_opdef *, void *), void *user);

/* ======================================================================================
 * Values, operations, blocks, regions
 * ====================================================================================== */

struct ir_use {
  ir_value *value;         /* the value used */
  ir_op *user;             /* the op using it */
  unsigned index;          /* operand index in user */
  ir_use *prev_use, *next_use; /* links in value->first_use's list */
};

struct ir_value {
  const ir_type *type;
  ir_op *def;              /* defining op, or NULL for a block argument */
  ir_block *block;         /* for a block argument: its block; else NULL */
  unsigned index;          /* result index or argument index */
  ir_use *first_use;
};

struct ir_op {
  ir_opcode opcode;        /* def->opcode, kept in the op for switch dispatch */
  const ir_opdef *def;
  ir_loc loc;
  unsigned noperands;
  ir_use *operands;        /* noperands entries; operands[i].value is the i-th operand */
  unsigned nresults;
  ir_value *results;       /* nresults entries */
  unsigned nattrs;
  ir_named_attr *attrs;    /* sorted by name (strcmp) */
  unsigned nregions;
  ir_region *regions;      /* nregions entries */
  ir_block *parent;        /* NULL when detached */
  ir_op *prev, *next;
};

struct ir_block {
  ir_region *parent;
  ir_op *first, *last;
  unsigned nargs;
  ir_value **args;
  ir_block *prev, *next;
};

struct ir_region {
  ir_op *parent;
  ir_block *first, *last;
};

struct ir_module {
  ir_context *ctx;
  sup_arena *arena;        /* ops, blocks, regions of this module */
  ir_op *op;               /* the 'builtin.module' op: one region, one block */
};

/* Creates an empty module (a builtin.module op with one empty block). The 'builtin'
 * dialect (builtin.module) is always registered in a context. */
ir_module *ir_module_create(ir_context *ctx, ir_loc loc); /* NULL: out of memory (reported) */
void ir_module_destroy(ir_module *m);
/* The module's single block (where funcs live). */
ir_block *ir_module_body(ir_module *m);
/* Finds a func-like op (IR_TRAIT_SYMBOL) by sym_name in the module body; NULL if absent. */
ir_op *ir_module_lookup_symbol(ir_module *m, const char *name);

/* Creates a detached op. `def` must be registered. Result values get the given types.
 * Attributes are copied and sorted; regions are created empty. */
ir_op *ir_op_create(ir_module *m, const ir_opdef *def, ir_loc loc, unsigned noperands,
                    ir_value *const *operands, unsigned nresults, const ir_type *const *result_types,
                    unsigned nattrs, const ir_named_attr *attrs);
/* Same, looking the def up by name; asserts that the name is registered. */
ir_op *ir_op_create_named(ir_module *m, const char *name, ir_loc loc, unsigned noperands,
                          ir_value *const *operands, unsigned nresults,
                          const ir_type *const *result_types, unsigned nattrs,
                          const ir_named_attr *attrs);
const char *ir_op_name(const ir_op *op);
static inline ir_opcode ir_op_code(const ir_op *op) { return op->opcode; }
/* The name of an opcode's op ("scf.yield"); "<unknown>" for IR_OP_UNKNOWN or out of range.
 * For messages: code compares opcodes, never names. */
const char *ir_opcode_name(ir_opcode code);
/* The op's declared IR_EFFECT_* bits (not those of its nested ops). */
static inline unsigned ir_op_effects(const ir_op *op) { return op->def->effects; }
/* True when erasing op (with its regions) changes nothing but its results: no declared
 * effect, or only IR_EFFECT_REGIONS with effect-free nested ops (block terminators, which
 * hand values to op, are not counted). */
bool ir_op_has_no_effect(const ir_op *op);
bool ir_op_has_trait(const ir_op *op, unsigned trait);
ir_value *ir_op_operand(const ir_op *op, unsigned i);
ir_value *ir_op_result(ir_op *op, unsigned i);
ir_region *ir_op_region(ir_op *op, unsigned i);
ir_op *ir_op_parent_op(const ir_op *op); /* the op whose region holds op's block, or NULL */
/* True when no region of op has a block (tt.reduce's named form; ops without regions). */
bool ir_op_regions_empty(const ir_op *op);
ir_context *ir_op_context(const ir_op *op);
/* Attribute access by name (any string). */
const ir_attr *ir_op_get_attr(const ir_op *op, const char *name);
/* Convenience readers: return `dflt` when absent or of another kind. */
int64_t ir_op_get_int_attr(const ir_op *op, const char *name, int64_t dflt);
const char *ir_op_get_string_attr(const ir_op *op, const char *name); /* NULL if absent */
void ir_op_set_attr(ir_op *op, const char *name, const ir_attr *value); /* NULL removes */
/* Replaces operand i (updates use lists). */
void ir_op_set_operand(ir_op *op, unsigned i, ir_value *v);
/* Replaces the whole operand list (may change its length). */
void ir_op_set_operands(ir_op *op, unsigned n, ir_value *const *vals);
/* Changes the type of a result in place (used by layout passes). */
void ir_value_set_type(ir_value *v, const ir_type *t);

/* Detaches op from its block (keeps its operands' uses). */
void ir_op_remove(ir_op *op);
/* Detaches op and drops every use it and its nested ops hold. Its results must have no
 * uses left (asserted). */
void ir_op_erase(ir_op *op);
void ir_op_insert_before(ir_op *op, ir_op *before);    /* op must be detached */
void ir_op_insert_after(ir_op *op, ir_op *after);
void ir_block_append(ir_block *b, ir_op *op);          /* op must be detached */
void ir_op_move_before(ir_op *op, ir_op *before);
bool ir_value_has_uses(const ir_value *v);
unsigned ir_value_num_uses(const ir_value *v);
/* Replaces every use of `from` by `to`. */
void ir_value_replace_all_uses(ir_value *from, ir_value *to);
/* The op that defines v, or NULL (block argument). */
ir_op *ir_value_def(const ir_value *v);

/* Blocks and regions. */
ir_block *ir_block_create(ir_module *m);                  /* detached, no args */
ir_value *ir_block_add_arg(ir_module *m, ir_block *b, const ir_type *t);
void ir_region_append_block(ir_region *r, ir_block *b);
ir_block *ir_region_entry(const ir_region *r);             /* first block or NULL */
ir_op *ir_block_terminator(const ir_block *b);             /* last op if terminator */
ir_op *ir_block_parent_op(const ir_block *b);

/* Maps old values to new ones while cloning. Heap-backed; free with ir_valmap_free. */
typedef struct ir_valmap { sup_ptrmap map; } ir_valmap;
void ir_valmap_put(ir_valmap *vm, const ir_value *from, ir_value *to);
ir_value *ir_valmap_get(const ir_valmap *vm, const ir_value *from); /* NULL if absent */
/* Returns the mapping or v itself when unmapped. */
ir_value *ir_valmap_lookup_or_self(const ir_valmap *vm, ir_value *v);
void ir_valmap_free(ir_valmap *vm);
/* Deep-clones op (regions included) into m, remapping operands through vm (unmapped
 * operands are kept) and recording op's results (and nested values) in vm. Detached. */
ir_op *ir_op_clone(ir_module *m, const ir_op *op, ir_valmap *vm);
/* Clones every op of region `src` into the end of block `dst` (src must have one block),
 * mapping src's block arguments through vm (the caller maps them first). Returns the
 * clone of src's terminator, which is inserted too; the caller usually reads and erases
 * it. */
ir_op *ir_region_clone_into(ir_module *m, const ir_region *src, ir_block *dst, ir_valmap *vm);

/* Walking. The callback returns one of these. */
typedef enum ir_walk_result { IR_WALK_ADVANCE, IR_WALK_SKIP, IR_WALK_INTERRUPT } ir_walk_result;
/* Pre-order walk over op and every nested op (SKIP: do not enter this op's regions). The
 * callback may not erase the op it is given; collect first, then change. Returns false
 * when interrupted. */
bool ir_walk_pre(ir_op *op, ir_walk_result (*fn)(ir_op *, void *), void *user);
/* Post-order walk (nested ops first); the callback may erase the op it is given. */
bool ir_walk_post(ir_op *op, ir_walk_result (*fn)(ir_op *, void *), void *user);

/* The ops a walk visited, kept so that a pass can change the IR after walking it (a walk's
 * callback may not erase what it has not been given). Heap array; free with
 * ir_oplist_free. */
typedef struct ir_oplist {
  ir_op **ops;
  size_t count, cap;
} ir_oplist;
void ir_oplist_push(ir_oplist *l, ir_op *op);
void ir_oplist_free(ir_oplist *l);
/* Every op nested in root, root included, in pre-order (or post-order: nested ops first),
 * for which keep(op) is true (keep NULL: every op). */
ir_oplist ir_collect_ops(ir_op *root, bool post_order, bool (*keep)(const ir_op *));

/* Builder: creates ops and inserts them at a point. */
typedef struct ir_builder {
  ir_module *m;
  ir_block *block;   /* insertion block */
  ir_op *before;     /* insert before this op; NULL: at the end of block */
  ir_loc loc;        /* location given to created ops */
} ir_builder;

void ir_builder_init(ir_builder *b, ir_module *m);
void ir_builder_set_end(ir_builder *b, ir_block *block);
void ir_builder_set_before(ir_builder *b, ir_op *op);
void ir_builder_set_after(ir_builder *b, ir_op *op);
/* Puts an op made elsewhere (a clone, an op with regions) at the insertion point. */
void ir_builder_insert(ir_builder *b, ir_op *op);
/* Creates an op by name at the insertion point. */
ir_op *ir_build(ir_builder *b, const char *name, unsigned noperands, ir_value *const *operands,
                unsigned nresults, const ir_type *const *result_types);
/* The same with one result, returned. */
ir_value *ir_build1(ir_builder *b, const char *name, unsigned noperands,
                    ir_value *const *operands, const ir_type *result_type);
/* arith.constant of an attribute; for a tensor type a splat of the scalar attribute. */
ir_value *ir_build_constant(ir_builder *b, const ir_type *type, const ir_attr *value);
ir_value *ir_build_int(ir_builder *b, const ir_type *type, int64_t v);     /* scalar/tensor */
ir_value *ir_build_float(ir_builder *b, const ir_type *type, double v);

/* Constant matching: when v is produced by a CONSTANT op, its 'value' attribute. */
const ir_attr *ir_value_constant(const ir_value *v);

/* ======================================================================================
 * Printing, parsing, verifying
 * ====================================================================================== */

/* Prints op (normally the module op) in the textual form above: the alias definitions of
 * the dialect attributes it uses, then the op, each op followed by its location. */
void ir_print_op(const ir_op *op, sup_strbuf *out);
/* Returns a heap string (caller frees). */
char *ir_print_to_string(const ir_op *op);
void ir_print_to_file(const ir_op *op, FILE *f);

/* Printing options for the *_flags variants (0: the default form above). */
enum {
  IR_PRINT_NO_LOCATIONS = 1u << 0, /* no ' loc(...)' after ops (shorter, for tests and
                                      reading; a parse then gives each op its position) */
};
void ir_print_op_flags(const ir_op *op, unsigned flags, sup_strbuf *out);
char *ir_print_to_string_flags(const ir_op *op, unsigned flags); /* heap string, caller frees */
void ir_print_to_file_flags(const ir_op *op, unsigned flags, FILE *f);

/* Parses a module from text. `filename` is used in locations and diagnostics. Returns NULL
 * after emitting diagnostics to the context's engine on error. An op written with
 * 'loc(...)' gets that location (the file name interned in ctx; 'loc(unknown)' gives none);
 * an op without one gets its position in this text. */
ir_module *ir_parse_module(ir_context *ctx, const char *filename, const char *text, size_t len);

/* Checks the structural rules: operand/result/region counts per def, terminators last and
 * only last, single-block regions where required, SSA dominance (a value is used only after
 * its definition in the same block or in a nested region, block arguments in their block's
 * region), isolation of ISOLATED ops, then each def's verify hook. Emits an error per
 * problem (prefixed with the op's name) and returns false on any. */
bool ir_verify(ir_module *m);

/* ======================================================================================
 * Passes
 * ====================================================================================== */

/* A pass transforms a module in place. It reads what it needs from the IR (module
 * attributes such as tgpu.num_warps and tgpu.target), so that any dump can be re-run.
 * Returns false after emitting an error. */
typedef struct ir_pass {
  const char *name;        /* command-line name: "canonicalize", "convert-to-tgpu" */
  const char *summary;
  bool (*run)(ir_module *m);
} ir_pass;

/* Instrumentation around each pass (all optional). */
typedef struct ir_pass_hooks {
  void *user;
  /* Called before each pass; `index` counts passes from 0. */
  void (*before)(void *user, unsigned index, const ir_pass *p, ir_module *m);
  /* Called after each pass that succeeded, with its wall time in seconds. */
  void (*after)(void *user, unsigned index, const ir_pass *p, ir_module *m, double seconds);
} ir_pass_hooks;

/* Runs passes in order; stops at the first failure (a pass error or, when `verify` is set,
 * a verifier error after a pass, reported as "... after pass 'NAME'"). Returns true when
 * every pass succeeded. */
bool ir_run_passes(ir_module *m, const ir_pass *const *passes, size_t count, bool verify,
                   const ir_pass_hooks *hooks);

#endif
