/* The occupancy hint of a kernel: PTX `.minnctapersm K` (LLVM "nvvm.minctasm"), chosen from
 * the kernel's streaming accumulation loops.
 *
 * Why: without a directive that bounds registers, ptxas picks its own register target, and
 * for loops that accumulate loaded chunks into loop-carried tensors (layer norm, RMSNorm,
 * argmax over column blocks) it sometimes picks one below what the loop needs with all its
 * loads in flight; it then meets the target by sinking each 16-byte load below the uses of
 * the previous one, so one iteration waits for several DRAM round trips instead of one
 * (RMSNorm f16 8192 columns, 8 warps: 48 registers and 4 serialized loads; with
 * `.minnctapersm 4`: 56 registers and the 4 loads issued together). A register bound makes
 * ptxas schedule for the bound instead. docs/reductions.md, "Occupancy hint".
 *
 * The rule, per kernel without tt.dot / tgpu.warp_group_dot (their register use is their
 * own matter and their PTX stays as it was):
 *   words(loop) = 32-bit registers per thread of the loop's carried tensors
 *               + those of the tensors tt.load produces in its body (nested ops included),
 *                 and their addresses: one 64-bit base for a vectorized load (constant
 *                 offsets reach the rest), one 64-bit pointer per element otherwise
 *   need        = max over scf.for that carry a tensor and load one, of words + 8
 *                 (loop index, masks, bounds), rounded up to 8
 *   K           = 65536 / (threads * need), at least 1, at most what keeps 64 registers
 *                 per thread and 2048 threads per SM
 * and no hint (0) when the kernel has no such loop, so other kernels are unchanged. K is the
 * occupancy the loop reaches with one iteration's loads all in registers; the bound it
 * implies, 65536 / (threads * K) registers, is at least `need` (or the hardware limit, K = 1).
 *
 * Reads the tgpu-level kernel (layouts on tensor types); changes nothing.
 */
#include "Conversion/cg_internal.h"
#include "Dialect/TileGPU/tgpu.h"

enum {
  OCC_REGS_PER_SM = 65536,   /* 32-bit registers per SM, sm_80 to sm_90a */
  OCC_THREADS_PER_SM = 2048, /* resident threads per SM, sm_80 and sm_90 */
  OCC_MIN_BOUND = 64,        /* never bound a thread below this many registers */
  OCC_OVERHEAD = 8,          /* registers beside the tensors: loop index, masks, bounds */
};

/* 32-bit registers per thread of a value of type t (0 for scalars and unlaid tensors). */
static unsigned occ_words(const ir_type *t) {
  if (!ir_type_is_tensor(t) || !t->encoding) return 0;
  unsigned n = tgpu_elems_per_thread(t->encoding, t->rank, t->shape);
  unsigned bytes = ir_type_is_ptr(t->elem) ? 8 : ir_type_byte_size(t->elem);
  return (n * bytes + 3) / 4;
}

typedef struct occ_scan {
  unsigned words; /* loaded words (data and addresses) found in the walked body */
} occ_scan;

/* A load's data words plus its addresses: a vectorized load (tgpu.vec > 1) reaches its
 * accesses from one 64-bit base with constant offsets; an unvectorized load of n elements
 * holds n pointers. */
static unsigned occ_load_words(ir_op *load) {
  const ir_type *t = ir_op_result(load, 0)->type;
  if (!ir_type_is_tensor(t) || !t->encoding) return 0;
  int64_t vec = ir_op_get_int_attr(load, "tgpu.vec", 1);
  unsigned n = tgpu_elems_per_thread(t->encoding, t->rank, t->shape);
  return occ_words(t) + 2 * (vec > 1 ? 1 : n);
}

static ir_walk_result occ_count_loads(ir_op *op, void *user) {
  occ_scan *s = user;
  if (ir_op_code(op) == IR_OP_LOAD) s->words += occ_load_words(op);
  return IR_WALK_ADVANCE;
}

/* The registers a streaming loop needs with one iteration's loads in flight; 0 when the
 * loop carries no tensor or loads none. */
static unsigned occ_loop_need(ir_op *loop) {
  unsigned carried = 0;
  for (unsigned i = 0; i < loop->nresults; i++) carried += occ_words(ir_op_result(loop, i)->type);
  occ_scan s = {0};
  for (ir_block *b = ir_op_region(loop, 0)->first; b; b = b->next)
    for (ir_op *op = b->first; op; op = op->next) ir_walk_pre(op, occ_count_loads, &s);
  if (!carried || !s.words) return 0;
  return (carried + s.words + OCC_OVERHEAD + 7) / 8 * 8;
}

typedef struct occ_state {
  unsigned need;
  bool has_dot;
} occ_state;

static ir_walk_result occ_visit(ir_op *op, void *user) {
  occ_state *s = user;
  ir_opcode c = ir_op_code(op);
  if (c == IR_OP_DOT || c == IR_OP_WARP_GROUP_DOT) {
    s->has_dot = true;
    return IR_WALK_INTERRUPT;
  }
  if (c == IR_OP_FOR) {
    unsigned n = occ_loop_need(op);
    if (n > s->need) s->need = n;
  }
  return IR_WALK_ADVANCE;
}

unsigned cg_kernel_min_ctas(ir_op *func, unsigned num_warps) {
  occ_state s = {0, false};
  ir_walk_pre(func, occ_visit, &s);
  if (s.has_dot || !s.need) return 0;
  unsigned threads = num_warps * TGPU_WARP_SIZE;
  unsigned most = OCC_REGS_PER_SM / (threads * OCC_MIN_BOUND);
  if (most > OCC_THREADS_PER_SM / threads) most = OCC_THREADS_PER_SM / threads;
  unsigned k = OCC_REGS_PER_SM / (threads * s.need);
  if (k > most) k = most;
  return k ? k : 1;
}
