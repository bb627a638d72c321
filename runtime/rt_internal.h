/* libtilert internals shared between the runtime/ files. Cross-file names carry the rt_ prefix. */
#ifndef TILERT_RT_INTERNAL_H
#define TILERT_RT_INTERNAL_H

#include "tilec/tilert.h"
#include "cuda_min.h"

#include <stdarg.h>
#include <stdbool.h>

/* ---- the driver symbol table (runtime/runtime.c fills it) ------------------------------ */

/* Each member is named after the ABI version it holds (cuMemAlloc_v2 is the 64-bit one). The
 * table in runtime.c lists, for each member, the base name cuGetProcAddress takes and the
 * exported name dlsym takes: a member and its table row change together. [rt-driver-table] */
typedef struct rt_driver {
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuGetErrorString)(CUresult, const char **);
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDriverGetVersion)(int *);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetAttribute)(int *, CUdevice_attribute, CUdevice);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuDevicePrimaryCtxRelease_v2)(CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuCtxSynchronize)(void);
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, CUjit_option *, void **);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuFuncSetAttribute)(CUfunction, CUfunction_attribute, int);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, CUstream, void **, void **);
  CUresult (*cuMemAlloc_v2)(CUdeviceptr *, size_t);
  CUresult (*cuMemFree_v2)(CUdeviceptr);
  CUresult (*cuMemcpyHtoD_v2)(CUdeviceptr, const void *, size_t);
  CUresult (*cuMemcpyDtoH_v2)(void *, CUdeviceptr, size_t);
  CUresult (*cuMemsetD8_v2)(CUdeviceptr, unsigned char, size_t);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*cuEventDestroy_v2)(CUevent);
  /* Optional (CUDA 12.0+): NULL when the driver lacks it; tensor descriptors then fail. */
  CUresult (*cuTensorMapEncodeTiled)(void *, CUtensorMapDataType, uint32_t, void *,
                                     const cuuint64_t *, const cuuint64_t *, const uint32_t *,
                                     const uint32_t *, CUtensorMapInterleave, CUtensorMapSwizzle,
                                     CUtensorMapL2promotion, CUtensorMapFloatOOBfill);
  /* Optional (CUDA 11.2+): kernels with global scratch fail to launch without them. */
  CUresult (*cuMemPoolCreate)(CUmemoryPool *, const CUmemPoolProps *);
  CUresult (*cuMemPoolDestroy)(CUmemoryPool);
  CUresult (*cuMemPoolSetAttribute)(CUmemoryPool, CUmemPool_attribute, void *);
  CUresult (*cuMemAllocFromPoolAsync)(CUdeviceptr *, size_t, CUmemoryPool, CUstream);
  CUresult (*cuMemFreeAsync)(CUdeviceptr, CUstream);
} rt_driver;

typedef CUresult (*rt_launch_fn)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned,
                                 unsigned, unsigned, CUstream, void **, void **);

#define RT_ERR_CAP 4096
/* The first driver that loads PTX ISA 8.6 (CUDA 12.7): the JIT reads in-kernel tensor
 * descriptors by TMA only from there on (runtime/jit.c). */
#define RT_DESC_TMA_MIN_DRIVER 12070

typedef struct rt_tune_entry rt_tune_entry; /* runtime/tune.c */

struct tilert_runtime {
  void *lib;             /* dlopen handle of libcuda */
  bool driver_inited;    /* cuInit ran: libcuda is not dlclose'd after that */
  bool ready;            /* creation succeeded */
  rt_driver cu;
  CUdevice dev;
  CUcontext ctx;         /* retained primary context, or NULL */
  int device_index;
  tilert_device_info info;
  tilert_module *modules; /* loaded modules (the in-memory cache), a list */
  tilert_runtime_stats stats;
  tilert_assembler *assembler; /* PTX -> cubin for the JIT path, made on first use */
  bool assembler_tried;        /* creation was attempted (it may have found none) */
  tilert_status assembler_status;
  char assembler_why[512];     /* why creation failed */
  bool cache_set;              /* tilert_runtime_set_cache was called: `cache` overrides env */
  tilert_cache_config cache;
  rt_tune_entry *tunes;        /* tuning choices made or read by this runtime, a list */
  CUmemoryPool scratch_pool;   /* global scratch of launches (module.c), made on first use */
  char err[RT_ERR_CAP];
};

struct tilert_kernel {
  rt_launch_fn launch;   /* rt->cu.cuLaunchKernel, copied: the fast path reads one struct */
  CUfunction fn;
  unsigned block_x;
  unsigned shared_bytes;
  const tilert_kernel_info *info;
  tilert_module *mod;
  char *load_error;      /* an autotune variant that could not load (module.c): why; else NULL */
};

struct tilert_module {
  tilert_runtime *rt;
  tilert_module *next;
  unsigned refs;
  uint64_t hash_lo, hash_hi; /* of ptx and metadata text: the cache key (with rt's device) */
  CUmodule mod;              /* the image's module; for a cubin bundle its first member's */
  CUmodule *members;         /* a cubin bundle: one module per member (NULL otherwise) */
  char **member_entries;     /* ... and the entry each member holds */
  char **member_errors;      /* ... or, for a member that did not assemble, why (its module NULL) */
  size_t nmembers;
  tilert_metadata *meta;
  size_t nkernels;
  tilert_kernel *kernels;
};

/* Cubin bundles (runtime/cubin_bundle.c): one image holding the cubins of entries that
 * were assembled apart, each with its entry's name. rt_bundle_read's items point into the
 * image; the array is malloc'ed. */
typedef struct rt_bundle_item {
  const char *entry; /* not NUL-terminated */
  size_t entry_len;
  const unsigned char *cubin; /* failed: the assembler's message (not NUL-terminated) */
  size_t len;
  bool failed;       /* the entry did not assemble (an autotune config ptxas rejected) */
} rt_bundle_item;
bool rt_bundle_is(const void *image, size_t len);
unsigned char *rt_bundle_make(const rt_bundle_item *items, size_t n, size_t *out_len);
tilert_status rt_bundle_read(const void *image, size_t len, rt_bundle_item **out_items,
                             size_t *out_n, char *err, size_t err_cap);

/* Entries assembled apart on tilec's compile threads (runtime/jit_parts.c): pass
 * rt_part_asm_hook and the object as tilec_options.on_entry_ptx / entry_ptx_user; after
 * the compile, rt_part_asm_finish gives the image for `nparts` parts (the result's part
 * count): one part's cubin, a cubin bundle for several, NULL for none (the module compiled
 * as one: assemble its PTX); an assembly failure is returned with its message. */
typedef struct rt_part_asm rt_part_asm;
/* A NULL `a`: the first entry to assemble opens the assembler (TILERT_ASSEMBLER_AUTO), so
 * that opening it overlaps the compiles; rt_part_asm_opened hands it over afterwards (with
 * the failure to find one, and why), rt_part_asm_tried says whether anything was tried. When
 * none is found nothing is assembled apart (rt_part_asm_finish gives no image). */
rt_part_asm *rt_part_asm_new(const tilert_assembler *a, const char *arch);
tilert_status rt_part_asm_opened(rt_part_asm *pa, tilert_assembler **out, char *why, size_t why_cap);
bool rt_part_asm_tried(const rt_part_asm *pa);
void rt_part_asm_free(rt_part_asm *pa);
void rt_part_asm_hook(void *user, size_t index, const char *entry, const char *ptx, size_t len,
                      const char *metadata);
/* The parts as a stream (tilert_jit_compile_and_tune): the compile's thread calls
 * rt_part_asm_close when tilec returned; rt_part_asm_take waits for a part assembled (or
 * failed) and not yet taken, in the order they finish, and returns false once the stream is
 * closed with every part taken (or an assembly ran out of memory: rt_part_asm_finish says
 * so). The view's pointers stay the object's until rt_part_asm_free. */
typedef struct rt_part_view {
  const char *entry;
  const unsigned char *cubin; /* NULL when the entry did not assemble */
  size_t len;
  const char *metadata;       /* the entry's own metadata document */
  const char *error;          /* why it did not assemble */
  double ptx_at;              /* when its PTX was ready, ms since the compile began */
  double asm_ms;              /* its assembly's time */
} rt_part_view;
void rt_part_asm_close(rt_part_asm *pa);
bool rt_part_asm_take(rt_part_asm *pa, rt_part_view *out);

/* The JIT's compile on a thread of its own (runtime/jit.c), for tilert_jit_compile_and_tune.
 * rt_jit_start looks the request up as tilert_jit_compile_and_load does; when that has to
 * compile it and an assembler is installed (no TILERT_JIT_LOAD=ptx, not must-hit), it
 * starts tilec on a new thread, each entry assembled on its compile thread, and stores the
 * job (*out_module NULL); otherwise it does what tilert_jit_compile_and_load does and
 * stores the module (*out_job NULL). rt_jit_job_take hands out each assembled entry as it
 * comes (rt_part_asm_take); rt_jit_job_finish waits for the compile, keeps the result in
 * the disk cache and loads the whole module. The thread touches nothing of the runtime's:
 * its error and times reach it at the finish. rt_jit_job_free waits for the thread too. */
typedef struct rt_jit_job rt_jit_job;
tilert_status rt_jit_start(tilert_runtime *rt, const char *filename, const char *source,
                           size_t len, const struct tilec_options *opts,
                           tilert_module **out_module, rt_jit_job **out_job);
bool rt_jit_job_take(rt_jit_job *j, rt_part_view *out);
tilert_status rt_jit_job_finish(rt_jit_job *j, tilert_module **out_module);
void rt_jit_job_free(rt_jit_job *j);
tilert_status rt_part_asm_finish(rt_part_asm *pa, size_t nparts, unsigned char **out,
                                 size_t *out_len, char *err, size_t err_cap);
unsigned rt_part_asm_runs(const rt_part_asm *pa);
double rt_part_asm_ms(const rt_part_asm *pa);

/* The runtime's assembler, created on first use (runtime/ptx_compile.c). When creation
 * failed (NOT_FOUND: none installed; INVALID_ARGUMENT: a bad TILERT_ASSEMBLER) returns that
 * status every time, with the message in rt's last error, and stores NULL. */
tilert_status rt_assembler(tilert_runtime *rt, const tilert_assembler **out);
/* Gives the runtime an assembler opened elsewhere (rt_part_asm_opened: `a`, or the failure
 * `s` and why), unless it has tried to open one itself. */
void rt_assembler_adopt(tilert_runtime *rt, tilert_assembler *a, tilert_status s, const char *why);

/* The disk cache the runtime uses: its own (tilert_runtime_set_cache), else the
 * environment's (runtime/jit.c). */
tilert_status rt_cache_config(tilert_runtime *rt, tilert_cache_config *out);

/* The names of kernel `kernel`'s run-time parameters, in order, as tilec's frontend reads
 * them with `signature` (runtime/jit.c; one frontend run, no code generation). The names
 * point into *out_meta, which the caller frees; out_names holds TILERT_MAX_PARAMS. */
struct tilec_options;
tilert_status rt_jit_param_names(tilert_runtime *rt, const char *filename, const char *source,
                                 size_t len, const struct tilec_options *opts, const char *kernel,
                                 const char *signature, tilert_metadata **out_meta,
                                 const char **out_names, size_t *out_n);

/* A do_not_specialize list read off the source: names and decimal indices. */
typedef struct rt_spec_list {
  size_t n;
  char text[TILERT_MAX_PARAMS][64];
} rt_spec_list;
/* The frontend alone on `kernel` with `signature` and, when given, a launch's values of
 * run-time parameters (tilec_options.launch_values): its metadata, which the caller frees
 * (runtime/jit.c). */
struct tilec_define;
tilert_status rt_jit_frontend_meta(tilert_runtime *rt, const char *filename, const char *source,
                                   size_t len, const struct tilec_options *opts,
                                   const char *kernel, const char *signature,
                                   const struct tilec_define *launch_values,
                                   size_t nlaunch_values, tilert_metadata **out_meta);

/* The cache key of a compile whose source imports modules of the search path
 * (tilec_options.module_paths): key1 (the source's) extended with the files the compile
 * reads, their list kept in the cache beside key1; `fresh` makes it anew from a frontend run
 * (after a miss). runtime/jit_deps.c. */
tilert_status rt_jit_deps_key(tilert_runtime *rt, const tilert_cache_config *c, const char *key1,
                              const char *filename, const char *source, size_t len,
                              const struct tilec_options *o, bool fresh, char out_key[TILERT_CACHE_KEY_LEN + 1]);

/* Whether the frontend defers `kernel`'s prune function for opts (a prune function that
 * reads run-time arguments) and then its run-time parameters' names, in order (at most
 * TILERT_MAX_PARAMS, 63 characters each); cached on disk beside the compile's entry
 * (runtime/jit.c). UNSUPPORTED without the compiler. */
tilert_status rt_jit_prune_params(tilert_runtime *rt, const char *filename, const char *source, size_t len,
                                  const struct tilec_options *opts, const char *kernel, bool *out_deferred,
                                  char (*names)[64], size_t *out_n);

/* A scalar argument as a Python literal ("4096", "0.125"); false for pointers, descriptors,
 * inf and nan (runtime/launch_heur.c). */
bool rt_arg_literal(const tilert_arg *a, char *out, size_t cap);

/* Heuristics at launch for JIT kernels (runtime/launch_heur.c): arg_names gives each
 * argument's parameter name, set_names the constexprs the heuristics set. For a launch,
 * rt_launch_heur_defines gives their values as define lines ("EVEN_N=True\n"), from a
 * frontend run with the scalar arguments as launch values, remembered per tuple of scalar
 * values; *out_defines is owned by h and valid until the next call. */
typedef struct rt_launch_heur rt_launch_heur;
typedef struct rt_launch_src {
  tilert_runtime *rt;
  const char *filename, *source;
  size_t len;
  const struct tilec_options *opts; /* may be NULL */
  const char *kernel;
} rt_launch_src;
tilert_status rt_launch_heur_create(tilert_runtime *rt, const char *const *arg_names, size_t nargs,
                                    const char *const *set_names, size_t nset,
                                    rt_launch_heur **out);
void rt_launch_heur_free(rt_launch_heur *h);
tilert_status rt_launch_heur_defines(rt_launch_heur *h, const rt_launch_src *src,
                                     const char *signature, const tilert_arg *args,
                                     const char **out_defines);

/* What one parse of the source says of `def kernel` (runtime/jit.c): the do_not_specialize
 * and do_not_specialize_on_alignment lists of its `@triton.jit(...)` (empty when it has
 * none), its parameter names (every parameter, in order), and whether @triton.heuristics
 * and @triton.autotune decorate it. UNSUPPORTED when a list holds anything but names and
 * indices; INVALID_ARGUMENT when there is no such jit function with readable parameters.
 * Without TILERT_WITH_TILEC all empty. */
typedef struct rt_kernel_facts {
  rt_spec_list dns, dnsoa, params;
  bool heuristics, autotune;
} rt_kernel_facts;
tilert_status rt_jit_kernel_facts(tilert_runtime *rt, const char *filename, const char *source,
                                  size_t len, const char *kernel, rt_kernel_facts *out);

/* A signature for `kernel` (whose parameters are `params`, as rt_jit_kernel_facts read them)
 * from the source's annotations (runtime/jit.c): each run-time parameter as the frontend
 * typed it ("*fp32", "i32:16"), each constexpr `autotune` (its value stays the source's,
 * -D's or the config's). Malloc'ed into *out_sig. */
tilert_status rt_jit_source_signature(tilert_runtime *rt, const char *filename, const char *source,
                                      size_t len, const struct tilec_options *opts,
                                      const char *kernel, const rt_spec_list *params,
                                      char **out_sig);

/* Frees the runtime's tuning choices (runtime/tune.c). */
void rt_tune_free_all(tilert_runtime *rt);

/* Timing variants one at a time (runtime/tune.c): tilert_tune times a request's variants
 * through these, tilert_jit_compile_and_tune times each as it is loaded. The request gives
 * the arguments, buffers, repetitions and report hook (borrowed until rt_tuner_free); its
 * variants are not read. rt_tuner_time: the median ms, or -1 when the variant cannot run
 * (reported); the cut-off compares with the best so far. rt_tuner_end: the buffers as the
 * real launch expects. */
typedef struct rt_tuner rt_tuner;
tilert_status rt_tuner_start(tilert_runtime *rt, const tilert_tune_request *req, rt_tuner **out);
tilert_status rt_tuner_time(rt_tuner *t, const tilert_tune_variant *v, float *out_ms);
tilert_status rt_tuner_end(rt_tuner *t);
double rt_tuner_started_ms(const rt_tuner *t);
void rt_tuner_free(rt_tuner *t);
/* INVALID_ARGUMENT when a count of the request's arguments or buffers has no array. */
tilert_status rt_tune_check_arrays(tilert_runtime *rt, const tilert_tune_request *req);
/* The index of the smallest time >= 0, n when none. */
size_t rt_tune_fastest(const float *ms, size_t n);
/* The error for a request none of whose variants ran. */
tilert_status rt_tune_none_ran(tilert_runtime *rt, const tilert_tune_request *req);
/* A line for the request's report hook (stderr with TILERT_PRINT_AUTOTUNING=1). */
void rt_tune_say(const tilert_tune_request *req, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The report's last line: the choice and the time since t0. */
void rt_tune_report_best(const tilert_tune_request *req, size_t best, const float *ms, double t0);
/* Keeps a choice timed outside tilert_tune (in memory and on disk, as tilert_tune keeps its). */
tilert_status rt_tune_keep(tilert_runtime *rt, const tilert_tune_request *req, size_t best,
                           const float *ms);
/* Whether tilert_tune would time now: TILERT_AUTOTUNE=on and a cache that may be written
 * (not must-hit). */
tilert_status rt_tune_times_now(tilert_runtime *rt, bool *out);

/* Milliseconds since an arbitrary point (CLOCK_MONOTONIC), for the stats. */
double rt_now_ms(void);
/* TILERT_PRINT_AUTOTUNING is set (and not "0"): the tuner's report, and tilec's warnings of
 * a JIT compile without a diagnostic callback, go to stderr (runtime/tune.c). */
bool rt_print_autotuning(void);

/* Unloads every module of rt (runtime/module.c); the context must be current. */
void rt_module_unload_all(tilert_runtime *rt);

/* ---- errors ---------------------------------------------------------------------------- */

/* Formats "tilert: ..." into rt->err and returns s. */
tilert_status rt_fail(tilert_runtime *rt, tilert_status s, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Formats a driver failure: "tilert: FILE:LINE: FN failed: NAME (STRING)". */
tilert_status rt_cu_fail(tilert_runtime *rt, CUresult r, const char *fn, const char *file,
                         int line);
/* Formats into a caller buffer (err may be NULL); returns s. */
tilert_status rt_fail_buf(char *err, size_t cap, tilert_status s, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Refuses calls on a runtime that is NULL or failed to initialize. */
tilert_status rt_check_ready(tilert_runtime *rt);

/* Calls a driver function through rt's table and returns from the enclosing function on
 * failure, recording the function and call site. */
#define RT_CU(rt, fn, ...)                                                                   \
  do {                                                                                       \
    CUresult rt_r_ = (rt)->cu.fn(__VA_ARGS__);                                               \
    if (rt_r_ != CUDA_SUCCESS) return rt_cu_fail((rt), rt_r_, #fn, __FILE__, __LINE__);      \
  } while (0)

/* Returns from the enclosing function when a tilert call fails. */
#define RT_TRY(expr)                                                                         \
  do {                                                                                       \
    tilert_status rt_s_ = (expr);                                                            \
    if (rt_s_ != TILERT_OK) return rt_s_;                                                    \
  } while (0)

/* ---- JSON (runtime/json.c) ------------------------------------------------------------- */

typedef enum rt_json_type {
  RT_JSON_NULL, RT_JSON_BOOL, RT_JSON_NUMBER, RT_JSON_STRING, RT_JSON_ARRAY, RT_JSON_OBJECT,
} rt_json_type;

typedef struct rt_json rt_json;
struct rt_json {
  rt_json_type type;
  int line, col;        /* where the value starts (1-based) */
  bool boolean;
  bool is_int;          /* number written without fraction or exponent, fits int64 */
  int64_t ival;
  double num;
  char *str;            /* strings: decoded UTF-8, NUL-terminated */
  size_t n;             /* arrays and objects: element count */
  rt_json *items;       /* arrays: elements; objects: values */
  char **keys;          /* objects: keys, parallel to items */
};

/* Parses `len` bytes. On failure returns NULL and writes "LINE:COL: message" into err. */
rt_json *rt_json_parse(const char *text, size_t len, char *err, size_t err_cap);
void rt_json_free(rt_json *v);
/* The value of `key` in an object, or NULL (also when v is not an object). */
const rt_json *rt_json_get(const rt_json *v, const char *key);
/* "string", "number", ... for messages. */
const char *rt_json_type_name(rt_json_type t);

/* ---- hashing (runtime/cache.c) ------------------------------------------------------- */

typedef struct rt_hash { uint64_t a, b; } rt_hash;
void rt_hash_init(rt_hash *h);
/* Adds a length-prefixed field. */
void rt_hash_field(rt_hash *h, const void *data, size_t len);
void rt_hash_final(const rt_hash *h, uint64_t *out_lo, uint64_t *out_hi);
/* A fast 64-bit checksum of len bytes (the cache entries' integrity check). */
uint64_t rt_checksum64(const void *data, size_t len, uint64_t seed);

/* ---- arguments (runtime/args.c) ------------------------------------------------------- */

/* One parameter value in its PTX width, at offset 0 of an 8-byte slot. */
typedef union rt_slot { uint64_t u64; uint32_t u32; uint16_t u16; uint8_t u8; float f32; double f64; } rt_slot;

/* "i32", "pointer", "tensor descriptor", ... for messages. */
const char *rt_arg_kind_name(tilert_arg_kind k);

/* Converts checked args into slots (no checks: call tilert_args_check first). Tensor
 * descriptors are left zero: rt_launch_params_fill encodes them. */
void rt_args_pack(const tilert_kernel_info *k, const tilert_arg *args, rt_slot *slots);

/* One encoded tensor descriptor: a CUtensorMap, 128 bytes, 64-byte aligned. */
typedef struct rt_tensormap {
  _Alignas(64) uint64_t opaque[CU_TENSOR_MAP_NUM_QWORDS];
} rt_tensormap;

/* A launch's parameter storage (on the launching call's stack: it lives until
 * cuLaunchKernel returns) and the kernelParams array pointing into it. */
typedef struct rt_launch_params {
  rt_slot slots[TILERT_MAX_PARAMS];
  rt_tensormap maps[TILERT_MAX_TENSORDESCS];
  CUdeviceptr scratch;              /* the hidden global-scratch parameter, when the kernel has one */
  void *ptrs[TILERT_MAX_PARAMS + 1];
} rt_launch_params;

/* Packs checked args of kernel k into out (scalars and pointers into slots, descriptors
 * encoded through the driver into maps) and points out->ptrs at them, in parameter order
 * (runtime/tensordesc.c). Encoding errors go to k's runtime. */
tilert_status rt_launch_params_fill(tilert_kernel *k, const tilert_arg *args,
                                    rt_launch_params *out);

/* Checks argument i (a TILERT_PARAM_TENSORDESC parameter) of k: kind, dtype, rank, block
 * shape, base alignment, shape range, strides (runtime/tensordesc.c). */
tilert_status rt_tensordesc_check(const tilert_kernel_info *k, size_t i, const tilert_arg *a,
                                  char *err, size_t err_cap);

/* A descriptor parameter's type as Triton spells it: "tensordesc<fp16[128, 64]>". Always
 * NUL-terminated (truncated when cap is short). */
void rt_tensordesc_type(tilert_dtype dtype, uint32_t rank, const int64_t *block_shape,
                        char *out, size_t cap);

/* ---- files (runtime/cache.c) ---------------------------------------------------------- */

/* Reads a whole file; malloc'ed, NUL-terminated. TILERT_ERROR_NOT_FOUND if it does not
 * exist, TILERT_ERROR_IO on other failures (message in err). */
tilert_status rt_read_file(const char *path, char **out_data, size_t *out_len, char *err,
                           size_t err_cap);

#endif
