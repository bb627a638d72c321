/* Recursive-descent parser for the textual form printed by printer.c (grammar in ir.h).
 * Errors are reported once, located, through the context's diagnostics; the parse then
 * unwinds and returns NULL. Nothing here aborts on bad input. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "IR/ir_internal.h"

#define MAX_DEPTH 200

typedef struct parser {
  ir_context *ctx;
  ir_module *m;
  const char *file;
  const char *src, *p, *end;
  /* cached position -> line mapping (locations are requested mostly in order) */
  const char *cache_pos, *cache_line_start;
  int cache_line;
  sup_arena *tmp;          /* value names, freed after the parse */
  sup_interner *names;
  sup_ptrmap *values;      /* interned value name -> ir_value*, per isolated scope */
  sup_ptrmap aliases;      /* interned '#name' -> const ir_attr* (attribute aliases) */
  int depth;
  bool failed;
} parser;

typedef struct span {
  const char *s;
  size_t n;
} span;

/* ---- positions and errors --------------------------------------------------------------- */

static ir_loc loc_at(parser *P, const char *pos) {
  if (pos < P->cache_pos) {
    P->cache_pos = P->cache_line_start = P->src;
    P->cache_line = 1;
  }
  for (const char *q = P->cache_pos; q < pos; q++)
    if (*q == '\n') {
      P->cache_line++;
      P->cache_line_start = q + 1;
    }
  P->cache_pos = pos;
  return (ir_loc){P->file, P->cache_line, (int)(pos - P->cache_line_start) + 1};
}

static bool fail_at(parser *P, const char *pos, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool fail_at(parser *P, const char *pos, const char *fmt, ...) {
  if (P->failed) return false;
  P->failed = true;
  va_list ap;
  va_start(ap, fmt);
  diag_vemit(ir_context_diag(P->ctx), DIAG_ERROR, loc_at(P, pos), fmt, ap);
  va_end(ap);
  return false;
}

/* Out of memory while parsing: reported once (by the context), parsing stops. */
static bool fail_oom(parser *P) {
  ir_context_note_oom(P->ctx);
  P->failed = true;
  return false;
}

/* ---- characters and tokens ----------------------------------------------------------------- */

static void skip_ws(parser *P) {
  while (P->p < P->end) {
    char c = *P->p;
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      P->p++;
    } else if (c == '/' && P->p + 1 < P->end && P->p[1] == '/') {
      while (P->p < P->end && *P->p != '\n') P->p++;
    } else {
      return;
    }
  }
}

static char peek(parser *P) {
  skip_ws(P);
  return P->p < P->end ? *P->p : 0;
}

static bool accept(parser *P, char c) {
  if (peek(P) != c) return false;
  P->p++;
  return true;
}

static bool expect(parser *P, char c) {
  if (accept(P, c)) return true;
  if (P->p >= P->end) return fail_at(P, P->p, "expected '%c', got end of input", c);
  return fail_at(P, P->p, "expected '%c'", c);
}

static bool is_ident_start(char c) { return isalpha((unsigned char)c) || c == '_'; }
static bool is_ident_char(char c) {
  return isalnum((unsigned char)c) || c == '_' || c == '.' || c == '$';
}

/* An identifier at the current position (after whitespace); n == 0 when there is none. */
static span lex_ident(parser *P) {
  span s = {NULL, 0};
  if (!is_ident_start(peek(P))) return s;
  s.s = P->p;
  while (P->p < P->end && is_ident_char(*P->p)) P->p++;
  s.n = (size_t)(P->p - s.s);
  return s;
}

static bool span_is(span s, const char *w) { return s.n == strlen(w) && memcmp(s.s, w, s.n) == 0; }

static bool lex_uint(parser *P, int64_t *out) {
  const char *start = P->p;
  if (!(P->p < P->end && isdigit((unsigned char)*P->p)))
    return fail_at(P, P->p, "expected an integer");
  uint64_t v = 0;
  while (P->p < P->end && isdigit((unsigned char)*P->p)) {
    unsigned d = (unsigned)(*P->p++ - '0');
    if (v > (UINT64_MAX - d) / 10 || v * 10 + d > (uint64_t)INT64_MAX)
      return fail_at(P, start, "integer out of range");
    v = v * 10 + d;
  }
  *out = (int64_t)v;
  return true;
}

/* A quoted string with C escapes; the result lives in the parser's tmp arena. */
static bool lex_string(parser *P, char **out) {
  const char *start = P->p;
  P->p++; /* opening quote */
  sup_strbuf b = {0};
  while (P->p < P->end && *P->p != '"') {
    char c = *P->p++;
    if (c == '\n') {
      sup_strbuf_free(&b);
      return fail_at(P, start, "unterminated string");
    }
    if (c != '\\') {
      sup_strbuf_putc(&b, c);
      continue;
    }
    if (P->p >= P->end) break;
    char e = *P->p++;
    switch (e) {
    case 'n': c = '\n'; break;
    case 't': c = '\t'; break;
    case 'r': c = '\r'; break;
    case '0': c = '\0'; break;
    case '\\': case '"': case '\'': c = e; break;
    case 'x': {
      int v = 0, k = 0;
      while (k < 2 && P->p < P->end && isxdigit((unsigned char)*P->p)) {
        char h = *P->p++;
        v = v * 16 + (isdigit((unsigned char)h) ? h - '0' : (tolower((unsigned char)h) - 'a' + 10));
        k++;
      }
      if (k == 0) {
        sup_strbuf_free(&b);
        return fail_at(P, P->p - 2, "invalid escape in string");
      }
      c = (char)v;
      break;
    }
    default:
      sup_strbuf_free(&b);
      return fail_at(P, P->p - 2, "invalid escape '\\%c' in string", e);
    }
    if (c == '\0') {
      sup_strbuf_free(&b);
      return fail_at(P, P->p - 2, "NUL byte in string");
    }
    sup_strbuf_putc(&b, c);
  }
  if (P->p >= P->end) {
    sup_strbuf_free(&b);
    return fail_at(P, start, "unterminated string");
  }
  P->p++; /* closing quote */
  *out = sup_arena_strbuf(P->tmp, &b);
  return true;
}

static bool enter(parser *P) {
  if (++P->depth > MAX_DEPTH) return fail_at(P, P->p, "nesting too deep");
  return true;
}

/* ---- types ----------------------------------------------------------------------------------- */

static const ir_type *parse_type(parser *P);
static const ir_attr *parse_attr(parser *P);
static const ir_attr *parse_dict_attr(parser *P);

static bool parse_type_list(parser *P, const ir_type ***out, unsigned *out_n) {
  sup_strbuf buf = {0}; /* collects pointers */
  unsigned n = 0;
  if (!expect(P, '(')) return false;
  if (!accept(P, ')')) {
    do {
      const ir_type *t = parse_type(P);
      if (!t) {
        sup_strbuf_free(&buf);
        return false;
      }
      sup_strbuf_append(&buf, (const char *)&t, sizeof t);
      n++;
    } while (accept(P, ','));
    if (!expect(P, ')')) {
      sup_strbuf_free(&buf);
      return false;
    }
  }
  if (buf.failed) {
    sup_strbuf_free(&buf);
    return fail_oom(P);
  }
  *out = n ? sup_arena_memdup(P->tmp, buf.data, n * sizeof(ir_type *)) : NULL;
  *out_n = n;
  sup_strbuf_free(&buf);
  return true;
}

static const ir_type *parse_func_type(parser *P) {
  const ir_type **in = NULL, **res = NULL;
  unsigned nin = 0, nres = 0;
  if (!parse_type_list(P, &in, &nin)) return NULL;
  skip_ws(P);
  if (!(P->p + 1 < P->end && P->p[0] == '-' && P->p[1] == '>')) {
    fail_at(P, P->p, "expected '->' in function type");
    return NULL;
  }
  P->p += 2;
  if (peek(P) != '(') {
    fail_at(P, P->p, "expected '(' before function results");
    return NULL;
  }
  if (!parse_type_list(P, &res, &nres)) return NULL;
  return ir_func_type(P->ctx, nin, in, nres, res);
}

static const ir_type *parse_ptr_type(parser *P) {
  if (!expect(P, '<')) return NULL;
  const ir_type *elem = parse_type(P);
  if (!elem) return NULL;
  int64_t as = 1;
  if (accept(P, ',')) {
    skip_ws(P);
    if (!lex_uint(P, &as)) return NULL;
    if (as > 0xffff) {
      fail_at(P, P->p, "address space out of range");
      return NULL;
    }
  }
  if (!expect(P, '>')) return NULL;
  if (elem->kind == IR_TYPE_TENSOR || elem->kind == IR_TYPE_FUNC || elem->kind == IR_TYPE_DIALECT ||
      elem->kind == IR_TYPE_TENSORDESC) {
    fail_at(P, P->p, "pointee type must be a scalar");
    return NULL;
  }
  return ir_ptr_type(P->ctx, elem, (unsigned)as);
}

static const ir_type *parse_tensor_type(parser *P) {
  if (!expect(P, '<')) return NULL;
  int64_t shape[IR_MAX_RANK];
  unsigned rank = 0;
  skip_ws(P);
  while (P->p < P->end && isdigit((unsigned char)*P->p)) {
    const char *at = P->p;
    int64_t d;
    if (!lex_uint(P, &d)) return NULL;
    if (d <= 0) return fail_at(P, at, "tensor dimensions must be positive"), NULL;
    if (rank == IR_MAX_RANK) return fail_at(P, at, "tensor rank exceeds %d", IR_MAX_RANK), NULL;
    shape[rank++] = d;
    if (!(P->p < P->end && *P->p == 'x')) return fail_at(P, P->p, "expected 'x' after dimension"), NULL;
    P->p++;
  }
  if (rank == 0) return fail_at(P, P->p, "expected tensor dimensions"), NULL;
  const char *at = P->p;
  const ir_type *elem = parse_type(P);
  if (!elem) return NULL;
  if (elem->kind == IR_TYPE_TENSOR || elem->kind == IR_TYPE_FUNC || elem->kind == IR_TYPE_NONE ||
      elem->kind == IR_TYPE_DIALECT || elem->kind == IR_TYPE_TENSORDESC)
    return fail_at(P, at, "invalid tensor element type"), NULL;
  const ir_attr *enc = NULL;
  if (accept(P, ',') && !(enc = parse_attr(P))) return NULL;
  if (!expect(P, '>')) return NULL;
  return ir_tensor_type(P->ctx, rank, shape, elem, enc);
}

/* A type whose leading identifier `id` was already read. */
static const ir_type *type_from_ident(parser *P, span id) {
  if (id.n >= 2 && id.s[0] == 'i') {
    bool digits = true;
    long w = 0; /* read within the span: the text need not be NUL-terminated after it */
    for (size_t i = 1; i < id.n; i++) {
      digits &= isdigit((unsigned char)id.s[i]) != 0;
      if (i < 4) w = w * 10 + (id.s[i] - '0');
    }
    if (digits) {
      if (id.n > 3 || w < 1 || w > 64) return fail_at(P, id.s, "invalid integer width"), NULL;
      return ir_int_type(P->ctx, (unsigned)w);
    }
  }
  if (span_is(id, "f16")) return ir_float_type(P->ctx, IR_F16);
  if (span_is(id, "bf16")) return ir_float_type(P->ctx, IR_BF16);
  if (span_is(id, "f32")) return ir_float_type(P->ctx, IR_F32);
  if (span_is(id, "f64")) return ir_float_type(P->ctx, IR_F64);
  if (span_is(id, "f8E4M3FN")) return ir_float_type(P->ctx, IR_F8E4M3FN);
  if (span_is(id, "f8E5M2")) return ir_float_type(P->ctx, IR_F8E5M2);
  if (span_is(id, "none")) return ir_none_type(P->ctx);
  if (span_is(id, "ptr")) return parse_ptr_type(P);
  if (span_is(id, "tensor")) return parse_tensor_type(P);
  fail_at(P, id.s, "unknown type '%.*s'", (int)id.n, id.s);
  return NULL;
}

/* '<' tensor-type '>' after '!tt.tensordesc': a block tensor of rank 1..5, int or float
 * elements, no encoding. */
static const ir_type *parse_tensordesc_type(parser *P) {
  if (!expect(P, '<')) return NULL;
  skip_ws(P);
  const char *at = P->p;
  const ir_type *block = parse_type(P);
  if (!block || !expect(P, '>')) return NULL;
  bool scalar_ok = block->kind == IR_TYPE_TENSOR &&
                   (block->elem->kind == IR_TYPE_INT || block->elem->kind == IR_TYPE_FLOAT);
  if (!scalar_ok || block->encoding)
    return fail_at(P, at, "a tensordesc's block must be a tensor of int or float elements without encoding"), NULL;
  if (block->rank > IR_MAX_TENSORDESC_RANK)
    return fail_at(P, at, "a tensordesc's block has rank %u; at most %d", block->rank, IR_MAX_TENSORDESC_RANK), NULL;
  return ir_tensordesc_type(P->ctx, block);
}

/* '!name' with an optional '<' attr-dict '>' of parameters. */
static const ir_type *parse_dialect_type(parser *P) {
  P->p++; /* '!' */
  span id = lex_ident(P);
  if (!id.n) return fail_at(P, P->p, "expected a dialect type name after '!'"), NULL;
  char *name = sup_arena_strndup(P->tmp, id.s, id.n);
  if (!memchr(name, '.', id.n))
    return fail_at(P, id.s, "dialect type name '%s' needs a dialect prefix", name), NULL;
  if (span_is(id, "tt.tensordesc")) return parse_tensordesc_type(P);
  if (!(P->p < P->end && *P->p == '<')) return ir_dialect_type(P->ctx, name, NULL);
  P->p++;
  const ir_attr *d = parse_dict_attr(P);
  if (!d || !expect(P, '>')) return NULL;
  return ir_dialect_type(P->ctx, name, d);
}

static const ir_type *parse_type(parser *P) {
  if (!enter(P)) return NULL;
  const ir_type *t = NULL;
  if (peek(P) == '(') {
    t = parse_func_type(P);
  } else if (peek(P) == '!') {
    t = parse_dialect_type(P);
  } else {
    span id = lex_ident(P);
    if (id.n)
      t = type_from_ident(P, id);
    else
      fail_at(P, P->p, "expected a type");
  }
  P->depth--;
  return t;
}

/* ---- attributes ------------------------------------------------------------------------------ */

static bool parse_dict_entries(parser *P, ir_named_attr **out, unsigned *out_n) {
  sup_strbuf buf = {0};
  unsigned n = 0;
  if (!expect(P, '{')) return false;
  if (!accept(P, '}')) {
    do {
      const char *name;
      if (peek(P) == '"') {
        char *s;
        if (!lex_string(P, &s)) goto fail;
        name = ir_intern(P->ctx, s);
      } else {
        span id = lex_ident(P);
        if (!id.n) {
          fail_at(P, P->p, "expected an attribute name");
          goto fail;
        }
        name = ir_intern_n(P->ctx, id.s, id.n);
      }
      if (!expect(P, '=')) goto fail;
      const ir_attr *v = parse_attr(P);
      if (!v) goto fail;
      ir_named_attr na = {name, v};
      sup_strbuf_append(&buf, (const char *)&na, sizeof na);
      n++;
    } while (accept(P, ','));
    if (!expect(P, '}')) goto fail;
  }
  if (buf.failed) {
    fail_oom(P);
    goto fail;
  }
  *out = n ? sup_arena_memdup(P->tmp, buf.data, n * sizeof(ir_named_attr)) : NULL;
  *out_n = n;
  sup_strbuf_free(&buf);
  return true;
fail:
  sup_strbuf_free(&buf);
  return false;
}

static const ir_attr *parse_dict_attr(parser *P) {
  ir_named_attr *e;
  unsigned n;
  if (!parse_dict_entries(P, &e, &n)) return NULL;
  return ir_dict_attr(P->ctx, n, e);
}

static const ir_attr *parse_array_attr(parser *P) {
  P->p++; /* '[' */
  sup_strbuf buf = {0};
  unsigned n = 0;
  if (!accept(P, ']')) {
    do {
      const ir_attr *a = parse_attr(P);
      if (!a) {
        sup_strbuf_free(&buf);
        return NULL;
      }
      sup_strbuf_append(&buf, (const char *)&a, sizeof a);
      n++;
    } while (accept(P, ','));
    if (!expect(P, ']')) {
      sup_strbuf_free(&buf);
      return NULL;
    }
  }
  const ir_attr *r = buf.failed ? (fail_oom(P), NULL) : ir_array_attr(P->ctx, n, (const ir_attr *const *)buf.data);
  sup_strbuf_free(&buf);
  return r;
}

/* The interned key of alias `id` in P->aliases: its name with the '#'. */
static const char *alias_key(parser *P, span id) {
  char *s = sup_arena_printf(P->tmp, "#%.*s", (int)id.n, id.s);
  return sup_intern_cstr(P->names, s);
}

/* '#name' not followed by '<': an alias defined earlier in the file. */
static const ir_attr *use_alias(parser *P, const char *hash, span id) {
  const char *key = alias_key(P, id);
  const ir_attr *a = sup_ptrmap_get(&P->aliases, (uint64_t)(uintptr_t)key);
  if (!a) fail_at(P, hash, "undefined attribute alias '%s'", key);
  return a;
}

static const ir_attr *parse_dialect_attr(parser *P) {
  const char *hash = P->p++;
  span id = lex_ident(P);
  if (!id.n) return fail_at(P, P->p, "expected a dialect attribute name after '#'"), NULL;
  if (peek(P) != '<') return use_alias(P, hash, id);
  if (!expect(P, '<')) return NULL;
  const ir_attr *d = parse_dict_attr(P);
  if (!d || !expect(P, '>')) return NULL;
  char *name = sup_arena_strndup(P->tmp, id.s, id.n);
  return ir_dialect_attr(P->ctx, name, d);
}

/* ': type' after a numeric literal; NULL (without error) when absent. */
static const ir_type *parse_literal_type(parser *P, const char **at) {
  if (!accept(P, ':')) return NULL;
  skip_ws(P);
  *at = P->p;
  return parse_type(P);
}

static const ir_attr *make_float(parser *P, double v, const char *lit) {
  const char *at = P->p;
  const ir_type *t = parse_literal_type(P, &at);
  if (P->failed) return NULL;
  if (!t) return fail_at(P, lit, "expected ':' and a float type after float literal"), NULL;
  if (!ir_type_is_float(t)) return fail_at(P, at, "float literal requires a float type"), NULL;
  return ir_float_attr(P->ctx, t, v);
}

static const ir_attr *parse_number_attr(parser *P) {
  const char *start = P->p;
  const char *q = P->p;
  if (*q == '-' || *q == '+') q++;
  if (q < P->end && is_ident_start(*q)) { /* -inf, -nan */
    P->p = q;
    span id = lex_ident(P);
    if (span_is(id, "inf")) return make_float(P, *start == '-' ? -INFINITY : INFINITY, start);
    if (span_is(id, "nan")) return make_float(P, NAN, start);
    return fail_at(P, start, "expected a number"), NULL;
  }
  bool is_float = false;
  while (q < P->end && isdigit((unsigned char)*q)) q++;
  if (q < P->end && *q == '.') {
    is_float = true;
    q++;
    while (q < P->end && isdigit((unsigned char)*q)) q++;
  }
  if (q < P->end && (*q == 'e' || *q == 'E')) {
    const char *r = q + 1;
    if (r < P->end && (*r == '-' || *r == '+')) r++;
    if (r < P->end && isdigit((unsigned char)*r)) {
      is_float = true;
      q = r;
      while (q < P->end && isdigit((unsigned char)*q)) q++;
    }
  }
  size_t len = (size_t)(q - start);
  if (len > 200 || (len == 1 && !isdigit((unsigned char)*start)))
    return fail_at(P, start, "expected a number"), NULL;
  char buf[256];
  memcpy(buf, start, len);
  buf[len] = 0;
  P->p = q;
  if (is_float) return make_float(P, strtod(buf, NULL), start);
  errno = 0;
  long long v = strtoll(buf, NULL, 10);
  if (errno == ERANGE) return fail_at(P, start, "integer literal out of range"), NULL;
  const char *at = P->p;
  const ir_type *t = parse_literal_type(P, &at);
  if (P->failed) return NULL;
  if (!t) return ir_i64_attr(P->ctx, v);
  if (ir_type_is_float(t)) return ir_float_attr(P->ctx, t, (double)v);
  if (!ir_type_is_int(t)) return fail_at(P, at, "integer literal requires an integer type"), NULL;
  return ir_int_attr(P->ctx, t, v);
}

static const ir_attr *parse_attr_inner(parser *P) {
  char c = peek(P);
  if (c == '"') {
    char *s;
    return lex_string(P, &s) ? ir_string_attr(P->ctx, s) : NULL;
  }
  if (c == '[') return parse_array_attr(P);
  if (c == '{') return parse_dict_attr(P);
  if (c == '#') return parse_dialect_attr(P);
  if (isdigit((unsigned char)c) || c == '-' || c == '+') return parse_number_attr(P);
  if (c == '(' || c == '!') {
    const ir_type *t = parse_type(P);
    return t ? ir_type_attr(P->ctx, t) : NULL;
  }
  const char *start = P->p;
  span id = lex_ident(P);
  if (!id.n) return fail_at(P, P->p, "expected an attribute"), NULL;
  if (span_is(id, "true")) return ir_bool_attr(P->ctx, true);
  if (span_is(id, "false")) return ir_bool_attr(P->ctx, false);
  if (span_is(id, "unit")) return ir_unit_attr(P->ctx);
  if (span_is(id, "inf")) return make_float(P, INFINITY, start);
  if (span_is(id, "nan")) return make_float(P, NAN, start);
  const ir_type *t = type_from_ident(P, id);
  return t ? ir_type_attr(P->ctx, t) : NULL;
}

static const ir_attr *parse_attr(parser *P) {
  if (!enter(P)) return NULL;
  const ir_attr *a = parse_attr_inner(P);
  P->depth--;
  return a;
}

/* ---- values ---------------------------------------------------------------------------------- */

/* '%name' at the current position; returns the interned name (with the '%'). */
static const char *lex_value_name(parser *P, const char **at) {
  skip_ws(P);
  *at = P->p;
  if (P->p >= P->end || *P->p != '%') return fail_at(P, P->p, "expected a value name"), NULL;
  const char *s = P->p++;
  while (P->p < P->end && (isalnum((unsigned char)*P->p) || *P->p == '_' || *P->p == '$' || *P->p == '.'))
    P->p++;
  if (P->p == s + 1) return fail_at(P, s, "expected a value name"), NULL;
  return sup_intern(P->names, s, (size_t)(P->p - s));
}

static bool define_value(parser *P, const char *name, const char *at, ir_value *v) {
  uint64_t key = (uint64_t)(uintptr_t)name;
  if (sup_ptrmap_get(P->values, key)) return fail_at(P, at, "redefinition of value '%s'", name);
  if (!sup_ptrmap_put(P->values, key, v)) return fail_at(P, at, "out of memory");
  return true;
}

static ir_value *use_value(parser *P) {
  const char *at;
  const char *name = lex_value_name(P, &at);
  if (!name) return NULL;
  ir_value *v = sup_ptrmap_get(P->values, (uint64_t)(uintptr_t)name);
  if (!v) fail_at(P, at, "use of undefined value '%s'", name);
  return v;
}

/* ---- operations, blocks, regions --------------------------------------------------------------- */

typedef struct vec {
  sup_strbuf b;
} vec;
/* Appends x; out of memory stops the parse (the vector keeps what fitted). */
#define VEC_PUSH(P, v, x) vec_push((P), &(v)->b, &(x), sizeof(x))
#define VEC_COUNT(v, T) ((unsigned)((v)->b.len / sizeof(T)))
#define VEC_DATA(v, T) ((T *)(void *)(v)->b.data)

static bool vec_push(parser *P, sup_strbuf *b, const void *x, size_t n) {
  sup_strbuf_append(b, (const char *)x, n);
  return b->failed ? fail_oom(P) : true;
}

static ir_op *parse_op(parser *P);

static bool parse_block_label(parser *P, ir_block *b) {
  P->p++; /* '^' */
  span id = lex_ident(P);
  if (!id.n) return fail_at(P, P->p, "expected a block name after '^'");
  if (accept(P, '(') && !accept(P, ')')) {
    do {
      const char *at;
      const char *name = lex_value_name(P, &at);
      if (!name || !expect(P, ':')) return false;
      const ir_type *t = parse_type(P);
      if (!t) return false;
      if (!define_value(P, name, at, ir_block_add_arg(P->m, b, t))) return false;
    } while (accept(P, ','));
    if (!expect(P, ')')) return false;
  }
  return expect(P, ':');
}

/* Parses '{' block* '}' and returns the blocks in `out` (detached, in order). */
static bool parse_region(parser *P, vec *out) {
  if (!expect(P, '{')) return false;
  if (accept(P, '}')) return true;
  bool first = true;
  while (peek(P) != '}') {
    ir_block *b = ir_block_create(P->m);
    if (!VEC_PUSH(P, out, b)) return false;
    if (peek(P) == '^') {
      if (!parse_block_label(P, b)) return false;
    } else if (!first) {
      return fail_at(P, P->p, "expected a block label");
    }
    first = false;
    char c;
    while ((c = peek(P)) != '}' && c != '^') {
      if (!c) return fail_at(P, P->p, "expected '}' at end of region, got end of input");
      ir_op *op = parse_op(P);
      if (!op) return false;
      ir_block_append(b, op);
    }
  }
  P->p++; /* '}' */
  return true;
}

/* Regions of an op: '(' region (',' region)* ')'. Scopes: an isolated op gets a fresh
 * value table. */
static bool parse_regions(parser *P, bool isolated, vec *regions, unsigned *out_n) {
  sup_ptrmap fresh = {0}, *saved = P->values;
  if (isolated) P->values = &fresh;
  bool ok = true;
  unsigned n = 0;
  P->p++; /* '(' */
  do {
    if (n == 8) {
      ok = fail_at(P, P->p, "too many regions");
      break;
    }
    if (!(ok = parse_region(P, &regions[n++]))) break;
  } while (accept(P, ','));
  ok = ok && expect(P, ')');
  if (isolated) {
    sup_ptrmap_free(&fresh);
    P->values = saved;
  }
  *out_n = n;
  return ok;
}

typedef struct op_parts {
  vec res_names, res_locs, operands, types, regions[8];
  ir_named_attr *attrs;
  unsigned nattrs, nregions;
  bool has_loc;            /* written with 'loc(...)': then `loc` is the op's location */
  ir_loc loc;
} op_parts;

static void parts_free(op_parts *o) {
  sup_strbuf_free(&o->res_names.b);
  sup_strbuf_free(&o->res_locs.b);
  sup_strbuf_free(&o->operands.b);
  sup_strbuf_free(&o->types.b);
  for (int i = 0; i < 8; i++) sup_strbuf_free(&o->regions[i].b);
}

static bool parse_results(parser *P, op_parts *o) {
  if (peek(P) != '%') return true;
  do {
    const char *at;
    const char *name = lex_value_name(P, &at);
    if (!name) return false;
    if (!VEC_PUSH(P, &o->res_names, name) || !VEC_PUSH(P, &o->res_locs, at)) return false;
  } while (accept(P, ','));
  return expect(P, '=');
}

static bool parse_operands(parser *P, op_parts *o) {
  if (!expect(P, '(')) return false;
  if (accept(P, ')')) return true;
  do {
    ir_value *v = use_value(P);
    if (!v) return false;
    if (!VEC_PUSH(P, &o->operands, v)) return false;
  } while (accept(P, ','));
  return expect(P, ')');
}

static bool parse_result_types(parser *P, op_parts *o) {
  if (!accept(P, ':')) return true;
  do {
    const ir_type *t = parse_type(P);
    if (!t) return false;
    if (!VEC_PUSH(P, &o->types, t)) return false;
  } while (accept(P, ','));
  return true;
}

/* 'loc(' (string ':' line ':' col | 'unknown') ')' after an op, when present. */
static bool parse_loc(parser *P, op_parts *o) {
  skip_ws(P);
  if (!(P->end - P->p >= 4 && memcmp(P->p, "loc(", 4) == 0)) return true;
  P->p += 4;
  o->has_loc = true;
  if (peek(P) != '"') {
    const char *at = P->p;
    span id = lex_ident(P);
    if (!span_is(id, "unknown"))
      return fail_at(P, at, "expected a quoted file name or 'unknown' in loc(...)");
    o->loc = (ir_loc){0};
    return expect(P, ')');
  }
  char *file;
  int64_t line, col;
  if (!lex_string(P, &file) || !expect(P, ':')) return false;
  skip_ws(P);
  if (!lex_uint(P, &line) || !expect(P, ':')) return false;
  skip_ws(P);
  if (!lex_uint(P, &col)) return false;
  if (line > INT_MAX || col > INT_MAX) return fail_at(P, P->p, "location out of range");
  o->loc = (ir_loc){ir_intern(P->ctx, file), (int)line, (int)col};
  return expect(P, ')');
}

static ir_op *build_op(parser *P, const ir_opdef *def, const char *start, op_parts *o) {
  unsigned nres = VEC_COUNT(&o->res_names, const char *);
  unsigned ntypes = VEC_COUNT(&o->types, const ir_type *);
  if (nres != ntypes)
    return fail_at(P, start, "'%s' op has %u result name%s but %u result type%s", def->name, nres,
                   nres == 1 ? "" : "s", ntypes, ntypes == 1 ? "" : "s"),
           NULL;
  unsigned want = def->num_regions > 0 ? (unsigned)def->num_regions : 0;
  if (o->nregions != want && o->nregions != 0) /* none written: all empty */
    return fail_at(P, start, "'%s' op expects %u region%s, got %u", def->name, want,
                   want == 1 ? "" : "s", o->nregions),
           NULL;
  ir_loc loc = o->has_loc ? o->loc : loc_at(P, start);
  ir_op *op = ir_op_create(P->m, def, loc, VEC_COUNT(&o->operands, ir_value *),
                           VEC_DATA(&o->operands, ir_value *), nres,
                           VEC_DATA(&o->types, const ir_type *), o->nattrs, o->attrs);
  for (unsigned r = 0; r < o->nregions; r++)
    for (unsigned i = 0; i < VEC_COUNT(&o->regions[r], ir_block *); i++)
      ir_region_append_block(&op->regions[r], VEC_DATA(&o->regions[r], ir_block *)[i]);
  /* A module always has its body block, even when written as '({})'. */
  if (def == &irx_builtin_module_def && !op->regions[0].first)
    ir_region_append_block(&op->regions[0], ir_block_create(P->m));
  for (unsigned i = 0; i < nres; i++)
    if (!define_value(P, VEC_DATA(&o->res_names, const char *)[i],
                      VEC_DATA(&o->res_locs, const char *)[i], &op->results[i]))
      return NULL;
  return op;
}

static ir_op *parse_op_inner(parser *P) {
  op_parts o = {0};
  ir_op *op = NULL;
  skip_ws(P);
  const char *start = P->p;
  if (!parse_results(P, &o)) goto done;
  skip_ws(P);
  span id = lex_ident(P);
  if (!id.n) {
    fail_at(P, P->p, "expected an operation name");
    goto done;
  }
  const ir_opdef *def = ir_lookup_opdef(P->ctx, sup_arena_strndup(P->tmp, id.s, id.n));
  if (!def) {
    fail_at(P, id.s, "unknown op '%.*s'", (int)id.n, id.s);
    goto done;
  }
  if (!parse_operands(P, &o)) goto done;
  if (peek(P) == '{' && !parse_dict_entries(P, &o.attrs, &o.nattrs)) goto done;
  if (peek(P) == '(' &&
      !parse_regions(P, (def->traits & IR_TRAIT_ISOLATED) != 0, o.regions, &o.nregions))
    goto done;
  if (!parse_result_types(P, &o) || !parse_loc(P, &o)) goto done;
  op = build_op(P, def, start, &o);
done:
  parts_free(&o);
  return op;
}

static ir_op *parse_op(parser *P) {
  if (!enter(P)) return NULL;
  ir_op *op = parse_op_inner(P);
  P->depth--;
  return op;
}

/* ---- module ---------------------------------------------------------------------------------- */

/* '#name = attr' at the top level: names `attr` for the rest of the file. */
static void parse_alias_def(parser *P) {
  const char *hash = P->p++;
  span id = lex_ident(P);
  if (!id.n || id.s != hash + 1) {
    fail_at(P, hash + 1, "expected an alias name after '#'");
    return;
  }
  const char *key = alias_key(P, id);
  if (sup_ptrmap_has(&P->aliases, (uint64_t)(uintptr_t)key)) {
    fail_at(P, hash, "redefinition of attribute alias '%s'", key);
    return;
  }
  if (!expect(P, '=')) return;
  const ir_attr *a = parse_attr(P);
  if (a) sup_ptrmap_put(&P->aliases, (uint64_t)(uintptr_t)key, (void *)a);
}

/* Installs the parsed top-level ops: a single builtin.module becomes the module op; any
 * other list is wrapped in a fresh module. */
static void install_top(parser *P, ir_block *top) {
  ir_op *only = top->first;
  if (only && only == top->last && only->def == &irx_builtin_module_def) {
    ir_op_remove(only);
    P->m->op = only;
    return;
  }
  if (!only) {
    P->m->op = ir_op_create(P->m, &irx_builtin_module_def, loc_at(P, P->src), 0, NULL, 0, NULL, 0, NULL);
    ir_region_append_block(&P->m->op->regions[0], top);
    return;
  }
  P->m->op = ir_op_create(P->m, &irx_builtin_module_def, only->loc, 0, NULL, 0, NULL, 0, NULL);
  ir_region_append_block(&P->m->op->regions[0], top);
}

ir_module *ir_parse_module(ir_context *ctx, const char *filename, const char *text, size_t len) {
  parser P = {0};
  P.ctx = ctx;
  P.file = ir_intern(ctx, filename ? filename : "<input>");
  P.src = P.p = P.cache_pos = P.cache_line_start = text;
  P.end = text + len;
  P.cache_line = 1;
  diag_engine_add_source(ir_context_diag(ctx), P.file, text, len);
  P.m = irx_module_alloc(ctx);
  P.tmp = sup_arena_create();
  ir_context_watch_arena(ctx, P.tmp);
  P.names = P.tmp ? sup_interner_create(P.tmp) : NULL;
  if (!P.m || !P.names) {
    ir_context_note_oom(ctx);
    sup_interner_destroy(P.names);
    sup_arena_destroy(P.tmp);
    ir_module_destroy(P.m);
    return NULL;
  }
  sup_ptrmap top_values = {0};
  P.values = &top_values;
  ir_block *top = ir_block_create(P.m);
  while (!P.failed) {
    skip_ws(&P);
    if (P.p >= P.end) break;
    if (*P.p == 0) {
      fail_at(&P, P.p, "unexpected NUL byte");
      break;
    }
    if (*P.p == '#') {
      parse_alias_def(&P);
      continue;
    }
    ir_op *op = parse_op(&P);
    if (op) ir_block_append(top, op);
  }
  sup_ptrmap_free(&P.aliases);
  sup_ptrmap_free(&top_values);
  sup_interner_destroy(P.names);
  sup_arena_destroy(P.tmp);
  if (P.failed || ir_context_failed(ctx)) {
    ir_module_destroy(P.m);
    return NULL;
  }
  install_top(&P, top);
  return P.m;
}
