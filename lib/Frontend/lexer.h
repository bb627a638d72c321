/* The .tir tokenizer: Python's tokens for the kernel subset of Triton's language.
 *
 * Produces NAME, INT, FLOAT, STRING, operators and keywords, plus NEWLINE, INDENT and
 * DEDENT computed from an indentation stack as Python does (tabs advance to the next
 * multiple of 8). Lines are joined inside () [] {} and after a backslash; comments and
 * blank lines produce nothing. Errors are emitted through the context's diagnostics at
 * their exact location and the offending text becomes one FE_TOK_ERROR token, so the
 * parser can skip it without reporting again. Symbols carry the `fe_` prefix. */
#ifndef TILEC_FE_LEXER_H
#define TILEC_FE_LEXER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "IR/ir.h"

/* Every token kind with its spelling (used in "expected ')'" messages). */
#define FE_TOKEN_LIST(X)                                                                      \
  X(EOF, "end of file") X(ERROR, "invalid token") X(NEWLINE, "newline")                     \
  X(INDENT, "indent") X(DEDENT, "dedent") X(NAME, "name") X(INT, "integer")                 \
  X(FLOAT, "float") X(STRING, "string")                                                     \
  X(LPAR, "(") X(RPAR, ")") X(LSQB, "[") X(RSQB, "]") X(LBRACE, "{") X(RBRACE, "}")         \
  X(COMMA, ",") X(COLON, ":") X(SEMI, ";") X(DOT, ".") X(ELLIPSIS, "...") X(AT, "@")        \
  X(ASSIGN, "=") X(ARROW, "->") X(WALRUS, ":=")                                             \
  X(PLUS, "+") X(MINUS, "-") X(STAR, "*") X(SLASH, "/") X(DSLASH, "//") X(PERCENT, "%")     \
  X(DSTAR, "**") X(LSHIFT, "<<") X(RSHIFT, ">>") X(AMP, "&") X(PIPE, "|") X(CARET, "^")     \
  X(TILDE, "~") X(LT, "<") X(GT, ">") X(LE, "<=") X(GE, ">=") X(EQ, "==") X(NE, "!=")       \
  X(PLUSEQ, "+=") X(MINUSEQ, "-=") X(STAREQ, "*=") X(SLASHEQ, "/=") X(DSLASHEQ, "//=")      \
  X(PERCENTEQ, "%=") X(AMPEQ, "&=") X(PIPEEQ, "|=") X(CARETEQ, "^=") X(LSHIFTEQ, "<<=")     \
  X(RSHIFTEQ, ">>=") X(DSTAREQ, "**=") X(ATEQ, "@=")                                        \
  X(KW_FALSE, "False") X(KW_NONE, "None") X(KW_TRUE, "True") X(KW_AND, "and")               \
  X(KW_AS, "as") X(KW_ASSERT, "assert") X(KW_ASYNC, "async") X(KW_AWAIT, "await")           \
  X(KW_BREAK, "break") X(KW_CLASS, "class") X(KW_CONTINUE, "continue") X(KW_DEF, "def")     \
  X(KW_DEL, "del") X(KW_ELIF, "elif") X(KW_ELSE, "else") X(KW_EXCEPT, "except")             \
  X(KW_FINALLY, "finally") X(KW_FOR, "for") X(KW_FROM, "from") X(KW_GLOBAL, "global")       \
  X(KW_IF, "if") X(KW_IMPORT, "import") X(KW_IN, "in") X(KW_IS, "is")                       \
  X(KW_LAMBDA, "lambda") X(KW_NONLOCAL, "nonlocal") X(KW_NOT, "not") X(KW_OR, "or")         \
  X(KW_PASS, "pass") X(KW_RAISE, "raise") X(KW_RETURN, "return") X(KW_TRY, "try")           \
  X(KW_WHILE, "while") X(KW_WITH, "with") X(KW_YIELD, "yield")

typedef enum fe_tok_kind {
#define FE_TOK_ENUM(name, spelling) FE_TOK_##name,
  FE_TOKEN_LIST(FE_TOK_ENUM)
#undef FE_TOK_ENUM
  FE_TOK_COUNT
} fe_tok_kind;

typedef struct fe_token {
  fe_tok_kind kind;
  ir_loc loc;        /* first character (NEWLINE: just after the line's last token) */
  const char *text;  /* the source spelling (not NUL-terminated) */
  size_t len;
  const char *name;  /* NAME: interned */
  int64_t ival;      /* INT (the bits, when big) */
  bool big;          /* INT: 2**63 <= value < 2**64 (Python reads it; tilec's integers are int64) */
  double fval;       /* FLOAT */
  const char *str;   /* STRING: decoded contents in the arena, NUL-terminated */
  bool is_bytes;     /* STRING: b'' prefix */
  bool is_fstring;   /* STRING: f'' prefix (its text kept with the braces; evaluating one is
                        an error, so host code that prints with it parses) */
} fe_token;

enum { FE_LEX_MAX_INDENT = 100, FE_LEX_MAX_PARENS = 200 };

/* Tokenizer state. Owns nothing: `source` must outlive it; decoded strings go to `arena`. */
typedef struct fe_lexer {
  ir_context *ctx;
  sup_arena *arena;
  const char *file;          /* interned */
  const char *src;
  size_t len, pos;
  int line;                  /* 1-based line of src[pos] */
  size_t line_start;         /* offset of that line's first byte */
  unsigned error_base;       /* diag_error_count at init */
  unsigned max_errors;       /* stop reporting after this many errors (0: unlimited) */
  unsigned nerrors;          /* lexical errors found so far (reported or not) */
  bool at_line_start;        /* next token starts a logical line: measure indentation */
  bool done;                 /* EOF was returned */
  fe_tok_kind last;          /* kind of the previous token returned */
  ir_loc last_end;           /* just past the previous token (NEWLINE's location) */
  int pending_dedents;
  int nindent;               /* indentation stack: indents[0] == 0 */
  int indents[FE_LEX_MAX_INDENT + 1];
  bool phantom[FE_LEX_MAX_INDENT + 1]; /* pushed after a bad unindent: no DEDENT owed */
  int nparens;
  int paren_overflow;        /* brackets opened beyond FE_LEX_MAX_PARENS (reported once) */
  char parens[FE_LEX_MAX_PARENS];
  ir_loc paren_locs[FE_LEX_MAX_PARENS];
} fe_lexer;

/* Prepares `lx` to tokenize `src[0..len)`. `file` must be interned. */
void fe_lexer_init(fe_lexer *lx, ir_context *ctx, sup_arena *arena, const char *file,
                   const char *src, size_t len, unsigned max_errors);
/* Produces the next token into *out_tok. After the end it keeps returning FE_TOK_EOF. */
void fe_lexer_next(fe_lexer *lx, fe_token *out_tok);
/* The spelling of a token kind: "(", "def", "newline", ... (static storage). */
const char *fe_tok_spelling(fe_tok_kind k);
/* True when k is a keyword (False, None, True, and, ..., yield). */
bool fe_tok_is_keyword(fe_tok_kind k);

#endif
