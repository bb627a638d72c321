/* The runtime object: opens libcuda at run time, fills the driver symbol table, initializes
 * the device's primary context; errors; memory, stream and event helpers. */
#include "rt_internal.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_LIBCUDA "libcuda.so.1"
/* cuGetProcAddress returns, for a base name, the newest ABI at or below this version:
 * 12.0 gives exactly the versions rt_driver declares (cuMemAlloc_v2, cuEventDestroy_v2...). */
#define PROC_ADDRESS_VERSION 12000

/* ---- errors ---------------------------------------------------------------------------- */

static tilert_status vformat(char *err, size_t cap, tilert_status s, const char *fmt, va_list ap) {
  if (err && cap) vsnprintf(err, cap, fmt, ap);
  return s;
}

tilert_status rt_fail_buf(char *err, size_t cap, tilert_status s, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vformat(err, cap, s, fmt, ap);
  va_end(ap);
  return s;
}

tilert_status rt_fail(tilert_runtime *rt, tilert_status s, const char *fmt, ...) {
  if (!rt) return s;
  va_list ap;
  va_start(ap, fmt);
  vformat(rt->err, sizeof rt->err, s, fmt, ap);
  va_end(ap);
  return s;
}

static const char *base_name(const char *path) {
  const char *s = strrchr(path, '/');
  return s ? s + 1 : path;
}

tilert_status rt_cu_fail(tilert_runtime *rt, CUresult r, const char *fn, const char *file,
                         int line) {
  const char *name = NULL, *str = NULL;
  if (rt->cu.cuGetErrorName && rt->cu.cuGetErrorName(r, &name) != CUDA_SUCCESS) name = NULL;
  if (rt->cu.cuGetErrorString && rt->cu.cuGetErrorString(r, &str) != CUDA_SUCCESS) str = NULL;
  char num[32];
  snprintf(num, sizeof num, "CUresult %d", r);
  return rt_fail(rt, TILERT_ERROR_DRIVER, "tilert: %s:%d: %s failed: %s (%s)", base_name(file),
                 line, fn, name ? name : num, str ? str : "no description");
}

tilert_status rt_check_ready(tilert_runtime *rt) {
  if (!rt) return TILERT_ERROR_INVALID_ARGUMENT;
  if (!rt->ready)
    return TILERT_ERROR_NO_DRIVER; /* the creation error stays in rt->err */
  return TILERT_OK;
}

const char *tilert_status_name(tilert_status s) {
  switch (s) {
  case TILERT_OK: return "TILERT_OK";
  case TILERT_ERROR_NO_DRIVER: return "TILERT_ERROR_NO_DRIVER";
  case TILERT_ERROR_DRIVER: return "TILERT_ERROR_DRIVER";
  case TILERT_ERROR_INVALID_ARGUMENT: return "TILERT_ERROR_INVALID_ARGUMENT";
  case TILERT_ERROR_METADATA: return "TILERT_ERROR_METADATA";
  case TILERT_ERROR_IO: return "TILERT_ERROR_IO";
  case TILERT_ERROR_NOT_FOUND: return "TILERT_ERROR_NOT_FOUND";
  case TILERT_ERROR_OUT_OF_MEMORY: return "TILERT_ERROR_OUT_OF_MEMORY";
  case TILERT_ERROR_UNSUPPORTED: return "TILERT_ERROR_UNSUPPORTED";
  case TILERT_ERROR_COMPILE: return "TILERT_ERROR_COMPILE";
  }
  return "TILERT_ERROR_?";
}

const char *tilert_runtime_last_error(const tilert_runtime *rt) {
  return rt ? rt->err : "tilert: no runtime (out of memory)";
}

/* ---- the driver symbol table ------------------------------------------------------------ */

/* [rt-driver-table] one row per rt_driver member. */
typedef struct sym_row {
  const char *base;     /* for cuGetProcAddress */
  const char *exported; /* for dlsym: the versioned ABI name */
  size_t offset;
  bool optional;        /* newer than the oldest driver supported: may be missing (NULL) */
} sym_row;

#define ROW(base, member) {base, #member, offsetof(rt_driver, member), false}
#define OPTIONAL_ROW(base, member) {base, #member, offsetof(rt_driver, member), true}
static const sym_row sym_table[] = {
    ROW("cuGetErrorName", cuGetErrorName),
    ROW("cuGetErrorString", cuGetErrorString),
    ROW("cuInit", cuInit),
    ROW("cuDriverGetVersion", cuDriverGetVersion),
    ROW("cuDeviceGet", cuDeviceGet),
    ROW("cuDeviceGetAttribute", cuDeviceGetAttribute),
    ROW("cuDeviceGetName", cuDeviceGetName),
    ROW("cuDevicePrimaryCtxRetain", cuDevicePrimaryCtxRetain),
    ROW("cuDevicePrimaryCtxRelease", cuDevicePrimaryCtxRelease_v2),
    ROW("cuCtxSetCurrent", cuCtxSetCurrent),
    ROW("cuCtxSynchronize", cuCtxSynchronize),
    ROW("cuModuleLoadDataEx", cuModuleLoadDataEx),
    ROW("cuModuleUnload", cuModuleUnload),
    ROW("cuModuleGetFunction", cuModuleGetFunction),
    ROW("cuFuncSetAttribute", cuFuncSetAttribute),
    ROW("cuLaunchKernel", cuLaunchKernel),
    ROW("cuMemAlloc", cuMemAlloc_v2),
    ROW("cuMemFree", cuMemFree_v2),
    ROW("cuMemcpyHtoD", cuMemcpyHtoD_v2),
    ROW("cuMemcpyDtoH", cuMemcpyDtoH_v2),
    ROW("cuMemsetD8", cuMemsetD8_v2),
    ROW("cuStreamSynchronize", cuStreamSynchronize),
    ROW("cuEventCreate", cuEventCreate),
    ROW("cuEventRecord", cuEventRecord),
    ROW("cuEventSynchronize", cuEventSynchronize),
    ROW("cuEventElapsedTime", cuEventElapsedTime),
    ROW("cuEventDestroy", cuEventDestroy_v2),
    OPTIONAL_ROW("cuTensorMapEncodeTiled", cuTensorMapEncodeTiled),
    OPTIONAL_ROW("cuMemPoolCreate", cuMemPoolCreate),
    OPTIONAL_ROW("cuMemPoolDestroy", cuMemPoolDestroy),
    OPTIONAL_ROW("cuMemPoolSetAttribute", cuMemPoolSetAttribute),
    OPTIONAL_ROW("cuMemAllocFromPoolAsync", cuMemAllocFromPoolAsync),
    OPTIONAL_ROW("cuMemFreeAsync", cuMemFreeAsync),
};
#undef ROW
#undef OPTIONAL_ROW

typedef CUresult (*get_proc_fn)(const char *, void **, int, cuuint64_t,
                                CUdriverProcAddressQueryResult *);

/* POSIX guarantees that a data pointer from dlsym converts to a function pointer; C does
 * not, so go through memcpy. */
static void store_fn(rt_driver *cu, size_t offset, void *p) {
  memcpy((char *)cu + offset, &p, sizeof p);
}

static tilert_status load_symbols(tilert_runtime *rt, const char *path) {
  get_proc_fn get_proc = NULL;
  void *gp = dlsym(rt->lib, "cuGetProcAddress_v2");
  if (gp) memcpy(&get_proc, &gp, sizeof gp);
  for (size_t i = 0; i < sizeof sym_table / sizeof sym_table[0]; i++) {
    const sym_row *row = &sym_table[i];
    void *p = NULL;
    CUdriverProcAddressQueryResult q = 0;
    if (get_proc && (get_proc(row->base, &p, PROC_ADDRESS_VERSION, CU_GET_PROC_ADDRESS_LEGACY_STREAM, &q) != CUDA_SUCCESS ||
                     q != CU_GET_PROC_ADDRESS_SUCCESS))
      p = NULL;
    if (!p) p = dlsym(rt->lib, row->exported);
    if (!p && row->optional) continue;
    if (!p)
      return rt_fail(rt, TILERT_ERROR_NO_DRIVER,
                     "tilert: %s: driver symbol %s not found (not libcuda, or a driver older than "
                     "CUDA 11)", path, row->exported);
    store_fn(&rt->cu, row->offset, p);
  }
  return TILERT_OK;
}

static tilert_status open_driver(tilert_runtime *rt) {
  const char *env = getenv("TILERT_LIBCUDA");
  const char *path = env && env[0] ? env : DEFAULT_LIBCUDA;
  rt->lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!rt->lib) {
    const char *why = dlerror();
    return rt_fail(rt, TILERT_ERROR_NO_DRIVER,
                   "tilert: %s not found: no NVIDIA driver on this machine%s (dlopen: %s)", path,
                   env && env[0] ? " (path from TILERT_LIBCUDA)" : "", why ? why : "unknown error");
  }
  return load_symbols(rt, path);
}

static tilert_status read_device_info(tilert_runtime *rt) {
  tilert_device_info *d = &rt->info;
  RT_CU(rt, cuDriverGetVersion, &d->driver_version);
  RT_CU(rt, cuDeviceGetName, d->name, (int)sizeof d->name, rt->dev);
  RT_CU(rt, cuDeviceGetAttribute, &d->cc_major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, rt->dev);
  RT_CU(rt, cuDeviceGetAttribute, &d->cc_minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, rt->dev);
  RT_CU(rt, cuDeviceGetAttribute, &d->sm_count, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, rt->dev);
  RT_CU(rt, cuDeviceGetAttribute, &d->l2_bytes, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, rt->dev);
  RT_CU(rt, cuDeviceGetAttribute, &d->max_shared_optin,
        CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, rt->dev);
  return TILERT_OK;
}

static tilert_status init_device(tilert_runtime *rt, int device_index) {
  if (device_index < 0)
    return rt_fail(rt, TILERT_ERROR_INVALID_ARGUMENT, "tilert: device index %d is negative", device_index);
  RT_CU(rt, cuInit, 0);
  rt->driver_inited = true;
  RT_CU(rt, cuDeviceGet, &rt->dev, device_index);
  RT_TRY(read_device_info(rt));
  RT_CU(rt, cuDevicePrimaryCtxRetain, &rt->ctx, rt->dev);
  RT_CU(rt, cuCtxSetCurrent, rt->ctx);
  return TILERT_OK;
}

tilert_status tilert_runtime_create(int device_index, tilert_runtime **out_rt) {
  tilert_runtime *rt = calloc(1, sizeof *rt);
  *out_rt = rt;
  if (!rt) return TILERT_ERROR_OUT_OF_MEMORY;
  rt->device_index = device_index;
  RT_TRY(open_driver(rt));
  RT_TRY(init_device(rt, device_index));
  rt->ready = true;
  return TILERT_OK;
}

void tilert_runtime_destroy(tilert_runtime *rt) {
  if (!rt) return;
  if (rt->ctx) {
    /* Errors here have no one to go to; the driver frees the context's resources anyway. */
    (void)rt->cu.cuCtxSetCurrent(rt->ctx);
    rt_module_unload_all(rt);
    if (rt->scratch_pool) (void)rt->cu.cuMemPoolDestroy(rt->scratch_pool);
    (void)rt->cu.cuDevicePrimaryCtxRelease_v2(rt->dev);
  }
  /* Once cuInit ran, libcuda keeps threads and handlers that unloading it would pull out
   * from under; the handle is left open (the process holds one libcuda anyway). */
  if (rt->lib && !rt->driver_inited) dlclose(rt->lib);
  tilert_assembler_destroy(rt->assembler);
  rt_tune_free_all(rt);
  free(rt);
}

tilert_status tilert_runtime_make_current(tilert_runtime *rt) {
  RT_TRY(rt_check_ready(rt));
  RT_CU(rt, cuCtxSetCurrent, rt->ctx);
  return TILERT_OK;
}

tilert_status tilert_runtime_device_info(const tilert_runtime *rt, tilert_device_info *out_info) {
  if (!rt || !rt->ready) return rt ? TILERT_ERROR_NO_DRIVER : TILERT_ERROR_INVALID_ARGUMENT;
  *out_info = rt->info;
  return TILERT_OK;
}

/* ---- memory, streams, events ---------------------------------------------------------- */

tilert_status tilert_malloc(tilert_runtime *rt, size_t bytes, tilert_devptr *out_ptr) {
  *out_ptr = 0;
  RT_TRY(rt_check_ready(rt));
  CUdeviceptr p = 0;
  RT_CU(rt, cuMemAlloc_v2, &p, bytes);
  *out_ptr = p;
  return TILERT_OK;
}

tilert_status tilert_free(tilert_runtime *rt, tilert_devptr ptr) {
  RT_TRY(rt_check_ready(rt));
  if (ptr) RT_CU(rt, cuMemFree_v2, ptr);
  return TILERT_OK;
}

tilert_status tilert_copy_to_device(tilert_runtime *rt, tilert_devptr dst, const void *src,
                                    size_t bytes) {
  RT_TRY(rt_check_ready(rt));
  RT_CU(rt, cuMemcpyHtoD_v2, dst, src, bytes);
  return TILERT_OK;
}

tilert_status tilert_copy_to_host(tilert_runtime *rt, void *dst, tilert_devptr src, size_t bytes) {
  RT_TRY(rt_check_ready(rt));
  RT_CU(rt, cuMemcpyDtoH_v2, dst, src, bytes);
  return TILERT_OK;
}

tilert_status tilert_memset8(tilert_runtime *rt, tilert_devptr dst, uint8_t value, size_t bytes) {
  RT_TRY(rt_check_ready(rt));
  RT_CU(rt, cuMemsetD8_v2, dst, value, bytes);
  return TILERT_OK;
}

tilert_status tilert_synchronize(tilert_runtime *rt) {
  RT_TRY(rt_check_ready(rt));
  RT_CU(rt, cuCtxSynchronize);
  return TILERT_OK;
}

tilert_status tilert_stream_synchronize(tilert_runtime *rt, tilert_stream stream) {
  RT_TRY(rt_check_ready(rt));
  RT_CU(rt, cuStreamSynchronize, (CUstream)stream);
  return TILERT_OK;
}

tilert_status tilert_event_create(tilert_runtime *rt, tilert_event *out_event) {
  *out_event = NULL;
  RT_TRY(rt_check_ready(rt));
  CUevent e = NULL;
  RT_CU(rt, cuEventCreate, &e, CU_EVENT_DEFAULT);
  *out_event = e;
  return TILERT_OK;
}

tilert_status tilert_event_destroy(tilert_runtime *rt, tilert_event event) {
  RT_TRY(rt_check_ready(rt));
  if (event) RT_CU(rt, cuEventDestroy_v2, (CUevent)event);
  return TILERT_OK;
}

tilert_status tilert_event_record(tilert_runtime *rt, tilert_event event, tilert_stream stream) {
  RT_TRY(rt_check_ready(rt));
  RT_CU(rt, cuEventRecord, (CUevent)event, (CUstream)stream);
  return TILERT_OK;
}

tilert_status tilert_event_synchronize(tilert_runtime *rt, tilert_event event) {
  RT_TRY(rt_check_ready(rt));
  RT_CU(rt, cuEventSynchronize, (CUevent)event);
  return TILERT_OK;
}

tilert_status tilert_event_elapsed_ms(tilert_runtime *rt, tilert_event start, tilert_event end,
                                      float *out_ms) {
  *out_ms = 0;
  RT_TRY(rt_check_ready(rt));
  RT_CU(rt, cuEventElapsedTime, out_ms, (CUevent)start, (CUevent)end);
  return TILERT_OK;
}
