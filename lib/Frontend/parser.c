/* The .tir parser: recursive descent over lexer.c's tokens, producing the AST of ast.h.
 *
 * Grammar: Python's, restricted to what Triton kernels use (see ast.h); statements Python
 * has but tilec does not (class, with, global, ...) become FE_STMT_UNSUPPORTED with
 * their bodies skipped, so that sema reports them. At module level such a statement, and
 * one with Python tilec's grammar does not take, is SKIPPED instead (parse_top_statement):
 * a Triton file's torch code need not parse. Each parse function returns NULL (or
 * false) after reporting an error at the offending token; the statement loop then skips to
 * the end of the logical line (and over an indented block that follows it) and goes on, so
 * one run reports several errors, at most MAX_ERRORS. Recursion is bounded: brackets by the
 * lexer (200), expression nesting by MAX_DEPTH, statement nesting by the indentation
 * limit; elif chains are built iteratively. */
#include <stdarg.h>
#include <string.h>

#include "Frontend/ast.h"
#include "Frontend/lexer.h"

enum { MAX_ERRORS = 20, MAX_DEPTH = 600, MAX_HEIGHT = 1000 };

typedef struct parser {
  ir_context *ctx;
  sup_arena *arena;
  fe_lexer lx;
  fe_token buf[2];     /* buf[0]: current token; buf[1]: one token of lookahead */
  int nbuf;
  unsigned long consumed; /* tokens consumed so far (to guarantee progress) */
  unsigned error_base;
  int depth;           /* current expression nesting */
  bool stop;           /* too many errors: unwind */
  unsigned syntax_errors; /* Python's syntax errors found so far (error_at; not unsupported_at's) */
  sup_ptrmap param_names; /* the parameter names of the def being parsed */
} parser;

/* A growable array in the arena (the old storage is abandoned on growth). */
typedef struct vec {
  char *data;
  unsigned n, cap;
  size_t esz;
} vec;

static vec vec_of(size_t esz) {
  vec v = {NULL, 0, 0, esz};
  return v;
}

static void *vec_push(parser *p, vec *v) {
  if (v->n == v->cap) {
    unsigned cap = v->cap ? v->cap * 2 : 4;
    char *d = sup_arena_alloc(p->arena, cap * v->esz);
    if (v->n)
      memcpy(d, v->data, v->n * v->esz);
    v->data = d;
    v->cap = cap;
  }
  return v->data + (size_t)v->n++ * v->esz;
}

static void vec_push_ptr(parser *p, vec *v, void *x) { *(void **)vec_push(p, v) = x; }

/* ---- tokens ----------------------------------------------------------------------------- */

static void fill(parser *p, int n) {
  while (p->nbuf < n)
    fe_lexer_next(&p->lx, &p->buf[p->nbuf++]);
}

static const fe_token *cur(parser *p) {
  fill(p, 1);
  return &p->buf[0];
}

static fe_tok_kind kind(parser *p) { return cur(p)->kind; }

static fe_tok_kind kind1(parser *p) {
  fill(p, 2);
  return p->buf[1].kind;
}

static ir_loc loc(parser *p) { return cur(p)->loc; }

static void advance(parser *p) {
  fill(p, 1);
  if (p->buf[0].kind == FE_TOK_EOF)
    return;
  p->buf[0] = p->buf[1];
  p->nbuf--;
  p->consumed++;
}

static bool accept(parser *p, fe_tok_kind k) {
  if (kind(p) != k)
    return false;
  advance(p);
  return true;
}

/* ---- errors ----------------------------------------------------------------------------- */

static unsigned error_count(parser *p) {
  return diag_error_count(ir_context_diag(p->ctx)) - p->error_base;
}

static void vreport(parser *p, ir_loc l, const char *fmt, va_list ap) {
  if (error_count(p) >= MAX_ERRORS) {
    p->stop = true;
    return;
  }
  diag_vemit(ir_context_diag(p->ctx), DIAG_ERROR, l, fmt, ap);
  if (error_count(p) >= MAX_ERRORS)
    p->stop = true;
}

/* A syntax error (Python's too). */
static void error_at(parser *p, ir_loc l, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void error_at(parser *p, ir_loc l, const char *fmt, ...) {
  p->syntax_errors++;
  va_list ap;
  va_start(ap, fmt);
  vreport(p, l, fmt, ap);
  va_end(ap);
}

/* An error for Python that tilec's grammar does not take (`*args`, set literals, ...): at
 * module level the statement is then skipped (parse_top_statement). */
static void unsupported_at(parser *p, ir_loc l, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void unsupported_at(parser *p, ir_loc l, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vreport(p, l, fmt, ap);
  va_end(ap);
}

/* Reports that the current token is not what the grammar allows here. ERROR tokens were
 * reported by the lexer already. */
static void unexpected(parser *p) {
  switch (kind(p)) {
  case FE_TOK_ERROR: return;
  case FE_TOK_EOF: error_at(p, loc(p), "unexpected EOF while parsing"); return;
  case FE_TOK_INDENT: error_at(p, loc(p), "unexpected indent"); return;
  default: error_at(p, loc(p), "invalid syntax"); return;
  }
}

static bool expect(parser *p, fe_tok_kind k) {
  if (accept(p, k))
    return true;
  if (kind(p) == FE_TOK_ERROR)
    return false;
  if (kind(p) == FE_TOK_EOF)
    error_at(p, loc(p), "unexpected EOF while parsing");
  else
    error_at(p, loc(p), "expected '%s'", fe_tok_spelling(k));
  return false;
}

/* ---- nodes ------------------------------------------------------------------------------ */

static fe_expr *new_expr(parser *p, fe_expr_kind k, ir_loc l) {
  fe_expr *e = sup_arena_alloc(p->arena, sizeof *e);
  e->kind = k;
  e->loc = l;
  return e;
}

static fe_stmt *new_stmt(parser *p, fe_stmt_kind k, ir_loc l) {
  fe_stmt *s = sup_arena_alloc(p->arena, sizeof *s);
  s->kind = k;
  s->loc = l;
  return s;
}

static fe_expr *binop(parser *p, fe_binop op, fe_expr *lhs, fe_expr *rhs) {
  fe_expr *e = new_expr(p, FE_EXPR_BINOP, lhs->loc);
  e->op.binop = op;
  e->lhs = lhs;
  e->rhs = rhs;
  return e;
}

static fe_expr *seq_expr(parser *p, fe_expr_kind k, ir_loc l, vec *items) {
  fe_expr *e = new_expr(p, k, l);
  e->nitems = items->n;
  e->items = (fe_expr **)items->data;
  return e;
}

/* ---- expressions -------------------------------------------------------------------------- */

static fe_expr *parse_test(parser *p);
static fe_expr *parse_factor(parser *p);
static fe_expr *parse_or(parser *p);

static bool enter(parser *p) {
  if (++p->depth <= MAX_DEPTH)
    return true;
  error_at(p, loc(p), "expression too deeply nested");
  return false;
}

static bool starts_expr(fe_tok_kind k) {
  switch (k) {
  case FE_TOK_NAME: case FE_TOK_INT: case FE_TOK_FLOAT: case FE_TOK_STRING:
  case FE_TOK_LPAR: case FE_TOK_LSQB: case FE_TOK_LBRACE: case FE_TOK_MINUS:
  case FE_TOK_PLUS: case FE_TOK_TILDE: case FE_TOK_KW_NOT: case FE_TOK_KW_TRUE:
  case FE_TOK_KW_FALSE: case FE_TOK_KW_NONE: case FE_TOK_ELLIPSIS: case FE_TOK_KW_LAMBDA:
  case FE_TOK_KW_AWAIT: case FE_TOK_STAR:
    return true;
  default:
    return false;
  }
}

/* An element of a tuple or list: a test, or a starred expression (not supported). */
static fe_expr *parse_element(parser *p) {
  if (kind(p) == FE_TOK_STAR) {
    unsupported_at(p, loc(p), "starred expressions are not supported");
    return NULL;
  }
  return parse_test(p);
}

static bool reject_comprehension(parser *p) {
  if (kind(p) != FE_TOK_KW_FOR && kind(p) != FE_TOK_KW_ASYNC)
    return false;
  unsupported_at(p, loc(p), "only list comprehensions are supported ([x for x in xs]; not generators, dict or set comprehensions)");
  return true;
}

/* Comma-separated elements up to `close` (the opening bracket was consumed; `first` may hold
 * an element already parsed). The closing bracket is consumed. */
static bool parse_elements(parser *p, vec *items, fe_expr *first, fe_tok_kind close) {
  if (first) {
    vec_push_ptr(p, items, first);
    if (!accept(p, FE_TOK_COMMA))
      return expect(p, close);
  }
  while (kind(p) != close) {
    fe_expr *e = parse_element(p);
    if (!e || reject_comprehension(p))
      return false;
    vec_push_ptr(p, items, e);
    if (!accept(p, FE_TOK_COMMA))
      break;
  }
  return expect(p, close);
}

static fe_expr *parse_paren(parser *p) {
  ir_loc l = loc(p);
  advance(p);
  vec items = vec_of(sizeof(fe_expr *));
  if (accept(p, FE_TOK_RPAR))
    return seq_expr(p, FE_EXPR_TUPLE, l, &items);
  if (kind(p) == FE_TOK_KW_YIELD) {
    unsupported_at(p, loc(p), "'yield' is not supported");
    return NULL;
  }
  fe_expr *e = parse_element(p);
  if (!e || reject_comprehension(p))
    return NULL;
  if (kind(p) != FE_TOK_COMMA)
    return expect(p, FE_TOK_RPAR) ? e : NULL;
  if (!parse_elements(p, &items, e, FE_TOK_RPAR))
    return NULL;
  return seq_expr(p, FE_EXPR_TUPLE, l, &items);
}

static fe_expr *parse_for_target(parser *p);
static bool check_target(parser *p, const fe_expr *e);
static fe_expr *check_height(parser *p, fe_expr *e);

/* One `for target in iter [if cond]...` clause (at the `for`). */
static bool parse_comp_clause(parser *p, fe_comp *c) {
  advance(p);
  if (!(c->target = parse_for_target(p)) || !check_target(p, c->target) || !expect(p, FE_TOK_KW_IN) ||
      !(c->iter = check_height(p, parse_or(p))))
    return false;
  vec ifs = vec_of(sizeof(fe_expr *));
  while (accept(p, FE_TOK_KW_IF)) {
    fe_expr *cond = check_height(p, parse_or(p));
    if (!cond)
      return false;
    vec_push_ptr(p, &ifs, cond);
  }
  c->nifs = ifs.n;
  c->ifs = (fe_expr **)ifs.data;
  return true;
}

/* [body for ... in ... if ... for ...]: at the first `for`; consumes the `]`. */
static fe_expr *parse_listcomp(parser *p, ir_loc l, fe_expr *body) {
  vec gens = vec_of(sizeof(fe_comp));
  while (kind(p) == FE_TOK_KW_FOR) {
    fe_comp *c = vec_push(p, &gens);
    memset(c, 0, sizeof *c);
    if (!parse_comp_clause(p, c))
      return NULL;
  }
  if (reject_comprehension(p) || !expect(p, FE_TOK_RSQB))
    return NULL;
  fe_expr *e = new_expr(p, FE_EXPR_LISTCOMP, l);
  e->body = body;
  e->ngens = gens.n;
  e->gens = (fe_comp *)gens.data;
  return e;
}

static fe_expr *parse_list(parser *p) {
  ir_loc l = loc(p);
  advance(p);
  vec items = vec_of(sizeof(fe_expr *));
  if (accept(p, FE_TOK_RSQB))
    return seq_expr(p, FE_EXPR_LIST, l, &items);
  fe_expr *e = parse_element(p);
  if (e && kind(p) == FE_TOK_KW_FOR)
    return parse_listcomp(p, l, e);
  if (!e || reject_comprehension(p))
    return NULL;
  if (!parse_elements(p, &items, e, FE_TOK_RSQB))
    return NULL;
  return seq_expr(p, FE_EXPR_LIST, l, &items);
}

static fe_expr *parse_dict(parser *p) {
  ir_loc l = loc(p);
  advance(p);
  vec keys = vec_of(sizeof(fe_expr *)), vals = vec_of(sizeof(fe_expr *));
  while (kind(p) != FE_TOK_RBRACE) {
    if (kind(p) == FE_TOK_DSTAR) {
      unsupported_at(p, loc(p), "dict unpacking is not supported");
      return NULL;
    }
    fe_expr *k = parse_element(p);
    if (!k || reject_comprehension(p))
      return NULL;
    if (kind(p) != FE_TOK_COLON) {
      if (kind(p) == FE_TOK_COMMA || kind(p) == FE_TOK_RBRACE) {
        unsupported_at(p, l, "set literals are not supported");
        return NULL;
      }
      return expect(p, FE_TOK_COLON), NULL;
    }
    advance(p);
    fe_expr *v = parse_test(p);
    if (!v || reject_comprehension(p))
      return NULL;
    vec_push_ptr(p, &keys, k);
    vec_push_ptr(p, &vals, v);
    if (!accept(p, FE_TOK_COMMA))
      break;
  }
  if (!expect(p, FE_TOK_RBRACE))
    return NULL;
  fe_expr *e = seq_expr(p, FE_EXPR_DICT, l, &keys);
  e->values = (fe_expr **)vals.data;
  return e;
}

/* One or more adjacent string literals, concatenated. */
static fe_expr *parse_strings(parser *p) {
  ir_loc l = loc(p);
  bool bytes = cur(p)->is_bytes, fstring = false;
  sup_strbuf b = {0};
  while (kind(p) == FE_TOK_STRING) {
    if (cur(p)->is_bytes != bytes) {
      sup_strbuf_free(&b);
      error_at(p, loc(p), "cannot mix bytes and nonbytes literals");
      return NULL;
    }
    fstring |= cur(p)->is_fstring;
    sup_strbuf_puts(&b, cur(p)->str);
    advance(p);
  }
  fe_expr *e = new_expr(p, fstring ? FE_EXPR_FSTRING : FE_EXPR_STRING, l);
  e->str = sup_arena_strbuf(p->arena, &b);
  return e;
}

static fe_expr *parse_atom(parser *p) {
  const fe_token *t = cur(p);
  fe_expr *e;
  switch (t->kind) {
  case FE_TOK_NAME:
    e = new_expr(p, FE_EXPR_NAME, t->loc);
    e->name = t->name;
    break;
  case FE_TOK_INT:
    e = new_expr(p, FE_EXPR_INT, t->loc);
    e->ival = t->ival;
    e->ibig = t->big;
    break;
  case FE_TOK_FLOAT:
    e = new_expr(p, FE_EXPR_FLOAT, t->loc);
    e->fval = t->fval;
    break;
  case FE_TOK_KW_TRUE:
  case FE_TOK_KW_FALSE:
    e = new_expr(p, FE_EXPR_BOOL, t->loc);
    e->bval = t->kind == FE_TOK_KW_TRUE;
    break;
  case FE_TOK_KW_NONE: e = new_expr(p, FE_EXPR_NONE, t->loc); break;
  case FE_TOK_ELLIPSIS: e = new_expr(p, FE_EXPR_ELLIPSIS, t->loc); break;
  case FE_TOK_STRING: return parse_strings(p);
  case FE_TOK_LPAR: return parse_paren(p);
  case FE_TOK_LSQB: return parse_list(p);
  case FE_TOK_LBRACE: return parse_dict(p);
  default: unexpected(p); return NULL;
  }
  advance(p);
  return e;
}

static fe_expr *parse_call(parser *p, fe_expr *func) {
  advance(p);
  vec args = vec_of(sizeof(fe_expr *)), kws = vec_of(sizeof(fe_keyword));
  while (kind(p) != FE_TOK_RPAR) {
    if (kind(p) == FE_TOK_STAR || kind(p) == FE_TOK_DSTAR) {
      unsupported_at(p, loc(p), "'%s' arguments in calls are not supported", fe_tok_spelling(kind(p)));
      return NULL;
    }
    if (kind(p) == FE_TOK_NAME && kind1(p) == FE_TOK_ASSIGN) {
      fe_keyword kw = {cur(p)->name, NULL, loc(p)};
      for (unsigned i = 0; i < kws.n; i++)
        if (((fe_keyword *)kws.data)[i].name == kw.name)
          return error_at(p, kw.loc, "keyword argument repeated: %s", kw.name), NULL;
      advance(p);
      advance(p);
      if (!(kw.value = parse_test(p)))
        return NULL;
      *(fe_keyword *)vec_push(p, &kws) = kw;
    } else {
      ir_loc al = loc(p);
      fe_expr *a = parse_test(p);
      if (!a || reject_comprehension(p))
        return NULL;
      if (kws.n > 0)
        return error_at(p, al, "positional argument follows keyword argument"), NULL;
      vec_push_ptr(p, &args, a);
    }
    if (!accept(p, FE_TOK_COMMA))
      break;
  }
  if (!expect(p, FE_TOK_RPAR))
    return NULL;
  fe_expr *e = seq_expr(p, FE_EXPR_CALL, func->loc, &args);
  e->func = func;
  e->nkeywords = kws.n;
  e->keywords = (fe_keyword *)kws.data;
  return e;
}

static bool ends_slice_part(fe_tok_kind k) {
  return k == FE_TOK_COLON || k == FE_TOK_COMMA || k == FE_TOK_RSQB;
}

/* A subscript item: an expression or lower:upper[:step] with each part optional. */
static fe_expr *parse_slice_item(parser *p) {
  fe_expr *lower = NULL;
  if (kind(p) != FE_TOK_COLON) {
    lower = parse_test(p);
    if (!lower || kind(p) != FE_TOK_COLON)
      return lower;
  }
  fe_expr *s = new_expr(p, FE_EXPR_SLICE, lower ? lower->loc : loc(p));
  s->lower = lower;
  advance(p);
  if (!ends_slice_part(kind(p)) && !(s->upper = parse_test(p)))
    return NULL;
  if (!accept(p, FE_TOK_COLON))
    return s;
  if (kind(p) != FE_TOK_COMMA && kind(p) != FE_TOK_RSQB && !(s->step = parse_test(p)))
    return NULL;
  return s;
}

static fe_expr *parse_subscript(parser *p, fe_expr *value) {
  advance(p);
  vec items = vec_of(sizeof(fe_expr *));
  if (kind(p) == FE_TOK_RSQB) {
    error_at(p, loc(p), "invalid syntax");
    return NULL;
  }
  while (kind(p) != FE_TOK_RSQB) {
    fe_expr *it = parse_slice_item(p);
    if (!it)
      return NULL;
    vec_push_ptr(p, &items, it);
    if (!accept(p, FE_TOK_COMMA))
      break;
  }
  if (!expect(p, FE_TOK_RSQB))
    return NULL;
  fe_expr *e = seq_expr(p, FE_EXPR_SUBSCRIPT, value->loc, &items);
  e->value = value;
  return e;
}

static fe_expr *parse_primary(parser *p) {
  if (kind(p) == FE_TOK_KW_AWAIT) {
    unsupported_at(p, loc(p), "'await' is not supported");
    return NULL;
  }
  fe_expr *e = parse_atom(p);
  while (e) {
    if (kind(p) == FE_TOK_DOT) {
      advance(p);
      if (kind(p) != FE_TOK_NAME)
        return unexpected(p), NULL;
      fe_expr *a = new_expr(p, FE_EXPR_ATTRIBUTE, e->loc);
      a->value = e;
      a->name = cur(p)->name;
      advance(p);
      e = a;
    } else if (kind(p) == FE_TOK_LPAR) {
      e = parse_call(p, e);
    } else if (kind(p) == FE_TOK_LSQB) {
      e = parse_subscript(p, e);
    } else {
      break;
    }
  }
  return e;
}

/* power: primary ['**' factor] (right-associative; binds tighter than a unary on its left) */
static fe_expr *parse_power(parser *p) {
  fe_expr *base = parse_primary(p);
  if (!base || !accept(p, FE_TOK_DSTAR))
    return base;
  fe_expr *exp = parse_factor(p);
  return exp ? binop(p, FE_POW, base, exp) : NULL;
}

static fe_expr *parse_factor_inner(parser *p) {
  fe_tok_kind k = kind(p);
  if (k != FE_TOK_MINUS && k != FE_TOK_PLUS && k != FE_TOK_TILDE)
    return parse_power(p);
  ir_loc l = loc(p);
  advance(p);
  fe_expr *operand = parse_factor(p);
  if (!operand)
    return NULL;
  fe_expr *e = new_expr(p, FE_EXPR_UNARY, l);
  e->op.unop = k == FE_TOK_MINUS ? FE_NEG : k == FE_TOK_PLUS ? FE_POS : FE_INVERT;
  e->value = operand;
  return e;
}

static fe_expr *parse_factor(parser *p) {
  fe_expr *e = enter(p) ? parse_factor_inner(p) : NULL;
  p->depth--;
  return e;
}

/* Binary operator tables, one per precedence level, loosest first. */
typedef struct binop_entry {
  fe_tok_kind tok;
  fe_binop op;
} binop_entry;

static const binop_entry level_bitor[] = {{FE_TOK_PIPE, FE_BITOR}};
static const binop_entry level_xor[] = {{FE_TOK_CARET, FE_BITXOR}};
static const binop_entry level_bitand[] = {{FE_TOK_AMP, FE_BITAND}};
static const binop_entry level_shift[] = {{FE_TOK_LSHIFT, FE_LSHIFT}, {FE_TOK_RSHIFT, FE_RSHIFT}};
static const binop_entry level_arith[] = {{FE_TOK_PLUS, FE_ADD}, {FE_TOK_MINUS, FE_SUB}};
static const binop_entry level_term[] = {{FE_TOK_STAR, FE_MUL},     {FE_TOK_SLASH, FE_DIV},
                                         {FE_TOK_DSLASH, FE_FLOORDIV}, {FE_TOK_PERCENT, FE_MOD},
                                         {FE_TOK_AT, FE_MATMUL}};

typedef struct binop_level {
  const binop_entry *ops;
  unsigned nops;
} binop_level;

#define LEVEL(a) {a, sizeof(a) / sizeof(a[0])}
static const binop_level levels[] = {LEVEL(level_bitor), LEVEL(level_xor), LEVEL(level_bitand),
                                     LEVEL(level_shift), LEVEL(level_arith), LEVEL(level_term)};
#undef LEVEL
enum { NLEVELS = sizeof(levels) / sizeof(levels[0]) };

static const binop_entry *find_binop(const binop_level *lv, fe_tok_kind k) {
  for (unsigned i = 0; i < lv->nops; i++)
    if (lv->ops[i].tok == k)
      return &lv->ops[i];
  return NULL;
}

/* Left-associative binary operators from precedence level `i` down to factor. */
static fe_expr *parse_binary(parser *p, unsigned i) {
  if (i == NLEVELS)
    return parse_factor(p);
  fe_expr *lhs = parse_binary(p, i + 1);
  const binop_entry *b;
  while (lhs && (b = find_binop(&levels[i], kind(p)))) {
    advance(p);
    fe_expr *rhs = parse_binary(p, i + 1);
    lhs = rhs ? binop(p, b->op, lhs, rhs) : NULL;
  }
  return lhs;
}

/* Reads a comparison operator (two tokens for 'not in' and 'is not'). */
static bool parse_cmpop(parser *p, fe_cmpop *out) {
  switch (kind(p)) {
  case FE_TOK_LT: *out = FE_LT; break;
  case FE_TOK_LE: *out = FE_LE; break;
  case FE_TOK_GT: *out = FE_GT; break;
  case FE_TOK_GE: *out = FE_GE; break;
  case FE_TOK_EQ: *out = FE_EQ; break;
  case FE_TOK_NE: *out = FE_NE; break;
  case FE_TOK_KW_IN: *out = FE_IN; break;
  case FE_TOK_KW_IS:
    advance(p);
    *out = accept(p, FE_TOK_KW_NOT) ? FE_ISNOT : FE_IS;
    return true;
  case FE_TOK_KW_NOT:
    if (kind1(p) != FE_TOK_KW_IN)
      return false;
    advance(p);
    *out = FE_NOTIN;
    break;
  default: return false;
  }
  advance(p);
  return true;
}

static fe_expr *parse_comparison(parser *p) {
  fe_expr *first = parse_binary(p, 0);
  fe_cmpop op;
  if (!first || !parse_cmpop(p, &op))
    return first;
  vec items = vec_of(sizeof(fe_expr *)), ops = vec_of(sizeof(fe_cmpop));
  vec_push_ptr(p, &items, first);
  do {
    *(fe_cmpop *)vec_push(p, &ops) = op;
    fe_expr *e = parse_binary(p, 0);
    if (!e)
      return NULL;
    vec_push_ptr(p, &items, e);
  } while (parse_cmpop(p, &op));
  fe_expr *c = seq_expr(p, FE_EXPR_COMPARE, first->loc, &items);
  c->cmpops = (fe_cmpop *)ops.data;
  return c;
}

static fe_expr *parse_not(parser *p) {
  if (kind(p) != FE_TOK_KW_NOT)
    return parse_comparison(p);
  ir_loc l = loc(p);
  advance(p);
  fe_expr *operand = enter(p) ? parse_not(p) : NULL;
  p->depth--;
  if (!operand)
    return NULL;
  fe_expr *e = new_expr(p, FE_EXPR_UNARY, l);
  e->op.unop = FE_NOT;
  e->value = operand;
  return e;
}

static fe_expr *parse_boolop(parser *p, fe_boolop op) {
  fe_tok_kind tok = op == FE_OR ? FE_TOK_KW_OR : FE_TOK_KW_AND;
  fe_expr *lhs = op == FE_OR ? parse_boolop(p, FE_AND) : parse_not(p);
  while (lhs && accept(p, tok)) {
    fe_expr *rhs = op == FE_OR ? parse_boolop(p, FE_AND) : parse_not(p);
    if (!rhs)
      return NULL;
    fe_expr *e = new_expr(p, FE_EXPR_BOOLOP, lhs->loc);
    e->op.boolop = op;
    e->lhs = lhs;
    e->rhs = rhs;
    lhs = e;
  }
  return lhs;
}

static fe_expr *parse_or(parser *p) { return parse_boolop(p, FE_OR); }

/* lambda [name, ...]: test (no defaults, no star parameters) */
static fe_expr *parse_lambda(parser *p) {
  fe_expr *e = new_expr(p, FE_EXPR_LAMBDA, loc(p));
  advance(p);
  vec names = vec_of(sizeof(const char *));
  while (kind(p) == FE_TOK_NAME) {
    for (unsigned i = 0; i < names.n; i++)
      if (((const char **)names.data)[i] == cur(p)->name)
        return error_at(p, loc(p), "duplicate argument '%s' in lambda", cur(p)->name), NULL;
    *(const char **)vec_push(p, &names) = cur(p)->name;
    advance(p);
    if (!accept(p, FE_TOK_COMMA))
      break;
  }
  if (kind(p) != FE_TOK_COLON) {
    unsupported_at(p, loc(p), "lambda parameters must be plain names (no defaults, no '*')");
    return NULL;
  }
  advance(p);
  if (!(e->body = parse_test(p)))
    return NULL;
  e->nparams = names.n;
  e->params = (const char **)names.data;
  return e;
}

/* test: or_test ['if' or_test 'else' test] | lambdef */
static fe_expr *parse_test_inner(parser *p) {
  if (kind(p) == FE_TOK_KW_LAMBDA)
    return parse_lambda(p);
  fe_expr *body = parse_or(p);
  if (body && kind(p) == FE_TOK_WALRUS) {
    unsupported_at(p, loc(p), "assignment expressions (':=') are not supported");
    return NULL;
  }
  if (!body || !accept(p, FE_TOK_KW_IF))
    return body;
  fe_expr *cond = parse_or(p);
  if (!cond)
    return NULL;
  if (kind(p) != FE_TOK_KW_ELSE) {
    if (kind(p) != FE_TOK_ERROR)
      error_at(p, loc(p), "expected 'else' after 'if' expression");
    return NULL;
  }
  advance(p);
  fe_expr *orelse = parse_test(p);
  if (!orelse)
    return NULL;
  fe_expr *e = new_expr(p, FE_EXPR_IFEXP, body->loc);
  e->body = body;
  e->cond = cond;
  e->orelse = orelse;
  return e;
}

static unsigned max_u(unsigned a, unsigned b) { return a > b ? a : b; }

/* The height of an expression tree, counted no further than `limit`, so that the count
 * itself recurses at most `limit` deep. */
static unsigned expr_height(const fe_expr *e, unsigned limit) {
  if (!e || limit == 0) return 0;
  unsigned h = 0, l = limit - 1;
  const fe_expr *kids[] = {e->value, e->lhs, e->rhs, e->func, e->cond, e->body, e->orelse,
                           e->lower, e->upper, e->step};
  for (size_t i = 0; i < sizeof kids / sizeof kids[0] && h < l; i++) h = max_u(h, expr_height(kids[i], l));
  for (unsigned i = 0; i < e->nitems && h < l; i++) {
    h = max_u(h, expr_height(e->items[i], l));
    if (e->values) h = max_u(h, expr_height(e->values[i], l));
  }
  for (unsigned i = 0; i < e->nkeywords && h < l; i++) h = max_u(h, expr_height(e->keywords[i].value, l));
  for (unsigned i = 0; i < e->ngens && h < l; i++) {
    h = max_u(h, max_u(expr_height(e->gens[i].target, l), expr_height(e->gens[i].iter, l)));
    for (unsigned k = 0; k < e->gens[i].nifs; k++) h = max_u(h, expr_height(e->gens[i].ifs[k], l));
  }
  return h + 1;
}

/* Long left-associative chains (x + x + ...) and postfix chains (x.T.T..., f()()...,
 * x[0][0]...) are built by loops, not by recursion, so the nesting limit of enter() does not
 * bound them; every later walk of the tree (semantic analysis, printing) recurses on it.
 * One check on each outermost expression bounds them all. */
static fe_expr *check_height(parser *p, fe_expr *e) {
  if (e && p->depth == 0 && expr_height(e, MAX_HEIGHT + 1) > MAX_HEIGHT) {
    error_at(p, e->loc, "expression too deeply nested (more than %d levels)", MAX_HEIGHT);
    return NULL;
  }
  return e;
}

static fe_expr *parse_test(parser *p) {
  fe_expr *e = enter(p) ? parse_test_inner(p) : NULL;
  p->depth--;
  return check_height(p, e);
}

/* A test, or a bare tuple of tests (a, b = ...; return a, b). */
static fe_expr *parse_test_list(parser *p) {
  fe_expr *first = parse_element(p);
  if (!first || kind(p) != FE_TOK_COMMA)
    return first;
  vec items = vec_of(sizeof(fe_expr *));
  vec_push_ptr(p, &items, first);
  while (accept(p, FE_TOK_COMMA) && starts_expr(kind(p))) {
    fe_expr *e = parse_element(p);
    if (!e)
      return NULL;
    vec_push_ptr(p, &items, e);
  }
  return seq_expr(p, FE_EXPR_TUPLE, first->loc, &items);
}

/* ---- assignment targets ------------------------------------------------------------------ */

static const char *target_kind_name(const fe_expr *e) {
  switch (e->kind) {
  case FE_EXPR_CALL: return "function call";
  case FE_EXPR_INT: case FE_EXPR_FLOAT: case FE_EXPR_STRING: case FE_EXPR_FSTRING: return "literal";
  case FE_EXPR_BOOL: return e->bval ? "True" : "False";
  case FE_EXPR_NONE: return "None";
  case FE_EXPR_ELLIPSIS: return "ellipsis";
  case FE_EXPR_COMPARE: return "comparison";
  case FE_EXPR_IFEXP: return "conditional expression";
  case FE_EXPR_DICT: return "dict literal";
  case FE_EXPR_LAMBDA: return "lambda";
  case FE_EXPR_LISTCOMP: return "list comprehension";
  default: return "expression";
  }
}

/* Checks that e can be assigned to (names, attributes, subscripts, tuples/lists of them). */
static bool check_target(parser *p, const fe_expr *e) {
  switch (e->kind) {
  case FE_EXPR_NAME: case FE_EXPR_ATTRIBUTE: case FE_EXPR_SUBSCRIPT: return true;
  case FE_EXPR_TUPLE:
  case FE_EXPR_LIST:
    for (unsigned i = 0; i < e->nitems; i++)
      if (!check_target(p, e->items[i]))
        return false;
    return true;
  default:
    error_at(p, e->loc, "cannot assign to %s", target_kind_name(e));
    return false;
  }
}

static bool is_single_target(const fe_expr *e) {
  return e->kind == FE_EXPR_NAME || e->kind == FE_EXPR_ATTRIBUTE || e->kind == FE_EXPR_SUBSCRIPT;
}

static bool augassign_op(fe_tok_kind k, fe_binop *out) {
  static const binop_entry ops[] = {
      {FE_TOK_PLUSEQ, FE_ADD},      {FE_TOK_MINUSEQ, FE_SUB},     {FE_TOK_STAREQ, FE_MUL},
      {FE_TOK_SLASHEQ, FE_DIV},     {FE_TOK_DSLASHEQ, FE_FLOORDIV}, {FE_TOK_PERCENTEQ, FE_MOD},
      {FE_TOK_AMPEQ, FE_BITAND},    {FE_TOK_PIPEEQ, FE_BITOR},    {FE_TOK_CARETEQ, FE_BITXOR},
      {FE_TOK_LSHIFTEQ, FE_LSHIFT}, {FE_TOK_RSHIFTEQ, FE_RSHIFT}, {FE_TOK_DSTAREQ, FE_POW},
      {FE_TOK_ATEQ, FE_MATMUL}};
  for (unsigned i = 0; i < sizeof ops / sizeof ops[0]; i++) {
    if (ops[i].tok == k) {
      *out = ops[i].op;
      return true;
    }
  }
  return false;
}

/* ---- simple statements --------------------------------------------------------------------- */

static fe_stmt *parse_assign(parser *p, fe_stmt *s, fe_expr *first) {
  vec targets = vec_of(sizeof(fe_expr *));
  fe_expr *value = first;
  while (accept(p, FE_TOK_ASSIGN)) {
    if (!check_target(p, value))
      return NULL;
    vec_push_ptr(p, &targets, value);
    if (kind(p) == FE_TOK_KW_YIELD) {
      unsupported_at(p, loc(p), "'yield' is not supported");
      return NULL;
    }
    if (!(value = parse_test_list(p)))
      return NULL;
  }
  s->kind = FE_STMT_ASSIGN;
  s->ntargets = targets.n;
  s->targets = (fe_expr **)targets.data;
  s->value = value;
  return s;
}

static fe_stmt *parse_augassign(parser *p, fe_stmt *s, fe_expr *target, fe_binop op) {
  if (!is_single_target(target)) {
    error_at(p, target->loc, "'%s' is an illegal expression for augmented assignment",
             target->kind == FE_EXPR_TUPLE ? "tuple" : target_kind_name(target));
    return NULL;
  }
  advance(p);
  s->kind = FE_STMT_AUGASSIGN;
  s->target = target;
  s->augop = op;
  s->value = parse_test_list(p);
  return s->value ? s : NULL;
}

static fe_stmt *parse_annassign(parser *p, fe_stmt *s, fe_expr *target) {
  if (!is_single_target(target)) {
    error_at(p, target->loc, target->kind == FE_EXPR_TUPLE
                                 ? "only single target (not tuple) can be annotated"
                                 : "illegal target for annotation");
    return NULL;
  }
  advance(p);
  s->kind = FE_STMT_ANNASSIGN;
  s->target = target;
  if (!(s->annotation = parse_test(p)))
    return NULL;
  if (accept(p, FE_TOK_ASSIGN) && !(s->value = parse_test_list(p)))
    return NULL;
  return s;
}

static fe_stmt *parse_expr_stmt(parser *p) {
  fe_stmt *s = new_stmt(p, FE_STMT_EXPR, loc(p));
  fe_expr *first = parse_test_list(p);
  if (!first)
    return NULL;
  fe_binop op;
  if (kind(p) == FE_TOK_ASSIGN)
    return parse_assign(p, s, first);
  if (augassign_op(kind(p), &op))
    return parse_augassign(p, s, first, op);
  if (kind(p) == FE_TOK_COLON)
    return parse_annassign(p, s, first);
  s->value = first;
  return s;
}

/* dotted_name: NAME ('.' NAME)*, interned as written ("triton.language"). */
static const char *parse_dotted_name(parser *p) {
  if (kind(p) != FE_TOK_NAME)
    return unexpected(p), NULL;
  sup_strbuf b = {0};
  sup_strbuf_puts(&b, cur(p)->name);
  advance(p);
  while (kind(p) == FE_TOK_DOT && kind1(p) == FE_TOK_NAME) {
    advance(p);
    sup_strbuf_putc(&b, '.');
    sup_strbuf_puts(&b, cur(p)->name);
    advance(p);
  }
  if (b.failed) ir_context_note_oom(p->ctx);
  const char *s = ir_intern(p->ctx, sup_strbuf_cstr(&b));
  sup_strbuf_free(&b);
  return s;
}

/* One `name [as alias]` of an import; dotted names only for `import`. */
static bool parse_import_name(parser *p, bool dotted, vec *names, vec *aliases) {
  const char *name;
  if (dotted) {
    name = parse_dotted_name(p);
  } else if (kind(p) == FE_TOK_NAME) {
    name = cur(p)->name;
    advance(p);
  } else {
    name = (unexpected(p), NULL);
  }
  if (!name)
    return false;
  const char *alias = NULL;
  if (accept(p, FE_TOK_KW_AS)) {
    if (kind(p) != FE_TOK_NAME)
      return unexpected(p), false;
    alias = cur(p)->name;
    advance(p);
  }
  *(const char **)vec_push(p, names) = name;
  *(const char **)vec_push(p, aliases) = alias;
  return true;
}

static fe_stmt *parse_import(parser *p) {
  fe_stmt *s = new_stmt(p, FE_STMT_IMPORT, loc(p));
  advance(p);
  vec names = vec_of(sizeof(char *)), aliases = vec_of(sizeof(char *));
  do {
    if (!parse_import_name(p, true, &names, &aliases))
      return NULL;
  } while (accept(p, FE_TOK_COMMA));
  s->nnames = names.n;
  s->names = (const char **)names.data;
  s->aliases = (const char **)aliases.data;
  return s;
}

static fe_stmt *parse_from_import(parser *p) {
  fe_stmt *s = new_stmt(p, FE_STMT_IMPORTFROM, loc(p));
  advance(p);
  /* `from . import x`, `from ..a.b import x`: the dots are the level (`...` one token) */
  for (;; advance(p)) {
    if (kind(p) == FE_TOK_DOT) s->level += 1;
    else if (kind(p) == FE_TOK_ELLIPSIS) s->level += 3;
    else break;
  }
  if (!(s->level && kind(p) == FE_TOK_KW_IMPORT) && !(s->module = parse_dotted_name(p)))
    return NULL;
  if (!expect(p, FE_TOK_KW_IMPORT))
    return NULL;
  if (kind(p) == FE_TOK_STAR) {
    unsupported_at(p, loc(p), "wildcard imports are not supported");
    return NULL;
  }
  bool paren = accept(p, FE_TOK_LPAR);
  vec names = vec_of(sizeof(char *)), aliases = vec_of(sizeof(char *));
  do {
    if (paren && kind(p) == FE_TOK_RPAR && names.n > 0)
      break;
    if (!parse_import_name(p, false, &names, &aliases))
      return NULL;
  } while (accept(p, FE_TOK_COMMA));
  if (paren && !expect(p, FE_TOK_RPAR))
    return NULL;
  s->nnames = names.n;
  s->names = (const char **)names.data;
  s->aliases = (const char **)aliases.data;
  return s;
}

static fe_stmt *parse_return(parser *p) {
  fe_stmt *s = new_stmt(p, FE_STMT_RETURN, loc(p));
  advance(p);
  if (starts_expr(kind(p)) && !(s->value = parse_test_list(p)))
    return NULL;
  return s;
}

static fe_stmt *parse_assert(parser *p) {
  fe_stmt *s = new_stmt(p, FE_STMT_ASSERT, loc(p));
  advance(p);
  if (!(s->cond = parse_test(p)))
    return NULL;
  if (accept(p, FE_TOK_COMMA) && !(s->value = parse_test(p)))
    return NULL;
  return s;
}

static fe_stmt *keyword_stmt(parser *p, fe_stmt_kind k) {
  fe_stmt *s = new_stmt(p, k, loc(p));
  advance(p);
  return s;
}

/* Skips to the end of the logical line (not consuming the NEWLINE); returns the kind of the
 * last token skipped. */
static fe_tok_kind skip_line(parser *p) {
  fe_tok_kind last = FE_TOK_NEWLINE;
  while (kind(p) != FE_TOK_NEWLINE && kind(p) != FE_TOK_EOF && kind(p) != FE_TOK_DEDENT) {
    last = kind(p);
    advance(p);
  }
  return last;
}

static fe_stmt *unsupported_stmt(parser *p) {
  fe_stmt *s = new_stmt(p, FE_STMT_UNSUPPORTED, loc(p));
  s->name = ir_intern(p->ctx, fe_tok_spelling(kind(p)));
  return s;
}

static fe_stmt *parse_small_stmt(parser *p) {
  switch (kind(p)) {
  case FE_TOK_KW_PASS: return keyword_stmt(p, FE_STMT_PASS);
  case FE_TOK_KW_BREAK: return keyword_stmt(p, FE_STMT_BREAK);
  case FE_TOK_KW_CONTINUE: return keyword_stmt(p, FE_STMT_CONTINUE);
  case FE_TOK_KW_RETURN: return parse_return(p);
  case FE_TOK_KW_ASSERT: return parse_assert(p);
  case FE_TOK_KW_IMPORT: return parse_import(p);
  case FE_TOK_KW_FROM: return parse_from_import(p);
  case FE_TOK_KW_GLOBAL: case FE_TOK_KW_NONLOCAL: case FE_TOK_KW_DEL:
  case FE_TOK_KW_RAISE: case FE_TOK_KW_YIELD: {
    fe_stmt *s = unsupported_stmt(p);
    skip_line(p);
    return s;
  }
  default: return parse_expr_stmt(p);
  }
}

/* simple_stmts: small_stmt (';' small_stmt)* [';'] NEWLINE */
static bool parse_simple_stmts(parser *p, vec *out) {
  for (;;) {
    fe_stmt *s = parse_small_stmt(p);
    if (!s)
      return false;
    vec_push_ptr(p, out, s);
    if (!accept(p, FE_TOK_SEMI) || kind(p) == FE_TOK_NEWLINE)
      break;
  }
  if (accept(p, FE_TOK_NEWLINE) || kind(p) == FE_TOK_EOF)
    return true;
  if (kind(p) == FE_TOK_KW_IF) {
    error_at(p, loc(p), "expected 'else' after 'if' expression");
    return false;
  }
  unexpected(p);
  return false;
}

/* ---- compound statements ------------------------------------------------------------------ */

static void parse_statement(parser *p, vec *out);

/* Skips an indented block: from its INDENT to the matching DEDENT, both included. */
static void skip_block(parser *p) {
  int depth = 0;
  do {
    if (kind(p) == FE_TOK_INDENT)
      depth++;
    else if (kind(p) == FE_TOK_DEDENT)
      depth--;
    else if (kind(p) == FE_TOK_EOF)
      return;
    advance(p);
  } while (depth > 0);
}

static bool is_clause_keyword(fe_tok_kind k) {
  return k == FE_TOK_KW_ELIF || k == FE_TOK_KW_ELSE || k == FE_TOK_KW_EXCEPT ||
         k == FE_TOK_KW_FINALLY;
}

/* After an error: skip the rest of the logical line and an indented block after it, and
 * the elif/else/except/finally clauses of the statement whose header failed. */
static void recover(parser *p) {
  do {
    skip_line(p);
    if (!accept(p, FE_TOK_NEWLINE) || kind(p) != FE_TOK_INDENT)
      return;
    skip_block(p);
  } while (is_clause_keyword(kind(p)) && !p->stop);
}

static void finish_body(vec *v, unsigned *out_n, fe_stmt ***out_body) {
  *out_n = v->n;
  *out_body = (fe_stmt **)v->data;
}

/* suite: simple_stmts | NEWLINE INDENT statement+ DEDENT. A missing block is reported and
 * yields an empty body (the parser is in sync: the next line is a statement). */
static bool parse_suite(parser *p, unsigned *out_n, fe_stmt ***out_body) {
  vec body = vec_of(sizeof(fe_stmt *));
  if (!accept(p, FE_TOK_NEWLINE)) {
    bool ok = parse_simple_stmts(p, &body);
    finish_body(&body, out_n, out_body);
    return ok;
  }
  if (!accept(p, FE_TOK_INDENT)) {
    if (kind(p) != FE_TOK_ERROR)
      error_at(p, loc(p), "expected an indented block");
    finish_body(&body, out_n, out_body);
    return true;
  }
  while (kind(p) != FE_TOK_DEDENT && kind(p) != FE_TOK_EOF && !p->stop)
    parse_statement(p, &body);
  accept(p, FE_TOK_DEDENT);
  finish_body(&body, out_n, out_body);
  return true;
}

/* ':' suite */
static bool parse_colon_suite(parser *p, unsigned *out_n, fe_stmt ***out_body) {
  return expect(p, FE_TOK_COLON) && parse_suite(p, out_n, out_body);
}

/* if/elif/else; elif chains are built iteratively (an elif is an IF alone in orelse). */
static fe_stmt *parse_if(parser *p) {
  fe_stmt *first = NULL, *prev = NULL;
  do {
    fe_stmt *s = new_stmt(p, FE_STMT_IF, loc(p));
    advance(p);
    if (!(s->cond = parse_test(p)) || !parse_colon_suite(p, &s->nbody, &s->body))
      return NULL;
    if (prev) {
      prev->norelse = 1;
      prev->orelse = sup_arena_memdup(p->arena, &s, sizeof s);
    }
    first = first ? first : s;
    prev = s;
  } while (kind(p) == FE_TOK_KW_ELIF);
  if (accept(p, FE_TOK_KW_ELSE) && !parse_colon_suite(p, &prev->norelse, &prev->orelse))
    return NULL;
  return first;
}

static bool parse_else(parser *p, fe_stmt *s) {
  return !accept(p, FE_TOK_KW_ELSE) || parse_colon_suite(p, &s->norelse, &s->orelse);
}

/* The target list of a for loop: or-level expressions (so that `in` ends it). */
static fe_expr *parse_for_target(parser *p) {
  fe_expr *first = check_height(p, parse_binary(p, 0));
  if (!first || kind(p) != FE_TOK_COMMA)
    return first;
  vec items = vec_of(sizeof(fe_expr *));
  vec_push_ptr(p, &items, first);
  while (accept(p, FE_TOK_COMMA) && kind(p) != FE_TOK_KW_IN) {
    fe_expr *e = check_height(p, parse_binary(p, 0));
    if (!e)
      return NULL;
    vec_push_ptr(p, &items, e);
  }
  return seq_expr(p, FE_EXPR_TUPLE, first->loc, &items);
}

static fe_stmt *parse_for(parser *p) {
  fe_stmt *s = new_stmt(p, FE_STMT_FOR, loc(p));
  advance(p);
  if (!(s->target = parse_for_target(p)) || !check_target(p, s->target))
    return NULL;
  if (!expect(p, FE_TOK_KW_IN) || !(s->iter = parse_test_list(p)))
    return NULL;
  if (!parse_colon_suite(p, &s->nbody, &s->body) || !parse_else(p, s))
    return NULL;
  return s;
}

static fe_stmt *parse_while(parser *p) {
  fe_stmt *s = new_stmt(p, FE_STMT_WHILE, loc(p));
  advance(p);
  if (!(s->cond = parse_test(p)) || !parse_colon_suite(p, &s->nbody, &s->body))
    return NULL;
  return parse_else(p, s) ? s : NULL;
}

/* Duplicate parameter names are found through the names' interned pointers in a map, so a
 * long parameter list is not quadratic. */
static bool param_seen(parser *p, const char *name) {
  uint64_t key = (uint64_t)(uintptr_t)name;
  if (sup_ptrmap_has(&p->param_names, key))
    return true;
  sup_ptrmap_put(&p->param_names, key, (void *)1);
  return false;
}

static bool parse_param(parser *p, vec *params, bool *seen_default) {
  fe_tok_kind k = kind(p);
  if (k == FE_TOK_STAR || k == FE_TOK_DSTAR) {
    unsupported_at(p, loc(p), "'%s' parameters are not supported", k == FE_TOK_STAR ? "*args" : "**kwargs");
    return false;
  }
  if (k == FE_TOK_SLASH) {
    unsupported_at(p, loc(p), "positional-only parameters ('/') are not supported");
    return false;
  }
  if (k != FE_TOK_NAME)
    return unexpected(p), false;
  fe_param prm = {cur(p)->name, NULL, NULL, loc(p)};
  if (param_seen(p, prm.name)) {
    error_at(p, prm.loc, "duplicate argument '%s' in function definition", prm.name);
    return false;
  }
  advance(p);
  if (accept(p, FE_TOK_COLON) && !(prm.annotation = parse_test(p)))
    return false;
  if (accept(p, FE_TOK_ASSIGN)) {
    if (!(prm.default_value = parse_test(p)))
      return false;
    *seen_default = true;
  } else if (*seen_default) {
    error_at(p, prm.loc, "non-default argument follows default argument");
    return false;
  }
  *(fe_param *)vec_push(p, params) = prm;
  return true;
}

static bool parse_params(parser *p, fe_funcdef *f) {
  if (!expect(p, FE_TOK_LPAR))
    return false;
  vec params = vec_of(sizeof(fe_param));
  bool seen_default = false, ok = true;
  while (kind(p) != FE_TOK_RPAR) {
    if (kind(p) == FE_TOK_DSTAR && kind1(p) == FE_TOK_NAME) { /* **kwargs, last */
      f->kwargs_loc = loc(p);
      advance(p);
      f->kwargs = cur(p)->name;
      advance(p);
      accept(p, FE_TOK_COMMA);
      break;
    }
    if (!(ok = parse_param(p, &params, &seen_default)))
      break;
    if (!accept(p, FE_TOK_COMMA))
      break;
  }
  sup_ptrmap_free(&p->param_names);
  if (!ok)
    return false;
  f->nparams = params.n;
  f->params = (fe_param *)params.data;
  return expect(p, FE_TOK_RPAR);
}

/* A leading string expression statement is the docstring: moved out of the body. */
static void take_docstring(fe_funcdef *f) {
  if (f->nbody == 0 || f->body[0]->kind != FE_STMT_EXPR || f->body[0]->value->kind != FE_EXPR_STRING)
    return;
  f->docstring = f->body[0]->value->str;
  f->body++;
  f->nbody--;
}

static fe_stmt *parse_funcdef(parser *p, vec *decorators) {
  fe_stmt *s = new_stmt(p, FE_STMT_FUNCDEF, loc(p));
  fe_funcdef *f = sup_arena_alloc(p->arena, sizeof *f);
  s->func = f;
  advance(p);
  if (kind(p) != FE_TOK_NAME)
    return unexpected(p), NULL;
  f->name = cur(p)->name;
  advance(p);
  f->ndecorators = decorators ? decorators->n : 0;
  f->decorators = decorators ? (fe_expr **)decorators->data : NULL;
  if (!parse_params(p, f))
    return NULL;
  if (accept(p, FE_TOK_ARROW) && !(f->returns = parse_test(p)))
    return NULL;
  if (!parse_colon_suite(p, &f->nbody, &f->body))
    return NULL;
  take_docstring(f);
  return s;
}

/* class / with / async: an UNSUPPORTED statement; the header line and its block are
 * skipped. */
static fe_stmt *parse_unsupported_compound(parser *p) {
  fe_stmt *s = unsupported_stmt(p);
  skip_line(p);
  if (accept(p, FE_TOK_NEWLINE) && kind(p) == FE_TOK_INDENT)
    skip_block(p);
  return s;
}

/* except [TYPE [as NAME]]: body */
static fe_stmt *parse_except(parser *p) {
  fe_stmt *h = new_stmt(p, FE_STMT_EXCEPT, loc(p));
  advance(p);
  if (kind(p) != FE_TOK_COLON) {
    if (!(h->cond = parse_test(p)))
      return NULL;
    if (accept(p, FE_TOK_KW_AS)) {
      if (kind(p) != FE_TOK_NAME)
        return unexpected(p), NULL;
      h->name = cur(p)->name;
      advance(p);
    }
  }
  return parse_colon_suite(p, &h->nbody, &h->body) ? h : NULL;
}

/* try: body (except ...: body)* [else: body] [finally: body] */
static fe_stmt *parse_try(parser *p) {
  fe_stmt *s = new_stmt(p, FE_STMT_TRY, loc(p));
  advance(p);
  if (!parse_colon_suite(p, &s->nbody, &s->body))
    return NULL;
  vec hs = vec_of(sizeof(fe_stmt *));
  while (kind(p) == FE_TOK_KW_EXCEPT) {
    fe_stmt *h = parse_except(p);
    if (!h)
      return NULL;
    vec_push_ptr(p, &hs, h);
  }
  finish_body(&hs, &s->nhandlers, &s->handlers);
  if (s->nhandlers && !parse_else(p, s))
    return NULL;
  if (accept(p, FE_TOK_KW_FINALLY) && !parse_colon_suite(p, &s->nfinal, &s->final))
    return NULL;
  if (!s->nhandlers && !s->nfinal) {
    error_at(p, loc(p), "expected 'except' or 'finally' block");
    return NULL;
  }
  return s;
}

static fe_stmt *parse_decorated(parser *p) {
  vec decorators = vec_of(sizeof(fe_expr *));
  while (accept(p, FE_TOK_AT)) {
    fe_expr *d = parse_test(p);
    if (!d)
      return NULL;
    if (kind(p) != FE_TOK_NEWLINE)
      return unexpected(p), NULL;
    advance(p);
    vec_push_ptr(p, &decorators, d);
  }
  if (kind(p) == FE_TOK_KW_DEF)
    return parse_funcdef(p, &decorators);
  if (kind(p) == FE_TOK_KW_CLASS || kind(p) == FE_TOK_KW_ASYNC)
    return parse_unsupported_compound(p);
  unexpected(p);
  return NULL;
}

/* Parses one statement line (or compound statement) into out. Returns false after an error
 * that left the parser inside the line. */
static bool parse_statement_inner(parser *p, vec *out) {
  fe_stmt *s;
  switch (kind(p)) {
  case FE_TOK_INDENT:
    error_at(p, loc(p), "unexpected indent");
    skip_block(p);
    return true;
  case FE_TOK_NEWLINE:
    advance(p);
    return true;
  case FE_TOK_AT: s = parse_decorated(p); break;
  case FE_TOK_KW_DEF: s = parse_funcdef(p, NULL); break;
  case FE_TOK_KW_IF: s = parse_if(p); break;
  case FE_TOK_KW_FOR: s = parse_for(p); break;
  case FE_TOK_KW_WHILE: s = parse_while(p); break;
  case FE_TOK_KW_TRY: s = parse_try(p); break;
  case FE_TOK_KW_CLASS: case FE_TOK_KW_WITH: case FE_TOK_KW_ASYNC:
    s = parse_unsupported_compound(p);
    break;
  case FE_TOK_KW_ELSE: case FE_TOK_KW_ELIF: case FE_TOK_KW_EXCEPT: case FE_TOK_KW_FINALLY:
    error_at(p, loc(p), "invalid syntax");
    return false;
  default: return parse_simple_stmts(p, out);
  }
  if (!s)
    return false;
  vec_push_ptr(p, out, s);
  return true;
}

static void parse_statement(parser *p, vec *out) {
  unsigned long before = p->consumed;
  if (!parse_statement_inner(p, out))
    recover(p);
  if (p->consumed == before && kind(p) != FE_TOK_DEDENT)
    advance(p); /* always make progress */
}

/* ---- module level: statements tilec does not run ------------------------------------------ *
 * A module-level statement with Python tilec's grammar does not take (`*args`, set literals,
 * generator expressions, ...: unsupported_at) or that tilec does not run (class, with,
 * global, ...) is no error: it becomes a SKIPPED statement that binds its names as
 * unavailable, and sema reports its error where a kernel or its host code uses one of them.
 * So a Triton file compiles with its torch wrappers, autograd classes, tests and benchmarks
 * in it. Errors Python reports too stay errors: syntax errors (error_at), and lexical ones
 * (indentation, an unterminated string), after which the statements' extent is not known.
 * A statement with a kernel decorator (jit, autotune, heuristics) is never skipped either:
 * a kernel is what the file is compiled for. */

/* What a skipped statement's tokens say: the names it binds, and whether it decorates a
 * kernel. */
typedef struct skip_scan {
  vec names;
  bool kernel;
} skip_scan;

static void scan_add_name(parser *p, skip_scan *sc, const char *name) {
  for (unsigned i = 0; i < sc->names.n; i++)
    if (((const char **)sc->names.data)[i] == name) return;
  vec_push_ptr(p, &sc->names, (void *)name);
}

bool fe_is_kernel_decorator_name(const char *n) {
  return !strcmp(n, "jit") || !strcmp(n, "autotune") || !strcmp(n, "heuristics");
}

/* The names one logical line binds, from its first tokens (t[0..n)): def/class NAME, for
 * targets, import names, `a, b = ...` / `a: T = ...` / `a += ...` targets, and the root of
 * `a.f(...)` / `a[i] = ...` (a statement that may have changed a list it names). */
static void scan_line(parser *p, skip_scan *sc, const fe_token *t, unsigned n) {
  unsigned i = 0;
  if (i < n && t[i].kind == FE_TOK_KW_ASYNC) i++;
  if (i + 1 < n && (t[i].kind == FE_TOK_KW_DEF || t[i].kind == FE_TOK_KW_CLASS) && t[i + 1].kind == FE_TOK_NAME) {
    scan_add_name(p, sc, t[i + 1].name);
    return;
  }
  if (i < n && (t[i].kind == FE_TOK_KW_FOR || t[i].kind == FE_TOK_KW_WITH)) {
    bool with = t[i].kind == FE_TOK_KW_WITH;
    for (i++; i < n && t[i].kind != FE_TOK_KW_IN && t[i].kind != FE_TOK_COLON; i++)
      if (t[i].kind == FE_TOK_NAME && (!with || (i > 0 && t[i - 1].kind == FE_TOK_KW_AS))) scan_add_name(p, sc, t[i].name);
    return;
  }
  if (i < n && (t[i].kind == FE_TOK_KW_IMPORT || t[i].kind == FE_TOK_KW_FROM)) {
    while (i < n && t[i].kind != FE_TOK_KW_IMPORT) i++;
    for (i++; i < n; i++) { /* each `a.b.c [as x]` binds x, else a */
      if (t[i].kind != FE_TOK_NAME) continue;
      const char *name = t[i].name;
      while (i + 2 < n && t[i + 1].kind == FE_TOK_DOT && t[i + 2].kind == FE_TOK_NAME) i += 2;
      if (i + 2 < n && t[i + 1].kind == FE_TOK_KW_AS && t[i + 2].kind == FE_TOK_NAME) name = t[i += 2].name;
      scan_add_name(p, sc, name);
    }
    return;
  }
  if (i >= n || t[i].kind != FE_TOK_NAME) return;
  if (i + 1 < n && (t[i + 1].kind == FE_TOK_DOT || t[i + 1].kind == FE_TOK_LSQB)) {
    scan_add_name(p, sc, t[i].name); /* a.append(...), a[k] = ... */
    return;
  }
  unsigned j = i; /* NAME (, NAME)* followed by = or : or an augmented assignment */
  while (j + 2 < n && t[j + 1].kind == FE_TOK_COMMA && t[j + 2].kind == FE_TOK_NAME) j += 2;
  fe_tok_kind k = j + 1 < n ? t[j + 1].kind : FE_TOK_NEWLINE;
  fe_binop op;
  if (k != FE_TOK_ASSIGN && k != FE_TOK_COLON && !augassign_op(k, &op)) return;
  for (; i <= j; i += 2) scan_add_name(p, sc, t[i].name);
}

/* Re-reads the statement's source [start, end) (it begins a line at column 1) and scans
 * every logical line of it. Lexical errors were reported by the first reading; this one's
 * are dropped. */
static void scan_skipped(parser *p, const char *start, const char *end, skip_scan *sc) {
  enum { MAX_LINE_TOKENS = 64 };
  diag_engine *d = ir_context_diag(p->ctx);
  bool held = diag_hold_begin(d);
  fe_lexer lx;
  fe_lexer_init(&lx, p->ctx, p->arena, p->lx.file, start, (size_t)(end - start), 0);
  fe_token line[MAX_LINE_TOKENS], t;
  unsigned n = 0;
  int depth = 0, opaque = -1; /* lines deeper than `opaque` are a def's or class's body */
  for (;;) {
    fe_lexer_next(&lx, &t);
    if (t.kind == FE_TOK_INDENT || t.kind == FE_TOK_DEDENT) {
      depth += t.kind == FE_TOK_INDENT ? 1 : -1;
      continue;
    }
    if (t.kind == FE_TOK_NEWLINE || t.kind == FE_TOK_EOF) {
      if (opaque >= 0 && depth <= opaque) opaque = -1;
      if (n > 0 && line[0].kind == FE_TOK_AT) {
        for (unsigned i = 1; i < n && (line[i].kind == FE_TOK_NAME || line[i].kind == FE_TOK_DOT); i++)
          if (line[i].kind == FE_TOK_NAME && fe_is_kernel_decorator_name(line[i].name)) sc->kernel = true;
      } else if (n > 0 && opaque < 0) {
        scan_line(p, sc, line, n);
        unsigned k = line[0].kind == FE_TOK_KW_ASYNC;
        if (k < n && (line[k].kind == FE_TOK_KW_DEF || line[k].kind == FE_TOK_KW_CLASS)) opaque = depth;
      }
      n = 0;
      if (t.kind == FE_TOK_EOF) break;
      continue;
    }
    if (n < MAX_LINE_TOKENS) line[n++] = t;
  }
  if (held)
    diag_held_free(diag_hold_end(d));
}

static fe_stmt *skipped_stmt(parser *p, ir_loc l, ir_loc why_loc, const char *why, skip_scan *sc) {
  fe_stmt *s = new_stmt(p, FE_STMT_SKIPPED, l);
  s->skip = sup_arena_alloc(p->arena, sizeof *s->skip);
  *s->skip = (fe_skip){l, why_loc, sup_arena_printf(p->arena, "%s", why)};
  s->nnames = sc->names.n;
  s->names = (const char **)sc->names.data;
  return s;
}

/* One module-level statement: parsed under a hold of its diagnostics; a grammar error or an
 * UNSUPPORTED statement makes it SKIPPED (see above); a lexical error, or any error in a
 * statement with a kernel decorator, is delivered. */
static void parse_top_statement(parser *p, vec *out) {
  diag_engine *d = ir_context_diag(p->ctx);
  const fe_token *t0 = cur(p);
  const char *start = t0->text;
  ir_loc l = t0->loc;
  unsigned first = out->n, lex_errors = p->lx.nerrors, syntax_errors = p->syntax_errors;
  bool held = diag_hold_begin(d);
  if (!held)
    ir_context_note_oom(p->ctx); /* errors are then delivered as they come */
  parse_statement(p, out);
  diag_held *h = held ? diag_hold_end(d) : NULL;
  const char *end = cur(p)->kind == FE_TOK_EOF ? p->lx.src + p->lx.len : cur(p)->text;
  ir_loc why_loc;
  const char *why;
  bool failed = h && diag_held_first_error(h, &why_loc, &why);
  bool unsupported = !failed && out->n > first && ((fe_stmt **)out->data)[first]->kind == FE_STMT_UNSUPPORTED;
  if (!failed && !unsupported) {
    diag_held_emit(d, h, false, NULL);
    return;
  }
  skip_scan sc = {vec_of(sizeof(const char *)), false};
  if (start && end > start && l.col == 1) scan_skipped(p, start, end, &sc);
  if (p->lx.nerrors != lex_errors || p->syntax_errors != syntax_errors || sc.kernel || p->stop ||
      ir_context_failed(p->ctx)) {
    diag_held_emit(d, h, false, NULL);
    return;
  }
  if (unsupported) {
    fe_stmt *u = ((fe_stmt **)out->data)[first];
    why_loc = u->loc;
    why = sup_arena_printf(p->arena, "'%s' statements are not supported", u->name);
  }
  fe_stmt *s = skipped_stmt(p, l, why_loc, why, &sc);
  diag_held_free(h);
  out->n = first;
  vec_push_ptr(p, out, s);
}

/* ---- entry point ---------------------------------------------------------------------------- */

fe_file *fe_parse(ir_context *ctx, sup_arena *arena, const char *filename, const char *source,
                  size_t len) {
  diag_engine *d = ir_context_diag(ctx);
  const char *file = ir_intern(ctx, filename ? filename : "<input>");
  if (!source)
    len = 0;
  diag_engine_add_source(d, file, source ? source : "", len);
  parser p;
  memset(&p, 0, sizeof p);
  p.ctx = ctx;
  p.arena = arena;
  p.error_base = diag_error_count(d);
  fe_lexer_init(&p.lx, ctx, arena, file, source, len, MAX_ERRORS);
  vec stmts = vec_of(sizeof(fe_stmt *));
  while (kind(&p) != FE_TOK_EOF && !p.stop) {
    if (kind(&p) == FE_TOK_DEDENT)
      advance(&p); /* defensive: the lexer balances INDENT/DEDENT */
    else
      parse_top_statement(&p, &stmts);
  }
  if (error_count(&p) > 0)
    return NULL;
  fe_file *f = sup_arena_alloc(arena, sizeof *f);
  f->filename = file;
  f->nstmts = stmts.n;
  f->stmts = (fe_stmt **)stmts.data;
  if (f->nstmts > 0 && f->stmts[0]->kind == FE_STMT_EXPR && f->stmts[0]->value->kind == FE_EXPR_STRING) {
    f->stmts++; /* the module docstring */
    f->nstmts--;
  }
  return f;
}
