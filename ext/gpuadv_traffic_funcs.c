/*
** gpuadv_traffic_funcs.c: the day's traffic in SQL (README "Traffic
** through the day"). Thin wrappers over ext/gpuadv_traffic.c.
**
**   SELECT traffic_peak('0:0.5,1:0.5,...,23:1.5');
**   SELECT traffic_shape(p.hours, 3) FROM ...;
**   SELECT traffic_unit_hours(profile, 12.0, 2.5);
**   SELECT traffic_hybrid_units(profile, 12.0, 20, 30.5, 2.5, 4.1);
**
** A profile is 24 "hour:weight" pairs separated by commas, each weight the
** hour's request rate over the day's mean (they sum to 24; the
** traffic_profiles table holds named ones, and
**   SELECT group_concat(hour || ':' || weight) FROM traffic_profiles
**   WHERE name = 'chat-burstgpt'
** writes one). Any order of the hours.
**
** traffic_peak(profile) the peak hour's weight: its rate over the mean.
** traffic_shape(profile, peak_to_mean) the profile reshaped to that peak
**   (blended toward flat below its own, sharpened above), as a profile.
** traffic_unit_hours(profile, peak_rps, unit_rps [, base_rps
**   [, min_units]]) the mean units running over the day when each hour
**   runs the units of unit_rps requests/s that carry its rate above
**   base_rps (default 0), at least min_units (default 1); the peak hour's
**   rate is peak_rps.
** traffic_hybrid_units(profile, peak_rps, own_unit_rps, own_usd_per_hour,
**   rent_unit_rps, rent_usd_per_hour) the owned units that carry the day
**   cheapest with rentals by the hour beside them (0: rent everything).
*/
#include <assert.h>
#include <math.h>
#include <string.h>

#include "gpuadv_args.h"
#include "gpuadv_internal.h"
#include "gpuadv_traffic.h"

SQLITE_EXTENSION_INIT3

#define H GPUADV_TRAFFIC_HOURS

/* The longest profile text read: 24 pairs of a short hour and a number
** with room for spaces; a longer one is refused before it is parsed. */
#define PROFILE_MAX_BYTES 4096

/* The profile of argument i, parsed into w: 1, or 0 after setting the
** error. */
static int profile_arg(sqlite3_context *ctx, const gpuadv_fn *fn,
                       sqlite3_value **argv, int i, double w[H]) {
  char err[200];
  const char *z = (const char *)sqlite3_value_text(argv[i]);
  int n = sqlite3_value_bytes(argv[i]);
  if (!z) {
    sqlite3_result_error_nomem(ctx);
    return 0;
  }
  if (n > PROFILE_MAX_BYTES) {
    gpuadv_result_errorf(ctx, fn, "profile is %d bytes long, more than %d", n,
                         PROFILE_MAX_BYTES);
    return 0;
  }
  if ((int)strlen(z) != n) {
    gpuadv_result_errorf(ctx, fn, "profile must be text without NUL bytes");
    return 0;
  }
  if (!gpuadv_traffic_parse(z, w, err, (int)sizeof(err))) {
    gpuadv_result_errorf(ctx, fn, "%s", err);
    return 0;
  }
  return 1;
}

/* The arguments of fn checked into a, and its profile (argument 0) parsed
** into w: 1, or 0 after setting the result (NULL or an error). */
static int traffic_args(sqlite3_context *ctx, const gpuadv_fn *fn, int argc,
                        sqlite3_value **argv, double *a, double w[H]) {
  return GPUADV_ARGS(ctx, fn, argc, argv, a) &&
         profile_arg(ctx, fn, argv, 0, w);
}

static const gpuadv_fn fn_traffic_peak = {
    "traffic_peak", 1, 1, {GPUADV_TEXT("profile")}};

static void sql_traffic_peak(sqlite3_context *ctx, int argc,
                             sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_traffic_peak;
  double a[GPUADV_MAX_ARGS], w[H];
  if (!traffic_args(ctx, fn, argc, argv, a, w)) return;
  gpuadv_result_double(ctx, fn, gpuadv_traffic_peak(w));
}

static const gpuadv_fn fn_traffic_shape = {
    "traffic_shape",
    2,
    2,
    {GPUADV_TEXT("profile"),
     GPUADV_NUM("peak_to_mean", GPUADV_RANGE_GE, 1, 0, 1)}};

static void sql_traffic_shape(sqlite3_context *ctx, int argc,
                              sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_traffic_shape;
  double a[GPUADV_MAX_ARGS], w[H], out[H];
  char err[200], text[H * 24];
  int h, k = 0;
  if (!traffic_args(ctx, fn, argc, argv, a, w)) return;
  if (!gpuadv_traffic_shape(w, a[1], out, err, (int)sizeof(err))) {
    gpuadv_result_errorf(ctx, fn, "%s", err);
    return;
  }
  for (h = 0; h < H; h++) {
    sqlite3_snprintf((int)sizeof(text) - k, text + k, "%s%d:%.9g", h ? "," : "",
                     h, out[h]);
    k += (int)strlen(text + k);
  }
  assert(k < (int)sizeof(text) - 1);
  sqlite3_result_text(ctx, text, k, SQLITE_TRANSIENT);
}

enum { TU_PROFILE, TU_PEAK, TU_UNIT, TU_BASE, TU_MIN, TU_N };

static const gpuadv_fn fn_traffic_unit_hours = {
    "traffic_unit_hours",
    3,
    TU_N,
    {[TU_PROFILE] = GPUADV_TEXT("profile"),
     [TU_PEAK] = GPUADV_NONNEG("peak_rps"),
     [TU_UNIT] = GPUADV_POSITIVE("unit_rps"),
     [TU_BASE] = GPUADV_NONNEG("base_rps"),
     [TU_MIN] = GPUADV_WHOLE("min_units", 0, 1e9, 1)}};

static void sql_traffic_unit_hours(sqlite3_context *ctx, int argc,
                                   sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_traffic_unit_hours;
  double a[GPUADV_MAX_ARGS], w[H];
  if (!traffic_args(ctx, fn, argc, argv, a, w)) return;
  if (a[TU_PEAK] / a[TU_UNIT] > 1e12) {
    gpuadv_result_errorf(ctx, fn,
                         "peak_rps / unit_rps must be at most 1e12 units");
    return;
  }
  gpuadv_result_double(ctx, fn,
                       gpuadv_traffic_unit_hours(w, a[TU_PEAK], a[TU_UNIT],
                                                 a[TU_BASE], a[TU_MIN]));
}

enum {
  TH_PROFILE,
  TH_PEAK,
  TH_OWN_RPS,
  TH_OWN_USD,
  TH_RENT_RPS,
  TH_RENT_USD,
  TH_N
};

static const gpuadv_fn fn_traffic_hybrid_units = {
    "traffic_hybrid_units",
    TH_N,
    TH_N,
    {[TH_PROFILE] = GPUADV_TEXT("profile"),
     [TH_PEAK] = GPUADV_NONNEG("peak_rps"),
     [TH_OWN_RPS] = GPUADV_POSITIVE("own_unit_rps"),
     [TH_OWN_USD] = GPUADV_NONNEG("own_usd_per_hour"),
     [TH_RENT_RPS] = GPUADV_POSITIVE("rent_unit_rps"),
     [TH_RENT_USD] = GPUADV_NONNEG("rent_usd_per_hour")}};

static void sql_traffic_hybrid_units(sqlite3_context *ctx, int argc,
                                     sqlite3_value **argv) {
  const gpuadv_fn *fn = &fn_traffic_hybrid_units;
  double a[GPUADV_MAX_ARGS], w[H];
  if (!traffic_args(ctx, fn, argc, argv, a, w)) return;
  if (a[TH_PEAK] / a[TH_OWN_RPS] > 1e12 || a[TH_PEAK] / a[TH_RENT_RPS] > 1e12) {
    gpuadv_result_errorf(ctx, fn,
                         "peak_rps over own_unit_rps or rent_unit_rps must "
                         "be at most 1e12 units");
    return;
  }
  sqlite3_result_int64(ctx, (sqlite3_int64)gpuadv_traffic_hybrid_units(
                                w, a[TH_PEAK], a[TH_OWN_RPS], a[TH_OWN_USD],
                                a[TH_RENT_RPS], a[TH_RENT_USD]));
}

static const gpuadv_fn_entry traffic_func_table[] = {
    {&fn_traffic_peak, sql_traffic_peak},
    {&fn_traffic_shape, sql_traffic_shape},
    {&fn_traffic_unit_hours, sql_traffic_unit_hours},
    {&fn_traffic_hybrid_units, sql_traffic_hybrid_units}};

GPUADV_FN_TABLE_GET(gpuadv_traffic_function_table, traffic_func_table)
