/* The .tir tokenizer (see lexer.h). Follows Python's tokenizer: the indentation of each
 * logical line is compared with a stack to produce INDENT/DEDENT; NEWLINE is produced only
 * at the end of a non-blank logical line outside brackets. Every error is reported once,
 * located at the offending character, and turned into an FE_TOK_ERROR token. */
#include "Frontend/lexer.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const spellings[FE_TOK_COUNT] = {
#define FE_TOK_SPELL(name, spelling) spelling,
    FE_TOKEN_LIST(FE_TOK_SPELL)
#undef FE_TOK_SPELL
};

const char *fe_tok_spelling(fe_tok_kind k) {
  return (unsigned)k < FE_TOK_COUNT ? spellings[k] : "?";
}

bool fe_tok_is_keyword(fe_tok_kind k) { return k >= FE_TOK_KW_FALSE && k <= FE_TOK_KW_YIELD; }

/* ---- small helpers ------------------------------------------------------------------- */

static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static bool is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static bool is_ident(int c) { return is_alpha(c) || is_digit(c); }

static int hex_value(int c) {
  if (is_digit(c))
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

static int peek_at(const fe_lexer *lx, size_t off) {
  size_t p = lx->pos + off;
  return p < lx->len ? (unsigned char)lx->src[p] : -1;
}

static ir_loc loc_here(const fe_lexer *lx) {
  ir_loc l = {lx->file, lx->line, (int)(lx->pos - lx->line_start) + 1};
  return l;
}

/* Consumes the '\n' at pos and starts a new physical line. */
static void skip_newline(fe_lexer *lx) {
  lx->pos++;
  lx->line++;
  lx->line_start = lx->pos;
}

static bool error_budget_left(const fe_lexer *lx) {
  unsigned n = diag_error_count(ir_context_diag(lx->ctx)) - lx->error_base;
  return lx->max_errors == 0 || n < lx->max_errors;
}

static void lex_error(fe_lexer *lx, ir_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void lex_error(fe_lexer *lx, ir_loc loc, const char *fmt, ...) {
  lx->nerrors++;
  if (!error_budget_left(lx))
    return;
  va_list ap;
  va_start(ap, fmt);
  diag_vemit(ir_context_diag(lx->ctx), DIAG_ERROR, loc, fmt, ap);
  va_end(ap);
}

static void make_empty(fe_lexer *lx, fe_token *t, fe_tok_kind k, ir_loc loc) {
  t->kind = k;
  t->loc = loc;
  t->text = lx->src + lx->pos;
  t->len = 0;
}

void fe_lexer_init(fe_lexer *lx, ir_context *ctx, sup_arena *arena, const char *file,
                   const char *src, size_t len, unsigned max_errors) {
  memset(lx, 0, sizeof *lx);
  lx->ctx = ctx;
  lx->arena = arena;
  lx->file = file;
  lx->src = src ? src : "";
  lx->len = src ? len : 0;
  lx->line = 1;
  lx->error_base = diag_error_count(ir_context_diag(ctx));
  lx->max_errors = max_errors;
  lx->at_line_start = true;
  lx->last = FE_TOK_NEWLINE;
  lx->nindent = 1;
  lx->last_end = loc_here(lx);
}

/* ---- indentation ------------------------------------------------------------------- */

/* Skips blank and comment-only lines, then measures the indentation of the next logical
 * line (tabs to the next multiple of 8, form feed resets). Returns -1 at end of input. */
static int measure_indent(fe_lexer *lx) {
  for (;;) {
    int col = 0;
    size_t p = lx->pos;
    for (; p < lx->len; p++) {
      char c = lx->src[p];
      if (c == ' ')
        col++;
      else if (c == '\t')
        col = (col / 8 + 1) * 8;
      else if (c == '\f')
        col = 0;
      else if (c != '\r')
        break;
    }
    lx->pos = p;
    if (p >= lx->len)
      return -1;
    if (lx->src[p] != '#' && lx->src[p] != '\n')
      return col;
    while (lx->pos < lx->len && lx->src[lx->pos] != '\n')
      lx->pos++;
    if (lx->pos < lx->len)
      skip_newline(lx);
  }
}

static bool push_indent(fe_lexer *lx, int col, bool phantom) {
  if (lx->nindent > FE_LEX_MAX_INDENT)
    return false;
  lx->indents[lx->nindent] = col;
  lx->phantom[lx->nindent] = phantom;
  lx->nindent++;
  return true;
}

/* Handles the start of a logical line. Returns true when it produced a token. */
static bool indentation(fe_lexer *lx, fe_token *t) {
  lx->at_line_start = false;
  int col = measure_indent(lx);
  if (col < 0)
    return false;
  ir_loc loc = loc_here(lx);
  int top = lx->indents[lx->nindent - 1];
  if (col > top) {
    if (!push_indent(lx, col, false)) {
      lex_error(lx, loc, "too many levels of indentation");
      make_empty(lx, t, FE_TOK_ERROR, loc);
      return true;
    }
    make_empty(lx, t, FE_TOK_INDENT, loc);
    return true;
  }
  int n = 0;
  while (lx->nindent > 1 && lx->indents[lx->nindent - 1] > col) {
    n += !lx->phantom[lx->nindent - 1];
    lx->nindent--;
  }
  if (lx->indents[lx->nindent - 1] != col) {
    lex_error(lx, loc, "unindent does not match any outer indentation level");
    push_indent(lx, col, true); /* cannot fail: we just popped */
  }
  if (n == 0)
    return false;
  lx->pending_dedents = n - 1;
  make_empty(lx, t, FE_TOK_DEDENT, loc);
  return true;
}

/* End of input: close brackets, end the last line, unwind the indentation stack. */
static void end_of_input(fe_lexer *lx, fe_token *t) {
  ir_loc here = loc_here(lx);
  if (lx->nparens > 0) {
    ir_loc l = lx->paren_locs[lx->nparens - 1];
    lex_error(lx, l, "'%c' was never closed", lx->parens[lx->nparens - 1]);
    lx->nparens = 0;
    lx->paren_overflow = 0;
    make_empty(lx, t, FE_TOK_ERROR, l);
    return;
  }
  if (lx->last != FE_TOK_NEWLINE && lx->last != FE_TOK_DEDENT && lx->last != FE_TOK_INDENT) {
    make_empty(lx, t, FE_TOK_NEWLINE, lx->last_end);
    return;
  }
  int n = 0;
  for (; lx->nindent > 1; lx->nindent--)
    n += !lx->phantom[lx->nindent - 1];
  if (n > 0) {
    lx->pending_dedents = n - 1;
    make_empty(lx, t, FE_TOK_DEDENT, here);
    return;
  }
  lx->done = true;
  make_empty(lx, t, FE_TOK_EOF, here);
}

/* ---- names and numbers ------------------------------------------------------------- */

static void scan_name(fe_lexer *lx, fe_token *t) {
  size_t start = lx->pos;
  while (lx->pos < lx->len && is_ident((unsigned char)lx->src[lx->pos]))
    lx->pos++;
  size_t n = lx->pos - start;
  for (int k = FE_TOK_KW_FALSE; k <= FE_TOK_KW_YIELD; k++) {
    if (strlen(spellings[k]) == n && memcmp(spellings[k], lx->src + start, n) == 0) {
      t->kind = (fe_tok_kind)k;
      return;
    }
  }
  t->kind = FE_TOK_NAME;
  t->name = ir_intern_n(lx->ctx, lx->src + start, n);
}

static void skip_ident_chars(fe_lexer *lx) {
  while (lx->pos < lx->len && is_ident((unsigned char)lx->src[lx->pos]))
    lx->pos++;
}

/* Reports a malformed number, consumes the rest of it, and makes it an ERROR token. */
static void bad_number(fe_lexer *lx, fe_token *t, ir_loc loc, const char *msg) {
  lex_error(lx, loc, "%s", msg);
  skip_ident_chars(lx);
  t->kind = FE_TOK_ERROR;
}

static int digit_in_base(int c, int base) {
  int v = hex_value(c);
  return v >= 0 && v < base ? v : -1;
}

/* 0x / 0o / 0b literals; pos is at the leading '0'. */
static void scan_radix(fe_lexer *lx, fe_token *t, ir_loc loc) {
  char p = (char)(lx->src[lx->pos + 1] | 0x20);
  int base = p == 'x' ? 16 : p == 'o' ? 8 : 2;
  const char *what = base == 16 ? "hexadecimal" : base == 8 ? "octal" : "binary";
  char msg[64];
  lx->pos += 2;
  uint64_t v = 0;
  bool any = false, overflow = false;
  for (;;) {
    int c = peek_at(lx, 0);
    if (c == '_' && digit_in_base(peek_at(lx, 1), base) >= 0)
      c = (lx->pos++, peek_at(lx, 0));
    int d = digit_in_base(c, base);
    if (d < 0)
      break;
    overflow |= v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base;
    v = v * (uint64_t)base + (uint64_t)d;
    any = true;
    lx->pos++;
  }
  int c = peek_at(lx, 0);
  if (any && is_digit(c) && base < 10) {
    snprintf(msg, sizeof msg, "invalid digit '%c' in %s literal", c, what);
    ir_loc dl = loc_here(lx);
    bad_number(lx, t, dl, msg);
    return;
  }
  if (!any || is_ident(c)) {
    snprintf(msg, sizeof msg, "invalid %s literal", what);
    bad_number(lx, t, loc, msg);
    return;
  }
  if (overflow) {
    bad_number(lx, t, loc, "integer literal too large");
    return;
  }
  t->kind = FE_TOK_INT;
  t->ival = (int64_t)v;
  t->big = v > (uint64_t)INT64_MAX;
}

/* Consumes digits with single underscores between them. */
static void scan_digits(fe_lexer *lx) {
  for (;;) {
    int c = peek_at(lx, 0);
    if (is_digit(c))
      lx->pos++;
    else if (c == '_' && is_digit(peek_at(lx, 1)))
      lx->pos++;
    else
      return;
  }
}

/* The literal's value when below 2**64 (Python's ints are unbounded; a literal that does not
 * fit 64 bits is refused here, one of 2**63 and above is marked big and refused where it is
 * evaluated, so that a branch that never runs may hold one). */
static bool int_value(const char *s, size_t n, uint64_t *out) {
  uint64_t v = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '_')
      continue;
    uint64_t d = (uint64_t)(s[i] - '0');
    if (v > (UINT64_MAX - d) / 10)
      return false;
    v = v * 10 + d;
  }
  *out = v;
  return true;
}

static bool has_nonzero_digit(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (s[i] >= '1' && s[i] <= '9')
      return true;
  return false;
}

static void scan_decimal(fe_lexer *lx, fe_token *t, ir_loc loc) {
  size_t start = lx->pos;
  bool is_float = false;
  scan_digits(lx);
  if (peek_at(lx, 0) == '.' && !(peek_at(lx, 1) == '.' && peek_at(lx, 2) == '.')) {
    is_float = true;
    lx->pos++;
    if (is_digit(peek_at(lx, 0)))
      scan_digits(lx);
  }
  int e = peek_at(lx, 0);
  if (e == 'e' || e == 'E') {
    int s = peek_at(lx, 1);
    size_t skip = (s == '+' || s == '-') ? 2 : 1;
    if (is_digit(peek_at(lx, skip))) {
      is_float = true;
      lx->pos += skip;
      scan_digits(lx);
    }
  }
  int c = peek_at(lx, 0);
  if (c == 'j' || c == 'J') {
    bad_number(lx, t, loc, "imaginary literals are not supported");
    return;
  }
  if (is_ident(c)) {
    bad_number(lx, t, loc, "invalid decimal literal");
    return;
  }
  const char *s = lx->src + start;
  size_t n = lx->pos - start;
  if (!is_float) {
    if (s[0] == '0' && has_nonzero_digit(s, n)) {
      lex_error(lx, loc, "leading zeros in decimal integer literals are not permitted; use an 0o "
                         "prefix for octal integers");
      t->kind = FE_TOK_ERROR;
      return;
    }
    uint64_t v;
    if (!int_value(s, n, &v)) {
      bad_number(lx, t, loc, "integer literal too large");
      return;
    }
    t->kind = FE_TOK_INT;
    t->ival = (int64_t)v;
    t->big = v > (uint64_t)INT64_MAX;
    return;
  }
  char *copy = sup_arena_strndup(lx->arena, s, n);
  size_t j = 0;
  for (size_t i = 0; i < n; i++)
    if (copy[i] != '_')
      copy[j++] = copy[i];
  copy[j] = '\0';
  t->kind = FE_TOK_FLOAT;
  t->fval = strtod(copy, NULL);
}

static void scan_number(fe_lexer *lx, fe_token *t, ir_loc loc) {
  int p = peek_at(lx, 1) | 0x20;
  if (peek_at(lx, 0) == '0' && (p == 'x' || p == 'o' || p == 'b'))
    scan_radix(lx, t, loc);
  else
    scan_decimal(lx, t, loc);
}

/* ---- strings ------------------------------------------------------------------------ */

static void put_utf8(sup_strbuf *b, uint32_t cp) {
  char s[4];
  size_t n;
  if (cp < 0x80) {
    s[0] = (char)cp;
    n = 1;
  } else if (cp < 0x800) {
    s[0] = (char)(0xC0 | (cp >> 6));
    s[1] = (char)(0x80 | (cp & 0x3F));
    n = 2;
  } else if (cp < 0x10000) {
    s[0] = (char)(0xE0 | (cp >> 12));
    s[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
    s[2] = (char)(0x80 | (cp & 0x3F));
    n = 3;
  } else {
    s[0] = (char)(0xF0 | (cp >> 18));
    s[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    s[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    s[3] = (char)(0x80 | (cp & 0x3F));
    n = 4;
  }
  sup_strbuf_append(b, s, n);
}

/* Reads exactly `n` hex digits after pos; returns -1 when they are not there. */
static long read_hex(fe_lexer *lx, int n) {
  long v = 0;
  for (int i = 0; i < n; i++) {
    int d = hex_value(peek_at(lx, (size_t)i));
    if (d < 0)
      return -1;
    v = v * 16 + d;
  }
  lx->pos += (size_t)n;
  return v;
}

static char simple_escape(int c) {
  switch (c) {
  case '\\': return '\\';
  case '\'': return '\'';
  case '"': return '"';
  case 'a': return '\a';
  case 'b': return '\b';
  case 'f': return '\f';
  case 'n': return '\n';
  case 'r': return '\r';
  case 't': return '\t';
  case 'v': return '\v';
  default: return 0;
  }
}

/* Decodes one escape sequence at pos (a backslash followed by at least one character).
 * Returns false after reporting a malformed one. */
static bool decode_escape(fe_lexer *lx, sup_strbuf *b, bool bytes) {
  ir_loc loc = loc_here(lx);
  int e = peek_at(lx, 1);
  lx->pos++;
  if (e == '\n') {
    skip_newline(lx);
    return true;
  }
  char s = simple_escape(e);
  if (s) {
    sup_strbuf_putc(b, s);
    lx->pos++;
    return true;
  }
  if (e >= '0' && e <= '7') {
    uint32_t v = 0;
    for (int i = 0; i < 3 && peek_at(lx, 0) >= '0' && peek_at(lx, 0) <= '7'; i++)
      v = v * 8 + (uint32_t)(lx->src[lx->pos++] - '0');
    if (bytes)
      sup_strbuf_putc(b, (char)v);
    else
      put_utf8(b, v);
    return true;
  }
  if (e == 'x' || (!bytes && (e == 'u' || e == 'U'))) {
    int n = e == 'x' ? 2 : e == 'u' ? 4 : 8;
    lx->pos++;
    long v = read_hex(lx, n);
    if (v < 0) {
      lex_error(lx, loc, "truncated \\%c%s escape", e, n == 2 ? "XX" : n == 4 ? "XXXX" : "XXXXXXXX");
      return false;
    }
    if (v > 0x10FFFF) {
      lex_error(lx, loc, "illegal Unicode character");
      return false;
    }
    if (e == 'x' && bytes)
      sup_strbuf_putc(b, (char)v);
    else
      put_utf8(b, (uint32_t)v);
    return true;
  }
  if (e == 'N' && !bytes) {
    lex_error(lx, loc, "\\N{...} escapes are not supported");
    return false;
  }
  sup_strbuf_putc(b, '\\'); /* unknown escapes stay as written, as in Python */
  return true;
}

typedef struct str_prefix {
  bool raw, bytes, fstring;
} str_prefix;

/* Recognizes a string prefix (u, r, b, f, rb/br, rf/fr in any case) at pos that is
 * directly followed by a quote. Returns its length, 0 when there is none. */
static size_t string_prefix(const fe_lexer *lx, str_prefix *out) {
  memset(out, 0, sizeof *out);
  size_t n = 0;
  bool u = false;
  for (; n < 2; n++) {
    int c = peek_at(lx, n) | 0x20;
    if (c == 'r' && !out->raw)
      out->raw = true;
    else if (c == 'b' && !out->bytes && !out->fstring)
      out->bytes = true;
    else if (c == 'f' && !out->fstring && !out->bytes)
      out->fstring = true;
    else if (c == 'u' && n == 0)
      u = true;
    else
      break;
    if (u)
      break;
  }
  if (u)
    n = 1;
  int q = peek_at(lx, n);
  return (n > 0 && (q == '\'' || q == '"')) ? n : 0;
}

/* Scans a string literal whose prefix (already recognized, `plen` bytes) starts at pos. */
static void scan_string(fe_lexer *lx, fe_token *t, ir_loc loc, size_t plen, str_prefix pre) {
  lx->pos += plen;
  char q = lx->src[lx->pos];
  bool triple = peek_at(lx, 1) == q && peek_at(lx, 2) == q;
  lx->pos += triple ? 3 : 1;
  sup_strbuf b = {0};
  bool ok = true;
  for (;;) {
    int c = peek_at(lx, 0);
    if (c < 0 || (c == '\n' && !triple)) {
      lex_error(lx, loc, triple ? "unterminated triple-quoted string literal"
                                : "unterminated string literal");
      ok = false;
      break;
    }
    if (c == q && (!triple || (peek_at(lx, 1) == q && peek_at(lx, 2) == q))) {
      lx->pos += triple ? 3 : 1;
      break;
    }
    if (c == '\\' && peek_at(lx, 1) >= 0) {
      if (!pre.raw) {
        ok &= decode_escape(lx, &b, pre.bytes);
        continue;
      }
      sup_strbuf_putc(&b, '\\');
      lx->pos++;
      c = peek_at(lx, 0);
    }
    sup_strbuf_putc(&b, (char)c);
    if (c == '\n')
      skip_newline(lx);
    else
      lx->pos++;
  }
  t->kind = ok ? FE_TOK_STRING : FE_TOK_ERROR;
  t->is_bytes = pre.bytes;
  t->is_fstring = pre.fstring;
  t->str = sup_arena_strbuf(lx->arena, &b);
}

/* ---- operators and brackets ----------------------------------------------------------- */

static const char *bracket_opener(char close) {
  return close == ')' ? "(" : close == ']' ? "[" : "{";
}

static void open_bracket(fe_lexer *lx, fe_token *t, char c) {
  if (lx->paren_overflow > 0 || lx->nparens == FE_LEX_MAX_PARENS) {
    if (lx->paren_overflow++ == 0)
      lex_error(lx, t->loc, "too many nested parentheses");
    t->kind = FE_TOK_ERROR;
    return;
  }
  lx->parens[lx->nparens] = c;
  lx->paren_locs[lx->nparens] = t->loc;
  lx->nparens++;
}

static void close_bracket(fe_lexer *lx, fe_token *t, char c) {
  if (lx->paren_overflow > 0) {
    lx->paren_overflow--;
    t->kind = FE_TOK_ERROR;
    return;
  }
  if (lx->nparens == 0) {
    lex_error(lx, t->loc, "unmatched '%c'", c);
    t->kind = FE_TOK_ERROR;
    return;
  }
  char open = lx->parens[--lx->nparens];
  if (open != bracket_opener(c)[0]) {
    lex_error(lx, t->loc, "closing parenthesis '%c' does not match opening parenthesis '%c'", c,
              open);
    t->kind = FE_TOK_ERROR;
  }
}

/* Longest operator spelled at pos, or false. */
static bool scan_operator(fe_lexer *lx, fe_token *t) {
  size_t best = 0;
  fe_tok_kind kind = FE_TOK_ERROR;
  for (int k = FE_TOK_LPAR; k <= FE_TOK_ATEQ; k++) {
    size_t n = strlen(spellings[k]);
    if (n > best && lx->pos + n <= lx->len && memcmp(spellings[k], lx->src + lx->pos, n) == 0) {
      best = n;
      kind = (fe_tok_kind)k;
    }
  }
  if (best == 0)
    return false;
  char c = lx->src[lx->pos];
  lx->pos += best;
  t->kind = kind;
  if (best == 1 && (c == '(' || c == '[' || c == '{'))
    open_bracket(lx, t, c);
  else if (best == 1 && (c == ')' || c == ']' || c == '}'))
    close_bracket(lx, t, c);
  return true;
}

/* Length of the UTF-8 sequence starting with byte c, or 0 when c cannot start one. */
static int utf8_length(unsigned char c) {
  if (c >= 0xC2 && c <= 0xDF)
    return 2;
  if (c >= 0xE0 && c <= 0xEF)
    return 3;
  if (c >= 0xF0 && c <= 0xF4)
    return 4;
  return 0;
}

static void invalid_character(fe_lexer *lx, fe_token *t) {
  unsigned char c = (unsigned char)lx->src[lx->pos];
  t->kind = FE_TOK_ERROR;
  if (c == 0) {
    lex_error(lx, t->loc, "source code cannot contain null bytes");
  } else if (c < 0x80) {
    if (c > 0x20 && c < 0x7f)
      lex_error(lx, t->loc, "invalid character '%c'", c);
    else
      lex_error(lx, t->loc, "invalid non-printable character U+%04X", c);
  } else {
    int n = utf8_length(c);
    bool ok = n > 0 && lx->pos + (size_t)n <= lx->len;
    uint32_t cp = ok ? (uint32_t)(c & (0x7F >> n)) : 0;
    for (int i = 1; ok && i < n; i++) {
      unsigned char d = (unsigned char)lx->src[lx->pos + (size_t)i];
      ok = (d & 0xC0) == 0x80;
      cp = (cp << 6) | (d & 0x3F);
    }
    if (ok) {
      lex_error(lx, t->loc, "invalid character '%.*s' (U+%04X)", n, lx->src + lx->pos, cp);
      lx->pos += (size_t)n;
      return;
    }
    lex_error(lx, t->loc, "invalid non-UTF-8 byte 0x%02x", c);
  }
  lx->pos++;
}

static void scan_token(fe_lexer *lx, fe_token *t) {
  size_t start = lx->pos;
  t->loc = loc_here(lx);
  t->text = lx->src + start;
  int c = peek_at(lx, 0);
  str_prefix pre;
  size_t plen;
  if (c == '\'' || c == '"' || (is_alpha(c) && (plen = string_prefix(lx, &pre)) > 0)) {
    if (c == '\'' || c == '"') {
      memset(&pre, 0, sizeof pre);
      plen = 0;
    }
    scan_string(lx, t, t->loc, plen, pre);
  } else if (is_alpha(c)) {
    scan_name(lx, t);
  } else if (is_digit(c) || (c == '.' && is_digit(peek_at(lx, 1)))) {
    scan_number(lx, t, t->loc);
  } else if (!scan_operator(lx, t)) {
    invalid_character(lx, t);
  }
  t->len = lx->pos - start;
}

/* ---- the driver ----------------------------------------------------------------------- */

static bool line_is_open(const fe_lexer *lx) {
  return lx->last != FE_TOK_NEWLINE && lx->last != FE_TOK_INDENT && lx->last != FE_TOK_DEDENT;
}

/* Handles a backslash outside a string. Returns true when it was a line continuation. */
static bool continuation(fe_lexer *lx, fe_token *t) {
  size_t skip = peek_at(lx, 1) == '\r' && peek_at(lx, 2) == '\n' ? 2 : 1;
  if (peek_at(lx, skip) == '\n') {
    lx->pos += skip;
    skip_newline(lx);
    return true;
  }
  t->loc = loc_here(lx);
  t->text = lx->src + lx->pos;
  t->len = 1;
  t->kind = FE_TOK_ERROR;
  if (peek_at(lx, 1) < 0)
    lex_error(lx, t->loc, "unexpected EOF while parsing");
  else
    lex_error(lx, t->loc, "unexpected character after line continuation character");
  lx->pos++;
  return false;
}

static void produce(fe_lexer *lx, fe_token *t) {
  if (lx->done) {
    make_empty(lx, t, FE_TOK_EOF, loc_here(lx));
    return;
  }
  if (lx->pending_dedents > 0) {
    lx->pending_dedents--;
    make_empty(lx, t, FE_TOK_DEDENT, loc_here(lx));
    return;
  }
  if (lx->at_line_start && indentation(lx, t))
    return;
  for (;;) {
    int c = peek_at(lx, 0);
    if (c == ' ' || c == '\t' || c == '\f' || c == '\r') {
      lx->pos++;
    } else if (c < 0) {
      end_of_input(lx, t);
      return;
    } else if (c == '#') {
      while (lx->pos < lx->len && lx->src[lx->pos] != '\n')
        lx->pos++;
    } else if (c == '\\') {
      if (!continuation(lx, t))
        return;
    } else if (c == '\n') {
      if (lx->nparens > 0 || lx->paren_overflow > 0 || !line_is_open(lx)) {
        skip_newline(lx);
        continue;
      }
      make_empty(lx, t, FE_TOK_NEWLINE, lx->last_end);
      skip_newline(lx);
      lx->at_line_start = true;
      return;
    } else {
      scan_token(lx, t);
      return;
    }
  }
}

void fe_lexer_next(fe_lexer *lx, fe_token *out_tok) {
  memset(out_tok, 0, sizeof *out_tok);
  produce(lx, out_tok);
  lx->last = out_tok->kind;
  if (out_tok->kind != FE_TOK_NEWLINE && out_tok->kind != FE_TOK_INDENT &&
      out_tok->kind != FE_TOK_DEDENT && out_tok->kind != FE_TOK_EOF)
    lx->last_end = loc_here(lx);
}
