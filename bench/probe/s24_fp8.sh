# Session 24: bench/matmul.py's fp8 e4m3 8192^3 case on the previous PTX (.carry/torch) and
# this session's (.carry/torch_pk2: the cp.async stages' proxy fence dropped), each with
# Triton's rows and torch._scaled_mm beside it. Logs in $OUT.
export TILERT_BUILD_DIR=/tmp/tb
for P in .carry/torch .carry/torch_pk2; do
  t=$(basename $P)
  MATMUL_ONLY=matmul_fp8 python3 bench/matmul.py $P > $OUT/fp8-$t.jsonl 2> $OUT/fp8-$t.err; tail -2 $OUT/fp8-$t.err
done
python3 - <<'PY'
import json, os
for t in ("torch", "torch_pk2"):
    for l in open(os.environ["OUT"] + "/fp8-%s.jsonl" % t):
        d = json.loads(l)
        print("%-10s %-16s %-18s %7.1f %s" % (t, d["impl"], d.get("block", ""), d["tflops"], d["check"]))
PY
