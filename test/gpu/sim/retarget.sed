# Retargets a kernel's NVPTX LLVM IR to the host for the CPU thread-block stand-in
# (sim_block.h): no NVPTX data layout or triple, no address spaces, the dynamic shared array
# as an ordinary global, and each NVVM intrinsic as the sim_block.h function that stands in
# for it. The kernel's own name is renamed by the caller (-e "s/@NAME(/@sim_kernel(/").
/^target datalayout/d
/^target triple/d
s/ptx_kernel //
s/addrspace([0-9])//g
s/@__tilec_smem = external *global \[0 x i8\]\(, align [0-9]*\)\{0,1\}/@__tilec_smem = global [262144 x i8] zeroinitializer, align 1024/
s/@llvm\.nvvm\.read\.ptx\.sreg\.tid\.x/@sim_tid/g
s/@llvm\.nvvm\.read\.ptx\.sreg\.ctaid\.x/@sim_zero/g
s/@llvm\.nvvm\.shfl\.sync\.idx\.i32/@sim_shfl/g
s/@llvm\.nvvm\.shfl\.sync\.bfly\.i32/@sim_shfl_bfly/g
s/@llvm\.nvvm\.barrier\.cta\.sync\.aligned\.all/@sim_barrier/g
s/@llvm\.nvvm\.barrier0()/@sim_barrier(i32 0)/g
s/@llvm\.nvvm\.div\.full/@sim_div_full/g
s/@llvm\.nvvm\.ex2\.approx\.ftz\.f32/@sim_ex2/g
s/@llvm\.nvvm\.ex2\.approx\.f32/@sim_ex2/g
s/@llvm\.nvvm\.sqrt\.approx\.ftz\.f/@sim_sqrt/g
s/@llvm\.nvvm\.mma\.m16n8k16\.row\.col\.f32\.f32(/@sim_mma_m16n8k16_row_col_f32_f32(/g
s/@llvm\.nvvm\.mma\.m16n8k16\.row\.col\.f16\.f16(/@sim_mma_m16n8k16_row_col_f16_f16(/g
s/@llvm\.nvvm\.mma\.m16n8k16\.row\.col\.bf16(/@sim_mma_m16n8k16_row_col_bf16(/g
s/@llvm\.nvvm\.mma\.m16n8k8\.row\.col\.tf32(/@sim_mma_m16n8k8_row_col_tf32(/g
s/@llvm\.nvvm\.mma\.m16n8k32\.row\.col\.s8(/@sim_mma_m16n8k32_row_col_s8(/g
s/@llvm\.nvvm\.f2tf32\.rna/@sim_f2tf32_rna/g
s/@llvm\.nvvm\.ldmatrix\.sync\.aligned\.m8n8\.x1\.b16\.p3(/@sim_ldmatrix_x1(/g
s/@llvm\.nvvm\.ldmatrix\.sync\.aligned\.m8n8\.x1\.trans\.b16\.p3(/@sim_ldmatrix_x1_trans(/g
s/@llvm\.nvvm\.ldmatrix\.sync\.aligned\.m8n8\.x2\.b16\.p3(/@sim_ldmatrix_x2(/g
s/@llvm\.nvvm\.ldmatrix\.sync\.aligned\.m8n8\.x2\.trans\.b16\.p3(/@sim_ldmatrix_x2_trans(/g
s/@llvm\.nvvm\.ldmatrix\.sync\.aligned\.m8n8\.x4\.b16\.p3(/@sim_ldmatrix_x4(/g
s/@llvm\.nvvm\.ldmatrix\.sync\.aligned\.m8n8\.x4\.trans\.b16\.p3(/@sim_ldmatrix_x4_trans(/g
s/@llvm\.nvvm\.e4m3x2\.to\.f16x2\.rn(/@sim_e4m3x2_to_f16x2(/g
s/@llvm\.nvvm\.cp\.async\.c[ag]\.shared\.global\.\([0-9]*\)\.s(/@sim_cp_async_\1(/g
s/@llvm\.nvvm\.cp\.async\.commit\.group(/@sim_cp_async_commit(/g
s/@llvm\.nvvm\.cp\.async\.wait\.group(/@sim_cp_async_wait(/g
s/ immarg//g
# Predicated global stores (lib/Conversion/memory.c's asm_store: a masked store that is not
# a plain LLVM store) become calls of sim_block.h's sim_st_* (declared at the end).
s/call void asm sideeffect "@\$[0-9] st\.global\.v4\.b32 [^"]*", "r,r,r,r,l,b"(/call void @sim_st_v4_b32(/g
s/call void asm sideeffect "@\$[0-9] st\.global\.v2\.b32 [^"]*", "r,r,l,b"(/call void @sim_st_v2_b32(/g
s/call void asm sideeffect "@\$[0-9] st\.global\.b32 [^"]*", "r,l,b"(/call void @sim_st_b32(/g
s/call void asm sideeffect "@\$[0-9] st\.global\.b16 [^"]*", "h,l,b"(/call void @sim_st_b16(/g
$a\
declare void @sim_st_v4_b32(i32, i32, i32, i32, ptr, i1)\
declare void @sim_st_v2_b32(i32, i32, ptr, i1)\
declare void @sim_st_b32(i32, ptr, i1)\
declare void @sim_st_b16(i16, ptr, i1)
