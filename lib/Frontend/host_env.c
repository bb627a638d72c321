/* The host environment (see host_eval.h): the modules and calls that kernel files' host
 * code uses to ask what it runs on (Triton's fused-attention tutorial: is_cuda(),
 * supports_host_descriptor(), a config list that depends on the GPU's compute capability,
 * `"PYTEST_VERSION" in os.environ`), answered for the compile target.
 *
 * tilec compiles for a target, not for the GPU of the machine it runs on: the answers come
 * from host_interp.target_sm, so a file compiled for sm_80 sees capability (8, 0) wherever it
 * is compiled, and the environment is empty, so no compile depends on a variable that is no
 * part of its cache key. */
#include <string.h>

#include "Frontend/host_eval.h"

static const char *const env_modules[] = {
    "os", "torch", "torch.cuda", "pytest", "triton.runtime", "triton.runtime.driver",
    "triton.runtime.driver.active", "triton.tools", "triton.tools.tensor_descriptor", "functools",
};

static const char *const env_builtins[] = {
    "triton.runtime.driver.active.get_current_target",
    "triton.runtime.driver.active.get_active_torch_device",
    "torch.cuda.get_device_capability",
    "torch.cuda.is_available",
    "torch.cuda.device_count",
    "os.getenv",
    "triton.tools.tensor_descriptor.TensorDescriptor",
    "functools.lru_cache", /* as decorators of host functions: their results are the same */
    "functools.cache",
};

static bool in_table(const char *path, const char *const *t, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (!strcmp(t[i], path)) return true;
  return false;
}

bool host_env_is_module(const char *path) {
  return in_table(path, env_modules, sizeof env_modules / sizeof *env_modules);
}

bool host_env_is_builtin(const char *path) {
  return in_table(path, env_builtins, sizeof env_builtins / sizeof *env_builtins);
}

bool host_env_value(host_interp *H, const char *module, const char *name, host_val *out) {
  if (strcmp(module, "os") || strcmp(name, "environ")) return false;
  *out = (host_val){.kind = HV_DICT, .dict = host_dict_new(H)}; /* empty: see the header */
  return true;
}

static bool no_args(host_interp *H, const char *what, unsigned nargs, unsigned nkw, ir_loc loc) {
  if (!nargs && !nkw) return true;
  host_error(H, loc, "%s() takes %s in host code", what,
             strcmp(what, "get_device_capability") ? "no arguments" : "at most one argument (the device)");
  return false;
}

/* The target as Triton's driver describes it: GPUTarget(backend, arch, warp_size). */
static bool current_target(host_interp *H, host_val *out) {
  *out = host_object(H, "GPUTarget");
  host_object_set(H, out, "backend", host_str("cuda"));
  host_object_set(H, out, "arch", host_int(H->target_sm ? H->target_sm : 90));
  host_object_set(H, out, "warp_size", host_int(32));
  return true;
}

bool host_env_call(host_interp *H, const char *path, unsigned nargs, const host_val *args, unsigned nkw,
                   const char *const *kwn, const host_val *kwv, ir_loc loc, host_val *out) {
  const char *leaf = strrchr(path, '.') + 1;
  unsigned sm = H->target_sm ? H->target_sm : 90;
  if (!strcmp(path, "os.getenv")) {
    const host_val *dflt = nargs > 1 ? &args[1] : NULL;
    for (unsigned k = 0; k < nkw; k++)
      if (!strcmp(kwn[k], "default")) dflt = &kwv[k];
      else return host_error(H, loc, "getenv() got an unexpected keyword argument '%s'", kwn[k]), false;
    if (nargs < 1 || nargs > 2 || args[0].kind != HV_STR)
      return host_error(H, loc, "os.getenv() takes a variable name and an optional default"), false;
    *out = dflt ? *dflt : host_none();
    return true;
  }
  if (!strcmp(path, "triton.tools.tensor_descriptor.TensorDescriptor")) {
    host_error(H, loc, "TensorDescriptor(...) is made by the caller at launch (a tilert_tensordesc); host code "
               "here can test isinstance(x, TensorDescriptor) and set x.block_shape in a pre_hook");
    return false;
  }
  if (!strcmp(path, "functools.lru_cache") || !strcmp(path, "functools.cache")) {
    host_error(H, loc, "functools.%s is supported as a decorator of a host function only", leaf);
    return false;
  }
  /* get_device_capability(device=None): the one device there is, the target */
  bool dev_arg = !strcmp(leaf, "get_device_capability") && nargs + nkw == 1 &&
                 (nargs || !strcmp(kwn[0], "device"));
  if (!dev_arg && !no_args(H, leaf, nargs, nkw, loc)) return false;
  if (!strcmp(leaf, "get_current_target")) return current_target(H, out);
  if (!strcmp(leaf, "get_active_torch_device")) {
    *out = host_object(H, "torch.device");
    host_object_set(H, out, "type", host_str("cuda"));
    host_object_set(H, out, "index", host_int(0));
    return true;
  }
  if (!strcmp(leaf, "get_device_capability")) {
    host_val pair[2] = {host_int(sm / 10), host_int(sm % 10)};
    host_val t = {.kind = HV_TUPLE};
    host_seq *s = sup_arena_alloc(H->arena, sizeof *s);
    s->items = sup_arena_memdup(H->arena, pair, sizeof pair);
    s->n = s->cap = 2;
    t.seq = s;
    return *out = t, true;
  }
  if (!strcmp(leaf, "is_available")) return *out = (host_val){.kind = HV_BOOL, .i = 1}, true;
  if (!strcmp(leaf, "device_count")) return *out = host_int(1), true;
  host_error(H, loc, "'%s' is not supported in host code", path);
  return false;
}
