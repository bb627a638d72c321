# tl.sort / tl.topk / tl.flip: tilec (bench/stdlib_kernels.tir compiled on the dev machine,
# launched through libtilert) beside Triton's JIT on the same text and the same num_warps, and
# torch. Each implementation checked once against torch, then timed (do_bench, median).
#
#   python3 bench/stdlib.py CARRY      # CARRY: the tilec PTX (bench/stdlib_prepare.sh)
#
# bytes: input read once, output written once.
import json
import os
import sys

sys.dont_write_bytecode = True
import side_by_side as sbs  # noqa: E402  (first: Triton's cache, the harness)
import torch  # noqa: E402

h = sbs.open_carry()
tk = {n: h.triton("bench/stdlib_kernels.tir", n) for n in ("sort_rows", "topk_rows", "flip_rows")}
R, N, K = int(os.environ.get("ROWS", "16384")), 256, 8


def row(impl, case, fn, want, got, nbytes):
    fn()
    torch.cuda.synchronize()
    ok = torch.equal(got(), want)
    ms = sbs.median_ms(fn)
    print(json.dumps(dict(impl=impl, case=case, ms=ms, gbps=nbytes / ms / 1e6, check="ok" if ok else "WRONG")),
          flush=True)


x = torch.randn(R, N, device="cuda")
y = torch.empty_like(x)
yk = torch.empty(R, K, device="cuda")
for name, kern, bm, warps, extra, want, out, nbytes in (
        ("sort f32 %dx256 (BM 4, 4 warps)" % R, "sort_rows", 4, 4, dict(DESC=0), torch.sort(x, 1).values, y, 2 * x.numel() * 4),
        ("topk 8 of 256 f32, %d rows (BM 4, 4 warps)" % R, "topk_rows", 4, 4, dict(K=K), torch.topk(x, K, 1).values, yk,
         x.numel() * 4 + yk.numel() * 4),
        ("flip f32 %dx256 (BM 8, 4 warps)" % R, "flip_rows", 8, 4, {}, torch.flip(x, (1,)), y, 2 * x.numel() * 4)):
    grid = R // bm
    t = h.kernel("bench_" + kern)
    row("tilec", name, lambda: t(grid, x, out), want, lambda: out.clone(), nbytes)
    kw = dict(N=N, BM=bm, num_warps=warps, **extra)
    row("triton", name, lambda: tk[kern][(grid,)](x, out, **kw), want, lambda: out.clone(), nbytes)
    ref = {"sort_rows": lambda: torch.sort(x, 1), "topk_rows": lambda: torch.topk(x, K, 1),
           "flip_rows": lambda: torch.flip(x, (1,))}[kern]
    row("torch", name, ref, want, lambda: want, nbytes)
