/* In-kernel tensor descriptors through the JIT, on the mock driver: compiles a kernel that
 * makes a descriptor and loads from it (tilert_jit_compile_and_load, no cache) and prints
 * whether its entry needs global scratch, i.e. whether TMA reads the descriptor. The driver
 * version comes from $MOCK_CUDA_DRIVER_VERSION (jit_desc.test: 13000, and 12060, before the
 * first driver that loads PTX 8.6). */
#include "tilec/tilec.h"
#include "tilec/tilert.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef TILERT_MOCK_PATH
#error "TILERT_MOCK_PATH must name the mock libcuda (CMake sets it)"
#endif

static const char src[] =
    "import triton\n"
    "import triton.language as tl\n"
    "@triton.jit\n"
    "def desc_copy(a_ptr, b_ptr, M, N):\n"
    "    d = tl.make_tensor_descriptor(a_ptr, [M, N], [N, 1], [32, 64])\n"
    "    o = tl.arange(0, 32)[:, None] * 64 + tl.arange(0, 64)[None, :]\n"
    "    tl.store(b_ptr + o, d.load([tl.program_id(0) * 32, 0]))\n";

int main(void) {
  setenv("TILERT_LIBCUDA", TILERT_MOCK_PATH, 1);
  setenv("TILERT_CACHE_MODE", "off", 1);
  tilert_runtime *rt = NULL;
  tilert_module *mod = NULL;
  tilec_options o;
  memset(&o, 0, sizeof o);
  o.signature = "*fp16:16,*fp16:16,i32:16,i32:16";
  tilert_status s = tilert_runtime_create(0, &rt);
  if (!s) s = tilert_jit_compile_and_load(rt, "desc.tir", src, sizeof src - 1, &o, &mod);
  if (s) {
    printf("FAIL: %s\n", rt ? tilert_runtime_last_error(rt) : tilert_status_name(s));
    return 1;
  }
  const tilert_kernel_info *k = tilert_metadata_find(tilert_module_metadata(mod), "desc_copy");
  tilert_device_info info;
  tilert_runtime_device_info(rt, &info);
  printf("driver %d: desc_copy global_scratch_bytes %u\n", info.driver_version, k ? k->global_scratch_bytes : 9999u);
  tilert_module_release(mod);
  tilert_runtime_destroy(rt);
  return 0;
}
