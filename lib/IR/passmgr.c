/* The pass manager: runs passes in order with optional hooks and verification. */
#include <time.h>

#include "IR/ir_internal.h"

double ir_now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

bool ir_run_passes(ir_module *m, const ir_pass *const *passes, size_t count, bool verify,
                   const ir_pass_hooks *hooks) {
  for (size_t i = 0; i < count; i++) {
    const ir_pass *p = passes[i];
    if (hooks && hooks->before) hooks->before(hooks->user, (unsigned)i, p, m);
    double t0 = ir_now_seconds();
    bool ok = p->run(m);
    double dt = ir_now_seconds() - t0;
    if (!ok || ir_context_failed(m->ctx)) return false; /* out of memory: reported */
    if (hooks && hooks->after) hooks->after(hooks->user, (unsigned)i, p, m, dt);
    if (verify && !ir_verify(m)) {
      ir_emit_error(m->ctx, (ir_loc){0}, "verifier failed after pass '%s'", p->name);
      return false;
    }
  }
  return true;
}
