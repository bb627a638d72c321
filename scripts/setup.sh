#!/usr/bin/env bash
# Installs what tilec needs to build and test on Debian 12, when it is missing:
# a C compiler, CMake, and LLVM 22 (llvm-22-dev for the C API, llvm-22-tools for lit and
# FileCheck). The CUDA toolkit is optional: ptxas (for --emit=cubin and the ptxas checks in
# the tests) and libdevice (for math functions) are used when found.
set -euo pipefail

need=()
command -v cc >/dev/null 2>&1 || need+=(gcc libc6-dev)
command -v cmake >/dev/null 2>&1 || need+=(cmake)
command -v make >/dev/null 2>&1 || need+=(make)
command -v python3 >/dev/null 2>&1 || need+=(python3)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config) # the install test builds with it
[ -x /usr/bin/llvm-config-22 ] || need+=(llvm-22-dev)
[ -x /usr/lib/llvm-22/bin/FileCheck ] && [ -x /usr/lib/llvm-22/bin/lit ] || need+=(llvm-22-tools)
# llvm-config --libs needs the static/shared libs and zlib/zstd/libxml2 dev files.
dpkg -s zlib1g-dev >/dev/null 2>&1 || need+=(zlib1g-dev)
dpkg -s libzstd-dev >/dev/null 2>&1 || need+=(libzstd-dev)

if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
# clang-22 with its libFuzzer runtime, for the fuzz targets (scripts/fuzz.sh). Optional: when
# it cannot be installed, the fuzz targets are built with gcc and only replay their corpora.
if ! command -v clang-22 >/dev/null 2>&1 || ! ls /usr/lib/llvm-22/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
  echo "setup: installing clang-22 libclang-rt-22-dev (for fuzzing)"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  fz=(clang-22 libclang-rt-22-dev)
  if ! $SUDO apt-get install -y -qq --no-install-recommends "${fz[@]}" >/dev/null 2>&1 &&
     ! { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends "${fz[@]}"; } >/dev/null 2>&1; then
    echo "setup: clang-22 not installed: the fuzz targets will only replay their corpora (gcc)"
  fi
fi
echo "setup: $(cmake --version | head -1), LLVM $(llvm-config-22 --version)"
if command -v ptxas >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/ptxas ]; then
  echo "setup: ptxas found (cubin output and ptxas checks enabled)"
else
  echo "setup: ptxas not found (cubin output and ptxas checks will be skipped)"
fi
