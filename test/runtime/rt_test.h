/* A tiny harness for the runtime's unit tests: each check prints one line (PASS/FAIL and what
 * it checked) so that FileCheck can read the messages, and main ends with t_summary, which
 * prints "N passed, M failed" and returns the exit status. */
#ifndef TILERT_RT_TEST_H
#define TILERT_RT_TEST_H

#include <stdio.h>
#include <string.h>

typedef struct t_state { int passed, failed; } t_state;

static void t_check(t_state *t, int ok, const char *what) {
  if (ok) t->passed++; else t->failed++;
  printf("%s: %s\n", ok ? "PASS" : "FAIL", what);
}

/* Checks that `text` contains `needle`, and prints the text (the exact message) either way. */
static void t_contains(t_state *t, const char *what, const char *text, const char *needle) {
  int ok = text && strstr(text, needle) != NULL;
  if (ok) t->passed++; else t->failed++;
  printf("%s: %s: %s\n", ok ? "PASS" : "FAIL", what, text ? text : "(null)");
  if (!ok) printf("  expected to contain: %s\n", needle);
}

static int t_summary(const t_state *t) {
  printf("%d passed, %d failed\n", t->passed, t->failed);
  return t->failed ? 1 : 0;
}

#endif
