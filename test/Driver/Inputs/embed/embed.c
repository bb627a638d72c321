/* An embedding program built outside the tree against an installed tilec (find_package or
 * pkg-config): compiles a kernel held in memory to PTX and checks that the runtime links. */
#include <stdio.h>
#include <string.h>

#include "tilec/tilec.h"
#include "tilec/tilert.h"

static const char src[] =
    "import triton\n"
    "import triton.language as tl\n"
    "@triton.jit\n"
    "def scale(x_ptr: \"*fp32:16\", n: \"i32\", BLOCK: tl.constexpr = 256):\n"
    "    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
    "    x = tl.load(x_ptr + offs, mask=offs < n)\n"
    "    tl.store(x_ptr + offs, x * 2.0, mask=offs < n)\n";

int main(void) {
  tilec_options o;
  memset(&o, 0, sizeof o);
  tilec_result *r = NULL;
  if (tilec_compile("scale.tir", src, sizeof src - 1, &o, &r) != 0) return 1;
  size_t n;
  const char *ptx = tilec_result_output(r, &n);
  const char *entry = strstr(ptx, ".entry");
  int len = entry ? (int)strcspn(entry, "(") : 4;
  printf("tilec %s: %.*s\n", tilec_version(), len, entry ? entry : "none");
  printf("tilert: %s\n", tilert_status_name(TILERT_OK));
  tilec_result_free(r);
  return entry ? 0 : 1;
}
