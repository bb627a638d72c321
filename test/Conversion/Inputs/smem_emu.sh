#!/bin/sh
# smem_emu.sh KERNEL.ll NAME OUT: makes tilec's NVPTX LLVM IR host IR (generic pointers,
# tid.x and bar.sync through smem_emu.c's emu_tid/emu_bar), builds it with smem_emu.c and
# runs it. Used by shared-memory-emulated.test.
set -e
dir=$(dirname "$0")
sed -e '/^target /d' -e 's/ addrspace([0-9])//g' -e 's/ptx_kernel //' \
    -e 's/@llvm\.nvvm\.read\.ptx\.sreg\.tid\.x()/@emu_tid()/g' \
    -e 's/@llvm\.nvvm\.barrier\.cta\.sync\.aligned\.all(i32 0)/@emu_bar(i32 0)/g' \
    -e 's/^declare .*@emu_tid().*/declare i32 @emu_tid()/' \
    -e 's/^declare .*@llvm\.nvvm\.barrier\.cta\.sync\.aligned\.all(i32).*/declare void @emu_bar(i32)/' \
    "$1" > "$3.host.ll"
clang -O1 -w -DKERNEL="$2" "$dir/smem_emu.c" "$3.host.ll" -lpthread -o "$3.emu"
"$3.emu"
