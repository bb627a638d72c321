/* Kernel metadata as JSON (docs/metadata.md), read off the final tgpu module.
 *
 * The JSON is what libtilert parses (runtime/meta.c); the two change together. */
#include "Driver/driver.h"

#include <string.h>

#include "Conversion/conversion.h"
#include "Dialect/TileGPU/target_info.h"
#include "Dialect/attr_names.h"

static void json_string(sup_strbuf *b, const char *s) {
  sup_strbuf_putc(b, '"');
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      sup_strbuf_printf(b, "\\%c", c);
    else if (c < 0x20)
      sup_strbuf_printf(b, "\\u%04x", c);
    else
      sup_strbuf_putc(b, (char)c);
  }
  sup_strbuf_putc(b, '"');
}

/* Triton's dtype spelling of a scalar IR type (signless integers print as signed). */
const char *drv_dtype_name(const ir_type *t) {
  if (t->kind == IR_TYPE_FLOAT) {
    switch (t->fkind) {
    case IR_F16: return "fp16";
    case IR_BF16: return "bf16";
    case IR_F32: return "fp32";
    case IR_F64: return "fp64";
    case IR_F8E4M3FN: return "fp8e4nv";
    case IR_F8E5M2: return "fp8e5";
    }
  }
  if (t->kind == IR_TYPE_INT) {
    switch (t->width) {
    case 1: return "i1";
    case 8: return "i8";
    case 16: return "i16";
    case 32: return "i32";
    case 64: return "i64";
    default: return "int";
    }
  }
  if (t->kind == IR_TYPE_PTR) return "ptr";
  return "unknown";
}

static int64_t arg_divisibility(const ir_op *func, unsigned i) {
  const ir_attr *div = ir_op_get_attr(func, TILE_ATTR_DIVISIBILITY);
  if (!div || div->kind != IR_ATTR_ARRAY || i >= div->count) return 1;
  const ir_attr *e = div->elems[i];
  return e->kind == IR_ATTR_INT && e->ival > 0 ? e->ival : 1;
}

static const char *arg_name(const ir_op *func, unsigned i, char *buf, size_t n) {
  const ir_attr *names = ir_op_get_attr(func, TILEC_ATTR_ARG_NAMES);
  if (names && names->kind == IR_ATTR_ARRAY && i < names->count &&
      names->elems[i]->kind == IR_ATTR_STRING)
    return names->elems[i]->str;
  snprintf(buf, n, "arg%u", i);
  return buf;
}

/* The frontend's dtype of argument i ("*fp32", "u32": it keeps the signedness that the
 * signless IR drops), without the pointer star; NULL when not recorded. */
static const char *frontend_dtype(const ir_op *func, unsigned i) {
  const ir_attr *d = ir_op_get_attr(func, TILEC_ATTR_ARG_DTYPES);
  if (!d || d->kind != IR_ATTR_ARRAY || i >= d->count || d->elems[i]->kind != IR_ATTR_STRING)
    return NULL;
  const char *s = d->elems[i]->str;
  return s[0] == '*' ? s + 1 : s;
}

static void emit_param(sup_strbuf *b, const ir_op *func, unsigned i, const ir_type *t) {
  char buf[32];
  const char *dtype = frontend_dtype(func, i);
  sup_strbuf_puts(b, "{\"name\": ");
  json_string(b, arg_name(func, i, buf, sizeof buf));
  int64_t div = arg_divisibility(func, i);
  if (t->kind == IR_TYPE_PTR) {
    sup_strbuf_printf(b, ", \"kind\": \"ptr\", \"dtype\": \"%s\", \"align\": %lld}",
                      dtype ? dtype : drv_dtype_name(t->elem), (long long)div);
  } else {
    sup_strbuf_printf(b, ", \"kind\": \"scalar\", \"dtype\": \"%s\"", dtype ? dtype : drv_dtype_name(t));
    if (t->kind == IR_TYPE_INT) sup_strbuf_printf(b, ", \"divisibility\": %lld", (long long)div);
    sup_strbuf_putc(b, '}');
  }
}

static void emit_constexprs(sup_strbuf *b, const ir_op *func) {
  const ir_attr *ce = ir_op_get_attr(func, TILEC_ATTR_CONSTEXPRS);
  sup_strbuf_puts(b, "{");
  if (ce && ce->kind == IR_ATTR_DICT) {
    for (unsigned i = 0; i < ce->count; i++) {
      const ir_attr *v = ce->entries[i].value;
      if (i) sup_strbuf_puts(b, ", ");
      json_string(b, ce->entries[i].name);
      sup_strbuf_puts(b, ": ");
      if (v->kind == IR_ATTR_INT && v->type && v->type->width == 1)
        sup_strbuf_puts(b, v->ival ? "true" : "false");
      else if (v->kind == IR_ATTR_INT)
        sup_strbuf_printf(b, "%lld", (long long)v->ival);
      else if (v->kind == IR_ATTR_FLOAT)
        sup_strbuf_printf(b, "%.17g", v->fval);
      else if (v->kind == IR_ATTR_STRING)
        json_string(b, v->str);
      else if (v->kind == IR_ATTR_UNIT)
        sup_strbuf_puts(b, "null");
      else {
        sup_strbuf s = {0};
        ir_attr_print(v, &s);
        json_string(b, sup_strbuf_cstr(&s));
        if (s.failed) b->failed = true;
        sup_strbuf_free(&s);
      }
    }
  }
  sup_strbuf_puts(b, "}");
}

static unsigned shared_bytes_of(const char *name, const drv_kernel_facts *facts, size_t nfacts) {
  for (size_t i = 0; i < nfacts; i++)
    if (strcmp(facts[i].name, name) == 0) return facts[i].shared_bytes;
  return 0;
}

static void emit_kernel(sup_strbuf *b, const ir_op *func, unsigned num_warps,
                        const drv_kernel_facts *facts, size_t nfacts) {
  const char *name = ir_op_get_string_attr(func, "sym_name");
  const ir_block *entry = ir_region_entry(&func->regions[0]);
  sup_strbuf_puts(b, "    {\n      \"name\": ");
  json_string(b, name);
  sup_strbuf_printf(b, ",\n      \"num_warps\": %u,\n      \"threads_per_block\": %u,\n", num_warps,
                    num_warps * 32);
  sup_strbuf_printf(b, "      \"shared_bytes\": %u,\n      \"params\": [",
                    shared_bytes_of(name, facts, nfacts));
  for (unsigned i = 0; entry && i < entry->nargs; i++) {
    sup_strbuf_puts(b, i ? ",\n        " : "\n        ");
    emit_param(b, func, i, entry->args[i]->type);
  }
  sup_strbuf_puts(b, entry && entry->nargs ? "\n      ],\n" : "],\n");
  sup_strbuf_puts(b, "      \"constexprs\": ");
  emit_constexprs(b, func);
  sup_strbuf_puts(b, "\n    }");
}

bool drv_is_kernel(const ir_op *op) {
  if (ir_op_code(op) != IR_OP_FUNC) return false;
  const char *vis = ir_op_get_string_attr(op, "sym_visibility");
  return !vis || strcmp(vis, "private") != 0;
}

char *drv_metadata_json(ir_module *m, const char *target, const drv_kernel_facts *facts,
                        size_t nfacts) {
  sup_strbuf b = {0};
  sup_strbuf_puts(&b, "{\n  \"format\": \"tilec-metadata\",\n  \"version\": 1,\n");
  sup_strbuf_printf(&b, "  \"compiler\": \"tilec %s\",\n  \"target\": ", tilec_version());
  json_string(&b, target);
  sup_strbuf_puts(&b, ",\n  \"kernels\": [");
  bool first = true;
  for (ir_op *op = ir_module_body(m)->first; op; op = op->next) {
    if (!drv_is_kernel(op)) continue;
    sup_strbuf_puts(&b, first ? "\n" : ",\n");
    first = false;
    emit_kernel(&b, op, tgpu_func_num_warps(op), facts, nfacts);
  }
  sup_strbuf_puts(&b, first ? "]\n}\n" : "\n  ]\n}\n");
  return sup_strbuf_take(&b);
}
