#!/usr/bin/env python3
"""Experiment, not part of the compiler: rewrites the PTX of tilec's one-tile-a-program TMA
matmul (examples/matmul_tma.tir, 8 warps, no warp specialization) into a 2-CTA cluster
kernel whose B tile is loaded once and multicast to both CTAs, to measure on the GPU what
TMA multicast would give before building it into the compiler (issue 9).

The CTAs 2k and 2k+1 of the grid form a cluster (.reqnctapercluster 2, 1, 1); with
GROUP_SIZE_M even they compute adjacent M tiles of the same N tile, so they read the same B
tile. Changes to the PTX:
  - the CTA barrier after the mbarrier inits, the one before each prefetch, and the one
    before the mbarriers are invalidated become cluster barriers (the prefetch writes the
    peer's shared memory: the peer must be done reading that stage);
  - each B load is issued by one CTA of the pair with .multicast::cluster (mask 0b11): the
    data and the complete_tx land at the same offsets in both CTAs, whose full barriers
    expect the same byte counts as before.
MODE "rank0": CTA 0 issues every B load; "alt": B loads alternate between the two CTAs
(both with a cluster barrier before each prefetch, the whole pair in lockstep);
"mbar": as "alt", but the loop keeps its CTA barrier and the pair hands stages over through
one "empty" mbarrier a stage in each CTA (two arrivals: after its CTA barrier, one thread
of each CTA releases the stage of iteration i-1 in both CTAs, mapa + a remote arrive), and
the thread issuing a B load first waits for that stage's release by both CTAs.
"half": as CUTLASS splits it: each CTA loads one half of the B tile (the descriptor's box
halved to 128 rows: cluster_prepare.sh edits the metadata) and multicasts it, at the half's
offset (16 KB) in both CTAs; every load waits for the stage's release as in "mbar".
Diagnostics: "mcast": "half"'s multicast loads with neither the handshake nor any cluster
barrier in the loop (racy); "hs": the handshake of "half" with every CTA loading its whole
B itself, no multicast; "launch": the cluster launch and its two cluster barriers (after the inits,
before the exit) only, every CTA loading its own B as before; "nowait": "mbar" without the
wait for the release (racy: it times the handshake, its results may be wrong).

  python3 bench/probe/cluster_ptx.py IN.ptx OUT.ptx MODE
"""
import re
import sys


def rewrite(src, mode):
    # MODE:SEM picks the handshake's memory semantics: "cluster" (default: arrive
    # .release.cluster, wait .acquire.cluster), "cta" (the instructions' defaults, .release /
    # .acquire at CTA scope, as CUTLASS's cluster barriers), "relaxed" (arrive .relaxed.cluster)
    mode, _, sem = mode.partition(":")
    arrive = {"": ".release.cluster", "cluster": ".release.cluster", "cta": "", "relaxed": ".relaxed.cluster"}[sem]
    wait = {"": ".acquire.cluster", "cluster": ".acquire.cluster", "cta": "", "relaxed": ".acquire.cluster"}[sem]
    if sem == "relaxed":
        src = src.replace(".version 8.0", ".version 8.6")
    lines = src.split("\n")
    out = []
    bars = [i for i, l in enumerate(lines) if l.strip() == "bar.sync \t0;"]
    # the barrier after the inits, the loop's one, and the one before mbarrier.inval
    loop_start = next(i for i, l in enumerate(lines) if l.startswith("$L__BB0_2:"))
    loop_end = next(i for i, l in enumerate(lines) if l.startswith("$L__BB0_3:"))
    inval = next(i for i, l in enumerate(lines) if "mbarrier.inval" in l)
    pick = {max(b for b in bars if b < loop_start), next(b for b in bars if loop_start < b < loop_end),
            max(b for b in bars if b < inval)}
    assert len(pick) == 3, pick
    # B is the second descriptor: the loads through the register the first B load names
    loads = [i for i, l in enumerate(lines) if "cp.async.bulk.tensor.2d.shared::cluster.global" in l]
    bdesc = re.search(r"\], \[(%rd\d+),", lines[loads[1]]).group(1)
    b_loads = [i for i in loads if "[%s," % bdesc in lines[i]]
    ahead = sum(1 for i in b_loads if i < loop_start)  # loads before the loop: the distance
    assert len(b_loads) == ahead + 1, b_loads
    # the loop counter: the register incremented by one in the loop and compared at its end
    counter = next(m.group(1) for l in lines[loop_start:loop_end]
                   for m in [re.match(r"\tadd\.s32 \t(%r\d+), \1, 1;$", l)] if m
                   and any(m.group(1) in x and "setp.ne" in x for x in lines[loop_end - 4:loop_end]))
    nb = 0
    nbuf = sum(1 for l in lines if "mbarrier.init" in l)
    assert nbuf & (nbuf - 1) == 0, nbuf
    full0 = re.search(r"\[(%rd\d+)\], 1;", next(l for l in lines if "mbarrier.init" in l)).group(1)
    last_init = max(i for i, l in enumerate(lines) if "mbarrier.init" in l)
    loop_bar = next(b for b in bars if loop_start < b < loop_end)
    HS = ("mbar", "nowait", "half", "hs")  # the modes with the empty-barrier handshake
    if mode in HS + ("launch", "mcast"):
        pick.discard(loop_bar)
    if mode == "launch":
        b_loads = []
    cluster_bar = ["\tbarrier.cluster.arrive.release.aligned;", "\tbarrier.cluster.wait.acquire.aligned;"]
    for i, l in enumerate(lines):
        if l.startswith(".maxntid"):
            out += [l, ".reqnctapercluster 2, 1, 1"]
            continue
        if l.startswith("\t.reg .b64"):
            out += [l, "\t.reg .pred \t%pcl<4>;", "\t.reg .b32 \t%rcl<4>;", "\t.reg .b16 \t%hcl;",
                    "\tmov.u32 \t%rcl0, %cluster_ctarank;", "\tsetp.eq.u32 \t%pcl0, %rcl0, 0;",
                    "\tsetp.eq.u32 \t%pcl1, %rcl0, 1;", "\tmov.b16 \t%hcl, 3;",
                    "\t.reg .b64 \t%rdcl<4>;", "\t.reg .pred \t%pclw;", "\tmov.u32 \t%rcl3, %tid.x;",
                    "\tsetp.lt.u32 \t%pclw, %rcl3, 32;", "\txor.b32 \t%rcl3, %rcl0, 1;",  # %rcl3: the peer
                    "\tmov.u32 \t%rcl1, %tid.x;", "\tsetp.eq.u32 \t%pcl3, %rcl1, 0;"]
            continue
        if mode in HS and i == last_init + 2:  # after the last init's "end inline asm"
            out.append(l)
            out += ["\tadd.s64 \t%%rdcl3, %s, %d;" % (full0, 8 * nbuf),  # empty[0]
                    "\t@%pcl3 mbarrier.init.shared::cta.b64 [%rdcl3], 2;"]
            out += ["\t@%%pcl3 mbarrier.init.shared::cta.b64 [%%rdcl3+%d], 2;" % (8 * k) for k in range(1, nbuf)]
            continue
        if mode in HS and i == loop_bar:
            # release iteration i-1's stage in both CTAs (one thread of warp 0)
            out += [l, "\t{", "\t.reg .pred \tq, e;", "\t.reg .b32 \tt, s;", "\t.reg .b64 \ta, ra, st;",
                    "\tsetp.gt.s32 \tq, %s, 0;" % counter, "\tand.pred \tq, q, %pclw;",
                    "\t@!q bra \tCL_REL_DONE;", "\telect.sync \tt|e, -1;", "\t@!e bra \tCL_REL_DONE;",
                    "\tadd.s32 \ts, %s, -1;" % counter, "\tand.b32 \ts, s, %d;" % (nbuf - 1),
                    "\tmul.wide.u32 \ta, s, 8;", "\tadd.s64 \ta, a, %rdcl3;",
                    "\tmbarrier.arrive%s.shared::cta.b64 \tst, [a];" % arrive,
                    "\tmapa.shared::cluster.u64 \tra, a, %rcl3;",
                    "\tmbarrier.arrive%s.shared::cluster.b64 \t_, [ra];" % arrive,
                    "CL_REL_DONE:", "\t}"]
            continue
        if i in pick:
            if i < loop_start:
                out.append("\tfence.mbarrier_init.release.cluster;")
            out += cluster_bar
            continue
        if i in b_loads:
            m = re.match(r"\t@(%p\d+) (cp\.async\.bulk\.tensor\.2d\.shared::cluster\.global\.tile\.mbarrier::complete_tx::bytes) (.*);$", l)
            assert m, l
            p = m.group(1)
            args = m.group(3)
            if mode in ("half", "mcast"):  # this CTA's half: 128 rows further, 16 KB further
                a = re.match(r"\[(%rd\d+)\], \[(%rd\d+), \{(%r\d+), (%r\d+)\}\], \[(%rd\d+)\]$", args)
                assert a, args
                out += ["\tshl.b32 \t%rcl2, %rcl0, 7;", "\tadd.s32 \t%%rcl2, %%rcl2, %s;" % a.group(4),
                        "\tmul.wide.u32 \t%rdcl2, %rcl0, 16384;",
                        "\tadd.s64 \t%%rdcl2, %%rdcl2, %s;" % a.group(1)]
                args = "[%%rdcl2], [%s, {%s, %%rcl2}], [%s]" % (a.group(2), a.group(3), a.group(5))
                q = p
            elif mode == "hs":
                q = p
            elif mode == "rank0":
                q = "%pcl0"
            elif nb < ahead:  # the prologue's j-th load: CTA j % 2
                q = "%%pcl%d" % (nb % 2)
            else:  # in the loop, iteration i + ahead: CTA (i + ahead) % 2
                out += ["\tadd.s32 \t%%rcl2, %s, %d;" % (counter, ahead), "\tand.b32 \t%rcl1, %rcl2, 1;",
                        "\tsetp.eq.u32 \t%pcl2, %rcl1, %rcl0;"]
                q = "%pcl2"
            if mode in HS and nb >= ahead:
                # wait until both CTAs released the stage's previous iteration j - nbuf
                out += ["\tand.pred \t%s, %s, %s;" % (p, p, q), "\t{", "\t.reg .pred \tq, w;",
                        "\t.reg .b32 \tj, s, ph;", "\t.reg .b64 \ta;",
                        "\tadd.s32 \tj, %s, %d;" % (counter, ahead), "\tsetp.ge.s32 \tq, j, %d;" % (1 << 30 if mode == "nowait" else nbuf),
                        "\tand.pred \tq, q, %s;" % p, "\t@!q bra \tCL_WAIT_DONE;",
                        "\tand.b32 \ts, j, %d;" % (nbuf - 1), "\tmul.wide.u32 \ta, s, 8;",
                        "\tadd.s64 \ta, a, %rdcl3;", "\tshr.u32 \tph, j, %d;" % (nbuf.bit_length() - 1),
                        "\tadd.s32 \tph, ph, 1;", "\tand.b32 \tph, ph, 1;", "CL_WAIT:",
                        "\tmbarrier.try_wait.parity%s.shared::cta.b64 \tw, [a], ph;" % wait,
                        "\t@!w bra \tCL_WAIT;", "CL_WAIT_DONE:", "\t}"]
            else:
                out.append("\tand.pred \t%s, %s, %s;" % (p, p, q))
            nb += 1
            out.append(l if mode == "hs" else "\t@%s %s.multicast::cluster %s, %%hcl;" % (p, m.group(2), args))
            continue
        out.append(l)
    return "\n".join(out)


if __name__ == "__main__":
    src = open(sys.argv[1]).read()
    open(sys.argv[2], "w").write(rewrite(src, sys.argv[3]))
