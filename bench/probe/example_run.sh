# Device call for examples/matmul_int8.tir and the carried-pointer transposed loads (carry
# [".carry/torch", ".carry/tbt_old"]: test/gpu/torch/prepare.sh, and the bench_mm_bt_* lines
# compiled by the tree before the fix): checks and racecheck of the int8, int8 example and
# transposed parts, bench/int8.py (4096^3, 8192^3), bench/transposed.py with the old build.
set -u
export TILERT_BUILD_DIR=/tmp/tb
P='--part int8 --part "int8 example" --part "transposed operands"'
eval python3 test/gpu/torch/harness.py dot $P > $OUT/check.txt 2>&1; grep -E "^FAIL|torch checks" $OUT/check.txt | tail -5
R=$PWD; (cd /tmp && eval compute-sanitizer --tool racecheck python3 $R/test/gpu/torch/harness.py dot $P > $OUT/racecheck.txt 2>&1)
grep -E "RACECHECK SUMMARY|torch checks" $OUT/racecheck.txt | tail -2
python3 bench/int8.py .carry/torch 4096 8192 > $OUT/int8.jsonl 2> $OUT/int8.err; tail -2 $OUT/int8.err
python3 bench/transposed.py .carry/torch 4096 .carry/tbt_old > $OUT/bt.jsonl 2> $OUT/bt.err; tail -4 $OUT/bt.err
python3 - <<'PY'
import json, os
for f in ("int8", "bt"):
    for l in open(os.environ["OUT"] + "/%s.jsonl" % f):
        d = json.loads(l)
        if f == "int8" and "examples" not in d["case"]:
            continue
        print("%-62s %-28s %8s %s" % (d["case"], d["impl"], d.get("tops", d.get("tflops")), d["check"]))
PY
