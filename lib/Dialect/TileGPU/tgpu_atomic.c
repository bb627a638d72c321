/* The replica plan of atomics (see tgpu_atomic.h). */
#include <string.h>

#include "Dialect/TileGPU/tgpu_atomic.h"

/* True when the non-zero basis vectors are independent: then an element's copies differ
 * exactly in the zero-basis bits, and the copy with those bits clear is unique. */
static bool copies_are_zero_bits(const tgpu_ll_layout *l) {
  tgpu_ll m = {.nin = 0, .nout = l->map.nout};
  for (unsigned i = 0; i < l->map.nin; i++)
    if (l->map.basis[i]) m.basis[m.nin++] = l->map.basis[i];
  return tgpu_ll_is_injective(&m);
}

static tgpu_atomic_route route_of(const tgpu_atomic_plan *p, bool used) {
  if (!used || (!p->lane_dup && !p->warp_dup)) return TGPU_ATOMIC_LOCAL;
  return p->warp_dup ? TGPU_ATOMIC_SHARED : TGPU_ATOMIC_SHUFFLE;
}

const char *tgpu_atomic_plan_make(const ir_op *op, unsigned num_warps, tgpu_atomic_plan *out) {
  memset(out, 0, sizeof *out);
  const ir_type *t = op->results[0].type;
  bool used = op->results[0].first_use != NULL;
  out->numel = 1;
  if (!ir_type_is_tensor(t)) {
    out->lane_dup = TGPU_WARP_SIZE - 1;
    out->warp_dup = num_warps ? num_warps - 1 : 0;
  } else {
    tgpu_ll_layout l;
    const char *err = tgpu_ll_from_encoding(t->encoding, t->rank, t->shape, &l);
    if (err) return err;
    if (!copies_are_zero_bits(&l)) return "an atomic on a layout whose copies of one element are not told apart by zero basis vectors";
    out->reg_dup = tgpu_ll_layout_zero_bits(&l, 0);
    out->lane_dup = tgpu_ll_layout_zero_bits(&l, 1);
    out->warp_dup = tgpu_ll_layout_zero_bits(&l, 2);
    if (l.map.nout >= 31) return "an atomic on a tensor of 2^31 or more elements";
    out->nreg = l.nreg;
    out->numel = 1u << l.map.nout;
  }
  out->route = route_of(out, used);
  if (out->route == TGPU_ATOMIC_SHARED) { /* saturates: the allocator reports the limit */
    uint64_t bytes = (uint64_t)out->numel * ir_type_byte_size(ir_type_scalar(t));
    out->scratch_bytes = bytes > UINT32_MAX ? UINT32_MAX : (unsigned)bytes;
  }
  return NULL;
}
