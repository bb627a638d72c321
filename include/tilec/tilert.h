/* tilert: the tilec runtime. Loads PTX that tilec wrote (with its metadata JSON, see
 * docs/metadata.md), checks launch arguments against the kernels' signatures, and launches
 * them through the CUDA Driver API. Nothing links against the driver: libcuda.so.1 is opened
 * at run time (the environment variable TILERT_LIBCUDA names another file), so a program
 * built with tilert runs, and reports a clear error, on a machine with no NVIDIA driver.
 *
 * Status: every fallible call returns a tilert_status (TILERT_OK == 0). Calls on a runtime
 * (or on a module or kernel that belongs to one) also store a message in the runtime, read
 * with tilert_runtime_last_error: the driver's error name and string, the driver function,
 * and the call site (file:line) for driver failures; the kernel, argument index and name for
 * argument errors. Calls with no runtime (metadata parsing, argument checking, the disk cache)
 * write their message into a caller buffer (`err`, `err_cap`; either may be NULL/0).
 *
 * Threads: no process-wide mutable state. One runtime may be used by one thread at a time
 * (its last-error buffer is per runtime); tilert_runtime_make_current binds its context to
 * another thread before use there. Two runtimes in two threads are independent.
 *
 * Ownership: the runtime owns its modules; a module owns its kernels. Strings returned by
 * accessors are owned by the object they were read from and live as long as it does.
 */
#ifndef TILEC_TILERT_H
#define TILEC_TILERT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- status ---------------------------------------------------------------------------- */

typedef enum tilert_status {
  TILERT_OK = 0,
  TILERT_ERROR_NO_DRIVER = 1,        /* libcuda could not be opened or lacks a symbol */
  TILERT_ERROR_DRIVER = 2,           /* a driver call failed (message has the CUresult) */
  TILERT_ERROR_INVALID_ARGUMENT = 3, /* bad launch arguments, NULL handles, bad sizes */
  TILERT_ERROR_METADATA = 4,         /* malformed or inconsistent metadata JSON */
  TILERT_ERROR_IO = 5,               /* file could not be read or written */
  TILERT_ERROR_NOT_FOUND = 6,        /* no such kernel / cache entry */
  TILERT_ERROR_OUT_OF_MEMORY = 7,    /* host allocation failed */
  TILERT_ERROR_UNSUPPORTED = 8,      /* e.g. built without the compiler; target not runnable */
  TILERT_ERROR_COMPILE = 9,          /* the JIT path: tilec reported errors */
} tilert_status;

/* Returns a static name for a status ("TILERT_ERROR_DRIVER"). */
const char *tilert_status_name(tilert_status s);

/* ---- metadata (no driver needed) ------------------------------------------------------- */

typedef enum tilert_param_kind {
  TILERT_PARAM_PTR = 0,    /* device pointer, passed as 64 bits */
  TILERT_PARAM_SCALAR = 1, /* passed by value */
  TILERT_PARAM_TENSORDESC = 2, /* a host tensor descriptor (TMA): a 128-byte CUtensorMap,
                                  passed by value; takes a TILERT_ARG_TENSORDESC */
} tilert_param_kind;

/* The most dimensions a tensor descriptor has (TMA's limit). */
#define TILERT_TENSORDESC_MAX_RANK 5

typedef enum tilert_dtype {
  TILERT_DTYPE_I1 = 0, TILERT_DTYPE_I8, TILERT_DTYPE_I16, TILERT_DTYPE_I32, TILERT_DTYPE_I64,
  TILERT_DTYPE_U8, TILERT_DTYPE_U16, TILERT_DTYPE_U32, TILERT_DTYPE_U64,
  TILERT_DTYPE_FP16, TILERT_DTYPE_BF16, TILERT_DTYPE_FP32, TILERT_DTYPE_FP64,
  TILERT_DTYPE_FP8E4NV, TILERT_DTYPE_FP8E5, /* pointees only (fp8 scalars are not parameters) */
  TILERT_DTYPE_COUNT_,
} tilert_dtype;

/* Returns the metadata spelling of a dtype ("fp32"), static storage; "?" if out of range. */
const char *tilert_dtype_name(tilert_dtype d);
/* Size in bytes of one element of `d` (i1 counts as 1). */
size_t tilert_dtype_size(tilert_dtype d);

/* One run-time parameter, in PTX order. Read-only; owned by its metadata. */
typedef struct tilert_param_info {
  const char *name;
  tilert_param_kind kind;
  tilert_dtype dtype;        /* pointers, tensor descriptors: element type; scalars: value type */
  uint32_t align;            /* pointers: required byte alignment (1: none) */
  uint64_t divisibility;     /* integer scalars: required divisor (1: none) */
  /* Tensor descriptors (kind TILERT_PARAM_TENSORDESC; 0 for other kinds); dtype is the
   * element type. Dimensions are outermost first. */
  uint32_t rank;             /* 1..TILERT_TENSORDESC_MAX_RANK */
  int64_t block_shape[TILERT_TENSORDESC_MAX_RANK]; /* the block a load/store moves */
  uint32_t box[TILERT_TENSORDESC_MAX_RANK];        /* the TMA box (divides block_shape) */
  uint32_t swizzle;          /* shared-memory swizzle in bytes: 0, 32, 64 or 128 */
  uint32_t store;            /* 1: the kernel stores through it (its innermost extent must span a
                              * multiple of 16 bytes: TMA writes the last 16 bytes whole) */
} tilert_param_info;

/* One constexpr of the specialization ("constexprs" in the metadata): recorded for caches,
 * grids and humans. Integers and booleans (as 0/1) have is_integer set, floats is_float;
 * other values (strings, None) keep only their name. Read-only; owned by its metadata. */
typedef struct tilert_constexpr_info {
  const char *name;
  int is_integer;
  int64_t value;
  int is_bool;   /* a boolean (is_integer set too, value 0 or 1) */
  int is_float;  /* a float: its value in fvalue */
  double fvalue;
} tilert_constexpr_info;

/* One kernel of a module, as the metadata describes it. Read-only; owned by its metadata. */
typedef struct tilert_kernel_info {
  const char *name;              /* PTX entry name */
  uint32_t num_warps;
  uint32_t threads_per_block;    /* num_warps * 32; blocks are one-dimensional */
  uint32_t shared_bytes;         /* dynamic shared memory per launch */
  size_t nparams;
  const tilert_param_info *params;
  size_t nconstexprs;
  const tilert_constexpr_info *constexprs;
  /* Metadata version 2 (version 1 reads as 0 / NULL / -1): */
  uint32_t num_stages;           /* the pipelining stages compiled in (0: not recorded) */
  const char *variant_of;        /* an autotune variant: its kernel's Python name; else NULL */
  int32_t variant;               /* its config index in the autotune list; else -1 */
  /* Global scratch per program (bytes, a multiple of 128; 0: none): a kernel that makes
   * tensor descriptors (tl.make_tensor_descriptor read by TMA) writes their tensormaps
   * there. It takes one more parameter than `params` lists, last: a device pointer to
   * grid_x * grid_y * grid_z * global_scratch_bytes bytes, 128-byte aligned, that no other
   * launch uses at the same time. tilert_launch allocates it (stream-ordered, from a pool
   * the runtime keeps); tilert_launch_unchecked callers pass it themselves. */
  uint32_t global_scratch_bytes;
} tilert_kernel_info;

/* The tuning facts of an autotuned kernel ("tuning" in metadata version 2). Read-only;
 * owned by its metadata. */
typedef struct tilert_tuning_info {
  const char *kernel;            /* the Python name */
  size_t nvariants;              /* its entries, in config order (each a kernel of the metadata) */
  const char *const *variants;
  size_t nkey;                   /* the autotune key: parameter names */
  const char *const *key;
  size_t nreset_to_zero;         /* outputs to zero before each timed run */
  const char *const *reset_to_zero;
  size_t nrestore_value;         /* arguments to restore after each timed run */
  const char *const *restore_value;
  uint32_t warmup, rep;          /* Triton's do_bench budgets (ms) */
  uint32_t configs;              /* configs written; nvariants of them were kept */
  const char *prune;             /* "none", "applied", "deferred", "applied; perf_model deferred" */
} tilert_tuning_info;

typedef struct tilert_metadata tilert_metadata;

/* Parses metadata JSON (`len` bytes, NUL not required). On success stores a new object the
 * caller owns (free with tilert_metadata_free). On failure returns TILERT_ERROR_METADATA (or
 * OUT_OF_MEMORY), stores NULL, and writes "tilert: metadata:LINE:COL: ..." into err. */
tilert_status tilert_metadata_parse(const char *json, size_t len, tilert_metadata **out_meta,
                                    char *err, size_t err_cap);
void tilert_metadata_free(tilert_metadata *meta);
/* "sm_90a" etc.; "compiler" field ("tilec 0.1.0"). Owned by meta. */
const char *tilert_metadata_target(const tilert_metadata *meta);
const char *tilert_metadata_compiler(const tilert_metadata *meta);
size_t tilert_metadata_kernel_count(const tilert_metadata *meta);
/* The i-th kernel (i < count), or NULL. Owned by meta. */
const tilert_kernel_info *tilert_metadata_kernel(const tilert_metadata *meta, size_t i);
/* The kernel named `name`, or NULL. Owned by meta. */
const tilert_kernel_info *tilert_metadata_find(const tilert_metadata *meta, const char *name);

/* The metadata's version (1 or 2). */
int tilert_metadata_version(const tilert_metadata *meta);
/* Autotuned kernels: count, the i-th (i < count, else NULL), the one named `kernel` (its
 * Python name) or NULL. Owned by meta. */
size_t tilert_metadata_tuning_count(const tilert_metadata *meta);
const tilert_tuning_info *tilert_metadata_tuning(const tilert_metadata *meta, size_t i);
const tilert_tuning_info *tilert_metadata_find_tuning(const tilert_metadata *meta, const char *kernel);

/* The integer value of constexpr `name` of kernel k (e.g. "BLOCK", to size a grid):
 * TILERT_OK, or TILERT_ERROR_NOT_FOUND when k has no integer constexpr of that name. */
tilert_status tilert_kernel_info_constexpr(const tilert_kernel_info *k, const char *name,
                                           int64_t *out_value);

/* ---- launch arguments ----------------------------------------------------------------- */

typedef enum tilert_arg_kind {
  TILERT_ARG_PTR = 0, /* device pointer (a tilert_devptr) */
  TILERT_ARG_I32,     /* for i1/i8/i16/i32/u8/u16/u32 parameters (range-checked) */
  TILERT_ARG_I64,     /* for i64/u64 parameters */
  TILERT_ARG_F32,     /* for fp32 parameters; also fp16/bf16 (converted, round to nearest) */
  TILERT_ARG_F64,     /* for fp64 parameters */
  TILERT_ARG_TENSORDESC, /* for tensordesc parameters (a const tilert_tensordesc *) */
} tilert_arg_kind;

typedef uint64_t tilert_devptr; /* a CUdeviceptr */

/* A host tensor descriptor, as Triton's TensorDescriptor (triton.tools.tensor_descriptor):
 * a strided tensor in global memory and the block shape the kernel loads and stores. At
 * launch libtilert checks it against the kernel's parameter (dtype, rank, block_shape; base
 * 16-byte aligned; strides[rank-1] == 1; the other strides, in bytes, multiples of 16) and
 * encodes it with cuTensorMapEncodeTiled into the 128 bytes the kernel takes. Borrowed: it
 * must stay valid until the launch call returns (the kernel reads the encoded copy). */
typedef struct tilert_tensordesc {
  tilert_devptr base;      /* global address of element [0, ..., 0]; 16-byte aligned */
  tilert_dtype dtype;      /* element type; must equal the kernel's */
  uint32_t rank;           /* 1..5, must equal the kernel's */
  int64_t shape[TILERT_TENSORDESC_MAX_RANK];   /* elements, outermost first; 1..2^32 */
  int64_t strides[TILERT_TENSORDESC_MAX_RANK]; /* elements, outermost first; strides[rank-1] == 1 */
  int64_t block_shape[TILERT_TENSORDESC_MAX_RANK]; /* must equal the kernel's block_shape, or be
                                                       all 0: the kernel's (each autotune variant
                                                       its own, as Triton's pre_hook sets it) */
} tilert_tensordesc;

typedef struct tilert_arg {
  tilert_arg_kind kind;
  union {
    tilert_devptr ptr;
    int32_t i32;
    int64_t i64;
    float f32;
    double f64;
    const tilert_tensordesc *desc; /* borrowed for the call */
  } v;
} tilert_arg;

/* Constructors, for readable call sites: tilert_arg a[] = {tilert_ptr(x), tilert_i32(n)}; */
static inline tilert_arg tilert_ptr(tilert_devptr p) { tilert_arg a; a.kind = TILERT_ARG_PTR; a.v.ptr = p; return a; }
static inline tilert_arg tilert_i32(int32_t x) { tilert_arg a; a.kind = TILERT_ARG_I32; a.v.i32 = x; return a; }
static inline tilert_arg tilert_i64(int64_t x) { tilert_arg a; a.kind = TILERT_ARG_I64; a.v.i64 = x; return a; }
static inline tilert_arg tilert_f32(float x) { tilert_arg a; a.kind = TILERT_ARG_F32; a.v.f32 = x; return a; }
static inline tilert_arg tilert_f64(double x) { tilert_arg a; a.kind = TILERT_ARG_F64; a.v.f64 = x; return a; }
static inline tilert_arg tilert_tensordesc_arg(const tilert_tensordesc *d) { tilert_arg a; a.kind = TILERT_ARG_TENSORDESC; a.v.desc = d; return a; }

/* The most run-time parameters a kernel may have. */
#define TILERT_MAX_PARAMS 64
/* The most tensor-descriptor parameters a kernel may have (each takes 128 bytes of the
 * kernel's 4 KB parameter space). */
#define TILERT_MAX_TENSORDESCS 16

/* Checks `args` against a kernel's signature: count, kind, width/range, pointer alignment
 * (`align`), integer divisibility, tensor descriptors (see tilert_tensordesc). Returns
 * TILERT_OK or TILERT_ERROR_INVALID_ARGUMENT with a message like
 * "tilert: add_kernel: argument 2 (n): expected i32, got f32" in err. */
tilert_status tilert_args_check(const tilert_kernel_info *k, const tilert_arg *args,
                                size_t nargs, char *err, size_t err_cap);

/* ---- runtime --------------------------------------------------------------------------- */

typedef struct tilert_runtime tilert_runtime;
typedef struct tilert_module tilert_module;
typedef struct tilert_kernel tilert_kernel;
typedef void *tilert_stream; /* a CUstream; NULL is the legacy default stream */
typedef void *tilert_event;  /* a CUevent */

/* Opens the driver, initializes it, and makes device `device_index`'s primary context current
 * on the calling thread. Like sqlite3_open: *out_rt is set even on failure (NULL only when
 * host memory ran out), so that tilert_runtime_last_error can say why; the caller destroys
 * it either way. A failed runtime refuses every other call. */
tilert_status tilert_runtime_create(int device_index, tilert_runtime **out_rt);
/* Unloads every module, releases the primary context, closes the driver. NULL is a no-op. */
void tilert_runtime_destroy(tilert_runtime *rt);
/* The last error message of calls on this runtime ("" if none); owned by rt, valid until
 * the next call on it. */
const char *tilert_runtime_last_error(const tilert_runtime *rt);
/* Makes the runtime's context current on the calling thread. */
tilert_status tilert_runtime_make_current(tilert_runtime *rt);

/* Device facts, read once at creation. */
typedef struct tilert_device_info {
  char name[256];
  int cc_major, cc_minor;
  int sm_count;
  int l2_bytes;
  int max_shared_optin;  /* per block, after raising the limit */
  int driver_version;    /* e.g. 13000 */
} tilert_device_info;
tilert_status tilert_runtime_device_info(const tilert_runtime *rt, tilert_device_info *out_info);

/* ---- modules and kernels ------------------------------------------------------------- */

/* Loads PTX text (`ptx_len` bytes; a NUL need not follow) described by `metadata_json`.
 * The metadata's target must run on the device. Every kernel the metadata names is looked
 * up, and its dynamic shared-memory limit raised when shared_bytes > 48 KB. The runtime keeps
 * an in-memory cache keyed by hash(ptx, metadata) (one runtime = one device): loading the
 * same text again returns the same module with its reference count raised. The module is
 * owned by the runtime; tilert_module_release drops a reference (the runtime frees what is
 * left at destroy). On failure stores NULL. */
tilert_status tilert_module_load_ptx(tilert_runtime *rt, const char *ptx, size_t ptx_len,
                                     const char *metadata_json, size_t json_len,
                                     tilert_module **out_module);
/* Loads a cubin (an ELF image for the device's SM, as tilert_assembler_compile or ptxas
 * writes it) described by `metadata_json`: like tilert_module_load_ptx, but the driver runs
 * no PTX JIT. The in-memory cache is keyed by hash(cubin, metadata). The image may also be a
 * cubin bundle (docs/caching.md: the JIT path's image when a file's entries were assembled
 * apart, one cubin per entry): each member is loaded as its own CUDA module and each kernel
 * is taken from the member its entry names. */
tilert_status tilert_module_load_cubin(tilert_runtime *rt, const void *cubin, size_t cubin_len,
                                       const char *metadata_json, size_t json_len,
                                       tilert_module **out_module);
/* Reads `ptx_path` and the metadata beside it (the same path with ".json" in place of the
 * extension, as tilec writes it), then tilert_module_load_ptx; a file that starts with the
 * ELF magic is loaded as a cubin (tilec --emit=cubin -o X.cubin writes X.json beside it). */
tilert_status tilert_module_load_files(tilert_runtime *rt, const char *ptx_path,
                                       tilert_module **out_module);
/* Drops one reference; at zero the module and its kernels are unloaded. NULL is a no-op. */
void tilert_module_release(tilert_module *mod);
/* The module's parsed metadata; owned by the module. */
const tilert_metadata *tilert_module_metadata(const tilert_module *mod);

/* The kernel named `name` in `mod` (owned by mod). TILERT_ERROR_NOT_FOUND if absent;
 * TILERT_ERROR_UNSUPPORTED, with the reason as the last error, for an autotune variant the
 * module loaded without (more shared memory than the device allows, or its entry did not
 * assemble; docs/runtime.md, "Autotuning"). */
tilert_status tilert_module_get_kernel(tilert_module *mod, const char *name,
                                       tilert_kernel **out_kernel);
/* The kernel's signature (owned by its module). */
const tilert_kernel_info *tilert_kernel_get_info(const tilert_kernel *k);

/* Checked launch: args are checked with tilert_args_check, converted to the PTX ABI, and
 * launched with grid `grid` (x, y, z), block (threads_per_block, 1, 1), the kernel's dynamic
 * shared memory, on `stream`. Launch errors are reported; the kernel's own faults show at
 * the next synchronization. */
tilert_status tilert_launch(tilert_kernel *k, const unsigned grid[3], tilert_stream stream,
                            const tilert_arg *args, size_t nargs);
/* Fast path: one cuLaunchKernel, no checks. kernel_params[i] points at the value of the i-th
 * parameter in its PTX width (pointers: a tilert_devptr; i32: int32_t; fp32: float; fp16 and
 * bf16: uint16_t bits; tensor descriptors: the 128 bytes tilert_tensordesc_encode wrote),
 * then, for a kernel with global_scratch_bytes, at a tilert_devptr to its scratch.
 * The caller guarantees the signature; a mismatch is undefined. */
tilert_status tilert_launch_unchecked(tilert_kernel *k, const unsigned grid[3],
                                      tilert_stream stream, void **kernel_params);
/* Encodes descriptor `d` for parameter `index` of kernel k (a TILERT_PARAM_TENSORDESC),
 * checked as tilert_launch checks it, into `out_map`: the 128-byte CUtensorMap, which must be
 * 64-byte aligned; for tilert_launch_unchecked, kernel_params[index] points at it. Errors:
 * INVALID_ARGUMENT (message as tilert_launch's), UNSUPPORTED (a driver without
 * cuTensorMapEncodeTiled, before CUDA 12.0), DRIVER. */
tilert_status tilert_tensordesc_encode(tilert_kernel *k, size_t index, const tilert_tensordesc *d,
                                       void *out_map);

/* Counters and times of one runtime since its creation (for tests and benchmarks). */
typedef struct tilert_runtime_stats {
  unsigned ptx_loads;    /* modules the driver got as PTX (its JIT compiled them) */
  unsigned cubin_loads;  /* modules the driver got as cubins */
  unsigned jit_compiles; /* tilert_jit_compile_and_load: tilec compiles (disk-cache misses) */
  unsigned jit_assembles;/* ... PTX -> cubin runs */
  unsigned jit_disk_hits;/* ... modules whose image and metadata came from the disk cache */
  double compile_ms, assemble_ms, load_ms; /* summed wall times of those steps */
} tilert_runtime_stats;
tilert_status tilert_runtime_get_stats(const tilert_runtime *rt, tilert_runtime_stats *out_stats);

/* ---- memory, streams, events (for tests and benchmarks) ------------------------------ */

tilert_status tilert_malloc(tilert_runtime *rt, size_t bytes, tilert_devptr *out_ptr);
tilert_status tilert_free(tilert_runtime *rt, tilert_devptr ptr); /* 0 is a no-op */
tilert_status tilert_copy_to_device(tilert_runtime *rt, tilert_devptr dst, const void *src,
                                    size_t bytes);
tilert_status tilert_copy_to_host(tilert_runtime *rt, void *dst, tilert_devptr src, size_t bytes);
tilert_status tilert_memset8(tilert_runtime *rt, tilert_devptr dst, uint8_t value, size_t bytes);
tilert_status tilert_synchronize(tilert_runtime *rt);                  /* whole context */
tilert_status tilert_stream_synchronize(tilert_runtime *rt, tilert_stream stream);
tilert_status tilert_event_create(tilert_runtime *rt, tilert_event *out_event);
tilert_status tilert_event_destroy(tilert_runtime *rt, tilert_event event);
tilert_status tilert_event_record(tilert_runtime *rt, tilert_event event, tilert_stream stream);
tilert_status tilert_event_synchronize(tilert_runtime *rt, tilert_event event);
tilert_status tilert_event_elapsed_ms(tilert_runtime *rt, tilert_event start, tilert_event end,
                                      float *out_ms);

/* ---- disk cache (no driver needed; runtime/cache.c) ---------------------------------- */

#define TILERT_CACHE_KEY_LEN 32 /* hex characters */

/* Key of a compiled kernel: a 128-bit hash over the source, the options (any canonical text
 * of them), the compiler version and the target, each length-prefixed so that no two
 * different inputs collide by concatenation. Writes TILERT_CACHE_KEY_LEN hex digits and a NUL. */
void tilert_cache_key(const char *source, size_t source_len, const char *options,
                      const char *compiler_version, const char *target,
                      char out_key[TILERT_CACHE_KEY_LEN + 1]);
/* The cache folder: $TILERT_CACHE_DIR, else $XDG_CACHE_HOME/tilec, else $HOME/.cache/tilec.
 * TILERT_ERROR_NOT_FOUND when none of them is set. */
tilert_status tilert_cache_dir(char *out_dir, size_t cap);
/* Writes `dir/key.ext` atomically: a temporary file in `dir`, fsync, rename. Creates `dir`
 * (and parents) when missing. A reader sees the old file, the new file, or none. The file is
 * a 32-byte header (magic "tilertC1", payload length, 64-bit checksum of the payload, checksum
 * of the header) followed by the payload (docs/caching.md). No size cap: tilert_cache_put. */
tilert_status tilert_cache_write(const char *dir, const char *key, const char *ext,
                                 const void *data, size_t len, char *err, size_t err_cap);
/* Reads `dir/key.ext` and checks its header and checksum. On success stores a malloc'ed
 * copy of the payload the caller frees with free() (NUL-terminated; *out_len excludes the
 * NUL). TILERT_ERROR_NOT_FOUND when absent, and also when the file is corrupt or truncated:
 * then it is removed (unless a writer replaced it meanwhile) and err says
 * "tilert: cache: corrupt entry PATH (WHY): removed". A corrupt payload is never returned. */
tilert_status tilert_cache_read(const char *dir, const char *key, const char *ext,
                                char **out_data, size_t *out_len, char *err, size_t err_cap);

/* How a cache is used. */
typedef enum tilert_cache_mode {
  TILERT_CACHE_READ_WRITE = 0, /* hits are used, misses are compiled and written */
  TILERT_CACHE_MUST_HIT = 1,   /* read-only: a miss is an error; nothing compiled or written */
  TILERT_CACHE_OFF = 2,        /* neither read nor written */
} tilert_cache_mode;

/* Default size cap: 1 GiB (a cubin, PTX and metadata of one kernel are 10-200 KB). */
#define TILERT_CACHE_DEFAULT_MAX_BYTES (1ull << 30)

/* A cache: where, how, how big. Plain data the caller owns. */
typedef struct tilert_cache_config {
  char dir[4096];
  tilert_cache_mode mode;
  uint64_t max_bytes; /* cap on the folder's entries (all files KEY.*); 0: no cap */
} tilert_cache_config;

/* Fills *out from the environment: dir from tilert_cache_dir; mode from TILERT_CACHE_MODE
 * (read-write (default), must-hit, off); max_bytes from TILERT_CACHE_MAX_BYTES (bytes, or
 * with a K/M/G suffix; 0 for no cap; default TILERT_CACHE_DEFAULT_MAX_BYTES). No folder
 * known: mode off, except must-hit, which is then TILERT_ERROR_NOT_FOUND. A bad value is
 * TILERT_ERROR_INVALID_ARGUMENT naming the variable. */
tilert_status tilert_cache_config_from_env(tilert_cache_config *out, char *err, size_t err_cap);
/* tilert_cache_read under a policy: off is always a miss (NOT_FOUND); in read-write mode a
 * hit sets the file's mtime to now (the LRU order of eviction); must-hit only reads (a
 * corrupt file is a miss there too, but is left in place: "corrupt entry PATH (WHY)"). */
tilert_status tilert_cache_get(const tilert_cache_config *c, const char *key, const char *ext,
                               char **out_data, size_t *out_len, char *err, size_t err_cap);
/* tilert_cache_write under a policy: off does nothing (OK); must-hit writes nothing and
 * returns TILERT_ERROR_UNSUPPORTED; read-write writes, then evicts to max_bytes (never the
 * entry `key` itself). */
tilert_status tilert_cache_put(const tilert_cache_config *c, const char *key, const char *ext,
                               const void *data, size_t len, char *err, size_t err_cap);
/* Removes least recently used entries of `dir` (an entry: every file KEY.EXT of one 32-hex
 * key; its use time: the newest mtime of its files) until their total size is at most
 * `max_bytes`, never the entry `keep_key` (may be NULL). Also removes temporary files that
 * dead writers left over an hour ago. *out_freed (may be NULL) gets the bytes removed. */
tilert_status tilert_cache_evict(const char *dir, uint64_t max_bytes, const char *keep_key,
                                 uint64_t *out_freed, char *err, size_t err_cap);

/* ---- autotuning (runtime/tune.c) ------------------------------------------------------- */

/* A device buffer to zero (reset_to_zero) or to save and restore (restore_value). */
typedef struct tilert_tune_buffer {
  tilert_devptr ptr;
  size_t bytes;
} tilert_tune_buffer;

/* One variant (config) of a kernel: a loaded kernel and its grid. Borrowed for the call. */
typedef struct tilert_tune_variant {
  tilert_kernel *kernel;  /* NULL: the variant failed to load; skipped with load_error */
  const char *name;       /* unique, no tab or newline: e.g. "BLOCK=1024 num_warps=4" */
  unsigned grid[3];
  const char *load_error; /* why kernel is NULL (may be NULL) */
} tilert_tune_variant;

typedef void (*tilert_report_fn)(void *user, const char *line);

/* What to tune. Every pointer is borrowed for the call. */
typedef struct tilert_tune_request {
  /* What the choice depends on besides the variant names and the device, as text: the
   * kernel, the values of the tuning key's arguments, their dtypes, the specialization;
   * e.g. "matmul_kernel M=4096 N=4096 K=4096 fp16 :16". */
  const char *key;
  const tilert_tune_variant *variants;
  size_t nvariants;
  const tilert_arg *args;     /* the real arguments, the same for every variant */
  size_t nargs;
  tilert_stream stream;
  const tilert_tune_buffer *reset_to_zero; /* zeroed before every run */
  size_t nreset;
  const tilert_tune_buffer *restore_value; /* saved once, written back before every run */
  size_t nrestore;
  unsigned warmup, rep;       /* launches before timing, timed launches (at most 1000);
                                 0: 3 and 10 */
  tilert_report_fn report;    /* report lines; NULL: stderr when TILERT_PRINT_AUTOTUNING=1 */
  void *report_user;
} tilert_tune_request;

typedef enum tilert_tune_source {
  TILERT_TUNE_TIMED = 0,   /* timed now, stored in memory and on disk */
  TILERT_TUNE_MEMORY = 1,  /* this runtime chose it before */
  TILERT_TUNE_DISK = 2,    /* read from the disk cache (KEY.tune) */
  TILERT_TUNE_DEFAULT = 3, /* the first variant: TILERT_AUTOTUNE=off, or cached with no choice */
} tilert_tune_source;

/* Chooses the fastest variant: the choice kept for this key (in this runtime, else in the
 * disk cache; the key hashes req->key, the variant names and the device's name, compute
 * capability, SM count and driver), else times each variant with CUDA events on req->stream
 * (one untimed launch: a variant that fails to launch or has no kernel is skipped with a
 * note; warmup-1 more; rep timed launches; the median; a variant whose first 2 timed
 * launches are both over twice the best median so far stops there, its time the faster of
 * the two, unless TILERT_TUNE_CUTOFF=0), with reset_to_zero buffers zeroed and
 * restore_value buffers restored before every launch and again at the end (a tuning run
 * neither corrupts nor accumulates into them), and stores the fastest. TILERT_AUTOTUNE=on
 * (default) | cached (a kept choice, else the first variant; never times) | off (always the
 * first). In TILERT_CACHE_MODE=must-hit a missing choice is TILERT_ERROR_NOT_FOUND. Stores
 * the chosen index in *out_best, how it was chosen in *out_source (may be NULL), and each
 * variant's median ms in out_ms[nvariants] (may be NULL; -1: skipped; NaN: not timed). The
 * variants' outputs hold whatever the last timed run wrote: launch the best one for real. */
tilert_status tilert_tune(tilert_runtime *rt, const tilert_tune_request *req, size_t *out_best,
                          tilert_tune_source *out_source, float *out_ms);

/* ---- PTX to cubin (runtime/ptx_compile.c; no driver needed) ------------------------- */

typedef enum tilert_assembler_kind {
  TILERT_ASSEMBLER_AUTO = 0,      /* nvJitLink when found, else a ptxas process */
  TILERT_ASSEMBLER_NVJITLINK = 1, /* in-process, libnvJitLink.so.13 opened at run time */
  TILERT_ASSEMBLER_PTXAS = 2,     /* the toolkit's ptxas, one process per compile */
} tilert_assembler_kind;

typedef struct tilert_assembler tilert_assembler;

/* Finds an assembler of `kind`; with AUTO, $TILERT_ASSEMBLER (auto, nvjitlink, ptxas) may
 * choose. nvJitLink's search order: $TILERT_NVJITLINK (alone, when set), the toolkit
 * ($CUDA_HOME, $CUDA_PATH, /usr/local/cuda: lib64, lib), Python wheels (nvidia/cu13/lib and
 * nvidia/nvjitlink/lib under $VIRTUAL_ENV, $CONDA_PREFIX, ~/.local, /usr/local, /usr), the
 * plain soname. ptxas: $TILERT_PTXAS, PATH, $CUDA_HOME/bin, /usr/local/cuda/bin. On success
 * stores a new assembler the caller destroys; TILERT_ERROR_NOT_FOUND (with what was looked
 * for in err) when none is found. An assembler is immutable: threads may share one. */
tilert_status tilert_assembler_create(tilert_assembler_kind kind, tilert_assembler **out_asm,
                                      char *err, size_t err_cap);
void tilert_assembler_destroy(tilert_assembler *a);
/* NVJITLINK or PTXAS: what was found. */
tilert_assembler_kind tilert_assembler_get_kind(const tilert_assembler *a);
/* "nvJitLink 13.0 (/usr/local/cuda/lib64/libnvJitLink.so.13)" or "ptxas (/path)"; owned by a. */
const char *tilert_assembler_describe(const tilert_assembler *a);
/* Compiles `len` bytes of PTX (no NUL needed) for `arch` ("sm_90a") at -O3 into an ELF
 * cubin that cuModuleLoadData accepts: a malloc'ed buffer the caller frees. Errors:
 * TILERT_ERROR_COMPILE with the assembler's log ("tilert: nvJitLink: nvJitLinkComplete
 * failed: NVJITLINK_ERROR_PTX_COMPILE (4)\n  log: ..."), IO, OUT_OF_MEMORY. */
tilert_status tilert_assembler_compile(const tilert_assembler *a, const char *ptx, size_t len,
                                       const char *arch, unsigned char **out_cubin,
                                       size_t *out_len, char *err, size_t err_cap);

/* ---- JIT (runtime/jit.c; needs libtilec: built with TILERT_WITH_TILEC) --------------- */

/* Sets the disk cache the JIT path uses (copied); NULL goes back to the environment's
 * (tilert_cache_config_from_env, read at each call), the default. */
tilert_status tilert_runtime_set_cache(tilert_runtime *rt, const tilert_cache_config *config);

struct tilec_options;
/* Compiles `source` with tilec (opts may be NULL; arch defaults to the device's, emit is
 * forced to PTX), assembles the PTX into a cubin (the runtime's assembler: nvJitLink, else
 * ptxas; with neither installed the driver gets the PTX; entries that tilec compiles apart,
 * such as autotune variants, are each assembled on their compile thread as soon as their
 * PTX is ready, into a cubin bundle), and loads it as
 * tilert_module_load_cubin does. The disk cache (the runtime's, else the environment's)
 * keeps KEY.json, KEY.ptx and KEY.cubin, KEY = tilert_cache_key(source, options text,
 * tilec_version(), "ARCH driver=VERSION"): a hit reads the metadata and the cubin and
 * neither compiles nor assembles; a missing or corrupt cubin is assembled again from the
 * cached PTX. In must-hit mode a miss is TILERT_ERROR_NOT_FOUND and nothing is compiled or
 * written. TILERT_JIT_LOAD=ptx hands the driver the PTX instead (debugging). Compiler
 * diagnostics are forwarded to opts->on_diagnostic and the first errors are copied into
 * the runtime's last error. Without TILERT_WITH_TILEC this returns TILERT_ERROR_UNSUPPORTED. */
tilert_status tilert_jit_compile_and_load(tilert_runtime *rt, const char *filename,
                                          const char *source, size_t len,
                                          const struct tilec_options *opts,
                                          tilert_module **out_module);

/* ---- compile and tune in one call (runtime/jit_tune.c) --------------------------------- */

/* A variant's grid from its metadata (its constexprs: tilert_kernel_info_constexpr). */
typedef void (*tilert_grid_fn)(void *user, const tilert_kernel_info *variant, unsigned grid[3]);

/* An autotuned kernel's first call: what to compile, and how to tune it. Borrowed for the
 * call. */
typedef struct tilert_jit_tune_request {
  const char *filename;  /* the compile, as tilert_jit_compile_and_load takes it */
  const char *source;
  size_t len;
  const struct tilec_options *opts;
  const char *kernel;    /* the autotuned kernel's Python name: its tuning entry */
  tilert_grid_fn grid;   /* required */
  void *grid_user;
  /* key, args, stream, reset_to_zero, restore_value, warmup, rep and report, as tilert_tune
   * takes them; variants and nvariants are not read: the compile gives the variants, named
   * by tilert_variant_name. */
  tilert_tune_request tune;
} tilert_jit_tune_request;

typedef struct tilert_jit_tune_result {
  tilert_module *module;  /* every variant, as tilert_jit_compile_and_load loads it: release it */
  tilert_kernel *best;    /* the chosen variant (owned by module) */
  size_t best_index;      /* its index among the tuning entry's variants */
  unsigned grid[3];       /* its grid */
  tilert_tune_source source;
  size_t overlapped;      /* variants timed as soon as they were assembled, before the
                             compile ended (0: nothing was compiled) */
} tilert_jit_tune_result;

/* tilert_jit_compile_and_load, then tilert_tune over every variant of req->kernel, with
 * the two overlapped where the source has to be compiled: each variant is loaded (a CUDA
 * module of its own) and timed on the calling thread as soon as it is assembled, in the
 * order the variants finish, while tilec and the assembler still work on the others
 * (slow-to-compile variants, the big tiles, come last). The first call then costs the
 * slowest variant's compile and assembly plus its own timing, instead of the sum of all
 * compiles' slowest and every variant's timing. When nothing is compiled (a disk-cache
 * hit), or TILERT_AUTOTUNE is cached or off, or the cache is must-hit, or no assembler is
 * installed, or TILERT_TUNE_OVERLAP=0, it is exactly the two calls in turn. A compile with timings overlapped keeps
 * its choice as tilert_tune keeps one (in memory and on disk), without reading a choice
 * kept before (the compile had to run anyway). The compile runs on a thread of its own:
 * opts->on_diagnostic is called there. The variants' outputs hold whatever the last
 * timed run wrote; reset_to_zero and restore_value buffers are as tilert_tune leaves
 * them: launch out->best with out->grid for real. On failure nothing is kept in *out. */
tilert_status tilert_jit_compile_and_tune(tilert_runtime *rt, const tilert_jit_tune_request *req,
                                         tilert_jit_tune_result *out);

/* A variant's name for the tuner: its integer constexprs, num_warps, num_stages and entry,
 * e.g. "BLOCK_M=64 BLOCK_N=128 num_warps=4 num_stages=3 (matmul_kernel__v2)". */
void tilert_variant_name(const tilert_kernel_info *variant, char *out, size_t cap);

/* ---- specialization as Triton's JIT does it (runtime/specialize.c) ------------------- */

/* A partial signature (tilec's --signature syntax, one entry per kernel parameter) read as a
 * plan for launch-time specialization. Each run-time entry takes one launch argument, in
 * order; constant entries (`1024`, `True`, `autotune`, ...) take none. An integer entry
 * without a hint (`i32`, `i64`, `u32`, ...; not `i1`) and a pointer entry without one
 * (`*fp32`) are decided per launch, as Triton's JIT decides:
 *   integers equal to 1 become the constant `1` (they leave the kernel's parameters);
 *   integers divisible by 16 get `:16`; pointers whose address is divisible by 16 get `:16`;
 *   others stay plain.
 * Entries with a hint (`*fp32:16`, `i32:16`) or of other types (`fp32`, `i1`,
 * `tensordesc<fp16[128, 64]>`) are kept. A bare `tensordesc` entry takes a
 * TILERT_ARG_TENSORDESC and becomes its type (`tensordesc<fp16[128, 64]>`, from the
 * descriptor's dtype and block_shape). Entries are split at commas outside <...> and [...].
 * `do_not_specialize` keeps a parameter plain; `do_not_specialize_on_alignment` keeps only
 * the ==1 rule. Each entry of both lists is a run-time parameter's name, or a decimal index
 * into the signature's entries (every parameter, constexprs included, as Triton counts). */
typedef struct tilert_spec_plan tilert_spec_plan;

/* Parses `signature`. `names` (may be NULL when nnames is 0) are the names of the run-time
 * parameters, in order (as many as the run-time entries), to resolve names in the two
 * lists; a name or index that is unknown, or that points at a constant entry, is
 * TILERT_ERROR_INVALID_ARGUMENT with a message in err.
 * On success stores a plan the caller frees with tilert_spec_plan_free. No driver needed. */
tilert_status tilert_spec_plan_create(const char *signature, const char *const *names,
                                      size_t nnames, const char *const *do_not_specialize,
                                      size_t ndo_not_specialize,
                                      const char *const *do_not_specialize_on_alignment,
                                      size_t ndo_not_specialize_on_alignment,
                                      tilert_spec_plan **out_plan, char *err, size_t err_cap);
void tilert_spec_plan_free(tilert_spec_plan *plan);
/* How many launch arguments the plan takes (its run-time entries). */
size_t tilert_spec_plan_arg_count(const tilert_spec_plan *plan);
/* Writes the specialized signature for `args` (NUL-terminated) into out: e.g. plan
 * "*fp32,*fp32,i32,1024" with an aligned pointer, an odd address and 1 gives
 * "*fp32:16,*fp32,1,1024". TILERT_ERROR_INVALID_ARGUMENT when nargs or an argument's kind
 * does not fit the plan (pointer entries take TILERT_ARG_PTR, integer entries I32 or I64,
 * bare `tensordesc` entries a TILERT_ARG_TENSORDESC of rank 1 to 5),
 * or when out is too small; message in err. */
tilert_status tilert_spec_signature(const tilert_spec_plan *plan, const tilert_arg *args,
                                    size_t nargs, char *out, size_t out_cap, char *err,
                                    size_t err_cap);

/* A JIT kernel: one kernel of a source, compiled once per specialization. Like its runtime,
 * one thread at a time. */
typedef struct tilert_jit_kernel tilert_jit_kernel;

/* What a JIT kernel compiles. The strings are copied; `opts` is copied shallowly (what its
 * pointers point at must outlive the JIT kernel); its signature and kernels are replaced. */
typedef struct tilert_jit_request {
  const char *filename;       /* for diagnostics; NULL: "<source>" */
  const char *source;
  size_t len;
  const char *kernel;         /* the entry's name (required) */
  const char *signature;      /* the partial signature, see tilert_spec_plan; NULL: read off
                                 the source's annotations (every parameter typed there),
                                 constexprs as `autotune` (their values stay the source's) */
  const struct tilec_options *opts; /* may be NULL */
  /* Added to what the kernel's @triton.jit(do_not_specialize=[...],
   * do_not_specialize_on_alignment=[...]) says (names or indices, as in
   * tilert_spec_plan_create); may be NULL with a count of 0. */
  const char *const *do_not_specialize;
  size_t ndo_not_specialize;
  const char *const *do_not_specialize_on_alignment;
  size_t ndo_not_specialize_on_alignment;
} tilert_jit_request;

/* Makes a JIT kernel on rt: parses the signature; reads `do_not_specialize` and
 * `do_not_specialize_on_alignment` off the kernel's `@triton.jit(...)` (tilec's parse of the
 * source) and adds the request's; runs tilec's frontend once when the lists hold names (to
 * learn the run-time parameters' names) or when the request has no signature. Compiles no
 * code. On success
 * stores an object the caller destroys (before the runtime) with tilert_jit_kernel_destroy.
 * Errors: INVALID_ARGUMENT, COMPILE (the frontend's errors), UNSUPPORTED (no compiler). */
tilert_status tilert_jit_kernel_create(tilert_runtime *rt, const tilert_jit_request *req,
                                       tilert_jit_kernel **out_jk);
/* Releases every specialization's module. NULL is a no-op. */
void tilert_jit_kernel_destroy(tilert_jit_kernel *jk);
/* The kernel for these arguments' specialization: found in the JIT kernel's table (its key
 * is the 2 bits per argument that specialization decides, compared as two words), else
 * compiled once through tilert_jit_compile_and_load with the specialized signature (so the
 * disk cache keys on it too) and added. *out_kernel is owned by the JIT kernel. */
tilert_status tilert_jit_get(tilert_jit_kernel *jk, const tilert_arg *args, size_t nargs,
                             tilert_kernel **out_kernel);
/* tilert_jit_get, then a checked tilert_launch with the arguments that stayed parameters
 * (those specialized to the constant 1 are dropped). `args` are the plan's arguments. */
tilert_status tilert_jit_launch(tilert_jit_kernel *jk, const unsigned grid[3],
                                tilert_stream stream, const tilert_arg *args, size_t nargs);
/* The signature the JIT kernel specializes (the request's, or the one read off the source);
 * owned by jk. */
const char *tilert_jit_kernel_signature(const tilert_jit_kernel *jk);
/* The specializations compiled so far: count, and the i-th's signature (owned by jk; NULL
 * when i >= count). */
size_t tilert_jit_kernel_specialization_count(const tilert_jit_kernel *jk);
const char *tilert_jit_kernel_specialization(const tilert_jit_kernel *jk, size_t i);

#ifdef __cplusplus
}
#endif
#endif
