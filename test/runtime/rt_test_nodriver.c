/* The no-driver paths: a missing libcuda, a library that is not libcuda, and (on a machine
 * without a driver) the default path, all give a clear error and no crash; a failed runtime
 * refuses every call and keeps its message. */
#include "tilec/tilert.h"
#include "rt_test.h"

#include <stdlib.h>

static void check_refuses(t_state *t, tilert_runtime *rt, const char *msg) {
  tilert_devptr p = 1;
  tilert_module *m = (tilert_module *)1;
  tilert_event e = (tilert_event)1;
  t_check(t, tilert_malloc(rt, 16, &p) == TILERT_ERROR_NO_DRIVER && p == 0, "failed runtime: malloc refused");
  t_check(t, tilert_module_load_ptx(rt, "x", 1, "{}", 2, &m) == TILERT_ERROR_NO_DRIVER && m == NULL,
          "failed runtime: module load refused");
  t_check(t, tilert_module_load_files(rt, "/nonexistent.ptx", &m) == TILERT_ERROR_NO_DRIVER,
          "failed runtime: module load from files refused");
  t_check(t, tilert_synchronize(rt) == TILERT_ERROR_NO_DRIVER, "failed runtime: synchronize refused");
  t_check(t, tilert_event_create(rt, &e) == TILERT_ERROR_NO_DRIVER && e == NULL, "failed runtime: event refused");
  tilert_device_info info;
  t_check(t, tilert_runtime_device_info(rt, &info) == TILERT_ERROR_NO_DRIVER, "failed runtime: device info refused");
  t_check(t, tilert_runtime_make_current(rt) == TILERT_ERROR_NO_DRIVER, "failed runtime: make_current refused");
  t_check(t, strcmp(tilert_runtime_last_error(rt), msg) == 0, "failed runtime keeps the creation message");
}

static void test_missing(t_state *t) {
  setenv("TILERT_LIBCUDA", "/nonexistent/libcuda.so.1", 1);
  tilert_runtime *rt = NULL;
  tilert_status s = tilert_runtime_create(0, &rt);
  t_check(t, s == TILERT_ERROR_NO_DRIVER && rt != NULL, "missing libcuda: TILERT_ERROR_NO_DRIVER, runtime kept for the message");
  char msg[4096];
  snprintf(msg, sizeof msg, "%s", tilert_runtime_last_error(rt));
  t_contains(t, "missing libcuda", msg,
             "tilert: /nonexistent/libcuda.so.1 not found: no NVIDIA driver on this machine (path from TILERT_LIBCUDA)");
  check_refuses(t, rt, msg);
  tilert_module *m = (tilert_module *)1;
  t_check(t, tilert_jit_compile_and_load(rt, "k.tir", "", 0, NULL, &m) != TILERT_OK && m == NULL,
          "failed runtime: JIT refused");
  tilert_runtime_destroy(rt);
  t_check(t, 1, "destroy of a failed runtime");
}

static void test_not_libcuda(t_state *t) {
  setenv("TILERT_LIBCUDA", "libm.so.6", 1);
  tilert_runtime *rt = NULL;
  tilert_status s = tilert_runtime_create(0, &rt);
  t_check(t, s == TILERT_ERROR_NO_DRIVER, "a library that is not libcuda: TILERT_ERROR_NO_DRIVER");
  t_contains(t, "not libcuda", tilert_runtime_last_error(rt),
             "tilert: libm.so.6: driver symbol cuGetErrorName not found (not libcuda, or a driver older than CUDA 11)");
  tilert_runtime_destroy(rt);
}

static void test_default(t_state *t) {
  unsetenv("TILERT_LIBCUDA");
  tilert_runtime *rt = NULL;
  tilert_status s = tilert_runtime_create(0, &rt);
  if (s == TILERT_OK) {
    printf("note: a driver is present here; the default-path error is not exercised\n");
    t_check(t, tilert_runtime_last_error(rt)[0] == 0, "default path: created, no error");
  } else if (s == TILERT_ERROR_NO_DRIVER) {
    t_contains(t, "default path", tilert_runtime_last_error(rt),
               "tilert: libcuda.so.1 not found: no NVIDIA driver on this machine");
  } else {
    /* a driver without a usable GPU: the message names the driver call */
    t_contains(t, "default path, driver but no GPU", tilert_runtime_last_error(rt), "failed: CUDA_ERROR_");
  }
  tilert_runtime_destroy(rt);
}

static void test_null(t_state *t) {
  tilert_runtime_destroy(NULL);
  tilert_module_release(NULL);
  t_check(t, tilert_synchronize(NULL) == TILERT_ERROR_INVALID_ARGUMENT, "NULL runtime: INVALID_ARGUMENT");
  t_check(t, strstr(tilert_runtime_last_error(NULL), "no runtime") != NULL, "NULL runtime: last error says so");
#ifndef TILERT_WITH_TILEC
  tilert_module *m;
  t_check(t, tilert_jit_compile_and_load(NULL, "k.tir", "", 0, NULL, &m) == TILERT_ERROR_UNSUPPORTED,
          "JIT without the compiler: UNSUPPORTED");
#endif
}

int main(void) {
  t_state t = {0};
  test_missing(&t);
  test_not_libcuda(&t);
  test_default(&t);
  test_null(&t);
  return t_summary(&t);
}
