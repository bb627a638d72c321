#!/usr/bin/env bash
# Dev machine: compiles everything test/gpu/all.sh runs on the GPU machine into .carry/:
# the example kernels and benchmark variants (scripts/gpu_prepare.sh), the >100 KB
# shared-memory kernels (prepare_smem.sh), the convert_layout route kernels
# (prepare_routes.sh), the target checks (prepare_target_check.sh) and the torch checks'
# kernels (test/gpu/torch/prepare.sh: every test/gpu/torch/kernels_*.txt into .carry/torch;
# a line that does not compile is named and listed in .carry/torch/FAILED.txt, the rest are
# still prepared, and the torch step on the GPU reports that kernel's checks as failures).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash scripts/gpu_prepare.sh
bash test/gpu/prepare_smem.sh
ARCH=sm_90a bash test/gpu/prepare_routes.sh
bash test/gpu/prepare_target_check.sh
TILEC=${TILEC:-build/tilec} bash test/gpu/torch/prepare.sh ||
  echo "prepare_all: some torch kernels did not compile (above; .carry/torch/FAILED.txt)"
du -sh .carry
