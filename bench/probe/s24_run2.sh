# Session 24, second GPU run (carry .carry/torch_pk2 from test/gpu/torch/prepare.sh): the
# whole torch suite on this session's PTX, bench/matmul.py's matmul case (tilec's bench
# configs beside Triton's JIT and cuBLAS, f16 and bf16, 4096^3 and 8192^3), racecheck over
# the matmul tutorial checks. Logs in $OUT; a short table last.
set -u
export TILERT_BUILD_DIR=/tmp/tb
P=.carry/torch_pk2
nvidia-smi --query-gpu=name,power.limit --format=csv,noheader
python3 test/gpu/torch/harness.py --carry $P > $OUT/check.txt 2>&1; grep -E "^FAIL|torch checks" $OUT/check.txt | tail -6
MATMUL_ONLY=matmul python3 bench/matmul.py $P > $OUT/matmul.jsonl 2> $OUT/matmul.err; tail -2 $OUT/matmul.err
R=$PWD; (cd /tmp && timeout 200 compute-sanitizer --tool racecheck python3 $R/test/gpu/torch/harness.py dot --carry $R/$P \
  --part "matmul tutorial" > $OUT/racecheck.txt 2>&1); grep -E "RACECHECK SUMMARY|torch checks" $OUT/racecheck.txt | tail -2
python3 - <<'PY'
import json, os
for l in open(os.environ["OUT"] + "/matmul.jsonl"):
    d = json.loads(l)
    print("%-28s %-22s %-16s %8s" % (d.get("case"), d.get("impl"), d.get("block", ""), d.get("tflops", d.get("ms"))))
PY
