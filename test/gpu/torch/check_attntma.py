"""GPU checks of flash attention through host tensor descriptors (kernels_attntma.txt:
examples/flash_attention_tma.tir), against torch's scaled_dot_product_attention in float64 on the
same inputs; p is rounded to f16 / bf16 before p @ v, as in check_dot.py's attention checks:
atol = rtol = 2e-3 (f16), 1.6e-2 (bf16). Q, K, V and O are [Z, H, N, D]; the kernel sees them as
[Z * H * N, D] through descriptors (blocks [BLOCK_M, D] for q and o, [BLOCK_N, D] for k and v),
so a block never crosses a (batch, head) boundary (N a multiple of the blocks). N = 512 gives 8
iterations of BLOCK_N = 64: more than the stages, so the mbarrier phases wrap round.
The two-stage kernels (examples/flash_attention_stages.tir) also write M, each row's
log2-sum-exp of the scaled scores, checked against float64 to atol 2e-3; with N = 128 and
BLOCK_M = 128 the causal kernel's first stage runs no iteration at all.
"""
import math

import torch

DEV = "cuda"


def attention(h):
    for name, dt, d, bm, bn, causal in (("bench_attn_tma_d128", torch.float16, 128, 128, 64, False),
                                        ("bench_attn_tma_d128_causal", torch.float16, 128, 128, 64, True),
                                        ("attn_tma_d128_s2", torch.float16, 128, 128, 64, False),
                                        ("attn_tma_d64_bf16_causal", torch.bfloat16, 64, 128, 64, True),
                                        ("bench_attn_tma_d128_ws", torch.float16, 128, 128, 64, False),
                                        ("bench_attn_tma_d128_causal_ws", torch.float16, 128, 128, 64, True),
                                        ("bench_attn_tma_d128_ws_s2", torch.float16, 128, 128, 64, False),
                                        ("bench_attn_tma_d128_causal_ws_s4", torch.float16, 128, 128, 64, True),
                                        ("bench_attn_tma_d128_bn128_ws_s2", torch.float16, 128, 128, 128, False),
                                        ("bench_attn_tma_d128_causal_bn128_ws_s3", torch.float16, 128, 128, 128, True),
                                        ("bench_attn_tma_d128_causal_bn128_s2", torch.float16, 128, 128, 128, True),
                                        ("attn_tma_cost_rule_causal", torch.float16, 128, 128, 64, True)):
        k = h.kernel(name)
        for Z, H, N in ((2, 3, 512), (1, 2, 128)):
            q, kk, v = (torch.randn(Z, H, N, d, device=DEV).to(dt) for _ in range(3))
            o = torch.full_like(q, float("nan"))
            scale = 1.0 / math.sqrt(d)
            descs = [h.tensordesc(t.view(Z * H * N, d), [rows, d]) for t, rows in ((q, bm), (kk, bn), (v, bn), (o, bm))]
            k((N // bm, Z * H), *descs, scale, N)
            want = torch.nn.functional.scaled_dot_product_attention(q.double(), kk.double(), v.double(),
                                                                    is_causal=causal, scale=scale)
            tol = 2e-3 if dt == torch.float16 else 1.6e-2
            h.check("%s Z=%d H=%d N=%d" % (name, Z, H, N), o.double(), want, atol=tol, rtol=tol)


def reference(q, k, v, causal, scale):
    """Attention and each row's log2-sum-exp of the scaled scores, in float64."""
    n = q.shape[2]
    want = torch.nn.functional.scaled_dot_product_attention(q.double(), k.double(), v.double(), is_causal=causal,
                                                            scale=scale)
    s = q.double() @ k.double().transpose(-1, -2) * scale
    if causal:
        s = s.masked_fill(torch.ones(n, n, device=DEV, dtype=torch.bool).tril().logical_not(), float("-inf"))
    return want, torch.logsumexp(s, -1) / math.log(2)


def descs_of(h, ts, d, bn):
    """Host descriptors over [Z * H * N, d] views of q, k, v, o: blocks [128, d], [bn, d]."""
    return [h.tensordesc(t.view(-1, d), [rows, d]) for t, rows in zip(ts, (128, bn, bn, 128))]


def check_with_m(h, name, dt, d, causal, launch, kernel=None):
    """Kernel `name` (or `kernel`), which also writes M (each row's log2-sum-exp), at two sizes
    through launch(k, q, k, v, o, m, scale, Z, H, N); o and M checked against float64."""
    k = kernel or h.kernel(name)
    for Z, H, N in ((2, 3, 512), (1, 2, 128)):
        q, kk, v = (torch.randn(Z, H, N, d, device=DEV).to(dt) for _ in range(3))
        o = torch.full_like(q, float("nan"))
        m = torch.full((Z * H, N), float("nan"), device=DEV)
        scale = 1.0 / math.sqrt(d)
        launch(k, q, kk, v, o, m, scale, Z, H, N)
        want, want_m = reference(q, kk, v, causal, scale)
        tol = 2e-3 if dt == torch.float16 else 1.6e-2
        what = "%s Z=%d H=%d N=%d" % (name, Z, H, N)
        h.check(what, o.double(), want, atol=tol, rtol=tol)
        h.check(what + " M", m.double(), want_m.reshape(Z * H, N), atol=2e-3, rtol=1e-4)


def stages(h):
    names = [(n, torch.float16, 128, bn, c) for c in (False, True) for bn, tail in ((128, "ws_s3"), (128, "ws_s2"), (128, "s3"),
                                                                                  (64, "ws_s3"), (64, "s3"))
             for n in ["bench_attn_stg_d128%s_bn%d_%s" % ("_causal" if c else "", bn, tail)]]
    names.append(("attn_stg_d64_bf16_causal", torch.bfloat16, 64, 64, True))
    for name, dt, d, bn, causal in names:
        check_with_m(h, name, dt, d, causal, lambda k, q, kk, v, o, m, sc, Z, H, N:
                     k((N // 128, Z * H), *descs_of(h, (q, kk, v, o), d, bn), m, sc, N))


def tutorial(h):
    for causal in (False, True):
        for bn, tail in ((128, "ws_s3"), (128, "s3"), (64, "ws_s3")):
            name = "bench_attn_tut_d128%s_bn%d_%s" % ("_causal" if causal else "", bn, tail)
            check_with_m(h, name, torch.float16, 128, causal, lambda k, q, kk, v, o, m, sc, Z, H, N:
                         k((N // 128, Z * H), sc, m, Z, H, *descs_of(h, (q, kk, v, o), 128, bn), N))


def tutorial_pointers(h):
    # TMA through the helper's in-kernel descriptors (BLOCK_N 64, 128 warp-specialized), and
    # the same through pointers (--no-desc-tma)
    for causal in (False, True):
        c = "_causal" if causal else ""
        for name in ("attn_tut_ptr_d128" + c, "attn_tut_ptr_d128%s_bn128_ws" % c, "attn_tut_ptr_d128%s_nodesc" % c):
            check_with_m(h, name, torch.float16, 128, causal,
                         lambda k, q, kk, v, o, m, sc, Z, H, N: k((N // 128, Z * H), sc, m, Z, H, q, kk, v, o, N))


def tutorial06(h):
    """Triton's tutorial file as written: every variant the autotune configs made (the
    pre_hook's block shapes in its metadata), given descriptors without a block shape (libtilert
    encodes them with the variant's, as Triton's pre_hook sets them per config)."""
    import json
    import os
    only = [e for e in os.environ.get("TUTORIAL06_ENTRIES", "").split(",") if e]  # a subset (the sanitizers' run)
    counts = {"attn06_tutorial": 18, "attn06_tutorial_ws": 18, "attn06_tutorial_causal": 16,
              "attn06_tutorial_causal_ws": 16}  # 21 kept by keep(), less pruned and too big for shared memory
    for name, causal in (("attn06_tutorial", False), ("attn06_tutorial_ws", False), ("attn06_tutorial_causal", True),
                         ("attn06_tutorial_causal_ws", True)):
        with open(os.path.join(h.carry, name + ".json")) as f:
            meta = json.load(f)
        entries = [(k["name"], k["constexprs"]["BLOCK_M"], k["constexprs"]["BLOCK_N"]) for k in meta["kernels"]]
        h.check("%s: %d variants" % (name, len(entries)), torch.tensor(float(len(entries))),
                torch.tensor(float(counts[name])))
        for entry, bm, bn in entries:
            if only and entry not in only:
                continue
            blocks = [b for k in meta["kernels"] if k["name"] == entry
                      for b in [[p["block_shape"] for p in k["params"] if p["kind"] == "tensordesc"]]][0]
            h.check("%s %s blocks" % (name, entry), torch.tensor(blocks, dtype=torch.float64),
                    torch.tensor([[bm, 128], [bn, 128], [bn, 128], [bm, 128]], dtype=torch.float64))
            k = h.kernel(name, entry)
            check_with_m(h, name + " " + entry, torch.float16, 128, causal,
                         lambda k, q, kk, v, o, m, sc, Z, H, N:
                         k((N // bm, Z * H), sc, m, Z, H,
                           *[h.tensordesc(t.view(-1, 128), [0, 0]) for t in (q, kk, v, o)], N),
                         kernel=k)


def run(h):
    h.part("attention through host descriptors", attention, h)
    h.part("attention in two stages (the tutorial's structure)", stages, h)
    h.part("attention as Triton's tutorial writes it", tutorial, h)
    h.part("the tutorial given pointers (in-kernel descriptors)", tutorial_pointers, h)
    h.part("Triton's tutorial file, every autotune variant (pre_hook block shapes)", tutorial06, h)
