/* Private to lib/Conversion: the cg_module behind conversion.h's opaque handle and the per-kernel lowering state shared by the conversion files.
 *
 * Lowering model (docs/codegen.md): each tgpu tensor value becomes, in each thread, an
 * array of LLVM scalars (a cg_val), one per element the thread holds, in the register order
 * of tgpu.h. A scalar value is a cg_val of one register. */
#ifndef TILEC_CG_INTERNAL_H
#define TILEC_CG_INTERNAL_H

#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>

#include "Conversion/conversion.h"
#include "Dialect/TileGPU/tgpu.h"
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
  LLVMValueRef scratch;      /* addrspace(3) byte array for convert_layout, or NULL */
  unsigned scratch_bytes;
} cg_state;

/* A tensor type's distribution over one thread's registers. */
typedef struct cg_layout {
  unsigned rank;
  int64_t shape[IR_MAX_RANK];
  unsigned nregs;
  int64_t *coords;                   /* nregs * rank static coordinates (arena) */
  tgpu_blocked root;                 /* the blocked layout at the root of the slices */
  unsigned root_dim[IR_MAX_RANK];    /* tensor dim -> root dim */
  LLVMValueRef base[IR_MAX_RANK];    /* the thread's base per dim, built on first use: valid
                                        only where it was built (one op's lowering) */
} cg_layout;

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

/* ---- elementwise.c ---- */
/* Lowers an arith/math/cast op; returns false when `op` is not one (*handled false) or on
 * error (*handled true). */
bool cg_lower_elementwise(cg_state *st, ir_op *op, bool *handled);

/* ---- memory.c ---- */
bool cg_lower_addptr(cg_state *st, ir_op *op);
bool cg_lower_load(cg_state *st, ir_op *op);
bool cg_lower_store(cg_state *st, ir_op *op);

/* ---- tensor.c ---- */
bool cg_lower_tensor_op(cg_state *st, ir_op *op, bool *handled);
/* Bytes of shared scratch the convert_layout ops under `root` need (max over them). */
unsigned cg_scratch_bytes_needed(cg_state *st, ir_op *root);

/* ---- control.c ---- */
bool cg_lower_for(cg_state *st, ir_op *op);
bool cg_lower_if(cg_state *st, ir_op *op);
bool cg_lower_while(cg_state *st, ir_op *op);

#endif
