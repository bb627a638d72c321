# tilec's PTX and textual variants of it beside Triton's PTX for the same kernel text and
# config, all loaded by one launcher (bench/probe/cta_trace.py's: cuModuleLoadData, the
# driver's JIT for every one) and timed in interleaved rounds on the same operands, each
# checked first. Variants of tilec's PTX:
#   nofence        every fence.proxy.async.shared::cta removed (Triton emits none after cp.async)
# and with TRITON_TILEC_SMEM=1, Triton's kernel launched with tilec's dynamic shared memory.
#
# and any other PTX of the same kernel (a scratch build), named after its case as
# +LABEL=PATH.ptx (its metadata: PATH.json).
#
#   python3 bench/probe/ptx_ab.py CARRY SIZE ROUNDS CASE [+LABEL=PTX ...] [CASE ...]   # CASE as cta_trace.py's
import json
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cta_trace as ct  # noqa: E402
import side_by_side as sbs  # noqa: E402
import torch  # noqa: E402

def _nofence(p):
    return re.sub(r"^\s*fence\.proxy\.async\.shared::cta;\n", "", p, flags=re.M)


VARIANTS = {
    "nofence": _nofence,
}


def main():
    h = sbs.open_carry()
    S, rounds = int(sys.argv[2]), int(sys.argv[3])
    todo = []
    for a in sys.argv[4:]:
        if a.startswith("+"):
            todo[-1][1].append(a[1:].split("=", 1))
        else:
            todo.append((a, []))
    for case, extra in todo:
        tname, grid, ptrs, ints, c, check, flops, ck_ = ct.setup(h, case, S)
        meta = json.load(open(os.path.join(h.carry, tname + ".json")))["kernels"][0]
        ptx = open(os.path.join(h.carry, tname + ".ptx")).read()
        ks = {"tilec": ct.Kernel(ptx, meta["threads_per_block"], meta["shared_bytes"])}
        for v, f in VARIANTS.items():
            vp = f(ptx)
            if vp != ptx:
                ks["tilec-" + v] = ct.Kernel(vp, meta["threads_per_block"], meta["shared_bytes"])
        for label, path in extra:
            em = json.load(open(path[:-4] + ".json"))["kernels"][0]
            ks[label] = ct.Kernel(open(path).read(), em["threads_per_block"], em["shared_bytes"])
        ks["triton"] = ct.Kernel(ck_.asm["ptx"], ck_.metadata.num_warps * 32, ck_.metadata.shared)
        if os.environ.get("TRITON_TILEC_SMEM") and meta["shared_bytes"] > ck_.metadata.shared:
            # Triton's kernel given tilec's dynamic shared memory (the carveout tilec's gets)
            ks["triton-tilec-smem"] = ct.Kernel(ck_.asm["ptx"], ck_.metadata.num_warps * 32, meta["shared_bytes"])
        ok = {name: True for name in ks}
        order_log = []
        for order in (list(ks), list(reversed(list(ks))), list(ks)):  # each checked 3 times, in both orders
            for name in order:
                c.zero_()
                ks[name](grid, ptrs, ints)
                order_log.append(name)
                torch.cuda.synchronize()
                if not check():
                    ok[name] = False
                    print("ptx_ab: %s %d %s wrong after %s: %s" % (case, S, name, order, ct.describe_error()),
                          file=sys.stderr, flush=True)
        times = {name: [] for name in ks}
        for r in range(rounds):
            order = list(ks) if r % 2 == 0 else list(reversed(list(ks)))
            for name in order:
                times[name].append(ct.time_ms(lambda k=ks[name]: k(grid, ptrs, ints), reps=20))
        if not rounds:  # ROUNDS 0: the checks' launches only (for Nsight Compute), in the order
            print("ptx_ab: %s %d launches: %s" % (case, S, " ".join(order_log)), flush=True)  # they ran
            continue
        for name, ts in times.items():
            ms = sorted(ts)[len(ts) // 2]
            print(json.dumps(dict(case=case, size=S, impl=name, check="ok" if ok[name] else "WRONG",
                                  ms=round(ms, 4), tflops=round(flops / ms / 1e9, 1),
                                  rounds=[round(flops / t / 1e9, 1) for t in ts])), flush=True)


main()
