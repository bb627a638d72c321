# Merges the JSON lines of bench_tilec, launch_overhead and peers.py into one markdown report.
#   python3 bench/report.py OUT.md GPU_LINE FILE.jsonl...
import json, sys


def load(paths):
    rows = []
    for p in paths:
        try:
            with open(p) as f:
                for line in f:
                    line = line.strip()
                    if line.startswith("{"):
                        try:
                            rows.append(json.loads(line))
                        except ValueError:
                            pass
        except OSError:
            pass
    return rows


def fmt(x, spec):
    return "-" if x is None else format(x, spec)


def best(rows, impl, case):
    """The fastest num_warps of one implementation on one case: (row, label)."""
    cand = [r for r in rows if r.get("impl") == impl and r.get("case") == case and "gbps" in r]
    if not cand:
        return None
    return max(cand, key=lambda r: r["gbps"])


def main():
    out, gpu, paths = sys.argv[1], sys.argv[2], sys.argv[3:]
    rows = load(paths)
    copy = next((r for r in rows if r.get("case", "").startswith("copy")), None)
    copy_bw = copy["gbps"] if copy else None
    cases = []
    for r in rows:
        c = r.get("case", "")
        if "gbps" in r and not c.startswith("copy") and c not in cases:
            cases.append(c)
    L = []
    L.append(f"# tilec benchmarks: {gpu}\n")
    L.append("Medians of CUDA-event timings (tilec: 50 event-timed launches after warm-up; Triton and "
             "torch: triton.testing.do_bench; the norm/softmax cases of norms.py time tilec with do_bench too), GB/s counting each input read once and each output "
             "written once. Best num_warps of 4 and 8 shown for tilec and Triton (w = warps). "
             "Ratios > 1 mean tilec is faster.\n")
    if copy_bw:
        L.append(f"Device copy baseline (torch copy_, read+write): **{copy_bw:.0f} GB/s** ({copy['ms']:.3f} ms).\n")
    L.append("Triton is measured twice on the same kernel text: through its JIT (which specializes "
             "on the argument values) and compiled ahead of time from the same signature as tilec's "
             "benchmark variant (triton-sig: `triton.compile` of an `ASTSource`, as "
             "triton/tools/compile.py does).\n")
    L.append("MB: the bytes each case must move (each input read once, each output written once); "
             "floor: those bytes at the copy baseline's bandwidth.\n")
    L.append("| case | tilec GB/s (ms) | Triton JIT GB/s (ms) | Triton sig GB/s (ms) | torch GB/s (ms) | tilec/Triton JIT | tilec/Triton sig | tilec/torch | tilec % of copy | MB | floor ms | check |")
    L.append("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for c in cases:
        t, tr, to = best(rows, "tilec", c), best(rows, "triton", c), best(rows, "torch", c)
        ts = best(rows, "triton-sig", c)
        def cell(r):
            if not r:
                return "-"
            w = f" w{r['num_warps']}" if "num_warps" in r else ""
            return f"{r['gbps']:.0f} ({r['ms']:.3f}){w}"
        ratio_tr = t["gbps"] / tr["gbps"] if t and tr else None
        ratio_ts = t["gbps"] / ts["gbps"] if t and ts else None
        ratio_to = t["gbps"] / to["gbps"] if t and to else None
        pct = 100 * t["gbps"] / copy_bw if t and copy_bw else None
        checks = ", ".join(sorted({f"{r['impl']} {r['check']}" for r in rows
                                   if r.get("case") == c and r.get("check")}))
        nbytes = next((r["bytes"] for r in rows if r.get("case") == c and r.get("bytes")), None)
        floor = nbytes / (copy_bw * 1e9) * 1e3 if nbytes and copy_bw else None
        L.append(f"| {c} | {cell(t)} | {cell(tr)} | {cell(ts)} | {cell(to)} | {fmt(ratio_tr, '.2f')} | "
                 f"{fmt(ratio_ts, '.2f')} | {fmt(ratio_to, '.2f')} | {fmt(pct, '.0f')}% | "
                 f"{fmt(nbytes / 1e6 if nbytes else None, '.0f')} | {fmt(floor, '.3f')} | {checks or '-'} |")
    L.append("")
    # per-num_warps detail
    L.append("<details><summary>every num_warps</summary>\n")
    L.append("| impl | case | num_warps | block | ms | min ms | GB/s |")
    L.append("| --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        if "gbps" in r:
            L.append(f"| {r['impl']} | {r['case']} | {r.get('num_warps', '-')} | {r.get('block', '-')} | "
                     f"{r['ms']:.4f} | {fmt(r.get('min_ms'), '.4f')} | {r['gbps']:.0f} |")
    L.append("\n</details>\n")
    lo = [r for r in rows if r.get("case", "").startswith("launch overhead")]
    if lo:
        raw = next((r["us"] for r in lo if r["impl"].startswith("raw")), None)
        L.append("Host time per launch of a tiny kernel (100000 launches in a loop, host clock, one sync "
                 "at the end; target: tilert within 1.2x of raw):\n")
        L.append("| path | host us/launch | incl. drain | x raw |")
        L.append("| --- | --- | --- | --- |")
        for r in lo:
            L.append(f"| {r['impl']} | {r['us']:.2f} | {r['us_incl_drain']:.2f} | "
                     f"{fmt(r['us'] / raw if raw else None, '.2f')} |")
        L.append("")
    text = "\n".join(L)
    with open(out, "w") as f:
        f.write(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
