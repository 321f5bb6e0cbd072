/*
** unit.h: the checks of the C unit tests (test_math.c, test_config.c,
** test_sim.c). Each prints "ok - NAME" or "not ok - NAME: ..."; the test's
** main prints "N passed, M failed" from n_pass and n_fail.
*/
#ifndef GPUADV_TESTS_UNIT_H
#define GPUADV_TESTS_UNIT_H

#include <math.h>
#include <stdio.h>

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

#endif /* GPUADV_TESTS_UNIT_H */
