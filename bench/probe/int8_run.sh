# Issue 9's int8 wgmma measurements and checks on the GPU machine, one call (carry
# [".carry/torch"] from test/gpu/torch/prepare.sh): the whole torch suite (or the parts
# given as arguments), racecheck over the int8 checks, bench/int8.py at 4096^3 and 8192^3.
# Logs in $OUT; a table last.
set -u
export TILERT_BUILD_DIR=/tmp/tb
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader
python3 test/gpu/torch/harness.py "$@" > $OUT/check.txt 2>&1; grep -E "^FAIL|torch checks" $OUT/check.txt | tail -8
R=$PWD; (cd /tmp && compute-sanitizer --tool racecheck python3 $R/test/gpu/torch/harness.py dot --part "int8" > $OUT/racecheck-int8.txt 2>&1)
grep -E "RACECHECK SUMMARY|torch checks" $OUT/racecheck-int8.txt | tail -2
python3 bench/int8.py .carry/torch 4096 8192 > $OUT/int8.jsonl 2> $OUT/int8.err; tail -3 $OUT/int8.err
python3 - <<'PY'
import json, os
for l in open(os.environ["OUT"] + "/int8.jsonl"):
    d = json.loads(l); print("%-40s %-34s %8.1f %s" % (d["case"], d["impl"], d["tops"], d["check"]))
PY
