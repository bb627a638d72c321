# Writes tutorial 09's in-kernel descriptor persistent matmul (examples/matmul_descriptor_persistent.tir)
# with N more scalars that its tile loop carries (s_i += tile_id * (i + 1), summed and stored
# after the loop): a tile loop near the pipeline pass's operand bound (PL_MAX_OPERANDS), which
# the split across the tile loop grows by two carried values.
#   python3 many_carried.py EXAMPLES_DIR N > out.tir
import os
import sys

src, n = sys.argv[1], int(sys.argv[2])
s = open(os.path.join(src, "matmul_descriptor_persistent.tir")).read()
s = s.replace("    tile_id_c = start_pid - NUM_SMS\n",
              "    tile_id_c = start_pid - NUM_SMS\n" + "".join(f"    s{i} = 0\n" for i in range(n)))
s = s.replace("        tile_id_c += NUM_SMS\n",
              "        tile_id_c += NUM_SMS\n" + "".join(f"        s{i} += tile_id * {i + 1}\n" for i in range(n)))
sys.stdout.write(s.rstrip("\n") + "\n    tl.store(c_ptr, (" + " + ".join(f"s{i}" for i in range(n)) + ").to(tl.float16))\n")
