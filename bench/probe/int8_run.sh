# Issue 9's int8 wgmma measurements and checks on the GPU machine, one call (carry
# [".carry/torch", ".carry/tf"] from test/gpu/torch/prepare.sh and the tf_ lines of
# bench/results/2026-11-25-h200-s23.md): the whole torch suite (or the check files given as
# arguments), racecheck over the int8 and fp8 checks, bench/int8.py at 4096^3 and 8192^3,
# the tf32 probe. Logs in $OUT; a table last.
set -u
export TILERT_BUILD_DIR=/tmp/tb
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader
python3 test/gpu/torch/harness.py "$@" > $OUT/check.txt 2>&1; grep -E "^FAIL|torch checks" $OUT/check.txt | tail -8
R=$PWD; (cd /tmp && compute-sanitizer --tool racecheck python3 $R/test/gpu/torch/harness.py dot --part "int8" --part "fp8" \
  > $OUT/racecheck.txt 2>&1)
grep -E "RACECHECK SUMMARY|torch checks" $OUT/racecheck.txt | tail -2
python3 bench/int8.py .carry/torch 4096 8192 > $OUT/int8.jsonl 2> $OUT/int8.err; tail -3 $OUT/int8.err
[ -d .carry/tf ] && python3 bench/probe/tf32_probe.py .carry/tf > $OUT/tf32.jsonl 2> $OUT/tf32.err
python3 - <<'PY'
import json, os
for f in ("int8", "tf32"):
    p = os.environ["OUT"] + "/%s.jsonl" % f
    if os.path.exists(p):
        for l in open(p):
            d = json.loads(l)
            print("%-42s %-34s %8s %s" % (d["case"], d["impl"], d.get("tops", d.get("tflops")), d["check"]))
PY
