/* Host tensor descriptors (TMA): a tilert_tensordesc checked against its kernel parameter,
 * encoded with cuTensorMapEncodeTiled into the 128-byte CUtensorMap the kernel takes by
 * value, and the launch's parameter storage that holds it (docs/runtime.md, "Tensor
 * descriptors"). The parameter's dtype, rank, block shape, box and swizzle come from the
 * metadata (runtime/meta.c checked them); the tensor's base, shape and strides from the
 * argument. Dimensions are outermost first here and innermost first for the driver. */
#include "rt_internal.h"

#include <stdio.h>
#include <string.h>

#define TMA_MAX_DIM (1ll << 32)        /* globalDim: 1 .. 2^32 */
#define TMA_MAX_STRIDE_BYTES (1ll << 40) /* globalStrides: < 2^40, multiples of 16 */

/* ---- messages ---------------------------------------------------------------------------- */

/* Appends printf output at *pos; stops quietly when out is full. */
static void append(char *out, size_t cap, size_t *pos, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void append(char *out, size_t cap, size_t *pos, const char *fmt, ...) {
  if (*pos >= cap) return;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(out + *pos, cap - *pos, fmt, ap);
  va_end(ap);
  if (n > 0) *pos += (size_t)n;
}

void rt_tensordesc_type(tilert_dtype dtype, uint32_t rank, const int64_t *block_shape,
                        char *out, size_t cap) {
  size_t pos = 0;
  if (!cap) return;
  out[0] = 0;
  append(out, cap, &pos, "tensordesc<%s[", tilert_dtype_name(dtype));
  for (uint32_t d = 0; d < rank && d < TILERT_TENSORDESC_MAX_RANK; d++)
    append(out, cap, &pos, "%s%lld", d ? ", " : "", (long long)block_shape[d]);
  append(out, cap, &pos, "]>");
}

/* "tilert: KERNEL: argument I (NAME): " + the message, into err; returns INVALID_ARGUMENT. */
static tilert_status arg_fail(const tilert_kernel_info *k, size_t i, char *err, size_t cap,
                              const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static tilert_status arg_fail(const tilert_kernel_info *k, size_t i, char *err, size_t cap,
                              const char *fmt, ...) {
  if (!err || !cap) return TILERT_ERROR_INVALID_ARGUMENT;
  int n = snprintf(err, cap, "tilert: %s: argument %zu (%s): ", k->name, i, k->params[i].name);
  if (n < 0 || (size_t)n >= cap) return TILERT_ERROR_INVALID_ARGUMENT;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err + n, cap - (size_t)n, fmt, ap);
  va_end(ap);
  return TILERT_ERROR_INVALID_ARGUMENT;
}

/* ---- checks ------------------------------------------------------------------------------ */

/* The descriptor's type (dtype, rank, block shape) against the parameter's. */
static tilert_status check_type(const tilert_kernel_info *k, size_t i, const tilert_tensordesc *d,
                                char *err, size_t cap) {
  const tilert_param_info *p = &k->params[i];
  char want[128], got[128];
  rt_tensordesc_type(p->dtype, p->rank, p->block_shape, want, sizeof want);
  if (d->rank < 1 || d->rank > TILERT_TENSORDESC_MAX_RANK)
    return arg_fail(k, i, err, cap, "descriptor rank %u is not 1 to %d (the kernel takes %s)",
                    d->rank, TILERT_TENSORDESC_MAX_RANK, want);
  bool same = d->dtype == p->dtype && d->rank == p->rank, unset = true;
  for (uint32_t j = 0; j < d->rank && j < TILERT_TENSORDESC_MAX_RANK; j++) unset &= d->block_shape[j] == 0;
  /* no block shape (all 0): the kernel's, as Triton's pre_hook sets it per config */
  for (uint32_t j = 0; same && !unset && j < d->rank; j++) same = d->block_shape[j] == p->block_shape[j];
  if (same) return TILERT_OK;
  rt_tensordesc_type(d->dtype, d->rank, d->block_shape, got, sizeof got);
  return arg_fail(k, i, err, cap, "expected %s, got %s", want, got);
}

/* The tensor: base alignment, dimensions, strides, as cuTensorMapEncodeTiled requires. */
static tilert_status check_tensor(const tilert_kernel_info *k, size_t i, const tilert_tensordesc *d,
                                  char *err, size_t cap) {
  long long es = (long long)tilert_dtype_size(d->dtype);
  uint32_t r = d->rank;
  if (d->base % 16 != 0)
    return arg_fail(k, i, err, cap, "descriptor base 0x%llx is not 16-byte aligned (TMA needs it)",
                    (unsigned long long)d->base);
  for (uint32_t j = 0; j < r; j++)
    if (d->shape[j] < 1 || d->shape[j] > TMA_MAX_DIM)
      return arg_fail(k, i, err, cap, "descriptor shape[%u] is %lld; TMA takes 1 to 2^32", j,
                      (long long)d->shape[j]);
  if (d->strides[r - 1] != 1)
    return arg_fail(k, i, err, cap, "descriptor strides[%u] (the innermost) is %lld; TMA needs 1 "
                    "(a contiguous last dimension)", r - 1, (long long)d->strides[r - 1]);
  for (uint32_t j = 0; j + 1 < r; j++) {
    long long s = (long long)d->strides[j];
    if (s < 1 || s >= TMA_MAX_STRIDE_BYTES / es)
      return arg_fail(k, i, err, cap, "descriptor strides[%u] is %lld; TMA takes 1 element to "
                      "2^40 bytes", j, s);
    if (s * es % 16 != 0)
      return arg_fail(k, i, err, cap, "descriptor strides[%u] is %lld elements = %lld bytes, not a "
                      "multiple of 16 (TMA needs it)", j, s, s * es);
  }
  const tilert_param_info *p = &k->params[i];
  long long inner = (long long)d->shape[r - 1] * es;
  if (p->store && inner % 16)
    return arg_fail(k, i, err, cap, "descriptor shape[%u] is %lld elements = %lld bytes, not a multiple of "
                    "16: the kernel stores through it, and a TMA store writes a row's last 16 bytes whole "
                    "(past the tensor's end; seen on sm_90)", r - 1, (long long)d->shape[r - 1], inner);
  return TILERT_OK;
}

tilert_status rt_tensordesc_check(const tilert_kernel_info *k, size_t i, const tilert_arg *a,
                                  char *err, size_t cap) {
  const tilert_param_info *p = &k->params[i];
  if (a->kind != TILERT_ARG_TENSORDESC) {
    char want[128];
    rt_tensordesc_type(p->dtype, p->rank, p->block_shape, want, sizeof want);
    return arg_fail(k, i, err, cap, "expected %s, got %s", want, rt_arg_kind_name(a->kind));
  }
  if (!a->v.desc) return arg_fail(k, i, err, cap, "the tensor descriptor is NULL");
  RT_TRY(check_type(k, i, a->v.desc, err, cap));
  return check_tensor(k, i, a->v.desc, err, cap);
}

/* ---- encoding ---------------------------------------------------------------------------- */

/* TMA moves bytes: 8-bit floats and i1 (a byte in memory) travel as UINT8, as in Triton. */
static CUtensorMapDataType tma_dtype(tilert_dtype d) {
  switch (d) {
  case TILERT_DTYPE_I16: case TILERT_DTYPE_U16: return CU_TENSOR_MAP_DATA_TYPE_UINT16;
  case TILERT_DTYPE_I32: return CU_TENSOR_MAP_DATA_TYPE_INT32;
  case TILERT_DTYPE_U32: return CU_TENSOR_MAP_DATA_TYPE_UINT32;
  case TILERT_DTYPE_I64: return CU_TENSOR_MAP_DATA_TYPE_INT64;
  case TILERT_DTYPE_U64: return CU_TENSOR_MAP_DATA_TYPE_UINT64;
  case TILERT_DTYPE_FP16: return CU_TENSOR_MAP_DATA_TYPE_FLOAT16;
  case TILERT_DTYPE_BF16: return CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
  case TILERT_DTYPE_FP32: return CU_TENSOR_MAP_DATA_TYPE_FLOAT32;
  case TILERT_DTYPE_FP64: return CU_TENSOR_MAP_DATA_TYPE_FLOAT64;
  case TILERT_DTYPE_I1: case TILERT_DTYPE_I8: case TILERT_DTYPE_U8:
  case TILERT_DTYPE_FP8E4NV: case TILERT_DTYPE_FP8E5: case TILERT_DTYPE_COUNT_: break;
  }
  return CU_TENSOR_MAP_DATA_TYPE_UINT8;
}

/* Bytes (0, 32, 64, 128; meta.c allows no others) to the driver's enum. */
static CUtensorMapSwizzle tma_swizzle(uint32_t bytes) {
  switch (bytes) {
  case 32: return CU_TENSOR_MAP_SWIZZLE_32B;
  case 64: return CU_TENSOR_MAP_SWIZZLE_64B;
  case 128: return CU_TENSOR_MAP_SWIZZLE_128B;
  default: return CU_TENSOR_MAP_SWIZZLE_NONE;
  }
}

/* Encodes checked descriptor d for parameter i of kernel k into map (64-byte aligned). */
static tilert_status encode(tilert_kernel *k, size_t i, const tilert_tensordesc *d, void *map) {
  tilert_runtime *rt = k->mod->rt;
  const tilert_param_info *p = &k->info->params[i];
  if (!rt->cu.cuTensorMapEncodeTiled)
    return rt_fail(rt, TILERT_ERROR_UNSUPPORTED, "tilert: %s: argument %zu (%s): the driver has no "
                   "cuTensorMapEncodeTiled (tensor descriptors need CUDA 12.0 or newer)",
                   k->info->name, i, p->name);
  cuuint64_t dims[TILERT_TENSORDESC_MAX_RANK], strides[TILERT_TENSORDESC_MAX_RANK] = {0};
  uint32_t box[TILERT_TENSORDESC_MAX_RANK], ones[TILERT_TENSORDESC_MAX_RANK];
  uint32_t r = p->rank;
  uint64_t es = tilert_dtype_size(p->dtype);
  for (uint32_t j = 0; j < r; j++) {
    dims[j] = (cuuint64_t)d->shape[r - 1 - j];
    box[j] = p->box[r - 1 - j];
    ones[j] = 1;
  }
  for (uint32_t j = 0; j + 1 < r; j++) strides[j] = (cuuint64_t)d->strides[r - 2 - j] * es;
  CUresult res = rt->cu.cuTensorMapEncodeTiled(
      map, tma_dtype(p->dtype), r, (void *)(uintptr_t)d->base, dims, strides, box, ones,
      CU_TENSOR_MAP_INTERLEAVE_NONE, tma_swizzle(p->swizzle), CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
      CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (res == CUDA_SUCCESS) return TILERT_OK;
  tilert_status s = rt_cu_fail(rt, res, "cuTensorMapEncodeTiled", __FILE__, __LINE__);
  size_t n = strlen(rt->err);
  snprintf(rt->err + n, sizeof rt->err - n, " encoding argument %zu (%s) of %s", i, p->name,
           k->info->name);
  return s;
}

tilert_status tilert_tensordesc_encode(tilert_kernel *k, size_t index, const tilert_tensordesc *d,
                                       void *out_map) {
  if (!k) return TILERT_ERROR_INVALID_ARGUMENT;
  tilert_runtime *rt = k->mod->rt;
  const tilert_kernel_info *info = k->info;
  if (index >= info->nparams || info->params[index].kind != TILERT_PARAM_TENSORDESC)
    return rt_fail(rt, TILERT_ERROR_INVALID_ARGUMENT, "tilert: %s: parameter %zu is not a tensor "
                   "descriptor", info->name, index);
  if (!out_map || (uintptr_t)out_map % 64 != 0)
    return rt_fail(rt, TILERT_ERROR_INVALID_ARGUMENT, "tilert: %s: the tensor map's storage %p is "
                   "not 64-byte aligned", info->name, out_map);
  tilert_arg a = tilert_tensordesc_arg(d);
  RT_TRY(rt_tensordesc_check(info, index, &a, rt->err, sizeof rt->err));
  return encode(k, index, d, out_map);
}

/* ---- a launch's parameters --------------------------------------------------------------- */

tilert_status rt_launch_params_fill(tilert_kernel *k, const tilert_arg *args,
                                    rt_launch_params *out) {
  const tilert_kernel_info *info = k->info;
  size_t nmaps = 0;
  rt_args_pack(info, args, out->slots);
  for (size_t i = 0; i < info->nparams; i++) {
    if (info->params[i].kind != TILERT_PARAM_TENSORDESC) {
      out->ptrs[i] = &out->slots[i];
      continue;
    }
    if (nmaps == TILERT_MAX_TENSORDESCS) /* NEVER: meta.c refuses more */
      return rt_fail(k->mod->rt, TILERT_ERROR_METADATA, "tilert: %s: more than %d tensor "
                     "descriptors", info->name, TILERT_MAX_TENSORDESCS);
    RT_TRY(encode(k, i, args[i].v.desc, &out->maps[nmaps]));
    out->ptrs[i] = &out->maps[nmaps++];
  }
  return TILERT_OK;
}
