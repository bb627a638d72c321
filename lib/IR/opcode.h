/* The opcode of every op tilec knows, generated from the dialects' .def tables.
 *
 * tilec compiles one closed set of ops (as QBE does), so the IR core carries one enum for
 * all of them: passes, analyses and the conversion `switch` on ir_op_code(op) instead of
 * comparing names. Adding an op is a row in a .def table; its enum value appears here.
 * IR_OP_UNKNOWN is never the opcode of a registered op. */
#ifndef TILEC_IR_OPCODE_H
#define TILEC_IR_OPCODE_H

typedef enum ir_opcode {
  IR_OP_UNKNOWN = 0,
#define TILE_OP(id, name, traits, effects, mino, maxo, nres, nreg, verify, fold, canon, summary) \
  IR_OP_##id,
#include "Dialect/Tile/tile_ops.def"
#include "Dialect/TileGPU/tgpu_ops.def"
#undef TILE_OP
  IR_OP__COUNT
} ir_opcode;

#endif
