/* tune_gpu: issue 10's GPU measurements, one program with three commands (bench/tuning/
 * README.md). Linked with the JIT libtilert (libtilec inside); for the GPU machine, which has
 * no LLVM, bench/tuning/prepare.sh links it with LLVM static.
 *
 *   tune_gpu first-call add|rowsum|matmul [--root DIR] [--phase LABEL] [--n N] [--m M] [--k K]
 *   tune_gpu check [--root DIR]
 *   tune_gpu spec [CASE...] [--root DIR] [--iters N]
 *
 * --root is the repository root (kernel files are read below it; default "."). */
#include "tg.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc >= 2 && !strcmp(argv[1], "first-call")) return tg_first_call_main(argc - 2, argv + 2);
  if (argc >= 2 && !strcmp(argv[1], "check")) return tg_check_main(argc - 2, argv + 2);
  if (argc >= 2 && !strcmp(argv[1], "spec")) return tg_spec_main(argc - 2, argv + 2);
  fprintf(stderr, "usage: tune_gpu first-call|check|spec ... (bench/tuning/README.md)\n");
  return 2;
}
