# Reads PTX on stdin; for each loop (a label that a later branch targets) lists how the
# 64-bit registers the loop reads but does not write are defined before it: one line
# "loop LABEL: D defined by OPCODE" per register, sorted (for FileCheck).
import re
import sys

lines = sys.stdin.read().split("\n")
labels = {}
for i, l in enumerate(lines):
    m = re.match(r"^(\$\w+):", l)
    if m:
        labels[m.group(1)] = i
for i, l in enumerate(lines):
    m = re.search(r"\bbra(?:\.uni)?\s+(\$\w+);", l)
    if not m or labels.get(m.group(1), i) >= i:
        continue
    h = labels[m.group(1)]
    body = lines[h:i + 1]
    written = {mm.group(1) for b in body for mm in [re.match(r"^\s*(?:@!?%\w+\s+)?[\w.:]+\s+(%rd\d+),", b)] if mm}
    read = {r for b in body for r in re.findall(r"%rd\d+\b", b)} - written
    out = []
    for r in read:
        for j in range(h - 1, -1, -1):
            mm = re.match(r"^\s*(?:@!?%\w+\s+)?([\w.:]+)\s+" + re.escape(r) + r",", lines[j])
            if mm:
                out.append("loop %s: %s defined by %s" % (m.group(1), r, mm.group(1)))
                break
    print("\n".join(sorted(out)))
