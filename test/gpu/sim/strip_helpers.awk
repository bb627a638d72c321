# For the CPU simulation: turns the definitions of tilec's inline-asm helpers
# (internal functions named __tilec_*, lib/Conversion/wgmma.c) into declarations, so that
# mma_shim.ll's host versions stand in for them.
/^define internal .*@__tilec_[a-z0-9_]*\(/ {
  line = $0
  sub(/^define internal /, "declare ", line)
  sub(/ #[0-9]+/, "", line)
  sub(/ *\{$/, "", line)
  print line
  skip = 1
  next
}
skip && /^}/ { skip = 0; next }
skip { next }
{ print }
