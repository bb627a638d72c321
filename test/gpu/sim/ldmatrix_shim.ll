; ldmatrix stand-ins for the CPU simulation, shared by the sim drivers: the calls are
; renamed by retarget.sed; sim_ldmatrix is in sim_block.h.
declare void @sim_ldmatrix(i32, i32, ptr, ptr)

define i32 @sim_ldmatrix_x1(ptr %p) {
  %o = alloca [4 x i32]
  call void @sim_ldmatrix(i32 0, i32 1, ptr %p, ptr %o)
  %q0 = getelementptr i32, ptr %o, i32 0
  %v0 = load i32, ptr %q0
  ret i32 %v0
}

define i32 @sim_ldmatrix_x1_trans(ptr %p) {
  %o = alloca [4 x i32]
  call void @sim_ldmatrix(i32 1, i32 1, ptr %p, ptr %o)
  %q0 = getelementptr i32, ptr %o, i32 0
  %v0 = load i32, ptr %q0
  ret i32 %v0
}

define {i32, i32} @sim_ldmatrix_x2(ptr %p) {
  %o = alloca [4 x i32]
  call void @sim_ldmatrix(i32 0, i32 2, ptr %p, ptr %o)
  %q0 = getelementptr i32, ptr %o, i32 0
  %v0 = load i32, ptr %q0
  %r0 = insertvalue {i32, i32} undef, i32 %v0, 0
  %q1 = getelementptr i32, ptr %o, i32 1
  %v1 = load i32, ptr %q1
  %r1 = insertvalue {i32, i32} %r0, i32 %v1, 1
  ret {i32, i32} %r1
}

define {i32, i32} @sim_ldmatrix_x2_trans(ptr %p) {
  %o = alloca [4 x i32]
  call void @sim_ldmatrix(i32 1, i32 2, ptr %p, ptr %o)
  %q0 = getelementptr i32, ptr %o, i32 0
  %v0 = load i32, ptr %q0
  %r0 = insertvalue {i32, i32} undef, i32 %v0, 0
  %q1 = getelementptr i32, ptr %o, i32 1
  %v1 = load i32, ptr %q1
  %r1 = insertvalue {i32, i32} %r0, i32 %v1, 1
  ret {i32, i32} %r1
}

define {i32, i32, i32, i32} @sim_ldmatrix_x4(ptr %p) {
  %o = alloca [4 x i32]
  call void @sim_ldmatrix(i32 0, i32 4, ptr %p, ptr %o)
  %q0 = getelementptr i32, ptr %o, i32 0
  %v0 = load i32, ptr %q0
  %r0 = insertvalue {i32, i32, i32, i32} undef, i32 %v0, 0
  %q1 = getelementptr i32, ptr %o, i32 1
  %v1 = load i32, ptr %q1
  %r1 = insertvalue {i32, i32, i32, i32} %r0, i32 %v1, 1
  %q2 = getelementptr i32, ptr %o, i32 2
  %v2 = load i32, ptr %q2
  %r2 = insertvalue {i32, i32, i32, i32} %r1, i32 %v2, 2
  %q3 = getelementptr i32, ptr %o, i32 3
  %v3 = load i32, ptr %q3
  %r3 = insertvalue {i32, i32, i32, i32} %r2, i32 %v3, 3
  ret {i32, i32, i32, i32} %r3
}

define {i32, i32, i32, i32} @sim_ldmatrix_x4_trans(ptr %p) {
  %o = alloca [4 x i32]
  call void @sim_ldmatrix(i32 1, i32 4, ptr %p, ptr %o)
  %q0 = getelementptr i32, ptr %o, i32 0
  %v0 = load i32, ptr %q0
  %r0 = insertvalue {i32, i32, i32, i32} undef, i32 %v0, 0
  %q1 = getelementptr i32, ptr %o, i32 1
  %v1 = load i32, ptr %q1
  %r1 = insertvalue {i32, i32, i32, i32} %r0, i32 %v1, 1
  %q2 = getelementptr i32, ptr %o, i32 2
  %v2 = load i32, ptr %q2
  %r2 = insertvalue {i32, i32, i32, i32} %r1, i32 %v2, 2
  %q3 = getelementptr i32, ptr %o, i32 3
  %v3 = load i32, ptr %q3
  %r3 = insertvalue {i32, i32, i32, i32} %r2, i32 %v3, 3
  ret {i32, i32, i32, i32} %r3
}

