/* Fault injection through the mock driver (test/gpu/mock_libcuda.c): every driver entry point
 * libtilert calls is made to fail in turn. Each failure must come back as a status with the
 * driver function's name, the error's name and the call site in the message (never an abort),
 * and the runtime must work again once the driver does. */
#include <dlfcn.h>
#include <stdint.h>
#include <stdlib.h>

#include "rt_test.h"
#include "tilec/tilert.h"

#ifndef TILERT_MOCK_PATH
#error "TILERT_MOCK_PATH must name the mock libcuda (CMake sets it)"
#endif

static const char ptx[] = "// mock PTX\n// BLOCK=128\n.visible .entry tiny(\n";
/* shared_bytes above 48 KB, so that loading raises the limit through cuFuncSetAttribute */
static const char meta[] =
    "{\"format\":\"tilec-metadata\",\"version\":1,\"compiler\":\"mock\",\"target\":\"sm_90a\","
    "\"kernels\":[{\"name\":\"tiny\",\"num_warps\":4,\"threads_per_block\":128,"
    "\"shared_bytes\":65536,\"params\":[{\"name\":\"x\",\"kind\":\"ptr\",\"dtype\":\"fp32\","
    "\"align\":16}],\"constexprs\":{}}]}";

/* One use of every runtime entry that reaches the driver; the first failure is returned. */
static tilert_status scenario(tilert_runtime *rt) {
  tilert_module *m = NULL;
  tilert_kernel *k = NULL;
  tilert_devptr d = 0;
  tilert_event e0 = 0, e1 = 0;
  float host[256] = {1.0f}, ms = 0;
  unsigned grid[3] = {1, 1, 1};
  tilert_status s = tilert_module_load_ptx(rt, ptx, sizeof ptx - 1, meta, sizeof meta - 1, &m);
  if (!s) s = tilert_module_get_kernel(m, "tiny", &k);
  if (!s) s = tilert_malloc(rt, sizeof host, &d);
  if (!s) s = tilert_copy_to_device(rt, d, host, sizeof host);
  if (!s) s = tilert_memset8(rt, d, 0xff, sizeof host);
  if (!s) s = tilert_event_create(rt, &e0);
  if (!s) s = tilert_event_create(rt, &e1);
  if (!s) s = tilert_event_record(rt, e0, NULL);
  tilert_arg arg = tilert_ptr(d);
  if (!s) s = tilert_launch(k, grid, NULL, &arg, 1);
  if (!s) s = tilert_event_record(rt, e1, NULL);
  if (!s) s = tilert_event_synchronize(rt, e1);
  if (!s) s = tilert_event_elapsed_ms(rt, e0, e1, &ms);
  if (!s) s = tilert_stream_synchronize(rt, NULL);
  if (!s) s = tilert_synchronize(rt);
  if (!s) s = tilert_copy_to_host(rt, host, d, sizeof host);
  if (!s) s = tilert_event_destroy(rt, e0), e0 = 0;
  if (!s) s = tilert_event_destroy(rt, e1), e1 = 0;
  if (!s) s = tilert_free(rt, d), d = 0;
  /* clean-up after a failure: errors here are not the ones under test */
  if (e0) (void)tilert_event_destroy(rt, e0);
  if (e1) (void)tilert_event_destroy(rt, e1);
  if (d) (void)tilert_free(rt, d);
  tilert_module_release(m);
  return s;
}

static const char *const calls[] = {
    "cuModuleLoadDataEx", "cuModuleGetFunction", "cuFuncSetAttribute", "cuMemAlloc_v2",
    "cuMemcpyHtoD_v2",    "cuMemsetD8_v2",       "cuEventCreate",      "cuEventRecord",
    "cuLaunchKernel",     "cuEventSynchronize",  "cuEventElapsedTime", "cuStreamSynchronize",
    "cuCtxSynchronize",   "cuMemcpyDtoH_v2",     "cuEventDestroy_v2",  "cuMemFree_v2",
};

static const char *const create_calls[] = {
    "cuInit", "cuDriverGetVersion", "cuDeviceGet", "cuDeviceGetAttribute", "cuDeviceGetName",
    "cuDevicePrimaryCtxRetain", "cuCtxSetCurrent",
};

/* "cuMemAlloc_v2" is reported as the function libtilert called, "cuMemAlloc_v2" too. */
static void expect_reported(t_state *t, const char *call, tilert_status s, const char *err) {
  char what[160];
  snprintf(what, sizeof what, "%s fails: status %s", call, tilert_status_name(s));
  t_check(t, s == TILERT_ERROR_DRIVER, what);
  snprintf(what, sizeof what, "%s fails: message", call);
  t_contains(t, what, err, call);
  t_contains(t, "  with the error's name", err, "CUDA_ERROR_INVALID_VALUE");
  t_contains(t, "  with the call site", err, ".c:");
}

int main(void) {
  t_state t = {0};
  setenv("TILERT_LIBCUDA", TILERT_MOCK_PATH, 1);
  void *h = dlopen(TILERT_MOCK_PATH, RTLD_NOW);
  void (*fail)(const char *) = h ? (void (*)(const char *))dlsym(h, "mock_cuda_fail") : NULL;
  if (!fail) {
    printf("FAIL: cannot load the mock driver %s\n", TILERT_MOCK_PATH);
    return 1;
  }
  for (size_t i = 0; i < sizeof create_calls / sizeof create_calls[0]; i++) {
    tilert_runtime *rt = NULL;
    fail(create_calls[i]);
    tilert_status s = tilert_runtime_create(0, &rt);
    expect_reported(&t, create_calls[i], s, tilert_runtime_last_error(rt));
    tilert_runtime_destroy(rt);
    fail(NULL);
  }
  tilert_runtime *rt = NULL;
  t_check(&t, tilert_runtime_create(0, &rt) == TILERT_OK, "runtime created through the mock");
  t_check(&t, scenario(rt) == TILERT_OK, "the whole scenario passes with a working driver");
  for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++) {
    fail(calls[i]);
    tilert_status s = scenario(rt);
    expect_reported(&t, calls[i], s, tilert_runtime_last_error(rt));
    fail(NULL);
    char what[128];
    snprintf(what, sizeof what, "runtime usable again after %s failed", calls[i]);
    tilert_status again = scenario(rt);
    t_check(&t, again == TILERT_OK, what);
    if (again) printf("  %s\n", tilert_runtime_last_error(rt));
  }
  tilert_runtime_destroy(rt);
  dlclose(h);
  return t_summary(&t);
}
