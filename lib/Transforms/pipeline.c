/* Pass "pipeline": software pipelining of the loads that feed tensor-core dots (sm_80+).
 *
 * Needs: tgpu IR after accelerate-matmul and remove-layout-conversions (dots have their
 *   mma layouts and their operands' conversions), before allocate-shared-memory and membar.
 * Changes: an scf.for with S = num_stages >= 2 (the loop's tt.num_stages, else the
 *   function's tgpu.num_stages, else 3 as in Triton; at most 16) and a constant positive
 *   step, whose body loads dot operands, is rewritten so that the loads of iteration i + D run asynchronously while iteration i
 *   computes. A load qualifies when it is a tt.load directly in the body whose only user is
 *   the dot operand's way into the tensor cores:
 *     - mma.sync: tgpu.convert_layout into a 16-bit (or 8-bit A) #tgpu.dot_op that ldmatrix
 *       reads, from a 2-D tile contiguous along its last dim; the stages get the ldmatrix
 *       swizzle (tgpu_ldmatrix_shared_layout) and the conversion becomes tgpu.local_load;
 *     - wgmma: tgpu.local_alloc of a memdesc contiguous along the tile's contiguous dim; the
 *       stages get that memdesc's layout, and the warp_group_dot reads the stage;
 *   it is not volatile, its `other` is absent or zero (cp.async fills masked-off elements
 *   with zeros), and its pointers and mask are computed in the body by pure ops from the
 *   induction variable, values defined outside the loop, and loop-carried values (the
 *   pointers advanced each iteration) that only serve these loads (a gather's pointers,
 *   computed from another load, keep that load synchronous; the others still qualify).
 * The rewrite, per loop (D = S - 1 loads in flight, B buffers per operand, B = S unless
 * said below):
 *   - before the loop: each operand's B-stage buffer (tgpu.local_alloc, mutable); a
 *     prologue that issues iterations 0 .. D-1's copies (tgpu.async_copy into stage j,
 *     masked off when the iteration does not exist) and commits each as one group; the
 *     loop-carried pointers start D iterations ahead;
 *   - the body: tgpu.async_wait {pending = D-1} (iteration i's group has landed; membar adds
 *     the barrier that makes it visible to every thread), reads stage i % B
 *     (tgpu.memdesc_index {tgpu.pipeline_slot = "consume"}), then at its end issues
 *     iteration i+D's copies into stage (i+D) % B ("produce"), commits, and advances the
 *     pointers from the ahead values; the two stage indices are loop-carried;
 *   - after the loop: tgpu.async_wait {pending = 0}.
 *   The consume and produce stages of one iteration differ (D < B), which is what the
 *   pipeline_slot attribute tells membar: within an iteration they do not conflict, so one
 *   barrier per iteration suffices (the one at the top also orders the reads of iteration
 *   i-1 before the copies of iteration i into the stage they read).
 * wgmma left in flight: a warp_group_dot that reads two pipelined stages and whose result
 *   only flows, through the loop, into the next iteration's accumulator of the same dot
 *   becomes asynchronous (tgpu.async) and is followed by tgpu.warp_group_dot_wait
 *   {pending = 1}; after the loop tgpu.warp_group_dot_wait {pending = 0} gives the final
 *   accumulator. The copies of iteration i then overwrite stage (i+D) % B while dot(i-1),
 *   which read stage (i-1) % B, may still run in another warpgroup. So B = S + 1 when that
 *   fits in 7/8 of the target's shared memory (the overwritten stage is then two dots old:
 *   every warpgroup waited for it before the top barrier); otherwise B = S and the produce
 *   slot stays unmarked, so membar puts a second barrier after the wgmma wait.
 * Rings: a warp_group_dot whose operand is not a stage but a tgpu.local_alloc of a value
 *   the body computes (a dequantized B), or a 16-bit A the body computes in registers (a
 *   dequantized A, which would make the dot wait at once), can stay in flight as above when
 *   that operand goes to a ring of two buffers made before the loop, written in turn by
 *   tgpu.local_store (a carried index flipped each iteration; an A in wgmma's A layout, the
 *   dot then reading it from shared memory): the next iteration stores into the buffer the
 *   dot before last read, which the last wait completed; membar sees the whole ring (no
 *   pipeline_slot) and puts its barrier before the store. Taken when the rings fit in 7/8 of
 *   shared memory and the CTA has its SM alone (choose_buffers); else the dot is waited for
 *   at once, as before.
 * A register-A dot in flight (attention's p @ v): when no dot stays in flight as above, a
 *   warp_group_dot with A in registers, made before the loop or from another dot of the
 *   body (so not written again before that dot's wait), and B a pipelined stage, whose
 *   result goes only to the yield while its carried value has other users in the body (the
 *   rescale acc * alpha), becomes asynchronous with no wait after it; its carried value is
 *   waited for (pending 0) before its first use in the next iteration: right after the last
 *   shared-A warp_group_dot before that use (q @ k^T, made asynchronous too: one wait on
 *   both accumulators completes both groups, which complete in order), else just before the
 *   use; after the loop a wait (pending 0) gives the final value. B is chosen as above,
 *   counting the function's other shared buffers (q) for the occupancy; the copies of
 *   iteration i then overwrite a stage whose p @ v every warpgroup waited for before the
 *   top barrier (B = S + 1), or membar's second barrier comes after those waits (B = S).
 * TMA (sm_90): a tt.descriptor_load (host tensor descriptor) whose single use reaches a
 *   local_alloc read by warp_group_dots through layout conversions and a 2-D tt.trans, in a
 *   layout TMA writes (tgpu_tma_wgmma_alloc), is pipelined the same way with TMA copies:
 *   one mbarrier per buffer (initialized before the prologue, invalidated after the loop);
 *   each issue is tgpu.mbarrier_expect (the stage's bytes) and one tgpu.tma_load per load,
 *   by thread 0, predicated on the iteration existing; the consumer waits with
 *   tgpu.mbarrier_wait on the read stage's barrier and a carried phase parity that flips
 *   when the read stage wraps round. No async_commit/async_wait unless cp.async loads are
 *   pipelined in the same loop. Each descriptor's box is recorded on the kernel.
 * Warp specialization (tl.range(..., warp_specialize=True); ws_wanted says when): the
 *   kernel is split at the loop into a producer warpgroup (4 more warps: tgpu.ws_warps) that
 *   issues every copy, waiting (its first thread) on per-stage "empty" mbarriers, and the
 *   consumer warps, which run the loop without copies or barriers and release each stage
 *   (mbarrier_arrive, one per warp) after the wgmma wait that completes its last reader;
 *   the rest of the kernel moves into the consumers' branch (docs/pipelining.md, "Warp
 *   specialization"). A loop that does not say, alone in a persistent tile loop that says
 *   True at the top of the kernel, splits the kernel at the tile loop instead: the stages
 *   and mbarriers are made once, the producer runs its own tile loop (recomputing each
 *   tile's offsets: the outer cone) and the ring's state goes from tile to tile in both
 *   ("Across a persistent tile loop").
 * Flattened tile loop (tl.range(..., flatten=True) on a persistent tile loop, not warp-
 *   specialized; flat_wanted says when): one ring of stages goes through every tile, as in
 *   Triton's flattened loop. The stages and mbarriers are made once, before the tile loop,
 *   which issues the first tile's first D copies; the tile loop carries the read stage and
 *   its parity; the K loop is split after its first count - D iterations, which issue
 *   iteration i + D's copies, and the loop of its last D iterations issues the next tile's
 *   first copies (masked off when it does not exist); after it, the next tile's first
 *   copies that the loops did not issue (a tile of fewer than D iterations).
 *   docs/pipelining.md, "Flattened tile loops".
 * Loops that do not qualify are left as they are (the synchronous loads stay correct).
 * Invalidates: the loop (replaced by a new scf.for with two more carried values, three with
 *   TMA loads), and a tile loop split or flattened around it (two more: the read stage and
 *   its parity).
 */
#include <string.h>

#include "Dialect/Tile/tile.h"
#include "Dialect/TileGPU/linear_layout.h"
#include "Dialect/TileGPU/tgpu.h"
#include "Dialect/TileGPU/tgpu_rules.h"
#include "Dialect/TileGPU/tgpu_scratch.h"
#include "Dialect/TileGPU/tgpu_types.h"
#include "Transforms/passes.h"

#define PL_MAX_LOADS 8
#define PL_WS_WARPS 4 /* the producer warpgroup of a warp-specialized loop */
#define PL_MAX_OPERANDS 64 /* of a loop with_carried rebuilds (its operand arrays) */
#define PL_MAX_RINGS 2     /* computed wgmma operands given two buffers (pl_ring) */

typedef struct pl_load {
  ir_op *load;     /* tt.load (or tt.descriptor_load: TMA) in the body */
  ir_op *consumer; /* its only user: convert_layout (mma.sync) or local_alloc (wgmma) */
  ir_op *chain[TGPU_TMA_MAX_CHAIN]; /* TMA: the conversions and transposes up to the local_alloc */
  unsigned nchain;
  ir_value *args[1 + TGPU_MAX_RANK]; /* TMA: the load's operands (descriptor, offsets) */
  unsigned nargs;
  bool tma;        /* a host-descriptor load, copied by TMA (ptrs and mask NULL) */
  bool reg;        /* read back into the load's own layout (tgpu.local_load): the body computes
                      on it before a dot reads it (a dequantized operand) */
  ir_value *ptrs, *mask; /* its operands (mask NULL when unmasked) */
  unsigned vec;          /* its tgpu.vec */
  tgpu_memdesc md; /* one stage (num_buffers 1, mutable) */
  ir_value *buf;   /* the S-stage buffer */
} pl_load;

/* A computed wgmma operand given a ring of two shared buffers (wgmma_pending): a B the body
 * stores with a local_alloc (`alloc`), or a 16-bit A the body computes in registers (`dot`'s
 * operand 0, which goes through shared memory instead). */
typedef struct pl_ring {
  ir_op *alloc, *dot;
  tgpu_memdesc md;   /* one buffer (mutable) */
  ir_value *buf;     /* the two buffers (made by the prologue) */
} pl_ring;

typedef struct pl_loop {
  ir_module *m;
  ir_op *loop;
  ir_block *body;
  unsigned stages, buffers, dist, wg_pending;
  bool wait_barrier; /* the produce copies need a barrier after the wgmma wait (see the top) */
  ir_op *carried_dot; /* a register-A dot left in flight across the back edge (attention's p @ v) */
  unsigned carried_pos; /* its result's position in the yield */
  int64_t step;
  pl_load loads[PL_MAX_LOADS];
  unsigned nloads;
  unsigned ncp, ntma;   /* loads copied by cp.async, by TMA */
  int64_t tma_bytes;    /* the TMA copies' bytes per stage (each stage's mbarrier expects them) */
  ir_value *bars;       /* TMA: one mbarrier per stage (memdesc of i64 [1], B buffers) */
  bool ws;              /* warp-specialized: a producer warpgroup issues the TMA copies */
  ir_op *outer;         /* ws across a persistent tile loop, or flat: the loop around this one (see ws_wanted) */
  bool flat;            /* flattened (flat_wanted): one ring through every tile, no split */
  sup_ptrmap outer_cone; /* its body's ops that the copies' operands and this loop's bounds need */
  ir_value *empties;    /* ws: one mbarrier per stage that every consumer warp arrives on when done */
  tgpu_memdesc bar_md;  /* one of them */
  sup_ptrmap cone;    /* ops computing the loads' operands */
  sup_ptrmap rec;     /* ops computing the next values of the carried args the cone reads */
  sup_ptrmap carried; /* block args (the cone's loop-carried inputs) */
  pl_ring rings[PL_MAX_RINGS]; /* computed operands of wgmma left in flight (wgmma_pending) */
  unsigned nrings;
} pl_loop;

static bool in_set(const sup_ptrmap *s, const void *p) { return sup_ptrmap_has(s, (uint64_t)(uintptr_t)p); }
static void set_add(sup_ptrmap *s, const void *p) { sup_ptrmap_put(s, (uint64_t)(uintptr_t)p, (void *)p); }

/* ---- which loads ---------------------------------------------------------------------- */

/* The contiguous dim of a blocked tensor type, or -1. */
static int contiguous_dim(const ir_type *t) {
  tgpu_blocked bl;
  if (!ir_type_is_tensor(t) || !tgpu_blocked_get(t->encoding, &bl)) return -1;
  return (int)bl.order[0];
}

/* Fills l->md for a load whose user is a conversion into an ldmatrix-read dot operand. */
static bool mma_stage(ir_op *load, ir_op *cvt, tgpu_memdesc *md) {
  const ir_type *t = ir_op_result(load, 0)->type, *dt = ir_op_result(cvt, 0)->type;
  unsigned eb = ir_type_byte_size(ir_type_scalar(t)), pair_dim;
  if (t->rank != 2 || contiguous_dim(t) != 1 || !tgpu_ldmatrix_operand(dt->encoding, 2, eb, &pair_dim)) return false;
  tgpu_dot_op d;
  tgpu_mma mma;
  if (!tgpu_dot_op_get(dt->encoding, &d) || !tgpu_mma_get(d.parent, &mma) || mma.version != 2) return false;
  memset(md, 0, sizeof *md);
  md->rank = 2;
  md->shape[0] = t->shape[0];
  md->shape[1] = t->shape[1];
  md->elem = ir_type_scalar(t);
  md->is_mutable = true;
  md->num_buffers = 1;
  return tgpu_ldmatrix_shared_layout(2, t->shape, eb, &md->layout);
}

static bool wgmma_users_only(ir_op *alloc) {
  for (ir_use *u = ir_op_result(alloc, 0)->first_use; u; u = u->next_use)
    if (ir_op_code(u->user) != IR_OP_WARP_GROUP_DOT) return false;
  return true;
}

/* Fills md for a load whose user is a local_alloc read by warp_group_dot. */
static bool wgmma_stage(ir_op *load, ir_op *alloc, tgpu_memdesc *md) {
  if (!tgpu_memdesc_get(ir_op_result(alloc, 0)->type, md) || !wgmma_users_only(alloc)) return false;
  if (contiguous_dim(ir_op_result(load, 0)->type) != (int)md->layout.order[0]) return false;
  md->is_mutable = true;
  md->num_buffers = 1;
  return true;
}

/* A host-descriptor load (sm_90) whose only use reaches a local_alloc read by wgmma,
 * through layout conversions and a 2-D tt.trans (B given N x K, `b.T`), in a layout TMA
 * writes with the descriptor's innermost dim contiguous: TMA copies fill the stages. */
static bool tma_candidate(ir_op *op, pl_load *out) {
  memset(out, 0, sizeof *out);
  out->load = op;
  out->tma = true;
  out->consumer = tgpu_tma_wgmma_alloc(op, out->chain, &out->nchain, &out->md);
  if (!out->consumer || op->noperands > 1 + TGPU_MAX_RANK) return false;
  out->nargs = op->noperands;
  for (unsigned k = 0; k < op->noperands; k++) out->args[k] = ir_op_operand(op, k);
  return true;
}

/* Whether v reaches, through the ops that use it in the loop's body (a bounded search, each
 * value visited once: `seen`), an operand of a dot whose element type is not `elem`: values
 * the body converts before the tensor cores read them (a dequantized operand: tl.dot_scaled's,
 * int8 weights; a gather's row indices). Loads of the dot's own type that reach it another
 * way (a transposed B on mma.sync, fp32 for tf32) keep their synchronous loads, which
 * measured no worse. */
static bool feeds_dot_converted(const ir_block *body, ir_value *v, const ir_type *elem, unsigned depth,
                                sup_ptrmap *seen) {
  if (depth > 32 || sup_ptrmap_has(seen, (uint64_t)(uintptr_t)v)) return false;
  sup_ptrmap_put(seen, (uint64_t)(uintptr_t)v, v);
  for (ir_use *u = v->first_use; u; u = u->next_use) {
    ir_op *x = u->user;
    if (x->parent != body) continue;
    if ((ir_op_code(x) == IR_OP_DOT || ir_op_code(x) == IR_OP_WARP_GROUP_DOT) && u->index < 2) {
      const ir_type *t = v->type;
      tgpu_memdesc md;
      const ir_type *e = ir_type_is_tensor(t) ? ir_type_scalar(t) : tgpu_memdesc_get(t, &md) ? md.elem : NULL;
      if (e && e != elem) return true;
      continue;
    }
    for (unsigned r = 0; r < x->nresults; r++) /* tensors, and the local_alloc a wgmma reads */
      if (feeds_dot_converted(body, ir_op_result(x, r), elem, depth + 1, seen)) return true;
  }
  return false;
}

/* Fills md for a load read back into registers: the tile in its blocked layout's dim
 * order, the copies' vectors whole, and those vectors XOR-swizzled by row across each
 * 128-byte line (Triton's vec / perPhase / maxPhase): a thread reading back the vectors it
 * copied reads them as they were written, and a read in another layout (wgmma's register
 * A, an mma.sync operand: a few bytes from each of eight rows, which unswizzled rows of 128
 * bytes would put in one bank) spreads over the banks. */
static bool reg_stage(ir_op *load, unsigned vec, tgpu_memdesc *md) {
  const ir_type *t = ir_op_result(load, 0)->type;
  tgpu_blocked bl;
  if (!ir_type_is_tensor(t) || !tgpu_blocked_get(t->encoding, &bl)) return false;
  sup_ptrmap seen = {0};
  bool converted = feeds_dot_converted(load->parent, ir_op_result(load, 0), ir_type_scalar(t), 0, &seen);
  sup_ptrmap_free(&seen);
  if (!converted) return false;
  memset(md, 0, sizeof *md);
  md->rank = t->rank;
  md->layout.rank = t->rank;
  for (unsigned d = 0; d < t->rank; d++) md->shape[d] = t->shape[d], md->layout.order[d] = bl.order[d];
  md->layout.vec = vec;
  md->layout.per_phase = md->layout.max_phase = 1;
  int64_t vb = (int64_t)vec * ir_type_byte_size(ir_type_scalar(t)), row = t->shape[bl.order[0]] * vb / vec;
  if (t->rank >= 2 && row >= 2 * vb && (row & (row - 1)) == 0) {
    int64_t phases = (row < 128 ? row : 128) / vb; /* vectors in a line's share of one row */
    md->layout.per_phase = row < 128 ? (unsigned)(128 / row) : 1;
    md->layout.max_phase = (unsigned)phases;
  }
  md->elem = ir_type_scalar(t);
  md->is_mutable = true;
  md->num_buffers = 1;
  return true;
}

static bool candidate(ir_op *op, pl_load *out) {
  if (ir_op_code(op) == IR_OP_DESCRIPTOR_LOAD) return tma_candidate(op, out);
  if (ir_op_code(op) != IR_OP_LOAD || op->nresults != 1 || op->noperands < 1) return false;
  ir_value *r = ir_op_result(op, 0);
  if (!ir_value_has_uses(r) || (op->noperands == 3 && !tile_value_is_zero(ir_op_operand(op, 2), false))) return false;
  if (ir_op_get_int_attr(op, "volatile", 0)) return false; /* a volatile load stays where it is */
  unsigned vec = (unsigned)ir_op_get_int_attr(op, TGPU_ATTR_VEC, 1), bytes = vec * ir_type_byte_size(ir_type_scalar(r->type));
  if (bytes != 4 && bytes != 8 && bytes != 16) return false;
  ir_op *user = r->first_use->user;
  memset(out, 0, sizeof *out);
  out->load = op;
  out->consumer = user;
  out->ptrs = ir_op_operand(op, 0);
  out->mask = op->noperands >= 2 ? ir_op_operand(op, 1) : NULL;
  out->vec = vec;
  bool one_use = ir_value_num_uses(r) == 1;
  if (one_use && ir_op_code(user) == IR_OP_CONVERT_LAYOUT && mma_stage(op, user, &out->md)) return true;
  if (one_use && ir_op_code(user) == IR_OP_LOCAL_ALLOC && wgmma_stage(op, user, &out->md)) return true;
  out->consumer = NULL;
  out->reg = true;
  return reg_stage(op, vec, &out->md);
}

/* ---- the cone: what computes the loads' operands ----------------------------------------- */

/* Adds the body ops v is computed by to `set` (pure, no regions); block args other than
 * the induction variable become carried inputs. False when something else is met. */
static bool collect(pl_loop *p, sup_ptrmap *set, ir_value *v) {
  if (!v->def) {
    if (v->block != p->body) return true;
    if (v->index > 0) set_add(&p->carried, v);
    return true;
  }
  ir_op *d = v->def;
  if (d->parent != p->body) return true; /* defined outside the loop */
  if (in_set(set, d)) return true;
  if (ir_op_effects(d) != 0 || d->nregions) return false;
  set_add(set, d);
  for (unsigned i = 0; i < d->noperands; i++)
    if (!collect(p, set, ir_op_operand(d, i))) return false;
  return true;
}

/* Whether a load's operands are computed by pure ops alone (a gather's pointers come from
 * another load: that load stays synchronous, the others may still pipeline). */
static bool cone_is_pure(pl_loop *p, ir_op *load) {
  sup_ptrmap set = {0}, carried = p->carried;
  p->carried = (sup_ptrmap){0};
  bool ok = true;
  for (unsigned k = 0; ok && k < load->noperands; k++) ok = collect(p, &set, ir_op_operand(load, k));
  sup_ptrmap_free(&set);
  sup_ptrmap_free(&p->carried);
  p->carried = carried;
  return ok;
}

/* The cone of the loads, the recurrences of the carried values it reads (to a fixpoint). */
static bool collect_cone(pl_loop *p) {
  for (unsigned i = 0; i < p->nloads; i++)
    for (unsigned k = 0; k < p->loads[i].load->noperands; k++)
      if (!collect(p, &p->cone, ir_op_operand(p->loads[i].load, k))) return false;
  ir_op *yield = ir_block_terminator(p->body);
  for (bool grew = true; grew;) {
    grew = false;
    for (unsigned a = 1; a < p->body->nargs; a++) {
      ir_value *arg = p->body->args[a];
      if (!in_set(&p->carried, arg) || in_set(&p->rec, arg)) continue;
      set_add(&p->rec, arg); /* marks the arg's recurrence as collected */
      if (!collect(p, &p->rec, ir_op_operand(yield, a - 1))) return false;
      grew = true;
    }
  }
  return true;
}

static bool is_pipelined_load(const pl_loop *p, const ir_op *op) {
  for (unsigned i = 0; i < p->nloads; i++)
    if (p->loads[i].load == op) return true;
  return false;
}

/* Whether a value is used only by the cone, the recurrences, the loads, or the yield at
 * a carried arg's position. */
static bool serves_loads_only(const pl_loop *p, ir_value *v, ir_op *yield) {
  for (ir_use *u = v->first_use; u; u = u->next_use) {
    ir_op *x = u->user;
    if (in_set(&p->cone, x) || in_set(&p->rec, x) || is_pipelined_load(p, x)) continue;
    if (x == yield && in_set(&p->carried, p->body->args[u->index + 1])) continue;
    return false;
  }
  return true;
}

/* Whether op reads a carried arg, directly or through the body ops before it (`dep` holds
 * the ops found so far, in body order). */
static bool reads_carried(const pl_loop *p, const sup_ptrmap *dep, const ir_op *op) {
  for (unsigned i = 0; i < op->noperands; i++) {
    ir_value *v = ir_op_operand(op, i);
    if (v->def ? in_set(dep, v->def) : in_set(&p->carried, v)) return true;
  }
  return false;
}

/* The carried args and everything computed from them serve the loads only (they move D
 * iterations ahead), and the loop's results for those args are unused. Ops of the cone
 * that do not read carried args may have other users: they stay for those, and the
 * pipelined copies use clones. */
static bool movable(pl_loop *p) {
  ir_op *yield = ir_block_terminator(p->body);
  sup_ptrmap dep = {0};
  bool ok = true;
  for (ir_op *op = p->body->first; op && ok; op = op->next) {
    if (op == yield || is_pipelined_load(p, op) || !reads_carried(p, &dep, op)) continue;
    set_add(&dep, op);
    for (unsigned r = 0; r < op->nresults && ok; r++) ok = serves_loads_only(p, ir_op_result(op, r), yield);
  }
  sup_ptrmap_free(&dep);
  for (unsigned a = 1; ok && a < p->body->nargs; a++) {
    ir_value *arg = p->body->args[a];
    if (in_set(&p->carried, arg))
      ok = serves_loads_only(p, arg, yield) && !ir_value_has_uses(ir_op_result(p->loop, a - 1));
  }
  return ok;
}

/* ---- asynchronous wgmma --------------------------------------------------------------- */

/* Whether a warp_group_dot in the body can stay in flight across the back edge: its result
 * goes only to the yield, and that carried value is used in the body only as the
 * accumulator of this dot. */
static bool async_dot(const pl_loop *p, ir_op *dot) {
  ir_value *d = ir_op_result(dot, 0);
  ir_op *yield = ir_block_terminator(p->body);
  if (ir_value_num_uses(d) != 1 || d->first_use->user != yield) return false;
  ir_value *arg = p->body->args[d->first_use->index + 1];
  if (ir_op_operand(dot, 2) != arg) return false;
  for (ir_use *u = arg->first_use; u; u = u->next_use)
    if (u->user != dot || u->index != 2) return false;
  return true;
}

/* Whether v is the buffer a pipelined load's local_alloc gives (a stage after the rewrite). */
static bool from_stage(const pl_loop *p, const ir_value *v) {
  for (unsigned i = 0; i < p->nloads; i++)
    if (!p->loads[i].reg && ir_op_code(p->loads[i].consumer) == IR_OP_LOCAL_ALLOC &&
        v == ir_op_result(p->loads[i].consumer, 0))
      return true;
  return false;
}

/* Whether v is a wgmma operand that the body computes and stores to shared memory each
 * iteration (a dequantized B: tgpu.local_alloc of a value the body computes, not a pipelined
 * load's tile), read only by warp_group_dots of the body. Given two buffers (a ring, written
 * in turn), its dot can stay in flight: the next iteration writes the other buffer. */
static bool ring_candidate(const pl_loop *p, const ir_value *v) {
  ir_op *a = v->def;
  if (!a || a->parent != p->body || ir_op_code(a) != IR_OP_LOCAL_ALLOC || a->noperands != 1) return false;
  ir_op *x = ir_value_def(ir_op_operand(a, 0));
  if (!x || x->parent != p->body || is_pipelined_load(p, x)) return false;
  for (ir_use *u = v->first_use; u; u = u->next_use)
    if (ir_op_code(u->user) != IR_OP_WARP_GROUP_DOT || u->user->parent != p->body || u->index > 1) return false;
  return true;
}

/* Adds a ring (a B's local_alloc `alloc`, or the register A of `dot`); false when
 * PL_MAX_RINGS others are there or no shared layout fits. */
static bool add_ring(pl_loop *p, ir_op *alloc, ir_op *dot) {
  for (unsigned k = 0; k < p->nrings; k++)
    if (alloc ? p->rings[k].alloc == alloc : p->rings[k].dot == dot) return true;
  if (p->nrings == PL_MAX_RINGS) return false;
  pl_ring *r = &p->rings[p->nrings];
  *r = (pl_ring){.alloc = alloc, .dot = dot};
  if (alloc) {
    tgpu_memdesc_get(ir_op_result(alloc, 0)->type, &r->md);
  } else { /* A K-major in wgmma's swizzle, as accelerate-matmul stages a loaded A */
    const ir_type *a = ir_op_operand(dot, 0)->type;
    r->md = (tgpu_memdesc){.rank = 2, .elem = ir_type_scalar(a), .num_buffers = 1, .shape = {a->shape[0], a->shape[1]}};
    if (!tgpu_wgmma_smem_layout(ir_type_byte_size(r->md.elem), 0, a->shape, 1, &r->md.layout)) return false;
  }
  r->md.is_mutable = true;
  p->nrings++;
  return true;
}

static bool a_rewritten_early(const pl_loop *p, ir_op *op);

/* Whether the body reads this operand of a warp_group_dot from a pipelined stage or a ring
 * candidate (the dots wgmma_pending looks at). */
static bool pipelined_operand(const pl_loop *p, ir_value *x) { return from_stage(p, x) || ring_candidate(p, x); }

/* 1 when every warp_group_dot that reads a pipelined stage or a computed B can stay in
 * flight (each operand is a stage, which no one writes while it runs, or, with `rings`, a
 * computed operand that goes to a ring: a B ring_candidate allows, or an A in registers
 * that the next iteration writes before a wait could come (a_rewritten_early); its
 * accumulator only goes round the loop), else 0. With `rings`, those operands are
 * p->rings after it (0 when more than PL_MAX_RINGS). */
static unsigned wgmma_pending(pl_loop *p, bool rings) {
  bool any = false;
  p->nrings = 0;
  for (ir_op *op = p->body->first; op; op = op->next) {
    if (ir_op_code(op) != IR_OP_WARP_GROUP_DOT) continue;
    bool a_reg = tgpu_wgmma_a_in_regs(op);
    if (!(!a_reg && pipelined_operand(p, ir_op_operand(op, 0))) && !pipelined_operand(p, ir_op_operand(op, 1)))
      continue;
    if (!async_dot(p, op)) return p->nrings = 0;
    for (unsigned k = 0; k < 2; k++) {
      ir_value *x = ir_op_operand(op, k);
      if (k == 0 && a_reg) {
        if (!rings || !a_rewritten_early(p, op) || !add_ring(p, NULL, op)) return p->nrings = 0;
      } else if (!from_stage(p, x) && (!rings || !ring_candidate(p, x) || !add_ring(p, x->def, NULL))) {
        return p->nrings = 0;
      }
    }
    any = true;
  }
  return any ? 1 : 0;
}

/* The bytes of the rings: two tiles each. */
static int64_t ring_bytes(const pl_loop *p) {
  int64_t bytes = 0;
  for (unsigned k = 0; k < p->nrings; k++) bytes += 2 * tgpu_memdesc_tile_bytes(&p->rings[k].md);
  return bytes;
}

/* What the rings add to the function's shared memory: a B ring one tile more than the
 * local_alloc it replaces, an A ring (registers before) two tiles. */
static int64_t ring_growth(const pl_loop *p) {
  int64_t bytes = 0;
  for (unsigned k = 0; k < p->nrings; k++)
    bytes += (p->rings[k].alloc ? 1 : 2) * tgpu_memdesc_tile_bytes(&p->rings[k].md);
  return bytes;
}

/* Whether v is computed in the body from the result of another warp_group_dot (a bounded
 * search through its operands, each op visited once: `seen`). */
static bool from_body_dot(const pl_loop *p, ir_value *v, const ir_op *self, unsigned depth, sup_ptrmap *seen) {
  ir_op *d = ir_value_def(v);
  if (!d || d->parent != p->body || depth > 32 || sup_ptrmap_has(seen, (uint64_t)(uintptr_t)d)) return false;
  if (d != self && ir_op_code(d) == IR_OP_WARP_GROUP_DOT) return true;
  sup_ptrmap_put(seen, (uint64_t)(uintptr_t)d, d);
  for (unsigned i = 0; i < d->noperands; i++)
    if (from_body_dot(p, ir_op_operand(d, i), self, depth + 1, seen)) return true;
  return false;
}

/* Whether the next iteration can write the A registers of register-A dot `op` before a wait
 * on `op` could come: A computed in the body without another dot's result on the way. */
static bool a_rewritten_early(const pl_loop *p, ir_op *op) {
  ir_value *a = ir_op_operand(op, 0);
  ir_op *d = ir_value_def(a);
  if (!d || d->parent != p->body) return false;
  sup_ptrmap seen = {0};
  bool after_dot = from_body_dot(p, a, op, 0, &seen);
  sup_ptrmap_free(&seen);
  return !after_dot;
}

/* A warp_group_dot with A in registers and B a pipelined stage whose result goes only to
 * the yield, while the carried value is used by other ops of the body (attention's p @ v,
 * whose accumulator the next iteration rescales): it can stay in flight until its carried
 * value's first use in the next iteration. Its A must be made before the loop or come from
 * another dot of the body (p from q @ k^T's result, which the wait gives): the next
 * iteration's A then cannot be written before that wait, while a wgmma in flight still reads
 * its A registers (the PTX ISA makes writing them undefined); an A computed from loads alone
 * (a dequantized operand) could be, so such a dot is waited for at once. NULL when there is
 * none (or the loop's wgmma already stay in flight as above). */
static ir_op *find_carried_dot(const pl_loop *p, unsigned *pos) {
  ir_op *yield = ir_block_terminator(p->body);
  for (ir_op *op = p->body->first; op; op = op->next) {
    if (ir_op_code(op) != IR_OP_WARP_GROUP_DOT || !tgpu_wgmma_a_in_regs(op) || !from_stage(p, ir_op_operand(op, 1)))
      continue;
    if (a_rewritten_early(p, op)) continue;
    ir_value *d = ir_op_result(op, 0);
    if (ir_value_num_uses(d) != 1 || d->first_use->user != yield) continue;
    ir_value *arg = p->body->args[d->first_use->index + 1];
    bool ok = ir_value_has_uses(arg);
    for (ir_use *u = arg->first_use; ok && u; u = u->next_use) ok = u->user->parent == p->body && u->user != yield;
    if (!ok) continue;
    *pos = d->first_use->index;
    return op;
  }
  return NULL;
}

/* ---- building -------------------------------------------------------------------------- */

static ir_value *i32c(ir_builder *b, int64_t v) { return ir_build_int(b, ir_int_type(b->m->ctx, 32), v); }

static ir_value *binop(ir_builder *b, const char *name, ir_value *x, ir_value *y) {
  ir_value *ops[2] = {x, y};
  return ir_build1(b, name, 2, ops, x->type);
}

static ir_value *cmp(ir_builder *b, const char *pred, ir_value *x, ir_value *y) {
  ir_value *ops[2] = {x, y};
  ir_op *op = ir_build(b, "arith.cmpi", 2, ops, 1, (const ir_type *[]){ir_type_with_scalar(b->m->ctx, x->type, ir_int_type(b->m->ctx, 1))});
  ir_op_set_attr(op, "predicate", ir_string_attr(b->m->ctx, pred));
  return ir_op_result(op, 0);
}

/* (x + 1) mod n for 0 <= x < n. */
static ir_value *next_index(ir_builder *b, ir_value *x, unsigned n) {
  ir_value *y = binop(b, "arith.addi", x, i32c(b, 1));
  ir_value *ops[3] = {cmp(b, "slt", y, i32c(b, n)), y, i32c(b, 0)};
  return ir_build1(b, "arith.select", 3, ops, x->type);
}

/* x ^ 1 when idx (the next stage index) is 0, else x: a stage's parity after a wrap. */
static ir_value *flip_on_wrap(ir_builder *b, ir_value *x, ir_value *idx) {
  ir_value *ops[3] = {cmp(b, "eq", idx, i32c(b, 0)), binop(b, "arith.xori", x, i32c(b, 1)), x};
  return ir_build1(b, "arith.select", 3, ops, x->type);
}

static ir_value *index_of(ir_builder *b, ir_value *buf, const tgpu_memdesc *one, ir_value *idx, const char *slot) {
  ir_value *ops[2] = {buf, idx};
  ir_op *op = ir_build(b, "tgpu.memdesc_index", 2, ops, 1, (const ir_type *[]){tgpu_memdesc_type(b->m->ctx, one)});
  if (slot) ir_op_set_attr(op, TGPU_ATTR_PIPELINE_SLOT, ir_string_attr(b->m->ctx, slot));
  return ir_op_result(op, 0);
}

static ir_value *stage_of(ir_builder *b, const pl_load *l, ir_value *idx, const char *slot) {
  return index_of(b, l->buf, &l->md, idx, slot);
}

static ir_value *bar_of(ir_builder *b, const pl_loop *p, ir_value *idx, const char *slot) {
  return index_of(b, p->bars, &p->bar_md, idx, slot);
}

static ir_value *empty_of(ir_builder *b, const pl_loop *p, ir_value *idx) {
  return index_of(b, p->empties, &p->bar_md, idx, NULL);
}

static void mark_producer(ir_op *op) {
  ir_op_set_attr(op, TGPU_ATTR_PRODUCER, ir_bool_attr(ir_op_context(op), true));
}

/* Clones the ops of `from` that are in `set` (in block order) at b, through vm. */
static void clone_ops(pl_loop *p, const ir_block *from, ir_builder *b, const sup_ptrmap *set, ir_valmap *vm) {
  for (ir_op *op = from->first; op; op = op->next)
    if (in_set(set, op)) ir_builder_insert(b, ir_op_clone(p->m, op, vm));
}

/* The same for the loop's body. */
static void clone_set(pl_loop *p, ir_builder *b, const sup_ptrmap *set, ir_valmap *vm) {
  clone_ops(p, p->body, b, set, vm);
}

/* Issues the copies of the iteration whose induction variable is iv (the cone cloned at b
 * with vm, which maps the carried args), into stage `idx`, masked off unless `live`; then
 * commits them as one group. */
static void issue(pl_loop *p, ir_builder *b, ir_valmap *vm, ir_value *iv, ir_value *live, ir_value *idx, const char *slot) {
  ir_valmap_put(vm, p->body->args[0], iv);
  clone_set(p, b, &p->cone, vm);
  ir_context *ctx = p->m->ctx;
  ir_value *bar = NULL;
  if (p->ntma) {
    bar = bar_of(b, p, idx, slot);
    ir_value *ops[2] = {bar, live};
    ir_op *e = ir_build(b, "tgpu.mbarrier_expect", 2, ops, 0, NULL);
    ir_op_set_attr(e, "bytes", ir_i32_attr(ctx, p->tma_bytes));
    if (p->ws) mark_producer(e);
  }
  for (unsigned i = 0; i < p->nloads; i++) {
    const pl_load *l = &p->loads[i];
    if (l->tma) {
      ir_value *ops[8];
      unsigned n = 0;
      for (unsigned k = 0; k < l->nargs; k++) ops[n++] = ir_valmap_lookup_or_self(vm, l->args[k]);
      ops[n++] = stage_of(b, l, idx, slot);
      ops[n++] = bar;
      ops[n++] = live;
      ir_op *cp = ir_build(b, "tgpu.tma_load", n, ops, 0, NULL);
      if (p->ws) { /* ordered by the empty and full mbarriers, not by barriers */
        mark_producer(cp);
        ir_op_set_attr(cp, TGPU_ATTR_GUARDED, ir_bool_attr(ctx, true));
      }
      continue;
    }
    ir_value *ptrs = ir_valmap_lookup_or_self(vm, l->ptrs);
    const ir_type *mt = ir_type_with_scalar(ctx, ptrs->type, ir_int_type(ctx, 1));
    ir_value *mask = ir_build1(b, "tt.splat", 1, &live, mt);
    if (l->mask) mask = binop(b, "arith.andi", ir_valmap_lookup_or_self(vm, l->mask), mask);
    ir_value *ops[3] = {ptrs, stage_of(b, l, idx, slot), mask};
    ir_op *cp = ir_build(b, "tgpu.async_copy", 3, ops, 1, (const ir_type *[]){tgpu_async_token_type(ctx)});
    ir_op_set_attr(cp, TGPU_ATTR_VEC, ir_i32_attr(ctx, l->vec));
  }
  if (p->ncp) ir_build(b, "tgpu.async_commit", 0, NULL, 0, NULL);
}

#define PL_MAX_WAIT 2 /* accumulators of one tgpu.warp_group_dot_wait built here */

/* A wait op `name` {pending}: tgpu.async_wait (no operand), or tgpu.warp_group_dot_wait on
 * the n <= PL_MAX_WAIT accumulators `accs` (result i has accs[i]'s type). */
static ir_op *build_wait_n(ir_builder *b, const char *name, ir_value **accs, unsigned n, int64_t pending) {
  const ir_type *tys[PL_MAX_WAIT];
  if (n > PL_MAX_WAIT) n = PL_MAX_WAIT;
  for (unsigned i = 0; i < n; i++) tys[i] = accs[i]->type;
  ir_op *w = ir_build(b, name, n, n ? accs : NULL, n, n ? tys : NULL);
  ir_op_set_attr(w, "pending", ir_i32_attr(b->m->ctx, pending));
  return w;
}

static ir_op *build_wait(ir_builder *b, const char *name, ir_value *acc, int64_t pending) {
  return build_wait_n(b, name, acc ? &acc : NULL, acc ? 1 : 0, pending);
}

/* Every use of v except by `keep` reads `by` instead. */
static void replace_uses_except(ir_value *v, ir_value *by, const ir_op *keep) {
  for (ir_use *u = v->first_use, *next; u; u = next) {
    next = u->next_use;
    if (u->user != keep) ir_op_set_operand(u->user, u->index, by);
  }
}

/* A copy of loop `old` with `extra` more carried values (inits given); the body moves over.
 * The old loop is erased after its results are replaced. */
static ir_op *with_carried(ir_module *m, ir_op *old, ir_value **inits, unsigned extra) {
  ir_block *body = ir_region_entry(ir_op_region(old, 0));
  unsigned nops = old->noperands + extra, nres = old->nresults + extra;
  ir_value *ops[PL_MAX_OPERANDS];
  const ir_type *tys[PL_MAX_OPERANDS];
  if (nops > PL_MAX_OPERANDS) return NULL;
  for (unsigned i = 0; i < old->noperands; i++) ops[i] = ir_op_operand(old, i);
  for (unsigned i = 0; i < old->nresults; i++) tys[i] = ir_op_result(old, i)->type;
  for (unsigned i = 0; i < extra; i++) ops[old->noperands + i] = inits[i], tys[old->nresults + i] = inits[i]->type;
  ir_op *nl = ir_op_create(m, old->def, old->loc, nops, ops, nres, tys, old->nattrs, old->attrs);
  ir_block *nb = ir_block_create(m);
  ir_region_append_block(ir_op_region(nl, 0), nb);
  for (unsigned a = 0; a < body->nargs; a++) {
    ir_value *na = ir_block_add_arg(m, nb, body->args[a]->type);
    ir_value_replace_all_uses(body->args[a], na);
  }
  for (unsigned i = 0; i < extra; i++) ir_block_add_arg(m, nb, inits[i]->type);
  while (body->first) {
    ir_op *op = body->first;
    ir_op_remove(op);
    ir_block_append(nb, op);
  }
  ir_op_insert_before(nl, old);
  for (unsigned i = 0; i < old->nresults; i++) ir_value_replace_all_uses(ir_op_result(old, i), ir_op_result(nl, i));
  ir_op_erase(old);
  return nl;
}

/* The pipelined loop with `extra` more carried values. */
static ir_op *add_carried(pl_loop *p, ir_value **inits, unsigned extra) {
  ir_op *nl = with_carried(p->m, p->loop, inits, extra);
  if (!nl) return NULL;
  p->loop = nl;
  p->body = ir_region_entry(ir_op_region(nl, 0));
  return nl;
}

/* B mbarriers (one per buffer), each initialized for `count` arrivals per phase. */
static ir_value *alloc_barriers(ir_builder *b, const pl_loop *p, unsigned count) {
  tgpu_memdesc all = p->bar_md;
  all.num_buffers = p->buffers;
  ir_value *bars = ir_build1(b, "tgpu.local_alloc", 0, NULL, tgpu_memdesc_type(p->m->ctx, &all));
  for (unsigned j = 0; j < p->buffers; j++) {
    ir_value *bar = index_of(b, bars, &p->bar_md, i32c(b, j), NULL);
    ir_op_set_attr(ir_build(b, "tgpu.mbarrier_init", 1, &bar, 0, NULL), "count", ir_i32_attr(p->m->ctx, count));
  }
  return bars;
}

/* A flattened tile loop's view of another tile (flat_wanted): the tile loop's body ops
 * that the copies need (the outer cone) cloned for the tile `tile`, which exists when
 * `has`; lb and ub are the K loop's bounds there. */
typedef struct pl_tile {
  ir_valmap vm;
  ir_value *has, *lb, *ub;
} pl_tile;

static void tile_view(pl_loop *p, ir_builder *b, ir_value *tile, ir_value *has, pl_tile *t) {
  ir_block *ob = ir_region_entry(ir_op_region(p->outer, 0));
  t->has = has;
  ir_valmap_put(&t->vm, ob->args[0], tile);
  clone_ops(p, ob, b, &p->outer_cone, &t->vm);
  t->lb = ir_valmap_lookup_or_self(&t->vm, ir_op_operand(p->loop, 0));
  t->ub = ir_valmap_lookup_or_self(&t->vm, ir_op_operand(p->loop, 1));
}

/* Tile t's first D iterations' copies into stages base, base + 1, ... round the ring, each
 * masked off unless t exists, the iteration does, and (with nk, the number of iterations of
 * the tile before it) the previous tile's loop did not issue it: it issues the copies of
 * this tile's iterations D - nk and on itself (flat_peel). */
static void tile_first_copies(pl_loop *p, ir_builder *b, pl_tile *t, ir_value *base, ir_value *nk) {
  ir_value *idx = base;
  for (unsigned j = 0; j < p->dist; j++) {
    ir_value *iv = j ? binop(b, "arith.addi", t->lb, ir_build_int(b, t->lb->type, (int64_t)j * p->step)) : t->lb;
    if (j) idx = next_index(b, idx, p->buffers);
    ir_value *live = binop(b, "arith.andi", t->has, cmp(b, "slt", iv, t->ub));
    if (nk) live = binop(b, "arith.andi", live, cmp(b, "slt", nk, ir_build_int(b, nk->type, (int64_t)(p->dist - j))));
    issue(p, b, &t->vm, iv, live, idx, NULL);
  }
}

/* The K loop's iteration count in the current tile (0 when the bounds are empty), and the
 * induction variable's value one past its last iteration (lb + count * step). */
static ir_value *trip_count(pl_loop *p, ir_builder *b, ir_value **end) {
  ir_value *lb = ir_op_operand(p->loop, 0), *ub = ir_op_operand(p->loop, 1), *zero = ir_build_int(b, lb->type, 0);
  ir_value *step = ir_build_int(b, lb->type, p->step), *d = binop(b, "arith.subi", ub, lb);
  ir_value *rops[3] = {cmp(b, "ne", binop(b, "arith.remsi", d, step), zero), ir_build_int(b, lb->type, 1), zero};
  ir_value *q = binop(b, "arith.addi", binop(b, "arith.divsi", d, step), ir_build1(b, "arith.select", 3, rops, lb->type));
  ir_value *ops[3] = {cmp(b, "sgt", d, zero), q, zero}; /* (d / step rounded up, without d + step - 1) */
  ir_value *nk = ir_build1(b, "arith.select", 3, ops, lb->type);
  *end = binop(b, "arith.addi", lb, binop(b, "arith.muli", nk, step));
  return nk;
}

/* A flattened tile loop's K loop, built without its copies, is split in two: its first
 * count - D iterations (none when the tile has fewer) issue iteration i + D's copies, which
 * are this tile's; a copy of the loop runs the last D iterations, whose copies are the next
 * tile's iteration i + D - count (nx: its outer-cone values; masked off when that tile or
 * iteration does not exist), as Triton's flattened loop issues them. Neither loop selects
 * between the two tiles. The second loop takes the first's results and gives the loop's:
 * p->loop is it after this (p->body stays the first's, whose cone issue() clones). */
static void flat_peel(pl_loop *p, pl_tile *nx, ir_value *nk, ir_value *end, unsigned nargs, const char *slot) {
  ir_op *first = p->loop;
  ir_builder b;
  ir_builder_init(&b, p->m);
  ir_builder_set_before(&b, first);
  b.loc = first->loc;
  ir_value *lb = ir_op_operand(first, 0), *zero = ir_build_int(&b, nk->type, 0);
  ir_value *main = binop(&b, "arith.subi", nk, ir_build_int(&b, nk->type, p->dist));
  ir_value *mops[3] = {cmp(&b, "sgt", main, zero), main, zero};
  main = ir_build1(&b, "arith.select", 3, mops, nk->type);
  ir_value *split = binop(&b, "arith.addi", lb, binop(&b, "arith.muli", main, ir_build_int(&b, nk->type, p->step)));
  ir_valmap cm = {0};
  ir_op *tail = ir_op_clone(p->m, first, &cm);
  ir_valmap_free(&cm);
  ir_op_insert_after(tail, first);
  ir_op_set_operand(tail, 0, split);
  for (unsigned k = 0; k < first->nresults; k++) {
    replace_uses_except(ir_op_result(first, k), ir_op_result(tail, k), tail);
    ir_op_set_operand(tail, 3 + k, ir_op_result(first, k));
  }
  ir_op_set_operand(first, 1, split);
  ir_block *fb = p->body, *tb = ir_region_entry(ir_op_region(tail, 0));
  ir_value *ahead = ir_build_int(&b, lb->type, (int64_t)p->dist * p->step);
  ir_builder_set_before(&b, ir_block_terminator(fb));
  ir_valmap vm = {0}; /* this tile's iteration i + D, which exists */
  issue(p, &b, &vm, binop(&b, "arith.addi", fb->args[0], ahead), ir_build_int(&b, ir_int_type(p->m->ctx, 1), 1),
        fb->args[nargs + 1], slot);
  ir_valmap_free(&vm);
  ir_builder_set_before(&b, ir_block_terminator(tb)); /* the next tile's iteration i + D - count */
  ir_value *ivn = binop(&b, "arith.addi", nx->lb, binop(&b, "arith.subi", binop(&b, "arith.addi", tb->args[0], ahead), end));
  ir_value *live = binop(&b, "arith.andi", nx->has, cmp(&b, "slt", ivn, nx->ub));
  issue(p, &b, &nx->vm, ivn, live, tb->args[nargs + 1], slot);
  p->loop = tail;
}

/* The prologue before the loop: buffers, then iterations 0 .. D-1's copies; returns the
 * carried args' values D iterations ahead in `ahead` (indexed by block arg). */
static void prologue(pl_loop *p, ir_value **ahead) {
  ir_builder b;
  ir_builder_init(&b, p->m);
  ir_builder_set_before(&b, p->outer ? p->outer : p->loop); /* a persistent loop's stages outlive each tile */
  b.loc = p->loop->loc;
  for (unsigned i = 0; i < p->nloads; i++) {
    tgpu_memdesc all = p->loads[i].md;
    all.num_buffers = p->buffers;
    p->loads[i].buf = ir_build1(&b, "tgpu.local_alloc", 0, NULL, tgpu_memdesc_type(p->m->ctx, &all));
  }
  for (unsigned k = 0; k < p->nrings; k++) {
    tgpu_memdesc ring = p->rings[k].md;
    ring.num_buffers = 2;
    p->rings[k].buf = ir_build1(&b, "tgpu.local_alloc", 0, NULL, tgpu_memdesc_type(p->m->ctx, &ring));
  }
  if (p->ntma) p->bars = alloc_barriers(&b, p, 1); /* one arrival per phase: the issuer's expect */
  ir_value *lb = ir_op_operand(p->loop, 0), *ub = ir_op_operand(p->loop, 1);
  for (unsigned a = 1; a < p->body->nargs; a++) ahead[a] = ir_op_operand(p->loop, 3 + a - 1);
  if (p->ws) { /* every consumer warp arrives once per phase; one barrier publishes the inits */
    p->empties = alloc_barriers(&b, p, tgpu_func_num_warps(tgpu_enclosing_func(p->loop)));
    ir_build(&b, "tgpu.barrier", 0, NULL, 0, NULL);
    return; /* the producer issues every copy */
  }
  if (p->flat) { /* the first tile's copies; the loop's own operands stay (nothing carried) */
    ir_value *first = ir_op_operand(p->outer, 0);
    pl_tile t = {0};
    tile_view(p, &b, first, cmp(&b, "slt", first, ir_op_operand(p->outer, 1)), &t);
    tile_first_copies(p, &b, &t, i32c(&b, 0), NULL);
    ir_valmap_free(&t.vm);
    return;
  }
  ir_op *yield = ir_block_terminator(p->body);
  for (unsigned j = 0; j < p->dist; j++) {
    ir_valmap vm = {0};
    for (unsigned a = 1; a < p->body->nargs; a++) ir_valmap_put(&vm, p->body->args[a], ahead[a]);
    ir_value *iv = j ? binop(&b, "arith.addi", lb, ir_build_int(&b, lb->type, (int64_t)j * p->step)) : lb;
    issue(p, &b, &vm, iv, cmp(&b, "slt", iv, ub), i32c(&b, j), NULL);
    clone_set(p, &b, &p->rec, &vm);
    for (unsigned a = 1; a < p->body->nargs; a++)
      if (in_set(&p->carried, p->body->args[a])) ahead[a] = ir_valmap_lookup_or_self(&vm, ir_op_operand(yield, a - 1));
    ir_valmap_free(&vm);
  }
}

/* The consumers read stage `idx` instead of the loaded tensor. */
static void consume(pl_loop *p, ir_value *idx) {
  ir_builder b;
  ir_builder_init(&b, p->m);
  for (unsigned i = 0; i < p->nloads; i++) {
    pl_load *l = &p->loads[i];
    ir_op *at = l->reg ? l->load : l->consumer; /* a register stage is read back where the load was */
    ir_builder_set_before(&b, at);
    b.loc = at->loc;
    ir_value *stage = stage_of(&b, l, idx, TGPU_PIPELINE_SLOT_CONSUME), *res = ir_op_result(at, 0);
    if (l->reg || ir_op_code(at) == IR_OP_CONVERT_LAYOUT) stage = ir_build1(&b, "tgpu.local_load", 1, &stage, res->type);
    ir_value_replace_all_uses(res, stage);
    if (!l->reg) ir_op_erase(l->consumer);
    for (unsigned k = l->nchain; k-- > 0;) ir_op_erase(l->chain[k]);
    ir_op_erase(l->load);
  }
}

/* Whether `buf` is one of the rings' buffers. */
static bool is_ring(const pl_loop *p, const ir_value *buf) {
  for (unsigned k = 0; k < p->nrings; k++)
    if (p->rings[k].buf == buf) return true;
  return false;
}

/* After consume() and ring_stores(): both operands are consume stages or ring buffers. */
static bool reads_stages(const pl_loop *p, ir_op *dot) {
  for (unsigned i = 0; i < 2; i++) {
    ir_op *d = ir_value_def(ir_op_operand(dot, i));
    if (!d || ir_op_code(d) != IR_OP_MEMDESC_INDEX ||
        !(ir_op_get_string_attr(d, TGPU_ATTR_PIPELINE_SLOT) || is_ring(p, ir_op_operand(d, 0))))
      return false;
  }
  return true;
}

/* Each ring's value is stored (tgpu.local_store) into buffer `idx` of the ring (1 - idx in
 * the next iteration: the dot that read it may still be in flight then; the one that read
 * `idx` two iterations ago completed at the last iteration's wait, which every warp passed
 * before the barrier membar puts between that dot's read and this store), and the dot reads
 * that buffer: a B's local_alloc goes; an A in registers is stored (before the layout
 * conversion that made it wgmma's register layout, which then dies) just before the
 * fence_async_shared in front of its dot (one is added when there is none). The buffer is
 * left unmarked (no pipeline_slot): for membar it is the whole ring, so that barrier is
 * always there. */
static void ring_stores(pl_loop *p, ir_value *idx) {
  ir_builder b;
  ir_builder_init(&b, p->m);
  for (unsigned k = 0; k < p->nrings; k++) {
    pl_ring *r = &p->rings[k];
    ir_op *at = r->alloc;
    ir_value *v;
    if (at) {
      v = ir_op_operand(at, 0);
    } else {
      at = r->dot->prev; /* the dot's fence, past the conversions and stage reads before the dot */
      while (at && (ir_op_code(at) == IR_OP_CONVERT_LAYOUT || ir_op_code(at) == IR_OP_MEMDESC_INDEX)) at = at->prev;
      if (!at || ir_op_code(at) != IR_OP_FENCE_ASYNC_SHARED) at = r->dot;
      v = ir_op_operand(r->dot, 0);
      ir_op *cv = ir_value_def(v);
      if (cv && ir_op_code(cv) == IR_OP_CONVERT_LAYOUT) v = ir_op_operand(cv, 0);
    }
    ir_builder_set_before(&b, at);
    b.loc = at->loc;
    ir_value *slot = index_of(&b, r->buf, &r->md, idx, NULL), *ops[2] = {v, slot};
    ir_build(&b, "tgpu.local_store", 2, ops, 0, NULL);
    if (r->alloc) {
      ir_value_replace_all_uses(ir_op_result(r->alloc, 0), slot);
      ir_op_erase(r->alloc);
      r->alloc = NULL;
      continue;
    }
    ir_value *old = ir_op_operand(r->dot, 0);
    ir_op_set_operand(r->dot, 0, slot);
    if (at == r->dot) ir_build(&b, "tgpu.fence_async_shared", 0, NULL, 0, NULL);
    ir_op *cv = ir_value_def(old);
    if (cv && ir_op_code(cv) == IR_OP_CONVERT_LAYOUT && !ir_value_has_uses(old)) ir_op_erase(cv);
  }
}

/* Makes the stage-reading warp_group_dots asynchronous with a wait after each (pending =
 * wg_pending), and puts a final wait (pending 0) on their results after the loop. */
static void async_dots(pl_loop *p) {
  ir_builder b;
  ir_builder_init(&b, p->m);
  ir_context *ctx = p->m->ctx;
  ir_op *yield = ir_block_terminator(p->body);
  for (ir_op *op = p->body->first; op; op = op->next) {
    if (ir_op_code(op) != IR_OP_WARP_GROUP_DOT || !async_dot(p, op) || !reads_stages(p, op)) continue;
    ir_value *d = ir_op_result(op, 0);
    unsigned pos = d->first_use->index;
    ir_op_set_attr(op, TGPU_ATTR_ASYNC, ir_bool_attr(ctx, true));
    ir_builder_set_after(&b, op);
    b.loc = op->loc;
    ir_op *w = build_wait(&b, "tgpu.warp_group_dot_wait", d, p->wg_pending);
    ir_op_set_operand(yield, pos, ir_op_result(w, 0));
    ir_value *r = ir_op_result(p->loop, pos);
    ir_builder_set_after(&b, p->loop);
    ir_op *fin = build_wait(&b, "tgpu.warp_group_dot_wait", r, 0);
    replace_uses_except(r, ir_op_result(fin, 0), fin);
    op = w;
  }
}

/* The carried dot (attention's p @ v) becomes asynchronous, with no wait after it: its
 * carried value is waited for (pending 0) before its first use in the next iteration. When
 * a shared-A warp_group_dot comes before that use (q @ k^T), it becomes asynchronous too and
 * one wait right after it, on both accumulators, completes both groups (wgmma groups
 * complete in order; the carried dot's is the older). After the loop, a wait (pending 0)
 * gives the final value. */
static void carry_dot(pl_loop *p) {
  ir_context *ctx = p->m->ctx;
  ir_builder b;
  ir_builder_init(&b, p->m);
  ir_value *arg = p->body->args[p->carried_pos + 1];
  ir_op *first = p->body->first, *issued = NULL;
  for (; first; first = first->next) {
    bool uses = false;
    for (unsigned i = 0; i < first->noperands && !uses; i++) uses = ir_op_operand(first, i) == arg;
    if (uses) break;
    if (ir_op_code(first) == IR_OP_WARP_GROUP_DOT && !tgpu_wgmma_a_in_regs(first)) issued = first;
  }
  if (!first) return;
  ir_op_set_attr(p->carried_dot, TGPU_ATTR_ASYNC, ir_bool_attr(ctx, true));
  ir_value *accs[PL_MAX_WAIT] = {arg, NULL};
  unsigned n = 1;
  if (issued) {
    ir_op_set_attr(issued, TGPU_ATTR_ASYNC, ir_bool_attr(ctx, true));
    accs[0] = ir_op_result(issued, 0), accs[1] = arg, n = 2;
    ir_builder_set_after(&b, issued);
    b.loc = issued->loc;
  } else {
    ir_builder_set_before(&b, first);
    b.loc = first->loc;
  }
  ir_op *w = build_wait_n(&b, "tgpu.warp_group_dot_wait", accs, n, 0);
  for (unsigned i = 0; i < n; i++) replace_uses_except(accs[i], ir_op_result(w, i), w);
  ir_value *r = ir_op_result(p->loop, p->carried_pos);
  ir_builder_set_after(&b, p->loop);
  b.loc = p->loop->loc;
  ir_op *fin = build_wait(&b, "tgpu.warp_group_dot_wait", r, 0);
  replace_uses_except(r, ir_op_result(fin, 0), fin);
}

/* ---- warp specialization ------------------------------------------------------------- */

static ir_op *empty_yield(ir_module *m, ir_loc loc) {
  return ir_op_create_named(m, "scf.yield", loc, 0, NULL, 0, NULL, 0, NULL);
}

/* Register reallocation (setmaxnreg, sm_90a) for 8 consumer warps: the launch has 12 warps,
 * for which ptxas allocates 168 registers a thread once the kernel uses setmaxnreg (65536 /
 * 384, rounded down to a multiple of 8); the producer warpgroup, which only issues copies,
 * gives 128 of them per thread back (down to 40) and the two consumer warpgroups take them
 * (up to 232): 128 x (168 - 40) = 256 x (232 - 168), so the pool covers the increase and
 * setmaxnreg.inc never waits. Other warp counts keep the launch's budget, and so does a
 * kernel with a register limit (maxnreg): below 168 the consumers' increase would wait for
 * registers the pool does not have. */
#define PL_WS_PRODUCER_REGS 40
#define PL_WS_CONSUMER_REGS 232
static bool ws_reallocates(const pl_loop *p, const ir_op *f) {
  return tgpu_func_num_warps(f) == 8 && tgpu_target_has(tgpu_target_of_module(p->m), TGPU_FEATURE_WGMMA) &&
         !ir_op_get_attr(f, TGPU_ATTR_MAXNREG);
}

static void ws_registers(pl_loop *p, ir_block *pb, ir_block *cb) {
  if (!ws_reallocates(p, tgpu_enclosing_func(p->loop))) return;
  ir_builder b;
  ir_builder_init(&b, p->m);
  b.loc = p->loop->loc;
  for (unsigned k = 0; k < 2; k++) {
    ir_block *blk = k ? cb : pb;
    ir_builder_set_before(&b, blk->first);
    ir_op *op = ir_build(&b, "tgpu.set_max_nreg", 0, NULL, 0, NULL);
    ir_op_set_attr(op, "regs", ir_i32_attr(p->m->ctx, k ? PL_WS_CONSUMER_REGS : PL_WS_PRODUCER_REGS));
    ir_op_set_attr(op, "increase", ir_bool_attr(p->m->ctx, k == 1));
  }
}

/* Splits the function at `at` (the loop, or the persistent loop around it): `scf.if
 * (tgpu.ws_producer()) {producer} else {`at` and everything after it}`; returns the
 * producer block (empty but for its yield). */
static ir_block *ws_split(pl_loop *p, ir_op *at) {
  ir_builder b;
  ir_builder_init(&b, p->m);
  ir_builder_set_before(&b, at);
  b.loc = at->loc;
  ir_value *isp = ir_build1(&b, "tgpu.ws_producer", 0, NULL, ir_int_type(p->m->ctx, 1));
  ir_op *split = ir_op_create_named(p->m, "scf.if", at->loc, 1, &isp, 0, NULL, 0, NULL);
  ir_op_set_attr(split, TGPU_ATTR_WS_SPLIT, ir_bool_attr(p->m->ctx, true));
  ir_block *pb = ir_block_create(p->m), *cb = ir_block_create(p->m);
  ir_region_append_block(ir_op_region(split, 0), pb);
  ir_region_append_block(ir_op_region(split, 1), cb);
  ir_block *fb = at->parent;
  ir_op *term = ir_block_terminator(fb);
  ir_op_insert_before(split, at);
  for (ir_op *op = at, *next; op && op != term; op = next) {
    next = op->next;
    ir_op_remove(op);
    ir_block_append(cb, op);
  }
  ir_block_append(cb, empty_yield(p->m, at->loc));
  ir_block_append(pb, empty_yield(p->m, at->loc));
  ws_registers(p, pb, cb);
  return pb;
}

/* The stage before `rd`, round the ring. */
static ir_value *prev_stage(ir_builder *b, const pl_loop *p, ir_value *rd) {
  ir_value *ops[3] = {cmp(b, "eq", rd, i32c(b, 0)), i32c(b, p->buffers - 1), binop(b, "arith.subi", rd, i32c(b, 1))};
  return ir_build1(b, "arith.select", 3, ops, rd->type);
}

/* Consumer side: right after the loop's first warp_group_dot_wait (every dot of iteration
 * i - 1 has completed there: the matmul's pending-1 wait, attention's wait after q @ k^T),
 * every warp releases stage (i - 1) % B (not in the first iteration). */
static void release(pl_loop *p, ir_value *rd) {
  ir_op *w = p->body->first;
  while (w && ir_op_code(w) != IR_OP_WARP_GROUP_DOT_WAIT) w = w->next;
  if (!w) return;
  ir_builder b;
  ir_builder_init(&b, p->m);
  ir_builder_set_after(&b, w);
  b.loc = w->loc;
  ir_value *prev = prev_stage(&b, p, rd);
  ir_value *iv = p->body->args[0], *aops[2] = {empty_of(&b, p, prev), cmp(&b, "sgt", iv, ir_op_operand(p->loop, 0))};
  ir_build(&b, "tgpu.mbarrier_arrive", 2, aops, 0, NULL);
}

/* Producer side: the loop's iterations again, built at b, each waiting (its issuing thread)
 * until the consumers released the stage's previous use, then arming the stage's full
 * mbarrier and issuing its TMA copies. The carried values the copies' offsets read (Triton's
 * tutorial advances `offsetk_y += BLOCK_N`) are carried by the producer's loop too, from the
 * same initial values, through a copy of their recurrences. `st` holds the initial write
 * stage and its parity, and for a persistent producer (nst = 3) the count of copies issued
 * before (a stage has a previous use from the B-th copy on; a lone loop counts from its own
 * lower bound). vm maps the values outside the loop that the producer recomputes (a
 * persistent loop's tile offsets). Returns the loop; its results are the state after it. */
static ir_op *producer_iterations(pl_loop *p, ir_builder *pb, ir_valmap *vm, ir_value **st, unsigned nst) {
  ir_context *ctx = p->m->ctx;
  ir_value *lb = ir_valmap_lookup_or_self(vm, ir_op_operand(p->loop, 0));
  ir_value *ub = ir_valmap_lookup_or_self(vm, ir_op_operand(p->loop, 1));
  ir_value *step = ir_valmap_lookup_or_self(vm, ir_op_operand(p->loop, 2));
  const ir_type *i32 = ir_int_type(ctx, 32), *tys[64] = {i32, i32, i32};
  ir_value *ops[67] = {lb, ub, step, st[0], st[1], nst > 2 ? st[2] : NULL}, *carried[64];
  unsigned nc = 0;
  for (unsigned a = 1; a < p->body->nargs && nc < 61; a++)
    if (in_set(&p->carried, p->body->args[a])) {
      carried[nc] = p->body->args[a];
      tys[nst + nc] = carried[nc]->type;
      ops[3 + nst + nc++] = ir_valmap_lookup_or_self(vm, ir_op_operand(p->loop, 3 + a - 1));
    }
  ir_op *loop = ir_op_create_named(p->m, "scf.for", p->loop->loc, 3 + nst + nc, ops, nst + nc, tys, 0, NULL);
  ir_block *body = ir_block_create(p->m);
  ir_region_append_block(ir_op_region(loop, 0), body);
  ir_value *iv = ir_block_add_arg(p->m, body, lb->type);
  ir_value *wr = ir_block_add_arg(p->m, body, i32), *wph = ir_block_add_arg(p->m, body, i32);
  ir_value *cnt = nst > 2 ? ir_block_add_arg(p->m, body, i32) : NULL;
  for (unsigned k = 0; k < nc; k++) ir_valmap_put(vm, carried[k], ir_block_add_arg(p->m, body, carried[k]->type));
  ir_builder_insert(pb, loop);
  ir_builder b;
  ir_builder_init(&b, p->m);
  b.loc = p->loop->loc;
  ir_builder_set_end(&b, body);
  ir_value *first = cnt ? NULL : binop(&b, "arith.addi", lb, ir_build_int(&b, lb->type, (int64_t)p->buffers * p->step));
  ir_value *wops[3] = {empty_of(&b, p, wr), binop(&b, "arith.xori", wph, i32c(&b, 1)),
                       cnt ? cmp(&b, "sge", cnt, i32c(&b, p->buffers)) : cmp(&b, "sge", iv, first)};
  mark_producer(ir_build(&b, "tgpu.mbarrier_wait", 3, wops, 0, NULL));
  issue(p, &b, vm, iv, ir_build_int(&b, ir_int_type(ctx, 1), 1), wr, NULL);
  clone_set(p, &b, &p->rec, vm);
  ir_value *nwr = next_index(&b, wr, p->buffers), *yv[64] = {nwr, flip_on_wrap(&b, wph, nwr)};
  if (cnt) yv[2] = binop(&b, "arith.addi", cnt, i32c(&b, 1));
  const ir_op *yield = ir_block_terminator(p->body);
  for (unsigned k = 0; k < nc; k++)
    yv[nst + k] = ir_valmap_lookup_or_self(vm, ir_op_operand(yield, carried[k]->index - 1));
  ir_build(&b, "scf.yield", nst + nc, yv, 0, NULL);
  return loop;
}

/* The producer, in pb: the loop's iterations, or for a persistent loop (p->outer) its own
 * loop over the tiles, recomputing each tile's offsets (the outer cone) and carrying the
 * write stage, its parity and the count of copies from tile to tile. */
static void producer_loop(pl_loop *p, ir_block *pb) {
  ir_builder b;
  ir_builder_init(&b, p->m);
  ir_builder_set_before(&b, ir_block_terminator(pb));
  b.loc = p->loop->loc;
  ir_valmap vm = {0};
  if (!p->outer) {
    ir_value *st[2] = {i32c(&b, 0), i32c(&b, 0)};
    producer_iterations(p, &b, &vm, st, 2);
    ir_valmap_free(&vm);
    return;
  }
  const ir_type *i32 = ir_int_type(p->m->ctx, 32), *tys[3] = {i32, i32, i32};
  ir_value *ops[6] = {ir_op_operand(p->outer, 0), ir_op_operand(p->outer, 1), ir_op_operand(p->outer, 2),
                      i32c(&b, 0), i32c(&b, 0), i32c(&b, 0)};
  ir_op *tiles = ir_op_create_named(p->m, "scf.for", p->outer->loc, 6, ops, 3, tys, 0, NULL);
  ir_block *body = ir_block_create(p->m), *ob = ir_region_entry(ir_op_region(p->outer, 0));
  ir_region_append_block(ir_op_region(tiles, 0), body);
  ir_valmap_put(&vm, ob->args[0], ir_block_add_arg(p->m, body, ops[0]->type));
  ir_value *st[3];
  for (unsigned k = 0; k < 3; k++) st[k] = ir_block_add_arg(p->m, body, i32);
  ir_op_insert_before(tiles, ir_block_terminator(pb));
  ir_builder_set_end(&b, body);
  clone_ops(p, ob, &b, &p->outer_cone, &vm);
  ir_op *inner = producer_iterations(p, &b, &vm, st, 3);
  ir_value *yv[3] = {ir_op_result(inner, 0), ir_op_result(inner, 1), ir_op_result(inner, 2)};
  ir_build(&b, "scf.yield", 3, yv, 0, NULL);
  ir_valmap_free(&vm);
}

static void rewrite(pl_loop *p) {
  ir_value *ahead[64];
  bool async_wg = p->wg_pending > 0;
  prologue(p, ahead);
  ir_builder b;
  ir_builder_init(&b, p->m);
  ir_value *tile_rd = NULL, *tile_phase = NULL;
  if (p->outer) { /* the read stage and its parity go on from tile to tile */
    ir_builder_set_before(&b, p->outer);
    b.loc = p->outer->loc;
    ir_value *zero = i32c(&b, 0), *oi[2] = {zero, zero};
    if (!(p->outer = with_carried(p->m, p->outer, oi, 2))) return;
    ir_block *ob = ir_region_entry(ir_op_region(p->outer, 0));
    tile_rd = ob->args[ob->nargs - 2];
    tile_phase = ob->args[ob->nargs - 1];
  }
  ir_block *producer = p->ws ? ws_split(p, p->outer ? p->outer : p->loop) : NULL;
  ir_builder_set_before(&b, p->loop);
  b.loc = p->loop->loc;
  /* rd, wr, the TMA phase (with TMA loads), the rings' buffer (with rings) */
  ir_value *inits[4] = {tile_rd ? tile_rd : i32c(&b, 0), i32c(&b, p->dist % p->buffers)};
  unsigned extra = 2;
  if (p->ntma) inits[extra++] = tile_phase ? tile_phase : i32c(&b, 0);
  if (p->nrings) inits[extra++] = i32c(&b, 0);
  pl_tile nx = {0}; /* flat: the next tile, its trip count and this tile's end */
  ir_value *nk = NULL, *end = NULL;
  if (p->flat) { /* the tile's first write stage: D after its first read stage, round the ring */
    ir_value *w = binop(&b, "arith.addi", tile_rd, i32c(&b, p->dist));
    ir_value *ops[3] = {cmp(&b, "slt", w, i32c(&b, p->buffers)), w, binop(&b, "arith.subi", w, i32c(&b, p->buffers))};
    inits[1] = ir_build1(&b, "arith.select", 3, ops, w->type);
    ir_value *next = binop(&b, "arith.addi", ir_region_entry(ir_op_region(p->outer, 0))->args[0], ir_op_operand(p->outer, 2));
    tile_view(p, &b, next, cmp(&b, "slt", next, ir_op_operand(p->outer, 1)), &nx);
    nk = trip_count(p, &b, &end);
  }
  for (unsigned a = 1; a < p->body->nargs; a++)
    if (in_set(&p->carried, p->body->args[a])) ir_op_set_operand(p->loop, 3 + a - 1, ahead[a]);
  /* the body's ops move to the new loop as they are; its args are new values */
  ir_value *old_args[64];
  unsigned nargs = p->body->nargs;
  for (unsigned a = 0; a < nargs; a++) old_args[a] = p->body->args[a];
  ir_block *old_body = p->body;
  unsigned nres0 = p->loop->nresults;
  if (!add_carried(p, inits, extra)) {
    ir_valmap_free(&nx.vm);
    return;
  }
  sup_ptrmap carried = {0};
  for (unsigned a = 1; a < nargs; a++)
    if (in_set(&p->carried, old_args[a])) set_add(&carried, p->body->args[a]);
  sup_ptrmap_free(&p->carried);
  p->carried = carried;
  for (unsigned i = 0; i < p->nloads; i++) { /* operands that were block args */
    pl_load *l = &p->loads[i];
    if (l->ptrs && !l->ptrs->def) l->ptrs = p->body->args[l->ptrs->index];
    if (l->mask && !l->mask->def) l->mask = p->body->args[l->mask->index];
    for (unsigned k = 0; k < l->nargs; k++)
      if (l->args[k]->block == old_body) l->args[k] = p->body->args[l->args[k]->index];
  }
  ir_value *rd = p->body->args[nargs], *wr = p->body->args[nargs + 1];
  ir_value *phase = p->ntma ? p->body->args[nargs + 2] : NULL;
  ir_value *ring = p->nrings ? p->body->args[nargs + extra - 1] : NULL;
  ir_op *yield = ir_block_terminator(p->body);
  /* top: wait for iteration i's group (cp.async) and stage (TMA: the phase of its mbarrier) */
  ir_builder_set_before(&b, p->body->first);
  if (p->ncp) build_wait(&b, "tgpu.async_wait", NULL, (int64_t)p->dist - 1);
  if (p->ntma) {
    ir_value *ops[2] = {bar_of(&b, p, rd, TGPU_PIPELINE_SLOT_CONSUME), phase};
    ir_build(&b, "tgpu.mbarrier_wait", 2, ops, 0, NULL);
  }
  consume(p, rd);
  if (ring) ring_stores(p, ring);
  if (async_wg) async_dots(p);
  else if (p->carried_dot) carry_dot(p);
  if (p->ws) release(p, rd);
  /* bottom: iteration i + D's copies, the pointers advanced from the ahead values */
  ir_builder_set_before(&b, yield);
  b.loc = yield->loc;
  ir_valmap vm = {0};
  const char *slot = p->wait_barrier ? NULL : TGPU_PIPELINE_SLOT_PRODUCE;
  if (!p->ws && !p->flat) { /* (warp-specialized: the producer issues them; flat: flat_peel) */
    ir_value *iv0 = p->body->args[0]; /* i32 or i64, as the loop's bounds */
    ir_value *iv = binop(&b, "arith.addi", iv0, ir_build_int(&b, iv0->type, (int64_t)p->dist * p->step));
    issue(p, &b, &vm, iv, cmp(&b, "slt", iv, ir_op_operand(p->loop, 1)), wr, slot);
    clone_set(p, &b, &p->rec, &vm);
  }
  ir_value *yv[64];
  unsigned ny = yield->noperands;
  for (unsigned k = 0; k < ny; k++) {
    yv[k] = ir_op_operand(yield, k);
    if (in_set(&p->carried, p->body->args[k + 1])) yv[k] = ir_valmap_lookup_or_self(&vm, yv[k]);
  }
  ir_valmap_free(&vm);
  yv[ny] = next_index(&b, rd, p->buffers);
  yv[ny + 1] = next_index(&b, wr, p->buffers);
  if (p->ntma) yv[ny + 2] = flip_on_wrap(&b, phase, yv[ny]); /* the read stage's parity */
  if (ring) yv[ny + extra - 1] = binop(&b, "arith.xori", ring, i32c(&b, 1));
  ir_op_set_operands(yield, ny + extra, yv);
  if (p->flat) flat_peel(p, &nx, nk, end, nargs, slot);
  /* after the final wgmma waits: the barrier membar puts before the invalidations then also
   * orders every warpgroup's last wgmma reads before the stages' bytes are reused */
  ir_op *after = p->loop;
  while (p->ntma && after->next && ir_op_code(after->next) == IR_OP_WARP_GROUP_DOT_WAIT) after = after->next;
  ir_builder_set_after(&b, after);
  b.loc = p->loop->loc;
  if (p->ncp) build_wait(&b, "tgpu.async_wait", NULL, 0);
  if (p->outer) { /* the next tile's loop goes on round the ring */
    ir_value *rdf = ir_op_result(p->loop, nres0);
    if (p->flat) { /* the next tile's first copies that the loop did not issue (fewer than D iterations) */
      tile_first_copies(p, &b, &nx, rdf, nk);
    } else { /* the tile's last stage is released here */
      ir_value *aops[2] = {empty_of(&b, p, prev_stage(&b, p, rdf)),
                           cmp(&b, "slt", ir_op_operand(p->loop, 0), ir_op_operand(p->loop, 1))};
      ir_build(&b, "tgpu.mbarrier_arrive", 2, aops, 0, NULL);
    }
    ir_op *oy = ir_block_terminator(ir_region_entry(ir_op_region(p->outer, 0)));
    ir_value *yv[64];
    unsigned ny = oy->noperands;
    if (ny + 2 > 64) {
      ir_valmap_free(&nx.vm);
      return;
    }
    for (unsigned k = 0; k < ny; k++) yv[k] = ir_op_operand(oy, k);
    yv[ny] = rdf; /* with_carried left the yield to us */
    yv[ny + 1] = ir_op_result(p->loop, nres0 + 2);
    ir_op_set_operands(oy, ny + 2, yv);
    ir_builder_set_after(&b, p->outer); /* the barriers live until every tile is done */
    b.loc = p->outer->loc;
  }
  for (unsigned j = 0; p->ntma && j < p->buffers; j++) { /* the barriers' bytes may be reused */
    ir_value *bar = bar_of(&b, p, i32c(&b, j), NULL);
    ir_build(&b, "tgpu.mbarrier_inval", 1, &bar, 0, NULL);
    if (!p->ws) continue;
    bar = empty_of(&b, p, i32c(&b, j));
    ir_build(&b, "tgpu.mbarrier_inval", 1, &bar, 0, NULL);
  }
  if (producer) {
    producer_loop(p, producer);
    ir_op *f = (ir_op *)tgpu_enclosing_func(p->loop);
    ir_op_set_attr(f, TGPU_ATTR_WS_WARPS, ir_i32_attr(p->m->ctx, PL_WS_WARPS));
  }
  ir_valmap_free(&nx.vm);
}

/* ---- driver ---------------------------------------------------------------------------- */

static bool is_local_alloc(const ir_op *op) { return ir_op_code(op) == IR_OP_LOCAL_ALLOC; }

/* The bytes of the function's shared buffers, or of those outside the loop only (attention's
 * q), which the stages share the SM's shared memory with. */
static int64_t shared_bytes(const pl_loop *p, const ir_op *f, bool outside_loop_only) {
  if (!f) return 0;
  ir_oplist allocs = ir_collect_ops((ir_op *)f, false, is_local_alloc);
  int64_t sum = 0;
  tgpu_memdesc md;
  for (size_t i = 0; i < allocs.count; i++) {
    const ir_op *a = allocs.ops[i];
    while (outside_loop_only && a && a != p->loop) a = ir_op_parent_op(a);
    if (!(outside_loop_only && a) && tgpu_memdesc_get(ir_op_result(allocs.ops[i], 0)->type, &md))
      sum += tgpu_memdesc_bytes(&md);
  }
  ir_oplist_free(&allocs);
  return sum;
}

static int64_t other_shared_bytes(const pl_loop *p, const ir_op *f) { return shared_bytes(p, f, true); }

/* The bytes of the pipelined loads' own local_allocs (wgmma operands), which their stages
 * replace. */
static int64_t consumer_bytes(const pl_loop *p) {
  int64_t bytes = 0;
  tgpu_memdesc md;
  for (unsigned i = 0; i < p->nloads; i++) {
    ir_op *c = p->loads[i].consumer;
    if (c && ir_op_code(c) == IR_OP_LOCAL_ALLOC && tgpu_memdesc_get(ir_op_result(c, 0)->type, &md))
      bytes += tgpu_memdesc_bytes(&md);
  }
  return bytes;
}

/* One stage's bytes: every pipelined load's tile. */
static int64_t stage_bytes_of(const pl_loop *p) {
  int64_t bytes = 0;
  for (unsigned i = 0; i < p->nloads; i++) bytes += tgpu_memdesc_tile_bytes(&p->loads[i].md);
  return bytes;
}

/* How many CTAs of `bytes` of shared memory fit on an SM, counting threads too. */
static int64_t ctas_per_sm(int64_t bytes, int64_t limit, const ir_op *f) {
  int64_t by_threads = TGPU_MAX_THREADS_PER_SM / (TGPU_WARP_SIZE * (int64_t)(f ? tgpu_func_num_warps(f) : 4));
  int64_t by_smem = bytes > 0 ? limit / bytes : by_threads;
  return by_smem < by_threads ? by_smem : by_threads;
}

static int64_t max_scratch(const ir_op *op, const ir_op *skip, unsigned num_warps);
/* S buffers and D = S - 1 loads in flight; with a wgmma group in flight, one buffer more
 * when it fits in 7/8 of the target's shared memory and costs no occupancy (as many CTAs
 * of S + 1 stages fit on an SM as of S stages, counting shared memory and threads; the copies then overwrite a stage two dots
 * old, which the barrier at the top of the iteration has freed), else S buffers and a
 * barrier between the wgmma wait and the copies (the produce slot is left unmarked).
 * A computed operand's ring (wgmma_pending) is taken when it fits in 7/8 of shared memory
 * and the SM holds one CTA with or without it; else its dot is waited for at once: with two
 * CTAs an SM, the other CTA's wgmma runs while this one converts, and the ring measured
 * slower there (H200, bench/dequant.py and bench/dotscaled.py: W8A16 rhs 128x256x64 370 ->
 * 494 TFLOP/s alone on its SM, bf16 x e2m1 128x128x64 with 4 warps 264 -> 252 two a SM). */
static void choose_buffers(pl_loop *p) {
  int64_t stage_bytes = stage_bytes_of(p);
  const tgpu_target *t = tgpu_target_of_module(p->m);
  const ir_op *f = tgpu_enclosing_func(p->loop);
  int64_t limit = t ? (int64_t)t->smem_limit : 0;
  p->wg_pending = wgmma_pending(p, true);
  if (p->nrings && f) {
    /* one CTA's shared memory without rings: in the loop, the S stages, the other buffers
     * and the loop's largest scratch; after it, the function's (an epilogue's conversion) */
    unsigned nw = tgpu_func_num_warps(f);
    int64_t loop = (int64_t)p->stages * stage_bytes + shared_bytes(p, f, false) - consumer_bytes(p) + max_scratch(p->loop, NULL, nw);
    int64_t after = max_scratch(f, NULL, nw), one = loop > after ? loop : after;
    if (loop + ring_growth(p) > limit / 8 * 7 || ctas_per_sm(one, limit, f) > 1)
      p->wg_pending = wgmma_pending(p, false);
  }
  p->carried_dot = p->wg_pending ? NULL : find_carried_dot(p, &p->carried_pos);
  p->buffers = p->stages;
  p->dist = p->stages - 1;
  if (!p->wg_pending && !p->carried_dot) return;
  int64_t other = (p->carried_dot ? other_shared_bytes(p, f) : 0) + ring_bytes(p);
  int64_t more = (int64_t)(p->stages + 1) * stage_bytes + other;
  if (more <= limit / 8 * 7 && ctas_per_sm(more, limit, f) == ctas_per_sm((int64_t)p->stages * stage_bytes + other, limit, f))
    p->buffers = p->stages + 1;
  else p->wait_barrier = true;
}

/* Triton's default num_stages on NVIDIA GPUs, for kernels that set none. */
#define PL_DEFAULT_STAGES 3u

/* The loop's tt.num_stages, else the function's num_stages, else the default. */
static unsigned loop_stages(ir_op *loop) {
  const ir_attr *a = ir_op_get_attr(loop, TILE_ATTR_LOOP_NUM_STAGES);
  if (a && a->kind == IR_ATTR_INT) return a->ival > 0 && a->ival <= 16 ? (unsigned)a->ival : 0;
  const ir_op *f = tgpu_enclosing_func(loop);
  unsigned n = f ? tgpu_func_num_stages(f) : 0;
  return n ? (n <= 16 ? n : 16) : PL_DEFAULT_STAGES;
}

/* Whether an op before the split may run in the producer warps too: their warp ids lie
 * outside the layouts, so nothing there may touch memory through a distributed layout.
 * Allowed: pure ops other than those that may go through shared scratch (layout conversions,
 * reductions, scans, shape ops), local_alloc without a value, and host-descriptor loads that
 * go straight to a wgmma's shared operand (tma-lowering makes them one TMA copy into the
 * operand's buffer: their conversions and local_alloc, in `chain`, go away). */
static bool runs_anywhere(ir_op *op, sup_ptrmap *chain_ops) {
  if (in_set(chain_ops, op)) return true;
  switch (ir_op_code(op)) {
  case IR_OP_CONVERT_LAYOUT: case IR_OP_REDUCE: case IR_OP_SCAN: case IR_OP_TRANS: case IR_OP_RESHAPE:
  case IR_OP_JOIN: case IR_OP_SPLIT:
    return false;
  case IR_OP_LOCAL_ALLOC:
    return op->noperands == 0;
  case IR_OP_DESCRIPTOR_LOAD: {
    ir_op *chain[TGPU_TMA_MAX_CHAIN];
    unsigned n;
    tgpu_memdesc md;
    ir_op *alloc = tgpu_tma_wgmma_alloc(op, chain, &n, &md);
    if (!alloc) return false;
    set_add(chain_ops, alloc);
    for (unsigned k = 0; k < n; k++) set_add(chain_ops, chain[k]);
    return true;
  }
  default:
    return ir_op_effects(op) == 0 && op->nregions == 0;
  }
}

/* The cost rule for a loop that does not say (no warp_specialize=): attention's form, p @ v
 * with A in registers carried in flight, with 8 warps on sm_90a (so setmaxnreg applies).
 * Measured on the H200 (bench/results/2026-11-23-h200-s8.md): attention 128x64 495 against
 * 481 TFLOP/s, 128x128 575 against 486 (causal 410 / 405, 459 / 417); the matmul form
 * (a shared-A dot in flight) is slower specialized (652 against 675), so it is not chosen. */
static bool ws_by_cost(const pl_loop *p, const ir_op *f) {
  return p->carried_dot && ws_reallocates(p, f);
}

/* A loop that does not say warp_specialize=, directly in the body of a loop that says True
 * (Triton's persistent matmul puts it on the tile loop: `for tile_id in tl.range(start_pid,
 * num_tiles, NUM_SMS, warp_specialize=True)`) at the top of the kernel: that loop. */
static ir_op *persistent_outer(const pl_loop *p, const ir_op *f) {
  ir_op *o = ir_op_parent_op(p->loop);
  if (!o || ir_op_code(o) != IR_OP_FOR || ir_op_parent_op(o) != f) return NULL;
  return ir_op_get_int_attr(o, TILE_ATTR_LOOP_WARP_SPECIALIZE, 0) ? o : NULL;
}

/* Adds the ops of the persistent loop's body that compute v to p->outer_cone: pure, without
 * regions, reading the tile loop's induction variable and values from outside it. False
 * when something else is met (a value the tile loop carries, a load). */
static bool collect_outer(pl_loop *p, ir_block *ob, ir_value *v) {
  if (!v->def) return v->block != ob || v->index == 0;
  ir_op *d = v->def;
  if (d->parent != ob || in_set(&p->outer_cone, d)) return true; /* outside, or this loop's own */
  if (ir_op_effects(d) != 0 || d->nregions) return false;
  set_add(&p->outer_cone, d);
  for (unsigned i = 0; i < d->noperands; i++)
    if (!collect_outer(p, ob, ir_op_operand(d, i))) return false;
  return true;
}

/* The shared memory one op needs while it runs: its scratch (layout conversions,
 * reductions), or for a descriptor store the buffer tma-lowering stages its value in. */
static int64_t op_shared_bytes(const ir_op *o, unsigned num_warps) {
  if (ir_op_code(o) == IR_OP_DESCRIPTOR_STORE && o->noperands) {
    const ir_type *v = ir_op_operand(o, o->noperands - 1)->type;
    return ir_type_is_tensor(v) ? ir_type_numel(v) * ir_type_byte_size(ir_type_scalar(v)) : 0;
  }
  return tgpu_op_scratch_bytes(o, num_warps);
}

/* The most shared memory one op nested in `op`'s regions needs at once (op_shared_bytes),
 * `skip` (the pipelined loop) left out. */
static int64_t max_scratch(const ir_op *op, const ir_op *skip, unsigned num_warps) {
  int64_t most = 0;
  for (unsigned r = 0; r < op->nregions; r++)
    for (ir_block *blk = ir_region_entry(ir_op_region((ir_op *)op, r)); blk; blk = blk->next)
      for (ir_op *o = blk->first; o; o = o->next) {
        if (o == skip) continue;
        int64_t s = op_shared_bytes(o, num_warps), n = max_scratch(o, skip, num_warps);
        if (s > most) most = s;
        if (n > most) most = n;
      }
  return most;
}

/* Warp specialization across a persistent tile loop: the producer runs its own tile loop,
 * recomputing what the copies need of each tile (the loop's bounds, the copies' operands
 * and the initial values of the carried values they read), so those must be pure functions
 * of the tile, and this loop must be the only loop of the tile loop's body; the matmul form
 * only (a shared-A wgmma in flight); and the stages must fit beside the tile loop's other
 * shared buffers (the epilogue's), which can no longer reuse them: the producer fills the
 * next tile's stages while the consumers store this one. *buffers: B for the split (S when
 * S + 1 stages do not fit), taken by the caller if it splits. */
static bool persistent_fits(pl_loop *p, ir_op *outer, const ir_op *f, unsigned *buffers) {
  /* the tile loop takes two more carried values (rewrite): refused here, before any change */
  if (!p->wg_pending || outer->noperands + 2 > PL_MAX_OPERANDS) return false;
  ir_block *ob = ir_region_entry(ir_op_region(outer, 0));
  bool ok = true;
  unsigned loops = 0; /* this loop alone in the tile loop's body */
  for (ir_op *op = ob->first; op; op = op->next) loops += ir_op_code(op) == IR_OP_FOR || ir_op_code(op) == IR_OP_WHILE;
  if (loops != 1) return false;
  for (unsigned k = 0; ok && k < 3; k++) ok = collect_outer(p, ob, ir_op_operand(p->loop, k));
  for (unsigned a = 1; ok && a < p->body->nargs; a++)
    if (in_set(&p->carried, p->body->args[a])) ok = collect_outer(p, ob, ir_op_operand(p->loop, 3 + a - 1));
  for (ir_op *op = p->body->first; ok && op; op = op->next)
    if (in_set(&p->cone, op) || in_set(&p->rec, op) || is_pipelined_load(p, op))
      for (unsigned k = 0; ok && k < op->noperands; k++) ok = collect_outer(p, ob, ir_op_operand(op, k));
  const tgpu_target *t = tgpu_target_of_module(p->m);
  int64_t stage_bytes = stage_bytes_of(p), limit = t ? (int64_t)t->smem_limit : 0;
  int64_t other = other_shared_bytes(p, f) + max_scratch(outer, p->loop, tgpu_func_num_warps(f));
  *buffers = p->buffers;
  if (ok && (int64_t)*buffers * stage_bytes + other > limit && *buffers > p->stages) *buffers = p->stages;
  ok = ok && (int64_t)*buffers * stage_bytes + other <= limit;
  if (!ok) sup_ptrmap_free(&p->outer_cone);
  return ok;
}

/* Warp specialization (tl.range(..., warp_specialize=True), or ws_by_cost for a loop that
 * does not say) when the loop's loads are all TMA copies with wgmma in flight (the producer
 * recomputes their offsets from its own induction variable, and carries the values they
 * read that the loop carries), the loop is at the top of the kernel (the split puts it and
 * the rest of the kernel in the consumers' branch), everything before it may run in the
 * producer warps too (runs_anywhere), and no other loop of the kernel was split. */
static bool ws_wanted(pl_loop *p) {
  const ir_op *f = tgpu_enclosing_func(p->loop);
  const ir_attr *said = ir_op_get_attr(p->loop, TILE_ATTR_LOOP_WARP_SPECIALIZE);
  if (!f) return false;
  ir_op *outer = said ? NULL : persistent_outer(p, f);
  bool want = said ? ir_op_get_int_attr(p->loop, TILE_ATTR_LOOP_WARP_SPECIALIZE, 0) != 0 : outer || ws_by_cost(p, f);
  ir_op *at = outer ? outer : p->loop;
  if (!want || !p->ntma || p->ncp || p->nrings ||
      !(p->wg_pending || p->carried_dot) || ir_op_parent_op(at) != f ||
      ir_op_get_attr(f, TGPU_ATTR_WS_WARPS))
    return false;
  unsigned buffers = p->buffers; /* taken only when the split is */
  if (outer && !persistent_fits(p, outer, f, &buffers)) return false;
  sup_ptrmap chain_ops = {0};
  bool ok = true;
  for (ir_op *op = at->parent->first; ok && op != at; op = op->next) ok = runs_anywhere(op, &chain_ops);
  sup_ptrmap_free(&chain_ops);
  if (ok && outer) p->outer = outer, p->buffers = buffers;
  if (!ok) sup_ptrmap_free(&p->outer_cone);
  return ok;
}

/* tl.range(..., flatten=True) on a persistent tile loop around this one, without warp
 * specialization: one ring of stages for every tile (Triton's flattened loop; the rewrite is
 * described at the top). Taken when every pipelined load is a TMA copy read by a wgmma left
 * in flight, the loop carries nothing its copies read, the copies' operands and the loop's
 * bounds are pure functions of the tile (persistent_fits) given by scalars, and the stages
 * fit beside the tile loop's other shared memory, which can no longer reuse them. (The
 * scalar rule is the first version's, which selected each tile value between this tile's
 * and the next one's in every iteration; flat_peel selects nothing, so it could go, but no
 * kernel with tensor tile values has been tried. scf.for steps are positive: a Python range
 * counting down is a loop counting up whose body computes the target.) */
static bool flat_wanted(pl_loop *p) {
  const ir_op *f = tgpu_enclosing_func(p->loop);
  ir_op *o = ir_op_parent_op(p->loop);
  unsigned buffers = p->buffers;
  if (!f || p->ws || !o || ir_op_code(o) != IR_OP_FOR || !ir_op_get_int_attr(o, TILE_ATTR_LOOP_FLATTEN, 0) ||
      !p->ntma || p->ncp || p->nrings || !p->wg_pending || p->carried.count || !persistent_fits(p, o, f, &buffers))
    return false;
  for (ir_op *op = ir_region_entry(ir_op_region(o, 0))->first; op; op = op->next) /* selected per copy */
    for (unsigned r = 0; in_set(&p->outer_cone, op) && r < op->nresults; r++)
      if (ir_type_is_tensor(ir_op_result(op, r)->type)) {
        sup_ptrmap_free(&p->outer_cone);
        return false;
      }
  p->outer = o, p->flat = true, p->buffers = buffers;
  p->wait_barrier = buffers == p->stages; /* see choose_buffers */
  return true;
}

/* Counts the cp.async and TMA loads; for TMA, the bytes each stage's barrier expects and
 * the boxes recorded on the kernel (false after an error). */
static bool classify(pl_loop *p) {
  for (unsigned i = 0; i < p->nloads; i++) {
    pl_load *l = &p->loads[i];
    if (!l->tma) {
      p->ncp++;
      continue;
    }
    tgpu_tma_plan plan;
    tgpu_tma_boxes(&l->md, &plan);
    if (!tgpu_tma_record(l->load, ir_op_operand(l->load, 0), &plan, false)) return false;
    p->ntma++;
    p->tma_bytes += plan.bytes;
  }
  if (p->ntma) p->bar_md = tgpu_mbarrier_memdesc(p->m->ctx);
  return true;
}

/* Register stages are taken only when every stage fits, with the function's other shared
 * buffers (the dot operands' own, say), in 7/8 of the target's shared memory; else the
 * loads read back into registers stay synchronous. */
static void drop_unfit_reg_stages(pl_loop *p) {
  const tgpu_target *t = tgpu_target_of_module(p->m);
  int64_t limit = t ? (int64_t)t->smem_limit : 0;
  const ir_op *f = tgpu_enclosing_func(p->loop);
  bool any = false;
  for (unsigned i = 0; i < p->nloads; i++) any |= p->loads[i].reg;
  if (!any || !f) return;
  /* every buffer, inside the loop too (a stage's consumer counts once more) */
  if ((int64_t)p->stages * stage_bytes_of(p) + shared_bytes(p, f, false) <= limit / 8 * 7) return;
  unsigned n = 0;
  for (unsigned i = 0; i < p->nloads; i++)
    if (!p->loads[i].reg) p->loads[n++] = p->loads[i];
  p->nloads = n;
}

/* Pipelines one loop; *replaced_outer / *by_outer name the persistent tile loop it
 * replaced (warp specialization across it gives it two more carried values), else NULL. */
static bool pipeline_loop(ir_module *m, ir_op *loop, ir_op **replaced_outer, ir_op **by_outer, bool *reg_stages) {
  pl_loop p = {.m = m, .loop = loop, .body = ir_region_entry(ir_op_region(loop, 0))};
  *replaced_outer = *by_outer = NULL;
  p.stages = loop_stages(loop);
  const ir_attr *step = ir_value_constant(ir_op_operand(loop, 2));
  if (p.stages < 2 || !p.body || !step || step->kind != IR_ATTR_INT || step->ival <= 0) return true;
  if (p.body->nargs + 4 > PL_MAX_OPERANDS) return true; /* add_carried's operand arrays */
  p.step = step->ival;
  for (ir_op *op = p.body->first; op && p.nloads < PL_MAX_LOADS; op = op->next)
    if (candidate(op, &p.loads[p.nloads]) && cone_is_pure(&p, p.loads[p.nloads].load)) p.nloads++;
  drop_unfit_reg_stages(&p);
  bool ok = true;
  if (p.nloads && collect_cone(&p) && movable(&p) && (ok = classify(&p))) {
    choose_buffers(&p);
    for (unsigned i = 0; i < p.nloads; i++) *reg_stages |= p.loads[i].reg;
    p.ws = ws_wanted(&p);
    if (!p.ws) flat_wanted(&p);
    ir_op *outer = p.outer;
    rewrite(&p);
    if (outer && p.outer != outer) *replaced_outer = outer, *by_outer = p.outer;
  }
  sup_ptrmap_free(&p.cone);
  sup_ptrmap_free(&p.rec);
  sup_ptrmap_free(&p.outer_cone);
  sup_ptrmap_free(&p.carried);
  return ok;
}

static bool is_for(const ir_op *op) { return ir_op_code(op) == IR_OP_FOR; }

static bool run(ir_module *m) {
  const tgpu_target *t = tgpu_target_of_module(m);
  if (!t || t->sm < 80) return true;
  ir_oplist loops = ir_collect_ops(m->op, true, is_for);
  bool ok = true, reg_stages = false;
  for (size_t i = 0; i < loops.count; i++) {
    ir_op *old, *by;
    ok = pipeline_loop(m, loops.ops[i], &old, &by, &reg_stages) && ok;
    for (size_t j = i + 1; old && j < loops.count; j++) /* the list still names the erased loop */
      if (loops.ops[j] == old) loops.ops[j] = by;
  }
  ir_oplist_free(&loops);
  /* A register stage's read-back (tgpu.local_load) can give any layout: a conversion that
   * its users' chain needed (a dequantized wgmma A, in registers) becomes that read's. */
  if (reg_stages) tgpu_rematerialize_converts(m);
  return ok;
}

const ir_pass pass_pipeline = {"pipeline",
                               "software-pipelines the loads that feed tensor-core dots (cp.async or TMA stages)", run};
