"""Atomics against torch (kernels: kernels_atomics.txt, examples/atomics.tir and
examples/layer_norm_bwd.tir).

- mean_atomic: a two-stage mean (block sums added into one f32 with tl.atomic_add).
- rmw: every op with a mask, two ways: each program on its own elements (the final memory is
  op(init, val) and the returned old values are init), and every program on the same
  elements (the final memory is the fold of op over all programs; xchg: the old values and
  the final value are a permutation of init and the values). BLOCK 32 with 4 warps has
  copies of each element in 4 warps: an element updated more than once shows up in the
  contended add.
- red_add, cas, a scalar counter (every thread must see its program's old value).
- Layer norm backward (the tutorial's lock-based partial sums) against torch autograd.
"""

OPS = {"add": 0, "max": 1, "min": 2, "and": 3, "or": 4, "xor": 5, "xchg": 6}


def _part(h, name, fn, *args):
    part = getattr(h, "part", None)
    if part:
        return part(name, fn, *args)
    return fn(*args)


def _dtypes(torch):
    return {"i32": torch.int32, "u32": torch.int32, "i64": torch.int64, "f32": torch.float32,
            "f16": torch.float16, "bf16": torch.bfloat16, "f64": torch.float64}


def _rand(torch, dt, op, shape, gen):
    """Values for op on dtype dt (u32 lives in int32 storage)."""
    t = _dtypes(torch)[dt]
    if dt in ("f32", "f16", "bf16", "f64"):
        x = torch.randn(shape, generator=gen, dtype=torch.float64) * (1 if dt in ("f16", "bf16") else 4)
        x = torch.where(x.abs() < 1e-3, torch.full_like(x, 0.5), x)  # no zeros: -0.0 vs +0.0 ties
        return x.to(t).cuda()
    if op == "add":
        lo, hi = -1000000, 1000000
    elif dt == "u32":
        lo, hi = 0, 2**32
    elif dt == "i32":
        lo, hi = -2**31, 2**31
    else:
        lo, hi = -2**62, 2**62
    x = torch.randint(lo, hi, shape, generator=gen, dtype=torch.int64)
    if dt == "u32":
        x = torch.where(x >= 2**31, x - 2**32, x)
    return x.to(t).cuda()


def _ref(torch, dt, op, a, b):
    """op(a, b) elementwise as the GPU computes it."""
    if dt == "u32" and op in ("max", "min"):
        ua, ub = a.to(torch.int64) & 0xffffffff, b.to(torch.int64) & 0xffffffff
        r = torch.maximum(ua, ub) if op == "max" else torch.minimum(ua, ub)
        return torch.where(r >= 2**31, r - 2**32, r).to(a.dtype)
    if op == "add":
        return a + b
    if op == "max":
        return torch.maximum(a, b)
    if op == "min":
        return torch.minimum(a, b)
    if op == "and":
        return a & b
    if op == "or":
        return a | b
    if op == "xor":
        return a ^ b
    return b.clone()


def _tol(dt, contended):
    if dt in ("f16", "bf16"):
        return (1.0, 0.05) if contended else (1e-2, 1e-2)
    if dt == "f32":
        return (1e-3, 1e-4) if contended else (0.0, 0.0)
    if dt == "f64":
        return (1e-9, 1e-9) if contended else (0.0, 0.0)
    return (0.0, 0.0)


def _rmw_case(h, torch, name, dt, op, block, contended):
    gen = torch.Generator().manual_seed(1234 + block + 7 * OPS[op])
    k = h.kernel(name)
    n = block - 3
    progs = 64 if contended else 3
    t = _dtypes(torch)[dt]
    vals = _rand(torch, dt, op, (progs, block), gen)
    init = _rand(torch, dt, op, (1 if contended else progs, block), gen)
    mem = init.clone()
    old = torch.full((progs, block), 7, dtype=t, device="cuda")
    k(progs, mem, vals, old, n, 0 if contended else block)
    tag = "%s %s" % (name, "contended" if contended else "distinct")
    atol, rtol = _tol(dt, contended)
    if not contended:
        want = init.clone()
        want[:, :n] = _ref(torch, dt, op, init[:, :n], vals[:, :n])
        if atol:
            h.check(tag + " memory", mem, want, atol=atol, rtol=rtol)
        else:
            h.check_equal(tag + " memory", mem, want)
        h.check_equal(tag + " old values", old[:, :n], init[:, :n])
        h.check_equal(tag + " masked-off old values untouched", old[:, n:], torch.full_like(old[:, n:], 7))
        return
    h.check_equal(tag + " masked-off memory untouched", mem[:, n:], init[:, n:])
    if op == "xchg":
        both = torch.cat([init[:, :n], vals[:, :n]]).sort(dim=0).values
        seen = torch.cat([mem[:, :n], old[:, :n]]).sort(dim=0).values
        h.check_equal(tag + " old values and final value are a permutation of init and values", seen, both)
        return
    want = init[0, :n].clone()
    if dt in ("f16", "bf16"):
        want = (init[0, :n].to(torch.float32) + vals[:, :n].to(torch.float32).sum(0))
        h.check(tag + " memory", mem[0, :n].to(torch.float32), want, atol=atol, rtol=rtol)
        return
    if op == "add" and dt in ("f32", "f64"):
        want = (init[0, :n].to(torch.float64) + vals[:, :n].to(torch.float64).sum(0))
        h.check(tag + " memory", mem[0, :n].to(torch.float64), want, atol=atol, rtol=rtol)
        return
    for p in range(progs):
        want = _ref(torch, dt, op, want, vals[p, :n])
    h.check_equal(tag + " memory", mem[0, :n], want)


def _rmw(h, torch):
    for line in _kernel_names(h):
        if not line.startswith("atom_"):
            continue
        _, dt, op, block = line.split("_")
        for contended in (False, True):
            _part(h, line, _rmw_case, h, torch, line, dt, op, int(block), contended)


def _kernel_names(h):
    """The names in kernels_atomics.txt (a line that did not compile fails in h.kernel)."""
    import os
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "kernels_atomics.txt")) as f:
        return [l.split("|")[0] for l in f if l.strip() and not l.startswith("#")]


def _mean(h, torch):
    k = h.kernel("mean_atomic")
    for n in (1, 1000, 100003, 1 << 20):
        x = torch.randn(n, device="cuda", dtype=torch.float32)
        out = torch.zeros(1, device="cuda", dtype=torch.float32)
        k((n + 1023) // 1024, x, out, n)
        h.check("mean_atomic n=%d" % n, out[0], x.double().mean().float(), atol=1e-5, rtol=1e-4)


def _red(h, torch):
    for name, dt, block in (("red_f32_add_32", torch.float32, 32), ("red_i32_add_1024", torch.int32, 1024)):
        k = h.kernel(name)
        n = block - 3
        for contended in (False, True):
            progs = 64 if contended else 3
            if dt.is_floating_point:
                vals = torch.randn(progs, block, device="cuda", dtype=dt)
            else:
                vals = torch.randint(-1000, 1000, (progs, block), device="cuda", dtype=dt)
            mem = torch.zeros(1 if contended else progs, block, device="cuda", dtype=dt)
            k(progs, mem, vals, n, 0 if contended else block)
            want = torch.zeros_like(mem)
            if contended:
                want[0, :n] = vals[:, :n].double().sum(0).to(dt)
            else:
                want[:, :n] = vals[:, :n]
            tag = "%s %s" % (name, "contended" if contended else "distinct")
            if dt.is_floating_point:
                h.check(tag, mem, want, atol=1e-4, rtol=1e-5)
            else:
                h.check_equal(tag, mem, want)


def _cas(h, torch):
    for name, dt, block in (("cas_i32_32", torch.int32, 32), ("cas_i32_256", torch.int32, 256),
                            ("cas_i64_128", torch.int64, 128), ("cas_f16_64", torch.float16, 64)):
        k = h.kernel(name)
        init = torch.randint(0, 3, (block,), device="cuda").to(dt)
        cmp = torch.randint(0, 3, (block,), device="cuda").to(dt)
        val = torch.randint(10, 20, (block,), device="cuda").to(dt)
        mem, old = init.clone(), torch.zeros_like(init)
        k(1, mem, cmp, val, old)
        h.check_equal(name + " memory", mem, torch.where(init == cmp, val, init))
        h.check_equal(name + " old values", old, init)
    # Contended: 100 programs race to claim each slot; exactly one wins each.
    k = h.kernel("cas_i32_256")
    mem = torch.zeros(256, device="cuda", dtype=torch.int32)
    cmp = torch.zeros(256, device="cuda", dtype=torch.int32)
    val = torch.ones(256, device="cuda", dtype=torch.int32)
    olds = torch.empty(100, 256, device="cuda", dtype=torch.int32)
    for p in range(100):
        k(1, mem, cmp, val, olds[p])
    h.check_equal("cas_i32_256 100 launches: one winner per slot", (olds == 0).sum(0), torch.ones(256, device="cuda", dtype=torch.int64))


def _scalar(h, torch):
    for name in ("scalar_counter_w4", "scalar_counter_w1"):
        k = h.kernel(name)
        progs = 100
        count = torch.zeros(1, device="cuda", dtype=torch.int32)
        old = torch.full((progs, 128), -1, device="cuda", dtype=torch.int32)
        k(progs, count, old)
        h.check_equal(name + " count", count, torch.tensor([progs], dtype=torch.int32))
        h.check_equal(name + " every thread sees its program's old value", old, old[:, :1].expand(progs, 128))
        h.check_equal(name + " old values are 0..progs-1", old[:, 0].sort().values,
                      torch.arange(progs, dtype=torch.int32))


def _ln_bwd_case(h, torch, dt, M, N, dx_name, dwdb_name, group):
    import torch.nn.functional as F
    eps = 1e-5
    x = (-2.3 + 0.5 * torch.randn(M, N, device="cuda", dtype=torch.float32)).to(dt)
    w = torch.rand(N, device="cuda", dtype=torch.float32).to(dt)
    b = torch.rand(N, device="cuda", dtype=torch.float32).to(dt)
    dy = (0.1 * torch.randn(M, N, device="cuda", dtype=torch.float32)).to(dt)
    xf = x.float()
    mean = xf.mean(1)
    rstd = 1.0 / torch.sqrt(((xf - mean[:, None]) ** 2).mean(1) + eps)
    xr, wr, br = xf.clone().requires_grad_(), w.float().clone().requires_grad_(), b.float().clone().requires_grad_()
    F.layer_norm(xr, (N,), wr, br, eps).backward(dy.float())
    dx = torch.empty_like(x)
    locks = torch.zeros(2 * group, device="cuda", dtype=torch.int32)
    _dw = torch.zeros(group, N, device="cuda", dtype=dt)
    _db = torch.zeros(group, N, device="cuda", dtype=dt)
    dw = torch.empty(N, device="cuda", dtype=w.dtype)
    db = torch.empty(N, device="cuda", dtype=w.dtype)
    h.kernel(dx_name)(M, dx, dy, _dw, _db, x, w, mean, rstd, locks, N, N)
    h.kernel(dwdb_name)((N + 127) // 128, _dw, _db, dw, db, min(group, M), N)  # the tutorial's grid
    tag = "layer norm bwd %s %dx%d" % (dt, M, N)
    atol = 1e-2 if dt != torch.float32 else 1e-4
    h.check(tag + " dx", dx.float(), xr.grad, atol=atol, rtol=1e-2 if dt != torch.float32 else 1e-4)
    h.check(tag + " dw", dw.float(), wr.grad, atol=max(atol, 1e-3) * 8, rtol=2e-2 if dt != torch.float32 else 1e-4)
    h.check(tag + " db", db.float(), br.grad, atol=max(atol, 1e-3) * 8, rtol=2e-2 if dt != torch.float32 else 1e-4)
    h.check_equal(tag + " locks released", locks[:group], torch.zeros(group, dtype=torch.int32))


def _ln_bwd(h, torch):
    cases = ((torch.float16, 1151, 1000, "ln_bwd_dx_f16", "ln_bwd_dwdb_f16", 64),
             (torch.float16, 64, 1024, "ln_bwd_dx_f16", "ln_bwd_dwdb_f16", 64),
             (torch.float32, 777, 500, "ln_bwd_dx_f32", "ln_bwd_dwdb_f32", 64),
             (torch.float16, 4096, 4000, "ln_bwd_dx_f16_4096", "ln_bwd_dwdb_f16", 96))
    for dt, M, N, dxn, dwn, g in cases:
        _part(h, "layer norm bwd %s %dx%d" % (dt, M, N), _ln_bwd_case, h, torch, dt, M, N, dxn, dwn, g)


def run(h):
    import torch
    torch.manual_seed(0)
    _part(h, "mean_atomic", _mean, h, torch)
    _rmw(h, torch)
    _part(h, "red_add", _red, h, torch)
    _part(h, "atomic_cas", _cas, h, torch)
    _part(h, "scalar atomics", _scalar, h, torch)
    _ln_bwd(h, torch)
