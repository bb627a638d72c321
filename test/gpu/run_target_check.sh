#!/usr/bin/env bash
# GPU machine: builds libtilert and test/gpu/target_check.c, runs it on DIR (default
# .carry/target, made by test/gpu/prepare_target_check.sh on the dev machine).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${TILERT_BUILD_DIR:-/tmp/tilert-target-build}
DIR=${1:-$ROOT/.carry/target}
mkdir -p "$BUILD"
{ cmake -S "$ROOT" -B "$BUILD" -DTILEC_BUILD_COMPILER=OFF -DCMAKE_BUILD_TYPE=Release &&
  cmake --build "$BUILD" -j"$(nproc)"; } >"$BUILD/build.log" 2>&1 || { tail -30 "$BUILD/build.log"; exit 2; }
gcc -std=c11 -O2 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -I"$ROOT/include" "$ROOT/test/gpu/target_check.c" \
  "$BUILD/libtilert.a" -ldl -lm -lpthread -o "$BUILD/target_check" || exit 2
"$BUILD/target_check" "$DIR"
