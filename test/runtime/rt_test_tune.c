/* Autotuning (runtime/tune.c) on the mock driver, whose launches advance a virtual clock by
 * the cost in the kernel's name ("cost300": 0.3 ms): the fastest variant is chosen; a variant
 * that fails to launch or to load is skipped with a note; the choice is kept in memory and
 * on disk (a second runtime, as a second process would, reads it without launching
 * anything); reset_to_zero and restore_value buffers are zeroed and restored around every
 * run; TILERT_AUTOTUNE=off|cached; must-hit; the report lines; a module loads without an
 * autotune variant that cannot load. */
#include <dlfcn.h>
#include <math.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rt_test.h"
#include "tilec/tilert.h"

#ifndef TILERT_MOCK_PATH
#error "TILERT_MOCK_PATH must name the mock libcuda (CMake sets it)"
#endif

static const char ptx[] = "// mock PTX\n// BLOCK=128\n";

#define KERNEL(name, params)                                                                 \
  "{\"name\":\"" name "\",\"num_warps\":4,\"threads_per_block\":128,\"shared_bytes\":0,"  \
  "\"params\":[" params "],\"constexprs\":{}}"
#define P_PTR(n) "{\"name\":\"" n "\",\"kind\":\"ptr\",\"dtype\":\"fp32\",\"align\":16}"
#define P_I32(n) "{\"name\":\"" n "\",\"kind\":\"scalar\",\"dtype\":\"i32\"}"
#define PARAMS P_PTR("acc") "," P_PTR("x") "," P_I32("n")

static const char meta[] =
    "{\"format\":\"tilec-metadata\",\"version\":1,\"compiler\":\"mock\",\"target\":\"sm_90a\","
    "\"kernels\":[" KERNEL("tiny_cost300", PARAMS) "," KERNEL("tiny_cost100", PARAMS) ","
    KERNEL("tiny_cost200", PARAMS) "," KERNEL("tiny_nolaunch", PARAMS) ","
    KERNEL("accum_cost50", PARAMS) "," KERNEL("scale_cost400", PARAMS) "]}";

typedef struct lines { char text[4096]; int n; } lines;

static void collect(void *user, const char *line) {
  lines *l = user;
  size_t used = strlen(l->text);
  snprintf(l->text + used, sizeof l->text - used, "%s\n", line);
  l->n++;
}

static long (*launches)(void);

/* Checks that one line of `text` contains `needle` and prints that line. */
static void t_line(t_state *t, const char *what, const char *text, const char *needle) {
  const char *hit = strstr(text, needle), *start = hit;
  while (start && start > text && start[-1] != '\n') start--;
  int n = hit ? (int)(strchr(hit, '\n') ? strchr(hit, '\n') - start : (long)strlen(start)) : 0;
  if (hit) t->passed++; else t->failed++;
  printf("%s: %s: %.*s\n", hit ? "PASS" : "FAIL", what, n, hit ? start : "");
  if (!hit) printf("  expected a line with: %s\n", needle);
}

typedef struct fixture {
  tilert_runtime *rt;
  tilert_module *m;
  tilert_kernel *k[6];
  tilert_devptr acc, x;
} fixture;

static int fixture_open(fixture *f, const char *cache_dir) {
  static const char *names[] = {"tiny_cost300", "tiny_cost100", "tiny_cost200", "tiny_nolaunch",
                                "accum_cost50", "scale_cost400"};
  memset(f, 0, sizeof *f);
  if (tilert_runtime_create(0, &f->rt)) return 0;
  tilert_cache_config c = {0};
  snprintf(c.dir, sizeof c.dir, "%s", cache_dir);
  c.mode = TILERT_CACHE_READ_WRITE;
  tilert_runtime_set_cache(f->rt, &c);
  if (tilert_module_load_ptx(f->rt, ptx, sizeof ptx - 1, meta, sizeof meta - 1, &f->m)) return 0;
  for (int i = 0; i < 6; i++)
    if (tilert_module_get_kernel(f->m, names[i], &f->k[i])) return 0;
  return !tilert_malloc(f->rt, 64 * sizeof(float), &f->acc) && !tilert_malloc(f->rt, 64 * sizeof(float), &f->x);
}

static void fixture_close(fixture *f) {
  tilert_free(f->rt, f->acc);
  tilert_free(f->rt, f->x);
  tilert_module_release(f->m);
  tilert_runtime_destroy(f->rt);
}

/* Variants 0-2 differ by cost (1 is fastest), 3 fails to launch, 4 failed to load. */
static void variants(fixture *f, tilert_tune_variant v[5]) {
  const char *names[] = {"BLOCK=256", "BLOCK=1024", "BLOCK=512", "BLOCK=2048 (no launch)", "BLOCK=4096 (no load)"};
  for (int i = 0; i < 5; i++) {
    v[i] = (tilert_tune_variant){.kernel = i < 4 ? f->k[i] : NULL, .name = names[i], .grid = {1, 1, 1}};
  }
  v[4].load_error = "needs 300000 bytes of shared memory; the device allows 232448";
}

static void test_choice(t_state *t, const char *dir) {
  fixture f;
  t_check(t, fixture_open(&f, dir), "runtime, module and buffers on the mock");
  tilert_tune_variant v[5];
  variants(&f, v);
  tilert_arg args[] = {tilert_ptr(f.acc), tilert_ptr(f.x), tilert_i32(64)};
  lines rep = {.text = ""};
  tilert_tune_request req = {.key = "tiny M=64 fp32", .variants = v, .nvariants = 5, .args = args,
                             .nargs = 3, .warmup = 2, .rep = 5, .report = collect, .report_user = &rep};
  size_t best = 99;
  tilert_tune_source src = 99;
  float ms[5];
  long before = launches();
  tilert_status s = tilert_tune(f.rt, &req, &best, &src, ms);
  t_check(t, s == TILERT_OK && best == 1 && src == TILERT_TUNE_TIMED, "the fastest variant (cost 100 us) is chosen by timing");
  if (s) printf("  %s\n", tilert_runtime_last_error(f.rt));
  t_check(t, fabsf(ms[0] - 0.3f) < 1e-4f && fabsf(ms[1] - 0.1f) < 1e-4f && fabsf(ms[2] - 0.2f) < 1e-4f,
          "each variant's median is its event time");
  t_check(t, ms[3] == -1.0f && ms[4] == -1.0f, "a variant that fails to launch, and one not loaded, are skipped (-1)");
  /* 3 runnable variants x (1 untimed + 1 more warm-up + 5 timed) launches */
  t_check(t, launches() - before == 3 * 7, "warm-up and repetitions: 7 launches per runnable variant");
  t_line(t, "note for the launch failure", rep.text, "BLOCK=2048 (no launch): skipped: tilert: module.c:");
  t_line(t, "note for the load failure", rep.text, "BLOCK=4096 (no load): skipped: needs 300000 bytes of shared memory");
  t_line(t, "the summary line", rep.text, "tilert: tune tiny M=64 fp32: best BLOCK=1024 (0.1000 ms) of 5 variants");
  before = launches();
  s = tilert_tune(f.rt, &req, &best, &src, ms);
  t_check(t, s == TILERT_OK && best == 1 && src == TILERT_TUNE_MEMORY && launches() == before && isnan(ms[1]),
          "again in the same runtime: from memory, nothing launched, not timed (NaN)");
  req.key = "tiny M=128 fp32";
  s = tilert_tune(f.rt, &req, &best, &src, NULL);
  t_check(t, s == TILERT_OK && src == TILERT_TUNE_TIMED, "another key value is tuned anew");
  fixture_close(&f);
  /* A second runtime on the same folder: the choice comes from the disk cache. */
  t_check(t, fixture_open(&f, dir), "a second runtime (a new process would do the same)");
  variants(&f, v);
  req.key = "tiny M=64 fp32";
  args[0] = tilert_ptr(f.acc), args[1] = tilert_ptr(f.x);
  rep.text[0] = 0;
  before = launches();
  s = tilert_tune(f.rt, &req, &best, &src, NULL);
  t_check(t, s == TILERT_OK && best == 1 && src == TILERT_TUNE_DISK && launches() == before,
          "the second runtime reads the choice from disk and launches nothing");
  t_contains(t, "disk report", rep.text, "tilert: tune tiny M=64 fp32: BLOCK=1024, from the disk cache");
  /* Another list of variants is another key: tuned anew. */
  req.nvariants = 3;
  s = tilert_tune(f.rt, &req, &best, &src, NULL);
  t_check(t, s == TILERT_OK && best == 1 && src == TILERT_TUNE_TIMED, "a different variant list is tuned anew");
  fixture_close(&f);
}

/* The mock's accum(acc, seen, n) adds 1 to acc[0] and keeps in seen[0] the largest acc[0]
 * it produced; scale(seen, x, n) keeps in seen[0] the largest x[1] it found, then doubles
 * x. So seen[0] after tuning tells whether every run started from the same state. */
/* The cut-off: with the fastest variant (0.1 ms) timed first, the 0.3 ms one is over twice
 * as slow in its first two timed runs and is not timed further; TILERT_TUNE_CUTOFF=0 times
 * it fully. Either way the choice is the same. */
static void test_cutoff(t_state *t, const char *dir) {
  fixture f;
  t_check(t, fixture_open(&f, dir), "runtime, module and buffers on the mock");
  tilert_tune_variant v[2] = {{.kernel = f.k[1], .name = "fast", .grid = {1, 1, 1}},
                              {.kernel = f.k[0], .name = "slow", .grid = {1, 1, 1}}};
  tilert_arg args[] = {tilert_ptr(f.acc), tilert_ptr(f.x), tilert_i32(64)};
  for (int full = 0; full < 2; full++) {
    lines rep = {.text = ""};
    tilert_tune_request req = {.key = full ? "cutoff off" : "cutoff on", .variants = v, .nvariants = 2,
                               .args = args, .nargs = 3, .warmup = 2, .rep = 5, .report = collect,
                               .report_user = &rep};
    if (full) setenv("TILERT_TUNE_CUTOFF", "0", 1);
    size_t best = 99;
    float ms[2];
    long before = launches();
    tilert_status s = tilert_tune(f.rt, &req, &best, NULL, ms);
    unsetenv("TILERT_TUNE_CUTOFF");
    t_check(t, s == TILERT_OK && best == 0 && fabsf(ms[1] - 0.3f) < 1e-4f, "the fast variant wins; the slow one's time");
    /* fast: 1 untimed + 1 warm-up + 5 timed; slow: 1 + 1 + 2 (cut off) or + 5 */
    t_check(t, launches() - before == (full ? 14 : 11), full ? "TILERT_TUNE_CUTOFF=0: every variant timed fully"
                                                             : "the slow variant is cut off after 2 timed runs");
    if (!full) t_line(t, "the cut-off note", rep.text, "slow: 0.3000 ms (cut off after 2 runs: over 2x the best so far)");
  }
  fixture_close(&f);
}

static void test_buffers(t_state *t, const char *dir) {
  fixture f;
  t_check(t, fixture_open(&f, dir), "fixture for reset/restore");
  float x0[64], back[64], sevens[64], zeros[64] = {0};
  for (int i = 0; i < 64; i++) x0[i] = (float)i + 0.5f, sevens[i] = 7.0f;
  tilert_copy_to_device(f.rt, f.acc, sevens, sizeof sevens);
  tilert_copy_to_device(f.rt, f.x, zeros, sizeof zeros);
  tilert_tune_variant accum = {.kernel = f.k[4], .name = "accum", .grid = {1, 1, 1}};
  tilert_tune_variant scale = {.kernel = f.k[5], .name = "scale", .grid = {1, 1, 1}};
  tilert_arg args[] = {tilert_ptr(f.acc), tilert_ptr(f.x), tilert_i32(64)};
  tilert_tune_buffer acc_buf = {f.acc, sizeof x0}, x_buf = {f.x, sizeof x0};
  tilert_tune_request req = {.key = "accum", .variants = &accum, .nvariants = 1, .args = args,
                             .nargs = 3, .reset_to_zero = &acc_buf, .nreset = 1, .warmup = 3, .rep = 10};
  size_t best;
  long before = launches();
  tilert_status s = tilert_tune(f.rt, &req, &best, NULL, NULL);
  t_check(t, s == TILERT_OK && launches() - before == 13, "accum tuned (13 launches)");
  tilert_copy_to_host(f.rt, back, f.x, sizeof back);
  t_check(t, back[0] == 1.0f, "reset_to_zero: every run started from zero (largest sum seen: 1, not 13)");
  tilert_copy_to_host(f.rt, back, f.acc, sizeof back);
  t_check(t, back[0] == 0.0f && back[5] == 0.0f, "reset_to_zero: the buffer is zero after tuning (it was 7)");
  /* scale: x in place, restored; acc records what each run found in x[1]. */
  tilert_copy_to_device(f.rt, f.x, x0, sizeof x0);
  tilert_copy_to_device(f.rt, f.acc, zeros, sizeof zeros);
  req = (tilert_tune_request){.key = "scale", .variants = &scale, .nvariants = 1, .args = args,
                              .nargs = 3, .restore_value = &x_buf, .nrestore = 1, .warmup = 3, .rep = 10};
  s = tilert_tune(f.rt, &req, &best, NULL, NULL);
  tilert_copy_to_host(f.rt, back, f.acc, sizeof back);
  t_check(t, s == TILERT_OK && back[0] == x0[1], "restore_value: every run found the original x (largest x[1] seen: 1.5)");
  tilert_copy_to_host(f.rt, back, f.x, sizeof back);
  t_check(t, memcmp(back, x0, sizeof x0) == 0, "restore_value: x holds its values from before tuning");
  /* Without restore_value the in-place kernel compounds: the checks above can fail. */
  tilert_copy_to_device(f.rt, f.acc, zeros, sizeof zeros);
  req.key = "scale, no restore";
  req.nrestore = 0;
  s = tilert_tune(f.rt, &req, &best, NULL, NULL);
  tilert_copy_to_host(f.rt, back, f.acc, sizeof back);
  t_check(t, s == TILERT_OK && back[0] == x0[1] * 4096.0f, "without restore_value: the last run found x[1] * 2^12");
  fixture_close(&f);
}

static void test_modes(t_state *t, const char *dir) {
  fixture f;
  t_check(t, fixture_open(&f, dir), "fixture for the modes");
  tilert_tune_variant v[5];
  variants(&f, v);
  tilert_arg args[] = {tilert_ptr(f.acc), tilert_ptr(f.x), tilert_i32(64)};
  tilert_tune_request req = {.key = "modes", .variants = v, .nvariants = 3, .args = args, .nargs = 3};
  size_t best = 99;
  tilert_tune_source src;
  long before = launches();
  setenv("TILERT_AUTOTUNE", "off", 1);
  tilert_status s = tilert_tune(f.rt, &req, &best, &src, NULL);
  t_check(t, s == TILERT_OK && best == 0 && src == TILERT_TUNE_DEFAULT && launches() == before,
          "TILERT_AUTOTUNE=off: the first variant, nothing launched");
  setenv("TILERT_AUTOTUNE", "cached", 1);
  s = tilert_tune(f.rt, &req, &best, &src, NULL);
  t_check(t, s == TILERT_OK && best == 0 && src == TILERT_TUNE_DEFAULT && launches() == before,
          "TILERT_AUTOTUNE=cached, nothing cached: the first variant, nothing launched");
  setenv("TILERT_AUTOTUNE", "sometimes", 1);
  s = tilert_tune(f.rt, &req, &best, &src, NULL);
  t_contains(t, "bad TILERT_AUTOTUNE", tilert_runtime_last_error(f.rt),
             "tilert: TILERT_AUTOTUNE=sometimes: expected on, cached or off");
  unsetenv("TILERT_AUTOTUNE");
  tilert_cache_config c = {0};
  snprintf(c.dir, sizeof c.dir, "%s", dir);
  c.mode = TILERT_CACHE_MUST_HIT;
  tilert_runtime_set_cache(f.rt, &c);
  s = tilert_tune(f.rt, &req, &best, &src, NULL);
  t_check(t, s == TILERT_ERROR_NOT_FOUND && launches() == before, "must-hit: no kept choice is an error, nothing launched");
  t_contains(t, "must-hit message", tilert_runtime_last_error(f.rt), "TILERT_CACHE_MODE=must-hit: nothing is tuned");
  req.key = "tiny M=64 fp32";
  req.nvariants = 5;
  s = tilert_tune(f.rt, &req, &best, &src, NULL);
  t_check(t, s == TILERT_OK && best == 1 && src == TILERT_TUNE_DISK, "must-hit: a kept choice is used");
  tilert_tune_variant dup[2] = {v[0], v[0]};
  req.variants = dup;
  req.nvariants = 2;
  s = tilert_tune(f.rt, &req, &best, &src, NULL);
  t_contains(t, "duplicate names", tilert_runtime_last_error(f.rt), "tilert: tune: two variants named BLOCK=256");
  tilert_tune_variant none[1] = {v[3]};
  tilert_runtime_set_cache(f.rt, NULL);
  setenv("TILERT_CACHE_DIR", dir, 1);
  req = (tilert_tune_request){.key = "none", .variants = none, .nvariants = 1, .args = args, .nargs = 3};
  s = tilert_tune(f.rt, &req, &best, &src, NULL);
  t_check(t, s == TILERT_ERROR_UNSUPPORTED, "no variant can launch: an error");
  t_contains(t, "none message", tilert_runtime_last_error(f.rt), "tilert: tune none: none of the 1 variants could launch");
  fixture_close(&f);
}

/* Four processes tune the same key at once into one folder: all succeed, one whole KEY.tune
 * is left, and a fresh runtime reads the choice from it without launching. */
static void test_concurrent(t_state *t, const char *root) {
  enum { PROCS = 4 };
  char dir[512];
  snprintf(dir, sizeof dir, "%s/conc", root);
  pid_t pids[PROCS];
  for (int p = 0; p < PROCS; p++) {
    if ((pids[p] = fork()) != 0) continue;
    fixture f;
    if (!fixture_open(&f, dir)) _exit(1);
    tilert_tune_variant v[5];
    variants(&f, v);
    tilert_arg args[] = {tilert_ptr(f.acc), tilert_ptr(f.x), tilert_i32(64)};
    tilert_tune_request req = {.key = "concurrent", .variants = v, .nvariants = 5, .args = args, .nargs = 3};
    size_t best = 99;
    tilert_status s = tilert_tune(f.rt, &req, &best, NULL, NULL);
    fixture_close(&f);
    _exit(s == TILERT_OK && best == 1 ? 0 : 2);
  }
  int ok = 1;
  for (int p = 0; p < PROCS; p++) {
    int st = 0;
    waitpid(pids[p], &st, 0);
    ok &= WIFEXITED(st) && WEXITSTATUS(st) == 0;
  }
  t_check(t, ok, "four processes tuning one key at once all choose BLOCK=1024");
  char cmd[1400];
  snprintf(cmd, sizeof cmd, "test $(ls -A '%s' | grep -c '\\.tune$') = 1 && ! ls -A '%s' | grep -q tmp", dir, dir);
  t_check(t, system(cmd) == 0, "one .tune file left, no temporaries");
  fixture f;
  t_check(t, fixture_open(&f, dir), "a fresh runtime on that folder");
  tilert_tune_variant v[5];
  variants(&f, v);
  tilert_arg args[] = {tilert_ptr(f.acc), tilert_ptr(f.x), tilert_i32(64)};
  tilert_tune_request req = {.key = "concurrent", .variants = v, .nvariants = 5, .args = args, .nargs = 3};
  size_t best = 99;
  tilert_tune_source src;
  long before = launches();
  tilert_status s = tilert_tune(f.rt, &req, &best, &src, NULL);
  t_check(t, s == TILERT_OK && best == 1 && src == TILERT_TUNE_DISK && launches() == before,
          "it reads the choice from the disk cache, launching nothing");
  fixture_close(&f);
}

/* A module whose autotune variant needs more shared memory than the device allows loads
 * without it: tilert_module_get_kernel on it says why, the others load; a module whose
 * every variant of a kernel cannot load, or whose plain kernel cannot, fails to load. */
#define VARIANT(name, shared, idx)                                                            \
  "{\"name\":\"" name "\",\"variant_of\":\"k\",\"variant\":" idx ",\"num_warps\":4,"          \
  "\"threads_per_block\":128,\"num_stages\":3,\"shared_bytes\":" shared ",\"params\":[" PARAMS "],\"constexprs\":{}}"
#define META2(kernels, variants)                                                               \
  "{\"format\":\"tilec-metadata\",\"version\":2,\"compiler\":\"mock\",\"target\":\"sm_90a\","        \
  "\"kernels\":[" kernels "],\"tuning\":[{\"kernel\":\"k\",\"variants\":[" variants "],"             \
  "\"configs\":2,\"kept\":2,\"key\":[],\"prune\":\"none\",\"rep\":100,\"reset_to_zero\":[],"        \
  "\"restore_value\":[],\"warmup\":25}]}"

static void test_unloadable_variant(t_state *t) {
  static const char one_big[] = META2(VARIANT("k_cost100", "1000", "0") "," VARIANT("k__v1", "300000", "1"),
                                      "\"k_cost100\",\"k__v1\"");
  static const char all_big[] = META2(VARIANT("k_cost100", "300000", "0") "," VARIANT("k__v1", "300000", "1"),
                                      "\"k_cost100\",\"k__v1\"");
  static const char plain_big[] = "{\"format\":\"tilec-metadata\",\"version\":1,\"compiler\":\"mock\","
                                  "\"target\":\"sm_90a\",\"kernels\":["
                                  "{\"name\":\"p\",\"num_warps\":4,\"threads_per_block\":128,"
                                  "\"shared_bytes\":300000,\"params\":[" PARAMS "],\"constexprs\":{}}]}";
  tilert_runtime *rt = NULL;
  tilert_module *m = NULL;
  tilert_kernel *k = NULL;
  t_check(t, tilert_runtime_create(0, &rt) == TILERT_OK, "runtime on the mock");
  tilert_status s = tilert_module_load_ptx(rt, ptx, sizeof ptx - 1, one_big, sizeof one_big - 1, &m);
  t_check(t, s == TILERT_OK && m, "a module with one variant over the shared-memory limit loads");
  if (s) printf("  %s\n", tilert_runtime_last_error(rt));
  t_check(t, m && tilert_module_get_kernel(m, "k_cost100", &k) == TILERT_OK && k, "its other variant is there");
  s = m ? tilert_module_get_kernel(m, "k__v1", &k) : TILERT_ERROR_INVALID_ARGUMENT;
  t_check(t, s == TILERT_ERROR_UNSUPPORTED && !k && strstr(tilert_runtime_last_error(rt), "needs 300000 bytes of shared memory"),
          "the variant over the limit is not, and says why");
  if (m) tilert_module_release(m);
  m = NULL;
  s = tilert_module_load_ptx(rt, ptx, sizeof ptx - 1, all_big, sizeof all_big - 1, &m);
  t_check(t, s == TILERT_ERROR_UNSUPPORTED && !m && strstr(tilert_runtime_last_error(rt), "no variant of k can load"),
          "a module none of whose variants of a kernel can load fails to load");
  s = tilert_module_load_ptx(rt, ptx, sizeof ptx - 1, plain_big, sizeof plain_big - 1, &m);
  t_check(t, s == TILERT_ERROR_UNSUPPORTED && !m, "a plain kernel over the limit fails the module, as before");
  tilert_runtime_destroy(rt);
}

int main(void) {
  t_state t = {0};
  setenv("TILERT_LIBCUDA", TILERT_MOCK_PATH, 1);
  unsetenv("TILERT_AUTOTUNE");
  void *h = dlopen(TILERT_MOCK_PATH, RTLD_NOW);
  launches = h ? (long (*)(void))dlsym(h, "mock_cuda_launches") : NULL;
  if (!launches) { printf("FAIL: cannot load the mock driver %s\n", TILERT_MOCK_PATH); return 1; }
  char dir[] = "/tmp/tilert-tune-test-XXXXXX";
  if (!mkdtemp(dir)) { printf("FAIL: mkdtemp\n"); return 1; }
  test_choice(&t, dir);
  test_cutoff(&t, dir);
  test_buffers(&t, dir);
  test_modes(&t, dir);
  test_concurrent(&t, dir);
  test_unloadable_variant(&t);
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system(cmd) != 0) printf("note: could not remove %s\n", dir);
  return t_summary(&t);
}
