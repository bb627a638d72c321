/* A small strict JSON parser (RFC 8259) for the kernel metadata: a tree of malloc'ed values,
 * positions for messages, a depth limit. No process-wide state. */
#include "rt_internal.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JSON_MAX_DEPTH 64

typedef struct jparser {
  const char *s;
  size_t len, pos;
  int line, col;
  char *err;
  size_t err_cap;
  bool failed;
} jparser;

static bool jfail(jparser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool jfail(jparser *p, const char *fmt, ...) {
  if (p->failed) return false;
  p->failed = true;
  if (!p->err || !p->err_cap) return false;
  int n = snprintf(p->err, p->err_cap, "%d:%d: ", p->line, p->col);
  if (n < 0 || (size_t)n >= p->err_cap) return false;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->err + n, p->err_cap - (size_t)n, fmt, ap);
  va_end(ap);
  return false;
}

static int peek(const jparser *p) { return p->pos < p->len ? (unsigned char)p->s[p->pos] : -1; }

static void advance(jparser *p) {
  if (p->pos >= p->len) return;
  if (p->s[p->pos] == '\n') { p->line++; p->col = 1; } else { p->col++; }
  p->pos++;
}

static void skip_ws(jparser *p) {
  for (int c = peek(p); c == ' ' || c == '\t' || c == '\n' || c == '\r'; c = peek(p)) advance(p);
}

static const char *describe(const jparser *p, char buf[16]) {
  int c = peek(p);
  if (c < 0) return "end of input";
  if (c >= 0x20 && c < 0x7f) { snprintf(buf, 16, "'%c'", c); return buf; }
  snprintf(buf, 16, "byte 0x%02x", c);
  return buf;
}

static bool expect_word(jparser *p, const char *w) {
  size_t n = strlen(w);
  if (p->len - p->pos < n || memcmp(p->s + p->pos, w, n) != 0)
    return jfail(p, "invalid literal (expected '%s')", w);
  for (size_t i = 0; i < n; i++) advance(p);
  return true;
}

static int hexval(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static bool read_hex4(jparser *p, unsigned *out) {
  unsigned v = 0;
  for (int i = 0; i < 4; i++) {
    int h = hexval(peek(p));
    if (h < 0) return jfail(p, "invalid \\u escape");
    v = v * 16 + (unsigned)h;
    advance(p);
  }
  *out = v;
  return true;
}

static size_t put_utf8(char *o, unsigned cp) {
  if (cp < 0x80) { o[0] = (char)cp; return 1; }
  if (cp < 0x800) { o[0] = (char)(0xc0 | (cp >> 6)); o[1] = (char)(0x80 | (cp & 0x3f)); return 2; }
  if (cp < 0x10000) {
    o[0] = (char)(0xe0 | (cp >> 12)); o[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
    o[2] = (char)(0x80 | (cp & 0x3f));
    return 3;
  }
  o[0] = (char)(0xf0 | (cp >> 18)); o[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
  o[2] = (char)(0x80 | ((cp >> 6) & 0x3f)); o[3] = (char)(0x80 | (cp & 0x3f));
  return 4;
}

static bool read_escape(jparser *p, char *out, size_t *o) {
  int c = peek(p);
  advance(p);
  const char *simple = "\"\\/bfnrt", *repl = "\"\\/\b\f\n\r\t";
  const char *at = c > 0 ? strchr(simple, c) : NULL;
  if (at) { out[(*o)++] = repl[at - simple]; return true; }
  if (c != 'u') return jfail(p, "invalid escape in string");
  unsigned cp;
  if (!read_hex4(p, &cp)) return false;
  if (cp >= 0xd800 && cp < 0xdc00) { /* a surrogate pair */
    unsigned lo;
    if (peek(p) != '\\') return jfail(p, "unpaired surrogate in \\u escape");
    advance(p);
    if (peek(p) != 'u') return jfail(p, "unpaired surrogate in \\u escape");
    advance(p);
    if (!read_hex4(p, &lo)) return false;
    if (lo < 0xdc00 || lo >= 0xe000) return jfail(p, "unpaired surrogate in \\u escape");
    cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
  } else if (cp >= 0xdc00 && cp < 0xe000) {
    return jfail(p, "unpaired surrogate in \\u escape");
  }
  *o += put_utf8(out + *o, cp);
  return true;
}

/* Decoded text is never longer than the source, so the scan bounds the buffer. */
static bool parse_string(jparser *p, char **out) {
  advance(p); /* the opening quote */
  size_t start = p->pos;
  char *buf = malloc(p->len - start + 1);
  if (!buf) return jfail(p, "out of memory");
  size_t o = 0;
  for (;;) {
    int c = peek(p);
    if (c < 0) { free(buf); return jfail(p, "unterminated string"); }
    if (c == '"') { advance(p); break; }
    if (c < 0x20) { free(buf); return jfail(p, "control character in string"); }
    if (c == '\\') {
      advance(p);
      if (!read_escape(p, buf, &o)) { free(buf); return false; }
      continue;
    }
    buf[o++] = (char)c;
    advance(p);
  }
  buf[o] = 0;
  *out = buf;
  return true;
}

static bool parse_number(jparser *p, rt_json *v) {
  size_t start = p->pos;
  bool integral = true;
  if (peek(p) == '-') advance(p);
  if (peek(p) == '0') {
    advance(p);
  } else if (peek(p) >= '1' && peek(p) <= '9') {
    while (peek(p) >= '0' && peek(p) <= '9') advance(p);
  } else {
    return jfail(p, "invalid number");
  }
  if (peek(p) == '.') {
    integral = false;
    advance(p);
    if (!(peek(p) >= '0' && peek(p) <= '9')) return jfail(p, "invalid number: digit expected after '.'");
    while (peek(p) >= '0' && peek(p) <= '9') advance(p);
  }
  if (peek(p) == 'e' || peek(p) == 'E') {
    integral = false;
    advance(p);
    if (peek(p) == '+' || peek(p) == '-') advance(p);
    if (!(peek(p) >= '0' && peek(p) <= '9')) return jfail(p, "invalid number: digit expected in exponent");
    while (peek(p) >= '0' && peek(p) <= '9') advance(p);
  }
  char tmp[64];
  size_t n = p->pos - start;
  if (n >= sizeof tmp) { integral = false; n = sizeof tmp - 1; }
  memcpy(tmp, p->s + start, n);
  tmp[n] = 0;
  v->type = RT_JSON_NUMBER;
  v->num = strtod(tmp, NULL);
  if (integral) {
    errno = 0;
    long long x = strtoll(tmp, NULL, 10);
    if (errno == 0) { v->is_int = true; v->ival = x; }
  }
  return true;
}

static bool parse_value(jparser *p, rt_json *v, int depth);

static bool grow(jparser *p, rt_json *v, size_t *cap, bool keys) {
  if (v->n < *cap) return true;
  size_t nc = *cap ? *cap * 2 : 4;
  rt_json *items = realloc(v->items, nc * sizeof *items);
  if (!items) return jfail(p, "out of memory");
  v->items = items;
  if (keys) {
    char **k = realloc(v->keys, nc * sizeof *k);
    if (!k) return jfail(p, "out of memory");
    v->keys = k;
  }
  *cap = nc;
  return true;
}

static bool parse_array(jparser *p, rt_json *v, int depth) {
  size_t cap = 0;
  v->type = RT_JSON_ARRAY;
  advance(p);
  skip_ws(p);
  if (peek(p) == ']') { advance(p); return true; }
  for (;;) {
    if (!grow(p, v, &cap, false)) return false;
    rt_json *e = &v->items[v->n];
    memset(e, 0, sizeof *e);
    v->n++;
    if (!parse_value(p, e, depth + 1)) return false;
    skip_ws(p);
    char d[16];
    if (peek(p) == ',') { advance(p); continue; }
    if (peek(p) == ']') { advance(p); return true; }
    return jfail(p, "expected ',' or ']' in array, got %s", describe(p, d));
  }
}

static bool parse_object(jparser *p, rt_json *v, int depth) {
  size_t cap = 0;
  v->type = RT_JSON_OBJECT;
  advance(p);
  skip_ws(p);
  if (peek(p) == '}') { advance(p); return true; }
  for (;;) {
    char d[16];
    skip_ws(p);
    if (peek(p) != '"') return jfail(p, "expected a string key in object, got %s", describe(p, d));
    if (!grow(p, v, &cap, true)) return false;
    char *key;
    if (!parse_string(p, &key)) return false;
    for (size_t i = 0; i < v->n; i++)
      if (strcmp(v->keys[i], key) == 0) { free(key); return jfail(p, "duplicate key \"%s\"", v->keys[i]); }
    rt_json *e = &v->items[v->n];
    memset(e, 0, sizeof *e);
    v->keys[v->n] = key;
    v->n++;
    skip_ws(p);
    if (peek(p) != ':') return jfail(p, "expected ':' after object key, got %s", describe(p, d));
    advance(p);
    if (!parse_value(p, e, depth + 1)) return false;
    skip_ws(p);
    if (peek(p) == ',') { advance(p); continue; }
    if (peek(p) == '}') { advance(p); return true; }
    return jfail(p, "expected ',' or '}' in object, got %s", describe(p, d));
  }
}

static bool parse_value(jparser *p, rt_json *v, int depth) {
  char d[16];
  if (depth > JSON_MAX_DEPTH) return jfail(p, "nesting deeper than %d", JSON_MAX_DEPTH);
  skip_ws(p);
  v->line = p->line;
  v->col = p->col;
  int c = peek(p);
  switch (c) {
  case '{': return parse_object(p, v, depth);
  case '[': return parse_array(p, v, depth);
  case '"': v->type = RT_JSON_STRING; return parse_string(p, &v->str);
  case 't': v->type = RT_JSON_BOOL; v->boolean = true; return expect_word(p, "true");
  case 'f': v->type = RT_JSON_BOOL; return expect_word(p, "false");
  case 'n': v->type = RT_JSON_NULL; return expect_word(p, "null");
  default:
    if (c == '-' || (c >= '0' && c <= '9')) return parse_number(p, v);
    return jfail(p, "expected a value, got %s", describe(p, d));
  }
}

static void free_children(rt_json *v) {
  free(v->str);
  for (size_t i = 0; i < v->n; i++) {
    free_children(&v->items[i]);
    if (v->keys) free(v->keys[i]);
  }
  free(v->items);
  free(v->keys);
}

rt_json *rt_json_parse(const char *text, size_t len, char *err, size_t err_cap) {
  jparser p = {.s = text, .len = len, .line = 1, .col = 1, .err = err, .err_cap = err_cap};
  if (err && err_cap) err[0] = 0;
  rt_json *v = calloc(1, sizeof *v);
  if (!v) { jfail(&p, "out of memory"); return NULL; }
  if (!text) p.len = 0;
  bool ok = parse_value(&p, v, 0);
  if (ok) {
    skip_ws(&p);
    char d[16];
    if (p.pos != p.len) ok = jfail(&p, "unexpected %s after the JSON value", describe(&p, d));
  }
  if (!ok) { rt_json_free(v); return NULL; }
  return v;
}

void rt_json_free(rt_json *v) {
  if (!v) return;
  free_children(v);
  free(v);
}

const rt_json *rt_json_get(const rt_json *v, const char *key) {
  if (!v || v->type != RT_JSON_OBJECT) return NULL;
  for (size_t i = 0; i < v->n; i++)
    if (strcmp(v->keys[i], key) == 0) return &v->items[i];
  return NULL;
}

const char *rt_json_type_name(rt_json_type t) {
  static const char *const names[] = {"null", "boolean", "number", "string", "array", "object"};
  return (unsigned)t < sizeof names / sizeof names[0] ? names[t] : "?";
}
