#!/usr/bin/env bash
# GPU check of the convert_layout routes (test/gpu/routes.c): builds libtilert (no LLVM, no
# CUDA headers) and routes.c, then runs every kernel that test/gpu/prepare_routes.sh
# compiled on the dev machine into DIR (default .carry/routes).
#
#   bash test/gpu/prepare_routes.sh          # dev machine (has LLVM): writes .carry/routes
#   bash test/gpu/run_routes.sh .carry/routes  # GPU machine
#
# Logs go to $OUT (when set) or /tmp/tilert-routes-logs. Exit status: 0 all passed (or no
# GPU: skipped), 1 failures, 2 build failure.
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${TILERT_BUILD_DIR:-/tmp/tilert-gpu-build}
LOGS=${OUT:-/tmp/tilert-routes-logs}
DIR=${1:-$ROOT/.carry/routes}
mkdir -p "$LOGS" "$BUILD"
if ! { cmake -S "$ROOT" -B "$BUILD" -DTILEC_BUILD_COMPILER=OFF -DTILEC_WERROR=ON -DCMAKE_BUILD_TYPE=Release &&
       cmake --build "$BUILD" -j"$(nproc 2>/dev/null || echo 4)" --target tilert; } >"$LOGS/routes_build.log" 2>&1; then
  tail -30 "$LOGS/routes_build.log"; echo "routes: build of libtilert failed"; exit 2
fi
if ! gcc -std=c11 -O2 -Wall -Wextra -Werror -D_DEFAULT_SOURCE -I"$ROOT/include" "$ROOT/test/gpu/routes.c" \
     "$BUILD/libtilert.a" -ldl -lm -lpthread -o "$BUILD/routes" >>"$LOGS/routes_build.log" 2>&1; then
  tail -30 "$LOGS/routes_build.log"; echo "routes: build of routes.c failed"; exit 2
fi
"$BUILD/routes" "$DIR" 2>&1 | tee "$LOGS/routes.log"
exit "${PIPESTATUS[0]}"
