/* Fuzz target "tir": the .tir frontend through the embedding API, source to PTX with every
 * pass (include/tilec/tilec.h, tilec_compile). The input is the kernel source.
 *
 * Any outcome but a crash, a sanitizer report, a leak or a hang is fine: bad sources must
 * end in diagnostics (counted here; printed when TILEC_FUZZ_VERBOSE is set, for triage) and
 * a non-zero status. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tilec/tilec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void count_diag(void *user, const tilec_diagnostic *d) {
  unsigned *n = user;
  (*n)++;
  /* Touch every string the API promises, so that a dangling view is an ASan report. */
  size_t len = strlen(d->message) + strlen(d->rendered) + (d->file ? strlen(d->file) : 0);
  (void)len;
  if (getenv("TILEC_FUZZ_VERBOSE")) fprintf(stderr, "%s\n", d->rendered);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  unsigned ndiags = 0;
  tilec_options o;
  memset(&o, 0, sizeof o);
  o.on_diagnostic = count_diag;
  o.diagnostic_user = &ndiags;
  tilec_result *r = NULL;
  int rc = tilec_compile("fuzz.tir", (const char *)data, size, &o, &r);
  if (rc == 0 && r) {
    size_t len = 0;
    const char *out = tilec_result_output(r, &len);
    const char *md = tilec_result_metadata(r, &len);
    (void)out, (void)md;
    for (size_t i = 0; i < tilec_result_kernel_count(r); i++) (void)tilec_result_kernel_name(r, i);
  }
  if (getenv("TILEC_FUZZ_VERBOSE")) fprintf(stderr, "fuzz_tir: status %d, %u diagnostics\n", rc, ndiags);
  tilec_result_free(r);
  return 0;
}
