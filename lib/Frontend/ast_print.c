/* fe_ast_print: the AST as S-expressions (tilec --emit=ast), for tests and debugging.
 *
 * Form (stable; tests depend on it):
 *   file        one top-level statement per line; a statement with a body continues on
 *               the following lines, each nested statement indented by two more spaces
 *               than its (body ...) / (else ...) group, which is indented two more than
 *               the statement.
 *   expressions (name x)  (int 5)  (float 1.5)  (str "a\n")  True  False  None  ...
 *               (attr V name)  (call F ARG... (kw NAME V)...)
 *               (OP L R) for + - * / // % ** << >> & | ^ @
 *               (neg X) (pos X) (invert X) (not X)   (and L R) (or L R)
 *               (cmp A OP B OP C ...) with OP in < <= > >= == != is is-not in not-in
 *               (sub V ITEM...)  (slice LOWER UPPER STEP) with _ for a missing part
 *               (tuple X...) (list X...) (dict (K V)...) (ifexp COND BODY ORELSE)
 *   statements  (expr E)  (assign T1 = T2 = ... = V)  (augassign T += V)
 *               (annassign T ANN [= V])  (return [V])  (pass) (break) (continue)
 *               (assert COND [MSG])  (import a.b (c.d as e))  (from m import a (b as c))
 *               (unsupported KEYWORD)
 *               (if COND / (for TARGET ITER / (while COND   followed by lines
 *                   (body ...) and, when present, (else ...); an IF whose else holds
 *                   exactly one IF (elif, or else: if) prints that IF as (elif COND
 *                   (body ...)) at the level of (body ...), so chains stay flat
 *               (def NAME  followed by lines (decorators D...), (params P...) with each
 *                   P = (NAME [: ANN] [= DEFAULT]), (returns E), (doc "..."), (body ...)
 * Floats print in the shortest form that reads back to the same double, always with a '.'
 * or an exponent ("1.0", "1e-05", "inf"). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Frontend/ast.h"

static void print_expr(sup_strbuf *out, const fe_expr *e);

static const char *binop_spelling(fe_binop op) {
  static const char *const s[] = {"+", "-", "*", "/", "//", "%", "**", "<<", ">>", "&", "|", "^", "@"};
  return (unsigned)op < sizeof s / sizeof s[0] ? s[op] : "?";
}

static const char *unop_spelling(fe_unop op) {
  static const char *const s[] = {"neg", "pos", "invert", "not"};
  return (unsigned)op < sizeof s / sizeof s[0] ? s[op] : "?";
}

static const char *cmpop_spelling(fe_cmpop op) {
  static const char *const s[] = {"<", "<=", ">", ">=", "==", "!=", "is", "is-not", "in", "not-in"};
  return (unsigned)op < sizeof s / sizeof s[0] ? s[op] : "?";
}

static void print_string(sup_strbuf *out, const char *s) {
  sup_strbuf_putc(out, '"');
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      sup_strbuf_printf(out, "\\%c", c);
    else if (c == '\n')
      sup_strbuf_puts(out, "\\n");
    else if (c == '\t')
      sup_strbuf_puts(out, "\\t");
    else if (c < 0x20 || c == 0x7f)
      sup_strbuf_printf(out, "\\x%02x", c);
    else
      sup_strbuf_putc(out, (char)c);
  }
  sup_strbuf_putc(out, '"');
}

static void print_float(sup_strbuf *out, double v) {
  if (isnan(v)) {
    sup_strbuf_puts(out, "nan");
    return;
  }
  if (isinf(v)) {
    sup_strbuf_puts(out, v < 0 ? "-inf" : "inf");
    return;
  }
  char buf[400];
  int prec = 1;
  for (; prec < 17; prec++) {
    snprintf(buf, sizeof buf, "%.*e", prec - 1, v);
    if (strtod(buf, NULL) == v)
      break;
  }
  int exp = atoi(strchr(buf, 'e') + 1);
  if (exp >= -4 && exp < 16) /* Python's repr: positional notation in this range */
    snprintf(buf, sizeof buf, "%.*f", prec - 1 - exp > 0 ? prec - 1 - exp : 0, v);
  else
    snprintf(buf, sizeof buf, "%.*g", prec, v);
  sup_strbuf_puts(out, buf);
  if (!strpbrk(buf, ".e"))
    sup_strbuf_puts(out, ".0");
}

static void print_items(sup_strbuf *out, const fe_expr *e) {
  for (unsigned i = 0; i < e->nitems; i++) {
    sup_strbuf_putc(out, ' ');
    print_expr(out, e->items[i]);
  }
}

static void print_opt(sup_strbuf *out, const fe_expr *e) {
  sup_strbuf_putc(out, ' ');
  if (e)
    print_expr(out, e);
  else
    sup_strbuf_putc(out, '_');
}

static void print_call(sup_strbuf *out, const fe_expr *e) {
  sup_strbuf_puts(out, "(call ");
  print_expr(out, e->func);
  print_items(out, e);
  for (unsigned i = 0; i < e->nkeywords; i++) {
    sup_strbuf_printf(out, " (kw %s ", e->keywords[i].name);
    print_expr(out, e->keywords[i].value);
    sup_strbuf_putc(out, ')');
  }
  sup_strbuf_putc(out, ')');
}

static void print_compare(sup_strbuf *out, const fe_expr *e) {
  sup_strbuf_puts(out, "(cmp");
  for (unsigned i = 0; i < e->nitems; i++) {
    if (i > 0)
      sup_strbuf_printf(out, " %s", cmpop_spelling(e->cmpops[i - 1]));
    sup_strbuf_putc(out, ' ');
    print_expr(out, e->items[i]);
  }
  sup_strbuf_putc(out, ')');
}

static void print_dict(sup_strbuf *out, const fe_expr *e) {
  sup_strbuf_puts(out, "(dict");
  for (unsigned i = 0; i < e->nitems; i++) {
    sup_strbuf_puts(out, " (");
    print_expr(out, e->items[i]);
    sup_strbuf_putc(out, ' ');
    print_expr(out, e->values[i]);
    sup_strbuf_putc(out, ')');
  }
  sup_strbuf_putc(out, ')');
}

static void print_pair(sup_strbuf *out, const char *head, const fe_expr *a, const fe_expr *b) {
  sup_strbuf_printf(out, "(%s ", head);
  print_expr(out, a);
  sup_strbuf_putc(out, ' ');
  print_expr(out, b);
  sup_strbuf_putc(out, ')');
}

static void print_listcomp(sup_strbuf *out, const fe_expr *e) {
  sup_strbuf_puts(out, "(listcomp");
  print_opt(out, e->body);
  for (unsigned i = 0; i < e->ngens; i++) {
    sup_strbuf_puts(out, " (for");
    print_opt(out, e->gens[i].target);
    print_opt(out, e->gens[i].iter);
    for (unsigned k = 0; k < e->gens[i].nifs; k++) {
      sup_strbuf_puts(out, " (if");
      print_opt(out, e->gens[i].ifs[k]);
      sup_strbuf_putc(out, ')');
    }
    sup_strbuf_putc(out, ')');
  }
  sup_strbuf_putc(out, ')');
}

static void print_expr(sup_strbuf *out, const fe_expr *e) {
  if (!e) {
    sup_strbuf_puts(out, "_");
    return;
  }
  switch (e->kind) {
  case FE_EXPR_NAME: sup_strbuf_printf(out, "(name %s)", e->name); return;
  case FE_EXPR_INT:
    if (e->ibig) sup_strbuf_printf(out, "(int %llu)", (unsigned long long)(uint64_t)e->ival);
    else sup_strbuf_printf(out, "(int %lld)", (long long)e->ival);
    return;
  case FE_EXPR_FLOAT:
    sup_strbuf_puts(out, "(float ");
    print_float(out, e->fval);
    sup_strbuf_putc(out, ')');
    return;
  case FE_EXPR_STRING: case FE_EXPR_FSTRING:
    sup_strbuf_puts(out, e->kind == FE_EXPR_FSTRING ? "(fstr " : "(str ");
    print_string(out, e->str);
    sup_strbuf_putc(out, ')');
    return;
  case FE_EXPR_BOOL: sup_strbuf_puts(out, e->bval ? "True" : "False"); return;
  case FE_EXPR_NONE: sup_strbuf_puts(out, "None"); return;
  case FE_EXPR_ELLIPSIS: sup_strbuf_puts(out, "..."); return;
  case FE_EXPR_ATTRIBUTE:
    sup_strbuf_puts(out, "(attr ");
    print_expr(out, e->value);
    sup_strbuf_printf(out, " %s)", e->name);
    return;
  case FE_EXPR_CALL: print_call(out, e); return;
  case FE_EXPR_BINOP: print_pair(out, binop_spelling(e->op.binop), e->lhs, e->rhs); return;
  case FE_EXPR_UNARY:
    sup_strbuf_printf(out, "(%s ", unop_spelling(e->op.unop));
    print_expr(out, e->value);
    sup_strbuf_putc(out, ')');
    return;
  case FE_EXPR_BOOLOP: print_pair(out, e->op.boolop == FE_AND ? "and" : "or", e->lhs, e->rhs); return;
  case FE_EXPR_COMPARE: print_compare(out, e); return;
  case FE_EXPR_SUBSCRIPT:
    sup_strbuf_puts(out, "(sub ");
    print_expr(out, e->value);
    print_items(out, e);
    sup_strbuf_putc(out, ')');
    return;
  case FE_EXPR_SLICE:
    sup_strbuf_puts(out, "(slice");
    print_opt(out, e->lower);
    print_opt(out, e->upper);
    print_opt(out, e->step);
    sup_strbuf_putc(out, ')');
    return;
  case FE_EXPR_TUPLE:
  case FE_EXPR_LIST:
    sup_strbuf_puts(out, e->kind == FE_EXPR_TUPLE ? "(tuple" : "(list");
    print_items(out, e);
    sup_strbuf_putc(out, ')');
    return;
  case FE_EXPR_IFEXP:
    sup_strbuf_puts(out, "(ifexp ");
    print_expr(out, e->cond);
    print_opt(out, e->body);
    print_opt(out, e->orelse);
    sup_strbuf_putc(out, ')');
    return;
  case FE_EXPR_DICT: print_dict(out, e); return;
  case FE_EXPR_LAMBDA:
    sup_strbuf_puts(out, "(lambda (");
    for (unsigned i = 0; i < e->nparams; i++) sup_strbuf_printf(out, "%s%s", i ? " " : "", e->params[i]);
    sup_strbuf_putc(out, ')');
    print_opt(out, e->body);
    sup_strbuf_putc(out, ')');
    return;
  case FE_EXPR_LISTCOMP: print_listcomp(out, e); return;
  }
  sup_strbuf_puts(out, "(?)");
}

/* ---- statements ------------------------------------------------------------------------ */

static void print_stmt(sup_strbuf *out, const fe_stmt *s, int indent);

static void newline_indent(sup_strbuf *out, int indent) {
  sup_strbuf_putc(out, '\n');
  for (int i = 0; i < indent; i++)
    sup_strbuf_putc(out, ' ');
}

/* A (head stmt...) group on its own lines at `indent`. */
static void print_block(sup_strbuf *out, const char *head, fe_stmt *const *body, unsigned n,
                        int indent) {
  newline_indent(out, indent);
  sup_strbuf_printf(out, "(%s", head);
  for (unsigned i = 0; i < n; i++) {
    newline_indent(out, indent + 2);
    print_stmt(out, body[i], indent + 2);
  }
  sup_strbuf_putc(out, ')');
}

static void print_names(sup_strbuf *out, const fe_stmt *s) {
  for (unsigned i = 0; i < s->nnames; i++) {
    if (s->aliases[i])
      sup_strbuf_printf(out, " (%s as %s)", s->names[i], s->aliases[i]);
    else
      sup_strbuf_printf(out, " %s", s->names[i]);
  }
}

static void print_params(sup_strbuf *out, const fe_funcdef *f) {
  sup_strbuf_puts(out, "(params");
  for (unsigned i = 0; i < f->nparams; i++) {
    const fe_param *p = &f->params[i];
    sup_strbuf_printf(out, " (%s", p->name);
    if (p->annotation) {
      sup_strbuf_puts(out, " : ");
      print_expr(out, p->annotation);
    }
    if (p->default_value) {
      sup_strbuf_puts(out, " = ");
      print_expr(out, p->default_value);
    }
    sup_strbuf_putc(out, ')');
  }
  if (f->kwargs) sup_strbuf_printf(out, " (** %s)", f->kwargs);
  sup_strbuf_putc(out, ')');
}

static void print_def(sup_strbuf *out, const fe_funcdef *f, int indent) {
  sup_strbuf_printf(out, "(def %s", f->name);
  if (f->ndecorators > 0) {
    newline_indent(out, indent + 2);
    sup_strbuf_puts(out, "(decorators");
    for (unsigned i = 0; i < f->ndecorators; i++) {
      sup_strbuf_putc(out, ' ');
      print_expr(out, f->decorators[i]);
    }
    sup_strbuf_putc(out, ')');
  }
  newline_indent(out, indent + 2);
  print_params(out, f);
  if (f->returns) {
    newline_indent(out, indent + 2);
    sup_strbuf_puts(out, "(returns ");
    print_expr(out, f->returns);
    sup_strbuf_putc(out, ')');
  }
  if (f->docstring) {
    newline_indent(out, indent + 2);
    sup_strbuf_puts(out, "(doc ");
    print_string(out, f->docstring);
    sup_strbuf_putc(out, ')');
  }
  print_block(out, "body", f->body, f->nbody, indent + 2);
  sup_strbuf_putc(out, ')');
}

/* if / for / while: header on this line, (body ...) and (else ...) below. */
static void print_compound(sup_strbuf *out, const fe_stmt *s, int indent) {
  if (s->kind == FE_STMT_FOR) {
    sup_strbuf_puts(out, "(for ");
    print_expr(out, s->target);
    sup_strbuf_putc(out, ' ');
    print_expr(out, s->iter);
  } else {
    sup_strbuf_puts(out, s->kind == FE_STMT_IF ? "(if " : "(while ");
    print_expr(out, s->cond);
  }
  print_block(out, "body", s->body, s->nbody, indent + 2);
  /* elif chains print flat, so that output stays linear in their length */
  while (s->kind == FE_STMT_IF && s->norelse == 1 && s->orelse[0]->kind == FE_STMT_IF) {
    s = s->orelse[0];
    newline_indent(out, indent + 2);
    sup_strbuf_puts(out, "(elif ");
    print_expr(out, s->cond);
    print_block(out, "body", s->body, s->nbody, indent + 4);
    sup_strbuf_putc(out, ')');
  }
  if (s->norelse > 0)
    print_block(out, "else", s->orelse, s->norelse, indent + 2);
  sup_strbuf_putc(out, ')');
}

static void print_try(sup_strbuf *out, const fe_stmt *s, int indent) {
  sup_strbuf_puts(out, "(try");
  print_block(out, "body", s->body, s->nbody, indent + 2);
  for (unsigned i = 0; i < s->nhandlers; i++) {
    const fe_stmt *h = s->handlers[i];
    newline_indent(out, indent + 2);
    sup_strbuf_puts(out, "(except");
    if (h->cond) {
      sup_strbuf_putc(out, ' ');
      print_expr(out, h->cond);
    }
    if (h->name) sup_strbuf_printf(out, " as %s", h->name);
    print_block(out, "body", h->body, h->nbody, indent + 4);
    sup_strbuf_putc(out, ')');
  }
  if (s->norelse > 0) print_block(out, "else", s->orelse, s->norelse, indent + 2);
  if (s->nfinal > 0) print_block(out, "finally", s->final, s->nfinal, indent + 2);
  sup_strbuf_putc(out, ')');
}

static void print_assign(sup_strbuf *out, const fe_stmt *s) {
  sup_strbuf_puts(out, "(assign");
  for (unsigned i = 0; i < s->ntargets; i++) {
    sup_strbuf_putc(out, ' ');
    print_expr(out, s->targets[i]);
    sup_strbuf_puts(out, " =");
  }
  sup_strbuf_putc(out, ' ');
  print_expr(out, s->value);
  sup_strbuf_putc(out, ')');
}

static void print_simple(sup_strbuf *out, const char *head, const fe_expr *a, const char *sep,
                         const fe_expr *b) {
  sup_strbuf_printf(out, "(%s", head);
  if (a) {
    sup_strbuf_putc(out, ' ');
    print_expr(out, a);
  }
  if (b) {
    sup_strbuf_printf(out, "%s", sep);
    print_expr(out, b);
  }
  sup_strbuf_putc(out, ')');
}

static void print_stmt(sup_strbuf *out, const fe_stmt *s, int indent) {
  switch (s->kind) {
  case FE_STMT_EXPR: print_simple(out, "expr", s->value, "", NULL); return;
  case FE_STMT_ASSIGN: print_assign(out, s); return;
  case FE_STMT_AUGASSIGN:
    sup_strbuf_puts(out, "(augassign ");
    print_expr(out, s->target);
    sup_strbuf_printf(out, " %s= ", binop_spelling(s->augop));
    print_expr(out, s->value);
    sup_strbuf_putc(out, ')');
    return;
  case FE_STMT_ANNASSIGN:
    sup_strbuf_puts(out, "(annassign ");
    print_expr(out, s->target);
    sup_strbuf_putc(out, ' ');
    print_expr(out, s->annotation);
    if (s->value) {
      sup_strbuf_puts(out, " = ");
      print_expr(out, s->value);
    }
    sup_strbuf_putc(out, ')');
    return;
  case FE_STMT_RETURN: print_simple(out, "return", s->value, "", NULL); return;
  case FE_STMT_IF: case FE_STMT_FOR: case FE_STMT_WHILE: print_compound(out, s, indent); return;
  case FE_STMT_BREAK: sup_strbuf_puts(out, "(break)"); return;
  case FE_STMT_CONTINUE: sup_strbuf_puts(out, "(continue)"); return;
  case FE_STMT_PASS: sup_strbuf_puts(out, "(pass)"); return;
  case FE_STMT_ASSERT: print_simple(out, "assert", s->cond, " ", s->value); return;
  case FE_STMT_IMPORT:
    sup_strbuf_puts(out, "(import");
    print_names(out, s);
    sup_strbuf_putc(out, ')');
    return;
  case FE_STMT_IMPORTFROM:
    sup_strbuf_puts(out, "(from ");
    for (unsigned i = 0; i < s->level; i++) sup_strbuf_putc(out, '.');
    sup_strbuf_printf(out, "%s import", s->module ? s->module : "");
    print_names(out, s);
    sup_strbuf_putc(out, ')');
    return;
  case FE_STMT_FUNCDEF: print_def(out, s->func, indent); return;
  case FE_STMT_TRY: print_try(out, s, indent); return;
  case FE_STMT_EXCEPT: /* printed by print_try */
  case FE_STMT_UNSUPPORTED: sup_strbuf_printf(out, "(unsupported %s)", s->name ? s->name : "except"); return;
  case FE_STMT_SKIPPED:
    sup_strbuf_puts(out, "(skipped (");
    for (unsigned i = 0; i < s->nnames; i++) sup_strbuf_printf(out, "%s%s", i ? " " : "", s->names[i]);
    sup_strbuf_printf(out, ") %d:%d ", s->skip->why_loc.line, s->skip->why_loc.col);
    print_string(out, s->skip->why);
    sup_strbuf_putc(out, ')');
    return;
  }
  sup_strbuf_puts(out, "(?)");
}

void fe_ast_print(const fe_file *f, sup_strbuf *out) {
  if (!f)
    return;
  for (unsigned i = 0; i < f->nstmts; i++) {
    print_stmt(out, f->stmts[i], 0);
    sup_strbuf_putc(out, '\n');
  }
}
