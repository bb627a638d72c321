# Reads the JSON lines of bench/tuning/gpu.sh (tune_gpu and the Triton scripts) and prints
# the table it ends with (Markdown): case, tilec, Triton, ratio, target.
#
#   python3 bench/tuning/report.py RESULTS.jsonl
import json
import sys

FIRST_TARGET = {"cold": 300.0, "cold-split": 300.0, "warm": 10.0}  # ms, issue 10


def rows_of(path):
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("{"):
                try:
                    out.append(json.loads(line))
                except ValueError:
                    pass
    return out


def fmt_ms(r):
    if r is None:
        return "-"
    if "error" in r:
        return "error"
    v = r.get("first_call_ms", r.get("ms"))
    return f"{v:.2f} ms" if isinstance(v, (int, float)) else "-"


def median_row(rs):
    """The run with the median first call among rs (errors last), with every run's time in
    "all_ms" when there are several; None for none."""
    ok = sorted((r for r in rs if "error" not in r and isinstance(r.get("first_call_ms"), (int, float))),
                key=lambda r: r["first_call_ms"])
    if not ok:
        return rs[0] if rs else None
    m = dict(ok[(len(ok) - 1) // 2])
    if len(ok) > 1:
        m["all_ms"] = [r["first_call_ms"] for r in ok]
    return m


def first_call_table(rows):
    lines = []
    for case in ("add", "rowsum", "matmul", "attention"):
        for phase in ("cold", "cold-split", "warm"):
            pick = lambda side: median_row([r for r in rows if r.get("cmd") == "first-call" and r.get("case") == case
                                            and r.get("side") == side and r.get("phase") == phase])
            t, tr = pick("tilec"), pick("triton")
            if t is None and tr is None:
                continue
            tv = t.get("first_call_ms") if t and "error" not in t else None
            trv = tr.get("first_call_ms") if tr and "error" not in tr else None
            ratio = f"{trv / tv:.1f}x faster" if tv and trv else "-"
            target = FIRST_TARGET[phase]
            met = "-" if tv is None else ("met" if tv <= target else "NOT met")
            if t and t.get("check") not in (None, "ok"):
                met += f"; check {t.get('check')}"
            n = t.get("configs", "?") if t else "?"
            goal = f"<= {target:g} ms: {met}"
            if case == "attention":  # beside the target cases, no target of its own
                goal = "none" + met[met.index(";"):] if ";" in met else "none"
            lines.append(f"| first call {phase} {case} ({n} configs) | {fmt_ms(t)} | {fmt_ms(tr)} | {ratio} "
                         f"| {goal} |")
            runs = [f"{side} {', '.join(f'{v:.0f}' for v in r['all_ms'])}" for side, r in (("tilec", t), ("Triton", tr))
                    if r and "all_ms" in r]
            if runs:
                lines.append(f"|   runs (ms; the median above) | {'; '.join(runs)} | | | |")
            if t and "error" not in t and phase.startswith("cold"):
                # Variants are assembled on their compile threads and timed on the GPU as each
                # is assembled (tilert_jit_compile_and_tune): compile_ms is the wall time of
                # compile and assembly together, assemble_ms the assemblies summed over threads;
                # what is left of jit_tune_ms past the compile is the last variants' timing,
                # the cache writes and the metadata (the loads are shown apart).
                lines.append(f"|   tilec {phase} breakdown | compile and tune {t['jit_tune_ms']:.1f} (compile and "
                             f"assembly {t['compile_ms']:.1f} wall, assemblies {t['assemble_ms']:.1f} summed "
                             f"over {t.get('assembles', '?')} runs, {t.get('timed_during_compile', '?')} variants "
                             f"timed as they were assembled, load {t['load_ms']:.1f}, rest "
                             f"{t['jit_tune_ms'] - t['compile_ms'] - t['load_ms']:.1f}); "
                             f"launch {t['launch_ms']:.2f} | | | |")
    return lines


def check_table(rows):
    lines = []
    for r in rows:
        if r.get("cmd") == "check" and "check" in r:
            res = r["result"]
            verdict = "met" if res.startswith("ok") else "not checked" if res.startswith("values not checked") else "NOT met"
            lines.append(f"| check {r['check']} ({r.get('variants', '?')} variants) | {res[:70]} | - | - "
                         f"| correct: {verdict} |")
    return lines


def spec_table(rows):
    lines = []
    names = []
    for r in rows:
        if r.get("cmd") == "spec" and r.get("case") not in names and r.get("case") != "*":
            names.append(r["case"])
    for case in names:
        for mode in ("jit", "sig"):
            pick = lambda side: next((r for r in rows if r.get("cmd") == "spec" and r.get("case") == case
                                      and r.get("side") == side and r.get("mode") == mode), None)
            t, tr = pick("tilec"), pick("triton")
            tv = t.get("ms") if t and "error" not in t else None
            trv = tr.get("ms") if tr and "error" not in tr else None
            ratio = trv / tv if tv and trv else None
            met = "-" if ratio is None else ("met" if ratio >= 1.0 else "NOT met")
            for side in (t, tr):
                if side and side.get("check") not in (None, "ok", "skipped (mock driver)"):
                    met += f"; {side.get('side')} check {side.get('check')}"
            label = "runtime specialization vs Triton JIT" if mode == "jit" else "unhinted signature vs Triton AOT"
            lines.append(f"| spec {case}: {label} | {fmt_ms(t)} | {fmt_ms(tr)} | "
                         f"{'-' if ratio is None else f'{ratio:.2f}x'} | >= 1.0x: {met} |")
    return lines


def main():
    rows = rows_of(sys.argv[1])
    dev = next((r.get("device") for r in rows if r.get("device")), "?")
    print(f"## bench/tuning on {dev}")
    print()
    print("| case | tilec | Triton | ratio | target |")
    print("| --- | --- | --- | --- | --- |")
    for line in first_call_table(rows) + check_table(rows) + spec_table(rows):
        print(line)
    notes = []
    for r in rows:
        if "error" in r:
            note = f"note: {r.get('side')} {r.get('cmd')} {r.get('case', '')}: {r['error']}"
            if note not in notes:
                notes.append(note)
    if notes:
        print()
        print("\n".join(notes))


if __name__ == "__main__":
    main()
