/* The harness the C unit tests share: CHECK returns false from the test function with the
 * failed condition printed (and counted); unit_run runs a table of tests, prints "ok NAME" or
 * "FAILED NAME" for each and "SUITE: P passed, F failed (C failed checks)" last, and gives
 * the exit status. Single-threaded use only (the count is the program's own). */
#ifndef TILEC_UNIT_TEST_H
#define TILEC_UNIT_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

static int unit_failed_checks;

#define CHECK(cond)                                                        \
  do {                                                                     \
    if (!(cond)) {                                                         \
      printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);               \
      unit_failed_checks++;                                                \
      return false;                                                        \
    }                                                                      \
  } while (0)

typedef struct unit_case {
  const char *name;
  bool (*fn)(void);
} unit_case;

static int unit_run(const char *suite, const unit_case *cases, size_t n) {
  int passed = 0, failed = 0;
  for (size_t i = 0; i < n; i++) {
    bool ok = cases[i].fn();
    printf("%s %s\n", ok ? "ok" : "FAILED", cases[i].name);
    ok ? passed++ : failed++;
  }
  printf("%s: %d passed, %d failed (%d failed checks)\n", suite, passed, failed, unit_failed_checks);
  return failed ? 1 : 0;
}

#endif
