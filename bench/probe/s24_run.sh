# Session 24 on the GPU machine (carry .carry/torch = the previous PTX and .carry/torch_pk2 = this
# session's, both from test/gpu/torch/prepare.sh): the dot checks on the new PTX, then the 128x128
# matmuls old / fence dropped (textual) / final beside Triton (bench/probe/ptx_ab.py). Logs in $OUT.
export TILERT_BUILD_DIR=/tmp/tb
P=.carry/torch_pk2
python3 test/gpu/torch/harness.py dot --carry $P > $OUT/dot.txt 2>&1; grep -E "^FAIL|torch checks" $OUT/dot.txt | tail -5
for S in 4096 8192; do python3 bench/probe/ptx_ab.py .carry/torch $S 5 \
  f16w8 +final=$P/bench_mm_f16_128x128x64_w8_s4_wgmma.ptx \
  f16:128x128x64:w8:s3 +final=$P/bench_mm_f16_128x128x64_w8_s3_wgmma.ptx \
  f16w4 +final=$P/bench_mm_f16_128x128x64_w4_s3_wgmma.ptx \
  bf16:128x128x64:w8:s4 +final=$P/bench_mm_bf16_128x128x64_w8_s4_wgmma.ptx \
  bf16:128x128x64:w4:s3 +final=$P/bench_mm_bf16_128x128x64_w4_s3_wgmma.ptx \
  i8w4 +final=$P/bench_mm_i8_bt_128x128x64_w4_s4.ptx \
  f16:128x256x64:w8:s3 +final=$P/bench_mm_f16_128x256x64_w8_s3_wgmma.ptx >> $OUT/ab.jsonl 2>> $OUT/ab.err; done
grep -v Warn $OUT/ab.err | tail -5
python3 -c "
import json,os
for l in open(os.environ['OUT']+'/ab.jsonl'):
    d=json.loads(l); print('%-22s %5d %-14s %s %7.1f %s'%(d['case'],d['size'],d['impl'],d['check'],d['tflops'],d['rounds']))
"
