/* Unit tests of the IR core: uniquing, use lists, cloning, walks, printing/parsing round
 * trips, the verifier, diagnostics, support utilities, and two contexts on two threads.
 * Prints one line per failed check and a summary that test/IR/unit.test reads. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "unit_test.h"
#include "IR/ir.h"



/* A small local op table so that the test does not depend on the tile dialect. */
static const ir_opdef test_ops[] = {
    {IR_OP_UNKNOWN, "test.func", IR_TRAIT_ISOLATED | IR_TRAIT_SYMBOL | IR_TRAIT_SINGLE_BLOCK, IR_EFFECT_CONTROL, 0, 0, 0, 1, NULL, NULL, NULL, "f"},
    {IR_OP_UNKNOWN, "test.const", IR_TRAIT_PURE | IR_TRAIT_CONSTANT, 0, 0, 0, 1, 0, NULL, NULL, NULL, "c"},
    {IR_OP_UNKNOWN, "test.add", IR_TRAIT_PURE | IR_TRAIT_COMMUTATIVE, 0, 2, 2, 1, 0, NULL, NULL, NULL, "a"},
    {IR_OP_UNKNOWN, "test.use", 0, IR_EFFECT_UNKNOWN, 0, -1, 0, 0, NULL, NULL, NULL, "u"},
    {IR_OP_UNKNOWN, "test.loop", IR_TRAIT_SINGLE_BLOCK, IR_EFFECT_REGIONS, 0, -1, -1, 1, NULL, NULL, NULL, "l"},
    {IR_OP_UNKNOWN, "test.yield", IR_TRAIT_TERMINATOR, IR_EFFECT_CONTROL, 0, -1, 0, 0, NULL, NULL, NULL, "y"},
    {IR_OP_UNKNOWN, "test.ret", IR_TRAIT_TERMINATOR, IR_EFFECT_CONTROL, 0, -1, 0, 0, NULL, NULL, NULL, "r"},
    {IR_OP_UNKNOWN, "builtin.module", 0, IR_EFFECT_CONTROL, 0, 0, 0, 1, NULL, NULL, NULL, "duplicate: ignored"},
};

typedef struct capture {
  char text[2048];
  int n;
} capture;

static void capture_diag(void *user, diag_severity sev, diag_loc loc, const char *msg,
                         const char *rendered) {
  (void)sev;
  (void)loc;
  (void)msg;
  capture *c = user;
  c->n++;
  snprintf(c->text, sizeof c->text, "%s", rendered);
}

static ir_context *new_ctx(void) {
  ir_context *ctx = ir_context_create();
  ir_context_register_ops(ctx, test_ops, sizeof test_ops / sizeof test_ops[0]);
  return ctx;
}

/* Builds: func @f(%a: i32) { c = const 7; s = add(a, c); loop(s) { ^(x) : yield(x) } ; use(s); ret } */
static ir_op *build_func(ir_module *m, const char *name, ir_value **out_sum) {
  ir_context *ctx = m->ctx;
  const ir_type *i32 = ir_int_type(ctx, 32);
  ir_named_attr fa[2] = {{"sym_name", ir_string_attr(ctx, name)},
                         {"function_type", ir_type_attr(ctx, ir_func_type(ctx, 1, &i32, 0, NULL))}};
  ir_op *f = ir_op_create_named(m, "test.func", (ir_loc){0}, 0, NULL, 0, NULL, 2, fa);
  ir_block *entry = ir_block_create(m);
  ir_value *a = ir_block_add_arg(m, entry, i32);
  ir_region_append_block(ir_op_region(f, 0), entry);
  ir_builder b;
  ir_builder_init(&b, m);
  ir_builder_set_end(&b, entry);
  ir_named_attr ca = {"value", ir_i32_attr(ctx, 7)};
  ir_op *c = ir_op_create_named(m, "test.const", (ir_loc){0}, 0, NULL, 1, &i32, 1, &ca);
  ir_block_append(entry, c);
  ir_value *ops[2] = {a, ir_op_result(c, 0)};
  ir_value *s = ir_build1(&b, "test.add", 2, ops, i32);
  ir_op *loop = ir_build(&b, "test.loop", 1, &s, 1, &i32);
  ir_block *body = ir_block_create(m);
  ir_value *x = ir_block_add_arg(m, body, i32);
  ir_region_append_block(ir_op_region(loop, 0), body);
  ir_builder inner;
  ir_builder_init(&inner, m);
  ir_builder_set_end(&inner, body);
  ir_build(&inner, "test.yield", 1, &x, 0, NULL);
  ir_build(&b, "test.use", 1, &s, 0, NULL);
  ir_build(&b, "test.ret", 0, NULL, 0, NULL);
  if (out_sum) *out_sum = s;
  return f;
}

static bool test_type_uniquing(void) {
  ir_context *ctx = new_ctx();
  CHECK(ir_int_type(ctx, 32) == ir_int_type(ctx, 32));
  CHECK(ir_int_type(ctx, 32) != ir_int_type(ctx, 64));
  const ir_type *f32 = ir_float_type(ctx, IR_F32);
  CHECK(ir_ptr_type(ctx, f32, 1) == ir_ptr_type(ctx, f32, 1));
  CHECK(ir_ptr_type(ctx, f32, 1) != ir_ptr_type(ctx, f32, 3));
  int64_t s1[2] = {128, 64}, s2[2] = {128, 64};
  const ir_attr *enc = ir_dialect_attr(ctx, "tgpu.blocked", ir_dict_attr(ctx, 0, NULL));
  const ir_type *t1 = ir_tensor_type(ctx, 2, s1, f32, NULL);
  CHECK(t1 == ir_tensor_type(ctx, 2, s2, f32, NULL));
  CHECK(t1 != ir_tensor_type(ctx, 2, s2, f32, enc));
  CHECK(ir_type_with_encoding(ctx, ir_type_with_encoding(ctx, t1, enc), NULL) == t1);
  CHECK(ir_type_numel(t1) == 8192);
  const ir_type *in[2] = {f32, t1};
  CHECK(ir_func_type(ctx, 2, in, 0, NULL) == ir_func_type(ctx, 2, in, 0, NULL));
  CHECK(ir_func_type(ctx, 2, in, 0, NULL) != ir_func_type(ctx, 1, in, 0, NULL));
  sup_strbuf b = {0};
  ir_type_print(ir_ptr_type(ctx, ir_float_type(ctx, IR_F16), 3), &b);
  CHECK(strcmp(sup_strbuf_cstr(&b), "ptr<f16, 3>") == 0);
  sup_strbuf_free(&b);
  ir_context_destroy(ctx);
  return true;
}

static bool test_attr_uniquing(void) {
  ir_context *ctx = new_ctx();
  CHECK(ir_i32_attr(ctx, 5) == ir_i32_attr(ctx, 5));
  CHECK(ir_i32_attr(ctx, 5) != ir_i64_attr(ctx, 5));
  CHECK(ir_int_attr(ctx, ir_int_type(ctx, 8), 255)->ival == -1);
  CHECK(ir_bool_attr(ctx, true)->ival == 1);
  const ir_type *f64 = ir_float_type(ctx, IR_F64);
  CHECK(ir_float_attr(ctx, f64, 0.0) != ir_float_attr(ctx, f64, -0.0));
  CHECK(ir_float_attr(ctx, f64, NAN) == ir_float_attr(ctx, f64, NAN));
  CHECK(ir_float_attr(ctx, ir_float_type(ctx, IR_F16), 0.1)->fval == 0.0999755859375);
  CHECK(ir_float_attr(ctx, ir_float_type(ctx, IR_BF16), 0.1)->fval == 0.10009765625);
  CHECK(ir_float_attr(ctx, ir_float_type(ctx, IR_F32), 0.1)->fval == (double)0.1f);
  CHECK(ir_string_attr(ctx, "x") == ir_string_attr(ctx, "x"));
  ir_named_attr e1[3] = {{"b", ir_i64_attr(ctx, 1)}, {"a", ir_i64_attr(ctx, 2)}, {"b", ir_i64_attr(ctx, 3)}};
  ir_named_attr e2[2] = {{"a", ir_i64_attr(ctx, 2)}, {"b", ir_i64_attr(ctx, 3)}};
  const ir_attr *d = ir_dict_attr(ctx, 3, e1);
  CHECK(d == ir_dict_attr(ctx, 2, e2));
  CHECK(d->count == 2 && strcmp(d->entries[0].name, "a") == 0);
  CHECK(ir_dict_get(d, "b") == ir_i64_attr(ctx, 3));
  int64_t v[3] = {1, 0, 2}, out[3];
  const ir_attr *arr = ir_i64_array_attr(ctx, 3, v);
  CHECK(arr == ir_i64_array_attr(ctx, 3, v));
  CHECK(ir_attr_get_i64_array(arr, out, 3) == 3 && out[2] == 2);
  CHECK(ir_attr_get_i64_array(d, out, 3) == -1);
  ir_context_destroy(ctx);
  return true;
}

static bool test_use_lists(void) {
  ir_context *ctx = new_ctx();
  ir_module *m = ir_module_create(ctx, (ir_loc){0});
  ir_value *s;
  ir_op *f = build_func(m, "f", &s);
  ir_block_append(ir_module_body(m), f);
  CHECK(ir_verify(m));
  CHECK(ir_value_num_uses(s) == 2);
  ir_block *entry = ir_region_entry(ir_op_region(f, 0));
  ir_value *a = entry->args[0];
  CHECK(ir_value_num_uses(a) == 1);
  ir_op *use = ir_block_terminator(entry)->prev;
  CHECK(strcmp(ir_op_name(use), "test.use") == 0);
  ir_op_set_operand(use, 0, a);
  CHECK(ir_value_num_uses(s) == 1 && ir_value_num_uses(a) == 2);
  ir_value *three[3] = {a, s, a};
  ir_op_set_operands(use, 3, three);
  CHECK(use->noperands == 3 && ir_value_num_uses(a) == 3 && ir_value_num_uses(s) == 2);
  ir_op_set_operands(use, 1, three);
  CHECK(ir_value_num_uses(a) == 2 && ir_value_num_uses(s) == 1);
  ir_value_replace_all_uses(a, s);
  CHECK(ir_value_num_uses(a) == 0 && ir_value_num_uses(s) == 3);
  /* s's users: the add itself uses s now (a cycle), the loop and the use. */
  ir_op *add = s->def;
  ir_op_set_operand(add, 0, ir_op_operand(add, 1));
  CHECK(ir_value_num_uses(s) == 2);
  ir_op_erase(use);
  CHECK(ir_value_num_uses(s) == 1);
  ir_op *loop = ir_block_terminator(entry)->prev;
  ir_value *lr = ir_op_result(loop, 0);
  CHECK(!ir_value_has_uses(lr));
  ir_op_erase(loop); /* drops the nested yield's use of the block arg too */
  CHECK(!ir_value_has_uses(s));
  CHECK(ir_verify(m));
  ir_module_destroy(m);
  ir_context_destroy(ctx);
  return true;
}

static bool test_clone(void) {
  ir_context *ctx = new_ctx();
  ir_module *m = ir_module_create(ctx, (ir_loc){0});
  ir_op *f = build_func(m, "f", NULL);
  ir_block_append(ir_module_body(m), f);
  ir_valmap vm = {0};
  ir_op *g = ir_op_clone(m, f, &vm);
  ir_op_set_attr(g, "sym_name", ir_string_attr(ctx, "g"));
  ir_block_append(ir_module_body(m), g);
  CHECK(ir_verify(m));
  CHECK(ir_module_lookup_symbol(m, "g") == g && ir_module_lookup_symbol(m, "f") == f);
  /* no value of the clone refers to the original */
  ir_block *fe = ir_region_entry(ir_op_region(f, 0)), *ge = ir_region_entry(ir_op_region(g, 0));
  CHECK(ir_valmap_get(&vm, fe->args[0]) == ge->args[0]);
  CHECK(ir_value_num_uses(fe->args[0]) == 1 && ir_value_num_uses(ge->args[0]) == 1);
  char *pf = ir_print_to_string(f), *pg = ir_print_to_string(g);
  char *at = strstr(pg, "\"g\"");
  CHECK(at);
  at[1] = 'f';
  CHECK(strcmp(pf, pg) == 0);
  free(pf);
  free(pg);
  ir_valmap_free(&vm);
  ir_module_destroy(m);
  ir_context_destroy(ctx);
  return true;
}

static ir_walk_result erase_pure_unused(ir_op *op, void *user) {
  int *n = user;
  if (ir_op_has_trait(op, IR_TRAIT_PURE) && op->nresults == 1 && !ir_value_has_uses(&op->results[0])) {
    ir_op_erase(op);
    (*n)++;
  }
  return IR_WALK_ADVANCE;
}

static bool test_walk_erase(void) {
  ir_context *ctx = new_ctx();
  ir_module *m = ir_module_create(ctx, (ir_loc){0});
  ir_value *s;
  ir_op *f = build_func(m, "f", &s);
  ir_block_append(ir_module_body(m), f);
  ir_block *entry = ir_region_entry(ir_op_region(f, 0));
  ir_op_erase(ir_block_terminator(entry)->prev);               /* test.use */
  ir_op_erase(ir_block_terminator(entry)->prev);               /* test.loop */
  int n = 0;
  /* post-order erases the add, but the const it used is visited first: two sweeps */
  ir_walk_post(m->op, erase_pure_unused, &n);
  ir_walk_post(m->op, erase_pure_unused, &n);
  CHECK(n == 2);
  CHECK(entry->first == entry->last && strcmp(ir_op_name(entry->first), "test.ret") == 0);
  ir_module_destroy(m);
  ir_context_destroy(ctx);
  return true;
}

/* Builds, prints, parses and prints again; true when both prints agree. */
static bool roundtrip_once(ir_context *ctx, const char *name) {
  ir_module *m = ir_module_create(ctx, (ir_loc){0});
  ir_op_set_attr(m->op, "tgpu.num_warps", ir_i32_attr(ctx, 4));
  ir_block_append(ir_module_body(m), build_func(m, name, NULL));
  char *p1 = ir_print_to_string(m->op);
  ir_module *m2 = ir_parse_module(ctx, "rt.ir", p1, strlen(p1));
  bool ok = m2 && ir_verify(m2);
  char *p2 = ok ? ir_print_to_string(m2->op) : NULL;
  ok = ok && strcmp(p1, p2) == 0;
  free(p1);
  free(p2);
  ir_module_destroy(m);
  ir_module_destroy(m2);
  return ok;
}

static bool test_roundtrip_and_print(void) {
  ir_context *ctx = new_ctx();
  CHECK(roundtrip_once(ctx, "f"));
  ir_module *m = ir_module_create(ctx, (ir_loc){0});
  ir_block_append(ir_module_body(m), build_func(m, "show", NULL));
  ir_print_to_file(m->op, stdout);
  ir_module_destroy(m);
  ir_context_destroy(ctx);
  return true;
}

static bool test_verifier_and_diag(void) {
  ir_context *ctx = new_ctx();
  capture cap = {{0}, 0};
  diag_engine_set_handler(ir_context_diag(ctx), capture_diag, &cap);
  const char *src =
      "test.func() {function_type = () -> (), sym_name = \"f\"} ({\n"
      "  %0 = test.add(%1, %1) : i32\n"
      "  test.ret()\n"
      "})\n";
  ir_module *m = ir_parse_module(ctx, "v.ir", src, strlen(src));
  CHECK(m == NULL && cap.n == 1);
  CHECK(strcmp(cap.text, "v.ir:2:17: error: use of undefined value '%1'\n"
                         "  %0 = test.add(%1, %1) : i32\n"
                         "                ^") == 0);
  const char *src2 =
      "test.func() {function_type = () -> (), sym_name = \"f\"} ({\n"
      "  %0 = test.const() {value = 1 : i32} : i32\n"
      "  test.loop() ({\n"
      "    test.yield()\n"
      "  })\n"
      "})\n";
  m = ir_parse_module(ctx, "v2.ir", src2, strlen(src2));
  CHECK(m != NULL);
  CHECK(!ir_verify(m));
  CHECK(strstr(cap.text, "v2.ir:3:3: error: 'test.func' op region #0: block must end with a terminator"));
  ir_module_destroy(m);
  /* isolation: a value from outside an isolated op is not visible */
  ir_module *m3 = ir_module_create(ctx, (ir_loc){0});
  ir_builder b;
  ir_builder_init(&b, m3);
  ir_builder_set_end(&b, ir_module_body(m3));
  const ir_type *i32 = ir_int_type(ctx, 32);
  ir_value *outside = ir_op_result(ir_build(&b, "test.const", 0, NULL, 1, &i32), 0);
  ir_op *f = build_func(m3, "f", NULL);
  ir_block_append(ir_module_body(m3), f);
  ir_op *use = ir_block_terminator(ir_region_entry(ir_op_region(f, 0)))->prev;
  ir_op_set_operand(use, 0, outside);
  CHECK(!ir_verify(m3));
  CHECK(strstr(cap.text, "'test.use' op operand #0 uses a value defined outside the isolated 'test.func' op"));
  ir_module_destroy(m3);
  char *r = diag_render(ir_context_diag(ctx), DIAG_WARNING, (diag_loc){0}, "plain");
  CHECK(strcmp(r, "warning: plain") == 0);
  free(r);
  CHECK(diag_error_count(ir_context_diag(ctx)) == 3);
  ir_context_destroy(ctx);
  return true;
}

/* A pass that leaves a use of a value defined after it (breaks dominance). */
static bool break_dominance(ir_module *m) {
  ir_op *f = ir_module_body(m)->first;
  ir_block *entry = ir_region_entry(ir_op_region(f, 0));
  ir_op *use = ir_block_terminator(entry)->prev;
  ir_op_move_before(use, entry->first);
  return true;
}
static bool nothing(ir_module *m) {
  (void)m;
  return true;
}

typedef struct hook_log {
  char text[256];
} hook_log;

static void log_before(void *user, unsigned i, const ir_pass *p, ir_module *m) {
  (void)m;
  hook_log *l = user;
  size_t n = strlen(l->text);
  snprintf(l->text + n, sizeof l->text - n, "[%u %s", i, p->name);
}
static void log_after(void *user, unsigned i, const ir_pass *p, ir_module *m, double s) {
  (void)m;
  (void)p;
  (void)i;
  hook_log *l = user;
  size_t n = strlen(l->text);
  snprintf(l->text + n, sizeof l->text - n, "%s]", s >= 0 ? "" : "?");
}

static bool test_pass_manager(void) {
  ir_context *ctx = new_ctx();
  capture cap = {{0}, 0};
  diag_engine_set_handler(ir_context_diag(ctx), capture_diag, &cap);
  ir_module *m = ir_module_create(ctx, (ir_loc){0});
  ir_block_append(ir_module_body(m), build_func(m, "f", NULL));
  ir_pass p1 = {"nothing", "", nothing}, p2 = {"breaker", "", break_dominance};
  const ir_pass *list[3] = {&p1, &p2, &p1};
  hook_log log = {{0}};
  ir_pass_hooks hooks = {&log, log_before, log_after};
  CHECK(!ir_run_passes(m, list, 3, true, &hooks));
  CHECK(strcmp(log.text, "[0 nothing][1 breaker]") == 0);
  CHECK(strcmp(cap.text, "error: verifier failed after pass 'breaker'") == 0);
  CHECK(ir_run_passes(m, list, 1, false, NULL));
  ir_module_destroy(m);
  ir_context_destroy(ctx);
  return true;
}

static bool test_write_special(void);

static bool test_support(void) {
  sup_ptrmap pm = {0};
  for (uintptr_t i = 1; i <= 5000; i++) sup_ptrmap_put(&pm, i * 16, (void *)(i * 3));
  CHECK(pm.count == 5000);
  CHECK(sup_ptrmap_get(&pm, 16 * 4321) == (void *)(4321 * 3));
  CHECK(!sup_ptrmap_has(&pm, 17));
  sup_ptrmap_free(&pm);
  sup_arena *a = sup_arena_create();
  sup_interner *in = sup_interner_create(a);
  char buf[32];
  const char *first = sup_intern_cstr(in, "name0");
  for (int i = 0; i < 3000; i++) {
    snprintf(buf, sizeof buf, "name%d", i);
    sup_intern_cstr(in, buf);
  }
  CHECK(sup_intern_cstr(in, "name0") == first);
  char *big = sup_arena_alloc(a, 1 << 20);
  CHECK(big[12345] == 0 && ((uintptr_t)big & 15) == 0);
  CHECK(strcmp(sup_arena_printf(a, "%d-%s", 7, "x"), "7-x") == 0);
  sup_interner_destroy(in);
  sup_arena_destroy(a);
  char path[64];
  snprintf(path, sizeof path, "/tmp/ir_unit_%d.txt", (int)getpid());
  CHECK(sup_write_file_atomic(path, "hello", 5) == 0);
  size_t len = 0;
  char *text = sup_read_file(path, &len);
  CHECK(text && len == 5 && strcmp(text, "hello") == 0);
  free(text);
  unlink(path);
  CHECK(sup_write_file_atomic("/nonexistent-dir/x", "a", 1) != 0);
  return test_write_special();
}

/* A path that is not a regular file is written in place, never replaced by a rename (as
 * root, a rename over /dev/null turned it into a regular file). A FIFO stands for the
 * device here: it lives in /tmp, and holding it open for reading and writing keeps the
 * writer from blocking. */
static bool test_write_special(void) {
  char path[64];
  snprintf(path, sizeof path, "/tmp/ir_unit_fifo_%d", (int)getpid());
  unlink(path);
  CHECK(mkfifo(path, 0600) == 0);
  int fd = open(path, O_RDWR | O_NONBLOCK);
  CHECK(fd >= 0);
  CHECK(sup_path_is_special(path));
  CHECK(sup_write_file_atomic(path, "abc", 3) == 0);
  struct stat st;
  CHECK(stat(path, &st) == 0 && S_ISFIFO(st.st_mode));
  char got[8] = {0};
  CHECK(read(fd, got, sizeof got) == 3 && memcmp(got, "abc", 3) == 0);
  close(fd);
  unlink(path);
  CHECK(!sup_path_is_special(path));
  return true;
}

typedef struct thread_arg {
  int id;
  int ok;
} thread_arg;

static void *thread_main(void *p) {
  thread_arg *t = p;
  ir_context *ctx = new_ctx();
  char name[32];
  t->ok = 1;
  for (int i = 0; i < 300 && t->ok; i++) {
    snprintf(name, sizeof name, "t%d_f%d", t->id, i);
    if (!roundtrip_once(ctx, name)) t->ok = 0;
  }
  ir_context_destroy(ctx);
  return NULL;
}

static bool test_two_threads(void) {
  pthread_t th[2];
  thread_arg args[2] = {{0, 0}, {1, 0}};
  for (int i = 0; i < 2; i++) CHECK(pthread_create(&th[i], NULL, thread_main, &args[i]) == 0);
  for (int i = 0; i < 2; i++) pthread_join(th[i], NULL);
  CHECK(args[0].ok && args[1].ok);
  return true;
}

int main(void) {
  static const unit_case tests[] = {
      {"type_uniquing", test_type_uniquing}, {"attr_uniquing", test_attr_uniquing},
      {"use_lists", test_use_lists},         {"clone", test_clone},
      {"walk_erase", test_walk_erase},       {"roundtrip_and_print", test_roundtrip_and_print},
      {"verifier_and_diag", test_verifier_and_diag}, {"pass_manager", test_pass_manager},
      {"support", test_support},
      {"two_threads", test_two_threads},
  };
  return unit_run("ir_unit", tests, sizeof tests / sizeof tests[0]);
}
