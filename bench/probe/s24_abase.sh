# Session 24: f16 128x128x64 w8 s3 (this session's PTX, carry .carry/torch_pk4) beside a scratch
# edit of it (.carry/exp2/f16w8s3_abase.ptx: A's four advancing pointers written as one base
# plus three loop-invariant offsets, which ptxas then issues without register copies) and
# Triton, 4096^3 and 8192^3 (bench/probe/ptx_ab.py, 7 rounds). Logs in $OUT.
export TILERT_BUILD_DIR=/tmp/tb
for S in 4096 8192; do
  python3 bench/probe/ptx_ab.py .carry/torch_pk4 $S 7 f16:128x128x64:w8:s3 +abase=.carry/exp2/f16w8s3_abase.ptx >> $OUT/abase.jsonl 2>> $OUT/abase.err
done
python3 -c "
import json,os
for l in open(os.environ['OUT']+'/abase.jsonl'):
    d=json.loads(l); print('%-22s %5d %-8s %s %7.1f %s'%(d['case'],d['size'],d['impl'],d['check'],d['tflops'],d['rounds']))
"
