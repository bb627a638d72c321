# Session 24: Nsight Compute cycles at its fixed clock and stall ratios, this session's PTX (carry
# .carry/torch_pk2) against Triton's, 128x256 and 128x128 with 3 stages (bench/probe/ptx_ab.py, ROUNDS 0).
export TILERT_BUILD_DIR=/tmp/tb
P=.carry/torch_pk2
for c in f16:128x256x64:w8:s4 f16:128x256x64:w8:s3 f16:128x128x64:w8:s3; do
 ncu -k regex:matmul --launch-skip 1 --launch-count 3 --metrics gpu__time_duration.sum,sm__cycles_active.avg,smsp__inst_executed.sum,"regex:smsp__average_warps_issue_stalled_(long_scoreboard|dispatch_stall|wait|barrier|gmma|math_pipe_throttle|not_selected)_per_issue_active.ratio" python3 bench/probe/ptx_ab.py $P 4096 0 $c > $OUT/ncu5-${c//:/_}.txt 2>&1
 echo "== $c"; grep "launches:" $OUT/ncu5-${c//:/_}.txt; grep -E "gpu__time|cycles_active|inst_executed|stalled" $OUT/ncu5-${c//:/_}.txt | awk '{print $1, $NF}' | paste - - - - - - - - - -
done
