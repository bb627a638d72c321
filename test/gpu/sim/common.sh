# Sourced by the CPU-simulation drivers (test/gpu/sim_*.sh). Sets ROOT, LLC, CC and WORK (a
# temporary folder, removed at exit), and defines
#   sim_host NAME KERNEL OBJ...   $WORK/NAME.ll (a kernel's NVPTX LLVM IR from tilec) to the
#                                 host executable $WORK/NAME: retarget.sed (intrinsics to the
#                                 stand-ins, no address spaces, KERNEL renamed sim_kernel),
#                                 strip_helpers.awk (tilec's inline-asm helpers become
#                                 declarations), llc, linked with OBJ... and the ldmatrix
#                                 stand-ins (ldmatrix_shim.ll; sim_block.h's sim_ldmatrix);
#                                 on failure prints "FAIL NAME: ..." and returns 1.
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
LLC=${LLC:-$(command -v llc-22 || command -v llc || echo /usr/lib/llvm-22/bin/llc)}
CC=${CC:-cc}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
"$LLC" -O1 -relocation-model=pic -filetype=obj "$ROOT/test/gpu/sim/ldmatrix_shim.ll" -o "$WORK/ldmatrix_shim.o" || exit 2

sim_host() {
  local name=$1 kernel=$2
  shift 2
  sed -f "$ROOT/test/gpu/sim/retarget.sed" -e "s/@$kernel(/@sim_kernel(/" "$WORK/$name.ll" |
    awk -f "$ROOT/test/gpu/sim/strip_helpers.awk" > "$WORK/$name.host.ll"
  if ! "$LLC" -O1 -relocation-model=pic -filetype=obj "$WORK/$name.host.ll" -o "$WORK/$name.o" 2>"$WORK/$name.err" ||
     ! "$CC" "$WORK/$name.o" "$@" "$WORK/ldmatrix_shim.o" -lpthread -lm -o "$WORK/$name" 2>>"$WORK/$name.err"; then
    echo "FAIL $name: $(head -3 "$WORK/$name.err")"
    return 1
  fi
}
