#!/bin/bash
# A/B on the GPU machine (after bench/tuning/prepare.sh; carry .carry): the cold first call of
# the matmul tutorial with and without the nvJitLink warm-up (TILERT_ASSEMBLER_WARMUP), four
# interleaved pairs, fresh caches. Prints phase, first call, jit, compile+assembly, assemblies
# summed, tune (ms).
W=$(mktemp -d); xz -dc .carry/tune/tune_gpu.xz > $W/tg; chmod +x $W/tg
for i in 1 2 3 4; do for wu in 1 0; do
  mkdir -p $W/c-$wu-$i $W/cc-$wu-$i
  env TILERT_ASSEMBLER_WARMUP=$wu TILERT_CACHE_DIR=$W/c-$wu-$i CUDA_CACHE_PATH=$W/cc-$wu-$i $W/tg first-call matmul --phase cold-w$wu | python3 -c "
import sys,json
for l in sys.stdin:
  d=json.loads(l); print(d['phase'], round(d['first_call_ms'],1), round(d['jit_ms'],1), round(d['compile_ms'],1), round(d['assemble_ms'],1), round(d['tune_ms'],1))"
done; done
