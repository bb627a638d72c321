; Host stand-ins for the NVVM mma.sync intrinsics, for the CPU simulation (sim_dot.sh):
; each has its intrinsic's signature (retarget.sed renames the calls to @sim_<name>),
; spills its registers to memory as 32-bit words and calls dot_main.c's warp-collective
; sim_mma(kind, a, b, c, d), then returns d in the intrinsic's result type.
declare void @sim_mma(i32, ptr, ptr, ptr, ptr)

define {float, float, float, float} @sim_mma_m16n8k16_row_col_f32_f32(<2 x half> %a0, <2 x half> %a1, <2 x half> %a2, <2 x half> %a3, <2 x half> %b0, <2 x half> %b1, float %c0, float %c1, float %c2, float %c3) {
  %a = alloca [4 x i32]
  %b = alloca [2 x i32]
  %c = alloca [4 x i32]
  %d = alloca [4 x i32]
  %a0.i = bitcast <2 x half> %a0 to i32
  %a0.p = getelementptr i32, ptr %a, i32 0
  store i32 %a0.i, ptr %a0.p
  %a1.i = bitcast <2 x half> %a1 to i32
  %a1.p = getelementptr i32, ptr %a, i32 1
  store i32 %a1.i, ptr %a1.p
  %a2.i = bitcast <2 x half> %a2 to i32
  %a2.p = getelementptr i32, ptr %a, i32 2
  store i32 %a2.i, ptr %a2.p
  %a3.i = bitcast <2 x half> %a3 to i32
  %a3.p = getelementptr i32, ptr %a, i32 3
  store i32 %a3.i, ptr %a3.p
  %b0.i = bitcast <2 x half> %b0 to i32
  %b0.p = getelementptr i32, ptr %b, i32 0
  store i32 %b0.i, ptr %b0.p
  %b1.i = bitcast <2 x half> %b1 to i32
  %b1.p = getelementptr i32, ptr %b, i32 1
  store i32 %b1.i, ptr %b1.p
  %c0.i = bitcast float %c0 to i32
  %c0.p = getelementptr i32, ptr %c, i32 0
  store i32 %c0.i, ptr %c0.p
  %c1.i = bitcast float %c1 to i32
  %c1.p = getelementptr i32, ptr %c, i32 1
  store i32 %c1.i, ptr %c1.p
  %c2.i = bitcast float %c2 to i32
  %c2.p = getelementptr i32, ptr %c, i32 2
  store i32 %c2.i, ptr %c2.p
  %c3.i = bitcast float %c3 to i32
  %c3.p = getelementptr i32, ptr %c, i32 3
  store i32 %c3.i, ptr %c3.p
  call void @sim_mma(i32 0, ptr %a, ptr %b, ptr %c, ptr %d)
  %d0.p = getelementptr i32, ptr %d, i32 0
  %d0.i = load i32, ptr %d0.p
  %d0 = bitcast i32 %d0.i to float
  %r0 = insertvalue {float, float, float, float} undef, float %d0, 0
  %d1.p = getelementptr i32, ptr %d, i32 1
  %d1.i = load i32, ptr %d1.p
  %d1 = bitcast i32 %d1.i to float
  %r1 = insertvalue {float, float, float, float} %r0, float %d1, 1
  %d2.p = getelementptr i32, ptr %d, i32 2
  %d2.i = load i32, ptr %d2.p
  %d2 = bitcast i32 %d2.i to float
  %r2 = insertvalue {float, float, float, float} %r1, float %d2, 2
  %d3.p = getelementptr i32, ptr %d, i32 3
  %d3.i = load i32, ptr %d3.p
  %d3 = bitcast i32 %d3.i to float
  %r3 = insertvalue {float, float, float, float} %r2, float %d3, 3
  ret {float, float, float, float} %r3
}

define {<2 x half>, <2 x half>} @sim_mma_m16n8k16_row_col_f16_f16(<2 x half> %a0, <2 x half> %a1, <2 x half> %a2, <2 x half> %a3, <2 x half> %b0, <2 x half> %b1, <2 x half> %c0, <2 x half> %c1) {
  %a = alloca [4 x i32]
  %b = alloca [2 x i32]
  %c = alloca [4 x i32]
  %d = alloca [4 x i32]
  %a0.i = bitcast <2 x half> %a0 to i32
  %a0.p = getelementptr i32, ptr %a, i32 0
  store i32 %a0.i, ptr %a0.p
  %a1.i = bitcast <2 x half> %a1 to i32
  %a1.p = getelementptr i32, ptr %a, i32 1
  store i32 %a1.i, ptr %a1.p
  %a2.i = bitcast <2 x half> %a2 to i32
  %a2.p = getelementptr i32, ptr %a, i32 2
  store i32 %a2.i, ptr %a2.p
  %a3.i = bitcast <2 x half> %a3 to i32
  %a3.p = getelementptr i32, ptr %a, i32 3
  store i32 %a3.i, ptr %a3.p
  %b0.i = bitcast <2 x half> %b0 to i32
  %b0.p = getelementptr i32, ptr %b, i32 0
  store i32 %b0.i, ptr %b0.p
  %b1.i = bitcast <2 x half> %b1 to i32
  %b1.p = getelementptr i32, ptr %b, i32 1
  store i32 %b1.i, ptr %b1.p
  %c0.i = bitcast <2 x half> %c0 to i32
  %c0.p = getelementptr i32, ptr %c, i32 0
  store i32 %c0.i, ptr %c0.p
  %c1.i = bitcast <2 x half> %c1 to i32
  %c1.p = getelementptr i32, ptr %c, i32 1
  store i32 %c1.i, ptr %c1.p
  call void @sim_mma(i32 1, ptr %a, ptr %b, ptr %c, ptr %d)
  %d0.p = getelementptr i32, ptr %d, i32 0
  %d0.i = load i32, ptr %d0.p
  %d0 = bitcast i32 %d0.i to <2 x half>
  %r0 = insertvalue {<2 x half>, <2 x half>} undef, <2 x half> %d0, 0
  %d1.p = getelementptr i32, ptr %d, i32 1
  %d1.i = load i32, ptr %d1.p
  %d1 = bitcast i32 %d1.i to <2 x half>
  %r1 = insertvalue {<2 x half>, <2 x half>} %r0, <2 x half> %d1, 1
  ret {<2 x half>, <2 x half>} %r1
}

define {float, float, float, float} @sim_mma_m16n8k16_row_col_bf16(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %b0, i32 %b1, float %c0, float %c1, float %c2, float %c3) {
  %a = alloca [4 x i32]
  %b = alloca [2 x i32]
  %c = alloca [4 x i32]
  %d = alloca [4 x i32]
  %a0.i = bitcast i32 %a0 to i32
  %a0.p = getelementptr i32, ptr %a, i32 0
  store i32 %a0.i, ptr %a0.p
  %a1.i = bitcast i32 %a1 to i32
  %a1.p = getelementptr i32, ptr %a, i32 1
  store i32 %a1.i, ptr %a1.p
  %a2.i = bitcast i32 %a2 to i32
  %a2.p = getelementptr i32, ptr %a, i32 2
  store i32 %a2.i, ptr %a2.p
  %a3.i = bitcast i32 %a3 to i32
  %a3.p = getelementptr i32, ptr %a, i32 3
  store i32 %a3.i, ptr %a3.p
  %b0.i = bitcast i32 %b0 to i32
  %b0.p = getelementptr i32, ptr %b, i32 0
  store i32 %b0.i, ptr %b0.p
  %b1.i = bitcast i32 %b1 to i32
  %b1.p = getelementptr i32, ptr %b, i32 1
  store i32 %b1.i, ptr %b1.p
  %c0.i = bitcast float %c0 to i32
  %c0.p = getelementptr i32, ptr %c, i32 0
  store i32 %c0.i, ptr %c0.p
  %c1.i = bitcast float %c1 to i32
  %c1.p = getelementptr i32, ptr %c, i32 1
  store i32 %c1.i, ptr %c1.p
  %c2.i = bitcast float %c2 to i32
  %c2.p = getelementptr i32, ptr %c, i32 2
  store i32 %c2.i, ptr %c2.p
  %c3.i = bitcast float %c3 to i32
  %c3.p = getelementptr i32, ptr %c, i32 3
  store i32 %c3.i, ptr %c3.p
  call void @sim_mma(i32 2, ptr %a, ptr %b, ptr %c, ptr %d)
  %d0.p = getelementptr i32, ptr %d, i32 0
  %d0.i = load i32, ptr %d0.p
  %d0 = bitcast i32 %d0.i to float
  %r0 = insertvalue {float, float, float, float} undef, float %d0, 0
  %d1.p = getelementptr i32, ptr %d, i32 1
  %d1.i = load i32, ptr %d1.p
  %d1 = bitcast i32 %d1.i to float
  %r1 = insertvalue {float, float, float, float} %r0, float %d1, 1
  %d2.p = getelementptr i32, ptr %d, i32 2
  %d2.i = load i32, ptr %d2.p
  %d2 = bitcast i32 %d2.i to float
  %r2 = insertvalue {float, float, float, float} %r1, float %d2, 2
  %d3.p = getelementptr i32, ptr %d, i32 3
  %d3.i = load i32, ptr %d3.p
  %d3 = bitcast i32 %d3.i to float
  %r3 = insertvalue {float, float, float, float} %r2, float %d3, 3
  ret {float, float, float, float} %r3
}

define {float, float, float, float} @sim_mma_m16n8k8_row_col_tf32(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %b0, i32 %b1, float %c0, float %c1, float %c2, float %c3) {
  %a = alloca [4 x i32]
  %b = alloca [2 x i32]
  %c = alloca [4 x i32]
  %d = alloca [4 x i32]
  %a0.i = bitcast i32 %a0 to i32
  %a0.p = getelementptr i32, ptr %a, i32 0
  store i32 %a0.i, ptr %a0.p
  %a1.i = bitcast i32 %a1 to i32
  %a1.p = getelementptr i32, ptr %a, i32 1
  store i32 %a1.i, ptr %a1.p
  %a2.i = bitcast i32 %a2 to i32
  %a2.p = getelementptr i32, ptr %a, i32 2
  store i32 %a2.i, ptr %a2.p
  %a3.i = bitcast i32 %a3 to i32
  %a3.p = getelementptr i32, ptr %a, i32 3
  store i32 %a3.i, ptr %a3.p
  %b0.i = bitcast i32 %b0 to i32
  %b0.p = getelementptr i32, ptr %b, i32 0
  store i32 %b0.i, ptr %b0.p
  %b1.i = bitcast i32 %b1 to i32
  %b1.p = getelementptr i32, ptr %b, i32 1
  store i32 %b1.i, ptr %b1.p
  %c0.i = bitcast float %c0 to i32
  %c0.p = getelementptr i32, ptr %c, i32 0
  store i32 %c0.i, ptr %c0.p
  %c1.i = bitcast float %c1 to i32
  %c1.p = getelementptr i32, ptr %c, i32 1
  store i32 %c1.i, ptr %c1.p
  %c2.i = bitcast float %c2 to i32
  %c2.p = getelementptr i32, ptr %c, i32 2
  store i32 %c2.i, ptr %c2.p
  %c3.i = bitcast float %c3 to i32
  %c3.p = getelementptr i32, ptr %c, i32 3
  store i32 %c3.i, ptr %c3.p
  call void @sim_mma(i32 3, ptr %a, ptr %b, ptr %c, ptr %d)
  %d0.p = getelementptr i32, ptr %d, i32 0
  %d0.i = load i32, ptr %d0.p
  %d0 = bitcast i32 %d0.i to float
  %r0 = insertvalue {float, float, float, float} undef, float %d0, 0
  %d1.p = getelementptr i32, ptr %d, i32 1
  %d1.i = load i32, ptr %d1.p
  %d1 = bitcast i32 %d1.i to float
  %r1 = insertvalue {float, float, float, float} %r0, float %d1, 1
  %d2.p = getelementptr i32, ptr %d, i32 2
  %d2.i = load i32, ptr %d2.p
  %d2 = bitcast i32 %d2.i to float
  %r2 = insertvalue {float, float, float, float} %r1, float %d2, 2
  %d3.p = getelementptr i32, ptr %d, i32 3
  %d3.i = load i32, ptr %d3.p
  %d3 = bitcast i32 %d3.i to float
  %r3 = insertvalue {float, float, float, float} %r2, float %d3, 3
  ret {float, float, float, float} %r3
}

define {i32, i32, i32, i32} @sim_mma_m16n8k32_row_col_s8(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %b0, i32 %b1, i32 %c0, i32 %c1, i32 %c2, i32 %c3) {
  %a = alloca [4 x i32]
  %b = alloca [2 x i32]
  %c = alloca [4 x i32]
  %d = alloca [4 x i32]
  %a0.i = bitcast i32 %a0 to i32
  %a0.p = getelementptr i32, ptr %a, i32 0
  store i32 %a0.i, ptr %a0.p
  %a1.i = bitcast i32 %a1 to i32
  %a1.p = getelementptr i32, ptr %a, i32 1
  store i32 %a1.i, ptr %a1.p
  %a2.i = bitcast i32 %a2 to i32
  %a2.p = getelementptr i32, ptr %a, i32 2
  store i32 %a2.i, ptr %a2.p
  %a3.i = bitcast i32 %a3 to i32
  %a3.p = getelementptr i32, ptr %a, i32 3
  store i32 %a3.i, ptr %a3.p
  %b0.i = bitcast i32 %b0 to i32
  %b0.p = getelementptr i32, ptr %b, i32 0
  store i32 %b0.i, ptr %b0.p
  %b1.i = bitcast i32 %b1 to i32
  %b1.p = getelementptr i32, ptr %b, i32 1
  store i32 %b1.i, ptr %b1.p
  %c0.i = bitcast i32 %c0 to i32
  %c0.p = getelementptr i32, ptr %c, i32 0
  store i32 %c0.i, ptr %c0.p
  %c1.i = bitcast i32 %c1 to i32
  %c1.p = getelementptr i32, ptr %c, i32 1
  store i32 %c1.i, ptr %c1.p
  %c2.i = bitcast i32 %c2 to i32
  %c2.p = getelementptr i32, ptr %c, i32 2
  store i32 %c2.i, ptr %c2.p
  %c3.i = bitcast i32 %c3 to i32
  %c3.p = getelementptr i32, ptr %c, i32 3
  store i32 %c3.i, ptr %c3.p
  call void @sim_mma(i32 4, ptr %a, ptr %b, ptr %c, ptr %d)
  %d0.p = getelementptr i32, ptr %d, i32 0
  %d0.i = load i32, ptr %d0.p
  %d0 = bitcast i32 %d0.i to i32
  %r0 = insertvalue {i32, i32, i32, i32} undef, i32 %d0, 0
  %d1.p = getelementptr i32, ptr %d, i32 1
  %d1.i = load i32, ptr %d1.p
  %d1 = bitcast i32 %d1.i to i32
  %r1 = insertvalue {i32, i32, i32, i32} %r0, i32 %d1, 1
  %d2.p = getelementptr i32, ptr %d, i32 2
  %d2.i = load i32, ptr %d2.p
  %d2 = bitcast i32 %d2.i to i32
  %r2 = insertvalue {i32, i32, i32, i32} %r1, i32 %d2, 2
  %d3.p = getelementptr i32, ptr %d, i32 3
  %d3.i = load i32, ptr %d3.p
  %d3 = bitcast i32 %d3.i to i32
  %r3 = insertvalue {i32, i32, i32, i32} %r2, i32 %d3, 3
  ret {i32, i32, i32, i32} %r3
}

; wgmma stand-ins (lib/Conversion/wgmma.c's helpers): the fences do nothing on the host;
; commit_group and wait_group call dot_main.c's sim_wgmma_commit and sim_wgmma_wait, which run
; the queued instructions (wgmma is asynchronous: dot_main.c says how the sim models it);
; __tilec_smem_addr gives the offset in the dynamic shared array (dot_main.c's
; sim_smem_addr). The m64nNk16 instructions' stand-ins, which call dot_main.c's sim_wgmma,
; are written by wgmma_shim.sh (one per N, type and pair of transpose bits).
declare void @sim_wgmma_commit()
declare void @sim_wgmma_wait(i32)
declare void @sim_wgmma_tie(ptr)
declare i32 @sim_smem_addr(ptr)

define void @__tilec_fence_async_shared() {
  ret void
}

define void @__tilec_wgmma_fence() {
  ret void
}

define void @__tilec_wgmma_commit() {
  call void @sim_wgmma_commit()
  ret void
}

define void @__tilec_wgmma_wait0() {
  call void @sim_wgmma_wait(i32 0)
  ret void
}

define i32 @__tilec_smem_addr(ptr %p) {
  %r = call i32 @sim_smem_addr(ptr %p)
  ret i32 %r
}

; cvt.rn.f16x2.e4m3x2 (sm_89+): dot_main.c's sim_e4m3x2_bits gives the two f16 bit patterns.
declare i32 @sim_e4m3x2_bits(i16)
define <2 x half> @sim_e4m3x2_to_f16x2(i16 %x) {
  %r = call i32 @sim_e4m3x2_bits(i16 %x)
  %v = bitcast i32 %r to <2 x half>
  ret <2 x half> %v
}

; the pipelined wgmma's wait, and the accumulator's pass-through after a wait (the tokens of
; instructions that ran become their values: dot_main.c's sim_wgmma_tie)
define void @__tilec_wgmma_wait1() {
  call void @sim_wgmma_wait(i32 1)
  ret void
}
define {float, float, float, float} @__tilec_wgmma_tie4(float %a, float %b, float %c, float %d) {
  %v = alloca [4 x float]
  %p1 = getelementptr float, ptr %v, i32 1
  %p2 = getelementptr float, ptr %v, i32 2
  %p3 = getelementptr float, ptr %v, i32 3
  store float %a, ptr %v
  store float %b, ptr %p1
  store float %c, ptr %p2
  store float %d, ptr %p3
  call void @sim_wgmma_tie(ptr %v)
  %a2 = load float, ptr %v
  %b2 = load float, ptr %p1
  %c2 = load float, ptr %p2
  %d2 = load float, ptr %p3
  %r0 = insertvalue {float, float, float, float} poison, float %a2, 0
  %r1 = insertvalue {float, float, float, float} %r0, float %b2, 1
  %r2 = insertvalue {float, float, float, float} %r1, float %c2, 2
  %r3 = insertvalue {float, float, float, float} %r2, float %d2, 3
  ret {float, float, float, float} %r3
}

; the same for an i8 dot's i32 accumulators (their bits go through sim_wgmma_tie as floats)
define {i32, i32, i32, i32} @__tilec_wgmma_tie4_i32(i32 %a, i32 %b, i32 %c, i32 %d) {
  %v = alloca [4 x i32]
  %p1 = getelementptr i32, ptr %v, i32 1
  %p2 = getelementptr i32, ptr %v, i32 2
  %p3 = getelementptr i32, ptr %v, i32 3
  store i32 %a, ptr %v
  store i32 %b, ptr %p1
  store i32 %c, ptr %p2
  store i32 %d, ptr %p3
  call void @sim_wgmma_tie(ptr %v)
  %a2 = load i32, ptr %v
  %b2 = load i32, ptr %p1
  %c2 = load i32, ptr %p2
  %d2 = load i32, ptr %p3
  %r0 = insertvalue {i32, i32, i32, i32} poison, i32 %a2, 0
  %r1 = insertvalue {i32, i32, i32, i32} %r0, i32 %b2, 1
  %r2 = insertvalue {i32, i32, i32, i32} %r1, i32 %c2, 2
  %r3 = insertvalue {i32, i32, i32, i32} %r2, i32 %d2, 3
  ret {i32, i32, i32, i32} %r3
}

; fptrunc float -> bfloat (a kernel's p.to(bf16)) becomes a call of compiler-rt's
; __truncsfbf2 on the host, which libgcc 12 lacks: round to nearest even (finite inputs).
define bfloat @__truncsfbf2(float %x) {
  %u = bitcast float %x to i32
  %h = lshr i32 %u, 16
  %odd = and i32 %h, 1
  %b = add i32 %u, 32767
  %r = add i32 %b, %odd
  %s = lshr i32 %r, 16
  %t = trunc i32 %s to i16
  %f = bitcast i16 %t to bfloat
  ret bfloat %f
}
