/* Launch-argument checking against a kernel's signature, and packing into the PTX ABI
 * (docs/metadata.md: i1/i8/i16 in their own widths, 32-bit integers as .u32, 64-bit values
 * and pointers as .u64, fp16/bf16 as .b16). Tensor descriptors are checked and encoded in
 * runtime/tensordesc.c. */
#include "rt_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static const char *arg_kind_name(tilert_arg_kind k) {
  switch (k) {
  case TILERT_ARG_PTR: return "pointer";
  case TILERT_ARG_I32: return "i32";
  case TILERT_ARG_I64: return "i64";
  case TILERT_ARG_F32: return "f32";
  case TILERT_ARG_F64: return "f64";
  case TILERT_ARG_TENSORDESC: return "tensor descriptor";
  }
  return "unknown kind";
}

const char *rt_arg_kind_name(tilert_arg_kind k) { return arg_kind_name(k); }

/* The argument kind a parameter takes, and the range its value must lie in (integers). */
static tilert_arg_kind wanted_kind(const tilert_param_info *p, int64_t *lo, int64_t *hi) {
  *lo = INT64_MIN;
  *hi = INT64_MAX;
  if (p->kind == TILERT_PARAM_PTR) return TILERT_ARG_PTR;
  switch (p->dtype) {
  case TILERT_DTYPE_I1: *lo = 0; *hi = 1; return TILERT_ARG_I32;
  case TILERT_DTYPE_I8: *lo = INT8_MIN; *hi = INT8_MAX; return TILERT_ARG_I32;
  case TILERT_DTYPE_I16: *lo = INT16_MIN; *hi = INT16_MAX; return TILERT_ARG_I32;
  case TILERT_DTYPE_I32: *lo = INT32_MIN; *hi = INT32_MAX; return TILERT_ARG_I32;
  case TILERT_DTYPE_U8: *lo = 0; *hi = UINT8_MAX; return TILERT_ARG_I32;
  case TILERT_DTYPE_U16: *lo = 0; *hi = UINT16_MAX; return TILERT_ARG_I32;
  case TILERT_DTYPE_U32: *lo = 0; *hi = INT32_MAX; return TILERT_ARG_I32;
  case TILERT_DTYPE_I64: case TILERT_DTYPE_U64: return TILERT_ARG_I64;
  case TILERT_DTYPE_FP16: case TILERT_DTYPE_BF16: case TILERT_DTYPE_FP32: return TILERT_ARG_F32;
  case TILERT_DTYPE_FP64: return TILERT_ARG_F64;
  case TILERT_DTYPE_FP8E4NV: case TILERT_DTYPE_FP8E5: /* pointees only (meta.c) */
  case TILERT_DTYPE_COUNT_: break;
  }
  return TILERT_ARG_I32;
}

static void list_params(const tilert_kernel_info *k, char *buf, size_t cap) {
  size_t o = 0;
  buf[0] = 0;
  for (size_t i = 0; i < k->nparams && o < cap; i++) {
    int n = snprintf(buf + o, cap - o, "%s%s", i ? ", " : "", k->params[i].name);
    if (n < 0) break;
    o += (size_t)n;
  }
}

static tilert_status check_one(const tilert_kernel_info *k, size_t i, const tilert_arg *a,
                               char *err, size_t cap) {
  const tilert_param_info *p = &k->params[i];
  if (p->kind == TILERT_PARAM_TENSORDESC) return rt_tensordesc_check(k, i, a, err, cap);
  int64_t lo, hi;
  tilert_arg_kind want = wanted_kind(p, &lo, &hi);
  const char *what = p->kind == TILERT_PARAM_PTR ? "pointer" : tilert_dtype_name(p->dtype);
  if (a->kind != want)
    return rt_fail_buf(err, cap, TILERT_ERROR_INVALID_ARGUMENT,
                       "tilert: %s: argument %zu (%s): expected %s, got %s", k->name, i, p->name,
                       what, arg_kind_name(a->kind));
  if (want == TILERT_ARG_PTR) {
    if (p->align > 1 && a->v.ptr % p->align != 0)
      return rt_fail_buf(err, cap, TILERT_ERROR_INVALID_ARGUMENT,
                         "tilert: %s: argument %zu (%s): pointer 0x%llx is not %u-byte aligned as "
                         "the kernel was compiled for", k->name, i, p->name,
                         (unsigned long long)a->v.ptr, p->align);
    return TILERT_OK;
  }
  if (want != TILERT_ARG_I32 && want != TILERT_ARG_I64) return TILERT_OK;
  int64_t x = want == TILERT_ARG_I32 ? a->v.i32 : a->v.i64;
  if (x < lo || x > hi)
    return rt_fail_buf(err, cap, TILERT_ERROR_INVALID_ARGUMENT,
                       "tilert: %s: argument %zu (%s): value %lld does not fit %s", k->name, i,
                       p->name, (long long)x, what);
  if (p->divisibility > 1 && (uint64_t)(x < 0 ? -(uint64_t)x : (uint64_t)x) % p->divisibility != 0)
    return rt_fail_buf(err, cap, TILERT_ERROR_INVALID_ARGUMENT,
                       "tilert: %s: argument %zu (%s): value %lld is not divisible by %llu as the "
                       "kernel was compiled for", k->name, i, p->name, (long long)x,
                       (unsigned long long)p->divisibility);
  return TILERT_OK;
}

tilert_status tilert_args_check(const tilert_kernel_info *k, const tilert_arg *args,
                                size_t nargs, char *err, size_t cap) {
  if (err && cap) err[0] = 0;
  if (!k) return rt_fail_buf(err, cap, TILERT_ERROR_INVALID_ARGUMENT, "tilert: no kernel given");
  if (nargs != k->nparams) {
    char names[512];
    list_params(k, names, sizeof names);
    return rt_fail_buf(err, cap, TILERT_ERROR_INVALID_ARGUMENT,
                       "tilert: %s: expected %zu arguments (%s), got %zu", k->name, k->nparams,
                       names, nargs);
  }
  if (nargs && !args)
    return rt_fail_buf(err, cap, TILERT_ERROR_INVALID_ARGUMENT, "tilert: %s: args is NULL", k->name);
  for (size_t i = 0; i < nargs; i++) RT_TRY(check_one(k, i, &args[i], err, cap));
  return TILERT_OK;
}

/* ---- packing ---------------------------------------------------------------------------- */

/* fp32 -> fp16 bits, round to nearest even; overflow to inf, NaN kept quiet. */
static uint16_t f32_to_f16(float f) {
  uint32_t x;
  memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000u;
  uint32_t exp = (x >> 23) & 0xffu, man = x & 0x7fffffu;
  if (exp == 0xff) return (uint16_t)(sign | 0x7c00u | (man ? 0x200u : 0));
  int e = (int)exp - 127 + 15;
  if (e >= 31) return (uint16_t)(sign | 0x7c00u);
  if (e <= 0) { /* subnormal or zero */
    if (e < -10) return (uint16_t)sign;
    man |= 0x800000u;
    unsigned shift = (unsigned)(14 - e);
    uint32_t h = man >> shift, rem = man & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (h & 1))) h++;
    return (uint16_t)(sign | h);
  }
  uint32_t h = ((uint32_t)e << 10) | (man >> 13), rem = man & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (h & 1))) h++; /* may carry into inf: correct */
  return (uint16_t)(sign | h);
}

/* fp32 -> bf16 bits, round to nearest even; NaN kept quiet. */
static uint16_t f32_to_bf16(float f) {
  uint32_t x;
  memcpy(&x, &f, 4);
  if (isnan(f)) return (uint16_t)((x >> 16) | 0x40u);
  x += 0x7fffu + ((x >> 16) & 1u);
  return (uint16_t)(x >> 16);
}

void rt_args_pack(const tilert_kernel_info *k, const tilert_arg *args, rt_slot *slots) {
  for (size_t i = 0; i < k->nparams; i++) {
    const tilert_param_info *p = &k->params[i];
    const tilert_arg *a = &args[i];
    rt_slot *s = &slots[i];
    s->u64 = 0;
    if (p->kind == TILERT_PARAM_PTR) { s->u64 = a->v.ptr; continue; }
    if (p->kind == TILERT_PARAM_TENSORDESC) continue; /* encoded by rt_launch_params_fill */
    switch (p->dtype) {
    case TILERT_DTYPE_I1: case TILERT_DTYPE_I8: case TILERT_DTYPE_U8: s->u8 = (uint8_t)a->v.i32; break;
    case TILERT_DTYPE_I16: case TILERT_DTYPE_U16: s->u16 = (uint16_t)a->v.i32; break;
    case TILERT_DTYPE_I32: case TILERT_DTYPE_U32: s->u32 = (uint32_t)a->v.i32; break;
    case TILERT_DTYPE_I64: case TILERT_DTYPE_U64: s->u64 = (uint64_t)a->v.i64; break;
    case TILERT_DTYPE_FP16: s->u16 = f32_to_f16(a->v.f32); break;
    case TILERT_DTYPE_BF16: s->u16 = f32_to_bf16(a->v.f32); break;
    case TILERT_DTYPE_FP32: s->f32 = a->v.f32; break;
    case TILERT_DTYPE_FP64: s->f64 = a->v.f64; break;
    case TILERT_DTYPE_FP8E4NV: case TILERT_DTYPE_FP8E5: /* pointees only (meta.c) */
    case TILERT_DTYPE_COUNT_: break;
    }
  }
}
