/* Private to lib/Dialect/Tile: the folders (tile_fold.c) and canonicalization hooks
 * (tile_canon.c) that the op table (tile_ops.c) points at. */
#ifndef TILEC_TILE_INTERNAL_H
#define TILEC_TILE_INTERNAL_H

#include "Dialect/Tile/tile.h"

#define TILE_FOLD_DECL(fn) bool fn(ir_op *op, const ir_attr *const *consts, ir_fold_result *out);
TILE_FOLD_DECL(tile_fold_addptr)
TILE_FOLD_DECL(tile_fold_binary)
TILE_FOLD_DECL(tile_fold_broadcast)
TILE_FOLD_DECL(tile_fold_cast)
TILE_FOLD_DECL(tile_fold_cmp)
TILE_FOLD_DECL(tile_fold_constant)
TILE_FOLD_DECL(tile_fold_select)
TILE_FOLD_DECL(tile_fold_splat)
TILE_FOLD_DECL(tile_fold_unary)
#undef TILE_FOLD_DECL

/* Canonicalization hooks (tile_canon.c), of the ir_opdef canonicalize signature. */
bool tile_canonicalize_broadcast(ir_module *m, ir_op *op);
bool tile_canonicalize_expand_dims(ir_module *m, ir_op *op);
bool tile_canonicalize_if(ir_module *m, ir_op *op);
bool tile_canonicalize_for(ir_module *m, ir_op *op);
bool tile_canonicalize_int_to_float(ir_module *m, ir_op *op);
bool tile_canonicalize_trunci(ir_module *m, ir_op *op);

/* Verifiers of tt.atomic_rmw and tt.atomic_cas (tile_atomic.c). */
bool tile_verify_atomic_rmw(ir_op *op);
bool tile_verify_atomic_cas(ir_op *op);

/* Verifiers of tt.descriptor_load and tt.descriptor_store (tile_desc.c). */
bool tile_verify_make_tensor_descriptor(ir_op *op);
bool tile_verify_descriptor_load(ir_op *op);
bool tile_verify_descriptor_store(ir_op *op);

/* Verifier of tt.dot (tile_dot.c). */
bool tile_verify_dot(ir_op *op);
/* Verifiers of tt.trans, tt.join and tt.split (tile_shape.c); tile_trans_order reads a
 * verified tt.trans's order (false with an error when it is not a permutation of rank). */
bool tile_verify_trans(ir_op *op);
bool tile_verify_join(ir_op *op);
bool tile_verify_split(ir_op *op);
bool tile_trans_order(ir_op *op, unsigned rank, int64_t *out);
/* Their folders (tile_shape.c): constants, and trans / reshape round trips. */
bool tile_fold_trans(ir_op *op, const ir_attr *const *consts, ir_fold_result *out);
bool tile_fold_reshape(ir_op *op, const ir_attr *const *consts, ir_fold_result *out);
bool tile_fold_join(ir_op *op, const ir_attr *const *consts, ir_fold_result *out);

/* Verifier helpers (tile_ops.c): a located "'op' op <message>" error (returns false), and
 * a type's text kept in the context's arena for messages. */
bool tile_fail(ir_op *op, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *tile_tstr(ir_op *op, const ir_type *t);

#endif
