#!/usr/bin/env bash
# Dev machine: compiles everything test/gpu/all.sh runs on the GPU machine into .carry/:
# the example kernels and benchmark variants (scripts/gpu_prepare.sh), the >100 KB
# shared-memory kernels (prepare_smem.sh), the convert_layout route kernels
# (prepare_routes.sh) and the target checks (prepare_target_check.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash scripts/gpu_prepare.sh
bash test/gpu/prepare_smem.sh
ARCH=sm_90a bash test/gpu/prepare_routes.sh
bash test/gpu/prepare_target_check.sh
du -sh .carry
