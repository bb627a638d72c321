/* Modules: PTX or a cubin, plus metadata, loaded through cuModuleLoadDataEx, kept in the
 * runtime's in-memory cache (keyed by the hash of image and metadata; one runtime is one
 * device); kernels and launches. */
#include "rt_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DEFAULT_SHARED_LIMIT (48 * 1024)
#define JIT_LOG_CAP 4096

/* ---- target check ----------------------------------------------------------------------- */

/* "sm_90a" -> 90 and arch-specific; the metadata parser has validated the spelling. */
static int target_cc(const char *t, bool *out_specific) {
  int cc = atoi(t + 3);
  size_t n = strlen(t);
  *out_specific = t[n - 1] == 'a' || t[n - 1] == 'f';
  return cc;
}

static tilert_status check_target(tilert_runtime *rt, const tilert_metadata *md) {
  bool specific;
  const char *t = tilert_metadata_target(md);
  int want = target_cc(t, &specific);
  int have = rt->info.cc_major * 10 + rt->info.cc_minor;
  if (want > have || (specific && want != have))
    return rt_fail(rt, TILERT_ERROR_UNSUPPORTED,
                   "tilert: the module was compiled for %s, which does not run on device %d (%s, "
                   "sm_%d)", t, rt->device_index, rt->info.name, have);
  return TILERT_OK;
}

/* ---- loading ---------------------------------------------------------------------------- */

static tilert_module *cache_find(tilert_runtime *rt, uint64_t lo, uint64_t hi) {
  for (tilert_module *m = rt->modules; m; m = m->next)
    if (m->hash_lo == lo && m->hash_hi == hi) return m;
  return NULL;
}

/* The driver needs NUL-terminated PTX (the caller's buffer need not be); a cubin is passed
 * as it is (its ELF header gives the driver its size). */
static tilert_status load_cu_module(tilert_runtime *rt, const char *image, size_t len,
                                    bool is_ptx, CUmodule *out) {
  char *text = NULL;
  if (is_ptx) {
    if (!(text = malloc(len + 1))) return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
    memcpy(text, image, len);
    text[len] = 0;
  }
  char log[JIT_LOG_CAP] = "";
  CUjit_option opts[2] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *vals[2] = {log, (void *)(uintptr_t)sizeof log};
  double t0 = rt_now_ms();
  CUresult r = rt->cu.cuModuleLoadDataEx(out, is_ptx ? text : image, 2, opts, vals);
  rt->stats.load_ms += rt_now_ms() - t0;
  free(text);
  if (r == CUDA_SUCCESS) {
    if (is_ptx) rt->stats.ptx_loads++; else rt->stats.cubin_loads++;
    return TILERT_OK;
  }
  tilert_status s = rt_cu_fail(rt, r, "cuModuleLoadDataEx", __FILE__, __LINE__);
  log[sizeof log - 1] = 0;
  if (log[0]) {
    size_t n = strlen(rt->err);
    snprintf(rt->err + n, sizeof rt->err - n, "\n  %s log: %s", is_ptx ? "ptx JIT" : "cubin load", log);
  }
  return s;
}

/* The CUDA module holding entry `name`: a bundle's member named so, else the module. A
 * member that did not assemble has none: NULL, and *why says why. */
static CUmodule module_of(const tilert_module *m, const char *name, const char **why) {
  *why = NULL;
  for (size_t i = 0; i < m->nmembers; i++)
    if (strcmp(m->member_entries[i], name) == 0) {
      *why = m->member_errors[i];
      return m->members[i];
    }
  return m->mod;
}

static tilert_status init_kernel(tilert_module *m, const tilert_kernel_info *info,
                                 tilert_kernel *k) {
  tilert_runtime *rt = m->rt;
  k->launch = rt->cu.cuLaunchKernel;
  k->info = info;
  k->mod = m;
  k->block_x = info->threads_per_block;
  k->shared_bytes = info->shared_bytes;
  const char *why;
  CUmodule mod = module_of(m, info->name, &why);
  if (why) return rt_fail(rt, TILERT_ERROR_COMPILE, "tilert: kernel %s did not assemble: %s", info->name, why);
  CUresult r = rt->cu.cuModuleGetFunction(&k->fn, mod, info->name);
  if (r != CUDA_SUCCESS) {
    tilert_status s = rt_cu_fail(rt, r, "cuModuleGetFunction", __FILE__, __LINE__);
    size_t n = strlen(rt->err);
    snprintf(rt->err + n, sizeof rt->err - n,
             "\n  the metadata names kernel %s; the PTX has no such .entry", info->name);
    return s;
  }
  if (info->shared_bytes <= DEFAULT_SHARED_LIMIT) return TILERT_OK;
  if ((int)info->shared_bytes > rt->info.max_shared_optin)
    return rt_fail(rt, TILERT_ERROR_UNSUPPORTED,
                   "tilert: kernel %s needs %u bytes of shared memory; %s allows %d per block",
                   info->name, info->shared_bytes, rt->info.name, rt->info.max_shared_optin);
  RT_CU(rt, cuFuncSetAttribute, k->fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
        (int)info->shared_bytes);
  return TILERT_OK;
}

static void module_free(tilert_module *m) {
  /* nothing to report to at teardown */
  for (size_t i = 0; i < m->nmembers; i++) {
    if (m->members[i]) (void)m->rt->cu.cuModuleUnload(m->members[i]);
    free(m->member_entries[i]);
    free(m->member_errors[i]);
  }
  for (size_t i = 0; m->kernels && i < m->nkernels; i++) free(m->kernels[i].load_error);
  free(m->member_errors);
  free(m->members);
  free(m->member_entries);
  if (m->mod && !m->nmembers) (void)m->rt->cu.cuModuleUnload(m->mod);
  tilert_metadata_free(m->meta);
  free(m->kernels);
  free(m);
}

/* A cubin bundle: each member its own CUDA module (module_of finds an entry's). */
static tilert_status load_bundle(tilert_runtime *rt, const char *image, size_t len,
                                 tilert_module *m) {
  rt_bundle_item *it;
  size_t n;
  RT_TRY(rt_bundle_read(image, len, &it, &n, rt->err, sizeof rt->err));
  m->members = calloc(n, sizeof *m->members);
  m->member_entries = calloc(n, sizeof *m->member_entries);
  m->member_errors = calloc(n, sizeof *m->member_errors);
  tilert_status s = m->members && m->member_entries && m->member_errors ? TILERT_OK
                    : rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  for (size_t i = 0; !s && i < n; i++) {
    m->nmembers = i + 1;
    if (!(m->member_entries[i] = strndup(it[i].entry, it[i].entry_len)) ||
        (it[i].failed && !(m->member_errors[i] = strndup((const char *)it[i].cubin, it[i].len))))
      s = rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
    else if (!it[i].failed)
      s = load_cu_module(rt, (const char *)it[i].cubin, it[i].len, false, &m->members[i]);
  }
  for (size_t i = 0; !s && i < n && !m->mod; i++) m->mod = m->members[i];
  if (!s && !m->mod) s = rt_fail(rt, TILERT_ERROR_COMPILE, "tilert: module load: no member of the cubin bundle assembled");
  free(it);
  return s;
}

/* A module is usable when every autotuned kernel has a variant that loaded: the error of
 * the first variant of a kernel none of whose variants loaded otherwise. */
static tilert_status every_kernel_has_a_variant(tilert_module *m) {
  for (size_t i = 0; i < m->nkernels; i++) {
    const tilert_kernel *k = &m->kernels[i];
    if (!k->load_error) continue;
    bool any = false;
    for (size_t j = 0; j < m->nkernels && !any; j++)
      any = !m->kernels[j].load_error && m->kernels[j].info->variant_of &&
            strcmp(m->kernels[j].info->variant_of, k->info->variant_of) == 0;
    if (!any)
      return rt_fail(m->rt, TILERT_ERROR_UNSUPPORTED, "tilert: no variant of %s can load; %s: %s",
                     k->info->variant_of, k->info->name, k->load_error);
  }
  return TILERT_OK;
}

static tilert_status module_build(tilert_runtime *rt, const char *image, size_t len,
                                  bool is_ptx, tilert_metadata *md, tilert_module *m) {
  m->rt = rt;
  m->refs = 1;
  m->meta = md;
  RT_TRY(check_target(rt, md));
  m->nkernels = tilert_metadata_kernel_count(md);
  m->kernels = calloc(m->nkernels, sizeof *m->kernels);
  if (!m->kernels) return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  if (!is_ptx && rt_bundle_is(image, len)) RT_TRY(load_bundle(rt, image, len, m));
  else RT_TRY(load_cu_module(rt, image, len, is_ptx, &m->mod));
  for (size_t i = 0; i < m->nkernels; i++) {
    const tilert_kernel_info *info = tilert_metadata_kernel(md, i);
    tilert_status s = init_kernel(m, info, &m->kernels[i]);
    if (!s) continue;
    if (!info->variant_of) return s;
    /* An autotune variant that cannot load (more shared memory than this GPU allows, or it
     * did not assemble) is skipped: the tuner sees its load_error. */
    if (!(m->kernels[i].load_error = strdup(rt->err)))
      return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  }
  return every_kernel_has_a_variant(m);
}

static tilert_status module_load(tilert_runtime *rt, const char *image, size_t len, bool is_ptx,
                                 const char *metadata_json, size_t json_len,
                                 tilert_module **out_module) {
  *out_module = NULL;
  RT_TRY(rt_check_ready(rt));
  if (!image || !len || !metadata_json)
    return rt_fail(rt, TILERT_ERROR_INVALID_ARGUMENT, "tilert: module load: empty %s or no metadata",
                   is_ptx ? "PTX" : "cubin");
  rt_hash h;
  rt_hash_init(&h);
  rt_hash_field(&h, image, len);
  rt_hash_field(&h, metadata_json, json_len);
  uint64_t lo, hi;
  rt_hash_final(&h, &lo, &hi);
  tilert_module *hit = cache_find(rt, lo, hi);
  if (hit) {
    hit->refs++;
    *out_module = hit;
    return TILERT_OK;
  }
  tilert_metadata *md;
  RT_TRY(tilert_metadata_parse(metadata_json, json_len, &md, rt->err, sizeof rt->err));
  tilert_module *m = calloc(1, sizeof *m);
  if (!m) { tilert_metadata_free(md); return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory"); }
  tilert_status s = module_build(rt, image, len, is_ptx, md, m);
  if (s) { module_free(m); return s; }
  m->hash_lo = lo;
  m->hash_hi = hi;
  m->next = rt->modules;
  rt->modules = m;
  *out_module = m;
  return TILERT_OK;
}

tilert_status tilert_module_load_ptx(tilert_runtime *rt, const char *ptx, size_t ptx_len,
                                     const char *metadata_json, size_t json_len,
                                     tilert_module **out_module) {
  return module_load(rt, ptx, ptx_len, true, metadata_json, json_len, out_module);
}

static bool is_elf(const void *image, size_t len) {
  return len >= 4 && memcmp(image, "\x7f" "ELF", 4) == 0;
}

/* A cubin image: an ELF file, or a bundle of them (runtime/cubin_bundle.c). */
static bool is_cubin(const void *image, size_t len) {
  return is_elf(image, len) || rt_bundle_is(image, len);
}

tilert_status tilert_module_load_cubin(tilert_runtime *rt, const void *cubin, size_t cubin_len,
                                       const char *metadata_json, size_t json_len,
                                       tilert_module **out_module) {
  if (cubin && !is_cubin(cubin, cubin_len)) {
    *out_module = NULL;
    RT_TRY(rt_check_ready(rt));
    return rt_fail(rt, TILERT_ERROR_INVALID_ARGUMENT,
                   "tilert: module load: the cubin is neither an ELF image nor a cubin bundle");
  }
  return module_load(rt, cubin, cubin_len, false, metadata_json, json_len, out_module);
}

/* X.ptx -> X.json; a name without an extension gets ".json" appended. */
static char *metadata_path(const char *ptx_path) {
  size_t n = strlen(ptx_path);
  char *out = malloc(n + 6);
  if (!out) return NULL;
  memcpy(out, ptx_path, n + 1);
  char *slash = strrchr(out, '/'), *dot = strrchr(out, '.');
  if (dot && (!slash || dot > slash + 1)) *dot = 0;
  strcat(out, ".json");
  return out;
}

tilert_status tilert_module_load_files(tilert_runtime *rt, const char *ptx_path,
                                       tilert_module **out_module) {
  *out_module = NULL;
  RT_TRY(rt_check_ready(rt));
  char *json_path = metadata_path(ptx_path);
  if (!json_path) return rt_fail(rt, TILERT_ERROR_OUT_OF_MEMORY, "tilert: out of memory");
  char *ptx = NULL, *json = NULL;
  size_t ptx_len = 0, json_len = 0;
  tilert_status s = rt_read_file(ptx_path, &ptx, &ptx_len, rt->err, sizeof rt->err);
  if (!s) s = rt_read_file(json_path, &json, &json_len, rt->err, sizeof rt->err);
  if (!s) s = module_load(rt, ptx, ptx_len, !is_cubin(ptx, ptx_len), json, json_len, out_module);
  if (s == TILERT_ERROR_METADATA) { /* say which file */
    size_t n = strlen(rt->err);
    snprintf(rt->err + n, sizeof rt->err - n, "\n  in %s", json_path);
  }
  free(ptx);
  free(json);
  free(json_path);
  return s;
}

void tilert_module_release(tilert_module *mod) {
  if (!mod || --mod->refs > 0) return;
  tilert_runtime *rt = mod->rt;
  for (tilert_module **p = &rt->modules; *p; p = &(*p)->next)
    if (*p == mod) { *p = mod->next; break; }
  module_free(mod);
}

void rt_module_unload_all(tilert_runtime *rt) {
  while (rt->modules) {
    tilert_module *m = rt->modules;
    rt->modules = m->next;
    module_free(m);
  }
}

const tilert_metadata *tilert_module_metadata(const tilert_module *mod) { return mod->meta; }

tilert_status tilert_module_get_kernel(tilert_module *mod, const char *name,
                                       tilert_kernel **out_kernel) {
  *out_kernel = NULL;
  if (!mod || !name) return TILERT_ERROR_INVALID_ARGUMENT;
  for (size_t i = 0; i < mod->nkernels; i++)
    if (strcmp(mod->kernels[i].info->name, name) == 0) {
      if (mod->kernels[i].load_error) /* an autotune variant that could not load */
        return rt_fail(mod->rt, TILERT_ERROR_UNSUPPORTED, "%s", mod->kernels[i].load_error);
      *out_kernel = &mod->kernels[i];
      return TILERT_OK;
    }
  char names[512] = "";
  size_t o = 0;
  for (size_t i = 0; i < mod->nkernels && o < sizeof names; i++) {
    int n = snprintf(names + o, sizeof names - o, "%s%s", i ? ", " : "", mod->kernels[i].info->name);
    if (n > 0) o += (size_t)n;
  }
  return rt_fail(mod->rt, TILERT_ERROR_NOT_FOUND, "tilert: no kernel %s in the module (it has: %s)",
                 name, names);
}

const tilert_kernel_info *tilert_kernel_get_info(const tilert_kernel *k) { return k->info; }

/* ---- launching ------------------------------------------------------------------------- */

static tilert_status launch_failed(tilert_kernel *k, CUresult r) {
  tilert_runtime *rt = k->mod->rt;
  tilert_status s = rt_cu_fail(rt, r, "cuLaunchKernel", __FILE__, __LINE__);
  size_t n = strlen(rt->err);
  snprintf(rt->err + n, sizeof rt->err - n, " launching %s (block %u, shared %u bytes)",
           k->info->name, k->block_x, k->shared_bytes);
  return s;
}

/* The runtime's pool for global scratch, made on first use: its release threshold is
 * unbounded, so that memory freed by one launch is reused by the next without going back
 * to the driver at each synchronization (the device's default pool would). */
static tilert_status scratch_pool(tilert_runtime *rt) {
  if (!rt->cu.cuMemPoolCreate || !rt->cu.cuMemAllocFromPoolAsync || !rt->cu.cuMemFreeAsync ||
      !rt->cu.cuMemPoolSetAttribute || !rt->cu.cuMemPoolDestroy)
    return rt_fail(rt, TILERT_ERROR_UNSUPPORTED,
                   "tilert: this driver lacks stream-ordered allocation (cuMemAllocFromPoolAsync), which kernels "
                   "that make tensor descriptors need for their global scratch");
  if (rt->scratch_pool) return TILERT_OK;
  CUmemPoolProps props;
  memset(&props, 0, sizeof props);
  props.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
  props.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  props.location.id = rt->dev;
  RT_CU(rt, cuMemPoolCreate, &rt->scratch_pool, &props);
  cuuint64_t keep = UINT64_MAX;
  RT_CU(rt, cuMemPoolSetAttribute, rt->scratch_pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &keep);
  return TILERT_OK;
}

/* A launch's global scratch: bytes per program times the grid, from the pool, on `stream`. */
static tilert_status scratch_alloc(tilert_kernel *k, const unsigned grid[3], CUstream stream, CUdeviceptr *out) {
  tilert_runtime *rt = k->mod->rt;
  RT_TRY(scratch_pool(rt));
  size_t bytes = (size_t)grid[0] * grid[1] * grid[2] * k->info->global_scratch_bytes;
  RT_CU(rt, cuMemAllocFromPoolAsync, out, bytes, rt->scratch_pool, stream);
  return TILERT_OK;
}

tilert_status tilert_launch(tilert_kernel *k, const unsigned grid[3], tilert_stream stream,
                            const tilert_arg *args, size_t nargs) {
  if (!k || !grid) return TILERT_ERROR_INVALID_ARGUMENT;
  tilert_runtime *rt = k->mod->rt;
  RT_TRY(tilert_args_check(k->info, args, nargs, rt->err, sizeof rt->err));
  if (!grid[0] || !grid[1] || !grid[2])
    return rt_fail(rt, TILERT_ERROR_INVALID_ARGUMENT, "tilert: %s: grid (%u, %u, %u) has a zero dimension",
                   k->info->name, grid[0], grid[1], grid[2]);
  rt_launch_params params; /* lives until cuLaunchKernel has copied the values */
  RT_TRY(rt_launch_params_fill(k, args, &params));
  params.scratch = 0;
  if (k->info->global_scratch_bytes) {
    RT_TRY(scratch_alloc(k, grid, (CUstream)stream, &params.scratch));
    params.ptrs[k->info->nparams] = &params.scratch;
  }
  CUresult r = k->launch(k->fn, grid[0], grid[1], grid[2], k->block_x, 1, 1, k->shared_bytes,
                         (CUstream)stream, params.ptrs, NULL);
  if (params.scratch) { /* freed in stream order: reused once this launch has run */
    CUresult f = rt->cu.cuMemFreeAsync(params.scratch, (CUstream)stream);
    if (r == CUDA_SUCCESS && f != CUDA_SUCCESS) return rt_cu_fail(rt, f, "cuMemFreeAsync", __FILE__, __LINE__);
  }
  return r == CUDA_SUCCESS ? TILERT_OK : launch_failed(k, r);
}

tilert_status tilert_launch_unchecked(tilert_kernel *k, const unsigned grid[3],
                                      tilert_stream stream, void **kernel_params) {
  CUresult r = k->launch(k->fn, grid[0], grid[1], grid[2], k->block_x, 1, 1, k->shared_bytes,
                         (CUstream)stream, kernel_params, NULL);
  return r == CUDA_SUCCESS ? TILERT_OK : launch_failed(k, r);
}

/* ---- stats ------------------------------------------------------------------------------ */

double rt_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

tilert_status tilert_runtime_get_stats(const tilert_runtime *rt, tilert_runtime_stats *out_stats) {
  if (!rt || !out_stats) return TILERT_ERROR_INVALID_ARGUMENT;
  *out_stats = rt->stats;
  return TILERT_OK;
}
