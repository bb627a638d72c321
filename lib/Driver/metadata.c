/* Kernel metadata as JSON (docs/metadata.md), read off the final tgpu module.
 *
 * The JSON is what libtilert parses (runtime/meta.c); the two change together. */
#include "Driver/driver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Conversion/conversion.h"
#include "Dialect/TileGPU/target_info.h"
#include "Dialect/attr_names.h"
#include "Frontend/frontend.h"

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

static void json_i64s(sup_strbuf *b, const int64_t *v, int n) {
  sup_strbuf_putc(b, '[');
  for (int i = 0; i < n; i++) sup_strbuf_printf(b, i ? ", %lld" : "%lld", (long long)v[i]);
  sup_strbuf_putc(b, ']');
}

/* A host tensor descriptor parameter: its element dtype, block shape, and the TMA box and
 * swizzle the lowering chose for argument i (the block and 0 when it set none). */
static void emit_tensordesc(sup_strbuf *b, const ir_op *func, unsigned i, const ir_type *t, const char *dtype) {
  const ir_type *block = ir_tensordesc_block(t);
  char key[48];
  int64_t box[IR_MAX_TENSORDESC_RANK];
  int rank = (int)block->rank;
  snprintf(key, sizeof key, TGPU_ATTR_TMA_BOX_PREFIX "%u", i);
  int nbox = ir_attr_get_i64_array(ir_op_get_attr(func, key), box, IR_MAX_TENSORDESC_RANK);
  snprintf(key, sizeof key, TGPU_ATTR_TMA_SWIZZLE_PREFIX "%u", i);
  int64_t swizzle = ir_op_get_int_attr(func, key, 0);
  sup_strbuf_printf(b, ", \"kind\": \"tensordesc\", \"dtype\": \"%s\", \"block_shape\": ",
                    dtype ? dtype : drv_dtype_name(block->elem));
  json_i64s(b, block->shape, rank);
  sup_strbuf_puts(b, ", \"box\": ");
  json_i64s(b, nbox == rank ? box : block->shape, rank);
  snprintf(key, sizeof key, TGPU_ATTR_TMA_STORE_PREFIX "%u", i);
  sup_strbuf_printf(b, ", \"swizzle\": %lld%s}", (long long)swizzle,
                    ir_op_get_int_attr(func, key, 0) ? ", \"store\": true" : "");
}

static void emit_param(sup_strbuf *b, const ir_op *func, unsigned i, const ir_type *t) {
  char buf[32];
  const char *dtype = frontend_dtype(func, i);
  sup_strbuf_puts(b, "{\"name\": ");
  json_string(b, arg_name(func, i, buf, sizeof buf));
  int64_t div = arg_divisibility(func, i);
  if (ir_type_is_tensordesc(t)) {
    emit_tensordesc(b, func, i, t, dtype);
  } else if (t->kind == IR_TYPE_PTR) {
    sup_strbuf_printf(b, ", \"kind\": \"ptr\", \"dtype\": \"%s\", \"align\": %lld}",
                      dtype ? dtype : drv_dtype_name(t->elem), (long long)div);
  } else {
    sup_strbuf_printf(b, ", \"kind\": \"scalar\", \"dtype\": \"%s\"", dtype ? dtype : drv_dtype_name(t));
    if (t->kind == IR_TYPE_INT) sup_strbuf_printf(b, ", \"divisibility\": %lld", (long long)div);
    sup_strbuf_putc(b, '}');
  }
}

/* A float stays a float when read back (50.0, not 50); JSON has no inf or nan, so those
 * are the strings "inf", "-inf" and "nan". */
static void json_float(sup_strbuf *b, double x) {
  char t[40];
  snprintf(t, sizeof t, "%.17g", x);
  if (x != x || x - x != 0) json_string(b, x != x ? "nan" : x > 0 ? "inf" : "-inf");
  else sup_strbuf_printf(b, "%s%s", t, strpbrk(t, ".e") ? "" : ".0");
}

/* A constexpr or tuning value as JSON: ints, bools, floats, strings, None (unit), arrays;
 * anything else as the string of its IR form. */
static void json_attr(sup_strbuf *b, const ir_attr *v) {
  if (v->kind == IR_ATTR_INT && v->type && v->type->width == 1) {
    sup_strbuf_puts(b, v->ival ? "true" : "false");
  } else if (v->kind == IR_ATTR_INT) {
    sup_strbuf_printf(b, "%lld", (long long)v->ival);
  } else if (v->kind == IR_ATTR_FLOAT) {
    json_float(b, v->fval);
  } else if (v->kind == IR_ATTR_STRING) {
    json_string(b, v->str);
  } else if (v->kind == IR_ATTR_UNIT) {
    sup_strbuf_puts(b, "null");
  } else if (v->kind == IR_ATTR_ARRAY) {
    sup_strbuf_putc(b, '[');
    for (unsigned i = 0; i < v->count; i++) {
      if (i) sup_strbuf_puts(b, ", ");
      json_attr(b, v->elems[i]);
    }
    sup_strbuf_putc(b, ']');
  } else {
    sup_strbuf s = {0};
    ir_attr_print(v, &s);
    json_string(b, sup_strbuf_cstr(&s));
    if (s.failed) b->failed = true;
    sup_strbuf_free(&s);
  }
}

static void emit_constexprs(sup_strbuf *b, const ir_op *func) {
  const ir_attr *ce = ir_op_get_attr(func, TILEC_ATTR_CONSTEXPRS);
  sup_strbuf_puts(b, "{");
  for (unsigned i = 0; ce && ce->kind == IR_ATTR_DICT && i < ce->count; i++) {
    if (i) sup_strbuf_puts(b, ", ");
    json_string(b, ce->entries[i].name);
    sup_strbuf_puts(b, ": ");
    json_attr(b, ce->entries[i].value);
  }
  sup_strbuf_puts(b, "}");
}

static unsigned shared_bytes_of(const char *name, const drv_kernel_facts *facts, size_t nfacts) {
  for (size_t i = 0; i < nfacts; i++)
    if (strcmp(facts[i].name, name) == 0) return facts[i].shared_bytes;
  return 0;
}

static void emit_kernel(sup_strbuf *b, const ir_op *func, const drv_kernel_facts *facts, size_t nfacts) {
  const char *name = ir_op_get_string_attr(func, "sym_name");
  const ir_block *entry = ir_region_entry(&func->regions[0]);
  unsigned num_warps = tgpu_func_launch_warps(func); /* a producer warpgroup included */
  sup_strbuf_puts(b, "    {\n      \"name\": ");
  json_string(b, name);
  const char *of = ir_op_get_string_attr(func, FE_ATTR_VARIANT_OF);
  const ir_attr *vi = ir_op_get_attr(func, FE_ATTR_VARIANT);
  if (of && vi && vi->kind == IR_ATTR_INT) {
    sup_strbuf_puts(b, ",\n      \"variant_of\": ");
    json_string(b, of);
    sup_strbuf_printf(b, ",\n      \"variant\": %lld", (long long)vi->ival);
  }
  sup_strbuf_printf(b, ",\n      \"num_warps\": %u,\n      \"threads_per_block\": %u,\n", num_warps,
                    num_warps * 32);
  sup_strbuf_printf(b, "      \"num_stages\": %u,\n", tgpu_func_num_stages(func));
  int64_t maxnreg = ir_op_get_int_attr(func, TGPU_ATTR_MAXNREG, 0);
  if (maxnreg > 0) sup_strbuf_printf(b, "      \"maxnreg\": %lld,\n", (long long)maxnreg);
  int64_t scratch = ir_op_get_int_attr(func, TGPU_ATTR_GLOBAL_SCRATCH, 0);
  if (scratch > 0) sup_strbuf_printf(b, "      \"global_scratch_bytes\": %lld,\n", (long long)scratch);
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

/* The tuning facts of an autotuned kernel's variant as the JSON members after "kernel". */
static char *tuning_json(const ir_op *func) {
  const ir_attr *t = ir_op_get_attr(func, FE_ATTR_TUNING);
  sup_strbuf b = {0};
  for (unsigned i = 0; t && t->kind == IR_ATTR_DICT && i < t->count; i++) {
    sup_strbuf_puts(&b, ", ");
    json_string(&b, t->entries[i].name);
    sup_strbuf_puts(&b, ": ");
    json_attr(&b, t->entries[i].value);
  }
  return sup_strbuf_take(&b);
}

static bool add_note(drv_meta_part *p, const ir_op *func) {
  const char *of = ir_op_get_string_attr(func, FE_ATTR_VARIANT_OF);
  if (!of) return true;
  drv_variant_note *n = realloc(p->notes, (p->nnotes + 1) * sizeof *n);
  if (!n) return false;
  p->notes = n;
  n = &p->notes[p->nnotes];
  n->kernel = strdup(of);
  n->entry = strdup(ir_op_get_string_attr(func, "sym_name"));
  n->tuning = tuning_json(func);
  p->nnotes++;
  return n->kernel && n->entry && n->tuning;
}

bool drv_metadata_part(ir_module *m, const drv_kernel_facts *facts, size_t nfacts, drv_meta_part *out) {
  sup_strbuf b = {0};
  bool ok = true;
  *out = (drv_meta_part){0};
  for (ir_op *op = ir_module_body(m)->first; op; op = op->next) {
    if (!drv_is_kernel(op)) continue;
    if (b.len) sup_strbuf_puts(&b, ",\n");
    emit_kernel(&b, op, facts, nfacts);
    ok = add_note(out, op) && ok;
  }
  out->kernels = sup_strbuf_take(&b);
  return ok && out->kernels;
}

void drv_meta_part_free(drv_meta_part *p) {
  for (size_t i = 0; i < p->nnotes; i++) {
    free(p->notes[i].kernel);
    free(p->notes[i].entry);
    free(p->notes[i].tuning);
  }
  free(p->notes);
  free(p->kernels);
  *p = (drv_meta_part){0};
}

/* One "tuning" entry per autotuned kernel, in the order its first variant appears. */
static void emit_tuning(sup_strbuf *b, const drv_meta_part *parts, size_t nparts) {
  bool first = true;
  for (size_t p = 0; p < nparts; p++)
    for (size_t i = 0; i < parts[p].nnotes; i++) {
      const drv_variant_note *n = &parts[p].notes[i];
      bool seen = false;
      for (size_t q = 0; q <= p && !seen; q++)
        for (size_t k = 0; k < (q == p ? i : parts[q].nnotes) && !seen; k++)
          seen = strcmp(parts[q].notes[k].kernel, n->kernel) == 0;
      if (seen) continue;
      sup_strbuf_puts(b, first ? "\n    {\"kernel\": " : ",\n    {\"kernel\": ");
      first = false;
      json_string(b, n->kernel);
      sup_strbuf_puts(b, ", \"variants\": [");
      bool f2 = true;
      for (size_t q = p; q < nparts; q++)
        for (size_t k = q == p ? i : 0; k < parts[q].nnotes; k++) {
          if (strcmp(parts[q].notes[k].kernel, n->kernel) != 0) continue;
          if (!f2) sup_strbuf_puts(b, ", ");
          f2 = false;
          json_string(b, parts[q].notes[k].entry);
        }
      sup_strbuf_printf(b, "]%s}", n->tuning);
    }
  sup_strbuf_puts(b, first ? "]\n" : "\n  ]\n");
}

char *drv_metadata_json(const char *target, const drv_meta_part *parts, size_t nparts) {
  sup_strbuf b = {0};
  sup_strbuf_printf(&b, "{\n  \"format\": \"tilec-metadata\",\n  \"version\": %d,\n", DRV_METADATA_VERSION);
  sup_strbuf_printf(&b, "  \"compiler\": \"tilec %s\",\n  \"target\": ", tilec_version());
  json_string(&b, target);
  sup_strbuf_puts(&b, ",\n  \"kernels\": [");
  bool any = false;
  for (size_t p = 0; p < nparts; p++) {
    if (!parts[p].kernels || !parts[p].kernels[0]) continue;
    sup_strbuf_puts(&b, any ? ",\n" : "\n");
    sup_strbuf_puts(&b, parts[p].kernels);
    any = true;
  }
  sup_strbuf_puts(&b, any ? "\n  ],\n  \"tuning\": [" : "],\n  \"tuning\": [");
  emit_tuning(&b, parts, nparts);
  sup_strbuf_puts(&b, "}\n");
  return sup_strbuf_take(&b);
}
