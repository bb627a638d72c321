/* Launch-argument checking (every message) and packing into the PTX ABI. No GPU needed:
 * tilert_args_check works on parsed metadata; the packer is the runtime's internal one. */
#include "tilec/tilert.h"
#include "../../runtime/rt_internal.h"
#include "rt_test.h"

#include <stdlib.h>

static const char *meta =
    "{\"format\": \"tilec-metadata\", \"version\": 1, \"target\": \"sm_90a\", \"kernels\": ["
    " {\"name\": \"add_kernel\", \"num_warps\": 4, \"params\": ["
    "  {\"name\": \"x_ptr\", \"kind\": \"ptr\", \"dtype\": \"fp32\", \"align\": 16},"
    "  {\"name\": \"y_ptr\", \"kind\": \"ptr\", \"dtype\": \"fp16\", \"align\": 1},"
    "  {\"name\": \"n\", \"kind\": \"scalar\", \"dtype\": \"i32\", \"divisibility\": 16},"
    "  {\"name\": \"stride\", \"kind\": \"scalar\", \"dtype\": \"i64\", \"divisibility\": 1},"
    "  {\"name\": \"alpha\", \"kind\": \"scalar\", \"dtype\": \"fp32\"},"
    "  {\"name\": \"beta\", \"kind\": \"scalar\", \"dtype\": \"fp64\"},"
    "  {\"name\": \"c8\", \"kind\": \"scalar\", \"dtype\": \"i8\"},"
    "  {\"name\": \"u8v\", \"kind\": \"scalar\", \"dtype\": \"u8\"},"
    "  {\"name\": \"flag\", \"kind\": \"scalar\", \"dtype\": \"i1\"},"
    "  {\"name\": \"h\", \"kind\": \"scalar\", \"dtype\": \"fp16\"},"
    "  {\"name\": \"g\", \"kind\": \"scalar\", \"dtype\": \"bf16\"},"
    "  {\"name\": \"m64\", \"kind\": \"scalar\", \"dtype\": \"i64\", \"divisibility\": 8}"
    " ]}]}";

#define NARGS 12

static void good_args(tilert_arg a[NARGS]) {
  a[0] = tilert_ptr(0x7f0000001000ull);
  a[1] = tilert_ptr(0x7f0000000002ull); /* align 1: anything goes */
  a[2] = tilert_i32(1024);
  a[3] = tilert_i64(-3);
  a[4] = tilert_f32(0.5f);
  a[5] = tilert_f64(2.25);
  a[6] = tilert_i32(-128);
  a[7] = tilert_i32(255);
  a[8] = tilert_i32(1);
  a[9] = tilert_f32(1.0f);
  a[10] = tilert_f32(-2.0f);
  a[11] = tilert_i64(-64);
}

typedef struct arg_case {
  const char *what;
  int index;
  tilert_arg value;
  const char *expect;
} arg_case;

static void run_cases(t_state *t, const tilert_kernel_info *k) {
  const arg_case cases[] = {
      {"kind: f32 for i32", 2, tilert_f32(3.0f), "tilert: add_kernel: argument 2 (n): expected i32, got f32"},
      {"kind: i64 for i32", 2, tilert_i64(16), "tilert: add_kernel: argument 2 (n): expected i32, got i64"},
      {"kind: i32 for pointer", 0, tilert_i32(0), "tilert: add_kernel: argument 0 (x_ptr): expected pointer, got i32"},
      {"kind: pointer for fp32", 4, tilert_ptr(16), "tilert: add_kernel: argument 4 (alpha): expected fp32, got pointer"},
      {"kind: f32 for fp64", 5, tilert_f32(1), "tilert: add_kernel: argument 5 (beta): expected fp64, got f32"},
      {"kind: i32 for i64", 3, tilert_i32(1), "tilert: add_kernel: argument 3 (stride): expected i64, got i32"},
      {"kind: f64 for bf16", 10, tilert_f64(1), "tilert: add_kernel: argument 10 (g): expected bf16, got f64"},
      {"alignment", 0, tilert_ptr(0x7f0000001004ull), "tilert: add_kernel: argument 0 (x_ptr): pointer 0x7f0000001004 is not 16-byte aligned as the kernel was compiled for"},
      {"divisibility i32", 2, tilert_i32(1000), "tilert: add_kernel: argument 2 (n): value 1000 is not divisible by 16 as the kernel was compiled for"},
      {"divisibility i64 negative", 11, tilert_i64(-12), "tilert: add_kernel: argument 11 (m64): value -12 is not divisible by 8"},
      {"range i8 high", 6, tilert_i32(128), "tilert: add_kernel: argument 6 (c8): value 128 does not fit i8"},
      {"range u8 negative", 7, tilert_i32(-1), "tilert: add_kernel: argument 7 (u8v): value -1 does not fit u8"},
      {"range i1", 8, tilert_i32(2), "tilert: add_kernel: argument 8 (flag): value 2 does not fit i1"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    tilert_arg a[NARGS];
    good_args(a);
    a[cases[i].index] = cases[i].value;
    char err[512] = "";
    tilert_status s = tilert_args_check(k, a, NARGS, err, sizeof err);
    char what[128];
    snprintf(what, sizeof what, "%s: TILERT_ERROR_INVALID_ARGUMENT", cases[i].what);
    t_check(t, s == TILERT_ERROR_INVALID_ARGUMENT, what);
    t_contains(t, cases[i].what, err, cases[i].expect);
  }
}

static void run_counts(t_state *t, const tilert_kernel_info *k) {
  tilert_arg a[NARGS];
  good_args(a);
  char err[512] = "";
  t_check(t, tilert_args_check(k, a, NARGS, err, sizeof err) == TILERT_OK && err[0] == 0,
          "good arguments pass");
  t_check(t, tilert_args_check(k, a, 3, err, sizeof err) == TILERT_ERROR_INVALID_ARGUMENT, "too few refused");
  t_contains(t, "too few", err,
             "tilert: add_kernel: expected 12 arguments (x_ptr, y_ptr, n, stride, alpha, beta, c8, u8v, flag, h, g, m64), got 3");
  t_check(t, tilert_args_check(NULL, a, 3, err, sizeof err) == TILERT_ERROR_INVALID_ARGUMENT, "no kernel refused");
  t_contains(t, "no kernel", err, "tilert: no kernel given");
  t_check(t, tilert_args_check(k, NULL, NARGS, err, sizeof err) == TILERT_ERROR_INVALID_ARGUMENT, "NULL args refused");
  t_contains(t, "NULL args", err, "tilert: add_kernel: args is NULL");
  tilert_arg bogus = a[4];
  bogus.kind = (tilert_arg_kind)9;
  a[4] = bogus;
  t_check(t, tilert_args_check(k, a, NARGS, err, sizeof err) == TILERT_ERROR_INVALID_ARGUMENT, "unknown kind refused");
  t_contains(t, "unknown kind", err, "argument 4 (alpha): expected fp32, got unknown kind");
}

static void run_pack(t_state *t, const tilert_kernel_info *k) {
  tilert_arg a[NARGS];
  good_args(a);
  rt_slot s[NARGS];
  memset(s, 0xab, sizeof s);
  rt_args_pack(k, a, s);
  t_check(t, s[0].u64 == 0x7f0000001000ull, "pack: pointer as u64");
  t_check(t, s[2].u64 == 1024, "pack: i32 in the low 4 bytes, rest zero");
  t_check(t, s[3].u64 == (uint64_t)-3, "pack: i64");
  t_check(t, s[4].f32 == 0.5f && (s[4].u64 >> 32) == 0, "pack: f32");
  t_check(t, s[5].f64 == 2.25, "pack: f64");
  t_check(t, s[6].u8 == 0x80 && s[6].u64 == 0x80, "pack: i8 as one byte");
  t_check(t, s[7].u8 == 0xff, "pack: u8");
  t_check(t, s[8].u8 == 1, "pack: i1 as one byte");
  t_check(t, s[9].u16 == 0x3c00 && s[9].u64 == 0x3c00, "pack: fp16 1.0 = 0x3c00");
  t_check(t, s[10].u16 == 0xc000, "pack: bf16 -2.0 = 0xc000");
  /* rounding: fp16(1 + 2^-11) ties to even -> 1.0; 65520 overflows to inf; 2^-24 is the
   * smallest subnormal; bf16(1 + 2^-8) ties to even -> 1.0, (1 + 3*2^-8) -> up. */
  struct { float in; uint16_t h, b; } conv[] = {
      {1.0f + 1.0f / 2048, 0x3c00, 0x3f80}, {65520.0f, 0x7c00, 0x4780},
      {5.9604645e-08f, 0x0001, 0x3380}, {1.0f + 3.0f / 256, 0x3c0c, 0x3f82},
      {-0.0f, 0x8000, 0x8000},
  };
  for (size_t i = 0; i < sizeof conv / sizeof conv[0]; i++) {
    a[9] = tilert_f32(conv[i].in);
    a[10] = tilert_f32(conv[i].in);
    rt_args_pack(k, a, s);
    char what[96];
    snprintf(what, sizeof what, "pack: %.9g -> fp16 0x%04x (want 0x%04x), bf16 0x%04x (want 0x%04x)",
             conv[i].in, s[9].u16, conv[i].h, s[10].u16, conv[i].b);
    t_check(t, s[9].u16 == conv[i].h && s[10].u16 == conv[i].b, what);
  }
}

int main(void) {
  t_state t = {0};
  tilert_metadata *md;
  char err[512];
  if (tilert_metadata_parse(meta, strlen(meta), &md, err, sizeof err) != TILERT_OK) {
    printf("FAIL: test metadata: %s\n", err);
    return 1;
  }
  const tilert_kernel_info *k = tilert_metadata_find(md, "add_kernel");
  run_counts(&t, k);
  run_cases(&t, k);
  run_pack(&t, k);
  tilert_metadata_free(md);
  return t_summary(&t);
}
