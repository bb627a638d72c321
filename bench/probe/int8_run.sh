set -u
export TILERT_BUILD_DIR=/tmp/tb
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm --format=csv,noheader
python3 test/gpu/torch/harness.py dot --part "int8" > $OUT/check-int8.txt 2>&1; tail -4 $OUT/check-int8.txt
python3 test/gpu/torch/harness.py dot --part "fp8" > $OUT/check-fp8.txt 2>&1; grep -i "nmajor\|torch checks" $OUT/check-fp8.txt | tail -4
R=$PWD; (cd /tmp && compute-sanitizer --tool racecheck python3 $R/test/gpu/torch/harness.py dot --part "int8" > $OUT/racecheck-int8.txt 2>&1); grep -E "RACECHECK SUMMARY|hazard|torch checks" $OUT/racecheck-int8.txt | tail -3
python3 bench/int8.py .carry/torch 4096 8192 > $OUT/int8.jsonl 2> $OUT/int8.err; tail -3 $OUT/int8.err
python3 - <<'PY'
import json, os
for l in open(os.environ["OUT"] + "/int8.jsonl"):
    d = json.loads(l); print("%-36s %-34s %8.1f %s" % (d["case"], d["impl"], d["tops"], d["check"]))
PY
