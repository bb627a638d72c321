/* Triton's random numbers in the frontend (sema_random.c), for sema_builtins.c's tl.* table. */
#ifndef TILEC_FE_SEMA_RANDOM_H
#define TILEC_FE_SEMA_RANDOM_H

#include "Frontend/sema.h"

typedef enum sema_rand_fn {
  SEMA_RANDINT, SEMA_RANDINT4X, SEMA_RAND, SEMA_RAND4X, SEMA_RANDN, SEMA_RANDN4X,
} sema_rand_fn;
/* tl.randint/randint4x/rand/rand4x/randn/randn4x(seed, offset, n_rounds): `seed` an integer
 * scalar (run-time or compile-time), `offset` an integer scalar or tensor, `n_rounds` a
 * compile-time int or NULL (Triton's default, 10). `out` gets one value or a 4-tuple: uint32
 * words for randint*, fp32 otherwise. `disp` names the builtin in diagnostics. */
bool sema_random(sema *S, ir_loc loc, const char *disp, sema_rand_fn fn, const sema_val *seed,
                 const sema_val *offset, const sema_val *n_rounds, sema_val *out);
/* tl.philox(seed, c0, c1, c2, c3, n_rounds) and tl.philox_impl(c0..c3, k0, k1, n_rounds):
 * `out` gets the 4-tuple of counters after the rounds. */
bool sema_philox(sema *S, ir_loc loc, const char *disp, const sema_val *seed, const sema_val c[4],
                 const sema_val *n_rounds, sema_val *out);
bool sema_philox_impl(sema *S, ir_loc loc, const char *disp, const sema_val c[4], const sema_val k[2],
                      const sema_val *n_rounds, sema_val *out);
/* tl.uint_to_uniform_float(x) and tl.pair_uniform_to_normal(u1, u2) (a 2-tuple). */
bool sema_uint_to_uniform_float(sema *S, ir_loc loc, const char *disp, const sema_val *x, sema_val *out);
bool sema_pair_uniform_to_normal(sema *S, ir_loc loc, const char *disp, const sema_val *u1,
                                 const sema_val *u2, sema_val *out);

#endif
