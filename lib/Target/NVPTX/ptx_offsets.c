/* PTX after LLVM: wide offsets that loops use stay 64-bit registers.
 *
 * A pipelined loop advances one base pointer and adds loop-invariant 64-bit offsets to it
 * for each cp.async (LLVM's loop strength reduction makes one induction pointer and
 * per-row offsets of the pointer tensor; the NVPTX selector folds each offset's
 * `shl (sext i32 x), k` into `mul.wide.s32 %rd, %r, 2^k` before the loop). ptxas then
 * recomputes that one instruction inside the loop from the 32-bit register (it saves a
 * register), and on sm_90 the recomputation runs through a register pair that the previous
 * cp.async still reads: every iteration waits for that copy to take its address (long
 * scoreboard) and the copies issue one by one (the 128x128 wgmma matmuls lost 5-11% to it,
 * bench/results/2026-11-25-h200-s24.md).
 *
 * nvptx_keep_wide_offsets writes each such definition as the two instructions it stands
 * for, `cvt.s64.s32 %rd, %r; shl.b64 %rd, %rd, k` (the same value: the product of a signed
 * 32-bit x and 2^k is x sign-extended and shifted), which ptxas keeps in its 64-bit
 * register, as it does for Triton's PTX. Only a definition that is unpredicated, lies before
 * a loop of its function (a label that a later branch of the function targets) and is read
 * inside that loop is rewritten, and only in a function with at most PO_MAX_KEPT of them;
 * everything else is copied as it is. */
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Target/NVPTX/ptx_offsets.h"

/* At most this many offsets kept 64-bit in one function: each costs a register across the
 * loop. The pipelined matmuls with contiguity facts have 4 (B's rows, 8 warps) or 8 (4
 * warps); without them (unhinted strides: an offset per element) there are 12-66, where
 * ptxas's recomputation is what keeps the registers in bounds (one such kernel spilled
 * 44 bytes with all of them kept), so such a function is left as LLVM printed it. */
#define PO_MAX_KEPT 8

typedef struct {
  const char *s; /* start of the line (no '\n') */
  size_t n;      /* length */
} pl_line;

typedef struct {
  size_t head, back; /* the loop: the label's line and the line of the branch back to it */
} pl_loop;

static bool starts(const char *s, size_t n, const char *w) {
  size_t k = strlen(w);
  return n >= k && !memcmp(s, w, k);
}

static const char *skip_ws(const char *s, const char *end) {
  while (s < end && (*s == ' ' || *s == '\t')) s++;
  return s;
}

/* A register or label name at s: '%' or '$' then [A-Za-z0-9_]; its length. */
static size_t name_len(const char *s, const char *end) {
  size_t k = 1;
  while (s + k < end && (isalnum((unsigned char)s[k]) || s[k] == '_')) k++;
  return k;
}

/* Where a function begins (its .entry/.func line with its linkage). A module-level
 * `.visible .global` declaration matches too, which only ends the range before it: such a
 * range has no loops, so nothing in it is rewritten. */
static bool is_function_start(const pl_line *l) {
  const char *s = skip_ws(l->s, l->s + l->n), *e = l->s + l->n;
  size_t n = (size_t)(e - s);
  return starts(s, n, ".entry") || starts(s, n, ".visible") || starts(s, n, ".func") || starts(s, n, ".weak");
}

/* The label a line defines ("$L__BB0_2:"), or NULL. */
static const char *label_def(const pl_line *l, size_t *len) {
  const char *s = l->s, *e = l->s + l->n;
  if (s >= e || *s != '$') return NULL;
  size_t k = name_len(s, e);
  if (s + k >= e || s[k] != ':') return NULL;
  *len = k;
  return s;
}

/* The target of a branch on this line ("[@%p] bra[.uni] $L;"), or NULL. */
static const char *branch_target(const pl_line *l, size_t *len) {
  const char *s = skip_ws(l->s, l->s + l->n), *e = l->s + l->n;
  if (s < e && *s == '@') { /* a guard: '@', an optional '!', the predicate */
    s++;
    if (s < e && *s == '!') s++;
    if (s >= e || *s != '%') return NULL;
    s = skip_ws(s + name_len(s, e), e);
  }
  if (!starts(s, (size_t)(e - s), "bra")) return NULL;
  s += 3;
  if (starts(s, (size_t)(e - s), ".uni")) s += 4;
  s = skip_ws(s, e);
  if (s >= e || *s != '$') return NULL;
  *len = name_len(s, e);
  return s;
}

/* "mul.wide.s32 %rdD, %rS, 2^k;" unpredicated: D's and S's names and k (1..30). */
static bool wide_mul(const pl_line *l, const char **d, size_t *dn, const char **src, size_t *sn, unsigned *k) {
  const char *s = skip_ws(l->s, l->s + l->n), *e = l->s + l->n;
  if (!starts(s, (size_t)(e - s), "mul.wide.s32")) return false;
  s = skip_ws(s + 12, e);
  if (s >= e || *s != '%') return false;
  *d = s, *dn = name_len(s, e), s += *dn;
  if (s >= e || *s != ',') return false;
  s = skip_ws(s + 1, e);
  if (s >= e || *s != '%') return false;
  *src = s, *sn = name_len(s, e), s += *sn;
  if (s >= e || *s != ',') return false;
  s = skip_ws(s + 1, e);
  unsigned long v = 0;
  const char *digits = s;
  while (s < e && isdigit((unsigned char)*s) && v < (1ul << 31)) v = v * 10 + (unsigned long)(*s++ - '0');
  if (s == digits || s >= e || *s != ';' || v < 2 || v > (1ul << 30) || (v & (v - 1))) return false;
  *k = 0;
  while ((1ul << *k) < v) (*k)++;
  return true;
}

/* Whether register name r (length rn) is read on line l, as a whole name. */
static bool mentions(const pl_line *l, const char *r, size_t rn) {
  const char *s = l->s, *e = l->s + l->n;
  while ((s = memchr(s, '%', (size_t)(e - s))) != NULL) {
    size_t k = name_len(s, e);
    if (k == rn && !memcmp(s, r, rn)) return true;
    s += k;
  }
  return false;
}

typedef struct {
  char *buf;
  size_t len, cap;
  bool oom;
} pl_out;

static void put(pl_out *o, const char *s, size_t n) {
  if (o->oom) return;
  if (o->len + n + 1 > o->cap) {
    size_t cap = o->cap ? o->cap : 4096;
    while (o->len + n + 1 > cap) cap *= 2;
    char *b = realloc(o->buf, cap);
    if (!b) {
      o->oom = true;
      return;
    }
    o->buf = b, o->cap = cap;
  }
  memcpy(o->buf + o->len, s, n);
  o->len += n;
  o->buf[o->len] = '\0';
}

/* Whether line i (a wide multiply defining d) lies before a loop of the function
 * [f0, f1) that reads d. */
static bool read_in_later_loop(const pl_line *lines, const pl_loop *loops, size_t nloops, size_t i, const char *d,
                               size_t dn) {
  for (size_t j = 0; j < nloops; j++) {
    if (loops[j].head <= i) continue;
    for (size_t x = loops[j].head; x <= loops[j].back; x++)
      if (mentions(&lines[x], d, dn)) return true;
  }
  return false;
}

/* The loops of the function [f0, f1): each backward branch to a label of it. labels: room
 * for the function's label lines (scratch). */
static size_t find_loops(const pl_line *lines, size_t f0, size_t f1, pl_loop *loops, size_t *labels) {
  size_t n = 0, nlab = 0;
  for (size_t i = f0; i < f1; i++) {
    size_t ln = 0, tn = 0;
    if (label_def(&lines[i], &ln)) {
      labels[nlab++] = i;
      continue;
    }
    const char *t = branch_target(&lines[i], &tn);
    for (size_t j = 0; t && j < nlab; j++) {
      const char *lab = label_def(&lines[labels[j]], &ln);
      if (lab && ln == tn && !memcmp(lab, t, tn)) {
        loops[n++] = (pl_loop){labels[j], i};
        break;
      }
    }
  }
  return n;
}

/* The lines of the function [f0, f1) to rewrite (a wide multiply by 2^k read in a later
 * loop) into at[], at most PO_MAX_KEPT + 1 of them (the scan stops there); how many. */
static size_t find_candidates(const pl_line *lines, size_t f0, size_t f1, const pl_loop *loops, size_t nloops,
                              size_t *at) {
  size_t n = 0;
  for (size_t i = f0; i < f1 && nloops && n <= PO_MAX_KEPT; i++) {
    const char *d, *src;
    size_t dn, sn;
    unsigned k;
    if (wide_mul(&lines[i], &d, &dn, &src, &sn, &k) && read_in_later_loop(lines, loops, nloops, i, d, dn)) at[n++] = i;
  }
  return n;
}

char *nvptx_keep_wide_offsets(const char *ptx, unsigned *rewritten) {
  *rewritten = 0;
  size_t nlines = 1;
  for (const char *p = ptx; *p; p++) nlines += *p == '\n';
  pl_line *lines = malloc(nlines * sizeof *lines);
  pl_loop *loops = malloc(nlines * sizeof *loops);
  size_t *labels = malloc(nlines * sizeof *labels);
  pl_out o = {0};
  if (!lines || !loops || !labels) goto fail;
  size_t n = 0;
  for (const char *p = ptx;;) {
    const char *e = strchr(p, '\n');
    lines[n++] = (pl_line){p, e ? (size_t)(e - p) : strlen(p)};
    if (!e) break;
    p = e + 1;
  }
  for (size_t f0 = 0; f0 < n;) {
    size_t f1 = f0 + 1;
    while (f1 < n && !is_function_start(&lines[f1])) f1++;
    size_t nl = find_loops(lines, f0, f1, loops, labels), at[PO_MAX_KEPT + 1];
    size_t found = find_candidates(lines, f0, f1, loops, nl, at), next = 0;
    if (found > PO_MAX_KEPT) found = 0; /* too many: the function stays as printed */
    for (size_t i = f0; i < f1; i++) {
      const char *d, *src;
      size_t dn, sn;
      unsigned k;
      if (next < found && at[next] == i && wide_mul(&lines[i], &d, &dn, &src, &sn, &k)) {
        next++;
        const char *ind = lines[i].s, *ie = skip_ws(ind, ind + lines[i].n);
        char sh[16];
        int shn = snprintf(sh, sizeof sh, ", %u;\n", k);
        put(&o, ind, (size_t)(ie - ind)), put(&o, "cvt.s64.s32 \t", 13), put(&o, d, dn), put(&o, ", ", 2);
        put(&o, src, sn), put(&o, ";\n", 2);
        put(&o, ind, (size_t)(ie - ind)), put(&o, "shl.b64 \t", 9), put(&o, d, dn), put(&o, ", ", 2);
        put(&o, d, dn), put(&o, sh, (size_t)shn);
        (*rewritten)++;
        continue;
      }
      put(&o, lines[i].s, lines[i].n);
      if (i + 1 < n) put(&o, "\n", 1);
    }
    f0 = f1;
  }
  if (o.oom || !o.buf) goto fail;
  free(lines);
  free(loops);
  free(labels);
  return o.buf;
fail:
  free(lines);
  free(loops);
  free(labels);
  free(o.buf);
  return NULL;
}
