/* Private to lib/Conversion: the cg_module behind conversion.h's opaque handle and the per-kernel lowering state shared by the conversion files.
 *
 * Lowering model (docs/codegen.md): each tgpu tensor value becomes, in each thread, an
 * array of LLVM scalars (a cg_val), one per element the thread holds, in the register order
 * of tgpu.h. A scalar value is a cg_val of one register. */
#ifndef TILEC_CG_INTERNAL_H
#define TILEC_CG_INTERNAL_H

#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>

#include "Analysis/axisinfo.h"
#include "Conversion/conversion.h"
#include "Dialect/TileGPU/linear_layout.h"
#include "Dialect/TileGPU/tgpu.h"
#include "Dialect/TileGPU/tgpu_types.h"
#include "Target/NVPTX/nvptx.h"

struct cg_module {
  LLVMContextRef ctx;        /* owned: created per conversion, never the global context */
  LLVMModuleRef mod;         /* owned by ctx's lifetime; disposed before ctx */
  cg_kernel_info *kernels;   /* heap array */
  size_t nkernels;
  const tgpu_target *target; /* static record (target_info.h) */
  char *libdevice_path;      /* heap copy or NULL */
  int opt_level;
  bool optimized;            /* cg_optimize ran */
};

/* One value in one thread: n registers (n = 1 for a scalar). */
typedef struct cg_val {
  unsigned n;
  LLVMValueRef *regs;
} cg_val;

/* Lowering state of one kernel. */
typedef struct cg_state {
  ir_context *ictx;
  cg_module *cm;
  LLVMContextRef ctx;
  LLVMModuleRef mod;
  LLVMBuilderRef b;
  LLVMValueRef fn;
  sup_arena *arena;          /* per-kernel scratch (cg_val arrays, layouts) */
  sup_ptrmap vals;           /* ir_value* -> cg_val* */
  unsigned num_warps;
  LLVMValueRef lane, warp;   /* i32, computed in the entry block */
  LLVMValueRef warp_uniform; /* cg_warp_uniform's value, once built */
  axis_analysis *axis;       /* the module's axis info (constancy: cleanup.c), or NULL */
  LLVMValueRef global_scratch; /* the hidden last parameter (ptr addrspace(1)) of a kernel with
                                  tgpu.global_scratch, else NULL (tensordesc.c) */
  unsigned global_scratch_bytes; /* per program */
  const ir_op *cur_op;       /* the op being lowered (cg_barrier: which warps take part) */
} cg_state;

/* A tensor type's distribution over one thread's registers, read from its linear layout
 * (Dialect/TileGPU/linear_layout.h): register r of thread (lane, warp) holds element
 * ll(r, 0, 0) XOR ll(0, lane, warp). */
typedef struct cg_layout {
  unsigned rank;
  int64_t shape[IR_MAX_RANK];
  unsigned nregs;
  int64_t *coords;                   /* nregs * rank static coordinates: ll(r, 0, 0) (arena) */
  tgpu_ll_layout ll;
  LLVMValueRef base[IR_MAX_RANK];    /* the thread's part per dim, built on first use: valid
                                        only where it was built (one op's lowering) */
} cg_layout;

/* ---- convert.c: the lowering table ---- */
typedef LLVMValueRef (*cg_bin_builder)(LLVMBuilderRef, LLVMValueRef, LLVMValueRef, const char *);
typedef struct cg_lowering cg_lowering;
/* How one opcode is lowered: its row in convert.c's table, indexed by opcode. Either
 * `lower` lowers the op by itself, or `elementwise` lowers an op of an element-wise family
 * with the data of the row (the other fields). An opcode without a row cannot be lowered. */
struct cg_lowering {
  bool (*lower)(cg_state *st, ir_op *op);
  bool (*elementwise)(cg_state *st, ir_op *op, const cg_lowering *row);
  cg_bin_builder build;      /* cg_ew_binary: an LLVMBuild* function, or */
  const char *intrinsic;     /* cg_ew_binary, cg_ew_math: an overloaded LLVM intrinsic */
  const char *libdevice;     /* cg_ew_math: the f32 libdevice function (f64: without 'f') */
  LLVMOpcode cast;           /* cg_ew_cast */
  /* Triton's fast f32 path (cg_ew_binary, cg_ew_math): an NVVM intrinsic used for f32
   * values, and f16/bf16 ones computed in f32, in place of the IEEE operation or libdevice:
   * '/' is div.full.f32, tl.exp is ex2.approx.f32 of x * log2(e), tl.exp2 and tl.sqrt are
   * the .approx.ftz forms, as Triton compiles them. `prescale` (when non-zero) multiplies
   * the operand first. f64 keeps the precise form. */
  const char *approx_f32;
  double prescale;
};

/* ---- convert.c ---- */
/* The value map. cg_get returns NULL (after an error) for an unmapped value. */
cg_val *cg_get(cg_state *st, ir_value *v);
void cg_set(cg_state *st, ir_value *v, cg_val *cv);
cg_val *cg_val_new(cg_state *st, unsigned n);
cg_val *cg_val_splat(cg_state *st, unsigned n, LLVMValueRef r);
/* LLVM type of a scalar ir type (tensor: of its element); i1 stays i1. */
LLVMTypeRef cg_scalar_type(cg_state *st, const ir_type *t);
/* In-memory type of a scalar element (i1 is stored as i8). */
LLVMTypeRef cg_mem_type(cg_state *st, const ir_type *t);
/* Registers per thread of a value of type t (1 for scalars); 0 after an error. */
unsigned cg_num_regs(cg_state *st, const ir_type *t, ir_loc loc);
/* Calls the intrinsic `name` (overloaded on `over`). */
LLVMValueRef cg_intrinsic(cg_state *st, const char *name, LLVMTypeRef *over, unsigned nover,
                          LLVMValueRef *args, unsigned nargs);
/* A call to inline PTX `text` returning a value of type ret (void: none), at most 16
 * operands; side_effects keeps LLVM from moving, merging or dropping it. */
LLVMValueRef cg_asm(cg_state *st, LLVMTypeRef ret, LLVMValueRef *args, unsigned nargs, const char *text,
                    const char *constraints, bool side_effects);
/* A call to side-effecting inline PTX `text` returning nothing (at most 16 operands). */
void cg_asm_void(cg_state *st, LLVMValueRef *args, unsigned nargs, const char *text, const char *constraints);
/* Adds the string attribute key=val to the function being converted. */
void cg_fn_string_attr(cg_state *st, const char *key, const char *val);
/* A special register's axis (0..2: x, y, z): cg_sreg(st, "ctaid", 0) reads %ctaid.x. */
LLVMValueRef cg_sreg(cg_state *st, const char *what, unsigned axis);
/* Calls (declaring on first use) an external function such as a libdevice one. */
LLVMValueRef cg_call_extern(cg_state *st, const char *name, LLVMTypeRef ret,
                            LLVMTypeRef *params, unsigned nparams, LLVMValueRef *args);
LLVMValueRef cg_i32(cg_state *st, int64_t v);
LLVMValueRef cg_i64(cg_state *st, int64_t v);
/* Lowers the ops of block `blk` (arguments already mapped) up to, not including, its
 * terminator, which it returns (NULL when the block has none). *ok is false on error. */
ir_op *cg_lower_block(cg_state *st, ir_block *blk, bool *ok);

/* ---- layout.c ---- */
bool cg_layout_get(cg_state *st, const ir_type *t, ir_loc loc, cg_layout *out);
/* The element coordinate (i32) of register `reg` along tensor dim `dim` (caches the
 * thread's base in l). */
LLVMValueRef cg_layout_coord(cg_state *st, cg_layout *l, unsigned reg, unsigned dim);
/* The register of l whose static coordinates equal `coords` on every dim where `keep` is
 * set (NULL: all); -1 when none. */
int cg_layout_find(const cg_layout *l, const int64_t *coords, const bool *keep);
const int64_t *cg_layout_reg_coords(const cg_layout *l, unsigned reg);
/* Whether this thread holds the first copy of its elements of l (its lane and warp bits
 * whose basis vector is zero, which reach replicas, are all 0), as an i1; *out_reg_replica
 * gets the register bits that reach replicas (register r is one when r & them). */
LLVMValueRef cg_layout_owner(cg_state *st, const cg_layout *l, uint32_t *out_reg_replica);
/* The i32 value of sum over input bits k of x of vals[k] (x: the lane or warp index, n
 * bits): bit fields where vals are single shifted bits, selects and XOR otherwise. */
LLVMValueRef cg_layout_bits(cg_state *st, LLVMValueRef x, const uint32_t *vals, unsigned n);

/* ---- print.c, inline_asm.c ---- */
bool cg_lower_print(cg_state *st, ir_op *op);
bool cg_lower_inline_asm(cg_state *st, ir_op *op);

/* ---- elementwise.c ---- (each returns false after an error) */
bool cg_ew_binary(cg_state *st, ir_op *op, const cg_lowering *row);
bool cg_ew_cast(cg_state *st, ir_op *op, const cg_lowering *row);
bool cg_ew_math(cg_state *st, ir_op *op, const cg_lowering *row);
bool cg_lower_cmpi(cg_state *st, ir_op *op);
bool cg_lower_cmpf(cg_state *st, ir_op *op);
bool cg_lower_select(cg_state *st, ir_op *op);
bool cg_lower_constant(cg_state *st, ir_op *op);
bool cg_lower_negf(cg_state *st, ir_op *op);
bool cg_lower_mulhiui(cg_state *st, ir_op *op);
bool cg_lower_absi(cg_state *st, ir_op *op);

/* ---- memory.c ---- */
bool cg_lower_addptr(cg_state *st, ir_op *op);
bool cg_lower_load(cg_state *st, ir_op *op);
bool cg_lower_store(cg_state *st, ir_op *op);

/* ---- tensor.c ---- */
bool cg_lower_make_range(cg_state *st, ir_op *op);
bool cg_lower_splat(cg_state *st, ir_op *op);
bool cg_lower_broadcast(cg_state *st, ir_op *op);
bool cg_lower_expand_dims(cg_state *st, ir_op *op);
bool cg_lower_reshape(cg_state *st, ir_op *op);

/* ---- elementwise.c ---- */
/* Bytes x0 and x1 as one i16, x0 in the low byte. When they are elements 2j and 2j+1 of one
 * vector of bytes (a vector load's), that vector's 16-bit lane j: no instructions, where
 * packing two loaded bytes again costs three (LLVM does not fold it back). */
LLVMValueRef cg_byte_pair(cg_state *st, LLVMValueRef x0, LLVMValueRef x1);

/* ---- fp8.c ---- */
/* arith.extf / arith.truncf: with an fp8 side, fp8.c's conversions; else cg_ew_cast. */
bool cg_ew_fcast(cg_state *st, ir_op *op, const cg_lowering *row);
/* The i8 constant of v in fp8 type t (rounded and saturated as the conversions do);
 * false when t is not fp8. */
bool cg_fp8_constant(cg_state *st, const ir_type *t, double v, LLVMValueRef *out);
/* False (after an error) when op would compute on fp8 values (only conversions, select
 * and data movement may touch them). */
bool cg_fp8_check(cg_state *st, ir_op *op);
/* An fp8 register (an i8) of scalar type t as f32; NULL when t is not fp8. */
LLVMValueRef cg_fp8_to_f32(cg_state *st, LLVMValueRef x, const ir_type *t);

/* ---- shape.c ---- */
bool cg_lower_trans(cg_state *st, ir_op *op);
bool cg_lower_join(cg_state *st, ir_op *op);
bool cg_lower_split(cg_state *st, ir_op *op);
/* tt.reshape: allow_reorder's register-keeping case, else cg_lower_reshape. */
bool cg_lower_reshape_op(cg_state *st, ir_op *op);

/* ---- shared.c ---- */
/* The module's dynamic shared array (external addrspace(3) [0 x i8], align 1024), declared
 * on first use. */
LLVMValueRef cg_shared_base(cg_state *st);
/* The addrspace(3) address of the shared memory `op` owns (a local_alloc's buffer, a
 * convert_layout's scratch): the dynamic array + op's tgpu.allocation.offset. NULL after an
 * internal error when the attribute is missing (allocate-shared-memory did not run). */
LLVMValueRef cg_scratch_ptr(cg_state *st, ir_op *op);
/* A barrier over the warps that run the op being lowered: CTA-wide (bar.sync 0), or in the
 * consumer region of a warp-specialized kernel named barrier 1 over the consumer warps (the
 * producer warpgroup never reaches it: a layout conversion's or a reduction's own barrier
 * there would wait for it forever). */
void cg_barrier(cg_state *st);
/* tgpu.local_alloc/local_store/local_load/local_dealloc/barrier. */
bool cg_lower_local_alloc(cg_state *st, ir_op *op);
bool cg_lower_local_store(cg_state *st, ir_op *op);
bool cg_lower_local_load(cg_state *st, ir_op *op);
bool cg_lower_local_dealloc(cg_state *st, ir_op *op);
bool cg_lower_barrier(cg_state *st, ir_op *op);
/* The memdesc type t decoded, or false after an internal error at op. */
bool cg_memdesc_of(cg_state *st, ir_op *op, const ir_type *t, tgpu_memdesc *out);
/* The address of element dyn xor stat of type mt at base, where dyn (i32) is a
 * thread-dependent offset that sets only bits in dyn_bits and stat a constant: the bits of
 * stat in dyn_bits an xor, the others a second GEP by a constant (not an add in the index,
 * which LLVM folds back into dyn's arithmetic), which the backend folds into the access's
 * immediate offset, so that registers that differ by constants share one address. */
LLVMValueRef cg_shared_offset_addr(cg_state *st, LLVMValueRef base, LLVMTypeRef mt, LLVMValueRef dyn,
                                   uint64_t dyn_bits, uint64_t stat);
/* The addresses of a layout's registers in a memdesc's buffer (its shared layout's order and
 * swizzle), for one op: cg_shared_addr_init once, then cg_shared_addr_at per register. When
 * the shared layout's offset is linear in the coordinates' bits, `thread` is the thread's
 * part (register 0's offset, built once) and thread_bits the bits it may set; else NULL. */
typedef struct cg_shared_addr {
  LLVMValueRef base;
  const tgpu_memdesc *md;
  cg_layout *l;
  LLVMValueRef thread;
  uint64_t thread_bits;
} cg_shared_addr;
void cg_shared_addr_init(cg_state *st, cg_shared_addr *a, LLVMValueRef base, const tgpu_memdesc *md, cg_layout *l);
/* Address (element type mt) of the element register `reg` of the layout holds. */
LLVMValueRef cg_shared_addr_at(cg_state *st, const cg_shared_addr *a, unsigned reg, LLVMTypeRef mt);
/* Whether registers reg .. reg+v-1 of l are consecutive along dim f (the same on the others). */
bool cg_layout_is_run(const cg_layout *l, unsigned reg, unsigned v, unsigned f);

/* ---- async_copy.c ---- */
bool cg_lower_memdesc_index(cg_state *st, ir_op *op);
bool cg_lower_async_copy(cg_state *st, ir_op *op);
bool cg_lower_async_commit(cg_state *st, ir_op *op);
bool cg_lower_async_wait(cg_state *st, ir_op *op);

/* ---- convert_layout.c ---- */
/* Element index e (i32) moved to its slot in a SHARED plan's scratch (the plan's XOR
 * swizzle, tgpu_convert_swizzle's arithmetic in LLVM IR). */
LLVMValueRef cg_convert_swizzle(cg_state *st, const tgpu_cvt_plan *p, LLVMValueRef e);
/* The thread's part of its slots in a SHARED plan's scratch for layout l (one of the plan's
 * two sides), and in *out_mask the slot bits that part may set. */
LLVMValueRef cg_convert_thread_slot(cg_state *st, const tgpu_cvt_plan *p, const tgpu_ll_layout *l,
                                    uint32_t *out_mask);
/* Lowers tgpu.convert_layout by the route tgpu_convert_plan picks. */
bool cg_lower_convert_layout(cg_state *st, ir_op *op);

/* ---- wgmma.c ---- */
bool cg_lower_warp_group_dot(cg_state *st, ir_op *op);
bool cg_lower_warp_group_dot_wait(cg_state *st, ir_op *op);
/* The registers passed through empty volatile asm (four f32, or four i32 of an i8 dot, per call), so that LLVM
 * treats them as opaque values computed at this point (wgmma.c). */
cg_val *cg_wgmma_opaque(cg_state *st, const cg_val *c);
bool cg_lower_fence_async_shared(cg_state *st, ir_op *op);
/* tma.c: the mbarrier ops (one function for the four), tgpu.tma_load, tgpu.tma_store */
bool cg_lower_mbarrier(cg_state *st, ir_op *op);
bool cg_lower_tma_load(cg_state *st, ir_op *op);
bool cg_lower_tma_store(cg_state *st, ir_op *op);
bool cg_lower_tma_store_wait(cg_state *st, ir_op *op);
/* The warp index as a value ptxas knows to be warp-uniform (a shuffle from lane 0). */
LLVMValueRef cg_warp_uniform(cg_state *st);
bool cg_lower_ws_producer(cg_state *st, ir_op *op); /* tgpu.ws_producer: warp >= num_warps */
bool cg_lower_set_max_nreg(cg_state *st, ir_op *op); /* tgpu.set_max_nreg: setmaxnreg (tma.c) */

/* ---- ldmatrix.c ---- */
/* The loads of a SHARED conversion whose plan says ldmatrix (a 16-bit mma dot operand):
 * fills r (element type ty) from the scratch at base. */
void cg_ldmatrix_load(cg_state *st, const tgpu_cvt_plan *p, LLVMValueRef base, LLVMTypeRef ty, cg_val *r);
/* The loads of a SHARED conversion through a permuted scratch (plan ldmatrix 3): plain
 * ldmatrix, each 16-byte chunk one row, into any 16-bit destination layout. */
void cg_ldmatrix_rows(cg_state *st, const tgpu_cvt_plan *p, LLVMValueRef base, LLVMTypeRef ty, cg_val *r);

/* ---- cleanup.c ---- */
/* After an elementwise op's lowering: registers the axis analysis proves equal (runs of
 * `constancy` equal elements) take their group's first register's value. */
void cg_dedupe_constant(cg_state *st, ir_op *op);
/* Marks every floating-point add, subtract and multiply of fn `contract`, so that the
 * backend fuses a multiply into the add that uses it (Triton's enable_fp_fusion). */
void cg_allow_contraction(LLVMValueRef fn);
/* After optimization: moves each value conversion (element extracts, bitcasts, float and
 * integer casts) whose users all sit in its block to just before the first of them. */
void cg_sink_conversions(LLVMModuleRef mod);

/* ---- combine.c ---- */
/* The binary function of a tt.reduce (or tt.scan): the op named by its `combine` attribute,
 * or its combine region, lowered inline at each use on one thread's scalars. */
typedef struct cg_combiner {
  ir_op *op;
  ir_opcode named;  /* IR_OP_UNKNOWN: the region */
  unsigned n;       /* values combined at once (the op's operands) */
} cg_combiner;
void cg_combiner_init(cg_combiner *c, ir_op *op);
/* The operands of a tt.reduce / tt.scan (at most max): their element sizes in bytes and
 * their lowered values; false after an error. */
bool cg_combining_operands(cg_state *st, ir_op *op, unsigned max, unsigned *sizes, cg_val **in);
/* out[i] = (a combine b)[i] for i < c->n (out may alias a); false after an error. */
bool cg_combine(cg_state *st, const cg_combiner *c, LLVMValueRef *a, LLVMValueRef *b, LLVMValueRef *out);
/* v as held by another lane of the warp: lane `lane` (shfl.sync.idx) or this lane XOR
 * `lane` (bfly); any scalar type, in 32-bit pieces (narrow values widened, pointers and
 * floats as integers of their width). */
LLVMValueRef cg_shfl(cg_state *st, LLVMValueRef v, bool bfly, LLVMValueRef lane);
/* cg_shfl by butterfly with a constant lane mask. */
LLVMValueRef cg_shfl_bfly(cg_state *st, LLVMValueRef v, unsigned lane_mask);

/* ---- dot.c ---- */
/* Lowers tt.dot: mma.sync for an mma result, the FMA dot for a blocked one. */
bool cg_lower_dot(cg_state *st, ir_op *op);

/* ---- reduce.c ---- */
/* Lowers tt.reduce: registers, butterfly shuffles, then scratch across warps. */
bool cg_lower_reduce(cg_state *st, ir_op *op);

/* ---- scan.c ---- */
/* Lowers tt.scan: partner blocks merged axis bit by axis bit (registers, shuffles, scratch). */
bool cg_lower_scan(cg_state *st, ir_op *op);

/* ---- atomic.c ---- */
/* tt.atomic_rmw / tt.atomic_cas: predicated atom (red when the result is unused). */
bool cg_lower_atomic_rmw(cg_state *st, ir_op *op);
bool cg_lower_atomic_cas(cg_state *st, ir_op *op);

/* tensordesc.c: host tensor descriptor parameters. The LLVM parameter type of a
 * !tt.tensordesc argument (a generic pointer) and its attributes (byval([128 x i8]),
 * align 64, "nvvm.grid_constant") on st->fn's parameter i. */
LLVMTypeRef cg_tensordesc_param_type(cg_state *st);
void cg_tensordesc_param_attrs(cg_state *st, unsigned i);
/* The generic address of the 128-byte CUtensorMap that the kernel argument `desc` (a
 * !tt.tensordesc value) holds; NULL after an error (unmapped value). */
LLVMValueRef cg_tensordesc_ptr(cg_state *st, ir_value *desc);
/* The bytes of global scratch each program of kernel f needs (tgpu.global_scratch; 0:
 * none). A kernel that needs some gets it as a hidden last parameter (ptr addrspace(1),
 * 128-byte aligned: st->global_scratch), and needs PTX ISA 8.6 (CG_TENSORMAP_PTX: tensormap.replace
 * came in 8.3, but ptxas releases before 8.6 took .global_stride in 16-byte units, later ones
 * in bytes as the ISA says; 8.6 keeps the PTX away from the older ones). */
unsigned cg_global_scratch_bytes(const ir_op *f);
#define CG_TENSORMAP_PTX "86"
/* tt.make_tensor_descriptor: writes the tensormap (tensormap.replace in shared memory, then
 * copied to the program's global-scratch slot with the proxy fences). */
bool cg_lower_make_tensor_descriptor(cg_state *st, ir_op *op);
/* The lowering of tt.descriptor_load / tt.descriptor_store until TMA lands: a located
 * "not supported yet" error. */
bool cg_lower_descriptor_unsupported(cg_state *st, ir_op *op);

/* ---- occupancy.c ---- */
/* The .minnctapersm hint for kernel `func` (a tgpu-level tt.func) run with num_warps warps:
 * the CTAs per SM its streaming accumulation loops reach with one iteration's loads in
 * registers; 0 (no hint) for kernels with a dot or without such a loop. */
unsigned cg_kernel_min_ctas(ir_op *func, unsigned num_warps);

/* ---- control.c ---- */
bool cg_lower_for(cg_state *st, ir_op *op);
bool cg_lower_if(cg_state *st, ir_op *op);
bool cg_lower_while(cg_state *st, ir_op *op);
/* Lowers region r's single block at the builder's point with its arguments bound to args;
 * its terminator's operands come back in *out (nout of them). */
bool cg_lower_region(cg_state *st, ir_region *r, cg_val **args, cg_val ***out, unsigned *nout);
/* `if (cond) { ... }` around code the caller emits: branches to a new block `then_name` and
 * positions the builder there; returns the block `join_name`, which cg_if_end branches to
 * and continues in. */
LLVMBasicBlockRef cg_if_begin(cg_state *st, LLVMValueRef cond, const char *then_name, const char *join_name);
void cg_if_end(cg_state *st, LLVMBasicBlockRef join);

#endif
