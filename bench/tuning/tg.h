/* tune_gpu: issue 10's GPU measurements in one program (bench/tuning/README.md).
 * Shared helpers of its three commands: first-call (tg_first_call.c), check (tg_check.c)
 * and spec (tg_spec.c). Every command prints one JSON object per line on stdout (what
 * bench/tuning/report.py reads) and notes on stderr. */
#ifndef TG_H
#define TG_H

#include "tilec/tilec.h"
#include "tilec/tilert.h"

#include <stddef.h>
#include <stdint.h>

#define TG_MAX_VARIANTS 64

/* Milliseconds of CLOCK_MONOTONIC. */
double tg_now_ms(void);
/* The file's bytes, NUL-terminated, malloc'ed (caller frees); NULL when unreadable. */
char *tg_read_file(const char *path, size_t *out_len);
/* Prints "tune_gpu: WHAT: <the runtime's last error>" on stderr; returns 1. */
int tg_fail(tilert_runtime *rt, const char *what);
/* True on the host stand-in for libcuda (test/gpu/mock_libcuda.c): its launches do not run
 * the kernels, so values are not checked there. */
int tg_is_mock(const tilert_runtime *rt);
/* The runtime's device name, for the JSON lines. */
void tg_device_name(const tilert_runtime *rt, char out[256]);

/* IEEE half from float (round to nearest even) and back. */
uint16_t tg_f32_to_f16(float f);
float tg_f16_to_f32(uint16_t h);

/* A device buffer of `bytes`, filled from `host` (NULL: zeroed). 0 on failure. */
int tg_buffer(tilert_runtime *rt, const void *host, size_t bytes, tilert_devptr *out_ptr);

/* Launch arguments as a plan signature takes them, and what specialization made of them. */
typedef struct tg_launch {
  char plan[512];                 /* the partial signature: "*fp32,*fp32,i32,autotune" */
  char signature[512];            /* specialized for the arguments: "*fp32:16,*fp32:16,i32:16,..." */
  tilert_arg args[TILERT_MAX_PARAMS];   /* the plan's arguments */
  size_t nargs;
  size_t bytes[TILERT_MAX_PARAMS];      /* pointer arguments: their buffers' sizes */
  tilert_arg kargs[TILERT_MAX_PARAMS];  /* the arguments left after ==1 became constants */
  size_t kbytes[TILERT_MAX_PARAMS];
  size_t nkargs;
} tg_launch;

/* Specializes l->args with the plan (tilert_spec_signature) and fills l->signature and the
 * kernel arguments. 0 on failure (message on stderr). */
int tg_specialize(tg_launch *l);

/* JIT-compiles kernel `kernel` of `path` (NULL: the file's only one) for `signature`
 * (every variant of an autotuned kernel: one module, compiled in parallel, assembled once,
 * loaded once). */
tilert_status tg_jit_load(tilert_runtime *rt, const char *path, const char *source, size_t len,
                          const char *kernel, const char *signature, tilert_module **out_mod);

/* Grid of one variant, from its constexprs (BLOCK sizes) and the problem the case knows. */
typedef void (*tg_grid_fn)(const tilert_kernel_info *k, const void *user, unsigned out_grid[3]);

/* An autotuned kernel of a module, ready for tilert_tune. */
typedef struct tg_tuned {
  const tilert_tuning_info *tuning;
  size_t n;
  tilert_tune_variant v[TG_MAX_VARIANTS];
  char names[TG_MAX_VARIANTS][192];
  char errors[TG_MAX_VARIANTS][512]; /* a variant that cannot load: why (its kernel NULL) */
} tg_tuned;

/* Finds `kernel`'s tuning entry in mod's metadata and every variant's kernel and grid; names
 * each variant by its constexprs and num_warps. A variant that cannot load has a NULL
 * kernel and its load_error (tilert_tune skips it). 0 on failure. */
int tg_tuned_init(tilert_runtime *rt, tilert_module *mod, const char *kernel, tg_grid_fn grid,
                  const void *user, tg_tuned *out);
/* tilert_tune on l's kernel arguments, with the metadata's reset_to_zero and restore_value
 * names resolved to those arguments' buffers (use_lists 0 passes none: a negative control). */
tilert_status tg_tune(tilert_runtime *rt, const tg_tuned *t, const char *key, const tg_launch *l,
                      int use_lists, size_t *out_best, tilert_tune_source *out_source,
                      float *out_ms);
/* "timed", "memory", "disk", "default". */
const char *tg_source_name(tilert_tune_source s);

/* `s` as the inside of a JSON string (quotes, backslashes and control characters escaped;
 * cut to fit cap). Returns out. */
const char *tg_json(const char *s, char *out, size_t cap);

/* Median of `n` floats (sorts them). */
float tg_median(float *v, size_t n);

int tg_first_call_main(int argc, char **argv);
int tg_check_main(int argc, char **argv);
int tg_spec_main(int argc, char **argv);

#endif
