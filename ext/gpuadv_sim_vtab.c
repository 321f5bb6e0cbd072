/*
** gpuadv_sim_vtab.c: serving_sim, the serving simulator of gpuadv_sim.c
** and the capacity search of gpuadv_capacity.c as an eponymous, read-only
** table-valued function. One call is one simulation (or one search) and
** one output row:
**
**   SELECT ttft_p50_s, tpot_p50_ms, e2e_p99_s, saturated
**     FROM serving_sim(8);                          -- 8 requests/s
**   SELECT * FROM serving_sim WHERE rate = 8 AND prompt_tokens = 2000
**      AND output_tokens = 200 AND max_running = 64;
**   SELECT r.value AS rate, s.ttft_p99_s            -- a latency curve
**     FROM generate_series(1, 20) r, serving_sim(r.value) s;
**
** The arguments are hidden columns: positional in serving_sim(...) in the
** order of the table below, or by name with = in WHERE; an argument not
** given takes its default, and so does NULL, except for rate, whose NULL
** gives no row (like a NULL required argument of the scalar functions).
** Reading an argument column gives the value the run used. The output
** columns are gpuadv_sim_result's, seconds (ttft, e2e) or milliseconds
** (tpot, itl); tpot_* and itl_* are NULL when no measured request has two
** output tokens or no step in the window decodes.
**
**   argument                  default  meaning
**   ------------------------  -------  ----------------------------------
**   rate                      required requests per second, [0.001, 1e9]
**   n_requests                10000    simulated requests, [1, 10^7]
**   seed                      1        any integer
**   arrival                   poisson  'poisson' or 'gamma'
**   arrival_cv                1        gamma: cv of the gaps, [0, 10]
**   prompt_tokens             1000     mean prompt length, [1, 10^7]
**   prompt_cv                 0        0 fixed, else gamma, [0, 10]
**   output_tokens             300      mean output length, [1, 10^7]
**   output_cv                 0        0 fixed, else gamma, [0, 10]
**   prefix_hit                0        prompt share in the prefix cache
**   max_running               1024     sequences in the batch
**   kv_capacity_tokens        1000000  KV-cache tokens
**   token_budget              8192     tokens per engine step (of each
**                                      data-parallel attention group:
**                                      an engine whose engines row says
**                                      dp_token_budget 'shared' divides
**                                      it among the groups)
**   warmup                    0.1      share of requests not measured
**   step_fixed_ms             7        the linear step model (see below)
**   step_per_seq_ms           0.02
**   step_per_ctx_token_us     0.06
**   step_per_prefill_token_us 30
**   step_per_pair_ns          1
**   model                     -        a models.name or config.json text:
**                                      step times of the engine speed
**                                      model (see step_model_select)
**   gpu                       -        a gpus.name (with model)
**   dtype                     bf16     weight dtype (with model)
**   engine                    vllm     vllm, sglang, trtllm, llama.cpp
**   kv_dtype                  -        the KV cache's dtype (with model;
**                                      default: the engine's, 16-bit, or
**                                      8-bit with fp8/fp4 weights where
**                                      engines.kv_cache_dtype says
**                                      'checkpoint')
**   tp, pp, ep                1        tensor, pipeline and expert
**                                      parallel degrees; ep > tp with
**                                      pp 1: data-parallel attention
**                                      over ep / tp groups of tp GPUs,
**                                      which schedule their own prompts
**                                      (gpuadv_sim.c, prefill groups)
**   ttft_p95_max_s,           -        latency targets: when any is given,
**   tpot_p95_max_ms,                   max_rps is the highest rate up to
**   ttft_mean_max_s,                   `rate` that meets them (p95 TTFT,
**   tpot_p50_max_ms                    p95 TPOT, mean TTFT, median TPOT)
**                                      and keeps up (a search of up to 16
**                                      runs, within 1%: gpuadv_capacity.c;
**                                      a cap missed on its first run
**                                      shares the search without a cap),
**                                      and the row's
**                                      statistics are at that rate
**   gpus_per_node             8        GPUs a node holds: a replica of
**                                      more spans nodes (pp stages of tp)
**   fabric_gbps               3200     Gbit/s of fabric per node (one
**                                      400G port per GPU); 0: none
**   concurrency               -        a closed loop of this many clients,
**                                      [1, 10^6], instead of an open loop
**                                      at `rate` (give one of the two)
**   think_time_s              0        closed loop: seconds from a
**                                      client's completion to its next
**                                      request, [0, 10^6]
**   mem_headroom              0.10     with model: the share of the GPUs'
**                                      memory left free, [0, 1); the KV
**                                      cache holds what the weights leave
**                                      of the rest (vLLM's
**                                      gpu_memory_utilization 0.90)
**   steady_state              0        1: lengthen the run until it
**                                      measures the steady state (open
**                                      loop; see "Steady state" below)
**   overlap                   0        1: each step starts before the
**                                      last one's tokens are handed out,
**                                      so they leave a step late
**                                      (gpuadv_sim.c, "Overlap"); with
**                                      model, the engine release's: 1
**                                      from engines.overlap_version on
**   batch_wait_iters,         0, 0     TensorRT-LLM's batch waiting: while
**   batch_wait_tokens_ratio            sequences decode, prompts wait up
**                                      to this many steps for the step's
**                                      tokens to reach this share of
**                                      token_budget (gpuadv_sim.c); its
**                                      default, 0 and 0, waits not at all
**   engine_version            -        with model: the engine's release
**                                      (gpuadv_release.c; default the
**                                      newest), which sets overlap's
**                                      default; one older than the
**                                      engine's era is an error
**   preempt                   0        0: a request is admitted when its
**                                      prompt + output fit beside every
**                                      admitted one's (KV reserved whole,
**                                      never preempted: TensorRT-LLM);
**                                      1: when its prompt fits, outputs
**                                      taking KV as they come, the newest
**                                      preempted and recomputed when the
**                                      decodes do not fit (vLLM); with
**                                      model, the engine's
**                                      (engines.kv_admission). The
**                                      preemptions column counts them
**   continuous_decode_steps   1        SGLang's --num-continuous-decode-
**                                      steps: a step that decodes with
**                                      no prompt to run starts a block
**                                      of this many decode steps, and
**                                      prompts wait for its end
**                                      (gpuadv_sim.c); [1, 1000]
**
** Steady state: a run of an open loop measures from its first measured
** request, and the batch takes about one request's time in it to fill
** (gpuadv_sim.c, "STEADY STATE"). With steady_state = 1, and for every
** rate of a search, the run is lengthened until its warm-up and measured
** requests cover 1.25 and 3 times what the batch holds
** (gpuadv_capacity_run_steady in gpuadv_capacity.c).
**
** A closed loop is what a benchmark client with a concurrency limit
** measures (`vllm bench serve --max-concurrency N`): every client sends a
** request at time 0 and the next one think_time_s after each completes, so
** requests_per_s is what the replica delivers at that concurrency, the
** queue never holds more than the clients, and saturated is 0. The rate
** column is NULL in a closed loop and the concurrency column NULL in an
** open one; arrival 'gamma' and the latency targets (a search over rates)
** need an open loop.
**
** The defaults of max_running and token_budget are vLLM V1's for its
** OpenAI-compatible server on GPUs of 70 GiB or more other than the A100
** (max_num_seqs 1024, max_num_batched_tokens 8192: get_batch_defaults in
** vllm/engine/arg_utils.py). The linear step model's defaults are a rough
** stand-in for Llama-3.1-8B in bf16 on one H100 SXM: 16 GB of weights read
** per step at 70% of 3.35 TB/s (7 ms), 128 KiB of KV per context token at
** 65% (0.06 us), 2 * 8e9 FLOP per prompt token and 4 * 32 * 4096 FLOP per
** query-key pair at 55% of 989 TFLOP/s (30 us, 1 ns), and a nominal
** 0.02 ms per sequence for sampling and scheduling.
**
** Errors name serving_sim() and the argument, as the scalar functions do:
**   serving_sim(): rate must be > 0, got -1
**
** Plans: every = constraint on an argument column is passed to xFilter
** (idxStr holds one character per argument, '1' where it is given, in
** column order: more arguments than an int has bits) and
** omitted from SQLite's own check. A constraint that SQLite cannot supply
** yet (an argument taken from a table to the right) makes the plan
** unusable (SQLITE_CONSTRAINT), so a lateral join puts serving_sim last.
**
** Writes: there is no xUpdate or xCreate: the table is read-only and
** eponymous only.
*/
#include <assert.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "gpuadv_args.h" /* gpuadv_describe_value, gpuadv_utf8_prefix */
#include "gpuadv_capacity.h"
#include "gpuadv_internal.h"
#include "gpuadv_sim.h"

/* The output columns, then the arguments (hidden). */
enum {
  COL_TTFT_P50,
  COL_TTFT_P95,
  COL_TTFT_P99,
  COL_TTFT_MEAN,
  COL_TPOT_P50,
  COL_TPOT_P95,
  COL_TPOT_P99,
  COL_TPOT_MEAN,
  COL_E2E_P50,
  COL_E2E_P95,
  COL_E2E_P99,
  COL_E2E_MEAN,
  COL_THROUGHPUT,
  COL_REQUESTS_PER_S,
  COL_MEAN_BATCH,
  COL_MEAN_QUEUE,
  COL_MAX_QUEUE,
  COL_MEAN_WAIT,
  COL_SATURATED,
  COL_REQUESTS,
  COL_MAX_RPS,
  COL_ITL_P50,
  COL_ITL_P95,
  COL_ITL_P99,
  COL_ITL_MEAN,
  COL_PREEMPTIONS,
  COL_FIRST_ARG
};

/* The arguments, in column order. */
enum {
  ARG_RATE,
  ARG_N_REQUESTS,
  ARG_SEED,
  ARG_ARRIVAL,
  ARG_ARRIVAL_CV,
  ARG_PROMPT,
  ARG_PROMPT_CV,
  ARG_OUTPUT,
  ARG_OUTPUT_CV,
  ARG_PREFIX_HIT,
  ARG_MAX_RUNNING,
  ARG_KV,
  ARG_BUDGET,
  ARG_WARMUP,
  ARG_STEP_FIXED,
  ARG_STEP_SEQ,
  ARG_STEP_CTX,
  ARG_STEP_PREFILL,
  ARG_STEP_PAIR,
  ARG_MODEL,
  ARG_GPU,
  ARG_DTYPE,
  ARG_ENGINE,
  ARG_KV_DTYPE,
  ARG_TP,
  ARG_PP,
  ARG_EP,
  ARG_TTFT_TARGET,
  ARG_TPOT_TARGET,
  ARG_NODE_GPUS,
  ARG_FABRIC,
  ARG_CONCURRENCY,
  ARG_THINK,
  ARG_TTFT_MEAN_TARGET,
  ARG_TPOT_P50_TARGET,
  ARG_HEADROOM,
  ARG_STEADY,
  ARG_OVERLAP,
  ARG_ENGINE_VERSION,
  ARG_BATCH_WAIT_ITERS,
  ARG_BATCH_WAIT_RATIO,
  ARG_PREEMPT,
  ARG_DECODE_STEPS,
  N_ARGS
};

static const char sim_schema[] =
    "CREATE TABLE x(ttft_p50_s REAL, ttft_p95_s REAL, ttft_p99_s REAL, "
    "ttft_mean_s REAL, tpot_p50_ms REAL, tpot_p95_ms REAL, tpot_p99_ms REAL, "
    "tpot_mean_ms REAL, e2e_p50_s REAL, e2e_p95_s REAL, e2e_p99_s REAL, "
    "e2e_mean_s REAL, throughput_tps REAL, requests_per_s REAL, "
    "mean_batch REAL, mean_queue REAL, max_queue INTEGER, mean_wait_s REAL, "
    "saturated INTEGER, requests INTEGER, max_rps REAL, itl_p50_ms REAL, "
    "itl_p95_ms REAL, itl_p99_ms REAL, itl_mean_ms REAL, "
    "preemptions INTEGER, rate HIDDEN, "
    "n_requests HIDDEN, seed HIDDEN, arrival HIDDEN, "
    "arrival_cv HIDDEN, prompt_tokens HIDDEN, prompt_cv HIDDEN, "
    "output_tokens HIDDEN, output_cv HIDDEN, prefix_hit HIDDEN, "
    "max_running HIDDEN, kv_capacity_tokens HIDDEN, token_budget HIDDEN, "
    "warmup HIDDEN, step_fixed_ms HIDDEN, step_per_seq_ms HIDDEN, "
    "step_per_ctx_token_us HIDDEN, step_per_prefill_token_us HIDDEN, "
    "step_per_pair_ns HIDDEN, model HIDDEN, gpu HIDDEN, dtype HIDDEN, "
    "engine HIDDEN, kv_dtype HIDDEN, tp HIDDEN, pp HIDDEN, ep HIDDEN, "
    "ttft_p95_max_s HIDDEN, "
    "tpot_p95_max_ms HIDDEN, gpus_per_node HIDDEN, fabric_gbps HIDDEN, "
    "concurrency HIDDEN, think_time_s HIDDEN, ttft_mean_max_s HIDDEN, "
    "tpot_p50_max_ms HIDDEN, mem_headroom HIDDEN, steady_state HIDDEN, "
    "overlap HIDDEN, engine_version HIDDEN, batch_wait_iters HIDDEN, "
    "batch_wait_tokens_ratio HIDDEN, preempt HIDDEN, "
    "continuous_decode_steps HIDDEN)";

/* What an argument holds. */
enum {
  KIND_NUMBER, /* a finite number in range */
  KIND_WHOLE,  /* a whole number in range */
  KIND_SEED,   /* any 64-bit integer */
  KIND_WORD,   /* 'poisson' or 'gamma' */
  KIND_ENGINE  /* an input of the model-based step times */
};

typedef struct sim_arg {
  const char *name;
  int kind;
  double lo;
  int lo_open; /* 1: x > lo; 0: x >= lo */
  double hi;
  int hi_open; /* 1: x < hi; 0: x <= hi */
  double dflt;
  const char *hi_note; /* said after the upper bound, or 0 */
} sim_arg;

static const sim_arg sim_args[N_ARGS] = {
    {"rate", KIND_NUMBER, 0, 1, GPUADV_SIM_MAX_RATE, 0, 0, 0},
    {"n_requests", KIND_WHOLE, 1, 0, (double)GPUADV_SIM_MAX_REQUESTS, 0, 10000,
     " (the cap on simulated requests)"},
    {"seed", KIND_SEED, 0, 0, 0, 0, 1, 0},
    {"arrival", KIND_WORD, 0, 0, 0, 0, GPUADV_SIM_POISSON, 0},
    {"arrival_cv", KIND_NUMBER, 0, 0, GPUADV_SIM_MAX_CV, 0, 1, 0},
    {"prompt_tokens", KIND_NUMBER, 1, 0, GPUADV_SIM_MAX_TOKENS, 0, 1000, 0},
    {"prompt_cv", KIND_NUMBER, 0, 0, GPUADV_SIM_MAX_CV, 0, 0, 0},
    {"output_tokens", KIND_NUMBER, 1, 0, GPUADV_SIM_MAX_TOKENS, 0, 300, 0},
    {"output_cv", KIND_NUMBER, 0, 0, GPUADV_SIM_MAX_CV, 0, 0, 0},
    {"prefix_hit", KIND_NUMBER, 0, 0, 1, 0, 0, 0},
    {"max_running", KIND_WHOLE, 1, 0, (double)GPUADV_SIM_MAX_RUNNING, 0, 1024,
     0},
    {"kv_capacity_tokens", KIND_WHOLE, 2, 0, GPUADV_SIM_MAX_KV, 0, 1000000, 0},
    {"token_budget", KIND_WHOLE, 1, 0, (double)GPUADV_SIM_MAX_BUDGET, 0, 8192,
     0},
    {"warmup", KIND_NUMBER, 0, 0, 1, 1, 0.1, 0},
    {"step_fixed_ms", KIND_NUMBER, 0, 1, 1e6, 0, 7, 0},
    {"step_per_seq_ms", KIND_NUMBER, 0, 0, 1e6, 0, 0.02, 0},
    {"step_per_ctx_token_us", KIND_NUMBER, 0, 0, 1e6, 0, 0.06, 0},
    {"step_per_prefill_token_us", KIND_NUMBER, 0, 0, 1e6, 0, 30, 0},
    {"step_per_pair_ns", KIND_NUMBER, 0, 0, 1e6, 0, 1, 0},
    {"model", KIND_ENGINE, 0, 0, 0, 0, 0, 0},
    {"gpu", KIND_ENGINE, 0, 0, 0, 0, 0, 0},
    {"dtype", KIND_ENGINE, 0, 0, 0, 0, 0, 0},
    {"engine", KIND_ENGINE, 0, 0, 0, 0, 0, 0},
    {"kv_dtype", KIND_ENGINE, 0, 0, 0, 0, 0, 0},
    {"tp", KIND_WHOLE, 1, 0, 1024, 0, 1, 0},
    {"pp", KIND_WHOLE, 1, 0, 1024, 0, 1, 0},
    {"ep", KIND_WHOLE, 1, 0, 1024, 0, 1, 0},
    {"ttft_p95_max_s", KIND_NUMBER, 0, 1, 1e6, 0, 0, 0},
    {"tpot_p95_max_ms", KIND_NUMBER, 0, 1, 1e9, 0, 0, 0},
    {"gpus_per_node", KIND_WHOLE, 1, 0, 1e6, 0, 8, 0},
    {"fabric_gbps", KIND_NUMBER, 0, 0, 1e6, 0, 3200, 0},
    {"concurrency", KIND_WHOLE, 1, 0, (double)GPUADV_SIM_MAX_CONCURRENCY, 0, 0,
     0},
    {"think_time_s", KIND_NUMBER, 0, 0, GPUADV_SIM_MAX_THINK, 0, 0, 0},
    {"ttft_mean_max_s", KIND_NUMBER, 0, 1, 1e6, 0, 0, 0},
    {"tpot_p50_max_ms", KIND_NUMBER, 0, 1, 1e9, 0, 0, 0},
    {"mem_headroom", KIND_NUMBER, 0, 0, 1, 1, 0.10, 0},
    {"steady_state", KIND_WHOLE, 0, 0, 1, 0, 0, 0},
    {"overlap", KIND_WHOLE, 0, 0, 1, 0, 0, 0},
    {"engine_version", KIND_ENGINE, 0, 0, 0, 0, 0, 0},
    {"batch_wait_iters", KIND_WHOLE, 0, 0, 1e6, 0, 0, 0},
    {"batch_wait_tokens_ratio", KIND_NUMBER, 0, 0, 1, 0, 0, 0},
    {"preempt", KIND_WHOLE, 0, 0, 1, 0, 0, 0},
    {"continuous_decode_steps", KIND_WHOLE, 1, 0, 1000, 0, 1, 0},
};

static const char *const arrival_words[] = {"poisson", "gamma"};

/* The parsed arguments of one call. */
typedef struct sim_call {
  double value[N_ARGS];         /* numbers; the arrival as its index */
  sqlite3_value *given[N_ARGS]; /* as received, or 0 when absent or NULL */
  sqlite3_int64 seed;
} sim_call;

/* The step-time model of one call: a callback and its argument, which must
** stay valid for the run. */
typedef struct sim_step_model {
  gpuadv_step_time_fn fn;
  gpuadv_step_line_fn line;
  const void *arg;
  gpuadv_sim_linear linear; /* storage for the linear model */
  void *owned;              /* freed with release() after the run */
  void (*release)(void *);
  int64_t groups;    /* prefill groups: a replica's data-parallel
                     ** attention groups, else 1 */
  int shared_budget; /* the groups share token_budget */
} sim_step_model;

typedef struct sim_cursor {
  sqlite3_vtab_cursor base;
  sim_call call;
  double max_rps; /* the search's answer; < 0 when no search */
  /* the text arguments (model, gpu, dtype, engine, kv_dtype,
  ** engine_version) kept for xColumn, by argument (the others' slots stay
  ** 0): the values xFilter receives live only during the call */
  sqlite3_value *kept[N_ARGS];
  gpuadv_sim_result res;
  int eof;
} sim_cursor;

/* ------------------------------------------------------------------------
** Arguments.
*/

/* Set *pzErr to "serving_sim(): NAME MESSAGE, got VALUE". */
static int arg_error(char **pzErr, const sim_arg *a, sqlite3_value *v,
                     const char *what) {
  char got[96];
  gpuadv_describe_value(v, got, (int)sizeof(got));
  *pzErr = sqlite3_mprintf("serving_sim(): %s %s, got %s", a->name, what, got);
  return *pzErr ? SQLITE_ERROR : SQLITE_NOMEM;
}

/* Parse argument i from v (not NULL) into call. */
static int parse_arg(sim_call *call, int i, sqlite3_value *v, char **pzErr) {
  const sim_arg *a = &sim_args[i];
  char what[96];
  double x;
  int type = sqlite3_value_type(v);
  if (a->kind == KIND_ENGINE) {
    /* Checked with the step model (step_model_select). */
    return SQLITE_OK;
  }
  if (a->kind == KIND_WORD) {
    const char *z = (const char *)sqlite3_value_text(v);
    size_t k;
    if (type == SQLITE_TEXT && z) {
      for (k = 0; k < sizeof(arrival_words) / sizeof(arrival_words[0]); k++) {
        if (sqlite3_stricmp(z, arrival_words[k]) == 0 &&
            (int)strlen(arrival_words[k]) == sqlite3_value_bytes(v)) {
          call->value[i] = (double)k;
          return SQLITE_OK;
        }
      }
    }
    {
      char got[96];
      gpuadv_describe_value(v, got, (int)sizeof(got));
      *pzErr = sqlite3_mprintf(
          "serving_sim(): %s must be one of poisson, "
          "gamma; got %s",
          a->name, got);
      return *pzErr ? SQLITE_ERROR : SQLITE_NOMEM;
    }
  }
  if (type != SQLITE_INTEGER && type != SQLITE_FLOAT) {
    type = sqlite3_value_numeric_type(v); /* converts numeric text */
    if (type != SQLITE_INTEGER && type != SQLITE_FLOAT) {
      return arg_error(pzErr, a, v, "must be a number");
    }
  }
  if (a->kind == KIND_SEED) {
    if (type == SQLITE_INTEGER) {
      call->seed = sqlite3_value_int64(v);
      return SQLITE_OK;
    }
    x = sqlite3_value_double(v);
    if (!(x >= -9223372036854775808.0 && x < 9223372036854775808.0) ||
        x != floor(x)) {
      return arg_error(pzErr, a, v, "must be a 64-bit whole number");
    }
    call->seed = (sqlite3_int64)x;
    return SQLITE_OK;
  }
  x = sqlite3_value_double(v);
  if (!isfinite(x)) return arg_error(pzErr, a, v, "must be a finite number");
  if (a->kind == KIND_WHOLE && x != floor(x)) {
    return arg_error(pzErr, a, v, "must be a whole number");
  }
  if (a->lo_open ? !(x > a->lo) : !(x >= a->lo)) {
    sqlite3_snprintf((int)sizeof(what), what, "must be %s %.15g",
                     a->lo_open ? ">" : ">=", a->lo);
    return arg_error(pzErr, a, v, what);
  }
  if (a->hi_open ? !(x < a->hi) : !(x <= a->hi)) {
    sqlite3_snprintf((int)sizeof(what), what, "must be %s %.15g%s",
                     a->hi_open ? "<" : "<=", a->hi,
                     a->hi_note ? a->hi_note : "");
    return arg_error(pzErr, a, v, what);
  }
  call->value[i] = x;
  return SQLITE_OK;
}

/* ------------------------------------------------------------------------
** The step-time model of a call.
**
** With model (and gpu, dtype, engine, tp, pp, ep, gpus_per_node,
** fabric_gbps) given, the step times are
** the engine speed model's (gpuadv_replica_step_s in gpuadv_math.c), and
** max_running and kv_capacity_tokens default to the engine's max_batch and
** to what the replica's memory holds beside the weights, overlap to
** that of the engine's release (engine_version; engines.overlap_version)
** and preempt to the engine's admission (engines.kv_admission).
** Otherwise the
** linear model of the step_* arguments.
*/

static void steps_free(void *p) {
  gpuadv_capacity_steps *s = (gpuadv_capacity_steps *)p;
  if (s) gpuadv_capacity_steps_clear(s);
  sqlite3_free(s);
}

static int step_model_select(sim_call *call, sim_step_model *out,
                             char **pzErr) {
  int i, model_based = 0;
  memset(out, 0, sizeof(*out));
  for (i = ARG_MODEL; i <= ARG_EP; i++) {
    if (call->given[i]) model_based = 1;
  }
  if (call->given[ARG_NODE_GPUS] || call->given[ARG_FABRIC] ||
      call->given[ARG_ENGINE_VERSION])
    model_based = 1;
  if (model_based) {
    gpuadv_capacity_steps *s = sqlite3_malloc(sizeof(*s));
    int rc;
    const gpuadv_replica_ask ask = {
        .model = call->given[ARG_MODEL],
        .gpu = call->given[ARG_GPU],
        .dtype = call->given[ARG_DTYPE],
        .engine = call->given[ARG_ENGINE],
        .kv_dtype = call->given[ARG_KV_DTYPE],
        .engine_version = call->given[ARG_ENGINE_VERSION],
        .tp = call->value[ARG_TP],
        .pp = call->value[ARG_PP],
        .ep = call->value[ARG_EP],
        .gpus_per_node = call->value[ARG_NODE_GPUS],
        .fabric_gbps = call->value[ARG_FABRIC],
        .mean_context = call->value[ARG_PROMPT] + call->value[ARG_OUTPUT] / 2.0,
        .headroom = call->value[ARG_HEADROOM]};
    if (!s) return SQLITE_NOMEM;
    memset(s, 0, sizeof(*s));
    rc = gpuadv_replica_from_values(&ask, &s->r, &s->e, pzErr);
    if (rc != SQLITE_OK) {
      sqlite3_free(s);
      return rc;
    }
    if (!call->given[ARG_MAX_RUNNING]) {
      call->value[ARG_MAX_RUNNING] = s->r.max_batch;
    }
    if (!call->given[ARG_KV]) {
      call->value[ARG_KV] = s->r.kv_capacity_tokens < GPUADV_SIM_MAX_KV
                                ? s->r.kv_capacity_tokens
                                : GPUADV_SIM_MAX_KV;
    }
    if (!call->given[ARG_OVERLAP]) call->value[ARG_OVERLAP] = s->e.overlap;
    if (!call->given[ARG_PREEMPT]) call->value[ARG_PREEMPT] = s->e.preempt;
    gpuadv_capacity_steps_init(s, call->value[ARG_MAX_RUNNING]);
    out->groups = (int64_t)s->r.dp;
    out->shared_budget = s->e.dp_shared_budget;
    out->fn = gpuadv_capacity_step_s;
    out->line = gpuadv_capacity_step_line;
    out->arg = s;
    out->owned = s;
    out->release = steps_free;
    return SQLITE_OK;
  }
  out->linear.fixed_s = call->value[ARG_STEP_FIXED] * 1e-3;
  out->linear.per_seq_s = call->value[ARG_STEP_SEQ] * 1e-3;
  out->linear.per_ctx_token_s = call->value[ARG_STEP_CTX] * 1e-6;
  out->linear.per_prefill_token_s = call->value[ARG_STEP_PREFILL] * 1e-6;
  out->linear.per_pair_s = call->value[ARG_STEP_PAIR] * 1e-9;
  out->groups = 1;
  out->fn = gpuadv_sim_linear_step;
  out->line = gpuadv_sim_linear_line;
  out->arg = &out->linear;
  return SQLITE_OK;
}

/* ------------------------------------------------------------------------
** The module.
*/

/* A run is deterministic: the same arguments give the same row. The plan
** views ask for the same replica shapes again (the same GPU count of a
** type in instances of several sizes, workloads of the same shape under
** other names, serving_plans again under best_plans and rent_vs_buy), so
** each connection's table keeps every answer in a hash table found by a
** 64-bit FNV-1a hash of every argument (numbers, seed, and the bytes, text
** or blob, of model, gpu, dtype, engine): open addressing with linear
** probing, from SIM_CACHE_MIN slots, doubled whenever half are used, up to
** SIM_CACHE_MAX (264 bytes a slot: 17.3 MB); a full table at that size is
** emptied and fills again. The same table keeps, beside the searches, the
** search without a cap of their arguments (at rate -1, open_key), which
** the searches that differ only in their rate share
** (gpuadv_capacity_search_capped): the plan views search each replica
** shape under the design rate of every workload that uses it, and shapes
** of other traffic give other caps. Its answer depends on the arguments
** alone, so a table emptied meanwhile changes no answer.
** A slot keeps the result less its error text, which a kept run has empty
** (error is the last member). The connection's mutex serializes calls on
** its tables. */
#define SIM_CACHE_MIN 1024
#define SIM_CACHE_MAX 65536
#define SIM_KEPT_BYTES offsetof(gpuadv_sim_result, error)

typedef struct sim_cache_entry {
  sqlite3_uint64 key; /* 0: empty */
  double max_rps;
  /* max_running and kv_capacity_tokens as the run used them: the step
  ** model's defaults where they were not given */
  double max_running, kv;
  unsigned char res[SIM_KEPT_BYTES];
  /* overlap and preempt as the run used them (the engine's where not
  ** given) */
  int overlap, preempt;
} sim_cache_entry;

/* The random draws the connection's runs share (gpuadv_sim_draws): the
** runs of a search differ in rate alone and the plan views search every
** replica shape of a traffic with the same seed and coefficients of
** variation, so a few kept sets serve them all. A run of other draws
** takes the next set round the slots and starts it over; each holds at
** most GPUADV_SIM_DRAWS_KEEP requests (1.5 MB). */
#define SIM_DRAWS_SLOTS 4

typedef struct sim_vtab {
  sqlite3_vtab base;
  sim_cache_entry *cache; /* n_slots entries, or 0 */
  int n_slots;            /* a power of two */
  int n_used;
  gpuadv_sim_draws draws[SIM_DRAWS_SLOTS];
  int next_draws; /* the slot a run of new draws takes */
} sim_vtab;

/* The kept draws for a run of cfg: those of its seed and coefficients,
** else the next slot, which the run starts over; none for a run longer
** than a kept set holds, which draws its own as it goes. */
static gpuadv_sim_draws *draws_for(sim_vtab *sv, const gpuadv_sim_config *cfg) {
  gpuadv_sim_draws *d;
  int i;
  if (cfg->n_requests > GPUADV_SIM_DRAWS_KEEP) return 0;
  for (i = 0; i < SIM_DRAWS_SLOTS; i++) {
    if (gpuadv_sim_draws_match(&sv->draws[i], cfg)) return &sv->draws[i];
  }
  d = &sv->draws[sv->next_draws];
  sv->next_draws = (sv->next_draws + 1) % SIM_DRAWS_SLOTS;
  return d;
}

static sqlite3_uint64 fnv1a(sqlite3_uint64 h, const void *p, size_t n) {
  const unsigned char *b = (const unsigned char *)p;
  size_t i;
  for (i = 0; i < n; i++) {
    h ^= b[i];
    h *= 1099511628211ULL;
  }
  return h;
}

/* The cache key of a parsed call; never 0. */
static sqlite3_uint64 call_key(const sim_call *call) {
  sqlite3_uint64 h = 14695981039346656037ULL;
  int i;
  h = fnv1a(h, call->value, sizeof(call->value));
  h = fnv1a(h, &call->seed, sizeof(call->seed));
  for (i = 0; i < N_ARGS; i++) {
    sqlite3_value *v = call->given[i];
    int type = v ? sqlite3_value_type(v) : SQLITE_NULL;
    unsigned char given = v != 0;
    h = fnv1a(h, &given, 1);
    if (type == SQLITE_TEXT || type == SQLITE_BLOB) {
      /* a name, or a config.json as text or as a blob */
      const void *z = type == SQLITE_TEXT ? (const void *)sqlite3_value_text(v)
                                          : sqlite3_value_blob(v);
      int n = sqlite3_value_bytes(v);
      if (z) h = fnv1a(h, z, (size_t)n);
    }
  }
  return h ? h : 1;
}

static int simConnect(sqlite3 *db, void *pAux, int argc,
                      const char *const *argv, sqlite3_vtab **ppVtab,
                      char **pzErr) {
  (void)pAux;
  (void)argc;
  (void)argv;
  (void)pzErr;
  /* Rationale for INNOCUOUS: a run reads nothing but its arguments and
  ** writes nothing; its work and memory are bounded by the request cap. */
  return gpuadv_vtab_connect(db, SQLITE_VTAB_INNOCUOUS, sim_schema,
                             (int)sizeof(sim_vtab), ppVtab);
}

static int simDisconnect(sqlite3_vtab *pVtab) {
  sim_vtab *vtab = (sim_vtab *)pVtab;
  int i;
  for (i = 0; i < SIM_DRAWS_SLOTS; i++) gpuadv_sim_draws_clear(&vtab->draws[i]);
  sqlite3_free(vtab->cache);
  sqlite3_free(vtab);
  return SQLITE_OK;
}

/* See "Plans" in the header comment. */
static int simBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *info) {
  int constraint_of[N_ARGS];
  sqlite3_uint64 usable = 0, unusable = 0;
  char *given;
  int i, n = 0;
  (void)pVtab;
  assert(N_ARGS <= 64);
  for (i = 0; i < N_ARGS; i++) constraint_of[i] = -1;
  for (i = 0; i < info->nConstraint; i++) {
    const struct sqlite3_index_constraint *c = &info->aConstraint[i];
    int j = c->iColumn - COL_FIRST_ARG;
    if (j < 0 || j >= N_ARGS || c->op != SQLITE_INDEX_CONSTRAINT_EQ) continue;
    if (!c->usable) {
      unusable |= (sqlite3_uint64)1 << j;
    } else if (constraint_of[j] < 0) {
      usable |= (sqlite3_uint64)1 << j;
      constraint_of[j] = i;
    }
  }
  /* An argument that must come from a table to the right: try another
  ** order of the join. */
  if (unusable & ~usable) return SQLITE_CONSTRAINT;
  given = sqlite3_malloc(N_ARGS + 1);
  if (!given) return SQLITE_NOMEM;
  for (i = 0; i < N_ARGS; i++) {
    given[i] = constraint_of[i] < 0 ? '0' : '1';
    if (constraint_of[i] < 0) continue;
    info->aConstraintUsage[constraint_of[i]].argvIndex = ++n;
    info->aConstraintUsage[constraint_of[i]].omit = 1;
  }
  given[N_ARGS] = 0;
  info->idxStr = given;
  info->needToFreeIdxStr = 1;
  info->idxNum = 0;
  info->estimatedRows = 1;
  /* Without a rate or a concurrency the call is an error: make that plan
  ** the last choice. */
  info->estimatedCost = (usable & (((sqlite3_uint64)1 << ARG_RATE) |
                                   ((sqlite3_uint64)1 << ARG_CONCURRENCY)))
                            ? 1000.0
                            : 1e12;
  return SQLITE_OK;
}

static int simOpen(sqlite3_vtab *pVtab, sqlite3_vtab_cursor **ppCursor) {
  int rc = gpuadv_cursor_new((int)sizeof(sim_cursor), ppCursor);
  (void)pVtab;
  if (rc == SQLITE_OK) ((sim_cursor *)*ppCursor)->eof = 1;
  return rc;
}

static void release_kept(sim_cursor *cur) {
  int i;
  for (i = 0; i < N_ARGS; i++) {
    sqlite3_value_free(cur->kept[i]);
    cur->kept[i] = 0;
  }
}

static int simClose(sqlite3_vtab_cursor *pCursor) {
  release_kept((sim_cursor *)pCursor);
  sqlite3_free(pCursor);
  return SQLITE_OK;
}

/* The call's latency targets (0: none). */
static void call_targets(const sim_call *call, gpuadv_latency_targets *t) {
  t->ttft_p95_s = call->value[ARG_TTFT_TARGET];
  t->tpot_p95_ms = call->value[ARG_TPOT_TARGET];
  t->ttft_mean_s = call->value[ARG_TTFT_MEAN_TARGET];
  t->tpot_p50_ms = call->value[ARG_TPOT_P50_TARGET];
}

/* rc of a run (gpuadv_sim_run, gpuadv_capacity.h) as an SQLite code, with
** *pzErr set from r's error text. */
static int run_rc(int rc, const gpuadv_sim_result *r, char **pzErr) {
  if (rc == 0) return SQLITE_OK;
  if (strcmp(r->error, "out of memory") == 0) return SQLITE_NOMEM;
  *pzErr = sqlite3_mprintf("serving_sim(): %s", r->error);
  return *pzErr ? SQLITE_ERROR : SQLITE_NOMEM;
}

/* The slot of key: the one that holds it, else the empty one where it
** goes. The table always has an empty slot (at most half are used). */
static sim_cache_entry *cache_slot(sim_cache_entry *cache, int n_slots,
                                   sqlite3_uint64 key) {
  int i = (int)(key & (sqlite3_uint64)(n_slots - 1));
  assert(key != 0 && (n_slots & (n_slots - 1)) == 0);
  while (cache[i].key != 0 && cache[i].key != key) i = (i + 1) & (n_slots - 1);
  return &cache[i];
}

/* A table of n_slots empty slots holding the entries of the old one. */
static int cache_resize(sim_vtab *sv, int n_slots) {
  sim_cache_entry *fresh =
      sqlite3_malloc64(sizeof(*fresh) * (sqlite3_uint64)n_slots);
  int i;
  if (!fresh) return SQLITE_NOMEM;
  memset(fresh, 0, sizeof(*fresh) * (size_t)n_slots);
  for (i = 0; sv->cache && i < sv->n_slots; i++) {
    if (sv->cache[i].key != 0) {
      *cache_slot(fresh, n_slots, sv->cache[i].key) = sv->cache[i];
    }
  }
  sqlite3_free(sv->cache);
  sv->cache = fresh;
  sv->n_slots = n_slots;
  return SQLITE_OK;
}

/* The kept answer of key, or 0. */
static const sim_cache_entry *cache_find(const sim_vtab *sv,
                                         sqlite3_uint64 key) {
  const sim_cache_entry *e;
  if (!sv->cache) return 0;
  e = cache_slot(sv->cache, sv->n_slots, key);
  return e->key == key ? e : 0;
}

/* Keep a row (max_rps, the run's statistics, and of the arguments used,
** max_running, kv_capacity_tokens, overlap and preempt) under key in the
** connection's cache; without memory for a larger table, it is not kept. */
static void keep(sim_vtab *sv, sqlite3_uint64 key, double max_rps,
                 const double *used, const gpuadv_sim_result *res) {
  sim_cache_entry *e;
  if (!sv->cache || 2 * (sv->n_used + 1) > sv->n_slots) {
    int n = sv->cache ? 2 * sv->n_slots : SIM_CACHE_MIN;
    if (n > SIM_CACHE_MAX) {
      memset(sv->cache, 0, sizeof(*sv->cache) * (size_t)sv->n_slots);
      sv->n_used = 0;
    } else if (cache_resize(sv, n) != SQLITE_OK) {
      return;
    }
  }
  e = cache_slot(sv->cache, sv->n_slots, key);
  if (e->key == 0) sv->n_used++;
  e->key = key;
  e->max_rps = max_rps;
  e->max_running = used[ARG_MAX_RUNNING];
  e->kv = used[ARG_KV];
  e->overlap = (int)used[ARG_OVERLAP];
  e->preempt = (int)used[ARG_PREEMPT];
  memcpy(e->res, res, SIM_KEPT_BYTES);
}

/* Keep a finished run's row in the connection's cache. */
static void remember(sqlite3_vtab *vtab, sqlite3_uint64 key,
                     const sim_cursor *cur) {
  keep((sim_vtab *)vtab, key, cur->max_rps, cur->call.value, &cur->res);
}

/* The cache key of the search without a cap that the searches of call's
** arguments under every rate share (gpuadv_capacity_search_capped): the
** key of the same call at rate -1, which no call can give. */
static sqlite3_uint64 open_key(sim_call *call) {
  double rate = call->value[ARG_RATE];
  sqlite3_uint64 key;
  call->value[ARG_RATE] = -1.0;
  key = call_key(call);
  call->value[ARG_RATE] = rate;
  return key;
}

/* The capacity search of call under its rate, sharing the search without
** a cap of the same arguments through the connection's cache: found there,
** or run and kept. */
static int shared_search(sim_vtab *sv, sim_call *call,
                         const gpuadv_latency_targets *targets,
                         gpuadv_sim_config *cfg, gpuadv_sim_result *out,
                         double *max_rps) {
  gpuadv_capacity_open *open = sqlite3_malloc(sizeof(*open));
  sqlite3_uint64 key = open_key(call);
  const sim_cache_entry *e = cache_find(sv, key);
  int rc;
  if (!open) {
    strcpy(out->error, "out of memory");
    return -1;
  }
  memset(open, 0, sizeof(*open));
  if (e) {
    open->known = 1;
    open->max_rps = e->max_rps;
    memcpy(&open->res, e->res, SIM_KEPT_BYTES);
  }
  rc = gpuadv_capacity_search_capped(targets, cfg, call->value[ARG_RATE], open,
                                     out, max_rps);
  if (!e && open->known) {
    keep(sv, key, open->max_rps, call->value, &open->res);
  }
  sqlite3_free(open);
  return rc;
}

/* Parse the arguments and run the simulation: the one row, or none when
** rate is NULL. */
static int simFilter(sqlite3_vtab_cursor *pCursor, int idxNum,
                     const char *idxStr, int argc, sqlite3_value **argv) {
  sim_cursor *cur = (sim_cursor *)pCursor;
  sqlite3_vtab *vtab = pCursor->pVtab;
  sim_call *call = &cur->call;
  sim_step_model model;
  gpuadv_sim_config cfg;
  gpuadv_latency_targets targets;
  sqlite3_uint64 key = 0;
  char *err = 0;
  int rc = SQLITE_OK, i, k = 0;
  (void)idxNum;
  assert(idxStr && (int)strlen(idxStr) == N_ARGS);
  memset(&model, 0, sizeof(model));
  memset(call, 0, sizeof(*call));
  release_kept(cur);
  cur->eof = 1;
  for (i = 0; i < N_ARGS; i++) call->value[i] = sim_args[i].dflt;
  call->seed = 1;
  for (i = 0; i < N_ARGS; i++) {
    sqlite3_value *v;
    if (idxStr[i] != '1') continue;
    assert(k < argc);
    v = argv[k++];
    if (sqlite3_value_type(v) == SQLITE_NULL) continue; /* the default */
    call->given[i] = v;
    rc = parse_arg(call, i, v, &err);
    if (rc != SQLITE_OK) goto done;
  }
  if (call->given[ARG_CONCURRENCY]) {
    const char *clash = call->given[ARG_ARRIVAL]            ? "arrival"
                        : call->given[ARG_ARRIVAL_CV]       ? "arrival_cv"
                        : call->given[ARG_TTFT_TARGET]      ? "ttft_p95_max_s"
                        : call->given[ARG_TPOT_TARGET]      ? "tpot_p95_max_ms"
                        : call->given[ARG_TTFT_MEAN_TARGET] ? "ttft_mean_max_s"
                        : call->given[ARG_TPOT_P50_TARGET]  ? "tpot_p50_max_ms"
                        : call->value[ARG_STEADY] != 0.0    ? "steady_state"
                                                            : 0;
    if (call->given[ARG_RATE]) {
      err = sqlite3_mprintf(
          "serving_sim(): give rate (an open loop) or "
          "concurrency (a closed loop), not both");
      rc = err ? SQLITE_ERROR : SQLITE_NOMEM;
      goto done;
    }
    if (clash) {
      err = sqlite3_mprintf(
          "serving_sim(): %s needs an open loop (rate), "
          "not concurrency",
          clash);
      rc = err ? SQLITE_ERROR : SQLITE_NOMEM;
      goto done;
    }
  } else if (!call->given[ARG_RATE]) {
    if (idxStr[ARG_RATE] == '1') goto done; /* rate NULL: no row */
    err = sqlite3_mprintf(
        "serving_sim(): rate is required, as the first "
        "argument or WHERE rate = ... (or concurrency for "
        "a closed loop)");
    rc = err ? SQLITE_ERROR : SQLITE_NOMEM;
    goto done;
  } else if (call->given[ARG_THINK]) {
    err = sqlite3_mprintf(
        "serving_sim(): think_time_s needs a closed loop "
        "(concurrency)");
    rc = err ? SQLITE_ERROR : SQLITE_NOMEM;
    goto done;
  }
  for (i = 0; i < N_ARGS; i++) {
    if (sim_args[i].kind == KIND_ENGINE && call->given[i]) {
      cur->kept[i] = sqlite3_value_dup(call->given[i]);
      if (!cur->kept[i]) {
        rc = SQLITE_NOMEM;
        goto done;
      }
    }
  }

  /* A kept run is found by the arguments as given, before the step model
  ** (catalog lookups, the replica's layout) is set up: an error there is
  ** never kept, so a call found has set it up without one before. */
  {
    const sim_cache_entry *e;
    key = call_key(call);
    e = cache_find((const sim_vtab *)vtab, key);
    if (e) {
      memset(&cur->res, 0, sizeof(cur->res));
      memcpy(&cur->res, e->res, SIM_KEPT_BYTES);
      cur->max_rps = e->max_rps;
      call->value[ARG_MAX_RUNNING] = e->max_running;
      call->value[ARG_KV] = e->kv;
      call->value[ARG_OVERLAP] = e->overlap;
      call->value[ARG_PREEMPT] = e->preempt;
      cur->eof = 0;
      goto done;
    }
  }
  rc = step_model_select(call, &model, &err);
  if (rc != SQLITE_OK) goto done;
  gpuadv_sim_config_init(&cfg);
  cfg.rate = call->value[ARG_RATE];
  cfg.concurrency = (int64_t)call->value[ARG_CONCURRENCY];
  cfg.think_time = call->value[ARG_THINK];
  cfg.n_requests = (int64_t)call->value[ARG_N_REQUESTS];
  cfg.seed = (uint64_t)call->seed;
  cfg.arrival = (int)call->value[ARG_ARRIVAL];
  cfg.arrival_cv = call->value[ARG_ARRIVAL_CV];
  cfg.prompt_mean = call->value[ARG_PROMPT];
  cfg.prompt_cv = call->value[ARG_PROMPT_CV];
  cfg.output_mean = call->value[ARG_OUTPUT];
  cfg.output_cv = call->value[ARG_OUTPUT_CV];
  cfg.prefix_hit = call->value[ARG_PREFIX_HIT];
  cfg.max_running = (int64_t)call->value[ARG_MAX_RUNNING];
  cfg.kv_capacity = (int64_t)call->value[ARG_KV];
  cfg.token_budget = (int64_t)call->value[ARG_BUDGET];
  cfg.prefill_groups = model.groups;
  /* an engine whose groups share the budget divides it (SGLang's
  ** chunked_prefill_size // dp_size) */
  if (model.groups > 1 && model.shared_budget) {
    if (cfg.token_budget < cfg.max_running) {
      /* the groups' budgets add up to the one given: check that one */
      cfg.prefill_groups = 1;
    } else {
      cfg.token_budget /= model.groups;
    }
  }
  cfg.warmup = call->value[ARG_WARMUP];
  cfg.overlap = (int)call->value[ARG_OVERLAP];
  cfg.preempt = (int)call->value[ARG_PREEMPT];
  cfg.decode_block = (int64_t)call->value[ARG_DECODE_STEPS];
  cfg.batch_wait_steps = (int64_t)call->value[ARG_BATCH_WAIT_ITERS];
  cfg.batch_wait_ratio = call->value[ARG_BATCH_WAIT_RATIO];
  cfg.step_time = model.fn;
  cfg.step_line = model.line;
  cfg.step_arg = model.arg;
  cfg.draws = draws_for((sim_vtab *)vtab, &cfg);
  call_targets(call, &targets);
  if (gpuadv_capacity_has_targets(&targets)) {
    rc = shared_search((sim_vtab *)vtab, call, &targets, &cfg, &cur->res,
                       &cur->max_rps);
  } else if (call->value[ARG_STEADY] != 0.0) {
    double in_batch_s = 0.0;
    cur->max_rps = -1.0;
    rc = gpuadv_capacity_run_steady(&targets, &cfg, &cur->res, &in_batch_s);
  } else {
    cur->max_rps = -1.0;
    rc = gpuadv_sim_run(&cfg, &cur->res);
  }
  rc = run_rc(rc, &cur->res, &err);
  if (rc != SQLITE_OK) goto done;
  cur->eof = 0;
  remember(vtab, key, cur);

done:
  if (model.release) model.release(model.owned);
  if (err) {
    sqlite3_free(vtab->zErrMsg);
    vtab->zErrMsg = err;
  }
  return rc;
}

static int simNext(sqlite3_vtab_cursor *pCursor) {
  ((sim_cursor *)pCursor)->eof = 1;
  return SQLITE_OK;
}

static int simEof(sqlite3_vtab_cursor *pCursor) {
  return ((sim_cursor *)pCursor)->eof;
}

/* A finite result; the simulator gives nothing else, but NULL is the
** answer if it ever did. */
static void result_real(sqlite3_context *ctx, double x) {
  if (isfinite(x)) {
    sqlite3_result_double(ctx, x);
  } else {
    sqlite3_result_null(ctx);
  }
}

/* A statistic of `seconds` in milliseconds, or NULL where the run has
** none (has 0). */
static void result_ms(sqlite3_context *ctx, int has, double seconds) {
  if (has) {
    result_real(ctx, seconds * 1e3);
  } else {
    sqlite3_result_null(ctx);
  }
}

static int simColumn(sqlite3_vtab_cursor *pCursor, sqlite3_context *ctx,
                     int column) {
  const sim_cursor *cur = (const sim_cursor *)pCursor;
  const gpuadv_sim_result *r = &cur->res;
  const sim_call *call = &cur->call;
  switch (column) {
    case COL_TTFT_P50:
      result_real(ctx, r->ttft_p50);
      break;
    case COL_TTFT_P95:
      result_real(ctx, r->ttft_p95);
      break;
    case COL_TTFT_P99:
      result_real(ctx, r->ttft_p99);
      break;
    case COL_TTFT_MEAN:
      result_real(ctx, r->ttft_mean);
      break;
    /* No TPOT when no measured request has two output tokens. */
    case COL_TPOT_P50:
      result_ms(ctx, r->has_tpot, r->tpot_p50);
      break;
    case COL_TPOT_P95:
      result_ms(ctx, r->has_tpot, r->tpot_p95);
      break;
    case COL_TPOT_P99:
      result_ms(ctx, r->has_tpot, r->tpot_p99);
      break;
    case COL_TPOT_MEAN:
      result_ms(ctx, r->has_tpot, r->tpot_mean);
      break;
    /* No ITL when no step in the window decodes. */
    case COL_ITL_P50:
      result_ms(ctx, r->has_itl, r->itl_p50);
      break;
    case COL_ITL_P95:
      result_ms(ctx, r->has_itl, r->itl_p95);
      break;
    case COL_ITL_P99:
      result_ms(ctx, r->has_itl, r->itl_p99);
      break;
    case COL_ITL_MEAN:
      result_ms(ctx, r->has_itl, r->itl_mean);
      break;
    case COL_PREEMPTIONS:
      sqlite3_result_int64(ctx, r->preemptions);
      break;
    case COL_E2E_P50:
      result_real(ctx, r->e2e_p50);
      break;
    case COL_E2E_P95:
      result_real(ctx, r->e2e_p95);
      break;
    case COL_E2E_P99:
      result_real(ctx, r->e2e_p99);
      break;
    case COL_E2E_MEAN:
      result_real(ctx, r->e2e_mean);
      break;
    case COL_THROUGHPUT:
      result_real(ctx, r->throughput_tps);
      break;
    case COL_REQUESTS_PER_S:
      result_real(ctx, r->requests_per_s);
      break;
    case COL_MEAN_BATCH:
      result_real(ctx, r->mean_batch);
      break;
    case COL_MEAN_QUEUE:
      result_real(ctx, r->mean_queue);
      break;
    case COL_MAX_QUEUE:
      sqlite3_result_int64(ctx, r->max_queue);
      break;
    case COL_MEAN_WAIT:
      result_real(ctx, r->mean_wait);
      break;
    case COL_SATURATED:
      sqlite3_result_int(ctx, r->saturated);
      break;
    case COL_REQUESTS:
      sqlite3_result_int64(ctx, r->requests);
      break;
    case COL_MAX_RPS:
      if (cur->max_rps < 0.0) {
        sqlite3_result_null(ctx);
      } else {
        sqlite3_result_double(ctx, cur->max_rps);
      }
      break;
    default: {
      /* An argument: the value the run used. */
      int i = column - COL_FIRST_ARG;
      const sim_arg *a;
      assert(i >= 0 && i < N_ARGS);
      a = &sim_args[i];
      if (a->kind == KIND_ENGINE) {
        sqlite3_value *kept = cur->kept[i];
        if (kept) {
          sqlite3_result_value(ctx, kept);
        } else {
          sqlite3_result_null(ctx);
        }
      } else if ((i == ARG_RATE && call->value[ARG_CONCURRENCY] > 0) ||
                 (i == ARG_CONCURRENCY &&
                  !(call->value[ARG_CONCURRENCY] > 0))) {
        sqlite3_result_null(ctx); /* the loop the run did not use */
      } else if (a->kind == KIND_SEED) {
        sqlite3_result_int64(ctx, call->seed);
      } else if (a->kind == KIND_WORD) {
        sqlite3_result_text(ctx, arrival_words[(int)call->value[i]], -1,
                            SQLITE_STATIC);
      } else if (a->kind == KIND_WHOLE) {
        sqlite3_result_int64(ctx, (sqlite3_int64)call->value[i]);
      } else {
        sqlite3_result_double(ctx, call->value[i]);
      }
      break;
    }
  }
  return SQLITE_OK;
}

static int simRowid(sqlite3_vtab_cursor *pCursor, sqlite3_int64 *pRowid) {
  (void)pCursor;
  *pRowid = 1; /* one row per call */
  return SQLITE_OK;
}

static sqlite3_module sim_module = {
    0,             /* iVersion */
    0,             /* xCreate: none, so the table is eponymous only */
    simConnect,    /* xConnect */
    simBestIndex,  /* xBestIndex */
    simDisconnect, /* xDisconnect */
    0,             /* xDestroy */
    simOpen,       /* xOpen */
    simClose,      /* xClose */
    simFilter,     /* xFilter: parses the arguments and runs */
    simNext,       /* xNext */
    simEof,        /* xEof */
    simColumn,     /* xColumn */
    simRowid,      /* xRowid */
    0,             /* xUpdate: none, so the table is read-only */
    0,             /* xBegin */
    0,             /* xSync */
    0,             /* xCommit */
    0,             /* xRollback */
    0,             /* xFindFunction */
    0,             /* xRename */
    0,             /* xSavepoint */
    0,             /* xRelease */
    0,             /* xRollbackTo */
    0,             /* xShadowName */
#if SQLITE_VERSION_NUMBER >= 3044000
    0 /* xIntegrity */
#endif
};

int gpuadv_register_sim(sqlite3 *db, char **pzErrMsg) {
  return gpuadv_register_module(db, "serving_sim", &sim_module, 0, pzErrMsg);
}
