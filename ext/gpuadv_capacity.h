/*
** gpuadv_capacity.h: what one serving replica can carry, from the serving
** simulator (gpuadv_sim.h). Pure C: no SQLite types, malloc and free
** only, deterministic for a configuration and its seed.
**
** What it models:
**   - a run that measures the steady state of an open loop: lengthened
**     until its warm-up and measured requests cover what the batch holds
**     (gpuadv_capacity_run_steady);
**   - the capacity search: the highest request rate, up to a cap, at
**     which the replica meets latency targets on p95 and mean TTFT and on
**     p95 and median TPOT and keeps up, to within 1%
**     (gpuadv_capacity_search);
**   - the same search shared by searches that differ only in their cap:
**     one search without a cap, kept by the caller, answers every cap
**     that its first run misses (gpuadv_capacity_search_capped);
**   - the step times of an engine speed model's replica (gpuadv_replica,
**     gpuadv_math.h) as the simulator calls them, with the terms of
**     decode-only steps kept per batch size (gpuadv_capacity_steps).
** What it leaves out: it assumes that a rate meets the targets when a
** higher one does (a replica whose latency is not monotone in the load
** can be under-rated); targets on other percentiles, on inter-token
** latency or on end-to-end time; under a cap that its first run misses,
** a search from that cap (the shared search without a cap answers: both
** are within 1% of the highest rate that meets the targets, on other
** rates, so they can differ by about that much); a closed loop (a search
** is over the rate of an open one); and the randomness of a run (one seed
** per rate, no confidence interval on the answer).
*/
#ifndef GPUADV_CAPACITY_H
#define GPUADV_CAPACITY_H

#include "gpuadv_math.h" /* gpuadv_replica, gpuadv_step_terms */
#include "gpuadv_sim.h"

/* Latency targets; 0 where there is none. */
typedef struct gpuadv_latency_targets {
  double ttft_p95_s;
  double tpot_p95_ms;
  double ttft_mean_s;
  double tpot_p50_ms;
} gpuadv_latency_targets;

/* 1 when some target is given. */
int gpuadv_capacity_has_targets(const gpuadv_latency_targets *t);

/* 1 when the run r misses a target of t (TPOT targets only where the run
** measured TPOT). */
int gpuadv_capacity_misses(const gpuadv_latency_targets *t,
                           const gpuadv_sim_result *r);

/* A run of cfg (an open loop) that measures the steady state: while
** gpuadv_sim_steady_length asks for more requests for the sequences the
** batch holds, estimated from *in_batch_s (a request's time in the batch
** in an earlier run, 0: none) and then from each run, at most
** GPUADV_CAPACITY_RERUNS times longer than the first, up to
** GPUADV_CAPACITY_MAX_FACTOR x cfg's n_requests. A run that already
** misses a target of t ends it: a longer one only fills the batch more.
** *in_batch_s is left at the last run's; cfg comes back as given.
** 0 on success; -1 with r->error set as gpuadv_sim_run sets it. */
#define GPUADV_CAPACITY_RERUNS 2
#define GPUADV_CAPACITY_MAX_FACTOR 16
int gpuadv_capacity_run_steady(const gpuadv_latency_targets *t,
                               gpuadv_sim_config *cfg, gpuadv_sim_result *r,
                               double *in_batch_s);

/* The highest request rate, up to max_rate, at which cfg's replica meets
** the targets t and keeps up, to within GPUADV_CAPACITY_REL of itself:
**   1. a run at max_rate: the answer when it meets them;
**   2. else a run at GPUADV_CAPACITY_MARGIN x the requests per second the
**      first run served over its whole length (the replica's capacity
**      less the filling and draining of its batch), where that is below
**      max_rate;
**   3. then, while no rate has met them, half the lowest rate tried, and
**      once one has, the midpoint of the highest that met them and the
**      lowest that did not, until the two are within GPUADV_CAPACITY_REL
**      of each other (at most GPUADV_CAPACITY_RUNS runs in all, none below
**      GPUADV_SIM_MIN_RATE).
** A plain bisection between 0 and max_rate finds a replica that serves
** max_rate / 100 only to within max_rate / 256, 40% of the answer;
** starting from the capacity keeps every answer within 1%. Each rate is a
** steady run (gpuadv_capacity_run_steady) of at least cfg's n_requests,
** with its seed. *out holds the statistics of the highest rate that met
** the targets, or of the last rate tried when none did (*max_rps 0 then).
** 0 on success; -1 with out->error set as gpuadv_sim_run sets it ("out of
** memory" included). cfg's rate is left at the last rate tried. */
#define GPUADV_CAPACITY_RUNS 16
#define GPUADV_CAPACITY_REL 0.01
#define GPUADV_CAPACITY_MARGIN 1.25
int gpuadv_capacity_search(const gpuadv_latency_targets *t,
                           gpuadv_sim_config *cfg, double max_rate,
                           gpuadv_sim_result *out, double *max_rps);

/* The search without a cap that capped searches share: the search of
** gpuadv_capacity_search from GPUADV_CAPACITY_OPEN_RATE, where a rate
** that meets the targets before any rate but the first has missed them is
** followed by GPUADV_CAPACITY_GROWTH times it (no cap bounds the bisection
** until a rate misses: doubling finds one in as many runs as a bisection
** takes to halve the bracket). Its answer and row are those of a capped
** search under a cap above the answer, to within GPUADV_CAPACITY_REL,
** and depend on the configuration alone. known: 1 once it has run. */
/* the simulator's highest rate (gpuadv_sim.h): a run at it saturates any
** replica, and its requests per second start the search as a cap's miss
** does */
#define GPUADV_CAPACITY_OPEN_RATE GPUADV_SIM_MAX_RATE
/* doubling: the inverse of the bisection's halving */
#define GPUADV_CAPACITY_GROWTH 2.0

typedef struct gpuadv_capacity_open {
  int known;             /* 0: not searched yet */
  double max_rps;        /* the answer, 0: no rate met the targets */
  gpuadv_sim_result res; /* as *out of gpuadv_capacity_search */
} gpuadv_capacity_open;

/* Run the search without a cap into *open. 0 on success; -1 with
** open->res.error set (open->known 0). */
int gpuadv_capacity_search_open(const gpuadv_latency_targets *t,
                                gpuadv_sim_config *cfg,
                                gpuadv_capacity_open *open);

/* The capacity search under max_rate, shared with every other cap through
** *open (the search without a cap, of the same configuration and
** targets), so that searches that differ only in their cap run the long
** part once:
**   1. the first run of gpuadv_capacity_search, at max_rate: the answer
**      when it meets the targets, with its row;
**   2. else open's answer and row when below max_rate (open is run first
**      when not known, and kept there for the next cap);
**   3. else (the replica met the targets at a higher rate than max_rate,
**      which it misses: not monotone) gpuadv_capacity_search.
** The answer depends on the configuration, the targets and max_rate, not
** on which caps were searched before. 0 on success; -1 with out->error
** set. */
int gpuadv_capacity_search_capped(const gpuadv_latency_targets *t,
                                  gpuadv_sim_config *cfg, double max_rate,
                                  gpuadv_capacity_open *open,
                                  gpuadv_sim_result *out, double *max_rps);

/* A replica's step times for the simulator. Most steps of a run decode
** without a prompt, and the terms of such a step depend on its batch size
** alone (gpuadv_replica_step_terms): they are computed on the first step
** of each size and kept (memo[k] for k sequences, known[k] once
** computed), which gives the same step times to the last bit. A step
** with prompt tokens depends on its load but the decodes' context
** (decode_seqs and the prompt tokens and pairs, of the step and of its
** busiest group): with fixed lengths a run repeats a few such loads many
** times, so the terms of the last GPUADV_CAPACITY_PROMPT_MEMO loads, one
** per slot that a hash of the load picks, are kept too (a slot holds the
** load it was computed for; another load computes afresh and takes the
** slot). The caller fills r and e, then calls
** gpuadv_capacity_steps_init. */
#define GPUADV_CAPACITY_MEMO_MAX 4096
#define GPUADV_CAPACITY_PROMPT_MEMO 512 /* a power of two; 32 KB */

typedef struct gpuadv_capacity_prompt_step {
  double load[5]; /* decode_seqs, prefill tokens and pairs, the group's */
  gpuadv_step_terms terms;
} gpuadv_capacity_prompt_step;

typedef struct gpuadv_capacity_steps {
  gpuadv_replica r;
  gpuadv_engine_consts e;
  gpuadv_step_terms *memo; /* n_memo entries, or 0: none kept */
  unsigned char *known;
  int n_memo;
  /* GPUADV_CAPACITY_PROMPT_MEMO slots, allocated at the first step with
  ** prompt tokens (load[0] -1: empty), or 0 */
  gpuadv_capacity_prompt_step *prompt_memo;
} gpuadv_capacity_steps;

/* Point r's setups at e and keep the terms of batches of up to
** max_running sequences (GPUADV_CAPACITY_MEMO_MAX at most); without
** memory for them, every step is computed. */
void gpuadv_capacity_steps_init(gpuadv_capacity_steps *s, double max_running);

/* Free what gpuadv_capacity_steps_init allocated (not s itself). */
void gpuadv_capacity_steps_clear(gpuadv_capacity_steps *s);

/* The simulator's step time and line (gpuadv_step_time_fn,
** gpuadv_step_line_fn); arg points at an initialised
** gpuadv_capacity_steps. */
double gpuadv_capacity_step_s(const void *arg, const gpuadv_step_load *load);
void gpuadv_capacity_step_line(const void *arg, double seqs,
                               gpuadv_step_line *out);

#endif /* GPUADV_CAPACITY_H */
