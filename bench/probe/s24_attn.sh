# Session 24: attention forward (bench/matmul.py's attention case, B 4, H 32, S 4096, D 128,
# causal and not) on the previous PTX (.carry/torch) and on this session's (.carry/torch_pk2:
# p @ v's proxy fence dropped), each run with Triton's rows beside it. Logs in $OUT.
export TILERT_BUILD_DIR=/tmp/tb
for P in .carry/torch .carry/torch_pk2; do
  t=$(basename $P)
  MATMUL_ONLY=attention python3 bench/matmul.py $P > $OUT/attn-$t.jsonl 2> $OUT/attn-$t.err; tail -2 $OUT/attn-$t.err
done
python3 - <<'PY'
import json, os
for t in ("torch", "torch_pk2"):
    for l in open(os.environ["OUT"] + "/attn-%s.jsonl" % t):
        d = json.loads(l)
        print("%-10s %-40s %-16s %-8s %7.1f %s" % (t, d["case"], d["impl"], d.get("block", ""), d["tflops"], d["check"]))
PY
