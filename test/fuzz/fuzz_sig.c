/* Fuzz target "sig": the --signature and -D parsers, through tilec_compile on a fixed source
 * whose kernels take pointers, scalars and constexprs of several kinds.
 *
 * Input, one item a line:
 *   line 1: the kernel to select (empty: every kernel)
 *   line 2: the signature ("-" alone: none)
 *   then:   NAME=VALUE, one -D each, split at the first '=' as tilec's command line does
 *           (a line without '=' is skipped, as tilec refuses it before compiling).
 * The compile stops after the tile-level passes (no LLVM), so each run is cheap. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tilec/tilec.h"

#define FUZZ_MAX_DEFINES 16

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char fuzz_source[] =
    "import triton\n"
    "import triton.language as tl\n"
    "\n"
    "@triton.jit\n"
    "def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr = 256):\n"
    "    pid = tl.program_id(axis=0)\n"
    "    offs = pid * BLOCK + tl.arange(0, BLOCK)\n"
    "    mask = offs < n\n"
    "    x = tl.load(x_ptr + offs, mask=mask)\n"
    "    y = tl.load(y_ptr + offs, mask=mask)\n"
    "    tl.store(out_ptr + offs, x + y, mask=mask)\n"
    "\n"
    "@triton.jit\n"
    "def scale_kernel(x_ptr, out_ptr, alpha, n, stride, BLOCK: tl.constexpr, EVEN: tl.constexpr,\n"
    "                 ACT: tl.constexpr = 'none', EPS: tl.constexpr = 1e-5):\n"
    "    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
    "    if EVEN:\n"
    "        x = tl.load(x_ptr + offs * stride)\n"
    "    else:\n"
    "        x = tl.load(x_ptr + offs * stride, mask=offs < n, other=0.0)\n"
    "    y = x * alpha + EPS\n"
    "    if ACT == 'relu':\n"
    "        y = tl.maximum(y, 0.0)\n"
    "    tl.store(out_ptr + offs, y, mask=offs < n)\n"
    "\n"
    "@triton.jit\n"
    "def cast_kernel(x_ptr: \"*fp32\", out_ptr: \"*fp16\", n: \"i32\", BLOCK: tl.constexpr = 128,\n"
    "                DT: tl.constexpr = tl.float16, NUM: tl.constexpr = None):\n"
    "    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)\n"
    "    x = tl.load(x_ptr + offs, mask=offs < n)\n"
    "    if NUM is not None:\n"
    "        x = x * NUM\n"
    "    tl.store(out_ptr + offs, x.to(DT), mask=offs < n)\n";

typedef struct fuzz_input {
  char *text;               /* a NUL-terminated copy of the input, cut into lines */
  const char *kernel;       /* NULL: every kernel */
  const char *signature;    /* NULL: none */
  tilec_define defines[FUZZ_MAX_DEFINES];
  size_t ndefines;
} fuzz_input;

/* Cuts the copy at each newline; returns the next line or NULL at the end. */
static char *next_line(char **cursor) {
  char *s = *cursor;
  if (!s) return NULL;
  char *nl = strchr(s, '\n');
  if (nl) *nl = 0;
  *cursor = nl ? nl + 1 : NULL;
  return s;
}

static void split_input(fuzz_input *in) {
  char *cur = in->text;
  char *k = next_line(&cur);
  char *sig = next_line(&cur);
  in->kernel = k && *k ? k : NULL;
  in->signature = sig && strcmp(sig, "-") != 0 ? sig : NULL;
  for (char *l; (l = next_line(&cur)) && in->ndefines < FUZZ_MAX_DEFINES;) {
    char *eq = strchr(l, '=');
    if (!eq || eq == l) continue;
    *eq = 0;
    in->defines[in->ndefines++] = (tilec_define){l, eq + 1};
  }
}

/* Diagnostics are expected; TILEC_FUZZ_VERBOSE=1 prints them, for triage. */
static void quiet(void *user, const tilec_diagnostic *d) {
  (void)user;
  if (getenv("TILEC_FUZZ_VERBOSE")) fprintf(stderr, "%s\n", d->rendered);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_input in;
  memset(&in, 0, sizeof in);
  in.text = malloc(size + 1);
  if (!in.text) return 0;
  memcpy(in.text, data, size);
  in.text[size] = 0;
  split_input(&in);
  tilec_options o;
  memset(&o, 0, sizeof o);
  o.signature = in.signature;
  o.defines = in.defines;
  o.ndefines = in.ndefines;
  o.kernels = in.kernel ? &in.kernel : NULL;
  o.nkernels = in.kernel ? 1 : 0;
  o.emit = TILEC_EMIT_TILE;
  o.on_diagnostic = quiet;
  tilec_result *r = NULL;
  if (tilec_compile("fuzz_sig.tir", fuzz_source, sizeof fuzz_source - 1, &o, &r) == 0) {
    size_t len = 0;
    (void)tilec_result_output(r, &len);
  }
  tilec_result_free(r);
  free(in.text);
  return 0;
}
