# Markdown table of bench/matmul.py's JSON lines: TFLOP/s per case and implementation (best
# block / num_stages of each), with tilec's best over Triton's best (JIT, same kernel text)
# and over torch (cuBLAS / SDPA). Rows whose check failed are marked WRONG and not ranked.
#   python3 bench/report_dots.py matmul.jsonl [GPU name]
import json
import sys


def main():
    rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip().startswith("{")]
    gpu = sys.argv[2] if len(sys.argv) > 2 else "GPU"
    cases = []
    for r in rows:
        if r["case"] not in cases:
            cases.append(r["case"])
    impls = ["tilec", "tilec-wgmma", "triton-ns1", "triton-ns3", "triton-sig", "triton-autotuned", "torch"]
    print(f"TFLOP/s on {gpu} (do_bench median; best block per implementation)\n")
    print("| case | " + " | ".join(impls) + " | tilec / Triton best | tilec / torch |")
    print("|---" * (len(impls) + 3) + "|")
    for c in cases:
        best = {}
        for i in impls:
            cand = [r for r in rows if r["case"] == c and r["impl"] == i and r.get("check") == "ok"]
            best[i] = max(cand, key=lambda r: r["tflops"]) if cand else None
        wrong = {r["impl"] for r in rows if r["case"] == c and r.get("check") == "WRONG"}
        cells = []
        for i in impls:
            r = best[i]
            cells.append(f"{r['tflops']:.0f}" + (f" ({r.get('block', '')})" if r.get("block") else "") if r
                         else ("WRONG" if i in wrong else "-"))
        t = max((best[i]["tflops"] for i in ("tilec", "tilec-wgmma") if best[i]), default=None)
        tr = max((best[i]["tflops"] for i in ("triton-ns1", "triton-ns3", "triton-sig", "triton-autotuned") if best[i]), default=None)
        to = best["torch"]["tflops"] if best["torch"] else None
        ratio = lambda a, b: f"{a / b:.2f}x" if a and b else "-"
        print(f"| {c} | " + " | ".join(cells) + f" | {ratio(t, tr)} | {ratio(t, to)} |")


if __name__ == "__main__":
    main()
