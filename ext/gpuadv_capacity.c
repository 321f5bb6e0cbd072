/*
** gpuadv_capacity.c: the steady run, the capacity search and the
** replica's step times of gpuadv_capacity.h (what they model and leave
** out is said there). serving_sim (gpuadv_sim_vtab.c) is their SQL face.
*/
#include "gpuadv_capacity.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int gpuadv_capacity_has_targets(const gpuadv_latency_targets *t) {
  return t->ttft_p95_s > 0.0 || t->tpot_p95_ms > 0.0 || t->ttft_mean_s > 0.0 ||
         t->tpot_p50_ms > 0.0;
}

int gpuadv_capacity_misses(const gpuadv_latency_targets *t,
                           const gpuadv_sim_result *r) {
  if (r->stopped) return 1;
  if (t->ttft_p95_s > 0.0 && !(r->ttft_p95 <= t->ttft_p95_s)) return 1;
  if (t->tpot_p95_ms > 0.0 && r->has_tpot &&
      !(r->tpot_p95 * 1e3 <= t->tpot_p95_ms))
    return 1;
  if (t->ttft_mean_s > 0.0 && !(r->ttft_mean <= t->ttft_mean_s)) return 1;
  if (t->tpot_p50_ms > 0.0 && r->has_tpot &&
      !(r->tpot_p50 * 1e3 <= t->tpot_p50_ms))
    return 1;
  return 0;
}

/* Whether a run meets the targets and keeps up. */
static int meets_targets(const gpuadv_latency_targets *t,
                         const gpuadv_sim_result *r) {
  return !r->saturated && !gpuadv_capacity_misses(t, r);
}

int gpuadv_capacity_run_steady(const gpuadv_latency_targets *t,
                               gpuadv_sim_config *cfg, gpuadv_sim_result *r,
                               double *in_batch_s) {
  const int64_t n0 = cfg->n_requests;
  const double warmup0 = cfg->warmup;
  const int64_t max_n = n0 * GPUADV_CAPACITY_MAX_FACTOR;
  int64_t n;
  double warmup;
  int rc = 0, k;
  assert(cfg->concurrency == 0);
  for (k = 0;; k++) {
    /* sized from the time in the batch so far; after a run, a run that
    ** needs no lengthening is the answer */
    if (*in_batch_s > 0.0 &&
        gpuadv_sim_steady_length(cfg,
                                 gpuadv_sim_steady_running(cfg, *in_batch_s),
                                 max_n, &n, &warmup)) {
      cfg->n_requests = n;
      cfg->warmup = warmup;
    } else if (k > 0) {
      break;
    }
    rc = gpuadv_sim_run(cfg, r);
    if (rc != 0) break;
    *in_batch_s = r->e2e_mean - r->mean_wait;
    if (k == GPUADV_CAPACITY_RERUNS || gpuadv_capacity_misses(t, r)) break;
  }
  cfg->n_requests = n0;
  cfg->warmup = warmup0;
  return rc;
}

/* The next rate of the search after the run r at rate (the k-th run),
** between lo (the highest rate that met the targets, 0: none yet) and hi
** (the lowest that did not, or the cap). */
static double next_rate(int k, const gpuadv_sim_result *r, double lo,
                        double hi) {
  if (k == 0 && r->sim_time > 0.0 &&
      GPUADV_CAPACITY_MARGIN * (double)r->requests / r->sim_time < hi) {
    return GPUADV_CAPACITY_MARGIN * (double)r->requests / r->sim_time;
  }
  return lo > 0.0 ? (lo + hi) / 2.0 : hi / 2.0;
}

/* The search of gpuadv_capacity_search from max_rate, or, open, from
** GPUADV_CAPACITY_OPEN_RATE with no cap (gpuadv_capacity_search_open):
** bounded once a rate other than the start has missed the targets; before
** that, a rate that meets them is doubled. */
static int search(const gpuadv_latency_targets *t, gpuadv_sim_config *cfg,
                  double max_rate, int open, gpuadv_sim_result *out,
                  double *max_rps) {
  gpuadv_sim_result *r = malloc(sizeof(*r));
  double lo = 0.0, hi = open ? GPUADV_CAPACITY_OPEN_RATE : max_rate;
  double rate = hi, in_batch_s = 0.0;
  int k, rc = 0, bounded = !open;
  *max_rps = 0.0;
  if (!r) {
    strcpy(out->error, "out of memory");
    return -1;
  }
  for (k = 0; k < GPUADV_CAPACITY_RUNS && rate >= GPUADV_SIM_MIN_RATE; k++) {
    cfg->rate = rate;
    rc = gpuadv_capacity_run_steady(t, cfg, r, &in_batch_s);
    if (rc != 0) {
      memcpy(out->error, r->error, sizeof(out->error));
      break;
    }
    if (meets_targets(t, r)) {
      *max_rps = lo = rate;
      *out = *r;
      if (k == 0) break;
    } else {
      if (lo == 0.0) *out = *r;
      hi = rate;
      if (k > 0) bounded = 1;
    }
    if (lo > 0.0 && bounded && hi - lo <= GPUADV_CAPACITY_REL * hi) break;
    if (lo > 0.0 && !bounded && GPUADV_CAPACITY_GROWTH * lo < hi) {
      rate = GPUADV_CAPACITY_GROWTH * lo;
    } else {
      rate = next_rate(k, r, lo, hi);
    }
  }
  free(r);
  return rc;
}

int gpuadv_capacity_search(const gpuadv_latency_targets *t,
                           gpuadv_sim_config *cfg, double max_rate,
                           gpuadv_sim_result *out, double *max_rps) {
  return search(t, cfg, max_rate, 0, out, max_rps);
}

int gpuadv_capacity_search_open(const gpuadv_latency_targets *t,
                                gpuadv_sim_config *cfg,
                                gpuadv_capacity_open *open) {
  int rc;
  memset(&open->res, 0, sizeof(open->res));
  rc = search(t, cfg, 0.0, 1, &open->res, &open->max_rps);
  open->known = rc == 0;
  return rc;
}

int gpuadv_capacity_search_capped(const gpuadv_latency_targets *t,
                                  gpuadv_sim_config *cfg, double max_rate,
                                  gpuadv_capacity_open *open,
                                  gpuadv_sim_result *out, double *max_rps) {
  double in_batch_s = 0.0;
  int rc;
  *max_rps = 0.0;
  /* 1. the first run of gpuadv_capacity_search; one that misses is
  ** dropped below, so it stops once its TTFT is certain to miss (an
  ** error of its rest goes unseen: the searches below meet it again or
  ** run other rates) */
  cfg->rate = max_rate;
  cfg->stop_ttft_mean_s = t->ttft_mean_s;
  cfg->stop_ttft_p95_s = t->ttft_p95_s;
  rc = gpuadv_capacity_run_steady(t, cfg, out, &in_batch_s);
  cfg->stop_ttft_mean_s = 0.0;
  cfg->stop_ttft_p95_s = 0.0;
  if (rc != 0) return rc;
  if (meets_targets(t, out)) {
    *max_rps = max_rate;
    return 0;
  }
  /* 2. the open search's answer, below the cap */
  if (!open->known) {
    rc = gpuadv_capacity_search_open(t, cfg, open);
    if (rc != 0) {
      memcpy(out->error, open->res.error, sizeof(out->error));
      return rc;
    }
  }
  if (open->max_rps < max_rate) {
    *out = open->res;
    *max_rps = open->max_rps;
    return 0;
  }
  /* 3. a replica that is not monotone: the search under this cap */
  return search(t, cfg, max_rate, 0, out, max_rps);
}

/* ------------------------------------------------------------------------
** The replica's step times.
*/

void gpuadv_capacity_steps_init(gpuadv_capacity_steps *s, double max_running) {
  int n = max_running < GPUADV_CAPACITY_MEMO_MAX ? (int)max_running + 1
                                                 : GPUADV_CAPACITY_MEMO_MAX;
  size_t bytes = (size_t)n * (sizeof(gpuadv_step_terms) + 1);
  assert(max_running >= 0.0);
  s->r.decode.engine = &s->e;
  s->r.prefill.engine = &s->e;
  s->memo = malloc(bytes);
  s->known = 0;
  s->n_memo = 0;
  s->prompt_memo = 0;
  if (!s->memo) return;
  s->known = (unsigned char *)(s->memo + n);
  memset(s->known, 0, (size_t)n);
  s->n_memo = n;
}

void gpuadv_capacity_steps_clear(gpuadv_capacity_steps *s) {
  free(s->prompt_memo);
  s->prompt_memo = 0;
  free(s->memo);
  s->memo = 0;
  s->known = 0;
  s->n_memo = 0;
}

/* The terms of a decode-only step of `seqs` sequences. */
static void decode_terms(const gpuadv_capacity_steps *s, double seqs,
                         gpuadv_step_terms *out) {
  gpuadv_step_load l = {0};
  l.decode_seqs = seqs;
  gpuadv_replica_step_terms(&s->r, &l, out);
}

/* The kept terms of a decode-only step of `seqs` sequences, computed on
** first use; 0 above the memo's size. */
static const gpuadv_step_terms *kept_terms(const gpuadv_capacity_steps *s,
                                           double seqs) {
  int k = (int)seqs;
  if (!(seqs < (double)s->n_memo)) return 0;
  assert((double)k == seqs && k >= 0);
  if (!s->known[k]) {
    decode_terms(s, seqs, &s->memo[k]);
    s->known[k] = 1;
  }
  return &s->memo[k];
}

/* The slot of a prompt step's load: a multiplicative hash of the bits of
** its five numbers. */
static unsigned prompt_slot(const double *key) {
  uint64_t h = 0, u;
  int i;
  for (i = 0; i < 5; i++) {
    memcpy(&u, &key[i], sizeof(u));
    h = (h ^ u) * 0x9E3779B97F4A7C15ULL;
  }
  return (unsigned)(h >> 40) & (GPUADV_CAPACITY_PROMPT_MEMO - 1);
}

/* The terms of a step with prompt tokens: kept in the load's slot, or
** computed and kept there; 0 without memory for the slots. */
static const gpuadv_step_terms *prompt_terms(gpuadv_capacity_steps *s,
                                             const gpuadv_step_load *load) {
  const double key[5] = {load->decode_seqs, load->prefill_tokens,
                         load->prefill_pairs, load->group_tokens,
                         load->group_pairs};
  gpuadv_capacity_prompt_step *p;
  if (!s->prompt_memo) {
    int i;
    s->prompt_memo =
        malloc(GPUADV_CAPACITY_PROMPT_MEMO * sizeof(*s->prompt_memo));
    if (!s->prompt_memo) return 0;
    for (i = 0; i < GPUADV_CAPACITY_PROMPT_MEMO; i++) {
      s->prompt_memo[i].load[0] = -1.0;
    }
  }
  p = &s->prompt_memo[prompt_slot(key)];
  if (memcmp(p->load, key, sizeof(key)) != 0) {
    gpuadv_replica_step_terms(&s->r, load, &p->terms);
    memcpy(p->load, key, sizeof(key));
  }
  return &p->terms;
}

double gpuadv_capacity_step_s(const void *arg, const gpuadv_step_load *load) {
  /* the memos are the step model's own; the simulator sees it as const */
  gpuadv_capacity_steps *s = (gpuadv_capacity_steps *)arg;
  const gpuadv_step_terms *t =
      load->prefill_tokens == 0.0 && load->prefill_pairs == 0.0
          ? kept_terms(s, load->decode_seqs)
          : prompt_terms(s, load);
  if (t) {
    return gpuadv_replica_step_with(&s->r, t, load->decode_seqs,
                                    load->decode_context);
  }
  return gpuadv_replica_step_s(&s->r, load);
}

void gpuadv_capacity_step_line(const void *arg, double seqs,
                               gpuadv_step_line *out) {
  const gpuadv_capacity_steps *s = (const gpuadv_capacity_steps *)arg;
  gpuadv_step_terms fresh;
  const gpuadv_step_terms *t = kept_terms(s, seqs);
  if (!t) {
    decode_terms(s, seqs, &fresh);
    t = &fresh;
  }
  gpuadv_replica_decode_line(&s->r, t, seqs, out);
}
