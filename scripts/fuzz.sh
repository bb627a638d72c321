#!/usr/bin/env bash
# Builds the fuzz targets (test/fuzz) with sanitizers, replays each target's regression
# corpus (test/fuzz/corpus/<target>/) and the seeds (examples/, test/**/*.tir, *.ir), then
# fuzzes each target for a bounded time, one after another. docs/fuzzing.md says more.
#
#   bash scripts/fuzz.sh [--time S] [--campaign S] [--replay-only] [--log FILE] [TARGET...]
#
#   --time S       fuzz each target S seconds (default 25) on a fresh working corpus
#   --campaign S   fuzz each target S seconds, keeping the working corpus in
#                  build-fuzz/fuzz-work/<target> from one campaign to the next
#   --replay-only  only replay the corpora (what the gcc fallback always does)
#   --log FILE     where the PASS:/FAIL: lines go (default build-fuzz/fuzz.log)
#   TARGET         tir, ir, sig, meta (default: all)
#
# With clang-22 (or clang) and its libFuzzer runtime the targets are libFuzzer binaries;
# otherwise gcc builds them with a replay driver (test/fuzz/driver_main.c) and no mutation
# happens. Fuzzing goes on after a finding (libFuzzer's fork mode); each finding is replayed,
# and one that matches test/fuzz/findings/known.txt (an open defect someone else fixes) is
# noted, not failed. Each target ends in one line "PASS: fuzz-<target> ..." or "FAIL:
# fuzz-<target> ..."; a failed build is "FAIL: fuzz-build". Exit status 1 on any FAIL.
# Environment: TILEC_FUZZ_SEED (libFuzzer's -seed; default 20261123 for --time runs, fresh
# for campaigns; 0 = fresh), TILEC_FUZZ_BUILD (build folder, default build-fuzz), TILEC_FUZZ_CC (the
# compilers to try for libFuzzer, default "clang-22 clang"; e.g. "none" forces the gcc driver).
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
bdir=${TILEC_FUZZ_BUILD:-$root/build-fuzz}
secs=25
keep=0
replay_only=0
log=""
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --time) secs=$2; shift 2 ;;
    --campaign) secs=$2; keep=1; shift 2 ;;
    --replay-only) replay_only=1; shift ;;
    --log) log=$2; shift 2 ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=(tir ir sig meta)
mkdir -p "$bdir"
log=${log:-$bdir/fuzz.log}
: >"$log"
result() { echo "$1" | tee -a "$log"; }

# Per-input limits: a hang past 'timeout' seconds or a process above 'rss' MB is a finding.
declare -A maxlen=([tir]=8192 [ir]=16384 [sig]=1024 [meta]=8192)
timeout_s=10
rss_mb=2048

# ---- pick the compiler: clang with libFuzzer, else the C compiler with the replay driver ----
pick_cc() {
  local c
  for c in ${TILEC_FUZZ_CC:-clang-22 clang}; do
    command -v "$c" >/dev/null 2>&1 || continue
    printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n){(void)d;(void)n;return 0;}\n' \
      >"$bdir/probe.c"
    if "$c" -fsanitize=fuzzer,address,undefined "$bdir/probe.c" -o "$bdir/probe" >/dev/null 2>&1; then
      echo "$c"; return
    fi
  done
}
cc_fuzz=$(pick_cc)
libfuzzer=1
if [ -z "$cc_fuzz" ]; then
  libfuzzer=0
  cc_fuzz=${CC:-cc}
  echo "fuzz: no clang with libFuzzer; building the replay driver with $cc_fuzz (no mutation)"
fi

# Debug keeps assertions and the verifier after every pass; -O1 keeps the runs fast.
if ! CC=$cc_fuzz cmake -S . -B "$bdir" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS=-O1 \
       -DTILEC_ASAN=ON -DTILEC_FUZZ=ON -DTILEC_WERROR=OFF -DTILEC_BUILD_SHARED=OFF >"$bdir/configure.log" 2>&1 ||
   ! cmake --build "$bdir" --target fuzz -j"$(nproc)" >"$bdir/build.log" 2>&1; then
  grep -E 'error|Error' "$bdir/configure.log" "$bdir/build.log" | head -20
  result "FAIL: fuzz-build (see $bdir/build.log)"
  exit 1
fi
echo "fuzz: targets built with $cc_fuzz in $bdir"

# ---- seeds: the regression corpus plus the tree's kernels and IR files ----
seed_dirs() {
  local t=$1 s=$bdir/fuzz-seeds/$t
  rm -rf "$s"; mkdir -p "$s"
  case "$t" in
    tir) find examples test -name '*.tir' -not -path '*/fuzz/*' | while read -r f; do cp "$f" "$s/$(echo "$f" | tr / _)"; done ;;
    ir) find test -name '*.ir' -not -path '*/fuzz/*' | while read -r f; do cp "$f" "$s/$(echo "$f" | tr / _)"; done ;;
  esac
  echo "$root/test/fuzz/corpus/$t $s"
}

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

# Runs every seed once; a crash, sanitizer report or leak fails the target.
replay() {
  local t=$1; shift
  local out=$bdir/fuzz-logs/$t-replay.log
  if [ $libfuzzer -eq 1 ]; then
    local empty=$bdir/fuzz-empty/$t
    rm -rf "$empty"; mkdir -p "$empty"
    mkdir -p "$bdir/fuzz-artifacts/$t-replay"
    "$bdir/fuzz_$t" -runs=0 -timeout=$timeout_s -rss_limit_mb=$rss_mb \
      -artifact_prefix="$bdir/fuzz-artifacts/$t-replay/" "$empty" "$@" >"$out" 2>&1
  else
    "$bdir/fuzz_$t" "$@" >"$out" 2>&1
  fi
}

# Fuzzes for $secs seconds in a child process that keeps going after a finding (libFuzzer's
# fork mode), so that a hit on a known open finding does not end the run. Leaves the new
# inputs that crashed, hung or ran out of memory listed in $bdir/fuzz-logs/$t.new.
fuzz() {
  local t=$1; shift
  local work=$bdir/fuzz-work/$t art=$bdir/fuzz-artifacts/$t/ out=$bdir/fuzz-logs/$t.log
  [ $keep -eq 1 ] || rm -rf "$work"
  mkdir -p "$work" "$art"
  local dict=()
  [ -f "test/fuzz/$t.dict" ] && dict=(-dict="test/fuzz/$t.dict")
  touch "$bdir/fuzz-logs/$t.stamp"
  # Short runs (--time, what the tests do) start from a fixed seed, so that a given change
  # meets the same inputs each time; campaigns draw a fresh one (TILEC_FUZZ_SEED overrides:
  # 0 means fresh).
  local seed=${TILEC_FUZZ_SEED:-$([ $keep -eq 1 ] && echo 0 || echo 20261123)}
  "$bdir/fuzz_$t" -seed="$seed" -max_total_time="$secs" -timeout=$timeout_s -rss_limit_mb=$rss_mb \
    -malloc_limit_mb=$rss_mb -max_len="${maxlen[$t]}" -artifact_prefix="$art" -print_final_stats=1 \
    -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    "${dict[@]}" "$work" "$@" >"$out" 2>&1
  local rc=$?
  find "$art" -type f -newer "$bdir/fuzz-logs/$t.stamp" >"$bdir/fuzz-logs/$t.new"
  return $rc
}

# Replays each new finding; prints "K known U unknown". A finding is known when its report
# matches a line of test/fuzz/findings/known.txt (an open defect with a reproducer in
# test/fuzz/findings/); anything else is new.
classify() {
  local t=$1 known=0 unknown=0 f rep=$bdir/fuzz-logs/$t.replay-finding
  local pats=test/fuzz/findings/known.txt
  while read -r f; do
    [ -n "$f" ] || continue
    "$bdir/fuzz_$t" -timeout=$timeout_s -rss_limit_mb=$rss_mb "$f" >"$rep" 2>&1
    if [ -f "$pats" ] && grep -qEf <(grep -vE '^(#|$)' "$pats") "$rep"; then
      known=$((known + 1))
    else
      unknown=$((unknown + 1))
      echo "fuzz: new finding $f:" >&2
      grep -E 'ERROR|runtime error|SUMMARY' "$rep" | head -3 >&2
    fi
  done <"$bdir/fuzz-logs/$t.new"
  echo "$known $unknown"
}

# "execs 12345, cov 678, ft 9012, corpus 34" from a libFuzzer log.
stats() {
  local l=$1 execs cov
  execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$l" | grep -oE '[0-9]+$' | tail -1)
  [ -n "$execs" ] || execs=$(grep -oE '^#[0-9]+' "$l" | tail -1 | tr -d '#')
  cov=$(grep -E '^#[0-9]+.*cov: ' "$l" | tail -1 | grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' )
  echo "execs ${execs:-?}, ${cov:-no coverage line}"
}

mkdir -p "$bdir/fuzz-logs"
status=0
for t in "${targets[@]}"; do
  if [ ! -x "$bdir/fuzz_$t" ]; then result "FAIL: fuzz-$t (no such target)"; status=1; continue; fi
  read -r -a seeds <<<"$(seed_dirs "$t")"
  if ! replay "$t" "${seeds[@]}"; then
    grep -E 'ERROR|SUMMARY|runtime error|Running:' "$bdir/fuzz-logs/$t-replay.log" | tail -5
    result "FAIL: fuzz-$t-replay (see $bdir/fuzz-logs/$t-replay.log; the input is in $bdir/fuzz-artifacts/$t-replay/)"
    status=1
    continue
  fi
  result "PASS: fuzz-$t-replay"
  [ $libfuzzer -eq 1 ] && [ $replay_only -eq 0 ] || continue
  echo "fuzz: $t for ${secs}s"
  fuzz "$t" "${seeds[@]}"
  frc=$?
  read -r nknown nnew <<<"$(classify "$t")"
  note=""
  [ "$nknown" -gt 0 ] && note="; $nknown input(s) hit known open findings (test/fuzz/findings)"
  if [ $frc -eq 0 ] && [ "$nnew" -eq 0 ]; then
    result "PASS: fuzz-$t ($(stats "$bdir/fuzz-logs/$t.log")$note)"
  else
    [ $frc -eq 0 ] || grep -E 'ERROR|SUMMARY|runtime error' "$bdir/fuzz-logs/$t.log" | tail -4
    result "FAIL: fuzz-$t ($(stats "$bdir/fuzz-logs/$t.log"); $nnew new finding(s)$note; see $bdir/fuzz-logs/$t.log and the inputs listed in $bdir/fuzz-logs/$t.new)"
    status=1
  fi
done
exit $status
