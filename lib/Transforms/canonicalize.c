/* Pass "canonicalize" (work in progress). */
#include "Transforms/passes.h"

static bool run(ir_module *m) {
  (void)m;
  return true;
}

const ir_pass pass_canonicalize = {"canonicalize", "canonicalize (stub)", run};
