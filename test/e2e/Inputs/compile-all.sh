#!/bin/sh
# usage: compile-all.sh TILEC EXAMPLES_DIR OUT_DIR ARCH PTXAS
# Compiles every line of EXAMPLES_DIR/examples.txt for ARCH and assembles the PTX with ptxas
# (-v: registers and spills go to OUT_DIR/NAME.ARCH.ptxas.log). One line per example.
tilec=$1; ex=$2; out=$3; arch=$4; ptxas=$5
ok=0; bad=0
grep -v '^#' "$ex/examples.txt" | while IFS='|' read -r name file args; do
  [ -n "$name" ] || continue
  if eval "\"$tilec\" \"$ex/$file\" $args --arch $arch -o \"$out/$name.$arch.ptx\"" &&
     "$ptxas" -v -arch="$arch" -o "$out/$name.$arch.cubin" "$out/$name.$arch.ptx" > "$out/$name.$arch.ptxas.log" 2>&1; then
    echo "ok $name"; ok=$((ok + 1))
  else
    echo "FAILED $name"; cat "$out/$name.$arch.ptxas.log" 2>/dev/null; bad=$((bad + 1))
  fi
  echo "$ok $bad" > "$out/.counts"
done
read -r ok bad < "$out/.counts"
echo "$ok compiled, $bad failed"
