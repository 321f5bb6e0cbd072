/*
** gpuadv_traffic.h: traffic that moves through the day, and what it costs
** to serve it on owned, rented and mixed capacity. Pure C, free of SQLite:
** the SQL functions traffic_shape, traffic_peak, traffic_unit_hours and
** traffic_hybrid_units (ext/gpuadv_traffic_funcs.c) and through them the
** serving views call these.
**
** What it models:
**   - a day as 24 hourly weights, each the hour's request rate over the
**     day's mean (so they sum to 24); the traffic_profiles table holds
**     named days, written "hour:weight,hour:weight,..." for these
**     functions;
**   - a peak-to-mean ratio imposed on a profile's shape: below the
**     profile's own, the weights are blended toward a flat day
**     (1 + t (w - 1)); above it, raised to a power and scaled back to a
**     mean of 1 (w^a, a > 1), which sharpens the peak hours and deepens
**     the troughs, keeping the hours in the same order;
**   - capacity bought in whole units that each serve a number of requests
**     per second (a replica, an instance, a server): owned and committed
**     capacity is sized to the peak hour and paid all day; capacity rented
**     by the hour follows each hour's rate, with a minimum;
**   - a hybrid: U owned units carry the base, rentals by the hour carry the
**     rest, U chosen for the least cost a day.
**
** What it leaves out: the minutes within an hour (the serving simulator's
** random arrivals stand for them, and the peak hour's rate sizes the
** capacity), weekdays against weekends, growth over the months, the time
** a rented instance takes to start and load the model (minutes: scale
** ahead of the hour), and whether the provider has the capacity at the
** peak hours (a rental plan assumes it does).
*/
#ifndef GPUADV_TRAFFIC_H
#define GPUADV_TRAFFIC_H

#define GPUADV_TRAFFIC_HOURS 24

/* The sum of a profile's weights may differ from 24 by this much (weights
** written to three decimals); the weights are then scaled to 24 exactly. */
#define GPUADV_TRAFFIC_SUM_TOLERANCE 0.05

/* Reads "hour:weight,hour:weight,..." (hours 0 to 23, each once; spaces
** allowed around the numbers) into w, checks the weights (finite, >= 0,
** summing to 24 within GPUADV_TRAFFIC_SUM_TOLERANCE) and scales them to
** sum to 24. Returns 1, or 0 with a message in err. */
int gpuadv_traffic_parse(const char *z, double w[GPUADV_TRAFFIC_HOURS],
                         char *err, int n_err);

/* The highest hourly weight: the peak hour's rate over the day's mean. */
double gpuadv_traffic_peak(const double w[GPUADV_TRAFFIC_HOURS]);

/* w reshaped so that its peak is peak_to_mean (see the header); 1 and the
** shaped weights in out, or 0 with a message in err when no reshaping
** reaches it (below 1; a flat day above 1; at or above 24 / the number of
** hours at the profile's peak). */
int gpuadv_traffic_shape(const double w[GPUADV_TRAFFIC_HOURS],
                         double peak_to_mean, double out[GPUADV_TRAFFIC_HOURS],
                         char *err, int n_err);

/* The mean number of units running over the day when each hour runs
** max(min_units, ceil((rate - base_rps) / unit_rps)) units, the hour's
** rate being peak_rps x its weight over the peak weight. unit_rps > 0. */
double gpuadv_traffic_unit_hours(const double w[GPUADV_TRAFFIC_HOURS],
                                 double peak_rps, double unit_rps,
                                 double base_rps, double min_units);

/* The owned units of the cheapest hybrid: U units of own_rps each, paid
** own_usd an hour all day, and by the hour the rented units of rent_rps
** each, at rent_usd an hour, that carry each hour's rate above U x own_rps.
** U from 0 (rent everything) to the units that carry the peak alone; at
** equal cost the fewer. */
double gpuadv_traffic_hybrid_units(const double w[GPUADV_TRAFFIC_HOURS],
                                   double peak_rps, double own_rps,
                                   double own_usd, double rent_rps,
                                   double rent_usd);

#endif /* GPUADV_TRAFFIC_H */
