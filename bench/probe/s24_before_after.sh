# Session 24: one bench/matmul.py case (MATMUL_ONLY=CASE: attention, matmul_fp8, ...) on the
# previous PTX (.carry/torch) and on this session's (.carry/torch_pk2: the cp.async stages'
# proxy fence dropped, the loops' wide offsets kept 64-bit), each run with Triton's rows and
# torch's beside it. Logs in $OUT (CASE-torch.jsonl, CASE-torch_pk2.jsonl); a table last.
#
#   bash bench/probe/s24_before_after.sh attention      # or matmul_fp8
export TILERT_BUILD_DIR=/tmp/tb
C=${1:?a bench/matmul.py case}
for P in .carry/torch .carry/torch_pk2; do
  t=$(basename $P)
  MATMUL_ONLY=$C python3 bench/matmul.py $P > $OUT/$C-$t.jsonl 2> $OUT/$C-$t.err; tail -2 $OUT/$C-$t.err
done
C=$C python3 - <<'PY'
import json, os
for t in ("torch", "torch_pk2"):
    for l in open(os.environ["OUT"] + "/%s-%s.jsonl" % (os.environ["C"], t)):
        d = json.loads(l)
        print("%-10s %-44s %-16s %-18s %7.1f %s" % (t, d["case"], d["impl"], d.get("block", ""), d["tflops"], d["check"]))
PY
