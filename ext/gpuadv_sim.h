/*
** gpuadv_sim.h: a discrete-event simulation of one LLM serving replica with
** continuous batching and chunked prefill, free of SQLite. The SQL wrapper
** is ext/gpuadv_sim_vtab.c (the serving_sim table-valued function); the
** model, its rules and what it leaves out are described in the header
** comment of ext/gpuadv_sim.c.
**
** Use:
**
**   gpuadv_sim_config cfg;
**   gpuadv_sim_result res;
**   gpuadv_sim_linear lin = {0.007, 2e-5, 6e-11, 3e-5, 9e-10};
**   gpuadv_sim_config_init(&cfg);          (the documented defaults)
**   cfg.rate = 10;                         (requests per second)
**   cfg.step_time = gpuadv_sim_linear_step;
**   cfg.step_line = gpuadv_sim_linear_line;  (optional: faster)
**   cfg.step_arg = &lin;
**   if (gpuadv_sim_run(&cfg, &res) != 0) puts(res.error);
**
** gpuadv_sim_run assumes a configuration that gpuadv_sim_check accepts (it
** calls it and fails with its message otherwise). It allocates with malloc
** and frees everything before it returns.
*/
#ifndef GPUADV_SIM_H
#define GPUADV_SIM_H

#include <stdint.h>

/* What one engine step computes; the step-time model turns it into
** seconds. */
typedef struct gpuadv_step_load {
  double decode_seqs;    /* sequences generating one token this step */
  double decode_context; /* KV tokens those sequences attend to, summed */
  double prefill_tokens; /* prompt tokens computed this step */
  double prefill_pairs;  /* query-key pairs of those prompt tokens: sum over
                         ** chunks of chunk_len * (tokens before the chunk +
                         ** (chunk_len + 1) / 2) */
  /* Of the prefill groups (gpuadv_sim_config.prefill_groups), the one
  ** that computes the most prompt tokens this step: its tokens and their
  ** pairs (the totals above with one group). */
  double group_tokens;
  double group_pairs;
} gpuadv_step_load;

/* The duration of one engine step in seconds; must be finite and > 0 (the
** simulation stops with an error otherwise). arg is the config's step_arg.
** It is called once per simulated step, so it should be cheap. */
typedef double (*gpuadv_step_time_fn)(const void *arg,
                                      const gpuadv_step_load *load);

/* Optional: a decode-only step (no prompt tokens) of decode_seqs
** sequences as a function of the KV context C they attend to, summed over
** the sequences:
**   fixed_s + max(read_s + read_per_ctx_s * C, attn_per_ctx_s * C)
** seconds, the same as the step-time function gives for such a step (up to
** rounding), with all four >= 0. Given one, a run sums the steps between
** two events (an arrival, a completion, an edge of the statistics' window)
** in closed form instead of one at a time; without one, it steps. */
typedef struct gpuadv_step_line {
  double fixed_s;
  double read_s;
  double read_per_ctx_s;
  double attn_per_ctx_s;
} gpuadv_step_line;

typedef void (*gpuadv_step_line_fn)(const void *arg, double decode_seqs,
                                    gpuadv_step_line *out);

/* The linear step model, in seconds:
**   fixed_s + per_seq_s * decode_seqs + per_ctx_token_s * decode_context
**   + per_prefill_token_s * prefill_tokens + per_pair_s * prefill_pairs */
typedef struct gpuadv_sim_linear {
  double fixed_s;
  double per_seq_s;
  double per_ctx_token_s;
  double per_prefill_token_s;
  double per_pair_s;
} gpuadv_sim_linear;

/* A gpuadv_step_time_fn; arg points at a gpuadv_sim_linear. */
double gpuadv_sim_linear_step(const void *arg, const gpuadv_step_load *load);

/* Its gpuadv_step_line_fn. */
void gpuadv_sim_linear_line(const void *arg, double decode_seqs,
                            gpuadv_step_line *out);

/* Arrival processes. */
enum gpuadv_sim_arrival {
  GPUADV_SIM_POISSON = 0, /* exponential inter-arrival times */
  GPUADV_SIM_GAMMA = 1    /* gamma inter-arrival times with arrival_cv */
};

/* Limits of the configuration (gpuadv_sim_check). */
#define GPUADV_SIM_MAX_REQUESTS 10000000LL /* simulated requests */
#define GPUADV_SIM_MAX_STEPS 2000000000LL  /* engine steps per run */
#define GPUADV_SIM_MAX_TOKENS 10000000.0   /* mean prompt or output */
#define GPUADV_SIM_MAX_CV 10.0             /* any coefficient of variation */
#define GPUADV_SIM_MAX_RUNNING 1000000LL   /* max_running */
#define GPUADV_SIM_MAX_KV 1e12             /* kv_capacity_tokens */
#define GPUADV_SIM_MAX_BUDGET 100000000LL  /* token_budget */
#define GPUADV_SIM_MAX_GROUPS 1024LL       /* prefill_groups */
#define GPUADV_SIM_MIN_RATE 0.001          /* requests per second */
#define GPUADV_SIM_MAX_RATE 1e9
#define GPUADV_SIM_MAX_CONCURRENCY 1000000LL /* closed-loop clients */
#define GPUADV_SIM_MAX_THINK 1e6             /* think time, seconds */

/* The inter-token latency histogram: each octave of seconds from
** 2^GPUADV_SIM_ITL_EXP_MIN (60 ns) on, GPUADV_SIM_ITL_OCTAVES of them (to
** 2^15 s, 9 hours), cut into GPUADV_SIM_ITL_SUB equal bins, 0.36% to 0.71%
** of their value wide (the first and last bins also hold what falls below
** and above). A percentile is its bin's middle: within 0.36%. */
#define GPUADV_SIM_ITL_EXP_MIN (-24)
#define GPUADV_SIM_ITL_OCTAVES 39
#define GPUADV_SIM_ITL_SUB 140
#define GPUADV_SIM_ITL_BINS (GPUADV_SIM_ITL_OCTAVES * GPUADV_SIM_ITL_SUB)

/* The random draws of runs, kept between them: request i's gap before it
** and its prompt and output lengths, each as drawn before the mean is
** applied (an exponential or gamma draw of mean 1 times the mean), so
** that runs with the same seed and coefficients of variation draw the
** same requests at any rate and mean length. A caller that runs many (a
** capacity search: the same requests at other rates; the replica shapes
** of one traffic) keeps one zeroed struct, passes it in
** gpuadv_sim_config.draws and frees it with gpuadv_sim_draws_clear. A run
** with other draws starts it afresh; one longer than
** GPUADV_SIM_DRAWS_KEEP requests (1.5 MB of draws at that size: three
** doubles a request) leaves it alone and draws as it goes, as a run
** without one does. The draws change no answer: a run gives the same
** result with them as without. */
#define GPUADV_SIM_DRAWS_KEEP 65536LL
typedef struct gpuadv_sim_draws {
  uint64_t seed;
  double gap_cv, prompt_cv, output_cv; /* the coefficients drawn for */
  int64_t n, cap;                      /* requests drawn; room */
  double *v;                           /* 3 a request: gap, prompt, output */
  uint64_t gap_state[4], len_state[4]; /* the streams after request n */
} gpuadv_sim_draws;

typedef struct gpuadv_sim_config gpuadv_sim_config;

/* Whether d holds draws of cfg's seed and coefficients (an empty one:
** no); a run with d draws afresh when not. */
int gpuadv_sim_draws_match(const gpuadv_sim_draws *d,
                           const gpuadv_sim_config *cfg);

/* Free d's draws and empty it. */
void gpuadv_sim_draws_clear(gpuadv_sim_draws *d);

struct gpuadv_sim_config {
  int64_t concurrency; /* 0: an open loop at `rate`; else a closed loop
                           ** of this many clients, [1, 10^6], each sending
                           ** its next request think_time after its last
                           ** completes (rate, arrival and arrival_cv are
                           ** then not used) */
  double think_time;   /* closed loop: seconds, [0, 10^6] */
  int arrival;         /* enum gpuadv_sim_arrival */
  double arrival_cv;   /* gamma only: [0, 10]; 1 is Poisson, 0 regular */
  double rate;         /* open loop: requests per second,
                           ** [0.001, 1e9] */
  double prompt_mean;  /* prompt tokens, [1, 1e7] */
  double prompt_cv;    /* 0: fixed; else gamma, [0, 10] */
  double output_mean;  /* output tokens, [1, 1e7] */
  double output_cv;    /* 0: fixed; else gamma, [0, 10] */
  double prefix_hit;   /* share of each prompt found in the prefix
                           ** cache, [0, 1] */
  int64_t n_requests;  /* [1, GPUADV_SIM_MAX_REQUESTS] */
  double warmup;       /* share of requests left out of the
                           ** statistics, [0, 1) */
  uint64_t seed;
  int64_t max_running;    /* sequences in the batch, [1, 1e6] */
  int64_t kv_capacity;    /* KV-cache tokens, [2, 1e12] */
  int64_t token_budget;   /* tokens per step and prefill group,
                           ** [max_running, 1e8] */
  int64_t prefill_groups; /* groups that each schedule their own prompt
                           ** chunks within their own token_budget,
                           ** [1, GPUADV_SIM_MAX_GROUPS]: the data-parallel
                           ** attention groups of a replica (1: one
                           ** scheduler; see gpuadv_sim.c) */
  /* Batch waiting (TensorRT-LLM's batch_wait_timeout_iters and
  ** batch_wait_max_tokens_ratio; 0 and 0: none): while sequences decode,
  ** a step leaves the prompts out (decodes alone) until its tokens would
  ** reach batch_wait_ratio x token_budget or batch_wait_steps steps have
  ** left them out; [0, 10^6] and [0, 1] */
  int64_t batch_wait_steps;
  double batch_wait_ratio;
  /* Decode blocks (SGLang's --num-continuous-decode-steps; 0 or 1:
  ** none): a step that decodes and has no prompt to run starts a block of
  ** this many decode steps, and prompts wait until it ends; [0, 1000] */
  int64_t decode_block;
  /* 1: the engine starts each step before it hands out the last one's
  ** tokens (overlap scheduling), so they leave at the end of the next
  ** step, or at once when none follows; 0: at the end of their own step */
  int overlap;
  /* KV admission. 0: a request is admitted only when its prompt + output
  ** tokens fit beside those of every request admitted and not finished
  ** (reserved whole; nothing is ever preempted: TensorRT-LLM's
  ** GUARANTEED_NO_EVICT). 1: when its prompt fits in the KV not held
  ** now; outputs take KV as they come, and when a step's decodes do not
  ** fit, the newest request admitted is preempted and recomputed later
  ** (vLLM). See gpuadv_sim.c, "Admission". */
  int preempt;
  gpuadv_step_time_fn step_time;
  gpuadv_step_line_fn step_line; /* optional (0: none); same arg */
  const void *step_arg;
  gpuadv_sim_draws *draws; /* optional (0: none): draws kept between runs */
  /* Optional (0: none): the run stops as soon as its mean TTFT or its p95
  ** TTFT (as the result stores it) is certain to be above these seconds,
  ** [0, 1e300]: its result then has stopped = 1 and, of its fields, only
  ** requests, measured, steps and sim_time (so far). For a caller that
  ** asks only whether a run meets its targets, and drops a run that does
  ** not (gpuadv_capacity_search_capped's run at the cap). */
  double stop_ttft_mean_s, stop_ttft_p95_s;
};

/* Fill in the defaults (rate 0 and step_time 0: the caller sets them;
** concurrency 0: an open loop). */
void gpuadv_sim_config_init(gpuadv_sim_config *cfg);

/* 0 when cfg is acceptable; else -1 and a message such as
** "rate must be > 0, got -1" in err (err_size bytes, NUL-terminated). */
int gpuadv_sim_check(const gpuadv_sim_config *cfg, char *err, int err_size);

typedef struct gpuadv_sim_result {
  /* Percentiles of the measured requests (gpuadv_sim.c says which value
  ** a percentile is), seconds. */
  double ttft_p50, ttft_p95, ttft_p99, ttft_mean;
  double tpot_p50, tpot_p95, tpot_p99, tpot_mean;
  double e2e_p50, e2e_p95, e2e_p99, e2e_mean;
  int has_tpot; /* 0 when no measured request has >= 2 outputs */
  /* Inter-token latency: the gap before each output token but the first
  ** (a decode step's length, once per sequence it gives a token to), over
  ** the steps ending in the measured window; percentiles to within 0.36%
  ** (a histogram of GPUADV_SIM_ITL_BINS bins), the mean exact. Seconds. */
  double itl_p50, itl_p95, itl_p99, itl_mean;
  int has_itl;           /* 0 when no step in the window decodes */
  double throughput_tps; /* output tokens per second, measured window */
  double requests_per_s; /* completions per second, measured window */
  double mean_batch;     /* time-weighted sequences in the batch */
  double mean_queue;     /* time-weighted requests waiting */
  int64_t max_queue;     /* most requests waiting at once */
  double mean_wait;      /* seconds from arrival to admission */
  int saturated;         /* the queue grows without bound (never in a
                           ** closed loop, whose clients wait) */
  int64_t requests;      /* simulated requests */
  int64_t measured;      /* requests in the statistics */
  int64_t steps;         /* engine steps simulated */
  int64_t preemptions;   /* requests preempted (preempt = 1), each time */
  double sim_time;       /* seconds of simulated time */
  int stopped;           /* stopped early: certain to miss a stop target */
  char error[160];       /* why gpuadv_sim_run failed, else "" */
} gpuadv_sim_result;

/* Run the simulation. 0 on success; -1 with res->error set on a bad
** configuration, a step time that is not finite and > 0, too many steps,
** or no memory. */
int gpuadv_sim_run(const gpuadv_sim_config *cfg, gpuadv_sim_result *res);

/* Steady state of an open loop (gpuadv_sim.c, "STEADY STATE"): the
** sequences the batch of cfg holds in steady state by Little's law,
** rate x in_batch_s (a request's mean time from admission to completion,
** a run's e2e_mean - mean_wait), at most max_running and the requests
** whose prompt + output (with preempt: prompt + half the output) fit in
** the KV cache, at least 1. */
#define GPUADV_SIM_STEADY_WARM 1.25    /* warm-up, x running */
#define GPUADV_SIM_STEADY_MEASURED 3.0 /* measured requests, x running */
double gpuadv_sim_steady_running(const gpuadv_sim_config *cfg,
                                 double in_batch_s);

/* The run that measures a batch of `running` sequences (>= 1) in steady
** state: warm-up >= GPUADV_SIM_STEADY_WARM x running requests, measured
** >= GPUADV_SIM_STEADY_MEASURED x running, neither fewer than cfg's, at
** most max_requests in all. 1 with *n and *warmup set when that run is
** longer than cfg's; 0 (nothing set) when cfg's is long enough or the
** longest allowed. */
int gpuadv_sim_steady_length(const gpuadv_sim_config *cfg, double running,
                             int64_t max_requests, int64_t *n, double *warmup);

#endif /* GPUADV_SIM_H */
