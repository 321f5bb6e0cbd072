/*
** test_sim.c: unit tests of the serving simulator (ext/gpuadv_sim.c),
** without SQLite: queueing-theory checks (M/D/1 and M/M/1 mean waits by
** the Pollaczek-Khinchine formula, the closed loop by Little's law) and the
** scheduling rules, each with a value that can be worked out by hand; and
** the capacity search of ext/gpuadv_capacity.c on the same queues.
** Each check prints "ok - NAME" or "not ok - NAME: ..."; the last line is
** "N passed, M failed".
*/
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpuadv_capacity.h"
#include "gpuadv_sim.h"

#include "unit.h"

/* Relative error within rel; prints the error either way. */
static void check_rel(const char *name, double got, double want, double rel) {
  double err = (got - want) / want;
  if (fabs(err) <= rel) {
    n_pass++;
    printf("ok - %s (got %.6g, want %.6g, error %+.2f%%)\n", name, got, want,
           100 * err);
  } else {
    n_fail++;
    printf("not ok - %s: got %.9g, want %.9g, error %+.2f%% (tol %g%%)\n", name,
           got, want, 100 * err, 100 * rel);
  }
}

/* A single server: one sequence at a time, prompts of one token whose
** prefill costs nothing, each step `step_s`. */
static void single_server(gpuadv_sim_config *c, gpuadv_sim_linear *lin,
                          double step_s) {
  gpuadv_sim_config_init(c);
  memset(lin, 0, sizeof(*lin));
  lin->fixed_s = step_s;
  c->max_running = c->token_budget = 1;
  c->prompt_mean = c->output_mean = 1;
  c->step_time = gpuadv_sim_linear_step;
  c->step_arg = lin;
}

/* M/D/1: one output token per request, so every service takes exactly one
** step S. Pollaczek-Khinchine: Wq = rho * S / (2 * (1 - rho)). Little's law:
** the mean batch (the server's busy share) is rho. Over 10^6 requests the
** standard deviation of the mean wait over seeds is 0.4%, 0.5% and 1.15% of
** Wq at rho 0.5, 0.7 and 0.9 (8 seeds), so rho 0.9 runs 4 * 10^6. */
static void test_md1(void) {
  static const double loads[] = {0.5, 0.7, 0.9};
  static const int64_t n[] = {1000000, 1000000, 4000000};
  const double S = 0.001;
  int i;
  for (i = 0; i < 3; i++) {
    gpuadv_sim_config c;
    gpuadv_sim_linear lin;
    gpuadv_sim_result r;
    double rho = loads[i];
    char name[96];
    single_server(&c, &lin, S);
    c.rate = rho / S;
    c.n_requests = n[i];
    c.seed = 42;
    if (gpuadv_sim_run(&c, &r) != 0) {
      check_true(r.error, 0);
      continue;
    }
    snprintf(name, sizeof(name), "M/D/1 rho %.1f: mean wait = P-K", rho);
    check_rel(name, r.mean_wait, rho * S / (2 * (1 - rho)), 0.02);
    snprintf(name, sizeof(name), "M/D/1 rho %.1f: mean batch = rho", rho);
    check_rel(name, r.mean_batch, rho, 0.02);
    snprintf(name, sizeof(name), "M/D/1 rho %.1f: throughput = arrival rate",
             rho);
    check_rel(name, r.requests_per_s, c.rate, 0.02);
    snprintf(name, sizeof(name), "M/D/1 rho %.1f: TTFT = wait + S", rho);
    check_close(name, r.ttft_mean, r.mean_wait + S, 1e-9);
    snprintf(name, sizeof(name),
             "M/D/1 rho %.1f: mean queue = rate * Wq "
             "(Little)",
             rho);
    check_rel(name, r.mean_queue, c.rate * r.mean_wait, 0.02);
    snprintf(name, sizeof(name), "M/D/1 rho %.1f: not saturated", rho);
    check_true(name, !r.saturated);
  }
}

/* An exponential service option: a step-time model whose steps last an
** exponential time of mean mean_s, from its own generator (splitmix64). With
** one output token per request, each service is one such step. */
typedef struct exp_step {
  uint64_t state;
  double mean_s;
} exp_step;

static double exp_step_time(const void *arg, const gpuadv_step_load *load) {
  exp_step *e = (exp_step *)arg; /* the test owns it and its state */
  uint64_t z = (e->state += 0x9E3779B97F4A7C15ULL);
  (void)load;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  z ^= z >> 31;
  return -e->mean_s * log((double)((z >> 11) + 1) / 9007199254740992.0);
}

/* M/M/1: Wq = rho / (mu - lambda), with exponential service times from the
** step-time model. The mean wait of a busy queue converges slowly: over 10^6
** requests its standard deviation over seeds is 0.5% of Wq at rho 0.5,
** 0.55% at 0.7 and 2.3% at 0.9 (8 seeds), so rho 0.9 runs 10^7 requests. */
static void test_mm1(void) {
  static const double loads[] = {0.5, 0.7, 0.9};
  static const int64_t n[] = {1000000, 1000000, 10000000};
  const double S = 0.001;
  int i;
  for (i = 0; i < 3; i++) {
    gpuadv_sim_config c;
    gpuadv_sim_linear lin;
    gpuadv_sim_result r;
    exp_step e = {12345, S};
    double rho = loads[i], mu = 1 / S, lambda = rho / S;
    char name[96];
    single_server(&c, &lin, S);
    c.step_time = exp_step_time;
    c.step_arg = &e;
    c.rate = lambda;
    c.n_requests = n[i];
    c.seed = 7;
    if (gpuadv_sim_run(&c, &r) != 0) {
      check_true(r.error, 0);
      continue;
    }
    snprintf(name, sizeof(name), "M/M/1 rho %.1f: mean wait = rho/(mu-lambda)",
             rho);
    check_rel(name, r.mean_wait, rho / (mu - lambda), 0.02);
    snprintf(name, sizeof(name), "M/M/1 rho %.1f: mean batch = rho", rho);
    check_rel(name, r.mean_batch, rho, 0.02);
  }
}

/* M/M/1 again with the service made of tokens: output lengths exponential
** (gamma with cv 1, rounded, at least 1) with a mean of 100 steps of S/100.
** The rounding moves the P-K wait by +0.02% at rho 0.7, far below the
** tolerance. */
static void test_mm1_tokens(void) {
  const double S = 0.001, rho = 0.7, mu = 1 / S, lambda = rho / S;
  gpuadv_sim_config c;
  gpuadv_sim_linear lin;
  gpuadv_sim_result r;
  single_server(&c, &lin, S / 100);
  c.output_mean = 100;
  c.output_cv = 1;
  c.rate = lambda;
  c.n_requests = 1000000;
  c.seed = 7;
  if (gpuadv_sim_run(&c, &r) != 0) {
    check_true(r.error, 0);
    return;
  }
  check_rel("M/M/1 by output tokens, rho 0.7: mean wait = rho/(mu-lambda)",
            r.mean_wait, rho / (mu - lambda), 0.02);
  check_rel("M/M/1 by output tokens, rho 0.7: tokens/s = rate * 100",
            r.throughput_tps, lambda * 100, 0.02);
  check_rel("M/M/1 by output tokens, rho 0.7: TPOT = S/100", r.tpot_p50,
            S / 100, 1e-6);
}

/* A chat-like case: 1000-token prompts, 300 output tokens. */
static void chat(gpuadv_sim_config *c, gpuadv_sim_linear *lin, double rate) {
  gpuadv_sim_config_init(c);
  lin->fixed_s = 0.007;
  lin->per_seq_s = 2e-5;
  lin->per_ctx_token_s = 6e-11;
  lin->per_prefill_token_s = 3e-5;
  lin->per_pair_s = 9e-10;
  c->rate = rate;
  c->prompt_cv = 0.5;
  c->output_cv = 0.8;
  c->max_running = 256;
  c->step_time = gpuadv_sim_linear_step;
  c->step_arg = lin;
}

static int same_result(const gpuadv_sim_result *a, const gpuadv_sim_result *b) {
  return a->ttft_p50 == b->ttft_p50 && a->ttft_p99 == b->ttft_p99 &&
         a->tpot_p50 == b->tpot_p50 && a->e2e_p95 == b->e2e_p95 &&
         a->mean_wait == b->mean_wait && a->mean_batch == b->mean_batch &&
         a->throughput_tps == b->throughput_tps && a->steps == b->steps;
}

static void test_determinism(void) {
  gpuadv_sim_config c;
  gpuadv_sim_linear lin;
  gpuadv_sim_result a, b, d;
  chat(&c, &lin, 10);
  c.n_requests = 20000;
  c.seed = 5;
  gpuadv_sim_run(&c, &a);
  gpuadv_sim_run(&c, &b);
  c.seed = 6;
  gpuadv_sim_run(&c, &d);
  check_true("same seed, same results", same_result(&a, &b));
  check_true("different seed, different results", !same_result(&a, &d));
}

/* Below capacity, completions keep up with arrivals; far above it, the
** queue grows and the flag is set. */
static void test_throughput_and_saturation(void) {
  gpuadv_sim_config c;
  gpuadv_sim_linear lin;
  gpuadv_sim_result r;
  chat(&c, &lin, 8);
  c.n_requests = 50000;
  gpuadv_sim_run(&c, &r);
  check_rel("chat at 8 req/s: requests/s = arrival rate", r.requests_per_s, 8,
            0.02);
  check_rel("chat at 8 req/s: tokens/s = rate * 300", r.throughput_tps, 8 * 300,
            0.02);
  check_true("chat at 8 req/s: not saturated", !r.saturated);
  chat(&c, &lin, 40);
  c.n_requests = 50000;
  gpuadv_sim_run(&c, &r);
  check_true("chat at 40 req/s: saturated", r.saturated);
  check_true("chat at 40 req/s: requests/s well below 40",
             r.requests_per_s < 30);
  check_true("chat at 40 req/s: the queue holds thousands", r.max_queue > 1000);
}

/* KV room for exactly 10 requests of 1000 + 300 tokens: the batch never
** exceeds 10 and under overload stays at 10. */
static void test_kv_limit(void) {
  gpuadv_sim_config c;
  gpuadv_sim_linear lin;
  gpuadv_sim_result r;
  chat(&c, &lin, 100);
  c.prompt_cv = 0;
  c.output_cv = 0;
  c.kv_capacity = 13000;
  c.n_requests = 5000;
  gpuadv_sim_run(&c, &r);
  check_true("KV for 10 requests: mean batch <= 10", r.mean_batch <= 10);
  check_true("KV for 10 requests: mean batch > 9.5 under overload",
             r.mean_batch > 9.5);
  c.kv_capacity = 12999;
  gpuadv_sim_run(&c, &r);
  check_true("KV one token short of 10 requests: mean batch <= 9",
             r.mean_batch <= 9);
}

/* A step-time model that checks and records what it is asked. */
typedef struct probe {
  double budget, max_tokens, total_prefill, total_pairs, steps;
  double fixed_s;
  int over_budget;
} probe;

static double probe_step(const void *arg, const gpuadv_step_load *load) {
  probe *p = (probe *)arg; /* the tests own it; the simulator passes it on */
  double tokens = load->decode_seqs + load->prefill_tokens;
  if (tokens > p->budget) p->over_budget = 1;
  if (tokens > p->max_tokens) p->max_tokens = tokens;
  p->total_prefill += load->prefill_tokens;
  p->total_pairs += load->prefill_pairs;
  p->steps += 1;
  return p->fixed_s;
}

/* A configuration of 5000-token prompts and 10-token answers, a budget of
** 2048 tokens a step, at most 16 running, every request measured, with
** the step-time model fn(arg). */
static void long_prompts(gpuadv_sim_config *c, gpuadv_step_time_fn fn,
                         void *arg) {
  gpuadv_sim_config_init(c);
  c->warmup = 0;
  c->prompt_mean = 5000;
  c->output_mean = 10;
  c->max_running = 16;
  c->token_budget = 2048;
  c->step_time = fn;
  c->step_arg = arg;
}

/* One request of 5000 prompt tokens with a budget of 2048 is prefilled in
** chunks of 2048, 2048 and 904: its first token ends the third step. The
** pairs of the three chunks add up to those of the whole prompt,
** 5000 * 5001 / 2. */
static void test_chunked_prefill(void) {
  gpuadv_sim_config c;
  gpuadv_sim_result r;
  probe p;
  memset(&p, 0, sizeof(p));
  long_prompts(&c, probe_step, &p);
  p.budget = 2048;
  p.fixed_s = 0.01;
  c.rate = 1;
  c.n_requests = 1;
  gpuadv_sim_run(&c, &r);
  /* (Percentiles are stored in single precision.) */
  check_rel("5000-token prompt, budget 2048: TTFT = 3 steps", r.ttft_p50, 0.03,
            1e-7);
  check_rel("then 9 decode steps: e2e = 12 steps", r.e2e_p50, 0.12, 1e-7);
  check_rel("TPOT = one step", r.tpot_p50, 0.01, 1e-7);
  check_close("prefill tokens = 5000", p.total_prefill, 5000, 0);
  check_close("prefill pairs = 5000 * 5001 / 2", p.total_pairs,
              5000.0 * 5001 / 2, 0);
  check_close("12 steps", (double)r.steps, 12, 0);

  /* Many requests under load: no step goes over the budget, and some
  ** fill it. */
  memset(&p, 0, sizeof(p));
  p.budget = 2048;
  p.fixed_s = 0.01;
  c.n_requests = 3000;
  c.warmup = 0.1;
  c.rate = 5;
  c.prompt_cv = 1;
  c.output_cv = 1;
  c.prompt_mean = 3000;
  c.output_mean = 50;
  c.max_running = 64;
  gpuadv_sim_run(&c, &r);
  check_true("under load: decode + prefill tokens <= budget every step",
             !p.over_budget);
  check_close("under load: some steps use the whole budget", p.max_tokens, 2048,
              0);
}

/* What a step-time model sees of the prefill groups. */
typedef struct group_probe {
  double max_total, max_group, group_pairs_sum;
  int group_above_total;
} group_probe;

static double group_step(const void *arg, const gpuadv_step_load *load) {
  group_probe *p = (group_probe *)arg; /* owned by the test */
  if (load->prefill_tokens > p->max_total) p->max_total = load->prefill_tokens;
  if (load->group_tokens > p->max_group) p->max_group = load->group_tokens;
  if (load->group_tokens > load->prefill_tokens) p->group_above_total = 1;
  p->group_pairs_sum += load->group_pairs;
  return 0.01;
}

/* Two clients send a 5000-token prompt each at time 0 (10 output tokens),
** budget 2048 a step, steps of 10 ms. One group: A takes 2048, 2048, then
** 904 beside 1144 of B, whose last 2048 and 1808 follow: first tokens at
** 30 and 50 ms, and each step's group is the whole step. Two groups, each
** with a budget of 2048: A and B side by side, 2048, 2048 and 904 each,
** both first tokens at 30 ms; a step computes up to 4096 prompt tokens,
** no group more than 2048. */
static void test_prefill_groups(void) {
  gpuadv_sim_config c;
  gpuadv_sim_result r;
  group_probe p;
  memset(&p, 0, sizeof(p));
  long_prompts(&c, group_step, &p);
  c.concurrency = 2;
  c.n_requests = 2;
  gpuadv_sim_run(&c, &r);
  check_rel("one group: first tokens at 30 and 50 ms (p99)", r.ttft_p99, 0.05,
            1e-7);
  check_rel("one group: first tokens at 30 and 50 ms (mean)", r.ttft_mean, 0.04,
            1e-7);
  check_close("one group: the step is the group", p.max_group, 2048, 0);
  check_close("one group: group pairs = all pairs", p.group_pairs_sum,
              2 * 5000.0 * 5001 / 2, 0);
  memset(&p, 0, sizeof(p));
  c.prefill_groups = 2;
  gpuadv_sim_run(&c, &r);
  check_rel("two groups: both first tokens at 30 ms", r.ttft_p99, 0.03, 1e-7);
  check_close("two groups: 4096 prompt tokens in a step", p.max_total, 4096, 0);
  check_close("two groups: at most 2048 in a group", p.max_group, 2048, 0);
  check_true("two groups: no group above the step", !p.group_above_total);
  c.prefill_groups = 1025;
  check_true("1025 groups refused", gpuadv_sim_run(&c, &r) != 0 &&
                                        strstr(r.error, "prefill_groups") != 0);
  c.prefill_groups = 4;
  c.max_running = 8193;
  check_true("4 x 2048 budget below 8193 running refused",
             gpuadv_sim_run(&c, &r) != 0 &&
                 strstr(r.error,
                        "token_budget x 4 prefill groups must be "
                        ">= max_running (8193)") != 0);
}

/* At a very low rate nobody waits: TTFT is the one prefill step,
** fixed + 1000 * per_token + 500500 * per_pair (1000 tokens from position
** 0: 1000 * (0 + 1001 / 2) pairs). With half the prompt in the prefix
** cache, 500 tokens from position 500: 500 * (500 + 501 / 2) pairs. */
static void test_ttft_and_prefix(void) {
  gpuadv_sim_config c;
  gpuadv_sim_linear lin;
  gpuadv_sim_result r;
  double full, half;
  memset(&lin, 0, sizeof(lin));
  gpuadv_sim_config_init(&c);
  lin.fixed_s = 0.005;
  lin.per_prefill_token_s = 3e-5;
  lin.per_pair_s = 1e-9;
  c.rate = 0.001;
  c.n_requests = 200;
  c.output_mean = 20;
  c.step_time = gpuadv_sim_linear_step;
  c.step_arg = &lin;
  full = 0.005 + 1000 * 3e-5 + 500500 * 1e-9;
  half = 0.005 + 500 * 3e-5 + 500 * (500 + 250.5) * 1e-9;
  gpuadv_sim_run(&c, &r);
  check_rel("idle replica: TTFT p50 = prefill step", r.ttft_p50, full, 1e-6);
  check_rel("idle replica: TTFT p99 = prefill step", r.ttft_p99, full, 1e-6);
  check_rel("idle replica: TPOT = fixed step", r.tpot_p50, 0.005, 1e-6);
  c.prefix_hit = 0.5;
  gpuadv_sim_run(&c, &r);
  check_rel("prefix hit 0.5: TTFT = half-prompt step", r.ttft_p50, half, 1e-6);
  check_true("prefix hit shortens TTFT", half < full);
  /* Under load too: waits and TTFT never fall below the prefill step. */
  {
    gpuadv_sim_linear l2;
    chat(&c, &l2, 12);
    c.n_requests = 20000;
    c.prompt_cv = 0;
    gpuadv_sim_run(&c, &r);
    check_true("chat at 12 req/s: TTFT p50 >= one step of its prefill",
               r.ttft_p50 >= 0.007 + 1000 * 3e-5 + 500500 * 9e-10);
    {
      double no_hit = r.ttft_p95;
      c.prefix_hit = 0.8;
      gpuadv_sim_run(&c, &r);
      check_true("chat at 12 req/s: prefix hit 0.8 lowers TTFT p95",
                 r.ttft_p95 < no_hit);
    }
  }
}

/* At an idle replica every one-token request takes one step: every
** percentile is that step. */
static void test_percentiles(void) {
  gpuadv_sim_config c;
  gpuadv_sim_linear lin;
  gpuadv_sim_result r;
  memset(&lin, 0, sizeof(lin));
  gpuadv_sim_config_init(&c);
  lin.fixed_s = 0.001;
  c.rate = 0.01;
  c.n_requests = 100;
  c.warmup = 0;
  c.prompt_mean = 1;
  c.output_mean = 1;
  c.step_time = gpuadv_sim_linear_step;
  c.step_arg = &lin;
  gpuadv_sim_run(&c, &r);
  check_rel("100 equal e2e values: p50", r.e2e_p50, 0.001, 1e-7);
  check_rel("100 equal e2e values: p99", r.e2e_p99, 0.001, 1e-7);
  check_true("one output token: no TPOT", !r.has_tpot);
  check_close("one output token: tokens/s = requests/s", r.throughput_tps,
              r.requests_per_s, 1e-12);
}

/* Steps of 1, 2, ... 100 ms in a shuffled order (k * 37 mod 101 for
** k = 1..100 visits 1..100 once each). */
typedef struct perm_step {
  int k;
} perm_step;

static double perm_step_time(const void *arg, const gpuadv_step_load *load) {
  perm_step *p = (perm_step *)arg; /* the test owns it */
  (void)load;
  p->k++;
  return 0.001 * (double)((p->k * 37) % 101);
}

/* Nearest rank: of m values, the p-th percentile is the ceil(p * m / 100)-th
** smallest. Regular arrivals 1 s apart at an idle replica, one step per
** request, give e2e values of exactly 1..100 ms. */
static void test_nearest_rank(void) {
  gpuadv_sim_config c;
  gpuadv_sim_result r;
  perm_step p = {0};
  gpuadv_sim_config_init(&c);
  c.rate = 1;
  c.arrival = GPUADV_SIM_GAMMA;
  c.arrival_cv = c.warmup = 0;
  c.n_requests = 100;
  c.prompt_mean = c.output_mean = 1;
  c.step_time = perm_step_time;
  c.step_arg = &p;
  gpuadv_sim_run(&c, &r);
  check_rel("e2e 1..100 ms: p50 is the 50th value", r.e2e_p50, 0.050, 1e-6);
  check_rel("e2e 1..100 ms: p95 is the 95th value", r.e2e_p95, 0.095, 1e-6);
  check_rel("e2e 1..100 ms: p99 is the 99th value", r.e2e_p99, 0.099, 1e-6);
  check_rel("e2e 1..100 ms: mean 50.5 ms", r.e2e_mean, 0.0505, 1e-12);
  check_close("idle replica: nobody waits, max_queue 0", (double)r.max_queue, 0,
              0);
  /* Ten requests: steps 37, 74, 10, 47, 84, 20, 57, 94, 30, 67 ms; the
  ** 5th smallest is 47, the 10th (ceil(9.5) and ceil(9.9)) is 94. */
  p.k = 0;
  c.n_requests = 10;
  gpuadv_sim_run(&c, &r);
  check_rel("10 values: p50 is the 5th", r.e2e_p50, 0.047, 1e-6);
  check_rel("10 values: p95 is the 10th", r.e2e_p95, 0.094, 1e-6);
  check_rel("10 values: p99 is the 10th", r.e2e_p99, 0.094, 1e-6);
}

/* A closed loop of fixed requests on a fixed step, worked by hand. Steps
** of 10 ms whatever they hold; prompts of 10 tokens (one step's prefill,
** which gives the first token), 5 output tokens (4 more steps): every
** request takes 5 steps, 50 ms, and its client sends the next one
** think_time later. 4 clients stay in lockstep. Throughput is
** concurrency / (service + think): 4 / 50 ms = 80/s with no think time,
** 4 / (50 + 30) ms = 50/s with 30 ms. Over 400 requests with warm-up 0.1
** the window runs from the arrival of request 40 (cycle 10) to that of
** request 399 (cycle 99): 89 cycles of 4 completions inside it, so these
** are exact. The batch holds 4 while busy: 4 x 50 / 80 = 2.5 on average
** with the think time. */
static void closed_fixed(gpuadv_sim_config *c, gpuadv_sim_linear *lin,
                         double think) {
  gpuadv_sim_config_init(c);
  memset(lin, 0, sizeof(*lin));
  lin->fixed_s = 0.010;
  c->concurrency = 4;
  c->think_time = think;
  c->prompt_mean = 10;
  c->output_mean = 5;
  c->n_requests = 400;
  c->step_time = gpuadv_sim_linear_step;
  c->step_arg = lin;
}

static void test_closed_loop_by_hand(void) {
  gpuadv_sim_config c;
  gpuadv_sim_linear lin;
  gpuadv_sim_result r;
  closed_fixed(&c, &lin, 0.0);
  check_true("closed loop runs", gpuadv_sim_run(&c, &r) == 0);
  check_rel("closed loop, no think: 4 / 50 ms", r.requests_per_s, 80, 1e-9);
  check_rel("closed loop, no think: tokens 5 x 80", r.throughput_tps, 400,
            1e-9);
  check_rel("closed loop, no think: batch 4", r.mean_batch, 4, 1e-9);
  check_rel("closed loop: TTFT one step", r.ttft_p95, 0.010, 1e-6);
  check_rel("closed loop: TPOT one step", r.tpot_p50, 0.010, 1e-6);
  check_rel("closed loop: e2e five steps", r.e2e_mean, 0.050, 1e-9);
  check_close("closed loop, lockstep: nobody waits", r.mean_wait, 0, 1e-12);
  check_true("closed loop is never saturated", r.saturated == 0);
  closed_fixed(&c, &lin, 0.030);
  check_true("closed loop with think time runs", gpuadv_sim_run(&c, &r) == 0);
  check_rel("closed loop, 30 ms think: 4 / 80 ms", r.requests_per_s, 50, 1e-9);
  check_rel("closed loop, 30 ms think: batch 4 x 50 / 80", r.mean_batch, 2.5,
            1e-9);
  check_rel("closed loop, 30 ms think: e2e still 50 ms", r.e2e_p99, 0.050,
            1e-6);
}

/* Inter-token latency by hand. The closed loop above: every gap is one
** 10 ms step, so ITL p50 = p99 = 10 ms (to the histogram's 0.36%) and the
** mean exactly. Two clients, 3000-token prompts, 100 output tokens, a
** budget of 1000 tokens a step, 10 ms a step plus 10 us a prompt token: one
** request decodes while the other prefills in chunks of 999, 999, 999 and
** 3 tokens (the budget less the decode), so of each request's 99 gaps
** about 3 are 19.99 ms steps and one a 10.03 ms step: ITL p50 is 10 ms,
** p99 19.99 ms, and TPOT (each request's mean gap) sits between. */
static void test_itl_by_hand(void) {
  gpuadv_sim_config c;
  gpuadv_sim_linear lin;
  gpuadv_sim_result r;
  closed_fixed(&c, &lin, 0.0);
  check_true("closed loop runs", gpuadv_sim_run(&c, &r) == 0);
  check_true("closed loop: ITL counted", r.has_itl);
  check_rel("closed loop: ITL p50 one step", r.itl_p50, 0.010, 0.0036);
  check_rel("closed loop: ITL p99 one step", r.itl_p99, 0.010, 0.0036);
  check_rel("closed loop: ITL mean one step", r.itl_mean, 0.010, 1e-12);
  gpuadv_sim_config_init(&c);
  memset(&lin, 0, sizeof(lin));
  lin.fixed_s = 0.010;
  lin.per_prefill_token_s = 10e-6;
  c.concurrency = 2;
  c.prompt_mean = 3000;
  c.output_mean = 100;
  c.token_budget = 1000;
  c.max_running = 2;
  c.n_requests = 400;
  c.step_time = gpuadv_sim_linear_step;
  c.step_arg = &lin;
  check_true("prefill beside decodes runs", gpuadv_sim_run(&c, &r) == 0);
  check_rel("prefill beside decodes: ITL p50 a decode step", r.itl_p50, 0.010,
            0.0036);
  check_rel("prefill beside decodes: ITL p99 a 999-token chunk's step",
            r.itl_p99, 0.010 + 999 * 10e-6, 0.0036);
  check_true("prefill beside decodes: TPOT between the two",
             r.tpot_p50 > r.itl_p50 * 1.01 && r.tpot_p50 < r.itl_p99 * 0.9);
  check_true("prefill beside decodes: ITL mean between the two",
             r.itl_mean > 0.0102 && r.itl_mean < 0.011);
  c.output_mean = 1;
  check_true("one output token runs", gpuadv_sim_run(&c, &r) == 0);
  check_true("one output token: no ITL", !r.has_itl);
}

/* Overlap scheduling by hand: a step's tokens leave at the end of the
** next step, or at once when none follows. 10 ms steps, prompts of one
** token, 5 output tokens.
** - Two clients, one sequence at a time: A runs steps 1-5 while B waits.
**   A's first token (step 1) leaves at 20 ms; its last (step 5, 50 ms)
**   waits for step 6, B's first, and leaves at 60 ms. B's first token
**   (step 6) leaves at 70 ms; its last (step 10) at 100 ms, at once, as
**   nothing follows. TTFT 20 and 70 ms, e2e 60 and 100 ms, TPOT (60 - 20)
**   / 4 and (100 - 70) / 4 ms. Without overlap: TTFT 10 and 60 ms, e2e 50
**   and 100 ms.
** - The four lockstep clients of closed_fixed: every first token one step
**   late (20 ms), every last one at once (the batch ends together), so
**   the throughput is the same. */
static void test_overlap(void) {
  gpuadv_sim_config c;
  gpuadv_sim_linear lin;
  gpuadv_sim_result r;
  single_server(&c, &lin, 0.010);
  c.concurrency = 2;
  c.output_mean = 5;
  c.max_running = 1;
  c.token_budget = 1;
  c.n_requests = 2;
  c.warmup = 0;
  check_true("two clients, one slot runs", gpuadv_sim_run(&c, &r) == 0);
  check_rel("no overlap: TTFT mean (10 + 60) / 2 ms", r.ttft_mean, 0.035, 1e-9);
  check_rel("no overlap: e2e mean (50 + 100) / 2 ms", r.e2e_mean, 0.075, 1e-9);
  c.overlap = 1;
  check_true("overlap runs", gpuadv_sim_run(&c, &r) == 0);
  check_rel("overlap: TTFT mean (20 + 70) / 2 ms", r.ttft_mean, 0.045, 1e-9);
  check_rel("overlap: e2e mean (60 + 100) / 2 ms", r.e2e_mean, 0.080, 1e-9);
  check_rel("overlap: TPOT mean (10 + 7.5) / 2 ms", r.tpot_mean, 0.00875, 1e-9);
  check_rel("overlap: same steps, 10 of them", (double)r.steps, 10, 0);
  c.overlap = 2;
  check_true("overlap 2 is an error",
             gpuadv_sim_run(&c, &r) != 0 && strcmp(r.error,
                                                   "overlap must be 0 or 1, "
                                                   "got 2") == 0);
  closed_fixed(&c, &lin, 0.0);
  c.overlap = 1;
  check_true("lockstep with overlap runs", gpuadv_sim_run(&c, &r) == 0);
  check_rel("lockstep with overlap: TTFT two steps", r.ttft_p95, 0.020, 1e-6);
  check_rel("lockstep with overlap: e2e five steps", r.e2e_mean, 0.050, 1e-9);
  check_rel("lockstep with overlap: still 4 / 50 ms", r.requests_per_s, 80,
            1e-9);
}

/* Two requests on a regular clock, one every 25 ms from 25 ms, of 10
** prompt and 10 output tokens, 10 ms steps, a budget of 100 tokens and 2
** sequences, both measured. */
static void regular_clock(gpuadv_sim_config *c, gpuadv_sim_linear *lin) {
  gpuadv_sim_config_init(c);
  memset(lin, 0, sizeof(*lin));
  lin->fixed_s = 0.010;
  c->arrival = GPUADV_SIM_GAMMA;
  c->arrival_cv = 0;
  c->rate = 40;
  c->prompt_mean = 10;
  c->output_mean = 10;
  c->token_budget = 100;
  c->max_running = 2;
  c->n_requests = 2;
  c->warmup = 0;
  c->step_time = gpuadv_sim_linear_step;
  c->step_arg = lin;
}

/* Batch waiting by hand (TensorRT-LLM's batch_wait_timeout_iters and
** batch_wait_max_tokens_ratio). 10 ms steps, prompts of 10 tokens, 10
** output tokens, a budget of 100, arrivals every 25 ms from 25 ms (a
** regular clock). The first request finds the replica idle: its prompt
** runs at once, its first token at 35 ms. The second arrives at 50 ms
** while the first decodes: without waiting its prompt runs in the step
** from 55 ms (TTFT 15 ms); waiting 3 steps, in the step from 85 ms (TTFT
** 45 ms), unless the step's tokens already reach the ratio: 1 decode and
** 10 prompt tokens are 11 of the budget's 100, so a ratio of 0.1 waits
** not at all. */
static void test_batch_wait(void) {
  gpuadv_sim_config c;
  gpuadv_sim_linear lin;
  gpuadv_sim_result r;
  regular_clock(&c, &lin);
  check_true("batch wait: runs without", gpuadv_sim_run(&c, &r) == 0);
  check_rel("no batch wait: TTFT mean (10 + 15) / 2 ms", r.ttft_mean, 0.0125,
            1e-9);
  c.batch_wait_steps = 3;
  c.batch_wait_ratio = 1;
  check_true("batch wait: runs with", gpuadv_sim_run(&c, &r) == 0);
  check_rel("3 steps of batch wait: TTFT mean (10 + 45) / 2 ms", r.ttft_mean,
            0.0275, 1e-9);
  c.batch_wait_ratio = 0.1;
  check_true("batch wait: runs at ratio 0.1", gpuadv_sim_run(&c, &r) == 0);
  check_rel("11 of 100 tokens reach a ratio of 0.1: TTFT mean 12.5 ms",
            r.ttft_mean, 0.0125, 1e-9);
  c.batch_wait_ratio = 1.5;
  check_true(
      "batch_wait_tokens_ratio 1.5 is an error",
      gpuadv_sim_run(&c, &r) != 0 &&
          strcmp(r.error,
                 "batch_wait_tokens_ratio must be in [0, 1], got 1.5") == 0);
}

/* A closed loop with random lengths and a step time that grows with the
** batch: Little's law over the clients gives throughput = concurrency /
** (mean e2e + think), and requests in the system (batch + queue) =
** concurrency x e2e / (e2e + think). The window's edges leave a small
** error: 1% over 20000 requests. More clients than batch slots queue, but
** never more than the clients left over. */
static void test_closed_loop_little(void) {
  gpuadv_sim_config c;
  gpuadv_sim_linear lin;
  gpuadv_sim_result r;
  double cycle;
  chat(&c, &lin, 0);
  c.concurrency = 48;
  c.think_time = 0.5;
  c.max_running = 32;
  c.token_budget = 2048;
  c.n_requests = 20000;
  check_true("closed loop with random lengths runs",
             gpuadv_sim_run(&c, &r) == 0);
  cycle = r.e2e_mean + c.think_time;
  check_rel("closed loop: throughput = concurrency / (e2e + think)",
            r.requests_per_s, 48 / cycle, 0.01);
  check_rel("closed loop: in system = concurrency x e2e / (e2e + think)",
            r.mean_batch + r.mean_queue, 48 * r.e2e_mean / cycle, 0.01);
  check_true("closed loop: queue at most concurrency - max_running",
             r.max_queue <= 48 - 32 && r.max_queue > 0);
  check_true("closed loop: the batch fills to max_running",
             r.mean_batch <= 32 && r.mean_batch > 16);
}

static double zero_step(const void *arg, const gpuadv_step_load *load) {
  (void)arg;
  (void)load;
  return 0.0;
}

static void test_errors(void) {
  gpuadv_sim_config c;
  gpuadv_sim_linear lin;
  gpuadv_sim_result r;
  char err[160];
  chat(&c, &lin, -1);
  check_true("rate -1 rejected", gpuadv_sim_run(&c, &r) == -1);
  check_str("rate -1 message", r.error, "rate must be > 0, got -1");
  chat(&c, &lin, 0.0001);
  gpuadv_sim_check(&c, err, sizeof(err));
  check_str("rate below one per 1000 s", err,
            "rate must be >= 0.001 (one request per 1000 s), got 0.0001");
  chat(&c, &lin, 1);
  c.n_requests = 10000001;
  gpuadv_sim_check(&c, err, sizeof(err));
  check_str("request cap message", err,
            "n_requests must be <= 10000000 (the cap on simulated requests), "
            "got 10000001");
  chat(&c, &lin, 1);
  c.token_budget = 100;
  gpuadv_sim_check(&c, err, sizeof(err));
  check_str("budget below max_running", err,
            "token_budget must be >= max_running (256), got 100");
  chat(&c, &lin, 1);
  c.prompt_cv = 0;
  c.output_cv = 0;
  c.kv_capacity = 1299;
  gpuadv_sim_check(&c, err, sizeof(err));
  check_str("KV too small for a fixed request", err,
            "kv_capacity_tokens must hold one request's prompt + output "
            "tokens (1300), got 1299");
  chat(&c, &lin, 1);
  c.arrival_cv = 2;
  gpuadv_sim_check(&c, err, sizeof(err));
  check_str("arrival_cv with poisson", err,
            "arrival_cv needs arrival 'gamma' (poisson has cv 1), got 2");
  chat(&c, &lin, 1);
  c.step_time = zero_step;
  check_true("step time 0 rejected", gpuadv_sim_run(&c, &r) == -1);
  check_str("step time 0 message", r.error,
            "the step-time model must give a finite time > 0 s, gave 0");
  chat(&c, &lin, 1);
  c.think_time = 1;
  gpuadv_sim_check(&c, err, sizeof(err));
  check_str("think time needs a closed loop", err,
            "think_time_s needs a closed loop (concurrency), got 1");
  chat(&c, &lin, 0);
  c.concurrency = 8;
  c.arrival = GPUADV_SIM_GAMMA;
  gpuadv_sim_check(&c, err, sizeof(err));
  check_str("gamma arrivals need an open loop", err,
            "arrival 'gamma' needs an open loop (rate), not concurrency, "
            "got 1");
  chat(&c, &lin, 0);
  c.concurrency = -2;
  gpuadv_sim_check(&c, err, sizeof(err));
  check_str("negative concurrency", err,
            "concurrency must be in [1, 1000000] (0: an open loop at rate), "
            "got -2");
  chat(&c, &lin, 0);
  c.concurrency = 8;
  check_true("a closed loop needs no rate", gpuadv_sim_run(&c, &r) == 0);
  /* A random request longer than the KV cache is cut, not stuck. */
  chat(&c, &lin, 1);
  c.kv_capacity = 2000;
  c.prompt_cv = 3;
  c.n_requests = 2000;
  check_true("requests longer than the KV cache are cut to fit",
             gpuadv_sim_run(&c, &r) == 0 && r.requests == 2000);
}

/* Gamma arrivals: cv 0 is a regular clock (D/D/1: nobody waits), cv 3
** is bursty and waits more than Poisson at the same rate. */
static void test_gamma_arrivals(void) {
  gpuadv_sim_config c;
  gpuadv_sim_linear lin;
  gpuadv_sim_result poisson, bursty, regular;
  single_server(&c, &lin, 0.001);
  c.rate = 800;
  c.n_requests = 100000;
  gpuadv_sim_run(&c, &poisson);
  c.arrival = GPUADV_SIM_GAMMA;
  c.arrival_cv = 3;
  gpuadv_sim_run(&c, &bursty);
  c.arrival_cv = 0;
  gpuadv_sim_run(&c, &regular);
  check_close("regular arrivals below capacity: no wait", regular.mean_wait, 0,
              1e-12);
  check_true("bursty arrivals wait longer than Poisson",
             bursty.mean_wait > 2 * poisson.mean_wait);
  /* Kingman: Wq ~ rho/(1-rho) * (ca^2 + cs^2)/2 * S; with cs = 0 the
  ** bursty wait is about 9 times the Poisson one. */
  check_true("bursty wait within Kingman's factor 9 +- 35%",
             bursty.mean_wait > 5.85 * poisson.mean_wait &&
                 bursty.mean_wait < 12.15 * poisson.mean_wait);
}

/* A step model with the two branches of a replica's KV time: reads of
** 1e-9 s per context token plus 2e-5 s per sequence, or attention at
** 3e-9 s per context token, the longer; counts its calls. */
typedef struct two_branch {
  int64_t calls;
} two_branch;

static double two_branch_step(const void *arg, const gpuadv_step_load *load) {
  two_branch *m = (two_branch *)arg;
  double read = 2e-5 * load->decode_seqs + 1e-9 * load->decode_context;
  double attn = 3e-9 * load->decode_context;
  m->calls++;
  return 0.004 + 1e-5 * load->decode_seqs + 2e-5 * load->prefill_tokens +
         (attn > read ? attn : read);
}

static void two_branch_line(const void *arg, double seqs,
                            gpuadv_step_line *out) {
  (void)arg;
  out->fixed_s = 0.004 + 1e-5 * seqs;
  out->read_s = 2e-5 * seqs;
  out->read_per_ctx_s = 1e-9;
  out->attn_per_ctx_s = 3e-9;
}

/* Every statistic of two runs within rel of each other, steps equal. */
static void check_same_run(const char *name, const gpuadv_sim_result *a,
                           const gpuadv_sim_result *b, double rel) {
  const double got[] = {a->ttft_p50,       a->ttft_p95,   a->ttft_p99,
                        a->tpot_p50,       a->tpot_p95,   a->tpot_p99,
                        a->e2e_p50,        a->e2e_p99,    a->mean_wait,
                        a->mean_batch,     a->mean_queue, a->throughput_tps,
                        a->requests_per_s, a->sim_time,   a->itl_p50,
                        a->itl_p95,        a->itl_p99,    a->itl_mean};
  const double want[] = {b->ttft_p50,       b->ttft_p95,   b->ttft_p99,
                         b->tpot_p50,       b->tpot_p95,   b->tpot_p99,
                         b->e2e_p50,        b->e2e_p99,    b->mean_wait,
                         b->mean_batch,     b->mean_queue, b->throughput_tps,
                         b->requests_per_s, b->sim_time,   b->itl_p50,
                         b->itl_p95,        b->itl_p99,    b->itl_mean};
  double worst = 0.0;
  size_t i;
  for (i = 0; i < sizeof(got) / sizeof(got[0]); i++) {
    double scale = fabs(want[i]) > 0.0 ? fabs(want[i]) : 1.0;
    double err = fabs(got[i] - want[i]) / scale;
    if (err > worst) worst = err;
  }
  if (worst <= rel && a->steps == b->steps && a->saturated == b->saturated &&
      a->max_queue == b->max_queue) {
    n_pass++;
    printf("ok - %s (%lld steps, worst difference %.1e)\n", name,
           (long long)a->steps, worst);
  } else {
    n_fail++;
    printf(
        "not ok - %s: steps %lld vs %lld, saturated %d vs %d, "
        "max_queue %lld vs %lld, worst difference %.3g (tol %g)\n",
        name, (long long)a->steps, (long long)b->steps, a->saturated,
        b->saturated, (long long)a->max_queue, (long long)b->max_queue, worst,
        rel);
  }
}

/* Skipping the quiet runs of decode steps with the model's line gives the
** statistics of stepping through them one at a time (up to the rounding
** of sums: the percentiles are stored in single precision, so 1e-6), at
** light load (batches of one or two: long runs skipped), near capacity,
** saturated (a queue waiting on KV), in a closed loop, and across the
** crossing from KV reads to attention; and it calls the step model far
** less often. */
static void test_quiet_runs(void) {
  static const struct {
    const char *name;
    double rate;
    int64_t concurrency, kv;
  } cases[] = {
      {"light load (0.2 requests/s)", 0.2, 0, 1000000},
      {"near capacity (40 requests/s)", 40, 0, 1000000},
      {"saturated, KV-bound (200 requests/s, 60k KV tokens)", 200, 0, 60000},
      {"closed loop of 8 clients", 0, 8, 1000000},
      {"closed loop of 8 clients, overlap", 0, -8, 1000000},
      {"light load, overlap (0.2 requests/s)", -0.2, 0, 1000000},
      /* negative KV: preempt */
      {"saturated, KV-bound, preempt (200 requests/s, 60k KV tokens)", 200, 0,
       -60000},
      {"closed loop of 64 clients, overlap, preempt, 60k KV tokens", 0, -64,
       -60000},
  };
  size_t i;
  for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
    gpuadv_sim_config c;
    gpuadv_sim_linear lin;
    two_branch m;
    gpuadv_sim_result stepped, skipped;
    int64_t calls_stepped;
    char name[160];
    chat(&c, &lin, cases[i].rate != 0 ? fabs(cases[i].rate) : 1);
    c.overlap = cases[i].rate < 0; /* negative: an open loop with overlap */
    if (cases[i].concurrency != 0) {
      c.rate = 0;
      c.concurrency = llabs(cases[i].concurrency);
      c.overlap = cases[i].concurrency < 0; /* negative: with overlap */
    }
    c.kv_capacity = llabs(cases[i].kv);
    c.preempt = cases[i].kv < 0;
    c.n_requests = 3000;
    c.seed = 11;
    gpuadv_sim_run(&c, &stepped);
    c.step_line = gpuadv_sim_linear_line;
    gpuadv_sim_run(&c, &skipped);
    snprintf(name, sizeof(name), "linear model, %s: skipped = stepped",
             cases[i].name);
    check_same_run(name, &skipped, &stepped, 1e-6);

    /* the two-branch model: attention is the longer above 10^4 context
    ** tokens a sequence, which contexts of ~9,900-token prompts and 300
    ** output tokens cross while they decode */
    memset(&m, 0, sizeof(m));
    c.prompt_mean = 9900;
    c.step_time = two_branch_step;
    c.step_line = 0;
    c.step_arg = &m;
    gpuadv_sim_run(&c, &stepped);
    calls_stepped = m.calls;
    m.calls = 0;
    c.step_line = two_branch_line;
    gpuadv_sim_run(&c, &skipped);
    snprintf(name, sizeof(name),
             "reads or attention, %s: skipped = stepped (%lld of %lld step "
             "model calls)",
             cases[i].name, (long long)m.calls, (long long)calls_stepped);
    check_same_run(name, &skipped, &stepped, 1e-6);
    if (i == 0) {
      check_true("light load: skipping calls the step model for < 5% of steps",
                 m.calls * 20 < calls_stepped);
    }
  }
}

/* Decode blocks by hand (SGLang's --num-continuous-decode-steps), on
** test_batch_wait's clock: the first request's prompt runs from 25 ms, and
** the step from 35 ms decodes with no prompt waiting, so it starts a block.
** The second request arrives at 50 ms. Blocks of 2 end with the step from
** 45 ms: its prompt runs from 55 ms (TTFT 15 ms, as without blocks); of 3
** from 65 ms (TTFT 25 ms); of 4 from 75 ms (TTFT 35 ms). Skipping quiet
** runs gives the same at light load. */
static void test_decode_blocks(void) {
  static const struct {
    int64_t steps;
    double ttft_mean;
  } cases[] = {{1, 0.0125}, {2, 0.0125}, {3, 0.0175}, {4, 0.0225}};
  gpuadv_sim_config c;
  gpuadv_sim_linear lin;
  gpuadv_sim_result r, skipped;
  size_t i;
  regular_clock(&c, &lin);
  for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
    char name[96];
    c.decode_block = cases[i].steps;
    snprintf(name, sizeof(name), "decode blocks of %lld: TTFT mean %g ms",
             (long long)cases[i].steps, cases[i].ttft_mean * 1e3);
    check_true("decode blocks run", gpuadv_sim_run(&c, &r) == 0);
    check_rel(name, r.ttft_mean, cases[i].ttft_mean, 1e-9);
  }
  chat(&c, &lin, 0.5);
  c.n_requests = 2000;
  c.decode_block = 4;
  check_true("decode blocks at light load run", gpuadv_sim_run(&c, &r) == 0);
  c.step_line = gpuadv_sim_linear_line;
  check_true("decode blocks at light load run skipped",
             gpuadv_sim_run(&c, &skipped) == 0);
  check_same_run("decode blocks of 4 at light load: skipped = stepped",
                 &skipped, &r, 1e-6);
  c.decode_block = 1001;
  check_true("decode blocks of 1001 are an error",
             gpuadv_sim_run(&c, &r) != 0 &&
                 strcmp(r.error,
                        "continuous_decode_steps must be in [0, 1000], got "
                        "1001") == 0);
}

/* Preemption by hand. Two clients, prompts of 10 tokens, 10 output
** tokens, a cache of 25 tokens, 10 ms steps.
** - Reserved whole (preempt 0): a request holds 20 tokens, so one runs
**   at a time: A in steps 1-10, B in steps 11-20. e2e 100 and 200 ms.
** - preempt 1: both prompts fit (10 + 10 of 25) and run in step 1; each
**   decode adds a token: 22 in step 2, 24 in step 3, and step 4 would
**   need 26. B, admitted last, is preempted with 3 tokens made: its
**   context of 13 returns as a prompt with 7 tokens to make. It fits
**   again only when A completes (step 10, 100 ms): it is prefilled in
**   step 11, making its 4th token at 110 ms, and decodes the other 6 in
**   steps 12-17 (170 ms). TTFT 10 ms each, e2e 100 and 170 ms, B's TPOT
**   (170 - 10) / 9 ms, one preemption, 17 steps. Skipping quiet runs
**   gives the same. */
static void test_preempt(void) {
  gpuadv_sim_config c;
  gpuadv_sim_linear lin;
  gpuadv_sim_result r, skipped;
  single_server(&c, &lin, 0.010);
  c.concurrency = 2;
  c.prompt_mean = 10;
  c.output_mean = 10;
  c.max_running = 2;
  c.token_budget = 100;
  c.kv_capacity = 25;
  c.n_requests = 2;
  c.warmup = 0;
  check_true("two requests, KV for one, runs", gpuadv_sim_run(&c, &r) == 0);
  check_rel("reserved whole: e2e mean (100 + 200) / 2 ms", r.e2e_mean, 0.150,
            1e-9);
  check_true("reserved whole: nothing preempted", r.preemptions == 0);
  c.preempt = 1;
  check_true("preempt runs", gpuadv_sim_run(&c, &r) == 0);
  check_rel("preempt: TTFT 10 ms each", r.ttft_mean, 0.010, 1e-9);
  check_rel("preempt: e2e mean (100 + 170) / 2 ms", r.e2e_mean, 0.135, 1e-9);
  check_rel("preempt: e2e p99 170 ms", r.e2e_p99, 0.170, 1e-6);
  check_rel("preempt: TPOT of B (170 - 10) / 9 ms", r.tpot_p99, 0.160 / 9,
            1e-6);
  check_true("preempt: one preemption", r.preemptions == 1);
  check_rel("preempt: 17 steps", (double)r.steps, 17, 0);
  c.step_line = gpuadv_sim_linear_line;
  check_true("preempt, quiet runs skipped, runs",
             gpuadv_sim_run(&c, &skipped) == 0);
  check_same_run("preempt: skipped = stepped", &skipped, &r, 1e-9);
  c.preempt = 2;
  check_true("preempt 2 is an error",
             gpuadv_sim_run(&c, &r) != 0 &&
                 strcmp(r.error, "preempt must be 0 or 1, got 2") == 0);
}

/* Under overload with KV for 10 whole requests (test_kv_limit), outputs
** that take KV as they come let more run at once: the batch holds more
** than 10, some are preempted, and every request completes. */
static void test_preempt_overload(void) {
  gpuadv_sim_config c;
  gpuadv_sim_linear lin;
  gpuadv_sim_result r;
  chat(&c, &lin, 100);
  c.prompt_cv = 0;
  c.output_cv = 0;
  c.kv_capacity = 13000;
  c.n_requests = 5000;
  c.preempt = 1;
  check_true("preempt under overload runs", gpuadv_sim_run(&c, &r) == 0);
  check_true("preempt under overload: mean batch > 10", r.mean_batch > 10);
  check_true("preempt under overload: some preempted", r.preemptions > 0);
  check_true("preempt under overload: all 5000 measured or warm",
             r.requests == 5000 && r.measured == 4500);
}

/* Whether two runs agree as check_same_run asks, quietly. */
static int close_runs(const gpuadv_sim_result *a, const gpuadv_sim_result *b,
                      double rel) {
  const double got[] = {a->ttft_p50,       a->ttft_p99,  a->tpot_p50,
                        a->e2e_p95,        a->mean_wait, a->mean_batch,
                        a->throughput_tps, a->sim_time};
  const double want[] = {b->ttft_p50,       b->ttft_p99,  b->tpot_p50,
                         b->e2e_p95,        b->mean_wait, b->mean_batch,
                         b->throughput_tps, b->sim_time};
  size_t i;
  for (i = 0; i < sizeof(got) / sizeof(got[0]); i++) {
    double scale = fabs(want[i]) > 0.0 ? fabs(want[i]) : 1.0;
    if (!(fabs(got[i] - want[i]) <= rel * scale)) return 0;
  }
  return a->steps == b->steps;
}

/* Preemption in 120 configurations drawn from a fixed stream: open and
** closed loops, one to four prefill groups, overlap, prefix hits, decode
** blocks of 1 to 4, varied lengths, caches of 2 to 40 requests. Each run completes, preempts in
** most, and skipping quiet runs gives the run stepped one at a time. */
static void test_preempt_mixed(void) {
  uint64_t x = 42;
  int i, runs_ok = 0, same = 0, preempting = 0;
  for (i = 0; i < 120; i++) {
    gpuadv_sim_config c;
    gpuadv_sim_linear lin;
    gpuadv_sim_result stepped, skipped;
    double u[8];
    int k;
    for (k = 0; k < 8; k++) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      u[k] = (double)(x >> 11) / 9007199254740992.0;
    }
    chat(&c, &lin, 5 + 60 * u[0]);
    c.prompt_mean = 10 + floor(2000 * u[1]);
    c.output_mean = 1 + floor(1000 * u[2]);
    c.prompt_cv = u[3] < 0.5 ? 0 : 0.5;
    c.output_cv = u[3] < 0.25 ? 0 : 1.0;
    c.kv_capacity =
        (int64_t)((c.prompt_mean + c.output_mean) * (2 + 38 * u[4])) * 2;
    c.prefill_groups = 1 + (int64_t)(4 * u[5]);
    c.token_budget = 512;
    c.overlap = u[6] < 0.5;
    c.prefix_hit = u[6] < 0.3 ? 0.4 : 0;
    if (u[7] < 0.5) {
      c.rate = 0;
      c.concurrency = 1 + (int64_t)(200 * u[7]);
    }
    c.n_requests = 400;
    c.seed = (uint64_t)i + 1;
    c.preempt = 1;
    c.decode_block = 1 + i % 4;
    if (gpuadv_sim_run(&c, &stepped) == 0 && stepped.requests == 400 &&
        stepped.measured == 360)
      runs_ok++;
    c.step_line = gpuadv_sim_linear_line;
    if (gpuadv_sim_run(&c, &skipped) == 0 &&
        close_runs(&skipped, &stepped, 1e-6) &&
        skipped.preemptions == stepped.preemptions) {
      same++;
    } else {
      printf("# configuration %d: skipped differs from stepped\n", i);
    }
    if (stepped.preemptions > 0) preempting++;
  }
  check_true("preempt, 120 mixed configurations: every run completes",
             runs_ok == 120);
  check_true("preempt, 120 mixed configurations: skipped = stepped",
             same == 120);
  printf("# %d of 120 preempted\n", preempting);
  check_true("preempt, 120 mixed configurations: most preempt",
             preempting >= 60);
}

/* gpuadv_sim_steady_running and gpuadv_sim_steady_length by hand. */
static void test_steady_length(void) {
  gpuadv_sim_config c;
  int64_t n = 0;
  double w = 0.0;
  gpuadv_sim_config_init(&c);
  c.rate = 16.0;
  c.n_requests = 300;
  c.warmup = 0.1; /* 30 warm-up requests, 270 measured */
  c.prompt_mean = 1.0;
  c.output_mean = 1000.0;
  c.max_running = 1024;
  c.kv_capacity = 100000000;
  /* 16 requests/s for 10 s each: 160 in the batch */
  check_close("steady running = rate x time in batch",
              gpuadv_sim_steady_running(&c, 10.0), 160.0, 1e-12);
  /* warm-up 1.25 x 160 = 200, measured 3 x 160 = 480 */
  check_true("steady length 300 -> 680",
             gpuadv_sim_steady_length(&c, 160.0, 4800, &n, &w) == 1 &&
                 n == 680 && (int64_t)floor(w * (double)n) == 200);
  /* the measured requests never fewer than the run's: 270 > 3 x 50 */
  check_true("steady length keeps the measured requests",
             gpuadv_sim_steady_length(&c, 50.0, 4800, &n, &w) == 1 &&
                 n == 63 + 270 && (int64_t)floor(w * (double)n) == 63);
  /* capped at max_requests, the warm-up in proportion: 680 -> 340 */
  check_true("steady length capped",
             gpuadv_sim_steady_length(&c, 160.0, 340, &n, &w) == 1 &&
                 n == 340 && (int64_t)floor(w * (double)n) == 100);
  /* long enough already: 400 warm-up, 1600 measured */
  c.n_requests = 2000;
  c.warmup = 0.2;
  check_true("steady length: long enough",
             gpuadv_sim_steady_length(&c, 160.0, 32000, &n, &w) == 0);
  /* the caps: max_running, then what the KV cache holds (prompt + output
  ** of each request reserved) */
  c.max_running = 100;
  check_close("steady running at most max_running",
              gpuadv_sim_steady_running(&c, 10.0), 100.0, 0.0);
  c.kv_capacity = 50050; /* 50 requests of 1001 tokens */
  check_close("steady running at most what the KV cache holds",
              gpuadv_sim_steady_running(&c, 10.0), 50.0, 1e-12);
  check_close("steady running at least 1", gpuadv_sim_steady_running(&c, 0.0),
              1.0, 0.0);
}

/* The capacity search (gpuadv_capacity.c) on the M/D/1 queue of test_md1:
** steps of S = 10 ms, capacity 100 requests/s. The mean TTFT is the wait
** plus one step, S + rho * S / (2 * (1 - rho)), which is 2 S at
** rho = 2/3: a target of 20 ms is met up to 66.7 requests/s. A cap below
** that is the answer of the first run. */
static void test_capacity_search(void) {
  gpuadv_sim_config c;
  gpuadv_sim_linear lin;
  gpuadv_sim_result r;
  gpuadv_latency_targets t = {0};
  double max_rps = -1;
  int rc;
  check_true("capacity: no targets", !gpuadv_capacity_has_targets(&t));
  t.ttft_mean_s = 0.020;
  check_true("capacity: a target", gpuadv_capacity_has_targets(&t));
  single_server(&c, &lin, 0.010);
  c.n_requests = 40000;
  rc = gpuadv_capacity_search(&t, &c, 1000, &r, &max_rps);
  check_true("capacity: the search runs", rc == 0);
  check_rel("capacity: M/D/1 mean TTFT 2 S at rho 2/3", max_rps, 200.0 / 3,
            0.03);
  check_true("capacity: the row meets the target", r.ttft_mean <= 0.020);
  check_true("capacity: the row's rate keeps up", !r.saturated);
  check_true("capacity: the row misses no target",
             gpuadv_capacity_misses(&t, &r) == 0);
  t.ttft_mean_s = r.ttft_mean / 2;
  check_true("capacity: misses a halved target",
             gpuadv_capacity_misses(&t, &r) == 1);
  t.ttft_mean_s = 0.020;
  rc = gpuadv_capacity_search(&t, &c, 10, &r, &max_rps);
  check_true("capacity: a cap that is met is the answer",
             rc == 0 && max_rps == 10);
  c.max_running = 0; /* a bad configuration: the simulator's error */
  rc = gpuadv_capacity_search(&t, &c, 10, &r, &max_rps);
  check_true("capacity: an error of the run comes back",
             rc != 0 && r.error[0] != 0 && max_rps == 0);
}

/* The shared search (gpuadv_capacity_search_capped) on the M/D/1 queue of
** test_capacity_search: the mean TTFT target of 20 ms is met up to
** 66.7 requests/s (rho 2/3). The search without a cap finds that rate; a
** cap above it (80, 1000) misses on its first run and answers with the
** kept search's rate and row, the same for both caps; a cap below it
** (50) is met on its first run and is the answer, as in
** gpuadv_capacity_search; and the kept search is not run again. */
static void test_capacity_shared(void) {
  gpuadv_sim_config c;
  gpuadv_sim_linear lin;
  gpuadv_sim_result r, r2, r3;
  gpuadv_latency_targets t = {0};
  gpuadv_capacity_open open;
  double max_rps = -1, max_rps2 = -1, max_rps3 = -1, solo = -1;
  int rc;
  t.ttft_mean_s = 0.020;
  single_server(&c, &lin, 0.010);
  c.n_requests = 40000;
  memset(&open, 0, sizeof(open));
  rc = gpuadv_capacity_search_capped(&t, &c, 1000, &open, &r, &max_rps);
  check_true("shared: the search runs", rc == 0 && open.known);
  check_rel("shared: M/D/1 mean TTFT 2 S at rho 2/3", max_rps, 200.0 / 3, 0.03);
  check_true("shared: a cap above is the kept answer",
             max_rps == open.max_rps && r.ttft_mean == open.res.ttft_mean);
  check_true("shared: the row meets the target", r.ttft_mean <= 0.020);
  /* a second cap above the answer: the kept search, not run again (an
  ** answer marked in the kept search comes back) */
  open.max_rps = 70.0;
  rc = gpuadv_capacity_search_capped(&t, &c, 80, &open, &r2, &max_rps2);
  check_true("shared: another cap above answers from the kept search",
             rc == 0 && max_rps2 == 70.0);
  open.max_rps = max_rps;
  rc = gpuadv_capacity_search_capped(&t, &c, 50, &open, &r3, &max_rps3);
  check_true("shared: a cap that is met is the answer",
             rc == 0 && max_rps3 == 50 && r3.ttft_mean <= 0.020);
  /* the answer is that of a search run alone (no kept search) */
  memset(&open, 0, sizeof(open));
  rc = gpuadv_capacity_search_open(&t, &c, &open);
  solo = open.max_rps;
  check_true("shared: the search without a cap is deterministic",
             rc == 0 && solo == max_rps);
  /* within 1% of the capped search from 1000 */
  rc = gpuadv_capacity_search(&t, &c, 1000, &r2, &max_rps2);
  check_rel("shared: within 1% of gpuadv_capacity_search", solo, max_rps2,
            0.011);
  c.max_running = 0; /* a bad configuration: the simulator's error */
  memset(&open, 0, sizeof(open));
  rc = gpuadv_capacity_search_capped(&t, &c, 10, &open, &r, &max_rps);
  check_true("shared: an error of the run comes back",
             rc != 0 && r.error[0] != 0 && max_rps == 0);
}

/* Every field of two results, byte for byte (a run zeroes its result
** first, so the padding compares too); the error text apart. */
static int identical(const gpuadv_sim_result *a, const gpuadv_sim_result *b) {
  return memcmp(a, b, offsetof(gpuadv_sim_result, error)) == 0;
}

/* Whether c runs alike without draws and with d. */
static int same_with_draws(gpuadv_sim_config *c, gpuadv_sim_draws *d) {
  gpuadv_sim_result alone, kept;
  c->draws = 0;
  gpuadv_sim_run(c, &alone);
  c->draws = d;
  gpuadv_sim_run(c, &kept);
  return identical(&alone, &kept);
}

/* Kept draws change no answer: runs at other rates, lengths and seeds,
** open and closed, give with one gpuadv_sim_draws what they give alone,
** and the draws are kept: extended by a longer run, started over for
** another seed, not kept beyond GPUADV_SIM_DRAWS_KEEP. Gamma arrivals and
** a prompt cv above 1 (gamma shape below 1) take every kind of draw. */
static void test_draws(void) {
  static const double rates[] = {8.0, 3.0, 12.0};
  static const int64_t lengths[] = {2000, 500, 6000};
  gpuadv_sim_config c;
  gpuadv_sim_linear lin;
  gpuadv_sim_result kept;
  gpuadv_sim_draws d;
  int i, same = 1;
  memset(&d, 0, sizeof(d));
  chat(&c, &lin, 8);
  c.arrival = GPUADV_SIM_GAMMA;
  c.arrival_cv = 2.0;
  c.prompt_cv = 1.5;
  for (i = 0; i < 3; i++) {
    c.rate = rates[i];
    c.n_requests = lengths[i];
    c.prompt_mean = 1000.0 + 100.0 * i;
    same = same && same_with_draws(&c, &d);
  }
  check_true("draws: three runs at other rates and lengths, as alone", same);
  check_true("draws: kept to the longest run's 6000 requests",
             d.n == 6000 && d.seed == c.seed);
  c.seed = 9;
  check_true("draws: another seed starts them over, as alone",
             same_with_draws(&c, &d) && d.seed == 9 && d.n == 6000);
  c.arrival = GPUADV_SIM_POISSON;
  c.arrival_cv = 1.0;
  c.concurrency = 16;
  c.n_requests = 3000;
  check_true("draws: a closed loop, as alone, with its own draws",
             same_with_draws(&c, &d) && d.gap_cv == 1.0 && d.n == 3000);
  c.n_requests = GPUADV_SIM_DRAWS_KEEP + 1;
  c.output_mean = 2;
  gpuadv_sim_run(&c, &kept);
  check_true("draws: a run above GPUADV_SIM_DRAWS_KEEP keeps none",
             d.n == 3000);
  gpuadv_sim_draws_clear(&d);
  check_true("draws: cleared", d.v == 0 && d.n == 0 && d.cap == 0);
}

/* A run stops once a stop target is certain to be missed, and only then:
** at its own mean and p95 TTFT it runs to the end, as without them; a
** hair below either, it stops (the full run misses), with fewer steps. */
static void test_stop(void) {
  gpuadv_sim_config c;
  gpuadv_sim_linear lin;
  gpuadv_sim_result full, r;
  chat(&c, &lin, 20);
  c.n_requests = 4000;
  gpuadv_sim_run(&c, &full);
  c.stop_ttft_mean_s = full.ttft_mean;
  c.stop_ttft_p95_s = full.ttft_p95;
  gpuadv_sim_run(&c, &r);
  check_true("stop: at the run's own mean and p95 TTFT, the full run",
             !r.stopped && identical(&full, &r));
  c.stop_ttft_p95_s = 0.0;
  c.stop_ttft_mean_s = nextafter(full.ttft_mean, 0.0);
  gpuadv_sim_run(&c, &r);
  check_true("stop: a hair below the mean TTFT, stopped early",
             r.stopped && r.steps < full.steps && r.sim_time < full.sim_time &&
                 r.requests == full.requests);
  c.stop_ttft_mean_s = 0.0;
  c.stop_ttft_p95_s = nextafter(full.ttft_p95, 0.0);
  gpuadv_sim_run(&c, &r);
  check_true("stop: a hair below the p95 TTFT, stopped early",
             r.stopped && r.steps < full.steps);
  c.stop_ttft_p95_s = -1.0;
  check_true("stop: a negative target is refused",
             gpuadv_sim_run(&c, &r) != 0 &&
                 strcmp(r.error, "stop_ttft_p95_s must be >= 0, got -1") == 0);
}

/* The step times the capacity search gives the simulator
** (gpuadv_capacity_step_s) are the replica model's to the last bit, with
** its memos: decode-only steps of each batch size kept, steps with prompt
** tokens kept per load in GPUADV_CAPACITY_PROMPT_MEMO slots. 4,000 steps
** over 40 loads repeat every load many times and put more loads than
** slots in some slots; each is checked against gpuadv_replica_step_s. */
static void test_capacity_steps(void) {
  gpuadv_capacity_steps s;
  gpuadv_step_load l;
  int i, same = 1, hit_same = 1;
  memset(&s, 0, sizeof(s));
  s.e.bw_eff[GPUADV_MEM_HBM] = 1.0;
  s.e.kv_eff = s.e.compute_eff = s.e.attn_eff = 1.0;
  s.e.prefill_mfu = s.e.prefill_mfu_unified = 1.0;
  s.e.prefill_token_s = 2e-6;
  s.r.decode.mem_bw_gbs = 3350;
  s.r.decode.memory_class = GPUADV_MEM_HBM;
  s.r.decode.tflops = s.r.prefill.tflops = 989;
  s.r.decode.hidden = s.r.prefill.hidden = 4096;
  s.r.decode.layers = s.r.prefill.layers = 32;
  s.r.decode.params_b = s.r.decode.active_params_b = 8;
  s.r.prefill.params_b = s.r.prefill.active_params_b = 8;
  s.r.decode.bytes_per_param = s.r.prefill.bytes_per_param = 2;
  s.r.kv_read_gb_per_token = 1.3e-4;
  s.r.tp = s.r.pp = s.r.ep = s.r.dp = 1;
  gpuadv_capacity_steps_init(&s, 64);
  for (i = 0; i < 4000; i++) {
    double got, want;
    memset(&l, 0, sizeof(l));
    l.decode_seqs = (double)(i % 40);
    l.decode_context = 1000.0 * (i % 7) + i;
    if (i % 3 != 0) {
      l.prefill_tokens = l.group_tokens = 256.0 * (1 + i % 5);
      l.prefill_pairs = l.group_pairs =
          l.prefill_tokens * (l.prefill_tokens + 1) / 2;
    }
    got = gpuadv_capacity_step_s(&s, &l);
    want = gpuadv_replica_step_s(&s.r, &l);
    same = same && got == want;
    hit_same = hit_same && gpuadv_capacity_step_s(&s, &l) == got;
  }
  check_true("capacity steps: 4000 steps, the replica model's to the bit",
             same && hit_same && s.prompt_memo != 0);
  gpuadv_capacity_steps_clear(&s);
  check_true("capacity steps: cleared", s.prompt_memo == 0 && s.memo == 0);
}

static const unit_test_fn tests[] = {test_md1,
                                     test_steady_length,
                                     test_mm1,
                                     test_mm1_tokens,
                                     test_determinism,
                                     test_throughput_and_saturation,
                                     test_kv_limit,
                                     test_chunked_prefill,
                                     test_prefill_groups,
                                     test_ttft_and_prefix,
                                     test_percentiles,
                                     test_nearest_rank,
                                     test_errors,
                                     test_gamma_arrivals,
                                     test_closed_loop_by_hand,
                                     test_itl_by_hand,
                                     test_overlap,
                                     test_preempt,
                                     test_preempt_overload,
                                     test_preempt_mixed,
                                     test_batch_wait,
                                     test_decode_blocks,
                                     test_closed_loop_little,
                                     test_quiet_runs,
                                     test_capacity_search,
                                     test_capacity_shared,
                                     test_draws,
                                     test_stop,
                                     test_capacity_steps};

int main(void) {
  return unit_run(tests, UNIT_COUNT(tests));
}
