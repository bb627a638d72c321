/* Pass "inline" (work in progress). */
#include "Transforms/passes.h"

static bool run(ir_module *m) {
  (void)m;
  return true;
}

const ir_pass pass_inline = {"inline", "inline (stub)", run};
