/* Semantic analysis: the functions of Triton's standard library that are written in the
 * kernel language itself (tl.sort, tl.topk, tl.bitonic_merge, tl.flip, tl.softmax, tl.ravel,
 * tl.swizzle2d, tl.reduce_or, and their tensor-method forms x.flip(), x.softmax(), ...).
 *
 * They are tilec's own jit functions over its builtins, in the text below, with Triton 3.6's
 * names, parameters and results: a module ("triton.language.standard") parsed and run the
 * first time a kernel calls one of them, each call then specialized like any helper's. Sorts
 * are bitonic networks over the flattened index (each compare-and-swap step a reshape to
 * [outer, 2, inner], an xor_sum across the 2 for the partner, a where), so they need the
 * sorted dimension (and the whole tensor) to be a power of 2, as Triton's do. */
#include <string.h>

#include "Frontend/sema.h"

#define STDLIB_FILE "<tilec stdlib>"

static const char stdlib_text[] =
    "import triton\n"
    "import triton.language as tl\n"
    "\n"
    "\n"
    "@triton.jit\n"
    "def _as_int(x):\n"
    "    # the bits of x as a signed integer of its width (a float's, for xor swaps)\n"
    "    w: tl.constexpr = x.dtype.primitive_bitwidth\n"
    "    if w == 8:\n"
    "        return x.to(tl.int8, bitcast=True)\n"
    "    elif w == 16:\n"
    "        return x.to(tl.int16, bitcast=True)\n"
    "    elif w == 32:\n"
    "        return x.to(tl.int32, bitcast=True)\n"
    "    elif w == 64:\n"
    "        return x.to(tl.int64, bitcast=True)\n"
    "    else:\n"
    "        return x\n"
    "\n"
    "\n"
    "@triton.jit\n"
    "def _swap_bit(x, inner: tl.constexpr, b: tl.constexpr):\n"
    "    # each element exchanged with the one whose flattened index differs in bit b of the\n"
    "    # index `inner` elements apart (viewed as [outer, 2, inner << b])\n"
    "    n: tl.constexpr = x.numel\n"
    "    v = tl.reshape(_as_int(x), (n // (inner << (b + 1)), 2, inner << b))\n"
    "    v = v ^ tl.xor_sum(v, 1, keep_dims=True)\n"
    "    return tl.reshape(v, x.shape).to(x.dtype, bitcast=True)\n"
    "\n"
    "\n"
    "@triton.jit\n"
    "def _log2(n: tl.constexpr, what: tl.constexpr):\n"
    "    tl.static_assert(n > 0 and (n & (n - 1)) == 0, what)\n"
    "\n"
    "\n"
    "@triton.jit\n"
    "def _index_bit(n: tl.constexpr, b: tl.constexpr):\n"
    "    # bit b of each position's flattened index, as an [n] tensor\n"
    "    return (tl.arange(0, n) >> b) & 1\n"
    "\n"
    "\n"
    "@triton.jit\n"
    "def _compare_swap(x, desc, b: tl.constexpr):\n"
    "    # one step of a bitonic network on bit b: the lower position of each pair keeps the\n"
    "    # smaller value (the larger where desc is 1), the upper the other\n"
    "    n: tl.constexpr = x.numel\n"
    "    flat = tl.reshape(x, (n,))\n"
    "    other = _swap_bit(flat, 1, b)\n"
    "    take = (flat > other) != (desc ^ _index_bit(n, b))\n"
    "    return tl.reshape(tl.where(take, other, flat), x.shape)\n"
    "\n"
    "\n"
    "@triton.jit\n"
    "def _merge(x, s: tl.constexpr, order: tl.constexpr):\n"
    "    # bitonic merge of the runs of 2**s elements: ascending (order 0), descending (1), or\n"
    "    # alternating with bit s of the index (2), which makes runs of 2**(s+1) bitonic\n"
    "    if order == 2:\n"
    "        desc = _index_bit(x.numel, s)\n"
    "    else:\n"
    "        desc = order\n"
    "    for t in tl.static_range(s):\n"
    "        x = _compare_swap(x, desc, s - 1 - t)\n"
    "    return x\n"
    "\n"
    "\n"
    "@triton.jit\n"
    "def _sort(x, k: tl.constexpr, dim: tl.constexpr, descending: tl.constexpr, what: tl.constexpr):\n"
    "    rank: tl.constexpr = len(x.shape)\n"
    "    shape0: tl.constexpr = x.shape\n"
    "    tl.static_assert(rank > 0, what + \": needs a tensor, got a scalar\")\n"
    "    d: tl.constexpr = rank - 1 if dim is None else (dim + rank if dim < 0 else dim)\n"
    "    tl.static_assert(d == rank - 1, what + \": only the last dimension can be sorted (as in Triton)\")\n"
    "    n: tl.constexpr = x.shape[rank - 1]\n"
    "    _log2(n, what + \": the sorted dimension must be a power of 2\")\n"
    "    _log2(x.numel, what + \": the tensor's size must be a power of 2\")\n"
    "    log_n: tl.constexpr = n.bit_length() - 1\n"
    "    kk: tl.constexpr = n if k is None else k\n"
    "    _log2(kk, what + \": k must be a power of 2\")\n"
    "    tl.static_assert(kk <= n, what + \": k is larger than the dimension\")\n"
    "    log_k: tl.constexpr = kk.bit_length() - 1\n"
    "    order: tl.constexpr = 1 if descending else 0\n"
    "    for s in tl.static_range(1, log_k + 1):\n"
    "        x = _merge(x, s, 2 if s < log_n else order)\n"
    "    # top k: the larger (smaller) of each run of k and its partner run, which together are\n"
    "    # bitonic, are the k largest (smallest) of the two; merged again, and so on\n"
    "    for s in tl.static_range(log_k + 1, log_n + 1):\n"
    "        m: tl.constexpr = x.numel\n"
    "        v = tl.reshape(x, (m // (2 * kk), 2, kk))\n"
    "        if order == 1:\n"
    "            v = tl.max(v, 1)\n"
    "        else:\n"
    "            v = tl.min(v, 1)\n"
    "        x = _merge(tl.reshape(v, (m // 2,)), log_k, 2 if s < log_n else order)\n"
    "    return tl.reshape(x, shape0[:rank - 1] + (kk,))\n"
    "\n"
    "\n"
    "@triton.jit\n"
    "def sort(x, dim: tl.constexpr = None, descending: tl.constexpr = 0):\n"
    "    return _sort(x, None, dim, descending, \"tl.sort\")\n"
    "\n"
    "\n"
    "@triton.jit\n"
    "def topk(x, k: tl.constexpr, dim: tl.constexpr = None):\n"
    "    return _sort(x, k, dim, 1, \"tl.topk\")\n"
    "\n"
    "\n"
    "@triton.jit\n"
    "def bitonic_merge(x, dim: tl.constexpr = None, descending: tl.constexpr = 0):\n"
    "    rank: tl.constexpr = len(x.shape)\n"
    "    d: tl.constexpr = rank - 1 if dim is None else (dim + rank if dim < 0 else dim)\n"
    "    tl.static_assert(d == rank - 1, \"tl.bitonic_merge: only the last dimension (as in Triton)\")\n"
    "    n: tl.constexpr = x.shape[rank - 1]\n"
    "    _log2(n, \"tl.bitonic_merge: the dimension must be a power of 2\")\n"
    "    return _merge(x, n.bit_length() - 1, 1 if descending else 0)\n"
    "\n"
    "\n"
    "@triton.jit\n"
    "def flip(x, dim=None):\n"
    "    rank: tl.constexpr = len(x.shape)\n"
    "    tl.static_assert(rank > 0, \"tl.flip: needs a tensor, got a scalar\")\n"
    "    if dim is not None:\n"
    "        tl.static_assert(-rank <= dim and dim < rank, \"tl.flip: dim out of range\")\n"
    "    d: tl.constexpr = rank - 1 if dim is None else (dim + rank if dim < 0 else dim)\n"
    "    n: tl.constexpr = x.shape[d]\n"
    "    _log2(n, \"tl.flip: the flipped dimension must be a power of 2\")\n"
    "    inner: tl.constexpr = 1\n"
    "    for i in tl.static_range(d + 1, rank):\n"
    "        inner: tl.constexpr = inner * x.shape[i]\n"
    "    # reversing an index of n = 2**k positions complements each of its k bits\n"
    "    for b in tl.static_range(n.bit_length() - 1):\n"
    "        x = _swap_bit(x, inner, b)\n"
    "    return x\n"
    "\n"
    "\n"
    "@triton.jit\n"
    "def softmax(x, dim=None, keep_dims=False, ieee_rounding=False):\n"
    "    d: tl.constexpr = 0 if dim is None else dim\n"
    "    z = x - tl.max(x, d, keep_dims=keep_dims)\n"
    "    num = tl.exp(z)\n"
    "    den = tl.sum(num, d, keep_dims=keep_dims)\n"
    "    return tl.fdiv(num, den, ieee_rounding)\n"
    "\n"
    "\n"
    "@triton.jit\n"
    "def ravel(x, can_reorder=False):\n"
    "    return tl.reshape(x, (x.numel,), can_reorder=can_reorder)\n"
    "\n"
    "\n"
    "@triton.jit\n"
    "def swizzle2d(i, j, size_i, size_j, size_g):\n"
    "    # row-major (i, j) of a size_i x size_j grid, renumbered column-major within each\n"
    "    # group of size_g rows (the last group may have fewer)\n"
    "    linear = i * size_j + j\n"
    "    per_group = size_g * size_j\n"
    "    first = (linear // per_group) * size_g\n"
    "    rows = tl.minimum(size_i - first, size_g)\n"
    "    at = linear % per_group\n"
    "    return first + at % rows, at // rows\n"
    "\n"
    "\n"
    "@triton.jit\n"
    "def cat(input, other, can_reorder=False):\n"
    "    # Triton's cat: two 1-D tensors of one size, in an order of the compiler's choice (here\n"
    "    # interleaved: the same for every call, so cats of masks, pointers and values match)\n"
    "    tl.static_assert(can_reorder, \"tl.cat: only can_reorder=True is supported (as in Triton)\")\n"
    "    tl.static_assert(len(input.shape) == 1 and len(other.shape) == 1, \"tl.cat: takes 1-D tensors (as in Triton)\")\n"
    "    tl.static_assert(input.shape[0] == other.shape[0], \"tl.cat: the tensors must have one size\")\n"
    "    return tl.reshape(tl.join(input, other), (2 * input.shape[0],), can_reorder=True)\n"
    "\n"
    "\n"
    "@triton.jit\n"
    "def gather(src, index, axis):\n"
    "    # out[i, j] = src[index[i, j], j] (axis 0) or src[i, index[i, j]] (axis 1): each output\n"
    "    # element picks its source along a one-hot axis of the source's extent; the bits are\n"
    "    # summed as integers (one non-zero term), so every value, -0.0 and NaN included, is exact\n"
    "    rank: tl.constexpr = len(src.shape)\n"
    "    tl.static_assert(index.dtype.is_int(), \"tl.gather: index must be an integer tensor\")\n"
    "    tl.static_assert(len(index.shape) == rank, \"tl.gather: source and index tensors must have the same rank\")\n"
    "    tl.static_assert(rank == 1 or rank == 2, \"tl.gather: tilec takes 1-D and 2-D tensors\")\n"
    "    tl.static_assert(-rank <= axis and axis < rank, \"tl.gather: axis out of range\")\n"
    "    a: tl.constexpr = axis + rank if axis < 0 else axis\n"
    "    bits = _as_int(src)\n"
    "    if rank == 1:\n"
    "        hit = index[:, None] == tl.arange(0, src.shape[0])[None, :]\n"
    "        got = tl.sum(tl.where(hit, bits[None, :], 0), 1)\n"
    "    elif a == 0:\n"
    "        tl.static_assert(index.shape[1] == src.shape[1], \"tl.gather: index dim 1 must match the source's\")\n"
    "        hit = index[:, None, :] == tl.arange(0, src.shape[0])[None, :, None]\n"
    "        got = tl.sum(tl.where(hit, bits[None, :, :], 0), 1)\n"
    "    else:\n"
    "        tl.static_assert(index.shape[0] == src.shape[0], \"tl.gather: index dim 0 must match the source's\")\n"
    "        hit = index[:, :, None] == tl.arange(0, src.shape[1])[None, None, :]\n"
    "        got = tl.sum(tl.where(hit, bits[:, None, :], 0), 2)\n"
    "    return got.to(bits.dtype).to(src.dtype, bitcast=True)\n"
    "\n"
    "\n"
    "@triton.jit\n"
    "def _or(a, b):\n"
    "    return a | b\n"
    "\n"
    "\n"
    "@triton.jit\n"
    "def reduce_or(input, axis, keep_dims=False):\n"
    "    tl.static_assert(input.dtype.is_int(), \"tl.reduce_or: needs an integer tensor\")\n"
    "    return tl.reduce(input, axis, _or, keep_dims=keep_dims)\n";

/* The public functions of the text, and which are tensor methods too (x.flip()). */
static const struct {
  const char *name;
  bool method;
} fns[] = {
    {"sort", false},   {"topk", false},  {"bitonic_merge", false}, {"flip", true},
    {"softmax", true}, {"ravel", true},  {"swizzle2d", false},     {"reduce_or", true},
    {"cat", false},    {"gather", true},
};

bool sema_stdlib_has(const char *name, bool method) {
  for (size_t i = 0; i < sizeof fns / sizeof *fns; i++)
    if (!strcmp(fns[i].name, name)) return !method || fns[i].method;
  return false;
}

bool sema_stdlib_call(sema *S, const char *name, const fe_expr *call, unsigned nargs, const sema_val *args,
                      unsigned nkw, const char *const *kwnames, const sema_val *kwvals, sema_val *out) {
  if (!S->stdlib) {
    diag_engine *d = ir_context_diag(S->ctx);
    diag_engine_add_source(d, STDLIB_FILE, stdlib_text, sizeof stdlib_text - 1);
    fe_file *f = fe_parse(S->ctx, S->arena, STDLIB_FILE, stdlib_text, sizeof stdlib_text - 1);
    sema_module *m = sup_arena_alloc(S->arena, sizeof *m);
    if (!f || !m) return ir_context_note_oom(S->ctx), false; /* the text parses: only memory fails */
    *m = (sema_module){.name = "triton.language.standard", .file = STDLIB_FILE};
    S->stdlib = m;
    if (!sema_run_module(S, m, f)) return false;
  }
  const sema_val *v = sema_env_get(S, &S->stdlib->globals, name);
  sema_jit *j = v && v->kind == SV_JITFN ? sema_jit_of(S, v->fn) : NULL;
  if (!j) return ir_context_note_oom(S->ctx), false; /* every listed name is defined */
  if (sema_call_jit(S, j, call, nargs, args, nkw, kwnames, kwvals, out)) return true;
  /* the error is located in the text above: say where the kernel called it */
  if (!ir_context_failed(S->ctx)) sema_note(S, call->loc, "in this call of tl.%s", name);
  return false;
}
