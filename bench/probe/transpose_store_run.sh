# One device call for the transposing-store change (coalesce: lanes along the buffer's
# fastest dim, shared.c: gathered vector stores): the dot checks and racecheck on the new
# kernels (.carry/tx, test/gpu/torch/prepare.sh), the int8 bench (.carry/tx: B given K x N
# on wgmma against --no-wgmma), the tf32 tutorial probe (.carry/tf: tf_* new, tfold_* old)
# and the fp8 N-major probe (.carry/tx against .carry/torch). Logs in $OUT.
set -u
export TILERT_BUILD_DIR=/tmp/tb
python3 test/gpu/torch/harness.py dot --carry .carry/tx > $OUT/check-dot.txt 2>&1
grep -E "^FAIL|torch checks" $OUT/check-dot.txt | tail -5
R=$PWD; (cd /tmp && compute-sanitizer --tool racecheck python3 $R/test/gpu/torch/harness.py dot --carry $R/.carry/tx \
  --part "int8" --part "fp8" > $OUT/racecheck.txt 2>&1); grep -E "RACECHECK SUMMARY|torch checks" $OUT/racecheck.txt | tail -2
python3 bench/int8.py .carry/tx 4096 8192 > $OUT/int8.jsonl 2> $OUT/int8.err; tail -2 $OUT/int8.err
python3 bench/probe/tf32_probe.py .carry/tf > $OUT/tf32.jsonl 2> $OUT/tf32.err; tail -2 $OUT/tf32.err
python3 bench/probe/nmajor_probe.py .carry/tx .carry/torch > $OUT/fp8n.jsonl 2> $OUT/fp8n.err; tail -2 $OUT/fp8n.err
python3 - <<'PY'
import json, os
for f in ("int8", "tf32", "fp8n"):
    for l in open(os.environ["OUT"] + "/%s.jsonl" % f):
        d = json.loads(l)
        if f == "int8" and " kn " not in d.get("case", ""):
            continue
        print("%-44s %-34s %8s %s" % (d.get("case"), d.get("impl"), d.get("tops", d.get("tflops")), d.get("check", d.get("error"))))
PY
