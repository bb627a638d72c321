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

; wgmma stand-ins (lib/Conversion/wgmma.c's helpers): the fences and group waits do
; nothing on the host; __tilec_smem_addr gives the offset in the dynamic shared array
; (dot_main.c's sim_smem_addr); each m64nNk16 instruction calls dot_main.c's sim_wgmma.
declare void @sim_wgmma(i32, i32, i64, i64, i32, ptr)
declare i32 @sim_smem_addr(ptr)

define void @__tilec_fence_async_shared() {
  ret void
}

define void @__tilec_wgmma_fence() {
  ret void
}

define void @__tilec_wgmma_commit() {
  ret void
}

define void @__tilec_wgmma_wait0() {
  ret void
}

define i32 @__tilec_smem_addr(ptr %p) {
  %r = call i32 @sim_smem_addr(ptr %p)
  ret i32 %r
}

define {float, float, float, float} @__tilec_wgmma_m64n8k16_f16(i64 %a, i64 %b, i32 %s, float %c0, float %c1, float %c2, float %c3) {
  %acc = alloca [4 x float]
  %p0 = getelementptr float, ptr %acc, i32 0
  store float %c0, ptr %p0
  %p1 = getelementptr float, ptr %acc, i32 1
  store float %c1, ptr %p1
  %p2 = getelementptr float, ptr %acc, i32 2
  store float %c2, ptr %p2
  %p3 = getelementptr float, ptr %acc, i32 3
  store float %c3, ptr %p3
  call void @sim_wgmma(i32 0, i32 8, i64 %a, i64 %b, i32 %s, ptr %acc)
  %v0 = load float, ptr %p0
  %r0 = insertvalue {float, float, float, float} undef, float %v0, 0
  %v1 = load float, ptr %p1
  %r1 = insertvalue {float, float, float, float} %r0, float %v1, 1
  %v2 = load float, ptr %p2
  %r2 = insertvalue {float, float, float, float} %r1, float %v2, 2
  %v3 = load float, ptr %p3
  %r3 = insertvalue {float, float, float, float} %r2, float %v3, 3
  ret {float, float, float, float} %r3
}

define {float, float, float, float} @__tilec_wgmma_m64n8k16_bf16(i64 %a, i64 %b, i32 %s, float %c0, float %c1, float %c2, float %c3) {
  %acc = alloca [4 x float]
  %p0 = getelementptr float, ptr %acc, i32 0
  store float %c0, ptr %p0
  %p1 = getelementptr float, ptr %acc, i32 1
  store float %c1, ptr %p1
  %p2 = getelementptr float, ptr %acc, i32 2
  store float %c2, ptr %p2
  %p3 = getelementptr float, ptr %acc, i32 3
  store float %c3, ptr %p3
  call void @sim_wgmma(i32 1, i32 8, i64 %a, i64 %b, i32 %s, ptr %acc)
  %v0 = load float, ptr %p0
  %r0 = insertvalue {float, float, float, float} undef, float %v0, 0
  %v1 = load float, ptr %p1
  %r1 = insertvalue {float, float, float, float} %r0, float %v1, 1
  %v2 = load float, ptr %p2
  %r2 = insertvalue {float, float, float, float} %r1, float %v2, 2
  %v3 = load float, ptr %p3
  %r3 = insertvalue {float, float, float, float} %r2, float %v3, 3
  ret {float, float, float, float} %r3
}

define {float, float, float, float, float, float, float, float} @__tilec_wgmma_m64n16k16_f16(i64 %a, i64 %b, i32 %s, float %c0, float %c1, float %c2, float %c3, float %c4, float %c5, float %c6, float %c7) {
  %acc = alloca [8 x float]
  %p0 = getelementptr float, ptr %acc, i32 0
  store float %c0, ptr %p0
  %p1 = getelementptr float, ptr %acc, i32 1
  store float %c1, ptr %p1
  %p2 = getelementptr float, ptr %acc, i32 2
  store float %c2, ptr %p2
  %p3 = getelementptr float, ptr %acc, i32 3
  store float %c3, ptr %p3
  %p4 = getelementptr float, ptr %acc, i32 4
  store float %c4, ptr %p4
  %p5 = getelementptr float, ptr %acc, i32 5
  store float %c5, ptr %p5
  %p6 = getelementptr float, ptr %acc, i32 6
  store float %c6, ptr %p6
  %p7 = getelementptr float, ptr %acc, i32 7
  store float %c7, ptr %p7
  call void @sim_wgmma(i32 0, i32 16, i64 %a, i64 %b, i32 %s, ptr %acc)
  %v0 = load float, ptr %p0
  %r0 = insertvalue {float, float, float, float, float, float, float, float} undef, float %v0, 0
  %v1 = load float, ptr %p1
  %r1 = insertvalue {float, float, float, float, float, float, float, float} %r0, float %v1, 1
  %v2 = load float, ptr %p2
  %r2 = insertvalue {float, float, float, float, float, float, float, float} %r1, float %v2, 2
  %v3 = load float, ptr %p3
  %r3 = insertvalue {float, float, float, float, float, float, float, float} %r2, float %v3, 3
  %v4 = load float, ptr %p4
  %r4 = insertvalue {float, float, float, float, float, float, float, float} %r3, float %v4, 4
  %v5 = load float, ptr %p5
  %r5 = insertvalue {float, float, float, float, float, float, float, float} %r4, float %v5, 5
  %v6 = load float, ptr %p6
  %r6 = insertvalue {float, float, float, float, float, float, float, float} %r5, float %v6, 6
  %v7 = load float, ptr %p7
  %r7 = insertvalue {float, float, float, float, float, float, float, float} %r6, float %v7, 7
  ret {float, float, float, float, float, float, float, float} %r7
}

define {float, float, float, float, float, float, float, float} @__tilec_wgmma_m64n16k16_bf16(i64 %a, i64 %b, i32 %s, float %c0, float %c1, float %c2, float %c3, float %c4, float %c5, float %c6, float %c7) {
  %acc = alloca [8 x float]
  %p0 = getelementptr float, ptr %acc, i32 0
  store float %c0, ptr %p0
  %p1 = getelementptr float, ptr %acc, i32 1
  store float %c1, ptr %p1
  %p2 = getelementptr float, ptr %acc, i32 2
  store float %c2, ptr %p2
  %p3 = getelementptr float, ptr %acc, i32 3
  store float %c3, ptr %p3
  %p4 = getelementptr float, ptr %acc, i32 4
  store float %c4, ptr %p4
  %p5 = getelementptr float, ptr %acc, i32 5
  store float %c5, ptr %p5
  %p6 = getelementptr float, ptr %acc, i32 6
  store float %c6, ptr %p6
  %p7 = getelementptr float, ptr %acc, i32 7
  store float %c7, ptr %p7
  call void @sim_wgmma(i32 1, i32 16, i64 %a, i64 %b, i32 %s, ptr %acc)
  %v0 = load float, ptr %p0
  %r0 = insertvalue {float, float, float, float, float, float, float, float} undef, float %v0, 0
  %v1 = load float, ptr %p1
  %r1 = insertvalue {float, float, float, float, float, float, float, float} %r0, float %v1, 1
  %v2 = load float, ptr %p2
  %r2 = insertvalue {float, float, float, float, float, float, float, float} %r1, float %v2, 2
  %v3 = load float, ptr %p3
  %r3 = insertvalue {float, float, float, float, float, float, float, float} %r2, float %v3, 3
  %v4 = load float, ptr %p4
  %r4 = insertvalue {float, float, float, float, float, float, float, float} %r3, float %v4, 4
  %v5 = load float, ptr %p5
  %r5 = insertvalue {float, float, float, float, float, float, float, float} %r4, float %v5, 5
  %v6 = load float, ptr %p6
  %r6 = insertvalue {float, float, float, float, float, float, float, float} %r5, float %v6, 6
  %v7 = load float, ptr %p7
  %r7 = insertvalue {float, float, float, float, float, float, float, float} %r6, float %v7, 7
  ret {float, float, float, float, float, float, float, float} %r7
}

define {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} @__tilec_wgmma_m64n32k16_f16(i64 %a, i64 %b, i32 %s, float %c0, float %c1, float %c2, float %c3, float %c4, float %c5, float %c6, float %c7, float %c8, float %c9, float %c10, float %c11, float %c12, float %c13, float %c14, float %c15) {
  %acc = alloca [16 x float]
  %p0 = getelementptr float, ptr %acc, i32 0
  store float %c0, ptr %p0
  %p1 = getelementptr float, ptr %acc, i32 1
  store float %c1, ptr %p1
  %p2 = getelementptr float, ptr %acc, i32 2
  store float %c2, ptr %p2
  %p3 = getelementptr float, ptr %acc, i32 3
  store float %c3, ptr %p3
  %p4 = getelementptr float, ptr %acc, i32 4
  store float %c4, ptr %p4
  %p5 = getelementptr float, ptr %acc, i32 5
  store float %c5, ptr %p5
  %p6 = getelementptr float, ptr %acc, i32 6
  store float %c6, ptr %p6
  %p7 = getelementptr float, ptr %acc, i32 7
  store float %c7, ptr %p7
  %p8 = getelementptr float, ptr %acc, i32 8
  store float %c8, ptr %p8
  %p9 = getelementptr float, ptr %acc, i32 9
  store float %c9, ptr %p9
  %p10 = getelementptr float, ptr %acc, i32 10
  store float %c10, ptr %p10
  %p11 = getelementptr float, ptr %acc, i32 11
  store float %c11, ptr %p11
  %p12 = getelementptr float, ptr %acc, i32 12
  store float %c12, ptr %p12
  %p13 = getelementptr float, ptr %acc, i32 13
  store float %c13, ptr %p13
  %p14 = getelementptr float, ptr %acc, i32 14
  store float %c14, ptr %p14
  %p15 = getelementptr float, ptr %acc, i32 15
  store float %c15, ptr %p15
  call void @sim_wgmma(i32 0, i32 32, i64 %a, i64 %b, i32 %s, ptr %acc)
  %v0 = load float, ptr %p0
  %r0 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} undef, float %v0, 0
  %v1 = load float, ptr %p1
  %r1 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r0, float %v1, 1
  %v2 = load float, ptr %p2
  %r2 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r1, float %v2, 2
  %v3 = load float, ptr %p3
  %r3 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r2, float %v3, 3
  %v4 = load float, ptr %p4
  %r4 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r3, float %v4, 4
  %v5 = load float, ptr %p5
  %r5 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r4, float %v5, 5
  %v6 = load float, ptr %p6
  %r6 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r5, float %v6, 6
  %v7 = load float, ptr %p7
  %r7 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r6, float %v7, 7
  %v8 = load float, ptr %p8
  %r8 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r7, float %v8, 8
  %v9 = load float, ptr %p9
  %r9 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r8, float %v9, 9
  %v10 = load float, ptr %p10
  %r10 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r9, float %v10, 10
  %v11 = load float, ptr %p11
  %r11 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r10, float %v11, 11
  %v12 = load float, ptr %p12
  %r12 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r11, float %v12, 12
  %v13 = load float, ptr %p13
  %r13 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r12, float %v13, 13
  %v14 = load float, ptr %p14
  %r14 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r13, float %v14, 14
  %v15 = load float, ptr %p15
  %r15 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r14, float %v15, 15
  ret {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r15
}

define {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} @__tilec_wgmma_m64n32k16_bf16(i64 %a, i64 %b, i32 %s, float %c0, float %c1, float %c2, float %c3, float %c4, float %c5, float %c6, float %c7, float %c8, float %c9, float %c10, float %c11, float %c12, float %c13, float %c14, float %c15) {
  %acc = alloca [16 x float]
  %p0 = getelementptr float, ptr %acc, i32 0
  store float %c0, ptr %p0
  %p1 = getelementptr float, ptr %acc, i32 1
  store float %c1, ptr %p1
  %p2 = getelementptr float, ptr %acc, i32 2
  store float %c2, ptr %p2
  %p3 = getelementptr float, ptr %acc, i32 3
  store float %c3, ptr %p3
  %p4 = getelementptr float, ptr %acc, i32 4
  store float %c4, ptr %p4
  %p5 = getelementptr float, ptr %acc, i32 5
  store float %c5, ptr %p5
  %p6 = getelementptr float, ptr %acc, i32 6
  store float %c6, ptr %p6
  %p7 = getelementptr float, ptr %acc, i32 7
  store float %c7, ptr %p7
  %p8 = getelementptr float, ptr %acc, i32 8
  store float %c8, ptr %p8
  %p9 = getelementptr float, ptr %acc, i32 9
  store float %c9, ptr %p9
  %p10 = getelementptr float, ptr %acc, i32 10
  store float %c10, ptr %p10
  %p11 = getelementptr float, ptr %acc, i32 11
  store float %c11, ptr %p11
  %p12 = getelementptr float, ptr %acc, i32 12
  store float %c12, ptr %p12
  %p13 = getelementptr float, ptr %acc, i32 13
  store float %c13, ptr %p13
  %p14 = getelementptr float, ptr %acc, i32 14
  store float %c14, ptr %p14
  %p15 = getelementptr float, ptr %acc, i32 15
  store float %c15, ptr %p15
  call void @sim_wgmma(i32 1, i32 32, i64 %a, i64 %b, i32 %s, ptr %acc)
  %v0 = load float, ptr %p0
  %r0 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} undef, float %v0, 0
  %v1 = load float, ptr %p1
  %r1 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r0, float %v1, 1
  %v2 = load float, ptr %p2
  %r2 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r1, float %v2, 2
  %v3 = load float, ptr %p3
  %r3 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r2, float %v3, 3
  %v4 = load float, ptr %p4
  %r4 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r3, float %v4, 4
  %v5 = load float, ptr %p5
  %r5 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r4, float %v5, 5
  %v6 = load float, ptr %p6
  %r6 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r5, float %v6, 6
  %v7 = load float, ptr %p7
  %r7 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r6, float %v7, 7
  %v8 = load float, ptr %p8
  %r8 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r7, float %v8, 8
  %v9 = load float, ptr %p9
  %r9 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r8, float %v9, 9
  %v10 = load float, ptr %p10
  %r10 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r9, float %v10, 10
  %v11 = load float, ptr %p11
  %r11 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r10, float %v11, 11
  %v12 = load float, ptr %p12
  %r12 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r11, float %v12, 12
  %v13 = load float, ptr %p13
  %r13 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r12, float %v13, 13
  %v14 = load float, ptr %p14
  %r14 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r13, float %v14, 14
  %v15 = load float, ptr %p15
  %r15 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r14, float %v15, 15
  ret {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r15
}

define {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} @__tilec_wgmma_m64n64k16_f16(i64 %a, i64 %b, i32 %s, float %c0, float %c1, float %c2, float %c3, float %c4, float %c5, float %c6, float %c7, float %c8, float %c9, float %c10, float %c11, float %c12, float %c13, float %c14, float %c15, float %c16, float %c17, float %c18, float %c19, float %c20, float %c21, float %c22, float %c23, float %c24, float %c25, float %c26, float %c27, float %c28, float %c29, float %c30, float %c31) {
  %acc = alloca [32 x float]
  %p0 = getelementptr float, ptr %acc, i32 0
  store float %c0, ptr %p0
  %p1 = getelementptr float, ptr %acc, i32 1
  store float %c1, ptr %p1
  %p2 = getelementptr float, ptr %acc, i32 2
  store float %c2, ptr %p2
  %p3 = getelementptr float, ptr %acc, i32 3
  store float %c3, ptr %p3
  %p4 = getelementptr float, ptr %acc, i32 4
  store float %c4, ptr %p4
  %p5 = getelementptr float, ptr %acc, i32 5
  store float %c5, ptr %p5
  %p6 = getelementptr float, ptr %acc, i32 6
  store float %c6, ptr %p6
  %p7 = getelementptr float, ptr %acc, i32 7
  store float %c7, ptr %p7
  %p8 = getelementptr float, ptr %acc, i32 8
  store float %c8, ptr %p8
  %p9 = getelementptr float, ptr %acc, i32 9
  store float %c9, ptr %p9
  %p10 = getelementptr float, ptr %acc, i32 10
  store float %c10, ptr %p10
  %p11 = getelementptr float, ptr %acc, i32 11
  store float %c11, ptr %p11
  %p12 = getelementptr float, ptr %acc, i32 12
  store float %c12, ptr %p12
  %p13 = getelementptr float, ptr %acc, i32 13
  store float %c13, ptr %p13
  %p14 = getelementptr float, ptr %acc, i32 14
  store float %c14, ptr %p14
  %p15 = getelementptr float, ptr %acc, i32 15
  store float %c15, ptr %p15
  %p16 = getelementptr float, ptr %acc, i32 16
  store float %c16, ptr %p16
  %p17 = getelementptr float, ptr %acc, i32 17
  store float %c17, ptr %p17
  %p18 = getelementptr float, ptr %acc, i32 18
  store float %c18, ptr %p18
  %p19 = getelementptr float, ptr %acc, i32 19
  store float %c19, ptr %p19
  %p20 = getelementptr float, ptr %acc, i32 20
  store float %c20, ptr %p20
  %p21 = getelementptr float, ptr %acc, i32 21
  store float %c21, ptr %p21
  %p22 = getelementptr float, ptr %acc, i32 22
  store float %c22, ptr %p22
  %p23 = getelementptr float, ptr %acc, i32 23
  store float %c23, ptr %p23
  %p24 = getelementptr float, ptr %acc, i32 24
  store float %c24, ptr %p24
  %p25 = getelementptr float, ptr %acc, i32 25
  store float %c25, ptr %p25
  %p26 = getelementptr float, ptr %acc, i32 26
  store float %c26, ptr %p26
  %p27 = getelementptr float, ptr %acc, i32 27
  store float %c27, ptr %p27
  %p28 = getelementptr float, ptr %acc, i32 28
  store float %c28, ptr %p28
  %p29 = getelementptr float, ptr %acc, i32 29
  store float %c29, ptr %p29
  %p30 = getelementptr float, ptr %acc, i32 30
  store float %c30, ptr %p30
  %p31 = getelementptr float, ptr %acc, i32 31
  store float %c31, ptr %p31
  call void @sim_wgmma(i32 0, i32 64, i64 %a, i64 %b, i32 %s, ptr %acc)
  %v0 = load float, ptr %p0
  %r0 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} undef, float %v0, 0
  %v1 = load float, ptr %p1
  %r1 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r0, float %v1, 1
  %v2 = load float, ptr %p2
  %r2 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r1, float %v2, 2
  %v3 = load float, ptr %p3
  %r3 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r2, float %v3, 3
  %v4 = load float, ptr %p4
  %r4 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r3, float %v4, 4
  %v5 = load float, ptr %p5
  %r5 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r4, float %v5, 5
  %v6 = load float, ptr %p6
  %r6 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r5, float %v6, 6
  %v7 = load float, ptr %p7
  %r7 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r6, float %v7, 7
  %v8 = load float, ptr %p8
  %r8 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r7, float %v8, 8
  %v9 = load float, ptr %p9
  %r9 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r8, float %v9, 9
  %v10 = load float, ptr %p10
  %r10 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r9, float %v10, 10
  %v11 = load float, ptr %p11
  %r11 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r10, float %v11, 11
  %v12 = load float, ptr %p12
  %r12 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r11, float %v12, 12
  %v13 = load float, ptr %p13
  %r13 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r12, float %v13, 13
  %v14 = load float, ptr %p14
  %r14 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r13, float %v14, 14
  %v15 = load float, ptr %p15
  %r15 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r14, float %v15, 15
  %v16 = load float, ptr %p16
  %r16 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r15, float %v16, 16
  %v17 = load float, ptr %p17
  %r17 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r16, float %v17, 17
  %v18 = load float, ptr %p18
  %r18 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r17, float %v18, 18
  %v19 = load float, ptr %p19
  %r19 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r18, float %v19, 19
  %v20 = load float, ptr %p20
  %r20 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r19, float %v20, 20
  %v21 = load float, ptr %p21
  %r21 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r20, float %v21, 21
  %v22 = load float, ptr %p22
  %r22 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r21, float %v22, 22
  %v23 = load float, ptr %p23
  %r23 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r22, float %v23, 23
  %v24 = load float, ptr %p24
  %r24 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r23, float %v24, 24
  %v25 = load float, ptr %p25
  %r25 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r24, float %v25, 25
  %v26 = load float, ptr %p26
  %r26 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r25, float %v26, 26
  %v27 = load float, ptr %p27
  %r27 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r26, float %v27, 27
  %v28 = load float, ptr %p28
  %r28 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r27, float %v28, 28
  %v29 = load float, ptr %p29
  %r29 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r28, float %v29, 29
  %v30 = load float, ptr %p30
  %r30 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r29, float %v30, 30
  %v31 = load float, ptr %p31
  %r31 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r30, float %v31, 31
  ret {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r31
}

define {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} @__tilec_wgmma_m64n64k16_bf16(i64 %a, i64 %b, i32 %s, float %c0, float %c1, float %c2, float %c3, float %c4, float %c5, float %c6, float %c7, float %c8, float %c9, float %c10, float %c11, float %c12, float %c13, float %c14, float %c15, float %c16, float %c17, float %c18, float %c19, float %c20, float %c21, float %c22, float %c23, float %c24, float %c25, float %c26, float %c27, float %c28, float %c29, float %c30, float %c31) {
  %acc = alloca [32 x float]
  %p0 = getelementptr float, ptr %acc, i32 0
  store float %c0, ptr %p0
  %p1 = getelementptr float, ptr %acc, i32 1
  store float %c1, ptr %p1
  %p2 = getelementptr float, ptr %acc, i32 2
  store float %c2, ptr %p2
  %p3 = getelementptr float, ptr %acc, i32 3
  store float %c3, ptr %p3
  %p4 = getelementptr float, ptr %acc, i32 4
  store float %c4, ptr %p4
  %p5 = getelementptr float, ptr %acc, i32 5
  store float %c5, ptr %p5
  %p6 = getelementptr float, ptr %acc, i32 6
  store float %c6, ptr %p6
  %p7 = getelementptr float, ptr %acc, i32 7
  store float %c7, ptr %p7
  %p8 = getelementptr float, ptr %acc, i32 8
  store float %c8, ptr %p8
  %p9 = getelementptr float, ptr %acc, i32 9
  store float %c9, ptr %p9
  %p10 = getelementptr float, ptr %acc, i32 10
  store float %c10, ptr %p10
  %p11 = getelementptr float, ptr %acc, i32 11
  store float %c11, ptr %p11
  %p12 = getelementptr float, ptr %acc, i32 12
  store float %c12, ptr %p12
  %p13 = getelementptr float, ptr %acc, i32 13
  store float %c13, ptr %p13
  %p14 = getelementptr float, ptr %acc, i32 14
  store float %c14, ptr %p14
  %p15 = getelementptr float, ptr %acc, i32 15
  store float %c15, ptr %p15
  %p16 = getelementptr float, ptr %acc, i32 16
  store float %c16, ptr %p16
  %p17 = getelementptr float, ptr %acc, i32 17
  store float %c17, ptr %p17
  %p18 = getelementptr float, ptr %acc, i32 18
  store float %c18, ptr %p18
  %p19 = getelementptr float, ptr %acc, i32 19
  store float %c19, ptr %p19
  %p20 = getelementptr float, ptr %acc, i32 20
  store float %c20, ptr %p20
  %p21 = getelementptr float, ptr %acc, i32 21
  store float %c21, ptr %p21
  %p22 = getelementptr float, ptr %acc, i32 22
  store float %c22, ptr %p22
  %p23 = getelementptr float, ptr %acc, i32 23
  store float %c23, ptr %p23
  %p24 = getelementptr float, ptr %acc, i32 24
  store float %c24, ptr %p24
  %p25 = getelementptr float, ptr %acc, i32 25
  store float %c25, ptr %p25
  %p26 = getelementptr float, ptr %acc, i32 26
  store float %c26, ptr %p26
  %p27 = getelementptr float, ptr %acc, i32 27
  store float %c27, ptr %p27
  %p28 = getelementptr float, ptr %acc, i32 28
  store float %c28, ptr %p28
  %p29 = getelementptr float, ptr %acc, i32 29
  store float %c29, ptr %p29
  %p30 = getelementptr float, ptr %acc, i32 30
  store float %c30, ptr %p30
  %p31 = getelementptr float, ptr %acc, i32 31
  store float %c31, ptr %p31
  call void @sim_wgmma(i32 1, i32 64, i64 %a, i64 %b, i32 %s, ptr %acc)
  %v0 = load float, ptr %p0
  %r0 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} undef, float %v0, 0
  %v1 = load float, ptr %p1
  %r1 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r0, float %v1, 1
  %v2 = load float, ptr %p2
  %r2 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r1, float %v2, 2
  %v3 = load float, ptr %p3
  %r3 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r2, float %v3, 3
  %v4 = load float, ptr %p4
  %r4 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r3, float %v4, 4
  %v5 = load float, ptr %p5
  %r5 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r4, float %v5, 5
  %v6 = load float, ptr %p6
  %r6 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r5, float %v6, 6
  %v7 = load float, ptr %p7
  %r7 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r6, float %v7, 7
  %v8 = load float, ptr %p8
  %r8 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r7, float %v8, 8
  %v9 = load float, ptr %p9
  %r9 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r8, float %v9, 9
  %v10 = load float, ptr %p10
  %r10 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r9, float %v10, 10
  %v11 = load float, ptr %p11
  %r11 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r10, float %v11, 11
  %v12 = load float, ptr %p12
  %r12 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r11, float %v12, 12
  %v13 = load float, ptr %p13
  %r13 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r12, float %v13, 13
  %v14 = load float, ptr %p14
  %r14 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r13, float %v14, 14
  %v15 = load float, ptr %p15
  %r15 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r14, float %v15, 15
  %v16 = load float, ptr %p16
  %r16 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r15, float %v16, 16
  %v17 = load float, ptr %p17
  %r17 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r16, float %v17, 17
  %v18 = load float, ptr %p18
  %r18 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r17, float %v18, 18
  %v19 = load float, ptr %p19
  %r19 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r18, float %v19, 19
  %v20 = load float, ptr %p20
  %r20 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r19, float %v20, 20
  %v21 = load float, ptr %p21
  %r21 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r20, float %v21, 21
  %v22 = load float, ptr %p22
  %r22 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r21, float %v22, 22
  %v23 = load float, ptr %p23
  %r23 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r22, float %v23, 23
  %v24 = load float, ptr %p24
  %r24 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r23, float %v24, 24
  %v25 = load float, ptr %p25
  %r25 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r24, float %v25, 25
  %v26 = load float, ptr %p26
  %r26 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r25, float %v26, 26
  %v27 = load float, ptr %p27
  %r27 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r26, float %v27, 27
  %v28 = load float, ptr %p28
  %r28 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r27, float %v28, 28
  %v29 = load float, ptr %p29
  %r29 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r28, float %v29, 29
  %v30 = load float, ptr %p30
  %r30 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r29, float %v30, 30
  %v31 = load float, ptr %p31
  %r31 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r30, float %v31, 31
  ret {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r31
}

define {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} @__tilec_wgmma_m64n128k16_f16(i64 %a, i64 %b, i32 %s, float %c0, float %c1, float %c2, float %c3, float %c4, float %c5, float %c6, float %c7, float %c8, float %c9, float %c10, float %c11, float %c12, float %c13, float %c14, float %c15, float %c16, float %c17, float %c18, float %c19, float %c20, float %c21, float %c22, float %c23, float %c24, float %c25, float %c26, float %c27, float %c28, float %c29, float %c30, float %c31, float %c32, float %c33, float %c34, float %c35, float %c36, float %c37, float %c38, float %c39, float %c40, float %c41, float %c42, float %c43, float %c44, float %c45, float %c46, float %c47, float %c48, float %c49, float %c50, float %c51, float %c52, float %c53, float %c54, float %c55, float %c56, float %c57, float %c58, float %c59, float %c60, float %c61, float %c62, float %c63) {
  %acc = alloca [64 x float]
  %p0 = getelementptr float, ptr %acc, i32 0
  store float %c0, ptr %p0
  %p1 = getelementptr float, ptr %acc, i32 1
  store float %c1, ptr %p1
  %p2 = getelementptr float, ptr %acc, i32 2
  store float %c2, ptr %p2
  %p3 = getelementptr float, ptr %acc, i32 3
  store float %c3, ptr %p3
  %p4 = getelementptr float, ptr %acc, i32 4
  store float %c4, ptr %p4
  %p5 = getelementptr float, ptr %acc, i32 5
  store float %c5, ptr %p5
  %p6 = getelementptr float, ptr %acc, i32 6
  store float %c6, ptr %p6
  %p7 = getelementptr float, ptr %acc, i32 7
  store float %c7, ptr %p7
  %p8 = getelementptr float, ptr %acc, i32 8
  store float %c8, ptr %p8
  %p9 = getelementptr float, ptr %acc, i32 9
  store float %c9, ptr %p9
  %p10 = getelementptr float, ptr %acc, i32 10
  store float %c10, ptr %p10
  %p11 = getelementptr float, ptr %acc, i32 11
  store float %c11, ptr %p11
  %p12 = getelementptr float, ptr %acc, i32 12
  store float %c12, ptr %p12
  %p13 = getelementptr float, ptr %acc, i32 13
  store float %c13, ptr %p13
  %p14 = getelementptr float, ptr %acc, i32 14
  store float %c14, ptr %p14
  %p15 = getelementptr float, ptr %acc, i32 15
  store float %c15, ptr %p15
  %p16 = getelementptr float, ptr %acc, i32 16
  store float %c16, ptr %p16
  %p17 = getelementptr float, ptr %acc, i32 17
  store float %c17, ptr %p17
  %p18 = getelementptr float, ptr %acc, i32 18
  store float %c18, ptr %p18
  %p19 = getelementptr float, ptr %acc, i32 19
  store float %c19, ptr %p19
  %p20 = getelementptr float, ptr %acc, i32 20
  store float %c20, ptr %p20
  %p21 = getelementptr float, ptr %acc, i32 21
  store float %c21, ptr %p21
  %p22 = getelementptr float, ptr %acc, i32 22
  store float %c22, ptr %p22
  %p23 = getelementptr float, ptr %acc, i32 23
  store float %c23, ptr %p23
  %p24 = getelementptr float, ptr %acc, i32 24
  store float %c24, ptr %p24
  %p25 = getelementptr float, ptr %acc, i32 25
  store float %c25, ptr %p25
  %p26 = getelementptr float, ptr %acc, i32 26
  store float %c26, ptr %p26
  %p27 = getelementptr float, ptr %acc, i32 27
  store float %c27, ptr %p27
  %p28 = getelementptr float, ptr %acc, i32 28
  store float %c28, ptr %p28
  %p29 = getelementptr float, ptr %acc, i32 29
  store float %c29, ptr %p29
  %p30 = getelementptr float, ptr %acc, i32 30
  store float %c30, ptr %p30
  %p31 = getelementptr float, ptr %acc, i32 31
  store float %c31, ptr %p31
  %p32 = getelementptr float, ptr %acc, i32 32
  store float %c32, ptr %p32
  %p33 = getelementptr float, ptr %acc, i32 33
  store float %c33, ptr %p33
  %p34 = getelementptr float, ptr %acc, i32 34
  store float %c34, ptr %p34
  %p35 = getelementptr float, ptr %acc, i32 35
  store float %c35, ptr %p35
  %p36 = getelementptr float, ptr %acc, i32 36
  store float %c36, ptr %p36
  %p37 = getelementptr float, ptr %acc, i32 37
  store float %c37, ptr %p37
  %p38 = getelementptr float, ptr %acc, i32 38
  store float %c38, ptr %p38
  %p39 = getelementptr float, ptr %acc, i32 39
  store float %c39, ptr %p39
  %p40 = getelementptr float, ptr %acc, i32 40
  store float %c40, ptr %p40
  %p41 = getelementptr float, ptr %acc, i32 41
  store float %c41, ptr %p41
  %p42 = getelementptr float, ptr %acc, i32 42
  store float %c42, ptr %p42
  %p43 = getelementptr float, ptr %acc, i32 43
  store float %c43, ptr %p43
  %p44 = getelementptr float, ptr %acc, i32 44
  store float %c44, ptr %p44
  %p45 = getelementptr float, ptr %acc, i32 45
  store float %c45, ptr %p45
  %p46 = getelementptr float, ptr %acc, i32 46
  store float %c46, ptr %p46
  %p47 = getelementptr float, ptr %acc, i32 47
  store float %c47, ptr %p47
  %p48 = getelementptr float, ptr %acc, i32 48
  store float %c48, ptr %p48
  %p49 = getelementptr float, ptr %acc, i32 49
  store float %c49, ptr %p49
  %p50 = getelementptr float, ptr %acc, i32 50
  store float %c50, ptr %p50
  %p51 = getelementptr float, ptr %acc, i32 51
  store float %c51, ptr %p51
  %p52 = getelementptr float, ptr %acc, i32 52
  store float %c52, ptr %p52
  %p53 = getelementptr float, ptr %acc, i32 53
  store float %c53, ptr %p53
  %p54 = getelementptr float, ptr %acc, i32 54
  store float %c54, ptr %p54
  %p55 = getelementptr float, ptr %acc, i32 55
  store float %c55, ptr %p55
  %p56 = getelementptr float, ptr %acc, i32 56
  store float %c56, ptr %p56
  %p57 = getelementptr float, ptr %acc, i32 57
  store float %c57, ptr %p57
  %p58 = getelementptr float, ptr %acc, i32 58
  store float %c58, ptr %p58
  %p59 = getelementptr float, ptr %acc, i32 59
  store float %c59, ptr %p59
  %p60 = getelementptr float, ptr %acc, i32 60
  store float %c60, ptr %p60
  %p61 = getelementptr float, ptr %acc, i32 61
  store float %c61, ptr %p61
  %p62 = getelementptr float, ptr %acc, i32 62
  store float %c62, ptr %p62
  %p63 = getelementptr float, ptr %acc, i32 63
  store float %c63, ptr %p63
  call void @sim_wgmma(i32 0, i32 128, i64 %a, i64 %b, i32 %s, ptr %acc)
  %v0 = load float, ptr %p0
  %r0 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} undef, float %v0, 0
  %v1 = load float, ptr %p1
  %r1 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r0, float %v1, 1
  %v2 = load float, ptr %p2
  %r2 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r1, float %v2, 2
  %v3 = load float, ptr %p3
  %r3 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r2, float %v3, 3
  %v4 = load float, ptr %p4
  %r4 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r3, float %v4, 4
  %v5 = load float, ptr %p5
  %r5 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r4, float %v5, 5
  %v6 = load float, ptr %p6
  %r6 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r5, float %v6, 6
  %v7 = load float, ptr %p7
  %r7 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r6, float %v7, 7
  %v8 = load float, ptr %p8
  %r8 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r7, float %v8, 8
  %v9 = load float, ptr %p9
  %r9 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r8, float %v9, 9
  %v10 = load float, ptr %p10
  %r10 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r9, float %v10, 10
  %v11 = load float, ptr %p11
  %r11 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r10, float %v11, 11
  %v12 = load float, ptr %p12
  %r12 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r11, float %v12, 12
  %v13 = load float, ptr %p13
  %r13 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r12, float %v13, 13
  %v14 = load float, ptr %p14
  %r14 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r13, float %v14, 14
  %v15 = load float, ptr %p15
  %r15 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r14, float %v15, 15
  %v16 = load float, ptr %p16
  %r16 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r15, float %v16, 16
  %v17 = load float, ptr %p17
  %r17 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r16, float %v17, 17
  %v18 = load float, ptr %p18
  %r18 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r17, float %v18, 18
  %v19 = load float, ptr %p19
  %r19 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r18, float %v19, 19
  %v20 = load float, ptr %p20
  %r20 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r19, float %v20, 20
  %v21 = load float, ptr %p21
  %r21 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r20, float %v21, 21
  %v22 = load float, ptr %p22
  %r22 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r21, float %v22, 22
  %v23 = load float, ptr %p23
  %r23 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r22, float %v23, 23
  %v24 = load float, ptr %p24
  %r24 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r23, float %v24, 24
  %v25 = load float, ptr %p25
  %r25 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r24, float %v25, 25
  %v26 = load float, ptr %p26
  %r26 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r25, float %v26, 26
  %v27 = load float, ptr %p27
  %r27 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r26, float %v27, 27
  %v28 = load float, ptr %p28
  %r28 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r27, float %v28, 28
  %v29 = load float, ptr %p29
  %r29 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r28, float %v29, 29
  %v30 = load float, ptr %p30
  %r30 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r29, float %v30, 30
  %v31 = load float, ptr %p31
  %r31 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r30, float %v31, 31
  %v32 = load float, ptr %p32
  %r32 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r31, float %v32, 32
  %v33 = load float, ptr %p33
  %r33 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r32, float %v33, 33
  %v34 = load float, ptr %p34
  %r34 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r33, float %v34, 34
  %v35 = load float, ptr %p35
  %r35 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r34, float %v35, 35
  %v36 = load float, ptr %p36
  %r36 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r35, float %v36, 36
  %v37 = load float, ptr %p37
  %r37 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r36, float %v37, 37
  %v38 = load float, ptr %p38
  %r38 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r37, float %v38, 38
  %v39 = load float, ptr %p39
  %r39 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r38, float %v39, 39
  %v40 = load float, ptr %p40
  %r40 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r39, float %v40, 40
  %v41 = load float, ptr %p41
  %r41 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r40, float %v41, 41
  %v42 = load float, ptr %p42
  %r42 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r41, float %v42, 42
  %v43 = load float, ptr %p43
  %r43 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r42, float %v43, 43
  %v44 = load float, ptr %p44
  %r44 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r43, float %v44, 44
  %v45 = load float, ptr %p45
  %r45 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r44, float %v45, 45
  %v46 = load float, ptr %p46
  %r46 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r45, float %v46, 46
  %v47 = load float, ptr %p47
  %r47 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r46, float %v47, 47
  %v48 = load float, ptr %p48
  %r48 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r47, float %v48, 48
  %v49 = load float, ptr %p49
  %r49 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r48, float %v49, 49
  %v50 = load float, ptr %p50
  %r50 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r49, float %v50, 50
  %v51 = load float, ptr %p51
  %r51 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r50, float %v51, 51
  %v52 = load float, ptr %p52
  %r52 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r51, float %v52, 52
  %v53 = load float, ptr %p53
  %r53 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r52, float %v53, 53
  %v54 = load float, ptr %p54
  %r54 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r53, float %v54, 54
  %v55 = load float, ptr %p55
  %r55 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r54, float %v55, 55
  %v56 = load float, ptr %p56
  %r56 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r55, float %v56, 56
  %v57 = load float, ptr %p57
  %r57 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r56, float %v57, 57
  %v58 = load float, ptr %p58
  %r58 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r57, float %v58, 58
  %v59 = load float, ptr %p59
  %r59 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r58, float %v59, 59
  %v60 = load float, ptr %p60
  %r60 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r59, float %v60, 60
  %v61 = load float, ptr %p61
  %r61 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r60, float %v61, 61
  %v62 = load float, ptr %p62
  %r62 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r61, float %v62, 62
  %v63 = load float, ptr %p63
  %r63 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r62, float %v63, 63
  ret {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r63
}

define {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} @__tilec_wgmma_m64n128k16_bf16(i64 %a, i64 %b, i32 %s, float %c0, float %c1, float %c2, float %c3, float %c4, float %c5, float %c6, float %c7, float %c8, float %c9, float %c10, float %c11, float %c12, float %c13, float %c14, float %c15, float %c16, float %c17, float %c18, float %c19, float %c20, float %c21, float %c22, float %c23, float %c24, float %c25, float %c26, float %c27, float %c28, float %c29, float %c30, float %c31, float %c32, float %c33, float %c34, float %c35, float %c36, float %c37, float %c38, float %c39, float %c40, float %c41, float %c42, float %c43, float %c44, float %c45, float %c46, float %c47, float %c48, float %c49, float %c50, float %c51, float %c52, float %c53, float %c54, float %c55, float %c56, float %c57, float %c58, float %c59, float %c60, float %c61, float %c62, float %c63) {
  %acc = alloca [64 x float]
  %p0 = getelementptr float, ptr %acc, i32 0
  store float %c0, ptr %p0
  %p1 = getelementptr float, ptr %acc, i32 1
  store float %c1, ptr %p1
  %p2 = getelementptr float, ptr %acc, i32 2
  store float %c2, ptr %p2
  %p3 = getelementptr float, ptr %acc, i32 3
  store float %c3, ptr %p3
  %p4 = getelementptr float, ptr %acc, i32 4
  store float %c4, ptr %p4
  %p5 = getelementptr float, ptr %acc, i32 5
  store float %c5, ptr %p5
  %p6 = getelementptr float, ptr %acc, i32 6
  store float %c6, ptr %p6
  %p7 = getelementptr float, ptr %acc, i32 7
  store float %c7, ptr %p7
  %p8 = getelementptr float, ptr %acc, i32 8
  store float %c8, ptr %p8
  %p9 = getelementptr float, ptr %acc, i32 9
  store float %c9, ptr %p9
  %p10 = getelementptr float, ptr %acc, i32 10
  store float %c10, ptr %p10
  %p11 = getelementptr float, ptr %acc, i32 11
  store float %c11, ptr %p11
  %p12 = getelementptr float, ptr %acc, i32 12
  store float %c12, ptr %p12
  %p13 = getelementptr float, ptr %acc, i32 13
  store float %c13, ptr %p13
  %p14 = getelementptr float, ptr %acc, i32 14
  store float %c14, ptr %p14
  %p15 = getelementptr float, ptr %acc, i32 15
  store float %c15, ptr %p15
  %p16 = getelementptr float, ptr %acc, i32 16
  store float %c16, ptr %p16
  %p17 = getelementptr float, ptr %acc, i32 17
  store float %c17, ptr %p17
  %p18 = getelementptr float, ptr %acc, i32 18
  store float %c18, ptr %p18
  %p19 = getelementptr float, ptr %acc, i32 19
  store float %c19, ptr %p19
  %p20 = getelementptr float, ptr %acc, i32 20
  store float %c20, ptr %p20
  %p21 = getelementptr float, ptr %acc, i32 21
  store float %c21, ptr %p21
  %p22 = getelementptr float, ptr %acc, i32 22
  store float %c22, ptr %p22
  %p23 = getelementptr float, ptr %acc, i32 23
  store float %c23, ptr %p23
  %p24 = getelementptr float, ptr %acc, i32 24
  store float %c24, ptr %p24
  %p25 = getelementptr float, ptr %acc, i32 25
  store float %c25, ptr %p25
  %p26 = getelementptr float, ptr %acc, i32 26
  store float %c26, ptr %p26
  %p27 = getelementptr float, ptr %acc, i32 27
  store float %c27, ptr %p27
  %p28 = getelementptr float, ptr %acc, i32 28
  store float %c28, ptr %p28
  %p29 = getelementptr float, ptr %acc, i32 29
  store float %c29, ptr %p29
  %p30 = getelementptr float, ptr %acc, i32 30
  store float %c30, ptr %p30
  %p31 = getelementptr float, ptr %acc, i32 31
  store float %c31, ptr %p31
  %p32 = getelementptr float, ptr %acc, i32 32
  store float %c32, ptr %p32
  %p33 = getelementptr float, ptr %acc, i32 33
  store float %c33, ptr %p33
  %p34 = getelementptr float, ptr %acc, i32 34
  store float %c34, ptr %p34
  %p35 = getelementptr float, ptr %acc, i32 35
  store float %c35, ptr %p35
  %p36 = getelementptr float, ptr %acc, i32 36
  store float %c36, ptr %p36
  %p37 = getelementptr float, ptr %acc, i32 37
  store float %c37, ptr %p37
  %p38 = getelementptr float, ptr %acc, i32 38
  store float %c38, ptr %p38
  %p39 = getelementptr float, ptr %acc, i32 39
  store float %c39, ptr %p39
  %p40 = getelementptr float, ptr %acc, i32 40
  store float %c40, ptr %p40
  %p41 = getelementptr float, ptr %acc, i32 41
  store float %c41, ptr %p41
  %p42 = getelementptr float, ptr %acc, i32 42
  store float %c42, ptr %p42
  %p43 = getelementptr float, ptr %acc, i32 43
  store float %c43, ptr %p43
  %p44 = getelementptr float, ptr %acc, i32 44
  store float %c44, ptr %p44
  %p45 = getelementptr float, ptr %acc, i32 45
  store float %c45, ptr %p45
  %p46 = getelementptr float, ptr %acc, i32 46
  store float %c46, ptr %p46
  %p47 = getelementptr float, ptr %acc, i32 47
  store float %c47, ptr %p47
  %p48 = getelementptr float, ptr %acc, i32 48
  store float %c48, ptr %p48
  %p49 = getelementptr float, ptr %acc, i32 49
  store float %c49, ptr %p49
  %p50 = getelementptr float, ptr %acc, i32 50
  store float %c50, ptr %p50
  %p51 = getelementptr float, ptr %acc, i32 51
  store float %c51, ptr %p51
  %p52 = getelementptr float, ptr %acc, i32 52
  store float %c52, ptr %p52
  %p53 = getelementptr float, ptr %acc, i32 53
  store float %c53, ptr %p53
  %p54 = getelementptr float, ptr %acc, i32 54
  store float %c54, ptr %p54
  %p55 = getelementptr float, ptr %acc, i32 55
  store float %c55, ptr %p55
  %p56 = getelementptr float, ptr %acc, i32 56
  store float %c56, ptr %p56
  %p57 = getelementptr float, ptr %acc, i32 57
  store float %c57, ptr %p57
  %p58 = getelementptr float, ptr %acc, i32 58
  store float %c58, ptr %p58
  %p59 = getelementptr float, ptr %acc, i32 59
  store float %c59, ptr %p59
  %p60 = getelementptr float, ptr %acc, i32 60
  store float %c60, ptr %p60
  %p61 = getelementptr float, ptr %acc, i32 61
  store float %c61, ptr %p61
  %p62 = getelementptr float, ptr %acc, i32 62
  store float %c62, ptr %p62
  %p63 = getelementptr float, ptr %acc, i32 63
  store float %c63, ptr %p63
  call void @sim_wgmma(i32 1, i32 128, i64 %a, i64 %b, i32 %s, ptr %acc)
  %v0 = load float, ptr %p0
  %r0 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} undef, float %v0, 0
  %v1 = load float, ptr %p1
  %r1 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r0, float %v1, 1
  %v2 = load float, ptr %p2
  %r2 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r1, float %v2, 2
  %v3 = load float, ptr %p3
  %r3 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r2, float %v3, 3
  %v4 = load float, ptr %p4
  %r4 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r3, float %v4, 4
  %v5 = load float, ptr %p5
  %r5 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r4, float %v5, 5
  %v6 = load float, ptr %p6
  %r6 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r5, float %v6, 6
  %v7 = load float, ptr %p7
  %r7 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r6, float %v7, 7
  %v8 = load float, ptr %p8
  %r8 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r7, float %v8, 8
  %v9 = load float, ptr %p9
  %r9 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r8, float %v9, 9
  %v10 = load float, ptr %p10
  %r10 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r9, float %v10, 10
  %v11 = load float, ptr %p11
  %r11 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r10, float %v11, 11
  %v12 = load float, ptr %p12
  %r12 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r11, float %v12, 12
  %v13 = load float, ptr %p13
  %r13 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r12, float %v13, 13
  %v14 = load float, ptr %p14
  %r14 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r13, float %v14, 14
  %v15 = load float, ptr %p15
  %r15 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r14, float %v15, 15
  %v16 = load float, ptr %p16
  %r16 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r15, float %v16, 16
  %v17 = load float, ptr %p17
  %r17 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r16, float %v17, 17
  %v18 = load float, ptr %p18
  %r18 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r17, float %v18, 18
  %v19 = load float, ptr %p19
  %r19 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r18, float %v19, 19
  %v20 = load float, ptr %p20
  %r20 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r19, float %v20, 20
  %v21 = load float, ptr %p21
  %r21 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r20, float %v21, 21
  %v22 = load float, ptr %p22
  %r22 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r21, float %v22, 22
  %v23 = load float, ptr %p23
  %r23 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r22, float %v23, 23
  %v24 = load float, ptr %p24
  %r24 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r23, float %v24, 24
  %v25 = load float, ptr %p25
  %r25 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r24, float %v25, 25
  %v26 = load float, ptr %p26
  %r26 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r25, float %v26, 26
  %v27 = load float, ptr %p27
  %r27 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r26, float %v27, 27
  %v28 = load float, ptr %p28
  %r28 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r27, float %v28, 28
  %v29 = load float, ptr %p29
  %r29 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r28, float %v29, 29
  %v30 = load float, ptr %p30
  %r30 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r29, float %v30, 30
  %v31 = load float, ptr %p31
  %r31 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r30, float %v31, 31
  %v32 = load float, ptr %p32
  %r32 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r31, float %v32, 32
  %v33 = load float, ptr %p33
  %r33 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r32, float %v33, 33
  %v34 = load float, ptr %p34
  %r34 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r33, float %v34, 34
  %v35 = load float, ptr %p35
  %r35 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r34, float %v35, 35
  %v36 = load float, ptr %p36
  %r36 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r35, float %v36, 36
  %v37 = load float, ptr %p37
  %r37 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r36, float %v37, 37
  %v38 = load float, ptr %p38
  %r38 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r37, float %v38, 38
  %v39 = load float, ptr %p39
  %r39 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r38, float %v39, 39
  %v40 = load float, ptr %p40
  %r40 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r39, float %v40, 40
  %v41 = load float, ptr %p41
  %r41 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r40, float %v41, 41
  %v42 = load float, ptr %p42
  %r42 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r41, float %v42, 42
  %v43 = load float, ptr %p43
  %r43 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r42, float %v43, 43
  %v44 = load float, ptr %p44
  %r44 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r43, float %v44, 44
  %v45 = load float, ptr %p45
  %r45 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r44, float %v45, 45
  %v46 = load float, ptr %p46
  %r46 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r45, float %v46, 46
  %v47 = load float, ptr %p47
  %r47 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r46, float %v47, 47
  %v48 = load float, ptr %p48
  %r48 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r47, float %v48, 48
  %v49 = load float, ptr %p49
  %r49 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r48, float %v49, 49
  %v50 = load float, ptr %p50
  %r50 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r49, float %v50, 50
  %v51 = load float, ptr %p51
  %r51 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r50, float %v51, 51
  %v52 = load float, ptr %p52
  %r52 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r51, float %v52, 52
  %v53 = load float, ptr %p53
  %r53 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r52, float %v53, 53
  %v54 = load float, ptr %p54
  %r54 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r53, float %v54, 54
  %v55 = load float, ptr %p55
  %r55 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r54, float %v55, 55
  %v56 = load float, ptr %p56
  %r56 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r55, float %v56, 56
  %v57 = load float, ptr %p57
  %r57 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r56, float %v57, 57
  %v58 = load float, ptr %p58
  %r58 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r57, float %v58, 58
  %v59 = load float, ptr %p59
  %r59 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r58, float %v59, 59
  %v60 = load float, ptr %p60
  %r60 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r59, float %v60, 60
  %v61 = load float, ptr %p61
  %r61 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r60, float %v61, 61
  %v62 = load float, ptr %p62
  %r62 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r61, float %v62, 62
  %v63 = load float, ptr %p63
  %r63 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r62, float %v63, 63
  ret {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r63
}

define {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} @__tilec_wgmma_m64n256k16_f16(i64 %a, i64 %b, i32 %s, float %c0, float %c1, float %c2, float %c3, float %c4, float %c5, float %c6, float %c7, float %c8, float %c9, float %c10, float %c11, float %c12, float %c13, float %c14, float %c15, float %c16, float %c17, float %c18, float %c19, float %c20, float %c21, float %c22, float %c23, float %c24, float %c25, float %c26, float %c27, float %c28, float %c29, float %c30, float %c31, float %c32, float %c33, float %c34, float %c35, float %c36, float %c37, float %c38, float %c39, float %c40, float %c41, float %c42, float %c43, float %c44, float %c45, float %c46, float %c47, float %c48, float %c49, float %c50, float %c51, float %c52, float %c53, float %c54, float %c55, float %c56, float %c57, float %c58, float %c59, float %c60, float %c61, float %c62, float %c63, float %c64, float %c65, float %c66, float %c67, float %c68, float %c69, float %c70, float %c71, float %c72, float %c73, float %c74, float %c75, float %c76, float %c77, float %c78, float %c79, float %c80, float %c81, float %c82, float %c83, float %c84, float %c85, float %c86, float %c87, float %c88, float %c89, float %c90, float %c91, float %c92, float %c93, float %c94, float %c95, float %c96, float %c97, float %c98, float %c99, float %c100, float %c101, float %c102, float %c103, float %c104, float %c105, float %c106, float %c107, float %c108, float %c109, float %c110, float %c111, float %c112, float %c113, float %c114, float %c115, float %c116, float %c117, float %c118, float %c119, float %c120, float %c121, float %c122, float %c123, float %c124, float %c125, float %c126, float %c127) {
  %acc = alloca [128 x float]
  %p0 = getelementptr float, ptr %acc, i32 0
  store float %c0, ptr %p0
  %p1 = getelementptr float, ptr %acc, i32 1
  store float %c1, ptr %p1
  %p2 = getelementptr float, ptr %acc, i32 2
  store float %c2, ptr %p2
  %p3 = getelementptr float, ptr %acc, i32 3
  store float %c3, ptr %p3
  %p4 = getelementptr float, ptr %acc, i32 4
  store float %c4, ptr %p4
  %p5 = getelementptr float, ptr %acc, i32 5
  store float %c5, ptr %p5
  %p6 = getelementptr float, ptr %acc, i32 6
  store float %c6, ptr %p6
  %p7 = getelementptr float, ptr %acc, i32 7
  store float %c7, ptr %p7
  %p8 = getelementptr float, ptr %acc, i32 8
  store float %c8, ptr %p8
  %p9 = getelementptr float, ptr %acc, i32 9
  store float %c9, ptr %p9
  %p10 = getelementptr float, ptr %acc, i32 10
  store float %c10, ptr %p10
  %p11 = getelementptr float, ptr %acc, i32 11
  store float %c11, ptr %p11
  %p12 = getelementptr float, ptr %acc, i32 12
  store float %c12, ptr %p12
  %p13 = getelementptr float, ptr %acc, i32 13
  store float %c13, ptr %p13
  %p14 = getelementptr float, ptr %acc, i32 14
  store float %c14, ptr %p14
  %p15 = getelementptr float, ptr %acc, i32 15
  store float %c15, ptr %p15
  %p16 = getelementptr float, ptr %acc, i32 16
  store float %c16, ptr %p16
  %p17 = getelementptr float, ptr %acc, i32 17
  store float %c17, ptr %p17
  %p18 = getelementptr float, ptr %acc, i32 18
  store float %c18, ptr %p18
  %p19 = getelementptr float, ptr %acc, i32 19
  store float %c19, ptr %p19
  %p20 = getelementptr float, ptr %acc, i32 20
  store float %c20, ptr %p20
  %p21 = getelementptr float, ptr %acc, i32 21
  store float %c21, ptr %p21
  %p22 = getelementptr float, ptr %acc, i32 22
  store float %c22, ptr %p22
  %p23 = getelementptr float, ptr %acc, i32 23
  store float %c23, ptr %p23
  %p24 = getelementptr float, ptr %acc, i32 24
  store float %c24, ptr %p24
  %p25 = getelementptr float, ptr %acc, i32 25
  store float %c25, ptr %p25
  %p26 = getelementptr float, ptr %acc, i32 26
  store float %c26, ptr %p26
  %p27 = getelementptr float, ptr %acc, i32 27
  store float %c27, ptr %p27
  %p28 = getelementptr float, ptr %acc, i32 28
  store float %c28, ptr %p28
  %p29 = getelementptr float, ptr %acc, i32 29
  store float %c29, ptr %p29
  %p30 = getelementptr float, ptr %acc, i32 30
  store float %c30, ptr %p30
  %p31 = getelementptr float, ptr %acc, i32 31
  store float %c31, ptr %p31
  %p32 = getelementptr float, ptr %acc, i32 32
  store float %c32, ptr %p32
  %p33 = getelementptr float, ptr %acc, i32 33
  store float %c33, ptr %p33
  %p34 = getelementptr float, ptr %acc, i32 34
  store float %c34, ptr %p34
  %p35 = getelementptr float, ptr %acc, i32 35
  store float %c35, ptr %p35
  %p36 = getelementptr float, ptr %acc, i32 36
  store float %c36, ptr %p36
  %p37 = getelementptr float, ptr %acc, i32 37
  store float %c37, ptr %p37
  %p38 = getelementptr float, ptr %acc, i32 38
  store float %c38, ptr %p38
  %p39 = getelementptr float, ptr %acc, i32 39
  store float %c39, ptr %p39
  %p40 = getelementptr float, ptr %acc, i32 40
  store float %c40, ptr %p40
  %p41 = getelementptr float, ptr %acc, i32 41
  store float %c41, ptr %p41
  %p42 = getelementptr float, ptr %acc, i32 42
  store float %c42, ptr %p42
  %p43 = getelementptr float, ptr %acc, i32 43
  store float %c43, ptr %p43
  %p44 = getelementptr float, ptr %acc, i32 44
  store float %c44, ptr %p44
  %p45 = getelementptr float, ptr %acc, i32 45
  store float %c45, ptr %p45
  %p46 = getelementptr float, ptr %acc, i32 46
  store float %c46, ptr %p46
  %p47 = getelementptr float, ptr %acc, i32 47
  store float %c47, ptr %p47
  %p48 = getelementptr float, ptr %acc, i32 48
  store float %c48, ptr %p48
  %p49 = getelementptr float, ptr %acc, i32 49
  store float %c49, ptr %p49
  %p50 = getelementptr float, ptr %acc, i32 50
  store float %c50, ptr %p50
  %p51 = getelementptr float, ptr %acc, i32 51
  store float %c51, ptr %p51
  %p52 = getelementptr float, ptr %acc, i32 52
  store float %c52, ptr %p52
  %p53 = getelementptr float, ptr %acc, i32 53
  store float %c53, ptr %p53
  %p54 = getelementptr float, ptr %acc, i32 54
  store float %c54, ptr %p54
  %p55 = getelementptr float, ptr %acc, i32 55
  store float %c55, ptr %p55
  %p56 = getelementptr float, ptr %acc, i32 56
  store float %c56, ptr %p56
  %p57 = getelementptr float, ptr %acc, i32 57
  store float %c57, ptr %p57
  %p58 = getelementptr float, ptr %acc, i32 58
  store float %c58, ptr %p58
  %p59 = getelementptr float, ptr %acc, i32 59
  store float %c59, ptr %p59
  %p60 = getelementptr float, ptr %acc, i32 60
  store float %c60, ptr %p60
  %p61 = getelementptr float, ptr %acc, i32 61
  store float %c61, ptr %p61
  %p62 = getelementptr float, ptr %acc, i32 62
  store float %c62, ptr %p62
  %p63 = getelementptr float, ptr %acc, i32 63
  store float %c63, ptr %p63
  %p64 = getelementptr float, ptr %acc, i32 64
  store float %c64, ptr %p64
  %p65 = getelementptr float, ptr %acc, i32 65
  store float %c65, ptr %p65
  %p66 = getelementptr float, ptr %acc, i32 66
  store float %c66, ptr %p66
  %p67 = getelementptr float, ptr %acc, i32 67
  store float %c67, ptr %p67
  %p68 = getelementptr float, ptr %acc, i32 68
  store float %c68, ptr %p68
  %p69 = getelementptr float, ptr %acc, i32 69
  store float %c69, ptr %p69
  %p70 = getelementptr float, ptr %acc, i32 70
  store float %c70, ptr %p70
  %p71 = getelementptr float, ptr %acc, i32 71
  store float %c71, ptr %p71
  %p72 = getelementptr float, ptr %acc, i32 72
  store float %c72, ptr %p72
  %p73 = getelementptr float, ptr %acc, i32 73
  store float %c73, ptr %p73
  %p74 = getelementptr float, ptr %acc, i32 74
  store float %c74, ptr %p74
  %p75 = getelementptr float, ptr %acc, i32 75
  store float %c75, ptr %p75
  %p76 = getelementptr float, ptr %acc, i32 76
  store float %c76, ptr %p76
  %p77 = getelementptr float, ptr %acc, i32 77
  store float %c77, ptr %p77
  %p78 = getelementptr float, ptr %acc, i32 78
  store float %c78, ptr %p78
  %p79 = getelementptr float, ptr %acc, i32 79
  store float %c79, ptr %p79
  %p80 = getelementptr float, ptr %acc, i32 80
  store float %c80, ptr %p80
  %p81 = getelementptr float, ptr %acc, i32 81
  store float %c81, ptr %p81
  %p82 = getelementptr float, ptr %acc, i32 82
  store float %c82, ptr %p82
  %p83 = getelementptr float, ptr %acc, i32 83
  store float %c83, ptr %p83
  %p84 = getelementptr float, ptr %acc, i32 84
  store float %c84, ptr %p84
  %p85 = getelementptr float, ptr %acc, i32 85
  store float %c85, ptr %p85
  %p86 = getelementptr float, ptr %acc, i32 86
  store float %c86, ptr %p86
  %p87 = getelementptr float, ptr %acc, i32 87
  store float %c87, ptr %p87
  %p88 = getelementptr float, ptr %acc, i32 88
  store float %c88, ptr %p88
  %p89 = getelementptr float, ptr %acc, i32 89
  store float %c89, ptr %p89
  %p90 = getelementptr float, ptr %acc, i32 90
  store float %c90, ptr %p90
  %p91 = getelementptr float, ptr %acc, i32 91
  store float %c91, ptr %p91
  %p92 = getelementptr float, ptr %acc, i32 92
  store float %c92, ptr %p92
  %p93 = getelementptr float, ptr %acc, i32 93
  store float %c93, ptr %p93
  %p94 = getelementptr float, ptr %acc, i32 94
  store float %c94, ptr %p94
  %p95 = getelementptr float, ptr %acc, i32 95
  store float %c95, ptr %p95
  %p96 = getelementptr float, ptr %acc, i32 96
  store float %c96, ptr %p96
  %p97 = getelementptr float, ptr %acc, i32 97
  store float %c97, ptr %p97
  %p98 = getelementptr float, ptr %acc, i32 98
  store float %c98, ptr %p98
  %p99 = getelementptr float, ptr %acc, i32 99
  store float %c99, ptr %p99
  %p100 = getelementptr float, ptr %acc, i32 100
  store float %c100, ptr %p100
  %p101 = getelementptr float, ptr %acc, i32 101
  store float %c101, ptr %p101
  %p102 = getelementptr float, ptr %acc, i32 102
  store float %c102, ptr %p102
  %p103 = getelementptr float, ptr %acc, i32 103
  store float %c103, ptr %p103
  %p104 = getelementptr float, ptr %acc, i32 104
  store float %c104, ptr %p104
  %p105 = getelementptr float, ptr %acc, i32 105
  store float %c105, ptr %p105
  %p106 = getelementptr float, ptr %acc, i32 106
  store float %c106, ptr %p106
  %p107 = getelementptr float, ptr %acc, i32 107
  store float %c107, ptr %p107
  %p108 = getelementptr float, ptr %acc, i32 108
  store float %c108, ptr %p108
  %p109 = getelementptr float, ptr %acc, i32 109
  store float %c109, ptr %p109
  %p110 = getelementptr float, ptr %acc, i32 110
  store float %c110, ptr %p110
  %p111 = getelementptr float, ptr %acc, i32 111
  store float %c111, ptr %p111
  %p112 = getelementptr float, ptr %acc, i32 112
  store float %c112, ptr %p112
  %p113 = getelementptr float, ptr %acc, i32 113
  store float %c113, ptr %p113
  %p114 = getelementptr float, ptr %acc, i32 114
  store float %c114, ptr %p114
  %p115 = getelementptr float, ptr %acc, i32 115
  store float %c115, ptr %p115
  %p116 = getelementptr float, ptr %acc, i32 116
  store float %c116, ptr %p116
  %p117 = getelementptr float, ptr %acc, i32 117
  store float %c117, ptr %p117
  %p118 = getelementptr float, ptr %acc, i32 118
  store float %c118, ptr %p118
  %p119 = getelementptr float, ptr %acc, i32 119
  store float %c119, ptr %p119
  %p120 = getelementptr float, ptr %acc, i32 120
  store float %c120, ptr %p120
  %p121 = getelementptr float, ptr %acc, i32 121
  store float %c121, ptr %p121
  %p122 = getelementptr float, ptr %acc, i32 122
  store float %c122, ptr %p122
  %p123 = getelementptr float, ptr %acc, i32 123
  store float %c123, ptr %p123
  %p124 = getelementptr float, ptr %acc, i32 124
  store float %c124, ptr %p124
  %p125 = getelementptr float, ptr %acc, i32 125
  store float %c125, ptr %p125
  %p126 = getelementptr float, ptr %acc, i32 126
  store float %c126, ptr %p126
  %p127 = getelementptr float, ptr %acc, i32 127
  store float %c127, ptr %p127
  call void @sim_wgmma(i32 0, i32 256, i64 %a, i64 %b, i32 %s, ptr %acc)
  %v0 = load float, ptr %p0
  %r0 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} undef, float %v0, 0
  %v1 = load float, ptr %p1
  %r1 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r0, float %v1, 1
  %v2 = load float, ptr %p2
  %r2 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r1, float %v2, 2
  %v3 = load float, ptr %p3
  %r3 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r2, float %v3, 3
  %v4 = load float, ptr %p4
  %r4 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r3, float %v4, 4
  %v5 = load float, ptr %p5
  %r5 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r4, float %v5, 5
  %v6 = load float, ptr %p6
  %r6 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r5, float %v6, 6
  %v7 = load float, ptr %p7
  %r7 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r6, float %v7, 7
  %v8 = load float, ptr %p8
  %r8 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r7, float %v8, 8
  %v9 = load float, ptr %p9
  %r9 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r8, float %v9, 9
  %v10 = load float, ptr %p10
  %r10 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r9, float %v10, 10
  %v11 = load float, ptr %p11
  %r11 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r10, float %v11, 11
  %v12 = load float, ptr %p12
  %r12 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r11, float %v12, 12
  %v13 = load float, ptr %p13
  %r13 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r12, float %v13, 13
  %v14 = load float, ptr %p14
  %r14 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r13, float %v14, 14
  %v15 = load float, ptr %p15
  %r15 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r14, float %v15, 15
  %v16 = load float, ptr %p16
  %r16 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r15, float %v16, 16
  %v17 = load float, ptr %p17
  %r17 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r16, float %v17, 17
  %v18 = load float, ptr %p18
  %r18 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r17, float %v18, 18
  %v19 = load float, ptr %p19
  %r19 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r18, float %v19, 19
  %v20 = load float, ptr %p20
  %r20 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r19, float %v20, 20
  %v21 = load float, ptr %p21
  %r21 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r20, float %v21, 21
  %v22 = load float, ptr %p22
  %r22 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r21, float %v22, 22
  %v23 = load float, ptr %p23
  %r23 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r22, float %v23, 23
  %v24 = load float, ptr %p24
  %r24 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r23, float %v24, 24
  %v25 = load float, ptr %p25
  %r25 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r24, float %v25, 25
  %v26 = load float, ptr %p26
  %r26 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r25, float %v26, 26
  %v27 = load float, ptr %p27
  %r27 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r26, float %v27, 27
  %v28 = load float, ptr %p28
  %r28 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r27, float %v28, 28
  %v29 = load float, ptr %p29
  %r29 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r28, float %v29, 29
  %v30 = load float, ptr %p30
  %r30 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r29, float %v30, 30
  %v31 = load float, ptr %p31
  %r31 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r30, float %v31, 31
  %v32 = load float, ptr %p32
  %r32 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r31, float %v32, 32
  %v33 = load float, ptr %p33
  %r33 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r32, float %v33, 33
  %v34 = load float, ptr %p34
  %r34 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r33, float %v34, 34
  %v35 = load float, ptr %p35
  %r35 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r34, float %v35, 35
  %v36 = load float, ptr %p36
  %r36 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r35, float %v36, 36
  %v37 = load float, ptr %p37
  %r37 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r36, float %v37, 37
  %v38 = load float, ptr %p38
  %r38 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r37, float %v38, 38
  %v39 = load float, ptr %p39
  %r39 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r38, float %v39, 39
  %v40 = load float, ptr %p40
  %r40 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r39, float %v40, 40
  %v41 = load float, ptr %p41
  %r41 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r40, float %v41, 41
  %v42 = load float, ptr %p42
  %r42 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r41, float %v42, 42
  %v43 = load float, ptr %p43
  %r43 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r42, float %v43, 43
  %v44 = load float, ptr %p44
  %r44 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r43, float %v44, 44
  %v45 = load float, ptr %p45
  %r45 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r44, float %v45, 45
  %v46 = load float, ptr %p46
  %r46 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r45, float %v46, 46
  %v47 = load float, ptr %p47
  %r47 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r46, float %v47, 47
  %v48 = load float, ptr %p48
  %r48 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r47, float %v48, 48
  %v49 = load float, ptr %p49
  %r49 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r48, float %v49, 49
  %v50 = load float, ptr %p50
  %r50 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r49, float %v50, 50
  %v51 = load float, ptr %p51
  %r51 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r50, float %v51, 51
  %v52 = load float, ptr %p52
  %r52 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r51, float %v52, 52
  %v53 = load float, ptr %p53
  %r53 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r52, float %v53, 53
  %v54 = load float, ptr %p54
  %r54 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r53, float %v54, 54
  %v55 = load float, ptr %p55
  %r55 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r54, float %v55, 55
  %v56 = load float, ptr %p56
  %r56 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r55, float %v56, 56
  %v57 = load float, ptr %p57
  %r57 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r56, float %v57, 57
  %v58 = load float, ptr %p58
  %r58 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r57, float %v58, 58
  %v59 = load float, ptr %p59
  %r59 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r58, float %v59, 59
  %v60 = load float, ptr %p60
  %r60 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r59, float %v60, 60
  %v61 = load float, ptr %p61
  %r61 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r60, float %v61, 61
  %v62 = load float, ptr %p62
  %r62 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r61, float %v62, 62
  %v63 = load float, ptr %p63
  %r63 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r62, float %v63, 63
  %v64 = load float, ptr %p64
  %r64 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r63, float %v64, 64
  %v65 = load float, ptr %p65
  %r65 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r64, float %v65, 65
  %v66 = load float, ptr %p66
  %r66 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r65, float %v66, 66
  %v67 = load float, ptr %p67
  %r67 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r66, float %v67, 67
  %v68 = load float, ptr %p68
  %r68 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r67, float %v68, 68
  %v69 = load float, ptr %p69
  %r69 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r68, float %v69, 69
  %v70 = load float, ptr %p70
  %r70 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r69, float %v70, 70
  %v71 = load float, ptr %p71
  %r71 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r70, float %v71, 71
  %v72 = load float, ptr %p72
  %r72 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r71, float %v72, 72
  %v73 = load float, ptr %p73
  %r73 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r72, float %v73, 73
  %v74 = load float, ptr %p74
  %r74 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r73, float %v74, 74
  %v75 = load float, ptr %p75
  %r75 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r74, float %v75, 75
  %v76 = load float, ptr %p76
  %r76 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r75, float %v76, 76
  %v77 = load float, ptr %p77
  %r77 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r76, float %v77, 77
  %v78 = load float, ptr %p78
  %r78 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r77, float %v78, 78
  %v79 = load float, ptr %p79
  %r79 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r78, float %v79, 79
  %v80 = load float, ptr %p80
  %r80 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r79, float %v80, 80
  %v81 = load float, ptr %p81
  %r81 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r80, float %v81, 81
  %v82 = load float, ptr %p82
  %r82 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r81, float %v82, 82
  %v83 = load float, ptr %p83
  %r83 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r82, float %v83, 83
  %v84 = load float, ptr %p84
  %r84 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r83, float %v84, 84
  %v85 = load float, ptr %p85
  %r85 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r84, float %v85, 85
  %v86 = load float, ptr %p86
  %r86 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r85, float %v86, 86
  %v87 = load float, ptr %p87
  %r87 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r86, float %v87, 87
  %v88 = load float, ptr %p88
  %r88 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r87, float %v88, 88
  %v89 = load float, ptr %p89
  %r89 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r88, float %v89, 89
  %v90 = load float, ptr %p90
  %r90 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r89, float %v90, 90
  %v91 = load float, ptr %p91
  %r91 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r90, float %v91, 91
  %v92 = load float, ptr %p92
  %r92 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r91, float %v92, 92
  %v93 = load float, ptr %p93
  %r93 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r92, float %v93, 93
  %v94 = load float, ptr %p94
  %r94 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r93, float %v94, 94
  %v95 = load float, ptr %p95
  %r95 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r94, float %v95, 95
  %v96 = load float, ptr %p96
  %r96 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r95, float %v96, 96
  %v97 = load float, ptr %p97
  %r97 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r96, float %v97, 97
  %v98 = load float, ptr %p98
  %r98 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r97, float %v98, 98
  %v99 = load float, ptr %p99
  %r99 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r98, float %v99, 99
  %v100 = load float, ptr %p100
  %r100 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r99, float %v100, 100
  %v101 = load float, ptr %p101
  %r101 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r100, float %v101, 101
  %v102 = load float, ptr %p102
  %r102 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r101, float %v102, 102
  %v103 = load float, ptr %p103
  %r103 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r102, float %v103, 103
  %v104 = load float, ptr %p104
  %r104 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r103, float %v104, 104
  %v105 = load float, ptr %p105
  %r105 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r104, float %v105, 105
  %v106 = load float, ptr %p106
  %r106 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r105, float %v106, 106
  %v107 = load float, ptr %p107
  %r107 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r106, float %v107, 107
  %v108 = load float, ptr %p108
  %r108 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r107, float %v108, 108
  %v109 = load float, ptr %p109
  %r109 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r108, float %v109, 109
  %v110 = load float, ptr %p110
  %r110 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r109, float %v110, 110
  %v111 = load float, ptr %p111
  %r111 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r110, float %v111, 111
  %v112 = load float, ptr %p112
  %r112 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r111, float %v112, 112
  %v113 = load float, ptr %p113
  %r113 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r112, float %v113, 113
  %v114 = load float, ptr %p114
  %r114 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r113, float %v114, 114
  %v115 = load float, ptr %p115
  %r115 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r114, float %v115, 115
  %v116 = load float, ptr %p116
  %r116 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r115, float %v116, 116
  %v117 = load float, ptr %p117
  %r117 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r116, float %v117, 117
  %v118 = load float, ptr %p118
  %r118 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r117, float %v118, 118
  %v119 = load float, ptr %p119
  %r119 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r118, float %v119, 119
  %v120 = load float, ptr %p120
  %r120 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r119, float %v120, 120
  %v121 = load float, ptr %p121
  %r121 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r120, float %v121, 121
  %v122 = load float, ptr %p122
  %r122 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r121, float %v122, 122
  %v123 = load float, ptr %p123
  %r123 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r122, float %v123, 123
  %v124 = load float, ptr %p124
  %r124 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r123, float %v124, 124
  %v125 = load float, ptr %p125
  %r125 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r124, float %v125, 125
  %v126 = load float, ptr %p126
  %r126 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r125, float %v126, 126
  %v127 = load float, ptr %p127
  %r127 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r126, float %v127, 127
  ret {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r127
}

define {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} @__tilec_wgmma_m64n256k16_bf16(i64 %a, i64 %b, i32 %s, float %c0, float %c1, float %c2, float %c3, float %c4, float %c5, float %c6, float %c7, float %c8, float %c9, float %c10, float %c11, float %c12, float %c13, float %c14, float %c15, float %c16, float %c17, float %c18, float %c19, float %c20, float %c21, float %c22, float %c23, float %c24, float %c25, float %c26, float %c27, float %c28, float %c29, float %c30, float %c31, float %c32, float %c33, float %c34, float %c35, float %c36, float %c37, float %c38, float %c39, float %c40, float %c41, float %c42, float %c43, float %c44, float %c45, float %c46, float %c47, float %c48, float %c49, float %c50, float %c51, float %c52, float %c53, float %c54, float %c55, float %c56, float %c57, float %c58, float %c59, float %c60, float %c61, float %c62, float %c63, float %c64, float %c65, float %c66, float %c67, float %c68, float %c69, float %c70, float %c71, float %c72, float %c73, float %c74, float %c75, float %c76, float %c77, float %c78, float %c79, float %c80, float %c81, float %c82, float %c83, float %c84, float %c85, float %c86, float %c87, float %c88, float %c89, float %c90, float %c91, float %c92, float %c93, float %c94, float %c95, float %c96, float %c97, float %c98, float %c99, float %c100, float %c101, float %c102, float %c103, float %c104, float %c105, float %c106, float %c107, float %c108, float %c109, float %c110, float %c111, float %c112, float %c113, float %c114, float %c115, float %c116, float %c117, float %c118, float %c119, float %c120, float %c121, float %c122, float %c123, float %c124, float %c125, float %c126, float %c127) {
  %acc = alloca [128 x float]
  %p0 = getelementptr float, ptr %acc, i32 0
  store float %c0, ptr %p0
  %p1 = getelementptr float, ptr %acc, i32 1
  store float %c1, ptr %p1
  %p2 = getelementptr float, ptr %acc, i32 2
  store float %c2, ptr %p2
  %p3 = getelementptr float, ptr %acc, i32 3
  store float %c3, ptr %p3
  %p4 = getelementptr float, ptr %acc, i32 4
  store float %c4, ptr %p4
  %p5 = getelementptr float, ptr %acc, i32 5
  store float %c5, ptr %p5
  %p6 = getelementptr float, ptr %acc, i32 6
  store float %c6, ptr %p6
  %p7 = getelementptr float, ptr %acc, i32 7
  store float %c7, ptr %p7
  %p8 = getelementptr float, ptr %acc, i32 8
  store float %c8, ptr %p8
  %p9 = getelementptr float, ptr %acc, i32 9
  store float %c9, ptr %p9
  %p10 = getelementptr float, ptr %acc, i32 10
  store float %c10, ptr %p10
  %p11 = getelementptr float, ptr %acc, i32 11
  store float %c11, ptr %p11
  %p12 = getelementptr float, ptr %acc, i32 12
  store float %c12, ptr %p12
  %p13 = getelementptr float, ptr %acc, i32 13
  store float %c13, ptr %p13
  %p14 = getelementptr float, ptr %acc, i32 14
  store float %c14, ptr %p14
  %p15 = getelementptr float, ptr %acc, i32 15
  store float %c15, ptr %p15
  %p16 = getelementptr float, ptr %acc, i32 16
  store float %c16, ptr %p16
  %p17 = getelementptr float, ptr %acc, i32 17
  store float %c17, ptr %p17
  %p18 = getelementptr float, ptr %acc, i32 18
  store float %c18, ptr %p18
  %p19 = getelementptr float, ptr %acc, i32 19
  store float %c19, ptr %p19
  %p20 = getelementptr float, ptr %acc, i32 20
  store float %c20, ptr %p20
  %p21 = getelementptr float, ptr %acc, i32 21
  store float %c21, ptr %p21
  %p22 = getelementptr float, ptr %acc, i32 22
  store float %c22, ptr %p22
  %p23 = getelementptr float, ptr %acc, i32 23
  store float %c23, ptr %p23
  %p24 = getelementptr float, ptr %acc, i32 24
  store float %c24, ptr %p24
  %p25 = getelementptr float, ptr %acc, i32 25
  store float %c25, ptr %p25
  %p26 = getelementptr float, ptr %acc, i32 26
  store float %c26, ptr %p26
  %p27 = getelementptr float, ptr %acc, i32 27
  store float %c27, ptr %p27
  %p28 = getelementptr float, ptr %acc, i32 28
  store float %c28, ptr %p28
  %p29 = getelementptr float, ptr %acc, i32 29
  store float %c29, ptr %p29
  %p30 = getelementptr float, ptr %acc, i32 30
  store float %c30, ptr %p30
  %p31 = getelementptr float, ptr %acc, i32 31
  store float %c31, ptr %p31
  %p32 = getelementptr float, ptr %acc, i32 32
  store float %c32, ptr %p32
  %p33 = getelementptr float, ptr %acc, i32 33
  store float %c33, ptr %p33
  %p34 = getelementptr float, ptr %acc, i32 34
  store float %c34, ptr %p34
  %p35 = getelementptr float, ptr %acc, i32 35
  store float %c35, ptr %p35
  %p36 = getelementptr float, ptr %acc, i32 36
  store float %c36, ptr %p36
  %p37 = getelementptr float, ptr %acc, i32 37
  store float %c37, ptr %p37
  %p38 = getelementptr float, ptr %acc, i32 38
  store float %c38, ptr %p38
  %p39 = getelementptr float, ptr %acc, i32 39
  store float %c39, ptr %p39
  %p40 = getelementptr float, ptr %acc, i32 40
  store float %c40, ptr %p40
  %p41 = getelementptr float, ptr %acc, i32 41
  store float %c41, ptr %p41
  %p42 = getelementptr float, ptr %acc, i32 42
  store float %c42, ptr %p42
  %p43 = getelementptr float, ptr %acc, i32 43
  store float %c43, ptr %p43
  %p44 = getelementptr float, ptr %acc, i32 44
  store float %c44, ptr %p44
  %p45 = getelementptr float, ptr %acc, i32 45
  store float %c45, ptr %p45
  %p46 = getelementptr float, ptr %acc, i32 46
  store float %c46, ptr %p46
  %p47 = getelementptr float, ptr %acc, i32 47
  store float %c47, ptr %p47
  %p48 = getelementptr float, ptr %acc, i32 48
  store float %c48, ptr %p48
  %p49 = getelementptr float, ptr %acc, i32 49
  store float %c49, ptr %p49
  %p50 = getelementptr float, ptr %acc, i32 50
  store float %c50, ptr %p50
  %p51 = getelementptr float, ptr %acc, i32 51
  store float %c51, ptr %p51
  %p52 = getelementptr float, ptr %acc, i32 52
  store float %c52, ptr %p52
  %p53 = getelementptr float, ptr %acc, i32 53
  store float %c53, ptr %p53
  %p54 = getelementptr float, ptr %acc, i32 54
  store float %c54, ptr %p54
  %p55 = getelementptr float, ptr %acc, i32 55
  store float %c55, ptr %p55
  %p56 = getelementptr float, ptr %acc, i32 56
  store float %c56, ptr %p56
  %p57 = getelementptr float, ptr %acc, i32 57
  store float %c57, ptr %p57
  %p58 = getelementptr float, ptr %acc, i32 58
  store float %c58, ptr %p58
  %p59 = getelementptr float, ptr %acc, i32 59
  store float %c59, ptr %p59
  %p60 = getelementptr float, ptr %acc, i32 60
  store float %c60, ptr %p60
  %p61 = getelementptr float, ptr %acc, i32 61
  store float %c61, ptr %p61
  %p62 = getelementptr float, ptr %acc, i32 62
  store float %c62, ptr %p62
  %p63 = getelementptr float, ptr %acc, i32 63
  store float %c63, ptr %p63
  %p64 = getelementptr float, ptr %acc, i32 64
  store float %c64, ptr %p64
  %p65 = getelementptr float, ptr %acc, i32 65
  store float %c65, ptr %p65
  %p66 = getelementptr float, ptr %acc, i32 66
  store float %c66, ptr %p66
  %p67 = getelementptr float, ptr %acc, i32 67
  store float %c67, ptr %p67
  %p68 = getelementptr float, ptr %acc, i32 68
  store float %c68, ptr %p68
  %p69 = getelementptr float, ptr %acc, i32 69
  store float %c69, ptr %p69
  %p70 = getelementptr float, ptr %acc, i32 70
  store float %c70, ptr %p70
  %p71 = getelementptr float, ptr %acc, i32 71
  store float %c71, ptr %p71
  %p72 = getelementptr float, ptr %acc, i32 72
  store float %c72, ptr %p72
  %p73 = getelementptr float, ptr %acc, i32 73
  store float %c73, ptr %p73
  %p74 = getelementptr float, ptr %acc, i32 74
  store float %c74, ptr %p74
  %p75 = getelementptr float, ptr %acc, i32 75
  store float %c75, ptr %p75
  %p76 = getelementptr float, ptr %acc, i32 76
  store float %c76, ptr %p76
  %p77 = getelementptr float, ptr %acc, i32 77
  store float %c77, ptr %p77
  %p78 = getelementptr float, ptr %acc, i32 78
  store float %c78, ptr %p78
  %p79 = getelementptr float, ptr %acc, i32 79
  store float %c79, ptr %p79
  %p80 = getelementptr float, ptr %acc, i32 80
  store float %c80, ptr %p80
  %p81 = getelementptr float, ptr %acc, i32 81
  store float %c81, ptr %p81
  %p82 = getelementptr float, ptr %acc, i32 82
  store float %c82, ptr %p82
  %p83 = getelementptr float, ptr %acc, i32 83
  store float %c83, ptr %p83
  %p84 = getelementptr float, ptr %acc, i32 84
  store float %c84, ptr %p84
  %p85 = getelementptr float, ptr %acc, i32 85
  store float %c85, ptr %p85
  %p86 = getelementptr float, ptr %acc, i32 86
  store float %c86, ptr %p86
  %p87 = getelementptr float, ptr %acc, i32 87
  store float %c87, ptr %p87
  %p88 = getelementptr float, ptr %acc, i32 88
  store float %c88, ptr %p88
  %p89 = getelementptr float, ptr %acc, i32 89
  store float %c89, ptr %p89
  %p90 = getelementptr float, ptr %acc, i32 90
  store float %c90, ptr %p90
  %p91 = getelementptr float, ptr %acc, i32 91
  store float %c91, ptr %p91
  %p92 = getelementptr float, ptr %acc, i32 92
  store float %c92, ptr %p92
  %p93 = getelementptr float, ptr %acc, i32 93
  store float %c93, ptr %p93
  %p94 = getelementptr float, ptr %acc, i32 94
  store float %c94, ptr %p94
  %p95 = getelementptr float, ptr %acc, i32 95
  store float %c95, ptr %p95
  %p96 = getelementptr float, ptr %acc, i32 96
  store float %c96, ptr %p96
  %p97 = getelementptr float, ptr %acc, i32 97
  store float %c97, ptr %p97
  %p98 = getelementptr float, ptr %acc, i32 98
  store float %c98, ptr %p98
  %p99 = getelementptr float, ptr %acc, i32 99
  store float %c99, ptr %p99
  %p100 = getelementptr float, ptr %acc, i32 100
  store float %c100, ptr %p100
  %p101 = getelementptr float, ptr %acc, i32 101
  store float %c101, ptr %p101
  %p102 = getelementptr float, ptr %acc, i32 102
  store float %c102, ptr %p102
  %p103 = getelementptr float, ptr %acc, i32 103
  store float %c103, ptr %p103
  %p104 = getelementptr float, ptr %acc, i32 104
  store float %c104, ptr %p104
  %p105 = getelementptr float, ptr %acc, i32 105
  store float %c105, ptr %p105
  %p106 = getelementptr float, ptr %acc, i32 106
  store float %c106, ptr %p106
  %p107 = getelementptr float, ptr %acc, i32 107
  store float %c107, ptr %p107
  %p108 = getelementptr float, ptr %acc, i32 108
  store float %c108, ptr %p108
  %p109 = getelementptr float, ptr %acc, i32 109
  store float %c109, ptr %p109
  %p110 = getelementptr float, ptr %acc, i32 110
  store float %c110, ptr %p110
  %p111 = getelementptr float, ptr %acc, i32 111
  store float %c111, ptr %p111
  %p112 = getelementptr float, ptr %acc, i32 112
  store float %c112, ptr %p112
  %p113 = getelementptr float, ptr %acc, i32 113
  store float %c113, ptr %p113
  %p114 = getelementptr float, ptr %acc, i32 114
  store float %c114, ptr %p114
  %p115 = getelementptr float, ptr %acc, i32 115
  store float %c115, ptr %p115
  %p116 = getelementptr float, ptr %acc, i32 116
  store float %c116, ptr %p116
  %p117 = getelementptr float, ptr %acc, i32 117
  store float %c117, ptr %p117
  %p118 = getelementptr float, ptr %acc, i32 118
  store float %c118, ptr %p118
  %p119 = getelementptr float, ptr %acc, i32 119
  store float %c119, ptr %p119
  %p120 = getelementptr float, ptr %acc, i32 120
  store float %c120, ptr %p120
  %p121 = getelementptr float, ptr %acc, i32 121
  store float %c121, ptr %p121
  %p122 = getelementptr float, ptr %acc, i32 122
  store float %c122, ptr %p122
  %p123 = getelementptr float, ptr %acc, i32 123
  store float %c123, ptr %p123
  %p124 = getelementptr float, ptr %acc, i32 124
  store float %c124, ptr %p124
  %p125 = getelementptr float, ptr %acc, i32 125
  store float %c125, ptr %p125
  %p126 = getelementptr float, ptr %acc, i32 126
  store float %c126, ptr %p126
  %p127 = getelementptr float, ptr %acc, i32 127
  store float %c127, ptr %p127
  call void @sim_wgmma(i32 1, i32 256, i64 %a, i64 %b, i32 %s, ptr %acc)
  %v0 = load float, ptr %p0
  %r0 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} undef, float %v0, 0
  %v1 = load float, ptr %p1
  %r1 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r0, float %v1, 1
  %v2 = load float, ptr %p2
  %r2 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r1, float %v2, 2
  %v3 = load float, ptr %p3
  %r3 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r2, float %v3, 3
  %v4 = load float, ptr %p4
  %r4 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r3, float %v4, 4
  %v5 = load float, ptr %p5
  %r5 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r4, float %v5, 5
  %v6 = load float, ptr %p6
  %r6 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r5, float %v6, 6
  %v7 = load float, ptr %p7
  %r7 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r6, float %v7, 7
  %v8 = load float, ptr %p8
  %r8 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r7, float %v8, 8
  %v9 = load float, ptr %p9
  %r9 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r8, float %v9, 9
  %v10 = load float, ptr %p10
  %r10 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r9, float %v10, 10
  %v11 = load float, ptr %p11
  %r11 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r10, float %v11, 11
  %v12 = load float, ptr %p12
  %r12 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r11, float %v12, 12
  %v13 = load float, ptr %p13
  %r13 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r12, float %v13, 13
  %v14 = load float, ptr %p14
  %r14 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r13, float %v14, 14
  %v15 = load float, ptr %p15
  %r15 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r14, float %v15, 15
  %v16 = load float, ptr %p16
  %r16 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r15, float %v16, 16
  %v17 = load float, ptr %p17
  %r17 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r16, float %v17, 17
  %v18 = load float, ptr %p18
  %r18 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r17, float %v18, 18
  %v19 = load float, ptr %p19
  %r19 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r18, float %v19, 19
  %v20 = load float, ptr %p20
  %r20 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r19, float %v20, 20
  %v21 = load float, ptr %p21
  %r21 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r20, float %v21, 21
  %v22 = load float, ptr %p22
  %r22 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r21, float %v22, 22
  %v23 = load float, ptr %p23
  %r23 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r22, float %v23, 23
  %v24 = load float, ptr %p24
  %r24 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r23, float %v24, 24
  %v25 = load float, ptr %p25
  %r25 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r24, float %v25, 25
  %v26 = load float, ptr %p26
  %r26 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r25, float %v26, 26
  %v27 = load float, ptr %p27
  %r27 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r26, float %v27, 27
  %v28 = load float, ptr %p28
  %r28 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r27, float %v28, 28
  %v29 = load float, ptr %p29
  %r29 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r28, float %v29, 29
  %v30 = load float, ptr %p30
  %r30 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r29, float %v30, 30
  %v31 = load float, ptr %p31
  %r31 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r30, float %v31, 31
  %v32 = load float, ptr %p32
  %r32 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r31, float %v32, 32
  %v33 = load float, ptr %p33
  %r33 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r32, float %v33, 33
  %v34 = load float, ptr %p34
  %r34 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r33, float %v34, 34
  %v35 = load float, ptr %p35
  %r35 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r34, float %v35, 35
  %v36 = load float, ptr %p36
  %r36 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r35, float %v36, 36
  %v37 = load float, ptr %p37
  %r37 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r36, float %v37, 37
  %v38 = load float, ptr %p38
  %r38 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r37, float %v38, 38
  %v39 = load float, ptr %p39
  %r39 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r38, float %v39, 39
  %v40 = load float, ptr %p40
  %r40 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r39, float %v40, 40
  %v41 = load float, ptr %p41
  %r41 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r40, float %v41, 41
  %v42 = load float, ptr %p42
  %r42 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r41, float %v42, 42
  %v43 = load float, ptr %p43
  %r43 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r42, float %v43, 43
  %v44 = load float, ptr %p44
  %r44 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r43, float %v44, 44
  %v45 = load float, ptr %p45
  %r45 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r44, float %v45, 45
  %v46 = load float, ptr %p46
  %r46 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r45, float %v46, 46
  %v47 = load float, ptr %p47
  %r47 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r46, float %v47, 47
  %v48 = load float, ptr %p48
  %r48 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r47, float %v48, 48
  %v49 = load float, ptr %p49
  %r49 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r48, float %v49, 49
  %v50 = load float, ptr %p50
  %r50 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r49, float %v50, 50
  %v51 = load float, ptr %p51
  %r51 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r50, float %v51, 51
  %v52 = load float, ptr %p52
  %r52 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r51, float %v52, 52
  %v53 = load float, ptr %p53
  %r53 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r52, float %v53, 53
  %v54 = load float, ptr %p54
  %r54 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r53, float %v54, 54
  %v55 = load float, ptr %p55
  %r55 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r54, float %v55, 55
  %v56 = load float, ptr %p56
  %r56 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r55, float %v56, 56
  %v57 = load float, ptr %p57
  %r57 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r56, float %v57, 57
  %v58 = load float, ptr %p58
  %r58 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r57, float %v58, 58
  %v59 = load float, ptr %p59
  %r59 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r58, float %v59, 59
  %v60 = load float, ptr %p60
  %r60 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r59, float %v60, 60
  %v61 = load float, ptr %p61
  %r61 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r60, float %v61, 61
  %v62 = load float, ptr %p62
  %r62 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r61, float %v62, 62
  %v63 = load float, ptr %p63
  %r63 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r62, float %v63, 63
  %v64 = load float, ptr %p64
  %r64 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r63, float %v64, 64
  %v65 = load float, ptr %p65
  %r65 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r64, float %v65, 65
  %v66 = load float, ptr %p66
  %r66 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r65, float %v66, 66
  %v67 = load float, ptr %p67
  %r67 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r66, float %v67, 67
  %v68 = load float, ptr %p68
  %r68 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r67, float %v68, 68
  %v69 = load float, ptr %p69
  %r69 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r68, float %v69, 69
  %v70 = load float, ptr %p70
  %r70 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r69, float %v70, 70
  %v71 = load float, ptr %p71
  %r71 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r70, float %v71, 71
  %v72 = load float, ptr %p72
  %r72 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r71, float %v72, 72
  %v73 = load float, ptr %p73
  %r73 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r72, float %v73, 73
  %v74 = load float, ptr %p74
  %r74 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r73, float %v74, 74
  %v75 = load float, ptr %p75
  %r75 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r74, float %v75, 75
  %v76 = load float, ptr %p76
  %r76 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r75, float %v76, 76
  %v77 = load float, ptr %p77
  %r77 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r76, float %v77, 77
  %v78 = load float, ptr %p78
  %r78 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r77, float %v78, 78
  %v79 = load float, ptr %p79
  %r79 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r78, float %v79, 79
  %v80 = load float, ptr %p80
  %r80 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r79, float %v80, 80
  %v81 = load float, ptr %p81
  %r81 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r80, float %v81, 81
  %v82 = load float, ptr %p82
  %r82 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r81, float %v82, 82
  %v83 = load float, ptr %p83
  %r83 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r82, float %v83, 83
  %v84 = load float, ptr %p84
  %r84 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r83, float %v84, 84
  %v85 = load float, ptr %p85
  %r85 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r84, float %v85, 85
  %v86 = load float, ptr %p86
  %r86 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r85, float %v86, 86
  %v87 = load float, ptr %p87
  %r87 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r86, float %v87, 87
  %v88 = load float, ptr %p88
  %r88 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r87, float %v88, 88
  %v89 = load float, ptr %p89
  %r89 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r88, float %v89, 89
  %v90 = load float, ptr %p90
  %r90 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r89, float %v90, 90
  %v91 = load float, ptr %p91
  %r91 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r90, float %v91, 91
  %v92 = load float, ptr %p92
  %r92 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r91, float %v92, 92
  %v93 = load float, ptr %p93
  %r93 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r92, float %v93, 93
  %v94 = load float, ptr %p94
  %r94 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r93, float %v94, 94
  %v95 = load float, ptr %p95
  %r95 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r94, float %v95, 95
  %v96 = load float, ptr %p96
  %r96 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r95, float %v96, 96
  %v97 = load float, ptr %p97
  %r97 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r96, float %v97, 97
  %v98 = load float, ptr %p98
  %r98 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r97, float %v98, 98
  %v99 = load float, ptr %p99
  %r99 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r98, float %v99, 99
  %v100 = load float, ptr %p100
  %r100 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r99, float %v100, 100
  %v101 = load float, ptr %p101
  %r101 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r100, float %v101, 101
  %v102 = load float, ptr %p102
  %r102 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r101, float %v102, 102
  %v103 = load float, ptr %p103
  %r103 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r102, float %v103, 103
  %v104 = load float, ptr %p104
  %r104 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r103, float %v104, 104
  %v105 = load float, ptr %p105
  %r105 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r104, float %v105, 105
  %v106 = load float, ptr %p106
  %r106 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r105, float %v106, 106
  %v107 = load float, ptr %p107
  %r107 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r106, float %v107, 107
  %v108 = load float, ptr %p108
  %r108 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r107, float %v108, 108
  %v109 = load float, ptr %p109
  %r109 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r108, float %v109, 109
  %v110 = load float, ptr %p110
  %r110 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r109, float %v110, 110
  %v111 = load float, ptr %p111
  %r111 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r110, float %v111, 111
  %v112 = load float, ptr %p112
  %r112 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r111, float %v112, 112
  %v113 = load float, ptr %p113
  %r113 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r112, float %v113, 113
  %v114 = load float, ptr %p114
  %r114 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r113, float %v114, 114
  %v115 = load float, ptr %p115
  %r115 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r114, float %v115, 115
  %v116 = load float, ptr %p116
  %r116 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r115, float %v116, 116
  %v117 = load float, ptr %p117
  %r117 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r116, float %v117, 117
  %v118 = load float, ptr %p118
  %r118 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r117, float %v118, 118
  %v119 = load float, ptr %p119
  %r119 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r118, float %v119, 119
  %v120 = load float, ptr %p120
  %r120 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r119, float %v120, 120
  %v121 = load float, ptr %p121
  %r121 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r120, float %v121, 121
  %v122 = load float, ptr %p122
  %r122 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r121, float %v122, 122
  %v123 = load float, ptr %p123
  %r123 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r122, float %v123, 123
  %v124 = load float, ptr %p124
  %r124 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r123, float %v124, 124
  %v125 = load float, ptr %p125
  %r125 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r124, float %v125, 125
  %v126 = load float, ptr %p126
  %r126 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r125, float %v126, 126
  %v127 = load float, ptr %p127
  %r127 = insertvalue {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r126, float %v127, 127
  ret {float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float, float} %r127
}

; cvt.rn.f16x2.e4m3x2 (sm_89+): dot_main.c's sim_e4m3x2_bits gives the two f16 bit patterns.
declare i32 @sim_e4m3x2_bits(i16)
define <2 x half> @sim_e4m3x2_to_f16x2(i16 %x) {
  %r = call i32 @sim_e4m3x2_bits(i16 %x)
  %v = bitcast i32 %r to <2 x half>
  ret <2 x half> %v
}

; the pipelined wgmma's wait (wgmma runs at once on the host) and the register pass-through
define void @__tilec_wgmma_wait1() {
  ret void
}
define {float, float, float, float} @__tilec_wgmma_tie4(float %a, float %b, float %c, float %d) {
  %r0 = insertvalue {float, float, float, float} poison, float %a, 0
  %r1 = insertvalue {float, float, float, float} %r0, float %b, 1
  %r2 = insertvalue {float, float, float, float} %r1, float %c, 2
  %r3 = insertvalue {float, float, float, float} %r2, float %d, 3
  ret {float, float, float, float} %r3
}
