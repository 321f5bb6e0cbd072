/*
** gpuadv_traffic.c: the day's traffic and the capacity that serves it
** (what is modelled and what is left out: gpuadv_traffic.h). Pure C.
*/
#include "gpuadv_traffic.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define H GPUADV_TRAFFIC_HOURS

/* A rate this close above a whole number of units needs no more units:
** the units that carry the peak are then the same however the weights
** were rounded. */
#define UNIT_SLACK 1e-9

/* Hybrid: above this many possible owned units the scan steps over them
** and then searches around the best step (the cost a day is convex in the
** units but for the rounding of the rented units). */
#define HYBRID_SCAN_MAX 20000.0

static const char *skip_space(const char *z) {
  while (*z == ' ' || *z == '\t' || *z == '\n' || *z == '\r') z++;
  return z;
}

int gpuadv_traffic_parse(const char *z, double w[H], char *err, int n_err) {
  int seen[H] = {0};
  int n = 0, h;
  double sum = 0.0;
  assert(z && err && n_err > 0);
  for (;;) {
    char *end;
    long hour;
    double weight;
    z = skip_space(z);
    hour = *z >= '0' && *z <= '9' ? strtol(z, &end, 10) : -1;
    if (hour < 0 || hour > H - 1) {
      snprintf(err, (size_t)n_err,
               "profile must be hour:weight pairs, hours 0 to 23 "
               "('0:0.5,1:0.4,...'); pair %d is not",
               n + 1);
      return 0;
    }
    z = skip_space(end);
    if (*z != ':') {
      snprintf(err, (size_t)n_err,
               "profile must be hour:weight pairs, hours 0 to 23 "
               "('0:0.5,1:0.4,...'); pair %d has no ':'",
               n + 1);
      return 0;
    }
    z = skip_space(z + 1);
    weight = strtod(z, &end);
    if (end == z || !isfinite(weight) || weight < 0) {
      snprintf(err, (size_t)n_err,
               "profile weights must be numbers >= 0; hour %d's is not",
               (int)hour);
      return 0;
    }
    h = (int)hour;
    assert(h >= 0 && h < H);
    if (seen[h]) {
      snprintf(err, (size_t)n_err, "profile gives hour %d twice", h);
      return 0;
    }
    seen[h] = 1;
    w[h] = weight;
    sum += weight;
    n++;
    z = skip_space(end);
    if (*z == 0) break;
    if (*z != ',') {
      snprintf(err, (size_t)n_err,
               "profile must be hour:weight pairs separated by commas");
      return 0;
    }
    z++;
  }
  if (n != H) {
    for (h = 0; h < H && seen[h]; h++) {
    }
    snprintf(err, (size_t)n_err,
             "profile must give each of the 24 hours; hour %d is missing", h);
    return 0;
  }
  if (!(fabs(sum - H) <= GPUADV_TRAFFIC_SUM_TOLERANCE)) {
    snprintf(err, (size_t)n_err,
             "profile weights must sum to 24 (each hour's rate over the "
             "day's mean), within %g; they sum to %.6g",
             GPUADV_TRAFFIC_SUM_TOLERANCE, sum);
    return 0;
  }
  for (h = 0; h < H; h++) w[h] *= H / sum;
  return 1;
}

double gpuadv_traffic_peak(const double w[H]) {
  double m = 0.0;
  int h;
  for (h = 0; h < H; h++) m = fmax(m, w[h]);
  return m;
}

/* Peak over mean of w raised to the power a (w's peak scaled to 1 first,
** so nothing overflows). */
static double power_peak(const double w[H], double peak, double a) {
  double sum = 0.0;
  int h;
  for (h = 0; h < H; h++) sum += w[h] > 0.0 ? pow(w[h] / peak, a) : 0.0;
  return H / sum;
}

int gpuadv_traffic_shape(const double w[H], double peak_to_mean, double out[H],
                         char *err, int n_err) {
  double peak = gpuadv_traffic_peak(w);
  int h, n_peak = 0;
  assert(peak > 0.0);
  for (h = 0; h < H; h++) n_peak += w[h] >= peak * (1 - 1e-12);
  if (!(peak_to_mean >= 1.0)) {
    snprintf(err, (size_t)n_err, "peak_to_mean must be >= 1, got %g",
             peak_to_mean);
    return 0;
  }
  if (peak_to_mean <= peak) {
    /* toward a flat day: 1 + t (w - 1), t in [0, 1] */
    double t = peak > 1.0 ? (peak_to_mean - 1.0) / (peak - 1.0) : 0.0;
    for (h = 0; h < H; h++) out[h] = 1.0 + t * (w[h] - 1.0);
    return 1;
  }
  if (n_peak == H) {
    snprintf(err, (size_t)n_err,
             "a flat profile has no peak hours to raise: peak_to_mean must "
             "be 1 with it, got %g; name a profile with a shape",
             peak_to_mean);
    return 0;
  }
  if (peak_to_mean >= (double)H / n_peak * (1 - 1e-9)) {
    snprintf(err, (size_t)n_err,
             "peak_to_mean must be below %g with this profile (all the "
             "day's traffic in its %d peak hour%s), got %g",
             (double)H / n_peak, n_peak, n_peak > 1 ? "s" : "", peak_to_mean);
    return 0;
  }
  {
    /* w^a: the peak over the mean grows with a, from the profile's own at
    ** a = 1 toward H / n_peak */
    double lo = 1.0, hi = 2.0, a, sum = 0.0;
    int i;
    while (power_peak(w, peak, hi) < peak_to_mean && hi < 1e12) hi *= 2.0;
    for (i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
      a = 0.5 * (lo + hi);
      if (power_peak(w, peak, a) < peak_to_mean) {
        lo = a;
      } else {
        hi = a;
      }
    }
    a = 0.5 * (lo + hi);
    for (h = 0; h < H; h++) {
      out[h] = w[h] > 0.0 ? pow(w[h] / peak, a) : 0.0;
      sum += out[h];
    }
    for (h = 0; h < H; h++) out[h] *= H / sum;
  }
  return 1;
}

/* Units of unit_rps that carry rate (none for a rate <= 0). */
static double units_for(double rate, double unit_rps) {
  if (!(rate > 0.0)) return 0.0;
  return ceil(rate / unit_rps - UNIT_SLACK);
}

double gpuadv_traffic_unit_hours(const double w[H], double peak_rps,
                                 double unit_rps, double base_rps,
                                 double min_units) {
  double peak = gpuadv_traffic_peak(w), sum = 0.0;
  int h;
  assert(peak > 0.0 && unit_rps > 0.0);
  for (h = 0; h < H; h++) {
    double rate = peak_rps * w[h] / peak;
    sum += fmax(min_units, units_for(rate - base_rps, unit_rps));
  }
  return sum / H;
}

/* The cost a day of u owned units and the rentals beside them. */
static double hybrid_cost(const double w[H], double peak, double peak_rps,
                          double u, double own_rps, double own_usd,
                          double rent_rps, double rent_usd) {
  double cost = H * u * own_usd;
  int h;
  for (h = 0; h < H; h++) {
    double rate = peak_rps * w[h] / peak;
    cost += rent_usd * units_for(rate - u * own_rps, rent_rps);
  }
  return cost;
}

double gpuadv_traffic_hybrid_units(const double w[H], double peak_rps,
                                   double own_rps, double own_usd,
                                   double rent_rps, double rent_usd) {
  double peak = gpuadv_traffic_peak(w);
  double u_max = units_for(peak_rps, own_rps);
  double step = u_max > HYBRID_SCAN_MAX ? ceil(u_max / HYBRID_SCAN_MAX) : 1.0;
  double best_u = 0.0, best, u, lo, hi;
  assert(peak > 0.0 && own_rps > 0.0 && rent_rps > 0.0);
  best =
      hybrid_cost(w, peak, peak_rps, 0.0, own_rps, own_usd, rent_rps, rent_usd);
  for (u = step; u <= u_max; u += step) {
    double c =
        hybrid_cost(w, peak, peak_rps, u, own_rps, own_usd, rent_rps, rent_usd);
    if (c < best) {
      best = c;
      best_u = u;
    }
  }
  if (step > 1.0) {
    lo = fmax(0.0, best_u - step);
    hi = fmin(u_max, best_u + step);
    for (u = lo; u <= hi; u += 1.0) {
      double c = hybrid_cost(w, peak, peak_rps, u, own_rps, own_usd, rent_rps,
                             rent_usd);
      if (c < best || (c == best && u < best_u)) {
        best = c;
        best_u = u;
      }
    }
  }
  return best_u;
}
