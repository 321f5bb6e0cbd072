/*
** unit.h: the checks and the runner of the C unit tests (tests/test_*.c).
** Each check prints "ok - NAME" or "not ok - NAME: ..."; unit_run calls
** the test functions in order and prints "N passed, M failed".
*/
#ifndef GPUADV_TESTS_UNIT_H
#define GPUADV_TESTS_UNIT_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int n_pass, n_fail;

static inline void check_true(const char *name, int cond) {
  if (cond) {
    n_pass++;
    printf("ok - %s\n", name);
  } else {
    n_fail++;
    printf("not ok - %s\n", name);
  }
}

static inline void check_close(const char *name, double got, double want,
                               double tol) {
  if (fabs(got - want) <= tol) {
    n_pass++;
    printf("ok - %s\n", name);
  } else {
    n_fail++;
    printf("not ok - %s: got %.17g, want %.17g (tol %g)\n", name, got, want,
           tol);
  }
}

static inline void check_str(const char *name, const char *got,
                             const char *want) {
  if (strcmp(got, want) == 0) {
    n_pass++;
    printf("ok - %s\n", name);
  } else {
    n_fail++;
    printf("not ok - %s: got '%s', want '%s'\n", name, got, want);
  }
}

typedef void (*unit_test_fn)(void);

/* Calls the n tests in order; the exit status: 1 if any check failed. */
static inline int unit_run(const unit_test_fn *tests, int n) {
  int i;
  for (i = 0; i < n; i++) tests[i]();
  printf("%d passed, %d failed\n", n_pass, n_fail);
  return n_fail ? 1 : 0;
}

#define UNIT_COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

#endif /* GPUADV_TESTS_UNIT_H */
