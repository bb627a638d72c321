/* tt.reduce's and tt.scan's plans (see tgpu_reduce.h). */
#include <string.h>

#include "Dialect/TileGPU/tgpu_reduce.h"

/* The output bits of the axis' coordinate in the row-major element index. */
static uint32_t axis_bits(const tgpu_ll_layout *l, unsigned axis) {
  unsigned lo = 0;
  for (unsigned d = axis + 1; d < l->rank; d++) lo += l->dim_bits[d];
  return ((1u << l->dim_bits[axis]) - 1u) << lo;
}

/* Sorts the bits of hardware dim `which` into along-axis and replica masks; false when a
 * basis vector mixes the axis with another dim. */
static bool classify(const tgpu_ll_layout *l, unsigned which, uint32_t axis_mask,
                     uint32_t *out_axis, uint32_t *out_zero) {
  unsigned n = which == 0 ? l->nreg : which == 1 ? l->nlane : l->nwarp;
  *out_axis = 0;
  if (out_zero) *out_zero = 0;
  for (unsigned k = 0; k < n; k++) {
    uint32_t v = tgpu_ll_layout_basis(l, which, k);
    if (!v && out_zero) *out_zero |= 1u << k;
    if (!(v & axis_mask)) continue;
    if (v & ~axis_mask) return false;
    *out_axis |= 1u << k;
  }
  return true;
}

static unsigned popcount(uint32_t v) {
  unsigned n = 0;
  for (; v; v &= v - 1) n++;
  return n;
}

const char *tgpu_reduce_plan_make(const ir_attr *enc, unsigned rank, const int64_t *shape,
                                  unsigned axis, const unsigned *elem_bytes, unsigned n,
                                  tgpu_reduce_plan *out) {
  memset(out, 0, sizeof *out);
  if (axis >= rank) return "reduction axis out of range";
  if (n == 0 || n > TGPU_REDUCE_MAX_OPERANDS) return "a reduction takes 1 to 8 operands";
  const char *err = tgpu_ll_from_encoding(enc, rank, shape, &out->src);
  if (err) return err;
  uint32_t m = axis_bits(&out->src, axis);
  if (!classify(&out->src, 0, m, &out->reg_axis, &out->reg_replica) ||
      !classify(&out->src, 1, m, &out->lane_axis, NULL) ||
      !classify(&out->src, 2, m, &out->warp_axis, NULL))
    return "a basis vector of the layout moves along the reduced axis and another dim at once";
  out->axis = axis;
  out->noperands = n;
  out->warp_axis_bits = popcount(out->warp_axis);
  out->result_numel = 1;
  for (unsigned d = 0; d < rank; d++)
    if (d != axis) out->result_numel *= (uint64_t)shape[d];
  /* Result registers per thread: register bits that are neither along the axis nor replicas. */
  out->result_regs = 1u << (out->src.nreg - popcount(out->reg_axis) - popcount(out->reg_replica));
  uint64_t slots = out->result_numel << out->warp_axis_bits, threads = (uint64_t)32 << out->src.nwarp;
  out->parallel = out->warp_axis_bits && ((uint64_t)out->result_regs << out->warp_axis_bits) > 16 &&
                  slots <= threads && out->warp_axis_bits <= 5;
  uint64_t bytes = 0;
  for (unsigned i = 0; i < n; i++) {
    out->elem_bytes[i] = elem_bytes[i] ? elem_bytes[i] : 1;
    out->offset[i] = bytes > UINT32_MAX ? UINT32_MAX : (unsigned)bytes;
    if (out->warp_axis_bits) bytes += (slots * out->elem_bytes[i] + 7) & ~(uint64_t)7;
  }
  for (unsigned i = 0; out->parallel && i < n; i++) {
    out->result_offset[i] = bytes > UINT32_MAX ? UINT32_MAX : (unsigned)bytes;
    bytes += (out->result_numel * out->elem_bytes[i] + 7) & ~(uint64_t)7;
  }
  out->scratch_bytes = bytes > UINT32_MAX ? UINT32_MAX : (unsigned)bytes;
  return NULL;
}

const char *tgpu_scan_plan_make(const ir_attr *enc, unsigned rank, const int64_t *shape, unsigned axis,
                                const unsigned *elem_bytes, unsigned n, unsigned num_warps,
                                tgpu_scan_plan *out) {
  memset(out, 0, sizeof *out);
  if (axis >= rank) return "scan axis out of range";
  if (n == 0 || n > TGPU_REDUCE_MAX_OPERANDS) return "a scan takes 1 to 8 operands";
  const char *err = tgpu_ll_from_encoding(enc, rank, shape, &out->src);
  if (err) return err;
  unsigned lo = 0;
  for (unsigned d = axis + 1; d < rank; d++) lo += out->src.dim_bits[d];
  out->axis = axis;
  out->nbits = out->src.dim_bits[axis];
  uint32_t m = axis_bits(&out->src, axis), seen = 0;
  const unsigned counts[3] = {out->src.nreg, out->src.nlane, out->src.nwarp};
  for (unsigned w = 0; w < 3; w++)
    for (unsigned k = 0; k < counts[w]; k++) {
      uint32_t v = tgpu_ll_layout_basis(&out->src, w, k);
      if (!(v & m)) continue;
      if ((v & ~m) || popcount(v) != 1)
        return "a basis vector of the layout is not a single bit of the scanned axis";
      unsigned t = 0;
      while (!(v >> (lo + t) & 1u)) t++;
      if (seen & (1u << t)) return "two hardware bits hold the same bit of the scanned axis";
      seen |= 1u << t;
      out->which[t] = (uint8_t)w;
      out->bit[t] = (uint8_t)k;
      out->uses_warps |= w == 2;
    }
  if (out->nbits < 32 && seen != (1u << out->nbits) - 1u) return "the layout does not cover the scanned axis";
  if (out->uses_warps) {
    uint64_t per = 0;
    for (unsigned i = 0; i < n; i++) per += elem_bytes[i] ? elem_bytes[i] : 1;
    uint64_t bytes = ((uint64_t)32 * num_warps << out->src.nreg) * per;
    out->scratch_bytes = bytes > UINT32_MAX ? UINT32_MAX : (unsigned)bytes;
  }
  return NULL;
}
