/* The .tir AST: the Python subset that Triton kernels are written in.
 *
 * Produced by fe_parse (parser.c) from tokens (lexer.c); consumed by semantic analysis
 * (sema.c). Nodes live in an arena owned by the caller. Every node has a location (the
 * first character of the construct). Symbols carry the `fe_` prefix. */
#ifndef TILEC_FE_AST_H
#define TILEC_FE_AST_H

#include <stdbool.h>
#include <stdint.h>

#include "IR/ir.h"

typedef struct fe_expr fe_expr;
typedef struct fe_stmt fe_stmt;

typedef enum fe_expr_kind {
  FE_EXPR_NAME,       /* name */
  FE_EXPR_INT,        /* ival (Python int literal; ibig: 2**63 .. 2**64-1, an error where evaluated) */
  FE_EXPR_FLOAT,      /* fval */
  FE_EXPR_STRING,     /* str (escape sequences decoded; adjacent literals concatenated) */
  FE_EXPR_BOOL,       /* bval: True / False */
  FE_EXPR_NONE,       /* None */
  FE_EXPR_ELLIPSIS,   /* ... */
  FE_EXPR_ATTRIBUTE,  /* value.name */
  FE_EXPR_CALL,       /* func(args..., name=kwargs...) */
  FE_EXPR_BINOP,      /* lhs op rhs */
  FE_EXPR_UNARY,      /* op operand */
  FE_EXPR_BOOLOP,     /* lhs and/or rhs (chains are nested left to right) */
  FE_EXPR_COMPARE,    /* a < b < c: operands[0..n], ops[0..n-1] */
  FE_EXPR_SUBSCRIPT,  /* value[items...]: each item an expr, a SLICE or None */
  FE_EXPR_SLICE,      /* lower:upper:step (each may be NULL) inside a subscript */
  FE_EXPR_TUPLE,      /* (a, b) or a, b */
  FE_EXPR_LIST,       /* [a, b] */
  FE_EXPR_IFEXP,      /* body if cond else orelse */
  FE_EXPR_DICT,       /* {k: v, ...} (for triton.Config) */
  FE_EXPR_LAMBDA,     /* lambda params: body (host code only: heuristics) */
  FE_EXPR_LISTCOMP,   /* [body for target in iter if cond ...] (host code only) */
  FE_EXPR_FSTRING,    /* f'...' (str: its text, braces kept): parsed so that host code using
                         one parses; evaluating it is an error */
} fe_expr_kind;

typedef enum fe_binop {
  FE_ADD, FE_SUB, FE_MUL, FE_DIV /* / */, FE_FLOORDIV /* // */, FE_MOD, FE_POW,
  FE_LSHIFT, FE_RSHIFT, FE_BITAND, FE_BITOR, FE_BITXOR, FE_MATMUL /* @ */
} fe_binop;

typedef enum fe_unop { FE_NEG, FE_POS, FE_INVERT /* ~ */, FE_NOT } fe_unop;
typedef enum fe_boolop { FE_AND, FE_OR } fe_boolop;
typedef enum fe_cmpop { FE_LT, FE_LE, FE_GT, FE_GE, FE_EQ, FE_NE, FE_IS, FE_ISNOT, FE_IN, FE_NOTIN } fe_cmpop;

/* One `for target in iter [if cond]...` clause of a list comprehension. */
typedef struct fe_comp {
  fe_expr *target;       /* a NAME or a TUPLE of names */
  fe_expr *iter;
  unsigned nifs;
  fe_expr **ifs;
} fe_comp;

typedef struct fe_keyword {
  const char *name; /* interned */
  fe_expr *value;
  ir_loc loc;
} fe_keyword;

struct fe_expr {
  fe_expr_kind kind;
  ir_loc loc;
  const char *name;      /* NAME, ATTRIBUTE (the attribute name); interned */
  int64_t ival;          /* INT */
  bool ibig;             /* INT: the literal is 2**63 or more (ival holds its low 64 bits) */
  double fval;           /* FLOAT */
  const char *str;       /* STRING (arena copy, NUL-terminated) */
  bool bval;             /* BOOL */
  union { fe_binop binop; fe_unop unop; fe_boolop boolop; } op;
  fe_expr *value;        /* ATTRIBUTE, SUBSCRIPT: the object; UNARY: operand */
  fe_expr *lhs, *rhs;    /* BINOP, BOOLOP */
  fe_expr *func;         /* CALL */
  fe_expr *cond, *body, *orelse; /* IFEXP */
  fe_expr *lower, *upper, *step; /* SLICE (each may be NULL) */
  unsigned nitems;       /* CALL: args; TUPLE/LIST/SUBSCRIPT: items; COMPARE: operands;
                            DICT: keys (values in `values`) */
  fe_expr **items;
  fe_expr **values;      /* DICT */
  fe_cmpop *cmpops;      /* COMPARE: nitems-1 */
  unsigned nkeywords;    /* CALL */
  fe_keyword *keywords;
  unsigned nparams;      /* LAMBDA */
  const char **params;   /* LAMBDA: parameter names (interned) */
  unsigned ngens;        /* LISTCOMP: the for clauses, outermost first */
  fe_comp *gens;
};

typedef enum fe_stmt_kind {
  FE_STMT_EXPR,       /* expression statement (value); docstrings are dropped */
  FE_STMT_ASSIGN,     /* targets[0] = targets[1] = ... = value; a target may be a TUPLE */
  FE_STMT_AUGASSIGN,  /* target op= value */
  FE_STMT_ANNASSIGN,  /* target: annotation [= value] */
  FE_STMT_RETURN,     /* return [value] */
  FE_STMT_IF,         /* if cond: body elif/else: orelse (elif is a nested IF in orelse) */
  FE_STMT_FOR,        /* for target in iter: body (orelse not supported: error) */
  FE_STMT_WHILE,      /* while cond: body */
  FE_STMT_BREAK,
  FE_STMT_CONTINUE,
  FE_STMT_PASS,
  FE_STMT_ASSERT,     /* assert cond [, msg] */
  FE_STMT_IMPORT,     /* import a.b [as c], ...: names[i] = "a.b", aliases[i] = "c" or NULL */
  FE_STMT_IMPORTFROM, /* from module import names[i] [as aliases[i]] */
  FE_STMT_FUNCDEF,    /* def (see fe_funcdef) */
  FE_STMT_TRY,        /* try: body; handlers (EXCEPT); else: orelse; finally: final */
  FE_STMT_EXCEPT,     /* except [cond [as name]]: body (only in a TRY's handlers) */
  FE_STMT_UNSUPPORTED,/* a Python statement tilec does not accept (class, with, ...);
                         `name` holds its keyword for the error sema reports */
  FE_STMT_SKIPPED,    /* a module-level statement tilec does not run (it failed to parse, or is
                         a class, with, ...): `skip` says why, `names` what it binds */
} fe_stmt_kind;

/* Why a module-level statement was skipped: the first error it gave (the parser's, or
 * sema's when running it failed). A name it binds is unavailable: using it reports this
 * (docs/tuning.md, "Bringing a Triton file"). */
typedef struct fe_skip {
  ir_loc loc;             /* the statement */
  ir_loc why_loc;         /* where it failed */
  const char *why;        /* the error there (arena) */
} fe_skip;

typedef struct fe_param {
  const char *name;       /* interned */
  fe_expr *annotation;    /* may be NULL */
  fe_expr *default_value; /* may be NULL */
  ir_loc loc;
} fe_param;

typedef struct fe_funcdef {
  const char *name;       /* interned */
  unsigned nparams;
  fe_param *params;
  unsigned ndecorators;
  fe_expr **decorators;   /* as written: NAME, ATTRIBUTE or CALL expressions */
  fe_expr *returns;       /* -> annotation or NULL */
  unsigned nbody;
  fe_stmt **body;
  const char *docstring;  /* or NULL */
  const char *kwargs;     /* the name of a trailing `**kwargs` parameter (host code only) or NULL */
  ir_loc kwargs_loc;
} fe_funcdef;

struct fe_stmt {
  fe_stmt_kind kind;
  ir_loc loc;
  fe_expr *value;         /* EXPR, ASSIGN, AUGASSIGN, ANNASSIGN (may be NULL), RETURN
                             (may be NULL), ASSERT: message (may be NULL) */
  unsigned ntargets;      /* ASSIGN */
  fe_expr **targets;      /* ASSIGN */
  fe_expr *target;        /* AUGASSIGN, ANNASSIGN, FOR */
  fe_expr *annotation;    /* ANNASSIGN */
  fe_binop augop;         /* AUGASSIGN */
  fe_expr *cond;          /* IF, WHILE, ASSERT */
  fe_expr *iter;          /* FOR */
  unsigned nbody, norelse;
  fe_stmt **body, **orelse; /* IF, FOR, WHILE (orelse of FOR/WHILE: an error in sema), TRY */
  unsigned nhandlers, nfinal;
  fe_stmt **handlers, **final; /* TRY: its except clauses (EXCEPT), its finally block */
  const char *module;     /* IMPORTFROM: "triton.language"; NULL in `from . import x` */
  unsigned level;         /* IMPORTFROM: the leading dots of a relative import (0: absolute) */
  unsigned nnames;        /* IMPORT, IMPORTFROM, SKIPPED (the names it binds) */
  const char **names, **aliases;
  fe_skip *skip;          /* SKIPPED */
  bool tail;              /* IF: the rest of its function was moved into its branches (an early
                             return, sema_return.c): nothing follows it */
  const char *name;       /* UNSUPPORTED: the keyword; EXCEPT: the `as` name or NULL */
  fe_funcdef *func;       /* FUNCDEF */
};

typedef struct fe_file {
  const char *filename;   /* interned */
  unsigned nstmts;
  fe_stmt **stmts;        /* top-level statements (imports, defs, assignments of constants) */
} fe_file;

/* Tokenizes and parses `source` into an AST allocated in `arena`. Names are interned in
 * ctx. Syntax errors are emitted through the context's diagnostics ("expected ':'",
 * "unindent does not match any outer indentation level", ...); the parser recovers at the
 * next statement to report several. Returns NULL when any error was emitted. */
fe_file *fe_parse(ir_context *ctx, sup_arena *arena, const char *filename, const char *source,
                  size_t len);

/* Whether a decorator named so (its last dotted part) makes a def a kernel: jit, autotune,
 * heuristics. Such a module-level statement is never skipped. */
bool fe_is_kernel_decorator_name(const char *name);

/* Integer literals of 2**63 and above (ibig). Python reads them and Triton makes a uint64 of
 * one; tilec's compile-time integers are int64, so evaluating one is a located error (with
 * this hint), but a file that holds one in code never evaluated (a constexpr branch not
 * taken, an unused function) compiles. -2**63 written as a negated literal is int64's
 * minimum, and fe_int_literal_min says so. */
#define FE_BIG_INT_HINT                                                                            \
  "integer literals of 2**63 and above are not supported (tilec's integers are 64-bit signed); "   \
  "write the bits as a signed value and bitcast, e.g. tl.full((), -1, tl.int64)"                    \
  ".to(tl.uint64, bitcast=True) for 0xFFFFFFFFFFFFFFFF"
static inline bool fe_int_literal_min(const fe_expr *e, fe_unop op) {
  return op == FE_NEG && e->kind == FE_EXPR_INT && e->ibig && e->ival == INT64_MIN;
}

/* Prints the AST as an S-expression, one statement per line (for tests: tilec
 * --emit=ast). */
void fe_ast_print(const fe_file *f, sup_strbuf *out);

#endif
