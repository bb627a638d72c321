#!/usr/bin/env bash
# Configures and builds tilec into $1 (default build/), passing any further arguments to
# CMake. Prints the compiler's output only when the build fails.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build}
shift || true
mkdir -p "$dir"
if ! cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Debug "$@" >"$dir/configure.log" 2>&1; then
  cat "$dir/configure.log"; exit 1
fi
if ! cmake --build "$dir" -j"$(nproc)" >"$dir/build.log" 2>&1; then
  grep -E 'error|Error' "$dir/build.log" | head -50; echo "build failed: see $dir/build.log"; exit 1
fi
echo "build: $dir ok"
