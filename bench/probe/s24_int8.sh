# Session 24: bench/int8.py at 4096^3 on this session's PTX (carry .carry/torch_pk4 from
# test/gpu/torch/prepare.sh; the int8 kernels lost their proxy fence), beside Triton and
# torch._int_mm. Logs in $OUT; a table last.
export TILERT_BUILD_DIR=/tmp/tb
python3 bench/int8.py .carry/torch_pk4 4096 > $OUT/int8.jsonl 2> $OUT/int8.err; tail -3 $OUT/int8.err
python3 - <<'PY'
import json, os
for l in open(os.environ["OUT"] + "/int8.jsonl"):
    d = json.loads(l)
    print("%-52s %-34s %8s %s" % (d["case"], d["impl"], d.get("tops"), d["check"]))
PY
