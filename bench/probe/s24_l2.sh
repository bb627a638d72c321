# Session 24: L2 and DRAM traffic of tilec's 128x256 matmul (this session's PTX, carry
# .carry/torch_pk2) against Triton's, same text and config, f16 4096^3 (Nsight Compute on the
# checks' launches of bench/probe/ptx_ab.py: tilec, triton, triton). Energy under the power
# cap is what separates them at equal cycles (bench/results/2026-11-25-h200-s24.md).
export TILERT_BUILD_DIR=/tmp/tb
for c in f16:128x256x64:w8:s4 f16:128x256x64:w8:s3; do
 ncu -k regex:matmul --launch-skip 1 --launch-count 2 --metrics gpu__time_duration.sum,sm__cycles_active.avg,lts__t_requests_srcunit_tex.sum,lts__t_sectors_srcunit_tex.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__bytes_write.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,smsp__inst_executed.sum,sm__inst_executed_pipe_uniform.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ldgsts.sum python3 bench/probe/ptx_ab.py .carry/torch_pk2 4096 0 $c > $OUT/l2-${c//:/_}.txt 2>&1
 echo "== $c"; grep "launches:" $OUT/l2-${c//:/_}.txt; grep -E "^\s+(gpu__|sm__|lts__|dram__|l1tex__|smsp__)" $OUT/l2-${c//:/_}.txt | awk '{print $1, $NF}'
done
