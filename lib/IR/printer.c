/* The textual form (see ir.h): types, attributes, operations, attribute aliases and
 * locations. The parser reads back everything printed here, byte for byte. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "IR/ir_internal.h"

/* Aliases of the dialect attributes printed so far (NULL: print every attribute in full). */
typedef struct aliases aliases;
static void print_type(aliases *al, const ir_type *t, sup_strbuf *out);
static void print_attr(aliases *al, const ir_attr *a, sup_strbuf *out);

/* ---- types ------------------------------------------------------------------------------ */

static const char *float_name(ir_float_kind k) {
  switch (k) {
  case IR_F16: return "f16";
  case IR_BF16: return "bf16";
  case IR_F32: return "f32";
  case IR_F64: return "f64";
  case IR_F8E4M3FN: return "f8E4M3FN";
  case IR_F8E5M2: return "f8E5M2";
  }
  return "f32";
}

static void print_type_list(aliases *al, const ir_type *const *ts, unsigned n, sup_strbuf *out) {
  sup_strbuf_putc(out, '(');
  for (unsigned i = 0; i < n; i++) {
    if (i) sup_strbuf_puts(out, ", ");
    print_type(al, ts[i], out);
  }
  sup_strbuf_putc(out, ')');
}

void ir_type_print(const ir_type *t, sup_strbuf *out) { print_type(NULL, t, out); }

static void print_type(aliases *al, const ir_type *t, sup_strbuf *out) {
  if (!t) {
    sup_strbuf_puts(out, "<<null type>>");
    return;
  }
  switch (t->kind) {
  case IR_TYPE_NONE: sup_strbuf_puts(out, "none"); return;
  case IR_TYPE_INT: sup_strbuf_printf(out, "i%u", t->width); return;
  case IR_TYPE_FLOAT: sup_strbuf_puts(out, float_name(t->fkind)); return;
  case IR_TYPE_PTR:
    sup_strbuf_puts(out, "ptr<");
    print_type(al, t->elem, out);
    if (t->addr_space != 1) sup_strbuf_printf(out, ", %u", t->addr_space);
    sup_strbuf_putc(out, '>');
    return;
  case IR_TYPE_TENSOR:
    sup_strbuf_puts(out, "tensor<");
    for (unsigned i = 0; i < t->rank; i++) sup_strbuf_printf(out, "%lldx", (long long)t->shape[i]);
    print_type(al, t->elem, out);
    if (t->encoding) {
      sup_strbuf_puts(out, ", ");
      print_attr(al, t->encoding, out);
    }
    sup_strbuf_putc(out, '>');
    return;
  case IR_TYPE_FUNC:
    print_type_list(al, t->inputs, t->ninputs, out);
    sup_strbuf_puts(out, " -> ");
    print_type_list(al, t->results, t->nresults, out);
    return;
  case IR_TYPE_DIALECT:
    sup_strbuf_printf(out, "!%s", t->name);
    if (t->params->count) {
      sup_strbuf_putc(out, '<');
      print_attr(al, t->params, out); /* layouts inside get aliases too (#shared) */
      sup_strbuf_putc(out, '>');
    }
    return;
  case IR_TYPE_TENSORDESC:
    sup_strbuf_puts(out, "!tt.tensordesc<");
    print_type(al, t->elem, out);
    sup_strbuf_putc(out, '>');
    return;
  }
}

/* ---- attributes ----------------------------------------------------------------------------- */

static void print_float(double v, ir_float_kind k, sup_strbuf *out) {
  if (isnan(v)) {
    sup_strbuf_puts(out, "nan");
    return;
  }
  if (isinf(v)) {
    sup_strbuf_puts(out, v < 0 ? "-inf" : "inf");
    return;
  }
  char buf[64];
  snprintf(buf, sizeof buf, k == IR_F64 ? "%.17g" : "%.9g", v);
  sup_strbuf_puts(out, buf);
  if (!strpbrk(buf, ".e")) sup_strbuf_puts(out, ".0"); /* so that it lexes as a float */
}

static void print_string(const char *s, sup_strbuf *out) {
  sup_strbuf_putc(out, '"');
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    switch (*p) {
    case '"': sup_strbuf_puts(out, "\\\""); break;
    case '\\': sup_strbuf_puts(out, "\\\\"); break;
    case '\n': sup_strbuf_puts(out, "\\n"); break;
    case '\t': sup_strbuf_puts(out, "\\t"); break;
    case '\r': sup_strbuf_puts(out, "\\r"); break;
    default:
      if (*p < 0x20 || *p == 0x7f)
        sup_strbuf_printf(out, "\\x%02x", *p);
      else
        sup_strbuf_putc(out, (char)*p);
    }
  }
  sup_strbuf_putc(out, '"');
}

/* A name prints bare when it lexes as one identifier ([A-Za-z_][A-Za-z0-9_.$-]*). */
static bool is_bare_name(const char *s) {
  if (!(isalpha((unsigned char)*s) || *s == '_')) return false;
  for (const char *p = s; *p; p++)
    if (!(isalnum((unsigned char)*p) || *p == '_' || *p == '.' || *p == '$')) return false;
  return true;
}

static void print_name(const char *s, sup_strbuf *out) {
  if (is_bare_name(s))
    sup_strbuf_puts(out, s);
  else
    print_string(s, out);
}

static void print_dict(aliases *al, const ir_named_attr *e, unsigned n, sup_strbuf *out) {
  sup_strbuf_putc(out, '{');
  for (unsigned i = 0; i < n; i++) {
    if (i) sup_strbuf_puts(out, ", ");
    print_name(e[i].name, out);
    sup_strbuf_puts(out, " = ");
    print_attr(al, e[i].value, out);
  }
  sup_strbuf_putc(out, '}');
}

static void print_dialect_attr(aliases *al, const ir_attr *a, sup_strbuf *out) {
  sup_strbuf_printf(out, "#%s<", a->str);
  print_attr(al, a->params, out);
  sup_strbuf_putc(out, '>');
}

static void print_alias_ref(aliases *al, const ir_attr *a, sup_strbuf *out);

void ir_attr_print(const ir_attr *a, sup_strbuf *out) { print_attr(NULL, a, out); }

static void print_attr(aliases *al, const ir_attr *a, sup_strbuf *out) {
  if (!a) {
    sup_strbuf_puts(out, "<<null attr>>");
    return;
  }
  switch (a->kind) {
  case IR_ATTR_UNIT: sup_strbuf_puts(out, "unit"); return;
  case IR_ATTR_INT:
    if (a->type->width == 1) {
      sup_strbuf_puts(out, a->ival ? "true" : "false");
      return;
    }
    sup_strbuf_printf(out, "%lld", (long long)a->ival);
    if (a->type->width != 64) sup_strbuf_printf(out, " : i%u", a->type->width);
    return;
  case IR_ATTR_FLOAT:
    print_float(a->fval, a->type->fkind, out);
    sup_strbuf_printf(out, " : %s", float_name(a->type->fkind));
    return;
  case IR_ATTR_STRING: print_string(a->str, out); return;
  case IR_ATTR_TYPE: print_type(al, a->tval, out); return;
  case IR_ATTR_ARRAY:
    sup_strbuf_putc(out, '[');
    for (unsigned i = 0; i < a->count; i++) {
      if (i) sup_strbuf_puts(out, ", ");
      print_attr(al, a->elems[i], out);
    }
    sup_strbuf_putc(out, ']');
    return;
  case IR_ATTR_DICT: print_dict(al, a->entries, a->count, out); return;
  case IR_ATTR_DIALECT:
    if (al)
      print_alias_ref(al, a, out);
    else
      print_dialect_attr(NULL, a, out);
    return;
  }
}

/* ---- attribute aliases --------------------------------------------------------------------- */

/* Each dialect attribute the printed op uses is named once, above the op: '#' + its kind
 * (the part of its name after the last dot) + a counter from the second of a kind on
 * (#blocked, #blocked1, #slice). Names are given in order of first use while the body is
 * printed; an attribute's parameters are printed, naming what they use, before the
 * attribute itself is named, so a definition refers only to earlier ones. */
struct aliases {
  sup_arena *arena;       /* the names */
  sup_interner *names;    /* interns kinds and names, so that maps can key on pointers */
  sup_ptrmap of_attr;     /* ir_attr* -> its name (without '#') */
  sup_ptrmap taken;       /* interned name -> non-NULL once given */
  sup_ptrmap next;        /* interned kind -> its next counter + 1 */
  sup_strbuf defs;        /* '#name = #dialect.kind<{...}>' lines, in order */
  bool failed;            /* out of memory while naming */
};

static uint64_t ptr_key(const void *p) { return (uint64_t)(uintptr_t)p; }

/* The kind part of a dialect attribute's name; "attr" when it would not lex as a name. */
static const char *alias_kind(const char *dialect_name) {
  const char *dot = strrchr(dialect_name, '.');
  const char *kind = dot ? dot + 1 : dialect_name;
  return is_bare_name(kind) ? kind : "attr";
}

/* A fresh name for an attribute of `kind`: kind, kind1, kind2, ... (skipping any taken). */
static const char *alias_new_name(aliases *al, const char *kind) {
  const char *k = sup_intern_cstr(al->names, kind);
  if (!k) return al->failed = true, kind;
  uintptr_t n = (uintptr_t)sup_ptrmap_get(&al->next, ptr_key(k));
  unsigned counter = n ? (unsigned)(n - 1) : 0;
  for (;; counter++) {
    const char *name = counter ? sup_arena_printf(al->arena, "%s%u", kind, counter) : kind;
    name = name ? sup_intern_cstr(al->names, name) : NULL;
    if (!name) return al->failed = true, kind;
    if (sup_ptrmap_has(&al->taken, ptr_key(name))) continue;
    if (!sup_ptrmap_put(&al->taken, ptr_key(name), (void *)name) ||
        !sup_ptrmap_put(&al->next, ptr_key(k), (void *)(uintptr_t)(counter + 2)))
      al->failed = true;
    return name;
  }
}

static const char *alias_define(aliases *al, const ir_attr *a) {
  sup_strbuf def = {0};
  print_dialect_attr(al, a, &def);
  const char *name = alias_new_name(al, alias_kind(a->str));
  if (def.failed || !sup_ptrmap_put(&al->of_attr, ptr_key(a), (void *)name)) al->failed = true;
  sup_strbuf_printf(&al->defs, "#%s = %s\n", name, sup_strbuf_cstr(&def));
  sup_strbuf_free(&def);
  return name;
}

static void print_alias_ref(aliases *al, const ir_attr *a, sup_strbuf *out) {
  const char *name = sup_ptrmap_get(&al->of_attr, ptr_key(a));
  if (!name) name = alias_define(al, a);
  sup_strbuf_printf(out, "#%s", name);
}

/* False when out of memory. */
static bool aliases_init(aliases *al) {
  *al = (aliases){0};
  al->arena = sup_arena_create();
  al->names = al->arena ? sup_interner_create(al->arena) : NULL;
  return al->names != NULL;
}

static void aliases_free(aliases *al) {
  sup_ptrmap_free(&al->of_attr);
  sup_ptrmap_free(&al->taken);
  sup_ptrmap_free(&al->next);
  sup_strbuf_free(&al->defs);
  if (al->names) sup_interner_destroy(al->names);
  if (al->arena) sup_arena_destroy(al->arena);
}

/* ---- operations ------------------------------------------------------------------------------ */

/* Numbering scope: one per ISOLATED op. Numbers are stored +1 so that 0 means absent. */
typedef struct scope {
  sup_ptrmap ids;
  unsigned next_val, next_arg;
} scope;

typedef struct printer {
  sup_strbuf *out;
  scope *sc;
  aliases *al;
  unsigned flags;          /* IR_PRINT_* */
} printer;

static void indent(printer *p, unsigned depth) {
  for (unsigned i = 0; i < depth; i++) sup_strbuf_puts(p->out, "  ");
}

static void name_value(printer *p, const ir_value *v, bool is_arg) {
  unsigned n = is_arg ? p->sc->next_arg++ : p->sc->next_val++;
  uint64_t code = ((uint64_t)n << 1 | (is_arg ? 1u : 0u)) + 1;
  /* Out of memory: the text would name values wrongly, so the whole print fails. */
  if (!sup_ptrmap_put(&p->sc->ids, (uint64_t)(uintptr_t)v, (void *)(uintptr_t)code)) p->out->failed = true;
}

static void print_value(printer *p, const ir_value *v) {
  uintptr_t code = v ? (uintptr_t)sup_ptrmap_get(&p->sc->ids, (uint64_t)(uintptr_t)v) : 0;
  if (!code) {
    sup_strbuf_puts(p->out, v ? "%<<unknown>>" : "%<<null>>");
    return;
  }
  code -= 1;
  sup_strbuf_printf(p->out, (code & 1) ? "%%arg%u" : "%%%u", (unsigned)(code >> 1));
}

static void print_op(printer *p, const ir_op *op, unsigned depth);

/* ' loc("file":line:col)', or ' loc(unknown)' for an op created without a location, so
 * that a parse (which gives an op without 'loc' its position in the text) reads back the
 * same location. */
static void print_loc(printer *p, ir_loc loc) {
  if (p->flags & IR_PRINT_NO_LOCATIONS) return;
  if (!loc.file) {
    sup_strbuf_puts(p->out, " loc(unknown)");
    return;
  }
  sup_strbuf_puts(p->out, " loc(");
  print_string(loc.file, p->out);
  sup_strbuf_printf(p->out, ":%d:%d)", loc.line > 0 ? loc.line : 0, loc.col > 0 ? loc.col : 0);
}

static void print_block(printer *p, const ir_block *b, unsigned index, unsigned depth) {
  for (unsigned i = 0; i < b->nargs; i++) name_value(p, b->args[i], true);
  /* An empty argless block still needs its label, or it would read back as no block. */
  const ir_op *owner = ir_block_parent_op(b);
  bool module_body = owner && ir_op_code(owner) == IR_OP_BUILTIN_MODULE; /* re-created on parse */
  bool label = index > 0 || b->nargs > 0 || (!b->first && !module_body);
  if (label) {
    indent(p, depth);
    if (index == 0)
      sup_strbuf_puts(p->out, "^entry");
    else
      sup_strbuf_printf(p->out, "^bb%u", index);
    if (b->nargs) {
      sup_strbuf_putc(p->out, '(');
      for (unsigned i = 0; i < b->nargs; i++) {
        if (i) sup_strbuf_puts(p->out, ", ");
        print_value(p, b->args[i]);
        sup_strbuf_puts(p->out, ": ");
        print_type(p->al, b->args[i]->type, p->out);
      }
      sup_strbuf_putc(p->out, ')');
    }
    sup_strbuf_puts(p->out, ":\n");
  }
  for (const ir_op *o = b->first; o; o = o->next) print_op(p, o, depth + 1);
}

static void print_region(printer *p, const ir_region *r, unsigned depth) {
  if (!r->first) {
    sup_strbuf_puts(p->out, "{}");
    return;
  }
  sup_strbuf_puts(p->out, "{\n");
  unsigned i = 0;
  for (const ir_block *b = r->first; b; b = b->next) print_block(p, b, i++, depth);
  indent(p, depth);
  sup_strbuf_putc(p->out, '}');
}

static void print_regions(printer *p, const ir_op *op, unsigned depth) {
  scope inner = {0}, *outer = p->sc;
  bool isolated = ir_op_has_trait(op, IR_TRAIT_ISOLATED);
  if (isolated) p->sc = &inner;
  sup_strbuf_puts(p->out, " (");
  for (unsigned i = 0; i < op->nregions; i++) {
    if (i) sup_strbuf_puts(p->out, ", ");
    print_region(p, &op->regions[i], depth);
  }
  sup_strbuf_putc(p->out, ')');
  if (isolated) {
    sup_ptrmap_free(&inner.ids);
    p->sc = outer;
  }
}

static void print_op(printer *p, const ir_op *op, unsigned depth) {
  indent(p, depth);
  for (unsigned i = 0; i < op->nresults; i++) name_value(p, &op->results[i], false);
  for (unsigned i = 0; i < op->nresults; i++) {
    if (i) sup_strbuf_puts(p->out, ", ");
    print_value(p, &op->results[i]);
  }
  if (op->nresults) sup_strbuf_puts(p->out, " = ");
  sup_strbuf_puts(p->out, op->def->name);
  sup_strbuf_putc(p->out, '(');
  for (unsigned i = 0; i < op->noperands; i++) {
    if (i) sup_strbuf_puts(p->out, ", ");
    print_value(p, op->operands[i].value);
  }
  sup_strbuf_putc(p->out, ')');
  if (op->nattrs) {
    sup_strbuf_putc(p->out, ' ');
    print_dict(p->al, op->attrs, op->nattrs, p->out);
  }
  if (!ir_op_regions_empty(op)) print_regions(p, op, depth); /* none written: all empty */
  for (unsigned i = 0; i < op->nresults; i++) {
    sup_strbuf_puts(p->out, i ? ", " : " : ");
    print_type(p->al, op->results[i].type, p->out);
  }
  print_loc(p, op->loc);
  sup_strbuf_putc(p->out, '\n');
}

/* Out of memory anywhere (the alias table, the body) marks `out` failed, so that a caller
 * never takes a truncated print for the whole one. */
void ir_print_op_flags(const ir_op *op, unsigned flags, sup_strbuf *out) {
  scope top = {0};
  aliases al;
  if (!aliases_init(&al)) {
    aliases_free(&al);
    out->failed = true;
    return;
  }
  sup_strbuf body = {0};
  printer p = {&body, &top, &al, flags};
  print_op(&p, op, 0);
  sup_strbuf_puts(out, sup_strbuf_cstr(&al.defs));
  sup_strbuf_puts(out, sup_strbuf_cstr(&body));
  if (body.failed || al.defs.failed || al.failed) out->failed = true;
  sup_strbuf_free(&body);
  aliases_free(&al);
  sup_ptrmap_free(&top.ids);
}

void ir_print_op(const ir_op *op, sup_strbuf *out) { ir_print_op_flags(op, 0, out); }

char *ir_print_to_string_flags(const ir_op *op, unsigned flags) {
  sup_strbuf b = {0};
  ir_print_op_flags(op, flags, &b);
  return sup_strbuf_take(&b);
}

char *ir_print_to_string(const ir_op *op) { return ir_print_to_string_flags(op, 0); }

void ir_print_to_file_flags(const ir_op *op, unsigned flags, FILE *f) {
  char *s = ir_print_to_string_flags(op, flags);
  fputs(s ? s : "// (out of memory while printing)\n", f);
  free(s);
}

void ir_print_to_file(const ir_op *op, FILE *f) { ir_print_to_file_flags(op, 0, f); }
