/* Checks the PTX assemblers (runtime/ptx_compile.c) on a real kernel's PTX:
 *   asm_check FILE.ptx ARCH KERNEL
 * compiles FILE.ptx through nvJitLink and, where ptxas is found, through a ptxas process;
 * reads each cubin's ELF header and symbol table (no cuobjdump needed) and prints what it
 * found, then compares the kernel's code section between the two; last, compiles broken
 * PTX and prints the error (which must carry nvJitLink's log). Not an rt_test_* program:
 * it needs arguments (test/runtime/assembler.test gives them). */
#include "tilec/tilert.h"
#include "rt_test.h"

#include <elf.h>
#include <stdlib.h>

#ifndef EM_CUDA
#define EM_CUDA 190
#endif

typedef struct elf_view {
  const unsigned char *p;
  size_t n;
  const Elf64_Ehdr *eh;
  const Elf64_Shdr *sh;
} elf_view;

static int elf_open(elf_view *v, const unsigned char *p, size_t n) {
  v->p = p;
  v->n = n;
  if (n < sizeof(Elf64_Ehdr) || memcmp(p, ELFMAG, SELFMAG) != 0 || p[EI_CLASS] != ELFCLASS64)
    return 0;
  v->eh = (const Elf64_Ehdr *)p;
  if (v->eh->e_shoff + (size_t)v->eh->e_shnum * sizeof(Elf64_Shdr) > n) return 0;
  v->sh = (const Elf64_Shdr *)(p + v->eh->e_shoff);
  return v->eh->e_shstrndx < v->eh->e_shnum;
}

static const char *sec_name(const elf_view *v, const Elf64_Shdr *s) {
  const Elf64_Shdr *names = &v->sh[v->eh->e_shstrndx];
  return (const char *)v->p + names->sh_offset + s->sh_name;
}

static const Elf64_Shdr *find_section(const elf_view *v, const char *name) {
  for (unsigned i = 0; i < v->eh->e_shnum; i++)
    if (strcmp(sec_name(v, &v->sh[i]), name) == 0) return &v->sh[i];
  return NULL;
}

/* The symbol `name` of the symbol table: its type (STT_*), or -1 when absent. */
static int symbol_type(const elf_view *v, const char *name) {
  for (unsigned i = 0; i < v->eh->e_shnum; i++) {
    const Elf64_Shdr *s = &v->sh[i];
    if (s->sh_type != SHT_SYMTAB || s->sh_link >= v->eh->e_shnum) continue;
    const char *strtab = (const char *)v->p + v->sh[s->sh_link].sh_offset;
    const Elf64_Sym *syms = (const Elf64_Sym *)(v->p + s->sh_offset);
    for (size_t j = 0; j < s->sh_size / sizeof(Elf64_Sym); j++)
      if (strcmp(strtab + syms[j].st_name, name) == 0) return ELF64_ST_TYPE(syms[j].st_info);
  }
  return -1;
}

/* Prints and checks one cubin; returns its .text.KERNEL section (or NULL). */
static const Elf64_Shdr *check_cubin(t_state *t, const char *who, const elf_view *v, int ok,
                                     const char *kernel) {
  char what[512];
  snprintf(what, sizeof what, "%s: a 64-bit ELF", who);
  t_check(t, ok, what);
  if (!ok) return NULL;
  snprintf(what, sizeof what, "%s: e_machine %d (EM_CUDA)", who, v->eh->e_machine);
  t_check(t, v->eh->e_machine == EM_CUDA, what);
  int type = symbol_type(v, kernel);
  snprintf(what, sizeof what, "%s: symbol %s is %s", who, kernel,
           type == STT_FUNC ? "a function" : type < 0 ? "missing" : "not a function");
  t_check(t, type == STT_FUNC, what);
  char text[256];
  snprintf(text, sizeof text, ".text.%s", kernel);
  const Elf64_Shdr *code = find_section(v, text);
  snprintf(what, sizeof what, "%s: section %s present", who, text);
  t_check(t, code && code->sh_size > 0 && code->sh_offset + code->sh_size <= v->n, what);
  return code;
}

/* sm_70 and later encode each instruction in 128 bits, the top 23 (bits 105-127: stall
 * counts, barriers, yield) being scheduling control. Printed, not asserted: nvJitLink and
 * ptxas 13.0 give the same instructions for vector_add but schedule and allocate registers
 * differently for softmax. */
static int same_instructions(const unsigned char *a, const unsigned char *b, size_t na, size_t nb) {
  if (na != nb || na % 16) return 0;
  for (size_t i = 0; i < na; i += 16) {
    if (memcmp(a + i, b + i, 13) != 0) return 0;
    if ((a[i + 13] & 1) != (b[i + 13] & 1)) return 0;
  }
  return 1;
}

static void check_bad_ptx(t_state *t, const tilert_assembler *a, const char *arch) {
  const char bad[] = ".version 8.0\n.target sm_90a\n.address_size 64\n"
                     ".visible .entry broken() {\n  add.f32 %f1, %f2;\n  ret;\n}\n";
  unsigned char *cubin = NULL;
  size_t len = 0;
  char err[4096] = "";
  tilert_status s = tilert_assembler_compile(a, bad, sizeof bad - 1, arch, &cubin, &len, err, sizeof err);
  t_check(t, s == TILERT_ERROR_COMPILE && cubin == NULL, "broken PTX: TILERT_ERROR_COMPILE, no cubin");
  t_contains(t, "broken PTX: message", err, "log:");
  free(cubin);
}

/* asm_check --find auto|nvjitlink|ptxas: prints what tilert_assembler_create finds. */
static int find_only(const char *which) {
  tilert_assembler_kind kind = !strcmp(which, "nvjitlink") ? TILERT_ASSEMBLER_NVJITLINK
                               : !strcmp(which, "ptxas")   ? TILERT_ASSEMBLER_PTXAS
                                                           : TILERT_ASSEMBLER_AUTO;
  tilert_assembler *a = NULL;
  char err[2048];
  tilert_status s = tilert_assembler_create(kind, &a, err, sizeof err);
  if (s) printf("find %s: %s: %s\n", which, tilert_status_name(s), err);
  else printf("find %s: %s\n", which, tilert_assembler_describe(a));
  tilert_assembler_destroy(a);
  return 0;
}

int main(int argc, char **argv) {
  t_state t = {0};
  if (argc == 3 && !strcmp(argv[1], "--find")) return find_only(argv[2]);
  if (argc != 4) { printf("usage: asm_check FILE.ptx ARCH KERNEL\n"); return 2; }
  FILE *f = fopen(argv[1], "rb");
  static char ptx[1 << 22];
  size_t plen = f ? fread(ptx, 1, sizeof ptx, f) : 0;
  if (f) fclose(f);
  if (!plen) { printf("FAIL: cannot read %s\n", argv[1]); return 1; }
  char err[4096];
  tilert_assembler *jl = NULL, *px = NULL;
  tilert_status s = tilert_assembler_create(TILERT_ASSEMBLER_NVJITLINK, &jl, err, sizeof err);
  t_check(&t, s == TILERT_OK, "nvJitLink found");
  if (s) { printf("  %s\n", err); return t_summary(&t); }
  printf("nvjitlink: %s\n", tilert_assembler_describe(jl));
  unsigned char *c1 = NULL, *c2 = NULL;
  size_t n1 = 0, n2 = 0;
  s = tilert_assembler_compile(jl, ptx, plen, argv[2], &c1, &n1, err, sizeof err);
  t_check(&t, s == TILERT_OK, "nvJitLink compiles the kernel's PTX");
  if (s) printf("  %s\n", err);
  elf_view v1 = {0}, v2 = {0};
  const Elf64_Shdr *t1 = check_cubin(&t, "nvjitlink", &v1, !s && elf_open(&v1, c1, n1), argv[3]);
  check_bad_ptx(&t, jl, argv[2]);
  if (tilert_assembler_create(TILERT_ASSEMBLER_PTXAS, &px, err, sizeof err) == TILERT_OK) {
    printf("ptxas: found\n");
    s = tilert_assembler_compile(px, ptx, plen, argv[2], &c2, &n2, err, sizeof err);
    t_check(&t, s == TILERT_OK, "ptxas compiles the kernel's PTX");
    if (s) printf("  %s\n", err);
    const Elf64_Shdr *t2 = check_cubin(&t, "ptxas", &v2, !s && elf_open(&v2, c2, n2), argv[3]);
    t_check(&t, t1 && t2 && v1.eh->e_flags == v2.eh->e_flags, "both cubins carry the same arch flags");
    int same = t1 && t2 && t1->sh_size == t2->sh_size &&
               memcmp(c1 + t1->sh_offset, c2 + t2->sh_offset, t1->sh_size) == 0;
    printf("kernel code: nvjitlink %zu bytes, ptxas %zu bytes, byte-identical: %s\n",
           t1 ? (size_t)t1->sh_size : 0, t2 ? (size_t)t2->sh_size : 0, same ? "yes" : "no");
    printf("same instructions (scheduling control bits aside): %s\n",
           t1 && t2 && same_instructions(c1 + t1->sh_offset, c2 + t2->sh_offset, t1->sh_size,
                                         t2->sh_size) ? "yes" : "no");
    char cname[256];
    snprintf(cname, sizeof cname, ".nv.constant0.%s", argv[3]);
    const Elf64_Shdr *k1 = t1 ? find_section(&v1, cname) : NULL, *k2 = t2 ? find_section(&v2, cname) : NULL;
    t_check(&t, k1 && k2 && k1->sh_size == k2->sh_size,
            "the same parameter constant bank size from both (the launch ABI)");
  } else {
    printf("ptxas: not found (%s)\n", err);
  }
  free(c1);
  free(c2);
  tilert_assembler_destroy(jl);
  tilert_assembler_destroy(px);
  return t_summary(&t);
}
