#!/usr/bin/env bash
# The test command: set up, build from scratch, run every lit test (unit, IR, frontend,
# passes, conversion, diagnostics, API, end-to-end), then the bad-input suite again under
# AddressSanitizer, then the fuzz targets (scripts/fuzz.sh: each target's regression corpus,
# then about 20 s of fuzzing each). Prints "N passed, M failed" last.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || exit 1
lit=/usr/lib/llvm-22/bin/lit
rm -rf build-test build-asan build-release
bash scripts/build.sh build-test || exit 1
"$lit" -v build-test/test 2>&1 | tee build-test/lit.log | grep -E '^(FAIL|XPASS|UNRESOLVED|  Passed|  Failed|  Unsupported|  Expected|Total)' 
# An optimized build too: some warnings (maybe-uninitialized) only appear at -O2.
rm -rf build-release
bash scripts/build.sh build-release -DCMAKE_BUILD_TYPE=Release || exit 1
bash scripts/build.sh build-asan -DTILEC_ASAN=ON || exit 1
ASAN_OPTIONS=detect_leaks=1 "$lit" -v build-asan/test/diagnostics build-asan/test/Frontend build-asan/test/IR build-asan/test/api 2>&1 \
  | tee build-asan/lit.log | grep -E '^(FAIL|UNRESOLVED|  Passed|  Failed)'
# Fuzzing: a crash, a sanitizer report, a leak, a hang or a failed build is a FAIL line.
rm -rf build-fuzz
if ! bash scripts/fuzz.sh --time "${TILEC_FUZZ_SECONDS:-20}" --log build-test/fuzz.log >build-test/fuzz.out 2>&1 &&
   ! grep -qE '^FAIL: ' build-test/fuzz.log; then
  echo "FAIL: fuzz (scripts/fuzz.sh stopped early: see build-test/fuzz.out)" >>build-test/fuzz.log
fi
grep -E '^(PASS|FAIL): ' build-test/fuzz.log
count() { grep -cE "^$1: " "$2" || true; }
p=$(( $(count PASS build-test/lit.log) + $(count PASS build-asan/lit.log) + $(count PASS build-test/fuzz.log) ))
f=$(( $(count FAIL build-test/lit.log) + $(count FAIL build-asan/lit.log) + $(count UNRESOLVED build-test/lit.log) + $(count UNRESOLVED build-asan/lit.log) + $(count XPASS build-test/lit.log) + $(count FAIL build-test/fuzz.log) ))
# A test run must leave the machine as it found it: /dev/null stays a character device.
if [ ! -c /dev/null ]; then echo "test.sh: /dev/null is not a character device after the run"; f=$((f + 1)); fi
s=$(( $(count UNSUPPORTED build-test/lit.log) + $(count UNSUPPORTED build-asan/lit.log) ))
echo "${p} passed, ${f} failed, ${s} skipped"
[ "$f" -eq 0 ] && [ "$p" -gt 0 ]
