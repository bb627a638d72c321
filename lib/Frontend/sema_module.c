/* Semantic analysis: modules of the module search path (fe_options.module_paths, the
 * driver's -I DIR).
 *
 * A kernel library's file imports jit helpers and constants from other files of its package
 * (`from flag_gems.utils import triton_lang_extension as tle` and then `tle.program_id(0)` in
 * a kernel; `from .utils import helper`). Such a module is found as Python finds it under the
 * search path's directories (a/b/c/__init__.py before a/b/c.py, in the order given; a
 * directory without __init__.py is a namespace package), parsed, and its module-level
 * statements run as the compiled file's do (a statement that fails is skipped), once per
 * compile, with globals of its own: a jit function sees its own module's names, wherever it
 * is called from. What differs from Python, and why (docs/language.md, "Modules"):
 *  - a dotted import (`import a.b.c`, `from a.b.c import f`) runs the module it names, not
 *    the __init__.py of the packages above it: those set the package up for its host code
 *    (FlagGems' imports torch and every operator); a package's __init__.py runs when a name
 *    is taken from the package itself (`from a.b import f`, `a.b.f`), before its submodules
 *    are looked at, as in Python;
 *  - an imported module's host code (plain defs, config lists, torch calls) is not run: what
 *    it binds is unavailable (SKIPPED), and a kernel that uses it gets an error that says so.
 *    The compiled file's host code runs as before.
 * Tilec's own modules (triton..., math, and those host code knows: torch, os, ...) are
 * never looked for on the path. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "Dialect/attr_names.h"
#include "Frontend/sema.h"

static uint64_t key_of(const char *interned) { return (uint64_t)(uintptr_t)interned; }

static sema_val module_val(const sema_module *m) {
  return (sema_val){.kind = SV_MODULE, .path = m->name, .umod = m};
}

/* Whether a dotted name's first part is a module tilec has itself. */
static bool tilec_module(const char *name) {
  size_t n = strcspn(name, ".");
  char root[64];
  if (n >= sizeof root) return false;
  memcpy(root, name, n);
  root[n] = 0;
  /* libdevice: the path tilec gives triton's libdevice module */
  return !strcmp(root, "triton") || !strcmp(root, "math") || !strcmp(root, "libdevice") || host_env_is_module(root);
}

/* The module `name` ("a.b.c") of the search path, registered when first found (not run);
 * NULL when no directory has it. */
static sema_module *find_module(sema *S, const char *name) {
  name = ir_intern(S->ctx, name);
  sema_module *m = sup_ptrmap_get(&S->modules, key_of(name));
  if (m || !S->opts || tilec_module(name)) return m;
  char *rel = sup_arena_printf(S->arena, "%s", name);
  for (char *c = rel; *c; c++)
    if (*c == '.') *c = '/';
  const char *file = NULL, *nsdir = NULL;
  bool pkg = false;
  for (size_t i = 0; i < S->opts->nmodule_paths && !file; i++) {
    const char *dir = S->opts->module_paths[i];
    const char *init = sup_arena_printf(S->arena, "%s/%s/__init__.py", dir, rel);
    const char *py = sup_arena_printf(S->arena, "%s/%s.py", dir, rel);
    const char *d = sup_arena_printf(S->arena, "%s/%s", dir, rel);
    if (sup_path_is_file(init)) file = init, pkg = true;
    else if (sup_path_is_file(py)) file = py;
    else if (!nsdir && sup_path_is_dir(d)) nsdir = d;
  }
  if (!file && !nsdir) return NULL;
  m = sup_arena_alloc(S->arena, sizeof *m);
  *m = (sema_module){.name = name, .file = file ? ir_intern(S->ctx, file) : NULL, .is_package = pkg || !file,
                     .state = file ? SEMA_MOD_FOUND : SEMA_MOD_RUN};
  if (!sup_ptrmap_put(&S->modules, key_of(name), m)) ir_context_note_oom(S->ctx);
  return m;
}

/* Runs m's statements (once): its file read and parsed, a syntax error in it making every
 * import of it fail. A module whose statements are running (an import cycle) is taken as
 * far as it got, as Python does. */
static bool run_module(sema *S, sema_module *m, ir_loc loc) {
  if (m->state == SEMA_MOD_RUN || m->state == SEMA_MOD_RUNNING) return true;
  if (m->state == SEMA_MOD_FAILED) {
    sema_error(S, loc, "cannot import module '%s': %s", m->name, m->failed);
    return false;
  }
  size_t len = 0;
  char *text = sup_read_file(m->file, &len);
  if (!text) {
    m->failed = sup_arena_printf(S->arena, "cannot read %s: %s", m->file, strerror(errno));
    m->state = SEMA_MOD_FAILED;
    return run_module(S, m, loc);
  }
  char *src = sup_arena_strndup(S->arena, text, len);
  free(text);
  diag_engine *d = ir_context_diag(S->ctx);
  diag_engine_add_source(d, m->file, src, len); /* snippets under errors located in it */
  bool held = diag_hold_begin(d);
  if (!held) ir_context_note_oom(S->ctx);
  fe_file *f = fe_parse(S->ctx, S->arena, m->file, src, len);
  diag_held *h = held ? diag_hold_end(d) : NULL;
  ir_loc at;
  const char *why;
  if (!f && diag_held_first_error(h, &at, &why)) {
    m->failed = sup_arena_printf(S->arena, "%s:%d:%d: %s", m->file, at.line, at.col, why);
    m->state = SEMA_MOD_FAILED;
    diag_held_free(h);
    return run_module(S, m, loc);
  }
  diag_held_emit(d, h, false, NULL);
  if (!f) return false; /* out of memory: reported */
  return sema_run_module(S, m, f);
}

/* The module `name`, found and run, or a located error. */
static sema_module *import_module(sema *S, const char *name, ir_loc loc) {
  sema_module *m = find_module(S, name);
  if (!m) {
    sema_error(S, loc, "no module named '%s' on the module search path (-I DIR: %zu director%s given)", name,
               S->opts ? S->opts->nmodule_paths : 0, S->opts && S->opts->nmodule_paths == 1 ? "y" : "ies");
    return NULL;
  }
  return run_module(S, m, loc) ? m : NULL;
}

/* `m.name`: a name m binds, else its submodule (imported, and bound in m as Python binds it),
 * else, when m has not run (a package above an imported module), its names once it has.
 * NULL with *out untouched when m has none of these. */
static bool module_get(sema *S, sema_module *m, const char *name, ir_loc loc, bool *found, sema_val *out) {
  *found = false;
  const sema_val *v = m->state == SEMA_MOD_FOUND ? NULL : sema_env_get(S, &m->globals, name);
  if (v) {
    *found = true, *out = *v;
    return true;
  }
  const char *sub = m->name ? sup_arena_printf(S->arena, "%s.%s", m->name, name) : NULL;
  sema_module *sm = sub ? find_module(S, sub) : NULL;
  if (sm) {
    if (!run_module(S, sm, loc)) return false;
    *found = true, *out = module_val(sm);
    sema_env_set(S, &m->globals, name, *out);
    return true;
  }
  if (m->state != SEMA_MOD_FOUND) return true;
  if (!run_module(S, m, loc)) return false;
  return module_get(S, m, name, loc, found, out);
}

bool sema_user_module_attr(sema *S, const sema_val *mod, const char *name, ir_loc loc, sema_val *out) {
  bool found;
  if (!module_get(S, (sema_module *)mod->umod, name, loc, &found, out)) return false;
  if (!found) {
    sema_error(S, loc, "module '%s' (%s) has no attribute '%s'", mod->umod->name,
               mod->umod->file ? mod->umod->file : "a directory", name);
    return false;
  }
  if (out->kind == SV_SKIPPED)
    host_skipped_error(&S->host, loc, sup_arena_printf(S->arena, "%s.%s", mod->umod->name, name), out->skip);
  return out->kind != SV_SKIPPED && out->kind != SV_POISON; /* poison: reported already */
}

/* The length of name[0..n) less its last dotted part (0 when it has one part). */
static size_t last_dot(const char *name, size_t n) {
  while (n && name[n - 1] != '.') n--;
  return n ? n - 1 : 0;
}

/* A relative import's module: the current module's package, `level - 1` packages up, then
 * `module` within it. NULL after a located error. */
static const char *relative_name(sema *S, const fe_stmt *s) {
  const sema_module *cur = S->mod;
  if (!cur->name) {
    sema_error(S, s->loc, "relative import in a file that is not in a package of the module search path: give the "
               "directory its package is in with -I DIR");
    return NULL;
  }
  size_t n = strlen(cur->name); /* the package's name is cur->name[0..n) */
  if (!cur->is_package) n = last_dot(cur->name, n); /* a module's package: its name less the last part */
  for (unsigned up = 1; up < s->level && n; up++) n = last_dot(cur->name, n);
  if (n == 0) {
    sema_error(S, s->loc, "attempted relative import beyond the top-level package (in module '%s')", cur->name);
    return NULL;
  }
  return s->module ? sup_arena_printf(S->arena, "%.*s.%s", (int)n, cur->name, s->module)
                   : sup_arena_strndup(S->arena, cur->name, n);
}

/* Whether the first part of a dotted module name is on the search path (then a module
 * below it that is not is "no module named ...", as Python says). */
static bool root_found(sema *S, const char *name) {
  return find_module(S, sup_arena_strndup(S->arena, name, strcspn(name, "."))) != NULL;
}

bool sema_is_user_import(sema *S, const fe_stmt *s) {
  if (s->kind == FE_STMT_IMPORTFROM) return s->level > 0 || (s->module && root_found(S, s->module));
  if (s->kind != FE_STMT_IMPORT || !s->nnames) return false;
  for (unsigned i = 0; i < s->nnames; i++)
    if (!root_found(S, s->names[i])) return false;
  return true;
}

bool sema_user_import(sema *S, const fe_stmt *s) {
  if (s->kind == FE_STMT_IMPORT) {
    for (unsigned i = 0; i < s->nnames; i++) {
      sema_module *m = import_module(S, s->names[i], s->loc);
      if (!m) return false;
      if (s->aliases[i]) {
        sema_env_set(S, S->globals, s->aliases[i], module_val(m));
        continue;
      }
      /* `import a.b.c` binds `a`, whose __init__.py runs when a name is taken from it */
      const char *root = sup_arena_strndup(S->arena, s->names[i], strcspn(s->names[i], "."));
      sema_module *r = find_module(S, root);
      if (!r) return ir_context_note_oom(S->ctx), false; /* found with its submodule */
      sema_env_set(S, S->globals, root, module_val(r));
    }
    return true;
  }
  const char *name = s->level ? relative_name(S, s) : s->module;
  sema_module *m = name ? import_module(S, name, s->loc) : NULL;
  if (!m) return false;
  for (unsigned i = 0; i < s->nnames; i++) {
    bool found;
    sema_val v;
    if (!module_get(S, m, s->names[i], s->loc, &found, &v)) return false;
    if (!found) {
      sema_error(S, s->loc, "cannot import name '%s' from '%s' (%s)", s->names[i], m->name,
                 m->file ? m->file : "a directory");
      return false;
    }
    sema_env_set(S, S->globals, s->aliases[i] ? s->aliases[i] : s->names[i], v);
  }
  return true;
}

/* The compiled file's own module name, when it lies under a directory of the search path:
 * its path there, without ".py" (or any extension), '/' read as '.'; a package's
 * __init__.py is the package. Registered, so that a module importing it gets this one. */
void sema_main_module_name(sema *S) {
  char file[PATH_MAX], dir[PATH_MAX];
  if (!S->opts || !S->main.file || !realpath(S->main.file, file)) return;
  for (size_t i = 0; i < S->opts->nmodule_paths; i++) {
    if (!realpath(S->opts->module_paths[i], dir)) continue;
    size_t n = strlen(dir);
    if (strncmp(file, dir, n) || file[n] != '/') continue;
    char *rel = sup_arena_printf(S->arena, "%s", file + n + 1);
    char *ext = strrchr(rel, '.');
    if (ext && !strchr(ext, '/')) *ext = 0;
    size_t len = strlen(rel);
    bool pkg = len >= 9 && !strcmp(rel + len - 9, "/__init__");
    if (pkg) rel[len - 9] = 0;
    for (char *c = rel; *c; c++) {
      if (*c == '/') *c = '.';
      else if (!(*c == '_' || (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9')))
        return; /* not a module name: no relative imports */
    }
    if (!*rel || tilec_module(rel)) return;
    S->main.name = ir_intern(S->ctx, rel);
    S->main.is_package = pkg;
    if (!sup_ptrmap_put(&S->modules, key_of(S->main.name), &S->main)) ir_context_note_oom(S->ctx);
    return;
  }
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(((const ir_attr *const *)a)[0]->str, ((const ir_attr *const *)b)[0]->str);
}

void sema_set_imports_attr(sema *S) {
  unsigned n = 0;
  const ir_attr **files = sup_arena_alloc(S->arena, (S->modules.count + 1) * sizeof *files);
  for (size_t i = 0; i < S->modules.cap; i++) {
    const sema_module *m = S->modules.keys[i] ? S->modules.vals[i] : NULL;
    /* read (also when it failed to parse: fixing it changes the compile), not the file itself */
    if (m && m != &S->main && m->file && m->state != SEMA_MOD_FOUND) files[n++] = ir_string_attr(S->ctx, m->file);
  }
  if (!n) return;
  qsort(files, n, sizeof *files, cmp_str);
  ir_op_set_attr(S->m->op, TILEC_ATTR_IMPORTS, ir_array_attr(S->ctx, n, files));
}
