/* Shared memory in the LLVM lowering: the dynamic shared array, allocated offsets, and the
 * ops tgpu.local_alloc, local_dealloc, local_load, local_store and barrier.
 *
 * Needs: every op that owns shared memory carries tgpu.allocation.offset (set by the
 * allocate-shared-memory pass) and the module carries tgpu.shared (the total, which
 * becomes the kernels' dynamic shared-memory size in the metadata).
 *
 * All shared memory of a kernel is one dynamic array: an external addrspace(3) [0 x i8]
 * global aligned to 1024 (`extern .shared .align 1024 .b8 __tilec_smem[]` in PTX), sized at
 * launch. An op's buffer is base + its allocation offset. A !tgpu.memdesc value lowers to
 * one register: the addrspace(3) pointer to its first byte. Each thread stores or loads
 * the elements its distributed layout gives it, at the byte offsets of the memdesc's shared
 * layout: the arithmetic below is tgpu_shared_elem_offset (tgpu_types.c) written in LLVM
 * IR, with the xor swizzle on the fastest dim and its slabs. Runs of registers that are consecutive along
 * the fastest shared dim, and stay consecutive and aligned in shared memory, move as one
 * vector access (up to 16 bytes). A local_load into an mma dot operand from a row-major
 * memdesc whose swizzle keeps 16-byte rows whole reads with ldmatrix (load_ldmatrix). */
#include <stdio.h>
#include <string.h>

#include "Conversion/cg_internal.h"
#include "Dialect/TileGPU/linear_layout.h"
#include "Dialect/TileGPU/tgpu_types.h"

#define DYN_SMEM_NAME "__tilec_smem"
#define DYN_SMEM_ALIGN 1024

/* ---- the dynamic shared array and allocated offsets ----------------------------------- */

LLVMValueRef cg_shared_base(cg_state *st) {
  LLVMValueRef g = LLVMGetNamedGlobal(st->mod, DYN_SMEM_NAME);
  if (g) return g;
  LLVMTypeRef ty = LLVMArrayType2(LLVMInt8TypeInContext(st->ctx), 0);
  g = LLVMAddGlobalInAddressSpace(st->mod, ty, DYN_SMEM_NAME, 3);
  LLVMSetLinkage(g, LLVMExternalLinkage);
  LLVMSetAlignment(g, DYN_SMEM_ALIGN);
  return g;
}

LLVMValueRef cg_scratch_ptr(cg_state *st, ir_op *op) {
  const ir_attr *a = ir_op_get_attr(op, TGPU_ATTR_ALLOCATION_OFFSET);
  if (!a || a->kind != IR_ATTR_INT || a->ival < 0) {
    ir_emit_error(st->ictx, op->loc,
                  "internal: '%s' owns shared memory but has no " TGPU_ATTR_ALLOCATION_OFFSET
                  " (the allocate-shared-memory pass must run before conversion)",
                  ir_op_name(op));
    return NULL;
  }
  LLVMValueRef base = cg_shared_base(st);
  if (a->ival == 0) return base;
  LLVMValueRef off = cg_i32(st, a->ival);
  return LLVMBuildGEP2(st->b, LLVMInt8TypeInContext(st->ctx), base, &off, 1, "smem");
}

/* Whether op runs in the consumer (else) region of a warp-specialized kernel's split. */
static bool in_consumer(const ir_op *op) {
  for (const ir_op *o = op; o; o = ir_op_parent_op(o)) {
    const ir_op *p = ir_op_parent_op(o);
    if (p && ir_op_get_int_attr(p, TGPU_ATTR_WS_SPLIT, 0) && o->parent && o->parent->parent == ir_op_region((ir_op *)p, 1))
      return true;
  }
  return false;
}

void cg_barrier(cg_state *st) {
  if (st->cur_op && in_consumer(st->cur_op)) { /* the consumer warps only: named barrier 1 */
    char text[48];
    snprintf(text, sizeof text, "bar.sync 1, %u;", st->num_warps * TGPU_WARP_SIZE);
    cg_asm_void(st, NULL, 0, text, "~{memory}");
    return;
  }
  const char *name = "llvm.nvvm.barrier.cta.sync.aligned.all";
  if (LLVMLookupIntrinsicID(name, strlen(name))) {
    LLVMValueRef zero = cg_i32(st, 0);
    cg_intrinsic(st, name, NULL, 0, &zero, 1);
    return;
  }
  cg_intrinsic(st, "llvm.nvvm.barrier0", NULL, 0, NULL, 0);
}

/* ---- element addresses ------------------------------------------------------------------ */

static unsigned log2u(unsigned v) {
  unsigned n = 0;
  while ((1u << n) < v) n++;
  return n;
}

/* The swizzled column: col xor (((row / perPhase) mod maxPhase) * vec), which equals
 * ((col / vec) xor phase) * vec + col mod vec for powers of 2. */
static LLVMValueRef swizzle(cg_state *st, const tgpu_shared_layout *sl, LLVMValueRef col,
                            LLVMValueRef row) {
  LLVMValueRef phase = row;
  if (sl->per_phase > 1) phase = LLVMBuildLShr(st->b, phase, cg_i32(st, log2u(sl->per_phase)), "");
  phase = LLVMBuildAnd(st->b, phase, cg_i32(st, sl->max_phase - 1), "");
  if (sl->vec > 1) phase = LLVMBuildShl(st->b, phase, cg_i32(st, log2u(sl->vec)), "");
  return LLVMBuildXor(st->b, col, phase, "swz");
}

/* The element offset of register `reg` of layout l in the memdesc's shared layout, as
 * arithmetic on the register's coordinates (tgpu_shared_elem_offset written in LLVM IR). */
static LLVMValueRef coord_offset(cg_state *st, const tgpu_memdesc *md, cg_layout *l, unsigned reg) {
  const tgpu_shared_layout *sl = &md->layout;
  LLVMValueRef off = cg_layout_coord(st, l, reg, sl->order[0]), slab_start = NULL;
  int64_t stride = md->shape[sl->order[0]];
  if (sl->slab) { /* whole slabs of slab x (the other dims) before this column's slab */
    int64_t slab_elems = sl->slab;
    for (unsigned k = 1; k < md->rank; k++) slab_elems *= md->shape[sl->order[k]];
    slab_start = LLVMBuildMul(st->b, LLVMBuildLShr(st->b, off, cg_i32(st, log2u(sl->slab)), ""),
                              cg_i32(st, slab_elems), "slab");
    off = LLVMBuildAnd(st->b, off, cg_i32(st, sl->slab - 1), "");
    stride = sl->slab;
  }
  if (md->rank >= 2 && sl->max_phase > 1)
    off = swizzle(st, sl, off, cg_layout_coord(st, l, reg, sl->order[1]));
  if (slab_start) off = LLVMBuildAdd(st->b, slab_start, off, "");
  for (unsigned k = 1; k < md->rank; k++) {
    unsigned d = sl->order[k];
    LLVMValueRef c = cg_layout_coord(st, l, reg, d);
    off = LLVMBuildAdd(st->b, off, LLVMBuildMul(st->b, c, cg_i32(st, stride), ""), "");
    stride *= md->shape[d];
  }
  return off;
}

static bool pow2(int64_t v) { return v > 0 && !(v & (v - 1)); }

/* Whether the shared layout's offset is linear over GF(2) in the coordinates' bits: every
 * field a power of 2 and the swizzle staying inside its row (or slab), so that the offset's
 * bits are the coordinates' bits, some xor-ed with row bits, side by side: then
 * offset(a xor b) = offset(a) xor offset(b). */
static bool offset_is_linear(const tgpu_memdesc *md, const cg_layout *l) {
  const tgpu_shared_layout *sl = &md->layout;
  if (l->rank != md->rank) return false;
  for (unsigned d = 0; d < md->rank; d++)
    if (!pow2(md->shape[d]) || md->shape[d] != l->shape[d]) return false;
  int64_t width = md->shape[sl->order[0]];
  if (sl->slab) {
    if (!pow2(sl->slab) || sl->slab > width) return false;
    width = sl->slab;
  }
  if (md->rank >= 2 && sl->max_phase > 1)
    return pow2(sl->vec) && pow2(sl->per_phase) && pow2(sl->max_phase) && (int64_t)sl->vec * sl->max_phase <= width;
  return true;
}

/* The offset bits that the thread's part (its lane and warp) of a linear offset can set. */
static uint64_t thread_offset_bits(const tgpu_memdesc *md, const cg_layout *l) {
  int64_t c[IR_MAX_RANK];
  uint64_t mask = 0;
  for (unsigned which = 1; which <= 2; which++) {
    unsigned n = which == 1 ? l->ll.nlane : l->ll.nwarp;
    for (unsigned k = 0; k < n; k++) {
      tgpu_ll_layout_coords(&l->ll, tgpu_ll_layout_basis(&l->ll, which, k), c);
      mask |= (uint64_t)tgpu_shared_elem_offset(&md->layout, md->shape, c);
    }
  }
  return mask;
}

void cg_shared_addr_init(cg_state *st, cg_shared_addr *a, LLVMValueRef base, const tgpu_memdesc *md, cg_layout *l) {
  *a = (cg_shared_addr){.base = base, .md = md, .l = l};
  if (!offset_is_linear(md, l)) return;
  a->thread = coord_offset(st, md, l, 0);
  a->thread_bits = thread_offset_bits(md, l);
}

/* With a linear offset, register r's is the thread's part xor the register's constant part,
 * which cg_shared_offset_addr splits into an xor (the bits the thread's part may set) and an
 * immediate (the others), instead of an address per register. */
LLVMValueRef cg_shared_addr_at(cg_state *st, const cg_shared_addr *a, unsigned reg, LLVMTypeRef mt) {
  if (!a->thread) {
    LLVMValueRef off = coord_offset(st, a->md, a->l, reg);
    return LLVMBuildGEP2(st->b, mt, a->base, &off, 1, "");
  }
  uint64_t c = (uint64_t)tgpu_shared_elem_offset(&a->md->layout, a->md->shape, cg_layout_reg_coords(a->l, reg));
  return cg_shared_offset_addr(st, a->base, mt, a->thread, a->thread_bits, c);
}

LLVMValueRef cg_shared_offset_addr(cg_state *st, LLVMValueRef base, LLVMTypeRef mt, LLVMValueRef dyn,
                                   uint64_t dyn_bits, uint64_t stat) {
  if (stat & dyn_bits) dyn = LLVMBuildXor(st->b, dyn, cg_i32(st, (int64_t)(stat & dyn_bits)), "");
  LLVMValueRef p = LLVMBuildGEP2(st->b, mt, base, &dyn, 1, "");
  uint64_t rest = stat & ~dyn_bits;
  if (!rest) return p;
  LLVMValueRef k = cg_i32(st, (int64_t)(rest * LLVMABISizeOfType(LLVMGetModuleDataLayout(st->mod), mt)));
  return LLVMBuildInBoundsGEP2(st->b, LLVMInt8TypeInContext(st->ctx), p, &k, 1, "");
}

/* ---- vector width ---------------------------------------------------------------------- */

/* The allocation offset of the buffer a memdesc value names, or -1 when it is not known
 * here (not from a local_alloc). A stage of a multi-buffered allocation (memdesc_index, the
 * pipeline's run-time stage) gives a value aligned as every stage is: the gcd of the
 * allocation's offset and one stage's bytes. */
static int64_t buffer_offset(ir_value *md) {
  ir_op *def = ir_value_def(md);
  tgpu_memdesc whole;
  if (def && ir_op_code(def) == IR_OP_MEMDESC_INDEX && tgpu_memdesc_get(ir_op_operand(def, 0)->type, &whole)) {
    int64_t base = buffer_offset(ir_op_operand(def, 0)), tile = (int64_t)tgpu_memdesc_tile_bytes(&whole);
    return base < 0 || tile <= 0 ? -1 : sup_gcd64(base, tile);
  }
  if (!def || ir_op_code(def) != IR_OP_LOCAL_ALLOC) return -1;
  const ir_attr *a = ir_op_get_attr(def, TGPU_ATTR_ALLOCATION_OFFSET);
  return a && a->kind == IR_ATTR_INT ? a->ival : -1;
}

/* The register bits of a gathered store: bits[i] (i < k) is a register input bit that steps
 * the fastest shared dim f by exactly 2^i, any bit, not only the lowest (a tile loaded
 * contiguous along another dim, stored transposed: each thread holds runs along f whose
 * registers are strided); every other input bit (registers, lanes, warps) leaves f's low k
 * bits alone, so the 2^k registers r | (a subset of the bits) are consecutive along f from
 * a multiple of 2^k. Capped by 16 bytes, by the swizzle's vector (a run must not cross a
 * swizzle group) and by the buffer's alignment; returns k (0 when the registers do not run
 * along f or the offset is unknown). */
static unsigned gather_bits(const cg_layout *l, const tgpu_memdesc *md, int64_t offset, unsigned *bits) {
  const tgpu_ll_layout *ll = &l->ll;
  unsigned f = md->layout.order[0], eb = ir_type_byte_size(md->elem), shift = 0, k = 0;
  if (offset < 0 || !eb) return 0;
  for (unsigned d = f + 1; d < ll->rank; d++) shift += ll->dim_bits[d];
  unsigned limit = 16 / eb;
  if (md->layout.max_phase > 1 && md->layout.vec < limit) limit = md->layout.vec;
  while (k < ll->dim_bits[f] && (2u << k) <= limit) {
    unsigned r = 0;
    while (r < ll->nreg && tgpu_ll_layout_basis(ll, 0, r) != (1u << (shift + k))) r++;
    if (r == ll->nreg) break;
    bits[k++] = r;
  }
  for (; k > 0; k--) { /* the other bits must leave f's low k bits alone */
    uint32_t low = ((1u << k) - 1) << shift, used = 0;
    for (unsigned i = 0; i < k; i++) used |= 1u << bits[i];
    bool clean = true;
    for (unsigned w = 0; w < 3 && clean; w++) {
      unsigned n = w == 0 ? ll->nreg : w == 1 ? ll->nlane : ll->nwarp;
      for (unsigned i = 0; i < n && clean; i++)
        clean = (w == 0 && (used >> i & 1)) || (tgpu_ll_layout_basis(ll, w, i) & low) == 0;
    }
    if (clean && offset % ((int64_t)eb << k) == 0) break;
  }
  return k;
}

/* Register j (0 .. 2^k - 1) of the gathered run that starts at register r. */
static unsigned gather_reg(unsigned r, unsigned j, const unsigned *bits, unsigned k) {
  for (unsigned i = 0; i < k; i++)
    if (j >> i & 1) r |= 1u << bits[i];
  return r;
}

/* Whether the registers idx[0..n-1] are consecutive along dim f (same on the others). */
static bool regs_run(const cg_layout *l, const unsigned *idx, unsigned n, unsigned f) {
  const int64_t *c0 = cg_layout_reg_coords(l, idx[0]);
  for (unsigned j = 1; j < n; j++) {
    if (idx[j] >= l->nregs) return false;
    const int64_t *c = cg_layout_reg_coords(l, idx[j]);
    for (unsigned d = 0; d < l->rank; d++)
      if (c[d] != c0[d] + (d == f ? (int64_t)j : 0)) return false;
  }
  return true;
}

/* Elements per access of a run of consecutive registers (a local_load's): gather_bits's
 * run while its bits are the lowest register bits, in order. */
static unsigned vector_width(const cg_layout *l, const tgpu_memdesc *md, int64_t offset) {
  unsigned bits[8], k = gather_bits(l, md, offset, bits), n = 0;
  while (n < k && bits[n] == n) n++;
  return 1u << n;
}

/* Whether registers reg .. reg+v-1 are consecutive along dim f (same on the others). */
bool cg_layout_is_run(const cg_layout *l, unsigned reg, unsigned v, unsigned f) {
  unsigned idx[16] = {reg};
  if (v > 16 || reg + v > l->nregs) return false; /* a run is at most 16 one-byte elements */
  for (unsigned j = 0; j < v; j++) idx[j] = reg + j;
  return regs_run(l, idx, v, f);
}

bool cg_memdesc_of(cg_state *st, ir_op *op, const ir_type *t, tgpu_memdesc *out) {
  if (tgpu_memdesc_get(t, out)) return true;
  ir_emit_error(st->ictx, op->loc, "internal: '%s' without a valid !tgpu.memdesc", ir_op_name(op));
  return false;
}

/* Stores the registers idx[0..n-1] of v (n > 1: one vector store) at the address of
 * register idx[0]. */
static void store_run(cg_state *st, const cg_val *v, const unsigned *idx, unsigned n, LLVMValueRef addr,
                      LLVMTypeRef ty, LLVMTypeRef mt) {
  LLVMValueRef x = NULL;
  for (unsigned j = 0; j < n; j++) {
    LLVMValueRef r = ty == mt ? v->regs[idx[j]] : LLVMBuildZExt(st->b, v->regs[idx[j]], mt, "");
    if (n == 1) x = r;
    else x = LLVMBuildInsertElement(st->b, x ? x : LLVMGetUndef(LLVMVectorType(mt, n)), r, cg_i32(st, j), "");
  }
  LLVMValueRef s = LLVMBuildStore(st->b, x, addr);
  LLVMSetAlignment(s, (unsigned)LLVMABISizeOfType(LLVMGetModuleDataLayout(st->mod), mt) * n);
}

/* Every thread writes the registers of `tensor` into the buffer at `base`; `offset` is the
 * buffer's allocation offset (-1: unknown). Runs along the fastest shared dim go out as
 * vector stores (gather_bits: consecutive or strided registers); a run that fails the
 * check, one register at a time. */
static bool store_tile(cg_state *st, ir_op *op, ir_value *tensor, LLVMValueRef base,
                       const tgpu_memdesc *md, int64_t offset) {
  cg_layout l;
  cg_val *v = cg_get(st, tensor);
  if (!v || !cg_layout_get(st, tensor->type, op->loc, &l) || v->n < l.nregs) return false;
  LLVMTypeRef ty = cg_scalar_type(st, md->elem), mt = cg_mem_type(st, md->elem);
  unsigned bits[8], k = gather_bits(&l, md, offset, bits), w = 1u << k, f = md->layout.order[0], idx[16];
  uint32_t starts_mask = 0;
  for (unsigned i = 0; i < k; i++) starts_mask |= 1u << bits[i];
  cg_shared_addr a;
  cg_shared_addr_init(st, &a, base, md, &l);
  for (unsigned i = 0; i < l.nregs; i++) {
    if (i & starts_mask) continue; /* inside another register's run */
    for (unsigned j = 0; j < w; j++) idx[j] = gather_reg(i, j, bits, k);
    if (w > 1 && regs_run(&l, idx, w, f)) {
      store_run(st, v, idx, w, cg_shared_addr_at(st, &a, i, mt), ty, mt);
      continue;
    }
    for (unsigned j = 0; j < w; j++)
      if (idx[j] < l.nregs) store_run(st, v, &idx[j], 1, cg_shared_addr_at(st, &a, idx[j], mt), ty, mt);
  }
  return true;
}

/* ---- ops ------------------------------------------------------------------------------- */

bool cg_lower_local_alloc(cg_state *st, ir_op *op) {
  tgpu_memdesc md;
  if (!cg_memdesc_of(st, op, op->results[0].type, &md)) return false;
  LLVMValueRef base = cg_scratch_ptr(st, op);
  if (!base) return false;
  int64_t offset = ir_op_get_int_attr(op, TGPU_ATTR_ALLOCATION_OFFSET, -1);
  if (op->noperands && !store_tile(st, op, ir_op_operand(op, 0), base, &md, offset)) return false;
  cg_set(st, ir_op_result(op, 0), cg_val_splat(st, 1, base));
  return true;
}

bool cg_lower_local_store(cg_state *st, ir_op *op) {
  tgpu_memdesc md;
  cg_val *buf = cg_get(st, ir_op_operand(op, 1));
  if (!buf || !cg_memdesc_of(st, op, op->operands[1].value->type, &md)) return false;
  return store_tile(st, op, ir_op_operand(op, 0), buf->regs[0], &md,
                    buffer_offset(ir_op_operand(op, 1)));
}

/* Loads registers i .. i+n-1 of r (n > 1: one vector load) from the address of register i. */
static void load_run(cg_state *st, cg_val *r, unsigned i, unsigned n, LLVMValueRef addr,
                     LLVMTypeRef ty, LLVMTypeRef mt) {
  LLVMTypeRef lt = n == 1 ? mt : LLVMVectorType(mt, n);
  LLVMValueRef x = LLVMBuildLoad2(st->b, lt, addr, "");
  LLVMSetAlignment(x, (unsigned)LLVMABISizeOfType(LLVMGetModuleDataLayout(st->mod), mt) * n);
  for (unsigned j = 0; j < n; j++) {
    LLVMValueRef e = n == 1 ? x : LLVMBuildExtractElement(st->b, x, cg_i32(st, j), "");
    r->regs[i + j] = ty == mt ? e : LLVMBuildICmp(st->b, LLVMIntNE, e, LLVMConstNull(mt), "");
  }
}

/* A local_load into an mma dot operand from a row-major memdesc whose 16-byte rows stay
 * whole (the swizzle moves 16-byte chunks, or there is none): ldmatrix, with the memdesc's
 * swizzle written as a conversion plan's (ldmatrix.c). False when it does not apply. */
static bool load_ldmatrix(cg_state *st, const tgpu_memdesc *md, const ir_type *t, LLVMValueRef base, cg_val *r) {
  unsigned pair_dim, eb = ir_type_byte_size(md->elem), rank = md->rank;
  const tgpu_shared_layout *sl = &md->layout;
  if (!tgpu_ldmatrix_operand(t->encoding, rank, eb, &pair_dim) || (rank != 2 && rank != 3) || sl->slab) return false;
  for (unsigned k = 0; k < rank; k++)
    if (sl->order[k] != rank - 1 - k) return false; /* row-major */
  if (sl->max_phase > 1 && sl->vec * eb != 16) return false;
  tgpu_cvt_plan p;
  memset(&p, 0, sizeof p);
  if (tgpu_ll_from_encoding(t->encoding, rank, t->shape, &p.dst)) return false;
  unsigned cbits = p.dst.dim_bits[rank - 1];
  if ((16u / eb) > (1u << cbits) || p.dst.dim_bits[rank - 2] < 3) return false;
  p.elem_bytes = eb;
  p.ldmatrix = pair_dim == rank - 1 ? 1 : 2;
  tgpu_cvt_plan_set_swizzle(&p, sl, cbits);
  cg_ldmatrix_load(st, &p, base, cg_scalar_type(st, md->elem), r);
  return true;
}

bool cg_lower_local_load(cg_state *st, ir_op *op) {
  tgpu_memdesc md;
  cg_layout l;
  cg_val *buf = cg_get(st, ir_op_operand(op, 0));
  if (!buf || !cg_memdesc_of(st, op, op->operands[0].value->type, &md)) return false;
  if (!cg_layout_get(st, op->results[0].type, op->loc, &l)) return false;
  LLVMTypeRef ty = cg_scalar_type(st, md.elem), mt = cg_mem_type(st, md.elem);
  cg_val *lr = cg_val_new(st, l.nregs);
  if (load_ldmatrix(st, &md, op->results[0].type, buf->regs[0], lr)) {
    cg_set(st, ir_op_result(op, 0), lr);
    return true;
  }
  unsigned w = vector_width(&l, &md, buffer_offset(ir_op_operand(op, 0)));
  cg_val *r = cg_val_new(st, l.nregs);
  cg_shared_addr a;
  cg_shared_addr_init(st, &a, buf->regs[0], &md, &l);
  for (unsigned i = 0; i < l.nregs;) {
    unsigned n = w > 1 && cg_layout_is_run(&l, i, w, md.layout.order[0]) ? w : 1;
    load_run(st, r, i, n, cg_shared_addr_at(st, &a, i, mt), ty, mt);
    i += n;
  }
  cg_set(st, ir_op_result(op, 0), r);
  return true;
}

bool cg_lower_local_dealloc(cg_state *st, ir_op *op) {
  (void)st, (void)op; /* offsets are static: nothing to free */
  return true;
}

bool cg_lower_barrier(cg_state *st, ir_op *op) {
  (void)op; /* st->cur_op */
  cg_barrier(st);
  return true;
}
