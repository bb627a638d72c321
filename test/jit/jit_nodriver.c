/* The JIT build of libtilert (tilert_jit: TILERT_WITH_TILEC, linked with libtilec) on a
 * machine without a driver: the JIT entry point exists and refuses with the no-driver
 * status, not "built without the compiler". Prints what it gets; jit.test checks it. */
#include <stdio.h>
#include <string.h>

#include "tilec/tilec.h"
#include "tilec/tilert.h"

int main(void) {
  tilert_runtime *rt = NULL;
  tilert_status s = tilert_runtime_create(0, &rt);
  printf("create: %s\n", tilert_status_name(s));
  static const char src[] = "import triton\n";
  tilert_module *m = (tilert_module *)1;
  s = tilert_jit_compile_and_load(rt, "k.tir", src, strlen(src), NULL, &m);
  printf("jit: %s module=%s\n", tilert_status_name(s), m ? "non-null" : "null");
  printf("error: %s\n", tilert_runtime_last_error(rt));
  tilert_runtime_destroy(rt);
  return 0;
}
