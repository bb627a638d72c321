/* Unit tests of nvptx_keep_wide_offsets (lib/Target/NVPTX/ptx_offsets.c) on hand-written
 * PTX: the definitions it rewrites (a power-of-two mul.wide.s32 before a loop, read in it)
 * and the ones it leaves (read only after the loop, inside the loop, predicated, not a
 * power of two, a loop of another function, more than 8 in a function); the text around
 * them is copied byte for byte.
 * test/Conversion/ptx-wide-offsets.test reads the summary. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit_test.h"
#include "Target/NVPTX/ptx_offsets.h"

/* Whether the step turns `in` into `want` (byte for byte) with `count` definitions rewritten;
 * prints what it got when not. */
static bool gives(const char *in, const char *want, unsigned count) {
  unsigned n;
  char *out = nvptx_keep_wide_offsets(in, &n);
  CHECK(out);
  bool same = !strcmp(out, want);
  if (!same) printf("got:\n%s\n", out);
  free(out);
  CHECK(same);
  CHECK(n == count);
  return true;
}

#define HEAD ".visible .entry k(\n\t.param .u64 k_param_0\n)\n{\n"

static bool rewrites_loop_offset(void) {
  const char *in = HEAD "\tmul.wide.s32 \t%rd8, %r107, 2;\n"
                        "\tmul.wide.s32 \t%rd9, %r7, 16;\n"
                        "$L__BB0_2:\n"
                        "\tadd.s64 \t%rd48, %rd96, %rd8;\n"
                        "\tadd.s64 \t%rd49, %rd96, %rd9;\n"
                        "\t@%p28 bra \t$L__BB0_2;\n"
                        "\tret;\n}\n";
  const char *want = HEAD "\tcvt.s64.s32 \t%rd8, %r107;\n\tshl.b64 \t%rd8, %rd8, 1;\n"
                          "\tcvt.s64.s32 \t%rd9, %r7;\n\tshl.b64 \t%rd9, %rd9, 4;\n"
                          "$L__BB0_2:\n"
                          "\tadd.s64 \t%rd48, %rd96, %rd8;\n"
                          "\tadd.s64 \t%rd49, %rd96, %rd9;\n"
                          "\t@%p28 bra \t$L__BB0_2;\n"
                          "\tret;\n}\n";
  return gives(in, want, 2);
}

/* A loop closed by a negated guard ("@!%p bra") is a loop too. */
static bool negated_guard(void) {
  const char *in = HEAD "\tmul.wide.s32 \t%rd8, %r107, 8;\n"
                        "$L__BB0_2:\n"
                        "\tadd.s64 \t%rd48, %rd96, %rd8;\n"
                        "\t@!%p28 bra \t$L__BB0_2;\n"
                        "\tret;\n}\n";
  const char *want = HEAD "\tcvt.s64.s32 \t%rd8, %r107;\n\tshl.b64 \t%rd8, %rd8, 3;\n"
                          "$L__BB0_2:\n"
                          "\tadd.s64 \t%rd48, %rd96, %rd8;\n"
                          "\t@!%p28 bra \t$L__BB0_2;\n"
                          "\tret;\n}\n";
  return gives(in, want, 1);
}

static bool leaves_the_rest(void) {
  const char *in = HEAD "\tmul.wide.s32 \t%rd1, %r1, 2;\n"         /* read after the loop only */
                        "\tmul.wide.s32 \t%rd2, %r2, 6;\n"         /* not a power of two */
                        "\t@%p1 mul.wide.s32 \t%rd3, %r3, 2;\n"    /* predicated */
                        "\tmul.wide.s32 \t%rd4, %r4, 4;\n"         /* %rd40 is read, not %rd4 */
                        "\tmul.wide.u32 \t%rd5, %r5, 2;\n"         /* unsigned */
                        "$L__BB0_1:\n"
                        "\tmul.wide.s32 \t%rd6, %r6, 2;\n"         /* inside the loop */
                        "\tadd.s64 \t%rd7, %rd6, %rd2;\n"
                        "\tadd.s64 \t%rd7, %rd7, %rd3;\n"
                        "\tadd.s64 \t%rd7, %rd7, %rd40;\n"
                        "\tadd.s64 \t%rd7, %rd7, %rd5;\n"
                        "\tbra.uni \t$L__BB0_1;\n"
                        "\tadd.s64 \t%rd8, %rd1, 1;\n"
                        "\tret;\n}\n"
                        /* a forward branch only: no loop, nothing rewritten */
                        ".visible .entry j(\n)\n{\n"
                        "\tmul.wide.s32 \t%rd1, %r1, 2;\n"
                        "\t@%p1 bra \t$L__BB1_1;\n"
                        "$L__BB1_1:\n"
                        "\tadd.s64 \t%rd2, %rd1, 1;\n"
                        "\tret;\n}";
  return gives(in, in, 0);
}

/* A loop of one function does not make another function's definition "before a loop". */
static bool per_function(void) {
  const char *in = HEAD "\tmul.wide.s32 \t%rd1, %r1, 2;\n\tret;\n}\n"
                        ".visible .entry j(\n)\n{\n"
                        "$L__BB1_1:\n\tadd.s64 \t%rd2, %rd1, 1;\n\t@%p1 bra \t$L__BB1_1;\n\tret;\n}\n";
  return gives(in, in, 0) && gives("", "", 0);
}

/* More than 8 candidates in a function: ptxas's recomputation keeps the registers in bounds
 * there (an unhinted matmul has one offset per element), so none is rewritten. */
static bool too_many(void) {
  char in[4096] = HEAD, line[64];
  for (int r = 1; r <= 9; r++) {
    snprintf(line, sizeof line, "\tmul.wide.s32 \t%%rd%d, %%r%d, 2;\n", r, r);
    strcat(in, line);
  }
  strcat(in, "$L__BB0_1:\n");
  for (int r = 1; r <= 9; r++) {
    snprintf(line, sizeof line, "\tadd.s64 \t%%rd%d, %%rd50, %%rd%d;\n", 60 + r, r);
    strcat(in, line);
  }
  strcat(in, "\t@%p1 bra \t$L__BB0_1;\n\tret;\n}\n");
  CHECK(gives(in, in, 0));
  /* eight are rewritten */
  char *eight = strstr(in, "\tmul.wide.s32 \t%rd9,");
  CHECK(eight);
  memmove(eight, strchr(eight, '\n') + 1, strlen(strchr(eight, '\n') + 1) + 1);
  unsigned n;
  char *out = nvptx_keep_wide_offsets(in, &n);
  CHECK(out);
  free(out);
  CHECK(n == 8);
  return true;
}

int main(void) {
  static const unit_case cases[] = {
      {"rewrites_loop_offset", rewrites_loop_offset},
      {"negated_guard", negated_guard},
      {"leaves_the_rest", leaves_the_rest},
      {"per_function", per_function},
      {"too_many", too_many},
  };
  return unit_run("ptx_offsets_unit", cases, sizeof cases / sizeof cases[0]);
}
