/*
** gpuadv_sim.c: a discrete-event simulation of one LLM serving replica, the
** core of the serving_sim table-valued function (gpuadv_sim_vtab.c). Pure
** C: no SQLite types, malloc and free only, deterministic for a seed.
**
** WHAT IT MODELS
**
** One replica runs engine steps back to back while it has work, the way
** vLLM (V1), SGLang and TensorRT-LLM schedule with continuous batching and
** chunked prefill. Each step, in this order:
**
**   1. every running sequence that has its first token decodes one more
**      token (decode_seqs of them, attending to decode_context KV tokens);
**      each counts one token against the step's token_budget;
**   2. the request that is part-way through its prefill (there is at most
**      one, see below) gets the next chunk of its prompt, as much as the
**      budget left allows;
**   3. while budget is left, requests at the head of the FIFO queue are
**      admitted and get a prompt chunk each, as long as
**        - running sequences (decoding + prefilling) stay <= max_running, and
**        - its KV fits (see "Admission" below).
**      The queue is strict FIFO: when the head does not fit, nothing behind
**      it is admitted.
**   4. the step lasts step_time(load) seconds, a callback. A request whose
**      last prompt token is computed in this step gets its first output
**      token at the end of the step; a request with output tokens O then
**      decodes in the next O - 1 steps and completes at the end of the last.
**
** Because each prefill takes the whole budget left before the next request
** is admitted, at most one request is part-way through its prefill at the
** start of a step.
**
** Admission (preempt), in tokens of kv_capacity_tokens:
**   0  a request is admitted only when its prompt + output tokens fit
**      beside the prompt + output tokens of every request admitted and
**      not finished. The whole request is reserved on admission and
**      released on completion, so a running sequence never runs out of KV
**      and nothing is preempted: TensorRT-LLM's default capacity policy
**      (GUARANTEED_NO_EVICT).
**   1  as vLLM's scheduler does: a request is admitted when its prompt
**      fits in the KV not held now (a decoding sequence holds its context,
**      a request being prefilled its whole prompt), and its outputs take
**      KV as they come. When a step's decodes do not fit (each needs one
**      more token), the newest request admitted is preempted, again until
**      they fit: vLLM pops the last of its running list. It loses its KV
**      and returns to the front of the queue (the last one preempted
**      first); readmitted, it computes its prompt and the tokens it had
**      made again as one prompt (the prefix cache still holds prefix_hit
**      of its first prompt), makes its next token at the end of that
**      prefill and decodes the rest. Its first token, already out, is not
**      counted again; its TPOT spans the stall. A step that preempts
**      admits no one, as vLLM's leaves its waiting queue alone then.
**      vLLM allocates a long prompt's blocks chunk by chunk; here the
**      whole prompt is held from admission.
** Blocks of tokens (vLLM's 16, TensorRT-LLM's 32 a block) are not
** modelled: a sequence holds its tokens, not its blocks.
**
** Overlap scheduling (overlap = 1): SGLang's overlap scheduler, the
** overlap scheduler of TensorRT-LLM's PyTorch backend and vLLM's async
** scheduling launch step k + 1 before they process step k's outputs, so
** the tokens step k made leave the engine (and reach the client) when
** step k + 1 ends: every output token, the first included, leaves one
** step late, and a closed-loop client sends its next request that much
** later. When no step follows at once (the replica has nothing left to
** run), they leave at the end of their own step. What a step frees (its
** finished sequences' KV and batch slots) is free for the next step
** either way: the scheduler knows a sequence's length limit before it
** sees its tokens. Stop strings and end-of-sequence tokens, which an
** engine learns only from the tokens, are not modelled (every request
** runs to its output length, as benchmarks with ignore_eos do).
** vLLM's async scheduling spends its step elsewhere: step k's tokens
** leave when step k ends, but step k + 1 was scheduled before they were
** in, so a request that arrives while step k runs (a closed-loop client's
** next one among them) first joins step k + 2. Its first token comes
** about one step later either way, which is what the model charges.
**
** Decode blocks (decode_block = k > 1, SGLang's
** --num-continuous-decode-steps): a step that decodes and has no prompt
** to run starts a block of k decode steps, and the prompts that arrive
** meanwhile wait until it ends, as SGLang's scheduler, having chosen to
** decode, runs k decode steps before it looks for a prefill batch again.
** A block ends early when nothing is left to decode. A step that prefills
** starts none: the scheduler looks for prompts again after it.
**
** Prefill groups: a replica with data-parallel attention runs
** prefill_groups schedulers side by side (vLLM's data-parallel engine
** cores, TensorRT-LLM's attention-DP ranks), each with its own
** token_budget, less its share of the decodes (d_seqs / groups, rounded
** up), and each with at most one request part-way through its prefill.
** A step first gives each group's partial request its next chunk, then
** admits queued requests in FIFO order, each into the group with the most
** budget left, as long as one has any. The step's load carries the prompt
** tokens of all groups and, separately, those of the group with the most
** (group_tokens, group_pairs): the groups run each step in lockstep, so
** that one sets how long the prompts' attention takes. With one group
** (the default) this is the scheduling above. A request's KV is reserved
** in the replica's one pool, not in its group's.
**
** Prefix cache: a share prefix_hit of each prompt (rounded down, at most all
** but one token: the last prompt token is always computed, for the logits)
** needs no prefill, but still occupies KV and is attended to.
**
** Requests: in an open loop (the default), arrivals are Poisson
** (exponential gaps) or gamma-distributed gaps with coefficient of
** variation arrival_cv (1 is Poisson, 0 a regular clock, above 1 bursty),
** whatever the replica does. In a closed loop (concurrency > 0), a fixed
** number of clients each keep one request in the system, the way a
** benchmark client with a concurrency limit and no rate limit does
** (`vllm bench serve --max-concurrency`, SGLang's bench_serving, the
** InferenceX sweeps): all clients send their first request at time 0, and
** a client sends its next one think_time seconds after its last one
** completes. Arrivals then follow completions, so the queue never holds
** more than `concurrency` requests and the throughput is what the replica
** delivers at that concurrency: by Little's law, concurrency / (mean e2e +
** think_time) requests per second. Benchmark clients run a fixed number
** of prompts and the last ones run at falling concurrency while the
** others have finished; that tail is after the window (below) and is left
** out of the throughput and batch statistics, but not of the latencies of
** the requests in it. Prompt and output lengths are fixed when their cv
** is 0, else gamma with the given mean and cv; rounded to the nearest
** integer and at least 1. A request longer than the KV cache is cut like an
** engine's max_model_len cuts it: the prompt to kv_capacity_tokens - 1,
** then the output to what is left.
**
** Randomness: xoshiro256** seeded through splitmix64; exponential by
** inversion, normal by Box-Muller, gamma by Marsaglia and Tsang (2000),
** with the u^(1/shape) boost for shape < 1. Request i's gap and lengths
** are drawn in order, each before its mean is applied, from two streams
** (gaps; prompt then output lengths): a run at another rate or mean
** length with the same seed and cvs has the same draws. A caller's
** gpuadv_sim_draws keeps them between runs (drawn before a run starts,
** 24 bytes a request); without one a run draws them as it goes.
**
** THE STATISTICS
**
** The first floor(warmup * n_requests) requests by arrival are simulated but
** left out. The others are "measured", at the times their tokens leave
** the engine (a step late with overlap):
**   TTFT  first output token - arrival;
**   TPOT  (completion - first token) / (output tokens - 1), for requests with
**         at least 2 output tokens;
**   e2e   completion - arrival;
**   wait  admission (start of the step that first prefills it) - arrival.
** and over the steps that end in the measured window (below):
**   ITL   inter-token latency, the gap before every output token but a
**         request's first: a decode step's length, counted once for each
**         sequence it gives a token to. A step that also prefills other
**         requests' prompt chunks is longer, so the ITL tail shows what
**         chunked prefill does to the streams already running (the
**         percentiles `vllm bench serve` reports as ITL; TPOT is a
**         request's mean gap).
** Percentiles are exact nearest-rank values of the stored measured values:
** the p-th percentile of m values is the ceil(p * m / 100)-th smallest. The
** values are stored in single precision (4 bytes each, three per request:
** 120 MB at the cap of 10^7 requests), so percentiles carry a relative
** rounding of 6e-8; means are summed in double precision. ITL has up to
** one value per token, so it is counted in a histogram of bins 0.36% to
** 0.71% wide (GPUADV_SIM_ITL_*, 43 KB): its percentiles are the middle of
** the bin that holds the nearest-rank value (within 0.36% of it), its mean
** exact.
**
** The measured window runs from the arrival of the first measured request to
** the arrival of the last request (to the end of the run when those two
** coincide). In a closed loop those arrivals are known only when the
** requests are generated (at a completion, before they arrive), so the
** window's ends are set then; no step before them can reach into it.
** Throughput (output tokens of steps ending in the window),
** requests per second (completions in the window), the mean batch
** (sequences in the running batch, time-weighted, idle time counting 0) and
** the mean queue (requests waiting, time-weighted) are over that window;
** max_queue is the most requests waiting at once in the window (counted
** when a request arrives during a step, so a request admitted on arrival at
** an idle replica does not count as waiting).
** Below saturation, throughput is the arrival rate; above it, capacity.
**
** Saturation: the queue grows without bound when requests arrive faster
** than the replica serves them. The flag is set when the requests in the
** system (waiting or running) grew over the measured window by more than 5%
** of the requests that arrived in it, i.e. when completions fall short of
** arrivals by more than 5%, and by more than a stable replica's
** fluctuation: 3 standard deviations of the difference of two counts of
** requests in the system, each taken as Poisson with the window's mean
** number in the system L (mean batch + mean queue; M/G/infinity), so
** 3 sqrt(2 L + 1). A replica loaded within 5% above its capacity, or within
** that fluctuation of it, may go unflagged. A run whose warm-up is shorter
** than a request's time in the batch measures the batch while it fills:
** its backlog grows although the replica keeps up, and it may be flagged
** while stable (gpuadv_sim_steady_length below sizes a run that is not).
** A closed loop is never flagged: its backlog is at most `concurrency` by
** construction.
**
** STEADY STATE
**
** In an open loop the running batch fills over about one time in the
** batch T (admission to completion) from the start: a run whose warm-up
** arrives faster than that measures a partly filled replica (shorter
** steps, a growing backlog). By Little's law the batch holds rate x T
** sequences in steady state (at most max_running, and at most the
** requests whose prompt + output fit in the KV cache).
** gpuadv_sim_steady_running estimates it from T (a run's e2e_mean -
** mean_wait), and
** gpuadv_sim_steady_length gives a run whose warm-up is
** GPUADV_SIM_STEADY_WARM (1.25) times and whose measured requests are at
** least GPUADV_SIM_STEADY_MEASURED (3) times that many requests: the
** warm-up spans 1.25 T, the measured window 3 T. Without it a run of 300
** requests at 12 requests/s of 2000 + 500 tokens (T = 22 s: DeepSeek-V3
** in FP8 on 8 H200) is flagged while the replica keeps up, and a search
** of the highest rate finds 2.7 requests/s instead of 12. The margins
** (1.25, 3) are choices, checked on the plans: with them, 113 of the 120
** serving rank-1 plans of make bench's 240 varied workloads equal those
** of runs ten times as long (36 without them).
**
** WHAT IT LEAVES OUT
**
** Swapping preempted KV to host memory (vLLM V0's alternative to
** recomputing), SGLang's retraction on an estimate of the outputs to come
** (with ignore_eos, as benchmarks run, it admits a request only when the
** peak of its and the running requests' KV fits, which the whole
** reservation bounds from above), KV block granularity, speculative
** decoding, disaggregated
** prefill and decode, several replicas and their load balancer, network
** and tokenisation time, the CPU overhead of scheduling, priorities and
** output lengths that depend on the prompt. Step times come only from the
** callback: what the hardware does is its business.
**
** COST
**
** Each step is O(1) apart from the requests that start or finish in it: the
** running sequences are not visited; their KV context is a running sum
** updated arithmetically and their completions come from a binary heap
** keyed by the step in which they finish (O(log batch) per request). With
** the step model's line (step_line), a run of decode-only steps between
** two events (arrivals, completions, the window's edges) is summed in
** closed form and skipped over: at light load, where one or two sequences
** decode hundreds of tokens between arrivals, a run calls the step model
** for a few percent of its steps. Work
** is bounded by GPUADV_SIM_MAX_REQUESTS requests and GPUADV_SIM_MAX_STEPS
** steps, memory by the requests stored.
*/
#include "gpuadv_sim.h"

#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
** Random numbers.
*/

typedef struct sim_rng {
  uint64_t s[4];
} sim_rng;

static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/* Seed from a splitmix64 state, which moves on: consecutive calls give
** independent streams. */
static void rng_seed(sim_rng *r, uint64_t *state) {
  int i;
  for (i = 0; i < 4; i++) r->s[i] = splitmix64(state);
}

static inline uint64_t rotl(uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}

/* xoshiro256** (Blackman and Vigna). */
static inline uint64_t rng_next(sim_rng *r) {
  uint64_t *s = r->s;
  uint64_t result = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

/* Uniform in (0, 1]: never 0, so its logarithm is finite. */
static inline double rng_unit(sim_rng *r) {
  return (double)((rng_next(r) >> 11) + 1) * (1.0 / 9007199254740992.0);
}

static double rng_normal(sim_rng *r) {
  double u1 = rng_unit(r), u2 = rng_unit(r);
  return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

/* A distribution of positive values with a mean and a coefficient of
** variation: fixed (cv 0), exponential (cv 1) or gamma. */
typedef struct sim_dist {
  int kind; /* DIST_FIXED, DIST_EXP, DIST_GAMMA */
  double mean;
  double scale;     /* gamma: mean / shape */
  double d, c;      /* Marsaglia-Tsang constants of shape (or shape + 1) */
  double inv_shape; /* boost exponent when shape < 1, else 0 */
} sim_dist;

enum { DIST_FIXED, DIST_EXP, DIST_GAMMA };

static void dist_init(sim_dist *d, double mean, double cv) {
  memset(d, 0, sizeof(*d));
  d->mean = mean;
  if (cv == 0.0) {
    d->kind = DIST_FIXED;
  } else if (cv == 1.0) {
    d->kind = DIST_EXP;
  } else {
    double shape = 1.0 / (cv * cv);
    d->kind = DIST_GAMMA;
    d->scale = mean / shape;
    if (shape < 1.0) {
      d->inv_shape = 1.0 / shape;
      shape += 1.0;
    }
    d->d = shape - 1.0 / 3.0;
    d->c = 1.0 / sqrt(9.0 * d->d);
  }
}

/* A draw of d before its mean is applied (dist_scaled applies it): the
** logarithm of a uniform draw (exponential), a gamma draw of the shape
** (gamma), none (fixed: 0, and r is not used). It depends on the kind
** and the cv alone, so that runs at other means share it (see
** gpuadv_sim_draws). */
static double dist_draw(const sim_dist *d, sim_rng *r) {
  double x, v, u;
  switch (d->kind) {
    case DIST_FIXED:
      return 0.0;
    case DIST_EXP:
      return log(rng_unit(r));
    default:
      for (;;) {
        x = rng_normal(r);
        v = 1.0 + d->c * x;
        if (v <= 0.0) continue;
        v = v * v * v;
        u = rng_unit(r);
        if (u < 1.0 - 0.0331 * (x * x) * (x * x)) break;
        if (log(u) < 0.5 * x * x + d->d * (1.0 - v + log(v))) break;
      }
      x = d->d * v;
      if (d->inv_shape > 0.0) x *= pow(rng_unit(r), d->inv_shape);
      return x;
  }
}

/* The value of a draw of d. */
static double dist_scaled(const sim_dist *d, double draw) {
  switch (d->kind) {
    case DIST_FIXED:
      return d->mean;
    case DIST_EXP:
      return -d->mean * draw;
    default:
      return draw * d->scale;
  }
}

/* A token count from a draw of d: nearest integer, in [1, max]. */
static int64_t dist_tokens(const sim_dist *d, double draw, int64_t max) {
  double x = floor(dist_scaled(d, draw) + 0.5);
  if (!(x >= 1.0)) return 1;
  if (x >= (double)max) return max;
  return (int64_t)x;
}

/* ------------------------------------------------------------------------
** The linear step model and the configuration.
*/

double gpuadv_sim_linear_step(const void *arg, const gpuadv_step_load *load) {
  const gpuadv_sim_linear *m = (const gpuadv_sim_linear *)arg;
  return m->fixed_s + m->per_seq_s * load->decode_seqs +
         m->per_ctx_token_s * load->decode_context +
         m->per_prefill_token_s * load->prefill_tokens +
         m->per_pair_s * load->prefill_pairs;
}

void gpuadv_sim_linear_line(const void *arg, double decode_seqs,
                            gpuadv_step_line *out) {
  const gpuadv_sim_linear *m = (const gpuadv_sim_linear *)arg;
  out->fixed_s = m->fixed_s + m->per_seq_s * decode_seqs;
  out->read_s = 0.0;
  out->read_per_ctx_s = m->per_ctx_token_s;
  out->attn_per_ctx_s = 0.0;
}

void gpuadv_sim_config_init(gpuadv_sim_config *cfg) {
  memset(cfg, 0, sizeof(*cfg));
  cfg->arrival = GPUADV_SIM_POISSON;
  cfg->arrival_cv = 1.0;
  cfg->prompt_mean = 1000;
  cfg->output_mean = 300;
  cfg->n_requests = 10000;
  cfg->warmup = 0.1;
  cfg->seed = 1;
  cfg->max_running = 1024;
  cfg->kv_capacity = 1000000;
  cfg->token_budget = 8192;
  cfg->prefill_groups = 1;
}

/* A setting's allowed range [lo, hi] and the message when it is outside
** (NaN is outside every range). An open bound is the nearest double
** inside it: > 0 is >= DBL_TRUE_MIN, < 1 is <= BELOW_ONE. */
typedef struct sim_range {
  double got, lo, hi;
  const char *msg;
} sim_range;

/* The largest double below 1 (1 - 2^-53). */
#define BELOW_ONE (1.0 - DBL_EPSILON / 2.0)

/* The first of the n ranges that r[i].got is outside, or NULL. */
static const sim_range *first_outside(const sim_range *r, int n) {
  int i;
  for (i = 0; i < n; i++) {
    if (!(r[i].got >= r[i].lo && r[i].got <= r[i].hi)) return &r[i];
  }
  return 0;
}

#define N_RANGES(a) ((int)(sizeof(a) / sizeof((a)[0])))

int gpuadv_sim_check(const gpuadv_sim_config *c, char *err, int err_size) {
  const char *msg = 0;
  double got = 0;
  char buf[160];
  int open = c->concurrency == 0;
  const sim_range ranges[] = {
      {(double)c->concurrency, 0.0, (double)GPUADV_SIM_MAX_CONCURRENCY,
       "concurrency must be in [1, 1000000] (0: an open loop at rate)"},
      {c->think_time, 0.0, GPUADV_SIM_MAX_THINK,
       "think_time_s must be in [0, 1000000]"},
      {(double)c->n_requests, 1.0, INFINITY, "n_requests must be >= 1"},
      {(double)c->n_requests, -INFINITY, (double)GPUADV_SIM_MAX_REQUESTS,
       "n_requests must be <= 10000000 (the cap on simulated requests)"},
      {c->arrival_cv, 0.0, GPUADV_SIM_MAX_CV, "arrival_cv must be in [0, 10]"},
      {c->prompt_mean, 1.0, GPUADV_SIM_MAX_TOKENS,
       "prompt_tokens must be in [1, 10000000]"},
      {c->prompt_cv, 0.0, GPUADV_SIM_MAX_CV, "prompt_cv must be in [0, 10]"},
      {c->output_mean, 1.0, GPUADV_SIM_MAX_TOKENS,
       "output_tokens must be in [1, 10000000]"},
      {c->output_cv, 0.0, GPUADV_SIM_MAX_CV, "output_cv must be in [0, 10]"},
      {c->prefix_hit, 0.0, 1.0, "prefix_hit must be in [0, 1]"},
      {c->warmup, 0.0, BELOW_ONE, "warmup must be in [0, 1)"},
      {(double)c->max_running, 1.0, (double)GPUADV_SIM_MAX_RUNNING,
       "max_running must be in [1, 1000000]"},
      {(double)c->kv_capacity, 2.0, GPUADV_SIM_MAX_KV,
       "kv_capacity_tokens must be in [2, 1000000000000]"},
      {(double)c->token_budget, 1.0, (double)GPUADV_SIM_MAX_BUDGET,
       "token_budget must be in [1, 100000000]"},
      {(double)c->prefill_groups, 1.0, (double)GPUADV_SIM_MAX_GROUPS,
       "prefill_groups must be in [1, 1024]"},
      {(double)c->overlap, 0.0, 1.0, "overlap must be 0 or 1"},
      {(double)c->preempt, 0.0, 1.0, "preempt must be 0 or 1"},
      {(double)c->batch_wait_steps, 0.0, 1e6,
       "batch_wait_iters must be in [0, 1000000]"},
      {c->batch_wait_ratio, 0.0, 1.0,
       "batch_wait_tokens_ratio must be in [0, 1]"},
      {(double)c->decode_block, 0.0, 1000.0,
       "continuous_decode_steps must be in [0, 1000]"},
      {c->stop_ttft_mean_s, 0.0, 1e300, "stop_ttft_mean_s must be >= 0"},
      {c->stop_ttft_p95_s, 0.0, 1e300, "stop_ttft_p95_s must be >= 0"},
  };
  /* An open loop's rate: > 0 first, for the plainer message. Time is kept
  ** in seconds as a double: a run of 10^7 requests at the lowest rate
  ** spans 10^10 s, where a double still resolves 2 us. (A closed loop has
  ** no rate: its arrivals follow completions.) */
  const sim_range rates[] = {
      {c->rate, DBL_TRUE_MIN, INFINITY, "rate must be > 0"},
      {c->rate, GPUADV_SIM_MIN_RATE, INFINITY,
       "rate must be >= 0.001 (one request per 1000 s)"},
      {c->rate, -INFINITY, GPUADV_SIM_MAX_RATE, "rate must be <= 1000000000"},
  };
  const sim_range *bad = first_outside(ranges, N_RANGES(ranges));
  if (!bad && open) bad = first_outside(rates, N_RANGES(rates));
  if (bad) {
    msg = bad->msg;
    got = bad->got;
  } else if (open && c->think_time != 0.0) {
    msg = "think_time_s needs a closed loop (concurrency)";
    got = c->think_time;
  } else if (!open && c->arrival != GPUADV_SIM_POISSON) {
    msg = "arrival 'gamma' needs an open loop (rate), not concurrency";
    got = c->arrival;
  } else if (c->arrival != GPUADV_SIM_POISSON &&
             c->arrival != GPUADV_SIM_GAMMA) {
    msg = "arrival must be poisson or gamma";
    got = c->arrival;
  } else if (c->arrival == GPUADV_SIM_POISSON && c->arrival_cv != 1.0) {
    msg = "arrival_cv needs arrival 'gamma' (poisson has cv 1)";
    got = c->arrival_cv;
  } else if (c->token_budget * c->prefill_groups < c->max_running) {
    /* As vLLM requires: every running sequence's decode token must fit. */
    if (c->prefill_groups == 1) {
      snprintf(buf, sizeof(buf), "token_budget must be >= max_running (%lld)",
               (long long)c->max_running);
    } else {
      snprintf(buf, sizeof(buf),
               "token_budget x %lld prefill groups must be >= max_running "
               "(%lld)",
               (long long)c->prefill_groups, (long long)c->max_running);
    }
    msg = buf;
    got = (double)c->token_budget;
  } else if (c->prompt_cv == 0.0 && c->output_cv == 0.0 &&
             (double)c->kv_capacity <
                 floor(c->prompt_mean + 0.5) + floor(c->output_mean + 0.5)) {
    snprintf(buf, sizeof(buf),
             "kv_capacity_tokens must hold one request's prompt + output "
             "tokens (%.15g)",
             floor(c->prompt_mean + 0.5) + floor(c->output_mean + 0.5));
    msg = buf;
    got = (double)c->kv_capacity;
  } else if (!c->step_time) {
    msg = "no step-time model";
    got = 0;
  }
  if (!msg) {
    if (err_size > 0) err[0] = 0;
    return 0;
  }
  if (err_size > 0) snprintf(err, (size_t)err_size, "%s, got %.15g", msg, got);
  return -1;
}

/* ------------------------------------------------------------------------
** The simulation state.
*/

/* A request waiting in the queue. */
typedef struct sim_req {
  double arrival;
  int64_t id; /* arrival order, 0-based */
  int64_t prompt;
  int64_t output;
} sim_req;

/* A FIFO of requests: a ring of cap (a power of 2, or 0) entries. */
typedef struct sim_ring {
  sim_req *a;
  int64_t head, len, cap;
} sim_ring;

/* A request being prefilled or finishing its prefill in this step. */
typedef struct sim_pre {
  sim_req r;
  int64_t done;      /* prompt tokens in KV (cached or computed) */
  int64_t out_total; /* the request's output tokens (r.output: those left) */
  int64_t order;     /* admissions before its last one */
  int back;          /* 0: never preempted; preempted before its first
                     ** token (1) or after (2), r then what is left */
} sim_pre;

/* A prefill group: its request part-way through its prefill, if any, and
** in the current step its token budget left and the prompt tokens it
** computes, with their query-key pairs. */
typedef struct sim_group {
  int has_partial;
  sim_pre partial;
  int64_t budget;
  double tokens, pairs;
} sim_group;

/* A decoding sequence, in a slot of sim.runs while it decodes. */
typedef struct sim_run {
  int64_t id;
  double arrival;
  double first; /* time of the first output token */
  int64_t kv;   /* prompt + output: reserved KV and final context */
  int64_t output;
} sim_run;

/* preempt: a decoding sequence's admission (sim_pre.order) and its
** neighbours in the list of decoding slots in the order they started
** (-1: none), kept beside its sim_run. */
typedef struct sim_link {
  int64_t order, prev, next;
} sim_link;

/* A first token not yet handed out: its request, and the slot of its
** sequence (-1: a request of one output token, complete with it). */
typedef struct sim_first {
  int64_t id;
  double arrival;
  int64_t slot;
} sim_first;

/* Its entry in the heap: the step that finishes it and its slot (16
** bytes: the heap moves these, not the runs). */
typedef struct sim_due {
  int64_t finish_step;
  int64_t slot;
} sim_due;

typedef struct sim {
  const gpuadv_sim_config *cfg;
  sim_dist gap, prompt, output;
  /* request i's draws of gap, prompt and output: draw[3 i .. 3 i + 2] of
  ** the caller's kept draws, or (draw 0) drawn as the run goes from the
  ** two streams */
  const double *draw;
  sim_rng rng_gap, rng_len;
  int64_t n, n_warm, m; /* requests, warm-up ones, measured ones */

  /* Arrivals. Open loop: the next one is generated when the previous one
  ** arrives. Closed loop: one is generated at each completion (while
  ** requests are left), arriving think_time later; the earliest is `next`,
  ** the others wait in `pend`, in arrival order (completions come in time
  ** order and the think time is fixed). */
  int closed;
  int64_t n_gen; /* requests generated */
  sim_req next;  /* the next arrival, when has_next */
  int has_next;
  double last_arrival;
  sim_ring pend;

  /* FIFO queue of requests that have arrived and wait for admission, and
  ** the prompt tokens they and the partial prefills have left to compute
  ** (batch waiting); steps in a row that left the prompts out. */
  sim_ring queue;
  double prompt_left;
  int64_t waited;
  int64_t block_left; /* decode steps left in the current decode block */
  /* preempt: requests preempted and waiting in front of the queue, the
  ** next to admit last */
  sim_pre *back;
  int64_t n_back, cap_back;

  /* The prefill groups (cfg->prefill_groups), each with at most one
  ** request part-way through its prefill; n_partial of them have one. */
  sim_group *grp;
  int64_t n_partial;
  /* Requests finishing their prefill in the current step. */
  sim_pre *fin;
  int64_t n_fin, cap_fin;

  /* Decoding sequences: a binary min-heap on finish_step of their slots
  ** in runs; the slots of finished ones are reused (free_slot: n_free of
  ** them). The slots in use and free are 0 .. n_heap + n_free - 1, so
  ** with none free the next is n_heap. Each array holds cap_heap. */
  sim_due *heap;
  sim_run *runs;
  int64_t *free_slot;
  int64_t *pos;   /* preempt: each slot's index in the heap, else NULL */
  sim_link *link; /* preempt: each slot's list entry, else NULL */
  int64_t n_heap, cap_heap, n_free;
  double decode_context; /* sum of their KV contexts this step */
  int64_t kv_used;       /* KV tokens reserved (prompt + output of each
                         ** request admitted and not finished) */
  int64_t prefill_kv;    /* prompt tokens of those not decoding yet */
  int64_t completed;     /* requests handed out whole */
  int64_t admissions, preemptions;
  /* preempt: the newest slot of the decoding sequences' list (sim_link;
  ** -1: empty), and the time each measured request's first token was
  ** handed out */
  int64_t newest;
  double *first_at;

  /* A step's outputs, held until they are handed out (at its own end, or
  ** with cfg->overlap at the next step's): first tokens, then completed
  ** requests, in the order the step made them. */
  sim_first *held_first;
  int64_t n_held_first, cap_held_first;
  sim_run *held_done;
  int64_t n_held_done, cap_held_done;

  /* Window [t0, t1] of the time-weighted statistics. */
  double t0, t1;
  double q_area, batch_area, last_q_time;
  double window_tokens;
  int64_t window_done;
  int64_t max_queue;

  /* Measured requests, indexed by id - n_warm. */
  float *ttft, *tpot, *e2e;
  int64_t n_tpot;
  double sum_ttft, sum_tpot, sum_e2e, sum_wait;
  /* measured TTFTs above cfg->stop_ttft_p95_s so far, and how many make
  ** the p95 certain to be above it */
  int64_t n_over, over_max;

  /* Inter-token gaps of the steps ending in the window: a histogram
  ** (GPUADV_SIM_ITL_BINS counts, of which only bins itl_lo to itl_hi are
  ** set: a run's gaps span a few octaves of the 39, and the rest is
  ** neither cleared nor scanned), their count and sum. */
  double *itl;
  int itl_lo, itl_hi; /* itl_lo > itl_hi: none set */
  double itl_n, itl_sum;
} sim;

/* Grow *p (of *cap elements of size elem) to hold at least need. */
static int grow(void **p, int64_t *cap, size_t elem, int64_t need) {
  int64_t n = *cap ? *cap : 16;
  void *np;
  if (need <= *cap) return 0;
  while (n < need) n *= 2;
  np = realloc(*p, (size_t)n * elem);
  if (!np) return -1;
  *p = np;
  *cap = n;
  return 0;
}

/* ------------------------------------------------------------------------
** The draws (gpuadv_sim_draws in gpuadv_sim.h).
*/

void gpuadv_sim_draws_clear(gpuadv_sim_draws *d) {
  free(d->v);
  memset(d, 0, sizeof(*d));
}

/* The cv of c's gaps: Poisson's is 1. */
static double gap_cv(const gpuadv_sim_config *c) {
  return c->arrival == GPUADV_SIM_POISSON ? 1.0 : c->arrival_cv;
}

/* The gap and length streams of a seed. */
static void seed_streams(uint64_t seed, sim_rng *gap, sim_rng *len) {
  uint64_t state = seed;
  rng_seed(gap, &state);
  rng_seed(len, &state);
}

int gpuadv_sim_draws_match(const gpuadv_sim_draws *d,
                           const gpuadv_sim_config *c) {
  return d->n > 0 && d->seed == c->seed && d->gap_cv == gap_cv(c) &&
         d->prompt_cv == c->prompt_cv && d->output_cv == c->output_cv;
}

/* Start d over for c: none drawn, the streams seeded from c's seed. */
static void draws_reset(gpuadv_sim_draws *d, const gpuadv_sim_config *c) {
  sim_rng gap, len;
  d->n = 0;
  d->seed = c->seed;
  d->gap_cv = gap_cv(c);
  d->prompt_cv = c->prompt_cv;
  d->output_cv = c->output_cv;
  seed_streams(c->seed, &gap, &len);
  memcpy(d->gap_state, gap.s, sizeof(gap.s));
  memcpy(d->len_state, len.s, sizeof(len.s));
}

/* Draw d's requests up to n: request i's gap from the gap stream, its
** prompt and then its output from the length stream, as a run without
** kept draws draws them (gap_draw, len_draws). -1: no memory. */
static int draws_extend(gpuadv_sim_draws *d, const sim *S, int64_t n) {
  sim_rng gap, len;
  int64_t i;
  if (n <= d->n) return 0;
  if (grow((void **)&d->v, &d->cap, 3 * sizeof(double), n) != 0) return -1;
  memcpy(gap.s, d->gap_state, sizeof(gap.s));
  memcpy(len.s, d->len_state, sizeof(len.s));
  for (i = d->n; i < n; i++) {
    d->v[3 * i] = dist_draw(&S->gap, &gap);
    d->v[3 * i + 1] = dist_draw(&S->prompt, &len);
    d->v[3 * i + 2] = dist_draw(&S->output, &len);
  }
  memcpy(d->gap_state, gap.s, sizeof(gap.s));
  memcpy(d->len_state, len.s, sizeof(len.s));
  d->n = n;
  return 0;
}

/* Request i's gap draw: kept, or the next of stream r. */
static double gap_draw(const sim *S, sim_rng *r, int64_t i) {
  return S->draw ? S->draw[3 * i] : dist_draw(&S->gap, r);
}

/* Request i's prompt and output draws: kept, or the next two of the
** length stream. */
static void len_draws(sim *S, int64_t i, double *prompt, double *output) {
  if (S->draw) {
    *prompt = S->draw[3 * i + 1];
    *output = S->draw[3 * i + 2];
  } else {
    *prompt = dist_draw(&S->prompt, &S->rng_len);
    *output = dist_draw(&S->output, &S->rng_len);
  }
}

/* Make request number n_gen, arriving at `arrival`, with the next lengths.
** In a closed loop, the window's ends are the arrivals of requests n_warm
** and n - 1, known from here on. */
static void make_req(sim *S, sim_req *r, double arrival) {
  const gpuadv_sim_config *c = S->cfg;
  double prompt, output;
  assert(S->n_gen < S->n);
  len_draws(S, S->n_gen, &prompt, &output);
  r->arrival = arrival;
  r->id = S->n_gen++;
  r->prompt = dist_tokens(&S->prompt, prompt, c->kv_capacity - 1);
  r->output = dist_tokens(&S->output, output, c->kv_capacity - r->prompt);
  if (S->closed) {
    if (r->id == S->n_warm) S->t0 = arrival;
    /* All measured requests arrive at once: the window runs to the end. */
    if (r->id == S->n - 1) S->t1 = arrival > S->t0 ? arrival : INFINITY;
  }
}

/* Open loop: the next arrival, one gap after the last. */
static void gen_next(sim *S) {
  make_req(S, &S->next,
           S->last_arrival +
               dist_scaled(&S->gap, gap_draw(S, &S->rng_gap, S->n_gen)));
  S->last_arrival = S->next.arrival;
}

/* Open loop: the window's ends, from a first pass over the arrival times:
** the statistics of a step must know them when the step ends, which can be
** before the requests that fix them are generated. */
static void find_window(sim *S) {
  sim_rng r = S->rng_gap;
  double t = 0.0;
  int64_t i;
  for (i = 0; i < S->n; i++) {
    t += dist_scaled(&S->gap, gap_draw(S, &r, i));
    if (i == S->n_warm) S->t0 = t;
  }
  /* All measured requests arrive at once: the window runs to the end. */
  S->t1 = t > S->t0 ? t : INFINITY;
}

/* Add value * (the part of [a, b] inside the window) to *area. */
static inline void window_add(const sim *S, double *area, double value,
                              double a, double b) {
  double lo = a > S->t0 ? a : S->t0;
  double hi = b < S->t1 ? b : S->t1;
  if (hi > lo) *area += value * (hi - lo);
}

/* Requests waiting for admission: the queue and those preempted. */
static inline int64_t waiting(const sim *S) {
  return S->queue.len + S->n_back;
}

/* The number waiting changes at time t. */
static inline void queue_mark(sim *S, double t) {
  window_add(S, &S->q_area, (double)waiting(S), S->last_q_time, t);
  S->last_q_time = t;
}

/* Append r to the ring; -1 when out of memory. */
static int ring_push(sim_ring *g, const sim_req *r) {
  if (g->len == g->cap) {
    /* Double the ring and unwrap it. */
    int64_t old = g->cap, i, cap = old ? old * 2 : 1024;
    sim_req *na = malloc((size_t)cap * sizeof(sim_req));
    if (!na) return -1;
    for (i = 0; i < g->len; i++) na[i] = g->a[(g->head + i) & (old - 1)];
    free(g->a);
    g->a = na;
    g->head = 0;
    g->cap = cap;
  }
  g->a[(g->head + g->len) & (g->cap - 1)] = *r;
  g->len++;
  return 0;
}

static inline const sim_req *ring_front(const sim_ring *g) {
  assert(g->len > 0);
  return &g->a[g->head];
}

static inline void ring_pop(sim_ring *g) {
  assert(g->len > 0);
  g->head = (g->head + 1) & (g->cap - 1);
  g->len--;
}

/* The prompt tokens of a request found in the prefix cache: a share
** prefix_hit, rounded down, at most all but the last. */
static int64_t prompt_cached(const gpuadv_sim_config *c, int64_t prompt) {
  int64_t n = (int64_t)floor(c->prefix_hit * (double)prompt);
  return n > prompt - 1 ? prompt - 1 : n;
}

static int enqueue(sim *S, const sim_req *r) {
  queue_mark(S, r->arrival);
  S->prompt_left += (double)(r->prompt - prompt_cached(S->cfg, r->prompt));
  return ring_push(&S->queue, r);
}

/* Batch waiting: whether this step, with d_seqs decoding, leaves the
** prompts out. As TensorRT-LLM's executor decides (_waiting_requests):
** it stops waiting, and counts again from 0, once the step's tokens
** (decodes and the prompt tokens it could take) reach batch_wait_ratio x
** token_budget or it has waited batch_wait_steps steps. The prompt tokens
** are those left to compute, up to the budget the decodes leave, whatever
** the KV cache or max_running would admit; a replica with nothing
** decoding does not wait. */
static int wait_for_prompts(sim *S, int64_t d_seqs) {
  const gpuadv_sim_config *c = S->cfg;
  double budget = (double)c->token_budget * (double)c->prefill_groups;
  double tokens = budget - (double)d_seqs;
  if (c->batch_wait_steps == 0 && c->batch_wait_ratio == 0.0) return 0;
  if (d_seqs == 0 || S->prompt_left <= 0.0) return 0;
  if (S->prompt_left < tokens) tokens = S->prompt_left;
  tokens += (double)d_seqs;
  if (S->waited >= c->batch_wait_steps ||
      tokens >= c->batch_wait_ratio * budget) {
    S->waited = 0;
    return 0;
  }
  S->waited++;
  return 1;
}

/* Decode blocks: whether this step, with d_seqs decoding, is one of a
** decode block's (cfg->decode_block) and so leaves the prompts out. A
** block ends early when nothing is left to decode. */
static int in_decode_block(sim *S, int64_t d_seqs) {
  if (d_seqs == 0) S->block_left = 0;
  if (S->block_left == 0) return 0;
  S->block_left--;
  return 1;
}

/* Decode blocks after a quiet run of k decode steps: each consumes a step
** of the block, and one past its end starts the next, with decode_block
** - 1 steps left after it. */
static void decode_block_skip(sim *S, int64_t k) {
  int64_t n = S->cfg->decode_block, r;
  if (n <= 1) return;
  if (k <= S->block_left) {
    S->block_left -= k;
    return;
  }
  r = k - S->block_left;
  S->block_left = n - 1 - (r - 1) % n;
}

/* Closed loop: a request arrives at time `arrival` (a client's first, or
** its next after a completion), while requests are left to send. */
static int client_sends(sim *S, double arrival) {
  sim_req r;
  assert(S->closed);
  if (S->n_gen >= S->n) return 0;
  make_req(S, &r, arrival);
  if (!S->has_next) {
    S->next = r;
    S->has_next = 1;
    return 0;
  }
  assert(r.arrival >= S->next.arrival);
  return ring_push(&S->pend, &r);
}

/* Room for need decoding sequences: the heap, the runs and the free
** slots. -1 when out of memory. */
static int grow_runs(sim *S, int64_t need) {
  int64_t cap = S->cap_heap;
  void *p;
  if (need <= cap) return 0;
  if (grow((void **)&S->heap, &cap, sizeof(sim_due), need)) return -1;
  p = realloc(S->runs, (size_t)cap * sizeof(sim_run));
  if (!p) return -1;
  S->runs = p;
  p = realloc(S->free_slot, (size_t)cap * sizeof(int64_t));
  if (!p) return -1;
  S->free_slot = p;
  if (S->cfg->preempt) {
    p = realloc(S->pos, (size_t)cap * sizeof(int64_t));
    if (!p) return -1;
    S->pos = p;
    p = realloc(S->link, (size_t)cap * sizeof(sim_link));
    if (!p) return -1;
    S->link = p;
  }
  S->cap_heap = cap;
  return 0;
}

/* A slot for a sequence that starts decoding (room made by grow_runs). */
static int64_t take_slot(sim *S) {
  int64_t slot = S->n_free > 0 ? S->free_slot[--S->n_free] : S->n_heap;
  assert(slot < S->cap_heap);
  return slot;
}

/* Put e at heap index i (keeping its slot's index where a run preempts:
** only preempt_run takes out other than the first). */
static inline void heap_set(sim *S, int64_t i, sim_due e) {
  S->heap[i] = e;
  if (S->pos) S->pos[e.slot] = i;
}

/* Move e up from index i to its place. */
static inline void heap_up(sim *S, int64_t i, sim_due e) {
  while (i > 0) {
    int64_t p = (i - 1) / 2;
    if (S->heap[p].finish_step <= e.finish_step) break;
    heap_set(S, i, S->heap[p]);
    i = p;
  }
  heap_set(S, i, e);
}

/* Move e down from index i to its place in a heap of n entries. */
static inline void heap_down(sim *S, int64_t i, sim_due e, int64_t n) {
  for (;;) {
    int64_t l = 2 * i + 1, k = l;
    if (l >= n) break;
    if (l + 1 < n && S->heap[l + 1].finish_step < S->heap[l].finish_step)
      k = l + 1;
    if (S->heap[k].finish_step >= e.finish_step) break;
    heap_set(S, i, S->heap[k]);
    i = k;
  }
  heap_set(S, i, e);
}

static void heap_push(sim *S, int64_t finish_step, int64_t slot) {
  sim_due e;
  assert(S->n_heap < S->cap_heap);
  e.finish_step = finish_step;
  e.slot = slot;
  heap_up(S, S->n_heap++, e);
}

/* Remove the heap's entry at index i; its slot is free again. */
static inline void heap_remove(sim *S, int64_t i) {
  sim_due last;
  int64_t n;
  assert(i >= 0 && i < S->n_heap);
  S->free_slot[S->n_free++] = S->heap[i].slot;
  n = --S->n_heap;
  if (i == n) return;
  last = S->heap[n];
  if (i > 0 && S->heap[(i - 1) / 2].finish_step > last.finish_step) {
    heap_up(S, i, last);
  } else {
    heap_down(S, i, last, n);
  }
}

/* Remove the heap's first entry. */
static inline void heap_pop(sim *S) {
  heap_remove(S, 0);
}

/* preempt: slot, admitted as number `order`, starts decoding, the
** newest of the list. */
static void list_add(sim *S, int64_t slot, int64_t order) {
  sim_link *x = &S->link[slot];
  x->order = order;
  x->prev = S->newest;
  x->next = -1;
  if (S->newest >= 0) S->link[S->newest].next = slot;
  S->newest = slot;
}

/* preempt: slot leaves the list (completed or preempted). */
static void list_remove(sim *S, int64_t slot) {
  const sim_link *x = &S->link[slot];
  if (x->prev >= 0) S->link[x->prev].next = x->next;
  if (x->next >= 0) {
    S->link[x->next].prev = x->prev;
  } else {
    S->newest = x->prev;
  }
}

/* A request's last token is handed out at time t (its KV was freed when
** the step that made it ended); in a closed loop its client sends the
** next one. -1 when out of memory. */
static int complete(sim *S, const sim_run *x, double t) {
  S->completed++;
  if (t > S->t0 && t <= S->t1) S->window_done++;
  if (x->id >= S->n_warm) {
    int64_t j = x->id - S->n_warm;
    S->e2e[j] = (float)(t - x->arrival);
    S->sum_e2e += t - x->arrival;
    if (x->output >= 2) {
      double tpot = (t - x->first) / (double)(x->output - 1);
      S->tpot[S->n_tpot++] = (float)tpot;
      S->sum_tpot += tpot;
    }
  }
  return S->closed ? client_sends(S, t + S->cfg->think_time) : 0;
}

/* Hold request x, whose last token the step ending now made: its KV is
** free at once, the token leaves with the step's others (hand_out).
** Nonzero when out of memory. */
static int hold_done(sim *S, const sim_run *x) {
  S->kv_used -= x->kv;
  assert(S->kv_used >= 0);
  if (grow((void **)&S->held_done, &S->cap_held_done, sizeof(sim_run),
           S->n_held_done + 1)) {
    return 1;
  }
  S->held_done[S->n_held_done++] = *x;
  return 0;
}

/* Hold the first token of request r (slot: its sequence, or -1). */
static int hold_first(sim *S, const sim_req *r, int64_t slot) {
  sim_first *f;
  if (grow((void **)&S->held_first, &S->cap_held_first, sizeof(sim_first),
           S->n_held_first + 1)) {
    return 1;
  }
  f = &S->held_first[S->n_held_first++];
  f->id = r->id;
  f->arrival = r->arrival;
  f->slot = slot;
  return 0;
}

/* A request is admitted at time t: its wait ends. */
static void admitted(sim *S, const sim_req *r, double t) {
  if (r->id >= S->n_warm) {
    S->sum_wait += t - r->arrival;
  }
}

/* Give request p a prefill chunk of at most the budget group g has left. */
static inline void prefill_chunk(sim *S, sim_pre *p, sim_group *g,
                                 gpuadv_step_load *load) {
  int64_t chunk = p->r.prompt - p->done;
  double pairs;
  if (chunk > g->budget) chunk = g->budget;
  assert(chunk > 0);
  pairs = (double)chunk * ((double)p->done + (double)(chunk + 1) * 0.5);
  load->prefill_tokens += (double)chunk;
  load->prefill_pairs += pairs;
  g->tokens += (double)chunk;
  g->pairs += pairs;
  p->done += chunk;
  g->budget -= chunk;
  S->prompt_left -= (double)chunk;
}

/* The decode tokens each prefill group counts against its budget: d_seqs
** spread evenly over the groups, rounded up. */
static inline int64_t decode_share(const gpuadv_sim_config *c, int64_t d_seqs) {
  return (d_seqs + c->prefill_groups - 1) / c->prefill_groups;
}

/* The group that admits the next request: the one with the most budget
** left (the first of those); NULL when none has any. */
static sim_group *admitting_group(const sim *S) {
  sim_group *best = 0;
  int64_t g;
  for (g = 0; g < S->cfg->prefill_groups; g++) {
    sim_group *x = &S->grp[g];
    if (x->budget > 0 && (!best || x->budget > best->budget)) best = x;
  }
  return best;
}

/* Add p to the requests that finish their prefill in the current step;
** nonzero when out of memory. */
static int fin_push(sim *S, const sim_pre *p) {
  if (grow((void **)&S->fin, &S->cap_fin, sizeof(sim_pre), S->n_fin + 1)) {
    return 1;
  }
  S->fin[S->n_fin++] = *p;
  return 0;
}

/* ------------------------------------------------------------------------
** Quiet runs of steps.
**
** Between two events (an arrival, a completion, an edge of the window) a
** replica with no prompt to prefill and no request it can admit only
** decodes: each step's load is the last one's with d more context tokens.
** With the step model's line (cfg->step_line), those steps are summed in
** closed form and skipped over, which gives the statistics the steps one
** at a time would give (up to the rounding of the sums).
*/

/* Of steps j = 0 .. k-1 of d sequences at context c + j d, the first
** whose attention outlasts its reads (k: none). Each step before it lasts
** fixed + read + read_per_ctx (c + j d), each from it on fixed +
** attn_per_ctx (c + j d). */
static int64_t line_split(const gpuadv_step_line *L, double c, double d,
                          int64_t k) {
  double slope = L->attn_per_ctx_s - L->read_per_ctx_s;
  assert(k >= 0 && d > 0.0);
  if (slope > 0.0) {
    /* attention is the longer where (attn - read per token) C > read_s */
    double j = floor((L->read_s / slope - c) / d) + 1.0;
    if (j < 0.0) j = 0.0;
    if (j < (double)k) return (int64_t)j;
  }
  return k;
}

/* Steps j = j0 .. j1-1 of a quiet run, each lasting fixed_s + base +
** per_ctx x its context. */
typedef struct line_piece {
  double base;    /* the sequences' state read, or 0 */
  double per_ctx; /* seconds per context token: reading it, or attending */
  int64_t j0, j1;
} line_piece;

/* Steps j = 0 .. k-1 of d sequences at context c + j d as two pieces, the
** steps before line_split (reads) and those from it (attention); either
** may be empty. */
static void line_pieces(const gpuadv_step_line *L, double c, double d,
                        int64_t k, line_piece p[2]) {
  int64_t split = line_split(L, c, d, k);
  p[0].base = L->read_s;
  p[0].per_ctx = L->read_per_ctx_s;
  p[0].j0 = 0;
  p[0].j1 = split;
  p[1].base = 0.0;
  p[1].per_ctx = L->attn_per_ctx_s;
  p[1].j0 = split;
  p[1].j1 = k;
}

/* Context tokens of a piece's steps, summed: d sequences at c + j d. */
static double piece_ctx(const line_piece *p, double c, double d) {
  double n = (double)(p->j1 - p->j0);
  return n * c + d * ((double)p->j0 + (double)p->j1 - 1.0) * n * 0.5;
}

/* Seconds of steps j = 0 .. k-1 of d sequences at context c + j d. */
static double line_span(const gpuadv_step_line *L, double c, double d,
                        int64_t k) {
  line_piece p[2];
  double span = (double)k * L->fixed_s;
  int i;
  line_pieces(L, c, d, k, p);
  for (i = 0; i < 2; i++) {
    if (p[i].j1 > p[i].j0) {
      span += (double)(p[i].j1 - p[i].j0) * p[i].base +
              p[i].per_ctx * piece_ctx(&p[i], c, d);
    }
  }
  return span;
}

/* Narrows [*lo, *hi], where lo steps end by limit and hi do not, without
** changing the answer of the search between them (the most steps that end
** by limit): steps only lengthen, so k steps take at least k times the
** first one (limit / first + 1 of them end after limit) and, below hi, at
** most k times step hi - 1. Each bound is checked before it is taken.
** span_hi is the span of *hi steps, which the caller has. */
static void narrow_steps(const gpuadv_step_line *L, double c, double d,
                         double limit, double span_hi, int64_t *lo,
                         int64_t *hi) {
  double first = line_span(L, c, d, 1), last, k;
  assert(*hi - *lo >= 1);
  if (first > 0.0) {
    k = floor(limit / first) + 1.0;
    if (k < (double)*hi && k > (double)*lo) {
      double span_k = line_span(L, c, d, (int64_t)k);
      if (!(span_k <= limit)) {
        *hi = (int64_t)k;
        span_hi = span_k;
      }
    }
  }
  if (*hi - *lo < 3) return;
  last = span_hi - line_span(L, c, d, *hi - 1);
  if (last > 0.0) {
    k = floor(limit / last);
    if (k > (double)*lo && k < (double)*hi &&
        line_span(L, c, d, (int64_t)k) <= limit) {
      *lo = (int64_t)k;
    }
  }
}

/* The next request to admit: the last one preempted, else the queue's
** head (waiting(S) > 0). */
static void head(const sim *S, sim_pre *p) {
  assert(waiting(S) > 0);
  if (S->n_back > 0) {
    *p = S->back[S->n_back - 1];
    return;
  }
  p->r = *ring_front(&S->queue);
  p->done = 0;
  p->out_total = p->r.output;
  p->order = 0;
  p->back = 0;
}

/* The request head() gives (waiting(S) > 0). */
static inline const sim_req *head_req(const sim *S) {
  return S->n_back > 0 ? &S->back[S->n_back - 1].r : ring_front(&S->queue);
}

/* Take the head off (head() gave it). */
static void take_head(sim *S) {
  if (S->n_back > 0) {
    S->n_back--;
  } else {
    ring_pop(&S->queue);
  }
}

/* preempt: KV tokens held now, by the decoding sequences' contexts and
** the prompts of those not decoding yet, beside `more`. */
static inline double kv_held(const sim *S, int64_t more) {
  return S->decode_context + (double)(S->prefill_kv + more);
}

/* Whether a request of `prompt` tokens, and `output` to make, fits in the
** KV cache now ("Admission"). */
static int kv_fits(const sim *S, int64_t prompt, int64_t output) {
  const gpuadv_sim_config *c = S->cfg;
  if (!c->preempt) return S->kv_used + prompt + output <= c->kv_capacity;
  return kv_held(S, prompt) <= (double)c->kv_capacity;
}

/* The prompt tokens of request p found in the prefix cache: those of its
** first prompt (a preempted one's prompt holds the tokens it made too). */
static int64_t pre_cached(const gpuadv_sim_config *c, const sim_pre *p) {
  return prompt_cached(c, p->r.prompt + p->r.output - p->out_total);
}

/* Whether the queue's head waits whatever the next steps decode: nothing
** queued, no token budget left beside d_seqs decodes, the batch full, or
** the head's KV not free. Only a completion or an arrival changes that
** (decodes only take KV). */
static int queue_stalled(const sim *S, int64_t d_seqs) {
  const gpuadv_sim_config *c = S->cfg;
  const sim_req *r;
  if (waiting(S) == 0) return 1;
  if (c->token_budget - decode_share(c, d_seqs) <= 0 ||
      d_seqs >= c->max_running)
    return 1;
  r = head_req(S);
  return !kv_fits(S, r->prompt, r->output);
}

/* How many of the next steps (from `step`, at time t, with d_seqs
** sequences decoding and nothing else to do) are decodes alone that end
** before the next event: up to the step before the first completion, and
** ending by the next arrival and the window's next edge. *span gets their
** seconds. 0 when fewer than 2 (the caller steps) or when the line gives
** no usable time (the caller steps and reports it). */
static int64_t quiet_steps(const sim *S, int64_t step, int64_t d_seqs, double t,
                           double *span, gpuadv_step_line *line) {
  gpuadv_step_line L;
  double c = S->decode_context, d = (double)d_seqs, limit = INFINITY;
  int64_t lo = 0, hi;
  assert(d_seqs > 0 && S->n_heap == d_seqs);
  hi = S->heap[0].finish_step - step;
  if (hi > GPUADV_SIM_MAX_STEPS - step) hi = GPUADV_SIM_MAX_STEPS - step;
  if (S->cfg->preempt) {
    /* the steps whose decodes fit: c + j d <= the cache, j < hi */
    double fit = floor(((double)S->cfg->kv_capacity - c) / d) + 1.0;
    assert(S->prefill_kv == 0);
    if (fit < (double)hi) hi = fit > 0.0 ? (int64_t)fit : 0;
  }
  if (hi < 2) return 0;
  if (S->has_next) limit = S->next.arrival;
  if (S->t0 > t && S->t0 < limit) limit = S->t0;
  if (S->t1 > t && S->t1 < limit) limit = S->t1;
  limit -= t;
  S->cfg->step_line(S->cfg->step_arg, d, &L);
  if (!(L.fixed_s >= 0.0 && L.read_s >= 0.0 && L.read_per_ctx_s >= 0.0 &&
        L.attn_per_ctx_s >= 0.0 && L.fixed_s + L.read_s > 0.0)) {
    return 0;
  }
  *span = line_span(&L, c, d, hi);
  if (!(*span <= limit)) {
    /* the most steps that end by the limit: lo fits, hi does not */
    narrow_steps(&L, c, d, limit, *span, &lo, &hi);
    while (hi - lo > 1) {
      int64_t mid = lo + (hi - lo) / 2;
      if (line_span(&L, c, d, mid) <= limit) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    hi = lo;
    if (hi < 2) return 0;
    *span = line_span(&L, c, d, hi);
  }
  *line = L;
  return t + *span <= 1e300 ? hi : 0;
}

/* ------------------------------------------------------------------------
** Inter-token latency.
*/

/* The histogram bin of a gap of dt seconds (finite, > 0): its octave, the
** binary exponent, and the step of that octave its 52-bit fraction falls
** in, fraction x GPUADV_SIM_ITL_SUB / 2^52 (under 2^60: exact in 64-bit
** integers). No logarithm: this runs once per step. */
static int itl_bin(double dt) {
  const uint64_t fraction_mask = ((uint64_t)1 << 52) - 1;
  uint64_t u;
  int octave;
  assert(dt > 0.0 && dt <= 1e300);
  memcpy(&u, &dt, sizeof(u));
  octave = (int)((u >> 52) & 0x7ff) - 1023 - GPUADV_SIM_ITL_EXP_MIN;
  if (octave < 0) return 0;
  if (octave >= GPUADV_SIM_ITL_OCTAVES) return GPUADV_SIM_ITL_BINS - 1;
  return octave * GPUADV_SIM_ITL_SUB +
         (int)(((u & fraction_mask) * GPUADV_SIM_ITL_SUB) >> 52);
}

/* Where bin k starts, plus `at` of its width, seconds. */
static double itl_edge(int k, double at) {
  return ldexp(
      1.0 + ((double)(k % GPUADV_SIM_ITL_SUB) + at) / GPUADV_SIM_ITL_SUB,
      k / GPUADV_SIM_ITL_SUB + GPUADV_SIM_ITL_EXP_MIN);
}

/* Make bins lo to hi part of the set range, the new ones 0. */
static void itl_cover(sim *S, int lo, int hi) {
  assert(0 <= lo && lo <= hi && hi < GPUADV_SIM_ITL_BINS);
  if (S->itl_lo > S->itl_hi) {
    memset(S->itl + lo, 0, (size_t)(hi - lo + 1) * sizeof(double));
    S->itl_lo = lo;
    S->itl_hi = hi;
    return;
  }
  if (lo < S->itl_lo) {
    memset(S->itl + lo, 0, (size_t)(S->itl_lo - lo) * sizeof(double));
    S->itl_lo = lo;
  }
  if (hi > S->itl_hi) {
    memset(S->itl + S->itl_hi + 1, 0,
           (size_t)(hi - S->itl_hi) * sizeof(double));
    S->itl_hi = hi;
  }
}

/* w gaps of dt seconds: a step of w decoding sequences. */
static void itl_add(sim *S, double dt, double w) {
  int k = itl_bin(dt);
  if (k < S->itl_lo || k > S->itl_hi) itl_cover(S, k, k);
  S->itl[k] += w;
  S->itl_n += w;
  S->itl_sum += dt * w;
}

/* w gaps for each step of a piece of a quiet run of d sequences from
** context c: steps of alpha + beta j seconds. Each bin gets the steps
** whose length falls in it, counted from the bin edges in closed form. */
static void itl_add_piece(sim *S, const gpuadv_step_line *L,
                          const line_piece *p, double c, double d, double w) {
  double alpha = L->fixed_s + p->base + p->per_ctx * c;
  double beta = p->per_ctx * d;
  double n = (double)(p->j1 - p->j0);
  int64_t from = p->j0;
  int k, last;
  assert(p->j0 <= p->j1 && beta >= 0.0);
  if (p->j1 == p->j0) return;
  S->itl_n += n * w;
  S->itl_sum +=
      w * (n * alpha + beta * ((double)p->j0 + (double)p->j1 - 1.0) * n * 0.5);
  k = itl_bin(alpha + beta * (double)p->j0);
  last = itl_bin(alpha + beta * (double)(p->j1 - 1));
  if (k < S->itl_lo || last > S->itl_hi) itl_cover(S, k, last);
  for (; k < last; k++) {
    /* the first step at or past the next bin's edge */
    double j = ceil((itl_edge(k + 1, 0.0) - alpha) / beta);
    int64_t to = j < (double)from    ? from
                 : j > (double)p->j1 ? p->j1
                                     : (int64_t)j;
    S->itl[k] += (double)(to - from) * w;
    from = to;
  }
  S->itl[last] += (double)(p->j1 - from) * w;
}

/* The gaps of a quiet run of k steps of d sequences from context c. */
static void itl_add_run(sim *S, const gpuadv_step_line *L, double c, double d,
                        int64_t k) {
  line_piece p[2];
  line_pieces(L, c, d, k, p);
  itl_add_piece(S, L, &p[0], c, d, d);
  itl_add_piece(S, L, &p[1], c, d, d);
}

/* The nearest-rank p-th percentiles of the gaps (at least one) for the
** n_p increasing percents p[], into out[]: one pass over the set bins
** (those below hold nothing, so the sums are those of a pass from bin 0). */
static void itl_percentiles(const sim *S, const double *p, double *out,
                            int n_p) {
  /* cum: the gaps in bins up to k; the answer is the first k (of all but
  ** the last bin) where cum reaches the rank, else the last bin */
  int k = S->itl_lo, i;
  double cum;
  assert(S->itl_n >= 1.0 && S->itl_lo <= S->itl_hi);
  cum = S->itl[k];
  for (i = 0; i < n_p; i++) {
    double rank = ceil(p[i] * S->itl_n / 100.0);
    assert(i == 0 || p[i] >= p[i - 1]);
    if (rank < 1.0) rank = 1.0;
    while (k < GPUADV_SIM_ITL_BINS - 1 && !(cum >= rank)) {
      k++;
      if (k <= S->itl_hi) cum += S->itl[k];
    }
    out[i] = itl_edge(k, 0.5);
  }
}

/* ------------------------------------------------------------------------
** Exact percentiles.
*/

/* Rearrange a[lo..hi] so that a[k] holds the value it would hold sorted,
** smaller-or-equal values before it and greater-or-equal after. */
static void select_kth(float *a, int64_t lo, int64_t hi, int64_t k) {
  while (hi > lo) {
    int64_t mid = lo + (hi - lo) / 2, i = lo, j = hi;
    float pivot, t;
    /* Median of three as pivot. */
    if (a[mid] < a[lo]) {
      t = a[mid];
      a[mid] = a[lo];
      a[lo] = t;
    }
    if (a[hi] < a[lo]) {
      t = a[hi];
      a[hi] = a[lo];
      a[lo] = t;
    }
    if (a[hi] < a[mid]) {
      t = a[hi];
      a[hi] = a[mid];
      a[mid] = t;
    }
    pivot = a[mid];
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) {
      hi = j;
    } else if (k >= i) {
      lo = i;
    } else {
      return; /* a[j+1 .. i-1] equal the pivot */
    }
  }
}

/* The index in sorted order of the nearest-rank p-th percentile of n
** values: ceil(p n / 100) - 1. */
static int64_t rank_index(int64_t n, int p) {
  return (n * p + 99) / 100 - 1;
}

/* The 50th, 95th and 99th nearest-rank percentiles of a[0..n-1], n >= 1. */
static void percentiles(float *a, int64_t n, double *p50, double *p95,
                        double *p99) {
  int64_t k50 = rank_index(n, 50);
  int64_t k95 = rank_index(n, 95);
  int64_t k99 = rank_index(n, 99);
  assert(n >= 1 && k50 <= k95 && k95 <= k99 && k99 < n);
  select_kth(a, 0, n - 1, k50);
  *p50 = a[k50];
  select_kth(a, k50, n - 1, k95);
  *p95 = a[k95];
  select_kth(a, k95, n - 1, k99);
  *p99 = a[k99];
}

/* ------------------------------------------------------------------------
** The run.
*/

/* Whether the run is certain to miss a stop target, v the TTFT just
** measured (added to sum_ttft). The mean: the TTFTs still to come only
** add to the sum. The p95: the over_max-th value above the target leaves
** at most k95 values at or below it, so the (k95 + 1)-th smallest, the
** p95, is above it. Each is compared as the result stores it. */
static int certain_miss(sim *S, float v) {
  const gpuadv_sim_config *c = S->cfg;
  if (c->stop_ttft_p95_s > 0.0 && !((double)v <= c->stop_ttft_p95_s) &&
      ++S->n_over >= S->over_max)
    return 1;
  return c->stop_ttft_mean_s > 0.0 &&
         !(S->sum_ttft / (double)S->m <= c->stop_ttft_mean_s);
}

/* Whether the replica, with d_seqs decoding, has a step to run at time t:
** a sequence to decode or prefill, or a request that has arrived. */
static int replica_busy(const sim *S, int64_t d_seqs, double t) {
  return d_seqs > 0 || S->n_partial > 0 || waiting(S) > 0 ||
         (S->has_next && S->next.arrival <= t);
}

/* Hand out the held outputs at time t, the end of step `steps` (counted
** from 1): the first tokens (their TTFTs, and the time each sequence's
** later gaps count from), then the completed requests. 0; 1 when the run
** is now certain to miss a stop target (res then says it stopped there);
** -1 when out of memory. */
static int hand_out(sim *S, double t, int64_t steps, gpuadv_sim_result *res) {
  const gpuadv_sim_config *c = S->cfg;
  int stop = c->stop_ttft_mean_s > 0.0 || c->stop_ttft_p95_s > 0.0;
  int64_t i;
  for (i = 0; i < S->n_held_first; i++) {
    const sim_first *f = &S->held_first[i];
    if (f->slot >= 0) S->runs[f->slot].first = t;
    if (f->id >= S->n_warm) {
      float v = (float)(t - f->arrival);
      if (S->first_at) S->first_at[f->id - S->n_warm] = t;
      S->ttft[f->id - S->n_warm] = v;
      S->sum_ttft += t - f->arrival;
      if (stop && certain_miss(S, v)) {
        res->stopped = 1;
        res->requests = S->n;
        res->measured = S->m;
        res->steps = steps;
        res->sim_time = t;
        return 1;
      }
    }
  }
  S->n_held_first = 0;
  for (i = 0; i < S->n_held_done; i++) {
    if (complete(S, &S->held_done[i], t) != 0) return -1;
  }
  S->n_held_done = 0;
  return 0;
}

/* The group whose partial prefill was admitted last, or NULL. */
static sim_group *newest_partial(const sim *S) {
  sim_group *best = 0;
  int64_t g;
  for (g = 0; g < S->cfg->prefill_groups; g++) {
    sim_group *x = &S->grp[g];
    if (x->has_partial && (!best || x->partial.order > best->partial.order))
      best = x;
  }
  return best;
}

/* preempt: the decoding sequence in slot, at the start of step `step`,
** as a request to compute again (*p): its context as its prompt, the
** tokens it has yet to make as its output. It leaves the batch. */
static void preempt_run(sim *S, int64_t slot, int64_t step, sim_pre *p) {
  const sim_run *x = &S->runs[slot];
  int64_t left = S->heap[S->pos[slot]].finish_step - step + 1, i;
  assert(left >= 1 && left < x->kv);
  p->r.arrival = x->arrival;
  p->r.id = x->id;
  p->r.prompt = x->kv - left;
  p->r.output = left;
  p->done = 0;
  p->out_total = x->output;
  p->order = S->link[slot].order;
  p->back = 2;
  S->decode_context -= (double)p->r.prompt;
  S->kv_used -= x->kv;
  /* a first token still held no longer has a sequence to stamp */
  for (i = 0; i < S->n_held_first; i++) {
    if (S->held_first[i].slot == slot) S->held_first[i].slot = -1;
  }
  list_remove(S, slot);
  heap_remove(S, S->pos[slot]);
}

/* preempt: the step's decodes, at the start of step `step` (time t), need
** more KV than the cache holds. Preempt the newest request admitted,
** again until they fit ("Admission"): one part-way through its prefill
** loses its chunks, a decoding one its KV; each goes back in front of the
** queue. -1: no memory. */
static int make_room(sim *S, int64_t step, double t) {
  const gpuadv_sim_config *c = S->cfg;
  queue_mark(S, t);
  while (kv_held(S, 0) > (double)c->kv_capacity) {
    sim_group *g = newest_partial(S);
    sim_pre p;
    if (g && (S->newest < 0 || g->partial.order > S->link[S->newest].order)) {
      p = g->partial;
      g->has_partial = 0;
      S->n_partial--;
      S->prefill_kv -= p.r.prompt;
      S->kv_used -= p.r.prompt + p.r.output;
      S->prompt_left += (double)(p.done - pre_cached(c, &p));
      p.done = 0;
      if (!p.back) p.back = 1;
    } else {
      assert(S->newest >= 0);
      preempt_run(S, S->newest, step, &p);
      S->prompt_left += (double)(p.r.prompt - pre_cached(c, &p));
    }
    if (grow((void **)&S->back, &S->cap_back, sizeof(sim_pre), S->n_back + 1)) {
      return -1;
    }
    S->back[S->n_back++] = p;
    S->preemptions++;
  }
  if (S->n_heap == 0) S->decode_context = 0.0;
  return 0;
}

static int fail(gpuadv_sim_result *res, const char *msg) {
  snprintf(res->error, sizeof(res->error), "%s", msg);
  return -1;
}

int gpuadv_sim_run(const gpuadv_sim_config *cfg, gpuadv_sim_result *res) {
  sim S;
  int rc = -1, hrc = 0;
  double t = 0.0, last_dt = 0.0;
  int64_t step = 0, d_seqs = 0;
  gpuadv_step_load load;

  memset(res, 0, sizeof(*res));
  memset(&S, 0, sizeof(S));
  if (gpuadv_sim_check(cfg, res->error, (int)sizeof(res->error)) != 0)
    return -1;

  S.cfg = cfg;
  S.n = cfg->n_requests;
  S.n_warm = (int64_t)floor(cfg->warmup * (double)S.n);
  if (S.n_warm >= S.n) S.n_warm = S.n - 1;
  S.m = S.n - S.n_warm;
  S.over_max = S.m - rank_index(S.m, 95);
  /* The gaps of an open loop (a closed loop has no rate and draws none). */
  dist_init(&S.gap, cfg->concurrency > 0 ? 1.0 : 1.0 / cfg->rate, gap_cv(cfg));
  dist_init(&S.prompt, cfg->prompt_mean, cfg->prompt_cv);
  dist_init(&S.output, cfg->output_mean, cfg->output_cv);
  /* the caller's kept draws, else drawn as the run goes */
  if (cfg->draws && S.n <= GPUADV_SIM_DRAWS_KEEP) {
    if (!gpuadv_sim_draws_match(cfg->draws, cfg)) draws_reset(cfg->draws, cfg);
    if (draws_extend(cfg->draws, &S, S.n) != 0) goto oom;
    S.draw = cfg->draws->v;
  } else {
    seed_streams(cfg->seed, &S.rng_gap, &S.rng_len);
  }

  S.ttft = malloc((size_t)S.m * sizeof(float));
  S.tpot = malloc((size_t)S.m * sizeof(float));
  S.e2e = malloc((size_t)S.m * sizeof(float));
  S.itl = malloc(GPUADV_SIM_ITL_BINS * sizeof(double));
  S.grp = calloc((size_t)cfg->prefill_groups, sizeof(sim_group));
  S.itl_lo = GPUADV_SIM_ITL_BINS;
  S.itl_hi = -1;
  if (!S.ttft || !S.tpot || !S.e2e || !S.itl || !S.grp) goto oom;
  S.newest = -1;
  if (cfg->preempt) {
    S.first_at = malloc((size_t)S.m * sizeof(double));
    if (!S.first_at) goto oom;
  }
  S.closed = cfg->concurrency > 0;
  if (S.closed) {
    /* Every client sends its first request at time 0. */
    int64_t k;
    S.t0 = S.t1 = INFINITY;
    for (k = 0; k < cfg->concurrency && S.n_gen < S.n; k++) {
      if (client_sends(&S, 0.0) != 0) goto oom;
    }
  } else {
    find_window(&S);
    gen_next(&S);
    S.has_next = 1;
  }

  while (S.completed < S.n) {
    int64_t n_batch, i, g;
    int hold, block, preempted = 0;
    sim_group *grp;
    double dt, t_end, ctx_next;

    /* Arrivals up to now join the queue. */
    while (S.has_next && S.next.arrival <= t) {
      if (enqueue(&S, &S.next) != 0) goto oom;
      /* It came during a step, so it waits (at least) to its end. */
      if (S.next.arrival < t && S.next.arrival >= S.t0 &&
          S.next.arrival <= S.t1 && waiting(&S) > S.max_queue) {
        S.max_queue = waiting(&S);
      }
      if (S.closed) {
        S.has_next = S.pend.len > 0;
        if (S.has_next) {
          S.next = *ring_front(&S.pend);
          ring_pop(&S.pend);
        }
      } else if (S.n_gen < S.n) {
        gen_next(&S);
      } else {
        S.has_next = 0;
      }
    }
    if (!replica_busy(&S, d_seqs, t)) {
      /* Idle until the next arrival. */
      assert(S.has_next);
      t = S.next.arrival;
      continue;
    }
    if (step >= GPUADV_SIM_MAX_STEPS) {
      fail(res,
           "the run needs more than 2000000000 engine steps; simulate "
           "fewer requests or give a larger token_budget");
      goto done;
    }

    /* Decodes alone until the next event: skip over them (not tried when
    ** the next arrival comes within two steps of the last one's length,
    ** as it does at every step of a busy replica). Outputs held from the
    ** last step (overlap) leave at the end of the run's first step; in a
    ** closed loop they would send requests into the run, so it steps. */
    if (cfg->step_line && d_seqs > 0 && S.n_partial == 0 &&
        (!S.closed || S.n_held_first + S.n_held_done == 0) &&
        (!S.has_next || S.next.arrival - t >= 2.0 * last_dt) &&
        queue_stalled(&S, d_seqs)) {
      double span = 0.0;
      gpuadv_step_line line;
      int64_t k = quiet_steps(&S, step, d_seqs, t, &span, &line);
      if (k > 0 && S.n_held_first + S.n_held_done > 0) {
        double first = line_span(&line, S.decode_context, (double)d_seqs, 1);
        assert(!S.closed);
        if ((hrc = hand_out(&S, t + first, step + 1, res)) != 0) goto handed;
      }
      if (k > 0) {
        window_add(&S, &S.batch_area, (double)d_seqs, t, t + span);
        /* every step of the run ends on the same side of each window edge */
        if (t + span > S.t0 && t + span <= S.t1) {
          S.window_tokens += (double)(k * d_seqs);
          itl_add_run(&S, &line, S.decode_context, (double)d_seqs, k);
        }
        S.decode_context += (double)(k * d_seqs);
        decode_block_skip(&S, k);
        t += span;
        step += k;
        continue;
      }
    }

    /* The step's decodes must fit (preempt): else make room. */
    if (cfg->preempt && kv_held(&S, 0) > (double)cfg->kv_capacity) {
      if (make_room(&S, step, t)) goto oom;
      d_seqs = S.n_heap;
      preempted = 1;
    }

    /* Compose the step: decodes, the partial prefills, then admissions. */
    load.decode_seqs = (double)d_seqs;
    load.decode_context = S.decode_context;
    load.prefill_tokens = 0;
    load.prefill_pairs = 0;
    S.n_fin = 0;
    block = in_decode_block(&S, d_seqs);
    hold = block || wait_for_prompts(&S, d_seqs);
    for (g = 0; g < cfg->prefill_groups; g++) {
      grp = &S.grp[g];
      grp->budget = hold ? 0 : cfg->token_budget - decode_share(cfg, d_seqs);
      grp->tokens = grp->pairs = 0.0;
      if (grp->has_partial && grp->budget > 0) {
        prefill_chunk(&S, &grp->partial, grp, &load);
        if (grp->partial.done == grp->partial.r.prompt) {
          if (fin_push(&S, &grp->partial)) goto oom;
          grp->has_partial = 0;
          S.n_partial--;
        }
      }
    }
    if (preempted) {
      /* a step that preempts admits no one */
    } else if (waiting(&S) > 0 && admitting_group(&S)) {
      queue_mark(&S, t);
    }
    while (!preempted && (grp = admitting_group(&S)) != 0 && waiting(&S) > 0 &&
           d_seqs + S.n_partial + S.n_fin < cfg->max_running) {
      const sim_req *r = head_req(&S);
      sim_pre p;
      if (!kv_fits(&S, r->prompt, r->output)) break;
      head(&S, &p);
      take_head(&S);
      S.kv_used += p.r.prompt + p.r.output;
      S.prefill_kv += p.r.prompt;
      if (!p.back) admitted(&S, &p.r, t);
      p.order = S.admissions++;
      p.done = pre_cached(cfg, &p);
      prefill_chunk(&S, &p, grp, &load);
      if (p.done == p.r.prompt) {
        if (fin_push(&S, &p)) goto oom;
      } else {
        assert(!grp->has_partial && grp->budget == 0);
        grp->has_partial = 1;
        grp->partial = p;
        S.n_partial++;
      }
    }
    /* the group with the most prompt tokens sets the step's group load */
    load.group_tokens = S.grp[0].tokens;
    load.group_pairs = S.grp[0].pairs;
    for (g = 1; g < cfg->prefill_groups; g++) {
      if (S.grp[g].tokens > load.group_tokens) {
        load.group_tokens = S.grp[g].tokens;
        load.group_pairs = S.grp[g].pairs;
      }
    }
    n_batch = d_seqs + S.n_partial + S.n_fin;
    assert(n_batch > 0 && n_batch <= cfg->max_running);
    /* a step that decodes with no prompt to run starts a decode block */
    if (cfg->decode_block > 1 && !block && d_seqs > 0 &&
        load.prefill_tokens == 0.0) {
      S.block_left = cfg->decode_block - 1;
    }

    dt = cfg->step_time(cfg->step_arg, &load);
    last_dt = dt;
    t_end = t + dt;
    if (!(dt > 0.0) || !(t_end <= 1e300)) {
      char msg[120];
      snprintf(msg, sizeof(msg),
               "the step-time model must give a finite time > 0 s, gave %.15g",
               dt);
      fail(res, msg);
      goto done;
    }
    window_add(&S, &S.batch_area, (double)n_batch, t, t_end);
    if (t_end > S.t0 && t_end <= S.t1) {
      S.window_tokens += (double)(d_seqs + S.n_fin);
      if (d_seqs > 0) itl_add(&S, dt, (double)d_seqs);
    }

    /* What the last step held back leaves now (overlap). */
    if (S.n_held_first + S.n_held_done > 0 &&
        (hrc = hand_out(&S, t_end, step + 1, res)) != 0)
      goto handed;

    /* The step's outcome: first tokens, then finished sequences. */
    ctx_next = S.decode_context + (double)d_seqs;
    for (i = 0; i < S.n_fin; i++) {
      const sim_pre *p = &S.fin[i];
      sim_run one, *x = &one;
      int64_t slot = -1;
      if (p->r.output > 1) {
        if (grow_runs(&S, S.n_heap + 1)) goto oom;
        slot = take_slot(&S);
        x = &S.runs[slot];
      }
      S.prefill_kv -= p->r.prompt;
      x->id = p->r.id;
      x->arrival = p->r.arrival;
      x->first = t_end;
      x->kv = p->r.prompt + p->r.output;
      x->output = p->out_total;
      if (p->back == 2) {
        /* back from a preemption: its first token is out already (the
        ** step that preempted it admitted no one, and handed it out) */
        x->first = S.first_at && p->r.id >= S.n_warm
                       ? S.first_at[p->r.id - S.n_warm]
                       : 0.0;
      } else if (hold_first(&S, &p->r, slot)) {
        goto oom;
      }
      if (slot < 0) {
        if (hold_done(&S, x)) goto oom;
      } else {
        heap_push(&S, step + p->r.output - 1, slot);
        ctx_next += (double)(p->r.prompt + 1);
        if (cfg->preempt) list_add(&S, slot, p->order);
      }
    }
    while (S.n_heap > 0 && S.heap[0].finish_step == step) {
      const sim_run *x = &S.runs[S.heap[0].slot];
      int nomem;
      ctx_next -= (double)x->kv;
      if (cfg->preempt) list_remove(&S, S.heap[0].slot);
      nomem = hold_done(&S, x);
      heap_pop(&S);
      if (nomem) goto oom;
    }
    assert(S.n_heap == 0 || S.heap[0].finish_step > step);
    d_seqs = S.n_heap;
    S.decode_context = d_seqs > 0 ? ctx_next : 0.0;
    t = t_end;
    step++;
    /* The step's outputs leave at its end, unless the engine overlaps and
    ** a next step starts at once: then at that one's end. */
    if (S.n_held_first + S.n_held_done > 0 &&
        (!cfg->overlap || !replica_busy(&S, d_seqs, t)) &&
        (hrc = hand_out(&S, t, step, res)) != 0)
      goto handed;
  }
  queue_mark(&S, t);

  /* The statistics. */
  {
    double window = (S.t1 < INFINITY ? S.t1 : t) - S.t0;
    /* Arrivals after t0 up to t1; none when the window runs to the end. */
    int64_t arrived = S.t1 < INFINITY ? S.n - 1 - S.n_warm : 0;
    assert(window > 0.0);
    res->requests = S.n;
    res->measured = S.m;
    res->steps = step;
    res->sim_time = t;
    res->preemptions = S.preemptions;
    res->throughput_tps = S.window_tokens / window;
    res->requests_per_s = (double)S.window_done / window;
    res->mean_batch = S.batch_area / window;
    res->mean_queue = S.q_area / window;
    res->max_queue = S.max_queue;
    res->mean_wait = S.sum_wait / (double)S.m;
    res->ttft_mean = S.sum_ttft / (double)S.m;
    res->e2e_mean = S.sum_e2e / (double)S.m;
    percentiles(S.ttft, S.m, &res->ttft_p50, &res->ttft_p95, &res->ttft_p99);
    percentiles(S.e2e, S.m, &res->e2e_p50, &res->e2e_p95, &res->e2e_p99);
    if (S.n_tpot > 0) {
      res->has_tpot = 1;
      res->tpot_mean = S.sum_tpot / (double)S.n_tpot;
      percentiles(S.tpot, S.n_tpot, &res->tpot_p50, &res->tpot_p95,
                  &res->tpot_p99);
    }
    if (S.itl_n > 0.0) {
      static const double pcts[3] = {50.0, 95.0, 99.0};
      double v[3];
      res->has_itl = 1;
      res->itl_mean = S.itl_sum / S.itl_n;
      itl_percentiles(&S, pcts, v, 3);
      res->itl_p50 = v[0];
      res->itl_p95 = v[1];
      res->itl_p99 = v[2];
    }
    {
      double growth = (double)(arrived - S.window_done);
      double in_system = res->mean_batch + res->mean_queue;
      res->saturated = !S.closed && arrived > 0 &&
                       growth > 0.05 * (double)arrived &&
                       growth > 3.0 * sqrt(2.0 * in_system + 1.0);
    }
  }
  rc = 0;
  goto done;

handed:
  /* hand_out stopped the run (res says where) or ran out of memory */
  if (hrc > 0) {
    rc = 0;
    goto done;
  }
oom:
  fail(res, "out of memory");
done:
  free(S.queue.a);
  free(S.pend.a);
  free(S.fin);
  free(S.heap);
  free(S.runs);
  free(S.free_slot);
  free(S.pos);
  free(S.link);
  free(S.back);
  free(S.first_at);
  free(S.ttft);
  free(S.tpot);
  free(S.e2e);
  free(S.itl);
  free(S.grp);
  free(S.held_first);
  free(S.held_done);
  return rc;
}

/* ------------------------------------------------------------------------
** Steady state (see STEADY STATE above).
*/

double gpuadv_sim_steady_running(const gpuadv_sim_config *cfg,
                                 double in_batch_s) {
  double running = cfg->rate * (in_batch_s > 0.0 ? in_batch_s : 0.0);
  /* a request holds its prompt and output in KV, or with preempt (its
  ** outputs taking KV as they come) half its output on average */
  double per_request =
      cfg->prompt_mean + (cfg->preempt ? 0.5 : 1.0) * cfg->output_mean;
  double kv_fit = (double)cfg->kv_capacity / per_request;
  assert(cfg->concurrency == 0 && per_request > 0.0);
  if (running > (double)cfg->max_running) running = (double)cfg->max_running;
  if (running > kv_fit) running = kv_fit;
  return running > 1.0 ? running : 1.0;
}

int gpuadv_sim_steady_length(const gpuadv_sim_config *cfg, double running,
                             int64_t max_requests, int64_t *n, double *warmup) {
  int64_t have_warm = (int64_t)floor(cfg->warmup * (double)cfg->n_requests);
  int64_t have_meas = cfg->n_requests - have_warm;
  int64_t want_warm = (int64_t)ceil(GPUADV_SIM_STEADY_WARM * running);
  int64_t want_meas = (int64_t)ceil(GPUADV_SIM_STEADY_MEASURED * running);
  int64_t total;
  assert(running >= 1.0 && running <= (double)GPUADV_SIM_MAX_RUNNING);
  if (want_warm < have_warm) want_warm = have_warm;
  if (want_meas < have_meas) want_meas = have_meas;
  total = want_warm + want_meas;
  if (max_requests > GPUADV_SIM_MAX_REQUESTS) {
    max_requests = GPUADV_SIM_MAX_REQUESTS;
  }
  if (total > max_requests) {
    /* the longest run allowed, its warm-up in the same proportion */
    want_warm =
        (int64_t)((double)want_warm * (double)max_requests / (double)total);
    total = max_requests;
  }
  if (total <= cfg->n_requests) return 0;
  *n = total;
  /* half a request above the count, so that floor(warmup * n) gives it */
  *warmup = ((double)want_warm + 0.5) / (double)total;
  assert(*warmup < 1.0);
  return 1;
}
