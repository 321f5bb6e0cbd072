/*
** test_traffic.c: the day's traffic (ext/gpuadv_traffic.c) on days worked
** by hand: a two-level day (12 hours at half the mean, 12 at 1.5 times
** it), a day with one busy hour, and the profiles' refusals.
*/
#include <stdio.h>
#include <string.h>

#include "gpuadv_traffic.h"
#include "unit.h"

#define H GPUADV_TRAFFIC_HOURS

static void two_level(double w[H]) {
  int h;
  for (h = 0; h < H; h++) w[h] = h < 12 ? 0.5 : 1.5;
}

static void test_parse(void) {
  double w[H];
  char err[200];
  check_true("parse any order",
             gpuadv_traffic_parse(
                 "23:1.5, 0:0.5,1:0.5,2:0.5,3:0.5,4:0.5,5:0.5,6:0.5,7:0.5,"
                 "8:0.5,9:0.5,10:0.5,11:0.5,12:1.5,13:1.5,14:1.5,15:1.5,"
                 "16:1.5,17:1.5,18:1.5,19:1.5,20:1.5,21:1.5,22:1.5",
                 w, err, (int)sizeof(err)) &&
                 w[0] == 0.5 && w[23] == 1.5);
  /* within the tolerance, scaled to 24: 24 x 1.001 -> each 1 */
  check_true("parse scales to 24",
             gpuadv_traffic_parse(
                 "0:1.001,1:1.001,2:1.001,3:1.001,4:1.001,5:1.001,6:1.001,"
                 "7:1.001,8:1.001,9:1.001,10:1.001,11:1.001,12:1.001,13:1.001,"
                 "14:1.001,15:1.001,16:1.001,17:1.001,18:1.001,19:1.001,"
                 "20:1.001,21:1.001,22:1.001,23:1.001",
                 w, err, (int)sizeof(err)) &&
                 fabs(w[5] - 1.0) < 1e-12);
  check_true("parse missing hour",
             !gpuadv_traffic_parse("0:24", w, err, (int)sizeof(err)) &&
                 strstr(err, "hour 1 is missing"));
  check_true("parse hex hour",
             !gpuadv_traffic_parse("0x1:24", w, err, (int)sizeof(err)));
  check_true("parse empty",
             !gpuadv_traffic_parse("", w, err, (int)sizeof(err)));
}

static void test_shape(void) {
  double w[H], out[H];
  char err[200];
  two_level(w);
  check_close("peak", gpuadv_traffic_peak(w), 1.5, 0);
  /* blend: t = 0.5 */
  check_true("shape blend", gpuadv_traffic_shape(w, 1.25, out, err, 200) &&
                                out[0] == 0.75 && out[23] == 1.25);
  check_true("shape own peak", gpuadv_traffic_shape(w, 1.5, out, err, 200) &&
                                   out[0] == 0.5 && out[23] == 1.5);
  /* 2 / (1 + 3^-a) = 1.8 at a = 2: 1.8 and 0.2 */
  check_true("shape sharpen", gpuadv_traffic_shape(w, 1.8, out, err, 200));
  check_close("shape sharpen peak", out[23], 1.8, 1e-9);
  check_close("shape sharpen trough", out[0], 0.2, 1e-9);
  /* 12 peak hours: at most 24 / 12 = 2 */
  check_true(
      "shape past the limit",
      !gpuadv_traffic_shape(w, 2.0, out, err, 200) && strstr(err, "below 2"));
  check_true("shape below 1", !gpuadv_traffic_shape(w, 0.9, out, err, 200));
}

static void test_units(void) {
  double w[H];
  two_level(w);
  /* 30 requests/s at the peak, 10 at night, units of 10 */
  check_close("units", gpuadv_traffic_unit_hours(w, 30, 10, 0, 1), 2.0, 0);
  check_close("units min", gpuadv_traffic_unit_hours(w, 30, 10, 0, 2), 2.5, 0);
  check_close("units base", gpuadv_traffic_unit_hours(w, 30, 10, 15, 0), 1.0,
              0);
  /* a rate a hair over whole units needs no more */
  check_close("units slack",
              gpuadv_traffic_unit_hours(w, 30 * (1 + 1e-12), 10, 0, 1), 2.0, 0);
}

static void test_hybrid(void) {
  double w[H];
  two_level(w);
  check_close("hybrid own all",
              gpuadv_traffic_hybrid_units(w, 30, 10, 1, 10, 3), 3, 0);
  check_close("hybrid base", gpuadv_traffic_hybrid_units(w, 30, 10, 1, 10, 1.5),
              1, 0);
  check_close("hybrid rent all",
              gpuadv_traffic_hybrid_units(w, 30, 10, 1, 10, 0.9), 0, 0);
  /* at equal cost the fewer owned units: the first unit costs 24 either
  ** way */
  check_close("hybrid tie", gpuadv_traffic_hybrid_units(w, 30, 10, 1, 10, 1), 0,
              0);
  /* a large fleet is stepped over, then searched around the best step:
  ** 3,000,000 units at the peak, the base 1,000,000 */
  check_close("hybrid large",
              gpuadv_traffic_hybrid_units(w, 3e7, 10, 1, 10, 1.5), 1e6, 0);
}

static const unit_test_fn tests[] = {test_parse, test_shape, test_units,
                                     test_hybrid};

int main(void) {
  return unit_run(tests, UNIT_COUNT(tests));
}
